// The page's table model (site/table/model.js): events filed in order, repeats skipped,
// gaps stopped at.  Its agreement with the engine's own views over whole random matches is
// tests/engine/test_events.py's; these are the cases a page meets on a bad network.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyEvent, applyUpdate } from "../../site/table/model.js";

/** A Кинг-like model before a trick's last card: seat 0 holds two cards.
 * @returns {any} */
const base = () => ({
  game: "kingru", players: 4, seat: 0, turn: 3, over: false, phase: "play", deal_no: 0,
  hand: ["7C", "KH"], hand_counts: [2, 1, 1, 2], trick: [{ seat: 1, card: "8C" }, { seat: 2, card: "9C" }],
  tricks: [], taken: [0, 0, 0, 0], won: [[], [], [], []], deal_points: [0, 0, 0, 0], leader: 1, trick_no: 0,
  last_trick: null, legal: [], deals: [], scores: [0, 0, 0, 0],
  seats: [{ kind: "person", name: "" }], level: "normal", lesson: null, solo: true, can_undo: false, match: "m1", n: 5,
});

test("a card played joins the trick and leaves the player's count", () => {
  const m = applyEvent(base(), { n: 6, type: "play", seat: 3, card: "TC", turn: null });
  assert.deepEqual(m.trick.map((x) => x.card), ["8C", "9C", "TC"]);
  assert.deepEqual(m.hand_counts, [2, 1, 1, 1]);
  assert.equal(m.turn, null);
  assert.equal(m.n, 6);
});

test("a trick taken files its cards with the taker, the engine's tallies and points", () => {
  let m = applyEvent(base(), { n: 6, type: "play", seat: 3, card: "TC", turn: null });
  m = applyEvent(m, { n: 7, type: "trick", leader: 1, cards: ["8C", "9C", "TC", "JC"], winner: 0, serial: 1,
    trick_no: 1, taken: [1, 0, 0, 0], deal_points: [-2, 0, 0, 0], turn: 0 });
  assert.deepEqual(m.trick, []);
  assert.deepEqual(m.won[0], ["8C", "9C", "TC", "JC"]);
  assert.deepEqual(m.deal_points, [-2, 0, 0, 0]);
  assert.equal(m.last_trick.serial, 1);
  assert.equal(m.leader, 0);
});

test("the model given is left as it was", () => {
  const before = base();
  const copy = JSON.stringify(before);
  applyEvent(before, { n: 6, type: "play", seat: 0, card: "7C", turn: 1 });
  assert.equal(JSON.stringify(before), copy);
});

test("a repeated event is skipped and a gap stops the update", () => {
  const m = base();
  const repeat = applyUpdate(m, { events: [{ n: 5, type: "play", seat: 3, card: "TC", turn: null }], legal: ["7C"] });
  assert.equal(repeat.gap, false);
  assert.equal(repeat.applied.length, 0);
  assert.deepEqual(repeat.model.trick.length, 2);
  const gap = applyUpdate(m, { events: [{ n: 7, type: "match-end", scores: [1, 2, 3, 4] }], legal: [] });
  assert.equal(gap.gap, true);
  assert.equal(gap.model, m);
});

test("a new deal keeps the finished deals and the table's seats", () => {
  let m = applyEvent(base(), { n: 6, type: "deal-end", deal_no: 0, record: { contract: "no-tricks", points: [0, 0, 0, 0], total: -16 },
    scores: [0, -1, 0, 0] });
  assert.equal(m.deals.length, 1);
  assert.equal(m.turn, null);
  m = applyEvent(m, { n: 7, type: "deal", deal_no: 1, state: { ...base(), hand: ["AS"], deal_no: 1, match: undefined } });
  assert.equal(m.deals.length, 1);
  assert.deepEqual(m.hand, ["AS"]);
  assert.deepEqual(m.seats, base().seats);
});

test("German Whist: the loser's draw goes to the hand in the engine's order, the winner's card is known", () => {
  const w = { ...base(), game: "whist", players: 2, hand: ["2C", "AS"], hand_counts: [2, 2], opponent_known: [], draws: [],
    faceup: "KD", stock_count: 4, stage: 1 };
  const m = applyEvent(w, { n: 6, type: "draw", trick: 0, winner: 1, faceup: "KD", hidden: "3H", next_faceup: "QH", stock_count: 2, stage: 1 });
  assert.deepEqual(m.hand, ["2C", "3H", "AS"]);
  assert.deepEqual(m.opponent_known, ["KD"]);
  assert.equal(m.faceup, "QH");
  assert.deepEqual(m.hand_counts, [3, 3]);
  const watcher = applyEvent({ ...w, seat: null, hand: [] }, { n: 6, type: "draw", trick: 0, winner: 1, faceup: "KD", hidden: null,
    next_faceup: "QH", stock_count: 2, stage: 1 });
  assert.deepEqual(watcher.hand, []);
});
