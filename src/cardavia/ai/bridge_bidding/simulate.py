"""Bidding by simulation, where the system has no answer (issue 14 part 2).

Deal the unseen cards to the other three players many times, keeping the
deals in which every call of theirs shows what the system reads it to show
(``sampler.sample_deals``); in each, solve the candidate contracts double
dummy and score them (BR-5) for the caller's side; bid the candidate with
the best mean.  The candidates: pass (the contract so far stands), and the
cheapest bid in no-trump, in the caller's longest suit and in partner's
longest shown suit.  Each candidate is taken as the final contract: the
opponents' later calls are not simulated.

At high-leverage moments the agent simulates even where the system answers
(``lever_candidates``, ``lever_call``): game against a part-score where the
partnership has the values (``GAME_POINTS``, shortness in a fit counted:
``GAME_DUMMY``; in a contested auction too,
where our side holds the contract, and where the opponents outbid our
part-score, our game in each fit: ``CONTESTED_GAMES``), slam (and from ``GRAND_POINTS`` a grand
slam; over partner's major, or his minor with a major fit shown, asking for aces: ``ASK_ACES``,
``ASK_OVER_MINOR``) against game from ``SLAM_POINTS`` on more deals
(``SystemAgent.slam_samples``; where the opponents made the last bid,
``CONTESTED_SLAMS``, off: it seldom arises and lost where it did), a game in another strain we fit against the
system's game (``STRAIN_GAMES``), and an invitation against game at once
and passing, and game in each other fit (``INVITES``, ``INVITE_FITS``).  There each candidate's auction is played on to
its end by the system in every seat of the sampled deal (``rollout``:
partner answers the invitation, the opponents double or bid on, as their
hands say); the system's call stands unless another gains ``LEVER_MARGIN``
IMPs a deal (``SLAM_MARGIN`` for a slam, ``SURE_SLAM_MARGIN`` where the
partnership has shown ``SURE_SLAM_POINTS``).  Bidding on over the opponents'
game (``COMPETE``) and doubling it are off: they lost IMPs on the tuning
set, with rollouts too.  So is ``WIDE``, simulating every call of a side
that has bid against pass and each fitting strain's cheapest bid, game and
slam: seeing the true deal it would gain much, but that gain is in the
opponents' cards (seeing partner's hand alone it gains little), and on
sampled deals it loses (``bench_bidding.py``; the numbers are at the constant).

What better samples could gain here is bounded: shown partner's true hand
in every simulation (``bench_bidding.py --oracle partner``), seed 7's 1,000
deals go from 4.33 to 3.95 IMPs a deal, and shown the whole deal
(``--oracle``) to 3.42 (December 2026): the opponents' cards, which no auction
shows, are most of it; the rest is in the calls the system makes alone.
A partnership that sees both its hands (``bench_bidding_bound.py``) scores
2.90 there, and most of the distance to it is in auctions where one side
alone bids (508 deals: 4.19 IMPs a deal against its 2.48; where both bid,
4.39 against 2.64), above all in the slams missed (0.33 a deal of the
whole set): what the partners tell each other, not how the samples are
drawn or chosen from, is what is left to gain.
"""
from __future__ import annotations

import random
from typing import Sequence

from cardavia._core.bridge_core import score as contract_score
from cardavia._core.cards import card_text
from cardavia._core.dds import Solver
from cardavia.bridge import vulnerable_sides
from cardavia.ai.bridge_bidding.interpreter import (Hand, _token, answers_blackwood, choose_call, context_of, explain,
                                                    fits_shown, partner_shows)
from cardavia.ai.bridge_bidding.sampler import (_GAME_LEVEL, _STRAINS, NOTHING_SHOWN, legal_tokens, sample_deals,
                                                shown_by_seat)
from cardavia.ai.bridge_bidding.system import SUITS

_MARGIN = 100  # points a deal a bid must gain over passing


