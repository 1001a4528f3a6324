"""``krestonostsy --screenshot OUT.png``: a seeded game, K random legal actions, the table
rendered as the current player sees it, saved as PNG — offscreen, then exit.

``--screen`` picks another screen (for reviewing the UI): ``table`` (default), ``window``
(the whole main window), ``start``, ``newgame``, ``settings``, ``handoff``, ``scoring``,
``load`` (the load screen with a few sample saves, one of them damaged), ``tutorial``
(the window at the tutorial's step number ``--steps``, counted from 0), ``rules`` (the
rules reference opened by the "?" at the first decision of the game) and ``glossary``
(the glossary opened at "rout", as from a card's keywords); the campaign's ``campaign``,
``newcampaign``, ``briefing``, ``debrief`` and ``chronicle`` (``ui/campaign/shots.py``).
``misclick`` is the window after an order token was put on the cross (the turn held, "End
turn" / "Take back" on the prompt bar), ``undone`` the same after "Take back"; ``cost`` the
window holding a placement that pays the owners of the tokens it covers (the confirmation
says what and to whom), ``spydraw`` one holding an outer cell (it draws a spy: "Go on" /
"Take back"). Those two play on from ``--steps`` to the first such placement.
``--scenario ID`` plays that scenario (e.g. ``levantine_merchants``: the trade board on the
table) and ``--advanced`` switches terrain on (the advanced mode, CAMP-10);
``--nickname STATE=ID`` (repeated) gives a state a campaign's nickname
(``data/campaign/nicknames.yaml``), shown on its board.
``--phase battle`` plays on (after the K actions) until a battle has a tactic played, and
shows it to the player deciding. The main window's words follow ``--size`` as they would
on a screen of that size (``scaled_style.ui_scale_for``: 3840x2160 is a 4K screen).
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

LINEUPS = {
    2: ["jerusalem", "tripoli"],
    3: ["jerusalem", "tripoli", "antioch"],
    4: ["jerusalem", "tripoli", "edessa", "antioch"],
}
PHASES = ("any", "battle")
CAMPAIGN_SCREENS = ("campaign", "newcampaign", "briefing", "debrief", "chronicle")
SCREENS = ("table", "battle", "round", "window", "misclick", "undone", "cost", "spydraw",
           "start", "newgame",
           "settings", "handoff", "scoring", "load", "tutorial", "rules", "glossary",
           "campaign", "newcampaign", "briefing", "debrief", "chronicle")  # campaign.shots
# screens of the table with a notice: the game is played on to the next one of them
NOTICE_ENDS = {
    "battle": lambda game, keys: "battle_won" in keys and game.battle is None,
    "round": lambda game, keys: "round_started" in keys and game.round > 1,
}


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in str(text).lower().split("x"))
    except ValueError:
        raise ValueError(f"size must look like 1600x1000, not {text!r}") from None
    if not (100 <= w <= 10000 and 100 <= h <= 10000):
        raise ValueError(f"size out of range: {text!r}")
    return w, h


def play_random(game, steps: int, seed: int) -> int:
    """Apply up to ``steps`` random legal actions; returns how many were applied."""
    rnd = random.Random(seed)
    done = 0
    while done < steps and not game.is_over:
        legal = list(game.legal_actions())
        if not legal:
            break
        game.apply(rnd.choice(legal))
        done += 1
    return done


def play_to_battle(game, seed: int) -> None:
    """Play random legal actions until a battle has a tactic in a slot and a state decides."""
    rnd = random.Random(seed)
    while not game.is_over:
        d = game.decision
        if game.battle and d is not None and d.player in game.states \
                and (game.view(d.player).get("battle") or {}).get("slots"):
            return
        game.apply(rnd.choice(list(game.legal_actions())))
    raise ValueError(f"the game (seed {seed}) ended with no battle to show")


def play_to_confirmation(game, screen: str, seed: int):
    """Play random legal actions until the decider may make a placement the window holds
    for confirmation: for ``cost`` one that pays two owners of covered tokens and ends the
    turn (in hot-seat), for ``spydraw`` an outer cell. Returns that placement."""
    from ..engine import preview_action
    from .safe_turns import turn_end_of
    rnd = random.Random(seed)
    while not game.is_over:
        for a in game.legal_actions():
            if a.kind != "place_order":
                continue
            o = preview_action(game, a)
            if screen == "spydraw" and "spies" in o.draws:
                return a
            if screen == "cost" and len(o.payments) > 1 and turn_end_of(game, a) is not None:
                return a
        game.apply(rnd.choice(list(game.legal_actions())))
    raise ValueError(f"the game (seed {seed}) ended with no such placement")


def play_to_notice(game, screen: str, seed: int) -> int:
    """Play random legal actions (after the first ``steps``) until the end of a battle or of
    a round (``NOTICE_ENDS``); returns the log length before the action that ended it."""
    rnd = random.Random(seed)
    while not game.is_over:
        n = len(game.log)
        game.apply(rnd.choice(list(game.legal_actions())))
        if NOTICE_ENDS[screen](game, [e[0] for e in game.log[n:]]):
            return n
    raise ValueError(f"the game (seed {seed}) ended with no {screen} end to show")


def take_screenshot(out: Path | str, players: int = 2, seed: int = 1, steps: int = 0,
                    lang: str = "ru", size: tuple[int, int] = (1600, 1000),
                    screen: str = "table", table_factory=None, phase: str = "any",
                    scenario: str = "base", advanced: bool = False,
                    nicknames: dict | None = None) -> Path:
    if "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QSize, Qt
    from PySide6.QtWidgets import QApplication

    from .. import i18n
    from ..engine import Game
    from .app import setup_application

    if players not in LINEUPS:
        raise ValueError("players must be 2, 3 or 4")
    if screen not in SCREENS:
        raise ValueError(f"screen must be one of {', '.join(SCREENS)}")
    app = setup_application()
    i18n.set_language(lang)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    w, h = size

    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}")
    from ..engine import load_ruleset
    rules = load_ruleset(scenario)
    if advanced and "terrain" not in rules.scenario.hooks:
        rules = rules.with_hooks(("terrain",))
    rules = rules.with_nicknames(nicknames)
    game = Game.new(LINEUPS[players], seed=seed, scenario=rules)
    from .names import show_content
    show_content(game.c)  # the cards (and components) of the game shown
    if screen != "tutorial":  # there ``steps`` is the tutorial's step
        play_random(game, steps, seed)
        if phase == "battle":
            play_to_battle(game, seed)
    player = game.decision.player if game.decision is not None else None
    if player not in LINEUPS[players]:
        player = None

    seen_log = None
    if screen in NOTICE_ENDS:
        seen_log = game.log[:play_to_notice(game, screen, seed)]
        player = LINEUPS[players][0]  # the notice as the first state's player reads it

    if screen in ("table", *NOTICE_ENDS):
        if table_factory is None:
            from .table.view import TableView
            table = TableView()
        else:
            table = table_factory(None)
        table.resize(w, h)
        legal = list(game.legal_actions()) if player else None
        if seen_log is not None and (game.decision is None or game.decision.player != player):
            legal = []  # the notice's reader is not the one deciding now
        if seen_log is not None:  # the look before: what came before it is history
            table.show_view(game.view(player), legal, player,
                            [e for e in seen_log if e[2] is None or player in e[2]])
        table.show_view(game.view(player), legal, player,
                        game.log_for(player) if seen_log is not None else None)
        image = table.render_to_image(QSize(w, h))
        if not image.save(str(out)):
            raise OSError(f"cannot write {out}")
        return out

    # the other screens are parts of the main window
    from .main_window import MainWindow
    from .saves import SaveStore
    from .settings import Settings

    tmp = tempfile.TemporaryDirectory(prefix="krestonostsy-shot-")
    qs = QSettings(str(Path(tmp.name) / "settings.ini"), QSettings.Format.IniFormat)
    settings = Settings(qs)
    settings.language = lang
    # the window as it looks on a screen of that size (a 4K shot: the words grow with it)
    from .scaled_style import ui_scale_for
    window = MainWindow(settings, SaveStore(Path(tmp.name) / "saves"),
                        table_factory=table_factory, autosave=False,
                        ui_scale=ui_scale_for(w, h))
    # a screenshot has the size asked for, never the (small) offscreen screen's maximum
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(w, h)
    window.show()
    widget = window
    if screen in ("window", "handoff", "scoring", "misclick", "undone", "cost", "spydraw"):
        window.ensure_table()
        held = play_to_confirmation(game, screen, seed) if screen in ("cost", "spydraw") \
            else None
        player = game.decision.player if held is not None else player
        window.controller.start(game)
        if held is not None:
            c = window.controller
            c.pending_handoff, c.viewer = None, player
            window.refresh()
            c.choose(held)
            from .table import animation
            animation.finish_all()
        elif screen in ("misclick", "undone"):
            _misclick(window, game, player, undone=screen == "undone")
        elif screen == "handoff":
            window._on_handoff(player or LINEUPS[players][0])
        elif screen == "scoring":
            result = game.result() if game.is_over else _sample_result(LINEUPS[players])
            window._on_game_over(result)
        else:
            window.controller.pending_handoff = None
            window.controller.viewer = player
            window.refresh()
    elif screen == "tutorial":
        from .tutorial import SETTING, lesson
        script = lesson()
        settings.set_value(SETTING, script.steps[max(0, min(steps, len(script.steps) - 1))].id)
        window.open_tutorial()
        window.tutorial_question.buttons[0].click()  # "Resume": at that step
        for _ in range(5):
            app.processEvents()
        window.tutorial._place()  # once the table has its final size
    elif screen in CAMPAIGN_SCREENS:
        from .campaign.shots import show_campaign_screen
        widget = show_campaign_screen(window, screen, lang)
    elif screen == "load":
        fill_sample_saves(window, lang)
        window.show_load_screen()
    elif screen in ("newgame", "settings"):
        dialog = window.new_game_dialog() if screen == "newgame" else window.settings_dialog()
        app.processEvents()
        # its own size, not one cut to the (small) offscreen screen as adjustSize would
        dialog.resize(dialog.sizeHint())
        widget = dialog
    elif screen in ("rules", "glossary"):
        from ..engine import rules_of
        if screen == "rules":
            widget = window.show_rules(rules_of(game.decision.prompt) if game.decision else ())
        else:
            widget = window.show_glossary("rout")
        widget.resize(w, h)
        for _ in range(3):
            app.processEvents()
        widget._scroll_to_focus()
    for _ in range(5):
        app.processEvents()
    image = widget.grab().toImage()
    window.close()
    window.deleteLater()  # its table's items go with it (a test counts the live ones)
    if not image.save(str(out)):
        raise OSError(f"cannot write {out}")
    tmp.cleanup()
    QApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    return out


def _misclick(window, game, player: str | None, undone: bool) -> None:
    """Put ``player``'s order token on the cross (the first place the table offers); with
    ``undone``, take it back with the prompt bar's "Take back"."""
    from .safe_turns import TAKE_BACK
    from .table import animation
    c = window.controller
    c.pending_handoff = None
    c.viewer = player
    window.refresh()
    place = next((a for a in c.legal_for_viewer() or () if a.kind == "place_order"), None)
    if place is None:
        raise ValueError("the game is not at an order placement: choose other --steps")
    c.choose(place)
    if c.pending_end is None:
        raise ValueError("that placement does not end the turn: choose other --steps")
    if undone:
        c.choose(TAKE_BACK)
    animation.finish_all()


