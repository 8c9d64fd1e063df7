"""Tragedy Looper deduction: every private sheet still possible after what the Protagonists saw.

The input is a :class:`PublicRecord`: the public sheet of the script (:class:`PublicSheet`) and the public
record of the game (the public log and the Protagonists' own decisions) — built from the protagonists'
view of a game, never from its hidden part. A *candidate* is a private sheet: main plot, subplots, every
character's role, the character parameters and the culprit of every incident, within the set's limits
(judged by the script validator, see :mod:`rulesengine.looper.deduction.sheets`).

A candidate is *consistent* when some choices of the Mastermind's hidden decisions, with the
Protagonists' public actions, make the engine produce exactly the observed public log. The engine is the
model of the rules: the game is played from the start, the Mastermind's decisions are branched depth
first, and a branch is cut as soon as its public log leaves the observed one. Cheap necessary filters
come first (revealed roles, refusals, final-guess answers, revealed culprits).

One replay serves many sheets: the game starts with its hidden facts *unknown* and the engine's
questions about them ("is the Boy Student the Friend?", "is Paranoia Virus a plot?") are answered by the
set of sheets of the current branch; where the sheets disagree the step is run again for each answer (a
search tree over hidden facts), and parts that come out of a step in the same state are joined again.
Culprits are bound when the engine reaches their incident step (TL-D7): the characters that make the step
produce the same public events and the same state stay together. ``replay_each_sheet`` (one replay per
sheet) and ``brute_force`` (one per sheet and culprit assignment) are the references the tests compare
with.

Probabilities are uniform over the consistent candidates unless a prior over plots is given; they are
exact :class:`~fractions.Fraction` values.

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> from rulesengine.looper.rules.engine import Game
>>> game = Game(tiny_script(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")))
>>> result = deduce(PublicRecord.from_game(game))
>>> result.candidates == len(private_sheets(game.script)) * 3, sum(result.plots.values())
(True, Fraction(2, 1))

(Every candidate has a main plot and one subplot in First Steps, so the plots' probabilities add to 2.)
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, overload

import numpy as np

from rulesengine.errors import IllegalActionError, InputError
from rulesengine.looper.deduction.sheets import (
    Sheet,
    SheetCodes,
    _first_appearance,
    private_sheets,
    sheet_script,
)
from rulesengine.looper.rules.actions import Action, Guess, PlaceCard, UseAbility, to_dict
from rulesengine.looper.rules.content import Content, Refusal, load_content
from rulesengine.looper.rules.engine import Game
from rulesengine.looper.rules.observe import MastermindObservation, ProtagonistsObservation, observation
from rulesengine.looper.rules.rulings import from_options
from rulesengine.looper.rules.script import ScheduledIncident, Script
from rulesengine.looper.rules.state import STATE_FIELDS, Event, Phase
from rulesengine.messages import message as catalog_message

__all__ = [
    "Candidate",
    "DeducingProtagonists",
    "Deduction",
    "PublicRecord",
    "PublicSheet",
    "brute_force",
    "consistent",
    "deduce",
    "message",
    "replay_each_sheet",
    "tiny_script",
]

_NOT_COMPARED = frozenset({"log", "public_log", "public_loops", "history", "reset_boards", "decisions_made"})
_FINGERPRINT_FIELDS = tuple(f for f in STATE_FIELDS if f not in _NOT_COMPARED)


# ------------------------------------------------------------------------------------------- input


@dataclass(frozen=True)
class PublicSheet:
    """The public sheet of a script: what the Protagonists are shown before the game (no private field)."""

    id: str
    title: str
    set_id: str
    loops: int
    days: int
    cast: tuple[str, ...]
    incidents: tuple[tuple[int, str], ...]
    special_rules: str = ""
    options: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, script: Script) -> PublicSheet:
        """Copy only the public fields of ``script`` (the private sheet is never read)."""
        return cls(
            id=script.id,
            title=script.title,
            set_id=script.set_id,
            loops=script.loops,
            days=script.days,
            cast=tuple(script.cast),
            incidents=tuple(sorted((i.day, i.incident) for i in script.incidents)),
            special_rules=script.special_rules,
            options=tuple(sorted(script.options.items())),
        )

    def frame(self) -> Script:
        """A :class:`Script` with these public fields and a placeholder private sheet (all Persons)."""
        return Script(
            id=self.id,
            title=self.title,
            set_id=self.set_id,
            loops=self.loops,
            days=self.days,
            cast=self.cast,
            special_rules=self.special_rules,
            main_plot="",
            subplots=(),
            roles={},
            incidents=tuple(ScheduledIncident(d, i, self.cast[0]) for d, i in self.incidents),
            options=dict(self.options),
        )


@dataclass(frozen=True)
class PublicRecord:
    """What the Protagonists know: the public sheet, the public log, their own decisions and who decides.

    ``events`` are the public events as plain dicts (``Event.as_dict()``); ``actions`` the Protagonists'
    decisions in order as ``(who, action)``; ``waiting`` who the game waits for (``None`` when over).
    """

    sheet: PublicSheet
    events: tuple[Mapping[str, Any], ...]
    actions: tuple[tuple[str, Action], ...]
    waiting: str | None

    @classmethod
    def from_observation(
        cls, seen: ProtagonistsObservation, sheet: PublicSheet, actions: Sequence[tuple[str, Action]]
    ) -> PublicRecord:
        """The record from the Protagonists' observation, the public sheet and their own decisions."""
        pending = seen.pending
        return cls(
            sheet=sheet,
            events=tuple(e.as_dict() for e in seen.log),
            actions=tuple(actions),
            waiting=None if pending is None else pending.who,
        )

    @classmethod
    def from_game(cls, game: Game) -> PublicRecord:
        """The record of ``game`` as the Protagonists saw it: their observation, the public sheet and their
        own decisions (``history`` entries not the Mastermind's)."""
        seen = observation(game, "protagonists")
        assert isinstance(seen, ProtagonistsObservation)
        return cls.from_observation(
            seen, PublicSheet.of(game.script), [(w, a) for w, a in game.history if w != "mastermind"]
        )


# ------------------------------------------------------------------------------------------- result


@dataclass(frozen=True)
class Candidate:
    """One whole private sheet: a culprit-free :class:`Sheet` and the culprit of every incident day."""

    sheet: Sheet
    culprits: tuple[tuple[int, str], ...]


