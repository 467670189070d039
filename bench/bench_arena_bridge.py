"""Bridge card play in the duplicate arena (issue 14 part 6): ``mc``'s
double-dummy play against the heuristic's (the compiled rollout policy),
scored in IMPs with a 95 % Student t interval over the deals, the
vulnerability cycling none, ns, ew, both by deal.

Only the play differs: both sides bid with the system, and where it has no
call both take the policy's (``mcplay`` is ``mc``'s card play behind the
heuristic's bidding; ``mc`` itself would simulate those calls).  Then the
declarer metric: the mean of (tricks taken - double-dummy tricks of the
contract at the start of the play) with ``mcplay`` in all four seats, and
with ``heuristic`` in all four on the same deals (the peer).

``--calibrate`` first times the play decisions (cards with a choice) at a
few budgets.  Records go to ``--records DIR`` (JSON lines, one file per
run) and ``--resume`` continues them; the arena runs in steps of
``--step`` deals, printing its figures after each.

    python bench/bench_arena_bridge.py [--deals 800] [--declarer-deals 40] [--samples 320]
        [--nodes 640000] [--calibrate] [--solver] [--records DIR] [--resume] [--workers 1] [--seed 0]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from typing import Any

import cardavia
from cardavia import bridge
from cardavia.ai import make_agent, register_agent
from cardavia.ai.agent import Agent
from cardavia.sim import arena
from cardavia.sim.stats import mean_ci, percentile


class PlayOnly(Agent):
    """The heuristic's bidding, ``mc``'s card play."""

    def __init__(self, game: Any, seed: Any = None, **options: Any):
        super().__init__(seed)
        self.bidder = make_agent("heuristic", game, seed=seed)
        self.player = make_agent("mc", game, seed=seed, **options)
        self.name = "mcplay"
        self.searches = True
        self._spec = "mcplay" + (":" + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")

    @property
    def spec(self) -> str:
        return self._spec

    def reset(self, seed: Any = None) -> None:
        super().reset(seed)
        self.bidder.reset(seed)
        self.player.reset(seed)

    def choose(self, observation: Any, legal_moves: Any) -> Any:
        data = getattr(observation, "data", observation)
        agent = self.bidder if data.get("phase") == "auction" else self.player
        return agent.choose(observation, legal_moves)


register_agent("mcplay", PlayOnly, {"samples": int, "nodes": int, "budget_ms": float})


def spec_of(samples: int, nodes: int, budget_ms: float | None = None) -> str:
    return f"mcplay:samples={samples},nodes={nodes}" + (f",budget_ms={budget_ms:g}" if budget_ms else "")


def fmt_ci(ci) -> str:
    return f"[{ci[0]:+.2f}, {ci[1]:+.2f}]"


def play_times(rows_by_deal: dict, spec: str) -> list[float]:
    """The decision times (ms) of ``spec``'s cards: its auction calls come
    first in each row's list (every call is a choice), so they are dropped."""
    out: list[float] = []
    for rows in rows_by_deal.values():
        for row in rows:
            if spec not in row["decision_ms"]:
                continue
            seats = [p for p, s in enumerate(row["seats"]) if s == spec]
            calls = sum(1 for i in range(row["summary"]["calls"]) if i % 4 in seats)
            out.extend(row["decision_ms"][spec][calls:])
    return out


def load_rows(path: str) -> dict[int, list[dict]]:
    by_deal: dict[int, list[dict]] = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    by_deal.setdefault(row["deal"], []).append(row)
    return by_deal


