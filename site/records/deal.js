// The record (docs/RECORDS.md) of one finished deal of the table the page follows, made
// from what the engine released at the deal's end (`deals[i]` of the model: the hands as
// dealt, German Whist's stock, the positive's spoken actions, the tricks in order): what
// every seat may see once the deal is over, and no seed, so a guest's page can record
// its deals as well as the host's.  It is filing, not judging: the review's worker reads
// the record back (`read`) and replays it under the rules before anything is shown.

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
  const d = /** @type {Record<string, any>} */ (v.deals[i]);
  if (!d) throw new RangeError(`deal ${i} is not over`);
  const key = v.game === "kingru" ? "leader" : "dealer";
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
  if (v.game === "whist") deal.stock = d.stock;
  /** @type {Record<string, any>} */
  const rec = { format: FORMAT, version: VERSION, game: v.game, options: v.options };
  const names = Array.from({ length: v.players }, (_, s) => {
    const n = v.seats && v.seats[s] && v.seats[s].name;
    return typeof n === "string" && NAME.test(n) ? n : null;
  });
  if (names.some((n) => n !== null)) rec.names = names;
  rec.deals = [deal];
  return rec;
}
