// The table's connections behind one face (host.js's and guest.js's Hub): a room's
// peers, and peers connected one by one by direct invitations, alike.  A message goes
// out as the text of one envelope; what comes in is the transport's checked message.

/** @typedef {import("./peer.js").Peer} Peer */
/** @typedef {import("./room.js").Room} Room */

/**
 * @typedef {{message: (peer: string, msg: unknown) => void, join: (peer: string) => void,
 *   leave: (peer: string, reason?: string) => void}} Handlers
 */

/** Every peer the table talks to, whichever way it came: a room's, and direct ones. */
export class Hub {
  constructor() {
    /** @type {Map<string, Peer>} */
    this.peers = new Map();
    /** @type {Handlers | null} */
    this.handlers = null;
    /** @type {Room[]} */
    this.rooms = [];
    /** Peers the host blocked: refused by every room and direct link for good. */
    this.blocked = new Set();
  }

  /** @param {Handlers} h */
  listen(h) { this.handlers = h; }

  /** A room's peers, as they come and go.  A connection replaced by a newer one of the
   * same peer is no leave: the peer is still here, and its join follows at once.
   * @param {Room} room */
  addRoom(room) {
    this.rooms.push(room);
    room.on("join", (peer) => { this.peers.set(peer.id, peer); this.handlers?.join(peer.id); });
    room.on("leave", (peer, reason) => { if (reason !== "replaced") this.gone(peer, reason); });
    room.on("message", (peer, msg) => this.handlers?.message(peer.id, msg));
  }

  /** A peer connected by a direct invitation.  @param {Peer} peer */
  addPeer(peer) {
    if (this.blocked.has(peer.id)) { peer.close("blocked"); return; }
    this.peers.set(peer.id, peer);
    peer.on("message", (msg) => this.handlers?.message(peer.id, msg));
    peer.on("close", (reason) => this.gone(peer, reason));
    this.handlers?.join(peer.id);
  }

  /** A peer's connection ended: it has left, unless a newer connection of it is open.
   * @param {Peer} peer @param {string} reason */
  gone(peer, reason) {
    if (this.peers.get(peer.id) !== peer) return;
    this.peers.delete(peer.id);
    this.handlers?.leave(peer.id, reason);
  }

  /** A peer's connection now: a room's peer may have moved to a connection on another
   * network (room.js), with no leave and join.  @param {string} id */
  current(id) {
    for (const room of this.rooms) {
      const p = room.peers.get(id);
      if (p) return p;
    }
    return this.peers.get(id);
  }

  /** How the host reaches a peer: "direct" (a data channel) or "relayed", or null.
   * @param {string} id @returns {"direct" | "relayed" | null} */
  how(id) {
    const p = this.current(id);
    return p ? (p.relayed ? "relayed" : "direct") : null;
  }

  /** @param {string} id @param {string} text */
  send(id, text) {
    const p = this.current(id);
    if (p && p.open) p.send(text);
  }

  /** Disconnect a peer the host removed (`block`: and refuse it from now on).
   * @param {string} id @param {boolean} block */
  cut(id, block) {
    if (block) {
      this.blocked.add(id);
      for (const room of this.rooms) room.block(id);
    }
    this.peers.get(id)?.close(block ? "blocked" : "removed");
  }

  /** @param {string} id @param {string} reason */
  refuse(id, reason) {
    const p = this.current(id);
    if (p) p.drop(reason);
  }

  close() {
    for (const room of this.rooms) room.close();
    for (const p of this.peers.values()) p.close("closed");
    this.peers.clear();
  }
}
