"""The day stepper of notebook 02, the plans that drive prepared days, and the tricky-case demonstrations.

:class:`DayStepper` plays a shipped script one phase at a time (TL-D1..TL-D9): **Next step** moves one
phase on. Each side's decisions are made by an agent, or by the learner through the decision panel.
After every step the board picture, the step bar and the game log are redrawn; the view switch shows
the Protagonists' view (public information only) or the Mastermind's (roles, culprits, the secret lines
of the log). The engine (:class:`rulesengine.looper.engine.Game` with ``pause_between_phases``) makes
every rule decision; this module only asks it, and draws the answers.

:class:`PlanAgent` answers decisions from a fixed :class:`DayPlan` per day, so a notebook can show a
prepared day with the same outcome on every run; :func:`demo` builds the short demonstrations of
notebook 02 (forbid before movement, combined movement, a cancelled once-per-loop card, two Forbid
Intrigue cards, a goodwill refusal, an incident that does not happen, an incident with no effect).

>>> stepper = DayStepper(draw=False)
>>> stepper.next_step()
'TL-D1'
>>> stepper.next_step(), len(stepper.game.cards)
('TL-D2', 3)
>>> stepper.view.widget.value = "mastermind"
>>> "Key Person" in stepper.secrets.value
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.errors import RulesEngineError
from rulesengine.looper.actions import Action, Choose, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.engine import Game
from rulesengine.looper.script import SCRIPTS_DIR, load_script
from rulesengine.looper.state import Phase
from rulesengine.viz.common import (
    LanguageSwitch,
    MessageBox,
    button,
    classed,
    on_new_language,
)
from rulesengine.viz.looper_board import BoardPicture, TableView, picture_from_game, role_name
from rulesengine.viz.looper_cards import TABLE_SIZE, ViewSwitch
from rulesengine.viz.looper_text import (
    DAY_STEPS,
    describe_action,
    incident_name,
    log_html,
    log_lines,
    plot_name,
)
from rulesengine.viz.looper_text import target_name as name_of

Agent = Callable[[Game], Action]
DAY_RULES = tuple(rule for rule, _ in DAY_STEPS)


def side_of_decision(who: str) -> str:
    """``'mastermind'`` or ``'protagonists'`` for the ``who`` of a pending decision.

    >>> side_of_decision("leader"), side_of_decision("protagonist:2")
    ('protagonists', 'protagonists')
    """
    return "mastermind" if who == "mastermind" else "protagonists"


# --------------------------------------------------------------------------------- plans


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

    def _plan(self, game: Game) -> DayPlan:
        index = game.day - 1
        return self.plans[index] if index < len(self.plans) else DayPlan()

    def __call__(self, game: Game) -> Action:
        """Answer the pending decision from the plan of the current day."""
        decision = game.pending
        assert decision is not None
        options = decision.options
        plan = self._plan(game)
        if decision.kind == "place_card":
            mine = [pc for pc in game.cards if (pc.owner == "mastermind") == (decision.who == "mastermind")]
            cards = plan.mastermind if decision.who == "mastermind" else plan.protagonists
            if len(mine) < len(cards):
                card, target = cards[len(mine)]
                return PlaceCard(card, target)
            return options[0]
        if decision.kind == "goodwill":
            key = (game.loop, game.day)
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
                key3 = (game.loop, game.day, wanted)
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


def plan_agents(plans: Sequence[DayPlan]) -> dict[str, Agent]:
    """The same plan answering for both sides."""
    agent = PlanAgent(plans)
    return {"mastermind": agent, "protagonists": agent}


def heuristic_agents(seed: int = 2026) -> dict[str, Agent]:
    """The engine's heuristic agents for both sides, seeded."""
    return {"mastermind": HeuristicMastermind(seed), "protagonists": HeuristicProtagonists(seed + 1)}


def run_until(game: Game, agents: Mapping[str, Agent], day: int, phase: Phase) -> Game:
    """Drive a pausing game with ``agents`` until it stands paused before ``phase`` of ``day`` (or ends)."""
    while not game.is_over:
        if game.is_paused:
            if game.day == day and game.phase is phase:
                return game
            game.resume()
            continue
        assert game.pending is not None
        game.apply(agents[side_of_decision(game.pending.who)](game))
    return game


# --------------------------------------------------------------------------------- the stepper


