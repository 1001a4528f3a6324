"""The campaign in the window (issue 11 "In the window" and its acceptance): a campaign
created through the campaign screen, its briefing, the first scenario played to its end
through the real game controller (one human choosing seeded random legal moves, a bot in
the other seat), the debrief, a restart (a fresh main window on the same data folder)
continuing into the second scenario's briefing, and the chronicle reader — in Russian and
English; a scenario in progress resumed after a restart; a damaged or newer chronicle
listed with its reason; a scenario not implemented yet said on the debrief."""
from __future__ import annotations

import json
import random

import pytest
from answers import answer_questions
from app_fixtures import FakeTable
from content_copy import copy_data
from PySide6.QtCore import QUrl

from krestonostsy import i18n
from krestonostsy.campaign.chronicle import Chronicle, campaigns_dir
from krestonostsy.campaign.data import shipped_campaign
from krestonostsy.campaign.play import play_next
from krestonostsy.i18n import _
from krestonostsy.ui import names
from krestonostsy.ui.controller import END_TURN


@pytest.fixture(autouse=True)
def back_to_russian():
    """Every test here may switch the language; the next test starts in Russian."""
    yield
    i18n.set_language("ru")


def new_window(qtbot, settings, store):
    """A main window on ``store``'s data folder (a "restart" when one existed before);
    the table is the test double (the controller, saves and pages are the real ones)."""
    from krestonostsy.ui.main_window import MainWindow
    w = MainWindow(settings, store, table_factory=FakeTable)
    answer_questions(w)
    qtbot.addWidget(w)
    w.show()
    return w


def play_some(window, qtbot, seed: int, limit: int | None = None) -> int:
    """Play through the real controller: the human chooses seeded random legal moves
    (confirming "End turn"), the bots answer in their thread; until the game ends or
    ``limit`` human choices. Returns the number of human choices."""
    c = window.controller
    c.bot_pause_ms = 0
    rnd = random.Random(seed)
    chosen = 0
    while c.game is not None and not c.game.is_over and (limit is None or chosen < limit):
        if c.pending_handoff is not None:
            c.acknowledge_handoff()
            continue
        legal = c.legal_for_viewer()
        if not legal:
            qtbot.waitUntil(lambda: bool(c.legal_for_viewer()) or c.game.is_over
                            or c.pending_handoff is not None, timeout=120_000)
            continue
        c.choose(END_TURN if c.pending_end is not None else rnd.choice(legal))
        chosen += 1
    return chosen


def create_campaign(window, seats, name="Test") -> Chronicle:
    window.start_screen.campaign_button.click()
    assert window.current_page() == "campaign"
    dialog = window.campaign.new_campaign_dialog()
    dialog.set_seats(seats)
    dialog.name_edit.setText(name)
    dialog.seed_box.setValue(5)
    assert dialog.ok_button.isEnabled(), dialog.problem.text()
    dialog.ok_button.click()
    assert dialog.chronicle is not None, dialog.problem.text()
    return dialog.chronicle


