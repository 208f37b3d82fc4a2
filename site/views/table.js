// The table around the cards: the banner (deal, contract, trump, owner), the seats with
// their names, scores, card backs and bids, German Whist's stock, the toolbar's state.
import { t } from "../i18n/index.js";
import { $, el } from "./dom.js";
import { cardFace } from "./card.js";
import { bidLabel, cardName, contractLabel, costLabel, lessonText, names, pointsText, position, suitWord } from "./labels.js";

/** @typedef {import("../protocol.js").View} View */

/**
 * How the table looks, besides the view.
 * @typedef {object} Look
 * @property {string} deck        "plain" | "classic"
 * @property {boolean} fourColor
 * @property {boolean} busy       a request is under way (undo waits)
 */

/** @param {View} v @param {Look} look */
export function renderTable(v, look) {
  document.body.classList.toggle("four-color", look.fourColor && look.deck !== "classic");
  document.body.classList.toggle("deck-classic", look.deck === "classic");
  $("table").dataset.game = v.game;
  renderBanner(v);
  renderSeats(v);
  renderStock(v, look.deck);
  /** @type {HTMLButtonElement} */ ($("btn-undo")).disabled = !v.can_undo || look.busy;
  /** @type {HTMLButtonElement} */ ($("btn-hint")).disabled = v.turn !== v.human || v.over;
}

/** @param {View} v */
function renderBanner(v) {
  const nm = names(v);
  const deal = v.deals_total ? t("deal_of", { n: v.deal_no + 1, total: v.deals_total }) : t("deal_n", { n: v.deal_no + 1 });
  const cl = el("strong", { text: contractLabel(v) });
  const cost = costLabel(v);
  /** @type {(string | HTMLElement)[]} */
  const kids = v.lesson ? [cl] : [deal, " · ", cl];
  if (cost) kids.push(` (${cost})`);
  if (v.game === "kingru") kids.push(` (${(v.deal_total || 0) > 0 ? "+" : ""}${(v.deal_total || 0) * (v.options.scale || 1)})`);
  if (v.trump) kids.push(" · ", t("trump", { suit: suitWord(v.trump) }));
  else if (v.game === "king" && v.contract.startsWith("up:NT")) kids.push(" · ", t("no_trump"));
  if (v.owner !== null && v.owner !== undefined) kids.push(" · ", t("owner_is", { name: nm[v.owner] }));
  if (v.game === "whist") kids.push(" · ", t(v.stage === 1 ? "stage1" : "stage2"));
  if (v.lesson) kids.unshift(el("strong", { text: `${t("lesson")}: ${lessonText(v.lesson)[0]}` }), " · ");
  $("banner").replaceChildren(...kids);
}

/** @param {View} v */
function renderSeats(v) {
  const nm = names(v);
  for (const pos of ["top", "left", "right", "bottom"]) $(`seat-${pos}`).replaceChildren();
  for (let s = 0; s < v.players; s++) {
    const box = $(`seat-${position(s, v)}`);
    box.classList.toggle("to-act", v.turn === s && !v.over);
    const scale = v.options.scale || 1;
    const meta = [`${v.scores[s] * scale}`];
    if (v.game === "whist") meta.push(t("tricks_taken", { n: /** @type {number[]} */ (v.stage === 1 ? v.stage1_taken : v.taken)[s] }));
    else if (v.taken && v.phase === "play") meta.push(t("tricks_taken", { n: v.taken[s] }));
    if (v.game !== "whist" && v.phase === "play" && v.deal_points && v.deal_points[s]) {
      meta.push(t("this_deal", { n: pointsText(v.deal_points[s], v) }));
    }
    const turn = v.turn === s && !v.over;
    const plate = el("div", { class: "plate" }, el("div", { class: "name" }, nm[s],
      turn && s === v.human ? el("span", { class: "cue", text: ` · ${t("your_turn")}` }) : null),
    el("div", { class: "meta", text: meta.join(" · ") }));
    const items = [plate];
    if (s !== v.human) {
      const n = v.hand_counts[s];
      items.push(el("div", { class: "backs", role: "img", "aria-label": t("n_cards", { n }, n) },
        ...Array.from({ length: n }, () => el("span", { class: "back" }))));
    }
    const bid = lastBid(v, s);
    if (bid) items.push(el("div", { class: "bubble", text: bid }));
    box.replaceChildren(...items);
  }
}

/** The human has acted: the turn cue leaves them at once, before the engine answers. */
export function clearMyTurn() {
  const me = $("seat-bottom");
  me.classList.remove("to-act");
  const cue = me.querySelector(".cue");
  if (cue) cue.remove();
}

/** A seat's latest bid while the auction's outcome is still open.
 * @param {View} v @param {number} seat */
function lastBid(v, seat) {
  if (!v.auction || !["auction", "decide", "ultimatum", "trump"].includes(v.phase)) return null;
  const bids = v.auction.bids.filter((b) => b.seat === seat);
  return bids.length ? bidLabel(bids[bids.length - 1]) : null;
}

/** German Whist: the face-up card, the stock's size, what each player drew last.
 * @param {View} v @param {string} deck */
function renderStock(v, deck) {
  const stock = $("stock");
  if (v.game !== "whist") { stock.hidden = true; return; }
  stock.hidden = false;
  const bits = [];
  if (v.faceup) bits.push(el("span", { text: t("faceup") + ":" }), cardFace(v.faceup, { deck }));
  bits.push(el("span", { text: t("stock_left", { n: v.stock_count ?? 0 }) }));
  const draws = v.draws || [];
  const last = draws[draws.length - 1];
  if (last) {  // what each player took from the stock after the last trick
    const nm = names(v);
    const other = 1 - v.human;
    const mineCard = /** @type {string} */ (last.winner === v.human ? last.faceup : last.hidden);
    bits.push(el("span", { text: t("drew", { card: cardName(mineCard) }) }));
    bits.push(el("span", { text: t("opp_drew", { name: nm[other] }) }),
      last.winner === other ? cardFace(last.faceup, { deck }) : el("span", { class: "card back", role: "img", "aria-label": t("n_cards", { n: 1 }, 1) }));
  }
  stock.replaceChildren(...bits);
}
