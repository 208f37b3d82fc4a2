"""What the peer-to-peer tests and the bench share: relays started here, one of each kind
asked for, from the pinned packages (a WebTorrent tracker, a Nostr relay, an MQTT broker),
the built site served with those relays on its own origin (as ``python build.py serve
--relay`` does) and the test page of tests/browser/p2p/, and a
Chromium that makes WebRTC connections over the loopback and can resolve no other host.

Headless Chromium offers loopback ICE candidates only with
``--allow-loopback-in-peer-connection`` and with camera and microphone granted to the
page's origin (otherwise it hides local addresses behind mDNS names); the tests use no
STUN or TURN server (``iceServers: []``).

For the real site's pages (tests/browser/test_p2p_play.py, tests/bench/table_round_trip.py):
a browser context per person with its wire tapped (``TAP_JS``, ``person_context``), the
room's and the guest's steps (``host_room``, ``join_table``), everyone playing by clicking
(``drive``), and what a seat may know, to hold what a guest was told to (``Knowledge``)."""

import functools
import json
import re
import threading
import time
from pathlib import Path

from kingbuild.relay import KINDS, LOCAL_PATHS, PREFIX, LocalRelays
from kingbuild.serve import RelayHandler, SiteServer

from browser_support import TEST_CHROMIUM_ARGS, until

HERE = Path(__file__).resolve().parent
PAGE_DIR = HERE / "browser" / "p2p"
PAGE = "p2p-test.html"  # at the site's root, where the import map's relative URLs lead
PAGE_FILES = {"/p2p-test.html": PAGE_DIR / "page.html", "/p2p-test.js": PAGE_DIR / "page.js"}
#: How long a test lets a page take to meet another through the test's tracker.  In a
#: shared meeting (trackers alone) a page may answer an offer its offerer has already taken
#: another page's answer to, and then answers none of that page's offers until trystero gives
#: its answer up (23 s); the guest then announces again (nudger.js AGAIN_MS, 6 s).  So meeting
#: can take half a minute on a good day: the safety timeout is twice that.
MEET_S = 60

P2P_ARGS = [
    *TEST_CHROMIUM_ARGS,
    "--allow-loopback-in-peer-connection",
    # no test can reach a public relay, STUN server or anything else by accident
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
IMPORT_MAP = re.compile(r'<script type="importmap">.*?</script>', re.S)


def page_handler(dist: Path, relay_ports: dict[str, int], build: dict | None = None) -> type[RelayHandler]:
    """The built site with the relays at their paths, and the test page at /p2p-test.html
    carrying the import map of the built index.html; ``build`` replaces fields of the
    served build.json, as a private deployment's build would (``{"stun": []}``: no STUN
    server, which the loopback needs none of)."""
    import_map = IMPORT_MAP.search((dist / "index.html").read_text())
    assert import_map, "dist/index.html has no import map"
    built = json.dumps({**json.loads((dist / "build.json").read_text()), **(build or {})}).encode()

    class Handler(RelayHandler):
        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            if build is not None and path == "/build.json":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(built)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(built)
                return
            file = PAGE_FILES.get(path)
            if file:
                body = file.read_bytes()
                if file.suffix == ".html":
                    body = body.replace(b"<!--IMPORTMAP", import_map.group(0).encode() + b"<!--", 1)
                self.send_response(200)
                self.send_header("Content-Type", "text/html" if file.suffix == ".html" else "text/javascript")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

    Handler.relay_ports = relay_ports
    return Handler


class Site:
    """The relays and the server, started together; ``base`` is the site's address,
    ``relays`` each kind's relay in the address's form (params.js) and ``relay`` the
    tracker's, all on the same origin.  ``kinds``: the kinds of relay to start (a tracker
    only, by default: the tests of the table need one network, and fewer processes)."""

    def __init__(
        self, dist: Path, build: dict | None = None, kinds: tuple[str, ...] = ("torrent",), host: str = "127.0.0.1"
    ) -> None:
        self.local = LocalRelays(kinds)
        handler = page_handler(dist, self.local.ports(), build)
        self.httpd = SiteServer((host, 0), functools.partial(handler, directory=str(dist)))
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        port = self.httpd.server_address[1]
        self.base = f"http://{host}:{port}/"
        self.relays = {kind: f"{PREFIX[kind]}ws://{host}:{port}/{LOCAL_PATHS[kind]}" for kind in KINDS}
        self.relay = self.relays["torrent"]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.local.stop()


def launch(playwright):
    import os

    return playwright.chromium.launch(
        executable_path=os.environ.get("KINGWEB_CHROMIUM", "/usr/bin/chromium"), headless=True, args=P2P_ARGS
    )


def new_page(browser, site: Site, *, bypass_csp: bool = True, errors: list[str] | None = None):
    """A page of the test page in a new browser context (its own storage: its own peer
    id), allowed local ICE candidates."""
    ctx = browser.new_context(bypass_csp=bypass_csp)
    ctx.grant_permissions(["camera", "microphone"], origin=site.base.rstrip("/"))
    page = ctx.new_page()
    if errors is not None:
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.base + PAGE)
    page.wait_for_function("window.t && window.t.ready", timeout=30_000)
    return page


