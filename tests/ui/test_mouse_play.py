"""Playing with the mouse only: every action is a click on the table (``view.viewport()``),
on a button of the prompt bar, or on an entry of the popup menu the table opens when
several actions share one target.

:class:`MouseHand` is the helper: given a legal :class:`Action` (chosen by a policy) it
finds where a player would click — the item whose target ids match the action's targets,
the prompt-bar button, or the popup-menu entry — clicks there with ``QTest.mouseClick`` and
checks that the table emitted exactly that action. An action no click can reach is a bug
of the table, and fails the test.
"""
from __future__ import annotations

import logging
import os
import random
from collections import Counter

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from answers import answer_questions  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QMenu, QPushButton, QWidget  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.engine import Action, Game  # noqa: E402
from krestonostsy.ui.controller import END_TURN, TAKE_BACK  # noqa: E402
from krestonostsy.ui.message_box import MessageBox  # noqa: E402
from krestonostsy.ui.table import TableView  # noqa: E402
from krestonostsy.ui.table import labels as L  # noqa: E402
from krestonostsy.ui.table.items import TableItem  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NOMOD = Qt.KeyboardModifier.NoModifier
TWO = ["jerusalem", "tripoli"]
FOUR = ["jerusalem", "tripoli", "edessa", "antioch"]
ORDERS = ("build", "prayer", "muster", "march")
# Where to look at the table (PNG files), e.g. KRESTONOSTSY_SHOTS=/tmp/shots; unset: nowhere.
SHOTS = os.environ.get("KRESTONOSTSY_SHOTS")

slow = pytest.mark.skipif("not config.getoption('--full-conformance')",
                          reason="slow: a whole game by clicks (run with --full-conformance)")


# --- the helper ----------------------------------------------------------------------------