@pytest.mark.rule("CAMP-01", "CAMP-02", "CAMP-04", "CAMP-11")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_campaign_from_the_start_screen_to_the_second_briefing(qtbot, settings, store,
                                                                  lang):
    i18n.set_language(lang)
    settings.language = lang
    window = new_window(qtbot, settings, store)
    data = shipped_campaign()
    first, second = data.scenarios[0], data.scenarios[1]

    chronicle = create_campaign(window, {"jerusalem": "human", "tripoli": "novice"},
                                name="Летопись" if lang == "ru" else "Chronicle")
    # the briefing: story, special rules, the highlighted cities, the states
    assert window.current_page() == "briefing"
    briefing = window.campaign.briefing
    text = briefing.text()
    assert _(first.name) in briefing.title.text()
    assert _(first.briefing)[:40] in text
    for rule in first.special_rules:
        assert _(rule.title) in text
    assert briefing.map.highlight == first.highlight
    assert _("Marked on the map: {cities}").split("{")[0] in briefing.map_caption.text()

    # the first scenario on the table, its autosave linked to the chronicle
    briefing.start_button.click()
    assert window.current_page() in ("table", "handoff")
    game_id = window.controller.game_id
    linked = json.loads(chronicle.path.read_text(encoding="utf-8"))["in_progress"]
    assert store.game_of(linked["autosave"]) == game_id
    assert window.controller.game.setup["scenario"] == first.id
    assert window.controller.seat_kinds() == {"jerusalem": "human", "tripoli": "novice"}
    play_some(window, qtbot, seed=3)
    assert window.controller.game.is_over

    # the scoring screen offers the debrief; the chronicle recorded the chapter
    assert window.current_page() == "scoring"
    assert window.scoring.debrief_button.isVisible()
    on_disk = Chronicle.load(chronicle.path)
    assert len(on_disk.chapters) == 1 and on_disk.in_progress is None
    # the chapter can be watched again; closing the replay comes back here
    assert window.start_replay() and window.current_page() == "table"
    assert window.replay.length == len(window.controller.game.actions)
    window.replay_bar.close_action.trigger()
    assert window.current_page() == "scoring" and window.scoring.debrief_button.isVisible()
    assert len(Chronicle.load(chronicle.path).chapters) == 1  # recorded once, not again
    window.scoring.debrief_button.click()
    assert window.current_page() == "debrief"
    chapter = on_disk.chapters[0]
    debrief = window.campaign.debrief.text()
    for state, nick in chapter.nickname_ids.items():
        name = next(n.name for n in data.nicknames if n.id == nick)
        assert _(name) in debrief
        assert _(data.quality_names[chapter.nicknames[state]]) in debrief
    assert _("Standings") in debrief
    assert _(second.name) in window.campaign.debrief.continue_button.text()

    # a restart: a fresh window continues into the second scenario's briefing
    window.close()
    window = new_window(qtbot, settings, store)
    window.start_screen.campaign_button.click()
    screen = window.campaign.screen
    assert len(screen.entries) == 1
    row = screen.row_text(0)
    assert row[0] == chronicle.name
    assert _(second.name) in row[2] and "2" in row[2]
    screen.continue_button.click()
    assert window.current_page() == "briefing"
    briefing = window.campaign.briefing
    assert briefing.entry.id == second.id
    text = briefing.text()
    assert _(second.name) in briefing.title.text()
    for nick in chapter.nickname_ids.values():
        name = next(n.name for n in data.nicknames if n.id == nick)
        assert _(name) in text  # what each state carries in: its nickname
    assert set(briefing.map.highlight) == {"tripoli", "antioch", "acre", "tortosa"}

    # the chronicle reader
    briefing.back_button.click()
    assert window.current_page() == "campaign"
    screen.chronicle_button.click()
    assert window.current_page() == "chronicle"
    story = window.campaign.reader.text()
    assert _("Chapter {n}. {scenario} ({years})").format(
        n=1, scenario=_(first.name), years=first.years) in story
    assert _("Standings") in story
    # a chapter watched again from the reader (no game in play: a fresh window)
    assert _("Watch this chapter again, move by move") in story
    assert window.controller.game is None
    window.campaign.reader.document.anchorClicked.emit(QUrl("replay:0"))
    assert window.current_page() == "table" and window.replay_bar.isVisible()
    assert window.replay.length == len(Chronicle.load(chronicle.path).chapters[0].game.actions)
    assert not window.act_undo.isEnabled() and not window.act_save.isEnabled()
    # its cards named from its own scenario's content (not the base game's)
    assert names.shown_content() is window.campaign.reader.chronicle.chapters[0].game.c
    window.replay_bar.last.trigger()
    assert window.replay.at == window.replay.length and window.replay.game.is_over
    window.retranslate()  # a refresh with no game in play keeps the replay
    assert window.replay is not None
    window.replay_bar.close_action.trigger()
    assert window.current_page() == "chronicle" and window.replay is None
    window.campaign.reader.back_button.click()
    assert window.current_page() == "campaign"
    window.close()