def calibrate(budgets: list[tuple[int, int]], deals: int, seed: int) -> None:
    """Play decision times of mcplay at each budget (mc against heuristic, both tables)."""
    game = cardavia.load("bridge")
    print(f"calibration: play decisions of mcplay against heuristic, {deals} deals x 2 tables")
    for samples, nodes in budgets:
        spec = spec_of(samples, nodes)
        agent = make_agent(spec, game, seed=seed)
        times, drawn, fallbacks = [], 0, 0
        t0 = time.perf_counter()
        for i in range(deals):
            for seating in arena.seatings(game, [spec, "heuristic"]):
                agents = [agent if s == spec else make_agent("heuristic", game, seed=p) for p, s in enumerate(seating)]
                state = game.new_state(seed=seed * 1000 + i)
                while not state.is_over:
                    p = state.current_player
                    legal = state.legal_moves()
                    if len(legal) == 1:
                        state.play(legal[0])
                        continue
                    t = time.perf_counter()
                    move = agents[p].choose(state.observation(p), legal)
                    if agents[p] is agent and state.phase == "play":
                        times.append((time.perf_counter() - t) * 1000)
                        player = agent.player.card_player
                        drawn += player.last_samples
                        fallbacks += player.last_fallbacks
                    state.play(move)
        print(f"  {spec:>32}: {len(times)} cards, ms median {percentile(times, 50):.0f} "
              f"p90 {percentile(times, 90):.0f} max {max(times):.0f}; deals solved a card "
              f"{drawn / len(times):.1f}, fallback share {fallbacks / max(1, drawn):.3f}; "
              f"{(time.perf_counter() - t0) / deals:.1f} s a deal")


def show_arena(out: dict, spec: str, rows_by_deal: dict) -> None:
    imps = out["imps"]
    verdict = "excludes 0" if imps["ci"][0] > 0 or imps["ci"][1] < 0 else "includes 0"
    t = play_times(rows_by_deal, spec)
    heur = play_times(rows_by_deal, "heuristic")
    print(f"arena {spec} vs heuristic: {out['deals']} deals x 2 tables, {out['seconds']:.0f} s "
          f"this step ({out['resumed_deals']} resumed)")
    diff = out["difference"]
    print(f"  IMPs a deal for {spec}: {imps['mean']:+.3f} {fmt_ci(imps['ci'])} ({verdict}); "
          f"total-points difference {diff['mean_score']:+.1f} {fmt_ci(diff['mean_score_ci'])}")
    if t:
        print(f"  card decision ms: {spec} median {percentile(t, 50):.0f} p90 {percentile(t, 90):.0f} "
              f"max {max(t):.0f} ({len(t)} cards); heuristic median {percentile(heur, 50):.3f} "
              f"({len(heur)} cards)")
    by_decl: dict[str, list[float]] = {spec: [], "heuristic": []}
    for rows in rows_by_deal.values():
        for row in rows:
            s = row["summary"]
            if s["contract"] is not None:
                by_decl[row["seats"][s["declarer"]]].append(row["returns"][s["declarer"]])
    print("  declarer's score when declaring: " + "; ".join(
        f"{k} {statistics.fmean(v):+.1f} ({len(v)} deals)" for k, v in by_decl.items() if v), flush=True)


def dd_gap(rows_by_deal: dict) -> list[float]:
    """Per played deal: declarer's tricks minus the double-dummy tricks of
    the contract at the start of the play (the deal from its seed)."""
    game = cardavia.load("bridge")
    out = []
    for d in sorted(rows_by_deal):
        row = rows_by_deal[d][0]
        s = row["summary"]
        if s["contract"] is None:
            continue
        deal = game.new_state(seed=row["seed"]).deal_pbn()
        strain = bridge.parse_contract(s["contract"])[1]
        leader = bridge.SEAT_LETTERS[(s["declarer"] + 1) % 4]
        out.append(s["declarer_tricks"] - (13 - bridge.solve(deal, strain, leader)))
    return out


def declarer_metric(spec: str, deals: int, seed: int, records: str, resume: bool, workers: int) -> None:
    for lineup in ([spec] * 4, ["heuristic"] * 4):
        path = os.path.join(records, f"declarer-{lineup[0].replace(':', '_')}.jsonl")
        out = arena.run("bridge", lineup, deals, seed=seed + 1, workers=workers, records=path, resume=resume)
        gap = dd_gap({d: r for d, r in load_rows(path).items() if d < deals})
        if gap:
            m, ci = mean_ci(gap)
            print(f"declarer metric, {lineup[0]} in all seats: tricks - DD tricks {m:+.3f} {fmt_ci(ci)} "
                  f"over {len(gap)} played deals ({out['seconds']:.0f} s)", flush=True)


