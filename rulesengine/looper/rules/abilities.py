"""Abilities of characters (goodwill, TL-D6), roles and plots (TL-D5, TL-D9, TL-LE2), each by its id.

Every ability id in the content data is implemented here or in the engine; :data:`IMPLEMENTED`
lists them with where they act (a test checks the list against the data).

>>> sorted(IMPLEMENTED)[:3]
['a_place_to_protect.1', 'ai.1', 'ai.p1']
"""

from __future__ import annotations

from typing import Final

from rulesengine.looper.rules.actions import UseAbility, ability_order, use_ability
from rulesengine.looper.rules.content import GoodwillAbility
from rulesengine.looper.rules.state import EventKind, Visibility
from rulesengine.looper.rules.state import Table as Game

#: Every ability or plot rule id the engine implements, with the place it acts.
IMPLEMENTED: Final[dict[str, str]] = {
    # roles
    "key_person.1": "state.Table._after_death",
    "killer.1": "day_end_options",
    "killer.2": "day_end_options",
    "brain.1": "mastermind_options",
    "cultist.1": "engine.Game.card_resolution",
    "conspiracy_theorist.1": "mastermind_options",
    "serial_killer.1": "day_end_mandatory",
    "friend.1": "loop_end_losses",
    "friend.2": "engine.Game.loop_start",
    "time_traveler.1": "engine.Game.card_resolution",
    "time_traveler.2": "day_end_mandatory",
    "lover.1": "state.Table._after_death",
    "loved_one.1": "state.Table._after_death",
    "loved_one.2": "day_end_options",
    "factor.1": "mastermind_options",
    "factor.2": "state.Table.has_key_person_ability",
    # plots
    "light_of_the_avenger.1": "loop_end_losses",
    "a_place_to_protect.1": "loop_end_losses",
    "an_unsettling_rumor.1": "mastermind_options",
    "the_sealed_item.1": "loop_end_losses",
    "sign_with_me.1": "script.validate_script (script creation)",
    "sign_with_me.2": "loop_end_losses",
    "change_of_future.1": "loop_end_losses",
    "giant_time_bomb_x.1": "loop_end_losses",
    "paranoia_virus.1": "state.Table.update_virus",
    "threads_of_fate.1": "engine.Game.loop_start",
    # characters
    "boy_student.1": "goodwill",
    "girl_student.1": "goodwill",
    "rich_mans_daughter.1": "goodwill",
    "class_rep.1": "goodwill",
    "mystery_boy.1": "goodwill",
    "shrine_maiden.1": "goodwill",
    "shrine_maiden.2": "goodwill",
    "alien.1": "goodwill",
    "alien.2": "goodwill",
    "godly_being.1": "goodwill",
    "godly_being.2": "goodwill",
    "police_officer.1": "goodwill",
    "police_officer.2": "goodwill",
    "office_worker.1": "goodwill",
    "informer.1": "goodwill",
    "pop_idol.1": "goodwill",
    "pop_idol.2": "goodwill",
    "journalist.1": "goodwill",
    "journalist.2": "goodwill",
    "boss.1": "goodwill",
    "doctor.1": "goodwill and mastermind_options",
    "doctor.2": "goodwill",
    "nurse.1": "goodwill",
    "henchman.1": "goodwill",
    # the wider cast (issue 24): goodwill abilities, then the passives (<id>.p<n>)
    "teacher.1": "goodwill",
    "teacher.2": "goodwill",
    "transfer_student.1": "goodwill",
    "transfer_student.p1": "engine.Game.loop_start and engine.Game.day_start",
    "soldier.1": "goodwill",
    "soldier.2": "goodwill and state.Table.protagonists_die",
    "black_cat.p1": "engine.Game.loop_start",
    "black_cat.p2": "engine.Game.incident",
    "scientist.p1": "engine.Game.loop_start",
    "scientist.1": "goodwill",
    "forensic_specialist.1": "goodwill",
    "forensic_specialist.2": "goodwill",
    "ai.p1": "engine.Game.incident_occurs",
    "ai.1": "goodwill and engine.Game._borrow",
    "illusion.p1": "engine.Game.card_targets and engine.Game.card_resolution",
    "illusion.1": "goodwill",
    "illusion.2": "goodwill",
    "young_girl.1": "goodwill",
    "young_girl.2": "goodwill",
    "sacred_tree.p1": "goodwill",
    "sacred_tree.p2": "mastermind_mandatory",
    "sect_founder.p1": "engine.Game.incident",
    "sect_founder.1": "goodwill",
    "sect_founder.2": "goodwill",
    "copycat.1": "goodwill",
}

