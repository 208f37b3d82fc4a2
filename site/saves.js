// The match in progress, kept by the worker in IndexedDB: the worker writes it after every
// change and reads it back when a page resumes.  The save holds the match's seed (with the
// actions it shows every hand), so it never leaves the worker: no page, however many
// people share the device, is handed it.  An unusable save is set aside under a key of its
// own (`corrupt.<time>`), never deleted, and the page is told that key.
const DB = "kingweb-saves";
const STORE = "saves";
const KEY = "match";
const TIMEOUT_MS = 3000;  // a stuck IndexedDB must not stall the game

/** @param {IDBRequest} req @returns {Promise<any>} */
function done(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** @template T @param {Promise<T>} promise @returns {Promise<T>} */
function within(promise) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("IndexedDB timeout")), TIMEOUT_MS); });
  return /** @type {Promise<T>} */ (Promise.race([promise, late]).finally(() => clearTimeout(timer)));
}

/** @type {Promise<IDBDatabase> | null} */
let db = null;

/** @returns {Promise<IDBDatabase>} */
function open() {
  if (!db) {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    db = within(done(req));
    db.catch(() => { db = null; });
  }
  return db;
}

/** @param {"readonly" | "readwrite"} mode */
async function store(mode) {
  return (await open()).transaction(STORE, mode).objectStore(STORE);
}

/** The saved match's text, or null (none, or no IndexedDB). @returns {Promise<string | null>} */
export async function readSave() {
  try {
    const text = await within(done((await store("readonly")).get(KEY)));
    return typeof text === "string" ? text : text === undefined ? null : JSON.stringify(text);
  } catch {
    return null;
  }
}

/** @type {string | null} */
let pending = null;
let writing = false;

/** Keep `text` as the match's save: writes come one after another, and only the latest
 * one waiting is written (a burst of bot moves costs one write, not one each).
 * @param {string} text */
export async function writeSave(text) {
  pending = text;
  if (writing) return;
  writing = true;
  try {
    while (pending !== null) {
      const next = pending;
      pending = null;
      try { await within(done((await store("readwrite")).put(next, KEY))); } catch { /* full or blocked: the match goes on */ }
    }
  } finally {
    writing = false;
  }
}

/** Written out: every save asked for so far is stored (tests and a page about to reload). */
export async function saved() {
  while (writing) await new Promise((r) => setTimeout(r, 10));
}

/** Move the save out of the way of the next match, under `corrupt.<time>`; returns that
 * key, or null when it could not be kept (then it is dropped all the same: the page was
 * told why and offered the text). */
export async function setSaveAside() {
  await saved();
  const text = await readSave();
  if (text === null) return null;
  const key = `corrupt.${Date.now()}`;
  try {
    const s = await store("readwrite");
    await within(done(s.put(text, key)));
    await within(done((await store("readwrite")).delete(KEY)));
    return key;
  } catch {
    await dropSave();
    return null;
  }
}

export async function dropSave() {
  pending = null;
  await saved();
  try { await within(done((await store("readwrite")).delete(KEY))); } catch { /* nothing kept */ }
}
