// The envelope of every message between peers, and the budget each peer's messages must
// keep to.  Pure functions and small classes, no DOM: Node's test runner tests them
// (tests/node/envelope.test.mjs).
//
// A message is one text frame holding a JSON object {kp: 1, type, ...fields}: `kp` is the
// peer protocol's version, `type` a short lower-case name.  The transport's own types are
// TRANSPORT_TYPES; every other type is the game's (docs/PROTOCOL.md §3).  A frame that is
// not such a message, is larger than MAX_BYTES or nested deeper than MAX_DEPTH, or comes
// faster than the peer's budget allows, is dropped and counted under its reason (DROP):
// nothing a peer sends can throw in the page that receives it.
//
// A message larger than one frame (a guest's whole state late in a long match) travels as
// PARTS: its text cut into `part` frames, each checked as any frame is, sent one after the
// other and put together in order by the receiver (Assembly), which then checks the whole
// as it would one frame, up to MAX_MESSAGE.  Only a guest's page takes messages in parts:
// a host never needs a guest's message to be large.

/** The peer protocol's version: `kp` in every message. */
export const KP = 1;
/** The largest message, in bytes of UTF-8: a full redraw of a long match fits many times. */
export const MAX_BYTES = 64 * 1024;
/** How deeply a message's values may nest (objects and arrays). */
export const MAX_DEPTH = 16;
/** A message type: a lower-case name of at most 32 characters. */
export const TYPE = /^[a-z][a-z0-9-]{0,31}$/;
/** The types the transport itself sends and consumes; the game's types are all others. */
export const TRANSPORT_TYPES = ["hello", "bye", "part"];
/** The largest message in parts, in bytes of UTF-8: a guest's whole state at the end of the
 * longest match any game allows (German Whist to 100, 199 deals) is under a third of it. */
export const MAX_MESSAGE = 1024 * 1024;
/** The most parts one message may take (a MAX_MESSAGE of quotes, each written \" in a part,
 * takes 33). */
export const MAX_PARTS = 40;
/** A peer whose frames were dropped this many times is disconnected and refused for the
 * rest of the room: two kingweb pages never send a frame the other drops. */
export const BLOCK_AFTER = 50;

/** Why a frame was dropped, each counted apart.
 * @typedef {"binary" | "oversize" | "not-json" | "not-object" | "too-deep" | "version" | "type"
 *   | "rate" | "unexpected" | "forged" | "foreign" | "part"} Drop */
/** @type {Record<Drop, string>} what each reason means, for the docs and the tests */
export const DROP = {
  binary: "not a text frame",
  oversize: `larger than ${MAX_BYTES} bytes`,
  "not-json": "not JSON",
  "not-object": "JSON, but not an object",
  "too-deep": `nested deeper than ${MAX_DEPTH} levels`,
  version: `no kp: ${KP}`,
  type: "no type, or not a lower-case name",
  rate: "over the peer's budget of messages or bytes",
  unexpected: "a message out of place: a second hello, none first, or one from a peer the page does not talk to",
  forged: "a hello whose signature does not hold for this connection",
  foreign: "a frame on the meeting library's channel that kingweb never sends",
  part: "a part of a message out of order, malformed, or cut short by another frame",
};

/** @typedef {{kp: number, type: string, [field: string]: any}} Message */
/** @typedef {{ok: true, msg: Message, bytes: number} | {ok: false, reason: Drop, bytes: number}} Checked */

/** The size of a string in UTF-8, without encoding it.
 * @param {string} text */
export function utf8Bytes(text) {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n += 2; i++; continue; }  // a pair: 4 bytes
      n += 2;
    } else n += 2;
  }
  return n;
}

/** How deeply a parsed JSON value nests (a scalar is 0), walked without recursion and
 * stopping as soon as it passes `limit`.
 * @param {any} value @param {number} limit */
export function depth(value, limit = MAX_DEPTH) {
  let deepest = 0;
  /** @type {Array<[any, number]>} */
  const todo = [[value, 0]];
  while (todo.length) {
    const [v, d] = /** @type {[any, number]} */ (todo.pop());
    if (v === null || typeof v !== "object") continue;
    if (d + 1 > deepest) deepest = d + 1;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) todo.push([child, d + 1]);
  }
  return deepest;
}

/** Check a received frame: the message it holds, or why it is dropped.  Never throws.
 * @param {unknown} data  what the data channel delivered
 * @param {number} [maxBytes]
 * @returns {Checked} */
