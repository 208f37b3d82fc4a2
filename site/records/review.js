// Review: a recorded deal stepped through play by play with every hand shown, and each
// decision of one seat judged by the review's worker (records/analyst.js) in the
// background, with progress, a stop and a summary.  The public seams: `openReview(text,
// {deal, seat})` opens it over the page (the deal summary's Review, an import, the daily
// challenge), `mountReview(root, text, …)` draws it into an element of its own (the
// viewer).  A review holds its own cursor and no timer of the table's: it never touches
// the match in progress (the deal summary under it stays open, so the table waits).
import { t } from "../i18n/index.js";
import { el } from "../views/dom.js";
import { render } from "../views/review.js";
import * as analyst from "./analyst.js";
import { clampStep, decisionSteps, keyStep, labelView, marksOf } from "./marks.js";
import { openExport, recordError } from "./exchange.js";

// its style sheet comes with it (the game's page loads the review only when it is used)
const STYLE = new URL("./review.css", import.meta.url).href;
if (typeof document !== "undefined" && ![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => /** @type {HTMLLinkElement} */ (l).href === STYLE)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: STYLE }));
}

/** @typedef {import("../views/review.js").ReviewState} ReviewState */
/** @typedef {import("./shapes.js").Analysis} Analysis */

/**
 * @typedef {object} ReviewOptions
 * @property {number} [deal]        the deal's index in the record (default 0)
 * @property {number | null} [seat] whose decisions are analysed (default 0; null: everyone's)
 * @property {boolean} [quiz]       start with the other hands hidden, asking
 * @property {boolean} [exportable] offer export (default true)
 * @property {boolean} [analyse]    start the analysis at once (default true)
 * @property {string} [deck]        the card faces
 */

/**
 * @typedef {object} ReviewControl
 * @property {Promise<void>} ready    resolves once the deal is drawn; rejects with the engine's refusal
 * @property {() => void} close       stops its analysis
 * @property {() => ReviewState | null} state
 */

/** Draw the review of `text` (a record in either form) into `root`.
 * @param {HTMLElement} root @param {string} text @param {ReviewOptions} [o] @returns {ReviewControl} */
