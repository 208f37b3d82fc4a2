// The messages between the page and the worker, written down once.  The Python side is
// kingweb.session.handle (one JSON request in, one JSON answer out); worker.js wraps it in
// postMessage.  This module holds types only: engine.js is the one place that sends them.
//
// Cards are codes ("KH": rank 23456789TJQKA then suit CDHS); actions are strings the engine
// lists in `legal` ("QS", "pass", "offer:up:5", "up:H", "dealer:2", ...); seats are ints,
// 0 is the first seat.  The page follows one audience (a seat, or a spectator) and draws its
// seat at the bottom.

/**
 * Python's commands: the names of kingweb.session's `COMMANDS`, the session's one table of
 * handlers (tests/docs/test_protocol_commands.py fails when the two differ).
 * @typedef {"info" | "start" | "start_daily" | "daily_code" | "act" | "step" | "clock" | "hint" | "undo" | "save" | "share"
 *   | "load" | "lesson" | "lesson_try" | "sync" | "follow" | "seat"} EngineCommand
 */

/**
 * The worker's own commands: "keep" (saves on or off), "resume" (a game's kept match: each
 * game has a slot of its own, saves.js), "saved" (every save written), "forget" (set the
 * table's save aside).
 * @typedef {"keep" | "resume" | "saved" | "forget"} WorkerCommand
 */

/** @typedef {EngineCommand | WorkerCommand} Command */

/**
 * A request, page → worker.
 * @typedef {object} Request
 * @property {number} id        echoed in the answer
 * @property {Command} cmd
 * @property {object} args      start: {game, options, level, seed?, seat?, seats?}; act:
 *                              {action, seat?}; lesson_try: {action}; hint: {seat?}; load:
 *                              {save}; lesson: {id}; sync: {audience?}; follow: {here, away};
 *                              seat: {seat, name?, stand_in?}; keep: {on, next?} (next:
 *                              false: the next match started is not kept); resume:
 *                              {game?} (by default the game last saved); others: {}
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
 * Worker → page besides answers: its boot (and once after: "kept", "stdlib"), and each
 * bot's turn the table plays by itself ("update", with the Python time of the bot's
 * decision).  A failed boot is "fatal": kind "network" when a file could not be
 * downloaded, "crash" when the runtime or the engine broke.  "crashed" comes after the
 * boot, when a request broke the runtime for good: the page then needs a new worker.
 * @typedef {{type: "progress", stage: string, pct: number}
 *   | {type: "update", result: Updates, ms: number, total_ms: number}
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
 * What the engine tells of a game's rules (kingweb/catalogue.py `facts`): the page draws
 * from these facts, never from a game's id, and holds no rule of its own.
 * @typedef {object} GameFacts
 * @property {number} players
 * @property {string[]} phases       the phases a view can be in, in a deal's order
 * @property {boolean} stock         German Whist's stock: a face-up card, two stages
 * @property {string} seat_field     the seat a deal names: "dealer" or (Кинг) "leader"
 * @property {string[]} scoring      the kinds of what a deal counts
 * @property {Record<string, number>} offers  King's offers: worth per unit ("up", "null") and the ultimatum's
 * @property {string | null} chosen  the contract a deal starts with when a player chooses it in the deal (King's "positive")
 * @property {boolean} named_deals   a deal is told apart by its contract (German Whist's by its number alone)
 * @property {boolean} to_target     a match is played until a player reaches the "target" option's points
 * @property {Record<string, string[]>} deal_orders  Кинг's orders of deals, by its "order" option
 */

/**
 * A game as `info` describes it: its facts and its options.
 * @typedef {GameFacts & {options: Record<string, OptionSpec>}} GameInfo
 */