@dataclass
class Deduction:
    """The deduction from one public record: consistent candidates, their weights and the eliminations."""

    record: PublicRecord
    consistent: Sequence[Candidate]
    weights: Sequence[Fraction]
    weighting: str
    eliminated: list[dict[str, Any]] = field(default_factory=list)
    total: int = 0
    witnesses: Sequence[Game] = field(default_factory=list, repr=False)
    replayed: int = 0
    steps: int = 0
    found: _Found | None = field(default=None, repr=False)

    @property
    def candidates(self) -> int:
        """How many candidates are still consistent."""
        return len(self.consistent)

    @property
    def roles(self) -> dict[str, dict[str, Fraction]]:
        """For each character, the probability of each role it may have."""
        if self.found is not None:
            return self.found.roles()
        out: dict[str, dict[str, Fraction]] = {c: defaultdict(Fraction) for c in self.record.sheet.cast}
        for cand, w in zip(self.consistent, self.weights, strict=True):
            for c, r in cand.sheet.roles.items():
                out[c][r] += w
        return {c: dict(sorted(d.items())) for c, d in out.items()}

    @property
    def culprits(self) -> dict[int, dict[str, Fraction]]:
        """For each incident day, the probability of each culprit."""
        out: dict[int, dict[str, Fraction]] = {
            d: defaultdict(Fraction) for d, _ in self.record.sheet.incidents
        }
        if self.found is not None:
            for d, c, w in self.found.culprits():
                out[d][c] += w
        else:
            for cand, w in zip(self.consistent, self.weights, strict=True):
                for d, c in cand.culprits:
                    out[d][c] += w
        return {d: dict(sorted(v.items())) for d, v in out.items()}

    @property
    def plots(self) -> dict[str, Fraction]:
        """The probability of each plot (main plot or subplot) being in the script."""
        out: dict[str, Fraction] = defaultdict(Fraction)
        if self.found is not None:
            for plots, w in self.found.plots():
                for p in plots:
                    out[p] += w
        else:
            for cand, w in zip(self.consistent, self.weights, strict=True):
                for p in (cand.sheet.main_plot, *cand.sheet.subplots):
                    out[p] += w
        return dict(sorted(out.items()))

    def _assignment_mass(self) -> dict[tuple[tuple[str, str], ...], Fraction]:
        mass: dict[tuple[tuple[str, str], ...], Fraction] = defaultdict(Fraction)
        if self.found is not None:
            mass.update(self.found.assignments())
        else:
            for cand, w in zip(self.consistent, self.weights, strict=True):
                mass[tuple(sorted(cand.sheet.roles.items()))] += w
        return mass

    def best_guess(self) -> tuple[dict[str, str], Fraction]:
        """The final-guess advisor (TL-FG3): the most likely role assignment and its probability (of
        several equally likely ones, the first of :meth:`best_guesses`)."""
        guesses, p = self.best_guesses()
        return (guesses[0], p) if guesses else ({}, Fraction(0))

    def best_guesses(self) -> tuple[list[dict[str, str]], Fraction]:
        """Every most likely role assignment (the ties, sorted by character and role) and the probability
        of each: a player choosing among them at random is right with that probability whatever the
        script, where always naming the first can be wrong every time on the same script."""
        mass = self._assignment_mass()
        if not mass:
            return [], Fraction(0)
        top = max(mass.values())
        return [dict(k) for k in sorted(mass) if mass[k] == top], top

    def as_dict(self, language: str = "en") -> dict[str, Any]:
        """The JSON form of ``looper deduce --json`` (DESIGN.md); fractions as ``"n/d"`` strings."""
        guess, p = self.best_guess()
        return {
            "candidates": self.candidates,
            "weighting": self.weighting,
            "roles": {c: {r: str(f) for r, f in d.items()} for c, d in self.roles.items()},
            "culprits": {str(d): {c: str(f) for c, f in v.items()} for d, v in self.culprits.items()},
            "plots": {k: str(v) for k, v in self.plots.items()},
            "best_guess": {
                "roles": guess,
                "probability": str(p),
                "answers": {c: str(self.roles[c].get(r, Fraction(0))) for c, r in guess.items()},
            },
            "eliminated": [
                {**e, "why": message(e["why_id"], language, **e["why_fields"])} for e in self.eliminated
            ],
            "next": [
                {
                    "action": m["action"],
                    "expected_bits": m["expected_bits"],
                    "outcomes": m["outcomes"],
                    "sampled": m["sampled"],
                    "why": message(
                        "looper.deduce.next", language, outcomes=m["outcomes"], sampled=m["sampled"]
                    ),
                }
                for m in self.next_moves()
            ],
        }

    def next_moves(self, limit: int = 5, sample: int = 24) -> list[dict[str, Any]]:
        """The Protagonists' options at their next decision ranked by expected information (bits).

        Each consistent candidate is played on from its witness game (the engine in the state where the
        record ends, that candidate's own script). When the record ends on the Mastermind's decision (at
        the end of a day: tomorrow's cards), the Mastermind is played first by the heuristic agent (seed 0)
        up to the Protagonists' first decision, whose options are ranked ("what to try tomorrow"). Each
        option is then played to the end of that day with the heuristic agents (seed 0) for every later
        decision. The outcome is the public events seen; with one outcome per candidate the expected
        information gain is the entropy of the outcomes. At most ``sample`` candidates, evenly spaced, are
        played (``sampled`` says how many).
        """
        from rulesengine.looper.play.agents import HeuristicMastermind, HeuristicProtagonists

        if not self.witnesses or self.record.waiting is None:
            return []
        step = max(1, math.ceil(len(self.witnesses) / sample))
        starts: dict[int, Game] = {}
        for i in range(0, len(self.witnesses), step):
            g = self.witnesses[i].clone()
            g.pause_between_phases = False
            if g.is_paused:
                g.resume()
            mastermind = HeuristicMastermind(0)
            while g.pending is not None and g.pending.who == "mastermind":
                g.apply(mastermind(MastermindObservation(g), g.legal_actions()))
            if g.pending is not None:
                starts[i] = g
        if not starts:
            return []
        weight = {i: self.weights[i] for i in starts}
        total = sum(weight.values(), Fraction(0))
        first = next(iter(starts.values()))
        assert first.pending is not None
        ranked: list[dict[str, Any]] = []
        for option in first.pending.options:
            mass: dict[tuple[str, ...], Fraction] = defaultdict(Fraction)
            for i, start_game in starts.items():
                g = start_game.clone()
                n = len(g.log)
                start = (g.loop, g.day)
                mastermind, protagonists = HeuristicMastermind(0), HeuristicProtagonists(0)
                try:
                    g.apply(option)
                except Exception:  # the option is not open under this candidate: an outcome of its own
                    mass[("refused",)] += weight[i]
                    continue
                for _ in range(200):
                    if g.is_over or (g.loop, g.day) != start or g.pending is None:
                        break
                    if g.pending.who == "mastermind":
                        g.apply(mastermind(MastermindObservation(g), g.legal_actions()))
                    else:
                        g.apply(protagonists(ProtagonistsObservation(g), g.legal_actions()))
                outcome = tuple(repr(e.as_dict()) for e in g.log[n:] if e.visibility == "public")
                mass[outcome] += weight[i]
            bits = -sum(float(m / total) * math.log2(float(m / total)) for m in mass.values() if m)
            ranked.append(
                {
                    "action": to_dict(option),
                    "expected_bits": round(bits, 6),
                    "outcomes": len(mass),
                    "sampled": len(starts),
                }
            )
        ranked.sort(key=lambda m: (-float(m["expected_bits"]), repr(m["action"])))
        return ranked[:limit]


# ------------------------------------------------------------------------------------------- messages

def message(msg_id: str, language: str = "en", **fields: object) -> str:
    """One sentence of the deduction in ``language`` (``en`` or ``vi``), from the message catalogs
    (``data/locale``, ids ``looper.deduce.*``; docs/translation.md).

    >>> message("looper.deduce.culprit_revealed", "en", day=2, character="boy_student")
    'the culprit of day 2 was revealed: boy_student'
    """
    if language not in ("en", "vi"):
        raise InputError("--lang", f"expected en or vi, got {language!r}")
    return catalog_message(msg_id, language, **fields)


# ------------------------------------------------------------------------------------------- filters


_Mask = Callable[["_Table"], np.ndarray]


def _filters(record: PublicRecord) -> list[tuple[int, _Mask, str, dict[str, Any]]]:
    """Cheap necessary conditions read from the public log: (event index, test, message id, fields).

    A test takes the table of sheets and says for every row at once (a boolean array) whether the sheet
    passes it; each is a question of the same kind the tree asks (``_Table.truth``)."""
    out: list[tuple[int, _Mask, str, dict[str, Any]]] = []
    declared: dict[str, str] = {}
    virus = ("subplot", "paranoia_virus")
    for i, e in enumerate(record.events):
        kind = e["kind"]
        if kind == "goodwill_declared":
            declared[e["ability"]] = e["source"]
        elif kind == "role_revealed":
            c, r = e["character"], e["role"]

            def revealed(t: _Table, c: str = c, r: str = r) -> np.ndarray:
                # a Paranoia Virus Serial Killer is revealed as one while its sheet says Person
                role = t.truth(("eq", ("role", c), r))
                if r != "serial_killer":
                    return role
                return role | (t.truth(("eq", ("role", c), "person")) & t.truth(virus))

            out.append((i, revealed, "looper.deduce.role_revealed", {"character": c, "role": r}))
        elif kind == "goodwill_refused":
            src = declared.get(e["ability"])
            if src is None:
                continue

            def refuses(t: _Table, c: str = src) -> np.ndarray:
                codes, refusal = t.column(("trait", "refusal", ("role", c)))
                can = np.array([v is not Refusal.NONE for v in refusal], dtype=bool)
                return can[codes] | t.truth(virus)

            out.append((i, refuses, "looper.deduce.refused", {"character": src}))
        elif kind == "guess":
            c, r, right = e["character"], e["role"], bool(e["right"])

            def guessed(t: _Table, c: str = c, r: str = r, right: bool = right) -> np.ndarray:
                named = t.truth(("eq", ("role", c), r))  # TL-FG2: the script's roles again
                return named if right else ~named

            out.append(
                (
                    i,
                    guessed,
                    "looper.deduce.guess_right" if right else "looper.deduce.guess_wrong",
                    {"character": c, "role": r},
                )
            )
    return out


def _revealed_culprits(record: PublicRecord) -> dict[int, str]:
    return {int(e["incident_day"]): e["culprit"] for e in record.events if e["kind"] == "culprit_revealed"}


# ------------------------------------------------------------------------------------------- the model


@dataclass
class _Leaf:
    culprits: dict[int, frozenset[str]]
    reached: int  # how many observed events the branch reproduced
    ok: bool
    game: Game | None = None  # a witness game where the record ends (consistent leaves only)


class _Matcher:
    """The record as the replays compare with it: its events, the Protagonists' decisions, who waits."""

    def __init__(self, record: PublicRecord) -> None:
        self.events = record.events
        self.n_events = len(record.events)
        self.actions = record.actions
        self.waiting = record.waiting
        self.reveals = self._reveals()

    def _reveals(self) -> dict[int, int]:
        """For each event index of a Mastermind card placement, the index of that day's reveal."""
        out: dict[int, int] = {}
        pending: list[int] = []
        for i, e in enumerate(self.events):
            if e["kind"] == "card_placed" and e["owner"] == "mastermind":
                pending.append(i)
            elif e["kind"] == "cards_revealed":
                for j in pending:
                    out[j] = i
                pending = []
        return out

    def _match(self, game: Game, n_log: int, i: int) -> int:
        """Compare the new public events with the record; the new index, or -1 - index on a mismatch."""
        events = self.events
        for e in game.log[n_log:]:
            if e.visibility != "public":
                continue
            if i >= self.n_events or e.as_dict() != events[i]:
                return -1 - i
            i += 1
        return i

    def _options(self, options: Sequence[Action], i: int) -> Sequence[Action]:
        """The Mastermind's options that can match the next observed events (a sound look-ahead)."""
        if not options or not isinstance(options[0], PlaceCard) or i >= self.n_events:
            return options
        e = self.events[i]
        if e["kind"] != "card_placed":
            return options
        target = e["target"]
        j = self.reveals.get(i)
        card = None
        if j is not None:
            for owner, c, t in self.events[j]["cards"]:
                if owner == "mastermind" and t == target:
                    card = c
        return [
            a for a in options if isinstance(a, PlaceCard) and a.target == target and card in (None, a.card)
        ]


