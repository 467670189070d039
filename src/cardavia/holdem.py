"""No-limit Texas Hold'em (RULES.md §5): a match of four players, or single hands.

The hand itself — blinds, dealing with burns, the betting rounds, the run-out
and the pots — runs in the compiled core (``cardavia._core.holdem_core`` on the
shared betting round of ``cardavia._core.betting``); this module adds the
match (button rotation, elimination), the moves and what each player sees.

>>> import cardavia
>>> state = cardavia.load("holdem").new_state(seed=1)
>>> [str(m) for m in state.legal_moves()][:3]
['fold', 'call', 'raise 40']
>>> "raise 137" in state.legal_moves()
True
"""
from __future__ import annotations

from typing import Any, Sequence

from cardavia._core import betting as B
from cardavia._core.holdem_core import HoldemHand, showdown_strengths
from cardavia._core.rng import Random, derive_seed
from cardavia.betting import (
    MAX_AMOUNT,
    BetMove,
    actor_figures,
    allin_move,
    bet_menu,
    check_bet,
    parse_bet_text,
    raise_range,
)
from cardavia.cards import card_text, to_card_ids
from cardavia.game import (
    TERMINAL,
    Game,
    IllegalMoveError,
    LegalMoves,
    Move,
    State,
)

__all__ = ["BetMove", "HoldemGame", "HoldemState", "GAME"]

STREETS = ("preflop", "flop", "turn", "river", "showdown", "over")
SHOWDOWN, OVER = 4, 5

# betting core error code -> the rule of RULES.md §5 it enforces
_TH_RULES = {B.NO_ACTOR: "TH-3.4", B.CHECK_OWES: "TH-3.1", B.CALL_NOTHING: "TH-3.1",
             B.NO_RAISE_CHIPS: "TH-3.1", B.NO_RAISE_OPPONENT: "TH-3.3", B.NOT_REOPENED: "TH-3.3",
             B.TOO_SMALL: "TH-3.2", B.TOO_LARGE: "TH-3.2", B.FOLD_FREE: "TH-3.1"}


class HoldemLegalMoves(LegalMoves):
    """Lists fold/check/call, the minimum raise, half-pot, pot and all-in;
    ``in`` (the base class's, which checks without building anything)
    accepts any legal total: ``"raise 137" in moves``.  See
    ``HoldemState.raise_range()`` for all of them."""

    lists_subset = True


