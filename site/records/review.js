// Review: a recorded deal stepped through play by play with every hand shown, and each
// decision of one seat judged by the review's worker (records/analyst.js) in the
// background, with progress, a stop and a summary.  The public seams: `openReview(text,
// {deal, seat})` opens it over the page (the deal summary's Review, an import, the daily
// challenge), `mountReview(root, text, …)` draws it into an element of its own (the
// viewer).  A review holds its own cursor and no timer of the table's: it never touches
// the match in progress (the deal summary under it stays open, so the table waits).
import { t } from "../i18n/index.js";
import { el } from "../render/dom.js";
import { render } from "../render/review.js";
import * as analyst from "./analyst.js";
import { clampStep, decisionSteps, keyStep, labelView, marksOf, namingView } from "./marks.js";
import { openExport, recordError } from "./exchange.js";

// its style sheet comes with it (the game's page loads the review only when it is used)
const STYLE = new URL("./review.css", import.meta.url).href;
if (typeof document !== "undefined" && ![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => /** @type {HTMLLinkElement} */ (l).href === STYLE)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: STYLE }));
}

/** @typedef {import("../render/review.js").ReviewState} ReviewState */
/** @typedef {import("./shapes.js").Analysis} Analysis */
/** @typedef {import("./shapes.js").Review} Review */
/** @typedef {import("./shapes.js").Summary} Summary */

/**
 * @typedef {object} ReviewOptions
 * @property {number} [deal]        the deal's index in the record (default 0)
 * @property {number | null} [seat] whose decisions are analysed (default 0; null: everyone's)
 * @property {boolean} [quiz]       start with the other hands hidden, asking
 * @property {boolean} [exportable] offer export (default true)
 * @property {boolean} [analyse]    start the analysis at once (default true)
 * @property {string} [deck]        the card faces
 * @property {import("./marks.js").Audience} [audience]  the table the review was opened
 *   from: its seats are named as it names them ("You", "Opponent"); without it (a file, a
 *   link) they keep names of their own, from the seat drawn at the bottom
 */

/**
 * @typedef {object} ReviewControl
 * @property {Promise<void>} ready    resolves once the deal is drawn; rejects with the engine's refusal
 * @property {() => void} close       stops its analysis
 * @property {() => ReviewState | null} state
 */

/** Draw the review of `text` (a record in either form) into `root`.  A record of several
 * deals (a match) is reviewed whole: the deal shown first, then every other in order, and
 * the match's summary adds up the deals analysed.
 * @param {HTMLElement} root @param {string} text @param {ReviewOptions} [o] @returns {ReviewControl} */