class _Explorer(_Matcher):
    """Depth-first replay of one sheet against the record (the engine as the model)."""

    def __init__(self, record: PublicRecord, sheet: Sheet, content: Content, frame: Script) -> None:
        super().__init__(record)
        self.leaves: list[_Leaf] = []
        self.script = sheet_script(frame, sheet, {})
        self.content = content

    def run(self, culprits: dict[int, frozenset[str]]) -> list[_Leaf]:
        rep = {d: min(s) for d, s in culprits.items()}
        script = replace(
            self.script,
            incidents=tuple(ScheduledIncident(i.day, i.incident, rep[i.day]) for i in self.script.incidents),
        )
        game = Game(script, self.content, from_options(script.options), pause_between_phases=True)
        self._visit(game, 0, 0, 0, culprits)
        return self.leaves

    def _visit(self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]]) -> None:
        while True:
            j = self._match(game, n_log, i)
            if j < 0:
                self.leaves.append(_Leaf(cs, -1 - j, False))
                return
            i, n_log = j, len(game.log)
            if game.is_over:
                ok = i == self.n_events and k == len(self.actions)
                self.leaves.append(_Leaf(cs, i, ok, game if ok else None))
                return
            if game.is_paused:
                if game.phase is Phase.INCIDENT and game.step == 0:
                    sched = game.script.incident_on(game.day)
                    if sched is not None and len(cs[game.day]) > 1:
                        self._split(game, n_log, i, k, cs, sched)
                        return
                game.resume()
                continue
            pending = game.pending
            assert pending is not None
            done = i == self.n_events and k == len(self.actions)
            if pending.who != "mastermind":
                if k == len(self.actions):
                    ok = done and self.waiting == pending.who
                    self.leaves.append(_Leaf(cs, i, ok, game if ok else None))
                    return
                who, action = self.actions[k]
                if who != pending.who or action not in pending.options:
                    self.leaves.append(_Leaf(cs, i, False))
                    return
                game.apply(action)
                k += 1
                continue
            if done and self.waiting == "mastermind":
                self.leaves.append(_Leaf(cs, i, True, game))
                return
            # (with the record done but the Protagonists waiting, a silent answer such as a Pass may
            # still lead to their decision: keep branching)
            for a in self._options(pending.options, i):
                if self._covered(cs):
                    return  # every culprit assignment here already has a witness
                g2 = game.clone()
                g2.apply(a)
                self._visit(g2, n_log, i, k, cs)
            return

    def _covered(self, cs: dict[int, frozenset[str]]) -> bool:
        return any(leaf.ok and all(cs[d] <= leaf.culprits[d] for d in cs) for leaf in self.leaves)

    def _split(
        self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]], sched: ScheduledIncident
    ) -> None:
        """TL-D7: bind today's culprit; culprits giving the same public events and state stay together."""
        groups: dict[object, tuple[Game, list[str]]] = {}
        for c in sorted(cs[game.day]):
            g2 = game.clone()
            g2.script = replace(
                g2.script,
                incidents=tuple(
                    ScheduledIncident(x.day, x.incident, c if x.day == game.day else x.culprit)
                    for x in g2.script.incidents
                ),
            )
            g2.resume()
            sig = (
                tuple(e.as_dict().__repr__() for e in g2.log[n_log:] if e.visibility == "public"),
                repr(
                    [getattr(g2, f) for f in _FINGERPRINT_FIELDS if f != "happened" and f != "happened_ever"]
                ),
                repr([{**r, "culprit": None} for r in g2.happened_ever]),
            )
            if sig in groups:
                groups[sig][1].append(c)
            else:
                groups[sig] = (g2, [c])
        for g2, members in groups.values():
            self._visit(g2, n_log, i, k, {**cs, game.day: frozenset(members)})


def _expand(
    cast: tuple[str, ...],
    days: Sequence[int],
    leaves: list[_Leaf],
    base: dict[int, frozenset[str]],
    witnesses: dict[tuple[tuple[int, str], ...], Game] | None = None,
) -> dict[tuple[tuple[int, str], ...], int]:
    """For each whole culprit assignment (distinct culprits), how many observed events it reproduced
    (``n_events + 1`` standing for "consistent")."""
    out: dict[tuple[tuple[int, str], ...], int] = {}
    for combo in itertools.product(*(sorted(base[d]) for d in days)):
        if len(set(combo)) != len(combo):
            continue  # a character is the culprit of at most one incident (the validator's rule)
        key = tuple(zip(days, combo, strict=True))
        best = -1
        for leaf in leaves:
            if all(c in leaf.culprits[d] for d, c in key):
                score = 1 << 30 if leaf.ok else leaf.reached
                best = max(best, score)
                if leaf.ok and witnesses is not None and leaf.game is not None:
                    witnesses.setdefault(key, leaf.game)
        out[key] = best
    return out


def consistent(
    record: PublicRecord, sheet: Sheet, content: Content | None = None
) -> dict[tuple[tuple[int, str], ...], int]:
    """For one sheet: every culprit assignment and how far it follows the record (consistent: ``1 << 30``)."""
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    days = [d for d, _ in record.sheet.incidents]
    known = _revealed_culprits(record)
    base = {d: frozenset([known[d]] if d in known else record.sheet.cast) for d in days}
    leaves = _Explorer(record, sheet, content, frame).run(base)
    return _expand(record.sheet.cast, days, leaves, base)


_OK = 1 << 30


def deduce(
    record: PublicRecord,
    content: Content | None = None,
    prior: Mapping[str, Fraction | int] | None = None,
) -> Deduction:
    """Every candidate consistent with ``record``, weighted uniformly or by a prior over plots.

    ``prior`` maps plot ids to weights; a candidate weighs the product of its plots' weights (missing
    plots weigh 1). Probabilities are normalised exact fractions.
    """
    if not isinstance(record, PublicRecord):
        raise InputError("record", f"expected a PublicRecord, got {type(record).__name__}")
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    sheets = private_sheets(frame, content)
    filters = _filters(record)
    days = [d for d, _ in record.sheet.incidents]
    known = _revealed_culprits(record)
    n_culprit_sets = _count_culprits(record.sheet.cast, days, known)
    removed: Counter[int] = Counter()
    reason: dict[int, tuple[str, dict[str, Any]]] = {}
    base = {d: frozenset([known[d]] if d in known else record.sheet.cast) for d in days}
    total = len(sheets) * _count_culprits(record.sheet.cast, days, {})
    # culprit reveals remove every assignment naming another culprit
    culprit_events = [i for i, e in enumerate(record.events) if e["kind"] == "culprit_revealed"]
    if culprit_events:
        i = culprit_events[0]
        removed[i] += len(sheets) * (_count_culprits(record.sheet.cast, days, {}) - n_culprit_sets)
        e = record.events[i]
        reason[i] = ("looper.deduce.culprit_revealed", {"day": e["incident_day"], "character": e["culprit"]})
    # a sheet failing several filters is charged to the first (in the order of the record)
    every = _sheet_table(sheets, record.sheet.cast, content)
    alive = np.ones(len(sheets), dtype=bool)
    for i, test, why_id, fields in filters:
        passes = test(every)
        fails = int(np.count_nonzero(alive & ~passes))
        if fails:
            alive &= passes
            removed[i] += fails * n_culprit_sets
            reason.setdefault(i, (why_id, fields))
    table = every if alive.all() else every.subset(np.flatnonzero(alive))
    survivors = table.sheets
    tree = _Tree(record, table, content, frame)
    leaves = tree.run(base) if survivors else []
    combos = [
        tuple(zip(days, combo, strict=True))
        for combo in itertools.product(*(sorted(base[d]) for d in days))
        if len(set(combo)) == len(combo)  # a character is the culprit of at most one incident (validator)
    ]
    # the sheets of a node all behave alike: group the sheets by the leaves they reach, judge once a group
    groups: list[tuple[np.ndarray, list[int], list[tuple[tuple[str, Action], ...]]]] = []
    scorer = _Scorer(combos, record.sheet.cast)
    leaf_keys = [
        (tuple(sorted((d, tuple(sorted(v))) for d, v in leaf.culprits.items())), leaf.reached)
        for leaf in leaves
    ]
    memo: dict[object, tuple[np.ndarray, np.ndarray]] = {}
    for sig, members in _groups_by_leaves(len(survivors), leaves):
        pattern = tuple(leaf_keys[n] for n in sig)
        scores = memo.get(pattern)
        if scores is None:
            scores = memo[pattern] = scorer.scores([leaves[n] for n in sig])
        best, src = scores
        consistent = best == _OK
        ok = np.flatnonzero(consistent).tolist()
        histories = [leaves[sig[n]].history for n in src[consistent].tolist()]
        values, counts = np.unique(best[~consistent], return_counts=True)
        for value, count in zip(values.tolist(), counts.tolist(), strict=True):
            removed[value] += count * len(members)
        if ok:
            groups.append((members, ok, histories))
    found = _Found(survivors, table, combos, groups, prior)
    eliminated = []
    for i in sorted(removed):
        if i < len(record.events):
            e = record.events[i]
            why_id, fields = reason.get(i, ("looper.deduce.event", {}))
            if why_id == "looper.deduce.event":
                fields = {"kind": e["kind"], "loop": e["loop"], "day": e["day"]}
            eliminated.append(
                {"event": i, "kind": e["kind"], "removed": removed[i], "why_id": why_id, "why_fields": fields}
            )
        else:
            eliminated.append(
                {
                    "event": i,
                    "kind": "end",
                    "removed": removed[i],
                    "why_id": "looper.deduce.end",
                    "why_fields": {},
                }
            )
    return Deduction(
        record=record,
        consistent=_FoundCandidates(found),
        weights=_FoundWeights(found),
        weighting="uniform" if prior is None else "plot prior",
        eliminated=eliminated,
        total=total,
        witnesses=_Witnesses(record, frame, content, found),
        found=found,
        replayed=len(survivors),
        steps=tree.replays,
    )


