"""The duplicate arena and the records of simulate (issue 13 part 4).
A few deals with tiny budgets: these check the bookkeeping, not strength."""
from __future__ import annotations

import json
from collections import OrderedDict

import pytest

import cardavia
from cardavia.cli import main
from cardavia.sim import arena, runner
from cardavia.sim.stats import mean_ci, percentile, rate_ci, t_quantile_975


def _strip_times(out: dict) -> dict:
    out = json.loads(json.dumps(out))
    for key in ("seconds", "workers", "resumed_deals", "resumed", "deals_per_second"):
        out.pop(key, None)
    for r in out.get("results", {}).values():
        r.pop("decision_ms_median")
        r.pop("decision_ms_p99")
    return out


def test_seatings_of_each_table():
    ddz = cardavia.load("doudizhu")
    s = arena.seatings(ddz, ["A", "B"])
    assert len(s) == 6 and len(set(s)) == 6
    assert sorted(x.count("A") for x in s) == [1, 1, 1, 2, 2, 2]
    bridge = cardavia.load("bridge")
    assert arena.seatings(bridge, ["A", "B"]) == [("A", "B", "A", "B"), ("B", "A", "B", "A")]
    holdem = cardavia.load("holdem", match=False)
    hs = arena.seatings(holdem, ["A", "B"])
    assert len(hs) == 4 and all(x.count("A") == 1 for x in hs) and {x.index("A") for x in hs} == {0, 1, 2, 3}
    assert arena.seatings(cardavia.load("updown", match=False), ["A", "B"]) == [("A", "B"), ("B", "A")]
    assert len(arena.seatings(ddz, ["A", "B", "C"])) == 6
    assert len(arena.seatings(ddz, ["A", "A", "B"])) == 3
    with pytest.raises(ValueError):
        arena.seatings(ddz, ["A"])


def test_t_intervals():
    assert abs(t_quantile_975(11) - 2.2010) < 2e-3
    assert abs(t_quantile_975(30) - 2.0423) < 1e-3
    m, ci = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and abs(ci[1] - 2 - 4.3027 / 3 ** 0.5) < 1e-3
    assert percentile([1, 2, 3, 4], 50) == 2.5 and percentile([], 50) is None


def test_arena_summary_shape_and_zero_sum():
    out = arena.run("doudizhu", ["heuristic", "random"], 3, seed=1, workers=1)
    assert out["deals"] == 3 and out["seed"] == 1 and out["agents"] == ["heuristic", "random"]
    for spec in ("heuristic", "random"):
        r = out["results"][spec]
        for key in ("win_rate", "win_rate_ci", "mean_score", "mean_score_ci", "decision_ms_median",
                    "decision_ms_p99"):
            assert key in r
        assert r["win_rate_ci"][0] <= r["win_rate"] <= r["win_rate_ci"][1]
    # Every agent sits as often as the other over a deal's seatings: zero-sum.
    h, r = out["results"]["heuristic"]["mean_score"], out["results"]["random"]["mean_score"]
    assert abs(h + r) < 1e-9
    assert abs(out["difference"]["mean_score"] - (h - r)) < 1e-9


def test_two_budgets_of_mc_do_not_collide():
    out = arena.run("zhengshangyou", ["mc:rollouts=8", "mc:rollouts=16"], 1, seed=2, workers=1)
    assert set(out["results"]) == {"mc:rollouts=8", "mc:rollouts=16"}
    assert out["results"]["mc:rollouts=8"]["decisions"] > 0


def test_arena_same_results_for_any_worker_count():
    one = arena.run("zhengshangyou", ["heuristic", "random"], 4, seed=5, workers=1)
    two = arena.run("zhengshangyou", ["heuristic", "random"], 4, seed=5, workers=2)
    assert _strip_times(one) == _strip_times(two)


