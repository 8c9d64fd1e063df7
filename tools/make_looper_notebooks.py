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
from nbtools import CHECK, IGNORE, code, md, write

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


TOUR = """
from rulesengine.viz.looper_board import picture_from_game
from rulesengine.viz.looper_cards import table_view
from rulesengine.viz.looper_day import demo, plan, plan_agents

TOUR = [
    plan(
        "paranoia_plus_1@pop_idol paranoia_plus_1@boy_student intrigue_plus_1@city",
        "goodwill_plus_2@girl_student goodwill_plus_1@doctor paranoia_plus_1@shrine_maiden",
    ),
    plan(
        "paranoia_plus_1@pop_idol intrigue_plus_2@school forbid_goodwill@doctor",
        "forbid_intrigue@school goodwill_plus_1@doctor forbid_movement@girl_student",
        goodwill="girl_student.1",
        abilities="brain.1",
    ),
]
tour = DayStepper("fs_01_tutorial", agents=plan_agents(TOUR), draw=False)
tour.run_day()
print("after day 1: loop", tour.game.loop, "day", tour.game.day, "- leader", "ABC"[tour.game.leader])
print(tour.board_line())
"""


def step_cell(rule: str, mastermind: bool = False, board: bool = False) -> nbformat.NotebookNode:
    lines = [
        f'tour.advance_past("{rule}")',
        f'print("\\n".join(tour.lines_of("{rule}", day=2)) or "(nothing announced)")',
    ]
    if mastermind:
        lines.append('print("--- the Mastermind also knows:")')
        lines.append(
            f'print("\\n".join(l for l in tour.lines_of("{rule}", "mastermind", day=2) if l.startswith("🔒")))'
        )
    if board:
        lines.append("print(tour.board_line())")
    return code("\n".join(lines), CHECK)


