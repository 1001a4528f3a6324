"""The campaign on the table (ui/table/components.py): each scenario component drawn from
its view — the trade board, the oath cards, the warlord —, the terrain of each city in the
advanced mode, the nicknames on the state boards; and the new-game dialog's scenario and
terrain choices.

The oaths and the warlord are built by other parts of issue 11; their view shapes are the
shared contract (BRIEF: ``oaths``, ``warlord``), so the tests set ``g.s["components"]`` of a
real game to those shapes (each kind shown by its own ``view`` hook,
engine/components/)."""
from __future__ import annotations

import copy

import pytest
from answers import answer_questions
from test_legibility import cut_texts, open_window  # noqa: F401, F811  (issue 9's window, 1280×800)

from krestonostsy import i18n
from krestonostsy.engine import Game, load_ruleset
from krestonostsy.ui.names import show_content

STATES = ["jerusalem", "tripoli", "edessa", "antioch"]


def items(table, prefix: str) -> dict:
    return {it.key: it for it in table.scene().table_items() if it.key and it.key.startswith(prefix)}


def show(table, game: Game, viewer: str = "jerusalem", view: dict | None = None) -> dict:
    show_content(game.c)
    v = view if view is not None else game.view(viewer)
    table.show_view(v, [], viewer)
    return v


@pytest.fixture
def merchants():
    return Game.new(STATES, seed=3, scenario="levantine_merchants")


@pytest.fixture(autouse=True)
def _base_content():
    yield
    show_content(None)  # the next test names cards from its own game


# --- the trade board ---------------------------------------------------------------------------

@pytest.mark.rule("CAMP-S2-01", "CAMP-S2-03", "CAMP-S2-04")
def test_the_trade_board_shows_each_marker_in_its_cell_and_rings_the_leaders(table, merchants,
                                                                             lang_ru):
    tracks = merchants.s["components"]["trade_board"]["tracks"]
    tracks["genoa"].update(jerusalem=3, tripoli=3, edessa=1)
    tracks["venice"]["antioch"] = 5
    show(table, merchants)
    spec = merchants.c.scenario.components["trade_board"]
    for rep in ("genoa", "pisa", "venice"):
        cells = items(table, f"trade:{rep}:")
        assert sorted(cells) == [f"trade:{rep}:{i}" for i in range(spec.cells + 1)]
        for sid in STATES:
            marker = items(table, f"piece:trade:{rep}:{sid}")[f"piece:trade:{rep}:{sid}"]
            cell = cells[f"trade:{rep}:{tracks[rep][sid]}"]
            assert cell.sceneBoundingRect().contains(marker.sceneBoundingRect().center())
            assert ("Лидер" in marker.toolTip()) == (
                rep == "genoa" and sid in ("jerusalem", "tripoli")
                or rep == "venice" and sid == "antioch")
    # each cell says what it is worth at the end (CAMP-S2-04)
    for i, value in enumerate(spec.influence):
        assert (f"+{value}" in items(table, f"trade:pisa:{i}")[f"trade:pisa:{i}"].texts) == \
            bool(value)
    # the row explains trade, the fleets' pay and the privileges, from the scenario's data
    tip = items(table, "trade:genoa")["trade:genoa"].toolTip()
    for word in ("Генуя", "Лидер", "Иерусалим", "Триполи", "Акра", "Тортоса", "Антиохия",
                 "2 монеты", "0, 0, 1, 2, 3, 4"):
        assert word in tip, word
    assert not items(table, "piece:battle:marker")  # the strip is the trade board's now


def test_the_harbours_of_the_trade_board_are_marked_on_the_map(table, merchants, lang_ru):
    show(table, merchants)
    marks = items(table, "harbour:")
    assert sorted(marks) == sorted(f"harbour:{c}" for c in
                                   merchants.c.scenario.components["trade_board"].harbours)
    city = items(table, "city:acre")["city:acre"]
    assert city.sceneBoundingRect().intersects(marks["harbour:acre"].sceneBoundingRect())
    assert "Акра" in marks["harbour:acre"].toolTip()


def test_during_a_battle_the_battle_board_takes_the_strip_back(table, merchants, lang_ru):
    v = copy.deepcopy(merchants.view("jerusalem"))
    v["battle"] = {"city": "acre", "attacker": "jerusalem", "defender": "saracen",
                   "marker": 2, "slots": []}
    show(table, merchants, view=v)
    assert not items(table, "trade:") and items(table, "piece:battle:marker")
    show(table, merchants)
    assert items(table, "trade:") and not items(table, "piece:battle:marker")


