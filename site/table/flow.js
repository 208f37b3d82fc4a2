// The table's pace and turns: the one place that moves a drawn table on.  The engine
// (this page's worker, or for a guest the host's) sends each audience its numbered events;
// they wait in a queue here and are shown one by one at the speed the player chose (a
// card slides in, a finished trick is shown with its taker, a deal's result waits for
// the player), pausing while a dialog is open.  The bots are the engine's business: it
// plays them and sends their events like anyone else's.  A missing event (a gap in the
// numbers) is healed by asking for the whole state again.
//
// A table is an instance (createTable): its queue, its pace and its state are its own,
// so two tables in one page do not meet.  The page's table is boot.js's, drawn in #table
// with store.js's `page` as its state; what it draws with (table/drawing.js) and the
// clock it keeps its pace by are given to it, so a test can stand in for both.
//
// The table's modes, as one state machine (`state.mode`):
//   solo    one person here, bots in the other seats: undo, hints, the share link
//   pass    several people here, passing the device round: between two people's turns the
//           hand is behind a screen naming whose turn it is (`state.screen`), and the page
//           follows only the spectator's table until that person shows their hand
//   lesson  one decision, judged by the engine (table/lesson.js)
//   guest   a person at another device: the engine is the host's (p2p), the page the same
// In every mode the table follows one audience here (`state.audience`) and draws its model.
import { SPEEDS, freshState, prefs } from "../store.js";
import { applyEvent } from "./model.js";
import { PAGE_TIME, createPace, moving } from "./pace.js";
import { claimLine } from "../render/claim.js";
import { clockText, refusalText } from "../render/labels.js";

/** How long a claim's message may stay at most: the deal's summary takes it away before. */
const CLAIM_SAID_MS = 60_000;

/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("../protocol.js").Event} Event */
/** @typedef {import("../protocol.js").Sync} Sync */
/** @typedef {import("../protocol.js").Updates} Updates */
/** @typedef {import("../render/scene.js").Scene} Scene */
/** @typedef {import("../store.js").PageState} TableFlags */

/**
 * What the table needs from outside: the engine to ask, and the page's answers to what
 * happens (deals and matches ending, the host page to tell, a failure to report, the
 * lessons and the rules).
 * @typedef {object} Wiring
 * @property {(cmd: string, args?: object) => Promise<any>} call   the engine in use
 * @property {(v: Model) => void} dealEnded    a deal's result was shown
 * @property {(v: Model) => void} matchEnded   the match is over: show how it ended
 * @property {(outbox: Record<string, string>, kind: "state" | "update") => void} forward
 *   the engine's words for those away: whole states, or updates (a host's page passes them on)
 * @property {(e: any) => void} failed
 * @property {() => void} changed              the toolbar may need redrawing
 * @property {(id: string) => void} nextLesson
 * @property {(section: string) => void} rules
 * @property {(action: string) => Promise<boolean>} lessonTry
 *   a lesson's answer; true when the position stands (a wrong or an illegal answer)
 */

/**
 * A table drawn in `root`.
 * @param {HTMLElement} root
 * @param {Partial<Wiring>} wiring
 * @param {{state?: TableFlags, draw: (root: HTMLElement, model: () => Model | null) => import("./drawing.js").Drawing, time?: import("./pace.js").Time}} o
 *   `state`: the table's flags and model (a fresh set unless given); `draw`: what it draws
 *   with (table/drawing.js's drawIn on a page); `time`: the pace's clock
 */
