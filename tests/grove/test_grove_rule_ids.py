"""Rule-id coverage for In a Grove: the ids on docs/grove_rules.md are exactly the ids the tests cite.

The page is parsed (a rule is defined by a bold run starting with its id, ``**GR-P2``), so a new rule on
the page needs a test citing it, and a test citing an id the page does not define fails. The package's
own citations (``GR-R1..R3``, ``GR-V*`` included) must name defined ids too. How a test cites an id:
docs/conventions.md § Rule ids in tests.
"""

from __future__ import annotations

from tests.rule_ids import cited_by_tests, defined, undefined_in_code


def test_the_rules_page_defines_the_ids_of_a_game() -> None:
    ids = defined("GR")
    assert len(ids) == len(set(ids)), "an id is defined twice"
    assert ids[0] == "GR-C1" and ids[-1] == "GR-2P4"
    assert {"GR-R1", "GR-R2", "GR-R3", "GR-V4", "GR-E3"} <= set(ids)


def test_every_defined_rule_id_is_cited_by_a_test_and_no_other() -> None:
    """Set equality: a missing id needs a test; an id no rule defines is a typo or a stale rule."""
    cited = cited_by_tests("GR")
    assert sorted(set(defined("GR")) - set(cited)) == [], "defined on docs/grove_rules.md, cited by no test"
    assert {rid: cited[rid] for rid in set(cited) - set(defined("GR"))} == {}, "cited by tests, not defined"


def test_the_package_cites_only_defined_rule_ids() -> None:
    assert undefined_in_code("GR") == []
