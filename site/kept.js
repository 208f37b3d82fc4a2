// The installed kingweb package, kept in IndexedDB between visits.
//
// The first visit installs the wheel with micropip, as pip would; the worker then keeps
// the installed files (the package and its dist-info) as one IndexedDB record tagged
// with the build id.  A return visit of the same build reads that record and checks
// every file against the wheel's RECORD hashes while the runtime starts, then imports
// it, skipping micropip.  A new build, a changed, missing or unlisted file, a browser
// without IndexedDB or one too slow to answer means: install with micropip again.
const DB = "kingweb-kept";
const STORE = "packages";
const KEY = "kingweb";              // one record: a new build replaces the old one
const TIMEOUT_MS = 3000;            // a stuck IndexedDB must not stall the game

export const SLOT = "/kept";        // where the kept files go in Pyodide's file system

function done(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function within(promise, ms) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("IndexedDB timeout")), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function open() {
  const req = indexedDB.open(DB, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return done(req);
}

function base64url(bytes) {
  let text = "";
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** True when every file is one the wheel's RECORD lists, with the sha256 it lists. */
async function intact(files) {
  const record = Object.keys(files).filter((p) => /^[^/]+\.dist-info\/RECORD$/.test(p));
  if (record.length !== 1) return false;
  const info = record[0].split("/")[0] + "/";
  const listed = new Map();
  for (const row of new TextDecoder().decode(files[record[0]]).split("\n")) {
    const [path, digest] = row.split(",");
    if (path) listed.set(path, digest);
  }
  for (const [path, data] of Object.entries(files)) {
    const digest = listed.get(path);
    if (!digest) {
      if (path.startsWith(info)) continue;  // written by the installer (INSTALLER, REQUESTED...)
      return false;
    }
    if (!digest.startsWith("sha256=")) return false;
    if (base64url(await crypto.subtle.digest("SHA-256", data)) !== digest.slice(7)) return false;
  }
  return [...listed].every(([path, digest]) => !digest || path in files);
}

/** This build's kept files ({path: Uint8Array}) if they are all there and intact, else
 * null.  Runs while the runtime loads; never throws. */
export async function readKept(build) {
  try {
    const db = await within(open(), TIMEOUT_MS);
    let rec;
    try {
      rec = await within(done(db.transaction(STORE).objectStore(STORE).get(KEY)), TIMEOUT_MS);
    } finally {
      db.close();
    }
    if (!rec || rec.build !== build || !rec.files) return null;
    return (await intact(rec.files)) ? rec.files : null;
  } catch {
    return null;  // no IndexedDB or no crypto.subtle (a page not served over https)
  }
}

/** Keep this build's installed files, in one transaction. */
export async function writeKept(build, files) {
  const db = await open();
  try {
    const tx = db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).put({ build, files }, KEY);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

// Python helpers, run only when needed (a return visit needs neither): what micropip
// installed for kingweb (relative to site-packages), and taking a restored copy off
// sys.path again when it fails to import.
export const KEPT_PY = `
import importlib, os, site, sys

def kept_files():
    packages = site.getsitepackages()[0]
    out = []
    for name in os.listdir(packages):
        if name == "kingweb" or (name.startswith("kingweb-") and name.endswith(".dist-info")):
            for d, _, files in os.walk(os.path.join(packages, name)):
                out += [os.path.relpath(os.path.join(d, f), packages) for f in files]
    return packages, sorted(out)

def kept_drop(slot):
    if slot in sys.path:
        sys.path.remove(slot)
    for name in [m for m in sys.modules if m == "kingweb" or m.startswith("kingweb.")]:
        del sys.modules[name]
    importlib.invalidate_caches()
`;
