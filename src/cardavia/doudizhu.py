"""Dou Dizhu (Fight the Landlord), RULES.md section 1.

>>> import cardavia
>>> from cardavia import doudizhu
>>> [str(m) for m in doudizhu.classify("3h 3s 3d 4h 4s 4d 5h 6c")]
['33344456']
>>> doudizhu.classify("3h 3s 3d 4h 4s 4d 5h 6c")[0].kind
'airplane_single_wings'

Moves: ``bid 1``..``bid 3`` and ``pass`` while bidding; in play ``pass`` or
a combination written as ranks ascending in ``3456789TJQKA2BR``.  A reading
may be named with a ``kind:`` prefix (``"airplane_single_wings:33344456"``);
the plain ranks mean the default (first generated) reading, and ``str(move)``
adds the prefix only for a non-default reading (DDZ-4.6).  Under the settled
wing rules of DDZ-4.3 no set of ranks has two readings, so in practice the
text is the plain ranks.  A play given as ranks takes the lowest card ids of
those ranks from the hand.

Analysis: ``moves(hand, last=None)`` and ``classify(cards)``;
``DouDizhu().from_hands(...)`` builds a state from given hands.
"""
from __future__ import annotations

from typing import Any, Sequence

from cardavia import climbing
from cardavia._core import climb as _core
from cardavia._core.rng import Random
from cardavia.cards import CardSet, InvalidCardError
from cardavia.game import TERMINAL, Game, HistoryEntry, IllegalMoveError, InvalidMoveError, Move, State

GAME_ID = 0


class DouDizhuMove(climbing.ClimbMove, Move):
    """A Dou Dizhu move: ``pass``, ``bid N`` or a combination with its
    reading (``kind``: ``"single"``, ``"airplane_single_wings"`` …)."""

    __slots__ = ()


_core.register_move_type(GAME_ID, DouDizhuMove)
PASS = _core.pass_move(GAME_ID)
BIDS = {b: _core.bid_move(GAME_ID, b) for b in (1, 2, 3)}

BIDDING, PLAY, OVER = "bidding", "play", "over"
_View = climbing.ClimbLegalMoves
_check_play = _core.check_play
_new_entry = tuple.__new__
_make_view = _core.make_view
_NO_EXTRA: tuple = ()
_PASS_ONLY = (PASS,)
_BID_OPTIONS = {h: (PASS,) + tuple(BIDS[b] for b in range(h + 1, 4)) for h in range(4)}


