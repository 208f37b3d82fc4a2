// A lesson: one position and one decision.  A right answer is played and said why; a
// wrong one is explained, from the engine's reasons, and not played; an illegal one is refused with
// the rule.  Once answered, the panel offers the next lesson of the same game.
import { lang } from "../i18n/index.js";
import { lessonText, refusalText } from "../render/labels.js";
import { toast } from "../render/messages.js";

/** @typedef {import("../protocol.js").Hint} Hint */
/** @typedef {import("../protocol.js").LessonVerdict} LessonVerdict */
/** @typedef {import("../protocol.js").Info} Info */

/**
 * The engine, what exists (read when needed: it comes after the wiring) and the host
 * page to tell when a lesson is done.
 * @typedef {{call: (cmd: string, args?: object) => Promise<any>, info: Info | null, tell: (msg: string, data: object) => void}} LessonWiring
 */

/** The next lesson of the same game in `lessons`, if any. @param {string[]} lessons @param {string} id */
export function nextLessonId(lessons, id) {
  const next = lessons[lessons.indexOf(id) + 1];
  return next && next.split("/")[0] === id.split("/")[0] ? next : null;
}

/** Lessons on `table`: its answers and its next lesson go to the engine (`w`).
 * @param {import("./flow.js").Table} table @param {LessonWiring} w */
export function wireLessons(table, w) {
  const page = table.state;

  /** Open lesson `id`. @param {string} id */
  async function startLesson(id) {
    const sync = await w.call("lesson", { id });
    const seat = Object.keys(sync.states)[0];
    page.mode = "lesson";
    page.audience = Number(seat);
    page.here = [page.audience];
    page.away = [];
    page.screen = null;
    page.lessonDone = false;
    page.lessonFeedback = null;
    page.nextLesson = nextLessonId(w.info ? w.info.lessons : [], id);
    table.open(sync);
    // the host page names the lesson beside the frame: it must follow the frame to the next one
    w.tell("lesson-start", { lesson: id, title: lessonText(id)[0], lang });
  }

  /** The learner's answer; whether the position stands (a wrong or an illegal answer).
   * @param {string} action */
  async function answer(action) {
    const v = page.model;
    if (!v) return false;
    page.busy = true;
    try {
      /** @type {LessonVerdict} */
      const r = await w.call("lesson_try", { action });
      page.busy = false;
      if (r.verdict === "illegal") { toast(refusalText(r, v), 3500, "refusal"); table.render(); return true; }
      if (r.verdict === "wrong") {
        // what the chosen play costs, then why the answer is better: once, in the panel,
        // where the next try is made
        page.lessonFeedback = { kind: "wrong", cost: /** @type {Hint} */ (r.cost), hint: /** @type {Hint} */ (r.hint) };
        page.hinted = null;
        table.render();
        return true;
      }
      page.lessonDone = true;
      page.lessonFeedback = { kind: "right", hint: /** @type {Hint} */ (r.hint) };
      table.receive(/** @type {any} */ (r));
      w.tell("lesson-done", { lesson: v.lesson });
    } catch (e) {
      page.busy = false;
      toast(refusalText(/** @type {any} */ (e), v));
    }
    return false;
  }

  table.wire({ lessonTry: answer, nextLesson: (id) => { startLesson(id).catch(() => {}); } });
  return startLesson;
}
