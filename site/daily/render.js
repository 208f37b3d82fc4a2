// The daily challenge drawn: its entry on the welcome (today's daily of each game, its
// state, the streak), the result of a daily (score, par as it is worked out, the share
// text with the replay code, the review), a shared code checked or refused, and the
// history.  Data in, choices out; the words come from the i18n catalogues.
import { t } from "../i18n/index.js";
import { openDialog } from "../render/dialogs.js";
import { el } from "../render/dom.js";
import { numberText } from "../render/labels.js";
import { bestStreak, entryOf, rows, streak } from "./history.js";

/** @typedef {import("./history.js").DailyHistory} DailyHistory */
/** @typedef {import("./history.js").DailyEntry} DailyEntry */

/**
 * The welcome's entry: today's daily of each game, played or not, and the streak.
 * @param {string[]} games @param {string} today @param {DailyHistory} h
 * @param {{play: (game: string) => void, result: (e: DailyEntry) => void, history: () => void}} on
 */
export function dailySection(games, today, h, on) {
  const pars = (/** @type {DailyEntry} */ e) => h.pars[`${e.game}/${e.date}/0`] ?? null;
  const items = games.map((g) => {
    const e = entryOf(h, g, today);
    const status = !e ? t("daily_none") : e.score === null ? t("daily_started")
      : pars(e) === null ? numberText(e.score) : t("daily_scored", { score: numberText(e.score), par: numberText(/** @type {number} */ (pars(e))) });
    return el("li", { class: "daily-game", "data-game": g },
      el("span", { class: "daily-name", text: t(`game_${g}`) }),
      el("span", { class: "daily-status", id: `daily-status-${g}`, text: status }),
      el("span", { class: "daily-actions" },
        e && e.score !== null && e.code ? el("button", { type: "button", id: `daily-result-${g}`, text: t("daily_result"),
          onclick: () => on.result(e) }) : null,
        el("button", { type: "button", class: "daily-go", id: `daily-play-${g}`, text: e ? t("daily_again") : t("play"),
          "aria-label": `${t("daily_title")}: ${e ? `${t("daily_again")} · ${t(`game_${g}`)}` : t("play_game", { game: t(`game_${g}`) })}`,
          onclick: () => on.play(g) })));
  });
  const n = streak(h, today);
  return el("section", { class: "daily", id: "daily", "aria-labelledby": "daily-title" },
    el("h3", { id: "daily-title", text: `${t("daily_title")} · ${today} (UTC)` }),
    el("p", { class: "opt-help", text: t("daily_intro") }),
    el("ul", { class: "daily-games" }, ...items),
    el("p", { class: "daily-foot" }, el("span", { id: "daily-streak", "data-streak": String(n), text: t("daily_streak", { n }, n) }), " ",
      el("button", { type: "button", id: "daily-history", class: "rules-link", text: t("daily_history"), onclick: () => { setTimeout(on.history, 0); } })));
}

/**
 * What a daily's result shows, filled in as the review's worker answers: par, the review.
 * @typedef {object} ResultParts
 * @property {(text: string) => void} par       the par line
 * @property {(share: string) => void} share    the share text (with par once known)
 * @property {(href: string) => void} review    the link to the review, once the record is there
 */

/**
 * A daily's result (at its end, from the history, or a shared code checked).
 * @param {{game: string, date: string, score: number, code: string, link: string, share: string, counts: boolean, checked?: boolean}} r
 * @param {{newGame: () => void, back?: () => void}} on
 * @returns {ResultParts}
 */
