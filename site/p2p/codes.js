// Invitation and answer codes: a connection offer or answer (SDP) cut down to what a data
// connection needs and packed as bytes, then written in base64url.  Pure; Node tests it.
//
// A browser's SDP for a data channel is 600 to 1,500 characters, nearly all of it the same
// in every session.  What differs is the ICE credentials (ufrag, password), the DTLS
// certificate's SHA-256 fingerprint, the DTLS role, the media id, and the candidates (an
// address and port each, of a type).  A code keeps exactly those, and the host's id in an
// offer; decoding rebuilds a complete SDP around them.  Candidate priorities are recomputed
// from their order and type (RFC 8445 §5.1.2), foundations numbered; TCP candidates are
// left out (a data connection over TCP needs a TURN relay, whose own candidate is UDP).
// Typical size: 90 to 160 characters (docs/PROTOCOL.md §3.6).
//
// Layout, version 1: [1] [flags: 1 answer, 2-4 setup, 8 host id] [ufrag: n, bytes]
// [password: n, bytes] [mid: n, bytes] [fingerprint: 32] [host id: 16]? [candidates: n]
// then per candidate [type | family << 2] [port: 2] [address: 4, 16, 16 (an mDNS name's
// UUID) or n, bytes (a name)].

import { fromBase64url, toBase64url } from "./bytes.js";

const VERSION = 1;
const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const FAMILIES = ["ipv4", "ipv6", "mdns", "name"];
const MAX_CANDIDATES = 10;
const ICE_CHAR = /^[A-Za-z0-9+/]{1,256}$/;  // RFC 8839's ice-char
const MID = /^[A-Za-z0-9_.-]{1,32}$/;

/** What a code holds.
 * @typedef {{address: string, port: number, type: string}} Candidate
 * @typedef {{type: "offer" | "answer", ufrag: string, pwd: string, fingerprint: Uint8Array,
 *   setup: string, mid: string, candidates: Candidate[], host?: Uint8Array}} Signal */

/** The parts of an SDP a data connection needs, or null if it lacks one.
 * @param {string} sdp
 * @param {"offer" | "answer"} type
 * @returns {Signal | null} */
export function readSdp(sdp, type) {
  const line = (/** @type {string} */ name) => new RegExp(`^a=${name}:(.*)$`, "m").exec(sdp)?.[1]?.trim();
  const ufrag = line("ice-ufrag"), pwd = line("ice-pwd"), setup = line("setup"), mid = line("mid");
  const fp = /^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)\s*$/m.exec(sdp)?.[1];
  if (!ufrag || !pwd || !setup || !mid || !fp) return null;
  const fingerprint = new Uint8Array(fp.split(":").map((h) => parseInt(h, 16)));
  if (fingerprint.length !== 32 || fingerprint.some(Number.isNaN) || !SETUPS.includes(setup)) return null;
  if (!ICE_CHAR.test(ufrag) || !ICE_CHAR.test(pwd) || !MID.test(mid)) return null;
  /** @type {Array<Candidate & {priority: number}>} */
  const found = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 [Uu][Dd][Pp] (\d+) (\S+) (\d+) typ (\w+)/gm)) {
    const [, priority, address, port, ctype] = m;
    if (!TYPES.includes(ctype) || family(address) === null) continue;
    if (found.some((c) => c.address === address && c.port === Number(port))) continue;
    found.push({ address, port: Number(port), type: ctype, priority: Number(priority) });
  }
  found.sort((a, b) => b.priority - a.priority);
  const candidates = found.slice(0, MAX_CANDIDATES).map(({ address, port, type: t }) => ({ address, port, type: t }));
  return { type, ufrag, pwd, fingerprint, setup, mid, candidates };
}

/** @param {string} address @returns {number | null} an index of FAMILIES */
function family(address) {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address.split(".").every((p) => Number(p) < 256) ? 0 : null;
  if (address.includes(":")) return ipv6Bytes(address) ? 1 : null;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/i.test(address)) return 2;
  if (/^[A-Za-z0-9.-]{1,253}$/.test(address)) return 3;
  return null;
}

/** @param {string} address @returns {Uint8Array | null} */
function ipv6Bytes(address) {
  if (!/^[0-9a-fA-F:]+$/.test(address)) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const words = (/** @type {string} */ s) => (s ? s.split(":") : []);
  const head = words(halves[0]), tail = halves.length === 2 ? words(halves[1]) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  const all = [...head, ...Array(halves.length === 2 ? fill : 0).fill("0"), ...tail];
  if (all.some((w) => !/^[0-9a-fA-F]{1,4}$/.test(w))) return null;
  const out = new Uint8Array(16);
  all.forEach((w, i) => { const v = parseInt(w, 16); out[2 * i] = v >> 8; out[2 * i + 1] = v & 255; });
  return out;
}

