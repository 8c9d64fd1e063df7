"""Audit (second reader): TL-D4 card resolution on random legal days checked against an independent
reference written from the rules text alone (TL-D4, TL-D4a, TL-D4c and content facts §1, §2).

The reference below shares no code with the engine: it works the grid out from the 2x2 picture of
content §2 and applies the four sub-steps in order. Random legal games on every shipped script are
paused before each TL-D4 (``pause_between_phases``); the board after the engine's resolution must equal
the reference's. Days where the Cultist's choice comes up are skipped (its option is a decision).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import load_script, shipped_scripts
from rulesengine.looper.rules.state import Phase

# content §2: Hospital | Shrine over City | School; (row, column)
GRID = {"hospital": (0, 0), "shrine": (0, 1), "city": (1, 0), "school": (1, 1)}
FLIP = {"move_horizontal": (0, 1), "move_vertical": (1, 0), "move_diagonal": (1, 1)}
ONCE = {
    "mastermind": {"intrigue_plus_2", "move_diagonal"},
    "protagonist": {"paranoia_minus_1", "goodwill_plus_2", "forbid_movement"},
}


def reference(game: Game) -> dict[str, Any]:
    """The board after TL-D4, worked out from the rules text (no engine function used)."""
    cards = [(pc.owner, pc.card, pc.target) for pc in game.cards]
    chars = {c: ch for c, ch in game.chars.items() if ch.alive and ch.location is not None}
    loc = {c: ch.location for c, ch in chars.items()}
    para = {c: ch.paranoia for c, ch in game.chars.items()}
    good = {c: ch.goodwill for c, ch in game.chars.items()}
    intr = {c: ch.intrigue for c, ch in game.chars.items()}
    lint = dict(game.location_intrigue)
    # (1) Forbid Movement
    stopped = {t for _, k, t in cards if k == "forbid_movement"}
    # (2) Movement: distinct directions flip row/column; a forbidden destination cancels the whole move
    for c in chars:
        if c in stopped:
            continue
        kinds = {k for _, k, t in cards if t == c and k in FLIP}
        if not kinds:
            continue
        dr = sum(FLIP[k][0] for k in kinds) % 2
        dc = sum(FLIP[k][1] for k in kinds) % 2
        r, col = GRID[str(loc[c])]
        dest = next(name for name, pos in GRID.items() if pos == ((r + dr) % 2, (col + dc) % 2))
        forbidden = {str(x) for x in game.content.characters[c].forbidden}
        if (c == "patient" and game.patient_free) or c in game.unforbidden:  # (doctor.2, young_girl.1)
            forbidden = set()
        if dest not in forbidden:
            loc[c] = dest
    # (3) the other Forbid cards; two or more Forbid Intrigue void each other
    fp = {t for _, k, t in cards if k == "forbid_paranoia"}
    fg = {t for _, k, t in cards if k == "forbid_goodwill" and game.roles.get(t) != "time_traveler"}
    fi_cards = [t for _, k, t in cards if k == "forbid_intrigue"]
    fi = set(fi_cards) if len(fi_cards) == 1 else set()
    # (4) counters: paranoia +1s before -1s, never below zero; goodwill and intrigue added
    plus = {c: sum(1 for _, k, t in cards if t == c and k == "paranoia_plus_1") for c in chars}
    minus = {c: sum(1 for _, k, t in cards if t == c and k == "paranoia_minus_1") for c in chars}
    for c in chars:
        if c not in fp:
            para[c] = max(0, para[c] + plus[c] - minus[c])
    for _, k, t in cards:
        if k in ("goodwill_plus_1", "goodwill_plus_2") and t in chars and t not in fg:
            good[t] += 1 if k == "goodwill_plus_1" else 2
        if k in ("intrigue_plus_1", "intrigue_plus_2") and t not in fi:
            n = 1 if k == "intrigue_plus_1" else 2
            if t in lint:
                lint[t] += n
            elif t in chars:
                intr[t] += n
    if "illusion" in chars:  # illusion.p1 (⚠d): no card on her; her location's intrigue cards apply to her
        intr["illusion"] += lint[str(loc["illusion"])] - game.location_intrigue[str(loc["illusion"])]
    spent = {o: list(v) for o, v in game.spent.items()}
    for owner, k, _ in cards:  # TL-D4c: once-per-loop cards are spent, cancelled or not
        if k in ONCE["mastermind" if owner == "mastermind" else "protagonist"]:
            spent[owner].append(k)
    return {
        "where": {c: loc.get(c, game.chars[c].location) for c in game.chars},
        "paranoia": para,
        "goodwill": good,
        "intrigue": intr,
        "locations": lint,
        "spent": {o: sorted(v) for o, v in spent.items()},
    }


def observed(game: Game) -> dict[str, Any]:
    """The same quantities read from the engine's board."""
    return {
        "where": {c: ch.location for c, ch in game.chars.items()},
        "paranoia": {c: ch.paranoia for c, ch in game.chars.items()},
        "goodwill": {c: ch.goodwill for c, ch in game.chars.items()},
        "intrigue": {c: ch.intrigue for c, ch in game.chars.items()},
        "locations": dict(game.location_intrigue),
        "spent": {o: sorted(v) for o, v in game.spent.items()},
    }


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_card_resolution_matches_a_reference_from_the_rules_tl_d4(path: Any) -> None:
    """TL-D4/TL-D4a/TL-D4c: on 25 random games per script the engine's TL-D4 equals the reference."""
    script = load_script(path)
    checked = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = Game(script, pause_between_phases=True)
        while not game.is_over:
            if game.is_paused:
                if game.phase is Phase.CARD_RESOLUTION and len(game.cards) == 6:
                    expected = reference(game)
                    game.resume()
                    if game.pending is not None and game.pending.kind == "cultist":
                        continue
                    assert observed(game) == expected, (seed, game.loop, game.day)
                    checked += 1
                else:
                    game.resume()
                continue
            game.apply(rng.choice(game.legal_actions()))
    assert checked >= 50


