// The rules pages in Português (rules/index.js assembles them): each game's sections,
// written from docs/RULES.md, stating the values of the options in force.
import { keyList, west } from "./common.js";

/** @type {import("./common.js").RulesText} */
export default {
  optionsHeading: "Opções deste jogo",
  optionNames: {
    king_chooses_dealer: "Quem recebe o K♥ escolhe quem dá primeiro", first_lead: "Primeira saída",
    king_forced_on_heart_lead: "O K♥ cai quando saem copas", play_all_tricks: "Jogar sempre todas as vazas",
    max_nulls: "Máximo de nulos", buyer_leads: "O comprador sai na mão comprada", uncapped_payment: "Pagamento integral, mesmo abaixo de zero",
    boys: "Cartas que contam em «Valetes»", king_discard: "Descartar o K♥ sem o naipe de saída", king_discard_on_heart_lead: "…e quando saem copas",
    order: "Ordem das mãos", scale: "Escala de pontos", eralash: "Jogar «Eralash»", target: "Pontos para vencer",
  },
  values: { true: "sim", false: "não", dealer: "quem dá", left_of_dealer: "o da esquerda de quem dá", jacks: "valetes",
    "jacks-kings": "valetes e reis", classic: "clássica", simple: "simples" },
  optionLine: (name, value, dflt) => `${name}: ${value}${dflt === null ? "" : ` (padrão: ${dflt})`}.`,
  optionsIntro: (changed) => (changed.length ? `Neste jogo ${changed.length === 1 ? "muda esta opção" : "mudam estas opções"} em relação ao padrão: ${changed.join("; ")}.` : "Este jogo usa todas as opções no padrão."),
  kingruNames: { tricks: "Vazas", hearts: "Copas", boys: "Valetes", girls: "Damas", "last-two": "Duas últimas", king: "Rei (K♥)", everything: "«Eralash»" },

  king(o, x) {
    return {
      game: ["King", ["Quatro jogadores, cada um por si, 52 cartas, 13 para cada um; o ás é a carta mais alta. Dez mãos: seis negativas e depois quatro positivas. Joga-se para a esquerda. É obrigatório seguir o naipe quando possível; senão, joga-se qualquer carta. Leva a vaza o trunfo mais alto, ou, se não houve trunfo, a carta mais alta do naipe de saída; quem a leva sai na seguinte."]],
      deal: ["Quem dá", [o.king_chooses_dealer
        ? "Antes da primeira mão, viram-se cartas uma a uma até aparecer o K♥. Neste jogo quem o recebe escolhe quem dá primeiro, ele mesmo ou outro (uma opção: no padrão ele mesmo dá). Depois dá sempre o da esquerda."
        : "Antes da primeira mão, viram-se cartas uma a uma até aparecer o K♥: quem o recebe dá primeiro. Depois dá sempre o da esquerda, de modo que as quatro positivas são dadas por quatro jogadores em sequência."]],
      lead: ["Saída", [o.first_lead === "left_of_dealer"
        ? "Neste jogo sai na primeira vaza de cada mão, positivas incluídas, o da esquerda de quem dá (uma opção: no padrão sai quem dá). Quem leva uma vaza sai na seguinte."
        : "Quem dá sai na primeira vaza de cada mão, positivas incluídas. Quem leva uma vaza sai na seguinte."]],
      negatives: ["As seis negativas", [
        "Nesta ordem e sem trunfo: Vazas (−20 por vaza), Copas (−20 por copa), Damas (−50 por dama), Valetes e reis (−30 cada), Rei de copas (−160), Duas últimas (−90 por cada uma das duas últimas vazas). Ao todo, −1300.",
        "Em Copas e em Rei de copas ninguém pode sair de copas tendo outro naipe, mesmo que já se tenham jogado copas.",
        o.king_forced_on_heart_lead
          ? "Em Rei de copas quem tem o K♥ deve jogá-lo na primeira ocasião: quando saem copas, mesmo tendo outras; quando não pode seguir o naipe; e quando sai tendo só copas."
          : "Em Rei de copas quem tem o K♥ deve jogá-lo quando não pode seguir o naipe e quando sai tendo só copas. Neste jogo ele não é obrigado a jogá-lo quando saem copas: pode seguir com qualquer copa (uma opção: no padrão o K♥ cai quando saem copas).",
        o.play_all_tricks
          ? "Neste jogo todas as mãos vão até a décima terceira vaza (uma opção: no padrão Copas, Damas, Valetes e reis e Rei de copas acabam assim que tudo o que penaliza foi levado)."
          : "Uma mão acaba assim que tudo o que penaliza foi levado: as 13 copas, as 4 damas, os 8 valetes e reis ou o K♥. Vazas e Duas últimas vão sempre até o fim (levar as restantes, mais abaixo, também as joga até o fim).",
      ]],
      positives: ["As quatro positivas", ["As mãos 7 a 10 são positivas. Quem dá cada uma é o seu dono, então cada jogador é dono de uma. Uma positiva distribui +325 pontos no total, e por isso o jogo soma 0. Pode-se sair de trunfo a qualquer momento, e quem não tem o naipe corta ou não, como quiser."]],
      choose: ["A escolha do dono", ["Vendo suas cartas, o dono escolhe: acima, com um naipe de trunfo ou sem trunfo, +25 por vaza para quem a leva; abaixo (nulos), em que cada um marca 325 menos 75 por vaza levada, ficando abaixo de zero com cinco vazas ou mais; ou o leilão, para vender a mão."]],
      auction: ["O leilão", [
        `O dono não dá lance. A partir da sua esquerda, os outros falam na vez e oferecem vazas acima, a ${x.perUp} cada, de 1 a 8 acima (${x.ultimatum}), ou nulos, a ${x.perNull} cada, de 1 a ${o.max_nulls} nulos (${x.nullsWorth})${o.max_nulls !== 2 ? " (uma opção: no padrão, no máximo 2 nulos)" : ""}. Quem compra vazas acima joga acima; quem compra nulos joga abaixo. A maior oferta possível vale ${x.topValue}.`,
        "Cada oferta deve valer mais que a anterior, e quem passa está fora. Preferência: quem fala antes pode repetir «pela mão» a oferta de quem fala depois, nos mesmos termos, e ficar com ela; o deslocado deve subir ou passar. O mesmo valor em outros termos, como 1 nulo contra 3 acima, não vale.",
        "O leilão acaba quando todos menos quem tem a melhor oferta passaram, ou quando os três passam sem oferecer.",
      ]],
      decision: ["A decisão do dono", [
        "Depois o dono aceita a melhor oferta, e quem a fez é o comprador; ou recusa e joga ele mesmo, escolhendo acima ou abaixo como antes; ou, sem oferta ou com a melhor oferta de até 75, marca 4-3-3-3: a mão não é jogada, o dono marca +100 e cada um dos outros +75.",
        `Com uma oferta abaixo de ${x.ultimatum} ele pode, em vez disso, pedir «8 ou nulos»: a partir da sua esquerda, cada um dos outros pode dar 8 acima. O primeiro que der compra a mão por ${x.ultimatum} e o dono deve aceitar; se ninguém der, o dono joga a mão abaixo.`,
      ]],
      trump: ["A mão comprada", [
        "O comprador escolhe o trunfo: quem comprou vazas acima escolhe um naipe de trunfo ou sem trunfo; quem comprou nulos joga abaixo.",
        o.buyer_leads
          ? "Neste jogo o comprador sai na primeira vaza da mão que comprou (uma opção: no padrão continua saindo quem dá)."
          : o.first_lead === "left_of_dealer"
            ? "Comprar não muda a saída: como em toda mão deste jogo, sai na primeira vaza o da esquerda de quem dá."
            : "Comprar não muda a saída: quem dá, que é o dono, continua saindo na primeira vaza.",
      ]],
      payment: ["O pagamento", [
        o.uncapped_payment
          ? "Depois da mão, o comprador paga ao dono o valor inteiro da oferta, mesmo que tenha feito menos e fique abaixo de zero (uma opção: no padrão paga no máximo o que fez). Por exemplo, 6 acima (150) com 4 vazas (100): paga 150 e termina a mão em −50."
          : "Depois da mão, o comprador paga ao dono a oferta com os pontos que fez nela: se não chegar, paga o que fez, e pagar nunca o deixa abaixo de zero. Por exemplo, 6 acima (150) com 4 vazas (100): paga 100 e termina a mão em 0.",
        "Exemplo: o dono A vende 5 acima (125) a B, que escolhe espadas. As vazas A 2, B 6, C 3, D 2 dão 50, 150, 75 e 50; B paga 125: A 175, B 25, C 75, D 50. A mão continua somando 325.",
      ]],
      scoring: ["Fim", ["Após dez mãos vence quem tiver mais pontos; os empatados na frente dividem a vitória. Cada mão soma o seu total de mesa e o jogo inteiro, 0."]],
    };
  },

  kingru(o, x) {
    const s = x.scale;
    const names = x.order.map((b) => this.kingruNames[b]).join(", ");
    return {
      game: ["Кинг (King russo)", [`Quatro jogadores, 32 cartas (do 7 ao ás), 8 para cada um, e nunca há trunfo. ${x.deals} mãos: ${x.half} de «não levar» e depois as mesmas ${x.half} de «levar». Siga o naipe se puder; senão, jogue qualquer carta. Leva a vaza a carta mais alta do naipe de saída, e quem a leva sai na seguinte.`]],
      deals: ["As mãos", [
        `Nesta ordem${o.order === "simple" ? " (a ordem «simples», uma opção)" : ""}: ${names}.${o.eralash ? "" : " Neste jogo não se joga «Eralash» (uma opção: no padrão é a sétima mão de cada metade)."}`,
        `Vazas: ${2 * s} por vaza. Copas: ${2 * s} por copa. Valetes: ${o.boys === "jacks" ? `${4 * s} por valete` : `${2 * s} por valete e ${2 * s} por rei (uma opção: no padrão só contam os valetes, ${4 * s} cada)`}. Damas: ${4 * s} por dama. Duas últimas: ${8 * s} por cada uma das duas últimas vazas. Rei: ${16 * s} pelo K♥.${o.eralash ? ` «Eralash»: as seis de uma vez, ${96 * s} ao todo; o K♥ conta ${o.boys === "jacks" ? "como copa e como rei" : "como copa, como rei e como valete"}.` : ""} Cada uma das outras vale ${16 * s} ao todo.`,
        `Na primeira metade os pontos são negativos e na segunda positivos, então o jogo soma 0.${s !== 1 ? ` Neste jogo os pontos aparecem multiplicados por ${s} (uma opção); o jogo é o mesmo.` : ""}`,
      ]],
      lead: ["Saída", [`A primeira mão é aberta por um jogador sorteado; a seguinte, pelo próximo à esquerda, e assim por diante. Em ${o.eralash ? "Copas, Rei e «Eralash»" : "Copas e Rei"}, nas duas metades, só se sai de copas sem ter outro naipe.`]],
      early: ["Fim antecipado", [o.play_all_tricks
        ? "Neste jogo todas as mãos vão até a oitava vaza (uma opção: no padrão uma mão acaba quando todas as suas cartas que pontuam foram levadas)."
        : `Uma mão acaba assim que todas as suas cartas que pontuam foram levadas: as 8 copas, ${o.boys === "jacks" ? "os 4 valetes" : "os 4 valetes e os 4 reis"}, as 4 damas ou o K♥. ${o.eralash ? "Vazas, Duas últimas e «Eralash»" : "Vazas e Duas últimas"} vão sempre até o fim (levar as restantes, mais abaixo, também as joga até o fim).`]],
      "king-of-hearts": ["O K♥", [o.king_discard
        ? `Neste jogo, em Rei${o.eralash ? " e «Eralash»" : ""} das duas metades, quem tem o K♥ deve jogá-lo quando não pode seguir o naipe${o.king_discard_on_heart_lead ? ", e também quando saem copas" : ""} (uma opção: no padrão ninguém é obrigado a jogá-lo).`
        : "O K♥ é jogado como qualquer outra carta: ninguém é obrigado a jogá-lo."]],
      scoring: ["Fim", [`Após as ${x.deals} mãos vence quem tiver mais pontos; os empatados na frente dividem a vitória.`]],
    };
  },

  whist(o) {
    return {
      game: ["Whist alemão", ["Dois jogadores, 52 cartas, 13 para cada um. Siga o naipe se puder; senão, qualquer carta. Leva a vaza o trunfo mais alto, ou, sem trunfo, a carta mais alta do naipe de saída, e quem a leva sai na seguinte."]],
      deal: ["Distribuição e trunfo", ["As outras 26 cartas formam o monte, virado para baixo, com a de cima virada para cima. O naipe dessa primeira carta virada é trunfo a mão inteira. Quem dá se alterna; sai primeiro quem não deu."]],
      stock: ["Fase 1", ["Treze vazas. Quem ganha cada uma leva a carta virada; quem perde compra a seguinte sem mostrá-la; depois vira-se outra. Essas vazas não contam pontos: decidem quem fica com quais cartas."]],
      stage2: ["Fase 2", ["Acabado o monte, sai quem ganhou a última vaza e jogam-se as 13 cartas que restam em cada mão. Os dois já viram todas as cartas expostas do monte e todas as cartas jogadas, então cada um pode deduzir exatamente a mão do outro."]],
      scoring: ["Pontos", [`Só a fase 2 conta: quem faz 7 ou mais das suas 13 vazas marca um ponto por vaza acima de seis. Vence o jogo quem chega primeiro a ${o.target} pontos${o.target !== 15 ? " (uma opção: no padrão 15)" : ""}.`]],
    };
  },

  claim(stock, w) {
    return stock
      ? ["Levar ou ceder as restantes", [
        `Na fase 2, acabado o monte, cada jogador conhece as duas mãos. Quando suas cartas levam com certeza todas as vazas que faltam, jogue o adversário o que jogar, na sua vez aparece junto à sua mão o botão «${w("claim_all")}»; quando com certeza perdem todas, o botão «${w("claim_none")}». A mesa então joga o resto carta a carta, depressa, e marca exatamente como se você tivesse jogado. Na fase 1 não se pode.`,
        `Os bots também fazem isso quando podem, e a mesa avisa; «${w("hint")}» sugere quando for possível.`,
      ]]
      : ["Levar as restantes", [
        `Quando suas cartas levam com certeza todas as vazas que faltam, tenham os outros o que tiverem e joguem como jogarem, na sua vez aparece junto à sua mão o botão «${w("claim_all")}». Com ele não é preciso jogar a mão até o fim: a mesa joga o resto carta a carta, depressa, e marca exatamente como se você tivesse jogado.`,
        "O botão só aparece quando isso é certo pelo que você vê: suas cartas, as cartas jogadas e os naipes que alguém não pôde seguir; nunca pelas mãos escondidas. Onde as vazas custam pontos, ele só aparece quando você não poderia evitar levar todas. Não dá para anunciar que não vai levar mais nenhuma: os outros ainda jogam pelas cartas que você deixaria.",
        `Os bots também levam as restantes quando podem, e a mesa avisa («${w("claimed_all", { name: west(w) })}»); «${w("hint")}» sugere quando for possível.`,
      ]];
  },

  table(stock, w) {
    return ["Na mesa", [
      `«${w("played_open")}», ao lado da vaza em jogo (tecla T), mostra o que já se jogou nesta mão, vaza a vaza: a carta de cada jogador, quem saiu (▸) e qual carta levou a vaza (destacada), e por último a vaza que está na mesa.${stock ? " A fase 2 aparece marcada onde começa." : ""} Todas essas cartas foram jogadas viradas para cima, então qualquer um pode olhá-las quando quiser. «${w("last_trick")}» (tecla L) mostra só a última vaza.`,
      `Teclado: as setas, Home e End percorrem a sua mão, e Enter joga a carta; ${keyList(w, (l) => `«${l}»`)}.`,
    ]];
  },
};