#: The first loop in which the Copycat's ability can be used (the card: "from loop 2 on").
COPYCAT_FROM_LOOP: Final = 2
#: The counters a character may carry and an ability may move.
COUNTERS: Final = ("goodwill", "intrigue", "paranoia")


def goodwill_ability(game: Game, ability_id: str) -> GoodwillAbility:
    """The goodwill ability with this id (from the game's content)."""
    return game.goodwill_def(ability_id)


# ---------------------------------------------------------------------------- goodwill (TL-D6)


def _targets(game: Game, ab: GoodwillAbility, cid: str) -> list[tuple[str, str]]:
    """(target, extra) pairs the leader may name for ability ``ab`` of character ``cid``."""
    ch = game.chars[cid]
    loc = str(ch.location)
    aid = ab.id
    if aid in ("boy_student.1", "girl_student.1"):
        cs = game.others_here(cid)
        if not game.rulings.student_any_target:
            cs = [c for c in cs if "student" in game.content.characters[c].tags]
        return [(c, "") for c in cs]
    if aid == "rich_mans_daughter.1":
        return [(c, "") for c in game.here(cid)] if loc in ("school", "city") else []
    if aid == "class_rep.1":
        owner = f"protagonist:{game.leader}"
        return [(card, "") for card in sorted(set(game.spent[owner]))]
    if aid in ("mystery_boy.1", "office_worker.1"):
        if aid == "mystery_boy.1" and game.loop < game.rulings.mystery_boy_from_loop:
            return []
        return [(cid, "")]
    if aid == "shrine_maiden.1":
        return [("shrine", "")] if loc == "shrine" else []
    if aid == "shrine_maiden.2":  # a character here, herself included (both reference data sets)
        return [(c, "") for c in game.here(cid)]
    if aid == "alien.1":
        return [(c, "") for c in game.others_here(cid)]
    if aid == "alien.2":
        return [(c, "") for c in game.cast if not game.chars[c].alive and game.chars[c].location == loc]
    if aid == "godly_being.1":
        return [(str(s.day), "") for s in game.script.incidents]
    if aid in ("godly_being.2", "journalist.2"):
        return [(loc, "")] + [(c, "") for c in game.here(cid)]
    if aid == "police_officer.1":
        pool = game.happened if game.rulings.police_this_loop_only else game.happened_ever
        return [(str(d), "") for d in sorted({r["day"] for r in pool})]
    if aid == "police_officer.2":  # *another* character here (both reference data sets)
        return [(c, "") for c in game.others_here(cid)]
    if aid == "informer.1":
        return [("", s) for s in sorted(game.tragedy_set.subplots)]
    if aid in ("pop_idol.1", "pop_idol.2"):
        return [(c, "") for c in game.others_here(cid)]
    if aid == "journalist.1":
        return [(c, "") for c in game.living() if c != cid]
    if aid == "boss.1":
        turf = game.script.boss_turf
        return [] if turf is None else [(c, "") for c in game.at(str(turf)) if c != cid]
    if aid == "doctor.1":
        return [(c, e) for c in game.others_here(cid) for e in ("+", "-")]
    if aid == "doctor.2":
        return [("patient", "")] if "patient" in game.cast else []
    if aid == "nurse.1":
        nurse_here = game.here(cid) if game.rulings.nurse_on_herself else game.others_here(cid)
        return [(c, "") for c in nurse_here if game.chars[c].paranoia >= game.paranoia_limit(c)]
    if aid == "henchman.1":
        return [(cid, "")]
    return _wider_targets(game, aid, cid, loc)


def _students_here(game: Game, cid: str) -> list[str]:
    """Other living Students in ``cid``'s location (never an animal, a construct or a tree)."""
    return [c for c in game.others_here(cid) if "student" in game.content.characters[c].tags]


def _panicked(game: Game, cid: str) -> bool:
    """Whether a character is at or above its paranoia limit."""
    return game.chars[cid].paranoia >= game.paranoia_limit(cid)