@pytest.mark.rule("CAMP-11")
def test_a_scenario_in_progress_resumes_after_a_restart(qtbot, settings, store):
    window = new_window(qtbot, settings, store)
    chronicle = create_campaign(window, {"tripoli": "human", "antioch": "novice"})
    window.campaign.briefing.start_button.click()
    game_id = window.controller.game_id
    play_some(window, qtbot, seed=1, limit=8)
    played = len(window.controller.game.actions)
    window.close()

    # the start screen's Continue resumes it as the campaign's scenario
    window = new_window(qtbot, settings, store)
    assert window.start_screen.continue_button.isEnabled()
    window.start_screen.continue_button.click()
    assert window.controller.game_id == game_id
    assert window.campaign.chronicle is not None
    assert window.campaign.chronicle.path == chronicle.path
    window.close()

    # and so does the campaign list's Continue
    window = new_window(qtbot, settings, store)
    window.start_screen.campaign_button.click()
    assert _("in progress") in window.campaign.screen.row_text(0)[2]
    window.campaign.screen.continue_button.click()
    assert window.controller.game_id == game_id
    assert len(window.controller.game.actions) >= played
    assert window.current_page() in ("table", "handoff")
    window.close()


@pytest.mark.rule("CAMP-11")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_damaged_or_newer_chronicle_is_listed_with_its_reason(qtbot, settings, store,
                                                                 lang):
    i18n.set_language(lang)
    window = new_window(qtbot, settings, store)
    folder = campaigns_dir(store.directory.parent)
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"format": "krestonostsy-chronicle", "ver',
                                        encoding="utf-8")
    (folder / "future.json").write_text(json.dumps(
        {"format": "krestonostsy-chronicle", "version": 99, "seats": {}, "seed": 1,
         "chapters": []}), encoding="utf-8")
    window.start_screen.campaign_button.click()
    screen = window.campaign.screen
    rows = {screen.entries[i].path.name: screen.row_text(i) for i in range(2)}
    lead = _("This chronicle cannot be opened (a copy of it was kept beside it):")
    damaged = _("The file is damaged or is not a chronicle of this game.")
    newer = _("It was written by a newer version of the game: update the game to open it.")
    assert lead in rows["broken.json"][1] and damaged in rows["broken.json"][1]
    assert _("the chronicle is damaged: it is not a JSON text") in rows["broken.json"][1]
    assert lead in rows["future.json"][1] and newer in rows["future.json"][1]
    for row in range(2):
        screen.table.selectRow(row)
        assert not screen.continue_button.isEnabled()
        assert screen.delete_button.isEnabled()
    # listed again (a new screen, no cache): the same content keeps its one copy
    window.close()
    window = new_window(qtbot, settings, store)
    window.start_screen.campaign_button.click()
    assert len(list(folder.glob("broken.json.bad-*"))) == 1
    assert len(list(folder.glob("future.json.bad-*"))) == 1
    # deleting removes the file from the list
    screen = window.campaign.screen
    screen.table.selectRow(0)
    answer_questions(window, yes=False)
    screen.delete_button.click()
    box = window._message_box  # asked first, "Cancel" the default
    assert [b.text() for b in box.buttons] == [_("Delete"), _("Cancel")]
    assert box.buttons[1].isDefault() and len(screen.entries) == 2
    box.buttons[0].click()
    assert len(screen.entries) == 1
    window.close()


