// site/p2p/host.js's one table of a guest's messages (GUEST_MESSAGES): who may send each
// type, and what the host does with it, with a fake hub and a fake engine.
import assert from "node:assert/strict";
import { test } from "node:test";

import { HostTable } from "../../site/p2p/host.js";
import { write } from "../../site/p2p/table-messages.js";

function hosted() {
  /** @type {[string, any][]} */
  const sent = [];
  /** @type {[string, string][]} */
  const refused = [];
  /** @type {[string, any][]} */
  const calls = [];
  const hub = {
    listen() {}, close() {}, cut() {},
    send: (/** @type {string} */ peer, /** @type {string} */ m) => sent.push([peer, JSON.parse(m)]),
    refuse: (/** @type {string} */ peer, /** @type {string} */ why) => refused.push([peer, why]),
  };
  const engine = async (/** @type {string} */ cmd, /** @type {any} */ args) => {
    calls.push([cmd, args]);
    if (cmd === "hint") return { action: "2C" };
    if (cmd === "act") return { ok: false, code: "not-your-turn", params: {}, error: "not your turn" };
    throw new Error(cmd);
  };
  const noop = () => {};
  const host = new HostTable({
    call: engine, hub: /** @type {any} */ (hub), match: { game: "whist", options: {}, level: "normal", clock: null },
    plan: [{ kind: "person", name: "Host" }, { kind: "person", name: "", away: true }],
    adopt: noop, receive: noop, changed: noop, tableChanged: noop, nameless: (s) => `guest ${s}`,
  });
  const answers = (/** @type {string} */ peer) => sent.filter(([p, m]) => p === peer && m.type === "answer").map(([, m]) => m);
  return { host, refused, calls, answers, sent };
}

test("a message from a peer that has not joined is dropped, a join is taken", async () => {
  const { host, refused, sent } = hosted();
  await host.heard("X", write("hint", { id: 1 }));
  assert.deepEqual(refused, [["X", "not-introduced"]]);
  await host.heard("A", write("join", { name: "Ana" }));
  assert.deepEqual(sent.find(([p, m]) => p === "A" && m.type === "welcome")?.[1].seat, 1);
  host.blocked.add("C");
  await host.heard("C", write("join", { name: "Cid" }));
  assert.deepEqual(refused.at(-1), ["C", "blocked"]);
  assert.equal(host.guests.has("C"), false);
});

test("a spectator's action is refused bot-seat; a player's before the start no-game", async () => {
  const { host, refused, answers, calls } = hosted();
  await host.heard("A", write("join", { name: "Ana" }));
  await host.heard("B", write("join", { name: "Bo", watch: true }));
  await host.heard("B", write("act", { id: 4, action: "QS" }));
  assert.deepEqual(refused, [["B", "spectator-acts"]]);
  assert.deepEqual(answers("B"), [{ kp: 1, type: "answer", id: 4, ok: false, code: "bot-seat", params: { seat: null } }]);
  await host.heard("A", write("hint", { id: 5 }));
  assert.deepEqual(answers("A"), [{ kp: 1, type: "answer", id: 5, ok: false, code: "no-game", params: {} }]);
  assert.deepEqual(calls, []);
});

test("once started, a player's hint and action go to the engine for its own seat", async () => {
  const { host, refused, answers, calls } = hosted();
  await host.heard("A", write("join", { name: "Ana" }));
  host.started = true;
  await host.heard("A", write("hint", { id: 6 }));
  await host.heard("A", write("act", { id: 7, action: "QS" }));
  assert.deepEqual(calls, [["hint", { seat: 1 }], ["act", { action: "QS", seat: 1 }]]);
  assert.deepEqual(answers("A").map((m) => [m.id, m.ok, m.code]), [[6, true, undefined], [7, false, "not-your-turn"]]);
  assert.deepEqual(refused, [["A", "not-your-turn"]]);
});
