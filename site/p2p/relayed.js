// A table carried through the relays when no direct connection forms.  Two pages of a room
// that met (each heard the other's presence) but hold no data channel after a few seconds
// (room.js RELAYED_AFTER_MS; at once where there is no RTCPeerConnection) pass kingweb's
// frames through the Nostr relays and MQTT brokers the room meets on.  room.js receives a
// RelayedConnection, which looks to peer.js like a data-channel connection: the same
// signed hello, frame checks, budgets and order apply to it.
//
// What a relay sees is ciphertext, its size and its timing (docs/PROTOCOL.md §"Relayed"):
//   presence  on the room's topic, every PRESENCE_MS and when a new page is heard:
//             {"v":1,"p":B64(iv ‖ AES-GCM(room key, {id, role, tid, eph}))}; the room key is
//             HKDF(room id) (anyone with the link reads presences: they are the room's people),
//             `eph` this page's ephemeral ECDH P-256 key, made when the room opens; and, from a
//             page that signs, {key, sig}: its identity's public key and its signature of
//             `eph` (presenceText), which prove the presence's id before any connection.
//   frame     on the recipient's inbox topic: {"v":1,"s":SENDER,"n":N,"i":I,"k":K,"d":B64}:
//             piece I of K of AES-GCM(pair key, frame) with the 96-bit nonce 0⁴ ‖ N (N the
//             sender's count of frames to this peer, from 0).  The pair key of each direction is
//             HKDF-SHA-256(ECDH(eph, their eph), salt SHA-256(room id), info naming the
//             sender's and recipient's ids and ephemeral keys): bound to the room's secret and
//             both pages.  A frame that does not decrypt is dropped ("forged"); one whose N
//             came already is dropped as a replay (or the copy from another relay); frames are
//             delivered in N's order, a gap held at most GAP_MS before the link is lost.
//   ack       on the sender's inbox: {"v":1,"s":RECEIVER,"m":M,"a":B64}: AES-GCM(pair key,
//             the count of frames delivered in order) with the nonce 0³1 ‖ M (M the
//             receiver's count of acks).  A frame not acked within RESEND_MS goes out again
//             (relays pass ephemeral messages on once, and drop them when busy or reconnecting):
//             without acks, a lost last frame leaves the other side waiting, knowing of no gap.
// The ids in a presence are claims: what proves who is at the other end is the hello,
// signed (identity.js) over both ephemeral keys in place of the DTLS fingerprints of a
// direct connection, so a page holding the link cannot pass for the host.
//
// The same ECDH secret names the pair's own meeting (pairKeys' `meeting`): room.js meets a
// page it talks to there, with trystero, rather than in a room every guest joins
// (ARCHITECTURE.md, "A guest meets its host alone").
//
// Each frame goes out on every relay that is open, so a relay that dies loses nothing: the
// copies that come through another fill the order.  Topics are hashes: a relay learns
// neither the room's id nor a page's.

import { fromBase64url, toBase64url } from "./bytes.js";
import { CARRIERS } from "./carriers.js";
import { Events } from "./events.js";
import { idOfKey, verifySignature } from "./identity.js";
import { Pair, RelayedConnection } from "./pair.js";
import { PIECE, ackFields, ackNonce, counterNonce, frameFields, inboxTag, pairKeys, presenceText, roomKey, roomTag } from "./sealing.js";

/** After meeting a peer, how long a data channel may take before the pair is relayed. */
export const RELAYED_AFTER_MS = 4_000;
/** How often a page says it is here (its presence). */
export const PRESENCE_MS = 5_000;
/** A relayed peer heard nothing from this long is gone. */
export const GONE_MS = 25_000;
/** How long a frame missing from the order may be waited for. */
export const GAP_MS = 10_000;
/** A frame not acked for this long is published again. */
export const RESEND_MS = 1_500;
/** How long a receiver gathers frames before it acks them (one ack for a burst). */
export const ACK_MS = 150;
/** Frames sent and not acked, at the most: beyond, the other side is not taking them. */
const UNACKED = 512;
/** The least time between two presences of a page that answers newcomers. */
const ANSWER_MS = 300;
/** Frames held out of order, or messages from pages not yet heard, at the most. */
const HELD = 64;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** @typedef {import("./params.js").RelayKind} RelayKind */
/** @typedef {import("./pair.js").Presence} Presence */
/** @typedef {import("./carriers.js").Carrier} Carrier */
/** @typedef {import("./carriers.js").CarrierMaker} CarrierMaker */

