// Configuration by URL and the embedding protocol.
//
// URL parameters: game, options, seed, level, lang, speed, seat, lesson, embed.  Every
// value is checked against what the engine says exists; a bad one is named to the user
// and replaced by the default.  Nothing from the URL is evaluated or inserted as HTML.
//
// postMessage protocol, version 1.  Every message is an object {kingweb: 1, type, ...}.
// The host first sends {type: "hello"}; the frame remembers the host's origin, answers
// {type: "hello", version: 1} and from then on talks to that origin only, ignoring any
// message that does not come from its parent window and that origin.
//   frame → host: hello, ready {game}, deal-end {deal_no, contract, points, scores},
//                 match-end {scores, winners}, resize {height}
//   host → frame: hello, new-game {game?, options?, seed?, level?},
//                 set-options {lang?, speed?, level?, fourColor?, deck?, options?}
export const PROTOCOL = 1;
const KNOWN = ["game", "options", "seed", "level", "lang", "speed", "seat", "lesson", "embed"];

function coerce(text) {
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^-?\d+$/.test(text)) return Number(text);
  return text;
}

/** Parse "boys=jacks-kings,scale=10" or a JSON object into an options object. */
export function parseOptions(text) {
  text = (text || "").trim();
  if (!text) return {};
  if (text.startsWith("{")) {
    const v = JSON.parse(text);
    if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error("not an object");
    return v;
  }
  const out = {};
  for (const part of text.split(/[,;]/)) {
    if (!part.trim()) continue;
    const [k, ...rest] = part.split("=");
    out[k.trim()] = coerce(rest.join("=").trim());
  }
  return out;
}

/** Check options against the engine's list; returns [valid options, problems]. */
export function checkOptions(game, options, info) {
  const spec = info.games[game].options;
  const ok = {};
  const problems = [];
  for (const [k, v] of Object.entries(options || {})) {
    if (!(k in spec)) { problems.push(`options.${k}`); continue; }
    if (!spec[k].allowed.some((a) => a === v)) { problems.push(`options.${k}=${v}`); continue; }
    ok[k] = v;
  }
  return [ok, problems];
}

/** The configuration a URL asks for, and the names of what was refused. */
export function readParams(search, info, { langs, speeds }) {
  const p = new URLSearchParams(search);
  const cfg = { embed: false };
  const problems = [];
  for (const key of p.keys()) if (!KNOWN.includes(key)) problems.push(key);
  const bad = (k) => problems.push(`${k}=${p.get(k)}`);
  if (p.has("embed")) cfg.embed = ["1", "true", ""].includes(p.get("embed")) || (bad("embed"), false);
  if (p.has("lesson")) {
    if (info.lessons.includes(p.get("lesson"))) cfg.lesson = p.get("lesson"); else bad("lesson");
  }
  if (p.has("game")) {
    if (info.games[p.get("game")]) cfg.game = p.get("game"); else bad("game");
  }
  if (p.has("options")) {
    if (!cfg.game) bad("options");
    else {
      try {
        const [ok, probs] = checkOptions(cfg.game, parseOptions(p.get("options")), info);
        cfg.options = ok;
        problems.push(...probs);
      } catch { bad("options"); }
    }
  }
  if (p.has("seed")) {
    const n = Number(p.get("seed"));
    if (Number.isInteger(n) && n >= 0 && n < 2 ** 31) cfg.seed = n; else bad("seed");
  }
  if (p.has("level")) { if (info.levels.includes(p.get("level"))) cfg.level = p.get("level"); else bad("level"); }
  if (p.has("lang")) { if (langs.includes(p.get("lang"))) cfg.lang = p.get("lang"); else bad("lang"); }
  if (p.has("speed")) { if (speeds.includes(p.get("speed"))) cfg.speed = p.get("speed"); else bad("speed"); }
  if (p.has("seat")) {
    const n = Number(p.get("seat"));
    const players = cfg.game ? info.games[cfg.game].players : 4;
    if (Number.isInteger(n) && n >= 0 && n < players) cfg.seat = n; else bad("seat");
  }
  return { cfg, problems };
}

/** The frame's side of the protocol. */
export class HostLink {
  constructor(onCommand) {
    this.origin = null;
    this.onCommand = onCommand;
    this.queue = [];
    window.addEventListener("message", (ev) => this.receive(ev));
    if (typeof ResizeObserver !== "undefined") {
      let last = 0;
      new ResizeObserver(() => {
        const height = Math.ceil(document.documentElement.scrollHeight);
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
    if (this.origin === null) {  // not introduced yet: keep the news for the host
      if (type !== "resize") this.queue.push([type, data]);
      else this.queue = this.queue.filter(([t]) => t !== "resize").concat([[type, data]]);
      return;
    }
    window.parent.postMessage({ kingweb: PROTOCOL, type, ...data }, this.origin === "null" ? "*" : this.origin);
  }
}
