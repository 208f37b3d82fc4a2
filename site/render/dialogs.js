// The modal dialog every other dialog opens (openDialog), and the small ones: a match
// beside a kept one, the settings, the share link, the statistics, the last trick, the
// rules and a positive's bidding.  The welcome is welcome.js's; a deal's result and the
// match's end are results.js's.  They show data and report choices.
import { LANGS, LANG_NAMES, t, lang } from "../i18n/index.js";
import { $, el } from "./dom.js";
import { cardFace } from "./card.js";
import { cardName, isYou, names, numberText } from "./labels.js";
import { logLines } from "./narrate.js";
import { copyRow } from "./copy.js";

/** @typedef {import("../table/model.js").Model} View */
/** @typedef {[string, (() => (boolean | void)) | null, boolean?]} DialogAction  label, on click (false keeps it open), primary */

/**
 * @param {string} title
 * @param {Node | Node[]} content
 * @param {DialogAction[]} actions
 * @param {() => void} [onClose]
 */
export function openDialog(title, content, actions, onClose) {
  const d = /** @type {HTMLDialogElement} */ ($("dialog"));
  $("dialog-title").textContent = title;
  // (a part a dialog leaves out is null: replaceChildren would write it as the text "null")
  $("dialog-content").replaceChildren(...[content].flat().filter((c) => c !== null && c !== undefined));
  $("dialog-actions").replaceChildren(...actions.map(([label, fn, primary]) => el("button", {
    type: "button", class: primary ? "primary" : "", text: label,
    onclick: () => { if (fn && fn() === false) return; d.close(); },
  })));
  d.onclose = () => { if (onClose) onClose(); };
  if (!d.open) d.showModal();
  const p = /** @type {HTMLElement | null} */ ($("dialog-actions").querySelector(".primary") || $("dialog-actions").querySelector("button"));
  // the keys start on the main button, but the eyes on the title: a long dialog (the
  // rules) must not open scrolled down to its buttons
  if (p) p.focus({ preventScroll: true });
  const body = d.querySelector(".dialog-body");
  if (body) body.scrollTop = 0;
}

/** Ask before a match (a link's, the daily's) is played beside a kept match of its game:
 * "Back to my match" (also what closing the dialog means) or play the new one, which the
 * caller then plays without a save, so the kept match stays kept whatever the answer.
 * @param {string} game @param {string} body @param {string} open  the new match's button
 * @param {{back: () => void, play: () => void}} on */
export function askBesideKept(game, body, open, on) {
  let chosen = false;
  const back = () => { chosen = true; on.back(); };
  const play = () => { chosen = true; on.play(); };
  openDialog(t("link_title", { game: t(`game_${game}`) }), el("p", { text: body }),
    [[t("link_back"), back, true], [open, play]], () => { if (!chosen) back(); });
}

/**
 * What the settings menu shows and changes.
 * @typedef {object} Settings
 * @property {string} speed
 * @property {string} deck
 * @property {boolean} fourColor
 * @property {boolean} sound
 * @property {boolean} autoplay
 */

/**
 * The settings menu: each change applies at once, mid-game (`onChange` with the new
 * settings); the table's other panels (last trick, sheet, rules) are one tap away while a
 * game is on the table (`inGame`).
 * @param {Settings} cur
 * @param {{speeds: string[], decks: string[], inGame: boolean}} lists
 * @param {{onChange: (s: Settings) => void, onLang: (l: import("../i18n/index.js").Lang) => void,
 *          onLastTrick: () => void, onSheet: () => void, onRules: () => void, onClose: () => void}} on
 */
export function openSettings(cur, lists, on) {
  const select = (/** @type {string} */ id, /** @type {string[]} */ values, /** @type {string} */ now, /** @type {(v: string) => string} */ label) =>
    /** @type {HTMLSelectElement} */ (el("select", { id }, ...values.map((v) => el("option", { value: v, selected: v === now, text: label(v) }))));
  const check = (/** @type {string} */ id, /** @type {boolean} */ now) => /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id, checked: now }));
  const speed = select("set-speed", lists.speeds, cur.speed, (v) => t(`speed_${v}`));
  const deck = select("set-deck", lists.decks, cur.deck, (v) => t(`deck_${v}`));
  const four = check("set-four", cur.fourColor);
  const sound = check("set-sound", cur.sound);
  const auto = check("set-auto", cur.autoplay);
  const langSel = select("set-lang", LANGS, lang, (l) => LANG_NAMES[/** @type {import("../i18n/index.js").Lang} */ (l)]);
  const fourFits = () => { four.disabled = deck.value === "classic"; };
  fourFits();
  const changed = () => {
    fourFits();
    on.onChange({ speed: speed.value, deck: deck.value, fourColor: four.checked, sound: sound.checked, autoplay: auto.checked });
  };
  for (const c of [speed, deck, four, sound, auto]) c.addEventListener("change", changed);
  langSel.addEventListener("change", () => on.onLang(/** @type {import("../i18n/index.js").Lang} */ (langSel.value)));
  const form = el("div", { class: "form" },
    el("label", { for: "set-speed" }, t("speed"), speed),
    el("label", { for: "set-deck" }, t("deck"), deck),
    el("label", { for: "set-four" }, four, t("four_color")),
    el("label", { for: "set-sound" }, sound, t("sound")),
    el("label", { for: "set-auto" }, auto, t("autoplay")),
    el("label", { for: "set-lang" }, t("language"), langSel),
    lists.inGame ? el("div", { class: "row menu-panels" },
      el("button", { type: "button", id: "menu-last", text: t("last_trick"), onclick: () => on.onLastTrick() }),
      el("button", { type: "button", id: "menu-sheet", text: t("score_sheet"), onclick: () => on.onSheet() }),
      el("button", { type: "button", id: "menu-rules", text: t("rules"), onclick: () => on.onRules() })) : null);
  openDialog(t("settings"), form, [[t("close"), null, true]], on.onClose);
}