export function mountReview(root, text, o = {}) {
  /** @type {ReviewState | null} */
  let s = null;
  let run = 0;  // a generation: a stop, a new seat or a close ends the analysis under way
  let closed = false;
  /** @type {any} */
  let record = null;
  const deal = o.deal ?? 0;

  const draw = () => { if (s && !closed) render(root, s); };

  /** The record with this deal's marks, as it is exported. */
  const marked = () => {
    const out = structuredClone(record);
    const done = Object.values(/** @type {ReviewState} */ (s).analyses);
    if (done.length) out.deals[deal].marks = marksOf(done);
    else delete out.deals[deal].marks;
    return out;
  };

  const analyse = async () => {
    const st = /** @type {ReviewState} */ (s);
    const gen = ++run;
    st.progress = { ...st.progress, total: st.decisions.length, running: true, stopped: false, error: "" };
    draw();
    for (;;) {
      const todo = st.decisions.filter((i) => !(i in st.analyses));
      if (!todo.length) break;
      // the step under the cursor first: the reader is looking at it (or answered it)
      const i = todo.includes(st.at) ? st.at : todo[0];
      /** @type {Analysis} */
      let a;
      try {
        a = await analyst.ask("analyse", { record: text, deal, step: i });
      } catch (e) {
        if (gen !== run || closed) return;
        const err = /** @type {analyst.AnalystError} */ (e);
        st.progress = { ...st.progress, running: false, stopped: true, error: err.kind === "stopped" ? "" : recordError(err) };
        draw();
        return;
      }
      if (gen !== run || closed) return;
      st.analyses[i] = a;
      st.progress = { ...st.progress, done: Object.keys(st.analyses).filter((k) => st.decisions.includes(Number(k))).length };
      draw();
    }
    st.progress = { ...st.progress, running: false };
    const mine = st.decisions.map((i) => st.analyses[i]);
    try {
      st.summary = await analyst.ask("summary", { analyses: mine, seat: st.seat });
    } catch (e) {
      if (gen !== run || closed) return;
      st.progress.error = recordError(/** @type {analyst.AnalystError} */ (e));
    }
    if (gen === run) draw();
  };

  const stop = () => {
    run++;
    analyst.stop();
    if (s) { s.progress = { ...s.progress, running: false, stopped: true }; draw(); }
  };

  /** @type {import("../views/review.js").ReviewHandlers} */
  const on = {
    go: (to) => { if (!s) return; s.at = clampStep(to, s.review.steps.length); draw(); },
    seat: (seat) => {
      if (!s) return;
      const wasRunning = s.progress.running;
      if (wasRunning) { run++; analyst.stop(); }
      s.seat = seat;
      s.decisions = decisionSteps(s.review.steps, seat);
      s.summary = null;
      s.v = labelView(s.review, seat ?? 0);
      s.progress = { done: s.decisions.filter((i) => i in /** @type {ReviewState} */ (s).analyses).length, total: s.decisions.length, running: false, stopped: false, error: "" };
      analyse();
    },
    quiz: (q) => { if (s) { s.quiz = q; draw(); } },
    pick: (action) => {
      if (!s) return;
      s.picked[s.review.steps[s.at].step] = action;
      // the answer needs this step's analysis: a stopped analysis starts again for it
      if (!s.progress.running && !(s.at in s.analyses)) analyse();
      draw();
    },
    stop,
    resume: () => { analyse(); },
    exportAs: () => { openExport(marked(), { deal }); },
  };

  const keys = (/** @type {KeyboardEvent} */ e) => {
    if (!s || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = /** @type {HTMLElement} */ (e.target);
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) && !target.classList.contains("rv-jump")) return;
    const to = keyStep(e.key, s.at, s.review.steps.length, s.decisions);
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();  // the table's keys are not for a review
    on.go(to);
  };
  root.addEventListener("keydown", keys);

  const ready = (async () => {
    record = (await analyst.ask("read", { text })).record;
    const review = await analyst.ask("review", { record: text, deal });
    const info = await analyst.info();
    const seat = o.seat === undefined ? 0 : o.seat;
    s = {
      review, v: labelView(review, seat ?? 0), at: 0, seat, decisions: decisionSteps(review.steps, seat), analyses: {},
      symbols: info.marks, progress: { done: 0, total: 0, running: false, stopped: false, error: "" }, summary: null,
      quiz: Boolean(o.quiz), picked: {}, look: { deck: o.deck || "plain" }, exportable: o.exportable !== false, on,
    };
    draw();
    if (o.analyse !== false) analyse();
  })();

  return {
    ready,
    close: () => {
      closed = true;
      root.removeEventListener("keydown", keys);
      if (s && s.progress.running) { run++; analyst.stop(); }
    },
    state: () => s,
  };
}

/** @type {ReviewControl | null} */
let current = null;

/**
 * Open the review of a record (its text, JSON or text form) over the page, in a dialog of
 * its own; a record the engine refuses is reported there, with its field and line, and
 * nothing of it is shown.
 * @param {string} recordText @param {ReviewOptions} [o] @returns {ReviewControl}
 */
export function openReview(recordText, o = {}) {
  if (current) current.close();
  const old = document.getElementById("review");
  if (old) old.remove();
  const body = el("div", { class: "rv-body", tabindex: "-1" });
  const note = el("p", { class: "rv-loading", role: "status", text: t("rv_loading") });
  const dlg = /** @type {HTMLDialogElement} */ (el("dialog", { id: "review", class: "rv-dialog", "aria-label": t("rv_title") },
    el("div", { class: "rv-bar" }, el("h2", { text: t("rv_title") }),
      el("button", { type: "button", class: "rv-close", text: t("close"), onclick: () => dlg.close() })),
    note, body));
  document.body.append(dlg);
  dlg.showModal();
  const control = mountReview(body, recordText, o);
  current = control;
  control.ready.then(() => { note.remove(); body.focus(); }, (e) => {
    note.textContent = recordError(e);
    note.classList.add("rv-error");
    note.setAttribute("role", "alert");
  });
  dlg.addEventListener("close", () => { control.close(); dlg.remove(); if (current === control) current = null; });
  return control;
}
