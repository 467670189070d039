"""Contract Bridge (RULES.md §7): auction, play, duplicate scoring, and the
double-dummy solver of the compiled core.

Seats in turn order: South 0, West 1, North 2, East 3; South deals and calls
first.  When dummy's card is due, ``current_player`` is the declarer's seat
and ``state.from_dummy`` is true (the observation says so too).  PBN deals and
double-dummy tables use the usual N, E, S, W order.

>>> import cardavia
>>> from cardavia import bridge
>>> bridge.score("4S", False, 10)
Score(420: trick_points=120, game=300)
>>> int(bridge.score("3NTX", True, 7))
-500
>>> bridge.dd_table("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")[4]
[13, 0, 13, 0]
"""
from __future__ import annotations

import dataclasses
import re
import sys
import threading
from typing import Any, ClassVar, Sequence

from cardavia import pbn
from cardavia._core.dds import Solver
from cardavia._core.rng import Random
from cardavia.cards import card_text, to_card_ids
from cardavia.game import (
    TERMINAL,
    ArgumentTypeError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSetupError,
    Move,
    State,
    check_int,
)

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
SEAT_NAMES = ("South", "West", "North", "East")
SEAT_LETTERS = pbn.SEAT_LETTERS
DEALER = SOUTH
STRAINS = ("C", "D", "H", "S", "NT")
VULNERABILITY = pbn.VULNERABILITY


def bridge_order(card: int) -> int:
    """Sort key of a hand as a bridge player holds it: spades, hearts,
    diamonds, clubs, each from the ace down (as PBN writes it)."""
    return 13 * (3 - (card & 3)) + 12 - (card >> 2)


def _ids_in_order(mask: int) -> tuple[int, ...]:
    return tuple(sorted((c for c in range(52) if mask >> c & 1), key=bridge_order))

# Cardavia seat <-> PBN/solver seat (N 0, E 1, S 2, W 3): both run clockwise.
def _to_pbn(seat: int) -> int:
    return (seat + 2) % 4


def _from_pbn(seat: int) -> int:
    return (seat + 2) % 4


def side_of(seat: int) -> int:
    """0 for North-South (seats 0 and 2), 1 for East-West."""
    return seat & 1


# -- moves -------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class Call(Move):
    """An auction call: a bid (level 1-7, strain 0-4 = C D H S NT), ``X``,
    ``XX`` or ``pass``; ``kind`` is ``"bid"``, ``"double"``, ``"redouble"``
    or ``"pass"``."""

    kind: str
    level: int = 0
    strain: int = 0

    @property
    def is_bid(self) -> bool:
        return self.kind == "bid"

    @property
    def rank(self) -> int:
        """Bid order: 1C = 0 … 7NT = 34."""
        return 5 * (self.level - 1) + self.strain

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"{self.level}{STRAINS[self.strain]}"
        return {"pass": "pass", "double": "X", "redouble": "XX"}[self.kind]


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")
BIDS = tuple(Call("bid", lv, st) for lv in range(1, 8) for st in range(5))


@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class Card(Move):
    """A card played: its canonical id (``4 * rank + suit``); ``kind`` is ``"card"``."""

    card: int
    kind: ClassVar[str] = "card"

    def __str__(self) -> str:
        return card_text(self.card)


CARDS = tuple(Card(c) for c in range(52))
_BID_RE = re.compile(r"^([1-7])(C|D|H|S|NT|N)$", re.IGNORECASE)
_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([cdhs♣♦♥♠])$", re.IGNORECASE)
_RANK_OF = {c: i for i, c in enumerate("23456789TJQKA")}
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}


def parse_call(text: str) -> Call:
    t = text.strip()
    low = t.lower()
    if low in ("pass", "p"):
        return PASS
    if low in ("x", "double", "dbl"):
        return DOUBLE
    if low in ("xx", "redouble", "rdbl"):
        return REDOUBLE
    m = _BID_RE.match(t)
    if m:
        st = m.group(2).upper()
        strain = 4 if st in ("N", "NT") else STRAINS.index(st)
        return BIDS[5 * (int(m.group(1)) - 1) + strain]
    raise InvalidMoveError(f"bad bridge call {text!r}: expected 1C..7NT, X, XX or pass")