def _wider_targets(game: Game, aid: str, cid: str, loc: str) -> list[tuple[str, str]]:
    """:func:`_targets` for the abilities of the wider cast (issue 24)."""
    chars = game.chars
    if aid == "teacher.1":
        return [(c, e) for c in _students_here(game, cid) for e in ("+", "-")]
    if aid == "teacher.2":
        return [(c, "") for c in _students_here(game, cid)]
    if aid == "transfer_student.1":
        return [(c, "") for c in game.others_here(cid) if chars[c].intrigue > 0]
    if aid == "soldier.1":
        return [(c, "") for c in game.others_here(cid)]
    if aid in ("soldier.2", "illusion.2", "copycat.1"):
        if aid == "copycat.1" and game.loop < COPYCAT_FROM_LOOP:
            return []
        if aid == "soldier.2" and game.protected:
            return []
        return [(cid, "")]
    if aid == "scientist.1":
        ch = chars[cid]
        return [(cid, "")] if ch.paranoia or ch.goodwill or ch.intrigue else []
    if aid == "forensic_specialist.1":
        others = game.others_here(cid)
        return [
            (a, f"{b}|{k}")
            for a in others
            for b in others
            if a != b
            for k in COUNTERS
            if getattr(chars[a], k) > 0
        ]
    if aid == "forensic_specialist.2":
        return [(c, "") for c in game.cast if not chars[c].alive and chars[c].location is not None]
    if aid == "ai.1":
        return [(str(s.day), "") for s in game.script.incidents]
    if aid == "illusion.1":
        return [
            (c, dest)
            for c in game.here(cid)
            for dest in game.locations
            if dest != chars[c].location and dest not in game.forbidden(c)
        ]
    if aid == "young_girl.1":
        return [(cid, "")] if game.forbidden(cid) else []
    if aid == "young_girl.2":
        near = {game.layout.move(loc, d) for d in ("horizontal", "vertical")}
        return [(dest, "") for dest in sorted(near) if dest not in game.forbidden(cid)]
    if aid == "sect_founder.1":
        return [(c, "") for c in game.living() if c != cid and _panicked(game, c)]
    if aid == "sect_founder.2":
        return [(c, "") for c in game.others_here(cid) if _panicked(game, c)]
    raise KeyError(f"goodwill ability {aid!r} has no implementation")


def counter_moves(game: Game, cid: str) -> list[tuple[str, str]]:
    """(target, counter) pairs for moving one counter off ``cid`` to another character with it
    (sacred_tree.p1, sacred_tree.p2)."""
    ch = game.chars[cid]
    return [(c, k) for c in game.others_here(cid) for k in COUNTERS if getattr(ch, k) > 0]


def goodwill_options(game: Game) -> tuple[UseAbility, ...]:
    """The goodwill abilities the leader may declare now (TL-D6a, TL-D6e), sorted.

    >>> from rulesengine.looper.rules.engine import Game
    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> game.chars["pop_idol"].goodwill = 3
    >>> goodwill_options(game)
    (UseAbility(ability='pop_idol.1', source='pop_idol', target='office_worker', extra=''),)
    """
    out: list[UseAbility] = []
    for cid in game.living():
        ch = game.chars[cid]
        for ab in game.content.characters[cid].abilities:
            if ch.goodwill < ab.cost or ab.id in game.used_today:
                continue
            if ab.once_per_loop and ab.id in game.used_loop:
                continue
            out.extend(use_ability(ab.id, cid, t, e) for t, e in _targets(game, ab, cid))
    if "sacred_tree" in game.cast and game.active("sacred_tree"):  # sacred_tree.p1 (TL-D6, ⚠f)
        used = game.used_today if game.rulings.sacred_tree_once_per_day else game.used_loop
        if "sacred_tree.p1" not in used:
            moves = counter_moves(game, "sacred_tree")
            out += [use_ability("sacred_tree.p1", "sacred_tree", c, k) for c, k in moves]
    return tuple(sorted(out, key=ability_order))


