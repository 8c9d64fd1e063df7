"""Looper log lines that say why (issue 10): a card cancelled names the Forbid that cancelled it (TL-D4a),
a refused goodwill ability counts as used (TL-D6c), readable names in both languages."""

from __future__ import annotations

from rulesengine.looper.rules.text import describe_event, log_lines

CARDS = [["mastermind", "paranoia_plus_1", "boy_student"],
         ["protagonist:0", "forbid_paranoia", "boy_student"],
         ["protagonist:1", "move_vertical", "girl_student"],
         ["mastermind", "forbid_movement", "girl_student"]]


def test_a_cancelled_card_names_the_forbid_card_and_its_owner_tl_d4a():
    events = [{"kind": "cards_revealed", "phase": "card_resolution", "cards": CARDS},
              {"kind": "cards_resolved", "phase": "card_resolution", "cancelled": [0, 2],
               "forbid_intrigue_void": False}]
    (_, _, _), (rule, visibility, text) = log_lines(events, "en")
    assert (rule, visibility) == ("TL-D4", "public")
    assert text == ("Cards resolved; cancelled: "
                    "Paranoia +1 on Boy Student (by Forbid Paranoia of Protagonist A); "
                    "Movement ↕ (vertical) on Girl Student (by Forbid Movement of Mastermind).")
    assert log_lines(events, "vi")[1][2] == (
        "Đã giải quyết tất cả Thẻ Hành động; bị hủy: "
        "Bất an +1 trên Nam sinh (do Cấm Bất an của Nhân vật Chính A); "
        "Thẻ Di chuyển ↕ (dọc) trên Nữ sinh (do Thẻ Cấm Di chuyển của Mastermind).")


def test_a_refused_goodwill_ability_counts_as_used_tl_d6c():
    assert "still counts as used (TL-D6c)" in describe_event({"kind": "goodwill_refused"}, "en")
    assert describe_event({"kind": "refusal", "ability": "office_worker.1", "role": "killer"}, "vi") == (
        "Bị từ chối vì Vai trò Bí mật của Nhân viên văn phòng là Sát thủ, có Từ chối Goodwill.")


def test_an_incident_that_did_not_happen_says_why_when_the_event_carries_the_numbers_tl_d7b():
    event = {"kind": "incident_check", "culprit": "boy_student", "reason": "paranoia",
             "paranoia": 1, "limit": 2}
    assert describe_event(event, "en") == "Why: the culprit Boy Student has paranoia 1 < limit 2 (TL-D7b)."
    assert describe_event(event, "vi") == "Lý do: Thủ phạm Nam sinh có 1 Unease < Giới hạn Unease 2 (TL-D7b)."


def test_no_internal_id_in_a_sentence():
    event = {"kind": "card_returned", "owner": "protagonist:2", "card": "intrigue_plus_2"}
    assert describe_event(event, "en") == "Protagonist C takes back Intrigue +2."
    assert "protagonist:" not in describe_event({"kind": "leader", "leader": 1}, "en")


def test_the_notes_of_a_game_in_vietnamese():
    from rulesengine.looper.play.agents import RandomAgent
    from rulesengine.looper.rules.engine import Game, play
    from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    from rulesengine.looper.rules.text import notes

    game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    play(game, {"mastermind": RandomAgent(1), "protagonists": RandomAgent(2)})
    english, vietnamese = notes(game.view("protagonists"), "en"), notes(game.view("protagonists"), "vi")
    assert len(english) == len(vietnamese) > 3
    assert vietnamese[0] == ("Kịch bản: The Last Bell — 3 vòng lặp, mỗi vòng 3 ngày; "
                             "Sự cố: ngày 2 Bất an lan rộng, ngày 3 Án mạng.")
    assert vietnamese[-1].startswith("Trò chơi kết thúc: ") and english[-1].startswith("Game over: ")


def test_looper_refusals_keep_their_english_str_and_read_without_ids_tl_d2a_tl_d3a_tl_d6a():
    import pytest

    from rulesengine.errors import IllegalActionError
    from rulesengine.looper.rules.actions import PlaceCard, UseAbility
    from rulesengine.looper.rules.engine import Game
    from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script

    game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    game.apply(PlaceCard("intrigue_plus_2", "boy_student"))
    with pytest.raises(IllegalActionError) as refused:
        game.apply(PlaceCard("paranoia_plus_1", "boy_student"))
    assert str(refused.value) == "TL-D2a: the Mastermind already has a card on boy_student"
    assert refused.value.localized("vi").startswith("TL-D2a: Mastermind đã đặt một thẻ lên Nam sinh")
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalActionError) as refused:
        game.apply(PlaceCard("intrigue_plus_2", "school"))
    assert str(refused.value) == "TL-D3a: protagonist:0 has no intrigue_plus_2 in hand"
    assert refused.value.localized("en") == "TL-D3a: Protagonist A has no Intrigue +2 in hand"
    assert refused.value.localized("vi") == "TL-D3a: Nhân vật Chính A không có thẻ Intrigue +2 trên tay"
    error = game._why_goodwill_illegal(UseAbility("pop_idol.2", "pop_idol", "office_worker"))
    assert "pop_idol" not in error.localized("en") and "pop_idol" in str(error)


def _game_log(script: str, seed: int) -> list[dict[str, object]]:
    from rulesengine.looper.play.agents import RandomAgent
    from rulesengine.looper.rules.engine import Game, play
    from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script

    game = Game(load_script(SCRIPTS_DIR / f"{script}.yaml"))
    play(game, {"mastermind": RandomAgent(seed), "protagonists": RandomAgent(seed + 10)})
    return game.view("mastermind")["log"]


def _first_event(kind: str, **match: object) -> dict[str, object]:
    """The first ``kind`` event (with ``match``) of random games over the shipped scripts and a few seeds."""
    from rulesengine.looper.rules.script import shipped_scripts

    for path in shipped_scripts():
        for seed in range(8):
            for event in _game_log(path.stem, seed):
                if event["kind"] == kind and all(event.get(k) == v for k, v in match.items()):
                    return event
    raise AssertionError(f"no {kind} {match} in the random games")


def test_the_engine_says_why_an_incident_did_not_happen_tl_d7a_tl_d7b():
    check = _first_event("incident_check", reason="paranoia")
    assert isinstance(check["paranoia"], int) and isinstance(check["limit"], int)
    assert check["paranoia"] < check["limit"]
    assert describe_event(check, "en").endswith(
        f"has paranoia {check['paranoia']} < limit {check['limit']} (TL-D7b).")
    absent = _first_event("incident_check", reason="absent")  # a culprit off the board (TL-D7a)
    assert describe_event(absent, "vi").endswith("không có trên bàn (TL-D7a).")
    dead = {**absent, "reason": "dead"}
    assert describe_event(dead, "en").endswith("is dead (TL-D7a).")


def test_a_move_to_a_forbidden_location_is_ignored_and_the_log_says_so_tl_d4():
    from rulesengine.looper.rules.content import load_content

    ignored = _first_event("move_ignored")
    character, location = str(ignored["character"]), str(ignored["location"])
    assert ignored["visibility"] == "public"
    assert location in load_content().characters[character].forbidden
    event = {"kind": "move_ignored", "character": "office_worker", "location": "school"}
    assert describe_event(event, "en") == (
        "Office Worker does not move: School is forbidden to Office Worker (the move is ignored).")
    assert describe_event(event, "vi") == (
        "Nhân viên văn phòng không di chuyển: Nhân viên văn phòng bị cấm vào Trường học (bỏ qua di chuyển).")
