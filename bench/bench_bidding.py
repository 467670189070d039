"""Bidding benchmark (issue 14 part 6): the same agent in all four seats bids
random deals (vulnerability cycled none, ns, ew, both; dealer South); each
final contract is scored double dummy and compared with the deal's par:
the mean |IMPs(DD score - par)| per deal (lower is better; the target is
3.5, BfG's ACOL about 4.8).

    python bench/bench_bidding.py [--deals 200] [--seed 1] [--agent heuristic]
                                  [--tables tables.json]

``--tables`` keeps the double-dummy tables in a JSON file (solved once,
read on the next run).  The agent's system calls and its fallback calls
(where the system has no answer) are counted.  BfG (``bfgbidding``) has no
adapter here yet.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import cardavia
from cardavia import bridge
from cardavia.ai import make_agent

IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500,
             1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int) -> int:
    return sum(abs(difference) >= step for step in IMP_STEPS)


def dd_ns_score(state, table) -> int:
    """North-South's score of the final contract when it takes its double-dummy tricks."""
    if state.contract is None:
        return 0
    level, strain, doubled = bridge.parse_contract(state.contract)
    declarer = state.declarer
    tricks = table[strain]["NESW".index(bridge.SEAT_LETTERS[declarer])]
    score = int(bridge.score(state.contract, state.is_vulnerable(declarer), tricks))
    return score if bridge.side_of(declarer) == 0 else -score


def bid_deal(game, seed: int, agents) -> object:
    state = game.new_state(seed=seed)
    for seat, agent in enumerate(agents):
        agent.reset(seed * 4 + seat)
    while state.phase == "auction":
        p = state.current_player
        state.play(agents[p].choose(state.observation(p), state.legal_moves()))
    return state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--tables", help="a JSON file of double-dummy tables, kept between runs")
    ap.add_argument("--show", type=int, default=0, help="print the auctions of the worst N deals")
    args = ap.parse_args()
    tables: dict[str, list] = {}
    if args.tables and os.path.exists(args.tables):
        with open(args.tables) as f:
            tables = json.load(f)
    total = 0
    rows = []
    system = fallback = 0
    t_bid = 0.0
    for i in range(args.deals):
        vul = bridge.VULNERABILITY[i % 4]
        game = cardavia.load("bridge", vulnerability=vul)
        agents = [make_agent(args.agent, game, seed=args.seed) for _ in range(4)]
        seed = args.seed * 100_000 + i
        t0 = time.perf_counter()
        state = bid_deal(game, seed, agents)
        t_bid += time.perf_counter() - t0
        system += sum(getattr(a, "system_calls", 0) for a in agents)
        fallback += len(state.auction) - sum(getattr(a, "system_calls", 0) for a in agents)
        key = state.deal_pbn()
        if key not in tables:
            tables[key] = bridge.dd_table(key)
        table = tables[key]
        par = bridge.par_of_table(table, vul, "S")
        ours = dd_ns_score(state, table)
        loss = imps(ours - par.ns_score)
        total += loss
        rows.append((loss, i, vul, " ".join(str(c) for c in state.auction), state.contract, state.declarer,
                     ours, str(par), key))
        print(f"\rdeal {i + 1}/{args.deals}", end="", flush=True)
    print()
    if args.tables:
        with open(args.tables, "w") as f:
            json.dump(tables, f)
    n = args.deals
    print(f"{args.agent}: mean |IMPs vs par| {total / n:.2f} per deal over {n} deals "
          f"(target 3.5; BfG ACOL about 4.8: no adapter yet)")
    print(f"calls by the system {system}, by the fallback {fallback}; bidding {1000 * t_bid / n:.1f} ms a deal")
    for row in sorted(rows, reverse=True)[:args.show]:
        loss, i, vul, auction, contract, declarer, ours, par_text, key = row
        seat = "-" if declarer is None else bridge.SEAT_LETTERS[declarer]
        print(f"{loss:3d} IMPs  deal {i} vul {vul}: {auction}  -> {contract} by {seat} ({ours:+d})  par {par_text}")
        print(f"           {key}")


if __name__ == "__main__":
    main()
