"""Notebook 04: play a whole shipped script against the agents, with the board, the log and notes.

:class:`PlayWidget` is the day stepper of notebook 02 with the learner on one side for the whole game:
as the Protagonists against the Mastermind agent, or as the Mastermind against the Protagonist agents.
**Play on** runs the game up to the learner's next decision; **Agents play to the end** lets both
agents finish the game (with a progress bar); **Back** takes the learner's last move back (one press of
Play, Play on, Next step or Agents play to the end), and the end of the game reveals the script. The
script list shows titles; the notes panel gathers what the Protagonists have learned
from what was announced: incidents that happened or not, deaths, refusals (a clue to a role), revealed
roles, culprits and subplots, and how each loop ended. The path box loads a script file: a project
script (YAML, e.g. written by ``looper import``) or a community script file (JSON), whose First Steps and
Basic Tragedy X scripts are converted (:func:`script_files`).

The **Mastermind** menu chooses who plays the Mastermind's seat in the next new game: the heuristic
agent, or the searching Mastermind at level 1, 2 or 3
(:class:`~rulesengine.looper.play.search.SearchingMastermind`; "The Mastermind is thinking…" shows
while it plays on). **Why did the Mastermind do that?** answers once the game is over — before, its
reasons would give its secrets away — with each decision the searching Mastermind searched: its choice,
how often the Protagonists lost the loop in its tries, and the next options it weighed (:func:`why`).

>>> play = PlayWidget(draw=False)
>>> play.play_on()
>>> play.game.pending.rule_id, len(play.game.legal_actions())
('TL-D3', 80)
"""

from __future__ import annotations

import html
import tempfile
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.errors import InputError
from rulesengine.looper.play.plans import Agent, heuristic_agents
from rulesengine.looper.play.search import SearchingMastermind
from rulesengine.looper.play.tournament import make_agent
from rulesengine.looper.rules.script import dump_script, load_script, shipped_scripts
from rulesengine.looper.rules.state import Side
from rulesengine.looper.rules.text import describe_action
from rulesengine.looper.rules.text import notes as text_notes
from rulesengine.messages import message
from rulesengine.viz.common import button, classed
from rulesengine.viz.looper.day import DayStepper
from rulesengine.viz.looper.text import ability_text

SIDES = ("protagonists", "mastermind")
#: Who may play the Mastermind's seat (the menu's values): the heuristic agent, the searching levels.
OPPONENTS = ("heuristic", "search1", "search2", "search3")


def opponent_agents(opponent: str, seed: int) -> dict[str, Agent] | None:
    """The agents of a new game with ``opponent`` in the Mastermind's seat (``None``: the heuristic
    agents, the stepper's default), the heuristic Protagonists beside it, seeded as the default is.

    >>> opponent_agents("heuristic", 1) is None, type(opponent_agents("search2", 1)["mastermind"]).__name__
    (True, 'SearchingMastermind')
    """
    if opponent not in OPPONENTS:
        raise InputError("opponent", f"expected one of {OPPONENTS}, got {opponent!r}")
    if opponent == "heuristic":
        return None
    return {
        Side.MASTERMIND: make_agent(opponent, "mastermind", seed),
        Side.PROTAGONISTS: make_agent("heuristic", "protagonists", seed + 1),
    }


def why(agent: object, lang: str | None = None) -> list[str]:
    """What the Mastermind ``agent`` weighed at each decision it searched, one line each (in ``lang``),
    or one line saying it does not search.

    >>> from rulesengine.looper.rules.actions import Pass, UseAbility
    >>> mm = SearchingMastermind(0, level=1)
    >>> mm.trace = [(1, 2, ((UseAbility("brain.1", "doctor", "hospital"), 12, 9), (Pass(), 12, 4)))]
    >>> why(mm)[0].split(" — ")[1]
    'the Protagonists lost 9 of 12 tries; also weighed: Pass (nothing more) (4 of 12)'
    """
    if not isinstance(agent, SearchingMastermind):
        return [message("looper.note.why_none", lang)]
    out = []
    for loop, day, top in agent.trace:
        (choice, tries, wins), rest = top[0], top[1:]
        others = "; ".join(
            message("looper.note.why_other", lang, action=describe_action(a, lang), wins=w, tries=t)
            for a, t, w in rest
        )
        out.append(
            message("looper.note.why_line", lang, loop=loop, day=day, choice=describe_action(choice, lang),
                    wins=wins, tries=tries, others=others or "—")
        )
    return out