def apply_goodwill(game: Game, a: UseAbility) -> str | None:
    """Resolve an allowed goodwill ability through the table's verbs.

    Returns the subplot the Informer's user named when the Mastermind must still choose which subplot
    to reveal (TL-D6), else ``None``.
    """
    aid, src, t = a.ability, a.source, a.target
    if aid in ("boy_student.1", "girl_student.1", "pop_idol.1", "nurse.1"):
        game.add_token(t, "paranoia", -1, announce=True)
    elif aid in ("rich_mans_daughter.1", "pop_idol.2"):
        game.add_token(t, "goodwill", 1, announce=True)
    elif aid == "class_rep.1":
        game.return_card(f"protagonist:{game.leader}", t)
    elif aid in ("mystery_boy.1", "office_worker.1", "shrine_maiden.2", "boss.1"):
        game.reveal_role(t)
    elif aid in ("shrine_maiden.1", "godly_being.2"):
        game.add_token(t, "intrigue", -1, announce=True)
    elif aid == "alien.1":
        game.kill(t, "alien.1")
    elif aid == "alien.2":
        game.revive(t)
    elif aid in ("godly_being.1", "police_officer.1"):
        game.reveal_culprit(int(t))
    elif aid == "police_officer.2":
        game.add_token(t, "guards", 1)
        game.emit(EventKind.GUARD, character=t, guards=game.chars[t].guards)
    elif aid == "informer.1":
        return a.extra
    elif aid == "journalist.1":
        game.add_token(t, "paranoia", 1, announce=True)
    elif aid == "journalist.2":
        game.add_token(t, "intrigue", 1, announce=True)
    elif aid == "doctor.1":
        game.add_token(t, "paranoia", 1 if a.extra == "+" else -1, announce=True)
    elif aid == "doctor.2":
        game.free_patient()
    elif aid == "henchman.1":
        game.suppress(src)
    elif aid == "teacher.1":
        game.add_token(t, "paranoia", 1 if a.extra == "+" else -1, announce=True)
    elif aid in ("teacher.2", "forensic_specialist.2", "sect_founder.2"):
        game.reveal_role(t)
    elif aid == "transfer_student.1":
        game.add_token(t, "intrigue", -1, announce=True)
        game.add_token(t, "goodwill", 1, announce=True)
    elif aid == "soldier.1":
        game.add_token(t, "paranoia", 2, announce=True)
    elif aid == "soldier.2":
        game.protect()
    elif aid == "scientist.1":
        for k in COUNTERS:
            game.add_token(t, k, -getattr(game.chars[t], k), announce=True)
    elif aid == "forensic_specialist.1":
        other, counter = a.extra.split("|")
        game.move_counter(t, other, counter)
    elif aid == "ai.1":  # the engine resolves the borrowed effect (engine.Game._borrow)
        sched = game.script.incident_on(int(t))
        assert sched is not None
        game.emit(EventKind.EFFECT_BORROWED, incident=sched.incident, character=src)
    elif aid == "illusion.1":
        game.move(t, a.extra)
    elif aid == "illusion.2":
        game.remove_from_board(t)
    elif aid == "young_girl.1":
        game.unforbid(t)
    elif aid == "young_girl.2":
        game.move(src, t)
    elif aid == "sacred_tree.p1":  # not a goodwill ability: no cost, never refused (⚠f)
        game.move_counter(src, t, a.extra)
    elif aid == "sect_founder.1":
        game.add_token(t, "goodwill", 1, announce=True)
    elif aid == "copycat.1":
        game.reveal_same_role(t)
    else:  # pragma: no cover - goodwill_options only offers implemented ids
        raise KeyError(aid)
    return None


# ---------------------------------------------------------------------------- Mastermind (TL-D5)


#: The Mastermind's optional abilities of a role, each once per step per source (TL-D5d), by id.
ROLE_ABILITIES: Final = {
    "brain.1": "brain",
    "conspiracy_theorist.1": "conspiracy_theorist",
    "factor.1": "factor",
}


def used_key(game: Game, ability: str, source: str) -> tuple[str, str]:
    """How ``mm_used`` notes ``source``'s use of ``ability`` in this step (TL-D5d: once per step per
    source): ``(ability, "")`` for the ability of a role one character at most can hold
    (:func:`~rulesengine.looper.rules.state.one_holder_roles`) — once per step per source is then once per
    step, and the deduction's branches that differ only in who held the role join after the use —
    ``(ability, source)`` otherwise."""
    role = ROLE_ABILITIES.get(ability)
    return (ability, "") if role is not None and role in game._one_holder else (ability, source)


