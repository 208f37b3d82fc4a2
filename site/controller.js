// The flow of the table: who acts next and when, the pacing between moves, starting,
// saving and resuming matches, lessons, the host page's commands, the toolbar and keys.
// Every rule question goes to Python (engine.js); the views only draw.
import { LANGS, setLang, t } from "./i18n/index.js";
import { HostLink, readCommand, readParams } from "./embed.js";
import { checkSave } from "./checks.js";
import { call, restartEngine, startEngine } from "./engine.js";
import { DECKS, SPEEDS, checkPrefs, dropSave, page, prefs, readSave, readStats, recordStats, savePrefs, setSaveAside, writeSave } from "./store.js";
import { $ } from "./views/dom.js";
import { choiceLabel, reasonText, refusalText } from "./views/labels.js";
import { clearMyTurn, renderTable } from "./views/table.js";
import { hurryTrick, layHumanCard, renderTrick, showFinishedTrick } from "./views/trick.js";
import { bindHand, dealMs, focusHand, renderHand, takeFromHand } from "./views/hand.js";
import { play, setSound } from "./sound.js";
import { renderPanel } from "./views/panel.js";
import * as dialogs from "./views/dialogs.js";
import { choiceButton, download, hideLoading, notice, showLoadFailed, showProgress, toast } from "./views/messages.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Info} Info */
/** @typedef {import("./protocol.js").Step} Step */
/** @typedef {import("./protocol.js").Hint} Hint */
/** @typedef {import("./protocol.js").LessonVerdict} LessonVerdict */

/** @type {Info} */
let info;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
/** @type {HostLink | null} */
let host = null;
let readySent = false;
let dealtUntil = 0;  // performance.now() when the dealing animation ends
/** @type {Promise<void> | null} */
let finishing = null;  // a finished trick on show
let restarted = false;  // the engine was restarted after a crash: resume, do not start over
let engineDown = false;  // a crash is being restarted from: what was under way stops there
/** @type {string | null} */
let stuckAt = null;  // the save when the worker was last taken for stuck

const boot = { progress: showProgress, ready: onReady, failed: showLoadFailed, crashed: onCrashed };

// -- drawing ---------------------------------------------------------------------------------

/** Draw the whole table from the page's state.  `deal`: the hand arrives dealt. */
function render({ deal = false } = {}) {
  const shown = page.finished || page.view;
  document.body.classList.toggle("no-game", !shown);
  if (!shown) return;
  // a lesson answered is over: nobody is to act any more, though its position has a turn
  const v = page.lessonDone && shown.lesson ? { ...shown, turn: null } : shown;
  renderTable(v, { deck: prefs.deck, fourColor: prefs.fourColor, busy: page.busy }, { onLog: () => dialogs.showDealLog(v) });
  if (!page.animating) renderTrick(v, prefs.deck, moving());
  renderHand(v, { deck: prefs.deck, hinted: page.hinted, deal: deal && moving() }, humanAct);
  renderPanel(v, { hinted: page.hinted, lessonDone: page.lessonDone, lessonFeedback: page.lessonFeedback,
    nextLesson: v.lesson ? nextLessonId(v.lesson) : null },
  { onAction: humanAct, onNextLesson: (id) => { page.lessonFeedback = ""; startLesson(id); }, onRules: showRules });
}

// -- state and flow ----------------------------------------------------------------------------

function persist() {
  const v = page.view;
  if (!v || page.embedded || v.lesson) return;
  call("save").then(writeSave).catch(() => {});
}

/** Cards move (slide, deal, fly) unless the speed is instant. */
const moving = () => SPEEDS[prefs.speed].trick > 0;

/** Take the engine's new view: draw it, show a trick that just finished (its winner
 * marked, its taker named), save, move on.
 * @param {View} next @param {{animate?: boolean}} [o] */