def notebook_02() -> list[nbformat.NotebookNode]:
    steps = [
        (
            "TL-D1",
            "Day start – morning",
            "Bắt đầu ngày – Buổi sáng",
            """
The Mastermind resolves anything the script or a secret role times at *Day start*. Nothing in First Steps
or Basic Tragedy X is timed here, so the step only opens the day.""",
            False,
            False,
        ),
        (
            "TL-D2",
            "The Mastermind places 3 cards face down",
            "Mastermind đặt 3 Thẻ Hành động úp xuống",
            """
Three cards from the Mastermind's hand, each on a different location or character (TL-D2a). The
Protagonists only see *where* they lie; the Mastermind knows what they are.""",
            True,
            False,
        ),
        (
            "TL-D3",
            "Each protagonist places 1 card face down",
            "Mỗi Nhân vật Chính đặt 1 Thẻ Hành động úp xuống",
            """
The Leader first, then clockwise; exactly one card each (TL-D3a), allowed on a Mastermind card's target
(TL-D3b), never on another Protagonist's (TL-D3c). Today Protagonist B leads.""",
            False,
            False,
        ),
        (
            "TL-D4",
            "Cards are resolved",
            "Giải quyết Thẻ Hành động",
            """
All six turn face up at once and resolve in the order (1) Forbid Movement, (2) Movement, (3) the other
Forbid cards, (4) all other cards (TL-D4). A Forbid cancels the cards of its kind on the same target
(TL-D4a) but never a goodwill ability or an ability of a role, plot or incident (TL-D4b). The cards
then go home, once-per-loop cards face up in front of their owners (TL-D4c). Below, Forbid Goodwill
cancels Goodwill +1 on the Doctor and Forbid Intrigue cancels Intrigue +2 on the School.""",
            False,
            True,
        ),
        (
            "TL-D5",
            "Mastermind abilities",
            "Năng lực của Mastermind",
            """
The Mastermind may use every ability of a secret role or plot timed *Mastermind Ability*. A mandatory
one must be applied whenever its condition holds (TL-D5b), and when abilities clash every mandatory one
resolves before any optional one (TL-D5c); optional ones come in the order the Mastermind chooses
(TL-D5d). Abilities timed *day end* or *loop end* wait for their own time (TL-D5e). It announces only
the result (TL-D5a): the Protagonists see intrigue appear in the City, the Mastermind knows the Brain
put it there.""",
            True,
            False,
        ),
        (
            "TL-D6",
            "The Leader uses goodwill abilities",
            "Leader sử dụng các Năng lực Goodwill",
            """
The Leader names an ability of a character with enough goodwill (TL-D6a) and its target (TL-D6b); the
Mastermind resolves it, or refuses when the character's role has goodwill refusal (TL-D6c). A refusal
binds only that character: others may still aim their abilities at it (TL-D6d). The Leader may use
several abilities, each at most once a day, *once per loop* ones once a loop (TL-D6e). Using an
ability costs no goodwill (TL-D6f). The Girl Student (Key Person, no refusal) calms the Boy Student.""",
            False,
            False,
        ),
        (
            "TL-D7",
            "Incidents happen",
            "Các Sự cố xảy ra",
            """
Today's incident (Increasing Unease, *Bất an lan rộng*) happens only if its culprit is alive (TL-D7a)
and its paranoia has reached its limit (TL-D7b). The Mastermind announces it and makes its choices
(TL-D7d) without naming the culprit (TL-D7c). The Police Officer's goodwill ability can later reveal
the culprit of an incident that happened, even one that had no effect (TL-D7f).""",
            True,
            True,
        ),
        (
            "TL-D8",
            "Switch leader",
            "Đổi Leader",
            """
The Leader card passes to the next Protagonist.""",
            False,
            False,
        ),
        (
            "TL-D9",
            "Day end – night",
            "Kết thúc ngày – Ban đêm",
            """
Abilities timed *Day end* resolve (the Killer might strike here); then the next day starts (TL-D9a), or
after the last day the loop ends (TL-D9b).""",
            False,
            False,
        ),
    ]
    cells = [
        md(
            """
# Tragedy Looper 2 — a day in nine steps / Trình tự một ngày (9 bước)

Each day (*Ngày*) every player has exactly one turn, in nine steps (TL-D1 … TL-D9). The Protagonists
place cards and use goodwill abilities; the Mastermind runs every neutral part of the game and says only
what the rules let it say. This notebook plays days of *The Last Bell* (`fs_01_tutorial`) step by step.
"""
        ),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        code(
            """
from rulesengine.viz.looper_text import DAY_STEPS

for rule, key in DAY_STEPS:
    print(rule, i18n.both(key))
""",
            CHECK,
        ),
        md(
            """
## The stepper

**Next step** moves the game one phase on and redraws the board, the step bar (the yellow step is the
one that comes next) and the log (newest first, the new lines highlighted). Tick *I choose for …* to make
that side's decisions yourself in the panel under the step bar; otherwise an agent decides when you
press Next step. The view switch shows the **Protagonists' view** (only what is announced) or the
**Mastermind's view** (secret roles, the culprits, which ability fired: the 🔒 lines of the log).
After TL-D4 the cards stay drawn face up with their resolution order; pick a number to highlight one
of the four sub-steps.
"""
        ),
        code(
            """
from rulesengine.viz.looper_day import DayStepper

stepper = DayStepper("fs_01_tutorial")
stepper.widget
""",
            IGNORE,
        ),
        md(
            """
## The nine steps, one by one

The cells below play a prepared day through the same engine, with fixed choices for both sides so the
printed lines are the same on every run. Day 1 sets the scene (Girl Student gets 2 goodwill; the Pop
Idol and the Boy Student get 1 paranoia each); then day 2 is played one step per section. Each line is
what the Protagonists are told; 🔒 lines are what only the Mastermind knows.
"""
        ),
        code(TOUR, CHECK),
    ]
    pictures = {
        "TL-D3": 'table_view(picture_from_game(tour.game, "protagonists")).widget',
        "TL-D4": 'table_view(picture_from_game(tour.game, "protagonists", show_resolved=True, highlight=0)).widget',
        "TL-D7": 'table_view(picture_from_game(tour.game, "mastermind")).widget',
    }
    for rule, en, vi, text, mastermind, board in steps:
        cells.append(md(f"### {rule} — {en} / *{vi}*\n{text}"))
        cells.append(step_cell(rule, mastermind, board))
        if rule in pictures:
            cells.append(code(pictures[rule], IGNORE))
    cells += [
        md(
            """
## Tricky cases, prepared

Each demonstration below is a short situation played through the engine from fixed choices (the plans
are in `rulesengine/viz/looper_day.py`); the printed facts come from the game afterwards.

**Forbid before movement** (TL-D4, TL-D4a). Forbid Movement resolves before any Movement card, so a
Movement card on the same character is cancelled, whoever played it:
"""
        ),
        code('print(demo("forbid_before_movement").report())', CHECK),
        code(
            'from rulesengine.viz.looper_cards import table_view\n\ntable_view(demo("forbid_before_movement").picture()).widget',
            IGNORE,
        ),
        md(
            """
**Combined movement** (TL-D4). All Movement cards on one character make one move: ↕ + ↔ is a diagonal;
two ↔ are still one ↔; and if the final place is forbidden to the character, the whole move is ignored.
"""
        ),
        code('print(demo("combined_movement").report())', CHECK),
        code('table_view(demo("combined_movement").picture()).widget', IGNORE),
        md(
            """
**A cancelled once-per-loop card** (TL-D4a, TL-D4c). Intrigue +2 is cancelled by Forbid Intrigue, yet it
is laid face up in front of the Mastermind: it cannot come back this loop.
"""
        ),
        code('print(demo("cancelled_once_per_loop").report())', CHECK),
        md(
            """
**Two Forbid Intrigue cards** (TL-D4). When two or more Forbid Intrigue cards are played on one day they
cancel each other, and the intrigue cards they were meant to stop all resolve.
"""
        ),
        code('print(demo("two_forbid_intrigue").report())', CHECK),
        code('table_view(demo("two_forbid_intrigue").picture()).widget', IGNORE),
        md(
            """
**A goodwill refusal** (TL-D6c, TL-D6f). The Office Worker has 3 goodwill; the Leader asks him to reveal
his role. His secret role (Killer) has optional goodwill refusal and the Mastermind uses it: "nothing
happens". The ability counts as used, no goodwill is lost, and the refusal itself is a clue.
"""
        ),
        code('print(demo("goodwill_refusal").report())', CHECK),
        md(
            """
**An incident that does not happen** (TL-D7a, TL-D7b). The culprit's paranoia is below its limit, so the
Mastermind only says "no incident happened" — without naming who it would have been.
"""
        ),
        code('print(demo("incident_not_happened").report())', CHECK),
        md(
            """
**An incident that happens with no effect** (TL-D7e). In *The Quiet Ward* (`fs_02_quiet_ward`) the Doctor
reaches his paranoia limit on day 3: the Hospital Incident happens, but it needs intrigue on the Hospital
to kill anyone, and there is none. It is still announced as having happened.
"""
        ),
        code('print(demo("incident_no_effect").report())', CHECK),
        md(
            """
Next: [03 — loop end and final guess](03_looper_loop_end_and_final_guess.ipynb).
"""
        ),
    ]
    return cells


