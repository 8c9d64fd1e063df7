"""The prepared demonstrations of notebooks 02 and 03, played through the engine from fixed plans.

Each :class:`Demo` is a short situation driven by :func:`rulesengine.contract.drive` with a
:class:`~rulesengine.looper.play.plans.PlanAgent` (the plans are in this module), and the facts a learner
should see, read from the game. Notebook 02 (:func:`demo`): forbid before movement, combined movement,
a cancelled once-per-loop card, two Forbid Intrigue cards, a goodwill refusal, an incident that does
not happen, an incident with no effect. Notebook 03 (:func:`loop_demo`): the three ways a loop ends
(TL-LE1), the loss check (TL-LE2), the rewind (TL-RW) and the time spiral (TL-TS1, TL-TS2);
:func:`final_guess_game` brings a game to the final guess.

A fact is a message of the catalogs (``looper.demo.*``) or a line of the game's log, kept with its
fields and written in the language asked for: :attr:`Demo.facts` in the current language,
:meth:`Demo.facts_in` in any. Every name in them is a readable one.

The module lives under ``viz`` because the facts are sentences of the log's text layer
(:mod:`rulesengine.viz.looper.text`) and :meth:`Demo.picture` is a board picture; the plans and the
driver are engine code (:mod:`rulesengine.looper.play.plans`, :mod:`rulesengine.contract`).

>>> print(demo("combined_movement").facts[0])
Doctor: Hospital → School (↕ + ↔ combine into one diagonal move)
>>> print(demo("combined_movement").facts_in("vi")[0])
Bác sĩ: Bệnh viện → Trường học (↕ + ↔ gộp thành một bước chéo)
>>> print(loop_demo("last_day").facts[-1])
outcome: winner Protagonists (the protagonists survived a loop) in loop 1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulesengine.contract import drive
from rulesengine.looper.play.plans import DayPlan, PlanAgent, plan, plan_agents, run_until
from rulesengine.looper.rules.actions import Choose
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.looper.rules.state import Phase, Side
from rulesengine.looper.rules.text import describe_event
from rulesengine.messages import Message, Name, current_language, message
from rulesengine.viz.common import SECRET_MARK
from rulesengine.viz.looper.board import picture_from_game

__all__ = ["DEMOS", "LOOP_DEMOS", "Demo", "Fact", "demo", "final_guess_game", "loop_demo"]


class Fact(Protocol):
    """Anything written in a language on demand: a :class:`~rulesengine.messages.Message`, a log line."""

    def localized(self, language: str) -> str: ...


@dataclass(frozen=True)
class LogLine:
    """One event of the game's log as a fact (with the Mastermind's badge mark when it is secret)."""

    event: Mapping[str, Any]
    cards: Sequence[Sequence[str]] = ()

    def localized(self, language: str) -> str:
        """The event's sentence in ``language`` (default: the current one)."""
        mark = "" if self.event.get("visibility", "public") == "public" else SECRET_MARK
        return mark + describe_event(self.event, language, cards=self.cards)


def say(message_id: str, **fields: Any) -> Message:
    """A fact from the catalog: ``looper.demo.<message_id>`` with its fields."""
    return Message(f"looper.demo.{message_id}", fields)


@dataclass(frozen=True)
class Several:
    """A list of facts joined with commas, or the catalog's "none" when empty."""

    items: tuple[Fact, ...]

    def localized(self, language: str) -> str:
        if not self.items:
            return message("looper.demo.none", language)
        return ", ".join(item.localized(language) for item in self.items)


@dataclass(frozen=True)
class YesNo:
    """A truth value as a word of the sentence's language."""

    value: bool

    def localized(self, language: str) -> str:
        return message("looper.demo.yes" if self.value else "looper.demo.no", language)