def parse_card(text: str) -> Card:
    m = _CARD_RE.match(text.strip())
    if not m:
        raise InvalidMoveError(f"bad bridge card {text!r}: expected a rank and a suit, like 4s or Th")
    r = m.group(1).upper()
    rank = 8 if r == "10" else _RANK_OF[r]
    return CARDS[4 * rank + _SUIT_OF[m.group(2).lower()]]


# -- scoring (BR-5) -------------------------------------------------------------
_CONTRACT_RE = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X)?$", re.IGNORECASE)


def parse_contract(contract: str) -> tuple[int, int, int]:
    """``"4S"``, ``"3NTX"``, ``"6HXX"`` -> (level, strain 0-4, doubled 0-2)."""
    if not isinstance(contract, str):
        raise ArgumentTypeError(f"a contract is text like '4S' or '3NTX', not {type(contract).__name__}")
    m = _CONTRACT_RE.match(contract.strip())
    if not m:
        raise ValueError(f"bad contract {contract!r}: expected a level 1-7, a strain C D H S NT and "
                         f"optionally X or XX, like '4S' or '3NTX'")
    st = m.group(2).upper()
    strain = 4 if st in ("N", "NT") else STRAINS.index(st)
    dbl = {None: 0, "X": 1, "XX": 2}[m.group(3).upper() if m.group(3) else None]
    return int(m.group(1)), strain, dbl


def contract_text(level: int, strain: int, doubled: int) -> str:
    return f"{level}{STRAINS[strain]}{('', 'X', 'XX')[doubled]}"


class Score(int):
    """The declaring side's duplicate score (an int) with its ``breakdown``:
    trick points, overtricks, undertricks (as a negative amount), game or
    part-score bonus, slam bonus and the insult for making a doubled contract."""

    breakdown: dict

    def __new__(cls, breakdown: dict):
        self = super().__new__(cls, sum(breakdown.values()))
        self.breakdown = breakdown
        return self

    def __repr__(self) -> str:
        parts = ", ".join(f"{k}={v}" for k, v in self.breakdown.items() if v)
        return f"Score({int(self)}: {parts or 'nothing'})"


def score(contract: str, vulnerable: bool, tricks: int) -> Score:
    """The declaring side's duplicate score (BR-5) for ``tricks`` taken by
    declarer in ``contract`` (negative when defeated)."""
    level, strain, dbl = parse_contract(contract)
    if not isinstance(vulnerable, bool):
        raise ArgumentTypeError(f"vulnerable must be True or False, not {type(vulnerable).__name__} "
                                f"{vulnerable!r:.20} (BR-2.2)")
    check_int(tricks, "tricks", 0, 13)
    vul = vulnerable
    need = 6 + level
    b = {"trick_points": 0, "overtricks": 0, "undertricks": 0, "game": 0, "part_score": 0,
         "slam": 0, "insult": 0}
    mult = (1, 2, 4)[dbl]
    if tricks >= need:
        # BR-5.1 trick points for the tricks bid
        if strain == 4:
            tp = 40 + 30 * (level - 1)
        else:
            tp = (20 if strain < 2 else 30) * level
        tp *= mult
        b["trick_points"] = tp
        # BR-5.2 game or part score (overtricks never count)
        if tp >= 100:
            b["game"] = 500 if vul else 300
        else:
            b["part_score"] = 50
        # BR-5.3 slams bid and made
        if level == 6:
            b["slam"] = 750 if vul else 500
        elif level == 7:
            b["slam"] = 1500 if vul else 1000
        # BR-5.4 the insult
        b["insult"] = (0, 50, 100)[dbl]
        # BR-5.5 overtricks
        over = tricks - need
        if dbl == 0:
            each = 20 if strain < 2 else 30
        else:
            each = (200 if vul else 100) * (dbl)
        b["overtricks"] = over * each
    else:
        # BR-5.6 undertricks
        down = need - tricks
        if dbl == 0:
            pen = down * (100 if vul else 50)
        elif vul:
            pen = 200 + 300 * (down - 1)
        else:
            pen = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        if dbl == 2:
            pen *= 2
        b["undertricks"] = -pen
    return Score(b)


# -- the double-dummy solver (compiled core) ------------------------------------
_local = threading.local()


