"""The deduction's progress (issue 23: the scripts players bring take seconds to deduce): ``deduce(record,
progress=f)`` calls ``f(done, total)`` with the record's events the search has followed — never fewer than
before, ``total`` the record's length, and ``(total, total)`` last — and answers exactly as without it;
``looper deduce`` draws it as a progress bar on a terminal's stderr, in the report's language, and not
with ``--no-progress`` or when stderr is not a terminal.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.looper.deduction import PublicRecord, day_records, deduce, tiny_script
from rulesengine.looper.deduction.results import Deduction
from rulesengine.looper.play.replay import decisions_document
from rulesengine.looper.rules.script import SCRIPTS_DIR, dump_script, load_script
from tests.looper.test_deduce import played
from tests.looper.test_deduce_resume import assert_same


def followed(record: PublicRecord, after: Deduction | None) -> tuple[list[tuple[int, int]], Deduction]:
    calls: list[tuple[int, int]] = []
    result = deduce(record, after=after, progress=lambda done, total: calls.append((done, total)))
    return calls, result


@pytest.mark.parametrize("name", ["btx_01_first_contract", "fs_01_tutorial"])
def test_progress_follows_the_record_and_changes_no_answer(name: str) -> None:
    """A whole heuristic game, deduced after every day going on from the day before, each deduction with
    and without the progress function: the same answers; the calls count the record's events, never
    going back, and end at the whole record."""
    game = played(load_script(SCRIPTS_DIR / f"{name}.yaml"), 0, 10_000, heuristic=True)
    records = [r for _, _, r in day_records(game)]
    before: Deduction | None = None
    for record in records:
        n = len(record.events)
        calls, result = followed(record, after=before)
        assert_same(result, deduce(record, after=before))
        assert calls and calls[-1] == (n, n)
        assert all(total == n for _, total in calls)
        done = [d for d, _ in calls]
        assert done == sorted(done) and 0 <= done[0] <= n
        before = result
    assert len(calls) > 2  # (the last record's search moved on event by event, not only at its end)


def test_progress_must_be_a_function() -> None:
    record = PublicRecord.from_game(played(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"), 0, 5, True))
    with pytest.raises(InputError, match="progress"):
        deduce(record, progress=3)  # type: ignore[arg-type]


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal (tqdm draws its bar only on one)."""

    def isatty(self) -> bool:
        return True


def _files(tmp_path: Path) -> list[str]:
    script = tiny_script(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"), 4, 3, 2)
    game = played(script, 0, 10_000, heuristic=True)
    (tmp_path / "s.yaml").write_text(dump_script(script), encoding="utf-8")
    (tmp_path / "d.json").write_text(json.dumps(decisions_document(game)), encoding="utf-8")
    return ["looper", "deduce", str(tmp_path / "s.yaml"), str(tmp_path / "d.json")]


def test_cli_draws_the_progress_on_a_terminal_in_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal the bar counts the events, then the days of ``--by-day``, in the report's language;
    with ``--no-progress``, or on a stderr that is not a terminal (a pipe, a file), stderr stays empty; the
    report on stdout is the same either way."""
    args = _files(tmp_path)
    for lang, words in (("en", ("deducing", "events", "deducing day by day", "days")),
                        ("vi", ("đang suy luận", "sự kiện", "đang suy luận từng ngày", "ngày"))):
        assert main([*args, "--json", "--by-day", "--lang", lang]) == 0
        quiet = capsys.readouterr()
        assert quiet.err == ""  # (capsys's stderr is not a terminal)
        terminal = _Terminal()
        monkeypatch.setattr("sys.stderr", terminal)
        assert main([*args, "--json", "--by-day", "--lang", lang]) == 0
        assert json.loads(capsys.readouterr().out) == json.loads(quiet.out)
        drawn = terminal.getvalue()
        for word in words:
            assert word in drawn, (lang, word)
        if lang == "vi":
            assert "events" not in drawn and "deducing" not in drawn
        terminal = _Terminal()
        monkeypatch.setattr("sys.stderr", terminal)
        assert main([*args, "--json", "--by-day", "--lang", lang, "--no-progress"]) == 0
        assert json.loads(capsys.readouterr().out) == json.loads(quiet.out)
        assert terminal.getvalue() == ""