/** Events of the carrier: a page heard ("meet", once per page), a connection the other
 * side began ("incoming"), a frame dropped ("drop"). */
/** @extends {Events<{meet: [Pair], incoming: [RelayedConnection], drop: [RelayedConnection | null, string]}>} */
export class RelayCarrier extends Events {
  /** @param {{roomId: string, id: string, role: string, tid: string, relays: {kind: RelayKind, url: string}[],
   *   carriers?: Record<string, CarrierMaker>, identity?: {key: string | null, sign: ((text: string) => Promise<string>) | null}}} options
   *   `identity`: a page that signs proves its presence's id */
  static async open(options) {
    const carrier = new RelayCarrier(options, await roomTag(options.roomId), await roomKey(options.roomId));
    carrier.identity = options.identity ?? null;
    await carrier.rekey();
    const makers = options.carriers ?? CARRIERS;
    const hear = (/** @type {string} */ topic, /** @type {string} */ text) => carrier.heard(topic, text);
    // (a relay that opens, or opens again, hears this page's presence at once)
    const opened = () => { if (carrier.carriers.length) carrier.announce(); };
    const made = await Promise.allSettled(options.relays.map(({ kind, url }) => makers[kind]?.(url, hear, opened)));
    for (const r of made) if (r.status === "fulfilled" && r.value) carrier.carriers.push(r.value);
    for (const c of carrier.carriers) {
      c.subscribe(carrier.roomTopic);
      c.subscribe(carrier.inboxTopic);
    }
    carrier.timer = setInterval(() => carrier.tick(), PRESENCE_MS);
    carrier.resender = setInterval(() => carrier.resend(), RESEND_MS / 3);
    carrier.announce();
    return carrier;
  }

  /** @param {{roomId: string, id: string, role: string, tid: string}} options
   * @param {string} tag @param {CryptoKey} key  the room's tag and key (roomTag, roomKey) */
  constructor({ roomId, id, role, tid }, tag, key) {
    super();
    this.roomId = roomId;
    /** what this page's presence says @type {{id: string, role: string, tid: string, eph: string, key?: string, sig?: string}} */
    this.me = { id, role, tid, eph: "" };
    /** this page's ephemeral ECDH key (`rekey`) @type {CryptoKey | null} */
    this.privateKey = null;
    this.eph = "";
    this.inbox = "";
    this.inboxTopic = "";
    /** every inbox this page had: the pairs made on an older key go on there @type {Set<string>} */
    this.inboxTopics = new Set();
    /** @type {{key: string | null, sign: ((text: string) => Promise<string>) | null} | null} */
    this.identity = null;
    this.rekeying = false;
    /** the keys of pages that made theirs again: a late presence with one is not a new page
     * @type {Set<string>} */
    this.retired = new Set();
    this.roomTopic = `kingweb/${tag}`;
    this.tag = tag;
    this.key = key;
    /** @type {Carrier[]} */
    this.carriers = [];
    /** the pages heard, by inbox tag @type {Map<string, Pair>} */
    this.pairs = new Map();
    /** frames from pages not heard yet (their presence may come after), with the inbox
     * they came to @type {Array<[string, unknown, string]>} */
    this.unknown = [];
    this.lastAnnounce = 0;
    this.closed = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.resender = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.soon = undefined;
    /** relay messages published, for the stats */
    this.published = 0;
  }

