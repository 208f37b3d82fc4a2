// The panel between the table and the hand: a shared device's screen between two
// people's turns, a lesson's task and feedback, and King's positive phases (choose,
// auction, decision, trump, dealer) with one button per action the engine lists as legal.
import { t } from "../i18n/index.js";
import { el, part } from "./dom.js";
import { aboutSeat, actionLabel, lessonText, names, offerLabel, reasonText } from "./labels.js";
import { SECTION_OF_PHASE } from "../rule-sections.js";
import { actionMeaning, logLines, offerValue, turnLine } from "./narrate.js";

/** @typedef {import("./scene.js").Scene} Scene */
/** @typedef {import("../table/model.js").Model} View */

/** @param {HTMLElement} root @param {Scene} s */
export function render(root, s) {
  const v = s.model;
  const on = s.on;
  const panel = part(root, "panel");
  const kids = [];
  const mine = v.seat !== null && v.turn === v.seat && !v.over && !s.lessonDone && !s.busy;
  if (s.screen !== null) {
    // a device passed round: whose turn it is, and their hand only when they ask
    const who = names(v)[s.screen];
    kids.push(el("div", { class: "pass-screen", id: "pass-screen" },
      el("p", { class: "prompt", text: t("pass_to", { name: who }) }),
      el("button", { type: "button", class: "primary", id: "show-hand", text: t("show_hand", { name: who }), onclick: on.reveal })));
  }
  const lessonFrom = kids.length;
  if (v.lesson) {
    kids.push(lessonTask(root, v.lesson));
    if (s.lessonFeedback) kids.push(el("p", { id: "lesson-feedback", class: s.lessonFeedback.kind, role: "status", text: feedbackText(s.lessonFeedback, v) }));
    const next = s.nextLesson;
    if (s.lessonDone && next) {
      kids.push(el("div", { class: "row" }, el("button", { type: "button", class: "primary", id: "next-lesson",
        text: `${t("next_lesson")}: ${lessonText(next)[0]}`, onclick: () => on.nextLesson(next) })));
    }
  }
  const dealFrom = kids.length;
  // a phase of the deal before its play (King's positive: the owner's choice, the auction…)
  const before = v.facts.phases.indexOf(v.phase);
  if (before >= 0 && before < v.facts.phases.indexOf("play")) {
    if (v.auction && (v.phase === "auction" || v.phase === "decide" || v.phase === "ultimatum")) {
      const a = v.auction;
      kids.push(el("p", { class: "auction-line" }, el("strong", { text: t("auction_title") }), " · ",
        a.standing ? aboutSeat("standing", /** @type {number} */ (a.holder), v, { offer: offerLabel(a.standing) }) : t("no_offer")));
    }
    const lines = v.owner !== null && v.owner !== undefined ? logLines(v, v.log || [], v.owner) : [];
    if (lines.length) {
      // (focusable: a list that scrolls must be reachable by the keyboard)
      kids.push(el("ol", { class: "deal-log", id: "deal-log", tabindex: "0", "aria-label": t("log_title") },
        ...lines.map((line) => el("li", { text: line }))));
    }
    let prompt = null;
    if (mine) {
      prompt = /** @type {Record<string, string>} */ ({ choose: t("owner_choose"), decide: t("decide_title"), ultimatum: t("ultimatum_q"),
        trump: t("name_trump"), dealer: t("dealer_pick"), auction: t("your_bid") })[v.phase];
    } else if (v.turn !== null && v.turn !== undefined) {
      prompt = turnLine(v);
    }
    // a lesson's task says what to weigh: the auction's rule would answer it
    const bidding = mine && v.phase === "auction" && !v.lesson;
    if (prompt) kids.push(el("p", { class: "prompt", id: bidding ? "bid-prompt" : null, text: bidding ? bidPrompt(v) : prompt }));
    const rule = bidding ? bidRule(v) : "";
    if (rule) kids.push(el("p", { class: "bid-rule", id: "bid-rule", text: rule }));
    if (mine) {
      // what playing up brings is the same whatever the trump: said once over the choices,
      // not on each (five buttons of two lines put a phone's hand under the screen)
      const ups = v.legal.filter((a) => a.startsWith("up:")).length > 1;
      if (ups) kids.push(el("p", { class: "bid-rule", id: "up-terms", text: t("pts_up_each") }));
      kids.push(el("div", { class: "row bids" }, ...v.legal.map((a) => {
        const pts = ups && a.startsWith("up:") ? "" : actionMeaning(a, v);
        return el("button", {
          type: "button", "data-action": a, class: `bid ${s.hinted === a ? "primary" : ""}`.trim(),
          onclick: () => on.act(a),
        }, el("span", { class: "bid-what", text: actionLabel(a, v) }), pts ? el("small", { class: "bid-pts", text: pts }) : "");
      })));
      const section = /** @type {Record<string, string>} */ (SECTION_OF_PHASE)[v.phase];
      const link = section ? el("button", { type: "button", class: "rules-link", "data-section": section,
        text: t("rules_link"), onclick: () => on.rules(section) }) : null;
      if (v.phase === "auction") {
        // what an offer binds its maker to, where the offers are made (the buttons say
        // only their worth, "= 75"), on the rules link's line
        const terms = v.options.uncapped_payment ? "bid_terms_full" : "bid_terms";
        kids.push(el("p", { class: "bid-terms" }, el("span", { id: "bid-terms", text: t(terms, { owner: names(v)[/** @type {number} */ (v.owner)] }) }), " ", link));
      } else if (link) {
        kids.push(link);
      }
    }
  }
  if (dealFrom > lessonFrom && kids.length > dealFrom) {
    // a lesson beside a deal's phase: its two sides, which a wide screen sets side by side
    // (style.css) and a narrow one one under the other, as though unwrapped
    const deal = kids.splice(dealFrom), lesson = kids.splice(lessonFrom);
    kids.push(el("div", { class: "panel-lesson" }, ...lesson), el("div", { class: "panel-deal" }, ...deal));
  }
  panel.hidden = kids.length === 0;
  panel.replaceChildren(...kids);
  const task = /** @type {HTMLElement | null} */ (panel.querySelector(".lesson-task"));
  if (task) foldable(task);
  // the log keeps its height and shows its newest line: a long auction would push the
  // panel's heading up the table
  const log = /** @type {HTMLElement | null} */ (panel.querySelector(".deal-log"));
  if (log) {
    toNewest(log);
    log.addEventListener("scroll", () => markCut(log), { passive: true });
  }
}

