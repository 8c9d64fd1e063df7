"""Content once: the engine reads cards, hands, once-per-loop marks, directions and the board from the data.

Each test copies ``data/looper`` to a temporary folder, changes one fact, and plays the engine on that
content (an explicit ``content`` argument, or ``RULESENGINE_DATA`` in a fresh process) to see the change;
the same play on the shipped content shows the shipped fact. Rules: TL-D2, TL-D3, TL-D4, TL-D4c.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from rulesengine.looper.rules.actions import PlaceCard
from rulesengine.looper.rules.content import LOOPER_DATA_DIR, Content, load_content
from rulesengine.looper.rules.engine import Game
from rulesengine.paths import DATA_DIR
from tests.looper.engine_helpers import QUIET_MM, QUIET_P, make_script, place_cards, quiet_day

Edit = Callable[[dict[str, Any]], None]


def modified(tmp_path: Path, file: str, edit: Edit) -> Content:
    """The content of a copy of ``data/looper`` with ``edit`` applied to one file's YAML."""
    folder = tmp_path / "looper"
    shutil.copytree(LOOPER_DATA_DIR, folder)
    path = folder / file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return load_content(folder)


def card(data: dict[str, Any], ident: str) -> dict[str, Any]:
    """The entry of cards.yaml with this id."""
    return next(c for c in data["cards"] if c["id"] == ident)


def test_hand_count_from_the_data_tl_d2(tmp_path: Path) -> None:
    """TL-D2: three copies of Paranoia +1 in the data give the Mastermind a third one to place."""

    def edit(d: dict[str, Any]) -> None:
        card(d, "mastermind.paranoia_plus_1")["count"] = 3

    content = modified(tmp_path, "cards.yaml", edit)
    for cont, copies in ((load_content(), 2), (content, 3)):
        game = Game(make_script(), content=cont)
        assert game.hand("mastermind")["paranoia_plus_1"] == copies
        game.apply(PlaceCard("paranoia_plus_1", "hospital"))
        game.apply(PlaceCard("paranoia_plus_1", "shrine"))
        third = PlaceCard("paranoia_plus_1", "city")
        assert (third in game.legal_actions()) is (copies == 3)


def test_once_per_loop_mark_from_the_data_tl_d4c(tmp_path: Path) -> None:
    """TL-D4c: marking Movement ↔ once per loop in the data spends it at the first resolution."""

    def edit(d: dict[str, Any]) -> None:
        card(d, "protagonist.move_horizontal")["once_per_loop"] = True

    content = modified(tmp_path, "cards.yaml", edit)
    for cont, once in ((load_content(), False), (content, True)):
        game = Game(make_script(), content=cont)
        quiet_day(game)  # the leader (protagonist 0) plays Movement ↔ on the Hospital (QUIET_P)
        assert game.day == 2
        assert (game.spent["protagonist:0"] == ["move_horizontal"]) is once
        assert ("move_horizontal" in game.hand("protagonist:0")) is not once


def test_movement_direction_from_the_data_tl_d4(tmp_path: Path) -> None:
    """TL-D4: a movement card moves the way its ``direction`` says (Movement ↔ made diagonal)."""

    def edit(d: dict[str, Any]) -> None:
        for ident in ("mastermind.move_horizontal", "protagonist.move_horizontal"):
            card(d, ident)["direction"] = "diagonal"

    content = modified(tmp_path, "cards.yaml", edit)
    for cont, end in ((load_content(), "shrine"), (content, "school")):
        game = Game(make_script(), content=cont)
        assert game.chars["doctor"].location == "hospital"
        place_cards(game, mm=(("move_horizontal", "doctor"), *QUIET_MM[:2]), prot=QUIET_P)
        assert game.chars["doctor"].location == end


def test_board_from_the_data_tl_d4(tmp_path: Path) -> None:
    """TL-D4 on another board: with City and School swapped in the grid, ↕ from the Hospital leads to the
    School, and the locations (targets, location intrigue) follow the grid's order."""

    def edit(d: dict[str, Any]) -> None:
        d["grid"] = [["hospital", "shrine"], ["school", "city"]]
        d["moves"] = {
            "hospital": {"horizontal": "shrine", "vertical": "school", "diagonal": "city"},
            "shrine": {"horizontal": "hospital", "vertical": "city", "diagonal": "school"},
            "school": {"horizontal": "city", "vertical": "hospital", "diagonal": "shrine"},
            "city": {"horizontal": "school", "vertical": "shrine", "diagonal": "hospital"},
        }

    content = modified(tmp_path, "board.yaml", edit)
    for cont, end in ((load_content(), "city"), (content, "school")):
        game = Game(make_script(), content=cont)
        place_cards(game, mm=(("move_vertical", "doctor"), *QUIET_MM[:2]), prot=QUIET_P)
        assert game.chars["doctor"].location == end
    game = Game(make_script(), content=content)
    assert list(game.location_intrigue) == ["hospital", "shrine", "school", "city"]


def test_rulesengine_data_changes_the_default_content(tmp_path: Path) -> None:
    """``RULESENGINE_DATA`` points the default content (and so every ``Game``) at another data folder."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / "looper" / "cards.yaml"
    cards = yaml.safe_load(path.read_text(encoding="utf-8"))
    card(cards, "mastermind.intrigue_plus_1")["count"] = 4
    path.write_text(yaml.safe_dump(cards, allow_unicode=True), encoding="utf-8")
    code = (
        "import json\n"
        "from rulesengine.looper.rules.cards import MASTERMIND_HAND\n"
        "from rulesengine.looper.rules.engine import Game\n"
        "from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script\n"
        "game = Game(load_script(SCRIPTS_DIR / 'fs_01_tutorial.yaml'))\n"
        "hand = game.hand('mastermind')\n"
        "print(json.dumps([MASTERMIND_HAND['intrigue_plus_1'], hand['intrigue_plus_1']]))\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "RULESENGINE_DATA": str(data), "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [4, 4]
