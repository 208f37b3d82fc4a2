// A room: the host and its guests find each other through public relays with trystero,
// then talk directly.  Loaded only when a person chooses to play with people:
// `const { openRoom } = await import("./p2p/opening.js")`.
//
//   const room = await openRoom({ roomId, role: "host", relays, iceServers });
//   room.on("join", (peer, { rejoin }) => …);      // a greeted guest (or, for a guest, the host)
//   room.on("leave", (peer, reason) => …);
//   room.on("message", (peer, msg) => …);          // {kp: 1, type, …}, checked
//   room.on("drop", (peer, reason, where) => …);   // a frame dropped and counted
//   room.on("problem", (key, params) => …);        // an i18n key: say it to the person
//   room.on("networks", (open, all) => …);         // which kinds of relay answer now
//   room.send(peer.id, { type: "view", … });  room.broadcast({ type: "event", … });
//
// The host sees every guest; a guest sees only the host its link names.
//
// A guest meets its host alone.  trystero connects every page of a trystero room with every
// other, and the offers it passes carry each page's network addresses, readable by anyone
// with the room's id: a room every guest joined would show each guest the others'
// addresses.  So where the room has relays that carry (Nostr, MQTT: relayed.js), the link's
// room is only a door: the pages say they are here there (relayed.js presences, which a
// page that signs proves), and the host and each guest then meet in a trystero room of
// their own, named by the ECDH secret of the two pages' ephemeral keys (relayed.js
// pairKeys' `meeting`), which no other page can name.  A guest meets there only a host
// whose presence proves the link's host id; the host meets each guest it hears.  This is
// the "private" meeting (room.meeting); with WebTorrent trackers alone there is no door,
// and every page joins the link's room ("shared"), as the invite dialog says.  The host
// waits in the link's room in either case: a guest whose door's relays do not answer within
// RELAY_WAIT_MS meets it there (and, there, any other guest in the same plight).
// A peer is known by its id (identity.js), the same when it reloads or comes back through
// the same link: its join is then a rejoin.  A peer with too many dropped frames is
// disconnected and refused for the rest of the room.
//
// Several networks at once.  The room meets on every kind of relay it is given (params.js
// KINDS: WebTorrent trackers, Nostr relays, MQTT brokers), one trystero strategy each, all
// joined at once: whichever network first carries a peer's offer gives the first
// connection, and the room works while any one network does.  Each strategy makes its own
// WebRTC connection to a peer it meets, so two pages that meet on two networks hold two
// direct connections; each is greeted (signed hello, envelope checks) as ever.  They are
// one peer: the first greeted is the peer's connection, on which this page sends; a
// connection greeted later from the same page (the same kingweb id and the same trystero
// id, which the strategies share) is kept as a spare.  Every frame is sent once, on the
// sender's own choice of connection, so a frame heard on any of them is delivered once;
// when the peer's connection ends, a live spare takes its place without a leave.  A
// greeted page with the same kingweb id but another trystero id is the person's page
// reloaded: it replaces the old one, as before.
//
// Meeting fast: nudger.js makes trystero announce at once where a peer would wait for it.
//
// Relayed (relayed.js): a page it talks to heard on its Nostr relays or MQTT brokers with
// no greeted connection RELAYED_AFTER_MS later (at once without RTCPeerConnection) is
// carried through them, greeted like any other and known by the same trystero id: a
// direct connection greeted later becomes the peer's, and a direct spare is taken first.

import { connectionClass, libraryFrame, roomNamespace } from "./connection.js";
import { countDrop, noDrops } from "./envelope.js";
import { Events } from "./events.js";
import { Nudger } from "./nudger.js";
import { KINDS } from "./params.js";
import { greet, textOf } from "./peer.js";
import { RELAYED_AFTER_MS } from "./relayed.js";

/** trystero's application id: the namespace of kingweb's rooms on every relay. */
export const APP_ID = "kingweb";
/** After this long with no relay reachable, the room says so (and keeps trying). */
export const RELAY_WAIT_MS = 8_000;
/** After this long, a guest that has not met its host says so (and keeps trying). */
export const HOST_WAIT_MS = 20_000;
/** After this long, a guest that has still not met its host says what may be wrong (a
 * closed table, an old link, a network in the way), and keeps trying. */
export const HOST_GONE_MS = 60_000;

/** @typedef {import("./peer.js").Peer} Peer */
/** @typedef {import("./params.js").RelayKind} RelayKind */
/** What a strategy module offers the room (each of @trystero-p2p/torrent, nostr, mqtt).
 * @typedef {typeof import("@trystero-p2p/torrent")} Strategy */
