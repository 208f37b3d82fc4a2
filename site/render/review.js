// A recorded deal reviewed: every hand open (or, asking "what would you play?", all but
// the asking seat's face down), the trick on the table, a positive's bids, the cursor
// (first, back, forward, last, a slider to jump, the list of decisions with their marks),
// each decision's verdict, the analysis's progress and the deal's summary.  Data in,
// events out: render(root, state) draws the review element it is given, and the
// handlers of `state.on` take the clicks; what the engine said comes in `state`.
import { t } from "../i18n/index.js";
import { el } from "./dom.js";
import { cardFace, sortHand } from "./card.js";
import { aboutSeat, contractLabel, dealTitle, names, position, pointsText } from "./labels.js";
import { MARKS, actionWords, lostText, summaryText, verdict } from "../records/marks.js";

/** @typedef {import("../records/shapes.js").Review} Review */
/** @typedef {import("../records/shapes.js").ReviewStep} ReviewStep */
/** @typedef {import("../records/shapes.js").Analysis} Analysis */
/** @typedef {import("../records/shapes.js").Summary} Summary */
/** @typedef {import("../table/model.js").Model} View */

/**
 * @typedef {object} ReviewState
 * @property {number} deal             the deal shown: its index in the record
 * @property {{deal_no: number, contract: string}[]} deals  the record's deals (a match's, or one)
 * @property {Review} review           the deal shown, step by step
 * @property {View} v                  the labels' view (marks.labelView)
 * @property {View} naming             the view seats are named from: the table's (its "You", its
 *   names) for a review opened from it, else `v` (marks.namingView)
 * @property {number} at               the cursor: the step shown
 * @property {number | null} seat      whose decisions are analysed (null: every seat's)
 * @property {number[]} decisions      their steps
 * @property {Record<number, Analysis>} analyses  by step
 * @property {Record<string, string>} symbols     mark → its sign (the engine's)
 * @property {{done: number, total: number, matchDone: number, matchTotal: number, running: boolean, stopped: boolean, error: string}} progress
 *   the deal's decisions analysed and their number, and the match's (0 until every deal is read)
 * @property {Summary | null} summary  the deal's, once each of its decisions is analysed
 * @property {{summary: Summary, deals: number} | null} match  a match's, over the deals analysed so far
 * @property {boolean} quiz            hide the other hands and ask "what would you play?"
 * @property {Record<number, string>} picked      the reader's answers, by step
 * @property {{deck: string}} look
 * @property {boolean} exportable      offer the export buttons
 * @property {ReviewHandlers} on
 */

/**
 * @typedef {object} ReviewHandlers
 * @property {(step: number) => void} go
 * @property {(deal: number, step?: number) => void} deal   show another deal of the record (at its step)
 * @property {(seat: number | null) => void} seat
 * @property {(on: boolean) => void} quiz
 * @property {(action: string) => void} pick
 * @property {() => void} stop
 * @property {() => void} resume
 * @property {() => void} exportAs    copy, download or link (records/exchange.js)
 */

/** @param {ReviewState} s */
const step = (s) => s.review.steps[s.at];

/** Whether the reader is being asked at this step (quiz, one of the seat's decisions, not
 * answered yet): then what was played there stays hidden.  @param {ReviewState} s */
export function asking(s) {
  const st = step(s);
  return s.quiz && s.decisions.includes(st.step) && !(st.step in s.picked);
}

/** @param {HTMLElement} root @param {ReviewState} s */
export function render(root, s) {
  const had = /** @type {HTMLElement | null} */ (document.activeElement);
  const inside = Boolean(had && (had === root || root.contains(had)));
  const focusKey = inside && had ? had.dataset.focus : undefined;
  root.classList.add("review");
  if (!root.hasAttribute("tabindex")) root.tabIndex = -1;
  root.replaceChildren(head(s), table(s), bids(s), cursor(s), answer(s), decisionList(s), progress(s), summary(s), exporter(s));
  // the keys keep working where the focus was: on the same control, or, when it went
  // (a button disabled at either end), on the review itself
  if (inside) {
    const again = /** @type {HTMLButtonElement | null} */ (focusKey ? root.querySelector(`[data-focus="${focusKey}"]`) : null);
    if (again && !again.disabled) again.focus();
    else root.focus();
  }
}

