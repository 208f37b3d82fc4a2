// The shapes of the review worker's answers (kingweb/steps.py: Review, ReviewStep; kingweb/marks.py:
// Analysis, Summary; docs/RECORDS.md §4), as JSDoc types for the page's checker.

/**
 * @typedef {object} ReviewStep
 * @property {number} step
 * @property {number | null} seat        who acts (null at the deal's end)
 * @property {string} phase              play, choose, auction, decide, ultimatum, trump; over at the end
 * @property {string | null} action      what was done there
 * @property {string[]} legal
 * @property {boolean} decision          more than one legal action
 * @property {string[][]} hands          every hand now, seat 0 first
 * @property {{seat: number, card: string}[]} trick
 * @property {{leader: number, cards: string[], winner: number} | null} last_trick
 * @property {number[]} taken
 * @property {number[]} deal_points
 * @property {string} contract
 * @property {string | null} trump
 * @property {number} [stage]
 * @property {string | null} [faceup]
 * @property {string[]} [stock]
 * @property {{seat: number, phase: string, action: string}[]} [log]
 */

/**
 * @typedef {object} Review
 * @property {string} game
 * @property {Record<string, any>} options
 * @property {(string | null)[] | null} names
 * @property {number} deal
 * @property {number} deal_no
 * @property {string} contract
 * @property {number} [dealer]
 * @property {number} [leader]
 * @property {string[][]} hands
 * @property {number[]} [points]
 * @property {ReviewStep[]} steps
 */

/**
 * @typedef {object} Analysis
 * @property {number} step
 * @property {number} [deal]
 * @property {number} seat
 * @property {string} phase
 * @property {string} kind               card or bid
 * @property {string} action
 * @property {string[]} legal
 * @property {Record<string, number>} values
 * @property {string} best
 * @property {number} value
 * @property {number} best_value
 * @property {number} loss
 * @property {number} margin
 * @property {boolean} exact
 * @property {number} worlds
 * @property {string} method             forced, solved, sampled, simulated
 * @property {string} mark               good, inaccuracy, mistake, blunder
 * @property {string} symbol
 * @property {string} reason
 * @property {Record<string, any>} params
 * @property {string} text
 * @property {Record<string, string>} marks  the mark each legal action would have had
 */

/**
 * @typedef {object} Costly
 * @property {number} deal
 * @property {number} step
 * @property {number} seat
 * @property {string} action
 * @property {string} best
 * @property {number} value
 * @property {number} best_value
 * @property {number} loss
 * @property {string} mark
 * @property {boolean} exact
 */

/**
 * @typedef {object} Tally
 * @property {number} decisions
 * @property {Record<string, number>} marks
 * @property {number} lost
 * @property {[number, number][]} gaps  each marked decision's value and its best's
 * @property {Costly[]} costliest
 */

/** @typedef {Tally & {deal: number}} DealTally */

/** @typedef {Tally & {deals: DealTally[]}} Summary  a deal's or a match's, and per deal */

export {};
