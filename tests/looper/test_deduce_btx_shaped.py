"""The counted deduction on scripts in the shape of the published Basic Tragedy X ones (issue 23).

``tests/looper/data/scripts/btxt_*.yaml`` are three test scripts written for it (not shipped: the tests
that iterate ``data/looper/scripts`` count eight): 9 to 11 characters of the base 18, two or three
parameter characters (Godly Being's entry loop, Boss's turf, Henchman's start), 4 to 6 incidents, and
Mastermind's choices that hide facts (optional abilities and refusals, culprits that may stay quiet).
Each is played by the heuristic and by the random agents and deduced at the end of every day of its
first loop, the last record the first loop whole.

Measured with the counted deduction of ``12885a3`` (one deduction per process, wall-clock on the shared
2-core machine): 0.5-5 s a day, except ``btxt_03``'s last days (11 characters, 64 parameter choices);
:data:`LAST_DAY` keeps the test to the days that take about 20 s or less.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine.looper.deduction import day_records, deduce
from rulesengine.looper.rules.content import load_content
from rulesengine.looper.rules.script import load_script, shipped_scripts, validation_report
from tests.looper.test_deduce import played

BTXT_DIR = Path(__file__).parent / "data" / "scripts"
BTXT = sorted(BTXT_DIR.glob("btxt_*.yaml"))
PARAMETERS = {
    "enters_on_loop": "godly_being_entry_loop",
    "turf": "boss_turf",
    "start_chosen": "henchman_start",
}

#: The last day of loop 1 deduced, per (script, heuristic game), where the whole loop takes too long
#: for the test (every other game: all its days). ``btxt_03``'s random game (seed 0): days 1-3 take
#: 1-18 s, days 4-6 33-43 s and 280 MB, and the first loop whole (its final guess) over 5 minutes.
LAST_DAY = {("btxt_03_butterfly_commons", False): 3}


def test_the_btx_shaped_scripts_load_validate_and_have_the_published_shape() -> None:
    """Three scripts, each valid (``looper validate``'s report: no problem), of Basic Tragedy X, with
    9-11 characters of the base 18 (no Copycat), two or three parameter characters, 4-6 incidents, 3-5
    loops and 5-7 days; their plots, loops and days differ, and one casts the Mystery Boy. None is
    shipped."""
    content = load_content()
    tset = content.sets["basic_tragedy_x"]
    base = set(tset.characters) - set(tset.wider_cast)
    assert len(base) == 18 and len(BTXT) == 3
    shapes = []
    for path in BTXT:
        report = validation_report(path)
        assert report["valid"] is True and report["problems"] == [], report
        script = load_script(path)
        assert script.id == path.stem and script.title and script.description and script.notes
        assert script.set_id == "basic_tragedy_x"
        assert 9 <= len(script.cast) <= 11 and set(script.cast) <= base
        traits = {t for c in script.cast for t in content.characters[c].traits}
        assert "copies_role" not in traits
        params = [field for trait, field in PARAMETERS.items() if trait in traits]
        assert 2 <= len(params) <= 3 and all(getattr(script, f) is not None for f in params)
        assert 4 <= len(script.incidents) <= 6
        assert 3 <= script.loops <= 5 and 5 <= script.days <= 7
        shapes.append((script.main_plot, frozenset(script.subplots), script.loops, script.days))
    assert len({s[0] for s in shapes}) == len({s[1] for s in shapes}) == 3
    assert len({s[2] for s in shapes}) == len({s[3] for s in shapes}) == 3
    assert sum("mystery_boy" in load_script(p).cast for p in BTXT) == 1
    assert not {p.stem for p in BTXT} & {p.stem for p in shipped_scripts()}


@pytest.mark.parametrize("heuristic", [True, False], ids=["heuristic", "random"])
@pytest.mark.parametrize("path", BTXT, ids=lambda p: p.stem)
def test_btx_shaped_scripts_are_deduced_after_each_day_of_loop_1_tl_d5_tl_d6c_tl_d7(
    path: Path, heuristic: bool
) -> None:
    """A heuristic and a random game (seed 0) of each script, deduced by counting at the end of every
    day of its first loop (:func:`day_records`; the last record the loop whole): the true script is
    never ruled out (its probability exactly one over the candidates), the distributions of the roles,
    of the culprits (TL-D7: bound only at the incident step) and of the plots sum as they must, and the
    candidate count never rises as more of the game is seen, through the Mastermind's optional
    abilities (TL-D5) and refusals (TL-D6c)."""
    script = load_script(path)
    game = played(script, 0, 10_000, heuristic)
    last = LAST_DAY.get((path.stem, heuristic), script.days)
    records = [(day, record) for loop, day, record in day_records(game) if loop == 1 and day <= last]
    assert records and [d for d, _ in records] == list(range(1, len(records) + 1))
    counts = []
    for _day, record in records:
        result = deduce(record)
        assert result.probability_of(script) == Fraction(1, result.candidates)
        assert all(sum(d.values()) == 1 for d in result.roles.values())
        assert all(sum(d.values()) == 1 for d in result.culprits.values())
        assert sum(result.plots.values()) == 3  # a main plot and two subplots
        counts.append(result.candidates)
    assert counts == sorted(counts, reverse=True)
