"""Notebook 03: how a loop ends, the loss check, the time spiral, the rewind, and the final guess widget.

The demonstrations (:func:`loop_demo`, in :mod:`rulesengine.viz.looper_demos`) play prepared loops
through the engine (:class:`~rulesengine.looper.plans.PlanAgent`) and read what happened from the game:
the three ways a loop ends (TL-LE1), the loss check (TL-LE2), what the rewind resets and what it keeps
(TL-RW), and the time spiral's choice (TL-TS1, TL-TS2).
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
from typing import Any

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.looper.actions import Guess
from rulesengine.looper.plans import DayPlan
from rulesengine.viz.common import (
    LanguageSwitch,
    MessageBox,
    button,
    classed,
    figure_view,
    on_new_language,
)
from rulesengine.viz.looper_board import draw_board, picture_from_game, role_name
from rulesengine.viz.looper_demos import LOOP_DEMOS, final_guess_game, loop_demo
from rulesengine.viz.looper_text import target_name as name_of


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