def notebook_03() -> list[nbformat.NotebookNode]:
    return [
        md(
            """
# Tragedy Looper 3 — loop end and final guess / Kết thúc Vòng lặp và Phán đoán Cuối cùng

A **loop** (*Vòng lặp*) ends in one of three ways (TL-LE1); the Mastermind then checks the loss
conditions (TL-LE2). If the Protagonists lost and loops remain, they meet in the **time spiral**
(*Time Spiral*, vòng xoáy thời gian, TL-TS1) and time is **rewound** (*Quay ngược thời gian*, TL-RW). After
the last loop, or by choice in the time spiral of a Basic Tragedy X script (TL-TS2), comes the
**Final Guess** (*Phán đoán Cuối cùng*, TL-FG1..TL-FG3). Every situation below is played through the
engine from fixed choices (the plans are in `rulesengine/viz/looper_loop.py`).
"""
        ),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md(
            """
## Three ways a loop ends (TL-LE1)

**1. The last day was played.** In *The Last Bell* the Protagonists keep every culprit calm for three
days. At loop end no loss condition holds, so the Protagonists win (TL-LE2): the game is over.
"""
        ),
        code(
            """
from rulesengine.viz.looper_loop import FinalGuessWidget, loop_demo

print(loop_demo("last_day").report())
""",
            CHECK,
        ),
        md(
            """
**2. A plot rule or special effect ends it early.** The Boy Student (the Murder culprit of day 3) reaches
his paranoia limit; the Murder kills the only other character at the School, the Girl Student — the
**Key Person**, whose death makes the Protagonists lose and ends the loop at once: the rest of day 3 is
skipped. The Protagonists are told the loop is lost; only the Mastermind knows why (🔒 lines).
"""
        ),
        code('key = loop_demo("key_person_dies")\nprint(key.report())', CHECK),
        code(
            'from rulesengine.viz.looper_cards import table_view\n\ntable_view(key.picture("protagonists")).widget',
            IGNORE,
        ),
        md(
            """
**3. The Protagonists die.** The Killer (the Office Worker) gathers 4 intrigue — Intrigue +2 and the
Brain's ability on day 1, Intrigue +1 on day 2 — and at day end his second ability kills the
Protagonists: the loop ends at once.
"""
        ),
        code('print(loop_demo("protagonists_die").report())', CHECK),
        md(
            """
## The loss check and the time spiral (TL-LE2, TL-TS1, TL-TS2)

At loop end the Mastermind checks every loss condition (plot rules, a dead Friend, an immediate loss
earlier in the loop). None: the Protagonists win. Any: they lose this loop — and rewind if loops remain
(TL-LE2a), or go to the Final Guess after the last one (TL-LE2b; First Steps has no Final Guess, so
there the Mastermind wins). Between loops is the **time spiral**, the one moment the Protagonists may
talk freely. In a Basic Tragedy X script the Leader may also skip the remaining loops and go straight to
the Final Guess; there is no way back from it.

*First Contract* (`btx_01_first_contract`, Basic Tragedy X) has the main plot *Sign with me!*: the
Protagonists lose if the Key Person carries 2 intrigue at loop end.
"""
        ),
        code('print(loop_demo("time_spiral").report())', CHECK),
        md(
            """
## The rewind (TL-RW)

**What resets:** every token on the board and the cards (paranoia, goodwill, intrigue, guards); every
character back alive at the start location on its card; every hand whole again, once-per-loop cards
included; the day marker back to day 1, the loop marker on by one.

**What carries over:** what the Protagonists learned (the log, revealed roles and culprits), the Leader
(this project's ruling: the Leader at the end of a loop leads the next one), and the few effects that say
so (a revealed Friend's goodwill, Threads of Fate).
"""
        ),
        code('print(loop_demo("rewind").report())', CHECK),
        md(
            """
## The Final Guess (TL-FG1..TL-FG3)

Even after losing, the Protagonists get one last chance (TL-FG1). The board goes back to the loop's
starting state, undoing any role changed during the last loop (TL-FG2). Then they pick characters one at
a time, in any order, and name each one's secret role (*Person* / *Thường dân* if it has none). After each
guess the Mastermind says right or wrong: a wrong guess loses at once; all right wins (TL-FG3).

Below, *First Contract*'s first loop has been lost and the Leader chose the Final Guess in the time
spiral. Make your guesses:
"""
        ),
        code(
            """
guess = FinalGuessWidget("btx_01_first_contract")
guess.widget
""",
            IGNORE,
        ),
        md("The same rules, checked: one right guess, then a wrong one."),
        code(
            """
check = FinalGuessWidget("btx_01_first_contract", draw=False)
print(check.guess("girl_student", "key_person"), check.message.widget.value.count("right"))
print(check.guess("journalist", "person"), check.message.last_error)
print(check.game.outcome)
""",
            CHECK,
        ),
        md("Next: [04 — play a whole script](04_looper_play_a_script.ipynb)."),
    ]