class HoldemState(State):
    legal_moves_class = HoldemLegalMoves

    def __init__(self, game: "HoldemGame", setup: dict):
        super().__init__(game, setup)
        opts = game._options
        self._sb, self._bb = opts["small_blind"], opts["big_blind"]
        self._match = opts["match"]
        n = game.num_players
        if "stacks" in setup:
            stacks = [int(s) for s in setup["stacks"]]
            button = int(setup.get("button", 0))
            deck = setup.get("deck")
        else:
            stacks = [opts["stack"]] * n
            button, deck = 0, None
        if len(stacks) != n or any(s < 0 for s in stacks) or sum(1 for s in stacks if s > 0) < 2:
            raise ValueError(f"holdem needs {n} stacks, at least two of them positive")
        if sum(stacks) > MAX_AMOUNT:
            raise ValueError(f"holdem: the table's chips must not exceed {MAX_AMOUNT} in all")
        if not 0 <= button < n or stacks[button] <= 0:
            raise ValueError("the button must be at a seat with chips")
        self._seed = int(setup.get("seed", 0))
        self._stacks = stacks                 # before the current hand
        self._initial = list(stacks)
        self._hand_no = 0
        self._last_bb = -1
        self._over = False
        self._shown: dict[int, list[int]] = {}
        self._hand: HoldemHand = None  # type: ignore[assignment]
        self._start_hand(button, deck)

    # -- the match ----------------------------------------------------------
    def _deck_for(self, hand_no: int) -> list[int]:
        return Random(derive_seed(self._seed, hand_no)).shuffle_ids(range(52))

    def _next_button(self) -> int:
        """TH-2.2: the next player still in the match clockwise; TH-2.3:
        heads-up, nobody posts the big blind twice in a row."""
        n = self.game.num_players
        b = self._hand.button
        alive = [p for p in range(n) if self._stacks[p] > 0]
        nb = next((b + k) % n for k in range(1, n + 1) if self._stacks[(b + k) % n] > 0)
        if len(alive) == 2:
            other = alive[0] if alive[1] == nb else alive[1]
            if other == self._last_bb:
                nb = other
        return nb

    def _start_hand(self, button: int, deck: Sequence[int] | None = None) -> None:
        if deck is None:
            deck = self._deck_for(self._hand_no)
        self._hand = HoldemHand(self._stacks, button, list(deck), self._sb, self._bb)
        self._shown = {}
        self._record_chance(f"hand {self._hand_no + 1}: button {button}, small blind {self._hand.sb_seat}, "
                            f"big blind {self._hand.bb_seat}")
        self._board_seen = 0
        self._after_action()

    def _after_action(self) -> None:
        h = self._hand
        board = h.board
        if len(board) > self._board_seen:
            for name, lo, hi in (("flop", 0, 3), ("turn", 3, 4), ("river", 4, 5)):
                if self._board_seen <= lo and len(board) >= hi:
                    self._record_chance(f"{name} {' '.join(card_text(c) for c in board[lo:hi])}")
            self._board_seen = len(board)
        if h.street == SHOWDOWN:
            live = [p for p in range(h.n) if h.dealt[p] and not h.folded[p]]
            strengths = showdown_strengths([h.hole(p) if p in live else [] for p in range(h.n)], board)
            for p in live:
                self._shown[p] = h.hole(p)
                self._record_chance(f"show {p}: {' '.join(card_text(c) for c in h.hole(p))}")
            h.settle([strengths[p] if p in live else -1 for p in range(h.n)])
        if h.street == OVER:
            self._finish_hand()

    def _finish_hand(self) -> None:
        h = self._hand
        folded = h.folded
        for p, w in enumerate(h.won):
            if w:   # a folded player only gets back chips nobody matched (TH-5.1)
                self._record_chance(f"{'return' if folded[p] else 'win'} {p}: {w}")
        self._last_bb = h.bb_seat
        self._stacks = h.final_stacks
        self._hand_no += 1
        alive = sum(1 for s in self._stacks if s > 0)
        if not self._match or alive < 2:
            self._over = True
            return
        self._start_hand(self._next_button())

    # -- State hooks ----------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self._over else self._hand.actor

    @property
    def is_over(self) -> bool:
        return self._over

    def _legal(self):
        if self._over:
            return []
        return bet_menu(self._hand)

    def _check(self, move: Move) -> None:
        if not isinstance(move, BetMove):
            raise IllegalMoveError(f"{move!r} is not a Hold'em move")
        if self._over:
            raise IllegalMoveError("the game is over")
        check_bet(move, self._hand, _TH_RULES, "TH-3.2", " this round")

    def _apply(self, move: Move) -> None:
        self._hand.apply(move.action, move.amount)
        self._after_action()

    def resolve_allin(self) -> BetMove:
        """The concrete move of "allin" for the player to act."""
        if self._over:
            raise IllegalMoveError("the game is over")
        return allin_move(self._hand, _TH_RULES)

    def raise_range(self) -> range:
        """Every legal bet or raise total of the player to act (empty when none)."""
        return range(0) if self._over else raise_range(self._hand)

    def returns(self) -> list:
        n = self.game.num_players
        if not self._over:
            return [0] * n
        if self._match:
            alive = [p for p in range(n) if self._stacks[p] > 0]
            if len(alive) == 1:
                return [n - 1 if p == alive[0] else -1 for p in range(n)]
            return [0] * n
        return [self._stacks[p] - self._initial[p] for p in range(n)]

    def _observe(self, player: int) -> dict:
        h = self._hand
        n = self.game.num_players
        live = [h.dealt[p] and not h.folded[p] for p in range(n)]
        out = {
            "hand_number": self._hand_no + (0 if self._over else 1),
            "street": STREETS[h.street],
            "button": h.button,
            "small_blind_seat": h.sb_seat,
            "big_blind_seat": h.bb_seat,
            "blinds": [self._sb, self._bb],
            "stacks": h.final_stacks if h.street == OVER else h.stacks,
            "bets": h.bets,
            "pot": h.pot,
            "in_hand": live,
            "eliminated": [not h.dealt[p] for p in range(n)],
            "board": [card_text(c) for c in h.board],
            "hole": [card_text(c) for c in h.hole(player)] if h.dealt[player] else [],
            "shown": {str(p): [card_text(c) for c in cards] for p, cards in sorted(self._shown.items())},
        }
        if not self._over and h.actor == player:
            out.update(actor_figures(h))
        return out

    def _copy(self) -> "HoldemState":
        c = self._shallow_copy()
        c._stacks = list(self._stacks)
        c._shown = dict(self._shown)
        c._hand = self._hand.copy()
        return c

    # -- analysis -------------------------------------------------------------
    @property
    def hand(self) -> HoldemHand:
        """The compiled hand in play (read it; do not change it)."""
        return self._hand

    @property
    def stacks(self) -> list[int]:
        """Chips behind of each seat now (or at the end)."""
        h = self._hand
        return h.final_stacks if h.street == OVER else h.stacks


