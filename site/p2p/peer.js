// A peer: one connection, greeted.  Rooms (room.js) and direct invitations (direct.js)
// both end here: a connection's "kp" channel (connection.js) opens, each side sends its
// hello (who it is, signed for this connection: identity.js) and checks the other's,
// and from then on the page sends and receives messages (envelope.js) through a Peer.
//
// Every frame received is checked before anything else sees it: the peer's budget
// (Budget), then the envelope (checkFrame).  A frame that fails is dropped and counted
// under its reason; a peer with BLOCK_AFTER dropped frames is disconnected ("blocked").
// The game's own refusals (an action out of turn, for another seat) are counted on the
// same peer with Peer.drop, and never disconnect it.
//
// A message larger than one frame goes in parts (envelope.js splitMessage), sent one after
// the other.  A guest's page takes them (its host sends it whole states); a host's page
// takes none, as no guest has anything large to say.  So a guest's budget holds a whole
// message in parts on top of its usual burst of bytes.

import { Assembly, BLOCK_AFTER, Budget, LIMITS, MAX_BYTES, MAX_MESSAGE, MAX_PARTS, checkFrame, countDrop, encode, noDrops, splitMessage,
  utf8Bytes } from "./envelope.js";
import { Events } from "./events.js";
import { bindingText, idOfKey, sdpFingerprint, verifySignature } from "./identity.js";

/** How long a new connection may take to open its channel and say hello. */
export const HELLO_MS = 10_000;
/** Messages kept for the page while its side still checks the other's hello: the host's
 * first words to a guest (welcome, state, table) and a few more. */
export const HELD_MESSAGES = 16;
const ROLES = ["host", "guest"];
const WORD = /^[a-z][a-z0-9-]{0,31}$/;
const APP = /^[\x20-\x7e]{0,64}$/;

/** @typedef {"host" | "guest"} Role */
/** @typedef {import("./connection.js").KpConnection} KpConnection */
/** @typedef {import("./identity.js").Identity} Identity */
/** @typedef {import("./envelope.js").Message} Message */
/** @typedef {import("./envelope.js").DropCount} DropCount */
/** Why a peer's connection ended: "left" (it said so), "gone" (the connection broke),
 * "blocked" (too many dropped frames), "refused" (its hello was not one we accept),
 * "replaced" (the same peer came back on a new connection), "closed" (this side closed it),
 * or a word the other side gave in its bye.
 * @typedef {string} Reason */

/** What a page takes from the peers it talks to, by its own role: the largest message
 * (a guest's takes messages in parts, a host's none) and the budget, whose burst of bytes
 * holds every frame of such a message (MAX_PARTS at the most) sent at once.
 * @param {Role} role @returns {{maxMessage: number, limits: import("./envelope.js").Limits}} */
export function intake(role) {
  return role === "guest"
    ? { maxMessage: MAX_MESSAGE, limits: { ...LIMITS, bytes: LIMITS.bytes + MAX_PARTS * MAX_BYTES } }
    : { maxMessage: MAX_BYTES, limits: { ...LIMITS } };
}

