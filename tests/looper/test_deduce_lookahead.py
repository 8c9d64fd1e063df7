"""The deduction's look-ahead at the Mastermind's abilities (TL-D5, TL-D5a) and answers to goodwill
(TL-D6c) is sound.

The counted search does not offer, and so does not read the hidden fact behind, a Mastermind ability
whose first public event (one Intrigue or Paranoia on its target) is not the record's next event; nor an
answer to a goodwill ability (Allow, Refuse) whose first public event is not the record's next one.
These tests play games in which the Mastermind used those abilities — the Brain's, the Conspiracy
Theorist's, An Unsettling Rumor's and the Doctor's (ruling ⚠f ``doctor_mastermind_use: refusal``) — or
the Protagonists' goodwill abilities were resolved, and check the deduction against the brute-force
reference with the look-ahead switched off: every private sheet replayed on its own, with every option
offered.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rulesengine.looper.deduction import PublicRecord, deduce
from rulesengine.looper.deduction import search as search_module
from rulesengine.looper.deduction.reference import brute_force, tiny_script
from rulesengine.looper.rules.actions import UseAbility
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
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
    monkeypatch.setattr(search_module._Matcher, "_responses", lambda self, options, i: options)
    assert brute_force(record) == result


# (script, sheet, seed): small scripts (3 characters, 3 days, 1 loop) whose record resolves goodwill
# abilities of characters that might hold a role with optional refusal (the Brain, the Killer…)
RESPONSES = [("fs_01_tutorial", 18, 2), ("fs_02_quiet_ward", 18, 2), ("btx_01_first_contract", 24, 0)]


@pytest.mark.parametrize(("name", "sheet", "seed"), RESPONSES)
def test_goodwill_answer_look_ahead_keeps_every_consistent_script_tl_d6c(
    name: str, sheet: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deduction follows only the answer the record shows (it did drop some), and equals brute force
    with both answers followed."""
    script = tiny_script(load_script(SCRIPTS_DIR / f"{name}.yaml"), 3, 3, 1, sheet)
    record = PublicRecord.from_game(played(script, seed, 400, heuristic=seed % 2 == 0))
    assert any(e["kind"] == "goodwill_resolved" for e in record.events)
    dropped = []
    responses = search_module._Matcher._responses

    def spy(self, options, i):  # type: ignore[no-untyped-def]
        out = responses(self, options, i)
        dropped.append(len(options) - len(out))
        return out

    monkeypatch.setattr(search_module._Matcher, "_responses", spy)
    result = set(deduce(record).consistent)
    assert truth(script) in result
    assert sum(dropped) > 0
    monkeypatch.setattr(search_module._Matcher, "_abilities", lambda self, options, i: options)
    monkeypatch.setattr(search_module._Matcher, "_responses", lambda self, options, i: options)
    assert brute_force(record) == result
