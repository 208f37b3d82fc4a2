// Configuration by URL and the embedding protocol.
//
// URL parameters: game, options, seed, level, lang, speed, seat, lesson, embed, and the
// peer-to-peer configuration relays and turn (p2p/params.js).  Every value is checked
// against what the engine says exists; a bad one is named to the user and replaced by
// the default.  Nothing from the URL is evaluated or inserted as HTML.
//
// postMessage protocol, version 1.  Every message is an object {kingweb: 1, type, ...}.
// The embedder first sends {type: "hello"}; the frame remembers the embedder's origin, answers
// {type: "hello", version: 1} and from then on talks to that origin only, ignoring any
// message that does not come from its parent window and that origin.
//   frame → embedder: hello, ready {game}, deal-end {deal_no, contract, points, scores},
//                 match-end {scores, winners}, lesson-start {lesson, title, lang},
//                 lesson-done {lesson}, resize {height}
//   embedder → frame: hello, new-game {game?, options?, seed?, level?},
//                 set-options {lang?, speed?, level?, fourColor?, deck?, options?}
import { checkOptions, cut, describe, has, isPlainObject, oneOf, readSeed } from "./checks.js";
import { NET_PARAMS, readNetParams } from "./p2p/params.js";

export const PROTOCOL = 1;

export { checkOptions };

const KNOWN = ["game", "options", "seed", "level", "lang", "speed", "seat", "lesson", "embed", "people", ...NET_PARAMS];

function coerce(text) {
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^-?[0-9]{1,15}$/.test(text)) return Number(text);
  return text;
}

/** Parse "boys=jacks-kings,scale=10" or a JSON object into an options object (which
 * checkOptions then checks); throws on JSON that is not an object. */
export function parseOptions(text) {
  text = (text || "").trim();
  if (!text) return {};
  if (text.startsWith("{")) {
    const v = JSON.parse(text);
    if (!isPlainObject(v)) throw new Error("not an object");
    return v;
  }
  const out = Object.create(null);  // "__proto__=1" is a key like any other, and refused
  for (const part of text.split(/[,;]/)) {
    if (!part.trim()) continue;
    const [k, ...rest] = part.split("=");
    out[k.trim()] = coerce(rest.join("=").trim());
  }
  return out;
}

