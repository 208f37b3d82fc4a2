// site/p2p/envelope.js: what a peer's frame must be, and the budget a peer keeps to.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import * as E from "../../site/p2p/envelope.js";

const frame = (o) => JSON.stringify(o);

describe("checkFrame: a message, or why it is dropped", () => {
  test("a message is a JSON object with kp 1 and a lower-case type", () => {
    const c = E.checkFrame(frame({ kp: 1, type: "act", action: "QS" }));
    assert.equal(c.ok, true);
    assert.deepEqual(c.msg, { kp: 1, type: "act", action: "QS" });
    assert.equal(c.bytes, frame({ kp: 1, type: "act", action: "QS" }).length);
  });

  const cases = {
    binary: new Uint8Array([1, 2]).buffer,
    "not-json": "{kp: 1}",
    "not-object": "[1]",
    version: frame({ kp: 2, type: "act" }),
    type: frame({ kp: 1, type: "Act" }),
    oversize: frame({ kp: 1, type: "act", pad: "x".repeat(E.MAX_BYTES) }),
    "too-deep": '{"kp":1,"type":"a","v":' + "[".repeat(E.MAX_DEPTH) + "]".repeat(E.MAX_DEPTH) + "}",
  };
  for (const [reason, data] of Object.entries(cases)) {
    test(`${reason}: ${E.DROP[reason]}`, () => {
      const c = E.checkFrame(data);
      assert.equal(c.ok, false);
      assert.equal(c.reason, reason);
    });
  }

  test("more cases of each: never a throw, whatever arrives", () => {
    for (const data of [null, undefined, 5, {}, "", "null", "1", '"text"', "true", frame({ kp: "1", type: "a" }),
      frame({ type: "a" }), frame({ kp: 1 }), frame({ kp: 1, type: "" }), frame({ kp: 1, type: "a".repeat(33) }),
      frame({ kp: 1, type: 5 }), "[".repeat(100000), '{"kp":1,"type":"a","__proto__":{"x":1}}'.slice(0, -1)]) {
      const c = E.checkFrame(data);
      assert.equal(c.ok, false, String(data).slice(0, 40));
      assert.ok(Object.hasOwn(E.DROP, c.reason));
    }
  });

  test("the size cap counts UTF-8 bytes: four-byte characters fill it sooner", () => {
    const base = frame({ kp: 1, type: "a", t: "" }).length;
    const room = E.MAX_BYTES - base;
    assert.equal(E.checkFrame(frame({ kp: 1, type: "a", t: "x".repeat(room) })).ok, true);
    assert.equal(/** @type {any} */ (E.checkFrame(frame({ kp: 1, type: "a", t: "x".repeat(room + 1) }))).reason, "oversize");
    assert.equal(E.checkFrame(frame({ kp: 1, type: "a", t: "♠".repeat(Math.floor(room / 3)) })).ok, true);
    assert.equal(/** @type {any} */ (E.checkFrame(frame({ kp: 1, type: "a", t: "♠".repeat(Math.floor(room / 3) + 1) }))).reason, "oversize");
  });

  test("a nesting of exactly MAX_DEPTH is a message", () => {
    /** @type {any} */
    let v = 0;
    for (let i = 0; i < E.MAX_DEPTH - 1; i++) v = [v];
    assert.equal(E.checkFrame(frame({ kp: 1, type: "a", v })).ok, true);
    assert.equal(/** @type {any} */ (E.checkFrame(frame({ kp: 1, type: "a", v: [v] }))).reason, "too-deep");
  });
});

test("utf8Bytes agrees with TextEncoder, lone surrogates included", () => {
  const pool = ["a", "é", "♠", "😀", "\ud800", "\udc00", "Кинг", "\u0000", "\uffff"];
  let seed = 7;
  const rand = (n) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  for (let i = 0; i < 500; i++) {
    let s = "";
    for (let k = rand(20); k > 0; k--) s += pool[rand(pool.length)];
    assert.equal(E.utf8Bytes(s), new TextEncoder().encode(s).length, JSON.stringify(s));
  }
});

