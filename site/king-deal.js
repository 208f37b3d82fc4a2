// <kingweb-deal>: a recorded deal in any page, step by step, in a frame of viewer.html.
//
//   <script type="module" src="https://<host>/<path>/king-deal.js"></script>
//   <kingweb-deal code="<the code of a viewer.html#z= link>" lang="es" quiz></kingweb-deal>
//   <kingweb-deal lang="ru"><script type="text/plain">[Game "kingru"] …</script></kingweb-deal>
//
// Attributes: `code` (a link's code), or `record` (the record's text, JSON or text form),
// or, for a long text, the text inside a child <script type="text/plain">; `lang`, `quiz`
// (hide the other hands and ask "what would you play?"), `seat`, `deal`, `deck`,
// `min-height`, and `src` (the viewer; default: viewer.html beside this script).  A frame
// keeps the viewer under the site's own Content Security Policy and origin, whatever
// the host page's, and the host needs no style sheet of the site's.
import { recordCode } from "./records/link.js";

const PARAMS = ["lang", "seat", "deal", "deck"];

class KingwebDeal extends HTMLElement {
  async connectedCallback() {
    if (this.frame) return;
    if (!this.style.display) this.style.display = "block";
    const frame = document.createElement("iframe");
    this.frame = frame;
    frame.title = this.getAttribute("title") || "kingweb: a recorded deal";
    frame.style.cssText = "width:100%;border:0;display:block;min-height:" + (this.getAttribute("min-height") || "560px");
    const src = new URL(this.getAttribute("src") || "viewer.html", import.meta.url);
    src.search = "";
    for (const p of PARAMS) if (this.hasAttribute(p)) src.searchParams.set(p, this.getAttribute(p) || "");
    if (this.hasAttribute("quiz")) src.searchParams.set("quiz", "1");
    const inline = this.querySelector('script[type="text/plain"]');
    const text = this.getAttribute("record") || (inline && inline.textContent ? inline.textContent.trim() : "");
    const code = this.getAttribute("code") || (text ? await recordCode(text) : "");
    src.hash = code ? `z=${code}` : "";
    this.onMessage = (ev) => {
      if (ev.source !== frame.contentWindow || !ev.data || ev.data.kingwebDeal !== 1) return;
      if (ev.data.type === "resize" && Number.isFinite(ev.data.height)) frame.style.height = `${Math.max(200, Math.min(4000, ev.data.height))}px`;
    };
    window.addEventListener("message", this.onMessage);
    frame.src = src.href;
    this.append(frame);
  }

  disconnectedCallback() {
    if (this.onMessage) window.removeEventListener("message", this.onMessage);
  }
}

if (!customElements.get("kingweb-deal")) customElements.define("kingweb-deal", KingwebDeal);
