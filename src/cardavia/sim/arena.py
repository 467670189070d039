"""The duplicate arena: agents measured against each other on the same deals.

Every deal is played under every distinct seating of the agents, so that the
cards cancel out.  Two agents ``A,B``: in three-player games every seat
permutation of ``A,B,B`` and of ``A,A,B`` (six seatings); in the partnership
games (Bridge, Guandan, Shengji) A's partnership against B's, then sides
swapped; in two-player games A,B and B,A; in four-seat Hold'em one A against
three B, A in each seat.  A full line-up (one spec per seat) plays every
distinct permutation of it.

The unit of the statistics is the deal: an agent's figure for a deal is its
mean over every seat it held in every seating of that deal (win: a return
above 0).  Means over the deals come with 95 % intervals by Student's t
(``cardavia.sim.stats``), win rates with Wilson's (``rate_ci``: open
where every deal was won).  One deal bounds nothing: its intervals are
``[-inf, inf]`` (a win rate's ``[0, 1]``).
Decision times count searched decisions only: a move that is the only legal
one is played without asking the agent.

Deal ``i`` of a run seeded ``S`` is dealt from ``derive_seed(S, i)`` in
every seating, and the agent in seat ``p`` is reset with ``derive_seed(deal_seed,
1 + p)`` in every seating too (common random numbers): a part the two
agents share draws alike in both halves of a duplicate pair, and two
copies of one agent come out exactly level.  (Between ``mc`` at 300 and
600 rollouts in Dou Dizhu it narrowed nothing: 300 deals, the interval's
half-width 0.31 points against 0.28 seeded by seating.)  The results do not
depend on the number of workers; with ``records`` every deal and seating
streams to a records file (JSON lines or CSV), and ``resume`` continues from it to the
summary an uninterrupted run gives; with ``replays`` the state JSON of every
deal and seating is written to a directory (``cardavia.sim.replay``).  The
deals run on a backend (``cardavia.sim.backends``: local processes or Ray).
"""
from __future__ import annotations

import itertools
from array import array
import time
from typing import Any, Sequence

from cardavia._core.rng import derive_seed
from cardavia.ai import make_agent, parse_spec, teams_of
from cardavia.sim import records as _records
from cardavia.sim import replay as _replay
from cardavia.sim.backends import Backend, Tasks, deals_to_play, make_backend
from cardavia.game import check_seed
from cardavia.sim.runner import (Progress, check_options, check_outputs, check_specs, install_factories,
                                 registered_factories, seat_agent)
from cardavia.sim.stats import mean_ci, percentile, rate_ci


def _distinct_permutations(items: Sequence[str]) -> list[tuple[str, ...]]:
    seen: dict[tuple[str, ...], None] = {}
    for p in itertools.permutations(items):
        seen.setdefault(p, None)
    return list(seen)


def seatings(game: Any, agents: Sequence[str]) -> list[tuple[str, ...]]:
    """The seatings every deal is played under (one spec per seat each)."""
    n = game.num_players
    agents = list(agents)
    if len(agents) == n:
        return _distinct_permutations(agents)
    if len(agents) != 2:
        raise ValueError(f"an arena takes two agents A,B or one per seat ({n}), got {len(agents)}")
    a, b = agents
    teams = teams_of(game)
    if teams:
        out = []
        for first, second in ((a, b), (b, a)):
            seats = [""] * n
            for p in teams[0]:
                seats[p] = first
            for p in teams[1]:
                seats[p] = second
            out.append(tuple(seats))
        return out
    if n == 3:
        return _distinct_permutations([a, b, b]) + _distinct_permutations([a, a, b])
    return [tuple(a if p == k else b for p in range(n)) for k in range(n)]


# -- playing (in the workers) --------------------------------------------------
def play_seating(game, seating: Sequence[str], deal_seed: int) -> tuple[Any, dict[str, list[float]]]:
    """Play one deal under one seating; the final state and the decision
    times (ms) per spec."""
    agents = []
    for p, spec in enumerate(seating):
        ag = seat_agent(game, spec, p)
        ag.reset(derive_seed(deal_seed, 1 + p))
        agents.append(ag)
    times: dict[str, list[float]] = {s: [] for s in dict.fromkeys(seating)}
    state = game.new_state(seed=deal_seed)
    clock = time.perf_counter
    while not state.is_over:
        p = state.current_player
        legal = state.legal_moves()
        if len(legal) == 1:
            move = legal[0]
        else:
            obs = state.observation(p)
            t0 = clock()
            move = agents[p].choose(obs, legal)
            times[seating[p]].append(round((clock() - t0) * 1000, 3))
        state.play(move)
    return state, times


