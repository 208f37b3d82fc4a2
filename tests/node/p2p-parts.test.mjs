// site/p2p/envelope.js's messages in parts: a message larger than one frame cut into
// `part` frames (splitMessage) and put together by the receiver (Assembly), each part
// checked as any frame is; and peer.js's intake, which says who takes parts and with
// what budget.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import * as E from "../../site/p2p/envelope.js";
import { intake } from "../../site/p2p/peer.js";

/** A message's text of about `bytes` bytes, like a whole state late in a long match: deal
 * records full of quoted card codes, with names in several scripts, an emoji, a backslash
 * and a control character to write escaped. */
function bigText(bytes) {
  const deal = { contract: "whist", tricks: [["QS", "TH"], ["2C", "AC"]], names: ["Ana \"Ж\" 😀", "back\\slash\u0001"] };
  const deals = [];
  let size = 0;
  while (size < bytes) {
    deals.push({ ...deal, n: deals.length });
    size += JSON.stringify(deal).length + 8;
  }
  return JSON.stringify({ kp: 1, type: "state", state: { n: 7, deals } });
}

/** What a receiver makes of these frames, in order: the messages it hands on and the
 * reasons of what it drops. */
function receive(frames, max = E.MAX_MESSAGE) {
  const a = new E.Assembly(max);
  const got = [], dropped = [];
  for (const frame of frames) {
    const c = E.checkFrame(frame);
    if (c.ok === false) { dropped.push(c.reason); continue; }
    const out = a.accept(c.msg, c.bytes);
    if (out.drop) dropped.push(out.drop.reason);
    if (out.deliver) got.push(out.deliver.msg);
  }
  return { got, dropped, busy: a.busy };
}

const parsed = (text) => JSON.parse(text);

describe("splitMessage: a message too large for a frame, in parts", () => {
  test("every part is a frame a peer accepts, and the parts' texts give the message back", () => {
    const text = bigText(300_000);
    const parts = E.splitMessage(text, 4);
    assert.ok(parts.length >= 5 && parts.length <= E.MAX_PARTS, String(parts.length));
    const msgs = parts.map((p) => {
      const c = E.checkFrame(p);
      assert.equal(c.ok, true);
      assert.ok(E.utf8Bytes(p) <= E.MAX_BYTES);
      return /** @type {any} */ (c).msg;
    });
    assert.deepEqual(msgs.map((m) => [m.type, m.id, m.i, m.of]), msgs.map((_, i) => ["part", 4, i, parts.length]));
    assert.equal(msgs.map((m) => m.text).join(""), text);
    // the parts are full: cut where the next character would not fit
    assert.ok(E.utf8Bytes(parts[0]) > E.MAX_BYTES - 64, String(E.utf8Bytes(parts[0])));
  });

  test("a character is never cut in two, nor a surrogate pair, whatever the text holds", () => {
    const pool = ["a", "\"", "\\", "\n", "\u0001", "é", "♠", "😀", "\ud800", "\udc00", "Кинг"];
    let seed = 11;
    const rand = (n) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let round = 0; round < 4; round++) {
      let s = "";
      while (s.length < 150_000) s += pool[rand(pool.length)];
      const text = JSON.stringify({ kp: 1, type: "state", s });
      const parts = E.splitMessage(text, round).map(parsed);
      for (const p of parts.slice(0, -1)) {
        const last = p.text.charCodeAt(p.text.length - 1);
        const next = parts[p.i + 1].text.charCodeAt(0);
        assert.ok(!(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff), `part ${p.i} cuts a pair`);
      }
      assert.equal(parts.map((p) => p.text).join(""), text);
      for (const p of E.splitMessage(text, round)) assert.ok(E.utf8Bytes(p) <= E.MAX_BYTES);
    }
  });

  test("a message that would take more than MAX_PARTS parts is the sender's mistake: it throws", () => {
    // a control character is written \u00XX: six bytes in a part for one in the message
    const text = JSON.stringify({ kp: 1, type: "state", s: "\u0001".repeat(E.MAX_MESSAGE / 2 - 100) });
    assert.throws(() => E.splitMessage(text, 1), RangeError);
  });
});

