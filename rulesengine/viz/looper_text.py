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
    owner_label,
    plot_name,
    role_name,
    target_name,
)

__all__ = [
    "DAY_STEPS", "PHASE_RULE", "ability_text", "card_name", "character_name", "choice_name",
    "describe_action", "describe_event", "incident_name", "log_html", "log_lines", "owner_label",
    "plot_name", "role_name", "target_name",
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