@dataclass
class Demo:
    """A short prepared situation: the game (driven by the engine from a plan), what it shows, the facts."""

    key: str
    rules: str
    game: Game
    parts: list[Fact] = field(default_factory=list)
    show_resolved: bool = False

    @property
    def title(self) -> str:
        """The demonstration's title in the current language."""
        return message(f"looper.demo.title.{self.key}")

    @property
    def facts(self) -> list[str]:
        """The facts in the current language."""
        return self.facts_in(None)

    def facts_in(self, language: str | None) -> list[str]:
        """The facts in ``language`` (``'en'``, ``'vi'``; ``None``: the current one)."""
        lang = current_language() if language is None else language
        return [part.localized(lang) for part in self.parts]

    def picture(self, viewer: str = "mastermind") -> Any:
        """The board picture of the demonstration."""
        return picture_from_game(self.game, viewer, show_resolved=self.show_resolved, highlight=0)

    def report(self, language: str | None = None) -> str:
        """Title, rule ids and the facts, one per line."""
        title = message(f"looper.demo.title.{self.key}", language)
        return "\n".join([f"{title} ({self.rules})", *[f"  {f}" for f in self.facts_in(language)]])


def _game(script_id: str) -> Game:
    return Game(load_script(SCRIPTS_DIR / f"{script_id}.yaml"), pause_between_phases=True)


def _where(game: Game, cid: str) -> Name:
    return Name("target", str(game.chars[cid].location))


def _lines(events: Sequence[Mapping[str, Any]]) -> list[Fact]:
    """Each event as a :class:`LogLine`, with the cards turned over before it (for cancelled cards)."""
    lines: list[Fact] = []
    cards: Sequence[Sequence[str]] = ()
    for e in events:
        if e.get("kind") == "cards_revealed":
            cards = e.get("cards") or ()
        lines.append(LogLine(e, cards))
    return lines


def _public(game: Game, kinds: Sequence[str]) -> list[Fact]:
    events = [e for e in game.view("protagonists")["log"] if e["kind"] in kinds and e["day"] == game.day]
    return _lines(events)


def _card_on(card: str, target: str) -> Message:
    return Message("looper.item.cancelled", {"card": Name("card", card), "target": Name("target", target)})


def _forbid_before_movement() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "move_vertical@girl_student intrigue_plus_1@city paranoia_plus_1@doctor",
        "forbid_movement@girl_student goodwill_plus_1@doctor paranoia_plus_1@shrine_maiden",
    )
    start = _where(game, "girl_student")
    run_until(game, plan_agents([day1]), 1, Phase.MASTERMIND_ABILITY)
    facts: list[Fact] = [
        say("forbid_first", character=Name("character", "girl_student"), before=start,
            after=_where(game, "girl_student")),
        say("cancelled_cards", cards=_cancelled(game)),
    ]
    return Demo("forbid_before_movement", "TL-D4, TL-D4a", game, facts, True)


def _cancelled(game: Game) -> Several:
    events = game.view("mastermind")["log"]
    revealed = next(e for e in reversed(events) if e["kind"] == "cards_revealed")["cards"]
    resolved = next(e for e in reversed(events) if e["kind"] == "cards_resolved")
    return Several(tuple(_card_on(revealed[i][1], revealed[i][2]) for i in resolved["cancelled"]))


def _combined_movement() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "move_vertical@doctor move_horizontal@office_worker paranoia_plus_1@pop_idol",
        "move_horizontal@doctor move_horizontal@office_worker goodwill_plus_1@girl_student",
    )
    doctor, worker = _where(game, "doctor"), _where(game, "office_worker")
    run_until(game, plan_agents([day1]), 1, Phase.MASTERMIND_ABILITY)
    facts: list[Fact] = [
        say("diagonal", character=Name("character", "doctor"), before=doctor, after=_where(game, "doctor")),
        say("move_ignored", character=Name("character", "office_worker"), before=worker,
            after=_where(game, "office_worker"), location=Name("target", "school")),
    ]
    return Demo("combined_movement", "TL-D4", game, facts, True)


