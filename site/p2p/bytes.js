// Bytes as text for addresses and codes: base64url without padding (RFC 4648 §5), the
// alphabet a link carries without escaping.  Pure; Node tests it.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** @param {Uint8Array} bytes */
export function toBase64url(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The bytes of a base64url text, or null if it is not one (a stray character, a length
 * no encoding has, or bits left over that an encoder would have set to zero).
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer> | null} */
export function fromBase64url(text) {
  if (typeof text !== "string" || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0, acc = 0, j = 0;
  for (const c of text) {
    const v = INDEX.get(c);
    if (v === undefined) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  if (bits && (acc & ((1 << bits) - 1))) return null;  // not canonical
  return out;
}

/** `n` random bytes from the browser's generator (also outside a secure context).
 * @param {number} n @returns {Uint8Array<ArrayBuffer>} */
export function randomBytes(n) {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** A random identifier of `n` bytes, as base64url.
 * @param {number} [n] */
export function randomId(n = 16) {
  return toBase64url(randomBytes(n));
}
