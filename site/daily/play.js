// The daily challenge on the page (docs/RECORDS.md §6): today's daily of a game played on
// the normal table (the table's worker deals it and plays its bots: the seed never
// reaches the page), its end (the replay code from the table, par and the record from the
// review's worker, the history), a shared code replayed and checked, and the history.
// Today is the page's clock in UTC.
import { t } from "../i18n/index.js";
import { ask } from "../records/analyst.js";
import { recordFragment } from "../records/link.js";
import { adopt } from "../table/start.js";
import { toast } from "../render/messages.js";
import { numberText } from "../render/labels.js";
import { utcDay } from "./days.js";
import { begin, finish, loadHistory, saveHistory } from "./history.js";
import { parOf } from "./par.js";
import { codeLink, refusalKey, shareText } from "./share.js";
import * as render from "./render.js";

/** @typedef {import("../table/model.js").Model} Model */
/** @typedef {(cmd: string, args?: object) => Promise<any>} Call */
/** @typedef {{newGame: () => void}} Wiring */

/** Today, as the daily names it. */
export const today = () => utcDay(new Date());

/** The history, telling the player once if the stored one had to be set aside. */
function history() {
  const { history: h, corrupt } = loadHistory();
  if (corrupt) toast(t("daily_corrupt", { msg: corrupt.problem, key: corrupt.key ?? "—" }), 10000);
  return h;
}

/** Play today's daily of `game` at the page's table.
 * @param {import("../table/flow.js").Table} table @param {Call} call @param {string} game */
export async function startDaily(table, call, game) {
  const date = today();
  const sync = await call("start_daily", { game, date });
  const h = history();
  begin(h, game, date, sync.table.match);
  saveHistory(h);
  adopt(table, sync, { dealt: true });
}

/** The welcome's entry for today's dailies.
 * @param {string[]} games @param {{play: (game: string) => void, back: () => void, newGame: () => void}} on */
export function dailyEntry(games, on) {
  const day = today();
  return render.dailySection(games, day, history(), {
    play: (g) => { /** @type {HTMLDialogElement} */ (document.getElementById("dialog")).close(); on.play(g); },
    result: (e) => showStored(e, on),
    history: () => render.showHistory(history(), day, on.back),
  });
}

/** The link to review a daily's match: its record, verified by replaying its code.
 * @param {string} code @returns {Promise<{href: string, result: any}>} */
async function reviewOf(code) {
  const result = await ask("verify", { code });
  return { href: `viewer.html${await recordFragment(JSON.stringify(result.record))}`, result };
}

/**
 * Show a daily's result and fill it in as the review's worker answers: par (with
 * progress) and the share text with it, the review's link.
 * @param {{game: string, date: string, score: number, code: string, counts: boolean, checked?: boolean}} r
 * @param {{newGame: () => void, back?: () => void}} on
 * @param {string | null} [href]  the review's link, when it is known already
 */
function showFilled(r, on, href = null) {
  const link = codeLink(location.href, r.code);
  const text = (/** @type {number | null} */ par) => `${shareText(r.game, r.date, r.score, par)}\n${link}`;
  const parts = render.showResult({ ...r, link, share: text(null) }, on);
  parOf(r.game, r.date, 0, (deals) => parts.par(t("daily_par_progress", { n: deals }, deals)))
    .then((par) => { parts.par(t("daily_par", { par: numberText(par) })); parts.share(text(par)); })
    .catch((e) => parts.par(t("daily_par_failed", { msg: String(e.message || e) })));
  if (href) parts.review(href);
  else reviewOf(r.code).then((x) => parts.review(x.href)).catch(() => {});
}

/** A stored result, shown again from the welcome.
 * @param {import("./history.js").DailyEntry} e @param {{back: () => void, newGame: () => void}} on */
function showStored(e, on) {
  showFilled({ game: e.game, date: e.date, score: /** @type {number} */ (e.score), code: /** @type {string} */ (e.code), counts: true },
    { newGame: on.newGame, back: on.back });
}

/** The daily at this table is over: its code, the history, the result.
 * @param {Model} v @param {Call} call @param {Wiring} on */
export async function dailyEnded(v, call, on) {
  const r = await call("daily_code");
  const h = history();
  const counts = finish(h, r.game, r.date, v.match, r.score, r.code);
  saveHistory(h);
  // a code from a link is being answered (the player's own daily resumed at its end behind
  // it): its answer stays, a refusal above all, rather than this result over it
  if (codeOnScreen()) return;
  showFilled({ game: r.game, date: r.date, score: r.score, code: r.code, counts }, on);
}

/** Whether the dialog shows a code from a link: being checked, refused or checked. */
function codeOnScreen() {
  const d = /** @type {HTMLDialogElement} */ (document.getElementById("dialog"));
  return d.open && d.querySelector("#daily-checking, #daily-refused, #daily-checked") !== null;
}

/** A replay code from a link: replayed and checked in the review's worker, then shown
 * with par and the review; a code that is refused is named with the reason.
 * @param {string} code @param {Wiring} on */
export async function openCode(code, on) {
  render.showChecking();
  let checked;
  try {
    checked = await reviewOf(code);
  } catch (e) {
    const err = /** @type {any} */ (e);
    if (err.code === "bad-replay-code") render.showRefused(t(refusalKey(err.params)), on.newGame);
    else render.showRefused(String(err.message || err), on.newGame);
    return;
  }
  const r = checked.result;
  showFilled({ game: r.game, date: r.date, score: r.score, code, counts: true, checked: true }, on, checked.href);
}
