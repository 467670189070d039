"""Seeded, parallel simulation of many deals (or matches) of a game.

Deal ``i`` of a run seeded ``S`` uses ``derive_seed(S, i)`` for its chance
and its agents, so the results do not depend on the number of workers.
With ``records`` every deal's summary streams to a file (JSON lines or CSV;
one row a deal: run, deal, seed, agents, summary), and ``resume`` plays only the
deals the file lacks: the figures equal an uninterrupted run's.  With
``replays`` every deal's full state JSON is written to a directory (see
``cardavia.sim.replay``).  The deals run on a backend (``cardavia.sim.backends``:
a local process pool, or a Ray cluster), in tasks of several deals.
"""
from __future__ import annotations

import sys
import time
from collections import OrderedDict
from typing import Any, Sequence

from cardavia._core.errors import ArgumentTypeError
from cardavia._core.rng import derive_seed
from cardavia.ai import make_agent, play_out, split_specs
from cardavia.game import check_seed
from cardavia.sim import records as _records
from cardavia.sim import replay as _replay
from cardavia.sim.backends import Backend, Tasks, deals_to_play, make_backend


_AGENTS: OrderedDict[tuple, Any] = OrderedDict()
"""Per process: the agents of each seat, built once and reset at each deal;
the least recently used beyond ``KEEP_AGENTS`` are dropped (a process that
runs arena after arena, a tuning loop, would otherwise keep every agent and
its search tables)."""
KEEP_AGENTS = 32


def _factory_of(spec: str) -> Any:
    """The ``register_agent`` factory ``spec`` names, or None (a built-in agent)."""
    from cardavia.ai import _FACTORIES, parse_spec

    return _FACTORIES.get(parse_spec(spec)[0])


def seat_agent(game, spec: str, seat: int):
    """The agent ``spec`` of ``seat`` in this process (built on first use;
    a name registered again with another factory builds a new one)."""
    key = (repr(game), spec, seat, _factory_of(spec))
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, game)
        while len(_AGENTS) > KEEP_AGENTS:
            _AGENTS.popitem(last=False)
    _AGENTS.move_to_end(key)
    return agent


def registered_factories(specs: Sequence[str], backend: Backend) -> dict[str, tuple]:
    """The ``register_agent`` factories (and option types) of ``specs``, for
    a backend whose workers are not forked from this process (Ray, a spawning
    local pool): they register them before playing.  Forked workers inherit
    them."""
    from cardavia.ai import _FACTORIES, _OPTIONS, parse_spec

    if getattr(backend, "start_method", None) == "fork":
        return {}
    names = {parse_spec(s)[0] for s in specs}
    return {n: (_FACTORIES[n], _OPTIONS[n]) for n in sorted(names) if n in _FACTORIES}


def install_factories(factories: dict[str, tuple] | None) -> None:
    """Register, in a worker, the factories a task brings (``registered_factories``)."""
    from cardavia.ai import _FACTORIES, register_agent

    for name, (factory, options) in (factories or {}).items():
        if _FACTORIES.get(name) is not factory:
            register_agent(name, factory, options)


def check_outputs(games: Any, records: Any, resume: bool, replays: Any) -> tuple[Any, Any]:
    """A run's count of deals and its outputs, checked before any deal is
    played: the records' path (``records.check_path``) and the replays'
    folder (made ready), or None for each not asked for."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, got {games!r}")
    if resume and not records:
        raise ValueError("resume continues a run from its records: give records too")
    return (_records.check_path(records, resume) if records else None,
            _replay.prepare_dir(replays) if replays else None)


def check_options(options: Any) -> dict:
    """A run's game options: a dict (or None)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ArgumentTypeError(f"options must be a dict, not {type(options).__name__}")
    return dict(options)


def check_specs(agents: Any) -> list[str]:
    """A run's agents: specs as text (``"mc:rollouts=500,heuristic"`` or a list)."""
    if isinstance(agents, str):   # "mc,heuristic,random", as the command line writes it
        return split_specs(agents)
    if not isinstance(agents, (list, tuple)):
        raise ArgumentTypeError(f"agents must be a list of specs such as ['mc', 'random'], "
                                f"not {type(agents).__name__}")
    for a in agents:
        if not isinstance(a, str):
            raise ArgumentTypeError(f"an agent is named by text, not {type(a).__name__}")
    return list(agents)


def play_deal(game, agent_names: Sequence[str], seed: int, index: int):
    """The finished state of deal ``index`` of a run seeded ``seed``."""
    deal_seed = derive_seed(seed, index)
    agents = []
    for p in range(game.num_players):
        agent = seat_agent(game, agent_names[p], p)
        agent.reset(derive_seed(deal_seed, 1 + p))
        agents.append(agent)
    return play_out(game.new_state(seed=deal_seed), agents)