def test_arena_records_stream_and_resume_equals_uninterrupted(tmp_path):
    path = tmp_path / "r.jsonl"
    full = arena.run("doudizhu", ["heuristic", "random"], 4, seed=7, workers=1, records=str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 4 * 6
    row = json.loads(lines[0])
    assert {"seed", "seats", "returns", "summary", "deal", "seating"} <= set(row)
    # Interrupted: two whole deals, a partial third and a torn line.
    path.write_text("\n".join(lines[:15]) + "\n" + lines[15][:20])
    resumed = arena.run("doudizhu", ["heuristic", "random"], 4, seed=7, workers=2, records=str(path),
                        resume=True)
    assert resumed["resumed_deals"] == 2
    assert _strip_times(resumed) == _strip_times(full)
    assert len(path.read_text().splitlines()) == 24
    with pytest.raises(ValueError):
        arena.run("doudizhu", ["heuristic", "random"], 4, seed=8, workers=1, records=str(path), resume=True)


def test_a_run_is_named_by_its_resolved_options(tmp_path):
    # Options left to their defaults and the same options given are one run
    # (the CLI gives ``match`` for the match games, the API may leave it out).
    path = tmp_path / "r.jsonl"
    arena.run("doudizhu", ["heuristic", "random"], 2, seed=7, workers=1, records=str(path))
    resumed = arena.run("doudizhu", ["heuristic", "random"], 3, seed=7, workers=1, records=str(path),
                        resume=True, options={"bidding": True})
    assert resumed["resumed_deals"] == 2
    with pytest.raises(ValueError, match="another run"):
        arena.run("doudizhu", ["heuristic", "random"], 3, seed=7, workers=1, records=str(path),
                  resume=True, options={"bidding": False})
    sims = tmp_path / "s.jsonl"
    runner.run("updown", 2, seed=3, workers=1, records=str(sims))              # whole matches, by default
    again = runner.run("updown", 3, seed=3, workers=1, records=str(sims), resume=True, options={"match": True})
    assert again["resumed"] == 2


def test_a_shorter_resumed_run_keeps_the_deals_recorded_beyond_it(tmp_path):
    # A bench that resumes step by step (25 deals, then 50 ...) must never
    # truncate a records file holding more deals than the step asks for.
    from cardavia import simulate
    path = tmp_path / "r.jsonl"
    full = arena.run("zhengshangyou", ["heuristic", "random"], 4, seed=5, workers=1, records=str(path))
    first_two = arena.run("zhengshangyou", ["heuristic", "random"], 2, seed=5, workers=1, records=str(path),
                          resume=True)
    assert first_two["resumed_deals"] == 2 and len(path.read_text().splitlines()) == 4 * 6
    again = arena.run("zhengshangyou", ["heuristic", "random"], 4, seed=5, workers=1, records=str(path),
                      resume=True)
    assert again["resumed_deals"] == 4 and _strip_times(again) == _strip_times(full)
    spath = tmp_path / "s.jsonl"
    simulate.run("zhengshangyou", 5, seed=3, workers=1, agents=["heuristic", "random", "random"], records=str(spath))
    simulate.run("zhengshangyou", 2, seed=3, workers=1, agents=["heuristic", "random", "random"], records=str(spath),
                 resume=True)
    assert len(spath.read_text().splitlines()) == 5


def test_simulate_records_and_resume(tmp_path):
    from cardavia import simulate
    path = tmp_path / "s.jsonl"
    full = simulate.run("zhengshangyou", 6, seed=3, workers=1, agents=["heuristic", "random", "random"],
                        records=str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 6
    path.write_text("\n".join(lines[:4]) + "\n")
    resumed = simulate.run("zhengshangyou", 6, seed=3, workers=1, agents=["heuristic", "random", "random"],
                           records=str(path), resume=True)
    assert resumed["resumed"] == 4
    assert _strip_times(resumed) == _strip_times(full)


def test_cli_arena_prints_and_writes_json(tmp_path, capsys):
    out = tmp_path / "a.json"
    rec = tmp_path / "a.jsonl"
    code = main(["arena", "zhengshangyou", "--agents", "mc:rollouts=6,heuristic", "--games", "1", "--seed", "4",
                 "--workers", "1", "--json", str(out), "--records", str(rec), "--quiet"])
    assert code == 0
    text = capsys.readouterr().out
    assert "mc:rollouts=6" in text and "heuristic" in text
    data = json.loads(out.read_text())
    assert set(data["results"]) == {"mc:rollouts=6", "heuristic"}
    assert data["deals"] == 1 and data["seed"] == 4 and data["agents"] == ["mc:rollouts=6", "heuristic"]
    assert main(["arena", "zhengshangyou", "--agents", "genius,random", "--games", "1", "--quiet"]) == 2
    assert main(["arena", "zhengshangyou", "--agents", "random,heuristic", "--resume", "--quiet"]) == 2


def test_cli_simulate_takes_records(tmp_path):
    rec = tmp_path / "s.jsonl"
    assert main(["simulate", "doudizhu", "--games", "3", "--agents", "heuristic,random,mc:rollouts=6",
                 "--workers", "1", "--records", str(rec), "--quiet"]) == 0
    assert len(rec.read_text().splitlines()) == 3
    assert main(["simulate", "doudizhu", "--games", "3", "--agents", "heuristic,random,mc:rollouts=6",
                 "--workers", "1", "--records", str(rec), "--resume", "--quiet"]) == 0


def test_records_as_csv_resume_too(tmp_path):
    path = tmp_path / "r.csv"
    full = arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=4, workers=1, records=str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 3 * 6 and lines[0].startswith("run,deal,seed")
    path.write_text("\n".join(lines[:10]) + "\n" + lines[10][:15])
    resumed = arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=4, workers=1, records=str(path),
                        resume=True)
    assert resumed["resumed_deals"] == 1
    assert _strip_times(resumed) == _strip_times(full)
    assert len(path.read_text().splitlines()) == 19


@pytest.mark.parametrize("name, text", [("r.jsonl", "garbage"), ("r.jsonl", "notes\n{\"run\": 1"),
                                        ("r.jsonl", '{"run": 1, "deal": 0}\nnot json\n{"run": 1, "deal": 1}\n'),
                                        ("r.csv", "name,score\nalice,3\n")])
def test_resume_refuses_a_file_that_is_not_records_and_leaves_it(tmp_path, name, text):
    # a torn line can only be the last, and only a record's beginning; anything else is not records,
    # and resuming would have rewritten the file as empty
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ValueError, match="not a records file"):
        arena.run("zhengshangyou", ["heuristic", "random"], 1, seed=4, workers=1, records=str(path), resume=True)
    assert path.read_text() == text
    if name.endswith(".csv"):
        return
    path.write_text('{"run": {"game"')   # a first record cut short: nothing kept, nothing refused
    assert arena.run("zhengshangyou", ["heuristic", "random"], 1, seed=4, workers=1, records=str(path),
                     resume=True)["resumed_deals"] == 0