# ------------------------------------------------------------------------------------------- the tree
#
# The deduction proper. Instead of one replay per sheet, one replay serves every sheet that agrees on the
# hidden facts the engine has read so far: the game is started with *unknown* hidden facts (a role is a
# ``_Hidden`` string, the plots a ``_HiddenPlots`` set), and each time the engine asks something of one
# ("is this character the Friend?", "is Paranoia Virus a plot?", "which role exactly?") the answer is
# looked up in the current node's sheets. When they all agree, the engine goes on; when they disagree the
# step is abandoned (``_Fork``), the sheets are split by their answer, and the step is run again from the
# saved state for each part. A node of the tree is a set of sheets and the answers they share; a leaf
# says how far a node followed the record. Culprits are bound at their incident step as before.


class _Fork(BaseException):  # not an Exception: nothing in the engine may catch it
    """The engine asked a hidden fact on which the current node's sheets disagree."""

    def __init__(self, key: tuple[object, ...]) -> None:
        super().__init__(key)
        self.key = key


class _Table:
    """The hidden facts of the sheets the tree explores, as columns: a node is an array of row numbers
    and a question is answered for all of its sheets at once (numpy), not sheet by sheet.

    A question is its key (the same keys as the node's facts): ``("role", c)``, ``("main",)``,
    ``("plot", p)``, ``("subplot", p)``, ``("plots",)``, ``("subplots",)``, ``("eq", key, value)``,
    ``("same", key, key)``, ``("trait", name, key)`` (a field of the role's definition). Its column
    gives each sheet a code and ``decode`` the value of each code; columns are computed once."""

    def __init__(self, sheets: Sequence[Sheet], cast: tuple[str, ...], content: Content) -> None:
        self.sheets = sheets
        self.content = content
        self.cast = {c: n for n, c in enumerate(cast)}
        self.columns: dict[tuple[object, ...], tuple[np.ndarray, list[Any]]] = {}
        codes: SheetCodes | None = getattr(sheets, "codes", None)
        if codes is None or codes.cast != cast:
            codes = _number(sheets, cast)
        # role rows: each distinct role assignment is a row of codes (cast order), ``row_of`` each
        # sheet's row; a character's column is made when it is first asked for
        self.role_names = sorted(set(codes.role_names) | set(content.roles))
        index = {r: n for n, r in enumerate(self.role_names)}
        recode = np.array([index[r] for r in codes.role_names], dtype=np.int16)
        self.role_rows = recode[codes.role_rows] if len(codes.role_rows) else codes.role_rows
        self.row_of = codes.roles
        # plots and character parameters: few distinct values, coded per sheet
        self.combo, self.combos = codes.plots, list(codes.plot_choices)
        self.param, self.params = codes.params, list(codes.param_choices)

    def subset(self, rows: np.ndarray) -> _Table:
        """The table of the sheets ``rows`` (in their order), with the same codes and values."""
        out = _Table.__new__(_Table)
        out.sheets = _Rows(self.sheets, rows)
        out.content, out.cast, out.columns, out.role_names = self.content, self.cast, {}, self.role_names
        # the role rows the sheets use, renumbered in order of first appearance
        out.row_of, first = _first_appearance(self.row_of[rows])
        out.role_rows = self.role_rows[self.row_of[rows][first]]
        out.combo, out.combos = self.combo[rows], self.combos
        out.param, out.params = self.param[rows], self.params
        return out

    def truth(self, key: tuple[object, ...]) -> np.ndarray:
        """Every sheet's answer to the yes-or-no question ``key``, as a boolean array."""
        codes, values = self.column(key)
        return np.array([bool(v) for v in values], dtype=bool)[codes]

    def column(self, key: tuple[object, ...]) -> tuple[np.ndarray, list[Any]]:
        """Every sheet's code for the question ``key`` and the values of the codes."""
        hit = self.columns.get(key)
        if hit is None:
            hit = self.columns[key] = self._column(key)
        return hit

    def _column(self, key: tuple[object, ...]) -> tuple[np.ndarray, list[Any]]:
        kind = key[0]
        if kind == "role":
            return self.role_rows[:, self.cast[str(key[1])]][self.row_of], self.role_names
        if kind == "eq":
            base, values = self.column(key[1])  # type: ignore[arg-type]
            other = key[2]
            hits = [n for n, v in enumerate(values) if v == other]
            return np.isin(base, hits).astype(np.int8), [False, True]
        if kind == "same":
            a, va = self.column(key[1])  # type: ignore[arg-type]
            b, vb = self.column(key[2])  # type: ignore[arg-type]
            if va is not vb:  # (different value lists: compare the values themselves)
                ia = np.array([_index(vb, v) for v in va], dtype=np.int64)
                return (ia[a] == b).astype(np.int8), [False, True]
            return (a == b).astype(np.int8), [False, True]
        if kind == "trait":
            base, values = self.column(key[2])  # type: ignore[arg-type]
            table = self.content.roles
            traits = [getattr(table[v], str(key[1])) if v in table else None for v in values]
            index, decode = _codes(traits)
            return index[base], decode
        by_combo = {
            "main": lambda main, subs: main,
            "plot": lambda main, subs: key[1] == main or key[1] in subs,
            "subplot": lambda main, subs: key[1] in subs,
            "plots": lambda main, subs: frozenset((main, *subs)),
            "subplots": lambda main, subs: subs,
        }[str(kind)]
        index, decode = _codes([by_combo(main, subs) for main, subs in self.combos])
        return index[self.combo], decode


def _number(sheets: Sequence[Sheet], cast: tuple[str, ...]) -> SheetCodes:
    """The codes of ``sheets`` that did not come from the enumeration (which numbers its own)."""
    assignment, assignments = _codes([tuple(s.roles[c] for c in cast) for s in sheets])
    role_names = sorted({r for a in assignments for r in a})
    index = {r: n for n, r in enumerate(role_names)}
    rows = np.array([[index[r] for r in a] for a in assignments], dtype=np.int16).reshape(-1, len(cast))
    combo, combos = _codes([(s.main_plot, s.subplots) for s in sheets])
    param, params = _codes([(s.godly_being_entry_loop, s.boss_turf, s.henchman_start) for s in sheets])
    return SheetCodes(cast, role_names, rows, assignment, combo, combos, param, params)


class _Rows(Sequence[Sheet]):
    """The sheets ``rows`` of ``sheets``, read when asked for (a table's subset makes no sheet)."""

    def __init__(self, sheets: Sequence[Sheet], rows: np.ndarray) -> None:
        self.base, self.rows = sheets, rows

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, i: int) -> Sheet: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Sheet]: ...

    def __getitem__(self, i: int | slice) -> Sheet | Sequence[Sheet]:
        if isinstance(i, slice):
            return _Rows(self.base, self.rows[i])
        return self.base[int(self.rows[i])]


_TABLES: dict[tuple[int, int, tuple[str, ...]], tuple[Sequence[Sheet], Content, _Table]] = {}


def _sheet_table(sheets: Sequence[Sheet], cast: tuple[str, ...], content: Content) -> _Table:
    """The table of every sheet of a public sheet, built once per enumeration (``private_sheets`` caches
    the sheets; a deducing agent deduces many times on the same script)."""
    key = (id(sheets), id(content), cast)
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not sheets or hit[1] is not content:
        if len(_TABLES) >= 4:
            _TABLES.clear()
        hit = _TABLES[key] = (sheets, content, _Table(sheets, cast, content))
    return hit[2]


def _codes(values: Sequence[Any]) -> tuple[np.ndarray, list[Any]]:
    """Each value's code (distinct values numbered in order of first appearance) and the values."""
    seen: dict[Any, int] = {}
    index = np.array([seen.setdefault(v, len(seen)) for v in values], dtype=np.int32)
    return index, list(seen)


def _index(values: list[Any], v: Any) -> int:
    return next((n for n, w in enumerate(values) if w == v), -1)


class _Node:
    """A set of sheets (rows of the table) that answered every question asked so far alike; ``path``
    names the split."""

    __slots__ = ("facts", "idx", "path", "table")

    def __init__(
        self, table: _Table, idx: np.ndarray, facts: dict[object, object], path: tuple[object, ...]
    ) -> None:
        self.table = table
        self.idx = idx
        self.facts = facts
        self.path = path

    @property
    def sheets(self) -> list[Sheet]:
        """The node's sheets (for reading, not for the tree's work)."""
        rows = self.table.sheets
        return [rows[n] for n in self.idx.tolist()]

    def split(self, fork: _Fork) -> list[_Node]:
        """The parts of this node by their answer to ``fork``'s question (in order of first row)."""
        column, decode = self.table.column(fork.key)
        codes = column[self.idx]
        values, first = np.unique(codes, return_index=True)
        out = []
        for j in np.argsort(first, kind="stable").tolist():
            v = decode[int(values[j])]
            part = self.idx[codes == values[j]]
            out.append(_Node(self.table, part, {**self.facts, fork.key: v}, (*self.path, (fork.key, v))))
        return out


def _common_facts(nodes: Sequence[_Node]) -> dict[object, object]:
    """The answers every one of ``nodes`` has, with the same value: true of the union of their sheets."""
    first, *rest = nodes
    return {k: v for k, v in first.facts.items() if all(n.facts.get(k, _NONE) == v for n in rest)}


_NONE = object()

#: The node whose sheets answer the engine's questions now (set around every engine call).
_CURRENT: list[_Node | None] = [None]


