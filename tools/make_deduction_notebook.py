"""Generator of notebook 05: Tragedy Looper deduction day by day (issue 12).

.venv/bin/python tools/make_deduction_notebook.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbtools import CHECK, IGNORE, code, md, write

SETUP = """
import random

from rulesengine import i18n
from rulesengine.viz.common import LanguageSwitch, use_style

random.seed(2026)
use_style()
i18n.set_language("en")
"""


def notebook_05() -> list[nbformat.NotebookNode]:
    return [
        md(
            """
# Tragedy Looper 5 — deduction / Suy luận

The Protagonists' whole game is deduction: which **roles** (*vai trò*), **culprits** (*thủ phạm*) and
**plots** are still possible after what they saw? `rulesengine.looper.deduce` answers exactly: every
private sheet the set allows is played by the engine against the public record, the Mastermind's hidden
choices branched, and a sheet is ruled out as soon as the engine cannot reproduce what was seen
(docs/looper_deduction.md). Probabilities are uniform over the candidates left.

The game below is a small version of a Basic Tragedy X script (the first four characters, three days,
two loops): on a whole script the deduction takes minutes.
"""
        ),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md("## A game, day by day"),
        code(
            """
from rulesengine.viz.looper_deduction import DayByDay, candidates_chart, picture, role_heat_map, summary

days = DayByDay("btx_01_first_contract")
first = days.step()
print(days.history[-1][0], first.candidates, "of", first.total, "candidates left")
""",
            CHECK,
        ),
        code("picture(role_heat_map, first)", IGNORE),
        md("Why the others went: each public event, how many candidates it removed."),
        code('print("\\n".join(summary(first)))', IGNORE),
        md("## Until the end of the game"),
        code(
            """
while not days.game.is_over:
    days.step()
for label, result in days.history:
    print(label, result.candidates)
""",
            IGNORE,
        ),
        code("picture(candidates_chart, days.history, size=(5, 3))", IGNORE),
        md(
            """
## The final-guess advisor

The role assignment most likely to be right, its probability, and each single answer's probability.
"""
        ),
        code(
            """
last = days.history[-1][1]
guess, p = last.best_guess()
print(p, {c: (r, str(last.roles[c][r])) for c, r in guess.items()})
""",
            IGNORE,
        ),
        md(
            """
## Step it yourself

Pick a script, press **Next day**: the heat map, the candidates falling, the eliminations explained, the
advisor's guess and what to try tomorrow (the options with the most expected information, in bits).
"""
        ),
        code(
            """
from rulesengine.viz.looper_deduction import DeductionWidget

app = DeductionWidget()
app.widget
""",
            IGNORE,
        ),
    ]


NOTEBOOKS = {"05": ("05_looper_deduction.ipynb", notebook_05)}


def write_notebook(key: str) -> Path:
    name, build = NOTEBOOKS[key]
    return write(name, build())


if __name__ == "__main__":
    for key in sys.argv[1:] or sorted(NOTEBOOKS):
        print(write_notebook(key))