def test_records_through_a_link_write_its_target(tmp_path):
    # the records were rewritten in place of the link (os.replace), leaving the target behind
    target = tmp_path / "runs" / "r.jsonl"
    target.parent.mkdir()
    link = tmp_path / "latest.jsonl"
    link.symlink_to(target)
    arena.run("zhengshangyou", ["heuristic", "random"], 2, seed=4, workers=1, records=str(link))
    assert link.is_symlink() and len(target.read_text().splitlines()) == 2 * 6
    again = arena.run("zhengshangyou", ["heuristic", "random"], 2, seed=4, workers=1, records=str(link),
                      resume=True)
    assert again["resumed_deals"] == 2 and link.is_symlink()


@pytest.mark.parametrize("name", ["bridge", "holdem", "updown", "guandan", "shengji"])
def test_arena_plays_the_other_tables(name):
    out = arena.run(name, ["mc:rollouts=12", "heuristic"], 1, seed=3, workers=1, options={"match": False})
    assert len(out["seatings"]) == {"bridge": 2, "holdem": 4, "updown": 2, "guandan": 2, "shengji": 2}[name]
    assert out["results"]["mc:rollouts=12"]["decisions"] > 0


def test_holdem_two_against_two_and_whole_matches():
    # Issue 15 part 3: the second line-up seats every way of two against two;
    # a whole match is played to one survivor.
    out = arena.run("holdem", ["mc:rollouts=24", "mc:rollouts=24", "nit", "nit"], 1, seed=4, workers=1,
                    options={"match": False})
    assert len(out["seatings"]) == 6 and all(s.count("nit") == 2 for s in out["seatings"])
    assert out["deals"] == 1 and out["results"]["mc:rollouts=24"]["decisions"] > 0
    match = arena.run("holdem", ["station", "maniac"], 1, seed=4, workers=1, options={"match": True})
    assert len(match["seatings"]) == 4 and match["results"]["station"]["decisions"] > 0
    state, _ = arena.play_seating(cardavia.load("holdem"), ["station", "maniac", "maniac", "maniac"], 5)
    assert state.is_over and sorted(state.returns()) == [-1, -1, -1, 3]
    assert sorted(state.observation(0).data["stacks"]) == [0, 0, 0, 4000]


