"""Where the project's data files live.

The package is installed editable from a clone, so ``data/`` sits beside the
``rulesengine/`` folder. ``RULESENGINE_DATA`` overrides the location.

>>> (DATA_DIR / "glossary.csv").is_file()
True
"""

from __future__ import annotations

import os
from pathlib import Path

#: The repository's ``data/`` folder (or ``$RULESENGINE_DATA``).
DATA_DIR = Path(os.environ.get("RULESENGINE_DATA", Path(__file__).resolve().parent.parent / "data"))


def shipped_name(path: str | Path) -> str:
    """How a shipped data file is named in errors: ``data/…`` as in the repository (the path as given
    when it is not under :data:`DATA_DIR`).

    >>> shipped_name(DATA_DIR / "locale" / "rulesengine.pot")
    'data/locale/rulesengine.pot'
    """
    try:
        return (Path("data") / Path(path).relative_to(DATA_DIR)).as_posix()
    except ValueError:
        return str(path)