def _contract_so_far(auction: Sequence[str]) -> tuple[int, int, int, int] | None:
    """(level, strain, doubled, declarer seat) if the auction ended now."""
    last, doubled, bidder = None, 0, -1
    for i, call in enumerate(auction):
        t = _token(call)
        if t[0].isdigit():
            last, doubled, bidder = t, 0, i % 4
        elif t == "X":
            doubled = 1
        elif t == "XX":
            doubled = 2
    if last is None:
        return None
    strain = _STRAINS.index(last[1:])
    declarer = next(i % 4 for i, c in enumerate(auction)
                    if (i % 4) % 2 == bidder % 2 and _token(c)[1:] == last[1:] and _token(c)[0].isdigit())
    return int(last[0]), strain, doubled, declarer


def declarer_tricks(solver: Solver, hands, strain: int, declarer: int, cache: dict) -> int:
    """Double-dummy tricks of ``declarer`` in ``strain`` on one sampled deal
    (``hands`` in the solver's order), solved once per (strain, declarer) in ``cache``."""
    key = (strain, declarer)
    if key not in cache:
        leader = (declarer + 1) % 4
        cache[key] = 13 - solver.solve(hands, strain, (leader + 2) % 4)
    return cache[key]


def partnership_fits(hand: Hand, tokens: Sequence[str], player: int) -> list[int]:
    """The suits (0-3) ``player``'s side fits, for the lever's candidates:
    eight cards between ``hand`` and partner's shown length, six in the hand,
    or two opposite his six.  His shown length is the longer of the
    sampler's reading (every row that can make his calls) and the rows' own
    (``partner_shows``, which their ``fit`` reads): so four spades opposite
    his raise of them make a fit, though the raise may hold three.  (The
    sampler's reading alone until December 2026; the rows' too, fresh seeds
    21-24 0.000, +0.011, -0.011, -0.004 IMPs a deal, 5 auctions changed,
    2 better, 1 worse.)"""
    sampled = shown_by_seat(tokens).get((player + 2) % 4, NOTHING_SHOWN).lengths
    rows = partner_shows(context_of(tokens))[1]
    own = [hand.length[suit] for suit in SUITS]
    partner = [max(sampled.get(s, 0), rows.get(SUITS[s], 0)) for s in range(4)]
    return [s for s in range(4) if own[s] + partner[s] >= 8 or own[s] >= 6 or own[s] >= 2 and partner[s] >= 6]


def fallback_bids(hand: Hand, tokens: Sequence[str], player: int, legal: Sequence[str]) -> list[str]:
    """The bids the fallback compares with passing: the cheapest legal bid
    (to level 5) in no-trump, in the caller's longest suit and in partner's
    longest shown suit.  (For the agent that does not search, its rollout
    policy's call put against pass and these bids, each played on by the
    system as at a high-leverage moment: seed 7 +0.093 [+0.020, +0.166],
    28 auctions worse, 16 better; left out.)"""
    legal_tokens = {_token(c) for c in legal}
    strains = {4, SUITS.index(hand.best_of(SUITS))}
    partner_lengths = shown_by_seat(tokens).get((player + 2) % 4, NOTHING_SHOWN).lengths
    if partner_lengths:
        strains.add(max(partner_lengths, key=lambda s: partner_lengths[s]))
    cheapest = (next((f"{lv}{_STRAINS[s]}" for lv in range(1, 6) if f"{lv}{_STRAINS[s]}" in legal_tokens), None)
                for s in sorted(strains))
    return [bid for bid in cheapest if bid is not None]


