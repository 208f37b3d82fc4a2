// The in-game rules pages, written from docs/RULES.md in our own words, in four languages.
// They describe the match being played: rulesSections(game, lang, options) states the
// values of the options in force and names every option that is not the default, so
// that a player reads the rules his table is actually using. Each section has a stable
// id (SECTION_IDS) so that the table can link a bid button to the rule behind it.

export const LANGS = ["en", "es", "pt", "ru"];

// the sections' ids live apart, so that the table links to them without loading the rules
import { SECTION_IDS } from "./rule-sections.js";
// the buttons' own words, so that the page names each one as the table shows it
import { makeT } from "./i18n/index.js";

export { SECTION_IDS, SECTION_OF_PHASE } from "./rule-sections.js";

/** The engine's defaults (kingweb's OPTIONS), used for whatever a caller leaves out. */
export const DEFAULT_OPTIONS = {
  king: { king_chooses_dealer: false, first_lead: "dealer", king_forced_on_heart_lead: true, play_all_tricks: false,
    max_nulls: 2, buyer_leads: false, uncapped_payment: false },
  kingru: { boys: "jacks", king_discard: false, king_discard_on_heart_lead: false, order: "classic", scale: 1,
    eralash: true, play_all_tricks: false },
  whist: { target: 15 },
};

const ALLOWED = {
  king: { first_lead: ["dealer", "left_of_dealer"], max_nulls: [2, 3, 4] },
  kingru: { boys: ["jacks", "jacks-kings"], order: ["classic", "simple"], scale: [1, 10] },
  whist: {},
};

/** Options in force: the defaults, overridden by every known option with a valid value. */
export function optionsInForce(game, options = {}) {
  const out = { ...DEFAULT_OPTIONS[game] };
  for (const [k, v] of Object.entries(options || {})) {
    if (!(k in out)) continue;
    const d = DEFAULT_OPTIONS[game][k];
    const allowed = ALLOWED[game][k];
    if (allowed ? allowed.includes(v) : (typeof v === typeof d && (typeof v !== "number" || (Number.isInteger(v) && v >= 1 && v <= 100)))) out[k] = v;
  }
  return out;
}

/** The table's keys (toolbar.js) in the order the page lists them, each with the
 * language file's key of the button it presses. */
export const TABLE_KEYS = [["h", "hint"], ["u", "undo"], ["l", "last_trick"], ["t", "played_open"], ["s", "score_sheet"],
  ["r", "rules"], ["n", "new_game"], ["m", "settings"]];

/** "H “Hint”, U “Undo”, …": each key with its button's words, quoted as `quote` does.
 * @param {import("./i18n/index.js").Translate} w @param {(label: string) => string} quote */
const keyList = (w, quote) => TABLE_KEYS.map(([k, key]) => `${k.toUpperCase()} ${quote(w(key))}`).join(", ");

/** The name of the seat on the player's left at four, for an example. @param {import("./i18n/index.js").Translate} w */
const west = (w) => w("seat_name").split("|")[0];

const KINGRU_ORDERS = {
  classic: ["tricks", "hearts", "boys", "girls", "last-two", "king", "everything"],
  simple: ["tricks", "boys", "girls", "hearts", "king", "last-two", "everything"],
};

// -- English ------------------------------------------------------------------------------

