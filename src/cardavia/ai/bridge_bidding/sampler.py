"""What the auction shows of each hand, and deals that fit it (issue 14 parts 2 and 4).

Every call reads as what the system's rows that can make it hold the hand
to (``call_shows``: its points and suit lengths, a balanced shape, the rule
of 20, ``Shown``); a seat's calls together give its ``shown_by_seat``.
The bidding's simulations deal the unseen cards to the other three players
many times and keep the deals that fit (``sample_deals``); the card play's
sampler keeps its deals by the same reading (``Shown.violation``: how far a
hand misses it, for the least-missing deal where none fits).

The samples deal the seat whose calls are the rarest first (a strong
opener turns up in one random deal in a hundred or more), then the next,
so that they fit the auction instead of falling back to random hands.
With ``SYSTEM_SAMPLES`` (off: no more accurate on the tuning set) each
sampled hand must also make its seat's calls as the system would, so that
a call shows what it denies too (a pass denies an opening, a one-level
opening denies a balanced 15-17).
"""
from __future__ import annotations

import random
from typing import Callable, NamedTuple, Sequence

from cardavia._core.cards import card_id, card_text
from cardavia.ai.bridge_bidding.interpreter import (_BALANCED, Hand, _rank, _token, choose_call, reading_rows,
                                                    shown_length, shown_points)
from cardavia.ai.bridge_bidding.system import SUITS, Rule

_STRAINS = ("C", "D", "H", "S", "NT")
_HCP = [max(0, (c >> 2) - 8) for c in range(52)]  # by card id (4 * rank + suit, deuce 0)
_SUIT_MASKS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]
_HONOUR_MASKS = [(sum(1 << (4 * r + s) for s in range(4)), r - 8) for r in range(9, 13)]
_GAME_LEVEL = (5, 5, 4, 4, 3)  # C D H S NT
_PROBES = 64  # random hands drawn per seat to find the most constrained one
_FIRST_TRIES, _SECOND_TRIES, _SECOND_ROUNDS = 400, 60, 12  # draws for the first seat, for the second
_DRAW_BUDGET = 6000  # draws a sampled deal may take on average before the constraints are dropped (a balanced
# 18-19 with five spades is one random hand in ~700)
SYSTEM_SAMPLES = False  # the sampled hands make their seats' calls as the system would (what a call denies
# too): off. Tuning set 4.15 -> 4.25 (+0.10 [-0.06, +0.26]); at the 274 high-leverage calls there its samples
# miss the true deal's tricks by 1.107 a strain against 1.115 (correlation 0.650 against 0.656): no better;
# with SLAM_MARGIN 3, seed 7 +0.144 [+0.014, +0.274]; with every row read, seed 7 +0.134 [+0.012, +0.256]
# (101 auctions changed, worse both ways: higher contracts +75 IMPs, lower +50); leaving unchecked the passes
# of a side that has bid (which a simulation may have chosen): +0.145, so that is not why
UNION = True  # a call reads as what every row that can make it holds the hand to, not as its first row: the
# true hand then fits its reading at 8,586 of 8,630 system calls (seed 7). With the catch-all game raise read
# as eight trumps together (not eight in hand) and the minor raises' lengths as their rows hold them:
# seeds 7, 2, 1 -0.012 [-0.068, +0.044], -0.025, -0.003 IMPs a deal
MAXIMA = True  # the sampled hands keep the most cards a call shows in a suit (a splinter's singleton, a weak
# two's six; with the splinters, tuning set +0.007 [-0.007, +0.022]: noise, but the samples read the auction)
SYSTEM_SEATS = "all"  # whose calls SYSTEM_SAMPLES checks: "all", "partner" or "opponents" (seed 7, checking
# partner's only +0.056 [-0.055, +0.167], the opponents' only +0.067 [-0.027, +0.161]: each half of the loss,
# though the default samples make their seats' calls as the system would in only a fifth to a half of them;
# partner's only and only where a slam is a candidate: seed 7 +0.039 [-0.024, +0.102], 7 auctions worse, 3 better)
SYSTEM_BUDGET = 1000  # draws a deal may take on average to find such hands before only the shown ranges are kept


