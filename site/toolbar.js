// The toolbar and the keys: a new game, a hint, undo, the last trick, the score sheet, the
// rules, the settings, sharing and statistics.  Each asks the page's table (a
// table/flow.js instance, boot.js's) or the engine; none of them holds a rule.
import { loadLang, setLang, t } from "./i18n/index.js";
import { DECKS, SPEEDS, page, prefs, readStats, savePrefs, slotNotes } from "./store.js";
import { savedGames } from "./resume.js";
import { tableKept } from "./engine.js";
import { $, el } from "./render/dom.js";
import * as dialogs from "./render/dialogs.js";
import { offerResume, openNewGame as openWelcome } from "./render/welcome.js";
import { showSheet as sheetDialog } from "./render/results.js";
import { enterHand, focusHand } from "./render/hand.js";
import { hintMessage } from "./render/labels.js";
import { toast } from "./render/messages.js";
import { setSound } from "./sound.js";
import { adopt, startGame } from "./table/start.js";
import { openPeople } from "./render/people.js";
import { showPlayed } from "./render/played.js";

/** @typedef {import("./protocol.js").Info} Info */
/** @typedef {import("./protocol.js").Hint} Hint */

/**
 * What the toolbar needs: the engine (once it is up), what exists (info, once read), and
 * how to report a failure.
 * @typedef {object} Tools
 * @property {((cmd: string, args?: object) => Promise<any>) | null} call
 * @property {Info | null} info
 * @property {(e: any, ms?: number) => void} failed
 * @property {(start: () => Promise<void>) => void} whenReady   run `start` once the engine is up
 * @property {(m: import("./p2p/host.js").HostedMatch & {seats: import("./protocol.js").Seat[]}) => Promise<void>} host
 *   open a room for a table with people at other devices (p2p/hosting.js)
 * @property {() => void} invite   show a hosted table's invite again (once its room is open)
 * @property {() => boolean} opening   whether a room is being opened (Share waits for its invite)
 * @property {(game: string) => Promise<void>} resume   resume `game`'s kept match (the welcome's Resume)
 * @property {import("./table/flow.js").Table | null} table   the page's table
 * @property {(id: string) => Promise<void>} lesson   open a lesson on it
 */
/** @type {Tools} */
export const tools = { call: null, info: null, failed: () => {}, whenReady: (f) => { f(); }, host: async () => {}, invite: () => {},
  opening: () => false, resume: async () => {}, table: null, lesson: async () => {} };

/** The page's table, which boot.js gives before any button is bound. */
const table = () => /** @type {import("./table/flow.js").Table} */ (tools.table);

/** The engine, which the toolbar uses only once it is up. */
function engine() {
  if (!tools.call) throw new Error("the engine is not ready");
  return tools.call;
}

/** Enable what applies now: undo when there is something to take back, a hint on one's turn. */
export function refreshTools() {
  const v = page.model;
  /** @type {HTMLButtonElement} */ ($("btn-undo")).disabled = !v || !v.can_undo || page.busy;
  /** @type {HTMLButtonElement} */ ($("btn-hint")).disabled = !!(v && v.daily) || (!table().myTurn() && !(v && v.seat !== null && v.turn === v.seat && !v.over));
}

/** The welcome, or New game: open at first paint (it needs only `info`); a Play pressed
 * before the engine is up starts the game the moment it is.  Settles once the daily's
 * entry has taken its place (what lies below it moves then).
 * @returns {Promise<void>} */
export function openNewGame() {
  const info = tools.info;
  if (!info) return Promise.resolve();
  const v = page.model;
  // the daily challenge's entry fills its place once its modules are loaded (at once after
  // the first time): a first visit that plays no daily downloads none of it
  const dailySlot = page.mode === "guest" || page.embedded ? null : el("div", { id: "daily-slot" });
  openWelcome(info, prefs, { speeds: Object.keys(SPEEDS), decks: DECKS, canCancel: !!v && !v.over }, {
    onLang: (lang) => { prefs.lang = lang; savePrefs(); redrawInLang("new-lang", () => openNewGame().then(keepAtLanguage)); },
    onPlay: (game, options, choice) => {
      prefs.speed = choice.speed; prefs.fourColor = choice.fourColor; prefs.deck = choice.deck; prefs.autoplay = choice.autoplay;
      savePrefs();
      // a guest's page has no engine of its own: a game of one's own is a page of its own
      if (page.mode === "guest") { prefs.game = game; prefs.level = choice.level; prefs.options[game] = options; savePrefs(); location.assign(location.pathname); return; }
      tools.whenReady(() => startGame(table(), engine(), { game, options, level: choice.level }).catch((e) => tools.failed(e, 6000)));
    },
    onLesson: (id) => { tools.whenReady(() => tools.lesson(id).catch((e) => tools.failed(e))); },
    // the rules as the welcome's table rules set them now; closing them returns to the welcome
    onRules: (game) => dialogs.showRules(game, prefs.options[game] || {}, info.games[game], undefined, () => setTimeout(openNewGame, 0)),
    onPeople: () => openPeopleDialog(),
  }, dailySlot);
  if (page.mode !== "guest" && !page.embedded) markResumable();
  if (!dailySlot) return Promise.resolve();
  return import("./daily/play.js").then((d) => dailySlot.replaceWith(d.dailyEntry(Object.keys(info.games), {
    play: (game) => tools.whenReady(() => playDaily(game, () => d.startDaily(table(), engine(), game)).catch((e) => tools.failed(e, 6000))),
    back: openNewGame, newGame: openNewGame,
  }))).catch((e) => tools.failed(e));
}