def simulate_call(hand: Sequence[str], auction: Sequence[str], player: int, vulnerability: str,
                  legal: Sequence[str], samples: int, rng: random.Random) -> str:
    """The candidate call with the best mean double-dummy score for
    ``player``'s side over ``samples`` deals, each taken as the final contract."""
    tokens = [_token(c) for c in auction]
    legal_tokens = {_token(c): str(c) for c in legal}
    candidates: list[tuple[str, tuple[int, int, int, int] | None]] = [("P", _contract_so_far(tokens))]
    for t in fallback_bids(Hand(hand), tokens, player, legal):
        strain = _STRAINS.index(t[1:])
        candidates.append((t, (int(t[0]), strain, 0, _first_bidder(tokens, player % 2, strain, player))))
    if "P" not in legal_tokens or len(candidates) == 1:
        return legal_tokens.get("P", str(legal[0]))
    vul = vulnerable_sides(vulnerability)
    solver = Solver()
    totals = [0] * len(candidates)
    for masks in sample_deals(hand, tokens, player, samples, rng):
        pbn_hands = [masks[(p + 2) % 4] for p in range(4)]  # N, E, S, W
        tricks: dict[tuple[int, int], int] = {}
        for j, (_, contract) in enumerate(candidates):
            if contract is None:
                continue  # passed out: 0
            level, strain, doubled, declarer = contract
            taken = declarer_tricks(solver, pbn_hands, strain, declarer, tricks)
            result = contract_score(level, strain, doubled, vul[declarer % 2], taken)[0]
            totals[j] += result if declarer % 2 == player % 2 else -result
    best = max(range(len(candidates)), key=lambda j: (totals[j], -j))
    if totals[best] - totals[0] < _MARGIN * samples:  # double dummy flatters the bidder: pass unless clear
        best = 0
    return legal_tokens[candidates[best][0]]


# -- high-leverage moments: the system's call against the contracts it rules out ----------
_IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500,
              1750, 2000, 2250, 2500, 3000, 3500, 4000)
