"""The day stepper of notebook 02.

:class:`DayStepper` plays a shipped script one phase at a time (TL-D1..TL-D9): **Next step** moves one
phase on, **Back** takes the last decision (or step) back, **Reset** starts again. Each side's decisions
are made by an agent, or by the learner through the decision panel: a card placement is asked as a card
still in hand, then one of the targets legal for that card (TL-D2, TL-D3); every other decision as a
list of readable options. The rule of the step the game stands at is shown in place, with its id and
term, in the current language (catalog ``looper.step.<rule id>``); at the end of the game the script is
revealed with the reason for the outcome (TL-LE2, TL-FG3). Controls that nothing waits for are
disabled. After every step the board picture, the step bar and the game log are redrawn; the view switch shows
the Protagonists' view (public information only) or the Mastermind's (roles, culprits, the secret lines
of the log). The engine (:class:`rulesengine.looper.rules.engine.Game` with ``pause_between_phases``) makes
every rule decision; this module only asks it, and draws the answers.

The agents answer through :func:`rulesengine.contract.drive`, each with its side's observation. The plans
(:class:`DayPlan`, :class:`PlanAgent`, :func:`plan_agents`, :func:`run_until`) live in
:mod:`rulesengine.looper.play.plans` and the demonstrations (:func:`demo`) in
:mod:`rulesengine.viz.looper.demos`; they are importable from here too, as the notebooks do.

>>> stepper = DayStepper(draw=False)
>>> stepper.next_step()
'TL-D1'
>>> stepper.next_step(), len(stepper.game.cards)
('TL-D2', 3)
>>> stepper.view.widget.value = "mastermind"
>>> "Key Person" in stepper.secrets.value
True
>>> stepper.back(), stepper.game.phase.rule_id, stepper.back_button.disabled
(True, 'TL-D2', False)
"""

from __future__ import annotations

import copy
import html
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.contract import drive
from rulesengine.looper.play.plans import (
    Agent,
    DayPlan,
    PlanAgent,
    heuristic_agents,
    plan,
    plan_agents,
    run_until,
)
from rulesengine.looper.rules.actions import Action, Guess, PlaceCard
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.looper.rules.state import Phase, Side
from rulesengine.looper.rules.text import decision_prompt, outcome_reason, side_name, who_label
from rulesengine.messages import message
from rulesengine.viz.common import (
    LanguageSwitch,
    MessageBox,
    button,
    classed,
    on_new_language,
    secret_badge,
)
from rulesengine.viz.looper.board import BoardPicture, TableView, picture_from_game, role_name
from rulesengine.viz.looper.cards import TABLE_SIZE, ViewSwitch
from rulesengine.viz.looper.demos import DEMOS, Demo, demo
from rulesengine.viz.looper.text import (
    DAY_STEPS,
    PHASE_RULE,
    ScriptReveal,
    card_name,
    describe_action,
    incident_name,
    log_html,
    log_lines,
    plot_name,
    step_rule_text,
    step_term,
)
from rulesengine.viz.looper.text import target_name as name_of

DAY_RULES = tuple(rule for rule, _ in DAY_STEPS)


@dataclass(frozen=True)
class Snapshot:
    """What **Back** restores: an independent copy of the game (``Game.clone``, exact: the engine is
    deterministic and the copy shares only immutable parts), copies of the agents (their random
    generators and plans' memory), and the stepper's own record of the last step."""

    game: Game
    agents: Mapping[str, Agent]
    last_done: str | None
    fresh: Mapping[str, int]
    skipped: tuple[str, ...] = ()


