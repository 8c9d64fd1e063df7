"""The counted deduction goes on from the day before (issue 23): ``deduce(record, after=earlier)``
searches a record that extends ``earlier``'s from the last day's start of that search
(``counted._resumable``), and gives exactly what a search from the first day gives — candidates,
totals, roles, culprits, plots, eliminations, best guesses, certain roles — day by day along whole
games, while running fewer engine steps.
"""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.looper.deduction import (
    PublicRecord,
    counted,
    day_records,
    deduce,
    deduce_counted,
    tiny_script,
)
from rulesengine.looper.deduction.filters import _conditions
from rulesengine.looper.deduction.record import _revealed_culprits
from rulesengine.looper.deduction.results import Deduction
from rulesengine.looper.rules.content import load_content
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from tests.looper.test_deduce import played

#: Above this many candidates the two deductions are compared by their sums only, not candidate by
#: candidate (listing millions of candidates is what the counted deduction avoids).
LIST_LIMIT = 20_000


def fresh(record: PublicRecord) -> Deduction:
    """The deduction searched from the first day."""
    return deduce_counted(record)


def assert_same(a: Deduction, b: Deduction) -> None:
    assert a.candidates == b.candidates
    assert a.total == b.total
    assert a.roles == b.roles
    assert a.culprits == b.culprits
    assert a.plots == b.plots
    assert a.eliminated == b.eliminated
    assert a.best_guesses() == b.best_guesses()
    assert a.certain_roles == b.certain_roles
    if a.candidates <= LIST_LIMIT:
        key = lambda c: (c.sheet.key(), c.culprits)  # noqa: E731
        assert sorted(map(key, a.consistent)) == sorted(map(key, b.consistent))


def day_by_day(records: list[PublicRecord]) -> tuple[list[Deduction], list[Deduction]]:
    """Each record deduced in order, going on from the day before, and each searched afresh."""
    going_on: list[Deduction] = []
    for r in records:
        going_on.append(deduce_counted(r, after=going_on[-1] if going_on else None))
    return going_on, [fresh(r) for r in records]


CASES = [
    ("fs_01_tutorial", 4, 3, 3),
    ("fs_02_quiet_ward", 4, 3, 2),
    ("btx_01_first_contract", 4, 3, 2),
    ("btx_02_clockwork_hearts", 5, 3, 2),
    ("fs_03_festival_of_masks", 5, 3, 2),
]


@pytest.mark.parametrize(("name", "cast", "days", "loops"), CASES)
@pytest.mark.parametrize("heuristic", [True, False])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_going_on_from_the_day_before_changes_nothing(
    name: str, cast: int, days: int, loops: int, heuristic: bool, seed: int
) -> None:
    """Small scripts of every set, whole games (heuristic and random), deduced after every day: the
    deduction that goes on from the day before equals the one from the first day, candidate by
    candidate, eliminations included."""
    script = tiny_script(load_script(SCRIPTS_DIR / f"{name}.yaml"), cast, days, loops, sheet=seed)
    game = played(script, seed, 10_000, heuristic=heuristic)
    records = [r for _, _, r in day_records(game)]
    going_on, afresh = day_by_day(records)
    for a, b in zip(going_on, afresh, strict=True):
        assert_same(a, b)


@pytest.mark.parametrize("name", ["btx_01_first_contract", "fs_01_tutorial"])
def test_a_whole_script_goes_on_from_the_day_before(name: str) -> None:
    """A whole shipped script, a heuristic game deduced after every day: the same answers, and the
    deduction that goes on runs fewer engine steps in all than the searches from the first day (it did go
    on: the steps of the days before are not run again)."""
    game = played(load_script(SCRIPTS_DIR / f"{name}.yaml"), 0, 10_000, heuristic=True)
    records = [r for _, _, r in day_records(game)]
    assert len(records) > 4
    going_on, afresh = day_by_day(records)
    for a, b in zip(going_on, afresh, strict=True):
        assert_same(a, b)
    assert sum(d.steps for d in going_on) < sum(d.steps for d in afresh)  # type: ignore[attr-defined]


def test_a_record_that_is_not_a_continuation_is_searched_afresh() -> None:
    """A deduction serves as ``after`` only for a record that extends its own: a record of another game of
    the same script (a different day 1) is searched from the first day, with the same answers; and
    ``after`` must be a deduction."""
    script = load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml")
    first = [r for _, _, r in day_records(played(script, 0, 10_000, heuristic=True))]
    other = [r for _, _, r in day_records(played(script, 5, 10_000, heuristic=False))]
    assert other[1].events[: len(first[0].events)] != first[0].events
    earlier = deduce_counted(first[0])
    assert isinstance(earlier.resumable, counted._Resumable)
    conds = [(i, cond) for i, cond, _, _ in _conditions(other[1])]
    known = _revealed_culprits(other[1])
    assert counted._resumable(earlier.resumable, other[1], load_content(), conds, known) is None
    assert_same(deduce_counted(other[1], after=earlier), fresh(other[1]))
    with pytest.raises(InputError, match="after"):
        deduce(other[1], after=first[0])  # type: ignore[arg-type]
