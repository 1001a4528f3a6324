"""The table's notices (issue 9 §3): a battle's result banner and a round's summary, read
from the log the viewer may see; they never take a click and go away on one."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QObject, QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui.table import results as RS  # noqa: E402
from krestonostsy.ui.table.labels import state_name  # noqa: E402

pytestmark = pytest.mark.usefixtures("instant_animations")
STATES = ["jerusalem", "tripoli"]
VIEWER = "jerusalem"


def _units_on_map(game: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in game.s["cities"].values():
        for owner, n in (c.get("units") or {}).items():
            out[owner] = out.get(owner, 0) + int(n)
    return out


def _show(table, game: Game) -> None:
    d = game.decision
    legal = list(d.actions) if d is not None and d.player == VIEWER else []
    table.show_view(game.view(VIEWER), legal, VIEWER, game.log_for(VIEWER))


def _play_until(table, seed: int, done):
    """Play a seeded game with random choices, showing the table to VIEWER after every
    action, until ``done(game, new_keys)``; returns the game and what it recorded."""
    game = Game.new(STATES, seed=seed)
    rnd = random.Random(seed)
    _show(table, game)
    memo: dict = {}
    for _step in range(3000):
        before = _units_on_map(game)
        n = len(game.log)
        game.apply(rnd.choice(list(game.decision.actions)))
        keys = [e[0] for e in game.log[n:]]
        if "battle_started" in keys:
            memo["units_before"] = before
            memo["added"] = 0
        memo["added"] = memo.get("added", 0) + sum(
            int(e[1].get("n") or 0) for e in game.log[n:] if e[0] == "battle_units_added")
        _show(table, game)
        if done(game, keys):
            return game, memo
    raise AssertionError("the seeded game never got there")


def _click_empty(table) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, QPoint(4, 4))


def test_battle_result_banner_shows_winner_and_losses(table):
    game, _memo = _play_until(
        table, 1, lambda g, keys: "battle_won" in keys and g.s["battle"] is None)
    won = [e for e in game.log if e[0] == "battle_won"][-1][1]
    started = [e for e in game.log if e[0] == "battle_started"][-1][1]
    scene = table.scene()
    banner = scene.notices.get("battle")
    assert banner is not None and banner.isVisible()
    assert state_name(won["player"]) in banner.texts[1]  # the headline names the winner
    result = RS.last_battle(game.log_for(VIEWER))
    assert (result.attacker, result.defender) == (started["player"], started["defender"])
    for side, n in result.lost.items():
        row = next(t for t in banner.texts[2:] if t.startswith(f"{state_name(side)} ("))
        assert f" {n} " in row
    # seed 1: Jerusalem attacks Damascus and loses; each side loses a unit for good
    assert result.winner == "saracen" and result.lost == {"jerusalem": 1, "saracen": 1}
    assert not result.captured
    assert any("не захвачен" in t for t in banner.texts)  # the window speaks Russian
    _click_empty(table)
    assert "battle" not in scene.notices and banner.scene() is None


def test_battle_result_counts_every_unit_lost_for_good():
    """Smashed units, the unit the loser discards, units with nowhere to retreat; not the
    units that retreat or are routed to a city of theirs; a capture."""
    log = [("battle_started", {"player": "edessa", "city": "aleppo", "defender": "tripoli"},
            None),
           ("battle_smash", {"player": "tripoli", "n": 2, "marker": 2}, None),
           ("battle_rout", {"player": "edessa", "n": 1, "marker": 1}, None),
           ("units_retreated", {"player": "edessa", "frm": "aleppo", "city": "homs", "n": 1,
                                "reason": "rout"}, None),
           ("battle_won", {"city": "aleppo", "player": "edessa", "marker": 1}, None),
           ("battle_retreat", {"player": "tripoli", "city": "aleppo", "n": 3}, None),
           ("units_destroyed", {"player": "tripoli", "city": "aleppo", "n": 3,
                                "reason": "retreat"}, None),
           ("city_level", {"city": "aleppo", "level": 2, "old": 3}, None),
           ("city_gained", {"player": "edessa", "city": "aleppo", "frm": "tripoli"}, None),
           ("order_started", {"player": "tripoli", "order": "march"}, None),
           ("units_destroyed", {"player": "tripoli", "city": "homs", "n": 1}, None)]
    r = RS.last_battle(log)
    assert r.winner == "edessa" and r.at == 4
    assert r.lost == {"edessa": 0, "tripoli": 6} and r.captured and r.level == (3, 2)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_round_summary_lists_income_of_each_state(table, lang):
    i18n.set_language(lang)
    try:
        game, _memo = _play_until(
            table, 1, lambda g, keys: "round_started" in keys and g.s["round"] == 2)
        scene = table.scene()
        card = scene.notices.get("round")
        assert card is not None and card.isVisible()
        taxes = {}
        for key, p, _vis in game.log:
            if key == "round_started" and p["round"] == 2:
                break
            if key == "taxes":
                taxes[p["player"]] = taxes.get(p["player"], 0) + p["coins"]
        rows = card.texts[2:]
        for sid in STATES:
            line = next(t for t in rows if t.startswith(state_name(sid) + ":"))
            assert str(taxes.get(sid, 0)) in line
        # the viewer's influence is theirs alone: the other state's is not shown
        own = next(t for t in rows if t.startswith(state_name(VIEWER) + ":"))
        other = next(t for t in rows if t.startswith(state_name("tripoli") + ":"))
        assert own.count(",") == 1 and "," not in other
        table.show_view(game.view("tripoli"), [], "tripoli", game.log_for("tripoli"))
        assert "round" not in scene.notices  # jerusalem's notice is not tripoli's to read
        table.show_view(game.view(VIEWER), [], VIEWER, game.log_for(VIEWER))
        assert "round" not in scene.notices  # seen already: not shown twice
    finally:
        i18n.set_language("ru")


def test_round_summary_goes_on_a_click_that_still_reaches_the_table(table, qtbot):
    game, _memo = _play_until(
        table, 1, lambda g, keys: "round_started" in keys and g.s["round"] == 2)
    scene = table.scene()
    card = scene.notices["round"]
    assert card.acceptedMouseButtons() == Qt.MouseButton.NoButton
    legal = scene.legal_items()
    # it lies over no legal target when there is room elsewhere
    assert not any(card.sceneBoundingRect().intersects(it.sceneBoundingRect()) for it in legal)
    _click_empty(table)
    assert "round" not in scene.notices and card.scene() is None


def test_notice_goes_by_itself_when_the_setting_says_so(table, qtbot, monkeypatch):
    from krestonostsy.ui.table.regions import notices as S
    monkeypatch.setitem(S.NOTICE_MS, "round", 50)
    table.set_results_close(True)  # Settings: "close results by themselves"
    _game, _memo = _play_until(
        table, 1, lambda g, keys: "round_started" in keys and g.s["round"] == 2)
    scene = table.scene()
    assert "round" in scene.notices
    qtbot.waitUntil(lambda: "round" not in scene.notices, timeout=2000)


def test_notices_leave_nothing_behind_in_a_long_game(table):
    """Each notice is shown, replaced and dismissed many times in a game; the scene's
    objects do not grow with them (a timer per notice used to stay behind, ~50 a game)."""
    scene = table.scene()
    _play_until(table, 1, lambda g, keys: "round_started" in keys and g.s["round"] == 2)
    before = len(scene.findChildren(QObject))
    opened: list = []  # every notice item shown (kept alive here: no id is reused)

    def note_and_check_end(game, _keys) -> bool:
        opened.extend(it for it in scene.notices.values()
                      if not any(it is seen for seen in opened))
        return game.is_over

    _play_until(table, 1, note_and_check_end)
    assert len(opened) >= 6
    scene.dismiss_notices()
    assert len(scene.findChildren(QObject)) == before


def test_results_are_read_only_from_the_log():
    game = Game.new(STATES, seed=0)
    rnd = random.Random(0)
    while game.s["round"] < 2:
        game.apply(rnd.choice(list(game.decision.actions)))
    for viewer in STATES:
        summary = RS.last_round(game.log_for(viewer))
        assert summary.round == 1 and set(summary.influence) == {viewer}
    assert RS.last_round(game.log_for(None)).influence == {}


def test_open_notice_follows_a_change_of_language(table):
    _play_until(table, 1, lambda g, keys: "round_started" in keys and g.s["round"] == 2)
    scene = table.scene()
    assert scene.notices["round"].texts[0] == "Раунд 1 окончен"
    try:
        table.set_language("en")
        assert scene.notices["round"].texts[0] == "Round 1 is over"
    finally:
        i18n.set_language("ru")


def test_battle_banner_covers_neither_the_markets_nor_the_event(table):
    """At 1280×800 the battle's result lies on the battle board's strip (empty between
    battles): the markets' bottom row and the event stay in view while it is shown."""
    from krestonostsy.ui.table.regions import notices as S
    _play_until(table, 1, lambda g, keys: "battle_won" in keys and g.s["battle"] is None)
    scene = table.scene()
    banner = scene.notices["battle"]
    seen = banner.mapRectToScene(banner.rect())  # what it paints (its parchment)
    markets = [it.mapRectToScene(it.rect()) for it in scene.table_items()
               if (it.key or "").startswith(("market:", "deck:"))]
    assert markets, "the markets are on the table"
    assert not any(seen.intersects(r) for r in markets)
    assert not seen.intersects(S.R_MARKET) and not seen.intersects(S.R_EVENT)
    assert S.R_BATTLE.contains(seen)
    # on screen: below the markets' panel, by whole pixels
    assert table.mapFromScene(seen.topLeft()).y() > table.mapFromScene(
        S.R_MARKET.bottomLeft()).y()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_battle_banner_rows_fit_their_columns(table, lang):
    """The longest rows a battle's result can have (any two states, twelve units lost,
    the longest city's name, captured or falling a level) fit the banner's two columns
    at a legible size, so none runs into the other column: the left one's on one line
    each, the right one's on one line each or, wrapped, within the rows' height."""
    from PySide6.QtCore import QRectF
    from PySide6.QtCore import Qt as _Qt
    from PySide6.QtGui import QFontMetricsF

    from krestonostsy.ui.table import art
    from krestonostsy.ui.table.regions import notices as S
    i18n.set_language(lang)
    try:
        names = ["jerusalem", "tripoli", "edessa", "antioch", "saracen"]
        cities = ["jerusalem", "damascus", "antioch", "turbessel", "baalbek", "tortosa"]
        width = S.R_BATTLE.width() - 30 - 12  # the banner's body (see NoticeBoard._notice)
        room, gap, piece_w = width - 60, 28, 36
        worst = art.MIN_TEXT + 10
        for a in names[:4]:
            for d in names:
                if a == d:
                    continue
                for city in cities:
                    for captured, level in ((True, (3, 2)), (False, (2, 1)), (False, None)):
                        r = RS.BattleResult(0, city, a, d, d if not captured else a,
                                            {a: 12, d: 11}, captured, level)
                        _title, _head, _colour, rows = S.battle_lines(r)
                        left = [x for x in rows if x[0]]
                        right = [x for x in rows if not x[0]]
                        size, split, wrap = S.notice_columns(left, right, room, gap,
                                                              piece_w)
                        fm = QFontMetricsF(art.font(size))
                        assert all(fm.horizontalAdvance(t) + piece_w <= split + 0.5
                                   for _w, t in left), (lang, a, d, city)
                        rw = room - split - gap
                        if wrap:
                            para = "\n".join(t for _w, t in right)
                            box = fm.boundingRect(QRectF(0, 0, rw, 1000),
                                                  int(_Qt.TextFlag.TextWordWrap), para)
                            assert box.width() <= rw + 0.5, (lang, a, d, city)
                            assert box.height() <= 48 * 2 + 0.5, (lang, a, d, city)
                        else:
                            assert all(fm.horizontalAdvance(t) <= rw + 0.5
                                       for _w, t in right), (lang, a, d, city)
                        worst = min(worst, size)
        assert worst >= art.MIN_TEXT
    finally:
        i18n.set_language("ru")