/** @param {ReviewState} s */
function head(s) {
  const r = s.review;
  const nm = names(s.naming);
  const pick = el("select", { class: "rv-seat", "data-focus": "seat", "aria-label": t("rv_whose"),
    onchange: (/** @type {Event} */ e) => { const x = /** @type {HTMLSelectElement} */ (e.target).value; s.on.seat(x === "all" ? null : Number(x)); } },
    ...nm.map((n, i) => el("option", { value: String(i), text: n, selected: s.seat === i })),
    el("option", { value: "all", text: t("rv_every_seat"), selected: s.seat === null }));
  const quiz = el("label", { class: "rv-quiz" }, el("input", { type: "checkbox", class: "rv-quiz-box", "data-focus": "quiz", checked: s.quiz,
    onchange: (/** @type {Event} */ e) => s.on.quiz(/** @type {HTMLInputElement} */ (e.target).checked) }), " ", t("rv_quiz"));
  return el("div", { class: "rv-head" }, el("h3", { class: "rv-title", text: `${t(`game_${r.game}`)}: ${dealName(s, s.deal)}` }),
    dealPicker(s), el("label", { class: "rv-whose" }, t("rv_whose"), " ", pick), quiz);
}

/** A deal's name in a review: "Deal 3: No tricks" (German Whist's: "Deal 3").
 * @param {ReviewState} s @param {number} k the deal's index in the record */
export function dealName(s, k) {
  return dealTitle(s.v, s.deals[k].deal_no + 1, s.deals[k].contract);
}

/** A deal's name in a column headed "Deal": "3. No tricks" (German Whist's: "3").
 * @param {ReviewState} s @param {number} k */
function shortDealName(s, k) {
  const d = s.deals[k];
  return s.v.facts.named_deals ? `${d.deal_no + 1}. ${contractLabel(s.v, d.contract)}` : String(d.deal_no + 1);
}

/** A match's deals: the previous, any by name, the next.  @param {ReviewState} s */
function dealPicker(s) {
  if (s.deals.length < 2) return el("span", { class: "rv-deals", hidden: true });
  const n = s.deals.length;
  const btn = (/** @type {string} */ key, /** @type {string} */ sign, /** @type {number} */ to) =>
    el("button", { type: "button", class: `rv-${key}`, "data-focus": key, "aria-label": t(`rv_${key}`), title: t(`rv_${key}`), text: sign,
      disabled: to < 0 || to >= n, onclick: () => s.on.deal(to) });
  const pick = el("select", { class: "rv-deal", "data-focus": "deal", "aria-label": t("rv_deal_pick"),
    onchange: (/** @type {Event} */ e) => s.on.deal(Number(/** @type {HTMLSelectElement} */ (e.target).value)) },
  ...s.deals.map((_, k) => el("option", { value: String(k), text: dealName(s, k), selected: k === s.deal })));
  return el("span", { class: "rv-deals", role: "group", "aria-label": t("rv_deal_pick") }, btn("deal_prev", "◀", s.deal - 1), pick, btn("deal_next", "▶", s.deal + 1));
}

/** Each seat's hand and the trick, the seats placed as at the table (`bottom` at the foot).
 * @param {ReviewState} s */
