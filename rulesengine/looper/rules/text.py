"""Sentences of the Tragedy Looper engine: readable names, actions and log events, in English or Vietnamese.

Everything here only *describes* what the engine decided; it never decides anything. Each sentence
comes from the message catalogs (:mod:`rulesengine.messages`) with its fields named, and each game term
(character, role, card, location, incident, plot) is written in the sentence's language. ``lang`` is
``'en'`` or ``'vi'``; left out, the notebooks' current language (:mod:`rulesengine.i18n`). Nothing here
imports a drawing library, so the command line uses it too.

>>> from rulesengine.looper.rules.actions import PlaceCard, Pass
>>> describe_action(PlaceCard("paranoia_plus_1", "boy_student"), "en")
'Paranoia +1 → Boy Student'
>>> describe_action(Pass(), "vi")
'Bỏ qua (không làm gì thêm)'
>>> describe_event({"kind": "incident_not_happened", "incident": "murder"}, "en")
'No incident happened (Murder was scheduled).'
>>> describe_event({"kind": "card_placed", "owner": "protagonist:0", "target": "boy_student"}, "vi")
'Nhân vật Chính A đặt một Thẻ Hành động úp xuống lên Nam sinh.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rulesengine import i18n
from rulesengine.looper.rules.actions import Action, Allow, Choose, Guess, Pass, PlaceCard, Refuse, UseAbility
from rulesengine.looper.rules.content import load_content
from rulesengine.messages import Name, message, register_namer

LOCATIONS = ("hospital", "shrine", "city", "school")
COUNTERS = ("paranoia", "goodwill", "intrigue")

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


def _lang(lang: str | None) -> str:
    return i18n.get_language() if lang is None else ("vi" if lang == "vi" else "en")


def _named(name_en: str, name_vi: str | None, lang: str) -> str:
    return name_vi if lang == "vi" and name_vi else name_en


# ---- readable names ---------------------------------------------------------------------------


def character_name(cid: str, lang: str | None = None) -> str:
    """A character's name (the id itself for an unknown one).

    >>> character_name("boy_student", "en"), character_name("boy_student", "vi")
    ('Boy Student', 'Nam sinh')
    """
    definition = load_content().characters.get(cid)
    return cid if definition is None else _named(definition.name, definition.name_vi, _lang(lang))


def role_name(role: str, lang: str | None = None) -> str:
    """A role's name."""
    definition = load_content().roles.get(role)
    return role if definition is None else _named(definition.name, definition.name_vi, _lang(lang))


def incident_name(incident: str, lang: str | None = None) -> str:
    """An incident's name, from its id or its English name (the public script sheet has names).

    >>> incident_name("murder", "vi"), incident_name("Murder", "vi")
    ('Án mạng', 'Án mạng')
    """
    incidents = load_content().incidents
    definition = incidents.get(incident) or next((i for i in incidents.values() if i.name == incident), None)
    return incident if definition is None else _named(definition.name, definition.name_vi, _lang(lang))


def plot_name(plot: str, lang: str | None = None) -> str:
    """A plot's name."""
    definition = load_content().plots.get(plot)
    return plot if definition is None else _named(definition.name, definition.name_vi, _lang(lang))


def card_name(card: str, lang: str | None = None) -> str:
    """A card kind's full name (glossary ``card_<kind>``).

    >>> card_name("intrigue_plus_2", "en")
    'Intrigue +2'
    """
    key = f"card_{card}"
    return i18n.t(key, _lang(lang)) if key in i18n.glossary() else card


def owner_label(owner: str, lang: str | None = None) -> str:
    """``'Mastermind'`` or ``'Protagonist A'``/``B``/``C`` (the seat letters of the notebooks).

    >>> owner_label("protagonist:1", "en"), owner_label("protagonist:1", "vi")
    ('Protagonist B', 'Nhân vật Chính B')
    """
    lang = _lang(lang)
    if owner == "mastermind":
        return i18n.t("mastermind", lang)
    _, _, seat = owner.partition(":")
    if not seat.isdigit() or not 0 <= int(seat) <= 2:
        return owner
    return message("looper.name.protagonist", lang, letter="ABC"[int(seat)])


def leader_label(leader: int, lang: str | None = None) -> str:
    """The protagonist who holds the leader card (0, 1, 2 → A, B, C)."""
    return owner_label(f"protagonist:{leader}", lang)