@pytest.mark.parametrize("scenario", ["levantine_merchants", "vassal_of_my_vassal",
                                      "rise_of_the_crescent"])
def test_battle_banner_leaves_a_scenarios_components_in_view(table, scenario):
    """Between battles a scenario's components (the trade board, the oaths, the warlord)
    fill the battle board's strip: the result of a battle then lies elsewhere (on the
    event), in one column whose rows stay inside it."""
    from krestonostsy.ui.table.regions import notices as S
    states = ["jerusalem", "tripoli", "antioch"]
    game = Game.new(states, seed=3, scenario=scenario)
    rnd = random.Random(3)
    in_battle = False
    for _step in range(4000):
        n = len(game.log)
        game.apply(rnd.choice(list(game.decision.actions)))
        keys = [e[0] for e in game.log[n:]]
        in_battle = in_battle or "battle_started" in keys
        if in_battle:  # the viewer watches the battle, and sees how it ends
            _show(table, game)
        if "battle_won" in keys and game.s["battle"] is None:
            break
    else:
        raise AssertionError("the seeded game had no battle")
    scene = table.scene()
    strip = scene.section_items("scenario_strip")
    assert strip, "the scenario's components are in the strip"
    banner = scene.notices["battle"]
    seen = banner.mapRectToScene(banner.rect())
    assert not any(seen.intersects(it.mapRectToScene(it.rect())) for it in strip)
    assert S.R_EVENT.contains(seen)