/**
 * What exists, asked once at boot (cmd "info").
 * @typedef {object} Info
 * @property {Record<string, GameInfo>} games
 * @property {string[]} levels
 * @property {{choices: number[], default: number}} clock  the move clock's seconds the host may choose
 * @property {string[]} lessons    "game/name" ids, in teaching order
 * @property {string} version
 * @property {{refusals: string[], reasons: string[]}} [codes]  every refusal and hint code
 * @property {EngineCommand[]} commands  every command the session answers
 * @property {EngineCommand[]} changes   those whose answer may change the table: the worker
 *   writes the save again after them and wakes the bots (kingweb.session's `COMMANDS`)
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
 * @property {string | null} standing    the standing offer
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
 * @property {string} [bought]    King: the offer bought (4333: the best offer made)
 * @property {number} [payment]
 * @property {number[]} [raw]        a played positive: points before the payment
 * @property {number} [dealer]
 * @property {number} [leader]       Кинг: the deal's first leader
 * @property {number[]} [scores]     the match totals after this deal
 * @property {Counted[][]} [counted] per seat, what it took that scored
 * @property {{seat: number, phase: string, action: string, matches?: number}[]} [log]  a positive's spoken actions
 * @property {{cards: string[], leader: number, winner: number}[]} [tricks]
 * @property {boolean} [early_end]   the deal stopped before its last trick: nothing was left to charge
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
 * @property {string} [part]    kind "card" in «ералаш»: the deal it counts for there ("hearts", "boys", "girls", "king")
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
 * What an audience may know of the table (Game.view): a seat's, or a spectator's (`seat`
 * null, no hand).  The page's model (table/model.js) adds the table's seats beside it.
 * @typedef {object} View
 * @property {string} game          "king" | "kingru" | "whist"
 * @property {Record<string, any>} options
 * @property {number} players
 * @property {number | null} seat   the audience's seat (null: a spectator)
 * @property {number | null} turn
 * @property {boolean} over
 * @property {string} phase         "play", "choose", "auction", "decide", "ultimatum", "trump", "dealer", "over"
 * @property {number} deal_no
 * @property {number} [match_deals]
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
 * @property {number} [deal_total]   the deal's points in all (King: its contract's table total)
 * @property {number | null} [deal_unit]  what each scoring item counts, signed (null: no contract yet, «ералаш», German Whist)
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
 * @property {string[]} [order]       King, Кинг: the contracts of the match, in order (King's positives: "positive")
 * @property {(number | null)[]} [owners]  King: per deal, a positive's owner (null: a negative, or no first dealer yet)
 * @property {number} [stage2_from]   German Whist: the first trick of stage 2
 * @property {string[]} [opponent_known]  German Whist: face-up cards the opponent took and still holds
 */

/**
 * Who plays a seat: a person (here, or `away` at another device; `stand_in` while a bot
 * plays for them) or a bot at a `level`.  `name` is a person's own, "" until given.
 * @typedef {object} Seat
 * @property {"person" | "bot"} kind
 * @property {string} name
 * @property {string} [level]
 * @property {boolean} [away]
 * @property {boolean} [stand_in]
 */

/**
 * The table besides a view (kingweb.session.TableDetails).
 * @typedef {object} TableDetails
 * @property {Seat[]} seats
 * @property {string} level       the bots' level (a stand-in plays at it)
 * @property {string | null} lesson
 * @property {boolean} solo       one person here and bots: undo and the share link
 * @property {boolean} can_undo
 * @property {string} match       tells one match from another (never the seed)
 * @property {string | null} daily  the UTC date of the daily challenge the match is (site/daily/)
 * @property {number | null} [clock]  the move clock's seconds a decision (a table with people away)
 * @property {Deadline | null} [deadline]  for whom the move clock runs now
 * @property {GameFacts} facts    the facts of the game's rules the page draws from
 */

/**
 * The move clock running for the person at `seat`, `ms` left when the engine wrote it
 * (kingweb.session.Deadline): each page counts down from when it received it.
 * @typedef {object} Deadline
 * @property {number} seat
 * @property {number} ms
 */

/**
 * The move clock ran out for `seat`: its stand-in made the decision of event `n`; `away`:
 * the third in a row, and the stand-in plays on (kingweb.session.Timeout).
 * @typedef {object} Timeout
 * @property {number} seat
 * @property {number} n
 * @property {boolean} away
 */

