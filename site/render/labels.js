// Words for what the engine names: seats, cards, contracts, offers, actions, points.
// Pure functions of a view and the current language.
import { t, lang } from "../i18n/index.js";
import { LESSON_TEXT } from "../lessons.js";

/** @typedef {import("../table/model.js").Model} View */
/** @typedef {import("../protocol.js").Hint} Hint */

export const SUIT_SYM = /** @type {Record<string, string>} */ ({ C: "♣", D: "♦", H: "♥", S: "♠" });

/** The seat drawn at the bottom of the table: the audience's own, or, for a spectator's
 * table, the seat the page turns it to (`bottom`; seat 0 by default).
 * @param {View} v */
export function bottomSeat(v) {
  return v.seat ?? v.bottom ?? 0;
}

/** Whether several people share this device (pass and play): then every seat keeps one
 * name whoever holds it, nobody is "You" (the bot that took a trick was "North" on one
 * person's turn and "West" on the next one's), and a seat without a given name is named by
 * its number, as the seating dialog numbers it ("Bot 2", "Player 3"): a compass name read
 * from one seat would point the wrong way once the table turns to the next person.
 * @param {View} v */
export function sharedDevice(v) {
  return (v.seats || []).filter((s) => s.kind === "person" && !s.away).length > 1;
}

/** Whether words about `seat` speak to the reader ("You deal"): the audience's own seat,
 * on a device that is not shared.  @param {number | null | undefined} seat @param {View} v */
export function isYou(seat, v) {
  return seat === v.seat && seat !== null && !sharedDevice(v);
}

/** Each seat's name: a person's own name when they gave one; else "You" for the
 * audience's seat, and the others by where they sit from the bottom: West, North, East
 * (German Whist: Opponent); on a shared device by the seat's number (sharedDevice).
 * @param {View} v
 * @returns {string[]} */
export function names(v) {
  const n = v.players;
  const others = n === 2 ? [t("seat_name2")] : t("seat_name").split("|");
  const shared = sharedDevice(v);
  const bottom = bottomSeat(v);
  const out = [];
  for (let s = 0; s < n; s++) {
    const seat = v.seats && v.seats[s];
    const rel = (s - bottom + n) % n;
    if (seat && seat.name) out[s] = seat.name;
    else if (shared) out[s] = t(seat && seat.kind === "bot" ? "bot_n" : "player_n", { n: s + 1 });
    else out[s] = isYou(s, v) ? t("you") : rel === 0 ? t("seat_south") : others[rel - 1];
  }
  return out;
}

/** Where a seat sits on screen: the bottom seat (bottomSeat) at the bottom.
 * @param {number} seat @param {View} v
 * @returns {"bottom" | "left" | "top" | "right"} */
export function position(seat, v) {
  const rel = (seat - bottomSeat(v) + v.players) % v.players;
  if (v.players === 2) return rel === 0 ? "bottom" : "top";
  return /** @type {const} */ (["bottom", "left", "top", "right"])[rel];
}

/** "Queen of spades". @param {string} code */
export function cardName(code) {
  return t("card_name", { rank: t(`rn_${code[0]}`), suit: t(`sn_${code[1]}`) });
}

/** The rank as printed in a card's corner ("10", "J" / "В"). @param {string} r */
export function rankLabel(r) { return "TJQKA".includes(r) ? t(`rank_${r}`) : r; }

/** @param {string} s a suit letter */
export function suitWord(s) { return t(`suit_${s}`); }

/** Whether the language files know `key` (t falls back to the key itself). @param {string} key */
export const known = (key) => t(key) !== key;

/** @param {View} v @param {string} [cid] */
export function contractLabel(v, cid = v.contract) {
  // no trump has its own words: "Up, trump {suit}" cannot take "no trump" in every language
  if (cid.startsWith("up:")) return cid === "up:NT" ? t("c_up_nt") : t("c_up", { trump: suitWord(cid[3]) });
  // a contract whose id another game's names otherwise (Кинг's positive `tricks`, "take
  // tricks", is King's negative by that id) has its own words under the game's id
  const own = `c_${cid}_${v.game}`;
  return known(own) ? t(own) : t(`c_${cid}`);
}

