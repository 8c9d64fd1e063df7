"""Helpers for the engine tests: small scripts built in code and drivers for a day."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulesengine.looper.rules.actions import Action, Allow, Choose, Pass, PlaceCard
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.rulings import Rulings
from rulesengine.looper.rules.script import ScheduledIncident, Script
from rulesengine.looper.rules.state import Phase

#: Mastermind cards that do nothing: paranoia cards on locations.
QUIET_MM = (("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("paranoia_minus_1", "city"))
#: Protagonist cards that do nothing: movement and paranoia cards on locations (leader first).
QUIET_P = (("move_horizontal", "hospital"), ("move_vertical", "shrine"), ("paranoia_plus_1", "city"))


def make_script(
    cast: Sequence[str] = (
        "boy_student",
        "girl_student",
        "office_worker",
        "pop_idol",
        "doctor",
        "shrine_maiden",
    ),
    roles: Mapping[str, str] | None = None,
    incidents: Sequence[tuple[int, str, str]] = (),
    *,
    set_id: str = "first_steps",
    main_plot: str = "murder_plan",
    subplots: Sequence[str] = ("shadow_of_the_ripper",),
    loops: int = 3,
    days: int = 3,
    godly_being_entry_loop: int | None = None,
    boss_turf: str | None = None,
    henchman_start: str | None = None,
    options: Mapping[str, object] | None = None,
) -> Script:
    """A script built in code (not validated: tests may break script-creation rules on purpose)."""
    if roles is None:
        roles = {"girl_student": "key_person", "office_worker": "killer", "pop_idol": "brain"}
    return Script(
        id="test",
        title="Test",
        set_id=set_id,
        loops=loops,
        days=days,
        cast=tuple(cast),
        special_rules="",
        main_plot=main_plot,
        subplots=tuple(subplots),
        roles=dict(roles),
        incidents=tuple(ScheduledIncident(d, i, c) for d, i, c in incidents),
        godly_being_entry_loop=godly_being_entry_loop,
        boss_turf=boss_turf,  # type: ignore[arg-type]
        henchman_start=henchman_start,  # type: ignore[arg-type]
        options=dict(options or {}),
        path=None,
    )


def make_game(script: Script | None = None, rulings: Rulings | None = None, **kw: object) -> Game:
    """A game on ``script`` (or on ``make_script(**kw)``)."""
    return Game(script if script is not None else make_script(**kw), rulings=rulings)  # type: ignore[arg-type]


def place_cards(
    game: Game,
    mm: Sequence[tuple[str, str]] = QUIET_MM,
    prot: Sequence[tuple[str, str]] = QUIET_P,
) -> None:
    """Play TL-D2 and TL-D3: the Mastermind's 3 cards, then the protagonists' from the leader on.

    Empty Mastermind pauses (only ``Pass()`` to give) before and after are stepped over.
    """
    skip_empty_pauses(game)
    assert game.phase is Phase.MASTERMIND_CARDS, game.phase
    for card, target in mm:
        game.apply(PlaceCard(card, target))
    for card, target in prot:
        game.apply(PlaceCard(card, target))
    skip_empty_pauses(game)


def skip_empty_pauses(game: Game) -> None:
    """Answer ``Pass()`` to every pending Mastermind decision whose only option is ``Pass()``.

    The engine asks the Mastermind at TL-D4 (when a Cultist's choice is conceivable), at TL-D5 and at
    TL-D9 even when no hidden role can act, so the pause reveals nothing; scenario tests that are
    about something else step over those empty pauses.
    """
    while game.pending is not None and game.pending.who == "mastermind" and game.pending.options == (Pass(),):
        game.apply(Pass())


def to_phase(game: Game, phase: Phase) -> None:
    """Answer Pass/Allow until the game reaches ``phase`` (cards must already be placed)."""
    while game.phase is not phase:
        game.apply(Allow() if Allow() in game.legal_actions() else Pass())


def answer_default(game: Game) -> Action:
    """Pass when possible, else Allow, else the first option."""
    options = game.legal_actions()
    for a in (Pass(), Allow(), Choose("next_loop")):
        if a in options:
            return a
    return options[0]


def run_until(game: Game, phase: Phase, *, loop: int | None = None, day: int | None = None) -> None:
    """Answer with :func:`answer_default` until the game reaches ``phase`` (and day/loop when given)."""
    for _ in range(10_000):
        if game.phase is phase and (loop is None or game.loop == loop) and (day is None or game.day == day):
            return
        if game.pending is None:
            raise AssertionError(f"game ended before {phase}: {game.outcome}")
        if game.phase is Phase.MASTERMIND_CARDS:
            place_cards(game)
            continue
        game.apply(answer_default(game))
    raise AssertionError("run_until did not reach the phase")


def quiet_day(game: Game) -> None:
    """Play the rest of the current day quietly, up to the next day's (or loop's) card placement."""
    start = (game.loop, game.day)
    if game.phase is Phase.MASTERMIND_CARDS:
        place_cards(game)
    while game.pending is not None and (
        game.phase is not Phase.MASTERMIND_CARDS or (game.loop, game.day) == start
    ):
        game.apply(answer_default(game))


def events(game: Game, kind: str, visibility: str | None = None) -> list[dict[str, object]]:
    """The log's events of one kind (optionally of one visibility), as plain dicts without bookkeeping."""
    out = []
    for e in game.log:
        if e.kind == kind and (visibility is None or e.visibility == visibility):
            out.append(dict(e.data))
    return out
