// Boot and recovery.  The welcome, the games, the rules and the settings need no Python:
// they show at first paint, from the build's info.json, while the runtime loads behind
// them; a Play pressed before the engine is ready starts the game the moment it is.  Then
// the address is read (a shared match, a lesson, a framed table), or the kept match
// resumed.  A worker that breaks, or is stuck, is replaced and the match resumed from its
// save; a save that sticks the engine twice at the same place is set aside.
import { LANGS, t } from "./i18n/index.js";
import { Embedder, readCommand, readParams } from "./embed.js";
import { call, restartEngine, startEngine, tableKept } from "./engine.js";
import { DECKS, SPEEDS, checkPrefs, noteSlot, page, prefs, recordStats } from "./store.js";
import { askBesideKept, openDialog } from "./render/dialogs.js";
import { showMatchEnd } from "./render/results.js";
import { hideLoading, notice, showLoadFailed, showProgress, toast } from "./render/messages.js";
import { refusalText } from "./render/labels.js";
import { $, el } from "./render/dom.js";
import { mindBack } from "./back.js";
import { setSound } from "./sound.js";
import { createTable } from "./table/flow.js";
import { drawIn } from "./table/drawing.js";
import { adoptGuest, startGame } from "./table/start.js";
import { wireLessons } from "./table/lesson.js";
import { createRooms } from "./rooms.js";
import { resume, hasSave, savedGames } from "./resume.js";
import { applyLang, bindTools, openNewGame, refreshTools, showRules, showStats, tools } from "./toolbar.js";
import { bindHand } from "./render/hand.js";

/** The daily challenge (site/daily/), loaded when first needed: a first visit that plays
 * no daily downloads none of it. */
const daily = () => import("./daily/play.js");

/** @typedef {import("./protocol.js").Info} Info */
/** @typedef {import("./protocol.js").Command} Command */
/** @typedef {import("./table/model.js").Model} Model */

/** @type {Info | null} */
let info = null;
/** @type {Embedder | null} */
let embedder = null;
let readySent = false;
let restarted = false;   // the engine was restarted after a crash: resume, do not start over
let engineDown = false;  // a crash is being restarted from: what was under way stops there
/** @type {string | null} */
let stuckAt = null;      // where the table stood when the worker was last taken for stuck
/** @type {(() => Promise<void>)[]} */
let waiting = [];        // what the player asked for before the engine was up
/** @type {Record<string, any>} */
let built = {};          // build.json: the build's id, its relays and STUN servers

/** The page's table, drawn in #table with store.js's `page` as its state (wired in start). */
const table = createTable($("table"), {}, { state: page, draw: drawIn });
/** Its rooms, when people at other devices play at it. */
const rooms = createRooms(table, { call: (cmd, args) => call(/** @type {Command} */ (cmd), args), built: () => built,
  clocks: () => (info ? info.clock : null) });
/** Open a lesson on it. */
const startLesson = wireLessons(table, { call: (cmd, args) => call(/** @type {Command} */ (cmd), args), get info() { return tools.info; },
  tell: (type, data) => { if (embedder) embedder.post(type, data); } });

/** An invite in the address: a guest's page, which runs no engine (index.html starts none). */
const invited = () => /^#(.*&)?(room|offer)=/.test(location.hash);

/** The engine's arrival handled: what it opens (the address's game, a resumed match, the
 * welcome) is open, so `window.kingwebOpened` counts each arrival handled (the tests and the
 * benchmark wait for it rather than for a time).  @param {Promise<void>} handling */
function opened(handling) {
  return handling.finally(() => { window.kingwebOpened = (window.kingwebOpened ?? 0) + 1; });
}

/** A turn the worker played by itself (a bot's, or the move clock's): news for the table,
 * and, when the clock marked a guest away, the table for the guests too.  @param {any} r */
function news(r) {
  table.receive(r);
  if (!r.table) return;
  table.tableChanged(r.table);
  const hosted = rooms.hosted();
  if (hosted) hosted.tellTable().catch(() => {});
}

const boot = { progress: showProgress, ready: (/** @type {Info} */ i) => opened(onReady(i)), failed: showLoadFailed, crashed: onCrashed, update: news };

