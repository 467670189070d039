"""A reference point for the bidding target (issue 14 part 6): how close to
par a partnership gets that sees *both* its hands, but not the opponents'.

On the deals of ``bench_bidding.py`` (same seeds, vulnerability cycled,
dealer South), each side is shown its own 26 cards; it deals the other 26
at random ``--layouts`` times, solves every strain for both its declarers
double dummy, and picks the contract (level, strain, declarer) with the
best mean score, undoubled.  The side whose pick scores more for it
declares and the other side passes (no doubles, no sacrifices).  The
final contract is scored double dummy on the true deal against par, as in
``bench_bidding.py``: the mean |IMPs(DD score - par)| a deal.

No bidding system can tell a partnership more than its two hands, so this
is not beaten by describing hands better; it still leaves out what the
opponents' calls tell and what competing gains, so it is a reference
point, not a proof of a bound.

    python bench/bench_bidding_bound.py [--deals 400] [--seed 1] [--layouts 8]
                                        [--tables t1.json] [--part 0/1]
"""
from __future__ import annotations

import argparse
import json
import os
import random

from cardavia import bridge
from cardavia._core.bridge_core import score as contract_score
from cardavia._core.dds import Solver

from bench_bidding import deal_game, deal_seed, imps, table_of

_STRAINS = ("C", "D", "H", "S", "NT")


def best_contract(solver: Solver, masks_nesw: list[int], side: int, vulnerable: bool, layouts: int,
                  rng: random.Random) -> tuple[float, int, int, int]:
    """(mean score, level, strain, declarer NESW index) of the contract with
    the best mean score for ``side`` (0 NS, 1 EW) over random layouts of the
    other side's cards."""
    ours = [side, side + 2]
    theirs_cards = [c for c in range(52) if (masks_nesw[1 - side] | masks_nesw[3 - side]) >> c & 1]
    totals: dict[tuple[int, int, int], float] = {}
    for _ in range(layouts):
        rng.shuffle(theirs_cards)
        hands = list(masks_nesw)
        hands[1 - side] = sum(1 << c for c in theirs_cards[:13])
        hands[3 - side] = sum(1 << c for c in theirs_cards[13:])
        for strain in range(5):
            for declarer in ours:
                leader = (declarer + 1) % 4
                tricks = 13 - solver.solve(hands, strain, leader)  # solve counts the leader's side
                for level in range(1, 8):
                    key = (level, strain, declarer)
                    totals[key] = totals.get(key, 0.0) + contract_score(level, strain, 0, vulnerable, tricks)[0]
    (level, strain, declarer), total = max(totals.items(), key=lambda kv: kv[1])
    return total / layouts, level, strain, declarer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--layouts", type=int, default=8)
    ap.add_argument("--tables", help="the JSON file of double-dummy tables bench_bidding.py keeps")
    ap.add_argument("--part", default="0/1", help="K/N: only the deals i with i %% N == K (to split a run)")
    ap.add_argument("--rows", help="write per-deal rows (JSON lines) here")
    args = ap.parse_args()
    part, parts = map(int, args.part.split("/"))
    tables = json.load(open(args.tables)) if args.tables and os.path.exists(args.tables) else {}
    solver = Solver()
    lost, rows = [], []
    for i in range(part, args.deals, parts):
        vul = bridge.VULNERABILITY[i % 4]
        state = deal_game(i).new_state(seed=deal_seed(args.seed, i))
        masks = list(state.dealt_masks())  # N E S W
        key = state.deal_pbn()
        table = table_of(key, tables)
        par = bridge.par_of_table(table, vul, "S")
        rng = random.Random(deal_seed(args.seed, i))
        picks = []
        for side in (0, 1):
            vulnerable = state.is_vulnerable(bridge.SEAT_LETTERS.index("NESW"[side]))
            picks.append((*best_contract(solver, masks, side, vulnerable, args.layouts, rng), vulnerable))
        mean, level, strain, declarer, vulnerable = max(picks, key=lambda p: p[0])
        side = declarer % 2
        tricks = table[strain][declarer]
        score = contract_score(level, strain, 0, vulnerable, tricks)[0] if mean > 0 else 0
        ns = score if side == 0 else -score
        loss = imps(ns - par.ns_score)
        lost.append(loss)
        doubled_par = bool(par.contracts and par.contracts[0].doubled)
        rows.append([loss, i, vul, f"{level}{_STRAINS[strain]} by {'NESW'[declarer]}"
                     if mean > 0 else "pass", ns, str(par), key, doubled_par])
    n = len(lost)
    plain = [r[0] for r in rows if not r[7]]
    print(f"partnership seeing both its hands ({args.layouts} layouts of the opponents' cards), "
          f"{n} deals (seed {args.seed}, part {args.part}): mean |IMPs vs par| {sum(lost) / n:.2f}; "
          f"on the {len(plain)} deals whose par is not a sacrifice {sum(plain) / max(1, len(plain)):.2f}")
    if args.rows:
        with open(args.rows, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