/** The log scrolled to its newest line (again once it is unfolded: folded, it had no height
 * to scroll).  @param {HTMLElement} log */
function toNewest(log) {
  log.scrollTop = log.scrollHeight;
  markCut(log);
}

/** The log's top fades while earlier lines are scrolled out of sight: there is more above.
 * @param {HTMLElement} log */
const markCut = (log) => log.classList.toggle("cut", log.scrollTop > 0);

/** A lesson's task, and the button that unfolds it where style.css folds it to one line
 * (on a phone: beside a positive's choices the whole task put the hand it talks about below
 * the screen, and so did a wrong answer's explanation under it).  The auction's heading and
 * log fold with it while an explanation is shown (style.css), and unfold with it: the
 * position as it was set before the answer.  Unfolded, it stays so while the lesson is on
 * the table.
 * @param {HTMLElement} root @param {string} id */
function lessonTask(root, id) {
  const open = root.dataset.taskOpen === id;
  const text = el("p", { id: "lesson-task", class: open ? "open" : null, text: lessonText(id)[1] });
  const more = el("button", { type: "button", class: "task-more", "aria-controls": "lesson-task" });
  const show = (/** @type {boolean} */ on) => {
    text.classList.toggle("open", on);
    more.setAttribute("aria-expanded", String(on));
    more.textContent = t(on ? "task_less" : "task_more");
  };
  show(open);
  more.addEventListener("click", () => {
    const on = !text.classList.contains("open");
    show(on);
    if (on) root.dataset.taskOpen = id; else delete root.dataset.taskOpen;
    const log = /** @type {HTMLElement | null} */ (root.querySelector("#panel .deal-log"));
    if (log) toNewest(log);
  });
  const box = el("div", { class: "lesson-task" }, text);
  // the button is there only while something is folded away, or unfolded: a short task, or
  // a wide screen, has nothing to unfold
  FOLDS.set(box, () => {
    if (text.classList.contains("open") || text.scrollHeight > text.clientHeight || foldedWith(box)) box.append(more);
    else more.remove();
  });
  return box;
}

/** Whether the panel of the task `box` has folded away parts of the position with it.
 * @param {HTMLElement} box */
function foldedWith(box) {
  const panel = box.closest(".panel");
  const parts = panel ? [...panel.querySelectorAll(":is(.auction-line, .deal-log)")] : [];
  return parts.some((p) => getComputedStyle(p).display === "none");
}

/** A lesson's feedback in the page's language now: "Not the best play. <what the chosen
 * play costs> <why the answer is better> Try again.", or "Right! <why>".
 * @param {import("../store.js").LessonFeedback} f @param {View} v */
export function feedbackText(f, v) {
  if (f.kind === "right") return `${t("right")} ${reasonText(f.hint, v)}`;
  return [t("why_prefix"), reasonText(f.cost, v), reasonText(f.hint, v), t("try_again")].join(" ");
}

/** Each task's measure of whether it is cut short, again when a phone is turned. */
const FOLDS = new WeakMap();
let refolds = false;
/** @param {HTMLElement} box */
function foldable(box) {
  FOLDS.get(box)?.();
  if (!refolds) {
    refolds = true;
    addEventListener("resize", () => document.querySelectorAll(".lesson-task").forEach((b) => FOLDS.get(b)?.()));
  }
}

/** The bottom seat's prompt to bid, with the worth its offer must beat once there is a
 * standing offer (a button of the last turn may be gone): "Your bid: worth more than
 * 50 points".  @param {View} v */
export function bidPrompt(v) {
  const a = v.auction;
  if (!a || !a.standing) return t("your_bid");
  const n = offerValue(a.standing, v);
  const higher = v.legal.some((x) => x.startsWith("offer:") && offerValue(x, v) > n);
  return t(higher ? "bid_over" : "bid_top", { n });
}

/** What else is open beside the higher offers, as the engine lists the legal actions:
 * matching the standing offer by preference (the seat speaks before its holder), or
 * nothing but a pass; "" when neither.  @param {View} v */
export function bidRule(v) {
  const a = v.auction;
  if (!a || !a.standing || a.holder === null || a.holder === undefined) return "";
  if (v.legal.includes(a.standing)) return t("bid_match", { offer: offerLabel(a.standing), seat: names(v)[a.holder] });
  return v.legal.length === 1 && v.legal[0] === "pass" ? t("bid_pass_only") : "";
}
