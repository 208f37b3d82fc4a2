// What a relay sees of a relayed table, and the keys behind it (relayed.js; docs/PROTOCOL.md
// §3.4.1): the room's tag and key, a page's inbox tag, a presence's signed text, a pair's
// keys and meeting, the nonces of frames and acks, and the checked fields of a sealed frame
// and of an ack.  Pure but for WebCrypto: Node tests it.

import { fromBase64url, toBase64url } from "./bytes.js";

/** The most base64 characters a relay message carries (public relays cap an event's size). */
export const PIECE = 24_000;
const VERSION = "kingweb-relay 1";
const encoder = new TextEncoder();

/** Bytes in hex.  @param {ArrayBuffer | Uint8Array} b */
export const hex = (/** @type {ArrayBuffer | Uint8Array} */ b) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
const sha256 = async (/** @type {string | Uint8Array<ArrayBuffer>} */ data) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", typeof data === "string" ? encoder.encode(data) : data));

/** The 96-bit AES-GCM nonce of frame `n`: four zero bytes, then n as 64 bits big-endian.
 * @param {number} n */
export function counterNonce(n) {
  const iv = new Uint8Array(12);
  new DataView(iv.buffer).setBigUint64(4, BigInt(n));
  return iv;
}

/** The nonce of ack `m`: three zero bytes, a one, then m as 64 bits big-endian (apart
 * from every frame's nonce under the same key).
 * @param {number} m */
export function ackNonce(m) {
  const iv = counterNonce(m);
  iv[3] = 1;
  return iv;
}

/** The room's names on the relays: a tag (its topic's last part) from its id. Pure but for WebCrypto.
 * @param {string} roomId */
export async function roomTag(roomId) {
  return hex(await sha256(`${VERSION}\nroom\n${roomId}`)).slice(0, 32);
}

/** A page's inbox tag, from its ephemeral key.
 * @param {string} eph  the key, raw, base64url */
export const inboxTag = async (eph) => hex(await sha256(`${VERSION}\ninbox\n${eph}`)).slice(0, 32);

/** What a page's presence signs: its ephemeral key, in this room.
 * @param {string} roomId @param {string} eph */
export const presenceText = (roomId, eph) => [VERSION, "presence", roomId, eph].join("\n");

/** The room key, which seals presences: HKDF of the room's id.
 * @param {string} roomId */
export async function roomKey(roomId) {
  const base = await crypto.subtle.importKey("raw", encoder.encode(roomId), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: encoder.encode(VERSION), info: encoder.encode("presence") },
    base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** The two keys of a pair, one per direction, and the pair's meeting: a trystero room id
 * only these two pages can name (the same on both sides: the keys are in sorted order).
 * @param {string} roomId @param {CryptoKey} mine  this page's ECDH private key
 * @param {{id: string, eph: string}} me @param {{id: string, eph: string}} them */
export async function pairKeys(roomId, mine, me, them) {
  const theirKey = await crypto.subtle.importKey("raw", /** @type {Uint8Array<ArrayBuffer>} */ (fromBase64url(them.eph)),
    { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: theirKey }, mine, 256);
  const base = await crypto.subtle.importKey("raw", shared, "HKDF", false, ["deriveKey", "deriveBits"]);
  const salt = await sha256(roomId);
  const both = [me.eph, them.eph].sort();
  const meeting = toBase64url(new Uint8Array(await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt, info: encoder.encode([VERSION, "meeting", ...both].join("\n")) }, base, 128)));
  const key = (/** @type {{id: string, eph: string}} */ from, /** @type {{id: string, eph: string}} */ to) =>
    crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt, info: encoder.encode([VERSION, from.id, to.id, from.eph, to.eph].join("\n")) },
      base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  return { send: await key(me, them), receive: await key(them, me), meeting };
}

/** A relayed frame's fields as the relay carries them, checked; null if it is not one.
 * @param {unknown} msg */
export function frameFields(msg) {
  if (!msg || typeof msg !== "object") return null;
  const { v, s, n, i, k, d } = /** @type {Record<string, unknown>} */ (msg);
  if (v !== 1 || typeof s !== "string" || !/^[0-9a-f]{32}$/.test(s) || typeof d !== "string" || d.length > PIECE) return null;
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(i) || !Number.isSafeInteger(k)) return null;
  const [nn, ii, kk] = /** @type {number[]} */ ([n, i, k]);
  return nn >= 0 && kk >= 1 && kk <= 64 && ii >= 0 && ii < kk ? { s, n: nn, i: ii, k: kk, d } : null;
}

/** An ack's fields as the relay carries them, checked; null if it is not one.
 * @param {unknown} msg */
export function ackFields(msg) {
  if (!msg || typeof msg !== "object") return null;
  const { v, s, m, a } = /** @type {Record<string, unknown>} */ (msg);
  if (v !== 1 || typeof s !== "string" || !/^[0-9a-f]{32}$/.test(s) || typeof a !== "string" || a.length > 100) return null;
  return Number.isSafeInteger(m) && /** @type {number} */ (m) >= 0 ? { s, m: /** @type {number} */ (m), a } : null;
}