LEVER_MARGIN = 1.5  # IMPs a deal a candidate must gain over the system's call (the samples are few and rough;
# 1.0 on seeds 7, 2, 1, 3, 4: -0.024, +0.025, -0.072, +0.077, -0.010 IMPs a deal, noise; as many deals again
# where the best candidate's mean is within 2.5 IMPs of its margin: seed 7 +0.050 [-0.032, +0.132], 24 worse, 14 better;
# 2.5 on the held-out seeds 13, 11, 12: +0.071 [-0.011, +0.153], +0.013, +0.080, 67 auctions worse, 34 better)
SLAM_MARGIN = 4.0  # the same for a slam, whose swings are the largest (6 until December 2026; 4 with the rows of
# December, held-out seeds 13, 15, 17, 18: -0.010, -0.016, -0.009, -0.049 [-0.092, -0.006] IMPs a deal, 24 auctions
# changed, 13 better, 6 worse; 3 then, seeds 13, 15: -0.017 [-0.067, +0.033], +0.015 [-0.029, +0.059]; 2: -0.024
# [-0.075, +0.027], +0.003 [-0.046, +0.052], 21 auctions changed, 10 better, 8 worse: noise. Earlier, on the tuning set:
# seed 7, 4 -> 4.537, 6 -> 4.485, 8 -> 4.522; the slam simulation off: 4.586; at 6, SLAM_POINTS 26: +0.027, 32 slam
# samples: +0.016). Not the samples' noise: 96 slam samples at a margin of 2, +0.087 [-0.011, +0.185]. On a second,
# independent set of samples, P(some slam makes) by bucket 0.14 0.33 0.44 0.64 0.89 came true 0.09 0.37 0.36 0.61 0.78
# (seeds 7 and 2): the likeliest slams are flattered. Blackwood as a slam candidate (4NT, the rollout answering and
# placing): +0.001 at this margin, +0.011 at LEVER_MARGIN. A slam chosen at 3 and bid only if it gains 2 again on as
# many fresh deals (against the best-of-several's luck): seed 7 +0.042, and +0.020 with every row read; the 17 slams it
# added were sampled at 0.61 to make on average and 5 made. At every call of 400 deals where this simulation could fire,
# some slam sampled at 0.5-0.75 (0.60 on average) made 0.37, at 0.75+ (0.86) 0.72: flattered, so the margin stayed at 6
# then (5, with every row read: seed 7 +0.016; 4 for no-trump slams only, whose samples shape matters less to: +0.011, 1
# auction better, 2 worse; the opponents' samples making their calls, passes too, as the system would at these calls
# only: +0.014, two auctions changed, both worse)
SURE_SLAM_POINTS = 30  # own points and partner's least from which a slam needs only SURE_SLAM_MARGIN: there the
# samples' slams are not flattered as at 28 (32 and a margin of 3 until December 2026: seeds 3, 4, 7 -0.040,
# -0.028, +0.009 IMPs a deal against none, 15 auctions changed, 6 better, 4 worse. Then, on fresh seeds 21, 22,
# 23, 24: a margin of 2 from 32, -0.010, 0.000, -0.011, 0.000, 5 auctions changed, 2 better, none worse; from
# 30, -0.020, -0.031, -0.014, -0.002, together -0.017 [-0.034, +0.001] over 4,000 deals, 10 auctions better,
# 5 worse; from 29 on 21, 22 +0.002, -0.030, 6 better, 6 worse. Par is a slam on 64 % of deals with 30 HCP
# together and 91 % with 32, and the system bid one on 31 % and 79 %)
SURE_SLAM_MARGIN = 2.0  # (a margin of 1: fresh seeds 21-24 +0.012, -0.024, +0.018, 0.000, 41 auctions changed,
# 7 better, 8 worse: noise)
GAME_POINTS = 22  # own points and partner's least from which game is simulated against a pass (20, 24: worse;
# with the rows of December 2026, seeds 21, 22, 13, 15: from 21 -0.012, -0.006, +0.008, +0.005 IMPs a deal, from 20
# -0.023 [-0.057, +0.011], -0.009, +0.015, +0.013: noise)
SLAM_POINTS = 28  # the same for slam against game (tuning set: 30 -> 4.57, 28 -> 4.51, 26 no better; 21 and 27
# together gained 0.02 a deal on seeds 1 and 2 and lost 0.04 on seed 7; counting the caller's shortness as
# dummy points too, seed 7 lost 0.041 [-0.008, +0.090]: slams on shape need it shown, not sampled; again with the
# rows and margins of December 2026, where the caller holds four of a fit, fresh seeds 21-24 -0.002, +0.018,
# -0.009, -0.019, 26 auctions changed, 12 better, 10 worse: noise. Shown, from 24 points where partner's
# splinter showed the shortness: seeds 21, 22 no auction changed, the samples' slams gaining under the margin)
GAME_DUMMY = True  # the game gate counts the caller's shortness in a fit (three cards or more of it) as
# dummy points: seeds 7, 2, 1 -0.016 [-0.034, +0.002], -0.003, +0.007 IMPs a deal, 4 auctions better, 2 worse
# (in contested auctions too, for CONTESTED_GAMES and the part-score battle: seed 7 -0.005 [-0.041, +0.031],
# 7 auctions better, 6 worse; left out)
GRAND_POINTS = 33  # the same for a grand slam (32: fresh seeds 21-24, no auction changed)
ASK_ACES = True  # where partner's last bid named a major we fit, Blackwood (4NT: his answer, then our slam or
# sign-off, as the rows place them on each sampled deal) is a candidate beside the slams, from SLAM_POINTS:
# seeds 7, 2, 1, 3, 4 -0.010, -0.058, -0.077, -0.005, -0.138 [-0.256, -0.019] IMPs a deal (2,600 deals:
# -0.047; 18 auctions better, 5 worse). Not over a minor: an answer above its five-level sign-off is passed
ASK_POINTS = 28  # own points and partner's least from which asking for aces is a candidate (SLAM_POINTS; from
# 26, fresh seeds 21, 22 +0.038 [-0.016, +0.092], +0.033 [-0.006, +0.072], 9 auctions worse, 2 better: the
# five-level sign-offs go down)
ASK_OVER_MINOR = True  # ASK_ACES where partner's last bid named a minor and a major fit is shown (eight
# cards with what his calls showed), the asker placing the slam in the major: rare, fresh seeds 21, 22, 23
# +0.000, -0.011, +0.010 IMPs a deal, 4 auctions changed, 1 better, 1 worse
ASK_MARGIN = 1.5  # the IMPs asking must gain (seed 7: at SLAM_MARGIN 5 auctions changed, by no IMPs; at 0 +0.000)
STRAIN_GAMES = True  # a game in another fitting strain is simulated against the system's game (4.47 -> 4.41;
# also in a major the caller holds five of, partner's length there unknown: seed 7 +0.028 [-0.037, +0.093],
# 9 auctions worse, 4 better; 4M against the system's 3NT where seven cards of the major are known between
# the hands: seeds 3, 4 +0.133 [+0.013, +0.252], +0.028, the 4-3 fits flattered; left out. Not in a suit we
# bid ourselves where partner chose the game, as he knew it (a preempter under partner's 3NT): seeds 3, 4
# +0.072 [-0.008, +0.153], -0.005, 6 auctions worse, 2 better: the long suit's game makes where 3NT fails)
MINOR_GAMES = True  # five of a minor is among the game candidates against a part-score (off, with
# MINOR_STRAIN_GAMES off too: held-out seed 13 -0.036 [-0.103, +0.031], 16 auctions better, 12 worse; seed 14
# +0.019 [-0.056, +0.094], 27 better, 22 worse)
MINOR_STRAIN_GAMES = True  # five of a minor is among STRAIN_GAMES' candidates, 3NT or 4M taken out into it (of
# those the samples chose on seeds 13 and 14, as many went down as made; off, held-out seeds 13 -0.041 [-0.093,
# +0.011], 14 -0.004 [-0.059, +0.051], 15 +0.038 [-0.040, +0.116] IMPs a deal, 35 auctions better, 24 worse: noise)
COMPETE = False  # bidding on over the opponents' game is simulated: off, it lost IMPs on the tuning set
# (4.47 off, 4.51 on; with rollouts 4.23 off, 4.38 on, 4.48 with their doubled game as a candidate too;
# with every row read, seed 7 +0.184 [+0.103, +0.265]: 45 auctions worse, 10 better, the sacrifices overbid;
# only at favourable vulnerability, seed 7 +0.092 [+0.030, +0.154]: 17 worse, 7 better; with a row doubling
# any bid over the doubler's side's game, so that the rollouts and the auction double the sacrifice as par
# does: seed 7 +0.093 [+0.032, +0.154], 24 worse, 7 better, the sacrifices going down more than sampled;
# with that, not bidding on over our own double, and these calls' samples making every seat's calls as the
# system would (partner's pass over their game denies extras): +0.047 [-0.015, +0.109], at a 3-IMP margin
# +0.021 [-0.031, +0.073], 19 worse, 10 better)
COMPETE_MARGIN = 1.5  # the IMPs bidding on over their game must gain, where COMPETE is on
CONTESTED_GAMES = True  # where the opponents outbid our part-score, our game in a fit is simulated from
# GAME_POINTS (tuning set 4.20 -> 4.14; from 20 points 4.21, with the cheapest bid in each fit too 4.16)
CONTESTED_SLAMS = False  # where the opponents made the last bid, slam is simulated from SLAM_POINTS too: off,
# it changed one deal of 1,400 (seeds 7 and 2), an 11-IMP loss (6H over 1H (1S) against par 4H+1)
ROLLOUTS = True  # each candidate's auction is played on by the system in every seat of the sampled deal
INVITE_FITS = True  # beside an invitation's game and pass, game in each other fit is simulated
INVITES = True  # an invitation is simulated against game at once and passing (rollouts only: 4.27 -> 4.23;
# the other way, passing partner's invitation simulated against the system's acceptance: held-out seeds 11, 12,
# 13 +0.017 [-0.011, +0.045], +0.008, +0.000, 16 auctions changed, 8 better, 7 worse; left out)
WIDE = False  # every call of a side that has bid is simulated against ``wide_candidates``: off. Tuning set,
# without doubles: seeing the true deal 3.40 -> 2.82, seeing partner's hand only 3.73 -> 3.65, sampled
# 4.23 -> 4.62 (4.50 at a 3-IMP margin, 4.35 without the cheapest bids): its gain needs the opponents' cards
# (with the rows of December 2026, seeing partner's hand: seed 7's first 300 deals 4.24 -> 4.85, +0.61 [+0.03, +1.19])
WIDE_DOUBLE = True  # a double is among the wide candidates (seeing the true deal: 2.82 without, 3.34 with)
WIDE_CHEAPEST = True  # the cheapest bid in each strain is among the wide candidates
WIDE_GAME_POINTS = 18  # own points and partner's least from which game is a candidate where WIDE is on
_INVITATIONS = {"bid.invite_fit", "bid.invite_five", "bid.invite_long", "rebid.invite", "resp.invite",
                "resp.limit_raise"}


