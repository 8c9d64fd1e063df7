"""Import a module of today's layout, or of the flat layout before issue 22, for a baseline checkout.

A benchmark measures an earlier commit by running its own measuring function with that commit's tree
first on ``PYTHONPATH`` (``_worktree.py``). Since issue 22 the modules live in per-game rooms
(``rulesengine.looper.rules.engine`` was ``rulesengine.looper.engine``); :func:`load` tries today's name,
then the old one, so one measuring function serves both.

>>> load("rulesengine.looper.rules.engine").__name__
'rulesengine.looper.rules.engine'
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: Today's module name -> its earlier name (before issue 22, or before deduction.search was cut up).
FLAT = {
    **{f"rulesengine.looper.rules.{m}": f"rulesengine.looper.{m}" for m in (
        "actions", "abilities", "board", "cards", "content", "engine", "incidents", "limits", "observe",
        "rulings", "script", "state", "text",
    )},
    **{f"rulesengine.looper.play.{m}": f"rulesengine.looper.{m}" for m in (
        "agents", "plans", "replay", "community",
    )},
    "rulesengine.looper.deduction.sheets": "rulesengine.looper.candidates",
    "rulesengine.looper.deduction.search": "rulesengine.looper.deduce",
    # (before issue 23 the package's deduce was the enumerated search's)
    "rulesengine.looper.deduction.counted": "rulesengine.looper.deduction.search",
    # (cut out of deduction.search later in issue 22: a baseline between has them all there)
    **{f"rulesengine.looper.deduction.{m}": "rulesengine.looper.deduction.search" for m in (
        "advice", "agent", "filters", "hidden", "record", "reference", "results", "text",
    )},
    "rulesengine.grove.rules.figures": "rulesengine.grove.figures",
    "rulesengine.grove.rules.game": "rulesengine.grove.game",
    "rulesengine.grove.odds.exact": "rulesengine.grove.odds",
    "rulesengine.grove.odds.brute": "rulesengine.grove.brute",
    "rulesengine.grove.odds.table": "rulesengine.grove.table",
    "rulesengine.grove.strategy.fastsim": "rulesengine.grove.fastsim",
    "rulesengine.grove.strategy.policies": "rulesengine.grove.strategies",
    "rulesengine.grove.strategy.equilibrium": "rulesengine.grove.equilibrium",
}  # fmt: skip


def load(name: str) -> ModuleType:
    """The module ``name``, or its earlier name when this ``rulesengine`` is an earlier one (names are
    followed back: ``deduction.agent`` -> ``deduction.search`` -> ``looper.deduce``)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if name not in FLAT or exc.name is None or not name.startswith(exc.name):
            raise
        return load(FLAT[name])
