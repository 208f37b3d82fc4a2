// Who a peer is: an ECDSA P-256 key pair kept in this browser (localStorage), the same for
// every room, so that a person who reloads or comes back through the same link is known
// again.  A peer's id is the first 16 bytes of the SHA-256 of its public key, in
// base64url (22 characters); a room's link names its host's id.
//
// A peer proves its id in its hello by signing the connection it is sent on: the room, its
// role and the DTLS fingerprints of both ends (from the SDPs).  The signature holds on
// that one connection only, so a peer in the middle cannot pass another's hello on.
//
// crypto.subtle exists only in a secure context (https, http://127.0.0.1, localhost).
// Elsewhere (a plain http address on a local network) a page has an unsigned identity: a
// random id kept the same way, taken on its word (id "u-…"); only direct invitations
// work there, whose codes travel by hand.  Pure but for crypto: Node tests it.

import { fromBase64url, randomId, toBase64url } from "./bytes.js";

export const STORAGE_KEY = "kingweb.peer.v1";
const ECDSA = { name: "ECDSA", namedCurve: "P-256" };
const SIGN = { name: "ECDSA", hash: "SHA-256" };
const encoder = new TextEncoder();

/** @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem">} Store */
/** A page's identity.  `sign` is absent for an unsigned one.  `setAside` names the storage
 * key where an unreadable stored identity was moved (the page may say so); `kept` is false
 * when the browser could not store it (it lasts as long as the page).
 * @typedef {{id: string, key: string | null, sign: ((text: string) => Promise<string>) | null,
 *   kept: boolean, setAside?: string}} Identity */

/** Whether this page can sign (a secure context with WebCrypto). */
export function canSign() {
  return Boolean(globalThis.isSecureContext !== false && globalThis.crypto?.subtle);
}

/** A public key's id, or null if the text is not a P-256 public key.
 * @param {string} key  base64url of the raw (uncompressed, 65-byte) point */
export async function idOfKey(key) {
  const raw = fromBase64url(key);
  if (!raw || raw.length !== 65 || raw[0] !== 4) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", raw));
  return toBase64url(digest.subarray(0, 16));
}

/** Whether `sig` is `key`'s signature of `text`.  Never throws.
 * @param {string} key @param {string} sig @param {string} text */
export async function verifySignature(key, sig, text) {
  try {
    const raw = fromBase64url(key), signature = fromBase64url(sig);
    if (!raw || !signature || signature.length !== 64) return false;
    const pub = await crypto.subtle.importKey("raw", raw, ECDSA, false, ["verify"]);
    return await crypto.subtle.verify(SIGN, pub, signature, encoder.encode(text));
  } catch {
    return false;
  }
}

/** The SHA-256 fingerprint of an SDP's DTLS certificate, lower-case hex, or null.
 * @param {string | undefined | null} sdp */
export function sdpFingerprint(sdp) {
  const m = /^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)\s*$/m.exec(sdp || "");
  return m ? m[1].replace(/:/g, "").toLowerCase() : null;
}

/** What a hello signs: the connection, from the signer's side.
 * @param {{room: string, role: string, signer: string, other: string}} binding
 *   the room (or "direct"), the signer's role, and the signer's and the other end's fingerprints */
export function bindingText({ room, role, signer, other }) {
  return ["kingweb-peer", "1", room, role, signer, other].join("\n");
}

/** @param {CryptoKey} privateKey */
function signer(privateKey) {
  return async (/** @type {string} */ text) =>
    toBase64url(new Uint8Array(await crypto.subtle.sign(SIGN, privateKey, encoder.encode(text))));
}

/** @param {Store | null} storage @param {string} text */
function store(storage, text) {
  try {
    storage?.setItem(STORAGE_KEY, text);
    return Boolean(storage);
  } catch {
    return false;
  }
}

/** A stored identity that cannot be read is moved aside, not lost: its key, or undefined.
 * @param {Store} storage @param {string} text */
function setAside(storage, text) {
  const key = `kingweb.peer.corrupt.${Date.now()}`;
  try {
    storage.setItem(key, text);
    storage.removeItem(STORAGE_KEY);
    return key;
  } catch {
    return undefined;
  }
}

/** This browser's identity: read from storage, or made and stored.  Never throws: a
 * stored value that cannot be used is set aside and a new identity made; storage that
 * cannot be written gives an identity for this page only.
 * @param {Store | null} [storage]
 * @returns {Promise<Identity>} */
export async function loadIdentity(storage = globalThis.localStorage ?? null) {
  let text = null;
  try { text = storage?.getItem(STORAGE_KEY) ?? null; } catch { storage = null; }
  let moved;
  if (text !== null) {
    const found = await readStored(text);
    if (found) return { ...found, kept: true };
    moved = storage ? setAside(storage, text) : undefined;
  }
  let made;
  if (canSign()) {
    const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]));
    const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
    const key = toBase64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
    made = { id: /** @type {string} */ (await idOfKey(key)), key, sign: signer(pair.privateKey), kept: store(storage, JSON.stringify({ v: 1, jwk })) };
  } else {
    const id = randomId(16);
    made = { id: `u-${id}`, key: null, sign: null, kept: store(storage, JSON.stringify({ v: 1, id })) };
  }
  return moved ? { ...made, setAside: moved } : made;
}

/** @param {string} text @returns {Promise<Omit<Identity, "kept"> | null>} */
async function readStored(text) {
  try {
    const v = JSON.parse(text);
    if (v === null || typeof v !== "object" || v.v !== 1) return null;
    if (typeof v.id === "string" && !("jwk" in v)) {
      // unsigned: usable only where no key can be made
      return /^[A-Za-z0-9_-]{22}$/.test(v.id) && !canSign() ? { id: `u-${v.id}`, key: null, sign: null } : null;
    }
    const jwk = v.jwk;
    if (!canSign() || jwk === null || typeof jwk !== "object" || jwk.kty !== "EC" || jwk.crv !== "P-256") return null;
    const privateKey = await crypto.subtle.importKey("jwk", jwk, ECDSA, false, ["sign"]);
    const pub = await crypto.subtle.importKey("jwk", { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, ext: true }, ECDSA, true, ["verify"]);
    const key = toBase64url(new Uint8Array(await crypto.subtle.exportKey("raw", pub)));
    // the stored private key must be the public key's pair
    const sign = signer(privateKey);
    if (!(await verifySignature(key, await sign("check"), "check"))) return null;
    return { id: /** @type {string} */ (await idOfKey(key)), key, sign };
  } catch {
    return null;
  }
}