def _ask(key: tuple[object, ...]) -> Any:
    """The current node's common answer to a question about the hidden facts, or a :class:`_Fork`."""
    node = _CURRENT[0]
    if node is None:
        raise RuntimeError("a hidden fact of the deduction was read outside the deduction")
    facts = node.facts
    if key in facts:
        return facts[key]
    column, decode = node.table.column(key)
    codes = column[node.idx]
    first = codes[0]
    if len(codes) > 1 and bool((codes != first).any()):
        raise _Fork(key)
    v = decode[int(first)]
    facts[key] = v
    return v


class _Hidden(str):
    """A hidden string fact (a character's role on the sheet, the main plot) that answers only through
    :func:`_ask`, by its question ``key``.

    Equality with a known string asks only that question (so "is it the Friend?" splits the sheets in
    two, not by every role); hashing, ordering, printing or any string method asks for the value. (The
    few C-level operations that read a string's characters without asking — ``"".join``, a plain string
    ``+`` it — would see a placeholder: the engine applies none to a role, and the tests against one
    replay per sheet would show it if it did.)"""

    key: tuple[object, ...]

    def __new__(cls, key: tuple[object, ...]) -> _Hidden:
        obj = str.__new__(cls, "\x00hidden:" + repr(key))
        obj.key = key
        return obj

    def value(self) -> str:
        """The common value of the current node's sheets (or a fork)."""
        return str(_ask(self.key))

    def __eq__(self, other: object) -> bool:
        node = _CURRENT[0]
        if node is not None:
            facts = node.facts
            known = facts.get(self.key)
            if known is not None and not isinstance(other, _Hidden):
                return bool(known == other)
            hit = facts.get(("eq", self.key, other))
            if hit is not None:
                return bool(hit)
        if isinstance(other, _Hidden):
            if other.key == self.key:
                return True
            return bool(_ask(("same", self.key, other.key)))
        return bool(_ask(("eq", self.key, other)))

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.value())

    def __repr__(self) -> str:  # never asks: used in state fingerprints, where unknown stays unknown
        node = _CURRENT[0]
        if node is not None and self.key in node.facts:
            return repr(node.facts[self.key])
        return f"<hidden {self.key!r}>"

    def __str__(self) -> str:
        return self.value()

    def __format__(self, spec: str) -> str:
        return format(self.value(), spec)

    def __bool__(self) -> bool:
        return bool(self.value())

    def __reduce__(self) -> Any:
        raise TypeError("a hidden fact cannot be pickled")


def _delegate(name: str) -> Callable[..., Any]:
    def method(self: _Hidden, *args: Any, **kwargs: Any) -> Any:
        args = tuple(a.value() if isinstance(a, _Hidden) else a for a in args)
        return getattr(self.value(), name)(*args, **kwargs)

    method.__name__ = name
    return method


for _name in dir(str):
    if _name not in _Hidden.__dict__ and _name not in (
        "__new__", "__init__", "__getattribute__", "__setattr__", "__delattr__", "__class__",
        "__init_subclass__", "__subclasshook__", "__reduce_ex__", "__getnewargs__", "__dir__",
        "__sizeof__", "__doc__",
    ):
        setattr(_Hidden, _name, _delegate(_name))


class _HiddenPlots:
    """The script's plots as the engine asks them (``plot in game._plots``), answered by the node."""

    def __contains__(self, plot: object) -> bool:
        return bool(_ask(("plot", plot)))

    def _all(self) -> frozenset[str]:
        return frozenset(_ask(("plots",)))

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._all()))

    def __len__(self) -> int:
        return len(self._all())


class _HiddenSubplots(tuple):
    """``script.subplots`` as the engine reads it (the Informer names one), answered by the node."""

    def _value(self) -> tuple[str, ...]:
        return tuple(_ask(("subplots",)))

    def __iter__(self) -> Iterator[str]:
        return iter(self._value())

    def __len__(self) -> int:
        return len(self._value())

    def __getitem__(self, i: Any) -> Any:
        return self._value()[i]

    def __contains__(self, plot: object) -> bool:
        return bool(_ask(("subplot", plot)))

    def __eq__(self, other: object) -> bool:
        return self._value() == other

    def __ne__(self, other: object) -> bool:
        return self._value() != other

    def __hash__(self) -> int:
        return hash(self._value())

    def __repr__(self) -> str:
        return "<hidden subplots>"


_HIDDEN_PLOTS: Any = _HiddenPlots()


class _NodeFacts:
    """The kernel's provider of hidden facts (:class:`~rulesengine.looper.rules.seams.HiddenFacts`) for a
    branch of the tree: the script with the branch's parameters and culprits, and roles, main plot and
    subplots that answer through the current node (:func:`_ask`) when the engine first reads them."""

    __slots__ = ("plots", "roles", "script")

    def __init__(self, script: Script) -> None:
        self.script = script
        self.roles: Mapping[str, str] = script.roles
        self.plots: Any = _HIDDEN_PLOTS

    def role_trait(self, content: Content, role: str, trait: str) -> object:
        """A role's trait asked of the node as one question ("which refusal has this character's role?"),
        not as "which role?": the sheets split by the answer only (the same table lookup)."""
        if type(role) is not _Hidden:
            return getattr(content.roles[role], trait)
        return _ask(("trait", trait, role.key))


def _hidden_script(frame: Script, params: tuple[Any, Any, Any], culprits: Mapping[int, str]) -> Script:
    """The frame with the given character parameters and culprits, every other private fact hidden."""
    roles = {c: _Hidden(("role", c)) for c in frame.cast}
    return replace(
        frame,
        main_plot=_Hidden(("main",)),
        subplots=_HiddenSubplots(),
        roles=roles,
        incidents=tuple(ScheduledIncident(i.day, i.incident, culprits[i.day]) for i in frame.incidents),
        godly_being_entry_loop=params[0],
        boss_turf=params[1],
        henchman_start=params[2],
    )


#: A branch stopped at a day's start: its game, node, log index, record index, action index, culprits.
_Parked = tuple[Game, "_Node", int, int, int, dict[int, frozenset[str]]]


@dataclass
class _TreeLeaf:
    node: _Node
    culprits: dict[int, frozenset[str]]
    reached: int  # how many observed events the branch reproduced (_OK: consistent)
    history: tuple[tuple[str, Action], ...] = ()  # the witness's decisions (consistent leaves only)


