"""The interpreter of the bidding system (``system.RULES``).

``choose_call(hand, auction, legal)`` is the system's call for a hand (card
texts) after ``auction`` (the calls so far, South's first, as text), or None
where the system has no answer; ``explain(auction, call)`` reads any
player's call as the system does: ``("open.nt", {"low": 15, "high": 17})``;
``shown_points`` and ``shown_length`` turn a reading into the points and
the length of a suit the caller holds, for partner, the sampler
(``sampler.py``) and card play.
"""
from __future__ import annotations

import random
import re
from functools import cache, lru_cache
from typing import Any, Sequence

from cardavia.ai.bridge_bidding.system import MAJORS, RULES, SUITS, Rule
from cardavia.ai.bridge_bidding.system.responder import BLACKWOOD

_RANKS = "23456789TJQKA"
_BALANCED = ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


class Hand:
    """What the system reads from 13 cards."""

    def __init__(self, cards: Sequence[str]):
        self.suits: dict[str, list[int]] = {s: [] for s in SUITS}
        for c in cards:
            text = str(c).strip()
            rank, suit = text[:-1].upper(), text[-1].upper()
            if rank == "10":
                rank = "T"
            if suit not in self.suits or rank not in _RANKS:
                raise ValueError(f"bad card {c!r} in the hand")
            self.suits[suit].append(_RANKS.index(rank))
        self.length = {s: len(r) for s, r in self.suits.items()}
        self.hcp = sum(max(0, r - 8) for ranks in self.suits.values() for r in ranks)
        self.points = self.hcp + sum(max(0, n - 4) for n in self.length.values())
        self.aces = sum(12 in ranks for ranks in self.suits.values())
        self.balanced = sorted(self.length.values()) in _BALANCED

    def dummy_points(self, trumps: str) -> int:
        """HCP plus shortness as dummy in ``trumps``."""
        long = self.length[trumps] >= 4
        short = {0: 5 if long else 3, 1: 3 if long else 2, 2: 1}
        return self.hcp + sum(short.get(n, 0) for s, n in self.length.items() if s != trumps)

    def stopper(self, suit: str) -> bool:
        """A, Kx, Qxx or Jxxx."""
        ranks, n = self.suits[suit], self.length[suit]
        return any(r == 12 or (r == 11 and n >= 2) or (r == 10 and n >= 3) or (r == 9 and n >= 4) for r in ranks)

    def best_of(self, suits: str) -> str:
        """The longest of ``suits``, the higher-ranking of equals."""
        return max(suits, key=lambda s: (self.length[s], SUITS.index(s)))

    def opening_suit(self) -> str:
        longest = self.best_of(SUITS)
        if self.length[longest] >= 5:
            return longest
        d, c = self.length["D"], self.length["C"]
        return "D" if d > c or (d == c and d >= 4) else "C"


# -- the auction as the caller sees it ------------------------------------------
def _token(call: Any) -> str:
    t = str(call).strip().upper()
    if t in ("PASS", "P"):
        return "P"
    if t in ("X", "XX"):
        return t
    if re.fullmatch(r"[1-7](C|D|H|S|NT|N)", t):
        return t[0] + ("NT" if t[1:] in ("N", "NT") else t[1:])
    raise ValueError(f"bad bridge call {call!r}: expected 1C..7NT, X, XX or pass")


def _rank(bid: str) -> int:
    """1C = 0 ... 7NT = 34."""
    return 5 * (int(bid[0]) - 1) + ("C", "D", "H", "S", "NT").index(bid[1:])


def context_of(auction: Sequence[Any]) -> str:
    """The calls after the leading passes, space-separated, passes as P."""
    tokens = [_token(c) for c in auction]
    while tokens and tokens[0] == "P":
        tokens.pop(0)
    return " ".join(tokens)


@cache
def _pattern(context: str) -> re.Pattern:
    return re.compile(context)