/** A deal's title: "Deal 3: No tricks" (German Whist, of one contract: "Deal 3").
 * @param {View} v @param {number} n the deal's number, from 1 @param {string} cid its contract */
export function dealTitle(v, n, cid) {
  return v.facts.named_deals ? t("deal_result", { n, contract: contractLabel(v, cid) }) : t("deal_n", { n });
}

// What one scoring item of a Кинг deal is, by its contract without "no-": the banner's
// price names it ("−2 per trick", "+4 per girl")
const RU_ITEM = /** @type {Record<string, string>} */ ({ tricks: "price_trick", hearts: "price_heart", boys: "price_boy",
  girls: "price_girl", "last-two": "price_last_two", king: "price_kh" });

/** What the current contract costs or pays, item by item, for the banner ("−20 per
 * trick", "−2 per trick"): King's from its words, Кинг's from the engine's `deal_unit`
 * on the match's scale.  @param {View} v */
export function costLabel(v) {
  const cid = v.contract;
  if (!v.facts.named_deals) return "";
  // a game whose prices are words of their own (King's) has them under its id
  const words = `cost_${v.game}_${cid.startsWith("up:") ? "up" : cid}`;
  if (known(words)) return t(words);
  const base = cid.replace(/^no-/, "");
  const item = base === "boys" && v.options.boys === "jacks-kings" ? "price_boy_jk" : RU_ITEM[base];
  if (v.deal_unit === null || v.deal_unit === undefined || !item) return t("price_all");
  return t(item, { n: pointsText(v.deal_unit, v) });
}

/** The deal's points in all, where they say more than the price ("−260 in all"; not for
 * a deal of one item, the K♥, whose price is its total), or "".  @param {View} v */
export function totalLabel(v) {
  if (!v.facts.named_deals || v.deal_total === undefined || v.deal_unit === v.deal_total) return "";
  return t("in_all", { n: pointsText(v.deal_total, v) });
}

/** The banner's trump beside a contract's name ("Trump: hearts", "No trump"), or "" where
 * the name says it already ("Up, spades" stood beside "Trump: spades") or the stock shows
 * it (German Whist).  @param {View} v */
export function trumpLabel(v) {
  if (v.facts.stock || v.contract.startsWith("up:")) return "";  // a stock's trump is on the stock
  return v.trump ? t("trump", { suit: suitWord(v.trump) }) : "";
}

// What was all taken when a deal stopped early, by its contract without "no-"
const EARLY = /** @type {Record<string, string>} */ ({ hearts: "early_hearts", queens: "early_queens", "jacks-kings": "early_jacks_kings",
  "king-of-hearts": "early_kh", king: "early_kh", girls: "early_girls" });

/** A deal's summary line when the engine says it stopped before its last trick
 * (`early_end`): "The deal ended early: all four queens were taken.", else "".  Not
 * where a claim ended it (`claimed`, the table's line for it): "East claims the rest"
 * beside "the deal ended early" told one ending twice, and as two that disagree.
 * @param {{contract: string, early_end?: boolean}} d @param {View} v @param {string} [claimed] */
export function earlyEndText(d, v, claimed = "") {
  if (!d.early_end || claimed) return "";
  const base = d.contract.replace(/^no-/, "");
  const key = base === "boys" ? (v.options.boys === "jacks-kings" ? "early_jacks_kings" : "early_jacks") : EARLY[base];
  return t("early_end", { why: t(key || "early_nothing_left") });
}

/** "5 up", "2 nulls". @param {string} a an offer action */
export function offerLabel(a) {
  const [, kind, n] = a.split(":");
  return kind === "up" ? t("up_n", { n }) : t("null_n", { n }, Number(n));
}

/** A button's words for an action of the auction, decision, trump or dealer phases.
 * @param {string} a @param {View} v */
export function actionLabel(a, v) {
  if (a.startsWith("offer:")) {
    const auc = v.auction;
    if (auc && auc.standing === a && v.phase === "auction") return t("match", { offer: offerLabel(a) });
    return offerLabel(a);
  }
  if (a.startsWith("up:")) return a === "up:NT" ? t("up_nt") : t("up_suit", { suit: suitWord(a[3]) });
  if (a.startsWith("dealer:")) return aboutSeat("a_dealer", Number(a.slice(7)), v);
  // a claim is named as its button is ("Claim the rest"): a hint once showed "a_claim:all"
  if (a === "claim:all" || a === "claim:none") return t(a.replace(":", "_"));
  return t(`a_${a}`);
}

