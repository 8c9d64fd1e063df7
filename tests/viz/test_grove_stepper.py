"""The In a Grove stepper driven from Python: click its buttons, read the controller and the picture."""

from __future__ import annotations

from matplotlib.figure import Figure

from rulesengine.grove import EventKind, Phase, culprit_index
from rulesengine.viz.grove.table import GroveStepper, draw_table


def texts(stepper: GroveStepper) -> list[str]:
    return [t.get_text() for t in stepper.picture.figure.axes[0].texts]


def test_clicking_through_a_whole_round_reaches_the_reveal_and_penalties():
    stepper = GroveStepper(players=3, seed=2026)
    seen_stages = []
    for _ in range(20):
        stepper.next_button.click()
        seen_stages.append(stepper.stage)
        if stepper.stage == "penalties":
            break
    assert seen_stages[:2] == ["dealt", "passed"]
    assert "reveal" in seen_stages and seen_stages[-1] == "penalties"
    result = stepper.state.rounds[0]
    assert 'data-stage="penalties"' in stepper.caption.value
    assert "GR-V3" in stepper.caption.value
    summary = [t for t in texts(stepper) if "GR-V" in t]
    assert summary, texts(stepper)
    for p in result.penalties:
        assert f"Seat {p.seat} +{len(p.chips)}" in summary[0]
    stepper.next_button.click()
    assert stepper.state.round == 2 and stepper.stage == "dealt"


def test_reveal_frame_shows_the_culprit_and_the_stacks():
    stepper = GroveStepper(players=4, seed=3)
    while stepper.stage != "reveal":
        stepper.next_step()
    assert "Culprit" in texts(stepper)
    ax = stepper.picture.figure.axes[0]
    ellipses = [p for p in ax.patches if type(p).__name__ == "Ellipse"]
    assert len(ellipses) >= 1 + 4  # the table, then one chip per player in the stacks


def test_a_learner_choice_for_a_seat_and_an_illegal_one():
    stepper = GroveStepper(players=3, seed=5)
    stepper.next_step()  # deal
    stepper.acting.value = 1
    stepper.look_button.click()
    assert stepper.message.last_error is not None and stepper.message.last_error.startswith("GR-P2")
    assert stepper.state.phase is Phase.LOOK  # unchanged
    stepper.acting.value = 0
    stepper.pair.value = (1, 2)
    stepper.look_button.click()
    assert stepper.message.last_error is None and stepper.state.unseen == 0
    stepper.suspect.value = 1
    stepper.accuse_button.click()
    assert stepper.state.accusations[0] == 1
    assert stepper.acting.value == 1  # the controls follow the pending decision
    stepper.pair.value = (0, 1)  # seat 0 accused suspect 1: seat 1 may only look at 0 and 2
    stepper.look_button.click()
    assert stepper.message.last_error.startswith("GR-P4: seat 1 may look only at suspects 0 and 2")
    assert "GR-P4" in stepper.message.widget.value


def test_seat_view_hides_what_that_seat_has_not_seen():
    stepper = GroveStepper(players=3, seed=2026)
    for _ in range(3):
        stepper.next_step()  # deal, pass, the leader looks
    deal = stepper.state.deal
    assert deal is not None
    looked = stepper.state.looks[0]
    stepper.view.value = 1
    faces_seat1 = texts(stepper)
    stepper.view.value = 0
    faces_seat0 = texts(stepper)
    assert faces_seat0.count("?") < faces_seat1.count("?")
    for i in looked:
        assert deal.suspects[i].label in faces_seat0
    private = [e for e in stepper.state.visible_events(1) if not e.public]
    assert all(e.audience == 1 for e in private)
    assert "grove-private" in stepper.log.value
    stepper.view.value = -1
    assert stepper.viewer is None


def test_game_that_ends_at_once_shows_the_ranking_gr_e1_gr_e2():
    """Five players all accuse the same innocent suspect: seat 4 takes five chips and the game ends."""
    stepper = GroveStepper(players=5, seed=11)
    stepper.next_button.click()  # the deal
    deal = stepper.state.deal
    assert deal is not None
    innocent = next(i for i in range(3) if i != culprit_index(deal.suspects))
    for seat in range(5):
        stepper.acting.value = seat
        stepper.pair.value = (0, 1) if seat == 0 else stepper.state.legal_actions()[0].suspects
        stepper.look_button.click()
        stepper.suspect.value = innocent
        stepper.accuse_button.click()
    assert stepper.state.is_terminal() and stepper.stage == "reveal"
    stepper.next_button.click()
    assert stepper.stage == "penalties"
    assert any(t.startswith("Ranking (GR-E2, GR-E3)") for t in texts(stepper))
    assert "4. Seat 3: 0" in next(t for t in texts(stepper) if t.startswith("Ranking"))
    assert stepper.state.events[-1].kind is EventKind.END
    stepper.next_button.click()
    assert stepper.message.last_error is None and "GR-E1" in stepper.message.widget.value
    stepper.reset_button.click()
    assert stepper.state.round == 1 and stepper.state.is_chance_node()


def test_language_switch_relabels_the_stepper():
    stepper = GroveStepper(players=2, seed=1)
    stepper.switch.widget.value = "vi"
    assert stepper.next_button.description == "Bước tiếp theo"
    assert stepper.view.options[0] == ("Người dẫn truyện (tất cả)", -1)
    stepper.next_step()
    assert "Vòng 1" in stepper.picture.figure.axes[0].get_title()


def test_draw_table_returns_the_axes_for_every_stage():
    stepper = GroveStepper(players=2, seed=4)
    for _ in range(8):
        stepper.next_step()
        ax = draw_table(stepper.state, None, stepper.stage, ax=Figure().add_subplot())
        assert ax.get_title().startswith("Round")