/** One network the room meets on: a kind of relay, its strategy, its relays and its room.
 * @typedef {{kind: RelayKind, lib: Strategy, urls: string[], troom: ReturnType<Strategy["joinRoom"]>}} Network */

/** How often the room looks at its relays' sockets to tell which networks answer. */
export const NETWORKS_MS = 1_000;
/** @typedef {import("./identity.js").Identity} Identity */
/** @typedef {import("./envelope.js").Message} Message */
/** @typedef {import("./connection.js").KpConnection} KpConnection */
/** Events of a room.
 * @typedef {{join: [Peer, {rejoin: boolean}], leave: [Peer, string], message: [Peer, Message],
 *   drop: [Peer | null, string, "transport" | "game" | "library"], problem: [string, Record<string, string | number>],
 *   networks: [RelayKind[], RelayKind[]], moved: [Peer]}} RoomEvents */
/** @typedef {import("./opening.js").RoomOptions} RoomOptions */

/** The rooms this page holds open: what a failed test's evidence reads (tests/evidence.py)
 * to say how far meeting got. @type {Set<Room>} */
export const openRooms = new Set();

/** @extends {Events<RoomEvents>} */
export class Room extends Events {
  /** @param {RoomOptions} options @param {Identity} identity
   * @param {{kind: RelayKind, lib: Strategy, urls: string[]}[]} strategies  the networks to meet on
   * @param {import("./relayed.js").RelayCarrier | null} [carrier]  the relays that carry a pair with no direct
   *   connection, and where a private meeting's pages find each other */
  constructor(options, identity, strategies, carrier = null) {
    super();
    const { roomId, role, host, relays, app = "", limits, waits = {} } = options;
    this.roomId = roomId;
    this.role = role;
    /** this page's id */
    this.id = identity.id;
    this.host = role === "host" ? identity.id : /** @type {string} */ (host);
    this.relays = relays;
    this.identity = identity;
    this.app = app;
    this.limits = limits;
    this.openedAt = performance.now();
    /** the peers this page talks to, by id @type {Map<string, Peer>} */
    this.peers = new Map();
    /** every connection greeted, by network and trystero's peer id ("nostr:ID"; the room's
     * other guests too) @type {Map<string, Peer>} */
    this.byLibraryId = new Map();
    /** each greeted connection's trystero id @type {WeakMap<Peer, string>} */
    this.tidOf = new WeakMap();
    /** by peer id: its connections on other networks, kept for when its own ends @type {Map<string, Set<Peer>>} */
    this.spares = new Map();
    /** the kinds whose relays answered when last looked at @type {RelayKind[]} */
    this.answered = [];
    this.told = false;
    /** ids that joined before, and when each first met (ms after opening) @type {Map<string, number>} */
    this.met = new Map();
    /** @type {Set<string>} */
    this.blocked = new Set();
    this.drops = { transport: noDrops(), game: noDrops(), library: noDrops() };
    this.closed = false;
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    this.options = options;
    /** the networks this page can meet on @type {{kind: RelayKind, lib: Strategy, urls: string[]}[]} */
    this.strategies = strategies;
    /** "private": each guest meets the host in a trystero room of their own; "shared": in
     * the link's room, with every other guest (the top of this file) */
    this.meeting = carrier ? "private" : "shared";
    /** the trystero rooms joined, one per network and meeting @type {(Network & {meeting: string})[]} */
    this.networks = [];
    /** the meetings joined (trystero room ids) @type {Set<string>} */
    this.meetings = new Set();
    /** @type {Nudger[]} */
    this.nudgers = [];
    /** the meetings' trystero namespaces: trystero shares one connection to a page
     * between the rooms both are in, so each connection passes any of them @type {Set<string>} */
    this.tokens = new Set();
    // (a browser without WebRTC has no strategy to give it to: its room is relayed only)
    this.Connection = typeof globalThis.RTCPeerConnection === "function" ? connectionClass({
      check: (data) => libraryFrame(data, this.tokens),
      onForeign: (pc, why) => this.dropped(this.peerOf(pc), why, "library"),
    }) : null;
    this.timers.push(setTimeout(() => this.checkRelays(), waits.relayMs ?? RELAY_WAIT_MS));
    this.watcher = setInterval(() => this.watchNetworks(), NETWORKS_MS);
    if (role === "guest") {
      const noHost = (/** @type {string} */ key) => { if (!this.peers.size && !this.closed) this.emit("problem", key, {}); };
      this.timers.push(setTimeout(noHost, waits.hostMs ?? HOST_WAIT_MS, "p2p_no_host"));
      this.timers.push(setTimeout(noHost, waits.goneMs ?? HOST_GONE_MS, "p2p_host_gone"));
    }
    this.carrier = carrier;
    openRooms.add(this);
    // the door's relays may not answer: the host waits in the link's room too, for a guest
    // that reaches none of them (RELAY_WAIT_MS), and so meets in the shared way
    if (this.meeting === "shared" || role === "host") this.join(roomId);
    else this.timers.push(setTimeout(() => { if (!carrier?.state().some((r) => r.open)) this.join(roomId); }, waits.relayMs ?? RELAY_WAIT_MS));
    const after = typeof globalThis.RTCPeerConnection === "function" ? options.relayedAfterMs ?? RELAYED_AFTER_MS : 0;
    carrier?.on("meet", (pair) => {
      if (!this.talksTo(pair.presence)) return;
      // a guest meets only a host that proved its id: another page claiming it would learn the guest's address
      if (pair.presence.proven) this.join(pair.meeting);
      this.timers.push(setTimeout(() => this.relay(pair), after));
    });
    carrier?.on("incoming", (pc) => {
      if (this.talksTo(pc.pair.presence)) this.adopt(`relayed:${pc.pair.presence.tid}`, pc.pair.presence.tid, pc);
      else pc.close();
    });
    carrier?.on("drop", (pc, why) => this.dropped(pc ? this.peerOf(pc) : null, why, "transport"));
  }

