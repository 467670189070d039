"""Bridge card play by double-dummy sampling (issue 14 part 4): ``mc``'s play.

For one card the agent draws deals its seat cannot tell from the real one
and that fit what the auction and the play showed, solves each double dummy
for every legal card (the solver's mid-play form, ``Solver.solve_board``)
and plays the card with the best mean score for its side.

The sampler (``PlaySampler``).  ``game.sample_world`` (the observation read
once: ``game.world_of``) deals the unseen cards uniformly among the hands
that hide them, keeping the history, the agent's hand, dummy once shown and
every void a player showed by not following suit.  Each such deal is then
checked against the auction as the bidding system reads it
(``shown_by_auction``: the HCP range, suit lengths and balance every call
showed, read as the bidding's own sampler reads them) on the hands as dealt
(held cards plus those played).  Up to ``tries`` deals are drawn for each
sample; when none fits (a call the system did not make by its rows, or
constraints too tight for the cards left) the deal that breaks them least
is kept (``Shown.violation``: HCP outside the range plus cards outside the
lengths, plus what a rule-of-20 opening lacks and 2 for a wrong balance),
and ``fallbacks`` counts it.  It never hangs and never moves a seen card.

The choice.  A card's value in one deal is the duplicate score (BR-5) of
the trick count that double-dummy play reaches after it, for the agent's
side (positive or negative); the mean over the sampled deals decides, ties
to the higher mean trick count, then to the lower card, except that a
defender leading from touching cards of ten or higher leads the top one,
as a partner reads it (the J from K Q J was the old tie's; equal cards
take equal tricks in every deal, so the values do not change).  The score
weighs making or beating the contract far above an overtrick (4S: 420
made, -50 one down, +30 an overtrick), and a doubled contract's stakes by
itself.

Budget: ``samples`` deals per card (default ``DEFAULT_SAMPLES``), a cap
on the solver's work ``nodes`` (search nodes a card, default
``DEFAULT_NODES``: new deals stop once it is spent) and an optional time
cap ``budget_ms``; at least ``MIN_SAMPLES`` deals are solved (fewer only
when ``samples`` is smaller or ``budget_ms`` runs out; never none).  The
node cap binds in the first tricks, where solving every card of a deal
of 13 cards a hand takes 0.1-0.6 s, the sample count later; both are
machine-free, so with a seed the choice is reproducible (the solver
forgets its table and move-ordering hints at each decision), while
``budget_ms`` is not.  One solver a thread
serves all decisions; its transposition table stays between the sampled
deals of one decision (``keep_table``; sound, as entries are keyed by who
holds the remaining cards: the same values, about 4 % fewer nodes than a
table afresh for each deal, ``bench/bench_arena_bridge.py --solver``).
It reads only its observation.
"""
from __future__ import annotations

import time
from typing import Any, Sequence

from cardavia import bridge
from cardavia._core import bridge_core as _core
from cardavia._core.bridge_core import Position
from cardavia._core.dds import Solver
from cardavia.ai.agent import check_count
from cardavia.ai.bridge_bidding.interpreter import _token
from cardavia.ai.bridge_bidding.sampler import NOTHING_SHOWN, Shown, shown_by_seat
from cardavia.game import LegalMoves, Move

DEFAULT_SAMPLES = 48
"""Deals solved per card by default: a median decision well under 1 s on
one core (``bench/bench_arena_bridge.py --calibrate``)."""
DEFAULT_NODES = 1_000_000
"""The default work cap of one card: search nodes (the solver visits about
2.5 million a second on the 2-core reference machine: 0.4 s)."""


def budget_share(share: float) -> dict:
    """``mc``'s options for Bridge at ``share`` of its default budget: its
    card play solves deals, so the share is of the deals and the work cap."""
    return {"samples": max(1, int(DEFAULT_SAMPLES * share)), "nodes": max(1, int(DEFAULT_NODES * share))}


DEFAULT_TRIES = 100
"""Deals drawn per sample before the least-violating one is kept."""
MIN_SAMPLES = 8
"""Deals solved a card whatever the node cap (never more than ``samples``).
The cap binds at the opening lead: the normal level's (a fifth) solved 1.6
deals there on average, hard's 3.5, and among the cards one deal did not
punish the tie to the lower card led a deuce of any suit; against the
values of 64 deals those leads lost 22 and 17 points a lead, 9 deals 12
(40 leads, seeds 101-140)."""

