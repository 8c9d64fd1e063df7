"""Ruling options: the named choices where the sources of the Tragedy Looper rules disagree.

Each field's default is the majority reading of the content facts (its ⚠ points and §12); a script
may pick the alternative in its ``options`` mapping. ``docs/looper_engine.md`` lists every option.

>>> Rulings().student_any_target
False
>>> from_options({"mystery_boy_from_loop": 2}).mystery_boy_from_loop
2
>>> from_options({"no_such_option": 1})
Traceback (most recent call last):
...
rulesengine.errors.InputError: options: no_such_option: unknown ruling option (known: ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Final

from rulesengine.errors import InputError

#: The allowed values of the Doctor's Mastermind use (⚠f).
DOCTOR_MM_USES: Final = ("off", "refusal", "refusal_and_goodwill")


@dataclass(frozen=True)
class Rulings:
    """Named ruling options with their majority-reading defaults.

    Attributes
    ----------
    student_any_target:
        ⚠a. ``False`` (default): the Boy/Girl Student's ability targets another *Student*; ``True``:
        any other character in the same location.
    mystery_boy_from_loop:
        ⚠d. The first loop in which the Mystery Boy's ability can be used (default 1; alternative 2).
    doctor_mastermind_use:
        ⚠f. When the Mastermind may use the Doctor's first ability in the Mastermind ability phase:
        ``"refusal_and_goodwill"`` (default: the Doctor's role has goodwill refusal and the Doctor
        has at least 2 goodwill), ``"refusal"`` (the role alone decides) or ``"off"``.
    keep_leader_across_loops:
        §12. ``True`` (default): a new loop starts with the leader of the end of the last loop;
        ``False``: protagonist 0 leads every loop.
    paranoia_virus_sticky:
        §9. ``True`` (default): a Person turned Serial Killer by Paranoia Virus stays one until the
        rewind; ``False``: the role is worked out again whenever paranoia changes.
    time_traveler_optional:
        §9. ``False`` (default): the Time Traveler's last-day loss is checked by the engine;
        ``True``: the Mastermind chooses whether to trigger it (ULT).
    police_this_loop_only:
        §8. ``True`` (default): the Police Officer's first ability names an incident that happened
        this loop; ``False``: one that happened in any loop.
    """

    student_any_target: bool = False
    mystery_boy_from_loop: int = 1
    doctor_mastermind_use: str = "refusal_and_goodwill"
    keep_leader_across_loops: bool = True
    paranoia_virus_sticky: bool = True
    time_traveler_optional: bool = False
    police_this_loop_only: bool = True


def from_options(options: Mapping[str, object] | None) -> Rulings:
    """Build :class:`Rulings` from a script's raw ``options`` mapping, checking names and types.

    Raises
    ------
    InputError
        ``options: NAME`` for an unknown option or a value of the wrong type.

    >>> from_options({"doctor_mastermind_use": "maybe"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: options: doctor_mastermind_use: expected one of ... got 'maybe'
    """
    if not options:
        return Rulings()
    known = {f.name: f for f in fields(Rulings)}
    values: dict[str, object] = {}
    for name, value in options.items():
        if name not in known:
            raise InputError(f"options: {name}", f"unknown ruling option (known: {', '.join(sorted(known))})")
        default = getattr(Rulings(), name)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise InputError(f"options: {name}", f"expected true or false, got {value!r}")
        elif isinstance(default, int):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InputError(f"options: {name}", f"expected a whole number of at least 1, got {value!r}")
        elif name == "doctor_mastermind_use" and value not in DOCTOR_MM_USES:
            raise InputError(
                f"options: {name}", f"expected one of {', '.join(DOCTOR_MM_USES)}, got {value!r}"
            )
        values[name] = value
    return Rulings(**values)  # type: ignore[arg-type]
