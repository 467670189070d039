"""Replays of a run (issue 18 part 2): ``--replays DIR`` writes each deal's
state JSON, which loads to the finished deal; ``cardavia replay FILE``
tells it move by move."""
from __future__ import annotations

import json
import os

import pytest

import cardavia
from cardavia._core.rng import derive_seed
from cardavia.cli import main
from cardavia.game import MAX_STATE_JSON
from cardavia.sim import arena, replay, runner

GAMES = ["doudizhu", "guandan", "zhengshangyou", "shengji", "holdem", "updown", "bridge"]


def _seat_agents(name: str) -> list[str]:
    n = cardavia.game_class(name).num_players
    return [("heuristic", "random")[p % 2] for p in range(n)]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """Two deals of every game with replays: the directory, by game."""
    out = {}
    for name in GAMES:
        d = tmp_path_factory.mktemp(name)
        runner.run(name, 2, seed=21, workers=1, agents=_seat_agents(name), options={"match": False},
                   replays=str(d))
        out[name] = d
    return out


@pytest.mark.parametrize("name", GAMES)
def test_simulate_replays_load_and_equal_a_fresh_play_of_their_seed(simulated, name):
    d = simulated[name]
    assert sorted(os.listdir(d)) == [f"{name}-deal00000000.json", f"{name}-deal00000001.json"]
    game = cardavia.load(name, match=False)
    for i in range(2):
        text = (d / replay.file_name(name, i)).read_text()
        fresh = runner.play_deal(game, _seat_agents(name), 21, i)
        assert text == fresh.to_json()
        loaded = cardavia.from_json(text)
        assert loaded.is_over and loaded == fresh
        assert loaded.returns() == fresh.returns()


def test_arena_replays_one_file_per_deal_and_seating(tmp_path):
    pair = ["heuristic", "random"]
    arena.run("doudizhu", pair, 2, seed=5, workers=2, replays=str(tmp_path))
    game = cardavia.load("doudizhu")
    seats_list = arena.seatings(game, pair)
    names = sorted(os.listdir(tmp_path))
    assert names == [replay.file_name("doudizhu", i, k) for i in range(2) for k in range(len(seats_list))]
    assert names[1] == "doudizhu-deal00000000-seating01.json"
    for i in range(2):
        for k, seating in enumerate(seats_list):
            fresh, _ = arena.play_seating(game, seating, derive_seed(5, i))
            text = (tmp_path / replay.file_name("doudizhu", i, k)).read_text()
            assert text == fresh.to_json() and cardavia.from_json(text) == fresh


def test_arena_replays_of_a_partnership_game(tmp_path):
    arena.run("bridge", ["heuristic", "random"], 1, seed=2, workers=1, replays=str(tmp_path))
    game = cardavia.load("bridge")
    for k, seating in enumerate(arena.seatings(game, ["heuristic", "random"])):
        fresh, _ = arena.play_seating(game, seating, derive_seed(2, 0))
        assert cardavia.from_json((tmp_path / replay.file_name("bridge", 0, k)).read_text()) == fresh


def test_matches_are_named_as_matches(tmp_path):
    runner.run("updown", 1, seed=3, workers=1, agents=["heuristic", "random"], replays=str(tmp_path))
    assert os.listdir(tmp_path) == ["updown-match00000000.json"]
    state = replay.load(str(tmp_path / "updown-match00000000.json"))
    assert state.is_over and state.outcome().score["deals"] >= 1


