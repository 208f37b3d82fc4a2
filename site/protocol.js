// The messages between the page and the worker, written down once.  The Python side is
// kingweb.session.handle (one JSON request in, one JSON answer out); worker.js wraps it in
// postMessage.  This module holds types only: engine.js is the one place that sends them.
//
// Cards are codes ("KH": rank 23456789TJQKA then suit CDHS); actions are strings the engine
// lists in `legal` ("QS", "pass", "offer:up:5", "up:H", "dealer:2", ...); seats are ints,
// 0 is the first seat, and the page draws `human` at the bottom.

/**
 * @typedef {"info" | "start" | "act" | "bot" | "hint" | "undo" | "save" | "load" | "lesson" | "lesson_try" | "state"} Command
 */

/**
 * A request, page → worker.
 * @typedef {object} Request
 * @property {number} id        echoed in the answer
 * @property {Command} cmd
 * @property {object} args      start: {game, options, level, seed?, seat?}; act and
 *                              lesson_try: {action}; load: {save}; lesson: {id}; others: {}
 */

/**
 * kingweb.session.handle's answer.  `ok: false` is a request the engine refused as a
 * whole (no game, bad options, a corrupt save); `code` and `params` name the refusal for
 * translation (err_<code>) when the engine gives them.
 * @typedef {object} Answer
 * @property {boolean} ok
 * @property {any} [result]
 * @property {string} [error]   English message
 * @property {string} [kind]    "RulesError", "IllegalAction", ..., or "crash": the request
 *                              broke Python itself (worker.js)
 * @property {string} [code]
 * @property {Record<string, any>} [params]
 */

/**
 * Worker → page while it boots (and once after: "kept", "stdlib").  A failed boot is
 * "fatal": kind "network" when a file could not be downloaded, "crash" when the runtime
 * or the engine broke.  "crashed" comes after the boot, when a request broke the runtime
 * for good: the page then needs a new worker.
 * @typedef {{type: "progress", stage: string, pct: number}
 *   | {type: "ready", info: Info, build: object, boot_ms: Record<string, number>, install: Record<string, any>}
 *   | {type: "fatal", kind: FailureKind, message: string}
 *   | {type: "crashed", message: string}
 *   | {type: "kept"}
 *   | {type: "stdlib", stdlib: {bytecode: number, source: string[]}}} BootNews
 */

/** @typedef {"network" | "crash"} FailureKind */

/**
 * Worker → page: the answer to request `id`, with the time Python spent on it.
 * @typedef {object} Reply
 * @property {number} id
 * @property {Answer} response
 * @property {number} ms
 */

/** @typedef {BootNews | Reply} WorkerMessage */

/**
 * An option of a game: its default and every value the engine accepts.
 * @typedef {object} OptionSpec
 * @property {any} default
 * @property {any[]} allowed
 * @property {string} doc
 */

/**
 * What exists, asked once at boot (cmd "info").
 * @typedef {object} Info
 * @property {Record<string, {players: number, options: Record<string, OptionSpec>}>} games
 * @property {string[]} levels
 * @property {string[]} lessons    "game/name" ids, in teaching order
 * @property {string} version
 * @property {{refusals: string[], reasons: string[]}} [codes]  every refusal and hint code
 */

/**
 * @typedef {object} TrickCard
 * @property {number} seat
 * @property {string} card
 */

/**
 * A finished trick: `cards` in play order from `leader`; `serial` tells one from the next.
 * @typedef {object} FinishedTrick
 * @property {string[]} cards
 * @property {number} leader
 * @property {number} winner
 * @property {number} deal_no   the deal it was played in
 * @property {number} serial
 */

/**
 * @typedef {object} Bid
 * @property {number} seat
 * @property {string} action     "pass" or "offer:<up|null>:<n>"
 */

/**
 * A King positive's auction.
 * @typedef {object} Auction
 * @property {string | null} offer    the standing offer
 * @property {number | null} holder   who holds it
 * @property {Bid[]} bids
 */

/**
 * A finished deal.
 * @typedef {object} DealRecord
 * @property {string} contract
 * @property {number[]} points   per seat, in unit points
 * @property {number} total      what the points must sum to
 * @property {number[]} [taken]  tricks per seat
 * @property {number} [owner]
 * @property {number | null} [buyer]
 * @property {string} [offer]
 * @property {number} [payment]
 * @property {number[]} [raw]        a played positive: points before the payment
 * @property {number} [dealer]
 * @property {number} [leader]       Кинг: the deal's first leader
 * @property {number[]} [scores]     the match totals after this deal
 * @property {Counted[][]} [counted] per seat, what it took that scored
 * @property {{seat: number, phase: string, action: string, matches?: number}[]} [log]  a positive's spoken actions
 * @property {{cards: string[], leader: number, winner: number}[]} [tricks]
 * @property {number} [stage2_from]  German Whist: the first trick of stage 2
 * @property {number} [target]       German Whist: the points that win the match
 * @property {string} [trump]        German Whist: the deal's trump suit
 * @property {string[][]} [hands]    per seat, the cards dealt: public once the deal is over (a review shows them)
 * @property {string[]} [stock]      German Whist: the stock as dealt, top first (the first card turned up)
 */