def damaged_chronicles(folder, good: Chronicle) -> dict:
    """The damaged chronicles of issue 31 §3 beside ``good``, each as its file's text."""
    from krestonostsy.campaign.chronicle import sealed
    doc = json.loads(good.path.read_text(encoding="utf-8"))
    texts = {"nested": "[" * 2000 + "]" * 2000,
             "nul": {**doc, "in_progress": {"autosave": "auto\x00save.json"}},
             "seed": {**doc, "seed": 10**4299},
             "seat5": {**doc, "seats": {**doc["seats"], "tripoli": 5}},
             "hard": {**doc, "seats": {**doc["seats"], "tripoli": "Hard"}},
             "altered": json.dumps({**doc, "seed": doc["seed"] + 1})}
    for name, text in texts.items():
        (folder / f"{name}.json").write_text(
            text if isinstance(text, str) else json.dumps(sealed(text)), encoding="utf-8")
    return texts


@pytest.mark.rule("CAMP-11")
def test_a_save_loads_and_the_list_shows_each_campaign_with_damaged_chronicles_beside_them(
        qtbot, settings, store):
    """Damaged chronicles (nested 2,000 deep, a NUL in the autosave, a 4,300-digit seed,
    a seat that is no seat, a file changed outside the game) stop nothing: a save loads,
    the campaign list shows each of them as damaged and the good campaign as it is."""
    from krestonostsy.engine import Game
    from krestonostsy.ui.saves import write_save
    window = new_window(qtbot, settings, store)
    folder = campaigns_dir(store.directory.parent)
    good = Chronicle.new({"jerusalem": "human", "tripoli": "easy"}, seed=5,
                         folder=store.directory.parent, campaign_id="good")
    damaged = damaged_chronicles(folder, good)
    game = Game.new(["jerusalem", "tripoli"], seed=3)
    save = write_save(store.directory / "mine.json", game, {"jerusalem": "human",
                                                              "tripoli": "easy"})
    assert window.load_file(save)
    assert window.controller.game is not None and window.campaign.chronicle is None
    window.go_to_menu()
    window.start_screen.campaign_button.click()
    screen = window.campaign.screen
    by_name = {e.path.stem: e for e in screen.entries}
    assert set(by_name) == set(damaged) | {"good"}
    assert by_name["good"].chronicle is not None
    for name in damaged:
        assert by_name[name].chronicle is None and by_name[name].error, name
    window.close()


@pytest.mark.rule("CAMP-01")
def test_a_scenario_not_implemented_is_said_on_the_debrief(qtbot, tmp_path, lang_ru):
    """A data folder whose third scenario has no file (a mod's campaign in the making):
    after scenario 2 the debrief says which scenario is missing instead of offering to
    continue."""
    from krestonostsy.campaign.data import load_campaign
    from krestonostsy.ui.campaign.pages import DebriefScreen
    from krestonostsy.ui.campaign.story import next_step_text
    root = copy_data(tmp_path / "data")
    (root / "scenarios" / "vassal_of_my_vassal.yaml").unlink()
    data = load_campaign(root)
    third = data.scenarios[2]
    assert not third.implemented
    chronicle = Chronicle.new({"jerusalem": "random", "edessa": "random"}, 2,
                              folder=tmp_path / "user", data=data, name="Bots")
    play_next(chronicle)
    play_next(chronicle)
    debrief = DebriefScreen()
    qtbot.addWidget(debrief)
    debrief.show_debrief(chronicle)
    assert not debrief.continue_button.isVisibleTo(debrief)
    assert debrief.note.isVisibleTo(debrief)
    assert _(third.name) in debrief.note.text() == next_step_text(chronicle)


@pytest.fixture
def four_chapters():
    """The shipped campaign: its four scenarios, so a campaign reaches its end."""
    return shipped_campaign()