function table(s) {
  const st = step(s);
  const nm = names(s.naming);
  const ask = asking(s);
  const a = s.analyses[st.step];
  const showMarks = a && !ask && st.seat !== null;
  const seats = st.hands.map((hand, seat) => {
    const acting = st.seat === seat;
    const hidden = s.quiz && seat !== (s.seat ?? st.seat);
    const cards = hidden ? hand.map(() => el("div", { class: "card back mini-back", "aria-hidden": "true" }))
      : sortHand(hand).map((c) => {
        const can = acting && ask && st.legal.includes(c);
        const face = cardFace(c, { button: can, legal: can ? true : null, deck: s.look.deck,
          cls: [acting && !ask && c === st.action ? "rv-played" : "", showMarks && a.best === c ? "rv-best" : "", can ? "legal" : ""].join(" ") });
        if (can) { face.dataset.focus = `pick-${c}`; face.addEventListener("click", () => s.on.pick(c)); }
        const m = showMarks && acting ? a.marks[c] : undefined;
        if (m) { face.dataset.mark = m; face.append(el("span", { class: `rv-badge rv-${m}`, "aria-hidden": "true", text: s.symbols[m] || "" })); }
        return face;
      });
    const label = el("p", { class: "rv-name", text: `${nm[seat]} · ${t("rv_taken", { n: st.taken[seat] }, st.taken[seat])} · ${pointsText(st.deal_points[seat], s.v)}` });
    return el("div", { class: `rv-seat-box rv-${position(seat, s.v)}${acting ? " rv-acting" : ""}`, "data-seat": String(seat), "aria-label": nm[seat] },
      label, el("div", { class: "rv-hand", "data-hidden": hidden ? "1" : null }, ...cards));
  });
  const trick = el("div", { class: "rv-trick", "aria-label": t("rv_trick") },
    ...st.trick.filter((x) => !(ask && x.seat === st.seat && x.card === st.action))
      .map((x) => cardFace(x.card, { cls: `rv-at-${position(x.seat, s.v)}`, deck: s.look.deck })));
  const centre = [trick];
  if (st.faceup) centre.push(el("p", { class: "rv-faceup" }, t("rv_faceup"), " ", cardFace(st.faceup, { cls: "mini", deck: s.look.deck })));
  if (st.trump) centre.push(el("p", { class: "rv-trump", text: t("trump", { suit: t(`suit_${st.trump}`) }) }));
  if (st.phase === "over") centre.push(el("p", { class: "rv-over", text: t("rv_over") }));
  return el("div", { class: `rv-table rv-players-${st.hands.length}` }, ...seats, el("div", { class: "rv-centre" }, ...centre));
}

/** A positive's spoken actions up to this step.  @param {ReviewState} s */
function bids(s) {
  const log = step(s).log || [];
  if (!log.length) return el("div", { class: "rv-bids", hidden: true });
  const nm = names(s.naming);
  return el("ol", { class: "rv-bids" }, ...log.map((e) => el("li", { text: `${nm[e.seat]}: ${actionWords(e.action, s.v)}` })));
}

/** @param {ReviewState} s */
function cursor(s) {
  const n = s.review.steps.length;
  const go = (/** @type {number} */ x) => () => s.on.go(x);
  const btn = (/** @type {string} */ key, /** @type {string} */ sign, /** @type {number} */ to, /** @type {boolean} */ off) =>
    el("button", { type: "button", class: `rv-${key}`, "data-focus": key, "aria-label": t(`rv_${key}`), title: t(`rv_${key}`), text: sign, disabled: off, onclick: go(to) });
  const slider = el("input", { type: "range", class: "rv-jump", "data-focus": "jump", min: "0", max: String(n - 1), value: String(s.at), "aria-label": t("rv_jump"),
    oninput: (/** @type {Event} */ e) => s.on.go(Number(/** @type {HTMLInputElement} */ (e.target).value)) });
  const st = step(s);
  const where = st.phase === "over" ? t("rv_at_end") : aboutSeat("rv_at", /** @type {number} */ (st.seat), s.naming, { n: s.at + 1, of: n - 1 });
  return el("div", { class: "rv-cursor", role: "group", "aria-label": t("rv_cursor") },
    btn("first", "⇤", 0, s.at === 0), btn("back", "◀", s.at - 1, s.at === 0),
    btn("forward", "▶", s.at + 1, s.at === n - 1), btn("last", "⇥", n - 1, s.at === n - 1),
    slider, el("span", { class: "rv-where", "aria-live": "polite", text: where }));
}

/** The verdict at this step, or the question, or the reader's answer beside the verdict.
 * @param {ReviewState} s */
