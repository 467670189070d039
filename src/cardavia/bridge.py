"""Contract Bridge (RULES.md §7): auction, play, duplicate scoring, and the
double-dummy solver of the compiled core.

Seats in turn order: South 0, West 1, North 2, East 3; South deals and calls
first.  When dummy's card is due, ``current_player`` is the declarer's seat
and ``state.from_dummy`` is true (the observation says so too).  PBN deals and
double-dummy tables use the usual N, E, S, W order.

The rules live once, in the core's ``bridge_core.Position`` (a C struct:
copy, count, list, unrank, check, apply, score, all ``nogil``); a
``BridgeState`` wraps one and turns its ints into moves, text and
observations.  ``game.sample_world(observation, rng)`` and
``state.resample(player, rng)`` deal the unseen cards again uniformly;
``game.policy_move`` and ``game.rollout`` are the compiled rollout policy.

Observation keys (besides the shared ``game``, ``player``,
``current_player``, ``is_over``, ``history``):
``phase`` ("auction", "play", "over"); ``dealer`` (0, South);
``vulnerability`` ("none", "ns", "ew", "both"); ``hand`` (own cards, bridge
order: spades, hearts, diamonds, clubs, ace down); ``hand_sizes`` (cards
held, per seat); ``played`` (per seat, the cards it played, in order);
``auction`` (every call's text); ``contract`` (``"4SX"`` or None);
``declarer``, ``dummy`` (seats or None); ``dummy_hand`` (dummy's cards once
the opening lead is made, else None); ``leader`` (of the current trick; None outside the
play); ``trick`` (the current trick as ``[seat, card]`` pairs); ``tricks``
(each finished trick: ``leader``, ``cards``, ``winner``); ``tricks_won``
([North-South, East-West]); ``seat_to_play`` (the seat whose card is due,
dummy's included; None outside the play); ``from_dummy`` (bool); at the end
``score`` (the declaring side's score and its parts, None if passed out) and
``ns_score``.

Claims: during the play the player to move (declarer for dummy's cards too)
may claim N of the remaining tricks for his side with the move ``claim N``
(``state.claim(N)``); it is accepted only when double-dummy play from the
current position gets his side at least N against the best defence, and the
deal then ends with his side taking N of them and the other side the rest
(the observation's ``claim``: ``{"seat", "tricks"}``).  RULES.md has no claim
rule, so a refused claim names none.

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
import threading
from typing import Any, ClassVar, Sequence, cast

from cardavia import pbn
from cardavia.analysis.par import Par, ParContract, par, par_of_table  # noqa: F401  (the par of a deal)
from cardavia._core import bridge_core as _core
from cardavia._core.bridge_core import Position
from cardavia._core.dds import Solver
from cardavia.cards import card_text, to_card_ids
from cardavia.i18n import N_
from cardavia.game import (
    ArgumentTypeError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSetupError,
    LegalMoves,
    Move,
    Observation,
    State,
    check_int,
    draw_seed,
    immutable,
    randbelow,
)

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
SEAT_NAMES = ("South", "West", "North", "East")

SEAT_LETTERS = pbn.SEAT_LETTERS
DEALER = SOUTH
STRAINS = ("C", "D", "H", "S", "NT")
VULNERABILITY = pbn.VULNERABILITY
VULNERABILITY_CYCLE = ("none", "ns", "ew", "both")
"""The vulnerability of arena deals 0, 1, 2, 3, 4, ... (repeating)."""


def _refusal(template: str, rule: str | None = None, **params: object) -> IllegalMoveError:
    """A refused move whose message a page can translate: ``template`` (an
    ``N_`` msgid) filled with the display text of ``params``."""
    shown = {k: str(v) for k, v in params.items()}
    return IllegalMoveError(template.format(**shown), rule, msgid=template, params=shown)



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


def vulnerable_sides(vulnerability: str) -> tuple[bool, bool]:
    """BR-2.2: whether North-South and East-West are vulnerable under the
    setting ``"none"``, ``"ns"``, ``"ew"`` or ``"both"`` (index by ``side_of``)."""
    return vulnerability in ("both", "ns"), vulnerability in ("both", "ew")


# -- moves -------------------------------------------------------------------
_CALL_IDS = {"pass": _core.PASS, "double": _core.DOUBLE, "redouble": _core.REDOUBLE}


@immutable
@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class Call(Move):
    """An auction call: a bid (level 1-7, strain 0-4 = C D H S NT), ``X``,
    ``XX`` or ``pass``; ``kind`` is ``"bid"``, ``"double"``, ``"redouble"``
    or ``"pass"``."""

    kind: str
    level: int = 0
    strain: int = 0
    id: int = dataclasses.field(init=False, compare=False, repr=False)
    """The core's move id (``bridge_core.PASS`` … ``BID + rank``)."""

    def __post_init__(self) -> None:
        if self.kind == "bid":
            if not (1 <= self.level <= 7 and 0 <= self.strain <= 4):
                raise InvalidMoveError(f"a bid has a level 1-7 and a strain 0-4, not {self.level}, {self.strain}")
            ident = _core.BID + 5 * (self.level - 1) + self.strain
        elif self.kind in _CALL_IDS:
            ident = _CALL_IDS[self.kind]
        else:
            raise InvalidMoveError(f"a call is a bid, pass, double or redouble, not {self.kind!r}")
        object.__setattr__(self, "id", ident)

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


