// The table's peer messages (site/p2p/table-messages.js): what a guest may send is read
// field by field, and anything else is refused with a reason, never thrown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GUEST_LIMIT, readGuest, readHost, wrap, write } from "../../site/p2p/table-messages.js";

test("a guest's act, join, hint, sync, back and leave are read", () => {
  assert.deepEqual(readGuest(write("act", { id: 3, action: "QS" })).msg, { type: "act", id: 3, action: "QS" });
  assert.deepEqual(readGuest(write("join", { name: " Ana   María " })).msg, { type: "join", name: "Ana María", watch: false });
  assert.deepEqual(readGuest({ kp: 1, type: "join", name: "Ben", watch: true }).msg, { type: "join", name: "Ben", watch: true });
  assert.deepEqual(readGuest(write("hint", { id: 0 })).msg, { type: "hint", id: 0 });
  assert.deepEqual(readGuest(write("sync", { id: 9 })).msg, { type: "sync", id: 9 });
  assert.deepEqual(readGuest(write("back", { id: 4 })).msg, { type: "back", id: 4 });
  assert.deepEqual(readGuest(write("leave")).msg, { type: "leave" });
});

test("anything else is refused with a reason", () => {
  const bad = [
    undefined, 5, "", "not json", "[]", "null", JSON.stringify({ type: "act", id: 1, action: "QS" }),
    write("act", { id: 1, action: "QS", seat: 2 }),                       // a guest names no seat
    write("act", { id: -1, action: "QS" }), write("act", { id: 1.5, action: "QS" }),
    write("act", { id: 1, action: "x".repeat(33) }), write("act", { id: 1, action: "Q S" }),
    write("act", { id: 1, action: "<b>" + "é" }), write("act", { id: 1, action: ["QS"] }),
    write("join", { name: 7 }), write("join", { name: "A", token: "abcdefgh" }),
    write("join", { name: "A", watch: "yes" }), write("shout", {}), write("back", {}), write("back", { id: 1, seat: 0 }),
    '{"kp":1,"type":"act","id":1,"action":"QS","__proto__":{"x":1}}', JSON.stringify({ kp: 2, type: "leave" }),
    "x".repeat(GUEST_LIMIT + 1),
  ];
  for (const text of bad) {
    const r = readGuest(text);
    assert.equal(r.msg, undefined, String(text));
    assert.equal(typeof r.problem, "string");
  }
});

test("a join's name is cleaned by the one rule (names.js), never refused for what it holds", () => {
  const join = (/** @type {unknown} */ name) => readGuest(JSON.stringify({ kp: 1, type: "join", name }));
  assert.equal(join("<img src=x onerror=1>").msg?.name, "<img src=x onerror=1>");  // text, shown as text
  assert.equal(join("a\u0000b\u202ec\u200bd\u00ad").msg?.name, "abcd");
  assert.equal(join("x".repeat(40)).msg?.name, "x".repeat(24));
  assert.equal(join("\u200b \u0001").msg?.name, "");  // nothing left: the seat's own name
  assert.equal(join(7).problem, "join: bad name");
});

test("the host's words are wrapped without parsing and read back", () => {
  const update = JSON.stringify({ events: [{ n: 4, type: "play", seat: 1, card: "QS", turn: 2 }], legal: [] });
  const text = wrap("update", "update", update);
  assert.ok(text.length < 1024);
  assert.deepEqual(readHost(text).msg.update, JSON.parse(update));
  assert.equal(readHost(wrap("update", "update", "{}")).msg, undefined);
  assert.equal(readHost(write("answer", { id: "1", ok: true })).msg, undefined);
  assert.equal(readHost(write("welcome", { seat: 2, seating: [] })).msg.seat, 2);
  assert.equal(readHost("{").problem, "not JSON");
});

