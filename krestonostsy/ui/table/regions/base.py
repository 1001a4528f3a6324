"""What every region of the table shares: where each lies, and the :class:`Region` itself.

A region is one part of the table (the map, the order cross, the markets…). It owns its
items: it lays out its *sections* (``plan``) from the player's view with the scene's kit
(``scene.add``, ``scene.add_panel``, ``scene.cards``), and the scene's layout
(``layout.py``) lays a section out again only when the part of the view it reads changed.

Layout of the table (scene units, 2560 × 1460)::

    [round plate][        sanctity track          ][  Saracen track  ]
    [                 ][ order cross ][           markets            ]
    [   map of the    ][             ][                              ]
    [     Levant      ][ event area  ][        battle board          ]
    [ the viewer's board, large, with the hand ][ others, compact ]

The size is chosen for the smallest window we serve: at 1280×800 the table fits at a scale
of about 0.48, so no word is drawn under ``art.MIN_TEXT`` (24) scene pixels — 11.5 screen
pixels (tests/ui/test_legibility.py).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from PySide6.QtCore import QRectF, Qt

from .. import art
from .. import labels as L
from ..items import TableItem
from .cards import Cards

W, H = 2560, 1460

R_PLATE = QRectF(0, 0, 380, 150)
R_SANCTITY = QRectF(395, 0, 1415, 150)
R_SARACEN = QRectF(1825, 0, 735, 150)
R_MAP = QRectF(0, 165, 1000, 880)
R_CROSS = QRectF(1015, 165, 560, 525)
R_EVENT = QRectF(1015, 705, 560, 340)
R_MARKET = QRectF(1590, 165, 970, 605)
R_BATTLE = QRectF(1590, 785, 970, 260)
# during a battle its board takes the whole right column (the markets wait beneath it): the
# tactics played show their text
R_BATTLE_LARGE = QRectF(1590, 165, 970, 880)
R_BOARDS = QRectF(0, 1060, W, 400)

# A panel's words (or ring) lie just above its parchment, in a picture of their own, and
# under everything else on it (nothing else lies between z and z + this)
PANEL_WORDS_Z = 0.05


class Table(Protocol):
    """What the regions use of the scene that composes them (``scene.TableScene``: this
    package does not import it back)."""

    cards: Cards
    view_data: dict | None

    @property
    def viewer(self) -> str | None: ...
    @property
    def legal_targets(self) -> set[str]: ...
    @property
    def settings(self) -> tuple: ...
    def add(self, rect, draw=None, pos=(0, 0), z=0.0, **kw) -> TableItem: ...
    def add_panel(self, rect: QRectF, title: str | None = None, dark=False, key=None,
                  title_size=22) -> QRectF: ...
    def decoration(self, rect: QRectF, draw, pos, z: float = 6.0) -> TableItem: ...
    def legal_items(self) -> list[TableItem]: ...
    def section_items(self, name: str) -> list[TableItem]: ...
    def removeItem(self, item) -> None: ...


class Section(NamedTuple):
    """One part of a region, laid out by ``draw(view, *args)``. ``narrow`` maps a key of
    the view to the part of it the section shows (a state's board shows its own player
    entry, and of the decision only who acts): only a change of that part lays it out
    again."""

    draw: Callable[..., None]
    args: tuple = ()
    narrow: dict[str, Callable] = {}


class Laid(NamedTuple):
    """A section as it was laid out: what its picture depended on, its items, and the
    arguments it was laid out with."""

    inputs: tuple
    items: list[TableItem]
    args: tuple


class Region:
    """A part of the table: its sections for a view (``plan``) and the items they laid."""

    def __init__(self, scene: Table):
        self.scene = scene
        self.sections: dict[str, Laid] = {}
        # the scene's kit (layout.py, cards.py): what a section lays
        self.add = scene.add
        self.add_panel = scene.add_panel
        self.cards = scene.cards

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        """This region's sections for the view ``v`` seen by ``viewer``, by name, in the
        order they are laid."""
        raise NotImplementedError

    def items(self) -> list[TableItem]:
        return [it for laid in self.sections.values() for it in laid.items]


def game_board():
    """The scenario's board (cities, roads, tracks), or None before one is loaded."""
    c = L._content()
    return c.board if c is not None else None


def section_label(p, rc, s: str) -> None:
    """A small italic heading (a board's "Warehouse", the battle's "Your tactics")."""
    art.text(p, QRectF(rc.x(), rc.y() - 2, rc.width(), 30), s, art.MIN_TEXT, art.INK_SOFT,
             italic=True, align=Qt.AlignmentFlag.AlignLeft)


def battle_wide(scene: Table, v: dict) -> bool:
    """Does the battle board take the whole right column? During a battle, except while
    the decision is about a market card (e.g. the governor of a captured city is chosen
    from the market before the battle is over): the player must see it. The legal targets
    are read only during a battle, so between battles the markets do not depend on them
    (and are not laid out again at every action)."""
    return bool(v.get("battle")) and not any(t.startswith("market:")
                                             for t in scene.legal_targets)
