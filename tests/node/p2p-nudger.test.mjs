// site/p2p/nudger.js's Nudger, which makes trystero announce on a tracker by reconnecting it:
// a guest that has not met its host announces again every AGAIN_MS (a shared meeting's
// page that answered an offer another page's answer took first answers none of that
// peer's offers for 23 s: the guest must offer again once that wait is over), never while
// a signal of its own may be in flight, and never once it has its host; a host does not.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";

import { AGAIN_FOR_MS, AGAIN_LATER, AGAIN_MS, Nudger } from "../../site/p2p/nudger.js";

const URL = "ws://127.0.0.1:1/relay";
const INFO_HASH = "0123456789abcdefghij";

// (Node 20 has neither: the nudger reads them as a page does)
globalThis.WebSocket ??= /** @type {any} */ ({ OPEN: 1 });
globalThis.navigator ??= /** @type {any} */ ({ onLine: true });

/** A tracker's socket as trystero holds it: it counts its closes, and trystero opens a
 * new one in its place. */
class Socket {
  constructor(relay) { this.relay = relay; this.readyState = 1; this.listeners = []; }
  addEventListener(type, f) { this.listeners.push([type, f]); }
  close() {
    this.readyState = 3;
    this.relay.closes += 1;
    for (const [type, f] of this.listeners) if (type === "close") f();
    this.relay.socket = new Socket(this.relay);
  }
  /** the relay forwards `msg` to this page */
  hear(msg) {
    for (const [type, f] of this.listeners) if (type === "message") f({ data: JSON.stringify(msg) });
  }
}

/** A room of `role` and the trystero network its nudger watches. */
function setUp(role) {
  const relay = { closes: 0, socket: /** @type {Socket | null} */ (null) };
  relay.socket = new Socket(relay);
  const lib = {
    selfId: "mmmm",
    getRelaySockets: () => ({ [URL]: relay.socket }),
    pauseRelayReconnection() {},
    resumeRelayReconnection() {},
  };
  const room = { role, closed: false, peers: new Map(), openedAt: 0 };
  const net = { kind: "torrent", lib, urls: [URL], troom: { getPeers: () => ({}) } };
  const nudger = new Nudger(/** @type {any} */ (room), /** @type {any} */ (net), INFO_HASH);
  return { relay, room, nudger };
}

describe("a guest that has not met its host announces again", () => {
  /** @type {ReturnType<typeof setUp>[]} */
  let made = [];
  // the timers and performance.now, on one fake clock
  let now = 0;
  const tick = (ms) => { now += ms; mock.timers.tick(ms); };
  beforeEach(() => {
    mock.timers.enable({ apis: ["setInterval", "setTimeout"] });
    now = 0;
    mock.method(performance, "now", () => now);
    made = [];
  });
  afterEach(() => { made.forEach((m) => m.nudger.stop()); mock.timers.reset(); mock.restoreAll(); });
  const make = (role) => { const m = setUp(role); made.push(m); return m; };

  test("every AGAIN_MS while it has no host", () => {
    const { relay, nudger } = make("guest");
    tick(AGAIN_MS - 1);
    assert.equal(relay.closes, 0);
    tick(1);
    assert.equal(relay.closes, 1, "the tracker is reconnected: trystero announces on it");
    tick(AGAIN_MS);
    assert.equal(relay.closes, 2);
    assert.deepEqual(nudger.trail.slice(-2).map((s) => s.split(" ")[1]), ["again", "again"]);
  });

  test("after AGAIN_FOR_MS with no host, only every AGAIN_LATER times as often", () => {
    const { relay } = make("guest");
    const ticks = Math.floor(AGAIN_FOR_MS / AGAIN_MS);
    for (let i = 0; i < ticks; i++) tick(AGAIN_MS);
    assert.equal(relay.closes, ticks);
    for (let i = 0; i < AGAIN_LATER * 3; i++) tick(AGAIN_MS);
    assert.equal(relay.closes, ticks + 3, "the page keeps trying, less often");
  });

  test("not once it has its host, nor when the room is closed", () => {
    const { relay, room } = make("guest");
    room.peers.set("host", {});
    tick(3 * AGAIN_MS);
    assert.equal(relay.closes, 0);
    const other = make("guest");
    other.room.closed = true;
    tick(3 * AGAIN_MS);
    assert.equal(other.relay.closes, 0);
  });

  test("not a host: the guests announce to it", () => {
    const { relay } = make("host");
    tick(3 * AGAIN_MS);
    assert.equal(relay.closes, 0);
  });

  test("not while the relay may still carry an answer to its announce", () => {
    const { relay } = make("guest");
    tick(AGAIN_MS - 10);
    relay.socket?.hear({ info_hash: INFO_HASH, interval: 50 });  // the relay's reply to an announce
    tick(10);
    assert.equal(relay.closes, 0, "a reconnect now would lose the answers that follow the reply");
  });
});