/** A request that failed: say why, unless the engine is being restarted (its notice says
 * so, and the failed request's own words would cover what the restart tells).
 * @param {any} e @param {number} [ms] */
function tellFailure(e, ms) {
  if (!engineDown) toast(refusalText(e, page.model), ms);
}

/** Run `start` once the engine is up (now, if it is). @param {() => Promise<void>} start */
function whenReady(start) {
  if (tools.call) { start(); return; }
  waiting.push(start);
  showProgress("waiting", 60);
  $("loading").hidden = false;
}

// -- the ends of deals and matches ----------------------------------------------------------------

/** @param {Model} v */
function dealEnded(v) {
  const d = v.deals[v.deals.length - 1];
  if (embedder) embedder.post("deal-end", { deal_no: v.deals.length - 1, contract: d.contract, points: d.points, scores: v.scores });
}

/** Count a finished match in the local statistics (once, even if the page reloads at its
 * end), and show how it ended.  @param {Model} v */
function matchEnded(v) {
  if (embedder) {
    const best = Math.max(...v.scores);
    embedder.post("match-end", { scores: v.scores, winners: v.scores.flatMap((x, i) => (x === best ? [i] : [])) });
  }
  // a daily's end is its result: the replay code, par, the share text (site/daily/);
  // it is not counted in the statistics, whose lines are matches on the player's options
  if (v.daily && !page.embedded) {
    daily().then((d) => d.dailyEnded(v, call, { newGame: openNewGame })).catch(tellFailure);
    return;
  }
  let line = null;
  if (!page.embedded && page.mode === "solo" && v.seat !== null) {
    const best = Math.max(...v.scores);
    const r = recordStats(`${v.game}/${v.level}`, `${v.game}:${v.match}:${v.n}`, v.scores[v.seat] === best,
      v.scores[v.seat] * (v.options.scale || 1));
    if (r.corrupt) toast(t("stats_corrupt"), 8000);
    line = r.line;
  }
  showMatchEnd(v, line, {
    onPlayAgain: () => { startGame(table, call, { game: v.game, options: v.options, level: v.level, seats: page.mode === "solo" ? null : v.seats }).catch(tellFailure); },
    onNewGame: openNewGame,
    onStats: showStats,
  });
}

// -- the worker's life ----------------------------------------------------------------------------

/** The worker broke after its boot (a request that crashed Python), or is stuck: start a
 * new one, which picks up the last save.  Calls under way have been refused already.
 * @param {string} message @param {import("./engine.js").Stuck | null} stuck */
function onCrashed(message, stuck) {
  table.halt();
  // stuck again where it stuck last time (no move kept since): the save itself leads the
  // engine into the loop, and resuming it once more would loop again
  const at = stuck ? table.whereAt() : null;
  const again = at !== null && at === stuckAt;
  stuckAt = at;
  page.model = null;
  table.render();
  notice(stuck ? t("engine_stuck", { s: stuck.seconds }) : t("engine_crashed", { msg: message }));
  restarted = true;
  engineDown = true;
  tools.call = null;
  showProgress("runtime", 5);
  restartEngine({ ...boot, ready: (i) => opened(onReady(i, again)) });
}

// Offline play: the service worker precaches the site (the runtime is 15 MB), so it
// registers once the engine is up, where the download cannot slow the first load.
function registerOffline() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("./sw.js").catch(() => {});
  }
}

/** Resume the kept match of `game` (by default the one last saved); true when it did.
 * @param {string} [game] */
async function resumed(game) {
  const sync = await resume(call, /** @type {Info} */ (info), game);
  if (!sync) return false;
  rooms.take(sync);
  toast(t("resumed"));
  return true;
}

/** The welcome's Resume: `game`'s kept match, else (gone meanwhile) the welcome again.
 * @param {string} game */
async function resumeGame(game) {
  if (!await resumed(game)) openNewGame();
}

/** The engine is up: start what the address asks for, else resume the saved match, else
 * offer a new one (the welcome may be open already: it stays).
 * @param {Info} engineInfo @param {boolean} [stuckTwice]  the last save stuck the engine twice */