def script_ids() -> list[str]:
    """The ids of the shipped scripts, in file order."""
    return [path.stem for path in shipped_scripts()]


def script_titles() -> list[tuple[str, str]]:
    """``(title, id)`` of each shipped script, in file order: the script list shows titles, not file ids.

    >>> ("The Last Bell", "fs_01_tutorial") in script_titles()
    True
    """
    return [(load_script(path).title, path.stem) for path in shipped_scripts()]


def script_files(path: str | Path) -> list[tuple[str, str]]:
    """The (title, script id) pairs a file adds to the script list; the id is the file's path without
    ``.yaml``, which the stepper loads as ``SCRIPTS_DIR / f"{id}.yaml"`` (an absolute path wins).

    A ``.json``/``.jsonc`` file is a community script file: its valid First Steps and Basic Tragedy X
    scripts are converted (as ``looper import`` does) into a temporary folder. Any other file is a
    project script, validated on loading.

    Raises
    ------
    InputError
        The file cannot be read, is malformed, or (community) holds no valid script to play.

    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR
    >>> script_files(SCRIPTS_DIR / "fs_01_tutorial.yaml")[0][0]
    'The Last Bell'
    """
    path = Path(path).expanduser().resolve()
    if path.suffix.lower() not in (".json", ".jsonc"):
        script = load_script(path)
        return [(script.title, str(path.with_suffix("")))]
    from rulesengine.looper.play.community import import_scripts, read_community

    results = import_scripts(read_community(path), path.name)
    valid = [r.script for r in results if r.status == "valid" and r.script is not None]
    if not valid:
        raise InputError(
            path.name, "no valid First Steps or Basic Tragedy X script to play (see looper import)"
        )
    from rulesengine.outputs import write_files

    folder = Path(tempfile.mkdtemp(prefix="rulesengine-import-"))
    write_files(folder, {f"{s.id}.yaml": dump_script(s) for s in valid}, option=path.name)
    return [(s.title, str(folder / s.id)) for s in valid]


def notes(view: Mapping[str, Any], lang: str | None = None) -> list[str]:
    """What the Protagonists have learned, from their own view of the game (public information only),
    in ``lang`` (default: the current language); :func:`rulesengine.looper.rules.text.notes`.

    >>> from rulesengine.looper.rules.engine import Game
    >>> from rulesengine.looper.rules.script import SCRIPTS_DIR, load_script
    >>> notes(Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml")).view("protagonists"))[0]
    'Script: The Last Bell — 3 loops of 3 days; incidents: day 2 Increasing Unease, day 3 Murder.'
    """
    return text_notes(view, lang)


