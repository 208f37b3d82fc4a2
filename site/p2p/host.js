// The host's side of a table with people at other devices.  The host's page runs the
// game (its worker, its engine) and is the only authority: a guest sends its actions, the
// host hands each to the engine for the seat that guest's connection holds (a guest
// never names a seat), and passes on to each guest what the engine wrote for that seat,
// unread.  Before the match the room is a seating: guests join and give their names; the
// host starts the match when ready (a seat nobody has taken yet is played by a bot until
// somebody joins).  A guest who drops is played by a bot at the table's level until they
// come back through the same invite (the same peer id), then gets their seat and its state
// again.  People who join with no seat free watch as spectators.
import { readGuest, wrap, write } from "./table-messages.js";

/** The least time between two moves the guests are sent (ms).  A bot answers at once when
 * one card is legal and takes about 150 ms (up to its budget) to choose among several, so
 * a guest timing the updates would learn a bot's singleton; every move is therefore sent
 * no sooner than this after the one before, however long its decision took.  A person's
 * move after some thought is not held at all. */
export const PACE_MS = 600;

/** The pacing in force: PACE_MS, or a test's own (window.kingwebPaceMs) where the test
 * is about something else and would otherwise spend half a minute a deal waiting. */
function paceMs() {
  const knob = /** @type {any} */ (globalThis).kingwebPaceMs;
  return typeof knob === "number" && knob >= 0 ? knob : PACE_MS;
}

/** @typedef {import("../protocol.js").Seat} Seat */
/** @typedef {import("../protocol.js").Sync} Sync */

/**
 * A match to host: its game, options and bots' level, and the move clock's seconds (null:
 * none), which the host may change in the seating until the start.
 * @typedef {{game: string, options: Record<string, any>, level: string, clock: number | null}} HostedMatch
 */

/**
 * The connections to the guests (p2p/links.js): a room on a relay, and direct links made
 * by offer and answer codes, behind one face.  The transport checks every frame's
 * envelope and each peer's budget (a flood is cut off there); `refuse` counts a message
 * the table itself drops.
 * @typedef {object} Hub
 * @property {(peer: string, text: string) => void} send
 * @property {(handlers: {message: (peer: string, msg: unknown) => void, join: (peer: string) => void,
 *   leave: (peer: string, reason?: string) => void}) => void} listen
 * @property {(peer: string, reason: string) => void} refuse
 * @property {(peer: string, block: boolean) => void} cut   disconnect a peer the host removed (and block it)
 * @property {() => void} close
 */

/**
 * @typedef {object} Guest
 * @property {string} peer
 * @property {string} token    who it is: its peer id
 * @property {string} name
 * @property {number | null} seat     null: a spectator
 * @property {boolean} here           connected now
 * @property {boolean} [fresh]        on a new connection, not yet introduced on it
 */

export class HostTable {
  /**
   * @param {object} o
   * @param {(cmd: string, args?: object) => Promise<any>} o.call   the host's engine
   * @param {Hub} o.hub
   * @param {Seat[]} o.plan         the seats as chosen (away seats to fill)
   * @param {HostedMatch} o.match
   * @param {(sync: Sync) => void} o.adopt          the host's page takes the table
   * @param {(r: any) => void} o.receive            the host's page takes news
   * @param {() => void} o.changed                  who is in changed (the seating redraws)
   * @param {(table: import("../protocol.js").TableDetails) => void} o.tableChanged  names and stand-ins changed
   * @param {(g: Guest) => void} [o.flooded]   a guest the transport cut off for flooding (told once)
   * @param {(seat: number) => string} o.nameless  the name the host gives a guest who gave none (`guest_n`)
   */
  constructor(o) {
    this.call = o.call;
    this.hub = o.hub;
    this.plan = o.plan.map((s) => ({ ...s }));
    this.match = o.match;
    this.adopt = o.adopt;
    this.receive = o.receive;
    this.changed = o.changed;
    this.tableChanged = o.tableChanged;
    this.flooded = o.flooded || (() => {});
    this.nameless = o.nameless;
    /** Peer ids the host blocked for the room, and those already reported as flooding. */
    this.blocked = new Set();
    this.floods = new Set();
    /** @type {Map<string, Guest>} by peer */
    this.guests = new Map();
    /** @type {Map<string, number | null>} a guest's peer id → the seat it holds (or null: a spectator) */
    this.tokens = new Map();
    this.started = false;
    /** the engine's news for the guests, waiting for its turn to be sent (PACE_MS) @type {Record<string, string>[]} */
    this.paced = [];
    /** when the last news was sent (performance.now()) */
    this.pacedAt = -Infinity;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.pacer = null;
    /** Messages the table dropped, by reason: a test and the host's page can read them. */
    this.dropped = /** @type {Record<string, number>} */ ({});
    this.hub.listen({
      message: (peer, msg) => { this.heard(peer, msg).catch(() => this.drop(peer, "failed")); },
      join: (peer) => { this.connected(peer).catch(() => {}); },
      leave: (peer, reason) => { this.left(peer, reason).catch(() => {}); },
    });
  }