def notebook_04() -> list[nbformat.NotebookNode]:
    return [
        md(
            """
# Tragedy Looper 4 — play a whole script / Chơi trọn một Kịch bản

Play a shipped **script** (*Kịch bản*) from its first loop to the end: as the **Protagonists**
(*Nhân vật Chính*) against the Mastermind agent, or as the **Mastermind** against the Protagonist agents.
The engine runs every rule (TL-D1..TL-D9, TL-LE, TL-TS, TL-RW, TL-FG); the agents are the engine's
simple heuristic players (`rulesengine.looper.agents`).
"""
        ),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md("## The shipped scripts (public sheets only)"),
        code(
            """
from rulesengine.looper.script import SCRIPTS_DIR, load_script
from rulesengine.viz.looper_play import PlayWidget, notes, script_ids

for script_id in script_ids():
    sheet = load_script(SCRIPTS_DIR / f"{script_id}.yaml").public_sheet()
    print(f"{script_id:24} {sheet['title']:22} {sheet['set']:16} {sheet['loops']} loops x {sheet['days']} days")
""",
            CHECK,
        ),
        md(
            """
## Play

Pick a script and a side, press **New game**, then **Play on to my next decision**: the other side's agent
plays until it is your turn. Your choices are in the panel under the step bar (the legal options only,
each with its rule id); **Next step** moves one phase at a time instead, and **Let the agent choose**
makes one decision for you. The notes panel keeps what the Protagonists have learned from what was
announced; the log keeps everything your side may see (the Mastermind's view adds the 🔒 lines).
**Agents play to the end** lets both agents finish the game, with a progress bar over the days.
"""
        ),
        code(
            """
play = PlayWidget("fs_01_tutorial", "protagonists")
play.widget
""",
            IGNORE,
        ),
        md(
            """
As the Protagonists, your first decision is Protagonist A's card on day 1 (TL-D3): any of the eight
cards on any of the four locations or six characters.
"""
        ),
        code(
            """
check = PlayWidget("fs_01_tutorial", "protagonists", draw=False)
check.play_on()
print(check.game.pending.who, check.game.pending.rule_id, len(check.game.legal_actions()))
print(len(check.lines_of("TL-D2")), "Mastermind cards announced, face down")
""",
            CHECK,
        ),
        md(
            """
As the Mastermind you decide first (TL-D2), three cards, each on a different target (TL-D2a):
"""
        ),
        code(
            """
mm = PlayWidget("fs_01_tutorial", "mastermind", draw=False)
mm.play_on()
print(mm.game.pending.who, mm.game.pending.rule_id, len(mm.game.legal_actions()))
""",
            CHECK,
        ),
        md(
            """
## Agents against agents

A whole game between the two heuristic agents, and the Protagonists' notes at the end. (The agents are
simple and change as the engine grows, so this cell's output is not checked.)
"""
        ),
        code(
            """
auto = PlayWidget("fs_01_tutorial", draw=False)
auto.play_to_end()
print("\\n".join(notes(auto.game.view("protagonists"))))
""",
            IGNORE,
        ),
    ]


#: Each notebook's file name and the function that builds its cells (read by tools/make_notebooks.py).
NOTEBOOKS = {
    "01": ("01_looper_board_and_cards.ipynb", notebook_01),
    "02": ("02_looper_day_in_nine_steps.ipynb", notebook_02),
    "03": ("03_looper_loop_end_and_final_guess.ipynb", notebook_03),
    "04": ("04_looper_play_a_script.ipynb", notebook_04),
}


def write_notebook(key: str) -> Path:
    name, build = NOTEBOOKS[key]
    return write(name, build())


if __name__ == "__main__":
    for key in sys.argv[1:] or sorted(NOTEBOOKS):
        print(write_notebook(key))
