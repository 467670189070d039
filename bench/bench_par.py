"""Bridge par benchmark: Cardavia's ``bridge.par`` side by side with DDS 2.9's
``DealerPar`` (through endplay), per deal, on the same seeded deals, one
thread each: the table and the par together, then the par alone from a
table already solved (16 par computations a deal: 4 vulnerabilities x 4
dealers).  Results that differ from DDS are counted.

    python bench/bench_par.py [--deals 50] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import time

from endplay._dds import SetMaxThreads
from endplay.dds import calc_dd_table, par as dds_par
from endplay.types import Deal, Player, Vul

from cardavia import bridge, pbn

VULS = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "both": Vul.both}
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def seeded_deals(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(range(52))
        rng.shuffle(cards)
        out.append([sum(1 << c for c in cards[13 * h:13 * h + 13]) for h in range(4)])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    SetMaxThreads(1)  # DDS spreads a table over every core by default
    deals = seeded_deals(args.deals, args.seed)
    ours_full = dds_full = ours_par = dds_par_only = 0.0
    differing = 0
    for i, hands in enumerate(deals):
        vul, dealer = list(VULS)[i % 4], "NESW"[i % 4]
        deal = Deal(pbn.format_deal(hands))
        t0 = time.perf_counter()
        ours = bridge.par(hands, vul, dealer)
        t1 = time.perf_counter()
        table = calc_dd_table(deal)
        theirs = dds_par(table, VULS[vul], PLAYERS[dealer])
        t2 = time.perf_counter()
        ours_full += t1 - t0
        dds_full += t2 - t1
        differing += ours.ns_score != theirs.score
        ours_table = bridge.dd_table(hands)
        t0 = time.perf_counter()
        for v in VULS:
            for d in "NESW":
                bridge.par_of_table(ours_table, v, d)
        t1 = time.perf_counter()
        for v in VULS.values():
            for p in PLAYERS.values():
                dds_par(table, v, p)
        t2 = time.perf_counter()
        ours_par += t1 - t0
        dds_par_only += t2 - t1
        print(f"\rdeal {i + 1}/{len(deals)}", end="", flush=True)
    n = len(deals)
    print()
    print(f"table + par ({n} deals, 1 thread): cardavia {1000 * ours_full / n:8.1f} ms   "
          f"DDS {1000 * dds_full / n:8.1f} ms   ratio {ours_full / dds_full:5.2f}x")
    print(f"par from a table (x16 a deal):    cardavia {1e6 * ours_par / (16 * n):8.1f} us   "
          f"DDS {1e6 * dds_par_only / (16 * n):8.1f} us   ratio {ours_par / dds_par_only:5.2f}x")
    print(f"par scores differing from DDS: {differing}")


if __name__ == "__main__":
    main()
