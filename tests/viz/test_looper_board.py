"""The board picture: what each viewer's picture holds, and that drawing it works (TL-D2..TL-D4)."""

from __future__ import annotations

import io

import matplotlib
import numpy as np

matplotlib.use("Agg")
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from PIL import Image

from rulesengine import i18n
from rulesengine.looper.rules.actions import Pass, PlaceCard
from rulesengine.looper.rules.board import LOCATIONS, move
from rulesengine.viz.looper.board import (
    GRID,
    BoardDrawer,
    TableDrawer,
    TableView,
    draw_board,
    draw_hands,
    draw_table,
    owner_label,
    picture_from_game,
)
from rulesengine.viz.looper.cards import new_game


def test_start_of_the_tutorial_script_puts_characters_on_their_start_locations():
    pic = picture_from_game(new_game(), "protagonists")
    assert {c.id: c.location for c in pic.characters} == {
        "girl_student": "school",
        "boy_student": "school",
        "shrine_maiden": "shrine",
        "office_worker": "city",
        "pop_idol": "city",
        "doctor": "hospital",
    }
    assert dict(pic.intrigue) == {"hospital": 0, "shrine": 0, "city": 0, "school": 0}
    assert pic.character("girl_student").paranoia_limit == 3
    assert [len(pic.hands[o]) for o in ("mastermind", "protagonist:0", "protagonist:1", "protagonist:2")] == [
        10,
        8,
        8,
        8,
    ]


def test_mastermind_cards_are_face_down_to_the_protagonists_until_resolution_tl_d2():
    game = new_game()
    game.apply(PlaceCard("paranoia_plus_1", "boy_student"))
    prot = picture_from_game(game, "protagonists")
    mm = picture_from_game(game, "mastermind")
    assert [(c.owner, c.target, c.card) for c in prot.cards] == [("mastermind", "boy_student", None)]
    assert [(c.owner, c.target, c.card) for c in mm.cards] == [
        ("mastermind", "boy_student", "paranoia_plus_1")
    ]


def test_roles_and_culprits_only_in_the_mastermind_picture():
    game = new_game()
    prot = picture_from_game(game, "protagonists")
    mm = picture_from_game(game, "mastermind")
    assert {c.role for c in prot.characters} == {None}
    assert all(c.culprit_of == () for c in prot.characters)
    assert mm.character("office_worker").role == "killer"
    assert mm.character("boy_student").culprit_of == ("3",)
    assert mm.character("pop_idol").culprit_of == ("2",)


def test_resolved_cards_keep_their_places_and_cancellations_tl_d4():
    game = new_game()
    for card, target in [
        ("intrigue_plus_2", "city"),
        ("move_vertical", "girl_student"),
        ("paranoia_plus_1", "boy_student"),
    ]:
        game.apply(PlaceCard(card, target))
    game.resume()
    for card, target in [
        ("forbid_intrigue", "city"),
        ("forbid_movement", "girl_student"),
        ("paranoia_plus_1", "doctor"),
    ]:
        game.apply(PlaceCard(card, target))
    game.resume()  # TL-D4: one Forbid Intrigue on an Intrigue card, so the Mastermind is asked
    assert game.legal_actions() == (Pass(),)  # no Cultist in the City
    game.apply(Pass())
    pic = picture_from_game(game, "protagonists", show_resolved=True, highlight=1)
    assert [(c.card, c.target, c.cancelled) for c in pic.cards] == [
        ("intrigue_plus_2", "city", True),
        ("move_vertical", "girl_student", True),
        ("paranoia_plus_1", "boy_student", False),
        ("forbid_intrigue", "city", False),
        ("forbid_movement", "girl_student", False),
        ("paranoia_plus_1", "doctor", False),
    ]
    assert pic.highlight == 1
    spent = {h.card for h in pic.hands["mastermind"] if h.state == "spent"}
    assert spent == {"intrigue_plus_2"}  # TL-D4c: spent although cancelled


def test_drawing_functions_return_their_axes_and_figure():
    pic = picture_from_game(new_game(), "mastermind")
    ax = draw_board(pic)
    assert [float(v) for v in ax.get_xlim()] == [0.0, 2.8]
    assert draw_hands(pic) is not None
    fig = draw_table(pic, Figure(figsize=(10, 9.2)))
    assert len(fig.axes) == 2


def test_labels_follow_the_language():
    assert owner_label("protagonist:2") == "Protagonist C"
    i18n.set_language("vi")
    assert owner_label("protagonist:2") == "Nhân vật Chính C"


# ----------------------------------------------------------------------------- the incremental table


def _stepped_pictures(steps: int, script: str = "fs_01_tutorial"):
    """Pictures of a day stepper after each of ``steps`` steps, as the stepper draws them (viewer, TL-D4
    cards shown face up after resolution, every highlight in turn)."""
    from rulesengine.looper.rules.state import Phase
    from rulesengine.viz.looper.day import DayStepper

    stepper = DayStepper(script, draw=False)
    for n in range(steps):
        stepper.next_step()
        resolved = stepper.last_done == "TL-D4" and stepper.game.phase is not Phase.CARD_RESOLUTION
        viewer = "mastermind" if n % 6 < 4 else "protagonists"
        yield n, picture_from_game(stepper.game, viewer, show_resolved=resolved, highlight=n % 5)