class PlayWidget(DayStepper):
    """A whole game with the learner on one side; the other side and chance are the engine's agents."""

    def __init__(
        self,
        script_id: str = "fs_01_tutorial",
        side: str = "protagonists",
        *,
        seed: int = 2026,
        agents: Mapping[str, Agent] | None = None,
        draw: bool = True,
    ) -> None:
        if side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, got {side!r}")
        super().__init__(script_id, agents=agents, learner=(side,), view=side, seed=seed, draw=draw)
        self.script_choice = classed(
            widgets.Dropdown(options=script_titles(), value=script_id, layout=widgets.Layout(width="360px")),
            "rulesengine-looper-script",
            "script",
        )
        self.side_choice = classed(
            widgets.ToggleButtons(
                options=[(i18n.t("protagonists"), "protagonists"), (i18n.t("mastermind"), "mastermind")],
                value=side,
                style={"button_width": "150px"},
            ),
            "rulesengine-looper-side",
        )
        self.opponent = classed(
            widgets.Dropdown(
                options=_opponent_options(),
                value="heuristic",
                layout=widgets.Layout(width="470px"),
                style={"description_width": "initial"},
            ),
            "rulesengine-looper-opponent",
            "opponent",
        )
        _follow_language(self.opponent)
        self.why_button = button("rulesengine-looper-why", "why_mastermind", "300px")
        self.why_panel = classed(  # (shown once it has an answer: at the end of a game)
            widgets.HTML(
                layout=widgets.Layout(
                    width="100%", height="180px", overflow="auto", border="1px solid #ddd", display="none"
                )
            ),
            "rulesengine-looper-why-panel",
        )
        self.why_button.on_click(lambda _b: self.show_why())
        me = weakref.ref(self)

        def rewrite_why(_language: str) -> None:  # (the panel follows the language switch)
            play = me()
            if play is not None and play.why_panel.layout.display is None and play.game.is_over:
                play.show_why()

        i18n.on_change(rewrite_why, owner=self)
        self.new_button = button("rulesengine-looper-new-game", "new_game", "140px", style="info")
        self.play_on_button = button("rulesengine-looper-play-on", "play_on", "240px", style="primary")
        self.auto_button = button("rulesengine-looper-auto", "agents_to_the_end", "240px")
        self.progress = classed(
            widgets.IntProgress(min=0, max=1, value=0, layout=widgets.Layout(width="300px")),
            "rulesengine-looper-progress",
        )
        self.notes_panel = classed(
            widgets.HTML(
                layout=widgets.Layout(width="100%", height="200px", overflow="auto", border="1px solid #ddd")
            ),
            "rulesengine-looper-notes",
        )
        self.path_box = classed(
            widgets.Text(
                placeholder="my_scripts/fs_x.yaml, scripts.jsonc", layout=widgets.Layout(width="360px")
            ),
            "rulesengine-looper-path",
        )
        self.load_button = button("rulesengine-looper-load", "load_script_file", "240px")
        self.load_button.on_click(lambda _b: self.load_file(self.path_box.value))
        self.new_button.on_click(lambda _b: self.new_game(self.script_choice.value, self.side_choice.value))
        self.play_on_button.on_click(lambda _b: self.play_on())
        self.auto_button.on_click(lambda _b: self.play_to_end())
        self.widget.children = (
            widgets.HBox([self.switch.widget, self.view.widget]),
            widgets.HBox([self.script_choice, self.side_choice, self.new_button]),
            widgets.HBox([self.path_box, self.load_button]),
            widgets.HBox([self.opponent, self.why_button]),
            widgets.HBox(
                [self.play_on_button, self.next_button, self.back_button, self.auto_button, self.progress]
            ),
            self.steps,
            self.rule,
            self.panel,
            self.message.widget,
            self.figure.widget,
            widgets.HTML(f"<b>{html.escape(i18n.t('notes'))}</b>"),
            self.notes_panel,
            self.why_panel,
            self.secrets,
            self.log,
        )
        self.widget.add_class("rulesengine-looper-game")
        self.refresh()

    @property
    def side(self) -> Side:
        """The learner's side."""
        return Side.MASTERMIND if self.mm_learner.value else Side.PROTAGONISTS

    def new_game(self, script_id: str, side: str) -> None:
        """Start ``script_id`` again with the learner as ``side``."""
        self.script_id = script_id
        self._agents_given = opponent_agents(self.opponent.value, self.seed)
        self.why_panel.value = ""
        self.why_panel.layout.display = "none"
        self.mm_learner.value = side == "mastermind"
        self.prot_learner.value = side == "protagonists"
        self.view.widget.value = side
        self.reset()

    def load_file(self, path: str) -> list[str]:
        """Add the scripts of a file (:func:`script_files`) to the list and select the first; returns
        their ids (none, with the reason in the message box, when the file cannot be used)."""
        try:
            added = script_files(path.strip())
        except InputError as exc:
            self.message.error(str(exc))
            return []
        known = [o if isinstance(o, tuple) else (o, o) for o in self.script_choice.options]
        values = {value for _, value in known}
        self.script_choice.options = known + [(title, value) for title, value in added if value not in values]
        self.script_choice.value = added[0][1]
        return [value for _, value in added]

    def play_on(self) -> None:
        """Run the game (agents for the other side) up to the learner's next decision or the end."""
        before = self._count()
        thinking = isinstance(self.agents.get(Side.MASTERMIND), SearchingMastermind) and not self.game.is_over
        if thinking:
            self.message.info(i18n.t("mastermind_thinking"))
        with self.undoable():
            for _ in range(200):
                if self.game.is_over or self.waiting_for_learner():
                    break
                self.next_step()
        after = self._count()
        self.fresh = {v: after[v] - before[v] for v in after}  # everything that happened meanwhile
        self.refresh(keep_message=True)
        if self.waiting_for_learner():
            self.message.info(i18n.t("your_choice_first"))
        elif thinking:
            self.message.clear()  # (it has played on: no longer thinking)

    def play_to_end(self) -> None:
        """Let the agents decide for both sides until the game is over; the progress bar counts days.
        Back takes the whole run back."""
        total = self.game.script.loops * self.game.script.days
        self.progress.max = total
        draw, self.draw = self.draw, False
        self.agents_only = True
        try:
            with self.undoable():
                for _ in range(5000):
                    if self.game.is_over:
                        break
                    self.next_step()
                    done = (self.game.loop - 1) * self.game.script.days + self.game.day
                    self.progress.value = min(total, done)
        finally:
            self.draw = draw
            self.agents_only = False
        self.progress.value = total
        self.refresh(keep_message=True)

    def show_why(self) -> list[str]:
        """The why panel (:func:`why`) once the game is over; before, a note that it must wait."""
        if not self.game.is_over:
            self.message.info(i18n.t("why_after_the_game"))
            return []
        lines = why(self.agents.get(Side.MASTERMIND))
        self.why_panel.value = "".join(
            f'<div class="rulesengine-why">{html.escape(line)}</div>' for line in lines
        )
        self.why_panel.layout.display = None
        return lines

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw everything, the notes panel included; Play on and Agents play to the end are enabled
        only while the game goes on (Play on not while the learner's choice waits)."""
        super().refresh(keep_message)
        if hasattr(self, "play_on_button"):
            self.play_on_button.disabled = self.game.is_over or self.waiting_for_learner()
            self.auto_button.disabled = self.game.is_over
        if hasattr(self, "notes_panel"):
            lines = notes(self.game.view("protagonists"))
            self.notes_panel.value = "".join(
                f'<div class="rulesengine-note">{html.escape(line)}</div>' for line in lines
            )


def _opponent_options(lang: str | None = None) -> list[tuple[str, str]]:
    return [(i18n.t(f"opponent_{o}", lang), o) for o in OPPONENTS]


def _follow_language(menu: widgets.Dropdown) -> None:
    """Relabel the Mastermind menu's options when the language switch flips (the value kept)."""
    ref = weakref.ref(menu)

    def relabel(language: str) -> None:
        target = ref()
        if target is not None:
            value = target.value
            target.options = _opponent_options(language)
            target.value = value

    i18n.on_change(relabel, owner=menu)


__all__ = [
    "OPPONENTS",
    "SIDES",
    "PlayWidget",
    "ability_text",
    "heuristic_agents",
    "notes",
    "opponent_agents",
    "script_files",
    "script_ids",
    "script_titles",
    "why",
]
