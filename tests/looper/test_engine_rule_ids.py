"""Every rule id of the day's rules (docs/looper_rules.md) is cited by at least one engine test."""

from __future__ import annotations

from pathlib import Path

RULE_IDS = [
    "TL-LOOP-1",
    "TL-LOOP-2",
    "TL-D1",
    "TL-D2",
    "TL-D2a",
    "TL-D3",
    "TL-D3a",
    "TL-D3b",
    "TL-D3c",
    "TL-D4",
    "TL-D4a",
    "TL-D4b",
    "TL-D4c",
    "TL-D5",
    "TL-D5a",
    "TL-D5b",
    "TL-D5c",
    "TL-D5d",
    "TL-D5e",
    "TL-D6",
    "TL-D6a",
    "TL-D6b",
    "TL-D6c",
    "TL-D6d",
    "TL-D6e",
    "TL-D6f",
    "TL-D7",
    "TL-D7a",
    "TL-D7b",
    "TL-D7c",
    "TL-D7d",
    "TL-D7e",
    "TL-D7f",
    "TL-D8",
    "TL-D9",
    "TL-D9a",
    "TL-D9b",
    "TL-LE1",
    "TL-LE2",
    "TL-LE2a",
    "TL-LE2b",
    "TL-TS1",
    "TL-TS2",
    "TL-RW",
    "TL-FG1",
    "TL-FG2",
    "TL-FG3",
]


def _norm(text: str) -> str:
    return text.upper().replace("_", "-")


def test_every_rule_id_has_a_scenario_test() -> None:
    """Each id appears in a test name or docstring of tests/looper/test_engine_*.py (TL-D4a or tl_d4a)."""
    here = Path(__file__).parent
    text = _norm(
        "\n".join(
            p.read_text(encoding="utf-8")
            for p in sorted(here.glob("test_engine_*.py"))
            if p.name != Path(__file__).name
        )
    )
    missing = [rid for rid in RULE_IDS if not _has(text, _norm(rid))]
    assert missing == []


def _has(text: str, rid: str) -> bool:
    """``rid`` occurs not followed by a letter or digit (TL-D4 must not match only TL-D4A)."""
    start = 0
    while (i := text.find(rid, start)) >= 0:
        j = i + len(rid)
        if j >= len(text) or not text[j].isalnum():
            return True
        start = j
    return False


def test_rule_ids_match_the_rules_page() -> None:
    """The list above is the list of ids on docs/looper_rules.md."""
    import re

    page = (Path(__file__).resolve().parents[2] / "docs" / "looper_rules.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"\bTL-[A-Z]+[0-9]*-?[0-9]*[a-z]?\b", page))
    assert set(RULE_IDS) <= ids
