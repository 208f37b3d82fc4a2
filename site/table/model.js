// A table as one audience (a seat, or a spectator) knows it, kept up to date from the
// engine's numbered events: the page draws this model, never a guess from two snapshots.
// The engine says what happened and everything a rule decides (who won the trick, who is
// to act, the points, where an auction stands); applying an event only files it: a card
// leaves a hand and joins the trick, a trick joins the deal's tricks, a deal's record joins
// the match's.  Pure: no DOM, no worker (tested in Node, and against the engine's own views
// over random matches by tests/engine/test_events.py).

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").Event} Event */
/** @typedef {import("../protocol.js").TableDetails} TableDetails */

/**
 * The model: an audience's view of the table, the table's seats and settings beside it,
 * and the number `n` of the last event in it (the engine's `Session.state`).
 * @typedef {View & TableDetails & {n: number, bottom?: number}} Model
 */

const RANKS = "23456789TJQKA";
const SUITS = "CDHS";
/** A card's place in the engine's order (by suit, then rank): hands are kept in it.
 * @param {string} c */
const order = (c) => SUITS.indexOf(c[1]) * 13 + RANKS.indexOf(c[0]);
/** @param {string[]} cards */
const sorted = (cards) => [...cards].sort((a, b) => order(a) - order(b));

/**
 * The model after one event (a new object: the one given is left as it was).  The event
 * must be the next one (`e.n === m.n + 1`): see applyUpdate for gaps and repeats.
 * @param {Model} m @param {Event} e @returns {Model}
 */
export function applyEvent(m, e) {
  /** @type {any} */
  const s = { ...m, n: e.n, legal: [] };
  switch (e.type) {
    case "deal":
      return { ...m, ...e.state, deals: m.deals, n: e.n, legal: [] };
    case "play": {
      s.trick = [...m.trick, { seat: e.seat, card: e.card }];
      if (e.seat === m.seat) s.hand = m.hand.filter((c) => c !== e.card);
      s.hand_counts = m.hand_counts.map((k, i) => (i === e.seat ? k - 1 : k));
      if (m.opponent_known && e.seat !== m.seat) s.opponent_known = m.opponent_known.filter((c) => c !== e.card);
      s.turn = e.turn;
      return s;
    }
    case "trick": {
      s.tricks = [...m.tricks, { leader: e.leader, cards: e.cards, winner: e.winner }];
      s.trick = [];
      s.taken = e.taken;
      if (e.stage1_taken) s.stage1_taken = e.stage1_taken;
      if (m.won) s.won = m.won.map((w, i) => (i === e.winner ? sorted([...w, ...e.cards]) : w));
      s.deal_points = e.deal_points;
      s.last_trick = { leader: e.leader, cards: e.cards, winner: e.winner, deal_no: m.deal_no, serial: e.serial };
      s.leader = e.winner;
      s.trick_no = e.trick_no;
      s.turn = e.turn;
      return s;
    }
    case "draw": {
      s.draws = [...m.draws || [], { trick: e.trick, winner: e.winner, faceup: e.faceup, hidden: e.hidden }];
      if (m.seat !== null) {
        const mine = e.winner === m.seat ? e.faceup : /** @type {string} */ (e.hidden);
        s.hand = sorted([...m.hand, mine]);
        if (e.winner !== m.seat) s.opponent_known = sorted([...m.opponent_known || [], e.faceup]);
      }
      s.hand_counts = m.hand_counts.map((k) => k + 1);
      s.faceup = e.next_faceup;
      s.stock_count = e.stock_count;
      s.stage = e.stage;
      return s;
    }
    case "bid":
    case "decision":
      if (e.entry.phase !== "dealer") s.log = [...m.log || [], e.entry];
      if (e.then) Object.assign(s, e.then);
      return s;
    case "deal-end":
      s.deals = [...m.deals, e.record];
      s.scores = e.scores;
      s.turn = null;
      return s;
    case "match-end":
      s.scores = e.scores;
      s.over = true;
      s.turn = null;
      if (m.phase !== undefined) s.phase = "over";
      return s;
    default:
      return s;  // a kind this page does not know: counted, nothing drawn from it
  }
}

/**
 * Apply an audience's update (its events, then its legal actions).  An event already
 * applied (a repeat) is skipped; one that leaves a gap stops the update there: `gap`
 * is then true and the page must ask for the whole state again.
 * @param {Model} m @param {{events: Event[], legal: string[]}} u
 * @returns {{model: Model, applied: Event[], gap: boolean}}
 */
export function applyUpdate(m, u) {
  let model = m;
  /** @type {Event[]} */
  const applied = [];
  for (const e of u.events) {
    if (e.n <= model.n) continue;
    if (e.n !== model.n + 1) return { model, applied, gap: true };
    model = applyEvent(model, e);
    applied.push(e);
  }
  return { model: { ...model, legal: u.legal }, applied, gap: false };
}
