"""Write the Tragedy Looper notebooks 01-04, English and Vietnamese (then execute them to store outputs).

Usage::

    .venv/bin/python tools/make_looper_notebooks.py [01 02 03 04]
    .venv/bin/python tools/make_notebooks.py --execute 01 02 03 04

Cells only call the package (``rulesengine.viz.looper_*``); no game logic is written in a cell.
"""

from __future__ import annotations

import sys

import nbformat
from nbtools import CHECK, IGNORE, Cell, code, md, title

SETUP = """
import random

from IPython.display import display

from rulesengine import i18n
from rulesengine.viz.common import SECRET_MARK, LanguageSwitch, Table, show, text_table, use_style

random.seed(2026)
use_style()
i18n.set_language("en")
"""


def notebook_01() -> list[Cell]:
    return [
        title("""
# Tragedy Looper 1 — the board and the cards / Bàn chơi và các Thẻ Hành động

The Mastermind (*Mastermind*) knows a secret **script** (*Kịch bản*); the three **Protagonists**
(*Nhân vật Chính*) try to stop its tragedies over a few **loops** (*Vòng lặp*) of a few **days** (*Ngày*).
This notebook shows what lies on the table: the four **locations** (*Địa điểm*), the **characters**
(*Nhân vật*) of a script with their tokens, the two hands of **action cards** (*Thẻ Hành động*), and where
each side may place its cards (rules TL-D2, TL-D2a, TL-D3, TL-D3a–c).

The rule pages with every id are in `docs/looper_rules.md`. Switch the labels of the controls between
English and Tiếng Việt with the switch below.
""", """# Tragedy Looper 1 — Bàn chơi và các Thẻ Hành động / the board and the cards

Mastermind biết một **Kịch bản** bí mật; ba **Nhân vật Chính** cố ngăn các bi kịch của nó qua vài
**Vòng lặp**, mỗi vòng lặp vài **Ngày**. Sổ tay này cho thấy những gì nằm trên bàn: bốn **Địa điểm**, các
**Nhân vật** của một Kịch bản cùng token của họ, hai tay bài **Thẻ Hành động**, và nơi mỗi bên được phép
đặt thẻ (luật TL-D2, TL-D2a, TL-D3, TL-D3a–c).

Các trang luật với mọi mã luật nằm trong `docs/looper_rules.md` (tiếng Anh). Nút chuyển bên dưới đổi nhãn
của các nút điều khiển giữa English và Tiếng Việt.
"""),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md("""
## The board: four locations on a 2 × 2 grid

```
Hospital (Bệnh viện) | Shrine (Đền thờ)
---------------------+-----------------
City (Thành phố)     | School (Trường học)
```

A **Movement** card (*Thẻ Di chuyển*) moves a character one step: horizontal ↔ flips the column,
vertical ↕ flips the row, diagonal ↗ (the Mastermind's only) flips both. Locations hold only
**intrigue** (*Intrigue*, âm mưu) tokens.
""", """## Bàn chơi: bốn Địa điểm trên lưới 2 × 2

```
Bệnh viện (Hospital)    | Đền thờ (Shrine)
------------------------+--------------------
Thành phố (City)        | Trường học (School)
```

Một **Thẻ Di chuyển** đưa một Nhân vật đi một bước: ngang ↔ đổi cột, dọc ↕ đổi hàng, chéo ↗ (chỉ
Mastermind có) đổi cả hai. Trên Địa điểm chỉ có token **Intrigue** (âm mưu).
"""),
        code(
            """
from rulesengine.looper.rules.board import DIRECTIONS, LOCATIONS, move

Table([[i18n.t(loc), *(i18n.t(move(loc, d)) for d in DIRECTIONS)] for loc in LOCATIONS], ["location", "↔", "↕", "↗"])
""",
            CHECK,
        ),
        md("""
## The characters of a shipped script

*The Last Bell* (`data/looper/scripts/fs_01_tutorial.yaml`) is a First Steps tutorial written for this
project: six characters, three days, three loops. Its **public sheet** is what the Protagonists know.
Each character starts at the location on its card; an incident's culprit acts when its **paranoia**
(*Bất an*, "unease") reaches its **paranoia limit** (*Giới hạn Unease*); some characters may never enter
some locations.
""", """## Các Nhân vật của một Kịch bản có sẵn

*The Last Bell* (`data/looper/scripts/fs_01_tutorial.yaml`) là một Kịch bản hướng dẫn First Steps viết cho
dự án này: sáu Nhân vật, ba ngày, ba vòng lặp. **Tờ công khai** của nó là những gì Nhân vật Chính biết. Mỗi
Nhân vật bắt đầu ở Địa điểm ghi trên thẻ của mình; Thủ phạm của một Sự cố hành động khi số token **Bất an**
(Unease) của nó đạt **Giới hạn Unease**; một số Nhân vật không bao giờ được vào một số Địa điểm.
"""),
        code(
            """
from rulesengine.viz.looper.cards import cast_table, hands_table, new_game, table_view
from rulesengine.viz.looper.text import incident_name

game = new_game("fs_01_tutorial")
sheet = game.script.public_sheet()
incidents = "; ".join(f"{day}: {incident_name(name)}" for day, name in sheet["incidents"].items())
display(Table([[sheet["title"], sheet["loops"], sheet["days"], incidents]], ["script", "loop", "day", "incident"]))
cast_table(game)
""",
            CHECK,
        ),
        md("""
## The character gallery

Every character the engine knows: the **18 base characters** of First Steps and Basic Tragedy X, then
the **twelve of the wider cast** — characters of later boxes and promo cards that published First Steps
and Basic Tragedy X scripts cast (Teacher, Transfer Student, Soldier, Black Cat, Scientist, Forensic
Specialist, A.I., Illusion, Young Girl, Sacred Tree, Sect Founder, Copycat). The tags *animal*,
*construct* and *tree* have no gender: a rule asking for a boy, a girl or a student never picks them.
A goodwill ability shows its cost (★ once per loop); a passive rule (•) is not a goodwill ability. Where
a card is unclear the engine offers a ruling option (`docs/looper_content.md`).
""", """## Bộ sưu tập Nhân vật

Mọi Nhân vật mà engine biết: **18 Nhân vật cơ bản** của First Steps và Basic Tragedy X, rồi **mười hai
Nhân vật mở rộng** — các Nhân vật của những hộp sau và thẻ khuyến mãi mà các Kịch bản First Steps và Basic
Tragedy X đã xuất bản có dùng (Cô giáo, Học sinh chuyển trường, Người lính, Mèo đen, Nhà khoa học, Chuyên
viên pháp y, Trí tuệ nhân tạo, Ảo ảnh, Bé gái, Cây thiêng, Giáo chủ, Kẻ bắt chước). Các đặc điểm *Động
vật*, *Nhân tạo* và *Cây* không có giới tính: một luật đòi một Con trai, một Con gái hay một Học sinh không
bao giờ chọn chúng. Một Năng lực Goodwill ghi chi phí (★ chỉ dùng một lần mỗi vòng lặp); một hiệu ứng bị
động (•) không phải là Năng lực Goodwill. Khi thẻ chưa rõ, engine có một tùy chọn phán quyết
(`docs/looper_content.md`, tiếng Anh).
"""),
        code(
            """
from rulesengine.viz.looper.cards import character_gallery

character_gallery()
""",
            CHECK,
        ),
        md("""
## The board picture

Each character is a token with its counters: red dots are **paranoia** against its limit (a red frame
when it has reached it), the green badge is **goodwill** (*Goodwill*, thiện cảm), the purple one
**intrigue**, a blue one the Police Officer's **guards** (*Hộ vệ*). A dead character (a corpse) is
greyed out and keeps its counters. Under the board are the four hands; a card marked `1×` is
**once per loop** (*chỉ dùng một lần mỗi vòng lặp*).

The Protagonists' view shows what they know: no secret roles. The Mastermind's view adds each
character's **secret role** (*Vai trò Bí mật*) and the days on which it is an incident's **culprit**
(*Thủ phạm*).
""", """## Hình bàn chơi

Mỗi Nhân vật là một token kèm các bộ đếm: chấm đỏ là **Bất an** so với giới hạn (khung đỏ khi đã đạt
giới hạn), huy hiệu xanh lá là **Goodwill** (thiện cảm), tím là **Intrigue**, xanh dương là **Hộ vệ** của
Cảnh sát. Một Nhân vật đã chết (một thi thể) được tô xám và giữ nguyên các bộ đếm. Dưới bàn chơi là bốn
tay bài; thẻ đánh dấu `1×` là thẻ **chỉ dùng một lần mỗi vòng lặp**.

Góc nhìn của Nhân vật Chính cho thấy những gì họ biết: không có Vai trò Bí mật. Góc nhìn của Mastermind
thêm **Vai trò Bí mật** của từng Nhân vật và những ngày nó là **Thủ phạm** của một Sự cố.
"""),
        code(
            """
from rulesengine.viz.looper.board import picture_from_game

table_view(picture_from_game(game, "protagonists")).widget
""",
            IGNORE,
        ),
        code('table_view(picture_from_game(game, "mastermind")).widget', IGNORE),
        md("""
## The two hands of action cards

The Mastermind holds ten cards, each Protagonist eight. After the day's cards are resolved they go
back to their owners' hands, except the cards marked once per loop: those are laid face up in front of
their owner and cannot be played again this loop (TL-D4c) — even when a Forbid card cancelled them.
""", """## Hai tay bài Thẻ Hành động

Mastermind cầm mười thẻ, mỗi Nhân vật Chính tám thẻ. *Sau khi tất cả thẻ đã được giải quyết xong, các thẻ
được trả về tay chủ sở hữu. Ngoại lệ: những thẻ có biểu tượng "chỉ dùng một lần mỗi vòng lặp" sẽ được đặt
ngửa trước mặt chủ sở hữu, để mọi người biết rằng chúng không thể được sử dụng lại trong vòng lặp này*
(TL-D4c) — kể cả khi một Thẻ Cấm đã hủy chúng.
"""),
        code("hands_table()", CHECK),
        md("""
## Where cards may go (TL-D2, TL-D3)

Every day each side places cards **face down** (*úp xuống*) on a location or on a living character:

* **TL-D2** the Mastermind places 3 cards; **TL-D2a** never two of its cards on the same location or
  character.
* **TL-D3** then each Protagonist places 1 card, the Leader first and then clockwise;
  **TL-D3a** exactly one card each (the engine passes the turn on after one card);
  **TL-D3b** a Protagonist *may* put a card where the Mastermind has one;
  **TL-D3c** but not where another Protagonist already has one.
* A corpse is not a target, and a once-per-loop card already spent this loop is not in the hand (TL-D4c).

Try it: for whoever must place now, pick a **card**, then a **target** — or let the agent choose. The
card list holds only the cards still in that hand, and the target list only the targets the rules allow
for it; under them, *Not offered here, and why* lists each card and target left out with the engine's
own refusal and its rule id (TL-D2a, TL-D3c, TL-D4c). When all six cards lie, the placing controls
switch off and **Turn the cards over** resolves them (TL-D4): the yellow numbers are the order,
1 Forbid Movement, 2 Movement, 3 the other Forbids, 4 the rest; a crossed card was cancelled.
**Back one placement** takes the last card (or the turn-over) back; **Reset** takes every card back.
""", """## Thẻ được đặt ở đâu (TL-D2, TL-D3)

Mỗi ngày, mỗi bên đặt thẻ **úp xuống** lên một Địa điểm hoặc một Nhân vật còn sống:

* **TL-D2** *Mastermind chọn 3 thẻ từ tay bài của mình và đặt úp xuống lên bất kỳ Địa điểm hoặc Nhân vật
  nào họ chọn*; **TL-D2a** *Mastermind không được đặt hơn 1 thẻ lên cùng một Địa điểm hoặc Nhân vật.*
* **TL-D3** *Bắt đầu từ Leader và tiếp tục theo chiều kim đồng hồ, mỗi Nhân vật Chính chọn 1 thẻ từ tay bài
  của mình và đặt úp xuống*; **TL-D3a** *mỗi Nhân vật Chính chỉ được đặt 1 thẻ* (bộ máy chuyển lượt sau
  một thẻ); **TL-D3b** *Nhân vật Chính có thể đặt thẻ lên Địa điểm hoặc Nhân vật mà Mastermind đã đặt thẻ*;
  **TL-D3c** *nhưng không được đặt thẻ lên Địa điểm hoặc Nhân vật mà một Nhân vật Chính khác đã đặt thẻ.*
* Một thi thể không phải là mục tiêu, và một thẻ chỉ dùng một lần mỗi vòng lặp đã dùng trong vòng lặp này
  thì không còn trên tay (TL-D4c).

Hãy thử: cho người đang phải đặt, chọn một **thẻ**, rồi một **mục tiêu** — hoặc để máy chọn. Danh sách thẻ
chỉ có những thẻ còn trên tay người đó, và danh sách mục tiêu chỉ có những mục tiêu luật cho phép với thẻ đó;
bên dưới, *Không có trong danh sách, và lý do* liệt kê từng thẻ và mục tiêu bị loại cùng lời từ chối của bộ
máy và mã luật (TL-D2a, TL-D3c, TL-D4c). Khi đủ sáu thẻ, các nút đặt thẻ tắt đi và **Lật ngửa các thẻ** giải
quyết chúng (TL-D4): các số vàng là thứ tự, 1 Thẻ Cấm Di chuyển, 2 Thẻ Di chuyển, 3 các Thẻ Cấm khác, 4 các
thẻ còn lại; thẻ bị gạch chéo là thẻ đã bị hủy. **Lùi lại một lần đặt** lấy lại thẻ vừa đặt (hoặc việc lật
thẻ); **Bắt đầu lại** lấy lại mọi thẻ.
"""),
        code(
            """
from rulesengine.viz.looper.board import card_name, character_name, owner_label
from rulesengine.viz.looper.cards import PlacementWidget

placement = PlacementWidget("fs_01_tutorial", view="mastermind")
placement.widget
""",
            IGNORE,
        ),
        md("""
## The same rules, checked

The cell below drives a second copy of the widget from code and prints what the engine answered. From
code any card can be tried, so the refusals the widget lists appear here as answers. The Mastermind puts
Paranoia +1 on the Boy Student, then tries a second card on him:
""", """## Cùng các luật đó, được kiểm tra

Ô bên dưới điều khiển một bản sao thứ hai của nút điều khiển bằng mã và in ra câu trả lời của bộ máy. Từ
mã có thể thử bất kỳ thẻ nào, nên các lời từ chối mà nút điều khiển liệt kê hiện ra ở đây như câu trả lời.
Mastermind đặt Bất an +1 lên Nam sinh, rồi thử đặt thẻ thứ hai lên cậu:
"""),
        code(
            """
demo = PlacementWidget("fs_01_tutorial", draw=False)
show(demo.place("paranoia_plus_1", "boy_student"), demo.message.last_error)
show(demo.place("intrigue_plus_1", "boy_student"), demo.message.last_error)
show(demo.place("intrigue_plus_2", "city"), demo.place("move_vertical", "girl_student"))
show(i18n.t("player") + ":", owner_label(demo.owner))
""",
            CHECK,
        ),
        md("""
Protagonist A joins the Mastermind's card on the Boy Student (allowed, TL-D3b); Protagonist B tries the
same target (refused, TL-D3c) and goes to the City instead, where the Mastermind's Intrigue +2 lies.
Protagonist C forbids the Girl Student's movement.
""", """Nhân vật Chính A đặt cùng chỗ với thẻ của Mastermind trên Nam sinh (được phép, TL-D3b); Nhân vật Chính B
thử cùng mục tiêu đó (bị từ chối, TL-D3c) nên đặt vào Thành phố, nơi có thẻ Intrigue +2 của Mastermind.
Nhân vật Chính C cấm Nữ sinh di chuyển.
"""),
        code(
            """
show(demo.place("paranoia_minus_1", "boy_student"), demo.message.last_error)
show(demo.place("goodwill_plus_1", "boy_student"), demo.message.last_error)
show(demo.place("forbid_intrigue", "city"), demo.place("forbid_movement", "girl_student"))
show(i18n.t("player") + ":", demo.owner or "—")
""",
            CHECK,
        ),
        md(
            """
Turn the cards over (TL-D4) and read the board. The Girl Student is still at the School: Forbid Movement
resolves first. The Boy Student's paranoia is back to 0 (+1 and −1). The City has no intrigue: Forbid
Intrigue cancelled Intrigue +2. Yet Intrigue +2 is spent for this loop (TL-D4c: spent although
cancelled), like the Protagonists' once-per-loop cards:
""",
            """
Lật ngửa các thẻ (TL-D4) và đọc bàn chơi. Nữ sinh vẫn ở Trường học: Thẻ Cấm Di chuyển được giải quyết
trước. Bất an của Nam sinh trở về 0 (+1 và −1). Thành phố không có Intrigue: Cấm Intrigue đã hủy Intrigue
+2. Vậy mà Intrigue +2 vẫn đã dùng trong vòng lặp này (TL-D4c: đã dùng dù bị hủy), giống các thẻ chỉ dùng
một lần mỗi vòng lặp của Nhân vật Chính:
""",
        ),
        code(
            """
demo.reveal()
board = {c["id"]: c for c in demo.game.board()["characters"]}
spent = {owner_label(o): ", ".join(map(card_name, cards)) for o, cards in demo.game.spent.items() if cards}
Table(
    [
        [character_name("girl_student"), i18n.t("location"), i18n.t(board["girl_student"]["location"])],
        [character_name("boy_student"), i18n.t("paranoia"), board["boy_student"]["paranoia"]],
        [i18n.t("city"), i18n.t("intrigue"), demo.game.board()["locations"]["city"]],
        *[[owner, i18n.t("spent"), cards] for owner, cards in spent.items()],
    ],
    ["", "", ""],
)
""",
            CHECK,
        ),
        code(
            'table_view(picture_from_game(demo.game, "protagonists", show_resolved=True, highlight=0)).widget',
            IGNORE,
        ),
        md("""
Next: [02 — a day in nine steps](02_looper_day_in_nine_steps.ipynb), where these cards are only steps
2–4 of the day.
""", """Tiếp theo: [02 — Trình tự một ngày (9 bước)](02_looper_day_in_nine_steps.ipynb), nơi các thẻ này chỉ là bước 2–4 của một ngày.
"""),
    ]