def shown_by_auction(auction: Sequence[str]) -> dict[int, Shown]:
    """Per seat (South 0 deals): what its calls showed, as the bidding's
    sampler reads them (``sampler.shown_by_seat``: every row that can make
    each call)."""
    read = shown_by_seat([_token(c) for c in auction])
    return {seat: read.get(seat, NOTHING_SHOWN) for seat in range(4)}


TEN = 8
"""The ten's rank index (2 is 0)."""


def top_of_equals(card: int, held: Any, gone: set[int]) -> int:
    """The highest of the cards ``held`` that ``card`` is equal to: the run
    above it in its suit, with only cards ``gone`` (played) between."""
    top = card
    for r in range((card >> 2) + 1, 13):
        c = 4 * r + (card & 3)
        if c in held:
            top = c
        elif c not in gone:
            break
    return top


class PlaySampler:
    """Deals (compiled positions) consistent with one observation of the
    play and with the auction (see the module doc)."""

    def __init__(self, game: Any, data: dict, tries: int = DEFAULT_TRIES):
        self.game = game
        self.data = data
        self.tries = tries
        me = data["player"]
        dummy = data["dummy"] if data.get("dummy_hand") is not None else None
        self.hidden = [s for s in range(4) if s != me and s != dummy]
        shown = shown_by_auction(data["auction"])
        self.shown = {s: shown[s] for s in self.hidden}
        self.args: tuple[bytes, bytes, int, int, int, int] = game.world_of(data)
        self.fallbacks = 0
        """Samples where no drawn deal fitted the auction (the least-violating one was kept)."""

    def violation(self, position: Any) -> int:
        dealt = position.dealt()
        return sum(self.shown[s].violation(dealt[s]) for s in self.hidden)

    def draw(self, rng: Any) -> Any:
        best, best_v = None, -1
        calls, cards, player, own, dummy, vul = self.args
        for _ in range(self.tries):
            world = Position.world(calls, cards, player, own, dummy, vul, rng.getrandbits(64))
            v = self.violation(world)
            if v == 0:
                return world
            if best is None or v < best_v:
                best, best_v = world, v
        self.fallbacks += 1
        return best


class DoubleDummyPlayer:
    """Chooses a card by solving sampled deals (see the module doc)."""

    def __init__(self, samples: int = DEFAULT_SAMPLES, nodes: int = DEFAULT_NODES, budget_ms: float | None = None,
                 tries: int = DEFAULT_TRIES, keep_table: bool = True, min_samples: int = MIN_SAMPLES):
        for key, value in (("samples", samples), ("nodes", nodes)):
            check_count("mc", key, value)
        self.samples = samples
        self.nodes = nodes
        self.budget_ms = budget_ms
        self.min_samples = min(samples, min_samples)
        self.tries = tries
        self.keep_table = keep_table
        self.solver: Solver = bridge._default_solver()   # one a thread: its table is 128 MB at most
        self.last_samples = 0
        """Deals solved for the last card; ``last_fallbacks`` of them broke the
        auction's constraints, and ``last_nodes`` is the search's work."""
        self.last_fallbacks = 0
        self.last_nodes = 0
        self.last_made: dict[int, float] = {}
        """Card id -> the share of the last evaluation's deals on which the contract makes after it."""
        self.last_decision: tuple[int, int, float] | None = None
        """(history length, card id, ``last_made`` of it) of the last card chosen: its explanation."""

    def evaluate(self, game: Any, data: dict, rng: Any) -> dict[int, tuple[float, float]]:
        """Each legal card id -> (mean score for the mover's side, mean
        tricks of the declaring side at the end), over the sampled deals."""
        declarer = data["declarer"]
        level, strain, doubled = bridge.parse_contract(data["contract"])
        vul = bridge.vulnerable_sides(data["vulnerability"])[bridge.side_of(declarer)]
        scores = [_core.score(level, strain, doubled, vul, t)[0] for t in range(14)]
        mover = data["seat_to_play"]
        sign = 1 if (mover & 1) == (declarer & 1) else -1
        taken = data["tricks_won"][declarer & 1]
        left = 13 - len(data["tricks"])
        trick = [bridge._CARD_IDS[c] for _, c in data["trick"]]
        leader = (data["leader"] + 2) % 4          # the solver's seats: N E S W
        sampler = PlaySampler(game, data, self.tries)
        totals: dict[int, list[float]] = {}   # card -> [score, tricks, deals on which the contract makes]
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
        solver = self.solver
        solver.clear()
        start = solver.nodes
        n = 0
        while n == 0 or (n < self.samples and (n < self.min_samples or solver.nodes - start < self.nodes)
                         and (deadline is None or time.perf_counter() < deadline)):
            world = sampler.draw(rng)
            hands = tuple(world.hand((p + 2) % 4) for p in range(4))
            if n and not self.keep_table:
                solver.clear()
            for card, tricks in solver.solve_board(hands, strain, leader, trick, keep=self.keep_table):
                final = taken + (tricks if sign > 0 else left - tricks)
                t = totals.setdefault(card, [0.0, 0.0, 0.0])
                t[0] += sign * scores[final]
                t[1] += final
                t[2] += final >= 6 + level
            n += 1
        self.last_samples, self.last_fallbacks, self.last_nodes = n, sampler.fallbacks, solver.nodes - start
        self.last_made = {c: made / n for c, (_, _, made) in totals.items()}
        return {c: (s / n, k / n) for c, (s, k, _) in totals.items()}

    def choose(self, game: Any, data: dict, legal_moves: LegalMoves, rng: Any) -> Move:
        values = self.evaluate(game, data, rng)
        sign = 1 if (data["seat_to_play"] & 1) == (data["declarer"] & 1) else -1
        legal = {m.card: m for m in legal_moves if isinstance(m, bridge.Card)}
        best = max((c for c in values if c in legal),
                   key=lambda c: (values[c][0], sign * values[c][1], -(c >> 2), -c))
        if sign < 0 and not data["trick"]:   # a defender's lead: partner reads the top of touching honours
            top = top_of_equals(best, legal, {bridge._CARD_IDS[c] for cards in data["played"] for c in cards})
            if top >> 2 >= TEN and values[top] == values[best]:
                best = top
        self.last_decision = (len(data["history"]), best, self.last_made[best])
        return legal[best]


