"""Write the Tragedy Looper notebooks 01-04 (then execute them with the venv kernel to store outputs).

Usage::

    .venv/bin/python tools/make_looper_notebooks.py [01 02 03 04]
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/0[1-4]_looper_*.ipynb

Cells only call the package (``rulesengine.viz.looper_*``); no game logic is written in a cell.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
CHECK = "nbval-check-output"
IGNORE = "nbval-ignore-output"


def md(text: str) -> nbformat.NotebookNode:
    return new_markdown_cell(text.strip())


def code(text: str, tag: str | None = None) -> nbformat.NotebookNode:
    cell = new_code_cell(text.strip())
    if tag:
        cell.metadata["tags"] = [tag]
    return cell


SETUP = """
import random

from rulesengine import i18n
from rulesengine.viz.common import LanguageSwitch, use_style

random.seed(2026)
use_style()
i18n.set_language("en")
"""


def notebook_01() -> list[nbformat.NotebookNode]:
    return [
        md(
            """
# Tragedy Looper 1 — the board and the cards / Bàn chơi và các Thẻ Hành động

The Mastermind (*Mastermind*) knows a secret **script** (*Kịch bản*); the three **Protagonists**
(*Nhân vật Chính*) try to stop its tragedies over a few **loops** (*Vòng lặp*) of a few **days** (*Ngày*).
This notebook shows what lies on the table: the four **locations** (*Địa điểm*), the **characters**
(*Nhân vật*) of a script with their tokens, the two hands of **action cards** (*Thẻ Hành động*), and where
each side may place its cards (rules TL-D2, TL-D2a, TL-D3, TL-D3a–c).

The rule pages with every id are in `docs/looper_rules.md`. Switch the labels of the controls between
English and Tiếng Việt with the switch below.
"""
        ),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md(
            """
## The board: four locations on a 2 × 2 grid

```
Hospital (Bệnh viện) | Shrine (Đền thờ)
---------------------+-----------------
City (Thành phố)     | School (Trường học)
```