def test_a_base_game_draws_no_component(table, lang_ru):
    game = Game.new(STATES, seed=3)
    show(table, game)
    for prefix in ("trade:", "harbour:", "terrain:", "oath:", "warlord:", "piece:warlord"):
        assert not items(table, prefix), prefix
    assert items(table, "piece:battle:marker")


def test_every_component_the_engine_plays_has_its_drawer_and_its_briefing_name():
    """Adding a component (docs/engine.md): its engine module, its drawer here, its name in
    a campaign's briefing. A kind the engine plays without them is drawn by nothing."""
    from krestonostsy.engine.components import COMPONENTS
    from krestonostsy.ui.campaign.story import COMPONENT_NAMES
    from krestonostsy.ui.table.components import DRAWERS
    assert list(DRAWERS) == list(COMPONENTS)
    assert list(COMPONENT_NAMES) == list(COMPONENTS)
    assert all(d.board or d.on_map for d in DRAWERS.values())


# --- oaths (the contract's view shape) ---------------------------------------------------------

def oath_game() -> Game:
    game = Game.new(STATES, seed=3)
    game.s["components"] = {"oaths": {  # the state's shape (engine/ops/oaths.py)
        "hands": {"jerusalem": ["oath_of_homage", "oath_of_tancred"],
                  "tripoli": ["oath_t1", "oath_t2", "oath_t3"], "edessa": ["oath_e1", "oath_e2"],
                  "antioch": ["oath_a1", "oath_a2", "oath_a3", "oath_a4"]},
        "sworn": [{"card": "oath_of_fealty", "lord": "jerusalem", "vassal": "edessa"}],
        "broken": [{"card": "oath_of_bourcq", "lord": "antioch", "vassal": "tripoli",
                    "round": 2, "by": "tripoli", "cost": 2}],
        "regents": {"antioch": "jerusalem"}, "deck": [], "discard": []}}
    return game


@pytest.mark.rule("CAMP-S3-01", "CAMP-S3-02")
def test_the_oaths_show_the_own_hand_the_bonds_and_the_regents(table, lang_ru):
    game = oath_game()
    show(table, game)
    hand = items(table, "oath:hand:")
    assert [hand[k].card_id for k in sorted(hand)] == ["oath_of_homage", "oath_of_tancred"]
    rows = items(table, "oath:")
    sworn = next(it for k, it in rows.items() if k.startswith("oath:sworn"))
    assert sworn.card_id == "oath_of_fealty" and "card:oath_of_fealty" in sworn.targets
    assert "Эдесса" in sworn.texts[0] and "Иерусалим" in sworn.texts[0]
    broken = next(it for k, it in rows.items() if k.startswith("oath:broken"))
    assert "2" in broken.texts[0] and "Триполи" in broken.toolTip()
    regent = next(it for k, it in rows.items() if k.startswith("oath:regent"))
    assert "Иерусалим" in regent.texts[0] and "Антиохия" in regent.texts[0]
    hands = rows["oath:hands"]
    assert "Триполи 3" in hands.texts and "Антиохия 4" in hands.texts


def test_another_player_sees_only_counts_of_the_oath_hands(table, lang_ru):
    game = oath_game()
    v = game.view("tripoli")
    v["components"]["oaths"]["hands"] = {"jerusalem": 2, "tripoli": [], "edessa": 2,
                                         "antioch": 4}
    show(table, game, "tripoli", view=v)
    assert not items(table, "oath:hand:")
    assert "Иерусалим 2" in items(table, "oath:hands")["oath:hands"].texts


# --- the warlord (the contract's view shape) ---------------------------------------------------

def warlord_game(city="aleppo", target="edessa", card="atabeg_of_mosul") -> Game:
    """A game of «Rise of the Crescent» with the warlord's state set as wanted (the view
    shows his deck as a count: 7 here)."""
    game = Game.new(STATES, seed=3, scenario="rise_of_the_crescent")
    others = [c for c in sorted(game.c.warlord) if c not in (card, "al_atharib")]
    game.s["components"]["warlord"].update(city=city, card=card, target=target,
                                           deck=others[:7], discard=["al_atharib"])
    return game


