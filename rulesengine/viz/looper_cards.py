"""The placement widget of notebook 01: place the day's six action cards for both sides.

The learner picks a card and a target for whoever must place now (the Mastermind three times, TL-D2,
then each protagonist once from the leader on, TL-D3); the engine accepts the card or refuses it with
the rule it breaks (TL-D2a, TL-D3c, TL-D4c), and the refusal appears in the message line. After the
sixth card, "Turn the cards over" runs TL-D4 and the board shows the cards face up in their
resolution order.

>>> w = PlacementWidget()
>>> w.place("paranoia_plus_1", "boy_student")
True
>>> w.place("intrigue_plus_1", "boy_student")
False
>>> w.message.last_error
'TL-D2a: the Mastermind already has a card on Boy Student'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.looper.actions import PlaceCard
from rulesengine.looper.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.board import LOCATIONS
from rulesengine.looper.cards import MASTERMIND_HAND, PROTAGONIST_HAND
from rulesengine.looper.engine import Game
from rulesengine.looper.script import SCRIPTS_DIR, load_script
from rulesengine.looper.state import Phase, Side
from rulesengine.viz.common import (
    FigureView,
    LanguageSwitch,
    MessageBox,
    button,
    classed,
    figure_view,
    on_new_language,
)
from rulesengine.viz.looper_board import (
    VIEWERS,
    card_name,
    draw_table,
    owner_label,
    picture_from_game,
)
from rulesengine.viz.looper_text import target_name

TABLE_SIZE = (10.0, 9.2)


def new_game(script_id: str = "fs_01_tutorial") -> Game:
    """A game of a shipped script that pauses at every phase boundary, run up to the first decision."""
    game = Game(load_script(SCRIPTS_DIR / f"{script_id}.yaml"), pause_between_phases=True)
    while game.is_paused:
        game.resume()
    return game


class ViewSwitch:
    """Protagonists' view / Mastermind's view toggle (labels follow the language switch)."""

    def __init__(self, value: str = "protagonists") -> None:
        self.widget = widgets.ToggleButtons(
            options=self._options(), value=value, style={"button_width": "210px"}
        )
        self.widget.add_class("rulesengine-looper-view")
        self._off = on_new_language(self._relabel)

    @staticmethod
    def _options() -> list[tuple[str, str]]:
        return [(i18n.t("view_protagonists"), "protagonists"), (i18n.t("view_mastermind"), "mastermind")]

    def _relabel(self, _language: str) -> None:
        value = self.widget.value
        self.widget.options = self._options()
        self.widget.value = value

    @property
    def value(self) -> str:
        """``'protagonists'`` or ``'mastermind'``."""
        return str(self.widget.value)

    def close(self) -> None:
        """Stop following the language switch."""
        self._off()


class PlacementWidget:
    """Card and target dropdowns for the side that places now, a board picture and a message line."""

    def __init__(
        self, script_id: str = "fs_01_tutorial", view: str = "mastermind", seed: int = 2026, draw: bool = True
    ) -> None:
        self.draw = draw
        self.script_id = script_id
        self.seed = seed
        self.game = new_game(script_id)
        self.switch = LanguageSwitch()
        self.view = ViewSwitch(view)
        self.turn = classed(
            widgets.HTML(layout=widgets.Layout(height="28px", width="100%")), "rulesengine-looper-turn"
        )
        self.card = classed(
            widgets.Dropdown(layout=widgets.Layout(width="360px")), "rulesengine-looper-card", "card"
        )
        self.target = classed(
            widgets.Dropdown(layout=widgets.Layout(width="360px")), "rulesengine-looper-target", "target"
        )
        self.place_button = button("rulesengine-looper-place", "place_card", "170px", style="primary")
        self.agent_button = button("rulesengine-looper-agent", "agent_choose", "170px")
        self.reveal_button = button("rulesengine-looper-reveal", "turn_cards_over", "220px", style="warning")
        self.reset_button = button("rulesengine-looper-reset", "clear_cards", "220px")
        self.message = MessageBox()
        self.figure = figure_view(self._draw, size=TABLE_SIZE, draw_now=draw)
        self.place_button.on_click(lambda _b: self.place(self.card.value, self.target.value))
        self.agent_button.on_click(lambda _b: self.agent_place())
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.reset_button.on_click(lambda _b: self.reset())
        self.view.widget.observe(lambda _c: self.refresh(), names="value")
        self._off = on_new_language(lambda _language: self.refresh())
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.switch.widget, self.view.widget]),
                self.turn,
                widgets.HBox([self.card, self.target]),
                widgets.HBox([self.place_button, self.agent_button, self.reveal_button, self.reset_button]),
                self.message.widget,
                self.figure.widget,
            ],
            layout=widgets.Layout(width="1010px"),
        )
        self.widget.add_class("rulesengine-looper-placement")
        self.refresh()

    def close(self) -> None:
        """Stop following the language switch and close the widgets (tests, re-runs)."""
        self._off()
        self.view.close()
        self.widget.close()

    # ------------------------------------------------------------------ state

    @property
    def owner(self) -> str | None:
        """Who places a card now (``'mastermind'``, ``'protagonist:N'``), or ``None`` when all six lie."""
        pending = self.game.pending
        if pending is None or pending.kind != "place_card":
            return None
        return pending.who

    def placed(self) -> list[tuple[str, str, str]]:
        """The cards on the board now, as ``(owner, card, target)`` (the Mastermind's knowledge)."""
        return [(pc.owner, pc.card, pc.target) for pc in self.game.cards]

    # ------------------------------------------------------------------ actions

    def place(self, card: str, target: str) -> bool:
        """Place ``card`` on ``target`` for the side to move; ``False`` (the rule shown) if refused."""
        owner = self.owner
        if owner is None:
            self.message.info(i18n.t("all_cards_placed"))
            return False
        before = len(self.game.cards)
        with self.message.catching():
            self.game.apply(PlaceCard(card, target))
            while self.game.is_paused and self.game.phase is Phase.PROTAGONIST_CARDS:
                self.game.resume()  # from TL-D2 on to TL-D3 without a stop
            self.message.info(f"{owner_label(owner)}: {card_name(card)} → {target_name(target)} ✓")
        self.refresh(keep_message=True)
        return len(self.game.cards) > before

    def agent_place(self) -> bool:
        """Let the heuristic agent of the side to move place its card."""
        owner = self.owner
        if owner is None:
            self.message.info(i18n.t("all_cards_placed"))
            return False
        agent = HeuristicMastermind(self.seed) if owner == "mastermind" else HeuristicProtagonists(self.seed)
        side = Side.of(owner)
        action = agent(self.game.observation(side), self.game.legal_actions())  # type: ignore[arg-type]
        assert isinstance(action, PlaceCard)
        return self.place(action.card, action.target)

    def reveal(self) -> bool:
        """TL-D4: turn the six cards over and resolve them (once all six are placed)."""
        if self.game.phase is not Phase.CARD_RESOLUTION or not self.game.is_paused:
            self.message.error(f"TL-D4: {i18n.t('place_all_six_first')}")
            return False
        self.game.resume()
        while self.game.pending is not None and self.game.pending.kind == "cultist":
            self.game.apply(self.game.legal_actions()[0])
        self.message.info(i18n.t("cards_turned_over"))
        self.refresh(keep_message=True)
        return True

    def reset(self) -> None:
        """Take every card back: a fresh first day of the same script."""
        self.game = new_game(self.script_id)
        self.message.clear()
        self.refresh()

    # ------------------------------------------------------------------ drawing

    def _draw(self, fig: Any) -> None:
        view = self.view.value if hasattr(self, "view") else "mastermind"
        resolved = self.game.phase is not Phase.CARD_RESOLUTION and self.owner is None
        draw_table(picture_from_game(self.game, view, show_resolved=resolved, highlight=0), fig)

    def refresh(self, keep_message: bool = False) -> None:
        """Update the dropdowns, the turn line and the picture."""
        owner = self.owner
        if owner is None:
            self.turn.value = f"<b>{html_escape(i18n.t('all_cards_placed'))}</b>"
            self.card.options, self.target.options = [], []
        else:
            count = sum(1 for pc in self.game.cards if pc.owner == owner)
            total = 3 if owner == "mastermind" else 1
            rule = "TL-D2" if owner == "mastermind" else "TL-D3"
            self.turn.value = (
                f"<b>{html_escape(owner_label(owner))}</b> — {html_escape(i18n.t('place_card'))} "
                f"{count + 1}/{total} <code>{rule}</code>"
            )
            hand = MASTERMIND_HAND if owner == "mastermind" else PROTAGONIST_HAND
            targets = [*LOCATIONS, *self.game.cast]
            card_options = [(card_name(c), c) for c in hand]
            target_options = [(target_name(t), t) for t in targets]
            # Reassign only when they change: a reassignment racing a choice in the browser would undo it.
            if list(self.card.options) != card_options:
                old_card = self.card.value
                self.card.options = card_options
                if old_card in hand:
                    self.card.value = old_card
            if list(self.target.options) != target_options:
                old_target = self.target.value
                self.target.options = target_options
                if old_target in targets:
                    self.target.value = old_target
        if self.draw:
            self.figure.refresh()


def table_view(picture: Any, size: tuple[float, float] = TABLE_SIZE) -> FigureView:
    """A fixed-size image of :func:`draw_table` for one picture (for a notebook cell)."""
    return FigureView(lambda fig: draw_table(picture, fig), size=size)


def cast_table(game: Game) -> str:
    """The cast of the game's script: start location, paranoia limit, forbidden locations (public facts)."""
    rows = [f"{'character':22} {'start':10} {'paranoia limit':15} forbidden"]
    for cid in game.cast:
        definition = game.content.characters[cid]
        start = str(definition.start) if definition.start is not None else "(chosen)"
        forbidden = ", ".join(sorted(str(loc) for loc in definition.forbidden)) or "-"
        rows.append(f"{definition.name:22} {start:10} {definition.paranoia_limit:<15} {forbidden}")
    return "\n".join(rows)


def hands_table() -> str:
    """The two hands of action cards: copies and the once-per-loop mark (TL-D2, TL-D3, TL-D4c)."""
    from rulesengine.looper.cards import ONCE_PER_LOOP

    rows = []
    for side, hand in (("Mastermind", MASTERMIND_HAND), ("Each protagonist", PROTAGONIST_HAND)):
        key = "mastermind" if side == "Mastermind" else "protagonist"
        rows.append(f"{side}: {sum(hand.values())} cards")
        for card, copies in hand.items():
            once = "  once per loop" if card in ONCE_PER_LOOP[key] else ""
            rows.append(f"  {copies} × {card_name(card)}{once}")
    return "\n".join(rows)


def html_escape(text: str) -> str:
    """HTML-escape a label."""
    import html

    return html.escape(text)


__all__ = ["VIEWERS", "PlacementWidget", "ViewSwitch", "cast_table", "hands_table", "new_game", "table_view"]
