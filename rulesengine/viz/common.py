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
* :func:`show`, :class:`Text`, :class:`Table`, :func:`text_table` — what a notebook cell prints, as HTML
  in the notebook's proportional font (monospace breaks Vietnamese stacked diacritics in Chromium on a
  bare Debian), with the same words as plain text for nbval and terminals.
* :func:`secret_badge` — the mark of a line only the Mastermind knows (a styled badge: the default
  fonts of a bare Debian have no 🔒).
* :func:`widget_hint`, :func:`widget_bundle` — what a widget output says where widgets cannot be drawn:
  run the cells.
"""

from __future__ import annotations

import html
import io
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
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
from rulesengine.messages import Message

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


#: The font of everything a learner reads in an output: the page's own (sans-serif), never monospace.
TEXT_FONT = "var(--jp-content-font-family, system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif)"
#: The plain-text mark of a Mastermind-only line in the helpers' text (rendered as :func:`secret_badge`).
SECRET_MARK = "🔒 "

#: What a widget output shows where no widget can be drawn (an untrusted or unrun notebook).
RUN_HINT = {
    "en": "[a control: run the notebook's cells (Run ▸ Run All Cells) to use it]",
    "vi": "[một nút điều khiển: hãy chạy các ô của sổ tay (Run ▸ Run All Cells) để dùng]",
}


def use_style() -> None:
    """Set the notebooks' matplotlib style (readable sizes, light grid, no top/right spines), and make
    every widget's plain-text form the one line :data:`RUN_HINT` instead of a repr such as
    ``ToggleButtons(_dom_classes=(…`` (see :func:`widget_hint`)."""
    widget_hint()
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


#: A label: a glossary key, a catalog :class:`~rulesengine.messages.Message` (written in the language it is
#: shown in, so a table or a widget made once follows the language switch), or words shown as they are.
Label = str | Message


def bind(widget: widgets.Widget, key: Label, attr: str = "description") -> widgets.Widget:
    """Set ``widget.<attr>`` to the label ``key`` (a glossary key or a catalog
    :class:`~rulesengine.messages.Message`) and keep it following the language switch.

    >>> import ipywidgets as w
    >>> button = bind(w.Button(), "next_step")
    >>> button.description
    'Next step'
    >>> i18n.set_language("vi"); button.description
    'Bước tiếp theo'
    >>> i18n.set_language("en")
    """
    setattr(widget, attr, _label(key))
    ref = weakref.ref(widget)

    def relabel(language: str) -> None:
        target = ref()
        if target is not None:
            setattr(target, attr, _label(key, language))

    i18n.on_change(relabel, owner=widget)
    return widget


def _label(key: Label, language: str | None = None) -> str:
    return key.localized(language) if isinstance(key, Message) else i18n.t(key, language)


W = TypeVar("W", bound=widgets.DOMWidget)


def classed(widget: W, css_class: str, label: Label | None = None) -> W:
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
        return widget_bundle(self.widget, **kwargs)


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


def widget_hint() -> None:
    """In IPython, show every widget's ``text/plain`` as :data:`RUN_HINT` in the current language.

    A notebook opened before it runs, or not trusted, shows the plain-text form of a widget output;
    ipywidgets' own is the widget's repr. The widget view itself is unchanged. Outside IPython this
    does nothing.
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return
    shell = get_ipython()
    if shell is None:
        return

    shell.display_formatter.mimebundle_formatter.for_type(widgets.Widget, widget_bundle)


def widget_bundle(widget: widgets.Widget, **kwargs: Any) -> Any:
    """``widget``'s display data with the plain-text form :data:`RUN_HINT` (for the
    ``_repr_mimebundle_`` of an object that shows a widget).

    >>> widget_bundle(widgets.Button())["text/plain"]
    "[a control: run the notebook's cells (Run ▸ Run All Cells) to use it]"
    """
    data = widgets.Widget._repr_mimebundle_(widget, **kwargs)
    if isinstance(data, dict) and "text/plain" in data:
        data["text/plain"] = RUN_HINT[i18n.get_language()]
    return data


def secret_badge() -> str:
    """The HTML badge that marks a line only the Mastermind knows (in place of a 🔒, which the
    default fonts of a bare Debian lack).

    >>> "rulesengine-secret" in secret_badge() and "🔒" not in secret_badge()
    True
    """
    style = (
        "display:inline-block;font-size:0.8em;font-weight:600;line-height:1.3;padding:0 0.45em;"
        "margin-right:0.35em;border-radius:0.7em;color:#fff;background:#7B3F99;vertical-align:0.05em"
    )
    label = html.escape(i18n.t("mastermind"))
    return f'<span class="rulesengine-secret" style="{style}" title="{label}">{label}</span>'


def _line_html(line: str) -> str:
    if line.lstrip().startswith(SECRET_MARK):
        indent = line[: len(line) - len(line.lstrip())]
        return f"{html.escape(indent)}{secret_badge()}{html.escape(line.lstrip()[len(SECRET_MARK):])}"
    return html.escape(line)


class Text:
    """Lines of text shown as HTML in the notebook's font; ``repr`` is the plain text.

    A line starting with :data:`SECRET_MARK` gets the :func:`secret_badge` instead of the mark.

    >>> text = Text("Sự cố xảy ra\\n🔒 the Brain acts")
    >>> text
    Sự cố xảy ra
    🔒 the Brain acts
    >>> "rulesengine-secret" in text._repr_html_() and "🔒" not in text._repr_html_()
    True
    """

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        lines = "".join(f"<div>{_line_html(line) or '&nbsp;'}</div>" for line in self.text.split("\n"))
        style = f"font-family:{TEXT_FONT};font-size:14px;line-height:1.5;white-space:pre-wrap"
        return f'<div class="rulesengine-text" style="{style}">{lines}</div>'


def show(*values: object, sep: str = " ") -> None:
    """Like ``print``, but the learner reads HTML in the notebook's font (:class:`Text`).

    >>> show("alibis:", [2, 3])
    alibis: [2, 3]
    """
    from IPython.display import display

    display(Text(sep.join(str(v) for v in values)))


def words(message_id: str, **fields: Any) -> Message:
    """The catalog message ``message_id`` as a :data:`Label`: a table's heading or a widget's label, written
    in the language it is shown in (so it follows the language switch).

    >>> label(words("grove.table.seat_saw", seat=2), "vi")
    'chỗ ngồi 2 đã thấy'
    """
    return Message(message_id, fields)


def label(key: Label, language: str | None = None) -> str:
    """A glossary key's label, a catalog message's text, or ``key`` itself, in ``language``.

    >>> label("suspect", "vi"), label(Message("grove.table.in_hand", {}), "vi"), label("P(0)", "vi")
    ('Nghi phạm', 'trên tay', 'P(0)')
    """
    if isinstance(key, Message):
        return key.localized(language)
    return i18n.t(key, language) if key in i18n.glossary() else key


#: The style of :class:`Table`. JupyterLab and Voilà right-align every cell of an output with
#: ``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td`` (specificity 0,2,1); the doubled class
#: ``table.rulesengine-table.rulesengine-table`` (0,2,2 with ``td``) outranks it wherever the two meet.
#: ``tests/nbval_sanitize.cfg`` leaves this block out of the outputs nbval compares (it is presentation).
TABLE_CSS = (
    "table.rulesengine-table.rulesengine-table th,table.rulesengine-table.rulesengine-table td"
    "{padding:3px 12px;text-align:left;border-bottom:1px solid #ddd}"
    "table.rulesengine-table.rulesengine-table th{background:#f3f0e8}"
    "table.rulesengine-table.rulesengine-table caption{text-align:left;font-weight:600;padding:2px 0}"
)


class Table:
    """Rows under a header, shown as an HTML table in the notebook's font; ``repr`` is aligned text.

    Headers that are glossary keys or catalog messages (:data:`Label`) are shown in the current language,
    read when the table is shown.

    >>> Table([["2", "0"], ["3", "1/3"]], ["players", "Probability"])
    Players  Probability
    2        0
    3        1/3
    >>> "<th>Người chơi</th>" in Table([["2"]], ["players"]).html("vi")
    True
    """

    def __init__(
        self, rows: Iterable[Sequence[object]], header: Sequence[Label], title: str = ""
    ) -> None:
        self.rows = [[str(cell) for cell in row] for row in rows]
        self.header = list(header)
        self.title = title

    def labels(self, language: str | None = None) -> list[str]:
        """The header in ``language``: glossary keys and catalog messages translated."""
        return [label(h, language) for h in self.header]

    def __repr__(self) -> str:
        table = [self.labels(), *self.rows]
        widths = [max(len(row[i]) if i < len(row) else 0 for row in table) for i in range(len(self.header))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip() for row in table]
        return "\n".join(([self.title] if self.title else []) + lines)

    def html(self, language: str | None = None) -> str:
        """The table as HTML, headed in ``language`` (default: the current one)."""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.labels(language))
        body = "".join(
            "<tr>" + "".join(f"<td>{_line_html(cell)}</td>" for cell in row) + "</tr>" for row in self.rows
        )
        caption = f"<caption>{html.escape(self.title)}</caption>" if self.title else ""
        return (
            f'<table class="rulesengine-table" style="font-family:{TEXT_FONT};font-size:14px;'
            f'border-collapse:collapse">{caption}<thead>{head}</thead><tbody>{body}</tbody></table>'
            f"<style>{TABLE_CSS}</style>"
        )

    def _repr_html_(self) -> str:
        return self.html()


def text_table(text: str) -> Table:
    """A fixed-width text table (columns under a header, separated by two or more spaces in the header)
    as a :class:`Table`.

    >>> text_table("name     start   limit\\nDoctor   City    2\\nIdol     School  3").rows
    [['Doctor', 'City', '2'], ['Idol', 'School', '3']]
    """
    import re

    header, *rows = text.rstrip("\n").split("\n")
    starts = [0] + [m.end() for m in re.finditer(r"\s{2,}(?=\S)", header)]
    bounds = list(zip(starts, [*starts[1:], None], strict=True))

    def cut(line: str) -> list[str]:
        return [line[a:b].strip() for a, b in bounds]

    return Table([cut(row) for row in rows if row.strip()], cut(header))
