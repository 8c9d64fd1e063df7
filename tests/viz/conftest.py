"""Every widget test starts and ends in English, and leaves no language listener behind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulesengine import i18n


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """English labels; the language listeners registered by the test's widgets are dropped afterwards."""
    listeners = list(i18n._listeners)
    i18n.set_language("en")
    yield
    i18n._listeners[:] = listeners
    i18n.set_language("en")
