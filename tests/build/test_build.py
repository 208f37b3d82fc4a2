"""The build's parts on small inputs: what the service worker keeps, the policy of each
page (in subfolders too), and the wheel's metadata."""

import json
import shutil
import sys
from pathlib import Path

import pytest

from kingbuild import csp, nodetests
from kingbuild.assemble import precached, stamp_service_worker
from kingbuild.wheel import metadata, version


def _site(root, files):
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_the_service_worker_keeps_every_folder_but_the_classic_deck(tmp_path):
    dist = _site(
        tmp_path,
        {
            "index.html": "",
            "app.js": "",
            "render/table.js": "",
            "i18n/ru.js": "",
            "cards/classic/AS.svg": "",
            "_headers": "",
            "build.json": "{}",
            "sw.js": 'const BUILD = "__KINGWEB_BUILD__"; const FILES = __KINGWEB_FILES__;',
        },
    )
    assert precached(dist) == ["./", "app.js", "build.json", "i18n/ru.js", "index.html", "render/table.js"]
    stamp_service_worker(dist, "abc123")
    sw = (dist / "sw.js").read_text()
    assert sw.startswith('const BUILD = "abc123";') and json.dumps(precached(dist)) in sw


PAGE = (
    '<!doctype html>\n<html><head>\n<meta charset="utf-8">\n<style>b{}</style>\n<script>go()</script>\n</head></html>\n'
)


def test_each_page_gets_its_own_policy_and_the_host_header_their_union(tmp_path):
    dist = _site(tmp_path, {"index.html": PAGE, "lessons/one.html": PAGE.replace("go()", "one()")})
    header = csp.apply(dist)
    for rel, script in (("index.html", "go()"), ("lessons/one.html", "one()")):
        html = (dist / rel).read_text()
        meta = html.split('<meta http-equiv="Content-Security-Policy" content="')[1].split('"')[0]
        assert csp._sha256(script) in meta and csp._sha256("b{}") in meta
        assert html.index("Content-Security-Policy") < html.index("<style>")  # before what it governs
        assert csp._sha256(script) in header
    assert csp.read_headers(dist / csp.HEADERS_FILE) == {"Content-Security-Policy": header}


@pytest.mark.parametrize("tag", ['<button onclick="go()">', '<div style="color:red">'])
def test_a_page_the_policy_would_break_fails_the_build(tmp_path, tag):
    dist = _site(tmp_path, {"index.html": PAGE.replace("</head>", f"</head>{tag}")})
    with pytest.raises(SystemExit, match="would be blocked"):
        csp.apply(dist)


def test_the_wheel_metadata_has_the_one_version():
    import kingweb

    assert version() == kingweb.__version__
    assert f"Version: {kingweb.__version__}\n".encode() in metadata()


PASSING = 'import { test } from "node:test";\ntest("one", () => {});\ntest("two", () => {});\n'
FAILING = (
    'import assert from "node:assert";\nimport { test } from "node:test";\ntest("wrong", () => assert.equal(1, 2));\n'
)


def test_every_node_test_file_under_the_folder_runs_and_one_failure_fails_the_run(tmp_path, capsys):
    if not shutil.which("node"):
        pytest.skip("Node is not installed (python build.py test installs it)")
    _site(tmp_path, {"a.test.mjs": PASSING, "deeper/b.test.mjs": PASSING, "helper.mjs": FAILING, "c.test.js": FAILING})
    assert [p.relative_to(tmp_path).as_posix() for p in nodetests.test_files(tmp_path)] == [
        "a.test.mjs",
        "deeper/b.test.mjs",
    ]
    assert nodetests.run_node_tests(Path(sys.executable), root=tmp_path)
    assert "node tests: 4 of 4 passed (2 files" in capsys.readouterr().out
    _site(tmp_path, {"deeper/still/z.test.mjs": FAILING})
    assert not nodetests.run_node_tests(Path(sys.executable), root=tmp_path)
    out = capsys.readouterr().out
    assert "node tests: 4 of 5 passed (3 files" in out and "node tests failed: 1" in out
    assert "wrong" in out and "AssertionError" in out  # the failure, in full