def hcp_of(mask: int) -> int:
    """High-card points of a card mask (A 4, K 3, Q 2, J 1)."""
    return sum((mask & m).bit_count() * points for m, points in _HONOUR_MASKS)


def lengths_of(mask: int) -> list[int]:
    """Suit lengths of a card mask, clubs first."""
    return [(mask & m).bit_count() for m in _SUIT_MASKS]


class Shown(NamedTuple):
    """What a seat's calls show, as both samplers (the bidding's, the card
    play's) hold its hand to.  (What a call denies is left out: a suit
    opener's samples kept off 1NT's balanced 15-17 moved seeds 7, 2, 1 by
    +0.035, -0.050, -0.015.)"""

    low: int
    high: int
    lengths: dict[int, int]
    """The least cards by suit (0-3)."""
    most_cards: dict[int, int]
    rule_of_20: bool = False
    """A hand under 12 HCP must pass the rule of 20 (a one-level opening)."""
    balanced: bool = False
    """The hand is balanced (a no-trump opening or rebid)."""

    def miss(self, hcp: int, count: Sequence[int]) -> int:
        """How far a hand of ``hcp`` points and ``count`` cards by suit misses
        what was shown (0 where it fits): points outside the range, cards
        outside the lengths, the points a rule-of-20 opening lacks, 2 for a
        shape that is not balanced."""
        low, high, lengths, most_cards, rule_of_20, balanced = self
        out = max(0, low - hcp) + max(0, hcp - max(high, low))
        out += sum(max(0, n - count[s]) for s, n in lengths.items())
        out += sum(max(0, count[s] - n) for s, n in most_cards.items())
        if rule_of_20 or balanced:
            shape = sorted(count)
            if rule_of_20 and hcp < 12:
                out += max(0, 20 - hcp - shape[2] - shape[3])
            if balanced and shape not in _BALANCED:
                out += 2
        return out

    def violation(self, mask: int) -> int:
        """``miss`` for the 13 cards of a card mask (bit ``4 * rank + suit``)."""
        return self.miss(hcp_of(mask), lengths_of(mask))


NOTHING_SHOWN = Shown(0, 37, {}, {})


def _row_shows(auction: Sequence[str], row: Rule) -> Shown:
    """What one row that makes a call after ``auction`` holds the hand to."""
    # (a game or slam bid read 3 points under its rows' least, since the simulation bids games lighter than
    # the rows: seed 7 +0.021 [-0.048, +0.090], 12 auctions worse, 5 better; left out)
    # the rows' points count shape too: the least HCP is two under them; a call with no upper
    # bound is taken as at most 10 over its least (wider samples flatter slams)
    least, most = shown_points(auction, row)
    if "hcp" in row[2]:  # the row's own floor where its message names a higher one (a rule-of-20 opening)
        least = min(least, row[2]["hcp"][0])
    if most is None:
        most = least + 10 if least >= 6 else 37
    lengths: dict[int, int] = {}
    length = shown_length(auction, row[4])
    if length:
        lengths[SUITS.index(row[4]["suit"])] = length
    most_cards: dict[int, int] = {}
    if MAXIMA:
        for suit, (_, most_in_suit) in row[2].get("len", {}).items():  # a splinter's singleton, a weak two's six
            if most_in_suit < 13:
                most_cards[SUITS.index(suit)] = most_in_suit
    return Shown(max(0, least if "hcp" in row[2] else least - 2), min(most, 37), lengths, most_cards,
                 bool(row[2].get("rule_of_20")), row[2].get("balanced") is True)


