// A pair of pages that carry frames through the relays (relayed.js): what the pair holds
// (who the other says it is, the pair's keys, the order of frames each way), and the
// connection peer.js greets and checks on it as on a data channel's.

/** `proven`: its id is its key's, and the key signed its `eph` (presenceText).
 * @typedef {{id: string, role: string, tid: string, eph: string, proven?: boolean}} Presence */
/** @typedef {import("./relayed.js").RelayCarrier} RelayCarrier */

/** What a relayed peer holds: who it says it is, the pair's keys and the order of frames. */
export class Pair {
  /** @param {Presence} presence @param {string} inbox  the other page's inbox tag
   * @param {{send: CryptoKey, receive: CryptoKey, meeting: string}} keys
   * @param {{eph: string, inbox: string}} mine  this page's ephemeral key and inbox tag
   *   when the pair was made (a key made again later leaves this pair on the old one) */
  constructor(presence, inbox, keys, mine) {
    this.presence = presence;
    this.inbox = inbox;
    this.mine = mine;
    this.keys = keys;
    /** the pair's own trystero room (pairKeys) */
    this.meeting = keys.meeting;
    this.heard = performance.now();
    /** the next frame to send, and to deliver */
    this.sent = 0;
    this.next = 0;
    /** pieces of frames under way, by N @type {Map<number, string[]>} */
    this.pieces = new Map();
    /** frames decrypted ahead of the order, by N @type {Map<number, string>} */
    this.ahead = new Map();
    /** since when the order has waited for `next` (0: it does not) */
    this.gapSince = 0;
    /** @type {RelayedConnection | null} */
    this.connection = null;
    /** its connection ended: its frames are not taken any more */
    this.done = false;
    /** sends in order (encryption is asynchronous) */
    this.queue = Promise.resolve();
    /** frames sent and not acked: what was published, and when last @type {Map<number, {msgs: string[], at: number}>} */
    this.unacked = new Map();
    /** how many of this page's frames the other side has had in order */
    this.acked = 0;
    /** acks sent */
    this.acks = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.ackTimer = undefined;
  }
}

/** Shows the tests' and the bench's wire tap (tests/p2p_support.py TAP_JS) what a relayed
 * connection carries in clear, as it sees a data channel's frames; nothing without one.
 * @param {"sent" | "heard"} way @param {string} text */
function tap(way, text) {
  /** @type {any} */ (globalThis).kingwebRelayTap?.(way, text);
}

/** kingweb's channel over the relays: what peer.js uses of an RTCDataChannel. */
class RelayedChannel extends EventTarget {
  /** @param {RelayedConnection} pc */
  constructor(pc) {
    super();
    this.pc = pc;
    this.label = "kp";
    /** @type {RTCDataChannelState} */
    this.readyState = "open";
    /** @type {((ev: MessageEvent) => any) | null} */
    this.onmessage = null;
  }

  /** @param {string} text */
  send(text) {
    if (this.readyState !== "open") throw new Error("closed");
    tap("sent", text);
    this.pc.carrier.send(this.pc.pair, text);
  }

  close() {
    if (this.readyState === "closed") return;
    this.readyState = "closed";
    this.dispatchEvent(new Event("close"));
  }

  /** @param {string} data */
  deliver(data) {
    tap("heard", data);
    const ev = new MessageEvent("message", { data });
    this.onmessage?.(ev);
    this.dispatchEvent(ev);
  }
}

/** A peer reached through the relays, as peer.js sees a connection: `kp`, `early`,
 * `connectionState`, `close()`; `binding` gives what its hello signs in place of the DTLS
 * fingerprints (both ephemeral keys). */
export class RelayedConnection extends EventTarget {
  /** @param {RelayCarrier} carrier @param {Pair} pair */
  constructor(carrier, pair) {
    super();
    this.carrier = carrier;
    this.pair = pair;
    this.relayed = true;
    /** @type {RTCPeerConnectionState} */
    this.connectionState = "connected";
    this.binding = { mine: `relay:${pair.mine.eph}`, theirs: `relay:${pair.presence.eph}` };
    this.kp = new RelayedChannel(this);
    /** what arrived before the page listened (peer.js's Frames takes them over) @type {unknown[]} */
    this.early = [];
    this.kp.onmessage = (ev) => { if (this.early.length < 8) this.early.push(ev.data); };
  }

  close() {
    if (this.connectionState === "closed") return;
    this.connectionState = "closed";
    this.pair.done = true;
    this.pair.unacked.clear();
    clearTimeout(this.pair.ackTimer);
    this.kp.close();
    this.dispatchEvent(new Event("connectionstatechange"));
    this.carrier.ended(this.pair);
  }
}

