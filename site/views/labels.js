// Words for what the engine names: seats, cards, contracts, offers, actions, points.
// Pure functions of a view and the current language.
import { t, lang } from "../i18n/index.js";
import { LESSON_TEXT } from "../lessons.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").Hint} Hint */

export const SUIT_SYM = /** @type {Record<string, string>} */ ({ C: "♣", D: "♦", H: "♥", S: "♠" });

/** Each seat's name as the human sees the table: "You", then West, North, East (or Opponent).
 * @param {View} v
 * @returns {string[]} */
export function names(v) {
  const n = v.players;
  const others = n === 2 ? [t("seat_name2")] : t("seat_name").split("|");
  const out = [];
  for (let s = 0; s < n; s++) {
    const rel = (s - v.human + n) % n;
    out[s] = rel === 0 ? t("you") : others[rel - 1];
  }
  return out;
}

/** Where a seat sits on screen: the human at the bottom.
 * @param {number} seat @param {View} v
 * @returns {"bottom" | "left" | "top" | "right"} */
export function position(seat, v) {
  const rel = (seat - v.human + v.players) % v.players;
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

/** @param {View} v @param {string} [cid] */
export function contractLabel(v, cid = v.contract) {
  if (cid.startsWith("up:")) return t("c_up", { trump: cid === "up:NT" ? t("suit_NT") : suitWord(cid[3]) });
  if (v.game === "kingru" && cid === "last-two") return t("c_last-two_ru");
  return t(`c_${cid}`);
}

/** What the current contract costs or pays, for the banner. @param {View} v */
export function costLabel(v) {
  const cid = v.contract;
  if (v.game === "whist") return "";
  if (v.game === "king") return cid.startsWith("up:") ? t("cost_up") : t(`cost_${cid}`);
  return ""; // Кинг: the banner shows the deal total instead
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
    if (auc && auc.offer === a && v.phase === "auction") return t("match", { offer: offerLabel(a) });
    return offerLabel(a);
  }
  if (a.startsWith("up:")) return t("up_suit", { suit: a === "up:NT" ? t("suit_NT") : suitWord(a[3]) });
  if (a.startsWith("dealer:")) return t("a_dealer", { name: names(v)[Number(a.slice(7))] });
  return t(`a_${a}`);
}

/** A card's name or an action's words. @param {string} a @param {View} v */
export function choiceLabel(a, v) {
  return /^[2-9TJQKA][CDHS]$/.test(a) ? cardName(a) : actionLabel(a, v);
}

/** @param {{action: string}} b */
export function bidLabel(b) {
  return b.action === "pass" ? t("passed") : offerLabel(b.action);
}

/** Points with their sign, on the match's scale. @param {number} n @param {View} v */
export function pointsText(n, v) { return `${n > 0 ? "+" : ""}${n * (v.options.scale || 1)}`; }

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

/** The bots' reason for a suggestion in the page's language (the engine's English words
 *  when a reason has no translation).
 * @param {Hint} h @param {string} card */
export function reasonText(h, card) {
  const key = `why_${h.reason}`;
  const s = t(key, { card });
  return s === key ? h.text : s;
}

/** @type {[RegExp, (m: RegExpExecArray) => string][]} */
const ERRORS = [
  [/^must follow suit: (\w+)$/, (m) => t("err_follow", { suit: t(`suit_${suitCode(m[1])}`) })],
  [/^cannot lead hearts while holding other suits$/, () => t("err_hearts_lead")],
  [/^the K♥ must be played when hearts are led$/, () => t("err_kh_hearts")],
  [/^the K♥ must be played: you have no (\w+)$/, (m) => t("err_kh_void", { suit: t(`suit_${suitCode(m[1])}`) })],
  [/^the K♥ must be played: you hold only hearts$/, () => t("err_kh_only")],
  [/^not your turn/, () => t("err_not_turn")],
  [/is not in your hand$/, () => t("err_not_hand")],
  [/^an offer must be worth more than (\d+) (up|nulls?)$/, (m) => t("err_offer_more", { offer: m[2] === "up" ? t("up_n", { n: m[1] }) : t("null_n", { n: m[1] }, Number(m[1])) })],
];

/** @param {string} word */
function suitCode(word) { return /** @type {Record<string, string>} */ ({ clubs: "C", diamonds: "D", hearts: "H", spades: "S" })[word] || "C"; }

/** The engine's English refusal in the page's language, where a pattern knows it.
 * @param {string} msg */
export function translateError(msg) {
  for (const [re, fn] of ERRORS) {
    const m = re.exec(msg);
    if (m) return fn(m);
  }
  return msg;
}