TOUR = """
from rulesengine.viz.looper.board import picture_from_game
from rulesengine.viz.looper.cards import table_view
from rulesengine.viz.looper.day import demo, plan, plan_agents

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
loop, day, leader = tour.game.loop, tour.game.day, "ABC"[tour.game.leader]
show(f"{i18n.t('loop')} {loop} · {i18n.t('day')} {day} · {i18n.t('leader')}: {leader}")
show(tour.board_line())
"""


#: The Vietnamese explanation of each step of the day (notebook 02), the rule sheet's words in italics.
STEPS_VI = {
"TL-D1": """
*Một số Kịch bản hoặc Vai trò Bí mật có hiệu ứng được kích hoạt tại Thời điểm Bắt đầu Ngày. Các hiệu ứng
này được xử lý ngay tại bước này.* First Steps và Basic Tragedy X không có gì hẹn vào lúc này, nên bước này
chỉ mở đầu ngày.""",
"TL-D2": """
*Mastermind chọn 3 thẻ từ tay bài của mình và đặt úp xuống lên bất kỳ Địa điểm hoặc Nhân vật nào họ chọn.
Mastermind không được đặt hơn 1 thẻ lên cùng một Địa điểm hoặc Nhân vật* (TL-D2a). Nhân vật Chính chỉ thấy
các thẻ nằm *ở đâu*; Mastermind biết đó là thẻ gì.""",
"TL-D3": """
*Bắt đầu từ Leader và tiếp tục theo chiều kim đồng hồ*; *mỗi Nhân vật Chính chỉ được đặt 1 thẻ* (TL-D3a),
*có thể đặt thẻ lên Địa điểm hoặc Nhân vật mà Mastermind đã đặt thẻ* (TL-D3b), *không được đặt thẻ lên Địa
điểm hoặc Nhân vật mà một Nhân vật Chính khác đã đặt thẻ* (TL-D3c). Hôm nay Nhân vật Chính B làm Leader.""",
"TL-D4": """
*Mastermind lật tất cả 6 Thẻ Hành động úp xuống cùng lúc, sau đó giải quyết chúng theo thứ tự*: (1) Thẻ Cấm
Di chuyển, (2) Thẻ Di chuyển, (3) Các Thẻ Cấm khác, (4) Tất cả Thẻ Hành động còn lại (TL-D4). *Các Thẻ
"Forbid" sẽ hủy hiệu ứng của các Thẻ Hành động cùng loại nếu chúng được đặt lên cùng Nhân vật hoặc Địa điểm*
(TL-D4a), nhưng *không ảnh hưởng đến Năng lực Goodwill của Nhân vật, các năng lực được cấp bởi Vai trò Bí
mật, Plot, hoặc Sự cố* (TL-D4b). Sau đó các thẻ về tay chủ, thẻ chỉ dùng một lần mỗi vòng lặp đặt ngửa trước
mặt chủ (TL-D4c). Dưới đây, Cấm Goodwill hủy Goodwill +1 trên Bác sĩ và Cấm Intrigue hủy Intrigue +2 trên
Trường học.""",
"TL-D5": """
*Mastermind có thể sử dụng các năng lực từ Vai trò Bí mật hoặc Plot có thời điểm kích hoạt là [Mastermind
Ability].* *Một số năng lực là Bắt buộc → nếu thỏa điều kiện, bắt buộc phải áp dụng* (TL-D5b); *nếu nhiều
năng lực xảy ra cùng lúc và có xung đột, tất cả năng lực Bắt buộc được xử lý trước năng lực Tùy chọn*
(TL-D5c); *Mastermind tự do chọn thứ tự* các năng lực Tùy chọn (TL-D5d). Các năng lực kích hoạt tại [Day End]
hoặc [Loop End] chờ đến thời điểm của chúng (TL-D5e). *Mastermind chỉ công bố kết quả cuối cùng* (TL-D5a):
Nhân vật Chính thấy Intrigue xuất hiện ở Thành phố, Mastermind biết Kẻ chủ mưu đã đặt nó.""",
"TL-D6": """
*Để sử dụng một Năng lực Goodwill, Nhân vật đó phải có đủ token Goodwill* (TL-D6a). *Leader công bố rõ ràng
năng lực muốn sử dụng và mục tiêu của nó* (TL-D6b); Mastermind giải quyết, hoặc từ chối khi vai trò của Nhân
vật có Từ chối Goodwill (TL-D6c). *Goodwill Refusal chỉ ảnh hưởng đến Nhân vật sở hữu Vai trò Bí mật đó; các
Nhân vật khác vẫn có thể sử dụng năng lực Goodwill nhắm vào Nhân vật bị hạn chế* (TL-D6d). *Leader có thể
sử dụng nhiều năng lực*, *mỗi năng lực chỉ dùng 1 lần mỗi ngày*, năng lực *chỉ dùng 1 lần mỗi vòng lặp* thì
một lần mỗi vòng lặp (TL-D6e). *Việc sử dụng (hoặc bị từ chối) Năng lực Goodwill không làm mất token
Goodwill* (TL-D6f). Nữ sinh (Nhân vật Then chốt, không có từ chối) làm Nam sinh bình tĩnh lại.""",
"TL-D7": """
Sự cố của hôm nay (Bất an lan rộng) chỉ xảy ra nếu *Thủ phạm của Sự cố vẫn còn sống* (TL-D7a) và *có số
token Unease bằng hoặc lớn hơn Giới hạn Unease* (TL-D7b). Mastermind tuyên bố Sự cố xảy ra và đưa ra các
lựa chọn (TL-D7d) *mà không tiết lộ ai là thủ phạm* (TL-D7c). *Năng lực Goodwill đầu tiên của Police Officer*
(Cảnh sát) về sau có thể tiết lộ Thủ phạm của một Sự cố đã xảy ra, kể cả Sự cố không có hiệu ứng (TL-D7f).""",
"TL-D8": """
*Thẻ Leader được chuyển cho Nhân vật Chính tiếp theo theo thứ tự lượt chơi.*""",
"TL-D9": """
*Một số luật Kịch bản hoặc Năng lực Vai trò Bí mật sẽ kích hoạt tại [Day End]* (Sát thủ có thể ra tay lúc
này); *nếu chưa phải ngày cuối của vòng lặp*, ngày mới bắt đầu từ Bước 1 (TL-D9a); *nếu đây là ngày cuối của
vòng lặp, Vòng lặp kết thúc* (TL-D9b).""",
}



