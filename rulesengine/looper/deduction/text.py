"""The deduction's sentences, in English or Vietnamese, from the message catalogs."""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.messages import message as catalog_message

__all__ = ["message"]


def message(msg_id: str, language: str = "en", **fields: object) -> str:
    """One sentence of the deduction in ``language`` (``en`` or ``vi``), from the message catalogs
    (``data/locale``, ids ``looper.deduce.*``; docs/translation.md).

    >>> message("looper.deduce.culprit_revealed", "en", day=2, character="boy_student")
    'the culprit of day 2 was revealed: boy_student'
    """
    if language not in ("en", "vi"):
        raise InputError("--lang", f"expected en or vi, got {language!r}")
    return catalog_message(msg_id, language, **fields)
