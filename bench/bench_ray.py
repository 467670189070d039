"""The Ray backend against the local process pool (issue 18 part 1).

Prints, side by side with the ratio Ray / local: deals per second of a
``simulate`` run (Dou Dizhu, random agents, the run's own figure: the time
from the first task to the last result; Ray after a warm-up run), and the
cost of one task, measured on empty tasks and on tasks of one deal through
each backend's ``imap`` (the pool's includes starting its processes; Ray's
workers are already up).  Both backends get the same number of CPUs.
Run: python bench/bench_ray.py [--deals N] [--cpus C]
"""
from __future__ import annotations

import argparse
import time

import ray

from cardavia.sim import backends, runner


def _empty(task):
    return task


def per_task_seconds(backend, func, tasks) -> float:
    t0 = time.perf_counter()
    for _ in backend.imap(func, tasks):
        pass
    return (time.perf_counter() - t0) / len(tasks)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--tasks", type=int, default=2000)
    ap.add_argument("--cpus", type=int, default=2)
    args = ap.parse_args()

    def simulate(backend, deals):
        return runner.run("doudizhu", deals, seed=1, agents=["random"], backend=backend)["deals_per_second"]

    one_deal = [("doudizhu", {}, ["random"] * 3, 1, [i], False) for i in range(args.tasks)]
    empty = list(range(args.tasks))
    local = backends.LocalBackend(args.cpus)     # measured before Ray joins this process
    figures = [simulate(local, args.deals), 1e6 * per_task_seconds(local, _empty, empty),
               1e6 * per_task_seconds(local, runner._play_task, one_deal)]
    ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False)
    on_ray = backends.RayBackend(args.cpus)
    simulate(on_ray, 200)                        # Ray starts its workers on first use
    ray_figures = [simulate(on_ray, args.deals), 1e6 * per_task_seconds(on_ray, _empty, empty),
                   1e6 * per_task_seconds(on_ray, runner._play_task, one_deal)]
    labels = ["simulate doudizhu random, deals/s", "empty task, us", "1-deal task, us"]
    rows = list(zip(labels, figures, ray_figures))
    print(f"{args.cpus} CPUs, {args.deals} deals, {args.tasks} tasks per overhead figure")
    print(f"{'':36} {'local pool':>12} {'local ray':>12} {'ray/local':>10}")
    for label, ours, theirs in rows:
        print(f"{label:36} {ours:12,.1f} {theirs:12,.1f} {theirs / ours:10.2f}")
    ray.shutdown()


if __name__ == "__main__":
    main()
