// The score sheet: the whole match as a grid, one row per deal, the deals to come
// included (their contracts named, their cells empty), each positive's owner or buyer
// named; every played deal's points per seat, its sum and the totals.  German Whist,
// whose match has no fixed length, lists the deals played so far.
import { t } from "../i18n/index.js";
import { el } from "./dom.js";
import { contractLabel, isYou, names, offerLabel, pointsText } from "./labels.js";

/** @typedef {import("../table/model.js").Model} View */
/** @typedef {import("../protocol.js").DealRecord} DealRecord */

/**
 * One row of the sheet: a deal played (`record`), the deal being played, or one to come.
 * @typedef {object} SheetRow
 * @property {number} deal          its number in the match, from 0
 * @property {string} contract      as played, or as the match's order names it
 * @property {"played" | "now" | "to-come"} when
 * @property {string} who           a positive's owner or buyer in words, or ""
 * @property {DealRecord | null} record
 */

/** Who played a King positive: "East bought 2 nulls from West", "owner: North", or ""
 * (a negative, or an owner not known yet).
 * @param {View} v @param {number | null | undefined} owner @param {number | null | undefined} buyer @param {string | null | undefined} offer */
export function positiveWho(v, owner, buyer, offer) {
  if (owner === null || owner === undefined) return "";
  const nm = names(v);
  if (buyer !== null && buyer !== undefined && offer) {
    const key = isYou(buyer, v) ? "cap_bought_you" : isYou(owner, v) ? "cap_bought_from_you" : "cap_bought";
    return t(key, { buyer: nm[buyer], owner: nm[owner], offer: offerLabel(offer) });
  }
  return isYou(owner, v) ? t("sheet_owner_you") : t("sheet_owner", { name: nm[owner] });
}

/** The sheet's rows, from the engine's records and the match's order (`order`, King's
 * `owners`; a game of no fixed list of deals has none): pure, so tested in Node.  A deal
 * has an owner where a player chooses its contract (`facts.chosen`: King's positive).
 * @param {View} v @returns {SheetRow[]} */
export function sheetRows(v) {
  /** @type {SheetRow[]} */
  const rows = v.deals.map((d, i) => ({ deal: i, contract: d.contract, when: "played", record: d,
    who: v.facts.chosen ? positiveWho(v, d.owner, d.buyer, d.bought) : "" }));
  const order = v.lesson || v.scenario ? [] : v.order || [];
  for (let i = rows.length; i < order.length; i++) {
    const now = i === v.deal_no && !v.over;
    const owners = v.owners || [];
    // the deal being played names its contract as chosen so far, and its buyer once there is one
    const who = !v.facts.chosen ? "" : now ? positiveWho(v, v.owner, v.buyer, v.bought) : positiveWho(v, owners[i], null, null);
    rows.push({ deal: i, contract: now ? v.contract : order[i], when: now ? "now" : "to-come", record: null, who });
  }
  return rows;
}

/** Every deal's points per seat and the totals.  Each deal's points must sum to what the
 * engine says its contract hands out, and the totals to the deals; a player learns of it
 * only when they do not (an error to report), and #sheet-check says which it is.
 * @param {View} v */
export function sheetTable(v) {
  const nm = names(v);
  const pts = (/** @type {number} */ n) => pointsText(n, v, { total: true });
  // the Σ column proves a zero-sum table; German Whist's two scores add up to nothing
  // a player reads, and its deals are not named by a contract, so neither column is shown there
  const numbered = !v.facts.named_deals;
  /** @param {Node[]} cells @param {Node} contract @param {Node} sum */
  const row = (cells, contract, sum) => numbered ? cells : [cells[0], contract, ...cells.slice(1), sum];
  const head = el("tr", {}, ...row([el("th", { text: "#" }), ...nm.map((n) => el("th", { text: n }))], el("th", { class: "contract", text: t("game") }), el("th", { class: "sum", text: "Σ" })));
  let ok = true;
  const body = sheetRows(v).map((r) => {
    const d = r.record;
    const game = el("td", { class: "contract" }, contractLabel(v, r.contract), r.who ? el("span", { class: "who", text: r.who }) : null);
    const attrs = { class: r.when, "data-deal": String(r.deal), "aria-current": r.when === "now" ? "step" : null };
    if (!d) return el("tr", attrs, ...row([el("td", { text: String(r.deal + 1) }), ...nm.map(() => el("td"))], game, el("td", { class: "sum" })));
    const sum = d.points.reduce((a, b) => a + b, 0);
    if (sum !== d.total) ok = false;
    return el("tr", attrs, ...row([el("td", { text: String(r.deal + 1) }), ...d.points.map((p) => el("td", { text: pts(p) }))],
      game, el("td", { class: sum === d.total ? "sum" : "sum bad", text: pts(sum) })));
  });
  const totals = v.scores;
  const grand = totals.reduce((a, b) => a + b, 0);
  const expected = v.deals.reduce((a, d) => a + d.total, 0);
  if (grand !== expected) ok = false;
  const foot = el("tr", {}, ...row([el("td", { text: numbered ? t("sheet_total") : "" }), ...totals.map((p) => el("td", { text: pts(p) }))],
    el("td", { text: t("sheet_total") }), el("td", { class: "sum", text: pts(grand) })));
  const table = el("table", { class: "sheet", id: "sheet" }, el("thead", {}, head), el("tbody", {}, ...body), el("tfoot", {}, foot));
  const check = el("p", { class: "bad", id: "sheet-check", "data-sums": ok ? "ok" : "bad", hidden: ok, text: ok ? "" : t("sums_bad") });
  return [table, check];
}