class _Tree(_Matcher):
    """Depth-first replay of every sheet at once against the record, split only where the sheets' hidden
    facts make the engine answer differently (the engine as the model)."""

    def __init__(self, record: PublicRecord, table: _Table, content: Content, frame: Script) -> None:
        super().__init__(record)
        self.leaves: list[_TreeLeaf] = []
        self.table = table
        self.content = content
        self.frame = frame
        self.rulings = from_options(frame.options)
        # the culprit sets witnessed, each with the rows (sheets) witnessed with it
        self.ok: dict[object, tuple[dict[int, frozenset[str]], np.ndarray]] = {}
        self.replays = 0
        self.joined = 0  # branches joined into another at a day's start
        self.at: tuple[int, int] = (0, 0)  # the (loop, day) whose start the branches now run from
        self.parked: dict[tuple[tuple[int, int], object], list[_Parked]] = {}

    def run(self, culprits: dict[int, frozenset[str]]) -> list[_TreeLeaf]:
        """Explore every sheet; the leaves of the tree."""
        table = self.table
        rep = {d: min(s) for d, s in culprits.items()}
        self.at = (0, 0)
        for n, params in enumerate(table.params):
            rows = np.flatnonzero(table.param == n)
            if not len(rows):  # (a table of some of the sheets keeps every parameter choice's code)
                continue
            script = _hidden_script(self.frame, params, rep)
            node = _Node(table, rows, {}, (params,))

            def start(script: Script = script) -> Game:
                return Game(
                    script, self.content, self.rulings, pause_between_phases=True,
                    facts=_NodeFacts(script), sink=_check_event,
                )

            for game, part, j in self._attempt(start, node, lambda g: None, 0, 0):
                self._after(game, part, j, 0, culprits)
        # day by day: the branches parked at the next day's start in the same state are one branch
        while self.parked:
            self.at = at = min(key[0] for key in self.parked)
            batch = [key for key in self.parked if key[0] == at]
            for key in batch:
                entries = self.parked.pop(key)
                game, node, n_log, i, k, cs = entries[0]
                if len(entries) > 1:
                    idx = np.unique(np.concatenate([e[1].idx for e in entries]))
                    facts = _common_facts([e[1] for e in entries])
                    node = _Node(self.table, idx, facts, ("joined", at, len(self.leaves)))
                    self.joined += len(entries) - 1
                self._visit(game, n_log, i, k, cs, node)
        return self.leaves

    def _park(
        self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]], node: _Node
    ) -> None:
        """Stop a branch at the start of a day, to go on with every branch that reaches the same state.

        Branches reached by different hidden choices (the Mastermind's, the sheets' answers) that start
        the day with the same state record (hidden facts written as unknown), the same place in the
        record and the same culprit sets behave alike from here on: they are joined into one node whose
        sheets are the union of theirs (its answers asked again)."""
        script = game.script
        key = (
            (game.loop, game.day),
            (
                i,
                k,
                tuple(sorted((d, tuple(sorted(v))) for d, v in cs.items())),
                (script.godly_being_entry_loop, script.boss_turf, script.henchman_start),
                _raw_state(game, n_log),
            ),
        )
        self.parked.setdefault(key, []).append((game, node, n_log, i, k, cs))

    def _attempt(
        self, start: Callable[[], Game], node: _Node, act: Callable[[Game], None], n_log: int, i: int
    ) -> list[tuple[Game, _Node, int]]:
        """Run ``act`` on a fresh game from ``start`` under ``node`` and match its new public events,
        splitting the node and running again on every fork; each part's game and match (see _match)."""
        out: list[tuple[Game, _Node, int]] = []
        todo = [node]
        while todo:
            nd = todo.pop()
            _CURRENT[0] = nd
            _CHECK[0] = (self, [n_log, i])
            self.replays += 1
            try:
                g = start()
                act(g)
                j = self._match(g, n_log, i)
            except _Fork as fork:
                todo.extend(nd.split(fork))
                continue
            except _Mismatch as miss:
                j = -1 - miss.reached
            finally:
                _CURRENT[0] = None
                _CHECK[0] = None
            out.append((g, nd, j))
        if len(out) > 1:
            out = self._merge(node, out, n_log)
        return out

    def _merge(
        self, node: _Node, parts: list[tuple[Game, _Node, int]], n_log: int
    ) -> list[tuple[Game, _Node, int]]:
        """Parts of ``node`` that came out of the same step in the same state (the same new public
        events and the same state record, unknown facts left unknown) are one node again: the answers
        that split them changed nothing the engine will read later."""
        same: dict[object, list[tuple[Game, _Node, int]]] = {}
        for g, nd, j in parts:
            sig = (j, _raw_state(g, n_log)) if j >= 0 else (j,)
            same.setdefault(sig, []).append((g, nd, j))
        if len(same) == len(parts):
            return parts
        out = []
        for group in same.values():
            if len(group) == 1:
                out.append(group[0])
                continue
            g, _, j = group[0]
            if len(group) == len(parts):
                out.append((g, node, j))
                continue
            idx = np.concatenate([nd.idx for _, nd, _ in group])  # (parts of one node: disjoint)
            path = (*node.path, ("merged", tuple(nd.path[len(node.path) :] for _, nd, _ in group)))
            out.append((g, _Node(self.table, idx, _common_facts([nd for _, nd, _ in group]), path), j))
        return out

    def _after(self, game: Game, node: _Node, j: int, k: int, cs: dict[int, frozenset[str]]) -> None:
        if j < 0:
            self.leaves.append(_TreeLeaf(node, cs, -1 - j))
            return
        self._visit(game, len(game.log), j, k, cs, node)

    def _leaf(self, node: _Node, cs: dict[int, frozenset[str]], i: int, ok: bool, game: Game) -> None:
        if ok:
            self.leaves.append(_TreeLeaf(node, cs, _OK, tuple(game.history)))
            key = tuple(sorted(cs.items()))
            seen = self.ok.get(key)
            if seen is None:
                seen = self.ok[key] = (cs, np.zeros(len(self.table.sheets), dtype=bool))
            seen[1][node.idx] = True
        else:
            self.leaves.append(_TreeLeaf(node, cs, i))

    def _visit(
        self, game: Game, n_log: int, i: int, k: int, cs: dict[int, frozenset[str]], node: _Node
    ) -> None:
        base: Game | None = None  # a saved state and the steps run since, to go back on a fork
        since: list[Callable[[Game], None]] = []
        while True:
            if game.is_over:
                self._leaf(node, cs, i, i == self.n_events and k == len(self.actions), game)
                return
            act: Callable[[Game], None]
            if game.is_paused:
                if game.phase is Phase.DAY_START and (game.loop, game.day) > self.at:
                    self._park(game, n_log, i, k, cs, node)
                    return
                if game.phase is Phase.INCIDENT and game.step == 0:
                    sched = game.script.incident_on(game.day)
                    if sched is not None and len(cs[game.day]) > 1:
                        self._split(game, n_log, i, k, cs, sched, node)
                        return
                act = Game.resume
            else:
                pending = game.pending
                assert pending is not None
                done = i == self.n_events and k == len(self.actions)
                if pending.who != "mastermind":
                    if k == len(self.actions):
                        self._leaf(node, cs, i, done and self.waiting == pending.who, game)
                        return
                    who, action = self.actions[k]
                    if who != pending.who or action not in pending.options:
                        self._leaf(node, cs, i, False, game)
                        return
                    k += 1
                    act = _applying(action)
                else:
                    if done and self.waiting == "mastermind":
                        self._leaf(node, cs, i, True, game)
                        return
                    # (with the record done but the Protagonists waiting, a silent answer such as a Pass
                    # may still lead to their decision: keep branching)
                    options = self._options(pending.options, i)
                    if not options:
                        self._leaf(node, cs, i, False, game)
                        return
                    if len(options) > 1:
                        for a in options:
                            if self._covered(node, cs):
                                return  # every sheet and culprit assignment here already has a witness
                            for g2, part, j in self._attempt(game.clone, node, _applying(a), n_log, i):
                                self._after(g2, part, j, k, cs)
                        return
                    act = _applying(options[0])
            # one way on: run it in place, from a saved state only when the sheets disagree (a fork)
            if base is None or len(since) > 8:
                base, since = game.clone(), []
            _CURRENT[0] = node
            _CHECK[0] = (self, [n_log, i])
            self.replays += 1
            forked = False
            try:
                act(game)
                j = self._match(game, n_log, i)
            except _Fork:
                forked = True  # (handled below, out of the except clause: no traceback kept alive)
            except _Mismatch as miss:
                j = -1 - miss.reached
            finally:
                _CURRENT[0] = None
                _CHECK[0] = None
            if forked:
                _CURRENT[0] = node
                try:
                    game = base.clone()  # (_CHECK unset: no comparison, the same questions)
                    for a2 in since:
                        a2(game)
                finally:
                    _CURRENT[0] = None
                for g2, part, j in self._attempt(game.clone, node, act, n_log, i):
                    self._after(g2, part, j, k, cs)
                return
            since.append(act)
            if j < 0:
                self.leaves.append(_TreeLeaf(node, cs, -1 - j))
                return
            i, n_log = j, len(game.log)

    def _covered(self, node: _Node, cs: dict[int, frozenset[str]]) -> bool:
        left = node.idx
        for w, rows in self.ok.values():
            if all(cs[d] <= w[d] for d in cs):
                left = left[~rows[left]]
                if not len(left):
                    return True
        return False

    def _split(
        self,
        game: Game,
        n_log: int,
        i: int,
        k: int,
        cs: dict[int, frozenset[str]],
        sched: ScheduledIncident,
        node: _Node,
    ) -> None:
        """TL-D7: bind today's culprit; culprits giving the same public events and state (and the same
        part of the sheets) stay together.

        The culprits with which the incident does not happen (the engine's own test,
        :meth:`Game.incident_occurs`) are run once, for the first of them, and stay together: the step
        then reads nothing of its culprit but that test (the public event names only the incident; the
        culprit is in the Mastermind's event, which is not compared). The tests against one replay per
        sheet, which runs every culprit, check it."""
        groups: dict[object, tuple[Game, _Node, int, list[str]]] = {}
        day = game.day
        quiet = [c for c in sorted(cs[day]) if not game.incident_occurs(c)]
        for c in sorted(cs[day]):
            if c in quiet[1:]:
                continue
            script = replace(
                game.script,
                incidents=tuple(
                    ScheduledIncident(x.day, x.incident, c if x.day == day else x.culprit)
                    for x in game.script.incidents
                ),
            )

            def start(script: Script = script) -> Game:
                g = game.clone()
                g.script = script
                return g

            for g2, part, j in self._attempt(start, node, Game.resume, n_log, i):
                _CURRENT[0] = part
                try:
                    sig = (
                        part.path,
                        j,
                        tuple(repr(e.as_dict()) for e in g2.log[n_log:] if e.visibility == "public"),
                        repr([getattr(g2, f) for f in _FINGERPRINT_FIELDS if f not in _CULPRIT_FIELDS]),
                        repr([{**r, "culprit": None} for r in g2.happened_ever]),
                    )
                finally:
                    _CURRENT[0] = None
                if sig in groups:
                    groups[sig][3].append(c)
                else:
                    groups[sig] = (g2, part, j, [c])
        for g2, part, j, members in groups.values():
            if quiet and quiet[0] in members:
                members = [*members, *quiet[1:]]
            self._after(g2, part, j, k, {**cs, day: frozenset(members)})


class _Mismatch(BaseException):  # not an Exception: nothing in the engine may catch it
    """A public event left the record: the step is abandoned at once (``reached`` events matched)."""

    def __init__(self, reached: int) -> None:
        super().__init__(reached)
        self.reached = reached


#: While the tree runs a step: the matcher and [log index checked up to, record index] (else ``None``).
_CHECK: list[tuple[_Matcher, list[int]] | None] = [None]


def _check_event(event: Event) -> None:
    """The kernel's event sink for the tree's games: while ``_CHECK`` is set, compare each new public
    event with the record as it is logged, and abandon the step (:class:`_Mismatch`) at the first one
    that differs.

    Only a shortcut: the events after a mismatch, and the hidden facts the engine would read after it
    (forks whose parts all fail at that same event), are never computed; ``_match`` still judges every
    step that runs to its end."""
    check = _CHECK[0]
    if check is None or event.visibility != "public":
        return
    matcher, at = check
    i = at[1]
    if i >= matcher.n_events or event.as_dict() != matcher.events[i]:
        raise _Mismatch(i)
    at[1] = i + 1


def _raw_state(game: Game, n_log: int) -> str:
    """The state record and the new public events as text, hidden facts written as unknown."""
    saved, _CURRENT[0] = _CURRENT[0], None
    try:
        return repr(
            (
                [getattr(game, f) for f in _FINGERPRINT_FIELDS],
                [e.as_dict() for e in game.log[n_log:] if e.visibility == "public"],
                game.script.incidents,
            )
        )
    finally:
        _CURRENT[0] = saved


