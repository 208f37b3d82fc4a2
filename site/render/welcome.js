// The welcome (also New game): the games, the bots' level, each game's table rules, the
// display settings and the lessons; and, once the store has answered, a Resume for each
// game whose match is kept.  They show data and report choices.
import { LANGS, LANG_NAMES, t, lang } from "../i18n/index.js";
import { $, el } from "./dom.js";
import { lessonText, valueLabel } from "./labels.js";
import { openDialog } from "./dialogs.js";

/** @typedef {import("../protocol.js").Info} Info */
/** @typedef {import("../protocol.js").OptionSpec} OptionSpec */
/** @typedef {import("./dialogs.js").DialogAction} DialogAction */

// A long run of whole numbers (German Whist's target allows 1 to 100) is offered as the
// few a table picks from: those of these the engine allows, with its default and the value
// now set always among them.
const USUAL_NUMBERS = [5, 7, 10, 15, 21, 25, 50, 100];
const LONG_LIST = 12;

/** The values a select offers for an option. @param {OptionSpec} spec @param {any} current */
export function offeredValues(spec, current) {
  if (spec.allowed.length <= LONG_LIST || !spec.allowed.every(Number.isInteger)) return spec.allowed;
  return spec.allowed.filter((a) => USUAL_NUMBERS.includes(a) || a === spec.default || a === current);
}

/** @param {string} key @param {OptionSpec} spec @param {any} current @param {string} game */
function optionControl(key, spec, current, game) {
  const id = `opt-${game}-${key}`;
  const label = t(`opt_${key}`);
  if (spec.allowed.length === 2 && spec.allowed.every((x) => typeof x === "boolean")) {
    return el("label", { for: id }, el("input", { type: "checkbox", id, "data-opt": key, checked: current === true, "aria-describedby": `help-${game}-${key}` }), label);
  }
  const sel = el("select", { id, "data-opt": key, "aria-describedby": `help-${game}-${key}` },
    ...offeredValues(spec, current).map((a) => el("option", { value: JSON.stringify(a), selected: a === current, text: valueLabel(a) })));
  return el("label", { for: id }, label, sel);
}

/**
 * The settings the new-game dialog starts from.
 * @typedef {object} GameChoice
 * @property {string} game
 * @property {string} level
 * @property {string} speed
 * @property {string} deck
 * @property {boolean} fourColor
 * @property {boolean} autoplay
 * @property {Record<string, Record<string, any>>} options  per game
 */

/**
 * @typedef {object} NewGameEvents
 * @property {(lang: import("../i18n/index.js").Lang) => void} onLang    the language changed (the dialog is drawn again)
 * @property {(game: string, options: Record<string, any>, choice: GameChoice) => void} onPlay
 * @property {(id: string) => void} onLesson
 * @property {(game: string) => void} onRules
 * @property {() => void} onPeople   play with people: the seats of a new game
 */

/** A folded part of the welcome. @param {string} id @param {string} title @param {...Node} kids */
const fold = (id, title, ...kids) => el("details", { class: "fold", id }, el("summary", { text: title }), ...kids);

/**
 * The welcome: the three games, a line on each and one button to play it; the bots'
 * level and the language in sight; each game's table rules folded, every option explained
 * in a sentence; display settings and lessons folded too.
 * @param {Info} info
 * @param {GameChoice} cur
 * @param {{speeds: string[], decks: string[], canCancel: boolean}} lists
 * @param {NewGameEvents} on
 * @param {Node | null} [daily]  the daily challenge's entry (site/daily/), under the games
 */
