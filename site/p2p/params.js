// What an address says about playing with people, checked.  Pure; Node tests it.
//
// The query carries the configuration, as the other parameters of docs/PROTOCOL.md §2.1:
//   relays  comma-separated WebSocket URLs of relays of any kind, replacing the build's
//           (build.json `relays`).  A prefix of the scheme names the kind (KINDS):
//             wss://…        a WebTorrent tracker
//             nostr+wss://…  a Nostr relay
//             mqtt+wss://…   an MQTT broker (often at a path such as /mqtt)
//           each wss://…, or ws://… on the page's own host and port (the Content
//           Security Policy allows no other: connect-src 'self' wss:)
//   turn    comma-separated TURN (or STUN) servers for networks where a direct connection
//           cannot form: turn:HOST[:PORT][?transport=udp|tcp], turns:…, with credentials
//           as turn:USER:PASSWORD@HOST:PORT (percent-encode a ':' or '@' inside them)
// The hash carries the invitation, which never reaches a server or its logs:
//   #room=ROOM&host=HOST   a room: its id, and the id of the host's key (peer.js), so a
//                          guest talks only to the real host
//   #offer=CODE            a direct invitation: the host's connection offer (codes.js)

import { fromBase64url, randomId } from "./bytes.js";

/** The query parameters of this module, for the page's list of known parameters. */
export const NET_PARAMS = ["relays", "turn"];
const MAX_ENTRIES = 12;
const MAX_ENTRY = 300;
const SHOWN = 40;

const cut = (/** @type {string} */ s) => (s.length > SHOWN ? `${s.slice(0, SHOWN - 1)}…` : s);

/** The kinds of relay where rooms meet, each with its prefix; one trystero strategy each
 * (room.js).  A URL with no prefix is a WebTorrent tracker, as before there were others.
 * @typedef {"torrent" | "nostr" | "mqtt"} RelayKind */
/** @type {Record<RelayKind, string>} */
export const KINDS = { torrent: "", nostr: "nostr+", mqtt: "mqtt+" };

/** A relay entry's kind and its URL without the prefix.
 * @param {string} entry
 * @returns {{kind: RelayKind, url: string}} */
export function relayKind(entry) {
  const m = /^(nostr|mqtt)\+/i.exec(entry);
  return m ? { kind: /** @type {RelayKind} */ (m[1].toLowerCase()), url: entry.slice(m[0].length) } : { kind: "torrent", url: entry };
}

/** A relay URL the page may use, made absolute (its kind's prefix kept), or null.
 * `entry` is a URL from the address, or from build.json where a bare path ("relay",
 * "nostr+relay/nostr") means the page's own origin.
 * @param {string} entry
 * @param {string} page  the page's address
 * @param {{relative?: boolean}} [opts]  whether a path is allowed (build.json's entries)
 * @returns {string | null} */
export function checkRelay(entry, page, { relative = false } = {}) {
  if (typeof entry !== "string" || !entry || entry.length > MAX_ENTRY) return null;
  const { kind, url } = relayKind(entry);
  const checked = checkUrl(url, page, relative);
  return checked === null ? null : KINDS[kind] + checked;
}

/** @param {string} entry @param {string} page @param {boolean} relative */
function checkUrl(entry, page, relative) {
  const here = new URL(page);
  let url;
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(entry)) url = new URL(entry);
    else if (relative) {
      url = new URL(entry, here);
      url.protocol = here.protocol === "https:" ? "wss:" : "ws:";
    } else return null;
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  if (url.protocol === "wss:") return url.href;
  // plain ws: only to the page's own host and port, and only from a plain http page
  if (url.protocol === "ws:" && here.protocol === "http:" && url.host === here.host) return url.href;
  return null;
}

/** The relays a list names: {relays, problems}; a bad entry is named and left out.
 * @param {string} text  comma-separated
 * @param {string} page */
export function readRelays(text, page) {
  /** @type {string[]} */
  const relays = [];
  /** @type {string[]} */
  const problems = [];
  const entries = String(text).split(",").map((s) => s.trim()).filter(Boolean);
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    const url = checkRelay(entry, page);
    if (url === null) problems.push(`relays=${cut(entry)}`);
    else if (!relays.includes(url)) relays.push(url);
  }
  if (entries.length > MAX_ENTRIES) problems.push(`relays (${entries.length} > ${MAX_ENTRIES})`);
  return { relays, problems };
}

/** One TURN or STUN server in the address's form, as an RTCIceServer, or null.
 * @param {string} entry
 * @returns {RTCIceServer | null} */