/**
 * One item a seat took that scored in a deal (kingweb.play.Contract.counted, King's
 * payment and 4-3-3-3 items).
 * @typedef {object} Counted
 * @property {"card" | "trick" | "tricks" | "payment" | "4333"} kind
 * @property {number} points
 * @property {string} [card]    kind "card"
 * @property {number} [trick]   kind "trick": its number in the deal, from 1
 * @property {number} [count]   kind "tricks"
 * @property {number} [seat]    kind "payment": the other party
 */

/**
 * German Whist: what the two players took from the stock after a stage-1 trick.
 * @typedef {object} Draw
 * @property {number} trick    the stage-1 trick after which it was drawn (from 0)
 * @property {number} winner
 * @property {string} faceup   the card the winner took
 * @property {string} [hidden] the loser's unseen card (only in the loser's own view)
 */

/**
 * What the human's seat may know (Game.view plus the session's fields), the page's only
 * picture of the game.
 * @typedef {object} View
 * @property {string} game          "king" | "kingru" | "whist"
 * @property {Record<string, any>} options
 * @property {number} players
 * @property {number} seat
 * @property {number} human         the seat the page plays
 * @property {number} seed
 * @property {string} level
 * @property {number | null} turn
 * @property {boolean} over
 * @property {string} phase         "play", "choose", "auction", "decide", "ultimatum", "trump", "dealer", "over"
 * @property {number} deal_no
 * @property {number} [deals_total]
 * @property {string} contract
 * @property {number[]} scores
 * @property {DealRecord[]} deals
 * @property {string[]} hand
 * @property {number[]} hand_counts
 * @property {string[]} legal
 * @property {TrickCard[]} trick
 * @property {FinishedTrick | null} last_trick
 * @property {{cards: string[], leader: number, winner: number}[]} [tricks]  this deal's finished tricks
 * @property {number[]} [taken]
 * @property {number[]} [deal_points]
 * @property {number} [deal_total]   Кинг: the deal's points in all
 * @property {string | null} [trump]
 * @property {number | null} [owner]
 * @property {Auction} [auction]
 * @property {number | null} [buyer]     King: the positive's buyer
 * @property {string | null} [bought]    King: the offer he bought
 * @property {{seat: number, phase: string, action: string, matches?: number}[]} [log]  King: the positive's spoken actions
 * @property {number} [target]           German Whist: the points that win the match
 * @property {number} [stage]        German Whist: 1 (stock) or 2
 * @property {number[]} [stage1_taken]
 * @property {string | null} [faceup]
 * @property {number} [stock_count]
 * @property {Draw[]} [draws]
 * @property {number} [dealer]
 * @property {{kh_receiver: number, chosen: boolean}} [first_dealer]  King: who was dealt the K♥, and whether he names the dealer (king_chooses_dealer)
 * @property {number} [leader]        the seat that led the trick being played
 * @property {number} [trick_no]      tricks finished in this deal
 * @property {number} [tricks_per_hand]
 * @property {string[][]} [won]       cards per seat this deal
 * @property {boolean} scenario       one deal from a given position (a lesson)
 * @property {string[]} out_of_play   cards a scenario left out of the deal
 * @property {string[]} [order]       Кинг: the contracts of the match, in order
 * @property {number} [stage2_from]   German Whist: the first trick of stage 2
 * @property {string[]} [opponent_known]  German Whist: face-up cards the opponent took and still holds
 * @property {boolean} can_undo
 * @property {string | null} lesson
 * @property {number} actions_count
 */

/**
 * The answer to "act", "bot" and "undo": the new view, or a refusal with the view unchanged.
 * @typedef {object} Step
 * @property {boolean} ok
 * @property {View} state
 * @property {string} [error]
 * @property {string} [code]
 * @property {Record<string, any>} [params]
 */

/**
 * A suggestion (cmd "hint", and a lesson's wrong answer): `reason` is a code (why_<reason>).
 * @typedef {object} Hint
 * @property {string | null} action
 * @property {string} reason
 * @property {Record<string, any>} [params]
 * @property {string} text     English
 */

/**
 * A lesson's answer to one try.
 * @typedef {object} LessonVerdict
 * @property {"right" | "wrong" | "illegal"} verdict
 * @property {View} state
 * @property {string} [error]   illegal: the engine's English reason
 * @property {string} [code]
 * @property {Record<string, any>} [params]
 * @property {Hint} [hint]      wrong: a right play and why
 * @property {Hint} [cost]      wrong: what the chosen play costs against it (`action` is the chosen play)
 */

/**
 * A saved match: replayed by "load".
 * @typedef {object} Save
 * @property {string} format
 * @property {number} version
 * @property {string} game
 * @property {number} seed
 * @property {Record<string, any>} options
 * @property {string} level
 * @property {string[]} actions
 */

export {};
