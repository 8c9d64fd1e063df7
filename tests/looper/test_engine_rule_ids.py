"""Rule-id coverage for Tragedy Looper: the ids on docs/looper_rules.md are exactly the ids the tests cite.

The page is parsed (a rule is defined by a bold run starting with its id, ``**TL-D4a``), so a new rule
on the page needs a test citing it, and a test citing an id the page does not define fails. The
package's own citations (docstrings, messages, comments) must name defined ids too. How a test cites
an id: docs/conventions.md § Rule ids in tests.
"""

from __future__ import annotations

from tests.rule_ids import cited_by_tests, defined, undefined_in_code


def test_the_rules_page_defines_the_ids_of_the_day_and_the_loop() -> None:
    ids = defined("TL")
    assert len(ids) == len(set(ids)), "an id is defined twice"
    assert ids[:3] == ["TL-LOOP-1", "TL-LOOP-2", "TL-D1"] and ids[-1] == "TL-FG3"
    assert {"TL-D4a", "TL-D9b", "TL-LE2b", "TL-TS2", "TL-RW"} <= set(ids)


def test_every_defined_rule_id_is_cited_by_a_test_and_no_other() -> None:
    """Set equality: a missing id needs a test; an id no rule defines is a typo or a stale rule."""
    cited = cited_by_tests("TL")
    assert sorted(set(defined("TL")) - set(cited)) == [], "defined on docs/looper_rules.md, cited by no test"
    assert {rid: cited[rid] for rid in set(cited) - set(defined("TL"))} == {}, "cited by tests, not defined"


def test_the_package_cites_only_defined_rule_ids() -> None:
    assert undefined_in_code("TL") == []
