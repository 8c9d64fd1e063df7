"""The hidden facts of the tree search, bound lazily, and the table of sheets that answers them.

Instead of one replay per sheet, one replay serves every sheet that agrees on the hidden facts the engine
has read so far: the game is started with *unknown* hidden facts (a role is a ``_Hidden`` string, the
plots a ``_HiddenPlots`` set), and each time the engine asks something of one ("is this character the
Friend?", "is Paranoia Virus a plot?", "which role exactly?") the answer is looked up in the current
node's sheets. When they all agree, the engine goes on; when they disagree the step is abandoned
(``_Fork``), the sheets are split by their answer, and the step is run again from the saved state for each
part. A node of the tree is a set of sheets and the answers they share; a leaf says how far a node
followed the record (the tree itself: :mod:`~rulesengine.looper.deduction.search`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, overload

import numpy as np

from rulesengine.looper.deduction.sheets import PARAM_FIELDS, Sheet, SheetCodes, _first_appearance, params_of
from rulesengine.looper.rules.content import Content
from rulesengine.looper.rules.script import ScheduledIncident, Script


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
        if kind == "holders":  # (which of these characters hold the role: the tuple of their keys)
            keys = key[2]
            assert isinstance(keys, tuple)
            codes = np.zeros(len(self.row_of), dtype=np.int64)
            for i, k in enumerate(keys):
                codes |= self.column(("eq", k, key[1]))[0].astype(np.int64) << i
            decode = [tuple(k for i, k in enumerate(keys) if v >> i & 1) for v in range(1 << len(keys))]
            return codes, decode
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
    param, params = _codes([params_of(s) for s in sheets])
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

    def answer(self, key: tuple[object, ...]) -> Any:
        """The node's sheets' common answer to ``key``, or a :class:`_Fork` when they disagree."""
        column, decode = self.table.column(key)
        codes = column[self.idx]
        first = codes[0]
        if len(codes) > 1 and bool((codes != first).any()):
            raise _Fork(key)
        return decode[int(first)]

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


def _common_facts(nodes: Sequence[Any]) -> dict[object, object]:
    """The answers every one of ``nodes`` has, with the same value: true of the union of their sheets."""
    first, *rest = nodes
    return {k: v for k, v in first.facts.items() if all(n.facts.get(k, _NONE) == v for n in rest)}


_NONE = object()

#: The node whose sheets answer the engine's questions now (set around every engine call): a
#: :class:`_Node` of the enumerated table, or a node of boxes (:mod:`~rulesengine.looper.deduction.counted`).
_CURRENT: list[Any] = [None]


def _ask(key: tuple[object, ...]) -> Any:
    """The current node's common answer to a question about the hidden facts, or a :class:`_Fork`."""
    node = _CURRENT[0]
    if node is None:
        raise RuntimeError("a hidden fact of the deduction was read outside the deduction")
    facts = node.facts
    if key in facts:
        return facts[key]
    v = node.answer(key)
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


#: The first public event of a Mastermind ability's use (abilities.apply_mastermind): one token of this
#: kind on its target (the Doctor's "-": one less, or none at zero). Read by the look-aheads of
#: :meth:`_NodeFacts.worth_asking` and of the tree's matcher (``search._Matcher._abilities``).
ABILITY_EFFECTS: Final = {
    "brain.1": "intrigue",
    "an_unsettling_rumor.1": "intrigue",
    "conspiracy_theorist.1": "paranoia",
    "factor.1": "paranoia",
    "doctor.1": "paranoia",
}