def mastermind_options(game: Game) -> tuple[UseAbility, ...]:
    """Optional Mastermind abilities usable now, each once per step per source (TL-D5, TL-D5d; noted as
    :func:`used_key` says)."""
    out: list[UseAbility] = []
    used = game.mm_used
    roles = game.roles
    # (the public conditions first, each character's role last: fewer reads of hidden roles)
    sources = [("brain", "brain.1"), ("conspiracy_theorist", "conspiracy_theorist.1")]
    if game.location_intrigue["school"] >= 2:
        sources.append(("factor", "factor.1"))
    for role, aid in sources:
        if (aid, "") in used:  # (its role's one holder used it in this step)
            continue
        able = [cid for cid in game.cast if game.active(cid) and (aid, cid) not in used]
        # (a deduction's provider keeps those whose use could match its record, worth_asking, and asks
        # which of them hold the role as one question, holders)
        worth = game.worth_asking(aid, able) if able else ()
        for cid in game.holders(role, worth) if worth else ():
            if aid == "brain.1":
                out += [use_ability(aid, cid, loc) for loc in sorted(game.places(cid))]
            out += [use_ability(aid, cid, c) for c in game.here(cid)]
    if (
        "an_unsettling_rumor.1" not in game.mm_used_loop
        and game.worth_asking("an_unsettling_rumor.1", ("",))
        and game.has_plot("an_unsettling_rumor")
    ):
        out += [use_ability("an_unsettling_rumor.1", "", loc) for loc in game.locations]
    rule = game.rulings.doctor_mastermind_use
    if (
        rule != "off"
        and "doctor" in roles
        and game.active("doctor")
        and not game.doctor_mm_today
        and (rule == "refusal" or game.chars["doctor"].goodwill >= 2)
        and game.worth_asking("doctor.1", ("doctor",))
        and game.refusal("doctor") != "none"  # (the public conditions first: fewer reads of the role)
    ):
        out += [
            use_ability("doctor.1", "doctor", c, e) for c in game.others_here("doctor") for e in ("+", "-")
        ]
    if len(out) > 1:
        out.sort(key=ability_order)
    return tuple(out)


def mastermind_mandatory(game: Game) -> tuple[UseAbility, ...]:
    """Mandatory Mastermind abilities not yet used in this step (TL-D5b): the Sacred Tree's forced move
    when her role has goodwill refusal (sacred_tree.p2); empty when none applies."""
    if (
        "sacred_tree" not in game.cast
        or not game.active("sacred_tree")
        or ("sacred_tree.p2", "sacred_tree") in game.mm_used
    ):
        return ()
    moves = counter_moves(game, "sacred_tree")
    if not moves or game.refusal("sacred_tree") == "none":  # (the public conditions first, the role last)
        return ()
    options = [use_ability("sacred_tree.p2", "sacred_tree", c, k) for c, k in moves]
    return tuple(sorted(options, key=ability_order))


def apply_mastermind(game: Game, a: UseAbility) -> None:
    """Resolve a Mastermind ability; the public log shows only the result (TL-D5a)."""
    game.emit(
        EventKind.ABILITY,
        Visibility.MASTERMIND,
        **{"ability": a.ability, "source": a.source, "target": a.target},
    )
    if a.ability == "brain.1":
        game.add_token(a.target, "intrigue", 1, announce=True)
    elif a.ability in ("conspiracy_theorist.1", "factor.1"):
        game.add_token(a.target, "paranoia", 1, announce=True)
    elif a.ability == "an_unsettling_rumor.1":
        game.mark_used(a.ability, per="loop")
        game.add_token(a.target, "intrigue", 1, announce=True)
    elif a.ability == "doctor.1":
        game.mark_used(a.ability, "doctor", per="day")
        game.add_token(a.target, "paranoia", 1 if a.extra == "+" else -1, announce=True)
    elif a.ability == "sacred_tree.p2":
        game.move_counter(a.source, a.target, a.extra)
    else:  # pragma: no cover
        raise KeyError(a.ability)


# ---------------------------------------------------------------------------- day end (TL-D9)


def day_end_mandatory(game: Game) -> None:
    """Mandatory day-end abilities, checked on one snapshot and then applied together (TL-D5c).

    Serial Killer: exactly one other living character in its location dies (two Serial Killers
    alone together kill each other). Time Traveler (unless the ruling makes it optional): on the
    last day, 2 or less goodwill means the protagonists lose.
    """
    victims: list[str] = []
    roles = game.roles
    for cid in game.cast:  # (the public conditions first, the role last)
        if game.active(cid):
            others = game.others_here(cid)
            if len(others) == 1 and roles[cid] == "serial_killer":
                victims.append(others[0])
                game.emit(
                    EventKind.ABILITY,
                    Visibility.MASTERMIND,
                    ability="serial_killer.1",
                    source=cid,
                    target=others[0],
                )
    tt_loss = (  # (the public conditions first: the roles are read on the last day only)
        not game.rulings.time_traveler_optional
        and game.last_day()
        and any(
            game.chars[c].goodwill <= 2 and game.chars[c].location is not None and roles[c] == "time_traveler"
            for c in game.cast
        )
    )
    if victims:
        game.kill_all(victims, "serial_killer.1")
    if tt_loss:
        game.protagonists_lose("time_traveler.2")


