// site/requests.js, the one request/answer client, and its three users' behaviour that
// Node can run: the guest's requests to its host (p2p/guest.js) with a fake clock.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Requests, failure } from "../../site/requests.js";
import { ANSWER_MS, GuestTable } from "../../site/p2p/guest.js";
import { write } from "../../site/p2p/table-messages.js";

/** A fake clock: timers fire only when the test moves time on. */
function fakeClock() {
  let now = 0;
  let next = 1;
  /** @type {Map<number, {at: number, f: () => void}>} */
  const timers = new Map();
  return {
    setTimeout: (/** @type {() => void} */ f, /** @type {number} */ ms) => { timers.set(next, { at: now + ms, f }); return next++; },
    clearTimeout: (/** @type {number} */ t) => { timers.delete(t); },
    /** @param {number} ms */
    tick(ms) {
      now += ms;
      for (const [t, { at, f }] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (at <= now && timers.has(t)) { timers.delete(t); f(); }
      }
    },
    get armed() { return timers.size; },
  };
}

/** Whether `p` has settled yet (after the promise callbacks queued so far). */
async function settled(p) {
  let done = false;
  p.then(() => { done = true; }, () => { done = true; });
  await new Promise((r) => setImmediate(r));
  return done;
}

describe("Requests: ids, answers in any order, failures", () => {
  test("each answer settles the request it names, in whatever order they come", async () => {
    const sent = [];
    const r = new Requests();
    const a = r.ask("act", (id) => sent.push(id));
    const b = r.ask("hint", (id) => sent.push(id));
    assert.equal(sent.length, 2);
    assert.notEqual(sent[0], sent[1]);
    assert.equal(r.answer(sent[1], { ok: true, result: "second" }), "hint");
    assert.equal(r.answer(sent[0], { ok: true, result: "first" }), "act");
    assert.deepEqual(await Promise.all([a, b]), ["first", "second"]);
    assert.equal(r.size, 0);
  });

  test("a refusal rejects with the engine's error, kind, code and params", async () => {
    const r = new Requests();
    let id = 0;
    const p = r.ask("load", (i) => { id = i; });
    r.answer(id, { ok: false, error: "save: not JSON", code: "bad-save", params: { field: "save" } }, "RulesError");
    await assert.rejects(p, (/** @type {any} */ e) => {
      assert.equal(e.message, "save: not JSON");
      assert.equal(e.kind, "RulesError");  // the answer named none: the asker's default
      assert.equal(e.code, "bad-save");
      assert.deepEqual(e.params, { field: "save" });
      return true;
    });
  });

  test("an answer to no request under way (late, or unknown) is dropped", async () => {
    const r = new Requests();
    let id = 0;
    const p = r.ask("step", (i) => { id = i; });
    assert.equal(r.answer(id + 7, { ok: true, result: 1 }), undefined);
    assert.equal(await settled(p), false);
    r.answer(id, { ok: true, result: 2 });
    assert.equal(r.answer(id, { ok: true, result: 3 }), undefined);
    assert.equal(await p, 2);
  });

  test("a request past its limit is told to `expired`, once, and only if still under way", async () => {
    const clock = fakeClock();
    const told = [];
    const r = new Requests({ timers: clock, expired: (id, about, limit) => { told.push([about, limit]); r.reject(id, failure("late", { kind: "crash" })); } });
    let answered = 0;
    const a = r.ask("act", () => {}, 100);
    const b = r.ask("sync", (i) => { answered = i; }, 100);
    r.answer(answered, { ok: true, result: {} });
    assert.equal(clock.armed, 1);  // the answered request's timer is gone
    clock.tick(99);
    assert.equal(await settled(a), false);
    clock.tick(1);
    assert.deepEqual(told, [["act", 100]]);
    await assert.rejects(a, { message: "late", kind: "crash" });
    assert.deepEqual(await b, {});
  });

  test("failAll rejects every request under way, each with its own error", async () => {
    const r = new Requests({ timers: fakeClock() });
    const ps = [r.ask("a", () => {}, 10), r.ask("b", () => {})];
    r.failAll(() => failure("the engine restarted", { kind: "crash" }));
    for (const p of ps) await assert.rejects(p, { message: "the engine restarted", kind: "crash" });
    assert.equal(r.size, 0);
  });
});

describe("GuestTable: a guest's requests to its host", () => {
  function guest() {
    const clock = fakeClock();
    /** @type {any[]} */
    const sent = [];
    /** @type {any} */
    let heard = null;
    const hub = { listen: (/** @type {any} */ l) => { heard = l; }, send: (/** @type {string} */ _peer, /** @type {string} */ m) => sent.push(JSON.parse(m)), close() {} };
    const events = { silent: 0, lost: 0 };
    const noop = () => {};
    const on = { welcome: noop, seating: noop, state: noop, update: noop, table: noop, bye: noop, dropped: noop,
      lost: () => { events.lost += 1; }, silent: () => { events.silent += 1; } };
    const g = new GuestTable({ hub: /** @type {any} */ (hub), host: "H", name: "Ana", on, timers: clock });
    /** the host's answer to the request sent `n`th */
    const answer = (/** @type {number} */ n, /** @type {object} */ fields) => heard.message("H", write("answer", { id: sent[n].id, ...fields }));
    return { g, clock, sent, answer, events, heard: () => heard };
  }

  test("answers come back to their requests in any order", async () => {
    const { g, sent, answer } = guest();
    const act = g.call("act", { action: "QS" });
    const hint = g.call("hint");
    assert.deepEqual(sent.slice(1).map((m) => m.type), ["act", "hint"]);
    answer(2, { ok: true, hint: { action: "2C" } });
    answer(1, { ok: false, code: "not-your-turn", params: {}, error: "not your turn" });
    assert.deepEqual(await hint, { action: "2C" });
    assert.deepEqual(await act, { ok: false, code: "not-your-turn", params: {}, error: "not your turn" });
  });

  test(`an action unanswered for ${ANSWER_MS} ms is refused host-silent and the page is told`, async () => {
    const { g, clock, events } = guest();
    const act = g.call("act", { action: "QS" });
    clock.tick(ANSWER_MS - 1);
    assert.equal(events.silent, 0);
    clock.tick(1);
    assert.deepEqual(await act, { ok: false, code: "host-silent", params: {}, error: "the host does not answer" });
    assert.equal(events.silent, 1);
  });

  test("a hint asked when the host leaves is refused host-gone, as an error", async () => {
    const { g, heard, events, clock } = guest();
    const hint = g.call("hint");
    heard().leave("H", "closed");
    await assert.rejects(hint, { message: "the host has left", code: "host-gone" });
    assert.equal(events.lost, 1);
    assert.equal(clock.armed, 0);
  });
});