def target_name(target: str, lang: str | None = None) -> str:
    """A character's or a location's name (or the id itself for anything else)."""
    lang = _lang(lang)
    if target in load_content().characters:
        return character_name(target, lang)
    if target in LOCATIONS:
        return i18n.t(target, lang)
    return target


def ability_text(ability: str, lang: str | None = None) -> str:
    """The owner and short text of an ability id (``'brain.1'``, ``'nurse.1'``, ``'murder_plan.1'``).

    The English text is the content's (``data/looper``); the catalogs hold it as ``looper.ability.<id>``
    with its translation (a test keeps the two English texts equal).

    >>> ability_text("alien.1", "vi")
    'Người dị giới (4): Giết một Nhân vật ở cùng Địa điểm.'
    """
    lang = _lang(lang)
    content = load_content()
    for character in content.characters.values():
        for goodwill in character.abilities:
            if goodwill.id == ability:
                return message("looper.name.ability_character", lang,
                               character=character_name(character.id, lang),
                               cost=goodwill.cost, text=content_text("ability", ability, goodwill.text, lang))
        for item in character.passives:  # a passive rule of the wider cast (<id>.p<n>)
            if item.id == ability:
                return message("looper.name.ability_role", lang, role=character_name(character.id, lang),
                               text=content_text("ability", ability, item.text, lang))
    for role in content.roles.values():
        for item in role.abilities:
            if item.id == ability:
                return message("looper.name.ability_role", lang, role=role_name(role.id, lang),
                               text=content_text("ability", ability, item.text, lang))
    for plot in content.plots.values():
        for item in plot.rules:
            if item.id == ability:
                return message("looper.name.ability_plot", lang, plot=plot_name(plot.id, lang),
                               text=content_text("ability", ability, item.text, lang))
    return ability


def content_text(kind: str, key: str, english: str, lang: str | None = None) -> str:
    """A text of the content (``kind`` ``'ability'`` or ``'incident'``) in ``lang``: the catalog's
    ``looper.<kind>.<key>``, or the content's English where the catalog has no such message."""
    try:
        return message(f"looper.{kind}.{key}", _lang(lang))
    except LookupError:
        return english


def incident_text(incident: str, lang: str | None = None) -> str:
    """What an incident does, in ``lang``."""
    definition = load_content().incidents.get(incident)
    return incident if definition is None else content_text("incident", incident, definition.text, lang)


def choice_name(option: str, lang: str | None = None) -> str:
    """An option of a choice: ``'final_guess'``, a target, or ``'character|paranoia'`` parts."""
    lang = _lang(lang)
    if option in ("final_guess", "next_loop"):
        return i18n.t("go_final_guess" if option == "final_guess" else "next_loop", lang)
    return " / ".join(i18n.t(p, lang) if p in COUNTERS else target_name(p, lang) for p in option.split("|"))


def cause_name(cause: str, lang: str | None = None) -> str:
    """What killed a character: an incident or an ability."""
    if cause in load_content().incidents:
        return incident_name(cause, lang)
    return ability_text(cause, lang)


def reason_name(reason: str, lang: str | None = None) -> str:
    """A loss condition of a loop's end: ``'immediate'`` or the id of the rule that holds."""
    lang = _lang(lang)
    if reason == "immediate":
        return message("looper.reason.immediate", lang)
    return ability_text(reason, lang)


def outcome_reason(reason: str, lang: str | None = None) -> str:
    """Why a game ended (``Outcome.reason``: ``'loop survived'``, ``'final guess wrong'``…)."""
    key = "looper.outcome." + reason.replace(" ", "_")
    try:
        return message(key, _lang(lang))
    except LookupError:
        return reason


def side_name(side: str, lang: str | None = None) -> str:
    """``'protagonists'`` or ``'mastermind'`` as the glossary writes it."""
    return i18n.t("protagonists" if side == "protagonists" else "mastermind", _lang(lang))


_NAMERS = {
    "character": character_name,
    "role": role_name,
    "incident": incident_name,
    "plot": plot_name,
    "card": card_name,
    "owner": owner_label,
    "target": target_name,
    "ability": ability_text,
    "choice": choice_name,
    "cause": cause_name,
    "reason": reason_name,
    "outcome": outcome_reason,
    "side": side_name,
}
for _kind, _namer in _NAMERS.items():
    register_namer(_kind, _namer)


