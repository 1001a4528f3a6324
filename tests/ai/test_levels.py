"""Every level plays whole games headless, deterministically, and legally."""
from __future__ import annotations

import json

import pytest

from krestonostsy.ai import LEVELS, Bot, BotError, decide, decide_explained, make_bot
from krestonostsy.ai.play import play
from krestonostsy.cli import main as cli_main
from krestonostsy.engine import Game

# tiny search budgets keep CI's cost small; the real budgets are measured in benchmarks
TINY = {"hard": {"iterations": 3, "seconds": None},
        "expert": {"iterations": 2, "seconds": None, "processes": 1},
        "expert-2026-11": {"iterations": 2, "seconds": None, "processes": 1}}


def _bot(level):
    return make_bot(level, **TINY.get(level, {}))


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_whole_game_with_each_level(level):
    """A 3-player game: the level in one seat against novices (search levels are slow
    enough that one seat of them is the test), played to the scoring."""
    game = Game.new(["tripoli", "edessa", "antioch"], seed=11)
    seats = {"tripoli": _bot(level), "edessa": make_bot("novice"),
             "antioch": make_bot("random")}
    played = play(game, seats, seed=5)
    assert game.is_over and game.result()["winner"] in game.s["states"]
    assert played.times[level], "the level was asked at least once"


@pytest.mark.parametrize("level", ["random", "novice", "easy", "normal"])
def test_cheap_levels_play_every_seat_of_a_four_player_game(level):
    game = Game.new(["jerusalem", "tripoli", "edessa", "antioch"], seed=3)
    play(game, {s: make_bot(level) for s in game.s["states"]}, seed=9)
    assert game.is_over


def _replay(level, seed):
    game = Game.new(["jerusalem", "edessa"], seed=21)
    bots = {s: _bot(level) for s in game.s["states"]}
    played = []
    for _ in range(40 if level in TINY else 150):
        if game.is_over:
            break
        a = decide(bots[game.decision.player], game, seed * 1000 + len(played))
        played.append(a)
        game.apply(a)
    return played


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_is_deterministic_for_a_seed(level):
    assert _replay(level, 3) == _replay(level, 3)


def test_seeds_matter_for_a_noisy_level():
    assert _replay("random", 3) != _replay("random", 4)


class _Refuses(Bot):
    level = "refuses"

    def choose(self, knowledge):
        raise AssertionError("asked although only one action was legal")


def test_a_single_legal_action_is_answered_without_the_bot():
    game = Game.new(["jerusalem", "edessa"], seed=2)
    import random
    rnd = random.Random(0)
    while len(game.legal_actions()) != 1:
        game.apply(rnd.choice(game.legal_actions()))
    assert decide(_Refuses(), game, 1) == game.legal_actions()[0]


class _Cheater(Bot):
    level = "cheater"

    def choose(self, knowledge):
        from krestonostsy.engine.actions import Action
        return Action("resign")


def test_an_illegal_answer_is_a_clear_error():
    game = Game.new(["jerusalem", "edessa"], seed=2)
    with pytest.raises(BotError, match="cheater bot answered Action\\('resign'\\)"):
        decide(_Cheater(), game, 1)


def test_unknown_level_and_bad_budget_are_explained():
    with pytest.raises(ValueError, match="unknown bot level 'godlike'"):
        make_bot("godlike")
    with pytest.raises(ValueError, match="iterations, trees and processes must be"):
        make_bot("hard", iterations=0)
    with pytest.raises(ValueError, match="novice level takes no settings"):
        make_bot("novice", iterations=3)


def test_knowledge_holds_the_view_not_the_game():
    from krestonostsy.ai.seat import knowledge_of
    game = Game.new(["jerusalem", "edessa"], seed=2)
    k = knowledge_of(game, 1)
    assert k.view == game.view(k.seat)
    assert k.actions == game.legal_actions()
    assert all(v is not game for v in vars(k).values())
    w = k.world(0)
    assert w is not game and w.view(k.seat) == game.view(k.seat)


