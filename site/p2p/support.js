// Whether this page can play with people on other devices, and if not, why, in words the
// page shows (i18n keys).  Pure but for the globals it reads; cheap enough to call when
// the player opens "Play with people".
//
//   rooms   need a secure context (https, http://127.0.0.1 or localhost): the meeting
//           library, the peers' signatures and the relayed carriage use crypto.subtle; and
//           WebRTC, or else relays that carry a table (Nostr relays, MQTT brokers: `carries`),
//           through which the room then meets and plays relayed only (room.js)
//   direct  invitations (codes) need WebRTC only

import { relayKind } from "./params.js";

/** @typedef {{webrtc: boolean, secure: boolean, rooms: boolean, direct: boolean, problems: string[]}} Support */

/** @param {{RTCPeerConnection?: unknown, isSecureContext?: boolean, crypto?: {subtle?: unknown}}} [scope]
 * @returns {Support} */
export function netSupport(scope = /** @type {any} */ (globalThis)) {
  const webrtc = typeof scope.RTCPeerConnection === "function";
  const secure = scope.isSecureContext !== false && Boolean(scope.crypto?.subtle);
  /** @type {string[]} */
  const problems = [];
  if (!webrtc) problems.push("p2p_no_webrtc");
  else if (!secure) problems.push("p2p_insecure");
  return { webrtc, secure, rooms: secure, direct: webrtc, problems };
}

/** Whether a room can meet and play on these relays without WebRTC: some of them carry a
 * table (relayed.js), as a WebTorrent tracker cannot.  @param {string[]} relays */
export function carries(relays) {
  return relays.some((r) => relayKind(r).kind !== "torrent");
}

/** An Error the page can put in words: `key` is one of the i18n keys above (p2p_…).
 * @param {string} key @param {string} message */
export function netError(key, message) {
  return Object.assign(new Error(message), { key });
}
