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

The rules live in the compiled position (``cardavia._core.climb``); the
state wraps it.  Observation keys: ``phase`` (``"bidding"``, ``"play"``,
``"over"``), ``hand``, ``hand_sizes``, ``played``, ``last_play``,
``last_player``, ``bombs`` (the shared ones) and ``first_bidder`` (None once
a state starts after the bidding), ``bids`` (this round's bids, 0 for a
pass), ``highest_bid``, ``landlord`` (None while bidding), ``bid``,
``bottom`` (list of card texts once the landlord has taken them, else
None), ``multiplier``, ``redeals``, ``returns``.

Analysis: ``moves(hand, last=None)`` and ``classify(cards)``;
``DouDizhuGame().from_hands(hands, ...)`` builds a state from given hands.
"""
from __future__ import annotations

from typing import Any, ClassVar, Sequence, cast

from cardavia import climbing
from cardavia.i18n import N_
from cardavia._core import climb as _core
from cardavia.cards import CardSet
from cardavia.game import (ArgumentTypeError, Game, HistoryEntry, IllegalMoveError, InvalidMoveError,
                           InvalidSetupError, Move, State, check_int, check_seed)

GAME_ID = 0
_K = climbing.KIND
_E = climbing.ERRORS
K_PASS, K_BID, K_BOMB, K_ROCKET = _K["pass"], _K["bid"], _K["bomb"], _K["rocket"]


class DouDizhuMove(climbing.ClimbMove, Move):
    """A Dou Dizhu move: ``pass``, ``bid N`` or a combination with its
    reading (``kind``: ``"single"``, ``"airplane_single_wings"`` …)."""

    __slots__ = ()


_core.register_move_type(GAME_ID, DouDizhuMove)
PASS = _core.pass_move(GAME_ID)
BIDS = {b: _core.bid_move(GAME_ID, b) for b in (1, 2, 3)}

BIDDING, PLAY, OVER = "bidding", "play", "over"
_new_entry = tuple.__new__
_Position = climbing.Position

# Why a move is refused: error code -> (rule, message).
_MESSAGES = {   # the English is also the message id of the site's translations
    _E["over"]: (None, N_("the deal is over")),
    _E["bid_first"]: ("DDZ-2.2", N_("bidding comes first: bid 1-3 or pass")),
    _E["bid_over"]: ("DDZ-2.3", N_("the bidding is over")),
    _E["leader_pass"]: ("DDZ-3.1", N_("the leader cannot pass")),
}


class DouDizhuState(climbing.ClimbState):
    def __init__(self, game: "DouDizhuGame", setup: dict):
        super().__init__(game, setup)
        self._redeal_deals: list = []
        if "hands" in setup:
            hands = [climbing.bits_of(h) for h in setup["hands"]]
            bottom = climbing.bits_of(setup.get("bottom") or "")
            landlord = setup.get("landlord")
            self._pos = _Position.from_hands(
                GAME_ID, hands, bottom, -1 if landlord is None else landlord,
                setup.get("bid", 1), setup.get("first_bidder", 0), setup.get("seed", 0))
            self._redeal_deals = list(setup.get("redeals", ()))
        elif game.options["bidding"]:
            self._pos = _Position.new_deal(GAME_ID, setup["seed"])
        else:
            # DouZero's evaluation setting: the same shuffle, no bidding;
            # seat 0 takes the bottom cards as landlord at bid 1.
            dealt = _Position.new_deal(GAME_ID, setup["seed"])
            self._pos = _Position.from_hands(GAME_ID, [dealt.hand_bits(p) for p in range(3)],
                                             dealt.bottom_bits, 0, 1, 0, setup["seed"])

    # -- what a person reads --------------------------------------------------
    @property
    def phase(self) -> str:
        """``"bidding"``, ``"play"`` or ``"over"``."""
        return self._pos.phase

    @property
    def landlord(self) -> int | None:
        """The landlord's seat, None while bidding."""
        return self._pos.landlord

    @property
    def bid(self) -> int:
        """The landlord's bid (0 while bidding)."""
        return self._pos.bid

    @property
    def bottom(self) -> tuple:
        """The 3 bottom cards (ids in climbing order)."""
        return climbing.cards_ids(self._pos.bottom_bits)

    @property
    def multiplier(self) -> int:
        return self._pos.multiplier

    @property
    def spring(self) -> str | None:
        """``"spring"``, ``"reverse_spring"`` or None (DDZ-5.3)."""
        pos = self._pos
        if not pos.spring:
            return None
        return "spring" if pos.winner == pos.landlord else "reverse_spring"

    @property
    def redeals(self) -> int:
        return self._pos.redeals

    # -- playing ----------------------------------------------------------------
    def play(self, move: Any) -> Move:
        # The fast path of State.play for a move value: the core checks and
        # plays in one call; a refusal is explained by ``_check``.
        if type(move) is not DouDizhuMove:
            return State.play(self, move)
        pos = self._pos
        player = pos.current_player
        code = pos.play_checked(move)
        if code > 0:
            self._check(move)
        self._history.append(_new_entry(HistoryEntry, (player, move)))
        if code < 0:
            self._after_redeal()
        return move

    def _check(self, move: Move) -> None:
        if not isinstance(move, DouDizhuMove):
            raise IllegalMoveError(f"{move!r} is not a Dou Dizhu move", rule="DDZ-4")
        code = self._pos.check(move)
        if code == 0:
            return
        if code in _MESSAGES:
            rule, text = _MESSAGES[code]
            raise IllegalMoveError(text, rule=rule, msgid=text)
        if code == _E["bid_low"]:
            params = {"bid": self._pos.highest_bid}
            raise IllegalMoveError(N_("a bid must exceed the highest bid ({bid})").format(**params),
                                   rule="DDZ-2.2", msgid="a bid must exceed the highest bid ({bid})", params=params)
        if code == _E["not_held"]:
            raise IllegalMoveError(f"{move} is not in hand", rule="DDZ-2.1", msgid=N_("{move} is not in hand"),
                                   params={"move": str(move)})
        last = self._pos.last_play
        if last.kind_id == K_ROCKET:
            rule = "DDZ-3.5"
        elif last.kind_id == K_BOMB:
            rule = "DDZ-3.4"
        elif move.kind_id != last.kind_id or move.length != last.length:
            rule = "DDZ-4.5"
        else:
            rule = "DDZ-3.3"
        raise IllegalMoveError(f"{move} ({move.kind}) does not beat {last} ({last.kind})", rule=rule,
                               msgid=N_("{move} ({kind}) does not beat {last} ({last_kind})"),
                               params={"move": str(move), "kind": move.kind, "last": str(last), "last_kind": last.kind})

    def _apply(self, move: Move) -> None:
        if self._pos.apply(move):
            self._after_redeal()

    def _after_redeal(self) -> None:
        """DDZ-2.5: the core dealt again; a setup that names its redeals puts
        their cards in place; the history records the redeal."""
        k = self._pos.redeals - 1
        if k < len(self._redeal_deals):
            d = self._redeal_deals[k]
            self._pos.set_deal([climbing.bits_of(h) for h in d["hands"]],
                               climbing.bits_of(d["bottom"]), d["first_bidder"])
        self._record_chance(f"redeal: first bidder {self._pos.first_bidder}")

    # -- observations and scores --------------------------------------------------
    def _observe(self, player: int) -> dict:
        pos = self._pos
        out = self._common_observation(player)
        out.update({
            "phase": pos.phase,
            "first_bidder": pos.first_bidder,
            "bids": pos.bids,
            "highest_bid": pos.highest_bid,
            "landlord": pos.landlord,
            "bid": pos.bid,
            "bottom": climbing.cards_list(pos.bottom_bits) if pos.landlord is not None else None,
            "multiplier": pos.multiplier,
            "redeals": pos.redeals,
            "returns": list(pos.returns()),
        })
        return out

    def _score_breakdown(self) -> dict:
        pos = self._pos
        return {"landlord": pos.landlord, "bid": pos.bid, "bombs": pos.bombs,
                "spring": self.spring, "multiplier": pos.multiplier, "winner": pos.winner,
                "landlord_won": pos.winner == pos.landlord}