/** The frames of one connection's channel, checked and counted. */
class Frames {
  /** @param {KpConnection} pc @param {Partial<import("./envelope.js").Limits>} [limits]
   * @param {number} [maxMessage]  the largest message taken in parts (MAX_BYTES: none) */
  constructor(pc, limits, maxMessage = MAX_BYTES) {
    this.pc = pc;
    this.channel = pc.kp;
    this.budget = new Budget(limits);
    /** a message in parts under way, if this side takes any */
    this.parts = maxMessage > MAX_BYTES ? new Assembly(maxMessage) : null;
    /** the number of the next message this side sends in parts */
    this.partsSent = 0;
    /** frames dropped by the transport's checks (they count toward BLOCK_AFTER) */
    this.drops = noDrops();
    /** frames the game refused (Peer.drop) */
    this.refused = noDrops();
    this.stats = { in: 0, out: 0, bytesIn: 0, bytesOut: 0 };
    /** @type {((msg: Message, bytes: number) => void) | null} */
    this.onmessage = null;
    /** @type {((reason: string) => void) | null} */
    this.ondrop = null;
    /** @type {((reason: Reason) => void) | null} */
    this.onclose = null;
    /** @type {Reason | null} */
    this.ended = null;
    /** messages that came after the hello while this side was still checking it, kept
     * for the page (release): the other side may speak as soon as it has checked ours
     * @type {Array<[Message, number]> | null} */
    this.held = [];
    this.channel.onmessage = (ev) => this.receive(ev.data);
    this.channel.addEventListener("close", () => this.end("gone"));
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") this.end("gone");
    });
  }

  get open() {
    return this.ended === null && this.channel.readyState === "open";
  }

  /** Read what the other side sent before this side listened (connection.js keeps it):
   * its hello may come before this side's meeting library reports the connection. */
  drain() {
    for (const data of this.pc.early.splice(0)) this.receive(data);
  }

  /** @param {unknown} data */
  receive(data) {
    if (this.ended) return;
    const size = typeof data === "string" ? data.length : data instanceof ArrayBuffer ? data.byteLength : 0;
    if (!this.budget.take(size)) return this.drop("rate", size);
    const checked = checkFrame(data);
    if (checked.ok === false) return this.drop(checked.reason, checked.bytes);
    this.stats.in += 1;
    this.stats.bytesIn += checked.bytes;
    const { msg } = checked;
    const out = this.parts ? this.parts.accept(msg, checked.bytes)
      : msg.type === "part" ? { drop: { reason: /** @type {const} */ ("unexpected"), bytes: checked.bytes } }
      : { deliver: checked };
    if (out.drop) this.drop(out.drop.reason, out.drop.bytes);
    if (!out.deliver || this.ended) return;
    if (this.onmessage && !(this.held && this.held.length)) this.onmessage(out.deliver.msg, out.deliver.bytes);
    else if (this.held && this.held.length < HELD_MESSAGES) this.held.push([out.deliver.msg, out.deliver.bytes]);
    else this.drop("unexpected", out.deliver.bytes);
  }

  /** From now on every message goes straight to `onmessage`: first those held. */
  release() {
    const held = this.held || [];
    this.held = null;
    for (const [msg, bytes] of held) if (!this.ended) this.onmessage?.(msg, bytes);
  }

  /** @param {import("./envelope.js").Drop} reason @param {number} bytes */
  drop(reason, bytes) {
    countDrop(this.drops, reason, bytes);
    this.ondrop?.(reason);
    if (this.drops.total >= BLOCK_AFTER) this.close("blocked");
  }

  /** Send a message's text: in one frame, or in parts one after the other when it is
   * larger (nothing else can come between them: this runs to its end).
   * @param {string} text */
  send(text) {
    if (!this.open) return false;
    const bytes = utf8Bytes(text);
    const frames = bytes > MAX_BYTES ? splitMessage(text, this.partsSent++) : [text];
    try {
      for (const frame of frames) this.channel.send(frame);
    } catch {
      return false;  // the channel closed under us: its close event follows
    }
    this.stats.out += frames.length;
    this.stats.bytesOut += bytes;
    return true;
  }

  /** Say why (a bye), then close the channel and the connection.
   * @param {Reason} reason */
  close(reason) {
    if (this.ended) return;
    this.send(encode({ type: "bye", reason }));
    const { channel, pc } = this;
    this.end(reason);
    channel.close();
    // a moment for the bye to leave before the connection itself goes
    setTimeout(() => pc.close(), 250);
  }

  /** @param {Reason} reason */
  end(reason) {
    if (this.ended) return;
    this.ended = reason;
    this.onclose?.(reason);
  }
}

/** A greeted peer: who it is, and its messages.
 * Events: "message" (msg), "drop" (reason, where: "transport" for a frame the transport
 * dropped, "game" for Peer.drop), "close" (reason).
 * @extends {Events<{message: [Message], drop: [string, "transport" | "game"], close: [Reason]}>} */
