"""Exact culprit odds for one detective's knowledge, Bayes tables and base rates.

A detective knows the player count, two figures that are not at the scene (their alibis: GR-I1,
GR-I2; with two players the one in hand and the face-up figure, GR-2P1..2P3) and the suspects they
looked at (GR-P2, GR-P4). The deal is uniform (GR-S3), so, given that knowledge, the figures they have
not seen are spread uniformly over the places they have not seen. The odds are an exact enumeration
of the figures that can stand at the unseen suspects, in :class:`~fractions.Fraction`. What other
players' chips might reveal is ignored here (see :mod:`rulesengine.grove.odds.inference`).

>>> k = Knowledge.make(3, alibis=["2", "3"], seen={0: "7", 1: "8"})
>>> odds = culprit_odds(k)
>>> [str(p) for p in odds.suspects], odds.unseen
(['0', '2/3', '1/3'], Fraction(1, 3))
>>> base_rates(4).five_at_scene
Fraction(3, 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import Any

from rulesengine.errors import InputError
from rulesengine.grove.rules.figures import (
    CULPRITS,
    Figure,
    check_players,
    culprit_index,
    figure_counts,
    figures_in_play,
)
from rulesengine.grove.rules.knowledge import Knowledge

__all__ = [
    "BaseRates",
    "BayesRow",
    "CulpritOdds",
    "Knowledge",
    "base_rates",
    "bayes_records",
    "bayes_table",
    "clear_cache",
    "culprit_odds",
    "information_states",
]


def _draws(pool: Mapping[Figure, int], k: int) -> Iterator[tuple[tuple[Figure, ...], int]]:
    """Ordered draws of ``k`` figures without replacement, with their multiplicity (weight)."""
    if k == 0:
        yield (), 1
        return
    counts = dict(pool)
    for fig in sorted(counts):
        c = counts[fig]
        if not c:
            continue
        counts[fig] = c - 1
        for rest, w in _draws(counts, k - 1):
            yield (fig, *rest), c * w
        counts[fig] = c


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@lru_cache(maxsize=65536)
def _odds_core(
    pool: tuple[int, ...], seen_values: tuple[int, ...]
) -> tuple[tuple[Fraction, Fraction, Fraction], tuple[tuple[Figure, Fraction], ...]]:
    """Odds in a canonical layout: the seen faces (sorted) at positions 0.., the unseen after them.

    Every ordered draw of the unseen suspects from ``pool`` (a sorted tuple of faces, X = 0, with
    repeats) is equally likely; ``itertools.permutations`` walks them with repeats counted.
    """
    k = 3 - len(seen_values)
    by_position = [0, 0, 0]
    by_face: dict[int, int] = {}
    total = 0
    for draw in permutations(pool, k):
        scene = seen_values + draw
        c = CULPRITS[scene]  # type: ignore[index]  # GR-R1..R3; never three X: only two are in play
        by_position[c] += 1
        by_face[scene[c]] = by_face.get(scene[c], 0) + 1
        total += 1
    suspects = (
        Fraction(by_position[0], total),
        Fraction(by_position[1], total),
        Fraction(by_position[2], total),
    )
    dist = tuple((Figure(f), Fraction(by_face[f], total)) for f in sorted(by_face))
    return suspects, dist


def clear_cache() -> None:
    """Forget memoised odds (for benchmarks measuring a cold start)."""
    _odds_core.cache_clear()


@dataclass(frozen=True)
class CulpritOdds:
    """The exact odds for one knowledge state.

    ``suspects[i]`` is P(suspect i is the culprit); ``culprit_number`` the distribution of the
    culprit's figure; ``unseen`` P(the culprit is a suspect this detective has not looked at).
    """

    knowledge: Knowledge
    suspects: tuple[Fraction, Fraction, Fraction]
    culprit_number: dict[Figure, Fraction]
    unseen: Fraction

    def best(self) -> tuple[int, ...]:
        """The suspect indices with the highest probability (ties kept, sorted)."""
        top = max(self.suspects)
        return tuple(i for i, p in enumerate(self.suspects) if p == top)

    def as_json(self) -> dict[str, Any]:
        """The command line's ``--json`` object: floats under ``odds``, ``"n/d"`` strings under ``exact``."""
        return {
            "odds": [float(p) for p in self.suspects],
            "exact": [f"{p.numerator}/{p.denominator}" for p in self.suspects],
        }