export function mountReview(root, text, o = {}) {
  /** @type {ReviewState | null} */
  let s = null;
  let run = 0;  // a generation: a stop, a new seat or a close ends the analysis under way
  let closed = false;
  /** @type {any} */
  let record = null;
  /** @type {Record<string, import("../protocol.js").GameFacts>} each game's facts, from the review's info */
  let games = {};
  /** @type {Record<number, Review>} each deal's steps, as the worker gave them */
  const reviews = {};
  /** @type {Record<number, Record<number, Analysis>>} each deal's analyses, by step */
  const analysed = {};
  /** @type {Record<number, Summary>} each finished deal's summary, for the seat analysed */
  const summaries = {};
  /** @type {Record<number, Record<number, string>>} the reader's answers, by deal and step */
  const answers = {};

  const draw = () => { if (s && !closed) render(root, s); };

  /** @param {number} k */
  const reviewOf = async (k) => (reviews[k] ??= await analyst.ask("review", { record: text, deal: k }));
  /** @param {number} k */
  const decisionsOf = (k) => decisionSteps(reviews[k].steps, /** @type {ReviewState} */ (s).seat);
  /** @param {number} k */
  const todoOf = (k) => decisionsOf(k).filter((i) => !(i in (analysed[k] ??= {})));

  /** The deal under the cursor: its steps, decisions, analyses and summary in `s`.
   * @param {number} k @param {number} at */
  const show = (k, at) => {
    const st = /** @type {ReviewState} */ (s);
    st.deal = k;
    st.review = reviews[k];
    st.at = clampStep(at, st.review.steps.length);
    st.decisions = decisionsOf(k);
    st.analyses = (analysed[k] ??= {});
    st.summary = summaries[k] || null;
    st.picked = (answers[k] ??= {});
    st.v = labelView(st.review, st.seat ?? 0, games[st.review.game]);
    st.naming = namingView(st.v, o.audience);
  };

  /** Progress over the whole record: the deal's decisions, then the match's. */
  const count = () => {
    const st = /** @type {ReviewState} */ (s);
    const ks = Object.keys(reviews).map(Number);
    const known = ks.length === st.deals.length;
    const total = known ? ks.reduce((n, k) => n + decisionsOf(k).length, 0) : 0;
    const done = ks.reduce((n, k) => n + decisionsOf(k).filter((i) => i in (analysed[k] || {})).length, 0);
    return { done: st.decisions.filter((i) => i in st.analyses).length, total: st.decisions.length, matchDone: done, matchTotal: total };
  };

  /** The record with the marks of every deal analysed so far, as it is exported. */
  const marked = () => {
    const out = structuredClone(record);
    out.deals.forEach((/** @type {any} */ d, /** @type {number} */ k) => {
      const done = Object.values(analysed[k] || {});
      if (done.length) d.marks = marksOf(done);
      else delete d.marks;
    });
    return out;
  };

  /** A deal's summary, once each of its decisions is analysed, and the match's over the
   * deals analysed so far.  @param {number} k */
  const sumUp = async (k) => {
    const st = /** @type {ReviewState} */ (s);
    summaries[k] = await analyst.ask("summary", { analyses: decisionsOf(k).map((i) => analysed[k][i]), seat: st.seat });
    if (st.deals.length < 2) return;
    const done = Object.keys(summaries).map(Number).sort((x, y) => x - y);
    const all = done.flatMap((j) => decisionsOf(j).map((i) => analysed[j][i]));
    st.match = { summary: await analyst.ask("summary", { analyses: all, seat: st.seat }), deals: done.length };
  };

  const analyse = async () => {
    const st = /** @type {ReviewState} */ (s);
    const gen = ++run;
    st.progress = { ...st.progress, ...count(), running: true, stopped: false, error: "" };
    draw();
    try {
      for (;;) {
        // the deal shown first, and in it the step under the cursor: the reader is looking
        // at it (or answered it); then the match's other deals in order
        let k = st.deal;
        let todo = todoOf(k);
        if (!todo.length) {
          if (!(k in summaries)) await sumUp(k);
          if (gen !== run || closed) return;
          const next = st.deals.findIndex((_, j) => !(j in summaries));
          if (next < 0) break;
          k = next;
          await reviewOf(k);
          if (gen !== run || closed) return;
          todo = todoOf(k);
          if (!todo.length) { await sumUp(k); if (gen !== run || closed) return; draw(); continue; }
        }
        const i = k === st.deal && todo.includes(st.at) ? st.at : todo[0];
        /** @type {Analysis} */
        const a = await analyst.ask("analyse", { record: text, deal: k, step: i });
        if (gen !== run || closed) return;
        analysed[k][i] = a;
        if (!todoOf(k).length) await sumUp(k);
        if (gen !== run || closed) return;
        if (k === st.deal) st.summary = summaries[k] || null;
        st.progress = { ...st.progress, ...count() };
        draw();
      }
    } catch (e) {
      if (gen !== run || closed) return;
      const err = /** @type {analyst.AnalystError} */ (e);
      st.progress = { ...st.progress, ...count(), running: false, stopped: true, error: err.kind === "stopped" ? "" : recordError(err) };
      draw();
      return;
    }
    st.summary = summaries[st.deal] || null;
    st.progress = { ...st.progress, ...count(), running: false };
    draw();
  };

  const stop = () => {
    run++;
    analyst.stop();
    if (s) { s.progress = { ...s.progress, running: false, stopped: true }; draw(); }
  };

  /** @type {import("../render/review.js").ReviewHandlers} */
  const on = {
    go: (to) => { if (!s) return; s.at = clampStep(to, s.review.steps.length); draw(); },
    deal: (k, at = 0) => {
      if (!s || !(k >= 0 && k < s.deals.length)) return;
      const st = s;
      reviewOf(k).then(() => {
        if (closed) return;
        show(k, at);
        st.progress = { ...st.progress, ...count() };
        // a stopped analysis stays stopped; a running one turns to this deal at its next step
        draw();
      }, (e) => { st.progress = { ...st.progress, error: recordError(e) }; draw(); });
    },
    seat: (seat) => {
      if (!s) return;
      if (s.progress.running) { run++; analyst.stop(); }
      s.seat = seat;
      for (const k of Object.keys(summaries)) delete summaries[Number(k)];
      s.match = null;
      show(s.deal, s.at);
      s.progress = { ...s.progress, ...count(), running: false, stopped: false, error: "" };
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
    exportAs: () => { openExport(marked()); },
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
    const first = o.deal ?? 0;
    await reviewOf(first);  // (a deal not in the record: the engine's refusal)
    const info = await analyst.info();
    games = info.games;
    const seat = o.seat === undefined ? 0 : o.seat;
    const deals = record.deals.map((/** @type {any} */ d) => ({ deal_no: d.deal_no, contract: d.contract }));
    s = /** @type {ReviewState} */ ({
      deals, match: null, seat, symbols: info.marks, progress: { done: 0, total: 0, matchDone: 0, matchTotal: 0, running: false, stopped: false, error: "" },
      quiz: Boolean(o.quiz), look: { deck: o.deck || "plain" }, exportable: o.exportable !== false, on,
    });
    show(first, 0);
    draw();
  })();
  // ready once the deal is drawn (the dialog's title follows it at once); a match's other
  // deals are read after, so that its progress counts every decision
  ready.then(async () => {
    for (let k = 0; k < record.deals.length; k++) await reviewOf(k);
    if (!closed && o.analyse !== false) analyse();
  }).catch((e) => {
    if (!s || closed) return;
    s.progress = { ...s.progress, error: recordError(e) };
    draw();
  });

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
  control.ready.then(() => {
    note.remove();
    const st = control.state();
    if (st && st.deals.length > 1) {
      dlg.setAttribute("aria-label", t("rv_title_match"));
      /** @type {HTMLElement} */ (dlg.querySelector(".rv-bar h2")).textContent = t("rv_title_match");
    }
    body.focus();
  }, (e) => {
    note.textContent = recordError(e);
    note.classList.add("rv-error");
    note.setAttribute("role", "alert");
  });
  dlg.addEventListener("close", () => { control.close(); dlg.remove(); if (current === control) current = null; });
  return control;
}