  /** The seats people away hold in the plan. */
  awaySeats() { return this.plan.flatMap((s, i) => (s.kind === "person" && s.away ? [i] : [])); }

  /** A message the table drops: counted here and with the peer's connection.
   * @param {string} peer @param {string} why */
  drop(peer, why) {
    this.dropped[why] = (this.dropped[why] || 0) + 1;
    this.hub.refuse(peer, why.split(":")[0].replace(/[^a-z-]/g, "-").slice(0, 32) || "bad");
  }

  /** @param {string} peer @param {unknown} text */
  async heard(peer, text) {
    const { msg, problem } = readGuest(text);
    if (!msg) return this.drop(peer, problem || "bad");
    const on = GUEST_MESSAGES[/** @type {keyof typeof GUEST_MESSAGES} */ (msg.type)];
    // a guest is known by its peer id: the transport proves it, and it stays the same when
    // the guest's page reloads or comes back through the same link
    if (on.from === "anyone") return on.run(this, peer, /** @type {any} */ (undefined), msg);
    const g = this.guests.get(peer);
    if (!g) return this.drop(peer, "not introduced");
    if (on.from === "guest") return on.run(this, peer, g, msg);
    if (g.seat === null) {  // a spectator acts for no seat
      this.drop(peer, "spectator-acts");
      return this.answer(g, msg.id, { ok: false, code: "bot-seat", params: { seat: null } });
    }
    if (!this.started) return this.answer(g, msg.id, { ok: false, code: "no-game", params: {} });
    return on.run(this, peer, g, msg);
  }

  /** A guest asks a hint for its seat. @param {Guest} g @param {number} id */
  async hint(g, id) {
    try {
      const hint = await this.call("hint", { seat: g.seat });
      return this.answer(g, id, { ok: true, hint });
    } catch (e) {
      return this.answer(g, id, refusal(e));
    }
  }

  /** A guest's action, for the seat this connection holds and no other.
   * @param {string} peer @param {Guest} g @param {number} id @param {string} action */
  async act(peer, g, id, action) {
    try {
      const r = await this.call("act", { action, seat: g.seat });
      if (r.ok === false) {  // out of turn, or not allowed: counted, and the guest is told why
        this.drop(peer, r.code || "refused");
        return this.answer(g, id, { ok: false, code: r.code, params: r.params, error: r.error });
      }
      this.answer(g, id, { ok: true });
      this.receive(r);
    } catch (e) {
      this.answer(g, id, refusal(e));
    }
  }

  /** A guest the move clock marked away is back at its page: it plays its seat again.
   * @param {Guest} g @param {number} id */
  async back(g, id) {
    if (!this.started || g.seat === null) return this.answer(g, id, { ok: false, code: "no-game", params: {} });
    this.tableChanged((await this.call("seat", { seat: g.seat, stand_in: false })).table);
    await this.tellTable();
    this.answer(g, id, { ok: true });
  }

  /** @param {Guest} g @param {number} id @param {Record<string, unknown>} fields */
  answer(g, id, fields) {
    if (g.here) this.hub.send(g.peer, write("answer", { id, ...fields }));
  }