class DouDizhuState(climbing.ClimbState):
    def __init__(self, game: "DouDizhu", setup: dict):
        super().__init__(game, setup)
        self._rng = Random(setup.get("seed", 0))
        self._played = [0, 0, 0]
        self._plays = [0, 0, 0]
        self._bids: list[int] = []
        self._last = None
        self._last_player = -1
        self._passes = 0
        self._mult = 1
        self._bombs = 0
        self._redeals = 0
        self._winner = -1
        self._spring = False
        self._landlord = -1
        self._bid = 0
        self._high = 0
        self._high_bidder = -1
        self._npass = 0
        self._first_bidder = -1  # -1: the state starts after the bidding
        if "hands" in setup:
            hands = [climbing.bits_of(h) for h in setup["hands"]]
            bottom = climbing.bits_of(setup.get("bottom") or "")
            if len(hands) != 3 or not all(hands):
                raise ValueError("Dou Dizhu needs three hands, none empty")
            self._hands = hands
            self._bottom = bottom
            if setup.get("landlord") is not None:
                landlord, bid = int(setup["landlord"]), int(setup.get("bid", 1))
                if landlord not in (0, 1, 2) or bid not in (1, 2, 3):
                    raise ValueError("landlord must be 0-2 and bid 1-3")
                self._start_play(landlord, bid)
            else:
                first = int(setup.get("first_bidder", 0))
                if first not in (0, 1, 2):
                    raise ValueError("first_bidder must be 0-2")
                self._start_bidding(first)
        else:
            self._deal()

    # -- setup ------------------------------------------------------------
    def _deal(self) -> None:
        self._deal_cards_only()
        self._start_bidding(self._rng.randbelow(3))

    def _start_bidding(self, first: int) -> None:
        self._phase = BIDDING
        self._first_bidder = first
        self._cur = first
        self._high = 0
        self._high_bidder = -1
        self._npass = 0
        self._counts = [_core.card_counts(h) for h in self._hands]

    def _start_play(self, landlord: int, bid: int) -> None:
        self._landlord = landlord
        self._bid = bid
        self._hands[landlord] |= self._bottom
        self._counts = [_core.card_counts(h) for h in self._hands]
        self._phase = PLAY
        self._cur = landlord

    # -- the State hooks ----------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self._phase == OVER else self._cur

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def phase(self) -> str:
        """``"bidding"``, ``"play"`` or ``"over"``."""
        return self._phase

    @property
    def landlord(self) -> int:
        """The landlord's seat, -1 while bidding."""
        return self._landlord

    @property
    def winner(self) -> int:
        """The seat that went out (-1 while the deal goes on)."""
        return self._winner

    @property
    def multiplier(self) -> int:
        return self._mult

    def legal_moves(self) -> climbing.ClimbLegalMoves:
        if self._phase is PLAY:
            last = self._last
            return _make_view(_View, self, GAME_ID, self._counts[self._cur], last, False,
                              _NO_EXTRA if last is None else _PASS_ONLY)
        if self._phase is BIDDING:
            return _make_view(_View, self, -1, 0, None, False, _BID_OPTIONS[self._high])
        return _make_view(_View, self, -1, 0, None, False, _NO_EXTRA)

    def play(self, move: Any) -> Move:
        # The fast path of State.play for a move value in the play phase:
        # the same checks (``_check`` raises the full error when one fails).
        if type(move) is not DouDizhuMove or self._phase is not PLAY:
            return State.play(self, move)
        kind = move.kind_id
        if kind == 0:
            if self._last is None:
                self._check(move)
        elif kind == 17 or _check_play(move, self._counts[self._cur], self._last):
            self._check(move)
        self._history.append(_new_entry(HistoryEntry, (self._cur, move)))
        self._apply(move)
        return move

    def _check(self, move: Move) -> None:
        if not isinstance(move, DouDizhuMove):
            raise IllegalMoveError(f"{move!r} is not a Dou Dizhu move", rule="DDZ-4")
        kind = move.kind_id
        if self._phase == BIDDING:
            if kind == 0:
                return
            if kind != 17:
                raise IllegalMoveError("bidding comes first: bid 1-3 or pass", rule="DDZ-2.2")
            if move.rank <= self._high:
                raise IllegalMoveError(f"a bid must exceed the highest bid ({self._high})", rule="DDZ-2.2")
            return
        if kind == 17:
            raise IllegalMoveError("the bidding is over", rule="DDZ-2.3")
        if kind == 0:
            if self._last is None:
                raise IllegalMoveError("the leader cannot pass", rule="DDZ-3.1")
            return
        if not _core.counts_within(move.counts, self._counts[self._cur]):
            raise IllegalMoveError(f"{move} is not in hand", rule="DDZ-3.1")
        last = self._last
        if last is not None and not _core.can_beat(move, last):
            if last.kind == "rocket":
                rule = "DDZ-3.5"
            elif last.kind == "bomb":
                rule = "DDZ-3.4"
            elif move.kind_id != last.kind_id or move.length != last.length:
                rule = "DDZ-4.5"
            else:
                rule = "DDZ-3.3"
            raise IllegalMoveError(f"{move} ({move.kind}) does not beat {last} ({last.kind})", rule=rule)

    def _apply(self, move: Move) -> None:
        p = self._cur
        kind = move.kind_id
        if self._phase == BIDDING:
            self._bids.append(move.rank if kind == 17 else 0)
            if kind == 0:
                self._npass += 1
            else:
                self._high = move.rank
                self._high_bidder = p
                self._npass = 0
            if self._high == 3 or (self._high_bidder >= 0 and self._npass == 2):
                self._start_play(self._high_bidder, self._high)
            elif self._high_bidder < 0 and self._npass == 3:
                self._redeal()
            else:
                self._cur = (p + 1) % 3
            return
        if kind == 0:
            self._passes += 1
            if self._passes == 2:
                self._last = None
                self._passes = 0
            self._cur = (p + 1) % 3
            return
        cards = _core.take_cards(self._hands[p], move.counts)
        self._hands[p] &= ~cards
        self._counts[p] -= move.counts
        self._played[p] |= cards
        self._plays[p] += 1
        if kind == 13 or kind == 16:
            self._mult *= 2
            self._bombs += 1
        self._last = move
        self._last_player = p
        self._passes = 0
        if self._hands[p] == 0:
            self._finish(p)
        else:
            self._cur = (p + 1) % 3

    def _redeal(self) -> None:
        self._redeals += 1
        self._deal_cards_only()
        first = self._rng.randbelow(3)
        self._record_chance(f"redeal: first bidder {first}")
        self._bids = []
        self._start_bidding(first)

    def _deal_cards_only(self) -> None:
        deck = self._rng.shuffle_ids(range(54))
        self._hands = [sum(1 << c for c in deck[17 * p:17 * p + 17]) for p in range(3)]
        self._bottom = sum(1 << c for c in deck[51:])

    def _finish(self, winner: int) -> None:
        ll = self._landlord
        self._winner = winner
        if winner == ll:
            self._spring = all(self._plays[q] == 0 for q in range(3) if q != ll)
        else:
            self._spring = self._plays[ll] == 1
        if self._spring:
            self._mult *= 2
        self._phase = OVER

    def returns(self) -> list:
        if self._phase != OVER:
            return [0, 0, 0]
        unit = self._bid * self._mult
        sign = 1 if self._winner == self._landlord else -1
        return [2 * unit * sign if p == self._landlord else -unit * sign for p in range(3)]

    @property
    def spring(self) -> str | None:
        """``"spring"``, ``"reverse_spring"`` or None (DDZ-5.3)."""
        if not self._spring:
            return None
        return "spring" if self._winner == self._landlord else "reverse_spring"

    @property
    def bombs(self) -> int:
        """Bombs and rockets played so far."""
        return self._bombs

    @property
    def redeals(self) -> int:
        return self._redeals

    def _observe(self, player: int) -> dict:
        return {
            "phase": self._phase,
            "hand": climbing.cards_text(self._hands[player]),
            "hand_sizes": [bin(h).count("1") for h in self._hands],
            "first_bidder": self._first_bidder,
            "bids": list(self._bids),
            "highest_bid": self._high,
            "landlord": self._landlord,
            "bid": self._bid,
            "bottom": climbing.cards_text(self._bottom) if self._landlord >= 0 else None,
            "played": [climbing.cards_text(b) for b in self._played],
            "last_play": None if self._last is None else str(self._last),
            "last_player": self._last_player if self._last is not None else -1,
            "multiplier": self._mult,
            "bombs": self._bombs,
            "redeals": self._redeals,
            "returns": self.returns(),
        }

    def _copy(self) -> "DouDizhuState":
        c = super()._copy()
        c._rng = self._rng.copy()
        c._bids = list(self._bids)
        return c


