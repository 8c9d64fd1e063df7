"""Tragedy Looper exercises: situations played by the engine, questions about what its rules decide.

Every situation is a position of a real game: a shipped script played from its start by seeded agents
(random or heuristic) and, for the cards of the day, by random legal placements taken from the engine's
own options. The answer is what the engine does next from that position; the explanation names the
rules that decided it. ``situation`` holds the script id, the seed and the actions so far in the replay
file's shape (:func:`record`), so :func:`position` rebuilds the position with the engine (for a
picture, or "show me the step").

Kinds (difficulty = how many rules interact; see docs/exercises.md):

- ``board_after_cards`` (TL-D4, TL-D4a, TL-D4c) — six cards lie face up: where does each character with
  a movement card end up (an assignment), how many paranoia / goodwill / intrigue tokens are on one
  target, or how many cards does one owner hold once the cards go back (a count)? Difficulty 1: one card
  acts alone; 2: two interact (combined movement, a Forbid card, plus before minus, a floor, a spent
  card); 3: three or more (a Forbid with combined movement, a forbidden destination, a cancelled card
  spent all the same).
- ``incident`` (TL-D7a..TL-D7f) — does today's incident happen, and does it do something? 1: the
  culprit's paranoia decides alone (TL-D7b): calm, or it happens with nothing to choose; 2: the culprit
  is dead (TL-D7a), or it happens with a choice of targets (TL-D7d); 3: no effect (TL-D7e, or no target
  left open: TL-D7d), or an effect where the extra condition holds or one target is left open.
- ``loop_lost`` (TL-LE1, TL-LE2, TL-LE2a, TL-LE2b) — is the loop lost at its end, and by which
  condition? 1: a First Steps loop that ran its days; 2: a Basic Tragedy X loop that ran its days;
  3: a loop with a death in it, ended early or run to its end.
- ``goodwill_refusal`` (TL-D6c, TL-D6d) — may the Mastermind refuse this goodwill ability? 1: the
  source's role alone decides; 2: one trap more (a target whose refusal differs, a role changed during
  the loop); 3: two (see :func:`_refusal_level`).
- ``placement_legal`` (TL-D2, TL-D2a, TL-D3, TL-D3a, TL-D3b, TL-D3c, TL-D4c) — is this card placement
  legal, and if not which rule forbids it? 1: a free target, or one the same side already took; 2: a
  protagonist on the Mastermind's target (TL-D3b), a card no longer in hand, a corpse; 3: a
  once-per-loop card (TL-D4c), spent earlier in the loop or still in this owner's hand.

Where the games rarely give an answer on their own, a kind draws the answer it aims at from the seed
first (:func:`target_answer`) and plays seeded games until a position yields it (docs/exercises.md,
"Balance").

>>> from rulesengine.exercises import generate
>>> ex = generate("looper", "incident", seed=1, difficulty=1)
>>> ex.rules, ex.solution
(('TL-D7b',), 'calm')
>>> ex.mark("calm").correct
True
>>> position(ex.situation).phase.rule_id
'TL-D7'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulesengine.contract import replay_record
from rulesengine.errors import IllegalActionError
from rulesengine.exercises.core import Assignment, Choice, Count, Exercise, Kind, Option, register
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists, RandomAgent
from rulesengine.looper.rules.abilities import goodwill_ability
from rulesengine.looper.rules.actions import Action, PlaceCard, UseAbility, from_dict, to_dict
from rulesengine.looper.rules.board import combine_moves
from rulesengine.looper.rules.cards import PlacedCard, apply_paranoia, side_of
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, Script, load_script
from rulesengine.looper.rules.state import DecisionKind, EventKind, Phase, Side
from rulesengine.messages import Message, Name

__all__ = [
    "INCIDENT_OUTCOMES",
    "LOSS_RULES",
    "PLACEMENT_TARGETS",
    "REFUSAL_TARGETS",
    "SCRIPT_IDS",
    "cancelled_cards",
    "incident_level",
    "incident_outcome",
    "loop_end_outcome",
    "loss_candidates",
    "outcome_of_cards",
    "placement_verdict",
    "position",
    "record",
    "refusal_answer",
    "script",
    "target_answer",
]

#: The shipped scripts the exercises are played on.
SCRIPT_IDS: tuple[str, ...] = tuple(sorted(p.stem for p in SCRIPTS_DIR.glob("*.yaml")))

#: The loss conditions checked at a loop's end (TL-LE2), with the plot (or role) that brings each.
LOSS_RULES: dict[str, str] = {
    "friend.1": "friend",
    "light_of_the_avenger.1": "light_of_the_avenger",
    "a_place_to_protect.1": "a_place_to_protect",
    "the_sealed_item.1": "the_sealed_item",
    "sign_with_me.2": "sign_with_me",
    "change_of_future.1": "change_of_future",
    "giant_time_bomb_x.1": "giant_time_bomb_x",
}

_LOCATIONS = ("hospital", "shrine", "city", "school")
_ARROWS = {"horizontal": "↔", "vertical": "↕", "diagonal": "↗"}


@functools.cache
def script(script_id: str) -> Script:
    """A shipped script by id (loaded once)."""
    return load_script(SCRIPTS_DIR / f"{script_id}.yaml")


def record(situation: Mapping[str, Any]) -> dict[str, Any]:
    """The replay file of an exercise's position (``looper replay`` reads it; docs/looper_replay.md)."""
    return replay_record("looper", {"script": situation["script"]}, list(situation["actions"]))


def position(situation: Mapping[str, Any], *, pause: bool = True) -> Game:
    """Rebuild an exercise's position with the engine: its script, then its actions in order.

    With ``pause`` the game stops at phase boundaries (as the day stepper does), so the position stands
    just before the step the question is about (TL-D4 with six cards on the board, TL-D7, the loop end).
    """
    game = Game(script(situation["script"]), pause_between_phases=pause)
    for entry in situation["actions"]:
        while game.is_paused:
            game.resume()
        game.apply(from_dict({k: v for k, v in entry.items() if k != "who"}))
    return game


# --------------------------------------------------------------------------------- playing


Agent = Callable[[Any, Sequence[Action]], Action]


