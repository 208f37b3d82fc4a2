// The page's words: one file per language (en.js, es.js, pt.js, ru.js) and the shared
// lookup with {name} fill-ins and plural forms ("{n} card|{n} cards").  English, every
// key's fallback, is always here; another language is loaded when chosen (`loadLang`),
// so that a first visit downloads the words of one language, not of four.
import en from "./en.js";

/** @typedef {"en" | "es" | "pt" | "ru"} Lang */
/** @typedef {(key: string, vars?: Record<string, string | number>, count?: number) => string} Translate */

/** @type {Lang[]} */
export const LANGS = ["en", "es", "pt", "ru"];

/** Each language in its own words, for the pickers. @type {Record<Lang, string>} */
export const LANG_NAMES = { en: "English", es: "Español", pt: "Português", ru: "Русский" };

/** The languages loaded so far (English always). @type {Partial<Record<Lang, Record<string, string>>>} */
export const STRINGS = { en };

/** Each other language's file, loaded on demand (English is imported above).
 * @type {Partial<Record<Lang, () => Promise<{default: Record<string, string>}>>>} */
const FILES = { es: () => import("./es.js"), pt: () => import("./pt.js"), ru: () => import("./ru.js") };

/** Load `l`'s words (at once if they are here).  A language that cannot be loaded (the
 * network) leaves its words in English, which `makeT` falls back to.
 * @param {Lang} l @returns {Promise<void>} */
export async function loadLang(l) {
  const file = FILES[l];
  if (STRINGS[l] || !file) return;
  try { STRINGS[l] = (await file()).default; } catch { /* English stands in */ }
}

/** The browser's languages, most wanted first ([] where there is no browser: Node).
 * @returns {readonly string[]} */
export function browserLangs() {
  if (typeof navigator === "undefined") return [];
  return navigator.languages || [navigator.language || "en"];
}

/** The saved language if it is one of ours, else the first of `wanted` that is, else English.
 * @param {unknown} saved
 * @param {readonly string[]} [wanted]  the browser's languages
 * @returns {Lang} */
export function pickLang(saved, wanted = browserLangs()) {
  if (typeof saved === "string" && LANGS.includes(/** @type {Lang} */ (saved))) return /** @type {Lang} */ (saved);
  for (const l of wanted) {
    const code = /** @type {Lang} */ (String(l).slice(0, 2).toLowerCase());
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

/** A lookup in one language: a key missing there reads in English, then as the key itself.
 * @param {string} lang
 * @returns {Translate} */
export function makeT(lang) {
  const table = STRINGS[/** @type {Lang} */ (lang)] || en;
  return (key, vars = {}, count) => {
    let s = table[key] ?? en[key] ?? key;
    if (s.includes("|") && count !== undefined) {
      const forms = s.split("|");
      s = forms[pluralIndex(lang, count, forms.length)] ?? forms[forms.length - 1];
    }
    return s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
  };
}

/** The page's current language and lookup (live bindings: importers see them change). */
/** @type {Lang} */
export let lang = "en";
export let t = makeT("en");

/** Switch the page's words to `to`. @param {Lang} to */
export function setLang(to) { lang = to; t = makeT(to); }

/** Which of a key's plural forms fits `n` (Russian has three: 1, 2–4, 5–20).
 * @param {string} lang @param {number} n @param {number} forms */
function pluralIndex(lang, n, forms) {
  if (forms < 2) return 0;
  if (lang === "ru") {
    const m10 = n % 10, m100 = n % 100;
    if (m10 === 1 && m100 !== 11) return 0;
    return forms > 2 && !(m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) ? 2 : 1;
  }
  return n === 1 ? 0 : 1;
}
