"""The day stepper of notebook 02.

:class:`DayStepper` plays a shipped script one phase at a time (TL-D1..TL-D9): **Next step** moves one
phase on. Each side's decisions are made by an agent, or by the learner through the decision panel.
After every step the board picture, the step bar and the game log are redrawn; the view switch shows
the Protagonists' view (public information only) or the Mastermind's (roles, culprits, the secret lines
of the log). The engine (:class:`rulesengine.looper.engine.Game` with ``pause_between_phases``) makes
every rule decision; this module only asks it, and draws the answers.

The agents answer through :func:`rulesengine.contract.drive`, each with its side's observation. The plans
(:class:`DayPlan`, :class:`PlanAgent`, :func:`plan_agents`, :func:`run_until`) live in
:mod:`rulesengine.looper.plans` and the demonstrations (:func:`demo`) in :mod:`rulesengine.viz.looper_demos`;
they are importable from here too, as the notebooks do.

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
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.contract import drive
from rulesengine.looper.actions import Action
from rulesengine.looper.engine import Game
from rulesengine.looper.plans import Agent, DayPlan, PlanAgent, heuristic_agents, plan, plan_agents, run_until
from rulesengine.looper.script import SCRIPTS_DIR, load_script
from rulesengine.looper.state import Phase, Side
from rulesengine.looper.text import decision_prompt, outcome_reason, side_name, who_label
from rulesengine.viz.common import (
    LanguageSwitch,
    MessageBox,
    button,
    classed,
    on_new_language,
    secret_badge,
)
from rulesengine.viz.looper_board import BoardPicture, TableView, picture_from_game, role_name
from rulesengine.viz.looper_cards import TABLE_SIZE, ViewSwitch
from rulesengine.viz.looper_demos import DEMOS, Demo, demo
from rulesengine.viz.looper_text import (
    DAY_STEPS,
    describe_action,
    incident_name,
    log_html,
    log_lines,
    plot_name,
)
from rulesengine.viz.looper_text import target_name as name_of

DAY_RULES = tuple(rule for rule, _ in DAY_STEPS)


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
        if Side.of(who) == "mastermind" and self.view.value == "protagonists":
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
                f" — <b>{html.escape(side_name(self.game.outcome.winner))}</b>"
                f" ({html.escape(outcome_reason(self.game.outcome.reason))})"
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
            self.prompt.value = (
                f"<b>{html.escape(who)}</b>: {html.escape(decision_prompt(pending))}"
                f" <code>{pending.rule_id}</code>"
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