DAY_ORDER = [
    Phase.DAY_START,
    Phase.MASTERMIND_CARDS,
    Phase.PROTAGONIST_CARDS,
    Phase.CARD_RESOLUTION,
    Phase.MASTERMIND_ABILITY,
    Phase.GOODWILL_ABILITY,
    Phase.INCIDENT,
    Phase.LEADER_SWITCH,
    Phase.DAY_END,
]


def incident_expected(game: Game) -> str | None:
    """TL-D7/TL-D7a/TL-D7b from the rules text: ``None`` (nothing scheduled), "happened" or "not"."""
    sched = game.script.incident_on(game.day)
    if sched is None:
        return None
    ch = game.chars[sched.culprit]
    limit = game.content.characters[sched.culprit].paranoia_limit
    count = ch.paranoia + ch.goodwill + ch.intrigue if sched.culprit == "ai" else ch.paranoia  # (ai.p1)
    ok = ch.alive and ch.location is not None and count >= limit and sched.culprit not in game.suppressed
    return "happened" if ok else "not"


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_steps_in_order_and_incidents_follow_tl_d7_on_random_games(path: Any) -> None:
    """TL-D1..TL-D9 in order each day (a day cut short by an immediate loop end stops early, and only
    then misses TL-D8); TL-D7a/b decide every scheduled incident; TL-D9b: the loop ends on its last day."""
    script = load_script(path)
    incidents = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = Game(script, pause_between_phases=True)
        seen: list[Phase] = []
        day_of = (game.loop, game.day)
        while not game.is_over:
            if game.is_paused:
                if game.phase is Phase.INCIDENT:
                    expected = incident_expected(game)
                    mark = len(game.log)
                    game.resume()
                    kinds = [e.kind for e in game.log[mark:]]
                    if expected is None:
                        assert "incident_happened" not in kinds and "incident_not_happened" not in kinds
                    elif expected == "happened":
                        assert "incident_happened" in kinds, (seed, kinds)
                        incidents += 1
                    else:
                        assert kinds[0] == "incident_not_happened", (seed, kinds)
                    continue
                if game.phase in DAY_ORDER:
                    if (game.loop, game.day) != day_of:
                        seen, day_of = [], (game.loop, game.day)
                    seen.append(game.phase)
                    assert seen == sorted(seen, key=DAY_ORDER.index), (seed, seen)
                if game.phase is Phase.LOOP_END:
                    ended_early = game.lost and game.end_now
                    assert ended_early or game.day == script.days, (seed, game.day)
                    assert ended_early or Phase.LEADER_SWITCH in seen, (seed, seen)
                game.resume()
                continue
            game.apply(rng.choice(game.legal_actions()))
    assert incidents >= 1


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_goodwill_offers_and_answers_follow_tl_d6_on_random_games(path: Any) -> None:
    """TL-D6a (enough goodwill), TL-D6e (once a day; ★ once a loop, counted from the public
    declarations, refused ones included) and TL-D6c (the Mastermind's answers by refusal) on random games."""
    from rulesengine.looper.rules.actions import Allow, Refuse, UseAbility

    script = load_script(path)
    content = Game(script).content
    abilities = {a.id: a for ch in content.characters.values() for a in ch.abilities}
    abilities["sacred_tree.p1"] = Game(script).goodwill_def("sacred_tree.p1")  # (a passive declared in TL-D6)
    answered = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = Game(script)
        while not game.is_over:
            pending = game.pending
            assert pending is not None
            if pending.kind == "goodwill":
                declared = [
                    (e.loop, e.day, e.data["ability"]) for e in game.log if e.kind == "goodwill_declared"
                ]
                for a in pending.options:
                    if not isinstance(a, UseAbility):
                        continue
                    ab = abilities[a.ability]
                    assert game.chars[a.source].goodwill >= ab.cost  # TL-D6a
                    assert (game.loop, game.day, a.ability) not in declared  # TL-D6e
                    if ab.once_per_loop:
                        assert all((lp, aid) != (game.loop, a.ability) for lp, _, aid in declared)
            elif pending.kind == "goodwill_response":
                decl = next(e for e in reversed(game.log) if e.kind == "goodwill_declared").data
                refusal = str(game.content.roles[game.roles[decl["source"]]].refusal)
                if abilities[decl["ability"]].unrefusable or refusal == "none":
                    expected: tuple[object, ...] = (Allow(),)
                elif refusal == "mandatory":
                    expected = (Refuse(),)
                else:
                    expected = (Allow(), Refuse())
                assert pending.options == expected, (seed, decl)
                answered += 1
            game.apply(rng.choice(game.legal_actions()))
    assert answered >= 1


