// site/p2p/nudger.js's Nudger, which makes trystero announce on a tracker by reconnecting it:
// a guest that has not met its host announces again every AGAIN_MS (a shared meeting's
// page that answered an offer another page's answer took first answers none of that
// peer's offers for 23 s: the guest must offer again once that wait is over), never while
// a signal of its own may be in flight, and never once it has its host; a host does not.
// An answer of its own that the offerer evidently did not get (its offer comes again) is
// sent again, and no relay is reconnected while trystero makes an answer to send on it.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";

import {
  AGAIN_FOR_MS, AGAIN_LATER, AGAIN_MS, ANSWER_AGAIN_MS, ANSWER_KEPT_MS, ANSWER_MAKING_MS, NUDGE_QUIET_MS, Nudger,
} from "../../site/p2p/nudger.js";

const URL = "ws://127.0.0.1:1/relay";
const INFO_HASH = "0123456789abcdefghij";

// (Node 20 has neither: the nudger reads them as a page does)
globalThis.WebSocket ??= /** @type {any} */ ({ OPEN: 1 });
globalThis.navigator ??= /** @type {any} */ ({ onLine: true });

/** A tracker's socket as trystero holds it: it counts its closes, and trystero opens a
 * new one in its place. */
class Socket {
  constructor(relay) { this.relay = relay; this.readyState = 1; this.listeners = []; this.sent = []; }
  /** what the page sends to the relay */
  send(data) { this.sent.push(data); }
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
  /** the peers trystero has met @type {Record<string, object>} */
  const met = {};
  const net = { kind: "torrent", lib, urls: [URL], troom: { getPeers: () => met } };
  const nudger = new Nudger(/** @type {any} */ (room), /** @type {any} */ (net), INFO_HASH);
  return { relay, room, nudger, met };
}

// A peer whose trystero id sorts before "mmmm": trystero answers its offers.
const OLDER = "aaaa";
/** trystero's answer to `offerId` of `to`, as it sends it to the tracker */
const answerTo = (to, offerId) =>
  JSON.stringify({ action: "announce", info_hash: INFO_HASH, peer_id: "mmmm", answer: { type: "answer", sdp: "…" }, offer_id: offerId, to_peer_id: to });
/** an offer the tracker forwards from `from` */
const offerFrom = (from, offerId) => ({ action: "announce", info_hash: INFO_HASH, peer_id: from, offer: { type: "offer", sdp: "…" }, offer_id: offerId });

/** The timers and performance.now on one fake clock, from each test of the describe that
 * calls this to its end; returns the clock's `tick(ms)`. */
function fakeClock() {
  let now = 0;
  beforeEach(() => {
    mock.timers.enable({ apis: ["setInterval", "setTimeout"] });
    now = 0;
    mock.method(performance, "now", () => now);
  });
  afterEach(() => { mock.timers.reset(); mock.restoreAll(); });
  return (/** @type {number} */ ms) => { now += ms; mock.timers.tick(ms); };
}

describe("a guest that has not met its host announces again", () => {
  /** @type {ReturnType<typeof setUp>[]} */
  let made = [];
  beforeEach(() => { made = []; });
  afterEach(() => { made.forEach((m) => m.nudger.stop()); });
  const tick = fakeClock();
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

  test("not while trystero makes an answer to send on the relay", () => {
    const { relay } = make("guest");
    tick(AGAIN_MS - NUDGE_QUIET_MS - 100);
    relay.socket?.hear(offerFrom(OLDER, "offer-1"));  // trystero answers it, in a moment
    tick(NUDGE_QUIET_MS + 100);
    assert.equal(relay.closes, 0, "trystero would send its answer on a socket that is not open, and lose it");
    relay.socket?.send(answerTo(OLDER, "offer-1"));
    tick(AGAIN_MS);
    assert.equal(relay.closes, 1, "the answer is out");
    // an answer that never comes holds no relay for long
    const other = make("guest");
    tick(AGAIN_MS - NUDGE_QUIET_MS - 100);
    other.relay.socket?.hear(offerFrom(OLDER, "offer-2"));
    tick(NUDGE_QUIET_MS + 100);
    assert.equal(other.relay.closes, 0);
    assert.ok(ANSWER_MAKING_MS < AGAIN_MS);
    tick(AGAIN_MS);
    assert.equal(other.relay.closes, 1, other.nudger.trail.join(" | "));
  });
});

describe("an answer lost on the way is sent again", () => {
  const tick = fakeClock();

  test("when the offer it answered comes again from the same peer", () => {
    const { relay, nudger } = setUp("host");
    const socket = /** @type {Socket} */ (relay.socket);
    socket.send(answerTo(OLDER, "offer-1"));  // trystero answers; the offerer never gets it
    socket.hear(offerFrom(OLDER, "offer-1"));  // (the same announce's offer twice, or one that crossed the answer)
    assert.equal(socket.sent.length, 1);
    tick(ANSWER_AGAIN_MS);
    socket.hear(offerFrom(OLDER, "offer-1"));  // its next announce: no answer reached it
    assert.deepEqual(socket.sent, [answerTo(OLDER, "offer-1"), answerTo(OLDER, "offer-1")]);
    assert.ok(nudger.trail.some((s) => / answered again aaaa #offe$/.test(s)), nudger.trail.join(" | "));
    socket.hear(offerFrom(OLDER, "offer-1"));
    assert.equal(socket.sent.length, 2, "not sooner than ANSWER_AGAIN_MS after the last copy");
    // nor another offer, nor the same offer id from another peer
    tick(ANSWER_AGAIN_MS);
    socket.hear(offerFrom(OLDER, "offer-2"));
    socket.hear(offerFrom("bbbb", "offer-1"));
    assert.equal(socket.sent.length, 2);
    nudger.stop();
  });

  test("not once the peer is met, nor after trystero has given the answer up", () => {
    const { relay, nudger, met } = setUp("host");
    const socket = /** @type {Socket} */ (relay.socket);
    socket.send(answerTo(OLDER, "offer-1"));
    socket.send(answerTo("bbbb", "offer-9"));
    tick(ANSWER_AGAIN_MS);
    met[OLDER] = {};
    socket.hear(offerFrom(OLDER, "offer-1"));
    assert.equal(socket.sent.length, 2);
    tick(ANSWER_KEPT_MS);
    socket.hear(offerFrom("bbbb", "offer-9"));
    assert.equal(socket.sent.length, 2, "its connection is closed by now: the answer leads nowhere");
    nudger.stop();
  });
});