def _progress(game: Game) -> tuple[object, ...]:
    """What changes whenever the game moves on (a decision answered, a phase run, the log grown)."""
    return (game.decisions_made, game.phase, game.loop, game.day, len(game.log), game.pending is None)


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
        #: The day's steps not played because the loop ended at once during the day (TL-LE1).
        self.skipped: tuple[str, ...] = ()
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
        self.back_button = classed(
            widgets.Button(layout=widgets.Layout(width="120px")), "rulesengine-looper-back"
        )
        self.back_button.icon = "undo"
        self.reset_button = button("rulesengine-looper-reset", "reset", "140px")
        self.history: list[Snapshot] = []
        self._busy = False
        #: While true, the agents decide for both sides (notebook 04's Agents play to the end).
        self.agents_only = False
        self.rule = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", min_height="96px")), "rulesengine-looper-rule"
        )
        self.steps = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", min_height="64px")), "rulesengine-looper-steps"
        )
        self.prompt = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", min_height="28px")), "rulesengine-looper-prompt"
        )
        self.options = classed(
            widgets.Dropdown(layout=widgets.Layout(width="620px"), style={"description_width": "90px"}),
            "rulesengine-looper-options",
            "choice",
        )
        self.card_choice = classed(
            widgets.Dropdown(layout=widgets.Layout(width="300px"), style={"description_width": "70px"}),
            "rulesengine-looper-choose-card",
            "card",
        )
        self.target_choice = classed(
            widgets.Dropdown(layout=widgets.Layout(width="316px"), style={"description_width": "70px"}),
            "rulesengine-looper-choose-target",
            "target",
        )
        self.card_choice.observe(lambda _c: self._offer_targets(), names="value")
        self.character_choice = classed(
            widgets.Dropdown(layout=widgets.Layout(width="300px"), style={"description_width": "90px"}),
            "rulesengine-looper-choose-character",
            "character",
        )
        self.role_choice = classed(
            widgets.Dropdown(layout=widgets.Layout(width="316px"), style={"description_width": "110px"}),
            "rulesengine-looper-choose-role",
            "secret_role",
        )
        self.character_choice.observe(lambda _c: self._offer_roles(), names="value")
        self.role_choice.observe(lambda _c: self._enable(), names="value")
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
        self.back_button.on_click(lambda _b: self.back())
        self.reset_button.on_click(lambda _b: self.reset())
        for box in (self.mm_learner, self.prot_learner):
            box.observe(lambda _c: self.refresh(keep_message=True), names="value")
        self.play_button.on_click(lambda _b: self.play_selected())
        self.agent_button.on_click(lambda _b: self.agent_once())
        self.view.widget.observe(lambda _c: self.refresh(), names="value")
        self.highlight.observe(lambda _c: self.refresh(), names="value")
        self._off = on_new_language(lambda _language: self.refresh(keep_message=True))
        self.choice_row = widgets.HBox(
            [self.options, self.play_button, self.agent_button], layout=widgets.Layout(min_height="36px")
        )
        self.panel = widgets.VBox(
            [self.prompt, self.choice_row],
            layout=widgets.Layout(width="100%", min_height="72px"),
        )
        self.panel.add_class("rulesengine-looper-panel")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.switch.widget, self.view.widget]),
                widgets.HBox(
                    [
                        self.next_button,
                        self.back_button,
                        self.reset_button,
                        self.mm_learner,
                        self.prot_learner,
                    ]
                ),
                self.steps,
                self.rule,
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
        """The sides the learner decides for (none while :attr:`agents_only`)."""
        out: set[str] = set()
        if self.agents_only:
            return out
        if self.mm_learner.value:
            out.add("mastermind")
        if self.prot_learner.value:
            out.add("protagonists")
        return out

    def waiting_for_learner(self) -> bool:
        """Whether a decision is pending that the learner makes."""
        pending = self.game.pending
        return pending is not None and Side.of(pending.who) in self.learner

    # ------------------------------------------------------------------ moving on

    def _count(self) -> dict[str, int]:
        return {v: len(self.game.view(v)["log"]) for v in ("protagonists", "mastermind")}

    def _run_agents(self) -> None:
        """Let the agents of the sides the learner does not play decide, up to a pause or the learner."""
        learner = self.learner
        drive(self.game, {s: a for s, a in self.agents.items() if s not in learner}, stop_at_pause=True)

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
        with self.undoable(), self.message.catching():
            if self.game.is_paused:
                self.game.resume()
            self._run_agents()
        return self._after(start, before)

    # ------------------------------------------------------------------ Back

    def snapshot(self) -> Snapshot:
        """A copy of everything Back restores (the game, the agents, the last step)."""
        return Snapshot(
            self.game.clone(), copy.deepcopy(dict(self.agents)), self.last_done, dict(self.fresh),
            self.skipped,
        )

    @contextmanager
    def undoable(self) -> Iterator[None]:
        """Record the state before a press of Next step, Play, Let the agent choose (or Play on…), so Back
        can restore it; only the outermost press counts, and a press that changed nothing (a refusal:
        the engine leaves the game unchanged) leaves no record."""
        if self._busy:
            yield
            return
        before = self.snapshot()
        self._busy = True
        try:
            yield
        finally:
            self._busy = False
            if _progress(before.game) != _progress(self.game):
                self.history.append(before)

    def back(self) -> bool:
        """Take the last decision (or step) back: the board, the log, the pending decision, the agents
        and the step bar are exactly as they were before it. ``False`` at the start (nothing to undo)."""
        if not self.history:
            self.message.info(message("looper.stepper.nothing_to_undo"))
            return False
        snap = self.history.pop()
        self.game = snap.game
        self.agents = snap.agents
        self.last_done = snap.last_done
        self.skipped = snap.skipped
        self.fresh = dict(snap.fresh)
        self.refresh()
        self.message.info(message("looper.stepper.back_done"))
        return True

    def _after(self, start: Phase, before: Mapping[str, int]) -> str | None:
        after = self._count()
        done = None
        if self.game.phase is not start or self.game.is_over:
            done = start.rule_id
            now = self.game.phase.rule_id
            ended_at = self._ended_at(start) if now not in DAY_RULES else None
            self.skipped = DAY_RULES[DAY_RULES.index(ended_at) + 1 :] if ended_at is not None else ()
            # The step just finished is the one before the current phase (one answer may run two phases).
            if now in DAY_RULES and DAY_RULES.index(now) > 0:
                self.last_done = DAY_RULES[DAY_RULES.index(now) - 1]
            elif ended_at is not None:
                self.last_done = ended_at
            else:
                self.last_done = "TL-D9" if start.rule_id in DAY_RULES else done
            self.fresh = {v: after[v] - before[v] for v in after}
            if self.message.last_error is None:
                ran = (
                    [r for r in DAY_RULES if start.rule_id <= r <= self.last_done]
                    if done in DAY_RULES
                    else [done]
                )
                steps = ", ".join(ran) or done
                term = step_term(self.last_done)
                said = message("looper.stepper.step_done", steps=steps, term=term)
                if self.skipped:
                    said += " — " + self._skipped_text()
                self.message.info(said)
        else:
            self.fresh = {v: after[v] - before[v] for v in after}
            if self.waiting_for_learner() and self.message.widget.value == "&nbsp;":
                self.message.info(i18n.t("your_choice_first"))
        self.refresh(keep_message=True)
        return done

    def _ended_at(self, start: Phase) -> str | None:
        """The day's step in which the loop ended at once (a loss condition or the Protagonists' death
        during the day, TL-LE1), if it did so before the day's last step; ``None`` otherwise. Read from
        the game: its flag for an immediate end, and the step of the day's last event."""
        if start.rule_id not in DAY_RULES or not self.game.end_now:
            return None
        ended = start.rule_id
        for event in self.game.view("mastermind")["log"]:
            rule = PHASE_RULE.get(str(event.get("phase", "")), "")
            if (event["loop"], event["day"]) == (self.game.loop, self.game.day) and rule in DAY_RULES:
                ended = max(ended, rule, key=DAY_RULES.index)
        return ended if ended != DAY_RULES[-1] else None

    def _skipped_text(self, lang: str | None = None) -> str:
        """Why the steps of :attr:`skipped` were not played: the loop ended at once (TL-LE1)."""
        return message("looper.stepper.steps_skipped", lang, steps=", ".join(self.skipped))

    def play(self, action: Action) -> bool:
        """Answer the pending decision with ``action`` (the learner's choice); refusals are shown."""
        pending = self.game.pending
        if pending is None:
            self.message.info(i18n.t("press_next_step"))
            return False
        before = self._count()
        start = self.game.phase
        made = self.game.decisions_made
        with self.undoable(), self.message.catching():
            self.game.apply(action)
            self.message.info(self._announce(action, pending.who))
            self._run_agents()
        self._after(start, before)
        return self.game.decisions_made > made

    def _announce(self, action: Action, who: str) -> str:
        """What the message line may say about a decision just made, in the current view."""
        if Side.of(who) == "mastermind" and self.view.value == "protagonists":
            return i18n.t("mastermind_decided")
        return describe_action(action) + " ✓"

    def placing(self) -> bool:
        """Whether the pending decision is a card placement (TL-D2, TL-D3): asked as card, then target."""
        pending = self.game.pending
        return (
            pending is not None
            and pending.kind == "place_card"
            and all(type(a) is PlaceCard for a in pending.options)
        )

    def cards_offered(self) -> list[str]:
        """The cards the pending placement may use: the cards still in hand (TL-D4c: a spent
        once-per-loop card is not), in the engine's order."""
        if not self.placing():
            return []
        return list(dict.fromkeys(a.card for a in self.game.legal_actions() if isinstance(a, PlaceCard)))

    def targets_offered(self, card: str) -> list[str]:
        """The targets legal for ``card`` in the pending placement (TL-D2a, TL-D3c, no corpse)."""
        if not self.placing():
            return []
        return [a.target for a in self.game.legal_actions() if isinstance(a, PlaceCard) and a.card == card]

    def _offer_targets(self) -> None:
        card = self.card_choice.value
        targets = self.targets_offered(card) if isinstance(card, str) else []
        self.target_choice.options = [(name_of(t), t) for t in targets]
        self.target_choice.value = targets[0] if targets else None

    def guessing(self) -> bool:
        """Whether the pending decision is a final guess (TL-FG3): asked as character, then role."""
        pending = self.game.pending
        return (
            pending is not None and bool(pending.options) and all(type(a) is Guess for a in pending.options)
        )

    def characters_offered(self) -> list[str]:
        """The characters whose role the pending final guess may still name (TL-FG3: each once), in the
        cast's order."""
        if not self.guessing():
            return []
        offered = {a.character for a in self.game.legal_actions() if isinstance(a, Guess)}
        return [c for c in self.game.cast if c in offered]

    def roles_offered(self, character: str) -> list[str]:
        """The roles the engine offers to name for ``character`` (the tragedy set's roles, TL-FG3),
        in the order of their names."""
        if not self.guessing():
            return []
        actions = self.game.legal_actions()
        roles = {a.role for a in actions if isinstance(a, Guess) and a.character == character}
        return sorted(roles, key=role_name)

    def _offer_roles(self) -> None:
        character = self.character_choice.value
        roles = self.roles_offered(character) if isinstance(character, str) and character else []
        options = [(message("looper.widget.choose_role"), ""), *((role_name(r), r) for r in roles)]
        if list(self.role_choice.options) != options:
            keep = self.role_choice.value
            self.role_choice.options = options
            self.role_choice.value = keep if keep in roles else ""
        self._enable()

    def play_selected(self) -> bool:
        """Play the choice of the decision panel: the card and target chosen, the character and role
        chosen, or the option chosen."""
        if self.game.pending is None:
            self.message.info(i18n.t("press_next_step"))
            return False
        if self.guessing():
            character, role = self.character_choice.value, self.role_choice.value
            if not character or not role:
                self.message.info(message("looper.stepper.character_then_role"))
                return False
            return self.play(Guess(str(character), str(role)))
        if self.placing():
            card, target = self.card_choice.value, self.target_choice.value
            if not isinstance(card, str) or not isinstance(target, str):
                self.message.info(message("looper.stepper.card_then_target"))
                return False
            return self.play(PlaceCard(card, target))
        index = self.options.value
        if index is None or int(index) < 0:
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
        with self.undoable(), self.message.catching():
            side = Side.of(pending.who)
            action = self.agents[side](self.game.observation(side), self.game.legal_actions())
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
        for agent in self.agents.values():
            if isinstance(agent, PlanAgent):
                agent.reset()
        self.game = Game(load_script(SCRIPTS_DIR / f"{self.script_id}.yaml"), pause_between_phases=True)
        self.last_done = None
        self.skipped = ()
        self.fresh = {"protagonists": 0, "mastermind": 0}
        self.history.clear()
        self.message.clear()
        self.refresh()

    # ------------------------------------------------------------------ reading

    def step_lines(self, viewer: str = "protagonists") -> list[str]:
        """The log lines the last step added, for ``viewer``: ``'<rule id> text'`` (🔒 marks secret lines)."""
        events = self.game.view(viewer)["log"]
        new = events[len(events) - self.fresh[viewer] :] if self.fresh[viewer] else []
        return [f"{rule} {'🔒 ' if vis != 'public' else ''}{text}" for rule, vis, text in log_lines(new)]

    def board_line(self) -> str:
        """One line per character: location, paranoia, goodwill, intrigue (``†`` when dead), then the
        intrigue on the locations, in the current language."""
        board = self.game.board()
        parts = []
        for c in board["characters"]:
            where = name_of(c["location"]) if c["location"] else "—"
            parts.append(
                message(
                    "looper.stepper.board_character",
                    character=name_of(c["id"]),
                    dead="" if c["alive"] else " †",
                    location=where,
                    paranoia=c["paranoia"],
                    goodwill=c["goodwill"],
                    intrigue=c["intrigue"],
                )
            )
        places = ", ".join(f"{name_of(loc)} {n}" for loc, n in board["locations"].items())
        return "\n".join(parts) + "\n" + message("looper.stepper.board_locations", places=places)

    # ------------------------------------------------------------------ drawing

    @staticmethod
    def _step_name(rule: str) -> str:
        return step_term(rule)

    def _rule_html(self) -> str:
        """The rule of the step the game stands at (the yellow one): id, term and text, in place."""
        rule = self.game.phase.rule_id
        return (
            f'<div class="rulesengine-looper-rule-text" data-rule="{rule}" style="background:#FFFBEA;'
            f'border-left:4px solid #F2C200;padding:3px 8px;font-size:12.5px;line-height:1.4">'
            f"<code>{rule}</code> <b>{html.escape(step_term(rule))}</b> — "
            f"{html.escape(step_rule_text(rule))}</div>"
        )

    def _steps_html(self) -> str:
        phase_rule = self.game.phase.rule_id
        current = phase_rule if phase_rule in DAY_RULES else None
        done_index = DAY_RULES.index(self.last_done) if self.last_done in DAY_RULES else -1
        chips = []
        for i, (rule, key) in enumerate(DAY_STEPS):
            title = ""
            if rule == current:
                style = "background:#F2C200;color:#000;font-weight:700;border:2px solid #000"
                state = "current"
            elif current is None and rule in self.skipped:
                style = "background:#FFF;color:#999;border:1px dashed #C66;text-decoration:line-through"
                state = "skipped"
                title = f' title="{html.escape(self._skipped_text())}"'
            elif (current is not None and i < DAY_RULES.index(current)) or (
                current is None and i <= done_index
            ):
                style = "background:#DDEFE3;color:#225;border:1px solid #8BBF9F"
                state = "done"
            else:
                style = "background:#F4F4F4;color:#777;border:1px solid #ddd"
                state = "todo"
            chips.append(
                f'<span class="rulesengine-step rulesengine-step-{state}" data-rule="{rule}"{title} '
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
                f" — <b>{html.escape(side_name(self.game.outcome.winner))}</b>"
                f" ({html.escape(outcome_reason(self.game.outcome.reason))})"
            )
        elif current is None:
            rule = self.game.phase.rule_id
            head += f" — <code>{rule}</code> {html.escape(step_term(rule))}"
        if current is None and self.skipped:
            head += (
                f' <span class="rulesengine-looper-skipped" style="color:#A33">'
                f"— {html.escape(self._skipped_text())}</span>"
            )
        return f"<div>{head}</div><div>{''.join(chips)}</div>"

    def _panel(self) -> None:
        pending = self.game.pending
        play_row = [self.play_button, self.agent_button]
        if pending is None:
            nxt = self.game.phase.rule_id
            self.prompt.value = (
                f"<i>{html.escape(i18n.t('press_next_step'))}</i> <code>{nxt}</code>"
                if not self.game.is_over
                else f"<i>{html.escape(i18n.t('game_is_over'))}</i>"
            )
            self.choice_row.children = (self.options, *play_row)
            self.options.options = []
            return
        side = Side.of(pending.who)
        who = who_label(pending.who, leader=self.game.leader)
        mine = side in self.learner
        hidden = side == "mastermind" and self.view.value == "protagonists"
        if hidden:  # the Protagonists only learn that the Mastermind is deciding (no prompt, no rule)
            hint = f" <i>{html.escape(i18n.t('switch_to_mastermind'))}</i>" if mine else ""
            self.prompt.value = (
                f"<b>{html.escape(who)}</b>: {html.escape(i18n.t('mastermind_deciding'))}{hint}"
            )
        else:
            how = ""
            if self.placing() and mine:
                how = f" — {html.escape(message('looper.stepper.card_then_target'))}"
            elif self.guessing() and mine:
                how = f" — {html.escape(message('looper.stepper.character_then_role'))}"
            self.prompt.value = (
                f"<b>{html.escape(who)}</b>: {html.escape(decision_prompt(pending))}"
                f" <code>{pending.rule_id}</code>{how}"
            )
        if mine and not hidden and self.placing():
            cards = self.cards_offered()
            chosen = self.card_choice.value if self.card_choice.value in cards else cards[0]
            self.card_choice.options = [(card_name(c), c) for c in cards]
            self.card_choice.value = chosen
            self._offer_targets()
            self.choice_row.children = (self.card_choice, self.target_choice, *play_row)
        elif mine and not hidden and self.guessing():
            characters = self.characters_offered()
            prompt = message("looper.widget.choose_character")
            options = [(prompt, ""), *((name_of(c), c) for c in characters)]
            if list(self.character_choice.options) != options:
                keep = self.character_choice.value
                self.character_choice.options = options
                self.character_choice.value = keep if keep in characters else ""
            self._offer_roles()
            self.choice_row.children = (self.character_choice, self.role_choice, *play_row)
        elif mine and not hidden:
            self.options.options = [(describe_action(a), i) for i, a in enumerate(pending.options)]
            self.options.value = 0
            self.choice_row.children = (self.options, *play_row)
        else:
            self.options.options = [(i18n.t("agent_decides"), -1)]
            self.choice_row.children = (self.options, *play_row)

    def controls(self) -> dict[str, bool]:
        """Which controls are enabled: only those something waits for (``{name: enabled}``)."""
        pending = self.game.pending
        learner_turn = (
            pending is not None
            and Side.of(pending.who) in self.learner
            and not (Side.of(pending.who) == "mastermind" and self.view.value == "protagonists")
        )
        return {
            "next": not self.game.is_over and not self.waiting_for_learner(),
            "back": bool(self.history),
            "reset": bool(self.history) or self.last_done is not None,
            "choice": learner_turn,
            "play": learner_turn
            and (not self.guessing() or bool(self.character_choice.value and self.role_choice.value)),
            "agent": pending is not None,
        }

    def _enable(self) -> None:
        on = self.controls()
        self.next_button.disabled = not on["next"]
        self.back_button.disabled = not on["back"]
        self.reset_button.disabled = not on["reset"]
        for control in (self.options, self.card_choice, self.target_choice, self.character_choice,
                        self.role_choice):
            control.disabled = not on["choice"]
        self.play_button.disabled = not on["play"]
        self.agent_button.disabled = not on["agent"]

    def _secrets_html(self) -> str:
        if self.game.is_over:  # the end of the game reveals the script to both sides (TL-LE2, TL-FG3)
            return ScriptReveal(self.game).html()
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
            f'<div style="color:#7B3F99">'
            f'{secret_badge()}<b>{html.escape(i18n.t("secret_role"))}</b>: {roles}<br>'
            f"{secret_badge()}<b>{html.escape(i18n.t('culprit'))}</b>: {culprits} ({incidents})<br>"
            f"{secret_badge()}<b>{html.escape(i18n.t('plot'))}</b>: {plots}</div>"
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
        self.rule.value = self._rule_html()
        self.back_button.description = message("looper.stepper.back")
        self._panel()
        self._enable()
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


__all__ = [
    "DEMOS",
    "Agent",
    "DayPlan",
    "DayStepper",
    "Demo",
    "PlanAgent",
    "demo",
    "heuristic_agents",
    "plan",
    "plan_agents",
    "run_until",
]
