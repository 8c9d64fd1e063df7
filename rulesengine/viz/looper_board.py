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

>>> from rulesengine.looper.engine import Game
>>> from rulesengine.looper.script import SCRIPTS_DIR, load_script
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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from rulesengine import i18n
from rulesengine.looper.cards import (
    MASTERMIND_HAND,
    ONCE_PER_LOOP,
    PROTAGONIST_HAND,
    resolution_step,
    side_of,
)
from rulesengine.looper.content import load_content
from rulesengine.viz.common import PALETTE

#: Board order, row by row (the rulebook's picture).
GRID = (("hospital", "shrine"), ("city", "school"))
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
    ax: Axes, x: float, y: float, w: float, h: float, card: CardOnBoard, highlight: int | None
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


def _badge(ax: Axes, x: float, y: float, kind: str, value: int, r: float, alpha: float) -> float:
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


def _paranoia_dots(ax: Axes, x: float, y: float, value: int, limit: int, r: float, alpha: float) -> float:
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


def _draw_token(
    ax: Axes,
    token: Token,
    x: float,
    y: float,
    w: float,
    h: float,
    cards: Sequence[CardOnBoard],
    highlight: int | None,
) -> None:
    """One character: name, role (Mastermind's view), paranoia dots, goodwill/intrigue/guard badges, cards."""
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
    r = 0.036
    base_y = y + 0.065
    cx = _paranoia_dots(ax, x + 0.02, base_y, token.paranoia, token.paranoia_limit, 0.026, alpha)
    cx = _badge(ax, cx, base_y, "goodwill", token.goodwill, r, alpha)
    cx = _badge(ax, cx, base_y, "intrigue", token.intrigue, r, alpha)
    if token.guards:
        _badge(ax, cx, base_y, "guard", token.guards, r, alpha)
    cw, ch = 0.1, 0.11
    for k, card in enumerate(cards):
        _card_patch(ax, x + w - (k + 1) * (cw + 0.012) - 0.01, y + h - ch * 0.62, cw, ch, card, highlight)


def _legend(ax: Axes, y: float) -> None:
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


