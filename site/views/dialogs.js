// The modal dialogs: new game (with lessons), a deal's result, the score sheet, the
// match's end, the last trick and the rules.  They show data and report choices.
import { LANGS, LANG_NAMES, t, lang } from "../i18n/index.js";
import { rulesSections } from "../rules.js";
import { $, el } from "./dom.js";
import { cardFace } from "./card.js";
import { aboutSeat, contractLabel, lessonText, names, offerLabel, pointsText, valueLabel } from "./labels.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").Info} Info */
/** @typedef {import("../protocol.js").OptionSpec} OptionSpec */
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
  $("dialog-content").replaceChildren(...[content].flat());
  $("dialog-actions").replaceChildren(...actions.map(([label, fn, primary]) => el("button", {
    type: "button", class: primary ? "primary" : "", text: label,
    onclick: () => { if (fn && fn() === false) return; d.close(); },
  })));
  d.onclose = () => { if (onClose) onClose(); };
  if (!d.open) d.showModal();
  const p = /** @type {HTMLElement | null} */ ($("dialog-actions").querySelector(".primary") || $("dialog-actions").querySelector("button"));
  if (p) p.focus();
}

/** @param {string} key @param {OptionSpec} spec @param {any} current */
function optionControl(key, spec, current) {
  const id = `opt-${key}`;
  const label = t(`opt_${key}`);
  if (spec.allowed.length === 2 && spec.allowed.every((x) => typeof x === "boolean")) {
    return el("label", { for: id }, el("input", { type: "checkbox", id, "data-opt": key, checked: current === true }), label);
  }
  const sel = el("select", { id, "data-opt": key },
    ...spec.allowed.map((a) => el("option", { value: JSON.stringify(a), selected: a === current, text: valueLabel(a) })));
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
 */

/**
 * @param {Info} info
 * @param {GameChoice} cur
 * @param {{speeds: string[], decks: string[], canCancel: boolean}} lists
 * @param {NewGameEvents} on
 */
export function openNewGame(info, cur, lists, on) {
  const form = el("div", { class: "form" });
  const gameSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-game" }, ...Object.keys(info.games).map((g) =>
    el("option", { value: g, selected: g === cur.game, text: t(`game_${g}`) }))));
  const levelSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-level" }, ...info.levels.map((l) =>
    el("option", { value: l, selected: l === cur.level, text: t(`level_${l}`) }))));
  const speedSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-speed" }, ...lists.speeds.map((s) =>
    el("option", { value: s, selected: s === cur.speed, text: t(`speed_${s}`) }))));
  const opts = el("fieldset", {}, el("legend", { text: t("options") }));
  const fill = () => {
    const g = gameSel.value;
    const saved = cur.options[g] || {};
    opts.replaceChildren(el("legend", { text: t("options") }), ...Object.entries(info.games[g].options).map(([k, spec]) =>
      optionControl(k, spec, k in saved ? saved[k] : spec.default)));
  };
  gameSel.addEventListener("change", fill);
  fill();
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
  form.append(
    el("label", { for: "new-game" }, t("game"), gameSel),
    el("label", { for: "new-level" }, t("level"), levelSel),
    el("label", { for: "new-speed" }, t("speed"), speedSel),
    el("label", { for: "new-lang" }, t("language"), langSel),
    opts,
    el("label", { for: "new-deck" }, t("deck"), deckSel),
    el("label", { for: "new-four" }, four, t("four_color")),
    el("label", { for: "new-auto" }, auto, t("autoplay")),
  );
  const lessonSel = /** @type {HTMLSelectElement} */ (el("select", { id: "new-lesson" }));
  const fillLessons = () => lessonSel.replaceChildren(...info.lessons.filter((id) => id.startsWith(gameSel.value + "/"))
    .map((id) => el("option", { value: id, text: lessonText(id)[0] })));
  gameSel.addEventListener("change", fillLessons);
  fillLessons();
  form.append(el("fieldset", {}, el("legend", { text: t("lessons") }),
    el("label", { for: "new-lesson" }, t("lesson"), lessonSel),
    el("button", { type: "button", id: "start-lesson", text: t("start_lesson"), onclick: () => {
      /** @type {HTMLDialogElement} */ ($("dialog")).close();
      on.onLesson(lessonSel.value);
    } })));
  /** @type {DialogAction[]} */
  const actions = [[t("play"), () => {
    const g = gameSel.value;
    /** @type {Record<string, any>} */
    const options = {};
    for (const c of /** @type {NodeListOf<HTMLInputElement>} */ (opts.querySelectorAll("[data-opt]"))) {
      options[/** @type {string} */ (c.dataset.opt)] = c.type === "checkbox" ? c.checked : JSON.parse(c.value);
    }
    on.onPlay(g, options, { ...cur, game: g, level: levelSel.value, speed: speedSel.value,
      fourColor: four.checked, deck: deckSel.value, autoplay: auto.checked });
  }, true]];
  if (lists.canCancel) actions.push([t("cancel"), null]);
  openDialog(t("new_game"), form, actions);
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
 * settings); the table's other views (last trick, sheet, rules) are one tap away, as the
 * phone's bar has no room for them.
 * @param {Settings} cur
 * @param {{speeds: string[], decks: string[]}} lists
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
    el("div", { class: "row menu-views" },
      el("button", { type: "button", id: "menu-last", text: t("last_trick"), onclick: () => on.onLastTrick() }),
      el("button", { type: "button", id: "menu-sheet", text: t("score_sheet"), onclick: () => on.onSheet() }),
      el("button", { type: "button", id: "menu-rules", text: t("rules"), onclick: () => on.onRules() })));
  openDialog(t("settings"), form, [[t("close"), null, true]], on.onClose);
}

