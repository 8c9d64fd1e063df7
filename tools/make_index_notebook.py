"""Write notebooks/00_index.ipynb (run, then execute the notebook to store outputs)."""

from __future__ import annotations

import nbformat
from nbtools import code, md, write


def notebook_00() -> list[nbformat.NotebookNode]:
    return [
        md(
            """
# rulesengine — index / Mục lục

Interactive notebooks that teach two tabletop games rule by rule, and analyse them exactly.
Every rule has a stable id (`TL-…` for Tragedy Looper, `GR-…` for In a Grove); the rule pages are in
[`docs/`](../docs/index.md), and every notebook cell that teaches a rule cites its id.

Vietnamese terms from the rule sheets stand beside the English ones where a term is introduced, and the
**language switch** below changes the labels of the notebooks' controls (English / Tiếng Việt).
"""
        ),
        code(
            """
import random

import pandas as pd

from rulesengine import i18n
from rulesengine.viz.common import use_style

random.seed(2026)
use_style()
""",
        ),
        md(
            """
## The notebooks

| notebook | what it teaches |
|---|---|
| [01 — Looper: board and cards](01_looper_board_and_cards.ipynb) | The four locations, the characters and their tokens, the two hands of action cards, and where cards may be placed (TL-D2a, TL-D3a..c). |
| [02 — Looper: a day in nine steps](02_looper_day_in_nine_steps.ipynb) | The day TL-D1..TL-D9 step by step on a shipped script, with the Protagonists' and the Mastermind's views side by side. |
| [03 — Looper: loop end and final guess](03_looper_loop_end_and_final_guess.ipynb) | The three ways a loop ends (TL-LE1), the loss check (TL-LE2), the time spiral and rewind (TL-TS, TL-RW), and the final guess (TL-FG). |
| [04 — Looper: play a script](04_looper_play_a_script.ipynb) | A whole shipped script against the Mastermind agent, with the log, the board and a notes panel. |
| [05 — Looper: deduction](05_looper_deduction.ipynb) | Which roles, culprits and plots are still possible after each day: a heat map, the candidates falling, each elimination explained, the final-guess advisor and the next move. |
| [10 — In a Grove: the rules](10_grove_rules.ipynb) | Deal, investigation, accusations, reveal, penalties and ranking (GR-…), played from any seat. |
| [11 — In a Grove: culprit odds](11_grove_culprit_odds.ipynb) | Exact culprit odds for what you saw, the Bayes table behind them, and the analysis by player count. |

Each notebook also runs as an app under Voilà: `make voila NB=notebooks/11_grove_culprit_odds.ipynb`.
"""
        ),
        md(
            """
## The two rule sources' terms

The glossary is `data/glossary.csv`, read by `rulesengine.i18n`. The column `source` says whether the
Vietnamese term is the rule sheet's own (`seed`) or chosen for this project (`project`).
A term is introduced in the notebooks in the form below:
"""
        ),
        code('print(i18n.both("crime_scene"))\nprint(i18n.both("final_guess"))', tag="nbval-check-output"),
        code(
            """
glossary = pd.DataFrame([vars(term) for term in i18n.glossary().values()])
glossary.groupby("game").size().rename("terms").to_frame()
""",
            tag="nbval-ignore-output",
        ),
        md(
            """
## Glossary explorer and language switch

Pick a game, type to search, and switch the labels between English and Tiếng Việt.
The switch is the same widget in every notebook.
"""
        ),
        code(
            """
from rulesengine.viz.glossary import GlossaryExplorer

explorer = GlossaryExplorer()
explorer.widget
""",
            tag="nbval-ignore-output",
        ),
    ]


#: The notebook's file name and the function that builds its cells (read by tools/make_notebooks.py).
NOTEBOOKS = {"00": ("00_index.ipynb", notebook_00)}


if __name__ == "__main__":
    print(write("00_index.ipynb", notebook_00()))
