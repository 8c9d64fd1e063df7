"""Notebook 03: how a loop ends, the loss check, the time spiral, the rewind, the final guess, and the
script revealed at the end of a game.

The demonstrations (:func:`loop_demo`, in :mod:`rulesengine.viz.looper.demos`) play prepared loops
through the engine (:class:`~rulesengine.looper.play.plans.PlanAgent`) and read what happened from the game:
the three ways a loop ends (TL-LE1), the loss check (TL-LE2), what the rewind resets and what it keeps
(TL-RW), and the time spiral's choice (TL-TS1, TL-TS2).
:class:`FinalGuessWidget` lets the learner name each character's role one at a time and be told right
or wrong at once (TL-FG1..TL-FG3); when the game ends, right or wrong, :class:`ScriptReveal` shows the
whole script (every character's role, the culprits, the plots) with the reason for the outcome.

>>> print(loop_demo("last_day").facts[-1])
outcome: winner Protagonists (the protagonists survived a loop) in loop 1
>>> w = FinalGuessWidget(draw=False)
>>> w.guess("boy_student", "person")
True
>>> w.results[-1]
('boy_student', 'person', True)
>>> w.guess("journalist", "person"), ScriptReveal(w.game).reason("en")
(False, 'Why: Journalist is not Person but Conspiracy Theorist (TL-FG3).')
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.looper.play.plans import DayPlan
from rulesengine.looper.rules.actions import Guess
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.text import role_name
from rulesengine.messages import Name, message
from rulesengine.viz.common import (
    LanguageSwitch,
    MessageBox,
    button,
    classed,
    figure_view,
    on_new_language,
)
from rulesengine.viz.looper.board import draw_board, picture_from_game
from rulesengine.viz.looper.demos import LOOP_DEMOS, final_guess_game, loop_demo
from rulesengine.viz.looper.text import ScriptReveal
from rulesengine.viz.looper.text import target_name as name_of

#: The value of a dropdown's first entry, its prompt: nothing chosen yet.
NONE = ""


class FinalGuessWidget:
    """Pick a character and a role, press Guess; the Mastermind answers right or wrong at once (TL-FG3).
    When the game ends the script is revealed (:class:`ScriptReveal`)."""

    def __init__(self, script_id: str = "btx_01_first_contract", draw: bool = True) -> None:
        self.script_id = script_id
        self.draw = draw
        self.game = final_guess_game(script_id)
        self.results: list[tuple[str, str, bool]] = []
        self.history: list[Game] = []
        self.switch = LanguageSwitch()
        fit = {"description_width": "initial"}  # the label whole in both languages
        self.character = classed(
            widgets.Dropdown(layout=widgets.Layout(width="400px"), style=fit),
            "rulesengine-looper-guess-character",
            "character",
        )
        self.role = classed(
            widgets.Dropdown(layout=widgets.Layout(width="400px"), style=fit),
            "rulesengine-looper-guess-role",
            "secret_role",
        )
        self.guess_button = button("rulesengine-looper-guess", "guess", "150px", style="primary")
        self.back_button = classed(
            widgets.Button(layout=widgets.Layout(width="220px"), icon="undo"), "rulesengine-looper-back"
        )
        self.reset_button = button("rulesengine-looper-reset", "reset", "150px")
        self.message = MessageBox()
        self.table = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", max_height="240px", overflow="auto")),
            "rulesengine-looper-guesses",
        )
        self.reveal = classed(
            widgets.HTML(layout=widgets.Layout(width="100%")), "rulesengine-looper-revealed"
        )
        self.figure = figure_view(self._draw, size=(10, 7.2), draw_now=draw)
        self.guess_button.on_click(lambda _b: self.guess(self.character.value, self.role.value))
        self.back_button.on_click(lambda _b: self.back())
        self.reset_button.on_click(lambda _b: self.reset())
        self.character.observe(lambda _c: self._enable(), names="value")
        self.role.observe(lambda _c: self._enable(), names="value")
        self._off = on_new_language(lambda _language: self.refresh(keep_message=True))
        self.widget = widgets.VBox(
            [
                self.switch.widget,
                widgets.HBox([self.character, self.role]),
                widgets.HBox([self.guess_button, self.back_button, self.reset_button]),
                self.message.widget,
                self.table,
                self.reveal,
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
        before = self.game.clone()
        with self.message.catching():
            self.game.apply(Guess(character, role))
            right = self.game.script.role_of(character) == role
            self.history.append(before)
            self.results.append((character, role, right))
            self.character.value = NONE
            self.role.value = NONE
            text = self._verdict(character, role, right)
            if right:
                self.message.info(text)
            else:
                self.message.error(f"TL-FG3: {text}")
            self.refresh(keep_message=True)
            return right
        self.refresh(keep_message=True)
        return False

    def _verdict(self, character: str, role: str, right: bool, lang: str | None = None) -> str:
        verdict = i18n.t("right" if right else "wrong", lang)
        text = message("looper.widget.guessed", lang, character=Name("character", character),
                       role=Name("role", role), verdict=verdict)
        if self.game.outcome is not None:
            text += " " + ScriptReveal(self.game).outcome(lang)
        return text

    def back(self) -> bool:
        """Take the last guess back (the game goes on if it had ended); ``False`` if there is none."""
        if not self.history:
            return False
        self.game = self.history.pop()
        character, role, _right = self.results.pop()
        self.message.info(message("looper.widget.took_back", None, what=message(
            "looper.widget.guessed", None, character=Name("character", character), role=Name("role", role),
            verdict="…")))
        self.refresh(keep_message=True)
        return True

    def reset(self) -> None:
        """Start the final guess again."""
        self.game = final_guess_game(self.script_id)
        self.results = []
        self.history = []
        self.message.clear()
        self.refresh()

    def _draw(self, fig: Any) -> None:
        draw_board(picture_from_game(self.game, "protagonists"), fig.add_subplot())

    def _enable(self) -> None:
        """Enable a control only while something waits for it."""
        over = self.game.is_over
        self.character.disabled = over
        self.role.disabled = over
        self.guess_button.disabled = over or not (self.character.value and self.role.value)
        self.back_button.disabled = not self.history
        self.reset_button.disabled = not self.history

    @staticmethod
    def _set_options(dropdown: widgets.Dropdown, options: list[tuple[str, str]]) -> None:
        if list(dropdown.options) != options:
            keep = dropdown.value
            dropdown.options = options
            dropdown.value = keep if keep in [v for _l, v in options] else NONE

    def refresh(self, keep_message: bool = False) -> None:
        """Update the choices, the table of guesses, the revealed script and the board."""
        if not keep_message:
            self.message.clear()
        self.back_button.description = message("looper.widget.back_guess")
        guessed = {c for c, _r, _ok in self.results}
        left = [] if self.game.is_over else [c for c in self.game.cast if c not in guessed]
        roles = sorted({a.role for a in self.game.legal_actions() if isinstance(a, Guess)}, key=role_name)
        characters = [(name_of(c), c) for c in left]
        self._set_options(self.character, [(message("looper.widget.choose_character"), NONE), *characters])
        role_options = [(role_name(r), r) for r in roles]
        self._set_options(self.role, [(message("looper.widget.choose_role"), NONE), *role_options])
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
        self.reveal.value = ScriptReveal(self.game).html()
        self._enable()
        if self.draw:
            self.figure.refresh()

    def close(self) -> None:
        """Stop following the language switch and close the widgets."""
        self._off()
        self.widget.close()


__all__ = ["LOOP_DEMOS", "DayPlan", "FinalGuessWidget", "ScriptReveal", "final_guess_game", "loop_demo"]
