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


def _filters(record: PublicRecord) -> list[tuple[int, _Mask, str, dict[str, Any]]]:
    """Cheap necessary conditions read from the public log: (event index, test, message id, fields).

    A test takes the table of sheets and says for every row at once (a boolean array) whether the sheet
    passes it; each is a question of the same kind the tree asks (``_Table.truth``)."""
    out: list[tuple[int, _Mask, str, dict[str, Any]]] = []
    declared: dict[str, str] = {}
    virus = ("subplot", "paranoia_virus")
    for i, e in enumerate(record.events):
        kind = e["kind"]
        if kind == "goodwill_declared":
            declared[e["ability"]] = e["source"]
        elif kind == "role_revealed":
            c, r = e["character"], e["role"]

            def revealed(t: _Table, c: str = c, r: str = r) -> np.ndarray:
                # a Paranoia Virus Serial Killer is revealed as one while its sheet says Person
                role = t.truth(("eq", ("role", c), r))
                if r != "serial_killer":
                    return role
                return role | (t.truth(("eq", ("role", c), "person")) & t.truth(virus))

            out.append((i, revealed, "looper.deduce.role_revealed", {"character": c, "role": r}))
        elif kind == "goodwill_refused":
            src = declared.get(e["ability"])
            if src is None:
                continue

            def refuses(t: _Table, c: str = src) -> np.ndarray:
                codes, refusal = t.column(("trait", "refusal", ("role", c)))
                can = np.array([v is not Refusal.NONE for v in refusal], dtype=bool)
                return can[codes] | t.truth(virus)

            out.append((i, refuses, "looper.deduce.refused", {"character": src}))
        elif kind == "guess":
            c, r, right = e["character"], e["role"], bool(e["right"])

            def guessed(t: _Table, c: str = c, r: str = r, right: bool = right) -> np.ndarray:
                named = t.truth(("eq", ("role", c), r))  # TL-FG2: the script's roles again
                return named if right else ~named

            out.append(
                (
                    i,
                    guessed,
                    "looper.deduce.guess_right" if right else "looper.deduce.guess_wrong",
                    {"character": c, "role": r},
                )
            )
    return out