@pytest.mark.rule("CAMP-S4-01")
def test_the_warlord_stands_at_his_city_and_marches_on_his_target(table, lang_ru):
    game = warlord_game()
    show(table, game)
    piece = items(table, "piece:warlord")["piece:warlord"]
    aleppo = items(table, "city:aleppo")["city:aleppo"].sceneBoundingRect()
    centre = piece.sceneBoundingRect().center()
    assert abs(centre.x() - aleppo.center().x()) < aleppo.width() / 2 and centre.y() < aleppo.center().y()
    ring = items(table, "warlord:target")["warlord:target"]
    edessa = items(table, "city:edessa")["city:edessa"].sceneBoundingRect()
    assert ring.sceneBoundingRect().contains(edessa.center())
    assert items(table, "warlord:march")
    card = items(table, "warlord:card")["warlord:card"]
    assert card.card_id == "atabeg_of_mosul" and "card:atabeg_of_mosul" in card.targets
    deck = items(table, "warlord:deck")["warlord:deck"]
    assert "7" in deck.texts
    where = items(table, "warlord:where")["warlord:where"]
    assert any("Алеппо" in t for t in where.texts) and any("Эдесса" in t for t in where.texts)


def test_a_warlord_off_the_map_has_no_piece(table, lang_ru):
    show(table, warlord_game(city=None, target=None, card=None))
    assert not items(table, "piece:warlord") and not items(table, "warlord:target")
    assert any("нет на карте" in t for t in items(table, "warlord:where")["warlord:where"].texts)


# --- terrain (the advanced mode) ---------------------------------------------------------------

@pytest.mark.rule("CAMP-10")
def test_terrain_is_drawn_on_every_city_in_the_advanced_mode(table, lang_ru):
    game = Game.new(STATES, seed=3, scenario=load_ruleset("base").with_hooks(("terrain",)))
    show(table, game)
    marks = items(table, "terrain:")
    assert sorted(marks) == sorted(f"terrain:{c}" for c in game.c.board.cities)
    tip = marks["terrain:jerusalem"].toolTip()
    assert "Иерусалим" in tip and "Защитник +1" in tip  # mountains: the defender +1
    assert "сарацины" in marks["terrain:acre"].toolTip()  # harbour: the Saracens do not
    for cid in game.c.board.cities:
        city = items(table, f"city:{cid}")[f"city:{cid}"]
        assert city.sceneBoundingRect().intersects(marks[f"terrain:{cid}"].sceneBoundingRect())


def test_without_the_advanced_mode_there_is_no_terrain(table, merchants, lang_ru):
    show(table, merchants)
    assert not items(table, "terrain:")


# --- nicknames ----------------------------------------------------------------------------------

@pytest.mark.rule("CAMP-05")
@pytest.mark.parametrize("lang,quality", [("ru", "воинственность"), ("en", "belligerence")])
def test_a_state_board_shows_its_nickname_under_its_name(table, lang, quality):
    i18n.set_language(lang)
    try:
        game = Game.new(STATES, seed=3, scenario=load_ruleset("base").with_nicknames(
            {"edessa": "the_bold", "jerusalem": "the_steward"}))
        show(table, game)
        word = "«Смелый»" if lang == "ru" else "“the Bold”"
        steward = "«Рачительный»" if lang == "ru" else "“the Steward”"
        # under the name, on the viewer's large board and on a compact one
        assert items(table, "player:jerusalem")["player:jerusalem"].texts[1] == steward
        head = items(table, "player:edessa")["player:edessa"]
        assert head.texts[1] == word and quality in head.toolTip().lower()
        assert "+1" in head.toolTip()  # its advantage: +1 unit in the capital
        plain = items(table, "player:tripoli")["player:tripoli"]  # no nickname: none shown
        assert not {word, steward} & set(plain.texts)
    finally:
        i18n.set_language("ru")


# --- the new-game dialog -----------------------------------------------------------------------

def test_the_dialog_offers_the_base_game_and_the_scenarios_a_campaign_reached(qtbot, lang_ru):
    from krestonostsy.ui.new_game_dialog import NewGameDialog
    alone = NewGameDialog(None, {})
    qtbot.addWidget(alone)
    assert [alone.scenario_combo.itemData(i) for i in range(alone.scenario_combo.count())] \
        == ["base"] and alone.scenario() == "base" and not alone.advanced()
    d = NewGameDialog(None, {"reached": ["chronicle_beginning", "levantine_merchants"],
                             "scenario": "levantine_merchants", "advanced": "true"})
    qtbot.addWidget(d)
    assert [d.scenario_combo.itemText(i) for i in range(d.scenario_combo.count())][0] \
        == "Базовая игра"
    assert "Левантийские торговцы" in d.scenario_combo.itemText(2)
    assert d.scenario() == "levantine_merchants" and d.advanced()
    assert "Местность" in d.advanced_check.text()
    d.scenario_combo.setCurrentIndex(0)
    assert d.scenario() == "base" and not d.scenario_note.isVisibleTo(d)