def _cancelled_once_per_loop() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "intrigue_plus_2@city paranoia_plus_1@doctor intrigue_plus_1@hospital",
        "forbid_intrigue@city goodwill_plus_1@doctor paranoia_plus_1@shrine_maiden",
    )
    run_until(game, plan_agents([day1, DayPlan()]), 2, Phase.MASTERMIND_CARDS)
    facts: list[Fact] = [
        say("intrigue_after_forbid", location=Name("target", "city"), intrigue=game.location_intrigue["city"],
            card=Name("card", "intrigue_plus_2")),
        say("spent_cards", owner=Name("owner", "mastermind"),
            cards=Several(tuple(Name("card", c) for c in game.spent["mastermind"]))),
        say("in_hand_on_day", card=Name("card", "intrigue_plus_2"), owner=Name("owner", "mastermind"),
            day=game.day, answer=YesNo("intrigue_plus_2" in game.hand("mastermind"))),
    ]
    return Demo("cancelled_once_per_loop", "TL-D4a, TL-D4c", game, facts)


def _two_forbid_intrigue() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "intrigue_plus_2@city intrigue_plus_1@school paranoia_plus_1@doctor",
        "forbid_intrigue@city forbid_intrigue@school goodwill_plus_1@doctor",
    )
    run_until(game, plan_agents([day1]), 1, Phase.MASTERMIND_ABILITY)
    resolved = next(e for e in reversed(game.view("protagonists")["log"]) if e["kind"] == "cards_resolved")
    facts: list[Fact] = [
        say("two_intrigues", first=Name("target", "city"), a=game.location_intrigue["city"],
            second=Name("target", "school"), b=game.location_intrigue["school"]),
        say("forbids_void", answer=YesNo(bool(resolved["forbid_intrigue_void"]))),
    ]
    return Demo("two_forbid_intrigue", "TL-D4, TL-D4a", game, facts, True)


def _goodwill_refusal() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "paranoia_plus_1@doctor intrigue_plus_1@hospital move_horizontal@shrine_maiden",
        "goodwill_plus_2@office_worker goodwill_plus_1@doctor paranoia_plus_1@boy_student",
    )
    day2 = plan(
        "paranoia_plus_1@doctor intrigue_plus_1@hospital paranoia_minus_1@boy_student",
        "goodwill_plus_1@office_worker goodwill_plus_1@doctor paranoia_minus_1@girl_student",
        goodwill="office_worker.1",
        refuse=True,
    )
    run_until(game, plan_agents([day1, day2]), 2, Phase.LEADER_SWITCH)
    secret = [
        e for e in game.view("mastermind")["log"]
        if e["kind"] == "refusal" and e["day"] == game.day
    ]
    facts: list[Fact] = [
        *_public(game, ("goodwill_declared", "goodwill_refused")),
        say("goodwill_kept", character=Name("character", "office_worker"),
            goodwill=game.chars["office_worker"].goodwill),
        say("counts_as_used", answer=YesNo("office_worker.1" in game.used_today)),
        say("mastermind_log_adds", lines=Several(tuple(_Plain(line) for line in _lines(secret)))),
    ]
    return Demo("goodwill_refusal", "TL-D6c, TL-D6f", game, facts)


@dataclass(frozen=True)
class _Plain:
    """A log line without its secret mark (inside a sentence that already says whose log it is)."""

    line: Fact

    def localized(self, language: str) -> str:
        return self.line.localized(language).removeprefix(SECRET_MARK)


@dataclass(frozen=True)
class _Secret:
    """A fact only the Mastermind knows (shown with the Mastermind's badge)."""

    fact: Fact

    def localized(self, language: str) -> str:
        return SECRET_MARK + self.fact.localized(language)


