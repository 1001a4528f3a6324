"""The game table (krestonostsy/ui/table): drawing, clicks → Actions, hidden information."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QGraphicsItem, QMenu  # noqa: E402

from krestonostsy.engine import Action, Game  # noqa: E402
from krestonostsy.ui.table import TableView, animation  # noqa: E402
from krestonostsy.ui.table.items import DATA_TARGETS, DATA_TEXTS, TableItem  # noqa: E402

LINEUPS = {
    2: ["jerusalem", "tripoli"],
    3: ["jerusalem", "tripoli", "edessa"],
    4: ["jerusalem", "tripoli", "edessa", "antioch"],
}


pytestmark = pytest.mark.usefixtures("instant_animations")


def _legal(game: Game, player: str):
    d = game.decision
    return list(d.actions) if d is not None and d.player == player else []


def _all_words(view: TableView) -> str:
    """Everything the scene shows or tells: item texts, tooltips and data."""
    out = []
    for it in view.scene().items():
        out.append(it.toolTip() or "")
        for role in (DATA_TEXTS, DATA_TARGETS, 2):
            value = it.data(role)
            if value is not None:
                out.append(str(value))
        if isinstance(it, TableItem):
            out += it.texts
            out += list(it.targets)
            out.append(it.key or "")
    return "\n".join(out)


def _click(view: TableView, item: QGraphicsItem) -> None:
    center = item.mapToScene(item.shape().boundingRect().center())
    view.ensureVisible(item)
    pos = view.mapFromScene(center)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


@pytest.mark.rule("SETUP-01")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_draws_a_new_game(table, n):
    """A new game lays out the board's playing side whole (the rulebook's first set-up step;
    the printed board's back is not a playing surface): every city of the map, the cross's
    eight cells, the Saracen track's five cells, each state's board and sanctity marker."""
    from krestonostsy.ui.table.regions.base import game_board

    states = LINEUPS[n]
    game = Game.new(states, seed=3)
    viewer = game.decision.player if game.decision else states[0]
    table.show_view(game.view(viewer), _legal(game, viewer), viewer)
    scene = table.scene()
    keys = {it.key for it in scene.items() if isinstance(it, TableItem)}
    assert len(game_board().cities) == 13
    for city in game_board().cities:
        assert f"city:{city}" in keys
    assert {f"saracen_cell:{i}" for i in range(5)} <= keys
    for s in states:
        assert f"board:{s}" in keys and f"player:{s}" in keys
        assert f"piece:sanctity:{s}" in keys
    for order in ("build", "prayer", "muster", "march"):
        assert f"cross:{order}:inner" in keys and f"cross:{order}:outer" in keys
    # removed cities (2–3 players) are drawn, but are never targets
    removed = [c for c, cv in game.view(viewer)["cities"].items() if cv["removed"]]
    assert len(removed) == {2: 3, 3: 1, 4: 0}[n]
    for c in removed:
        assert not scene.items_with_target(f"city:{c}")
    img = table.render_to_image((640, 400))
    assert not img.isNull() and img.width() == 640


def test_every_legal_action_is_reachable(table):
    game = Game.new(LINEUPS[4], seed=5)
    p = game.decision.player
    legal = _legal(game, p)
    table.show_view(game.view(p), legal, p)
    present = table.scene().present_targets()
    buttons = {b.property("action") for b in table.prompt_buttons()}
    for a in legal:
        assert any(t in present for t in a.targets) or a in buttons, a


def test_click_on_highlighted_item_emits_the_action(table, qtbot):
    game = Game.new(LINEUPS[4], seed=1)
    p = game.decision.player
    legal = _legal(game, p)
    table.show_view(game.view(p), legal, p)
    scene = table.scene()
    # a target named by exactly one legal action
    counts = {}
    for a in legal:
        for t in a.targets:
            counts.setdefault(t, []).append(a)
    target, (action,) = next((t, acts) for t, acts in counts.items()
                             if len(acts) == 1 and scene.items_with_target(t))
    item = max(scene.items_with_target(target), key=lambda it: it.zValue())
    assert item.legal
    with qtbot.waitSignal(table.actionChosen, timeout=2000) as blocker:
        _click(table, item)
    assert blocker.args == [action]
    game.apply(blocker.args[0])  # the engine accepts it


def test_click_on_item_that_is_not_a_target_does_nothing(table, qtbot):
    game = Game.new(LINEUPS[4], seed=1)
    p = game.decision.player
    table.show_view(game.view(p), [Action("place_order", order="build", cell="inner")], p)
    city = table.scene().items_with_target("city:homs")[0]
    assert not city.legal
    with qtbot.assertNotEmitted(table.actionChosen):
        _click(table, city)


def test_several_actions_on_one_target_open_a_menu(table, qtbot):
    game = Game.new(LINEUPS[4], seed=1)
    p = game.decision.player
    acts = [Action("march_target", city="homs"), Action("train_bishop", city="homs")]
    table.show_view(game.view(p), acts, p)
    item = table.scene().items_with_target("city:homs")[0]
    _click(table, item)
    menu = table.findChild(QMenu)
    assert menu is not None and len(menu.actions()) == 2
    with qtbot.waitSignal(table.actionChosen, timeout=2000) as blocker:
        menu.actions()[1].trigger()
    assert blocker.args == [acts[1]]


def test_actions_without_board_target_get_buttons(table, qtbot):
    game = Game.new(LINEUPS[4], seed=1)
    p = game.decision.player
    acts = [Action("pass"), Action("cancel"), Action("place_order", order="march", cell="inner")]
    table.show_view(game.view(p), acts, p)
    buttons = table.prompt_buttons()
    assert {b.property("action") for b in buttons} == {acts[0], acts[1]}
    assert all(b.isVisible() and b.width() > 20 for b in buttons)
    cancel = next(b for b in buttons if b.property("action") == acts[1])
    assert cancel.property("cancel") == "true"
    with qtbot.waitSignal(table.actionChosen, timeout=2000) as blocker:
        QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         QPoint(5, 5))
    assert blocker.args == [buttons[0].property("action")]


def test_private_information_of_others_is_not_in_the_scene(table):
    game = Game.new(LINEUPS[4], seed=2)
    s = game.s
    viewer = "jerusalem"
    # make the secrets distinctive
    s["players"]["tripoli"]["influence"] = 4711
    s["players"][viewer]["influence"] = 1234
    for c in s["cities"].values():
        for b in c["bishops"]:
            b[1] = 2
    table.show_view(game.view(viewer), [], viewer)
    words = _all_words(table)
    shown = {t for it in table.scene().items() if isinstance(it, TableItem) for t in it.texts}
    titles = "\n".join(it.toolTip() for it in table.scene().items())
    from krestonostsy.ui.table import labels

    def named(card):  # a card shown by name: an item's text, or a tooltip's title
        name = labels.card_name(card)
        return name in shown or f"<b>{name}</b>" in titles
    assert "1234" in words  # the viewer sees their own influence
    assert "4711" not in words
    for other in ("tripoli", "edessa", "antioch"):
        pl = s["players"][other]
        for card in list(pl["tactics"]) + list(pl["rescripts"]) + list(pl["spies_hand"]):
            assert card not in words
            assert not named(card)
        if pl["bull"]:
            assert pl["bull"] not in words
            assert not named(pl["bull"])
    own = s["players"][viewer]
    for card in own["tactics"]:
        assert card in words  # own hand: target ids of the cards
    # bishop levels: only the viewer's own are shown
    for it in table.scene().items():
        if isinstance(it, TableItem) and it.key and it.key.startswith("bishop:"):
            mine = "Jerusalem" in it.toolTip() or "Иерусалим" in it.toolTip()
            assert ("II" in it.texts) == mine


def test_language_colour_blind_speed_and_highlight(table):
    game = Game.new(LINEUPS[3], seed=4)
    p = game.decision.player
    table.show_view(game.view(p), _legal(game, p), p)
    table.set_colour_blind(True)
    table.highlight_ids(["city:homs"])
    assert all(it.last for it in table.scene().items_with_target("city:homs"))
    table.set_language()
    table.set_speed("fast")
    table.set_colour_blind(False)
    table.fit()
    assert table.scene().items_with_target("city:homs")


# --- animations between views and the hover preview of cards -----------------------------------

def _unit_move(view: dict):
    """A copy of ``view`` where one unit marched from a city to an adjacent one, and the
    engine's log entry that says so."""
    import copy

    from krestonostsy.ui.table import labels
    board = labels._content().board
    after = copy.deepcopy(view)
    for cid, cv in after["cities"].items():
        for owner, n in (cv.get("units") or {}).items():
            if n and owner != "saracen":
                dst = sorted(board.adjacency[cid])[0]
                cv["units"][owner] = n - 1
                du = after["cities"].setdefault(dst, {}).setdefault("units", {})
                du[owner] = (du.get(owner) or 0) + 1
                entry = ("units_marched", {"player": owner, "frm": cid, "city": dst, "n": 1},
                         None)
                return after, entry
    raise AssertionError("no units on the map")


