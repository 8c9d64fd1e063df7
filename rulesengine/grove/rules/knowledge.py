"""One detective's knowledge: the player count, their alibis and the suspects they looked at.

A :class:`Knowledge` is the information state of one seat (GR-I1, GR-I2, GR-P2, GR-P4; with two players
GR-2P1..2P3); :mod:`rulesengine.grove.odds.exact` turns it into exact culprit odds, and
:meth:`rulesengine.grove.rules.game.GameState.knowledge` reads it off a game.

>>> k = Knowledge.make(3, alibis=["2", "3"], seen={0: "7", 1: "8"})
>>> k.players, [int(f) for f in k.alibis], k.seen
(3, [2, 3], ((0, 7), (1, 8)))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rulesengine.errors import InputError
from rulesengine.grove.rules.figures import (
    Figure,
    check_players,
    figure_counts,
    figures_in_play,
    parse_figure,
)

__all__ = ["Knowledge"]


#: The faces in play for each player count (X = 0), sorted.
_FACES = {n: tuple(sorted(int(f) for f in figures_in_play(n))) for n in range(2, 6)}


def _as_figures(values: Iterable[str | int | Figure], where: str) -> tuple[Figure, ...]:
    return tuple(parse_figure(v, where) for v in values)


@dataclass(frozen=True)
class Knowledge:
    """One detective's information state (GR-I1, GR-I2, GR-2P3, GR-P2, GR-P4).

    ``alibis`` (sorted) are the figures held: two with 3 to 5 players, one (the figure in hand) with
    2 players, when ``public`` is the face-up figure. ``seen`` maps suspect index to figure for the
    suspects looked at (0, 1 or 2 of them). Build it with :meth:`make`, which validates.
    """

    players: int
    alibis: tuple[Figure, ...]
    seen: tuple[tuple[int, Figure], ...]
    public: Figure | None = None

    @classmethod
    def make(
        cls,
        players: int,
        alibis: Sequence[str | int | Figure],
        seen: Mapping[int, str | int | Figure] | Iterable[tuple[int, str | int | Figure]] = (),
        public: str | int | Figure | None = None,
    ) -> Knowledge:
        """Validate and build a knowledge state; raise :class:`InputError` if it cannot occur.

        >>> Knowledge.make(2, ["5"], {2: "X"}, public="3")
        Traceback (most recent call last):
        ...
        rulesengine.errors.InputError: seen: figure X is not in play with 2 players (GR-S1)
        >>> Knowledge.make(3, ["5", "5"])
        Traceback (most recent call last):
        ...
        rulesengine.errors.InputError: alibis: figure 5 is used twice (there is 1 in play)
        """
        check_players(players)
        alibi_figs = _as_figures(alibis, "alibis")
        need = 1 if players == 2 else 2
        if len(alibi_figs) != need:
            raise InputError(
                "alibis",
                f"with {players} players a detective knows {need} alibi figure{'s' if need > 1 else ''}"
                f" (GR-{'2P3' if players == 2 else 'I2'}), got {len(alibi_figs)}",
            )
        pub: Figure | None = None
        if players == 2:
            if public is None:
                raise InputError("public", "with 2 players the face-up figure is required (GR-2P1)")
            pub = parse_figure(public, "public")
        elif public is not None:
            raise InputError("public", f"there is no face-up figure with {players} players (GR-2P1)")
        pairs = list(seen.items()) if isinstance(seen, Mapping) else list(seen)
        seen_list: list[tuple[int, Figure]] = []
        for index, value in pairs:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= 2:
                raise InputError("seen", f"suspect index must be 0, 1 or 2, got {index!r}")
            seen_list.append((index, parse_figure(value, "seen")))
        indices = [i for i, _ in seen_list]
        if len(set(indices)) != len(indices):
            raise InputError("seen", f"a suspect is given twice: {sorted(indices)}")
        if len(seen_list) > 2:
            raise InputError("seen", "a detective looks at two suspects, not three (GR-P2, GR-P4)")
        in_play = figure_counts(players)
        used: Counter[Figure] = Counter()
        for where, figs in (("alibis", alibi_figs), ("public", (pub,) if pub is not None else ()),
                            ("seen", tuple(f for _, f in seen_list))):
            for fig in figs:
                if in_play[fig] == 0:
                    raise InputError(where, f"figure {fig} is not in play with {players} players (GR-S1)")
                used[fig] += 1
                if used[fig] > in_play[fig]:
                    times = "twice" if used[fig] == 2 else f"{used[fig]} times"
                    raise InputError(where, f"figure {fig} is used {times} (there "
                                     f"{'is' if in_play[fig] == 1 else 'are'} {in_play[fig]} in play)")
        return cls(players, tuple(sorted(alibi_figs)), tuple(sorted(seen_list)), pub)

    @property
    def seen_map(self) -> dict[int, Figure]:
        """The suspects looked at, as index -> figure."""
        return dict(self.seen)

    @property
    def unseen_indices(self) -> tuple[int, ...]:
        """The suspects this detective has not looked at."""
        looked = {i for i, _ in self.seen}
        return tuple(i for i in range(3) if i not in looked)

    def known_off_scene(self) -> tuple[Figure, ...]:
        """The figures known not to be suspects: the alibis and, with 2 players, the face-up one."""
        return self.alibis + ((self.public,) if self.public is not None else ())

    def pool_before_looking(self) -> Counter[Figure]:
        """The figures that may stand at the scene given the alibis only."""
        pool = figure_counts(self.players)
        pool.subtract(self.known_off_scene())
        return +pool

    def pool_faces(self) -> tuple[int, ...]:
        """The faces not seen anywhere (X = 0), sorted, with repeats: the unseen places' pool."""
        faces = list(_FACES[self.players])
        for f in self.known_off_scene():
            faces.remove(f)
        for _, f in self.seen:
            faces.remove(f)
        return tuple(faces)

    def pool(self) -> Counter[Figure]:
        """The figures this detective has not seen anywhere (they fill the unseen places uniformly)."""
        pool = self.pool_before_looking()
        pool.subtract(f for _, f in self.seen)
        return +pool
