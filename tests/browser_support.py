"""Helpers for the browser tests: serving dist/, launching Debian's Chromium, reading
what the page shows, and playing by clicking.

Reading the page while it may navigate: a service worker that takes over reloads the open
pages, and ``page.evaluate`` called across such a reload fails with "Execution context was
destroyed".  ``read`` and ``until`` are the one way the tests evaluate in a page that may
navigate: they wait out the navigation and ask the new document.  (``wait_for_function``
survives navigations by itself, but it takes a promise for a truthy value, and it runs its
predicate through ``eval``, which the Content Security Policy forbids unless bypassed.)"""

import contextlib
import json
import random
import time
from urllib.parse import urlencode

# The features Playwright (1.65, pinned by kingbuild.devenv) turns off at every launch.
# Chromium reads only the last --disable-features, so a list of ours must repeat its
# list (test_chromium.py checks that none is lost).
PLAYWRIGHT_DISABLED = (
    "AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,"
    "HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,"
    "AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,"
    "AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion"
)
# Every new context opens a browser window, and Chromium's window preloads its address
# bar's popup, a page of its own (chrome://omnibox-popup.top-chrome) in a renderer of its
# own: ~0.75 s of CPU per context on this machine, for a popup that headless never shows.
NO_OMNIBOX_POPUP = "WebUIOmniboxPopup,WebUIOmniboxAimPopup"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    f"--disable-features={PLAYWRIGHT_DISABLED},{NO_OMNIBOX_POPUP}",
]

# The tests' browser compiles WebAssembly with V8's baseline compiler (Liftoff) alone.  Every
# new context compiles Pyodide's runtime afresh, and V8's optimizing tier then compiles its hot
# functions again in the background: about 1.1 s of CPU a page load on this machine (3.2 s
# against 2.1 s, ten loads each way), for pages that a test rarely keeps long enough to gain
# from it.  Browser tests ran 23-24% faster (two sets, three workers: 121 s -> 92 s and
# 141 s -> 108 s).  What players get, both tiers, is what the benchmarks measure: they launch
# with CHROMIUM_ARGS.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]

# What a person sees, read in one round trip: the hand, the legal (raised) and dimmed
# cards, the buttons offered, the open dialog.
STATE_JS = """() => {
  const q = (s) => [...document.querySelectorAll(s)];
  const dlg = document.querySelector('#dialog');
  const open = dlg && dlg.open;
  return {
    my_turn: document.querySelector('#seat-bottom').classList.contains('to-act'),
    hand: q('#hand .card').map(e => e.dataset.card),
    legal: q('#hand .card.legal').map(e => e.dataset.card),
    dim: q('#hand .card.dim').map(e => e.dataset.card),
    actions: q('#panel button[data-action]').map(e => e.dataset.action),
    phase_hint: (document.querySelector('#panel p strong') || {}).textContent === 'Auction' &&
                q('#panel button[data-action]').some(e => e.dataset.action === 'pass') ? 'auction' : '',
    trick: q('#trick .card').map(e => e.dataset.card),
    banner: document.querySelector('#banner').textContent,
    dialog: open ? document.querySelector('#dialog-title').textContent : null,
    winner: open && !!document.querySelector('#winner'),
    winner_text: open && document.querySelector('#winner') ? document.querySelector('#winner').textContent : '',
    loading: !document.querySelector('#loading').hidden,
  };
}"""


# Where a person taps a card of the hand: its top-left corner, which always shows (the
# cards overlap, so a card's centre may lie under its neighbour).
CARD_SPOT = {"x": 8, "y": 24}


def prefs_script(lang="en", speed="instant", autoplay=True, clock=None):
    """The player's settings, set before the page's first line unless some are stored;
    ``clock``: the move clock a host chooses for a table of people (None: the default)."""
    prefs = {"lang": lang, "speed": speed, "autoplay": autoplay}
    if clock is not None:
        prefs["clock"] = clock
    return f"if (!localStorage.getItem('kingweb.prefs.v1')) localStorage.setItem('kingweb.prefs.v1', {json.dumps(json.dumps(prefs))});"


def open_game(page, base_url, game, seed, level="normal", options=None):
    """Open a shared-match link: the page starts exactly this match."""
    page.add_init_script(prefs_script())
    q = urlencode({"game": game, "seed": seed, "level": level, "options": json.dumps(options or {})})
    page.goto(f"{base_url}?{q}")
    page.wait_for_selector("#hand .card", timeout=90_000)


