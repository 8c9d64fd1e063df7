"""The state record: a generic, complete clone; verbs as the only writers; the log's days; no import circle.

Rules touched: TL-D1 (the day an event happened), TL-RW (a clone at any point of a loop), TL-D6/TL-D7
(abilities and incidents change the state through the verbs only).
"""

from __future__ import annotations

import ast
import copy
import random
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from rulesengine.looper.rules.cards import PlacedCard
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.script import Script, load_script, shipped_scripts
from rulesengine.looper.rules.state import (
    EVENT_HEADER,
    STATE_FIELDS,
    CharacterState,
    DecisionKind,
    EventKind,
    LoopState,
    Visibility,
    copier_for,
    state_values,
)

SCRIPTS = [load_script(p) for p in shipped_scripts()]
LOOPER = Path(__file__).resolve().parents[2] / "rulesengine" / "looper" / "rules"


def random_game(script: Script, seed: int, decisions: int | None = None, **kw: Any) -> Game:
    """A game played at random (both sides) for ``decisions`` decisions, or to its end."""
    game = Game(script, **kw)
    rng = random.Random(seed)
    n = 0
    while game.pending is not None and (decisions is None or n < decisions):
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return game


# ---------------------------------------------------------------------------------------- clone


SENTINEL = "__mutated__"

#: Fields whose items are read-only snapshots (typed ``Mapping``, such as the reset boards): a clone shares
#: them, and nothing changes them in place (mypy refuses a write through a ``Mapping``).
SNAPSHOTS = {
    name
    for name, tp in get_type_hints(LoopState).items()
    if any(get_origin(a) is Mapping for a in get_args(tp))
}


def mutate(value: Any) -> bool:
    """Change every mutable container reachable from ``value`` in place (frozen values are left alone);
    ``True`` when ``value`` itself is mutable."""
    if isinstance(value, dict):
        for v in list(value.values()):
            mutate(v)
        value[SENTINEL] = SENTINEL
        return True
    if isinstance(value, list):
        for v in value:
            mutate(v)
        value.append(SENTINEL)
        return True
    if isinstance(value, set):
        value.add(SENTINEL)
        return True
    if isinstance(value, CharacterState):
        value.paranoia += 100
        value.location = SENTINEL
        value.alive = not value.alive
        return True
    return False


def test_state_fields_hold_every_instance_attribute() -> None:
    """Every mutable attribute of a game is a field of the state record: a ``Game`` has no ``__dict__`` and
    no slot outside the record but its fixed context."""
    game = Game(SCRIPTS[0])
    assert not hasattr(game, "__dict__")
    slots = {s for cls in type(game).__mro__ for s in getattr(cls, "__slots__", ())}
    context = slots - set(STATE_FIELDS)
    assert context == {
        "script", "content", "rulings", "tragedy_set", "cast", "layout", "deck", "locations", "record",
        "pause_between_phases", "_char_defs", "_goodwill_table", "_forbidden", "_plots", "_placement_cache",
        "_script_roles", "_starts", "_facts", "_sink", "_wider", "_one_holder",
    }  # fmt: skip
    caches = {"_char_defs", "_goodwill_table", "_forbidden", "_placement_cache", "_script_roles"}  # lookups
    seams = {"_facts", "_sink"}  # the provider of hidden facts and the event sink: None by default
    assert game._facts is None and game._sink is None
    for name in context - caches - seams:
        value = getattr(game, name)
        frozen = is_dataclass(value) and type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert frozen or isinstance(value, (bool, tuple, frozenset)), name


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.id)
def test_clone_shares_no_mutable_state_tl_rw(script: Script) -> None:
    """Mutating every container of every field of a clone (driven by the record's fields, so a new field is
    covered at once) never changes the original, at many points of random games."""
    for seed in range(6):
        for decisions in (0, 7, 40, 120):
            game = random_game(script, seed, decisions)
            before = copy.deepcopy(state_values(game))
            twin = game.clone()
            assert state_values(twin) == state_values(game)
            mutable = 0
            assert {"reset_boards"} == SNAPSHOTS
            for name in STATE_FIELDS:
                value = getattr(twin, name)
                if name in SNAPSHOTS:  # the list is the clone's own, its snapshots are shared
                    value.append(SENTINEL)
                    mutable += 1
                elif mutate(value):
                    mutable += 1
                else:
                    setattr(twin, name, SENTINEL)
            assert mutable >= 25
            assert state_values(game) == before, (script.id, seed, decisions)


