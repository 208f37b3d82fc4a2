// What a review says, in the page's words: each decision's verdict (the analysis's marks
// and reasons, the coded protocol of kingweb.review: `rev_<reason>` with its params), the
// summary of a deal, and the cursor's moves.  Pure functions of the engine's answers and
// the current language (Node tests them); drawing is render/review.js's.
import { lang, t } from "../i18n/index.js";
import { cardShort, choiceLabel } from "../render/labels.js";

/** @typedef {import("./shapes.js").Analysis} Analysis */
/** @typedef {import("./shapes.js").Review} Review */
/** @typedef {import("./shapes.js").ReviewStep} ReviewStep */
/** @typedef {import("../table/model.js").Model} View */

const CARD = /^[2-9TJQKA][CDHS]$/;
/** The marks from good to worst, as the engine names them (kingweb.review.MARKS). */
export const MARKS = ["good", "inaccuracy", "mistake", "blunder"];

/**
 * A view-shaped object for the labels of render/labels.js (names, cards, bids): a review
 * shows every hand, so it belongs to no seat; `bottom` is the seat drawn at the bottom.
 * @param {{game: string, options: Record<string, any>, names?: (string | null)[] | null}} rec
 * @param {number} bottom
 * @param {import("../protocol.js").GameFacts} facts  the facts of the record's game (the review's `info().games`)
 * @returns {View}
 */
export function labelView(rec, bottom, facts) {
  const players = facts.players;
  const seats = Array.from({ length: players }, (_, s) => ({ name: (rec.names && rec.names[s]) || null }));
  return /** @type {View} */ (/** @type {unknown} */ ({
    game: rec.game, options: rec.options, players, seat: null, bottom, seats, auction: null, phase: "", facts,
  }));
}

/** A figure of points on the match's scale (Кинг's `scale`), to a tenth, in the page's
 * language, with U+2212 for a minus.
 * @param {number} x @param {View} v */
export function points(x, v) {
  const n = x * (v.options.scale || 1);
  const s = Math.abs(n).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return n < 0 && s.replace(/[0.,]/g, "") !== "" ? `\u2212${s}` : s;
}

/** An action as a verdict names it: a card by its corner ("Q♠"), a bid in words.
 * @param {string} a @param {View} v */
export function actionWords(a, v) {
  if (CARD.test(a)) return cardShort(a);
  const w = choiceLabel(a, v);
  return w.startsWith("a_") ? a : w;
}

/** The reason's words: `rev_<code>` filled with its params (actions in words, points on
 * the match's scale), or the engine's English when the page has none.
 * @param {Analysis} a @param {View} v */
export function reasonText(a, v) {
  /** @type {Record<string, string>} */
  const vars = {};
  for (const [k, x] of Object.entries(a.params || {})) {
    if ((k === "action" || k === "best") && typeof x === "string") vars[k] = actionWords(x, v);
    else if ((k === "loss" || k === "points") && typeof x === "number") vars[k] = points(k === "points" ? -x : x, v);
    else vars[k] = String(x);
  }
  const key = `rev_${a.reason}`;
  const s = t(key, vars, typeof a.params.tricks === "number" ? a.params.tricks : undefined);
  return s === key ? a.text : s;
}

/** The verdict's lines: what was played and its expected points, the best and its, the
 * mark with its symbol, the reason, and how it was judged (exact, or over how many worlds).
 * @param {Analysis} a @param {View} v
 * @returns {{mark: string, symbol: string, played: string, best: string | null, reason: string, how: string}} */
export function verdict(a, v) {
  const played = t("rv_played", { action: actionWords(a.action, v), value: points(a.value, v) });
  const best = a.best === a.action ? null : t("rv_best", { action: actionWords(a.best, v), value: points(a.best_value, v) });
  const how = a.method === "forced" ? t("rv_forced")
    : a.exact ? t("rv_exact") : t("rv_sampled", { n: a.worlds }, a.worlds);
  return { mark: a.mark, symbol: a.symbol, played, best, reason: reasonText(a, v), how };
}

/** The steps that are decisions of `seat` (every seat's, for null): the ones a review
 * analyses.  @param {ReviewStep[]} steps @param {number | null} seat @returns {number[]} */
export function decisionSteps(steps, seat) {
  return steps.filter((s) => s.decision && s.action !== null && (seat === null || s.seat === seat)).map((s) => s.step);
}

/** Where the cursor goes: `to` kept within the deal's steps (the last is the deal's end).
 * @param {number} to @param {number} count the number of steps @returns {number} */
export function clampStep(to, count) {
  return Math.max(0, Math.min(count - 1, Math.trunc(to)));
}

/** The next (dir 1) or previous (dir −1) decision from `at`, or `at` when there is none.
 * @param {number} at @param {number[]} decisions @param {1 | -1} dir */
export function nextDecision(at, decisions, dir) {
  const found = dir > 0 ? decisions.find((s) => s > at) : [...decisions].reverse().find((s) => s < at);
  return found === undefined ? at : found;
}

/** What the cursor does for a key, or null for a key it leaves alone.
 * @param {string} key @param {number} at @param {number} count @param {number[]} decisions
 * @returns {number | null} */
export function keyStep(key, at, count, decisions) {
  switch (key) {
    case "ArrowRight": return clampStep(at + 1, count);
    case "ArrowLeft": return clampStep(at - 1, count);
    case "Home": return 0;
    case "End": return count - 1;
    case "PageDown": case "ArrowDown": return nextDecision(at, decisions, 1);
    case "PageUp": case "ArrowUp": return nextDecision(at, decisions, -1);
    default: return null;
  }
}

/** A record's marks (RECORDS.md §1.1) from the analyses, in the order of their steps, so
 * that an exported deal carries them.  @param {Analysis[]} analyses */
export function marksOf(analyses) {
  return [...analyses].sort((x, y) => x.step - y.step).map((a) => ({
    step: a.step, mark: a.mark, seat: a.seat, action: a.action, best: a.best, value: a.value, best_value: a.best_value,
    loss: a.loss, exact: a.exact, worlds: a.worlds, reason: a.reason, params: a.params,
  }));
}

/** The summary's words: points lost to marked decisions and the three costliest (with
 * their deal's number, `dealNo` of a deal's index, in a match's summary).
 * @param {import("./shapes.js").Summary} s @param {View} v
 * @param {((deal: number) => number) | null} [dealNo]
 * @returns {{lost: string, counts: string, costliest: string[]}} */
export function summaryText(s, v, dealNo = null) {
  const counts = MARKS.map((m) => t(`rv_count_${m}`, { n: s.marks[m] || 0 }, s.marks[m] || 0)).join(" · ");
  return {
    lost: t("rv_lost", { value: points(s.lost, v), n: s.decisions }, s.decisions),
    counts,
    costliest: s.costliest.map((c) => t(dealNo ? "rv_costly_match" : "rv_costly", {
      deal: dealNo ? dealNo(c.deal) : 0, step: c.step + 1, action: actionWords(c.action, v), best: actionWords(c.best, v), value: points(c.loss, v),
    })),
  };
}