def wait_until(page, js: str, arg=None, timeout: float = 30):
    """Poll ``js`` (a function of ``arg``) in the page with evaluate until it is truthy: its value."""
    t0 = time.time()
    while True:
        value = page.evaluate(js, arg)
        if value:
            return value
        if time.time() - t0 > timeout:
            raise AssertionError(f"not within {timeout} s: {js} ({arg})")
        page.wait_for_timeout(50)


# -- people at a table on several devices: the real site's pages ----------------------------------

# Every frame a page's data channels receive, and every frame it sends on kingweb's channel
# ("kp"), kept in window.kingwebWire with the page's clock and, for a frame sent, the
# connection it left on (its index in window.kingwebConnections, every connection made): the test reads what a guest
# was told on the wire itself, whatever the page did with it.  trystero's channel carries
# binary frames, kept as Latin-1 text.
TAP_JS = """(() => {
  const Real = window.RTCPeerConnection;
  if (!Real) return;
  const wire = (window.kingwebWire = { heard: [], sent: [] });
  const now = () => performance.timeOrigin + performance.now();
  const latin1 = new TextDecoder('latin1');
  const tap = (ch) => ch.addEventListener('message', (ev) => {
    const d = ev.data;
    wire.heard.push({ at: now(), label: ch.label, data: typeof d === 'string' ? d : d instanceof ArrayBuffer ? latin1.decode(d) : '' });
  });
  const make = Real.prototype.createDataChannel;
  Real.prototype.createDataChannel = function (...args) { const ch = make.apply(this, args); ch.kingwebPc = this; tap(ch); return ch; };
  // every connection the page made, to see how many networks a peer met it on, and whom
  // each reached: its own and the other end's DTLS fingerprints, and how many of the other
  // end's ICE candidates (its network addresses) it was given
  const pcs = (window.kingwebConnections = []);
  const fingerprint = (sdp) => (/^a=fingerprint:\\S+ (\\S+)/m.exec(sdp || '') || [])[1] || null;
  window.RTCPeerConnection = class extends Real {
    constructor(...args) {
      super(...args);
      pcs.push(this);
      this.kingwebEnds = { mine: null, theirs: null, candidates: 0 };
      this.addEventListener('datachannel', (ev) => { ev.channel.kingwebPc = this; tap(ev.channel); });
    }
    async setLocalDescription(...args) {
      await super.setLocalDescription(...args);
      this.kingwebEnds.mine = fingerprint(this.localDescription && this.localDescription.sdp);
    }
    setRemoteDescription(desc, ...rest) {
      const sdp = (desc && desc.sdp) || '';
      this.kingwebEnds.theirs = fingerprint(sdp) || this.kingwebEnds.theirs;
      this.kingwebEnds.candidates += (sdp.match(/^a=candidate:/gm) || []).length;
      return super.setRemoteDescription(desc, ...rest);
    }
    addIceCandidate(candidate, ...rest) {
      if (candidate && candidate.candidate) this.kingwebEnds.candidates += 1;
      return super.addIceCandidate(candidate, ...rest);
    }
  };
  // a relayed connection's frames (site/p2p/relayed.js), as those of kingweb's channel
  window.kingwebRelayTap = (way, data) =>
    wire[way].push(way === 'sent' ? { at: now(), data, pc: -1 } : { at: now(), label: 'kp', data });
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (d) {
    if (this.label === 'kp') wire.sent.push({ at: now(), data: typeof d === 'string' ? d : '', pc: pcs.indexOf(this.kingwebPc) });
    return send.call(this, d);
  };
})();"""