def _suits_bid(context: str, by_opponents: bool) -> str:
    """The suits bid by the opponents of the player to call, or by his side."""
    tokens = context.split()
    n = len(tokens)
    return "".join(dict.fromkeys(t[1] for j, t in enumerate(tokens)
                                 if (n - j) % 2 == by_opponents and t[0].isdigit() and t[1:] in SUITS))


def _theirs(context: str) -> str:
    """The suits bid by the opponents of the player to call."""
    return _suits_bid(context, True)


def _unbid(context: str) -> str:
    """The suits nobody has named in a bid."""
    named = {t[1] for t in context.split() if t[0].isdigit() and t[1:] in SUITS}
    return "".join(s for s in SUITS if s not in named)


@cache
def partner_shows(context: str) -> tuple[int, dict[str, int]]:
    """The least points and the suit lengths partner's calls show, as the
    system reads them (the row ``explain`` reads each by; read as every row
    that can make the call, ``reading_rows``, the partnership's totals drop and
    slams and games were missed: seeds 7, 2, 1 -0.002, +0.128, 0.000 IMPs a deal)."""
    tokens = context.split()
    low, lengths = 0, dict[str, int]()
    for j in range(len(tokens) - 2, -1, -4):
        row = reading_row(tokens[:j], tokens[j])
        if row is None:  # a pass no row makes, or a bid read as natural: it shows nothing here
            continue
        low = max(low, shown_points(tokens[:j], row)[0])
        length = shown_length(tokens[:j], row[4])
        if length:
            suit = row[4]["suit"]
            lengths[suit] = max(lengths.get(suit, 0), length)
    return low, lengths


def shown_points(auction: Sequence[Any], row: Rule) -> tuple[int, int | None]:
    """The least and most points a call after ``auction`` shows by its ``row``
    (None: no upper bound): its parameters, else the range its constraints
    hold the hand to; a row that counts the partnership's points
    (``combined``) shows them less what the caller's partner had shown."""
    constraints, params = row[2], row[4]
    if "combined" in constraints:
        partner_least = partner_shows(context_of(auction))[0]
        low, high = constraints["combined"]
        return low - partner_least, high - partner_least
    bounds = constraints.get("hcp") or constraints.get("pts") or constraints.get("dummy", (None, None, None))[1:]
    low = params.get("low", bounds[0])
    high = params.get("high", bounds[1] if bounds[1] is not None and bounds[1] < 40 else None)
    return low or 0, high


def shown_length(auction: Sequence[Any], params: dict[str, Any]) -> int:
    """The least length a call made after ``auction`` shows in its suit, read
    from its parameters: ``length``, or ``trumps`` less what the caller's
    partner had shown there (the law of total tricks counts both hands)."""
    suit = params.get("suit")
    if not isinstance(suit, str) or suit not in SUITS:
        return 0
    if "length" in params:
        return int(params["length"])
    if "trumps" in params:
        return max(0, int(params["trumps"]) - partner_shows(context_of(auction))[1].get(suit, 0))
    return 0


def _partnership_aces(hand: Hand, context: str) -> int:
    """Own aces and those partner showed answering Blackwood (5C 0 or 4, 5D 1, 5H 2, 5S 3)."""
    answer = context.split()[-2]
    shown = "CDHS".index(answer[1])
    if shown == 0 and hand.aces == 0:
        shown = 4
    return hand.aces + shown


def fits_shown(hand: Hand, context: str, suit: str) -> bool:
    """Whether ``suit`` holds eight cards between ``hand`` and what partner's calls showed (a row's ``fit``)."""
    return hand.length[suit] + partner_shows(context)[1].get(suit, 0) >= 8