def test_resume_keeps_the_replays_it_has(tmp_path):
    records, d = tmp_path / "run.jsonl", tmp_path / "replays"
    agents = ["heuristic", "random", "random"]
    runner.run("zhengshangyou", 5, seed=8, workers=1, agents=agents, records=str(records), replays=str(d))
    before = {n: (d / n).read_text() for n in os.listdir(d)}
    inodes = {n: os.stat(d / n).st_ino for n in before}
    lines = records.read_text().splitlines()
    records.write_text("\n".join(lines[:2]) + "\n")
    out = runner.run("zhengshangyou", 5, seed=8, workers=1, agents=agents, records=str(records),
                     replays=str(d), resume=True)
    assert out["resumed"] == 2
    after = sorted(os.listdir(d))
    assert after == sorted(before)                                  # nothing duplicated
    assert all((d / n).read_text() == before[n] for n in after)
    kept = [replay.file_name("zhengshangyou", i) for i in range(2)]
    assert all(os.stat(d / n).st_ino == inodes[n] for n in kept)   # not written again


def test_a_replay_dir_that_is_a_file_is_refused(tmp_path, capsys):
    f = tmp_path / "taken"
    f.write_text("x")
    with pytest.raises(ValueError, match="is a file, not a directory"):
        runner.run("doudizhu", 1, replays=str(f))
    assert main(["arena", "doudizhu", "-n", "1", "-a", "heuristic,random", "--replays", str(f), "-q"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a file, not a directory" in err


# -- cardavia replay ------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_cli_replay_prints_every_move_and_the_outcome(simulated, name, capsys):
    path = simulated[name] / replay.file_name(name, 1)
    state = cardavia.from_json(path.read_text())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    moves = [str(m) for p, m in state.history if p != cardavia.CHANCE]
    numbered = [line for line in out if line[:5].strip().isdigit()]
    assert len(numbered) == len(moves)
    for n, (line, move) in enumerate(zip(numbered, moves), 1):
        assert line.startswith(f"{n:5d}  ") and line.endswith(f": {move}")
    for p, m in state.history:
        if p == cardavia.CHANCE:
            assert f"   {m}" in out
    outcome = state.outcome()
    assert any(line.startswith("outcome: ") for line in out)
    assert any(line.startswith("winners: ") for line in out) == bool(outcome.winners)
    for key in outcome.score:
        assert any(line.startswith(f"  {key}: ") for line in out)


def test_cli_replay_tells_tricks_rounds_and_phases(simulated, capsys):
    main(["replay", str(simulated["bridge"] / replay.file_name("bridge", 0))])
    out = capsys.readouterr().out
    assert "-- phase: play" in out and "trick 13 won by" in out and "contract " in out
    assert " from " in out                       # the declarer plays dummy's cards
    main(["replay", str(simulated["doudizhu"] / replay.file_name("doudizhu", 0))])
    out = capsys.readouterr().out
    assert "landlord: player" in out and "round won by player" in out
    main(["replay", str(simulated["shengji"] / replay.file_name("shengji", 0))])
    assert "trick won by player" in capsys.readouterr().out


def test_cli_replay_double_dummy_scores_every_card_against_the_best(simulated, capsys):
    """--dd: each card of the play with the tricks its side takes from there double dummy
    (bridge.solve_state before it), and at the end the deal's par; with --seat only the
    cards of the hands that seat sees (its own, dummy's)."""
    from cardavia.bridge import solve_state

    path = simulated["bridge"] / replay.file_name("bridge", 0)
    state = cardavia.from_json(path.read_text())
    main(["replay", str(path), "--dd"])
    out = capsys.readouterr().out
    data = state.to_dict()
    at = cardavia.from_json(dict(data, moves=[]))
    cards = 0
    for n, text in enumerate(data["moves"], 1):
        if at.phase == "play":
            solved = solve_state(at)
            best, got = max(solved.values()), solved[text]
            tail = f"   double dummy {got} trick{'' if got == 1 else 's'}" + (
                "" if got == best else f", {best - got} fewer than {best}")
            assert any(line.startswith(f"{n:5d}  ") and line.endswith(f": {text}{tail}") for line in out.splitlines())
            cards += 1
        at.play(text)
    assert cards == 52
    review = state.review()
    assert f"  par: {review['par']['text']}; North-South {review['result']['imps']:+d} IMP" in out
    main(["replay", str(path), "--dd", "--seat", "0"])
    seen = capsys.readouterr().out.count("double dummy")
    assert 13 <= seen < 52   # South's cards, and dummy's when dummy is seen


def test_cli_replay_seen_by_one_seat_hides_the_others(simulated, capsys):
    path = simulated["updown"] / replay.file_name("updown", 0)
    state = cardavia.from_json(path.read_text())
    main(["replay", str(path), "--seat", "1"])
    out = capsys.readouterr().out
    assert "seen by player 1" in out and "player 0 holds" not in out and "player 1 holds" in out
    locks = [str(m) for p, m in state.history if p == 0 and str(m).startswith("lock")]
    assert locks and all(f"player 0: {m}" not in out for m in locks)
    assert "player 0: lock ?" in out
    assert main(["replay", str(path), "--seat", "2"]) == 2
    assert "seat must be 0..1" in capsys.readouterr().err


def test_cli_replay_of_a_live_deal_says_who_is_to_move(tmp_path, capsys):
    state = cardavia.load("zhengshangyou").new_state(seed=4)
    for _ in range(3):
        state.play(state.legal_moves()[0])
    path = tmp_path / "live.json"
    path.write_text(state.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "    3  " in out and out.rstrip().endswith(f"unfinished: player {state.current_player} to move")


def test_cli_replay_step_waits_for_each_move(simulated, monkeypatch, capsys):
    path = simulated["doudizhu"] / replay.file_name("doudizhu", 0)
    moves = len(json.loads(path.read_text())["moves"])
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt))
    assert main(["replay", str(path), "--step"]) == 0
    assert len(asked) == moves + 1                       # each move, then the outcome

    def no_more_keys(prompt=""):
        asked.append(prompt)
        raise EOFError
    asked.clear()
    monkeypatch.setattr("builtins.input", no_more_keys)
    assert main(["replay", str(path), "--step"]) == 0
    assert len(asked) == 1 and "outcome: " in capsys.readouterr().out


def test_bad_replay_files_are_one_line_errors(simulated, tmp_path, capsys):
    good = json.loads((simulated["doudizhu"] / replay.file_name("doudizhu", 0)).read_text())
    tampered = dict(good, moves=good["moves"][:-2] + ["bid 3"] + good["moves"][-1:])
    other_deal = dict(good, setup={"seed": good["setup"]["seed"] + 1})
    cases = {
        "missing.json": None,
        "empty.json": "",
        "text.json": "not json at all",
        "list.json": "[1, 2]",
        "format.json": json.dumps({"game": "doudizhu"}),
        "game.json": json.dumps(dict(good, game="chess")),
        "tampered.json": json.dumps(tampered),
        "digest.json": json.dumps(other_deal),
        "deep.json": "[" * 100 + "]" * 100,
        "version.json": json.dumps(dict(good, version=99)),   # a newer format this Cardavia cannot read
    }
    for fname, text in cases.items():
        if text is not None:
            (tmp_path / fname).write_text(text)
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "huge.json").write_text(" " * (MAX_STATE_JSON + 1))
    for fname in [*cases, "binary.json", "huge.json"]:
        assert main(["replay", str(tmp_path / fname)]) == 2, fname
        err = capsys.readouterr().err
        assert err.startswith("cardavia: error: ") and err.count("\n") == 1, (fname, err)
        assert "Traceback" not in err
    assert main(["replay", str(tmp_path)]) == 2
    assert "cannot read" in capsys.readouterr().err
    main(["replay", str(tmp_path / "huge.json")])
    assert "over the 8 MB limit" in capsys.readouterr().err
    main(["replay", str(tmp_path / "tampered.json")])
    assert "does not replay" in capsys.readouterr().err
    main(["replay", str(tmp_path / "version.json")])
    assert "version 99" in capsys.readouterr().err
