"""The ``mc`` agent's Shengji decisions (issue 14 part 1): calls, the bury, plays.

``MonteCarloAgent.choose`` hands a Shengji decision here (``choose``).  Every
decision is a flat determinized search: worlds are drawn from the
observation by the core sampler (``cardavia.shengji.world_sampler``: hand
sizes, cards played, declarations, the revealed kitty and every void shown,
SJ-3.5, trump voids included), each candidate is played on a copy of every
world and the rest of the deal is played out by the compiled policy; the
candidate with the best mean value for the agent's side wins: the levels
the deal gives it, blended with the card points (``POINTS_BLEND``).
All candidates share the worlds and rollout seeds (common random numbers).
The budget is the agent's: ``rollouts`` playouts a decision in all
(``max(1, rollouts // candidates)`` worlds), or ``budget_ms``; ``threads``
is not used here (one thread: the arena runs deals in parallel instead).

Declaring and overcalling.  The candidates are pass and every declaration
the hand allows (SJ-2.4).  Each mean is shrunk towards a prior worth
``PRIOR_WORLDS`` worlds: pass 0, a declaration ``prior_of_declaration``
(trump length and strength counted at this level, the kitty for a declarer
who becomes the first dealer), so that a few noisy worlds do not make a
weak call.  The level and the seat reach the value through the rollouts
too: the level fixes which cards are trump, and the rollouts play the
other seats' overcalls and passes (a call that three passes fix at once
is worth more than one an opponent overcalls).

Burying (SJ-2.7) is one decision: a handful of whole 8-card burials
(``bury_candidates``: the policy's; voids in one or two short suits, and
the same voids with their point cards, or points and pairs, held back; no
points; no pairs broken) are searched, the best few again on fresh worlds
(``bury_values``), and the agent then buries the chosen cards one move at
a time without searching again.  The rollouts score the kitty as SJ-4.1
does (its points multiplied when the attackers take the last trick), so
points go into a void only when the playouts find that it pays: the
points a void keeps out of play against the risk of the last trick
(``KITTY_RISK`` can charge that risk more).  The bury draws its worlds
from a generator of its own, seeded by one draw of the agent's: the rest
of the deal does not depend on how many worlds it searched.

Playing.  Leads are few (singles, pairs, tractors: SJ-3.4) and all are
searched.  A follow can have tens of thousands of plays (a void player
filling a tractor); beyond ``max_candidates`` the plays are grouped by what
they do to the hand, the trick and the score (cards of each suit and trumps
used, points given, pairs kept, winning the trick now) and the cheapest
play of each group is searched, with the policy's move (``play_candidates``).
A play other than the policy's is chosen only when it is clearly better over
the worlds (``KEEP_Z``).
"""
from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, Sequence

from cardavia._core import shengji as core
from cardavia._core.shengji import order_table
from cardavia.cards import card_text
from cardavia.game import Move, Observation
from cardavia.shengji import BURY, DECLARE, PASS, PLAY, ShengjiMove, TRUMP_NAMES, world_sampler