def test_instant_speed_runs_no_animation(table):
    game = Game.new(LINEUPS[3], seed=4)
    p = game.decision.player
    view = game.view(p)
    log = game.log_for(p)
    table.show_view(view, _legal(game, p), p, log)
    after, entry = _unit_move(view)
    table.show_view(after, [], p, [*log, entry])
    assert animation.active() == []
    assert not any(isinstance(it, TableItem) and not it.acceptHoverEvents()
                   and not it.key for it in table.scene().items() if it.opacity() < 1)


def test_normal_speed_animates_a_logged_march_through_the_helper(table, monkeypatch):
    game = Game.new(LINEUPS[3], seed=4)
    p = game.decision.player
    view = game.view(p)
    log = game.log_for(p)
    table.show_view(view, [], p, log)
    calls = []
    for name in ("travel", "ripple"):
        real = getattr(animation, name)
        monkeypatch.setattr(animation, name,
                            lambda *a, _real=real, _n=name, **k: calls.append(_n) or _real(*a, **k))
    animation.set_speed("normal")
    targets_before = sorted(t for it in table.scene().items() if isinstance(it, TableItem)
                            for t in it.targets)
    after, entry = _unit_move(view)
    if entry[1]["player"] == p:  # the viewer's own march is not replayed to them
        entry = (entry[0], {**entry[1], "player": "automa"}, None)
    table.show_view(after, [], p, [*log, entry])
    assert calls == ["travel"], "the march the log tells of, and nothing guessed"
    assert animation.active()  # running, the GUI thread was not blocked
    targets_after = sorted(t for it in table.scene().items() if isinstance(it, TableItem)
                           for t in it.targets)
    assert targets_after == targets_before  # animations add nothing clickable
    animation.finish_all()
    assert animation.active() == []


