"""The static site: dist/ holds the pages, the kingweb wheel and the self-hosted runtime."""

import hashlib
import json
import shutil
from pathlib import Path

from . import DIST, ROOT, log
from .bytecode import precompile
from .csp import HEADERS_FILE
from .csp import apply as apply_csp
from .deck import classic_deck
from .relay import DEFAULT_STUN, default_relays
from .runtime import PYODIDE_VERSION, pyodide_runtime, set_lock_sha256
from .vendor import trystero_version, vendor_trystero
from .wheel import add_to_zip, build_wheel, version

SITE = ROOT / "site"


# The page never imports these (the command line's tools: the terminal game, the review's
# command, the bot ladder and its OpenSpiel yardstick, the arena and its cheat bot, the
# estimates' fit, and `hard-infer`'s inference, a level for measurement only, with its
# paired measurement, bots/regret; the benchmarks, which the Pyodide engine bench adds to
# the site's wheel it installs): the site's copy of the wheel leaves them out, 110 kB of a
# first visit's download (pip's wheel keeps them).
COMMAND_LINE_ONLY = frozenset(
    f"kingweb/{m}.py"
    for m in (
        "__main__",
        "bench",
        "terminal",
        "reviewcli",
        "bots/arena",
        "bots/inference",
        "bots/cheat",
        "bots/calibrate",
        "bots/regret",
        "bots/ladder",
        "bots/latency",
        "bots/owners",
        "bots/spiel",
    )
)


def build(dist: Path = DIST, site: Path = SITE, relays: list[str] | None = None) -> Path:
    """Assemble the site from ``site`` (every file and subfolder) into ``dist``; ``relays``
    replaces the default relays where rooms meet (``serve --relay`` names its own)."""
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(site, dist, ignore=shutil.ignore_patterns(".*"))
    runtime = pyodide_runtime(dist / "pyodide")
    micropip = next(runtime.glob("micropip-*.whl"))
    wheel = build_wheel(dist / "wheels", leave_out=COMMAND_LINE_ONLY)
    bytecode = precompile(runtime, wheel)
    deck = classic_deck(dist / "cards" / "classic")
    vendor_trystero(dist)
    if bytecode:
        add_to_zip(runtime / "python_stdlib.zip", bytecode["stdlib"])
        add_to_zip(wheel, bytecode["kingweb"])
        add_to_zip(micropip, bytecode["micropip"])
        set_lock_sha256(runtime, "micropip", micropip)
        log(f"precompiled {sum(map(len, bytecode.values()))} modules")
    write_info(dist / "info.json")
    apply_csp(dist)
    # where rooms meet and how peers find their public addresses (kingbuild/relay.py)
    meeting = {"relays": default_relays() if relays is None else relays, "stun": DEFAULT_STUN}
    # The build's identity is a hash of every file it serves and of build.json's meeting
    # places: any change to the site, the wheel, the runtime or the relays gives the
    # offline cache a new name (`serve --relay` and `serve` cannot share a cached build.json).
    h = hashlib.sha256((dist / "sw.js").read_bytes())  # the service worker, before it is stamped
    h.update(json.dumps(meeting).encode())
    for rel, p in served(dist):
        h.update(rel.encode() + b"\0" + p.read_bytes())
    digest = h.hexdigest()[:12]
    # The page learns the wheel's name and the build's identity from one small file.
    (dist / "build.json").write_text(
        json.dumps(
            {
                "version": version(),
                "wheel": f"wheels/{wheel.name}",
                "build": digest,
                "pyodide": PYODIDE_VERSION,
                "micropip": micropip.relative_to(dist).as_posix(),
                "bytecode": bool(bytecode),
                "deck": deck,
                "trystero": trystero_version(),
                **meeting,
            },
            indent=1,
        )
    )
    stamp_service_worker(dist, digest)
    log(f"built {dist} (wheel {wheel.name}, build {digest})")
    return dist


def write_info(path: Path) -> None:
    """What exists (games, options, levels, lessons, codes), as the engine tells it: the
    page shows the welcome, the rules and the settings from it at first paint, before the
    runtime is up.  Written by the same package the wheel holds."""
    import sys

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from kingweb.session import info

    path.write_text(json.dumps(info(), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def served(dist: Path) -> list[tuple[str, Path]]:
    """Every file the site serves but the service worker itself: (path in the site, file)."""
    return [(p.relative_to(dist).as_posix(), p) for p in sorted(dist.rglob("*")) if p.is_file() and p.name != "sw.js"]


def precached(dist: Path) -> list[str]:
    """What the service worker keeps offline: every served file in every folder, but the
    classic deck's faces (only players who choose that deck load them, and the service
    worker keeps each one it serves) and the host's header rules."""
    return ["./", *sorted(rel for rel, _ in served(dist) if not rel.startswith("cards/") and rel != HEADERS_FILE)]


def stamp_service_worker(dist: Path, build_id: str) -> None:
    """Give sw.js this build's cache name and the list of files to keep offline."""
    sw = dist / "sw.js"
    text = sw.read_text().replace("__KINGWEB_BUILD__", build_id)
    sw.write_text(text.replace("__KINGWEB_FILES__", json.dumps(precached(dist))))