def _incident_not_happened() -> Demo:
    game = _game("fs_01_tutorial")
    calm = plan(
        "paranoia_plus_1@doctor intrigue_plus_1@hospital paranoia_plus_1@shrine_maiden",
        "paranoia_minus_1@doctor goodwill_plus_1@girl_student paranoia_minus_1@shrine_maiden",
    )
    calm2 = plan(
        "paranoia_plus_1@doctor intrigue_plus_1@hospital paranoia_plus_1@shrine_maiden",
        "goodwill_plus_1@doctor goodwill_plus_1@girl_student paranoia_plus_1@boy_student",
    )
    run_until(game, plan_agents([calm, calm2]), 2, Phase.LEADER_SWITCH)
    sched = game.script.incident_on(2)
    assert sched is not None
    culprit = game.chars[sched.culprit]
    facts: list[Fact] = [
        *_public(game, ("incident_not_happened", "incident_happened")),
        _Secret(say("culprit_calm", culprit=Name("character", sched.culprit), paranoia=culprit.paranoia,
            limit=game.content.characters[sched.culprit].paranoia_limit)),
    ]
    return Demo("incident_not_happened", "TL-D7, TL-D7a, TL-D7b", game, facts)


def _incident_no_effect() -> Demo:
    game = _game("fs_02_quiet_ward")
    day = plan(
        "paranoia_plus_1@doctor intrigue_plus_1@school paranoia_plus_1@journalist",
        "goodwill_plus_1@nurse goodwill_plus_1@patient goodwill_plus_1@class_rep",
    )
    day3 = plan(
        "paranoia_plus_1@journalist intrigue_plus_1@school paranoia_minus_1@nurse",
        "goodwill_plus_1@nurse goodwill_plus_1@patient goodwill_plus_1@class_rep",
    )
    run_until(game, plan_agents([day, day, day3]), 3, Phase.LEADER_SWITCH)
    facts: list[Fact] = [
        *_public(game, ("incident_happened", "incident_no_effect", "incident_not_happened", "death")),
        say("hospital_empty", location=Name("target", "hospital"),
            intrigue=game.location_intrigue["hospital"], incident=Name("incident", "hospital_incident")),
        say("dead", characters=Several(tuple(Name("character", c) for c in game.cast
                                             if not game.chars[c].alive))),
    ]
    return Demo("incident_no_effect", "TL-D7, TL-D7e", game, facts)


DEMOS: dict[str, Callable[[], Demo]] = {
    "forbid_before_movement": _forbid_before_movement,
    "combined_movement": _combined_movement,
    "cancelled_once_per_loop": _cancelled_once_per_loop,
    "two_forbid_intrigue": _two_forbid_intrigue,
    "goodwill_refusal": _goodwill_refusal,
    "incident_not_happened": _incident_not_happened,
    "incident_no_effect": _incident_no_effect,
}


def demo(key: str) -> Demo:
    """Build one demonstration of notebook 02 by playing its plan through the engine.

    >>> print(demo("combined_movement").facts[0])
    Doctor: Hospital → School (↕ + ↔ combine into one diagonal move)
    """
    if key not in DEMOS:
        raise KeyError(f"unknown demonstration {key!r} (known: {', '.join(DEMOS)})")
    return DEMOS[key]()


# ------------------------------------------------------------------------- notebook 03: loop end

QUIET = plan(
    "paranoia_plus_1@doctor intrigue_plus_1@hospital paranoia_plus_1@shrine_maiden",
    "goodwill_plus_1@doctor goodwill_plus_1@girl_student goodwill_plus_1@shrine_maiden",
)
#: The Boy Student (Murder culprit of day 3, limit 2) is pushed to his limit; the girl stays at School.
MURDER = [
    plan(
        "paranoia_plus_1@boy_student intrigue_plus_2@hospital paranoia_plus_1@doctor",
        "goodwill_plus_2@doctor goodwill_plus_1@girl_student goodwill_plus_1@shrine_maiden",
    ),
    plan(
        "paranoia_plus_1@boy_student intrigue_plus_1@hospital paranoia_plus_1@doctor",
        "goodwill_plus_1@doctor goodwill_plus_1@girl_student goodwill_plus_1@shrine_maiden",
    ),
    QUIET,
]
#: The Killer (Office Worker) gathers 4 intrigue: Intrigue +2 and the Brain on day 1, Intrigue +1 on day 2.
KILLER = [
    plan(
        "intrigue_plus_2@office_worker paranoia_plus_1@doctor paranoia_plus_1@shrine_maiden",
        "goodwill_plus_1@doctor goodwill_plus_1@girl_student goodwill_plus_1@boy_student",
        abilities="brain.1@office_worker",
    ),
    plan(
        "intrigue_plus_1@office_worker paranoia_plus_1@doctor paranoia_plus_1@shrine_maiden",
        "goodwill_plus_1@doctor goodwill_plus_1@girl_student goodwill_plus_1@boy_student",
        abilities="killer.2",
    ),
]