SEEDING = "by seat"
"""How the agents are seeded (module doc): a record of another seeding is another run."""


def play_deals(game_name: str, options: dict, agents: list[str], seed: int,
               deals: Sequence[int], replays: bool = False, factories: dict | None = None) -> list[list[dict]]:
    """Play the given deals of a run under every seating; their rows (with
    ``replays``, each row also holds its state JSON under ``"replay"``;
    ``factories``: the registered agents a Ray worker lacks)."""
    import cardavia

    install_factories(factories)
    game = cardavia.load(game_name, **options)
    seats_list = seatings(game, agents)
    run_id = _records.run_identity(game, agents, seed, seeding=SEEDING)
    out = []
    for i in deals:
        deal_seed = derive_seed(seed, i)
        rows = []
        # Bridge: vulnerability by deal (``BridgeGame.arena_game``)
        deal_game = game.arena_game(i, options) if hasattr(game, "arena_game") else game
        for k, seating in enumerate(seats_list):
            state, times = play_seating(deal_game, seating, deal_seed)
            summary = deal_game.deal_summary(state)
            rows.append({"run": run_id, "deal": i, "seed": deal_seed, "seating": k,
                         "agents": agents, "seats": list(seating), "returns": list(state.returns()),
                         "summary": summary, "decision_ms": times})
            if replays:
                rows[-1]["replay"] = state.to_json()
        out.append(rows)
    return out


def _play_chunk(args):
    return play_deals(*args)


# -- the summary ------------------------------------------------------------------
_KEPT = ("seating", "seats", "returns", "summary")
"""What the summary reads of a row; a long run keeps only these in memory."""


def keep_rows(rows: list[dict], times: dict[str, Any]) -> list[dict]:
    """A deal's rows as the run keeps them until its summary: their decision
    times moved to ``times`` (spec -> a compact array) and the rest of what
    the records hold (run, agents, seeds) dropped."""
    for row in rows:
        for spec, ms in row["decision_ms"].items():
            times.setdefault(spec, array("d")).extend(ms)
    return [{k: row[k] for k in _KEPT} for row in rows]


def summarize(game: Any, agents: Sequence[str], rows_by_deal: dict[int, list[dict]],
              times: dict[str, Any] | None = None) -> dict[str, Any]:
    """The arena's figures from the rows of each deal (in deal order), their
    decision times from the rows or, for rows kept by ``keep_rows``, ``times``."""
    specs = list(dict.fromkeys(agents))
    per_deal_score: dict[str, list[float]] = {s: [] for s in specs}
    per_deal_win: dict[str, list[float]] = {s: [] for s in specs}
    if times is None:
        times = {}
        for d in sorted(rows_by_deal):
            keep_rows(rows_by_deal[d], times)
    times = {s: times.get(s, ()) for s in specs}
    for d in sorted(rows_by_deal):
        score = {s: [0.0, 0] for s in specs}
        wins = {s: 0 for s in specs}
        for row in sorted(rows_by_deal[d], key=lambda r: r["seating"]):
            for p, spec in enumerate(row["seats"]):
                r = row["returns"][p]
                score[spec][0] += r
                score[spec][1] += 1
                wins[spec] += r > 0
        for s in specs:
            per_deal_score[s].append(score[s][0] / score[s][1])
            per_deal_win[s].append(wins[s] / score[s][1])
    results = {}
    for s in specs:
        ms, ms_ci = mean_ci(per_deal_score[s])
        wr, wr_ci = rate_ci(per_deal_win[s])
        results[s] = {"win_rate": wr, "win_rate_ci": wr_ci, "mean_score": ms, "mean_score_ci": ms_ci,
                      "decisions": len(times[s]), "decision_ms_median": percentile(times[s], 50),
                      "decision_ms_p99": percentile(times[s], 99)}
    out: dict[str, Any] = {"results": results}
    if len(specs) == 2:
        a, b = specs
        diff = [x - y for x, y in zip(per_deal_score[a], per_deal_score[b])]
        m, ci = mean_ci(diff)
        out["difference"] = {"agents": [a, b], "mean_score": m, "mean_score_ci": ci}
        if hasattr(game, "duplicate_imps") and len(agents) == 2:   # Bridge: the two tables in IMPs
            m, ci = mean_ci([game.duplicate_imps(rows_by_deal[d], a) for d in sorted(rows_by_deal)])
            out["imps"] = {"agents": [a, b], "mean": m, "ci": ci}
    series = getattr(game, "arena_series", None)    # a game's own duplicate figures (Shengji)
    if series is not None:
        out[game.name] = _game_figures(series(rows_by_deal, specs), specs)
    return out