def test_tournament_cli_json(capsys):
    code = cli_main(["tournament", "--bots", "novice,random", "--players", "2",
                     "--games", "2", "--seed", "4", "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    r = json.loads(out[-1])
    assert {"games", "wins", "ci95", "decision_ms", "mean_actions"} <= r.keys()
    assert r["games"] == 2 and sum(r["wins"].values()) == 2
    lo, hi = r["ci95"]["novice"]
    assert 0 <= lo <= r["win_rate"]["novice"] <= hi <= 1
    assert set(r["decision_ms"]) == {"novice", "random"}
    assert "95% CI" in "\n".join(out)


def test_tournament_plays_a_style_against_its_balanced_level(capsys):
    """Seat kinds with a style are bots of their own: wins and decision times apart."""
    code = cli_main(["tournament", "--bots", "normal:merchant,normal", "--players", "2",
                     "--games", "2", "--seed", "4", "--json"])
    assert code == 0
    r = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(r["wins"]) == set(r["decision_ms"]) == {"normal:merchant", "normal"}
    assert sum(r["wins"].values()) == 2
    assert all(t["n"] > 0 for t in r["decision_ms"].values())


def test_tournament_progress_lines_follow_a_long_run(capsys):
    code = cli_main(["tournament", "--bots", "novice,random", "--players", "2",
                     "--games", "2", "--seed", "4", "--progress"])
    assert code == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert [line.split(" (")[0] for line in err] == ["game 1/2", "game 2/2"]
    assert "so far" in err[-1] and "wins in" in err[-1]


def test_a_tournament_stopped_by_hand_reports_the_games_finished(capsys, monkeypatch):
    from krestonostsy.tools import tournament
    real = tournament.play_one
    played = []

    def stop_at_the_third(job):
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(job)
        return real(job)

    monkeypatch.setattr(tournament, "play_one", stop_at_the_third)
    code = cli_main(["tournament", "--bots", "novice,random", "--players", "2",
                     "--games", "6", "--seed", "4", "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    r = json.loads(out[-1])
    assert r["stopped"] is True and r["planned"] == 6 and r["games"] == 2
    assert sum(r["wins"].values()) == 2 and r["decision_ms"]["novice"]["n"] > 0
    assert out[0].startswith("stopped by hand after 2 of 6 games")
    monkeypatch.setattr(tournament, "play_one", real)
    first = tournament.run(["novice", "random"], 2, 2, 4)  # the same first games, unstopped
    assert first["stopped"] is False and first["games"] == 2
    assert first["wins"] == r["wins"] and first["mean_actions"] == r["mean_actions"]


def test_tournament_rotates_every_deal_through_the_seats():
    from krestonostsy.tools.tournament import schedule
    plan = schedule(["hard", "normal", "normal", "normal"], 4, 8, 1)
    assert len(plan) == 8
    for deal in (0, 1):
        rows = [p for p in plan if p[0] == deal]
        assert len({p[4] for p in rows}) == 1  # one game seed per deal
        for s in rows[0][2]:
            assert sorted(p[3][s] for p in rows) == ["hard", "normal", "normal", "normal"]


def test_tournament_refuses_bad_arguments(capsys):
    assert cli_main(["tournament", "--bots", "hard,godlike", "--players", "2"]) == 2
    assert "unknown bot level 'godlike'" in capsys.readouterr().err
    assert cli_main(["tournament", "--bots", "hard:greedy,normal", "--players", "2"]) == 2
    assert "unknown play style 'greedy'" in capsys.readouterr().err
    assert cli_main(["tournament", "--bots", "easy:pious,normal", "--players", "2"]) == 2
    assert "the easy level plays balanced only" in capsys.readouterr().err
    assert cli_main(["tournament", "--bots", "easy,easy,easy", "--players", "2"]) == 2
    assert "3 bots for 2 players" in capsys.readouterr().err


def test_wilson_interval():
    from krestonostsy.tools.tournament import wilson
    lo, hi = wilson(120, 200)
    assert 0.53 < lo < 0.6 < hi < 0.67
    assert wilson(0, 0) == (0.0, 1.0)


def test_balance_with_a_bot_level(capsys):
    assert cli_main(["balance", "--games", "1", "--seed", "2", "--bot", "novice",
                     "--json"]) == 0
    r = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert r["level"] == "novice" and len(r["lineups"]) == 9


def test_tournament_in_processes_gives_the_same_results():
    from krestonostsy.tools.tournament import run
    one = run(["novice", "random"], 2, 4, 6, jobs=1)
    two = run(["novice", "random"], 2, 4, 6, jobs=2)
    assert (one["wins"], one["mean_actions"]) == (two["wins"], two["mean_actions"])


@pytest.mark.parametrize("level", ["expert", "expert-2026-11"])
def test_expert_trees_in_processes_choose_as_in_one_process(level):
    """Root parallelisation: the trees depend only on their root worlds and seeds, so
    running them in worker processes gives the same answer as one after the other (the
    expert's halving rounds and the reference's even spread alike)."""
    from .positions import at, positions
    one = make_bot(level, iterations=12, seconds=None, processes=1)
    two = make_bot(level, iterations=12, seconds=None, processes=2)
    for pos in positions(3)[:8]:
        game = at(3, pos)
        assert decide_explained(one, game, 5) == decide_explained(two, game, 5), pos[0]


def test_the_playouts_randomness_reaches_the_worker_processes():
    """A budget's ``playout_randomness`` is the playouts' ε in one process and in two
    alike (the halving search sends it with each round)."""
    from .positions import at, positions
    one = make_bot("expert", iterations=12, seconds=None, processes=1,
                   playout_randomness=0.6)
    two = make_bot("expert", iterations=12, seconds=None, processes=2,
                   playout_randomness=0.6)
    for pos in positions(3)[:4]:
        game = at(3, pos)
        assert decide_explained(one, game, 5) == decide_explained(two, game, 5), pos[0]


def test_playout_randomness_is_the_share_of_random_choices():
    """ε = 0: a playout always takes an action of the best prior; ε = 1: any action, so
    over many draws the others come too."""
    import random

    from krestonostsy.ai.policy import playout_choice, priors

    from .positions import at, positions
    for pos in positions(2):
        game = at(2, pos)
        acts = game.decision.actions
        scores = priors(game, game.decision.player, acts)
        if len(set(scores)) > 1:
            break
    top = {a for a, s in zip(acts, scores, strict=True) if s == max(scores)}
    rnd = random.Random(1)
    assert {playout_choice(game, rnd, randomness=0.0) for _ in range(200)} <= top
    assert {playout_choice(game, rnd, randomness=1.0) for _ in range(200)} - top


@pytest.mark.parametrize("level, searched", [("hard", "SEARCHED_PROMPTS"),
                                             ("expert", "EXPERT_SEARCHED"),
                                             ("expert-2026-11", "REFERENCE_EXPERT_SEARCHED")])
def test_a_search_level_searches_its_decisions_and_judges_the_others(monkeypatch, level,
                                                                      searched):
    """The expert searches the battle's and the army's decisions as well as hard's two;
    every other decision (and hard's others) goes to the normal judgement."""
    from krestonostsy.ai import levels

    from .positions import at, positions
    asked = []

    def record(k, *args):
        asked.append(k.prompt)
        return k.actions[0], {}

    monkeypatch.setattr(levels, "paired_search", record)
    monkeypatch.setattr(levels, "halving_search", record)
    monkeypatch.setattr(levels, "search_visits",
                        lambda k, *a: asked.append(k.prompt) or {k.actions[0]: 1})
    bot = make_bot(level, **TINY[level])
    met = set()
    for players in (2, 3, 4):
        for pos in positions(players):
            game = at(players, pos)
            if game.decision.player not in game.s["states"]:
                continue  # the Saracen side's decisions: saracens.py
            met.add(pos[0])
            decide(bot, game, 1)
    expected = getattr(levels, searched)
    assert {"battle_play", "muster", "march_move", "place_order"} <= met  # the test sees them
    assert set(asked) == met & expected
    if level != "hard":
        assert "battle_play" in asked and "muster" in asked
    else:
        assert "battle_play" not in asked


def test_a_tournament_played_in_parts_reports_as_one_run(tmp_path, capsys):
    """``--rows`` and ``--from-deal``: a long run split over two processes (or two days)
    plays the same games as one run, and ``--report`` over the parts gives its report."""
    from krestonostsy.tools.tournament import report, run
    whole = run(["novice", "random"], 2, 6, 4)
    first, rest = tmp_path / "first.rows", tmp_path / "rest.rows"
    run(["novice", "random"], 2, 2, 4, rows=str(first))          # deal 0
    run(["novice", "random"], 2, 6, 4, from_deal=1, rows=str(rest))  # deals 1 and 2
    again = run(["novice", "random"], 2, 2, 4, rows=str(first))  # deal 0 is saved: not played
    assert len(first.read_text().splitlines()) == 2 and again["games"] == 2
    joined = report([str(first), str(rest)])
    for key in ("games", "wins", "mean_actions", "end_conditions", "ci95"):
        assert joined[key] == whole[key], key
    assert cli_main(["tournament", "--report", str(first), str(rest), "--json"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["wins"] == whole["wins"]
    other = tmp_path / "other.rows"
    run(["easy", "random"], 2, 2, 4, rows=str(other))
    assert cli_main(["tournament", "--report", str(first), str(other)]) != 0
    assert "another tournament" in capsys.readouterr().err
    assert cli_main(["tournament", "--bots", "novice,random", "--games", "2", "--seed", "4",
                     "--rows", str(other)]) != 0
    assert "another tournament" in capsys.readouterr().err


def test_a_stopped_run_is_continued_by_the_same_command(tmp_path):
    """With ``--rows``, the games the file holds are not played again, and the report
    covers them with the new ones: the same as one run."""
    from krestonostsy.tools.tournament import run
    whole = run(["novice", "random"], 2, 6, 4)
    rows = tmp_path / "run.rows"
    run(["novice", "random"], 2, 6, 4, rows=str(rows))
    lines = rows.read_text().splitlines()
    rows.write_text("\n".join(lines[:3]) + "\n")  # stopped in deal 1, after rotation 0
    seen = []
    again = run(["novice", "random"], 2, 6, 4, rows=str(rows),
                progress=lambda results, total: seen.append((len(results), total)))
    assert seen == [(4, 6), (5, 6), (6, 6)]  # three games played, counted after the saved
    assert rows.read_text().splitlines()[:3] == lines[:3]
    assert len(rows.read_text().splitlines()) == 6
    for key in ("games", "wins", "mean_actions", "end_conditions", "ci95", "planned"):
        assert again[key] == whole[key], key


def test_a_report_of_part_of_a_run_counts_its_deals_as_they_are(tmp_path, capsys):
    """A stopped run can end inside a deal: the report says how many deals its games come
    from and how many of those have every seat rotation, not games ÷ players."""
    from krestonostsy.tools.tournament import run
    rows = tmp_path / "run.rows"
    run(["novice", "random"], 2, 6, 4, rows=str(rows))
    rows.write_text("\n".join(rows.read_text().splitlines()[:3]) + "\n")  # deal 1 half played
    assert cli_main(["tournament", "--report", str(rows), "--json"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 games from 2 deals (1 of them with all 2 seat rotations), ")
    assert json.loads(out.strip().splitlines()[-1])["whole_deals"] == 1
    rows.write_text("\n".join(rows.read_text().splitlines()[:2]) + "\n")  # deal 0 alone
    assert cli_main(["tournament", "--report", str(rows)]) == 0
    assert capsys.readouterr().out.startswith("2 games (1 deal × 2 seat rotations), ")
