"""The prepared demonstrations of notebooks 02 and 03, played through the engine from fixed plans.

Each :class:`Demo` is a short situation driven by :func:`rulesengine.contract.drive` with a
:class:`~rulesengine.looper.plans.PlanAgent` (the plans are in this module), and the facts a learner
should see, read from the game. Notebook 02 (:func:`demo`): forbid before movement, combined movement,
a cancelled once-per-loop card, two Forbid Intrigue cards, a goodwill refusal, an incident that does
not happen, an incident with no effect. Notebook 03 (:func:`loop_demo`): the three ways a loop ends
(TL-LE1), the loss check (TL-LE2), the rewind (TL-RW) and the time spiral (TL-TS1, TL-TS2);
:func:`final_guess_game` brings a game to the final guess.

The module lives under ``viz`` because the facts are sentences of the log's text layer
(:mod:`rulesengine.viz.looper_text`) and :meth:`Demo.picture` is a board picture; the plans and the
driver are engine code (:mod:`rulesengine.looper.plans`, :mod:`rulesengine.contract`).

>>> print(demo("combined_movement").facts[0])
Doctor: hospital → school (↕ + ↔ combine into one diagonal move)
>>> print(loop_demo("last_day").facts[-1])
outcome: protagonists win (loop survived) in loop 1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rulesengine.contract import drive
from rulesengine.looper.actions import Choose
from rulesengine.looper.engine import Game
from rulesengine.looper.plans import DayPlan, PlanAgent, plan, plan_agents, run_until
from rulesengine.looper.script import SCRIPTS_DIR, load_script
from rulesengine.looper.state import Phase, Side
from rulesengine.viz.looper_board import picture_from_game
from rulesengine.viz.looper_text import log_lines
from rulesengine.viz.looper_text import target_name as name_of

__all__ = ["DEMOS", "LOOP_DEMOS", "Demo", "demo", "final_guess_game", "loop_demo"]


@dataclass
class Demo:
    """A short prepared situation: the game (driven by the engine from a plan), what it shows, the facts."""

    key: str
    title: str
    rules: str
    game: Game
    facts: list[str]
    show_resolved: bool = False

    def picture(self, viewer: str = "mastermind") -> Any:
        """The board picture of the demonstration."""
        return picture_from_game(self.game, viewer, show_resolved=self.show_resolved, highlight=0)

    def report(self) -> str:
        """Title, rule ids and the facts, one per line."""
        return "\n".join([f"{self.title} ({self.rules})", *[f"  {f}" for f in self.facts]])


def _game(script_id: str) -> Game:
    return Game(load_script(SCRIPTS_DIR / f"{script_id}.yaml"), pause_between_phases=True)


def _where(game: Game, cid: str) -> str:
    return str(game.chars[cid].location)


def _public(game: Game, kinds: Sequence[str]) -> list[str]:
    events = [e for e in game.view("protagonists")["log"] if e["kind"] in kinds and e["day"] == game.day]
    return [text for _rule, _vis, text in log_lines(events)]


def _forbid_before_movement() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "move_vertical@girl_student intrigue_plus_1@city paranoia_plus_1@doctor",
        "forbid_movement@girl_student goodwill_plus_1@doctor paranoia_plus_1@shrine_maiden",
    )
    start = _where(game, "girl_student")
    run_until(game, plan_agents([day1]), 1, Phase.MASTERMIND_ABILITY)
    facts = [
        f"Girl Student: {start} → {_where(game, 'girl_student')} "
        "(Forbid Movement resolves first and cancels the Movement ↕ on her)",
        f"cancelled cards: {_cancelled(game)}",
    ]
    return Demo("forbid_before_movement", "Forbid before movement", "TL-D4, TL-D4a", game, facts, True)


def _cancelled(game: Game) -> list[str]:
    events = game.view("mastermind")["log"]
    revealed = next(e for e in reversed(events) if e["kind"] == "cards_revealed")["cards"]
    resolved = next(e for e in reversed(events) if e["kind"] == "cards_resolved")
    return [f"{revealed[i][1]} on {revealed[i][2]}" for i in resolved["cancelled"]]


def _combined_movement() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "move_vertical@doctor move_horizontal@office_worker paranoia_plus_1@pop_idol",
        "move_horizontal@doctor move_horizontal@office_worker goodwill_plus_1@girl_student",
    )
    doctor, worker = _where(game, "doctor"), _where(game, "office_worker")
    run_until(game, plan_agents([day1]), 1, Phase.MASTERMIND_ABILITY)
    facts = [
        f"Doctor: {doctor} → {_where(game, 'doctor')} (↕ + ↔ combine into one diagonal move)",
        f"Office Worker: {worker} → {_where(game, 'office_worker')} "
        "(↔ + ↔ is one ↔, into the School, which he may not enter: the whole move is ignored)",
    ]
    return Demo("combined_movement", "Combined movement", "TL-D4", game, facts, True)


def _cancelled_once_per_loop() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "intrigue_plus_2@city paranoia_plus_1@doctor intrigue_plus_1@hospital",
        "forbid_intrigue@city goodwill_plus_1@doctor paranoia_plus_1@shrine_maiden",
    )
    run_until(game, plan_agents([day1, DayPlan()]), 2, Phase.MASTERMIND_CARDS)
    facts = [
        f"City intrigue after day 1: {game.location_intrigue['city']} "
        "(Forbid Intrigue cancelled Intrigue +2)",
        f"Mastermind's spent cards: {game.spent['mastermind']}",
        f"Intrigue +2 in the Mastermind's hand on day 2: {'intrigue_plus_2' in game.hand('mastermind')}",
    ]
    return Demo(
        "cancelled_once_per_loop",
        "A cancelled once-per-loop card is still spent",
        "TL-D4a, TL-D4c",
        game,
        facts,
    )


def _two_forbid_intrigue() -> Demo:
    game = _game("fs_01_tutorial")
    day1 = plan(
        "intrigue_plus_2@city intrigue_plus_1@school paranoia_plus_1@doctor",
        "forbid_intrigue@city forbid_intrigue@school goodwill_plus_1@doctor",
    )
    run_until(game, plan_agents([day1]), 1, Phase.MASTERMIND_ABILITY)
    resolved = next(e for e in reversed(game.view("protagonists")["log"]) if e["kind"] == "cards_resolved")
    facts = [
        f"City intrigue: {game.location_intrigue['city']}, "
        f"School intrigue: {game.location_intrigue['school']}",
        f"two Forbid Intrigue cards void each other: {resolved['forbid_intrigue_void']}",
    ]
    return Demo("two_forbid_intrigue", "Two Forbid Intrigue cards", "TL-D4, TL-D4a", game, facts, True)


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
    facts = [
        *_public(game, ("goodwill_declared", "goodwill_refused")),
        f"Office Worker's goodwill after the refusal: {game.chars['office_worker'].goodwill} "
        "(TL-D6f: not spent)",
        f"office_worker.1 counts as used today: {'office_worker.1' in game.used_today}",
        "the Mastermind's own log adds: "
        + "; ".join(
            t for _r, v, t in log_lines(game.view("mastermind")["log"]) if v != "public" and "Refused" in t
        ),
    ]
    return Demo("goodwill_refusal", "A goodwill refusal", "TL-D6c, TL-D6f", game, facts)


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
    facts = [
        *_public(game, ("incident_not_happened", "incident_happened")),
        f"(Mastermind only) culprit {name_of(sched.culprit)}: paranoia {culprit.paranoia} "
        f"< limit {game.content.characters[sched.culprit].paranoia_limit} (TL-D7b)",
    ]
    return Demo(
        "incident_not_happened", "An incident that does not happen", "TL-D7, TL-D7a, TL-D7b", game, facts
    )


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
    facts = [
        *_public(game, ("incident_happened", "incident_no_effect", "incident_not_happened", "death")),
        f"Hospital intrigue: {game.location_intrigue['hospital']} "
        "(Hospital Incident needs at least 1: TL-D7e)",
        f"dead characters: {[c for c in game.cast if not game.chars[c].alive]}",
    ]
    return Demo("incident_no_effect", "An incident that happens with no effect", "TL-D7, TL-D7e", game, facts)


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
    Doctor: hospital → school (↕ + ↔ combine into one diagonal move)
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


def _events(game: Game, viewer: str, kinds: Sequence[str], loop: int | None = None) -> list[str]:
    events = [
        e for e in game.view(viewer)["log"] if e["kind"] in kinds and (loop is None or e["loop"] == loop)
    ]
    return [("🔒 " if vis != "public" else "") + text for _r, vis, text in log_lines(events)]


def _board_summary(board: dict[str, Any]) -> str:
    chars = ", ".join(
        f"{name_of(c['id'])}{'' if c['alive'] else ' †'}@{c['location']} "
        f"P{c['paranoia']} G{c['goodwill']} I{c['intrigue']}"
        for c in board["characters"]
    )
    places = " ".join(f"{k}:{v}" for k, v in board["locations"].items())
    return f"{chars} | intrigue {places}"


def _last_day() -> Demo:
    game = _game("fs_01_tutorial")
    run(game, PlanAgent([QUIET, QUIET, QUIET]), lambda g: False)
    outcome = game.outcome
    assert outcome is not None
    facts = [
        *_events(game, "protagonists", ("incident_not_happened",)),
        *_events(game, "protagonists", ("loop_end",)),
        *_events(game, "mastermind", ("loop_end_reasons",)),
        f"outcome: {outcome.winner} win ({outcome.reason}) in loop {outcome.loop}",
    ]
    return Demo(
        "last_day", "The last day was played, and no loss condition holds", "TL-LE1, TL-LE2", game, facts
    )


def _key_person_dies() -> Demo:
    game = _game("fs_01_tutorial")
    run(game, PlanAgent(MURDER), lambda g: g.phase is Phase.TIME_SPIRAL or g.loop > 1)
    facts = [
        *_events(game, "protagonists", ("incident_happened", "death", "loop_end"), loop=1),
        *_events(game, "mastermind", ("incident_culprit", "loop_end_reasons"), loop=1),
        f"the loop ended on day {game.day} of {game.script.days}; phases after TL-D7 were skipped",
        f"loops left: {game.script.loops - game.loop}",
    ]
    return Demo(
        "key_person_dies", "The Key Person dies: the loop ends at once", "TL-LE1, TL-LE2a", game, facts
    )


def _protagonists_die() -> Demo:
    game = _game("fs_01_tutorial")
    run(game, PlanAgent(KILLER), lambda g: g.phase is Phase.TIME_SPIRAL or g.loop > 1)
    office = [e for e in game.log if e.kind == "intrigue" and e.data.get("target") == "office_worker"]
    facts = [
        f"intrigue on the Office Worker: {sum(int(e.data['amount']) for e in office)}",
        *_events(game, "protagonists", ("protagonists_died", "loop_end"), loop=1),
        *_events(game, "mastermind", ("ability", "loop_end_reasons"), loop=1),
        f"the loop ended on day {game.day}",
    ]
    return Demo(
        "protagonists_die", "The protagonists die: the loop ends at once", "TL-LE1, TL-LE2a", game, facts
    )


def _rewind() -> Demo:
    game = _game("fs_01_tutorial")
    agent = PlanAgent(MURDER)
    run(game, agent, lambda g: g.phase is Phase.TIME_SPIRAL and g.is_paused)
    leader_before = game.leader
    spent_before = {o: v for o, v in game.spent.items() if v}
    end_board = _board_summary(game.board())
    run(game, agent, lambda g: g.loop == 2 and g.phase is Phase.DAY_START)
    board = game.board()
    facts = [
        f"at loop end: {end_board}",
        f"after the rewind: {_board_summary(board)}",
        f"loop {game.loop}, day {game.day}; leader {'ABC'[leader_before]} → {'ABC'[game.leader]} (kept)",
        f"spent cards before: {spent_before} → after: { {o: v for o, v in game.spent.items() if v} }",
        "knowledge kept: the log still holds loop 1 "
        f"(its Murder: {any(e.loop == 1 and e.kind == 'incident_happened' for e in game.log)})",
    ]
    return Demo("rewind", "The rewind: what resets and what carries over", "TL-RW", game, facts)


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
    facts = [
        *_events(game, "protagonists", ("loop_end",), loop=1),
        *_events(game, "mastermind", ("loop_end_reasons",), loop=1),
        f"the leader decides ({game.pending.rule_id}): {options}",
    ]
    return Demo("time_spiral", "The time spiral (Basic Tragedy X)", "TL-TS1, TL-TS2", game, facts)


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