class HoldemGame(Game):
    """No-limit Texas Hold'em, 4 seats, 1000 chips, blinds 10/20 (RULES.md §5)."""

    name = "holdem"
    title = "Texas Hold'em"
    num_players = 4
    state_class = HoldemState
    plays_matches = True
    default_options = {"stack": 1000, "small_blind": 10, "big_blind": 20}

    def _validate_options(self) -> None:
        o = self._options
        for key in ("stack", "small_blind", "big_blind"):
            if not isinstance(o[key], int) or isinstance(o[key], bool) or o[key] < 1:
                raise ValueError(f"holdem: option {key} must be a positive integer")
        if o["stack"] * self.num_players > MAX_AMOUNT or o["big_blind"] > MAX_AMOUNT:
            raise ValueError(f"holdem: the table's chips must not exceed {MAX_AMOUNT} in all")
        if o["small_blind"] > o["big_blind"]:
            raise ValueError("holdem: the small blind cannot exceed the big blind")
        if not isinstance(o["match"], bool):
            raise ValueError("holdem: option match must be True or False")

    def parse_move(self, text: str, state: State | None = None) -> Move:
        return parse_bet_text(text, allin=state.resolve_allin if state is not None else None)

    def from_hands(self, stacks: Sequence[int], button: int = 0, hole: Sequence[Any] | None = None,
                   board: Any = "", seed: int = 0) -> HoldemState:
        """A state at the start of a hand with given stacks, button, hole
        cards (one entry per seat, text like ``"AhKd"`` or ids; ``None`` or
        ``""`` to deal at random) and board (up to five cards).  Unknown
        cards come from ``seed``.  In a match the next hands are shuffled
        from ``seed`` as usual."""
        n = self.num_players
        stacks = [int(s) for s in stacks]
        if len(stacks) != n:
            raise ValueError(f"holdem needs {n} stacks")
        if sum(stacks) > MAX_AMOUNT or any(s < 0 for s in stacks):
            raise ValueError(f"holdem: stacks must be 0 or more and not exceed {MAX_AMOUNT} in all")
        if not isinstance(button, int) or not 0 <= button < n or stacks[button] <= 0:
            raise ValueError("the button must be at a seat with chips")
        hole = list(hole) if hole is not None else [None] * n
        if len(hole) != n:
            raise ValueError(f"holdem needs {n} hole entries (None for random)")
        holes = [to_card_ids(h) if h else [] for h in hole]
        board_ids = to_card_ids(board) if board else []
        deck = deck_for_cards(stacks, button, holes, board_ids, seed)
        setup = {"seed": int(seed), "stacks": stacks, "button": int(button), "deck": deck}
        return self._initial_state(setup)

    # -- simulation -------------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        out = super().deal_summary(state)
        hands = flops = showdowns = pot = 0
        shown = False
        for p, m in state.history:
            if p >= 0:
                continue
            t = str(m)
            if t.startswith("hand "):
                hands += 1
                shown = False
            elif t.startswith("flop "):
                flops += 1
            elif t.startswith("show ") and not shown:
                showdowns += 1
                shown = True
            elif t.startswith("win "):
                pot += int(t.rsplit(" ", 1)[1])
        out.update(hands=hands, flops=flops, showdowns=showdowns, pot=pot)
        return out

    def summarize(self, summaries: Sequence[dict]) -> dict:
        out = super().summarize(summaries)
        n = len(summaries)
        if n:
            hands = sum(s["hands"] for s in summaries)
            if self._options["match"]:
                out["hands_per_match"] = hands / n
                out["longest_match"] = max(s["hands"] for s in summaries)
            out["flop_rate"] = sum(s["flops"] for s in summaries) / hands
            out["showdown_rate"] = sum(s["showdowns"] for s in summaries) / hands
            out["mean_pot"] = sum(s["pot"] for s in summaries) / hands
            out["moves_per_hand"] = sum(s["moves"] for s in summaries) / hands
        return out


def deck_for_cards(stacks: Sequence[int], button: int, holes: Sequence[Sequence[int]],
                   board: Sequence[int], seed: int = 0) -> list[int]:
    """A 52-card dealing order that gives the wanted hole cards and board
    (TH-2.4 order: hole cards one at a time from the small blind, a burn
    before the flop, turn and river); other cards shuffled from ``seed``."""
    n = len(stacks)
    dealt = [p for p in range(n) if stacks[p] > 0]
    if len(board) > 5:
        raise ValueError("a board has at most five cards")
    used = [c for h in holes for c in h] + list(board)
    if len(set(used)) != len(used):
        raise ValueError("a card is given twice")
    for p, h in enumerate(holes):
        if h and (len(h) != 2 or p not in dealt):
            raise ValueError(f"seat {p}: give two hole cards for a seat with chips, or none")
    rest = [c for c in Random(seed).shuffle_ids(range(52)) if c not in set(used)]
    sb = button if len(dealt) == 2 else _next(dealt, button, n)
    order = []
    p = sb
    for _ in dealt:
        order.append(p)
        p = _next(dealt, p, n)
    deck: list[int | None] = [None] * 52
    for r in range(2):
        for i, p in enumerate(order):
            if holes[p]:
                deck[r * len(order) + i] = holes[p][r]
    pos = 2 * len(order)
    slots = [pos + 1, pos + 2, pos + 3, pos + 5, pos + 7]
    for c, s in zip(board, slots):
        deck[s] = c
    it = iter(rest)
    return [c if c is not None else next(it) for c in deck]


def _next(dealt: Sequence[int], seat: int, n: int) -> int:
    for k in range(1, n + 1):
        if (seat + k) % n in dealt:
            return (seat + k) % n
    return seat


GAME = HoldemGame
