// A table is an instance (site/table/flow.js's createTable): its queue, its pace and its
// state are its own.  Here the real flow runs with a clock the test moves by hand and a
// record standing in for the views: events queued are drawn in order at the pace's times,
// a clock moved far ahead draws all that is queued, and two tables in one page do not meet.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createTable } from "../../site/table/flow.js";
import { adopt } from "../../site/table/start.js";
import { SPEEDS, freshState, prefs } from "../../site/store.js";
import { loadLang, setLang } from "../../site/i18n/index.js";

/** Let every promise that can settle do so. */
const settle = async () => { for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r)); };

/** A clock moved by hand: its timers run when it passes their time, each at its time. */
function fakeTime(start = 10_000) {
  let now = start;
  let id = 0;
  /** @type {{id: number, at: number, fn: () => void}[]} */
  let timers = [];
  return {
    now: () => now,
    /** @param {() => void} fn @param {number} ms */
    after(fn, ms) { timers.push({ id: ++id, at: now + Math.max(0, ms), fn }); return id; },
    /** @param {any} timer */
    cancel(timer) { timers = timers.filter((x) => x.id !== timer); },
    /** Move on `ms`, running each timer due at its own time. @param {number} ms */
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await settle();
        timers.sort((a, b) => a.at - b.at || a.id - b.id);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        now = next.at;
        next.fn();
      }
      now = end;
      await settle();
    },
  };
}

/** What the views were asked to draw: each event number the first time it was drawn, and when.
 * @param {ReturnType<typeof fakeTime>} time */
function recorder(time) {
  /** @type {{n: number, at: number}[]} */
  const drawn = [];
  /** @type {string[]} */
  const sounds = [];
  /** @type {string[]} */
  const claims = [];  // what each deal's summary said of a claim
  /** @type {number[]} */
  const summaries = [];  // when each deal's summary was shown
  /** @type {{msg: string, ms: number, about: string, at: number, gone?: number}[]} */
  const toasts = [];  // the messages said, and when each was taken away
  /** @type {(() => void) | null} */
  let hurried = null;
  /** @param {any} _root @param {() => any} model */
  const draw = (_root, model) => ({
    /** @param {any} s */
    draw(s) { if (s && !drawn.some((d) => d.n === s.model.n)) drawn.push({ n: s.model.n, at: time.now() }); },
    /** @param {any} _s @param {any} _tr @param {number} ms */
    showTrick: (_s, _tr, ms) => new Promise((r) => { hurried = () => r(undefined); time.after(hurried, ms); }),
    hurry() { if (hurried) hurried(); },
    lay() {}, focus() {}, clear() {},
    dialogClosed: async () => {},
    /** @param {any} _v @param {number} _d @param {() => void} then @param {string} claimed */
    dealResult: (_v, _d, then, claimed) => { claims.push(claimed); summaries.push(time.now()); then(); },
    summaryGivesWay: () => () => {},
    dealLog() {}, played() {},
    /** @param {string} msg @param {number} ms @param {string} about */
    toast(msg, ms, about) { toasts.push({ msg, ms, about, at: time.now() }); },
    /** @param {string} about */
    dropToast(about) { for (const x of toasts) if (x.about === about && x.gone === undefined) x.gone = time.now(); },
    /** @param {string} what */
    sound(what) { sounds.push(what); },
    countdown: { setDeadline() {}, msLeft: () => null, paint() {} },
    model,
  });
  return { drawn, sounds, claims, toasts, summaries, draw };
}

/** A match at seat 0 whose trick seats 1, 2 and 3 play to before seat 0's turn.
 * @param {string} match */
function sync(match) {
  const model = {
    game: "kingru", players: 4, seat: 0, turn: 1, over: false, phase: "play", deal_no: 0,
    hand: ["7C", "KH"], hand_counts: [2, 2, 2, 2], trick: [], tricks: [], taken: [0, 0, 0, 0], won: [[], [], [], []],
    deal_points: [0, 0, 0, 0], leader: 1, trick_no: 0, last_trick: null, legal: [], deals: [], scores: [0, 0, 0, 0],
    seats: [{ kind: "person", name: "" }, { kind: "bot", name: "" }, { kind: "bot", name: "" }, { kind: "bot", name: "" }],
    level: "normal", lesson: null, solo: true, can_undo: false, match, n: 5,
  };
  return /** @type {any} */ ({ n: 5, table: { seats: model.seats, lesson: null }, states: { 0: model }, outbox: {} });
}

