// <kingweb-table>: a kingweb table (or lesson) in any page.
//
//   <script type="module" src="https://<host>/<path>/king-embed.js"></script>
//   <kingweb-table game="kingru" lang="ru" level="normal"></kingweb-table>
//   <kingweb-table lesson="king/heart-lead-ban" lang="es"></kingweb-table>
//
// Attributes: game, options ("boys=jacks-kings" or JSON), seed, level, lang, speed, seat,
// lesson, and src (the kingweb page; default: index.html beside this script).  The
// element keeps the frame as tall as its content and re-emits the frame's messages as
// DOM events: kingweb-ready, kingweb-deal-end, kingweb-match-end, kingweb-lesson-start,
// kingweb-lesson-done (event.detail is the message).  Methods: newGame({game, options, seed, level}),
// setOptions({lang, speed, level, fourColor, deck, options}).
const PROTOCOL = 1;
const PARAMS = ["game", "options", "seed", "level", "lang", "speed", "seat", "lesson"];

class KingwebTable extends HTMLElement {
  connectedCallback() {
    if (this.frame) return;
    const src = new URL(this.getAttribute("src") || "index.html", import.meta.url);
    src.search = "";
    src.searchParams.set("embed", "1");
    for (const p of PARAMS) if (this.hasAttribute(p)) src.searchParams.set(p, this.getAttribute(p));
    this.origin = src.origin;
    const frame = document.createElement("iframe");
    frame.src = src.href;
    frame.title = this.getAttribute("title") || "kingweb card table";
    frame.style.cssText = "width:100%;border:0;display:block;min-height:" + (this.getAttribute("min-height") || "420px");
    frame.setAttribute("allow", "clipboard-write");
    this.frame = frame;
    this.greeted = false;
    this.onMessage = (ev) => this.receive(ev);
    window.addEventListener("message", this.onMessage);
    frame.addEventListener("load", () => this.hello());
    this.append(frame);
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.onMessage);
    clearInterval(this.helloTimer);
  }

  hello() {
    // the frame may still be loading its scripts: say hello until it answers
    clearInterval(this.helloTimer);
    const send = () => this.send("hello");
    send();
    this.helloTimer = setInterval(send, 300);
  }

  send(type, data = {}) {
    if (this.frame && this.frame.contentWindow) {
      this.frame.contentWindow.postMessage({ kingweb: PROTOCOL, type, ...data }, this.origin);
    }
  }

  receive(ev) {
    if (!this.frame || ev.source !== this.frame.contentWindow || ev.origin !== this.origin) return;
    const d = ev.data;
    if (!d || d.kingweb !== PROTOCOL) return;
    if (d.type === "hello") { this.greeted = true; clearInterval(this.helloTimer); return; }
    if (d.type === "resize" && Number.isFinite(d.height)) this.frame.style.height = `${Math.max(200, d.height)}px`;
    this.dispatchEvent(new CustomEvent(`kingweb-${d.type}`, { detail: d, bubbles: true }));
  }

  newGame(opts = {}) { this.send("new-game", opts); }
  setOptions(opts = {}) { this.send("set-options", opts); }
}

if (!customElements.get("kingweb-table")) customElements.define("kingweb-table", KingwebTable);
