"""The kernel's two seams: where the engine reads the hidden facts, and where its events go.

A client of the kernel (the deduction, a search agent, a researcher's tool) changes what the engine
plays *through these seams*, never by subclassing :class:`~rulesengine.looper.rules.engine.Game`:

* a **provider of hidden facts** (:class:`HiddenFacts`): the private sheet as the engine reads it — the
  roles, the main plot and subplots, the culprits and the script's parameters (Godly Being's entry loop,
  the Boss's turf, the Henchman's start, the Transfer Student's entry day). The default,
  :class:`ScriptFacts`, is the script's own sheet; the deduction's provider chooses each fact lazily,
  when the engine first reads it, and so explores every sheet a public record allows without listing them.
* an **event sink** (:data:`EventSink`): called with every event as the engine logs it. The default is no
  sink (the log alone); the deduction's sink compares each public event with a record and stops a
  branch at the first one that differs.

Both are fixed for a game and shared by its clones (they are part of its context, like the script).

>>> from rulesengine.looper.rules.engine import Game
>>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
>>> script = load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")
>>> seen = []
>>> game = Game(script, sink=seen.append)
>>> before = len(seen)
>>> game.apply(game.legal_actions()[0])  # the Mastermind's first card (TL-D2)
>>> [(e.kind.value, e.visibility.value) for e in seen[before:]], seen == game.log
([('card_placed', 'public'), ('card_placed_kind', 'mastermind')], True)
>>> ScriptFacts(script).plots == {script.main_plot, *script.subplots}
True
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from rulesengine.looper.rules.content import Content
from rulesengine.looper.rules.script import Script

if TYPE_CHECKING:
    from rulesengine.looper.rules.state import Event, Table

__all__ = ["EventSink", "HiddenFacts", "ScriptFacts"]

#: Called with each event as the engine logs it (``record=True`` only), public or not. A sink may raise
#: to abandon the step (the deduction does, at the first public event that leaves its record); the game
#: is then in an unspecified state and only its earlier clones are to be used.
EventSink = Callable[["Event"], None]


@runtime_checkable
class HiddenFacts(Protocol):
    """The private sheet as the engine reads it.

    ``script`` is the script the engine plays: its public fields (cast, days, loops, incident days,
    special rules) are the script file's, its private fields (``roles``, ``main_plot``, ``subplots``, the
    incidents' culprits, ``godly_being_entry_loop``, ``boss_turf``, ``henchman_start``,
    ``transfer_student_entry_day``) the provider's.
    ``roles`` and ``plots`` are the sheet's roles by character and its plots (main plot and subplots) as
    the engine asks them (``roles[c]``, ``plot in plots``). :meth:`role_trait` answers a field of a role's
    definition (``refusal``, ``immortal``…) for a role value the provider handed out — a provider whose
    roles are chosen lazily answers the question without choosing the role (two roles with the same
    refusal need not be told apart).
    """

    @property
    def script(self) -> Script: ...

    @property
    def roles(self) -> Mapping[str, str]: ...

    @property
    def plots(self) -> Container[str]: ...

    def role_trait(self, content: Content, role: str, trait: str) -> object: ...

    def holders(self, roles: Mapping[str, str], role: str, cids: Sequence[str]) -> list[str]:
        """The characters among ``cids`` (in their order) whose role in ``roles`` (the game's current
        roles, from this provider's) is ``role``. A provider whose roles are chosen lazily asks it as one
        question ("which of these hold the role?") instead of one per character."""
        ...

    def worth_asking(self, game: Table, ability: str, sources: Sequence[str]) -> Sequence[str]:
        """The sources, among ``sources`` (in their order), for which the engine should read the hidden
        fact that decides whether the optional Mastermind ability ``ability`` is offered now (TL-D5): a
        source's role, or for a plot's rule (the one source ``""``) whether the script has that plot. The
        default is all of them: every option is offered. A provider that follows a record (the deduction)
        leaves out the sources whose use of ``ability`` could not make the record's next public event: the
        option could only leave the record, so the fact is not read for it."""
        ...


class ScriptFacts:
    """The default provider: the script's own private sheet, read once per script (the tables are shared).

    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> facts = ScriptFacts(load_script(SCRIPTS_DIR / "btx_01_first_contract.yaml"))
    >>> facts.roles["journalist"]
    'conspiracy_theorist'
    """

    __slots__ = ("plots", "roles", "script")

    def __init__(self, script: Script) -> None:
        self.script = script
        self.plots: frozenset[str] = frozenset({script.main_plot, *script.subplots})
        self.roles: Mapping[str, str] = {c: script.role_of(c) for c in script.cast}

    def role_trait(self, content: Content, role: str, trait: str) -> object:
        """``getattr(content.roles[role], trait)``."""
        return getattr(content.roles[role], trait)

    def holders(self, roles: Mapping[str, str], role: str, cids: Sequence[str]) -> list[str]:
        """Read one by one."""
        return [c for c in cids if roles[c] == role]

    def worth_asking(self, game: Table, ability: str, sources: Sequence[str]) -> Sequence[str]:
        """All of them: the script's own game offers every option."""
        return sources
