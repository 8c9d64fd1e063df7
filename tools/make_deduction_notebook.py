"""Generator of notebook 05, both editions: Tragedy Looper deduction day by day (issue 12).

    .venv/bin/python tools/make_notebooks.py 05 vi/05
"""

from __future__ import annotations

from nbtools import CHECK, IGNORE, Cell, code, md, title

SETUP = """
import random

from rulesengine import i18n
from rulesengine.viz.common import LanguageSwitch, use_style

random.seed(2026)
use_style()
i18n.set_language("en")
"""


def notebook_05() -> list[Cell]:
    return [
        title(
            """
# Tragedy Looper 5 — deduction / Suy luận

The Protagonists' whole game is deduction: which **roles** (*vai trò*), **culprits** (*thủ phạm*) and
**plots** are still possible after what they saw? `rulesengine.looper.deduction.search` answers exactly: every
private sheet the set allows is played by the engine against the public record, the Mastermind's hidden
choices branched, and a sheet is ruled out as soon as the engine cannot reproduce what was seen
(docs/looper_deduction.md). Probabilities are uniform over the candidates left.

The game below is a small version of a Basic Tragedy X script (the first four characters, three days,
two loops), so that each day's deduction takes a fraction of a second; on the whole of the first script it
takes seconds after a loop (one replay serves every sheet that answers the engine's questions alike).
""",
            """
# Tragedy Looper 5 — Suy luận / deduction

Cả ván chơi của Nhân vật Chính là suy luận: sau những gì đã thấy, **vai trò**, **thủ phạm** và **cốt truyện**
nào vẫn còn có thể? `rulesengine.looper.deduction.search` trả lời chính xác: mọi tờ kịch bản bí mật mà bộ Bi kịch cho
phép đều được bộ máy chơi lại theo bản ghi công khai, các lựa chọn ẩn của Mastermind được rẽ nhánh, và một
kịch bản bị loại ngay khi bộ máy không thể tạo lại điều đã thấy (docs/looper_deduction.md). Xác suất chia
đều cho các kịch bản còn lại.

Ván chơi dưới đây là bản nhỏ của một Kịch bản Basic Tragedy X (bốn nhân vật đầu, ba ngày, hai vòng lặp),
để việc suy luận mỗi ngày chỉ mất một phần giây; với cả Kịch bản đầu tiên, sau một vòng lặp nó mất vài giây
(một lần chơi lại dùng chung cho mọi kịch bản trả lời các câu hỏi của bộ máy giống nhau).
""",
        ),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md("## A game, day by day", "## Một ván chơi, từng ngày"),
        code(
            """
from rulesengine.viz.looper.deduction import (
    MEASURES_SIZE, DayByDay, Tables, candidates_chart, candidates_table, day_label, guess_table,
    measures_chart, next_table, picture, role_heat_map, summary,
)

days = DayByDay("btx_01_first_contract")
first = days.step()
candidates_table(days.history, truth=days.script)
""",
            CHECK,
        ),
        code("picture(role_heat_map, first, label=day_label(days.history[-1][0]), size=(7, 3.4))", IGNORE),
        md(
            "Why the others went: each public event, how many candidates it removed.",
            "Vì sao các kịch bản khác bị loại: mỗi sự kiện công khai loại bao nhiêu kịch bản.",
        ),
        code("Tables(summary(first))", IGNORE),
        md(
            """
### What to try tomorrow

The day ended on the Mastermind's cards for tomorrow. Each candidate still possible is played on: the
Mastermind's cards by the heuristic agent, then each card the leader could place first, to the end of the
day; an option whose outcomes differ most between the candidates tells the most (expected information, in
bits).
""",
            """
### Điều nên thử ngày mai

Ngày kết thúc ở lượt đặt thẻ của Mastermind cho ngày mai. Mỗi kịch bản còn có thể được chơi tiếp: thẻ của
Mastermind do tác tử heuristic đặt, rồi từng thẻ mà Leader có thể đặt đầu tiên, đến hết ngày; lựa chọn nào
cho kết quả khác nhau nhiều nhất giữa các kịch bản thì cho nhiều thông tin nhất (thông tin kỳ vọng, tính
bằng bit).
""",
        ),
        code("next_table(first)", IGNORE),
        md("## Until the end of the game", "## Đến hết ván chơi"),
        code(
            """
while not days.game.is_over:
    days.step()
candidates_table(days.history, truth=days.script)
""",
            CHECK,
        ),
        code("picture(candidates_chart, days.history, size=(6, 3.2))", IGNORE),
        md(
            """
### What an analyst reads

Three measures follow the deduction from day to day (the table above has them too). The **bits left** are
the entropy of the candidates: with every candidate equally likely, log₂ of their number, so the 648
candidates after day 1 are 9.3 bits, and each bit learnt halves them. A role is **certain** once every
candidate left gives that character the same role; the final guess must get every role right (TL-FG3).
In a replay of one's own game the truth is known, so the chart also follows the **probability of the true
script**: one over the candidates left, and never 0, since the true script produces what was seen. Here
day 2 teaches nothing (every candidate could produce its events), day 3 takes the 648 down to 150
(7.2 bits), and no role is certain yet when the Protagonists win by surviving the loop (TL-LE2).
""",
            """
### Điều người phân tích đọc

Ba thước đo theo dõi phép suy luận qua từng ngày (bảng ở trên cũng có chúng). **Bit còn lại** là entropy
của các kịch bản còn lại: khi mọi kịch bản có khả năng như nhau, nó bằng log₂ của số kịch bản, nên 648
kịch bản sau ngày 1 là 9,3 bit, và mỗi bit biết thêm chia đôi số kịch bản. Một vai trò **đã chắc chắn**
khi mọi kịch bản còn lại đều gán cho nhân vật đó cùng một vai trò; lượt Phán đoán Cuối cùng phải đoán đúng
mọi vai trò (TL-FG3). Khi chơi lại ván của chính mình thì biết kịch bản thật, nên biểu đồ còn theo dõi
**xác suất của kịch bản thật**: một chia cho số kịch bản còn lại, và không bao giờ bằng 0, vì kịch bản thật
tạo ra đúng điều đã thấy. Ở đây ngày 2 không cho biết thêm gì (mọi kịch bản đều tạo ra được các sự kiện
của ngày đó), ngày 3 đưa 648 xuống 150 (7,2 bit), và chưa vai trò nào chắc chắn khi Nhân vật Chính thắng
nhờ sống sót qua vòng lặp (TL-LE2).
""",
        ),
        code("picture(measures_chart, days.history, truth=days.script, size=MEASURES_SIZE)", IGNORE),
        md(
            """
## The final-guess advisor

The role assignment most likely to be right, its probability, and each single answer's probability (rule
TL-FG3: every role must be right). When several assignments are exactly as likely, the title says how many:
the deduction cannot tell them apart, so a player picks one of them at random (the deducing agent does, with
its seed) rather than always the first, which the same script would beat every time.
""",
            """
## Cố vấn cho lượt Phán đoán Cuối cùng

Cách gán vai trò có khả năng đúng cao nhất, xác suất của nó, và xác suất đúng của từng câu trả lời (luật
TL-FG3: mọi vai trò đều phải đúng). Khi nhiều cách gán có xác suất đúng bằng nhau, tiêu đề cho biết có bao
nhiêu cách: phép suy luận không phân biệt được chúng, nên người chơi chọn ngẫu nhiên một cách (tác nhân suy
luận làm vậy, theo seed của nó) thay vì luôn chọn cách đầu tiên, điều mà cùng một kịch bản sẽ thắng mọi lần.
""",
        ),
        code(
            """
last = days.history[-1][1]
guess_table(last)
""",
            IGNORE,
        ),
        md(
            """
## Analyse a script

Before sharing a script, its writer wants to know how it plays. `python -m rulesengine looper analyse SCRIPT`
(docs/looper_engine.md) plays seeded games of agent pairs on it and reports three things: the Mastermind's
win rate for each pair, with a 95 % interval; per loop and day, how often each incident happened (TL-D7) and
which loss conditions ended the lost loops (TL-LE1); and, for a few games, the deduction above after each
day, so one sees when the roles become deducible. Here the tutorial script, 30 games for each pair of the
random and heuristic agents: the bar is the Mastermind's win rate, the error bar its 95 % interval, which
narrows with more games.
""",
            """
## Phân tích một kịch bản

Trước khi chia sẻ một kịch bản, người viết muốn biết nó được chơi ra sao. `python -m rulesengine looper
analyse SCRIPT` (docs/looper_engine.md) chơi các ván có hạt giống của từng cặp tác nhân trên kịch bản đó và
báo ba điều: tỉ lệ thắng của Mastermind với mỗi cặp, kèm khoảng tin cậy 95 %; theo từng vòng lặp và ngày,
mỗi Sự cố đã xảy ra bao nhiêu lần (TL-D7) và những điều kiện thua nào đã kết thúc các vòng lặp bị thua
(TL-LE1); và, với vài ván, phép suy luận ở trên sau mỗi ngày, để thấy khi nào các vai trò suy ra được. Ở
đây là kịch bản hướng dẫn, 30 ván cho mỗi cặp tác nhân ngẫu nhiên và heuristic: cột là tỉ lệ thắng của
Mastermind, thanh sai số là khoảng 95 % của nó, hẹp lại khi có nhiều ván hơn.
""",
        ),
        code(
            """
from rulesengine.looper.play.analyse import analyse
from rulesengine.looper.rules.script import SCRIPTS_DIR
from rulesengine.viz.looper.analyse import win_rates_chart

pairs = [("random", "random"), ("random", "heuristic"), ("heuristic", "random"), ("heuristic", "heuristic")]
analysis = analyse(SCRIPTS_DIR / "fs_01_tutorial.yaml", pairs, games=30, deduce_games=1)
picture(win_rates_chart, analysis, size=(7, 3.6))
""",
            IGNORE,
        ),
        md(
            """
## Step it yourself

Pick a script and a recorded game (each is a small version of the script with its own private sheet,
played by the same agents every time), press **Next day**: the heat map, the candidates falling, the
eliminations explained, the advisor's guess and what to try tomorrow (the options with the most expected
information, in bits).
""",
            """
## Tự bước từng ngày

Chọn một Kịch bản và một ván đã ghi (mỗi ván là một bản thu nhỏ của kịch bản với bảng kịch bản bí mật
riêng, lần nào cũng do cùng các tác nhân chơi), bấm **Ngày tiếp theo**: bản đồ nhiệt, số kịch bản giảm
dần, lời giải thích cho từng lần loại, lời đoán của cố vấn và điều nên thử ngày mai (các lựa chọn cho
nhiều thông tin kỳ vọng nhất, tính bằng bit).
""",
        ),
        code(
            """
from rulesengine.viz.looper.deduction import DeductionWidget

app = DeductionWidget()
app.widget
""",
            IGNORE,
        ),
    ]


NOTEBOOKS = {"05": ("05_looper_deduction.ipynb", notebook_05)}
