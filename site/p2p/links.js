// The table's connections behind one face (host.js's and guest.js's Link): a room's
// peers, and peers connected one by one by direct invitations, alike.  A message goes
// out as the text of one envelope; what comes in is the transport's checked message.

/** @typedef {import("./peer.js").Peer} Peer */
/** @typedef {import("./room.js").Room} Room */
/** @typedef {import("./host.js").Link} Link */

/**
 * @typedef {{message: (peer: string, msg: unknown) => void, join: (peer: string) => void,
 *   leave: (peer: string) => void}} Handlers
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
  }

  /** @param {Handlers} h */
  listen(h) { this.handlers = h; }

  /** A room's peers, as they come and go.  A connection replaced by a newer one of the
   * same peer is no leave: the peer is still here, and its join follows at once.
   * @param {Room} room */
  addRoom(room) {
    this.rooms.push(room);
    room.on("join", (peer) => { this.peers.set(peer.id, peer); this.handlers?.join(peer.id); });
    room.on("leave", (peer, reason) => { if (reason !== "replaced") this.gone(peer); });
    room.on("message", (peer, msg) => this.handlers?.message(peer.id, msg));
  }

  /** A peer connected by a direct invitation.  @param {Peer} peer */
  addPeer(peer) {
    this.peers.set(peer.id, peer);
    peer.on("message", (msg) => this.handlers?.message(peer.id, msg));
    peer.on("close", () => this.gone(peer));
    this.handlers?.join(peer.id);
  }

  /** A peer's connection ended: it has left, unless a newer connection of it is open.
   * @param {Peer} peer */
  gone(peer) {
    if (this.peers.get(peer.id) !== peer) return;
    this.peers.delete(peer.id);
    this.handlers?.leave(peer.id);
  }

  /** @param {string} id @param {string} text */
  send(id, text) {
    const p = this.peers.get(id);
    if (p && p.open) p.send(text);
  }

  /** @param {string} id @param {string} reason */
  refuse(id, reason) {
    const p = this.peers.get(id);
    if (p) p.drop(reason);
  }

  close() {
    for (const room of this.rooms) room.close();
    for (const p of this.peers.values()) p.close("closed");
    this.peers.clear();
  }
}
