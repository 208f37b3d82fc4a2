"""The test environment: a virtualenv with the test and check tools, Debian's Chromium
(the browser tests), Node (the build's bytecode step, the local relay) and npm (svgo,
TypeScript, the relay's packages)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import VENV, log
from .relay import relay_tools

TEST_REQUIREMENTS = [
    "pytest>=8",
    "pytest-xdist==3.8.0",  # the run's tests on every core (build.py test)
    "hypothesis>=6.100",
    "playwright==1.65.2",
    "axe-playwright-python==0.1.8",
    "ruff==0.17.6",
    "mypy==2.4.1",
    "open-spiel==2.0.2",  # the bot ladder's independent opponent (tests/bots/test_spiel.py)
    "jsonschema>=4.20",  # records checked against site/kingweb-record.schema.json (tests/engine/test_record.py)
]
CHROMIUM = "/usr/bin/chromium"


def venv_python() -> Path:
    return VENV / "bin" / "python"


def _apt(*args: str, check: bool = False) -> int:
    """Run apt-get (through sudo unless root; an optional step, not ``check``ed, never asks
    for a password); its exit code."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    sudo = [] if os.geteuid() == 0 else ["sudo"] if check else ["sudo", "-n"]
    return subprocess.run([*sudo, "apt-get", *args], check=check, env=env).returncode


def ensure_test_env() -> Path:
    """A virtualenv with the test dependencies, and Debian's Chromium and Node."""
    py = venv_python()
    if not py.exists():
        log("creating", VENV)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    stamp = VENV / ".requirements"
    want = "\n".join(TEST_REQUIREMENTS)
    if not stamp.exists() or stamp.read_text() != want:
        log("installing test requirements")
        subprocess.run([str(py), "-m", "pip", "install", "-q", *TEST_REQUIREMENTS], check=True)
        stamp.write_text(want)
    missing = [
        pkg
        for pkg, ok in (
            ("chromium", Path(CHROMIUM).exists()),
            ("nodejs", shutil.which("node")),
            ("npm", shutil.which("npm")),
        )
        if not ok
    ]
    if missing:
        log("installing Debian's", " and ".join(missing))
        _apt("update", "-qq", check=True)
        _apt("install", "-y", "-qq", *missing, check=True)
    # the field test's routers (tests/netfield.py) translate addresses with nftables; a
    # machine that cannot install it (no root) skips that one test, saying why
    if not shutil.which("nft") and not Path("/usr/sbin/nft").exists() and (os.geteuid() == 0 or shutil.which("sudo")):
        log("installing Debian's nftables (the field test's NATs)")
        if _apt("install", "-y", "-qq", "nftables") and (
            _apt("update", "-qq") or _apt("install", "-y", "-qq", "nftables")
        ):
            log("could not install nftables: the field test will be skipped")
    # the relays the peer-to-peer tests start (tests/p2p_support.py), by their lock
    relay_tools()
    return py
