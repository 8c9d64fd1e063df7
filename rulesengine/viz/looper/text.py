"""Words for the Tragedy Looper notebooks: the nine steps and the game log as HTML.

The sentences themselves (actions, log events, readable names, in English and Vietnamese) are made by
:mod:`rulesengine.looper.rules.text`, which imports no drawing library so the command line uses them too;
they are re-exported here under their old names. Names and sentences follow the language switch.

>>> from rulesengine.looper.rules.actions import PlaceCard, Pass
>>> describe_action(PlaceCard("paranoia_plus_1", "boy_student"))
'Paranoia +1 → Boy Student'
>>> describe_action(Pass())
'Pass (nothing more)'
>>> describe_event({"kind": "incident_not_happened", "incident": "murder", "visibility": "public"})
'No incident happened (Murder was scheduled).'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from rulesengine.looper.rules.text import (
    PHASE_RULE,
    ability_text,
    card_name,
    character_name,
    choice_name,
    describe_action,
    describe_event,
    incident_name,
    log_lines,
    owner_label,
    plot_name,
    reason_name,
    role_name,
    target_name,
)
from rulesengine.messages import message

__all__ = [
    "DAY_STEPS",
    "PHASE_RULE",
    "PHASE_TERMS",
    "ScriptReveal",
    "ability_text",
    "card_name",
    "character_name",
    "choice_name",
    "describe_action",
    "describe_event",
    "incident_name",
    "log_html",
    "log_lines",
    "owner_label",
    "plot_name",
    "role_name",
    "step_rule_text",
    "step_term",
    "target_name",
]

#: The nine steps of the day with their glossary keys, in order (TL-D1..TL-D9).
DAY_STEPS = (
    ("TL-D1", "day_start"),
    ("TL-D2", "mm_places"),
    ("TL-D3", "prot_places"),
    ("TL-D4", "resolve_cards"),
    ("TL-D5", "mm_abilities"),
    ("TL-D6", "goodwill_abilities"),
    ("TL-D7", "incidents_happen"),
    ("TL-D8", "switch_leader"),
    ("TL-D9", "day_end"),
)

#: The glossary key of each loop-level phase's name (the day's steps are in :data:`DAY_STEPS`).
PHASE_TERMS = {
    "TL-RW": "rewind",
    "TL-LE1": "loop_end",
    "TL-TS1": "time_spiral",
    "TL-FG1": "final_guess",
}


def log_html(events: Iterable[Mapping[str, Any]], *, fresh: int = 0, newest_first: bool = True,
             lang: str | None = None) -> str:
    """The log as an HTML list; Mastermind-only lines in purple with a "Mastermind" badge
    (:func:`rulesengine.viz.common.secret_badge`); the last ``fresh`` lines bold; sentences in ``lang``
    (default: the current language)."""
    from rulesengine.viz.common import secret_badge

    lines = log_lines(events, lang)
    rows = []
    n = len(lines)
    for i, (rule, visibility, text) in enumerate(lines):
        secret = visibility != "public"
        style = "color:#7B3F99;" if secret else ""
        if i >= n - fresh:
            style += "font-weight:600;background:#FFF6CC;"
        mark = secret_badge() if secret else ""
        rows.append(
            f'<div class="rulesengine-log-line{" rulesengine-log-secret" if secret else ""}" style="{style}">'
            f"<code>{html.escape(rule)}</code> {mark}{html.escape(text)}</div>"
        )
    if newest_first:
        rows.reverse()
    return "".join(rows) or "<i>—</i>"


# ---- the stepper's rule panel and the reveal ---------------------------------------------------


def step_term(rule: str, lang: str | None = None) -> str:
    """The name of the step or phase ``rule`` (``'TL-D4'``, ``'TL-LE1'``…) in ``lang``.

    >>> step_term("TL-D8", "vi"), step_term("TL-LE1", "en"), step_term("TL-LE2", "en")
    ('Đổi Leader', 'Loop end', 'Game over')
    """
    from rulesengine import i18n

    lang = _language(lang)
    keys = dict(DAY_STEPS) | PHASE_TERMS
    if rule in keys:
        return i18n.t(keys[rule], lang)
    if rule == "TL-LE2":
        return message("looper.stepper.term_game_over", lang)
    return rule


def step_rule_text(rule: str, lang: str | None = None) -> str:
    """The rule of step ``rule`` in a few sentences of ``lang`` (catalog ``looper.step.<rule>``), as the
    stepper shows it in place; the Vietnamese in the rule sheet's words.

    >>> step_rule_text("TL-D8", "en")
    'The Leader card passes to the next Protagonist in turn order (A → B → C → A).'
    >>> step_rule_text("TL-D8", "vi")
    'Thẻ Leader được chuyển cho Nhân vật Chính tiếp theo theo thứ tự lượt chơi (A → B → C → A).'
    """
    return message(f"looper.step.{rule}", _language(lang))


def _language(lang: str | None) -> str:
    from rulesengine import i18n

    return i18n.get_language() if lang is None else ("vi" if lang == "vi" else "en")


class ScriptReveal:
    """The whole script of a finished game, for everyone to see (TL-LE2, TL-FG3): the outcome and its
    reason, each loop's end with the loss conditions that held, every character's secret role (Persons
    included, with the final guess beside it, ✓/✗), the culprit of each scheduled incident and the plots.
    The one reveal of the Tragedy Looper notebooks: the day stepper (02), the final guess (03) and the
    whole game (04) all show it. HTML in the current language (or ``lang``); ``repr`` says the same as text.

    >>> from rulesengine.viz.looper.demos import loop_demo
    >>> shown = ScriptReveal(loop_demo("last_day").game)
    >>> shown.reason("vi")
    'Lý do: Vòng lặp kết thúc mà không có điều kiện thua nào được thỏa (TL-LE2).'
    >>> shown.roles("en")[0], shown.loop_ends("en")
    (['Girl Student', 'Key Person', '—'], ['Loop 1: no loss condition held.'])
    """

    def __init__(self, game: Any) -> None:
        self.game = game

    def outcome(self, lang: str | None = None) -> str:
        """Who won and why, in one line (``''`` while the game goes on)."""
        from rulesengine.messages import Name

        outcome = self.game.outcome
        if outcome is None:
            return ""
        return message(
            "looper.event.game_over", _language(lang),
            winner=Name("side", outcome.winner), reason=Name("outcome", outcome.reason),
        )

    def reason(self, lang: str | None = None) -> str:
        """The reason for the outcome, naming the rule: the wrong guess and the truth (TL-FG3), every role
        right (TL-FG3), a loop survived (TL-LE2), or the last loop lost with its loss conditions (TL-LE2b)."""
        from rulesengine.messages import Name

        lang = _language(lang)
        game, outcome = self.game, self.game.outcome
        if outcome is None:
            return ""
        if outcome.reason == "final guess wrong":
            character, guessed = next(
                (c, r) for c, r in game.guessed.items() if game.script.role_of(c) != r
            )
            return message(
                "looper.reveal.why_wrong", lang, character=Name("character", character),
                guessed=Name("role", guessed), role=Name("role", game.script.role_of(character)),
            )
        if outcome.reason == "final guess right":
            return message("looper.reveal.why_right", lang)
        if outcome.reason == "loop survived":
            return message("looper.reveal.why_survived", lang)
        reasons = game.loop_results[-1].reasons if game.loop_results else ()
        text = "; ".join(reason_name(str(r), lang).rstrip(".") for r in reasons)
        return message("looper.reveal.why_last_loop_lost", lang, reasons=text)

    def loop_ends(self, lang: str | None = None) -> list[str]:
        """One line per loop played: lost on which day, with the loss conditions that held, or survived
        (TL-LE1, TL-LE2)."""
        lang = _language(lang)
        lines = []
        for result in self.game.loop_results:
            if result.lost:
                reasons = "; ".join(reason_name(r, lang).rstrip(".") for r in result.reasons)
                lines.append(message("looper.reveal.loop_lost", lang, loop=result.loop, day=result.day,
                                     reasons=reasons))
            else:
                lines.append(message("looper.reveal.loop_survived", lang, loop=result.loop))
        return lines

    def roles(self, lang: str | None = None) -> list[list[str]]:
        """One row per character: name, true secret role, the final guess (✓/✗) or ``—``."""
        rows = []
        for cid in self.game.cast:
            role = self.game.script.role_of(cid)
            guessed = self.game.guessed.get(cid)
            mark = "—" if guessed is None else f"{role_name(guessed, lang)} {'✓' if guessed == role else '✗'}"
            rows.append([target_name(cid, lang), role_name(role, lang), mark])
        return rows

    def culprits(self, lang: str | None = None) -> list[list[str]]:
        """One row per scheduled incident: day, incident, culprit."""
        return [
            [str(s.day), incident_name(s.incident, lang), target_name(s.culprit, lang)]
            for s in self.game.script.incidents
        ]

    def plots(self, lang: str | None = None) -> list[list[str]]:
        """The main plot and the subplots."""
        lang = _language(lang)
        script = self.game.script
        rows = [[message("looper.reveal.main_plot_label", lang), plot_name(script.main_plot, lang)]]
        rows += [[message("looper.reveal.subplot", lang), plot_name(p, lang)] for p in script.subplots]
        return rows

    def tables(self, lang: str | None = None) -> list[Any]:
        """The three tables (:class:`rulesengine.viz.common.Table`): roles, culprits, plots."""
        from rulesengine import i18n
        from rulesengine.viz.common import Table

        guessed = message("looper.reveal.guessed", _language(lang))
        return [
            Table(self.roles(lang), [i18n.t("character", lang), i18n.t("secret_role", lang), guessed]),
            Table(self.culprits(lang),
                  [i18n.t("day", lang), i18n.t("incident", lang), i18n.t("culprit", lang)]),
            Table(self.plots(lang), [i18n.t("plot", lang), ""]),
        ]

    def html(self, lang: str | None = None) -> str:
        """The reveal as HTML (``''`` while the game goes on): a title, the outcome and its reason, each
        loop's end, then the tables side by side. Classes: ``rulesengine-reveal`` (also
        ``rulesengine-looper-reveal-script``) around ``-reveal-outcome``, ``-reveal-reason``,
        ``-reveal-why`` (a loop's end) and ``-reveal-roles``."""
        if self.game.outcome is None:
            return ""
        lang = _language(lang)
        esc = html.escape
        title = message("looper.reveal.script_title", lang, title=self.game.script.title)
        tables = self.tables(lang)
        boxes = "".join(
            f'<div class="{cls}" style="display:inline-block;vertical-align:top;margin-right:18px">'
            f"{t.html(lang)}</div>"
            for cls, t in zip(("rulesengine-reveal-roles", "rulesengine-reveal-culprits",
                               "rulesengine-reveal-plots"), tables, strict=True)
        )
        loops = "".join(
            f'<li class="rulesengine-reveal-why">{esc(line)}</li>' for line in self.loop_ends(lang)
        )
        return (
            f'<div class="rulesengine-reveal rulesengine-looper-reveal-script" '
            f'style="border:2px solid #7B3F99;border-radius:6px;padding:4px 8px">'
            f'<div style="font-weight:700;color:#7B3F99">{esc(title)}</div>'
            f'<div class="rulesengine-reveal-outcome rulesengine-looper-outcome" style="font-weight:700">'
            f"{esc(self.outcome(lang))}</div>"
            f'<div class="rulesengine-reveal-reason rulesengine-looper-reason">{esc(self.reason(lang))}</div>'
            f'<ul style="margin:2px 0">{loops}</ul>'
            f"<div>{boxes}</div></div>"
        )

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        lines = [self.outcome(), self.reason(), *self.loop_ends()]
        return "\n".join([*lines, *(repr(t) for t in self.tables())])
