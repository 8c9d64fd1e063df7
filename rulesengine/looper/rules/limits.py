"""The ranges of a Tragedy Looper script's numbers: loops (TL-LOOP-1) and days per loop (TL-LOOP-2).

The rules let the script set both. The published scripts use 2 to 7 loops and up to 8 days (the
board's day track has 8 spaces); the project's tests also use 1 loop and 1 day. A script outside
``1..MAX_LOOPS`` loops or ``1..MAX_DAYS`` days is refused by the validator (so by ``looper validate``,
``replay`` and ``play``), which also bounds how long a game can run. Ruling options that name a
loop (``mystery_boy_from_loop``) are bounded by :data:`MAX_LOOPS` too. ``docs/looper_scripts.md``
states these ranges.

>>> MAX_LOOPS, MAX_DAYS
(8, 8)
"""

from __future__ import annotations

from typing import Final

__all__ = ["MAX_DAYS", "MAX_LOOPS"]

#: The most loops a script may give the protagonists (TL-LOOP-1).
MAX_LOOPS: Final = 8
#: The most days a loop may have (TL-LOOP-2).
MAX_DAYS: Final = 8
