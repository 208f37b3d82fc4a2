// The move clock as a person sees it (a table with people away): a quiet countdown on the
// plate of the seat to play, in its last seconds only.  The host's engine keeps the clock
// and decides when it runs out; this page only counts down from the deadline it was told,
// from when it was told (the host's clock and this page's need not agree).  Each table
// has its own countdown (createCountdown), drawn on its own element.
import { t } from "../i18n/index.js";
import { el, part } from "./dom.js";
import { position } from "./labels.js";

/** @typedef {import("../table/model.js").Model} Model */
/** @typedef {import("../protocol.js").Deadline} Deadline */

/** The countdown shows in the last this many seconds of a decision. */
export const SHOWN_S = 10;

/**
 * A table's countdown.
 * @typedef {object} Countdown
 * @property {(d: Deadline | null | undefined) => void} setDeadline
 *   the engine's word on the clock: it runs for a seat (`ms` left now), or not (null)
 * @property {(seat: number) => number | null} msLeft   milliseconds left, if it runs for `seat`
 * @property {() => void} paint   draw it on the seat's plate (again after the table is drawn)
 */

/** The countdown of the table drawn in `where().root`, whose model is `where().model`.
 * @param {() => {root: HTMLElement, model: Model | null}} where @returns {Countdown} */
export function createCountdown(where) {
  /** @type {{seat: number, until: number} | null} */
  let running = null;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticker;

  /** @param {number} seat */
  const msLeft = (seat) => (running && running.seat === seat ? Math.max(0, running.until - performance.now()) : null);

  function paint() {
    const { root, model: v } = where();
    for (const old of root.querySelectorAll(".move-clock")) old.remove();
    if (!running || !v || v.over || v.turn !== running.seat) return;
    const ms = msLeft(running.seat);
    const left = ms === null ? null : Math.ceil(ms / 1000);
    if (left === null || left > SHOWN_S) return;
    const name = part(root, `seat-${position(running.seat, v)}`).querySelector(".plate .name");
    if (name) name.append(el("span", { class: "move-clock", "data-seat": String(running.seat), title: t("clock_left", { n: left }, left), text: `0:${String(left).padStart(2, "0")}` }));
  }

  /** @param {Deadline | null | undefined} d */
  function setDeadline(d) {
    running = d ? { seat: d.seat, until: performance.now() + d.ms } : null;
    clearInterval(ticker);
    ticker = running ? setInterval(paint, 250) : undefined;
    paint();
  }

  return { setDeadline, msLeft, paint };
}
