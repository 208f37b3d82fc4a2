// The table's pace and turns: the one place that moves the drawn table on.  The engine
// (this page's worker, or for a guest the host's) sends each audience its numbered events;
// they wait in a queue here and are shown one by one at the speed the player chose (a
// card slides in, a finished trick is shown with its taker, a deal's result waits for
// the player), pausing while a dialog is open.  The bots are the engine's business: it
// plays them and sends their events like anyone else's.  A missing event (a gap in the
// numbers) is healed by asking for the whole state again.
//
// The table's modes, as one state machine (`page.mode`):
//   solo    one person here, bots in the other seats: undo, hints, the share link
//   pass    several people here, passing the device round: between two people's turns the
//           hand is behind a screen naming whose turn it is (`page.screen`), and the page
//           follows only the spectator's table until that person shows their hand
//   lesson  one decision, judged by the engine (table/lesson.js)
//   guest   a person at another device: the engine is the host's (p2p), the page the same
// In every mode the page follows one audience here (`page.audience`) and draws its model.
import { SPEEDS, page, prefs } from "../store.js";
import { play as sound } from "../sound.js";
import { applyEvent } from "./model.js";
import * as tableView from "../views/table.js";
import * as handView from "../views/hand.js";
import * as trickView from "../views/trick.js";
import * as panelView from "../views/panel.js";
import * as claimView from "../views/claim.js";
import * as clockView from "../views/clock.js";
import * as dialogs from "../views/dialogs.js";
import { showPlayed } from "../views/played.js";
import { dealMs } from "../views/hand.js";
import { $ } from "../views/dom.js";
import { actionLabel, cardShort, isYou, names, refusalText } from "../views/labels.js";
import { dropToast, toast } from "../views/messages.js";
import { t } from "../i18n/index.js";

/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("../protocol.js").Event} Event */
/** @typedef {import("../protocol.js").Sync} Sync */
/** @typedef {import("../protocol.js").Updates} Updates */
/** @typedef {import("../views/state.js").TableState} TableState */

/**
 * What the table needs from outside: the engine to ask, and the page's answers to what
 * happens (deals and matches ending, the host page to tell, a failure to report).
 * @typedef {object} Wiring
 * @property {(cmd: string, args?: object) => Promise<any>} call   the engine in use
 * @property {(v: Model) => void} dealEnded    a deal's result was shown
 * @property {(v: Model) => void} matchEnded   the match is over: show how it ended
 * @property {(outbox: Record<string, string>, kind: "state" | "update") => void} forward
 *   the engine's words for those away: whole states, or updates (a host's page passes them on)
 * @property {(e: any) => void} failed
 * @property {() => void} changed              the toolbar may need redrawing
 */
/** @type {Wiring} */
const wiring = {
  call: async () => { throw new Error("no engine"); },
  dealEnded: () => {}, matchEnded: () => {}, forward: () => {}, failed: () => {}, changed: () => {},
};

/** @param {Partial<Wiring>} w */
export function wire(w) { Object.assign(wiring, w); }

export const root = () => $("table");
clockView.drawIn(() => ({ root: root(), model: page.model }));

/** The decisions the move clock made, by event number: said when their event is shown.
 * @type {Map<number, import("../protocol.js").Timeout>} */
const clockPlays = new Map();

/** Events waiting to be shown, then the legal actions that follow them.
 * @type {({event: Event} | {legal: string[], can_undo?: boolean})[]} */
let queue = [];
let draining = false;
/** @type {Promise<void>} */
let drained = Promise.resolve();
let gen = 0;                // a new table: what was queued for the old one is dropped
let lastShown = 0;          // performance.now() of the last move shown (the pace's clock)
let dealtUntil = 0;         // performance.now() when the dealing animation ends
let heldUntil = 0;          // performance.now() until which a word that moved a positive on stays alone
/** @type {string | null} */
let laid = null;            // the card the bottom seat laid before the engine answered
/** @type {string | null} */
let fresh = null;           // the card just drawn into the hand (German Whist)
let deal = false;           // the next drawing deals the hand
let claimed = "";  // the claim being played out (its cards come quickly), as the table told it
/** @type {ReturnType<typeof setTimeout> | undefined} */
let autoTimer;

