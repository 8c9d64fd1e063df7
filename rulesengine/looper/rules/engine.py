"""The Tragedy Looper game: the day in nine steps, loop end, time spiral, rewind and final guess.

A :class:`Game` rests at a decision point: :attr:`Game.pending` says who decides what, with the
sorted legal options; :meth:`Game.apply` takes one of them and runs every automatic step up to the
next decision. An illegal action raises :class:`~rulesengine.errors.IllegalActionError` naming the
rule id and leaves the game unchanged. Each step of the day is one method named after its
:class:`~rulesengine.looper.rules.state.Phase`.

>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> game = Game(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"))
>>> game.phase, game.pending.who, game.pending.kind
(<Phase.MASTERMIND_CARDS: 'TL-D2'>, 'mastermind', <DecisionKind.PLACE_CARD: 'place_card'>)
>>> game.apply(game.legal_actions()[0])
>>> len(game.cards)
1
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Container, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from rulesengine.contract import PAUSED, TERMINAL, drive
from rulesengine.errors import IllegalActionError, InputError
from rulesengine.looper.rules import abilities, incidents, observe
from rulesengine.looper.rules.actions import (
    Action,
    Allow,
    Choose,
    Guess,
    Pass,
    PlaceCard,
    Refuse,
    UseAbility,
    ability_order,
    to_dict,
)
from rulesengine.looper.rules.board import per_content
from rulesengine.looper.rules.cards import (
    Card,
    Deck,
    PlacedCard,
    apply_paranoia,
    counters,
    hand_left,
    resolve_movement,
    side_of,
)
from rulesengine.looper.rules.content import Content, load_content
from rulesengine.looper.rules.rulings import Rulings, from_options
from rulesengine.looper.rules.script import Script
from rulesengine.looper.rules.seams import EventSink, HiddenFacts
from rulesengine.looper.rules.state import (
    OWNERS,
    PHASE_NAMES,
    PROTAGONISTS,
    STATE_FIELDS,
    CharacterState,
    Decision,
    DecisionKind,
    Event,
    EventKind,
    IncidentRecord,
    LoopResult,
    LoopState,
    Outcome,
    Phase,
    PublicLoopResult,
    Side,
    Table,
    Visibility,
    compile_copy,
)
from rulesengine.looper.rules.text import Described
from rulesengine.messages import Name


@functools.lru_cache(maxsize=4096)
def _place_card(card: str, target: str) -> PlaceCard:
    """One shared ``PlaceCard`` value per (card, target): building frozen dataclasses is slow."""
    return PlaceCard(card, target)


#: ``Guess(character, role)``, one shared value per pair.
_guess: Final = functools.lru_cache(maxsize=4096)(Guess)


@functools.lru_cache(maxsize=4096)
def _placed_card(owner: str, card: str, target: str) -> PlacedCard:
    """One shared ``PlacedCard`` value per (owner, card, target)."""
    return PlacedCard(owner, card, target)


class _Legal:
    """The legal placements of one situation as two sets: any card of ``cards`` on any of ``targets``.

    ``follow`` caches the next placement decision of the same phase after each answer (a speed-up only:
    within TL-D2 or TL-D3 the next situation follows from this one and the answer). It is keyed by
    ``(card, target)`` for the Mastermind, whose situation holds everything its next one depends on, and by
    ``(target, *spent)`` for a protagonist, ``spent`` being the next protagonist's spent cards (TL-D4c).
    ``after`` is that next protagonist (``None`` for the Mastermind).
    """

    __slots__ = ("after", "cards", "follow", "targets")

    def __init__(self, cards: frozenset[str], targets: frozenset[str], after: str | None) -> None:
        self.cards = cards
        self.targets = targets
        self.after = after
        self.follow: dict[tuple[str, ...], Decision] = {}

    def __contains__(self, action: object) -> bool:
        return type(action) is PlaceCard and action.card in self.cards and action.target in self.targets


class _PlacementTables:
    """Caches for the placement options of one content (TL-D2, TL-D3): the hand left after the spent and
    placed cards, the free targets, and the (card, target) rows. Only a speed-up: the same situations
    recur every day of every game; each cache is cleared when it grows large."""

    __slots__ = ("free", "hands", "kinds", "options", "rows", "situations")

    def __init__(self, content: Content) -> None:
        self.hands = Deck.of(content).hands
        self.kinds: dict[tuple[object, ...], tuple[tuple[str, ...], frozenset[str]]] = {}
        self.free: dict[tuple[object, ...], tuple[tuple[str, ...], frozenset[str]]] = {}
        self.rows: dict[tuple[str, tuple[str, ...]], tuple[PlaceCard, ...]] = {}
        self.options: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Action, ...]] = {}
        self.situations: dict[tuple[object, ...], Decision] = {}

    def hand_kinds(self, side: str, used: tuple[str, ...]) -> tuple[tuple[str, ...], frozenset[str]]:
        """The sorted card kinds still in a hand of ``side`` once the ``used`` cards are out."""
        key = (side, used)
        hit = self.kinds.get(key)
        if hit is None:
            kinds = tuple(sorted(hand_left(self.hands[side], used)))
            hit = self.kinds[key] = (kinds, frozenset(kinds))
        return hit

    def free_targets(
        self, locations: tuple[str, ...], living: tuple[str, ...], taken: tuple[str, ...]
    ) -> tuple[tuple[str, ...], frozenset[str]]:
        """The sorted targets not taken: locations and living characters (TL-D2a, TL-D3c)."""
        key = (locations, living, taken)
        hit = self.free.get(key)
        if hit is None:
            free = tuple(sorted({*locations, *living}.difference(taken)))
            hit = self.free[key] = (free, frozenset(free))
            if len(self.free) > 50_000:
                self.free.clear()
        return hit

    def placements(self, kinds: tuple[str, ...], free: tuple[str, ...]) -> tuple[Action, ...]:
        """Every (card, target) pair, sorted by card then target."""
        key = (kinds, free)
        options = self.options.get(key)
        if options is None:
            rows = self.rows
            parts = []
            for card in kinds:
                row = rows.get((card, free))
                if row is None:
                    row = rows[card, free] = tuple(_place_card(card, t) for t in free)
                parts.append(row)
            options = self.options[key] = tuple(itertools.chain.from_iterable(parts))
            if len(self.options) > 50_000:
                self.options.clear()
                self.rows.clear()
        return options


_SET_WHO = Decision.__dict__["who"].__set__
_SET_KIND = Decision.__dict__["kind"].__set__
_SET_OPTIONS = Decision.__dict__["options"].__set__
_SET_PROMPT = Decision.__dict__["prompt"].__set__
_SET_RULE = Decision.__dict__["rule_id"].__set__
_SET_OPTION_SET = Decision.__dict__["option_set"].__set__


def _decision(
    who: str,
    kind: DecisionKind,
    options: tuple[Action, ...],
    prompt: str,
    rule_id: str,
    option_set: Container[Action] | None = None,
) -> Decision:
    """``Decision(who, kind, options, prompt, rule_id, option_set)``, built faster than the frozen
    dataclass's ``__init__`` (one per decision of every game)."""
    d = object.__new__(Decision)
    _SET_WHO(d, who)
    _SET_KIND(d, kind)
    _SET_OPTIONS(d, options)
    _SET_PROMPT(d, prompt)
    _SET_RULE(d, rule_id)
    _SET_OPTION_SET(d, option_set)
    return d