def _default_solver() -> Solver:
    """This thread's solver (a Solver releases the GIL while it searches and
    must not be shared between threads)."""
    solver = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = Solver()
    return solver


def _strain(strain: Any) -> int:
    if isinstance(strain, int) and not isinstance(strain, bool):
        if 0 <= strain <= 4:
            return strain
    elif isinstance(strain, str):
        s = strain.strip().upper()
        if s in ("N", "NT"):
            return 4
        if s in STRAINS:
            return STRAINS.index(s)
        if s in ("♣", "♦", "♥", "♠"):
            return "♣♦♥♠".index(s)
    raise ValueError(f"bad strain {strain!r}: expected C, D, H, S or NT (or 0-4)")


def _pbn_seat(seat: Any) -> int:
    if isinstance(seat, str):
        s = seat.strip().upper()[:1]
        if s and s in "NESW":
            return "NESW".index(s)
    raise ValueError(f"bad seat {seat!r}: expected N, E, S or W")


def _deal_masks(deal: Any, full: bool = True) -> tuple[int, int, int, int]:
    """A deal as four card masks in N, E, S, W order, from PBN text, a bridge
    state (its original deal) or four hands in N, E, S, W order."""
    if isinstance(deal, str):
        return pbn.parse_deal(deal, full=full)
    if isinstance(deal, BridgeState):
        return deal.dealt_masks()
    return _hand_masks(deal, "N, E, S, W", full)


_FULL = (1 << 52) - 1


def _hand_masks(hands: Any, order: str, full: bool = True) -> tuple[int, int, int, int]:
    """Four hands (card text, card ids, CardSets or 52-bit masks) as masks,
    checked: only the 52 cards, none twice, 13 each when ``full`` (equal
    sizes otherwise)."""
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__iter__"):
        raise ArgumentTypeError(f"a deal is PBN text or four hands ({order}), not {type(hands).__name__}")
    hands = list(hands)
    if len(hands) != 4:
        raise InvalidSetupError(f"a deal has four hands ({order}), got {len(hands)}", "BR-2.1")
    out = []
    seen = 0
    for h in hands:
        if isinstance(h, int) and not isinstance(h, bool):
            if not 0 <= h <= _FULL:
                raise InvalidSetupError("a hand as a mask holds only bits 0-51: bridge is played "
                                        "with the 52 cards of one pack, no jokers", "BR-2.1")
            m = h
        else:
            m = 0
            for c in to_card_ids(h):
                if c >= 52:
                    raise InvalidSetupError(f"{card_text(c)} is not a bridge card: the pack has "
                                            f"52 cards, no jokers", "BR-2.1")
                if m >> c & 1:
                    raise InvalidSetupError(f"{card_text(c)} appears twice in one hand", "BR-2.1")
                m |= 1 << c
        if m & seen:
            c = (m & seen).bit_length() - 1
            raise InvalidSetupError(f"{card_text(c)} is in two hands", "BR-2.1")
        seen |= m
        out.append(m)
    sizes = [bin(m).count("1") for m in out]
    if full and sizes != [13] * 4:
        raise InvalidSetupError(f"each hand holds 13 cards, got {sizes} ({order})", "BR-2.1")
    if not full and len(set(sizes)) != 1:
        raise InvalidSetupError(f"the hands hold different numbers of cards: {sizes} ({order})", "BR-4.2")
    return tuple(out)


def _trick_cards(trick: Any) -> list[int]:
    if isinstance(trick, (str, bytes)) or not hasattr(trick, "__iter__"):
        raise ArgumentTypeError(f"trick is a list of 0-3 cards, not {type(trick).__name__}")
    out = []
    for c in trick:
        if isinstance(c, str):
            out.append(parse_card(c).card)
        else:
            out.append(check_int(c, "a card id of the trick", 0, 51))
        if len(out) > 3:
            raise ValueError("the current trick holds at most 3 cards before the card to play")
    return out


def solve(deal: Any, strain: Any, leader: Any) -> int:
    """Tricks the leader's side takes with best play by all four from the
    start.  ``deal``: PBN text (``"N:AKQ.T98.… …"``) or four hands in N, E, S,
    W order; ``strain``: C D H S NT; ``leader``: N E S W."""
    hands = _deal_masks(deal)
    return _default_solver().solve(hands, _strain(strain), _pbn_seat(leader))