def _game_figures(series: dict[str, dict[str, list[float]]], specs: list[str]) -> dict[str, Any]:
    """Means and 95 % intervals of a game's per-deal figures (``game.arena_series``:
    figure -> spec -> one value a deal), by spec and, for two agents, A-B."""
    out: dict[str, Any] = {s: {} for s in specs}
    diff: dict[str, Any] = {"agents": specs}
    for name, by_spec in series.items():
        for s in specs:
            out[s][name], out[s][name + "_ci"] = mean_ci(by_spec[s])
        if len(specs) == 2:
            a, b = specs
            diff[name], diff[name + "_ci"] = mean_ci([x - y for x, y in zip(by_spec[a], by_spec[b])])
    if len(specs) == 2:
        out["difference"] = diff
    return out


def run(game_name: str, agents: Sequence[str], games: int, seed: int = 0, workers: int | None = None,
        options: dict | None = None, records: str | None = None, resume: bool = False,
        progress: bool = False, replays: str | None = None, backend: str | Backend = "local",
        address: str | None = None) -> dict[str, Any]:
    """Play ``games`` duplicate deals of ``game_name`` between ``agents``
    (``["mc:rollouts=500", "heuristic"]``, or one spec per seat) and return
    the summary: ``results`` keyed by agent spec (win rate, mean score, both
    with 95 % t intervals, decision time median and 99th percentile),
    ``difference`` (two agents: the per-deal score difference A−B and its
    interval; Bridge: ``imps``, A's IMPs a deal, and the vulnerability
    cycles by deal unless ``options`` fix it), ``deals``, ``seed``,
    ``agents``, ``seatings``.  ``records``,
    ``resume``, ``replays``, ``backend`` and ``address`` are those of
    ``cardavia.sim.runner.run``."""
    import cardavia

    options = check_options(options)
    game = cardavia.load(game_name, **options)
    seed = check_seed(seed)
    agents = [a.strip() for a in check_specs(agents)]
    for a in agents:
        parse_spec(a)
        make_agent(a, game)          # validate before forking
    if len(agents) == 2 and agents[0] == agents[1]:
        raise ValueError("an arena measures two different agents (or give one spec per seat)")
    records, replays = check_outputs(games, records, resume, replays)
    seats_list = seatings(game, agents)
    run_id = _records.run_identity(game, agents, seed, seeding=SEEDING)
    recorded: dict[int, list[dict]] = {}
    if records and resume:
        recorded = _records.load(records, run_id, len(seats_list))
    done = {d: rows for d, rows in recorded.items() if d < games}
    todo = deals_to_play(games, done)
    pool = make_backend(backend, workers, address)
    chunk = max(1, min(8, len(todo) // (pool.slots() * 4) or 1))
    factories = registered_factories(agents, pool)
    tasks = Tasks(todo, chunk, lambda deals: (game_name, options, agents, seed, deals, bool(replays), factories))
    unit, units = ("match", "matches") if game.options.get("match") else ("deal", "deals")
    # Deals recorded beyond ``games`` stay in the file: a shorter resumed run never loses them.
    writer = _records.Writer(records, recorded) if records else None
    bar = Progress(games, f"{game_name} arena {units}", enabled=progress)
    bar.skip(len(done))
    times: dict[str, Any] = {}
    rows_by_deal = {d: keep_rows(rows, times) for d, rows in done.items()}
    t0 = time.perf_counter()
    try:
        for deal_rows in pool.imap(_play_chunk, tasks):
            for rows in deal_rows:
                for row in rows:                 # before the records, which a resume trusts
                    text = row.pop("replay", None)
                    if replays and text is not None:
                        _replay.write(replays, game_name, row["deal"], row["seating"], text, unit)
                if writer:
                    writer.write(rows)
                rows_by_deal[rows[0]["deal"]] = keep_rows(rows, times)
            bar.update(len(deal_rows))
    finally:
        if writer:
            writer.close()
    elapsed = time.perf_counter() - t0
    out: dict[str, Any] = {"game": game_name, "options": options, "agents": agents, "seed": seed,
                           "deals": games, "seatings": [list(s) for s in seats_list], "backend": pool.name,
                           "interval": "95% Student t over deals; win rates Wilson"}
    out.update(summarize(game, agents, rows_by_deal, times))
    out["resumed_deals"] = len(done)
    out["seconds"] = elapsed
    return out