_CULPRIT_FIELDS = frozenset({"happened", "happened_ever"})


def _applying(action: Action) -> Callable[[Game], None]:
    return lambda g: g.apply(action)



def _groups_by_leaves(n: int, leaves: Sequence[_TreeLeaf]) -> Iterator[tuple[tuple[int, ...], np.ndarray]]:
    """The rows ``0..n-1`` grouped by the leaves whose nodes hold them: (leaf numbers, rows), each group's
    rows in order, the groups in order of their first row.

    The partition is refined leaf by leaf (the rows of a leaf leave their group for a new one), and a
    group remembers the group it came from and the leaf that split it, so each final group's leaves are
    read back once."""
    group = np.zeros(n, dtype=np.int64)
    parent = [-1]
    by = [-1]
    for li, leaf in enumerate(leaves):
        idx = leaf.node.idx
        old, inverse = np.unique(group[idx], return_inverse=True)
        start = len(parent)
        parent.extend(old.tolist())
        by.extend([li] * len(old))
        group[idx] = np.arange(start, start + len(old))[inverse]
    ids, first, inverse = np.unique(group, return_index=True, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    bounds = np.searchsorted(inverse[order], np.arange(len(ids) + 1))
    for j in np.argsort(first, kind="stable").tolist():
        g = int(ids[j])
        sig = []
        while g > 0:
            sig.append(by[g])
            g = parent[g]
        yield tuple(reversed(sig)), order[bounds[j] : bounds[j + 1]]


class _Scorer:
    """For each culprit assignment, how far the best of some leaves holding it followed the record.

    A leaf holds the product of its culprit sets: as a mask over the assignments (numpy, one column of
    culprit numbers per incident day), made once per distinct culprit sets."""

    def __init__(self, combos: list[tuple[tuple[int, str], ...]], cast: Sequence[str]) -> None:
        self.n = len(combos)
        self.number = {c: i for i, c in enumerate(cast)}
        days = [d for d, _ in combos[0]] if combos else []
        self.columns = [
            (d, np.array([self.number[dict(key)[d]] for key in combos], dtype=np.int64)) for d in days
        ]
        self.masks: dict[object, np.ndarray] = {}

    def mask(self, culprits: Mapping[int, frozenset[str]]) -> np.ndarray:
        """The assignments in the product of ``culprits`` (day -> possible culprits)."""
        key = tuple(sorted((d, tuple(sorted(v))) for d, v in culprits.items()))
        hit = self.masks.get(key)
        if hit is None:
            hit = np.ones(self.n, dtype=bool)
            for d, column in self.columns:
                allowed = np.zeros(len(self.number), dtype=bool)
                allowed[[self.number[c] for c in culprits[d]]] = True
                hit &= allowed[column]
            self.masks[key] = hit
        return hit

    def scores(self, leaves: Sequence[_TreeLeaf]) -> tuple[np.ndarray, np.ndarray]:
        """For each assignment, the events the best leaf holding it followed (``_OK``: consistent) and
        which leaf that was, the first of the best (-1 and -1 when none holds it). The leaves are taken
        best first, and each gives its score to the assignments it holds that have none yet."""
        best = np.full(self.n, -1, dtype=np.int64)
        src = np.full(self.n, -1, dtype=np.int64)
        free = np.ones(self.n, dtype=bool)
        for n in sorted(range(len(leaves)), key=lambda n: (-leaves[n].reached, n)):
            new = self.mask(leaves[n].culprits) & free
            if new.any():
                best[new] = leaves[n].reached
                src[new] = n
                free &= ~new
                if not free.any():
                    break
        return best, src


History = tuple[tuple[str, Action], ...]


class _Found:
    """The consistent candidates, kept as the tree found them: groups of rows (sheets) with the culprit
    assignments consistent for every row of the group (and one branch's decisions for each). They are
    counted and summed by group and by plot combination (numpy, exact integer counts times exact
    :class:`~fractions.Fraction` weights), and listed only when asked, in the order of one replay per
    sheet: sheet by sheet, each sheet's culprit assignments in order."""

    def __init__(
        self,
        sheets: Sequence[Sheet],
        table: _Table,
        combos: list[tuple[tuple[int, str], ...]],
        groups: list[tuple[np.ndarray, list[int], list[History]]],
        prior: Mapping[str, Fraction | int] | None,
    ) -> None:
        self.sheets = sheets
        self.table = table
        self.combos = combos
        self.groups = groups
        n = len(sheets)
        self.group_of = np.full(n, -1, dtype=np.int64)
        self.n_ok = np.zeros(n, dtype=np.int64)
        for g, (rows, ok, _) in enumerate(groups):
            self.group_of[rows] = g
            self.n_ok[rows] = len(ok)
        self.rows = np.flatnonzero(self.n_ok)
        self.ends = np.cumsum(self.n_ok[self.rows])
        self.count = int(self.ends[-1]) if len(self.rows) else 0
        # a candidate weighs the product of its plots' prior weights: one weight per plot combination
        self.combo_weight = [
            math.prod((Fraction(prior.get(p, 1)) for p in (main, *subs)), start=Fraction(1))
            if prior is not None
            else Fraction(1)
            for main, subs in table.combos
        ]
        per_combo = self._sum_by(table.combo, len(table.combos))
        self.total_weight = sum(
            (w * int(c) for w, c in zip(self.combo_weight, per_combo, strict=True)), Fraction(0)
        )
        if self.count and self.total_weight == 0:
            raise InputError("prior", "every consistent candidate has weight 0")

    def _sum_by(self, key: np.ndarray, size: int, rows: np.ndarray | None = None) -> np.ndarray:
        """For each value of the per-row ``key`` (0..size-1), the number of consistent candidates of the
        rows with it (exact integers: a bincount of the rows per count of consistent assignments)."""
        rows = self.rows if rows is None else rows
        n_ok = self.n_ok[rows]
        out = np.zeros(size, dtype=np.int64)
        for v in np.unique(n_ok).tolist():
            out += v * np.bincount(key[rows[n_ok == v]], minlength=size).astype(np.int64)
        return out

    def locate(self, i: int) -> tuple[int, int, int]:
        """The row, its group and the index in the group's consistent assignments of candidate ``i``."""
        if not 0 <= i < self.count:
            raise IndexError(i)
        p = int(np.searchsorted(self.ends, i, side="right"))
        row = int(self.rows[p])
        return row, int(self.group_of[row]), i - (int(self.ends[p - 1]) if p else 0)

    def candidate(self, i: int) -> Candidate:
        row, g, j = self.locate(i)
        return Candidate(self.sheets[row], self.combos[self.groups[g][1][j]])

    def entry(self, i: int) -> tuple[Sheet, tuple[tuple[int, str], ...], History]:
        """Candidate ``i``'s sheet, culprits and the decisions of the branch that found it."""
        row, g, j = self.locate(i)
        _, ok, histories = self.groups[g]
        return self.sheets[row], self.combos[ok[j]], histories[j]

    def weight(self, i: int) -> Fraction:
        row, _, _ = self.locate(i)
        return self.combo_weight[int(self.table.combo[row])] / self.total_weight

    def __iter__(self) -> Iterator[Candidate]:
        sheets, combos, groups, group_of = self.sheets, self.combos, self.groups, self.group_of
        for row in self.rows.tolist():
            sheet = sheets[row]
            for m in groups[int(group_of[row])][1]:
                yield Candidate(sheet, combos[m])

    def _combo_mass(self, key: np.ndarray, size: int) -> dict[int, Fraction]:
        """The probability of each value of a per-row ``key``: counts per (key, plot combination) times
        the combination's weight, normalised."""
        n_combos = len(self.table.combos)
        counts = self._sum_by(key.astype(np.int64) * n_combos + self.table.combo, size * n_combos)
        out: dict[int, Fraction] = defaultdict(Fraction)
        for k in np.flatnonzero(counts).tolist():
            out[k // n_combos] += self.combo_weight[k % n_combos] * int(counts[k]) / self.total_weight
        return out

    def roles(self) -> dict[str, dict[str, Fraction]]:
        table = self.table
        out: dict[str, dict[str, Fraction]] = {}
        for c in table.cast:
            mass = self._combo_mass(table.column(("role", c))[0], len(table.role_names))
            out[c] = dict(sorted((table.role_names[r], w) for r, w in mass.items()))
        return out

    def plots(self) -> Iterator[tuple[tuple[str, ...], Fraction]]:
        per_combo = self._sum_by(self.table.combo, len(self.table.combos))
        for (main, subs), w, c in zip(self.table.combos, self.combo_weight, per_combo.tolist(), strict=True):
            if c:
                yield (main, *subs), w * c / self.total_weight

    def culprits(self) -> Iterator[tuple[int, str, Fraction]]:
        n_combos = len(self.table.combos)
        for rows, ok, _ in self.groups:
            per_combo = np.bincount(self.table.combo[rows], minlength=n_combos).tolist()
            w = sum((self.combo_weight[k] * c for k, c in enumerate(per_combo) if c), Fraction(0))
            w /= self.total_weight
            for day_culprit, times in Counter(dc for m in ok for dc in self.combos[m]).items():
                yield day_culprit[0], day_culprit[1], w * times

    def assignments(self) -> dict[tuple[tuple[str, str], ...], Fraction]:
        """The probability of each whole role assignment (the sheets' role dicts, by value)."""
        table = self.table  # (its role rows are distinct assignments)
        mass = self._combo_mass(table.row_of, len(table.role_rows))
        cast, names = list(table.cast), table.role_names
        return {
            tuple(sorted(zip(cast, (names[k] for k in table.role_rows[row].tolist()), strict=True))): w
            for row, w in mass.items()
        }


class _FoundCandidates(Sequence[Candidate]):
    """The consistent candidates, listed when asked (see :class:`_Found`)."""

    def __init__(self, found: _Found) -> None:
        self.found = found

    def __len__(self) -> int:
        return self.found.count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self.found.candidate(j) for j in range(*i.indices(len(self)))]
        return self.found.candidate(i + len(self) if i < 0 else i)

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self.found)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} consistent candidates>"