def test_agents_are_built_once_per_process_and_reset_each_deal(monkeypatch):
    from cardavia.ai import agent as agent_module
    from cardavia.sim import runner
    built, resets = [], []
    real_init, real_reset = agent_module.Agent.__init__, agent_module.Agent.reset

    def init(self, seed=None):
        built.append(type(self).__name__)
        real_init(self, seed)

    def reset(self, seed=None):
        resets.append(seed)
        real_reset(self, seed)

    monkeypatch.setattr(runner, "_AGENTS", OrderedDict())
    monkeypatch.setattr(agent_module.Agent, "__init__", init)
    monkeypatch.setattr(agent_module.Agent, "reset", reset)
    arena.run("zhengshangyou", ["heuristic", "random"], 3, seed=1, workers=1)
    # Two validation builds, then one agent per spec and seat: 2 x 3.
    assert len(built) == 2 + 6
    # every seating of a deal seeds seat p alike: one seed per deal and seat
    assert len(resets) == 3 * 6 * 3 and len(set(resets)) == 3 * 3


def _twin(game, seed=None):
    from cardavia.ai import RandomAgent
    return RandomAgent(seed=seed)


@pytest.mark.parametrize("name", ["doudizhu", "shengji", "updown"])
def test_both_halves_of_a_duplicate_pair_seed_each_seat_alike(name, tmp_path):
    # Two agents that play alike under other names: with each seat's agent
    # seeded alike in every seating, every seating of a deal plays the same
    # moves, so the two come out exactly level on every deal.
    from cardavia.ai import register_agent
    from cardavia.ai import _FACTORIES
    if "random_twin" not in _FACTORIES:
        register_agent("random_twin", _twin)
    records = tmp_path / "rows.jsonl"
    out = arena.run(name, ["random", "random_twin"], 3, seed=4, workers=1, records=str(records),
                    options={"match": False})
    rows = [json.loads(line) for line in records.read_text().splitlines()]
    for deal in range(3):
        returns = {tuple(r["returns"]) for r in rows if r["deal"] == deal}
        assert len(returns) == 1, (deal, returns)
    assert out["results"]["random"]["mean_score"] == out["results"]["random_twin"]["mean_score"]


def test_a_process_keeps_a_bounded_number_of_agents():
    # A tuning loop runs arena after arena in one process: the agents of old
    # runs (and their search tables) are dropped, the recent ones reused.
    game = cardavia.load("zhengshangyou")
    first = runner.seat_agent(game, "mc:rollouts=10", 0)
    for n in range(11, 11 + 2 * runner.KEEP_AGENTS):
        runner.seat_agent(game, f"mc:rollouts={n}", 0)
        assert runner.seat_agent(game, "mc:rollouts=10", 0) is first     # in use: kept
    assert len(runner._AGENTS) == runner.KEEP_AGENTS
    assert runner.seat_agent(game, "mc:rollouts=11", 0) is not None


def test_a_win_rate_interval_stays_open_when_every_deal_was_won():
    # The t interval of ten wins is [1, 1]; Wilson's score interval for 10/10 is [0.722, 1].
    m, (low, high) = rate_ci([1.0] * 10)
    assert m == 1 and high == 1 and low == pytest.approx(0.7225, abs=1e-4)
    m, (low, high) = rate_ci([0.0] * 10)
    assert m == 0 and low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    # Wilson's 5/10 is [0.237, 0.763]; the t interval (few deals, wider) is [0.123, 0.877], kept
    values = [1.0] * 5 + [0.0] * 5
    assert rate_ci(values)[1] == pytest.approx(mean_ci(values)[1], abs=1e-9)
    m, (low, high) = rate_ci([0.5] * 400)                  # seatings split evenly every deal
    assert low == pytest.approx(0.4513, abs=1e-4) and high == pytest.approx(0.5487, abs=1e-4)
    assert rate_ci([1.0]) == (1.0, [0.0, 1.0])
