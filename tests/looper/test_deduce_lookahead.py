"""The deduction's look-ahead at the Mastermind's abilities (TL-D5, TL-D5a) is sound.

The counted search does not offer, and so does not read the hidden fact behind, a Mastermind ability
whose first public event (one Intrigue or Paranoia on its target) is not the record's next event. These
tests play games in which the Mastermind used those abilities — the Brain's, the Conspiracy Theorist's,
An Unsettling Rumor's and the Doctor's (ruling ⚠f ``doctor_mastermind_use: refusal``) — and check the
deduction against the brute-force reference with that look-ahead switched off: every private sheet
replayed on its own, with every ability option offered.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rulesengine.looper.deduction import PublicRecord, deduce
from rulesengine.looper.deduction import search as search_module
from rulesengine.looper.deduction.reference import brute_force
from rulesengine.looper.rules.actions import UseAbility
from tests.looper.test_deduce import played, truth
from tests.looper.test_deduce_counted import with_cast

CAST = ("doctor", "shrine_maiden", "pop_idol")

# (sheet, seed): fs_01 sheets on CAST (light_of_the_avenger with the Shadow of the Ripper, An Unsettling
# Rumor or A Hideous Script) and random games in which the Mastermind used the abilities
CASES = [(0, 3), (1, 3), (6, 2), (6, 3), (7, 2), (13, 2)]


def _game(sheet: int, seed: int):  # type: ignore[no-untyped-def]
    script = with_cast("fs_01_tutorial", CAST, 2, 1, sheet)
    script = replace(script, options={"doctor_mastermind_use": "refusal"})
    return script, played(script, seed, 400, heuristic=False)


def _used(game) -> Counter[str]:  # type: ignore[no-untyped-def]
    return Counter(
        a.ability + (a.extra or "")
        for who, a in game.history
        if who == "mastermind" and isinstance(a, UseAbility)
    )


def test_the_cases_use_every_looked_ahead_ability_tl_d5() -> None:
    """The cases below would not test the look-ahead if the Mastermind never used the abilities."""
    used: Counter[str] = Counter()
    for sheet, seed in CASES:
        used += _used(_game(sheet, seed)[1])
    for ability in ("brain.1", "conspiracy_theorist.1", "an_unsettling_rumor.1", "doctor.1+", "doctor.1-"):
        assert used[ability] > 0, ability


@pytest.mark.parametrize(("sheet", "seed"), CASES)
def test_ability_look_ahead_keeps_every_consistent_script_tl_d5a(
    sheet: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Candidate for candidate, the deduction equals brute force with every ability offered."""
    script, game = _game(sheet, seed)
    record = PublicRecord.from_game(game)
    result = set(deduce(record).consistent)
    assert truth(script) in result
    monkeypatch.setattr(search_module._Matcher, "_abilities", lambda self, options, i: options)
    assert brute_force(record) == result
