// Share on a hosted table while its room is not open yet: a host whose page was reloaded
// (or whose engine restarted) resumes the match at once, and its room opens again a moment
// later; a host who has just asked for a new room waits for it too.  Share then opens a
// dialog at once that says the room is being opened, which becomes the invite the moment
// the room is open, or says why it could not open.  Loaded with the page (it is small):
// the room's own modules (site/p2p/) may still be downloading when Share is clicked.
import { t } from "../i18n/index.js";
import { $, el } from "./dom.js";
import { openDialog } from "./dialogs.js";

/** Why a room could not be opened, in the player's words: the transport's problem
 * (`key`, p2p_…), a file that could not be downloaded, or the error's own message.
 * @param {any} e */
export function whyNoRoom(e) {
  if (e && typeof e.key === "string") return t(e.key);
  // a dynamic import that failed (Chromium, Firefox and Safari word it differently)
  if (e instanceof TypeError && /module|import|fetch/i.test(e.message)) return t("room_download");
  return String((e && e.message) || e);
}

/** The sentence for a room that could not be opened. @param {any} e @param {boolean} again  a resumed match's room */
export function roomFailed(e, again) {
  return t(again ? "room_unreopened" : "room_unopened", { why: whyNoRoom(e) });
}

/** The invite's dialog saying the room could not be opened, and why.
 * @param {any} e @param {boolean} again */
export function showRoomFailed(e, again) {
  openDialog(t("invite_link"), [el("p", { class: "note", role: "alert", id: "invite-status", text: roomFailed(e, again) })],
    [[t("close"), null, true]]);
}

/**
 * Share while the room opens: the dialog, saying so now; `show` draws the invite in its
 * place once `opening` settles, unless the player has closed it (or another dialog, such
 * as a new room's seating with its invite, has taken its place).
 * @param {Promise<unknown>} opening @param {boolean} again  a resumed match's room
 * @param {() => void} show
 */
export function awaitRoom(opening, again, show) {
  const status = el("p", { role: "status", id: "invite-status", text: t(again ? "room_reopening" : "room_opening") });
  openDialog(t("invite_link"), [status], [[t("close"), null, true]]);
  const ours = () => /** @type {HTMLDialogElement} */ ($("dialog")).open && $("dialog-content").contains(status);
  opening.then(() => { if (ours()) show(); }, (e) => {
    if (!ours()) return;
    status.textContent = roomFailed(e, again);
    status.setAttribute("role", "alert");
    status.className = "note";
  });
}