def dd_table(deal: Any) -> list[list[int]]:
    """The double-dummy table: ``table[strain][declarer]``, tricks declarer
    takes, strains C D H S NT, declarers N E S W (20 counts)."""
    return _default_solver().table(_deal_masks(deal))


def format_dd_table(table: Sequence[Sequence[int]]) -> str:
    lines = ["    " + "".join(f"{seat:>4}" for seat in "NESW")]
    for st in (4, 3, 2, 1, 0):
        lines.append(f"{STRAINS[st]:>3} " + "".join(f"{table[st][d]:>4}" for d in range(4)))
    return "\n".join(lines)


def solve_board(deal: Any, strain: Any, leader: Any, trick: Sequence = ()) -> dict[str, int]:
    """Mid-play solve (as DDS SolveBoard): ``deal`` holds the cards still in
    the hands (equal sizes once the trick's cards are counted), ``leader`` led
    the current trick, ``trick`` the 0-3 cards played to it.  Returns each
    legal card of the player to move with the tricks his side takes from the
    current trick on, best first."""
    hands = _deal_masks(deal, full=False)
    ids = _trick_cards(trick)
    res = _default_solver().solve_board(hands, _strain(strain), _pbn_seat(leader), ids)
    return {card_text(c): v for c, v in res}


def solve_state(state: "BridgeState") -> dict[str, int]:
    """Mid-play solve of a bridge state in play: each legal card of the hand
    to play (dummy's when dummy is due) with the tricks the side to play
    takes from the current trick on."""
    if state.phase != "play":
        raise ValueError("the deal is not in its play phase")
    hands = tuple(state._hands[_from_pbn(p)] for p in range(4))
    ids = [c for _, c in state._trick]
    res = _default_solver().solve_board(hands, state._strain, _to_pbn(state._trick_leader), ids)
    return {card_text(c): v for c, v in res}


