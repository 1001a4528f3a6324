"""The rules reference window: the whole game in our own words, with a glossary.

It shows ``data/rules/`` (:mod:`krestonostsy.content.rules`) in the current language: a
table of contents (the rulebook's sections, then the glossary), a search box that keeps
only the paragraphs and entries matching in either language and marks the matches, the
pieces drawn with the table's own art (:mod:`.table.art`) beside the paragraphs that talk
about them, and links between paragraphs and glossary entries.

Other parts open it at a place: :meth:`RulesWindow.show_rule` (the "?" of the prompt bar,
with the rule IDs of the current decision) and :meth:`RulesWindow.show_entry` (a keyword
of a card). The window only shows text; it decides nothing.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, QUrl
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..content.rules import LINK, GlossaryEntry, Paragraph, RulesBook, shipped_rules
from ..i18n import _, current_language, ngettext
from .table import art
from .window_size import resize_within_screen, size_in_lines

GLOSSARY_ANCHOR = "glossary"
HIGHLIGHT = "#ffd75e"  # a search match
FOCUS = "#f3dfa6"  # the paragraph or entry the window was opened at
PLAIN = "#fbf3dc"


# ------------------------------------------------------------------------------ pictures
def _card(icon_name: str):
    def draw(p: QPainter, rect: QRectF) -> None:
        w = rect.height() * .72
        card = QRectF(rect.center().x() - w / 2, rect.top() + 1, w, rect.height() - 2)
        art.card_frame(p, card)
        s = w * .62
        art.icon(p, icon_name, QRectF(card.center().x() - s / 2, card.center().y() - s / 2, s, s))
    return draw


def _cross(p: QPainter, rect: QRectF) -> None:
    """The cross of orders: four arms, each an inner and an outer cell."""
    c = rect.center()
    u = rect.height() / 5
    p.save()
    p.setPen(QPen(art.INK, max(1.0, u * .08)))
    cells = [(0, 0)] + [(dx * k, dy * k) for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1))
                         for k in (1, 2)]
    for dx, dy in cells:
        p.setBrush(art.PARCHMENT_DARK if (dx, dy) == (0, 0) else
                   art.PARCHMENT_LIGHT if abs(dx) + abs(dy) == 1 else art.GOLD_LIGHT)
        p.drawRect(QRectF(c.x() + (dx - .5) * u, c.y() + (dy - .5) * u, u, u))
    p.restore()


def _influence(p: QPainter, rect: QRectF) -> None:
    """An influence token: a crimson seal with a gold cross."""
    c, r = rect.center(), rect.height() * .42
    p.save()
    path = QPainterPath()
    path.addEllipse(c, r, r)
    p.setPen(QPen(art.INK, max(1.0, r * .1)))
    p.setBrush(art.CRIMSON)
    p.drawPath(path)
    art.cross(p, c, r * .6, art.GOLD_LIGHT)
    p.restore()


def _row(draw_one, items):
    def draw(p: QPainter, rect: QRectF) -> None:
        n = len(items)
        w = rect.width() / n
        for i, item in enumerate(items):
            draw_one(p, QRectF(rect.left() + i * w, rect.top(), w, rect.height()), item)
    return draw


def _centre(rect: QRectF) -> tuple[QPointF, float]:
    return rect.center(), min(rect.width(), rect.height()) * .4


def _picture_painters() -> dict:
    """Every picture of :data:`PICTURES`: name -> (width in heights, draw(p, rect))."""
    out: dict = {}
    for state in ("jerusalem", "tripoli", "edessa", "antioch"):
        out[f"unit_{state}"] = (1, lambda p, r, s=state: art.piece(p, *_centre(r), s))
        out[f"bishop_{state}"] = (1, lambda p, r, s=state: art.mitre(p, r.adjusted(
            r.width() * .15, r.height() * .08, -r.width() * .15, -r.height() * .08), s))
    out["saracen"] = (1, lambda p, r: art.piece(p, *_centre(r), "saracen"))
    out["automa"] = (1, lambda p, r: art.piece(p, *_centre(r), "automa"))
    for order in ("build", "prayer", "muster", "march"):
        out[f"order_{order}"] = (1, lambda p, r, o=order: art.order_token(
            p, r.center(), r.height() * .44, "edessa", o))
    out["cross"] = (1, _cross)
    colours = ("yellow", "white", "blue", "red", "green")
    for colour in colours:
        out[f"good_{colour}"] = (1, lambda p, r, c=colour: art.goods_token(p, *_centre(r), c))
    out["goods"] = (5, _row(lambda p, r, c: art.goods_token(p, *_centre(r), c), colours))
    out["spent_good"] = (1, lambda p, r: art.goods_token(p, *_centre(r), "blue", "spent"))
    out["blocked_good"] = (1, lambda p, r: art.goods_token(p, *_centre(r), "red", "blocked"))
    out["coin"] = (1, lambda p, r: art.coin(p, *_centre(r), 1))
    out["influence"] = (1, _influence)
    out["ban"] = (1, lambda p, r: art.ban(p, r.adjusted(2, 2, -2, -2)))
    out["rescript"] = (2, _row(lambda p, r, i: _card(i)(p, r), ("raven", "dove")))
    out["spy"] = (1, _card("spy"))
    out["card_tactic"] = (1, _card("sword"))
    out["card_building"] = (1, _card("tower"))
    out["card_governor"] = (1, _card("scroll"))
    out["card_bull"] = (1, _card("prayer"))
    out["card_event"] = (1, _card("compass"))
    out["card_homs"] = (1, _card("crescent"))
    return out


PICTURE_PAINTERS = _picture_painters()


def picture(name: str, height: int, ratio: float = 2.0) -> QImage:
    """The picture ``name`` drawn ``height`` px high (``ratio`` × the pixels, for sharpness)."""
    return _picture(name, height, ratio, art.colour_blind())


@lru_cache(maxsize=256)
def _picture(name: str, height: int, ratio: float, _colour_blind: bool) -> QImage:
    width_k, draw = PICTURE_PAINTERS[name]
    w, h = int(height * width_k * ratio), int(height * ratio)
    img = QImage(QSize(w, h), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    draw(p, QRectF(0, 0, w, h))
    p.end()
    img.setDevicePixelRatio(ratio)
    return img


def _heading(anchor: str, title_html: str, colour: str, k: float, top: int) -> str:
    """A section's heading in the reference, with its anchor (``top``: the space above it,
    in pixels at scale 1)."""
    return (f"<a name='{anchor}'></a><h2 style='color:{colour}; font-size:{int(24 * k)}px; "
            f"margin-top:{int(top * k)}px'>{title_html}</h2>")

class _Browser(QTextBrowser):
    """A text browser that draws ``pic:NAME`` images itself (never a file)."""

    def __init__(self, owner: RulesWindow):
        super().__init__()
        self._owner = owner

    def loadResource(self, kind: int, url: QUrl):  # noqa: N802 - Qt override
        if url.scheme() == "pic" and url.path() in PICTURE_PAINTERS:
            return picture(url.path(), self._owner.picture_px)
        return super().loadResource(kind, url)


# -------------------------------------------------------------------------------- window
class RulesWindow(QDialog):
    """The rules reference and glossary (non-modal: it stays open beside the table)."""

    def __init__(self, parent: QWidget | None = None, book: RulesBook | None = None,
                 show_rule_ids: bool = False):
        super().__init__(parent)
        # the rulebook's IDs (BISHOP-05) under each paragraph: for checking the rules and
        # for bug reports, not for play (Settings.show_rule_ids)
        self.show_rule_ids = show_rule_ids
        self.setObjectName("rulesWindow")
        self.setModal(False)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.book = book or shipped_rules()
        self.focused: str | None = None  # a rule ID (paragraph anchor) or "g:<entry>"
        self.query = ""
        self._k = 1.0
        self.picture_px = 30

        self.search = QLineEdit(objectName="rulesSearch")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._on_search)
        self.found = QLabel(objectName="rulesFound")
        self.toc = QTreeWidget(objectName="rulesToc")
        self.toc.setHeaderHidden(True)
        self.toc.itemClicked.connect(self._on_toc)
        self.text = _Browser(self)
        self.text.setObjectName("rulesText")
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self._on_link)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.toc)
        split.addWidget(self.text)
        split.setStretchFactor(1, 1)
        split.setSizes([260, 740])
        self.splitter = split
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.found)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        lay.addWidget(buttons)
        # the window fits its words to its own height (resizeEvent): the interface scale
        # must not grow them again (scaled_style.SIZES_OWN_WORDS)
        self.setProperty("sizesOwnWords", True)
        self._apply_scale(1.0)
        resize_within_screen(self, self.wanted_size())
        self.retranslate()
        i18n.add_listener(self._on_language)

    def wanted_size(self) -> QSize:
        """The first size: by the interface's words (larger on a 4K screen), about
        1000×720 at 1280×800."""
        return size_in_lines(self, 62, 45)

    # --- opening at a place ------------------------------------------------------------------
    def show_rule(self, rule_ids) -> str | None:
        """Open at the paragraph of the first of ``rule_ids`` the reference explains (the
        contents when none); returns the anchor shown."""
        ids = [rule_ids] if isinstance(rule_ids, str) else list(rule_ids or ())
        paragraph = next((p for p in (self.book.paragraph_for(r) for r in ids) if p), None)
        self._focus(paragraph.anchor if paragraph else None)
        return self.focused

    def show_entry(self, entry_id: str) -> str | None:
        """Open at the glossary entry ``entry_id``."""
        self._focus(f"g:{entry_id}" if self.book.entry(entry_id) else GLOSSARY_ANCHOR)
        return self.focused

    def focused_text(self) -> str:
        """The text (current language) of the paragraph or entry the window is open at."""
        lang = current_language()
        if self.focused and self.focused.startswith("g:"):
            entry = self.book.entry(self.focused[2:])
            return entry.text.get(lang) if entry else ""
        paragraph = self.book.paragraph_for(self.focused or "")
        return paragraph.text.get(lang) if paragraph else ""

    def _focus(self, anchor: str | None) -> None:
        self.focused = anchor
        if self.query:
            self.search.blockSignals(True)
            self.search.clear()
            self.search.blockSignals(False)
            self.query = ""
        self.render()
        self.show()
        self.raise_()
        self.activateWindow()
        self._scroll_to_focus()
        QTimer.singleShot(0, self._scroll_to_focus)  # once the window has its final layout

    def _scroll_to_focus(self) -> None:
        if self.focused:
            self.text.scrollToAnchor(self.focused)
            bar = self.text.verticalScrollBar()  # a little of what comes before shows too
            if bar.value() < bar.maximum():
                bar.setValue(max(0, bar.value() - int(52 * self._k)))
        else:
            self.text.verticalScrollBar().setValue(0)

    def anchor_visible(self, anchor: str) -> bool:
        """Whether the paragraph or entry ``anchor`` is in the visible part of the text."""
        doc = self.text.document()
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fmt = it.fragment().charFormat()
                if anchor in fmt.anchorNames():
                    y = doc.documentLayout().blockBoundingRect(block).top()
                    top = self.text.verticalScrollBar().value()
                    return top - 2 <= y <= top + self.text.viewport().height()
                it += 1
            block = block.next()
        return False

    # --- rendering -----------------------------------------------------------------------------
    def set_show_rule_ids(self, on: bool) -> None:
        if on != self.show_rule_ids:
            self.show_rule_ids = on
            self.render()

    def retranslate(self) -> None:
        self.setWindowTitle(_("Rules reference"))
        self.search.setPlaceholderText(_("Search the rules and the glossary (Russian or "
                                         "English)…"))
        self.close_button.setText(_("Close"))
        self.render()

    def render(self) -> None:
        lang = current_language()
        q = self.query.casefold()
        k = self._k
        self.picture_px = int(30 * k)
        fam = art.font_family()
        ink, soft, red = art.INK.name(), art.INK_SOFT.name(), art.CRIMSON.name()
        parts = [f"<div style=\"font-family:'{fam}'; font-size:{int(17 * k)}px; color:{ink}\">"]
        shown_paragraphs = shown_entries = 0
        toc: list[tuple[str, str, list[tuple[str, str]]]] = []
        for section in self.book.sections:
            rows = [p for p in section.paragraphs if not q or self._matches_paragraph(p, q)
                    or q in section.title.ru.casefold() or q in section.title.en.casefold()]
            if not rows:
                continue
            title = section.title.get(lang)
            toc.append((f"sec:{section.id}", title, []))
            parts.append(_heading(f"sec:{section.id}", self._mark(html.escape(title), q),
                                  red, k, top=18))
            for p in rows:
                parts.append(self._paragraph_html(p, lang, q, k))
                shown_paragraphs += 1
        entries = [e for e in self.book.glossary if not q or self._matches_entry(e, q)]
        entries.sort(key=lambda e: e.term.get(lang).casefold())
        if entries:
            toc.append((GLOSSARY_ANCHOR, _("Glossary"),
                        [(f"g:{e.id}", e.term.get(lang)) for e in entries]))
            parts.append(_heading(GLOSSARY_ANCHOR, html.escape(_("Glossary")), red, k, top=24))
            for e in entries:
                parts.append(self._entry_html(e, lang, q, k))
                shown_entries += 1
        if q and not (shown_paragraphs or shown_entries):
            parts.append(f"<p style='color:{soft}'><i>" + html.escape(
                _("Nothing found for “{query}”.").format(query=self.query)) + "</i></p>")
        parts.append("</div>")
        self.text.document().setDefaultFont(art.font(17 * k))
        self.text.setHtml("".join(parts))
        self.found.setText(ngettext("{n} place found", "{n} places found",
                                    shown_paragraphs + shown_entries).format(
            n=shown_paragraphs + shown_entries) if q else "")
        self._fill_toc(toc)

    def _fill_toc(self, toc) -> None:
        self.toc.clear()
        for anchor, title, children in toc:
            item = QTreeWidgetItem([title])
            item.setData(0, Qt.ItemDataRole.UserRole, anchor)
            self.toc.addTopLevelItem(item)
            for child_anchor, child_title in children:
                child = QTreeWidgetItem([child_title])
                child.setData(0, Qt.ItemDataRole.UserRole, child_anchor)
                item.addChild(child)
        target = self._toc_anchor()
        for i in range(self.toc.topLevelItemCount()):
            item = self.toc.topLevelItem(i)
            if item.data(0, Qt.ItemDataRole.UserRole) == target:
                self.toc.setCurrentItem(item)
            for j in range(item.childCount()):
                if item.child(j).data(0, Qt.ItemDataRole.UserRole) == self.focused:
                    item.setExpanded(True)
                    self.toc.setCurrentItem(item.child(j))

    def _toc_anchor(self) -> str | None:
        if not self.focused:
            return None
        if self.focused.startswith("g:"):
            return GLOSSARY_ANCHOR
        paragraph = self.book.paragraph_for(self.focused)
        return f"sec:{self.book.section_of(paragraph).id}" if paragraph else None

    @staticmethod
    def _matches_paragraph(p: Paragraph, q: str) -> bool:
        return (q in p.text.ru.casefold() or q in p.text.en.casefold()
                or any(q in r.casefold() for r in p.rules))

    @staticmethod
    def _matches_entry(e: GlossaryEntry, q: str) -> bool:
        return any(q in t.casefold() for t in (e.term.ru, e.term.en, e.text.ru, e.text.en))

    def _paragraph_html(self, p: Paragraph, lang: str, q: str, k: float) -> str:
        pics = p.pictures
        ids = " · ".join(p.rules) if self.show_rule_ids else ""
        body = self._text_html(p.text.get(lang), lang, q)
        other = "ru" if lang == "en" else "en"
        if q and q not in p.text.get(lang).casefold() and q in p.text.get(other).casefold():
            body += (f"<br><span style='color:{art.INK_SOFT.name()}'><i>"
                     + self._text_html(p.text.get(other), other, q) + "</i></span>")
        return self._block(p.anchor, pics, body, ids, k)

    def _entry_html(self, e: GlossaryEntry, lang: str, q: str, k: float) -> str:
        pics = e.pictures
        other = "ru" if lang == "en" else "en"
        head = (f"<b style=\"font-family:'{art.bold_family()}'\">"
                f"{self._mark(html.escape(e.term.get(lang)), q)}</b> "
                f"<span style='color:{art.INK_SOFT.name()}'>({self._mark(html.escape(e.term.get(other)), q)})</span>"
                " — ")
        body = head + self._text_html(e.text.get(lang), lang, q)
        if q and q not in (e.term.get(lang) + e.text.get(lang)).casefold() \
                and q in e.text.get(other).casefold():
            body += (f"<br><span style='color:{art.INK_SOFT.name()}'><i>"
                     + self._text_html(e.text.get(other), other, q) + "</i></span>")
        named = [r for r in e.rules if self.book.paragraph_for(r)]
        if self.show_rule_ids:
            links = " · ".join(f"<a href='rule:{r}'>{r}</a>" for r in named)
        else:  # players read the sections of the rules it names, each once
            first: dict[str, str] = {}
            for r in named:
                first.setdefault(self.book.section_of(self.book.paragraph_for(r)).id, r)
            links = " · ".join(self._link_html(False, r, lang) for r in first.values())
        return self._block(f"g:{e.id}", pics, body, links, k)

    def _block(self, anchor: str, pics: tuple[str, ...], body: str, ids: str, k: float) -> str:
        bg = FOCUS if anchor == self.focused else PLAIN
        width = sum(PICTURE_PAINTERS[name][0] for name in pics)  # in picture heights
        width = min(width, 5) * (self.picture_px + 4)
        pic_cell = (f"<td width='{width + 8}' valign='top'>"
                    + "".join(self._picture_html(name) for name in pics) + "</td>"
                    if pics else "")
        return (f"<a name='{anchor}'></a>"
                f"<table width='100%' cellspacing='0' cellpadding='{int(7 * k)}' "
                f"style='margin-bottom:{int(6 * k)}px'><tr>"
                f"<td bgcolor='{bg}'><table width='100%' cellspacing='0' cellpadding='0'><tr>"
                f"{pic_cell}<td valign='top'>{body}"
                + (f"<div style='font-size:{int(12 * k)}px; color:{art.INK_SOFT.name()}'>{ids}"
                   "</div>" if ids else "")  # no empty line where the IDs are hidden
                + "</td></tr></table></td></tr></table>")

    def _picture_html(self, name: str) -> str:
        width_k = PICTURE_PAINTERS[name][0]
        return (f"<img src='pic:{name}' width='{self.picture_px * width_k}' "
                f"height='{self.picture_px}'> ")

    def _text_html(self, text: str, lang: str, q: str) -> str:
        """``text`` with its ``[[…]]`` links made links and ``q`` marked."""
        out, pos = [], 0
        for m in LINK.finditer(text):
            out.append(self._mark(html.escape(text[pos:m.start()]), q))
            out.append(self._link_html(bool(m.group(1)), m.group(2), lang))
            pos = m.end()
        out.append(self._mark(html.escape(text[pos:]), q))
        return "".join(out)

    def _link_html(self, is_entry: bool, target: str, lang: str) -> str:
        if is_entry:
            entry = self.book.entry(target)
            label = entry.term.get(lang).lower() if entry else target
            return f"<a href='g:{target}'>{html.escape(label)}</a>"
        paragraph = self.book.paragraph_for(target)
        section = self.book.section_of(paragraph) if paragraph else None
        label = f"→ {section.title.get(lang)}" if section else target
        return f"<a href='rule:{target}'>{html.escape(label)}</a>"

    @staticmethod
    def _mark(escaped: str, q: str) -> str:
        if not q:
            return escaped
        pattern = re.compile(re.escape(html.escape(q)), re.IGNORECASE)
        return pattern.sub(lambda m: f"<span style='background:{HIGHLIGHT}'>{m.group(0)}</span>",
                           escaped)

    # --- events --------------------------------------------------------------------------------
    def _on_search(self, text: str) -> None:
        self.query = text.strip()
        self.render()
        self.text.verticalScrollBar().setValue(0)

    def _on_toc(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        anchor = item.data(0, Qt.ItemDataRole.UserRole)
        if anchor:
            self.text.scrollToAnchor(anchor)

    def _on_link(self, url: QUrl) -> None:
        scheme, target = url.scheme(), url.path() or url.toString().partition(":")[2]
        if scheme == "rule":
            self.show_rule([target])
        elif scheme == "g":
            self.show_entry(target)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()
        self._scroll_to_focus()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        k = max(1.0, min(2.4, self.height() / 900))
        if abs(k - self._k) > 0.05:
            self._apply_scale(k)
            self.splitter.setSizes([int(self.width() * .26), int(self.width() * .74)])
            self.render()
            self._scroll_to_focus()

    def _apply_scale(self, k: float) -> None:
        """Every word of the window at ``k`` times its size at 900 px high: the contents,
        the search, the button (here) and the text (:meth:`render`) alike."""
        self._k = k
        self.toc.setStyleSheet(f"font-size: {int(15 * k)}px;")
        self.search.setStyleSheet(f"font-size: {int(15 * k)}px; padding: {int(3 * k)}px;")
        self.found.setStyleSheet(f"font-size: {int(14 * k)}px;")
        self.close_button.setStyleSheet(f"font-size: {int(15 * k)}px; "
                                        f"padding: {int(4 * k)}px {int(14 * k)}px;")


def picture_names() -> tuple[str, ...]:
    """The pictures this window draws (a test compares them with the data's vocabulary)."""
    return tuple(PICTURE_PAINTERS)

