// What the page remembers: the player's preferences (localStorage), the saved match
// (localStorage, written by the controller) and the page's own state between renders.
// Whatever is read from storage is checked before use (checks.js): a value of the wrong
// type or naming nothing that exists falls back to its default and is reported, and
// the stored text is set aside under kingweb.<what>.corrupt.<time> when there is room.
import { LANGS, pickLang } from "./i18n/index.js";
import { checkOptions, describe, has, isPlainObject, oneOf } from "./checks.js";
import { cleanName } from "./names.js";

/** @typedef {import("./i18n/index.js").Lang} Lang */

export const SAVE_KEY = "kingweb.save.v1";
export const PREFS_KEY = "kingweb.prefs.v1";
/**
 * The pace per speed setting, in ms: `move` between one play and the next, `trick` how
 * long a finished trick stays on the table before it goes to its taker.
 * @type {Record<string, {move: number, trick: number}>}
 */
export const SPEEDS = {
  slow: { move: 1000, trick: 2200 }, normal: { move: 600, trick: 1200 },
  fast: { move: 250, trick: 600 }, instant: { move: 0, trick: 0 },
};
/** Card faces: drawn by the page, or the classic drawings. */
export const DECKS = ["plain", "classic"];

/**
 * @typedef {object} Prefs
 * @property {Lang} lang
 * @property {string} speed
 * @property {string} level
 * @property {boolean} fourColor
 * @property {boolean} autoplay   play forced cards without asking
 * @property {boolean} sound      card, trick and your-turn sounds (off unless chosen)
 * @property {string} deck
 * @property {string} game
 * @property {string} name        the player's name at a table with people ("" until given)
 * @property {number} clock       the move clock a host chose last (seconds; 0: none)
 * @property {Record<string, Record<string, any>>} options   per game
 */

const PREFS_LIMIT = 20_000;  // characters: real preferences are a few hundred

/** The stored preferences' text, and what in it could not be used (filled while reading). */
const storedPrefs = { raw: /** @type {string | null} */ (null), problems: /** @type {string[]} */ ([]) };

/** localStorage.getItem, or null where storage is blocked. @param {string} key */
function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** The preferences in `raw` (their stored text, null for none), each field of the right
 * type or its default, and what could not be used ("field=value").  What needs the
 * engine's lists (games, levels, options) is checked by checkPrefs once it is up.
 * @param {string | null} raw
 * @param {readonly string[]} [wanted]  the browser's languages, for a language not stored
 * @returns {{prefs: Prefs, problems: string[]}} */
export function readPrefs(raw, wanted) {
  /** @type {string[]} */
  const problems = [];
  /** @type {any} */
  let p = {};
  if (raw !== null) {
    if (raw.length > PREFS_LIMIT) problems.push(`${raw.length} characters`);
    else {
      try { p = JSON.parse(raw); } catch { problems.push("not JSON"); }
    }
    if (!isPlainObject(p)) { if (!problems.length) problems.push(describe(p)); p = {}; }
  }
  /** @param {string} k @param {(v: any) => boolean} ok @param {any} fallback */
  const field = (k, ok, fallback) => {
    if (!Object.hasOwn(p, k)) return fallback;
    if (ok(p[k])) return p[k];
    problems.push(`${k}=${describe(p[k])}`);
    return fallback;
  };
  /** @type {Record<string, Record<string, any>>} */
  const options = {};
  for (const [g, o] of Object.entries(field("options", isPlainObject, {}))) {
    // defined, not assigned: a stored "__proto__" is a game name like any other (and refused)
    if (isPlainObject(o)) Object.defineProperty(options, g, { value: o, enumerable: true, writable: true, configurable: true });
    else problems.push(`options.${g}=${describe(o)}`);
  }
  const prefs = {
    lang: pickLang(field("lang", (l) => oneOf(l, LANGS), undefined), wanted),
    speed: field("speed", (s) => typeof s === "string" && has(SPEEDS, s), "normal"),
    level: field("level", (l) => typeof l === "string", "normal"),
    fourColor: field("fourColor", (b) => typeof b === "boolean", false),
    autoplay: field("autoplay", (b) => typeof b === "boolean", true),
    sound: field("sound", (b) => typeof b === "boolean", false),
    deck: field("deck", (d) => oneOf(d, DECKS), DECKS[0]),
    game: field("game", (g) => typeof g === "string", "king"),
    // a name as the one rule leaves it (names.js; the table cleans it again)
    name: field("name", (n) => cleanName(n) === n, ""),
    // (the engine's choices are checked once it is up: checkPrefs)
    clock: field("clock", (c) => Number.isSafeInteger(c) && c >= 0 && c <= 300, 60),
    options,
  };
  return { prefs, problems };
}

