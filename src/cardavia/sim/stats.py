"""Statistics of the arena: means with 95 % intervals by Student's t, rates
with Wilson's, and percentiles.  The unit is the deal, so the values are
independent."""
from __future__ import annotations

import math
from statistics import NormalDist
from typing import Sequence

_T975 = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 6: 2.4469, 7: 2.3646, 8: 2.3060,
         9: 2.2622, 10: 2.2281}


def t_quantile_975(df: int) -> float:
    """The 97.5 % quantile of Student's t with ``df`` degrees of freedom
    (a table to 10, the Cornish-Fisher expansion above: error < 1e-4)."""
    if df in _T975:
        return _T975[df]
    z = NormalDist().inv_cdf(0.975)
    v = float(df)
    return (z + (z ** 3 + z) / (4 * v) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * v ** 3))


def mean_ci(values: Sequence[float]) -> tuple[float, list[float]]:
    """The mean and its 95 % t interval ``[low, high]``; one value bounds
    nothing (no spread to measure): ``[-inf, inf]``."""
    n = len(values)
    if n == 0:
        return float("nan"), [float("nan"), float("nan")]
    m = math.fsum(values) / n
    if n == 1:
        return m, [-math.inf, math.inf]
    var = math.fsum((x - m) ** 2 for x in values) / (n - 1)
    h = t_quantile_975(n - 1) * math.sqrt(var / n)
    return m, [m - h, m + h]


def rate_ci(values: Sequence[float]) -> tuple[float, list[float]]:
    """The mean of per-deal rates (each 0-1) and its 95 % interval: Wilson's
    score interval, which a rate's own spread bounds (a deal's variance is at
    most p(1 - p)), so it stays open when every deal was won or lost, where
    the t interval shrinks to a point; widened to the t interval where that
    is wider (few deals), clipped to 0-1.  One deal: ``[0, 1]``."""
    m, (low, high) = mean_ci(values)
    n = len(values)
    if n < 2:
        return m, [0.0, 1.0] if n else [low, high]
    z = NormalDist().inv_cdf(0.975)
    centre = (m + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(max(0.0, m * (1 - m)) / n + z * z / (4 * n * n))
    return m, [max(0.0, min(low, centre - half)), min(1.0, max(high, centre + half))]


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0-100) by linear interpolation; None when empty."""
    if not values:
        return None
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)