const en = {
  optionNames: {
    king_chooses_dealer: "The K♥ receiver names the first dealer", first_lead: "First lead",
    king_forced_on_heart_lead: "The K♥ must fall when hearts are led", play_all_tricks: "Always play all tricks",
    max_nulls: "Highest null offer", buyer_leads: "The buyer leads a bought deal", uncapped_payment: "Payment in full, even below zero",
    boys: "What counts as a boy", king_discard: "The K♥ must be played when void", king_discard_on_heart_lead: "…and when hearts are led",
    order: "Deal order", scale: "Point scale", eralash: "Play Eralash", target: "Points to win",
  },
  values: { true: "on", false: "off", dealer: "the dealer", left_of_dealer: "left of the dealer", jacks: "jacks",
    "jacks-kings": "jacks and kings", classic: "classic", simple: "simple" },
  optionLine: (name, value, dflt) => `${name}: ${value}${dflt === null ? "" : ` (not the default, which is ${dflt})`}.`,
  optionsIntro: (changed) => (changed.length ? `${changed.length === 1 ? "This match changes one option from its default" : "This match changes these options from their defaults"}: ${changed.join("; ")}.` : "This match plays every option at its default."),
  kingruNames: { tricks: "Tricks", hearts: "Hearts", boys: "Boys", girls: "Girls", "last-two": "Last two", king: "King", everything: "Eralash" },

  king(o, x) {
    return {
      game: ["King", ["Four players, each for himself, 52 cards, 13 each; the ace is the highest card. Ten deals: six negatives, then four positives. Play moves to the left. You must follow suit if you can; if you cannot, you may play any card. A trick goes to the highest trump in it, or, when no trump was played, to the highest card of the suit led; whoever takes it leads the next."]],
      deal: ["Who deals", [o.king_chooses_dealer
        ? "Before the first deal, cards are turned face up one at a time until the K♥ appears. In this match its receiver names the first dealer, himself or anyone else (an option: by default he deals himself). The deal then moves one seat to the left each time."
        : "Before the first deal, cards are turned face up one at a time until the K♥ appears: whoever receives it deals first. The deal then moves one seat to the left each time, so the four positives are dealt by four players in a row."]],
      lead: ["Leading", [o.first_lead === "left_of_dealer"
        ? "In this match the player to the dealer's left leads the first trick of every deal, positives included (an option: by default the dealer leads). Whoever takes a trick leads the next."
        : "The dealer leads the first trick of every deal, positives included. Whoever takes a trick leads the next."]],
      negatives: ["The six negatives", [
        "In this order, with no trump: Tricks (−20 a trick), Hearts (−20 a heart), Queens (−50 a queen), Jacks and kings (−30 each), King of hearts (−160), Last two (−90 for each of the last two tricks). Together they cost −1300.",
        "In Hearts and in King of hearts nobody may lead a heart while he holds another suit. Seeing hearts played does not lift this ban.",
        o.king_forced_on_heart_lead
          ? "In King of hearts the holder of the K♥ must play it at the first chance: when hearts are led, even if he holds other hearts; when he cannot follow suit; and when he is on lead with nothing but hearts."
          : "In King of hearts the holder of the K♥ must play it when he cannot follow suit and when he is on lead with nothing but hearts. In this match he need not play it when hearts are led: he may follow with any heart (an option: by default the K♥ must fall on a heart lead).",
        o.play_all_tricks
          ? "In this match every deal is played to the thirteenth trick (an option: by default Hearts, Queens, Jacks and kings and King of hearts stop as soon as everything they charge for has been taken)."
          : "A deal stops as soon as everything it charges for has been taken: all 13 hearts, the 4 queens, the 8 jacks and kings, or the K♥. Tricks and Last two are always played to the end.",
      ]],
      positives: ["The four positives", ["Deals 7 to 10 are positives. The dealer of each is its owner, so every player owns one. A positive hands out +325 points in all, which makes the whole match sum to 0. Trumps may be led at any time, and a player who cannot follow suit may trump or not, as he likes."]],
      choose: ["The owner's choice", ["Looking at his cards, the owner chooses: up, with a trump suit or with no trump, +25 a trick to whoever takes it; down (nulls), where each player scores 325 minus 75 for every trick he takes, so five tricks or more go below zero; or the auction, to sell the deal."]],
      auction: ["The auction", [
        `The owner does not bid. Starting at his left, the others speak in turn and offer either tricks up, worth 25 each, from 1 up to 8 up (200), or nulls, worth 75 each, from 1 to ${o.max_nulls} nulls (${75 * o.max_nulls})${o.max_nulls !== 2 ? " (an option: by default at most 2 nulls)" : ""}. Whoever buys tricks up will play up; whoever buys nulls will play down. The highest possible offer is worth ${x.topValue}.`,
        "Each offer must be worth more than the standing one, and a pass is final. Preference: a player who speaks earlier may match the standing offer of a later speaker in the same terms and take it over; the player he displaced must then raise or pass. The same value in other terms, such as 1 null against 3 up, is refused.",
        "The auction ends when everyone but the holder of the best offer has passed, or when all three pass without an offer.",
      ]],
      decision: ["The owner's decision", [
        "The owner then accepts the best offer, and its holder becomes the buyer; or rejects it and plays the deal himself, choosing up or down as above; or, with no offer or a best offer worth 75 or less, takes 4-3-3-3: the deal is not played, the owner scores +100 and each of the others +75.",
        "With an offer worth less than 200 he may instead call “8 o nulos”: starting at his left, each of the others may give 8 up. The first who does buys the deal for 200 and the owner must accept; if nobody does, the owner plays the deal down.",
      ]],
      trump: ["The bought deal", [
        "The buyer names the trump: a buyer of tricks up chooses a trump suit or no trump; a buyer of nulls plays down.",
        o.buyer_leads
          ? "In this match the buyer leads the first trick of the deal he bought (an option: by default the dealer still leads it)."
          : o.first_lead === "left_of_dealer"
            ? "Buying does not move the lead: as in every deal of this match, the player to the dealer's left leads the first trick."
            : "Buying does not move the lead: the dealer, who is the owner, still leads the first trick.",
      ]],
      payment: ["Payment", [
        o.uncapped_payment
          ? "After the deal the buyer pays the owner the full value of his offer, even when he made less and goes below zero (an option: by default he pays at most the points he made). For example, 6 up (150) with 4 tricks (100): he pays 150 and ends the deal on −50."
          : "After the deal the buyer pays the owner his offer out of the points he made in that deal: if he made less, he pays what he made, and paying never takes him below zero. For example, 6 up (150) with 4 tricks (100): he pays 100 and ends the deal on 0.",
        "Example: the owner A sells 5 up (125) to B, who names spades. Tricks A 2, B 6, C 3, D 2 make 50, 150, 75 and 50; B pays 125, so A 175, B 25, C 75, D 50. The deal still sums to 325.",
      ]],
      scoring: ["End", ["After ten deals the highest total wins; players level at the top share the win. Every deal sums to its table total and the whole match to 0."]],
    };
  },

  kingru(o, x) {
    const s = x.scale;
    const names = x.order.map((b) => this.kingruNames[b]).join(", ");
    return {
      game: ["Кинг (Russian King)", [`Four players, 32 cards (7 up to the ace), 8 each, and no trump in any deal. ${x.deals} deals: ${x.half} “don't take” deals, then the same ${x.half} as “take”. Follow suit if you can; if you cannot, play any card. The highest card of the suit led takes the trick, and whoever takes it leads the next.`]],
      deals: ["The deals", [
        `In this order${o.order === "simple" ? " (the “simple” order, an option)" : ""}: ${names}.${o.eralash ? "" : " In this match Eralash is not played (an option: by default it is the seventh deal of each half)."}`,
        `Tricks: ${2 * s} a trick. Hearts: ${2 * s} a heart. Boys: ${o.boys === "jacks" ? `${4 * s} a jack` : `${2 * s} a jack and ${2 * s} a king (an option: by default only the jacks count, ${4 * s} each)`}. Girls: ${4 * s} a queen. Last two: ${8 * s} for each of the last two tricks. King: ${16 * s} for the K♥.${o.eralash ? ` Eralash: all six at once, ${96 * s} in all; the K♥ counts ${o.boys === "jacks" ? "as a heart and as the king" : "as a heart, as the king and as a boy"}.` : ""} Every other deal is worth ${16 * s} in all.`,
        `In the first half the points are minus, in the second plus, so the match sums to 0.${s !== 1 ? ` In this match points are shown ${s} times larger (an option); the game is the same.` : ""}`,
      ]],
      lead: ["Leading", [`A random player leads the first deal, the next player to the left the next deal, and so on. In the ${o.eralash ? "Hearts, King and Eralash" : "Hearts and King"} deals, in both halves, you may lead a heart only when you hold nothing else.`]],
      early: ["Early end", [o.play_all_tricks
        ? "In this match every deal is played to the eighth trick (an option: by default a deal stops once its scoring cards are all taken)."
        : `A deal stops as soon as all its scoring cards are taken: the 8 hearts, the ${o.boys === "jacks" ? "4 jacks" : "4 jacks and 4 kings"}, the 4 queens or the K♥. ${o.eralash ? "Tricks, Last two and Eralash" : "Tricks and Last two"} always play all 8 tricks.`]],
      "king-of-hearts": ["The K♥", [o.king_discard
        ? `In this match, in the ${o.eralash ? "King and Eralash" : "King"} deals of both halves, the holder of the K♥ must play it when he cannot follow suit${o.king_discard_on_heart_lead ? ", and also when hearts are led" : ""} (an option: by default nobody is forced to play it).`
        : "The K♥ is played like any other card: nobody is forced to play it."]],
      scoring: ["End", [`After all ${x.deals} deals the highest total wins; players level at the top share the win.`]],
    };
  },

  whist(o) {
    return {
      game: ["German Whist", ["Two players, 52 cards, 13 each. Follow suit if you can; if you cannot, play any card. The highest trump, or with no trump the highest card of the suit led, takes the trick, and whoever takes it leads the next."]],
      deal: ["Deal and trump", ["The other 26 cards form the stock, face down, with its top card turned face up. The suit of that first face-up card is trump for the whole deal. The dealer alternates; the player who did not deal leads first."]],
      stock: ["Stage 1", ["Thirteen tricks. The winner of each takes the face-up card; the loser takes the next card face down without showing it; then a new card is turned up. These tricks score nothing: they decide who gets which cards."]],
      stage2: ["Stage 2", ["With the stock gone, the winner of the last trick leads and the 13 cards left in each hand are played out. Both players have seen every face-up card and every played card, so each can work out the other's hand exactly."]],
      scoring: ["Score", [`Only stage 2 counts: the player who takes 7 or more of its 13 tricks scores one point for every trick above six. The first to reach ${o.target} points wins the match${o.target !== 15 ? " (an option: by default 15)" : ""}.`]],
    };
  },

  // claiming the rest and the table's own help: the buttons named with the very words they show (w, the language file)
  claim(whist, w) {
    return whist
      ? ["Claiming or conceding the rest", [
        `In stage 2, once the stock is gone, each player knows both hands. When your cards are sure to take every trick left, whatever your opponent plays, a “${w("claim_all")}” button appears beside your hand on your turn; when they are sure to lose every one, a “${w("claim_none")}” button. The table then plays the rest card by card, quickly, and scores it exactly as if you had played it. There is no claim in stage 1.`,
        `The bots claim and concede too whenever they can, and the table says so; “${w("hint")}” suggests it when you can.`,
      ]]
      : ["Claiming the rest", [
        `When your cards are sure to take every trick left, whatever the others hold and however they play, a “${w("claim_all")}” button appears beside your hand on your turn. Press it and the deal need not be played out: the table plays the rest card by card, quickly, and scores it exactly as if you had played it.`,
        "The button appears only when that is sure from what you can see: your own cards, the cards played and the suits someone could not follow; never from the hidden hands. Where tricks cost points, it appears only when you could not avoid taking them all anyway. You cannot claim to take nothing more: the others still play for the cards you would let go.",
        `The bots claim too whenever they can, and the table says so (“${w("claimed_all", { name: west(w) })}”); “${w("hint")}” suggests it when you can.`,
      ]];
  },

  table(whist, w) {
    return ["At the table", [
      `“${w("played_open")}”, beside the trick (key T), shows the deal's play so far, trick by trick: each player's card, who led (▸) and whose card took the trick (highlighted), the trick on the table last.${whist ? " Stage 2 is marked where it begins." : ""} Every one of those cards was played face up, so anyone may look at any time. “${w("last_trick")}” (key L) shows just the last trick.`,
      `Keys: the arrow keys, Home and End move along your hand, and Enter plays the card; ${keyList(w, (l) => `“${l}”`)}.`,
    ]];
  },
};