/** The preferences as stored (read once, at start). @returns {Prefs} */
function loadPrefs() {
  const raw = read(PREFS_KEY);
  storedPrefs.raw = raw;
  const { prefs, problems } = readPrefs(raw);
  storedPrefs.problems.push(...problems);
  return prefs;
}

/** The preferences, read once at start; change them in place and call savePrefs(). */
export const prefs = loadPrefs();

/** Check the preferences' game, level and options against the engine's lists, drop
 * what does not fit, and report everything that could not be used since the page
 * loaded: {problems, key} where key is where the stored text was set aside (null when
 * there was no room).  With nothing wrong, problems is empty and nothing is written.
 * `keep` false (a framed table) reports without touching storage.
 * @param {import("./protocol.js").Info} info
 * @param {boolean} keep
 * @returns {{problems: string[], key: string | null}} */
export function checkPrefs(info, keep) {
  const problems = storedPrefs.problems.splice(0);
  const games = Object.keys(info.games);
  if (!has(info.games, prefs.game)) { problems.push(`game=${describe(prefs.game)}`); prefs.game = games[0]; }
  if (!oneOf(prefs.level, info.levels)) {
    problems.push(`level=${describe(prefs.level)}`);
    prefs.level = oneOf("normal", info.levels) ? "normal" : info.levels[0];
  }
  if (info.clock && prefs.clock !== 0 && !info.clock.choices.includes(prefs.clock)) {
    problems.push(`clock=${describe(prefs.clock)}`);
    prefs.clock = info.clock.default;
  }
  /** @type {Record<string, Record<string, any>>} */
  const options = {};
  for (const [g, o] of Object.entries(prefs.options)) {
    if (!has(info.games, g)) { problems.push(`options.${describe(g)}`); continue; }
    const [ok, probs] = checkOptions(g, o, info, `options.${g}`);
    options[g] = ok;
    problems.push(...probs);
  }
  prefs.options = options;
  let key = null;
  if (problems.length && keep && storedPrefs.raw !== null) {
    key = keepAside("prefs", storedPrefs.raw);
    savePrefs();
  }
  return { problems, key };
}

export function savePrefs() {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* private mode */ }
}

/** The match an earlier version of the page saved here, if any: the worker keeps saves
 * now (saves.js), and takes this one over once.
 * @returns {string | null} */
export function readSave() { return read(SAVE_KEY); }

/** Copy stored text to kingweb.<what>.corrupt.<time>; returns that key, or null when
 * the copy could not be written (no room). @param {string} what @param {string} raw */
export function keepAside(what, raw) {
  const key = `kingweb.${what}.corrupt.${Date.now()}`;
  try {
    localStorage.setItem(key, raw);
    return key;
  } catch {
    return null;
  }
}

/** Move an unusable save out of the way of the next game: returns the key it is kept
 * under, or null when there was no room for the copy (then it stays where it is, and
 * page.saveHeld keeps new games from overwriting it until dropSave()).
 * @param {string} raw */
export function setSaveAside(raw) {
  const key = keepAside("save", raw);
  if (key === null) {
    page.saveHeld = raw;
    return null;
  }
  try { localStorage.removeItem(SAVE_KEY); } catch { /* kept twice is no loss */ }
  return key;
}

/** The player has downloaded or discarded the save that could not be set aside. */
export function dropSave() {
  try { localStorage.removeItem(SAVE_KEY); } catch { /* storage blocked */ }
  page.saveHeld = null;
}

export const STATS_KEY = "kingweb.stats.v1";

/**
 * Local statistics: per "game/level", matches played, won (a shared win counts) and the
 * sum of the player's final scores (for the average).  `last` names the match counted
 * last, so that a reload at its end does not count it again.
 * @typedef {{played: number, won: number, total: number}} StatLine
 * @typedef {{version: 1, lines: Record<string, StatLine>, last: string | null}} Stats
 */

/** @returns {Stats} */
const freshStats = () => ({ version: 1, lines: {}, last: null });

/** Whether stored statistics can be used as they are. @param {any} s @returns {s is Stats} */
export function validStats(s) {
  if (!s || typeof s !== "object" || s.version !== 1 || !s.lines || typeof s.lines !== "object" || Array.isArray(s.lines)) return false;
  if (s.last !== null && typeof s.last !== "string") return false;
  return Object.entries(s.lines).every(([k, x]) => /^(king|kingru|whist)\/[a-z]+$/.test(k) && x && typeof x === "object" &&
    Number.isInteger(x.played) && Number.isInteger(x.won) && x.played >= 0 && x.won >= 0 && x.won <= x.played &&
    Number.isFinite(x.total));
}

