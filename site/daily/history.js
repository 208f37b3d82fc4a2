// The dailies played here: per game and UTC date, the attempt that counts (the match
// started first that day), its score once it ends, its replay code, and par (kept per
// game, date and seat, since par is the same for everyone).  Stored in localStorage like
// the page's other settings; a stored history that cannot be used is set aside under
// kingweb.daily.corrupt.<time>, reported, and a new one begun: it never strands the page.
// Pure apart from loadHistory/saveHistory, which take the storage when they are called.
import { keepAside } from "../store.js";
import { dayBefore, isDay } from "./days.js";

export const DAILY_KEY = "kingweb.daily.v1";
const LIMIT = 200_000;  // characters: a year of three dailies a day is about 70 000
const GAMES = ["king", "kingru", "whist"];
const CODE = /^[A-Z]\d+\.\d{8}\.\d\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{6}$/;

/**
 * @typedef {object} DailyEntry
 * @property {string} game
 * @property {string} date          UTC, YYYY-MM-DD
 * @property {string} match         the table's match token of the attempt that counts
 * @property {number | null} score  null until that attempt ends
 * @property {string | null} code   its replay code, once it ends
 * @typedef {{version: 1, entries: DailyEntry[], pars: Record<string, number>}} DailyHistory
 */

/** @returns {DailyHistory} */
export const freshHistory = () => ({ version: 1, entries: [], pars: {} });

/** @param {any} x */
const plain = (x) => !!x && typeof x === "object" && !Array.isArray(x);

/** Whether stored data is a history this page can use as it is.
 * @param {any} h @returns {h is DailyHistory} */
export function validHistory(h) {
  if (!plain(h) || h.version !== 1 || !Array.isArray(h.entries) || !plain(h.pars)) return false;
  if (Object.keys(h).some((k) => !["version", "entries", "pars"].includes(k))) return false;
  const seen = new Set();
  for (const e of h.entries) {
    if (!plain(e) || !GAMES.includes(e.game) || !isDay(e.date) || typeof e.match !== "string" || e.match.length > 32) return false;
    if (e.score !== null && !Number.isInteger(e.score)) return false;
    if (e.code !== null && !(typeof e.code === "string" && CODE.test(e.code))) return false;
    const key = `${e.game}/${e.date}`;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return Object.entries(h.pars).every(([k, v]) => /^(king|kingru|whist)\/\d{4}-\d{2}-\d{2}\/\d$/.test(k) && Number.isInteger(v));
}

/** The history in stored text (null: none yet), or why it cannot be used.
 * @param {string | null} raw @returns {{history: DailyHistory, problem: string | null}} */
export function readHistory(raw) {
  if (raw === null) return { history: freshHistory(), problem: null };
  if (raw.length > LIMIT) return { history: freshHistory(), problem: `${raw.length} characters` };
  let h;
  try { h = JSON.parse(raw); } catch { return { history: freshHistory(), problem: "not JSON" }; }
  return validHistory(h) ? { history: h, problem: null } : { history: freshHistory(), problem: "not a daily history" };
}

/** @param {DailyHistory} h @param {string} game @param {string} date */
export const entryOf = (h, game, date) => h.entries.find((e) => e.game === game && e.date === date) || null;

/** An attempt begins: the first of the day and game is the one that counts.  Returns
 * whether this one does.  @param {DailyHistory} h @param {string} game @param {string} date @param {string} match */
export function begin(h, game, date, match) {
  const e = entryOf(h, game, date);
  if (e) return e.match === match;
  h.entries.push({ game, date, match, score: null, code: null });
  return true;
}

/** An attempt ended with `score` and `code`: kept if it is the one that counts (again
 * after a reload at its end: the same).  Returns whether it counts.
 * @param {DailyHistory} h @param {string} game @param {string} date @param {string} match
 * @param {number} score @param {string} code */
export function finish(h, game, date, match, score, code) {
  const e = entryOf(h, game, date);
  if (!e || e.match !== match) return false;
  e.score = score;
  e.code = code;
  return true;
}

/** @param {string} game @param {string} date @param {number} seat */
export const parKey = (game, date, seat) => `${game}/${date}/${seat}`;

/** The days in a row with a daily played to its end, up to `today` (UTC): a streak stays
 * alive through today until today ends, so a day not played yet does not break it.
 * @param {DailyHistory} h @param {string} today */
export function streak(h, today) {
  const played = new Set(h.entries.filter((e) => e.score !== null).map((e) => e.date));
  let day = played.has(today) ? today : dayBefore(today);
  let n = 0;
  while (played.has(day)) { n++; day = dayBefore(day); }
  return n;
}

/** The longest run of days in a row with a daily played to its end. @param {DailyHistory} h */
export function bestStreak(h) {
  const days = [...new Set(h.entries.filter((e) => e.score !== null).map((e) => e.date))].sort();
  let best = 0, run = 0;
  days.forEach((d, i) => { run = i && dayBefore(d) === days[i - 1] ? run + 1 : 1; best = Math.max(best, run); });
  return best;
}

/** The entries newest first, each with its par when known.
 * @param {DailyHistory} h @returns {(DailyEntry & {par: number | null})[]} */
export function rows(h) {
  return [...h.entries].sort((a, b) => b.date.localeCompare(a.date) || GAMES.indexOf(a.game) - GAMES.indexOf(b.game))
    .map((e) => ({ ...e, par: h.pars[parKey(e.game, e.date, 0)] ?? null }));
}

// -- storage ----------------------------------------------------------------------------------

/** The stored history; an unusable one is set aside (`key`: where, null when there was no
 * room for the copy) and a new one begun.
 * @returns {{history: DailyHistory, corrupt: {problem: string, key: string | null} | null}} */
export function loadHistory() {
  let raw = null;
  try { raw = localStorage.getItem(DAILY_KEY); } catch { return { history: freshHistory(), corrupt: null }; }
  const { history, problem } = readHistory(raw);
  if (problem === null || raw === null) return { history, corrupt: null };
  const key = keepAside("daily", raw);
  try { localStorage.removeItem(DAILY_KEY); } catch { /* storage blocked */ }
  return { history, corrupt: { problem, key } };
}

/** @param {DailyHistory} h */
export function saveHistory(h) {
  try { localStorage.setItem(DAILY_KEY, JSON.stringify(h)); } catch { /* full or private */ }
}