export function checkFrame(data, maxBytes = MAX_BYTES) {
  if (typeof data !== "string") {
    const size = data instanceof ArrayBuffer ? data.byteLength : ArrayBuffer.isView(data) ? data.byteLength : 0;
    return { ok: false, reason: "binary", bytes: size };
  }
  // a string longer than the cap in UTF-16 units is longer in UTF-8 bytes too
  const bytes = data.length > maxBytes ? data.length : utf8Bytes(data);
  if (bytes > maxBytes) return { ok: false, reason: "oversize", bytes };
  let msg;
  try { msg = JSON.parse(data); } catch { return { ok: false, reason: "not-json", bytes }; }
  if (msg === null || typeof msg !== "object" || Array.isArray(msg)) return { ok: false, reason: "not-object", bytes };
  if (depth(msg) > MAX_DEPTH) return { ok: false, reason: "too-deep", bytes };
  if (msg.kp !== KP) return { ok: false, reason: "version", bytes };
  if (typeof msg.type !== "string" || !TYPE.test(msg.type)) return { ok: false, reason: "type", bytes };
  return { ok: true, msg, bytes };
}

/** The text of a message to send: `{"kp":1,"type":…,…}`.  A message kingweb could not
 * receive is a mistake of the sender: it throws (TypeError for the shape, RangeError for
 * the size), so it is found before any peer sees it.
 * @param {{type: string, [field: string]: any}} msg
 * @param {number} [maxBytes] */
export function encode(msg, maxBytes = MAX_BYTES) {
  if (msg === null || typeof msg !== "object" || Array.isArray(msg)) throw new TypeError("a peer message is an object");
  if (typeof msg.type !== "string" || !TYPE.test(msg.type)) throw new TypeError(`a peer message needs a type: ${String(msg.type)}`);
  const { kp: _, ...fields } = msg;
  const text = JSON.stringify({ kp: KP, ...fields });
  const checked = checkFrame(text, maxBytes);
  if (checked.ok === false) {
    if (checked.reason === "oversize") throw new RangeError(`a peer message of ${checked.bytes} bytes is larger than ${maxBytes}`);
    throw new TypeError(`a peer message the other side would drop: ${DROP[checked.reason]}`);
  }
  return text;
}

/** The parts of a message too large for one frame: `part` frames `{kp, type: "part", id,
 * i, of, text}`, each at most `maxBytes`, whose texts joined in order give `text` back.
 * Cut where no character (nor a surrogate pair) is split, by the size each takes once
 * written in a JSON string.
 * @param {string} text  a whole message's JSON text
 * @param {number} id    the message's number on its connection
 * @param {number} [maxBytes] */
export function splitMessage(text, id, maxBytes = MAX_BYTES) {
  // what a part's own fields take around its text, at the most
  const room = maxBytes - JSON.stringify({ kp: KP, type: "part", id, i: MAX_PARTS, of: MAX_PARTS, text: "" }).length;
  /** @type {string[]} */
  const texts = [];
  let start = 0, size = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let width = 3, units = 1;
    if (c === 0x22 || c === 0x5c) width = 2;  // \" and \\
    else if (c < 0x20) width = 6;  // \u00XX at the most
    else if (c < 0x80) width = 1;
    else if (c < 0x800) width = 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      width = 4;  // a pair: one character, never cut
      units = 2;
    } else if (c >= 0xd800 && c <= 0xdfff) width = 6;  // a lone surrogate, written \uXXXX
    if (size + width > room) {
      texts.push(text.slice(start, i));
      start = i;
      size = 0;
    }
    size += width;
    i += units - 1;
  }
  texts.push(text.slice(start));
  if (texts.length > MAX_PARTS) throw new RangeError(`a peer message of ${texts.length} parts is more than ${MAX_PARTS}`);
  return texts.map((part, i) => encode({ type: "part", id, i, of: texts.length, text: part }, maxBytes));
}

/** A message in parts as the receiver puts it together: one at a time, its parts in
 * order, each taken as it comes (`take`), the whole at most `max` bytes.  Anything out of
 * place (a part of another message, one missing, one malformed, another frame between
 * two parts) loses the message under way: a kingweb page sends a message's parts one
 * after the other on an ordered channel, so the sender is broken or lying. */
export class Assembly {
  /** @param {number} [max] the largest whole message, in bytes */
  constructor(max = MAX_MESSAGE) {
    this.max = max;
    this.reset();
  }

  reset() {
    /** the message under way @type {number | null} */
    this.id = null;
    this.next = 0;
    this.of = 0;
    this.bytes = 0;
    /** @type {string[]} */
    this.texts = [];
  }

