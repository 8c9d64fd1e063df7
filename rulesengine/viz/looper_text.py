"""Words for the Tragedy Looper notebooks: the nine steps and the game log as HTML.

The sentences themselves (actions, log events, readable names, in English and Vietnamese) are made by
:mod:`rulesengine.looper.text`, which imports no drawing library so the command line uses them too;
they are re-exported here under their old names. Names and sentences follow the language switch.

>>> from rulesengine.looper.actions import PlaceCard, Pass
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

from rulesengine.looper.text import (
    PHASE_RULE,
    ability_text,
    card_name,
    character_name,
    choice_name,
    describe_action,
    describe_event,
    incident_name,
    log_lines,
    outcome_reason,
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
    "reveal",
    "reveal_html",
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


def reveal(game: Any, lang: str | None = None) -> dict[str, Any]:
    """What the end of a game reveals (TL-LE2, TL-FG3), as sentences of ``lang``: ``outcome`` (who won
    and why), ``why`` (each loop's end with the loss conditions that held, each final guess right or
    wrong), ``roles`` (``(character, role)`` for every character, Persons included), ``culprits``,
    ``main_plot`` and ``subplots``. ``None`` for ``outcome`` while the game goes on.

    >>> from rulesengine.looper.engine import play
    >>> from rulesengine.looper.plans import heuristic_agents
    >>> from rulesengine.looper.script import SCRIPTS_DIR, load_script
    >>> from rulesengine.looper.engine import Game
    >>> game = Game(load_script(SCRIPTS_DIR / "fs_01_tutorial.yaml"))
    >>> _ = play(game, heuristic_agents(2026))
    >>> shown = reveal(game, "en")
    >>> ("Girl Student", "Key Person") in shown["roles"], shown["main_plot"]
    (True, 'Main plot: Murder Plan')
    """
    lang = _language(lang)
    private = game.view("mastermind")["private"]
    outcome = game.outcome
    said = None
    if outcome is not None:
        key = "protagonists_win" if outcome.winner == "protagonists" else "mastermind_wins"
        said = message(f"looper.reveal.{key}", lang, reason=outcome_reason(outcome.reason, lang))
    why = []
    for result in game.loop_results:
        if result.lost:
            reasons = "; ".join(reason_name(r, lang) for r in result.reasons)
            why.append(
                message("looper.reveal.loop_lost", lang, loop=result.loop, day=result.day, reasons=reasons)
            )
        else:
            why.append(message("looper.reveal.loop_survived", lang, loop=result.loop))
    if outcome is not None and outcome.reason == "last loop lost":
        why.append(message("looper.reveal.no_final_guess", lang))
    for character, role in game.guessed.items():
        truth = game.script.role_of(character)
        fields = {"character": character_name(character, lang), "role": role_name(role, lang)}
        if truth == role:
            why.append(message("looper.reveal.guess_right", lang, **fields))
        else:
            why.append(message("looper.reveal.guess_wrong", lang, truth=role_name(truth, lang), **fields))
    incidents = {str(i.day): i.incident for i in game.script.incidents}
    culprits = [
        message("looper.reveal.culprit", lang, day=day, incident=incident_name(incidents.get(day, ""), lang),
                culprit=character_name(culprit, lang))
        for day, culprit in sorted(private["culprits"].items(), key=lambda item: int(item[0]))
    ]
    subplots = ", ".join(plot_name(p, lang) for p in private["subplots"]) or "—"
    return {
        "outcome": said,
        "why": why,
        "roles": [(character_name(c, lang), role_name(r, lang)) for c, r in private["roles"].items()],
        "culprits": culprits,
        "main_plot": message("looper.reveal.main_plot", lang, plot=plot_name(private["main_plot"], lang)),
        "subplots": message("looper.reveal.subplots", lang, plots=subplots),
    }


def reveal_html(game: Any, lang: str | None = None) -> str:
    """The reveal of :func:`reveal` as HTML: the outcome, why, then the script's secrets."""
    from rulesengine import i18n

    lang = _language(lang)
    shown = reveal(game, lang)
    esc = html.escape
    roles = ", ".join(f"{esc(c)}: <b>{esc(r)}</b>" for c, r in shown["roles"])
    why = "".join(f'<li class="rulesengine-reveal-why">{esc(line)}</li>' for line in shown["why"])
    return (
        f'<div class="rulesengine-reveal" style="border:2px solid #7B3F99;border-radius:6px;padding:4px 8px">'
        f'<div style="font-weight:700;color:#7B3F99">{esc(message("looper.reveal.title", lang))}</div>'
        f'<div class="rulesengine-reveal-outcome" style="font-weight:700">{esc(shown["outcome"] or "")}</div>'
        f'<div>{esc(message("looper.reveal.why", lang))}:</div><ul style="margin:0 0 2px 0">{why}</ul>'
        f'<div class="rulesengine-reveal-roles"><b>{esc(i18n.t("secret_role", lang))}</b>: {roles}</div>'
        f'<div><b>{esc(i18n.t("culprit", lang))}</b>: {esc("; ".join(shown["culprits"]) or "—")}</div>'
        f'<div>{esc(shown["main_plot"])} · {esc(shown["subplots"])}</div></div>'
    )
