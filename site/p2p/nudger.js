// Meeting fast on WebTorrent trackers (room.js gives each trystero room on them a Nudger).
// trystero 0.25 answers a newcomer's offer only if its own peer id sorts
// after the newcomer's (it leaves the other half to the newcomer, which answers the
// offers the older peer sends when it next announces), and a peer announces every
// max(10 s, the tracker's interval / 5): a guest could wait that long for the host, on
// public trackers two minutes.  So the room listens to its relays' sockets (trystero's
// getRelaySockets), and when it hears an offer from a peer it has not met that trystero
// will leave unanswered, it makes trystero announce at once, by reconnecting that relay
// (pauseRelayReconnection, close, resumeRelayReconnection: trystero announces every
// room on a reconnect).  Its fresh offers reach the newcomer, which answers them.  It
// waits for a quiet moment (no answer to its own offers and none of its own answers in
// flight for NUDGE_QUIET_MS), since a reconnect loses what the relay forwards meanwhile.
//
// A guest that has not met its host announces again every AGAIN_MS: in a shared meeting a
// page that answered an offer someone else's answer took first answers none of that
// peer's offers for 23 s (docs/ARCHITECTURE.md, "A guest that has not met its host
// announces again").
//
// An answer lost on the way is sent again.  A tracker hands a peer the same offer of
// another's at each of its announces (its oldest outstanding one, trystero keeps three for
// two minutes), until an answer to it reaches the offerer.  If this page's answer is lost
// (a relay that drops it, the offerer's socket reconnecting at that moment), trystero
// waits out its answering connection (23 s) and then answers that same offer with a new
// one: which never connects, since the offerer's connection was already reached by the
// first (Chromium: its ICE checks, its DTLS hello), and the two pages did not meet for
// minutes (r68).  The offer heard again from a peer this page answered is the sign that
// its answer did not arrive: the page sends the same answer again, which connects late
// as well as on time; an answer that did arrive and comes twice is ignored.  And the page
// reconnects no relay while trystero makes an answer to send on it (ANSWER_MAKING_MS): it
// sends nothing on a socket that is not open, and would never know.

/** How long after its own announce (or an answer of its own) a peer may have signals in
 * flight through the relay. */
export const NUDGE_QUIET_MS = 1_500;
/** How often a guest that has not met its host announces again on the trackers, for
 * AGAIN_FOR_MS after its room opened; after that, every AGAIN_LATER times as long. */
export const AGAIN_MS = 6_000;
export const AGAIN_FOR_MS = 60_000;
export const AGAIN_LATER = 5;
/** The signals a nudger keeps for the evidence: a minute's, where r41's 24 kept only the
 * last half of the minute that room never met in (96 then; with the page's own announces
 * and answers noted too, since r68, more). */
const TRAIL = 240;
/** How long after sending an answer the page sends it again when the offer comes again:
 * while trystero's connection that made it waits (23 s, its `answeringTtlMs`). */
export const ANSWER_KEPT_MS = 20_000;
/** Not sooner than this after the answer or its last copy: an offer may come twice in
 * one announce, or cross the answer on its way. */
export const ANSWER_AGAIN_MS = 1_000;
/** How long trystero may take to make an answer (on trackers it waits for the connection's
 * every ICE candidate, at most 15 s, a few milliseconds as a rule): the relay it is for is
 * not reconnected meanwhile. */
export const ANSWER_MAKING_MS = 5_000;

/** @typedef {import("./room.js").Room} Room */
/** @typedef {import("./room.js").Network} Network */

/** Makes trystero announce at once when a peer it has not met would wait for it (see the
 * top of this file). */
