"""Replays: a script file plus a decisions file reproduce a game exactly (``docs/looper_replay.md``).

A decisions file (YAML or JSON) has the shared replay shape of both games
(:func:`rulesengine.contract.replay_record`, ``docs/conventions.md``)::

    game: looper
    version: 2
    setup: {script: fs_01_tutorial, options: {}}   # script: checked against the script's id;
                                                    # options: ruling options, over the script's own
    actions:                     # the answers in order; each an action dict, optionally with "who"
      - {who: mastermind, type: place_card, card: paranoia_plus_1, target: boy_student}
      - {type: pass}

The older shape is still read: ``{format: looper-decisions/1, script, options, decisions: [...]}``
(every key but ``decisions`` optional).

>>> from rulesengine.contract import drive
>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.play.agents import RandomAgent
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
>>> game = drive(Game(script), {"mastermind": RandomAgent(1), "protagonists": RandomAgent(2)})
>>> again = replay(script, decisions_document(game))
>>> [e.as_dict() for e in again.log] == [e.as_dict() for e in game.log]
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from rulesengine.contract import read_replay, replay_record
from rulesengine.errors import IllegalActionError, InputError
from rulesengine.inputs import read_data
from rulesengine.looper.rules.actions import from_dict, to_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import from_options
from rulesengine.looper.rules.script import Script, check_action_names

#: The ``format`` of the older decisions files (still read).
FORMAT: Final = "looper-decisions/1"


def decisions_document(game: Game) -> dict[str, Any]:
    """The decisions file of a played game (the shared replay shape): every answer so far, with ``who``."""
    return replay_record(
        "looper", {"script": game.script.id}, [{"who": who, **to_dict(a)} for who, a in game.history]
    )


def read_decisions(path: str | Path) -> dict[str, Any]:
    """Read a decisions file (YAML or JSON); raises :class:`InputError` naming the file on a bad shape."""
    p = Path(path)
    data = read_data(p)  # bounded: size, UTF-8, nesting, repeated keys (rulesengine.inputs)
    if not isinstance(data, Mapping):
        raise InputError(str(p), "expected a mapping with an 'actions' list (or an older 'decisions' list)")
    return dict(data)


def _read(script: Script, document: Mapping[str, Any], where: str) -> tuple[dict[str, Any], list[Any], str]:
    """The ruling options, the decisions and their field name (``actions`` or ``decisions``) of a
    decisions file for ``script``, checked."""
    shared = read_replay(document, "looper", where)
    if shared is not None:
        setup, decisions = shared
        for key in setup:
            if key not in ("script", "options"):
                raise InputError(f"{where}: setup: {key}", "unknown key (allowed: options, script)")
        sid, extra, at = setup.get("script"), setup.get("options") or {}, f"{where}: setup"
    else:  # the older shape (looper-decisions/1)
        for key in document:
            if key not in ("format", "script", "options", "decisions"):
                allowed = "decisions, format, options, script"
                raise InputError(f"{where}: {key}", f"unknown key (allowed: {allowed})")
        fmt = document.get("format", FORMAT)
        if fmt != FORMAT:
            raise InputError(f"{where}: format", f"expected {FORMAT!r}, got {fmt!r}")
        sid, extra, at = document.get("script"), document.get("options") or {}, where
        if "decisions" not in document:
            raise InputError.of(f"{where}: decisions", "common.input.no_actions")
        old = document["decisions"]
        if not isinstance(old, list):
            raise InputError(f"{where}: decisions", "expected a list")
        decisions = old
    if sid is not None and sid != script.id:
        raise InputError(f"{at}: script", f"the decisions are for {sid!r}, the script is {script.id!r}")
    options = dict(script.options)
    if not isinstance(extra, Mapping):
        raise InputError(f"{at}: options", "expected a mapping")
    from_options(extra, f"{at}: options")  # the file's own options, named by the file
    options.update(extra)
    return options, list(decisions), "actions" if shared is not None else "decisions"


def ruling_options(script: Script, document: Mapping[str, Any], where: str = "decisions") -> dict[str, Any]:
    """The ruling options a decisions file is played with: the script's own, then the file's
    (``setup.options``, or ``options`` in the older shape) over them, each checked and named by the
    file. :func:`replay` plays with these; ``looper deduce`` deduces with them.

    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
    >>> setup = {"options": {"mystery_boy_from_loop": 1}}
    >>> doc = {"game": "looper", "version": 2, "setup": setup, "actions": []}
    >>> ruling_options(script, doc)["mystery_boy_from_loop"]
    1
    """
    return _read(script, document, where)[0]


def replay(script: Script, document: Mapping[str, Any], where: str = "decisions") -> Game:
    """Play the decisions of ``document`` on ``script`` with its :func:`ruling_options` and return the
    game where they end.

    Raises
    ------
    InputError
        For a malformed document (unknown key, wrong script id, no ``actions``, a decision that is not
        an action dict, a ``who`` that does not match the pending decision).
    IllegalActionError
        For a decision the rules refuse; the message names its index.
    """
    options, decisions, field = _read(script, document, where)
    game = Game(script, rulings=from_options(options))
    for i, entry in enumerate(decisions):
        here = f"{where}: {field}[{i}]"
        if not isinstance(entry, Mapping):
            raise InputError(here, f"expected an action mapping, got {entry!r}")
        body = {k: v for k, v in entry.items() if k != "who"}
        action = from_dict(body, here)
        check_action_names(action, here, game.content)
        who = entry.get("who")
        pending = game.pending
        if pending is not None and who is not None and who != pending.who:
            raise InputError(
                f"{here}: who", f"the pending decision is {pending.who}'s ({pending.kind}), not {who}'s"
            )
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise exc.prefixed(here) from None
    return game


def report(game: Game) -> dict[str, Any]:
    """The JSON form of a replay: public log, outcome, pending decision and the full final state."""
    pending = game.pending
    return {
        "script": game.script.id,
        "decisions_applied": len(game.history),
        "log": [e.as_dict() for e in game.log if e.visibility == "public"],
        "outcome": None
        if game.outcome is None
        else {"winner": game.outcome.winner, "reason": game.outcome.reason, "loop": game.outcome.loop},
        "pending": None
        if pending is None
        else {"who": pending.who, "kind": pending.kind, "rule_id": pending.rule_id},
        "state": {k: v for k, v in game.view("mastermind").items() if k != "log"},
    }


def format_event(e: Mapping[str, Any]) -> str:
    """One line of the text log: ``L1 D2 phase kind key=value…``."""
    skip = ("loop", "day", "phase", "visibility", "kind")
    fields = " ".join(
        f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in e.items() if k not in skip
    )
    return f"L{e['loop']} D{e['day']} {e['phase']} {e['kind']}" + (f" {fields}" if fields else "")


def text_report(game: Game) -> str:
    """The plain-text form of a replay: one public event per line, then the outcome."""
    data = report(game)
    lines = [format_event(e) for e in data["log"]]
    out = data["outcome"]
    if out is not None:
        lines.append(f"outcome: {out['winner']} win ({out['reason']}, loop {out['loop']})")
    else:
        p = data["pending"]
        lines.append(f"outcome: none yet (waiting for {p['who']}: {p['kind']})")
    return "\n".join(lines)
