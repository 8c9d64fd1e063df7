"""Small drivers for the grove scenario tests (not a test module)."""

from __future__ import annotations

from collections.abc import Sequence

from rulesengine.grove import Accuse, Deal, GameState, Look


def play_round(
    state: GameState, deal: Deal, accusations: Sequence[int], leader_look: tuple[int, int] = (0, 1)
) -> GameState:
    """Deal, then let each seat in turn (leader first, clockwise) look and accuse.

    ``accusations[j]`` is the suspect accused by the j-th player to act this round. The leader looks at
    ``leader_look``; the others look at the only pair GR-P4 allows them.
    """
    state = state.apply(deal)
    for j, suspect in enumerate(accusations):
        seat = state.current_player()
        assert seat == (state.leader + j) % state.players
        if j == 0:
            state = state.apply(Look(seat, leader_look))
        else:
            (look,) = state.legal_actions()
            state = state.apply(look)
        state = state.apply(Accuse(seat, suspect))
    return state
