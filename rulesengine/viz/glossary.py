"""The glossary explorer of the index notebook.

A game selector and a search box filter the glossary of the rule sources'
terms; the table's headers and the controls' labels follow the language switch.

>>> explorer = GlossaryExplorer()
>>> explorer.game.value = "grove"
>>> explorer.search.value = "chip"
>>> [row["key"] for row in explorer.rows()]
['detective_chip', 'incompetent_chip']
"""

from __future__ import annotations

import html
import weakref

import ipywidgets as widgets

from rulesengine import i18n
from rulesengine.looper.rules.content import load_content
from rulesengine.viz.common import LanguageSwitch, bind

GAMES = ("all", "looper", "grove", "ui")


class GlossaryExplorer:
    """Controls and a table over :func:`rulesengine.i18n.glossary`."""

    def __init__(self) -> None:
        self.switch = LanguageSwitch()
        self.game = widgets.Dropdown(
            options=[
                ("Tragedy Looper", "looper"),
                ("In a Grove", "grove"),
                ("Notebooks", "ui"),
                ("All / Tất cả", "all"),
            ],
            value="all",
            layout=widgets.Layout(width="260px"),
        )
        self.game.add_class("rulesengine-glossary-game")
        bind(self.game, "game")
        self.search = widgets.Text(placeholder="…", layout=widgets.Layout(width="260px"))
        self.search.add_class("rulesengine-glossary-search")
        bind(self.search, "search")
        self.table = widgets.HTML(layout=widgets.Layout(height="360px", overflow="auto", width="100%"))
        self.table.add_class("rulesengine-glossary-table")
        for control in (self.game, self.search):
            control.observe(lambda _change: self.render(), names="value")
        me = weakref.ref(self)
        i18n.on_change(lambda _language: me().render(), owner=self)  # type: ignore[union-attr]
        self.widget = widgets.VBox(
            [self.switch.widget, widgets.HBox([self.game, self.search]), self.table],
            layout=widgets.Layout(width="100%"),
        )
        self.render()

    def rows(self) -> list[dict[str, str]]:
        """The glossary rows the controls select, in file order, then the Looper's characters (their
        names in both languages from the content, ``data/looper/characters.yaml``: the base 18 and the
        twelve of the wider cast)."""
        needle = self.search.value.strip().casefold()
        rows = []
        for term in i18n.glossary().values():
            if self.game.value != "all" and term.game != self.game.value:
                continue
            if needle and needle not in f"{term.key} {term.en} {term.vi}".casefold():
                continue
            rows.append({
                "key": term.key, "en": term.en, "vi": term.vi, "rule_id": term.rule_id, "source": term.source
            })
        if self.game.value in ("all", "looper"):
            for cid, ch in load_content().characters.items():
                if needle and needle not in f"{cid} {ch.name} {ch.name_vi}".casefold():
                    continue
                rows.append({"key": cid, "en": ch.name, "vi": ch.name_vi or ch.name, "rule_id": "",
                             "source": "data/looper/characters.yaml"})
        return rows

    def render(self) -> None:
        """Redraw the table for the current controls and language."""
        heads = [i18n.t("english"), i18n.t("vietnamese"), i18n.t("rule")]
        body = "".join(
            f"<tr><td>{html.escape(r['en'])}</td><td>{html.escape(r['vi'])}</td>"
            f"<td><code>{html.escape(r['rule_id'])}</code></td></tr>"
            for r in self.rows()
        )
        self.table.value = (
            '<table style="border-collapse:collapse;width:100%">'
            + "<thead><tr>"
            + "".join(f'<th style="text-align:left;padding:2px 8px">{html.escape(h)}</th>' for h in heads)
            + f"</tr></thead><tbody>{body}</tbody></table>"
        )