class DayStepper:
    """Next step / reset, who decides, the view, the decision panel, the board, the step bar and the log.

    Parameters
    ----------
    script_id:
        A shipped script (``data/looper/scripts/<id>.yaml``).
    agents:
        ``{"mastermind": agent, "protagonists": agent}``; default: the engine's heuristic agents.
    learner:
        The sides whose decisions the learner makes in the decision panel (``"mastermind"``,
        ``"protagonists"``); the others are made by the agents when Next step is pressed.
    draw:
        ``False`` skips the pictures (tests, checked notebook cells).
    """

    def __init__(
        self,
        script_id: str = "fs_01_tutorial",
        *,
        agents: Mapping[str, Agent] | None = None,
        learner: Sequence[str] = (),
        view: str = "protagonists",
        seed: int = 2026,
        draw: bool = True,
    ) -> None:
        self.script_id = script_id
        self.seed = seed
        self.draw = draw
        self._agents_given = agents
        self.agents: Mapping[str, Agent] = agents if agents is not None else heuristic_agents(seed)
        self.game = Game(load_script(SCRIPTS_DIR / f"{script_id}.yaml"), pause_between_phases=True)
        self.last_done: str | None = None
        self.fresh: dict[str, int] = {"protagonists": 0, "mastermind": 0}
        self.switch = LanguageSwitch()
        self.view = ViewSwitch(view)
        self.mm_learner = classed(
            widgets.Checkbox(value="mastermind" in learner, indent=False),
            "rulesengine-looper-learner-mm",
            "i_choose_mastermind",
        )
        self.prot_learner = classed(
            widgets.Checkbox(value="protagonists" in learner, indent=False),
            "rulesengine-looper-learner-prot",
            "i_choose_protagonists",
        )
        self.next_button = button("rulesengine-looper-next", "next_step", "180px", style="primary")
        self.reset_button = button("rulesengine-looper-reset", "reset", "140px")
        self.steps = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", min_height="64px")), "rulesengine-looper-steps"
        )
        self.prompt = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", min_height="28px")), "rulesengine-looper-prompt"
        )
        self.options = classed(
            widgets.Dropdown(layout=widgets.Layout(width="620px")), "rulesengine-looper-options", "choice"
        )
        self.play_button = button("rulesengine-looper-play", "play_choice", "170px", style="success")
        self.agent_button = button("rulesengine-looper-agent", "agent_choose", "170px")
        self.highlight = classed(
            widgets.ToggleButtons(
                options=[("1–4", 0), ("1 ✕M", 1), ("2 ↔↕↗", 2), ("3 ✕P ✕G ✕I", 3), ("4 ±", 4)],
                value=0,
                style={"button_width": "96px"},
            ),
            "rulesengine-looper-highlight",
            "resolution_order",
        )
        self.message = MessageBox()
        self.figure = TableView(self._picture, size=TABLE_SIZE, draw_now=draw)
        self.log = classed(
            widgets.HTML(
                layout=widgets.Layout(width="100%", height="260px", overflow="auto", border="1px solid #ddd")
            ),
            "rulesengine-looper-log",
        )
        self.secrets = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", min_height="48px")), "rulesengine-looper-secrets"
        )
        self.next_button.on_click(lambda _b: self.next_step())
        self.reset_button.on_click(lambda _b: self.reset())
        self.play_button.on_click(lambda _b: self.play_selected())
        self.agent_button.on_click(lambda _b: self.agent_once())
        self.view.widget.observe(lambda _c: self.refresh(), names="value")
        self.highlight.observe(lambda _c: self.refresh(), names="value")
        self._off = on_new_language(lambda _language: self.refresh(keep_message=True))
        self.panel = widgets.VBox(
            [self.prompt, widgets.HBox([self.options, self.play_button, self.agent_button])],
            layout=widgets.Layout(width="100%", min_height="72px"),
        )
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.switch.widget, self.view.widget]),
                widgets.HBox([self.next_button, self.reset_button, self.mm_learner, self.prot_learner]),
                self.steps,
                self.panel,
                self.message.widget,
                self.highlight,
                self.figure.widget,
                self.secrets,
                self.log,
            ],
            layout=widgets.Layout(width="1010px"),
        )
        self.widget.add_class("rulesengine-looper-stepper")
        self.refresh()

    # ------------------------------------------------------------------ who decides

    @property
    def learner(self) -> set[str]:
        """The sides the learner decides for."""
        out = set()
        if self.mm_learner.value:
            out.add("mastermind")
        if self.prot_learner.value:
            out.add("protagonists")
        return out

    def waiting_for_learner(self) -> bool:
        """Whether a decision is pending that the learner makes."""
        pending = self.game.pending
        return pending is not None and side_of_decision(pending.who) in self.learner

    # ------------------------------------------------------------------ moving on

    def _count(self) -> dict[str, int]:
        return {v: len(self.game.view(v)["log"]) for v in ("protagonists", "mastermind")}

    def _run_agents(self) -> None:
        while self.game.pending is not None and not self.waiting_for_learner():
            self.game.apply(self.agents[side_of_decision(self.game.pending.who)](self.game))

    def next_step(self) -> str | None:
        """Move one phase on; return the rule id of the step completed (``None`` if it is not done yet).

        The agents make the decisions of their sides; a decision the learner makes stops the step
        until it is made in the decision panel.
        """
        if self.game.is_over:
            self.message.info(i18n.t("game_is_over"))
            return None
        if self.waiting_for_learner():
            self.message.info(i18n.t("your_choice_first"))
            return None
        before = self._count()
        start = self.game.phase
        self.message.clear()
        with self.message.catching():
            if self.game.is_paused:
                self.game.resume()
            self._run_agents()
        return self._after(start, before)

    def _after(self, start: Phase, before: Mapping[str, int]) -> str | None:
        after = self._count()
        done = None
        if self.game.phase is not start or self.game.is_over:
            done = start.rule_id
            now = self.game.phase.rule_id
            # The step just finished is the one before the current phase (one answer may run two phases).
            if now in DAY_RULES and DAY_RULES.index(now) > 0:
                self.last_done = DAY_RULES[DAY_RULES.index(now) - 1]
            else:
                self.last_done = "TL-D9" if start.rule_id in DAY_RULES else done
            self.fresh = {v: after[v] - before[v] for v in after}
            if self.message.last_error is None:
                ran = (
                    [r for r in DAY_RULES if start.rule_id <= r <= self.last_done]
                    if done in DAY_RULES
                    else [done]
                )
                self.message.info(f"{', '.join(ran) or done} ✓ {self._step_name(self.last_done)}")
        else:
            self.fresh = {v: after[v] - before[v] for v in after}
            if self.waiting_for_learner() and self.message.widget.value == "&nbsp;":
                self.message.info(i18n.t("your_choice_first"))
        self.refresh(keep_message=True)
        return done

    def play(self, action: Action) -> bool:
        """Answer the pending decision with ``action`` (the learner's choice); refusals are shown."""
        pending = self.game.pending
        if pending is None:
            self.message.info(i18n.t("press_next_step"))
            return False
        before = self._count()
        start = self.game.phase
        made = self.game.decisions_made
        with self.message.catching():
            self.game.apply(action)
            self.message.info(self._announce(action, pending.who))
            self._run_agents()
        self._after(start, before)
        return self.game.decisions_made > made

    def _announce(self, action: Action, who: str) -> str:
        """What the message line may say about a decision just made, in the current view."""
        if side_of_decision(who) == "mastermind" and self.view.value == "protagonists":
            return i18n.t("mastermind_decided")
        return describe_action(action) + " ✓"

    def play_selected(self) -> bool:
        """Play the option chosen in the dropdown."""
        index = self.options.value
        if index is None or self.game.pending is None:
            self.message.info(i18n.t("press_next_step"))
            return False
        return self.play(self.game.legal_actions()[int(index)])

    def agent_once(self) -> bool:
        """Let the agent of the deciding side answer the pending decision (once)."""
        pending = self.game.pending
        if pending is None:
            self.message.info(i18n.t("press_next_step"))
            return False
        before = self._count()
        start = self.game.phase
        with self.message.catching():
            action = self.agents[side_of_decision(pending.who)](self.game)
            self.game.apply(action)
            self.message.info(self._announce(action, pending.who))
        self._after(start, before)
        return True

    def run_day(self) -> list[str]:
        """Press Next step until the day has gone through TL-D9 (or the game stops for a choice)."""
        done: list[str] = []
        day, loop = self.game.day, self.game.loop
        for _ in range(40):
            rule = self.next_step()
            if rule is None:
                break
            done.append(rule)
            if rule == "TL-D9" or (self.game.day, self.game.loop) != (day, loop):
                break
        return done

    def advance_past(self, rule: str) -> list[str]:
        """Press Next step until step ``rule`` of the current day is done (or the game waits or ends)."""
        done: list[str] = []
        day = self.game.day
        for _ in range(20):
            if self.game.day != day or self.game.is_over:
                break
            now = self.game.phase.rule_id
            if now in DAY_RULES and DAY_RULES.index(now) > DAY_RULES.index(rule):
                break
            step = self.next_step()
            if step is None:
                break
            done.append(step)
        return done

    def lines_of(self, rule: str, viewer: str = "protagonists", day: int | None = None) -> list[str]:
        """The log lines of step ``rule`` on ``day`` (default: the current day) for ``viewer``."""
        day = self.game.day if day is None else day
        events = [e for e in self.game.view(viewer)["log"] if e["day"] == day and e["loop"] == self.game.loop]
        return [
            f"{'🔒 ' if vis != 'public' else ''}{text}" for r, vis, text in log_lines(events) if r == rule
        ]

    def reset(self) -> None:
        """Start the script again from loop 1, day 1."""
        self.agents = self._agents_given if self._agents_given is not None else heuristic_agents(self.seed)
        if isinstance(self.agents.get("mastermind"), PlanAgent):
            self.agents["mastermind"].declared.clear()  # type: ignore[attr-defined]
            self.agents["mastermind"].used.clear()  # type: ignore[attr-defined]
        self.game = Game(load_script(SCRIPTS_DIR / f"{self.script_id}.yaml"), pause_between_phases=True)
        self.last_done = None
        self.fresh = {"protagonists": 0, "mastermind": 0}
        self.message.clear()
        self.refresh()

    # ------------------------------------------------------------------ reading

    def step_lines(self, viewer: str = "protagonists") -> list[str]:
        """The log lines the last step added, for ``viewer``: ``'<rule id> text'`` (🔒 marks secret lines)."""
        events = self.game.view(viewer)["log"]
        new = events[len(events) - self.fresh[viewer] :] if self.fresh[viewer] else []
        return [f"{rule} {'🔒 ' if vis != 'public' else ''}{text}" for rule, vis, text in log_lines(new)]

    def board_line(self) -> str:
        """One line per character: location, paranoia, goodwill, intrigue (alive or dead)."""
        board = self.game.board()
        parts = []
        for c in board["characters"]:
            life = "" if c["alive"] else " †"
            parts.append(
                f"{name_of(c['id'])}{life} @ {c['location']}: "
                f"P{c['paranoia']} G{c['goodwill']} I{c['intrigue']}"
            )
        places = ", ".join(f"{loc} {n}" for loc, n in board["locations"].items())
        return "\n".join(parts) + f"\nintrigue on locations: {places}"

    # ------------------------------------------------------------------ drawing

    @staticmethod
    def _step_name(rule: str) -> str:
        for r, key in DAY_STEPS:
            if r == rule:
                return i18n.t(key)
        return rule

    def _steps_html(self) -> str:
        phase_rule = self.game.phase.rule_id
        current = phase_rule if phase_rule in DAY_RULES else None
        done_index = DAY_RULES.index(self.last_done) if self.last_done in DAY_RULES else -1
        chips = []
        for i, (rule, key) in enumerate(DAY_STEPS):
            if rule == current:
                style = "background:#F2C200;color:#000;font-weight:700;border:2px solid #000"
                state = "current"
            elif (current is not None and i < DAY_RULES.index(current)) or (
                current is None and i <= done_index
            ):
                style = "background:#DDEFE3;color:#225;border:1px solid #8BBF9F"
                state = "done"
            else:
                style = "background:#F4F4F4;color:#777;border:1px solid #ddd"
                state = "todo"
            chips.append(
                f'<span class="rulesengine-step rulesengine-step-{state}" data-rule="{rule}" '
                f'style="display:inline-block;box-sizing:border-box;width:106px;height:60px;margin:1px;'
                f"padding:2px 4px;font-size:10.5px;line-height:1.25;border-radius:6px;vertical-align:top;"
                f'overflow:hidden;{style}">'
                f"<b>{rule}</b><br>{html.escape(i18n.t(key))}</span>"
            )
        head = (
            f"<b>{html.escape(i18n.t('loop'))} {self.game.loop} · "
            f"{html.escape(i18n.t('day'))} {self.game.day}"
            f"</b> — {html.escape(self.game.script.title)}"
        )
        if self.game.is_over and self.game.outcome is not None:
            head += (
                f" — <b>{html.escape(self.game.outcome.winner)}</b> ({html.escape(self.game.outcome.reason)})"
            )
        elif current is None:
            head += f" — <code>{self.game.phase.rule_id}</code> {html.escape(self.game.phase.name.lower())}"
        return f"<div>{head}</div><div>{''.join(chips)}</div>"

    def _panel(self) -> None:
        pending = self.game.pending
        if pending is None:
            nxt = self.game.phase.rule_id
            self.prompt.value = (
                f"<i>{html.escape(i18n.t('press_next_step'))}</i> <code>{nxt}</code>"
                if not self.game.is_over
                else f"<i>{html.escape(i18n.t('game_is_over'))}</i>"
            )
            self.options.options = []
            self.options.disabled = self.play_button.disabled = self.agent_button.disabled = True
            return
        side = side_of_decision(pending.who)
        who = i18n.t("mastermind") if side == "mastermind" else i18n.t("protagonists")
        if pending.who.startswith("protagonist:"):
            who = f"{i18n.t('protagonist')} {'ABC'[int(pending.who.split(':')[1])]}"
        elif pending.who == "leader":
            who = f"{i18n.t('leader')} ({'ABC'[self.game.leader]})"
        mine = side in self.learner
        hidden = side == "mastermind" and self.view.value == "protagonists"
        if hidden:  # the Protagonists only learn that the Mastermind is deciding (no prompt, no rule)
            hint = f" <i>{html.escape(i18n.t('switch_to_mastermind'))}</i>" if mine else ""
            self.prompt.value = (
                f"<b>{html.escape(who)}</b>: {html.escape(i18n.t('mastermind_deciding'))}{hint}"
            )
        else:
            self.prompt.value = (
                f"<b>{html.escape(who)}</b>: {html.escape(pending.prompt)} <code>{pending.rule_id}</code>"
            )
        if mine and not hidden:
            self.options.options = [(describe_action(a), i) for i, a in enumerate(pending.options)]
            self.options.value = 0
        else:
            self.options.options = [(i18n.t("agent_decides"), -1)]
        self.options.disabled = self.play_button.disabled = not mine or hidden
        self.agent_button.disabled = False

    def _secrets_html(self) -> str:
        if self.view.value != "mastermind":
            return f"<i>{html.escape(i18n.t('secrets_hidden'))}</i>"
        view = self.game.view("mastermind")
        private = view["private"]
        roles = ", ".join(
            f"{html.escape(name_of(c))}: <b>{html.escape(role_name(r))}</b>"
            for c, r in private["roles"].items()
            if r != "person"
        )
        culprits = ", ".join(
            f"{i18n.t('day').lower()} {d}: {html.escape(name_of(c))}" for d, c in private["culprits"].items()
        )
        plots = ", ".join(html.escape(plot_name(p)) for p in [private["main_plot"], *private["subplots"]])
        incidents = ", ".join(
            f"{i.day}: {html.escape(incident_name(i.incident))}" for i in self.game.script.incidents
        )
        return (
            f'<div style="color:#7B3F99">🔒 <b>{html.escape(i18n.t("secret_role"))}</b>: {roles}<br>'
            f"🔒 <b>{html.escape(i18n.t('culprit'))}</b>: {culprits} ({incidents})<br>"
            f"🔒 <b>{html.escape(i18n.t('plot'))}</b>: {plots}</div>"
        )

    def _picture(self) -> BoardPicture:
        resolved = self.last_done == "TL-D4" and self.game.phase is not Phase.CARD_RESOLUTION
        return picture_from_game(
            self.game, self.view.value, show_resolved=resolved, highlight=int(self.highlight.value)
        )

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw the step bar, the decision panel, the picture, the secrets line and the log."""
        if not keep_message:
            self.message.clear()
        self.steps.value = self._steps_html()
        self._panel()
        self.secrets.value = self._secrets_html()
        viewer = self.view.value
        head = i18n.t("log_start")
        if self.last_done is not None:
            head = (
                f"{i18n.t('last_step')}: {self.last_done} {self._step_name(self.last_done)} — "
                f"{self.fresh[viewer]} {i18n.t('new_lines')} ({i18n.t('loop').lower()} {self.game.loop}, "
                f"{i18n.t('day').lower()} {self.game.day})"
            )
        self.log.value = (
            f'<div class="rulesengine-log-head" style="font-weight:700;border-bottom:1px solid #ccc">'
            f"{html.escape(head)}</div>" + log_html(self.game.view(viewer)["log"], fresh=self.fresh[viewer])
        )
        self.highlight.layout.visibility = "visible" if self.last_done == "TL-D4" else "hidden"
        if self.draw:
            self.figure.refresh()

    def close(self) -> None:
        """Stop following the language switch and close the widgets."""
        self._off()
        self.view.close()
        self.widget.close()


# --------------------------------------------------------------------------------- demonstrations


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
