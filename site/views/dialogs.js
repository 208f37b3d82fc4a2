// The modal dialogs: new game (with lessons), a deal's result, the score sheet, the
// match's end, the last trick and the rules.  They show data and report choices.
import { LANGS, LANG_NAMES, t, lang } from "../i18n/index.js";
import { $, el } from "./dom.js";
import { cardFace } from "./card.js";
import { bottomSeat, cardName, contractLabel, dealTitle, earlyEndText, isYou, lessonText, names, numberText, pointsText, valueLabel } from "./labels.js";
import { heldAuction, logLines } from "./narrate.js";
import { sheetTable } from "./sheet.js";
import { copyRow } from "./copy.js";

/** @typedef {import("../table/model.js").Model} View */
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

// A long run of whole numbers (German Whist's target allows 1 to 100) is offered as the
// few a table picks from: those of these the engine allows, with its default and the value
// now set always among them.
const USUAL_NUMBERS = [5, 7, 10, 15, 21, 25, 50, 100];
const LONG_LIST = 12;

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
 * level in sight; each game's table rules folded, every option explained in a sentence;
 * display settings and lessons folded too.
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
    el("label", { for: "new-level", class: "level-pick" }, t("level"), levelSel),
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
      el("label", { for: "new-lang" }, t("language"), langSel),
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
 * settings); the table's other views (last trick, sheet, rules) are one tap away while a
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
    lists.inGame ? el("div", { class: "row menu-views" },
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

/** Places by total, ties sharing the better place: [1, 2, 2, 4].
 * @param {number[]} totals */
export function placings(totals) {
  return totals.map((x) => 1 + totals.filter((y) => y > x).length);
}

/** "1st", "2nd"… in the page's language. @param {number} n */
const placeText = (n) => t(`place_${n}`);

/** What a seat took that counted, as small cards and words with their points.
 * @param {import("../protocol.js").Counted[]} items @param {View} v @param {string} deck @param {string[]} nm
 * @param {number | null | undefined} owner  a bought positive's owner: his row received the payment */
function tookCell(items, v, deck, nm, owner) {
  const kids = [];
  const cards = items.filter((x) => x.kind === "card");
  if (cards.length) {
    const sum = cards.reduce((a, x) => a + x.points, 0);
    kids.push(el("span", { class: "took-item took-cardset" },
      el("span", { class: "took-cards" }, ...cards.map((x) => cardFace(/** @type {string} */ (x.card), { cls: "mini", deck }))),
      " ", el("b", { class: "took-pts", text: pointsText(sum, v) })));
  }
  for (const x of items) {
    let words = null;
    if (x.kind === "tricks" && v.facts.stock) {
      // the score spelled out (German Whist's stage 2 alone counts): what the engine
      // counted less the tricks that pay nothing
      const n = /** @type {number} */ (x.count);
      const tricks = t("took_stage2", { n }, n);
      kids.push(el("span", { class: "took-item" }, x.points > 0
        ? t("took_whist_score", { tricks, base: n - x.points, points: t("n_points", { n: x.points }, x.points) })
        : t("took_whist_none", { tricks })));
      continue;
    }
    if (x.kind === "tricks") words = t("took_tricks", { n: /** @type {number} */ (x.count) }, x.count);
    else if (x.kind === "trick") words = t("took_trick", { n: /** @type {number} */ (x.trick) });
    // by role, not by sign: a payment of 0 has none (the buyer's item names the owner)
    else if (x.kind === "payment") words = t(x.seat === owner ? "took_paid" : "took_received", { name: nm[/** @type {number} */ (x.seat)] });
    else if (x.kind === "4333") words = t("c_4333");
    // a colon between: "0 tricks: 0", not "0 tricks 0"; the figure stays on its words' line
    if (words !== null) kids.push(el("span", { class: "took-item" }, words, ":\u00a0", el("b", { text: pointsText(x.points, v) })));
  }
  if (!kids.length) kids.push(el("span", { class: "took-none", text: t("took_nothing") }));
  // the items sit in a flex box of their own (a table cell cannot be one): each keeps its
  // number beside its words, with a gap to the next item that no width takes away
  return el("td", { class: "took" }, el("div", { class: "took-list" }, ...kids));
}

/**
 * A deal's summary, shown before the next deal is dealt: what each player took that
 * counted and its points, the deal's points, the totals after it and the places; a
 * positive's bidding; German Whist's score against the target.
 * @param {View} v
 * @param {number} i      the deal's index in v.deals
 * @param {string} deck
 * @param {() => void} then
 * @param {string} [claimed]  who claimed the rest of the deal, as the table told it (the
 *   message would be hidden behind this dialog)
 * @param {boolean} [last]  the match ended with this deal (the engine's match-end follows):
 *   its button leads to the match's result, not to a next deal
 */
export function showDealResult(v, i, deck, then, claimed = "", last = false) {
  const d = v.deals[i];
  const nm = names(v);
  const totals = d.scores || v.deals.slice(0, i + 1).reduce((acc, x) => acc.map((a, s) => a + x.points[s]), nm.map(() => 0));
  const places = placings(totals);
  const counted = d.counted || nm.map(() => []);
  const head = el("tr", {}, el("th", { text: t("sum_player") }), el("th", { text: t("sum_took") }), el("th", { text: t("sum_deal") }),
    el("th", { text: t("sum_total") }), el("th", { text: t("sum_place") }));
  const rows = nm.map((name, s) => el("tr", { "data-seat": String(s), class: s === v.seat ? "me" : "" },
    el("th", { scope: "row", text: name }), tookCell(counted[s] || [], v, deck, nm, d.owner),
    el("td", { class: "pts", text: pointsText(d.points[s], v) }), el("td", { class: "total", text: pointsText(totals[s], v, { total: true }) }),
    el("td", { class: "place", text: placeText(places[s]) })));
  const content = [el("table", { class: "sheet summary", id: "deal-summary" }, el("thead", {}, head), el("tbody", {}, ...rows))];
  if (v.facts.to_target) {
    const target = d.target ?? v.options.target;
    const me = bottomSeat(v), other = 1 - me;
    content.push(el("p", { class: "whist-match", id: "whist-match", text: t("whist_match", {
      a: nm[me], x: pointsText(totals[me], v, { total: true }), y: pointsText(totals[other], v, { total: true }), b: nm[other], target }) }));
  }
  // the stock showed the trump through the deal: the summary names it
  if (v.facts.stock && d.trump) content.push(el("p", { class: "note", text: t("trump", { suit: t(`suit_${d.trump}`) }) }));
  if (claimed) content.push(el("p", { class: "note", id: "claim-note", text: claimed }));
  const early = earlyEndText(d, v, claimed);
  if (early) content.push(el("p", { class: "note", id: "early-end", text: early }));
  const capped = cappedPayment(d, v);
  if (capped !== null) content.push(el("p", { class: "note", id: "payment-capped", text: t("payment_capped", { n: numberText(capped) }) }));
  if (d.log && d.log.length && d.owner !== undefined && d.owner !== null) {
    // an owner who played the positive at once held no auction: the heading says so
    const heading = heldAuction(d.log) ? "log_title" : "log_title_choice";
    content.push(el("h3", { text: t(heading) }), el("ol", { class: "deal-log" }, ...logLines(v, d.log, d.owner).map((line) => el("li", { text: line }))));
  }
  // German Whist has one contract: its name on every deal would only repeat the game's
  openDialog(dealTitle(v, i + 1, d.contract), content,
    [...dealExtras.actions(v, i), [t(last ? "to_result" : i + 1 < v.deals.length || v.over ? "continue" : "next_deal"), null, true]], then);
}

/** More buttons for a deal's summary (the records' Review and Export: records/page.js),
 * and for the score sheet and the match's end (Review the match), each returning false to
 * keep its dialog open, so the table waits under them. */
export const dealExtras = {
  /** @type {(v: View, i: number) => DialogAction[]} */
  actions: () => [],
  /** @type {(v: View) => DialogAction[]} */
  match: () => [],
};

/** A bought positive's payment when it fell short of the offer (the buyer pays at most
 * what he made: RULES, "payment"), else null.
 * @param {import("../protocol.js").DealRecord} d @param {View} v @returns {number | null} */
function cappedPayment(d, v) {
  if (d.buyer === null || d.buyer === undefined || d.payment === undefined || !d.offer || v.options.uncapped_payment) return null;
  const [, kind, n] = d.offer.split(":");
  const worth = v.facts.offers[kind] * Number(n);
  return d.payment < worth ? d.payment : null;
}

/** The deal the winner gained most in on the runner-up, or null (everyone level).
 * @param {View} v @returns {{deal: number, winner: number, other: number} | null} */
export function decidingDeal(v) {
  const best = Math.max(...v.scores);
  const winner = v.scores.indexOf(best);
  const rest = v.scores.map((x, s) => [x, s]).filter(([x]) => x < best).sort((a, b) => b[0] - a[0]);
  if (!rest.length || !v.deals.length) return null;
  const other = rest[0][1];
  let deal = 0;
  v.deals.forEach((d, k) => {
    if (d.points[winner] - d.points[other] > v.deals[deal].points[winner] - v.deals[deal].points[other]) deal = k;
  });
  return { deal, winner, other };
}

/** @param {View} v */
export function showSheet(v) {
  openDialog(t("score_sheet"), sheetTable(v), [...dealExtras.match(v), [t("close"), null, true]]);
}

/**
 * The match's end: the winner, the places, the deal that decided it, the player's record
 * at this game and level, the score sheet; play again.
 * @param {View} v
 * @param {import("../store.js").StatLine | null} record  this game and level's statistics, after this match
 * @param {{onPlayAgain: () => void, onNewGame: () => void, onStats: () => void}} on
 */
export function showMatchEnd(v, record, on) {
  const nm = names(v);
  const best = Math.max(...v.scores);
  const seats = nm.flatMap((_, s) => (v.scores[s] === best ? [s] : []));
  const others = seats.filter((s) => s !== v.seat).map((s) => nm[s]).join(", ");
  const mine = seats.includes(v.seat);
  const title = seats.length === 1 ? (mine ? t("winner_you") : t("winner", { names: others }))
    : mine ? t("winners_you", { names: others }) : t("winners", { names: others });
  const places = placings(v.scores);
  const order = nm.map((_, s) => s).sort((a, b) => places[a] - places[b] || a - b);
  const table = el("table", { class: "sheet placings", id: "placings" }, el("tbody", {}, ...order.map((s) =>
    el("tr", { class: s === v.seat ? "me" : "" }, el("td", { class: "place", text: placeText(places[s]) }), el("th", { scope: "row", text: nm[s] }),
      el("td", { text: pointsText(v.scores[s], v, { total: true }) })))));
  const content = [el("p", { text: title, id: "winner", class: "winner" }), table];
  const dd = decidingDeal(v);
  if (dd) {
    const d = v.deals[dd.deal];
    content.push(el("p", { id: "decider", class: "decider", text: t(v.facts.named_deals ? "decider" : "decider_whist", { n: dd.deal + 1, contract: contractLabel(v, d.contract),
      name: nm[dd.winner], a: pointsText(d.points[dd.winner], v), other: nm[dd.other], b: pointsText(d.points[dd.other], v) }) }));
  }
  if (record) {
    content.push(el("p", { id: "record", class: "record", text: t("record_line", { game: t(`game_${v.game}`), level: t(`level_${v.level}`),
      played: t("record_played", { n: record.played }, record.played), won: t("record_won", { n: record.won }, record.won), avg: numberText(Math.round(record.total / Math.max(1, record.played))) }) }));
  }
  content.push(el("details", { class: "sheet-fold" }, el("summary", { text: t("score_sheet") }), ...sheetTable(v)));
  openDialog(t("match_over"), content,
    [[t("play_again"), on.onPlayAgain, true], ...dealExtras.match(v), [t("new_game"), () => { setTimeout(on.onNewGame, 0); }],
      [t("stats"), () => { setTimeout(on.onStats, 0); }]]);
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
  const sections = await rulesSections(game, lang, options, facts);
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
