"""The message catalogs (data/locale): every message in both languages with the same fields, every
event kind of both engines with a sentence, and every message id the code names in the catalogs."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rulesengine import messages
from rulesengine.grove.game import EventKind as GroveEventKind
from rulesengine.looper.state import DecisionKind
from rulesengine.looper.state import EventKind as LooperEventKind
from rulesengine.looper.text import describe_event
from rulesengine.messages import TEMPLATE, catalog_path, check_catalogs, placeholders, read_catalog

PACKAGE = Path(messages.__file__).resolve().parent
ENGLISH = read_catalog(TEMPLATE)
VIETNAMESE = read_catalog(catalog_path("vi"))
#: A string in the code that names a message id.
MESSAGE_ID = re.compile(
    r"^(looper|grove|common)\.(event|item|why|cli|name|action|outcome|reason|refusal|prompt|where)\.[a-z0-9_.]*[a-z0-9]$"
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
    from rulesengine.looper.content import load_content

    content = load_content()
    texts = {f"looper.ability.{a.id}": a.text for c in content.characters.values() for a in c.abilities}
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

    from rulesengine.looper.text import decision_prompt

    decision = SimpleNamespace(who="mastermind", kind=kind, prompt="")
    assert len(_looper_decision_kinds()) >= 10
    assert decision_prompt(decision, "en") != "choose"
    assert decision_prompt(decision, "vi") != decision_prompt(decision, "en")