  /** Meet on every network in the trystero room `meeting` (once).
   * @param {string} meeting */
  async join(meeting) {
    if (this.meetings.has(meeting) || this.closed) return;
    this.meetings.add(meeting);
    const { iceServers, password, nudge = true } = this.options;
    const core = await import("@trystero-p2p/core");
    const token = await roomNamespace(APP_ID, meeting);
    const infoHash = (await core.sha1(await core.sha1(`Trystero@${APP_ID}@${meeting}`))).slice(0, 20);
    if (this.closed) return;
    this.tokens.add(token);
    for (const { kind, lib, urls } of this.strategies) {
      const troom = lib.joinRoom(
        {
          appId: APP_ID,
          relayConfig: { urls },
          ...(iceServers ? { rtcConfig: { iceServers } } : {}),
          ...(password ? { password } : {}),
          rtcPolyfill: this.Connection,
        },
        meeting,
        { onJoinError: (details) => this.joinError(details.error) },
      );
      const net = { kind, lib, urls, troom, meeting };
      troom.onPeerJoin = (tid) => { this.connect(net, tid); };
      troom.onPeerLeave = (tid) => this.disconnected(net, tid);
      this.networks.push(net);
      if (kind === "torrent" && nudge) this.nudgers.push(new Nudger(this, net, infoHash));
    }
  }

  /** Whether this page talks to a page that said it is here: a host to guests, a guest to its host.
   * @param {{id: string, role: string}} who */
  talksTo(who) {
    return this.role === "host" ? who.role === "guest" : who.role === "host" && who.id === this.host;
  }

  /** A page met on the relays has had its time to connect directly: if it has not, carry
   * the pair through the relays.
   * @param {import("./pair.js").Pair} pair */
  relay(pair) {
    if (this.closed || !this.carrier || pair.connection || pair.done) return;
    const { id, tid } = pair.presence;
    const peer = this.peers.get(id);
    if (peer && peer.open && this.tidOf.get(peer) === tid) return;
    this.adopt(`relayed:${tid}`, tid, this.carrier.connect(pair));
  }

  /** The greeted peer on a connection, if any.
   * @param {RTCPeerConnection | import("./pair.js").RelayedConnection} pc */
  peerOf(pc) {
    for (const peer of this.byLibraryId.values()) if (peer.connection === pc) return peer;
    return null;
  }

  /** trystero met a peer on a network: greet it on kingweb's channel.
   * @param {Network} net @param {string} tid  trystero's id of the peer */
  async connect(net, tid) {
    const pc = /** @type {KpConnection | undefined} */ (net.troom.getPeers()[tid]);
    if (pc) await this.adopt(`${net.kind}:${tid}`, tid, pc);
  }