class MouseHand:
    """Performs engine Actions on a :class:`TableView` with mouse clicks only."""

    # points inside an item's shape tried in turn (fractions of its bounding box)
    SPOTS = [(.5, .5), (.5, .3), (.5, .7), (.3, .5), (.7, .5), (.3, .3), (.7, .3), (.3, .7),
             (.7, .7), (.5, .15), (.5, .85), (.15, .5), (.85, .5), (.2, .2), (.8, .2), (.2, .8),
             (.8, .8)]

    def __init__(self, view: TableView):
        self.view = view
        self.emitted: list = []
        self.how: Counter = Counter()  # "item", "menu", "button"
        self.kinds: dict[str, Counter] = {"item": Counter(), "menu": Counter(),
                                          "button": Counter()}
        view.actionChosen.connect(self.emitted.append)

    # public ---------------------------------------------------------------------------------

    def click(self, action: Action) -> str:
        """Click ``action`` (one of ``view.legal_actions()``); returns how it was reached."""
        v = self.view
        legal = v.legal_actions()
        assert action in legal, f"{action} is not offered by the table"
        self.emitted.clear()
        button = self._button(action)
        if button is not None:
            QTest.mouseClick(button, LEFT, NOMOD, button.rect().center())
            how = "button"
        else:
            pos, acts = self._spot(action, legal)
            QTest.mouseClick(v.viewport(), LEFT, NOMOD, pos)
            how = "item"
            if len(acts) > 1:
                menu = self._menu()
                entry = self._menu_entry(menu, action, acts)
                QTest.mouseClick(menu, LEFT, NOMOD, menu.actionGeometry(entry).center())
                how = "menu"
        assert self.emitted == [action], f"clicked for {action}, the table chose {self.emitted}"
        self.how[how] += 1
        self.kinds[how][action.kind] += 1
        return how

    # buttons --------------------------------------------------------------------------------

    def _button(self, action: Action) -> QPushButton | None:
        buttons = self.view.prompt_buttons()
        mine = [b for b in buttons if b.property("action") == action]
        if not mine:
            return None
        (b,) = mine
        texts = [x.text() for x in buttons]
        assert texts.count(b.text()) == 1, f"two buttons read {b.text()!r}: {texts}"
        assert b.isVisible() and b.width() > 10 and b.height() > 10, b.text()
        # the whole button lies inside the table widget: the player can see and reach it
        top_left = b.mapTo(self.view, QPoint(0, 0))
        inside = self.view.rect().contains(top_left) and self.view.rect().contains(
            top_left + QPoint(b.width() - 1, b.height() - 1))
        assert inside, f"button {b.text()!r} is outside the window: {top_left}, {b.size()}"
        return b

    # items on the table --------------------------------------------------------------------------

    def _receiver(self, pos: QPoint) -> TableItem | None:
        """The item a click at viewport ``pos`` goes to (the top one taking the left button)."""
        for it in self.view.items(pos):
            if it.isVisible() and it.acceptedMouseButtons() & LEFT:
                return it if isinstance(it, TableItem) else None
        return None

    def _candidates(self, action: Action, legal: list):
        v = self.view
        want = {t for t in action.targets if not t.startswith("choice:")}
        area = v.viewport().rect()
        for item in v.scene().legal_items():
            if not want & set(item.targets):
                continue
            shape = item.shape()
            box = shape.boundingRect()
            for fx, fy in self.SPOTS:
                local = QPointF(box.left() + fx * box.width(), box.top() + fy * box.height())
                if not shape.contains(local):
                    continue
                pos = v.mapFromScene(item.mapToScene(local))
                if not area.contains(pos):
                    continue
                recv = self._receiver(pos)
                if recv is None:
                    continue
                acts = [a for a in legal if set(recv.targets) & set(a.targets)]
                if action in acts:
                    yield item, pos, acts

    def _spot(self, action: Action, legal: list) -> tuple[QPoint, list]:
        def score(acts):  # a direct click, then a short menu whose entries read apart
            texts = [L.action_label(a) for a in acts]
            return (len(set(texts)) < len(texts), len(acts))
        best = None
        for _item, pos, acts in self._candidates(action, legal):
            if best is None or score(acts) < score(best[1]):
                best = (pos, acts)
                if len(acts) == 1:
                    break
        if best is None:  # zoomed in: bring the items into view, as a player would
            self.view.fit()
            for _item, pos, acts in self._candidates(action, legal):
                best = (pos, acts)
                break
        assert best is not None, (f"no click reaches {action} (targets {action.targets}); "
                                  f"buttons: {[b.text() for b in self.view.prompt_buttons()]}")
        return best

    # the popup menu ------------------------------------------------------------------------------

    def _menu(self) -> QMenu:
        menus = [m for m in self.view.findChildren(QMenu) if m.isVisible()]
        assert len(menus) == 1, f"expected one popup menu, found {len(menus)}"
        return menus[0]

    def _menu_entry(self, menu: QMenu, action: Action, acts: list):
        """The entry a player picks: it reads as the action, and no other entry reads so."""
        entries = [a for a in menu.actions() if not a.isSeparator()]
        texts = [e.text() for e in entries]
        assert len(entries) == len(acts), texts
        assert len(set(texts)) == len(texts), f"two menu entries read the same: {texts}"
        entry = entries[acts.index(action)]
        assert entry.text().startswith(L.action_label(action)), (entry.text(), action)
        return entry