  /** Whether a message is under way (some of its parts came, not all). */
  get busy() { return this.id !== null; }

  /** Take one checked message as it comes: what to hand on (`deliver`: a message, or a
   * message in parts once whole and checked as one frame would be, up to `max`) and what
   * to drop (`drop`: a bad part, or the message under way that this one cut short); both
   * when a message cuts another short.
   * @param {Message} msg @param {number} bytes
   * @returns {{deliver?: {msg: Message, bytes: number}, drop?: {reason: Drop, bytes: number}}} */
  accept(msg, bytes) {
    if (msg.type !== "part") {
      if (!this.busy) return { deliver: { msg, bytes } };
      this.reset();
      return { deliver: { msg, bytes }, drop: { reason: "part", bytes: 0 } };
    }
    const { text, reason } = this.take(msg);
    if (reason) return { drop: { reason, bytes } };
    if (text === undefined) return {};
    const whole = checkFrame(text, this.max);
    if (whole.ok === false) return { drop: { reason: whole.reason, bytes: whole.bytes } };
    // the transport's own messages are never in parts
    if (TRANSPORT_TYPES.includes(whole.msg.type)) return { drop: { reason: "unexpected", bytes: whole.bytes } };
    return { deliver: { msg: whole.msg, bytes: whole.bytes } };
  }

  /** Take one checked `part` frame: `{text}` once the message is whole (its JSON text,
   * for checkFrame), `{}` while parts are to come, or `{reason}` when the message is lost.
   * @param {Message} msg @returns {{text?: string, reason?: Drop}} */
  take(msg) {
    const { id, i, of, text } = msg;
    const fields = Object.keys(msg).length === 6;
    const shape = fields && Number.isSafeInteger(id) && id >= 0 && Number.isSafeInteger(i) && Number.isSafeInteger(of)
      && of >= 2 && of <= MAX_PARTS && i >= 0 && i < of && typeof text === "string";
    const inOrder = shape && (i === 0 ? !this.busy : this.busy && id === this.id && of === this.of && i === this.next);
    if (!inOrder) {
      this.reset();
      return { reason: "part" };
    }
    if (i === 0) Object.assign(this, { id, of });
    this.bytes += utf8Bytes(text);
    if (this.bytes > this.max) {
      this.reset();
      return { reason: "oversize" };
    }
    this.texts.push(text);
    this.next = i + 1;
    if (this.next < this.of) return {};
    const whole = this.texts.join("");
    this.reset();
    return { text: whole };
  }
}

/** A peer's budget: a token bucket of messages and one of bytes, each refilled at a steady
 * rate up to its burst.  The defaults leave a game (a few messages a second, a full redraw
 * of tens of kB now and then) far inside, and cut a flood off at once.
 * @typedef {{messages: number, perSecond: number, bytes: number, bytesPerSecond: number}} Limits */
/** @type {Limits} */
export const LIMITS = { messages: 60, perSecond: 30, bytes: 256 * 1024, bytesPerSecond: 128 * 1024 };

export class Budget {
  /** @param {Partial<Limits>} [limits] @param {() => number} [now] milliseconds, for tests */
  constructor(limits = {}, now = () => performance.now()) {
    /** @type {Limits} */
    this.limits = { ...LIMITS, ...limits };
    this.now = now;
    this.messages = this.limits.messages;
    this.bytes = this.limits.bytes;
    this.at = now();
  }

  /** Spend one message of `bytes`: false (and nothing spent) if the budget cannot pay.
   * @param {number} bytes */
  take(bytes) {
    const t = this.now();
    const s = Math.max(0, t - this.at) / 1000;
    this.at = t;
    const { messages, perSecond, bytes: burst, bytesPerSecond } = this.limits;
    this.messages = Math.min(messages, this.messages + s * perSecond);
    this.bytes = Math.min(burst, this.bytes + s * bytesPerSecond);
    if (this.messages < 1 || this.bytes < bytes) return false;
    this.messages -= 1;
    this.bytes -= bytes;
    return true;
  }
}

/** Dropped frames counted by reason (a Drop, or the game's own reason for a refusal).
 * @typedef {{total: number, by: Record<string, number>, bytes: number}} DropCount */

/** @returns {DropCount} */
export function noDrops() { return { total: 0, by: {}, bytes: 0 }; }

/** Count one drop into `count` (and return it).
 * @param {DropCount} count @param {string} reason @param {number} bytes */
export function countDrop(count, reason, bytes) {
  count.total += 1;
  count.by[reason] = (count.by[reason] || 0) + 1;
  count.bytes += bytes;
  return count;
}
