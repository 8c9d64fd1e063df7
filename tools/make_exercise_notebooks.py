"""Generator of the exercise notebooks, both editions: 07 (Tragedy Looper exercises, issue 15).

    .venv/bin/python tools/make_notebooks.py 07

Each notebook has its own function; :data:`NOTEBOOKS` lists them for ``tools/make_notebooks.py``.
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
        code(SETUP),
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
from rulesengine.viz.looper_exercises import Answered, draw_exercise

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
from rulesengine.viz.common import Table

others = [generate("looper", name, seed=4, difficulty=2)
          for name in ("loop_lost", "goodwill_refusal", "placement_legal")]
Table([[message(kind("looper", ex.kind).title), ex.show_solution(), ", ".join(ex.rules)] for ex in others],
      [("Exercise", "Bài tập"), ("The engine's answer", "Đáp án của bộ máy"), ("Rules", "Luật")])
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


NOTEBOOKS = {"07": ("07_looper_exercises.ipynb", notebook_07)}