def _hover(view: TableView, item: QGraphicsItem) -> QPoint:
    view.ensureVisible(item)
    pos = view.mapFromScene(item.mapToScene(item.shape().boundingRect().center()))
    QTest.mouseMove(view.viewport(), pos)
    view.preview_at(pos)  # offscreen platforms may not deliver a synthetic move
    return pos


def test_hovering_a_card_shows_a_large_preview(table):
    game = Game.new(LINEUPS[4], seed=2)
    viewer = "jerusalem"
    table.show_view(game.view(viewer), [], viewer)
    from krestonostsy.ui.table import labels
    card = game.s["players"][viewer]["tactics"][0]
    item = next(it for it in table.scene().items()
                if isinstance(it, TableItem) and it.key and it.key.startswith("hand:jerusalem:")
                and it.card_id == card)
    _hover(table, item)
    assert table.preview.isVisible()
    assert labels.card_name(card) in table.preview.text()
    assert table.viewport().rect().contains(table.preview.geometry())
    table.preview_at(QPoint(2, 2))  # off the cards: it goes away
    assert not table.preview.isVisible()


def test_hovering_a_face_down_card_shows_nothing_private(table):
    game = Game.new(LINEUPS[4], seed=2)
    viewer = "jerusalem"
    table.show_view(game.view(viewer), [], viewer)
    from krestonostsy.ui.table import labels
    item = next(it for it in table.scene().items()
                if isinstance(it, TableItem) and it.key == "hidden:tripoli:0")
    _hover(table, item)
    shown = table.preview.text()
    for card in game.s["players"]["tripoli"]["tactics"]:
        assert card not in shown and labels.card_name(card) not in shown
    assert not table.preview.isVisible()