def test_clone_plays_on_like_the_original() -> None:
    """A clone answered with the same actions as the original ends in the same state."""
    for script in SCRIPTS:
        game = random_game(script, 3, 30)
        twin = game.clone()
        rng_a, rng_b = random.Random(9), random.Random(9)
        while game.pending is not None:
            game.apply(rng_a.choice(game.legal_actions()))
            twin.apply(rng_b.choice(twin.legal_actions()))
        assert state_values(twin) == state_values(game)


def test_copier_rules() -> None:
    """The generic copy: shared immutable values, copied containers, a refusal for an unknown type."""
    assert copier_for(tuple[str, int]) is None and copier_for(str | None) is None
    nested = {"a": [CharacterState("nurse", "hospital")]}
    copied = copier_for(dict[str, list[CharacterState]])(nested)  # type: ignore[misc]
    copied["a"][0].paranoia = 3
    assert nested["a"][0].paranoia == 0
    with pytest.raises(TypeError, match="no copy rule"):
        copier_for(bytearray)
    with pytest.raises(TypeError, match="mutable set elements"):
        copier_for(set[CharacterState])


@pytest.mark.parametrize(
    "value",
    [
        CharacterState("boss", None, 1, 2, 3, 1, False),
        CharacterState("nurse", "hospital"),
        PlacedCard("mastermind", "paranoia+1", "school"),
    ],
)
def test_written_out_texts_name_every_field(value: object) -> None:
    """The state parts whose text is written by hand (the deduction compares states as text: a field
    left out would join branches that differ) give the dataclass's text, every field named."""
    made = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in fields(value))  # type: ignore[arg-type]
    assert repr(value) == f"{type(value).__name__}({made})"


def test_state_record_standalone_copy() -> None:
    """``state()`` gives the record alone, equal field by field and sharing nothing mutable."""
    game = random_game(SCRIPTS[0], 1, 25)
    record = game.state()
    assert type(record) is LoopState
    assert state_values(record) == state_values(game)
    record.chars[game.cast[0]].paranoia += 5
    assert state_values(record) != state_values(game)


# ---------------------------------------------------------------------------------------- verbs


MUTATORS = {"append", "add", "remove", "discard", "pop", "clear", "update", "extend", "insert", "setdefault"}


def _rooted_in_game(node: ast.AST) -> bool:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return isinstance(node, ast.Name) and node.id == "game"


def _local(target: ast.AST) -> bool:
    """Whether an assignment target is only local names (``x``, ``a, b``)."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return all(_local(e) for e in target.elts)
    if isinstance(target, ast.Starred):
        return _local(target.value)
    return isinstance(target, ast.Name)


@pytest.mark.parametrize("module", ["abilities.py", "incidents.py"])
def test_abilities_and_incidents_change_the_state_through_verbs_only(module: str) -> None:
    """TL-D6/TL-D7 effects go through the table's verbs: no attribute or item written, no container
    mutated in place, anywhere in the module."""
    tree = ast.parse((LOOPER / module).read_text(encoding="utf-8"))
    bad: list[str] = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        bad += [f"line {t.lineno}: writes {ast.unparse(t)}" for t in targets if not _local(t)]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
            and _rooted_in_game(node.func.value)
            and not isinstance(node.func.value, ast.Name)
        ):
            bad.append(f"line {node.lineno}: mutates {ast.unparse(node.func)}")
    assert bad == []


# ---------------------------------------------------------------------------------------- imports


KERNEL = "rulesengine.looper.rules"


def _imports(path: Path) -> set[str]:
    """Every module of the kernel (``rulesengine.looper.rules``) ``path`` imports, at any level (function
    bodies and ``TYPE_CHECKING`` blocks included)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(KERNEL):
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            out |= {n.split(".")[3] for n in names if n.count(".") >= 3}
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[3] for a in node.names if a.name.startswith(f"{KERNEL}.")}
    return out - {path.stem}