export function readIceServer(entry) {
  const m = /^(turns?|stun):(?:([^:@/?#]+):([^@/?#]+)@)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?(?:\?transport=(udp|tcp))?$/.exec(entry);
  if (!m) return null;
  const [, scheme, user, password, host, port, transport] = m;
  if (port && (Number(port) < 1 || Number(port) > 65535)) return null;
  if (scheme === "stun" && (user || transport)) return null;
  const urls = `${scheme}:${host}${port ? `:${port}` : ""}${transport ? `?transport=${transport}` : ""}`;
  if (scheme === "stun") return { urls };
  if (!user) return null;  // a TURN server always asks for credentials
  let username, credential;
  try {
    username = decodeURIComponent(user);
    credential = decodeURIComponent(password);
  } catch {
    return null;
  }
  return { urls, username, credential };
}

/** The servers a `turn` list names: {servers, problems}.
 * @param {string} text */
export function readTurn(text) {
  /** @type {RTCIceServer[]} */
  const servers = [];
  /** @type {string[]} */
  const problems = [];
  const entries = String(text).split(",").map((s) => s.trim()).filter(Boolean);
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    const server = entry.length <= MAX_ENTRY ? readIceServer(entry) : null;
    // the problem names the server, never its password
    if (server === null) problems.push(`turn=${cut(entry.replace(/:[^:@]*@/, ":…@"))}`);
    else servers.push(server);
  }
  if (entries.length > MAX_ENTRIES) problems.push(`turn (${entries.length} > ${MAX_ENTRIES})`);
  return { servers, problems };
}

/** The configuration an address's query gives: {cfg: {relays?, turn?}, problems}.  A
 * repeated parameter is a problem too (as in embed.js's readParams).
 * @param {string | URLSearchParams} search
 * @param {string} page */
export function readNetParams(search, page) {
  const p = typeof search === "string" ? new URLSearchParams(search) : search;
  /** @type {{relays?: string[], turn?: RTCIceServer[]}} */
  const cfg = {};
  /** @type {string[]} */
  const problems = [];
  for (const key of NET_PARAMS) {
    const all = p.getAll(key);
    if (all.length > 1) problems.push(`${key} (${all.length}×)`);
  }
  if (p.has("relays")) {
    const { relays, problems: bad } = readRelays(/** @type {string} */ (p.get("relays")), page);
    problems.push(...bad);
    if (relays.length) cfg.relays = relays;
  }
  if (p.has("turn")) {
    const { servers, problems: bad } = readTurn(/** @type {string} */ (p.get("turn")));
    problems.push(...bad);
    if (servers.length) cfg.turn = servers;
  }
  return { cfg, problems };
}

/** A room id, or a host's id: base64url, 16 to 64 characters. */
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A new room's id: 16 random bytes (nobody finds the room without the link). */
export function newRoomId() {
  return randomId(16);
}

/** The invitation an address's hash holds: {room, host} for a room, {offer} for a direct
 * invitation, or null; a hash that names one but badly is a problem.
 * @param {string} hash  location.hash, with or without its '#'
 * @returns {{invite: {room: string, host: string} | {offer: string} | null, problems: string[]}} */
export function readInvite(hash) {
  const p = new URLSearchParams(String(hash).replace(/^#/, ""));
  if (p.has("offer")) {
    const offer = /** @type {string} */ (p.get("offer"));
    if (fromBase64url(offer) === null || offer.length > 4096) return { invite: null, problems: [`offer=${cut(offer)}`] };
    return { invite: { offer }, problems: [] };
  }
  if (p.has("room")) {
    const room = /** @type {string} */ (p.get("room"));
    const host = p.get("host") ?? "";
    const problems = [];
    if (!ID.test(room)) problems.push(`room=${cut(room)}`);
    if (!ID.test(host)) problems.push(`host=${cut(host)}`);
    return problems.length ? { invite: null, problems } : { invite: { room, host }, problems: [] };
  }
  return { invite: null, problems: [] };
}

/** A link that opens this page with the same configuration (the `relays` and `turn`
 * given, if any) and `hash`.
 * @param {string} page
 * @param {{relays?: string[], turn?: RTCIceServer[]}} cfg  what the host's address named
 * @param {string} hash */
function linkTo(page, cfg, hash) {
  const url = new URL(page);
  url.search = "";
  url.hash = "";
  const q = new URLSearchParams();
  if (cfg.relays?.length) q.set("relays", cfg.relays.join(","));
  if (cfg.turn?.length) q.set("turn", cfg.turn.map(writeIceServer).join(","));
  const query = q.toString();
  return `${url.href}${query ? `?${query}` : ""}#${hash}`;
}

/** An RTCIceServer in the address's form (readIceServer's inverse).
 * @param {RTCIceServer} server */
export function writeIceServer(server) {
  const urls = Array.isArray(server.urls) ? server.urls[0] : server.urls;
  if (!server.username) return urls;
  const [scheme, rest] = [urls.slice(0, urls.indexOf(":")), urls.slice(urls.indexOf(":") + 1)];
  const enc = (/** @type {string} */ s) => encodeURIComponent(s);
  return `${scheme}:${enc(server.username)}:${enc(String(server.credential ?? ""))}@${rest}`;
}

/** The link that invites guests into a room.  The hash holds the room and the host's id;
 * the query the host's own relays and TURN servers, so guests meet where the host does.
 * @param {string} page  the host's page address
 * @param {{room: string, host: string, relays?: string[], turn?: RTCIceServer[]}} invite */
export function roomLink(page, { room, host, relays, turn }) {
  return linkTo(page, { relays, turn }, `room=${room}&host=${host}`);
}

/** The link of a direct invitation, holding the host's offer code.
 * @param {string} page
 * @param {{offer: string, turn?: RTCIceServer[]}} invite */
export function offerLink(page, { offer, turn }) {
  return linkTo(page, { turn }, `offer=${offer}`);
}

/** Where rooms meet and how peers connect: build.json's relays and STUN servers, unless
 * the address names its own (`relays`; `turn` adds TURN servers).  `custom` is what the
 * address named, for roomLink, so guests meet where the host does.
 * @param {{relays?: string[], stun?: string[]}} build  build.json
 * @param {string | URLSearchParams} search  the address's query
 * @param {string} page  the page's address
 * @returns {{relays: string[], iceServers: RTCIceServer[], custom: {relays?: string[], turn?: RTCIceServer[]}, problems: string[]}} */
export function meetingConfig(build, search, page) {
  const { cfg, problems } = readNetParams(search, page);
  const defaults = /** @type {string[]} */ ((build.relays ?? []).map((r) => checkRelay(r, page, { relative: true })).filter(Boolean));
  const stun = (build.stun ?? []).filter((s) => readIceServer(s) !== null).map((urls) => ({ urls }));
  return { relays: cfg.relays ?? defaults, iceServers: [...stun, ...(cfg.turn ?? [])], custom: cfg, problems };
}
