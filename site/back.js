// Back inside the app.  A phone's Back (or the browser's) closes the open dialog instead of
// leaving the page, and Back at a table whose match is under way asks before it leaves.
//
// The page adds entries of its own to the tab's history, each marked `{kingweb: kind}`:
// "dialog" while a dialog is open, "table" (the guard) while a match is under way.  Back
// pops the top one and the page hears `popstate`; a dialog closed by its own buttons pops
// its entry itself.  Chromium skips, on Back, an entry added without a user's gesture, so
// the guard is added when the player touches the page, and the handler never counts on
// which entry it lands on: it closes what is open, else asks.  An embedded table adds
// nothing: its entries would be the host page's Back.

/**
 * @typedef {object} BackWiring
 * @property {() => boolean} inProgress   a match is under way here (leaving would leave it)
 * @property {(leave: () => void) => void} ask   asks the player in a dialog: one answer
 *   calls `leave`, the other (staying) only closes it
 */

/** @type {BackWiring | null} */
let w = null;
let expected = 0;  // pops the page asked for itself (a dialog closed by its buttons)
let leaving = false;

const kind = () => (history.state && typeof history.state === "object" ? history.state.kingweb : undefined);
const dialog = () => /** @type {HTMLDialogElement | null} */ (document.getElementById("dialog"));

/** Add the guard when a match is under way and the top entry is not the page's own. */
function guard() {
  if (w && !leaving && !kind() && w.inProgress() && !dialog()?.open) history.pushState({ kingweb: "table" }, "");
}

function onPopState() {
  if (!w) return;
  if (expected > 0) {
    expected--;
    if (leaving) { history.back(); return; }
    if (dialog()?.open && kind() !== "dialog") history.pushState({ kingweb: "dialog" }, "");
    else guard();
    return;
  }
  const d = dialog();
  if (d?.open) { d.close(); return; }  // its entry is gone already: the close pops nothing
  if (!kind() && w.inProgress()) {
    w.ask(() => { leaving = true; });
  }
}

/** A dialog opened: Back closes it.  Closed by its own buttons: its entry goes. */
function watchDialog() {
  const d = dialog();
  if (!d) return;
  new MutationObserver(() => {
    if (d.open && kind() !== "dialog") history.pushState({ kingweb: "dialog" }, "");
  }).observe(d, { attributes: true, attributeFilter: ["open"] });
  d.addEventListener("close", () => {
    if (kind() === "dialog") {
      expected++;
      history.back();
    } else if (leaving) {
      history.back();
    }
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