async function onReady(engineInfo, stuckTwice = false) {
  info = engineInfo;
  tools.info = engineInfo;
  tools.call = call;
  engineDown = false;
  hideLoading();
  if (!page.embedded) await call("keep", { on: true });
  if (restarted) {  // after a crash: the match as last saved, else a new one
    if (stuckTwice) {  // the save leads the engine into the loop: set it aside, not again
      const r = await call("forget");
      toast(t("saved_corrupt", { msg: t("save_stuck"), key: r.key ?? "—" }), 10000);
      openNewGame();
      return;
    }
    try {
      if (!page.embedded && await resumed()) return;
    } catch (e) { tellFailure(e); }
    if (!engineDown) openNewGame();
    return;
  }
  setTimeout(registerOffline, 1000);
  await readAddress(engineInfo);
  if (waiting.length) {  // the player pressed Play before the engine was up
    const starts = waiting;
    waiting = [];
    for (const s of starts) await s();
    return;
  }
  try {
    if (await startFromAddress()) return;
  } catch (e) { tellFailure(e, 8000); }
  // a crash on the way (a save that broke the engine is set aside by resume) leaves the
  // rest to the new engine's onReady
  try {
    if (engineDown || (!page.embedded && await resumed() && closeWelcome()) || engineDown) return;
  } catch (e) { tellFailure(e); }
  // the welcome shown at first paint is not shown again: a player who closed it (to change
  // the language, say) would see it come back when the engine is up
  if (!welcomed && !document.querySelector("dialog[open]")) openNewGame();
}

/** The welcome opened at first paint, before the engine. */
let welcomed = false;

/** A match was resumed: the welcome that first paint opened meanwhile (when it could not
 * tell a save was kept: IndexedDB slow to answer on a loaded machine) gives way to it, as
 * it would not have opened had the answer come in time.  Returns true. */
function closeWelcome() {
  const d = /** @type {HTMLDialogElement} */ ($("dialog"));
  // (the welcome is the dialog with the games' Play buttons)
  if (welcomed && d.open && d.querySelector("button[data-game]")) d.close();
  return true;
}

/** What the address asks for (read once): a lesson, a shared match, a framed table. */
let address = /** @type {ReturnType<typeof readParams>["cfg"] | null} */ (null);

/** The address's parameters that start a match: a link with any of them that cannot be
 * read in full starts nothing (a garbled link must not replace a match in progress). */
const MATCH_PARAMS = ["game", "seed", "options", "level", "seat", "people", "lesson"];

async function startFromAddress() {
  const cfg = address;
  address = null;
  if (!cfg) return false;
  if (cfg.lesson) { await startLesson(cfg.lesson); return true; }  // a lesson is never kept: it replaces no save
  // a link's match while a match of its game is kept: the player chooses, and the kept
  // match stays kept whatever the answer (the link's is then played without a save)
  if (cfg.game && !page.embedded && (await savedGames()).includes(cfg.game)) {
    askLink(cfg);
    return true;
  }
  return startLink(cfg);
}

/** Ask before a link's match is played beside a kept match of its game: play the link's
 * (not kept), or go back to the kept one (also what closing the dialog means).
 * @param {NonNullable<typeof address>} cfg */
function askLink(cfg) {
  const game = /** @type {string} */ (cfg.game);
  askBesideKept(game, t("link_body", { game: t(`game_${game}`) }), t("link_open"), {
    back: () => { resumeGame(game).catch(tellFailure); },
    play: () => { call("keep", { on: true, next: false }).then(() => startLink(cfg)).catch((e) => tellFailure(e, 8000)); },
  });
}

/** Start the match a link asks for.  @param {NonNullable<typeof address>} cfg */
async function startLink(cfg) {
  if (cfg.people && cfg.game && !page.embedded) {  // a room for this many people, bots in the other seats
    const players = /** @type {Info} */ (info).games[cfg.game].players;
    const level = cfg.level || prefs.level;
    const seats = Array.from({ length: players }, (_, s) => (s === 0 ? { kind: "person", name: prefs.name }
      : s < cfg.people ? { kind: "person", name: "", away: true } : { kind: "bot", name: "", level }));
    await rooms.host({ game: cfg.game, options: cfg.options || {}, level, seats: /** @type {any} */ (seats), clock: prefs.clock || null });
    return true;
  }
  if (cfg.game || page.embedded) {
    const game = cfg.game || prefs.game;
    await startGame(table, call, { game, options: cfg.options || {}, level: cfg.level || prefs.level, seed: cfg.seed, seat: cfg.seat });
    return true;
  }
  return false;
}