export class Nudger {
  /** @param {Room} room @param {Network} net  the trackers' network
   * @param {string} infoHash  the room's info hash on the relays */
  constructor(room, net, infoHash) {
    this.room = room;
    this.net = net;
    this.infoHash = infoHash;
    this.count = 0;
    /** @type {WeakSet<WebSocket>} */
    this.watched = new WeakSet();
    /** the sockets this page closed to reconnect them @type {WeakSet<WebSocket>} */
    this.closing = new WeakSet();
    /** per relay: until when signals of ours may be in flight @type {Map<string, number>} */
    this.busy = new Map();
    /** per relay: the peers waiting for our announce @type {Map<string, Set<string>>} */
    this.waiting = new Map();
    /** @type {Map<string, ReturnType<typeof setTimeout>>} */
    this.pending = new Map();
    /** this page's answers by the offer they answer: to whom, the message, when sent
     * (and sent again) @type {Map<string, {to: string, data: string, at: number, again: number}>} */
    this.answers = new Map();
    /** per relay: the peers trystero makes an answer to, and until when this page waits
     * for it @type {Map<string, Map<string, number>>} */
    this.owed = new Map();
    /** each socket's own send (the page's wrapper's below) @type {WeakMap<WebSocket, (data: string) => void>} */
    this.sends = new WeakMap();
    /** the last signals heard and nudges made, for a failure's evidence (stats' `signals`)
     * @type {string[]} */
    this.trail = [];
    this.note(`self ${net.lib.selfId.slice(0, 4)}`);
    this.interval = setInterval(() => this.watch(), 500);
    // A page of a shared meeting may answer an offer that the offerer has already taken
    // another page's answer to: trystero then waits out its answer (23 s) and meanwhile
    // answers none of that peer's offers, and the two announce again only every tracker
    // interval (50 s and more).  A guest that has not met its host announces again every
    // AGAIN_MS, so that it meets the host soon after that wait ends, not a minute later.
    this.lonely = room.role === "guest" ? setInterval(() => this.again(), AGAIN_MS) : undefined;
    this.lonelyTicks = 0;
    this.watch();
  }

  /** @param {string} what */
  note(what) {
    this.trail.push(`${Math.round(performance.now() - this.room.openedAt)} ${what}`);
    if (this.trail.length > TRAIL) this.trail.shift();
  }

  stop() {
    clearInterval(this.interval);
    clearInterval(this.lonely);
    this.pending.forEach(clearTimeout);
  }

  watch() {
    const sockets = /** @type {Record<string, WebSocket>} */ (this.net.lib.getRelaySockets());
    for (const [url, socket] of Object.entries(sockets)) {
      if (this.watched.has(socket)) continue;
      this.watched.add(socket);
      socket.addEventListener("message", (ev) => this.heard(url, ev.data));
      // (a relay closed by anyone but this page: its own reconnects are noted as such)
      socket.addEventListener("close", () => { if (!this.closing.has(socket)) this.note("closed"); });
      // what this page sends: its announces (which offers) and its answers (kept, to be
      // sent again: the top of this file)
      const send = socket.send;
      this.sends.set(socket, (data) => send.call(socket, data));
      socket.send = (data) => {
        this.sent(data);
        return send.call(socket, data);
      };
    }
  }

  /** @param {unknown} data  a message this page sends to a relay */
  sent(data) {
    if (typeof data !== "string" || data.length > 65536) return;
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    if (!msg || msg.info_hash !== this.infoHash) return;
    if (Array.isArray(msg.offers)) this.note(`announce ${msg.offers.map((/** @type {any} */ o) => "#" + String(o?.offer_id).slice(0, 4)).join(" ")}`);
    if (!msg.answer || typeof msg.offer_id !== "string" || typeof msg.to_peer_id !== "string") return;
    this.note(`answered ${msg.to_peer_id.slice(0, 4)} #${msg.offer_id.slice(0, 4)}`);
    for (const owed of this.owed.values()) owed.delete(msg.to_peer_id);
    const now = performance.now();
    for (const [id, kept] of this.answers) if (now - kept.at > ANSWER_KEPT_MS) this.answers.delete(id);
    this.answers.set(msg.offer_id, { to: msg.to_peer_id, data, at: now, again: now });
  }

  /** The offer `id` came again from `from`, which this page answered: send the answer
   * again if it is recent (the top of this file).
   * @param {string} url @param {string} id @param {string} from */
  answerAgain(url, id, from) {
    const kept = this.answers.get(id);
    const now = performance.now();
    if (this.room.closed || !kept || kept.to !== from || now - kept.at > ANSWER_KEPT_MS || now - kept.again < ANSWER_AGAIN_MS) return;
    const socket = /** @type {Record<string, WebSocket>} */ (this.net.lib.getRelaySockets())[url];
    const send = socket && this.sends.get(socket);
    if (!send || socket.readyState !== WebSocket.OPEN) return;
    kept.again = now;
    this.note(`answered again ${from.slice(0, 4)} #${id.slice(0, 4)}`);
    send(kept.data);
  }