def _imps(difference: int) -> int:
    n = sum(abs(difference) >= step for step in _IMP_STEPS)
    return n if difference >= 0 else -n


def _first_bidder(tokens: Sequence[str], side: int, strain: int, default: int) -> int:
    """The seat of ``side`` that first named ``strain`` (declarer if it ends there)."""
    return next((i % 4 for i, c in enumerate(tokens) if i % 4 % 2 == side and c[0].isdigit()
                 and c[1:] == _STRAINS[strain]), default)


def contract_after(tokens: Sequence[str], player: int, call: str) -> tuple[int, int, int, int] | None:
    """(level, strain, doubled, declarer) if the auction ended after ``player`` calls ``call``."""
    return _contract_so_far([*tokens, _token(call)])


def wide_candidates(hand: Hand, tokens: Sequence[str], player: int, legal: Sequence[str],
                    system_call: str | None, partner_low: int, fits: Sequence[int]) -> list[str]:
    """Where ``WIDE`` is on: pass, double, and in each strain we fit (and
    no-trump) the cheapest bid, game from ``WIDE_GAME_POINTS`` and slam from
    ``SLAM_POINTS``, at every call of a side that has bid."""
    legal_tokens = {_token(c) for c in legal}
    side = player % 2
    if not any(t[0].isdigit() and i % 2 == side for i, t in enumerate(tokens)):
        return []
    combined = hand.points + partner_low
    system = _token(system_call) if system_call else "P"
    out: list[str] = []

    def add(call: str) -> None:
        if call in legal_tokens and call not in out and call != system:
            out.append(call)

    add("P")
    if WIDE_DOUBLE:
        add("X")
    for strain in sorted({*fits, 4}):
        name = _STRAINS[strain]
        cheapest = next((lv for lv in range(1, 8) if f"{lv}{name}" in legal_tokens), None)
        if cheapest is None:
            continue
        if WIDE_CHEAPEST and cheapest <= _GAME_LEVEL[strain]:
            add(f"{cheapest}{name}")
        if combined >= WIDE_GAME_POINTS:
            add(f"{_GAME_LEVEL[strain]}{name}")
        if combined >= SLAM_POINTS:
            add(f"6{name}")
        if combined >= GRAND_POINTS:
            add(f"7{name}")
    return out


