"""The shape every exercise shares: a situation built by an engine, one question, an answer form,
the engine's own answer, and the explanation citing the rules that decided it.

An exercise kind is a :class:`Kind`: a name, the rules it practises, its difficulties (how many rules
interact) and a ``make(seed, difficulty)`` that builds an :class:`Exercise` with the engines — never by
hand. :func:`generate` draws one from the registry; the same game, kind, seed and difficulty give the
same exercise on every machine.

An answer is given in the exercise's :class:`AnswerForm`: one option (:class:`Choice`), a value for each
of several keys (:class:`Assignment`), a probability within a tolerance (:class:`Probability`) or a
whole number (:class:`Count`). Each form reads an answer from text (the command line, a text box) or
from a structured value (a widget), and an answer in the wrong shape is an :class:`AnswerError` that says
which shape was expected — never a traceback.

>>> from rulesengine.exercises import generate
>>> ex = generate("grove", "culprit", seed=7, difficulty=1)
>>> ex.kind, ex.seed, ex.difficulty
('culprit', 7, 1)
>>> ex.mark(ex.solution).correct
True
>>> ex.mark("suspect 9")
Traceback (most recent call last):
...
rulesengine.exercises.core.AnswerError: answer: 'suspect 9' is not one of the options: 0, 1, 2
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from rulesengine.errors import InputError
from rulesengine.messages import Message, Name, message, render_field

__all__ = [
    "AnswerError",
    "AnswerForm",
    "Assignment",
    "Choice",
    "Count",
    "Exercise",
    "Kind",
    "Marking",
    "Option",
    "Probability",
    "generate",
    "kind",
    "kinds",
    "register",
]

#: What a label may be: a catalog message, a game term, or plain text (a number, a seat index).
Label = Message | Name | str


def say(label: Label, language: str | None = None) -> str:
    """A label in ``language`` (default: the current one).

    >>> say(Message("grove.event.unseen", {"suspect": 2}), "vi")
    'Token Chưa xem được đặt lên Nghi phạm 2'
    >>> say("3")
    '3'
    """
    if isinstance(label, Message):
        return label.localized(language)
    from rulesengine.messages import current_language

    return str(render_field(label, current_language() if language is None else language))


class AnswerError(InputError):
    """An answer in the wrong shape (not an option, not a fraction, a key missing…).

    ``str()`` is English; :meth:`localized` says it in another language.
    """

    def __init__(self, message_id: str, /, **fields: Any) -> None:
        super().__init__("answer", message(message_id, "en", **fields), message_id=message_id, fields=fields)
        self.answer_message_id = message_id

    def localized(self, language: str | None = None) -> str:
        said = message(self.answer_message_id, language, **self.fields)
        return f"{message('exercise.label.answer', language)}: {said}"


# --------------------------------------------------------------------------------- answer forms


@dataclass(frozen=True)
class Option:
    """One answer a learner may pick: its ``key`` (what the command line and JSON use) and its label."""

    key: str
    label: Label

    def matches(self, text: str) -> bool:
        """Whether ``text`` names this option: its key or its label in either language, any case."""
        wanted = _fold(text)
        labels = (_fold(say(self.label, language)) for language in ("en", "vi"))
        return wanted == _fold(self.key) or wanted in labels


def _fold(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def _pick(options: Sequence[Option], given: Any) -> str:
    """The key of the option ``given`` names (a key, a label, or its number counted from 1)."""
    text = str(given).strip()
    for option in options:
        if option.matches(text):
            return option.key
    if text.isdigit() and text.isascii() and 1 <= int(text) <= len(options) and not any(
        o.key.isdigit() for o in options
    ):
        return options[int(text) - 1].key
    raise AnswerError("exercise.error.not_an_option", given=text[:60],
                      options=", ".join(o.key for o in options))


class AnswerForm(Protocol):
    """How an answer is given, read and compared."""

    def read(self, given: Any) -> Any:
        """The canonical answer from a structured value or text; :class:`AnswerError` if malformed."""

    def same(self, answer: Any, solution: Any) -> bool:
        """Whether the (canonical) answer counts as the solution."""

    def show(self, value: Any, language: str | None = None) -> str:
        """A canonical answer as a person reads it."""

    def to_json(self) -> dict[str, Any]:
        """The form as JSON (for ``--json`` and for widgets)."""


@dataclass(frozen=True)
class Choice:
    """One option among several: ``read`` accepts the key, the label (either language) or its number."""

    options: tuple[Option, ...]

    def read(self, given: Any) -> str:
        return _pick(self.options, given)

    def same(self, answer: Any, solution: Any) -> bool:
        return bool(answer == solution)

    def label(self, key: str) -> Label:
        return next(o.label for o in self.options if o.key == key)

    def show(self, value: Any, language: str | None = None) -> str:
        return say(self.label(value), language)

    def to_json(self) -> dict[str, Any]:
        return {"form": "choice", "options": [o.key for o in self.options]}


@dataclass(frozen=True)
class Assignment:
    """A value for each key (where each character ends up, how many chips each seat takes…).

    ``read`` accepts a mapping, or text ``key=value, key=value`` (keys and values by key or label);
    every key must be given once.
    """

    keys: tuple[Option, ...]
    values: tuple[Option, ...]

    def read(self, given: Any) -> dict[str, str]:
        if isinstance(given, Mapping):
            pairs = [(str(k), str(v)) for k, v in given.items()]
        else:
            text = str(given).strip()
            if text.startswith("{"):
                try:
                    loaded = json.loads(text)
                except ValueError:
                    loaded = None
                if not isinstance(loaded, dict):
                    raise AnswerError("exercise.error.assignment_shape", keys=self._keys())
                pairs = [(str(k), str(v)) for k, v in loaded.items()]
            else:
                pairs = []
                for part in filter(None, (p.strip() for p in re.split(r"[,;\n]", text))):
                    if "=" not in part:
                        raise AnswerError("exercise.error.assignment_shape", keys=self._keys())
                    key, _, value = part.partition("=")
                    pairs.append((key.strip(), value.strip()))
        out: dict[str, str] = {}
        for key_text, value_text in pairs:
            key = _pick(self.keys, key_text)
            if key in out:
                raise AnswerError("exercise.error.assignment_repeated", key=key)
            out[key] = _pick(self.values, value_text)
        missing = [o.key for o in self.keys if o.key not in out]
        if missing:
            raise AnswerError("exercise.error.assignment_missing", keys=", ".join(missing))
        return {o.key: out[o.key] for o in self.keys}

    def same(self, answer: Any, solution: Any) -> bool:
        return bool(answer == solution)

    def wrong_keys(self, answer: Mapping[str, str], solution: Mapping[str, str]) -> list[str]:
        """The keys whose value differs from the solution's."""
        return [o.key for o in self.keys if answer.get(o.key) != solution.get(o.key)]

    def show(self, value: Any, language: str | None = None) -> str:
        keys = {o.key: o.label for o in self.keys}
        values = {o.key: o.label for o in self.values}
        return ", ".join(f"{say(keys[k], language)}: {say(values[v], language)}" for k, v in value.items())

    def _keys(self) -> str:
        return ", ".join(o.key for o in self.keys)

    def to_json(self) -> dict[str, Any]:
        return {"form": "assignment", "keys": [o.key for o in self.keys],
                "values": [o.key for o in self.values]}


