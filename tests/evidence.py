"""What a failed browser test leaves behind, printed in pytest's own report (CI keeps only
its log): for every page the test opened, its address, its last console lines and page
errors, the last messages between it and its workers, the table's mode and model, and the
path of a screenshot saved under the run's evidence folder.

Every browser context the tests make is instrumented (``instrument`` wraps a browser's
``new_context``): its pages are tracked from their first line, and an init script keeps
the page's worker traffic.  The worker is the real one; the script only listens beside
the page.  conftest.py calls ``begin`` before each test and adds ``report`` to a failed
test's report."""

import collections
import datetime
import os
import re
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSOLE_LINES = 30
NAVIGATIONS = 12  # the last places a page went to, in its report
TRACE_LINES = 40

# Kept in the page (window.__kingwebTrace): each message to or from a dedicated worker,
# cut to 400 characters, the last TRACE_LINES of them.
TRACE_JS = """(() => {
  if (window.__kingwebTrace || !window.Worker) return;
  const trace = [];
  window.__kingwebTrace = trace;
  const keep = (dir, name, data) => {
    let text;
    try { text = JSON.stringify(data); } catch { text = String(data); }
    if (text && text.length > 400) text = text.slice(0, 400) + '…';
    trace.push(`${(performance.now() / 1000).toFixed(2)} s ${dir} ${name}: ${text}`);
    if (trace.length > TRACE_LINES) trace.shift();
  };
  // the dialog's story: each title it showed, each open and close, and the history's moves,
  // the calls with where they came from (a dialog that went with nobody closing it, r43)
  const story = (window.__kingwebDialogs = []);
  const tell = (what, stack) => {
    const from = stack ? ' < ' + (new Error().stack || '').split('\\n').slice(3, 6)
      .map((l) => l.trim().replace(/^at /, '').split(location.origin).join('')).join(' < ') : '';
    story.push(`${(performance.now() / 1000).toFixed(2)} s ${what}${from}`);
    if (story.length > TRACE_LINES) story.shift();
  };
  const wrap = (proto, name, what) => {
    const real = proto && proto[name];
    if (real) proto[name] = function (...args) { tell(what(this, args), true); return real.apply(this, args); };
  };
  wrap(window.HTMLDialogElement && HTMLDialogElement.prototype, 'showModal', (d) => `showModal #${d.id}`);
  wrap(window.HTMLDialogElement && HTMLDialogElement.prototype, 'close', (d) => `close #${d.id}`);
  for (const name of ['pushState', 'replaceState', 'back', 'go']) wrap(History.prototype, name, (_h, a) => `history.${name} ${JSON.stringify(a[0] ?? null)}`);
  addEventListener('popstate', (e) => tell(`popstate ${JSON.stringify(e.state)}`, false));
  addEventListener('DOMContentLoaded', () => {
    const title = document.getElementById('dialog-title');
    if (title) new MutationObserver(() => tell(`title "${title.textContent.slice(0, 60)}"`, false))
      .observe(title, { childList: true, characterData: true, subtree: true });
  });
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(url, opts) {
      super(url, opts);
      this.kwName = (opts && opts.name) || String(url).split('/').pop();
      this.addEventListener('message', (e) => keep('<-', this.kwName, e.data));
      this.addEventListener('error', (e) => keep('!!', this.kwName, e.message));
    }
    postMessage(data, transfer) {
      keep('->', this.kwName, data);
      return transfer === undefined ? super.postMessage(data) : super.postMessage(data, transfer);
    }
  };
})();""".replace("TRACE_LINES", str(TRACE_LINES))

# The table as the page holds it (site/store.js), where the page is one of the site's.
TABLE_JS = """async () => {
  const lines = [];
  if (!document.getElementById('table')) return [['not a table of the site'], window.__kingwebTrace || []];
  try {
    const { page: p } = await import(new URL('store.js', document.baseURI).href);
    const m = p.model;
    lines.push(`mode ${p.mode}, audience ${p.audience}, here ${JSON.stringify(p.here)}, screen ${p.screen}, busy ${p.busy}, animating ${p.animating}`);
    lines.push(m ? `model: ${m.game} event ${m.n}, phase ${m.phase}, turn ${m.turn}, seat ${m.seat}, over ${m.over}, legal ${JSON.stringify(m.legal)}` : 'model: none');
  } catch (e) { lines.push('no table: ' + e); }
  const dlg = document.querySelector('dialog[open]');
  lines.push('open dialog: ' + (dlg ? (dlg.querySelector('h2,h1') || dlg).textContent.trim().slice(0, 120) : 'none'));
  const loading = document.querySelector('#loading');
  if (loading && !loading.hidden) lines.push('loading: ' + loading.textContent.trim().slice(0, 200));
  // a room of people (only where the page loaded one): how far meeting got
  if (performance.getEntriesByType('resource').some((e) => e.name.endsWith('/p2p/room.js'))) {
    try {
      const { openRooms } = await import(new URL('p2p/room.js', document.baseURI).href);
      if (!openRooms.size) lines.push('room: none open');
      for (const room of openRooms) {
        const { signals = [], ...stats } = room.stats();
        lines.push('room: ' + JSON.stringify(stats).slice(0, 900));
        // what the trackers carried and when (ms after the room opened): how far meeting got
        if (signals.length) lines.push('signals: ' + signals.join(' | '));
      }
    } catch (e) { lines.push('room: could not be read: ' + e); }
  }
  const story = window.__kingwebDialogs || [];
  if (story.length) lines.push('dialog and history, last first:\\n      ' + story.slice().reverse().join('\\n      '));
  const notice = document.querySelector('#notice');
  if (notice && notice.textContent.trim()) lines.push('notice: ' + notice.textContent.trim().slice(0, 300));
  return [lines, window.__kingwebTrace || []];
}"""