export function createTable(root, wiring, { state = freshState(), draw, time = PAGE_TIME }) {
  /** @type {Wiring} */
  const w = {
    call: async () => { throw new Error("no engine"); },
    dealEnded: () => {}, matchEnded: () => {}, forward: () => {}, failed: () => {}, changed: () => {},
    nextLesson: () => {}, rules: () => {}, lessonTry: async () => false,
    ...wiring,
  };
  const drawing = draw(root, () => state.model);
  const { countdown } = drawing;
  const pace = createPace(time);

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
  let laid = /** @type {string | null} */ (null);  // the card the bottom seat laid before the engine answered
  let fresh = /** @type {string | null} */ (null);  // the card just drawn into the hand (German Whist)
  let deal = false;           // the next drawing deals the hand
  // the claim being played out (its cards come quickly): worded again in the deal's summary,
  // which may come after a language was chosen
  let claim = /** @type {Event | null} */ (null);
  /** @type {any} */ let autoTimer;
  /** The newest event number received (shown or still queued), and the match's token. */
  let known = { match: "", n: 0 };
  // A card or action chosen while the last one was on its way (a quick second tap): taken
  // once that one is answered if it was refused, as the position it was chosen in still
  // stands; dropped if the table moved on.  (It was dropped without a word: a learner who
  // tapped the right card just after a wrong one saw nothing happen.)
  /** @type {string | null} */
  let chosenMeanwhile = null;

  /** The key of the audience the table follows, as the engine's answers name it. */
  const key = () => (state.audience === null ? "spectator" : String(state.audience));

  // -- drawing -----------------------------------------------------------------------------------

  /** The state the render modules draw from. @returns {Scene | null} */
  function scene() {
    const v = state.model;
    if (!v) return null;
    // a lesson answered is over: nobody is to act any more, though its position has a turn
    const model = state.lessonDone && v.lesson ? { ...v, turn: null } : v;
    return {
      model, look: { deck: prefs.deck, fourColor: prefs.fourColor }, busy: state.busy, hinted: state.hinted, fresh,
      screen: state.screen, lessonDone: state.lessonDone, lessonFeedback: state.lessonFeedback,
      nextLesson: state.nextLesson, deal: deal && moving(), slide: moving(),
      on: {
        play: (c) => { act(c); }, act: (a) => { act(a); }, nextLesson: (id) => w.nextLesson(id),
        rules: (section) => w.rules(section), reveal: () => { reveal(); },
        log: () => { if (state.model) drawing.dealLog(state.model); },
        played: () => { if (state.model) drawing.played(state.model); },
      },
    };
  }

  /** Draw the whole table from its state. */
  function render() {
    const s = scene();
    drawing.draw(s, !state.animating);
    if (!s) return;
    deal = false;
    w.changed();
  }

  // -- opening a table ----------------------------------------------------------------------------

  /**
   * A whole state from the engine (a new match, a resumed one, an undo, a healed gap, a hand
   * shown): what was queued is dropped and the table is drawn afresh.
   * @param {Sync} sync @param {{dealt?: boolean}} [o]  dealt: the hand arrives dealt
   */
  function open(sync, { dealt = false } = {}) {
    const v = sync.states[key()];
    if (!v) return;
    known = { match: v.match, n: v.n };
    gen++;
    queue = [];
    state.model = v;
    state.busy = false;
    state.hinted = null;
    drawing.dropToast("hint");
    drawing.dropToast("claim");
    state.animating = false;
    laid = null;
    fresh = null;
    claim = null;
    pace.claiming(0, 1);
    time.cancel(autoTimer);
    pace.release();
    deal = dealt && !v.lesson;
    if (deal) pace.dealing(v.hand.length);
    clockPlays.clear();
    countdown.setDeadline(v.deadline);
    w.forward(sync.outbox || {}, "state");
    render();
    if (v.over && !v.lesson) w.matchEnded(v);  // a finished match shows how it ended
    settle(true);
  }

  /** Follow another audience here (a hand shown, or hidden behind the screen): the engine
   * answers with its whole state.  @param {number | null} audience */
  async function follow(audience) {
    state.audience = audience;
    open(await w.call("follow", { here: [audience], away: state.away }));
  }

  /** The table's seats changed (a name given, a guest gone or back): drawn at once.
   * @param {import("../protocol.js").TableDetails} table */
  function tableChanged(table) {
    if (!state.model) return;
    state.model = { ...state.model, ...table };
    if ("deadline" in table) countdown.setDeadline(table.deadline);
    render();
  }

  // -- the engine's news --------------------------------------------------------------------------

  /** An answer or a bot's turn from the engine: each followed audience's events join the
   * queue; guests' words go to them.  @param {Updates} r */
  function receive(r) {
    if (r.outbox) w.forward(r.outbox, "update");
    if (typeof r.n === "number") known = { match: state.model ? state.model.match : "", n: r.n };
    const u = r.updates && r.updates[key()];
    if (!u) return;
    // the clock runs on at the host while the news is shown at this page's pace
    countdown.setDeadline(u.deadline);
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
          await drawing.dialogClosed();
          if (mine !== gen) break;
          const item = /** @type {(typeof queue)[number]} */ (queue.shift());
          if ("event" in item) await show(item.event);
          else if (state.model) {
            state.model = { ...state.model, legal: item.legal, ...(item.can_undo === undefined ? {} : { can_undo: item.can_undo }) };
            if (!queue.length) { render(); settle(false); }
          }
        }
      } catch (e) {
        w.failed(e);
      } finally {
        draining = false;
      }
    })();
    return drained;
  }

  /** Show one event, and say so when the move clock made it.  @param {Event} e */
  async function show(e) {
    await showEvent(e);
    const timeout = clockPlays.get(e.n);
    if (!timeout || !state.model) return;
    clockPlays.delete(e.n);
    drawing.toast(clockText(e, timeout, state.model), 6000, "clock");
  }

  /** Show one event: file it in the model, draw it the way it happened.  @param {Event} e */
  async function showEvent(e) {
    const v = /** @type {Model} */ (state.model);
    if (e.n <= v.n) return;  // told twice: already shown
    if (e.n !== v.n + 1) { await heal(); return; }
    switch (e.type) {
      case "play": {
        const ours = e.seat === v.seat && laid === e.card;
        if (!ours) await pace.ready(!!claim);
        state.model = applyEvent(v, e);
        if (ours) laid = null; else drawing.sound("card");
        fresh = null;
        render();
        pace.shown();
        return;
      }
      case "trick": {
        state.model = applyEvent(v, e);
        const s = /** @type {Scene} */ (scene());
        state.animating = true;
        render();
        const finished = { leader: /** @type {number} */ (e.leader), cards: /** @type {string[]} */ (e.cards), winner: /** @type {number} */ (e.winner) };
        await drawing.showTrick(s, finished, pace.of("trick", !!claim), !!claim);
        state.animating = false;
        // (a claim's tricks follow each other too quickly for a sound each)
        if (SPEEDS[prefs.speed].trick && !claim) drawing.sound("trick");
        render();
        pace.shown();
        return;
      }
      case "draw": {
        state.model = applyEvent(v, e);
        fresh = v.seat === null ? null : e.winner === v.seat ? e.faceup : e.hidden;
        render();
        return;
      }
      case "bid":
      case "decision": {
        const theirs = e.entry.seat !== v.seat;
        if (theirs) await pace.ready(!!claim);
        state.model = applyEvent(v, e);
        render();
        pace.shown();
        // another's word that moves the positive on to its next stage (the auction opened or
        // closed, the owner's decision on the offers, the last word before the first card)
        // stays as long as a finished trick: at a move's pace it passed before it was read
        if (theirs && state.model.phase !== v.phase) pace.hold();
        return;
      }
      case "claim": {
        state.model = applyEvent(v, e);
        claim = e;
        pace.claiming(e.tricks_left || 0, v.players);
        // said until the deal's summary tells it again (it went after 3.5 s, while the cards
        // it played out still came; the summary drops it)
        drawing.toast(claimLine(e, v), CLAIM_SAID_MS, "claim");
        render();
        return;
      }
      case "deal-end": {
        const claimed = claim ? claimLine(claim, v) : "";
        claim = null;
        pace.claiming(0, 1);
        state.model = applyEvent(v, e);
        render();
        if (v.lesson) return;  // a lesson is one decision: its position's deal has no result to show
        // the claim's message goes into the summary, which would cover it (dropToast leaves
        // any other message)
        drawing.dropToast("claim");
        // the engine tells the match's end in the same update, just after: told, not guessed
        const last = queue.some((x) => "event" in x && x.event.type === "match-end");
        const done = new Promise((resolve) => drawing.dealResult(/** @type {Model} */ (state.model),
          e.deal_no, () => resolve(undefined), claimed, last));
        // at a table with a move clock, the summary closes itself just before the clock of a
        // seat this page plays runs on the next deal: the engine waits for the summary
        // (`summary_wait`), and the person then sees the new deal with a whole decision's time
        const limit = state.model && state.model.clock;
        const stop = last || !limit ? () => {} : drawing.summaryGivesWay(limit, () => state.here);
        w.dealEnded(/** @type {Model} */ (state.model));
        await done;
        stop();
        return;
      }
      case "deal": {
        state.model = applyEvent(v, e);
        deal = !state.model.lesson;
        if (deal) pace.dealing(state.model.hand.length);
        render();
        return;
      }
      case "match-end": {
        state.model = applyEvent(v, e);
        render();
        if (!v.lesson) w.matchEnded(/** @type {Model} */ (state.model));
        return;
      }
      default:
        state.model = applyEvent(v, e);
    }
  }

  /** An event went missing: draw the table afresh from the engine's whole state. */
  async function heal() {
    open(await w.call("sync", { audience: state.audience }));
  }

  /** The queue is empty: it may be someone's turn here.  @param {boolean} opened a new table */
  function settle(opened) {
    const v = state.model;
    if (!v || v.over || state.busy) return;
    if (v.lesson) { drawing.focus(); return; }
    const turn = v.turn;
    if (turn === null || turn === undefined) return;
    const here = state.here.includes(turn);
    if (state.mode === "pass" && here && turn !== state.audience) {
      // another person's turn at this device: their hand waits behind the screen
      if (state.audience !== null) { follow(null).catch(w.failed); return; }
      if (state.screen !== turn) {
        state.screen = turn;
        state.model = { ...v, bottom: turn };  // the table turns to the person the device goes to
        render();
      }
      return;
    }
    if (turn !== v.seat) return;
    if (!opened || state.mode !== "pass") drawing.sound("turn");
    if (prefs.autoplay && v.phase === "play" && v.legal.length === 1) {
      const only = v.legal[0];
      time.cancel(autoTimer);
      autoTimer = time.after(() => act(only), pace.forcedIn());
    } else {
      drawing.focus();
    }
  }

  /** The person at the screen shows their hand. */
  async function reveal() {
    const seat = state.screen;
    if (seat === null) return;
    state.screen = null;
    await follow(seat).catch(w.failed);
  }

  // -- the person here acts -----------------------------------------------------------------------

  /** The last action was answered: the one chosen meanwhile is taken if the position stands.
   * @param {boolean} stands */
  function answered(stands) {
    const next = chosenMeanwhile;
    chosenMeanwhile = null;
    if (stands && next !== null) act(next);
  }

  /** The bottom seat plays a card or takes an action. @param {string} action */
  async function act(action) {
    time.cancel(autoTimer);
    if (draining) {  // playing on ends a finished trick's show (and waits for what is left)
      drawing.hurry();
      await drained;
    }
    const v = state.model;
    if (state.busy && v && !v.over) { chosenMeanwhile = action; return; }
    if (state.busy || state.animating || !v || v.seat === null || v.turn !== v.seat) return;
    if (v.lesson) { answered(await w.lessonTry(action)); return; }
    state.busy = true;
    state.hinted = null;
    drawing.dropToast("hint");  // its advice is taken or passed over: it speaks of nothing now
    if (v.phase === "play" && v.legal.includes(action) && !action.startsWith("claim:")) {
      // the card leaves the hand and lands on the table now; the engine's answer follows
      drawing.lay(/** @type {Scene} */ (scene()), action);
      drawing.sound("card");
      laid = action;
    }
    try {
      const args = state.mode === "solo" ? { action } : { action, seat: v.seat };
      const answer = await w.call("act", args);
      state.busy = false;
      if (answer.ok === false) {
        laid = null;
        drawing.toast(refusalText(answer, v), 3500, "refusal");
        render();
        answered(true);
        return;
      }
      answered(false);
      receive(answer);
    } catch (e) {
      state.busy = false;
      laid = null;
      answered(false);
      w.failed(e);
    }
  }

  /** Stop the table where it is (a crash, a new engine): nothing queued is shown. */
  function halt() {
    gen++;
    queue = [];
    chosenMeanwhile = null;
    time.cancel(autoTimer);
    state.busy = false;
    state.animating = false;
  }

  return {
    root, state,
    /** Rewire part of what the table needs (a guest's engine is the host's once joined).
     * @param {Partial<Wiring>} more */
    wire(more) { Object.assign(w, more); },
    scene, render, open, tableChanged, receive, act, halt,
    /** Where the engine stood when last heard from: "match:n". */
    whereAt: () => `${known.match}:${known.n}`,
    /** Everything queued has been shown (a test waits for it). */
    drained: () => drained,
    /** Take the table off the screen: the page has no table any more (a guest the host
     * removed), so nothing of it stays drawn, nor a countdown, nor a button for it. */
    clear() {
      halt();
      state.model = null;
      countdown.setDeadline(null);
      render();
      drawing.clear();
    },
    /** What the page shows of whose turn it is, for the toolbar: the hint is for the
     * person whose hand is shown, when it is their turn. */
    myTurn() {
      const v = state.model;
      return !!v && v.seat !== null && v.turn === v.seat && !v.over && !state.busy && !draining;
    },
  };
}

/** @typedef {ReturnType<typeof createTable>} Table */