#: The engine's modules (observe.py and agents.py, the views and the players, are outside this check).
ENGINE_MODULES = (
    "actions", "board", "cards", "content", "rulings", "script", "state", "abilities", "incidents", "engine",
)  # fmt: skip


def test_no_import_circle() -> None:
    """The engine's modules import each other in one direction only: no cycle, even through a
    function-level or type-checking import; abilities and incidents never import the engine."""
    graph = {m: _imports(LOOPER / f"{m}.py") & set(ENGINE_MODULES) for m in ENGINE_MODULES}
    assert "engine" not in graph["abilities"] | graph["incidents"] | graph["state"]
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import circle: {' -> '.join((*path, m))}"
        if m in done:
            return
        for n in graph[m]:
            visit(n, (*path, m))
        done.add(m)

    for m in ENGINE_MODULES:
        visit(m, ())


# ---------------------------------------------------------------------------------------- enums


def test_kinds_are_enum_members_equal_to_their_strings() -> None:
    """Decision and event kinds are ``StrEnum`` members, so comparisons with the old strings still hold."""
    game = random_game(SCRIPTS[3], 0, 20)
    assert game.pending is not None and type(game.pending.kind) is DecisionKind
    assert all(type(e.kind) is EventKind and type(e.visibility) is Visibility for e in game.log)
    assert DecisionKind.PLACE_CARD == "place_card" and EventKind.DAY_START == "day_start"


# ---------------------------------------------------------------------------------------- the log


def spy_game(script: Script) -> tuple[Game, list[tuple[int, int]]]:
    """A game whose event sink (the kernel's seam) notes the loop and day at the moment each event is
    written, and that list."""
    when: list[tuple[int, int]] = []
    made: list[Game] = []  # the game, once made; its first events are written while it is set up, on
    # loop 1, day 1 (the state record's defaults, before anything can move them)
    game = Game(script, sink=lambda event: when.append((made[0].loop, made[0].day) if made else (1, 1)))
    made.append(game)
    return game, when


def test_every_event_carries_the_day_it_happened_tl_d1() -> None:
    """TL-D1: in text and JSON (``as_dict``) every event shows the loop and day on which it happened;
    within a loop the days never go back."""
    for script in SCRIPTS:
        for seed in range(40):
            game, when = spy_game(script)
            rng = random.Random(seed)
            while game.pending is not None:
                game.apply(rng.choice(game.legal_actions()))
            assert len(when) == len(game.log)
            last = (0, 0)
            for event, (loop, day) in zip(game.log, when, strict=True):
                d = event.as_dict()
                assert not set(event.data) & set(EVENT_HEADER), event
                assert (d["loop"], d["day"]) == (loop, day), (script.id, seed, d)
                if loop == last[0]:
                    assert day >= last[1], (script.id, seed, d)
                last = (loop, day)


# ---------------------------------------------------------------------------------------- record


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.id)
def test_record_false_plays_the_same_game(script: Script) -> None:
    """``record=False`` skips every event (the log stays empty) and the board pictures of the rewinds, and
    changes nothing else."""
    for seed in range(5):
        full, fast = random_game(script, seed), random_game(script, seed, record=False)
        assert fast.log == fast.public_log == fast.reset_boards == [] and len(full.reset_boards) > 0
        assert full.public_events() == [e for e in full.log if e.visibility == "public"] != []
        a, b = state_values(full), state_values(fast)
        for name in ("log", "public_log", "public_upto", "reset_boards"):
            del a[name], b[name]
        assert a == b