  /** Greet a page on a new connection (a network's, or relayed), and make it the peer's,
   * a spare, or the page of a peer come back.
   * @param {string} key  the connection's name: network and trystero id
   * @param {string} tid  the page's trystero id
   * @param {KpConnection | import("./pair.js").RelayedConnection} pc */
  async adopt(key, tid, pc) {
    if (this.closed) return;
    const peer = await greet(/** @type {KpConnection} */ (pc), {
      identity: this.identity,
      room: this.roomId,
      role: this.role,
      app: this.app,
      via: "room",
      signed: true,
      limits: this.limits,
      dropped: (reason) => this.dropped(null, reason, "transport"),
    });
    if (!peer || this.closed) {
      peer?.close("closed");
      return;
    }
    if (this.blocked.has(peer.id) || (peer.role === "host" && this.role === "host")) {
      peer.close(this.blocked.has(peer.id) ? "blocked" : "refused");
      return;
    }
    this.byLibraryId.set(key, peer);
    this.tidOf.set(peer, tid);
    peer.on("close", (reason) => this.gone(key, peer, reason));
    // a guest talks to its host only; another guest's messages are out of place
    const mine = this.role === "host" ? peer.role === "guest" : peer.role === "host" && peer.id === this.host;
    peer.on("drop", (reason, where) => this.dropped(peer, reason, where));
    if (!mine) {
      peer.on("message", () => peer.frames.drop("unexpected", 0));
      return;
    }
    // a frame is the peer's whichever of its connections carried it (the top of this file)
    peer.on("message", (msg) => this.emit("message", this.peers.get(peer.id) ?? peer, msg));
    const before = this.peers.get(peer.id);
    if (before && this.tidOf.get(before) === tid) {
      if (!this.spares.has(peer.id)) this.spares.set(peer.id, new Set());
      const spares = /** @type {Set<Peer>} */ (this.spares.get(peer.id));
      if (before.relayed && !peer.relayed && !before.frames.ended) {
        // a direct connection formed at last: the pair moves to it
        this.peers.set(peer.id, peer);
        spares.add(before);
        this.emit("moved", peer);
      } else spares.add(peer);
      return;
    }
    if (before) {
      this.peers.delete(peer.id);
      for (const spare of this.spares.get(peer.id) ?? []) spare.close("replaced");
      this.spares.delete(peer.id);
      before.close("replaced");
      this.emit("leave", before, "replaced");
    }
    this.peers.set(peer.id, peer);
    const rejoin = this.met.has(peer.id);
    if (!rejoin) this.met.set(peer.id, Math.round(performance.now() - this.openedAt));
    this.emit("join", peer, { rejoin });
  }

  /** trystero's connection to a peer on a network ended.
   * @param {Network} net @param {string} tid */
  disconnected(net, tid) {
    const peer = this.byLibraryId.get(`${net.kind}:${tid}`);
    if (peer) peer.frames.end("gone");
  }

  /** A greeted connection ended: if it was the peer's own, a live spare takes its place
   * (the peer stays), else the peer has left.
   * @param {string} key @param {Peer} peer @param {string} reason */
  gone(key, peer, reason) {
    if (this.byLibraryId.get(key) === peer) this.byLibraryId.delete(key);
    if (reason === "blocked") this.blocked.add(peer.id);
    const spares = this.spares.get(peer.id);
    spares?.delete(peer);
    if (this.peers.get(peer.id) !== peer) return;
    const live = reason === "blocked" ? [] : [...(spares ?? [])].filter((p) => !p.frames.ended);
    const spare = live.find((p) => !p.relayed) ?? live[0];
    if (spare) {
      spares?.delete(spare);
      this.peers.set(peer.id, spare);
      this.emit("moved", spare);
      return;
    }
    this.peers.delete(peer.id);
    this.emit("leave", peer, reason);
  }

  /** @param {Peer | null} peer @param {string} reason @param {"transport" | "game" | "library"} where */
  dropped(peer, reason, where) {
    countDrop(this.drops[where], reason, 0);
    this.emit("drop", peer, reason, where);
  }

  /** @param {string} error  trystero's words */
  joinError(error) {
    if (this.closed) return;
    // trystero's own words, for the failure's evidence (the person reads the notice below)
    console.info("kingweb: trystero:", error);
    if (/password/i.test(error)) this.emit("problem", "p2p_password", {});
    // A pair with no direct connection is carried through the relays: nothing to ask of
    // the person.  Nor where the page has what it came for (a guest its host; a host,
    // which cannot tell whose connection failed: in a shared meeting it is often only an
    // offer answered twice, nudger.js AGAIN_MS): the guest's page says when it has no host.
    else if (!this.carrier && this.role === "guest" && !this.peers.size) this.emit("problem", "p2p_failed", {});
  }

  checkRelays() {
    if (this.closed) return;
    const open = this.relayState().filter((r) => r.open).length;
    if (!open) {
      // the addresses are for whoever looks into it, not for the player's message
      console.info("kingweb: no relay answers:", this.relays.join(", "));
      this.emit("problem", "p2p_no_relay", {});
    }
  }