/**
 * The whole state of each followed audience (start, load, lesson, undo, sync, follow):
 * `states` for those here, by key (a seat as text, or "spectator"), each a view with the
 * table's fields and `n`; `outbox` the same for those away, as JSON text to pass on.
 * @typedef {object} Sync
 * @property {number} n
 * @property {TableDetails} table
 * @property {Record<string, import("./table/model.js").Model>} states
 * @property {Record<string, string>} outbox
 * @property {boolean} bots       a bot is to act: its turn comes as an "update"
 */

/**
 * An audience's news: its events after the last it was told, then its legal actions.
 * @typedef {object} Update
 * @property {Event[]} events
 * @property {string[]} legal
 * @property {Deadline} [deadline]  the move clock runs (absent: it does not)
 * @property {Timeout} [timeout]    the move clock made the last decision
 */

/**
 * The answer to "act", "step" and a lesson's right answer: each followed audience's news
 * (`outbox`: those away, as JSON text); or a refusal, with nothing changed.
 * @typedef {object} Updates
 * @property {boolean} ok
 * @property {number} [n]
 * @property {Record<string, Update>} [updates]
 * @property {Record<string, string>} [outbox]
 * @property {boolean} [can_undo]
 * @property {boolean} [bots]
 * @property {Deadline | null} [deadline]  the move clock now (the worker's timer)
 * @property {TableDetails} [table]   clock: the seat was marked away
 * @property {number} [seat]       step: the bot's seat, action and Python ms
 * @property {string} [action]
 * @property {number} [ms]
 * @property {string} [error]
 * @property {string} [code]
 * @property {Record<string, any>} [params]
 */

/**
 * One of the engine's numbered events (kingweb.events), as one audience may know it.
 * @typedef {object} Event
 * @property {number} n
 * @property {"deal" | "claim" | "play" | "trick" | "draw" | "bid" | "decision" | "deal-end" | "match-end"} type
 * @property {number} [deal_no]     deal, deal-end
 * @property {any} [state]          deal: the audience's view less `deals` and `legal`
 * @property {number} [seat]        play, claim
 * @property {"all" | "none"} [claim]  claim: every trick left, or none
 * @property {number} [tricks_left] claim: the cards the claimant holds, one a trick
 * @property {string} [card]        play
 * @property {number | null} [turn] play, trick
 * @property {number} [leader]      trick
 * @property {string[]} [cards]     trick
 * @property {number} [winner]      trick, draw
 * @property {number} [serial]      trick
 * @property {number} [trick_no]    trick
 * @property {number[]} [taken]     trick
 * @property {number[]} [stage1_taken]  trick (German Whist)
 * @property {number[]} [deal_points]   trick
 * @property {number} [trick]       draw: after which trick
 * @property {string} [faceup]      draw: the card the winner took
 * @property {string | null} [hidden]   draw: the loser's card, for the loser alone
 * @property {string | null} [next_faceup]  draw
 * @property {number} [stock_count] draw
 * @property {number} [stage]       draw
 * @property {{seat: number, phase: string, action: string, matches?: number}} [entry]  bid, decision
 * @property {Record<string, any> | null} [then]  bid, decision: where the positive stands after it
 * @property {DealRecord} [record]  deal-end
 * @property {number[]} [scores]    deal-end, match-end
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
 * A lesson's answer to one try: right (played: its news beside it, as Updates), wrong or illegal.
 * @typedef {object} LessonVerdict
 * @property {"right" | "wrong" | "illegal"} verdict
 * @property {string} [error]   illegal: the engine's English reason
 * @property {string} [code]
 * @property {Record<string, any>} [params]
 * @property {Hint} [hint]      wrong: a right play and why; right: why the answer is right
 * @property {Hint} [cost]      wrong: what the chosen play costs against it (`action` is the chosen play)
 */

/**
 * A saved match, as an earlier version of the page kept it in localStorage (the worker
 * keeps saves now, in its own format, version 2): replayed by "load".
 * @typedef {object} Save
 * @property {string} format
 * @property {number} version
 * @property {string} game
 * @property {number} seed
 * @property {Record<string, any>} options
 * @property {string} level
 * @property {number} seat
 * @property {string[]} actions
 */

export {};