def _fresh_pixels(picture):
    """The picture drawn from nothing on a new figure by matplotlib's own full drawing."""
    fig = draw_table(picture, Figure(figsize=(10, 9.2), dpi=100))
    fig.patch.set_facecolor("white")
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())


def test_incremental_table_equals_a_full_redraw_pixel_for_pixel_after_many_steps():
    """One TableDrawer kept over 24 stepper steps (both viewers, resolution highlights, a day end and a
    new day) repaints only what changed, and every few steps its pixels equal a fresh full drawing."""
    table = TableDrawer(Figure(figsize=(10, 9.2), dpi=100))
    compared, repainted = 0, []
    for n, picture in _stepped_pictures(24):
        table.draw(picture)
        pixels = table.render()
        repainted.append(table.repainted)
        if n % 3 == 2:
            assert np.array_equal(pixels, _fresh_pixels(picture)), f"step {n}: the pictures differ"
            compared += 1
    assert compared == 8
    assert repainted[0] == 1.0 and max(repainted[1:]) < 1.0 and min(repainted[1:]) < 0.05


def test_incremental_table_follows_a_language_switch_and_its_png_holds_the_same_pixels():
    pictures = [picture for _, picture in _stepped_pictures(5)]
    table = TableDrawer(Figure(figsize=(10, 9.2), dpi=100))
    table.draw(pictures[0])
    table.png()
    i18n.set_language("vi")
    table.draw(pictures[4])
    decoded = np.asarray(Image.open(io.BytesIO(table.png())))
    expected = _fresh_pixels(pictures[4])
    assert np.array_equal(decoded, expected[..., :3])
    assert (expected[..., 3] == 255).all()  # the ground is opaque: the PNG drops nothing by being RGB


def test_a_card_placed_adds_only_that_card_to_the_board_tl_d2():
    game = new_game()
    board = BoardDrawer(Figure().add_subplot())
    board.draw(picture_from_game(game, "mastermind"))
    game.apply(PlaceCard("paranoia_plus_1", "boy_student"))
    removed, added = board.draw(picture_from_game(game, "mastermind"))
    assert removed == []
    assert [a.get_text() for a in added if isinstance(a, Text)] == ["P+1"]
    assert len(added) == 2  # the card's face and its label
    assert board.draw(picture_from_game(game, "mastermind")) == ([], [])  # nothing moved: nothing drawn


def test_the_stepper_shows_its_table_incrementally_and_the_picture_is_the_full_one():
    from rulesengine.viz.looper.day import DayStepper

    stepper = DayStepper("fs_01_tutorial")
    assert isinstance(stepper.figure, TableView)
    for _ in range(3):
        stepper.next_step()
    assert stepper.figure.table.repainted < 0.5
    decoded = np.asarray(Image.open(io.BytesIO(stepper.figure.widget.value)))
    assert np.array_equal(decoded, _fresh_pixels(stepper.figure.picture())[..., :3])


def test_the_drawn_grid_is_the_engines_board():
    """The picture's 2 × 2 grid comes from rulesengine.looper.rules.board: a horizontal move stays in a row, a
    vertical one in a column (no copy of the board in the drawing)."""
    assert [loc for row in GRID for loc in row] == list(LOCATIONS)
    for r, row in enumerate(GRID):
        for c, location in enumerate(row):
            assert move(location, "horizontal") == GRID[r][1 - c]
            assert move(location, "vertical") == GRID[1 - r][c]


def test_the_board_draws_a_character_not_yet_on_it_and_one_removed_in_both_languages():
    """Issue 24: the Transfer Student before her day (transfer_student.p1) is listed as not on the board;
    the Illusion gone for the loop (illusion.2) as off the board for this loop; both in either edition."""
    import dataclasses

    from rulesengine.looper.rules.engine import Game
    from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script

    script = load_script(SCRIPTS_DIR / "btx_04_cherry_tree_circle.yaml")
    script = dataclasses.replace(
        script,
        cast=(*script.cast, "transfer_student"),
        roles={**script.roles, "transfer_student": "person"},
        transfer_student_entry_day=3,
    )
    game = Game(script)
    game.remove_from_board("illusion")
    pic = picture_from_game(game, "protagonists")
    assert pic.character("illusion").removed and pic.character("illusion").location is None
    assert not pic.character("transfer_student").removed
    for language, words in (
        ("en", ("Not on the board: Transfer Student", "Off the board for this loop: Illusion")),
        ("vi", ("Không có trên bàn: Học sinh chuyển trường", "Đã rời bàn chơi trong vòng lặp này: Ảo ảnh")),
    ):
        i18n.set_language(language)
        try:
            ax = draw_board(pic)
            texts = " ".join(t.get_text() for t in ax.findobj(Text))
        finally:
            i18n.set_language("en")
        for word in words:
            assert word in texts, (language, word, texts[-200:])