  /** A guest introduces itself: back in its old seat (the same id), in a free seat, or
   * watching.  @param {string} peer @param {string} name @param {string} token @param {boolean} watch */
  async join(peer, name, token, watch) {
    const known = this.guests.get(peer);
    if (known && known.here && !known.fresh) return this.drop(peer, "join-twice");
    let seat = this.tokens.has(token) ? /** @type {number | null} */ (this.tokens.get(token)) : undefined;
    if (seat === undefined) {
      const taken = new Set([...this.tokens.values()]);
      const free = watch ? [] : this.awaySeats().filter((s) => !taken.has(s));
      seat = free.length ? free[0] : null;
      this.tokens.set(token, seat);
    }
    for (const other of this.guests.values()) {
      if (other.token === token) this.guests.delete(other.peer);  // an old connection of the same guest
    }
    // a guest who gave no name is given one by the host, the same on every page (each
    // page naming it by where it sits from there, two people would call it two names);
    // the host's words, as it names the seats in its seating
    if (!name && seat !== null) name = this.nameless(seat);
    const g = { peer, token, name, seat, here: true };
    this.guests.set(peer, g);
    if (seat !== null) this.plan[seat].name = name;
    this.hub.send(peer, write("welcome", { seat, seating: this.seating() }));
    if (this.started) {
      if (seat !== null) this.tableChanged((await this.call("seat", { seat, name, stand_in: false })).table);
      await this.syncGuest(g, null);
      await this.tellTable();
    } else {
      this.tellSeating();
    }
    this.changed();
  }

  /** A new connection of a peer: if it is a guest the table knows whose connection was
   * replaced (it never left), it keeps its seat and is sent where the table stands, as its
   * page may have missed some of it; a page that reloaded introduces itself again, once
   * on this connection.  @param {string} peer */
  async connected(peer) {
    const g = this.guests.get(peer);
    if (!g) return;
    g.fresh = true;
    if (!g.here) return;
    this.hub.send(peer, write("welcome", { seat: g.seat, seating: this.seating() }));
    if (!this.started) return;
    await this.syncGuest(g, null);
    await this.tellTable();
  }

  /** A guest has gone (its connection closed, or it said bye): a bot plays its seat.  One
   * the transport cut off for flooding ("blocked") is reported to the host, once.
   * @param {string} peer @param {string} [reason] */
  async left(peer, reason) {
    const g = this.guests.get(peer);
    if (!g || !g.here) return;
    g.here = false;
    if (reason === "blocked" && !this.floods.has(peer)) {
      this.floods.add(peer);
      this.flooded(g);
    }
    if (this.started && g.seat !== null) {
      // the worker then plays the seat's turns itself, as it does a bot's
      this.tableChanged((await this.call("seat", { seat: g.seat, stand_in: true })).table);
      await this.tellTable();
    } else if (!this.started) {
      this.tellSeating();
    }
    this.changed();
  }

  /** The host removes the guest of `seat` (here or gone): told so and disconnected, its
   * seat played by a stand-in until the invite brings a new person; `block`: its peer id
   * cannot come back to this room.  @param {number} seat @param {boolean} block */
  async remove(seat, block) {
    for (const [token, s] of [...this.tokens]) {
      if (s !== seat) continue;
      this.tokens.delete(token);
      if (block) this.blocked.add(token);
    }
    for (const g of [...this.guests.values()]) {
      if (g.seat !== seat) continue;
      this.guests.delete(g.peer);
      if (g.here) this.hub.send(g.peer, write("farewell", { reason: block ? "blocked" : "removed" }));
      this.hub.cut(g.peer, block);
    }
    this.plan[seat].name = "";
    if (this.started) {
      this.tableChanged((await this.call("seat", { seat, name: "", stand_in: true })).table);
      await this.tellTable();
    } else {
      this.tellSeating();
    }
    this.changed();
  }

  /** The seats a guest holds (here or gone): those the host may remove. */
  heldSeats() { return [...new Set(this.tokens.values())].filter((s) => s !== null); }

  /** Who is in, for the seating: each seat's kind and name, and whether its person is here. */
  seating() {
    return this.plan.map((s, i) => {
      const g = [...this.guests.values()].find((x) => x.seat === i && x.here);
      return { kind: s.kind, name: s.kind === "bot" ? "" : s.name, away: !!s.away, here: s.away ? !!g : true, level: s.level };
    });
  }

  tellSeating() {
    const text = write("seating", { seats: this.seating() });
    for (const g of this.guests.values()) if (g.here) this.hub.send(g.peer, text);
  }

  async tellTable() {
    const r = await this.call("sync", { audience: null });
    const text = write("table", { table: r.table });
    for (const g of this.guests.values()) if (g.here) this.hub.send(g.peer, text);
  }

