"""Tragedy Looper exercises: the marked answer is what the engine does from the rebuilt position.

Each test generates exercises over many seeds, rebuilds each position from its replay record alone
(``rulesengine.looper.play.replay.replay``: the script and the action list, no pause between phases), lets the
engine play the step the question is about, and compares what the engine did with the exercise's
solution. The generator's own helpers are not used for the check.

``LOOPER_FUZZ_GAMES`` sets the number of seeds per kind (default 48, 16 per difficulty, so the file runs
in about 12 s); ``LOOPER_FUZZ_GAMES=3000 pytest tests/exercises/test_looper_exercises.py`` is the long run.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from rulesengine.cli import main
from rulesengine.errors import IllegalActionError
from rulesengine.exercises import AnswerError, Assignment, Choice, Count, Exercise, generate, kinds
from rulesengine.exercises.looper import cancelled_cards, position
from rulesengine.looper.play.replay import replay
from rulesengine.looper.rules.actions import Allow, PlaceCard, Refuse, from_dict
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.looper.rules.state import DecisionKind, EventKind

SEEDS = int(os.environ.get("LOOPER_FUZZ_GAMES", "48"))


def _exercises(kind: str) -> list[Exercise]:
    return [generate("looper", kind, seed, 1 + seed % 3) for seed in range(SEEDS)]


def _replayed(ex: Exercise) -> Game:
    """An exercise's position replayed from its record alone; the engine runs on to its next decision."""
    s = ex.situation
    document = {"game": "looper", "version": 2, "setup": {"script": s["script"]}, "actions": s["actions"]}
    return replay(load_script(SCRIPTS_DIR / f"{s['script']}.yaml"), document)


def _which(ex: Exercise) -> str:
    """The exercise that failed, to generate it again."""
    return f"generate('looper', {ex.kind!r}, {ex.seed}, {ex.difficulty}): {ex.solution!r}"


def _well_formed(ex: Exercise) -> None:
    assert ex.mark(ex.solution).correct
    assert ex.read(ex.solution) == ex.solution
    text = " ".join(m.localized("en") for m in ex.explanation)
    assert all(rule in text for rule in ex.rules), (ex.rules, text)
    assert all(rule in " ".join(m.localized("vi") for m in ex.explanation) for rule in ex.rules)
    assert ex.prompt("en") and ex.prompt("vi") != ex.prompt("en")
    assert set(ex.situation) >= {"script", "seed", "actions", "loop", "day", "phase"}


def test_board_after_cards_is_the_engines_resolution_tl_d4_tl_d4a_tl_d4c() -> None:
    rules: Counter[str] = Counter()
    shapes: Counter[str] = Counter()
    for ex in _exercises("board_after_cards"):
        _well_formed(ex)
        game = _replayed(ex)  # the six cards resolved by the engine, waiting at TL-D5
        assert game.pending is not None and game.pending.kind is DecisionKind.MASTERMIND_ABILITY
        s = ex.situation
        shapes[s["question"]] += 1
        if s["question"] == "move":
            assert isinstance(ex.form, Assignment)
            assert ex.solution == {c: game.chars[c].location for c in s["keys"]}, _which(ex)
        elif s["question"] == "hand":
            assert ex.solution == sum(game.hand(s["owner"]).values()), _which(ex)
        else:
            target, counter = s["target"], s["question"]
            value = game.location_intrigue[target] if target in game.location_intrigue else getattr(
                game.chars[target], counter)
            assert ex.solution == value, _which(ex)
        revealed = [e for e in game.log if e.kind is EventKind.CARDS_REVEALED][-1]
        assert len(revealed.data["cards"]) == 6
        resolved = [e for e in game.log if e.kind is EventKind.CARDS_RESOLVED][-1]
        # the cards the explanation and the picture call cancelled are the ones the engine cancelled (TL-D4a)
        assert sorted(cancelled_cards(position(s))[1]) == resolved.data["cancelled"]
        rules.update(ex.rules)
    assert {"move", "paranoia", "hand"} <= set(shapes) or SEEDS < 30
    assert set(rules) == {"TL-D4", "TL-D4a", "TL-D4c"} or SEEDS < 30


def test_incident_is_what_the_engine_announces_tl_d7a_tl_d7b_tl_d7e() -> None:
    seen: Counter[str] = Counter()
    for ex in _exercises("incident"):
        _well_formed(ex)
        game = _replayed(ex)
        events = [e for e in game.log if e.phase == "incident" and e.day == ex.situation["day"]
                  and e.loop == ex.situation["loop"]]
        today = [e.kind for e in events]
        happened = EventKind.INCIDENT_HAPPENED in today
        assert happened == (ex.solution in ("happens", "no_effect")), _which(ex)
        assert (EventKind.INCIDENT_NO_EFFECT in today) == (ex.solution == "no_effect"), _which(ex)
        if not happened:  # the Mastermind's log says why: the culprit dead, or its paranoia below the limit
            why = next(e.data["reason"] for e in events if e.kind is EventKind.INCIDENT_CHECK)
            assert why == {"dead": "dead", "calm": "paranoia"}[ex.solution], _which(ex)
        seen[ex.solution] += 1
    assert set(seen) >= {"calm", "happens", "no_effect"} or SEEDS < 30


