// A small event source: `on(type, handler)` returns the function that removes it.  A
// handler that throws is reported on the console and does not stop the others.

/** @template {Record<string, any[]>} E */
export class Events {
  constructor() {
    /** @type {Map<keyof E, Set<(...args: any[]) => void>>} */
    this.handlers = new Map();
  }

  /** @template {keyof E} K @param {K} type @param {(...args: E[K]) => void} handler */
  on(type, handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    const set = /** @type {Set<(...args: any[]) => void>} */ (this.handlers.get(type));
    set.add(handler);
    return () => { set.delete(handler); };
  }

  /** @template {keyof E} K @param {K} type @param {E[K]} args */
  emit(type, ...args) {
    for (const handler of [...(this.handlers.get(type) ?? [])]) {
      try {
        handler(...args);
      } catch (err) {
        console.error(`kingweb p2p: a ${String(type)} handler failed`, err);
      }
    }
  }
}