def reaches_for_slam(call: str) -> bool:
    """A slam, or the ace ask that may lead to one: its swings are the largest
    (``SystemAgent.slam_samples`` deals; ``SLAM_MARGIN``, ``ASK_MARGIN``)."""
    return call[0] in "67" or call == "4NT"


def _aces_asked(tokens: Sequence[str], side: int) -> bool:
    """Whether ``side`` asked for aces: a 4NT the system reads as Blackwood
    (its own, or one the simulation chose that partner answers as Blackwood)."""
    return any(t == "4NT" and i % 2 == side and explain(tokens[:i], t)[0] == "ask.blackwood"
               for i, t in enumerate(tokens))


def lever_candidates(hand: Hand, tokens: Sequence[str], player: int, legal: Sequence[str],
                     system_call: str | None, partner_low: int, fits: Sequence[int]) -> list[str]:
    """The calls worth comparing with the system's at this moment (empty
    where it is not a high-leverage one): game against partscore, slam
    against game, and, when the opponents outbid our side's fit at the game
    level, passing against doubling and bidding on.  ``fits``: the strains
    (0-4) our side has found; the candidates are taken as final contracts."""
    if WIDE:
        return wide_candidates(hand, tokens, player, legal, system_call, partner_low, fits)
    legal_tokens = {_token(c) for c in legal}
    side = player % 2
    bids = [(i % 4, t) for i, t in enumerate(tokens) if t[0].isdigit()]
    if not any(s % 2 == side for s, _ in bids):
        return []  # our side has not bid: openings and overcalls are the system's
    if _aces_asked(tokens, side):
        return []  # the partnership counted its aces: the answer and the asker's rows place the contract
    last_seat, last = bids[-1]
    top_level = int(last[0])
    combined = hand.points + partner_low
    system = _token(system_call) if system_call else None
    out: list[str] = []

    def add(call: str) -> None:
        if call in legal_tokens and call not in out and call != system:
            out.append(call)

    def add_game(strain: int, minors: bool = MINOR_GAMES) -> None:
        if minors or strain >= 2:  # five of a minor behind its switch
            add(f"{_GAME_LEVEL[strain]}{_STRAINS[strain]}")

    if last_seat % 2 != side:  # the opponents have the contract
        if CONTESTED_GAMES and top_level < 4 and combined >= GAME_POINTS and (system or "P") in ("P", "X"):
            for strain in fits:  # they outbid our part-score: our game in a fit against the system's call
                add_game(strain)
        if CONTESTED_SLAMS and combined >= SLAM_POINTS and top_level < 6:
            for strain in {*fits, 4}:  # slam over their interference, against the system's call
                add(f"6{_STRAINS[strain]}")
        if COMPETE and top_level >= 4 and "P" == (system or "P"):  # (doubling them on samples lost: it is left out)
            for strain in fits:
                level = next((lv for lv in range(top_level, 8) if f"{lv}{_STRAINS[strain]}" in legal_tokens), None)
                if level is not None and level <= 6:
                    add(f"{level}{_STRAINS[strain]}")
        return out
    if system is not None and system != "P" and not (system[0].isdigit() and int(system[0]) >= _GAME_LEVEL[
            _STRAINS.index(system[1:])] and int(system[0]) < 6):
        reading = explain(tokens, system)
        if ROLLOUTS and INVITES and reading[0] in _INVITATIONS:
            strain = _STRAINS.index(system[1:])  # an invitation names its strain: game there, or stop
            add(f"{_GAME_LEVEL[strain]}{_STRAINS[strain]}")
            add("P")
            if INVITE_FITS:
                for fit in fits:  # or game in another fit (a six-card major under a 2NT invitation)
                    add(f"{_GAME_LEVEL[fit]}{_STRAINS[fit]}")
        return out  # otherwise the system asks or shows something: let the auction go on
    if any(s % 2 != side for s, _ in bids) and top_level < 4 and combined < GAME_POINTS:
        return []  # a part-score battle is the system's, unless we may hold a game (tuning set 4.41 -> 4.31)
    current = _STRAINS.index(last[1:])
    slam = combined >= SLAM_POINTS and top_level < 6
    if slam:
        for strain in {*fits, 4}:
            add(f"6{_STRAINS[strain]}")
    if ASK_ACES and combined >= ASK_POINTS and top_level < 6 and answers_blackwood([*tokens, "4NT"]) and (
            last[1:] in "HS" and _STRAINS.index(last[1:]) in fits
            or ASK_OVER_MINOR and last[1:] in "CD" and any(fits_shown(hand, context_of(tokens), m) for m in "HS")):
        add("4NT")  # where the Blackwood rows answer it (partner's bid, then a pass) and place the contract
        # (over a minor, the asker's rows place the slam in the major fit: the same ``fit`` test)
    if slam and combined >= GRAND_POINTS:
        for strain in {*fits, 4}:
            add(f"7{_STRAINS[strain]}")
    game_points = combined
    if GAME_DUMMY:
        game_points = max([combined, *(hand.dummy_points(SUITS[s]) + partner_low for s in fits
                                       if hand.length[SUITS[s]] >= 3)])
    if game_points >= GAME_POINTS and int(last[0]) < _GAME_LEVEL[current] and (system or "P") == "P":
        for strain in {*fits, 4}:
            add_game(strain)
    game = system if system is not None and system != "P" else last if last_seat % 2 == side else None
    if STRAIN_GAMES and game is not None and int(game[0]) == _GAME_LEVEL[_STRAINS.index(game[1:])]:
        for strain in fits:  # the game in another strain we fit: 4M or 5m against 3NT, ...
            add_game(strain, MINOR_STRAIN_GAMES)
    return out


