// What the page remembers: the player's preferences (localStorage), the saved match
// (localStorage, written by the controller) and the page's own state between renders.
import { pickLang } from "./i18n/index.js";

/** @typedef {import("./protocol.js").View} View */
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
 * @property {Record<string, Record<string, any>>} options   per game
 */

/** @returns {Prefs} */
function loadPrefs() {
  /** @type {any} */
  let p = {};
  try { p = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") || {}; } catch { p = {}; }
  return {
    lang: pickLang(p.lang), speed: Object.hasOwn(SPEEDS, p.speed) ? p.speed : "normal",
    level: p.level || "normal", fourColor: !!p.fourColor, autoplay: p.autoplay !== false, sound: p.sound === true,
    deck: DECKS.includes(p.deck) ? p.deck : DECKS[0],
    game: p.game || "king", options: p.options && typeof p.options === "object" ? p.options : {},
  };
}

/** The preferences, read once at start; change them in place and call savePrefs(). */
export const prefs = loadPrefs();

export function savePrefs() {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* private mode */ }
}

/** @returns {string | null} the saved match as stored */
export function readSave() { return localStorage.getItem(SAVE_KEY); }

/** @param {object} save */
export function writeSave(save) {
  try { localStorage.setItem(SAVE_KEY, JSON.stringify(save)); } catch { /* full */ }
}

/** Keep an unusable save under its own key, out of the way of the next game.
 * @param {string} raw */
export function setSaveAside(raw) {
  try {
    localStorage.setItem(`kingweb.save.corrupt.${Date.now()}`, raw);
    localStorage.removeItem(SAVE_KEY);
  } catch { /* nothing more to do */ }
}

/**
 * The page's state: what the views draw from besides the engine's view.
 * @typedef {object} PageState
 * @property {View | null} view      the engine's latest picture of the game
 * @property {boolean} busy          a request for the table is under way
 * @property {boolean} animating     a finished trick is on show
 * @property {number} shownDeals     deal results already shown
 * @property {string | null} hinted  the action the last hint suggested
 * @property {boolean} lessonDone
 * @property {string} lessonFeedback
 * @property {boolean} embedded      framed by a host page (no saves, no prefs)
 */

/** @type {PageState} */
export const page = {
  view: null, busy: false, animating: false, shownDeals: 0, hinted: null,
  lessonDone: false, lessonFeedback: "", embedded: false,
};