def call_shows(auction: Sequence[str], call: str) -> Shown | None:
    """What ``call`` after ``auction`` shows: what every row that makes it
    holds the hand to (``UNION``), or the first row's reading; None where no
    row makes it.  A call two rows make (3NT by its own 13+ HCP, or by the
    partnership's 25 with partner's 16) shows only what both hold."""
    rows = reading_rows(auction, call)
    if not rows:
        return None
    reads = [_row_shows(auction, r) for r in (rows if UNION else rows[:1])]
    first = reads[0]
    return Shown(min(r.low for r in reads), max(r.high for r in reads),
                 {s: min(r.lengths.get(s, 0) for r in reads) for s in first.lengths
                  if all(r.lengths.get(s, 0) for r in reads)},
                 {s: max(r.most_cards.get(s, 13) for r in reads) for s in first.most_cards
                  if all(s in r.most_cards for r in reads)},
                 all(r.rule_of_20 for r in reads), all(r.balanced for r in reads))


def shown_by_seat(auction: Sequence[str]) -> dict[int, Shown]:
    """Per seat (South 0, West 1, North 2, East 3) that has called: what its calls show (``Shown``)."""
    out: dict[int, Shown] = {}
    for i, call in enumerate(auction):
        seat = i % 4
        low, high, lengths, most_cards, rule_of_20, balanced = out.get(seat, NOTHING_SHOWN)
        shows = call_shows(auction[:i], call)
        if shows is not None:  # (a call no row makes shows nothing)
            lengths = {s: max(lengths.get(s, 0), shows.lengths.get(s, 0)) for s in {*lengths, *shows.lengths}}
            most_cards = {s: min(most_cards.get(s, 13), shows.most_cards.get(s, 13))
                          for s in {*most_cards, *shows.most_cards}}
            low, high = max(low, shows.low), min(high, shows.high)
            rule_of_20, balanced = rule_of_20 or shows.rule_of_20, balanced or shows.balanced
        out[seat] = Shown(low, min(high, 37), lengths, most_cards, rule_of_20, balanced)
    return out


def _cards_fit(cards: Sequence[int], shown: Shown | None) -> bool:
    if shown is None:
        return True
    hcp = sum(_HCP[c] for c in cards)
    if not shown.low <= hcp <= max(shown.high, shown.low):
        return False  # (most draws miss the points: they are counted first)
    count = [0, 0, 0, 0]
    for c in cards:
        count[c & 3] += 1
    return shown.miss(hcp, count) == 0


def _draw(pool: list[int], shown: Shown | None, rng: random.Random,
          tries: int, budget: list[int], bids_so: Callable[[list[int]], bool] | None = None) -> list[int] | None:
    """13 cards of ``pool`` that fit ``shown`` (and that ``bids_so`` accepts),
    drawn at random, or None after ``tries`` draws; each draw is taken off ``budget[0]``."""
    for _ in range(tries):
        budget[0] -= 1
        pick = rng.sample(pool, 13)
        if _cards_fit(pick, shown) and (bids_so is None or bids_so(pick)):
            return pick
    return None


def _checked_calls(tokens: Sequence[str]) -> dict[int, list[int]]:
    """Per seat, the indexes of its calls a sampled hand must make as the
    system would: all but bids at the game level or higher, which a
    simulation may have chosen over the system's call."""
    out: dict[int, list[int]] = {}
    for i, t in enumerate(tokens):
        if t[0].isdigit() and int(t[0]) >= _GAME_LEVEL[_STRAINS.index(t[1:])]:
            continue
        out.setdefault(i % 4, []).append(i)
    return out


def _bids_as_seat(tokens: Sequence[str], calls: Sequence[int]) -> Callable[[list[int]], bool]:
    """Whether 13 cards would have made the calls at ``calls`` in ``tokens``
    under the system: where it has an answer for them, that answer is the
    call made (where it has none, the seat's own fallback decided: any hand passes)."""
    def check(cards: list[int]) -> bool:
        hand = Hand([card_text(c) for c in cards])
        for i in calls:
            found = choose_call(hand, tokens[:i], legal_tokens(tokens[:i]))
            if found is not None and _token(found[0]) != tokens[i]:
                return False
        return True
    return check


