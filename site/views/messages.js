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
/** What the shown message is about ("hint": the decision at hand), or null. */
let toastAbout = /** @type {string | null} */ (null);

/** A passing message; `about` names what it speaks of, so that it goes when that does
 * (a hint, once the decision it advises on is made: `dropToast("hint")`).
 * @param {string} msg @param {number} [ms] @param {string | null} [about] */
export function toast(msg, ms = 3500, about = null) {
  const box = $("toast");
  box.textContent = msg;
  box.hidden = false;
  toastAbout = about;
  placeToast(box);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; toastAbout = null; }, ms);
}

/** Hide the message now if it speaks of `about`. @param {string} about */
export function dropToast(about) {
  if (toastAbout !== about) return;
  clearTimeout(toastTimer);
  $("toast").hidden = true;
  toastAbout = null;
}

/** A narrow screen has no free corner: the banner, the top seat and the side plates fill
 * the top, so the message sits just above what the player acts with (the panel when it is
 * open, else their own plate above the hand: its name and score stay in sight).  A wide
 * screen keeps the style sheet's corner.  @param {HTMLElement} box */
function placeToast(box) {
  const panel = $("panel");
  const own = document.querySelector("#seat-bottom .plate");
  const over = !panel.hidden ? panel : own || $("hand");
  const top = over.getBoundingClientRect().top;
  const low = matchMedia("(max-width: 899px)").matches && top > 0;
  box.classList.toggle("above-hand", low);
  box.style.bottom = low ? `${Math.max(0, innerHeight - top + 6)}px` : "";
}
