// site/p2p/connection.js: the frames allowed on trystero's own channel, and netSupport.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { closedByPeer, LIBRARY_FRAME_MAX, LIBRARY_TYPES, libraryFrame, roomNamespace } from "../../site/p2p/connection.js";
import { carries, netSupport } from "../../site/p2p/support.js";

const TOKEN = "ab".repeat(32);

/** A room frame as trystero 0.25 writes one: [1][token length][token][type: 32][nonce: 2][tag][progress][payload]. */
function roomFrame(type, { token = TOKEN, tag = 1, payload = [] } = {}) {
  const t = new TextEncoder().encode(token), name = new TextEncoder().encode(type);
  const action = new Uint8Array(36 + payload.length);
  action.set(name.subarray(0, 32));
  action[34] = tag;
  action[35] = 255;
  action.set(payload, 36);
  return new Uint8Array([1, t.length >> 8, t.length & 255, ...t, ...action]).buffer;
}

function presenceFrame(token = TOKEN, present = 1) {
  const t = new TextEncoder().encode(token);
  return new Uint8Array([2, present, t.length >> 8, t.length & 255, ...t]).buffer;
}

describe("libraryFrame: what trystero sends in a kingweb room, and nothing else", () => {
  test("its bookkeeping passes", () => {
    for (const type of LIBRARY_TYPES) assert.equal(libraryFrame(roomFrame(type), TOKEN), null, type);
    assert.equal(libraryFrame(presenceFrame(), TOKEN), null);
    assert.equal(libraryFrame(presenceFrame(TOKEN, 0), TOKEN), null);
    assert.equal(libraryFrame(roomFrame("@_hsdata", { payload: new Array(120).fill(65) }), TOKEN), null);
  });

  test("a connection trystero shares between rooms passes each room's, and no other's", () => {
    const rooms = new Set([TOKEN, "ef".repeat(32)]);
    assert.equal(libraryFrame(roomFrame("@_leave", { token: "ef".repeat(32) }), rooms), null);
    assert.equal(libraryFrame(presenceFrame(TOKEN), rooms), null);
    assert.equal(libraryFrame(roomFrame("@_leave", { token: "cd".repeat(32) }), rooms), "another room");
  });

  test("anything else is named and dropped", () => {
    const cases = [
      ["a text frame", "hello"],
      ["an action nobody listens to", roomFrame("@_evil")],
      ["a game message on the wrong channel", roomFrame("act")],
      ["trystero's media signalling", roomFrame("@_signal")],
      ["another room's frame", roomFrame("@_leave", { token: "cd".repeat(32) })],
      ["another room's presence", presenceFrame("cd".repeat(32))],
      ["a chunk of a longer message", roomFrame("@_hsdata", { tag: 0 })],
      ["a metadata chunk", roomFrame("@_hsdata", { tag: 3 })],
      ["a frame too large", roomFrame("@_hsdata", { payload: new Array(LIBRARY_FRAME_MAX).fill(1) })],
      ["a frame of another kind", new Uint8Array([9, 0, 0]).buffer],
      ["a cut frame", roomFrame("@_leave").slice(0, 40)],
      ["nothing", new ArrayBuffer(0)],
      ["a token longer than the frame", new Uint8Array([1, 255, 255, 1]).buffer],
    ];
    for (const [what, data] of cases) assert.notEqual(libraryFrame(data, TOKEN), null, String(what));
  });

  test("the room's namespace is trystero's: hex SHA-256 of Trystero:app:room", async () => {
    const ns = await roomNamespace("kingweb", "room1");
    assert.match(ns, /^[0-9a-f]{64}$/);
    const { createHash } = await import("node:crypto");
    assert.equal(ns, createHash("sha256").update("Trystero:kingweb:room1").digest("hex"));
  });

  test("a channel's error that is only the other side closing it", () => {
    assert.equal(closedByPeer(/** @type {any} */ ({ error: { errorDetail: "sctp-failure", sctpCauseCode: 12 } })), true);
    assert.equal(closedByPeer(/** @type {any} */ ({ error: { errorDetail: "sctp-failure", sctpCauseCode: 1 } })), false);
    assert.equal(closedByPeer(/** @type {any} */ ({ error: { errorDetail: "data-channel-failure" } })), false);
    assert.equal(closedByPeer(new Event("error")), false);
  });
});

describe("netSupport: what this page can do, and why not", () => {
  const RTC = function RTCPeerConnection() {};
  test("a secure page with WebRTC holds rooms and invitations", () => {
    assert.deepEqual(netSupport({ RTCPeerConnection: RTC, isSecureContext: true, crypto: { subtle: {} } }), { webrtc: true, secure: true, rooms: true, direct: true, problems: [] });
  });
  test("a plain http page on a network: invitations only", () => {
    assert.deepEqual(netSupport({ RTCPeerConnection: RTC, isSecureContext: false, crypto: {} }), { webrtc: true, secure: false, rooms: false, direct: true, problems: ["p2p_insecure"] });
  });
  test("no WebRTC: no invitations by code, and a room only through relays that carry a table", () => {
    const s = netSupport({ isSecureContext: true, crypto: { subtle: {} } });
    assert.deepEqual(s, { webrtc: false, secure: true, rooms: true, direct: false, problems: ["p2p_no_webrtc"] });
    assert.equal(carries(["wss://tracker.example", "nostr+wss://relay.example"]), true);
    assert.equal(carries(["mqtt+wss://broker.example/mqtt"]), true);
    assert.equal(carries(["wss://tracker.example"]), false);  // a tracker passes offers only
    assert.equal(carries([]), false);
  });
});