BASE_HAND = {
    "mastermind": {
        "paranoia_plus_1": 2,
        "paranoia_minus_1": 1,
        "forbid_paranoia": 1,
        "forbid_goodwill": 1,
        "intrigue_plus_1": 1,
        "intrigue_plus_2": 1,
        "move_horizontal": 1,
        "move_vertical": 1,
        "move_diagonal": 1,
    },
    "protagonist": {
        "paranoia_plus_1": 1,
        "paranoia_minus_1": 1,
        "goodwill_plus_1": 1,
        "goodwill_plus_2": 1,
        "forbid_intrigue": 1,
        "move_horizontal": 1,
        "move_vertical": 1,
        "forbid_movement": 1,
    },
}


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_placement_options_follow_tl_d2_tl_d3_on_random_games(path: Any) -> None:
    """TL-D2/TL-D2a/TL-D3/TL-D3a/TL-D3c/TL-D4c and content §1 on random games: every placement option is
    a card still in hand (the hand of content §1, minus today's cards and the once-per-loop cards played
    this loop, plus those the Class Rep gave back) on a location or a living character on the board, not
    already taken by the same side (the Mastermind) or by another protagonist."""
    from rulesengine.looper.rules.actions import PlaceCard

    script = load_script(path)
    checked = 0
    for seed in range(15):
        rng = random.Random(seed)
        game = Game(script)
        played: list[tuple[int, int, str, str, str]] = []  # loop, day, owner, card, target
        while not game.is_over:
            pending = game.pending
            assert pending is not None
            if pending.kind == "place_card":
                owner = pending.who
                side = "mastermind" if owner == "mastermind" else "protagonist"
                hand = dict(BASE_HAND[side])
                returned = [
                    e.data["card"]
                    for e in game.log
                    if e.kind == "card_returned" and e.loop == game.loop and e.data["owner"] == owner
                ]
                for lp, d, o, card, _ in played:
                    if o == owner and lp == game.loop and (d == game.day or card in ONCE[side]):
                        hand[card] -= 1
                for card in returned:
                    hand[card] += 1
                today = [(o, t) for lp, d, o, _, t in played if (lp, d) == (game.loop, game.day)]
                if owner == "mastermind":
                    taken = {t for o, t in today if o == "mastermind"}
                else:
                    taken = {t for o, t in today if o != "mastermind"}
                board = [c for c, ch in game.chars.items() if ch.alive and ch.location is not None]
                board = [c for c in board if c != "illusion"]  # illusion.p1: no card can be placed on her
                targets = {"hospital", "shrine", "city", "school", *board} - taken
                expected = {(c, t) for c, n in hand.items() if n > 0 for t in targets}
                got = {(a.card, a.target) for a in pending.options if isinstance(a, PlaceCard)}
                assert got == expected, (seed, owner, game.loop, game.day)
                checked += 1
            action = rng.choice(game.legal_actions())
            if isinstance(action, PlaceCard):
                played.append((game.loop, game.day, pending.who, action.card, action.target))
            game.apply(action)
    assert checked >= 100


