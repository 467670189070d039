"""Review of the simulation and arena layer: statistics of a one-deal run,
progress on resume, registered agents (a name registered again, a worker
that is not forked), bad arguments of the Python entry points, records as a
path, and the wording of a run of whole matches."""
from __future__ import annotations

import json
import math
import os

import pytest

from cardavia import simulate
from cardavia.cli import main
from cardavia.sim import arena, runner
from cardavia.sim.backends import Backend
from cardavia.sim.stats import mean_ci


def test_one_deal_bounds_nothing(tmp_path, capsys):
    # was: a zero-width interval [m, m] from a single deal (in the library and the --json file)
    m, ci = mean_ci([3.0])
    assert m == 3.0 and ci == [-math.inf, math.inf]
    out = arena.run("zhengshangyou", ["heuristic", "random"], 1, seed=2, workers=1)
    for r in out["results"].values():
        assert r["win_rate_ci"] == [0.0, 1.0]
        assert r["mean_score_ci"] == [-math.inf, math.inf]
    assert out["difference"]["mean_score_ci"] == [-math.inf, math.inf]
    two = arena.run("zhengshangyou", ["heuristic", "random"], 2, seed=2, workers=1)
    assert all(math.isfinite(x) for x in two["difference"]["mean_score_ci"])
    path = tmp_path / "one.json"
    assert main(["arena", "zhengshangyou", "-a", "heuristic,random", "-n", "1", "-w", "1", "-q",
                 "--json", str(path)]) == 0
    assert "1 deal x 6 seatings" in capsys.readouterr().out
    data = json.loads(path.read_text())                       # strict JSON: no Infinity
    assert data["results"]["heuristic"]["mean_score_ci"] == [None, None]
    assert data["results"]["heuristic"]["win_rate_ci"] == [0.0, 1.0]


def test_resumed_deals_are_left_out_of_the_progress_rate(tmp_path, capsys):
    # was: "3/3 (9,360,371/s)": the resumed deals counted as played in no time
    rec = str(tmp_path / "r.jsonl")
    arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=1, workers=1, records=rec)
    simulate.run("zhengshangyou", 3, seed=1, workers=1, agents="heuristic", records=str(tmp_path / "s.jsonl"))
    capsys.readouterr()
    arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=1, workers=1, records=rec, resume=True,
              progress=True)
    simulate.run("zhengshangyou", 3, seed=1, workers=1, agents="heuristic", records=str(tmp_path / "s.jsonl"),
                 resume=True, progress=True)
    err = capsys.readouterr().err
    assert err.count("3/3 (0.00/s)") == 2, err


def _random(game, seed=None):
    from cardavia.ai import RandomAgent
    return RandomAgent(seed=seed)


def _heuristic(game, seed=None):
    from cardavia.ai import HeuristicAgent
    return HeuristicAgent(game, seed=seed)


def test_a_name_registered_again_plays_its_new_agent():
    # was: the agent built for the first factory, cached by its spec, played on
    from cardavia.ai import register_agent
    register_agent("review_mine", _random)
    first = arena.run("zhengshangyou", ["review_mine", "random"], 3, seed=0, workers=1)
    register_agent("review_mine", _heuristic)                 # a new checkpoint, the same name
    second = arena.run("zhengshangyou", ["review_mine", "random"], 3, seed=0, workers=1)
    reference = arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=0, workers=1)
    assert first["difference"]["mean_score"] == 0.0
    assert second["difference"]["mean_score"] == reference["difference"]["mean_score"] != 0.0


class _FreshWorkers(Backend):
    """Plays each task as a worker that never ran ``register_agent`` (a Ray
    worker, not forked from the driver)."""

    name = "fresh"

    def slots(self) -> int:
        return 1

    def imap(self, func, tasks):
        from cardavia.ai import _FACTORIES, _OPTIONS
        for task in tasks:
            saved = dict(_FACTORIES), dict(_OPTIONS), dict(runner._AGENTS)
            _FACTORIES.pop("review_far", None)
            _OPTIONS.pop("review_far", None)
            runner._AGENTS.clear()
            try:
                yield func(task)
            finally:
                for live, old in zip((_FACTORIES, _OPTIONS, runner._AGENTS), saved):
                    live.clear()
                    live.update(old)


def test_registered_agents_reach_workers_that_are_not_forked():
    # was (Ray): "unknown agent 'review_far'" raised in every worker
    from cardavia.ai import register_agent
    register_agent("review_far", _heuristic)
    far = arena.run("zhengshangyou", ["review_far", "random"], 2, seed=3, backend=_FreshWorkers())
    near = arena.run("zhengshangyou", ["review_far", "random"], 2, seed=3, workers=1)
    assert far["difference"] == near["difference"]
    sim_far = simulate.run("zhengshangyou", 2, seed=3, agents="review_far,random,random", backend=_FreshWorkers())
    sim_near = simulate.run("zhengshangyou", 2, seed=3, agents="review_far,random,random", workers=1)
    assert sim_far["mean_score"] == sim_near["mean_score"]