def _holds(hand: Hand, constraints: dict[str, Any], context: str) -> bool:
    for key, want in constraints.items():
        if key == "hcp":
            ok = want[0] <= hand.hcp <= want[1]
        elif key == "pts":
            ok = want[0] <= hand.points <= want[1]
        elif key == "honours":
            ok = sum(r >= 8 for r in hand.suits[want[0]]) >= want[1]
        elif key == "dummy":
            ok = want[1] <= hand.dummy_points(want[0]) <= want[2]
        elif key == "len":
            ok = all(lo <= hand.length[s] <= hi for s, (lo, hi) in want.items())
        elif key == "balanced":
            ok = hand.balanced == want
        elif key == "stop":
            suits = _theirs(context) if want == "theirs" else _unbid(context) if want == "unbid" else want
            ok = all(hand.stopper(s) for s in suits)
        elif key == "opening_suit":
            ok = hand.opening_suit() == want
        elif key == "best_of":
            ok = not want[0] or hand.best_of(want[0]) == want[1]
        elif key == "rule_of_20":
            two = sorted(hand.length.values())[-2:]
            ok = hand.hcp >= 12 or (hand.hcp >= 10 and hand.hcp + sum(two) >= 20)
        elif key == "aces":
            ok = want[0] <= hand.aces <= want[1]
        elif key == "partnership_aces":
            ok = want[0] <= _partnership_aces(hand, context) <= want[1]
        elif key == "four_card_major":
            ok = any(hand.length[m] == 4 for m in MAJORS) and all(hand.length[m] < 5 for m in MAJORS)
        elif key == "combined":
            ok = want[0] <= hand.points + partner_shows(context)[0] <= want[1]
        elif key == "trumps":
            partner = partner_shows(context)[1].get(want[0], 0)
            ok = partner >= 3 and hand.length[want[0]] + partner >= want[1]
        elif key == "fit":
            ok = fits_shown(hand, context, want)
        elif key == "silent_opponents":
            tokens = context.split()
            ok = all(t == "P" for j, t in enumerate(tokens) if (len(tokens) - j) % 2 == 1) == want
        elif key == "negative":
            majors = [m for m in MAJORS if m not in want]  # with both majors bid: both minors
            ok = any(hand.length[m] >= 4 for m in majors) if majors else all(hand.length[m] >= 4 for m in "CD")
        elif key == "short_theirs":
            ok = all(hand.length[s] <= want for s in _theirs(context))
        elif key == "unbid":
            ok = want not in _theirs(context)
        elif key == "not_theirs":
            ok = want not in _theirs(context) or want in _suits_bid(context, False)
        elif key == "contested":
            tokens = context.split()
            bids = [j for j, t in enumerate(tokens) if t[0].isdigit()]
            ok = bool(bids) and (len(tokens) - bids[-1]) % 2 == 1
        elif key == "silent_side":
            tokens = context.split()
            ok = all(t == "P" for j, t in enumerate(tokens) if (len(tokens) - j) % 2 == 0) == want
        elif key == "takeout":
            ok = all(hand.length[m] >= 3 for m in MAJORS if m != want)
        elif key == "overcalls_first":
            theirs = _theirs(context)
            ok = hand.hcp >= want or all(n < 6 for s, n in hand.length.items() if s not in theirs)
        else:
            raise ValueError(f"unknown constraint {key!r} in the bidding system")
        if not ok:
            return False
    return True


@lru_cache(maxsize=8192)
def rules_for(context: str) -> tuple[Rule, ...]:
    """The rows whose context matches, in the system's order (kept per
    context: the simulations ask for the same few contexts again and again)."""
    return tuple(r for r in RULES if _pattern(r[0]).search(context))


def _first_row(hand: Hand, context: str, allowed: set[str] | None) -> Rule | None:
    """The first row that fits ``hand`` after ``context`` and makes a legal
    call (``allowed``; None: any bid above the last one, and every other call)."""
    floor = max((_rank(t) for t in context.split() if t[0].isdigit()), default=-1)
    for row in rules_for(context):
        token = _token(row[1])
        if token not in allowed if allowed is not None else token[0].isdigit() and _rank(token) <= floor:
            continue
        if _holds(hand, row[2], context):
            return row
    return None


def choose_call(hand: Sequence[str] | Hand, auction: Sequence[Any], legal: Sequence[Any] | None = None
                ) -> tuple[str, str, dict[str, Any]] | None:
    """The system's call for ``hand`` after ``auction``: (call text, message
    id, parameters) of the first row that fits and is legal, or None.
    (Where none fits, the row the hand misses least, by up to two points or one
    card: seed 7 -0.007 [-0.077, +0.063], 20 auctions better, 20 worse; left out.)"""
    h = hand if isinstance(hand, Hand) else Hand(hand)
    row = _first_row(h, context_of(auction), None if legal is None else {_token(m) for m in legal})
    return None if row is None else (row[1], row[3], row[4])


