"""Write notebooks 12 and 13 (In a Grove inference and strategy), English and Vietnamese.

Usage: python tools/make_notebooks.py 12 13 vi/12 vi/13; python tools/make_notebooks.py --execute 12 13 vi/12 vi/13

The long runs (CFR+, tournaments) are read from ``data/grove``; set ``RECOMPUTE = True`` in a notebook's
first cell to run them again (minutes).
"""

from __future__ import annotations

import sys

from nbtools import CHECK, IGNORE, Cell, code, md, render, title, write


def notebook_12() -> list[Cell]:
    return [
        title("""
# In a Grove 3 — reading the chips under a model of the other players

Notebook 11 read the earlier chips assuming every earlier player accused the suspect with the best odds
for what *they* saw. A chip is evidence only through such a **model** of how people accuse. This notebook
compares three (`rulesengine.grove.odds.models`; `docs/grove_strategy.md`):

* **best** — always a suspect with the best odds (ties shared equally);
* **honest** with a bluff rate *b* — the best suspect with probability 1 − *b*, otherwise one of the other
  two (a bluff, or a slip);
* **equilibrium** — the probabilities of the round's equilibrium strategy solved with OpenSpiel
  (notebook 13).

The odds stay exact: every way the unseen figures can lie is weighed by how likely the model makes the
chips already placed (GR-S3, GR-P3..P6).
""", """
# In a Grove 3 — Đọc các chip theo một mô hình về người chơi khác

Sổ tay 11 đọc các chip đã đặt với giả định rằng mỗi người đặt trước đều buộc tội Nghi phạm có xác suất cao
nhất theo những gì *họ* đã thấy. Một chip chỉ là bằng chứng thông qua một **mô hình** như vậy về cách
người ta buộc tội. Sổ tay này so sánh ba mô hình (`rulesengine.grove.odds.models`; `docs/grove_strategy.md`):

* **best** — luôn buộc tội một Nghi phạm có xác suất cao nhất (chia đều khi bằng nhau);
* **honest** với tỉ lệ tháu cáy *b* — Nghi phạm tốt nhất với xác suất 1 − *b*, nếu không thì một trong
  hai người còn lại (tháu cáy, hoặc nhầm lẫn);
* **equilibrium** — xác suất của chiến lược cân bằng của một vòng, giải bằng OpenSpiel (sổ tay 13).

Xác suất vẫn chính xác: mỗi cách các hình nộm chưa thấy có thể nằm được cân theo khả năng mà mô hình
gán cho các chip đã đặt (GR-S3, GR-P3..P6).
"""),
        code("""
import random
from fractions import Fraction

from rulesengine import i18n
from rulesengine.grove import Accuse, Look
from rulesengine.grove.odds.models import BestModel, HonestModel, get_model
from rulesengine.viz.common import use_style
from rulesengine.viz.grove.odds import chart
from rulesengine.viz.grove.strategy import (ModelExplorer, example_round, model_odds_records, model_odds_table,
                                            plot_model_odds)

random.seed(2026)
use_style()
i18n.set_language("en")
MODELS = [("best", BestModel()), ("honest 10%", HonestModel(Fraction(1, 10))),
          ("honest 25%", HonestModel(Fraction(1, 4))), ("equilibrium", get_model("equilibrium", 3))]
"""),
        md("""
## 1. One chip, three models

Three players hold 2, 3 and 4; the suspects are 5, 8 and 6. The leader (seat 0) looked at suspects 0
and 1 — the 5 and the 8 — and put a chip under suspect 0. Seat 1 (alibis 3 and 2) must look at suspects
1 and 2 (GR-P4) and sees the 8 and the 6. On its own, the 8 looks guilty two times in three. Under each
model the leader's chip moves the odds differently:
""", """
## 1. Một chip, ba mô hình

Ba người chơi cầm 2, 3 và 4; các Nghi phạm là 5, 8 và 6. Người đi đầu (ghế 0) đã xem Nghi phạm 0 và 1 —
số 5 và số 8 — rồi đặt chip dưới Nghi phạm 0. Ghế 1 (Ngoại phạm 3 và 2) phải xem Nghi phạm 1 và 2 (GR-P4)
và thấy số 8 và số 6. Chỉ xét riêng, số 8 là Hung thủ hai lần trong ba. Với mỗi mô hình, chip của người
đi đầu làm xác suất thay đổi khác nhau:
"""),
        code("""
state = example_round(leader_chip=0)
rows = model_odds_records(state, 1, MODELS)
model_odds_table(rows)
""", CHECK),
        code("chart(plot_model_odds, rows, size=(8, 3.6))", IGNORE),
        md("""
Under **best**, the leader never accuses suspect 0 without a reason: suspect 0 must be the 5, and the
culprit (GR-R2). Under **honest**, the chip might be a bluff, so some doubt returns — more with a higher
bluff rate. The **equilibrium** leader mixes its accusations on purpose, so its chip says less.

## 2. As the chips pile up

Seat 2 plays last: it reads two chips. Seat 1 put its chip on suspect 0 as well — a suspect it did not
see, while the 8 it saw looked guilty. Under **best** that cannot happen, so the model is contradicted and
the odds fall back to ignoring the chips; the models that allow bluffs still read them:
""", """
Với mô hình **best**, người đi đầu không bao giờ buộc tội Nghi phạm 0 mà không có lý do: Nghi phạm 0 phải
là số 5, và là Hung thủ (GR-R2). Với **honest**, chip có thể là tháu cáy, nên sự nghi ngờ quay lại — càng
nhiều khi tỉ lệ tháu cáy càng cao. Người đi đầu theo **equilibrium** cố ý trộn các lựa chọn, nên chip của
họ nói ít hơn.

## 2. Khi các chip chồng lên

Ghế 2 đặt cuối cùng: họ đọc hai chip. Ghế 1 cũng đặt chip dưới Nghi phạm 0 — một Nghi phạm họ không xem,
trong khi số 8 họ thấy có vẻ là Hung thủ. Với **best** điều đó không thể xảy ra, nên mô hình bị mâu thuẫn
và xác suất quay về bỏ qua các chip; các mô hình cho phép tháu cáy vẫn đọc được chúng:
"""),
        code("""
state2 = state.apply(Accuse(1, 0)).apply(Look(2, (1, 2)))
rows2 = model_odds_records(state2, 2, MODELS)
model_odds_table(rows2)
""", CHECK),
        code("chart(plot_model_odds, rows2, size=(8, 3.6))", IGNORE),
        md("""
## 3. Try it

Choose the model, the bluff rate and where the leader's chip went; the chart and the fractions show seat
1's odds beside the odds that ignore the chip.
""", """
## 3. Thử xem

Chọn mô hình, tỉ lệ tháu cáy và nơi chip của người đi đầu được đặt; biểu đồ và các phân số cho thấy xác
suất của ghế 1 bên cạnh xác suất bỏ qua chip.
"""),
        code("""
explorer = ModelExplorer()
explorer.widget
""", IGNORE),
    ]


