// Picking a match up again.  The worker keeps one save per game (saves.js) and loads one
// when asked ("resume"); the page never sees it, only the table it gives, and which games
// have one (the keys of the store, not their values: `savedGames`).  A save this
// page kept in localStorage before saves moved to the worker is handed over once, checked
// here first (size, shape, known names) so that nothing deep or huge reaches Python.  An
// unusable save is set aside, never lost, and the player is told where it went.
import { t } from "./i18n/index.js";
import { checkSave } from "./checks.js";
import { dropSave, page, readSave, setSaveAside } from "./store.js";
import { choiceButton, download, notice, toast } from "./render/messages.js";

/** @typedef {import("./protocol.js").Info} Info */
/** @typedef {import("./protocol.js").Sync} Sync */

/** Put an unusable save of this page's storage out of the way of the next game and tell
 * the player where it went; with no room for a copy, offer it as a download and keep it
 * until they choose.  @param {string} raw @param {string} reason */
export function setAside(raw, reason) {
  const key = setSaveAside(raw);
  if (key !== null) { toast(t("saved_corrupt", { msg: reason, key }), 10000); return; }
  const file = `kingweb-save-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  const done = (/** @type {string} */ words) => { dropSave(); held.remove(); notice(words); };
  const held = notice(t("saved_unkept", { msg: reason }),
    choiceButton(t("download_save"), "save-download", () => { download(raw, file); done(t("save_downloaded")); }),
    choiceButton(t("discard_save"), "save-discard", () => done(t("save_discarded"))));
}

/**
 * The saved match's table, or null when there is none the engine can take (an unusable
 * one is set aside and reported).  `call` is the worker's; `game` the game whose match to
 * resume (by default the one last saved).
 * @param {(cmd: string, args?: object) => Promise<any>} call @param {Info} info @param {string} [game]
 * @returns {Promise<Sync | null>}
 */
export async function resume(call, info, game) {
  const raw = readSave();
  if (raw !== null && page.saveHeld === null && !game) {  // (at boot, before any slot is asked for)
    const checked = checkSave(raw, info);
    if (!checked.save) {
      setAside(raw, checked.words ? t(checked.words, { n: checked.n ?? 0 }) : String(checked.problem));
    } else {
      try {
        /** @type {Sync} */
        const sync = await call("load", { save: checked.save });
        dropSave();  // the worker keeps it from now on
        return sync;
      } catch (e) {
        if (/** @type {any} */ (e).kind === "crash") throw e;
        setAside(raw, /** @type {Error} */ (e).message);
      }
    }
  }
  const r = await call("resume", game ? { game } : {});
  if (r.none) return null;
  if (r.problem !== undefined) {
    toast(t("saved_corrupt", { msg: r.problem, key: r.key ?? "—" }), 10000);
    return null;
  }
  return /** @type {Sync} */ (r);
}

/** The keys of the worker's save store in `range`, read without their values (they hold
 * the seeds); [] when there is no IndexedDB or it does not answer.
 * @param {IDBKeyRange} range @returns {Promise<string[]>} */
async function savedKeys(range) {
  try {
    const db = /** @type {IDBDatabase} */ (await new Promise((resolve, reject) => {
      const req = indexedDB.open("kingweb-saves", 1);
      req.onupgradeneeded = () => req.result.createObjectStore("saves");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      setTimeout(() => reject(new Error("IndexedDB timeout")), 1000);
    }));
    const keys = await new Promise((resolve, reject) => {
      const req = db.transaction("saves", "readonly").objectStore("saves").getAllKeys(range);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return /** @type {string[]} */ (keys);
  } catch {
    return [];
  }
}

/** Whether the worker keeps a match to resume (a game's slot, or an earlier build's one
 * save, which the worker makes a slot), asked of IndexedDB without reading it (the welcome
 * waits for the engine only then).  @returns {Promise<boolean>} */
export async function hasSave() {
  if (readSave() !== null) return true;
  // "match" and every "match:<game>" (":" comes just before ";")
  return (await savedKeys(IDBKeyRange.bound("match", "match;", false, true))).length > 0;
}

/** The games whose match the worker keeps, each resumable from the welcome.
 * @returns {Promise<string[]>} */
export async function savedGames() {
  return (await savedKeys(IDBKeyRange.bound("match:", "match;", false, true))).map((k) => k.slice("match:".length));
}
