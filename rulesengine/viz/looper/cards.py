"""The placement widget of notebook 01: place the day's six action cards for both sides.

The learner picks a card, then a target, for whoever must place now (the Mastermind three times, TL-D2,
then each protagonist once from the leader on, TL-D3). Only the cards still in that hand are offered
(TL-D4c: a spent once-per-loop card is not), and for the chosen card only the targets the rules allow
(TL-D2a, TL-D3c: not where the same side already has a card; no corpse); the targets and cards left out
are listed under the choice with the engine's refusal in plain words and the rule id. After the sixth
card, "Turn the cards over" runs TL-D4 and the board shows the cards face up in their resolution
order. **Back one placement** takes the last card (or the turn-over) back; **Reset** takes every card
back. A control is enabled only while something waits for it.

>>> w = PlacementWidget(draw=False)
>>> w.place("paranoia_plus_1", "boy_student")
True
>>> w.place("intrigue_plus_1", "boy_student")
False
>>> w.message.last_error
'TL-D2a: the Mastermind already has a card on Boy Student'
>>> w.card.value = "intrigue_plus_1"
>>> "boy_student" in [value for _label, value in w.target.options]
False
>>> w.back(), w.placed()
(True, [])
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.errors import IllegalActionError
from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists
from rulesengine.looper.rules.actions import PlaceCard
from rulesengine.looper.rules.board import LOCATIONS
from rulesengine.looper.rules.cards import MASTERMIND_HAND, ONCE_PER_LOOP, PROTAGONIST_HAND
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.looper.rules.state import Phase, Side
from rulesengine.messages import Message, Name, message
from rulesengine.viz.common import (
    FigureView,
    LanguageSwitch,
    MessageBox,
    Table,
    button,
    classed,
    figure_view,
    on_new_language,
)
from rulesengine.viz.looper.board import (
    VIEWERS,
    card_name,
    draw_table,
    picture_from_game,
)
from rulesengine.viz.looper.text import target_name

TABLE_SIZE = (10.0, 9.2)

#: The value of a dropdown's first entry, the prompt ("— choose a card —"): nothing chosen yet.
NONE = ""


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


def _hand(owner: str) -> list[str]:
    """The card kinds of ``owner``'s side in the hand's order (TL-D2, TL-D3)."""
    return list(MASTERMIND_HAND if owner == "mastermind" else PROTAGONIST_HAND)


def _card_label(owner: str, card: str) -> str:
    side = "mastermind" if owner == "mastermind" else "protagonist"
    return card_name(card) + (" (1×)" if card in ONCE_PER_LOOP[side] else "")


class PlacementWidget:
    """Card, then target, for the side that places now; a board picture; a message line; Back and Reset."""

    def __init__(
        self, script_id: str = "fs_01_tutorial", view: str = "mastermind", seed: int = 2026, draw: bool = True
    ) -> None:
        self.draw = draw
        self.script_id = script_id
        self.seed = seed
        self.game = new_game(script_id)
        #: The game before each placement or turn-over, with what it did (for Back).
        self.history: list[tuple[Game, Message]] = []
        self.switch = LanguageSwitch()
        self.view = ViewSwitch(view)
        self.turn = classed(
            widgets.HTML(layout=widgets.Layout(min_height="28px", width="100%")), "rulesengine-looper-turn"
        )
        self.card = classed(
            widgets.Dropdown(layout=widgets.Layout(width="380px")), "rulesengine-looper-card", "card"
        )
        self.target = classed(
            widgets.Dropdown(layout=widgets.Layout(width="380px")), "rulesengine-looper-target", "target"
        )
        self.why_not = classed(
            widgets.HTML(layout=widgets.Layout(width="100%", min_height="22px")), "rulesengine-looper-why-not"
        )
        self.place_button = button("rulesengine-looper-place", "place_card", "170px", style="primary")
        self.agent_button = button("rulesengine-looper-agent", "agent_choose", "170px")
        self.reveal_button = button("rulesengine-looper-reveal", "turn_cards_over", "200px", style="warning")
        self.back_button = classed(
            widgets.Button(layout=widgets.Layout(width="190px"), icon="undo"), "rulesengine-looper-back"
        )
        self.reset_button = button("rulesengine-looper-reset", "reset", "150px")
        self.message = MessageBox()
        self.figure = figure_view(self._draw, size=TABLE_SIZE, draw_now=draw)
        self.place_button.on_click(lambda _b: self.place(self.card.value, self.target.value))
        self.agent_button.on_click(lambda _b: self.agent_place())
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.back_button.on_click(lambda _b: self.back())
        self.reset_button.on_click(lambda _b: self.reset())
        self.card.observe(lambda _c: self._card_chosen(), names="value")
        self.target.observe(lambda _c: self._enable(), names="value")
        self.view.widget.observe(lambda _c: self._redraw(), names="value")
        self._off = on_new_language(lambda _language: self.refresh(keep_message=True))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.switch.widget, self.view.widget]),
                self.turn,
                widgets.HBox([self.card, self.target]),
                self.why_not,
                widgets.HBox(
                    [self.place_button, self.agent_button, self.reveal_button, self.back_button,
                     self.reset_button]
                ),
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

    @property
    def can_turn_over(self) -> bool:
        """All six cards lie face down and are not yet turned over (TL-D4 waits)."""
        return self.game.phase is Phase.CARD_RESOLUTION and self.game.is_paused

    def legal(self) -> list[tuple[str, str]]:
        """The engine's legal placements now, as ``(card, target)`` (empty when nobody places)."""
        return [(a.card, a.target) for a in self.game.legal_actions() if isinstance(a, PlaceCard)]

    def cards_in_hand(self) -> list[str]:
        """The cards the side to move may still place, in the hand's order (TL-D2, TL-D3a, TL-D4c)."""
        owner = self.owner
        if owner is None:
            return []
        cards = {card for card, _target in self.legal()}
        return [c for c in _hand(owner) if c in cards]

    def targets_for(self, card: str) -> list[str]:
        """The targets the rules allow for ``card`` now (TL-D2a, TL-D3b, TL-D3c; no corpse)."""
        allowed = {target for c, target in self.legal() if c == card}
        return [t for t in self.all_targets() if t in allowed]

    def all_targets(self) -> list[str]:
        """Every location and character of the script, in the board's order."""
        return [*LOCATIONS, *self.game.cast]

    def refusals(self, card: str | None = None) -> list[str]:
        """Why the cards and targets not offered now are refused: the engine's own refusal of each, in
        plain words with the rule id, in the current language (one per card, then one per target of
        ``card``)."""
        owner = self.owner
        if owner is None:
            return []
        legal = self.legal()
        if not legal:
            return []
        trial = self.game.clone()  # the engine refuses without a change, yet no risk is taken
        offered = {c for c, _t in legal}
        some_target = legal[0][1]
        lines = [self._refusal(trial, c, some_target) for c in _hand(owner) if c not in offered]
        if card:
            allowed = {t for c, t in legal if c == card}
            lines += [self._refusal(trial, card, t) for t in self.all_targets() if t not in allowed]
        return [line for line in lines if line]

    @staticmethod
    def _refusal(trial: Game, card: str, target: str) -> str:
        try:
            trial.apply(PlaceCard(card, target))
        except IllegalActionError as error:
            return error.localized()
        return ""  # pragma: no cover - only refused placements are tried

    # ------------------------------------------------------------------ actions

    def place(self, card: str, target: str) -> bool:
        """Place ``card`` on ``target`` for the side to move; ``False`` (the rule shown) if refused."""
        owner = self.owner
        if owner is None:
            self.message.info(i18n.t("all_cards_placed"))
            return False
        before = self.game.clone()
        with self.message.catching():
            self.game.apply(PlaceCard(card, target))
            while self.game.is_paused and self.game.phase is Phase.PROTAGONIST_CARDS:
                self.game.resume()  # from TL-D2 on to TL-D3 without a stop
            did = Message(
                "looper.widget.placed",
                {"owner": Name("owner", owner), "card": Name("card", card), "target": Name("target", target)},
            )
            self.history.append((before, did))
            self.message.info(did.localized())
            self.card.value = NONE  # the next placement starts from the card again
        self.refresh(keep_message=True)
        return len(self.game.cards) > len(before.cards)

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
        if not self.can_turn_over:
            self.message.error(f"TL-D4: {i18n.t('place_all_six_first')}")
            return False
        before = self.game.clone()
        self.game.resume()
        while self.game.pending is not None and self.game.pending.kind == "cultist":
            self.game.apply(self.game.legal_actions()[0])
        self.history.append((before, Message("looper.widget.turned_over", {})))
        self.message.info(i18n.t("cards_turned_over"))
        self.refresh(keep_message=True)
        return True

    def back(self) -> bool:
        """Take back the last placement, or turn the cards face down again; ``False`` if nothing to undo."""
        if not self.history:
            return False
        self.game, did = self.history.pop()
        self.message.info(message("looper.widget.took_back", None, what=did))
        self.refresh(keep_message=True)
        return True

    def reset(self) -> None:
        """Take every card back: a fresh first day of the same script."""
        self.game = new_game(self.script_id)
        self.history = []
        self.card.value = NONE
        self.message.clear()
        self.refresh()

    # ------------------------------------------------------------------ drawing

    def _draw(self, fig: Any) -> None:
        view = self.view.value if hasattr(self, "view") else "mastermind"
        resolved = self.game.phase is not Phase.CARD_RESOLUTION and self.owner is None
        draw_table(picture_from_game(self.game, view, show_resolved=resolved, highlight=0), fig)

    def _redraw(self) -> None:
        if self.draw:
            self.figure.refresh()

    def _turn_line(self) -> str:
        owner = self.owner
        if owner is not None:
            count = sum(1 for pc in self.game.cards if pc.owner == owner)
            total = 3 if owner == "mastermind" else 1
            rule = "TL-D2" if owner == "mastermind" else "TL-D3"
            text = message(
                "looper.widget.turn", None, owner=Name("owner", owner), number=count + 1, total=total
            )
            return f"<b>{html.escape(text)}</b> <code>{rule}</code>"
        if self.can_turn_over:
            return f"<b>{html.escape(message('looper.widget.all_placed'))}</b> <code>TL-D4</code>"
        return f"<b>{html.escape(message('looper.widget.resolved'))}</b> <code>TL-D4</code>"

    @staticmethod
    def _set_options(dropdown: widgets.Dropdown, options: list[tuple[str, str]], keep: str) -> None:
        # Reassign only when they change: a reassignment racing a choice in the browser would undo it.
        if list(dropdown.options) != options:
            dropdown.options = options
            values = [v for _l, v in options]
            dropdown.value = keep if keep in values else NONE

    def _card_chosen(self) -> None:
        card = self.card.value or NONE
        targets = self.targets_for(card) if card else []
        prompt = (message("looper.widget.choose_target"), NONE)
        self._set_options(self.target, [prompt, *((target_name(t), t) for t in targets)], self.target.value)
        self._why_not(card)
        self._enable()

    def _why_not(self, card: str) -> None:
        lines = self.refusals(card or None)
        if not lines:
            self.why_not.value = "&nbsp;"
            return
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self.why_not.value = (
            f'<details><summary style="color:#555">{html.escape(message("looper.widget.not_offered"))} '
            f"({len(lines)})</summary>"
            f'<ul style="margin:2px 0 4px 0;color:#8a3b12">{items}</ul></details>'
        )

    def _enable(self) -> None:
        """Enable a control only while something waits for it."""
        placing = self.owner is not None
        self.card.disabled = not placing
        self.target.disabled = not placing or not self.card.value
        self.place_button.disabled = not (placing and self.card.value and self.target.value)
        self.agent_button.disabled = not placing
        self.reveal_button.disabled = not self.can_turn_over
        self.back_button.disabled = not self.history
        self.reset_button.disabled = not self.history

    def refresh(self, keep_message: bool = False) -> None:
        """Update the turn line, the choices offered, the buttons and the picture."""
        if not keep_message:
            self.message.clear()
        self.back_button.description = message("looper.widget.back_placement")
        self.turn.value = self._turn_line()
        owner = self.owner
        cards = [] if owner is None else [(_card_label(owner, c), c) for c in self.cards_in_hand()]
        self._set_options(self.card, [(message("looper.widget.choose_card"), NONE), *cards], self.card.value)
        self._card_chosen()
        self._redraw()


