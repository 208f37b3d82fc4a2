"""The PEP 517 build backend that pyproject.toml names (``backend-path = ["tools"]``), so
``pip install .``, ``pip wheel .`` and ``python -m build`` make the same wheel as
``python build.py``: no build dependencies, offline, reproducible byte for byte."""

import gzip
import io
import tarfile
from datetime import UTC, datetime
from pathlib import Path

from . import ROOT
from .wheel import EPOCH, PACKAGE, metadata, version, write_wheel
from .wheel import build_wheel as _build_wheel

ConfigSettings = dict[str, str | list[str]] | None


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    return []


def get_requires_for_build_sdist(config_settings: ConfigSettings = None) -> list[str]:
    return []


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    return []


def build_wheel(
    wheel_directory: str, config_settings: ConfigSettings = None, metadata_directory: str | None = None
) -> str:
    return _build_wheel(Path(wheel_directory)).name


def build_editable(
    wheel_directory: str, config_settings: ConfigSettings = None, metadata_directory: str | None = None
) -> str:
    """A wheel whose .pth file puts this checkout on sys.path (PEP 660)."""
    pth = (str(ROOT) + "\n").encode()
    return write_wheel(Path(wheel_directory), [(f"__editable__.{PACKAGE}.pth", pth)]).name


def build_sdist(sdist_directory: str, config_settings: ConfigSettings = None) -> str:
    """The package, its metadata and this backend (an sdist must be able to build itself)."""
    base = f"{PACKAGE}-{version()}"
    here = Path(__file__).resolve().parent
    paths = [
        ROOT / "pyproject.toml",
        ROOT / "README.md",
        *sorted(p for p in (ROOT / PACKAGE).rglob("*") if p.is_file() and "__pycache__" not in p.parts),
        *sorted(p for p in here.iterdir() if p.is_file()),
    ]
    files = [(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in paths]
    files.append(("PKG-INFO", metadata()))
    dest = Path(sdist_directory) / f"{base}.tar.gz"
    mtime = int(datetime(*EPOCH, tzinfo=UTC).timestamp())
    with (
        open(dest, "wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=mtime, filename="") as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tf,
    ):
        for arc, data in sorted(files):
            ti = tarfile.TarInfo(f"{base}/{arc}")
            ti.size, ti.mtime, ti.mode = len(data), mtime, 0o644
            tf.addfile(ti, io.BytesIO(data))
    return dest.name