PRIOR_WORLDS = 8
"""The weight of a declaration's prior, in worlds."""
PRIOR_PER_TRUMP = 0.15
"""Levels a trump above ``PRIOR_PAR_TRUMPS`` is worth in the prior."""
PRIOR_PAR_TRUMPS = 10
"""The trump length (of 25 cards) the policy declares from: a par call."""
PRIOR_PER_HIGH = 0.1
"""Levels per joker or level card (the highest trumps) in the prior."""
PRIOR_KITTY = 0.2
"""Levels for taking the kitty: a first-deal declarer becomes dealer (SJ-2.3)."""
POINTS_BLEND = 0.5
"""The share of the attackers' points in a playout's value (``_value``).
Against ``heuristic`` at 1,000 rollouts (16 duplicate deals, seed 77):
levels per deal +0.97 [0.65, 1.28] with 0.5, +0.94 [0.60, 1.27] with 0
(card points +73 and +65): no worse, and the points break ties."""
KITTY = 8
"""Cards the dealer buries (SJ-2.7)."""
KEEP_Z = 2.0
"""A play other than the policy's must beat it by this many standard errors
of their paired difference (``clearly_better``): the playouts' noise, not a
better play, made ``mc`` give points to tricks the opponents took (8 of 80
such positions at 800 rollouts, 6 of 80 at 4,000; the policy 0; with z 2, 2
of 80 at 800).  Head to head against ``mc`` without it, 150 duplicate deal
pairs each: at 1,000 rollouts (seed 11) z 1 +0.030 levels a deal [-0.040,
+0.100], z 2 +0.083 [+0.009, +0.157]; at the default 4,000 (seed 12) z 2
+0.083 [+0.014, +0.153], +4.7 card points a deal."""
KITTY_RISK = 0.0
"""Levels charged for each point buried, on top of the rollouts' own kitty
(SJ-4.1).  Measured not to pay with the rollout policy of before 7
December 2026, whose attackers did not save trumps for the last trick (now
they keep their top trumps for it: ``bench/bench_arena_shengji.py``)
(duplicate arena, seed 0, 200 deal pairs,
``mc:rollouts=2000``): 0.004 cut the kitties with points from 49 % to
40 % of mc's deals against ``heuristic`` but lost 0.030 levels a deal to
0 [-0.057, -0.003] (paired on the same deals): the points held back were
taken in play (attackers +11 points where fewer were buried), and those
attackers won only 1 point a deal from the kitty.  Attackers that search
take the last trick twice as often (``mc`` 40 %, ``heuristic`` 19 %) and
5 points a deal, which the charge halved; yet the new burial with it
against the old one was level, -0.010 [-0.067, +0.047].  With the
policy keeping its top trumps the playouts see that risk themselves: mc's
kitties fell from 6.0 to 4.3 points a deal."""
FINALISTS = 4
"""Burials searched again after the screen (``bury_values``)."""
SCREEN = 0.5
"""The share of a bury's budget that screens every candidate burial."""
SCAN = 4096
"""Follows with more plays than this are grouped from a sample of this many."""
_CODE = {name: code for code, name in enumerate(core.KIND_NAMES)}


def card_points(c: int) -> int:
    """SJ-4.1: fives 5, tens and kings 10."""
    return 0 if c >= 52 else {3: 5, 8: 10, 11: 10}.get(c >> 2, 0)


def _data(observation: Any) -> dict:
    return observation.data if isinstance(observation, Observation) else observation


def _hand_ids(data: dict) -> list[int]:
    from cardavia.cards import parse_cards
    return parse_cards(" ".join(data["hand"]))


# -- the search over move sequences ---------------------------------------------------
def search(agent: Any, observation: Any, candidates: Sequence[Sequence[Any]],
           share: float = 1.0, rng: Any = None) -> list[float]:
    """The mean return for the agent's seat of each candidate (a sequence of
    the agent's moves, played in order) over the same sampled worlds, with
    ``share`` of the agent's budget, drawn from ``rng`` (the agent's)."""
    return [sum(v) / len(v) for v in search_worlds(agent, observation, candidates, share, rng)]


