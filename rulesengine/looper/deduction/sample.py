"""Exact draws from the deduction's posterior: whole private sheets, without listing the candidates.

:func:`sample` draws ``n`` consistent candidates (plots, roles, parameters and culprits) independently
from the posterior of a :class:`~rulesengine.looper.deduction.results.Deduction`: uniformly under the
uniform weighting, under the prior's weights otherwise. For the counted result
(:mod:`~rulesengine.looper.deduction.counted`, what :func:`~rulesengine.looper.deduction.counted.deduce`
returns) a draw is, in exact integers:

1. a disjoint consistent *piece* (box × culprit sets), with probability its mass over the total (its
   count under the uniform weighting);
2. in the piece, a plot combination, with probability its weight × its count of role assignments
   (:meth:`Space.combo_counts <rulesengine.looper.deduction.space.Space.combo_counts>`, the dynamic
   programme that counts them);
3. a uniform position among that combination's sheets × culprit assignments — then read back by
   counting (:meth:`_Counted.entry <rulesengine.looper.deduction.counted._Counted.entry>`: the
   parameter choice, each character's role in cast order, each role taken with probability the number
   of assignments that complete it over the number left, through the same memoised counts, and the
   culprits in order).

Unranking a uniform position is backward sampling through the counts: the same distribution, one
integer drawn per step. The draws are candidate indices (:func:`sample_indices`), so the caller can also
ask the deduction for a drawn candidate's witness game (``deduction.witnesses[i]``: the candidate's own
script replayed to where the record ends), which is how the searching Protagonists build the games
they search on (:mod:`rulesengine.looper.play.protagonists_search`). Deterministic for the generator's seed.

>>> import random
>>> from rulesengine.looper.deduction import PublicRecord, deduce, tiny_script
>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> game = Game(tiny_script(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")))
>>> result = deduce(PublicRecord.from_game(game))
>>> draws = sample(result, 3, random.Random(0))
>>> len(draws), all(d in set(result.consistent) for d in draws)
(3, True)
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Sequence
from fractions import Fraction

from rulesengine.looper.deduction.counted import _Counted
from rulesengine.looper.deduction.results import Candidate, Deduction
from rulesengine.looper.deduction.space import count_culprits

__all__ = ["sample", "sample_indices"]


def sample(deduction: Deduction, n: int, rng: random.Random) -> list[Candidate]:
    """``n`` consistent candidates drawn independently from ``deduction``'s posterior (see the module)."""
    return [deduction.consistent[i] for i in sample_indices(deduction, n, rng)]


def sample_indices(deduction: Deduction, n: int, rng: random.Random) -> list[int]:
    """The indices (in ``deduction.consistent``) of ``n`` candidates drawn independently from the
    posterior: each index ``i`` with probability ``deduction.weights[i]``, exactly (integers only).
    An empty list when no candidate is consistent."""
    if n < 0:
        raise ValueError(f"n must be at least 0, got {n}")
    count = deduction.candidates
    if not count or not n:
        return []
    found = deduction.found
    if isinstance(found, _Counted):
        return _Draws(found).draw(n, rng)
    if deduction.weighting == "uniform":
        return [rng.randrange(count) for _ in range(n)]
    return _by_weights(list(deduction.weights), n, rng)  # (the enumerated result: its candidates listed)


class _Draws:
    """The counted result's masses as integers: per piece, and per combination inside each piece."""

    def __init__(self, found: _Counted) -> None:
        self.found = found
        scale = math.lcm(*(Fraction(w).denominator for w in found.combo_weight))
        self.weight = [int(Fraction(w) * scale) for w in found.combo_weight]
        # per piece: its combinations' cumulative masses (weight × role assignments), and the factor
        # (parameter choices × culprit assignments) that multiplies each
        self.blocks: list[tuple[list[int], list[int], list[int]]] = []
        masses = []
        for factor, cc in zip(found.factor, found.counts, strict=True):
            combos = [c for _, c in cc]
            cum = list(itertools.accumulate(self.weight[k] * c for k, c in cc))
            self.blocks.append((cum, combos, list(itertools.accumulate(combos))))
            masses.append(factor * (cum[-1] if cum else 0))
        self.cum = list(itertools.accumulate(masses))

    def draw(self, n: int, rng: random.Random) -> list[int]:
        return [self._one(rng) for _ in range(n)]

    def _one(self, rng: random.Random) -> int:
        found = self.found
        p = bisect.bisect_right(self.cum, rng.randrange(self.cum[-1]))  # (1. the piece)
        cum, combos, ends = self.blocks[p]
        j = bisect.bisect_right(cum, rng.randrange(cum[-1]))  # (2. its combination)
        box, cm, _ = found.pieces[p]
        n_params, n_culprits = box.params.bit_count(), count_culprits(cm)
        # (3. a uniform position among the combination's sheets and culprit assignments, in the order of
        # ``_Counted.entry``: the combinations in order, a sheet's culprit assignments together)
        before = (ends[j - 1] if j else 0) * n_params * n_culprits
        at = rng.randrange(combos[j] * n_params * n_culprits)
        return (found.ends[p - 1] if p else 0) + before + at


def _by_weights(weights: Sequence[Fraction], n: int, rng: random.Random) -> list[int]:
    """Indices drawn with probability ``weights[i]`` (exact: the weights over a common denominator)."""
    scale = math.lcm(*(w.denominator for w in weights))
    cum = list(itertools.accumulate(int(w * scale) for w in weights))
    return [bisect.bisect_right(cum, rng.randrange(cum[-1])) for _ in range(n)]
