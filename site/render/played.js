// The deal's play so far, one tap (or the T key) away: every trick of the deal, who
// played which card, who led it and who took it, and the trick on the table now.  Drawn
// from the model's `tricks` and `trick`, the engine's public record of the deal: every
// card in it was played face up, so any seat may see all of it.
import { t } from "../i18n/index.js";
import { el } from "./dom.js";
import { cardFace } from "./card.js";
import { bottomSeat, cardName, names } from "./labels.js";
import { openDialog } from "./dialogs.js";

/** @typedef {import("../table/model.js").Model} View */

/**
 * A trick as the dialog lists it: its number in the deal (from 1), each seat's card
 * (null: not played yet), who led and who took it (null while it is being played), and
 * whether German Whist's scoring stage starts with it.
 * @typedef {{no: number, cards: (string | null)[], leader: number, winner: number | null, stage2: boolean}} PlayedTrick
 */

/** The deal's tricks so far, the one on the table last: pure, so tested in Node.
 * @param {View} v @returns {PlayedTrick[]} */
export function playedTricks(v) {
  const n = v.players;
  const finished = v.tricks || [];
  /** @type {PlayedTrick[]} */
  const out = finished.map((tr, i) => {
    /** @type {(string | null)[]} */
    const cards = Array(n).fill(null);
    tr.cards.forEach((c, k) => { cards[(tr.leader + k) % n] = c; });
    return { no: i + 1, cards, leader: tr.leader, winner: tr.winner, stage2: false };
  });
  const now = v.trick || [];
  if (now.length) {
    /** @type {(string | null)[]} */
    const cards = Array(n).fill(null);
    for (const x of now) cards[x.seat] = x.card;
    out.push({ no: finished.length + 1, cards, leader: now[0].seat, winner: null, stage2: false });
  }
  // a German Whist hand's tricks from stage2_from on are the ones that score
  const from = v.stage2_from;
  if (v.facts.stock && typeof from === "number" && out[from]) out[from].stage2 = true;
  return out;
}

/** The seats in the order the table shows them going round: the bottom seat first.
 * @param {View} v */
const seatOrder = (v) => Array.from({ length: v.players }, (_, k) => (bottomSeat(v) + k) % v.players);

/** The dialog of the deal's play so far.  @param {View} v @param {string} deck */
export function showPlayed(v, deck) {
  const tricks = playedTricks(v);
  const nm = names(v);
  const seats = seatOrder(v);
  if (!tricks.length) {
    openDialog(t("played_open"), [el("p", { id: "played-none", text: t("played_none") })], [[t("close"), null, true]]);
    return;
  }
  const head = el("tr", {}, el("th", { scope: "col", text: "#" }), ...seats.map((s) => el("th", { scope: "col", text: nm[s] })));
  const rows = tricks.flatMap((tr) => {
    const row = el("tr", { class: tr.winner === null ? "now" : "", "data-trick": String(tr.no) }, el("th", { scope: "row", text: String(tr.no) }),
      ...seats.map((s) => {
        const c = tr.cards[s];
        const led = s === tr.leader, took = s === tr.winner;
        // what the marks mean, in words, for whoever does not see them
        const said = [c ? cardName(c) : t("played_not_yet"), led ? t("played_led") : "", took ? t("played_took") : ""].filter(Boolean).join(", ");
        return el("td", { class: [led ? "led" : "", took ? "took" : ""].filter(Boolean).join(" "), "data-seat": String(s), "aria-label": said },
          led ? el("span", { class: "lead-mark", "aria-hidden": "true", text: "▸" }) : null,
          c ? cardFace(c, { cls: "mini", deck }) : null);
      }));
    return tr.stage2 ? [el("tr", { class: "stage-row" }, el("th", { colspan: String(v.players + 1), scope: "rowgroup", text: t("stage2") })), row] : [row];
  });
  const table = el("table", { class: "sheet played", id: "played" }, el("thead", {}, head), el("tbody", {}, ...rows));
  openDialog(t("played_open"), [table, el("p", { class: "note", id: "played-legend", text: t("played_legend") })], [[t("close"), null, true]]);
}