# -- the game --------------------------------------------------------------------
class BridgeState(State):
    """One deal: the auction (BR-3), then the play (BR-4), then the score (BR-5)."""

    def __init__(self, game: "BridgeGame", setup: dict):
        super().__init__(game, setup)
        if "deal" in setup:
            masks = pbn.parse_deal(setup["deal"])
            hands = [masks[_to_pbn(s)] for s in range(4)]
        else:
            # BR-2.1: dealt one at a time clockwise from West, left of dealer South.
            pack = Random(setup["seed"]).shuffle_ids(range(52))
            hands = [0, 0, 0, 0]
            for i, c in enumerate(pack):
                hands[(DEALER + 1 + i) % 4] |= 1 << c
        self._initial = tuple(hands)
        self._hands = list(hands)
        self.phase = "auction"
        self._calls: list[Call] = []
        self._last_bid: Call | None = None
        self._last_bidder = -1
        self._doubled = 0
        self._passes = 0
        self._first_namer: dict[tuple[int, int], int] = {}
        self._declarer = -1
        self._level = 0
        self._strain = 0
        self._trick: list[tuple[int, int]] = []
        self._trick_leader = -1
        self._tricks_won = [0, 0]
        self._tricks: list[tuple[int, list[tuple[int, int]], int]] = []  # (leader, cards, winner)
        self._to_move = DEALER

    # -- properties
    @property
    def vulnerability(self) -> str:
        return self.game._options["vulnerability"]

    def is_vulnerable(self, seat: int) -> bool:
        v = self.vulnerability
        return v == "both" or (v == "ns" and side_of(seat) == 0) or (v == "ew" and side_of(seat) == 1)

    @property
    def declarer(self) -> int | None:
        return self._declarer if self._declarer >= 0 else None

    @property
    def dummy(self) -> int | None:
        return (self._declarer + 2) % 4 if self._declarer >= 0 else None

    @property
    def contract(self) -> str | None:
        """``"4SX"`` once the auction has ended with a bid, else None."""
        if self._declarer < 0:
            return None
        return contract_text(self._level, self._strain, self._doubled)

    @property
    def passed_out(self) -> bool:
        return self.phase == "over" and self._declarer < 0

    @property
    def seat_to_play(self) -> int | None:
        """The seat whose card is due (dummy's seat when dummy plays); None
        outside the play."""
        if self.phase != "play":
            return None
        return (self._trick_leader + len(self._trick)) % 4

    @property
    def from_dummy(self) -> bool:
        """True when the card due comes from dummy (declarer chooses it)."""
        return self.phase == "play" and self.seat_to_play == self.dummy

    @property
    def declarer_tricks(self) -> int:
        return self._tricks_won[side_of(self._declarer)] if self._declarer >= 0 else 0

    def hand(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds now, in bridge order (spades first, each
        suit from the ace down)."""
        check_int(seat, "seat", 0, 3)
        return _ids_in_order(self._hands[seat])

    def dealt_masks(self) -> tuple[int, int, int, int]:
        """The hands as dealt, as card masks in PBN order N, E, S, W."""
        return tuple(self._initial[_from_pbn(p)] for p in range(4))

    @property
    def auction(self) -> tuple[Call, ...]:
        """Every call so far, South's first."""
        return tuple(self._calls)

    @property
    def trick(self) -> list[list]:
        """The current trick as ``[seat, card text]`` pairs, in play order."""
        return [[seat, card_text(c)] for seat, c in self._trick]

    @property
    def trick_leader(self) -> int | None:
        return self._trick_leader if self.phase == "play" else None

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by North-South and by East-West."""
        return tuple(self._tricks_won)

    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "auction":
            return self._to_move
        seat = self.seat_to_play
        return self._declarer if seat == self.dummy else seat

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    # -- legality
    def _legal(self):
        if self.phase == "auction":
            p = self._to_move
            out = [PASS]
            if self._last_bid is not None and self._doubled == 0 and side_of(self._last_bidder) != side_of(p):
                out.append(DOUBLE)
            if self._doubled == 1 and side_of(self._last_bidder) == side_of(p):
                out.append(REDOUBLE)
            start = self._last_bid.rank + 1 if self._last_bid is not None else 0
            out.extend(BIDS[start:])
            return out
        if self.phase == "play":
            seat = self.seat_to_play
            m = self._hands[seat]
            if self._trick:
                led = self._trick[0][1] & 3
                follow = m & (0x1111111111111 << led)
                if follow:
                    m = follow
            return [CARDS[c] for c in range(52) if m >> c & 1]
        return []

    def _check(self, move: Move) -> None:
        if self.phase == "auction":
            if not isinstance(move, Call):
                raise IllegalMoveError(f"{move} is a card, but the auction is on: call 1C..7NT, X, XX or pass",
                                       rule="BR-3.1")
            p = self._to_move
            if move.kind == "bid":
                if self._last_bid is not None and move.rank <= self._last_bid.rank:
                    raise IllegalMoveError(f"{move} does not outrank the last bid {self._last_bid}", rule="BR-3.1")
            elif move.kind == "double":
                if self._last_bid is None:
                    raise IllegalMoveError("there is no bid to double", rule="BR-3.2")
                if side_of(self._last_bidder) == side_of(p):
                    raise IllegalMoveError("only an opponent's bid may be doubled", rule="BR-3.2")
                if self._doubled:
                    raise IllegalMoveError(f"{self._last_bid} is already doubled", rule="BR-3.2")
            elif move.kind == "redouble":
                if self._doubled != 1:
                    raise IllegalMoveError("only a doubled bid may be redoubled (once)", rule="BR-3.2")
                if side_of(self._last_bidder) != side_of(p):
                    raise IllegalMoveError("only the side whose bid was doubled may redouble", rule="BR-3.2")
            return
        if not isinstance(move, Card):
            raise IllegalMoveError(f"{move} is a call, but the auction is over: play a card", rule="BR-4.2")
        seat = self.seat_to_play
        c = move.card
        if not self._hands[seat] >> c & 1:
            whose = "dummy's hand" if seat == self.dummy else "your hand"
            raise IllegalMoveError(f"{move} is not in {whose} ({SEAT_NAMES[seat]})", rule="BR-4.1")
        if self._trick:
            led = self._trick[0][1] & 3
            if c & 3 != led and self._hands[seat] & (0x1111111111111 << led):
                raise IllegalMoveError(f"{move} does not follow the suit led ({'cdhs'[led]}) though "
                                       f"{SEAT_NAMES[seat]} holds one", rule="BR-4.2")

    # -- transitions
    def _apply(self, move: Move) -> None:
        if self.phase == "auction":
            self._apply_call(move)
        else:
            self._apply_card(move.card)

    def _apply_call(self, call: Call) -> None:
        p = self._to_move
        self._calls.append(call)
        if call.kind == "bid":
            self._last_bid = call
            self._last_bidder = p
            self._doubled = 0
            self._passes = 0
            self._first_namer.setdefault((side_of(p), call.strain), p)
        elif call.kind == "double":
            self._doubled = 1
            self._passes = 0
        elif call.kind == "redouble":
            self._doubled = 2
            self._passes = 0
        else:
            self._passes += 1
        self._to_move = (p + 1) % 4
        if self._last_bid is None:
            if self._passes == 4:  # BR-3.3 passed out
                self.phase = "over"
        elif self._passes == 3:  # BR-3.3 the auction ends
            bid = self._last_bid
            self._level, self._strain = bid.level, bid.strain
            self._declarer = self._first_namer[(side_of(self._last_bidder), bid.strain)]
            self.phase = "play"
            self._trick_leader = (self._declarer + 1) % 4  # BR-4.1 declarer's LHO leads

    def _apply_card(self, c: int) -> None:
        seat = self.seat_to_play
        self._hands[seat] &= ~(1 << c)
        self._trick.append((seat, c))
        if len(self._trick) == 4:
            winner = _trick_winner(self._trick, self._strain)
            self._tricks.append((self._trick_leader, self._trick, winner))
            self._tricks_won[side_of(winner)] += 1
            self._trick = []
            self._trick_leader = winner
            if len(self._tricks) == 13:
                self.phase = "over"

    # -- results
    def score(self) -> Score | None:
        """The declaring side's score with its breakdown (None if passed out)."""
        if self.phase != "over" or self._declarer < 0:
            return None
        return score(self.contract, self.is_vulnerable(self._declarer), self.declarer_tricks)

    def ns_score(self) -> int:
        s = self.score()
        if s is None:
            return 0
        return int(s) if side_of(self._declarer) == 0 else -int(s)

    def returns(self) -> list:
        if self.phase != "over":
            return [0, 0, 0, 0]
        ns = self.ns_score()
        return [ns, -ns, ns, -ns]

    @property
    def tricks(self) -> list[dict]:
        """The record of the play: each trick's leader, cards and winner."""
        return [{"leader": l, "cards": [[s, card_text(c)] for s, c in cards], "winner": w}
                for l, cards, w in self._tricks]

    def _observe(self, player: int) -> dict:
        played: list[list[str]] = [[], [], [], []]
        for _, cards, _ in self._tricks:
            for seat, c in cards:
                played[seat].append(card_text(c))
        for seat, c in self._trick:
            played[seat].append(card_text(c))
        d: dict[str, Any] = {
            "phase": self.phase,
            "dealer": DEALER,
            "vulnerability": self.vulnerability,
            "hand": [card_text(c) for c in self.hand(player)],
            "hand_sizes": [bin(m).count("1") for m in self._hands],
            "played": played,
            "auction": [str(c) for c in self._calls],
            "contract": self.contract,
            "declarer": self.declarer,
            "dummy": self.dummy,
            "dummy_hand": None,
            "trick_leader": self.trick_leader,
            "trick": self.trick,
            "tricks": self.tricks,
            "tricks_won": list(self._tricks_won),
            "seat_to_play": self.seat_to_play,
            "from_dummy": self.from_dummy,
        }
        # BR-4.1: dummy is shown to all once the opening lead is made.
        if self._declarer >= 0 and (self._tricks or self._trick):
            d["dummy_hand"] = [card_text(c) for c in self.hand(self.dummy)]
        if self.phase == "over":
            s = self.score()
            d["score"] = None if s is None else {"total": int(s), **s.breakdown}
            d["ns_score"] = self.ns_score()
        return d

    def _score_breakdown(self) -> dict:
        s = self.score()
        return {"contract": self.contract, "declarer": self.declarer,
                "vulnerable": None if self._declarer < 0 else self.is_vulnerable(self._declarer),
                "tricks": None if self._declarer < 0 else self.declarer_tricks,
                "score": 0 if s is None else int(s), "ns_score": self.ns_score(),
                "parts": {} if s is None else dict(s.breakdown)}

    def _copy(self) -> "BridgeState":
        c = BridgeState.__new__(BridgeState)
        c.__dict__.update(self.__dict__)
        c._history = list(self._history)
        c._hands = list(self._hands)
        c._calls = list(self._calls)
        c._first_namer = dict(self._first_namer)
        c._trick = list(self._trick)
        c._tricks_won = list(self._tricks_won)
        c._tricks = list(self._tricks)
        return c

    def deal_pbn(self) -> str:
        """The original deal as PBN text (N first)."""
        return pbn.format_deal(self.dealt_masks())


def _trick_winner(trick: list[tuple[int, int]], strain: int) -> int:
    """BR-4.2: highest trump, else highest card of the suit led."""
    led = trick[0][1] & 3
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        s, bs = c & 3, best & 3
        if s == bs:
            if c > best:
                best_seat, best = seat, c
        elif strain < 4 and s == strain:
            best_seat, best = seat, c
    del led
    return best_seat


class BridgeGame(Game):
    """Contract Bridge, one deal (RULES.md §7)."""

    name = "bridge"
    title = "Contract Bridge"
    num_players = 4
    state_class = BridgeState
    default_options = {"vulnerability": "none"}

    def _validate_options(self) -> None:
        v = self._options["vulnerability"]
        if not isinstance(v, str):
            raise ArgumentTypeError(f"bridge: vulnerability must be text ({', '.join(VULNERABILITY)}), "
                                    f"not {type(v).__name__}")
        if v not in VULNERABILITY:
            raise InvalidSetupError(f"bridge: vulnerability must be one of {', '.join(VULNERABILITY)}, "
                                    f"not {v!r:.20}", "BR-2.2")

    def validate_setup(self, setup: dict) -> None:
        """BR-2: a seed, or a deal of the 52 cards, 13 to each hand (PBN
        text); the dealer, if given, is South."""
        super().validate_setup(setup)
        unknown = sorted(set(setup) - {"seed", "deal", "dealer"})
        if unknown:
            raise InvalidSetupError(f"a bridge setup has a seed or a deal (and a dealer), not "
                                    f"{', '.join(unknown)}", "BR-2.1")
        if "dealer" in setup:
            try:
                dealer = check_int(setup["dealer"], "dealer", 0, 3)
            except ArgumentTypeError:
                raise
            except ValueError as e:
                raise InvalidSetupError(str(e), "BR-2.1") from None
            if dealer != DEALER:
                raise InvalidSetupError(f"the dealer is South (seat 0), not {SEAT_NAMES[dealer]}", "BR-2.1")
        if ("seed" in setup) == ("deal" in setup):
            raise InvalidSetupError("a bridge setup has either a seed or a deal", "BR-2.1")
        if "deal" in setup:
            deal = setup["deal"]
            if not isinstance(deal, str):
                raise InvalidSetupError(f"a bridge setup's deal is PBN text, not {type(deal).__name__}", "BR-2.1")
            try:
                pbn.parse_deal(deal)
            except ValueError as e:
                raise InvalidSetupError(str(e), "BR-2.1") from None

    def parse_move(self, text: str, state: State | None = None) -> Move:
        if not isinstance(text, str):
            raise InvalidMoveError(f"a bridge move is text, not {type(text).__name__}")
        t = text.strip()
        if state is not None:
            # The phase tells a call from a card; the other kind still parses,
            # so that playing it names the rule it breaks.
            first, second = (parse_call, parse_card) if state.phase == "auction" else (parse_card, parse_call)
            try:
                return first(t)
            except InvalidMoveError as e:
                try:
                    return second(t)
                except InvalidMoveError:
                    raise e from None
        # No state: calls are written with capital strains (4S), cards with small suits (4s).
        try:
            if _BID_RE.match(t) and t[1:].isupper() or t.lower() in ("pass", "p", "x", "xx"):
                return parse_call(t)
        except InvalidMoveError:
            pass
        return parse_card(t)

    def _setup_of(self, masks: Sequence[int], dealer: Any) -> dict:
        setup: dict[str, Any] = {"deal": pbn.format_deal(masks)}
        if dealer is not None:
            setup["dealer"] = dealer
        return setup

    def from_deal(self, deal: str, *, dealer: int | None = None) -> BridgeState:
        """A state at the start of the auction with the given PBN deal."""
        try:
            masks = pbn.parse_deal(deal)
        except ValueError as e:
            raise InvalidSetupError(str(e), "BR-2.1") from None
        return self._initial_state(self._setup_of(masks, dealer))

    def from_hands(self, hands: Sequence, *, dealer: int | None = None) -> BridgeState:
        """A state at the start of the auction from four hands in seat order
        South, West, North, East (card text, card ids, CardSets or masks)."""
        masks = _hand_masks(hands, "South, West, North, East")
        return self._initial_state(self._setup_of([masks[_from_pbn(p)] for p in range(4)], dealer))

    def from_pbn(self, text: str) -> BridgeState:
        """A state replayed from a PBN game (``pbn.export_game`` writes one):
        its deal, vulnerability, auction and play; the game's options take
        the PBN's vulnerability."""
        rec = pbn.parse_game(text)
        game = type(self)(vulnerability=rec["vulnerability"])
        state = game.from_deal(rec["deal"])
        for tok in rec["auction"]:
            if tok.upper() == "AP":
                while state.phase == "auction":
                    state.play("pass")
                continue
            try:
                state.play("pass" if tok.lower() == "pass" else tok.upper())
            except ValueError as e:
                raise ValueError(f"PBN game: call {tok!r} does not replay: {e}") from None
        if rec["play"] and state.phase == "play":
            first, rows = rec["play_first"], rec["play"]
            opener = state.seat_to_play
            if first != SEAT_LETTERS[opener]:
                raise ValueError(f"PBN game: the play must start with the opening leader "
                                 f"{SEAT_LETTERS[opener]}, not {first!r}")
            for i, row in enumerate(rows):
                by_seat = {(opener + k) % 4: c for k, c in enumerate(row) if c is not None}
                for _ in range(len(by_seat)):
                    if state.phase != "play":
                        raise ValueError("PBN game: more cards than the deal has tricks")
                    seat = state.seat_to_play
                    if seat not in by_seat:
                        raise ValueError(f"PBN game: trick {i + 1} has no card for {SEAT_LETTERS[seat]}")
                    try:
                        state.play(card_text(by_seat.pop(seat)))
                    except ValueError as e:
                        raise ValueError(f"PBN game: trick {i + 1} does not replay: {e}") from None
        res = rec["result"]
        if res is not None and state.phase == "over" and state.declarer is not None:
            if res != state.declarer_tricks:
                raise ValueError(f"PBN game: result {res} disagrees with the play ({state.declarer_tricks} tricks)")
        return state

    def deal_summary(self, state: State) -> dict:
        out = super().deal_summary(state)
        sc = state.score()
        out["passed_out"] = state.passed_out
        out["made"] = sc is not None and int(sc) >= 0
        out["level"] = int(state.contract[0]) if state.contract else 0
        out["ns_score"] = state.ns_score()
        return out

    def summarize(self, summaries: Sequence[dict]) -> dict:
        out = super().summarize(summaries)
        n = len(summaries)
        if n:
            played = [s for s in summaries if not s["passed_out"]]
            out["passed_out_rate"] = 1 - len(played) / n
            out["contract_made_rate"] = (sum(s["made"] for s in played) / len(played)) if played else 0.0
            out["mean_contract_level"] = (sum(s["level"] for s in played) / len(played)) if played else 0.0
            out["mean_ns_score"] = sum(s["ns_score"] for s in summaries) / n
        return out


GAME = BridgeGame


# -- CLI ----------------------------------------------------------------------------
def add_cli(subparsers) -> None:
    p = subparsers.add_parser("dd", help="print the double-dummy table of a PBN deal",
                              description="Solve a deal double dummy and print, for each strain and "
                              "declarer (N, E, S, W), the tricks declarer takes.")
    p.add_argument("deal", help='a PBN deal, like "N:AKQ2.T98.765.432 …" (four hands)')
    p.set_defaults(func=_cmd_dd)


def _cmd_dd(args) -> int:
    # One line and exit code 2, as the CLI prints a user error (the library
    # does not import the CLI).
    try:
        table = dd_table(args.deal)
    except ValueError as e:
        print(f"cardavia: error: {e}", file=sys.stderr)
        return 2
    print(pbn.format_deal(pbn.parse_deal(args.deal)))
    print(format_dd_table(table))
    return 0