def _text_end(ax: Axes, text: Any) -> float:
    """The right edge of a drawn text, in data units (measured with the figure's renderer)."""
    figure = ax.get_figure(root=True) if "root" in Axes.get_figure.__code__.co_varnames else ax.get_figure()
    assert isinstance(figure, Figure)
    canvas = figure.canvas
    if not hasattr(canvas, "get_renderer"):  # a bare Figure (FigureView): give it an Agg canvas
        canvas = FigureCanvasAgg(figure)
    ax.apply_aspect()  # the equal aspect moves the axes box: measure in its final place
    box = text.get_window_extent(renderer=canvas.get_renderer())
    return float(ax.transData.inverted().transform((box.x1, box.y1))[0])


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
    ax.set_xlim(0, 2 * _CW)
    ax.set_ylim(-0.1, 2 * _CH)
    ax.set_aspect("equal")
    ax.axis("off")
    by_target: dict[str, list[CardOnBoard]] = {}
    for card in picture.cards:
        by_target.setdefault(card.target, []).append(card)
    for names in GRID:
        for location in names:
            x0, y0 = _location_box(location)
            ax.add_patch(
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
            top = y0 + _CH - _PAD
            ax.text(
                x0 + _PAD + 0.015,
                top - 0.022,
                i18n.t(location),
                ha="left",
                va="top",
                fontsize=13,
                fontweight="bold",
                color=PALETTE["ink"],
                zorder=2,
            )
            intrigue = picture.intrigue.get(location, 0)
            ix, iy, ir = x0 + 0.50, top - 0.062, 0.032
            ax.add_patch(
                Circle(
                    (ix, iy),
                    ir,
                    facecolor=COUNTER_COLOUR["intrigue"] if intrigue else "white",
                    edgecolor=COUNTER_COLOUR["intrigue"],
                    linewidth=1.3,
                    zorder=4,
                )
            )
            ax.text(
                ix,
                iy,
                str(intrigue),
                ha="center",
                va="center",
                fontsize=9.5,
                fontweight="bold",
                color="white" if intrigue else COUNTER_COLOUR["intrigue"],
                zorder=5,
            )
            ax.text(
                ix + 0.045,
                iy,
                i18n.t("intrigue").split(" (")[0],
                ha="left",
                va="center",
                fontsize=8.5,
                color=COUNTER_COLOUR["intrigue"],
                zorder=5,
            )
            cw, ch = 0.1, 0.11
            for k, card in enumerate(by_target.get(location, [])):
                _card_patch(
                    ax,
                    x0 + _CW - _PAD - (k + 1) * (cw + 0.012) - 0.01,
                    top - ch - 0.02,
                    cw,
                    ch,
                    card,
                    picture.highlight,
                )
            here = [t for t in picture.characters if t.location == location]
            slots, w, h = _token_slots(len(here), x0, y0)
            for token, (x, y) in zip(here, slots, strict=True):
                _draw_token(ax, token, x, y, w, h, by_target.get(token.id, []), picture.highlight)
    _legend(ax, -0.055)
    off = [t for t in picture.characters if t.location is None]
    if off:
        off_names = ", ".join(character_name(t.id) for t in off)
        ax.text(
            2 * _CW - 0.01,
            -0.055,
            f"{i18n.t('not_in_play')}: {off_names}",
            ha="right",
            va="center",
            fontsize=8.5,
            color="#666",
        )
    title = (
        f"{i18n.t('loop')} {picture.loop} · {i18n.t('day')} {picture.day} · {picture.phase}"
        f" · {i18n.t('leader')}: {'ABC'[picture.leader]}"
    )
    view = i18n.t("view_mastermind" if picture.viewer == "mastermind" else "view_protagonists")
    ax.set_title(f"{title}   [{view}]", loc="left", fontsize=12)
    if picture.caption:
        ax.text(
            2 * _CW,
            2 * _CH + 0.03,
            picture.caption,
            ha="right",
            va="bottom",
            fontsize=9.5,
            color=PALETTE["ink"],
            style="italic",
        )
    return ax


def draw_hands(picture: BoardPicture, ax: Axes | None = None) -> Axes:
    """Draw the four hands in rows: cards in hand, cards on the board today (faded), spent cards (TL-D4c).

    The Protagonists do not see which of the Mastermind's cards lie face down on the board, so in
    their view the Mastermind's row shows only what is known: the spent once-per-loop cards.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 2.4))
    ax.axis("off")
    rows = [o for o in OWNERS if o in picture.hands]
    n_cols = max((len(picture.hands[o]) for o in rows), default=10)
    ax.set_xlim(-2.2, n_cols + 0.2)
    ax.set_ylim(-0.15, len(rows) + 0.05)
    for r, owner in enumerate(rows):
        y = len(rows) - 1 - r
        colour = OWNER_COLOUR[owner]
        label = owner_label(owner)
        if owner != "mastermind" and int(owner.split(":")[1]) == picture.leader:
            label += " ★"
        hidden = sum(1 for c in picture.cards if c.owner == owner and c.card is None)
        if hidden:
            label += f"\n({hidden} {i18n.t('face_down').lower()})"
        ax.text(-0.1, y + 0.42, label, ha="right", va="center", fontsize=9, fontweight="bold", color=colour)
        for k, card in enumerate(picture.hands[owner]):
            x = k
            if card.state == "spent":
                face, edge, text_colour, style = "#E6E6E6", "#9A9A9A", "#7A7A7A", "-"
            elif card.state == "board":
                face, edge, text_colour, style = "white", colour, colour, "--"
            else:
                face, edge, text_colour, style = "white", colour, colour, "-"
            ax.add_patch(
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
            ax.text(
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
                ax.text(x + 0.88, y + 0.73, "1×", ha="right", va="top", fontsize=6, color=text_colour)
            if card.state == "spent":
                ax.text(x + 0.5, y + 0.2, i18n.t("spent"), ha="center", va="center", fontsize=6, color="#666")
            elif card.state == "board":
                ax.text(
                    x + 0.5, y + 0.2, i18n.t("on_board"), ha="center", va="center", fontsize=6, color=colour
                )
    ax.add_patch(Rectangle((-2.2, -0.15), n_cols + 2.4, len(rows) + 0.2, fill=False, edgecolor="none"))
    return ax


def draw_table(picture: BoardPicture, fig: Figure | None = None) -> Figure:
    """The board above the four hands, on one figure (the notebooks' main picture)."""
    if fig is None:
        fig = plt.figure(figsize=(10, 9.2))
    grid = fig.add_gridspec(
        2, 1, height_ratios=[7, 2.2], hspace=0.08, left=0.02, right=0.98, top=0.95, bottom=0.02
    )
    draw_board(picture, fig.add_subplot(grid[0]))
    draw_hands(picture, fig.add_subplot(grid[1]))
    return fig