def together(game: Game, a: str, b: str) -> bool:
    """Two characters in one location; the Boss also counts as being in its turf (content §8)."""
    la, lb = game.chars[a].location, game.chars[b].location
    turf = game.script.boss_turf
    return la == lb or (a == "boss" and turf == lb) or (b == "boss" and turf == la)


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_day_end_follows_tl_d9_on_random_games(path: Any) -> None:
    """TL-D9, TL-D5c, serial_killer.1, killer.1/2, loved_one.2 on random games: the mandatory Serial
    Killer batch kills exactly the lone other character of each Serial Killer (unless guarded or
    immortal), and the optional choices offered afterwards are exactly those whose condition holds."""
    from rulesengine.looper.rules.actions import UseAbility

    script = load_script(path)
    for seed in range(25):
        rng = random.Random(seed)
        game = Game(script, pause_between_phases=True)
        while not game.is_over:
            if not game.is_paused:
                game.apply(rng.choice(game.legal_actions()))
                continue
            if game.phase is not Phase.DAY_END:
                game.resume()
                continue
            living = [c for c, ch in game.chars.items() if ch.alive and ch.location is not None]
            victims = set()
            for sk in (c for c in living if game.roles[c] == "serial_killer"):
                others = [c for c in living if c != sk and together(game, c, sk)]
                if len(others) == 1:
                    victims.add(others[0])
            dying = {
                v
                for v in victims
                if game.chars[v].guards == 0 and not game.content.roles[game.roles[v]].immortal
            }
            mark = len(game.log)
            game.resume()
            assert {e.data["character"] for e in game.log[mark:] if e.kind == "death"} >= dying
            if game.pending is None or game.pending.kind != "day_end_ability":
                continue
            alive = [c for c, ch in game.chars.items() if ch.alive and ch.location is not None]
            expected = set()
            for k in (c for c in alive if game.roles[c] == "killer"):
                for kp in (c for c in alive if game.roles[c] == "key_person"):
                    if together(game, kp, k) and game.chars[kp].intrigue >= 2:
                        expected.add(("killer.1", k, kp))
                if game.chars[k].intrigue >= 4:
                    expected.add(("killer.2", k, ""))
            for lo in (c for c in alive if game.roles[c] == "loved_one"):
                if game.chars[lo].paranoia >= 3 and game.chars[lo].intrigue >= 1:
                    expected.add(("loved_one.2", lo, ""))
            got = {(a.ability, a.source, a.target) for a in game.legal_actions() if isinstance(a, UseAbility)}
            assert got == expected, (seed, game.loop, game.day)


def expected_losses(game: Game, start: dict[str, str | None]) -> set[str]:
    """The loop-end loss rules that hold, from content §5, §6 and §9 (``start``: locations at day 1)."""
    plots = {game.script.main_plot, *game.script.subplots}
    li = game.location_intrigue
    holders = {
        r: [c for c in game.chars if game.roles[c] == r] for r in ("friend", "brain", "key_person", "witch")
    }
    out = set()
    if any(not game.chars[c].alive for c in holders["friend"]):
        out.add("friend.1")
    if "light_of_the_avenger" in plots and any(li.get(str(start[c]), 0) >= 2 for c in holders["brain"]):
        out.add("light_of_the_avenger.1")
    if "a_place_to_protect" in plots and li["school"] >= 2:
        out.add("a_place_to_protect.1")
    if "the_sealed_item" in plots and li["shrine"] >= 2:
        out.add("the_sealed_item.1")
    if "sign_with_me" in plots and any(game.chars[c].intrigue >= 2 for c in holders["key_person"]):
        out.add("sign_with_me.2")
    butterfly = any(
        e.kind == "incident_happened" and e.loop == game.loop and e.data["incident"] == "butterfly_effect"
        for e in game.log
    )
    if "change_of_future" in plots and butterfly:
        out.add("change_of_future.1")
    if "giant_time_bomb_x" in plots and any(li.get(str(start[c]), 0) >= 2 for c in holders["witch"]):
        out.add("giant_time_bomb_x.1")
    return out


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_loop_end_losses_follow_tl_le2_on_random_games(path: Any) -> None:
    """TL-LE2 with the plot rules of content §6 and §9 and friend.1, on random games: the loss reasons at
    each loop end are exactly those whose condition holds (starting locations taken at day 1 of the loop)."""
    script = load_script(path)
    ends = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = Game(script, pause_between_phases=True)
        start: dict[str, str | None] = {}
        while not game.is_over:
            if not game.is_paused:
                game.apply(rng.choice(game.legal_actions()))
                continue
            if game.phase is Phase.DAY_START and game.day == 1:
                start = {c: ch.location for c, ch in game.chars.items()}
            if game.phase is not Phase.LOOP_END:
                game.resume()
                continue
            expected = expected_losses(game, start)
            immediate = game.lost
            mark = len(game.log)
            game.resume()
            reasons = next(e.data["reasons"] for e in game.log[mark:] if e.kind == "loop_end_reasons")
            assert set(reasons) - {"immediate"} == expected, (seed, game.loop)
            assert ("immediate" in reasons) is immediate
            ends += 1
    assert ends >= 25
