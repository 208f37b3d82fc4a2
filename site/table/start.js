// Opening a table: a new match with its seats, or one the engine already holds (resumed,
// after an undo), and what the page then is: the table's mode, who is here, who is away.
import { prefs, savePrefs } from "../store.js";

/** @typedef {import("../protocol.js").Sync} Sync */
/** @typedef {import("../protocol.js").Seat} Seat */
/** @typedef {import("./flow.js").Table} Table */

/**
 * Take the engine's table as `table`'s: its mode from its seats (one person here: solo;
 * several: pass and play; anyone away: hosted), the audience it follows, and draw it.
 * @param {Table} table @param {Sync} sync @param {{dealt?: boolean}} [o]
 */
export function adopt(table, sync, o = {}) {
  const page = table.state;
  const seats = sync.table.seats;
  page.here = seats.flatMap((s, i) => (s.kind === "person" && !s.away ? [i] : []));
  const away = seats.flatMap((s, i) => (s.kind === "person" && s.away ? [i] : []));
  // a hosted table writes for spectators too, who may join at any time
  page.away = away.length ? [...away, null] : [];
  page.mode = sync.table.lesson ? "lesson" : page.here.length > 1 ? "pass" : away.length ? "host" : "solo";
  const followed = Object.keys(sync.states)[0];
  page.audience = followed === "spectator" ? null : Number(followed);
  page.screen = null;
  // an undo in a lesson takes its right answer back: the same question, as it was opened,
  // with the same lesson after it (dropped, a right answer given again offered none)
  const again = !!sync.table.lesson && !!page.model && page.model.lesson === sync.table.lesson;
  page.lessonDone = false;
  page.lessonFeedback = null;
  if (!again) page.nextLesson = null;
  table.open(sync, o);
}

/**
 * A guest's table, from the host's whole state for its seat (or a spectator's): the page
 * has no engine, the host's answers stand in for it.
 * @param {Table} guest @param {import("./model.js").Model} state @param {string} key  the audience's key
 */
export function adoptGuest(guest, state, key) {
  const page = guest.state;
  page.mode = "guest";
  page.audience = key === "spectator" ? null : Number(key);
  page.here = page.audience === null ? [] : [page.audience];
  page.away = [];
  page.screen = null;
  page.lessonDone = false;
  page.lessonFeedback = null;
  page.nextLesson = null;
  const table = { seats: state.seats, level: state.level, lesson: state.lesson, solo: false, can_undo: false, match: state.match, daily: null,
    facts: state.facts };
  guest.open({ n: state.n, table, states: { [key]: state }, outbox: {}, bots: false });
}

/**
 * A new match.  `seats` (one per player) default to the person here at seat 0 and bots at
 * `level`.
 * @param {Table} table @param {(cmd: string, args?: object) => Promise<any>} call
 * @param {{game: string, options: Record<string, any>, level: string, seed?: number | string | null, seat?: number | null,
 *          seats?: Seat[] | null}} m
 */
export async function startGame(table, call, m) {
  if (!table.state.embedded) { prefs.game = m.game; prefs.level = m.level; prefs.options[m.game] = m.options; savePrefs(); }
  /** @type {Record<string, any>} */
  const args = { game: m.game, options: m.options, level: m.level };
  if (m.seed !== undefined && m.seed !== null) args.seed = m.seed;
  if (m.seat !== undefined && m.seat !== null) args.seat = m.seat;
  if (m.seats) args.seats = m.seats;
  adopt(table, await call("start", args), { dealt: true });
}