class _NodeFacts:
    """The kernel's provider of hidden facts (:class:`~rulesengine.looper.rules.seams.HiddenFacts`) for a
    branch of the tree: the script with the branch's parameters and culprits, and roles, main plot and
    subplots that answer through the current node (:func:`_ask`) when the engine first reads them."""

    __slots__ = ("events", "plots", "roles", "script")

    def __init__(self, script: Script, events: Sequence[Mapping[str, Any]] | None = None) -> None:
        self.script = script
        self.roles: Mapping[str, str] = script.roles
        self.plots: Any = _HIDDEN_PLOTS
        self.events = events

    def worth_asking(self, game: Any, ability: str, sources: Sequence[str]) -> Sequence[str]:
        """``sources`` less those whose use of ``ability`` cannot make the record's next public event: the
        Brain's (brain.1) is one Intrigue on its location or a character there, the Conspiracy
        Theorist's and the Factor's (conspiracy_theorist.1, factor.1) one Paranoia on a character there,
        An Unsettling Rumor's (an_unsettling_rumor.1) one Intrigue on a location, the Doctor's Mastermind
        use (doctor.1) one Paranoia more or less on a character with the Doctor; each the first public
        event of its use (TL-D5a: the use itself is the Mastermind's). The public events so far are the
        record's (the branch matched them), so the next one is the record's at their count. Only options
        that could leave the record at once are not offered, and the role (or the plot) is not read for
        them (the sheets are not split by it). The next event is read once for all the sources."""
        events = self.events
        if events is None:
            return sources
        i = len(game.public_events())
        if i >= len(events):
            return ()  # (the record ends here: an ability's effect would be past it)
        e = events[i]
        effect = ABILITY_EFFECTS.get(ability)
        if effect is None:
            return sources
        if e.get("kind") != effect:
            return ()
        target = e.get("character", e.get("target"))
        if ability == "an_unsettling_rumor.1":
            return sources if target in game.locations else ()
        # (a living character where the source is: ``target in game.here(source)``, without listing them)
        ch = game.chars.get(target)
        alive = ch is not None and ch.alive
        if ability == "doctor.1":  # (one of the others with the Doctor)
            return sources if alive and target != "doctor" and game.same_place("doctor", target) else ()
        if ability == "brain.1":  # (its location, or a character there)
            return [s for s in sources if target in game.places(s) or (alive and game.same_place(s, target))]
        return [s for s in sources if game.same_place(s, target)] if alive else ()

    def holders(self, roles: Mapping[str, str], role: str, cids: Sequence[str]) -> list[str]:
        """The characters among ``cids`` whose role is ``role``, the ones the node does not know yet
        asked as one question, ``("holders", role, (("role", c), ...))`` — which of them hold it? —
        rather than a chain of "is this one it?", each of which would split the sheets and run the step
        again. The answer (the keys of those who hold it) is kept as each one's "is it ``role``?" too."""
        node = _CURRENT[0]
        if node is None:
            return [c for c in cids if roles[c] == role]
        facts = node.facts
        open_: list[tuple[str, tuple[object, ...]]] = []
        for c in cids:
            r = roles[c]
            if type(r) is _Hidden and r.key not in facts and ("eq", r.key, role) not in facts:
                open_.append((c, r.key))
        if len(open_) > 1:
            held = _ask(("holders", role, tuple(key for _, key in open_)))
            facts = node.facts  # (a fork leaves through _ask; the node is the same when it answers)
            for _, key in open_:
                facts[("eq", key, role)] = key in held
        return [c for c in cids if roles[c] == role]

    def role_trait(self, content: Content, role: str, trait: str) -> object:
        """A role's trait asked of the node as one question ("which refusal has this character's role?"),
        not as "which role?": the sheets split by the answer only (the same table lookup)."""
        if type(role) is not _Hidden:
            return getattr(content.roles[role], trait)
        return _ask(("trait", trait, role.key))


