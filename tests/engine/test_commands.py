"""The session's one table of commands: what each declares is what it does.  A command
not declared to change the table (``changes``) leaves the match, its save and whom the
session follows as they were, since the worker neither writes the save nor wakes the bots
after it."""

import json

import pytest

from kingweb.session import COMMANDS, Session, info

ARGS = {"hint": {}, "sync": {}, "clock": {}, "save": {}, "share": {}, "info": {}, "daily_code": {}}


def _mid_match() -> Session:
    s = Session()
    s.start("king", seed=7)
    while s.table.game.turn != 0:
        s.step()
    s.act(s.table.game.legal()[0])
    return s


def _seen(s: Session) -> tuple:
    t = s.table
    return (json.dumps(s.save(), sort_keys=True), t.game.event_count, s.told, s.here, s.away)


@pytest.mark.parametrize("cmd", sorted(c for c, d in COMMANDS.items() if not d.changes))
def test_a_command_that_does_not_change_the_table_leaves_it_as_it_was(cmd):
    s = _mid_match()
    before = _seen(s)
    answer = json.loads(s.handle(json.dumps({"cmd": cmd, "args": ARGS.get(cmd, {})})))
    assert answer["ok"] or answer["code"] in ("not-daily",), answer
    assert _seen(s) == before


def test_every_command_declared_is_dispatched_through_the_table():
    """A request for each command reaches its handler: none is refused unknown, and the
    arguments each declares are the ones it is called with."""
    s = _mid_match()
    for cmd, c in COMMANDS.items():
        args = dict.fromkeys(c.required, "?")
        answer = json.loads(s.handle(json.dumps({"cmd": cmd, "args": args})))
        assert answer.get("code") not in ("unknown-command", "internal-error"), (cmd, answer)
    assert info()["changes"] == [c for c, d in COMMANDS.items() if d.changes]