# ---- actions ----------------------------------------------------------------------------------


def _aimed(text: str, target: str | None, lang: str) -> str:
    """``text → target`` after an ability that has a target."""
    return f"{text} → {choice_name(target, lang)}" if target else text


def describe_action(action: Action, lang: str | None = None) -> str:
    """One line for an action, as a dropdown option or a log line shows it."""
    lang = _lang(lang)
    if isinstance(action, PlaceCard):
        return message("looper.action.place", lang, card=card_name(action.card, lang),
                       target=target_name(action.target, lang))
    if isinstance(action, UseAbility):
        text = _aimed(ability_text(action.ability, lang), action.target, lang)
        if action.extra:
            text = message("looper.action.ability_extra", lang, ability=text,
                           extra=choice_name(action.extra, lang))
        return text
    if isinstance(action, Pass):
        return i18n.t("pass_nothing", lang)
    if isinstance(action, Allow):
        return i18n.t("allow", lang)
    if isinstance(action, Refuse):
        return i18n.t("refuse", lang)
    if isinstance(action, Choose):
        return choice_name(action.option, lang)
    if isinstance(action, Guess):
        return message("looper.action.guess", lang, character=character_name(action.character, lang),
                       role=role_name(action.role, lang))
    return repr(action)


# ---- log events -------------------------------------------------------------------------------


def _amount(n: int) -> str:
    return f"+{n}" if n > 0 else f"{n}"


#: Which Forbid card cancels a card kind (TL-D4a).
def _forbid_of(card: str) -> str | None:
    if card.startswith("move_"):
        return "forbid_movement"
    for counter in COUNTERS:
        if card.startswith(f"{counter}_"):
            return f"forbid_{counter}"
    return None


def _cancelled_items(event: Mapping[str, Any], cards: Sequence[Sequence[str]], lang: str) -> list[str]:
    """Each cancelled card with its target and the Forbid card (and owner) that cancelled it (TL-D4a)."""
    items = []
    for index in event.get("cancelled") or []:
        if not isinstance(index, int) or not 0 <= index < len(cards):
            continue
        _owner, card, target = cards[index]
        forbid = _forbid_of(card)
        by = next((c for c in cards if c[1] == forbid and c[2] == target), None)
        if by is None:
            items.append(message("looper.item.cancelled", lang, card=card_name(card, lang),
                                 target=target_name(target, lang)))
        else:
            forbid_text = message("looper.item.forbid_owner", lang, card=card_name(by[1], lang),
                                  owner=owner_label(by[0], lang))
            items.append(message("looper.item.cancelled_by", lang, card=card_name(card, lang),
                                 target=target_name(target, lang), forbid=forbid_text))
    if event.get("forbid_intrigue_void"):
        items.append(message("looper.item.forbid_intrigue_void", lang))
    return items


def _incident_check(event: Mapping[str, Any], culprit: str, lang: str) -> str:
    """Why a scheduled incident did not happen (TL-D7a, TL-D7b), as precisely as the event tells."""
    reason = event.get("reason")
    if reason == "paranoia" and event.get("paranoia") is not None and event.get("limit") is not None:
        return message("looper.event.incident_check_paranoia", lang, culprit=culprit,
                       paranoia=event["paranoia"], limit=event["limit"])
    if reason in ("dead", "absent", "suppressed"):
        return message(f"looper.event.incident_check_{reason}", lang, culprit=culprit)
    return message("looper.event.incident_check", lang, culprit=culprit)


