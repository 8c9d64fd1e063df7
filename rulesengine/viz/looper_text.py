"""Words for the Tragedy Looper notebooks: actions, log events and the game log as HTML.

Everything here only *describes* what the engine decided; it never decides anything. Names follow the
language switch (characters, roles, locations, cards, phases).

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

from rulesengine import i18n
from rulesengine.looper.actions import Action, Allow, Choose, Guess, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.content import load_content
from rulesengine.viz.looper_board import card_name, character_name, owner_label, role_name

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

#: Phase names of the engine's log (``Event.phase``) → rule id.
PHASE_RULE = {
    "loop_start": "TL-RW",
    "day_start": "TL-D1",
    "mastermind_cards": "TL-D2",
    "protagonist_cards": "TL-D3",
    "card_resolution": "TL-D4",
    "mastermind_ability": "TL-D5",
    "goodwill_ability": "TL-D6",
    "incident": "TL-D7",
    "leader_switch": "TL-D8",
    "day_end": "TL-D9",
    "loop_end": "TL-LE1",
    "time_spiral": "TL-TS1",
    "final_guess": "TL-FG1",
    "game_over": "TL-LE2",
}


def target_name(target: str) -> str:
    """A character's or a location's name (or the id itself for anything else)."""
    content = load_content()
    if target in content.characters:
        return character_name(target)
    if target in ("hospital", "shrine", "city", "school"):
        return i18n.t(target)
    return target


def incident_name(incident: str) -> str:
    """An incident's name in the current language."""
    definition = load_content().incidents.get(incident)
    if definition is None:
        return incident
    return definition.name_vi if i18n.get_language() == "vi" and definition.name_vi else definition.name


def plot_name(plot: str) -> str:
    """A plot's name in the current language."""
    definition = load_content().plots.get(plot)
    if definition is None:
        return plot
    return definition.name_vi if i18n.get_language() == "vi" and definition.name_vi else definition.name


def ability_text(ability: str) -> str:
    """The short text of an ability id (``'brain.1'``, ``'nurse.1'``, ``'an_unsettling_rumor.1'``)."""
    content = load_content()
    for character in content.characters.values():
        for goodwill in character.abilities:
            if goodwill.id == ability:
                return f"{character_name(character.id)} ({goodwill.cost}): {goodwill.text}"
    for role in content.roles.values():
        for item in role.abilities:
            if item.id == ability:
                return f"{role_name(role.id)}: {item.text}"
    for plot in content.plots.values():
        for item in plot.rules:
            if item.id == ability:
                return f"{plot_name(plot.id)}: {item.text}"
    return ability


def _choice(option: str) -> str:
    parts = option.split("|")
    if option in ("final_guess", "next_loop"):
        return i18n.t("go_final_guess" if option == "final_guess" else "next_loop")
    return " / ".join(
        target_name(p) if p not in ("paranoia", "goodwill", "intrigue") else i18n.t(p) for p in parts
    )


def _aimed_at(target: str | None) -> str:
    """`` → <target>`` after an ability that has a target; nothing when it has none."""
    return f" → {_choice(target)}" if target else ""


def describe_action(action: Action) -> str:
    """One line for an action, as a dropdown option or a log line shows it."""
    if isinstance(action, PlaceCard):
        return f"{card_name(action.card)} → {target_name(action.target)}"
    if isinstance(action, UseAbility):
        text = ability_text(action.ability)
        text += _aimed_at(action.target)
        if action.extra:
            text += f" [{action.extra}]"
        return text
    if isinstance(action, Pass):
        return i18n.t("pass_nothing")
    if isinstance(action, Allow):
        return i18n.t("allow")
    if isinstance(action, Refuse):
        return i18n.t("refuse")
    if isinstance(action, Choose):
        return _choice(action.option)
    if isinstance(action, Guess):
        return f"{character_name(action.character)}: {role_name(action.role)}"
    return repr(action)


def _amount(n: int) -> str:
    return f"+{n}" if n > 0 else f"{n}"