# Each connection of a page (TAP_JS) that the other end described: its fingerprint and how
# many of its candidates came.
ENDS_JS = "() => window.kingwebConnections.map((pc) => pc.kingwebEnds).filter((e) => e.theirs)"


def strangers(guest, host) -> list[dict]:
    """The connections of a guest's page whose other end is not one of the host's page's
    connections: another guest's (or anybody's) page it met."""
    hosts = {e["mine"] for e in host.evaluate("() => window.kingwebConnections.map((pc) => pc.kingwebEnds)")}
    return [e for e in guest.evaluate(ENDS_JS) if e["theirs"] not in hosts]


# For a browser in which no direct connection can form (site/p2p/relayed.js's tests and
# bench): no ICE candidate reaches the connection: none from the other side's description, none
# trickled.  Neither side ever sends a connectivity check, so no connection forms.
NO_ICE_JS = """(() => {
  const P = window.RTCPeerConnection && window.RTCPeerConnection.prototype;
  if (!P) return;
  const setRemote = P.setRemoteDescription;
  P.setRemoteDescription = function (desc, ...rest) {
    if (desc && desc.sdp) desc = { type: desc.type, sdp: desc.sdp.split('\\r\\n').filter((l) => !l.startsWith('a=candidate')).join('\\r\\n') };
    return setRemote.call(this, desc, ...rest);
  };
  P.addIceCandidate = function () { return Promise.resolve(); };
})();"""


# Like NO_ICE_JS, but the candidates are held back, not dropped: no direct connection can
# form until the test calls ``kingwebOpenIce()`` on both pages, which hands every held
# candidate to its connection (and from then on lets them through), so that a connection
# that has waited forms then.  (An "end of candidates" line is dropped meanwhile: it would
# tell the connection that none are coming.)
HELD_ICE_JS = """(() => {
  const P = window.RTCPeerConnection && window.RTCPeerConnection.prototype;
  if (!P) return;
  const held = [];
  const setRemote = P.setRemoteDescription, add = P.addIceCandidate;
  window.kingwebOpenIce = () => {
    window.kingwebIceOpen = true;
    for (const [pc, c] of held.splice(0)) if (pc.signalingState !== 'closed') add.call(pc, c).catch(() => {});
  };
  P.setRemoteDescription = function (desc, ...rest) {
    if (!window.kingwebIceOpen && desc && desc.sdp) {
      const lines = desc.sdp.split('\\r\\n');
      let mid = '0';
      for (const l of lines) {
        if (l.startsWith('a=mid:')) mid = l.slice(6);
        if (l.startsWith('a=candidate')) held.push([this, { candidate: l.slice(2), sdpMid: mid }]);
      }
      desc = { type: desc.type, sdp: lines.filter((l) => !l.startsWith('a=candidate') && l !== 'a=end-of-candidates').join('\\r\\n') };
    }
    return setRemote.call(this, desc, ...rest);
  };
  P.addIceCandidate = function (c, ...rest) {
    if (window.kingwebIceOpen) return add.call(this, c, ...rest);
    if (c && c.candidate) held.push([this, c]);
    return Promise.resolve();
  };
})();"""


# The host's pacing of the moves it tells (site/p2p/host.js PACE_MS, 600 ms) in the tests
# that are not about it: a four-person King deal would wait half a minute on it alone.
TEST_PACE_MS = 50


# Whether a page ever showed a text from now on, watched as the page changes.
WATCH_JS = """(text) => {
  window.kingwebSaw = false;
  const look = () => { if (document.body.textContent.includes(text)) window.kingwebSaw = true; };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  look();
}"""