def run(game: Game, agent: PlanAgent, until: Callable[[Game], bool]) -> Game:
    """Drive ``game`` with ``agent`` (for both sides) until ``until(game)`` holds or the game ends."""
    return drive(game, {Side.MASTERMIND: agent, Side.PROTAGONISTS: agent}, until=until)


def _events(game: Game, viewer: str, kinds: Sequence[str], loop: int | None = None) -> list[Fact]:
    events = [
        e for e in game.view(viewer)["log"] if e["kind"] in kinds and (loop is None or e["loop"] == loop)
    ]
    return _lines(events)


def _board_summary(game: Game) -> Fact:
    """What lies on the board: each character with a token or dead, each location with intrigue."""
    board = game.board()
    items: list[Fact] = []
    for c in board["characters"]:
        counters = tuple(
            Message(f"looper.demo.counter.{k}", {"amount": c[k]})
            for k in ("paranoia", "goodwill", "intrigue") if c[k]
        )
        if counters or not c["alive"]:
            key = "looper.demo.character_tokens" if c["alive"] else "looper.demo.corpse_tokens"
            items.append(Message(key, {"character": Name("character", c["id"]),
                                       "location": Name("target", str(c["location"])),
                                       "tokens": Several(counters)}))
    for location, amount in board["locations"].items():
        if amount:
            items.append(Message("looper.demo.location_intrigue",
                                 {"location": Name("target", location), "amount": amount}))
    if not items:
        return say("board_clean")
    return Several(tuple(items))


def _spent(game: Game) -> Several:
    """The once-per-loop cards laid face up, per owner (TL-D4c)."""
    return Several(tuple(
        Message("looper.demo.spent_item", {"owner": Name("owner", o),
                                           "cards": Several(tuple(Name("card", c) for c in v))})
        for o, v in game.spent.items() if v
    ))


def _outcome(game: Game) -> Fact:
    outcome = game.outcome
    assert outcome is not None
    return say("outcome", winner=Name("side", outcome.winner), reason=Name("outcome", outcome.reason),
               loop=outcome.loop)


def _last_day() -> Demo:
    game = _game("fs_01_tutorial")
    run(game, PlanAgent([QUIET, QUIET, QUIET]), lambda g: False)
    facts: list[Fact] = [
        *_events(game, "protagonists", ("incident_not_happened",)),
        *_events(game, "protagonists", ("loop_end",)),
        *_events(game, "mastermind", ("loop_end_reasons",)),
        _outcome(game),
    ]
    return Demo("last_day", "TL-LE1, TL-LE2", game, facts)


def _key_person_dies() -> Demo:
    game = _game("fs_01_tutorial")
    run(game, PlanAgent(MURDER), lambda g: g.phase is Phase.TIME_SPIRAL or g.loop > 1)
    facts: list[Fact] = [
        *_events(game, "protagonists", ("incident_happened", "death", "loop_end"), loop=1),
        *_events(game, "mastermind", ("incident_culprit", "loop_end_reasons"), loop=1),
        say("ended_early", day=game.day, days=game.script.days),
        say("loops_left", loops=game.script.loops - game.loop),
    ]
    return Demo("key_person_dies", "TL-LE1, TL-LE2a", game, facts)