async function setView(next, { animate = true } = {}) {
  const prev = page.view;
  page.view = next;
  // a deal just ended: the table keeps showing it until its summary is dismissed
  page.finished = prev && !next.lesson && next.deals.length > prev.deals.length && next.seed === prev.seed
    ? finishedDeal(prev, next) : null;
  if (host && !readySent) { readySent = true; host.post("ready", { game: next.game, lesson: next.lesson }); }
  page.hinted = null;
  const newDeal = !prev || prev.deal_no !== next.deal_no || prev.game !== next.game || prev.seed !== next.seed;
  const finished = animate && prev && next.last_trick &&
    (!prev.last_trick || prev.last_trick.serial !== next.last_trick.serial);
  const played = next.trick.length > (prev ? prev.trick.length : 0) || finished;
  if (played && animate && prev && prev.turn !== prev.human) play("card");  // ours sounded when played
  if (finished && next.last_trick) {
    page.animating = true;
    render();
    finishing = showFinishedTrick(next.last_trick, next, prefs.deck, SPEEDS[prefs.speed].trick);
    await finishing;
    finishing = null;
    page.animating = false;
    if (SPEEDS[prefs.speed].trick) play("trick");
    if (page.view !== next) return;  // a newer view came meanwhile (undo, new game)
  }
  const deal = newDeal && !next.lesson && !page.finished;  // held back until the summary is dismissed
  if (deal && moving()) dealtUntil = performance.now() + dealMs(next.hand.length);
  render({ deal });
  if (next.turn === next.human && !next.over && (!prev || prev.turn !== prev.human || newDeal)) play("turn");
  persist();
  advance();
}

/** The table as the last deal left it, before the next one is dealt: the cards still in
 * hand (a deal may end early), no trick, the totals after the deal.
 * @param {View} prev the last view of the deal @param {View} next the first after it
 * @returns {View} */
function finishedDeal(prev, next) {
  const d = next.deals[next.deals.length - 1];
  const tr = next.last_trick && (!prev.last_trick || prev.last_trick.serial !== next.last_trick.serial) ? next.last_trick : null;
  const played = new Set(tr ? tr.cards : []);
  const inTrick = new Set(prev.trick.map((x) => x.seat));
  return {
    ...prev, hand: prev.hand.filter((c) => !played.has(c)), trick: [], legal: [], turn: null,
    hand_counts: prev.hand_counts.map((n, s) => (tr && !inTrick.has(s) ? Math.max(0, n - 1) : n)),
    taken: prev.taken && tr ? prev.taken.map((n, s) => n + (s === tr.winner ? 1 : 0)) : prev.taken,
    deal_points: d.points, scores: d.scores || next.scores, can_undo: false,
  };
}

function advance() {
  clearTimeout(timer);
  const view = page.view;
  if (!view || page.busy) return;
  if (view.lesson) return focusHand();  // a lesson is one decision: nobody else moves
  if (view.deals.length > page.shownDeals) {
    page.shownDeals = view.deals.length;
    const d = view.deals[view.deals.length - 1];
    if (host) host.post("deal-end", { deal_no: view.deals.length - 1, contract: d.contract, points: d.points, scores: view.scores });
    return dialogs.showDealResult(view, view.deals.length - 1, prefs.deck, () => {
      page.finished = null;
      const v = page.view;
      const deal = !!v && !v.over && !v.lesson;  // now the next deal is dealt
      if (v && deal && moving()) dealtUntil = performance.now() + dealMs(v.hand.length);
      render({ deal });
      advance();
    });
  }
  if (view.over) {
    if (host) {
      const best = Math.max(...view.scores);
      host.post("match-end", { scores: view.scores, winners: view.scores.flatMap((x, i) => (x === best ? [i] : [])) });
    }
    const line = page.embedded ? null : recordMatch(view);
    return dialogs.showMatchEnd(view, line, {
      onPlayAgain: () => { startGame(view.game, view.options, view.level).catch(tellFailure); },
      onNewGame: openNewGame,
      onStats: showStats,
    });
  }
  // bots wait for the dealing to end and for the player to close a dialog
  const wait = Math.max(SPEEDS[prefs.speed].move, dealtUntil - performance.now());
  if (view.turn !== view.human) {
    timer = setTimeout(botStep, wait);
  } else if (prefs.autoplay && view.phase === "play" && view.legal.length === 1) {
    timer = setTimeout(() => humanAct(view.legal[0]), Math.max(SPEEDS[prefs.speed].move / 2, dealtUntil - performance.now()));
  } else {
    focusHand();
  }
}