def person_context(
    browser,
    site: Site,
    errors: list[str] | None = None,
    lang: str = "en",
    clock: int | None = 0,
    pace_ms: int | None = TEST_PACE_MS,
):
    """A browser context for one person (its own storage: its own peer id), allowed local
    ICE candidates, with no service worker (the offline cache would keep the site's files
    from one test to the next), every card played by a click, and its wire tapped.  A table
    it hosts has no move clock (``clock=0``) unless the test asks for one (None: the
    dialogs' default): on a loaded machine a test may take a minute over a guest's turn,
    and the clock would play it.  The moves it tells its guests are paced ``pace_ms`` apart
    (None: the product's own PACE_MS)."""
    from browser_support import prefs_script

    ctx = browser.new_context(viewport={"width": 1100, "height": 820}, service_workers="block")
    ctx.grant_permissions(["camera", "microphone"], origin=site.base.rstrip("/"))
    # (in a try: a document with no storage, as an SVG file opened alone, refuses it)
    ctx.add_init_script(f"try {{ {prefs_script(lang=lang, autoplay=False, clock=clock)} }} catch {{}}")
    ctx.add_init_script(TAP_JS)
    if pace_ms is not None:
        ctx.add_init_script(f"window.kingwebPaceMs = {pace_ms};")
    if errors is not None:
        ctx.on("page", lambda page: watch_errors(page, errors))
    return ctx


def watch_errors(page, errors: list[str]) -> None:
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))


def site_query(site: Site, kinds: tuple[str, ...] = ("torrent",), **params) -> str:
    """index.html's address with these parameters and the test's relays of ``kinds``."""
    from urllib.parse import urlencode

    return site.base + "index.html?" + urlencode({**params, "relays": ",".join(site.relays[k] for k in kinds)})


def host_room(
    page, site: Site, game: str, people: int, level: str = "random", kinds: tuple[str, ...] = ("torrent",)
) -> str:
    """Open a room for ``game`` with ``people`` people (``index.html?game=…&people=…``,
    bots at ``level`` in the other seats), meeting on the relays of ``kinds``: the invite
    link its seating shows."""
    page.goto(site_query(site, kinds, game=game, people=people, level=level))
    field = page.get_by_role("textbox", name="Invite link")
    field.wait_for(timeout=90_000)
    until(page, "() => document.querySelector('#invite-link').value.includes('#room=')", timeout=30)
    # with no relay that carries (Nostr, MQTT) the guests meet in one room, where each may
    # learn the others' addresses: the seating says so (room.js, "A guest meets its host alone")
    shared = not {"nostr", "mqtt"} & set(kinds)
    assert page.get_by_text("each can see the others' network addresses").count() == (1 if shared else 0)
    return field.input_value()


def join_table(page, link: str, name: str, watch: bool = False) -> None:
    """Open an invite, give a name and join the table (or only watch)."""
    page.goto(link)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Just watch" if watch else "Join the table").click()


def open_invite(host):
    """The invite of a table under way, from the toolbar (a hosted table shares it)."""
    host.locator("#more summary").click()
    host.locator("#btn-share").click()
    link = host.get_by_role("textbox", name="Invite link").input_value()
    host.locator("#dialog-actions button.primary").click()
    return link


def host_and_guest(host, guest, site: Site, game: str, level: str = "random") -> str:
    """A room for ``game`` with the host and one guest (Ann, at seat 1), bots at ``level``
    in the other seats, its match started and drawn at the guest's page: the invite link."""
    link = host_room(host, site, game, people=2, level=level)
    join_table(guest, link, "Ann")
    until(host, "() => document.querySelectorAll('#seating-seats .seating-seat.here').length === 2", timeout=MEET_S)
    host.get_by_role("button", name="Start the match").click()
    guest.wait_for_selector("#hand .card", timeout=30_000)
    return link


# The page's table: the audience it draws and the number of the last event drawn.
MODEL_JS = """async () => {
  const { page } = await import('./store.js');
  const m = page.model;
  return m && { seat: m.seat, n: m.n, deal_no: m.deal_no, contract: m.contract, turn: m.turn, over: m.over,
                mode: page.mode, model: JSON.parse(JSON.stringify(m)) };
}"""


def model(page):
    return page.evaluate(MODEL_JS)


def heard_kp(page) -> list[dict]:
    """The kingweb messages a page received, parsed, in order; a message that came in parts
    put together (``_parts``: how many), as the transport does, at its last part's time."""
    out = []
    parts: list[str] = []
    for f in page.evaluate("window.kingwebWire.heard"):
        if f["label"] != "kp":
            continue
        msg = json.loads(f["data"])
        if msg["type"] != "part":
            out.append({**msg, "_at": f["at"]})
            continue
        assert msg["i"] == len(parts), f"a part out of order: {msg['i']} after {len(parts)}"
        parts.append(msg["text"])
        if len(parts) == msg["of"]:
            out.append({**json.loads("".join(parts)), "_at": f["at"], "_parts": len(parts)})
            parts = []
    return out


