"""The message catalogs (data/locale): every message in both languages with the same fields, every
event kind of both engines with a sentence, and every message id the code names in the catalogs."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from rulesengine import messages
from rulesengine.grove.rules.game import EventKind as GroveEventKind
from rulesengine.looper.rules.state import DecisionKind
from rulesengine.looper.rules.state import EventKind as LooperEventKind
from rulesengine.looper.rules.text import describe_event
from rulesengine.messages import TEMPLATE, catalog_path, check_catalogs, placeholders, read_catalog

PACKAGE = Path(messages.__file__).resolve().parent
ENGLISH = read_catalog(TEMPLATE)
VIETNAMESE = read_catalog(catalog_path("vi"))
#: A string in the code that names a message id.
MESSAGE_ID = re.compile(
    r"^(looper|grove|common)\.(event|item|why|cli|name|action|outcome|reason|refusal|prompt|where|script|import|input"
    r"|deduction|table|odds|strategy)\.[a-z0-9_.]*[a-z0-9]$"
)


def test_every_message_has_its_vietnamese_form_with_the_same_fields():
    assert check_catalogs(ENGLISH, VIETNAMESE) == []
    assert len(ENGLISH) >= 90


def test_the_check_fails_on_a_missing_translation_and_on_different_fields():
    key = "looper.event.incident_check_paranoia"
    broken = dict(VIETNAMESE)
    broken[key] = messages.Entry(key, VIETNAMESE[key].text.replace("{limit}", "{gioi_han}"))
    del broken["grove.event.unseen"]
    assert check_catalogs(ENGLISH, broken) == [
        f"{key}: fields {{culprit}}, {{gioi_han}}, {{paranoia}} differ from the English "
        "{culprit}, {limit}, {paranoia}",
        "grove.event.unseen: no translation",
    ]


def test_every_text_is_a_valid_format_string_with_named_fields_only():
    for catalog in (ENGLISH, VIETNAMESE):
        for key, entry in catalog.items():
            fields = {name: "x" for name in placeholders(entry.text)}
            assert entry.text.format_map(fields), key
            assert "{}" not in entry.text, f"{key}: a field without a name"


def _message_ids_in_code() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and MESSAGE_ID.match(
                    node.value):
                found.add(node.value)
    return found


def test_every_message_id_named_in_the_code_is_in_the_catalog():
    used = _message_ids_in_code()
    assert len(used) > 10
    assert sorted(used - set(ENGLISH)) == []


#: Letters only Vietnamese writes (a text holding one is Vietnamese).
VIETNAMESE_LETTERS = set("ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ")


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(v) for v in node.values)
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""


def inline_pairs(source: str) -> list[int]:
    """The lines of ``source`` that write an English/Vietnamese pair inline instead of naming a catalog
    message: a call ``say("…", "…")`` (``say(*pair)`` too) or a tuple of two texts, the second Vietnamese."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            texts = [a for a in node.args if _is_text(a)]
            if name == "say" and (len(texts) >= 2 or any(isinstance(a, ast.Starred) for a in node.args)):
                lines.append(node.lineno)
        elif (isinstance(node, ast.Tuple) and len(node.elts) == 2 and all(_is_text(e) for e in node.elts)
              and VIETNAMESE_LETTERS & set(_text(node.elts[1]).lower())):
            lines.append(node.lineno)
    return sorted(lines)


def test_no_viz_module_writes_an_english_vietnamese_pair_inline():
    found = {path.relative_to(PACKAGE).as_posix(): inline_pairs(path.read_text(encoding="utf-8"))
             for path in sorted((PACKAGE / "viz").rglob("*.py"))}
    assert {path: lines for path, lines in found.items() if lines} == {}
    from rulesengine.viz import common

    assert not hasattr(common, "say")


def test_the_inline_pair_check_finds_say_calls_and_pairs():
    source = (
        'say("Role", "Vai trò")\nsay(f"Loop {n}", f"Vòng lặp {n}", language)\nsay(*PAIR)\n'
        'HEAD = ("in hand", "trên tay")\nmessage("looper.deduction.role")\nsay(o.label, language)\n'
        'OK = ("TL-D1", "day_start")\n'
    )
    assert inline_pairs(source) == [1, 2, 3, 4]


@pytest.mark.parametrize("kind", list(GroveEventKind), ids=lambda k: k.value)
def test_every_grove_event_kind_has_a_message(kind):
    assert f"grove.event.{kind.value}" in ENGLISH


def _looper_event_kinds() -> list[str]:
    return sorted(k.value for k in LooperEventKind)


@pytest.mark.parametrize("kind", _looper_event_kinds())
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_looper_event_kind_has_a_sentence(kind, lang):
    text = describe_event({"kind": kind}, lang)
    assert not text.startswith(f"{kind}:"), f"no sentence for {kind}"