/** The link input under a result: the same deals and bot play for anyone who opens it.
 * @param {string} url */
function shareBox(url) {
  return el("input", { type: "text", readonly: true, value: url, "aria-label": t("share"), size: 40 });
}

/**
 * @param {View} v
 * @param {number} i      the deal's index in v.deals
 * @param {string | null} share   the match's link, or null (lessons)
 * @param {() => void} then
 */
export function showDealResult(v, i, share, then) {
  const d = v.deals[i];
  const nm = names(v);
  const rows = nm.map((name, s) => {
    const why = [];
    if (d.taken && d.contract !== "4333") why.push(t("tricks_taken", { n: d.taken[s] }));
    return el("tr", {}, el("td", { text: name }), el("td", { text: why.join(", ") }), el("td", { text: pointsText(d.points[s], v) }));
  });
  const content = [el("table", { class: "sheet" }, el("tbody", {}, ...rows))];
  if (d.payment !== undefined && d.buyer !== null && d.buyer !== undefined) {
    const owner = /** @type {number} */ (d.owner);
    const vars = { buyer: nm[d.buyer], owner: nm[owner], n: d.payment };
    const paid = d.buyer === v.human ? t("payment_you_buyer", vars) : owner === v.human ? t("payment_you_owner", vars) : t("payment", vars);
    content.push(el("p", { text: aboutSeat("bought", d.buyer, v, { offer: offerLabel(/** @type {string} */ (d.offer)) }) + " · " + paid }));
  }
  if (share) content.push(el("p", { class: "share", text: t("share_text") }), shareBox(share));
  openDialog(t("deal_result", { n: i + 1, contract: contractLabel(v, d.contract) }), content,
    [[t("continue"), null, true]], then);
}

/** Every deal's points per seat, the totals and whether they sum as the rules say.
 * @param {View} v */
