"""The glossary and the language switch (rulesengine.i18n)."""

from __future__ import annotations

import pytest

from rulesengine import i18n
from rulesengine.errors import InputError


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_seed_terms_are_the_rule_sheets_own_words():
    assert i18n.t("incompetent_chip", "vi") == "Chip Kém cỏi"
    assert i18n.t("final_guess", "vi") == "Phán đoán Cuối cùng"
    assert i18n.glossary()["unseen_token"].rule_id == "GR-C4"


def test_every_term_has_both_languages_and_a_known_game():
    for term in i18n.glossary().values():
        assert term.en and term.vi
        assert term.game in {"looper", "grove", "ui"}
        assert term.source in {"seed", "project"}


def test_switch_notifies_listeners_until_removed():
    heard: list[str] = []
    remove = i18n.on_change(heard.append)
    i18n.set_language("vi")
    remove()
    i18n.set_language("en")
    assert heard == ["vi"]


def test_unknown_language_is_refused_and_the_language_is_kept():
    i18n.set_language("vi")
    with pytest.raises(InputError, match="language: must be one of en, vi, got 'de'"):
        i18n.set_language("de")
    assert i18n.get_language() == "vi"


def test_malformed_glossary_names_file_line_and_field(tmp_path):
    path = tmp_path / "glossary.csv"
    path.write_text("key,game,en,vi,rule_id,source\nalibi,grove,Alibi,,GR-I1,seed\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"glossary.csv: line 2: vi: must not be empty"):
        i18n.read_glossary(path)
    path.write_text("key,game,en,vi,rule_id,source\na,grove,A,A,,seed\na,grove,B,B,,seed\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"line 3: key: duplicate term 'a'"):
        i18n.read_glossary(path)
    path.write_text("key,en,vi\na,A,A\n", encoding="utf-8")
    with pytest.raises(InputError, match="columns must be"):
        i18n.read_glossary(path)
