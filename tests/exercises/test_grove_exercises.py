"""In a Grove exercises: the marked answer is what the engine decides when it plays the situation out.

Each kind is checked over many seeds against the engine itself — the culprit it reveals (GR-V1), the
culprit over every deal consistent with a seat's knowledge (the odds, GR-S3), the chips it boxes and hands
out (GR-V2, GR-V3), the leader of the next round or the loser (GR-V4, GR-E1, GR-E2) — never against the
exercise's own arithmetic. The unit run checks a few hundred seeds per kind; set
``GROVE_EXERCISE_SEEDS=3000`` (say) for thousands (docs/exercises.md).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from fractions import Fraction
from itertools import permutations
from typing import Any

import pytest

from rulesengine.cli import main
from rulesengine.exercises import AnswerError, Exercise, generate, kind
from rulesengine.grove.play.replay import actions_of, replay
from rulesengine.grove.rules.figures import Figure, figures_in_play, parse_figure
from rulesengine.grove.rules.game import Accuse, Deal, GameState, new_game

#: Seeds per kind in this run (the odds kinds a fifth of it: each seed plays every consistent deal).
SEEDS = int(os.environ.get("GROVE_EXERCISE_SEEDS", "450"))


def _seeds(count: int) -> list[tuple[int, int]]:
    """(seed, difficulty) pairs, the difficulties in turn."""
    return [(seed, 1 + seed % 3) for seed in range(count)]


def _engine_culprit(situation: dict) -> int:
    """Play the exercise's deal through the engine to the reveal and read the culprit it revealed."""
    f = [parse_figure(v) for v in situation["suspects"]]
    deal = Deal(tuple(parse_figure(v) for v in situation["hands"]), (f[0], f[1], f[2]),
                parse_figure(situation["victim"]),
                None if situation["public"] is None else parse_figure(situation["public"]))
    rng = random.Random(0)
    state = new_game(situation["players"]).apply(deal)
    while not state.rounds:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.rounds[0].culprit


def _cites_its_rules(ex: Exercise) -> None:
    for language in ("en", "vi"):
        text = " ".join(ex.mark(ex.solution).lines(language))
        missing = [rule for rule in ex.rules if rule not in text]
        assert not missing, (ex.kind, ex.seed, language, missing)


def test_culprit_exercise_answer_is_the_engines_reveal_gr_r1_gr_r2_gr_r3() -> None:
    seen_rules = set()
    for seed in range(600):
        ex = generate("grove", "culprit", seed, 1 + seed % 3)
        assert int(ex.solution) == _engine_culprit(dict(ex.situation))
        assert all(rule in ex.explanation[0].localized("en") for rule in ex.rules)
        seen_rules.update(ex.rules)
    assert seen_rules == {"GR-R1", "GR-R2", "GR-R3"}


# ------------------------------------------------------------------------------------------ odds


def _round_start(state: GameState) -> tuple[GameState, list[Any]]:
    """The state just before the current round's deal, and the round's actions after the deal."""
    actions = actions_of(state)
    last_deal = max(i for i, a in enumerate(actions) if isinstance(a, Deal))
    start = new_game(state.players, state.first_leader)
    for action in actions[:last_deal]:
        start = start.apply(action)
    return start, actions[last_deal + 1:]


def _engine_odds(situation: dict) -> tuple[Fraction, Fraction, Fraction]:
    """P(each suspect is the culprit) for the exercise's seat, by the engine: every deal that agrees with
    what the seat knows (its hand, the figure it received or the face-up one, the two suspects it saw) is
    dealt in turn, the round's actions so far are replayed on it, the engine plays on to the reveal and
    the culprit it reveals is counted (GR-S3: every distinct deal is equally likely)."""
    state = replay(situation["record"])
    seat, n = situation["seat"], state.players
    deal = state.deal
    assert deal is not None
    seen = state.seen_by(seat)
    fixed: dict[str, Figure] = {f"hand{seat}": deal.hands[seat]}
    if deal.public is not None:
        fixed["public"] = deal.public
    else:
        fixed[f"hand{(seat - 1) % n}"] = deal.hands[(seat - 1) % n]
    fixed.update({f"suspect{i}": f for i, f in seen.items()})
    places = [f"hand{s}" for s in range(n)] + [f"suspect{i}" for i in range(3)] + ["victim"]
    if n == 2:
        places.append("public")
    free = [p for p in places if p not in fixed]
    rest = Counter(figures_in_play(n))
    rest.subtract(fixed.values())
    start, actions = _round_start(state)
    rng = random.Random(0)
    culprits: Counter[int] = Counter()
    for draw in set(permutations(sorted(rest.elements()), len(free))):
        where = {**fixed, **dict(zip(free, draw, strict=True))}
        trial = start.apply(Deal(tuple(where[f"hand{s}"] for s in range(n)),
                                 (where["suspect0"], where["suspect1"], where["suspect2"]), where["victim"],
                                 where.get("public")))
        for action in actions:
            trial = trial.apply(action)
        rounds = len(trial.rounds)
        while len(trial.rounds) == rounds:
            trial = trial.apply(rng.choice(trial.legal_actions()))
        culprits[trial.rounds[-1].culprit] += 1
    total = sum(culprits.values())
    return (Fraction(culprits[0], total), Fraction(culprits[1], total), Fraction(culprits[2], total))