def _navigated(e):
    """Whether an evaluation failed because its document went away (a reload, a
    navigation), not because of the script or a closed page."""
    return "Execution context was destroyed" in e.message


def read(page, js, arg=None, timeout=30):
    """``page.evaluate(js, arg)`` (a Page or a Frame; an async ``js`` is awaited), asked
    again of the next document when a navigation replaces the page meanwhile."""
    from playwright.sync_api import Error as PlaywrightError  # here: the engine's tests run without Playwright

    deadline = time.monotonic() + timeout
    while True:
        try:
            return page.evaluate(js, arg)
        except PlaywrightError as e:
            if not _navigated(e) or time.monotonic() > deadline:
                raise
        page.wait_for_timeout(50)  # the next document's context is being made


def show_hint(page):
    """Ask for a hint and wait for its own message.  One still shown from before goes first,
    as its time running out would: a wait for "visible" returned at once on the last
    message, placed for the screen size before (CI, 2026-12-06)."""
    page.evaluate("document.querySelector('#toast').hidden = true")
    page.locator("#btn-hint").click()
    page.locator("#toast").wait_for(state="visible")


def until(page, js, arg=None, timeout=90, every=0.25):
    """Poll ``js`` until it gives a truthy value, and return that value; survives
    navigations (``read``).  Fails after ``timeout`` seconds, naming the last value."""
    deadline = time.monotonic() + timeout
    while True:
        got = read(page, js, arg, timeout=max(1.0, deadline - time.monotonic()))
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s (last {got!r}): {js}")
        page.wait_for_timeout(every * 1000)


def page_state(page):
    return read(page, STATE_JS)


def settled_state(page, tries=40):
    """The page's state once two readings 150 ms apart agree (no animation running)."""
    prev = page_state(page)
    for _ in range(tries):
        page.wait_for_timeout(150)
        cur = page_state(page)
        if cur == prev:
            return cur
        prev = cur
    return prev