def test_the_catalog_english_of_ability_and_incident_texts_is_the_content_s():
    from rulesengine.looper.rules.content import load_content

    content = load_content()
    texts = {f"looper.ability.{a.id}": a.text for c in content.characters.values() for a in c.abilities}
    texts |= {f"looper.ability.{a.id}": a.text for c in content.characters.values() for a in c.passives}
    texts |= {f"looper.ability.{a.id}": a.text for r in content.roles.values() for a in r.abilities}
    texts |= {f"looper.ability.{a.id}": a.text for p in content.plots.values() for a in p.rules}
    texts |= {f"looper.incident.{i.id}": i.text for i in content.incidents.values()}
    prefixes = ("looper.ability.", "looper.incident.")
    catalog = {key: e.text for key, e in ENGLISH.items() if key.startswith(prefixes)}
    assert catalog == texts


def _looper_decision_kinds() -> list[str]:
    return sorted(k.value for k in DecisionKind)


@pytest.mark.parametrize("kind", _looper_decision_kinds())
def test_every_looper_decision_kind_has_a_prompt_in_both_languages(kind):
    from types import SimpleNamespace

    from rulesengine.looper.rules.text import decision_prompt

    decision = SimpleNamespace(who="mastermind", kind=kind, prompt="")
    assert len(_looper_decision_kinds()) >= 10
    assert decision_prompt(decision, "en") != "choose"
    assert decision_prompt(decision, "vi") != decision_prompt(decision, "en")


# ---- docs/translation.md: the table of message ids by group, checked against the catalog --------------

TRANSLATION_DOC = Path(__file__).resolve().parents[1] / "docs" / "translation.md"


def id_table(text: str) -> tuple[int, list[tuple[str, int]]]:
    """The total and the ``(pattern, count)`` pairs of the table of message ids in ``text`` (the
    paragraph "The ids say where a message belongs (N messages…" and the table under it)."""
    head = re.search(r"The ids say where a message belongs \((\d+) messages", text)
    assert head is not None, "the sentence with the total is gone"
    pairs: list[tuple[str, int]] = []
    for line in text[head.end():].split("\n### ")[0].splitlines():
        if not line.startswith("| `"):
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        patterns = re.findall(r"`([a-z0-9_.*<>]+)`", cells[0])
        counts = [int(n) for n in cells[-1].split(",")]
        assert len(patterns) == len(counts), f"one count per pattern: {line}"
        pairs += zip(patterns, counts, strict=True)
    return int(head.group(1)), pairs


def ids_under(pattern: str, ids: Iterable[str]) -> list[str]:
    """The ids a pattern of the table names: ``group.*`` and ``group.<id>`` every id beginning with
    ``group.``; any other pattern the id itself."""
    if pattern.endswith((".*", ".<id>")):
        prefix = pattern.rsplit(".", 1)[0] + "."
        return [i for i in ids if i.startswith(prefix)]
    return [i for i in ids if i == pattern]


def table_errors(text: str, ids: Sequence[str]) -> list[str]:
    """What the table of ``text`` says wrongly about the catalog's ``ids`` (``[]`` when it is right)."""
    total, pairs = id_table(text)
    errors = [f"total: the table says {total}, the catalog has {len(ids)}"] if total != len(ids) else []
    covered: set[str] = set()
    for pattern, count in pairs:
        found = ids_under(pattern, ids)
        covered.update(found)
        if len(found) != count:
            errors.append(f"{pattern}: the table says {count}, the catalog has {len(found)}")
    groups = sorted({".".join(i.split(".")[:2]) + ".*" for i in ids if i not in covered})
    errors += [f"{group}: in the catalog, not in the table" for group in groups]
    return errors


def test_the_table_of_message_ids_in_docs_counts_the_catalog():
    assert table_errors(TRANSLATION_DOC.read_text(encoding="utf-8"), list(ENGLISH)) == []


def test_the_table_check_fails_on_a_wrong_count_a_missing_group_and_a_wrong_total():
    doc = (
        "The ids say where a message belongs (4 messages, each in both languages).\n\n"
        "| ids | what | count |\n| --- | --- | --- |\n"
        "| `looper.event.*`, `common.where` | log; where | 2, 1 |\n\n"
        "### Decisions\n| `grove.why.*` | after the table: not read | 9 |\n"
    )
    ids = ["looper.event.a", "looper.event.b", "common.where", "looper.step.TL-D1"]
    assert table_errors(doc, ids) == ["looper.step.*: in the catalog, not in the table"]
    assert table_errors(doc.replace("2, 1", "3, 1"), ids) == [
        "looper.event.*: the table says 3, the catalog has 2",
        "looper.step.*: in the catalog, not in the table",
    ]
    assert table_errors(doc, ids[:3])[0] == "total: the table says 4, the catalog has 3"