/** A whole number written in ASCII digits, 0 <= n < limit, or null. */
function count(text, limit) {
  if (!/^[0-9]{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n < limit ? n : null;
}

/** The configuration a URL asks for, and the names of what was refused.  `page` is the
 * page's address, against which a relay on its own origin is checked. */
export function readParams(search, info, { langs, speeds, page = globalThis.location?.href ?? "http://localhost/" }) {
  const p = new URLSearchParams(search);
  const cfg = { embed: false };
  const problems = [];
  const seen = new Set();
  for (const key of p.keys()) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (!KNOWN.includes(key)) problems.push(cut(key));
    else if (p.getAll(key).length > 1 && !NET_PARAMS.includes(key)) problems.push(`${key} (${p.getAll(key).length}×)`);
  }
  // where rooms meet and the TURN servers (their repeats are named there)
  const net = readNetParams(p, page);
  Object.assign(cfg, net.cfg);
  problems.push(...net.problems);
  const bad = (k) => problems.push(`${k}=${cut(p.get(k))}`);
  if (p.has("embed")) cfg.embed = ["1", "true", ""].includes(p.get("embed")) || (bad("embed"), false);
  if (p.has("lesson")) {
    if (oneOf(p.get("lesson"), info.lessons)) cfg.lesson = p.get("lesson"); else bad("lesson");
  }
  if (p.has("game")) {
    if (has(info.games, p.get("game"))) cfg.game = p.get("game"); else bad("game");
  }
  if (p.has("options")) {
    if (!cfg.game) bad("options");
    else {
      let parsed = null;
      try { parsed = parseOptions(p.get("options")); } catch { bad("options"); }
      if (parsed) {
        const [ok, probs] = checkOptions(cfg.game, parsed, info);
        cfg.options = ok;
        problems.push(...probs);
      }
    }
  }
  if (p.has("seed")) {
    const n = readSeed(p.get("seed"));
    if (n !== null) cfg.seed = n; else bad("seed");
  }
  if (p.has("level")) { if (oneOf(p.get("level"), info.levels)) cfg.level = p.get("level"); else bad("level"); }
  if (p.has("lang")) { if (oneOf(p.get("lang"), langs)) cfg.lang = p.get("lang"); else bad("lang"); }
  if (p.has("speed")) { if (oneOf(p.get("speed"), speeds)) cfg.speed = p.get("speed"); else bad("speed"); }
  if (p.has("seat")) {
    const n = count(p.get("seat"), cfg.game ? info.games[cfg.game].players : 4);
    if (n !== null) cfg.seat = n; else bad("seat");
  }
  // a room for this many people (the host and guests), bots in the other seats
  if (p.has("people")) {
    const n = count(p.get("people"), cfg.game ? info.games[cfg.game].players + 1 : 5);
    if (n !== null && n >= 2 && cfg.game && !cfg.embed) cfg.people = n; else bad("people");
  }
  return { cfg, problems };
}

// The fields each embedder's command may carry.
const COMMANDS = {
  "new-game": ["game", "options", "seed", "level"],
  "set-options": ["lang", "speed", "level", "fourColor", "deck", "options"],
};

/** An embedder's command checked field by field: {command, problems}.  `command` holds only
 * the fields that are usable ({type, ...}), or is null for an unknown type; `problems`
 * names every field refused, with its value.  `game` is the game on the table (or the
 * player's), which new-game falls back on and set-options' options are checked against.
 * Never throws, whatever the message holds. */
export function readCommand(msg, { info, langs, speeds, decks, game }) {
  const problems = [];
  if (!isPlainObject(msg) || typeof msg.type !== "string" || !has(COMMANDS, msg.type)) {
    return { command: null, problems: [`type=${describe(isPlainObject(msg) ? msg.type : msg)}`] };
  }
  const fields = COMMANDS[msg.type];
  const command = { type: msg.type };
  for (const k of Object.keys(msg)) {
    if (k !== "kingweb" && k !== "type" && !fields.includes(k)) problems.push(cut(k));
  }
  const given = (k) => Object.hasOwn(msg, k) && msg[k] !== undefined && fields.includes(k);
  const bad = (k) => problems.push(`${k}=${describe(msg[k])}`);
  const take = (k, ok) => { if (given(k)) { if (ok(msg[k])) command[k] = msg[k]; else bad(k); } };
  take("game", (g) => typeof g === "string" && has(info.games, g));
  take("level", (l) => oneOf(l, info.levels));
  if (given("seed")) { const n = readSeed(msg.seed); if (n !== null) command.seed = n; else bad("seed"); }
  take("lang", (l) => oneOf(l, langs));
  take("speed", (s) => oneOf(s, speeds));
  take("fourColor", (b) => typeof b === "boolean");
  take("deck", (d) => oneOf(d, decks));
  if (given("options")) {
    const [ok, probs] = checkOptions(command.game || game, msg.options, info);
    command.options = ok;
    problems.push(...probs);
  }
  return { command, problems };
}

/** The frame's side of the protocol. */
export class Embedder {
  constructor(onCommand) {
    this.origin = null;
    this.onCommand = onCommand;
    this.queue = [];
    window.addEventListener("message", (ev) => this.receive(ev));
    if (typeof ResizeObserver !== "undefined") {
      let last = 0;
      new ResizeObserver(() => {
        // the body's own height (style.css: auto in a frame): the document's scroll
        // height is never less than the frame, so the frame could grow but never shrink
        const height = Math.ceil(document.body.scrollHeight);
        if (height !== last) { last = height; this.post("resize", { height }); }
      }).observe(document.body);
    }
  }

  receive(ev) {
    if (ev.source !== window.parent || window.parent === window) return;
    const d = ev.data;
    if (!d || typeof d !== "object" || d.kingweb !== PROTOCOL || typeof d.type !== "string") return;
    if (d.type === "hello") {
      if (this.origin === null) this.origin = ev.origin;
      if (ev.origin !== this.origin) return;
      this.post("hello", { version: PROTOCOL });
      for (const [type, data] of this.queue.splice(0)) this.post(type, data);
      return;
    }
    if (ev.origin !== this.origin) return;
    this.onCommand(d);
  }

  post(type, data = {}) {
    if (window.parent === window) return;
    if (this.origin === null) {  // not introduced yet: keep the news for the embedder
      if (type !== "resize") this.queue.push([type, data]);
      else this.queue = this.queue.filter(([t]) => t !== "resize").concat([[type, data]]);
      return;
    }
    window.parent.postMessage({ kingweb: PROTOCOL, type, ...data }, this.origin === "null" ? "*" : this.origin);
  }
}
