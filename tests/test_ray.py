"""The Ray backend (issue 18 part 1): simulate and arena runs on a local Ray
instance give the local backend's results, deal for deal, in every game."""
from __future__ import annotations

import json
import os
import sys

import pytest

import cardavia
from cardavia.sim import arena, backends, runner

GAMES = ["doudizhu", "guandan", "zhengshangyou", "shengji", "holdem", "updown", "bridge"]


@pytest.fixture(scope="session")
def ray_cluster():
    if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
        pytest.importorskip("ray", reason="the ray extra is not installed")
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def _rows(path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted(rows, key=lambda r: (r["deal"], r.get("seating", 0)))


def _figures(out: dict) -> dict:
    """A run's figures without what depends on the machine and the backend."""
    drop = {"seconds", "deals_per_second", "matches_per_second", "backend", "workers"}
    out = {k: v for k, v in out.items() if k not in drop}
    for r in out.get("results", {}).values():
        r.pop("decision_ms_median")
        r.pop("decision_ms_p99")
    return out


def _untimed(rows: list[dict]) -> list[dict]:
    return [{**r, "decision_ms": {s: len(ms) for s, ms in r["decision_ms"].items()}} for r in rows]


def _seat_agents(name: str) -> list[str]:
    n = cardavia.game_class(name).num_players
    return [("heuristic", "random")[p % 2] for p in range(n)]


@pytest.mark.parametrize("name", GAMES)
def test_simulate_on_ray_equals_local_deal_for_deal(ray_cluster, tmp_path, name):
    agents = _seat_agents(name)
    options = {"match": False}
    local = runner.run(name, 6, seed=11, workers=1, agents=agents, options=options,
                       records=str(tmp_path / "local.jsonl"))
    on_ray = runner.run(name, 6, seed=11, agents=agents, options=options, backend="ray",
                        records=str(tmp_path / "ray.jsonl"))
    assert on_ray["backend"] == "ray" and local["backend"] == "local"
    assert _rows(tmp_path / "ray.jsonl") == _rows(tmp_path / "local.jsonl")
    assert len(_rows(tmp_path / "ray.jsonl")) == 6
    assert _figures(on_ray) == _figures(local)


def test_simulate_matches_on_ray(ray_cluster):
    local = runner.run("updown", 3, seed=5, workers=1, agents=["heuristic", "random"], options={"match": True})
    on_ray = runner.run("updown", 3, seed=5, agents=["heuristic", "random"], options={"match": True},
                        backend="ray")
    assert _figures(on_ray) == _figures(local)


@pytest.mark.parametrize("name", GAMES)
def test_arena_on_ray_equals_local_deal_for_deal(ray_cluster, tmp_path, name):
    pair = ["heuristic", "random"]
    local = arena.run(name, pair, 2, seed=3, workers=1, options={"match": False},
                      records=str(tmp_path / "local.jsonl"))
    on_ray = arena.run(name, pair, 2, seed=3, options={"match": False}, backend="ray",
                       records=str(tmp_path / "ray.jsonl"))
    assert _untimed(_rows(tmp_path / "ray.jsonl")) == _untimed(_rows(tmp_path / "local.jsonl"))
    assert _figures(on_ray) == _figures(local)


def test_arena_of_a_searching_agent_on_ray(ray_cluster):
    pair = ["mc:rollouts=50", "heuristic"]
    local = arena.run("zhengshangyou", pair, 2, seed=9, workers=1)
    on_ray = arena.run("zhengshangyou", pair, 2, seed=9, backend="ray")
    assert on_ray["results"]["mc:rollouts=50"]["decisions"] > 0
    assert _figures(on_ray) == _figures(local)


def test_resume_and_replays_on_ray(ray_cluster, tmp_path):
    agents = ["heuristic", "random", "random"]
    records = tmp_path / "run.jsonl"
    full = runner.run("doudizhu", 8, seed=4, workers=1, agents=agents, records=str(records),
                      replays=str(tmp_path / "local"))
    lines = records.read_text().splitlines()
    records.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10])   # interrupted mid-line
    resumed = runner.run("doudizhu", 8, seed=4, agents=agents, records=str(records), resume=True,
                         backend="ray", replays=str(tmp_path / "ray"))
    assert resumed["resumed"] == 3
    assert _figures(resumed) == {**_figures(full), "resumed": 3}
    written = sorted(os.listdir(tmp_path / "ray"))
    assert written == sorted(os.listdir(tmp_path / "local"))[3:]    # only the deals played again
    for name in written:
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "local" / name).read_text()


def test_cli_takes_the_ray_backend(ray_cluster, tmp_path, capsys):
    from cardavia.cli import main

    assert main(["simulate", "zhengshangyou", "-n", "4", "--backend", "ray", "--quiet",
                 "--json", str(tmp_path / "s.json")]) == 0
    assert json.loads((tmp_path / "s.json").read_text())["backend"] == "ray"
    assert main(["arena", "zhengshangyou", "-n", "2", "-a", "heuristic,random", "--backend", "ray",
                 "--quiet", "--replays", str(tmp_path / "rp")]) == 0
    assert len(os.listdir(tmp_path / "rp")) == 2 * 6
    assert main(["simulate", "doudizhu", "-n", "2", "--address", "auto", "-q"]) == 2
    assert "give --backend ray too" in capsys.readouterr().err


def test_an_unreachable_cluster_is_one_clear_error(ray_cluster):
    with pytest.raises(ValueError, match="cannot reach the Ray cluster at 127.0.0.1:1"):
        runner.run("doudizhu", 2, backend="ray", address="127.0.0.1:1")


def test_without_ray_the_error_names_the_extra(monkeypatch, capsys):
    from cardavia.cli import main

    monkeypatch.setitem(sys.modules, "ray", None)        # import ray now fails
    with pytest.raises(ValueError, match=r"install cardavia\[ray\]"):
        backends.make_backend("ray")
    assert main(["simulate", "doudizhu", "-n", "2", "--backend", "ray", "-q"]) == 2
    assert "install cardavia[ray]" in capsys.readouterr().err


def test_backend_choices_are_checked():
    with pytest.raises(ValueError, match="unknown backend 'dask'"):
        backends.make_backend("dask")
    with pytest.raises(ValueError, match="give backend ray too"):
        runner.run("doudizhu", 2, address="auto")