def play_until(page, choose, stop, timeout=400):
    """Act for the human whenever it is their turn (``choose(state)`` returns a card
    or an action, or None to wait), dismiss deal results, until ``stop(state)``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    t0 = time.time()
    while time.time() - t0 < timeout:
        s = page_state(page)
        if stop(s):
            return s
        if s["dialog"] and not s["winner"]:
            page.locator("#dialog-actions button.primary").click()
            continue
        if s["my_turn"] and (s["legal"] or s["actions"]):
            pick = choose(s)
            if pick is None:
                page.wait_for_timeout(30)
                continue
            sel = f'#hand .card[data-card="{pick}"]' if pick in s["hand"] else f'#panel button[data-action="{pick}"]'
            # the page may play a forced card itself meanwhile: then the card is
            # gone before the click lands, as it would be for a person
            with contextlib.suppress(PlaywrightTimeout):
                page.locator(sel).first.click(timeout=1500, position=CARD_SPOT if pick in s["hand"] else None)
            continue
        page.wait_for_timeout(25)
    raise AssertionError(f"the page did not reach the expected state in {timeout} s: {page_state(page)}")


# Whether every card of the hand can be read and tapped: for each card, points over its
# corner index (its four corners, inset, and its centre) and a grid over a 24x44 px tap
# area at its top-left corner must hit that card and nothing above it; nothing may
# scroll sideways; no message box may lie over the hand.  Returns the problems found.
HAND_JS = """([tapW, tapH]) => {
  const problems = [];
  const hand = document.querySelector('#hand');
  const cards = [...hand.querySelectorAll('.card')];
  const hits = (card, x, y) => {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return 'off screen';
    const e = document.elementFromPoint(x, y);
    if (!e) return 'nothing';
    if (card.contains(e)) return null;
    const other = e.closest('.card');
    return other ? 'under ' + other.dataset.card : 'under ' + (e.id || e.className || e.tagName);
  };
  for (const c of cards) {
    const idx = c.querySelector('.idx').getBoundingClientRect();
    const r = c.getBoundingClientRect();
    const pts = [[idx.left + 1, idx.top + 1], [idx.right - 1, idx.top + 1], [idx.left + 1, idx.bottom - 1],
                 [idx.right - 1, idx.bottom - 1], [(idx.left + idx.right) / 2, (idx.top + idx.bottom) / 2]];
    for (const [x, y] of pts) {
      const p = hits(c, x, y);
      if (p) { problems.push(`${c.dataset.card} index at ${Math.round(x)},${Math.round(y)}: ${p}`); break; }
    }
    if (tapW) {
      let bad = null;
      // the area starts 3 px in, clear of the card's rounded corner
      for (let dx = 4; dx <= tapW + 3 && !bad; dx += (tapW - 1) / 4) {
        for (let dy = 4; dy <= tapH + 3 && !bad; dy += (tapH - 1) / 6) {
          bad = hits(c, r.left + dx, r.top + dy);
        }
      }
      if (bad) problems.push(`${c.dataset.card}: no ${tapW}x${tapH} tap area (${bad})`);
    }
  }
  const de = document.documentElement;
  if (de.scrollWidth > innerWidth) problems.push(`page scrolls sideways: ${de.scrollWidth} > ${innerWidth}`);
  const hr = hand.getBoundingClientRect();
  for (const id of ['toast', 'notice']) {
    const m = document.getElementById(id);
    if (!m || m.hidden) continue;
    const b = m.getBoundingClientRect();
    if (b.width && b.left < hr.right && b.right > hr.left && b.top < hr.bottom && b.bottom > hr.top) problems.push(`#${id} lies over the hand`);
  }
  return problems;
}"""


# Whether the hand is at rest: no card of it in a CSS animation or transition (being
# dealt, drawn, raised or set down).
HAND_AT_REST_JS = """() => !document.getAnimations().some((a) => a.playState === 'running' &&
  a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest('#hand'))"""


def hand_problems(page, tap=(24, 44)):
    """What keeps a card of the hand from being read or tapped (HAND_JS), [] if nothing,
    once the hand is at rest: a card caught mid-flight (a loaded machine draws the deal's
    and the draw's motion slowly) covers its neighbours' corners for a moment, as it does
    for a person, and is no fault of the layout."""
    until(page, HAND_AT_REST_JS, timeout=15, every=0.05)
    return page.evaluate(HAND_JS, list(tap) if tap else [0, 0])


# A match's save, as the worker keeps it (site/saves.js): the slot of `game`, or of the
# game last saved (key "last") when none is named; read from IndexedDB, or null.
SAVE_JS = """(game) => new Promise((resolve) => {
  const req = indexedDB.open('kingweb-saves', 1);
  req.onupgradeneeded = () => req.result.createObjectStore('saves');
  req.onerror = () => resolve(null);
  req.onsuccess = () => {
    const db = req.result;
    const store = db.transaction('saves').objectStore('saves');
    const slot = (g) => {
      if (!g) { db.close(); resolve(null); return; }
      const get = store.get('match:' + g);
      get.onsuccess = () => { db.close(); resolve(get.result ?? null); };
      get.onerror = () => { db.close(); resolve(null); };
    };
    if (game) { slot(game); return; }
    const last = store.get('last');
    last.onsuccess = () => slot(last.result);
    last.onerror = () => { db.close(); resolve(null); };
  };
})"""

# An earlier build's one save (key "match"), which the worker makes its game's slot.
PLANT_JS = """(text) => new Promise((resolve, reject) => {
  const req = indexedDB.open('kingweb-saves', 1);
  req.onupgradeneeded = () => req.result.createObjectStore('saves');
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const db = req.result;
    const tx = db.transaction('saves', 'readwrite');
    tx.objectStore('saves').put(text, 'match');
    tx.oncomplete = () => { db.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""


def stored_save(page, timeout=30, game=None):
    """The save the worker keeps for `game` (by default the game last saved: the match on
    the page); waits for the first one."""
    return until(page, SAVE_JS, game, timeout=timeout, every=0.1)


# What the page draws: the followed seat and the number of the last event shown.
MODEL_JS = """async () => {
  const { page } = await import('./store.js');
  return page.model && { seat: page.model.seat, n: page.model.n, match: page.model.match };
}"""


def page_save(page, timeout=30):
    """The worker's save cut to the table the page draws: the bots play on ahead of what
    the page shows, and the worker writes its save a moment after each change, so the save
    is replayed to the first action that takes the engine to the page's event number or
    past it (read again until it gets there).  A page stopped inside an action's events
    (a deal's result shown before the next deal, both told with the last card) gets the
    engine after that whole action."""
    import kingweb

    deadline = time.monotonic() + timeout
    while True:
        model = until(page, MODEL_JS, timeout=timeout)
        save = json.loads(stored_save(page, timeout=timeout))
        if save.get("match") == model["match"]:
            g = kingweb.new_game(save["game"], save["seed"], save["options"])
            played = 0
            for a in save["actions"]:
                if g.event_count >= model["n"]:
                    break
                g.act(a)
                played += 1
            if g.event_count >= model["n"]:
                return json.dumps({**save, "actions": save["actions"][:played]})
        if time.monotonic() > deadline:
            raise AssertionError(f"the worker's save never reached the page's event {model['n']}")
        page.wait_for_timeout(100)


def engine_view(page, seat=0):
    """The engine's own view for ``seat`` of the table the page draws (replayed from the
    worker's save, up to the page's event number)."""
    from kingweb.session import Session

    s = Session()
    s.load(page_save(page))
    return s.state(seat)


def hold(page, pattern):
    """Hold the requests for ``pattern`` until released: the routes held (a list filled as
    the page asks)."""
    held = []
    page.route(pattern, lambda route: held.append(route))
    return held


def asked(page, held, timeout=60):
    """Wait until the page has asked for a held file."""
    deadline = time.monotonic() + timeout
    while not held:
        assert time.monotonic() < deadline, "the page never asked for the held file"
        page.wait_for_timeout(20)


def plant_save(page, base_url, text):
    """Make ``text`` the match the worker keeps, before the page is opened (its origin is
    visited first, on a file that starts no engine)."""
    # (the browser asks for /favicon.ico on a page that names no icon: answered here, so
    # that no 404 reaches the console; the route stays, since the browser may ask after
    # this returns, as r74 found, and the site's pages name their icon)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(base_url + "icon.svg")
    page.evaluate(PLANT_JS, text)


# The keys the worker's save store holds: "match:<game>" (a game's slot), "last", and
# "corrupt.<time>" for saves set aside.
SAVE_KEYS_JS = """() => new Promise((resolve) => {
  const req = indexedDB.open('kingweb-saves', 1);
  req.onupgradeneeded = () => req.result.createObjectStore('saves');
  req.onerror = () => resolve([]);
  req.onsuccess = () => {
    const db = req.result;
    const keys = db.transaction('saves').objectStore('saves').getAllKeys();
    keys.onsuccess = () => { db.close(); resolve(keys.result); };
    keys.onerror = () => { db.close(); resolve([]); };
  };
})"""


def choose_language(page, lang):
    """Choose the page's language in the settings, as a player does, and close them; until
    the dialog's history entry is gone too (closing it goes Back, site/back.js: a
    navigation begun before that Back ends is aborted)."""
    page.locator("#btn-settings").click()
    page.select_option("#set-lang", lang)
    page.locator("#dialog-actions button.primary").click()
    until(
        page,
        """(l) => document.documentElement.lang === l && !document.querySelector('#dialog[open]')
                 && !(history.state && history.state.kingweb === 'dialog')""",
        lang,
    )


def new_page(browser, viewport, console_errors, lang="en"):
    phone = viewport["width"] < 600
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    # no forced card plays itself while the test looks at the hand
    prefs = json.dumps({"lang": lang, "speed": "instant", "autoplay": False})
    page.add_init_script(f"localStorage.setItem('kingweb.prefs.v1', {json.dumps(prefs)})")
    page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
    page.on("pageerror", lambda e: console_errors.append(str(e)))
    return ctx, page


def saved_match(game, seed, stop, claims=True):
    """A match played at random by the engine itself until ``stop(view)``, as the page
    saves it: the page resumes it at once, without playing there.  ``claims=False``: the
    bottom seat never claims (a claim ends a deal before the position asked for)."""
    from kingweb.session import Session

    s = Session()
    s.start(game, seed=seed, level="random")
    rng = random.Random(1)
    while not stop(s.state(0)):
        st = s.state(0)
        assert not st["over"], f"{game} seed {seed}: the match ended before the position asked for"
        legal = st["legal"] if claims else [a for a in st["legal"] if not a.startswith("claim:")]
        s.act(rng.choice(legal)) if st["turn"] == 0 else s.step()
    return json.dumps(s.save())