def _acceptance(pool: list[int], shown: Shown | None, rng: random.Random) -> float:
    """The share of random 13-card hands from ``pool`` that fit ``shown`` (1 for an unread seat)."""
    if shown is None:
        return 1.0
    return sum(_cards_fit(rng.sample(pool, 13), shown) for _ in range(_PROBES)) / _PROBES


def _deal_fitting(unseen: list[int], order: Sequence[int], shown: dict, rng: random.Random,
                  budget: list[int], checks: dict[int, Callable[[list[int]], bool]] | None = None
                  ) -> dict[int, list[int]] | None:
    """The three unseen hands by seat, each fitting its calls (and, with
    ``checks``, bid by the system as its seat bid), or None when ``budget``
    (draws left, shared by the calls of one ``sample_deals``) runs out:
    the most constrained seat is drawn first, the next from the cards left,
    the last gets the rest."""
    first, second, last = order
    check = (checks or {}).get
    last_check = check(last)
    while budget[0] > 0:
        a = _draw(unseen, shown.get(first), rng, _FIRST_TRIES, budget, check(first))
        if a is None:
            continue
        taken = set(a)
        rest = [c for c in unseen if c not in taken]
        for _ in range(_SECOND_ROUNDS):
            b = _draw(rest, shown.get(second), rng, _SECOND_TRIES, budget, check(second))
            if b is None:
                break
            kept = set(b)
            c = [x for x in rest if x not in kept]
            if _cards_fit(c, shown.get(last)) and (last_check is None or last_check(c)):
                return {first: a, second: b, last: c}
    return None


def sample_deals(hand: Sequence[str], auction: Sequence[str], player: int, count: int,
                 rng: random.Random) -> list[list[int]]:
    """``count`` deals (card masks by seat South, West, North, East) with
    ``player``'s hand, the others consistent with their calls (the seat
    whose calls are the rarest is dealt first, so that strong hands are
    found); where no such deal turns up in the draw budget, the rest are
    dealt with the constraints dropped."""
    auction = [_token(c) for c in auction]
    own = 0
    for c in hand:
        own |= 1 << card_id(c)
    unseen = [c for c in range(52) if not own >> c & 1]
    shown = shown_by_seat(auction)
    others = [(player + k) % 4 for k in (1, 2, 3)]
    order = sorted(others, key=lambda seat: _acceptance(unseen, shown.get(seat), rng))
    budget = [_DRAW_BUDGET * count]
    strict = [SYSTEM_BUDGET * count]
    checked = {"partner": others[1:2], "opponents": others[::2]}.get(SYSTEM_SEATS, others)
    checks = {seat: _bids_as_seat(auction, calls) for seat, calls in _checked_calls(auction).items()
              if seat in checked} if SYSTEM_SAMPLES else {}
    deals = []
    for _ in range(count):
        hands = _deal_fitting(unseen, order, shown, rng, strict, checks) if checks and strict[0] > 0 else None
        if hands is None:
            hands = _deal_fitting(unseen, order, shown, rng, budget)
        if hands is None:
            rng.shuffle(unseen)
            hands = {seat: unseen[13 * k:13 * k + 13] for k, seat in enumerate(others)}
        masks = [0, 0, 0, 0]
        masks[player] = own
        for seat, cards in hands.items():
            masks[seat] = sum(1 << c for c in cards)
        deals.append(masks)
    return deals


_ALL_BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in _STRAINS]


def legal_tokens(tokens: Sequence[str]) -> list[str]:
    """The calls legal after ``tokens`` (BR-2): a higher bid, pass, a double of
    the opponents' bid, a redouble of their double."""
    bids = [i for i, t in enumerate(tokens) if t[0].isdigit()]
    higher = _ALL_BIDS[_rank(tokens[bids[-1]]) + 1:] if bids else _ALL_BIDS
    out = ["P", *higher]
    last = next(((i, t) for i, t in reversed(list(enumerate(tokens))) if t != "P"), None)
    if last is not None and (len(tokens) - last[0]) % 2 == 1:  # the last call other than pass was an opponent's
        out += ["X"] if last[1][0].isdigit() else ["XX"] if last[1] == "X" else []
    return out