def notebook_13() -> list[Cell]:
    return [
        title("""
# In a Grove 4 — equilibrium play and tournaments

How should one play when the others are just as clever? One round (deal to penalties) is an OpenSpiel
game, `python_in_a_grove_round`, solved with OpenSpiel's CFR+ (`docs/grove_strategy.md`). The payoff is
the mean of the round's incompetent chips minus one's own: the player with the most incompetent chips
loses (GR-E2), so what counts is how one does against the others. The strategies were computed once and
saved in `data/grove`; set `RECOMPUTE = True` below to compute them again (minutes).
""", """
# In a Grove 4 — Chơi theo cân bằng và các giải đấu

Nên chơi thế nào khi những người khác cũng khôn ngoan như mình? Một vòng (từ lúc chia đến hình phạt) là
một trò chơi OpenSpiel, `python_in_a_grove_round`, giải bằng CFR+ của OpenSpiel (`docs/grove_strategy.md`).
Phần thưởng là trung bình số Chip Kém cỏi của vòng trừ đi số chip của chính mình: người giữ nhiều Chip
Kém cỏi nhất sẽ thua (GR-E2), nên điều quan trọng là mình so với người khác. Các chiến lược đã được tính
một lần và lưu trong `data/grove`; đặt `RECOMPUTE = True` bên dưới để tính lại (mất vài phút).
"""),
        code("""
import random

from rulesengine import i18n
from rulesengine.grove.strategy.equilibrium import load_strategy, rule_records, solve
from rulesengine.grove.strategy.tournament import saved_tournament, tournament
from rulesengine.viz.common import use_style
from rulesengine.viz.grove.odds import chart
from rulesengine.viz.grove.strategy import (convergence_table, plot_rule_mix, plot_tournament, rules_table,
                                            tournament_table)

random.seed(2026)
use_style()
i18n.set_language("en")
RECOMPUTE = False
"""),
        md("""
## 1. How close to an equilibrium

With two players, the **exploitability** is what best responders win against the strategy (in chips per
round); with three, **NashConv** sums what each player could gain by deviating alone. Both are 0 at an
exact equilibrium.
""", """
## 1. Gần cân bằng đến đâu

Với hai người chơi, **độ khai thác được** (exploitability) là phần mà người đáp trả tốt nhất thắng được
trước chiến lược (tính bằng chip mỗi vòng); với ba người, **NashConv** cộng phần mà mỗi người có thể được
thêm khi một mình đổi cách chơi. Cả hai bằng 0 ở một cân bằng chính xác.
"""),
        code("""
metas = []
for players in (2, 3):
    meta = {"players": players, **load_strategy(players).meta}
    if RECOMPUTE:
        solution = solve(players, meta["iterations"])
        meta = {**meta, "value": solution.value, "history": solution.history}
    metas.append(meta)
convergence_table(metas)
""", CHECK),
        md("""
## 2. The equilibrium as rules

Averaged over the hands of each situation: how often the player accuses the higher number it saw, the
lower one, or the suspect it did not see (for the leader the Unseen suspect, GR-P2; for a follower the one
the player on its right accused, GR-P4). A 5 in one's alibis matters: it cannot be at the scene, so the
culprit is the highest number unless a 5 is seen (GR-R1, GR-R2).
""", """
## 2. Cân bằng thành các quy tắc

Tính trung bình trên các tay bài của mỗi tình huống: người chơi buộc tội số lớn hơn mình thấy, số nhỏ hơn,
hay Nghi phạm mình không xem bao nhiêu lần (với người đi đầu là Nghi phạm mang token Chưa xem, GR-P2; với
người theo sau là Nghi phạm mà người bên phải đã buộc tội, GR-P4). Có số 5 trong Ngoại phạm là quan trọng:
số 5 không thể ở hiện trường, nên Hung thủ là số lớn nhất (GR-R1, GR-R2).
"""),
        code("""
rules_table(rule_records(load_strategy(2)))
""", CHECK),
        code("""
rules_table(rule_records(load_strategy(3)))
""", CHECK),
        code("chart(plot_rule_mix, rule_records(load_strategy(3)), size=(10, 4))", IGNORE),
        md("""
**When to bluff as leader** (two players): without a 5 among its alibis the leader accuses the suspect it
did *not* see most often (0.38) and the lower number it saw about a quarter of the time: its chip must not
tell the follower too much. With a 5 in hand no 5 is at the scene, so the highest number is guilty
(GR-R1): it accuses the higher number seen 0.59 of the time and the lower one almost never (0.07) — and
still the unseen suspect one time in three. **When to follow**: the second player puts its chip on the
suspect accused on its right (which it did not see) about one time in four; stacking there puts its chip
on top, so it takes the whole stack if that suspect is innocent (GR-V3, GR-P6).

## 3. Tournaments

Whole games through the fast simulator, seats rotated so every policy sits everywhere: mean incompetent
chips at the end of a game and loss rate, each with a 95 % interval. Saved results (3 players), or
recomputed with `RECOMPUTE`:
""", """
**Khi nào người đi đầu nên tháu cáy** (hai người chơi): khi không có số 5 trong Ngoại phạm, người đi đầu
buộc tội Nghi phạm mình *không* xem nhiều nhất (0,38) và số nhỏ hơn mình thấy khoảng một phần tư số lần:
chip của họ không được nói quá nhiều cho người theo sau. Khi cầm số 5 thì không có số 5 ở hiện trường, nên
số lớn nhất là Hung thủ (GR-R1): họ buộc tội số lớn hơn 0,59 số lần và gần như không bao giờ số nhỏ hơn
(0,07) — nhưng vẫn buộc tội Nghi phạm chưa xem một lần trong ba. **Khi nào nên theo**: người thứ hai đặt
chip lên Nghi phạm mà người bên phải đã buộc tội (mà mình không xem) khoảng một lần trong bốn; đặt chồng lên
đó thì chip của mình nằm trên cùng, nên mình nhận cả chồng nếu Nghi phạm đó vô tội (GR-V3, GR-P6).

## 3. Các giải đấu

Các ván trọn vẹn qua bộ mô phỏng nhanh, xoay vòng chỗ ngồi để mỗi chính sách ngồi ở mọi ghế: số Chip Kém
cỏi trung bình cuối ván và tỉ lệ thua, mỗi số kèm khoảng tin cậy 95 %. Kết quả đã lưu (3 người chơi), hoặc
tính lại với `RECOMPUTE`:
"""),
        code("""
if RECOMPUTE:
    record = tournament(3, ["best", "equilibrium", "higher", "random", "honest"], games=20000, seed=0).as_json()
else:
    record = saved_tournament(3)
tournament_table(record)
""", CHECK),
        code("chart(plot_tournament, record['results'], size=(7, 3.6))", IGNORE),
    ]


#: Each notebook's file name and the function that builds its cells (read by tools/make_notebooks.py).
NOTEBOOKS = {
    "12": ("12_grove_inference.ipynb", notebook_12),
    "13": ("13_grove_strategy.ipynb", notebook_13),
}


if __name__ == "__main__":
    for key in sys.argv[1:] or sorted(NOTEBOOKS):
        name, build = NOTEBOOKS[key]
        print(write(name, render(build(), "en")))