A **Movement** card (*Thẻ Di chuyển*) moves a character one step: horizontal ↔ flips the column,
vertical ↕ flips the row, diagonal ↗ (the Mastermind's only) flips both. Locations hold only
**intrigue** (*Intrigue*, âm mưu) tokens.
"""
        ),
        code(
            """
from rulesengine.looper.board import DIRECTIONS, LOCATIONS, move

for location in LOCATIONS:
    print(f"{location:9}", "  ".join(f"{d} → {move(location, d):9}" for d in DIRECTIONS))
""",
            CHECK,
        ),
        md(
            """
## The characters of a shipped script

*The Last Bell* (`data/looper/scripts/fs_01_tutorial.yaml`) is a First Steps tutorial written for this
project: six characters, three days, three loops. Its **public sheet** is what the Protagonists know.
Each character starts at the location on its card; an incident's culprit acts when its **paranoia**
(*Bất an*, "unease") reaches its **paranoia limit** (*Giới hạn Unease*); some characters may never enter
some locations.
"""
        ),
        code(
            """
from rulesengine.viz.looper_cards import cast_table, hands_table, new_game, table_view

game = new_game("fs_01_tutorial")
print(game.script.public_sheet())
print(cast_table(game))
""",
            CHECK,
        ),
        md(
            """
## The board picture

Each character is a token with its counters: red dots are **paranoia** against its limit (a red frame
when it has reached it), the green badge is **goodwill** (*Goodwill*, thiện cảm), the purple one
**intrigue**, a blue one the Police Officer's **guards** (*Hộ vệ*). A dead character (a corpse) is
greyed out and keeps its counters. Under the board are the four hands; a card marked `1×` is
**once per loop** (*chỉ dùng một lần mỗi vòng lặp*).

The Protagonists' view shows what they know: no secret roles. The Mastermind's view adds each
character's **secret role** (*Vai trò Bí mật*) and the days on which it is an incident's **culprit**
(*Thủ phạm*).
"""
        ),
        code(
            """
from rulesengine.viz.looper_board import picture_from_game

table_view(picture_from_game(game, "protagonists")).widget
""",
            IGNORE,
        ),
        code('table_view(picture_from_game(game, "mastermind")).widget', IGNORE),
        md(
            """
## The two hands of action cards

The Mastermind holds ten cards, each Protagonist eight. After the day's cards are resolved they go
back to their owners' hands, except the cards marked once per loop: those are laid face up in front of
their owner and cannot be played again this loop (TL-D4c) — even when a Forbid card cancelled them.
"""
        ),
        code("print(hands_table())", CHECK),
        md(
            """
## Where cards may go (TL-D2, TL-D3)

Every day each side places cards **face down** (*úp xuống*) on a location or on a living character:

* **TL-D2** the Mastermind places 3 cards; **TL-D2a** never two of its cards on the same location or
  character.
* **TL-D3** then each Protagonist places 1 card, the Leader first and then clockwise;
  **TL-D3a** exactly one card each (the engine passes the turn on after one card);
  **TL-D3b** a Protagonist *may* put a card where the Mastermind has one;
  **TL-D3c** but not where another Protagonist already has one.
* A corpse is not a target, and a once-per-loop card already spent this loop is not in the hand (TL-D4c).

Try it: pick a card and a target for whoever must place now, or let the agent choose. An illegal
placement is refused in the red line with the rule it breaks, and nothing changes on the board. When
all six cards lie, **Turn the cards over** resolves them (TL-D4): the yellow numbers are the order,
1 Forbid Movement, 2 Movement, 3 the other Forbids, 4 the rest; a crossed card was cancelled.
"""
        ),
        code(
            """
from rulesengine.viz.looper_cards import PlacementWidget

placement = PlacementWidget("fs_01_tutorial", view="mastermind")
placement.widget
""",
            IGNORE,
        ),
        md(
            """
## The same rules, checked

The cell below drives a second copy of the widget from code, exactly as the buttons do, and prints what
the engine answered. The Mastermind puts Paranoia +1 on the Boy Student, then tries a second card on him:
"""
        ),
        code(
            """
demo = PlacementWidget("fs_01_tutorial", draw=False)
print(demo.place("paranoia_plus_1", "boy_student"), demo.message.last_error)
print(demo.place("intrigue_plus_1", "boy_student"), demo.message.last_error)
print(demo.place("intrigue_plus_2", "city"), demo.place("move_vertical", "girl_student"))
print("now placing:", demo.owner)
""",
            CHECK,
        ),
        md(
            """
Protagonist A joins the Mastermind's card on the Boy Student (allowed, TL-D3b); Protagonist B tries the
same target (refused, TL-D3c) and goes to the City instead, where the Mastermind's Intrigue +2 lies.
Protagonist C forbids the Girl Student's movement.
"""
        ),
        code(
            """
print(demo.place("paranoia_minus_1", "boy_student"), demo.message.last_error)
print(demo.place("goodwill_plus_1", "boy_student"), demo.message.last_error)
print(demo.place("forbid_intrigue", "city"), demo.place("forbid_movement", "girl_student"))
print("now placing:", demo.owner)
""",
            CHECK,
        ),
        md("Turn the cards over (TL-D4) and read the board:"),
        code(
            """
demo.reveal()
board = {c["id"]: c for c in demo.game.board()["characters"]}
print("Girl Student is still at", board["girl_student"]["location"], "(Forbid Movement resolves first)")
print("Boy Student's paranoia:", board["boy_student"]["paranoia"], "(+1 and -1)")
print("City intrigue:", demo.game.board()["locations"]["city"], "(Forbid Intrigue cancelled Intrigue +2)")
print("Mastermind's spent cards:", demo.game.spent["mastermind"], "(TL-D4c: spent although cancelled)")
print("Protagonists' spent cards:", {o: v for o, v in demo.game.spent.items() if o != "mastermind" and v})
""",
            CHECK,
        ),
        code(
            'table_view(picture_from_game(demo.game, "protagonists", show_resolved=True, highlight=0)).widget',
            IGNORE,
        ),
        md(
            """
Next: [02 — a day in nine steps](02_looper_day_in_nine_steps.ipynb), where these cards are only steps
2–4 of the day.
"""
        ),
    ]


NOTEBOOKS = {
    "01": ("01_looper_board_and_cards.ipynb", notebook_01),
}


def write(key: str) -> Path:
    name, build = NOTEBOOKS[key]
    nb = new_notebook(cells=build())
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    path = ROOT / "notebooks" / name
    nbformat.write(nb, path)
    return path


if __name__ == "__main__":
    for key in sys.argv[1:] or sorted(NOTEBOOKS):
        print(write(key))