// -- Español ------------------------------------------------------------------------------

const es = {
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
          : "Una mano termina en cuanto se ha llevado todo lo que penaliza: los 13 corazones, las 4 damas, las 8 jotas y reyes o el K♥. Bazas y Dos últimas se juegan siempre hasta el final.",
      ]],
      positives: ["Las cuatro positivas", ["Las manos 7 a 10 son positivas. Quien reparte cada una es su dueño, así que cada jugador es dueño de una. Una positiva reparte +325 puntos en total, y por eso la partida suma 0. Se puede salir con triunfo en cualquier momento, y quien no puede asistir falla o no, como quiera."]],
      choose: ["La elección del dueño", ["Con sus cartas a la vista, el dueño elige: arriba, con un palo de triunfo o sin triunfo, +25 por baza para quien la gane; abajo (nulos), donde cada uno suma 325 menos 75 por cada baza que se lleve, de modo que con cinco bazas o más queda bajo cero; o la subasta, para vender la mano."]],
      auction: ["La subasta", [
        `El dueño no puja. Empezando por su izquierda, los demás hablan por turno y ofrecen bazas arriba, a 25 cada una, de 1 a 8 arriba (200), o nulos, a 75 cada uno, de 1 a ${o.max_nulls} nulos (${75 * o.max_nulls})${o.max_nulls !== 2 ? " (una opción: por defecto, como mucho 2 nulos)" : ""}. Quien compra bazas arriba jugará arriba; quien compra nulos jugará abajo. La oferta más alta posible vale ${x.topValue}.`,
        "Cada oferta debe valer más que la anterior, y quien pasa queda fuera. Preferencia: quien habla antes puede igualar la oferta de quien habla después en los mismos términos y quedársela; el desplazado debe subir o pasar. El mismo valor en otros términos, como 1 nulo contra 3 arriba, no vale.",
        "La subasta acaba cuando todos menos quien tiene la mejor oferta han pasado, o cuando los tres pasan sin ofrecer.",
      ]],
      decision: ["La decisión del dueño", [
        "Después el dueño acepta la mejor oferta, y quien la hizo es el comprador; o la rechaza y juega él, eligiendo arriba o abajo como antes; o, sin ofertas o con una mejor oferta de 75 o menos, marca 4-3-3-3: la mano no se juega, el dueño suma +100 y cada uno de los demás +75.",
        "Con una oferta de menos de 200 puede, en cambio, pedir «8 o nulos»: empezando por su izquierda, cada uno de los demás puede dar 8 arriba. El primero que lo da compra la mano por 200 y el dueño debe aceptar; si nadie lo da, el dueño juega la mano abajo.",
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
        : `Una mano termina en cuanto se han llevado todas sus cartas que puntúan: los 8 corazones, ${o.boys === "jacks" ? "las 4 jotas" : "las 4 jotas y los 4 reyes"}, las 4 damas o el K♥. ${o.eralash ? "Bazas, Dos últimas y «Eralash»" : "Bazas y Dos últimas"} se juegan siempre enteras.`]],
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

  claim(whist, w) {
    return whist
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

  table(whist, w) {
    return ["En la mesa", [
      `«${w("played_open")}», junto a la baza en juego (tecla T), muestra lo jugado en la mano hasta ahora, baza a baza: la carta de cada jugador, quién salió (▸) y qué carta se llevó la baza (resaltada), y al final la baza que está en la mesa.${whist ? " La fase 2 aparece marcada donde empieza." : ""} Todas esas cartas se jugaron boca arriba, así que cualquiera puede mirarlas cuando quiera. «${w("last_trick")}» (tecla L) muestra solo la última baza.`,
      `Teclado: las flechas, Inicio y Fin recorren tu mano, e Intro juega la carta; ${keyList(w, (l) => `«${l}»`)}.`,
    ]];
  },
};

