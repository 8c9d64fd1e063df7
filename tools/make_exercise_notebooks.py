"""Generate the exercise notebooks, both editions: ``14_grove_exercises`` (In a Grove) here; the Tragedy
Looper one (07) has its own function beside it.

Usage: ``.venv/bin/python tools/make_exercise_notebooks.py`` (both editions, through
``tools/make_notebooks.py``). The widget is :class:`rulesengine.viz.exercises.ExerciseWidget`; the cells
only call the package (no game logic in a cell).
"""

from __future__ import annotations

import sys

from nbtools import CHECK, IGNORE, Cell, code, md, title

SETUP_07 = """
import random

from rulesengine import i18n
from rulesengine.viz.common import LanguageSwitch, use_style

random.seed(2026)
use_style()
i18n.set_language("en")
"""


def notebook_07() -> list[Cell]:
    """Notebook 07: predict what the Tragedy Looper rules decide, then see the engine's answer and why."""
    return [
        title(
            """
# Tragedy Looper 7 — exercises / Bài tập

Reading the rules and watching the day stepper is half of learning them; you know the rules when you can
**predict** what happens. Here the engine makes the questions: each one is a position of a real game (a
shipped script played by seeded agents, the day's cards placed at random among the legal ones), and the
answer is what the engine does next from it. You answer, the engine marks, and the explanation names
the rules that decided (`TL-…`, see [docs/looper_rules.md](../docs/looper_rules.md)). The questions use
the Mastermind's knowledge: roles and culprits are shown.

| kind | what you predict | rules |
|---|---|---|
| the board after the cards | where characters end up, how many tokens, how many cards stay in a hand | TL-D4, TL-D4a, TL-D4c |
| does the incident happen | happens, happens with no effect, or not (and why) | TL-D7a–TL-D7f |
| is the loop lost | not lost, or the loss condition that holds | TL-LE1, TL-LE2, TL-LE2a, TL-LE2b |
| may it be refused | must be resolved, may be refused, must be refused | TL-D6c, TL-D6d |
| is this placement legal | legal, or the rule that forbids it | TL-D2, TL-D2a, TL-D3a–TL-D3c, TL-D4c |

Difficulty 1 is one rule acting alone; 2 is two rules that interact; 3 is three or more.
""",
            """
# Tragedy Looper 7 — Bài tập / exercises

Đọc luật và xem từng bước trong ngày mới là một nửa việc học; bạn nắm luật khi có thể **đoán trước** điều
sẽ xảy ra. Ở đây bộ máy ra câu hỏi: mỗi câu là một tình huống của một ván chơi thật (một Kịch bản có sẵn do
máy chơi với hạt giống ngẫu nhiên cố định, các Thẻ Hành động trong ngày được đặt ngẫu nhiên trong số các
cách hợp lệ), và
đáp án là điều bộ máy làm tiếp theo từ tình huống đó. Bạn trả lời, bộ máy chấm, và lời giải thích nêu các
luật đã quyết định (`TL-…`, xem [docs/looper_rules.md](../../docs/looper_rules.md)). Câu hỏi dùng hiểu biết
của Mastermind: vai trò và thủ phạm được cho biết.

| loại | điều bạn đoán | luật |
|---|---|---|
| bàn chơi sau khi giải quyết thẻ | Nhân vật ở đâu, có bao nhiêu token, trên tay còn bao nhiêu thẻ | TL-D4, TL-D4a, TL-D4c |
| Sự cố có xảy ra không | xảy ra, xảy ra nhưng không có hiệu ứng, hay không xảy ra (và vì sao) | TL-D7a–TL-D7f |
| vòng lặp có thua không | không thua, hay điều kiện thua nào thỏa | TL-LE1, TL-LE2, TL-LE2a, TL-LE2b |
| có thể từ chối không | phải giải quyết, có thể từ chối, bắt buộc từ chối | TL-D6c, TL-D6d |
| đặt thẻ như vậy có hợp lệ không | hợp lệ, hay luật nào cấm | TL-D2, TL-D2a, TL-D3a–TL-D3c, TL-D4c |

Độ khó 1 là một luật tác động riêng; 2 là hai luật tác động lẫn nhau; 3 là ba luật trở lên.
""",
        ),
        code(SETUP_07),
        code("LanguageSwitch()", IGNORE),
        md(
            """
## One exercise: the board after the cards (TL-D4)

The Mastermind has placed three cards and each protagonist one; all six are turned face up together and
resolved in the order of TL-D4: Forbid Movement, movement, the other Forbid cards, then the rest. The
same seed always gives the same exercise.
""",
            """
## Một bài tập: bàn chơi sau khi giải quyết thẻ (TL-D4)

Mastermind đã đặt ba thẻ và mỗi Nhân vật Chính một thẻ; cả sáu thẻ được lật lên cùng lúc và giải quyết
theo thứ tự của TL-D4: Thẻ Cấm Di chuyển, Thẻ Di chuyển, các Thẻ Cấm khác, rồi các thẻ còn lại. Cùng một
hạt giống luôn cho cùng một bài tập.
""",
        ),
        code(
            """
from rulesengine.exercises import generate
from rulesengine.viz.looper.exercises import Answered, draw_exercise

exercise = generate("looper", "board_after_cards", seed=3, difficulty=3)
Answered(exercise)
""",
            CHECK,
        ),
        code(
            """
draw_exercise(exercise)
""",
            IGNORE,
        ),
        md(
            """
The engine's answer and why, with the rule ids that decided (a wrong answer gets the same explanation).
""",
            """
Đáp án của bộ máy và lý do, kèm mã các luật đã quyết định (câu trả lời sai cũng nhận cùng lời giải thích).
""",
        ),
        code(
            """
Answered(exercise, exercise.solution, question=False)
""",
            CHECK,
        ),
        code("draw_exercise(exercise, solved=True)", IGNORE),
        md(
            """
An answer in the wrong shape is refused with a sentence that says what was expected, never a traceback.
""",
            """
Câu trả lời sai dạng bị từ chối bằng một câu nói rõ cần nhập gì, không bao giờ là một traceback.
""",
        ),
        code(
            """
Answered(exercise, "everyone stays home", question=False)
""",
            CHECK,
        ),
        md(
            """
## Does today's incident happen? (TL-D7)

An incident happens only if its culprit is alive (TL-D7a) and its paranoia has reached its limit
(TL-D7b). Even then an extra condition (TL-D7e) or the lack of a target (TL-D7d) can leave it with no
effect: it still counts as having happened, and the Police Officer can still reveal its culprit (TL-D7f).
Below, the guess *it happens, with its effect* is marked.
""",
            """
## Sự cố hôm nay có xảy ra không? (TL-D7)

Sự cố chỉ xảy ra nếu Thủ phạm còn sống (TL-D7a) và số Bất an đã đạt Giới hạn Unease (TL-D7b). Ngay cả khi
đó, một điều kiện bổ sung (TL-D7e) hoặc việc không có mục tiêu (TL-D7d) có thể khiến Sự cố không có hiệu
ứng: nó vẫn được tính là đã xảy ra, và Cảnh sát vẫn có thể tiết lộ Thủ phạm của nó (TL-D7f).
Dưới đây, câu trả lời *Sự cố xảy ra, có hiệu ứng* được chấm.
""",
        ),
        code(
            """
incident = generate("looper", "incident", seed=4, difficulty=3)
Answered(incident, "happens")
""",
            CHECK,
        ),
        md(
            """
## Is the loop lost? May it be refused? Is it legal?

The three other kinds in one line each: the question, then the engine's answer and the rules it cites.
""",
            """
## Vòng lặp có thua không? Có thể từ chối không? Có hợp lệ không?

Ba loại bài tập còn lại, mỗi loại một dòng: câu hỏi, rồi đáp án của bộ máy và các luật được nêu.
""",
        ),
        code(
            """
from rulesengine.exercises import kind
from rulesengine.messages import message
from rulesengine.viz.common import Table, words

others = [generate("looper", name, seed=4, difficulty=2)
          for name in ("loop_lost", "goodwill_refusal", "placement_legal")]
Table([[message(kind("looper", ex.kind).title), ex.show_solution(), ", ".join(ex.rules)] for ex in others],
      [words("exercise.label.exercise"), words("exercise.label.engine_answer"), words("exercise.label.rules")])
""",
            CHECK,
        ),
        md(
            """
## Your turn

Pick a kind and a difficulty, press **New exercise**, answer, then **Check my answer**: right or wrong, the
engine's answer, the explanation with the rule ids, and the picture solved. **Show me the step** opens
the position in the day stepper of notebook 02 (Mastermind's view): press **Next step** there to watch the
engine play the step the question was about. The score counts this session's answers.
""",
            """
## Đến lượt bạn

Chọn loại bài tập và độ khó, bấm **Bài tập mới**, trả lời, rồi bấm **Chấm câu trả lời**: đúng hay sai, đáp án của
bộ máy, lời giải thích kèm mã luật, và hình đã giải. **Xem bước này** mở tình huống trong công cụ chạy từng
bước của sổ tay 02 (góc nhìn của Mastermind): bấm **Bước tiếp theo** ở đó để xem bộ máy chơi đúng bước mà
câu hỏi nói tới. Điểm số đếm các câu trả lời trong phiên này.
""",
        ),
        code(
            """
from rulesengine.viz.exercises import ExerciseWidget

app = ExerciseWidget("looper", "board_after_cards", difficulty=1, seed=1)
app.widget
""",
            IGNORE,
        ),
    ]