/** The match's link, to copy: the same deals and bot play for anyone who opens it.
 * @param {string} url */
export function showShare(url) {
  const box = /** @type {HTMLInputElement} */ (el("input", { type: "text", readonly: true, value: url, "aria-label": t("share"), id: "share-url", class: "share-url" }));
  openDialog(t("share"), [el("p", { text: t("share_text") }), ...copyRow(box, "share-copy")],
    [[t("close"), null, true]]);
}

/**
 * The local statistics, per game and level.
 * @param {import("../store.js").Stats} stats @param {string[]} levels
 */
export function showStats(stats, levels) {
  const keys = Object.keys(stats.lines).sort((a, b) => {
    const [ga, la] = a.split("/"), [gb, lb] = b.split("/");
    return ga.localeCompare(gb) || levels.indexOf(la) - levels.indexOf(lb);
  });
  const body = keys.length ? [el("table", { class: "sheet stats", id: "stats" },
    el("thead", {}, el("tr", {}, ...["stats_game", "level", "stats_played", "stats_won", "stats_avg"].map((k) => el("th", { text: t(k) })))),
    el("tbody", {}, ...keys.map((k) => {
      const [g, l] = k.split("/");
      const x = stats.lines[k];
      return el("tr", { "data-key": k }, el("td", { text: t(`game_${g}`) }), el("td", { text: t(`level_${l}`) }),
        el("td", { text: String(x.played) }), el("td", { text: String(x.won) }),
        el("td", { text: numberText(Math.round(x.total / Math.max(1, x.played))) }));
    })))] : [el("p", { id: "stats-none", text: t("stats_none") })];
  openDialog(t("stats"), [...body, el("p", { class: "note", text: t("stats_note") })], [[t("close"), null, true]]);
}

/** @param {View} v @param {string} deck */
export function showLastTrick(v, deck) {
  const tr = v.last_trick;
  const nm = names(v);
  if (!tr) return openDialog(t("last_trick"), [el("p", { text: t("last_trick_none") })], [[t("close"), null, true]]);
  // the cards in the order played: the first is the leader's, marked as the deal's play
  // so far marks it (▸), and said in words for whoever does not see the mark
  const row = el("div", { class: "last-trick" }, ...tr.cards.map((c, i) => {
    const seat = (tr.leader + i) % v.players, took = seat === tr.winner;
    const said = [cardName(c), nm[seat], i === 0 ? t("played_led") : "", took ? t("played_took") : ""].filter(Boolean).join(", ");
    return el("div", { class: [i === 0 ? "led" : "", took ? "taker" : ""].filter(Boolean).join(" "), "data-seat": String(seat), role: "group", "aria-label": said },
      cardFace(c, { deck }),
      el("div", { class: "who" }, i === 0 ? el("span", { class: "lead-mark", "aria-hidden": "true", text: "▸ " }) : null, nm[seat]));
  }));
  openDialog(t("last_trick"), [row, el("p", { text: isYou(tr.winner, v) ? t("won_by_you") : t("won_by", { name: nm[tr.winner] }) }),
    el("p", { class: "note", text: t("played_legend") })], [[t("close"), null, true]]);
}

/** The rules of the match being played (its options; `facts`: the engine's facts of the
 * game), opened at `section` if given.
 * @param {string} game @param {Record<string, any>} options @param {import("../protocol.js").GameInfo} facts
 * @param {string} [section] @param {() => void} [onClose] */
export async function showRules(game, options, facts, section, onClose) {
  // the rules' texts (15 kB a language) load when first opened, and only the one read
  const { rulesSections } = await import("../rules/index.js");
  let asked, sections;
  // (a language chosen while they load, whose words came first, is the one they are read in)
  do sections = await rulesSections(game, asked = lang, options, facts); while (asked !== lang);
  const content = el("div", { class: "rules" }, ...sections.flatMap(([id, h, ps]) => [
    el("h3", { id: `rules-${id}`, tabindex: "-1", text: h }), ...ps.map((p) => el("p", { text: p }))]),
  el("h3", { text: t("credits_title") }), el("p", { class: "credits", text: t("credits") }));
  openDialog(t("rules") + " · " + t(`game_${game}`), content, [[t("close"), null, true]], onClose);
  const target = section ? document.getElementById(`rules-${section}`) : null;
  if (target) {
    target.classList.add("rules-here");
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  }
}

/** The positive being played: everything said before its first card.
 * @param {View} v */
export function showDealLog(v) {
  const lines = v.owner !== null && v.owner !== undefined ? logLines(v, v.log || [], v.owner) : [];
  openDialog(t("log_title"), [el("ol", { class: "deal-log" }, ...lines.map((line) => el("li", { text: line })))], [[t("close"), null, true]]);
}
