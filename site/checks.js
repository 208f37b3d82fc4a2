// Checks for what the page reads from outside itself: the address, a host page's
// messages and the browser's storage.  A value is used only when it is of the right
// type and names something that exists; lookups go through own properties only, so
// "__proto__", "toString" or "constructor" name nothing.  Nothing here touches the page.

/** True when `obj` is a plain object holding `key` itself (not through its prototype). */
export function has(obj, key) {
  return isPlainObject(obj) && typeof key === "string" && Object.hasOwn(obj, key);
}

/** A JSON-like object: not an array, not null, not a Map, a Date or a class instance. */
export function isPlainObject(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** One of `list`, compared strictly (a string is never a number, nor a boolean). */
export function oneOf(v, list) {
  return list.some((x) => x === v);
}

const SHOWN = 40;  // characters of a bad value shown to the player

/** A short, printable picture of any value, for a message naming it. */
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

/** A text cut to what a message can show. */
export function cut(s) {
  s = String(s);
  return s.length > SHOWN ? `${s.slice(0, SHOWN - 1)}…` : s;
}

/** Check a game's options against the engine's list.  Returns [the usable options,
 * the names of the rest]; never throws, whatever `options` is.  Each value must be one
 * the engine allows, of the same type ("5" is not 5). */
export function checkOptions(game, options, info, where = "options") {
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