class _FoundWeights(Sequence[Fraction]):
    """Each consistent candidate's probability, in the order of :class:`_FoundCandidates`."""

    def __init__(self, found: _Found) -> None:
        self.found = found

    def __len__(self) -> int:
        return self.found.count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self.found.weight(j) for j in range(*i.indices(len(self)))]
        return self.found.weight(i + len(self) if i < 0 else i)

    def __iter__(self) -> Iterator[Fraction]:
        found = self.found
        weight, combo, total = found.combo_weight, found.table.combo, found.total_weight
        for row, n in zip(found.rows.tolist(), found.n_ok[found.rows].tolist(), strict=True):
            w = weight[int(combo[row])] / total
            for _ in range(n):
                yield w

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} weights>"


class _Witnesses(Sequence[Game]):
    """The witness game of each consistent candidate, replayed when asked: the candidate's own script
    played to where the record ends.

    The decisions kept are those of the branch that found the candidate; a branch joined from several
    (see ``_Tree._park``) keeps one branch's decisions, which another sheet of it may not be able to
    play (its Mastermind's abilities are not the same). Those are checked on replay (every decision
    legal, the same public record); when they fail, the candidate's witness is searched on its own
    (one sheet, its culprits: :class:`_Explorer`)."""

    def __init__(self, record: PublicRecord, frame: Script, content: Content, found: _Found) -> None:
        self.record = record
        self.frame = frame
        self.content = content
        self._found = found

    @property
    def found(self) -> list[tuple[Sheet, tuple[tuple[int, str], ...], History]]:
        """Every candidate's sheet, culprits and kept decisions (for comparisons)."""
        return [self._found.entry(i) for i in range(len(self))]

    def __len__(self) -> int:
        return self._found.count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        sheet, culprits, history = self._found.entry(i + len(self) if i < 0 else i)
        script = sheet_script(self.frame, sheet, dict(culprits))
        game = Game(script, self.content, from_options(script.options), pause_between_phases=True)
        try:
            for _who, action in history:
                while game.is_paused:
                    game.resume()
                game.apply(action)
            while game.is_paused:
                game.resume()
        except IllegalActionError:
            pass
        else:
            events = [e.as_dict() for e in game.log if e.visibility == "public"]
            waiting = None if game.pending is None else game.pending.who
            if events == list(self.record.events) and waiting == self.record.waiting:
                return game
        own = {d: frozenset([c]) for d, c in culprits}
        leaves = _Explorer(self.record, sheet, self.content, self.frame).run(own)
        return next(leaf.game for leaf in leaves if leaf.ok and leaf.game is not None)


def _count_culprits(cast: tuple[str, ...], days: Sequence[int], known: Mapping[int, str]) -> int:
    """How many assignments of distinct culprits to ``days`` agree with the ``known`` ones."""
    free = [d for d in days if d not in known]
    left = len(cast) - len(set(known.values()))
    return math.perm(left, len(free)) if len(free) <= left else 0


def brute_force(
    record: PublicRecord, content: Content | None = None, look_ahead: bool = True
) -> set[Candidate]:
    """The reference: every private sheet with every culprit assignment replayed on its own, with every
    Mastermind choice, no cheap filter and no grouping of culprits (slow; for tests on small scripts).

    With ``look_ahead=False`` even the Mastermind's card kinds are branched blindly (pruned only when the
    reveal at TL-D4 differs), which is slower still."""
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    days = [d for d, _ in record.sheet.incidents]
    out: set[Candidate] = set()
    for sheet in private_sheets(frame, content):
        for combo in itertools.permutations(record.sheet.cast, len(days)):
            cs = {d: frozenset([c]) for d, c in zip(days, combo, strict=True)}
            explorer = _Explorer(record, sheet, content, frame)
            if not look_ahead:
                explorer._options = lambda options, i: options  # type: ignore[method-assign]
            if any(leaf.ok for leaf in explorer.run(cs)):
                out.add(Candidate(sheet, tuple(zip(days, combo, strict=True))))
    return out


def replay_each_sheet(record: PublicRecord, content: Content | None = None) -> set[Candidate]:
    """A second reference, fast enough for whole loops of larger scripts: every private sheet replayed on
    its own (no tree, no hidden facts: the engine plays the sheet's own script), culprits still grouped at
    their incident step; no cheap filter. The brute-force tests check it on small scripts."""
    content = content if content is not None else load_content()
    frame = record.sheet.frame()
    days = [d for d, _ in record.sheet.incidents]
    known = _revealed_culprits(record)
    base = {d: frozenset([known[d]] if d in known else record.sheet.cast) for d in days}
    out: set[Candidate] = set()
    for sheet in private_sheets(frame, content):
        leaves = _Explorer(record, sheet, content, frame).run(base)
        for key, reached in _expand(record.sheet.cast, days, leaves, base).items():
            if reached == _OK:
                out.add(Candidate(sheet, key))
    return out


def tiny_script(script: Script, cast: int = 3, days: int = 2, loops: int = 1, sheet: int = 0) -> Script:
    """A small valid script for exhaustive checks: the first ``cast`` characters, ``days`` days and
    ``loops`` loops of ``script``, its incidents of those days (culprits the first cast members) and the
    ``sheet``-th private sheet the set allows on that cast.

    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> s = tiny_script(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> s.cast, s.days, [(i.day, i.incident) for i in s.incidents]
    (('girl_student', 'boy_student', 'shrine_maiden'), 2, [(2, 'increasing_unease')])
    """
    small = tuple(script.cast[:cast])
    incidents = tuple(
        ScheduledIncident(i.day, i.incident, small[n % len(small)])
        for n, i in enumerate(x for x in script.incidents if x.day <= days)
    )
    frame = replace(script, cast=small, days=days, loops=loops, incidents=incidents)
    sheets = private_sheets(frame)
    chosen = sheets[sheet % len(sheets)]
    return sheet_script(frame, chosen, {i.day: i.culprit for i in incidents})


# ------------------------------------------------------------------------------------------- the agent


class DeducingProtagonists:
    """Protagonists who play the heuristic agent's cards but deduce for the final guess and goodwill.

    It is built with the public sheet (known before the game) and answers ``(observation, legal
    actions)`` like every agent. It remembers its own answers, so it can build the
    :class:`PublicRecord` from the observation at any time. At the final guess (TL-FG3) it names the
    roles of one of :meth:`Deduction.best_guesses` (the joint assignments most likely to be right, chosen
    at random with the agent's seed when several tie); at a goodwill
    decision (TL-D6) it takes the option of :meth:`Deduction.next_moves` with the most expected bits when
    that is above zero, and otherwise answers as the heuristic agent. With ``cards`` it chooses the
    leader's card each day the same way (TL-D3); ``sample`` is how many candidates ``next_moves`` plays
    on (more tell the options apart better: 8 candidates give at most 3 bits).
    """

    def __init__(
        self,
        sheet: PublicSheet,
        seed: int | None = None,
        *,
        goodwill: bool = True,
        cards: bool = False,
        sample: int = 8,
    ) -> None:
        from rulesengine.looper.play.agents import HeuristicProtagonists

        self.sheet = sheet
        self.base = HeuristicProtagonists(seed)
        self.rng = random.Random(seed)  # the choice among equally likely final guesses
        self.goodwill = goodwill
        self.cards = cards
        self.sample = sample
        self.actions: list[tuple[str, Action]] = []
        self.guess: dict[str, str] | None = None
        self.deductions = 0

    def record(self, seen: ProtagonistsObservation) -> PublicRecord:
        """The public record so far, from the observation and the agent's own answers."""
        return PublicRecord.from_observation(seen, self.sheet, self.actions)

    def __call__(self, seen: ProtagonistsObservation, legal_actions: Sequence[Action]) -> Action:
        """Answer the Protagonists' pending decision."""
        pending = seen.pending
        who = pending.who if pending is not None else "leader"
        action = self._choose(seen, legal_actions)
        self.actions.append((who, action))
        return action

    def _choose(self, seen: ProtagonistsObservation, legal: Sequence[Action]) -> Action:
        guesses = [a for a in legal if isinstance(a, Guess)]
        if guesses:
            if self.guess is None:
                self.deductions += 1
                ties, _ = deduce(self.record(seen)).best_guesses()
                self.guess = self.rng.choice(ties) if ties else {}
            for g in guesses:
                if self.guess.get(g.character) == g.role:
                    return g
            return self.base(seen, legal)
        leader_card = (
            self.cards
            and seen.pending is not None
            and seen.pending.who == f"protagonist:{seen.leader}"
            and any(isinstance(a, PlaceCard) for a in legal)
        )
        if leader_card or (self.goodwill and any(isinstance(a, UseAbility) for a in legal)):
            self.deductions += 1
            moves = deduce(self.record(seen)).next_moves(limit=1, sample=self.sample)
            if moves and moves[0]["expected_bits"] > 0:
                for a in legal:
                    if to_dict(a) == moves[0]["action"]:
                        return a
        return self.base(seen, legal)
