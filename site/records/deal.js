// The record (docs/RECORDS.md) of a finished deal, or of the match so far, of the table
// the page follows, made from what the engine released at each deal's end (`deals[i]` of
// the model: the hands as dealt, German Whist's stock, the positive's spoken actions, the
// tricks in order): what every seat may see once the deal is over, and no seed, so a
// guest's page can record its deals as well as the host's.  It is filing, not judging:
// the review's worker reads the record back (`read`) and replays it under the rules
// before anything is shown.

/** @typedef {import("../table/model.js").Model} View */

const FORMAT = "kingweb-record";
const VERSION = 1;
// what the format allows as a player's name (RECORDS.md §1.1); anything else is left out
const NAME = /^[^\s"\u0000-\u001f\u007f](?:[^"\u0000-\u001f\u007f]{0,58}[^\s"\u0000-\u001f\u007f])?$/;

/**
 * Deal `i` of the model's finished deals as a one-deal record (JSON data).
 * @param {View} v @param {number} i
 * @returns {Record<string, any>}
 */
export function dealRecord(v, i) {
  if (!v.deals[i]) throw new RangeError(`deal ${i} is not over`);
  return record(v, [i]);
}

/**
 * Every finished deal of the model's match as one record, with the totals after them
 * (`scores`: the record starts at the match's first deal), for the match's review.
 * @param {View} v
 * @returns {Record<string, any>}
 */
export function matchRecord(v) {
  if (!v.deals.length) throw new RangeError("no deal is over yet");
  const rec = record(v, v.deals.map((_, i) => i));
  rec.scores = [...v.scores];  // (a deal in play has scored nothing yet)
  return rec;
}

/** @param {View} v @param {number[]} which the deals' indices @returns {Record<string, any>} */
function record(v, which) {
  const key = v.facts.seat_field;
  const deals = which.map((i) => {
    const d = /** @type {Record<string, any>} */ (v.deals[i]);
    /** @type {Record<string, any>} */
    const deal = {
      deal_no: i,
      contract: d.contract,
      [key]: d[key],
      hands: d.hands,
      actions: [...(d.log || []).map((/** @type {{action: string}} */ e) => e.action),
        ...d.tricks.flatMap((/** @type {{cards: string[]}} */ tr) => tr.cards)],
      points: d.points,
    };
    if (v.facts.stock) deal.stock = d.stock;
    return deal;
  });
  /** @type {Record<string, any>} */
  const rec = { format: FORMAT, version: VERSION, game: v.game, options: v.options };
  const names = Array.from({ length: v.players }, (_, s) => {
    const n = v.seats && v.seats[s] && v.seats[s].name;
    return typeof n === "string" && NAME.test(n) ? n : null;
  });
  if (names.some((n) => n !== null)) rec.names = names;
  rec.deals = deals;
  return rec;
}
