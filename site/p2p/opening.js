// Opening a room: the strategies of the kinds of relay it names are loaded (only those),
// the relays that carry a table are opened for it (relayed.js), and the Room (room.js)
// starts meeting.  `const { openRoom } = await import("./p2p/opening.js")`.

import { loadIdentity } from "./identity.js";
import { KINDS, relayKind } from "./params.js";
import { RelayCarrier } from "./relayed.js";
import { Room } from "./room.js";
import { netError } from "./support.js";

/** @typedef {import("./params.js").RelayKind} RelayKind */
/** @typedef {import("./room.js").Strategy} Strategy */
/** @typedef {import("./peer.js").Role} Role */
/** @typedef {import("./identity.js").Identity} Identity */

/** Each kind's strategy, loaded only when the room names a relay of that kind.
 * @type {Record<RelayKind, () => Promise<Strategy>>} */
const STRATEGIES = {
  torrent: () => import("@trystero-p2p/torrent"),
  nostr: () => /** @type {Promise<Strategy>} */ (/** @type {unknown} */ (import("@trystero-p2p/nostr"))),
  mqtt: () => /** @type {Promise<Strategy>} */ (/** @type {unknown} */ (import("@trystero-p2p/mqtt"))),
};
/**
 * @typedef {object} RoomOptions
 * @property {string} roomId       the room's id (params.js newRoomId; a guest's link names it)
 * @property {Role} role           "host" (one per room) or "guest"
 * @property {string} [host]       a guest: the host's id, from the link (params.js readInvite)
 * @property {string[]} relays     absolute ws(s) URLs of the relays, each with its kind's
 *   prefix (params.js meetingConfig)
 * @property {RTCIceServer[]} [iceServers]  STUN and TURN servers; [] for none (the tests)
 * @property {string} [password]   trystero's room password: it encrypts what the relays pass on
 * @property {string} [app]        said in this page's hello (a build or protocol version)
 * @property {Identity} [identity] this page's identity (by default this browser's: identity.js)
 * @property {Partial<import("./envelope.js").Limits>} [limits]  each peer's budget
 * @property {boolean} [nudge]     announce at once for a newcomer (default true)
 * @property {boolean} [relayed]   carry frames through the relays when no direct
 *   connection forms (default true)
 * @property {number} [relayedAfterMs]  how long a met page may take to connect directly
 *   before the pair is relayed (RELAYED_AFTER_MS)
 * @property {{relayMs?: number, hostMs?: number, goneMs?: number}} [waits]  when to say that no relay
 *   answers (RELAY_WAIT_MS) and that a guest has not met its host (HOST_WAIT_MS)
 */

/** Open a room and start meeting its peers.  Rejects (before anything is sent) with an
 * Error whose `key` is "p2p_insecure" when this page cannot hold a room (netSupport says
 * so beforehand); a guest without its host's id is a mistake of the caller (TypeError).
 * @param {RoomOptions} options */
export async function openRoom(options) {
  const identity = options.identity ?? (await loadIdentity());
  if (!identity.sign) throw netError("p2p_insecure", "a room needs a secure page (crypto.subtle)");
  if (options.role === "guest" && !options.host) throw new TypeError("a guest needs its host's id");
  /** @type {Map<RelayKind, string[]>} */
  const byKind = new Map();
  for (const entry of options.relays) {
    const { kind, url } = relayKind(entry);
    byKind.set(kind, [...(byKind.get(kind) ?? []), url]);
  }
  // without WebRTC (none in this browser, or refused) the room meets and plays relayed only
  const webrtc = typeof globalThis.RTCPeerConnection === "function";
  const kinds = /** @type {RelayKind[]} */ (Object.keys(KINDS)).filter((k) => byKind.has(k) && webrtc);
  // a strategy that cannot load (its module unreachable) leaves the others to meet on
  const loaded = await Promise.allSettled(kinds.map((k) => STRATEGIES[k]()));
  const strategies = kinds.flatMap((kind, i) => {
    const r = loaded[i];
    return r.status === "fulfilled" ? [{ kind, lib: r.value, urls: /** @type {string[]} */ (byKind.get(kind)) }] : [];
  });
  // none loaded: the page says why as for any part of it that could not be downloaded
  const failed = loaded.find((r) => r.status === "rejected");
  if (!strategies.length && failed) throw failed.reason;
  const core = await import("@trystero-p2p/core");
  const carried = [...byKind].flatMap(([kind, urls]) => (kind === "torrent" ? [] : urls.map((url) => ({ kind, url }))));
  const carrier = carried.length && options.relayed !== false
    ? await RelayCarrier.open({ roomId: options.roomId, id: identity.id, role: options.role, tid: core.selfId, relays: carried, identity })
    : null;
  return new Room(options, identity, strategies, carrier);
}

