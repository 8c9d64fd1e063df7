"""Every error path of the content loader: each message names ``file: entry: field: what is wrong``.

Each case copies the shipped ``data/looper`` files to a temporary folder, breaks one thing, and
checks the literal :class:`ContentError` message.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesengine.errors import InputError
from rulesengine.looper.rules.content import LOOPER_DATA_DIR, ContentError, load_content

Data = Any
Edit = Callable[[Data], object]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    for src in LOOPER_DATA_DIR.glob("*.yaml"):
        shutil.copy(src, tmp_path / src.name)
    return tmp_path


def entry(data: Data, key: str, ident: str) -> dict[str, Any]:
    for item in data[key]:
        if item.get("id") == ident:
            return item  # type: ignore[no-any-return]
    raise KeyError(ident)


def set_(obj: dict[str, Any], key: str, value: object) -> None:
    obj[key] = value


def error_after(data_dir: Path, file: str, edit: Edit) -> str:
    path = data_dir / file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    result = edit(data)
    if isinstance(result, Whole):
        data = result.data
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(data_dir)
    return str(info.value)


class Whole:
    """An edit's result that replaces the whole file (other edits change the data in place)."""

    def __init__(self, data: object) -> None:
        self.data = data


def ch(cid: str) -> Callable[[Data], dict[str, Any]]:
    return lambda d: entry(d, "characters", cid)


