// The table around the cards: the banner (deal, contract, trump, owner), the seats with
// their names, scores, card backs and bids, German Whist's stock.  Draws into the table
// element it is given, from the scene it is given (render/scene.js).
import { t } from "../i18n/index.js";
import { el, part } from "./dom.js";
import { cardFace } from "./card.js";
import { SUIT_SYM, bidLabel, bottomSeat, cardShort, contractLabel, costLabel, lessonText, names, pointsText, position, suitWord, totalLabel, trumpLabel } from "./labels.js";
import { heldAuction, positiveCaption, said } from "./narrate.js";
import * as badgeView from "./badge.js";

/** @typedef {import("./scene.js").Scene} Scene */
/** @typedef {import("../table/model.js").Model} View */

/** @param {HTMLElement} root @param {Scene} scene */
export function render(root, scene) {
  const v = scene.model;
  root.classList.toggle("four-color", scene.look.fourColor && scene.look.deck !== "classic");
  root.classList.toggle("deck-classic", scene.look.deck === "classic");
  root.dataset.game = v.game;
  renderBanner(root, v, scene.on);
  renderSeats(root, v);
  renderStock(root, v, scene.look.deck, badgeView.playedButton(scene));
  badgeView.render(root, scene);
}

// The banner's facts are parted by a dot tied to the fact before it: a line that must fold
// (a phone's banner has two) folds after the dot, never starting with one.
const SEP = "\u00a0· ";
// A short fact of figures or cards keeps together ("+25 por baza", never "+25" at a line's
// end and "por baza" below; "triunfo ♥"); a long one ("−90 for each of the last two
// tricks") may fold between its words, and so may the words of people ("elige el dueño",
// "Dueño: Norte"), so that a phone's banner still takes two lines.
const KEPT_CHARS = 24;
/** @param {string} text */
const fact = (text) => text.length <= KEPT_CHARS && /[0-9♠♥♦♣]/.test(text) ? el("span", { class: "fact", text }) : text;

/** @param {HTMLElement} root @param {View} v @param {Scene["on"]} on */
function renderBanner(root, v, on) {
  const deal = v.match_deals ? t("deal_of", { n: v.deal_no + 1, total: v.match_deals }) : t("deal_n", { n: v.deal_no + 1 });
  const caption = positiveCaption(v);
  // a positive's caption is two facts, who plays it and how ("Este juega su positiva ·
  // triunfo ♥"): the how is kept together
  const cl = caption
    ? el("strong", {}, ...caption.split(" · ").flatMap((f, k) => (k ? [SEP, fact(f)] : [f])))
    : el("strong", {}, fact(contractLabel(v)));
  /** @type {(string | HTMLElement)[]} */
  const kids = v.lesson ? [cl] : [fact(deal), SEP, cl];
  // the price is a fact of its own beside the contract, not in brackets (some contracts'
  // names have their own: «Не брать кинга (К♥)»); a total keeps its number by a no-break
  // space in its words, and the rest may wrap where it must (a phone's banner has two lines)
  for (const cost of [costLabel(v), totalLabel(v)].filter(Boolean)) kids.push(SEP, fact(cost));
  if (caption && on.log && heldAuction(v.log)) {  // a link that says what it opens, not a word of the sentence
    kids.push(SEP, el("button", { type: "button", class: "rules-link", id: "btn-deal-log", text: t("log_open"), onclick: on.log }));
  }
  if (!caption) {
    const trump = trumpLabel(v);
    if (trump) kids.push(SEP, fact(trump));
    if (v.owner !== null && v.owner !== undefined) kids.push(SEP, said("cap_owns", v.owner, v));
  }
  if (v.facts.stock) kids.push(SEP, fact(t(v.stage === 1 ? "stage1" : "stage2")));
  // a separator the pill's margin draws for the eye, and a space for the ear
  if (v.facts.to_target && !v.lesson) kids.push(" ", el("span", { class: "match-score", id: "match-score", text: whistScore(v) }));
  if (v.lesson) kids.unshift(el("strong", { text: `${t("lesson")}: ${lessonText(v.lesson)[0]}` }), SEP);
  // a daily's table says it is one, and of which day: it plays without undo or hints
  if (v.daily) kids.unshift(el("span", { id: "banner-daily", text: `${t("daily_title")} ${v.daily}` }), SEP);
  part(root, "banner").replaceChildren(...kids);
}

