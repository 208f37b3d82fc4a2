// Picking a match up again.  The worker keeps the match's save (saves.js) and loads it
// when asked ("resume"); the page never sees it, only the table it gives.  A save this
// page kept in localStorage before saves moved to the worker is handed over once, checked
// here first (size, shape, known names) so that nothing deep or huge reaches Python.  An
// unusable save is set aside, never lost, and the player is told where it went.
import { t } from "./i18n/index.js";
import { checkSave } from "./checks.js";
import { dropSave, page, readSave, setSaveAside } from "./store.js";
import { choiceButton, download, notice, toast } from "./views/messages.js";

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
 * one is set aside and reported).  `call` is the worker's.
 * @param {(cmd: string, args?: object) => Promise<any>} call @param {Info} info
 * @returns {Promise<Sync | null>}
 */
export async function resume(call, info) {
  const raw = readSave();
  if (raw !== null && page.saveHeld === null) {
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
  const r = await call("resume");
  if (r.none) return null;
  if (r.problem !== undefined) {
    toast(t("saved_corrupt", { msg: r.problem, key: r.key ?? "—" }), 10000);
    return null;
  }
  return /** @type {Sync} */ (r);
}

/** Whether the worker keeps a match to resume, asked of IndexedDB without reading it (the
 * welcome waits for the engine only then).  @returns {Promise<boolean>} */
export async function hasSave() {
  if (readSave() !== null) return true;
  try {
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open("kingweb-saves", 1);
      req.onupgradeneeded = () => req.result.createObjectStore("saves");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      setTimeout(() => reject(new Error("IndexedDB timeout")), 1000);
    });
    const n = await new Promise((resolve, reject) => {
      const req = /** @type {IDBDatabase} */ (db).transaction("saves", "readonly").objectStore("saves").count("match");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    /** @type {IDBDatabase} */ (db).close();
    return n > 0;
  } catch {
    return false;
  }
}
