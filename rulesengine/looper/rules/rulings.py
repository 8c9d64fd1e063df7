"""Ruling options: the named choices where the sources of the Tragedy Looper rules disagree.

Each field's default is the majority reading of the content facts (its ⚠ points and §12); a script
may pick the alternative in its ``options`` mapping. ``docs/looper_engine.md`` lists every option.

>>> Rulings().student_any_target
False
>>> from_options({"mystery_boy_from_loop": 1}).mystery_boy_from_loop
1
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
from rulesengine.looper.rules.limits import MAX_LOOPS

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
        ⚠d. The first loop in which the Mystery Boy's ability can be used (default 2: the Korean
        protagonist manual p. 37 and two Chinese sources; ``1``: any loop, as the English card data
        reads; at most ``MAX_LOOPS``).
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
    boss_turf_in_incidents:
        ⚠j. ``False`` (default): the Boss counts as being in his turf for abilities only, not for
        incidents (the Korean card text "for all abilities (incidents excluded)"); ``True``: for
        incidents too (a Hospital Incident kills a Boss whose turf is the Hospital).
    missing_person_any_location:
        ⚠k. ``False`` (default): Missing Person moves the culprit to a location it may enter (its
        forbidden locations stay closed, as for every move); ``True``: to any location (the
        community data and one engine's data).
    spreading_needs_goodwill:
        ⚠l. ``True`` (default): Spreading takes goodwill from a character that has some ("remove 2
        goodwill, or 1 if it only has that"); with nobody holding goodwill it has no effect;
        ``False``: any character may be named, and the other still gets 2 goodwill.
    nurse_on_herself:
        ⚠m. ``True`` (default): the Nurse's ability may calm the Nurse herself ("a character in the
        same location"); ``False``: another character only (one data set).

    The wider cast (issue 24; ``docs/looper_content.md`` §The wider cast, points ⚠a..⚠f of the page of
    the twelve characters):

    transfer_student_waits_at_school:
        ⚠a. ``False`` (default): before her entry day the Transfer Student is in no location: no card,
        incident or ability can pick her and she counts nowhere; ``True``: she stands at the School from
        the loop's start and only cards cannot be placed on her until she enters.
    soldier_all_losses:
        ⚠b. ``False`` (default): the Soldier's protection (soldier.2) prevents only "the protagonists
        die" (Killer's and Loved One's abilities, the Hospital Incident's second effect); ``True``: it
        prevents every immediate loss of the rest of the loop (a Key Person's death, the Time Traveler)
        too. Loop-end losses (TL-LE2) are never prevented.
    ai_borrowed_counts_as_incident:
        ⚠c. ``False`` (default): the A.I.'s ai.1 resolves the named incident's effect only (announced
        as the A.I.'s ability; it does not count as having happened); ``True``: it also counts as that
        incident having happened this loop (Police Officer, Change of Future).
    illusion_all_location_cards:
        ⚠d. ``False`` (default): only the location cards on the Illusion's location (Intrigue +1/+2,
        Forbid Intrigue) apply to her too; ``True``: every counter card there (paranoia, goodwill and
        their Forbids as well) applies to her as if placed on her.
    young_girl_free_whole_game:
        ⚠e. ``False`` (default): young_girl.1 frees her of her forbidden locations for the rest of the
        loop; ``True``: for the rest of the game.
    sacred_tree_once_per_day:
        ⚠f. ``True`` (default): the leader moves at most one counter off the Sacred Tree a day, in
        TL-D6, with no goodwill refusal; ``False``: once per loop.
    """

    student_any_target: bool = False
    mystery_boy_from_loop: int = 2
    doctor_mastermind_use: str = "refusal_and_goodwill"
    keep_leader_across_loops: bool = True
    paranoia_virus_sticky: bool = True
    time_traveler_optional: bool = False
    police_this_loop_only: bool = True
    boss_turf_in_incidents: bool = False
    missing_person_any_location: bool = False
    spreading_needs_goodwill: bool = True
    nurse_on_herself: bool = True
    transfer_student_waits_at_school: bool = False
    soldier_all_losses: bool = False
    ai_borrowed_counts_as_incident: bool = False
    illusion_all_location_cards: bool = False
    young_girl_free_whole_game: bool = False
    sacred_tree_once_per_day: bool = True


def option_problems(options: Mapping[str, object] | None, where: str = "options") -> list[InputError]:
    """Every unknown name or bad value in a raw ``options`` mapping (empty when all are good).

    This is the one check of ruling options: ``looper validate`` lists these problems for a script,
    and :func:`from_options` (used by the engine and by ``looper replay``) raises the first.
    A loop number is ``1..MAX_LOOPS`` (:mod:`rulesengine.looper.rules.limits`).

    >>> [str(p) for p in option_problems({"police_this_loop_only": 1, "mystery_boy_from_loop": 10**29})]
    ['options: police_this_loop_only: expected true or false, got 1', \
'options: mystery_boy_from_loop: expected a loop number 1 to 8, got 100000000000000000000000000000']
    """
    if not options:
        return []
    if not isinstance(options, Mapping):
        return [InputError.of(where, "looper.script.option_not_mapping", value=repr(options))]
    known = {f.name for f in fields(Rulings)}
    defaults = Rulings()
    problems: list[InputError] = []
    for name, value in options.items():
        here = f"{where}: {name}"
        if name not in known:
            problems.append(
                InputError.of(here, "looper.script.option_unknown", known=", ".join(sorted(known)))
            )
            continue
        default = getattr(defaults, name)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                problems.append(InputError.of(here, "looper.script.option_not_bool", value=repr(value)))
        elif isinstance(default, int):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_LOOPS:
                problems.append(
                    InputError.of(here, "looper.script.option_not_loop", high=MAX_LOOPS, value=repr(value))
                )
        elif name == "doctor_mastermind_use" and value not in DOCTOR_MM_USES:
            problems.append(
                InputError.of(
                    here,
                    "looper.script.option_not_choice",
                    choices=", ".join(DOCTOR_MM_USES),
                    value=repr(value),
                )
            )
    return problems


def from_options(options: Mapping[str, object] | None, where: str = "options") -> Rulings:
    """Build :class:`Rulings` from a script's raw ``options`` mapping, checking names and types.

    Raises
    ------
    InputError
        ``options: NAME`` (``where: NAME``) for the first problem :func:`option_problems` finds.

    >>> from_options({"doctor_mastermind_use": "maybe"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: options: doctor_mastermind_use: expected one of ... got 'maybe'
    """
    for problem in option_problems(options, where):
        raise problem
    if not options:
        return Rulings()
    return Rulings(**options)  # type: ignore[arg-type]
