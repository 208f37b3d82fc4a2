"""Pinned downloads: a file is used only if it matches its checksum, and is cached."""

import base64
import hashlib
import json
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path

from . import log

Check = Callable[[bytes], bool]


def fetch(url: str, dest: Path, check: Check) -> Path:
    """Download ``url`` to ``dest`` unless a cached copy passes ``check``."""
    if dest.exists() and check(dest.read_bytes()):
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    log("downloading", url)
    with urllib.request.urlopen(url, timeout=120) as r:
        data = r.read()
    if not check(data):
        raise SystemExit(f"checksum mismatch for {url}: refusing to use it")
    tmp = dest.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(dest)
    return dest


def sri_ok(integrity: str) -> Check:
    """A check against a Subresource Integrity string, as npm's lock and registry give."""
    algo, digest = integrity.split("-", 1)
    return lambda data: base64.b64encode(hashlib.new(algo, data).digest()).decode() == digest


def sha256_ok(hexdigest: str) -> Check:
    return lambda data: hashlib.sha256(data).hexdigest() == hexdigest


def pypi_wheel(name: str, version: str, sha256: str, cache: Path) -> Path:
    """A pure-Python wheel from PyPI, pinned by sha256."""
    dest = cache / f"{name}-{version}-py3-none-any.whl"
    if dest.exists() and sha256_ok(sha256)(dest.read_bytes()):
        return dest
    url = f"https://pypi.org/pypi/{name}/{version}/json"
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            files = json.load(r)["urls"]
        wheel_url = next(f["url"] for f in files if f["filename"] == dest.name)
        return fetch(wheel_url, dest, sha256_ok(sha256))
    except Exception as e:  # a mirror-only machine: let pip fetch it, then check it
        log(f"PyPI JSON API unavailable ({e}); using pip download")
        tmp = cache / "pip-download"
        # the wheels the runtime ships may need a newer Python than the host's
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                "-d",
                str(tmp),
                f"{name}=={version}",
            ],
            check=True,
            capture_output=True,
        )
        data = (tmp / dest.name).read_bytes()
        if not sha256_ok(sha256)(data):
            raise SystemExit(f"checksum mismatch for {dest.name}: refusing to use it") from None
        dest.write_bytes(data)
        return dest