export class Peer extends Events {
  /** @param {Frames} frames
   * @param {{id: string, role: Role, verified: boolean, app: string, via: "room" | "direct"}} who */
  constructor(frames, { id, role, verified, app, via }) {
    super();
    this.frames = frames;
    /** the peer's id: its key's (identity.js), or "u-…" taken on its word */
    this.id = id;
    this.role = role;
    /** whether its id is proven by a signature */
    this.verified = verified;
    /** what it said it runs (the page's app string: a build or protocol version) */
    this.app = app;
    this.via = via;
    this.since = Date.now();
    // what came while the hello was checked goes to the page once it listens: after the
    // code that made this peer has run (a room's join, a direct invitation's answer)
    setTimeout(() => frames.release(), 0);
    frames.onmessage = (msg) => {
      if (msg.type === "hello") return frames.drop("unexpected", 0);
      if (msg.type === "bye") return frames.close(typeof msg.reason === "string" && WORD.test(msg.reason) ? msg.reason : "left");
      this.emit("message", msg);
    };
    frames.ondrop = (reason) => this.emit("drop", reason, "transport");
    frames.onclose = (reason) => this.emit("close", reason);
  }

  get open() {
    return this.frames.open;
  }

  /** The transport's drops (dropped frames, by reason) and the game's (Peer.drop). */
  get drops() {
    return { transport: this.frames.drops, game: this.frames.refused };
  }

  get stats() {
    return { ...this.frames.stats, since: this.since };
  }

  /** Whether its frames go through the relays (relayed.js) rather than a data channel. */
  get relayed() {
    return Boolean(/** @type {any} */ (this.frames.pc).relayed);
  }

  /** The RTCPeerConnection, for its statistics. */
  get connection() {
    return this.frames.pc;
  }

  /** Send a message: an object with a `type` (the envelope is added), or the JSON text of
   * a whole envelope.  False if the peer is gone; throws for a message no peer would
   * accept (envelope.js's encode).
   * @param {{type: string, [field: string]: any} | string} msg */
  send(msg) {
    return this.frames.send(textOf(msg));
  }

  /** Count a message the game refused (a reason of its own: "not-your-turn", …).
   * @param {string} reason */
  drop(reason) {
    countDrop(this.frames.refused, reason, 0);
    this.emit("drop", reason, "game");
  }

  /** End the connection, telling the peer why.
   * @param {Reason} [reason] */
  close(reason = "closed") {
    this.frames.close(reason);
  }
}

/** The text of a message, checked: an object gets its envelope, a text must be one.  Up to
 * MAX_MESSAGE: a larger one than a frame holds goes in parts.
 * @param {{type: string, [field: string]: any} | string} msg */
export function textOf(msg) {
  if (typeof msg !== "string") return encode(msg, MAX_MESSAGE);
  const checked = checkFrame(msg, MAX_MESSAGE);
  if (checked.ok === false) throw new TypeError(`not a peer message: ${checked.reason}`);
  return msg;
}

/** Whether the connection's channel opens within `ms` (false as soon as it fails).
 * @param {KpConnection} pc @param {number} ms */
function opened(pc, ms) {
  const channel = pc.kp;
  if (channel.readyState === "open") return Promise.resolve(true);
  return new Promise((resolve) => {
    const failed = () => { if (pc.connectionState === "failed" || pc.connectionState === "closed") done(false); };
    const done = (/** @type {boolean} */ ok) => {
      clearTimeout(timer);
      pc.removeEventListener("connectionstatechange", failed);
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), ms);
    channel.addEventListener("open", () => done(true), { once: true });
    channel.addEventListener("close", () => done(false), { once: true });
    pc.addEventListener("connectionstatechange", failed);
  });
}

/** The first message a connection's frames bring, or null (closed, or none within `ms`).
 * @param {Frames} frames @param {number} ms @returns {Promise<Message | null>} */
function firstMessage(frames, ms) {
  return new Promise((resolve) => {
    const done = (/** @type {Message | null} */ msg) => {
      clearTimeout(timer);
      frames.onmessage = null;
      frames.onclose = null;
      resolve(msg);
    };
    const timer = setTimeout(() => done(null), ms);
    frames.onmessage = (msg) => done(msg);
    frames.onclose = () => done(null);
  });
}

