"""Zheng Shangyou (Run Fast, 48-card preset), RULES.md section 3.

Three players for themselves; the holder of the 3 of hearts leads and must
play it; a player must beat the play on the table whenever any legal
response exists (bombs included) and may pass only when none does.

Moves: ``pass`` or a play written as ranks ascending in ``3456789TJQKA2``
(``AAA`` is always the top bomb; the heavenly bomb is written
``heavenly_bomb:3333``, plain ``3333`` reading as it only at the opening).
A play given as ranks takes the lowest card
ids of those ranks, except that the opening play takes the 3 of hearts first.
The shapes, ranks and move generation are those of the shared climbing core
(``cardavia._core.climb``) with the Zheng Shangyou rules.

Analysis: ``moves(hand, last=None, opening=False)``, ``classify(cards)`` and
``ZhengShangyouGame().from_hands(hands, ...)``.  Every settlement line of
ZSY-5 is kept in ``state.settlement`` (and the observations); they sum to
zero.  The rules live in the compiled position (``cardavia._core.climb``).

Observation keys: ``hand``, ``hand_sizes``, ``played``, ``last_play``,
``last_player``, ``bombs`` (shared with Dou Dizhu), ``opening`` (the first
play is still to come), ``settlement`` (the lines so far), ``returns``.
"""
from __future__ import annotations

from typing import Any, ClassVar, Sequence, cast

from cardavia import climbing
from cardavia.i18n import N_
from cardavia._core import climb as _core
from cardavia.cards import CardSet, InvalidCardError
from cardavia.game import (ArgumentTypeError, Game, HistoryEntry, IllegalMoveError, InvalidMoveError,
                           InvalidSetupError, Move, State, check_int)

GAME_ID = 1
PACK = tuple(_core.zsy_pack())
THREE_OF_HEARTS = 6
TWO_OF_SPADES = 3
_PACK_BITS = sum(1 << c for c in PACK)
_K = climbing.KIND
_E = climbing.ERRORS
K_BOMB, K_ACE_BOMB, K_HEAVENLY = _K["bomb"], _K["ace_bomb"], _K["heavenly_bomb"]


class ZhengShangyouMove(climbing.ClimbMove, Move):
    """A Zheng Shangyou move: ``pass`` or a play with its reading
    (``"single"``, ``"pair"``, ``"triple"``, ``"straight"``, ``"pair_run"``,
    ``"bomb"``, ``"ace_bomb"``, ``"heavenly_bomb"``)."""

    __slots__ = ()


_core.register_move_type(GAME_ID, ZhengShangyouMove)
PASS = _core.pass_move(GAME_ID)
_new_entry = tuple.__new__
_Position = climbing.Position

_MESSAGES = {   # the English is also the message id of the site's translations
    _E["over"]: (None, N_("the deal is over")),
    _E["bid_first"]: ("ZSY-4.1", N_("Zheng Shangyou has no bidding")),
    _E["bid_over"]: ("ZSY-4.1", N_("Zheng Shangyou has no bidding")),
    _E["leader_pass"]: ("ZSY-3.3", N_("the leader cannot pass")),
    _E["opening_3h"]: ("ZSY-2.3", N_("the first play must include the 3 of hearts")),
    _E["opening_four_3s"]: ("ZSY-4.4", N_("four 3s as the opening play are the heavenly bomb")),
    _E["heavenly_late"]: ("ZSY-4.4", N_("the heavenly bomb is only the opening play")),
}
_REASONS = {
    "bonus_round": "response bomb unbeaten in the round",
    "bonus_end": "response bomb ending the deal",
}