/** The welcome drawn again in a new language: the player stays at the choice (the dialog
 * was drawn anew, its focus on the first game's Play). */
function keepAtLanguage() {
  const choice = document.getElementById("new-lang");
  if (!choice) return;
  choice.focus({ preventScroll: true });
  choice.scrollIntoView({ block: "nearest" });
}

/** The welcome's daily of `game`: beside a kept match of that game it asks first, as a
 * link does; the kept match stays kept whatever the answer (the daily is then played
 * without a save).  @param {string} game @param {() => Promise<void>} start */
async function playDaily(game, start) {
  const v = page.model;
  const here = v && !v.over && !v.lesson && tableKept() ? v.game : null;
  // what its game's slot holds is the table's finished match, or a daily: another daily
  // takes its place, as it always did; only a match of one's own is asked about
  const replaceable = v && !v.lesson && tableKept() && v.game === game && (v.over || v.daily);
  if (replaceable || (here !== game && !(await savedGames()).includes(game))) return start();
  dialogs.askBesideKept(game, t("daily_beside", { game: t(`game_${game}`) }), t("daily_play"), {
    // (the table's own match: closing the dialog is going back to it)
    back: () => { if (game !== here) tools.resume(game).catch((e) => tools.failed(e)); },
    play: () => { engine()("keep", { on: true, next: false }).then(start).catch((e) => tools.failed(e, 6000)); },
  });
}

/** The welcome's Resume, for each game whose match is kept: the worker's slots, and the
 * table's own match while it is kept (its first save may still be on its way). */
function markResumable() {
  const v = page.model;
  const here = v && !v.over && !v.lesson && tableKept() ? v.game : null;
  savedGames().then((games) => {
    const notes = slotNotes();
    const kept = [...new Set(here ? [here, ...games] : games)].map((game) => {
      const at = game === here && v ? { deal: v.deal_no + 1, total: v.match_deals || null } : notes[game];
      const where = !at ? "" : at.total ? t("deal_of", { n: at.deal, total: at.total }) : t("deal_n", { n: at.deal });
      return { game, where };
    });
    offerResume(kept, (game) => {
      if (game === here) return;  // the table's match: closing the welcome is going back to it
      tools.whenReady(() => tools.resume(game).catch((e) => tools.failed(e)));
    });
  });
}

/** Play with people: the seats of a new game, then the match (people here pass the device
 * round; people at other devices join by the invite: p2p/host.js).
 * @param {number} [people]  how many people (a link's `people=`) */
export function openPeopleDialog(people) {
  const info = tools.info;
  if (!info) return;
  openPeople(info, { game: prefs.game, level: prefs.level, name: prefs.name, clock: prefs.clock, people }, {
    onBack: openNewGame,
    onStart: ({ game, seats, clock }) => {
      prefs.name = seats[0].name;
      const options = prefs.options[game] || {};
      if (seats.some((s) => s.away)) {
        prefs.clock = clock || 0;
        savePrefs();
        tools.whenReady(() => tools.host({ game, options, level: prefs.level, seats, clock }).catch((e) => tools.failed(e, 8000)));
        return;
      }
      savePrefs();
      tools.whenReady(() => startGame(table(), engine(), { game, options, level: prefs.level, seats }).catch((e) => tools.failed(e, 6000)));
    },
  });
}

async function showHint() {
  const v = page.model;
  if (v && v.daily) return toast(t("err_daily-no-hint"));
  if (!v || v.seat === null || v.turn !== v.seat || v.over) return toast(t("hint_none"));
  try {
    /** @type {Hint} */
    const h = await engine()("hint", page.mode === "solo" ? {} : { seat: v.seat });
    if (!h.action) return toast(t("hint_none"));
    page.hinted = h.action;
    table().render();
    toast(hintMessage(h, v), 6000, "hint");
  } catch (e) { tools.failed(e); }
}

async function undo() {
  if (!page.model || page.busy || !page.model.can_undo) return;
  try {
    const r = await engine()("undo");
    if (r.ok) adopt(table(), r);
  } catch (e) { tools.failed(e); }
}

