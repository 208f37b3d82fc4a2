// The rules pages in Español (rules/index.js assembles them): each game's sections,
// written from docs/RULES.md, stating the values of the options in force.
import { keyList, west } from "./common.js";

/** @type {import("./common.js").RulesText} */
export default {
  optionsHeading: "Opciones de esta partida",
  optionNames: {
    king_chooses_dealer: "Quien recibe el K♥ elige quién reparte primero", first_lead: "Primera salida",
    king_forced_on_heart_lead: "El K♥ cae cuando salen corazones", play_all_tricks: "Jugar siempre todas las bazas",
    max_nulls: "Máximo de nulos", buyer_leads: "El comprador sale en la mano comprada", uncapped_payment: "Pago completo, aunque quede bajo cero",
    boys: "Cartas que cuentan en «Jotas»", king_discard: "Soltar el K♥ sin el palo de salida", king_discard_on_heart_lead: "…y cuando salen corazones",
    order: "Orden de manos", scale: "Escala de puntos", eralash: "Jugar «Eralash»", target: "Puntos para ganar",
  },
  values: { true: "sí", false: "no", dealer: "quien reparte", left_of_dealer: "el de la izquierda de quien reparte", jacks: "jotas",
    "jacks-kings": "jotas y reyes", classic: "clásico", simple: "simple" },
  optionLine: (name, value, dflt) => `${name}: ${value}${dflt === null ? "" : ` (por defecto: ${dflt})`}.`,
  optionsIntro: (changed) => (changed.length ? `En esta partida ${changed.length === 1 ? "cambia esta opción" : "cambian estas opciones"} respecto al valor por defecto: ${changed.join("; ")}.` : "Esta partida juega todas las opciones por defecto."),
  kingruNames: { tricks: "Bazas", hearts: "Corazones", boys: "Jotas", girls: "Damas", "last-two": "Dos últimas", king: "Rey (K♥)", everything: "«Eralash»" },

  king(o, x) {
    return {
      game: ["King", ["Cuatro jugadores, cada uno por su cuenta, 52 cartas, 13 a cada uno; el as es la carta más alta. Diez manos: seis negativas y luego cuatro positivas. Se juega hacia la izquierda. Hay que asistir al palo si se puede; si no, se juega cualquier carta. Gana la baza el triunfo más alto, o, si no se jugó triunfo, la carta más alta del palo de salida; quien la gana sale en la siguiente."]],
      deal: ["Quién reparte", [o.king_chooses_dealer
        ? "Antes de la primera mano se dan cartas boca arriba, una a una, hasta que sale el K♥. En esta partida quien lo recibe elige quién reparte primero, él mismo u otro (una opción: por defecto reparte él). Después reparte cada vez el de la izquierda."
        : "Antes de la primera mano se dan cartas boca arriba, una a una, hasta que sale el K♥: quien lo recibe reparte primero. Después reparte cada vez el de la izquierda, así que las cuatro positivas las reparten cuatro jugadores seguidos."]],
      lead: ["Salida", [o.first_lead === "left_of_dealer"
        ? "En esta partida sale en la primera baza de cada mano, positivas incluidas, el de la izquierda de quien reparte (una opción: por defecto sale quien reparte). Quien gana una baza sale en la siguiente."
        : "Quien reparte sale en la primera baza de cada mano, positivas incluidas. Quien gana una baza sale en la siguiente."]],
      negatives: ["Las seis negativas", [
        "En este orden y sin triunfo: Bazas (−20 por baza), Corazones (−20 por corazón), Damas (−50 por dama), Jotas y reyes (−30 cada uno), Rey de corazones (−160), Dos últimas (−90 por cada una de las dos últimas bazas). En total, −1300.",
        "En Corazones y en Rey de corazones nadie puede salir con corazones mientras tenga otro palo, aunque ya se hayan jugado corazones.",
        o.king_forced_on_heart_lead
          ? "En Rey de corazones quien tiene el K♥ debe jugarlo en cuanto pueda: cuando salen corazones, aunque tenga otros; cuando no puede asistir; y cuando sale teniendo solo corazones."
          : "En Rey de corazones quien tiene el K♥ debe jugarlo cuando no puede asistir y cuando sale teniendo solo corazones. En esta partida no está obligado a jugarlo cuando salen corazones: puede asistir con cualquier corazón (una opción: por defecto el K♥ cae cuando salen corazones).",
        o.play_all_tricks
          ? "En esta partida todas las manos se juegan hasta la decimotercera baza (una opción: por defecto Corazones, Damas, Jotas y reyes y Rey de corazones terminan en cuanto se ha llevado todo lo que penaliza)."
          : "Una mano termina en cuanto se ha llevado todo lo que penaliza: los 13 corazones, las 4 damas, las 8 jotas y reyes o el K♥. Bazas y Dos últimas se juegan siempre hasta el final (llevarse el resto, más abajo, también las juega enteras).",
      ]],
      positives: ["Las cuatro positivas", ["Las manos 7 a 10 son positivas. Quien reparte cada una es su dueño, así que cada jugador es dueño de una. Una positiva reparte +325 puntos en total, y por eso la partida suma 0. Se puede salir con triunfo en cualquier momento, y quien no puede asistir falla o no, como quiera."]],
      choose: ["La elección del dueño", ["Con sus cartas a la vista, el dueño elige: arriba, con un palo de triunfo o sin triunfo, +25 por baza para quien la gane; abajo (nulos), donde cada uno suma 325 menos 75 por cada baza que se lleve, de modo que con cinco bazas o más queda bajo cero; o la subasta, para vender la mano."]],
      auction: ["La subasta", [
        `El dueño no puja. Empezando por su izquierda, los demás hablan por turno y ofrecen bazas arriba, a ${x.perUp} cada una, de 1 a 8 arriba (${x.ultimatum}), o nulos, a ${x.perNull} cada uno, de 1 a ${o.max_nulls} nulos (${x.nullsWorth})${o.max_nulls !== 2 ? " (una opción: por defecto, como mucho 2 nulos)" : ""}. Quien compra bazas arriba jugará arriba; quien compra nulos jugará abajo. La oferta más alta posible vale ${x.topValue}.`,
        "Cada oferta debe valer más que la anterior, y quien pasa queda fuera. Preferencia: quien habla antes puede igualar la oferta de quien habla después en los mismos términos y quedársela; el desplazado debe subir o pasar. El mismo valor en otros términos, como 1 nulo contra 3 arriba, no vale.",
        "La subasta acaba cuando todos menos quien tiene la mejor oferta han pasado, o cuando los tres pasan sin ofrecer.",
      ]],
      decision: ["La decisión del dueño", [
        "Después el dueño acepta la mejor oferta, y quien la hizo es el comprador; o la rechaza y juega él, eligiendo arriba o abajo como antes; o, sin ofertas o con una mejor oferta de 75 o menos, marca 4-3-3-3: la mano no se juega, el dueño suma +100 y cada uno de los demás +75.",
        `Con una oferta de menos de ${x.ultimatum} puede, en cambio, pedir «8 o nulos»: empezando por su izquierda, cada uno de los demás puede dar 8 arriba. El primero que lo da compra la mano por ${x.ultimatum} y el dueño debe aceptar; si nadie lo da, el dueño juega la mano abajo.`,
      ]],
      trump: ["La mano comprada", [
        "El comprador elige el triunfo: quien compró bazas arriba elige un palo de triunfo o sin triunfo; quien compró nulos juega abajo.",
        o.buyer_leads
          ? "En esta partida el comprador sale en la primera baza de la mano que compró (una opción: por defecto sigue saliendo quien reparte)."
          : o.first_lead === "left_of_dealer"
            ? "Comprar no cambia la salida: como en toda mano de esta partida, sale en la primera baza el de la izquierda de quien reparte."
            : "Comprar no cambia la salida: quien reparte, que es el dueño, sigue saliendo en la primera baza.",
      ]],
      payment: ["El pago", [
        o.uncapped_payment
          ? "Tras la mano, el comprador paga al dueño el valor entero de su oferta, aunque haya hecho menos y quede bajo cero (una opción: por defecto paga como mucho lo que hizo). Por ejemplo, 6 arriba (150) con 4 bazas (100): paga 150 y acaba la mano en −50."
          : "Tras la mano, el comprador paga al dueño su oferta con los puntos que hizo en ella: si no llega, paga lo que hizo, y pagar nunca lo deja bajo cero. Por ejemplo, 6 arriba (150) con 4 bazas (100): paga 100 y acaba la mano en 0.",
        "Ejemplo: el dueño A vende 5 arriba (125) a B, que elige picas. Las bazas A 2, B 6, C 3, D 2 dan 50, 150, 75 y 50; B paga 125: A 175, B 25, C 75, D 50. La mano sigue sumando 325.",
      ]],
      scoring: ["Final", ["Tras diez manos gana quien más sume; los empatados en cabeza comparten la victoria. Cada mano suma su total de mesa y la partida entera, 0."]],
    };
  },

  kingru(o, x) {
    const s = x.scale;
    const names = x.order.map((b) => this.kingruNames[b]).join(", ");
    return {
      game: ["Кинг (King ruso)", [`Cuatro jugadores, 32 cartas (del 7 al as), 8 a cada uno, y nunca hay triunfo. ${x.deals} manos: ${x.half} de «no llevar» y luego las mismas ${x.half} de «llevar». Hay que asistir si se puede; si no, se juega cualquier carta. Gana la baza la carta más alta del palo de salida, y quien la gana sale en la siguiente.`]],
      deals: ["Las manos", [
        `En este orden${o.order === "simple" ? " (el orden «simple», una opción)" : ""}: ${names}.${o.eralash ? "" : " En esta partida no se juega «Eralash» (una opción: por defecto es la séptima mano de cada mitad)."}`,
        `Bazas: ${2 * s} por baza. Corazones: ${2 * s} por corazón. Jotas: ${o.boys === "jacks" ? `${4 * s} por jota` : `${2 * s} por jota y ${2 * s} por rey (una opción: por defecto solo cuentan las jotas, ${4 * s} cada una)`}. Damas: ${4 * s} por dama. Dos últimas: ${8 * s} por cada una de las dos últimas bazas. Rey: ${16 * s} por el K♥.${o.eralash ? ` «Eralash»: las seis a la vez, ${96 * s} en total; el K♥ cuenta ${o.boys === "jacks" ? "como corazón y como rey" : "como corazón, como rey y como jota"}.` : ""} Cada una de las demás vale ${16 * s} en total.`,
        `En la primera mitad los puntos restan y en la segunda suman, así que la partida suma 0.${s !== 1 ? ` En esta partida los puntos se muestran multiplicados por ${s} (una opción); el juego es el mismo.` : ""}`,
      ]],
      lead: ["Salida", [`La primera mano la abre un jugador al azar; la siguiente, el siguiente a la izquierda, y así sucesivamente. En ${o.eralash ? "Corazones, Rey y «Eralash»" : "Corazones y Rey"}, en las dos mitades, solo se sale con corazones si no se tiene otra cosa.`]],
      early: ["Final anticipado", [o.play_all_tricks
        ? "En esta partida todas las manos se juegan hasta la octava baza (una opción: por defecto una mano termina cuando se han llevado todas sus cartas que puntúan)."
        : `Una mano termina en cuanto se han llevado todas sus cartas que puntúan: los 8 corazones, ${o.boys === "jacks" ? "las 4 jotas" : "las 4 jotas y los 4 reyes"}, las 4 damas o el K♥. ${o.eralash ? "Bazas, Dos últimas y «Eralash»" : "Bazas y Dos últimas"} se juegan siempre enteras (llevarse el resto, más abajo, también las juega enteras).`]],
      "king-of-hearts": ["El K♥", [o.king_discard
        ? `En esta partida, en Rey${o.eralash ? " y «Eralash»" : ""} de las dos mitades, quien tiene el K♥ debe jugarlo cuando no puede asistir${o.king_discard_on_heart_lead ? ", y también cuando salen corazones" : ""} (una opción: por defecto nadie está obligado a jugarlo).`
        : "El K♥ se juega como cualquier otra carta: nadie está obligado a jugarlo."]],
      scoring: ["Final", [`Tras las ${x.deals} manos gana quien más sume; los empatados en cabeza comparten la victoria.`]],
    };
  },

  whist(o) {
    return {
      game: ["Whist alemán", ["Dos jugadores, 52 cartas, 13 a cada uno. Hay que asistir si se puede; si no, cualquier carta. Gana la baza el triunfo más alto, o, sin triunfo, la carta más alta del palo de salida, y quien la gana sale en la siguiente."]],
      deal: ["Reparto y triunfo", ["Las otras 26 cartas forman el mazo, boca abajo, con la de arriba descubierta. El palo de esa primera carta descubierta es triunfo toda la mano. Quien reparte se alterna; sale primero quien no repartió."]],
      stock: ["Fase 1", ["Trece bazas. Quien gana cada una se lleva la carta descubierta; quien pierde toma la siguiente boca abajo, sin enseñarla; luego se descubre otra. Estas bazas no puntúan: deciden quién se queda qué cartas."]],
      stage2: ["Fase 2", ["Agotado el mazo, sale quien ganó la última baza y se juegan las 13 cartas que quedan en cada mano. Los dos han visto todas las cartas descubiertas y jugadas, así que cada uno puede deducir exactamente la mano del otro."]],
      scoring: ["Puntos", [`Solo cuenta la fase 2: quien gana 7 o más de sus 13 bazas suma un punto por cada baza por encima de seis. Gana la partida el primero que llega a ${o.target} puntos${o.target !== 15 ? " (una opción: por defecto 15)" : ""}.`]],
    };
  },

  claim(stock, w) {
    return stock
      ? ["Llevarse o ceder el resto", [
        `En la fase 2, agotado el mazo, cada jugador conoce las dos manos. Cuando tus cartas ganan seguro todas las bazas que quedan, juegue lo que juegue tu rival, en tu turno aparece junto a tu mano el botón «${w("claim_all")}»; cuando seguro las pierden todas, el botón «${w("claim_none")}». La mesa juega entonces el resto carta a carta, deprisa, y lo anota exactamente igual que si lo hubieras jugado tú. En la fase 1 no se puede.`,
        `Los bots también lo hacen cuando pueden, y la mesa lo dice; «${w("hint")}» lo propone cuando puedes hacerlo.`,
      ]]
      : ["Llevarse el resto", [
        `Cuando tus cartas ganan seguro todas las bazas que quedan, tengan lo que tengan los demás y jueguen como jueguen, en tu turno aparece junto a tu mano el botón «${w("claim_all")}». Al pulsarlo ya no hace falta jugar la mano hasta el final: la mesa juega el resto carta a carta, deprisa, y lo anota exactamente igual que si lo hubieras jugado tú.`,
        "El botón solo aparece cuando es seguro por lo que tú ves: tus cartas, las cartas jugadas y los palos a los que alguien no pudo asistir; nunca por las manos ocultas. Donde las bazas restan puntos, solo aparece cuando no podrías evitar llevártelas todas. No se puede anunciar que no te llevarás ninguna más: los demás siguen jugando por las cartas que dejarías.",
        `Los bots también se llevan el resto cuando pueden, y la mesa lo dice («${w("claimed_all", { name: west(w) })}»); «${w("hint")}» lo propone cuando puedes hacerlo.`,
      ]];
  },

  table(stock, w) {
    return ["En la mesa", [
      `«${w("played_open")}», junto a la baza en juego (tecla T), muestra lo jugado en la mano hasta ahora, baza a baza: la carta de cada jugador, quién salió (▸) y qué carta se llevó la baza (resaltada), y al final la baza que está en la mesa.${stock ? " La fase 2 aparece marcada donde empieza." : ""} Todas esas cartas se jugaron boca arriba, así que cualquiera puede mirarlas cuando quiera. «${w("last_trick")}» (tecla L) muestra solo la última baza.`,
      `Teclado: las flechas, Inicio y Fin recorren tu mano, e Intro juega la carta; ${keyList(w, (l) => `«${l}»`)}.`,
    ]];
  },
};
