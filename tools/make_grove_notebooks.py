"""Write notebooks 10 and 11 (In a Grove); then execute them with the venv kernel to store outputs.

Usage: python tools/make_grove_notebooks.py [10] [11]
"""

from __future__ import annotations

import sys

import nbformat
from nbtools import CHECK, IGNORE, code, md, write


def notebook_10() -> list[nbformat.NotebookNode]:
    return [
        md("""
# In a Grove 1 — the rules, step by step / Luật chơi từng bước

*In a Grove* (the rule sheet calls it "In a Groove"; Japanese 藪の中) is a small deduction game for 2 to 5
players. The players are **detectives** (*Thám tử*): each sees a little of a **crime scene**
(*Hiện trường vụ án*) and must put a chip under the **culprit** (*Hung thủ*) among three **suspects**
(*Nghi phạm*) — and above all not under an innocent.

This notebook walks through the rules in order. Every section names the rule ids it teaches (`GR-…`);
the full rule page is `docs/grove_rules.md`. Numbers printed below come from the engine
(`rulesengine.grove`) and are checked by the tests. The language switch changes the labels of the
widgets (English / Tiếng Việt).
"""),
        code("""
import random

from rulesengine import i18n
from rulesengine.grove import Accuse, Deal, Figure, Knowledge, Look, culprit_figure, culprit_odds
from rulesengine.grove import figures_in_play, new_game, play_random
from rulesengine.grove.game import count_deals
from rulesengine.viz.common import LanguageSwitch, MessageBox, use_style
from rulesengine.viz.grove_table import GroveStepper, picture

random.seed(2026)
use_style()
i18n.set_language("en")
"""),
        code("LanguageSwitch()", IGNORE),
        md("""
## 1. The pieces — GR-C1..GR-C4

* **Figures** (*Hình nộm*, GR-C1): seven numbered figures 2, 3, 4, 5, 6, 7, 8 and two **X** figures.
* **Detective chips** (*Chip Thám tử*, GR-C2): seven per player in the player's colour. The other side of
  a chip is the **incompetent chip** (*Chip Kém cỏi*): a penalty.
* The **First-on-the-scene token** (*token Đi đầu*, GR-C3) marks the round's **leader** (*Người đi đầu*).
* The **Unseen token** (*token Chưa xem*, GR-C4) marks the suspect the leader did not look at.

## 2. Set-up — GR-S1..GR-S3

How many figures are used depends on the number of players (GR-S1): no X with 2 or 3 players, one X with
4, both with 5. The figures are shuffled face down (GR-S3); the engine treats the shuffle as a *chance*
step and can list every distinct deal (the two X figures look alike):
"""),
        code("""
for players in (2, 3, 4, 5):
    faces = " ".join(f.label for f in figures_in_play(players))
    print(f"{players} players: {faces:<17}  {count_deals(players):>6} distinct deals")
""", CHECK),
        md("""
Each player gets one figure; four go to the middle: three **suspects** and one **victim** (*Nạn nhân*).
Here is one seeded deal for four players (seat 0 leads, GR-P1):
"""),
        code("""
game = new_game(4)
deal = game.sample_chance(random.Random(7))
print("figures in hand:", deal.hands)
print("suspects:", deal.suspects, "  victim:", deal.victim)
""", CHECK),
        md("""
## 3. Investigation (*Điều tra*) — GR-I1, GR-I2

Each player looks at the figure in hand: it is an **alibi** (*Ngoại phạm*), since it is not at the scene
(GR-I1). Then everyone passes that figure to the left and looks at the one coming from the right
(GR-I2). Now every detective knows **two** figures that cannot be the culprit. Passing is not a choice,
so the engine does it as part of the deal and writes each look in the seat's private log:
"""),
        code("""
state = game.apply(deal)
for seat in range(4):
    obs = state.observation(seat)
    print(f"seat {seat}: dealt {obs.hand}, received {obs.received} from the right -> alibis {obs.alibis}")
""", CHECK),
        code("picture(state, viewer=0, stage='passed')", IGNORE),
        md("""
## 4. Who is the culprit (*Xác định Hung thủ*) — GR-R1..GR-R3

* **GR-R1** The highest number among the three suspects is the culprit.
* **GR-R2** But if a 5 is among them, the *lowest* number is the culprit (the 5 itself can be it).
* **GR-R3** An X suspect is always innocent; it is ignored.
"""),
        code("""
for scene in ("586", "X24", "X56", "XX4", "386", "753"):
    suspects = tuple(Figure.parse(face) for face in scene)
    print(suspects, "-> culprit", culprit_figure(suspects))
""", CHECK),
        md("""
## 5. Solving the case (*Phá án*) — GR-P1..GR-P6

* **GR-P1** The leader holds the First-on-the-scene token.
* **GR-P2** The leader picks two of the three suspects, looks at both in secret and puts the Unseen token
  on the third. *Which* suspects were looked at is public; what they showed is not.
* **GR-P3** The leader puts a detective chip under one suspect: the accusation.
* **GR-P4** Clockwise, each other player looks at the two suspects the previous player did **not** accuse —
  no other choice — and (**GR-P5**) puts a chip under any suspect; on top of a stack if there is one
  (**GR-P6**).
"""),
        code("""
state = state.apply(Look(0, (0, 1)))
print("the leader saw", state.observation(0).seen(), "- the Unseen token is on suspect", state.unseen)
state = state.apply(Accuse(0, 1))
decision = state.pending()
print(decision.rule_id, "seat", decision.seat, "may only:", decision.options)
""", CHECK),
        md("""
A choice the rules forbid is refused with the id of the rule it breaks, and the game is left as it was.
In the widgets below it appears in the message line, never as a traceback:
"""),
        code("""
box = MessageBox()
with box.catching():
    state.apply(Look(1, (0, 1)))
print(box.last_error)
""", CHECK),
        md("""
## 6. Reveal (*Công Bố*) and the next leader — GR-V1..GR-V4

When everyone has placed a chip, the suspects are turned face up (**GR-V1**). Chips under the culprit go
back to the box (**GR-V2**). For each innocent suspect with chips, the player whose chip is **on top**
takes the whole stack as incompetent chips, whatever their colours (**GR-V3**). The First-on-the-scene
token then goes to the player with the most incompetent chips other than the leader; on a tie, the
first such player clockwise from the leader (**GR-V4**, the project's reading of "leftmost").
"""),
        code("""
for seat, suspect in ((1, 1), (2, 1), (3, 0)):
    state = state.apply(state.legal_actions()[0])  # the one look GR-P4 allows
    state = state.apply(Accuse(seat, suspect))
result = state.rounds[-1]
print("faces:", result.suspects, "-> culprit: suspect", result.culprit)
print("stacks (bottom to top):", result.stacks, "  to the box:", result.boxed)
for penalty in result.penalties:
    print(f"seat {penalty.seat} takes {penalty.chips} from innocent suspect {penalty.suspect}")
print("next leader: seat", result.next_leader)
""", CHECK),
        code("picture(state, viewer=None, stage='penalties')", IGNORE),
        md("""
## 7. End of the game (*Kết Thúc*) — GR-E1..GR-E3

The game ends after a round in which someone has 5 or more incompetent chips, or has no detective chip
left — so after at most 7 rounds (**GR-E1**). The player with the most incompetent chips loses; ties go to
the one holding more of their *own* colour, then to the one nearest to the right of the last leader
(**GR-E2**). Fewer incompetent chips rank higher (**GR-E3**). A whole seeded game with random choices:
"""),
        code("""
final = play_random(new_game(4), random.Random(2026))
outcome = final.outcome()
print("rounds:", outcome.rounds, "  incompetent chips by seat:", outcome.incompetent)
print("ranking, best first:", outcome.ranking, "  loser: seat", outcome.loser, f"(decided by {outcome.decided_by})")
""", CHECK),
        md("""
## 8. Play a round yourself — the stepper

**Next step** lets the engine take the next step: the shuffle and deal, the passing, each look and
accusation (the engine picks the best-odds suspect), the reveal, the penalties and the next leader.
Choose a **view** to see the table as one detective sees it (their figure, the suspects they looked at)
or as the narrator who sees everything. You may make any seat's choice with **Look** and **Accuse**; a
choice the rules forbid is refused with its rule id. Dots above a suspect show who looked at it.
"""),
        code("""
stepper = GroveStepper(players=4, seed=2026)
stepper.widget
""", IGNORE),
        md("""
## 9. Two players (*Luật 2 người*) — GR-2P1..GR-2P4

With two players one figure is left over and is turned **face up** for both to see (GR-2P1). Nobody
passes (GR-2P2): each knows the figure in hand and the face-up one (GR-2P3). Everything else is unchanged
(GR-2P4): the follower looks at the two suspects the leader did not accuse.
"""),
        code("""
duo = new_game(2).apply(Deal.of([2, 3], [5, 8, 6], 7, public=4))
for seat in range(2):
    obs = duo.observation(seat)
    print(f"seat {seat}: in hand {obs.hand}, face up {obs.public} -> alibis {obs.alibis}")
""", CHECK),
        code("""
duo_stepper = GroveStepper(players=2, seed=7)
duo_stepper.widget
""", IGNORE),
        md("""
## 10. The X figures — GR-R3 with 4 and 5 players

With 4 players one X joins the figures, with 5 both. An X suspect is never the culprit, so a detective
who sees an X learns that the culprit is elsewhere; seeing **both** X makes the third suspect certain:
"""),
        code("""
for seen in ({0: "X", 1: "4"}, {0: "X", 1: "X"}):
    odds = culprit_odds(Knowledge.make(5, ["2", "3"], seen))
    print("5 players, alibis 2 and 3, saw", seen, "->", [str(p) for p in odds.suspects])
""", CHECK),
        code("""
five = new_game(5).apply(Deal.of([2, 3, 4, 6, 7], ["X", 8, "X"], 5))
picture(five.apply(Look(0, (0, 2))), viewer=0)
""", IGNORE),
    ]


