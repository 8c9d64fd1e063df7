"""The Tragedy Looper board as a picture: four locations, the characters with their tokens, the cards.

The drawing functions read a :class:`BoardPicture`, a plain value built from a game by
:func:`picture_from_game` (for one viewer: what the Protagonists may see, or everything the
Mastermind knows). They never change the game.

* :func:`draw_board` — the 2×2 grid Hospital | Shrine / City | School with each location's
  intrigue, every character as a labelled token with its paranoia (against its limit), goodwill,
  intrigue and guards, corpses greyed, and the action cards on the board, face down or face up in
  their owner's colour; one step of the TL-D4 resolution order can be highlighted.
* :func:`draw_hands` — the Mastermind's hand and the three protagonists' hands, with the
  once-per-loop cards spent this loop laid face up (TL-D4c).
* :func:`draw_table` — both on one figure (the board above, the hands below).

>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
>>> pic = picture_from_game(game, "protagonists")
>>> [(c.id, c.location) for c in pic.characters][:2]
[('girl_student', 'school'), ('boy_student', 'school')]
>>> {c.role for c in pic.characters}
{None}
>>> picture_from_game(game, "mastermind").character("girl_student").role
'key_person'
>>> ax = draw_board(pic)
>>> tuple(float(v) for v in ax.get_xlim())
(0.0, 2.8)
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch, Patch, Rectangle
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from rulesengine import i18n
from rulesengine.looper.rules.board import LOCATIONS
from rulesengine.looper.rules.cards import (
    MASTERMIND_HAND,
    ONCE_PER_LOOP,
    PROTAGONIST_HAND,
    resolution_step,
    side_of,
)
from rulesengine.looper.rules.content import load_content
from rulesengine.viz.common import PALETTE

#: The 2 × 2 board as rows (the rulebook's picture), from the engine's board order (row by row).
GRID = (tuple(LOCATIONS[:2]), tuple(LOCATIONS[2:]))
OWNERS = ("mastermind", "protagonist:0", "protagonist:1", "protagonist:2")
VIEWERS = ("protagonists", "mastermind")

#: Short labels printed on a face-up card (language-neutral symbols).
CARD_SHORT = {
    "paranoia_plus_1": "P+1",
    "paranoia_minus_1": "P−1",
    "forbid_paranoia": "✕P",
    "goodwill_plus_1": "G+1",
    "goodwill_plus_2": "G+2",
    "forbid_goodwill": "✕G",
    "intrigue_plus_1": "I+1",
    "intrigue_plus_2": "I+2",
    "forbid_intrigue": "✕I",
    "move_horizontal": "↔",
    "move_vertical": "↕",
    "move_diagonal": "↗",
    "forbid_movement": "✕M",
}

LOCATION_FILL = {"hospital": "#E3F1FA", "shrine": "#FDF3DC", "city": "#EFEAF5", "school": "#E5F4EC"}
LOCATION_EDGE = {
    "hospital": PALETTE["sky"],
    "shrine": PALETTE["orange"],
    "city": PALETTE["purple"],
    "school": PALETTE["green"],
}
OWNER_COLOUR = {
    "mastermind": PALETTE["red"],
    "protagonist:0": PALETTE["blue"],
    "protagonist:1": "#2A9D8F",
    "protagonist:2": "#6A4C93",
}
COUNTER_COLOUR = {
    "paranoia": PALETTE["red"],
    "goodwill": PALETTE["green"],
    "intrigue": "#7B3F99",
    "guard": PALETTE["blue"],
}
HIGHLIGHT = "#F2C200"


def owner_label(owner: str) -> str:
    """``'Mastermind'`` or ``'Protagonist A'``/``B``/``C`` (the seat letters of the notebooks).

    >>> owner_label("protagonist:1")
    'Protagonist B'
    """
    if owner == "mastermind":
        return i18n.t("mastermind")
    return f"{i18n.t('protagonist')} {'ABC'[int(owner.split(':')[1])]}"


def card_name(card: str) -> str:
    """The full name of a card kind in the current language (glossary ``card_<kind>``)."""
    return i18n.t(f"card_{card}")


def character_name(cid: str) -> str:
    """A character's name in the current language."""
    definition = load_content().characters[cid]
    if i18n.get_language() == "vi" and definition.name_vi:
        return definition.name_vi
    return definition.name


def role_name(role: str) -> str:
    """A role's name in the current language."""
    definition = load_content().roles.get(role)
    if definition is None:
        return role
    if i18n.get_language() == "vi" and definition.name_vi:
        return definition.name_vi
    return definition.name


@dataclass(frozen=True)
class Token:
    """One character as drawn: where it is, its counters and (in the Mastermind's view) its role."""

    id: str
    location: str | None
    paranoia: int
    paranoia_limit: int
    goodwill: int
    intrigue: int
    guards: int = 0
    alive: bool = True
    role: str | None = None
    culprit_of: tuple[str, ...] = ()
    #: off the board for the rest of the loop (the Illusion's illusion.2), not merely not there yet
    removed: bool = False


@dataclass(frozen=True)
class CardOnBoard:
    """An action card lying on a target; ``card`` is ``None`` while it is face down to this viewer.

    ``index`` is the card's place in the day's list (the order of placement).
    """

    owner: str
    target: str
    card: str | None
    index: int
    cancelled: bool = False


