"""Timing helpers shared by the benchmark scripts (``python bench/bench_x.py``
puts this folder on ``sys.path``, so they ``from benchutil import ...``)."""
from __future__ import annotations

import time


def timeit(fn, min_time=0.5):
    """Seconds per repetition of ``fn(reps)``, doubling ``reps`` until one
    run takes at least ``min_time`` seconds."""
    reps = 1
    while True:
        t0 = time.perf_counter()
        fn(reps)
        dt = time.perf_counter() - t0
        if dt >= min_time:
            return dt / reps
        reps *= 2


def each(fn, items, reps):
    """Call fn on every item, reps times, keeping no result alive."""
    for _ in range(reps):
        for x in items:
            fn(x)


def rate(fn, min_seconds=1.0):
    """Units per second: ``fn()`` returns how many units (deals, hands …)
    it ran; it is called until ``min_seconds`` have passed."""
    n, t0 = 0, time.perf_counter()
    while True:
        n += fn()
        dt = time.perf_counter() - t0
        if dt >= min_seconds:
            return n / dt
