"""What the Protagonists can deduce: every private sheet still possible, with exact probabilities.

A client of the rules kernel (:mod:`rulesengine.looper.rules`): it replays the public record through the
kernel's two seams — a provider of hidden facts that binds each fact when the engine first reads it, and
an event sink that stops a branch at the first public event that differs from the record
(``docs/looper_deduction.md``).

* :mod:`~rulesengine.looper.deduction.record` — the input: the public sheet and the public record.
* :mod:`~rulesengine.looper.deduction.sheets` — the private sheets a public sheet allows (the candidates).
* :mod:`~rulesengine.looper.deduction.filters` — the cheap necessary filters read from the public log.
* :mod:`~rulesengine.looper.deduction.hidden` — the hidden facts bound lazily and the table of sheets
  that answers them.
* :mod:`~rulesengine.looper.deduction.search` — the tree search over the enumerated table:
  :func:`deduce_enumerated` and :func:`consistent`.
* :mod:`~rulesengine.looper.deduction.space` — the private sheets as factors, counted (issue 23).
* :mod:`~rulesengine.looper.deduction.counted` — the tree search over boxes of that space, its
  candidates counted: :func:`deduce_counted`, and :func:`deduce`, which chooses.
* :mod:`~rulesengine.looper.deduction.results` — the candidates found, their weights and distributions.
* :mod:`~rulesengine.looper.deduction.sample` — exact draws from the posterior: :func:`sample`.
* :mod:`~rulesengine.looper.deduction.advice` — the final-guess advice and the next move.
* :mod:`~rulesengine.looper.deduction.text` — the deduction's sentences (:func:`message`).
* :mod:`~rulesengine.looper.deduction.reference` — the reference searches the tests compare with.
* :mod:`~rulesengine.looper.deduction.agent` — the deducing Protagonists.
"""

from __future__ import annotations

from rulesengine.looper.deduction.agent import DeducingProtagonists
from rulesengine.looper.deduction.counted import deduce, deduce_counted
from rulesengine.looper.deduction.record import PublicRecord, PublicSheet, day_records
from rulesengine.looper.deduction.reference import brute_force, replay_each_sheet, tiny_script
from rulesengine.looper.deduction.results import Candidate, Deduction
from rulesengine.looper.deduction.sample import sample
from rulesengine.looper.deduction.search import consistent, deduce_enumerated
from rulesengine.looper.deduction.text import message

__all__ = [
    "Candidate",
    "DeducingProtagonists",
    "Deduction",
    "PublicRecord",
    "PublicSheet",
    "brute_force",
    "consistent",
    "day_records",
    "deduce",
    "deduce_counted",
    "deduce_enumerated",
    "message",
    "replay_each_sheet",
    "sample",
    "tiny_script",
]
