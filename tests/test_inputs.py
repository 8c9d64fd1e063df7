"""The bounded reading path (rulesengine.inputs): size, encoding, nesting, aliases, numbers, repeated keys.

Each limit is tested just inside and just outside, and every refusal is one line naming the file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from rulesengine.errors import InputError
from rulesengine.inputs import (
    MAX_FILE_BYTES,
    MAX_NESTING,
    MAX_NUMBER_CHARS,
    is_int_text,
    parse_data,
    parse_int,
    parse_json,
    parse_yaml,
    read_data,
    read_json,
    read_text,
    read_yaml,
)


class Custom(InputError):
    """A caller's own error class (ScriptError, ContentError…)."""


def message(exc: pytest.ExceptionInfo[InputError]) -> str:
    text = str(exc.value)
    assert "\n" not in text
    return text


# ------------------------------------------------------------------------------ reading a file
def test_a_file_at_the_size_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * MAX_FILE_BYTES)
    assert len(read_text(path)) == MAX_FILE_BYTES
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(InputError) as info:
        read_text(path, "big.yaml")
    assert message(info) == "big.yaml: is larger than the limit of 1,048,576 bytes"


def test_a_file_that_is_not_utf8_is_refused_naming_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("title: ok\nnote: café\n".encode("latin-1"))
    with pytest.raises(Custom) as info:
        read_yaml(path, error_cls=Custom)
    assert message(info) == f"{path}: is not UTF-8 text (byte 0xe9 at line 2, byte offset 19)"


def test_binary_bytes_are_refused_as_text(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(InputError, match=r"game.json: is not UTF-8 text \(byte 0x80 "):
        read_json(path, "game.json")


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert read_json(path) == {"a": 1}
    assert read_data(path) == {"a": 1}


def test_a_missing_file_and_a_folder_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        read_text(tmp_path / "nope.yaml", "nope.yaml")
    assert message(info) == "nope.yaml: cannot be read (No such file or directory)"
    with pytest.raises(InputError, match=r"^d: cannot be read \(Is a directory\)$"):
        read_text(tmp_path, "d")


# ------------------------------------------------------------------------------ nesting
def test_nesting_at_the_limit_is_read_and_one_deeper_is_refused() -> None:
    ok = "[" * MAX_NESTING + "]" * MAX_NESTING
    assert parse_yaml(ok, "ok.yaml") == parse_json(ok, "ok.json") == parse_data(ok, "ok") != []
    deep = "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)
    with pytest.raises(InputError) as info:
        parse_yaml(deep, "deep.yaml")
    assert message(info) == "deep.yaml: invalid YAML at line 1, column 33: nested deeper than 32 levels"
    with pytest.raises(InputError) as info:
        parse_json(deep, "deep.json")
    assert message(info) == "deep.json: invalid JSON at line 1, column 33: nested deeper than 32 levels"


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "{" * 100_000,
        '{"a":' * 50_000,
        "a:\n" + "".join(" " * i + "- x:\n" for i in range(1, 400)),
    ],
)
def test_very_deep_nesting_is_an_input_error_not_a_recursion_error(text: str) -> None:
    for parse in (parse_yaml, parse_json, parse_data):
        with pytest.raises(InputError, match=r"nested deeper than 32 levels|invalid"):
            parse(text, "deep")


def test_brackets_inside_json_strings_do_not_count_as_nesting() -> None:
    text = '{"a": "' + "[" * 1000 + '\\"{"}'
    assert parse_json(text, "s.json") == {"a": "[" * 1000 + '"{'}


# ------------------------------------------------------------------------------ aliases
def test_aliases_are_read_and_counted_in_full() -> None:
    assert parse_yaml("a: &x [1, 2]\nb: *x\n", "ok.yaml") == {"a": [1, 2], "b": [1, 2]}
    laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 7)
    )
    with pytest.raises(InputError) as info:
        parse_yaml(laughs, "laughs.yaml")
    assert message(info).startswith("laughs.yaml: invalid YAML at line 6, column ")
    assert message(info).endswith(": more than 1,000,000 values (aliases counted in full)")


def test_an_alias_inside_the_value_it_names_is_refused() -> None:
    with pytest.raises(InputError) as info:
        parse_yaml("a: &x {b: [*x]}\n", "self.yaml")
    assert message(info) == (
        "self.yaml: invalid YAML at line 1, column 12: the alias *x is inside the value it names"
    )


def test_merge_keys_are_not_duplicate_keys() -> None:
    assert parse_yaml("base: &b {a: 1}\nx:\n  <<: *b\n  c: 2\n", "m.yaml") == {
        "base": {"a": 1},
        "x": {"a": 1, "c": 2},
    }