/** The three bots' cards, and then seat 0's legal cards. */
const THREE_PLAYS = /** @type {any} */ ({
  ok: true, n: 8, can_undo: true,
  updates: { 0: { events: [
    { n: 6, type: "play", seat: 1, card: "8C", turn: 2 },
    { n: 7, type: "play", seat: 2, card: "9C", turn: 3 },
    { n: 8, type: "play", seat: 3, card: "TC", turn: 0 },
  ], legal: ["7C", "KH"] } },
});

/** A table with its own clock, record and state. */
function mount() {
  const time = fakeTime();
  const seen = recorder(time);
  /** @type {any[]} */
  const calls = [];
  const table = createTable(/** @type {any} */ ({}), { call: async (cmd, args) => { calls.push([cmd, args]); return { ok: true }; } },
    { draw: seen.draw, time });
  return { time, seen, table, calls };
}

test("events queued are drawn in order, one move's pace apart", async () => {
  prefs.speed = "normal";
  const move = SPEEDS.normal.move;
  const { time, seen, table } = mount();
  adopt(table, sync("m1"));
  table.receive(THREE_PLAYS);
  await time.advance(0);
  assert.deepEqual(seen.drawn.map((d) => d.n), [5, 6]);  // the first card at once: nothing was shown before it
  await time.advance(move - 1);
  assert.deepEqual(seen.drawn.map((d) => d.n), [5, 6], "the next card waits for the pace");
  await time.advance(1);
  assert.deepEqual(seen.drawn.map((d) => d.n), [5, 6, 7]);
  await time.advance(move);
  assert.deepEqual(seen.drawn, [{ n: 5, at: 10_000 }, { n: 6, at: 10_000 }, { n: 7, at: 10_000 + move }, { n: 8, at: 10_000 + 2 * move }]);
  await table.drained();
  assert.deepEqual(table.state.model?.legal, ["7C", "KH"]);
  assert.equal(table.myTurn(), true);
  assert.equal(seen.sounds.at(-1), "turn");
});

test("a clock moved far ahead draws everything queued, in order at its times; the instant speed waits for nothing", async () => {
  prefs.speed = "slow";
  const { time, seen, table } = mount();
  adopt(table, sync("m1"));
  table.receive(THREE_PLAYS);
  await time.advance(60_000);
  const move = SPEEDS.slow.move;
  assert.deepEqual(seen.drawn.map((d) => [d.n, d.at - 10_000]), [[5, 0], [6, 0], [7, move], [8, 2 * move]]);
  assert.equal(table.state.model?.n, 8);

  prefs.speed = "instant";
  const fast = mount();
  adopt(fast.table, sync("m2"));
  fast.table.receive(THREE_PLAYS);
  await settle();  // no time passes
  assert.deepEqual(fast.seen.drawn.map((d) => [d.n, d.at]), [[5, 10_000], [6, 10_000], [7, 10_000], [8, 10_000]]);
  prefs.speed = "normal";
});

test("two tables in one page keep their own queue, pace and state", async () => {
  prefs.speed = "normal";
  const a = mount();
  const b = mount();
  assert.notEqual(a.table.state, b.table.state);
  adopt(a.table, sync("match-a"));
  adopt(b.table, sync("match-b"));
  a.table.receive(THREE_PLAYS);
  await a.time.advance(10_000);
  assert.equal(a.table.state.model?.n, 8);
  assert.equal(b.table.state.model?.n, 5, "the other table was not moved on");
  assert.deepEqual(b.seen.drawn.map((d) => d.n), [5]);
  assert.equal(a.table.whereAt(), "match-a:8");
  assert.equal(b.table.whereAt(), "match-b:5");
  assert.equal(b.table.myTurn(), false);

  // one table stopped (its engine crashed) leaves the other's queue and pace alone
  b.table.receive(THREE_PLAYS);
  await b.time.advance(0);
  a.table.halt();
  adopt(a.table, sync("match-a2"));
  a.table.receive(THREE_PLAYS);
  a.table.halt();
  await b.time.advance(10_000);
  await a.time.advance(10_000);
  assert.equal(b.table.state.model?.n, 8);
  assert.equal(a.table.state.model?.n, 5, "the halted table showed nothing of what was queued");

  // each acts for its own seat, on its own engine
  await a.table.act("KH");
  await b.table.act("7C");
  assert.deepEqual(a.calls, []);  // not its turn: its halted queue never got there
  assert.deepEqual(b.calls, [["act", { action: "7C" }]]);
  assert.equal(a.table.state.busy, false);
});