def flush_deletes() -> None:
    """Delete widgets scheduled with deleteLater, without painting the table."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def shot(view: TableView, name: str) -> None:
    img = view.render_to_image((1280, 800))
    assert not img.isNull() and img.width() == 1280
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        img.save(os.path.join(SHOTS, f"{name}.png"))


# --- fixtures ------------------------------------------------------------------------------

pytestmark = pytest.mark.usefixtures("instant_animations")


@pytest.fixture
def no_draw_errors(caplog):
    """Fail when an item could not draw itself (items log the error and go on)."""
    caplog.set_level(logging.ERROR, logger="krestonostsy.ui.table")
    yield
    bad = [r.getMessage() for r in caplog.records if r.name.startswith("krestonostsy.ui.table")]
    assert not bad, bad


@pytest.fixture(params=["en", "ru"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("ru")


def show(view: TableView, game: Game) -> str:
    d = game.decision
    view.show_view(game.view(d.player), list(d.actions), d.player)
    return d.player


# --- a table on its own: a game by clicks ----------------------------------------------------------

def test_the_helper_clicks_a_target_a_menu_entry_and_a_button(table):
    game = Game.new(FOUR, seed=1)
    p = game.decision.player
    acts = [Action("march_target", city="homs"), Action("train_bishop", city="homs"),
            Action("place_order", order="build", cell="inner"), Action("pass")]
    table.show_view(game.view(p), acts, p)
    hand = MouseHand(table)
    assert hand.click(acts[1]) == "menu"
    assert hand.click(acts[2]) == "item"
    assert hand.click(acts[3]) == "button"


# --- policies ------------------------------------------------------------------------------------

ENDING = {"done", "pass", "skip", "decline", "end_march", "end_moves", "stop_reinforce", "keep",
          "end_turn", "finish"}


def active_order(game: Game) -> str | None:
    """The order being carried out now (the innermost ``order_<type>`` step of the flow)."""
    for frame in reversed(game.s.get("stack") or []):
        name = frame.get("s") or ""
        if name.startswith("order_") and name[6:] in ORDERS:
            return name[6:]
    return None


def busy_policy(rng: random.Random, placed: set):
    """Random, but places each order type once and prefers doing something to passing."""
    def choose(game: Game, legal: list) -> Action:
        orders = [a for a in legal if a.kind == "place_order" and a.order not in placed]
        if orders:
            return rng.choice(orders)
        doing = [a for a in legal if a.kind not in ENDING
                 and not (a.kind in ("extra_goods", "buy_moves") and a.n == 0)]
        return rng.choice(doing or legal)
    return choose


def play_on_table(table: TableView, game: Game, choose, until, hand: MouseHand | None = None,
                  limit: int = 2000) -> MouseHand:
    """Show each decision to its player and click the action ``choose`` picks, until
    ``until(game)`` (checked before every decision) or the end of the game."""
    hand = hand or MouseHand(table)
    for step in range(limit):
        if game.is_over or until(game):
            return hand
        show(table, game)
        action = choose(game, table.legal_actions())
        hand.click(action)
        game.apply(hand.emitted[0])
        if step % 40 == 39:
            flush_deletes()
    raise AssertionError("the game did not get there")


# --- (a) every order type by clicks ---------------------------------------------------------------

def test_build_prayer_muster_and_march_by_clicks(table, no_draw_errors):
    """Each order type is placed on the cross and carried out with at least one sub-action
    (upgrade/build, bishop or extra goods, hire/learn, march) — all by clicks."""
    game = Game.new(TWO, seed=11)
    rng = random.Random(11)
    placed: set = set()
    performed: dict[str, Counter] = {o: Counter() for o in ORDERS}
    hand = MouseHand(table)
    pay_shot = []

    def choose(g, legal):
        action = busy_policy(rng, placed)(g, legal)
        if action.kind == "place_order":
            placed.add(action.order)
        order = active_order(g)
        if order and action.kind not in ENDING:
            performed[order][action.kind] += 1
        if g.decision.prompt == "pay" and not pay_shot:
            pay_shot.append(1)
            shot(table, "build-payment" if order == "build" else f"payment-{order}")
        return action

    def all_done(g):
        if g.decision and g.decision.prompt == "place_order" and len(placed) == 4:
            placed.clear()  # a new round: place every type again
        return all(performed[o] for o in ORDERS) and performed["march"]["march_move"]

    play_on_table(table, game, choose, all_done, hand)
    for order in ORDERS:
        assert performed[order], order
    kinds = set().union(*performed.values())
    assert {"upgrade", "build_building"} & kinds
    assert {"hire", "learn"} & kinds
    assert {"march_target", "march_move"} <= kinds
    assert hand.how["item"] and hand.how["button"]
    shot(table, "orders-done")


# --- (b) a whole battle by clicks -------------------------------------------------------------------

def _saracen_targets(game: Game) -> list[Action]:
    d = game.decision
    if d is None or d.prompt != "march_target":
        return []
    cities = game.view(d.player)["cities"]
    return [a for a in d.actions if a.kind == "march_target"
            and (cities[a.city].get("units") or {}).get("saracen")]


# found by a seed search: the battle has 4 tactics, cancelled halves, rescripts,
# reinforcements and a retreat
BATTLE_SEED = 38


def test_a_whole_battle_by_clicks(table, no_draw_errors):
    """March into a Saracen city and fight the battle to its end by clicks only: the
    target, the moves, who plays the Saracens, tactics, cancelled halves, reinforcements,
    rescripts, retreats."""
    game = Game.new(TWO, seed=BATTLE_SEED)
    rng = random.Random(BATTLE_SEED)
    # engine only, up to a march that may go into a Saracen city
    while not _saracen_targets(game):
        assert not game.is_over
        game.apply(rng.choice(list(game.decision.actions)))
    hand = MouseHand(table)
    target = _saracen_targets(game)[0]
    seen = {"battle": False, "over": False}
    prompts: Counter = Counter()

    def choose(g, legal):
        d = g.decision
        prompts[d.prompt] += 1
        if d.prompt == "march_target":
            return target
        if d.prompt == "march_move":  # bring everything that may come
            moves = [a for a in legal if a.kind == "march_move"]
            return max(moves, key=lambda a: a.n) if moves else legal[0]
        if d.prompt == "battle_cancel" and prompts[d.prompt] == 2:
            shot(table, "battle-midway")
        return rng.choice(legal)

    def battle_over(g):
        on = bool(g.view(None).get("battle"))
        seen["battle"] |= on
        return seen["battle"] and not on

    play_on_table(table, game, choose, battle_over, hand)
    assert seen["battle"]
    assert prompts["battle_play"] >= 2 and prompts["battle_cancel"] >= 1, prompts
    # BATTLE-07: the opponent clicks the half of the card it cancels, no menu needed
    assert hand.kinds["item"]["cancel_half"] >= 1 and hand.kinds["menu"]["cancel_half"] == 0
    assert hand.kinds["item"]["play_tactic"] >= 2
    shot(table, "battle-over")


# --- (c) whole games in the window, by clicks only --------------------------------------------------

def _visible(widget_type, parent: QWidget) -> list:
    return [w for w in parent.findChildren(widget_type) if w.isVisible()]


def play_window_by_clicks(window, states: list, seed: int, limit: int = 4000) -> MouseHand:
    """A whole hot-seat game in the main window: table clicks, the hand-off screen, the
    confirmation before passing — every step a mouse click — up to the scoring screen."""
    answer_questions(window, yes=False)  # answer the "really pass?" question with the mouse too
    window.settings.confirm_pass = True
    assert window.start_new_game(states, seed=seed)
    table = window.table
    assert isinstance(table, TableView)
    hand = MouseHand(table)
    rng = random.Random(seed)
    handoffs = confirms = ends = 0
    for step in range(limit):
        page = window.current_page()
        if page == "scoring":
            break
        boxes = _visible(MessageBox, window)
        if boxes:
            (box,) = boxes
            assert box.objectName() == "question", f"unexpected message: {box.text()}"
            yes = box.buttons[0]
            QTest.mouseClick(yes, LEFT, NOMOD, yes.rect().center())
            confirms += 1
            continue
        if page == "handoff":
            screen = window.handoff
            QTest.mouseClick(screen, LEFT, NOMOD, screen.rect().center())
            handoffs += 1
            continue
        assert page == "table", page
        game = window.controller.game
        legal = table.legal_actions()
        assert window.controller.viewer == game.decision.player  # the table shows the decider
        if window.controller.pending_end is not None:  # safe turns: "End turn" / "Take back"
            assert legal == [END_TURN, TAKE_BACK]
            ends += 1
            hand.click(TAKE_BACK if rng.random() < .1 else END_TURN)
            continue
        assert legal and set(legal) == set(game.legal_actions()), "the table offers other actions"
        wasting = [a for a in legal if window.controller.wastes_order(a)]
        if wasting and not confirms:  # give up one order, through the question, for sure
            hand.click(wasting[0])
        else:
            hand.click(rng.choice(legal))
        if step % 40 == 39:
            flush_deletes()
    else:
        raise AssertionError("the game did not end")
    game = window.controller.game
    assert game.is_over and window.current_page() == "scoring"
    assert window.last_message is None, window.last_message
    assert handoffs > 0 and confirms > 0 and ends > 0
    # the table keeps the final state: back to it with the scoring screen's button
    button = window.scoring.table_button
    QTest.mouseClick(button, LEFT, NOMOD, button.rect().center())
    assert window.current_page() == "table"
    final = table.scene().view_data
    assert final.get("result") and not table.legal_actions()
    shot(table, f"end-{len(states)}p-{i18n.current_language()}")
    return hand


def test_a_two_player_game_against_the_automa_by_clicks(window, no_draw_errors):
    """The default run plays one whole 2-player game (Russian) with the mouse only."""
    hand = play_window_by_clicks(window, TWO, seed=5)
    assert hand.how["item"] and hand.how["menu"] and hand.how["button"]


@slow
@pytest.mark.parametrize("lang,states,seed", [
    ("en", TWO, 6),
    ("ru", FOUR, 7),
    ("en", FOUR, 8),
])
def test_whole_games_by_clicks(window, no_draw_errors, lang, states, seed):
    i18n.set_language(lang)
    hand = play_window_by_clicks(window, states, seed)
    assert sum(hand.how.values()) > 100