def _setup_bits(value: Any, what: str) -> int:
    try:
        return climbing.bits_of(value)
    except ValueError as e:
        raise InvalidSetupError(f"{what}: {e}", "DDZ-2.1") from None


def _check_deal(hands: Any, bottom: Any, where: str = "") -> tuple[list[int], int]:
    """Three hands of 17 and a bottom of 3, every card once (DDZ-2.1)."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 3:
        raise InvalidSetupError(f"{where}Dou Dizhu needs three hands", "DDZ-2.1")
    bits = [_setup_bits(h, f"{where}hand {p}") for p, h in enumerate(hands)]
    b = _setup_bits(bottom if bottom is not None else "", f"{where}bottom")
    seen = 0
    for h in bits + [b]:
        if seen & h:
            raise InvalidSetupError(f"{where}the same card is dealt twice: "
                                    f"{climbing.cards_text(seen & h)}", "DDZ-2.1")
        seen |= h
    sizes = [bin(h).count("1") for h in bits]
    if sizes != [17, 17, 17] or bin(b).count("1") != 3:
        raise InvalidSetupError(f"{where}the bidding starts from 17 cards each and 3 bottom cards, "
                                f"not {sizes} and {bin(b).count('1')}", "DDZ-2.1")
    return bits, b


class DouDizhuGame(climbing.ClimbGame, Game):
    """Dou Dizhu for three players: bidding, then one deal (RULES.md §1).

    Option ``bidding`` (default True).  ``bidding=False`` skips the auction
    as the DouZero papers evaluate: seat 0 takes the bottom cards as
    landlord at bid 1 and leads; the deal is the same shuffle as with bidding.
    """

    name = "doudizhu"
    title = "Dou Dizhu (Fight the Landlord)"
    num_players = 3
    state_class = DouDizhuState
    default_options: ClassVar[dict[str, Any]] = {"bidding": True}
    game_id = GAME_ID
    _SETUP_KEYS = frozenset({"seed", "hands", "bottom", "landlord", "bid", "first_bidder", "redeals"})

    def _validate_options(self) -> None:
        if not isinstance(self._options["bidding"], bool):
            raise ValueError(f"doudizhu: bidding must be True or False, not {self._options['bidding']!r}")

    def validate_setup(self, setup: dict) -> None:
        """DDZ-2: the 54-card pack, every card once across the hands and the
        bottom; 17 cards each and 3 bottom cards for a bidding start; a play
        start (``landlord``) with at most 17 cards a farmer and 20 the
        landlord (bottom included), none empty; seats 0-2, bids 1-3."""
        super().validate_setup(setup)
        unknown = set(setup) - self._SETUP_KEYS
        if unknown:
            raise InvalidSetupError(f"unknown Dou Dizhu setup keys: {', '.join(sorted(unknown))}")
        if "hands" not in setup:
            if "seed" not in setup or len(setup) != 1:
                raise InvalidSetupError("a Dou Dizhu setup is a seed, or hands (with a bottom)")
            return
        seed = setup.get("seed", 0)
        check_seed(seed)
        landlord = setup.get("landlord")
        if landlord is None:
            if "bid" in setup:
                raise InvalidSetupError("a bid needs the landlord who made it", "DDZ-2.4")
            _check_int(setup.get("first_bidder", 0), "first_bidder", 0, 2, "DDZ-2.2")
            _check_deal(setup["hands"], setup.get("bottom"))
            deals = setup.get("redeals", [])
            if not isinstance(deals, list) or len(deals) > 64:
                raise InvalidSetupError("redeals must be a list of (at most 64) deals", "DDZ-2.5")
            for i, d in enumerate(deals):
                if not isinstance(d, dict) or set(d) != {"hands", "bottom", "first_bidder"}:
                    raise InvalidSetupError(f"redeal {i} must give hands, bottom and first_bidder",
                                            "DDZ-2.5")
                _check_deal(d["hands"], d["bottom"], f"redeal {i}: ")
                _check_int(d["first_bidder"], f"redeal {i}: first_bidder", 0, 2, "DDZ-2.5")
            return
        if "first_bidder" in setup or "redeals" in setup:
            raise InvalidSetupError("a state after the bidding has no first bidder or redeals", "DDZ-2.4")
        landlord = _check_int(landlord, "landlord", 0, 2, "DDZ-2.4")
        _check_int(setup.get("bid", 1), "bid", 1, 3, "DDZ-2.2")
        hands = setup["hands"]
        if not isinstance(hands, (list, tuple)) or len(hands) != 3:
            raise InvalidSetupError("Dou Dizhu needs three hands", "DDZ-2.1")
        bits = [_setup_bits(h, f"hand {p}") for p, h in enumerate(hands)]
        b = _setup_bits(setup.get("bottom") or "", "bottom")
        if bin(b).count("1") not in (0, 3):
            raise InvalidSetupError("the bottom is 3 cards (or none given)", "DDZ-2.1")
        seen = 0
        for h in bits:
            if seen & h:
                raise InvalidSetupError(f"the same card is in two hands: {climbing.cards_text(seen & h)}",
                                        "DDZ-2.1")
            seen |= h
        if b & seen & ~bits[landlord]:
            raise InvalidSetupError("a bottom card is in a farmer's hand: the landlord takes them",
                                    "DDZ-2.4")
        bits[landlord] |= b
        for p, h in enumerate(bits):
            n = bin(h).count("1")
            most = 20 if p == landlord else 17
            if not 1 <= n <= most:
                raise InvalidSetupError(f"hand {p} holds {n} cards: a {'landlord' if p == landlord else 'farmer'} "
                                        f"holds 1-{most} in play", "DDZ-2.1")

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
        return cast(DouDizhuMove, climbing.parse_play(GAME_ID, t, rule="DDZ-4"))

    def from_hands(self, hands: Sequence[Any], *, bottom: Any = None, landlord: int | None = None,
                   bid: int = 1, first_bidder: int = 0, seed: int = 0) -> DouDizhuState:
        """A state from given hands (card text or ids), for analysis and tests.

        With ``landlord`` (and ``bid``) the bidding is done: the landlord's
        hand gets the ``bottom`` cards (if not already in it) and leads.
        Without, bidding starts at ``first_bidder`` from 17 cards each and the
        3 ``bottom`` cards, which go to the landlord; a redeal (all pass)
        shuffles the full pack with ``Random(seed)``.
        """
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ArgumentTypeError("hands must be a sequence of three hands")
        if len(hands) != 3:
            raise InvalidSetupError("Dou Dizhu needs three hands", "DDZ-2.1")
        bits = [_setup_bits(h, f"hand {p}") for p, h in enumerate(hands)]
        b = _setup_bits(bottom if bottom is not None else "", "bottom")
        setup: dict = {"hands": [climbing.cards_text(h) for h in bits],
                       "bottom": climbing.cards_text(b), "seed": seed}
        if landlord is not None:
            setup.update(landlord=landlord, bid=bid)
        else:
            setup["first_bidder"] = first_bidder
        state = self._initial_state(setup)
        assert isinstance(state, DouDizhuState)
        return state

    # -- simulation -----------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        assert isinstance(state, DouDizhuState)
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


def _check_int(value: Any, name: str, low: int, high: int, rule: str) -> int:
    try:
        return check_int(value, name, low, high)
    except ArgumentTypeError:
        raise
    except ValueError as e:
        raise InvalidSetupError(str(e), rule) from None


GAME = DouDizhuGame
_hand_moves = _core.hand_moves
_GAME = DouDizhuGame()


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


__all__ = ["DouDizhuGame", "DouDizhuMove", "DouDizhuState", "GAME", "PASS", "classify", "moves"]