@immutable
@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class Card(Move):
    """A card played: its canonical id (``4 * rank + suit``); ``kind`` is ``"card"``."""

    card: int
    kind: ClassVar[str] = "card"

    @property
    def id(self) -> int:
        """The core's move id: the card id."""
        return self.card

    def __str__(self) -> str:
        return card_text(self.card)


CARDS = tuple(Card(c) for c in range(52))


@immutable
@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class Claim(Move):
    """``claim N``: the mover's side takes N of the remaining tricks and the
    play stops (see ``BridgeState.claim``); ``kind`` is ``"claim"``."""

    tricks: int
    kind: ClassVar[str] = "claim"

    def __str__(self) -> str:
        return f"claim {self.tricks}"


def parse_claim(text: str) -> Claim:
    """``claim N`` with N the tricks claimed, 0-13."""
    parts = text.split()
    if len(parts) != 2 or parts[0].lower() != "claim" or not parts[1].isdigit() or int(parts[1]) > 13:
        raise InvalidMoveError(f"bad bridge claim {text[:40]!r}: write claim N, N the tricks claimed (0-13)")
    return Claim(int(parts[1]))
_BID_RE = re.compile(r"^([1-7])\s*(C|D|H|S|NT|N|♣|♦|♥|♠)$", re.IGNORECASE)
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([cdhs♣♦♥♠])$", re.IGNORECASE)
_RANK_OF = {c: i for i, c in enumerate("23456789TJQKA")}
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}


def parse_call(text: str) -> Call:
    """A call's text: ``1C``…``7NT`` (``7N``, ``1♠``), ``X``, ``XX``, ``pass``."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a bridge call is text, not {type(text).__name__}")
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
        st = _SUIT_SYMBOLS.get(m.group(2), m.group(2).upper())   # (1♠, as cards accept ♠ too)
        strain = 4 if st in ("N", "NT") else STRAINS.index(st)
        return BIDS[5 * (int(m.group(1)) - 1) + strain]
    raise InvalidMoveError(f"bad bridge call {text!r}: expected 1C..7NT, X, XX or pass")


def parse_card(text: str) -> Card:
    """A card's text: ``4s``, ``Th`` or ``10h``."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a bridge card is text, not {type(text).__name__}")
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
    total, parts = _core.score(level, strain, dbl, vulnerable, tricks)
    return Score(dict(zip(_core.SCORE_PARTS, parts)))


_IMP_STEPS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490,
              1740, 1990, 2240, 2490, 2990, 3490, 3990)


def imps(difference: int) -> int:
    """A score difference in IMPs (the WBF scale: 20-40 is 1, 4000 or more 24), signed.

    >>> imps(420 - 170), imps(-50 - 620)
    (6, -12)
    """
    check_int(difference, "a score difference", -10000, 10000)
    n = sum(abs(difference) > step for step in _IMP_STEPS)
    return n if difference >= 0 else -n


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


def _deal_masks(deal: Any, full: bool = True) -> tuple[int, ...]:
    """A deal as four card masks in N, E, S, W order, from PBN text, a bridge
    state (its original deal) or four hands in N, E, S, W order."""
    if isinstance(deal, str):
        return pbn.parse_deal(deal, full=full)
    if isinstance(deal, BridgeState):
        return deal.dealt_masks()
    return _hand_masks(deal, "N, E, S, W", full)


_FULL = (1 << 52) - 1