def test_the_preview_goes_away_on_a_click_or_a_new_decision(table):
    game = Game.new(LINEUPS[4], seed=2)
    viewer = "jerusalem"
    table.show_view(game.view(viewer), [], viewer)
    card = game.s["players"][viewer]["tactics"][0]
    item = next(it for it in table.scene().items()
                if isinstance(it, TableItem) and it.card_id == card)
    pos = _hover(table, item)
    assert table.preview.isVisible()
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     pos)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, pos)
    assert not table.preview.isVisible()
    _hover(table, item)
    assert table.preview.isVisible()
    table.show_view(game.view(viewer), [], viewer)  # the next decision
    assert not table.preview.isVisible()


def test_what_another_player_did_is_marked_until_the_viewer_acts(table):
    game = Game.new(LINEUPS[2], seed=6)
    first = game.decision.player
    other = next(p for p in LINEUPS[2] if p != first)
    table.show_view(game.view(other), [], other, game.log_for(other))  # the other looks
    assert not [it for it in table.scene().items() if isinstance(it, TableItem) and it.last]
    while game.decision.player == first:  # the first player moves
        game.apply(_legal(game, first)[0])
    p = game.decision.player
    table.show_view(game.view(p), _legal(game, p), p, game.log_for(p))
    marked = [it.key for it in table.scene().items() if isinstance(it, TableItem) and it.last]
    assert marked, "the first player's move is marked on the other's table"
    assert len(marked) < 20
    table.show_view(game.view(p), _legal(game, p), p, game.log_for(p))  # drawn again
    assert [it.key for it in table.scene().items()
            if isinstance(it, TableItem) and it.last] == marked, "marked until the viewer acts"
    n = len(game.log)
    game.apply(_legal(game, p)[0])  # the viewer acts: the marks go
    table.show_view(game.view(p), _legal(game, p), p, game.log_for(p))
    now = [it.key for it in table.scene().items() if isinstance(it, TableItem) and it.last]
    assert not set(now) & set(marked)
    # what is marked now is what the others (the automa) did in answer
    assert all(k.startswith("piece:order:automa:") for k in now), now
    assert bool(now) == any(e[1].get("player") == "automa" for e in game.log[n:])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_city_name_on_the_map_runs_under_a_neighbours_walls(table, lang):
    """A city's name lies on a ribbon below it; the shield with a neighbour's level (its
    walls) lies at that neighbour's top left. On this map three names used to run under a
    shield (Antioch's under Apamea's, Apamea's under Homs', Damascus' under Jerusalem's):
    the ribbon now moves aside, and every name and level stays whole."""
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QFontMetricsF

    from krestonostsy import i18n
    from krestonostsy.ui.table import art
    from krestonostsy.ui.table import labels as L
    from krestonostsy.ui.table.regions import map as M
    from krestonostsy.ui.table.regions.base import game_board
    i18n.set_language(lang)
    try:
        game = Game.new(LINEUPS[4], seed=3)
        viewer = game.decision.player
        table.show_view(game.view(viewer), _legal(game, viewer), viewer)
        board = game_board()
        r = 46
        metrics = QFontMetricsF(art.font(art.MIN_TEXT, bold=True))
        discs = {cid: QPointF(M.map_point(c.position).x(), M.map_point(c.position).y() + M.CITY_DISC_DY)
                 for cid, c in board.cities.items()}
        moved = 0
        for cid, disc in discs.items():
            name_w = metrics.horizontalAdvance(L.city_name(cid)) + 18
            dx = M.ribbon_aside(cid, M.map_point(board.cities[cid].position), name_w, r)
            moved += dx != 0
            ribbon = QRectF(disc.x() - name_w / 2 + dx, disc.y() + r - 6, name_w, 34)
            for other, o in discs.items():
                if other != cid:
                    assert not M.walls_shield(o, r).intersects(ribbon), (cid, other)
        assert moved >= 1, "on this map some names must move aside (the test sees the layout)"
    finally:
        i18n.set_language("ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_event_shows_its_raid_table_and_round_rules_whole(table, lang):
    """The event panel shows the raid table and the rules that hold until the end of the
    round (the Genoese fleet: one more move *and* free stacking) beside the card, with
    nothing left only to the tooltip: a player planning their orders must not have to hover
    to learn that stacking is free this round. Every event of every scenario, at 1280×800.
    The deck's count goes under the card."""
    from krestonostsy import i18n
    from krestonostsy.content.text import modifier_text
    from krestonostsy.engine import load_ruleset
    from krestonostsy.ui import names

    i18n.set_language(lang)
    try:
        game = Game.new(LINEUPS[4], seed=3)
        viewer = game.decision.player
        base = game.view(viewer)
        for scenario in ("base", "chronicle_beginning", "levantine_merchants",
                         "rise_of_the_crescent", "vassal_of_my_vassal"):
            content = load_ruleset(scenario).content
            names.show_content(content)
            assert len(content.events) >= 12
            for ev, card in sorted(content.events.items()):
                view = dict(base, event=ev, modifiers=dict(card.modifiers or {}))
                table.show_view(view, _legal(game, viewer), viewer)
                items = {it.key: it for it in table.scene().items()
                         if isinstance(it, TableItem) and it.key}
                assert "raid_table" in items, (scenario, ev, [k for k in items if "raid" in k])
                shown = "\n".join(items["raid_table"].texts)
                for k, val in (card.modifiers or {}).items():
                    assert modifier_text(k, val, lang) in shown, (scenario, ev, k)
                assert items["events_left"].texts
    finally:
        names.show_content(None)
        i18n.set_language("ru")


@pytest.mark.rule("HOMS-01")
@pytest.mark.parametrize("used", [False, True])
def test_the_homs_card_lies_on_its_holders_board(table, used):
    """The Homs card is shown where its holder keeps it (HOMS-01): a small card by the
    Homs token on the viewer's own board, a chip on another state's board; both preview
    the card, name it in words and say when it was used this round. It is no longer a line
    of the event panel, which needs its room for the round's rules."""
    from test_legibility import cut_texts, small_texts

    game = Game.new(LINEUPS[3], seed=4)
    viewer = game.decision.player
    other = next(s for s in LINEUPS[3] if s != viewer)
    for holder in (viewer, other):
        view = game.view(viewer)
        view["homs_card"] = holder
        view["players"][holder]["cities"].append("homs")
        view["players"][holder]["homs_used"] = used
        table.show_view(view, _legal(game, viewer), viewer)
        marks = [it for it in table.scene().items()
                 if isinstance(it, TableItem) and it.key == "homs_card"]
        assert len(marks) == 1, holder
        mark = marks[0]
        assert mark.card_id == "homs_card" and "card:homs_card" in mark.targets
        assert "Homs card" in mark.texts or "Карта Хомса" in mark.texts
        assert ("Used this round" in mark.toolTip()
                or "использ" in mark.toolTip().lower()) == used
        if holder == viewer:  # beside the Homs token of the large board
            token = next(it for it in table.scene().items()
                         if isinstance(it, TableItem) and it.key == "token:homs")
            assert mark.sceneBoundingRect().right() <= token.sceneBoundingRect().center().x()
            assert abs(mark.sceneBoundingRect().center().y()
                       - token.sceneBoundingRect().center().y()) < 80
        assert small_texts(table) == []
        assert not [c for c in cut_texts(table) if "homs" in c], cut_texts(table)
    view = game.view(viewer)
    table.show_view(view, _legal(game, viewer), viewer)
    assert not [it for it in table.scene().items()
                if isinstance(it, TableItem) and it.key == "homs_card"]
