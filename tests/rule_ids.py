"""Rule ids as the rule pages define them and as tests and code cite them (docs/conventions.md § Rule ids).

A rule page defines an id by starting a bold run with it: ``**TL-D4a`` or ``**GR-P2 …**``. Code and
tests cite ids in text (``TL-D4a``), in ranges (``TL-D3a..c``, ``GR-R1..R3``, ``TL-D1..TL-D9``,
``TL-D3a–c``) and as a family (``GR-V*``); a test's *name* cites them in lower case with underscores
(``test_forbid_goodwill_tl_d4a``, ``test_leader_looks_gr_p2_gr_p4``).

>>> sorted(cited_in_text("TL-D3a..c, GR-R1..R3 and TL-LOOP-1", game="TL"))
['TL-D3a', 'TL-D3c', 'TL-LOOP-1']
>>> sorted(cited_in_name("test_refused_ability_tl_d6c_tl_d6e", ["TL-D6c", "TL-D6e", "TL-D6"]))
['TL-D6c', 'TL-D6e']
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = {"TL": ROOT / "docs" / "looper_rules.md", "GR": ROOT / "docs" / "grove_rules.md"}

_ID = r"[A-Z0-9]*[A-Z][A-Z0-9]*(?:-[0-9]+)?[a-z]?"
_CITATION = re.compile(
    rf"\b(?P<game>TL|GR)-(?P<first>{_ID})(?![A-Za-z0-9])(?P<family>\*)?"
    rf"(?:(?:\.\.|–)(?:(?P=game)-)?(?P<last>[A-Z0-9]*[0-9][a-z]?|[a-z])\b)?"
)


def defined(game: str) -> list[str]:
    """The ids the rule page of ``game`` ("TL" or "GR") defines, in page order."""
    page = PAGES[game].read_text(encoding="utf-8")
    return re.findall(rf"\*\*({game}-{_ID})\b", page)


@dataclass(frozen=True)
class Citation:
    """One citation in text: an id, a range ``first..last`` or a family ``first*``."""

    first: str
    last: str | None = None
    family: bool = False

    def ids(self) -> list[str]:
        """The ids written out (a range's two ends; a family's prefix is not an id)."""
        if self.family:
            return []
        return [self.first] + ([self.last] if self.last else [])

    def problems(self, known: list[str]) -> list[str]:
        """What in this citation names no rule of ``known`` (empty when every part is defined)."""
        if self.family:
            return [] if any(rid.startswith(self.first) for rid in known) else [f"{self.first}*"]
        wrong = [rid for rid in self.ids() if rid not in known]
        if not wrong and self.last and known.index(self.last) < known.index(self.first):
            wrong.append(f"{self.first}..{self.last} (backwards)")
        return wrong


def citations(text: str, game: str) -> Iterator[Citation]:
    """Every citation of a ``game`` id in ``text``."""
    for match in _CITATION.finditer(text):
        if match["game"] != game:
            continue
        first, last = f"{game}-{match['first']}", match["last"]
        if last is not None:
            # TL-D3a..c names the last letter only; GR-R1..R3 and GR-R1..GR-R3 the whole id
            last = first[:-1] + last if len(last) == 1 else f"{game}-{last}"
        yield Citation(first, last, bool(match["family"]))


def cited_in_text(text: str, game: str) -> set[str]:
    """The ids ``text`` cites (a range counts for its two ends)."""
    return {rid for citation in citations(text, game) for rid in citation.ids()}


def name_form(rule_id: str) -> str:
    """How a test name writes ``rule_id``: ``TL-D4a`` → ``tl_d4a``, ``TL-LOOP-1`` → ``tl_loop_1``."""
    return rule_id.lower().replace("-", "_")


def cited_in_name(name: str, known: Iterable[str]) -> set[str]:
    """The ids of ``known`` that the test name ``name`` cites (``tl_d4`` does not match ``tl_d4a``).

    Any casing counts here (``TL_D4a`` too); tests/test_rule_id_names.py enforces the one style.
    """
    lowered = name.lower()
    return {rid for rid in known if re.search(rf"(?:^|_){name_form(rid).lower()}(?:_|$)", lowered)}


@dataclass(frozen=True)
class FoundTest:
    """A test function (or method) found in a test file: where it is, its name, its docstring and strings.

    ``strings`` are the string constants of its body other than the docstring (``match="GR-P4"``,
    ``assert err.rule_id == "TL-D3c"``): a rule id asserted there is cited by the test too.
    """

    path: Path
    line: int
    name: str
    doc: str
    strings: tuple[str, ...]


def find_tests(root: Path = ROOT / "tests") -> Iterator[FoundTest]:
    """Every ``test_*`` function or method under ``root``, read with ``ast`` (nothing is imported)."""
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                strings = tuple(
                    sub.value
                    for sub in ast.walk(node)
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str)
                    and sub.value.strip() != doc
                )
                yield FoundTest(path, node.lineno, node.name, doc, strings)


def cited_by_tests(game: str) -> dict[str, list[str]]:
    """For each id of ``game`` a test cites, the tests citing it (``path::name``).

    A test cites the ids in its name and its docstring, and the defined ids among the string constants
    of its body (an asserted ``"GR-P4"``; a fragment such as ``"GR-V" in text`` is no citation).
    """
    known = defined(game)
    found: dict[str, list[str]] = {}
    for test in find_tests():
        in_strings = cited_in_text("\n".join(test.strings), game) & set(known)  # "GR-V" in t is no citation
        ids = cited_in_name(test.name, known) | cited_in_text(test.doc, game) | in_strings
        for rid in ids:
            found.setdefault(rid, []).append(f"{test.path.relative_to(ROOT)}::{test.name}")
    return found


def undefined_in_code(game: str, root: Path = ROOT / "rulesengine") -> list[str]:
    """Every citation of a ``game`` id in the package's source that the rule page does not define."""
    known = defined(game)
    return [
        f"{path.relative_to(ROOT)}: {problem}"
        for path in sorted(root.rglob("*.py"))
        for citation in citations(path.read_text(encoding="utf-8"), game)
        for problem in citation.problems(known)
    ]