// -- Português ----------------------------------------------------------------------------

const pt = {
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
          : "Uma mão acaba assim que tudo o que penaliza foi levado: as 13 copas, as 4 damas, os 8 valetes e reis ou o K♥. Vazas e Duas últimas vão sempre até o fim.",
      ]],
      positives: ["As quatro positivas", ["As mãos 7 a 10 são positivas. Quem dá cada uma é o seu dono, então cada jogador é dono de uma. Uma positiva distribui +325 pontos no total, e por isso o jogo soma 0. Pode-se sair de trunfo a qualquer momento, e quem não tem o naipe corta ou não, como quiser."]],
      choose: ["A escolha do dono", ["Vendo suas cartas, o dono escolhe: acima, com um naipe de trunfo ou sem trunfo, +25 por vaza para quem a leva; abaixo (nulos), em que cada um marca 325 menos 75 por vaza levada, ficando abaixo de zero com cinco vazas ou mais; ou o leilão, para vender a mão."]],
      auction: ["O leilão", [
        `O dono não dá lance. A partir da sua esquerda, os outros falam na vez e oferecem vazas acima, a 25 cada, de 1 a 8 acima (200), ou nulos, a 75 cada, de 1 a ${o.max_nulls} nulos (${75 * o.max_nulls})${o.max_nulls !== 2 ? " (uma opção: no padrão, no máximo 2 nulos)" : ""}. Quem compra vazas acima joga acima; quem compra nulos joga abaixo. A maior oferta possível vale ${x.topValue}.`,
        "Cada oferta deve valer mais que a anterior, e quem passa está fora. Preferência: quem fala antes pode repetir «pela mão» a oferta de quem fala depois, nos mesmos termos, e ficar com ela; o deslocado deve subir ou passar. O mesmo valor em outros termos, como 1 nulo contra 3 acima, não vale.",
        "O leilão acaba quando todos menos quem tem a melhor oferta passaram, ou quando os três passam sem oferecer.",
      ]],
      decision: ["A decisão do dono", [
        "Depois o dono aceita a melhor oferta, e quem a fez é o comprador; ou recusa e joga ele mesmo, escolhendo acima ou abaixo como antes; ou, sem oferta ou com a melhor oferta de até 75, marca 4-3-3-3: a mão não é jogada, o dono marca +100 e cada um dos outros +75.",
        "Com uma oferta abaixo de 200 ele pode, em vez disso, pedir «8 ou nulos»: a partir da sua esquerda, cada um dos outros pode dar 8 acima. O primeiro que der compra a mão por 200 e o dono deve aceitar; se ninguém der, o dono joga a mão abaixo.",
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
        : `Uma mão acaba assim que todas as suas cartas que pontuam foram levadas: as 8 copas, ${o.boys === "jacks" ? "os 4 valetes" : "os 4 valetes e os 4 reis"}, as 4 damas ou o K♥. ${o.eralash ? "Vazas, Duas últimas e «Eralash»" : "Vazas e Duas últimas"} vão sempre até o fim.`]],
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
      stage2: ["Fase 2", ["Acabado o monte, sai quem ganhou a última vaza e jogam-se as 13 cartas que restam em cada mão. Os dois viram todas as cartas viradas e jogadas, então cada um pode deduzir exatamente a mão do outro."]],
      scoring: ["Pontos", [`Só a fase 2 conta: quem faz 7 ou mais das suas 13 vazas marca um ponto por vaza acima de seis. Vence o jogo quem chega primeiro a ${o.target} pontos${o.target !== 15 ? " (uma opção: no padrão 15)" : ""}.`]],
    };
  },

  claim(whist, w) {
    return whist
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

  table(whist, w) {
    return ["Na mesa", [
      `«${w("played_open")}», ao lado da vaza em jogo (tecla T), mostra o que já se jogou nesta mão, vaza a vaza: a carta de cada jogador, quem saiu (▸) e qual carta levou a vaza (destacada), e por último a vaza que está na mesa.${whist ? " A fase 2 aparece marcada onde começa." : ""} Todas essas cartas foram jogadas viradas para cima, então qualquer um pode olhá-las quando quiser. «${w("last_trick")}» (tecla L) mostra só a última vaza.`,
      `Teclado: as setas, Home e End percorrem a sua mão, e Enter joga a carta; ${keyList(w, (l) => `«${l}»`)}.`,
    ]];
  },
};

