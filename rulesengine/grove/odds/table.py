"""The table of exact culprit odds for every information state (``data/grove/culprit_odds.csv``).

Regenerate with ``python -m rulesengine.grove.odds.table`` (or ``python -m rulesengine grove table``);
``--check`` compares the generated text with the file and exits 1 if they differ; ``--lang en|vi`` says
the report line in that language (``grove.cli.table.*``; the path and the count stay).

Columns: ``players``; ``alibis`` (the figures held, space-separated; one with 2 players);
``public`` (the face-up figure with 2 players, else empty); ``seen0``..``seen2`` (the figure of each
suspect looked at, empty if not looked at); ``p0``..``p2`` (P(suspect i is the culprit) as ``n/d``);
``p_unseen`` (P(the culprit is a suspect not looked at)). Rule ids: GR-S1, GR-R1..R3, GR-2P3.

>>> rows = table_rows(3); len(rows), rows[0]["alibis"], rows[0]["p0"]
(1596, '2 3', '1/3')
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path

from rulesengine.errors import InputError, ShippedDataError
from rulesengine.grove.odds.exact import culprit_odds, information_states
from rulesengine.grove.rules.figures import MAX_PLAYERS, MIN_PLAYERS
from rulesengine.inputs import read_text
from rulesengine.messages import message
from rulesengine.outputs import write_text
from rulesengine.paths import DATA_DIR

__all__ = ["COLUMNS", "TABLE_PATH", "main", "read_table", "render_table", "table_rows"]

#: Where the generated table lives.
TABLE_PATH = DATA_DIR / "grove" / "culprit_odds.csv"
#: The table's columns, in order.
COLUMNS = ("players", "alibis", "public", "seen0", "seen1", "seen2", "p0", "p1", "p2", "p_unseen")


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def table_rows(players: int) -> list[dict[str, str]]:
    """One row per information state of one player count, in a fixed order."""
    rows = []
    for k in information_states(players):
        odds = culprit_odds(k)
        seen = k.seen_map
        rows.append(
            {
                "players": str(players),
                "alibis": " ".join(f.label for f in k.alibis),
                "public": "" if k.public is None else k.public.label,
                "seen0": seen[0].label if 0 in seen else "",
                "seen1": seen[1].label if 1 in seen else "",
                "seen2": seen[2].label if 2 in seen else "",
                "p0": _frac(odds.suspects[0]),
                "p1": _frac(odds.suspects[1]),
                "p2": _frac(odds.suspects[2]),
                "p_unseen": _frac(odds.unseen),
            }
        )
    return rows


def render_table(players: Iterable[int] = range(MIN_PLAYERS, MAX_PLAYERS + 1)) -> str:
    """The whole table as CSV text (``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for n in players:
        writer.writerows(table_rows(n))
    return out.getvalue()


def read_table(path: Path = TABLE_PATH) -> list[dict[str, str]]:
    """The stored table as a list of row dicts (read through :func:`rulesengine.inputs.read_text`; the
    shipped table missing or damaged: a :class:`~rulesengine.errors.ShippedDataError`)."""
    try:
        return list(csv.DictReader(io.StringIO(read_text(path), newline="")))
    except InputError as exc:
        raise ShippedDataError.wrap(path, exc) if path == TABLE_PATH else exc from None


def main(argv: Sequence[str] | None = None) -> int:
    """Write the table (or, with ``--check``, compare it with the stored one)."""
    parser = argparse.ArgumentParser(prog="python -m rulesengine.grove.odds.table", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the stored table is out of date")
    parser.add_argument("--out", default=str(TABLE_PATH), help="where to write (default: %(default)s)")
    parser.add_argument("--lang", choices=("en", "vi"), default="en", help="the language of the report")
    args = parser.parse_args(argv)
    text = render_table()
    path = Path(args.out)
    rows = text.count("\n") - 1
    if args.check:
        stored = read_text(path) if path.exists() else ""
        if stored != text:
            print(message("grove.cli.table.out_of_date", args.lang, path=path), file=sys.stderr)
            return 1
        print(message("grove.cli.table.up_to_date", args.lang, path=path, rows=rows))
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, text, option="--out")  # whole or not at all (rulesengine.outputs)
    print(message("grove.cli.table.wrote", args.lang, path=path, rows=rows))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