CASES: list[tuple[str, str, Edit, str]] = [
    # ---- file level
    ("top_not_mapping", "characters.yaml", lambda d: Whole(["x"]),
     "characters.yaml: (top level): expected a mapping, got a list"),
    ("top_unknown_key", "characters.yaml", lambda d: Whole({**d, "extra": 1}),
     "characters.yaml: (top level): extra: unknown key (allowed: characters)"),
    ("top_missing_key", "roles.yaml", lambda d: Whole({}),
     "roles.yaml: (top level): roles: missing"),
    ("entries_not_list", "incidents.yaml", lambda d: Whole({"incidents": {"murder": 1}}),
     "incidents.yaml: (top level): incidents: expected a list, got a mapping"),
    ("entry_not_mapping", "incidents.yaml", lambda d: Whole({"incidents": ["murder"]}),
     "incidents.yaml: incidents[0]: expected a mapping, got 'murder'"),
    ("entry_without_id", "incidents.yaml", lambda d: d["incidents"][0].pop("id"),
     "incidents.yaml: incidents[0]: id: expected a non-empty string, got nothing"),
    ("duplicate_id", "characters.yaml",
     lambda d: d["characters"].append(dict(entry(d, "characters", "nurse"))),
     "characters.yaml: nurse: id: duplicate id 'nurse'"),
    # ---- characters
    ("char_unknown_key", "characters.yaml", lambda d: set_(ch("nurse")(d), "age", 30),
     "characters.yaml: nurse: age: unknown key (allowed: abilities, forbidden, id, name, name_ja, name_vi, "
     "paranoia_limit, passives, start, tags, traits)"),
    ("char_missing_field", "characters.yaml", lambda d: ch("nurse")(d).pop("paranoia_limit"),
     "characters.yaml: nurse: paranoia_limit: missing"),
    ("char_limit_string", "characters.yaml", lambda d: set_(ch("nurse")(d), "paranoia_limit", "three"),
     "characters.yaml: nurse: paranoia_limit: expected an integer, got 'three'"),
    ("char_limit_bool", "characters.yaml", lambda d: set_(ch("nurse")(d), "paranoia_limit", True),
     "characters.yaml: nurse: paranoia_limit: expected an integer, got True"),
    ("char_limit_negative", "characters.yaml", lambda d: set_(ch("nurse")(d), "paranoia_limit", -1),
     "characters.yaml: nurse: paranoia_limit: must be at least 0, got -1"),
    ("char_empty_name", "characters.yaml", lambda d: set_(ch("nurse")(d), "name", " "),
     "characters.yaml: nurse: name: expected a non-empty string, got ' '"),
    ("char_tags_not_list", "characters.yaml", lambda d: set_(ch("nurse")(d), "tags", "adult"),
     "characters.yaml: nurse: tags: expected a list, got 'adult'"),
    ("char_tag_not_string", "characters.yaml", lambda d: set_(ch("nurse")(d), "tags", ["adult", 3]),
     "characters.yaml: nurse: tags[1]: expected a non-empty string, got 3"),
    ("char_tag_duplicate", "characters.yaml", lambda d: set_(ch("nurse")(d), "tags", ["adult", "adult"]),
     "characters.yaml: nurse: tags[1]: duplicate 'adult'"),
    ("char_tag_unknown", "characters.yaml", lambda d: set_(ch("nurse")(d), "tags", ["adult", "robot"]),
     "characters.yaml: nurse: tags[1]: unknown tag 'robot' (known: adult, animal, boy, construct, girl, man, "
     "student, tree, woman)"),
    ("char_trait_unknown", "characters.yaml", lambda d: set_(ch("boss")(d), "traits", ["flying"]),
     "characters.yaml: boss: traits[0]: unknown trait 'flying' "
     "(known: copies_role, enters_on_day, enters_on_loop, irregular_role, never_person, no_cards, "
     "start_chosen, turf)"),
    ("char_start_unknown", "characters.yaml", lambda d: set_(ch("nurse")(d), "start", "moon"),
     "characters.yaml: nurse: start: expected one of hospital, shrine, city, school, got 'moon'"),
    ("char_start_null", "characters.yaml", lambda d: set_(ch("nurse")(d), "start", None),
     "characters.yaml: nurse: start: null is only allowed with the trait start_chosen"),
    ("char_start_given_but_chosen", "characters.yaml", lambda d: set_(ch("henchman")(d), "start", "city"),
     "characters.yaml: henchman: start: must be null for a character with the trait start_chosen"),
    ("char_forbidden_unknown", "characters.yaml",
     lambda d: set_(ch("patient")(d), "forbidden", ["city", "sea"]),
     "characters.yaml: patient: forbidden[1]: expected one of hospital, shrine, city, school, got 'sea'"),
    ("char_forbidden_start", "characters.yaml", lambda d: set_(ch("patient")(d), "forbidden", ["hospital"]),
     "characters.yaml: patient: forbidden: contains the start location 'hospital'"),
    ("ability_wrong_id", "characters.yaml", lambda d: set_(ch("alien")(d)["abilities"][1], "id", "alien.3"),
     "characters.yaml: alien: abilities[1]: id: expected alien.2 (abilities are numbered in order), "
     "got 'alien.3'"),
    ("ability_cost_zero", "characters.yaml", lambda d: set_(ch("alien")(d)["abilities"][0], "cost", 0),
     "characters.yaml: alien: abilities[0]: cost: must be at least 1, got 0"),
    ("ability_flag_not_bool", "characters.yaml",
     lambda d: set_(ch("alien")(d)["abilities"][0], "once_per_loop", "yes"),
     "characters.yaml: alien: abilities[0]: once_per_loop: expected true or false, got 'yes'"),
    ("ability_unknown_key", "characters.yaml", lambda d: set_(ch("nurse")(d)["abilities"][0], "range", 1),
     "characters.yaml: nurse: abilities[0]: range: unknown key "
     "(allowed: cost, id, once_per_loop, text, unrefusable)"),
    ("ability_not_mapping", "characters.yaml", lambda d: set_(ch("nurse")(d), "abilities", ["heal"]),
     "characters.yaml: nurse: abilities[0]: expected a mapping, got 'heal'"),
    ("abilities_not_list", "characters.yaml", lambda d: set_(ch("nurse")(d), "abilities", "heal"),
     "characters.yaml: nurse: abilities: expected a list, got 'heal'"),
    # ---- roles
    ("role_refusal_unknown", "roles.yaml",
     lambda d: set_(entry(d, "roles", "killer"), "refusal", "sometimes"),
     "roles.yaml: killer: refusal: expected one of none, optional, mandatory, got 'sometimes'"),
    ("role_max_zero", "roles.yaml", lambda d: set_(entry(d, "roles", "friend"), "max_count", 0),
     "roles.yaml: friend: max_count: must be at least 1, got 0"),
    ("role_immortal_not_bool", "roles.yaml", lambda d: set_(entry(d, "roles", "witch"), "immortal", 1),
     "roles.yaml: witch: immortal: expected true or false, got 1"),
    ("role_timing_unknown", "roles.yaml",
     lambda d: set_(entry(d, "roles", "brain")["abilities"][0], "timing", "noon"),
     "roles.yaml: brain: abilities[0]: timing: expected one of always, script_creation, loop_start, "
     "day_start, "
     "card_resolution, mastermind_ability, goodwill, incident, day_end, loop_end, got 'noon'"),
    ("role_ability_wrong_id", "roles.yaml",
     lambda d: set_(entry(d, "roles", "killer")["abilities"][0], "id", "killer.2"),
     "roles.yaml: killer: abilities[0]: id: expected killer.1 (abilities are numbered in order), "
     "got 'killer.2'"),
    ("role_ability_missing_text", "roles.yaml",
     lambda d: entry(d, "roles", "brain")["abilities"][0].pop("text"),
     "roles.yaml: brain: abilities[0]: text: missing"),
    # ---- plots
    ("plot_kind_unknown", "plots.yaml", lambda d: set_(entry(d, "plots", "murder_plan"), "kind", "side"),
     "plots.yaml: murder_plan: kind: expected main or sub, got 'side'"),
    ("plot_unknown_role", "plots.yaml",
     lambda d: set_(entry(d, "plots", "murder_plan"), "roles", {"ninja": 1}),
     "plots.yaml: murder_plan: roles.ninja: unknown role 'ninja'"),
    ("plot_person_slot", "plots.yaml",
     lambda d: set_(entry(d, "plots", "murder_plan"), "roles", {"person": 2}),
     "plots.yaml: murder_plan: roles.person: person is never a plot slot"),
    ("plot_slot_bad_value", "plots.yaml",
     lambda d: set_(entry(d, "plots", "murder_plan"), "roles", {"killer": "one"}),
     "plots.yaml: murder_plan: roles.killer: expected a count or a [min, max] pair, got 'one'"),
    ("plot_slot_bad_range", "plots.yaml",
     lambda d: set_(entry(d, "plots", "a_hideous_script"), "roles", {"curmudgeon": [2, 1]}),
     "plots.yaml: a_hideous_script: roles.curmudgeon: expected 0 <= min <= max and max >= 1, got [2, 1]"),
    ("plot_roles_not_mapping", "plots.yaml",
     lambda d: set_(entry(d, "plots", "murder_plan"), "roles", ["killer"]),
     "plots.yaml: murder_plan: roles: expected a mapping, got a list"),
    ("plot_requirement_unknown", "plots.yaml",
     lambda d: set_(entry(d, "plots", "sign_with_me"), "requirements", ["key_person_is_tall"]),
     "plots.yaml: sign_with_me: requirements[0]: unknown requirement 'key_person_is_tall'"),
    ("plot_rule_wrong_id", "plots.yaml",
     lambda d: set_(entry(d, "plots", "sign_with_me")["rules"][1], "id", "sign_with_me.1"),
     "plots.yaml: sign_with_me: rules[1]: id: expected sign_with_me.2 (abilities are numbered in order), "
     "got 'sign_with_me.1'"),
    # ---- incidents
    ("incident_condition_unknown", "incidents.yaml",
     lambda d: set_(entry(d, "incidents", "murder"), "extra_condition", "full_moon"),
     "incidents.yaml: murder: extra_condition: unknown condition 'full_moon'"),
    ("incident_missing_text", "incidents.yaml", lambda d: entry(d, "incidents", "suicide").pop("text"),
     "incidents.yaml: suicide: text: missing"),
    # ---- sets (cross references)
    ("set_unknown_plot", "sets.yaml",
     lambda d: entry(d, "sets", "first_steps")["main_plots"].append("world_domination"),
     "sets.yaml: first_steps: main_plots[3]: unknown plot 'world_domination'"),
    ("set_plot_wrong_kind", "sets.yaml",
     lambda d: entry(d, "sets", "first_steps")["main_plots"].append("a_hideous_script"),
     "sets.yaml: first_steps: main_plots[3]: 'a_hideous_script' is a sub plot"),
    ("set_missing_plot_role", "sets.yaml",
     lambda d: entry(d, "sets", "first_steps")["roles"].remove("killer"),
     "sets.yaml: first_steps: roles: missing 'killer', used by plot 'murder_plan'"),
    ("set_missing_person", "sets.yaml", lambda d: entry(d, "sets", "first_steps")["roles"].remove("person"),
     "sets.yaml: first_steps: roles: missing 'person'"),
    ("set_unknown_role", "sets.yaml", lambda d: entry(d, "sets", "first_steps")["roles"].append("wizard"),
     "sets.yaml: first_steps: roles[9]: unknown role 'wizard'"),
    ("set_unknown_incident", "sets.yaml",
     lambda d: entry(d, "sets", "first_steps")["incidents"].append("flood"),
     "sets.yaml: first_steps: incidents[7]: unknown incident 'flood'"),
    ("set_unknown_character", "sets.yaml",
     lambda d: set_(entry(d, "sets", "first_steps"), "characters", ["nurse", "vampire"]),
     "sets.yaml: first_steps: characters[1]: unknown character 'vampire'"),
    ("set_too_many_subplots", "sets.yaml", lambda d: set_(entry(d, "sets", "first_steps"), "n_subplots", 4),
     "sets.yaml: first_steps: n_subplots: 4 is more than the 3 subplots listed"),
    ("set_final_guess_not_bool", "sets.yaml",
     lambda d: set_(entry(d, "sets", "basic_tragedy_x"), "final_guess", "yes"),
     "sets.yaml: basic_tragedy_x: final_guess: expected true or false, got 'yes'"),
    ("set_duplicate_plot", "sets.yaml",
     lambda d: entry(d, "sets", "first_steps")["subplots"].append("a_hideous_script"),
     "sets.yaml: first_steps: subplots[3]: duplicate 'a_hideous_script'"),
    # ---- cards
    ("card_owner_unknown", "cards.yaml", lambda d: set_(d["cards"][0], "owner", "narrator"),
     "cards.yaml: mastermind.paranoia_plus_1: owner: expected mastermind or protagonist, got 'narrator'"),
    ("card_kind_unknown", "cards.yaml", lambda d: set_(d["cards"][0], "kind", "teleport"),
     "cards.yaml: mastermind.paranoia_plus_1: kind: expected one of paranoia_plus_1, paranoia_minus_1, "
     "forbid_paranoia, forbid_goodwill, intrigue_plus_1, intrigue_plus_2, move_horizontal, move_vertical, "
     "move_diagonal, goodwill_plus_1, goodwill_plus_2, forbid_intrigue, forbid_movement, got 'teleport'"),
    ("card_second_of_kind", "cards.yaml", lambda d: set_(d["cards"][1], "kind", "paranoia_plus_1"),
     "cards.yaml: mastermind.paranoia_minus_1: kind: a second paranoia_plus_1 card in the mastermind hand "
     "(use count)"),
    ("card_count_zero", "cards.yaml", lambda d: set_(d["cards"][0], "count", 0),
     "cards.yaml: mastermind.paranoia_plus_1: count: must be at least 1, got 0"),
    ("card_direction_unknown", "cards.yaml", lambda d: set_(d["cards"][6], "direction", "up"),
     "cards.yaml: mastermind.move_horizontal: direction: expected one of horizontal, vertical, diagonal, "
     "got 'up'"),
    ("card_direction_differs", "cards.yaml", lambda d: set_(d["cards"][6], "direction", "vertical"),
     "cards.yaml: protagonist.move_horizontal: direction: move_horizontal cards move vertical in the other "
     "hand, not horizontal"),
    # ---- board
    ("board_not_mapping", "board.yaml", lambda d: Whole([1]),
     "board.yaml: board: expected a mapping, got a list"),
    ("board_three_rows", "board.yaml", lambda d: set_(d, "grid", [*d["grid"], ["city", "school"]]),
     "board.yaml: board: grid: expected 2 rows, got 3"),
    ("board_short_row", "board.yaml", lambda d: set_(d, "grid", [["hospital"], ["city", "school"]]),
     "board.yaml: board: grid[0]: expected a row of 2 locations, got a list"),
    ("board_unknown_location", "board.yaml",
     lambda d: set_(d, "grid", [["hospital", "mall"], ["city", "school"]]),
     "board.yaml: board: grid[0][1]: expected one of hospital, shrine, city, school, got 'mall'"),
    ("board_repeated_location", "board.yaml",
     lambda d: set_(d, "grid", [["hospital", "hospital"], ["city", "school"]]),
     "board.yaml: board: grid: every location must appear exactly once"),
    ("board_moves_missing", "board.yaml", lambda d: d["moves"].pop("school"),
     "board.yaml: board: moves.school: missing"),
    ("board_moves_unknown", "board.yaml", lambda d: set_(d["moves"], "mall", {}),
     "board.yaml: board: moves.mall: expected one of hospital, shrine, city, school"),
    ("board_moves_wrong", "board.yaml", lambda d: set_(d["moves"]["city"], "diagonal", "hospital"),
     "board.yaml: board: moves.city: diagonal: the grid gives 'shrine', the table says 'hospital'"),
    ("board_moves_missing_direction", "board.yaml", lambda d: d["moves"]["city"].pop("vertical"),
     "board.yaml: board: moves.city: vertical: missing"),
]  # fmt: skip


@pytest.mark.parametrize(("file", "edit", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_content_error(data_dir: Path, file: str, edit: Edit, message: str) -> None:
    assert error_after(data_dir, file, edit) == message


def test_content_error_is_an_input_error(data_dir: Path) -> None:
    (data_dir / "roles.yaml").write_text("roles: [", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_content(data_dir)
    assert isinstance(info.value, ContentError)
    assert info.value.where == "roles.yaml"
    assert str(info.value).startswith("roles.yaml: invalid YAML at line 1")


def test_missing_file(data_dir: Path) -> None:
    (data_dir / "plots.yaml").unlink()
    with pytest.raises(ContentError) as info:
        load_content(data_dir)
    assert str(info.value) == "plots.yaml: cannot be read (No such file or directory)"


def test_copied_data_loads(data_dir: Path) -> None:
    content = load_content(data_dir)
    assert content.characters["nurse"].paranoia_limit == 3
    assert content is not load_content()


def test_a_key_written_twice_is_refused(data_dir: Path) -> None:
    path = data_dir / "board.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "grid: []\n", encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    with pytest.raises(ContentError) as info:
        load_content(data_dir)
    assert str(info.value) == f"board.yaml: invalid YAML at line {len(lines)}, column 1: duplicate key 'grid'"