def culprit_odds(knowledge: Knowledge) -> CulpritOdds:
    """P(each suspect is the culprit) for a detective's knowledge, exactly (GR-R1..R3, GR-S3).

    The figures not seen by the detective are dealt uniformly over the places they did not see,
    so the unseen suspects are an ordered draw from those figures; every draw is enumerated.

    >>> k = Knowledge.make(5, alibis=["X", "5"], seen={0: "X", 2: "4"})
    >>> odds = culprit_odds(k); odds.suspects[1], odds.culprit_number[Figure(4)]
    (Fraction(3, 5), Fraction(2, 5))
    """
    seen = sorted(knowledge.seen, key=lambda pair: (int(pair[1]), pair[0]))
    canon, dist = _odds_core(knowledge.pool_faces(), tuple(int(f) for _, f in seen))
    order = [i for i, _ in seen] + list(knowledge.unseen_indices)  # canonical position -> suspect index
    by_index = [Fraction(0)] * 3
    for position, index in enumerate(order):
        by_index[index] = canon[position]
    suspects = (by_index[0], by_index[1], by_index[2])
    unseen = sum(canon[len(seen):], Fraction(0))
    return CulpritOdds(knowledge, suspects, dict(dist), unseen)


@dataclass(frozen=True)
class BayesRow:
    """One row of a Bayes table (prior x likelihood = unnormalised; normalised = posterior).

    ``hypothesis`` is a label; ``culprit`` the suspect index guilty under it, or ``None`` for the
    per-suspect table where the hypothesis *is* "suspect i is the culprit".
    """

    hypothesis: str
    prior: Fraction
    likelihood: Fraction
    unnormalised: Fraction
    posterior: Fraction
    culprit: int | None = None
    culprit_figure: Figure | None = None


def _ordered_prob(pool: Mapping[Figure, int], figs: Sequence[Figure]) -> Fraction:
    """P(an ordered draw from ``pool`` shows ``figs`` in that order)."""
    counts = dict(pool)
    size = sum(counts.values())
    p = Fraction(1)
    for f in figs:
        c = counts.get(f, 0)
        if c == 0 or size == 0:
            return Fraction(0)
        p *= Fraction(c, size)
        counts[f] = c - 1
        size -= 1
    return p


def bayes_table(knowledge: Knowledge, by: str = "suspect") -> list[BayesRow]:
    """The Bayes table behind :func:`culprit_odds` (prior, likelihood, unnormalised, posterior).

    ``by="suspect"``: the hypotheses are "suspect i is the culprit"; the prior uses the alibis only,
    the data are the suspects looked at. ``by="figures"``: the hypotheses are the figures at the
    unseen suspects (each row also names the culprit under that hypothesis). Both give the same
    posterior per suspect.

    >>> k = Knowledge.make(3, alibis=["2", "3"], seen={0: "7", 1: "8"})
    >>> [(r.hypothesis, str(r.prior), str(r.likelihood), str(r.posterior)) for r in bayes_table(k)]
    [('suspect 0', '1/3', '0', '0'), ('suspect 1', '1/3', '1/10', '2/3'), ('suspect 2', '1/3', '1/20', '1/3')]
    """
    pool0 = knowledge.pool_before_looking()
    seen = knowledge.seen
    seen_idx = [i for i, _ in seen]
    seen_figs = [f for _, f in seen]
    unseen = list(knowledge.unseen_indices)
    if by == "suspect":
        priors = [Fraction(0)] * 3
        joint = [Fraction(0)] * 3
        total = _falling(sum(pool0.values()), 3)
        for draw, w in _draws(pool0, 3):
            c = culprit_index(draw)
            p = Fraction(w, total)
            priors[c] += p
            if all(draw[i] == f for i, f in seen):
                joint[c] += p
        evidence = sum(joint, Fraction(0))
        by_suspect: list[BayesRow] = []
        for i in range(3):
            like = joint[i] / priors[i] if priors[i] else Fraction(0)
            by_suspect.append(BayesRow(f"suspect {i}", priors[i], like, joint[i], joint[i] / evidence, i))
        return by_suspect
    if by != "figures":
        raise InputError("by", f"must be 'suspect' or 'figures', got {by!r}")
    rows: list[BayesRow] = []
    hyps: list[tuple[str, Fraction, Fraction, int | None, Figure | None]] = []
    for draw, _ in _draws(pool0, len(unseen)):
        prior = _ordered_prob(pool0, draw)
        rest = Counter(pool0)
        rest.subtract(draw)
        like = _ordered_prob(+rest, seen_figs)
        scene = dict(zip(seen_idx, seen_figs, strict=True))
        scene.update(zip(unseen, draw, strict=True))
        figs = (scene[0], scene[1], scene[2])
        label = ", ".join(f"suspect {i} = {f}" for i, f in zip(unseen, draw, strict=True)) or "(all seen)"
        if any(f.is_number for f in figs):
            guilty = culprit_index(figs)
            hyps.append((label, prior, like, guilty, figs[guilty]))
        else:  # three X: impossible beside what was seen (likelihood 0)
            hyps.append((label, prior, like, None, None))
    evidence = sum((p * q for _, p, q, _, _ in hyps), Fraction(0))
    for label, prior, like, who, fig in hyps:
        rows.append(BayesRow(label, prior, like, prior * like, prior * like / evidence, who, fig))
    return rows