  /** @param {string} url @param {unknown} data */
  heard(url, data) {
    if (typeof data !== "string" || data.length > 65536) return;
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    if (!msg || msg.info_hash !== this.infoHash) return;
    const now = performance.now();
    const from = msg.peer_id;
    const id = msg.offer || msg.answer ? ` #${String(msg.offer_id).slice(0, 4)}` : "";
    this.note(`${msg.offer ? "offer" : msg.answer ? "answer" : "reply"} ${typeof from === "string" ? from.slice(0, 4) : ""}${id}`);
    if (!msg.offer && !msg.answer) {
      this.busy.set(url, now + NUDGE_QUIET_MS);  // the relay's reply to our announce: answers may follow
      return;
    }
    if (!msg.offer || typeof from !== "string" || from in this.net.troom.getPeers()) return;
    if (typeof msg.offer_id === "string") this.answerAgain(url, msg.offer_id, from);
    if (this.net.lib.selfId > from) {
      this.busy.set(url, now + NUDGE_QUIET_MS);  // trystero answers this one: our answer is on its way
      // (unless it answers this peer already: then it answers no other offer of its)
      const answering = [...this.answers.values()].some((a) => a.to === from && now - a.at <= ANSWER_KEPT_MS);
      if (!this.owed.has(url)) this.owed.set(url, new Map());
      const owed = /** @type {Map<string, number>} */ (this.owed.get(url));
      if (!answering && !owed.has(from)) owed.set(from, now + ANSWER_MAKING_MS);
      return;
    }
    if (!this.waiting.has(url)) this.waiting.set(url, new Set());
    /** @type {Set<string>} */ (this.waiting.get(url)).add(from);
    if (!this.pending.has(url)) this.pending.set(url, setTimeout(() => this.fire(url), 0));
  }

  /** Announce on `url` now if a peer still waits and nothing of ours is in flight there.
   * @param {string} url */
  fire(url) {
    this.pending.delete(url);
    if (this.room.closed) return;
    const met = this.net.troom.getPeers();
    const waiting = [...(this.waiting.get(url) ?? [])].filter((p) => !(p in met));
    this.waiting.set(url, new Set(waiting));
    if (!waiting.length) return;
    const wait = this.quietIn(url);
    if (wait > 0) {
      this.pending.set(url, setTimeout(() => this.fire(url), wait));
      return;
    }
    this.waiting.set(url, new Set());
    this.reconnect(url, "nudge");
  }

  /** A guest that has not met its host: announce again on every relay with nothing of ours
   * in flight (see `lonely` in the constructor). */
  again() {
    if (this.room.closed || this.room.peers.size) return;
    const now = performance.now();
    // a host not met in a minute may be gone (a closed room, an old link): the page keeps
    // trying, but spares the public trackers a reconnect every few seconds
    this.lonelyTicks += 1;
    if (now - this.room.openedAt > AGAIN_FOR_MS && this.lonelyTicks % AGAIN_LATER !== 0) return;
    for (const url of Object.keys(this.net.lib.getRelaySockets())) {
      if (this.quietIn(url) <= 0 && !this.pending.has(url)) this.reconnect(url, "again");
    }
  }

  /** How long until nothing of this page's may be in flight on `url`, nor being made for
   * it: its announce's answers, its own answers (ms; 0 or less: now).
   * @param {string} url */
  quietIn(url) {
    const now = performance.now();
    const owed = this.owed.get(url) ?? new Map();
    for (const [peer, until] of owed) if (until <= now) owed.delete(peer);
    return Math.max(this.busy.get(url) ?? 0, ...owed.values()) - now;
  }

  /** Make trystero announce on `url` now: close its socket, which it opens again and
   * announces on.  @param {string} url @param {string} why */
  reconnect(url, why) {
    const socket = /** @type {Record<string, WebSocket>} */ (this.net.lib.getRelaySockets())[url];
    if (!socket || socket.readyState !== WebSocket.OPEN || !navigator.onLine) return;
    this.count += 1;
    this.note(why);
    this.busy.set(url, performance.now() + NUDGE_QUIET_MS);
    // (trystero's core holds these for every strategy: the others wait a moment too)
    const { pauseRelayReconnection, resumeRelayReconnection } = this.net.lib;
    pauseRelayReconnection();
    socket.addEventListener("close", () => {
      resumeRelayReconnection();
      setTimeout(() => this.watch(), 0);
    }, { once: true });
    this.closing.add(socket);
    socket.close();
  }
}