/** Cards move unless the speed is instant. */
export const moving = () => SPEEDS[prefs.speed].trick > 0;

/** The key of the audience the page follows, as the engine's answers name it. */
const key = () => (page.audience === null ? "spectator" : String(page.audience));

// -- drawing -----------------------------------------------------------------------------------

/** The state the views draw from. @returns {TableState | null} */
export function tableState() {
  const v = page.model;
  if (!v) return null;
  // a lesson answered is over: nobody is to act any more, though its position has a turn
  const model = page.lessonDone && v.lesson ? { ...v, turn: null } : v;
  return {
    model, look: { deck: prefs.deck, fourColor: prefs.fourColor }, busy: page.busy, hinted: page.hinted, fresh,
    screen: page.screen, lessonDone: page.lessonDone, lessonFeedback: page.lessonFeedback,
    nextLesson: page.nextLesson, deal: deal && moving(), slide: moving(),
    on: {
      play: (c) => { act(c); }, act: (a) => { act(a); }, nextLesson: (id) => hooks.nextLesson(id),
      rules: (section) => hooks.rules(section), reveal: () => { reveal(); },
      log: () => { if (page.model) dialogs.showDealLog(page.model); },
      played: () => { if (page.model) showPlayed(page.model, prefs.deck); },
    },
  };
}

/** Hooks the other rooms fill in (lessons, rules). */
export const hooks = {
  /** @type {(id: string) => void} */ nextLesson: () => {},
  /** @type {(section: string) => void} */ rules: () => {},
  /** A lesson's answer; true when the position stands (a wrong or an illegal answer).
   * @type {(action: string) => Promise<boolean>} */ lessonTry: async () => false,
};

/** Draw the whole table from the page's state. */
export function render() {
  const s = tableState();
  document.body.classList.toggle("no-game", !s);
  if (!s) return;
  document.body.classList.toggle("four-color", s.look.fourColor && s.look.deck !== "classic");
  document.body.classList.toggle("deck-classic", s.look.deck === "classic");
  const r = root();
  tableView.render(r, s);
  if (!page.animating) trickView.render(r, s);
  handView.render(r, s);
  panelView.render(r, s);
  claimView.render(r, s);
  clockView.paint();
  deal = false;
  wiring.changed();
}

// -- opening a table ------------------------------------------------------------------------------

/**
 * A whole state from the engine (a new match, a resumed one, an undo, a healed gap, a hand
 * shown): what was queued is dropped and the table is drawn afresh.
 * @param {Sync} sync @param {{dealt?: boolean}} [o]  dealt: the hand arrives dealt
 */
export function open(sync, { dealt = false } = {}) {
  const v = sync.states[key()];
  if (!v) return;
  known = { match: v.match, n: v.n };
  gen++;
  queue = [];
  page.model = v;
  page.busy = false;
  page.hinted = null;
  dropToast("hint");
  page.animating = false;
  laid = null;
  fresh = null;
  claimed = "";
  clearTimeout(autoTimer);
  heldUntil = 0;
  deal = dealt && !v.lesson;
  if (deal && moving()) dealtUntil = performance.now() + dealMs(v.hand.length);
  clockPlays.clear();
  clockView.setDeadline(v.deadline);
  wiring.forward(sync.outbox || {}, "state");
  render();
  if (v.over && !v.lesson) wiring.matchEnded(v);  // a finished match shows how it ended
  settle(true);
}

/** Follow another audience here (a hand shown, or hidden behind the screen): the engine
 * answers with its whole state.  @param {number | null} audience */
async function follow(audience) {
  page.audience = audience;
  open(await wiring.call("follow", { here: [audience], away: page.away }));
}

/** The table's seats changed (a name given, a guest gone or back): drawn at once.
 * @param {import("../protocol.js").TableInfo} table */
export function tableChanged(table) {
  if (!page.model) return;
  page.model = { ...page.model, ...table };
  if ("deadline" in table) clockView.setDeadline(table.deadline);
  render();
}

// -- the engine's news ---------------------------------------------------------------------------

/** The newest event number received (shown or still queued), and the match's token. */
let known = { match: "", n: 0 };