test("depth counts objects and arrays, not scalars", () => {
  assert.equal(E.depth(1), 0);
  assert.equal(E.depth({}), 1);
  assert.equal(E.depth({ a: [{ b: 1 }] }), 3);
  assert.equal(E.depth([[], [[[]]]]), 4);
});

describe("encode: the envelope for a message to send", () => {
  test("adds kp first and keeps the fields; a kp given is replaced", () => {
    assert.equal(E.encode({ type: "act", action: "QS" }), '{"kp":1,"type":"act","action":"QS"}');
    assert.equal(E.encode({ kp: 9, type: "a" }), '{"kp":1,"type":"a"}');
  });

  test("a message no peer would accept is the sender's mistake: it throws", () => {
    assert.throws(() => E.encode(/** @type {any} */ ({ action: "QS" })), TypeError);
    assert.throws(() => E.encode({ type: "Bad" }), TypeError);
    assert.throws(() => E.encode(null), TypeError);
    assert.throws(() => E.encode({ type: "a", pad: "x".repeat(E.MAX_BYTES) }), RangeError);
    /** @type {any} */
    let v = 0;
    for (let i = 0; i < E.MAX_DEPTH; i++) v = [v];
    assert.throws(() => E.encode({ type: "a", v }), TypeError);
  });

  test("what it makes, checkFrame accepts as it was", () => {
    const msg = { type: "view", seat: 2, hand: ["QS", "TH"], names: ["Ana", "Борис"], n: null };
    const c = E.checkFrame(E.encode(msg));
    assert.equal(c.ok, true);
    assert.deepEqual(c.msg, { kp: 1, ...msg });
  });
});

describe("Budget: a token bucket of messages and of bytes", () => {
  const clock = () => { let t = 0; const now = () => t; now.advance = (ms) => { t += ms; }; return now; };

  test("a burst passes, then nothing until time refills it", () => {
    const now = clock();
    const b = new E.Budget({ messages: 5, perSecond: 10, bytes: 1e9, bytesPerSecond: 1e9 }, now);
    for (let i = 0; i < 5; i++) assert.equal(b.take(10), true);
    assert.equal(b.take(10), false);
    now.advance(99);
    assert.equal(b.take(10), false);
    now.advance(1);
    assert.equal(b.take(10), true);  // 100 ms at 10 a second: one message
    assert.equal(b.take(10), false);
    now.advance(10_000);
    for (let i = 0; i < 5; i++) assert.equal(b.take(10), true);  // refilled to the burst, no more
    assert.equal(b.take(10), false);
  });

  test("bytes are budgeted too, and a refused message spends nothing", () => {
    const now = clock();
    const b = new E.Budget({ messages: 100, perSecond: 100, bytes: 1000, bytesPerSecond: 500 }, now);
    assert.equal(b.take(800), true);
    assert.equal(b.take(300), false);
    assert.equal(b.take(200), true);
    now.advance(1000);
    assert.equal(b.take(500), true);
    assert.equal(b.take(1), false);
  });

  test("the defaults carry a game and stop a flood", () => {
    const now = clock();
    const b = new E.Budget({}, now);
    // a game: a message of 1 kB every 100 ms for a minute, and a 40 kB redraw every 10 s
    for (let ms = 0; ms < 60_000; ms += 100) {
      now.advance(100);
      assert.equal(b.take(1000), true);
      if (ms % 10_000 === 0) assert.equal(b.take(40_000), true);
    }
    // a flood: a thousand small frames at once
    let passed = 0;
    for (let i = 0; i < 1000; i++) passed += b.take(50) ? 1 : 0;
    assert.ok(passed <= E.LIMITS.messages, String(passed));
  });
});

test("countDrop counts by reason and in total", () => {
  const c = E.noDrops();
  E.countDrop(c, "rate", 10);
  E.countDrop(c, "rate", 5);
  E.countDrop(c, "not-your-turn", 0);
  assert.deepEqual(c, { total: 3, by: { rate: 2, "not-your-turn": 1 }, bytes: 15 });
});

test("the transport's own types are names a message can have", () => {
  for (const t of E.TRANSPORT_TYPES) assert.match(t, E.TYPE);
});