def notebook_14() -> list[Cell]:
    """In a Grove exercises: predict what the rules decide, then see why (issue 15)."""
    return [
        title("""
# In a Grove 5 — exercises: predict, then see why / Bài tập

Reading a rule is half of learning it; the other half is predicting what it decides. Here the engine
deals and plays seeded games with its own strategies, stops at a moment, and asks one question about it:
who is the **culprit** (GR-R1..GR-R3), how likely a **suspect** is guilty after your looks (GR-I1, GR-I2,
GR-2P1, GR-2P3, GR-P2, GR-P4), who takes which **chips** at the **reveal** (GR-V1..GR-V3, GR-P6), and who
leads the next round or loses the game (GR-V4, GR-E1, GR-E2). Your answer is marked exactly, and the
explanation cites the rules that decided it.
""", """
# In a Grove 5 — Bài tập: đoán trước, rồi xem vì sao / exercises

Đọc luật mới là một nửa việc học; nửa kia là đoán được luật sẽ quyết định điều gì. Ở đây bộ máy chia
Hình nộm và chơi những ván có seed bằng chính các chiến lược của nó, dừng lại ở một thời điểm và hỏi một
câu về thời điểm đó: ai là **Hung thủ** (GR-R1..GR-R3), sau những gì bạn đã xem thì một **Nghi phạm**
là Hung thủ với xác suất bao nhiêu (GR-I1, GR-I2, GR-2P1, GR-2P3, GR-P2, GR-P4), ai nhận **chip** nào khi
**Công Bố** (GR-V1..GR-V3, GR-P6), và ai đi đầu vòng tiếp theo hay ai thua cuộc (GR-V4, GR-E1, GR-E2).
Câu trả lời của bạn được chấm chính xác, và lời giải thích dẫn các luật đã quyết định nó.
"""),
        code("""
import random

from rulesengine import i18n
from rulesengine.exercises import generate, kinds
from rulesengine.messages import message
from rulesengine.viz.common import show, use_style
from rulesengine.viz.exercises import ExerciseWidget

random.seed(2026)
use_style()
i18n.set_language("en")
"""),
        md("""
## 1. Practise

Pick a kind and a difficulty (how many rules interact), read the question and the picture of the table,
answer, and press *Check my answer*. Right or wrong, you see the engine's answer, the explanation with
the rule ids, and the picture with the answer on it — the suspects face up, each suspect's exact odds,
the chips boxed or taken, the next leader or the ranking. *New exercise* deals the next one; the score
counts this session. A probability is right within 2 percentage points (write `2/3`, `0.67` or `67%`);
the explanation then gives the exact fraction.
""", """
## 1. Luyện tập

Chọn một dạng bài và một độ khó (số luật tác động cùng lúc), đọc câu hỏi và hình bàn chơi, trả lời, rồi
bấm *Kiểm tra*. Dù đúng hay sai, bạn đều thấy đáp án của bộ máy, lời giải thích kèm mã luật, và hình có
đáp án — các Nghi phạm lật ngửa, xác suất chính xác của từng Nghi phạm, các chip bỏ lại vào hộp hay bị
nhận, người đi đầu tiếp theo hay bảng xếp hạng. *Bài tập mới* chia bài tiếp theo; điểm được tính trong
phiên này. Một xác suất được tính là đúng nếu lệch không quá 2 điểm phần trăm (viết `2/3`, `0.67` hoặc
`67%`); lời giải thích khi đó cho phân số chính xác.
"""),
        code("""
widget = ExerciseWidget("grove", kind="odds", difficulty=1, seed=1)
widget
""", IGNORE),
        md("""
## 2. The kinds and their rules

Every kind is reproducible from its seed: the same kind, seed and difficulty give the same exercise on
every machine. The situations are moments of games the engine played (`rulesengine.exercises.grove`),
never set up by hand.
""", """
## 2. Các dạng bài và luật của chúng

Mỗi dạng bài tái tạo được từ seed của nó: cùng dạng, cùng seed và cùng độ khó cho cùng một bài trên mọi
máy. Các tình huống là những thời điểm trong các ván do bộ máy chơi (`rulesengine.exercises.grove`),
không bao giờ dựng bằng tay.
"""),
        code("""
for k in kinds("grove"):
    show(f"{k.name}: {message(k.title)} — {', '.join(k.rules)}; difficulties {list(k.difficulties)}")
""", CHECK),
        md("""
## 3. A worked example: how likely is this suspect the culprit?

The seat knows two alibis (GR-I1, GR-I2) and looked at two suspects (GR-P4). The deal is uniform (GR-S3),
so every way to put the figures it has not seen at the unseen suspect is equally likely; counting in how
many of them each suspect is the culprit (GR-R1..GR-R3) gives the exact odds — the same numbers as the
Bayes table of notebook 11.
""", """
## 3. Ví dụ: Nghi phạm này là Hung thủ với xác suất bao nhiêu?

Chỗ ngồi biết hai Ngoại phạm (GR-I1, GR-I2) và đã xem hai Nghi phạm (GR-P4). Các Hình nộm được xáo đều
(GR-S3), nên mọi cách đặt những Hình nộm nó chưa thấy vào Nghi phạm chưa xem đều có khả năng như nhau;
đếm xem trong bao nhiêu cách mỗi Nghi phạm là Hung thủ (GR-R1..GR-R3) cho ra xác suất chính xác — cũng
chính là các con số của bảng Bayes trong sổ tay 11.
"""),
        code("""
example = generate("grove", "odds", seed=5, difficulty=2)
show(example.prompt())
marking = example.mark("1/2")
show(marking.verdict(), example.show_solution())
for line in marking.lines():
    show(line)
""", CHECK),
        md("""
## 4. Who takes which chips (GR-V2, GR-V3, GR-P6)

Chips under the culprit go back to the box (GR-V2); for each innocent suspect with chips under it, the
player whose chip is on **top** takes the whole stack as incompetent chips (GR-V3, GR-P6). An answer names
where each stack goes, as `suspect=where` pairs or with the lists in the widget; a stack answered wrongly
is named.
""", """
## 4. Ai nhận chip nào (GR-V2, GR-V3, GR-P6)

Các chip dưới Hung thủ được bỏ lại vào hộp (GR-V2); với mỗi Nghi phạm vô tội có chip bên dưới, người đặt
chip **trên cùng** phải lấy cả chồng làm chip Kém cỏi (GR-V3, GR-P6). Câu trả lời nói mỗi chồng đi đâu,
dưới dạng `nghi phạm=nơi đến` hoặc bằng các danh sách trong widget; chồng nào trả lời sai sẽ được chỉ ra.
"""),
        code("""
chips = generate("grove", "chips", seed=3, difficulty=3)
show(chips.prompt())
wrong = {suspect: "box" for suspect in chips.solution}
marking = chips.mark(wrong)
show(marking.verdict(), chips.show_solution(), "—", ", ".join(marking.wrong))
for line in marking.lines():
    show(line)
""", CHECK),
        md("""
## 5. A sheet for the class

A teacher prints ten exercises of one kind, the answers on a page of their own:

```sh
.venv/bin/python -m rulesengine exercise grove --kind chips --sheet 10 --seed 1 --out sheet.html --lang vi
```

The sheet is one HTML file with its pictures inside; open it in a browser and print it
([docs/exercises.md](../docs/exercises.md)).
""", """
## 5. Một trang bài tập cho cả lớp

Người dạy in mười bài cùng một dạng, đáp án ở một trang riêng:

```sh
.venv/bin/python -m rulesengine exercise grove --kind chips --sheet 10 --seed 1 --out sheet.html --lang vi
```

Trang bài tập là một tệp HTML chứa sẵn các hình; mở nó trong trình duyệt rồi in
([docs/exercises.md](../../docs/exercises.md)).
"""),
    ]


#: Each notebook's file name and the function that builds its cells (read by tools/make_notebooks.py).
NOTEBOOKS = {
    "07": ("07_looper_exercises.ipynb", notebook_07),
    "14": ("14_grove_exercises.ipynb", notebook_14),
}


if __name__ == "__main__":  # both editions of these notebooks, through tools/make_notebooks.py
    import make_notebooks

    sys.exit(make_notebooks.main(sys.argv[1:] or sorted(NOTEBOOKS)))
