"""Widgets and helpers shared by every notebook.

* :class:`LanguageSwitch` — English / Tiếng Việt toggle; every label made with
  :func:`bind` follows it.
* :class:`MessageBox` — a fixed-height line where a refused action or an
  impossible input is explained (never a traceback in a notebook).
* :class:`FigureView` — a matplotlib figure shown as a PNG ``Image`` widget of
  fixed size, redrawn in place so the page does not jump.
* :func:`use_style` — the plot style of the notebooks.
* :func:`figure_view` — a :class:`FigureView` whose first drawing can be skipped.
* :func:`classed` and :func:`button` — a widget with its CSS class and,
  optionally, a glossary label that follows the language switch.
* :func:`on_new_language` — call back once each time the language really changes.
"""

from __future__ import annotations

import html
import io
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import ipywidgets as widgets
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from cycler import cycler
from matplotlib.figure import Figure

from rulesengine import i18n
from rulesengine.errors import RulesEngineError

#: Colours used across the notebooks (colour-blind safe, Okabe–Ito).
PALETTE = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "green": "#009E73",
    "red": "#D55E00",
    "purple": "#CC79A7",
    "sky": "#56B4E9",
    "yellow": "#F0E442",
    "grey": "#999999",
    "ink": "#222222",
    "paper": "#FBF8F1",
}


def use_style() -> None:
    """Set the notebooks' matplotlib style (readable sizes, light grid, no top/right spines)."""
    plt.rcParams.update(
        {
            "figure.dpi": 100,
            "savefig.dpi": 100,
            "font.size": 11,
            "axes.titlesize": 13,
            "axes.titleweight": "bold",
            "axes.labelsize": 11,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "grid.alpha": 0.3,
            "axes.prop_cycle": cycler(
                color=[PALETTE[c] for c in ("blue", "orange", "green", "red", "purple", "sky")]
            ),
            "figure.facecolor": "white",
        }
    )


def bind(widget: widgets.Widget, key: str, attr: str = "description") -> widgets.Widget:
    """Set ``widget.<attr>`` to the glossary label ``key`` and keep it following the language switch.

    >>> import ipywidgets as w
    >>> button = bind(w.Button(), "next_step")
    >>> button.description
    'Next step'
    >>> i18n.set_language("vi"); button.description
    'Bước tiếp theo'
    >>> i18n.set_language("en")
    """
    setattr(widget, attr, i18n.t(key))
    ref = weakref.ref(widget)

    def relabel(language: str) -> None:
        target = ref()
        if target is not None:
            setattr(target, attr, i18n.t(key, language))

    i18n.on_change(relabel, owner=widget)
    return widget


W = TypeVar("W", bound=widgets.DOMWidget)


def classed(widget: W, css_class: str, label: str | None = None) -> W:
    """Add the CSS class ``css_class`` to ``widget``; with a ``label``, :func:`bind` its description to it.

    >>> import ipywidgets as w
    >>> box = classed(w.Dropdown(), "rulesengine-example", "next_step")
    >>> box._dom_classes, box.description
    (('rulesengine-example',), 'Next step')
    """
    widget.add_class(css_class)
    if label is not None:
        bind(widget, label)
    return widget


def button(css_class: str, label: str, width: str, style: str = "") -> widgets.Button:
    """A button of fixed ``width`` with the CSS class ``css_class``, labelled with the glossary key ``label``.

    ``style`` is the ipywidgets ``button_style`` ("primary", "success", "info", "warning", ...).

    >>> b = button("rulesengine-example", "next_step", "180px", style="primary")
    >>> b.description, b.button_style, b.layout.width, b._dom_classes
    ('Next step', 'primary', '180px', ('rulesengine-example',))
    """
    return classed(widgets.Button(button_style=style, layout=widgets.Layout(width=width)), css_class, label)


def on_new_language(callback: Callable[[str], Any]) -> Callable[[], None]:
    """Call ``callback(language)`` each time the language changes; returns the function that stops it.

    Several switches in one notebook stay in step, so one change can be announced again with the
    same language; ``callback`` runs only when the language differs from the last one seen.

    >>> seen: list[str] = []
    >>> stop = on_new_language(seen.append)
    >>> for language in ("vi", "vi", "en"):
    ...     i18n.set_language(language)
    >>> stop(); seen
    ['vi', 'en']
    """
    current: str = i18n.get_language()

    def listener(language: str) -> None:
        nonlocal current
        if language != current:
            current = language
            callback(language)

    return i18n.on_change(listener)