def describe_event(event: Mapping[str, Any]) -> str:
    """One sentence for a log event (English; names follow the language switch)."""
    kind = event["kind"]

    def get(key: str, default: Any = "") -> Any:
        value = event.get(key, default)
        return default if value is None else value

    if kind == "loop_start":
        return f"Loop {get('loop')} begins."
    if kind == "day_start":
        return f"Day {get('day')} begins; the leader is Protagonist {'ABC'[int(get('leader', 0))]}."
    if kind == "card_placed":
        return f"{owner_label(get('owner'))} places a card face down on {target_name(get('target'))}."
    if kind == "card_placed_kind":
        return f"(It is {card_name(get('card'))}.)"
    if kind == "cards_revealed":
        return "All cards are turned face up: " + "; ".join(
            f"{owner_label(o)}: {card_name(c)} → {target_name(t)}" for o, c, t in get("cards", [])
        )
    if kind == "cards_resolved":
        parts = []
        if get("cancelled"):
            parts.append(f"{len(get('cancelled'))} card(s) cancelled by Forbid cards")
        if get("forbid_intrigue_void"):
            parts.append("two Forbid Intrigue cards cancelled each other")
        return "Cards resolved" + (": " + ", ".join(parts) if parts else ".") + ("" if not parts else ".")
    if kind == "moved":
        return f"{target_name(get('character'))} moves to {target_name(get('location'))}."
    if kind in ("paranoia", "goodwill", "intrigue"):
        who = get("character") or get("target")
        return f"{target_name(who)}: {i18n.t(kind)} {_amount(int(get('amount', 0)))}."
    if kind == "ability":
        text = ability_text(get("ability", ""))
        source = get("source")
        target = get("target")
        by = f" ({target_name(source)})" if source else ""
        return f"Ability used{by}: {text}{_aimed_at(target)}"
    if kind == "goodwill_declared":
        target = get("target")
        return f"The leader declares {ability_text(get('ability', ''))}{_aimed_at(target)}"
    if kind == "goodwill_refused":
        return "The Mastermind says: nothing happens (the ability is refused)."
    if kind == "refusal":
        return f"Refused because the role is {role_name(get('role', ''))} (goodwill refusal)."
    if kind == "goodwill_resolved":
        return "The ability resolves."
    if kind == "incident_not_happened":
        return f"No incident happened ({incident_name(get('incident', ''))} was scheduled)."
    if kind == "incident_check":
        return f"Why: the culprit {target_name(get('culprit', ''))} is dead or below its paranoia limit."
    if kind == "incident_happened":
        return f"Incident: {incident_name(get('incident', ''))} happens!"
    if kind == "incident_culprit":
        return f"The culprit is {target_name(get('culprit', ''))}."
    if kind == "incident_choice":
        choice = get("choice")
        return f"The Mastermind's choice for {incident_name(get('incident', ''))}: " + (
            _choice(choice) if choice else "none needed"
        )
    if kind == "incident_no_effect":
        return f"{incident_name(get('incident', ''))} happened, with no effect."
    if kind == "leader":
        return f"The leader card passes to Protagonist {'ABC'[int(get('leader', 0))]}."
    if kind == "death":
        return f"† {target_name(get('character', ''))} dies."
    if kind == "death_cause":
        return f"(Cause: {get('cause')}.)"
    if kind == "death_prevented":
        return f"{target_name(get('character', ''))} would die, but does not."
    if kind == "guard":
        return f"{target_name(get('character', ''))} gets a guard ({get('guards')})."
    if kind == "guard_removed":
        return f"A guard saves {target_name(get('character', ''))}."
    if kind == "protagonists_died":
        return "The protagonists die!"
    if kind == "loss_condition":
        return f"A loss condition holds ({get('rule')})."
    if kind == "loop_end":
        return "The loop ends: " + (
            "the protagonists lost it." if get("lost") else "the protagonists survived it."
        )
    if kind == "loop_end_reasons":
        reasons = get("reasons") or []
        return "Why: " + (", ".join(str(r) for r in reasons) if reasons else "no loss condition holds.")
    if kind == "time_spiral":
        return f"Time spiral: {_choice(get('choice', ''))}."
    if kind == "rewind":
        return f"Rewind: loop {get('loop')} starts from the beginning."
    if kind == "final_guess":
        return "Final guess: the board is reset; name each character's role."
    if kind == "guess":
        verdict = i18n.t("right") if get("right") else i18n.t("wrong")
        return f"Guess: {character_name(get('character', ''))} is {role_name(get('role', ''))} — {verdict}."
    if kind == "game_over":
        winner = i18n.t("protagonists") if get("winner") == "protagonists" else i18n.t("mastermind")
        return f"Game over: {winner} win ({get('reason')})."
    if kind == "role_revealed":
        return f"{target_name(get('character', ''))}'s role is revealed: {role_name(get('role', ''))}."
    if kind == "culprit_revealed":
        incident, culprit = incident_name(get("incident", "")), target_name(get("culprit", ""))
        return f"The culprit of {incident} is revealed: {culprit}."
    if kind == "subplot_revealed":
        return f"A subplot is revealed: {plot_name(get('plot', ''))}."
    if kind == "henchman_start":
        return f"The Henchman starts in {target_name(get('location', ''))}."
    if kind == "role_changed":
        return f"{target_name(get('character', ''))} becomes {role_name(get('role', ''))}."
    if kind == "revived":
        return f"{target_name(get('character', ''))} comes back to life."
    if kind == "patient_free":
        return "For the rest of this loop the Patient may go anywhere."
    if kind == "henchman_suppressed":
        who = target_name(get("character"))
        return f"For the rest of this loop, incidents whose culprit is {who} do not occur."
    if kind == "card_returned":
        return f"{owner_label(get('owner', 'protagonist:0'))} takes back {card_name(get('card', ''))}."
    return f"{kind}: " + ", ".join(
        f"{k}={v}" for k, v in event.items() if k not in ("kind", "loop", "day", "phase")
    )


def log_lines(events: Iterable[Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """``(rule id, visibility, sentence)`` for each event (the rule id of the phase it happened in)."""
    return [
        (PHASE_RULE.get(str(e.get("phase", "")), ""), str(e.get("visibility", "public")), describe_event(e))
        for e in events
    ]


def log_html(events: Iterable[Mapping[str, Any]], *, fresh: int = 0, newest_first: bool = True) -> str:
    """The log as an HTML list; Mastermind-only lines in purple with a "Mastermind" badge
    (:func:`rulesengine.viz.common.secret_badge`); the last ``fresh`` lines bold."""
    from rulesengine.viz.common import secret_badge

    lines = log_lines(events)
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