def test_loop_lost_is_the_engines_loop_result_tl_le1_tl_le2() -> None:
    seen: Counter[str] = Counter()
    for ex in _exercises("loop_lost"):
        _well_formed(ex)
        game = _replayed(ex)
        result = game.loop_results[ex.situation["loop"] - 1]
        assert result.reasons == (() if ex.solution == "survived" else (ex.solution,)), _which(ex)
        assert isinstance(ex.form, Choice) and ex.solution in [o.key for o in ex.form.options]
        if ex.solution not in ("survived", "immediate"):  # the board fact that makes it hold is said
            assert any(m.id.startswith("exercise.looper.fact_") for m in ex.explanation)
        seen[ex.solution] += 1
    assert {"survived", "immediate"} <= set(seen) or SEEDS < 30


def test_goodwill_refusal_is_the_mastermind_options_tl_d6c_tl_d6d() -> None:
    seen: Counter[str] = Counter()
    for ex in _exercises("goodwill_refusal"):
        _well_formed(ex)
        game = _replayed(ex)
        assert game.pending is not None and game.pending.kind is DecisionKind.GOODWILL_RESPONSE
        options = set(game.legal_actions())
        expected = {"must_allow": {Allow()}, "may_refuse": {Allow(), Refuse()}, "must_refuse": {Refuse()}}
        assert options == expected[ex.solution], _which(ex)
        seen[ex.solution] += 1
        if ex.difficulty == 2 and "TL-D6d" in ex.rules:
            declared = game.declared
            assert declared is not None and declared.target != declared.source
    assert set(seen) == {"must_allow", "may_refuse", "must_refuse"} or SEEDS < 30


def test_placement_legal_is_what_the_engine_accepts_tl_d2a_tl_d3b_tl_d3c_tl_d4c() -> None:
    seen: Counter[str] = Counter()
    for ex in _exercises("placement_legal"):
        _well_formed(ex)
        game = _replayed(ex)
        attempt = from_dict(dict(ex.situation["attempt"]))
        assert isinstance(attempt, PlaceCard) and game.pending is not None
        assert game.pending.who == ex.situation["owner"]
        cards = len(game.cards)
        try:
            game.apply(attempt)
        except IllegalActionError as error:
            assert ex.solution != "legal", _which(ex)
            assert error.rule_id in ex.rules
            assert str(error.message_id).endswith("." + ex.solution)
            assert len(game.cards) == cards  # refused: the state is unchanged
        else:
            assert ex.solution == "legal", _which(ex)
        seen[ex.solution] += 1
    assert {"legal", "spent", "corpse"} <= set(seen) or SEEDS < 30


def test_the_same_seed_gives_the_same_position_and_the_record_replays() -> None:
    for k in kinds("looper"):
        a, b = generate("looper", k.name, 5, 2), generate("looper", k.name, 5, 2)
        assert a.to_json("vi") == b.to_json("vi")
        _replayed(a)  # the record is a valid replay file of the script


def _wrong(ex: Exercise) -> Any:
    if isinstance(ex.form, Choice):
        return next(o.key for o in ex.form.options if o.key != ex.solution)
    if isinstance(ex.form, Count):
        return str(ex.solution + 1)
    assert isinstance(ex.form, Assignment)
    first = ex.form.keys[0].key
    other = next(o.key for o in ex.form.values if o.key != ex.solution[first])
    return {**ex.solution, first: other}


def test_a_wrong_answer_is_marked_wrong_with_the_same_explanation() -> None:
    for k in kinds("looper"):
        ex = generate("looper", k.name, 8, 1)
        marking = ex.mark(_wrong(ex))
        assert not marking.correct and marking.explanation == ex.explanation
        if isinstance(ex.form, Assignment):
            assert marking.wrong == (ex.form.keys[0].key,)


def test_answers_in_the_wrong_shape_get_a_clear_answer_error() -> None:
    board = next(ex for seed in range(40) if isinstance(
        (ex := generate("looper", "board_after_cards", seed, 2)).form, Assignment))
    assert isinstance(board.form, Assignment)
    count = next(ex for seed in range(40) if isinstance(
        (ex := generate("looper", "board_after_cards", seed, 1)).form, Count))
    choice = generate("looper", "incident", 1, 1)
    with pytest.raises(AnswerError, match="'maybe' is not one of the options: happens, no_effect, calm"):
        choice.mark("maybe")
    with pytest.raises(AnswerError, match="whole number from 0 to 40"):
        count.mark("three")
    with pytest.raises(AnswerError, match="key=value"):
        board.mark("hospital")
    with pytest.raises(AnswerError, match="no value for"):
        board.mark(f"{board.form.keys[0].key}=hospital" if len(board.form.keys) > 1 else "")
    with pytest.raises(AnswerError, match="is not one of the options"):
        board.mark({o.key: "moon" for o in board.form.keys})
    assert choice.mark("Sự cố xảy ra, có hiệu ứng").given == "happens"  # a label in Vietnamese


def test_the_command_line_prints_and_marks_a_looper_exercise(capsys: pytest.CaptureFixture[str]) -> None:
    ex = generate("looper", "goodwill_refusal", 2, 1)
    assert main(["exercise", "looper", "--kind", "goodwill_refusal", "--seed", "2", "--answer",
                 ex.solution, "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    assert "Đúng." in out and "TL-D6c" in out
    assert main(["exercise", "looper", "--kind", "incident", "--seed", "1", "--answer", "7"]) == 2
    assert capsys.readouterr().err.startswith("error: answer: '7' is not one of the options")
