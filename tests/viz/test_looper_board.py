"""The board picture: what each viewer's picture holds, and that drawing it works (TL-D2..TL-D4)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure

from rulesengine import i18n
from rulesengine.looper.actions import Pass, PlaceCard
from rulesengine.viz.looper_board import draw_board, draw_hands, draw_table, owner_label, picture_from_game
from rulesengine.viz.looper_cards import new_game


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


def test_mastermind_cards_are_face_down_to_the_protagonists_until_resolution_TL_D2():
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


def test_resolved_cards_keep_their_places_and_cancellations_TL_D4():
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