class LanguageSwitch:
    """The English / Tiếng Việt switch.

    >>> switch = LanguageSwitch()
    >>> switch.widget.value = "vi"
    >>> i18n.get_language()
    'vi'
    >>> switch.widget.value = "en"
    """

    def __init__(self) -> None:
        self.widget = widgets.ToggleButtons(
            options=[(name, code) for code, name in i18n.LANGUAGES.items()],
            value=i18n.get_language(),
            description="",
            tooltips=["English labels", "Nhãn tiếng Việt"],
            style={"button_width": "110px"},
        )
        self.widget.add_class("rulesengine-language-switch")
        self.widget.observe(self._changed, names="value")
        # Several switches in one notebook stay in step.
        ref = weakref.ref(self.widget)
        i18n.on_change(lambda language: setattr(ref(), "value", language), owner=self.widget)

    def _changed(self, change: dict[str, Any]) -> None:
        i18n.set_language(change["new"])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class MessageBox:
    """A one-line message area of fixed height: errors in red, news in grey.

    >>> box = MessageBox()
    >>> with box.catching():
    ...     raise RulesEngineError("GR-P4: seat 1 may not look at suspect 0")
    >>> "GR-P4" in box.widget.value, box.last_error
    (True, 'GR-P4: seat 1 may not look at suspect 0')
    """

    def __init__(self) -> None:
        self.widget = widgets.HTML(value="&nbsp;", layout=widgets.Layout(min_height="28px", width="100%"))
        self.widget.add_class("rulesengine-message")
        self.last_error: str | None = None

    def error(self, text: str) -> None:
        """Show ``text`` as a refusal or an impossible input."""
        self.last_error = text
        style = f'color:{PALETTE["red"]};font-weight:600'
        self.widget.value = f'<span style="{style}">⚠ {html.escape(text)}</span>'

    def info(self, text: str) -> None:
        """Show ``text`` as plain news."""
        self.last_error = None
        self.widget.value = f'<span style="color:#555">{html.escape(text)}</span>'

    def clear(self) -> None:
        """Empty the line (its height stays)."""
        self.last_error = None
        self.widget.value = "&nbsp;"

    @contextmanager
    def catching(self) -> Iterator[None]:
        """Run a block; a :class:`RulesEngineError` it raises is shown here instead of propagating."""
        try:
            yield
        except RulesEngineError as exc:
            self.error(exc.localized())


class FigureView:
    """A figure shown as a fixed-size PNG image widget, redrawn in place.

    ``draw(fig)`` is called on every :meth:`refresh` with a cleared figure.

    >>> view = FigureView(lambda fig: fig.add_subplot().plot([0, 1], [1, 0]), size=(3, 2))
    >>> view.widget.value[:4] == b"\\x89PNG"
    True
    """

    def __init__(self, draw: Callable[[Figure], Any], size: tuple[float, float] = (8, 4.5)) -> None:
        self._draw = draw
        self.figure = Figure(figsize=size, dpi=100)
        width, height = (int(size[0] * 100), int(size[1] * 100))
        self.widget = widgets.Image(
            format="png", layout=widgets.Layout(width=f"{width}px", height=f"{height}px", max_width="100%")
        )
        self.widget.add_class("rulesengine-figure")
        self.refresh()

    def refresh(self) -> None:
        """Redraw the figure and update the image."""
        self.figure.clear()
        self._draw(self.figure)
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", facecolor="white")
        self.widget.value = buffer.getvalue()


def figure_view(
    draw: Callable[[Figure], Any], size: tuple[float, float], draw_now: bool = True
) -> FigureView:
    """A :class:`FigureView` that draws with ``draw`` on every refresh.

    With ``draw_now=False`` the first picture is left blank (a widget built with ``draw=False``
    skips the drawing until its first :meth:`FigureView.refresh`).

    >>> calls = []
    >>> view = figure_view(calls.append, size=(3, 2), draw_now=False)
    >>> len(calls), view.refresh(), len(calls)
    (0, None, 1)
    """
    view = FigureView(draw if draw_now else (lambda fig: None), size=size)
    view._draw = draw
    return view