// -- Русский ------------------------------------------------------------------------------

const ru = {
  optionNames: {
    king_chooses_dealer: "Получивший К♥ назначает первого сдающего", first_lead: "Первый ход",
    king_forced_on_heart_lead: "К♥ обязателен на ход с червей", play_all_tricks: "Всегда играть все взятки",
    max_nulls: "Наибольшая заявка на отрицание", buyer_leads: "Покупатель ходит первым", uncapped_payment: "Оплата полностью, даже в минус",
    boys: "Кто считается мальчиком", king_discard: "Сбрасывать К♥ при отсутствии масти", king_discard_on_heart_lead: "…и на ход с червей",
    order: "Порядок сдач", scale: "Масштаб очков", eralash: "Играть ералаш", target: "Очков до победы",
  },
  values: { true: "да", false: "нет", dealer: "сдающий", left_of_dealer: "сосед сдающего слева", jacks: "валеты",
    "jacks-kings": "валеты и короли", classic: "классический", simple: "простой" },
  optionLine: (name, value, dflt) => `${name}: ${value}${dflt === null ? "" : ` (по умолчанию: ${dflt})`}.`,
  optionsIntro: (changed) => (changed.length ? `В этой партии ${changed.length === 1 ? "изменён вариант правил" : "изменены варианты правил"}: ${changed.join("; ")}.` : "В этой партии все варианты правил стандартные."),
  kingruNames: { tricks: "Взятки", hearts: "Черви", boys: "Мальчики", girls: "Девочки", "last-two": "Две последние", king: "Кинг (К♥)", everything: "Ералаш" },

  king(o, x) {
    return {
      game: ["Кинг (52 карты)", ["Четверо игроков, каждый сам за себя, 52 карты, по 13; туз старший. Десять сдач: шесть отрицательных, затем четыре положительных. Ходят по часовой стрелке, налево. Ходить в масть обязательно; если масти нет, можно положить любую карту. Взятку берёт старший козырь, а если козыря не было — старшая карта масти хода; взявший ходит следующим."]],
      deal: ["Кто сдаёт", [o.king_chooses_dealer
        ? "Перед первой сдачей карты открывают по одной, пока не выйдет К♥. В этой партии получивший его назначает первого сдающего — себя или другого (вариант правил: по умолчанию сдаёт он сам). Дальше сдаёт каждый раз сосед слева."
        : "Перед первой сдачей карты открывают по одной, пока не выйдет К♥: получивший его сдаёт первым. Дальше сдаёт каждый раз сосед слева, так что четыре положительные сдачи сдают четыре игрока подряд."]],
      lead: ["Первый ход", [o.first_lead === "left_of_dealer"
        ? "В этой партии в каждой сдаче, включая положительные, первым ходит сосед сдающего слева (вариант правил: по умолчанию ходит сдающий). Взявший взятку ходит в следующую."
        : "В каждой сдаче, включая положительные, первым ходит сдающий. Взявший взятку ходит в следующую."]],
      negatives: ["Шесть отрицательных", [
        "По порядку, без козыря: Взятки (−20 за взятку), Черви (−20 за черву), Дамы (−50 за даму), Валеты и короли (−30 за каждого), Король червей (−160), Две последние (−90 за каждую из двух последних взяток). Всего −1300.",
        "В Червях и в Короле червей нельзя ходить с червей, пока есть другие масти, даже если черви уже выходили.",
        o.king_forced_on_heart_lead
          ? "В Короле червей владелец К♥ должен сбросить его при первой возможности: когда ходят с червей, даже если у него есть другие черви; когда у него нет масти хода; и когда он ходит, имея одни черви."
          : "В Короле червей владелец К♥ должен сыграть его, когда у него нет масти хода, и когда он ходит, имея одни черви. В этой партии на ход с червей он может положить любую черву (вариант правил: по умолчанию К♥ обязателен на ход с червей).",
        o.play_all_tricks
          ? "В этой партии каждая сдача играется до тринадцатой взятки (вариант правил: по умолчанию Черви, Дамы, Валеты и короли и Король червей кончаются, как только взято всё штрафное)."
          : "Сдача кончается, как только взято всё штрафное: все 13 червей, 4 дамы, 8 валетов и королей или К♥. Взятки и Две последние всегда играются до конца.",
      ]],
      positives: ["Четыре положительные", ["Сдачи с 7-й по 10-ю положительные. Сдающий — хозяин своей сдачи, так что у каждого игрока одна такая сдача. Положительная сдача раздаёт всего +325 очков, поэтому вся игра в сумме даёт 0. С козыря можно ходить в любой момент, а у кого нет масти хода, может бить козырем или нет — как хочет."]],
      choose: ["Выбор хозяина", ["Посмотрев карты, хозяин назначает игру: на взятки — с козырной мастью или без козыря, +25 за взятку взявшему; на отрицание (не брать взяток) — каждый получает 325 минус 75 за каждую взятую взятку, так что с пяти взяток уходит в минус; или торговлю, чтобы продать сдачу."]],
      auction: ["Торговля", [
        `Хозяин не торгуется. Начиная с его соседа слева, остальные говорят по очереди и заявляют либо на взятки — по 25 за взятку, от 1 до 8 (200), — либо на отрицание — по 75 за единицу, от 1 до ${o.max_nulls} (${75 * o.max_nulls})${o.max_nulls !== 2 ? " (вариант правил: по умолчанию не больше 2)" : ""}. Купивший заявку на взятки играет на взятки, купивший заявку на отрицание — на отрицание. Самая дорогая заявка стоит ${x.topValue}.`,
        "Каждая заявка должна быть дороже стоящей, пас окончателен. Старшинство: кто говорит раньше, может сказать «здесь» на заявку того, кто говорит позже, — повторить её в тех же условиях и забрать; перебитый должен повысить или спасовать. Та же цена в других условиях (1 на отрицание против 3 на взятки) не допускается.",
        "Торговля кончается, когда спасовали все, кроме держателя лучшей заявки, или когда все трое спасовали без заявок.",
      ]],
      decision: ["Решение хозяина", [
        "Затем хозяин принимает лучшую заявку, и её держатель становится покупателем; или отказывает и играет сам, назначая игру на взятки или на отрицание, как выше; или, если заявок нет или лучшая стоит не больше 75, записывает 4-3-3-3: сдача не играется, хозяину +100, остальным по +75.",
        "При заявке дешевле 200 он может вместо этого объявить «8 или отрицание»: начиная с его соседа слева, каждый из остальных может заявить 8 на взятки. Первый, кто заявит, покупает сдачу за 200, и хозяин обязан принять; если никто не заявит, хозяин играет сдачу на отрицание.",
      ]],
      trump: ["Купленная сдача", [
        "Козырь назначает покупатель: купивший на взятки выбирает козырную масть или без козыря; купивший на отрицание играет на отрицание.",
        o.buyer_leads
          ? "В этой партии первым в купленной сдаче ходит покупатель (вариант правил: по умолчанию по-прежнему ходит сдающий)."
          : o.first_lead === "left_of_dealer"
            ? "Покупка не меняет первого хода: как в каждой сдаче этой партии, первым ходит сосед сдающего слева."
            : "Покупка не меняет первого хода: первым по-прежнему ходит сдающий, то есть хозяин.",
      ]],
      payment: ["Оплата", [
        o.uncapped_payment
          ? "После сдачи покупатель платит хозяину полную цену заявки, даже если набрал меньше и уходит в минус (вариант правил: по умолчанию он платит не больше набранного). Например, 6 на взятки (150) при 4 взятках (100): платит 150 и заканчивает сдачу с −50."
          : "После сдачи покупатель платит хозяину цену заявки из очков, набранных в этой сдаче: если не набрал, платит сколько набрал, и в минус из-за оплаты не уходит. Например, 6 на взятки (150) при 4 взятках (100): платит 100 и заканчивает сдачу с 0.",
        "Пример: хозяин A продаёт B заявку 5 на взятки (125), B назначает козырем пики. Взятки A 2, B 6, C 3, D 2 дают 50, 150, 75 и 50; B платит 125: A 175, B 25, C 75, D 50. Сдача по-прежнему даёт в сумме 325.",
      ]],
      scoring: ["Конец", ["После десяти сдач побеждает набравший больше всех; равные наверху делят победу. Каждая сдача даёт в сумме свой итог, а вся игра — 0."]],
    };
  },

  kingru(o, x) {
    const s = x.scale;
    const names = x.order.map((b) => this.kingruNames[b]).join(", ");
    return {
      game: ["Кинг", [`Четверо игроков, 32 карты (от семёрки до туза), по 8, козырей нет ни в одной сдаче. ${x.deals} сдач: ${x.half} «не брать», затем те же ${x.half} «брать». Ходить в масть обязательно; если масти нет — любой картой. Взятку берёт старшая карта масти хода, взявший ходит следующим.`]],
      deals: ["Сдачи", [
        `По порядку${o.order === "simple" ? " (простой порядок, вариант правил)" : ""}: ${names}.${o.eralash ? "" : " В этой партии ералаш не играется (вариант правил: по умолчанию это седьмая сдача каждой половины)."}`,
        `Взятки: ${2 * s} за взятку. Черви: ${2 * s} за черву. Мальчики: ${o.boys === "jacks" ? `${4 * s} за валета` : `${2 * s} за валета и ${2 * s} за короля (вариант правил: по умолчанию мальчики — только валеты, по ${4 * s})`}. Девочки: ${4 * s} за даму. Две последние: по ${8 * s} за каждую из двух последних взяток. Кинг: ${16 * s} за К♥.${o.eralash ? ` Ералаш: всё сразу, всего ${96 * s}; К♥ считается и червой, и кингом${o.boys === "jacks" ? "" : ", и мальчиком"}.` : ""} Каждая из остальных сдач стоит всего ${16 * s}.`,
        `В первой половине очки со знаком минус, во второй — плюс, поэтому вся игра в сумме даёт 0.${s !== 1 ? ` В этой партии очки показаны умноженными на ${s} (вариант правил); игра та же.` : ""}`,
      ]],
      lead: ["Первый ход", [`Первую сдачу начинает случайный игрок, следующую — его сосед слева, и так далее. В сдачах ${o.eralash ? "«Черви», «Кинг» и «Ералаш»" : "«Черви» и «Кинг»"}, в обеих половинах, ходить с червей можно, только если других мастей нет.`]],
      early: ["Досрочный конец", [o.play_all_tricks
        ? "В этой партии каждая сдача играется до восьмой взятки (вариант правил: по умолчанию сдача кончается, как только взяты все её штрафные карты)."
        : `Сдача кончается, как только взяты все её штрафные карты: 8 червей, ${o.boys === "jacks" ? "4 валета" : "4 валета и 4 короля"}, 4 дамы или К♥. ${o.eralash ? "«Взятки», «Две последние» и «Ералаш»" : "«Взятки» и «Две последние»"} всегда играются до конца.`]],
      "king-of-hearts": ["Кинг (К♥)", [o.king_discard
        ? `В этой партии в сдачах ${o.eralash ? "«Кинг» и «Ералаш»" : "«Кинг»"} обеих половин владелец К♥ обязан сбросить его, когда у него нет масти хода${o.king_discard_on_heart_lead ? ", а также на ход с червей" : ""} (вариант правил: по умолчанию никто не обязан его играть).`
        : "К♥ играется как любая другая карта: никто не обязан его сбрасывать."]],
      scoring: ["Конец", [`После всех ${x.deals} сдач побеждает набравший больше всех; равные наверху делят победу.`]],
    };
  },

  whist(o) {
    return {
      game: ["Немецкий вист", ["Двое игроков, 52 карты, по 13. Ходить в масть обязательно; если масти нет — любой картой. Взятку берёт старший козырь, а без козыря — старшая карта масти хода; взявший ходит следующим."]],
      deal: ["Сдача и козырь", ["Остальные 26 карт — колода рубашкой вверх, верхняя карта открыта. Масть этой первой открытой карты — козырь на всю сдачу. Сдающий меняется каждую сдачу; первым ходит несдававший."]],
      stock: ["Этап 1", ["Тринадцать взяток. Взявший взятку забирает открытую карту, проигравший берёт следующую втёмную, не показывая; затем открывается новая. Эти взятки очков не дают: они решают, кому какие карты достанутся."]],
      stage2: ["Этап 2", ["Когда колода кончилась, ходит взявший последнюю взятку, и разыгрываются 13 карт, оставшихся у каждого. Оба видели все открытые и сыгранные карты, поэтому каждый может точно вычислить руку соперника."]],
      scoring: ["Очки", [`Считается только второй этап: взявший 7 и более из его 13 взяток получает по очку за каждую взятку сверх шести. Партию выигрывает первый, набравший ${o.target} очков${o.target !== 15 ? " (вариант правил: по умолчанию 15)" : ""}.`]],
    };
  },

  claim(whist, w) {
    return whist
      ? ["Забрать или отдать остальные", [
        `На втором этапе, когда колода кончилась, каждый знает обе руки. Если ваши карты наверняка берут все оставшиеся взятки, как бы ни ходил соперник, в ваш ход рядом с вашими картами появляется кнопка «${w("claim_all")}»; если наверняка отдают все — кнопка «${w("claim_none")}». Тогда стол сам быстро разыгрывает остаток карта за картой и записывает его точно так, как если бы вы сыграли сами. На первом этапе так нельзя.`,
        `Боты тоже так делают, когда могут, и стол об этом говорит; «${w("hint")}» предлагает это, когда можно.`,
      ]]
      : ["Забрать остальные", [
        `Если ваши карты наверняка берут все оставшиеся взятки при любых картах остальных и как бы они ни ходили, в ваш ход рядом с вашими картами появляется кнопка «${w("claim_all")}». Тогда сдачу не нужно доигрывать: стол сам быстро разыгрывает остаток карта за картой и записывает его точно так, как если бы вы сыграли сами.`,
        "Кнопка появляется, только когда это наверняка по тому, что видно вам: ваши карты, сыгранные карты и масти, которых у кого-то уже нет; но не по чужим закрытым картам. В сдачах, где взятки идут в минус, она появляется, только если вам всё равно не избежать ни одной из оставшихся взяток. Объявить, что больше не возьмёте ни одной, нельзя: остальные ещё разыгрывают карты, которые вы бы отдали.",
        `Боты тоже забирают остальные, когда могут, и стол об этом говорит («${w("claimed_all", { name: west(w) })}»); «${w("hint")}» предлагает это, когда можно.`,
      ]];
  },

  table(whist, w) {
    return ["За столом", [
      `Кнопка «${w("played_open")}» рядом со взяткой на столе (клавиша T) показывает, что уже сыграно в этой сдаче, взятка за взяткой: карту каждого игрока, кто ходил первым (▸) и чья карта взяла взятку (выделена), а последней — взятку, которая сейчас на столе.${whist ? " Начало второго этапа отмечено." : ""} Все эти карты были сыграны в открытую, поэтому смотреть их может любой и в любой момент. «${w("last_trick")}» (клавиша L) показывает только последнюю взятку.`,
      `Клавиши (в английской раскладке): стрелки, Home и End переходят по вашим картам, Enter играет карту; ${keyList(w, (l) => `«${l}»`)}.`,
    ]];
  },
};

