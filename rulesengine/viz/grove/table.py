"""In a Grove drawn as a picture, and the stepper widget that plays a seeded game.

:func:`draw_table` draws what one viewer sees (a seat, or ``None`` for the narrator): the crime scene's
three suspects (face down, seen in secret, or face up after the reveal), the victim, the Unseen token,
the chip stacks by colour under the suspects, and around the table each seat with its figure, its
detective chips and its incompetent chips, the First-on-the-scene token on the leader.

:class:`GroveStepper` is a thin controller over :class:`rulesengine.grove.rules.game.GameState`: "Next step"
lets the engine take the pending step (the seeded deal, or a best-odds choice), while the learner may
make any seat's choice; a refused choice is shown with its rule id in the widget.

>>> stepper = GroveStepper(players=3, seed=1)
>>> stepper.next_step(); stepper.stage
'dealt'
>>> stepper.look(1, (0, 1)); stepper.message.last_error
"GR-P2: it is seat 0's turn to look at two suspects, not seat 1's"
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Circle, Ellipse, FancyBboxPatch, Rectangle

from rulesengine import i18n
from rulesengine.errors import RulesEngineError
from rulesengine.grove.rules.figures import Figure, figures_in_play
from rulesengine.grove.rules.game import Accuse, Deal, GameState, Look, Outcome, RoundResult, new_game
from rulesengine.grove.strategy.policies import STRATEGIES
from rulesengine.messages import Name, message
from rulesengine.viz.common import (
    PALETTE,
    FigureView,
    Label,
    LanguageSwitch,
    MessageBox,
    Table,
    bind,
    widget_bundle,
    words,
)

__all__ = [
    "SCENE_Y",
    "SEAT_COLOURS",
    "SUSPECT_X",
    "GroveStepper",
    "alibis_table",
    "culprit_table",
    "deal_counts",
    "deal_table",
    "decision_table",
    "draw_table",
    "looks_table",
    "outcome_table",
    "picture",
    "round_table",
    "step_title",
]

#: One colour per seat (the chips' colours, GR-C2).
SEAT_COLOURS = (PALETTE["blue"], PALETTE["orange"], PALETTE["green"], PALETTE["purple"], PALETTE["red"])
_FELT = "#E4DCC3"
_BACK = "#5B4636"
_FACE = "#FFFDF6"
_GOLD = "#D4A017"
#: Where the three suspects stand on the table: their x (suspects 0, 1, 2) and the scene's y (the
#: exercises' pictures mark a suspect at the same place).
SUSPECT_X = (-1.8, 0.0, 1.8)
SCENE_Y = 0.55
#: The smallest text of the pictures, in points (captions, legends, labels under figures).
CAPTION_PT = 10
#: Controls' labels take the width their words need, in both languages.
_LABEL = {"description_width": "initial"}


def _two_lines(text: str) -> str:
    """``text`` broken before its last word (a caption under a small figure).

    >>> _two_lines("Hình nộm ngửa"), _two_lines("Victim")
    ('Hình nộm\\nngửa', 'Victim')
    """
    return "\n".join(text.rsplit(" ", 1))


def _seat_xy(seat: int, players: int) -> tuple[float, float]:
    """Seat 0 at the bottom; the next seats clockwise (to seat 0's left: the left of the picture)."""
    angle = -math.pi / 2 - 2 * math.pi * seat / players
    return 4.75 * math.cos(angle), 3.45 * math.sin(angle)


def _draw_figure(
    ax: Axes,
    x: float,
    y: float,
    face: Figure | None,
    *,
    scale: float = 1.0,
    secret: bool = False,
    ring: str | None = None,
) -> None:
    """One figure: face down (``face=None``), face up, or seen in secret (dashed outline)."""
    w, h = 0.95 * scale, 1.3 * scale
    body = FancyBboxPatch(
        (x - w / 2, y - h / 2),
        w,
        h,
        boxstyle=f"round,pad=0.02,rounding_size={0.28 * scale}",
        facecolor=_BACK if face is None else _FACE,
        edgecolor=ring or PALETTE["ink"],
        linewidth=3.2 if ring else 1.2,
        linestyle="--" if secret and not ring else "-",
        zorder=3,
    )
    ax.add_patch(body)
    ax.add_patch(
        Circle(
            (x, y + h / 2 + 0.05 * scale),
            0.26 * scale,
            facecolor=_BACK if face is None else _FACE,
            edgecolor=PALETTE["ink"],
            linewidth=1.0,
            zorder=2,
        )
    )
    if face is None:
        ax.text(
            x,
            y,
            "?",
            ha="center",
            va="center",
            color="#CDBB9F",
            fontsize=18 * scale,
            fontweight="bold",
            zorder=4,
        )
    else:
        colour = PALETTE["red"] if face is Figure.X else PALETTE["ink"]
        ax.text(
            x,
            y,
            face.label,
            ha="center",
            va="center",
            color=colour,
            fontsize=24 * scale,
            fontweight="bold",
            zorder=4,
        )


def _draw_chip(
    ax: Axes, x: float, y: float, owner: int, *, incompetent: bool = False, r: float = 0.15
) -> None:
    colour = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
    if incompetent:  # the flipped side: dark, with the owner's colour as a ring
        ax.add_patch(Circle((x, y), r, facecolor="#3A3A3A", edgecolor=colour, linewidth=2.4, zorder=5))
        ax.plot([x - r * 0.5, x + r * 0.5], [y - r * 0.5, y + r * 0.5], color="white", lw=1.0, zorder=6)
    else:
        ax.add_patch(Circle((x, y), r, facecolor=colour, edgecolor=PALETTE["ink"], linewidth=0.8, zorder=5))


def _draw_stack(ax: Axes, x: float, stack: Sequence[int]) -> None:
    """Chips under a suspect: the first placed at the bottom, the top chip nearest the figure (GR-P6)."""
    for k, owner in enumerate(stack):
        y = -1.75 + 0.21 * k
        ax.add_patch(
            Ellipse(
                (x, y),
                0.7,
                0.26,
                facecolor=SEAT_COLOURS[owner % len(SEAT_COLOURS)],
                edgecolor=PALETTE["ink"],
                linewidth=0.9,
                zorder=5 + k,
            )
        )


def _draw_unseen_token(ax: Axes, x: float, y: float) -> None:
    ax.add_patch(Circle((x, y), 0.26, facecolor="#2B2B2B", edgecolor=_GOLD, linewidth=1.5, zorder=6))
    ax.add_patch(Ellipse((x, y), 0.34, 0.18, facecolor="white", edgecolor="white", zorder=7))
    ax.add_patch(Circle((x, y), 0.06, facecolor="#2B2B2B", zorder=8))
    ax.plot([x - 0.2, x + 0.2], [y - 0.16, y + 0.16], color=_GOLD, lw=2.0, zorder=9)


def _draw_leader_token(ax: Axes, x: float, y: float) -> None:
    ax.plot([x], [y], marker="*", markersize=22, color=_GOLD, markeredgecolor=PALETTE["ink"], zorder=8)


def _draw_legend(ax: Axes) -> None:
    """A key along the bottom edge: tokens and chips."""
    y = -4.45
    x = -6.2
    _draw_leader_token(ax, x + 0.15, y)
    ax.text(x + 0.45, y, i18n.t("first_token"), va="center", fontsize=CAPTION_PT)
    x += 3.0
    ax.add_patch(Circle((x + 0.15, y), 0.2, facecolor="#2B2B2B", edgecolor=_GOLD, linewidth=1.2, zorder=6))
    ax.plot([x + 0.0, x + 0.3], [y - 0.12, y + 0.12], color=_GOLD, lw=1.5, zorder=7)
    ax.text(x + 0.45, y, i18n.t("unseen_token"), va="center", fontsize=CAPTION_PT)
    x += 2.6
    _draw_chip(ax, x + 0.15, y, 0, r=0.11)
    ax.text(x + 0.35, y, i18n.t("detective_chip"), va="center", fontsize=CAPTION_PT)
    x += 2.2
    _draw_chip(ax, x + 0.15, y, 0, incompetent=True, r=0.11)
    ax.text(x + 0.35, y, i18n.t("incompetent_chip"), va="center", fontsize=CAPTION_PT)
    x += 2.3
    ax.add_patch(Circle((x + 0.15, y), 0.075, facecolor=SEAT_COLOURS[1], edgecolor="white", lw=0.6, zorder=6))
    ax.text(x + 0.3, y, i18n.t("grove_looked_by"), va="center", fontsize=CAPTION_PT)


def step_title(state: GameState, stage: str | None) -> tuple[str, str]:
    """What the current frame shows, and the rule ids it teaches."""
    if stage == "dealt":
        return f"{i18n.t('grove_deal_step')}; {i18n.t('investigation').lower()}", "GR-S3, GR-I1"
    if stage == "passed":
        if state.players == 2:
            return i18n.t("two_player"), "GR-2P1..2P3"
        return i18n.t("grove_pass_step"), "GR-I2"
    if stage == "reveal":
        return i18n.t("reveal"), "GR-V1"
    if stage == "penalties":
        if state.is_terminal():
            return f"{i18n.t('game_end')}: {i18n.t('grove_ranking').lower()}", "GR-V2, GR-V3, GR-E1..E3"
        return f"{i18n.t('grove_penalty')} · {i18n.t('grove_next_leader')}", "GR-V2, GR-V3, GR-V4"
    if state.is_chance_node():
        return i18n.t("grove_deal_step"), "GR-S3"
    decision = state.pending()
    if decision is None:
        return i18n.t("game_end"), "GR-E1"
    seat = decision.seat
    what = i18n.t("grove_look") if decision.kind.value == "look" else i18n.t("grove_accuse")
    return f"{i18n.t('seat')} {seat}: {what.lower()}", decision.rule_id


def draw_table(
    state: GameState, viewer: int | None = None, stage: str | None = None, ax: Axes | None = None
) -> Axes:
    """Draw the table as ``viewer`` sees it (``None``: the narrator); ``stage`` picks the round frame.

    ``stage``: ``"dealt"`` (figures in hand, GR-I1), ``"passed"`` (after passing, GR-I2), ``"reveal"``
    (the last round turned face up, GR-V1), ``"penalties"`` (chips boxed or taken, next leader or
    ranking, GR-V2..V4, GR-E1..E3), or ``None`` (the state as it is).
    """
    if ax is None:
        _fig, ax = plt.subplots(figsize=(9, 6.2))
    n = state.players
    ax.set_xlim(-6.4, 6.4)
    ax.set_ylim(-4.7, 4.5)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.add_patch(Ellipse((0, 0), 8.6, 5.6, facecolor=_FELT, edgecolor="#B9AD8C", linewidth=2, zorder=0))

    obs = state.observation(viewer)
    result: RoundResult | None = (
        state.rounds[-1] if stage in ("reveal", "penalties") and state.rounds else None
    )
    show_round = state.deal is not None and result is None

    # ------------------------------------------------------------------ the crime scene
    unseen = result.unseen if result is not None else state.unseen
    stacks = result.stacks if stage == "reveal" and result is not None else state.stacks
    for i, x in enumerate(SUSPECT_X):
        if result is not None:
            face: Figure | None = result.suspects[i]
            secret = False
            ring = PALETTE["red"] if i == result.culprit else None
        elif show_round:
            face = obs.suspects[i]
            secret = face is not None
            ring = None
        else:
            face, secret, ring = None, False, None
        if result is not None or show_round:
            _draw_figure(ax, x, SCENE_Y, face, secret=secret, ring=ring)
        ax.text(
            x,
            SCENE_Y - 0.95,
            f"{i18n.t('suspect')} {i}",
            ha="center",
            va="top",
            fontsize=CAPTION_PT,
            color="#5A4E35",
            zorder=4,
        )
        if result is not None and i == result.culprit:
            ax.text(
                x,
                SCENE_Y + 1.45,
                i18n.t("grove_culprit"),
                ha="center",
                fontsize=11,
                fontweight="bold",
                color=PALETTE["red"],
                zorder=9,
            )
        if unseen == i and (show_round or result is not None):
            _draw_unseen_token(ax, x + 0.55, SCENE_Y + 1.02)
        if stacks and (show_round or stage == "reveal"):
            _draw_stack(ax, x, stacks[i])
        if show_round and state.looks:  # who looked at this suspect (public, GR-P2, GR-P4)
            lookers = [s for s, pair in enumerate(state.looks) if pair is not None and i in pair]
            for k, s in enumerate(lookers):
                ax.add_patch(
                    Circle(
                        (x - 0.45 + 0.2 * k, SCENE_Y + 1.2),
                        0.075,
                        facecolor=SEAT_COLOURS[s],
                        edgecolor="white",
                        lw=0.6,
                        zorder=6,
                    )
                )
    if show_round or result is not None:
        victim = obs.victim if viewer is None and show_round else None
        _draw_figure(ax, 2.95, SCENE_Y - 0.1, victim, scale=0.56, secret=victim is not None)
        # in two lines: on one line at 10 pt it would touch suspect 2's label
        ax.text(2.95, SCENE_Y - 0.75, _two_lines(i18n.t("victim")), ha="center", va="top",
                fontsize=CAPTION_PT, color="#5A4E35", linespacing=1.0)
    public = state.deal.public if state.deal is not None else None
    if public is not None and (show_round or result is not None):
        _draw_figure(ax, -3.15, SCENE_Y - 0.1, public, scale=0.56)
        ax.text(
            -3.15,
            SCENE_Y - 0.75,
            _two_lines(i18n.t("grove_face_up")),
            ha="center",
            va="top",
            linespacing=1.0,
            fontsize=CAPTION_PT,
            color="#5A4E35",
        )
    if not show_round and result is None:
        ax.text(
            0,
            0.3,
            i18n.t("grove_deal_step") + " (GR-S3)",
            ha="center",
            va="center",
            fontsize=14,
            color="#7A6C4F",
            style="italic",
        )

    # --------------------------------------------------------------------------- seats
    incompetent = [list(c) for c in state.incompetent]
    if stage == "reveal" and result is not None:  # penalties not handed out yet in this frame
        for p in result.penalties:
            del incompetent[p.seat][len(incompetent[p.seat]) - len(p.chips) :]
    leader = result.leader if stage == "reveal" and result is not None else state.leader
    current = state.current_player() if show_round else None
    for s in range(n):
        x, y = _seat_xy(s, n)
        colour = SEAT_COLOURS[s]
        name = f"{i18n.t('seat')} {s}"
        weight = "bold" if s == viewer else "normal"
        box = dict(
            boxstyle="round,pad=0.3",
            facecolor="white",
            edgecolor=colour,
            linewidth=3 if s == current else 1.2,
        )
        ax.text(
            x, y + 0.55, name, ha="center", va="center", fontsize=10, fontweight=weight, bbox=box, zorder=7
        )
        if s == leader:
            _draw_leader_token(ax, x - 0.95, y + 0.55)
        # the figure in hand
        if show_round and state.deal is not None:
            holding = state.deal.hands[s]
            if stage != "dealt" and n > 2:
                holding = state.deal.hands[(s - 1) % n]
            visible = viewer is None or viewer == s
            _draw_figure(ax, x + 1.05, y + 0.45, holding if visible else None, scale=0.42, secret=visible)
            if visible and stage != "dealt":  # what this seat knows is not at the scene (GR-I2, GR-2P3)
                known = " · ".join(f.label for f in state.deal.alibis(s))
                # two lines under the figure, clear of the chip rows on its left
                ax.text(x + 1.05, y - 0.12, f"{i18n.t('alibi')}\n{known}", ha="center", va="top",
                        fontsize=CAPTION_PT, color="#5A4E35", zorder=7, linespacing=1.1)
        # detective chips still in hand (GR-C2), then incompetent chips (GR-V3)
        for k in range(state.detective_chips[s]):
            _draw_chip(ax, x - 1.3 + 0.26 * k, y - 0.05, s, r=0.11)
        for k, owner in enumerate(incompetent[s]):
            _draw_chip(
                ax, x - 1.3 + 0.26 * (k % 7), y - 0.4 - 0.28 * (k // 7), owner, incompetent=True, r=0.11
            )

    # ------------------------------------------------------------------- reveal summary
    lines: list[str] = []
    if result is not None and stage == "penalties":
        if result.boxed:
            lines.append(f"{i18n.t('grove_box')}: {len(result.boxed)} (GR-V2)")
        for p in result.penalties:
            lines.append(
                f"{i18n.t('grove_penalty')}: {i18n.t('seat')} {p.seat} +{len(p.chips)} "
                f"({i18n.t('suspect').lower()} {p.suspect}, GR-V3)"
            )
        if not result.penalties:
            lines.append(f"{i18n.t('grove_penalty')}: 0")
    if lines:
        ax.text(
            -6.3,
            4.4,
            "\n".join(lines),
            ha="left",
            va="top",
            fontsize=CAPTION_PT,
            color=PALETTE["ink"],
            bbox=dict(boxstyle="round,pad=0.4", facecolor="white", edgecolor="#BBBBBB"),
            zorder=10,
        )
    if state.is_terminal() and stage == "penalties":
        outcome = state.outcome()
        rows = [f"{i18n.t('grove_ranking')} (GR-E2, GR-E3)"]
        for place, seat in enumerate(outcome.ranking, start=1):
            rows.append(f"{place}. {i18n.t('seat')} {seat}: {outcome.incompetent[seat]}")
        rows.append(f"→ {i18n.t('seat')} {outcome.loser} ({outcome.decided_by})")
        ax.text(
            6.3,
            4.4,
            "\n".join(rows),
            ha="right",
            va="top",
            fontsize=10,
            color=PALETTE["ink"],
            bbox=dict(boxstyle="round,pad=0.5", facecolor="#FFF6D6", edgecolor=_GOLD),
            zorder=10,
        )
    _draw_legend(ax)
    who = i18n.t("narrator") if viewer is None else f"{i18n.t('seat')} {viewer}"
    title, rules = step_title(state, stage)
    round_no = result.round if result is not None else state.round
    ax.set_title(
        f"{i18n.t('grove_round')} {round_no} · {title} ({rules}) · {i18n.t('view')}: {who}", fontsize=12
    )
    ax.add_patch(Rectangle((-6.4, -4.7), 0.001, 0.001, alpha=0))  # keep the frame fixed
    return ax


class GroveStepper:
    """A stepper over one seeded game, with a seat selector and choices for any seat.

    Attributes ``state`` (the engine state), ``stage`` (which frame of the round is shown) and
    ``viewer`` (``None`` for the narrator) are the controller's state; the widgets only call
    :meth:`next_step`, :meth:`reset`, :meth:`look`, :meth:`accuse` and :meth:`set_view`.
    """

    def __init__(self, players: int = 3, seed: int = 2026, first_leader: int = 0, bot: str = "best") -> None:
        self.players = players
        self.seed = seed
        self.first_leader = first_leader
        self.bot = STRATEGIES[bot]
        self.switch = LanguageSwitch()
        self.message = MessageBox()
        self.view = widgets.Dropdown(layout=widgets.Layout(width="auto"), style=_LABEL)
        self.view.add_class("grove-stepper-view")
        bind(self.view, "view")
        self.next_button = bind(
            widgets.Button(layout=widgets.Layout(width="170px"), button_style="primary"), "next_step"
        )
        self.next_button.add_class("grove-stepper-next")
        self.reset_button = bind(widgets.Button(layout=widgets.Layout(width="130px")), "reset")
        self.reset_button.add_class("grove-stepper-reset")
        self.acting = widgets.Dropdown(options=list(range(players)), layout=widgets.Layout(width="auto"),
                                       style=_LABEL)
        self.acting.add_class("grove-stepper-acting")
        bind(self.acting, "grove_acting_seat")
        self.pair = widgets.Dropdown(
            options=[("0 & 1", (0, 1)), ("0 & 2", (0, 2)), ("1 & 2", (1, 2))],
            layout=widgets.Layout(width="auto"),
            style=_LABEL,
        )
        self.pair.add_class("grove-stepper-pair")
        bind(self.pair, "grove_pair")
        self.look_button = bind(widgets.Button(layout=widgets.Layout(width="110px")), "grove_look")
        self.look_button.add_class("grove-stepper-look")
        self.suspect = widgets.Dropdown(
            options=[0, 1, 2], layout=widgets.Layout(width="auto"), style=_LABEL
        )
        self.suspect.add_class("grove-stepper-suspect")
        bind(self.suspect, "suspect")
        self.accuse_button = bind(widgets.Button(layout=widgets.Layout(width="110px")), "grove_accuse")
        self.accuse_button.add_class("grove-stepper-accuse")
        self.caption = widgets.HTML(layout=widgets.Layout(height="30px", width="100%"))
        self.caption.add_class("grove-stepper-caption")
        self.log = widgets.HTML(layout=widgets.Layout(height="170px", width="100%", overflow="auto"))
        self.log.add_class("grove-stepper-log")
        self.viewer: int | None = None
        self.updates = 0  # how many times the view was redrawn (lets a browser test wait for an update)
        self.state: GameState = new_game(players, first_leader)
        self.stage: str | None = None
        self.rng = random.Random(seed)
        self.picture = FigureView(self._draw, size=(9, 6.2))
        self.picture.widget.add_class("grove-stepper-picture")
        self.next_button.on_click(lambda _b: self.next_step())
        self.reset_button.on_click(lambda _b: self.reset())
        self.look_button.on_click(lambda _b: self.look(int(self.acting.value), tuple(self.pair.value)))
        self.accuse_button.on_click(lambda _b: self.accuse(int(self.acting.value), int(self.suspect.value)))
        self.view.observe(self._view_changed, names="value")
        i18n.on_change(lambda _language: self._relabel())
        choices = widgets.HBox(
            [self.acting, self.pair, self.look_button, self.suspect, self.accuse_button],
            layout=widgets.Layout(width="100%", flex_flow="row wrap"),
        )
        self.widget = widgets.VBox(
            [
                self.switch.widget,
                widgets.HBox([self.next_button, self.reset_button, self.view]),
                choices,
                self.message.widget,
                self.caption,
                self.picture.widget,
                self.log,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.widget.add_class("grove-stepper")
        self._relabel()

    # ----------------------------------------------------------------- controller verbs
    def reset(self) -> None:
        """Start the same seeded game again."""
        self.state = new_game(self.players, self.first_leader)
        self.stage = None
        self.rng = random.Random(self.seed)
        self.message.clear()
        self._update()

    def next_step(self) -> None:
        """Show the next frame: the deal, the passing, the engine's choice, the reveal, the penalties."""
        self.message.clear()
        if self.stage == "dealt":
            self.stage = "passed"
        elif self.stage == "reveal":
            self.stage = "penalties"
        elif self.state.is_terminal():
            self.message.info(f"{i18n.t('game_end')} (GR-E1)")
        elif self.state.is_chance_node():
            self.state = self.state.apply(self.state.sample_chance(self.rng))
            self.stage = "dealt"
        else:
            decision = self.state.pending()
            assert decision is not None
            seat = decision.seat
            self._apply(self.bot(self.state.observation(seat), decision.options, self.rng))
            return
        self._update()

    def look(self, seat: int, pair: tuple[int, ...]) -> None:
        """Seat ``seat`` tries to look at ``pair``; a refusal is shown with its rule id."""
        a, b = (*pair, -1, -1)[:2]
        self._apply(Look(seat, (a, b)))

    def accuse(self, seat: int, suspect: int) -> None:
        """Seat ``seat`` tries to put a chip under ``suspect``; a refusal is shown with its rule id."""
        self._apply(Accuse(seat, suspect))

    def set_view(self, viewer: int | None) -> None:
        """Show the table as ``viewer`` sees it (``None``: the narrator)."""
        self.view.value = -1 if viewer is None else viewer

    # ------------------------------------------------------------------------- internals
    def _apply(self, action: Any) -> None:
        self.message.clear()
        if self.stage in ("dealt", "reveal"):
            self.stage = {"dealt": "passed", "reveal": "penalties"}[self.stage]
        rounds = len(self.state.rounds)
        try:
            self.state = self.state.apply(action)
        except RulesEngineError as exc:
            self.message.error(exc.localized())
            self._update()
            return
        self.stage = "reveal" if len(self.state.rounds) > rounds else None
        self._update()

    def _view_changed(self, change: dict[str, Any]) -> None:
        value = change["new"]
        self.viewer = None if value in (-1, None) else int(value)
        self._update()

    def _relabel(self) -> None:
        value = self.view.value if self.view.value is not None else -1
        options = [(i18n.t("narrator"), -1)] + [(f"{i18n.t('seat')} {s}", s) for s in range(self.players)]
        self.view.unobserve(self._view_changed, names="value")
        self.view.options = options
        self.view.value = value
        self.view.observe(self._view_changed, names="value")
        self.suspect.options = [(f"{i18n.t('suspect')} {i}", i) for i in range(3)]
        self._update()

    def _update(self) -> None:
        decision = self.state.pending()
        if decision is not None and decision.seat >= 0:
            self.acting.value = decision.seat
        self.picture.refresh()
        title, rules = step_title(self.state, self.stage)
        self.updates += 1
        self.caption.value = (
            f'<span class="grove-stage" data-stage="{self.stage or ""}" data-updates="{self.updates}">'
            f"<b>{html.escape(title)}</b> <code>{html.escape(rules)}</code></span>"
        )
        events = self.state.visible_events(self.viewer)
        # One seat per line: a private line names its seat itself, in the seat's colour (issue 10).
        rows = "".join(
            f"<div class='grove-event{'' if e.public else ' grove-private'}' "
            f"style='color:{'#333' if e.public else SEAT_COLOURS[e.audience or 0]}'>"
            f"<code>{e.rule_id}</code> {html.escape(e.localized())}</div>"
            for e in events[-40:]
        )
        self.log.value = f"<b>{html.escape(i18n.t('grove_log'))}</b>{rows}"

    def _draw(self, fig: Any) -> None:
        ax = fig.add_axes([0, 0, 1, 0.95])
        draw_table(self.state, self.viewer, self.stage, ax=ax)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return widget_bundle(self.widget, **kwargs)


def picture(state: GameState, viewer: int | None = None, stage: str | None = None,
            size: tuple[float, float] = (9, 6.2)) -> Any:
    """The table as a PNG ``Image`` (for a notebook cell; looks the same in JupyterLab and Voilà).

    >>> picture(new_game(3)).format
    'png'
    """
    import io

    from IPython.display import Image
    from matplotlib.figure import Figure as MplFigure

    fig = MplFigure(figsize=size, dpi=100)
    ax = fig.add_axes((0, 0, 1, 0.95))
    draw_table(state, viewer, stage, ax=ax)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", facecolor="white")
    return Image(data=buffer.getvalue(), format="png")


# ----------------------------------------------------------------------------------------------------------
# What the notebooks print, as tables in the current language (never reprs such as ``Look(seat=1, …)``).

_SEAT = "seat"
_WHERE = words("grove.table.place")
_IN_HAND = words("grove.table.in_hand")


def _seat(seat: int | None) -> str:
    return "—" if seat is None else f"{i18n.t('seat')} {seat}"


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats) or "—"


def _figures(figures: Sequence[Figure]) -> str:
    return ", ".join(f.label for f in figures) or "—"


def culprit_rule(suspects: Sequence[Figure]) -> str:
    """The rule ids that pick the culprit among ``suspects``: GR-R2 with a 5 among the numbers, else
    GR-R1; GR-R3 too when an X is ignored.

    >>> culprit_rule(tuple(map(Figure.parse, "X56"))), culprit_rule(tuple(map(Figure.parse, "386")))
    ('GR-R2, GR-R3', 'GR-R1')
    """
    numbers = [f for f in suspects if f.is_number]
    rules = ["GR-R2" if Figure.parse("5") in numbers else "GR-R1"]
    return ", ".join(rules + (["GR-R3"] if len(numbers) < len(suspects) else []))


def _reason(suspects: Sequence[Figure], language: str | None = None) -> str:
    numbers = [f for f in suspects if f.is_number]
    reason = "grove.table.reason_five" if Figure.parse("5") in numbers else "grove.table.reason_no_five"
    return message(reason + ("_x" if len(numbers) < len(suspects) else ""), language)


def deal_counts(players: Sequence[int] = (2, 3, 4, 5)) -> Table:
    """The figures in play and the number of distinct deals for each player count (GR-S1, GR-S3).

    >>> deal_counts((2, 5)).rows
    [['2', '2 3 4 5 6 7 8', '5040'], ['5', '2 3 4 5 6 7 8 X X', '181440']]
    """
    from rulesengine.grove.rules.game import count_deals

    return Table(
        [[n, " ".join(f.label for f in figures_in_play(n)), count_deals(n)] for n in players],
        ["players", words("grove.table.figures_in_play"), words("grove.table.distinct_deals")],
    )


def deal_table(deal: Deal) -> Table:
    """Where each figure of a deal lies: the seats' hands, the three suspects, the victim, the face-up
    figure with two players (GR-S3, GR-2P1).

    >>> deal_table(Deal.of([2, 3], [5, 8, 6], 7, public=4)).rows[-1]
    ['Face-up figure', '4']
    """
    rows = [[f"{_seat(s)} ({_IN_HAND.localized()})", f.label] for s, f in enumerate(deal.hands)]
    rows += [[f"{i18n.t('suspect')} {i}", f.label] for i, f in enumerate(deal.suspects)]
    rows.append([i18n.t("victim"), deal.victim.label])
    if deal.public is not None:
        rows.append([i18n.t("grove_face_up"), deal.public.label])
    return Table(rows, [_WHERE, "figure"])


def alibis_table(state: GameState) -> Table:
    """Each seat's two alibis and where they come from (GR-I1, GR-I2; GR-2P3 with two players).

    >>> alibis_table(new_game(4).apply(Deal.of(["X", 3, 4, 2], [5, 8, 6], 7))).rows[1]
    ['Seat 1', '3', 'X', '3, X']
    """
    rows = []
    for seat in range(state.players):
        obs = state.observation(seat)
        other = obs.public if obs.public is not None else obs.received
        hand = "—" if obs.hand is None else obs.hand.label
        rows.append([_seat(seat), hand, "—" if other is None else other.label, _figures(obs.alibis)])
    second: Label = "grove_face_up" if state.players == 2 else words("grove.table.received_right")
    return Table(rows, [_SEAT, _IN_HAND, second, words("grove.table.alibis")])


def culprit_table(scenes: Sequence[str]) -> Table:
    """For each crime scene (three faces, e.g. ``"X56"``): the culprit and the rule that picks it.

    >>> culprit_table(["586"]).rows
    [['5, 8, 6', '5', 'GR-R2', 'a 5 is a suspect: the lowest number']]
    """
    from rulesengine.grove.rules.figures import culprit_figure

    rows = []
    for scene in scenes:
        suspects = tuple(Figure.parse(face) for face in scene)
        culprit = culprit_figure(suspects).label
        rows.append([_figures(suspects), culprit, culprit_rule(suspects), _reason(suspects)])
    return Table(rows, [words("grove.table.suspects"), "grove_culprit", "rule", words("grove.table.why")])


def _action(action: Any) -> str:
    if isinstance(action, Look):
        a, b = action.suspects
        return message("grove.table.look", a=a, b=b)
    if isinstance(action, Accuse):
        return message("grove.table.accuse", suspect=action.suspect)
    return str(action)


def looks_table(state: GameState, seat: int) -> Table:
    """What ``seat`` knows of each suspect this round: the figure seen, or not looked at (with the
    Unseen token, GR-P2)."""
    seen = state.observation(seat).seen()
    unseen = state.observation(seat).unseen_token
    rows = []
    for i in range(3):
        if i in seen:
            shown = seen[i].label
        else:
            token = f" — {i18n.t('unseen_token')}" if i == unseen else ""
            shown = f"({i18n.t('grove_not_looked')}){token}"
        rows.append([f"{i18n.t('suspect')} {i}", shown])
    return Table(rows, ["suspect", words("grove.table.seat_saw", seat=seat)])


def decision_table(state: GameState) -> Table:
    """The pending decision: who decides, under which rule, and every legal option in words."""
    decision = state.pending()
    if decision is None:
        return Table([], ["rule"], title=i18n.t("game_end"))
    options = "; ".join(_action(option) for option in decision.options)
    header: list[Label] = ["rule", _SEAT, words("grove.table.may_only")]
    return Table([[decision.rule_id, _seat(decision.seat), options]], header)


def round_table(result: RoundResult) -> Table:
    """A finished round: each suspect's face, its stack of chips by seat (bottom to top), and what
    happened to the stack (GR-V1..GR-V3); the next leader (GR-V4) in the title."""
    rows = []
    for i, face in enumerate(result.suspects):
        stack = result.stacks[i]
        if i == result.culprit:
            fate = f"{i18n.t('grove_culprit')} — {i18n.t('grove_box')}" if stack else i18n.t("grove_culprit")
        else:
            takers = [p for p in result.penalties if p.suspect == i]
            fate = "; ".join(
                message("grove.table.takes_chips", seat=p.seat, count=len(p.chips)) for p in takers
            ) or "—"
        rows.append([f"{i18n.t('suspect')} {i}", face.label, _seats(stack), fate])
    leader = "—" if result.next_leader is None else _seat(result.next_leader)
    next_leader = Name("term", "grove_next_leader")
    title = message("grove.table.round_title", round=result.round, next_leader=next_leader, leader=leader)
    chips = words("grove.table.chips_stack")
    return Table(rows, ["suspect", "figure", chips, words("grove.table.result")], title=title)


def outcome_table(outcome: Outcome) -> Table:
    """The end of a game: each seat's incompetent chips (own colour among them) and place, best first
    (GR-E2, GR-E3); the tie-break that decided the loser in the title."""
    decided = {"count": "grove.table.decided_count", "own colour": "grove.table.decided_own_colour",
               "seat": "grove.table.decided_seat"}
    rows = [[outcome.place(s), _seat(s), outcome.incompetent[s], outcome.own_colour[s],
             message("grove.table.loses") if s == outcome.loser else ""] for s in outcome.ranking]
    by = decided.get(outcome.decided_by)
    title = message("grove.table.outcome_title", rounds=outcome.rounds,
                    decided=outcome.decided_by if by is None else message(by))
    own = words("grove.table.own_colour")
    return Table(rows, ["grove_ranking", _SEAT, "incompetent_chip", own, ""], title=title)