const CARD = /^[2-9TJQKA][CDHS]$/;

/** Whether an action is a card to play ("QS"), not a word ("pass", "claim:all").
 * @param {string} a */
export const isCard = (a) => CARD.test(a);

/** A card's name or an action's words. @param {string} a @param {View} v */
export function choiceLabel(a, v) {
  return isCard(a) ? cardName(a) : actionLabel(a, v);
}

/** @param {{action: string}} b */
export function bidLabel(b) {
  return b.action === "pass" ? t("passed") : offerLabel(b.action);
}

/** A number as a person reads it: a negative takes the minus sign (U+2212), as the
 * banner's costs do; a hyphen is for words.  @param {number} n */
export function numberText(n) { return n < 0 ? `\u2212${-n}` : String(n); }

/** Points on the match's scale, everywhere the page shows them: a deal's points carry
 * their sign ("+20", "−40"); a total (`{total: true}`) only its minus.
 * @param {number} n @param {View} v @param {{total?: boolean}} [o] */
export function pointsText(n, v, { total = false } = {}) {
  const x = n * (v.options.scale || 1);
  return `${!total && x > 0 ? "+" : ""}${numberText(x)}`;
}

/** An option's value in words ("on", "jacks and kings"), or the value itself. @param {any} a */
export function valueLabel(a) {
  const k = `val_${a}`;
  const s = t(k);
  return s === k ? String(a) : s;
}

/** A lesson's [title, task] in the page's language. @param {string} id
 * @returns {string[]} */
export function lessonText(id) {
  const table = LESSON_TEXT[lang] || LESSON_TEXT.en;
  return table[id] || LESSON_TEXT.en[id] || [id, ""];
}

/** A card as its corner shows it: "Q♠", "10♥", "Д♠". @param {string} code */
export function cardShort(code) { return `${rankLabel(code[0])}${SUIT_SYM[code[1]]}`; }

// a hint's points (scaled as the match shows points), and its figures given to a tenth
const POINTS = new Set(["pts", "gain", "cost", "extra", "own", "share", "other_pts"]);
const TENTHS = new Set(["gain", "cost", "expect"]);

/** A hint's figure in the page's language: "2.5" / "2,5", a minus as U+2212.
 * @param {string} k @param {number} x @param {View | null} v */
function figure(k, x, v) {
  const n = POINTS.has(k) && v ? x * (v.options.scale || 1) : x;
  const digits = TENTHS.has(k) ? 1 : 0;
  const s = Math.abs(n).toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return n < 0 ? `\u2212${s}` : s;
}

/**
 * The words a code's params fill in, by the protocol's conventions: cards as codes,
 * suits as letters, offers as actions, seats as ints; a hint's figures as numbers;
 * anything else as it is.
 * @param {Record<string, any>} params @param {View | null} v
 * @returns {Record<string, string>}
 */
export function codeVars(params, v) {
  /** @type {Record<string, string>} */
  const out = { kh: cardShort("KH") };
  const action = (/** @type {any} */ a) => {
    if (typeof a !== "string" || !v) return String(a);
    const w = CARD.test(a) || /^(offer|up|dealer):/.test(a) || /^[a-z0-9]+$/.test(a) ? choiceLabel(a, v) : a;
    return w.startsWith("a_") ? a : w;  // an action the page has no words for
  };
  for (const [k, x] of Object.entries(params || {})) {
    if ((k === "card" || k === "faceup" || k === "best") && typeof x === "string" && CARD.test(x)) out[k] = cardShort(x);
    else if ((k === "other" || k === "better" || k === "choice") && typeof x === "string") {
      out[k] = CARD.test(x) ? cardShort(x) : x.startsWith("offer:") ? offerLabel(x) : action(x);
    }
    else if (typeof x === "number" && (POINTS.has(k) || TENTHS.has(k))) out[k] = figure(k, x, v);
    else if (k === "suit" && typeof x === "string" && "CDHS".includes(x) && x.length === 1) { out.suit = t(`suit_${x}`); out.suit_of = t(`sn_${x}`); }
    else if (k === "offer" && typeof x === "string" && x.startsWith("offer:")) out.offer = offerLabel(x);
    else if (k === "seat" && Number.isInteger(x) && v && x >= 0 && x < v.players) out.seat = names(v)[x];
    else if (k === "phase" && typeof x === "string") { const w = t(`phase_${x}`); out.phase = w === `phase_${x}` ? x : w; }
    else if (k === "action") out.action = action(x);
    else if (k === "legal" && Array.isArray(x)) out.legal = x.map(action).join(", ");
    else out[k] = typeof x === "string" ? x : JSON.stringify(x);
  }
  return out;
}

