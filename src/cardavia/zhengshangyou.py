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
``ZhengShangyou().from_hands(...)``.  Every settlement line of ZSY-5 is kept
in ``state.settlement`` (and the observations); they sum to zero.
"""
from __future__ import annotations

from typing import Any, Sequence

from cardavia import climbing
from cardavia._core import climb as _core
from cardavia._core.rng import Random
from cardavia.cards import CardSet, InvalidCardError
from cardavia.game import TERMINAL, Game, HistoryEntry, IllegalMoveError, InvalidMoveError, Move, State

GAME_ID = 1
PACK = tuple(_core.zsy_pack())
THREE_OF_HEARTS = 6
TWO_OF_SPADES = 3
_PACK_BITS = sum(1 << c for c in PACK)
_K_BOMB, _K_ACE_BOMB, _K_HEAVENLY = 13, 14, 15


class ZhengShangyouMove(climbing.ClimbMove, Move):
    """A Zheng Shangyou move: ``pass`` or a play with its reading
    (``"single"``, ``"pair"``, ``"triple"``, ``"straight"``, ``"pair_run"``,
    ``"bomb"``, ``"ace_bomb"``, ``"heavenly_bomb"``)."""

    __slots__ = ()


_core.register_move_type(GAME_ID, ZhengShangyouMove)
PASS = _core.pass_move(GAME_ID)
_View = climbing.ClimbLegalMoves
_make_view = _core.make_view
_new_entry = tuple.__new__
_NONE: tuple = ()
_PASS_ONLY = (PASS,)


class ZhengShangyouState(climbing.ClimbState):
    def __init__(self, game: "ZhengShangyou", setup: dict):
        super().__init__(game, setup)
        if "hands" in setup:
            self._hands = [climbing.bits_of(h) for h in setup["hands"]]
            if len(self._hands) != 3 or not all(self._hands):
                raise ValueError("Zheng Shangyou needs three hands, none empty")
            holder = [p for p in range(3) if self._hands[p] >> THREE_OF_HEARTS & 1]
            self._opening = bool(setup.get("opening", bool(holder)))
            leader = setup.get("leader")
            self._cur = int(leader) if leader is not None else (holder[0] if holder else 0)
            if self._cur not in (0, 1, 2):
                raise ValueError("leader must be 0-2")
        else:
            deck = Random(setup["seed"]).shuffle_ids(PACK)
            self._hands = [sum(1 << c for c in deck[16 * p:16 * p + 16]) for p in range(3)]
            self._cur = next(p for p in range(3) if self._hands[p] >> THREE_OF_HEARTS & 1)
            self._opening = True
        self._counts = [_core.card_counts(h) for h in self._hands]
        self._played = [0, 0, 0]
        self._plays = [0, 0, 0]
        self._last = None
        self._last_player = -1
        self._passes = 0
        self._pending = -1
        self._bombs = 0
        self._lines: list[dict] = []
        self._winner = -1

    # -- the State hooks ----------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self._winner >= 0 else self._cur

    @property
    def is_over(self) -> bool:
        return self._winner >= 0

    @property
    def settlement(self) -> list[dict]:
        """Every settlement line so far: ``{"payer", "payee", "points", "reason"}``."""
        return [dict(x) for x in self._lines]

    @property
    def bombs(self) -> int:
        return self._bombs

    @property
    def winner(self) -> int:
        return self._winner

    def legal_moves(self) -> climbing.ClimbLegalMoves:
        if self._winner >= 0:
            return _make_view(_View, self, -1, 0, None, False, _NONE)
        last = self._last
        return _make_view(_View, self, GAME_ID, self._counts[self._cur], last, self._opening,
                          _NONE, None if last is None else _PASS_ONLY)

    def play(self, move: Any) -> Move:
        if type(move) is not ZhengShangyouMove or self._winner >= 0:
            return State.play(self, move)
        self._check(move)
        self._history.append(_new_entry(HistoryEntry, (self._cur, move)))
        self._apply(move)
        return move

    def _check(self, move: Move) -> None:
        if not isinstance(move, ZhengShangyouMove):
            raise IllegalMoveError(f"{move!r} is not a Zheng Shangyou move", rule="ZSY-4.1")
        counts = self._counts[self._cur]
        last = self._last
        if move.kind_id == 0:
            if last is None:
                raise IllegalMoveError("the leader cannot pass", rule="ZSY-3.3")
            if _core.has_response(GAME_ID, counts, last):
                raise IllegalMoveError(f"you can beat {last}: passing is allowed only without a "
                                       "legal response", rule="ZSY-3.2")
            return
        if not _core.counts_within(move.counts, counts):
            raise IllegalMoveError(f"{move} is not in hand", rule="ZSY-3.1")
        if self._opening:
            if move.counts & 15 == 0:
                raise IllegalMoveError("the first play must include the 3 of hearts", rule="ZSY-2.3")
            if move.kind_id == _K_BOMB and move.rank == 0:
                raise IllegalMoveError("four 3s as the opening play are the heavenly bomb",
                                       rule="ZSY-4.4")
        elif move.kind_id == _K_HEAVENLY:
            raise IllegalMoveError("the heavenly bomb is only the opening play", rule="ZSY-4.4")
        if last is not None and not _core.can_beat(move, last):
            lk = last.kind_id
            rule = ("ZSY-4.4" if lk == _K_HEAVENLY else "ZSY-4.3" if lk == _K_ACE_BOMB
                    else "ZSY-4.2" if lk == _K_BOMB else "ZSY-3.1")
            raise IllegalMoveError(f"{move} ({move.kind}) does not beat {last} ({last.kind})", rule=rule)

    def _apply(self, move: Move) -> None:
        p = self._cur
        kind = move.kind_id
        if kind == 0:
            self._passes += 1
            if self._passes == 2:
                self._end_round()
            self._cur = (p + 1) % 3
            return
        cards = _core.take_cards(self._hands[p], move.counts, THREE_OF_HEARTS if self._opening else -1)
        self._hands[p] &= ~cards
        self._counts[p] -= move.counts
        self._played[p] |= cards
        self._plays[p] += 1
        if kind == _K_BOMB or kind == _K_ACE_BOMB or kind == _K_HEAVENLY:
            self._bombs += 1
            # ZSY-5.2: only a bomb played on another player's cards can earn.
            self._pending = p if (self._last is not None and kind != _K_HEAVENLY) else -1
        else:
            self._pending = -1
        self._opening = False
        self._last = move
        self._last_player = p
        self._passes = 0
        if self._hands[p] == 0:
            if self._pending >= 0:
                self._bomb_bonus(self._pending, "response bomb ending the deal")
            self._settle(p)
        else:
            self._cur = (p + 1) % 3

    def _end_round(self) -> None:
        if self._pending >= 0:
            self._bomb_bonus(self._pending, "response bomb unbeaten in the round")
            self._pending = -1
        self._last = None
        self._passes = 0

    def _bomb_bonus(self, owner: int, why: str) -> None:
        for q in range(3):
            if q != owner:
                self._lines.append({"payer": q, "payee": owner, "points": 10,
                                    "reason": f"{why} ({self._last})"})

    def _settle(self, winner: int) -> None:
        self._winner = winner
        self._pending = -1
        for q in range(3):
            if q == winner:
                continue
            n = bin(self._hands[q]).count("1")
            if self._plays[q] == 0:
                self._lines.append({"payer": q, "payee": winner, "points": 2 * n,
                                    "reason": f"{n} cards left, doubled: never played"})
            else:
                self._lines.append({"payer": q, "payee": winner, "points": n,
                                    "reason": f"{n} cards left"})
            if self._hands[q] >> TWO_OF_SPADES & 1:
                self._lines.append({"payer": q, "payee": winner, "points": 10,
                                    "reason": "2 of spades in hand"})
            counts = self._counts[q]
            for r in range(13):
                k = counts >> (4 * r) & 15
                if k == 4 or (r == 11 and k == 3):
                    self._lines.append({"payer": q, "payee": winner, "points": 10,
                                        "reason": f"unplayed bomb {_core.RANK_CHARS[r] * k}"})

    def returns(self) -> list:
        out = [0, 0, 0]
        for line in self._lines:
            out[line["payer"]] -= line["points"]
            out[line["payee"]] += line["points"]
        return out

    def _observe(self, player: int) -> dict:
        return {
            "hand": climbing.cards_text(self._hands[player]),
            "hand_sizes": [bin(h).count("1") for h in self._hands],
            "opening": self._opening,
            "played": [climbing.cards_text(b) for b in self._played],
            "last_play": None if self._last is None else str(self._last),
            "last_player": self._last_player if self._last is not None else -1,
            "bombs": self._bombs,
            "settlement": self.settlement,
            "returns": self.returns(),
        }

    def _copy(self) -> "ZhengShangyouState":
        c = super()._copy()
        c._lines = list(self._lines)
        return c


class ZhengShangyou(Game):
    """Zheng Shangyou / Run Fast, 48 cards, three players (RULES.md §3)."""

    name = "zhengshangyou"
    title = "Zheng Shangyou (Run Fast, 48 cards)"
    num_players = 3
    state_class = ZhengShangyouState
    default_options: dict = {}
    game_id = GAME_ID

    def parse_move(self, text: str, state: State | None = None) -> ZhengShangyouMove:
        if not isinstance(text, str):
            raise InvalidMoveError(f"move text must be a str, not {type(text).__name__}")
        t = "".join(text.split())
        if t.lower() == "pass":
            return PASS
        if not t:
            raise InvalidMoveError("empty move: write 'pass' or the ranks of a play, e.g. '34567'")
        opening = bool(state is not None and getattr(state, "_opening", False))
        move = climbing.parse_play(GAME_ID, t, rule="ZSY-4.1", opening=opening)
        if not _core.counts_within(move.counts, _PACK_COUNTS):
            raise IllegalMoveError(f"{text!r}: more cards of a rank than the 48-card pack holds "
                                   "(three Aces, one 2, no jokers)", rule="ZSY-2.1")
        return move

    def from_hands(self, hands: Sequence[Any], leader: int | None = None,
                   opening: bool | None = None) -> ZhengShangyouState:
        """A state from given hands (card text or ids; any sizes, cards of
        the 48-card pack).  By default the holder of the 3 of hearts leads
        and the opening rules apply (ZSY-2.3, ZSY-4.4)."""
        if len(hands) != 3:
            raise ValueError("Zheng Shangyou needs three hands")
        bits = [climbing.bits_of(h) for h in hands]
        seen = 0
        for h in bits:
            if seen & h:
                raise InvalidCardError("the same card is in two hands")
            if h & ~_PACK_BITS:
                bad = climbing.cards_text(h & ~_PACK_BITS)
                raise InvalidCardError(f"not in the 48-card pack (ZSY-2.1): {bad}")
            seen |= h
        if not all(bits):
            raise ValueError("every hand needs at least one card")
        holder = [p for p in range(3) if bits[p] >> THREE_OF_HEARTS & 1]
        starts = leader if leader is not None else (holder[0] if holder else 0)
        if (opening if opening is not None else bool(holder)) and starts not in holder:
            raise ValueError("the opening play is made by the holder of the 3 of hearts (ZSY-2.3)")
        setup: dict = {"hands": [climbing.cards_text(h) for h in bits]}
        if leader is not None:
            if leader not in (0, 1, 2):
                raise ValueError("leader must be 0-2")
            setup["leader"] = leader
        if opening is not None:
            setup["opening"] = bool(opening)
        return ZhengShangyouState(self, setup)

    # -- simulation -----------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        r = state.returns()
        return {"returns": list(r), "winner": state.winner, "bombs": state.bombs,
                "settlement": r[state.winner] if state.winner >= 0 else 0,
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


GAME = ZhengShangyou
_GAME = ZhengShangyou()
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
    return _hand_moves(GAME_ID, bits, last, opening)


def classify(cards: Any, opening: bool = False) -> list[ZhengShangyouMove]:
    """Every reading of a set of cards (card text or ids, or ranks text such
    as ``"AAA"``); an empty list when they form no Zheng Shangyou shape."""
    counts = climbing.counts_of(cards, _in_pack)
    if not _core.counts_within(counts, _PACK_COUNTS):
        return []  # ranks text with more of a rank than the pack holds (ZSY-2.1): no shape
    return _core.classify(GAME_ID, counts, opening)


__all__ = ["GAME", "PASS", "ZhengShangyou", "ZhengShangyouMove", "ZhengShangyouState",
           "classify", "moves"]