/** German Whist's match so far, the bottom seat first: "You 7 – 4 Opponent · to 15".
 * @param {View} v */
export function whistScore(v) {
  const nm = names(v);
  const me = bottomSeat(v), other = 1 - me;
  return t("whist_score", { a: nm[me], x: pointsText(v.scores[me], v, { total: true }), y: pointsText(v.scores[other], v, { total: true }),
    b: nm[other], target: v.target ?? v.options.target });
}

/** "Trumps: ♣ clubs", the sign and its suit's word never parted by a line's end.
 * @param {string} suit */
function trumpLine(suit) {
  const sym = SUIT_SYM[suit], word = suitWord(suit);
  return t("trumps_whist", { sym, suit: word }).replace(`${sym} ${word}`, `${sym}\u00a0${word}`);
}

/** @param {HTMLElement} root @param {View} v */
function renderSeats(root, v) {
  const nm = names(v);
  for (const pos of ["top", "left", "right", "bottom"]) {  // German Whist leaves two seats empty
    const box = part(root, `seat-${pos}`);
    box.replaceChildren();
    box.classList.remove("to-act");
    box.removeAttribute("role");
    box.removeAttribute("aria-label");
  }
  for (let s = 0; s < v.players; s++) {
    const box = part(root, `seat-${position(s, v)}`);
    box.classList.toggle("to-act", v.turn === s && !v.over);
    // each figure says what it counts: the match total first, then this deal's tricks
    const meta = [t("points", { n: pointsText(v.scores[s], v, { total: true }) }, Math.abs(v.scores[s]))];
    /** @param {number} n */
    const tricks = (n) => t("tricks_taken", { n }, n);
    // German Whist counts only stage 2's tricks: stage 1's plates carry none (a count that
    // fell back to 0 when stage 2 began read as tricks lost), stage 2's say what they count
    if (v.facts.stock) { if (v.stage === 2) meta.push(t("took_stage2", { n: v.taken[s] }, v.taken[s])); }
    else if (v.taken && v.phase === "play") meta.push(tricks(v.taken[s]));
    // (not once the deal has ended: its summary gives the deal's points, and a down deal's
    // running cost of tricks would stand beside them as a second, different figure)
    if (!v.facts.stock && v.phase === "play" && v.turn !== null && v.deal_points && v.deal_points[s]) {
      meta.push(t("this_deal", { n: pointsText(v.deal_points[s], v) }));
    }
    // a bot plays the seat of a person away: one who has gone, until they are back, or,
    // where nobody has sat yet (no name: every guest who joins has one), until somebody does
    // (a line of its own under the figures, which may break: "waiting for a person: a bot
    // plays meanwhile" does not fit a side plate's width on one line)
    const standIn = v.seats && v.seats[s] && v.seats[s].stand_in ? t(v.seats[s].name ? "seat_gone" : "seat_open_bot") : null;
    const turn = v.turn === s && !v.over;
    const dealer = dealerSeat(v) === s;
    // the dealer's button follows the name, never over it; each figure is a piece that
    // does not break (a phone's side plate puts one a line)
    const plate = el("div", { class: "plate" }, el("div", { class: "name" }, el("span", { class: "who", text: nm[s], title: nm[s] }),
      // a (no-break) space between: the name and the mark read as two words ("West D", not "WestD")
      dealer ? el("span", { class: "mark-gap", text: "\u00a0" }) : null, dealer ? el("span", { class: "dealer-mark", "aria-hidden": "true", title: t("seat_dealer"), text: t("dealer_mark") }) : null,
      turn && s === v.seat ? el("span", { class: "cue", text: ` · ${t("your_turn")}` }) : null),
    el("div", { class: "meta" }, ...meta.flatMap((m, k) => [k ? el("span", { class: "meta-sep", text: SEP }) : null,
      el("span", { class: "meta-item", text: m })]).filter((x) => x !== null)),
    standIn ? el("div", { class: "meta seat-status", text: standIn }) : null);
    // a screen reader hears the seat as one labelled group: who, whether they dealt, whether they are to act
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", [nm[s], dealer ? t("seat_dealer") : "", turn ? t("seat_to_act") : ""].filter(Boolean).join(", "));
    const items = [plate];
    if (s !== v.seat) {
      const n = v.hand_counts[s];
      items.push(el("div", { class: "backs", role: "img", "aria-label": t("n_cards", { n }, n) },
        ...Array.from({ length: n }, () => el("span", { class: "back" }))));
    }
    const bid = lastBid(v, s);
    if (bid) items.push(el("div", { class: "bubble", text: bid }));
    box.replaceChildren(...items);
  }
}