@pytest.mark.rule("CAMP-02")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_after_the_last_scenario_the_debrief_names_the_campaign_winner(
        qtbot, tmp_path, four_chapters, lang):
    from krestonostsy.ui.campaign import story
    from krestonostsy.ui.campaign.pages import ChronicleReader, DebriefScreen
    i18n.set_language(lang)
    chronicle = Chronicle.new({"tripoli": "random", "antioch": "random"}, 4,
                              folder=tmp_path, data=four_chapters, name="End")
    for _i in range(4):
        play_next(chronicle)
    winner = chronicle.winner()
    assert winner is not None
    debrief = DebriefScreen()
    qtbot.addWidget(debrief)
    debrief.show_debrief(chronicle)
    assert not debrief.continue_button.isVisibleTo(debrief)
    expected = story.next_step_text(chronicle)
    assert story.full_name(chronicle, winner) in expected
    assert debrief.note.text() == expected
    reader = ChronicleReader()
    qtbot.addWidget(reader)
    reader.show_chronicle(chronicle)
    for n in range(1, 5):
        assert _("Chapter {n}. {scenario} ({years})").split(".")[0].format(n=n) \
            in reader.text()


def test_a_campaign_scenario_plays_on_the_real_table(qtbot, window, instant_animations):
    """The same flow on the real table (not the test double): scenario 1 starts from its
    briefing, the table draws its view and the human's moves go through."""
    chronicle = create_campaign(window, {"jerusalem": "human", "tripoli": "novice"})
    window.campaign.briefing.start_button.click()
    assert window.current_page() == "table"
    assert window.table.scene() is not None
    assert window.controller.game.setup["scenario"] == chronicle.data.scenarios[0].id
    assert play_some(window, qtbot, seed=2, limit=6) == 6
    assert window.current_page() == "table"
    window.close()


def test_the_years_of_a_scenario_are_spread_over_its_rounds():
    from krestonostsy.ui.campaign.story import round_years
    assert round_years("1100–1109", 6) == [1100, 1102, 1104, 1105, 1107, 1109]
    assert round_years("1128–1146", 6)[0] == 1128 and round_years("1128–1146", 6)[-1] == 1146
    assert round_years("1100", 6) is None and round_years("1109–1100", 6) is None
    assert round_years("1100–1109", 1) == [1100]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_chronicle_tells_each_chapter_year_by_year(qtbot, tmp_path, four_chapters, lang):
    """The reader tells each chapter year by year: one line per round played, its year and
    event, every city taken (by a battle, a march or a raid) and every assault beaten back
    — read from the chapter's public log — or that the year was quiet."""
    from krestonostsy.ui.campaign import story
    from krestonostsy.ui.campaign.pages import ChronicleReader
    from krestonostsy.ui.names import city_name
    i18n.set_language(lang)
    try:
        chronicle = Chronicle.new({"tripoli": "random", "antioch": "random"}, 7,
                                  folder=tmp_path, data=four_chapters, name="Annals")
        for _i in range(4):
            play_next(chronicle)
        reader = ChronicleReader()
        qtbot.addWidget(reader)
        reader.show_chronicle(chronicle)
        assert reader.text().count(_("Year by year")) == 4
        changed = 0
        for chapter in chronicle.chapters:
            entry = chronicle.data.scenario(chapter.scenario)
            lines = story.annals(chapter, entry.years)
            years = story.round_years(entry.years, chapter.game.rules.last_round)
            rnd, cities = 0, {}
            for key, params, _v in chapter.game.log_for(None):
                if key == "round_started":
                    rnd = params["round"]
                    cities[rnd] = []
                elif key in ("city_gained", "raid_captured"):
                    cities[rnd].append(params["city"])
            assert len(lines) == len(cities)
            for line, (r, taken) in zip(lines, cities.items(), strict=True):
                assert line.startswith(_("{year}, round {n}").format(year=years[r - 1], n=r))
                assert line.split(". ", 1)[1] in reader.text()
                for city in taken:
                    assert city_name(city) in line, (r, city, line)
                changed += len(taken)
            if lang == "ru":
                text = " ".join(lines)
                assert not any(w in text for w in ("took", "round", "raid", "Saracens")), text
        assert changed > 0, "these four games should change some city's hands"
    finally:
        i18n.set_language("ru")
