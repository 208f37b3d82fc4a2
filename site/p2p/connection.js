// The RTCPeerConnection kingweb makes for every peer, in a room (trystero creates it
// through its `rtcPolyfill` option) and in a direct invitation alike.
//
// It carries kingweb's own data channel, "kp": negotiated (the same fixed id on both
// sides, so neither side has to announce it), created with the connection, so it opens
// when the connection does.  Every peer message travels on it as one text frame
// (envelope.js); nothing of kingweb's goes through trystero's own channel.
//
// trystero's channel carries only its bookkeeping.  Its receiving side buffers, without a
// bound, frames for action types nobody listens to, for rooms it does not know, and the
// chunks of messages of any size: a hostile peer could fill the page's memory.  So every
// frame on that channel first passes libraryFrame: only the few small, single-chunk
// frames trystero 0.25 sends in a room kingweb opens go through, the rest are dropped
// and counted ("foreign").  This reads trystero's frame layout, which is why its version
// is pinned (tools/trystero/package-lock.json); the browser tests would catch a change.

/** kingweb's channel: its label and its negotiated id (trystero's own channel takes 0 or 1). */
export const KP_CHANNEL = { label: "kp", id: 77 };
/** Frames kept from kingweb's channel until the page reads it (peer.js), at the most: the
 * other side may say hello before this side's meeting library reports the connection. */
export const EARLY_FRAMES = 8;

// trystero 0.25's frames (core/dist/shared-peer.mjs, action-wire.mjs): a room frame is
// [1][token length: 2][token][action frame], a presence frame [2][present][token length: 2]
// [token]; an action frame is [type: 32, NUL-padded][nonce: 2][tag][progress][payload],
// the tag's bit 1 marking a message's last chunk and bit 2 a metadata chunk.
const ROOM_FRAME = 1, PRESENCE_FRAME = 2;
const TYPE_BYTES = 32, TAG = 34, PAYLOAD = 36;
const LAST_CHUNK = 1, META_CHUNK = 2;
/** The bookkeeping trystero sends in kingweb's rooms: handshake readiness (and a room
 * password's challenge), a peer leaving, and pings. */
export const LIBRARY_TYPES = ["@_hsready", "@_hsdata", "@_leave", "@_ping", "@_pong"];
/** The largest such frame: a password challenge or its answer is well under it. */
export const LIBRARY_FRAME_MAX = 1024;

const decoder = new TextDecoder();

/** Whether a frame received on trystero's channel is one it sends in kingweb's room (whose
 * namespace is `token`, or one of `token`'s: trystero shares a connection between the
 * rooms two pages are both in): null if so, else why not.  Pure.
 * @param {unknown} data
 * @param {string | Set<string>} token  trystero's room namespace (roomNamespace)
 * @returns {string | null} */
export function libraryFrame(data, token) {
  if (!(data instanceof ArrayBuffer)) return "not binary";
  const b = new Uint8Array(data);
  if (b.length > LIBRARY_FRAME_MAX) return "too large";
  const kind = b[0];
  const at = kind === PRESENCE_FRAME ? 2 : 1;
  if ((kind !== ROOM_FRAME && kind !== PRESENCE_FRAME) || b.length < at + 2) return "not a frame";
  const n = (b[at] << 8) | b[at + 1];
  const end = at + 2 + n;
  const room = b.length < end ? null : decoder.decode(b.subarray(at + 2, end));
  if (room === null || (typeof token === "string" ? room !== token : !token.has(room))) return "another room";
  if (kind === PRESENCE_FRAME) return b.length === end ? null : "not a frame";
  const action = b.subarray(end);
  if (action.length < PAYLOAD) return "not a frame";
  let typeEnd = action.indexOf(0);
  if (typeEnd < 0 || typeEnd > TYPE_BYTES) typeEnd = TYPE_BYTES;
  const type = decoder.decode(action.subarray(0, typeEnd));
  if (!LIBRARY_TYPES.includes(type)) return `action ${type.slice(0, 32)}`;
  const tag = action[TAG];
  if (!(tag & LAST_CHUNK) || tag & META_CHUNK) return "chunked";
  return null;
}