_ROLLOUT_CALLS = 24  # calls a rollout may add before it stops (an auction of the system always ends sooner)

def _ended(tokens: Sequence[str]) -> bool:
    return len(tokens) >= 4 and tokens[-3:] == ["P", "P", "P"]  # after a bid, or four passes


def rollout(hands: Sequence[Hand], tokens: Sequence[str]) -> list[str]:
    """The auction ``tokens`` played on to its end by the system in every seat
    (``hands`` by seat); a seat the system has no answer for passes."""
    auction = list(tokens)
    for _ in range(_ROLLOUT_CALLS):
        if _ended(auction):
            break
        found = choose_call(hands[len(auction) % 4], auction, legal_tokens(auction))
        auction.append(_token(found[0]) if found is not None else "P")
    return auction


def deal_gains(masks: Sequence[int], tokens: Sequence[str], player: int, vul: Sequence[bool],
               calls: Sequence[str], solver: Solver) -> list[int]:
    """The IMPs each of ``calls`` gains over the first for ``player``'s side on
    one deal (card masks by seat), its contract where the system's rollout of
    it ends (``ROLLOUTS``), else the call itself."""
    contested = any(t[0].isdigit() for i, t in enumerate(tokens) if i % 2 != player % 2)
    pbn_hands = [masks[(p + 2) % 4] for p in range(4)]  # N, E, S, W
    tricks: dict[tuple[int, int], int] = {}
    if ROLLOUTS:
        seats = [Hand([card_text(c) for c in range(52) if m >> c & 1]) for m in masks]
        contracts = [_contract_so_far(rollout(seats, [*tokens, c])) for c in calls]
    else:
        contracts = [_contract_so_far([*tokens, c]) for c in calls]  # the contracts if the auction ended there
    scores = []
    for contract in contracts:
        if contract is None:
            scores.append(0)
            continue
        level, strain, doubled, declarer = contract
        taken = declarer_tricks(solver, pbn_hands, strain, declarer, tricks)
        result = contract_score(level, strain, doubled, vul[declarer % 2], taken)[0]
        if result < 0 and not doubled and contested and declarer % 2 == player % 2 and not ROLLOUTS:
            # taken as the final contract, a contested one going down is doubled
            result = contract_score(level, strain, 1, vul[declarer % 2], taken)[0]
        scores.append(result if declarer % 2 == player % 2 else -result)
    return [_imps(s - scores[0]) for s in scores]


