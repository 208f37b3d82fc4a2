// Checks for what the page reads from outside itself: the address, a host page's
// messages and the browser's storage.  A value is used only when it is of the right
// type and names something that exists; lookups go through own properties only, so
// "__proto__", "toString" or "constructor" name nothing.  Nothing here touches the page.

/** True when `obj` is a plain object holding `key` itself (not through its prototype).
 * @param {any} obj
 * @param {any} key
 * @returns {boolean} */
export function has(obj, key) {
  return isPlainObject(obj) && typeof key === "string" && Object.hasOwn(obj, key);
}

/** A JSON-like object: not an array, not null, not a Map, a Date or a class instance.
 * @param {any} v
 * @returns {v is Record<string, any>} */
export function isPlainObject(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** One of `list`, compared strictly (a string is never a number, nor a boolean).
 * @param {any} v
 * @param {readonly any[]} list */
export function oneOf(v, list) {
  return list.some((x) => x === v);
}

const SHOWN = 40;  // characters of a bad value shown to the player

/** A short, printable picture of any value, for a message naming it.
 * @param {any} v
 * @returns {string} */
export function describe(v) {
  let s;
  if (typeof v === "string") s = JSON.stringify(v);
  else if (v === undefined || typeof v === "function" || typeof v === "symbol" || typeof v === "bigint") s = typeof v;
  else {
    try { s = JSON.stringify(v); } catch { s = undefined; }
    if (s === undefined) s = Object.prototype.toString.call(v);
  }
  return cut(s);
}

/** A text cut to what a message can show.
 * @param {any} s */
export function cut(s) {
  s = String(s);
  return s.length > SHOWN ? `${s.slice(0, SHOWN - 1)}…` : s;
}

/** Check a game's options against the engine's list.  Returns [the usable options,
 * the names of the rest]; never throws, whatever `options` is.  Each value must be one
 * the engine allows, of the same type ("5" is not 5).
 * @param {any} game
 * @param {any} options
 * @param {import("./protocol.js").Info} info
 * @param {string} [where]  the name the problems start with
 * @returns {[Record<string, any>, string[]]} */
export function checkOptions(game, options, info, where = "options") {
  /** @type {Record<string, any>} */
  const ok = {};
  const problems = [];
  if (!has(info.games, game)) return [ok, [`${where}: game=${describe(game)}`]];
  const spec = info.games[game].options;
  if (!isPlainObject(options)) return [ok, [`${where}=${describe(options)}`]];
  for (const [k, v] of Object.entries(options)) {
    if (!has(spec, k)) { problems.push(`${where}.${cut(k)}`); continue; }
    if (!oneOf(v, spec[k].allowed)) { problems.push(`${where}.${k}=${describe(v)}`); continue; }
    ok[k] = v;  // k is an option the engine names, never "__proto__"
  }
  return [ok, problems];
}

/** A seed as the engine writes it into JSON (kingweb/seeds.py): a whole number below
 * 2^53, or the decimal digits of one below 2^128, since a JSON number loses digits above
 * 2^53.  Returns the seed in that same form (digits of a small seed become the number),
 * or null for anything else.  Never throws.
 * @param {unknown} value
 * @returns {number | string | null} */
export function readSeed(value) {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !/^(0|[1-9][0-9]{0,38})$/.test(value)) return null;
  const n = BigInt(value);
  if (n >= 2n ** 128n) return null;
  return n < 2n ** 53n ? Number(n) : value;
}

/** A saved match bigger than this is not one the page wrote (a whole King match is a
 * few kilobytes). */
export const SAVE_LIMIT = 200_000;
const SAVE_FIELDS = ["format", "version", "game", "seed", "options", "level", "seat", "actions"];
const MAX_ACTIONS = 10_000;
const ACTION = /^[\x21-\x7e]{1,32}$/;  // "QS", "offer:up:5", "dealer:2": short, printable ASCII

/**
 * The saved match as stored, checked before the engine sees it: its size, that it is
 * JSON, and every field's type and value (a known game, level, seat and options; a
 * list of short action strings).  Returns {save} (a fresh object holding only those
 * fields) or {problem} naming what is wrong: "field=value", or for the save as a whole
 * an i18n key (`words`, with `n`) beside its English.  Never throws.
 * @param {any} raw
 * @param {import("./protocol.js").Info} info
 * @returns {{save?: Record<string, any>, problem?: string, words?: string, n?: number}}
 */
export function checkSave(raw, info) {
  if (typeof raw !== "string") return { problem: describe(raw) };
  if (raw.length > SAVE_LIMIT) {
    return { problem: `${raw.length} characters, more than a save holds`, words: "save_too_big", n: raw.length };
  }
  let d;
  try { d = JSON.parse(raw); } catch { return { problem: "not JSON", words: "save_not_json" }; }
  if (!isPlainObject(d) || d.format !== "kingweb-save") return { problem: "not a kingweb save", words: "save_not_save" };
  for (const k of Object.keys(d)) if (!SAVE_FIELDS.includes(k)) return { problem: `${cut(k)}=${describe(d[k])}` };
  if (d.version !== 1) return { problem: `version=${describe(d.version)}` };
  if (!has(info.games, d.game)) return { problem: `game=${describe(d.game)}` };
  if (!Number.isSafeInteger(d.seed) || d.seed < 0) return { problem: `seed=${describe(d.seed)}` };
  if (!oneOf(d.level, info.levels)) return { problem: `level=${describe(d.level)}` };
  const players = info.games[d.game].players;
  if (!Number.isSafeInteger(d.seat) || d.seat < 0 || d.seat >= players) return { problem: `seat=${describe(d.seat)}` };
  const [options, problems] = checkOptions(d.game, d.options, info);
  if (problems.length) return { problem: problems.join(", ") };
  const actions = d.actions;
  if (!Array.isArray(actions) || actions.length > MAX_ACTIONS) return { problem: `actions=${describe(actions)}` };
  const bad = actions.findIndex((a) => typeof a !== "string" || !ACTION.test(a));
  if (bad >= 0) return { problem: `actions[${bad}]=${describe(actions[bad])}` };
  return { save: { format: d.format, version: 1, game: d.game, seed: d.seed, options, level: d.level, seat: d.seat, actions: [...actions] } };
}
