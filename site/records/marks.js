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

/**
 * Who the table the review was opened from calls who: the audience's seat (null for a
 * spectator), the seat it draws at the bottom, and its seats (a person's name, bots,
 * people away).
 * @typedef {{seat: number | null, bottom: number, seats: import("../protocol.js").Seat[]}} Audience
 */

/**
 * The view a review names seats from: with the table's `audience`, the table's own (the
 * reader is "You", the other of two "Opponent", the rest named from the reader's seat, as
 * render/labels.js's names() names them at the table, whichever seat the review draws at
 * the bottom); without, the review's `v`, which names seats from the one at its bottom.
 * @param {View} v @param {Audience | undefined} audience @returns {View}
 */
export function namingView(v, audience) {
  if (!audience) return v;
  return /** @type {View} */ ({ ...v, seat: audience.seat, bottom: audience.bottom, seats: audience.seats });
}

/** A figure of points on the match's scale (Кинг's `scale`), to a tenth, in the page's
 * language, with U+2212 for a minus.
 * @param {number} x @param {View} v */
export function points(x, v) {
  return figure(x * (v.options.scale || 1), 1);
}

/** @param {number} n a figure already on the match's scale @param {number} digits */
function figure(n, digits) {
  const s = Math.abs(n).toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return n < 0 && s.replace(/[0.,]/g, "") !== "" ? `\u2212${s}` : s;
}

/**
 * What a verdict shows of a decision's value and its best's: each figure on the match's
 * scale rounded once, to a tenth (to more decimals, up to three, while two different
 * values would look alike), and the gap as the difference of those rounded figures, so
 * that a reader who subtracts the two figures shown finds the gap the sentence states
 * (−2.04 and −1.56 are shown −2.0 and −1.6: 0.4 more, not the 0.5 the unrounded 0.48 makes).
 * @param {{value: number, best_value: number}} a @param {View} v
 * @returns {{value: string, best: string, gap: string, digits: number}}
 */
export function figures(a, v) {
  let digits = 1;
  while (digits < 3 && a.value !== a.best_value && units(a.value, v, digits) === units(a.best_value, v, digits)) digits++;
  const value = units(a.value, v, digits);
  const best = units(a.best_value, v, digits);
  const f = (/** @type {number} */ u) => figure(u / 10 ** digits, digits);
  return { value: f(value), best: f(best), gap: f(best - value), digits };
}

/** A figure on the match's scale in units of its `digits`-th decimal, rounded once as the
 * page's numbers round it (a half away from zero, from the shortest decimal): its digits
 * are the ones a figure of them shows.
 * @param {number} x @param {View} v @param {number} digits */
const units = (x, v, digits) => Math.round(Number((x * (v.options.scale || 1)).toLocaleString("en-US",
  { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })) * 10 ** digits);

/** Points lost to a tally's marked decisions as the sum of the gaps their verdicts state
 * (figures): the total the costliest lines and the verdicts add up to.  (A marked
 * decision's gap is never under the lowest threshold, so a tenth tells its figures apart.)
 * @param {import("./shapes.js").Tally} s @param {View} v */
export function lostText(s, v) {
  return figure(s.gaps.reduce((n, [value, best]) => n + units(best, v, 1) - units(value, v, 1), 0) / 10, 1);
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
    // the gap the verdict's two figures make, not the engine's loss rounded apart from them
    else if (k === "loss" && typeof x === "number") vars.loss = figures(a, v).gap;
    else if (k === "points" && typeof x === "number") vars.points = points(-x, v);
    else vars[k] = String(x);
  }
  const key = `rev_${a.reason}`;
  const s = t(key, vars, typeof a.params.tricks === "number" ? a.params.tricks : undefined);
  return s === key ? a.text : s;
}

/** The verdict's lines: what was played and its expected points, the best and its, the
 * mark with its symbol, the reason, and how it was judged (exact, or over how many worlds).
 * @param {Analysis} a @param {View} v
 * @returns {{mark: string, symbol: string, played: string, best: string | null, reason: string, how: string | null}} */
export function verdict(a, v) {
  const f = figures(a, v);
  const played = t("rv_played", { action: actionWords(a.action, v), value: f.value });
  const best = a.best === a.action ? null : t("rv_best", { action: actionWords(a.best, v), value: f.best });
  // a reason that says over how many deals it was found says how it was judged: not twice
  const how = SAYS_HOW.has(a.reason) ? null : a.method === "forced" ? t("rv_forced")
    : a.exact ? t("rv_exact") : t("rv_sampled", { n: a.worlds }, a.worlds);
  return { mark: a.mark, symbol: a.symbol, played, best, reason: reasonText(a, v), how };
}

/** The reasons whose sentence names the deals the verdict was found over (rev_solved, rev_sampled). */
const SAYS_HOW = new Set(["solved", "sampled"]);

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
    lost: t("rv_lost", { value: lostText(s, v), n: s.decisions }, s.decisions),
    counts,
    costliest: s.costliest.map((c) => t(dealNo ? "rv_costly_match" : "rv_costly", {
      deal: dealNo ? dealNo(c.deal) : 0, step: c.step + 1, action: actionWords(c.action, v), best: actionWords(c.best, v), value: figures(c, v).gap,
    })),
  };
}