def _gains(hand: Sequence[str], tokens: Sequence[str], player: int, vul: Sequence[bool], calls: Sequence[str],
           samples: int, rng: random.Random, solver: Solver) -> list[int]:
    """The IMPs each of ``calls`` gains over the first, summed over ``samples``
    deals that fit the auction (``lever_call``)."""
    gains = [0] * len(calls)
    for masks in sample_deals(hand, tokens, player, samples, rng):
        for j, g in enumerate(deal_gains(masks, tokens, player, vul, calls, solver)):
            gains[j] += g
    return gains


def lever_call(hand: Sequence[str], auction: Sequence[str], player: int, vulnerability: str,
               system_call: str, candidates: Sequence[str], samples: int, rng: random.Random,
               solver: Solver | None = None, combined: int = 0) -> tuple[str, float]:
    """The best of ``system_call`` and ``candidates`` by the mean IMPs it
    gains over the system's call for ``player``'s side on ``samples`` deals
    that fit the auction, with that mean; the system's call unless another
    gains ``LEVER_MARGIN``.  Each call's contract is where the system's
    rollout of it ends on the deal (``ROLLOUTS``), else the call itself."""
    tokens = [_token(c) for c in auction]
    calls = [_token(system_call), *[_token(c) for c in candidates]]
    vul = vulnerable_sides(vulnerability)
    solver = solver or Solver()
    gains = _gains(hand, tokens, player, vul, calls, samples, rng, solver)
    final = _contract_so_far([*tokens, calls[0]])
    theirs = final is not None and final[3] % 2 != player % 2
    slam_margin = SURE_SLAM_MARGIN if combined >= SURE_SLAM_POINTS else SLAM_MARGIN
    margins = [(slam_margin if c[0] in "67" else ASK_MARGIN) if reaches_for_slam(c) else COMPETE_MARGIN if theirs
               else LEVER_MARGIN for c in calls]
    best = max(range(len(calls)), key=lambda j: (gains[j] - margins[j] * samples, -j))
    mean = gains[best] / max(1, samples)
    if best == 0 or mean < margins[best]:
        return system_call, 0.0
    return calls[best] if calls[best] != "P" else "pass", mean
