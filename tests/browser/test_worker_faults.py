"""The worker under hostile requests and broken boots, in real Chromium with the real
Pyodide runtime: a request deep enough to overflow Python's parser is refused before it
reaches Python, and a boot that fails says whether a download failed or the engine broke."""

import json

import pytest

from browser_support import SAVE_KEYS_JS, page_save, prefs_script
from conftest import DIST

pytestmark = pytest.mark.browser

# A worker of the site's own, beside the page's: the page stays as it is.
# A string "json:<text>" in a request stands for the parsed text (too deep for CPython).
ASK_WORKER_JS = """async (requests) => {
  const revive = (v) => typeof v === "string" && v.startsWith("json:") ? JSON.parse(v.slice(5))
    : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)])) : v;
  const w = new Worker("worker.js", { type: "module" });
  const answers = [];
  const events = [];
  w.onerror = (e) => events.push({ error: e.message || "no message" });
  await new Promise((resolve, reject) => {
    w.onmessage = (ev) => {
      if (ev.data.type === "ready") resolve();
      if (ev.data.type === "fatal") reject(new Error(ev.data.message));
    };
  });
  for (const [i, req] of requests.entries()) {
    const answer = new Promise((resolve) => {
      w.onmessage = (ev) => {
        if (ev.data.type) events.push(ev.data.type); else if (ev.data.id === i) resolve(ev.data.response);
      };
      setTimeout(() => resolve({ timeout: true }), 20000);
    });
    w.postMessage({ id: i, cmd: req.cmd, args: revive(req.args) });
    answers.push(await answer);
  }
  w.terminate();
  return { answers, events };
}"""

DEEP = "[" * 3000 + "]" * 3000


def test_deep_requests_are_refused_and_the_worker_goes_on(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?game=king&seed=1")
    page.wait_for_selector("#hand .card", timeout=90_000)
    deep_options = "json:" + '{"a":' * 200 + "1" + "}" * 200  # deeper does not survive postMessage
    out = page.evaluate(
        ASK_WORKER_JS,
        [
            {"cmd": "load", "args": {"save": DEEP}},
            {
                "cmd": "load",
                "args": {
                    "save": '{"format": "kingweb-save", "version": 1, "game": "king", "seed": 1, '
                    '"options": {}, "level": "normal", "seat": 0, "actions": ' + DEEP + "}"
                },
            },
            {"cmd": "start", "args": {"game": "king", "options": deep_options}},
            {"cmd": "start", "args": {"game": "king", "seed": 4, "level": "easy"}},
        ],
    )
    a = out["answers"]
    for refused in a[:3]:
        assert refused.get("ok") is False and refused.get("kind") == "RulesError", refused
        assert "nested deeper" in refused["error"], refused
    assert a[3].get("ok") is True and len(a[3]["result"]["states"]["0"]["hand"]) == 13, a[3]
    assert not [e for e in out["events"] if e not in ("stdlib", "kept")], out["events"]


def site_copy(tmp_path, build_changes=None, drop=()):
    """dist/ as another server would serve it: every file linked, build.json rewritten."""
    root = tmp_path / "site"
    root.mkdir()
    for p in DIST.iterdir():
        if p.name not in ("build.json",) and p.name not in drop:
            (root / p.name).symlink_to(p, target_is_directory=p.is_dir())
    build = json.loads((DIST / "build.json").read_text())
    build.update(build_changes or {})
    (root / "build.json").write_text(json.dumps(build))
    return root


def loading_text(page):
    page.locator("#btn-retry").wait_for(state="visible", timeout=90_000)
    return page.locator("#loading-text").inner_text()


# The connection drops while the runtime downloads: Pyodide's loader waits forever for
# the WebAssembly binary, and reports a missing standard library as "exit(1)".
@pytest.mark.parametrize("lost", ["pyodide.asm.wasm", "python_stdlib.zip"])
def test_a_failed_download_asks_to_check_the_connection(browser, base_url, lost):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script(prefs_script())
    ctx.route(f"**/pyodide/{lost}", lambda route: route.abort("internetdisconnected"))
    page.goto(base_url)
    text = loading_text(page)
    assert "connection" in text and lost in text, text
    ctx.close()


def test_a_failed_download_stays_on_screen_when_the_welcome_opens_after_it(browser, base_url):
    # the first paint's own fetches answered only after the runtime's download failed (a
    # loaded machine does this by itself): the welcome that then opens hides nothing
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script(prefs_script())
    held = []
    ctx.route("**/pyodide/python_stdlib.zip", lambda route: route.abort("internetdisconnected"))
    ctx.route("**/info.json", lambda route: held.append(route))
    page.goto(base_url)
    page.locator("#btn-retry").wait_for(state="visible", timeout=90_000)
    assert len(held) == 1, held
    held[0].continue_()
    page.locator("#dialog[open]").wait_for(timeout=30_000)
    assert page.locator("#loading").is_visible() and page.locator("#btn-retry").is_visible()
    assert "connection" in page.locator("#loading-text").inner_text()
    ctx.close()


def test_a_damaged_engine_is_not_called_a_connection_problem(browser, serve, tmp_path):
    # the server hands out a wheel that is not a wheel: the download worked, the install
    # cannot, and the player is not sent to check a connection that is fine
    root = site_copy(tmp_path, {"wheel": "wheels/broken-0.1.0-py3-none-any.whl"}, drop=("wheels",))
    (root / "wheels").mkdir()
    (root / "wheels" / "broken-0.1.0-py3-none-any.whl").write_bytes(b"this is not a zip file" * 100)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script(prefs_script())
    page.goto(serve(root))
    text = loading_text(page)
    assert "Check your connection" not in text, text
    assert "The card engine failed to start" in text and "not to blame" in text, text
    ctx.close()


def test_a_worker_that_crashes_mid_game_is_restarted_and_the_game_resumes(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?game=kingru&seed=9&level=easy")
    page.wait_for_selector("#hand .card", timeout=90_000)
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60_000)
    page.locator("#hand .card.legal").first.click()
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60_000)
    page_save(page)  # the save after the last move, which the new worker resumes
    hand = page.evaluate("[...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card)")
    # a fault inside the worker: an error nothing catches, as an engine bug would throw
    worker = next(w for w in page.workers if w.url.endswith("/worker.js"))
    worker.evaluate("setTimeout(() => { throw new Error('injected fault'); }, 0)")
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=30_000)
    assert "crashed" in notice.inner_text() and "injected fault" in notice.inner_text(), notice.inner_text()
    assert "connection" not in page.locator("body").inner_text()
    # a new worker picks up the last save: the same hand, and the table plays on
    page.locator("#toast", has_text="resumed").wait_for(timeout=90_000)
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60_000)
    assert page.evaluate("[...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card)") == hand
    n = len(hand)
    page.locator("#hand .card.legal").first.click()
    page.wait_for_function("(n) => document.querySelectorAll('#hand .card').length < n", arg=n, timeout=30_000)


