"""Write notebooks 10 and 11 (In a Grove), English and Vietnamese; then execute them to store outputs.

Usage: python tools/make_grove_notebooks.py [10] [11]; python tools/make_notebooks.py --execute 10 11
"""

from __future__ import annotations

import sys

from nbtools import CHECK, IGNORE, Cell, code, md, title


def notebook_10() -> list[Cell]:
    return [
        title("""
# In a Grove 1 — the rules, step by step / Luật chơi từng bước

*In a Grove* (the rule sheet calls it "In a Groove"; Japanese 藪の中) is a small deduction game for 2 to 5
players. The players are **detectives** (*Thám tử*): each sees a little of a **crime scene**
(*Hiện trường vụ án*) and must put a chip under the **culprit** (*Hung thủ*) among three **suspects**
(*Nghi phạm*) — and above all not under an innocent.

This notebook walks through the rules in order. Every section names the rule ids it teaches (`GR-…`);
the full rule page is `docs/grove_rules.md`. Numbers printed below come from the engine
(`rulesengine.grove`) and are checked by the tests. The language switch changes the labels of the
widgets (English / Tiếng Việt).
""", """# In a Grove 1 — Luật chơi từng bước / the rules, step by step

*In a Grove* (bản luật gọi là "In a Groove"; tiếng Nhật 藪の中) là một trò chơi suy luận nhỏ cho 2 đến 5
người. *Thị trấn gần đây xuất hiện rất nhiều các vụ án mạng.* Người chơi là các **Thám tử**: mỗi người chỉ
thấy một phần của **Hiện trường vụ án** và phải đặt chip dưới **Hung thủ** trong số ba **Nghi phạm** —
và trên hết, *tránh buộc tội nhầm người vô tội*.

Sổ tay này đi qua các luật theo đúng thứ tự. Mỗi phần ghi mã các luật mà nó dạy (`GR-…`); trang luật đầy
đủ là `docs/grove_rules.md` (tiếng Anh). Các con số in ra dưới đây do bộ máy (`rulesengine.grove`) tính
và được các bài kiểm thử kiểm tra. Nút chuyển ngôn ngữ đổi nhãn của các nút điều khiển
(English / Tiếng Việt).
"""),
        code("""
import random

from IPython.display import display

from rulesengine import i18n
from rulesengine.grove import Accuse, Deal, Look, new_game, play_random
from rulesengine.viz.common import LanguageSwitch, MessageBox, show, use_style
from rulesengine.viz.grove.odds import odds_table
from rulesengine.viz.grove.table import GroveStepper, alibis_table, culprit_table, deal_counts, deal_table
from rulesengine.viz.grove.table import decision_table, looks_table, outcome_table, picture, round_table

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
""", """## 1. Thành phần — GR-C1..GR-C4

* **Các hình nộm** (GR-C1): bảy hình nộm đánh số 2, 3, 4, 5, 6, 7, 8 và hai hình nộm **X**.
* **Chip Thám tử** (GR-C2): mỗi người 7 chip theo màu đã chọn. *Mặt trước (bộ râu): Chip Thám tử. Mặt sau:
  Chip Kém cỏi* — một hình phạt.
* **Token Đi đầu** (GR-C3) đánh dấu **Người đi đầu** của vòng.
* **Token Chưa xem** (GR-C4) đánh dấu Nghi phạm mà Người đi đầu không xem.

## 2. Chuẩn Bị — GR-S1..GR-S3

*Dựa trên số người chơi, lấy số Hình nộm được quy định tương ứng* (GR-S1): 2–3 người không dùng Hình nộm X,
4 người chỉ dùng 1 Hình nộm X, 5 người dùng tất cả. *Lật úp các Hình nộm và xáo đều* (GR-S3); bộ máy coi
việc xáo là một bước *ngẫu nhiên* và có thể liệt kê mọi cách chia khác nhau (hai Hình nộm X trông giống
nhau):
"""),
        code("""
deal_counts()
""", CHECK),
        md("""
Each player gets one figure; four go to the middle: three **suspects** and one **victim** (*Nạn nhân*).
Here is one seeded deal for four players (seat 0 leads, GR-P1):
""", """*Đưa mỗi người 1 Hình nộm và đặt 4 Hình nộm còn lại ra giữa bàn tạo thành hiện trường vụ án*: ba
**Nghi phạm** và một **Nạn nhân**. Đây là một cách chia cố định (theo hạt giống ngẫu nhiên) cho bốn người
(chỗ ngồi 0 đi đầu, GR-P1):
"""),
        code("""
game = new_game(4)
deal = game.sample_chance(random.Random(7))
deal_table(deal)
""", CHECK),
        md("""
## 3. Investigation (*Điều tra*) — GR-I1, GR-I2

Each player looks at the figure in hand: it is an **alibi** (*Ngoại phạm*), since it is not at the scene
(GR-I1). Then everyone passes that figure to the left and looks at the one coming from the right
(GR-I2). Now every detective knows **two** figures that cannot be the culprit. Passing is not a choice,
so the engine does it as part of the deal and writes each look in the seat's private log:
""", """## 3. Điều Tra — GR-I1, GR-I2

*Bắt đầu trò chơi, bí mật xem Hình nộm trên tay, những Hình nộm này sẽ là ngoại phạm vì không xuất hiện
trong hiện trường vụ án* (GR-I1). *Sau khi xem xong, bí mật chuyển qua cho người bên trái, và nhận Hình nộm
mới từ người bên phải. Xem tiếp số trên Hình nộm vừa nhận* (GR-I2). *Vậy mỗi người sẽ biết được 2 số ngoại
phạm chắc chắn không thể là Hung thủ.* Việc chuyển không phải là một lựa chọn, nên bộ máy làm luôn trong
bước chia và ghi mỗi lần xem vào nhật ký riêng của chỗ ngồi đó:
"""),
        code("""
state = game.apply(deal)
alibis_table(state)
""", CHECK),
        code("picture(state, viewer=0, stage='passed')", IGNORE),
        md("""
## 4. Who is the culprit (*Xác định Hung thủ*) — GR-R1..GR-R3

* **GR-R1** The highest number among the three suspects is the culprit.
* **GR-R2** But if a 5 is among them, the *lowest* number is the culprit (the 5 itself can be it).
* **GR-R3** An X suspect is always innocent; it is ignored.
""", """## 4. Xác Định Hung Thủ — GR-R1..GR-R3

* **GR-R1** Quy tắc 1: Số lớn nhất trong 3 Nghi phạm sẽ là hung thủ.
* **GR-R2** Quy tắc 2: Nếu trong 3 Nghi phạm có số 5, thì số nhỏ nhất sẽ là hung thủ (chính số 5 cũng có
  thể là hung thủ).
* **GR-R3** Quy tắc 3: Nghi phạm X luôn vô tội, không thể là hung thủ; nó được bỏ qua.
"""),
        code("""
culprit_table(["586", "X24", "X56", "XX4", "386", "753"])
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
""", """## 5. Phá Án — GR-P1..GR-P6

* **GR-P1** *Chọn ra người đi đầu và đưa token Đi đầu cho người đó.*
* **GR-P2** *Từ 3 Nghi phạm trong hiện trường, chọn 2, cầm lên và bí mật xem 2 số. Sau khi xem xong, đặt
  2 Nghi phạm lại chỗ cũ, lấy token Chưa xem đặt trên đầu Nghi phạm còn lại mà chưa xem.* Việc *những Nghi
  phạm nào* đã được xem là công khai; các con số thì không.
* **GR-P3** *Phá án bằng cách đặt chip Thám tử dưới 1 trong 3 Nghi phạm mà cho là Hung thủ.*
* **GR-P4** *Lần lượt theo chiều kim đồng hồ, từng người khi đến lượt, lấy 2 Nghi phạm mà người trước đó
  (người bên phải) không đặt Chip Thám tử phía dưới* — không có lựa chọn nào khác — *bí mật xem rồi trả về
  vị trí cũ*, và (**GR-P5**) *đặt Chip Thám tử dưới 1 trong 3 Nghi phạm mà bạn nghĩ là Hung thủ*;
  (**GR-P6**) *nếu đã có chip khác đặt dưới Nghi phạm định chọn, đặt đè chip của mình lên trên.*
"""),
        code("""
state = state.apply(Look(0, (0, 1)))
display(looks_table(state, 0))
state = state.apply(Accuse(0, 1))
decision_table(state)
""", CHECK),
        md("""
A choice the rules forbid is refused with the id of the rule it breaks, and the game is left as it was.
In the widgets below it appears in the message line, never as a traceback:
""", """Một lựa chọn mà luật cấm sẽ bị từ chối kèm mã của luật bị vi phạm, và ván chơi giữ nguyên như cũ. Trong các
nút điều khiển bên dưới, lời từ chối hiện ở dòng thông báo, không bao giờ là một traceback:
"""),
        code("""
box = MessageBox()
with box.catching():
    state.apply(Look(1, (0, 1)))
show(box.last_error)
""", CHECK),
        md("""
## 6. Reveal (*Công Bố*) and the next leader — GR-V1..GR-V4

When everyone has placed a chip, the suspects are turned face up (**GR-V1**). Chips under the culprit go
back to the box (**GR-V2**). For each innocent suspect with chips, the player whose chip is **on top**
takes the whole stack as incompetent chips, whatever their colours (**GR-V3**). The First-on-the-scene
token then goes to the player with the most incompetent chips other than the leader; on a tie, the
first such player clockwise from the leader (**GR-V4**, the project's reading of "leftmost").
""", """## 6. Công Bố và Người đi đầu tiếp theo — GR-V1..GR-V4

*Khi tất cả người chơi đã đặt xong chip, lật tất cả Nghi phạm ngửa lên và xác định ai là Hung thủ*
(**GR-V1**). *Các chip đã đặt đúng dưới Hung thủ: Bỏ tất cả chip lại vào hộp* (**GR-V2**). *Với mỗi người vô
tội có chip bên dưới, người đặt chip cuối cùng phải lấy luôn tất cả chip ở dưới Nghi phạm như 1 hình phạt.
Sau đó lật tất cả các chip sai đó sang mặt Kém cỏi* — dù chip màu gì (**GR-V3**). *Đưa token Đi đầu cho
người tiếp theo có nhiều chip Kém cỏi nhất mà không phải người chơi vừa xong. Nếu bằng nhau, đưa cho người
bên trái nhất* (**GR-V4**; dự án này hiểu "bên trái nhất" là người đầu tiên như vậy theo chiều kim đồng hồ
tính từ Người đi đầu).
"""),
        code("""
for seat, suspect in ((1, 1), (2, 1), (3, 0)):
    state = state.apply(state.legal_actions()[0])  # the one look GR-P4 allows
    state = state.apply(Accuse(seat, suspect))
round_table(state.rounds[-1])
""", CHECK),
        code("picture(state, viewer=None, stage='penalties')", IGNORE),
        md("""
## 7. End of the game (*Kết Thúc*) — GR-E1..GR-E3

The game ends after a round in which someone has 5 or more incompetent chips, or has no detective chip
left — so after at most 7 rounds (**GR-E1**). The player with the most incompetent chips loses; ties go to
the one holding more of their *own* colour, then to the one nearest to the right of the last leader
(**GR-E2**). Fewer incompetent chips rank higher (**GR-E3**). A whole seeded game with random choices:
""", """## 7. Kết Thúc — GR-E1..GR-E3

*Trò chơi kết thúc khi có 1 người chơi có 5 chip Kém cỏi trở lên, hoặc không còn chip Thám tử nào (tối đa 7
vòng chơi)* (**GR-E1**). *Người chơi có nhiều chip Kém cỏi nhất sẽ thua cuộc. Trường hợp hòa: người chơi có
nhiều chip Kém cỏi của chính mình hơn sẽ thua cuộc; nếu tiếp tục hòa, người chơi gần nhất về bên phải của
người Đi đầu vòng cuối cùng sẽ thua* (**GR-E2**). *Càng nhận ít chip Kém cỏi, thứ hạng sẽ càng cao*
(**GR-E3**). Một ván trọn vẹn với hạt giống cố định và các lựa chọn ngẫu nhiên:
"""),
        code("""
final = play_random(new_game(4), random.Random(2026))
outcome_table(final.outcome())
""", CHECK),
        md("""
## 8. Play a round yourself — the stepper

**Next step** lets the engine take the next step: the shuffle and deal, the passing, each look and
accusation (the engine picks the best-odds suspect), the reveal, the penalties and the next leader.
Choose a **view** to see the table as one detective sees it (their figure, the suspects they looked at)
or as the narrator who sees everything. You may make any seat's choice with **Look** and **Accuse**; a
choice the rules forbid is refused with its rule id. Dots above a suspect show who looked at it.
""", """## 8. Tự chơi một vòng — nút từng bước

**Bước tiếp theo** để bộ máy làm bước kế tiếp: xáo và chia, chuyển hình nộm, mỗi lần xem và buộc tội (bộ
máy chọn Nghi phạm có xác suất cao nhất), Công Bố, hình phạt và Người đi đầu tiếp theo. Chọn một **góc
nhìn** để thấy bàn chơi như một Thám tử thấy (hình nộm của họ, các Nghi phạm họ đã xem) hoặc như người dẫn
truyện thấy tất cả. Bạn có thể tự quyết cho bất kỳ chỗ ngồi nào bằng **Xem** và **Buộc tội**; một lựa chọn
mà luật cấm sẽ bị từ chối kèm mã luật. Các chấm phía trên một Nghi phạm cho biết ai đã xem nó.
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
""", """## 9. Luật 2 Người — GR-2P1..GR-2P4

*Sau bước chuẩn bị, lật hình nộm còn lại ngửa lên sao cho cả 2 người đều thấy. Đây là thông tin chung*
(GR-2P1). *Bước điều tra chỉ xem hình nộm trên tay mà không chuyển* (GR-2P2). *Lúc này mỗi người sẽ biết 2
số ngoại phạm: 1 trên tay và 1 là hình nộm chung* (GR-2P3). *Các luật còn lại tương tự* (GR-2P4): người
thứ hai xem hai Nghi phạm mà Người đi đầu không buộc tội.
"""),
        code("""
duo = new_game(2).apply(Deal.of([2, 3], [5, 8, 6], 7, public=4))
alibis_table(duo)
""", CHECK),
        code("""
duo_stepper = GroveStepper(players=2, seed=7)
duo_stepper.widget
""", IGNORE),
        md("""
## 10. The X figures — GR-R3 with 4 and 5 players

With 4 players one X joins the figures, with 5 both. An X suspect is never the culprit, so a detective
who sees an X learns that the culprit is elsewhere; seeing **both** X makes the third suspect certain:
""", """## 10. Các Hình nộm X — GR-R3 với 4 và 5 người

Với 4 người, một Hình nộm X được thêm vào; với 5 người, cả hai. Nghi phạm X không bao giờ là Hung thủ, nên
một Thám tử thấy một X biết rằng Hung thủ ở chỗ khác; thấy **cả hai** X thì Nghi phạm thứ ba chắc chắn là
Hung thủ:
"""),
        code("""
odds_table(5, ["2", "3"], [{0: "X", 1: "4"}, {0: "X", 1: "X"}])
""", CHECK),
        code("""
five = new_game(5).apply(Deal.of([2, 3, 4, 6, 7], ["X", 8, "X"], 5))
picture(five.apply(Look(0, (0, 2))), viewer=0)
""", IGNORE),
    ]