const TEXT = { en, es, pt, ru };

function optionsSection(L, game, o) {
  const show = (k, v) => (k === "scale" ? `×${v}` : typeof v === "number" ? String(v) : L.values[String(v)] ?? String(v));
  const keys = Object.keys(DEFAULT_OPTIONS[game]);
  const changed = keys.filter((k) => o[k] !== DEFAULT_OPTIONS[game][k]).map((k) => `${L.optionNames[k]}: ${show(k, o[k])}`);
  return [L.optionsIntro(changed), ...keys.map((k) => L.optionLine(L.optionNames[k], show(k, o[k]),
    o[k] === DEFAULT_OPTIONS[game][k] ? null : show(k, DEFAULT_OPTIONS[game][k])))];
}

const OPTIONS_HEADING = { en: "Options of this match", es: "Opciones de esta partida", pt: "Opções deste jogo", ru: "Варианты правил этой партии" };

/**
 * The rules page of `game` in `lang` for a match played with `options`.
 * @param {"king"|"kingru"|"whist"} game
 * @param {string} lang one of LANGS (anything else reads English)
 * @param {Object<string, *>} [options] the match's options (view.options); missing or unknown ones read as defaults
 * @returns {Array<[string, string, string[]]>} [[id, heading, [paragraphs…]], …] in SECTION_IDS order
 */
export function rulesSections(game, lang, options = {}) {
  if (!(game in SECTION_IDS)) throw new Error(`rulesSections: unknown game ${JSON.stringify(game)}`);
  const L = TEXT[lang] || en;
  const o = optionsInForce(game, options);
  const order = KINGRU_ORDERS[o.order || "classic"].filter((b) => o.eralash !== false || b !== "everything");
  const x = {
    topValue: Math.max(200, 75 * (o.max_nulls || 2)),
    scale: o.scale || 1, order, half: order.length, deals: 2 * order.length,
  };
  const bodies = L[game](o, x);
  const w = makeT(TEXT[lang] ? lang : "en");
  bodies.claim = L.claim(game === "whist", w);
  bodies.table = L.table(game === "whist", w);
  bodies.options = [OPTIONS_HEADING[TEXT[lang] ? lang : "en"], optionsSection(L, game, o)];
  return SECTION_IDS[game].map((id) => [id, bodies[id][0], bodies[id][1]]);
}
