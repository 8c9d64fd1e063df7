"""Errors shared by both engines.

Every error that a user can cause names what was wrong and, where a rule of the
sources is broken, the rule id (``TL-D3c``, ``GR-P4``…).

>>> err = IllegalActionError("GR-P4", "seat 1 may not look at suspect 0")
>>> str(err)
'GR-P4: seat 1 may not look at suspect 0'
>>> err.rule_id
'GR-P4'
"""

from __future__ import annotations


class RulesEngineError(Exception):
    """Base class of every error raised on purpose by :mod:`rulesengine`."""


class IllegalActionError(RulesEngineError, ValueError):
    """An action that the rules forbid; the state it was tried on is unchanged.

    Parameters
    ----------
    rule_id:
        The id of the rule that forbids it (``TL-…`` or ``GR-…``), or a short
        field name for malformed input that no single rule covers.
    message:
        What was tried and why it is refused, in one line.
    """

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message


class InputError(RulesEngineError, ValueError):
    """Malformed or impossible input (a query, a file, a widget value).

    ``where`` names the field, file or entry that is wrong.

    >>> str(InputError("--players", "must be 2 to 5, got 7"))
    '--players: must be 2 to 5, got 7'
    """

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message
