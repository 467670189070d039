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

import re
import threading
from typing import Any, Sequence

from cardavia import pbn
from cardavia._core.dds import Solver
from cardavia._core.rng import Random
from cardavia.cards import card_text
from cardavia.game import (
    TERMINAL,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    State,
)

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
SEAT_NAMES = ("South", "West", "North", "East")
SEAT_LETTERS = "SWNE"
DEALER = SOUTH
STRAINS = ("C", "D", "H", "S", "NT")
VULNERABILITY = ("none", "ns", "ew", "both")
PBN_VUL = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}

# Cardavia seat <-> PBN/solver seat (N 0, E 1, S 2, W 3): both run clockwise.
def _to_pbn(seat: int) -> int:
    return (seat + 2) % 4


def _from_pbn(seat: int) -> int:
    return (seat + 2) % 4


def side_of(seat: int) -> int:
    """0 for North-South (seats 0 and 2), 1 for East-West."""
    return seat & 1


# -- moves -------------------------------------------------------------------
class Call(Move):
    """An auction call: a bid (level 1-7, strain 0-4 = C D H S NT), ``X``,
    ``XX`` or ``pass``."""

    __slots__ = ("kind", "level", "strain")

    def __init__(self, kind: str, level: int = 0, strain: int = 0):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "strain", strain)

    def __setattr__(self, name, value):
        raise AttributeError("Call is immutable")

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

    def __eq__(self, other):
        return isinstance(other, Call) and (self.kind, self.level, self.strain) == (other.kind, other.level, other.strain)

    def __hash__(self):
        return hash(("Call", self.kind, self.level, self.strain))


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")
BIDS = tuple(Call("bid", lv, st) for lv in range(1, 8) for st in range(5))


class Card(Move):
    """A card played: its canonical id (``4 * rank + suit``)."""

    __slots__ = ("card",)

    def __init__(self, card: int):
        object.__setattr__(self, "card", card)

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return card_text(self.card)

    def __eq__(self, other):
        return isinstance(other, Card) and other.card == self.card

    def __hash__(self):
        return hash(("Card", self.card))


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
        raise ValueError(f"a contract is text like '4S' or '3NTX', not {type(contract).__name__}")
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
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0..13, got {tricks!r}")
    vul = bool(vulnerable)
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
        return tuple(deal._initial[_from_pbn(p)] for p in range(4))
    try:
        hands = list(deal)
    except TypeError:
        raise ValueError(f"a deal is PBN text or four hands (N, E, S, W), not {type(deal).__name__}") from None
    if len(hands) != 4:
        raise ValueError("a deal has four hands (N, E, S, W)")
    out = []
    from cardavia.cards import to_card_ids
    for h in hands:
        if isinstance(h, int) and not isinstance(h, bool):
            out.append(h)
        else:
            out.append(sum(1 << c for c in set(to_card_ids(h))))
    return pbn.parse_deal(pbn.format_deal(out), full=full)


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
    hands = _deal_masks(deal, full=False) if not isinstance(deal, str) else pbn.parse_deal(deal, full=False)
    ids = [parse_card(c).card if isinstance(c, str) else int(c) for c in trick]
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

    def __init__(self, game: "Bridge", setup: dict):
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
    def seat_to_play(self) -> int:
        """The seat whose card is due (dummy's seat when dummy plays)."""
        if self.phase != "play":
            return -1
        return (self._trick_leader + len(self._trick)) % 4

    @property
    def from_dummy(self) -> bool:
        """True when the card due comes from dummy (declarer chooses it)."""
        return self.phase == "play" and self.seat_to_play == self.dummy

    @property
    def declarer_tricks(self) -> int:
        return self._tricks_won[side_of(self._declarer)] if self._declarer >= 0 else 0

    def hand(self, seat: int) -> list[int]:
        m = self._hands[seat]
        return [c for c in range(52) if m >> c & 1]

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
        d: dict[str, Any] = {
            "phase": self.phase,
            "dealer": DEALER,
            "vulnerability": self.vulnerability,
            "hand": [card_text(c) for c in self.hand(player)],
            "auction": [str(c) for c in self._calls],
            "contract": self.contract,
            "declarer": self.declarer,
            "dummy": self.dummy,
            "dummy_hand": None,
            "trick_leader": self._trick_leader if self.phase == "play" else None,
            "trick": [[s, card_text(c)] for s, c in self._trick],
            "tricks": self.tricks,
            "tricks_won": list(self._tricks_won),
            "seat_to_play": self.seat_to_play if self.phase == "play" else None,
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
        return pbn.format_deal([self._initial[_from_pbn(p)] for p in range(4)])


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


class Bridge(Game):
    """Contract Bridge, one deal (RULES.md §7)."""

    name = "bridge"
    title = "Contract Bridge"
    num_players = 4
    state_class = BridgeState
    default_options = {"vulnerability": "none"}

    def _validate_options(self) -> None:
        v = self._options["vulnerability"]
        if v not in VULNERABILITY:
            raise ValueError(f"bridge: vulnerability must be one of {', '.join(VULNERABILITY)}, not {v!r}")

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

    def from_deal(self, deal: str) -> BridgeState:
        """A state at the start of the auction with the given PBN deal."""
        masks = pbn.parse_deal(deal)
        return self._initial_state({"deal": pbn.format_deal(masks)})

    def from_hands(self, hands: Sequence) -> BridgeState:
        """A state at the start of the auction from four hands in seat order
        South, West, North, East (card text, card ids or CardSets)."""
        hands = list(hands)
        if len(hands) != 4:
            raise ValueError("bridge needs four hands: South, West, North, East")
        masks = _deal_masks([hands[_from_pbn(p)] for p in range(4)])
        return self._initial_state({"deal": pbn.format_deal(masks)})

    def deal_summary(self, state: State) -> dict:
        out = super().deal_summary(state)
        out["passed_out"] = state.passed_out
        out["made"] = (state.score() is not None and int(state.score()) >= 0)
        out["level"] = state._level
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


GAME = Bridge