# -- the ``mc`` agent's Bridge decisions (``cardavia.ai.mc.GAME_DECISIONS``) --
def card_player(agent: Any) -> DoubleDummyPlayer:
    """The agent's double-dummy card player, built at its first card from the
    agent's ``samples``, ``nodes`` and ``budget_ms``."""
    player = getattr(agent, "card_player", None)
    if player is None:
        player = DoubleDummyPlayer(DEFAULT_SAMPLES if agent.samples is None else agent.samples,
                                   DEFAULT_NODES if agent.nodes is None else agent.nodes, agent.budget_ms)
        agent.card_player = player
    return player


def evaluate(agent: Any, observation: Any, legal_moves: LegalMoves) -> tuple[list[Move], list[float], int]:
    """Candidates, their mean duplicate scores for the mover's side and the
    deals solved, in the play; the calls go to the playouts."""
    data = getattr(observation, "data", observation)
    if data.get("phase") != "play":
        return agent.search_values(observation, legal_moves)
    player = card_player(agent)
    values = player.evaluate(agent.game, data, agent.rng)
    cards = [m for m in legal_moves if isinstance(m, bridge.Card) and m.card in values]
    agent.last_rollouts = 0
    return list[Move](cards), [values[m.card][0] for m in cards], player.last_samples


def explain(agent: Any, observation: Any, move: Any) -> tuple[str, dict[str, Any]] | None:
    """Why the ``mc`` agent played its last card: on how many of the deals it
    solved the contract makes (its side declaring) or goes down (defending)
    after it; None for a card it did not just choose by sampling."""
    data = getattr(observation, "data", observation)
    player: DoubleDummyPlayer | None = getattr(agent, "card_player", None)
    if player is None or player.last_decision is None or not isinstance(data, dict) or data.get("phase") != "play":
        return None
    ply, card, made = player.last_decision
    if ply != len(data.get("history", ())) or getattr(move, "card", None) != card:
        return None
    deals = player.last_samples
    if (data["seat_to_play"] & 1) == (data["declarer"] & 1):
        return "bridge.play_makes", {"deals": deals, "made": round(made * deals)}
    return "bridge.play_sets", {"deals": deals, "set": deals - round(made * deals)}


def choose(agent: Any, observation: Any, legal_moves: LegalMoves) -> Move:
    """The ``mc`` agent's Bridge move (more than one legal move)."""
    data = getattr(observation, "data", observation)
    if data.get("phase") != "play":
        return agent.search_move(observation, legal_moves)
    agent.last_rollouts = 0
    return card_player(agent).choose(agent.game, data, legal_moves, agent.rng)
