"""Shengji arena (issue 14 part 6): ``mc`` against ``heuristic`` and
``heuristic`` against ``random`` in duplicate (each deal twice, the sides
swapping N/S and E/W), single deals; the levels gained per deal A-B and
the card points per deal A-B with 95 % Student t intervals over the deal
pairs (the target: levels per deal above 0, the interval excluding 0).
Then the time of ``mc``'s searched decisions (a call, a bury, a card) at
the arena's budget and at the default budget (target: <= 1 s median).

    python bench/bench_arena_shengji.py [--deals 200] [--rollouts 4000] [--workers 1] [--records DIR]
    python bench/bench_arena_shengji.py --calibrate 500,1000,2000,3000   # decision ms per budget

``--records DIR`` streams every deal to ``DIR/shengji-<agents>.jsonl`` and
resumes from it, so an interrupted run continues where it stopped;
``--partial --records DIR`` shows the figures of the deals recorded so far.

The rollout policy keeps trump control for the last trick (SJ-4.1; ``sj_policy``:
an attacker leads his top trumps last, the third and fourth hand win a single or
pair as cheaply as is safe).  Measured against the policy before, levels per
deal with 95 % intervals, duplicate deal pairs, workers=1, ``match: False``:

- policy in all seats, 20,000 deals (``Deal.shuffled(i, 2, 0, None).rollout(i)``,
  i = 0-19999): attackers take the last trick 25.7 % -> 34.8 % (±0.7), score
  73.9 -> 76.2 points, win the deal 45.8 % -> 48.8 %.  The same lead rule in
  the defenders' seats too cut it to 20.2 % (it is the attackers' rule only).
- ``heuristic`` new against old, 1,000 deal pairs, seed 1: +0.051
  [+0.033, +0.068] levels per deal for the new one (+4.0 [+2.9, +5.1] points
  A-B); the attackers take the last trick 32.7 % (new) / 25.0 % (old).
- ``mc:rollouts=300`` with the new rollouts against it with the old, 300 deal
  pairs, seed 2: +0.075 [+0.022, +0.128] for the new; seed 4, 150 pairs: +0.103
  [+0.028, +0.179]; both, 450 pairs: +0.084 [+0.041, +0.128].
- ``mc:rollouts=300`` against ``heuristic``, 250 deal pairs, seed 3: before
  (both old) +0.502 [+0.433, +0.571], after (both new) +0.510 [+0.444, +0.576]
  (paired by deal: +0.008 [-0.065, +0.081]); new ``mc`` against the old
  ``heuristic`` +0.538 [+0.471, +0.605] (paired with before: +0.036
  [-0.037, +0.109]); ``mc`` buries fewer points (its kitties 6.0 -> 4.3
  points a deal).  The heuristic's attackers take the last trick against
  ``mc`` 20.6 % (old) and 32.1 % (new).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

import cardavia
from cardavia.ai import make_agent
from cardavia.sim import arena

ARENA_ROLLOUTS = 4000
"""The arena budget: about 100 ms at the median decision on a quiet
2-core machine.  Calibrated by CPU time (the machine was shared: wall
times ran about 4x the CPU times) with ``--calibrate``: median searched
decision 26 ms of CPU at 1,000 rollouts, 37 ms at 1,500, 49 ms at 2,000
(calls 70/104/135 ms, buries 63/94/124 ms), linear in the rollouts."""


def fmt_ci(ci) -> str:
    return f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def show(out: dict) -> None:
    print(f"{out['game']}: {out['deals']} deal pairs x {len(out['seatings'])} seatings, "
          f"{out['seconds']:.0f} s ({out['interval']}; {out['resumed_deals']} resumed from records)")
    sj = out["shengji"]
    for spec, r in out["results"].items():
        med, p99 = r["decision_ms_median"], r["decision_ms_p99"]
        s = sj[spec]
        print(f"  {spec:>18}: levels per deal {s['levels_per_deal']:.3f} {fmt_ci(s['levels_per_deal_ci'])}  "
              f"points per deal {s['points_per_deal']:.1f}  deal win rate {r['win_rate']:.3f}  "
              f"decision ms median {med if med is None else round(med, 2)} p99 "
              f"{p99 if p99 is None else round(p99, 2)}")
    d = sj["difference"]
    ci = d["levels_per_deal_ci"]
    verdict = "excludes 0" if ci[0] > 0 or ci[1] < 0 else "includes 0"
    print(f"  {d['agents'][0]} - {d['agents'][1]}: levels per deal {d['levels_per_deal']:+.3f} {fmt_ci(ci)} "
          f"({verdict}); points per deal {d['points_per_deal']:+.1f} {fmt_ci(d['points_per_deal_ci'])}",
          flush=True)


def decision_times(rollouts: int | None, per_kind: int = 12, seed: int = 500) -> tuple[dict, dict]:
    """Wall and CPU times (ms) of mc's searched decisions by kind (call, bury,
    card), mc in seats 0 and 2 against the heuristic, until ``per_kind`` of
    the calls and buries (and all the cards of those deals) are timed.  The
    CPU time is what a quiet machine would show as the wall time."""
    game = cardavia.load("shengji", match=False)
    opts = {} if rollouts is None else {"rollouts": rollouts}
    times: dict[str, list[float]] = {"declare": [], "bury": [], "play": []}
    cpu: dict[str, list[float]] = {"declare": [], "bury": [], "play": []}
    deal = seed
    while min(len(times["declare"]), len(times["bury"])) < per_kind:
        st = game.new_state(seed=deal)
        agents = [make_agent("mc", game, seed=deal * 4 + p, **opts) if p % 2 == 0
                  else make_agent("heuristic", game, seed=p) for p in range(4)]
        deal += 1
        while not st.is_over:
            p = st.current_player
            legal = st.legal_moves()
            if p % 2 or len(legal) == 1:
                st.play(agents[p].choose(st.observation(p), legal))
                continue
            obs = st.observation(p)
            t0, c0 = time.perf_counter(), time.process_time()
            move = agents[p].choose(obs, legal)
            ms, cms = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
            if agents[p].last_rollouts:      # the bury's later cards follow its plan
                times[obs.data["phase"]].append(ms)
                cpu[obs.data["phase"]].append(cms)
            st.play(move)
    return times, cpu


def show_times(label: str, both: tuple[dict, dict]) -> None:
    for what, times in zip(("wall", "CPU"), both):
        every = [t for ts in times.values() for t in ts]
        parts = [f"{k} {statistics.median(v):.0f} (max {max(v):.0f}, n={len(v)})" for k, v in times.items() if v]
        print(f"  {label}: {what} median searched decision {statistics.median(every):.0f} ms; by kind: "
              + ", ".join(parts), flush=True)


def records_path(directory: str, pair: list[str]) -> str:
    name = "-vs-".join(a.replace(":", "_").replace("=", "") for a in pair)
    return os.path.join(directory, f"shengji-{name}.jsonl")


def show_partial(directory: str, pairs: list[list[str]], seed: int) -> None:
    """The figures of the deals recorded so far (a run still going or stopped)."""
    from cardavia.sim import records as _records
    game = cardavia.load("shengji", match=False)
    for pair in pairs:
        run_id = {"game": "shengji", "options": {"match": False}, "agents": pair, "seed": seed}
        rows = _records.load(records_path(directory, pair), run_id, 2)
        if not rows:
            print(f"{' vs '.join(pair)}: no deal recorded yet")
            continue
        out = {"game": "shengji", "deals": len(rows), "seatings": [0, 0], "seconds": 0.0,
               "interval": "95% Student t over deals; recorded so far", "resumed_deals": len(rows)}
        out.update(arena.summarize(game, pair, rows))
        show(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--rollouts", type=int, default=ARENA_ROLLOUTS)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--records", metavar="DIR", help="stream and resume the arena runs from DIR")
    ap.add_argument("--calibrate", metavar="R,R,...", help="only time mc's decisions at these rollout budgets")
    ap.add_argument("--partial", action="store_true",
                    help="only show the figures of the deals in --records so far (a run still going)")
    ap.add_argument("--no-times", action="store_true", help="skip the decision-time lines")
    args = ap.parse_args()
    if args.calibrate:
        for r in [int(x) for x in args.calibrate.split(",")]:
            show_times(f"mc:rollouts={r}", decision_times(r, per_kind=6))
        return
    pairs = [["heuristic", "random"], [f"mc:rollouts={args.rollouts}", "heuristic"]]   # the quick one first
    if args.partial:
        if not args.records:
            ap.error("--partial reads --records DIR")
        show_partial(args.records, pairs, args.seed)
        return
    for pair in pairs:
        records = None
        if args.records:
            os.makedirs(args.records, exist_ok=True)
            records = records_path(args.records, pair)
        out = arena.run("shengji", pair, args.deals, seed=args.seed, workers=args.workers,
                        options={"match": False}, records=records, resume=bool(records))
        show(out)
    if not args.no_times:
        from cardavia.ai.mc import default_rollouts
        print("mc decision times (mc in seats 0 and 2 against heuristic; this machine, now):")
        show_times(f"mc:rollouts={args.rollouts} (arena)", decision_times(args.rollouts))
        show_times(f"mc default ({default_rollouts('shengji')} rollouts)", decision_times(None))


if __name__ == "__main__":
    main()