describe("Assembly: the parts put together in order, or the message lost", () => {
  const text = bigText(200_000);
  const parts = E.splitMessage(text, 9);
  const small = E.encode({ type: "update", update: { events: [], legal: [] } });

  test("in order: one message, checked as one frame would be", () => {
    const r = receive(parts);
    assert.deepEqual(r.got, [parsed(text)]);
    assert.deepEqual(r.dropped, []);
    assert.equal(r.busy, false);
  });

  test("messages of one frame pass as they are, before and after one in parts", () => {
    const r = receive([small, ...parts, small]);
    assert.deepEqual(r.got.map((m) => m.type), ["update", "state", "update"]);
    assert.deepEqual(r.dropped, []);
  });

  test("a part missing: the message is lost, the next one is whole", () => {
    const again = E.splitMessage(text, 10);
    const r = receive([...parts.slice(0, 2), ...parts.slice(3), ...again]);
    assert.deepEqual(r.got, [parsed(text)]);
    assert.ok(r.dropped.length >= 1 && r.dropped.every((d) => d === "part"), String(r.dropped));
  });

  test("the last part never comes: nothing is handed on", () => {
    const r = receive(parts.slice(0, -1));
    assert.deepEqual(r.got, []);
    assert.equal(r.busy, true);
  });

  test("another message between two parts cuts the one under way short", () => {
    const r = receive([...parts.slice(0, 2), small, ...parts.slice(2)]);
    assert.deepEqual(r.got.map((m) => m.type), ["update"]);
    assert.ok(r.dropped.length >= 2 && r.dropped.every((d) => d === "part"), String(r.dropped));
  });

  const forge = (i, change) => parts.map((p, k) => (k === i ? JSON.stringify({ ...parsed(p), ...change }) : p));
  const forged = {
    "a part of another message": forge(2, { id: 11 }),
    "a part out of order": [parts[0], parts[2], parts[1], ...parts.slice(3)],
    "a part said twice": [parts[0], parts[1], parts[1], ...parts.slice(2)],
    "a second count of parts": forge(1, { of: parts.length + 1 }),
    "a first part that is not the first": parts.slice(1),
    "an unknown field": forge(1, { seat: 2 }),
    "a text that is not text": forge(1, { text: 5 }),
    "more parts than allowed": forge(0, { of: E.MAX_PARTS + 1 }),
    "one part alone": [JSON.stringify({ ...parsed(parts[0]), of: 1 })],
    "a number past the count": forge(parts.length - 1, { i: parts.length }),
  };
  for (const [what, frames] of Object.entries(forged)) {
    test(`forged, ${what}: refused, nothing handed on`, () => {
      const r = receive(frames);
      assert.deepEqual(r.got, []);
      assert.ok(r.dropped.includes("part"), String(r.dropped));
    });
  }

  test("a whole larger than the receiver takes: dropped as oversize as soon as it passes", () => {
    const r = receive(parts, 100_000);
    assert.deepEqual(r.got, []);
    assert.equal(r.dropped[0], "oversize");
  });

  test("the whole is checked as a frame: not JSON, not an object, or the transport's own type", () => {
    const cases = {
      "not-json": "{" + "x".repeat(100_000),
      "not-object": JSON.stringify(["x".repeat(100_000)]),
      version: JSON.stringify({ kp: 2, type: "state", s: "x".repeat(100_000) }),
      unexpected: JSON.stringify({ kp: 1, type: "hello", s: "x".repeat(100_000) }),
    };
    for (const [reason, whole] of Object.entries(cases)) {
      const r = receive(E.splitMessage(whole, 1));
      assert.deepEqual(r.got, [], reason);
      assert.deepEqual(r.dropped, [reason]);
    }
  });
});

describe("intake: who takes messages in parts", () => {
  test("a guest takes them whole, every part sent at once within its budget; a host takes none", () => {
    const guest = intake("guest"), host = intake("host");
    assert.equal(guest.maxMessage, E.MAX_MESSAGE);
    assert.equal(host.maxMessage, E.MAX_BYTES);
    // the largest message, all its parts at the same instant, and an update right after
    const parts = E.splitMessage(bigText(E.MAX_MESSAGE - 2000), 1);
    assert.ok(E.utf8Bytes(parts.join("")) > E.MAX_MESSAGE * 1.2);  // (its quotes written \" in the parts)
    const budget = new E.Budget(guest.limits, () => 0);
    for (const p of parts) assert.equal(budget.take(p.length), true);
    assert.equal(budget.take(2000), true);
    // a host's budget is the usual one: a flood of bytes from a guest is cut off as before
    const hostBudget = new E.Budget(host.limits, () => 0);
    assert.equal(parts.slice(0, 5).every((p) => hostBudget.take(p.length)), false);
  });
});