def step_cell(rule: str, mastermind: bool = False, board: bool = False) -> nbformat.NotebookNode:
    lines = [
        f'tour.advance_past("{rule}")',
        f'show("\\n".join(tour.lines_of("{rule}", day=2)) or "—")',
    ]
    if mastermind:
        lines.append(
            f'show("\\n".join(l for l in tour.lines_of("{rule}", "mastermind", day=2) if l.startswith(SECRET_MARK)))'
        )
    if board:
        lines.append("show(tour.board_line())")
    return code("\n".join(lines), CHECK)


def notebook_02() -> list[Cell]:
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
        title("""
# Tragedy Looper 2 — a day in nine steps / Trình tự một ngày (9 bước)

Each day (*Ngày*) every player has exactly one turn, in nine steps (TL-D1 … TL-D9). The Protagonists
place cards and use goodwill abilities; the Mastermind runs every neutral part of the game and says only
what the rules let it say. This notebook plays days of *The Last Bell* (`fs_01_tutorial`) step by step.
""", """# Tragedy Looper 2 — Trình tự một ngày (9 bước) / a day in nine steps

*Một "ngày" trong trò chơi tương đương với một vòng (round), trong đó mỗi người chơi có đúng một lượt*,
theo chín bước (TL-D1 … TL-D9). Nhân vật Chính đặt thẻ và dùng Năng lực Goodwill; *Mastermind chịu trách
nhiệm kiểm soát tất cả các yếu tố trung lập của trò chơi* và chỉ nói những gì luật cho phép. Sổ tay này chơi
từng bước các ngày của *The Last Bell* (`fs_01_tutorial`).
"""),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        code(
            """
from rulesengine.viz.looper.text import DAY_STEPS

for rule, key in DAY_STEPS:
    show(rule, i18n.both(key))
""",
            CHECK,
        ),
        md("""
## The stepper

**Next step** moves the game one phase on and redraws the board, the step bar (the yellow step is the
one that comes next) and the log (newest first, the new lines highlighted). Under the step bar, the
rule of the yellow step is written out in place, with its id and its name; it follows the language
switch. **Back** takes the last step or decision back (the board, the log and the pending decision
are exactly as before); **Reset** starts the script again. Tick *I choose for …* to make that side's
decisions yourself in the panel under the rule: a card is chosen first among the cards still in hand,
then its target among the targets legal for that card; a final guess, first a character, then one of
the roles the engine offers for it; any other decision is a list of readable options. Otherwise an agent
decides when you press Next step. Buttons that nothing waits for are greyed out. When a loop ends at once
in the middle of a day (a loss condition holds, TL-LE1), the steps of the day left unplayed are marked
*skipped* on the step bar, with the reason. The view switch shows the **Protagonists' view** (only what is announced) or the
**Mastermind's view** (secret roles, the culprits, which ability fired: the lines of the log marked
*Mastermind*). When the game ends, the script is revealed to both views — every role, the culprits,
the plots — with the reason for the outcome, in the same tables as notebooks 03 and 04. After TL-D4 the cards stay drawn face up with their
resolution order; pick a number to highlight one of the four sub-steps.
""", """## Nút từng bước

**Bước tiếp theo** đưa ván chơi đi một bước và vẽ lại bàn chơi, thanh các bước (bước màu vàng là bước sắp
tới) và nhật ký (mới nhất trước, các dòng mới được tô đậm). Ngay dưới thanh các bước, luật của bước màu vàng
được viết ra tại chỗ, kèm mã luật và tên bước; nó đổi theo nút ngôn ngữ. **Quay lại** hủy bước hoặc lựa chọn
vừa rồi (bàn chơi, nhật ký và lựa chọn đang chờ trở lại đúng như trước); **Bắt đầu lại** chơi lại Kịch bản từ
đầu. Đánh dấu *Tôi chọn cho …* để tự quyết định cho bên đó trong bảng dưới phần luật: trước hết chọn một thẻ
trong số các thẻ còn trên tay, rồi chọn mục tiêu trong số các mục tiêu hợp lệ cho thẻ đó; với Phán đoán Cuối
cùng, trước hết chọn một Nhân vật, rồi một trong các Vai trò mà engine cho phép đoán cho Nhân vật đó; mọi lựa
chọn khác là một danh sách dễ đọc. Nếu không, máy sẽ quyết định khi bạn nhấn Bước tiếp theo. Các nút không có
gì chờ thì bị làm mờ. Khi vòng lặp kết thúc ngay lập tức giữa một ngày (một điều kiện thua được thỏa, TL-LE1),
các bước còn lại của ngày đó được đánh dấu *bị bỏ qua* trên thanh các bước, kèm lý do. Nút góc nhìn chuyển giữa **góc nhìn của Nhân vật Chính** (chỉ những gì được công bố) và **góc nhìn
của Mastermind** (Vai trò Bí mật, Thủ phạm, năng lực nào đã kích hoạt: các dòng có nhãn *Mastermind* trong
nhật ký). Khi ván chơi kết thúc, Kịch bản được tiết lộ cho cả hai góc nhìn — mọi Vai trò Bí mật, các Thủ
phạm, các Plot — kèm lý do của kết quả, trong cùng các bảng như ở sổ tay 03 và 04. Sau TL-D4 các thẻ vẫn
được vẽ ngửa kèm thứ tự giải quyết; chọn một số để tô sáng một trong bốn bước con.
"""),
        code(
            """
from rulesengine.viz.looper.day import DayStepper

stepper = DayStepper("fs_01_tutorial")
stepper.widget
""",
            IGNORE,
        ),
        md("""
## The nine steps, one by one

The cells below play a prepared day through the same engine, with fixed choices for both sides so the
printed lines are the same on every run. Day 1 sets the scene (Girl Student gets 2 goodwill; the Pop
Idol and the Boy Student get 1 paranoia each); then day 2 is played one step per section. Each line is
what the Protagonists are told; lines marked *Mastermind* are what only the Mastermind knows.
""", """## Chín bước, từng bước một

Các ô bên dưới chơi một ngày đã chuẩn bị sẵn qua cùng bộ máy, với các lựa chọn cố định cho cả hai bên nên
các dòng in ra giống nhau ở mọi lần chạy. Ngày 1 dựng cảnh (Nữ sinh nhận 2 Goodwill; Thần tượng và Nam sinh
mỗi người nhận 1 Bất an); sau đó ngày 2 được chơi mỗi phần một bước. Mỗi dòng là điều Nhân vật Chính được
cho biết; các dòng có nhãn *Mastermind* là điều chỉ Mastermind biết.
"""),
        code(TOUR, CHECK),
    ]
    pictures = {
        "TL-D3": 'table_view(picture_from_game(tour.game, "protagonists")).widget',
        "TL-D4": 'table_view(picture_from_game(tour.game, "protagonists", show_resolved=True, highlight=0)).widget',
        "TL-D7": 'table_view(picture_from_game(tour.game, "mastermind")).widget',
    }
    for rule, en, vi, text, mastermind, board in steps:
        cells.append(md(f"### {rule} — {en} / *{vi}*\n{text}", f"### {rule} — {vi} / *{en}*\n{STEPS_VI[rule].strip()}"))
        cells.append(step_cell(rule, mastermind, board))
        if rule in pictures:
            cells.append(code(pictures[rule], IGNORE))
    cells += [
        md("""
## Tricky cases, prepared

Each demonstration below is a short situation played through the engine from fixed choices (the plans
are in `rulesengine/viz/looper/day.py`); the printed facts come from the game afterwards.

**Forbid before movement** (TL-D4, TL-D4a). Forbid Movement resolves before any Movement card, so a
Movement card on the same character is cancelled, whoever played it:
""", """## Các tình huống khó, chuẩn bị sẵn

Mỗi minh họa bên dưới là một tình huống ngắn chơi qua bộ máy từ các lựa chọn cố định (các kế hoạch nằm trong
`rulesengine/viz/looper/day.py`); các điều in ra lấy từ ván chơi sau đó.

**Cấm trước khi di chuyển** (TL-D4, TL-D4a). Thẻ Cấm Di chuyển được giải quyết trước mọi Thẻ Di chuyển, nên
một Thẻ Di chuyển trên cùng Nhân vật bị hủy, bất kể ai đã đặt:
"""),
        code('show(demo("forbid_before_movement").report())', CHECK),
        code(
            'from rulesengine.viz.looper.cards import table_view\n\ntable_view(demo("forbid_before_movement").picture()).widget',
            IGNORE,
        ),
        md("""
**Combined movement** (TL-D4). All Movement cards on one character make one move: ↕ + ↔ is a diagonal;
two ↔ are still one ↔; and if the final place is forbidden to the character, the whole move is ignored.
""", """**Di chuyển kết hợp** (TL-D4). Mọi Thẻ Di chuyển trên một Nhân vật tạo thành một lần di chuyển: ↕ + ↔ là
một bước chéo; hai ↔ vẫn chỉ là một ↔; và nếu nơi đến cuối cùng bị cấm với Nhân vật đó, cả lần di chuyển bị
bỏ qua.
"""),
        code('show(demo("combined_movement").report())', CHECK),
        code('table_view(demo("combined_movement").picture()).widget', IGNORE),
        md("""
**A cancelled once-per-loop card** (TL-D4a, TL-D4c). Intrigue +2 is cancelled by Forbid Intrigue, yet it
is laid face up in front of the Mastermind: it cannot come back this loop.
""", """**Một thẻ chỉ dùng một lần mỗi vòng lặp bị hủy** (TL-D4a, TL-D4c). Intrigue +2 bị Cấm Intrigue hủy, nhưng
vẫn được đặt ngửa trước mặt Mastermind: nó không thể quay lại trong vòng lặp này.
"""),
        code('show(demo("cancelled_once_per_loop").report())', CHECK),
        md("""
**Two Forbid Intrigue cards** (TL-D4). When two or more Forbid Intrigue cards are played on one day they
cancel each other, and the intrigue cards they were meant to stop all resolve.
""", """**Hai thẻ Cấm Intrigue** (TL-D4). Khi hai thẻ Cấm Intrigue trở lên được đặt trong cùng một ngày, chúng hủy
lẫn nhau, và các thẻ Intrigue mà chúng định chặn đều có hiệu lực.
"""),
        code('show(demo("two_forbid_intrigue").report())', CHECK),
        code('table_view(demo("two_forbid_intrigue").picture()).widget', IGNORE),
        md("""
**A goodwill refusal** (TL-D6c, TL-D6f). The Office Worker has 3 goodwill; the Leader asks him to reveal
his role. His secret role (Killer) has optional goodwill refusal and the Mastermind uses it: "nothing
happens". The ability counts as used, no goodwill is lost, and the refusal itself is a clue.
""", """**Một lần Từ chối Goodwill** (TL-D6c, TL-D6f). Nhân viên văn phòng có 3 Goodwill; Leader yêu cầu anh ta
tiết lộ vai trò. Vai trò Bí mật của anh ta (Sát thủ) có Từ chối Goodwill tùy chọn và Mastermind dùng nó:
*"không có gì xảy ra"*. *Trường hợp này vẫn được tính là đã sử dụng năng lực*, không mất token Goodwill, và
*việc một Nhân vật từ chối dùng Goodwill là một manh mối về Vai trò Bí mật của họ.*
"""),
        code('show(demo("goodwill_refusal").report())', CHECK),
        md("""
**An incident that does not happen** (TL-D7a, TL-D7b). The culprit's paranoia is below its limit, so the
Mastermind only says "no incident happened" — without naming who it would have been.
""", """**Một Sự cố không xảy ra** (TL-D7a, TL-D7b). Số Bất an của Thủ phạm còn dưới giới hạn, nên Mastermind chỉ
tuyên bố *"Không có Sự cố nào xảy ra"* — mà không nói ai lẽ ra là Thủ phạm.
"""),
        code('show(demo("incident_not_happened").report())', CHECK),
        md("""
**An incident that happens with no effect** (TL-D7e). In *The Quiet Ward* (`fs_02_quiet_ward`) the Doctor
reaches his paranoia limit on day 3: the Hospital Incident happens, but it needs intrigue on the Hospital
to kill anyone, and there is none. It is still announced as having happened.
""", """**Một Sự cố xảy ra nhưng không có hiệu ứng** (TL-D7e). Trong *The Quiet Ward* (`fs_02_quiet_ward`), Bác sĩ
đạt Giới hạn Unease vào ngày 3: Sự cố bệnh viện xảy ra, nhưng nó cần token Intrigue trên Bệnh viện mới giết
được ai, và ở đó không có. *Nếu các điều kiện phụ không được thỏa mãn, Mastermind vẫn tuyên bố Sự cố xảy ra,
nhưng không có hiệu ứng nào diễn ra.*
"""),
        code('show(demo("incident_no_effect").report())', CHECK),
        md("""
Next: [03 — loop end and final guess](03_looper_loop_end_and_final_guess.ipynb).
""", """Tiếp theo: [03 — Kết thúc Vòng lặp và Phán đoán Cuối cùng](03_looper_loop_end_and_final_guess.ipynb).
"""),
    ]
    return cells


