"""Tragedy Looper exercises: situations played by the engine, questions about what its rules decide.

(The kinds are registered here; see :mod:`rulesengine.exercises.core` for the shape they share.)
"""

from __future__ import annotations
