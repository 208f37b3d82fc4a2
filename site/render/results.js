// A deal's result and the match's end: the summary shown before the next deal, the score
// sheet and how the match ended.  They show data and report choices.
import { t } from "../i18n/index.js";
import { el } from "./dom.js";
import { cardFace } from "./card.js";
import { bottomSeat, contractLabel, dealTitle, earlyEndText, names, numberText, pointsText } from "./labels.js";
import { heldAuction, logLines } from "./narrate.js";
import { sheetTable } from "./sheet.js";
import { openDialog } from "./dialogs.js";

/** @typedef {import("../table/model.js").Model} View */
/** @typedef {import("./dialogs.js").DialogAction} DialogAction */

/** Places by total, ties sharing the better place: [1, 2, 2, 4].
 * @param {number[]} totals */
export function placings(totals) {
  return totals.map((x) => 1 + totals.filter((y) => y > x).length);
}

/** "1st", "2nd"… in the page's language. @param {number} n */
const placeText = (n) => t(`place_${n}`);

/** A seat's scoring cards in sets, each with its points: one set, or in «ералаш» one for
 * each deal its cards count for (the items' `part`, a card in each it counts in).
 * @param {import("../protocol.js").Counted[]} items
 * @returns {{part: string | undefined, cards: string[], points: number}[]} */
export function cardSets(items) {
  /** @type {Map<string | undefined, {part: string | undefined, cards: string[], points: number}>} */
  const sets = new Map();
  for (const x of items) {
    if (x.kind !== "card") continue;
    const set = sets.get(x.part) || { part: x.part, cards: [], points: 0 };
    sets.set(x.part, set);
    set.cards.push(/** @type {string} */ (x.card));
    set.points += x.points;
  }
  return [...sets.values()];
}

/** What a seat took that counted, as small cards and words with their points.
 * @param {import("../protocol.js").Counted[]} items @param {View} v @param {string} deck @param {string[]} nm
 * @param {number | null | undefined} owner  a bought positive's owner: his row received the payment */
function tookCell(items, v, deck, nm, owner) {
  const kids = [];
  for (const set of cardSets(items)) {
    // one sum for «ералаш»'s hearts, jacks, queens and K♥ together would not say what it
    // was for: each set is named after its deal (elsewhere the deal's title names it)
    kids.push(el("span", { class: "took-item took-cardset", "data-part": set.part },
      set.part ? el("span", { class: "took-part", text: t(`took_part_${set.part}`) }) : null,
      el("span", { class: "took-cards" }, ...set.cards.map((c) => cardFace(c, { cls: "mini", deck }))),
      " ", el("b", { class: "took-pts", text: pointsText(set.points, v) })));
  }
  for (const x of items) {
    let words = null;
    if (x.kind === "tricks" && v.facts.stock) {
      // the score spelled out (German Whist's stage 2 alone counts): what the engine
      // counted less the tricks that pay nothing
      const n = /** @type {number} */ (x.count);
      const tricks = t("took_stage2", { n }, n);
      kids.push(el("span", { class: "took-item" }, x.points > 0
        ? t("took_whist_score", { tricks, base: n - x.points, points: t("n_points", { n: x.points }, x.points) })
        : t("took_whist_none", { tricks })));
      continue;
    }
    if (x.kind === "tricks") words = t("took_tricks", { n: /** @type {number} */ (x.count) }, x.count);
    else if (x.kind === "trick") words = t("took_trick", { n: /** @type {number} */ (x.trick) });
    // by role, not by sign: a payment of 0 has none (the buyer's item names the owner)
    else if (x.kind === "payment") words = t(x.seat === owner ? "took_paid" : "took_received", { name: nm[/** @type {number} */ (x.seat)] });
    else if (x.kind === "4333") words = t("c_4333");
    // a colon between: "0 tricks: 0", not "0 tricks 0"; the figure stays on its words' line
    if (words !== null) kids.push(el("span", { class: "took-item" }, words, ":\u00a0", el("b", { text: pointsText(x.points, v) })));
  }
  if (!kids.length) kids.push(el("span", { class: "took-none", text: t("took_nothing") }));
  // the items sit in a flex box of their own (a table cell cannot be one): each keeps its
  // number beside its words, with a gap to the next item that no width takes away
  return el("td", { class: "took" }, el("div", { class: "took-list" }, ...kids));
}