/** The statistics as stored; unreadable ones are set aside (kept under their own key) and
 * the count starts again, never stopping the page.
 * @returns {{stats: Stats, corrupt: boolean}} */
export function readStats() {
  let raw = null;
  try { raw = localStorage.getItem(STATS_KEY); } catch { return { stats: freshStats(), corrupt: false }; }
  if (raw === null) return { stats: freshStats(), corrupt: false };
  /** @type {any} */
  let s = null;
  try { s = JSON.parse(raw); } catch { s = null; }
  if (validStats(s)) return { stats: s, corrupt: false };
  // kept aside if there is room; the count starts again either way
  keepAside("stats", raw);
  try { localStorage.removeItem(STATS_KEY); } catch { /* storage blocked */ }
  return { stats: freshStats(), corrupt: true };
}

/** Count one finished match (unless `id` was the last one counted).
 * @param {string} key "game/level" @param {string} id the match @param {boolean} won @param {number} score
 * @returns {{line: StatLine, corrupt: boolean}} */
export function recordStats(key, id, won, score) {
  const { stats, corrupt } = readStats();
  const line = stats.lines[key] || (stats.lines[key] = { played: 0, won: 0, total: 0 });
  if (stats.last !== id) {
    line.played += 1; line.won += won ? 1 : 0; line.total += score;
    stats.last = id;
    try { localStorage.setItem(STATS_KEY, JSON.stringify(stats)); } catch { /* full or private */ }
  }
  return { line, corrupt };
}

/**
 * The page's state: what the render modules draw from besides the engine's view.
 * @typedef {object} PageState
 * @property {import("./table/model.js").Model | null} model   the table as drawn: the followed
 *                                    audience's view, kept up to date by the engine's events
 * @property {"solo" | "pass" | "host" | "lesson" | "guest"} mode   the table's mode (table/flow.js)
 * @property {number | null} audience the audience followed here: a seat, or null (a spectator)
 * @property {number[]} here          the seats of the people at this device
 * @property {(number | null)[]} away  the audiences away: seats of people at other devices, and
 *                                    null for spectators (their words pass through unread)
 * @property {number | null} screen   a shared device between turns: whose turn it is (the hand is hidden)
 * @property {boolean} busy           an action of the person here is on its way
 * @property {boolean} animating      a finished trick is on show
 * @property {string | null} hinted   the action the last hint suggested
 * @property {boolean} lessonDone
 * @property {LessonFeedback | null} lessonFeedback  what the lesson's panel says of the last answer
 * @property {string | null} nextLesson  the lesson after the open one, offered once it is done
 * @property {boolean} embedded       framed by a host page (no saves, no prefs)
 * @property {string | null} saveHeld an unusable save that had no room to be set aside,
 *                                    left in place until the player downloads or discards it
 */

/**
 * A lesson's answer as its panel tells it: a wrong one with what it costs and the better
 * play's reason, or a right one with its own.  Kept as what it says, worded when drawn:
 * the player may choose another language before the next try.
 * @typedef {{kind: "wrong", cost: import("./protocol.js").Hint, hint: import("./protocol.js").Hint} | {kind: "right", hint: import("./protocol.js").Hint}} LessonFeedback
 */

/** A table's state before any match (each table has its own: table/flow.js).
 * @returns {PageState} */
export const freshState = () => ({
  model: null, mode: "solo", audience: null, here: [], away: [], screen: null, busy: false, animating: false,
  hinted: null, lessonDone: false, lessonFeedback: null, nextLesson: null, embedded: false, saveHeld: null,
});

/** The state of the page's own table (#table). */
export const page = freshState();

const SLOTS_KEY = "kingweb.slots.v1";

/** Where each game's kept match stands ("Deal 3 of 10"), for its Resume on the welcome:
 * the page notes it as it plays, since the save itself never leaves the worker.  Only the
 * deal: nothing in it says what a hand holds.  @returns {Record<string, {deal: number, total: number | null}>} */
export function slotNotes() {
  try {
    const notes = JSON.parse(localStorage.getItem(SLOTS_KEY) || "{}");
    return notes && typeof notes === "object" && !Array.isArray(notes) ? notes : {};
  } catch {
    return {};
  }
}

/** Note where the kept match of `game` stands.  @param {string} game @param {number} deal @param {number | null} total */
export function noteSlot(game, deal, total) {
  const notes = slotNotes();
  const old = notes[game];
  if (old && old.deal === deal && old.total === total) return;
  notes[game] = { deal, total };
  try { localStorage.setItem(SLOTS_KEY, JSON.stringify(notes)); } catch { /* the label goes without its deal */ }
}