class _HiddenInt(int):
    """A hidden whole-number fact (Godly Being's entry loop, the Transfer Student's entry day) that
    answers only through :func:`_ask`, by its question ``key``: a comparison with a number asks only
    that comparison (``("cmp", key, op, n)``: "does the Godly Being enter after loop 1?" splits the
    sheets in two, not by every loop), anything else asks for the value.

    (An ``int`` subclass, so that a comparison with a plain number on the left — ``loop < entry`` —
    comes here first, by Python's rule for a subclass's reflected operator.)"""

    key: tuple[object, ...]

    def __new__(cls, key: tuple[object, ...]) -> _HiddenInt:
        obj = int.__new__(cls, 0)
        obj.key = key
        return obj

    def value(self) -> int:
        return int(_ask(self.key))

    def _cmp(self, op: str, other: object) -> bool:
        if isinstance(other, _HiddenInt) or not isinstance(other, int):
            return bool(getattr(int, op)(self.value(), other))
        node = _CURRENT[0]
        if node is not None:
            known = node.facts.get(self.key)
            if known is not None:
                return bool(getattr(int, op)(known, other))
        return bool(_ask(("cmp", self.key, op, int(other))))

    def __eq__(self, other: object) -> bool:
        return self._cmp("__eq__", other)

    def __ne__(self, other: object) -> bool:
        return not self._cmp("__eq__", other)

    def __lt__(self, other: object) -> bool:
        return self._cmp("__lt__", other)

    def __le__(self, other: object) -> bool:
        return self._cmp("__le__", other)

    def __gt__(self, other: object) -> bool:
        return self._cmp("__gt__", other)

    def __ge__(self, other: object) -> bool:
        return self._cmp("__ge__", other)

    def __hash__(self) -> int:
        return hash(self.value())

    def __repr__(self) -> str:  # never asks (state fingerprints: unknown stays unknown)
        node = _CURRENT[0]
        if node is not None and self.key in node.facts:
            return repr(node.facts[self.key])
        return f"<hidden {self.key!r}>"

    def __reduce__(self) -> Any:
        raise TypeError("a hidden fact cannot be pickled")


def _delegate_int(name: str) -> Callable[..., Any]:
    def method(self: _HiddenInt, *args: Any, **kwargs: Any) -> Any:
        args = tuple(a.value() if isinstance(a, _HiddenInt) else a for a in args)
        return getattr(self.value(), name)(*args, **kwargs)

    method.__name__ = name
    return method


for _name in dir(int):
    if _name not in _HiddenInt.__dict__ and _name not in (
        "__new__", "__init__", "__getattribute__", "__setattr__", "__delattr__", "__class__",
        "__init_subclass__", "__subclasshook__", "__reduce_ex__", "__getnewargs__", "__dir__",
        "__sizeof__", "__doc__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    ):
        setattr(_HiddenInt, _name, _delegate_int(_name))

#: In a parameter choice given to :func:`_hidden_script`: this parameter is hidden too, asked of the
#: node as ``("param", field)`` (or a comparison with it) when the engine reads it.
HIDE = object()


def _hidden_param(field: str) -> Any:
    key = ("param", field)
    if field in ("boss_turf", "henchman_start"):  # (locations: strings)
        return _Hidden(key)
    return _HiddenInt(key)


def _hidden_script(frame: Script, params: tuple[Any, ...], culprits: Mapping[int, str]) -> Script:
    """The frame with the given character parameters and culprits, every other private fact hidden
    (and each parameter given as :data:`HIDE`)."""
    roles = {c: _Hidden(("role", c)) for c in frame.cast}
    values = {f: _hidden_param(f) if v is HIDE else v for f, v in zip(PARAM_FIELDS, params, strict=True)}
    return replace(
        frame,
        main_plot=_Hidden(("main",)),
        subplots=_HiddenSubplots(),
        roles=roles,
        incidents=tuple(ScheduledIncident(i.day, i.incident, culprits[i.day]) for i in frame.incidents),
        **values,
    )


def _param_key(script: Script) -> tuple[str, ...]:
    """The script's parameters as a branch's key (a hidden one as unknown: never asked)."""
    saved, _CURRENT[0] = _CURRENT[0], None
    try:
        return tuple(repr(getattr(script, f)) for f in PARAM_FIELDS)
    finally:
        _CURRENT[0] = saved