def describe_event(event: Mapping[str, Any], lang: str | None = None, *,
                   cards: Sequence[Sequence[str]] = ()) -> str:
    """One sentence for a log event in ``lang``.

    ``cards`` is the day's face-up cards (the ``cards`` of the last ``cards_revealed`` event):
    with them, a ``cards_resolved`` line names each cancelled card and the Forbid that cancelled it
    (:func:`log_lines` passes them).
    """
    lang = _lang(lang)
    kind = str(event["kind"])

    def get(key: str, default: Any = "") -> Any:
        value = event.get(key, default)
        return default if value is None else value

    def name(key: str) -> str:
        return target_name(str(get(key)), lang)

    def say(message_id: str, **fields: Any) -> str:
        return message(f"looper.event.{message_id}", lang, **fields)

    if kind in ("loop_start", "rewind"):
        return say(kind, loop=get("loop"))
    if kind == "day_start":
        return say(kind, day=get("day"), leader=leader_label(int(get("leader", 0)), lang))
    if kind == "card_placed":
        return say(kind, owner=owner_label(str(get("owner")), lang), target=name("target"))
    if kind == "card_placed_kind":
        return say(kind, card=card_name(str(get("card")), lang))
    if kind == "cards_revealed":
        items = [message("looper.item.card_on", lang, owner=owner_label(o, lang), card=card_name(c, lang),
                         target=target_name(t, lang)) for o, c, t in get("cards", [])]
        return say(kind, cards="; ".join(items))
    if kind == "cards_resolved":
        items = _cancelled_items(event, cards, lang)
        if not items and get("cancelled"):
            items = [message("looper.item.cancelled", lang, card="?", target="?")] * len(get("cancelled"))
        return say("cards_resolved_cancelled", cancelled="; ".join(items)) if items else say(kind)
    if kind == "moved":
        return say(kind, character=name("character"), location=name("location"))
    if kind == "move_ignored":
        return say(kind, character=name("character"), location=name("location"))
    if kind in COUNTERS:
        who = get("character") or get("target")
        return say("counter", target=target_name(str(who), lang), counter=i18n.t(kind, lang),
                   amount=_amount(int(get("amount", 0))))
    if kind == "ability":
        text = _aimed(ability_text(str(get("ability")), lang), get("target") or None, lang)
        source = get("source")
        return say("ability_by", source=target_name(str(source), lang), ability=text) if source else say(
            kind, ability=text)
    if kind == "goodwill_declared":
        return say(kind, ability=_aimed(ability_text(str(get("ability")), lang), get("target") or None, lang))
    if kind in ("goodwill_refused", "goodwill_resolved", "patient_free", "protagonists_died", "final_guess"):
        return say(kind)
    if kind == "refusal":  # a character's goodwill ability is "<character>.<n>"
        source = get("source") or str(get("ability")).partition(".")[0]
        if source in load_content().characters:
            return say(kind, character=character_name(str(source), lang),
                       role=role_name(str(get("role")), lang))
        return say("refusal_role", role=role_name(str(get("role")), lang))
    if kind in ("incident_not_happened", "incident_happened", "incident_no_effect"):
        return say(kind, incident=incident_name(str(get("incident")), lang))
    if kind == "incident_check":
        return _incident_check(event, name("culprit"), lang)
    if kind == "incident_culprit":
        return say(kind, culprit=name("culprit"))
    if kind == "incident_choice":
        incident = incident_name(str(get("incident")), lang)
        choice = get("choice")
        if not choice:
            return say("incident_choice_none", incident=incident)
        return say(kind, incident=incident, choice=choice_name(str(choice), lang))
    if kind == "leader":
        return say(kind, leader=leader_label(int(get("leader", 0)), lang))
    if kind in ("death", "guard_removed", "revived", "henchman_suppressed", "character_removed",
                "forbidden_lifted"):
        return say(kind, character=name("character"))
    if kind == "character_entered":
        return say(kind, character=name("character"), location=name("location"))
    if kind == "protected":
        return say(kind)
    if kind == "loss_prevented":
        return say(kind, rule=reason_name(str(get("rule")), lang))
    if kind == "same_role":
        same = [target_name(str(c), lang) for c in get("characters", [])]
        if not same:
            return say("same_role_none", character=name("character"))
        return say(kind, character=name("character"), characters=", ".join(same))
    if kind == "effect_borrowed":
        return say(kind, character=name("character"), incident=incident_name(str(get("incident")), lang))
    if kind == "death_cause":
        return say(kind, cause=cause_name(str(get("cause")), lang))
    if kind == "death_prevented":
        immortal = get("reason") == "immortal"
        return say("death_prevented_immortal" if immortal else kind, character=name("character"))
    if kind == "guard":
        return say(kind, character=name("character"), guards=get("guards"))
    if kind == "loss_condition":
        return say(kind, rule=reason_name(str(get("rule")), lang))
    if kind == "loop_end":
        return say("loop_end_lost" if get("lost") else "loop_end_survived")
    if kind == "loop_end_reasons":
        reasons = get("reasons") or []
        if not reasons:
            return say("loop_end_no_reason")
        return say(kind, reasons="; ".join(reason_name(str(r), lang).rstrip(".") for r in reasons))
    if kind == "time_spiral":
        return say(kind, choice=choice_name(str(get("choice")), lang))
    if kind == "guess":
        verdict = i18n.t("right" if get("right") else "wrong", lang)
        return say(kind, character=character_name(str(get("character")), lang),
                   role=role_name(str(get("role")), lang), verdict=verdict)
    if kind == "game_over":
        return say(kind, winner=side_name(str(get("winner")), lang),
                   reason=outcome_reason(str(get("reason")), lang))
    if kind in ("role_revealed", "role_changed"):
        return say(kind, character=name("character"), role=role_name(str(get("role")), lang))
    if kind == "culprit_revealed":
        return say(kind, incident=incident_name(str(get("incident")), lang), culprit=name("culprit"))
    if kind == "subplot_revealed":
        return say(kind, plot=plot_name(str(get("plot")), lang))
    if kind == "henchman_start":
        return say(kind, location=name("location"))
    if kind == "card_returned":
        return say(kind, owner=owner_label(str(get("owner", "protagonist:0")), lang),
                   card=card_name(str(get("card")), lang))
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("kind", "loop", "day", "phase"))
    return say("unknown", kind=kind, fields=fields)