def _hand_masks(hands: Any, order: str, full: bool = True) -> tuple[int, ...]:
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
            try:
                ids = to_card_ids(h)
            except TypeError:
                raise ArgumentTypeError(f"a hand is card text, card ids, a CardSet or a mask, "
                                        f"not {type(h).__name__}") from None
            for c in ids:
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
    """A double-dummy table (``dd_table``'s) as text, NT first."""
    try:
        ok = len(table) == 5 and all(len(row) == 4 and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 13 for v in row) for row in table)
    except TypeError:
        ok = False
    if not ok:
        raise ValueError("a double-dummy table has 5 rows (C D H S NT) of 4 trick counts 0-13 (N E S W)")
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
    if not isinstance(state, BridgeState):
        raise ArgumentTypeError(f"solve_state takes a bridge state, not {type(state).__name__}")
    if state.phase != "play":
        raise ValueError("the deal is not in its play phase")
    pos = state._pos
    hands = tuple(pos.hand(_from_pbn(p)) for p in range(4))
    played = pos.played()
    ids = list(played[len(played) - len(played) % 4:])
    contract, leader = cast(tuple, pos.contract), cast(int, pos.leader)
    res = _default_solver().solve_board(hands, contract[1], _to_pbn(leader), ids)
    return {card_text(c): v for c, v in res}


# -- the game --------------------------------------------------------------------
PHASES = {_core.AUCTION: "auction", _core.PLAY: "play", _core.OVER: "over"}
_E = _core.ERRORS
MOVES: tuple[Move, ...] = CARDS + (PASS, DOUBLE, REDOUBLE) + BIDS
"""Every move by its core id: cards 0-51, then pass, X, XX and the 35 bids."""
assert len(MOVES) == _core.NMOVES and MOVES[_core.BID] == BIDS[0]


def move_id(move: Move) -> int:
    """The core's id of a bridge move."""
    if isinstance(move, (Card, Call)):
        return move.id
    raise ArgumentTypeError(f"not a bridge move: {move!r}")



class BridgeLegalMoves(LegalMoves):
    """The legal moves, counted and unranked by the core (nothing is listed
    for ``len``, indexing or ``sample``)."""

    _state: BridgeState

    def __len__(self) -> int:
        self._fresh()
        pos = self._state._pos
        return len(self._list) if self._list is not None else pos.count()

    def __getitem__(self, index: int) -> Move:
        self._fresh()
        pos = self._state._pos
        if self._list is not None:
            return self._list[index]
        n = pos.count()
        if isinstance(index, int) and -n <= index < n:
            return MOVES[pos.unrank(index % n)]
        return self._moves()[index]

    def sample(self, rng: Any = None) -> Move:
        self._fresh()
        return self[randbelow(rng, self._state._pos.count())]