/** Where the engine stood when last heard from: "match:n".  */
export const whereAt = () => `${known.match}:${known.n}`;

/** An answer or a bot's turn from the engine: each followed audience's events join the
 * queue; guests' words go to them.  @param {Updates} r */
export function receive(r) {
  if (r.outbox) wiring.forward(r.outbox, "update");
  if (typeof r.n === "number") known = { match: page.model ? page.model.match : "", n: r.n };
  const u = r.updates && r.updates[key()];
  if (!u) return;
  // the clock runs on at the host while the news is shown at this page's pace
  clockView.setDeadline(u.deadline);
  if (u.timeout) clockPlays.set(u.timeout.n, u.timeout);
  for (const event of u.events) queue.push({ event });
  queue.push({ legal: u.legal, can_undo: r.can_undo });
  drain();
}

/** Show what is queued, one event at a time, at the player's pace. */
function drain() {
  if (draining) return drained;
  draining = true;
  const mine = gen;
  drained = (async () => {
    try {
      while (queue.length && mine === gen) {
        await whileDialogOpen();
        if (mine !== gen) break;
        const item = /** @type {(typeof queue)[number]} */ (queue.shift());
        if ("event" in item) await show(item.event);
        else if (page.model) {
          page.model = { ...page.model, legal: item.legal, ...(item.can_undo === undefined ? {} : { can_undo: item.can_undo }) };
          if (!queue.length) { render(); settle(false); }
        }
      }
    } catch (e) {
      wiring.failed(e);
    } finally {
      draining = false;
    }
  })();
  return drained;
}

