// Messages outside the table: the loading screen, the notice line and the toast.
import { t } from "../i18n/index.js";
import { $ } from "./dom.js";

/** @param {string} stage @param {number} pct */
export function showProgress(stage, pct) {
  $("progress-bar").style.width = `${pct}%`;
  $("loading-text").textContent = t(`stage_${stage}`);
}

/** The engine could not load: say why and offer to try again. @param {string} msg */
export function showLoadFailed(msg) {
  $("loading").hidden = false;
  $("loading-text").textContent = t("load_failed", { msg });
  $("btn-retry").hidden = false;
}

export function hideLoading() { $("loading").hidden = true; }

/** A lasting message at the top of the page. @param {string} msg */
export function notice(msg) {
  const box = $("notice");
  box.textContent = msg;
  box.hidden = false;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** A passing message. @param {string} msg @param {number} [ms] */
export function toast(msg, ms = 3500) {
  const box = $("toast");
  box.textContent = msg;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, ms);
}