def play_deals(game_name: str, options: dict, agent_names: Sequence[str], seed: int,
               start: int, stop: int, deals: Sequence[int] | None = None) -> list[dict]:
    """Play deals ``start..stop-1`` of a run (or the given ``deals``);
    return their summaries in order."""
    import cardavia

    game = cardavia.load(game_name, **options)
    return [game.deal_summary(play_deal(game, agent_names, seed, i))
            for i in (range(start, stop) if deals is None else deals)]


def _play_task(task):
    """One task of a run: its deals, their summaries and (with replays)
    their state JSONs."""
    import cardavia

    game_name, options, agent_names, seed, deals, replays, *factories = task
    install_factories(factories[0] if factories else None)
    game = cardavia.load(game_name, **options)
    summaries, jsons = [], []
    for i in deals:
        state = play_deal(game, agent_names, seed, i)
        summaries.append(game.deal_summary(state))
        if replays:
            jsons.append(state.to_json())
    return deals, summaries, jsons


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, label: str, stream=None, enabled: bool = True):
        self.total, self.label, self.done = total, label, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.start = time.perf_counter()
        self._last = -1.0
        self.skipped = 0

    def skip(self, n: int) -> None:
        """Count ``n`` deals done before this run (resumed): shown as done,
        left out of the rate."""
        self.skipped += n
        self.update(n)

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
        rate = (self.done - self.skipped) / max(now - self.start, 1e-9)
        shown = f"{rate:,.2f}" if rate < 10 else f"{rate:,.0f}"
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{self.done}/{self.total} ({shown}/s)")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def run(game_name: str, games: int, seed: int = 0, workers: int | None = None,
        agents: Sequence[str] = ("random",), options: dict | None = None,
        progress: bool = False, records: str | None = None, resume: bool = False,
        replays: str | None = None, backend: str | Backend = "local",
        address: str | None = None) -> dict[str, Any]:
    """Play ``games`` seeded deals (or matches, with ``match=True``) and
    return the game's summary figures; ``records`` streams a row per deal
    to a JSON-lines file, ``resume`` continues the run that file holds,
    ``replays`` names a directory for each deal's state JSON.  ``backend``
    ``"ray"`` plays on the Ray cluster at ``address`` (else a local one):
    the figures are those of the local process pool."""
    import cardavia

    options = check_options(options)
    game = cardavia.load(game_name, **options)
    seed = check_seed(seed)   # (a negative seed would derive the deals of another)
    agents = check_specs(agents)
    if len(agents) == 1:
        agents = list(agents) * game.num_players
    if len(agents) != game.num_players:
        raise ValueError(f"{game_name} needs {game.num_players} agents, got {len(agents)}")
    for a in agents:
        make_agent(a, game)  # validate names before forking
    records, replays = check_outputs(games, records, resume, replays)
    run_id = _records.run_identity(game, agents, seed)
    recorded: dict[int, list[dict]] = {}
    if records and resume:
        recorded = _records.load(records, run_id, 1)
    done = {d: r for d, r in recorded.items() if d < games}
    todo = deals_to_play(games, done)
    pool = make_backend(backend, workers, address)
    chunk = max(1, min(250, len(todo) // (pool.slots() * 8) or 1))
    factories = registered_factories(agents, pool)
    tasks = Tasks(todo, chunk, lambda deals: (game_name, options, list(agents), seed, deals, bool(replays),
                                              factories))
    workers = max(1, min(pool.slots(), len(tasks)))
    one, unit = ("match", "matches") if game.options.get("match") else ("deal", "deals")
    # Deals recorded beyond ``games`` stay in the file: a shorter resumed run never loses them.
    writer = _records.Writer(records, recorded) if records else None
    bar = Progress(games, f"{game_name} {unit}", enabled=progress)
    bar.skip(len(done))
    summaries_by_deal = {d: rows[0]["summary"] for d, rows in done.items()}
    t0 = time.perf_counter()
    try:
        for deals, res, jsons in pool.imap(_play_task, tasks):
            for i, text in zip(deals, jsons):   # before the records, which a resume trusts
                if replays:
                    _replay.write(replays, game_name, i, None, text, one)
            for i, summary in zip(deals, res):
                summaries_by_deal[i] = summary
            if writer:
                writer.write([{"run": run_id, "deal": i, "seed": derive_seed(seed, i), "agents": list(agents),
                               "summary": summary} for i, summary in zip(deals, res)])
            bar.update(len(res))
    finally:
        if writer:
            writer.close()
    elapsed = time.perf_counter() - t0
    summaries = [summaries_by_deal[k] for k in sorted(summaries_by_deal)]
    out = {"game": game_name, "options": options, "agents": list(agents), "seed": seed,
           "backend": pool.name, "workers": workers}
    out.update(game.summarize(summaries))
    out["seconds"] = elapsed
    out[f"{unit}_per_second"] = len(todo) / elapsed if elapsed > 0 else float("inf")
    if resume:
        out["resumed"] = len(done)
    return out