# -- what a seat may know --------------------------------------------------------------------------

CARD = re.compile(r"^[2-9TJQKA][CDHS]$")
# Fields that hold finished deals: their hands are public once a deal is over (views.py).
FINISHED = ("deals", "record")
# Events whose cards are public by what they are: a card played, a trick taken.
PUBLIC_EVENTS = ("play", "trick", "deal-end", "match-end")


def cards_in(data) -> set[str]:
    """Every card code in ``data``, leaving out finished deals."""
    found: set[str] = set()
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(v for k, v in x.items() if k not in FINISHED)
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str) and CARD.match(x):
            found.add(x)
    return found


def keys_in(data) -> set[str]:
    found: set[str] = set()
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            found.update(x)
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return found


def last_event(*reads) -> int:
    """The number of the last event that what was read of pages holds: tables (``model``)
    and lists of kingweb messages (``heard_kp``)."""
    last = 0
    for r in reads:
        if isinstance(r, dict):
            last = max(last, r["n"])
            continue
        for m in r:
            if m["type"] == "state":
                last = max(last, m["state"]["n"])
            elif m["type"] == "update":
                last = max([last, *(e["n"] for e in m["update"]["events"])])
    return last


def heard_through(page, n: int, timeout: float = 30) -> list[dict]:
    """The kingweb messages ``page`` received (``heard_kp``), once they hold event ``n``:
    a frame the host has sent may still be on its way."""
    deadline = time.monotonic() + timeout
    while last_event(heard := heard_kp(page)) < n:
        assert time.monotonic() < deadline, f"event {n} not heard within {timeout} s (heard up to {last_event(heard)})"
        page.wait_for_timeout(50)
    return heard


def saved_through(host, n: int, timeout: float = 30) -> dict:
    """The host's save once it holds the table up to event ``n``.  The worker writes its
    save a moment after each change, and the bots play on: a save read before (or just
    after) the pages may not yet hold what they show."""
    import kingweb

    from browser_support import stored_save

    deadline = time.monotonic() + timeout
    while True:
        save = json.loads(stored_save(host))
        g = kingweb.new_game(save["game"], save["seed"], save["options"])
        for a in save["actions"]:
            g.act(a)
        if g.event_count >= n:
            return save
        assert time.monotonic() < deadline, f"the host's save never reached event {n} (it holds {g.event_count})"
        host.wait_for_timeout(100)


def knowing(host, *reads) -> "Knowledge":
    """What each audience may know, from the host's save once it holds all that ``reads``
    (tables and messages read of the pages first) show."""
    return Knowledge(saved_through(host, last_event(*reads)))