@pytest.mark.parametrize("name", ["odds", "likeliest"])
def test_odds_answers_are_the_engines_culprit_over_every_consistent_deal_gr_s3_gr_i1_gr_i2_gr_2p1_gr_2p3(
        name: str) -> None:
    rules: set[str] = set()
    players: set[int] = set()
    for seed, difficulty in _seeds(max(30, SEEDS // 5)):
        ex = generate("grove", name, seed, difficulty)
        engine = _engine_odds(dict(ex.situation))
        if name == "odds":
            assert ex.solution == engine[ex.situation["suspect"]]
        else:
            best = max(engine)
            assert [str(i) for i in range(3) if engine[i] == best] == [ex.solution]
        assert [f"{p.numerator}/{p.denominator}" for p in engine] == ex.situation["odds"]
        assert len([r for r in ex.rules if r.startswith("GR-R")]) == difficulty
        _cites_its_rules(ex)
        rules.update(ex.rules)
        players.add(ex.situation["players"])
    assert rules == set(kind("grove", name).rules)
    assert players == {2, 3, 4, 5}


def test_odds_explanation_gives_the_exact_fraction_the_counts_and_the_bayes_table_gr_r1_gr_r2() -> None:
    ex = generate("grove", "odds", 5, 2)
    counts, total = ex.situation["counts"], ex.situation["total"]
    assert sum(counts) == total
    p = ex.solution
    lines = ex.mark(ex.solution).lines("en")
    assert f"of those {total} ways" in lines[1].lower()
    assert "Bayes table" in lines[2] and lines[3].endswith(f"= {p} ≈ {float(p):.1%}.")
    assert f"{counts[ex.situation['suspect']]}/{total}" in lines[3]
    assert "Bảng Bayes" in ex.mark(ex.solution).lines("vi")[2]


def test_a_probability_within_the_tolerance_is_right_and_outside_it_wrong() -> None:
    ex = generate("grove", "odds", 8, 2)
    p = ex.solution
    assert ex.mark(f"{float(p) * 100 + 1.5:.2f}%").correct if p <= Fraction(98, 100) else True
    near = min(Fraction(1), p + Fraction(1, 100))
    assert ex.mark(f"{near.numerator}/{near.denominator}").correct
    far = p + Fraction(1, 10) if p <= Fraction(1, 2) else p - Fraction(1, 10)
    marking = ex.mark(f"{far.numerator}/{far.denominator}")
    assert not marking.correct and marking.solution == p


# ------------------------------------------------------------------------------------------ chips


def test_chips_answer_is_what_the_engine_boxes_and_hands_out_gr_v1_gr_v2_gr_v3_gr_p6() -> None:
    rules: set[str] = set()
    for seed, difficulty in _seeds(SEEDS):
        ex = generate("grove", "chips", seed, difficulty)
        record = ex.situation["record"]
        before = replay({**record, "actions": record["actions"][:-1]})
        last = record["actions"][-1]["accuse"]
        after = before.apply(Accuse(last["seat"], last["suspect"]))  # the engine reveals (GR-V1)
        result = after.rounds[-1]
        engine = {str(p.suspect): str(p.seat) for p in result.penalties}
        if result.boxed:
            engine[str(result.culprit)] = "box"
        assert ex.solution == dict(sorted(engine.items())), (seed, difficulty)
        assert [list(s) for s in result.stacks] == ex.situation["stacks"]
        assert ex.mark(engine).correct
        _cites_its_rules(ex)
        rules.update(ex.rules)
    assert rules == set(kind("grove", "chips").rules)


def test_chips_marks_each_wrong_stack() -> None:
    ex = generate("grove", "chips", 3, 3)
    wrong = {k: ("box" if v != "box" else "0") for k, v in ex.solution.items()}
    marking = ex.mark(wrong)
    assert not marking.correct and set(marking.wrong) == set(ex.solution)
    text = ", ".join(f"suspect {k}={'back to the box' if v == 'box' else 'seat ' + v}"
                     for k, v in ex.solution.items())
    assert ex.mark(text).correct


# ------------------------------------------------------------------------------------------ next leader


def test_next_leader_answer_is_the_engines_next_round_or_outcome_gr_v4_gr_e1_gr_e2() -> None:
    rules: set[str] = set()
    ends = Counter()
    rng = random.Random(0)
    for seed, difficulty in _seeds(SEEDS):
        ex = generate("grove", "next_leader", seed, difficulty)
        state = replay(ex.situation["record"])
        if state.is_terminal():
            assert ex.solution == f"end-{state.outcome().loser}"
            ends[state.outcome().decided_by] += 1
        else:  # play on: the engine deals the next round with the token on its leader (GR-V4)
            state = state.apply(state.sample_chance(rng))
            assert ex.solution == f"lead-{state.leader}"
            assert state.pending() is not None and state.pending().seat == state.leader
            ends["on"] += 1
        _cites_its_rules(ex)
        rules.update(ex.rules)
    assert rules == set(kind("grove", "next_leader").rules)
    assert set(ends) == {"on", "count", "own colour", "seat"}


# ------------------------------------------------------------------------------------------ every kind

GROVE_KINDS = ["culprit", "odds", "likeliest", "chips", "next_leader"]
WRONG_SHAPES = ["", "suspect 9", "seat=banana", "{not json", "7/0", "lead", "2; 3"]


@pytest.mark.parametrize("name", GROVE_KINDS)
def test_wrong_shaped_answers_are_answer_errors_never_tracebacks(name: str) -> None:
    for seed in range(12):
        ex = generate("grove", name, seed, 1 + seed % 3)
        for bad in WRONG_SHAPES:
            with pytest.raises(AnswerError) as caught:
                ex.mark(bad)
            assert caught.value.localized("vi").startswith("câu trả lời: ")


@pytest.mark.parametrize("name", GROVE_KINDS)
def test_same_seed_same_exercise_and_json_round_trip(name: str) -> None:
    a, b = generate("grove", name, 42, 2), generate("grove", name, 42, 2)
    assert a.to_json("vi") == b.to_json("vi")
    assert a.to_json("en")["solution"] == b.to_json("en")["solution"]
    assert generate("grove", name, 43, 2).to_json("en") != a.to_json("en")


@pytest.mark.parametrize("name", ["odds", "likeliest", "chips", "next_leader"])
def test_command_line_marks_each_kind_and_refuses_a_wrong_shape_in_one_line(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    ex = generate("grove", name, 9, 2)
    answer = ex.form.show(ex.solution, "en")
    if name == "odds":
        answer = f"{ex.solution.numerator}/{ex.solution.denominator}"
    elif name == "chips":
        answer = ", ".join(f"{k}={v}" for k, v in ex.solution.items())
    assert main(["exercise", "grove", "--kind", name, "--seed", "9", "--difficulty", "2",
                 "--answer", answer]) == 0
    out = capsys.readouterr().out
    assert "\nRight.\n" in out and f"Rules: {', '.join(ex.rules)}" in out
    assert main(["exercise", "grove", "--kind", name, "--seed", "9", "--answer", "{not json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: answer: ") and err.count("\n") == 1


@pytest.mark.parametrize("name", GROVE_KINDS)
def test_show_me_the_step_opens_the_stepper_at_the_moment_and_plays_on_gr_v4_gr_s3(name: str) -> None:
    from rulesengine.viz.exercises import show_step

    for seed in (1, 2):  # a stepper draws its table: two each
        ex = generate("grove", name, seed, seed)
        stepper = show_step(ex)
        assert stepper is not None
        state = stepper.state
        if name in ("odds", "likeliest"):  # the asking seat's view, its look made (GR-P2, GR-P4)
            assert stepper.viewer == ex.situation["seat"]
            assert state.observation(stepper.viewer).knowledge().pool_faces()
            assert {str(k): f.label for k, f in state.seen_by(stepper.viewer).items()} == ex.situation["seen"]
        elif name == "chips":
            assert stepper.stage == "reveal"
            assert [list(s) for s in state.rounds[-1].stacks] == ex.situation["stacks"]
        elif name == "next_leader" and not state.is_terminal():
            stepper.next_step()  # the engine deals the next round: its leader is the answer (GR-V4)
            assert stepper.state.is_chance_node() is False and f"lead-{stepper.state.leader}" == ex.solution
        stepper.widget.close()
