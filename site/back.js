// Back inside the app.  A phone's Back (or the browser's) closes the open dialog instead of
// leaving the page, and Back at a table whose match is under way asks before it leaves.
//
// The page keeps at most one entry of its own on top of its address in the tab's history,
// marked `{kingweb: kind}`: "dialog" while a dialog is open, "table" (the guard) while a
// match is under way.  Back pops it and the page hears `popstate`.  While a match is under
// way the page never goes Back itself but to leave: a dialog closed by its own buttons
// turns its entry into the guard in place.  A Back of the page's own beside the player's
// made one traversal of the two, and the page once took the player's Back for its own and
// then left the page with no question.  With no match under way, a dialog closed by its
// buttons takes its entry away (Back), and a Back of the player's that comes with it leaves
// the page, as it would have a moment later.  Chromium skips, on Back, an entry added
// without a user's gesture, so the guard is added when the player touches the page.  An
// embedded table adds nothing: its entries would be the host page's Back.

/**
 * @typedef {object} BackWiring
 * @property {() => boolean} inProgress   a match is under way here (leaving would leave it)
 * @property {(leave: () => void) => void} ask   asks the player in a dialog: one answer
 *   calls `leave`, the other (staying) only closes it
 */

/** @type {BackWiring | null} */
let w = null;
let leaving = false;
let ownBack = false;  // the page's own Back is on its way (a dialog closed, no match under way)

const kind = () => (history.state && typeof history.state === "object" ? history.state.kingweb : undefined);
const dialog = () => /** @type {HTMLDialogElement | null} */ (document.getElementById("dialog"));
const underWay = () => Boolean(w && w.inProgress());

/** Put `k` on top: in place of the page's own entry, or above the page's address.
 * @param {"dialog" | "table"} k */
function mark(k) {
  if (kind()) history.replaceState({ kingweb: k }, "");
  else history.pushState({ kingweb: k }, "");
}

/** Add the guard when a match is under way and no dialog holds the top entry. */
function guard() {
  if (w && !leaving && !kind() && underWay() && !dialog()?.open) mark("table");
}

function onPopState() {
  if (!w) return;
  const d = dialog();
  if (ownBack) {  // a dialog opened meanwhile is not the one that went: it gets its entry
    ownBack = false;
    if (d?.open && kind() !== "dialog") mark("dialog");
    return;
  }
  if (d?.open) { d.close(); return; }  // its entry is gone already
  if (!kind() && underWay()) w.ask(() => { leaving = true; });
}

/** Leave the page: past the page's own entry too, if one is on top. */
function leave() {
  history.go(kind() ? -2 : -1);
}

/** A dialog opened: Back closes it.  Closed by its own buttons: its entry becomes the
 * guard, or goes with no match under way. */
function watchDialog() {
  const d = dialog();
  if (!d) return;
  new MutationObserver(() => {
    if (d.open && kind() !== "dialog") mark("dialog");
  }).observe(d, { attributes: true, attributeFilter: ["open"] });
  d.addEventListener("close", () => {
    if (leaving) leave();
    else if (kind() === "dialog" && underWay()) mark("table");
    else if (kind() === "dialog") { ownBack = true; history.back(); }
  });
}

/** Start minding Back (not in an embedded table).  @param {BackWiring} wiring */
export function mindBack(wiring) {
  w = wiring;
  addEventListener("popstate", onPopState);
  watchDialog();
  // the guard comes with a gesture of the player's, as Chromium asks of an entry it keeps
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, guard, { capture: true, passive: true });
}
