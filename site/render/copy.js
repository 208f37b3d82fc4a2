// The Copy button beside a link to share (the host's invite, in the room's seating and in
// Share during the match; a solo player's share link): the clipboard where the browser
// allows it, else the link selected for the person to copy, and "copied" said for a moment.
import { t } from "../i18n/index.js";
import { el } from "./dom.js";

/** How long "Link copied." stays (ms). */
export const COPIED_MS = 4000;

/**
 * The field and its Copy button in a row, and the line that says what came of a tap.
 * @param {HTMLInputElement} field  the link, read-only
 * @param {string} id  the button's id
 * @returns {HTMLElement[]}
 */
export function copyRow(field, id) {
  const said = el("span", { class: "copied", role: "status" });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let fade;
  const say = (/** @type {string} */ text, /** @type {boolean} */ brief) => {
    clearTimeout(fade);
    said.textContent = text;
    if (brief) fade = setTimeout(() => { said.textContent = ""; }, COPIED_MS);
  };
  const copy = el("button", { type: "button", id, text: t("copy_link"), onclick: () => {
    field.select();
    (navigator.clipboard ? navigator.clipboard.writeText(field.value) : Promise.reject(new Error("no clipboard")))
      .then(() => say(t("copied"), true))
      .catch(() => say(t("copy_by_hand"), false));
  } });
  return [el("div", { class: "share-row" }, field, copy), said];
}
