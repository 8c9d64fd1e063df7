"""Prepared days: a :class:`DayPlan` per day, the :class:`PlanAgent` that answers from them, and drivers.

A plan fixes the choices of one day, so a notebook can show a prepared situation with the same outcome
on every run; the engine still makes every rule decision. :class:`PlanAgent` is an ordinary agent
(``agent(observation, legal_actions)``): it reads only the observation of the side it answers for.
:func:`run_until` drives a game that pauses between phases (``pause_between_phases``) up to a step of a
day, through :func:`rulesengine.contract.drive`.

>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> from rulesengine.looper.rules.state import Phase
>>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"), pause_between_phases=True)
>>> day1 = plan("intrigue_plus_2@city paranoia_plus_1@doctor intrigue_plus_1@hospital",
...             "forbid_intrigue@city goodwill_plus_1@doctor paranoia_plus_1@shrine_maiden")
>>> game = run_until(game, plan_agents([day1]), 1, Phase.MASTERMIND_ABILITY)
>>> game.location_intrigue["city"], game.spent["mastermind"]
(0, ['intrigue_plus_2'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulesengine.contract import drive
from rulesengine.errors import RulesEngineError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.rules.actions import Action, Choose, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import Observation
from rulesengine.looper.rules.state import Decision, Phase, Side

__all__ = ["Agent", "DayPlan", "PlanAgent", "heuristic_agents", "plan", "plan_agents", "run_until"]

#: An agent of either side: its side's observation (a ``ProtagonistsObservation`` or a
#: ``MastermindObservation``) and the legal options in, one option out.
Agent = Callable[[Any, Sequence[Action]], Action]


@dataclass(frozen=True)
class DayPlan:
    """The choices of one prepared day: three Mastermind cards, one card per protagonist (leader
    first), the goodwill abilities the leader declares (by ability id) and whether the Mastermind
    refuses when it may (TL-D6c), and the Mastermind abilities it uses at TL-D5 or TL-D9 (``id`` or
    ``id@target``).
    Everything else is answered with Pass or the first legal option."""

    mastermind: tuple[tuple[str, str], ...] = ()
    protagonists: tuple[tuple[str, str], ...] = ()
    goodwill: tuple[str, ...] = ()
    refuse: bool = False
    abilities: tuple[str, ...] = ()


def plan(
    mastermind: str, protagonists: str, goodwill: str = "", refuse: bool = False, abilities: str = ""
) -> DayPlan:
    """A :class:`DayPlan` from short text: ``"card@target card@target card@target"`` per side.

    >>> plan("paranoia_plus_1@doctor intrigue_plus_1@city move_vertical@girl_student", "").mastermind[1]
    ('intrigue_plus_1', 'city')
    """

    def cards(text: str) -> tuple[tuple[str, str], ...]:
        return tuple((c, t) for c, t in (item.split("@") for item in text.split()))

    return DayPlan(
        cards(mastermind), cards(protagonists), tuple(goodwill.split()), refuse, tuple(abilities.split())
    )


@dataclass
class PlanAgent:
    """An agent that answers from a list of :class:`DayPlan` (one per day; the list restarts each loop).

    At the time spiral it answers ``time_spiral`` (``"next_loop"`` or ``"final_guess"``, TL-TS2).
    """

    plans: Sequence[DayPlan]
    declared: dict[tuple[int, int], int] = field(default_factory=dict)
    used: set[tuple[int, int, str]] = field(default_factory=set)
    time_spiral: str = "next_loop"

    def _plan(self, obs: Observation) -> DayPlan:
        index = obs.day - 1
        return self.plans[index] if index < len(self.plans) else DayPlan()

    def reset(self) -> None:
        """Forget the abilities declared and used (for a new game)."""
        self.declared.clear()
        self.used.clear()

    def __call__(self, obs: Observation, options: Sequence[Action]) -> Action:
        """Answer the pending decision from the plan of the current day."""
        decision = obs.pending
        assert isinstance(decision, Decision), "an agent is asked only for its own side's decisions"
        plan = self._plan(obs)
        if decision.kind == "place_card":
            mm = decision.who == "mastermind"
            mine = [c for c in obs.cards if (c.owner == "mastermind") == mm]
            cards = plan.mastermind if mm else plan.protagonists
            if len(mine) < len(cards):
                card, target = cards[len(mine)]
                return PlaceCard(card, target)
            return options[0]
        if decision.kind == "goodwill":
            key = (obs.loop, obs.day)
            done = self.declared.get(key, 0)
            if done < len(plan.goodwill):
                self.declared[key] = done + 1
                wanted = plan.goodwill[done]
                for option in options:
                    if isinstance(option, UseAbility) and option.ability == wanted:
                        return option
                raise RulesEngineError(f"TL-D6a: the plan's ability {wanted} cannot be declared now")
            return Pass()
        if decision.kind in ("mastermind_ability", "day_end_ability"):
            for wanted in plan.abilities:
                key3 = (obs.loop, obs.day, wanted)
                if key3 in self.used:
                    continue
                ability, _, target = wanted.partition("@")
                for option in options:
                    if (
                        isinstance(option, UseAbility)
                        and option.ability == ability
                        and target in ("", option.target)
                    ):
                        self.used.add(key3)
                        return option
            return Pass()
        if decision.kind == "goodwill_response":
            return Refuse() if plan.refuse and Refuse() in options else options[0]
        if decision.kind == "time_spiral":
            return Choose(self.time_spiral)
        if Pass() in options:
            return Pass()
        return options[0]


def plan_agents(plans: Sequence[DayPlan], time_spiral: str = "next_loop") -> dict[str, Agent]:
    """The same plan answering for both sides."""
    agent = PlanAgent(plans, time_spiral=time_spiral)
    return {Side.MASTERMIND: agent, Side.PROTAGONISTS: agent}


def heuristic_agents(seed: int = 2026) -> dict[str, Agent]:
    """The engine's heuristic agents for both sides, seeded."""
    return {Side.MASTERMIND: HeuristicMastermind(seed), Side.PROTAGONISTS: HeuristicProtagonists(seed + 1)}


def run_until(game: Game, agents: Mapping[str, Agent], day: int, phase: Phase) -> Game:
    """Drive a pausing game with ``agents`` until it stands paused before ``phase`` of ``day`` (or ends)."""
    return drive(game, agents, until=lambda g: g.is_paused and g.day == day and g.phase is phase)