/** Who dealt this deal, or null while there is none to show: King's first dealer still
 * being named, and a lesson's position, which nobody dealt.  @param {View} v */
function dealerSeat(v) {
  if (v.dealer === undefined || v.phase === "dealer" || v.lesson || v.scenario) return null;
  return v.dealer;
}

/** The person at the bottom has acted: the turn cue leaves them at once, before the
 * engine answers.  @param {HTMLElement} root */
export function clearMyTurn(root) {
  const me = part(root, "seat-bottom");
  me.classList.remove("to-act");
  const label = me.getAttribute("aria-label");
  if (label) me.setAttribute("aria-label", label.replace(`, ${t("seat_to_act")}`, ""));
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


/** German Whist: the stock beside the trick (its size, the face-up card, the trump, the
 * button to the hand's play so far) and what each player took from it after the last
 * trick, in plain words.
 * @param {HTMLElement} root @param {View} v @param {string} deck @param {HTMLElement | null} played */
function renderStock(root, v, deck, played) {
  const stock = part(root, "stock");
  const news = part(root, "draw-news");
  if (!v.facts.stock) { stock.hidden = true; news.hidden = true; return; }
  stock.hidden = false;
  const n = v.stock_count ?? 0;
  const pile = el("div", { class: "stock-pile" });
  if (n > 1) pile.append(el("span", { class: "card back", role: "img", "aria-label": t("stock_left", { n: n - 1 }) }));
  if (v.faceup) pile.append(cardFace(v.faceup, { deck, cls: "faceup" }));
  stock.replaceChildren(
    el("div", { class: "stock-title", text: n ? t("stock_title", { n }) : t("stock_empty") }),
    ...(n ? [pile, el("div", { class: "stock-label", text: t("faceup") })] : []),
    el("div", { class: "stock-trump", text: trumpLine(/** @type {string} */ (v.trump)) }),
    ...(played ? [played] : []));
  const draws = v.draws || [];
  const last = draws[draws.length - 1];
  // told only right after the trick that drew (the news of stage 1's last draw stays through
  // the first stage-2 trick, then goes)
  if (last && last.trick === (v.tricks || []).length - 1) {
    const nm = names(v);
    const me = bottomSeat(v), other = 1 - me;
    const text = v.seat === null ? t("draw_seen", { card: cardShort(last.faceup), name: nm[last.winner], other: nm[1 - last.winner] })
      : last.winner === me
      ? t("draw_you_won", { card: cardShort(last.faceup), name: nm[other] })
      : t("draw_you_lost", { card: cardShort(last.faceup), name: nm[other], mine: cardShort(/** @type {string} */ (last.hidden)) });
    // a card keeps to the word before it: "you drew" never ends a line with "8♥" alone below
    news.textContent = text.replace(/ (?=\S*[♠♥♦♣])/g, "\u00a0");
    news.hidden = false;
  } else {
    news.hidden = true;
  }
}