def _agents(rng: random.Random, heuristic: float = 0.5) -> dict[str, Agent]:
    """Seeded agents for one game: random or heuristic on each side (heuristic with that probability)."""
    seed = rng.randrange(10**9)
    mm = HeuristicMastermind(seed) if rng.random() < 0.5 else RandomAgent(seed)
    pr = HeuristicProtagonists(seed + 1) if rng.random() < heuristic else RandomAgent(seed + 1)
    return {"mastermind": mm, "protagonists": pr}


def _run(game: Game, agents: Mapping[str, Agent], stop: Callable[[Game], bool], limit: int = 4000) -> bool:
    """Let the agents play until ``stop(game)`` holds (checked at every pause and decision)."""
    for _ in range(limit):
        if game.is_over:
            return False
        if stop(game):
            return True
        if game.is_paused:
            game.resume()
            continue
        pending = game.pending
        assert pending is not None
        side = Side.of(pending.who)
        agent = agents[side]
        observation = None if isinstance(agent, RandomAgent) else game.observation(side)
        game.apply(agent(observation, game.legal_actions()))
    return False


def _new_game(rng: random.Random, scripts: Sequence[str] = SCRIPT_IDS) -> tuple[str, Game]:
    sid = rng.choice(scripts)
    return sid, Game(script(sid), pause_between_phases=True)


def target_answer(kind: str, seed: int, difficulty: int, answers: Sequence[Any]) -> Any:
    """The answer an exercise aims at, drawn from its seed before any game is played.

    The answers are dealt in rounds of two of each, shuffled by the round's own seeded generator: every
    ``2 * len(answers)`` consecutive seeds from a multiple of it ask each answer twice, in an order that
    the seeds do not give away; so ten exercises in a row are never all alike.

    >>> [target_answer("incident", seed, 3, ("a", "b")) for seed in range(8)].count("a")
    4
    """
    rnd, pos = divmod(seed, 2 * len(answers))
    deck = [*answers, *answers]
    random.Random(f"looper/{kind}/{difficulty}/round/{rnd}").shuffle(deck)
    return deck[pos]


def _situation(sid: str, seed: int, game: Game, **more: Any) -> dict[str, Any]:
    actions = [{"who": who, **to_dict(a)} for who, a in game.history]
    return {"script": sid, "seed": seed, "loop": game.loop, "day": game.day,
            "phase": game.phase.rule_id, "actions": actions, **more}


def _where(sid: str, game: Game) -> Message:
    return Message("exercise.looper.where", {"script": script(sid).title, "loop": game.loop, "day": game.day})


@dataclass(frozen=True)
class _Joined:
    """A list of messages as one field, joined with ``; `` in the sentence's language."""

    parts: tuple[Message, ...]
    empty: str = "exercise.looper.nothing"
    sep: str = "; "

    def localized(self, language: str) -> str:
        if not self.parts:
            return Message(self.empty, {}).localized(language)
        return self.sep.join(p.localized(language) for p in self.parts)


@dataclass(frozen=True)
class _More:
    """A shortened list: the items shown, then an ellipsis when some were left out."""

    shown: _Joined
    more: bool

    def localized(self, language: str) -> str:
        return self.shown.localized(language) + ("; …" if self.more else "")


@dataclass(frozen=True)
class _IncidentText:
    """What an incident does, as a field (the content's text in the sentence's language)."""

    incident: str

    def localized(self, language: str) -> str:
        from rulesengine.looper.rules.text import incident_text

        return incident_text(self.incident, language).rstrip(".")


@dataclass(frozen=True)
class _Trimmed:
    """A name whose text ends a sentence of its own (an ability's text) without its final full stop."""

    name: Name

    def localized(self, language: str) -> str:
        return self.name.localized(language).rstrip(".")


def _card_line(cards: Iterable[PlacedCard]) -> _Joined:
    return _Joined(tuple(Message("exercise.looper.card_on", {
        "owner": Name("owner", pc.owner), "card": Name("card", pc.card), "target": Name("target", pc.target)})
        for pc in cards))


def _names(kind: str, keys: Iterable[str]) -> _Joined:
    return _Joined(tuple(Message("exercise.looper.plain", {"x": Name(kind, k)}) for k in keys))


def _location_options() -> tuple[Option, ...]:
    return tuple(Option(loc, Name("target", loc)) for loc in _LOCATIONS)


# --------------------------------------------------------------------------------- TL-D4

_MOVES = ("move_horizontal", "move_vertical", "move_diagonal")
_COUNTER_CARDS = {
    "paranoia": ("paranoia_plus_1", "paranoia_minus_1"),
    "goodwill": ("goodwill_plus_1", "goodwill_plus_2"),
    "intrigue": ("intrigue_plus_1", "intrigue_plus_2"),
}
_FORBIDS = {"paranoia": "forbid_paranoia", "goodwill": "forbid_goodwill", "intrigue": "forbid_intrigue"}


@dataclass(frozen=True)
class _Question:
    difficulty: int
    question: Message
    form: Any
    solution: Any
    explanation: tuple[Message, ...]
    rules: tuple[str, ...]
    more: Mapping[str, Any]


def outcome_of_cards(game: Game) -> Game:
    """The game after TL-D4 from a position paused before it with the six cards down (a clone; the
    engine resolves them). The position must not need the Cultist's choice."""
    after = game.clone()
    after.resume()
    return after