/**
 * A deal's summary, shown before the next deal is dealt: what each player took that
 * counted and its points, the deal's points, the totals after it and the places; a
 * positive's bidding; German Whist's score against the target.
 * @param {View} v
 * @param {number} i      the deal's index in v.deals
 * @param {string} deck
 * @param {() => void} then
 * @param {string} [claimed]  who claimed the rest of the deal, as the table told it (the
 *   message would be hidden behind this dialog)
 * @param {boolean} [last]  the match ended with this deal (the engine's match-end follows):
 *   its button leads to the match's result, not to a next deal
 */
export function showDealResult(v, i, deck, then, claimed = "", last = false) {
  const d = v.deals[i];
  const nm = names(v);
  const totals = d.scores || v.deals.slice(0, i + 1).reduce((acc, x) => acc.map((a, s) => a + x.points[s]), nm.map(() => 0));
  const places = placings(totals);
  const counted = d.counted || nm.map(() => []);
  const head = el("tr", {}, el("th", { text: t("sum_player") }), el("th", { text: t("sum_took") }), el("th", { text: t("sum_deal") }),
    el("th", { text: t("sum_total") }), el("th", { text: t("sum_place") }));
  const rows = nm.map((name, s) => el("tr", { "data-seat": String(s), class: s === v.seat ? "me" : "" },
    el("th", { scope: "row", text: name }), tookCell(counted[s] || [], v, deck, nm, d.owner),
    el("td", { class: "pts", text: pointsText(d.points[s], v) }), el("td", { class: "total", text: pointsText(totals[s], v, { total: true }) }),
    el("td", { class: "place", text: placeText(places[s]) })));
  const content = [el("table", { class: "sheet summary", id: "deal-summary" }, el("thead", {}, head), el("tbody", {}, ...rows))];
  if (v.facts.to_target) {
    const target = d.target ?? v.options.target;
    const me = bottomSeat(v), other = 1 - me;
    content.push(el("p", { class: "whist-match", id: "whist-match", text: t("whist_match", {
      a: nm[me], x: pointsText(totals[me], v, { total: true }), y: pointsText(totals[other], v, { total: true }), b: nm[other], target }) }));
  }
  // the stock showed the trump through the deal: the summary names it
  if (v.facts.stock && d.trump) content.push(el("p", { class: "note", text: t("trump", { suit: t(`suit_${d.trump}`) }) }));
  if (claimed) content.push(el("p", { class: "note", id: "claim-note", text: claimed }));
  const early = earlyEndText(d, v, claimed);
  if (early) content.push(el("p", { class: "note", id: "early-end", text: early }));
  const capped = cappedPayment(d, v);
  if (capped !== null) content.push(el("p", { class: "note", id: "payment-capped", text: t("payment_capped", { n: numberText(capped) }) }));
  if (d.log && d.log.length && d.owner !== undefined && d.owner !== null) {
    // an owner who played the positive at once held no auction: the heading says so
    const heading = heldAuction(d.log) ? "log_title" : "log_title_choice";
    content.push(el("h3", { text: t(heading) }), el("ol", { class: "deal-log" }, ...logLines(v, d.log, d.owner).map((line) => el("li", { text: line }))));
  }
  // German Whist has one contract: its name on every deal would only repeat the game's
  openDialog(dealTitle(v, i + 1, d.contract), content,
    [...dealExtras.actions(v, i), [t(last ? "to_result" : i + 1 < v.deals.length || v.over ? "continue" : "next_deal"), null, true]], then);
}

/** More buttons for a deal's summary (the records' Review and Export: records/page.js),
 * and for the score sheet and the match's end (Review the match), each returning false to
 * keep its dialog open, so the table waits under them. */
export const dealExtras = {
  /** @type {(v: View, i: number) => DialogAction[]} */
  actions: () => [],
  /** @type {(v: View) => DialogAction[]} */
  match: () => [],
};