def test_the_window_starts_the_chosen_scenario_with_terrain_and_remembers_it(
        qtbot, settings, store, lang_ru, tmp_path):
    from krestonostsy.campaign.chronicle import Chronicle
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.table import TableView

    Chronicle.new({"antioch": "human", "edessa": "novice"}, seed=1,
                  folder=store.directory.parent, campaign_id="mine")
    w = MainWindow(settings, store, table_factory=TableView, autosave=False)
    qtbot.addWidget(w)
    answer_questions(w)
    w.show()
    d = w.new_game_dialog()
    data = [d.scenario_combo.itemData(i) for i in range(d.scenario_combo.count())]
    assert data == ["base", "chronicle_beginning"]
    d.scenario_combo.setCurrentIndex(1)
    d.advanced_check.setChecked(True)
    d.set_mode("hotseat")
    d.set_states(["jerusalem", "tripoli"])
    assert w.start_from_dialog(d)
    game = w.controller.game
    assert game.setup["scenario"] == "chronicle_beginning" and game.setup["hooks"] == ["terrain"]
    w.controller.pending_handoff = None  # past the hot-seat hand-off, to the table
    w.controller.viewer = game.decision.player
    w.refresh()
    assert items(w.table, "terrain:")
    again = w.new_game_dialog()
    assert again.scenario() == "chronicle_beginning" and again.advanced()
    # a saved game keeps both (the save's setup names the scenario and the hooks)
    back = Game.from_json(game.to_json())
    assert back.setup == game.setup


# --- the legibility of a merchants table (issue 9's rule: ≥ 11 px at 1280×800) ---------------

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_merchants_table_with_terrain_is_legible_at_1280x800(open_window, lang):  # noqa: F811
    from test_legibility import small_texts

    rules = load_ruleset("levantine_merchants").with_hooks(("terrain",)).with_nicknames(
        {"jerusalem": "the_steward", "tripoli": "the_pilgrim"})
    game = Game.new(STATES, seed=5, scenario=rules)
    import random
    rnd = random.Random(5)
    while game.s.get("round", 0) < 2 or game.decision.player not in STATES:
        game.apply(rnd.choice(list(game.legal_actions())))
    game.s["components"]["trade_board"]["tracks"]["genoa"].update(jerusalem=2, antioch=2)
    w = open_window(game, lang)
    assert items(w.table, "trade:") and items(w.table, "terrain:")
    small = small_texts(w.table)
    assert not small, "\n".join(small[:40])
    cut = cut_texts(w.table)
    assert not cut, "\n".join(cut[:40])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("kind", ["oaths", "warlord"])
def test_the_oaths_and_the_warlord_read_whole_at_1280x800(open_window, kind, lang):  # noqa: F811
    """Issue 9 §4 for the campaign's components: no word of their boards is cut (and
    none is below 11 px) in a 1280×800 window."""
    from test_legibility import small_texts
    game = oath_game() if kind == "oaths" else warlord_game()
    show_content(game.c)
    w = open_window(game, lang)
    w.controller.viewer = "jerusalem"
    w.refresh()
    prefix = ("oath:",) if kind == "oaths" else ("warlord:", "piece:warlord")
    assert items(w.table, prefix[0])
    cut = cut_texts(w.table)
    assert not cut, "\n".join(cut[:40])
    assert not small_texts(w.table)


# --- the oath on offer lies on the table while it is answered (CAMP-S3-02) -------------------

def oath_offered(seed: int = 2) -> Game:
    """A «Vassal of my vassal» game played at random to the first oath offered."""
    import random
    game = Game.new(["jerusalem", "tripoli", "antioch"], seed=seed,
                    scenario=load_ruleset("vassal_of_my_vassal"))
    rnd = random.Random(seed)
    for _ in range(3000):
        if game.decision is not None and game.decision.prompt == "answer_oath":
            return game
        game.apply(rnd.choice(list(game.legal_actions())))
    pytest.skip(f"seed {seed}: no oath offered")