class BridgeState(State):
    """One deal: the auction (BR-3), then the play (BR-4), then the score
    (BR-5), held in the core's ``Position``; this class translates."""

    legal_moves_class = BridgeLegalMoves
    _claim: tuple[int, int, int] | None = None
    """After an accepted claim: (the claimer's seat, tricks claimed, tricks that were left)."""

    def __init__(self, game: "BridgeGame", setup: dict, position: Position | None = None):
        super().__init__(game, setup)
        if position is not None:
            self._pos = position
            return
        vul = VULNERABILITY.index(game._options["vulnerability"])
        if "deal" in setup:
            masks = pbn.parse_deal(setup["deal"])
            self._pos = Position.from_hands([masks[_to_pbn(s)] for s in range(4)], vul)
        else:
            # BR-2.1: dealt one at a time clockwise from West, left of dealer South.
            self._pos = Position.deal(setup["seed"], vul)

    @property
    def position(self) -> Position:
        """A copy of the compiled position (``cardavia._core.bridge_core.Position``)."""
        return self._pos.copy()

    # -- properties
    @property
    def phase(self) -> str:
        return "over" if self._claim else PHASES[self._pos.phase]

    @property
    def vulnerability(self) -> str:
        return self.game._options["vulnerability"]

    def is_vulnerable(self, seat: int) -> bool:
        """BR-2.2: whether ``seat``'s side is vulnerable."""
        return _core.vulnerable(self._pos.vul, check_int(seat, "seat", 0, 3))

    @property
    def declarer(self) -> int | None:
        return self._pos.declarer

    @property
    def dummy(self) -> int | None:
        d = self._pos.declarer
        return None if d is None else (d + 2) % 4

    @property
    def contract(self) -> str | None:
        """``"4SX"`` once the auction has ended with a bid, else None."""
        c = self._pos.contract
        return None if c is None else contract_text(*c)

    @property
    def passed_out(self) -> bool:
        return self._pos.is_over and self._pos.declarer is None

    @property
    def seat_to_play(self) -> int | None:
        """The seat whose card is due (dummy's seat when dummy plays); None
        outside the play."""
        return None if self._claim else self._pos.seat_to_play

    def sees_to_play(self, seat: int) -> bool:
        """Whether ``seat`` sees the hand whose card is due: his own, or
        dummy's once the opening lead has shown it (BR-4.1)."""
        to_play = self.seat_to_play
        return to_play is not None and (to_play == seat or (to_play == self.dummy and bool(self._pos.played())))

    @property
    def from_dummy(self) -> bool:
        """True when the card due comes from dummy (declarer chooses it)."""
        seat = self.seat_to_play
        return seat is not None and seat == self.dummy

    @property
    def declarer_tricks(self) -> int:
        d = self._pos.declarer
        return 0 if d is None else self.tricks_won[side_of(d)]

    def hand(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds now, in bridge order (spades first, each
        suit from the ace down)."""
        check_int(seat, "seat", 0, 3)
        return _ids_in_order(self._pos.hand(seat))

    def dealt_masks(self) -> tuple[int, ...]:
        """The hands as dealt, as card masks in PBN order N, E, S, W."""
        dealt = self._pos.dealt()
        return tuple(dealt[_from_pbn(p)] for p in range(4))

    @property
    def auction(self) -> tuple[Call, ...]:
        """Every call so far, South's first."""
        return tuple(cast(Call, MOVES[m]) for m in self._pos.calls())

    def _play_record(self) -> tuple[list, list]:
        """(finished tricks as (leader, [(seat, card)], winner), current trick)."""
        played = self._pos.played()
        seats = self._pos.card_seats()
        winners = self._pos.winners()
        done = []
        for t in range(len(winners)):
            cards = [(seats[4 * t + k], played[4 * t + k]) for k in range(4)]
            done.append((seats[4 * t], cards, winners[t]))
        start = 4 * len(winners)
        return done, [(seats[i], played[i]) for i in range(start, len(played))]

    @property
    def trick(self) -> list[list]:
        """The current trick as ``[seat, card text]`` pairs, in play order."""
        return [[seat, card_text(c)] for seat, c in self._play_record()[1]]

    @property
    def trick_leader(self) -> int | None:
        return self._pos.leader

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by North-South and by East-West (after a
        claim, with the claimed tricks and the rest conceded)."""
        won = self._pos.tricks_won
        if self._claim is None:
            return won
        seat, tricks, left = self._claim
        mine = side_of(seat)
        return cast(tuple, tuple(won[k] + (tricks if k == mine else left - tricks) for k in (0, 1)))

    @property
    def current_player(self) -> int | None:
        return None if self._claim else self._pos.current_player

    @property
    def is_over(self) -> bool:
        return self._claim is not None or self._pos.is_over

    # -- claims
    @property
    def remaining_tricks(self) -> int:
        """Tricks not yet finished (the one in progress counts)."""
        return 0 if self.is_over else 13 - len(self._pos.winners())

    def claim(self, tricks: int) -> Move:
        """The player to move claims ``tricks`` of the remaining tricks for
        his side: accepted (and the deal ends) only if double-dummy play gets
        them against the best defence, else ``IllegalMoveError`` saying how
        many it does get.  The claim is the move ``claim N`` of the history."""
        return self.play(Claim(check_int(tricks, "tricks", 0, 13)))

    def _check_claim(self, claim: Claim) -> None:
        if self.phase != "play":
            raise _refusal(N_("a claim is made during the play, after the auction"))
        left = self.remaining_tricks
        if claim.tricks > left:
            raise _refusal(N_("only {left} tricks remain: claim at most {left}"), left=left)
        best = max(solve_state(self).values())
        if claim.tricks > best:
            raise _refusal(N_("claim refused: against the best defence your side takes {best} of the "
                              "{left} remaining tricks, not {tricks}"), best=best, left=left, tricks=claim.tricks)

    def legal_moves(self) -> LegalMoves:
        moves = super().legal_moves()
        if self._claim is not None:
            moves._list = []   # a claim ended the play
        return moves

    # -- legality: the core's rules, its error codes turned into words
    def _legal(self):
        return [MOVES[m] for m in self._pos.legal()]

    def _check(self, move: Move) -> None:
        if isinstance(move, Claim):
            self._check_claim(move)
            return
        if not isinstance(move, (Call, Card)):
            raise IllegalMoveError(f"{move!r} is not a bridge move")
        e = self._pos.check(move.id)
        if e:
            raise self._explain(e, move)

    def _explain(self, e: int, move: Move) -> IllegalMoveError:
        last = self._pos.last_bid or (0, 0, 0)
        if e == _E["CARD_IN_AUCTION"]:
            return _refusal(N_("{move} is a card, but the auction is on: call 1C..7NT, X, XX or pass"), "BR-3.1",
                            move=move)
        if e == _E["CALL_IN_PLAY"]:
            return _refusal(N_("{move} is a call, but the auction is over: play a card"), "BR-4.2", move=move)
        if e == _E["LOW_BID"]:
            return _refusal(N_("{move} does not outrank the last bid {bid}"), "BR-3.1", move=move, bid=BIDS[last[0]])
        if e == _E["NO_BID"]:
            return _refusal(N_("there is no bid to double"), "BR-3.2")
        if e == _E["OWN_SIDE"]:
            return _refusal(N_("only an opponent's bid may be doubled"), "BR-3.2")
        if e == _E["DOUBLED"]:
            return _refusal(N_("{bid} is already doubled"), "BR-3.2", bid=BIDS[last[0]])
        if e == _E["NOT_DOUBLED"]:
            return _refusal(N_("only a doubled bid may be redoubled (once)"), "BR-3.2")
        if e == _E["REDOUBLE_SIDE"]:
            return _refusal(N_("only the side whose bid was doubled may redouble"), "BR-3.2")
        seat = cast(int, self._pos.seat_to_play)
        if e == _E["NOT_HELD"]:
            template = (N_("{move} is not in dummy's hand ({seat})") if seat == self.dummy
                        else N_("{move} is not in your hand ({seat})"))
            return _refusal(template, "BR-4.1", move=move, seat=SEAT_NAMES[seat])
        if e == _E["REVOKE"]:
            played = self._pos.played()
            led = played[len(played) - len(played) % 4] & 3
            return _refusal(N_("{move} does not follow the suit led ({suit}) though {seat} holds one"), "BR-4.2",
                            move=move, suit=("clubs", "diamonds", "hearts", "spades")[led],
                            seat=SEAT_NAMES[seat])
        return _refusal(N_("the game is over: no move can be played"), "BR-3.3")

    def _apply(self, move: Move) -> None:
        if isinstance(move, Claim):
            self._claim = (cast(int, self._pos.current_player), move.tricks, self.remaining_tricks)
            return
        self._pos.apply(cast("Card | Call", move).id)

    # -- results
    def score(self) -> Score | None:
        """The declaring side's score with its breakdown (None if passed out or live)."""
        contract = self.contract
        if not self.is_over or contract is None:
            return None
        return score(contract, self.is_vulnerable(cast(int, self._pos.declarer)), self.declarer_tricks)

    def ns_score(self) -> int:
        if self._claim is None:
            return self._pos.ns_score()
        s = self.score()
        return 0 if s is None else int(s) * (-1 if side_of(cast(int, self.declarer)) else 1)

    def returns(self) -> list:
        if self._claim is None:
            return list(self._pos.returns())
        ns = self.ns_score()
        return [ns, -ns, ns, -ns]

    @property
    def tricks(self) -> list[dict]:
        """The record of the play: each trick's leader, cards and winner."""
        return [{"leader": ld, "cards": [[s, card_text(c)] for s, c in cards], "winner": w}
                for ld, cards, w in self._play_record()[0]]

    def _observe(self, player: int) -> dict:
        done, current = self._play_record()
        played: list[list[str]] = [[], [], [], []]
        for seat, c in zip(self._pos.card_seats(), self._pos.played()):
            played[seat].append(card_text(c))
        hands = self._pos.hands()
        d: dict[str, Any] = {
            "phase": self.phase,
            "dealer": DEALER,
            "vulnerability": self.vulnerability,
            "hand": [card_text(c) for c in _ids_in_order(hands[player])],
            "hand_sizes": [bin(m).count("1") for m in hands],
            "played": played,
            "auction": [str(MOVES[m]) for m in self._pos.calls()],
            "contract": self.contract,
            "declarer": self.declarer,
            "dummy": self.dummy,
            "dummy_hand": None,
            "leader": self.trick_leader,
            "trick": [[s, card_text(c)] for s, c in current],
            "tricks": [{"leader": ld, "cards": [[s, card_text(c)] for s, c in cards], "winner": w}
                       for ld, cards, w in done],
            "tricks_won": list(self.tricks_won),
            "seat_to_play": self.seat_to_play,
            "from_dummy": self.from_dummy,
        }
        # BR-4.1: dummy is shown to all once the opening lead is made.
        if self.dummy is not None and self._pos.played():
            d["dummy_hand"] = [card_text(c) for c in _ids_in_order(hands[self.dummy])]
        if self._claim is not None:
            seat, tricks, _ = self._claim
            d.update(leader=None, claim={"seat": seat, "tricks": tricks})
        if self.is_over:
            s = self.score()
            d["score"] = None if s is None else {"total": int(s), **s.breakdown}
            d["ns_score"] = self.ns_score()
        return d

    def _score_breakdown(self) -> dict:
        s = self.score()
        d = self.declarer
        return {"contract": self.contract, "declarer": d,
                "vulnerable": None if d is None else self.is_vulnerable(d),
                "tricks": None if d is None else self.declarer_tricks,
                "score": 0 if s is None else int(s), "ns_score": self.ns_score(),
                "parts": {} if s is None else dict(s.breakdown)}

    def _copy(self) -> "BridgeState":
        c = cast(BridgeState, self._shallow_copy())
        c._pos = self._pos.copy()
        return c

    def deal_pbn(self) -> str:
        """The original deal as PBN text (N first)."""
        return pbn.format_deal(self.dealt_masks())

    def review(self) -> dict:
        """The deal as dealt, looked back on: ``deal`` (PBN) and ``hands``
        (each seat's cards as dealt, by the game's seats, in bridge order),
        ``dd`` its double-dummy table (``dd_table``'s: strains C D H S NT,
        declarers N E S W), ``par`` (its ``ns_score``, its ``contracts`` as
        ``{"contract", "declarers", "overtricks", "undertricks"}`` and its
        ``text``), and once the deal is over ``result``: the contract (None if
        passed out), its declarer (the game's seat), the tricks taken and those
        double dummy gives him from the opening lead, North-South's score, and
        ``imps``, that score against par for North-South (BR-5 scores; IMPs on
        the WBF scale, ``imps``).  It shows every hand: a table shows it when
        the deal is over, never before."""
        dealt = self.dealt_masks()
        table = dd_table(dealt)
        p = par_of_table(table, self.vulnerability, "S")  # South deals (BR-2.1)
        out: dict[str, Any] = {
            "deal": pbn.format_deal(dealt),
            "hands": [[card_text(c) for c in _ids_in_order(dealt[_to_pbn(seat)])] for seat in range(4)],
            "dd": table,
            "par": {"ns_score": p.ns_score, "text": str(p),
                    "contracts": [{"contract": c.contract, "declarers": c.declarers, "overtricks": c.overtricks,
                                   "undertricks": c.undertricks} for c in p.contracts]},
            "result": None,
        }
        if self.is_over:
            declarer, contract = self.declarer, self.contract
            dd_tricks = None
            if declarer is not None and contract is not None:
                strain = STRAINS.index(contract.rstrip("X")[1:])
                dd_tricks = table[strain][_to_pbn(declarer)]
            ns = self.ns_score()
            out["result"] = {"contract": contract, "declarer": declarer,
                             "tricks": None if declarer is None else self.declarer_tricks,
                             "dd_tricks": dd_tricks, "ns_score": ns, "imps": imps(ns - p.ns_score)}
        return out

    # -- sampling (issue 12 part 2)
    def resample(self, player: int, rng: Any = None) -> "BridgeState":
        """A state ``player`` cannot tell from this one, with the same
        history: every card he has not seen dealt again uniformly among the
        hands that hide it, keeping hand sizes, the cards played, dummy
        (once shown) and the suits each player showed out of.  Its JSON is
        a setup of its own dealt hands plus the moves."""
        check_int(player, "player", 0, 3)
        self._refuse_resample_if_over()
        world = self._pos.sample(player, draw_seed(rng))
        return cast(BridgeGame, self.game)._wrap(world, self._history)


def _check_pbn_tags(state: "BridgeState", rec: dict) -> None:
    """The Contract and Declarer tags of a PBN game against its finished auction (BR-3.3)."""
    decl = state.declarer
    want = "Pass" if decl is None else state.contract
    if rec["contract"] not in (None, "", "?") and rec["contract"].strip().upper() != str(want).upper():
        raise ValueError(f"PBN game: [Contract {rec['contract']!r:.20}] disagrees with the auction, "
                         f"which ends in {want} (BR-3.3)")
    letter = "" if decl is None else SEAT_LETTERS[decl]
    if rec["declarer"] not in (None, "?") and rec["declarer"].strip() != letter:
        raise ValueError(f"PBN game: [Declarer {rec['declarer']!r:.20}] disagrees with the auction, "
                         f"whose declarer is {letter or 'nobody'} (BR-3.3)")


def _claim_pbn_result(state: "BridgeState", result: int) -> None:
    """A PBN game whose play stops before the end with a Result: the side to
    play claims what makes declarer's tricks ``result`` (how ``export_game``
    writes a claimed deal); a claim double-dummy play refuses is refused."""
    decl = cast(int, state.declarer)
    won, left = state.tricks_won[side_of(decl)], state.remaining_tricks
    if not won <= result <= won + left:
        raise ValueError(f"PBN game: result {result} cannot be reached: declarer has {won} tricks "
                         f"with {left} to play")
    mover = cast(int, state.current_player)
    tricks = result - won if side_of(mover) == side_of(decl) else left - (result - won)
    try:
        state.play(Claim(tricks))
    except ValueError as e:
        raise ValueError(f"PBN game: the play stops before the end, and the result {result} "
                         f"is not a claim this position allows: {e}") from None


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
        if t[:5].lower() == "claim":
            return parse_claim(t)
        if state is not None:
            # The phase tells a call from a card; the other kind still parses,
            # so that playing it names the rule it breaks.
            auction = getattr(state, "phase", "auction") == "auction"
            first, second = (parse_call, parse_card) if auction else (parse_card, parse_call)
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
        return cast(BridgeState, self._initial_state(self._setup_of(masks, dealer)))

    def from_hands(self, hands: Sequence, *, dealer: int | None = None) -> BridgeState:
        """A state at the start of the auction from four hands in seat order
        South, West, North, East (card text, card ids, CardSets or masks)."""
        masks = _hand_masks(hands, "South, West, North, East")
        return cast(BridgeState, self._initial_state(self._setup_of([masks[_from_pbn(p)] for p in range(4)], dealer)))

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
        if rec["play"] and state.phase != "play":
            ended = "is not finished" if state.phase == "auction" else "was passed out"
            raise ValueError(f"PBN game: there is a play section, but the auction {ended} (BR-3.3)")
        if state.phase != "auction":
            _check_pbn_tags(state, rec)
        if rec["play"]:
            first, rows = rec["play_first"], rec["play"]
            opener = cast(int, state.seat_to_play)
            if first != SEAT_LETTERS[opener]:
                raise ValueError(f"PBN game: the play must start with the opening leader "
                                 f"{SEAT_LETTERS[opener]}, not {first!r}")
            for i, row in enumerate(rows):
                by_seat = {(opener + k) % 4: c for k, c in enumerate(row) if c is not None}
                for _ in range(len(by_seat)):
                    if state.phase != "play":
                        raise ValueError("PBN game: more cards than the deal has tricks")
                    seat = cast(int, state.seat_to_play)
                    if seat not in by_seat:
                        raise ValueError(f"PBN game: trick {i + 1} has no card for {SEAT_LETTERS[seat]}")
                    try:
                        state.play(card_text(by_seat.pop(seat)))
                    except ValueError as e:
                        raise ValueError(f"PBN game: trick {i + 1} does not replay: {e}") from None
        res = rec["result"]
        if res is not None and state.phase == "play":
            _claim_pbn_result(state, res)   # the play stopped early: a claim (export_game writes one so)
        if res is not None and state.phase == "over" and state.declarer is not None:
            if res != state.declarer_tricks:
                raise ValueError(f"PBN game: result {res} disagrees with the play ({state.declarer_tricks} tricks)")
        return state

    # -- sampling and the rollout policy (issue 12 parts 2 and 3)
    def _wrap(self, position: Position, history: Sequence) -> BridgeState:
        dealt = position.dealt()
        state = BridgeState(self, {"deal": pbn.format_deal([dealt[_from_pbn(p)] for p in range(4)])}, position)
        state._history = list(history)
        return state

    def sample_world(self, observation: Any, rng: Any = None) -> Position:
        """A compiled position the observing player cannot tell from the real
        one: his hand and the public history kept (auction, cards played,
        dummy once shown), every unseen card dealt again uniformly among the
        hands that hide it, within their sizes and the voids they showed."""
        return Position.world(*self.world_of(observation), draw_seed(rng))

    def world_of(self, observation: Any) -> tuple[bytes, bytes, int, int, int, int]:
        """The observation read once for ``Position.world(*args, seed)``
        (what ``sample_world`` does each time): calls, cards played, the
        player, his hand, dummy's (0 if unseen), the vulnerability."""
        data = observation.data if isinstance(observation, Observation) else observation
        if not isinstance(data, dict):
            raise ArgumentTypeError(f"an observation is an Observation or its dict, not {type(data).__name__}")
        try:
            player = check_int(data["player"], "player", 0, 3)
            vul = VULNERABILITY.index(data["vulnerability"])
            calls = bytes(_MOVE_IDS[t] for t in data["auction"])
            cards = bytes(_CARD_IDS[t] for tr in data["tricks"] for _, t in tr["cards"])
            cards += bytes(_CARD_IDS[t] for _, t in data["trick"])
            own = _mask_of(data["hand"])
            dummy = _mask_of(data["dummy_hand"] or ())
            return calls, cards, player, own, dummy, vul
        except (KeyError, TypeError, AttributeError) as e:
            raise InvalidSetupError(f"not a bridge observation: {e!r:.60}") from None

    def policy_move(self, observation: Any, legal_moves: Any = None, rng: Any = None) -> Move:
        """The rollout policy's move for the player to move (his observation):
        second hand low, third hand high, cash winners, ruff when void,
        follow low when the trick is lost; in the auction a natural opening,
        response, rebid and overcall by points and shape, else pass.  It reads
        only what the mover knows, so any world of his serves."""
        data = observation.data if isinstance(observation, Observation) else observation
        if not isinstance(data, dict) or data.get("current_player") != data.get("player"):
            raise ValueError("policy_move needs the observation of the player to move")
        move = MOVES[cast(int, self.sample_world(data, rng).policy())]
        if legal_moves is not None and move not in legal_moves:
            raise ValueError(f"the policy's move {move} is not among the legal moves given")
        return move

    def rollout(self, position: Any, rng: Any = None) -> tuple:
        """Play ``position`` (a compiled Position, or a state's) to the end in
        the core with the policy in every seat, without the GIL; return the
        returns.  The policy is deterministic: ``rng`` is accepted for the
        shared signature."""
        if isinstance(position, BridgeState):
            position = position._pos
        if not isinstance(position, Position):
            raise ArgumentTypeError(f"rollout takes a bridge Position or state, not {type(position).__name__}")
        return position.copy().rollout()

    def deal_summary(self, state: State) -> dict:
        assert isinstance(state, BridgeState)
        out = super().deal_summary(state)
        sc = state.score()
        out["passed_out"] = state.passed_out
        out["made"] = sc is not None and int(sc) >= 0
        out["level"] = int(state.contract[0]) if state.contract else 0
        out["ns_score"] = state.ns_score()
        out["vulnerability"] = state.vulnerability
        out["contract"] = state.contract
        out["declarer"] = state.declarer
        out["declarer_tricks"] = state.declarer_tricks if state.contract else None
        out["calls"] = len(state.auction)
        return out

    def arena_game(self, index: int, options: dict) -> "BridgeGame":
        """The game deal ``index`` of an arena run is played in: the
        vulnerability cycles none, ns, ew, both by deal unless the run's
        ``options`` fix it."""
        if "vulnerability" in options:
            return self
        return type(self)(**{**self._options, "vulnerability": VULNERABILITY_CYCLE[index % 4]})

    def duplicate_imps(self, rows: Sequence[dict], agent: str) -> int:
        """IMPs for ``agent`` on one deal of an arena run from its two
        tables (rows): its side's score at one table against the other
        side's score at the other (North-South scores: NS1 - NS2)."""
        ns = {row["seats"][0] == agent: row["summary"]["ns_score"] for row in rows}
        if set(ns) != {True, False}:
            raise ValueError(f"a duplicate deal has a table with {agent} North-South and one with it East-West")
        return imps(ns[True] - ns[False])

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
_CARD_IDS = {card_text(c): c for c in range(52)}
_MOVE_IDS = {str(m): i for i, m in enumerate(MOVES) if i >= 52}


def _mask_of(texts: Sequence[str]) -> int:
    m = 0
    for t in texts:
        m |= 1 << _CARD_IDS[t]
    return m
