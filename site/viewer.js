// viewer.html: one recorded deal, shown from the address: `viewer.html#z=<code>` (the
// record's text compressed, records/link.js), with `?lang=` (en, es, pt, ru), `quiz=1`
// (hide the other hands and ask "what would you play?"), `seat=N` (whose decisions),
// `deal=K` (which deal of a match record), `deck=classic`.  With no record in the
// address it offers to open one (paste, file).  Framed by <kingweb-deal> (king-deal.js),
// it tells the frame's host its height so the element fits it.
import { LANGS, browserLangs, loadLang, pickLang, setLang, t } from "./i18n/index.js";
import { el } from "./render/dom.js";
import { openImport } from "./records/exchange.js";
import { readFragment, recordFragment } from "./records/link.js";
import { mountReview } from "./records/review.js";

const params = new URLSearchParams(location.search);
const asked = params.get("lang");
const lang = pickLang(asked && LANGS.includes(/** @type {any} */ (asked)) ? asked : undefined, browserLangs());
await loadLang(lang);
setLang(lang);
document.documentElement.lang = lang;
document.title = `kingweb — ${t("rv_title")}`;

const root = /** @type {HTMLElement} */ (document.getElementById("viewer"));
// a way back to the game, from a deal and from a link that could not be read alike (not
// in a frame: the framing page is the reader's way back)
if (window.parent === window) {
  root.before(el("nav", { class: "viewer-home" }, el("a", { id: "viewer-home", class: "button-link", href: "./", text: t("rv_home") })));
}
/** @param {string | null} x @param {number} max */
const whole = (x, max) => (x !== null && /^\d{1,2}$/.test(x) && Number(x) < max ? Number(x) : null);

/** @type {import("./records/review.js").ReviewControl | null} */
let shown = null;

/** Ask for a record: the viewer opened with none, or with one that could not be read. */
function offerImport(/** @type {string} */ why) {
  root.replaceChildren(el("p", { class: why ? "rv-error" : "rv-intro", role: why ? "alert" : null, text: why || t("rv_viewer_intro") }),
    el("button", { type: "button", class: "primary rv-import", text: t("rec_import"),
      onclick: () => openImport(async (text) => { location.hash = (await recordFragment(text)).slice(1); }) }));
}

async function show() {
  if (shown) shown.close();
  shown = null;
  const got = await readFragment(location.hash);
  if ("error" in got) { offerImport(got.error === "no-record" ? "" : t(`rec_link_${got.error}`)); return; }
  root.replaceChildren(el("p", { class: "rv-loading", role: "status", text: t("rv_loading") }));
  const body = el("div", { class: "rv-body" });
  const control = mountReview(body, got.text, {
    deal: whole(params.get("deal"), 100) ?? 0,
    seat: params.get("seat") === "all" ? null : whole(params.get("seat"), 4) ?? 0,
    quiz: params.get("quiz") === "1",
    deck: params.get("deck") === "classic" ? "classic" : "plain",
  });
  shown = control;
  try {
    await control.ready;
    root.replaceChildren(body);
  } catch (e) {
    const { recordError } = await import("./records/exchange.js");
    offerImport(recordError(/** @type {Error} */ (e)));
  }
}

window.addEventListener("hashchange", () => { show(); });
show();

// a framing page (king-deal.js) sizes its frame to the viewer's content
if (window.parent !== window) {
  new ResizeObserver(() => {
    window.parent.postMessage({ kingwebDeal: 1, type: "resize", height: document.documentElement.scrollHeight }, "*");
  }).observe(document.body);
}
