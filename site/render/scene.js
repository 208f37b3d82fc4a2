// What a table's render modules draw from, its scene: plain data (and the handlers of
// its controls), the same for the live table, a guest's, a spectator's or a replay's.
// Each render module exports render(root, scene) and draws into the element `root`.

/**
 * @typedef {object} Scene
 * @property {import("../table/model.js").Model} model   an audience's view of the table
 * @property {{deck: string, fourColor: boolean}} look
 * @property {boolean} busy            an action of the bottom seat is on its way: nothing more is offered
 * @property {string | null} hinted    the action a hint suggested
 * @property {string | null} fresh     a card just drawn into the hand (German Whist), marked new
 * @property {number | null} screen    a shared device between turns: whose turn it is (the hand stays hidden)
 * @property {boolean} lessonDone
 * @property {import("../store.js").LessonFeedback | null} lessonFeedback
 * @property {string | null} nextLesson  the lesson after this one, offered once it is done
 * @property {boolean} deal            the hand arrives dealt, card after card
 * @property {boolean} slide           cards move (not at the instant speed)
 * @property {TableHandlers} on
 */

/**
 * @typedef {object} TableHandlers
 * @property {(card: string) => void} play
 * @property {(action: string) => void} act
 * @property {(id: string) => void} nextLesson
 * @property {(section: string) => void} rules
 * @property {() => void} reveal       show the hand behind the screen
 * @property {(() => void) | undefined} [log]   open a positive's bidding
 * @property {(() => void) | undefined} [played]   open the deal's play so far
 */

export {};