def test_registered_agents_reach_a_spawning_local_pool():
    # was (macOS, whose pool spawns): "unknown agent" in every worker, which inherit nothing
    from cardavia.ai import register_agent
    from cardavia.sim.backends import LocalBackend
    register_agent("review_spawned", _heuristic)
    pool = LocalBackend(2)
    pool.start_method = "spawn"
    spawned = arena.run("zhengshangyou", ["review_spawned", "random"], 4, seed=3, backend=pool)
    here = arena.run("zhengshangyou", ["heuristic", "random"], 4, seed=3, workers=1)
    assert spawned["difference"]["mean_score"] == here["difference"]["mean_score"]


@pytest.mark.parametrize("kwargs", [
    {"workers": "2"}, {"workers": 1.5}, {"workers": True}, {"workers": 0}, {"workers": -2},
    {"options": [1]}, {"agents": None}, {"agents": ["heuristic", 3]}, {"records": 3}, {"replays": 3},
])
@pytest.mark.parametrize("entry", ["arena", "simulate"])
def test_bad_run_arguments_are_value_errors(entry, kwargs, tmp_path):
    # was: TypeError or AttributeError tracebacks, or a negative or zero worker count run as one
    args = {"agents": ["heuristic", "random"] if entry == "arena" else ["random"], "workers": 1, **kwargs}
    agents = args.pop("agents")
    with pytest.raises(ValueError):
        if entry == "arena":
            arena.run("zhengshangyou", agents, 1, **args)
        else:
            simulate.run("zhengshangyou", 1, agents=agents, **args)


@pytest.mark.parametrize("entry", ["arena", "simulate"])
def test_records_that_cannot_be_written_are_refused_before_the_run(entry, tmp_path):
    # was: IsADirectoryError / FileNotFoundError after a stray "DIR.tmpPID" file was made beside it
    folder = tmp_path / "dir"
    folder.mkdir()
    for bad, said in ((folder, "it is a directory"), (tmp_path / "none" / "r.jsonl", "no folder")):
        with pytest.raises(ValueError, match=said):
            if entry == "arena":
                arena.run("zhengshangyou", ["heuristic", "random"], 1, workers=1, records=str(bad))
            else:
                simulate.run("zhengshangyou", 1, workers=1, records=str(bad))
    assert sorted(os.listdir(tmp_path)) == ["dir"]


def test_records_of_an_earlier_run_are_not_replaced_without_resume(tmp_path, capsys):
    # was: a run given the same --records without --resume silently replaced a long run's records
    rec = tmp_path / "r.jsonl"
    arena.run("zhengshangyou", ["heuristic", "random"], 2, seed=5, workers=1, records=rec)
    kept = rec.read_text()
    with pytest.raises(ValueError, match="already holds records: resume to continue them"):
        arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=5, workers=1, records=rec)
    with pytest.raises(ValueError, match="already holds records"):
        simulate.run("zhengshangyou", 3, seed=5, workers=1, records=rec)
    assert main(["arena", "zhengshangyou", "-a", "heuristic,random", "-n", "3", "-w", "1",
                 "--records", str(rec)]) == 2
    assert "already holds records" in capsys.readouterr().err
    assert rec.read_text() == kept
    assert arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=5, workers=1, records=rec,
                     resume=True)["resumed_deals"] == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert simulate.run("zhengshangyou", 1, workers=1, records=empty)["deals"] == 1   # nothing to lose


def test_records_and_replays_may_be_paths(tmp_path):
    # was: AttributeError: 'PosixPath' object has no attribute 'strip'
    rec = tmp_path / "r.jsonl"
    full = arena.run("zhengshangyou", ["heuristic", "random"], 2, seed=5, workers=1, records=rec,
                     replays=tmp_path / "replays")
    again = arena.run("zhengshangyou", ["heuristic", "random"], 2, seed=5, workers=1, records=rec, resume=True)
    assert again["resumed_deals"] == 2 and again["difference"] == full["difference"]
    assert len(os.listdir(tmp_path / "replays")) == 2 * 6
    out = simulate.run("zhengshangyou", 2, seed=5, workers=1, records=tmp_path / "s.csv")
    assert out["deals"] == 2 and len((tmp_path / "s.csv").read_text().splitlines()) == 3


def test_an_arena_of_whole_matches_says_matches(capsys):
    # was: "updown: 2 deals x 2 seatings" and a bar of "arena deals" for two matches
    assert main(["arena", "updown", "-a", "heuristic,random", "--matches", "2", "-w", "1"]) == 0
    captured = capsys.readouterr()
    assert "updown: 2 matches x 2 seatings" in captured.out and "over matches" in captured.out
    assert "updown arena matches [" in captured.err and "arena deals" not in captured.err