@dataclass(frozen=True)
class HandCard:
    """One card of a hand: ``state`` is ``'hand'``, ``'board'`` (placed today) or ``'spent'`` (TL-D4c)."""

    card: str
    state: str
    once_per_loop: bool


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board picture shows, for one viewer."""

    viewer: str
    loop: int
    day: int
    phase: str
    leader: int
    intrigue: Mapping[str, int]
    characters: tuple[Token, ...]
    cards: tuple[CardOnBoard, ...] = ()
    hands: Mapping[str, tuple[HandCard, ...]] = field(default_factory=dict)
    highlight: int | None = None
    caption: str = ""

    def character(self, cid: str) -> Token:
        """The token of one character."""
        for token in self.characters:
            if token.id == cid:
                return token
        raise KeyError(cid)


# --------------------------------------------------------------------------------- from a game


def _hands(view: Mapping[str, Any], cards: Sequence[CardOnBoard]) -> dict[str, tuple[HandCard, ...]]:
    """The four hands: spent once-per-loop cards (public, TL-D4c), cards this viewer sees on the board
    today, the rest in hand. A card lying face down is not marked: the viewer does not know which it is."""
    out: dict[str, tuple[HandCard, ...]] = {}
    for owner in OWNERS:
        base = MASTERMIND_HAND if owner == "mastermind" else PROTAGONIST_HAND
        side = side_of(owner)
        spent = list(view["spent"].get(owner, []))
        on_board = [c.card for c in cards if c.owner == owner and c.card is not None]
        row: list[HandCard] = []
        for card, copies in base.items():
            for _ in range(copies):
                once = card in ONCE_PER_LOOP[side]
                if card in spent:
                    spent.remove(card)
                    row.append(HandCard(card, "spent", once))
                elif card in on_board:
                    on_board.remove(card)
                    row.append(HandCard(card, "board", once))
                else:
                    row.append(HandCard(card, "hand", once))
        out[owner] = tuple(row)
    return out


def last_resolution(view: Mapping[str, Any]) -> tuple[list[tuple[str, str, str]], list[int]] | None:
    """The cards of the latest TL-D4 of the current day and the indices a Forbid cancelled, from the log."""
    revealed: list[tuple[str, str, str]] | None = None
    cancelled: list[int] = []
    for event in view["log"]:
        if event["kind"] == "day_start":
            revealed, cancelled = None, []
        elif event["kind"] == "cards_revealed":
            revealed = [(o, c, t) for o, c, t in event["cards"]]
        elif event["kind"] == "cards_resolved":
            cancelled = list(event["cancelled"])
    return None if revealed is None else (revealed, cancelled)


def picture_from_game(
    game: Any,
    viewer: str = "protagonists",
    *,
    show_resolved: bool = False,
    highlight: int | None = None,
    caption: str = "",
) -> BoardPicture:
    """The board of ``game`` as ``viewer`` (``'protagonists'`` or ``'mastermind'``) may see it.

    Built from the engine's observation ``game.view(viewer)``: the Protagonists see the public board
    (tokens, locations, the Mastermind's cards face down until TL-D4, roles revealed so far); the
    Mastermind also sees every role and the culprits. With ``show_resolved`` the cards of today's
    TL-D4 (which have gone back to the hands) are drawn face up where they lay, crossed out when a
    Forbid card cancelled them, and ``highlight`` marks one of the four resolution steps.
    """
    view = game.view(viewer)
    content = game.content
    culprits: dict[str, list[str]] = {}
    if viewer == "mastermind":
        for day, who in view["private"]["culprits"].items():
            culprits.setdefault(who, []).append(str(day))
    removed = {  # (public: the Illusion's illusion.2 this loop, issue 24)
        e.get("character")
        for e in view["log"]
        if e.get("kind") == "character_removed" and e.get("loop") == view["loop"]
    }
    tokens = tuple(
        Token(
            id=c["id"],
            location=c["location"],
            paranoia=c["paranoia"],
            paranoia_limit=content.characters[c["id"]].paranoia_limit,
            goodwill=c["goodwill"],
            intrigue=c["intrigue"],
            guards=c["guards"],
            alive=c["alive"],
            role=c["role"],
            culprit_of=tuple(sorted(culprits.get(c["id"], []))),
            removed=c["location"] is None and c["id"] in removed,
        )
        for c in view["characters"]
    )
    cards = [CardOnBoard(c["owner"], c["target"], c["card"], i) for i, c in enumerate(view["cards"])]
    resolved = last_resolution(view) if show_resolved and not cards else None
    if resolved is not None:
        listed, cancelled = resolved
        cards = [CardOnBoard(o, t, c, i, i in cancelled) for i, (o, c, t) in enumerate(listed)]
        hands = _hands(view, [])
    else:
        hands = _hands(view, cards)
    return BoardPicture(
        viewer=viewer,
        loop=view["loop"],
        day=view["day"],
        phase=game.phase.value,
        leader=view["leader"],
        intrigue=dict(view["locations"]),
        characters=tokens,
        cards=tuple(cards),
        hands=hands,
        highlight=highlight if resolved is not None else None,
        caption=caption,
    )


# --------------------------------------------------------------------------------- drawing

_CW = 1.4  # each location is a 1.4 × 1 rectangle in data coordinates (equal aspect: circles stay round)
_CH = 1.0
_PAD = 0.025
_HEADER = 0.14


def _location_box(location: str) -> tuple[float, float]:
    """Lower-left corner of a location's rectangle (Hospital top-left)."""
    for row, names in enumerate(GRID):
        if location in names:
            return names.index(location) * _CW, (1 - row) * _CH
    raise ValueError(location)


def _token_slots(n: int, x0: float, y0: float) -> tuple[list[tuple[float, float]], float, float]:
    """Positions (lower-left) and size of ``n`` character tokens inside one location."""
    cols = 2 if n <= 6 else 3
    rows = max(2, math.ceil(n / cols))
    gap = 0.025
    inner_w = _CW - 2 * _PAD - 0.02
    inner_h = _CH - _HEADER - 2 * _PAD
    w = inner_w / cols - gap
    h = min(0.34, inner_h / rows - gap)
    slots = []
    for i in range(n):
        r, c = divmod(i, cols)
        slots.append((x0 + _PAD + 0.01 + c * (w + gap), y0 + _CH - _HEADER - _PAD - (r + 1) * (h + gap)))
    return slots, w, h


def _card_patch(
    ax: _Pen, x: float, y: float, w: float, h: float, card: CardOnBoard, highlight: int | None
) -> None:
    """One small card: a hatched back in the owner's colour, or its face with a short label.

    ``highlight`` 1..4 rings the cards of that TL-D4 sub-step and dims the others; 0 numbers every
    face-up card with its sub-step; ``None`` draws no order at all.
    """
    colour = OWNER_COLOUR.get(card.owner, PALETTE["grey"])
    step = None if card.card is None else resolution_step(card.card)
    dim = bool(highlight) and step != highlight
    alpha = 0.3 if dim else 1.0
    if highlight and step == highlight:
        ax.add_patch(
            FancyBboxPatch(
                (x - 0.008, y - 0.008),
                w + 0.016,
                h + 0.016,
                boxstyle="round,pad=0,rounding_size=0.012",
                facecolor=HIGHLIGHT,
                edgecolor="none",
                zorder=6,
            )
        )
    if card.card is None:
        ax.add_patch(
            FancyBboxPatch(
                (x, y),
                w,
                h,
                boxstyle="round,pad=0,rounding_size=0.01",
                facecolor=colour,
                edgecolor="white",
                linewidth=1.0,
                hatch="////",
                alpha=alpha,
                zorder=7,
            )
        )
        return
    ax.add_patch(
        FancyBboxPatch(
            (x, y),
            w,
            h,
            boxstyle="round,pad=0,rounding_size=0.01",
            facecolor="white",
            edgecolor=colour,
            linewidth=1.8,
            alpha=alpha,
            zorder=7,
        )
    )
    ax.text(
        x + w / 2,
        y + h / 2,
        CARD_SHORT.get(card.card, "?"),
        ha="center",
        va="center",
        fontsize=8.5,
        fontweight="bold",
        color=colour,
        alpha=alpha,
        zorder=8,
    )
    if card.cancelled:
        ax.plot([x, x + w], [y, y + h], color=PALETTE["ink"], linewidth=1.4, alpha=alpha, zorder=9)
        ax.plot([x, x + w], [y + h, y], color=PALETTE["ink"], linewidth=1.4, alpha=alpha, zorder=9)
    if step is not None and highlight is not None and (highlight == 0 or step == highlight):
        ax.text(
            x + w,
            y + h,
            str(step),
            ha="center",
            va="center",
            fontsize=6.5,
            fontweight="bold",
            color="black",
            zorder=10,
            bbox={
                "boxstyle": "circle,pad=0.15",
                "facecolor": HIGHLIGHT,
                "edgecolor": "black",
                "linewidth": 0.6,
            },
        )


def _badge(ax: _Pen, x: float, y: float, kind: str, value: int, r: float, alpha: float) -> float:
    """A round counter badge (goodwill, intrigue, guard) with its number; returns the x after it."""
    colour = COUNTER_COLOUR[kind]
    ax.add_patch(
        Circle(
            (x + r, y),
            r,
            facecolor=colour if value else "white",
            edgecolor=colour,
            linewidth=1.1,
            alpha=alpha,
            zorder=5,
        )
    )
    ax.text(
        x + r,
        y,
        str(value),
        ha="center",
        va="center",
        fontsize=8.5,
        fontweight="bold",
        color="white" if value else colour,
        alpha=alpha,
        zorder=6,
    )
    return x + 2 * r + 0.018


def _paranoia_dots(ax: _Pen, x: float, y: float, value: int, limit: int, r: float, alpha: float) -> float:
    """Paranoia as dots: one per point up to the limit (filled = paranoia), dashed ones past it."""
    for i in range(max(limit, value)):
        filled = i < value
        ax.add_patch(
            Circle(
                (x + r + i * 2.3 * r, y),
                r,
                facecolor=COUNTER_COLOUR["paranoia"] if filled else "white",
                edgecolor=COUNTER_COLOUR["paranoia"],
                linewidth=1.1,
                linestyle="--" if i >= limit else "-",
                alpha=alpha,
                zorder=5,
            )
        )
    return x + max(limit, value) * 2.3 * r + 0.02


def _draw_token(ax: _Pen, token: Token, x: float, y: float, w: float, h: float) -> None:
    """One character's card: its frame (red when it panics), name and role (Mastermind's view).

    Its counters (:func:`_draw_counters`) and the cards on it are items of their own (see
    :class:`BoardDrawer`), so a new paranoia token repaints the counters only.
    """
    alpha = 1.0 if token.alive else 0.45
    panicked = token.alive and token.paranoia >= token.paranoia_limit
    edge = PALETTE["red"] if panicked else "#8A8A8A"
    face = "white" if token.alive else "#D4D4D4"
    ax.add_patch(
        FancyBboxPatch(
            (x, y),
            w,
            h,
            boxstyle="round,pad=0,rounding_size=0.025",
            facecolor=face,
            edgecolor=edge,
            linewidth=2.2 if panicked else 1.0,
            zorder=3,
        )
    )
    name = character_name(token.id)
    if not token.alive:
        name = f"† {name}"
    ax.text(
        x + 0.02,
        y + h - 0.025,
        name,
        ha="left",
        va="top",
        fontsize=9.5 if len(name) <= 15 else 8.0,
        fontweight="bold",
        color=PALETTE["ink"],
        alpha=alpha,
        zorder=5,
    )
    if token.role is not None:
        role = role_name(token.role)
        if token.culprit_of:
            role += f" · {i18n.t('culprit')} ({i18n.t('day').lower()} {', '.join(token.culprit_of)})"
        ax.text(
            x + 0.02,
            y + h - 0.085,
            role,
            ha="left",
            va="top",
            fontsize=7.8,
            style="italic",
            color="#7B3F99",
            alpha=alpha,
            zorder=5,
        )


def _draw_counters(ax: _Pen, token: Token, x: float, y: float) -> None:
    """One character's paranoia dots (against its limit) and goodwill, intrigue and guard badges."""
    alpha = 1.0 if token.alive else 0.45
    r = 0.036
    base_y = y + 0.065
    cx = _paranoia_dots(ax, x + 0.02, base_y, token.paranoia, token.paranoia_limit, 0.026, alpha)
    cx = _badge(ax, cx, base_y, "goodwill", token.goodwill, r, alpha)
    cx = _badge(ax, cx, base_y, "intrigue", token.intrigue, r, alpha)
    if token.guards:
        _badge(ax, cx, base_y, "guard", token.guards, r, alpha)


def _legend(ax: _Pen, y: float) -> None:
    """One line under the board saying what the marks mean."""
    x = 0.02
    r = 0.017
    ax.add_patch(
        Circle((x + r, y), r, facecolor=COUNTER_COLOUR["paranoia"], edgecolor=COUNTER_COLOUR["paranoia"])
    )
    ax.add_patch(Circle((x + 3.3 * r, y), r, facecolor="white", edgecolor=COUNTER_COLOUR["paranoia"]))
    x += 5 * r
    label = f"{i18n.t('paranoia')} / {i18n.t('paranoia_limit').lower()}"
    x = _text_end(ax, ax.text(x, y, label, va="center", fontsize=8.5)) + 0.05
    for kind, key in (("goodwill", "goodwill"), ("intrigue", "intrigue"), ("guard", "guard")):
        ax.add_patch(Circle((x + r, y), r, facecolor=COUNTER_COLOUR[kind], edgecolor=COUNTER_COLOUR[kind]))
        x = _text_end(ax, ax.text(x + 2.6 * r, y, i18n.t(key), va="center", fontsize=8.5)) + 0.05
    for owner, key in (("mastermind", "mastermind"), ("protagonist:0", "protagonists")):
        ax.add_patch(
            FancyBboxPatch(
                (x, y - 0.03),
                0.04,
                0.06,
                boxstyle="round,pad=0,rounding_size=0.008",
                facecolor=OWNER_COLOUR[owner],
                edgecolor="white",
                hatch="////",
            )
        )
        x = _text_end(ax, ax.text(x + 0.055, y, i18n.t(key), va="center", fontsize=8.5)) + 0.05


def _text_end(pen: _Pen, text: Any) -> float:
    """The right edge of a drawn text, in data units (measured with the figure's renderer)."""
    ax = pen.ax
    figure = ax.get_figure(root=True) if "root" in Axes.get_figure.__code__.co_varnames else ax.get_figure()
    assert isinstance(figure, Figure)
    canvas = figure.canvas
    if not hasattr(canvas, "get_renderer"):  # a bare Figure (FigureView): give it an Agg canvas
        canvas = FigureCanvasAgg(figure)
    ax.apply_aspect()  # the equal aspect moves the axes box: measure in its final place
    box = text.get_window_extent(renderer=canvas.get_renderer())
    return float(ax.transData.inverted().transform((box.x1, box.y1))[0])


# --------------------------------------------------------------------------------- drawers


class _Pen:
    """Draws on one axes and keeps every artist it makes (an item of a drawer is what one pen drew).

    Patches go in with ``add_artist``: the board's limits are fixed, so the data limits that
    ``add_patch`` would update (the slowest part of building a picture) are never read.
    """

    def __init__(self, ax: Axes) -> None:
        self.ax = ax
        self.drawn: list[Artist] = []
        self.titles: list[Text] = []  # the axes' own titles: drawn after its other artists, never removed

    def add_patch(self, patch: Patch) -> Patch:
        self.drawn.append(self.ax.add_artist(patch))
        return patch

    def text(self, *args: Any, **kwargs: Any) -> Text:
        text = self.ax.text(*args, **kwargs)
        self.drawn.append(text)
        return text

    def plot(self, *args: Any, **kwargs: Any) -> list[Line2D]:
        lines = self.ax.plot(*args, **kwargs)
        self.drawn.extend(lines)
        return lines

    def title(self, label: str, **kwargs: Any) -> Text:
        text = self.ax.set_title(label, **kwargs)
        self.drawn.append(text)
        self.titles.append(text)
        return text


@dataclass
class _Item:
    """What one part of a picture shows (``spec``, a hashable value) and the artists showing it."""

    spec: Hashable
    artists: list[Artist]


class _Drawer:
    """The artists of one axes, grouped in items keyed by what they show (a location, a character…).

    :meth:`sync` takes the wanted items in drawing order, keeps every item whose ``spec`` is
    unchanged, and rebuilds only the others; it returns the artists removed and the artists made.
    """

    def __init__(self, ax: Axes) -> None:
        self.ax = ax
        self.items: dict[Hashable, _Item] = {}
        self.titles: set[Artist] = set()

    def sync(
        self, wanted: Sequence[tuple[Hashable, Hashable, Callable[[_Pen], object]]]
    ) -> tuple[list[Artist], list[Artist]]:
        removed: list[Artist] = []
        added: list[Artist] = []
        kept: dict[Hashable, _Item] = {}
        language = i18n.get_language()
        for key, spec, draw in wanted:
            item = self.items.pop(key, None)
            if item is not None and item.spec == (language, spec):
                kept[key] = item
                continue
            if item is not None:
                removed.extend(self._remove(item))
            pen = _Pen(self.ax)
            draw(pen)
            self.titles.update(pen.titles)
            kept[key] = _Item((language, spec), pen.drawn)
            added.extend(pen.drawn)
        for item in self.items.values():
            removed.extend(self._remove(item))
        self.items = kept
        return removed, added

    def _remove(self, item: _Item) -> list[Artist]:
        for artist in item.artists:
            if artist in self.titles:
                assert isinstance(artist, Text)
                artist.set_text("")  # the axes' own title: emptied, never removed
            else:
                artist.remove()
        return item.artists

    def in_order(self) -> list[Artist]:
        """The artists in the order :meth:`Axes.draw` draws a freshly drawn picture: by z-order, then
        in the order they were made (the axes' titles after the rest)."""
        artists = [a for item in self.items.values() for a in item.artists if a not in self.titles]
        artists += [a for item in self.items.values() for a in item.artists if a in self.titles]
        return sorted(artists, key=lambda a: a.get_zorder())


class BoardDrawer(_Drawer):
    """Draws a :class:`BoardPicture`'s board on one axes and, drawn again, changes only what moved.

    Each location, location counter, character, card, the legend, the title and the caption is an
    item: drawing a new picture rebuilds only the items whose value changed.

    >>> from matplotlib.figure import Figure
    >>> from rulesengine.looper.rules.engine import Game
    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> board = BoardDrawer(Figure().add_subplot())
    >>> removed, added = board.draw(picture_from_game(game))
    >>> len(removed), len(added) > 50
    (0, True)
    >>> removed, added = board.draw(picture_from_game(game, caption="TL-D1"))
    >>> len(removed), [a.get_text() for a in added]    # only the caption is new
    (0, ['TL-D1'])
    """

    def __init__(self, ax: Axes) -> None:
        super().__init__(ax)
        ax.set_xlim(0, 2 * _CW)
        ax.set_ylim(-0.1, 2 * _CH)
        ax.set_aspect("equal")
        ax.axis("off")

    def draw(self, picture: BoardPicture) -> tuple[list[Artist], list[Artist]]:
        """Show ``picture``; returns the artists removed and the artists made."""
        wanted: list[tuple[Hashable, Hashable, Callable[[_Pen], object]]] = []
        by_target: dict[str, list[CardOnBoard]] = {}
        for card in picture.cards:
            by_target.setdefault(card.target, []).append(card)
        cw, ch = 0.1, 0.11

        def cards_on(target: str, x_right: float, y: float) -> None:
            for k, card in enumerate(by_target.get(target, [])):
                x = x_right - (k + 1) * (cw + 0.012) - 0.01
                spec = (x, y, card, picture.highlight)
                draw = partial(_card_patch, x=x, y=y, w=cw, h=ch, card=card, highlight=picture.highlight)
                wanted.append((("card", target, k), spec, draw))

        for names in GRID:
            for location in names:
                x0, y0 = _location_box(location)
                wanted.append((("location", location), None, partial(_location, location=location)))
                value = picture.intrigue.get(location, 0)
                draw = partial(_location_intrigue, location=location, value=value)
                wanted.append((("intrigue", location), value, draw))
                cards_on(location, x0 + _CW - _PAD, y0 + _CH - _PAD - ch - 0.02)
                here = [t for t in picture.characters if t.location == location]
                slots, w, h = _token_slots(len(here), x0, y0)
                for token, (x, y) in zip(here, slots, strict=True):
                    draw = partial(_draw_token, token=token, x=x, y=y, w=w, h=h)
                    panicked = token.alive and token.paranoia >= token.paranoia_limit
                    shown = (token.id, token.alive, panicked, token.role, token.culprit_of)
                    wanted.append((("token", token.id), (shown, x, y, w, h), draw))
                    counters = (token.paranoia, token.paranoia_limit, token.goodwill, token.intrigue)
                    draw = partial(_draw_counters, token=token, x=x, y=y)
                    wanted.append((("counters", token.id), (counters, token.guards, token.alive, x, y), draw))
                    cards_on(token.id, x + w, y + h - ch * 0.62)
        wanted.append((("legend",), None, partial(_legend, y=-0.055)))
        off = [t.id for t in picture.characters if t.location is None and not t.removed]
        gone = [t.id for t in picture.characters if t.location is None and t.removed]
        if off or gone:  # (a line of its own under the legend)
            wanted.append((("off",), (tuple(off), tuple(gone)), partial(_off_board, off=off, gone=gone)))
        self.ax.set_ylim(-0.16 if off or gone else -0.1, 2 * _CH)
        title = (
            f"{i18n.t('loop')} {picture.loop} · {i18n.t('day')} {picture.day} · {picture.phase}"
            f" · {i18n.t('leader')}: {'ABC'[picture.leader]}"
        )
        view = i18n.t("view_mastermind" if picture.viewer == "mastermind" else "view_protagonists")
        label = f"{title}   [{view}]"
        wanted.append((("title",), label, lambda pen: pen.title(label, loc="left", fontsize=12)))
        if picture.caption:
            wanted.append((("caption",), picture.caption, partial(_caption, caption=picture.caption)))
        return self.sync(wanted)


def _location(pen: _Pen, location: str) -> None:
    """A location's rectangle and name."""
    x0, y0 = _location_box(location)
    pen.add_patch(
        FancyBboxPatch(
            (x0 + _PAD / 2, y0 + _PAD / 2),
            _CW - _PAD,
            _CH - _PAD,
            boxstyle="round,pad=0,rounding_size=0.03",
            facecolor=LOCATION_FILL[location],
            edgecolor=LOCATION_EDGE[location],
            linewidth=2.2,
            zorder=1,
        )
    )
    pen.text(
        x0 + _PAD + 0.015,
        y0 + _CH - _PAD - 0.022,
        i18n.t(location),
        ha="left",
        va="top",
        fontsize=13,
        fontweight="bold",
        color=PALETTE["ink"],
        zorder=2,
    )


def _location_intrigue(pen: _Pen, location: str, value: int) -> None:
    """A location's intrigue counter, with its label."""
    x0, y0 = _location_box(location)
    ix, iy, ir = x0 + 0.50, y0 + _CH - _PAD - 0.062, 0.032
    pen.add_patch(
        Circle(
            (ix, iy),
            ir,
            facecolor=COUNTER_COLOUR["intrigue"] if value else "white",
            edgecolor=COUNTER_COLOUR["intrigue"],
            linewidth=1.3,
            zorder=4,
        )
    )
    pen.text(
        ix,
        iy,
        str(value),
        ha="center",
        va="center",
        fontsize=9.5,
        fontweight="bold",
        color="white" if value else COUNTER_COLOUR["intrigue"],
        zorder=5,
    )
    pen.text(
        ix + 0.045,
        iy,
        i18n.t("intrigue").split(" (")[0],
        ha="left",
        va="center",
        fontsize=8.5,
        color=COUNTER_COLOUR["intrigue"],
        zorder=5,
    )


def _off_board(pen: _Pen, off: Sequence[str], gone: Sequence[str] = ()) -> None:
    """The characters not in play, under the board on the right: not on the board yet (the Godly Being
    before its loop, the Transfer Student before her day), and removed for the rest of the loop (the
    Illusion's illusion.2)."""
    parts = []
    if off:
        parts.append(f"{i18n.t('not_in_play')}: {', '.join(character_name(cid) for cid in off)}")
    if gone:
        parts.append(f"{i18n.t('removed_from_board')}: {', '.join(character_name(cid) for cid in gone)}")
    pen.text(
        2 * _CW - 0.01,
        -0.12,
        " · ".join(parts),
        ha="right",
        va="center",
        fontsize=8.5,
        color="#666",
    )


def _caption(pen: _Pen, caption: str) -> None:
    pen.text(
        2 * _CW,
        2 * _CH + 0.03,
        caption,
        ha="right",
        va="bottom",
        fontsize=9.5,
        color=PALETTE["ink"],
        style="italic",
    )


def draw_board(picture: BoardPicture, ax: Axes | None = None) -> Axes:
    """Draw the four locations, the characters with their tokens and the cards on the board.

    Parameters
    ----------
    picture:
        What to draw (see :func:`picture_from_game`).
    ax:
        Axes to draw on; a new figure is made when ``None``.

    Returns
    -------
    Axes
        The axes drawn on (data limits: x ``0..2.8``, y ``-0.1..2``, equal aspect).
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 7.4))
    BoardDrawer(ax).draw(picture)
    return ax


class HandsDrawer(_Drawer):
    """Draws the four hands on one axes and, drawn again, changes only the cards that changed."""

    def __init__(self, ax: Axes) -> None:
        super().__init__(ax)
        ax.axis("off")
        self.limits: tuple[int, int] | None = None

    def draw(self, picture: BoardPicture) -> tuple[list[Artist], list[Artist]]:
        """Show ``picture``'s hands; returns the artists removed and the artists made.

        When the number of rows or columns changes, the axes' limits change with it and every
        artist moves on the figure (:attr:`limits` tells the table to draw everything again).
        """
        rows = [o for o in OWNERS if o in picture.hands]
        n_cols = max((len(picture.hands[o]) for o in rows), default=10)
        if self.limits != (n_cols, len(rows)):
            self.limits = (n_cols, len(rows))
            self.ax.set_xlim(-2.2, n_cols + 0.2)
            self.ax.set_ylim(-0.15, len(rows) + 0.05)
        wanted: list[tuple[Hashable, Hashable, Callable[[_Pen], object]]] = []
        for r, owner in enumerate(rows):
            y = len(rows) - 1 - r
            label = owner_label(owner)
            if owner != "mastermind" and int(owner.split(":")[1]) == picture.leader:
                label += " ★"
            hidden = sum(1 for c in picture.cards if c.owner == owner and c.card is None)
            if hidden:
                label += f"\n({hidden} {i18n.t('face_down').lower()})"
            wanted.append((("row", owner), (y, label), partial(_row_label, owner=owner, y=y, label=label)))
            for k, card in enumerate(picture.hands[owner]):
                draw = partial(_hand_card, owner=owner, x=k, y=y, card=card)
                wanted.append((("hand", owner, k), (y, card), draw))
        frame = (n_cols, len(rows))
        wanted.append((("frame",), frame, partial(_hands_frame, n_cols=n_cols, n_rows=len(rows))))
        return self.sync(wanted)


def _row_label(pen: _Pen, owner: str, y: int, label: str) -> None:
    colour = OWNER_COLOUR[owner]
    pen.text(-0.1, y + 0.42, label, ha="right", va="center", fontsize=9, fontweight="bold", color=colour)


def _hand_card(pen: _Pen, owner: str, x: int, y: int, card: HandCard) -> None:
    """One card of a hand: in hand, on the board today (faded, dashed) or spent this loop (grey)."""
    colour = OWNER_COLOUR[owner]
    if card.state == "spent":
        face, edge, text_colour, style = "#E6E6E6", "#9A9A9A", "#7A7A7A", "-"
    elif card.state == "board":
        face, edge, text_colour, style = "white", colour, colour, "--"
    else:
        face, edge, text_colour, style = "white", colour, colour, "-"
    pen.add_patch(
        FancyBboxPatch(
            (x + 0.06, y + 0.08),
            0.88,
            0.72,
            boxstyle="round,pad=0,rounding_size=0.06",
            facecolor=face,
            edgecolor=edge,
            linewidth=1.4,
            linestyle=style,
            alpha=0.45 if card.state == "board" else 1.0,
        )
    )
    pen.text(
        x + 0.5,
        y + 0.47,
        CARD_SHORT[card.card],
        ha="center",
        va="center",
        fontsize=9,
        fontweight="bold",
        color=text_colour,
        alpha=0.5 if card.state == "board" else 1.0,
    )
    if card.once_per_loop:
        pen.text(x + 0.88, y + 0.73, "1×", ha="right", va="top", fontsize=6, color=text_colour)
    if card.state == "spent":
        pen.text(x + 0.5, y + 0.2, i18n.t("spent"), ha="center", va="center", fontsize=6, color="#666")
    elif card.state == "board":
        pen.text(x + 0.5, y + 0.2, i18n.t("on_board"), ha="center", va="center", fontsize=6, color=colour)


def _hands_frame(pen: _Pen, n_cols: int, n_rows: int) -> None:
    pen.add_patch(Rectangle((-2.2, -0.15), n_cols + 2.4, n_rows + 0.2, fill=False, edgecolor="none"))


def draw_hands(picture: BoardPicture, ax: Axes | None = None) -> Axes:
    """Draw the four hands in rows: cards in hand, cards on the board today (faded), spent cards (TL-D4c).

    The Protagonists do not see which of the Mastermind's cards lie face down on the board, so in
    their view the Mastermind's row shows only what is known: the spent once-per-loop cards.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 2.4))
    HandsDrawer(ax).draw(picture)
    return ax


_MARGIN = 6  # pixels around an artist's extent: line widths, antialiasing, a text's round badge


class TableDrawer:
    """The board above the four hands on one figure, kept between pictures and rendered in place.

    :meth:`draw` changes only the items that differ from the last picture; :meth:`render` then
    repaints only the pixels under the artists removed or made (every artist touching them is drawn
    again, in the order of a full drawing), so the image equals a fresh :func:`draw_table` of the
    same picture. :meth:`png` encodes it.

    >>> from rulesengine.looper.rules.engine import Game
    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> table = TableDrawer(Figure(figsize=(10, 9.2), dpi=100))
    >>> table.draw(picture_from_game(game)); table.render().shape
    (920, 1000, 4)
    >>> table.png()[:4]
    b'\\x89PNG'
    """

    def __init__(self, fig: Figure) -> None:
        self.figure = fig
        grid = fig.add_gridspec(
            2, 1, height_ratios=[7, 2.2], hspace=0.08, left=0.02, right=0.98, top=0.95, bottom=0.02
        )
        self.board = BoardDrawer(fig.add_subplot(grid[0]))
        self.hands = HandsDrawer(fig.add_subplot(grid[1]))
        self._canvas: FigureCanvasAgg | None = None
        self._extents: dict[Artist, tuple[float, float, float, float]] = {}
        self._dirty: list[tuple[float, float, float, float]] = []
        self._full = True
        self._order: list[Artist] | None = None  # every artist in drawing order, and where each paints
        self._order_extents = np.zeros((0, 4))
        self._png = PngBands()
        self._png_all = True  # the next PNG compresses every band (after a full drawing)
        self._changed_rows: list[tuple[int, int]] = []  # pixel rows repainted since the last PNG
        self.repainted = 0.0  # the share of the figure's pixels the last render repainted

    def draw(self, picture: BoardPicture) -> None:
        """Show ``picture``: rebuild the items that changed and note where the figure must be repainted."""
        limits = self.hands.limits
        changes = [self.board.draw(picture), self.hands.draw(picture)]
        if any(removed or added for removed, added in changes):
            self._order = None
        if self.hands.limits != limits:
            self._full = True
        if self._full or self._canvas is None:
            return
        renderer = self._canvas.get_renderer()
        for removed, added in changes:
            for artist in removed:
                box = self._extents.pop(artist, None)
                if box is not None:
                    self._dirty.append(box)
            for artist in added:
                self._extents[artist] = box = _extent(artist, renderer)
                self._dirty.append(box)

    def render(self) -> np.ndarray:
        """Repaint what changed since the last render; returns the RGBA pixels (rows top to bottom)."""
        if self._canvas is None or self._canvas.figure is not self.figure:
            self._canvas = FigureCanvasAgg(self.figure)
            self._full = True
        if self._full:
            self.figure.patch.set_facecolor("white")
            self._canvas.draw()
            renderer = self._canvas.get_renderer()
            self._extents = {a: _extent(a, renderer) for d in (self.board, self.hands) for a in d.in_order()}
            self._full, self._dirty, self._order, self.repainted = False, [], None, 1.0
            self._png_all = True
            return np.asarray(self._canvas.buffer_rgba())
        pixels = np.asarray(self._canvas.buffer_rgba())
        if self._dirty:
            self._repaint(pixels)
        return pixels

    def _repaint(self, pixels: np.ndarray) -> None:
        height, width = pixels.shape[:2]
        boxes = np.array(self._dirty)  # x0, y0, x1, y1 in display pixels (y upwards)
        self._dirty = []
        boxes[:, :2] = np.floor(boxes[:, :2])
        boxes[:, 2:] = np.ceil(boxes[:, 2:])
        boxes = np.clip(boxes, 0, [width, height, width, height]).astype(int)
        boxes = boxes[(boxes[:, 0] < boxes[:, 2]) & (boxes[:, 1] < boxes[:, 3])]
        if not len(boxes):
            return
        if self._order is None:
            self._order = [a for drawer in (self.board, self.hands) for a in drawer.in_order()]
            self._order_extents = np.array([self._extents[a] for a in self._order])
        extents = self._order_extents
        touched = (
            (extents[:, None, 0] < boxes[None, :, 2])
            & (extents[:, None, 2] > boxes[None, :, 0])
            & (extents[:, None, 1] < boxes[None, :, 3])
            & (extents[:, None, 3] > boxes[None, :, 1])
        ).any(axis=1)
        # The artists drawn again paint beyond the boxes: keep what lies under them, to put it back.
        reach = np.vstack([extents[touched], boxes])
        x0, y0 = np.clip(np.floor(reach[:, :2].min(axis=0)).astype(int), 0, None)
        x1, y1 = np.minimum(np.ceil(reach[:, 2:].max(axis=0)).astype(int), (width, height))
        rows, cols = slice(height - y1, height - y0), slice(x0, x1)
        region = pixels[rows, cols]
        kept = region.copy()
        # display y runs upwards, the pixel rows downwards; boxes as slices of the region
        inside = [(slice(y1 - by1, y1 - by0), slice(bx0 - x0, bx1 - x0)) for bx0, by0, bx1, by1 in boxes]
        for box in inside:
            region[box] = 255  # the figure's white ground
        self._changed_rows += [(height - by1, height - by0) for _, by0, _, by1 in boxes]
        assert self._canvas is not None
        renderer = self._canvas.get_renderer()
        for artist, redraw in zip(self._order, touched, strict=True):
            if redraw:
                artist.draw(renderer)
        repainted = [region[box].copy() for box in inside]
        region[...] = kept
        for box, painted in zip(inside, repainted, strict=True):
            region[box] = painted
        mask = np.zeros(region.shape[:2], dtype=bool)
        for box in inside:
            mask[box] = True
        self.repainted = float(mask.sum()) / (width * height)

    def png(self) -> bytes:
        """The rendered figure as PNG bytes (see :class:`PngBands`: only the changed bands are compressed)."""
        pixels = self.render()
        changed = None if self._png_all else self._changed_rows
        self._changed_rows, self._png_all = [], False
        return self._png.encode(pixels, changed)


class PngBands:
    """PNG bytes of a picture that changes a little at a time: its rows are compressed in bands of
    ``band`` rows, and only the bands holding changed rows are compressed again.

    Each band is its own run of deflate blocks (a fresh compressor, flushed to a byte boundary), so
    the bands join into one valid zlib stream: header, the bands, an empty final block, and the
    Adler-32 of all the rows. RGB (the ground is opaque white), rows unfiltered, zlib level 1:
    lossless like matplotlib's own PNG, and several times faster (Pillow's adaptive row filters cost
    more than the compression on a mostly white picture).

    >>> import io
    >>> from PIL import Image
    >>> pixels = np.full((70, 5, 4), 255, dtype=np.uint8); pixels[40, 2, :3] = (200, 0, 0)
    >>> bands = PngBands(band=32)
    >>> first = bands.encode(pixels)
    >>> pixels[3, 1, :3] = 0
    >>> image = np.asarray(Image.open(io.BytesIO(bands.encode(pixels, changed=[(3, 4)]))))
    >>> image[3, 1].tolist(), image[40, 2].tolist(), bands.compressed
    ([0, 0, 0], [200, 0, 0], 1)
    """

    def __init__(self, band: int = 32, level: int = 1) -> None:
        self.band = band
        self.level = level
        self._rows = np.zeros((0, 0), dtype=np.uint8)
        self._bands: list[bytes] = []
        self.compressed = 0  # bands compressed by the last encode

    def encode(self, pixels: np.ndarray, changed: Sequence[tuple[int, int]] | None = None) -> bytes:
        """PNG bytes of RGBA ``pixels`` (rows top to bottom); ``changed`` lists the row ranges
        ``(start, stop)`` that changed since the last call (``None``: everything)."""
        height, width = pixels.shape[:2]
        n_bands = math.ceil(height / self.band)
        if changed is None or self._rows.shape != (height, 1 + 3 * width):
            self._rows = np.zeros((height, 1 + 3 * width), dtype=np.uint8)  # each row: filter type 0
            self._bands = [b""] * n_bands
            stale = set(range(n_bands))
        else:
            stale = {
                k for start, stop in changed for k in range(start // self.band, math.ceil(stop / self.band))
            }
        for k in sorted(stale):
            rows = slice(k * self.band, min(height, (k + 1) * self.band))
            self._rows[rows, 1:].reshape(-1, width, 3)[...] = pixels[rows, :, :3]
            packer = zlib.compressobj(self.level, zlib.DEFLATED, -15)
            self._bands[k] = packer.compress(self._rows[rows].data) + packer.flush(zlib.Z_SYNC_FLUSH)
        self.compressed = len(stale)
        stream = (
            b"\x78\x01"
            + b"".join(self._bands)
            + b"\x03\x00"
            + struct.pack(">I", zlib.adler32(self._rows.data))
        )
        header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, no interlace
        return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _extent(artist: Artist, renderer: Any) -> tuple[float, float, float, float]:
    """Where ``artist`` paints (x0, y0, x1, y1 in display pixels), with a margin for line widths and
    antialiasing."""
    if isinstance(artist, Patch):  # the control points of a path's curves bound it (no curve solving)
        corners = artist.get_transform().transform(artist.get_path().vertices)
        (x0, y0), (x1, y1) = corners.min(axis=0) - _MARGIN, corners.max(axis=0) + _MARGIN
        return float(x0), float(y0), float(x1), float(y1)
    box = artist.get_window_extent(renderer)
    if isinstance(artist, Text) and artist.get_bbox_patch() is not None:
        artist.update_bbox_position_size(renderer)
        patch = artist.get_bbox_patch()
        assert patch is not None
        box = Bbox.union([box, patch.get_window_extent(renderer)])
    x0, y0, x1, y1 = box.padded(_MARGIN).extents
    return float(x0), float(y0), float(x1), float(y1)


def draw_table(picture: BoardPicture, fig: Figure | None = None) -> Figure:
    """The board above the four hands, on one figure (the notebooks' main picture)."""
    if fig is None:
        fig = plt.figure(figsize=(10, 9.2))
    TableDrawer(fig).draw(picture)
    return fig


class TableView:
    """A table picture shown as a fixed-size PNG image widget, redrawn in place from a picture function.

    Like :class:`rulesengine.viz.common.FigureView`, but the figure keeps its artists between
    refreshes (:class:`TableDrawer`): a refresh rebuilds and repaints only what changed.
    """

    def __init__(
        self,
        picture: Callable[[], BoardPicture],
        size: tuple[float, float] = (10.0, 9.2),
        draw_now: bool = True,
    ) -> None:
        self.picture = picture
        self.size = size
        self.figure = Figure(figsize=size, dpi=100)
        self.table = TableDrawer(self.figure)
        width, height = (int(size[0] * 100), int(size[1] * 100))
        self.widget = widgets.Image(
            format="png", layout=widgets.Layout(width=f"{width}px", height=f"{height}px", max_width="100%")
        )
        self.widget.add_class("rulesengine-figure")
        if draw_now:
            self.refresh()

    def refresh(self) -> None:
        """Show the current picture."""
        self.table.draw(self.picture())
        self.widget.value = self.table.png()