def bayes_records(knowledge: Knowledge, by: str = "suspect") -> list[dict[str, Any]]:
    """:func:`bayes_table` as plain records (for ``pandas.DataFrame(records)`` in a notebook).

    >>> bayes_records(Knowledge.make(3, ["2", "3"], {0: "7", 1: "8"}))[1]["posterior"]
    Fraction(2, 3)
    """
    return [
        {
            "hypothesis": r.hypothesis,
            "prior": r.prior,
            "likelihood": r.likelihood,
            "unnormalised": r.unnormalised,
            "posterior": r.posterior,
            "culprit": r.culprit,
            "culprit_figure": None if r.culprit_figure is None else r.culprit_figure.label,
        }
        for r in bayes_table(knowledge, by)
    ]


@dataclass(frozen=True)
class BaseRates:
    """What is true before anyone looks, for one player count (uniform deal, GR-S1, GR-S3).

    ``at_scene[f]``: P(figure f is among the three suspects); ``five_at_scene`` = 3/N with N figures;
    ``culprit_number[f]``: P(the culprit is figure f); ``lowest_rule``: P(GR-R2 applies).
    """

    players: int
    figures: int
    at_scene: dict[Figure, Fraction]
    five_at_scene: Fraction
    culprit_number: dict[Figure, Fraction]
    lowest_rule: Fraction


@lru_cache(maxsize=8)
def base_rates(players: int) -> BaseRates:
    """Base rates before anyone looks (e.g. P(a 5 is at the scene) = 3/N; GR-S1, GR-R1..R3).

    >>> [str(base_rates(n).five_at_scene) for n in (2, 3, 4, 5)]
    ['3/7', '3/7', '3/8', '1/3']
    >>> base_rates(3).culprit_number[Figure(8)]
    Fraction(2, 7)
    """
    check_players(players)
    counts = figure_counts(players)
    n = sum(counts.values())
    at_scene = {f: Fraction(3 * c, n) for f, c in sorted(counts.items())}
    total = _falling(n, 3)
    culprit: Counter[Figure] = Counter()
    for draw, w in _draws(counts, 3):
        culprit[draw[culprit_index(draw)]] += w
    dist = {f: Fraction(culprit[f], total) for f in sorted(culprit)}
    return BaseRates(players, n, at_scene, at_scene[Figure.FIVE], dist, at_scene[Figure.FIVE])


def information_states(players: int) -> Iterator[Knowledge]:
    """Every information state a detective can be in, for one player count.

    Alibis are an unordered pair (3 to 5 players) or the figure in hand plus the face-up figure
    (2 players); the detective has looked at 0, 1 or 2 suspects, at any indices.

    >>> sum(1 for _ in information_states(3))
    1596
    """
    check_players(players)
    counts = figure_counts(players)
    values = sorted(counts)
    if players == 2:
        offs: list[tuple[tuple[Figure, ...], Figure | None]] = [
            ((a,), b) for a in values for b in values if a != b
        ]
    else:
        offs = []
        for i, a in enumerate(values):
            for b in values[i:]:
                if a != b or counts[a] >= 2:
                    offs.append(((a, b), None))
    index_sets: list[tuple[int, ...]] = [(), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2)]
    for alibis, public in offs:
        pool = Counter(figures_in_play(players))
        pool.subtract(alibis + ((public,) if public is not None else ()))
        pool = +pool
        for idx in index_sets:
            for draw, _ in _draws(pool, len(idx)):
                yield Knowledge(players, alibis, tuple(zip(idx, draw, strict=True)), public)