_CONTEXT_ONLY = ("silent_opponents", "contested", "silent_side", "unbid", "not_theirs")
_ANY_HAND = Hand(["As", "Ks", "Qs", "Js", "Ah", "Kh", "Qh", "Ad", "Kd", "Qd", "Ac", "Kc", "Qc"])


def context_allows(row: Rule, context: str) -> bool:
    """Whether the auction so far lets ``row`` make its call for some hand:
    its constraints on the auction alone (contested, the opponents silent,
    partner's three trumps, ...) hold."""
    constraints = row[2]
    if "trumps" in constraints and partner_shows(context)[1].get(constraints["trumps"][0], 0) < 3:
        return False
    return _holds(_ANY_HAND, {k: constraints[k] for k in _CONTEXT_ONLY if k in constraints}, context)


_READING_PROBES = 600  # random hands that find which rows can make a call (a row no probe reaches is left out)


@cache
def _probe_hands() -> tuple[Hand, ...]:
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rng = random.Random(14)
    return tuple(Hand(rng.sample(deck, 13)) for _ in range(_READING_PROBES))


@lru_cache(maxsize=16384)
def _reading_rows(context: str, token: str) -> tuple[Rule, ...]:
    rows = [r for r in rules_for(context) if _token(r[1]) == token and context_allows(r, context)]
    if len(rows) <= 1:
        return tuple(rows)
    reached = {id(_first_row(h, context, None)) for h in _probe_hands()}
    return (rows[0], *(r for r in rows[1:] if id(r) in reached))


def reading_rows(auction: Sequence[Any], call: Any) -> tuple[Rule, ...]:
    """The rows that make ``call`` after ``auction``, in the system's order:
    the first (``explain``'s), and each later one that some hand reaches
    (among ``_READING_PROBES`` random hands, the earlier rows not taking it first)."""
    return _reading_rows(context_of(auction), _token(call))


def reading_row(auction: Sequence[Any], call: Any) -> Rule | None:
    """The row ``explain`` reads ``call`` after ``auction`` by: the first
    whose constraints on the auction itself hold (``context_allows``), or None."""
    rows = reading_rows(auction, call)
    return rows[0] if rows else None


def explain(auction: Sequence[Any], call: Any) -> tuple[str, dict[str, Any]]:
    """What ``call`` after ``auction`` shows as the system reads it: the
    message id and parameters of its row (``reading_row``); a bid no row
    makes reads as natural (``bid.natural``), but 4NT straight over
    partner's suit bid as Blackwood, as partner answers it; a pass, double
    or redouble no row makes shows nothing (``call.no_meaning``), as the
    samplers read it."""
    row = reading_row(auction, call)
    if row is not None:
        return row[3], dict(row[4])
    token = _token(call)
    if token == "4NT" and answers_blackwood([*map(_token, auction), token]):
        return "ask.blackwood", {}
    if token[0].isdigit():  # a bid no row makes (the simulation's, or another system's): to play there
        return "bid.natural", {"suit": token[1:], "level": int(token[0])}
    return "call.no_meaning", {}


def answers_blackwood(tokens: Sequence[str]) -> bool:
    """Whether partner answers the 4NT that ends ``tokens`` as Blackwood
    (the answer rows' context: his suit bid, a pass, 4NT, a pass)."""
    return re.search(BLACKWOOD, " ".join([*tokens, "P"])) is not None


def read_auction(auction: Sequence[Any]) -> list[tuple[str, tuple[str, dict[str, Any]]]]:
    """Every call of ``auction`` (South's first) with what it shows as the
    system reads it, whoever made it: (call text, reading)."""
    return [(str(call), explain(auction[:i], call)) for i, call in enumerate(auction)]