def _move_question(sid: str, before: Game, after: Game) -> _Question | None:
    cards = before.cards
    keys = [c for c in before.living() if any(pc.target == c and pc.card in _MOVES for pc in cards)]
    if not keys:
        return None
    weight, rules, lines = 0, {"TL-D4"}, []
    for c in keys:
        mine = [pc for pc in cards if pc.target == c and pc.card in _MOVES]
        here = str(before.chars[c].location)
        card_names = _Joined(tuple(Message("exercise.looper.plain", {"x": Name("card", pc.card)})
                                   for pc in mine), sep=" + ")
        fields = {"character": Name("character", c), "cards": card_names, "start": Name("target", here)}
        weight += len(mine)
        if any(pc.target == c and pc.card == "forbid_movement" for pc in cards):
            weight += 1
            rules.add("TL-D4a")
            lines.append(Message("exercise.looper.move_forbidden_card", fields))
            continue
        net = combine_moves(before.deck.directions[pc.card] for pc in mine)
        if net is None:
            weight += 1
            lines.append(Message("exercise.looper.move_cancel_out", fields))
            continue
        dest = before.layout.move(str(here), net)
        more = {**fields, "arrow": _ARROWS[net], "to": Name("target", dest)}
        if dest in before.forbidden(c):
            weight += 1
            lines.append(Message("exercise.looper.move_blocked", more))
        elif len(mine) > 1:
            lines.append(Message("exercise.looper.move_combined", more))
        else:
            lines.append(Message("exercise.looper.move_one", more))
    starts = _Joined(tuple(Message("exercise.looper.at_location", {
        "character": Name("character", c), "location": Name("target", str(before.chars[c].location))})
        for c in keys))
    question = Message("exercise.looper.question_move", {
        "where": _where(sid, before), "cards": _card_line(cards), "starts": starts})
    form = Assignment(tuple(Option(c, Name("character", c)) for c in keys), _location_options())
    solution = {c: str(after.chars[c].location) for c in keys}
    return _Question(min(3, weight), question, form, solution, tuple(lines), _ordered(rules),
                     {"question": "move", "keys": keys})


def _counter_questions(sid: str, before: Game, after: Game) -> list[_Question]:
    cards = before.cards
    out = []
    void = sum(pc.card == "forbid_intrigue" for pc in cards) >= 2
    targets = sorted({pc.target for pc in cards})
    for target in targets:
        is_char = target in before.chars
        if is_char and (not before.chars[target].alive or before.chars[target].location is None):
            continue
        for counter, kinds in _COUNTER_CARDS.items():
            if not is_char and counter != "intrigue":
                continue
            mine = [pc for pc in cards if pc.target == target and pc.card in kinds]
            if not mine:
                continue
            if counter == "goodwill" and is_char and before.roles[target] == "time_traveler":
                continue  # the Time Traveler ignores Forbid Goodwill (a role ability, not this exercise's)
            now = _count(before, target, counter)
            then = _count(after, target, counter)
            forbid = [pc for pc in cards if pc.target == target and pc.card == _FORBIDS[counter]]
            weight, rules = len(mine), {"TL-D4"}
            names = {"target": Name("target", target), "before": now, "after": then,
                     "cards": _Joined(tuple(Message("exercise.looper.plain", {"x": Name("card", pc.card)})
                                            for pc in mine), sep=" + ")}
            lines: list[Message] = []
            if forbid and counter == "intrigue" and void:
                weight += 2
                rules.add("TL-D4a")
                lines.append(Message("exercise.looper.forbid_intrigue_void", names))
                lines.append(Message("exercise.looper.count_sum", names))
            elif forbid:
                weight += 1
                rules.add("TL-D4a")
                lines.append(Message("exercise.looper.count_forbidden",
                                     {**names, "forbid": Name("card", _FORBIDS[counter])}))
            elif counter == "paranoia":
                plus = sum(pc.card == "paranoia_plus_1" for pc in mine)
                minus = len(mine) - plus
                floor = apply_paranoia(now, plus, minus) != now + plus - minus
                if plus and minus:
                    lines.append(Message("exercise.looper.count_plus_minus",
                                         {**names, "plus": plus, "minus": minus}))
                if floor:
                    weight += 1
                    lines.append(Message("exercise.looper.count_floor", names))
                if not (plus and minus) and not floor:
                    lines.append(Message("exercise.looper.count_sum", names))
            else:
                lines.append(Message("exercise.looper.count_sum", names))
            question = Message(f"exercise.looper.question_{counter}", {
                "where": _where(sid, before), "cards": _card_line(cards), "target": Name("target", target),
                "now": now})
            out.append(_Question(min(3, weight), question, Count(0, 40), then, tuple(lines), _ordered(rules),
                                 {"question": counter, "target": target}))
    return out


def _count(game: Game, target: str, counter: str) -> int:
    if target in game.location_intrigue:
        return game.location_intrigue[target] if counter == "intrigue" else 0
    return int(getattr(game.chars[target], counter))


def _hand_questions(sid: str, before: Game, after: Game) -> list[_Question]:
    out = []
    cards = before.cards
    once = before.deck.once_per_loop
    _, cancelled_idx = cancelled_cards(before)
    for owner in sorted({pc.owner for pc in cards}):
        today = [(i, pc) for i, pc in enumerate(cards)
                 if pc.owner == owner and pc.card in once[side_of(owner)]]
        if not today:
            continue
        earlier = list(before.spent[owner])
        cancelled = [pc for i, pc in today if i in cancelled_idx]
        weight = len(today) + len(cancelled) + (1 if earlier else 0)
        rules = {"TL-D4c"} | ({"TL-D4a"} if cancelled else set())
        size = sum(before.deck.hands[side_of(owner)].values())
        then = sum(after.hand(owner).values())
        names = {"owner": Name("owner", owner), "size": size, "after": then,
                 "today": _names("card", [pc.card for _, pc in today]), "earlier": _names("card", earlier)}
        lines = [Message("exercise.looper.hand_spent", names)]
        if cancelled:
            lines.append(Message("exercise.looper.hand_cancelled", {**names, "cancelled": _names(
                "card", [pc.card for pc in cancelled])}))
        question = Message("exercise.looper.question_hand", {
            "where": _where(sid, before), "cards": _card_line(cards), "owner": Name("owner", owner),
            "earlier": names["earlier"], "size": size})
        out.append(_Question(min(3, weight), question, Count(0, 10), then, tuple(lines), _ordered(rules),
                             {"question": "hand", "owner": owner}))
    return out


def cancelled_cards(game: Game) -> tuple[list[PlacedCard], set[int]]:
    """The cards a Forbid card will cancel at TL-D4 (the engine's own resolution functions)."""
    from rulesengine.looper.rules.cards import counters, resolve_movement

    cards = game.cards
    locs = {pc.target: str(game.chars[pc.target].location) for pc in cards
            if pc.target in game.chars and game.active(pc.target)}
    _, moved = resolve_movement(cards, locs, {}, board=game.layout, deck=game.deck)
    living = set(game.living())
    time_travelers = [c for c in living if game.roles[c] == "time_traveler"]  # they ignore Forbid Goodwill
    *_, cancelled, _void = counters(cards, living, (), time_travelers, game.locations)
    idx = {*moved, *cancelled}
    return [cards[i] for i in sorted(idx)], idx