def day_end_options(game: Game) -> tuple[UseAbility, ...]:
    """Optional day-end abilities whose condition holds now (Killer, Loved One, Time Traveler option)."""
    out: list[UseAbility] = []
    roles = game.roles
    chars = game.chars
    used = game.mm_used
    # (the public conditions first, the roles last: a role is read only where the rest holds)
    for cid in game.cast:
        if not game.active(cid):
            continue
        if ("killer.1", cid) not in used:
            for kp in game.cast:
                if (
                    chars[kp].intrigue >= 2
                    and game.active(kp)
                    and game.same_place(kp, cid)
                    and roles[cid] == "killer"
                    and roles[kp] == "key_person"
                ):
                    out.append(use_ability("killer.1", cid, kp))
        if ("killer.2", cid) not in used and chars[cid].intrigue >= 4 and roles[cid] == "killer":
            out.append(use_ability("killer.2", cid))
        ch = chars[cid]
        if (
            ("loved_one.2", cid) not in used
            and ch.paranoia >= 3
            and ch.intrigue >= 1
            and roles[cid] == "loved_one"
        ):
            out.append(use_ability("loved_one.2", cid))
    if game.rulings.time_traveler_optional and game.last_day():
        for cid in game.cast:
            if (
                chars[cid].location is not None
                and ("time_traveler.2", cid) not in used
                and chars[cid].goodwill <= 2
                and roles[cid] == "time_traveler"
            ):
                out.append(use_ability("time_traveler.2", cid))
    if len(out) > 1:
        out.sort(key=ability_order)
    return tuple(out)


def apply_day_end(game: Game, a: UseAbility) -> None:
    """Resolve an optional day-end ability."""
    game.emit(EventKind.ABILITY, Visibility.MASTERMIND, ability=a.ability, source=a.source, target=a.target)
    if a.ability == "killer.1":
        game.kill(a.target, "killer.1")
    elif a.ability in ("killer.2", "loved_one.2"):
        game.protagonists_die(a.ability)
    elif a.ability == "time_traveler.2":
        game.protagonists_lose(a.ability)
    else:  # pragma: no cover
        raise KeyError(a.ability)


# ---------------------------------------------------------------------------- loop end (TL-LE2)


def loop_end_losses(game: Game) -> list[str]:
    """The loss conditions that hold at loop end (plot rules, a dead Friend); ids of the rules.

    A dead Friend's role is revealed even when the loop ended early.
    """
    out: list[str] = []
    for cid in game.cast:  # (the public condition first, the role last)
        if not game.chars[cid].alive and game.roles[cid] == "friend":
            if game.revealed_roles.get(cid) != "friend":
                game.reveal_role(cid)
            out.append("friend.1")
    li = game.location_intrigue
    starts = game.start_locations

    def any_holds(role: str, cids: list[str]) -> bool:
        # (the public condition picked ``cids``; their roles are then read as one question: holders)
        return bool(cids) and bool(game.holders(role, cids))

    def started_on_intrigue(role: str) -> bool:  # (a holder of ``role`` started where 2+ intrigue lie)
        return any_holds(role, [c for c in game.cast if c in starts and li[starts[c]] >= 2])

    if game.has_plot("light_of_the_avenger") and started_on_intrigue("brain"):
        out.append("light_of_the_avenger.1")
    if game.has_plot("a_place_to_protect") and li["school"] >= 2:
        out.append("a_place_to_protect.1")
    if game.has_plot("the_sealed_item") and li["shrine"] >= 2:
        out.append("the_sealed_item.1")
    if game.has_plot("sign_with_me") and any_holds(
        "key_person", [c for c in game.cast if game.chars[c].intrigue >= 2]
    ):
        out.append("sign_with_me.2")
    if game.has_plot("change_of_future") and any(r["incident"] == "butterfly_effect" for r in game.happened):
        out.append("change_of_future.1")
    if game.has_plot("giant_time_bomb_x") and started_on_intrigue("witch"):
        out.append("giant_time_bomb_x.1")
    return out
