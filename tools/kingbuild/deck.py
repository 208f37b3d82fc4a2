"""The classic deck: the drawings of art/classic, optimised by a pinned svgo."""

import hashlib
import shutil
import subprocess
from pathlib import Path

from . import CACHE, ROOT, log
from .node import npm_tool

HERE = Path(__file__).resolve().parent
DECK_SRC = ROOT / "art" / "classic"
SVGO = ROOT / "tools" / "svgo"  # package.json and the package-lock.json that pins svgo


def classic_deck(out: Path, cache: Path = CACHE) -> str:
    """Copy the classic deck's faces to ``out``, optimised by the pinned svgo (cached by
    input hash in ``cache``).

    Returns "svgo" or, without Node and npm (or if svgo fails), "raw": the drawings as
    they are, which the page loads just the same, only slower (the deck loads lazily,
    when it is chosen)."""
    h = hashlib.sha256((HERE / "optimise.mjs").read_bytes() + (SVGO / "package-lock.json").read_bytes())
    for p in sorted(DECK_SRC.glob("*.svg")):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    cached = cache / f"deck-{h.hexdigest()[:16]}"
    if cached.exists() or _svgo(cached, cache):
        shutil.copytree(cached, out)
        return "svgo"
    log("shipping the classic deck unoptimised (8 MB)")
    shutil.copytree(DECK_SRC, out)
    return "raw"


def _svgo(dest: Path, cache: Path) -> bool:
    """Optimise the deck into ``dest`` with the pinned svgo; False if it cannot."""
    node = shutil.which("node")
    tools = npm_tool(SVGO, cache / "svgo", "svgo")
    if not (node and tools):
        log("no svgo")
        return False
    tmp = dest.with_suffix(".tmp")
    try:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        subprocess.run([node, str(HERE / "optimise.mjs"), str(DECK_SRC), str(tmp)], cwd=tools, check=True)
    except subprocess.CalledProcessError:
        log("svgo failed (see above)")
        return False
    tmp.rename(dest)
    return True