def notebook_03() -> list[Cell]:
    return [
        title("""
# Tragedy Looper 3 — loop end and final guess / Kết thúc Vòng lặp và Phán đoán Cuối cùng

A **loop** (*Vòng lặp*) ends in one of three ways (TL-LE1); the Mastermind then checks the loss
conditions (TL-LE2). If the Protagonists lost and loops remain, they meet in the **time spiral**
(*Time Spiral*, vòng xoáy thời gian, TL-TS1) and time is **rewound** (*Quay ngược thời gian*, TL-RW). After
the last loop, or by choice in the time spiral of a Basic Tragedy X script (TL-TS2), comes the
**Final Guess** (*Phán đoán Cuối cùng*, TL-FG1..TL-FG3). Every situation below is played through the
engine from fixed choices (the plans are in `rulesengine/viz/looper/demos.py`).
""", """# Tragedy Looper 3 — Kết thúc Vòng lặp và Phán đoán Cuối cùng / loop end and final guess

*Có 3 cách để một Vòng lặp kết thúc* (TL-LE1); *khi Vòng lặp kết thúc, Mastermind kiểm tra các điều kiện
thua* (TL-LE2). Nếu Nhân vật Chính thua và còn vòng lặp, họ gặp nhau trong **Time Spiral** (vòng xoáy thời
gian, TL-TS1) và thời gian được **quay ngược** (TL-RW). Sau vòng lặp cuối cùng, hoặc theo lựa chọn trong Time
Spiral của một Kịch bản Basic Tragedy X (TL-TS2), là **Phán đoán Cuối cùng** (TL-FG1..TL-FG3). Mọi tình
huống bên dưới được chơi qua bộ máy từ các lựa chọn cố định (các kế hoạch nằm trong
`rulesengine/viz/looper/demos.py`).
"""),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md("""
## Three ways a loop ends (TL-LE1)

**1. The last day was played.** In *The Last Bell* the Protagonists keep every culprit calm for three
days. At loop end no loss condition holds, so the Protagonists win (TL-LE2): the game is over.
""", """## Ba cách một Vòng lặp kết thúc (TL-LE1)

**1. Đã chơi xong ngày cuối cùng.** Trong *The Last Bell*, Nhân vật Chính giữ mọi Thủ phạm bình tĩnh suốt ba
ngày. Khi Vòng lặp kết thúc không có điều kiện thua nào được thỏa, nên Nhân vật Chính chiến thắng (TL-LE2):
ván chơi kết thúc.
"""),
        code(
            """
from rulesengine.viz.looper.loop import FinalGuessWidget, ScriptReveal, loop_demo

last = loop_demo("last_day")
show(last.report())
""",
            CHECK,
        ),
        md("""
At the end of a game the script is no secret any more: every character's role, the culprits and the
plots, with the reason for the outcome.
""", """Khi ván chơi kết thúc, Kịch bản không còn là bí mật: Vai trò của mọi Nhân vật, các Thủ phạm và các Plot,
kèm lý do của kết quả.
"""),
        code("ScriptReveal(last.game)", CHECK),
        md("""
**2. A plot rule or special effect ends it early.** The Boy Student (the Murder culprit of day 3) reaches
his paranoia limit; the Murder kills the only other character at the School, the Girl Student — the
**Key Person**, whose death makes the Protagonists lose and ends the loop at once: the rest of day 3 is
skipped. The Protagonists are told the loop is lost; only the Mastermind knows why (the lines marked *Mastermind*).
""", """**2. Một luật Plot hoặc hiệu ứng đặc biệt khiến vòng lặp kết thúc sớm.** Nam sinh (Thủ phạm Án mạng của ngày
3) đạt Giới hạn Unease; Án mạng giết Nhân vật duy nhất khác ở Trường học, Nữ sinh — **Nhân vật Then chốt**,
cái chết của cô làm Nhân vật Chính thua và kết thúc vòng lặp ngay lập tức: phần còn lại của ngày 3 bị bỏ
qua. Nhân vật Chính được cho biết họ đã thua vòng lặp; chỉ Mastermind biết lý do (các dòng có nhãn *Mastermind*).
"""),
        code('key = loop_demo("key_person_dies")\nshow(key.report())', CHECK),
        code(
            'from rulesengine.viz.looper.cards import table_view\n\ntable_view(key.picture("protagonists")).widget',
            IGNORE,
        ),
        md("""
**3. The Protagonists die.** The Killer (the Office Worker) gathers 4 intrigue — Intrigue +2 and the
Brain's ability on day 1, Intrigue +1 on day 2 — and at day end his second ability kills the
Protagonists: the loop ends at once.
""", """**3. Các Nhân vật Chính chết.** Sát thủ (Nhân viên văn phòng) gom được 4 Intrigue — Intrigue +2 và năng lực
của Kẻ chủ mưu vào ngày 1, Intrigue +1 vào ngày 2 — và cuối ngày năng lực thứ hai của hắn giết các Nhân vật
Chính: vòng lặp kết thúc ngay lập tức.
"""),
        code('show(loop_demo("protagonists_die").report())', CHECK),
        md("""
## The loss check and the time spiral (TL-LE2, TL-TS1, TL-TS2)

At loop end the Mastermind checks every loss condition (plot rules, a dead Friend, an immediate loss
earlier in the loop). None: the Protagonists win. Any: they lose this loop — and rewind if loops remain
(TL-LE2a), or go to the Final Guess after the last one (TL-LE2b; First Steps has no Final Guess, so
there the Mastermind wins). Between loops is the **time spiral**, the one moment the Protagonists may
talk freely. In a Basic Tragedy X script the Leader may also skip the remaining loops and go straight to
the Final Guess; there is no way back from it.

*First Contract* (`btx_01_first_contract`, Basic Tragedy X) has the main plot *Sign with me!*: the
Protagonists lose if the Key Person carries 2 intrigue at loop end.
""", """## Kiểm tra điều kiện thua và Time Spiral (TL-LE2, TL-TS1, TL-TS2)

Khi Vòng lặp kết thúc, Mastermind kiểm tra mọi điều kiện thua (luật Plot, một Người bạn đã chết, một lần thua
ngay lập tức trước đó trong vòng lặp). *Nếu không có điều kiện thua nào được thỏa, các Nhân vật Chính chiến
thắng. Nếu chỉ cần một điều kiện thua được thỏa, các Nhân vật Chính thua cuộc* — và quay ngược thời gian nếu
còn vòng lặp (TL-LE2a), hoặc vào Phán đoán Cuối cùng sau vòng lặp cuối (TL-LE2b; First Steps không có Phán
đoán Cuối cùng, nên ở đó Mastermind thắng). Giữa các vòng lặp là **Time Spiral**, *thời điểm duy nhất các
Nhân vật Chính được tự do thảo luận*. Trong một Kịch bản Basic Tragedy X, *các Nhân vật Chính cũng có thể
quyết định bỏ qua các vòng lặp còn lại và chuyển thẳng sang Final Guess*; *khi đã bước vào Final Guess, bạn
không thể quay vòng lặp nữa.*

*First Contract* (`btx_01_first_contract`, Basic Tragedy X) có Plot chính *Ký khế ước với tớ nhé!* (Sign with
me!): Nhân vật Chính thua nếu Nhân vật Then chốt mang 2 Intrigue khi Vòng lặp kết thúc.
"""),
        code('show(loop_demo("time_spiral").report())', CHECK),
        md("""
## The rewind (TL-RW)

**What resets:** every token on the board and the cards (paranoia, goodwill, intrigue, guards); every
character back alive at the start location on its card; every hand whole again, once-per-loop cards
included; the day marker back to day 1, the loop marker on by one.

**What carries over:** what the Protagonists learned (the log, revealed roles and culprits), the Leader
(this project's ruling: the Leader at the end of a loop leads the next one), and the few effects that say
so (a revealed Friend's goodwill, Threads of Fate).
""", """## Quay ngược thời gian (TL-RW)

**Những gì đặt lại:** *loại bỏ toàn bộ token khỏi bàn chơi và các thẻ* (Bất an, Goodwill, Intrigue, Hộ vệ);
*đưa tất cả Nhân vật về Địa điểm khởi đầu được ghi trên thẻ của họ*, còn sống; mọi tay bài đủ lại, kể cả thẻ
chỉ dùng một lần mỗi vòng lặp; *di chuyển token Loop xuống 1 bước và đưa token Ngày trở về Ngày 1.*

**Những gì được giữ lại:** những gì Nhân vật Chính đã biết (nhật ký, các Vai trò và Thủ phạm đã lộ), Leader
(quyết định của dự án này: Leader cuối một vòng lặp dẫn vòng lặp sau), và vài hiệu ứng nói rõ như vậy
(Goodwill của một Người bạn đã lộ, Threads of Fate).
"""),
        code('show(loop_demo("rewind").report())', CHECK),
        md("""
## The Final Guess (TL-FG1..TL-FG3)

Even after losing, the Protagonists get one last chance (TL-FG1). The board goes back to the loop's
starting state, undoing any role changed during the last loop (TL-FG2). Then they pick characters one at
a time, in any order, and name each one's secret role (*Person* / *Thường dân* if it has none). After each
guess the Mastermind says right or wrong: a wrong guess loses at once; all right wins (TL-FG3).

Below, *First Contract*'s first loop has been lost and the Leader chose the Final Guess in the time
spiral. Make your guesses: choose a character, then a role, and press **Guess**. When the game ends —
at the first wrong guess, or when every role is right — the script is revealed under the guesses, with
the reason. **Back one guess** takes the last guess back; **Reset** starts the Final Guess again.
""", """## Phán đoán Cuối cùng (TL-FG1..TL-FG3)

*Ngay cả khi các Nhân vật Chính đã thua ở tất cả các vòng lặp, họ vẫn có một cơ hội cuối cùng để chiến thắng*
(TL-FG1). *Đặt lại khu vực chơi về trạng thái đầu vòng lặp, nhằm đảm bảo rằng mọi thay đổi Vai trò Bí mật xảy
ra trong vòng lặp cuối được hoàn nguyên* (TL-FG2). Sau đó họ *chọn từng Nhân vật một, theo thứ tự bất kỳ*, và
*đoán Vai trò Bí mật của Nhân vật đó (hoặc đoán "Person" — Thường dân — nếu Nhân vật không có Vai trò Bí
mật).* *Sau mỗi lần đoán, Mastermind trả lời đoán đúng hay sai*: đoán sai là thua ngay lập tức; đúng tất cả
là thắng (TL-FG3).

Dưới đây, vòng lặp đầu tiên của *First Contract* đã thua và Leader đã chọn Phán đoán Cuối cùng trong Time
Spiral. Hãy đoán: chọn một Nhân vật, rồi một Vai trò, và bấm **Đoán**. Khi ván chơi kết thúc — ở lần đoán sai
đầu tiên, hoặc khi mọi Vai trò đều đúng — Kịch bản được tiết lộ bên dưới các lần đoán, kèm lý do. **Lùi lại
một lần đoán** lấy lại lần đoán cuối; **Bắt đầu lại** bắt đầu lại Phán đoán Cuối cùng.
"""),
        code(
            """
guess = FinalGuessWidget("btx_01_first_contract")
guess.widget
""",
            IGNORE,
        ),
        md("The same rules, checked: one right guess, then a wrong one, and the script revealed.", """Cùng các luật đó, được kiểm tra: một lần đoán đúng, rồi một lần đoán sai, và Kịch bản được tiết lộ.
"""),
        code(
            """
check = FinalGuessWidget("btx_01_first_contract", draw=False)
show(check.guess("girl_student", "key_person"), check.guess("journalist", "person"))
show(check.message.last_error)
ScriptReveal(check.game)
""",
            CHECK,
        ),
        md("Next: [04 — play a whole script](04_looper_play_a_script.ipynb).", """Tiếp theo: [04 — Chơi trọn một Kịch bản](04_looper_play_a_script.ipynb).
"""),
    ]