HAND = "[...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card)"
TO_ACT = "document.querySelector('#seat-bottom').classList.contains('to-act')"
# a loop in the worker, as a bot stuck in Python would be: it answers nothing until killed
SPIN = "setTimeout(() => { const end = Date.now() + 300000; while (Date.now() < end) {} }, 0)"


def game_worker(page, old=None):
    return next(w for w in reversed(page.workers) if w.url.endswith("/worker.js") and w is not old)


def test_a_stuck_worker_is_restarted_and_a_save_that_sticks_it_again_is_set_aside(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?game=kingru&seed=9&level=easy")
    page.wait_for_selector("#hand .card", timeout=90_000)
    page.wait_for_function(TO_ACT, timeout=60_000)
    page.evaluate("window.kingwebRequestLimitMs = 3000")
    hand = page.evaluate(HAND)
    # stuck once: the request goes unanswered, a new worker resumes the save
    first = game_worker(page)
    first.evaluate(SPIN)
    page.locator("#hand .card.legal").first.click()
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=30_000)
    assert "stopped answering for 3 s" in notice.inner_text(), notice.inner_text()
    page.locator("#toast", has_text="resumed").wait_for(timeout=90_000)
    page.wait_for_function(TO_ACT, timeout=60_000)
    assert page.evaluate(HAND) == hand  # the card whose answer never came is not played
    assert not [k for k in page.evaluate(SAVE_KEYS_JS) if k.startswith("corrupt.")]
    # stuck again at the same place, with no move kept since: the save leads the engine
    # into the loop, and it is set aside, not resumed once more
    game_worker(page, old=first).evaluate(SPIN)
    page.locator("#hand .card.legal").first.click()
    toast = page.locator("#toast", has_text="stuck twice")
    toast.wait_for(timeout=90_000)
    kept = [k for k in page.evaluate(SAVE_KEYS_JS) if k.startswith("corrupt.")]
    assert len(kept) == 1 and kept[0] in toast.inner_text(), (kept, toast.inner_text())
    assert "match:kingru" not in page.evaluate(SAVE_KEYS_JS)
    # the table is not stranded: a new game plays
    page.evaluate("delete window.kingwebRequestLimitMs")
    page.locator("#dialog[open] #play-whist").wait_for(timeout=60_000)
    page.locator("#play-whist").click()
    page.wait_for_function(TO_ACT, timeout=60_000)
    before = page.evaluate(HAND)
    page.locator("#hand .card.legal").first.click()
    page.wait_for_function("(b) => JSON.stringify(" + HAND + ") !== JSON.stringify(b)", arg=before, timeout=30_000)