@pytest.mark.rule("CAMP-S3-02")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_oath_on_offer_is_shown_with_its_text_until_it_is_answered(open_window, lang):  # noqa: F811
    from test_legibility import small_texts

    from krestonostsy.ui.table import labels as L
    game = oath_offered()
    d = game.decision
    card, lord, vassal = d.params["card"], d.params["lord"], d.player
    show_content(game.c)
    w = open_window(game, lang)  # the vassal's seat: it answers
    offer = items(w.table, "oath:offer")
    assert offer["oath:offer"].card_id == card
    assert L.card_name(card) in offer["oath:offer"].texts
    text = offer["oath:offer:text"].texts[0]
    lines = L.card_text_lines(card)
    assert lines and all(ln in text for ln in lines)  # the card's whole text, on the table
    assert L.state_name(lord) in offer["oath:offer:words"].texts[1]
    assert not items(w.table, "oath:hand:")  # the board is about the offer meanwhile
    cut = cut_texts(w.table, ("oath:",))
    assert not cut, "\n".join(cut)
    assert not [t for t in small_texts(w.table) if t.startswith("oath:")]
    # another seat sees the same card (it is offered face up), told who answers
    other = next(s for s in game.s["players"] if s not in (lord, vassal))
    w.controller.viewer = other
    w.refresh()
    assert items(w.table, "oath:offer")["oath:offer"].card_id == card
    assert L.state_name(vassal) in items(w.table, "oath:offer:words")["oath:offer:words"].texts[1]
    # answered: the decision moves on and the card leaves the board
    c = w.controller
    c.viewer = vassal
    w.refresh()
    c.choose(next(a for a in c.legal_for_viewer() if a.kind == "accept_oath"))
    if c.pending_end is not None:  # the answer held for "End turn": confirmed
        from krestonostsy.ui.controller import END_TURN
        c.choose(END_TURN)
    c.pending_handoff = None
    w.refresh()
    assert c.game.decision is None or c.game.decision.prompt != "answer_oath"
    assert not items(w.table, "oath:offer")


# --- the screenshot of a scenario's table ------------------------------------------------------

def test_the_screenshot_renders_a_scenario_with_terrain_and_nicknames(qtbot, tmp_path, capsys):
    from PySide6.QtGui import QImage

    from krestonostsy.ui.screenshot import main
    out = tmp_path / "merchants.png"
    assert main(["--screenshot", str(out), "--players", "2", "--size", "640x400",
                 "--scenario", "levantine_merchants", "--advanced",
                 "--nickname", "jerusalem=the_bold"]) == 0
    assert QImage(str(out)).size().width() == 640
    assert main(["--screenshot", str(tmp_path / "x.png"), "--scenario", "no_such"]) == 1
    assert "no_such" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--screenshot", str(tmp_path / "y.png"), "--nickname", "edessa"])
    assert "STATE=ID" in capsys.readouterr().err


@pytest.mark.rule("CAMP-S1-01", "END-01")
@pytest.mark.parametrize("scenario, rounds", [("chronicle_beginning", 5), ("base", 6)])
def test_the_round_plate_counts_to_the_scenarios_last_round(table, lang_ru, scenario, rounds):
    game = Game.new(STATES, seed=3, scenario=scenario)
    game.s["round"] = 2
    assert show(table, game)["last_round"] == rounds
    assert f"Раунд 2 из {rounds}" in items(table, "plate")["plate"].texts


@pytest.mark.rule("CAMP-S4-03", "SYM-92")
def test_in_the_warlords_battle_every_viewer_sees_the_saracen_hand_face_up(table, lang_ru):
    from helpers import run_step

    from krestonostsy.engine.state import SARACEN
    game = warlord_game(target="edessa")
    part = game.s["components"]["warlord"]
    card = next(c for c, w in game.c.warlord.items() if w.target == "edessa")
    part["deck"] = [c for c in part["deck"] if c != card]
    part["card"] = card
    run_step(game, "effect", player=SARACEN, ops=[{"op": "warlord_attack", "amount": 2}],
             ctx={"warlord": True})
    b = game.s["battle"]
    onlooker = next(x for x in STATES if x not in (b["defender"], b["saracen_player"]))
    show(table, game, viewer=onlooker)
    shown = sorted(it.card_id for it in items(table, "battle:hand:").values())
    assert shown == sorted(b["saracen_hand"])
    texts = [t for it in table.scene().table_items() for t in it.texts]
    assert "Рука сарацин в открытую" in texts
