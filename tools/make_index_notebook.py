"""Write notebooks/00_index.ipynb and notebooks/vi/00_index.ipynb (then execute them to store outputs)."""

from __future__ import annotations

import sys

from nbtools import Cell, code, md, title


def notebook_00() -> list[Cell]:
    return [
        title(
            """
# rulesengine — index / Mục lục

**English** · [Tiếng Việt](vi/00_index.ipynb)

Interactive notebooks that teach two tabletop games rule by rule, and analyse them exactly.
Every rule has a stable id (`TL-…` for Tragedy Looper, `GR-…` for In a Grove); the rule pages are in
[`docs/`](../docs/index.md), and every notebook cell that teaches a rule cites its id.

Vietnamese terms from the rule sheets stand beside the English ones where a term is introduced, and the
**language switch** below changes the labels of the notebooks' controls (English / Tiếng Việt). Every
notebook also has a Vietnamese edition: [Mục lục tiếng Việt](vi/00_index.ipynb).
""",
            """
# rulesengine — Mục lục / index

[English](../00_index.ipynb) · **Tiếng Việt**

Các sổ tay tương tác dạy hai trò chơi bàn cờ theo từng luật, và phân tích chúng một cách chính xác.
Mỗi luật có một mã cố định (`TL-…` cho Tragedy Looper, `GR-…` cho In a Grove); các trang luật nằm trong
[`docs/`](../../docs/index.md) (tiếng Anh), và mỗi ô dạy một luật đều ghi mã của luật đó.

Các thuật ngữ theo đúng cách gọi trong bản luật tiếng Việt; **nút chuyển ngôn ngữ** bên dưới đổi nhãn của
các nút điều khiển (English / Tiếng Việt) bất cứ lúc nào. Mỗi sổ tay cũng có bản tiếng Anh:
[English index](../00_index.ipynb).
""",
        ),
        code(
            """
import random

import pandas as pd

from rulesengine import i18n
from rulesengine.viz.common import show, use_style

random.seed(2026)
use_style()
i18n.set_language("en")
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
| [07 — Looper: exercises](07_looper_exercises.ipynb) | Predict what the rules decide — the board after the cards, the incident, the loop's end, a refusal, a placement — then see the engine's answer and the rules that decided (TL-D2..TL-D7, TL-LE2). |
| [10 — In a Grove: the rules](10_grove_rules.ipynb) | Deal, investigation, accusations, reveal, penalties and ranking (GR-…), played from any seat. |
| [11 — In a Grove: culprit odds](11_grove_culprit_odds.ipynb) | Exact culprit odds for what you saw, the Bayes table behind them, and the analysis by player count. |
| [12 — In a Grove: reading the chips](12_grove_inference.ipynb) | How the odds move as chips are placed, under the best-odds, honest-with-bluffs and equilibrium models. |
| [13 — In a Grove: equilibrium play](13_grove_strategy.ipynb) | The OpenSpiel equilibrium as readable rules, when to bluff and when to follow, and tournaments with intervals. |
| [14 — In a Grove: exercises](14_grove_exercises.ipynb) | Predict, then see why: the culprit, the odds after your looks, who takes which chips, who leads next or loses — marked exactly, explained with the rule ids (GR-R1..R3, GR-V1..V4, GR-E1, GR-E2). |

Each notebook also runs as an app under Voilà: `make voila` serves them all (start at the index),
`make voila NB=notebooks/11_grove_culprit_odds.ipynb` one alone.
""",
            """
## Các sổ tay

| sổ tay | nội dung |
|---|---|
| [01 — Looper: Bàn chơi và các Thẻ Hành động](01_looper_board_and_cards.ipynb) | Bốn Địa điểm, các Nhân vật và token của họ, hai tay bài Thẻ Hành động, và nơi được phép đặt thẻ (TL-D2a, TL-D3a..c). |
| [02 — Looper: Trình tự một ngày (9 bước)](02_looper_day_in_nine_steps.ipynb) | Một ngày TL-D1..TL-D9 từng bước trên một Kịch bản có sẵn, với góc nhìn của Nhân vật Chính và của Mastermind. |
| [03 — Looper: Kết thúc Vòng lặp và Phán đoán Cuối cùng](03_looper_loop_end_and_final_guess.ipynb) | Ba cách một Vòng lặp kết thúc (TL-LE1), kiểm tra điều kiện thua (TL-LE2), Time Spiral và quay ngược thời gian (TL-TS, TL-RW), và Phán đoán Cuối cùng (TL-FG). |
| [04 — Looper: Chơi trọn một Kịch bản](04_looper_play_a_script.ipynb) | Chơi hết một Kịch bản có sẵn với Mastermind do máy điều khiển, kèm nhật ký, bàn chơi và bảng ghi chú. |
| [05 — Looper: Suy luận](05_looper_deduction.ipynb) | Vai trò, thủ phạm và cốt truyện nào vẫn còn có thể sau mỗi ngày: bản đồ nhiệt, số kịch bản giảm dần, lời giải thích cho từng lần loại, cố vấn cho lượt Đoán cuối và nước đi tiếp theo. |
| [07 — Looper: Bài tập](07_looper_exercises.ipynb) | Đoán trước điều luật quyết định — bàn chơi sau khi giải quyết thẻ, Sự cố, kết thúc vòng lặp, từ chối Goodwill, đặt thẻ — rồi xem đáp án của bộ máy và các luật đã quyết định (TL-D2..TL-D7, TL-LE2). |
| [10 — In a Grove: Luật chơi](10_grove_rules.ipynb) | Chia hình nộm, Điều tra, buộc tội, Công Bố, hình phạt và xếp hạng (GR-…), chơi từ bất kỳ chỗ ngồi nào. |
| [11 — In a Grove: Xác suất là Hung thủ](11_grove_culprit_odds.ipynb) | Xác suất chính xác để mỗi Nghi phạm là Hung thủ theo những gì bạn đã thấy, bảng Bayes phía sau, và phân tích theo số người chơi. |
| [12 — In a Grove: Đọc các chip](12_grove_inference.ipynb) | Xác suất thay đổi thế nào khi các chip được đặt xuống, theo mô hình "xác suất cao nhất", "trung thực có tháu cáy" và cân bằng. |
| [13 — In a Grove: Chơi theo cân bằng](13_grove_strategy.ipynb) | Chiến lược cân bằng của OpenSpiel thành các quy tắc dễ đọc, khi nào nên tháu cáy và khi nào nên theo, và các giải đấu với khoảng tin cậy. |
| [14 — In a Grove: Bài tập](14_grove_exercises.ipynb) | Đoán trước, rồi xem vì sao: ai là Hung thủ, xác suất sau những gì bạn đã xem, ai nhận chip nào, ai đi đầu tiếp theo hay ai thua — chấm chính xác, giải thích bằng mã luật (GR-R1..R3, GR-V1..V4, GR-E1, GR-E2). |

Mỗi sổ tay cũng chạy như một ứng dụng trong Voilà: `make voila` phục vụ tất cả (bắt đầu từ mục lục),
`make voila NB=notebooks/vi/11_grove_culprit_odds.ipynb` chỉ một sổ tay.
""",
        ),
        md(
            """
## The two rule sources' terms

The glossary is `data/glossary.csv`, read by `rulesengine.i18n`. The column `source` says whether the
Vietnamese term is the rule sheet's own (`seed`) or chosen for this project (`project`).
A term is introduced in the notebooks in the form below:
""",
            """
## Thuật ngữ của hai bộ luật

Bảng thuật ngữ là `data/glossary.csv`, do `rulesengine.i18n` đọc. Cột `source` cho biết thuật ngữ tiếng
Việt lấy đúng từ bản luật (`seed`) hay do dự án này chọn (`project`).
Trong các sổ tay, một thuật ngữ được giới thiệu theo dạng sau:
""",
        ),
        code('show(i18n.both("crime_scene"))\nshow(i18n.both("final_guess"))', tag="nbval-check-output"),
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
""",
            """
## Tra cứu thuật ngữ và nút chuyển ngôn ngữ

Chọn một trò chơi, gõ để tìm, và đổi nhãn giữa English và Tiếng Việt.
Nút chuyển này giống nhau trong mọi sổ tay.
""",
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


if __name__ == "__main__":  # both editions of these notebooks, through tools/make_notebooks.py
    import make_notebooks

    sys.exit(make_notebooks.main(sys.argv[1:] or sorted(NOTEBOOKS)))
