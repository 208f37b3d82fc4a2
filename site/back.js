// Back inside the app.  A phone's Back (or the browser's) closes the open dialog instead of
// leaving the page, and Back at a table whose match is under way asks before it leaves.
//
// The page keeps at most one entry of its own on top of its address in the tab's history,
// marked `{kingweb: kind}`: "dialog" while a dialog is open, "table" (the guard) while a
// match is under way, "spent" once a dialog closed with neither.  Back pops it and the page
// hears `popstate`.  The page never goes Back itself but to leave: a dialog closed by its
// own buttons turns its entry into the guard (or a spent one) in place.  A Back of the
// page's own beside the player's made one traversal of the two, and the page once took the
// player's Back for its own and then left the page.  Chromium skips, on Back, an entry
// added without a user's gesture, so the guard is added when the player touches the page.
// An embedded table adds nothing: its entries would be the host page's Back.

/**
 * @typedef {object} BackWiring
 * @property {() => boolean} inProgress   a match is under way here (leaving would leave it)
 * @property {(leave: () => void) => void} ask   asks the player in a dialog: one answer
 *   calls `leave`, the other (staying) only closes it
 */

/** @type {BackWiring | null} */
let w = null;
let leaving = false;
/** The kind of the entry on top when the page last looked (what a Back pops). @type {string | undefined} */
let top;

const kind = () => (history.state && typeof history.state === "object" ? history.state.kingweb : undefined);
const dialog = () => /** @type {HTMLDialogElement | null} */ (document.getElementById("dialog"));
const underWay = () => Boolean(w && w.inProgress());

/** Put `k` on top: in place of the page's own entry, or above the page's address.
 * @param {"dialog" | "table" | "spent"} k */
function mark(k) {
  if (kind()) history.replaceState({ kingweb: k }, "");
  else history.pushState({ kingweb: k }, "");
  top = k;
}

/** Add the guard when a match is under way and no dialog holds the top entry. */
function guard() {
  if (w && !leaving && kind() !== "table" && kind() !== "dialog" && underWay() && !dialog()?.open) mark("table");
}

function onPopState() {
  if (!w) return;
  const popped = top;
  top = kind();
  const d = dialog();
  if (d?.open) { d.close(); return; }  // its entry is gone already
  if (top) return;
  if (underWay()) w.ask(() => { leaving = true; });
  else if (popped === "spent") history.back();  // nothing was left here to close: Back goes on out
}

/** Leave the page: past the page's own entry too, if one is on top. */
function leave() {
  history.go(kind() ? -2 : -1);
}

/** A dialog opened: Back closes it.  Closed by its own buttons: its entry becomes the guard. */
function watchDialog() {
  const d = dialog();
  if (!d) return;
  new MutationObserver(() => {
    if (d.open && kind() !== "dialog") mark("dialog");
  }).observe(d, { attributes: true, attributeFilter: ["open"] });
  d.addEventListener("close", () => {
    if (leaving) leave();
    else if (kind() === "dialog") mark(underWay() ? "table" : "spent");
  });
}

/** Start minding Back (not in an embedded table).  @param {BackWiring} wiring */
export function mindBack(wiring) {
  w = wiring;
  top = kind();
  addEventListener("popstate", onPopState);
  watchDialog();
  // the guard comes with a gesture of the player's, as Chromium asks of an entry it keeps
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, guard, { capture: true, passive: true });
}
