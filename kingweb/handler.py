"""JSON requests to a worker, checked and answered one way: ``{"cmd": ..., "args": {...}}``
in, ``{"ok": true, "result": ...}`` out, or ``{"ok": false, "error", "kind", "code",
"params"}``, never an exception, so that a worker never dies on bad input.

Each receiver declares one table of ``Command``s (``kingweb.session``'s table, ``kingweb.review``'s
worker) and answers through ``serve`` (docs/PROTOCOL.md §1.1).
"""

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from . import safejson
from .errors import IllegalAction, RulesError, describe


class Command(NamedTuple):
    """One command a receiver answers: ``run`` called with the receiver's context and the
    checked arguments, the ``required`` and ``optional`` arguments' names, and whether its
    answer may change the table (``changes``: the worker writes the save again and wakes
    the bots after it)."""

    run: Callable[..., Any]
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    changes: bool = False


#: A receiver's commands by name
Commands = dict[str, Command]


def serve(request: object, commands: Commands, *context: object) -> str:
    """The JSON answer to ``request``: its command, looked up in ``commands``, run on
    ``context`` with the request's arguments (see ``answer`` and ``read``)."""

    def run() -> Any:
        cmd, args = read(request, commands)
        return commands[cmd].run(*context, **args)

    return answer(run)


def answer(result: Callable[[], Any]) -> str:
    """The JSON answer of ``result()``: its value, or the refusal or error it raised (a
    bug of ours is reported as ``internal-error``, so that the worker lives on)."""
    try:
        return json.dumps({"ok": True, "result": result()})
    except (RulesError, IllegalAction) as e:
        # (a refusal raised outside a move, a hint asked for a bot's seat, is named as such:
        # its code is one of REFUSALS, not of ERRORS)
        kind = "IllegalAction" if isinstance(e, IllegalAction) else "RulesError"
        return json.dumps({"ok": False, "error": str(e), "kind": kind, "code": e.code, "params": e.params})
    except Exception as e:
        return json.dumps(
            {
                "ok": False,
                "error": f"internal error: {type(e).__name__}: {describe(e, 200)}",
                "kind": "InternalError",
                "code": "internal-error",
                "params": {},
            }
        )


def read(request: object, commands: Commands) -> tuple[str, dict[str, Any]]:
    """The command and the arguments of ``request`` (JSON text), every part checked:
    ``bad-request`` naming the field, or ``unknown-command``."""
    if not isinstance(request, str):
        raise RulesError("bad-request", "request: expected JSON text", field="request")
    try:
        req = safejson.loads(request)
    except ValueError as e:
        raise RulesError("bad-request", f"request: not JSON ({e})", field="request") from None
    if not isinstance(req, dict):
        raise RulesError("bad-request", 'request: expected an object {"cmd": ..., "args": {...}}', field="request")
    for key in req:
        if key not in ("cmd", "args"):
            raise RulesError("bad-request", f"request: {describe(key)} is not a field (fields: cmd, args)", field=key)
    cmd, args = req.get("cmd"), req.get("args")
    if not (isinstance(cmd, str) and cmd in commands):
        raise RulesError(
            "unknown-command", f"unknown command {describe(cmd)}", cmd=cmd if isinstance(cmd, str) else None
        )
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise RulesError("bad-request", "args: expected an object of argument names to values", field="args")
    required, optional = commands[cmd].required, commands[cmd].optional
    for name in required:
        if name not in args:
            raise RulesError("bad-request", f"args: {cmd} needs {name!r}", field=name)
    for name in args:
        if name not in required and name not in optional:
            raise RulesError(
                "bad-request",
                f"args: {describe(name)} is not an argument of {cmd} "
                f"(arguments: {', '.join(required + optional) or 'none'})",
                field=name,
            )
    return cmd, args