/** Greet the peer at the other end of a new connection: send our hello, check theirs.
 * Resolves a Peer, or null when the connection failed or the other side is not one to
 * talk to (its frames are then closed, and `refused(why)` hears why).
 * @param {KpConnection} pc
 * @param {{identity: Identity, room: string, role: Role, app?: string, via: "room" | "direct",
 *   expect?: {role?: Role, id?: string}, signed?: boolean, limits?: Partial<import("./envelope.js").Limits>,
 *   timeoutMs?: number, openMs?: number, dropped?: (reason: string) => void, refused?: (why: string) => void}} opts
 *   `room` is the room's id ("direct" for an invitation), `expect` what the other side must
 *   be, `signed` whether an unsigned hello is refused (rooms: both sides can sign there);
 *   `openMs` how long the connection may take to open (by default `timeoutMs`, the time
 *   for a hello); `dropped` hears of frames dropped before the Peer exists, `refused` why
 *   there is none
 * @returns {Promise<Peer | null>} */
export async function greet(pc, { identity, room, role, app = "", via, expect = {}, signed = false, limits, timeoutMs = HELLO_MS, openMs = timeoutMs, dropped, refused }) {
  const takes = intake(role);
  const frames = new Frames(pc, { ...takes.limits, ...limits }, takes.maxMessage);
  frames.ondrop = dropped ?? null;
  const refuse = (/** @type {string} */ why) => {
    refused?.(why);
    frames.close("refused");
    return null;
  };
  // listen before anything else: the other side may have spoken already
  const reply = firstMessage(frames, openMs + timeoutMs);
  frames.drain();
  if (!(await opened(pc, openMs))) return refuse("no channel");
  // a relayed connection (relayed.js) is bound by both pages' ephemeral keys instead
  const binding = /** @type {{mine: string, theirs: string} | undefined} */ (/** @type {any} */ (pc).binding);
  const mine = binding ? binding.mine : sdpFingerprint(pc.localDescription?.sdp);
  const theirs = binding ? binding.theirs : sdpFingerprint(pc.remoteDescription?.sdp);
  if (!mine || !theirs) return refuse("no fingerprint");
  /** @type {Record<string, any>} */
  const hello = { type: "hello", role, app, id: identity.id.replace(/^u-/, "") };
  if (identity.sign) {
    hello.key = identity.key;
    hello.sig = await identity.sign(bindingText({ room, role, signer: mine, other: theirs }));
  }
  frames.send(encode(/** @type {{type: string}} */ (hello)));
  const msg = await reply;
  if (!msg) return refuse("no hello");
  if (msg.type !== "hello") {
    frames.drop("unexpected", 0);
    return refuse("no hello");
  }
  if (!ROLES.includes(msg.role) || typeof msg.app !== "string" || !APP.test(msg.app)) return refuse("bad hello");
  if (typeof msg.id !== "string" || !/^[A-Za-z0-9_-]{22}$/.test(msg.id)) return refuse("bad hello");
  let id, verified;
  if (identity.sign && typeof msg.key === "string" && typeof msg.sig === "string") {
    const text = bindingText({ room, role: msg.role, signer: theirs, other: mine });
    const keyId = await idOfKey(msg.key);
    if (keyId !== msg.id || !(await verifySignature(msg.key, msg.sig, text))) {
      frames.drop("forged", 0);
      return refuse("forged");
    }
    id = keyId;
    verified = true;
  } else if (!signed) {
    // an unsigned hello, or this page cannot check signatures (no secure context): the
    // peer is taken on its word
    id = `u-${msg.id}`;
    verified = false;
  } else return refuse("unsigned");
  if (expect.role && msg.role !== expect.role) return refuse("role");
  if (expect.id && id !== expect.id) return refuse("id");
  if (frames.ended) return null;
  return new Peer(frames, { id, role: msg.role, verified, app: msg.app, via });
}
