// Records in and out of the page: export (copy as JSON or as text, download a file, a
// link to viewer.html#z=…) and import (paste a record or a link, open a file).  The
// engine checks everything (the review worker's `read`): a record it refuses is reported
// with its field and line and the engine's own account, and nothing of it is opened.
import { t } from "../i18n/index.js";
import { el } from "../render/dom.js";
import { refusalText } from "../render/labels.js";
import * as analyst from "./analyst.js";
import { MAX_TEXT, readFragment, recordFragment } from "./link.js";

/** @typedef {analyst.AnalystError} AnalystError */

/** A refusal in the page's words: the record's sentence (err_bad-record with its field),
 * the line of the text form, and the engine's own account of what is wrong.
 * @param {AnalystError | Error} e @returns {string} */
export function recordError(e) {
  const err = /** @type {AnalystError} */ (e);
  if (err.kind === "crash" || err.kind === "network") return t("rec_worker_failed", { msg: err.message });
  if (!err.code) return err.message;
  const line = err.params && typeof err.params.line === "number" ? ` ${t("rec_line", { line: err.params.line })}` : "";
  return `${refusalText(err, null)}${line} (${err.message})`;
}

/** A small dialog of the records' own, over whatever is open.
 * @param {string} id @param {string} title @param {Node[]} content @returns {HTMLDialogElement} */
function dialog(id, title, content) {
  const old = document.getElementById(id);
  if (old) old.remove();
  const d = /** @type {HTMLDialogElement} */ (el("dialog", { id, class: "rec-dialog", "aria-label": title },
    el("h2", { text: title }), ...content,
    el("div", { class: "dialog-actions" }, el("button", { type: "button", class: "rec-close", text: t("close"), onclick: () => d.close() }))));
  d.addEventListener("close", () => d.remove());
  d.addEventListener("keydown", (e) => e.stopPropagation());  // the table's keys are not for it
  document.body.append(d);
  d.showModal();
  return d;
}

/** The address of the viewer showing `text`. @param {string} text */
export async function viewerLink(text) {
  return new URL(`../viewer.html${await recordFragment(text)}`, import.meta.url).href;
}

/**
 * Export a record (JSON data): copy it as JSON or as text, download it, or copy a link
 * to the viewer.  The text copied is shown too, for a browser that refuses the clipboard.
 * @param {Record<string, any>} record
 */
export function openExport(record) {
  const out = /** @type {HTMLTextAreaElement} */ (el("textarea", { class: "rec-out", readonly: true, rows: "8", "aria-label": t("rec_export") }));
  const said = el("p", { class: "rec-said", role: "status" });
  /** @param {"json" | "text"} form */
  const written = async (form) => (await analyst.ask("write", { record, form })).text;
  /** @param {string} text */
  const copy = async (text) => {
    out.value = text;
    try {
      await navigator.clipboard.writeText(text);
      said.textContent = t("rec_copied");
    } catch {
      out.select();
      said.textContent = t("rec_copy_yourself");
    }
  };
  /** @param {() => Promise<void>} job */
  const safely = (job) => () => { job().catch((e) => { said.textContent = recordError(e); }); };
  const match = record.deals.length > 1;
  const name = match ? `kingweb-${record.game}-match.json` : `kingweb-${record.game}-${record.deals[0].deal_no + 1}.json`;
  const b = (/** @type {string} */ how, /** @type {() => Promise<void>} */ job) =>
    el("button", { type: "button", class: `rec-${how}`, text: t(`rec_export_${how}`), onclick: safely(job) });
  dialog("rec-export", t(match ? "rec_export_match" : "rec_export"), [
    el("div", { class: "rec-buttons" },
      b("json", async () => copy(await written("json"))),
      b("text", async () => copy(await written("text"))),
      b("file", async () => {
        const text = await written("json");
        out.value = text;
        const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
        const a = el("a", { href: url, download: name });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        said.textContent = t("rec_downloaded", { name });
      }),
      b("link", async () => copy(await viewerLink(await written("text"))))),
    out, said]);
}

/** The record's text that what a person pasted holds: the text itself, or the record a
 * link carries (`…#z=<code>`).  @param {string} pasted @returns {Promise<{text: string} | {error: string}>} */
export async function pastedRecord(pasted) {
  const s = pasted.trim();
  const at = s.search(/#(?:.*&)?z=/);
  if (at >= 0 && !s.startsWith("{") && !s.startsWith("[")) return readFragment(s.slice(at));
  if (!s) return { error: "empty" };
  return { text: s };
}

/**
 * Import: paste a record (JSON or text) or a link, or open a file; the engine reads it,
 * and only a record it accepts is handed to `open` (its text).
 * @param {(text: string) => void} open
 */
export function openImport(open) {
  const area = /** @type {HTMLTextAreaElement} */ (el("textarea", { class: "rec-in", rows: "8", "aria-label": t("rec_paste") }));
  const file = /** @type {HTMLInputElement} */ (el("input", { type: "file", class: "rec-file", accept: ".json,.txt,.pbn,application/json,text/plain", "aria-label": t("rec_file") }));
  const said = el("p", { class: "rec-said", role: "alert" });
  /** @param {string} pasted */
  const tryOpen = async (pasted) => {
    said.textContent = "";
    const got = await pastedRecord(pasted);
    if ("error" in got) { said.textContent = t(`rec_link_${got.error}`); return; }
    try {
      await analyst.ask("read", { text: got.text });
    } catch (e) {
      said.textContent = recordError(/** @type {AnalystError} */ (e));
      return;
    }
    d.close();
    open(got.text);
  };
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > MAX_TEXT) { said.textContent = t("rec_link_too-big"); return; }
    area.value = await f.text();
    await tryOpen(area.value);
  });
  const d = dialog("rec-import", t("rec_import"), [
    el("label", { class: "rec-label" }, t("rec_paste"), area),
    el("label", { class: "rec-label" }, t("rec_file"), " ", file),
    el("div", { class: "rec-buttons" }, el("button", { type: "button", class: "primary rec-open", text: t("rec_open"), onclick: () => { tryOpen(area.value); } })),
    said]);
  area.focus();
}