test("a host that closes its table bids its guests farewell in words a guest reads", async () => {
  const { HostTable } = await import("../../site/p2p/host.js");
  const { GuestTable } = await import("../../site/p2p/guest.js");
  /** @type {[string, string][]} */
  const sent = [];
  /** @type {any} */
  let handlers = null;
  const hub = { send: (/** @type {string} */ peer, /** @type {string} */ text) => { sent.push([peer, text]); },
    listen: (/** @type {any} */ h) => { handlers = h; }, refuse: () => {}, cut: () => {}, close: () => {} };
  const host = new HostTable({ call: async () => ({}), hub, plan: [{ kind: "person", name: "Hana" }, { kind: "person", name: "", away: true }],
    match: { game: "whist", options: {}, level: "normal", clock: null }, adopt: () => {}, receive: () => {}, changed: () => {}, tableChanged: () => {},
    nameless: (/** @type {number} */ seat) => `Guest ${seat + 1}` });
  await handlers.message("guest-1", { kp: 1, type: "join", name: "Gus" });
  host.close();
  const [peer, text] = sent[sent.length - 1];
  assert.equal(peer, "guest-1");
  assert.deepEqual(readHost(text).msg, { kp: 1, type: "farewell", reason: "host-left" });
  /** @type {string[]} */
  const told = [];
  let guestHandlers = /** @type {any} */ (null);
  const guestHub = { send: () => {}, listen: (/** @type {any} */ h) => { guestHandlers = h; }, refuse: () => {}, cut: () => {}, close: () => {} };
  const noop = () => {};
  new GuestTable({ hub: guestHub, host: "host-1", name: "Gus",
    on: { welcome: noop, seating: noop, state: noop, update: noop, table: noop, bye: (r) => told.push(r), lost: noop, dropped: (p) => told.push(`dropped ${p}`) } });
  guestHandlers.message("host-1", JSON.parse(text));
  assert.deepEqual(told, ["host-left"]);
});

test("the host removes a guest: told, cut off, its seat free for the next; a blocked one cannot join again", async () => {
  const { HostTable } = await import("../../site/p2p/host.js");
  /** @type {[string, string][]} */
  const sent = [];
  /** @type {[string, boolean][]} */
  const cut = [];
  /** @type {Record<string, number>} */
  const refused = {};
  /** @type {any} */
  let handlers = null;
  const hub = { send: (/** @type {string} */ peer, /** @type {string} */ text) => { sent.push([peer, text]); },
    listen: (/** @type {any} */ h) => { handlers = h; }, refuse: (/** @type {string} */ _p, /** @type {string} */ why) => { refused[why] = (refused[why] || 0) + 1; },
    cut: (/** @type {string} */ peer, /** @type {boolean} */ block) => { cut.push([peer, block]); }, close: () => {} };
  const host = new HostTable({ call: async () => ({}), hub, plan: [{ kind: "person", name: "Hana" }, { kind: "person", name: "", away: true }],
    match: { game: "whist", options: {}, level: "normal", clock: null }, adopt: () => {}, receive: () => {}, changed: () => {}, tableChanged: () => {},
    nameless: (/** @type {number} */ seat) => `Guest ${seat + 1}` });
  await handlers.message("guest-1", { kp: 1, type: "join", name: "Gus" });
  assert.deepEqual(host.heldSeats(), [1]);
  await host.remove(1, false);
  assert.deepEqual(readHost(sent.find(([p, x]) => p === "guest-1" && x.includes("farewell"))?.[1]).msg, { kp: 1, type: "farewell", reason: "removed" });
  assert.deepEqual(cut, [["guest-1", false]]);
  assert.deepEqual(host.heldSeats(), []);
  assert.equal(host.seating()[1].name, "");
  // the seat goes to the next person the invite brings (one who gives no name is given
  // one, the same on every page); blocked, they cannot come back
  await handlers.message("guest-2", { kp: 1, type: "join", name: "\u200b " });
  assert.deepEqual([...host.tokens], [["guest-2", 1]]);
  assert.equal(host.seating()[1].name, "Guest 2");
  await host.remove(1, true);
  assert.deepEqual(cut[1], ["guest-2", true]);
  await handlers.message("guest-2", { kp: 1, type: "join", name: "Ida" });
  assert.deepEqual(host.heldSeats(), []);
  assert.equal(refused.blocked, 1);
});

test("a guest the transport cut off for flooding is reported to the host once, by name", async () => {
  const { HostTable } = await import("../../site/p2p/host.js");
  /** @type {any} */
  let handlers = null;
  /** @type {string[]} */
  const told = [];
  const hub = { send: () => {}, listen: (/** @type {any} */ h) => { handlers = h; }, refuse: () => {}, cut: () => {}, close: () => {} };
  new HostTable({ call: async () => ({}), hub, plan: [{ kind: "person", name: "Hana" }, { kind: "person", name: "", away: true }],
    match: { game: "whist", options: {}, level: "normal", clock: null }, adopt: () => {}, receive: () => {}, changed: () => {}, tableChanged: () => {},
    nameless: (/** @type {number} */ seat) => `Guest ${seat + 1}`,
    flooded: (g) => told.push(g.name) });
  await handlers.message("guest-1", { kp: 1, type: "join", name: "Gus" });
  handlers.leave("guest-1", "blocked");
  await handlers.message("guest-1", { kp: 1, type: "join", name: "Gus" });
  handlers.leave("guest-1", "blocked");
  handlers.leave("guest-1", "gone");
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(told, ["Gus"]);
});
