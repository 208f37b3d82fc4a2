"""The kingweb wheel, reproducible byte for byte: the same sources give the same bytes.

Metadata comes from ``pyproject.toml``'s ``[project]`` table; the version has one home,
``kingweb.__version__`` (pyproject declares it dynamic), so the engine can report it
without importing ``importlib.metadata`` (which is slow to import in the browser)."""

import ast
import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

from . import ROOT

PACKAGE = "kingweb"
# A fixed time for every entry: file times would make two builds differ.
EPOCH = (2020, 1, 1, 0, 0, 0)


def version(root: Path = ROOT) -> str:
    """``__version__`` of kingweb/__init__.py, read without importing the package."""
    tree = ast.parse((root / PACKAGE / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                return value
    raise SystemExit(f"no __version__ string in {PACKAGE}/__init__.py")


def metadata(root: Path = ROOT) -> bytes:
    """The core metadata (METADATA / PKG-INFO) from pyproject.toml's [project]."""
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert project.get("dynamic") == ["version"], "pyproject.toml: only the version is dynamic"
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {version(root)}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
    ]
    if "license" in project:
        lines.append(f"License: {project['license']['text']}")
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    return ("\n".join(lines) + "\n").encode()


def entry(arc: str) -> zipfile.ZipInfo:
    zi = zipfile.ZipInfo(arc, date_time=EPOCH)
    zi.compress_type = zipfile.ZIP_DEFLATED
    zi.external_attr = 0o644 << 16
    return zi


def record_row(arc: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arc},sha256={digest},{len(data)}"


def write_wheel(out: Path, files: list[tuple[str, bytes]], root: Path = ROOT) -> Path:
    """A py3-none-any wheel of ``files`` (archive name, bytes) plus its dist-info."""
    ver = version(root)
    info = f"{PACKAGE}-{ver}.dist-info"
    wheel = b"Wheel-Version: 1.0\nGenerator: kingbuild\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files = [
        *files,
        (f"{info}/METADATA", metadata(root)),
        (f"{info}/WHEEL", wheel),
        (f"{info}/top_level.txt", f"{PACKAGE}\n".encode()),
    ]
    record = [record_row(arc, data) for arc, data in files]
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    out.mkdir(parents=True, exist_ok=True)
    dest = out / f"{PACKAGE}-{ver}-py3-none-any.whl"
    with zipfile.ZipFile(dest, "w") as zf:
        for arc, data in files:
            zf.writestr(entry(arc), data)
    return dest


def sources(root: Path = ROOT) -> list[tuple[str, bytes]]:
    """The package's files as the wheel holds them: every module and the py.typed marker."""
    pkg = root / PACKAGE
    paths = sorted(
        p
        for p in pkg.rglob("*")
        if p.is_file() and (p.suffix == ".py" or p.name == "py.typed") and "__pycache__" not in p.parts
    )
    return [(p.relative_to(root).as_posix(), p.read_bytes()) for p in paths]


def build_wheel(out: Path, root: Path = ROOT, leave_out: frozenset[str] = frozenset()) -> Path:
    """The reproducible wheel of the kingweb package (pure Python), without the files
    ``leave_out`` names (the site's copy: the command line's modules)."""
    return write_wheel(out, [f for f in sources(root) if f[0] not in leave_out], root)


def add_to_zip(path: Path, extra: dict[str, bytes]) -> None:
    """Rewrite a zip with ``extra`` files added (a wheel's RECORD lists them too)."""
    with zipfile.ZipFile(path) as z:
        files = [(i, z.read(i)) for i in z.infolist()]
    record = next((i for i, _ in files if i.filename.endswith(".dist-info/RECORD")), None)
    with zipfile.ZipFile(path, "w") as z:
        for info, data in files:
            if info is record:
                rows = [record_row(arc, d) for arc, d in sorted(extra.items())]
                data = data.rstrip(b"\n") + b"\n" + "\n".join(rows).encode() + b"\n"
            z.writestr(info, data)
        for arc, data in sorted(extra.items()):
            z.writestr(entry(arc), data)