export function openNewGame(info, cur, lists, on, daily = null) {
  const games = Object.keys(info.games);
  const levelSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-level" }, ...info.levels.map((l) =>
    el("option", { value: l, selected: l === cur.level, text: t(`level_${l}`) }))));
  // table rules, per game
  const ruleSets = games.map((g) => {
    const saved = cur.options[g] || {};
    return el("fieldset", { class: "rule-set", "data-game": g }, el("legend", { text: t(`game_${g}`) }),
      ...Object.entries(info.games[g].options).map(([k, spec]) => el("div", { class: "rule-opt" },
        optionControl(k, spec, k in saved ? saved[k] : spec.default, g),
        el("p", { class: "opt-help", id: `help-${g}-${k}`, text: t(`opt_help_${k}`) }))));
  });
  /** @param {string} g */
  const optionsOf = (g) => {
    /** @type {Record<string, any>} */
    const options = {};
    const set = /** @type {HTMLElement} */ (ruleSets[games.indexOf(g)]);
    for (const c of /** @type {NodeListOf<HTMLInputElement>} */ (set.querySelectorAll("[data-opt]"))) {
      options[/** @type {string} */ (c.dataset.opt)] = c.type === "checkbox" ? c.checked : JSON.parse(c.value);
    }
    return options;
  };
  const speedSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-speed" }, ...lists.speeds.map((x) =>
    el("option", { value: x, selected: x === cur.speed, text: t(`speed_${x}`) }))));
  const langSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-lang" }, ...LANGS.map((l) =>
    el("option", { value: l, selected: l === lang, text: LANG_NAMES[l] }))));
  langSel.addEventListener("change", () => on.onLang(/** @type {import("../i18n/index.js").Lang} */ (langSel.value)));
  const deckSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-deck" }, ...lists.decks.map((d) =>
    el("option", { value: d, selected: d === cur.deck, text: t(`deck_${d}`) }))));
  const four = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "new-four", checked: cur.fourColor }));
  // the classic drawings have two colours: the four-colour choice is for the page's faces
  const fourFits = () => { four.disabled = deckSel.value === "classic"; };
  deckSel.addEventListener("change", fourFits);
  fourFits();
  const auto = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "new-auto", checked: cur.autoplay }));
  /** @param {string} g */
  const play = (g) => {
    /** @type {HTMLDialogElement} */ ($("dialog")).close();
    on.onPlay(g, optionsOf(g), { ...cur, game: g, level: levelSel.value, speed: speedSel.value,
      fourColor: four.checked, deck: deckSel.value, autoplay: auto.checked });
  };
  const picks = el("div", { class: "game-picks" }, ...games.map((g) => el("section", { class: `game-pick ${g === cur.game ? "last" : ""}`.trim(), "aria-labelledby": `pick-${g}` },
    el("h3", { id: `pick-${g}`, text: t(`game_${g}`) }),
    el("p", { class: "about", text: t(`about_${g}`) }),
    el("div", { class: "pick-actions" },
      el("button", { type: "button", class: "primary", id: `play-${g}`, "data-game": g, text: t("play"),
        "aria-label": t("play_game", { game: t(`game_${g}`) }), onclick: () => play(g) }),
      el("button", { type: "button", class: "rules-link", text: t("rules"), "aria-label": `${t("rules")} · ${t(`game_${g}`)}`,
        onclick: () => { setTimeout(() => on.onRules(g), 0); } })))));
  const lessonSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-lesson" }, ...games.map((g) =>
    el("optgroup", { label: t(`game_${g}`) }, ...info.lessons.filter((id) => id.startsWith(g + "/"))
      .map((id) => el("option", { value: id, selected: g === cur.game && id.endsWith("/follow-suit"), text: lessonText(id)[0] }))))));
  const form = el("div", { class: "form welcome" },
    el("p", { class: "welcome-sub", text: t("welcome_sub") }),
    el("div", { class: "people-row" }, el("button", { type: "button", id: "play-people", class: "people-button", text: t("play_people"),
      onclick: () => { setTimeout(on.onPeople, 0); } })),
    // the language beside the level, in sight: in the display fold a player who cannot read
    // the page's language did not find it (a play-test)
    el("div", { class: "welcome-picks" },
      el("label", { for: "new-level", class: "level-pick" }, t("level"), levelSel),
      el("label", { for: "new-lang", class: "lang-pick" }, t("language"), langSel)),
    picks,
    daily,
    fold("table-rules", t("table_rules"), el("p", { class: "opt-help", text: t("table_rules_intro") }), ...ruleSets),
    fold("lessons", t("lessons"), el("p", { class: "opt-help", text: t("lessons_intro") }),
      el("div", { class: "lesson-row" }, el("label", { for: "new-lesson" }, t("lesson"), lessonSel),
        el("button", { type: "button", id: "start-lesson", text: t("start_lesson"), onclick: () => {
          /** @type {HTMLDialogElement} */ ($("dialog")).close();
          on.onLesson(lessonSel.value);
        } }))),
    fold("display", t("display"),
      el("label", { for: "new-speed" }, t("speed"), speedSel),
      el("label", { for: "new-deck" }, t("deck"), deckSel),
      el("label", { for: "new-four" }, four, t("four_color")),
      el("label", { for: "new-auto" }, auto, t("autoplay"))),
  );
  /** @type {DialogAction[]} */
  const actions = lists.canCancel ? [[t("cancel"), null]] : [];
  openDialog(lists.canCancel ? t("new_game") : t("welcome_title"), form, actions);
  const first = /** @type {HTMLElement | null} */ (document.getElementById(`play-${cur.game}`));
  if (first) first.focus();
}

/**
 * On the open welcome, the games with a match kept (each game has one slot): a Resume
 * first, saying where the match stands ("Deal 3 of 10"), and the game's Play becomes New
 * match.  Marked once the store has answered (the welcome opens at first paint).
 * @param {{game: string, where: string}[]} kept @param {(game: string) => void} onResume
 */
export function offerResume(kept, onResume) {
  for (const { game, where } of kept) {
    const play = /** @type {HTMLButtonElement | null} */ (document.querySelector(`#dialog[open] #play-${game}`));
    if (!play || document.getElementById(`resume-${game}`)) continue;
    const name = t(`game_${game}`);
    const focused = document.activeElement === play;
    const resume = el("button", { type: "button", class: "primary", id: `resume-${game}`, "data-resume": game,
      "aria-label": where ? `${t("resume_game", { game: name })} · ${where}` : t("resume_game", { game: name }),
      onclick: () => { /** @type {HTMLDialogElement} */ ($("dialog")).close(); onResume(game); } },
    t("resume"), where ? el("span", { class: "resume-where", text: where }) : null);
    play.classList.remove("primary");
    play.textContent = t("new_match");
    play.setAttribute("aria-label", `${t("new_match")} · ${name}`);
    play.before(resume);
    play.closest(".game-pick")?.classList.add("kept");
    if (focused) resume.focus();
  }
}