def log_lines(events: Iterable[Mapping[str, Any]], lang: str | None = None) -> list[tuple[str, str, str]]:
    """``(rule id, visibility, sentence)`` for each event (the rule id of the phase it happened in)."""
    lang = _lang(lang)
    lines = []
    cards: Sequence[Sequence[str]] = ()
    for e in events:
        if e.get("kind") == "cards_revealed":
            cards = e.get("cards") or ()
        lines.append((PHASE_RULE.get(str(e.get("phase", "")), ""), str(e.get("visibility", "public")),
                      describe_event(e, lang, cards=cards)))
    return lines


__all__ = [
    "PHASE_RULE",
    "Name",
    "ability_text",
    "card_name",
    "cause_name",
    "character_name",
    "choice_name",
    "content_text",
    "describe_action",
    "describe_event",
    "incident_name",
    "incident_text",
    "leader_label",
    "log_lines",
    "outcome_reason",
    "owner_label",
    "plot_name",
    "readable_report",
    "reason_name",
    "role_name",
    "side_name",
    "target_name",
]


class _Asked:
    """A pending decision as a report gives it: who and the kind (no prompt)."""

    def __init__(self, who: str, kind: str) -> None:
        self.who, self.kind, self.prompt = who, kind, ""


def readable_report(data: Mapping[str, Any], lang: str | None = None) -> str:
    """The readable text form of a replay's report (:func:`rulesengine.looper.play.replay.report`): one line
    per public event, ``L<loop> D<day> <rule id> <sentence>``, then the outcome, in ``lang``.

    >>> print(readable_report({"log": [{"loop": 1, "day": 1, "phase": "loop_start", "kind": "loop_start",
    ...     "loop_": 1}], "outcome": {"winner": "mastermind", "reason": "last loop lost", "loop": 3}}, "vi"))
    L1 D1 TL-RW Vòng lặp 1 bắt đầu.
    kết quả: Mastermind thắng (vòng lặp cuối cùng đã thua, vòng lặp 3)
    """
    lang = _lang(lang)
    events = list(data.get("log") or [])
    lines = [f"L{e.get('loop')} D{e.get('day')} {rule} {text}"
             for e, (rule, _vis, text) in zip(events, log_lines(events, lang), strict=True)]
    out = data.get("outcome")
    if out is not None:
        lines.append(message("looper.cli.outcome", lang, winner=side_name(str(out["winner"]), lang),
                             reason=outcome_reason(str(out["reason"]), lang), loop=out["loop"]))
    else:
        pending = data.get("pending") or {}
        who = str(pending.get("who", ""))
        asked = _Asked(who, str(pending.get("kind", "")))
        lines.append(message("looper.cli.pending", lang, who=who_label(who, lang),
                             kind=decision_prompt(asked, lang)))
    return "\n".join(lines)


# ---- decisions and notes ----------------------------------------------------------------------


def who_label(who: str, lang: str | None = None, *, leader: int | None = None) -> str:
    """Who decides: ``'Mastermind'``, ``'Protagonist B'``, or ``'Leader (B)'`` when the leader is known.

    >>> who_label("leader", "vi", leader=1), who_label("protagonist:2", "en")
    ('Leader (B)', 'Protagonist C')
    """
    lang = _lang(lang)
    if who == "leader":
        if leader is None:
            return i18n.t("leader", lang)
        return message("looper.name.leader", lang, letter="ABC"[leader])
    return owner_label(who, lang)


