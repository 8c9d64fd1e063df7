"""In a Grove: figures, the culprit rule, the game engine and exact culprit odds (rule ids ``GR-…``).

* :mod:`rulesengine.grove.rules.figures` — figures by player count (GR-S1), the culprit rule (GR-R1..R3).
* :mod:`rulesengine.grove.rules.game` — the game state machine (deal, investigation, looks, accusations,
  reveal, penalties, next leader, end and ranking).
* :mod:`rulesengine.grove.odds.exact` — exact culprit odds, Bayes tables, base rates.
* :mod:`rulesengine.grove.odds.table` — the table of odds for every information state (``data/grove``).

>>> from rulesengine.grove import Figure, culprit_figure
>>> culprit_figure((Figure(3), Figure(8), Figure(6)))
8
"""

from __future__ import annotations

from rulesengine.grove.odds.exact import (
    BaseRates,
    BayesRow,
    CulpritOdds,
    Knowledge,
    base_rates,
    bayes_records,
    bayes_table,
    culprit_odds,
    information_states,
)
from rulesengine.grove.rules.figures import (
    Figure,
    culprit_figure,
    culprit_index,
    figure_counts,
    figures_in_play,
    parse_figure,
)
from rulesengine.grove.rules.game import (
    CHANCE,
    TERMINAL,
    Accuse,
    Deal,
    Decision,
    DecisionKind,
    Event,
    EventKind,
    GameState,
    Look,
    Observation,
    Outcome,
    Phase,
    enumerate_deals,
    new_game,
    next_leader,
    play_random,
    rank_players,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Accuse",
    "BaseRates",
    "BayesRow",
    "CulpritOdds",
    "Deal",
    "Decision",
    "DecisionKind",
    "Event",
    "EventKind",
    "Figure",
    "GameState",
    "Knowledge",
    "Look",
    "Observation",
    "Outcome",
    "Phase",
    "base_rates",
    "bayes_records",
    "bayes_table",
    "culprit_figure",
    "culprit_index",
    "culprit_odds",
    "enumerate_deals",
    "figure_counts",
    "figures_in_play",
    "information_states",
    "new_game",
    "next_leader",
    "parse_figure",
    "play_random",
    "rank_players",
]
