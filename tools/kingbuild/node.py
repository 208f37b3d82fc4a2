"""Node tools pinned by a package-lock.json in the repository, installed with ``npm ci``
(which checks every package's sha512 integrity) into the cache, once per lock."""

import shutil
import subprocess
from pathlib import Path

from . import log


def npm_tool(spec: Path, dest: Path, package: str, *, ignore_scripts: bool = False) -> Path | None:
    """The folder where ``package``, pinned by ``spec``'s package.json and package-lock.json,
    is installed (``dest``, reinstalled when the lock changes); None without npm or if
    ``npm ci`` fails.  ``ignore_scripts`` runs none of the packages' install scripts (a
    package whose optional native part would download a binary from elsewhere)."""
    npm = shutil.which("npm")
    if npm is None:
        log(f"npm not found: no {package}")
        return None
    lock = (spec / "package-lock.json").read_bytes()
    if (
        dest.joinpath("node_modules", package).exists()
        and dest.joinpath("package-lock.json").exists()
        and dest.joinpath("package-lock.json").read_bytes() == lock
    ):
        return dest
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(spec / name, dest / name)
    log(f"installing the pinned {package} (npm ci: the lock's sha512 integrity is checked)")
    try:
        flags = ["--ignore-scripts"] if ignore_scripts else []
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error", *flags], cwd=dest, check=True)
    except subprocess.CalledProcessError:
        log(f"npm ci failed for {package} (see above)")
        shutil.rmtree(dest, ignore_errors=True)
        return None
    return dest