  /** Each relay (with its kind's prefix) and whether its socket is open. */
  relayState() {
    const direct = this.strategies.flatMap((net) => {
      const sockets = /** @type {Record<string, WebSocket | undefined>} */ (net.lib.getRelaySockets());
      return net.urls.map((url) => ({ url: KINDS[net.kind] + url, kind: net.kind, open: sockets[url]?.readyState === WebSocket.OPEN }));
    });
    // a relay the room's own carriage reaches answers too (the only ones without WebRTC)
    const carried = (this.carrier?.state() ?? []).map((r) => ({ ...r, url: KINDS[r.kind] + r.url }));
    return [...direct, ...carried.filter((r) => !direct.some((d) => d.url === r.url && d.open))];
  }

  /** The kinds of relay the room meets on. */
  get kinds() {
    const kinds = new Set([...this.strategies.map((n) => n.kind), ...(this.carrier?.state() ?? []).map((r) => r.kind)]);
    return /** @type {RelayKind[]} */ (Object.keys(KINDS)).filter((k) => kinds.has(k));
  }

  /** How the page talks to a peer now: "direct" (a data channel), "relayed", or null.
   * @param {string} id */
  how(id) {
    const peer = this.peers.get(id);
    return peer ? (peer.relayed ? "relayed" : "direct") : null;
  }

  /** Tell which networks answer when that changes: the kinds with a relay's socket open,
   * and every kind the room tries (it keeps trying those that do not answer). */
  watchNetworks() {
    if (this.closed) return;
    const state = this.relayState();
    const open = this.kinds.filter((k) => state.some((r) => r.kind === k && r.open));
    if (this.told && open.join() === this.answered.join()) return;
    this.told = true;
    this.answered = open;
    this.emit("networks", open, this.kinds);
  }

  /** Send a message to one peer: false if it is not here.
   * @param {string} id @param {{type: string, [field: string]: any} | string} msg */
  send(id, msg) {
    const peer = this.peers.get(id);
    return peer ? peer.send(msg) : false;
  }

  /** Send a message to every peer (but `except`): how many it went to.  The text is made once.
   * @param {{type: string, [field: string]: any} | string} msg @param {{except?: string[]}} [opts] */
  broadcast(msg, { except = [] } = {}) {
    const text = textOf(msg);
    let n = 0;
    for (const [id, peer] of this.peers) if (!except.includes(id) && peer.send(text)) n++;
    return n;
  }

  /** Disconnect a peer and refuse it for the rest of the room.
   * @param {string} id */
  block(id) {
    this.blocked.add(id);
    for (const spare of this.spares.get(id) ?? []) spare.close("blocked");
    this.peers.get(id)?.close("blocked");
  }

  /** What the room has seen: when each peer first met (ms after opening), the drops, the
   * relays, the nudges. */
  stats() {
    return {
      role: this.role,
      age: Math.round(performance.now() - this.openedAt),
      met: Object.fromEntries(this.met),
      // the connections each network's library holds (greeted or not): 0 everywhere while
      // the room has met nobody
      library: Object.fromEntries(this.strategies.map(({ kind }) => [kind,
        this.networks.filter((n) => n.kind === kind).reduce((sum, n) => sum + Object.keys(n.troom.getPeers()).length, 0)])),
      meeting: this.meeting,
      meetings: this.meetings.size,
      peers: [...this.peers.values()].map((p) => ({ id: p.id, role: p.role, relayed: p.relayed, drops: p.drops, ...p.stats })),
      drops: this.drops,
      blocked: [...this.blocked],
      relays: this.relayState(),
      networks: this.answered,
      spares: Object.fromEntries([...this.spares].map(([id, set]) => [id, set.size])),
      nudges: this.nudgers.reduce((sum, n) => sum + n.count, 0),
      signals: this.nudgers.flatMap((n) => n.trail),
      relayed: this.carrier?.published ?? 0,
    };
  }

  /** Leave the room: every peer is told (trystero's leave) and disconnected. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    openRooms.delete(this);
    this.timers.forEach(clearTimeout);
    clearInterval(this.watcher);
    this.nudgers.forEach((n) => n.stop());
    for (const peer of this.byLibraryId.values()) peer.close("left");
    // a moment for the byes to leave through the relays
    if (this.carrier) setTimeout(() => this.carrier?.close(), 300);
    await Promise.all(this.networks.map((n) => n.troom.leave()));
  }
}
