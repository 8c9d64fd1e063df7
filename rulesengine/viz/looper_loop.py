"""Notebook 03: how a loop ends, the loss check, the time spiral, the rewind, and the final guess widget.

The demonstrations play prepared loops through the engine (:class:`~rulesengine.viz.looper_day.PlanAgent`)
and read what happened from the game: the three ways a loop ends (TL-LE1), the loss check (TL-LE2),
what the rewind resets and what it keeps (TL-RW), and the time spiral's choice (TL-TS1, TL-TS2).
:class:`FinalGuessWidget` lets the learner name each character's role one at a time and be told right
or wrong at once (TL-FG1..TL-FG3).

>>> print(loop_demo("last_day").facts[-1])
outcome: protagonists win (loop survived) in loop 1
>>> w = FinalGuessWidget(draw=False)
>>> w.guess("boy_student", "person")
True
>>> w.results[-1]
('boy_student', 'person', True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.looper.actions import Choose, Guess
from rulesengine.looper.engine import Game
from rulesengine.looper.script import SCRIPTS_DIR, load_script
from rulesengine.looper.state import Phase
from rulesengine.viz.common import (
    LanguageSwitch,
    MessageBox,
    button,
    classed,
    figure_view,
    on_new_language,
)
from rulesengine.viz.looper_board import draw_board, picture_from_game, role_name
from rulesengine.viz.looper_day import DayPlan, Demo, PlanAgent, plan
from rulesengine.viz.looper_text import log_lines
from rulesengine.viz.looper_text import target_name as name_of

# Quiet days of The Last Bell: no culprit reaches its limit, no intrigue piles up.
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


def _game(script_id: str) -> Game:
    return Game(load_script(SCRIPTS_DIR / f"{script_id}.yaml"), pause_between_phases=True)


def run(game: Game, agent: PlanAgent, until: Any) -> Game:
    """Drive ``game`` with ``agent`` (for both sides) until ``until(game)`` holds or the game ends."""
    for _ in range(2000):
        if game.is_over or until(game):
            return game
        if game.is_paused:
            game.resume()
        else:
            game.apply(agent(game))
    raise RuntimeError("the game did not reach the requested point")


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


class FinalGuessWidget:
    """Pick a character and a role, press Guess; the Mastermind answers right or wrong at once (TL-FG3)."""

    def __init__(self, script_id: str = "btx_01_first_contract", draw: bool = True) -> None:
        self.script_id = script_id
        self.draw = draw
        self.game = final_guess_game(script_id)
        self.results: list[tuple[str, str, bool]] = []
        self.switch = LanguageSwitch()
        self.character = classed(
            widgets.Dropdown(layout=widgets.Layout(width="330px")),
            "rulesengine-looper-guess-character",
            "character",
        )
        self.role = classed(
            widgets.Dropdown(layout=widgets.Layout(width="330px")),
            "rulesengine-looper-guess-role",
            "secret_role",
        )
        self.guess_button = button("rulesengine-looper-guess", "guess", "150px", style="primary")
        self.reset_button = button("rulesengine-looper-reset", "reset", "150px")
        self.message = MessageBox()
        self.table = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", height="240px", overflow="auto")),
            "rulesengine-looper-guesses",
        )
        self.figure = figure_view(self._draw, size=(10, 7.2), draw_now=draw)
        self.guess_button.on_click(lambda _b: self.guess(self.character.value, self.role.value))
        self.reset_button.on_click(lambda _b: self.reset())
        self._off = on_new_language(lambda _language: self.refresh(keep_message=True))
        self.widget = widgets.VBox(
            [
                self.switch.widget,
                widgets.HBox([self.character, self.role, self.guess_button, self.reset_button]),
                self.message.widget,
                self.table,
                self.figure.widget,
            ],
            layout=widgets.Layout(width="1010px"),
        )
        self.widget.add_class("rulesengine-looper-final-guess")
        self.refresh()

    def guess(self, character: str, role: str) -> bool:
        """Name ``role`` for ``character``; return whether it was right (shown in the message line)."""
        if self.game.is_over:
            self.message.info(i18n.t("game_is_over"))
            return False
        with self.message.catching():
            self.game.apply(Guess(character, role))
            right = bool(self.game.log[-1].data.get("right")) if self.game.log[-1].kind == "guess" else False
            for event in reversed(self.game.log):
                if event.kind == "guess":
                    right = bool(event.data["right"])
                    break
            self.results.append((character, role, right))
            verdict = i18n.t("right") if right else i18n.t("wrong")
            text = f"{name_of(character)}: {role_name(role)} — {verdict}"
            if self.game.outcome is not None:
                text += f". {i18n.t('game_is_over')} ({self.game.outcome.winner}: {self.game.outcome.reason})"
            if right:
                self.message.info(text)
            else:
                self.message.error(f"TL-FG3: {text}")
            self.refresh(keep_message=True)
            return right
        self.refresh(keep_message=True)
        return False

    def reset(self) -> None:
        """Start the final guess again."""
        self.game = final_guess_game(self.script_id)
        self.results = []
        self.message.clear()
        self.refresh()

    def _draw(self, fig: Any) -> None:
        draw_board(picture_from_game(self.game, "protagonists"), fig.add_subplot())

    def refresh(self, keep_message: bool = False) -> None:
        """Update the dropdowns, the table of guesses and the board."""
        if not keep_message:
            self.message.clear()
        guessed = {c for c, _r, _ok in self.results}
        left = [c for c in self.game.cast if c not in guessed]
        roles = sorted({a.role for a in self.game.legal_actions() if isinstance(a, Guess)})
        chars = [(name_of(c), c) for c in left] if not self.game.is_over else []
        if list(self.character.options) != chars:
            self.character.options = chars
        role_options = [(role_name(r), r) for r in roles]
        if list(self.role.options) != role_options:
            self.role.options = role_options
        rows = "".join(
            f'<tr class="rulesengine-guess-{"right" if ok else "wrong"}"><td>{html.escape(name_of(c))}</td>'
            f'<td>{html.escape(role_name(r))}</td><td style="color:{"#009E73" if ok else "#D55E00"}">'
            f"<b>{html.escape(i18n.t('right') if ok else i18n.t('wrong'))}</b></td></tr>"
            for c, r, ok in self.results
        )
        self.table.value = (
            f"<b>{html.escape(i18n.t('final_guess'))}</b> — {len(self.results)}/{len(self.game.cast)}"
            f'<table style="border-collapse:collapse;min-width:420px">{rows}</table>'
        )
        if self.draw:
            self.figure.refresh()

    def close(self) -> None:
        """Stop following the language switch and close the widgets."""
        self._off()
        self.widget.close()


__all__ = ["LOOP_DEMOS", "DayPlan", "FinalGuessWidget", "final_guess_game", "loop_demo"]