def name_problems(name: str) -> list[str]:
    """What in the test name ``name`` breaks the naming style of rule ids (empty when it follows it).

    The style (docs/conventions.md § Rule ids in tests): the name is lower case; every rule id in it is
    written whole, prefix included, in its name form (``tl_d4a``, ``gr_2p1``, ``tl_loop_1``), so each
    one is found by a plain search; an id is never shortened after another (``gr_p3_gr_p4``, not
    ``gr_p3_p4``).

    >>> name_problems("test_forbid_goodwill_tl_d4a"), name_problems("test_leader_gr_p3_gr_p4")
    ([], [])
    >>> name_problems("test_leader_GR_P3_P4")
    ['upper case: write test_leader_gr_p3_p4', 'gr_p4 shortened to p4']
    >>> name_problems("test_refusal_tl_d6z")
    ['tl_d6z is no rule id']
    """
    problems = [] if name == name.lower() else [f"upper case: write {name.lower()}"]
    low = name.lower()
    forms = {game: sorted((name_form(rid) for rid in defined(game)), key=len, reverse=True) for game in PAGES}
    for match in re.finditer(r"(?:^|_)(tl|gr)_", low):
        game, start = match[1].upper(), match.end() - len(match[1]) - 1
        rest = low[start:]
        form = next((f for f in forms[game] if rest == f or rest.startswith(f + "_")), None)
        if form is None:
            problems.append(f"{rest.split('_')[0]}_{rest.split('_')[1]} is no rule id")
            continue
        following = rest[len(form) + 1 :].split("_")[0]
        for other in forms[game]:
            if following and other.split("_", 1)[1] == following:
                problems.append(f"{other} shortened to {following}")
    return problems
