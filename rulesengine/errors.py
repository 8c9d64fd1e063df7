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

from collections.abc import Mapping
from typing import Any, Self


class RulesEngineError(Exception):
    """Base class of every error raised on purpose by :mod:`rulesengine`."""

    def localized(self, language: str | None = None) -> str:
        """The error as a person reads it in ``language``; the English ``str()`` unless a subclass knows
        better (:meth:`IllegalActionError.localized`)."""
        return str(self)


class IllegalActionError(RulesEngineError, ValueError):
    """An action that the rules forbid; the state it was tried on is unchanged.

    Parameters
    ----------
    rule_id:
        The id of the rule that forbids it (``TL-…`` or ``GR-…``), or a short
        field name for malformed input that no single rule covers.
    message:
        What was tried and why it is refused, in one line (English: ``str()`` is
        ``'<rule id>: <message>'``, the form of the command line and log files).
    message_id, fields:
        The refusal as a catalog message (:mod:`rulesengine.messages`) with its named
        fields, so that a widget can say it in the current language (:meth:`localized`).
        :meth:`of` makes the English ``message`` from the catalog itself.

    >>> err = IllegalActionError.of("GR-E1", "grove.refusal.no_chip_left", seat=2)
    >>> str(err)
    'GR-E1: seat 2 has no detective chip left'
    >>> err.localized("vi")
    'GR-E1: chỗ ngồi 2 không còn chip Thám tử nào'
    """

    def __init__(self, rule_id: str, message: str, *, message_id: str | None = None,
                 fields: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message
        self.message_id = message_id
        self.fields: dict[str, Any] = dict(fields or {})

    @classmethod
    def of(cls, rule_id: str, message_id: str, /, **fields: Any) -> IllegalActionError:
        """The refusal ``message_id`` of the catalogs with ``fields``, its English text as ``message``."""
        from rulesengine.messages import message

        return cls(rule_id, message(message_id, "en", **fields), message_id=message_id, fields=fields)

    def localized(self, language: str | None = None) -> str:
        """``'<rule id>: <refusal>'`` in ``language`` (default: the current one); ``str()`` is the English.

        A refusal made without a message id is the same in every language.
        """
        if self.message_id is None:
            return str(self)
        from rulesengine.messages import message

        return f"{self.rule_id}: {message(self.message_id, language, **self.fields)}"

    def prefixed(self, where: str) -> IllegalActionError:
        """The same refusal with ``where`` (a file, ``actions[3]``) before its text, in every language."""
        if self.message_id is None:
            return IllegalActionError(self.rule_id, f"{where}: {self.message}")
        fields = {"where": where, "refusal": _Localized(self.message_id, self.fields)}
        return IllegalActionError(self.rule_id, f"{where}: {self.message}", message_id="common.where",
                                  fields=fields)


class _Localized:
    """A refusal's text as a field of another message, rendered in that message's language."""

    def __init__(self, message_id: str, fields: Mapping[str, Any]) -> None:
        self.message_id, self.fields = message_id, fields

    def localized(self, language: str) -> str:
        from rulesengine.messages import message

        return message(self.message_id, language, **self.fields)


class InputError(RulesEngineError, ValueError):
    """Malformed or impossible input (a query, a file, a widget value).

    ``where`` names the field, file or entry that is wrong.

    >>> str(InputError("--players", "must be 2 to 5, got 7"))
    '--players: must be 2 to 5, got 7'

    Made with :meth:`of`, the problem is a catalog message with named fields, so that it can be said in
    any language (:meth:`localized`); ``where`` (an option, a file, an entry, a field) stays as it is:

    >>> err = InputError.of("s.yaml: roles.doctor", "looper.script.never_person", character="'doctor'")
    >>> str(err)
    "s.yaml: roles.doctor: 'doctor' is never a Person"
    >>> err.localized("vi")
    "s.yaml: roles.doctor: 'doctor' không bao giờ là Thường dân"
    """

    def __init__(self, where: str, message: str, *, message_id: str | None = None,
                 fields: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message
        self.message_id = message_id
        self.fields: dict[str, Any] = dict(fields or {})

    @classmethod
    def of(cls, where: str, message_id: str, /, **fields: Any) -> Self:
        """The problem ``message_id`` of the catalogs with ``fields`` at ``where``, its English text as
        ``message``."""
        from rulesengine.messages import message

        return cls(where, message(message_id, "en", **fields), message_id=message_id, fields=fields)

    def localized(self, language: str | None = None) -> str:
        """``'<where>: <problem>'`` in ``language`` (default: the current one); ``str()`` is the English.

        A problem made without a message id is the same in every language.
        """
        if self.message_id is None:
            return str(self)
        from rulesengine.messages import message

        return f"{self.where}: {message(self.message_id, language, **self.fields)}"


class ShippedDataError(InputError):
    """A data file that ships with the project (``data/…``) is missing or damaged.

    The message names the file and how to restore it. It is English only and made without the
    catalogs, since the missing file may be a catalog itself.

    >>> from rulesengine.paths import DATA_DIR
    >>> print(ShippedDataError(DATA_DIR / "grove" / "equilibrium_3p.json", "invalid JSON at line 9"))
    data/grove/equilibrium_3p.json: invalid JSON at line 9; this file ships with rulesengine: \
restore it with 'git checkout -- data/grove/equilibrium_3p.json' in the clone, or reinstall rulesengine
    """

    def __init__(self, path: Any, problem: str) -> None:
        from rulesengine.paths import shipped_name

        name = shipped_name(path)
        hint = f"restore it with 'git checkout -- {name}' in the clone, or reinstall rulesengine"
        super().__init__(name, f"{problem}; this file ships with rulesengine: {hint}")
        self.path = path

    @classmethod
    def wrap(cls, path: Any, exc: InputError) -> ShippedDataError:
        """The same problem as ``exc`` (a reader's error for the file ``path``), with the restore hint."""
        if isinstance(exc, ShippedDataError):
            return exc
        return cls(path, exc.message)
