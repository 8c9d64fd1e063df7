"""``python -m rulesengine`` runs :func:`rulesengine.cli.main`."""

from __future__ import annotations

import sys

from rulesengine.cli import main

if __name__ == "__main__":  # pragma: no cover - exercised through subprocess tests
    sys.exit(main())