def read_probability(given: Any) -> Fraction:
    """A probability from a fraction, a decimal or a percentage, in [0, 1].

    >>> read_probability("2/3"), read_probability("0.5"), read_probability("25%")
    (Fraction(2, 3), Fraction(1, 2), Fraction(1, 4))
    >>> read_probability("4/3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rulesengine.exercises.core.AnswerError: answer: '4/3' is not a probability between 0 and 1 ...
    """
    if isinstance(given, Fraction):
        value = given
    else:
        text = str(given).strip().replace(",", ".")
        percent = text.endswith("%")
        body = text[:-1].strip() if percent else text
        if not re.fullmatch(r"\d{1,9}(\.\d{1,9})?(/\d{1,9})?", body) or not body.isascii():
            raise AnswerError("exercise.error.not_a_probability", given=text[:60])
        try:
            value = Fraction(body) / (100 if percent else 1)
        except ZeroDivisionError:
            raise AnswerError("exercise.error.not_a_probability", given=text[:60]) from None
    if not 0 <= value <= 1:
        raise AnswerError("exercise.error.not_a_probability", given=str(given)[:60])
    return value


@dataclass(frozen=True)
class Probability:
    """A probability: right when within ``tolerance`` of the exact one (which the marking then shows)."""

    tolerance: Fraction = Fraction(2, 100)

    def read(self, given: Any) -> Fraction:
        return read_probability(given)

    def same(self, answer: Any, solution: Any) -> bool:
        return bool(abs(Fraction(answer) - Fraction(solution)) <= self.tolerance)

    def show(self, value: Any, language: str | None = None) -> str:
        """The exact fraction and its percentage: ``2/3 ≈ 66.7%``, ``1 = 100%``, ``0 = 0%``."""
        value = Fraction(value)
        if value.denominator == 1:
            return f"{value.numerator} = {value.numerator:.0%}"
        return f"{value.numerator}/{value.denominator} ≈ {float(value):.1%}"

    def to_json(self) -> dict[str, Any]:
        t = self.tolerance
        return {"form": "probability", "tolerance": f"{t.numerator}/{t.denominator}"}


