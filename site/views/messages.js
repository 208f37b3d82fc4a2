// Messages outside the table: the loading screen, the notice line and the toast.
import { t } from "../i18n/index.js";
import { $ } from "./dom.js";

/** @param {string} stage @param {number} pct */
export function showProgress(stage, pct) {
  $("progress-bar").style.width = `${pct}%`;
  $("loading-text").textContent = t(`stage_${stage}`);
}

/** The engine could not load: say why, a download that failed or an engine that broke
 * (then the connection is not to blame), and offer to try again.
 * @param {string} msg @param {import("../protocol.js").FailureKind} kind */
export function showLoadFailed(msg, kind) {
  $("loading").hidden = false;
  $("loading-text").textContent = t(kind === "network" ? "load_failed" : "load_crashed", { msg });
  $("btn-retry").hidden = false;
}

export function hideLoading() { $("loading").hidden = true; }

/** A lasting message at the top of the page, after any already there; `extra` (a
 * button, a link) follows the words.  Returns the message's line.
 * @param {string} msg @param {...Node} extra */
export function notice(msg, ...extra) {
  const box = $("notice");
  const line = document.createElement("span");
  line.className = "notice-line";
  line.append(msg, ...extra);
  if (box.hidden) box.replaceChildren();
  box.append(line);
  box.hidden = false;
  return line;
}

/** A button for a message. @param {string} label @param {string} id @param {() => void} onClick */
export function choiceButton(label, id, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

/** Hand `text` to the browser as a file download named `name`.
 * @param {string} text @param {string} name */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** A passing message. @param {string} msg @param {number} [ms] */
export function toast(msg, ms = 3500) {
  const box = $("toast");
  box.textContent = msg;
  box.hidden = false;
  placeToast(box);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, ms);
}

/** A narrow screen has no free corner: the banner, the top seat and the side plates fill
 * the top, so the message sits just above what the player acts with (the panel when it is
 * open, else the hand), over their own plate, which says nothing they need then.  A wide
 * screen keeps the style sheet's corner.  @param {HTMLElement} box */
function placeToast(box) {
  const panel = $("panel");
  // the hand's box, not its first card: its top padding is where a raised card goes
  const over = !panel.hidden ? panel : $("hand");
  const top = over.getBoundingClientRect().top;
  const low = matchMedia("(max-width: 899px)").matches && top > 0;
  box.classList.toggle("above-hand", low);
  box.style.bottom = low ? `${Math.max(0, innerHeight - top + 6)}px` : "";
}