def _make_board(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    for _ in range(500):
        sid, game = _new_game(rng)
        agents = _agents(rng)
        skip = rng.randrange(6)
        seen = [0]

        def at_cards(g: Game, seen: list[int] = seen, skip: int = skip) -> bool:
            p = g.pending
            if p is None or p.kind is not DecisionKind.PLACE_CARD or g.cards:
                return False
            seen[0] += 1
            return seen[0] > skip

        if not _run(game, agents, at_cards):
            continue
        while game.phase in (Phase.MASTERMIND_CARDS, Phase.PROTAGONIST_CARDS) and len(game.cards) < 6:
            if game.is_paused:
                game.resume()
                continue
            options = game.legal_actions()
            taken = {pc.target for pc in game.cards}
            stacked = [a for a in options if isinstance(a, PlaceCard) and a.target in taken]
            game.apply(rng.choice(stacked) if stacked and rng.random() < 0.7 else rng.choice(options))
        if game.phase is not Phase.CARD_RESOLUTION or len(game.cards) != 6 or game.cultist_choice_public():
            continue
        after = outcome_of_cards(game)
        candidates = [q for q in (_move_question(sid, game, after), *_counter_questions(sid, game, after),
                                  *_hand_questions(sid, game, after)) if q is not None]
        fit = [q for q in candidates if q.difficulty == difficulty]
        if fit:
            q = rng.choice(fit)
            return _exercise("board_after_cards", seed, difficulty, q,
                             _situation(sid, seed, game, viewer="mastermind", **q.more))
    raise RuntimeError(f"no board_after_cards exercise of difficulty {difficulty} for seed {seed}")


def _exercise(name: str, seed: int, difficulty: int, q: _Question, situation: dict[str, Any]) -> Exercise:
    return Exercise(game="looper", kind=name, seed=seed, difficulty=difficulty, question=q.question,
                    form=q.form, solution=q.solution, explanation=q.explanation, rules=q.rules,
                    situation=situation)


def _ordered(rules: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(rules)))


# --------------------------------------------------------------------------------- TL-D7

_INCIDENT_OPTIONS = ("happens", "no_effect", "calm", "dead")


def _incident_form() -> Choice:
    return Choice(tuple(Option(k, Message(f"exercise.looper.incident_{k}", {})) for k in _INCIDENT_OPTIONS))


def incident_outcome(game: Game) -> tuple[str, Game]:
    """What the engine does at TL-D7 from a position paused before it: ``'happens'``, ``'no_effect'``,
    ``'calm'`` or ``'dead'``, and the game after the step (up to the Mastermind's choice, if any)."""
    after = game.clone()
    start = len(after.log)
    after.resume()
    kinds = [e.kind for e in after.log[start:] if e.phase == "incident"]
    if EventKind.INCIDENT_NOT_HAPPENED in kinds:
        return ("dead" if not game.chars[_culprit(game)].alive else "calm"), after
    return ("no_effect" if EventKind.INCIDENT_NO_EFFECT in kinds else "happens"), after


def _culprit(game: Game) -> str:
    sched = game.script.incident_on(game.day)
    assert sched is not None
    return sched.culprit


#: The answers each difficulty of ``incident`` draws from (the target answer is drawn first from the seed).
INCIDENT_OUTCOMES: dict[int, tuple[str, ...]] = {1: ("calm", "happens"), 2: ("happens", "dead"),
                                                  3: ("no_effect", "happens")}


def incident_level(game: Game, outcome: str) -> int:
    """How many rules interact in an incident's outcome from a position paused before TL-D7.

    1: the culprit's paranoia decides alone (TL-D7b): calm, or an incident that happens with nothing
    left to choose; 2: the culprit is dead (TL-D7a), or it happens and the Mastermind chooses among
    several targets (TL-D7d); 3: whether it has an effect is the question — the Hospital's extra condition
    (TL-D7e) or the targets left open (TL-D7d): no effect, or an effect with the condition holding or
    a single target left.
    """
    from rulesengine.looper.rules import incidents

    if outcome in ("calm", "dead", "no_effect"):
        return {"calm": 1, "dead": 2, "no_effect": 3}[outcome]
    sched = game.script.incident_on(game.day)
    assert sched is not None
    if game.content.incidents[sched.incident].extra_condition:
        return 3
    opts = incidents.options(game, sched.incident, sched.culprit)
    return 1 if opts is None else (3 if len(opts) == 1 else 2)


