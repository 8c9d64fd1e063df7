"""What the Protagonists can deduce: every private sheet still possible, with exact probabilities.

A client of the rules kernel (:mod:`rulesengine.looper.rules`): it replays the public record through the
kernel's two seams — a provider of hidden facts that binds each fact when the engine first reads it, and
an event sink that stops a branch at the first public event that differs from the record
(``docs/looper_deduction.md``).

* :mod:`~rulesengine.looper.deduction.sheets` — the private sheets a public sheet allows (the candidates).
* :mod:`~rulesengine.looper.deduction.search` — the public record, the search, the results and the advice,
  and the deducing agent.
"""

from __future__ import annotations

from rulesengine.looper.deduction.search import (
    DeducingProtagonists,
    Deduction,
    PublicRecord,
    PublicSheet,
    deduce,
)

__all__ = ["DeducingProtagonists", "Deduction", "PublicRecord", "PublicSheet", "deduce"]
