// Messages outside the table: the loading screen, the notice line and the toast.
import { t } from "../i18n/index.js";
import { $ } from "./dom.js";

/** True while a failed load is on screen: until the person presses Try again, nothing
 * else (the welcome's first paint, a Play pressed meanwhile) covers or hides it. */
const loadFailed = () => !$("btn-retry").hidden;

/** @param {string} stage @param {number} pct */
export function showProgress(stage, pct) {
  if (loadFailed()) return;
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

export function hideLoading() { if (!loadFailed()) $("loading").hidden = true; }

/** A lasting message at the top of the page, after any already there; `extra` (a
 * button, a link) follows the words.  Returns the message's line.
 * @param {string} msg @param {...Node} extra */
export function notice(msg, ...extra) {
  return noticeAbout(null, msg, ...extra);
}

/** A notice about one problem (`about`): it replaces the last one about the same problem
 * rather than piling up under it, and `clearNotice(about)` takes it away once solved.
 * Each line can be closed by the person.
 * @param {string | null} about @param {string} msg @param {...(Node | string)} extra */
export function noticeAbout(about, msg, ...extra) {
  const box = $("notice");
  if (box.hidden) box.replaceChildren();
  const line = document.createElement("span");
  line.className = "notice-line";
  if (about) line.dataset.about = about;
  const close = choiceButton("×", "", () => { line.remove(); if (!box.querySelector(".notice-line")) box.hidden = true; });
  close.removeAttribute("id");
  close.className = "notice-close";
  close.setAttribute("aria-label", t("close"));
  line.append(msg, ...extra, close);
  const before = about ? [...box.querySelectorAll(".notice-line")].find((l) => /** @type {HTMLElement} */ (l).dataset.about === about) : null;
  if (before) before.replaceWith(line); else box.append(line);
  box.hidden = false;
  return line;
}

/** Take away the notice about `about` (its problem is solved). @param {string} about */
export function clearNotice(about) {
  const box = $("notice");
  for (const l of box.querySelectorAll(".notice-line")) if (/** @type {HTMLElement} */ (l).dataset.about === about) l.remove();
  if (!box.querySelector(".notice-line")) box.hidden = true;
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
/** Whether a resize places the shown message again (listened for from the first message on). */
let replaces = false;

/** A passing message; `about` names what it speaks of, so that it goes when that does
 * (a hint, once the decision it advises on is made: `dropToast("hint")`).
 * @param {string} msg @param {number} [ms] @param {string | null} [about] */
export function toast(msg, ms = 3500, about = null) {
  const box = $("toast");
  if (!replaces) {
    // a phone turned, a window resized: the message's place was measured for the old size
    replaces = true;
    addEventListener("resize", () => { if (!box.hidden) placeToast(box, toastAbout); });
  }
  box.textContent = msg;
  box.hidden = false;
  toastAbout = about;
  placeToast(box, about);
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

/** Messages about what the player is deciding: shown by what they decide with. */
const NEAR_HAND = new Set(["hint", "refusal"]);

/** A narrow screen has no free corner: the banner, the top seat and the side plates fill
 * the top, so the message sits just above the player's own plate, which is above the
 * panel and the hand (its name and score stay in sight, and what the player acts with).  A wide
 * screen keeps the style sheet's corner, except for a message about the player's decision
 * (a hint, a refused card), which sits beside their own plate, by the hand and the panel
 * it speaks of: in the corner of a 1920 px screen it was a head's turn away.
 * @param {HTMLElement} box @param {string | null} about */
function placeToast(box, about) {
  const panel = $("panel");
  const own = document.querySelector("#seat-bottom .plate");
  const wide = !matchMedia("(max-width: 899px)").matches;
  box.classList.remove("above-hand", "beside-plate", "above-plate");
  box.style.bottom = box.style.left = box.style.maxWidth = box.style.fontSize = box.style.lineHeight = box.style.padding = "";
  if (wide) {
    if (!own || !about || !NEAR_HAND.has(about)) return;
    const r = own.getBoundingClientRect();
    const left = Math.round(r.right + 16);
    // it grows upwards from the plate's foot, clear of a hinted card lifted out of the
    // hand below (by 14% of its height) and of the right-hand seat's column
    const card = /** @type {HTMLElement | null} */ (document.querySelector("#hand .card"));
    const foot = panel.hidden && card ? Math.min(r.bottom, $("hand").getBoundingClientRect().top - 0.15 * card.offsetHeight - 4) : r.bottom;
    const east = document.querySelector(".seat-right");
    const room = (east && east.childElementCount ? east.getBoundingClientRect().left : innerWidth) - 12 - left;
    box.classList.add("beside-plate");
    if (room < 16 * 16) {  // too little room beside the plate: just above it, centred on it
      box.style.left = `${Math.round(r.left + r.width / 2)}px`;
      box.style.bottom = `${Math.round(innerHeight - r.top + 6)}px`;
      box.classList.add("above-plate");
      return;
    }
    box.style.left = `${left}px`;
    box.style.bottom = `${Math.max(0, Math.round(innerHeight - foot))}px`;
    box.style.maxWidth = `${Math.min(40 * 16, room)}px`;
    return;
  }
  // (the plate sits above the panel: a message over the panel would cover it)
  const over = own || (!panel.hidden ? panel : $("hand"));
  // ... and above the contract's badge, which a phone draws in the corners just above that
  // plate ("Tricks", "Tricks so far" were read under the message)
  const badge = [...document.querySelectorAll("#contract-badge > *")].map((e) => e.getBoundingClientRect()).filter((r) => r.height);
  const top = Math.min(over.getBoundingClientRect().top, ...badge.map((r) => r.top));
  if (top <= 0) return;
  box.classList.add("above-hand");
  box.style.bottom = `${Math.max(0, innerHeight - top + 6)}px`;
  if (!clashes(box)) return;
  // a short phone in an auction: the side seats' plates and bid bubbles stand at that
  // height, so the message keeps to the column between them, below the top seat's bubble,
  // in smaller type when it needs the room
  const side = (/** @type {string} */ sel) => [...document.querySelectorAll(`${sel} > *`)].map((e) => e.getBoundingClientRect()).filter((r) => r.height);
  const left = Math.max(0, ...side(".seat-left").map((r) => r.right)) + 6;
  const right = Math.min(innerWidth, ...side(".seat-right").map((r) => r.left)) - 6;
  const ceiling = Math.max(0, ...side(".seat-top").map((r) => r.bottom)) + 4;
  box.style.left = `${Math.round((left + right) / 2)}px`;
  box.style.maxWidth = `${Math.floor(right - left)}px`;
  for (const [size, lines, pad] of [["", "", ""], [".85rem", "1.25", "6px 10px"], [".75rem", "1.2", "4px 8px"]]) {
    Object.assign(box.style, { fontSize: size, lineHeight: lines, padding: pad });
    if (box.getBoundingClientRect().top >= ceiling) return;
  }
}

/** Whether the message lies over a name, a count of cards, a bid's bubble or the contract's
 * badge.  @param {HTMLElement} box */
function clashes(box) {
  const a = box.getBoundingClientRect();
  return [...document.querySelectorAll(".seat > *, #contract-badge > *")].some((e) => {
    const b = e.getBoundingClientRect();
    return b.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  });
}