def notebook_11() -> list[Cell]:
    return [
        title("""
# In a Grove 2 — the culprit's odds / Xác suất là Hung thủ

A detective knows two figures that are not at the scene (their **alibis**, *Ngoại phạm*) and has looked
at some of the three **suspects** (*Nghi phạm*). Since the deal is uniform, the figures they have not
seen are spread evenly over the places they have not seen, so the chance that each suspect is the
**culprit** (*Hung thủ*) can be computed *exactly*, as a fraction (rules GR-R1..R3, GR-I2, GR-2P3).
What other players' chips might reveal is left out here.

Everything below calls `rulesengine.grove`; the explorer's controls recompute with the same engine.
""", """# In a Grove 2 — Xác suất là Hung thủ / the culprit's odds

Một Thám tử biết hai hình nộm không có mặt ở hiện trường (hai **Ngoại phạm** của mình) và đã xem một vài
trong ba **Nghi phạm**. Vì cách chia là đều nhau, các hình nộm họ chưa thấy được rải đều vào những chỗ họ
chưa xem, nên xác suất để mỗi Nghi phạm là **Hung thủ** có thể tính *chính xác*, dưới dạng phân số (luật
GR-R1..R3, GR-I2, GR-2P3). Những gì chip của người chơi khác có thể tiết lộ được để sang một bên ở đây.

Mọi thứ bên dưới đều gọi `rulesengine.grove`; các nút điều khiển của công cụ khám phá tính lại bằng
chính bộ máy đó.
"""),
        code("""
import random

import pandas as pd
from IPython.display import display

from rulesengine import i18n
from rulesengine.grove import Accuse, Deal, Knowledge, Look, base_rates, bayes_records, culprit_odds, new_game
from rulesengine.grove.odds.analysis import base_rate_records, odds_by_players, seen_pair_grid
from rulesengine.grove.odds.inference import infer
from rulesengine.grove.strategy.policies import hit_rates, simulate
from rulesengine.viz.common import use_style
from rulesengine.viz.grove.odds import OddsExplorer, chart, grid_table, odds_summary, plot_base_rates, plot_hit_rates
from rulesengine.viz.grove.odds import plot_odds_by_players, plot_seen_pair_grid, reading_table, table

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
""", """## 1. Công cụ khám phá xác suất

Chọn số người chơi, hai hình nộm bạn biết (với 2 người: hình nộm trên tay và hình nộm ngửa), và những gì mỗi
Nghi phạm cho bạn thấy (hoặc *chưa xem*). Các cột cho xác suất chính xác để mỗi Nghi phạm là Hung thủ; bảng
Bayes bên dưới cho thấy các con số đến từ đâu. Một dữ liệu không thể xảy ra (một X khi chơi 3 người, một
hình nộm dùng hai lần) được giải thích thay vì vẽ ra.
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
""", """## 2. Một ví dụ cụ thể

Ba người chơi; bạn biết 2 và 3; bạn đã xem Nghi phạm 0 và 1 và thấy 7 và 8. Các hình nộm bạn chưa thấy là
4, 5 và 6, một trong số đó là Nghi phạm 2. Nếu đó là số 5, *số nhỏ nhất sẽ là hung thủ* (GR-R2): chính số
5. Nếu không, *số lớn nhất*, số 8, là Hung thủ (GR-R1).
"""),
        code("""
knowledge = Knowledge.make(3, alibis=["2", "3"], seen={0: "7", 1: "8"})
odds = culprit_odds(knowledge)
odds_summary(odds)
""", CHECK),
        md("""
### The Bayes table

The same answer as a Bayes table in the style of *Think Bayes*: the hypotheses are "suspect *i* is the
culprit"; the **prior** uses the alibis only; the **likelihood** is the chance of seeing 7 and 8 at
suspects 0 and 1 if that hypothesis holds; prior × likelihood, normalised, is the **posterior**.
""", """### Bảng Bayes

Cùng câu trả lời đó dưới dạng bảng Bayes theo kiểu *Think Bayes*: các giả thuyết là "Nghi phạm *i* là Hung
thủ"; **tiên nghiệm** chỉ dùng hai Ngoại phạm; **khả năng** là cơ hội thấy 7 và 8 ở Nghi phạm 0 và 1 nếu
giả thuyết đó đúng; tiên nghiệm × khả năng, sau khi chuẩn hoá, là **hậu nghiệm**.
"""),
        code("""
table(bayes_records(knowledge), ["hypothesis", "prior", "likelihood", "unnormalised", "posterior"])
""", CHECK),
        md("The hypotheses can also be the figure standing at the suspect not looked at:", """Các giả thuyết cũng có thể là hình nộm đứng ở chỗ Nghi phạm chưa xem:
"""),
        code("""
table(bayes_records(knowledge, by="figures"))
""", CHECK),
        md("""
## 3. Before anyone looks: base rates

A 5 is at the scene with probability 3/N, where N is the number of figures in play (GR-S1). The chance
that the culprit is a given figure before anyone looks:
""", """## 3. Trước khi ai xem: tỉ lệ nền

Một số 5 có mặt ở hiện trường với xác suất 3/N, trong đó N là số hình nộm được dùng (GR-S1). Xác suất để Hung
thủ là một hình nộm nhất định, trước khi ai xem:
"""),
        code("""
display(table([{"players": n, "five_at_scene": base_rates(n).five_at_scene} for n in (2, 3, 4, 5)]))
table(pd.DataFrame(base_rate_records()).pivot(index="figure", columns="players", values="culprit"))
""", CHECK),
        code("chart(plot_base_rates, size=(9, 3.8))", IGNORE),
        md("""
## 4. Every pair of seen numbers

Each cell is one thing you might see at suspects 0 and 1; its colour and label give the chance that the
suspect you did **not** look at is the culprit. Blank cells cannot happen (a number seen twice, or one of
your alibis). With 3 players and alibis 2 and 3, then with 5 players where X figures join in:
""", """## 4. Mọi cặp số đã thấy

Mỗi ô là một điều bạn có thể thấy ở Nghi phạm 0 và 1; màu và nhãn của ô cho xác suất để Nghi phạm bạn **chưa**
xem là Hung thủ. Ô trống là không thể xảy ra (một số thấy hai lần, hoặc là một Ngoại phạm của bạn). Với 3
người và Ngoại phạm 2 và 3, rồi với 5 người khi các Hình nộm X tham gia:
"""),
        code("chart(plot_seen_pair_grid, seen_pair_grid(3, ['2', '3']), size=(5.5, 5))", IGNORE),
        code("chart(plot_seen_pair_grid, seen_pair_grid(5, ['2', '3']), size=(5.5, 5))", IGNORE),
        code("""
grid_table(seen_pair_grid(3, ["2", "3"]))
""", CHECK),
        md("""
## 5. "Accuse the higher number" against the best pick

A tempting rule of thumb is to accuse the higher of the two numbers you saw. How often is it right,
compared with accusing the suspect with the best exact odds? Exactly, over every deal, for a detective
who looked at two suspects:
""", """## 5. "Buộc tội số lớn hơn" so với lựa chọn tốt nhất

Một mẹo dễ dùng là buộc tội số lớn hơn trong hai số bạn đã thấy. Mẹo đó đúng thường xuyên đến mức nào, so
với buộc tội Nghi phạm có xác suất chính xác cao nhất? Tính chính xác trên mọi cách chia, cho một Thám tử đã
xem hai Nghi phạm:
"""),
        code("""
table(pd.DataFrame(hit_rates()).pivot(index="rule", columns="players", values="hit_rate"))
""", CHECK),
        code("chart(plot_hit_rates, size=(8, 3.8))", IGNORE),
        md("""
In whole games the followers' looks depend on the previous accusation (GR-P4), and stacks decide who is
penalised (GR-V3). A seeded simulation of 200 four-player games, one seat per strategy:
""", """Trong cả ván, những gì người đi sau được xem phụ thuộc vào lần buộc tội trước đó (GR-P4), và các chồng chip
quyết định ai bị phạt (GR-V3). Mô phỏng 200 ván bốn người với hạt giống cố định, mỗi chỗ ngồi một chiến
lược:
"""),
        code("""
result = simulate(["best", "higher", "random", "best"], games=200, seed=2026)
table(pd.DataFrame(result.records()).round(3))
""", CHECK),
        md("""
The seat matters as much as the rule: a seat that follows a careless player is sent to look at the
suspects that player did *not* accuse (GR-P4), and the last chip on an innocent stack takes the whole
stack (GR-V3). Over many games the best-odds rule still names the culprit about twice as often as the
higher-number rule, which does no better than chance once the looks are forced.
""", """Chỗ ngồi quan trọng không kém quy tắc: một chỗ ngồi đi sau một người chơi cẩu thả bị buộc phải xem những Nghi
phạm mà người đó *không* buộc tội (GR-P4), và chip cuối cùng trên một chồng chip của người vô tội phải lấy
cả chồng (GR-V3). Qua nhiều ván, quy tắc xác suất cao nhất vẫn gọi đúng Hung thủ nhiều gấp khoảng hai lần
quy tắc số lớn hơn, vốn không hơn gì may rủi một khi lượt xem bị ép buộc.
"""),
        md("""
## 6. Reading the other players' chips

Chips are public. If you assume the players before you accused the suspect with the best odds for what
*they* knew, their chips tell you something. Below, seat 1 (alibis 2 and 3) sees the 8 and the 6; on
its own the 8 looks guilty two times in three. But the leader, who looked at suspect 0 and at the 8,
still accused suspect 0 — which only makes sense if suspect 0 is the 5 (GR-R2):
""", """## 6. Đọc chip của người chơi khác

Chip là công khai. Nếu bạn giả định những người trước bạn đã buộc tội Nghi phạm có xác suất cao nhất theo
những gì *họ* biết, chip của họ cho bạn biết thêm điều gì đó. Dưới đây, chỗ ngồi 1 (Ngoại phạm 2 và 3) thấy
số 8 và số 6; riêng số 8 trông có tội hai lần trong ba. Nhưng Người đi đầu, người đã xem Nghi phạm 0 và số
8, vẫn buộc tội Nghi phạm 0 — điều chỉ hợp lý nếu Nghi phạm 0 là số 5 (GR-R2):
"""),
        code("""
state = new_game(3).apply(Deal.of([2, 3, 4], [5, 8, 6], 7))
state = state.apply(Look(0, (0, 1))).apply(Accuse(0, 0)).apply(Look(1, (1, 2)))
reading_table(infer(state, 1))
""", CHECK),
        md("""
In whole games (200 seeded four-player games, everyone else playing the best odds), the seat that also
reads the chips is right far more often and loses far less:
""", """Trong cả ván (200 ván bốn người với hạt giống cố định, mọi người khác chơi theo xác suất cao nhất), chỗ ngồi
biết đọc thêm chip đoán đúng thường xuyên hơn nhiều và thua ít hơn nhiều:
"""),
        code("""
reader = simulate(["inferred", "best", "best", "best"], games=200, seed=2026)
table(pd.DataFrame(reader.records()).round(3))
""", CHECK),
        md("""
## 7. More players, different odds

The same knowledge — alibis 2 and 3 (with 2 players: 2 in hand, 4 face up), saw 7 and 8 — under 2, 3, 4
and 5 players. With more players the X figures join, the unseen suspect is more often an innocent X, and
the 8 becomes more likely:
""", """## 7. Thêm người chơi, xác suất khác

Cùng một hiểu biết — Ngoại phạm 2 và 3 (với 2 người: 2 trên tay, 4 ngửa), đã thấy 7 và 8 — với 2, 3, 4 và 5
người chơi. Càng nhiều người, các Hình nộm X càng tham gia, Nghi phạm chưa xem càng hay là một X vô tội, và
số 8 càng có khả năng là Hung thủ:
"""),
        code("""
rows = odds_by_players(["2", "3"], {0: "7", 1: "8"}, (2, 3, 4, 5), public="4")
table(rows)
""", CHECK),
        code("chart(plot_odds_by_players, rows, size=(7, 3.6))", IGNORE),
    ]


#: Each notebook's file name and the function that builds its cells (read by tools/make_notebooks.py).
NOTEBOOKS = {
    "10": ("10_grove_rules.ipynb", notebook_10),
    "11": ("11_grove_culprit_odds.ipynb", notebook_11),
}


if __name__ == "__main__":  # both editions of these notebooks, through tools/make_notebooks.py
    import make_notebooks

    sys.exit(make_notebooks.main(sys.argv[1:] or sorted(NOTEBOOKS)))
