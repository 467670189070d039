"""Seeded, parallel simulation of many deals (or matches) of a game.

Deal ``i`` of a run seeded ``S`` uses ``derive_seed(S, i)`` for its chance
and its agents, so the results do not depend on the number of workers.
With ``records`` every deal's summary streams to a file (JSON lines or CSV;
one row a deal: run, deal, seed, agents, summary), and ``resume`` plays only the
deals the file lacks: the figures equal an uninterrupted run's.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from typing import Any, Sequence

from cardavia._core.rng import derive_seed
from cardavia.ai import make_agent, play_out
from cardavia.sim import records as _records


_AGENTS: dict[tuple, Any] = {}
"""Per process: the agents of each seat, built once and reset at each deal."""


def seat_agent(game, spec: str, seat: int):
    """The agent ``spec`` of ``seat`` in this process (built on first use)."""
    key = (repr(game), spec, seat)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, game)
    return agent


def play_deals(game_name: str, options: dict, agent_names: Sequence[str], seed: int,
               start: int, stop: int, deals: Sequence[int] | None = None) -> list[dict]:
    """Play deals ``start..stop-1`` of a run (or the given ``deals``);
    return their summaries in order."""
    import cardavia

    game = cardavia.load(game_name, **options)
    out = []
    for i in (range(start, stop) if deals is None else deals):
        deal_seed = derive_seed(seed, i)
        agents = []
        for p in range(game.num_players):
            agent = seat_agent(game, agent_names[p], p)
            agent.reset(derive_seed(deal_seed, 1 + p))
            agents.append(agent)
        state = play_out(game.new_state(seed=deal_seed), agents)
        out.append(game.deal_summary(state))
    return out


def _play_listed(args):
    return args[4], play_deals(*args[:4], 0, 0, args[4])


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: the parent alone answers it,
    # so workers print no tracebacks of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, label: str, stream=None, enabled: bool = True):
        self.total, self.label, self.done = total, label, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.start = time.perf_counter()
        self._last = -1.0

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.perf_counter()
        if self.done < self.total and now - self._last < 0.1:
            return
        self._last = now
        width = 30
        filled = width * self.done // max(self.total, 1)
        rate = self.done / max(now - self.start, 1e-9)
        shown = f"{rate:,.2f}" if rate < 10 else f"{rate:,.0f}"
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{self.done}/{self.total} ({shown}/s)")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def run(game_name: str, games: int, seed: int = 0, workers: int | None = None,
        agents: Sequence[str] = ("random",), options: dict | None = None,
        progress: bool = False, records: str | None = None, resume: bool = False) -> dict[str, Any]:
    """Play ``games`` seeded deals (or matches, with ``match=True``) and
    return the game's summary figures; ``records`` streams a row per deal
    to a JSON-lines file, ``resume`` continues the run that file holds."""
    import cardavia

    options = dict(options or {})
    game = cardavia.load(game_name, **options)
    if len(agents) == 1:
        agents = list(agents) * game.num_players
    if len(agents) != game.num_players:
        raise ValueError(f"{game_name} needs {game.num_players} agents, got {len(agents)}")
    for a in agents:
        make_agent(a, game)  # validate names before forking
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, got {games!r}")
    if resume and not records:
        raise ValueError("resume continues a run from its records: give records too")
    if records:
        _records.check_path(records)
    run_id = {"game": game_name, "options": options, "agents": list(agents), "seed": seed}
    done: dict[int, list[dict]] = {}
    if records and resume:
        done = {d: r for d, r in _records.load(records, run_id, 1).items() if d < games}
    writer = _records.Writer(records, done) if records else None
    todo = [i for i in range(games) if i not in done]
    workers = workers or os.cpu_count() or 1
    chunk = max(1, min(250, len(todo) // (workers * 8) or 1))
    tasks = [(game_name, options, list(agents), seed, todo[s:s + chunk]) for s in range(0, len(todo), chunk)]
    workers = max(1, min(workers, len(tasks)))  # never more processes than pieces of work
    unit = "matches" if options.get("match") else "deals"
    bar = Progress(games, f"{game_name} {unit}", enabled=progress)
    bar.update(len(done))
    summaries_by_deal = {d: rows[0]["summary"] for d, rows in done.items()}
    t0 = time.perf_counter()

    def collect(deals, res):
        for i, summary in zip(deals, res):
            summaries_by_deal[i] = summary
        if writer:
            writer.write([{"run": run_id, "deal": i, "seed": derive_seed(seed, i), "agents": list(agents),
                           "summary": summary} for i, summary in zip(deals, res)])
        bar.update(len(res))

    try:
        if workers == 1 or len(tasks) <= 1:
            for t in tasks:
                collect(*_play_listed(t))
        else:
            ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
            with ctx.Pool(workers, initializer=_ignore_interrupt) as pool:
                for deals, res in pool.imap(_play_listed, tasks):
                    collect(deals, res)
    finally:
        if writer:
            writer.close()
    elapsed = time.perf_counter() - t0
    summaries = [summaries_by_deal[k] for k in sorted(summaries_by_deal)]
    out = {"game": game_name, "options": options, "agents": list(agents), "seed": seed,
           "workers": workers}
    out.update(game.summarize(summaries))
    out["seconds"] = elapsed
    out[f"{unit}_per_second"] = len(todo) / elapsed if elapsed > 0 else float("inf")
    if resume:
        out["resumed"] = len(done)
    return out