class Knowledge:
    """What each audience may know after each event of a match, from the host's save (the
    seed and every action) replayed here: every card in the engine's own view of that
    audience at any moment of the deal so far (its hand, the tricks, its draws), the
    finished deals left out.  The engine's tests hold those views to what a seat may see."""

    def __init__(self, save: dict) -> None:
        import kingweb

        g = kingweb.new_game(save["game"], save["seed"], save["options"])
        self.seed = save["seed"]
        self.players = g.players
        self.audiences = [None, *range(g.players)]
        self.at: dict[int, dict] = {}
        seen = {a: set() for a in self.audiences}
        deal = None

        def note() -> None:
            nonlocal deal, seen
            first = len(self.at)
            news = g.events_for(None, since=max(0, first - 1))
            dealt = next((e["n"] for e in news if e["type"] == "deal" and e["n"] >= first), None)
            if g.deal_no != deal and deal is not None and dealt is not None:
                # the events before the new deal's belong to the deal they closed: what was
                # known then, and the cards they show (its last trick)
                shown = cards_in([e for e in news if e["n"] < dealt])
                closing = {a: frozenset(seen[a] | shown) for a in self.audiences}
                for n in range(first, dealt):
                    self.at[n] = closing
            if g.deal_no != deal:
                deal, seen = g.deal_no, {a: set() for a in self.audiences}
            for a in self.audiences:
                seen[a] |= cards_in(g.view(a))
            frozen = {a: frozenset(seen[a]) for a in self.audiences}
            for n in range(len(self.at), g.event_count + 1):
                self.at[n] = frozen

        note()
        for action in save["actions"]:
            g.act(action)
            note()
        self.events = g.event_count

    def allowed(self, audience, n: int) -> frozenset:
        return self.at[min(n, self.events)][audience]

    def leaks(self, audience, messages: list[dict]) -> list[str]:
        """What in ``messages`` (a guest's kingweb messages, in order) ``audience`` may not
        know when it came: [] if nothing."""
        found = []
        n = 0
        for m in messages:
            if "seed" in keys_in(m):
                found.append(f"a seed in {m['type']}")
            if m["type"] == "state":
                n = m["state"]["n"]
                parts = [("state", n, m["state"])]
            elif m["type"] == "update":
                events = m["update"]["events"]
                parts = [(e["type"], e["n"], e) for e in events if e["type"] not in PUBLIC_EVENTS]
                n = max([n, *(e["n"] for e in events)])
                parts.append(("legal", n, m["update"]["legal"]))
            else:
                parts = [(m["type"], n, m)]
            for what, at, part in parts:
                extra = cards_in(part) - self.allowed(audience, at)
                if extra:
                    found.append(f"{what} at event {at}: {sorted(extra)}")
        return found

    def held(self, audience, m: dict) -> list[str]:
        """What the page's table (its model) holds that ``audience`` may not know."""
        allowed = self.allowed(audience, m["n"])
        problems = [
            f"the page's table at event {m['n']}, {key}: {sorted(extra)}"
            for key, value in m["model"].items()
            if key not in FINISHED and (extra := cards_in(value) - allowed)
        ]
        if "seed" in keys_in(m["model"]):
            problems.append("the page's table holds a seed")
        return problems


# What a person at a page may do now, in one reading: close a deal's summary (the dialog's
# main button), or, on their turn, tap a legal card of the hand or a button of the panel
# (where each is, to tap it at its top-left corner, which always shows).
OFFER_JS = """() => {
  const dlg = document.querySelector('#dialog');
  const spot = (e, dx, dy) => { const r = e.getBoundingClientRect(); return [r.left + dx, r.top + dy]; };
  if (dlg && dlg.open) {
    const b = document.querySelector('#dialog-actions button.primary');
    return b && !document.querySelector('#winner') ? { dialog: spot(b, 8, 8) } : null;
  }
  if (!document.querySelector('#seat-bottom.to-act')) return null;
  const cards = {}, actions = {};
  for (const c of document.querySelectorAll('#hand .card.legal')) cards[c.dataset.card] = spot(c, 8, 24);
  for (const b of document.querySelectorAll('#panel button[data-action]')) actions[b.dataset.action] = spot(b, 8, 8);
  return Object.keys(cards).length || Object.keys(actions).length ? { cards, actions } : null;
}"""


def drive(pages, stop, choose=None, timeout: float = 120):
    """Play at every page like its person: whoever is to act taps ``choose(page, cards,
    actions)`` (a legal card or an action the panel offers; by default the first legal
    card; None: that default; False: nothing yet), and a deal's summary is closed, until
    ``stop()`` holds."""
    deadline = time.monotonic() + timeout
    tapped: dict[int, dict] = {}  # what each page offered when it was last tapped
    while not stop():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {[p.evaluate(OFFER_JS) for p in pages]}")
        acted = False
        for i, page in enumerate(pages):
            offer = page.evaluate(OFFER_JS)
            # the same offer again: the page has not taken the last tap in yet (a person
            # waits for the card to leave the hand rather than tap again)
            if not offer or offer == tapped.get(i):
                tapped.pop(i, None) if not offer else None
                continue
            tapped[i] = offer
            if "dialog" in offer:
                page.mouse.click(*offer["dialog"])
            else:
                cards, actions = offer["cards"], offer["actions"]
                # by default only cards: a bid or a choice is the test's to script (a sweep
                # may reach a page just after stop() would have held)
                choice = choose(page, cards, actions) if choose else None
                if choice is False:  # (not "or" the default: False is "nothing yet")
                    continue
                pick = choice or next(iter(cards), None)
                if not pick:
                    continue
                page.mouse.click(*(cards.get(pick) or actions[pick]))
            acted = True
        if not acted:
            pages[0].wait_for_timeout(20)