  /** The guest's whole state (on joining, and after a gap it noticed).
   * @param {Guest} g @param {number | null} id */
  async syncGuest(g, id) {
    if (!this.started) return id === null ? undefined : this.answer(g, id, { ok: false, code: "no-game", params: {} });
    const r = await this.call("sync", { audience: g.seat });
    const key = g.seat === null ? "spectator" : String(g.seat);
    const state = (r.outbox && r.outbox[key]) || (r.states && r.states[key] ? JSON.stringify(r.states[key]) : null);
    if (state && g.here) {
      // the news for this seat still waiting its turn (PACE_MS) is older than this state,
      // which holds it all: sent after it, its legal actions would be a past turn's
      if (g.seat !== null) for (const o of this.paced) delete o[key];
      this.hub.send(g.peer, wrap("state", "state", state));
    }
    if (id !== null) this.answer(g, id, { ok: true });
  }

  /** Start the match: the seats as the seating holds them, a bot standing in for each seat
   * nobody has taken yet.  The engine writes for the guests' seats and for spectators (who
   * may come at any time) besides the host's own. */
  async start() {
    const taken = new Set([...this.guests.values()].filter((g) => g.here).map((g) => g.seat));
    const seats = this.plan.map((s, i) => (s.kind === "person" && s.away
      ? { kind: "person", name: s.name || "", away: true, ...(taken.has(i) ? {} : { stand_in: true }) }
      : s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "person", name: s.name || "" }));
    const opened = await this.call("start", { game: this.match.game, options: this.match.options, level: this.match.level, seats,
      clock: this.match.clock });
    this.started = true;
    const here = Object.keys(opened.states).map((k) => (k === "spectator" ? null : Number(k)));
    this.adopt(await this.call("follow", { here, away: [...this.awaySeats(), null] }));
  }

  /** The engine's words for those away: each to its seat's guest, the spectators' to
   * every spectator.  @param {Record<string, string>} outbox */
  forward(outbox, kind = "update") {
    if (kind === "update") {
      this.paced.push(outbox);
      this.pace();
      return;
    }
    this.send(outbox, kind);
  }

  /** Send the news waiting, each no sooner than PACE_MS after the one before. */
  pace() {
    if (this.pacer) return;
    while (this.paced.length) {
      const wait = this.pacedAt + paceMs() - performance.now();
      if (wait > 0) {
        this.pacer = setTimeout(() => { this.pacer = null; this.pace(); }, wait);
        return;
      }
      this.send(/** @type {Record<string, string>} */ (this.paced.shift()), "update");
      // timed from when the news has left, not from before: a page held up between the two
      // (a loaded machine) once sent the next news 219 ms after it, for a pace of 250 (r39)
      this.pacedAt = performance.now();
    }
  }

  /** @param {Record<string, string>} outbox @param {string} kind */
  send(outbox, kind) {
    for (const [key, text] of Object.entries(outbox)) {
      const seat = key === "spectator" ? null : Number(key);
      const msg = kind === "state" ? wrap("state", "state", text) : wrap("update", "update", text);
      for (const g of this.guests.values()) if (g.here && g.seat === seat) this.hub.send(g.peer, msg);
    }
  }

  /** The host leaves: guests are told, the room closes. */
  close() {
    if (this.pacer) clearTimeout(this.pacer);
    const text = write("farewell", { reason: "host-left" });
    for (const g of this.guests.values()) if (g.here) this.hub.send(g.peer, text);
    this.hub.close();
  }
}

/**
 * The host's one table of a guest's messages (the types readGuest lets through): who may
 * send each (`anyone`, before it is introduced; any `guest`; a `player`, a guest with a
 * seat once the match has started) and what the host does with it.
 * @type {Record<"join" | "leave" | "sync" | "back" | "hint" | "act", {from: "anyone" | "guest" | "player",
 *   run: (h: HostTable, peer: string, g: Guest, msg: {[k: string]: any}) => any}>}
 */
const GUEST_MESSAGES = {
  join: { from: "anyone", run: (h, peer, _g, msg) => (h.blocked.has(peer) ? h.drop(peer, "blocked") : h.join(peer, msg.name, peer, msg.watch)) },
  leave: { from: "guest", run: (h, peer) => h.left(peer) },
  sync: { from: "guest", run: (h, _peer, g, msg) => h.syncGuest(g, msg.id) },
  back: { from: "guest", run: (h, _peer, g, msg) => h.back(g, msg.id) },
  hint: { from: "player", run: (h, _peer, g, msg) => h.hint(g, msg.id) },
  act: { from: "player", run: (h, peer, g, msg) => h.act(peer, g, msg.id, msg.action) },
};

/** A failed request as an answer's refusal. @param {any} e */
function refusal(e) {
  return { ok: false, code: e && e.code ? e.code : "internal-error", params: e && e.params ? e.params : {}, error: String(e && e.message || e) };
}