  /** Make this page's ephemeral key (again): its inbox, and the presence that says both
   * (signed, where the page signs, which proves a new key is the same page's). */
  async rekey() {
    const made = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]));
    const eph = toBase64url(new Uint8Array(await crypto.subtle.exportKey("raw", made.publicKey)));
    const inbox = await inboxTag(eph);
    const { key, sign } = this.identity ?? {};
    const sig = key && sign ? await sign(presenceText(this.roomId, eph)) : null;
    this.privateKey = made.privateKey;
    this.eph = eph;
    this.inbox = inbox;
    this.inboxTopic = `kingweb/${this.tag}/${inbox}`;
    this.inboxTopics.add(this.inboxTopic);
    this.me = { ...this.me, eph, ...(key && sig ? { key, sig } : {}) };
    for (const c of this.carriers) c.subscribe(this.inboxTopic);
  }

  /** A pair's connection ended.  A guest that lost its host's makes its key again: the two
   * pages connect afresh under new keys (the old keys again would reuse their nonces), and
   * its presence with the new key tells the host that the old pair is over (`presence`).
   * @param {Pair} pair */
  ended(pair) {
    if (this.closed || this.me.role !== "guest" || pair.presence.role !== "host" || this.rekeying) return;
    this.rekeying = true;
    this.rekey().then(() => {
      // the pages heard are heard again, and paired under the new key
      for (const [tag, p] of this.pairs) if (p.done || !p.connection) this.pairs.delete(tag);
      return this.announce();
    }).catch(() => {}).finally(() => { this.rekeying = false; });
  }

  /** Say this page is here, on every relay. */
  async announce() {
    if (this.closed) return;
    this.lastAnnounce = performance.now();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, this.key, encoder.encode(JSON.stringify(this.me))));
    const p = new Uint8Array(12 + sealed.length);
    p.set(iv);
    p.set(sealed, 12);
    this.publish(this.roomTopic, JSON.stringify({ v: 1, p: toBase64url(p) }));
  }

  /** Say this page is here again soon: at most one presence every ANSWER_MS for the
   * newcomers heard meanwhile. */
  announceSoon() {
    if (this.soon) return;
    const wait = Math.max(0, this.lastAnnounce + ANSWER_MS - performance.now());
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.announce();
    }, wait);
  }

  /** @param {string} topic @param {string} text */
  publish(topic, text) {
    for (const c of this.carriers) {
      if (!c.open()) continue;
      try {
        c.publish(topic, text);
        this.published += 1;
      } catch { /* the relay went: the others carry it */ }
    }
  }

  tick() {
    if (this.closed) return;
    this.announce();
    const now = performance.now();
    for (const pair of this.pairs.values()) {
      const c = pair.connection;
      if (!c || pair.done) continue;
      if (now - pair.heard > GONE_MS || (pair.gapSince && now - pair.gapSince > GAP_MS) || pair.unacked.size > UNACKED) c.close();
    }
  }

  /** Publish again the frames not acked for RESEND_MS, oldest first, a few at a time. */
  resend() {
    if (this.closed) return;
    const now = performance.now();
    for (const pair of this.pairs.values()) {
      if (pair.done) continue;
      let again = 0;
      for (const out of pair.unacked.values()) {
        if (now - out.at < RESEND_MS) continue;
        out.at = now;
        for (const msg of out.msgs) this.publish(this.topicOf(pair), msg);
        if (++again >= 8) break;
      }
    }
  }

  /** A relay message on one of this page's topics.
   * @param {string} topic @param {string} text */
  heard(topic, text) {
    if (this.closed || typeof text !== "string" || text.length > PIECE + 200) return;
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    if (topic === this.roomTopic) this.presence(msg).catch(() => {});
    else if (this.inboxTopics.has(topic)) {
      if (msg && typeof msg === "object" && "a" in msg) this.ack(msg, topic).catch(() => {});
      else this.piece(msg, topic);
    }
  }

  /** The other side says how many of this page's frames it has had in order: those are
   * not sent again.
   * @param {unknown} msg @param {string} topic  the inbox it came to */
  async ack(msg, topic) {
    const f = ackFields(msg);
    const pair = f && this.pairs.get(f.s);
    if (pair && topic !== this.inboxOf(pair)) return;  // to a key of this page's before the pair's
    const bytes = f && fromBase64url(f.a);
    if (!f || !pair || pair.done || !bytes) return;
    let count;
    try {
      count = Number(decoder.decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: ackNonce(f.m) }, pair.keys.receive, bytes)));
    } catch { return; }  // forged, or another pair's
    if (!Number.isSafeInteger(count) || count > pair.sent) return;
    pair.heard = performance.now();
    if (count <= pair.acked) return;  // an old ack, or a copy
    for (let n = pair.acked; n < count; n++) pair.unacked.delete(n);
    pair.acked = count;
  }

  /** Ack the frames delivered to `pair`, soon (ACK_MS gathers a burst into one ack).
   * @param {Pair} pair */
  ackSoon(pair) {
    if (pair.ackTimer || pair.done) return;
    pair.ackTimer = setTimeout(() => {
      pair.ackTimer = undefined;
      if (pair.done || this.closed) return;
      const m = pair.acks++;
      crypto.subtle.encrypt({ name: "AES-GCM", iv: ackNonce(m) }, pair.keys.send, encoder.encode(String(pair.next)))
        .then((sealed) => this.publish(this.topicOf(pair),
          JSON.stringify({ v: 1, s: pair.mine.inbox, m, a: toBase64url(new Uint8Array(sealed)) })))
        .catch(() => {});
    }, ACK_MS);
  }

  /** @param {any} msg */
  async presence(msg) {
    if (!msg || msg.v !== 1 || typeof msg.p !== "string" || msg.p.length > 1500) return;
    const p = fromBase64url(msg.p);
    if (!p || p.length < 29) return;
    let who;
    try {
      who = JSON.parse(decoder.decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: p.subarray(0, 12) }, this.key, p.subarray(12))));
    } catch { return; }  // another room's, or not a presence
    const word = (/** @type {unknown} */ s) => typeof s === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(s);
    if (!who || !word(who.id) || !word(who.tid) || !word(who.eph) || !["host", "guest"].includes(who.role)) return;
    if (who.eph === this.eph || (who.id === this.me.id && who.tid === this.me.tid)) return;  // our own (an older key's too)
    if (this.retired.has(who.eph)) return;
    const inbox = await inboxTag(who.eph);
    const known = this.pairs.get(inbox);
    if (known) {
      known.heard = performance.now();
      return;
    }
    if (this.pairs.size >= 256 || this.closed) return;
    let keys;
    const mine = { eph: this.eph, inbox: this.inbox };
    try { keys = await pairKeys(this.roomId, /** @type {CryptoKey} */ (this.privateKey), this.me, who); } catch { return; }
    const proven = typeof who.key === "string" && typeof who.sig === "string" && who.key.length < 200 && who.sig.length < 200
      && (await idOfKey(who.key)) === who.id && (await verifySignature(who.key, who.sig, presenceText(this.roomId, who.eph)));
    if (this.pairs.has(inbox)) return;
    // the same page (its proven id, the same page load) with a new key: it made one again
    // because it lost the pair (`ended`), which is over on this side too
    for (const [tag, old] of this.pairs) {
      if (proven && old.presence.id === who.id && old.presence.tid === who.tid) {
        this.pairs.delete(tag);
        if (this.retired.size < 256) this.retired.add(old.presence.eph);
        old.connection?.close();
      }
    }
    const pair = new Pair({ id: who.id, role: who.role, tid: who.tid, eph: who.eph, proven }, inbox, keys, mine);
    this.pairs.set(inbox, pair);
    // a newcomer may not have heard us yet
    this.announceSoon();
    this.emit("meet", pair);
    const waiting = this.unknown.filter(([s]) => s === inbox);
    this.unknown = this.unknown.filter(([s]) => s !== inbox);
    for (const [, m, topic] of waiting) this.piece(m, topic);
  }

  /** @param {unknown} msg @param {string} topic  the inbox it came to */
  piece(msg, topic) {
    const f = frameFields(msg);
    if (!f) return;
    const pair = this.pairs.get(f.s);
    if (!pair) {
      if (this.unknown.length < HELD) this.unknown.push([f.s, msg, topic]);
      return;
    }
    // frames of an older pair of the same two pages (this page made its key again since):
    // under other keys, so not the other page's fault
    if (topic !== this.inboxOf(pair)) return;
    if (pair.done) return;
    if (f.n < pair.next || pair.ahead.has(f.n)) {
      // a copy or a replay; or sent again, the ack not having come: ack again
      if (f.n < pair.next && pair.connection) this.ackSoon(pair);
      return;
    }
    if (!pair.pieces.has(f.n)) {
      if (pair.pieces.size >= HELD) return;
      pair.pieces.set(f.n, new Array(f.k).fill(""));
    }
    const pieces = /** @type {string[]} */ (pair.pieces.get(f.n));
    if (pieces.length !== f.k) return;
    pieces[f.i] = f.d;
    if (pieces.some((x) => !x)) return;
    pair.pieces.delete(f.n);
    this.open(pair, f.n, pieces.join(""));
  }

  /** Decrypt a whole frame and deliver what is in order.
   * @param {Pair} pair @param {number} n @param {string} sealed */
  async open(pair, n, sealed) {
    const bytes = fromBase64url(sealed);
    let text;
    try {
      if (!bytes) throw new Error("not base64url");
      text = decoder.decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: counterNonce(n) }, pair.keys.receive, bytes));
    } catch {
      this.emit("drop", pair.connection, "forged");
      return;
    }
    if (pair.done || n < pair.next || pair.ahead.has(n) || pair.ahead.size >= HELD) return;
    pair.heard = performance.now();
    pair.ahead.set(n, text);
    if (!pair.connection) {
      // the other side began: its first frame is its hello
      pair.connection = new RelayedConnection(this, pair);
      this.emit("incoming", pair.connection);
    }
    const channel = pair.connection.kp;
    while (pair.ahead.has(pair.next) && !pair.done) {
      const data = /** @type {string} */ (pair.ahead.get(pair.next));
      pair.ahead.delete(pair.next);
      pair.next += 1;
      channel.deliver(data);
    }
    pair.gapSince = pair.ahead.size ? pair.gapSince || performance.now() : 0;
    this.ackSoon(pair);
  }

  /** This page's inbox topic for a pair: where the pair's frames to this page come.
   * @param {Pair} pair */
  inboxOf(pair) {
    return `kingweb/${this.tag}/${pair.mine.inbox}`;
  }

  /** A pair's inbox topic, where this page publishes to it. @param {Pair} pair */
  topicOf(pair) {
    return `kingweb/${this.tag}/${pair.inbox}`;
  }

  /** This page's connection to a page it heard (made once).
   * @param {Pair} pair */
  connect(pair) {
    if (!pair.connection) pair.connection = new RelayedConnection(this, pair);
    return pair.connection;
  }

  /** Seal and send a frame to a pair, in order, on every relay.
   * @param {Pair} pair @param {string} text */
  send(pair, text) {
    const n = pair.sent++;
    const topic = this.topicOf(pair);
    pair.queue = pair.queue.then(async () => {
      const sealed = toBase64url(new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: counterNonce(n) }, pair.keys.send, encoder.encode(text))));
      const k = Math.ceil(sealed.length / PIECE) || 1;
      const msgs = Array.from({ length: k }, (_, i) => JSON.stringify({ v: 1, s: pair.mine.inbox, n, i, k, d: sealed.slice(i * PIECE, (i + 1) * PIECE) }));
      if (!pair.done) pair.unacked.set(n, { msgs, at: performance.now() });
      for (const msg of msgs) this.publish(topic, msg);
    }).catch(() => {});
  }

  /** The relays, and whether each is open. */
  state() {
    return this.carriers.map((c) => ({ kind: c.kind, url: c.url, open: c.open() }));
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    for (const pair of this.pairs.values()) pair.connection?.close();
    clearInterval(this.timer);
    clearInterval(this.resender);
    clearTimeout(this.soon);
    for (const c of this.carriers) c.close();
  }
}