def table_view(picture: Any, size: tuple[float, float] = TABLE_SIZE) -> FigureView:
    """A fixed-size image of :func:`draw_table` for one picture (for a notebook cell)."""
    return FigureView(lambda fig: draw_table(picture, fig), size=size)


def cast_table(game: Game) -> Table:
    """The cast of the game's script: start location, paranoia limit, forbidden locations (public facts),
    with readable names in the current language.

    >>> print(repr(cast_table(new_game())).splitlines()[1])
    Girl Student   School    3               -
    """
    rows = []
    for cid in game.cast:
        definition = game.content.characters[cid]
        start = (
            i18n.t(str(definition.start)) if definition.start is not None else message("looper.table.chosen")
        )
        forbidden = ", ".join(i18n.t(str(loc)) for loc in sorted(str(x) for x in definition.forbidden)) or "-"
        rows.append([target_name(cid), start, definition.paranoia_limit, forbidden])
    header = ["character", message("looper.table.start"), "paranoia_limit", message("looper.table.forbidden")]
    return Table(rows, header)


def character_gallery() -> Table:
    """Every character of the content, the base 18 and then the twelve of the wider cast (issue 24): name,
    tags, start, paranoia limit, forbidden locations, goodwill abilities (cost, ★ once per loop) and passive
    rules, in the current language.

    >>> rows = character_gallery().rows
    >>> len(rows), rows[0][0], rows[-1][0]
    (30, 'Boy Student', 'Copycat')
    """
    from rulesengine.looper.rules.content import load_content
    from rulesengine.looper.rules.text import content_text

    content = load_content()
    wider = {c for s in content.sets.values() for c in s.wider_cast}
    rows = []
    for cid, definition in content.characters.items():
        start = (
            i18n.t(str(definition.start)) if definition.start is not None else message("looper.table.chosen")
        )
        forbidden = ", ".join(i18n.t(str(loc)) for loc in sorted(str(x) for x in definition.forbidden)) or "-"
        texts = [
            f"({a.cost}{'★' if a.once_per_loop else ''}) {content_text('ability', a.id, a.text)}"
            for a in definition.abilities
        ]
        texts += [f"• {content_text('ability', p.id, p.text)}" for p in definition.passives]
        group = message("looper.table.wider_cast" if cid in wider else "looper.table.base_cast")
        rows.append([
            target_name(cid), ", ".join(message(f"looper.tag.{t}") for t in sorted(definition.tags)), start,
            definition.paranoia_limit, forbidden,
            " ".join(texts) or "-", group,
        ])
    header = [
        "character", message("looper.table.tags"), message("looper.table.start"), "paranoia_limit",
        message("looper.table.forbidden"), message("looper.table.abilities"),
        message("looper.table.cast_group"),
    ]
    return Table(rows, header)


def hands_table() -> Table:
    """The two hands of action cards: copies and the once-per-loop mark (TL-D2, TL-D3, TL-D4c).

    >>> for line in repr(hands_table()).splitlines()[:2]:
    ...     print(line)
    Hand              Card                     Copies  Once per loop
    Mastermind        Paranoia +1              2
    """
    rows = []
    for side, hand in (("mastermind", MASTERMIND_HAND), ("protagonist", PROTAGONIST_HAND)):
        who = i18n.t("mastermind") if side == "mastermind" else message("looper.table.each_protagonist")
        for card, copies in hand.items():
            rows.append([who, card_name(card), copies, "1×" if card in ONCE_PER_LOOP[side] else ""])
    header = [message("looper.table.hand"), "card", message("looper.table.copies"), "once_per_loop"]
    return Table(rows, header)


__all__ = [
    "VIEWERS", "PlacementWidget", "ViewSwitch", "cast_table", "character_gallery", "hands_table", "new_game",
    "table_view",
]