/** A code's sentence in the page's language (key `<prefix>_<code>`), or `fallback` (the
 * engine's English) when the page has none.
 * @param {string} prefix @param {string | undefined} code @param {Record<string, any> | undefined} params
 * @param {View | null} v @param {string} fallback */
function codeText(prefix, code, params, v, fallback) {
  if (!code) return fallback;
  const key = `${prefix}_${code}`;
  const s = t(key, codeVars(params || {}, v));
  return s === key ? fallback : s;
}

/** Why the engine refused an action or a request, from its code (err_<code>).
 * @param {{code?: string, params?: Record<string, any>, error?: string, message?: string}} r
 * @param {View | null} v */
export function refusalText(r, v) {
  return codeText("err", r.code, r.params, v, r.error || r.message || "");
}

/** Reasons whose `pts` (what an offer leaves after paying) has its own words for nothing (why_<code>_none). */
const NOTHING_LEFT = new Set(["refuse8", "pass"]);

/** The bots' reason for a suggestion, from its code (why_<code>).
 * @param {Hint} h @param {View | null} v */
export function reasonText(h, v) {
  // nothing left is said as nothing, not "only about 0 points" ("só uns 0 pontos", "unos 0 puntos")
  const none = NOTHING_LEFT.has(h.reason) && h.params && Number(h.params.pts) <= 0;
  return codeText("why", none ? `${h.reason}_none` : h.reason, h.params, v, h.text);
}

/** The reasons that say every card is alike: the card a hint marks is then only one of them. */
const ANY_CARD = new Set(["endgame-any"]);

/** A hint as its message says it: its reason, after the action's name unless the reason
 * names the card itself ("Duck with 5♦, …") or says that every card is alike
 * ("Two of diamonds — whatever you play…" read as advice).
 * @param {import("../protocol.js").Hint & {action: string}} h  a hint with an action
 * @param {View} v */
export function hintMessage(h, v) {
  const why = reasonText(h, v);
  const named = isCard(h.action) && (why.includes(cardShort(h.action)) || ANY_CARD.has(h.reason));
  return named ? why : `${choiceLabel(h.action, v)} — ${why}`;
}

/** A sentence about a seat: the "you" form (`<key>_you`) when the seat is the audience's.
 * @param {string} key @param {number} seat @param {View} v @param {Record<string, string | number>} [vars] */
export function aboutSeat(key, seat, v, vars = {}) {
  if (isYou(seat, v)) {
    const you = t(`${key}_you`, vars);
    if (you !== `${key}_you`) return you;
  }
  return t(key, { ...vars, name: names(v)[seat] });
}

/** "The clock ran out: the bot played 7♣ for Ana", or chose "Claim the rest" (a claim, a
 * bid: a button's words, not a card), and, the third time in a row, that the bot plays on.
 * @param {import("../protocol.js").Event} e @param {import("../protocol.js").Timeout} timeout @param {View} v */
export function clockText(e, timeout, v) {
  const name = names(v)[timeout.seat];
  const card = e.type === "play" && e.card ? cardShort(e.card) : null;
  const action = card ?? (e.type === "claim" ? actionLabel(`claim:${e.claim}`, v) : e.entry ? actionLabel(e.entry.action, v) : "");
  const mine = isYou(timeout.seat, v);
  const key = card ? "clock_played" : "clock_chose";
  const said = mine ? t(`${key}_you`, { action }) : t(key, { action, name });
  if (!timeout.away) return said;
  return `${said} ${mine ? t("clock_away_you") : t("clock_away", { name })}`;
}