function answer(s) {
  const st = step(s);
  const box = el("div", { class: "rv-verdict", "aria-live": "polite" });
  if (st.phase === "over") return box;
  const a = s.analyses[st.step];
  if (asking(s)) {
    box.append(el("p", { class: "rv-ask", text: aboutSeat("rv_ask", /** @type {number} */ (st.seat), s.naming) }));
    if (st.phase !== "play") {
      box.append(el("div", { class: "rv-bid-choices" }, ...st.legal.map((x) => el("button", { type: "button", "data-action": x, "data-focus": `pick-${x}`,
        text: actionWords(x, s.v), onclick: () => s.on.pick(x) }))));
    }
    return box;
  }
  const picked = s.picked[st.step];
  if (picked !== undefined) {
    const m = a ? a.marks[picked] : null;
    box.append(el("p", { class: `rv-yours${m ? ` rv-${m}` : ""}`, "data-mark": m || null,
      text: m ? t("rv_yours", { action: actionWords(picked, s.v), sign: s.symbols[m] || "", mark: t(`rv_mark_${m}`) })
        : t("rv_yours_wait", { action: actionWords(picked, s.v) }) }));
  }
  if (!st.decision || !st.action) {
    if (st.action) box.append(el("p", { class: "rv-forced", text: t("rv_only", { action: actionWords(st.action, s.v) }) }));
    return box;
  }
  if (!a) {
    if (s.decisions.includes(st.step)) box.append(el("p", { class: "rv-pending", text: t("rv_pending") }));
    return box;
  }
  const w = verdict(a, s.v);
  box.dataset.mark = w.mark;
  box.append(el("p", { class: `rv-mark rv-${w.mark}` }, el("strong", { text: `${w.symbol} ${t(`rv_mark_${w.mark}`)}` })),
    el("p", { class: "rv-played-line", text: w.played }),
    ...(w.best ? [el("p", { class: "rv-best-line", text: w.best })] : []),
    el("p", { class: "rv-reason", text: w.reason }),
    ...(w.how ? [el("p", { class: "rv-how", text: w.how })] : []));
  return box;
}

/** The decisions analysed, each with its mark: a click goes there.  @param {ReviewState} s */
function decisionList(s) {
  const nm = names(s.naming);
  return el("ol", { class: "rv-decisions", "aria-label": t("rv_decisions") }, ...s.decisions.map((i) => {
    const st = s.review.steps[i];
    const a = s.analyses[i];
    const hide = s.quiz && !(i in s.picked);
    const mark = a && !hide ? `${a.symbol} ` : "";
    return el("li", {}, el("button", { type: "button", class: `rv-go${i === s.at ? " current" : ""}${a && !hide ? ` rv-${a.mark}` : ""}`,
      "data-step": String(i), "data-mark": a && !hide ? a.mark : null, "data-focus": `go-${i}`, "aria-current": i === s.at ? "step" : null,
      text: `${mark}${i + 1}. ${nm[/** @type {number} */ (st.seat)]}: ${hide ? "…" : actionWords(/** @type {string} */ (st.action), s.v)}`, onclick: () => s.on.go(i) }));
  }));
}

/** @param {ReviewState} s */
function progress(s) {
  const p = s.progress;
  const box = el("div", { class: "rv-progress", role: "status" });
  if (p.error) box.append(el("p", { class: "rv-error", text: p.error }));
  if (p.total === 0) return box;
  box.append(el("progress", { max: String(p.total), value: String(p.done), "aria-label": t("rv_analysing") }),
    el("span", { class: "rv-count", text: p.done === p.total ? t("rv_analysed", { n: p.total }, p.total)
      : p.stopped ? t("rv_stopped", { n: p.done, of: p.total }) : t("rv_analysing_n", { n: p.done, of: p.total }) }));
  if (s.deals.length > 1 && p.matchTotal) {
    box.append(el("span", { class: "rv-match-count", text: t("rv_match_analysing", { n: p.matchDone, of: p.matchTotal }, p.matchTotal) }));
  }
  if (p.running) box.append(el("button", { type: "button", class: "rv-stop", "data-focus": "stop", text: t("rv_stop"), onclick: () => s.on.stop() }));
  else if (p.done < p.total) box.append(el("button", { type: "button", class: "rv-resume", "data-focus": "resume", text: t("rv_resume"), onclick: () => s.on.resume() }));
  return box;
}