function sheetTable(v) {
  const nm = names(v);
  const scale = v.options.scale || 1;
  const head = el("tr", {}, el("th", { text: "#" }), el("th", { text: t("game") }), ...nm.map((n) => el("th", { text: n })), el("th", { text: "Σ" }));
  let ok = true;
  const body = v.deals.map((d, i) => {
    const sum = d.points.reduce((a, b) => a + b, 0);
    if (sum !== d.total) ok = false;
    return el("tr", {}, el("td", { text: String(i + 1) }), el("td", { text: contractLabel(v, d.contract) }),
      ...d.points.map((p) => el("td", { text: String(p * scale) })),
      el("td", { class: sum === d.total ? "ok" : "bad", text: `${sum * scale}` }));
  });
  const totals = v.scores;
  const grand = totals.reduce((a, b) => a + b, 0);
  const expected = v.deals.reduce((a, d) => a + d.total, 0);
  if (grand !== expected) ok = false;
  const foot = el("tr", {}, el("td", { text: "" }), el("td", { text: t("sheet_total") }),
    ...totals.map((p) => el("td", { text: String(p * scale) })), el("td", { text: String(grand * scale) }));
  const table = el("table", { class: "sheet", id: "sheet" }, el("thead", {}, head), el("tbody", {}, ...body), el("tfoot", {}, foot));
  const check = el("p", { class: ok ? "ok" : "bad", id: "sheet-check", text: `${t("table_total")}: ${grand * scale} · ${t(ok ? "check_ok" : "check_bad")}` });
  return [table, check];
}

/** @param {View} v */
export function showSheet(v) {
  openDialog(t("score_sheet"), sheetTable(v), [[t("close"), null, true]]);
}

/**
 * @param {View} v
 * @param {string} share
 * @param {{onPlayAgain: () => void, onNewGame: () => void}} on
 */
export function showMatchEnd(v, share, on) {
  const nm = names(v);
  const best = Math.max(...v.scores);
  const seats = nm.flatMap((_, s) => (v.scores[s] === best ? [s] : []));
  const others = seats.filter((s) => s !== v.human).map((s) => nm[s]).join(", ");
  const mine = seats.includes(v.human);
  const title = seats.length === 1 ? (mine ? t("winner_you") : t("winner", { names: others }))
    : mine ? t("winners_you", { names: others }) : t("winners", { names: others });
  openDialog(t("match_over"), [el("p", { text: title, id: "winner" }), ...sheetTable(v),
    el("p", { text: t("share_text") }), shareBox(share)],
  [[t("play_again"), on.onPlayAgain, true], [t("new_game"), () => { setTimeout(on.onNewGame, 0); }]]);
}

/** @param {View} v @param {string} deck */
export function showLastTrick(v, deck) {
  const tr = v.last_trick;
  const nm = names(v);
  if (!tr) return openDialog(t("last_trick"), [el("p", { text: t("last_trick_none") })], [[t("close"), null, true]]);
  const row = el("div", { class: "last-trick" }, ...tr.cards.map((c, i) =>
    el("div", { class: i === (tr.winner - tr.leader + v.players) % v.players ? "taker" : "" }, cardFace(c, { deck }),
      el("div", { text: nm[(tr.leader + i) % v.players] }))));
  openDialog(t("last_trick"), [row, el("p", { text: t("won_by", { name: nm[tr.winner] }) })], [[t("close"), null, true]]);
}

/** The rules of `game` as the match in play has them (its options), each section under an
 * id (`rules-auction`, `rules-payment`, ...) that other views may point to.
 * @param {string} game @param {Record<string, any>} [options] */
export function showRules(game, options = {}) {
  const sections = rulesSections(/** @type {"king" | "kingru" | "whist"} */ (game), lang, options);
  const content = el("div", { class: "rules" }, ...sections.flatMap(([id, h, ps]) => [el("h3", { id: `rules-${id}`, text: h }), ...ps.map((p) => el("p", { text: p }))]),
    el("h3", { text: t("credits_title") }), el("p", { class: "credits", text: t("credits") }));
  openDialog(t("rules") + " · " + t(`game_${game}`), content, [[t("close"), null, true]]);
}
