"""Bridge benchmarks: Cardavia's double-dummy solver side by side with DDS 2.9
(through endplay), on the same seeded deals, one thread each, deals
interleaved (each library meets every deal fresh, in turn): a table, one
no-trump solve, and every card's tricks at trick one; then the compiled
position against the Python API (no peer plays whole bridge deals): random
full deals per second, policy rollouts per second from random mid-game
positions, and the microseconds per sampled world.

    python bench/bench_bridge.py [--deals 100] [--seed 1] [--skip-dds]

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
import statistics
import time

from endplay._dds import SetMaxThreads
from endplay.dds import calc_dd_table
from endplay.dds.solve import SolveMode, solve_board as dds_solve_board
from endplay.types import Deal, Denom, Player

import cardavia
from cardavia import pbn
from cardavia._core.bridge_core import random_deals as random_deals_played, rollouts, sample_worlds
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
    ap.add_argument("--skip-dds", action="store_true", help="only the position benchmarks")
    args = ap.parse_args()
    if not args.skip_dds:
        dds_benchmarks(args)
    position_benchmarks(args.seed)


def dds_benchmarks(args) -> None:
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



def mid_game_states(n: int, seed: int) -> list:
    """States after a random auction and 0-40 random cards (played positions
    of every stage), and a tenth still in the auction."""
    game = cardavia.load("bridge")
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = game.new_state(seed=rng.getrandbits(32))
        while not s.is_over and (s.phase == "auction" and rng.random() > 0.1 or
                                 s.phase == "play" and len(s.position.played()) < rng.randrange(40)):
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            out.append(s)
    return out


def position_benchmarks(seed: int) -> None:
    game = cardavia.load("bridge")
    # Random full deals, auction and play: the compiled loop drives the same
    # position as the API loop state.play(state.legal_moves().sample(rng)).
    count = 100_000
    t0 = time.perf_counter()
    random_deals_played(seed, count)
    compiled = count / (time.perf_counter() - t0)
    rng = random.Random(seed)
    api = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 3.0:
        s = game.new_state(seed=api)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        api += 1
    api_rate = api / (time.perf_counter() - t0)
    print(f"random full deals/s:   compiled loop {compiled:12,.0f}   Python API {api_rate:9,.0f}   "
          f"ratio {compiled / api_rate:6.0f}x")

    # Policy rollouts to the end from random mid-game positions: in the core
    # (bridge_core.rollouts, no GIL) against the same playouts through the
    # API, each move game.policy_move(observation, legal_moves, rng).
    states = mid_game_states(200, seed)
    reps = 200
    t0 = time.perf_counter()
    for s in states:
        rollouts(s.position, reps)
    core_rate = len(states) * reps / (time.perf_counter() - t0)
    done = 0
    t0 = time.perf_counter()
    for s in states:
        c = s.clone()
        while not c.is_over:
            c.play(game.policy_move(c.observation(c.current_player), c.legal_moves(), rng))
        assert tuple(c.returns()) == game.rollout(s, rng)  # the same playout
        done += 1
        if time.perf_counter() - t0 > 5.0:
            break
    api_rate = done / (time.perf_counter() - t0)
    print(f"policy rollouts/s:     compiled      {core_rate:12,.0f}   Python API {api_rate:9,.0f}   "
          f"ratio {core_rate / api_rate:6.0f}x")

    # Sampled worlds: game.sample_world(observation, rng) (the observation
    # read, the world dealt and its history replayed in the core) and the
    # core's sampler alone (Position.sample's loop).
    per_world = []
    for s in states:
        obs = s.observation(s.current_player)
        for _ in range(20):
            t0 = time.perf_counter()
            game.sample_world(obs, rng)
            per_world.append(time.perf_counter() - t0)
    n = 2000
    t0 = time.perf_counter()
    for s in states[:50]:
        sample_worlds(s.position, s.current_player, seed, n)
    core_us = (time.perf_counter() - t0) / (50 * n) * 1e6
    print(f"sampled world:         sample_world(observation) median {1e6 * statistics.median(per_world):.1f} us   "
          f"core sampler {core_us:.2f} us per world")


if __name__ == "__main__":
    main()