async function botStep() {
  const view = page.view;
  if (page.busy || !view || view.over || view.turn === view.human) return;
  if (/** @type {HTMLDialogElement} */ ($("dialog")).open) return;  // resumed when it closes
  page.busy = true;
  try {
    /** @type {Step} */
    const r = await call("bot");
    page.busy = false;
    if (r.ok) await setView(r.state); else advance();
  } catch (e) {
    page.busy = false;
    tellFailure(e);
  }
}

/** The human plays a card or takes an action. @param {string} action */
async function humanAct(action) {
  if (finishing) {  // playing on ends the finished trick's show
    const show = finishing;
    hurryTrick();
    await show;
  }
  const view = page.view;
  if (page.busy || page.animating || !view || view.turn !== view.human) return;
  if (view.lesson) return lessonTry(action);
  page.busy = true;
  if (view.phase === "play" && view.legal.includes(action)) {
    // the card leaves the hand and lands on the table now; the engine's answer follows
    clearTimeout(timer);
    takeFromHand(action);
    layHumanCard(action, view, prefs.deck, moving());
    clearMyTurn();
    play("card");
  }
  try {
    /** @type {Step} */
    const r = await call("act", { action });
    page.busy = false;
    if (!r.ok) { toast(refusalText(r, view)); render(); return; }
    await setView(r.state);
  } catch (e) {
    page.busy = false;
    tellFailure(e);
  }
}

// -- starting, saving, resuming -----------------------------------------------------------

/**
 * @param {string} game @param {Record<string, any>} options @param {string} level
 * @param {number} [seed] @param {number} [seat]
 */
async function startGame(game, options, level, seed, seat) {
  if (!page.embedded) { prefs.game = game; prefs.level = level; prefs.options[game] = options; savePrefs(); }
  /** @type {Record<string, any>} */
  const args = { game, options, level };
  if (seed !== undefined && seed !== null) args.seed = seed;
  if (seat !== undefined && seat !== null) args.seat = seat;
  const state = await call("start", args);
  page.shownDeals = 0;
  page.lessonDone = false;
  page.lessonFeedback = "";
  clearTimeout(timer);
  await setView(state, { animate: false });
}

/** Put an unusable save out of the way of the next game and tell the player where it
 * went; with no room for a copy, offer it as a download and keep it until they choose.
 * @param {string} raw @param {string} reason */