def notebook_11() -> list[nbformat.NotebookNode]:
    return [
        md("""
# In a Grove 2 — the culprit's odds / Xác suất là Hung thủ

A detective knows two figures that are not at the scene (their **alibis**, *Ngoại phạm*) and has looked
at some of the three **suspects** (*Nghi phạm*). Since the deal is uniform, the figures they have not
seen are spread evenly over the places they have not seen, so the chance that each suspect is the
**culprit** (*Hung thủ*) can be computed *exactly*, as a fraction (rules GR-R1..R3, GR-I2, GR-2P3).
What other players' chips might reveal is left out here.

Everything below calls `rulesengine.grove`; the explorer's controls recompute with the same engine.
"""),
        code("""
import random

import pandas as pd

from rulesengine import i18n
from rulesengine.grove import Accuse, Deal, Knowledge, Look, base_rates, bayes_records, culprit_odds, new_game
from rulesengine.grove.analysis import base_rate_records, odds_by_players, seen_pair_grid
from rulesengine.grove.inference import infer
from rulesengine.grove.strategies import hit_rates, simulate
from rulesengine.viz.common import use_style
from rulesengine.viz.grove_odds import OddsExplorer, chart, plot_base_rates, plot_hit_rates
from rulesengine.viz.grove_odds import plot_odds_by_players, plot_seen_pair_grid

random.seed(2026)
use_style()
i18n.set_language("en")
"""),
        md("""
## 1. The odds explorer

Pick the number of players, the two figures you hold (with 2 players: the one in hand and the face-up
figure), and what each suspect showed you (or *not looked at*). The bars show the exact probability that
each suspect is the culprit; the Bayes table below shows where the numbers come from. An impossible
input (an X with 3 players, a figure used twice) is explained instead of drawn.
"""),
        code("""
explorer = OddsExplorer()
explorer.widget
""", IGNORE),
        md("""
## 2. A worked example

Three players; you hold 2 and 3; you looked at suspects 0 and 1 and saw 7 and 8. The figures you have
not seen are 4, 5 and 6, one of which is suspect 2. If it is the 5, the lowest number is guilty (GR-R2):
the 5 itself. Otherwise the highest, the 8, is guilty (GR-R1).
"""),
        code("""
knowledge = Knowledge.make(3, alibis=["2", "3"], seen={0: "7", 1: "8"})
odds = culprit_odds(knowledge)
print("P(suspect i is the culprit):", [str(p) for p in odds.suspects])
print("P(the suspect not looked at is guilty):", odds.unseen)
print("the culprit's number:", {str(f): str(p) for f, p in odds.culprit_number.items()})
""", CHECK),
        md("""
### The Bayes table

The same answer as a Bayes table in the style of *Think Bayes*: the hypotheses are "suspect *i* is the
culprit"; the **prior** uses the alibis only; the **likelihood** is the chance of seeing 7 and 8 at
suspects 0 and 1 if that hypothesis holds; prior × likelihood, normalised, is the **posterior**.
"""),
        code("""
table = pd.DataFrame(bayes_records(knowledge))
print(table[["hypothesis", "prior", "likelihood", "unnormalised", "posterior"]].astype(str).to_string(index=False))
""", CHECK),
        md("The hypotheses can also be the figure standing at the suspect not looked at:"),
        code("""
by_figure = pd.DataFrame(bayes_records(knowledge, by="figures"))
print(by_figure.astype(str).to_string(index=False))
""", CHECK),
        md("""
## 3. Before anyone looks: base rates

A 5 is at the scene with probability 3/N, where N is the number of figures in play (GR-S1). The chance
that the culprit is a given figure before anyone looks:
"""),
        code("""
for players in (2, 3, 4, 5):
    print(f"{players} players: P(a 5 is a suspect) = {base_rates(players).five_at_scene}")
rates = pd.DataFrame(base_rate_records()).pivot(index="figure", columns="players", values="culprit")
print(rates.fillna("-").astype(str))
""", CHECK),
        code("chart(plot_base_rates, size=(9, 3.8))", IGNORE),
        md("""
## 4. Every pair of seen numbers

Each cell is one thing you might see at suspects 0 and 1; its colour and label give the chance that the
suspect you did **not** look at is the culprit. Blank cells cannot happen (a number seen twice, or one of
your alibis). With 3 players and alibis 2 and 3, then with 5 players where X figures join in:
"""),
        code("chart(plot_seen_pair_grid, seen_pair_grid(3, ['2', '3']), size=(5.5, 5))", IGNORE),
        code("chart(plot_seen_pair_grid, seen_pair_grid(5, ['2', '3']), size=(5.5, 5))", IGNORE),
        code("""
grid = seen_pair_grid(3, ["2", "3"])
print("faces:", [f.label for f in grid.faces])
print("saw 7 and 8 -> P(unseen guilty) =", grid.unseen[3][4], "; saw 4 and 6 ->", grid.unseen[0][2])
""", CHECK),
        md("""
## 5. "Accuse the higher number" against the best pick

A tempting rule of thumb is to accuse the higher of the two numbers you saw. How often is it right,
compared with accusing the suspect with the best exact odds? Exactly, over every deal, for a detective
who looked at two suspects:
"""),
        code("""
rates = pd.DataFrame(hit_rates())
print(rates.pivot(index="rule", columns="players", values="hit_rate").astype(str))
""", CHECK),
        code("chart(plot_hit_rates, size=(8, 3.8))", IGNORE),
        md("""
In whole games the followers' looks depend on the previous accusation (GR-P4), and stacks decide who is
penalised (GR-V3). A seeded simulation of 200 four-player games, one seat per strategy:
"""),
        code("""
result = simulate(["best", "higher", "random", "best"], games=200, seed=2026)
frame = pd.DataFrame(result.records()).round(3)
print(frame.to_string(index=False))
""", CHECK),
        md("""
The seat matters as much as the rule: a seat that follows a careless player is sent to look at the
suspects that player did *not* accuse (GR-P4), and the last chip on an innocent stack takes the whole
stack (GR-V3). Over many games the best-odds rule still names the culprit about twice as often as the
higher-number rule, which does no better than chance once the looks are forced.
"""),
        md("""
## 6. Reading the other players' chips

Chips are public. If you assume the players before you accused the suspect with the best odds for what
*they* knew, their chips tell you something. Below, seat 1 (alibis 2 and 3) sees the 8 and the 6; on
its own the 8 looks guilty two times in three. But the leader, who looked at suspect 0 and at the 8,
still accused suspect 0 — which only makes sense if suspect 0 is the 5 (GR-R2):
"""),
        code("""
state = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
state = state.apply(Look(0, (0, 1))).apply(Accuse(0, 0)).apply(Look(1, (1, 2)))
reading = infer(state, 1)
print("without the leader's chip:", [str(p) for p in reading.plain])
print("with the leader's chip:   ", [str(p) for p in reading.odds])
""", CHECK),
        md("""
In whole games (200 seeded four-player games, everyone else playing the best odds), the seat that also
reads the chips is right far more often and loses far less:
"""),
        code("""
reader = simulate(["inferred", "best", "best", "best"], games=200, seed=2026)
print(pd.DataFrame(reader.records()).round(3).to_string(index=False))
""", CHECK),
        md("""
## 7. More players, different odds

The same knowledge — alibis 2 and 3 (with 2 players: 2 in hand, 4 face up), saw 7 and 8 — under 2, 3, 4
and 5 players. With more players the X figures join, the unseen suspect is more often an innocent X, and
the 8 becomes more likely:
"""),
        code("""
rows = odds_by_players(["2", "3"], {0: "7", 1: "8"}, (2, 3, 4, 5), public="4")
print(pd.DataFrame(rows).astype(str).to_string(index=False))
""", CHECK),
        code("chart(plot_odds_by_players, rows, size=(7, 3.6))", IGNORE),
    ]


#: Each notebook's file name and the function that builds its cells (read by tools/make_notebooks.py).
NOTEBOOKS = {
    "10": ("10_grove_rules.ipynb", notebook_10),
    "11": ("11_grove_culprit_odds.ipynb", notebook_11),
}


if __name__ == "__main__":
    for key in sys.argv[1:] or sorted(NOTEBOOKS):
        name, build = NOTEBOOKS[key]
        print(write(name, build()))