class Game(Table):
    """One game of Tragedy Looper on a script: the state record, the log and the pending decision.

    ``Game`` is a :class:`~rulesengine.looper.rules.state.Table` (the state record, its context and the verbs)
    with one method per phase of the day and the machine that runs them.

    Parameters
    ----------
    script:
        The script (secret and public parts).
    content:
        The content tables (default: the shipped ones).
    rulings:
        Ruling options; default: built from ``script.options``.
    pause_between_phases:
        When true, the game also stops (``pending`` is ``None``) whenever the phase changes, so a
        teaching notebook can show the board after each step; :meth:`resume` goes on.
    record:
        When false, no event is written to the log (fast simulation: the rules never read it); the
        default game keeps its full log.
    facts:
        The provider of the hidden facts (:class:`~rulesengine.looper.rules.seams.HiddenFacts`): the
        engine then plays ``facts.script``, whose public fields are ``script``'s. Default: the script's
        own private sheet.
    sink:
        The event sink (:data:`~rulesengine.looper.rules.seams.EventSink`), called with every event as it
        is logged. Default: none (the log alone).
    """

    __slots__ = ()

    def __init__(
        self,
        script: Script,
        content: Content | None = None,
        rulings: Rulings | None = None,
        *,
        pause_between_phases: bool = False,
        record: bool = True,
        facts: HiddenFacts | None = None,
        sink: EventSink | None = None,
    ) -> None:
        if content is None:
            content = load_content()
        plain = facts is None and sink is None  # (a game with seams of its own starts the long way)
        key = (id(script), id(content), rulings, record, pause_between_phases)
        start = _STARTS.get(key) if plain else None
        if start is not None and start.script is script and start.content is content:
            _COPY_GAME(start, self)  # the same first decision as the long way below, copied
            return
        LoopState.__init__(self)
        self._init_context(
            script,
            content,
            rulings if rulings is not None else from_options(script.options),
            record,
            pause_between_phases,
            facts,
            sink,
        )
        self._placement_cache = per_content(self.content, "placements", _PlacementTables)
        self._reset_board()
        self._advance()
        if plain:
            if len(_STARTS) > 1000:
                _STARTS.clear()
            _STARTS[key] = self.clone()

    # ------------------------------------------------------------------ public interface

    def __repr__(self) -> str:
        """A one-line summary: script, loop, day, phase and who decides.

        >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
        >>> Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
        <Game fs_01_tutorial loop 1 day 1 MASTERMIND_CARDS: mastermind place_card (90 options)>
        """
        p = self._pending
        if p is not None:
            waiting = f"{p.who} {p.kind} ({len(p.options)} options)"
        elif self.outcome is not None:
            waiting = f"{self.outcome.winner} won ({self.outcome.reason})"
        else:
            waiting = "paused"
        return f"<Game {self.script.id} loop {self.loop} day {self.day} {self.phase.name}: {waiting}>"

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, with who decides, the rule that asks and the sorted options
        (``None`` paused or over): :meth:`current_player` and :meth:`legal_actions` in one value, for the
        notebooks' prompts. (The Grove's is a method, ``GameState.pending()``: the contract's names are
        the ones both games share.)"""
        return self._pending

    @property
    def is_over(self) -> bool:
        """Thin alias of :meth:`is_terminal` (a property, kept for the notebooks and tests that read it)."""
        return self.phase is Phase.GAME_OVER

    @property
    def is_paused(self) -> bool:
        """Whether the game stopped at a phase boundary (``pause_between_phases``), nothing pending."""
        return self._pending is None and self.phase is not Phase.GAME_OVER

    def resume(self) -> None:
        """Go on from a pause at a phase boundary, up to the next decision or boundary."""
        if self.is_paused:
            self._advance()

    def legal_actions(self) -> tuple[Action, ...]:
        """The sorted legal answers to the pending decision (empty when the game is over)."""
        return () if self._pending is None else self._pending.options

    def apply(self, action: Action) -> None:
        """Answer the pending decision with ``action`` and run on to the next decision: the contract's
        :meth:`apply_action` without the returned game (the Looper moves on in place), kept as the
        engine's own verb for code that steps a game in place.

        Raises
        ------
        IllegalActionError
            When ``action`` is not one of :meth:`legal_actions`; the game is left unchanged.
        """
        decision = self._pending
        if decision is None:
            if self.is_paused:
                raise _refusal(self.phase.rule_id, "looper.refusal.paused",
                               f"the game is paused before {self.phase.name}; call resume() first",
                               phase=self.phase.rule_id)
            raise _refusal("TL-LE2", "looper.refusal.game_over",
                           f"the game is over; {to_dict(action)} cannot be played", action=Described(action))
        legal = decision.option_set
        if type(legal) is _Legal:  # a placement (TL-D2, TL-D3): its card in hand, its target free
            if type(action) is not PlaceCard:
                raise self._why_illegal(decision, action)
            if action.card not in legal.cards or action.target not in legal.targets:
                raise self._why_illegal(decision, action)
            self.decisions_made += 1
            owner = decision.who
            self.history.append((owner, action))
            after = legal.after
            if self.record and self._sink is not None:  # every event through emit, to the sink
                self._answer_cards(decision, action)
            else:  # _answer_cards, inlined
                card, target = action.card, action.target
                self.cards.append(_placed_card(owner, card, target))
                if self.record:
                    log = self.log
                    when = (self.loop, self.day, PHASE_NAMES[self.phase])
                    data = {"owner": owner, "target": target}
                    log.append(_tuple_new(Event, (*when, _PUBLIC, _CARD_PLACED, data)))
                    if after is None:  # the Mastermind's card, face up for the Mastermind only
                        data = {"owner": owner, "card": card, "target": target}
                        log.append(_tuple_new(Event, (*when, _MASTERMIND, _CARD_PLACED_KIND, data)))
            key = (action.card, action.target) if after is None else (action.target, *self.spent[after])
            follow = legal.follow.get(key)
            if follow is not None:  # the next placement of the same phase, known from this situation
                self._pending = follow
                return
            self._pending = None
            start = self.phase
            self._run(start)
            follow = self._pending
            if self.phase is start and follow is not None and type(follow.option_set) is _Legal:
                legal.follow[key] = follow
            return
        start = self.phase
        self.answer(action)  # (the answer's rules, then on from the phase it was given in)
        self._run(start)

    def answer(self, action: Action) -> None:
        """Answer the pending decision with ``action`` and stop there: its rules are played (their events
        written), and the game waits, paused (:attr:`is_paused`), before running on to the next decision,
        which :meth:`resume` then offers — :meth:`apply` is this and :meth:`resume` at once. The
        deduction stops its branches there, before the next decision reads a hidden fact, to join those
        in the same state first (:mod:`rulesengine.looper.deduction.search`). A card placement (TL-D2,
        TL-D3), whose next decision is read off the placement itself, runs on as :meth:`apply` does.

        Raises
        ------
        IllegalActionError
            As :meth:`apply`: no decision pending, or ``action`` not one of its options; the game is left
            unchanged.
        """
        decision = self._pending
        if decision is None or type(decision.option_set) is _Legal:
            self.apply(action)  # (a placement; or no decision: apply's refusal)
            return
        legal = decision.option_set
        if not (action in decision.options if legal is None else action in legal):
            raise self._why_illegal(decision, action)
        self.decisions_made += 1
        self.history.append((decision.who, action))
        self._pending = None
        self._ANSWERS[self.phase](self, decision, action)

    def _run(self, start: Phase) -> None:
        """Run the steps from the current phase up to the next decision (set as pending), the end of the
        game, or (with ``pause_between_phases``) the first phase other than ``start``."""
        steps = self._STEPS
        pause = self.pause_between_phases
        while (phase := self.phase) is not _GAME_OVER:
            if pause and phase is not start:
                return
            decision = steps[phase](self)
            if decision is not None:
                self._pending = decision
                return

    def clone(self) -> Game:
        """An independent copy of the game: every field of the state record is copied by its type (the
        log's events are shared: they are immutable), the context (script, content, rulings) is shared.
        """
        new = Game.__new__(Game)
        _COPY_GAME(self, new)
        return new

    def view(self, viewer: str) -> dict[str, Any]:
        """What ``"protagonists"`` or ``"mastermind"`` may see, as plain data (see :mod:`.observe`)."""
        from rulesengine.looper.rules.observe import view

        return view(self, viewer)

    # ------------------------------------------------------------------ the machine

    def _advance(self, start: Phase | None = None) -> None:
        """Run automatic steps until a decision is pending or the game is over.

        With ``pause_between_phases`` it also stops when the phase differs from ``start`` (the phase of
        the decision just answered, or the current one).
        """
        if start is None:
            start = self.phase
        steps = self._STEPS
        pause = self.pause_between_phases
        while (phase := self.phase) is not _GAME_OVER:
            if pause and phase is not start:
                self._pending = None
                return
            decision = steps[phase](self)
            if decision is not None:
                self._pending = decision
                return
        self._pending = None

    def _goto(self, phase: Phase) -> None:
        self.phase = phase
        self.step = 0

    def _end_loop_if_needed(self) -> bool:
        if self.end_now:
            self._goto(Phase.LOOP_END)
            return True
        return False

    # -- loop start (after the rewind of TL-RW) ----------------------------------------------

    def _reset_board(self) -> None:
        """TL-RW / TL-FG2: every token removed, everyone alive at its card's start location."""
        self.chars = {c: CharacterState(c, start) for c, start in self._starts}
        self.location_intrigue = dict.fromkeys(self.locations, 0)
        self.cards = []
        self.spent = {o: [] for o in OWNERS}
        self.roles = dict(self._script_roles)
        self.virus_converted = set()
        self.happened = []
        self.used_today, self.used_loop = set(), set()
        self.mm_used, self.mm_used_loop = set(), set()
        self.suppressed = set()
        self.patient_free = False
        if not self.rulings.young_girl_free_whole_game:
            self.unforbidden = set()
        self.protected = False
        self.borrowed = None
        self.lost = self.protagonists_dead = self.end_now = False
        if self.record:
            self.reset_boards.append(self.board())

    def loop_start(self) -> Decision | None:
        """Loop start: characters that enter this loop, the Henchman's start, loop-start abilities."""
        if self.step == 0:
            if "godly_being" in self.cast:
                entry = self.script.godly_being_entry_loop  # (compared, not read: see _waiting)
                if entry is not None and self.loop < entry:
                    self.chars["godly_being"].location = None
            if (  # ⚠a: off the board until her day
                "transfer_student" in self.cast
                and self._waiting("transfer_student")
                and not self.rulings.transfer_student_waits_at_school
            ):
                self.chars["transfer_student"].location = None
            self.step = 1
        if self.step == 1:
            if "henchman" in self.cast and self.chars["henchman"].location is None:
                if self.script.henchman_start is not None:  # placed on the board for all to see (TL-RW)
                    start = str(self.script.henchman_start)
                    self.chars["henchman"].location = start
                    self.emit(EventKind.HENCHMAN_START, character="henchman", location=start)
                else:
                    options = tuple(
                        Choose(loc) for loc in sorted(self.locations) if loc not in self.forbidden("henchman")
                    )
                    return _decision(
                        "mastermind",
                        DecisionKind.HENCHMAN_START,
                        options,
                        "Where does the Henchman start?",
                        "TL-RW",
                    )
            self.step = 2
        if self.step == 3:
            return self._scientist_decision()
        if self.step == 4:
            self._goto(Phase.DAY_START)
            return None
        self.start_locations = {c: ch.location for c, ch in self.chars.items() if ch.location is not None}
        self.emit(EventKind.LOOP_START, leader=self.leader)
        for c in self.cast:  # (the public conditions first, the role last)
            if (
                self.revealed_roles.get(c) == "friend"
                and self.chars[c].location is not None
                and self.roles[c] == "friend"
            ):
                self.add(c, "goodwill", 1)
                self.emit(EventKind.GOODWILL, character=c, amount=1, rule="friend.2")
        if self.has_plot("threads_of_fate"):
            for c in sorted(self.goodwill_at_loop_end):
                if self.chars[c].location is not None:
                    self.add(c, "paranoia", 2)
                    self.emit(EventKind.PARANOIA, character=c, amount=2)
                    self.emit(EventKind.ABILITY, Visibility.MASTERMIND, ability="threads_of_fate.1", target=c)
        if "black_cat" in self.cast and self.active("black_cat"):  # black_cat.p1
            self.add("shrine", "intrigue", 1)
            self.emit(EventKind.INTRIGUE, target="shrine", amount=1, rule="black_cat.p1")
        if "scientist" in self.cast and self.active("scientist"):  # scientist.p1: the Mastermind's choice
            self.step = 3
            return self._scientist_decision()
        self._goto(Phase.DAY_START)
        return None

    def _scientist_decision(self) -> Decision:
        """scientist.p1: the counter the Mastermind puts on the Scientist at the loop's start (public once
        placed)."""
        options = tuple(Choose(k) for k in ("goodwill", "intrigue", "paranoia"))
        return _decision(
            "mastermind", DecisionKind.SCIENTIST_COUNTER, options, "Which counter on the Scientist?", "TL-RW"
        )

    def _waiting(self, cid: str) -> bool:
        """Whether the Transfer Student has not entered yet (transfer_student.p1: before the script's day).

        The hidden day is compared, never read as a number (``or 1`` would read it): a provider of hidden
        facts answers "before day 3?" without choosing the day."""
        day = self.script.transfer_student_entry_day
        return cid == "transfer_student" and day is not None and self.day < day

    def _answer_loop_start(self, decision: Decision, action: Action) -> None:
        assert isinstance(action, Choose)
        if decision.kind is DecisionKind.SCIENTIST_COUNTER:
            self.add("scientist", action.option, 1)
            self.emit(_KINDS_BY_NAME[action.option], character="scientist", amount=1, rule="scientist.p1")
            self.step = 4
            return
        self.chars["henchman"].location = action.option
        self.emit(EventKind.HENCHMAN_START, character="henchman", location=action.option)
        self.step = 2

    # -- TL-D1 -----------------------------------------------------------------------------

    def day_start(self) -> Decision | None:
        """TL-D1: the day begins; no First Steps or Basic Tragedy X effect is timed here."""
        self.used_today = set()
        self.doctor_mm_today = False
        self.cards_revealed = False
        if self.record:
            self.emit(EventKind.DAY_START, leader=self.leader)
        if "transfer_student" in self.cast:  # transfer_student.p1: she enters at the School on her day
            ch = self.chars["transfer_student"]  # (the public state first: the hidden day is read while
            waits = self.rulings.transfer_student_waits_at_school  # she has not entered yet)
            if (
                ch.alive
                and (ch.location is None or waits)
                and self.script.transfer_student_entry_day is not None
                and self.script.transfer_student_entry_day > 1
                and self.day == self.script.transfer_student_entry_day
            ):
                ch.location = "school"
                self.emit(EventKind.CHARACTER_ENTERED, character="transfer_student", location="school")
        self._goto(Phase.MASTERMIND_CARDS)
        return None

    # -- TL-D2 / TL-D3 -----------------------------------------------------------------------

    def card_targets(self) -> list[str]:
        """Targets of action cards: the four locations and living characters on the board (no corpses),
        except a character no card may be placed on (illusion.p1; the Transfer Student before her day)."""
        return [*self.locations, *(c for c in self.living() if not self._no_card_on(c))]

    def _no_card_on(self, cid: str) -> bool:
        """Whether no action card may be placed on ``cid`` now (illusion.p1, ⚠a)."""
        if "no_cards" in self._char_defs[cid].traits:
            return True  # (the hidden entry day is read only where the ruling puts her on the board early)
        return self.rulings.transfer_student_waits_at_school and self._waiting(cid)

    def placement_options(self, owner: str) -> tuple[Action, ...]:
        """The legal (card, target) placements for ``owner`` now (TL-D2a, TL-D3a..c).

        >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
        >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
        >>> len(game.placement_options("mastermind")), len(game.placement_options("protagonist:0"))
        (90, 80)
        """
        mm = owner == "mastermind"
        own = tuple([pc.card for pc in self.cards if pc.owner == owner])
        taken = tuple([pc.target for pc in self.cards if (pc.owner == "mastermind") is mm])
        return self._placement_decision(owner, own, taken).options

    _placement_cache: _PlacementTables

    def _placement_decision(self, owner: str, own: tuple[str, ...], taken: tuple[str, ...]) -> Decision:
        """The placement decision of ``owner`` (TL-D2a, TL-D3a..c): cards in hand (not placed today, not
        spent this loop) on targets that are locations or living characters not taken by the same side.

        ``own`` are the owner's cards placed today, ``taken`` the targets its side used today. The
        decision is shared by every game in the same situation (it is immutable).
        """
        chars = self.chars
        living = tuple([c for c, ch in chars.items() if ch.alive and ch.location is not None])
        if self._wider:
            living = tuple([c for c in living if not self._no_card_on(c)])
        spent = self.spent[owner]
        used = tuple(sorted((*spent, *own))) if len(spent) + len(own) > 1 else (*spent, *own)
        if len(taken) > 1:
            taken = tuple(sorted(taken))
        tables = self._placement_cache
        situation = (owner, used, len(own), taken, living)
        decision = tables.situations.get(situation)
        if decision is not None:
            return decision
        mm = owner == "mastermind"
        kinds, kind_set = tables.hand_kinds("mastermind" if mm else "protagonist", used)
        free, free_set = tables.free_targets(self.locations, living, taken)
        options = tables.placements(kinds, free)
        if mm:
            prompt, rule, after = _MM_PROMPTS[len(own)], "TL-D2", None
        else:
            prompt, rule, after = _P_PROMPTS[owner], "TL-D3", _NEXT_PROTAGONIST[owner]
        legal = _Legal(kind_set, free_set, after)
        decision = _decision(owner, DecisionKind.PLACE_CARD, options, prompt, rule, legal)
        if len(tables.situations) > 200_000:
            tables.situations.clear()
        tables.situations[situation] = decision
        return decision

    def mastermind_cards(self) -> Decision | None:
        """TL-D2: the Mastermind places 3 cards face down, one per target (TL-D2a)."""
        own: list[str] = []
        taken: list[str] = []
        for pc in self.cards:
            if pc.owner == "mastermind":
                own.append(pc.card)
                taken.append(pc.target)
        if len(own) < 3:
            return self._placement_decision("mastermind", tuple(own), tuple(taken))
        self._goto(Phase.PROTAGONIST_CARDS)
        return None

    def _answer_cards(self, decision: Decision, action: Action) -> None:
        assert isinstance(action, PlaceCard)
        owner = decision.who
        self.cards.append(_placed_card(owner, action.card, action.target))
        if not self.record:  # the two events below are all that is left to do
            return
        self.emit(EventKind.CARD_PLACED, owner=owner, target=action.target)
        if owner == "mastermind":
            self.emit(
                EventKind.CARD_PLACED_KIND,
                Visibility.MASTERMIND,
                owner=owner,
                card=action.card,
                target=action.target,
            )

    def protagonist_cards(self) -> Decision | None:
        """TL-D3: each protagonist places 1 card, the leader first, then clockwise (TL-D3a..c)."""
        cards = self.cards
        taken = tuple([pc.target for pc in cards if pc.owner != "mastermind"])
        if len(taken) < 3:
            owner = PROTAGONISTS[(self.leader + len(taken)) % 3]
            own = tuple([pc.card for pc in cards if pc.owner == owner])
            return self._placement_decision(owner, own, taken)
        self._goto(Phase.CARD_RESOLUTION)
        return None

    # -- TL-D4 -------------------------------------------------------------------------------

    def cultist_choice_public(self) -> bool:
        """Whether the face-up cards make a Cultist's choice conceivable (TL-D4, from public facts only).

        True when the tragedy set has the Cultist role, exactly one Forbid Intrigue is on the board
        (two void each other) and an Intrigue card shares its target. The Mastermind is then asked at
        TL-D4 whether or not a Cultist is really there, so the pause reveals no role.

        >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
        >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
        >>> game.cards = [PlacedCard("mastermind", "intrigue_plus_1", "school"),
        ...               PlacedCard("protagonist:0", "forbid_intrigue", "school")]
        >>> game.cultist_choice_public()
        True
        """
        if "cultist" not in self.tragedy_set.roles or len(self.cards) < 2:
            return False
        fi = [pc for pc in self.cards if pc.card == "forbid_intrigue"]
        if len(fi) != 1:
            return False
        target = fi[0].target
        return any(
            pc.card in ("intrigue_plus_1", "intrigue_plus_2") and pc.target == target for pc in self.cards
        )

    def _cultist_options(self) -> tuple[Action, ...]:
        """The Cultist's real uses now (empty when no living Cultist shares the forbidden target's place)."""
        if not self.cultist_choice_public():
            return ()
        target = next(pc.target for pc in self.cards if pc.card == "forbid_intrigue")
        options: list[Action] = []
        chars, roles = self.chars, self.roles
        for c in self.cast:  # (the public conditions first, the role last: fewer reads of hidden roles)
            ch = chars[c]
            if not ch.alive or ch.location is None:
                continue
            if (
                target == ch.location or (target in chars and chars[target].location == ch.location)
            ) and roles[c] == "cultist":
                options.append(UseAbility("cultist.1", c, target))
        return tuple(sorted(set(options), key=ability_order))

    def card_resolution(self) -> Decision | None:
        """TL-D4: reveal all cards; Forbid Movement, movement, the other Forbids, then counters.

        The Cultist's optional choice (ignore Forbid Intrigue at its location) is asked after the
        movement, on the characters' new locations. The Mastermind is asked whenever the face-up cards
        make that choice conceivable (:meth:`cultist_choice_public`), with ``Pass()`` as the only option
        when no Cultist could really use it: whether the Mastermind pauses here depends on public
        information only.
        """
        cards = self.cards
        if self.step == 0:
            self.cards_revealed = True
            if self.record:
                self.emit(EventKind.CARDS_REVEALED, cards=[[pc.owner, pc.card, pc.target] for pc in cards])
            chars = self.chars
            locs: dict[str, str] = {}
            for pc in cards:  # the characters a card lies on (cards elsewhere do not move anyone)
                ch = chars.get(pc.target)
                if ch is not None and ch.alive and ch.location is not None:
                    locs[pc.target] = ch.location
            forb = self._forbidden  # forbidden(c) for every character, read only for those that move
            if self.patient_free:
                forb = {**forb, "patient": frozenset()}
            if self.unforbidden:
                forb = {**forb, **dict.fromkeys(self.unforbidden, frozenset())}
            blocked: dict[str, str] | None = {} if self.record else None
            moves, self.move_cancelled = resolve_movement(
                cards, locs, forb, board=self.layout, deck=self.deck, blocked=blocked
            )
            if moves:
                for c, dest in sorted(moves.items()):
                    chars[c].location = dest
                    self.emit(EventKind.MOVED, character=c, location=dest)
            for c, dest in sorted((blocked or {}).items()):  # TL-D4: the log says why it stays
                self.emit(EventKind.MOVE_IGNORED, character=c, location=dest)
            self.step = 1
            self.cultist_ignore = []
            if self.cultist_choice_public():
                self.step = 2
        if self.step == 2:
            options = self._cultist_options()
            return _decision(
                "mastermind",
                DecisionKind.CULTIST,
                (Pass(), *options),
                "Cultist: ignore Forbid Intrigue?",
                "TL-D4",
            )
        chars = self.chars
        living = {c for c, ch in chars.items() if ch.alive and ch.location is not None}
        roles = self.roles
        time_traveler = "time_traveler" in self.tragedy_set.roles
        ignore_fg = (  # (only where a Forbid Goodwill lies is the Time Traveler's role read)
            [c for c in living if c in fg and roles[c] == "time_traveler"]
            if time_traveler and (fg := {pc.target for pc in cards if pc.card == Card.FORBID_GOODWILL})
            else ()
        )
        illusion = self.chars.get("illusion") if self._wider else None
        counted = cards
        if illusion is not None and "illusion" in living and self.rulings.illusion_all_location_cards:
            counted = [  # ⚠d: every counter card on her location applies to her as well
                *cards,
                *(_placed_card(pc.owner, pc.card, "illusion") for pc in cards
                  if pc.target == illusion.location and pc.card in _CHARACTER_CARDS),
            ]
        plus, minus, goodwill, intrigue, cancelled, void = counters(
            counted, living, self.cultist_ignore, ignore_fg, self.locations
        )
        cancelled = [i for i in cancelled if i < len(cards)]
        if illusion is not None and "illusion" in living and intrigue.get(str(illusion.location)):
            intrigue["illusion"] = intrigue[str(illusion.location)]  # illusion.p1: her location's intrigue
        if plus or minus:
            for c in sorted({*plus, *minus}):
                ch = chars[c]
                before = ch.paranoia
                ch.paranoia = apply_paranoia(before, plus.get(c, 0), minus.get(c, 0))
                if ch.paranoia != before:
                    self.emit(EventKind.PARANOIA, character=c, amount=ch.paranoia - before)
        if goodwill:
            for c, n in sorted(goodwill.items()):
                self.add_token(c, "goodwill", n)
                self.emit(EventKind.GOODWILL, character=c, amount=n)
        if intrigue:
            for target, n in sorted(intrigue.items()):
                self.add_token(target, "intrigue", n)
                self.emit(EventKind.INTRIGUE, target=target, amount=n)
        self.update_virus()
        if self.record:
            self.emit(
                EventKind.CARDS_RESOLVED,
                cancelled=sorted({*self.move_cancelled, *cancelled}),
                forbid_intrigue_void=void,
            )
        once = self.deck.once_per_loop
        spent = self.spent
        for pc in cards:  # TL-D4c: once-per-loop cards are spent even when cancelled
            if pc.card in once[side_of(pc.owner)]:
                spent[pc.owner].append(pc.card)
        self.cards = []
        self._goto(Phase.MASTERMIND_ABILITY)
        return None

    def _answer_cultist(self, decision: Decision, action: Action) -> None:
        if isinstance(action, UseAbility):
            loc = str(self.chars[action.source].location)
            self.cultist_ignore = [loc, *self.at(loc)]
            self.emit(
                EventKind.ABILITY,
                Visibility.MASTERMIND,
                ability="cultist.1",
                source=action.source,
                target=loc,
            )
        self.step = 3

    # -- TL-D5 -------------------------------------------------------------------------------

    def mastermind_ability(self) -> Decision | None:
        """TL-D5: mandatory abilities first (TL-D5b/c), then optional ones in any order (TL-D5d).

        The Mastermind is asked every day until it passes, with ``Pass()`` as the only option when no
        ability is usable: the pause must not reveal a Brain, a Conspiracy Theorist or the Doctor's
        secret use (TL-D5a).
        """
        if self.step == 0:
            self.mm_used = set()
            self.step = 1  # no First Steps / Basic Tragedy X role is mandatory at this timing
        forced = abilities.mastermind_mandatory(self) if self._wider else ()
        if forced:  # TL-D5b: the Sacred Tree's forced move (sacred_tree.p2), before the optional ones
            return _decision(
                "mastermind", DecisionKind.MASTERMIND_ABILITY, forced, "Mastermind abilities", "TL-D5b"
            )
        options = abilities.mastermind_options(self)
        return _pass_or(
            "mastermind", DecisionKind.MASTERMIND_ABILITY, options, "Mastermind abilities", "TL-D5"
        )

    def _answer_mastermind_ability(self, decision: Decision, action: Action) -> None:
        if isinstance(action, Pass):
            # (the step's uses are read by no later step: TL-D5d is once per step per source, and the
            # day end starts its own. Forgotten here, games that differ only in which sources used an
            # ability stand in the same state from now on: the deduction joins their branches)
            self.mm_used = set()
            self._goto(Phase.GOODWILL_ABILITY)
            return
        assert isinstance(action, UseAbility)
        self.mm_used.add(abilities.used_key(self, action.ability, action.source))
        abilities.apply_mastermind(self, action)
        self._end_loop_if_needed()

    # -- TL-D6 -------------------------------------------------------------------------------

    def goodwill_ability(self) -> Decision | None:
        """TL-D6: the leader declares goodwill abilities; the Mastermind allows or refuses (TL-D6c)."""
        if self.declared is None:
            declarable = abilities.goodwill_options(self)
            return _pass_or(
                "leader", DecisionKind.GOODWILL, declarable, "Leader: use a goodwill ability?", "TL-D6"
            )
        if self.borrowed is not None:  # ai.1: the Mastermind's choice for the borrowed effect (TL-D7d)
            opts = incidents.options(self, self.borrowed, "ai") or []
            return _decision("mastermind", DecisionKind.INCIDENT_TARGET, tuple(Choose(o) for o in opts),
                             f"{self.borrowed}: choose", "TL-D7d")
        if self.informer_named is not None:
            choices = tuple(
                Choose(s) for s in sorted(self.script.subplots) if s != self.informer_named
            ) or tuple(Choose(s) for s in sorted(self.script.subplots))
            return _decision("mastermind", DecisionKind.INFORMER, choices, "Reveal a subplot", "TL-D6")
        source = self.declared.source
        ab = self.goodwill_def(self.declared.ability)
        refusal = self.refusal(source)
        options: tuple[Action, ...]
        if ab.unrefusable or refusal == "none":
            options = (Allow(),)
        elif refusal == "mandatory":
            options = (Refuse(),)
        else:
            options = (Allow(), Refuse())
        return _decision(
            "mastermind", DecisionKind.GOODWILL_RESPONSE, options, "Allow or refuse the ability", "TL-D6c"
        )

    def _answer_goodwill(self, decision: Decision, action: Action) -> None:
        if decision.kind is DecisionKind.GOODWILL:
            if isinstance(action, Pass):
                self._goto(Phase.INCIDENT)
                return
            assert isinstance(action, UseAbility)
            self.declared = action
            self.used_today.add(action.ability)
            if self.goodwill_def(action.ability).once_per_loop or action.ability == "sacred_tree.p1":
                self.used_loop.add(action.ability)  # (the Sacred Tree's move: once a day or a loop, ⚠f)
            self.emit(EventKind.GOODWILL_DECLARED, Visibility.PUBLIC, **to_dict(action))
            return
        declared = self.declared
        assert declared is not None
        if decision.kind is DecisionKind.INCIDENT_TARGET:
            assert isinstance(action, Choose) and self.borrowed is not None
            incidents.resolve(self, self.borrowed, "ai", action.option)
            self.declared = self.borrowed = None
            self._end_loop_if_needed()
            return
        if decision.kind is DecisionKind.INFORMER:
            assert isinstance(action, Choose)
            self.reveal_subplot(action.option)
            self.declared = self.informer_named = None
            return
        if isinstance(action, Refuse):
            self.emit(EventKind.GOODWILL_REFUSED, ability=declared.ability)
            self.emit(
                EventKind.REFUSAL,
                Visibility.MASTERMIND,
                ability=declared.ability,
                role=self.roles[declared.source],
            )
            self.declared = None
            return
        self.emit(EventKind.GOODWILL_RESOLVED, ability=declared.ability)
        self.informer_named = abilities.apply_goodwill(self, declared)
        if declared.ability == "ai.1":
            self._borrow(int(declared.target))
        if self.informer_named is None and self.borrowed is None:
            self.declared = None
        self._end_loop_if_needed()
        if self.end_now:
            self.declared = self.informer_named = self.borrowed = None

    def _borrow(self, day: int) -> None:
        """ai.1: resolve the effect of the incident scheduled on ``day`` with the A.I. as its culprit (⚠c:
        not that incident happening, unless the ruling ``ai_borrowed_counts_as_incident``)."""
        sched = self.script.incident_on(day)
        assert sched is not None
        if self.rulings.ai_borrowed_counts_as_incident:
            record: IncidentRecord = {
                "day": day, "incident": sched.incident, "culprit": "ai", "loop": self.loop
            }
            self.happened.append(record)
            self.happened_ever.append(record)
        if not incidents.extra_condition_holds(self, sched.incident):
            self.emit(EventKind.INCIDENT_NO_EFFECT, incident=sched.incident)
            return
        opts = incidents.options(self, sched.incident, "ai")
        if opts is None:
            incidents.resolve(self, sched.incident, "ai", None)
        elif not opts:
            self.emit(EventKind.INCIDENT_NO_EFFECT, incident=sched.incident)
        else:
            self.borrowed = sched.incident

    # -- TL-D7 -------------------------------------------------------------------------------

    def incident(self) -> Decision | None:
        """TL-D7: the day's incident happens if its culprit is alive (TL-D7a) and at its limit (TL-D7b)."""
        if self.step == 0:
            sched = self.script.incident_on(self.day)
            if sched is None:
                self._goto(Phase.LEADER_SWITCH)
                return None
            if not self.incident_occurs(sched.culprit):
                why = self._why_no_incident(sched.culprit) if self.record else {}
                self._announce_incident(EventKind.INCIDENT_NOT_HAPPENED, EventKind.INCIDENT_CHECK, **why)
                self._goto(Phase.LEADER_SWITCH)
                return None
            record: IncidentRecord = {
                "day": self.day,
                "incident": sched.incident,
                "culprit": sched.culprit,
                "loop": self.loop,
            }
            self.happened.append(record)
            self.happened_ever.append(record)
            self._announce_incident(EventKind.INCIDENT_HAPPENED, EventKind.INCIDENT_CULPRIT)
            if sched.culprit == "black_cat" or not incidents.extra_condition_holds(self, sched.incident):
                # black_cat.p2: it happened, with no effect
                self.emit(EventKind.INCIDENT_NO_EFFECT, incident=sched.incident)  # TL-D7e
                self._goto(Phase.LEADER_SWITCH)
                return None
            self.step = 1
        sched = self.script.incident_on(self.day)
        assert sched is not None
        opts = incidents.options(self, sched.incident, sched.culprit)
        if opts is None:
            incidents.resolve(self, sched.incident, sched.culprit, None)
            self._incident_resolved(sched.culprit)
            return None
        if not opts:
            self.emit(EventKind.INCIDENT_NO_EFFECT, incident=sched.incident)
            self._incident_resolved(sched.culprit)
            return None
        return _decision(
            "mastermind",
            DecisionKind.INCIDENT_TARGET,
            tuple(Choose(o) for o in opts),
            f"{sched.incident}: choose",
            "TL-D7d",
        )

    def _incident_resolved(self, culprit: str) -> None:
        """After the effect: once more for the Sect Founder (sect_founder.p1), else on to TL-D8."""
        if culprit == "sect_founder" and self.step == 1 and not self.end_now:
            self.step = 2
            return
        self._after_incident()

    def incident_occurs(self, culprit: str) -> bool:
        """Whether today's incident would happen with this culprit: alive and on the board (TL-D7a), at
        or above its paranoia limit (TL-D7b), its ability not suppressed. Only public counts are read."""
        ch = self.chars[culprit]
        return (
            ch.alive
            and ch.location is not None
            and (ch.paranoia if culprit != "ai" else self.counts_for_incident(culprit))
            >= self.paranoia_limit(culprit)
            and culprit not in self.suppressed
        )

    def _announce_incident(self, public: EventKind, secret: EventKind, **why: Any) -> None:
        """The public event (the incident, never its culprit: TL-D7c) and the Mastermind's (with it and,
        for an incident that does not happen, ``why``: :meth:`_why_no_incident`)."""
        if self.record:
            sched = self.script.incident_on(self.day)
            assert sched is not None
            self.emit(public, incident=sched.incident)
            self.emit(secret, Visibility.MASTERMIND, incident=sched.incident, culprit=sched.culprit, **why)

    def _why_no_incident(self, culprit: str) -> dict[str, Any]:
        """Why the day's incident does not happen (TL-D7a, TL-D7b): ``reason`` ``'dead'``, ``'absent'``,
        ``'suppressed'`` or ``'paranoia'`` (with the culprit's ``paranoia`` and its ``limit``)."""
        ch = self.chars[culprit]
        if not ch.alive:
            return {"reason": "dead"}
        if ch.location is None:
            return {"reason": "absent"}
        if culprit in self.suppressed:
            return {"reason": "suppressed"}
        count = self.counts_for_incident(culprit)  # (every counter for the A.I.: ai.p1)
        return {"reason": "paranoia", "paranoia": count, "limit": self.paranoia_limit(culprit)}

    def _after_incident(self) -> None:
        if not self._end_loop_if_needed():
            self._goto(Phase.LEADER_SWITCH)

    def _answer_incident(self, decision: Decision, action: Action) -> None:
        assert isinstance(action, Choose)
        sched = self.script.incident_on(self.day)
        assert sched is not None
        incidents.resolve(self, sched.incident, sched.culprit, action.option)
        self._incident_resolved(sched.culprit)

    # -- TL-D8 -------------------------------------------------------------------------------

    def leader_switch(self) -> Decision | None:
        """TL-D8: the leader card passes to the next protagonist."""
        self.leader = (self.leader + 1) % 3
        if self.record:
            self.emit(EventKind.LEADER, leader=self.leader)
        self._goto(Phase.DAY_END)
        return None

    # -- TL-D9 -------------------------------------------------------------------------------

    def day_end(self) -> Decision | None:
        """TL-D9: mandatory day-end abilities on one snapshot, then optional ones; next day or loop end.

        Unless the mandatory batch ended the loop, the Mastermind is asked every day until it passes,
        with ``Pass()`` as the only option when no optional ability (Killer, Loved One, optional Time
        Traveler) is usable: the pause must not reveal those roles.
        """
        if self.step == 0:
            self.mm_used = set()
            abilities.day_end_mandatory(self)
            self.step = 1
            if self._end_loop_if_needed():
                return None
        options = abilities.day_end_options(self)
        return _pass_or("mastermind", DecisionKind.DAY_END_ABILITY, options, "Day end abilities", "TL-D9")

    def _finish_day(self) -> None:
        if self._end_loop_if_needed():
            return
        if self.last_day():
            self._goto(Phase.LOOP_END)  # TL-D9b
        else:
            self.day += 1  # TL-D9a
            self._goto(Phase.DAY_START)

    def _answer_day_end(self, decision: Decision, action: Action) -> None:
        if isinstance(action, Pass):
            self._finish_day()
            return
        assert isinstance(action, UseAbility)
        self.mm_used.add((action.ability, action.source))
        abilities.apply_day_end(self, action)
        self._end_loop_if_needed()

    # -- loop end, time spiral, rewind, final guess --------------------------------------------

    def loop_end(self) -> Decision | None:
        """TL-LE1/TL-LE2: check the loss conditions; win, rewind (TL-LE2a) or final guess (TL-LE2b)."""
        reasons = abilities.loop_end_losses(self)
        if self.lost:
            reasons.insert(0, "immediate")
        lost = bool(reasons)
        result = LoopResult(self.loop, self.day, lost, tuple(reasons), self.protagonists_dead)
        self.loop_results.append(result)
        self.public_loops.append(PublicLoopResult(result.loop, result.day, lost, result.protagonists_died))
        self.goodwill_at_loop_end = {c for c in self.cast if self.chars[c].goodwill > 0}
        self.emit(EventKind.LOOP_END, lost=lost)
        self.emit(EventKind.LOOP_END_REASONS, Visibility.MASTERMIND, reasons=reasons)
        self.cards = []
        if not lost:
            self._finish(Outcome("protagonists", "loop survived", self.loop))
        elif self.loop < self.script.loops:
            self._goto(Phase.TIME_SPIRAL)
        elif self.tragedy_set.final_guess:
            self._start_final_guess()
        else:
            self._finish(Outcome("mastermind", "last loop lost", self.loop))
        return None

    def _finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.emit(EventKind.GAME_OVER, winner=outcome.winner, reason=outcome.reason)
        self._goto(Phase.GAME_OVER)

    def time_spiral(self) -> Decision | None:
        """TL-TS1/TL-TS2: between loops; with a final guess the leader may go straight to it."""
        if self.tragedy_set.final_guess:
            options = (Choose("final_guess"), Choose("next_loop"))
            return _decision(
                "leader", DecisionKind.TIME_SPIRAL, options, "Next loop or final guess?", "TL-TS2"
            )
        self.emit(EventKind.TIME_SPIRAL, choice="next_loop")
        self._rewind()
        return None

    def _answer_time_spiral(self, decision: Decision, action: Action) -> None:
        assert isinstance(action, Choose)
        self.emit(EventKind.TIME_SPIRAL, choice=action.option)
        if action.option == "final_guess":
            self._start_final_guess()
        else:
            self._rewind()

    def _rewind(self) -> None:
        """TL-RW: clear the board, everyone back to the start, loop marker on, day marker to 1."""
        self.loop += 1
        self.day = 1
        if not self.rulings.keep_leader_across_loops:
            self.leader = 0
        self._reset_board()
        self.emit(EventKind.REWIND)
        self._goto(Phase.LOOP_START)

    def _start_final_guess(self) -> None:
        """TL-FG2: reset the board (role changes undone), then the guesses of TL-FG3."""
        self._reset_board()
        entry = self.script.godly_being_entry_loop
        if "godly_being" in self.cast and entry is not None and self.loop < entry:
            self.chars["godly_being"].location = None
        self.emit(EventKind.FINAL_GUESS)
        self._goto(Phase.FINAL_GUESS)

    def final_guess(self) -> Decision | None:
        """TL-FG3: the protagonists name the role of each character, one at a time."""
        roles = sorted(self.tragedy_set.roles)
        options = tuple(_guess(c, r) for c in sorted(self.cast) if c not in self.guessed for r in roles)
        return _decision("leader", DecisionKind.GUESS, options, "Name a character's role", "TL-FG3")

    def _answer_final_guess(self, decision: Decision, action: Action) -> None:
        assert isinstance(action, Guess)
        self.guessed[action.character] = action.role
        right = self.script.role_of(action.character) == action.role
        self.emit(EventKind.GUESS, character=action.character, role=action.role, right=right)
        if not right:
            self._finish(Outcome("mastermind", "final guess wrong", self.loop))
        elif len(self.guessed) == len(self.cast):
            self._finish(Outcome("protagonists", "final guess right", self.loop))

    # ------------------------------------------------------------------ errors

    def _why_illegal(self, decision: Decision, action: Action) -> IllegalActionError:
        """The refusal of an action that is not an option of ``decision``, naming the rule it breaks.

        Its ``str()`` is the English of the command line and log files (with ids); its ``localized()``
        says it with readable names in either language (catalog ``looper.refusal.*``).

        >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
        >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
        >>> error = game._why_illegal(game.pending, PlaceCard("no_such_card", "boy_student"))
        >>> str(error)
        'TL-D2: mastermind has no no_such_card in hand'
        >>> game.apply(PlaceCard("intrigue_plus_2", "boy_student"))
        >>> error = game._why_illegal(game.pending, PlaceCard("paranoia_plus_1", "boy_student"))
        >>> str(error)
        'TL-D2a: the Mastermind already has a card on boy_student'
        >>> error.localized("en")
        'TL-D2a: the Mastermind already has a card on Boy Student'
        >>> error.localized("vi").startswith("TL-D2a: Mastermind đã đặt một thẻ lên Nam sinh")
        True
        """
        tried = to_dict(action)
        if decision.kind is DecisionKind.PLACE_CARD and isinstance(action, PlaceCard):
            owner, target, card = decision.who, action.target, action.card
            names = {"owner": Name("owner", owner), "target": Name("target", target)}
            if target in self.chars and not self.chars[target].alive:
                return _refusal("TL-D2", "looper.refusal.corpse",
                                f"{owner} may not place a card on the corpse of {target}", **names)
            if target not in self.card_targets():
                return _refusal("TL-D2", "looper.refusal.not_a_target",
                                f"{owner} may not place a card on {target!r}: "
                                "not a location or a character in play", **names)
            if card not in self.hand(owner):
                if card in self.spent[owner]:
                    return _refusal("TL-D4c", "looper.refusal.spent",
                                    f"{owner} already spent the once-per-loop card {card} this loop",
                                    owner=names["owner"], card=Name("card", card))
                rule = "TL-D2" if owner == "mastermind" else "TL-D3a"
                return _refusal(rule, "looper.refusal.not_in_hand", f"{owner} has no {card} in hand",
                                owner=names["owner"], card=Name("card", card))
            if owner == "mastermind":
                return _refusal("TL-D2a", "looper.refusal.mastermind_target_taken",
                                f"the Mastermind already has a card on {target}", target=names["target"])
            return _refusal("TL-D3c", "looper.refusal.protagonist_target_taken",
                            f"another protagonist already has a card on {target}", target=names["target"])
        if decision.kind is DecisionKind.GOODWILL and isinstance(action, UseAbility):
            return self._why_goodwill_illegal(action)
        return _refusal(decision.rule_id, "looper.refusal.does_not_fit",
                        f"{tried} does not fit the pending {decision.kind} decision of {decision.who}",
                        action=Described(action), who=Name("who", decision.who), prompt=Described(decision))

    def _why_goodwill_illegal(self, action: UseAbility) -> IllegalActionError:
        """The specific rule a goodwill declaration breaks: TL-D6a (goodwill), TL-D6e (uses), TL-D6b
        (target), or TL-D6 (no such ability of a living character on the board).

        >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
        >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
        >>> error = game._why_goodwill_illegal(UseAbility("pop_idol.2", "pop_idol", "office_worker"))
        >>> error.rule_id, error.localized("vi")[:40]
        ('TL-D6a', 'TL-D6a: Thần tượng (4): Thêm 1 Goodwill ')
        """
        src, aid = action.source, action.ability
        ability = Name("ability", aid)
        own = {a.id: a for a in self.content.characters[src].abilities} if src in self.chars else {}
        if aid not in own or src not in self.living():
            return _refusal("TL-D6", "looper.refusal.no_such_ability",
                            f"{src!r} is not a living character on the board with the ability {aid!r}",
                            source=Name("target", src), ability=ability)
        ab = own[aid]
        if self.chars[src].goodwill < ab.cost:
            return _refusal("TL-D6a", "looper.refusal.goodwill_cost",
                            f"{aid} needs {ab.cost} goodwill; {src} has {self.chars[src].goodwill}",
                            ability=ability, cost=ab.cost, source=Name("target", src),
                            goodwill=self.chars[src].goodwill)
        if aid in self.used_today:
            return _refusal("TL-D6e", "looper.refusal.used_today", f"{aid} was already used today",
                            ability=ability)
        if ab.once_per_loop and aid in self.used_loop:
            return _refusal("TL-D6e", "looper.refusal.used_this_loop",
                            f"{aid} is once per loop and was already used this loop", ability=ability)
        return _refusal("TL-D6b", "looper.refusal.bad_target",
                        f"{aid} cannot name target {action.target!r} (extra {action.extra!r}) now",
                        ability=ability, target=Name("choice", str(action.target)))

    _STEPS: Final[dict[Phase, Callable[[Game], Decision | None]]] = {}
    _ANSWERS: Final[dict[Phase, Callable[[Game, Decision, Action], None]]] = {}

    # ---- the shared game contract (rulesengine.contract) ---------------------------------------
    # The same names and shapes as the Grove's GameState; see rulesengine/contract.py and
    # docs/conventions.md. The Looper has no chance node: the script fixes everything.

    def current_player(self) -> Side | int:
        """The side to decide; :data:`~rulesengine.contract.PAUSED` between phases, ``TERMINAL`` at the end.

        >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
        >>> Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")).current_player()
        <Side.MASTERMIND: 'mastermind'>
        """
        p = self._pending
        if p is not None:
            return Side.of(p.who)
        return TERMINAL if self.phase is Phase.GAME_OVER else PAUSED

    def player_ids(self) -> tuple[Side, Side]:
        """The two players, in the order of :meth:`returns`."""
        return (Side.MASTERMIND, Side.PROTAGONISTS)

    def apply_action(self, action: Action) -> Game:
        """Apply ``action`` and return the game (moved on in place; :meth:`clone` first to branch)."""
        self.apply(action)
        return self

    def is_chance_node(self) -> bool:
        """Always false: Tragedy Looper has no chance (the script is fixed before play)."""
        return False

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Always empty: Tragedy Looper has no chance node."""
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Tragedy Looper has no chance node: always raises :class:`~rulesengine.errors.InputError`."""
        raise InputError("chance", "Tragedy Looper has no chance node: the script fixes everything")

    def is_terminal(self) -> bool:
        """Whether the game has ended (the same as :attr:`is_over`)."""
        return self.phase is Phase.GAME_OVER

    def returns(self) -> tuple[int, int]:
        """+1 for the winner and -1 for the loser, as (Mastermind, protagonists) (TL-LE2, TL-FG3)."""
        if self.outcome is None:
            raise IllegalActionError("TL-LE2", "the game is not over yet")
        return (1, -1) if self.outcome.winner == Side.MASTERMIND else (-1, 1)

    def observation(self, player: str) -> observe.ProtagonistsObservation | observe.MastermindObservation:
        """What ``player`` (a :class:`~rulesengine.looper.rules.state.Side`) may see now (:mod:`.observe`)."""
        return observe.observation(self, player)


_PASS_ONLY: dict[tuple[str, DecisionKind, str, str], Decision] = {}


def _pass_or(
    who: str, kind: DecisionKind, options: tuple[Action, ...], prompt: str, rule_id: str
) -> Decision:
    """A decision whose options are ``Pass()`` and then ``options`` (one shared value when only Pass)."""
    if options:
        return _decision(who, kind, (_PASS, *options), prompt, rule_id)
    key = (who, kind, prompt, rule_id)
    decision = _PASS_ONLY.get(key)
    if decision is None:
        decision = _PASS_ONLY[key] = _decision(who, kind, (_PASS,), prompt, rule_id)
    return decision


def _refusal(rule_id: str, message_id: str, english: str, **fields: Any) -> IllegalActionError:
    """A refusal whose ``str()`` is ``english`` (ids, the log files' form) and whose ``localized()`` is the
    catalog message ``message_id`` with ``fields`` (readable names, either language)."""
    return IllegalActionError(rule_id, english, message_id=message_id, fields=fields)


_PASS: Final = Pass()
#: The counter events by counter name (the Scientist's loop-start counter).
_KINDS_BY_NAME: Final = {
    "goodwill": EventKind.GOODWILL, "intrigue": EventKind.INTRIGUE, "paranoia": EventKind.PARANOIA
}
#: The counter cards that act on characters only, which ⚠d's other reading applies to the Illusion too.
_CHARACTER_CARDS: Final = frozenset(
    str(c)
    for c in (Card.PARANOIA_PLUS_1, Card.PARANOIA_MINUS_1, Card.GOODWILL_PLUS_1, Card.GOODWILL_PLUS_2,
              Card.FORBID_PARANOIA, Card.FORBID_GOODWILL)
)
_PUBLIC: Final = Visibility.PUBLIC
_MASTERMIND: Final = Visibility.MASTERMIND
_CARD_PLACED: Final = EventKind.CARD_PLACED
_CARD_PLACED_KIND: Final = EventKind.CARD_PLACED_KIND
_tuple_new: Final = tuple.__new__
_GAME_OVER: Final = Phase.GAME_OVER
_MM_PROMPTS: Final = tuple(f"Mastermind: place card {n} of 3" for n in (1, 2, 3))
#: The English prompt of a protagonist's placement, with the seat letter of the notebooks (no internal id);
#: a widget says it in its language with rulesengine.looper.rules.text.decision_prompt.
_P_PROMPTS: Final = {owner: f"Protagonist {'ABC'[i]}: place 1 card" for i, owner in enumerate(PROTAGONISTS)}
#: The protagonist who places after each one (TL-D3: clockwise).
_NEXT_PROTAGONIST: Final = {p: PROTAGONISTS[(i + 1) % 3] for i, p in enumerate(PROTAGONISTS)}

#: The fixed context of a game (script, content, rulings and tables built from them), shared by clones.
_CONTEXT_SLOTS: Final = tuple(
    name for cls in Game.__mro__ for name in getattr(cls, "__slots__", ()) if name not in STATE_FIELDS
)

#: Copy a game's context and state record into another game (:meth:`Game.clone`).
_COPY_GAME: Final = compile_copy(_CONTEXT_SLOTS)

#: Each new game's start (its first decision), by (script, content, rulings, record, pause) ids: a new
#: ``Game`` copies it instead of setting the board up again (a speed-up only; the script, the content
#: and the rulings are immutable).
_STARTS: dict[tuple[object, ...], Game] = {}

Game._STEPS.update(
    {
        Phase.LOOP_START: Game.loop_start,
        Phase.DAY_START: Game.day_start,
        Phase.MASTERMIND_CARDS: Game.mastermind_cards,
        Phase.PROTAGONIST_CARDS: Game.protagonist_cards,
        Phase.CARD_RESOLUTION: Game.card_resolution,
        Phase.MASTERMIND_ABILITY: Game.mastermind_ability,
        Phase.GOODWILL_ABILITY: Game.goodwill_ability,
        Phase.INCIDENT: Game.incident,
        Phase.LEADER_SWITCH: Game.leader_switch,
        Phase.DAY_END: Game.day_end,
        Phase.LOOP_END: Game.loop_end,
        Phase.TIME_SPIRAL: Game.time_spiral,
        Phase.FINAL_GUESS: Game.final_guess,
    }
)
Game._ANSWERS.update(
    {
        Phase.LOOP_START: Game._answer_loop_start,
        Phase.MASTERMIND_CARDS: Game._answer_cards,
        Phase.PROTAGONIST_CARDS: Game._answer_cards,
        Phase.CARD_RESOLUTION: Game._answer_cultist,
        Phase.MASTERMIND_ABILITY: Game._answer_mastermind_ability,
        Phase.GOODWILL_ABILITY: Game._answer_goodwill,
        Phase.INCIDENT: Game._answer_incident,
        Phase.DAY_END: Game._answer_day_end,
        Phase.TIME_SPIRAL: Game._answer_time_spiral,
        Phase.FINAL_GUESS: Game._answer_final_guess,
    }
)


def play(game: Game, agents: Mapping[str, Callable[[Any, Sequence[Action]], Action]]) -> Outcome:
    """Play ``game`` to the end with ``agents["mastermind"]`` and ``agents["protagonists"]``.

    The loop is :func:`rulesengine.contract.drive`; each agent sees only its side's observation.
    """
    drive(game, agents)
    assert game.outcome is not None
    return game.outcome