# The sample saves of the load screen's screenshot: (line-up, seed, random actions, seats,
# manual save name by language or None for an autosave, with a thumbnail).
SAMPLE_SAVES = (
    (LINEUPS[4], 11, 400, {"tripoli": "normal", "edessa": "hard:merchant", "antioch": "easy"},
     None, True),
    (LINEUPS[2], 5, 150, {"tripoli": "expert"},
     {"ru": "Осада Эдессы", "en": "Siege of Edessa"}, True),
    (LINEUPS[3], 8, 60, {}, None, False),
)


def fill_sample_saves(window, lang: str) -> None:
    """A few saves in the window's (temporary) save folder for the load screen's
    screenshot: two autosaves of different games, a named save, one without a thumbnail
    (the placeholder is drawn) and one damaged file (listed with the reason)."""
    from ..engine import Game
    from .load_screen import png_bytes, table_thumbnail
    from .saves import new_game_id, write_save

    store = window.store
    store.ensure()
    table = window.ensure_table()
    for states, seed, steps, seats, names, picture in SAMPLE_SAVES:
        game = Game.new(states, seed=seed)
        play_random(game, steps, seed)
        kinds = {s: seats.get(s, "human") for s in states}
        if names is None:
            path = store.autosave(game, kinds, game_id=new_game_id())
        else:
            path = write_save(store.directory / f"{names[lang]}.json", game, kinds,
                              game_id=new_game_id())
        if picture:
            player = game.decision.player if game.decision is not None else None
            player = player if player in states else states[0]
            table.show_view(game.view(player), [], player)
            store.write_thumbnail(path, png_bytes(table_thumbnail(table)))
    damaged = store.directory / "game-jerusalem-tripoli-20260101-120000.json"
    damaged.write_text('{"format_version": 2, "game": "krestonostsy", "setup": {"states": '
                       '["jerus', encoding="utf-8")
    yesterday = time.time() - 86_400
    os.utime(damaged, (yesterday, yesterday))  # listed by the date of the file: last