export function showResult(r, on) {
  const parLine = el("p", { id: "daily-par", class: "daily-par", text: t("daily_par_wait") });
  const shareBox = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: "daily-share", class: "share-url", readonly: true, rows: "3" }));
  const copied = el("span", { class: "copied", role: "status", id: "daily-copied" });
  const review = el("p", { id: "daily-review-line", class: "note" });
  const copy = el("button", { type: "button", id: "daily-copy", text: t("daily_copy"), onclick: () => {
    shareBox.select();
    (navigator.clipboard ? navigator.clipboard.writeText(shareBox.value) : Promise.reject(new Error("no clipboard")))
      .then(() => { copied.textContent = t("daily_copied"); })
      .catch(() => { copied.textContent = t("copy_by_hand"); });
  } });
  const nav = /** @type {Navigator & {share?: (d: object) => Promise<void>}} */ (navigator);
  const webShare = typeof nav.share === "function" ? el("button", { type: "button", id: "daily-web-share", text: `${t("share")}…`, onclick: () => {
    /** @type {any} */ (nav).share({ text: shareBox.value }).catch(() => {});
  } }) : null;
  /** @type {(HTMLElement | null)[]} */
  const content = [
    el("p", { id: "daily-score", class: "winner", "data-score": String(r.score), text: t(r.checked ? "daily_score" : "daily_your_score", { score: numberText(r.score) }) }),
    r.checked ? el("p", { id: "daily-checked", class: "note", text: t("daily_checked") })
      : r.counts ? null : el("p", { id: "daily-practice", class: "note", text: t("daily_practice") }),
    parLine,
    el("label", { for: "daily-share" }, t("share")), shareBox,
    el("div", { class: "share-row" }, copy, webShare), copied,
    el("p", { class: "note" }, `${t("daily_code")}: `, el("code", { id: "daily-code", text: r.code })),
    review,
  ];
  /** @type {import("../render/dialogs.js").DialogAction[]} */
  const actions = [[t("new_game"), () => { setTimeout(on.newGame, 0); }, true]];
  if (on.back) actions.push([t("back"), () => { setTimeout(/** @type {() => void} */ (on.back), 0); }]);
  actions.push([t("close"), null]);
  openDialog(t("daily_result_title", { game: t(`game_${r.game}`), date: r.date }), content.filter((x) => x !== null), actions);
  shareBox.value = r.share;
  return {
    par: (text) => { parLine.textContent = text; },
    share: (text) => { shareBox.value = text; },
    review: (href) => {
      review.replaceChildren(el("a", { id: "daily-review", class: "button-link", href, target: "_blank", rel: "noopener", text: t("daily_review") }));
    },
  };
}

/** A dialog that says a shared code is being replayed. */
export function showChecking() {
  openDialog(t("daily_code"), [el("p", { id: "daily-checking", text: t("daily_checking") })], [[t("close"), null, true]]);
}

/** A shared code refused, with the reason in the page's words.
 * @param {string} why @param {() => void} newGame */
export function showRefused(why, newGame) {
  openDialog(t("daily_code"), [el("p", { id: "daily-refused", class: "bad", text: t("daily_refused", { why }) })],
    [[t("new_game"), () => { setTimeout(newGame, 0); }, true], [t("close"), null]]);
}

/** Every daily played here, newest first, and the streaks.
 * @param {DailyHistory} h @param {string} today @param {() => void} back */
export function showHistory(h, today, back) {
  const list = rows(h);
  const body = list.length ? el("table", { class: "sheet stats", id: "daily-table" },
    el("thead", {}, el("tr", {}, ...["daily_col_date", "stats_game", "daily_col_score", "daily_col_par"].map((k) => el("th", { text: t(k) })))),
    el("tbody", {}, ...list.map((e) => el("tr", { "data-key": `${e.game}/${e.date}` },
      el("td", { text: e.date }), el("td", { text: t(`game_${e.game}`) }),
      el("td", { class: "score", text: e.score === null ? t("daily_started") : numberText(e.score) }),
      el("td", { class: "par", text: e.par === null ? "—" : numberText(e.par) })))))
    : el("p", { id: "daily-table-none", text: t("daily_history_none") });
  const n = streak(h, today), best = bestStreak(h);
  openDialog(`${t("daily_title")} · ${t("daily_history")}`, [body,
    el("p", { id: "daily-streaks", text: `${t("daily_streak", { n }, n)} · ${t("daily_best", { n: best })}` })],
  [[t("back"), () => { setTimeout(back, 0); }, true], [t("close"), null]]);
}