def decision_prompt(decision: Any, lang: str | None = None) -> str:
    """What a pending decision asks, without who (``decision`` has ``who``, ``kind`` and ``prompt``).

    >>> from types import SimpleNamespace as D
    >>> decision_prompt(D(who="protagonist:0", kind="place_card", prompt="protagonist:0: place 1 card"), "vi")
    'đặt 1 Thẻ Hành động úp xuống'
    >>> decision_prompt(D(who="mastermind", kind="place_card", prompt="Mastermind: place card 2 of 3"), "en")
    'place card 2 of 3 face down'
    >>> decision_prompt(D(who="mastermind", kind="incident_target", prompt="murder: choose"), "vi")
    'chọn cho Án mạng'
    """
    lang = _lang(lang)
    kind = str(getattr(decision, "kind", ""))
    prompt = str(getattr(decision, "prompt", ""))
    if kind == "place_card" and getattr(decision, "who", "") == "mastermind":
        n = prompt.rpartition(" of 3")[0].rpartition(" ")[2]
        return message("looper.prompt.place_card_mastermind", lang, n=n if n.isdigit() else "?")
    if kind == "incident_target":
        incident = prompt.partition(":")[0]
        if incident in load_content().incidents:
            return message("looper.prompt.incident_target", lang, incident=incident_name(incident, lang))
        return message("looper.prompt.incident_target_any", lang)
    try:
        return message(f"looper.prompt.{kind}", lang)
    except LookupError:
        return message("looper.prompt.other", lang)


def notes(view: Mapping[str, Any], lang: str | None = None) -> list[str]:
    """What the Protagonists have learned, from their own view of the game (public information only)."""
    lang = _lang(lang)
    sheet = view["script"]
    scheduled = ", ".join(message("looper.note.scheduled", lang, day=d, incident=incident_name(n, lang))
                          for d, n in sorted(sheet["incidents"].items()))
    out = [message("looper.note.script", lang, title=sheet["title"], loops=sheet["loops"], days=sheet["days"],
                   incidents=scheduled)]

    def note(key: str, **fields: Any) -> str:
        return message(f"looper.note.{key}", lang, **fields)

    for event in view["log"]:
        kind = event["kind"]
        where = message("looper.note.where", lang, loop=event["loop"], day=event["day"])
        if kind in ("incident_happened", "incident_not_happened"):
            out.append(note(kind, where=where, incident=incident_name(event["incident"], lang)))
        elif kind == "incident_no_effect":
            out.append(note(kind, where=where))
        elif kind == "death":
            out.append(note(kind, where=where, character=target_name(event["character"], lang)))
        elif kind == "goodwill_refused":
            source = str(event["ability"]).split(".")[0]
            out.append(note(kind, where=where, character=target_name(source, lang)))
        elif kind == "role_revealed":
            out.append(note(kind, where=where, character=target_name(event["character"], lang),
                            role=role_name(event["role"], lang)))
        elif kind == "culprit_revealed":
            out.append(note(kind, where=where, incident=incident_name(event["incident"], lang),
                            culprit=target_name(event["culprit"], lang)))
        elif kind == "subplot_revealed":
            out.append(note(kind, where=where, plot=plot_name(event["plot"], lang)))
        elif kind == "protagonists_died":
            out.append(note(kind, where=where))
        elif kind == "loop_end":
            out.append(note("loop_lost" if event["lost"] else "loop_survived", loop=event["loop"]))
        elif kind == "game_over":
            reason = str(event["reason"]) if lang == "en" else outcome_reason(str(event["reason"]), lang)
            key = "protagonists_win" if event["winner"] == "protagonists" else "mastermind_wins"
            out.append(note(key, reason=reason))
    return out


class Described:
    """An action or a pending decision as a field of a sentence, described in the sentence's language
    (:func:`describe_action`, :func:`decision_prompt`)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def localized(self, language: str) -> str:
        if hasattr(self.value, "kind") and hasattr(self.value, "who"):
            return decision_prompt(self.value, language)
        return describe_action(self.value, language)

    def __repr__(self) -> str:
        return f"Described({self.value!r})"


register_namer("who", lambda who, lang: who_label(who, lang))