def _protagonists_die() -> Demo:
    game = _game("fs_01_tutorial")
    run(game, PlanAgent(KILLER), lambda g: g.phase is Phase.TIME_SPIRAL or g.loop > 1)
    office = [e for e in game.log if e.kind == "intrigue" and e.data.get("target") == "office_worker"]
    facts: list[Fact] = [
        say("intrigue_on", character=Name("character", "office_worker"),
            intrigue=sum(int(e.data["amount"]) for e in office)),
        *_events(game, "protagonists", ("protagonists_died", "loop_end"), loop=1),
        *_events(game, "mastermind", ("ability", "loop_end_reasons"), loop=1),
        say("ended_on_day", day=game.day),
    ]
    return Demo("protagonists_die", "TL-LE1, TL-LE2a", game, facts)


def _rewind() -> Demo:
    game = _game("fs_01_tutorial")
    agent = PlanAgent(MURDER)
    run(game, agent, lambda g: g.phase is Phase.TIME_SPIRAL and g.is_paused)
    leader_before = game.leader
    spent_before = _spent(game)
    end_board = _board_summary(game)
    run(game, agent, lambda g: g.loop == 2 and g.phase is Phase.DAY_START)
    at_start = all(
        game.chars[c].location == game.content.characters[c].start
        for c in game.cast if game.content.characters[c].start is not None
    )
    facts: list[Fact] = [
        say("at_loop_end", board=end_board),
        say("after_rewind", board=_board_summary(game), at_start=YesNo(at_start)),
        say("leader_kept", loop=game.loop, day=game.day, before=Name("owner", f"protagonist:{leader_before}"),
            after=Name("owner", f"protagonist:{game.leader}")),
        say("spent_reset", before=spent_before, after=_spent(game)),
        say("knowledge_kept", incident=Name("incident", "murder"),
            answer=YesNo(any(e.loop == 1 and e.kind == "incident_happened" for e in game.log))),
    ]
    return Demo("rewind", "TL-RW", game, facts)


def _time_spiral() -> Demo:
    game = _game("btx_01_first_contract")
    agent = PlanAgent(
        [
            plan(
                "intrigue_plus_2@girl_student paranoia_plus_1@doctor paranoia_plus_1@journalist",
                "goodwill_plus_1@doctor goodwill_plus_1@pop_idol goodwill_plus_1@class_rep",
            )
        ]
    )
    run(game, agent, lambda g: g.pending is not None and g.pending.kind == "time_spiral")
    assert game.pending is not None
    options = [a.option for a in game.legal_actions() if isinstance(a, Choose)]
    facts: list[Fact] = [
        *_events(game, "protagonists", ("loop_end",), loop=1),
        *_events(game, "mastermind", ("loop_end_reasons",), loop=1),
        say("leader_decides", rule=game.pending.rule_id,
            options=Several(tuple(Name("choice", o) for o in options))),
    ]
    return Demo("time_spiral", "TL-TS1, TL-TS2", game, facts)


LOOP_DEMOS = {
    "last_day": _last_day,
    "key_person_dies": _key_person_dies,
    "protagonists_die": _protagonists_die,
    "rewind": _rewind,
    "time_spiral": _time_spiral,
}


def loop_demo(key: str) -> Demo:
    """Build one loop-end demonstration of notebook 03 by playing its plan through the engine."""
    if key not in LOOP_DEMOS:
        raise KeyError(f"unknown demonstration {key!r} (known: {', '.join(LOOP_DEMOS)})")
    return LOOP_DEMOS[key]()


def final_guess_game(script_id: str = "btx_01_first_contract") -> Game:
    """A Basic Tragedy X game brought to the final guess: loop 1 is lost (2 intrigue on the Key Person,
    Sign with me!) and at the time spiral the leader goes straight to the final guess (TL-TS2)."""
    game = _game(script_id)
    agent = PlanAgent(
        [
            plan(
                "intrigue_plus_2@girl_student paranoia_plus_1@doctor paranoia_plus_1@journalist",
                "goodwill_plus_1@doctor goodwill_plus_1@pop_idol goodwill_plus_1@class_rep",
            )
        ],
        time_spiral="final_guess",
    )
    return run(game, agent, lambda g: g.phase is Phase.FINAL_GUESS and g.pending is not None)