/** A bought positive's payment when it fell short of the offer (the buyer pays at most
 * what he made: RULES, "payment"), else null.
 * @param {import("../protocol.js").DealRecord} d @param {View} v @returns {number | null} */
function cappedPayment(d, v) {
  if (d.buyer === null || d.buyer === undefined || d.payment === undefined || !d.bought || v.options.uncapped_payment) return null;
  const [, kind, n] = d.bought.split(":");
  const worth = v.facts.offers[kind] * Number(n);
  return d.payment < worth ? d.payment : null;
}

/** The deal the winner gained most in on the runner-up, or null (everyone level).
 * @param {View} v @returns {{deal: number, winner: number, other: number} | null} */
export function decidingDeal(v) {
  const best = Math.max(...v.scores);
  const winner = v.scores.indexOf(best);
  const rest = v.scores.map((x, s) => [x, s]).filter(([x]) => x < best).sort((a, b) => b[0] - a[0]);
  if (!rest.length || !v.deals.length) return null;
  const other = rest[0][1];
  let deal = 0;
  v.deals.forEach((d, k) => {
    if (d.points[winner] - d.points[other] > v.deals[deal].points[winner] - v.deals[deal].points[other]) deal = k;
  });
  return { deal, winner, other };
}

/** @param {View} v */
export function showSheet(v) {
  openDialog(t("score_sheet"), sheetTable(v), [...dealExtras.match(v), [t("close"), null, true]]);
}

/**
 * The match's end: the winner, the places, the deal of the biggest swing, the player's record
 * at this game and level, the score sheet; play again.
 * @param {View} v
 * @param {import("../store.js").StatLine | null} record  this game and level's statistics, after this match
 * @param {{onPlayAgain: () => void, onNewGame: () => void, onStats: () => void}} on
 */
export function showMatchEnd(v, record, on) {
  const nm = names(v);
  const best = Math.max(...v.scores);
  const seats = nm.flatMap((_, s) => (v.scores[s] === best ? [s] : []));
  const others = seats.filter((s) => s !== v.seat).map((s) => nm[s]).join(", ");
  const mine = seats.includes(v.seat);
  const title = seats.length === 1 ? (mine ? t("winner_you") : t("winner", { names: others }))
    : mine ? t("winners_you", { names: others }) : t("winners", { names: others });
  const places = placings(v.scores);
  const order = nm.map((_, s) => s).sort((a, b) => places[a] - places[b] || a - b);
  const table = el("table", { class: "sheet placings", id: "placings" }, el("tbody", {}, ...order.map((s) =>
    el("tr", { class: s === v.seat ? "me" : "" }, el("td", { class: "place", text: placeText(places[s]) }), el("th", { scope: "row", text: nm[s] }),
      el("td", { text: pointsText(v.scores[s], v, { total: true }) })))));
  const content = [el("p", { text: title, id: "winner", class: "winner" }), table];
  const dd = decidingDeal(v);
  if (dd) {
    const d = v.deals[dd.deal];
    content.push(el("p", { id: "decider", class: "decider", text: t(v.facts.named_deals ? "decider" : "decider_whist", { n: dd.deal + 1, contract: contractLabel(v, d.contract),
      name: nm[dd.winner], a: pointsText(d.points[dd.winner], v), other: nm[dd.other], b: pointsText(d.points[dd.other], v) }) }));
  }
  if (record) {
    content.push(el("p", { id: "record", class: "record", text: t("record_line", { game: t(`game_${v.game}`), level: t(`level_${v.level}`),
      played: t("record_played", { n: record.played }, record.played), won: t("record_won", { n: record.won }, record.won), avg: numberText(Math.round(record.total / Math.max(1, record.played))) }) }));
  }
  content.push(el("details", { class: "sheet-fold" }, el("summary", { text: t("score_sheet") }), ...sheetTable(v)));
  openDialog(t("match_over"), content,
    [[t("play_again"), on.onPlayAgain, true], ...dealExtras.match(v), [t("new_game"), () => { setTimeout(on.onNewGame, 0); }],
      [t("stats"), () => { setTimeout(on.onStats, 0); }]]);
}