class _Tracked:
    """One page and what it said, kept here so that it outlives the page."""

    def __init__(self, page) -> None:
        self.page = page
        self.console: collections.deque[str] = collections.deque(maxlen=CONSOLE_LINES)
        self.errors: list[str] = []
        # where the page went, and when: a page that left its table shows how it left
        self.navigations: list[str] = []
        t0 = time.monotonic()
        page.on("console", lambda m: self.console.append(f"[{m.type}] {m.text}" + _source(m)))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on(
            "framenavigated",
            lambda f: f == page.main_frame and self.navigations.append(f"{time.monotonic() - t0:.1f}s {f.url}"),
        )


def _source(message) -> str:
    """Where an error came from ("Failed to load resource" names no file by itself)."""
    url = message.location.get("url") if message.type == "error" else None
    return f" ({url})" if url else ""


_pages: list[_Tracked] = []


def folder() -> Path:
    """The run's evidence folder (``KINGWEB_EVIDENCE``, which conftest sets once per run so
    that every pytest worker writes to the same one)."""
    return Path(os.environ.get("KINGWEB_EVIDENCE") or ROOT / "test-evidence" / "unnamed")


def run_folder_name() -> str:
    return datetime.datetime.now().strftime("run-%Y%m%d-%H%M%S-") + str(os.getpid())


def instrument(browser) -> None:
    """Track every page of every context ``browser`` makes from now on."""
    if getattr(browser, "_kingweb_tracked", False):
        return
    make = browser.new_context

    def new_context(**kw):
        ctx = make(**kw)
        ctx.add_init_script(TRACE_JS)
        ctx.on("page", lambda pg: _pages.append(_Tracked(pg)))
        return ctx

    browser.new_context = new_context
    browser._kingweb_tracked = True


def begin() -> None:
    """A new test: forget the last one's pages."""
    _pages.clear()


def tracked() -> int:
    return len(_pages)


def _frame(frame, indent: str) -> list[str]:
    out = [] if frame == frame.page.main_frame else [f"{indent[:-2]}frame {frame.url}"]
    try:
        lines, trace = frame.evaluate(TABLE_JS)
    except Exception as e:  # the evidence must never hide the failure it explains
        return [*out, f"{indent}(could not be read: {str(e).splitlines()[0]})"]
    out += [indent + s for s in lines]
    out.append(f"{indent}worker messages, last first:" if trace else f"{indent}worker messages: none")
    return out + [indent + "  " + s for s in reversed(trace)]


def report(nodeid: str) -> str:
    """What every page of the test showed, as text for the report; a screenshot of each
    page still open."""
    out = []
    stem = re.sub(r"[^\w.-]+", "_", nodeid)[-120:]
    for i, t in enumerate(_pages):
        pg = t.page
        head = f"== page {i + 1} of {len(_pages)}"
        if pg.is_closed():
            out.append(f"{head} (closed before the failure was seen)")
        else:
            out.append(f"{head}: {pg.url}")
            for frame in pg.frames:  # the page, and an embedded table's frame
                out += _frame(frame, "  " if frame == pg.main_frame else "    ")
            try:
                shot = folder() / f"{stem}-page{i + 1}.png"
                shot.parent.mkdir(parents=True, exist_ok=True)
                pg.screenshot(path=str(shot), timeout=5000)
                out.append(f"  screenshot: {shot}")
            except Exception as e:
                out.append(f"  (no screenshot: {str(e).splitlines()[0]})")
        out.append("  navigations: " + (" → ".join(t.navigations[-NAVIGATIONS:]) or "none"))
        out.append("  console, last lines:" if t.console else "  console: nothing")
        out += ["    " + s for s in t.console]
        if t.errors:
            out.append("  page errors:")
            out += ["    " + s for s in t.errors]
    return "\n".join(out)
