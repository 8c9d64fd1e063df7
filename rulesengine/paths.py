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