/** @param {Uint8Array} b */
function ipv6Text(b) {
  const words = [];
  for (let i = 0; i < 16; i += 2) words.push(((b[i] << 8) | b[i + 1]).toString(16));
  // the longest run of zero words (two or more) becomes "::"
  let best = -1, len = 0;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && words[j] === "0") j++;
    if (j - i > len && j - i > 1) { best = i; len = j - i; }
  }
  if (best < 0) return words.join(":");
  return `${words.slice(0, best).join(":")}::${words.slice(best + len).join(":")}`;
}

const encoder = new TextEncoder();

/** A signal as its code.
 * @param {Signal} s */
export function packSignal(s) {
  /** @type {number[]} */
  const out = [VERSION, (s.type === "answer" ? 1 : 0) | (SETUPS.indexOf(s.setup) << 1) | (s.host ? 8 : 0)];
  const text = (/** @type {string} */ t) => { const b = encoder.encode(t); out.push(b.length, ...b); };
  text(s.ufrag);
  text(s.pwd);
  text(s.mid);
  out.push(...s.fingerprint);
  if (s.host) out.push(...s.host);
  out.push(s.candidates.length);
  for (const c of s.candidates) {
    const fam = /** @type {number} */ (family(c.address));
    out.push(TYPES.indexOf(c.type) | (fam << 2), c.port >> 8, c.port & 255);
    if (fam === 0) out.push(...c.address.split(".").map(Number));
    else if (fam === 1) out.push(.../** @type {Uint8Array} */ (ipv6Bytes(c.address)));
    else if (fam === 2) out.push(...c.address.slice(0, 36).replace(/-/g, "").match(/../g).map((h) => parseInt(h, 16)));
    else text(c.address);
  }
  return toBase64url(new Uint8Array(out));
}

/** A code's signal, or null if the text is not a code of this version (cut short,
 * mistyped, or something else altogether).  Never throws.
 * @param {string} code
 * @returns {Signal | null} */
export function unpackSignal(code) {
  const b = fromBase64url(String(code).trim());
  if (!b || b.length < 40) return null;
  let i = 0;
  const need = (/** @type {number} */ n) => { if (i + n > b.length) throw new RangeError("short"); const at = i; i += n; return at; };
  const text = () => { const n = b[need(1)]; const at = need(n); return new TextDecoder().decode(b.subarray(at, at + n)); };
  try {
    if (b[need(1)] !== VERSION) return null;
    const flags = b[need(1)];
    const setup = SETUPS[(flags >> 1) & 3];
    if (!setup || flags & ~15) return null;
    const ufrag = text(), pwd = text(), mid = text();
    if (!ICE_CHAR.test(ufrag) || !ICE_CHAR.test(pwd) || !MID.test(mid)) return null;
    const fingerprint = b.slice(need(32), i);
    const host = flags & 8 ? b.slice(need(16), i) : undefined;
    const count = b[need(1)];
    if (count > MAX_CANDIDATES) return null;
    /** @type {Candidate[]} */
    const candidates = [];
    for (let k = 0; k < count; k++) {
      const kind = b[need(1)];
      const port = (b[need(1)] << 8) | b[need(1)];
      const type = TYPES[kind & 3], fam = FAMILIES[kind >> 2];
      if (!fam || kind > 15) return null;
      let address;
      if (fam === "ipv4") address = [...b.subarray(need(4), i)].join(".");
      else if (fam === "ipv6") address = ipv6Text(b.subarray(need(16), i));
      else if (fam === "mdns") {
        const h = [...b.subarray(need(16), i)].map((x) => x.toString(16).padStart(2, "0")).join("");
        address = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
      } else {
        address = text();
        if (family(address) !== 3) return null;
      }
      candidates.push({ address, port, type });
    }
    if (i !== b.length) return null;
    /** @type {Signal} */
    const s = { type: flags & 1 ? "answer" : "offer", ufrag, pwd, fingerprint, setup, mid, candidates };
    if (host) s.host = host;
    return s;
  } catch {
    return null;
  }
}

/** A complete SDP for a signal, as a browser accepts it from a remote peer.
 * @param {Signal} s */
export function writeSdp(s) {
  const fp = [...s.fingerprint].map((x) => x.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const lines = [
    "v=0",
    `o=- ${sessionId(s)} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${s.mid}`,
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...s.candidates.map((c, k) => {
      const priority = (TYPE_PREFERENCE[/** @type {keyof TYPE_PREFERENCE} */ (c.type)] << 24) + ((65535 - k) << 8) + 255;
      const related = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
      return `a=candidate:${k + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related}`;
    }),
    "a=end-of-candidates",
    `a=ice-ufrag:${s.ufrag}`,
    `a=ice-pwd:${s.pwd}`,
    "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${s.setup}`,
    `a=mid:${s.mid}`,
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  return lines.join("\r\n") + "\r\n";
}

/** A session id derived from the fingerprint (any number will do; the same code gives the same SDP).
 * @param {Signal} s */
function sessionId(s) {
  let n = 0n;
  for (const x of s.fingerprint.subarray(0, 7)) n = (n << 8n) | BigInt(x);
  return (n + 1n).toString();
}
