"""Incidents (TL-D7): extra conditions (TL-D7e), the Mastermind's open choices (TL-D7d) and effects.

Choices are plain strings: a character or location id, or two parts joined by ``|``
(``"a|b"``: first and second character; ``"a|paranoia"``: character and counter).

>>> len(IMPLEMENTED), sorted(IMPLEMENTED)[:3]
(9, ['butterfly_effect', 'faraway_murder', 'foul_evil'])
"""

from __future__ import annotations

from typing import Final

from rulesengine.looper.rules.state import EventKind, Visibility
from rulesengine.looper.rules.state import Table as Game

#: The incident ids with an implementation.
IMPLEMENTED: Final = frozenset(
    {
        "murder",
        "increasing_unease",
        "suicide",
        "hospital_incident",
        "faraway_murder",
        "missing_person",
        "spreading",
        "foul_evil",
        "butterfly_effect",
    }
)

COUNTERS: Final = ("goodwill", "intrigue", "paranoia")


def extra_condition_holds(game: Game, incident: str) -> bool:
    """TL-D7e: the Hospital Incident needs intrigue on the Hospital; the others have no extra condition."""
    cond = game.content.incidents[incident].extra_condition
    if cond == "hospital_has_intrigue":
        return game.location_intrigue["hospital"] >= 1
    return True


def _pairs(chars: list[str]) -> list[str]:
    return [f"{a}|{b}" for a in chars for b in chars if a != b]


def _together(game: Game, a: str, b: str) -> bool:
    """Whether two characters share a location for an incident: the Boss's turf counts only with
    the ruling ``boss_turf_in_incidents`` (⚠j)."""
    if game.rulings.boss_turf_in_incidents:
        return game.same_place(a, b)
    la = game.chars[a].location
    return la is not None and la == game.chars[b].location


def _at(game: Game, location: str) -> list[str]:
    """Living characters in ``location`` for an incident (the Boss's turf as in :func:`_together`)."""
    if game.rulings.boss_turf_in_incidents:
        return game.at(location)
    return [c for c in game.living() if game.chars[c].location == location]


def options(game: Game, incident: str, culprit: str) -> list[str] | None:
    """The Mastermind's sorted choices for an incident; ``None`` when it leaves nothing open.

    An empty list means the incident found no legal target: it happened with no effect.

    >>> from rulesengine.looper.rules.engine import Game
    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> options(game, "murder", "boy_student")
    ['girl_student']
    >>> options(game, "suicide", "boy_student") is None
    True
    """
    living = game.living()
    if incident == "murder":
        out = [c for c in living if c != culprit and _together(game, c, culprit)]
    elif incident == "increasing_unease":
        out = _pairs(living)
    elif incident == "spreading":
        out = _pairs(living)
        if game.rulings.spreading_needs_goodwill:  # ⚠l: the giver must hold goodwill
            out = [p for p in out if game.chars[p.split("|")[0]].goodwill > 0]
    elif incident == "faraway_murder":
        out = [c for c in living if game.chars[c].intrigue >= 2]
    elif incident == "missing_person":
        if game.rulings.missing_person_any_location:  # ⚠k
            out = list(game.locations)
        else:
            out = [loc for loc in game.locations if loc not in game.forbidden(culprit)]
    elif incident == "butterfly_effect":
        out = [f"{c}|{k}" for c in living if _together(game, c, culprit) for k in COUNTERS]
    elif incident in ("suicide", "hospital_incident", "foul_evil"):
        return None
    else:
        raise KeyError(f"incident {incident!r} has no implementation")
    return sorted(out)


def resolve(game: Game, incident: str, culprit: str, choice: str | None) -> None:
    """Apply an incident's effect with the Mastermind's choice (the culprit is never announced: TL-D7c)."""
    game.emit(EventKind.INCIDENT_CHOICE, Visibility.MASTERMIND, incident=incident, choice=choice)
    if incident in ("murder", "faraway_murder"):
        assert choice is not None
        game.kill(choice, incident)
    elif incident == "increasing_unease":
        assert choice is not None
        a, b = choice.split("|")
        game.add_token(a, "paranoia", 2, announce=True)
        game.add_token(b, "intrigue", 1, announce=True)
    elif incident == "suicide":
        game.kill(culprit, incident)
    elif incident == "hospital_incident":
        n = game.location_intrigue["hospital"]
        game.kill_all(_at(game, "hospital"), incident)
        if n >= 2:
            game.protagonists_die(incident)
    elif incident == "missing_person":
        assert choice is not None
        game.move(culprit, choice)
        game.add_token(choice, "intrigue", 1, announce=True)
    elif incident == "spreading":
        assert choice is not None
        a, b = choice.split("|")
        game.add_token(a, "goodwill", -2, announce=True)
        game.add_token(b, "goodwill", 2, announce=True)
    elif incident == "foul_evil":
        game.add_token("shrine", "intrigue", 2, announce=True)
    elif incident == "butterfly_effect":
        assert choice is not None
        c, kind = choice.split("|")
        game.add_token(c, kind, 1, announce=True)
    else:  # pragma: no cover
        raise KeyError(incident)