function showLastTrick() { if (page.model) dialogs.showLastTrick(page.model, prefs.deck); }
function showSheet() { if (page.model) sheetDialog(page.model); }
function showPlayedSoFar() { if (page.model) showPlayed(page.model, prefs.deck); }
/** @param {string} [section] a rules section id to open at */
export function showRules(section) {
  const v = page.model;
  const game = v ? v.game : prefs.game;
  // the engine's facts of the game come with the site's info.json, read at first paint;
  // where that failed, they come with the engine
  if (!tools.info) { tools.whenReady(async () => showRules(section)); return; }
  dialogs.showRules(game, v ? v.options : prefs.options[prefs.game] || {}, tools.info.games[game], typeof section === "string" ? section : undefined);
}

/** A solo match's link: the same deals and bot play for anyone who opens it (a table of
 * several people has none: its seed would show every hand). */
async function showShare() {
  const v = page.model;
  // a hosted table shares its invite, and a room being opened will (a reloaded host's
  // page has its table before its room, a new room's seating comes once it is open)
  if (page.mode === "host" || tools.opening()) return tools.invite();
  if (v && v.daily) return toast(t("daily_share_end"));  // by its replay code, at its end
  if (!v || v.lesson || page.mode !== "solo") return toast(t("share_none"));
  try {
    const s = await engine()("share");
    const u = new URL(location.href);
    u.search = "";
    u.hash = "";
    u.searchParams.set("game", s.game);
    u.searchParams.set("seed", String(s.seed));
    u.searchParams.set("level", s.level);
    u.searchParams.set("options", JSON.stringify(s.options));
    dialogs.showShare(u.href);
  } catch (e) { tools.failed(e); }
}

export function showStats() {
  const { stats, corrupt } = readStats();
  if (corrupt) toast(t("stats_corrupt"), 8000);
  dialogs.showStats(stats, tools.info ? tools.info.levels : []);
}

/** The page's words in the chosen language, once its file is loaded (i18n loadLang).
 * @returns {Promise<void>} */
export async function applyLang() {
  await loadLang(prefs.lang);
  setLang(prefs.lang);
  document.documentElement.lang = prefs.lang;
  for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n]"))) e.textContent = t(/** @type {string} */ (e.dataset.i18n));
  // the page's landmarks are named for a screen reader in the page's language too
  for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n-label]"))) e.setAttribute("aria-label", t(/** @type {string} */ (e.dataset.i18nLabel)));
  table().render();
}

/** The page's words in the language just chosen at the select `id`, then its dialog drawn
 * again by `redraw` if that dialog is still open: the language's file may take a moment to
 * come, and a player who closed the dialog meanwhile must not see it open again.
 * @param {string} id @param {() => unknown} redraw @returns {Promise<void>} */
async function redrawInLang(id, redraw) {
  const chooser = document.getElementById(id);
  await applyLang();
  if (chooser && chooser.isConnected && /** @type {HTMLDialogElement} */ ($("dialog")).open) await redraw();
}

/** The settings menu: speed, deck, colours, sound, forced cards and language, changed
 * mid-game and kept in the preferences. */
function openSettings() {
  dialogs.openSettings(prefs, { speeds: Object.keys(SPEEDS), decks: DECKS, inGame: !!page.model }, {
    onChange: (c) => {
      prefs.speed = c.speed; prefs.deck = c.deck; prefs.fourColor = c.fourColor; prefs.autoplay = c.autoplay;
      prefs.sound = c.sound; setSound(c.sound);
      savePrefs();
      table().render();
    },
    onLang: (lang) => { prefs.lang = lang; savePrefs(); redrawInLang("set-lang", openSettings); },
    onLastTrick: showLastTrick, onSheet: showSheet, onRules: showRules,
    onClose: () => {},
  });
}

/** Wire the toolbar's buttons and the keys. */
export function bindTools() {
  $("btn-settings").addEventListener("click", openSettings);
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
  // the skip link lands where the arrow keys work: on a card, not on the hand's box
  $("skip").addEventListener("click", (e) => { e.preventDefault(); enterHand(table().root); });
  // the keyboard's focus ring shows once keys are used, and goes with a pointer
  document.addEventListener("keydown", () => document.body.classList.add("keys"), true);
  document.addEventListener("pointerdown", () => {
    document.body.classList.remove("keys");
    if (prefs.sound) setSound(true);  // a browser lets audio start on a gesture
  }, true);
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(/** @type {Element} */ (document.activeElement).tagName)) return;
    /** @type {Record<string, () => void>} */
    const map = { h: showHint, u: undo, l: showLastTrick, s: showSheet, r: () => showRules(), n: openNewGame, m: openSettings, t: showPlayedSoFar };
    // the letter as typed, else the key where a Latin keyboard has it: on a Russian layout
    // the T key types "е", and the rules page names the keys T, L, H…
    const k = /^[a-z]$/i.test(e.key) ? e.key.toLowerCase() : /^Key[A-Z]$/.test(e.code) ? e.code.slice(3).toLowerCase() : "";
    if (map[k]) { e.preventDefault(); map[k](); }
  });
  $("dialog").addEventListener("close", () => focusHand(table().root));
}
