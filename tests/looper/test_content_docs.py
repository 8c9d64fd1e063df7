"""The Looper docs stay in step with the code and the data.

- Every rule id (``TL-…``) cited anywhere in the package or the tests is defined in docs/looper_rules.md.
- Every content id (character, role, plot, incident, set) is listed in docs/looper_content.md.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulesengine.looper.rules.content import load_content

ROOT = Path(__file__).resolve().parents[2]
RULES = (ROOT / "docs" / "looper_rules.md").read_text(encoding="utf-8")
CONTENT = (ROOT / "docs" / "looper_content.md").read_text(encoding="utf-8")
ID = re.compile(r"TL-[A-Z]+(?:-?[0-9]+)?[a-z]?\b")


def defined_rule_ids() -> set[str]:
    return set(re.findall(r"\*\*(" + ID.pattern + ")", RULES))


def test_rules_page_defines_the_seed_ids() -> None:
    ids = defined_rule_ids()
    assert len(ids) == 47
    for rid in ("TL-LOOP-1", "TL-D3c", "TL-D7e", "TL-LE2b", "TL-TS2", "TL-RW", "TL-FG3"):
        assert rid in ids


def test_every_cited_rule_id_is_defined() -> None:
    cited: dict[str, str] = {}
    for folder in ("rulesengine", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for rid in ID.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(rid, str(path.relative_to(ROOT)))
    defined = defined_rule_ids()
    # a family name such as TL-LOOP or TL-FG (in "TL-FG*") is fine when some defined id starts with it
    missing = {rid: where for rid, where in cited.items() if not any(d.startswith(rid) for d in defined)}
    assert missing == {}


def test_every_content_id_is_documented() -> None:
    c = load_content()
    ids = [*c.characters, *c.roles, *c.plots, *c.incidents, *c.sets]
    assert [i for i in ids if f"`{i}`" not in CONTENT] == []