def _make_incident(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    from rulesengine.looper.rules import incidents

    outcomes = INCIDENT_OUTCOMES[difficulty]
    want0 = target_answer("incident", seed, difficulty, outcomes)
    for attempt in range(2000):
        sid, game = _new_game(rng)
        agents = _agents(rng)
        take = rng.choice((0.5, 1.0))
        wanted = (want0,) if attempt < 200 else outcomes

        def at_incident(g: Game, take: float = take, wanted: tuple[str, ...] = wanted) -> bool:
            if not (g.is_paused and g.phase is Phase.INCIDENT and g.script.incident_on(g.day) is not None):
                return False
            culprit = _culprit(g)
            if g.chars[culprit].location is None or culprit in g.suppressed:
                return False
            outcome = incident_outcome(g)[0]
            return outcome in wanted and incident_level(g, outcome) == difficulty and rng.random() < take

        if not _run(game, agents, at_incident):
            continue
        culprit = _culprit(game)
        ch = game.chars[culprit]
        outcome, _after = incident_outcome(game)
        sched = game.script.incident_on(game.day)
        assert sched is not None
        limit = game.paranoia_limit(culprit)
        fields = {"culprit": Name("character", culprit), "incident": Name("incident", sched.incident),
                  "paranoia": ch.paranoia, "limit": limit, "location": Name("target", str(ch.location)),
                  "text": _IncidentText(sched.incident)}
        lines: list[Message] = []
        rules: set[str] = set()
        if outcome == "calm":
            lines.append(Message("exercise.looper.incident_why_calm", fields))
            rules.add("TL-D7b")
        elif outcome == "dead":
            lines.append(Message("exercise.looper.incident_why_dead", fields))
            rules.add("TL-D7a")
        else:
            lines.append(Message("exercise.looper.incident_why_happens", fields))
            lines.append(Message("exercise.looper.incident_what", fields))
            rules.update(("TL-D7a", "TL-D7b", "TL-D7c"))
            if outcome == "no_effect":
                if not incidents.extra_condition_holds(game, sched.incident):
                    lines.append(Message("exercise.looper.incident_why_extra", {
                        **fields, "intrigue": game.location_intrigue["hospital"]}))
                    rules.add("TL-D7e")
                else:
                    lines.append(Message("exercise.looper.incident_why_no_target", fields))
                    rules.add("TL-D7d")
                lines.append(Message("exercise.looper.incident_police", fields))
                rules.add("TL-D7f")
            else:
                if game.content.incidents[sched.incident].extra_condition:
                    lines.append(Message("exercise.looper.incident_extra_holds", {
                        **fields, "intrigue": game.location_intrigue["hospital"]}))
                    rules.add("TL-D7e")
                opts = incidents.options(game, sched.incident, culprit)
                if opts and len(opts) == 1:
                    lines.append(Message("exercise.looper.incident_one_target", {
                        **fields, "option": Name("choice", opts[0])}))
                    rules.add("TL-D7d")
                elif opts:
                    shown = _Joined(tuple(Message("exercise.looper.plain", {"x": Name("choice", o)})
                                          for o in opts[:6]))
                    lines.append(Message("exercise.looper.incident_choice", {
                        **fields, "n": len(opts), "options": _More(shown, len(opts) > 6)}))
                    rules.add("TL-D7d")
        state = Message("exercise.looper.alive" if ch.alive else "exercise.looper.dead", {})
        question = Message("exercise.looper.question_incident", {
            "where": _where(sid, game), **fields, "state": state,
            "hospital": game.location_intrigue["hospital"], "with": _names("character", [
                c for c in game.living() if c != culprit and game.chars[c].location == ch.location])})
        q = _Question(difficulty, question, _incident_form(), outcome, tuple(lines), _ordered(rules), {})
        return _exercise("incident", seed, difficulty, q,
                         _situation(sid, seed, game, viewer="mastermind", culprit=culprit,
                                    incident=sched.incident))
    raise RuntimeError(f"no incident exercise of difficulty {difficulty} for seed {seed}")


# --------------------------------------------------------------------------------- TL-LE2


def loss_candidates(game: Game) -> list[str]:
    """The loss conditions a loop end of this script checks: its plots' rules and a Friend's death."""
    roles = set(game.roles.values()) | {game.script.role_of(c) for c in game.cast}
    return [rule for rule, source in LOSS_RULES.items() if game.has_plot(source) or source in roles]


def loop_end_outcome(game: Game) -> tuple[tuple[str, ...], Game]:
    """The loss conditions the engine finds at TL-LE2 from a position paused before it, and the game after."""
    after = game.clone()
    before = len(after.loop_results)
    after.resume()
    assert len(after.loop_results) == before + 1
    return after.loop_results[-1].reasons, after


def _make_loop_lost(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    pool = [s for s in SCRIPT_IDS if s.startswith("fs_")] if difficulty == 1 else (
        [s for s in SCRIPT_IDS if s.startswith("btx_")] if difficulty == 2 else list(SCRIPT_IDS))
    # the target answer first, from the seed: lost or not (1, 2); ended early or not (3)
    lost = target_answer("loop_lost", seed, difficulty, (True, False))
    for attempt in range(2000):
        sid, game = _new_game(rng, pool)
        agents = _agents(rng)

        def at_end(g: Game, attempt: int = attempt) -> bool:
            if not (g.is_paused and g.phase is Phase.LOOP_END):
                return False
            if difficulty == 3:
                # an early end (TL-LE1), or a loop that ran its days with a corpse on the board
                if not (g.end_now or any(not ch.alive for ch in g.chars.values())):
                    return False
                if attempt < 300 and g.end_now != lost:
                    return False
            elif g.end_now:
                return False
            reasons = loop_end_outcome(g)[0]
            return len(reasons) <= 1 and (difficulty == 3 or attempt >= 300 or bool(reasons) == lost)

        if not _run(game, agents, at_end):
            continue
        early = game.end_now
        reasons, _after = loop_end_outcome(game)
        if len(reasons) > 1:
            continue
        answer = reasons[0] if reasons else "survived"
        candidates = loss_candidates(game)
        keys = ("survived", "immediate", *candidates)
        form = Choice(tuple(Option(k, _loss_label(k)) for k in keys))
        rules = {"TL-LE2"}
        lines: list[Message] = []
        cause = next((e.data.get("rule") for e in reversed(game.log) if e.kind is EventKind.LOSS_CONDITION),
                     None)
        if early:
            rules.add("TL-LE1")
            lines.append(Message("exercise.looper.loop_ended_early", {
                "day": game.day, "cause": _Trimmed(Name("cause", str(cause)))}))
        if answer == "survived":
            lines.append(Message("exercise.looper.loop_survived", {"loop": game.loop}))
        elif answer == "immediate":
            lines.append(Message("exercise.looper.loop_lost_at_once", {"loop": game.loop}))
        else:
            lines.append(Message("exercise.looper.loop_lost_by",
                                 {"loop": game.loop, "reason": _loss_label(answer)}))
            lines.extend(_loss_facts(game, answer))
        others = [k for k in candidates if k != answer]
        if others:
            lines.append(Message("exercise.looper.loop_none_of", {"others": _Joined(tuple(
                _loss_label(k) for k in others))}))
        if answer != "survived":
            if game.loop < game.script.loops:
                rules.add("TL-LE2a")
                lines.append(Message("exercise.looper.loop_next_rewind", {}))
            else:
                rules.add("TL-LE2b")
                lines.append(Message("exercise.looper.loop_next_guess" if game.tragedy_set.final_guess
                                     else "exercise.looper.loop_next_lost", {}))
        dead = [c for c in game.cast if not game.chars[c].alive]
        roles = _Joined(tuple(_role_line(game, c) for c in game.cast if game.roles[c] != "person"))
        intrigue = _Joined(tuple(Message("exercise.looper.intrigue_on", {"target": Name("target", t), "n": n})
                                 for t, n in [*game.location_intrigue.items(),
                                              *((c, game.chars[c].intrigue) for c in game.cast)] if n))
        plots = _names("plot", [game.script.main_plot, *game.script.subplots])
        question = Message("exercise.looper.question_loop", {
            "script": game.script.title, "loop": game.loop, "day": game.day, "plots": plots, "roles": roles,
            "dead": _names("character", dead), "intrigue": intrigue})
        q = _Question(difficulty, question, form, answer, tuple(lines), _ordered(rules), {})
        return _exercise("loop_lost", seed, difficulty, q,
                         _situation(sid, seed, game, viewer="mastermind", early=early))
    raise RuntimeError(f"no loop_lost exercise of difficulty {difficulty} for seed {seed}")


def _loss_facts(game: Game, rule: str) -> list[Message]:
    """What makes a loss condition hold, read from the board at the loop's end."""
    intrigue = game.location_intrigue

    def started(role: str, key: str) -> list[Message]:
        return [Message(key, {"character": Name("character", c), "location": Name("target", where),
                              "n": intrigue[where]})
                for c in game.with_role(role) if (where := game.start_locations.get(c)) is not None]

    if rule == "friend.1":
        return [Message("exercise.looper.fact_friend_dead", {"character": Name("character", c)})
                for c in game.with_role("friend") if not game.chars[c].alive]
    if rule == "light_of_the_avenger.1":
        return started("brain", "exercise.looper.fact_brain_start")
    if rule == "giant_time_bomb_x.1":
        return started("witch", "exercise.looper.fact_witch_start")
    if rule in ("a_place_to_protect.1", "the_sealed_item.1"):
        where = "school" if rule == "a_place_to_protect.1" else "shrine"
        return [Message("exercise.looper.fact_location_intrigue",
                        {"location": Name("target", where), "n": intrigue[where]})]
    if rule == "sign_with_me.2":
        return [Message("exercise.looper.fact_key_person_intrigue",
                        {"character": Name("character", c), "n": game.chars[c].intrigue})
                for c in game.with_role("key_person")]
    if rule == "change_of_future.1":
        return [Message("exercise.looper.fact_butterfly", {})]
    return []


def _role_line(game: Game, character: str) -> Message:
    """A character's role; for a role whose starting location a loss condition reads (the Brain's, the
    Witch's), where it started the loop too."""
    fields = {"character": Name("character", character), "role": Name("role", game.roles[character])}
    start = game.start_locations.get(character)
    if game.roles[character] in ("brain", "witch") and start is not None:
        return Message("exercise.looper.role_of_from", {**fields, "location": Name("target", start)})
    return Message("exercise.looper.role_of", fields)


def _loss_label(key: str) -> Message:
    if key in ("survived", "immediate"):
        return Message(f"exercise.looper.loss_{key}", {})
    return Message("exercise.looper.plain", {"x": _Trimmed(Name("reason", key))})


# --------------------------------------------------------------------------------- TL-D6c


_REFUSAL_KEYS = ("must_allow", "may_refuse", "must_refuse")


def refusal_answer(game: Game) -> str:
    """The engine's answer to a declared goodwill ability: the Mastermind's options as a key."""
    pending = game.pending
    assert pending is not None and pending.kind is DecisionKind.GOODWILL_RESPONSE
    names = sorted(type(a).__name__ for a in pending.options)
    keys = {("Allow",): "must_allow", ("Allow", "Refuse"): "may_refuse", ("Refuse",): "must_refuse"}
    return keys[tuple(names)]


def _refusal_traps(game: Game, action: UseAbility) -> list[str]:
    """The facts beyond the source's role that a learner must weigh (TL-D6c, TL-D6d)."""
    traps = []
    target = action.target
    source = action.source
    if target in game.chars and target != source and game.refusal(source) != game.refusal(target):
        traps.append("target")
    if goodwill_ability(game, action.ability).unrefusable and game.refusal(action.source) != "none":
        traps.append("unrefusable")
    if game.roles[action.source] != game.script.role_of(action.source):
        traps.append("changed")
    return traps


def _predicted_refusal(game: Game, action: UseAbility) -> str:
    """The answer TL-D6c gives for a declaration (the test checks it against the engine's options)."""
    refusal = game.refusal(action.source)
    if goodwill_ability(game, action.ability).unrefusable or refusal == "none":
        return "must_allow"
    return "must_refuse" if refusal == "mandatory" else "may_refuse"


def _refusal_level(game: Game, action: UseAbility) -> int:
    """How many facts beyond the source's role a learner must weigh (:func:`_refusal_traps`), plus one.

    1: the source's role alone; 2: one trap — a target whose role refuses where the source's does not, or
    the other way round (TL-D6d), or a role changed during the loop; 3: two — a target and a changed role,
    an ability that cannot be refused on a refusing role (the role says refuse, the ability overrides it),
    or a source and a target that both refuse, one optionally and one mandatorily.
    """
    traps = _refusal_traps(game, action)
    weight = len(traps)
    if "unrefusable" in traps:
        weight += 1
    target = action.target
    if "target" in traps and game.refusal(action.source) != "none" and game.refusal(target) != "none":
        weight += 1
    return 1 + min(2, weight)


#: The answers each difficulty of ``goodwill_refusal`` aims at, drawn first from the seed: any of the three
#: at 1; at 2 and 3, where a refusing source is rare among the declarations, "must be resolved" or a refusal
#: (either kind, as the game gives it).
REFUSAL_TARGETS: dict[int, tuple[tuple[str, ...], ...]] = {
    1: (("must_allow",), ("may_refuse",), ("must_refuse",)),
    2: (("must_allow",), ("may_refuse", "must_refuse")),
    3: (("must_allow",), ("may_refuse", "must_refuse")),
}


@functools.cache
def _refusals(script_id: str) -> frozenset[str]:
    """The kinds of goodwill refusal among a script's roles at its start (``none`` included)."""
    game = Game(script(script_id))
    return frozenset(game.refusal(c) for c in game.cast)


def _target_of(game: Game, action: UseAbility) -> Name | Message:
    """What a goodwill ability names, as a field: a character or location, a card, a day, a subplot."""
    target = action.target
    if not target:
        return Name("plot", action.extra) if action.extra else Name("character", action.source)
    if target in game.chars or target in game.location_intrigue:
        return Name("target", target)
    if target.isdigit():
        return Message("exercise.looper.day_n", {"day": int(target)})
    return Name("card", target)


def _make_refusal(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    want0 = target_answer("goodwill_refusal", seed, difficulty, REFUSAL_TARGETS[difficulty])
    # a refusal needs a refusing role in the script (at 3, a source and a target refusing differently)
    needs = {"none"} if want0 == ("must_allow",) else (
        {"optional", "mandatory"} if difficulty == 3 else set())
    pool = [s for s in SCRIPT_IDS if needs <= _refusals(s) and (needs or len(_refusals(s)) > 1)]
    for attempt in range(3000):
        sid, game = _new_game(rng, pool if attempt < 300 else SCRIPT_IDS)
        agents = _agents(rng, heuristic=0.9)  # the heuristic protagonists gather goodwill and use it
        want = want0 if attempt < 300 else _REFUSAL_KEYS
        found: list[UseAbility] = []

        def at_goodwill(g: Game, want: tuple[str, ...] = want, found: list[UseAbility] = found) -> bool:
            p = g.pending
            if p is None or p.kind is not DecisionKind.GOODWILL or len(p.options) < 2:
                return False
            fit = [a for a in p.options if isinstance(a, UseAbility) and _refusal_level(g, a) == difficulty
                   and _predicted_refusal(g, a) in want]
            if fit:
                found.append(rng.choice(fit))
            return bool(fit)

        if not _run(game, agents, at_goodwill):
            continue
        action = found[-1]
        traps = _refusal_traps(game, action)
        game.apply(action)
        pending = game.pending
        if pending is None or pending.kind is not DecisionKind.GOODWILL_RESPONSE:
            continue
        answer = refusal_answer(game)
        source, target = action.source, action.target
        role = game.roles[source]
        fields = {"source": Name("character", source), "role": Name("role", role),
                  "ability": _Trimmed(Name("ability", action.ability)),
                  "refusal": Message(f"exercise.looper.refusal_{game.refusal(source)}", {})}
        lines = [Message("exercise.looper.refusal_why", fields)]
        rules = {"TL-D6c"}
        if "unrefusable" in traps:
            lines.append(Message("exercise.looper.refusal_unrefusable", fields))
        if "changed" in traps:
            lines.append(Message("exercise.looper.refusal_changed", {
                **fields, "was": Name("role", game.script.role_of(source))}))
        if "target" in traps:
            rules.add("TL-D6d")
            lines.append(Message("exercise.looper.refusal_target", {
                **fields, "target": Name("character", target),
                "target_role": Name("role", game.roles[target])}))
        lines.append(Message("exercise.looper.refusal_counts", {}))
        about = [source] + ([target] if target in game.chars and target != source else [])
        roles = _Joined(tuple(Message("exercise.looper.role_of", {"character": Name("character", c),
                                                                   "role": Name("role", game.roles[c])})
                              for c in about))
        question = Message("exercise.looper.question_refusal", {
            "where": _where(sid, game), "ability": _Trimmed(Name("ability", action.ability)),
            "target": _target_of(game, action), "roles": roles})
        form = Choice(tuple(Option(k, Message(f"exercise.looper.refusal_answer_{k}", {}))
                            for k in _REFUSAL_KEYS))
        q = _Question(difficulty, question, form, answer, tuple(lines), _ordered(rules), {})
        return _exercise("goodwill_refusal", seed, difficulty, q,
                         _situation(sid, seed, game, viewer="mastermind", source=source, traps=traps))
    raise RuntimeError(f"no goodwill_refusal exercise of difficulty {difficulty} for seed {seed}")


# --------------------------------------------------------------------------------- TL-D2 / TL-D3


_PLACEMENT_KEYS = ("legal", "mastermind_target_taken", "protagonist_target_taken", "not_in_hand", "spent",
                   "corpse")
_PLACEMENT_RULES = {"mastermind_target_taken": "TL-D2a", "protagonist_target_taken": "TL-D3c",
                    "spent": "TL-D4c", "corpse": "TL-D2"}


def placement_verdict(game: Game, attempt: PlaceCard) -> tuple[str, IllegalActionError | None]:
    """What the engine says to ``attempt`` now: ``'legal'`` or the kind of its refusal, with the error."""
    trial = game.clone()
    try:
        trial.apply(attempt)
    except IllegalActionError as error:
        key = str(error.message_id).rpartition(".")[2]
        return key, error
    return "legal", None


#: The answers ``placement_legal`` aims at, drawn first from the seed (at 2 the position offers a mix).
PLACEMENT_TARGETS: dict[int, tuple[tuple[str, ...], ...]] = {
    1: (("legal",), ("mastermind_target_taken", "protagonist_target_taken")),
    3: (("spent",), ("legal",)),
}


def _make_placement(rng: random.Random, seed: int, difficulty: int) -> Exercise:
    # the answer drawn first at 1 (legal, or a target taken) and 3 (spent, or still in this owner's hand)
    aims = PLACEMENT_TARGETS.get(difficulty)
    want: tuple[str, ...] | None = target_answer("placement_legal", seed, difficulty, aims) if aims else None
    for tries_so_far in range(1000):
        sid, game = _new_game(rng)
        agents = _agents(rng)
        skip = rng.randrange(8)
        placed = rng.randrange(6)
        seen = [0]

        def at_place(g: Game, seen: list[int] = seen, skip: int = skip, placed: int = placed) -> bool:
            p = g.pending
            if p is None or p.kind is not DecisionKind.PLACE_CARD or len(g.cards) != placed:
                return False
            seen[0] += 1
            return seen[0] > skip

        if not _run(game, agents, at_place):
            continue
        pending = game.pending
        assert pending is not None
        owner = pending.who
        side = side_of(owner)
        targets = [*game.locations, *(c for c in game.cast if game.chars[c].location is not None)]
        tries = [PlaceCard(card, t) for card in game.deck.hands[side] for t in targets]
        graded = []
        for attempt in tries:
            verdict, error = placement_verdict(game, attempt)
            level = _placement_level(game, owner, attempt, verdict)
            if level == difficulty:
                graded.append((attempt, verdict, error))
        if not graded:
            continue
        by_verdict: dict[str, list[tuple[PlaceCard, str, IllegalActionError | None]]] = {}
        for item in graded:
            by_verdict.setdefault(item[1], []).append(item)
        if want is not None and tries_so_far < 300:
            by_verdict = {v: items for v, items in by_verdict.items() if v in want}
            if not by_verdict:
                continue
        attempt, verdict, error = rng.choice(by_verdict[rng.choice(sorted(by_verdict))])
        return _placement_exercise(sid, seed, difficulty, game, owner, attempt, verdict, error)
    raise RuntimeError(f"no placement_legal exercise of difficulty {difficulty} for seed {seed}")


def _placement_level(game: Game, owner: str, attempt: PlaceCard, verdict: str) -> int:
    """1: a free target or the same side's (TL-D2a, TL-D3c); 2: a protagonist on the Mastermind's target
    (TL-D3b), a card no longer in hand, a corpse; 3: a once-per-loop card (TL-D4c), spent earlier this loop
    by this owner, or not by this owner while once-per-loop cards lie spent in front of someone."""
    mm_there = any(pc.owner == "mastermind" and pc.target == attempt.target for pc in game.cards)
    if verdict == "spent" or (verdict == "legal" and _once_unspent(game, owner, attempt.card)):
        return 3
    if verdict in ("not_in_hand", "corpse"):
        return 2
    if verdict == "legal" and owner != "mastermind" and mm_there:
        return 2
    if verdict in ("legal", "mastermind_target_taken", "protagonist_target_taken"):
        return 1
    return 0


def _once_unspent(game: Game, owner: str, card: str) -> bool:
    """A once-per-loop card this owner has not spent this loop, while some are spent (TL-D4c)."""
    return card in game.deck.once_per_loop[side_of(owner)] and card not in game.spent[owner] and any(
        game.spent[o] for o in game.spent)


def _placement_exercise(sid: str, seed: int, difficulty: int, game: Game, owner: str, attempt: PlaceCard,
                        verdict: str, error: IllegalActionError | None) -> Exercise:
    mm = owner == "mastermind"
    fields = {"owner": Name("owner", owner), "card": Name("card", attempt.card),
              "target": Name("target", attempt.target)}
    rules = {"TL-D2" if mm else "TL-D3"}
    lines: list[Message] = []
    if error is None:
        mm_there = any(pc.owner == "mastermind" and pc.target == attempt.target for pc in game.cards)
        ok = "exercise.looper.placement_ok_mm" if mm else "exercise.looper.placement_ok"
        lines.append(Message(ok, fields))
        rules.add("TL-D2a" if mm else "TL-D3c")
        if not mm:
            rules.add("TL-D3a")
        if mm_there and not mm:
            rules.add("TL-D3b")
            lines.append(Message("exercise.looper.placement_ok_with_mm", fields))
        if _once_unspent(game, owner, attempt.card):
            rules.add("TL-D4c")
            lines.append(Message("exercise.looper.placement_once_unspent", fields))
    else:
        rules = {error.rule_id}
        assert error.message_id is not None
        lines.append(Message("exercise.looper.placement_refused", {
            **fields, "rule": error.rule_id, "why": Message(error.message_id, error.fields)}))
        if verdict == "spent":
            lines.append(Message("exercise.looper.placement_why_spent", fields))
        elif verdict == "not_in_hand":
            lines.append(Message("exercise.looper.placement_why_not_in_hand", fields))
        elif verdict == "corpse":
            lines.append(Message("exercise.looper.placement_why_corpse", fields))
    spent = [(o, c) for o in game.spent for c in game.spent[o]]
    question = Message("exercise.looper.question_placement", {
        "where": _where(sid, game), "cards": _card_line(game.cards),
        "spent": _Joined(tuple(Message("exercise.looper.card_of", {"owner": Name("owner", o),
                                                                   "card": Name("card", c)})
                               for o, c in spent)),
        "dead": _names("character", [c for c in game.cast if not game.chars[c].alive]), **fields})
    form = Choice(tuple(Option(k, Message(f"exercise.looper.placement_{k}", {})) for k in _PLACEMENT_KEYS))
    q = _Question(difficulty, question, form, verdict, tuple(lines), _ordered(rules), {})
    return _exercise("placement_legal", seed, difficulty, q, _situation(
        sid, seed, game, viewer="mastermind", owner=owner, attempt=to_dict(attempt)))


# --------------------------------------------------------------------------------- registry

register(Kind("looper", "board_after_cards", "exercise.kind.looper.board_after_cards",
              ("TL-D4", "TL-D4a", "TL-D4c"), (1, 2, 3), _make_board))
register(Kind("looper", "incident", "exercise.kind.looper.incident",
              ("TL-D7a", "TL-D7b", "TL-D7c", "TL-D7d", "TL-D7e", "TL-D7f"), (1, 2, 3), _make_incident))
register(Kind("looper", "loop_lost", "exercise.kind.looper.loop_lost",
              ("TL-LE1", "TL-LE2", "TL-LE2a", "TL-LE2b"), (1, 2, 3), _make_loop_lost))
register(Kind("looper", "goodwill_refusal", "exercise.kind.looper.goodwill_refusal",
              ("TL-D6c", "TL-D6d"), (1, 2, 3), _make_refusal))
register(Kind("looper", "placement_legal", "exercise.kind.looper.placement_legal",
              ("TL-D2", "TL-D2a", "TL-D3", "TL-D3a", "TL-D3b", "TL-D3c", "TL-D4c"), (1, 2, 3),
              _make_placement))