/** A dialog the player opened (the rules, the settings) holds the table until it closes. */
async function whileDialogOpen() {
  const d = /** @type {HTMLDialogElement} */ ($("dialog"));
  while (d.open) await new Promise((r) => d.addEventListener("close", r, { once: true }));
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Wait until the pace allows the next move: `move` ms after the last one shown, and not
 * before the hand is dealt. */
async function pace() {
  const wait = Math.max(lastShown + SPEEDS[prefs.speed].move * (claimed ? claimView.CLAIM_PACE : 1), dealtUntil, heldUntil) - performance.now();
  if (wait > 0) await sleep(wait);
}

/** Show one event, and say so when the move clock made it.  @param {Event} e */
async function show(e) {
  await showEvent(e);
  const timeout = clockPlays.get(e.n);
  if (!timeout || !page.model) return;
  clockPlays.delete(e.n);
  toast(clockText(e, timeout, page.model), 6000, "clock");
}

/** "The clock ran out: the bot played 7♣ for Ana", or chose "Claim the rest" (a claim, a
 * bid: a button's words, not a card), and, the third time in a row, that the bot plays on.
 * @param {Event} e @param {import("../protocol.js").Timeout} timeout @param {Model} v */
function clockText(e, timeout, v) {
  const name = names(v)[timeout.seat];
  const card = e.type === "play" && e.card ? cardShort(e.card) : null;
  const action = card ?? (e.type === "claim" ? actionLabel(`claim:${e.claim}`, v) : e.entry ? actionLabel(e.entry.action, v) : "");
  const mine = isYou(timeout.seat, v);
  const key = card ? "clock_played" : "clock_chose";
  const said = mine ? t(`${key}_you`, { action }) : t(key, { action, name });
  if (!timeout.away) return said;
  return `${said} ${mine ? t("clock_away_you") : t("clock_away", { name })}`;
}

/** Show one event: file it in the model, draw it the way it happened.  @param {Event} e */
async function showEvent(e) {
  const v = /** @type {Model} */ (page.model);
  if (e.n <= v.n) return;  // told twice: already shown
  if (e.n !== v.n + 1) { await heal(); return; }
  const r = root();
  switch (e.type) {
    case "play": {
      const ours = e.seat === v.seat && laid === e.card;
      if (!ours) await pace();
      page.model = applyEvent(v, e);
      if (ours) laid = null; else sound("card");
      fresh = null;
      render();
      lastShown = performance.now();
      return;
    }
    case "trick": {
      page.model = applyEvent(v, e);
      const state = /** @type {TableState} */ (tableState());
      page.animating = true;
      render();
      const finished = { leader: /** @type {number} */ (e.leader), cards: /** @type {string[]} */ (e.cards), winner: /** @type {number} */ (e.winner) };
      await trickView.showFinished(r, state, finished, SPEEDS[prefs.speed].trick * (claimed ? claimView.CLAIM_PACE : 1));
      page.animating = false;
      if (SPEEDS[prefs.speed].trick) sound("trick");
      render();
      lastShown = performance.now();
      return;
    }
    case "draw": {
      page.model = applyEvent(v, e);
      fresh = v.seat === null ? null : e.winner === v.seat ? e.faceup : e.hidden;
      render();
      return;
    }
    case "bid":
    case "decision": {
      const theirs = e.entry.seat !== v.seat;
      if (theirs) await pace();
      page.model = applyEvent(v, e);
      render();
      lastShown = performance.now();
      // another's word that moves the positive on to its next stage (the auction opened or
      // closed, the owner's decision on the offers, the last word before the first card)
      // stays as long as a finished trick: at a move's pace it passed before it was read
      if (theirs && page.model.phase !== v.phase) heldUntil = lastShown + SPEEDS[prefs.speed].trick;
      return;
    }
    case "claim": {
      page.model = applyEvent(v, e);
      claimed = claimView.claimLine(e, v);
      toast(claimed, 3500, "claim");
      render();
      return;
    }
    case "deal-end": {
      const claim = claimed;
      claimed = "";
      page.model = applyEvent(v, e);
      render();
      if (v.lesson) return;  // a lesson is one decision: its position's deal has no result to show
      // the claim's message goes into the summary, which would cover it (dropToast leaves
      // any other message)
      dropToast("claim");
      // the engine tells the match's end in the same update, just after: told, not guessed
      const last = queue.some((x) => "event" in x && x.event.type === "match-end");
      const done = new Promise((resolve) => dialogs.showDealResult(/** @type {Model} */ (page.model),
        e.deal_no, prefs.deck, () => resolve(undefined), claim, last));
      const aside = last ? undefined : summaryGivesWay();
      wiring.dealEnded(/** @type {Model} */ (page.model));
      await done;
      clearInterval(aside);
      return;
    }
    case "deal": {
      page.model = applyEvent(v, e);
      deal = !page.model.lesson;
      if (deal && moving()) dealtUntil = performance.now() + dealMs(page.model.hand.length);
      render();
      return;
    }
    case "match-end": {
      page.model = applyEvent(v, e);
      render();
      if (!v.lesson) wiring.matchEnded(/** @type {Model} */ (page.model));
      return;
    }
    default:
      page.model = applyEvent(v, e);
  }
}

/** How long before a seat's clock begins its page closes the summary: time to deal the
 * new hand on the screen. */
const SUMMARY_EARLY_MS = 3000;

/** At a table with a move clock, a deal's summary closes itself just before the clock of a
 * seat this page plays runs on the next deal: the engine waits for the summary
 * (`summary_wait`), and the person then sees the new deal with a whole decision's time,
 * rather than losing it behind the summary.  The timer, to stop when it closes. */
function summaryGivesWay() {
  const limit = page.model && page.model.clock;
  if (!limit) return undefined;
  return setInterval(() => {
    const d = /** @type {HTMLDialogElement} */ ($("dialog"));
    if (!d.open || !$("dialog-content").querySelector("#deal-summary")) return;
    const mine = page.here.some((seat) => { const ms = clockView.msLeft(seat); return ms !== null && ms <= limit * 1000 + SUMMARY_EARLY_MS; });
    if (mine) d.close();
  }, 250);
}

/** An event went missing: draw the table afresh from the engine's whole state. */
async function heal() {
  open(await wiring.call("sync", { audience: page.audience }));
}

/** The queue is empty: it may be someone's turn here.  @param {boolean} opened a new table */
function settle(opened) {
  const v = page.model;
  if (!v || v.over || page.busy) return;
  if (v.lesson) { handView.focusHand(root()); return; }
  const turn = v.turn;
  if (turn === null || turn === undefined) return;
  const here = page.here.includes(turn);
  if (page.mode === "pass" && here && turn !== page.audience) {
    // another person's turn at this device: their hand waits behind the screen
    if (page.audience !== null) { follow(null).catch(wiring.failed); return; }
    if (page.screen !== turn) {
      page.screen = turn;
      page.model = { ...v, bottom: turn };  // the table turns to the person the device goes to
      render();
    }
    return;
  }
  if (turn !== v.seat) return;
  if (!opened || page.mode !== "pass") sound("turn");
  if (prefs.autoplay && v.phase === "play" && v.legal.length === 1) {
    const only = v.legal[0];
    clearTimeout(autoTimer);
    autoTimer = setTimeout(() => act(only), Math.max(SPEEDS[prefs.speed].move / 2, dealtUntil - performance.now()));
  } else {
    handView.focusHand(root());
  }
}

/** The person at the screen shows their hand. */
async function reveal() {
  const seat = page.screen;
  if (seat === null) return;
  page.screen = null;
  await follow(seat).catch(wiring.failed);
}

// -- the person here acts --------------------------------------------------------------------------

// A card or action chosen while the last one was on its way (a quick second tap): taken
// once that one is answered if it was refused, as the position it was chosen in still
// stands; dropped if the table moved on.  (It was dropped without a word: a learner who
// tapped the right card just after a wrong one saw nothing happen.)
/** @type {string | null} */
let chosenMeanwhile = null;

/** The last action was answered: the one chosen meanwhile is taken if the position stands.
 * @param {boolean} stands */
function answered(stands) {
  const next = chosenMeanwhile;
  chosenMeanwhile = null;
  if (stands && next !== null) act(next);
}

/** The bottom seat plays a card or takes an action. @param {string} action */
export async function act(action) {
  clearTimeout(autoTimer);
  if (draining) {  // playing on ends a finished trick's show (and waits for what is left)
    trickView.hurry(root());
    await drained;
  }
  const v = page.model;
  if (page.busy && v && !v.over) { chosenMeanwhile = action; return; }
  if (page.busy || page.animating || !v || v.seat === null || v.turn !== v.seat) return;
  if (v.lesson) { answered(await hooks.lessonTry(action)); return; }
  page.busy = true;
  page.hinted = null;
  dropToast("hint");  // its advice is taken or passed over: it speaks of nothing now
  const r = root();
  if (v.phase === "play" && v.legal.includes(action) && !action.startsWith("claim:")) {
    // the card leaves the hand and lands on the table now; the engine's answer follows
    const state = /** @type {TableState} */ (tableState());
    handView.takeFromHand(r, action);
    trickView.layCard(r, state, action);
    tableView.clearMyTurn(r);
    sound("card");
    laid = action;
  }
  try {
    const args = page.mode === "solo" ? { action } : { action, seat: v.seat };
    const answer = await wiring.call("act", args);
    page.busy = false;
    if (answer.ok === false) {
      laid = null;
      toast(refusalText(answer, v), 3500, "refusal");
      render();
      answered(true);
      return;
    }
    answered(false);
    receive(answer);
  } catch (e) {
    page.busy = false;
    laid = null;
    answered(false);
    wiring.failed(e);
  }
}

/** Stop the table where it is (a crash, a new engine): nothing queued is shown. */
export function halt() {
  gen++;
  queue = [];
  chosenMeanwhile = null;
  clearTimeout(autoTimer);
  page.busy = false;
  page.animating = false;
}

/** Take the table off the screen: the page has no table any more (a guest the host
 * removed), so nothing of it stays drawn, nor a countdown, nor a button for it. */
export function clearTable() {
  halt();
  page.model = null;
  clockView.setDeadline(null);
  render();
  const r = root();
  for (const p of r.querySelectorAll(".seat, #banner, #trick, #trick-note, #draw-news, #stock, #panel, #claim, #hand, #contract-badge")) {
    p.replaceChildren();
  }
  for (const p of r.querySelectorAll("#draw-news, #stock, #panel, #claim, #contract-badge")) /** @type {HTMLElement} */ (p).hidden = true;
}

/** What the page shows of whose turn it is, for the toolbar: the hint is for the person
 * whose hand is shown, when it is their turn. */
export function myTurn() {
  const v = page.model;
  return !!v && v.seat !== null && v.turn === v.seat && !v.over && !page.busy && !draining;
}