def solver_rate() -> float:
    """The solver's search nodes a second now, on fixed opening-lead solves
    (about 2.5 million on the quiet 2-core reference machine): the load."""
    from cardavia._core.dds import Solver

    game = cardavia.load("bridge")
    solver, nodes, spent = Solver(), 0, 0.0
    for seed in range(3):
        hands = game.new_state(seed=seed).dealt_masks()
        for strain in (3, 4):
            solver.clear()
            n0, t0 = solver.nodes, time.perf_counter()
            solver.solve_board(hands, strain, 0)
            spent += time.perf_counter() - t0
            nodes += solver.nodes - n0
    rate = nodes / spent
    print(f"solver speed now {rate / 1e6:.2f} M nodes/s (quiet reference machine about 2.5: "
          f"times here are {2.5e6 / rate:.1f}x a quiet machine's)", flush=True)
    return rate


def solver_comparison(seed: int, deals: int = 12, samples: int = 8) -> None:
    """The sampled deals of one decision solved with the table kept between
    them against a table afresh for each: same values, time and nodes."""
    from cardavia._core.dds import Solver
    from cardavia.ai.bridge_play import PlaySampler

    game = cardavia.load("bridge")
    heuristic = make_agent("heuristic", game, seed=seed)
    spent = {True: [0.0, 0], False: [0.0, 0]}
    for i in range(deals):
        state = game.new_state(seed=seed * 1000 + i)
        while not state.is_over and (state.phase == "auction" or len(state.tricks) < 1 + i % 6):
            state.play(heuristic.choose(state.observation(state.current_player), state.legal_moves()))
        if state.is_over:
            continue
        data = state.observation(state.current_player).data
        strain = bridge.parse_contract(data["contract"])[1]
        trick = [bridge.parse_card(c).card for _, c in data["trick"]]
        sampler = PlaySampler(game, data)
        rng = random.Random(i)
        worlds = [sampler.draw(rng) for _ in range(samples)]
        results = {}
        for keep in (True, False):
            solver = Solver()
            t0, n0 = time.perf_counter(), solver.nodes
            results[keep] = [sorted(solver.solve_board(tuple(w.hand((p + 2) % 4) for p in range(4)), strain,
                                                       (data["leader"] + 2) % 4, trick, keep=keep))
                             for w in worlds]
            spent[keep][0] += time.perf_counter() - t0
            spent[keep][1] += solver.nodes - n0
        assert results[True] == results[False]
    print(f"solver, {samples} sampled deals a decision, {deals} decisions (tricks 2-7): table kept "
          f"{spent[True][0]:.2f} s {spent[True][1]:,} nodes; afresh {spent[False][0]:.2f} s "
          f"{spent[False][1]:,} nodes; ratio kept/afresh {spent[True][0] / spent[False][0]:.2f} (time)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=800)
    ap.add_argument("--step", type=int, default=25, help="arena deals between printed figures")
    ap.add_argument("--declarer-deals", type=int, default=40)
    ap.add_argument("--declarer-after", type=int, default=100,
                    help="run the declarer metric once the arena has this many deals")
    ap.add_argument("--samples", type=int, default=320)
    ap.add_argument("--nodes", type=int, default=640_000)
    ap.add_argument("--solver", action="store_true", help="time the solver with its table kept between deals")
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--calibrate-deals", type=int, default=4)
    ap.add_argument("--records", default=None, help="a directory for the records (resumable)")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    solver_rate()
    if a.solver:
        solver_comparison(a.seed)
    if a.calibrate:
        calibrate([(48, 1_000_000), (100, 300_000), (200, 400_000), (a.samples, a.nodes)], a.calibrate_deals, a.seed)
    spec = spec_of(a.samples, a.nodes)
    a.records = a.records or tempfile.mkdtemp(prefix="bench-bridge-")
    os.makedirs(a.records, exist_ok=True)
    print(f"records: {a.records}", flush=True)
    path = os.path.join(a.records, "arena.jsonl")
    done_declarer = False
    n = 0
    while n < a.deals:
        n = min(a.deals, n + a.step)
        out = arena.run("bridge", [spec, "heuristic"], n, seed=a.seed, workers=a.workers, records=path,
                        resume=a.resume or n > a.step)
        rows = {d: r for d, r in load_rows(path).items() if d < n}
        show_arena(out, spec, rows)
        if not done_declarer and n >= a.declarer_after and a.declarer_deals:
            declarer_metric(spec, a.declarer_deals, a.seed, a.records, a.resume, a.workers)
            done_declarer = True
    if not done_declarer and a.declarer_deals:
        declarer_metric(spec, a.declarer_deals, a.seed, a.records, a.resume, a.workers)


if __name__ == "__main__":
    main()