def test_notices_move_off_a_battle_that_begins_while_they_are_open(table):
    """A battle's result and a round's summary stay open a few seconds; a battle that
    begins meanwhile (bots play fast) takes the right column, and the notices move off its
    board: the player reads it to play."""
    game, _memo = _play_until(
        table, 1, lambda g, keys: "battle_won" in keys and g.s["battle"] is None)
    scene = table.scene()
    assert "battle" in scene.notices
    rnd = random.Random(5)
    for _step in range(3000):
        game.apply(rnd.choice(list(game.decision.actions)))
        _show(table, game)
        if game.s["battle"] is not None and scene.notices:
            break
    else:
        raise AssertionError("no battle began while a notice was open")
    board = [it.mapRectToScene(it.rect()) for it in scene.section_items("battle")]
    assert board, "the battle board is on the table"
    for kind, notice in scene.notices.items():
        seen = notice.mapRectToScene(notice.rect())
        assert not any(seen.intersects(b) for b in board), kind


def test_a_result_the_viewer_took_part_in_stays_until_a_click(table, qtbot, monkeypatch):
    """Issue 28 §3: the round's summary (every player's income) no longer goes by itself
    while the bots play on: it waits for the player's click."""
    from krestonostsy.ui.table.regions import notices as S
    monkeypatch.setitem(S.NOTICE_MS, "round", 50)
    _play_until(table, 1, lambda g, keys: "round_started" in keys and g.s["round"] == 2)
    scene = table.scene()
    assert scene.notices["round"].result.involves(VIEWER)
    qtbot.wait(400)
    assert "round" in scene.notices
    _click_empty(table)
    assert "round" not in scene.notices


def test_the_round_summary_waits_under_the_viewers_battle_result(table):
    """A round that ends right after the viewer's battle: its summary opens on the click
    that closes the battle's result, not over it."""
    _play_until(table, 1, lambda g, keys: "round_started" in keys and g.s["round"] == 2)
    scene = table.scene()
    summary = scene.notices["round"].result
    scene.dismiss_notices()
    battle = RS.BattleResult(at=0, city="acre", attacker=VIEWER, defender="saracen",
                             winner=VIEWER, lost={VIEWER: 1}, captured=True)
    scene.notice_board.open("battle", battle)
    scene.notice_board.open("round", summary)
    assert list(scene.notices) == ["battle"]
    _click_empty(table)
    assert list(scene.notices) == ["round"]
    _click_empty(table)
    assert not scene.notices