/** The deal's summary, then a match's: points lost, the marks, the three costliest
 * decisions (a click goes there), and deal by deal.  @param {ReviewState} s */
function summary(s) {
  const box = el("div", { class: "rv-summary" });
  if (s.summary && !(s.quiz && s.decisions.some((i) => !(i in s.picked)))) {
    const sum = s.summary;
    const w = summaryText(sum, s.v);
    box.append(el("section", { class: "rv-deal-summary" }, el("h4", { text: s.deals.length > 1 ? dealName(s, s.deal) : t("rv_summary") }),
      el("p", { class: "rv-lost", text: w.lost }), el("p", { class: "rv-counts", text: w.counts }),
      ...costliest(w.costliest, (i) => s.on.go(sum.costliest[i].step), "costly")));
  }
  // a quiz keeps the match's verdicts for when the quiz is off: they would give answers away
  if (s.match && s.deals.length > 1 && !s.quiz) {
    const m = s.match.summary;
    const w = summaryText(m, s.v, (k) => s.deals[k].deal_no + 1);
    const head = el("tr", {}, ...["rv_col_deal", "rv_col_decisions", "rv_col_marks", "rv_col_lost"].map((k) => el("th", { scope: "col", text: t(k) })));
    const rows = m.deals.map((d) => el("tr", { "data-deal": String(d.deal), class: d.deal === s.deal ? "current" : "" },
      el("th", { scope: "row" }, el("button", { type: "button", class: "rv-to-deal", "data-focus": `deal-${d.deal}`, "aria-label": dealName(s, d.deal),
        text: shortDealName(s, d.deal), onclick: () => s.on.deal(d.deal) })),
      el("td", { text: String(d.decisions) }),
      el("td", { class: "rv-marks-cell", text: MARKS.filter((x) => x !== "good" && d.marks[x]).map((x) => `${s.symbols[x] || x}\u00a0×${d.marks[x]}`).join(" · ") || (s.symbols.good || "") }),
      el("td", { class: "pts", text: lostText(d, s.v) })));
    box.append(el("section", { class: "rv-match-summary" }, el("h4", { text: t("rv_match_summary") }),
      ...(s.match.deals < s.deals.length ? [el("p", { class: "rv-so-far", text: t("rv_match_so_far", { n: s.match.deals, of: s.deals.length }) })] : []),
      el("p", { class: "rv-lost", text: w.lost }), el("p", { class: "rv-counts", text: w.counts }),
      ...costliest(w.costliest, (i) => s.on.deal(m.costliest[i].deal, m.costliest[i].step), "match-costly"),
      el("table", { class: "rv-per-deal", "aria-label": t("rv_per_deal") }, el("caption", { text: t("rv_per_deal") }), el("thead", {}, head), el("tbody", {}, ...rows))));
  }
  box.hidden = !box.childElementCount;
  return box;
}

/** The costliest decisions as buttons that go to them.
 * @param {string[]} lines @param {(i: number) => void} go @param {string} key @returns {HTMLElement[]} */
function costliest(lines, go, key) {
  if (!lines.length) return [];
  return [el("ol", { class: "rv-costliest" }, ...lines.map((c, i) => el("li", {},
    el("button", { type: "button", "data-focus": `${key}-${i}`, text: c, onclick: () => go(i) }))))];
}

/** @param {ReviewState} s */
function exporter(s) {
  if (!s.exportable) return el("div", { class: "rv-export", hidden: true });
  return el("div", { class: "rv-export" }, el("button", { type: "button", class: "rv-export-open", "data-focus": "export",
    text: t(s.deals.length > 1 ? "rec_export_match" : "rec_export"), onclick: () => s.on.exportAs() }));
}
