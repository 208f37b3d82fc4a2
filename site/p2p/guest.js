// A guest's side of a table: the page has no engine of its own.  It introduces itself
// with a name and a token (kept for the room, so that a guest who drops comes back to
// the same seat), then draws what the host's engine writes for its seat: whole states and
// numbered updates, as the page's own worker would give them.  Its actions go to the host,
// which answers each: taken (the events follow as an update) or refused with the engine's
// code, said here in the guest's language.
import { readHost, write } from "./table-messages.js";
import { Requests, failure } from "../requests.js";

/** @typedef {import("./host.js").Hub} Hub */

/** How long an action's answer may take before the guest says the host does not answer. */
export const ANSWER_MS = 15_000;

export class GuestTable {
  /**
   * @param {object} o
   * @param {Hub} o.hub
   * @param {string} o.host        the host's peer id
   * @param {string} o.name
   * @param {boolean} [o.watch]   join as a spectator
   * @param {{welcome: (seat: number | null, seating: any[]) => void, seating: (seats: any[]) => void,
   *   state: (state: any) => void, update: (u: any) => void, table: (t: any) => void,
   *   bye: (reason: string) => void, lost: (reason?: string) => void, dropped: (problem: string) => void,
   *   silent?: () => void}} o.on   `silent`: an action went unanswered (the page meets the host again)
   * @param {import("../requests.js").Timers} [o.timers]  (a test's fake clock)
   */
  constructor(o) {
    this.hub = o.hub;
    this.host = o.host;
    this.on = o.on;
    /** @type {number | null | undefined} */
    this.seat = undefined;
    /** @type {Requests<string>} */
    this.pending = new Requests({
      expired: (id) => {
        this.pending.reject(id, failure("the host does not answer", { code: "host-silent" }));
        this.on.silent?.();
      },
      timers: o.timers,
    });
    /** @type {((state: any) => void)[]} */
    this.waitingState = [];
    this.hub.listen({
      message: (peer, text) => { if (peer === this.host) this.heard(text); },
      join: () => {},
      leave: (peer, reason) => { if (peer === this.host) this.lostHost(reason); },
    });
    this.hub.send(this.host, write("join", { name: o.name, ...(o.watch ? { watch: true } : {}) }));
  }

  /** @param {unknown} text  the host's message (parsed by the transport) */
  heard(text) {
    const { msg, problem } = readHost(text);
    if (!msg) return this.on.dropped(problem || "bad");
    HOST_MESSAGES[/** @type {keyof typeof HOST_MESSAGES} */ (msg.type)](this, msg);
  }

  /** The host's answer to a request, or, when it does not answer in `ANSWER_MS` or has
   * left, the refusal `host-silent` or `host-gone` (an answer is never a rejection).
   * @param {string} type @param {Record<string, unknown>} [fields] @returns {Promise<any>} */
  ask(type, fields = {}) {
    return this.pending.ask(type, (id) => this.hub.send(this.host, write(type, { id, ...fields })), ANSWER_MS)
      .catch((/** @type {import("../requests.js").Failure} */ e) => ({ ok: false, code: e.code, params: {}, error: e.message }));
  }

  /**
   * The page's `call`, as the host answers it: an action, a hint, the seat back after the
   * move clock marked it away, the whole state again (`CALLS`).
   * @param {string} cmd @param {any} [args]
   */
  async call(cmd, args = {}) {
    if (!Object.hasOwn(CALLS, cmd)) {
      throw failure(`a guest cannot ${cmd}`, { code: "unknown-command", params: { cmd } });
    }
    return CALLS[/** @type {keyof typeof CALLS} */ (cmd)](this, args);
  }

  /** The audience key of this guest's seat. */
  key() { return this.seat === null || this.seat === undefined ? "spectator" : String(this.seat); }

  /** @param {string} [reason]  why the connection closed ("blocked": the host refuses this guest) */
  lostHost(reason) {
    this.pending.failAll(() => failure("the host has left", { code: "host-gone" }));
    this.on.lost(reason);
  }

  leave() {
    this.hub.send(this.host, write("leave"));
    this.hub.close();
  }
}

/**
 * The guest's one table of the host's messages (the types readHost lets through).
 * @type {Record<"welcome" | "seating" | "state" | "update" | "table" | "farewell" | "answer", (t: GuestTable, msg: {[k: string]: any}) => void>}
 */
const HOST_MESSAGES = {
  welcome: (t, msg) => { t.seat = msg.seat; t.on.welcome(msg.seat, msg.seating); },
  seating: (t, msg) => t.on.seating(msg.seats),
  state: (t, msg) => {
    for (const f of t.waitingState.splice(0)) f(msg.state);
    t.on.state(msg.state);
  },
  update: (t, msg) => t.on.update(msg.update),
  table: (t, msg) => t.on.table(msg.table),
  farewell: (t, msg) => t.on.bye(String(msg.reason)),
  answer: (t, msg) => { t.pending.resolve(msg.id, msg); },
};

/** A refusal of the host's as the page's `call` throws it. @param {any} r */
function refused(r) {
  return failure(r.error || r.code, { code: r.code, params: r.params });
}

/**
 * The guest's one table of the page's calls it answers, each by asking the host.
 * @type {Record<"act" | "hint" | "back" | "sync", (t: GuestTable, args: any) => Promise<any>>}
 */
const CALLS = {
  act: async (t, args) => {
    const r = await t.ask("act", { action: args.action });
    return r.ok ? { ok: true } : { ok: false, code: r.code, params: r.params || {}, error: r.error || r.code };
  },
  hint: async (t) => {
    const r = await t.ask("hint");
    if (!r.ok) throw refused(r);
    return r.hint;
  },
  back: async (t) => {  // back at the table after the move clock marked the seat away
    const r = await t.ask("back");
    if (!r.ok) throw refused(r);
    return {};
  },
  sync: async (t) => {
    const state = new Promise((resolve) => t.waitingState.push(resolve));
    const r = await t.ask("sync");
    if (!r.ok) throw refused(r);
    const s = /** @type {any} */ (await state);
    return { n: s.n, table: s, states: { [t.key()]: s }, outbox: {}, bots: false };
  },
};