def search_worlds(agent: Any, observation: Any, candidates: Sequence[Sequence[Any]],
                  share: float = 1.0, rng: Any = None) -> list[list[float]]:
    """``search``'s values world by world: one list per candidate, the
    worlds in the same order in every list (paired)."""
    data = _data(observation)
    me = data["player"]
    sample = world_sampler(observation).sample
    codes = [[(_CODE[m.kind], m.cards) for m in seq] for seq in candidates]
    rng = agent.rng if rng is None else rng
    values: list[list[float]] = [[] for _ in codes]
    n = 0
    per = max(1, int(agent.rollouts * share) // len(codes))
    deadline = (None if agent.budget_ms is None
                else time.perf_counter() + agent.budget_ms * share / 1000)
    while True:
        world = sample(rng.getrandbits(64))
        seed = rng.getrandbits(64)
        for j, seq in enumerate(codes):
            pos = world.copy()
            for kind, cards in seq:
                pos.apply(kind, cards)
            pos.rollout(seed)
            values[j].append(_value(pos, me))
        n += 1
        if (n >= per) if deadline is None else time.perf_counter() >= deadline:
            break
    agent.last_rollouts = n * len(codes)
    agent.last_worlds = n
    return values


def _value(pos: Any, me: int) -> float:
    """A played-out deal's worth to seat ``me``: its levels blended with the
    attackers' points on the same scale (SJ-4.2 gives the attackers about
    (points - 100) / 40 levels, in steps): the points tell apart the many
    playouts that end on the same step."""
    levels = pos.returns()[me]
    if not POINTS_BLEND:
        return levels
    margin = (pos.attacker_points - 100) / 40
    if (me & 1) == (pos.dealer & 1):
        margin = -margin
    return (1 - POINTS_BLEND) * levels + POINTS_BLEND * margin


def _best(values: Sequence[float]) -> int:
    best = 0
    for j in range(1, len(values)):
        if values[j] > values[best]:
            best = j
    return best


# -- declaring and overcalling ----------------------------------------------------------
def trump_suit_of(move: ShengjiMove, level: int) -> int:
    """The contract a declaration names: 0-3 (C D H S) or 4 (NT, a joker pair)."""
    c = move.cards[0]
    return 4 if c >= 52 else c & 3


def prior_of_declaration(hand: Sequence[int], level: int, trump: int, takes_kitty: bool) -> float:
    """The prior value (levels) of making ``trump`` trump with this hand: trump
    length over par and the highest trumps (jokers, level cards), plus the
    kitty for a declarer who becomes dealer."""
    eff = order_table(level, trump)
    trumps = sum(eff[c][0] == 4 for c in hand)
    high = sum(c >= 52 or (c >> 2) == level - 2 for c in hand)
    return (PRIOR_PER_TRUMP * (trumps - PRIOR_PAR_TRUMPS) + PRIOR_PER_HIGH * high
            + (PRIOR_KITTY if takes_kitty else 0.0))


def declare_values(agent: Any, observation: Any, legal_moves: Any) -> tuple[list[Any], list[float]]:
    """Pass and every declaration, with their rollout means shrunk to the priors."""
    data = _data(observation)
    moves = list(legal_moves)
    means = search(agent, observation, [[m] for m in moves])
    hand = _hand_ids(data)
    n = agent.last_worlds
    first_dealer = data["dealer"] is None and data["declaration"] is None
    values = []
    for m, mean in zip(moves, means):
        prior = 0.0
        if m.kind == DECLARE:
            prior = prior_of_declaration(hand, data["level"], trump_suit_of(m, data["level"]), first_dealer)
        values.append((mean * n + prior * PRIOR_WORLDS) / (n + PRIOR_WORLDS))
    return moves, values


def declare(agent: Any, observation: Any, legal_moves: Any) -> Move:
    moves, values = declare_values(agent, observation, legal_moves)
    agent.last_values = {str(m): v for m, v in zip(moves, values)}
    return moves[_best(values)]


# -- burying ---------------------------------------------------------------------------
def bury_order(hand: Sequence[int], level: int, trump: int) -> list[int]:
    """The hand's cards (one id per copy) in the policy's burying order: short
    plain suits first, low cards, no points, no pairs, aces and kings kept,
    trumps last (the core's ``_policy_bury`` score)."""
    table = order_table(level, trump)
    count = Counter(hand)
    length = Counter(table[c][0] for c in hand)

    def score(c: int) -> int:
        suit, order = table[c]
        if suit == 4:
            return 1000 + order
        s = length[suit] * 6 + order + card_points(c) * 8 + (30 if count[c] == 2 else 0)
        return s + (40 if order >= 10 else 0)
    return sorted(hand, key=lambda c: (score(c), c))


def bury_candidates(hand: Sequence[int], level: int, trump: int, need: int = KITTY,
                    policy: Sequence[int] = ()) -> list[tuple[int, ...]]:
    """A few whole burials of the ``need`` cards still to bury: ``policy`` (the
    policy's own, first when given); a void in each plain suit (and each
    two) short enough, filled by the policy's order and filled with spare
    cards (plain, no points, not half of a pair); the same voids again
    with their point cards kept, and with their points and pairs kept, so
    that the search weighs each void against the points it puts at risk
    (SJ-4.1) and the pairs it breaks (tractor material); no point cards;
    no pair broken; neither.  Trumps only when nothing else is left."""
    order = bury_order(hand, level, trump)
    table = order_table(level, trump)
    suits: dict[int, list[int]] = {}
    for c in order:
        if table[c][0] != 4:
            suits.setdefault(table[c][0], []).append(c)
    count = Counter(hand)

    def plain(c: int) -> bool:
        return table[c][0] != 4

    def spare(c: int) -> bool:
        return plain(c) and not card_points(c) and count[c] == 1

    def complete(first: Sequence[int], allowed=lambda c: True) -> tuple[int, ...]:
        left = Counter(hand)
        chosen: list[int] = []
        for c in list(first) + [c for c in order if allowed(c)] + order:
            if len(chosen) == need:
                break
            if left[c]:
                left[c] -= 1
                chosen.append(c)
        return tuple(sorted(chosen))
    out = [tuple(sorted(policy))] if policy else []
    out.append(complete(()))
    short = [s for s, cs in suits.items() if len(cs) <= need]
    voids = [suits[s] for s in short]
    for i, s in enumerate(short):
        for t in short[i + 1:]:
            if len(suits[s]) + len(suits[t]) <= need:
                voids.append(suits[s] + suits[t])
    for v in voids:
        out.append(complete(v))
        out.append(complete(v, spare))
        out.append(complete([c for c in v if not card_points(c)], spare))
        out.append(complete([c for c in v if spare(c)], spare))
    out.append(complete((), lambda c: not card_points(c) and plain(c)))
    out.append(complete((), lambda c: count[c] == 1 and plain(c)))
    out.append(complete((), spare))
    return list(dict.fromkeys(out))


def bury_values(agent: Any, observation: Any) -> tuple[list[tuple[int, ...]], list[float]]:
    """The candidate burials and their values: the rollout mean less
    ``KITTY_RISK`` a point buried.  Beyond ``FINALISTS`` candidates,
    ``SCREEN`` of the budget screens them all and the rest searches the
    best ``FINALISTS`` again on fresh worlds (their mean is over both)."""
    data = _data(observation)
    need = KITTY - len(data.get("buried", ()))
    rng = random.Random(agent.rng.getrandbits(64))
    world = world_sampler(observation).sample(rng.getrandbits(64))
    policy = []
    for _ in range(need):       # the policy reads only the dealer's hand: the same in every world
        kind, cards = world.policy_move(0)
        world.apply(kind, cards)
        policy.append(cards[0])
    burials = bury_candidates(_hand_ids(data), data["level"], TRUMP_NAMES.index(data["trump"]), need, policy)
    moves = [[ShengjiMove(BURY, (c,)) for c in b] for b in burials]
    charge = [KITTY_RISK * sum(map(card_points, b)) for b in burials]
    if len(burials) <= FINALISTS:
        means = search(agent, observation, moves, rng=rng)
        return burials, [m - k for m, k in zip(means, charge)]
    means = search(agent, observation, moves, SCREEN, rng)
    worlds, rollouts = agent.last_worlds, agent.last_rollouts
    values = [m - k for m, k in zip(means, charge)]
    top = sorted(range(len(burials)), key=lambda j: -values[j])[:FINALISTS]
    again = search(agent, observation, [moves[j] for j in top], 1 - SCREEN, rng)
    n = agent.last_worlds
    for j, m in zip(top, again):
        values[j] = (means[j] * worlds + m * n) / (worlds + n) - charge[j]
    agent.last_worlds += worlds
    agent.last_rollouts += rollouts
    return burials, values


def bury(agent: Any, observation: Any, legal_moves: Any) -> Move:
    data = _data(observation)
    hand = _hand_ids(data)
    key = (data["deal"], tuple(sorted(hand)))
    plan = getattr(agent, "_shengji_bury", None)
    if plan is None or plan[0] != key:
        burials, values = bury_values(agent, observation)
        chosen = list(burials[_best(values)])
        agent.last_values = {" ".join(card_text(c) for c in b): v for b, v in zip(burials, values)}
        plan = (key, chosen)
    else:
        agent.last_rollouts = 0
    key, chosen = plan
    card = chosen[0]
    rest = list(hand)
    rest.remove(card)
    agent._shengji_bury = ((data["deal"], tuple(sorted(rest))), chosen[1:])
    move = ShengjiMove(BURY, (card,))
    assert move in legal_moves
    return move


# -- playing ---------------------------------------------------------------------------
def play_candidates(agent: Any, observation: Any, legal_moves: Any) -> list[Any]:
    """The policy's play first, then every other legal play, or (beyond
    ``max_candidates``) the cheapest play of each kind: cards of each suit
    used (trumps included), points given, pairs kept and whether it wins
    the trick as it stands."""
    n = len(legal_moves)
    rng = agent.rng
    policy = agent.game.policy_move(observation, legal_moves, rng.getrandbits(64))
    if n <= agent.max_candidates:
        return [policy] + [m for m in legal_moves if m != policy]
    data = _data(observation)
    me = data["player"]
    world = world_sampler(observation).sample(rng.getrandbits(64))
    table = order_table(data["level"], TRUMP_NAMES.index(data["trump"]))
    indices = range(n) if n <= SCAN else sorted(rng.sample(range(n), SCAN))
    groups: dict[tuple, tuple[int, Move]] = {}
    for i in indices:
        m = legal_moves[i]
        pos = world.copy()
        pos.apply(core.PLAY, m.cards)
        wins = (pos.best_seat if pos.nplayed else pos.last_winner) == me
        cards = m.cards
        shed = [0] * 5
        for c in cards:
            shed[table[c][0]] += 1
        sig = (tuple(shed), sum(map(card_points, cards)),
               sum(v == 2 for v in Counter(cards).values()), wins)
        cost = sum(table[c][1] + (20 if table[c][0] == 4 else 0) for c in cards)
        if sig not in groups or cost < groups[sig][0]:
            groups[sig] = (cost, m)
    reps = [m for _, m in sorted(groups.values(), key=lambda x: x[0]) if m != policy]
    room = agent.max_candidates - 1
    if len(reps) > room:
        reps = [reps[(j * len(reps)) // room] for j in range(room)]
    return [policy] + reps


def play(agent: Any, observation: Any, legal_moves: Any) -> Move:
    cands = play_candidates(agent, observation, legal_moves)
    worlds = search_worlds(agent, observation, [[m] for m in cands])
    means = [sum(v) / len(v) for v in worlds]
    agent.last_values = {str(m): v for m, v in zip(cands, means)}
    chosen = clearly_better(worlds, KEEP_Z)
    agent.last_kept = chosen == 0 and _best(means) != 0
    return cands[chosen]


def clearly_better(worlds: Sequence[Sequence[float]], z: float) -> int:
    """The candidate with the best mean if it beats candidate 0 (the
    policy's play) by more than ``z`` standard errors of their paired
    difference over the worlds; else 0 (``KEEP_Z``)."""
    n = len(worlds[0])
    best = _best([sum(v) / n for v in worlds])
    if best == 0 or n < 2:
        return 0
    diff = [a - b for a, b in zip(worlds[best], worlds[0])]
    mean = sum(diff) / n
    var = sum((d - mean) ** 2 for d in diff) / (n - 1)
    return best if mean > z * (var / n) ** 0.5 else 0


def evaluate(agent: Any, observation: Any, legal_moves: Any) -> tuple[list[Any], list[float], int]:
    """Candidates, their values and the worlds drawn (``MonteCarloAgent.evaluate``,
    for hints): a bury is shown as its first card, with the best burial's
    value that starts with it; no plan is kept."""
    phase = _data(observation)["phase"]
    if phase == "bury":
        burials, means = bury_values(agent, observation)
        best: dict[Move, float] = {}
        for b, v in zip(burials, means):
            m = ShengjiMove(BURY, (b[0],))
            best[m] = max(v, best.get(m, v))
        return list(best), list(best.values()), agent.last_worlds
    if legal_moves[0].kind in (PASS, DECLARE):
        moves, values = declare_values(agent, observation, legal_moves)
        return moves, values, agent.last_worlds
    cands = play_candidates(agent, observation, legal_moves)
    return cands, search(agent, observation, [[m] for m in cands]), agent.last_worlds


def choose(agent: Any, observation: Any, legal_moves: Any) -> Move:
    """The ``mc`` agent's Shengji move (more than one legal move)."""
    phase = _data(observation)["phase"]
    first = legal_moves[0]
    if phase == "bury":
        return bury(agent, observation, legal_moves)
    if first.kind in (PASS, DECLARE):
        return declare(agent, observation, legal_moves)
    assert first.kind == PLAY
    return play(agent, observation, legal_moves)
