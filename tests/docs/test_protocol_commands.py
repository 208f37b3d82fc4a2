"""The commands written down on the page's side follow the engine's command tables:
``site/protocol.js``'s ``EngineCommand`` names each of ``kingweb.session.COMMANDS`` and
nothing else, and the worker reads which of them change the table from the session
(``info``'s ``changes``) rather than listing them itself."""

import re
from pathlib import Path

from kingweb import review
from kingweb.session import COMMANDS, info

SITE = Path(__file__).resolve().parents[2] / "site"


def _typedef(name: str) -> set[str]:
    """The string literals of the JSDoc union ``name`` in site/protocol.js."""
    text = (SITE / "protocol.js").read_text(encoding="utf-8")
    m = re.search(r"@typedef \{([^}]*)\} " + name + r"\b", text)
    assert m, f"protocol.js declares no {name}"
    body = re.sub(r"\n\s*\*", " ", m.group(1))
    names = re.findall(r'"([a-z_]+)"', body)
    assert re.fullmatch(r'\s*"[a-z_]+"(\s*\|\s*"[a-z_]+")*\s*', body), f"{name}: not a union of names: {body}"
    return set(names)


def test_protocol_js_names_every_command_of_the_session():
    listed = _typedef("EngineCommand")
    assert listed - set(COMMANDS) == set(), "protocol.js names commands the session does not answer"
    assert set(COMMANDS) - listed == set(), "protocol.js does not name these commands of the session"


def test_the_worker_own_commands_are_not_the_session_nor_the_review_workers():
    own = _typedef("WorkerCommand")
    assert own and not own & set(COMMANDS)
    worker = (SITE / "worker.js").read_text(encoding="utf-8")
    for cmd in own:
        assert f'cmd === "{cmd}"' in worker, f"worker.js does not answer {cmd}"
    assert not own & set(review.COMMANDS)


def test_the_worker_reads_which_commands_change_the_table_from_the_session():
    changes = info()["changes"]
    assert changes and set(changes) <= set(COMMANDS)
    assert info()["commands"] == list(COMMANDS)
    worker = (SITE / "worker.js").read_text(encoding="utf-8")
    assert "new Set(info.changes" in worker
    lists = re.findall(r"new Set\(\[([^\]]*)\]\)", worker)
    for names in lists:
        assert not set(re.findall(r'"([a-z_]+)"', names)) & set(changes), f"worker.js lists them itself: {names}"
