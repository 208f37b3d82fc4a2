// Sharing a daily: the text ("King daily 2026-12-03: −120, par −200") and the link that
// carries the replay code, `index.html#daily=<code>`.  A fragment, not a query: it never
// reaches a server's logs, and the page's query parameters stay those of a table.  Pure.
import { t as words } from "../i18n/index.js";
import { numberText } from "../render/labels.js";

export const KEY = "daily";

/** The share text, in the page's language; par is left out until it is known.
 * @param {string} game @param {string} date @param {number} score @param {number | null} par
 * @param {(key: string, params?: Record<string, any>) => string} [t] */
export function shareText(game, date, score, par, t = words) {
  const fill = { game: t(`game_${game}`), date, score: numberText(score) };
  return par === null ? t("daily_share_nopar", fill) : t("daily_share", { ...fill, par: numberText(par) });
}

/** The link that opens a replay code on a kingweb page at `base` (the page's address).
 * @param {string} base @param {string} code */
export function codeLink(base, code) {
  const u = new URL(base);
  u.search = "";
  u.hash = `${KEY}=${code}`;
  return u.href;
}

/** The replay code a fragment carries (`#daily=...`), or null.  The code itself is
 * checked by the engine (kingweb.daily.verify), which says what is wrong with it.
 * @param {string} hash */
export function codeOf(hash) {
  const code = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash).get(KEY);
  return code === null ? null : code.slice(0, 2000);
}

/** The words for why a replay code was refused: the engine names the part of the code at
 * fault (`field`: code, game, version, check, date, seat, moves or moves[i]).
 * @param {Record<string, any> | undefined} params */
export function refusalKey(params) {
  const field = String((params && params.field) || "code").replace(/\[\d+\]$/, "");
  return ["code", "game", "version", "check", "date", "seat", "moves"].includes(field) ? `daily_why_${field}` : "daily_why_code";
}
