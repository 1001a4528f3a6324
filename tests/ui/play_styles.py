"""A solo game against each play style, to the scoring screen, in the real window (issue 30,
acceptance): the game is started from the new-game dialog ("Play against the computer",
the level and the style chosen there), the human's seat is played by a seeded Normal bot
that answers through the window's own intents (``controller.choose``, "End turn" when it
is offered) and the opponent is the styled bot in its thread, as a player meets it (its
seat's own seed fixed, so a run plays the same games again). For each style it writes a
picture of the table just after the bot has given a reason in the log (its seat's label
on its board, the log naming its level and style) and one of the scoring screen, and
prints how long the game took and what the log said of the bot.

    xvfb-run -a -s "-screen 0 1280x800x24" python tests/ui/play_styles.py OUT [ru|en]
                                                                        [--size 1280x800]
                                                                        [--level hard]
                                                                        [--styles pious,…]

Not a test (a game of a Hard bot takes a minute or more): ``tests/ui/test_play_styles.py`` plays
one styled game of the Normal level in the suite. Without ``QT_QPA_PLATFORM`` set it uses
the X server (``xcb``)."""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # a checkout, not installed
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from shoot_bots import pump, save, window_for  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.ai import decide, make_bot, mix  # noqa: E402
from krestonostsy.ai.styles import BALANCED, style_ids  # noqa: E402
from krestonostsy.ui import controller  # noqa: E402
from krestonostsy.ui.app import setup_application  # noqa: E402
from krestonostsy.ui.controller import END_TURN  # noqa: E402
from krestonostsy.ui.log_panel import render_entry  # noqa: E402

HUMAN, OPPONENT = "jerusalem", "tripoli"


def start_from_the_dialog(w, level: str, style: str, seed: int) -> bool:
    """New game → "Play against the computer": Jerusalem, 2 players, the level and style."""
    dialog = w.new_game_dialog()
    dialog.set_mode("solo")
    dialog.set_solo(state=HUMAN, players=2, level=level, style=style)
    dialog.advanced_toggle.click()
    dialog.seed_edit.setText(str(seed))
    return w.start_from_dialog(dialog)


def play(w, hand, seed: int, until, limit: int = 100_000) -> bool:
    """The human's seat played by the bot ``hand`` through the window, until ``until(c)``
    or the game's end."""
    c = w.controller
    for _ in range(limit):
        pump(5)
        if until(c):
            return True
        if c.game.is_over:
            return False
        legal = c.legal_for_viewer()
        if not legal:
            continue
        c.choose(END_TURN if END_TURN in legal else
                 decide(hand, c.game, mix(seed, len(c.game.actions))))
    return False


def bot_lines(c) -> list[str]:
    """The log's lines of the bots' reasons, as the log panel writes them."""
    return [render_entry(key, params)[0] for key, params, _vis in c.visible_log()
            if key.startswith("bot_")]


def reasoned(c) -> bool:
    """The human's turn in round 2 or later just after the bot has said why it chose (its
    reason at the foot of the log, in view)."""
    return ((c.current_view() or {}).get("round", 0) >= 2 and bool(c.legal_for_viewer())
            and any(key.startswith("bot_") for key, _p, _v in c.visible_log()[-4:]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("lang", nargs="?", default="ru", choices=("ru", "en"))
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--styles", default=",".join(s for s in style_ids() if s != BALANCED))
    ap.add_argument("--seed", type=int, default=30)
    a = ap.parse_args(argv)
    size = tuple(int(x) for x in a.size.lower().split("x"))
    a.out.mkdir(parents=True, exist_ok=True)
    setup_application()
    i18n.set_language(a.lang)
    # the bot seat's own seed, drawn from the system in a player's game, is fixed here:
    # with the game's seed and the human's, a run plays the same games again
    controller.new_seat_seed = lambda: a.seed
    failed = 0
    for style in a.styles.split(","):
        w = window_for(a.lang, size)
        hand = make_bot("normal")
        start = time.monotonic()
        if not start_from_the_dialog(w, a.level, style, a.seed):
            raise SystemExit(f"the game against {a.level}:{style} did not start")
        c = w.controller
        c.bot_pause_ms = 0
        if not w.act_log.isChecked():
            w.act_log.trigger()  # the log beside the table: the toolbar's "Log"
        kind = c.seat_kinds()[OPPONENT]
        play(w, hand, a.seed, reasoned)
        tag = f"{kind.replace(':', '-')}-{a.lang}-{size[0]}x{size[1]}"
        save(w, a.out / f"table-{tag}.png")
        over = play(w, hand, a.seed, lambda c: c.game.is_over) or c.game.is_over
        pump(500)
        page = w.current_page()
        save(w, a.out / f"scoring-{tag}.png")
        seconds = time.monotonic() - start
        lines = bot_lines(c)
        result = c.game.result()
        print(f"{kind}: {'over' if over else 'NOT OVER'}, page {page}, "
              f"{len(c.game.actions)} actions, {seconds:.0f} s; winner {result.get('winner')}; "
              f"scores " + ", ".join(f"{s} {v.get('total')}"
                                     for s, v in result.get("scores", {}).items()), flush=True)
        print(f"  {len(lines)} reasons in the log, e.g.: " + " | ".join(
            random.Random(a.seed).sample(lines, min(3, len(lines)))), flush=True)
        failed += not (over and page == "scoring")
        c.shut_down()
        w.close()
        pump(100)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