def _sample_result(states) -> dict:
    """A made-up result (for reviewing the scoring screen before a game ends)."""
    scores = {}
    for i, s in enumerate(states):
        row = {"influence": 14 + 3 * i, "bull": 4 - i, "hegemony": 8 if i == 1 else 0,
               "righteousness": 0, "coins": 2}
        row["total"] = sum(row.values())
        scores[s] = row
    winner = max(scores, key=lambda s: scores[s]["total"])
    return {"scores": scores, "winner": winner, "tiebreak": None,
            "end_conditions": ["hegemony"]}


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="krestonostsy --screenshot",
                                 description="Render the table of a seeded game to a PNG.")
    ap.add_argument("--screenshot", required=True, metavar="OUT.png", type=Path)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=0)
    ap.add_argument("--lang", default="ru", choices=("ru", "en"))
    ap.add_argument("--size", default="1600x1000")
    ap.add_argument("--screen", default="table", choices=SCREENS)
    ap.add_argument("--phase", default="any", choices=PHASES)
    ap.add_argument("--scenario", default="base", metavar="ID",
                    help="the scenario played (default: the base game)")
    ap.add_argument("--advanced", action="store_true",
                    help="the advanced mode: terrain changes the battle for a city")
    ap.add_argument("--nickname", action="append", default=[], metavar="STATE=ID",
                    help="a state's campaign nickname (repeatable), e.g. edessa=the_bold")
    a = ap.parse_args(argv)
    try:
        size = parse_size(a.size)
    except ValueError as err:
        ap.error(str(err))
    nicknames = {}
    for item in a.nickname:
        state, _eq, nick = item.partition("=")
        if not state or not nick:
            ap.error(f"--nickname wants STATE=ID (e.g. edessa=the_bold), not {item!r}")
        nicknames[state] = nick
    try:
        out = take_screenshot(a.screenshot, a.players, a.seed, a.steps, a.lang, size, a.screen,
                              phase=a.phase, scenario=a.scenario, advanced=a.advanced,
                              nicknames=nicknames)
    except ImportError as err:
        print(f"krestonostsy: cannot render: {err}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as err:
        print(f"krestonostsy: {err}", file=sys.stderr)
        return 1
    print(out)
    return 0