class ZhengShangyouState(climbing.ClimbState):
    def __init__(self, game: "ZhengShangyouGame", setup: dict):
        super().__init__(game, setup)
        if "hands" in setup:
            hands = [climbing.bits_of(h) for h in setup["hands"]]
            holder = [p for p in range(3) if hands[p] >> THREE_OF_HEARTS & 1]
            opening = bool(setup.get("opening", bool(holder)))
            leader = setup.get("leader")
            self._pos = _Position.from_hands(GAME_ID, hands, leader=-1 if leader is None else leader,
                                             opening=opening)
        else:
            self._pos = _Position.new_deal(GAME_ID, setup["seed"])

    # -- what a person reads --------------------------------------------------
    @property
    def opening(self) -> bool:
        """The first play of the deal is still to come (ZSY-2.3, ZSY-4.4)."""
        return self._pos.opening

    @property
    def settlement(self) -> list[dict]:
        """Every settlement line so far: ``{"payer", "payee", "points", "reason"}``."""
        out = []
        for payer, payee, points, reason, bomb, n in self._pos.lines():
            if reason in _REASONS:
                text = f"{_REASONS[reason]} ({bomb})"
            elif reason == "left":
                text = "1 card left" if n == 1 else f"{n} cards left"
            elif reason == "left_doubled":
                text = f"{n} cards left, doubled: never played"
            elif reason == "two_of_spades":
                text = "2 of spades in hand"
            else:
                text = f"unplayed bomb {bomb.ranks}"
            out.append({"payer": payer, "payee": payee, "points": points, "reason": text})
        return out

    # -- playing ----------------------------------------------------------------
    def play(self, move: Any) -> Move:
        if type(move) is not ZhengShangyouMove:
            return State.play(self, move)
        player = self._pos.current_player
        if self._pos.play_checked(move):
            self._check(move)
        self._history.append(_new_entry(HistoryEntry, (player, move)))
        return move

    def _check(self, move: Move) -> None:
        if not isinstance(move, ZhengShangyouMove):
            raise IllegalMoveError(f"{move!r} is not a Zheng Shangyou move", rule="ZSY-4.1")
        code = self._pos.check(move)
        if code == 0:
            return
        if code in _MESSAGES:
            rule, text = _MESSAGES[code]
            raise IllegalMoveError(text, rule=rule, msgid=text)
        last = self._pos.last_play
        if code == _E["must_beat"]:
            raise IllegalMoveError(f"you can beat {last}: passing is allowed only without a "
                                   "legal response", rule="ZSY-3.2",
                                   msgid=N_("you can beat {last}: passing is allowed only without a legal response"),
                                   params={"last": str(last)})
        if code == _E["not_held"]:
            raise IllegalMoveError(f"{move} is not in hand", rule="ZSY-2.2", msgid=N_("{move} is not in hand"),
                                   params={"move": str(move)})
        lk = last.kind_id
        rule = ("ZSY-4.4" if lk == K_HEAVENLY else "ZSY-4.3" if lk == K_ACE_BOMB
                else "ZSY-4.2" if lk == K_BOMB else "ZSY-3.1")
        raise IllegalMoveError(f"{move} ({move.kind}) does not beat {last} ({last.kind})", rule=rule,
                               msgid=N_("{move} ({kind}) does not beat {last} ({last_kind})"),
                               params={"move": str(move), "kind": move.kind, "last": str(last), "last_kind": last.kind})

    def _apply(self, move: Move) -> None:
        self._pos.apply(move)

    def _observe(self, player: int) -> dict:
        out = self._common_observation(player)
        out.update({
            "opening": self._pos.opening,
            "settlement": self.settlement,
            "returns": self.returns(),
        })
        return out

    def _score_breakdown(self) -> dict:
        return {"winner": self._pos.winner, "bombs": self._pos.bombs, "settlement": self.settlement}


def _setup_bits(value: Any, what: str) -> int:
    try:
        bits = climbing.bits_of(value)
    except ValueError as e:
        raise InvalidSetupError(f"{what}: {e}", "ZSY-2.1") from None
    if bits & ~_PACK_BITS:
        raise InvalidSetupError(f"{what}: not in the 48-card pack: "
                                f"{climbing.cards_text(bits & ~_PACK_BITS)}", "ZSY-2.1")
    return bits