def notebook_04() -> list[Cell]:
    return [
        title("""
# Tragedy Looper 4 — play a whole script / Chơi trọn một Kịch bản

Play a shipped **script** (*Kịch bản*) from its first loop to the end: as the **Protagonists**
(*Nhân vật Chính*) against the Mastermind agent, or as the **Mastermind** against the Protagonist agents.
The engine runs every rule (TL-D1..TL-D9, TL-LE, TL-TS, TL-RW, TL-FG); the agents are the engine's
simple heuristic players (`rulesengine.looper.play.agents`).
""", """# Tragedy Looper 4 — Chơi trọn một Kịch bản / play a whole script

Chơi một **Kịch bản** có sẵn từ vòng lặp đầu tiên đến hết: làm **Nhân vật Chính** chống lại Mastermind do
máy điều khiển, hoặc làm **Mastermind** chống lại các Nhân vật Chính do máy điều khiển. Bộ máy chạy mọi luật
(TL-D1..TL-D9, TL-LE, TL-TS, TL-RW, TL-FG); máy chơi là những người chơi đơn giản theo kinh nghiệm của bộ máy
(`rulesengine.looper.play.agents`).
"""),
        code(SETUP),
        code("LanguageSwitch()", IGNORE),
        md("## The shipped scripts (public sheets only)", """## Các Kịch bản có sẵn (chỉ tờ công khai)
"""),
        code(
            """
from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
from rulesengine.viz.looper.play import PlayWidget, notes, script_ids

for script_id in script_ids():
    sheet = load_script(SCRIPTS_DIR / f"{script_id}.yaml").public_sheet()
    show(f"{sheet['title']} ({sheet['set']}): {sheet['loops']} × {sheet['days']}")
""",
            CHECK,
        ),
        md("""
## Play

Pick a script and a side, press **New game**, then **Play on to my next decision**: the other side's agent
plays until it is your turn. The rule of the step you stand at is written under the step bar. Your
choices are in the panel under it (the legal options only): a card from your hand, then one of its
legal targets; other decisions from a list. **Next step** moves one phase at a time instead, **Let the
agent choose** makes one decision for you, and **Back** takes your last move back (with everything the
agents did after it). The notes panel keeps what the Protagonists have learned from what was
announced; the log keeps everything your side may see (the Mastermind's view adds the lines marked
*Mastermind*). **Agents play to the end** lets both agents finish the game, with a progress bar over the
days. At the end the script is revealed — roles, culprits, plots — with the reason for the outcome.
""", """## Chơi

Chọn một Kịch bản và một bên, nhấn **Ván mới**, rồi **Chơi tiếp đến lựa chọn kế tiếp của tôi**: máy của bên
kia chơi cho đến lượt bạn. Luật của bước bạn đang đứng được viết dưới thanh các bước. Các lựa chọn của bạn nằm
trong bảng bên dưới (chỉ những lựa chọn hợp lệ): một thẻ trên tay, rồi một mục tiêu hợp lệ của thẻ đó; các
lựa chọn khác chọn từ một danh sách. **Bước tiếp theo** thay vào đó đi từng bước một, **Để máy chọn** quyết
định giúp bạn một lần, và **Quay lại** hủy nước đi vừa rồi của bạn (cùng mọi thứ máy đã làm sau đó). Bảng ghi
chú giữ những gì Nhân vật Chính đã biết từ những điều được công bố; nhật ký giữ mọi thứ bên bạn được thấy
(góc nhìn của Mastermind thêm các dòng có nhãn *Mastermind*). **Để máy chơi đến hết** cho cả hai máy chơi hết
ván, với thanh tiến độ theo ngày. Khi kết thúc, Kịch bản được tiết lộ — Vai trò Bí mật, Thủ phạm, Plot — kèm
lý do của kết quả.
"""),
        code(
            """
play = PlayWidget("fs_01_tutorial", "protagonists")
play.widget
""",
            IGNORE,
        ),
        md("""
As the Protagonists, your first decision is Protagonist A's card on day 1 (TL-D3): any of the eight
cards on any of the four locations or six characters.
""", """Khi làm Nhân vật Chính, lựa chọn đầu tiên của bạn là thẻ của Nhân vật Chính A vào ngày 1 (TL-D3): bất kỳ
thẻ nào trong tám thẻ lên bất kỳ Địa điểm nào trong bốn hay Nhân vật nào trong sáu.
"""),
        code(
            """
check = PlayWidget("fs_01_tutorial", "protagonists", draw=False)
check.play_on()
show(check.game.pending.who, check.game.pending.rule_id, len(check.game.legal_actions()))
show("TL-D2:", len(check.lines_of("TL-D2")))
""",
            CHECK,
        ),
        md("""
As the Mastermind you decide first (TL-D2), three cards, each on a different target (TL-D2a):
""", """Khi làm Mastermind, bạn quyết định trước (TL-D2): ba thẻ, mỗi thẻ trên một mục tiêu khác nhau (TL-D2a):
"""),
        code(
            """
mm = PlayWidget("fs_01_tutorial", "mastermind", draw=False)
mm.play_on()
show(mm.game.pending.who, mm.game.pending.rule_id, len(mm.game.legal_actions()))
""",
            CHECK,
        ),
        md("""
## A Mastermind who plays to win

The **Mastermind:** menu chooses who plays the Mastermind's seat in the next **New game**: the heuristic
agent (quick, and easy to beat), or the *searching* Mastermind at level 1, 2 or 3. At each of its
decisions the searching Mastermind tries every option on copies of the game, plays each to the end of
the loop (itself by the heuristic rules, you by the heuristic Protagonists) and keeps the option after
which the Protagonists lost the loop most often (TL-LE1); the level is how many tries it makes (32, 128 or
512 a decision). It knows the whole script, as the Mastermind does, but never your face-down cards: it
decides only when they are not placed yet (TL-D2) or already face up (TL-D4). When the game is over,
**Why did the Mastermind do that?** lists each of its decisions with its tries and the next options it
weighed. On *The Quiet Ward*, with the same seeds, the heuristic Protagonists beat the heuristic
Mastermind but lose to the searching one:
""", """## Một Mastermind chơi để thắng

Menu **Mastermind:** chọn ai ngồi ghế Mastermind trong **Ván mới** kế tiếp: tác nhân heuristic (nhanh, và dễ
thắng), hay Mastermind *biết tìm kiếm* ở cấp 1, 2 hoặc 3. Ở mỗi lựa chọn của mình, Mastermind biết tìm kiếm
thử từng phương án trên các bản sao của ván chơi, chơi mỗi bản đến hết vòng lặp (chính nó theo luật
heuristic, bạn thì do Nhân vật Chính heuristic chơi) và giữ phương án mà sau đó Nhân vật Chính thua vòng lặp
nhiều nhất (TL-LE1); cấp là số lần thử (32, 128 hoặc 512 mỗi lựa chọn). Nó biết toàn bộ Kịch bản, như
Mastermind vẫn biết, nhưng không bao giờ thấy các thẻ úp của bạn: nó chỉ quyết định khi các thẻ đó chưa được
đặt (TL-D2) hoặc đã lật ngửa (TL-D4). Khi ván kết thúc, **Vì sao Mastermind làm vậy?** liệt kê từng lựa chọn
của nó cùng số lần thử và các phương án kế tiếp nó đã cân nhắc. Với *The Quiet Ward*, cùng các hạt giống,
Nhân vật Chính heuristic thắng Mastermind heuristic nhưng thua Mastermind biết tìm kiếm:
"""),
        code(
            """
games = {}
for opponent in ("heuristic", "search1"):
    games[opponent] = PlayWidget("fs_02_quiet_ward", draw=False)
    games[opponent].opponent.value = opponent
    games[opponent].new_game("fs_02_quiet_ward", "protagonists")
    games[opponent].play_to_end()  # (the heuristic Protagonists in your seat)
    show(opponent, "->", games[opponent].game.outcome.winner)
""",
            CHECK,
        ),
        code(
            """
from rulesengine.viz.looper.play import why

show("\\n".join(why(games["search1"].agents["mastermind"])[:4]))
""",
            IGNORE,
        ),
        md(
            """
## A script from the community site

Players share scripts as JSON files in the community site's format. Type the path of such a file (or of a
script written by `python -m rulesengine looper import FILE --out DIR`) in the path box of the widget
above and press **Load this script file**: its First Steps and Basic Tragedy X scripts join the list,
and **New game** plays the one chosen. Here a shipped script makes the round trip: exported to the
community format, then loaded back.
""",
            """
## Một Kịch bản từ trang cộng đồng

Người chơi chia sẻ Kịch bản dưới dạng tệp JSON theo định dạng của trang cộng đồng. Gõ đường dẫn của một
tệp như vậy (hoặc của một Kịch bản do `python -m rulesengine looper import FILE --out DIR` viết ra) vào ô
đường dẫn của nút điều khiển phía trên và nhấn **Mở tệp kịch bản này**: các Kịch bản
First Steps và Basic Tragedy X trong tệp được thêm vào danh sách, và **Ván mới** chơi Kịch bản được chọn.
Ở đây một Kịch bản có sẵn đi một vòng: xuất ra định dạng cộng đồng, rồi nạp lại.
""",
        ),
        code(
            """
import json
import tempfile
from pathlib import Path

from rulesengine.looper.play.community import export_scripts

shared = Path(tempfile.mkdtemp()) / "shared.json"
shared.write_text(json.dumps(export_scripts([load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml")])))
imported = PlayWidget(draw=False)
added = imported.load_file(str(shared))
imported.new_game(added[0], "protagonists")
show(len(added), imported.game.script.title, imported.game.script.set_id)
""",
            CHECK,
        ),
        md("""
## Agents against agents

A whole game between the two heuristic agents, and the Protagonists' notes at the end. (The agents are
simple and change as the engine grows, so this cell's output is not checked.)
""", """## Máy đấu với máy

Một ván trọn vẹn giữa hai máy chơi theo kinh nghiệm, và ghi chú của Nhân vật Chính lúc kết thúc. (Máy chơi
đơn giản và thay đổi khi bộ máy phát triển, nên đầu ra của ô này không được kiểm tra.)
"""),
        code(
            """
auto = PlayWidget("fs_01_tutorial", draw=False)
auto.play_to_end()
show("\\n".join(notes(auto.game.view("protagonists"))))
""",
            IGNORE,
        ),        md("""
The end of the game reveals the script to both sides, as in notebooks 02 and 03: why the game ended,
each loop's end with its loss conditions, every secret role (with the final guess beside it, right ✓ or
wrong ✗), the culprits and the plots.
""", """Kết thúc ván chơi tiết lộ Kịch bản cho cả hai bên, như trong sổ tay 02 và 03: lý do ván chơi kết thúc,
cách từng vòng lặp kết thúc cùng các điều kiện thua của nó, mọi Vai trò Bí mật (kèm Phán đoán Cuối cùng
bên cạnh, đúng ✓ hay sai ✗), các Thủ phạm và các Plot.
"""),
        code(
            """
from rulesengine.viz.looper.loop import ScriptReveal

ScriptReveal(auto.game)
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


if __name__ == "__main__":  # both editions of these notebooks, through tools/make_notebooks.py
    import make_notebooks

    sys.exit(make_notebooks.main(sys.argv[1:] or sorted(NOTEBOOKS)))
