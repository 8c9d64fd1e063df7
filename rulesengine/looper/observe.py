"""Observations: what the protagonists and the Mastermind may see, as plain data.

The protagonists' view never holds hidden information: no role that was not revealed, no
culprit that was not revealed, no Mastermind card face down before TL-D4, no Mastermind-only
event (TL-D5a, TL-D7c), and of a pending Mastermind decision only that the Mastermind is deciding.

>>> from rulesengine.looper.engine import Game
>>> from rulesengine.looper.script import SCRIPTS_DIR, load_script
>>> game = Game(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"))
>>> v = view(game, "protagonists")
>>> v["pending"], {c["role"] for c in v["characters"]}
({'who': 'mastermind'}, {None})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rulesengine.errors import InputError
from rulesengine.looper.actions import to_dict

if TYPE_CHECKING:
    from rulesengine.looper.engine import Game

VIEWERS: Final = ("protagonists", "mastermind")


def view(game: Game, viewer: str) -> dict[str, Any]:
    """The picture of the game one side may see (plain dicts, lists, strings and numbers).

    Raises
    ------
    InputError
        For a viewer other than ``"protagonists"`` or ``"mastermind"``.
    """
    if viewer not in VIEWERS:
        raise InputError("viewer", f"expected protagonists or mastermind, got {viewer!r}")
    mm = viewer == "mastermind"
    characters = []
    for c in game.cast:
        d = game.chars[c].as_dict()
        d["role"] = game.roles[c] if mm else game.revealed_roles.get(c)
        characters.append(d)
    cards = []
    for pc in game.cards:
        own_side = (pc.owner == "mastermind") == mm
        shown = game.cards_revealed or own_side
        cards.append({"owner": pc.owner, "target": pc.target, "card": pc.card if shown else None})
    owners = ["mastermind", "protagonist:0", "protagonist:1", "protagonist:2"]
    hands = {o: game.hand(o) for o in owners if (o == "mastermind") == mm}
    out: dict[str, Any] = {
        "viewer": viewer,
        "loop": game.loop,
        "day": game.day,
        "phase": game.phase.name,
        "leader": game.leader,
        "script": game.script.public_sheet(),
        "characters": characters,
        "locations": dict(game.location_intrigue),
        "cards": cards,
        "hands": hands,
        "spent": {o: sorted(v) for o, v in game.spent.items()},
        "revealed_roles": dict(game.revealed_roles),
        "revealed_culprits": {str(k): v for k, v in game.revealed_culprits.items()},
        "revealed_subplots": list(game.revealed_subplots),
        "log": [e.as_dict() for e in game.log if mm or e.visibility == "public"],
        "loops": [
            {
                "loop": r.loop,
                "day": r.day,
                "lost": r.lost,
                "protagonists_died": r.protagonists_died,
                **({"reasons": list(r.reasons)} if mm else {}),
            }
            for r in game.loop_results
        ],
        "outcome": None
        if game.outcome is None
        else {"winner": game.outcome.winner, "reason": game.outcome.reason},
    }
    pend = game.pending
    if pend is None:
        out["pending"] = None
    elif mm == (pend.who == "mastermind"):
        out["pending"] = {
            "who": pend.who,
            "kind": pend.kind,
            "prompt": pend.prompt,
            "rule_id": pend.rule_id,
            "options": [to_dict(a) for a in pend.options],
        }
    else:
        out["pending"] = {"who": pend.who}
    if mm:
        s = game.script
        out["private"] = {
            "main_plot": s.main_plot,
            "subplots": list(s.subplots),
            "roles": dict(game.roles),
            "culprits": {str(i.day): i.culprit for i in s.incidents},
        }
    return out