class ZhengShangyouGame(climbing.ClimbGame, Game):
    """Zheng Shangyou / Run Fast, 48 cards, three players (RULES.md §3)."""

    name = "zhengshangyou"
    title = "Zheng Shangyou (Run Fast, 48 cards)"
    num_players = 3
    state_class = ZhengShangyouState
    default_options: ClassVar[dict[str, Any]] = {}
    game_id = GAME_ID
    _SETUP_KEYS = frozenset({"seed", "hands", "leader", "opening"})

    def validate_setup(self, setup: dict) -> None:
        """ZSY-2: cards of the 48-card pack only (no jokers, no Ace of hearts,
        no 2 but the 2 of spades), each once; 1-16 cards a hand; a leader
        0-2; the opening (ZSY-2.3) is led by the holder of the 3 of hearts."""
        super().validate_setup(setup)
        unknown = set(setup) - self._SETUP_KEYS
        if unknown:
            raise InvalidSetupError(f"unknown Zheng Shangyou setup keys: {', '.join(sorted(unknown))}")
        if "hands" not in setup:
            if "seed" not in setup or len(setup) != 1:
                raise InvalidSetupError("a Zheng Shangyou setup is a seed, or hands")
            return
        hands = setup["hands"]
        if not isinstance(hands, (list, tuple)) or len(hands) != 3:
            raise InvalidSetupError("Zheng Shangyou needs three hands", "ZSY-2.2")
        bits = [_setup_bits(h, f"hand {p}") for p, h in enumerate(hands)]
        seen = 0
        for p, h in enumerate(bits):
            if seen & h:
                raise InvalidSetupError(f"the same card is in two hands: {climbing.cards_text(seen & h)}",
                                        "ZSY-2.1")
            seen |= h
            n = bin(h).count("1")
            if not 1 <= n <= 16:
                raise InvalidSetupError(f"hand {p} holds {n} cards: a hand holds 1-16", "ZSY-2.2")
        leader = setup.get("leader")
        if leader is not None:
            try:
                check_int(leader, "leader", 0, 2)
            except ArgumentTypeError:
                raise
            except ValueError as e:
                raise InvalidSetupError(str(e), "ZSY-2.3") from None
        holder = [p for p in range(3) if bits[p] >> THREE_OF_HEARTS & 1]
        opening = setup.get("opening", bool(holder))
        if not isinstance(opening, bool):
            raise ArgumentTypeError("opening must be True or False")
        if opening:
            starts = leader if leader is not None else (holder[0] if holder else None)
            if starts is None or starts not in holder:
                raise InvalidSetupError("the opening play is made by the holder of the 3 of hearts",
                                        "ZSY-2.3")

    def parse_move(self, text: str, state: State | None = None) -> ZhengShangyouMove:
        if not isinstance(text, str):
            raise InvalidMoveError(f"move text must be a str, not {type(text).__name__}")
        t = "".join(text.split())
        if t.lower() == "pass":
            return PASS
        if not t:
            raise InvalidMoveError("empty move: write 'pass' or the ranks of a play, e.g. '34567'")
        opening = bool(isinstance(state, ZhengShangyouState) and state.opening)
        move = climbing.parse_play(GAME_ID, t, rule="ZSY-4.1", opening=opening)
        if not _core.counts_within(move.counts, _PACK_COUNTS):
            raise IllegalMoveError(f"{text!r}: more cards of a rank than the 48-card pack holds "
                                   "(three Aces, one 2, no jokers)", rule="ZSY-2.1")
        return cast(ZhengShangyouMove, move)

    def from_hands(self, hands: Sequence[Any], *, leader: int | None = None,
                   opening: bool | None = None) -> ZhengShangyouState:
        """A state from given hands (card text or ids; 1-16 cards each, cards
        of the 48-card pack).  By default the holder of the 3 of hearts leads
        and the opening rules apply (ZSY-2.3, ZSY-4.4)."""
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ArgumentTypeError("hands must be a sequence of three hands")
        if len(hands) != 3:
            raise InvalidSetupError("Zheng Shangyou needs three hands", "ZSY-2.2")
        bits = [_setup_bits(h, f"hand {p}") for p, h in enumerate(hands)]
        setup: dict = {"hands": [climbing.cards_text(h) for h in bits]}
        if leader is not None:
            setup["leader"] = leader
        if opening is not None:
            setup["opening"] = opening
        state = self._initial_state(setup)
        assert isinstance(state, ZhengShangyouState)
        return state

    # -- simulation -----------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        assert isinstance(state, ZhengShangyouState)
        r = state.returns()
        return {"returns": list(r), "winner": state.winner, "bombs": state.bombs,
                "settlement": r[state.winner] if state.winner is not None else 0,
                "moves": len(state.history)}

    def summarize(self, summaries: Sequence[dict]) -> dict:
        n = len(summaries)
        out: dict = {"deals": n}
        if not n:
            return out
        out["win_rate"] = [sum(s["winner"] == p for s in summaries) / n for p in range(3)]
        out["mean_score"] = [sum(s["returns"][p] for s in summaries) / n for p in range(3)]
        out["mean_settlement"] = sum(s["settlement"] for s in summaries) / n
        out["bombs_per_deal"] = sum(s["bombs"] for s in summaries) / n
        return out


GAME = ZhengShangyouGame
_GAME = ZhengShangyouGame()
_hand_moves = _core.hand_moves
_PACK_COUNTS = _core.card_counts(_PACK_BITS)


def _in_pack(bits: int) -> int:
    """``bits`` when every card is of the 48-card pack, else InvalidCardError."""
    if bits & ~_PACK_BITS:
        raise InvalidCardError("not in the 48-card pack (ZSY-2.1): "
                               + climbing.cards_text(bits & ~_PACK_BITS))
    return bits


def moves(hand: Any, last: Any = None, opening: bool = False) -> list[ZhengShangyouMove]:
    """Every legal play (pass excluded) of ``hand`` (card text or ids):
    leading when ``last`` is None, else the plays beating ``last`` (a move or
    its text).  ``opening=True``: the first play of the deal, which must hold
    the 3 of hearts (a 3 here) and where four 3s are the heavenly bomb."""
    bits = _in_pack(hand.bits if type(hand) is CardSet else climbing.bits_of(hand))
    if last is not None and type(last) is not ZhengShangyouMove:
        last = climbing.coerce_last(_GAME, last)
    if opening and last is not None:
        raise ValueError("the opening play leads: give no last play with opening=True")
    if opening and not bits >> THREE_OF_HEARTS & 1:
        raise IllegalMoveError("the opening play is made by the holder of the 3 of hearts: "
                               "this hand lacks it", rule="ZSY-2.3")
    return _hand_moves(GAME_ID, bits, last, opening)


def classify(cards: Any, opening: bool = False) -> list[ZhengShangyouMove]:
    """Every reading of a set of cards (card text or ids, or ranks text such
    as ``"AAA"``); an empty list when they form no Zheng Shangyou shape."""
    counts = climbing.counts_of(cards, _in_pack)
    if not _core.counts_within(counts, _PACK_COUNTS):
        return []  # ranks text with more of a rank than the pack holds (ZSY-2.1): no shape
    return _core.classify(GAME_ID, counts, opening)


__all__ = ["GAME", "PASS", "ZhengShangyouGame", "ZhengShangyouMove", "ZhengShangyouState",
           "classify", "moves"]