/** trystero's room namespace for a room: hex SHA-256 of "Trystero:<appId>:<roomId>"
 * (its core/dist/crypto.mjs deriveRoomNamespace).
 * @param {string} appId @param {string} roomId */
export async function roomNamespace(appId, roomId) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`Trystero:${appId}:${roomId}`));
  return [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** Whether a channel's error event only says that the other side closed it (SCTP's
 * "User-Initiated Abort", cause 12): the close event follows, and trystero would report
 * it as a peer error on the console.
 * @param {Event} ev */
export function closedByPeer(ev) {
  const error = /** @type {any} */ (ev).error;
  return Boolean(error && error.errorDetail === "sctp-failure" && error.sctpCauseCode === 12);
}

/** Put `check` in front of a channel's message handler: a frame reaches the handler that
 * trystero sets (channel.onmessage) only if check(data) says so; and keep from its error
 * handler the error that is only a close (closedByPeer).
 * @param {RTCDataChannel} channel @param {(data: unknown) => boolean} check */
function guard(channel, check) {
  /** @type {((this: RTCDataChannel, ev: MessageEvent) => any) | null} */
  let onMessage = null;
  /** @type {((this: RTCDataChannel, ev: Event) => any) | null} */
  let onError = null;
  channel.addEventListener("message", (ev) => {
    if (onMessage && check(ev.data)) onMessage.call(channel, ev);
  });
  channel.addEventListener("error", (ev) => {
    if (onError && !closedByPeer(ev)) onError.call(channel, ev);
  });
  Object.defineProperty(channel, "onmessage", { get: () => onMessage, set: (fn) => { onMessage = fn; }, configurable: true });
  Object.defineProperty(channel, "onerror", { get: () => onError, set: (fn) => { onError = fn; }, configurable: true });
  return channel;
}

/** @typedef {RTCPeerConnection & {kp: RTCDataChannel, early: unknown[], library: RTCDataChannel | null, foreign: number}} KpConnection */

/** A class of RTCPeerConnection with kingweb's channel, whose other channels (trystero's)
 * pass only the frames `check` allows; `onForeign(pc, why)` hears of each one dropped.
 * Made on demand: Node, which tests this module's pure parts, has no RTCPeerConnection.
 * @param {{check?: (data: unknown) => string | null, onForeign?: (pc: KpConnection, why: string) => void}} [opts]
 * @returns {typeof RTCPeerConnection} */
export function connectionClass({ check, onForeign } = {}) {
  return class KingwebConnection extends RTCPeerConnection {
    /** @param {RTCConfiguration} [config] */
    constructor(config) {
      super(config);
      /** kingweb's channel */
      this.kp = super.createDataChannel(KP_CHANNEL.label, { negotiated: true, id: KP_CHANNEL.id, ordered: true });
      /** what arrived on it before the page listened (peer.js's Frames takes them over) @type {unknown[]} */
      this.early = [];
      this.kp.onmessage = (ev) => { if (this.early.length < EARLY_FRAMES) this.early.push(ev.data); };
      /** trystero's channel, once there is one @type {RTCDataChannel | null} */
      this.library = null;
      /** frames dropped on it */
      this.foreign = 0;
    }

    /** @param {RTCDataChannel} channel */
    _guard(channel) {
      this.library = channel;
      return guard(channel, (data) => {
        const why = check ? check(data) : "no channel but kingweb's";
        if (why === null) return true;
        this.foreign += 1;
        onForeign?.(/** @type {KpConnection} */ (/** @type {unknown} */ (this)), why);
        return false;
      });
    }

    /** @param {string} label @param {RTCDataChannelInit} [init] */
    createDataChannel(label, init) {
      return this._guard(super.createDataChannel(label, init));
    }

    get ondatachannel() {
      return super.ondatachannel;
    }

    set ondatachannel(fn) {
      super.ondatachannel = fn && ((ev) => {
        this._guard(ev.channel);
        return fn.call(this, ev);
      });
    }
  };
}