# ------------------------------------------------------------------------------ numbers and keys
def test_a_number_at_the_length_limit_is_read_and_a_longer_one_refused() -> None:
    assert parse_yaml(f"n: {'9' * MAX_NUMBER_CHARS}", "n.yaml") == {"n": int("9" * MAX_NUMBER_CHARS)}
    assert parse_json(f'{{"n": {"9" * MAX_NUMBER_CHARS}}}', "n.json") == {"n": int("9" * MAX_NUMBER_CHARS)}
    long = "9" * 5000  # int() itself refuses more than 4,300 digits with a ValueError
    with pytest.raises(InputError) as info:
        parse_yaml(f"n: {long}", "n.yaml")
    assert message(info) == "n.yaml: invalid YAML at line 1, column 4: a number longer than 100 characters"
    with pytest.raises(InputError) as info:
        parse_json(f'{{"n": {long}}}', "n.json")
    assert message(info) == "n.json: invalid JSON at line 1, column 7: a number longer than 100 characters"
    with pytest.raises(InputError, match="a number longer than 100 characters"):
        parse_json(f'{{"n": 1.{long}}}', "n.json")


def test_nan_and_infinity_are_not_json() -> None:
    with pytest.raises(InputError) as info:
        parse_json('{"n": NaN}', "n.json")
    assert message(info) == "n.json: invalid JSON: NaN is not a JSON number"


@pytest.mark.parametrize(
    ("parse", "text", "expected"),
    [
        (parse_yaml, "a: 1\nb:\n  c: 1\n  c: 2\n", "invalid YAML at line 4, column 3: duplicate key 'c'"),
        (parse_json, '{"a": [{"t": 1}, {"t": 1, "t": 2}]}', "JSON at line 1, column 27: duplicate key 't'"),
        (parse_data, '{"decisions": [], "decisions": []}', "line 1, column 19: duplicate key 'decisions'"),
        (parse_data, "decisions: []\ndecisions: []\n", "line 2, column 1: duplicate key 'decisions'"),
    ],
)
def test_a_key_written_twice_is_refused_with_its_place(
    parse: Callable[[str, str], object], text: str, expected: str
) -> None:
    with pytest.raises(InputError) as info:
        parse(text, "f")
    assert message(info).startswith("f: invalid ") and message(info).endswith(expected)


def test_a_truncated_file_is_one_line_with_line_and_column() -> None:
    text = '{\n "format": "looper-decisions/1",\n "decisions": [\n  {"type": "pa'
    with pytest.raises(InputError) as info:
        parse_data(text, "cut.json")
    assert message(info) == (
        "cut.json: invalid YAML/JSON at line 4, column 15: found unexpected end of stream"
        " (while scanning a quoted scalar at line 4, column 12)"
    )


def test_unsafe_tags_and_control_characters_are_refused() -> None:
    with pytest.raises(InputError, match="could not determine a constructor for the tag"):
        parse_yaml("a: !!python/object/apply:os.system [ls]", "t.yaml")
    with pytest.raises(InputError) as info:
        parse_yaml("a: b\x00", "nul.yaml")
    assert message(info) == "nul.yaml: invalid YAML at line 1, column 5: character #x0000 not allowed"


# ------------------------------------------------------------------------------ numbers given as text
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("²", "--n: must be 2 to 5 written with the digits 0-9, got '²'"),
        ("３", "--n: must be 2 to 5 written with the digits 0-9, got '３'"),
        ("٢", "--n: must be 2 to 5 written with the digits 0-9, got '٢'"),
        ("", "--n: must be 2 to 5, got ''"),
        ("  ", "--n: must be 2 to 5, got '  '"),
        ("+3", "--n: must be 2 to 5, got '+3'"),
        ("1_0", "--n: must be 2 to 5, got '1_0'"),
        ("-3", "--n: must be 2 to 5, got '-3'"),
        ("3.0", "--n: must be 2 to 5, got '3.0'"),
        ("9" * 19, f"--n: must be 2 to 5, got '{'9' * 19}'"),
        ("6", "--n: must be 2 to 5, got '6'"),
    ],
)
def test_numbers_are_ascii_digits_within_their_range(text: str, expected: str) -> None:
    with pytest.raises(InputError) as info:
        parse_int(text, "--n", 2, 5)
    assert message(info) == expected


def test_a_minus_sign_only_where_the_range_has_negatives() -> None:
    assert parse_int(" -7 ", "--seed", -10, 10) == -7
    assert parse_int("007", "--n", 0, 10) == 7
    assert is_int_text("-" + "9" * 18) and not is_int_text("9" * 19) and not is_int_text("--1")
