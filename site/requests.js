// The one way the page asks and is answered: each request gets an id, a promise and, if
// the asker wants one, a time limit; the answer that names the id settles it, in any
// order; one that names no request under way (late, or after a failure) is dropped.
// Used by the table's worker client (engine.js), the review's (records/analyst.js) and a
// guest's requests to its host (p2p/guest.js): each says what a timeout means to it.

/**
 * A refusal or failure as the page's callers catch it: the English `error` as the
 * message, and what names it for the page's words.
 * @typedef {Error & {kind?: string, code?: string, params?: Record<string, unknown>}} Failure
 */

/**
 * @param {string} message
 * @param {{kind?: string, code?: string, params?: Record<string, unknown>}} [fields]
 * @returns {Failure}
 */
export function failure(message, fields = {}) {
  return Object.assign(new Error(message), fields);
}

/**
 * The timer functions a client uses (a test passes a fake clock).
 * @typedef {{setTimeout: (f: () => void, ms: number) => any, clearTimeout: (t: any) => void}} Timers
 */

/**
 * @template About
 * @typedef {object} Pending
 * @property {(v: any) => void} resolve
 * @property {(e: Error) => void} reject
 * @property {About} about   what the asker noted of the request (its command)
 * @property {any} timer
 */

/** @template About */
export class Requests {
  /**
   * @param {object} [o]
   * @param {(id: number, about: About, limit: number) => void} [o.expired]  a request went
   *   unanswered for its limit (it is still under way: `expired` settles it, or all)
   * @param {Timers} [o.timers]
   */
  constructor(o = {}) {
    this.expired = o.expired;
    this.timers = o.timers || { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t) };
    /** @type {Map<number, Pending<About>>} */
    this.pending = new Map();
    this.nextId = 1;
  }

  /**
   * A new request: `send(id)` sends it (at once); the promise settles with its answer.
   * @param {About} about @param {(id: number) => void} send
   * @param {number} [limit]  milliseconds before `expired` is told (none: no limit)
   * @returns {Promise<any>}
   */
  ask(about, send, limit) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = limit === undefined ? undefined
        : this.timers.setTimeout(() => { if (this.pending.has(id)) this.expired?.(id, about, limit); }, limit);
      this.pending.set(id, { resolve, reject, about, timer });
      send(id);
    });
  }

  /** The request `id`, taken off the list (undefined: none under way). @param {number} id */
  take(id) {
    const p = this.pending.get(id);
    if (!p) return undefined;
    this.pending.delete(id);
    if (p.timer !== undefined) this.timers.clearTimeout(p.timer);
    return p;
  }

  /** Resolve request `id` with `value`; its `about`, or undefined for no such request.
   * @param {number} id @param {any} value */
  resolve(id, value) {
    const p = this.take(id);
    p?.resolve(value);
    return p?.about;
  }

  /** Reject request `id`. @param {number} id @param {Error} error */
  reject(id, error) {
    const p = this.take(id);
    p?.reject(error);
    return p?.about;
  }

  /** An engine's answer `{ok, result}` or `{ok: false, error, kind, code, params}` to
   * request `id`: resolves with the result or rejects with its failure (`kind` if the
   * answer names none).
   * @param {number} id @param {any} response @param {string} [kind] */
  answer(id, response, kind) {
    const r = response || {};
    if (r.ok) return this.resolve(id, r.result);
    return this.reject(id, failure(r.error, { kind: r.kind || kind, code: r.code, params: r.params }));
  }

  /** Reject every request under way (the other side broke or went).
   * @param {() => Error} error  one per request */
  failAll(error) {
    for (const id of [...this.pending.keys()]) this.reject(id, error());
  }

  /** How many requests are under way. */
  get size() { return this.pending.size; }
}
