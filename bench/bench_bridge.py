"""Bridge benchmarks: Cardavia's double-dummy solver side by side with DDS 2.9
(through endplay), on the same seeded deals, one thread each, deals
interleaved (each library meets every deal fresh, in turn): a table, one
no-trump solve, and every card's tricks at trick one; and random full deals
per second.

    python bench/bench_bridge.py [--deals 100] [--seed 1]

DDS runs on one thread (``SetMaxThreads(1)``): by default its table solver
spreads the five strains over every core, which is not the one-thread
comparison.  The DDS line also prints its CPU time, which equals its wall
time on one thread.

Each side gets its fastest input form: ours four uint64 card masks, DDS an
endplay ``Deal`` built before the clock starts.  Both keep their table between
calls on the same deal (the single solve warms the table's no-trump solves a
little on each side) and start afresh on a new deal.
"""
from __future__ import annotations

import argparse
import random
import time

from endplay._dds import SetMaxThreads
from endplay.dds import calc_dd_table
from endplay.dds.solve import SolveMode, solve_board as dds_solve_board
from endplay.types import Deal, Denom, Player

import cardavia
from cardavia import pbn
from cardavia._core.bridge_core import random_deals as random_deals_played
from cardavia._core.dds import Solver


def seeded_deals(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(range(52))
        rng.shuffle(cards)
        out.append([sum(1 << c for c in cards[13 * h:13 * h + 13]) for h in range(4)])
    return out


def west_leads_nt(hands: list[int]) -> Deal:
    """The endplay deal with South declaring no-trump: West on lead."""
    deal = Deal(pbn.format_deal(hands))
    deal.trump = Denom.nt
    deal.first = Player.west
    return deal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    deals = seeded_deals(args.deals, args.seed)
    SetMaxThreads(1)
    solver = Solver()
    ours_table = dds_table = ours_solve = dds_solve = dds_cpu = 0.0
    mismatches = 0
    for i, hands in enumerate(deals):
        d_table = Deal(pbn.format_deal(hands))
        d_solve = west_leads_nt(hands)
        # single solves first, so that each side meets the deal fresh
        t0 = time.perf_counter()
        ours_one = solver.solve(hands, 4, 3)
        t1 = time.perf_counter()
        theirs_one = max(v for _, v in dds_solve_board(d_solve, SolveMode.OptimalOne))
        t2 = time.perf_counter()
        ours_solve += t1 - t0
        dds_solve += t2 - t1
        t0 = time.perf_counter()
        ours = solver.table(hands)
        t1 = time.perf_counter()
        c1 = time.process_time()
        theirs = calc_dd_table(d_table).to_list()
        t2 = time.perf_counter()
        dds_cpu += time.process_time() - c1
        ours_table += t1 - t0
        dds_table += t2 - t1
        order = {0: 3, 1: 2, 2: 1, 3: 0, 4: 4}
        if ours != [list(theirs[order[s]]) for s in range(5)] or ours_one != theirs_one:
            mismatches += 1
        print(f"\rdeal {i + 1}/{len(deals)}", end="", flush=True)
    n = len(deals)
    print()
    print(f"double-dummy table ({n} deals, 1 thread): cardavia {1000 * ours_table / n:8.1f} ms   "
          f"DDS {1000 * dds_table / n:8.1f} ms (CPU {1000 * dds_cpu / n:.1f} ms)   "
          f"ratio {ours_table / dds_table:5.2f}x")
    print(f"single solve, NT, trick one:           cardavia {1000 * ours_solve / n:8.1f} ms   "
          f"DDS {1000 * dds_solve / n:8.1f} ms   ratio {ours_solve / dds_solve:5.2f}x")
    print(f"results differing from DDS: {mismatches}")

    # Every legal card with its tricks at trick one (DDS's SolveBoard with
    # solutions=3): what a card-play AI asks of each sampled deal.  A loop of
    # its own, so that each library meets every deal fresh here too.
    ours_all = dds_all = 0.0
    all_mismatches = 0
    for hands in deals:
        d_all = west_leads_nt(hands)
        t0 = time.perf_counter()
        ours_cards = solver.solve_board(hands, 4, 3)
        t1 = time.perf_counter()
        theirs_cards = list(dds_solve_board(d_all, SolveMode.Default))
        t2 = time.perf_counter()
        ours_all += t1 - t0
        dds_all += t2 - t1
        # endplay's cards: denomination 0 = spades, rank as the bit 1 << (2 + rank)
        theirs_ids = {4 * (int(c.rank).bit_length() - 3) + 3 - int(c.suit): v for c, v in theirs_cards}
        if dict(ours_cards) != theirs_ids:
            all_mismatches += 1
    print(f"every card, NT, trick one:             cardavia {1000 * ours_all / n:8.1f} ms   "
          f"DDS {1000 * dds_all / n:8.1f} ms   ratio {ours_all / dds_all:5.2f}x   "
          f"differing from DDS: {all_mismatches}")

    # Random full deals: the compiled loop (deal + 52 random legal cards) and
    # the Python API (auction and play by random agents).  No peer plays
    # whole bridge deals, so the compiled loop is set against the API.
    count = 200_000
    t0 = time.perf_counter()
    random_deals_played(1, count)
    t1 = time.perf_counter()
    game = cardavia.load("bridge")
    rng = random.Random(1)
    api = 0
    t2 = time.perf_counter()
    while time.perf_counter() - t2 < 3.0:
        s = game.new_state(seed=api)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        api += 1
    t3 = time.perf_counter()
    print(f"random full deals/s: compiled play loop {count / (t1 - t0):,.0f}   "
          f"Python API (auction + play) {api / (t3 - t2):,.0f}   ratio {(count / (t1 - t0)) / (api / (t3 - t2)):.0f}x")


if __name__ == "__main__":
    main()