test("playing on ends a finished trick's show: what was queued is drawn from then, at the pace", async () => {
  prefs.speed = "normal";
  const { time, seen, table, calls } = mount();
  const s = sync("m1");
  Object.assign(s.states[0], { turn: 3, hand: ["KH", "7H"], hand_counts: [2, 2, 2, 3], leader: 0,
    trick: [{ seat: 0, card: "7C" }, { seat: 1, card: "8C" }, { seat: 2, card: "9C" }] });
  adopt(table, s);
  table.receive(/** @type {any} */ ({ ok: true, n: 8, updates: { 0: { events: [
    { n: 6, type: "play", seat: 3, card: "TC", turn: null },
    { n: 7, type: "trick", leader: 0, cards: ["7C", "8C", "9C", "TC"], winner: 3, serial: 1, trick_no: 1,
      taken: [0, 0, 0, 1], deal_points: [0, 0, 0, 0], turn: 3 },
    { n: 8, type: "play", seat: 3, card: "8H", turn: 0 },
  ], legal: ["KH", "7H"] } } }));
  await time.advance(100);  // the trick is on show (a normal speed's 1200 ms)
  assert.equal(table.state.animating, true);
  const played = table.act("KH");
  await time.advance(0);
  assert.equal(table.state.animating, false, "the show ended when the player played on");
  await time.advance(SPEEDS.normal.move);
  await played;
  assert.deepEqual(seen.drawn.map((d) => [d.n, d.at - 10_000]), [[5, 0], [6, 0], [7, 0], [8, 100 + SPEEDS.normal.move]]);
  assert.deepEqual(calls, [["act", { action: "KH" }]], "the card waited for the table, then was played");
});

test("a claim is worded in the deal's summary in the language of the moment, not of the claim", async () => {
  // a language chosen while the claim's cards were played out: the summary said the claim
  // in the old one
  prefs.speed = "instant";
  await loadLang("ru");
  const { time, seen, table } = mount();
  adopt(table, sync("m1"));
  table.receive(/** @type {any} */ ({ ok: true, n: 6, updates: { 0: { events: [
    { n: 6, type: "claim", seat: 1, claim: "all" }], legal: [] } } }));
  await time.advance(0);
  setLang("ru");
  try {
    table.receive(/** @type {any} */ ({ ok: true, n: 7, updates: { 0: { events: [
      { n: 7, type: "deal-end", deal_no: 0, record: { points: [0, 0, 0, 0] }, scores: [0, 0, 0, 0] }], legal: [] } } }));
    await time.advance(0);
    await table.drained();
  } finally {
    setLang("en");
  }
  assert.equal(seen.claims.length, 1);
  assert.match(seen.claims[0], /забирает остальные взятки$/);
});

test("a claim is said until the deal's summary, and its tricks come quickly: the summary within 1.5 s", async () => {
  // a bot's claim of twelve tricks took 10 s to the summary, its message gone after 3.5 s
  prefs.speed = "normal";
  const { time, seen, table } = mount();
  adopt(table, sync("m1"));
  /** @type {any[]} */
  const events = [{ n: 6, type: "claim", seat: 1, claim: "all", tricks_left: 2 }];
  const trick = (/** @type {string[]} */ cards) => {
    for (const [i, card] of cards.entries()) events.push({ n: events.length + 6, type: "play", seat: (1 + i) % 4, card, turn: (2 + i) % 4 });
    events.push({ n: events.length + 6, type: "trick", leader: 1, cards, winner: 1 });
  };
  trick(["AC", "9C", "TC", "7C"]);
  trick(["AH", "9H", "TH", "KH"]);
  events.push({ n: events.length + 6, type: "deal-end", deal_no: 0, record: { points: [0, 0, 0, 0] }, scores: [0, 0, 0, 0] });
  table.receive(/** @type {any} */ ({ ok: true, n: events.length + 5, updates: { 0: { events, legal: [] } } }));
  await time.advance(0);
  assert.deepEqual(seen.toasts.map((x) => [x.msg, x.about]), [["West claims the rest", "claim"]]);
  await time.advance(1500);
  // each trick half a finished trick's show (the first card came at once)
  assert.equal(seen.summaries.length, 1);
  const took = seen.summaries[0] - 10_000;
  assert.ok(took > 1000 && took <= SPEEDS.normal.trick, String(took));
  assert.equal(seen.claims[0], "West claims the rest");
  const said = seen.toasts[0];
  // said while every card of the claim came, taken away when the summary came
  assert.ok(said.ms >= 60_000 && said.gone === seen.summaries[0], JSON.stringify(said));
  assert.ok(!seen.sounds.includes("trick"));
});