function setAside(raw, reason) {
  const key = setSaveAside(raw);
  if (key !== null) { toast(t("saved_corrupt", { msg: reason, key }), 10000); return; }
  const file = `kingweb-save-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  const done = (/** @type {string} */ words) => { dropSave(); held.remove(); notice(words); persist(); };
  const held = notice(t("saved_unkept", { msg: reason }),
    choiceButton(t("download_save"), "save-download", () => { download(raw, file); done(t("save_downloaded")); }),
    choiceButton(t("discard_save"), "save-discard", () => done(t("save_discarded"))));
}

/** Resume the saved match if there is one the engine can take; true when it did.  The
 * save is checked here first (size, shape, known names), so that nothing deep or huge
 * reaches Python, and set aside before anything else happens when it cannot be used. */
async function resume() {
  const raw = readSave();
  if (raw === null || page.saveHeld !== null) return false;
  const checked = checkSave(raw, info);
  if (!checked.save) {
    setAside(raw, checked.words ? t(checked.words, { n: checked.n ?? 0 }) : String(checked.problem));
    return false;
  }
  try {
    /** @type {View} */
    const state = await call("load", { save: checked.save });
    page.shownDeals = state.deals.length;
    await setView(state, { animate: false });
    toast(t("resumed"));
    return true;
  } catch (e) {
    setAside(raw, /** @type {Error} */ (e).message);
    return false;
  }
}

/** A request that failed: say why, unless the engine is being restarted (its notice says
 * so, and the failed request's own words would cover what the restart tells).
 * @param {any} e @param {number} [ms] */
function tellFailure(e, ms) {
  if (!engineDown) toast(refusalText(e, page.view), ms);
}

/** The worker broke after its boot (a request that crashed Python), or is stuck: start a
 * new one, which picks up the last save.  Calls under way have been refused already.
 * @param {string} message @param {import("./engine.js").Stuck | null} stuck */
function onCrashed(message, stuck) {
  clearTimeout(timer);
  page.busy = false;
  page.view = null;
  // stuck again with the save just as it was at the last stick (no move kept since): the
  // save itself leads the engine into the loop, and resuming it once more would loop again
  const raw = stuck ? readSave() : null;
  if (raw !== null && raw === stuckAt) setAside(raw, t("save_stuck"));
  stuckAt = raw;
  render();
  notice(stuck ? t("engine_stuck", { s: stuck.seconds }) : t("engine_crashed", { msg: message }));
  restarted = true;
  engineDown = true;
  showProgress("runtime", 5);
  restartEngine(boot);
}

// Offline play: the service worker precaches the site (the runtime is 15 MB), so it
// registers once the engine is up, where the download cannot slow the first load.
function registerOffline() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("./sw.js").catch(() => {});
  }
}

/** The engine is up: start what the address asks for, else resume the saved match, else
 * offer a new one. @param {Info} engineInfo */
async function onReady(engineInfo) {
  info = engineInfo;
  engineDown = false;
  hideLoading();
  if (restarted) {  // after a crash: the match as last saved, else a new one
    if (!page.embedded && await resume()) return;
    if (!engineDown) openNewGame();
    return;
  }
  setTimeout(registerOffline, 1000);
  const { cfg, problems } = readParams(location.search, info, { langs: LANGS, speeds: Object.keys(SPEEDS) });
  page.embedded = cfg.embed;
  if (page.embedded) {
    document.body.classList.add("embed");
    host = new HostLink(onHostCommand);
  }
  if (cfg.lang && cfg.lang !== prefs.lang) { prefs.lang = cfg.lang; applyLang(); }
  if (cfg.speed) prefs.speed = cfg.speed;
  if (problems.length) notice(t("bad_params", { list: problems.join(", ") }));
  const stored = checkPrefs(info, !page.embedded);
  if (stored.problems.length && !page.embedded) {
    const list = stored.problems.join(", ");
    notice(stored.key ? t("prefs_corrupt", { list, key: stored.key }) : t("prefs_unkept", { list }));
  }
  if (!page.embedded && location.search) history.replaceState(null, "", location.pathname);
  try {
    if (cfg.lesson) return await startLesson(cfg.lesson);
    if (cfg.game || page.embedded) {
      const game = cfg.game || prefs.game;
      return await startGame(game, cfg.options || {}, cfg.level || prefs.level, cfg.seed, cfg.seat);
    }
  } catch (e) { tellFailure(e, 8000); }
  // a crash on the way (a save that broke the engine is set aside by resume) leaves the
  // rest to the new engine's onReady
  if (engineDown || await resume() || engineDown) return;
  openNewGame();
}

/** A command from the page that frames us (embed.js checked where it came from).
 * @param {any} msg */
function onHostCommand(msg) {
  const view = page.view;
  const game = view ? view.game : prefs.game;
  // every field checked by embed.js; what is refused is named, the rest applies
  const { command: c, problems } = readCommand(msg, { info, langs: LANGS, speeds: Object.keys(SPEEDS), decks: DECKS, game });
  if (problems.length) notice(t("bad_command", { list: problems.join(", ") }));
  if (!c) return;
  if (c.type === "new-game") {
    startGame(c.game || game, c.options || {}, c.level || prefs.level, c.seed).catch(tellFailure);
  } else {
    if (c.lang) { prefs.lang = c.lang; applyLang(); }
    if (c.speed) prefs.speed = c.speed;
    if (c.level) prefs.level = c.level;
    if (c.fourColor !== undefined) prefs.fourColor = c.fourColor;
    if (c.deck) prefs.deck = c.deck;
    if (c.options) prefs.options[game] = c.options;
    render();
  }
}

/** A match's link: the same deals and bot play for anyone who opens it. @param {View} v */
function shareUrl(v) {
  const u = new URL(location.href);
  u.search = "";
  u.searchParams.set("game", v.game);
  u.searchParams.set("seed", String(v.seed));
  u.searchParams.set("level", v.level);
  u.searchParams.set("options", JSON.stringify(v.options));
  return u.href;
}

/** Count a finished match in the local statistics (once, even if the page reloads at
 * its end); the line for its game and level. @param {View} v */
function recordMatch(v) {
  const best = Math.max(...v.scores);
  const { line, corrupt } = recordStats(`${v.game}/${v.level}`, `${v.game}:${v.seed}:${JSON.stringify(v.options)}:${v.actions_count}`,
    v.scores[v.human] === best, v.scores[v.human] * (v.options.scale || 1));
  if (corrupt) toast(t("stats_corrupt"), 8000);
  return line;
}

function showStats() {
  const { stats, corrupt } = readStats();
  if (corrupt) toast(t("stats_corrupt"), 8000);
  dialogs.showStats(stats, info ? info.levels : []);
}

function showShare() {
  const v = page.view;
  if (!v || v.lesson) return toast(t("share_none"));
  dialogs.showShare(shareUrl(v));
}

// -- lessons ------------------------------------------------------------------------------

/** @param {string} id */
async function startLesson(id) {
  /** @type {View} */
  const state = await call("lesson", { id });
  page.shownDeals = state.deals.length;
  page.lessonDone = false;
  await setView(state, { animate: false });
}

/** @param {string} action */
async function lessonTry(action) {
  page.busy = true;
  try {
    /** @type {LessonVerdict} */
    const r = await call("lesson_try", { action });
    page.busy = false;
    const view = /** @type {View} */ (page.view);
    if (r.verdict === "illegal") { toast(refusalText(r, view)); render(); return; }
    if (r.verdict === "wrong") {
      // what the chosen play costs, then why the answer is better: once, in the panel
      const why = [r.cost, r.hint].map((h) => reasonText(/** @type {Hint} */ (h), view)).join(" ");
      page.lessonFeedback = `${t("why_prefix")} ${why} ${t("try_again")}`;
      page.hinted = null;
      render();
      return;
    }
    page.lessonDone = true;
    page.lessonFeedback = t("right");
    await setView(r.state, { animate: false });
    host && host.post("lesson-done", { lesson: r.state.lesson });
  } catch (e) { page.busy = false; tellFailure(e); }
}

/** The next lesson of the same game, if any. @param {string} id */
function nextLessonId(id) {
  const all = info.lessons;
  const next = all[all.indexOf(id) + 1];
  return next && next.split("/")[0] === id.split("/")[0] ? next : null;
}

// -- the toolbar ------------------------------------------------------------------------------

function openNewGame() {
  if (!info) return;
  const view = page.view;
  dialogs.openNewGame(info, prefs, { speeds: Object.keys(SPEEDS), decks: DECKS, canCancel: !!view && !view.over }, {
    onLang: (lang) => { prefs.lang = lang; savePrefs(); applyLang(); openNewGame(); },
    onPlay: (game, options, choice) => {
      prefs.speed = choice.speed; prefs.fourColor = choice.fourColor; prefs.deck = choice.deck; prefs.autoplay = choice.autoplay;
      savePrefs();
      startGame(game, options, choice.level).catch((e) => tellFailure(e, 6000));
    },
    onLesson: (id) => { page.lessonFeedback = ""; startLesson(id).catch(tellFailure); },
    // the rules as the welcome's table rules set them now; closing them returns to the welcome
    onRules: (game) => dialogs.showRules(game, prefs.options[game] || {}, undefined, () => setTimeout(openNewGame, 0)),
  });
}

async function showHint() {
  const view = page.view;
  if (!view || view.turn !== view.human) return toast(t("hint_none"));
  try {
    /** @type {Hint} */
    const h = await call("hint");
    if (!h.action) return toast(t("hint_none"));
    page.hinted = h.action;
    render();
    toast(`${choiceLabel(h.action, view)} — ${reasonText(h, view)}`, 6000);
  } catch (e) { tellFailure(e); }
}

async function undo() {
  if (!page.view || page.busy) return;
  clearTimeout(timer);
  try {
    /** @type {Step} */
    const r = await call("undo");
    if (r.ok) { page.shownDeals = Math.min(page.shownDeals, r.state.deals.length); await setView(r.state, { animate: false }); }
  } catch (e) { tellFailure(e); }
}

function showLastTrick() { if (page.view) dialogs.showLastTrick(page.view, prefs.deck); }
function showSheet() { if (page.view) dialogs.showSheet(page.view); }
/** @param {string} [section] a rules section id to open at */
function showRules(section) {
  const v = page.view;
  dialogs.showRules(v ? v.game : prefs.game, v ? v.options : prefs.options[prefs.game] || {}, typeof section === "string" ? section : undefined);
}

// -- static text, language, keys -------------------------------------------------------------

function applyLang() {
  setLang(prefs.lang);
  document.documentElement.lang = prefs.lang;
  for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n]"))) e.textContent = t(/** @type {string} */ (e.dataset.i18n));
  render();
}

/** The settings menu: speed, deck, colours, sound, forced cards and language, changed
 * mid-game and kept in the preferences. */
function openSettings() {
  dialogs.openSettings(prefs, { speeds: Object.keys(SPEEDS), decks: DECKS, inGame: !!page.view }, {
    onChange: (c) => {
      prefs.speed = c.speed; prefs.deck = c.deck; prefs.fourColor = c.fourColor; prefs.autoplay = c.autoplay;
      prefs.sound = c.sound; setSound(c.sound);
      savePrefs();
      render();
    },
    onLang: (lang) => { prefs.lang = lang; savePrefs(); applyLang(); openSettings(); },
    onLastTrick: showLastTrick, onSheet: showSheet, onRules: showRules,
    onClose: () => {},
  });
}

function bindControls() {
  $("btn-retry").addEventListener("click", () => {
    $("btn-retry").hidden = true;
    showProgress("runtime", 5);
    restartEngine(boot);
  });
  $("btn-settings").addEventListener("click", openSettings);
  // bots wait while a dialog is open (settings, the sheet, a new game being chosen)
  $("dialog").addEventListener("close", () => {
    const v = page.view;
    if (v && !v.over && !v.lesson && v.turn !== v.human && !page.busy && !page.animating) advance();
  });
  $("btn-new").addEventListener("click", () => openNewGame());
  $("btn-hint").addEventListener("click", showHint);
  $("btn-undo").addEventListener("click", undo);
  $("btn-last").addEventListener("click", showLastTrick);
  $("btn-sheet").addEventListener("click", showSheet);
  $("btn-rules").addEventListener("click", () => showRules());
  const menu = /** @type {[string, () => void][]} */ ([["btn-share", showShare], ["btn-stats", showStats],
    ["more-last", showLastTrick], ["more-sheet", showSheet], ["more-rules", () => showRules()]]);
  for (const [id, fn] of menu) {
    $(id).addEventListener("click", () => { /** @type {HTMLDetailsElement} */ ($("more")).open = false; fn(); });
  }
  bindHand();
  // the keyboard's focus ring shows once keys are used, and goes with a pointer
  document.addEventListener("keydown", () => document.body.classList.add("keys"), true);
  document.addEventListener("pointerdown", () => {
    document.body.classList.remove("keys");
    if (prefs.sound) setSound(true);  // a browser lets audio start on a gesture
  }, true);
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(/** @type {Element} */ (document.activeElement).tagName)) return;
    const k = e.key.toLowerCase();
    /** @type {Record<string, () => void>} */
    const map = { h: showHint, u: undo, l: showLastTrick, s: showSheet, r: () => showRules(), n: openNewGame, m: openSettings };
    if (map[k]) { e.preventDefault(); map[k](); }
  });
}

/** Wire the page and boot the engine. */
export function start() {
  setSound(prefs.sound);
  bindControls();
  applyLang();
  showProgress("runtime", 5);
  startEngine(boot);
}
