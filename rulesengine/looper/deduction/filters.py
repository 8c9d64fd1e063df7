"""The deduction's cheap necessary filters, read from the public log and tested on the table of
sheets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from rulesengine.looper.deduction.hidden import _Table
from rulesengine.looper.deduction.record import PublicRecord
from rulesengine.looper.rules.content import Refusal

_Mask = Callable[["_Table"], np.ndarray]

#: A filter's condition: alternatives (disjoint), each a conjunction of (question, allowed answers); the
#: question keys are the tree's (``_Table.column``, ``Space.parts``).
Condition = list[list[tuple[tuple[object, ...], frozenset[object]]]]

_VIRUS = ("subplot", "paranoia_virus")
_REFUSING = frozenset({Refusal.OPTIONAL, Refusal.MANDATORY})


def _conditions(record: PublicRecord) -> list[tuple[int, Condition, str, dict[str, Any]]]:
    """Cheap necessary conditions read from the public log: (event index, condition, message id,
    fields), in the order of the record.

    - a revealed role: the sheet's role (a Paranoia Virus Serial Killer is revealed as one while its
      sheet says Person);
    - a refused goodwill ability (TL-D6c): the role has a refusal, unless Paranoia Virus is a subplot;
    - a final-guess answer (TL-FG2: the script's roles again): right or wrong."""
    out: list[tuple[int, Condition, str, dict[str, Any]]] = []
    declared: dict[str, str] = {}
    yes, no = frozenset({True}), frozenset({False})
    for i, e in enumerate(record.events):
        kind = e["kind"]
        if kind == "goodwill_declared":
            declared[e["ability"]] = e["source"]
        elif kind == "role_revealed":
            c, r = e["character"], e["role"]
            cond: Condition = [[(("role", c), frozenset({r}))]]
            if r == "serial_killer":
                cond.append([(("role", c), frozenset({"person"})), (_VIRUS, yes)])
            out.append((i, cond, "looper.deduce.role_revealed", {"character": c, "role": r}))
        elif kind == "goodwill_refused":
            src = declared.get(e["ability"])
            if src is None:
                continue
            refusal = ("trait", "refusal", ("role", src))
            cond = [[(refusal, _REFUSING)], [(refusal, frozenset({Refusal.NONE})), (_VIRUS, yes)]]
            out.append((i, cond, "looper.deduce.refused", {"character": src}))
        elif kind == "guess":
            c, r, right = e["character"], e["role"], bool(e["right"])
            cond = [[(("eq", ("role", c), r), yes if right else no)]]
            why = "looper.deduce.guess_right" if right else "looper.deduce.guess_wrong"
            out.append((i, cond, why, {"character": c, "role": r}))
    return out


def _filters(record: PublicRecord) -> list[tuple[int, _Mask, str, dict[str, Any]]]:
    """The conditions as tests of the enumerated table: each says for every row at once (a boolean
    array) whether the sheet passes (the same questions the tree asks, ``_Table.column``)."""

    def mask(cond: Condition) -> _Mask:
        def test(t: _Table) -> np.ndarray:
            out = np.zeros(len(t.sheets), dtype=bool)
            for conjunction in cond:
                hit = np.ones(len(t.sheets), dtype=bool)
                for key, allowed in conjunction:
                    codes, values = t.column(key)
                    ok = np.array([v in allowed for v in values], dtype=bool)
                    hit &= ok[codes] if len(values) else np.zeros(len(t.sheets), dtype=bool)
                out |= hit
            return out

        return test

    return [(i, mask(cond), why, fields) for i, cond, why, fields in _conditions(record)]
