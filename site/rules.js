// The in-game rules pages, written from RULES.md in our own words: for each game and
// language, a list of [heading, [paragraphs]].

export const RULES = {
  king: {
    en: [
      ["King", ["Four players, each for himself, 52 cards, 13 each. Aces are high. Ten deals: six negatives, then four positives. Play goes to the left; you must follow suit if you can, otherwise you may play any card. The highest card of the suit led wins the trick, or the highest trump when there is one."]],
      ["Who deals", ["Cards are dealt face up one at a time until the K♥ appears: whoever gets it deals first. The deal then passes to the left. The dealer leads the first trick; the winner of each trick leads the next."]],
      ["The six negatives", ["In this order: Tricks (−20 a trick), Hearts (−20 a heart), Queens (−50 a queen), Jacks and kings (−30 each), King of hearts (−160), Last two (−90 for each of the last two tricks). Together they cost −1300.", "In Hearts and King of hearts you may not lead a heart while you hold another suit. In King of hearts its holder must play the K♥ when hearts are led, when he cannot follow suit, and when he leads holding only hearts.", "A deal stops as soon as everything it charges for has been taken (all hearts, all queens, all jacks and kings, the K♥). Tricks and Last two are always played to the end."]],
      ["The four positives", ["Each player owns one positive: the dealer. He looks at his cards and chooses: play up (+25 a trick to whoever takes it) with a trump suit or without trump; play down (everyone starts at 325 and loses 75 a trick); or open the auction. Every positive is worth +325 in all, so the whole match sums to 0."]],
      ["The auction", ["Starting left of the owner, players offer tricks up (25 each, up to 8) or nulls (75 each, up to 2), each offer worth more than the last. Passing is final. Preference: a player who speaks earlier may match a later player's offer in the same terms and take it over. An equal value in other terms is not allowed.", "Then the owner accepts (the buyer plays and pays him the offer out of the points he makes: if he makes less, he pays what he made), rejects and plays himself, or, with no offer or one worth 75 at most, takes 4-3-3-3 (owner +100, the others +75). With an offer under 200 he may call “8 o nulos”: the others in turn may give 8 up; if nobody does, the owner plays down."]],
      ["End", ["After ten deals the highest total wins."]],
    ],
    es: [
      ["King", ["Cuatro jugadores, cada uno por su cuenta, 52 cartas, 13 a cada uno. El As es la más alta. Diez manos: seis negativas y luego cuatro positivas. Se juega hacia la izquierda; hay que asistir al palo si se puede, y si no, se juega cualquier carta. Gana la carta más alta del palo de salida, o el triunfo más alto si lo hay."]],
      ["Quién reparte", ["Se dan cartas boca arriba, una a una, hasta que sale el Rey de corazones: quien lo recibe reparte primero. Luego reparte el de la izquierda. Quien reparte sale en la primera baza; quien gana una baza sale en la siguiente."]],
      ["Las seis negativas", ["En este orden: Bazas (−20 por baza), Corazones (−20 por corazón), Damas (−50 por dama), Jotas y reyes (−30 cada uno), Rey de corazones (−160), Dos últimas (−90 por cada una de las dos últimas bazas). En total, −1300.", "En Corazones y en Rey de corazones no se sale con corazones mientras se tenga otro palo. En Rey de corazones quien lo tiene debe jugarlo cuando salen corazones, cuando no puede asistir y cuando sale teniendo solo corazones.", "Una mano termina en cuanto se ha llevado todo lo que penaliza (todos los corazones, las damas, las jotas y reyes, el R♥). Bazas y Dos últimas se juegan siempre hasta el final."]],
      ["Las cuatro positivas", ["Cada jugador es dueño de una: la que reparte. Mira sus cartas y elige: jugar arriba (+25 por baza a quien la gane) con triunfo o sin triunfo; jugar abajo (todos empiezan con 325 y pierden 75 por baza); o abrir la subasta. Cada positiva vale +325 en total, así la partida suma 0."]],
      ["La subasta", ["Empezando por la izquierda del dueño se ofrecen bazas arriba (25 cada una, hasta 8) o nulos (75 cada uno, hasta 2), siempre por más que la oferta anterior. Quien pasa queda fuera. Preferencia: quien habla antes puede igualar la oferta de quien habla después en los mismos términos y quedársela. Igual valor en otros términos no vale.", "Después el dueño acepta (el comprador juega y le paga la oferta con los puntos que haga; si no llega, paga lo que hizo), rechaza y juega él, o bien, sin oferta o con una de hasta 75, marca 4-3-3-3 (dueño +100, los demás +75). Con una oferta menor de 200 puede pedir “8 o nulos”: los demás, por turno, pueden dar 8 arriba; si nadie lo da, el dueño juega abajo."]],
      ["Final", ["Tras diez manos gana quien sume más puntos."]],
    ],
    pt: [
      ["King", ["Quatro jogadores, cada um por si, 52 cartas, 13 para cada um. O Ás é a mais alta. Dez mãos: seis negativas e depois quatro positivas. Joga-se para a esquerda; é preciso seguir o naipe se puder, senão joga-se qualquer carta. Ganha a carta mais alta do naipe de saída, ou o trunfo mais alto se houver."]],
      ["Quem dá", ["Dão-se cartas viradas, uma a uma, até aparecer o Rei de copas: quem o recebe dá primeiro. Depois dá o da esquerda. Quem dá sai na primeira vaza; quem ganha uma vaza sai na seguinte."]],
      ["As seis negativas", ["Nesta ordem: Vazas (−20 por vaza), Copas (−20 por copa), Damas (−50 por dama), Valetes e reis (−30 cada), Rei de copas (−160), Duas últimas (−90 por cada uma das duas últimas vazas). Ao todo, −1300.", "Em Copas e Rei de copas não se sai de copas tendo outro naipe. Em Rei de copas quem o tem deve jogá-lo quando saem copas, quando não pode seguir o naipe e quando sai tendo só copas.", "Uma mão acaba assim que tudo o que penaliza foi levado (todas as copas, damas, valetes e reis, o R♥). Vazas e Duas últimas vão sempre até o fim."]],
      ["As quatro positivas", ["Cada jogador é dono de uma: a que ele dá. Ele vê suas cartas e escolhe: jogar acima (+25 por vaza para quem a leva) com trunfo ou sem trunfo; jogar abaixo (todos começam com 325 e perdem 75 por vaza); ou abrir o leilão. Cada positiva vale +325 no total, e o jogo soma 0."]],
      ["O leilão", ["A partir da esquerda do dono, oferecem-se vazas acima (25 cada, até 8) ou nulos (75 cada, até 2), sempre valendo mais que a oferta anterior. Quem passa está fora. Preferência: quem fala antes pode igualar a oferta de quem fala depois nos mesmos termos e ficar com ela. Valor igual em outros termos não vale.", "Depois o dono aceita (o comprador joga e lhe paga a oferta com os pontos que fizer; se não chegar, paga o que fez), recusa e joga ele mesmo, ou, sem oferta ou com uma de até 75, marca 4-3-3-3 (dono +100, os outros +75). Com oferta abaixo de 200 pode pedir “8 o nulos”: os outros, na vez, podem dar 8 acima; se ninguém der, o dono joga abaixo."]],
      ["Fim", ["Após dez mãos vence quem tiver mais pontos."]],
    ],
    ru: [
      ["Кинг (испанский)", ["Четверо игроков, каждый сам за себя, 52 карты, по 13. Туз старший. Десять сдач: шесть отрицательных, затем четыре положительных. Ходят по часовой стрелке (налево); в масть ходить обязательно, а если масти нет — любой картой. Взятку берёт старшая карта масти хода или старший козырь, если он есть."]],
      ["Кто сдаёт", ["Карты раздают открыто по одной, пока не выйдет король червей: получивший его сдаёт первым. Затем сдаёт сосед слева. Сдающий ходит в первую взятку, взявший взятку ходит в следующую."]],
      ["Шесть отрицательных", ["По порядку: Взятки (−20 за взятку), Черви (−20 за черву), Дамы (−50 за даму), Валеты и короли (−30 за каждого), Король червей (−160), Две последние (−90 за каждую из двух последних взяток). Всего −1300.", "В Червях и в Короле червей нельзя ходить с червей, пока есть другие масти. В Короле червей его владелец обязан сыграть К♥, когда ходят с червей, когда у него нет масти хода и когда он ходит, имея только черви.", "Сдача кончается, как только взято всё штрафное (все черви, дамы, валеты и короли, К♥). Взятки и Две последние всегда играются до конца."]],
      ["Четыре положительные", ["Каждый игрок — хозяин одной: той, которую сдаёт. Он смотрит карты и выбирает: играть на взятки (+25 за взятку взявшему) с козырем или без; играть мизер (у всех по 325 минус 75 за взятку); или открыть торговлю. Каждая положительная сдача в сумме даёт +325, поэтому вся игра в сумме даёт 0."]],
      ["Торговля", ["Начиная с соседа хозяина слева, предлагают взятки вверх (по 25, до 8) или нули (по 75, до 2), каждый раз дороже прежнего. Пас окончателен. Право первенства: говорящий раньше может повторить заявку говорящего позже в тех же условиях и забрать её. Та же цена в других условиях не допускается.", "Затем хозяин принимает (покупатель играет и платит хозяину заявку из набранных очков; если не набрал, платит сколько набрал), отказывает и играет сам, либо без заявок или при заявке не дороже 75 записывает 4-3-3-3 (хозяину +100, остальным по +75). При заявке меньше 200 он может объявить «8 или нули»: остальные по очереди могут дать 8 вверх; если никто не даёт, хозяин играет мизер."]],
      ["Конец", ["После десяти сдач побеждает набравший больше всех."]],
    ],
  },
  kingru: {
    en: [
      ["Кинг (Russian King)", ["Four players, 32 cards (7 to ace), 8 each, no trumps ever. Fourteen deals: seven “don't take” deals, then the same seven as “take”. Follow suit if you can; otherwise play any card. The highest card of the suit led wins."]],
      ["The deals", ["Tricks: 2 a trick. Hearts: 2 a heart. Boys: 4 a jack (or, by option, 2 a jack and 2 a king). Girls: 4 a queen. Last two: 8 for each of the last two tricks. King: 16 for the K♥. «Ералаш» (everything): all six at once, 96 in all. Each other deal is worth 16 in all. In the first half the points are minus, in the second plus: the match sums to 0."]],
      ["Leading", ["The first deal is led by a random player, each next deal by the next player to the left. In the hearts, king and «ералаш» deals, in both halves, you may lead a heart only when you hold nothing else."]],
      ["Early end", ["A deal stops as soon as all its scoring cards are taken: all 8 hearts, all boys, all 4 queens or the K♥. Tricks, Last two and «ералаш» are always played to the end."]],
      ["End", ["After all deals the highest total wins."]],
    ],
    es: [
      ["Кинг (King ruso)", ["Cuatro jugadores, 32 cartas (del 7 al as), 8 a cada uno, nunca hay triunfo. Catorce manos: siete de «no llevar» y luego las mismas siete de «llevar». Hay que asistir si se puede; si no, se juega cualquier carta. Gana la carta más alta del palo de salida."]],
      ["Las manos", ["Bazas: 2 por baza. Corazones: 2 por corazón. Jotas: 4 por jota (u, opcionalmente, 2 por jota y 2 por rey). Damas: 4 por dama. Dos últimas: 8 por cada una. Rey: 16 por el R♥. «Ералаш»: las seis a la vez, 96 en total. Las demás valen 16 en total. En la primera mitad los puntos restan, en la segunda suman: la partida suma 0."]],
      ["Salida", ["La primera mano la abre un jugador al azar; cada mano siguiente, el siguiente a la izquierda. En corazones, rey y «ералаш», en ambas mitades, solo se sale con corazones si no se tiene otra cosa."]],
      ["Final anticipado", ["Una mano termina en cuanto se han llevado todas sus cartas que puntúan: los 8 corazones, todas las jotas, las 4 damas o el R♥. Bazas, Dos últimas y «ералаш» se juegan enteras."]],
      ["Final", ["Tras todas las manos gana quien más sume."]],
    ],
    pt: [
      ["Кинг (King russo)", ["Quatro jogadores, 32 cartas (do 7 ao ás), 8 para cada um, nunca há trunfo. Catorze mãos: sete de «não levar» e depois as mesmas sete de «levar». Siga o naipe se puder; senão jogue qualquer carta. Ganha a carta mais alta do naipe de saída."]],
      ["As mãos", ["Vazas: 2 por vaza. Copas: 2 por copa. Valetes: 4 por valete (ou, por opção, 2 por valete e 2 por rei). Damas: 4 por dama. Duas últimas: 8 por cada uma. Rei: 16 pelo R♥. «Ералаш»: as seis de uma vez, 96 ao todo. As outras valem 16 ao todo. Na primeira metade os pontos são negativos, na segunda positivos: o jogo soma 0."]],
      ["Saída", ["A primeira mão é aberta por um jogador sorteado; cada mão seguinte, pelo próximo à esquerda. Em copas, rei e «ералаш», nas duas metades, só se sai de copas sem ter outro naipe."]],
      ["Fim antecipado", ["Uma mão acaba assim que todas as suas cartas que pontuam foram levadas: as 8 copas, todos os valetes, as 4 damas ou o R♥. Vazas, Duas últimas e «ералаш» vão até o fim."]],
      ["Fim", ["Após todas as mãos vence quem tiver mais pontos."]],
    ],
    ru: [
      ["Кинг", ["Четверо игроков, 32 карты (от семёрки до туза), по 8, козырей нет. Четырнадцать сдач: семь «не брать», затем те же семь «брать». Ходить в масть обязательно; если масти нет — любой картой. Взятку берёт старшая карта масти хода."]],
      ["Сдачи", ["Взятки: 2 за взятку. Черви: 2 за черву. Мальчики: 4 за валета (или, по выбору, 2 за валета и 2 за короля). Девочки: 4 за даму. Две последние: по 8 за каждую. Кинг: 16 за К♥. Ералаш: всё сразу, всего 96. Остальные сдачи стоят по 16. В первой половине очки со знаком минус, во второй — плюс: вся игра в сумме даёт 0."]],
      ["Ход", ["Первую сдачу начинает случайный игрок, каждую следующую — следующий слева. В червях, кинге и ералаше, в обеих половинах, ходить с червей можно, только если других мастей нет."]],
      ["Досрочный конец", ["Сдача кончается, как только взяты все её штрафные карты: все 8 червей, все мальчики, все 4 дамы или К♥. Взятки, две последние и ералаш играются до конца."]],
      ["Конец", ["После всех сдач побеждает набравший больше всех."]],
    ],
  },
  whist: {
    en: [
      ["German Whist", ["Two players, 52 cards, 13 each. The rest is the stock, face down, with its top card turned up. The suit of that first turned-up card is trump for the whole deal. The dealer alternates; the non-dealer leads first."]],
      ["Stage 1", ["Follow suit if you can, otherwise play any card. The winner of each trick takes the face-up card; the loser takes the next card face down without showing it; then a new card is turned up. These 13 tricks do not score: they decide who gets which cards."]],
      ["Stage 2", ["With the stock gone, the winner of the last trick leads and the 13 remaining tricks are played. Both players have seen every face-up card and every played card, so each can work out the other's hand exactly."]],
      ["Score", ["Only stage 2 counts: the player who takes 7 or more of its 13 tricks scores tricks − 6. The first to the target (15 by default) wins."]],
    ],
    es: [
      ["Whist alemán", ["Dos jugadores, 52 cartas, 13 a cada uno. El resto es el mazo, boca abajo, con la carta de arriba descubierta. El palo de esa primera carta descubierta es triunfo toda la mano. El que reparte se alterna; sale el que no reparte."]],
      ["Fase 1", ["Hay que asistir si se puede; si no, cualquier carta. Quien gana la baza se lleva la carta descubierta; quien pierde toma la siguiente boca abajo sin enseñarla; luego se descubre otra. Estas 13 bazas no puntúan: deciden quién se queda qué cartas."]],
      ["Fase 2", ["Agotado el mazo, sale quien ganó la última baza y se juegan las 13 bazas restantes. Los dos han visto todas las cartas descubiertas y jugadas, así que cada uno puede deducir la mano del otro."]],
      ["Puntos", ["Solo cuenta la fase 2: quien gana 7 o más de sus 13 bazas suma bazas − 6. Gana el primero que llega al objetivo (15 por defecto)."]],
    ],
    pt: [
      ["Whist alemão", ["Dois jogadores, 52 cartas, 13 para cada um. O resto é o monte, virado para baixo, com a carta de cima virada. O naipe dessa primeira carta virada é trunfo a mão inteira. Quem dá se alterna; sai quem não deu."]],
      ["Fase 1", ["Siga o naipe se puder; senão, qualquer carta. Quem ganha a vaza leva a carta virada; quem perde compra a seguinte sem mostrá-la; depois vira-se outra. Essas 13 vazas não contam pontos: decidem quem fica com quais cartas."]],
      ["Fase 2", ["Acabado o monte, sai quem ganhou a última vaza e jogam-se as 13 vazas restantes. Os dois viram todas as cartas viradas e jogadas, então cada um pode deduzir a mão do outro."]],
      ["Pontos", ["Só a fase 2 conta: quem faz 7 ou mais das 13 vazas marca vazas − 6. Vence quem chega primeiro ao alvo (15 por padrão)."]],
    ],
    ru: [
      ["Немецкий вист", ["Двое игроков, 52 карты, по 13. Остальное — колода рубашкой вверх, верхняя карта открыта. Масть этой первой открытой карты — козырь на всю сдачу. Сдающий меняется каждую сдачу; первым ходит несдающий."]],
      ["Этап 1", ["Ходить в масть обязательно, если масти нет — любой картой. Взявший взятку забирает открытую карту, проигравший берёт следующую втёмную, не показывая; затем открывается новая. Эти 13 взяток очков не дают: они решают, кому какие карты достанутся."]],
      ["Этап 2", ["Когда колода кончилась, ходит взявший последнюю взятку, и разыгрываются оставшиеся 13 взяток. Оба видели все открытые и сыгранные карты, поэтому каждый может точно вычислить руку соперника."]],
      ["Очки", ["Считается только второй этап: взявший 7 и более из 13 взяток получает (взятки − 6). Побеждает первый, набравший цель (по умолчанию 15)."]],
    ],
  },
};