class DouDizhu(Game):
    """Dou Dizhu for three players: bidding, then one deal (RULES.md §1)."""

    name = "doudizhu"
    title = "Dou Dizhu (Fight the Landlord)"
    num_players = 3
    state_class = DouDizhuState
    default_options: dict = {}
    game_id = GAME_ID

    def parse_move(self, text: str, state: State | None = None) -> DouDizhuMove:
        if not isinstance(text, str):
            raise InvalidMoveError(f"move text must be a str, not {type(text).__name__}")
        t = " ".join(text.split())
        low = t.lower()
        if low == "pass":
            return PASS
        if low.startswith("bid"):
            rest = low[3:].strip()
            if rest in ("1", "2", "3"):
                return BIDS[int(rest)]
            raise InvalidMoveError(f"{text!r}: bids are 'bid 1', 'bid 2' or 'bid 3'")
        if not t or " " in t:
            raise InvalidMoveError(f"{text!r} is not a Dou Dizhu move: write 'pass', 'bid N' "
                                   "or the ranks of a play, e.g. '33344456'")
        return climbing.parse_play(GAME_ID, t, rule="DDZ-4")

    def from_hands(self, hands: Sequence[Any], bottom: Any = None, landlord: int | None = None,
                   bid: int = 1, first_bidder: int = 0, seed: int = 0) -> DouDizhuState:
        """A state from given hands (card text or ids), for analysis and tests.

        With ``landlord`` (and ``bid``) the bidding is done: the landlord's
        hand gets the ``bottom`` cards (if not already in it) and leads.
        Without, bidding starts at ``first_bidder``; ``bottom`` (3 cards) goes
        to the landlord, and a redeal (all pass) shuffles the full pack with
        ``Random(seed)``.
        """
        if len(hands) != 3:
            raise ValueError("Dou Dizhu needs three hands")
        bits = [climbing.bits_of(h) for h in hands]
        if not all(bits):
            raise ValueError("every hand needs at least one card")
        b = climbing.bits_of(bottom or "")
        seen = 0
        for h in bits + ([b & ~bits[landlord]] if landlord is not None else [b]):
            if seen & h:
                raise InvalidCardError("the same card is in two hands")
            seen |= h
        setup: dict = {"hands": [climbing.cards_text(h) for h in bits],
                       "bottom": climbing.cards_text(b), "seed": int(seed)}
        if landlord is not None:
            if landlord not in (0, 1, 2) or bid not in (1, 2, 3):
                raise ValueError("landlord must be 0-2 and bid 1-3")
            setup.update(landlord=landlord, bid=bid)
        else:
            if first_bidder not in (0, 1, 2):
                raise ValueError("first_bidder must be 0-2")
            if bin(b).count("1") != 3:
                raise ValueError("bidding needs the 3 bottom cards")
            setup["first_bidder"] = first_bidder
        return DouDizhuState(self, setup)

    # -- simulation -----------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        return {"returns": list(state.returns()), "landlord": state.landlord,
                "landlord_won": state.winner == state.landlord, "bombs": state.bombs,
                "spring": state.spring, "multiplier": state.multiplier,
                "redeals": state.redeals, "moves": len(state.history)}

    def summarize(self, summaries: Sequence[dict]) -> dict:
        n = len(summaries)
        out: dict = {"deals": n}
        if not n:
            return out
        out["landlord_win_rate"] = sum(s["landlord_won"] for s in summaries) / n
        out["mean_score"] = [sum(s["returns"][p] for s in summaries) / n for p in range(3)]
        out["mean_landlord_score"] = sum(s["returns"][s["landlord"]] for s in summaries) / n
        out["bombs_per_deal"] = sum(s["bombs"] for s in summaries) / n
        out["spring_rate"] = sum(s["spring"] == "spring" for s in summaries) / n
        out["reverse_spring_rate"] = sum(s["spring"] == "reverse_spring" for s in summaries) / n
        out["mean_multiplier"] = sum(s["multiplier"] for s in summaries) / n
        out["redeals_per_deal"] = sum(s["redeals"] for s in summaries) / n
        return out


GAME = DouDizhu
_hand_moves = _core.hand_moves
_GAME = DouDizhu()


def moves(hand: Any, last: Any = None) -> list[DouDizhuMove]:
    """Every legal play (pass excluded) of ``hand`` (card text or ids):
    leading when ``last`` is None, else the plays beating ``last`` (a move or
    its text).  One move per distinct (ranks, reading)."""
    bits = hand.bits if type(hand) is CardSet else climbing.bits_of(hand)
    if last is not None and type(last) is not DouDizhuMove:
        last = climbing.coerce_last(_GAME, last)
    return _hand_moves(GAME_ID, bits, last)


def classify(cards: Any) -> list[DouDizhuMove]:
    """Every reading of a set of cards (card text or ids, or ranks text such
    as ``"33344456"``); an empty list when they form no combination."""
    return _core.classify(GAME_ID, climbing.counts_of(cards))


__all__ = ["DouDizhu", "DouDizhuMove", "DouDizhuState", "GAME", "PASS", "classify", "moves"]