@dataclass(frozen=True)
class Count:
    """A whole number from ``minimum`` to ``maximum``."""

    minimum: int = 0
    maximum: int = 99

    def read(self, given: Any) -> int:
        text = str(given).strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 6) or not (
            self.minimum <= int(text) <= self.maximum
        ):
            raise AnswerError("exercise.error.not_a_count", given=text[:60], low=self.minimum,
                              high=self.maximum)
        return int(text)

    def same(self, answer: Any, solution: Any) -> bool:
        return bool(answer == solution)

    def show(self, value: Any, language: str | None = None) -> str:
        return str(value)

    def to_json(self) -> dict[str, Any]:
        return {"form": "count", "minimum": self.minimum, "maximum": self.maximum}


# --------------------------------------------------------------------------------- exercise, marking


@dataclass(frozen=True)
class Marking:
    """An answer marked: right or wrong, the answer given and the engine's, and why."""

    correct: bool
    given: Any
    solution: Any
    explanation: tuple[Message, ...]
    rules: tuple[str, ...]
    #: For an assignment, the keys answered wrongly.
    wrong: tuple[str, ...] = ()

    def verdict(self, language: str | None = None) -> str:
        """``Right.`` or ``Wrong.`` in ``language``."""
        return message("exercise.label.right" if self.correct else "exercise.label.wrong", language)

    def lines(self, language: str | None = None) -> list[str]:
        """The explanation's sentences in ``language``."""
        return [m.localized(language) for m in self.explanation]