/** A command from the page that frames us (embed.js checked where it came from).
 * @param {any} msg */
function onEmbedderCommand(msg) {
  if (!info) return;
  const view = page.model;
  const game = view ? view.game : prefs.game;
  // every field checked by embed.js; what is refused is named, the rest applies
  const { command: c, problems } = readCommand(msg, { info, langs: LANGS, speeds: Object.keys(SPEEDS), decks: DECKS, game });
  if (problems.length) notice(t("bad_command", { list: problems.join(", ") }));
  if (!c) return;
  if (c.type === "new-game") {
    startGame(table, call, { game: c.game || game, options: c.options || {}, level: c.level || prefs.level, seed: c.seed }).catch(tellFailure);
  } else {
    if (c.lang) { prefs.lang = c.lang; applyLang().catch(tellFailure); }
    if (c.speed) prefs.speed = c.speed;
    if (c.level) prefs.level = c.level;
    if (c.fourColor !== undefined) prefs.fourColor = c.fourColor;
    if (c.deck) prefs.deck = c.deck;
    if (c.options) prefs.options[game] = c.options;
    table.render();
  }
}

/** Back at a table whose match is under way: stay, or leave the page.
 * @param {() => void} leave */
function askLeave(leave) {
  const why = page.mode === "guest" ? "leave_guest" : !tableKept() ? (page.model?.daily ? "leave_unkept_daily" : "leave_unkept") : page.mode === "host" ? "leave_host" : "leave_saved";
  const game = page.model ? t(`game_${page.model.game}`) : "";
  openDialog(t("leave_title"), el("p", { text: t(why, { game }) }), [[t("leave_stay"), null, true], [t("leave_go"), leave]]);
}

/** The address's reading, once begun (it is read once): by the first paint or by the
 * engine's arrival, whichever comes first (the worker starts before the page's modules
 * load, and on a loaded machine can be up before them, or before info.json is fetched). */
let addressRead = /** @type {Promise<void> | null} */ (null);

/** At first paint, before the runtime: read the build's list of what exists and the
 * address, and open the welcome unless a match is about to start or resume. */
async function firstPaint() {
  let known = null;
  try {
    const [r, b] = await Promise.all([fetch("info.json"), fetch("build.json")]);
    if (r.ok) known = await r.json();
    if (b.ok) built = await b.json();
  } catch { /* the engine's own info will do, once it is up */ }
  known = info || known;
  if (!known) return;  // the engine's arrival reads the address
  tools.info = known;
  if (invited()) return joinTable();
  await readAddress(known);
}

/** Read the address once, with what the site holds (`known`); the same reading to every
 * caller.  @param {Info} known */
function readAddress(known) {
  // (a part of it that fails, as the daily's module not downloading, is said; the rest stands)
  if (!addressRead) addressRead = readingAddress(known).catch((e) => tellFailure(e));
  return addressRead;
}

/** A daily's replay code in the address (`#daily=`), taken out of it and answered; or null.
 * @returns {Promise<string | null>} */
async function dailyCode() {
  const code = /^#(.*&)?daily=/.test(location.hash) ? (await import("./daily/share.js")).codeOf(location.hash) : null;
  if (code !== null) {
    history.replaceState(null, "", location.pathname + location.search);
    hideLoading();
    daily().then((d) => d.openCode(code, { newGame: openNewGame })).catch(tellFailure);
  }
  return code;
}

/** Set up what the address asks for, and open the welcome unless a match is about to
 * start or resume.  @param {Info} known */
