// The matches in progress, kept by the worker in IndexedDB: one slot per game (key
// `match:<game>`), so that a match of one game never overwrites another's, and the key
// `last` names the game last saved (a page that reloads resumes that one).  The worker
// writes the table's slot after every change and reads a slot back when a page resumes.
// A save holds the match's seed (with the actions it shows every hand), so it never leaves
// the worker: no page, however many people share the device, is handed it.  An unusable
// save is set aside under a key of its own (`corrupt.<time>`), never deleted, and the page
// is told that key.  The one save of earlier builds (key `match`) becomes its game's slot
// the first time the store is opened (`migrate`).
const DB = "kingweb-saves";
const STORE = "saves";
const LEGACY = "match";  // the one save of builds before slots
const LAST = "last";
const TIMEOUT_MS = 3000;  // a stuck IndexedDB must not stall the game
const GAME = /^[a-z]{1,16}$/;

/** The key of a game's slot.  @param {string} game */
export const slotKey = (game) => `match:${game}`;

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

/** @param {string} key @returns {Promise<string | null>} */
async function read(key) {
  const text = await within(done((await store("readonly")).get(key)));
  return typeof text === "string" ? text : text === undefined ? null : JSON.stringify(text);
}

/** @param {string} key @param {string} text */
async function put(key, text) {
  await within(done((await store("readwrite")).put(text, key)));
}

/** @param {string} key */
async function remove(key) {
  await within(done((await store("readwrite")).delete(key)));
}

/** The game a save's text is of, or null when it cannot be read.  @param {string} text */
function gameOf(text) {
  try {
    const game = JSON.parse(text).game;
    return typeof game === "string" && GAME.test(game) ? game : null;
  } catch {
    return null;
  }
}

/** Why an earlier build's save could not become a slot, and where it was set aside
 * (told once, by the next resume).  @type {{problem: string, key: string | null} | null} */
let legacyProblem = null;
/** @type {Promise<void> | null} */
let migrating = null;

/** An earlier build's one save becomes its game's slot (and the last game saved), once.
 * One whose game cannot be read is set aside, as any unusable save is; one whose game has
 * a slot already (a newer build's, written beside an older tab) is set aside too. */
export function migrate() {
  if (!migrating) {
    migrating = (async () => {
      const text = await read(LEGACY);
      if (text === null) return;
      const game = gameOf(text);
      if (game !== null && await read(slotKey(game)) === null) {
        await put(slotKey(game), text);
        await put(LAST, game);
        await remove(LEGACY);
        return;
      }
      const key = `corrupt.${Date.now()}`;
      await put(key, text);
      await remove(LEGACY);
      if (game === null) legacyProblem = { problem: "save: not a kingweb save (its game cannot be read)", key };
    })().catch(() => { /* no IndexedDB: nothing to move */ });
  }
  return migrating;
}

/** What the migration could not use, told once.  @returns {{problem: string, key: string | null} | null} */
export function takeLegacyProblem() {
  const p = legacyProblem;
  legacyProblem = null;
  return p;
}

/** The game last saved, or null.  @returns {Promise<string | null>} */
export async function lastGame() {
  await migrate();
  try { return await read(LAST); } catch { return null; }
}

/** A game's saved match's text, or null (none, or no IndexedDB).  @param {string} game
 * @returns {Promise<string | null>} */
export async function readSave(game) {
  await migrate();
  try {
    return await read(slotKey(game));
  } catch {
    return null;
  }
}

/** @type {Map<string, string>} */
const pending = new Map();  // per game: the latest save waiting to be written
let writing = false;
let lastWritten = "";

/** Keep `text` as `game`'s save: writes come one after another, and per game only the
 * latest one waiting is written (a burst of bot moves costs one write, not one each).
 * @param {string} game @param {string} text */
export async function writeSave(game, text) {
  pending.set(game, text);
  if (writing) return;
  writing = true;
  try {
    await migrate();  // an earlier build's save is moved before any slot is written
    while (pending.size) {
      const [g, next] = /** @type {[string, string]} */ (pending.entries().next().value);
      pending.delete(g);
      try {
        await put(slotKey(g), next);
        if (lastWritten !== g) { await put(LAST, g); lastWritten = g; }
      } catch { /* full or blocked: the match goes on */ }
    }
  } finally {
    writing = false;
  }
}

/** Written out: every save asked for so far is stored (tests and a page about to reload). */
export async function saved() {
  while (writing) await new Promise((r) => setTimeout(r, 10));
}

/** Move `game`'s save out of the way of the next match, under `corrupt.<time>`; returns
 * that key, or null when it could not be kept (then it is dropped all the same: the page
 * was told why and offered the text).  @param {string} game */
export async function setSaveAside(game) {
  await saved();
  const text = await readSave(game);
  if (text === null) return null;
  const key = `corrupt.${Date.now()}`;
  try {
    await put(key, text);
    await remove(slotKey(game));
    return key;
  } catch {
    await dropSave(game);
    return null;
  }
}

/** @param {string} game */
export async function dropSave(game) {
  pending.delete(game);
  await saved();
  try { await remove(slotKey(game)); } catch { /* nothing kept */ }
}