@dataclass(frozen=True)
class Exercise:
    """One question about a situation an engine built, with the engine's answer and why.

    ``situation`` holds JSON-able facts a picture or "show me the step" needs (a script id and the
    decisions so far, a deal…); ``solution`` is the canonical answer of ``form``.
    """

    game: str
    kind: str
    seed: int
    difficulty: int
    question: Message
    form: AnswerForm
    solution: Any
    explanation: tuple[Message, ...]
    rules: tuple[str, ...]
    situation: Mapping[str, Any] = field(default_factory=dict)

    def read(self, given: Any) -> Any:
        """The canonical answer from ``given`` (text or a structured value); :class:`AnswerError` if the
        shape is wrong."""
        return self.form.read(given)

    def mark(self, given: Any) -> Marking:
        """Mark an answer: right when it counts as the engine's (:meth:`AnswerForm.same`)."""
        answer = self.read(given)
        wrong: tuple[str, ...] = ()
        if isinstance(self.form, Assignment):
            wrong = tuple(self.form.wrong_keys(answer, self.solution))
        return Marking(self.form.same(answer, self.solution), answer, self.solution, self.explanation,
                       self.rules, wrong)

    def prompt(self, language: str | None = None) -> str:
        """The question in ``language``."""
        return self.question.localized(language)

    def show_solution(self, language: str | None = None) -> str:
        """The engine's answer as a person reads it."""
        return self.form.show(self.solution, language)

    def to_json(self, language: str = "en") -> dict[str, Any]:
        """The exercise as JSON: the question and explanation in ``language``, the solution canonical."""
        solution = self.solution
        if isinstance(solution, Fraction):
            solution = f"{solution.numerator}/{solution.denominator}"
        return {
            "game": self.game, "kind": self.kind, "seed": self.seed, "difficulty": self.difficulty,
            "question": self.prompt(language), "answer_form": self.form.to_json(), "solution": solution,
            "solution_text": self.show_solution(language),
            "explanation": [m.localized(language) for m in self.explanation], "rules": list(self.rules),
            "situation": _jsonable(self.situation),
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


# --------------------------------------------------------------------------------- the registry


@dataclass(frozen=True)
class Kind:
    """An exercise kind: ``make(rng, seed, difficulty)`` builds one exercise with the engines."""

    game: str
    name: str
    title: str  # a message id
    rules: tuple[str, ...]
    difficulties: tuple[int, ...]
    make: Callable[[random.Random, int, int], Exercise]

    def generate(self, seed: int, difficulty: int) -> Exercise:
        if difficulty not in self.difficulties:
            raise InputError("--difficulty", f"kind {self.name} has difficulties "
                             f"{', '.join(map(str, self.difficulties))}, got {difficulty}")
        return self.make(random.Random(f"{self.game}/{self.name}/{seed}/{difficulty}"), seed, difficulty)


_KINDS: dict[tuple[str, str], Kind] = {}
GAMES = ("looper", "grove")


def register(k: Kind) -> Kind:
    """Add a kind to the registry. Each game's module (:mod:`rulesengine.exercises.looper`,
    :mod:`rulesengine.exercises.grove`) registers its kinds on import, and the package's ``__init__``
    imports both, so the registry is full once :mod:`rulesengine.exercises` is imported (this module
    imports no game module: they import it)."""
    _KINDS[(k.game, k.name)] = k
    return k


def kinds(game: str | None = None) -> list[Kind]:
    """The registered kinds (of one game), the games in :data:`GAMES` order and each game's kinds in
    registration order."""
    return [k for g in GAMES if game is None or g == game for (kg, _), k in _KINDS.items() if kg == g]


def kind(game: str, name: str) -> Kind:
    """One kind by game and name; :class:`InputError` naming the known ones otherwise."""
    if game not in GAMES:
        raise InputError("game", f"must be one of {', '.join(GAMES)}, got {game!r}")
    found = _KINDS.get((game, name))
    if found is None:
        known = ", ".join(k.name for k in kinds(game))
        raise InputError("--kind", f"no exercise kind {name!r} for {game}; one of {known}")
    return found


def generate(game: str, name: str, seed: int | None = None, difficulty: int | None = None) -> Exercise:
    """An exercise of ``game``'s kind ``name``, reproducible from its seed (a fresh one if ``None``) and
    difficulty (the kind's easiest if ``None``)."""
    k = kind(game, name)
    seed = random.randrange(10**6) if seed is None else seed
    return k.generate(seed, k.difficulties[0] if difficulty is None else difficulty)