async function readingAddress(known) {
  // a daily's replay code in the address (#daily=): replayed and checked in the review's
  // worker, which needs no table; read once, so a reload does not check it again
  const code = await dailyCode();
  const read = readParams(location.search, known, { langs: LANGS, speeds: Object.keys(SPEEDS) });
  let { cfg, problems } = read;
  // a link to a match that cannot be read in full starts nothing and changes nothing: the
  // player is told why, and the match in progress (or the welcome) is there as before
  const params = new URLSearchParams(location.search);
  if (problems.length && !cfg.embed && MATCH_PARAMS.some((k) => params.has(k))) {
    notice(t("bad_link", { list: problems.join(", ") }));
    cfg = { embed: false };
    problems = [];
  }
  address = cfg;
  page.embedded = cfg.embed;
  if (page.embedded) {
    document.body.classList.add("embed");
    embedder = new Embedder(onEmbedderCommand);
  }
  if (cfg.lang && cfg.lang !== prefs.lang) { prefs.lang = cfg.lang; await applyLang(); }
  if (cfg.speed) prefs.speed = cfg.speed;
  if (problems.length) notice(t("bad_params", { list: problems.join(", ") }));
  const stored = checkPrefs(known, !page.embedded);
  if (stored.problems.length && !page.embedded) {
    const list = stored.problems.join(", ");
    notice(stored.key ? t("prefs_corrupt", { list, key: stored.key }) : t("prefs_unkept", { list }));
  }
  // the address is read once (a reload resumes the match); where rooms meet stays in it
  if (!page.embedded && location.search) {
    const keep = new URLSearchParams([...new URLSearchParams(location.search)].filter(([k]) => k === "relays" || k === "turn"));
    history.replaceState(null, "", location.pathname + (keep.size ? `?${keep}` : ""));
  }
  // (a code pasted into the address of the open page changes only its fragment: no new page)
  if (!page.embedded) addEventListener("hashchange", () => { dailyCode().catch(tellFailure); });
  if (!page.embedded) mindBack({ inProgress: () => !!page.model && !page.model.over && !page.model.lesson, ask: askLeave });
  const starting = cfg.lesson || cfg.game || page.embedded || code !== null || (await hasSave());
  if (!starting && !info) {
    hideLoading();
    welcomed = true;
    openNewGame();
    // when the welcome was usable, for the benchmark (python build.py bench)
    /** @type {any} */ (window).kingwebWelcome = performance.now();
  }
}

/** A guest's page: no engine here, the host's answers stand in for it (p2p/joining.js). */
async function joinTable() {
  hideLoading();
  const { readInvite } = await import("./p2p/params.js");
  const { invite, problems } = readInvite(location.hash);
  if (!invite) {
    notice(t("bad_params", { list: problems.join(", ") }));
    openNewGame();
    return;
  }
  const { join } = await import("./p2p/joining.js");
  join({
    useEngine: (remote) => { table.wire({ call: remote }); tools.call = remote; },
    open: (state, key) => adoptGuest(table, state, key),
    update: (key, u) => table.receive({ ok: true, updates: { [key]: u } }),
    tableChanged: table.tableChanged, clear: table.clear, build: built,
  }, invite);
}

/** Wire the page and boot the engine. */
export async function start() {
  setSound(prefs.sound);
  table.wire({
    call: (cmd, args) => call(/** @type {Command} */ (cmd), args),
    dealEnded, matchEnded,
    failed: tellFailure,
    forward: (outbox, kind) => { const hosted = rooms.hosted(); if (hosted) hosted.forward(outbox, kind); },
    rules: (section) => showRules(section),
    changed: () => {
      refreshTools();
      // where a kept match stands, for its Resume on the welcome
      const v = page.model;
      if (v && !v.lesson && !page.embedded && page.mode !== "guest" && tableKept()) noteSlot(v.game, v.deal_no + 1, v.match_deals || null);
      if (embedder && !readySent && page.model) { readySent = true; embedder.post("ready", { game: page.model.game, lesson: page.model.lesson }); }
    },
  });
  Object.assign(tools, { table, lesson: startLesson, failed: tellFailure, whenReady, host: rooms.host, invite: rooms.showInvite,
    opening: rooms.opening, resume: resumeGame });
  bindTools();
  bindHand(table.root);
  $("btn-retry").addEventListener("click", () => {
    $("btn-retry").hidden = true;
    showProgress("runtime", 5);
    restartEngine(boot);
  });
  // The chosen language's words (English, every key's fallback, is here already) before
  // anything is drawn or booted: a kept engine's boot could open the welcome before words
  // fetched beside it came, and their coming would write the loading line's words over a
  // failed download's message.
  await applyLang();
  if (invited()) {
    firstPaint();
    return;
  }
  showProgress("runtime", 5);
  startEngine(boot);
  firstPaint();
}
