"""The Python layer shared by the climbing games (Dou Dizhu, Zheng Shangyou).

Both games keep their rules in one compiled module, ``cardavia._core.climb``:
the position of a deal (``Position``: legal moves, check, apply, returns) and
the move generation it uses.  This module turns it into the game-facing
pieces: move text parsing, hands given as cards, the lazy legal-move view and
the state that wraps a position.

Move text: ``pass``, ``bid 1``..``bid 3`` (Dou Dizhu), or a play written as
its ranks in ascending order in the RLCard notation ``3456789TJQKA2BR``
(``T`` or ``10`` for tens, ``B``/``R`` for the Black/Red Joker), e.g.
``"33344456"``.  When one set of ranks has several readings (DDZ-4.6), the
plain ranks mean the first reading in generation order and any reading can
be named with a prefix: ``"airplane_single_wings:33344456"``.  ``str(move)``
writes the prefix only when the move is not that default reading, so the
text of every move is unambiguous and reads back to the same move.
"""
from __future__ import annotations

import random
from typing import Any, ClassVar

from cardavia._core import climb as _core
from cardavia._core.rng import Random
from cardavia.cards import CardSet, InvalidCardError, card_text, to_card_ids
from cardavia.game import (ArgumentTypeError, IllegalMoveError, InvalidMoveError, InvalidSetupError, LegalMoves, State,
                           draw_seed, randbelow)

KIND_NAMES = _core.KIND_NAMES
KIND = _core.KIND_IDS
"""Kind ids by name, from the core (``KIND["bomb"]``)."""
ERRORS = _core.ERRORS
"""Error codes of ``Position.check`` by name, from the core."""
RANK_CHARS = _core.RANK_CHARS
ClimbMove = _core.ClimbMove
Position = _core.Position
_FULL_PACK = (1 << 54) - 1
_parse_card_bits = _core.parse_card_bits


def bits_of(cards: Any) -> int:
    """Card text, a CardSet, card ids or a bit set of the 54-card pack to a
    bit set (each card once); InvalidCardError for anything else."""
    if type(cards) is str:
        return _parse_card_bits(cards)
    if isinstance(cards, CardSet):
        return cards.bits
    if isinstance(cards, bool):
        raise ArgumentTypeError(f"cards must be card text or ids, not {cards!r}")
    if isinstance(cards, int):
        if cards < 0 or cards > _FULL_PACK:
            raise InvalidCardError(f"a hand given as a bit set holds only bits 0-53 (card ids 0-53), "
                                   f"not {cards if abs(cards) < 1 << 70 else 'a huge number'}")
        return cards
    if isinstance(cards, (bytes, bytearray, dict, float)) or cards is None:
        raise ArgumentTypeError(f"cards must be card text or ids, not {type(cards).__name__}")
    bits = 0
    try:
        ids = to_card_ids(cards)
    except TypeError:
        raise ArgumentTypeError(f"cards must be card text or ids, not {type(cards).__name__}") from None
    for c in ids:
        b = 1 << c
        if bits & b:
            raise InvalidCardError(f"card {card_text(c)!r} is given twice")
        bits |= b
    return bits


cards_text = _core.cards_text
"""Cards of a bit set as text, ascending in climbing order (3 … A, 2, BJ, RJ)."""
cards_list = _core.cards_list
"""Cards of a bit set as a list of texts, ascending in climbing order."""
cards_ids = _core.cards_ids
"""Card ids of a bit set as a tuple, ascending in climbing order."""


def parse_play(game_id: int, text: str, rule: str, opening: bool = False) -> ClimbMove:
    """A play's text (ranks, optionally ``kind:`` first) to its move."""
    kind = None
    body = text
    if ":" in text:
        kind, _, body = text.partition(":")
        kind = kind.strip().lower()
        body = body.strip()
        if kind not in _core.KIND_IDS or kind in ("pass", "bid"):
            raise InvalidMoveError(f"{text!r}: unknown reading {kind!r}; readings are "
                                   + ", ".join(KIND_NAMES[1:-1]))
    try:
        counts = _core.parse_ranks(body)
    except ValueError as e:
        ranks = "3 to 9, T or 10, J, Q, K, A, 2" + (" and the jokers B and R" if game_id == 0 else "")   # (ZSY-2.1)
        raise InvalidMoveError(f"{text!r} is not a move: {e}; the ranks are {ranks}") from None
    readings = _core.classify(game_id, counts, False)
    if opening:
        readings = _core.classify(game_id, counts, True) + readings
    if kind is not None:
        if kind == "heavenly_bomb" and not opening:
            # Named explicitly: read it (the state refuses it after the opening).
            readings = _core.classify(game_id, counts, True)
        for m in readings:
            if m.kind == kind:
                return m
        raise IllegalMoveError(f"{body!r} cannot be read as {kind}", rule=rule)
    if not readings:
        raise IllegalMoveError(f"{body!r} is not a combination", rule=rule)
    return readings[0]


def counts_of(cards: Any, check_bits: Any = None) -> int:
    """Rank counts of a set of cards (card text or ids, a CardSet) or of ranks
    text such as ``"33344456"``; ``check_bits(bits)`` (when given) vets the
    bits of cards and returns them (or raises InvalidCardError)."""
    if isinstance(cards, str):
        try:
            bits = bits_of(cards)
        except InvalidCardError:
            try:
                return _core.parse_ranks(cards.replace(" ", ""))
            except ValueError:
                raise InvalidCardError(f"{cards!r} is neither cards nor ranks") from None
    else:
        bits = bits_of(cards)
    return _core.card_counts(bits if check_bits is None else check_bits(bits))


def coerce_last(game, last: Any) -> ClimbMove | None:
    if last is None:
        return None
    if isinstance(last, str):
        last = game.parse_move(last)
    if not isinstance(last, ClimbMove) or last.game != game.game_id:
        raise ArgumentTypeError(f"last must be a {game.name} move or its text, not {last!r}")
    return last if last.is_play else None



class ClimbLegalMoves(_core.PlayView, LegalMoves):
    """Legal moves of a climbing game, listed by the compiled position
    (built as move values only when looked at).  Made by
    ``State.legal_moves()`` through ``_core.make_view``."""

    def __new__(cls, state):
        # ``ClimbLegalMoves(state)`` (the base-class way) gives the view the
        # state builds; the core makes views without calling this.
        return state.legal_moves()

    def __init__(self, state):
        pass

    # (the core lists the moves once, a snapshot of the position, and checks at each use that
    # the state is still there: LegalMoves._fresh, as every game's view does)
    sample = _core.PlayView.sample

    __contains__ = LegalMoves.__contains__
    __repr__ = LegalMoves.__repr__


_core.register_sampling(random.Random, randbelow)
_make_view = _core.make_view


class ClimbState(State):
    """What the climbing games' states share: the compiled position
    (``_pos``) that owns the rules, and the lazy legal-move view."""

    legal_moves_class = ClimbLegalMoves
    _pos: Any

    @property
    def current_player(self) -> int | None:
        return self._pos.current_player

    @property
    def is_over(self) -> bool:
        return self._pos.is_over

    @property
    def position(self):
        """A copy of the compiled position (for rollouts and analysis)."""
        return self._pos.copy()

    def hand(self, player: int) -> tuple:
        """The card ids in ``player``'s hand, ascending in climbing order."""
        return cards_ids(self._pos.hand_bits(player))

    @property
    def last_play(self):
        """The play to beat, or None when the player to move leads."""
        return self._pos.last_play

    @property
    def last_player(self) -> int | None:
        """Who made the play to beat (None when there is none)."""
        return self._pos.last_player

    @property
    def bombs(self) -> int:
        """Bombs (and rockets) played so far."""
        return self._pos.bombs

    @property
    def winner(self) -> int | None:
        """The seat that went out (None while the deal goes on)."""
        return self._pos.winner

    def legal_moves(self) -> ClimbLegalMoves:
        return _make_view(ClimbLegalMoves, self, self._pos)

    def _legal(self):
        return list(self.legal_moves())

    def returns(self) -> list:
        return list(self._pos.returns())

    def _copy(self):
        c = self._shallow_copy()
        c._pos = self._pos.copy()
        return c

    def resample(self, player: int, rng: Any = None) -> "ClimbState":
        """A state the ``player`` cannot tell apart from this one, hidden
        cards dealt again (``game.sample_world``), with the same history;
        its JSON is a setup of its own dealt hands plus the moves."""
        return resample_state(self, player, rng)

    def _common_observation(self, player: int) -> dict:
        pos = self._pos
        last = pos.last_play
        return {
            "hand": cards_list(pos.hand_bits(player)),
            "hand_sizes": pos.hand_sizes(),
            "played": [cards_list(pos.played_bits(q)) for q in range(3)],
            "last_play": None if last is None else str(last),
            "last_player": pos.last_player,
            "bombs": pos.bombs,
        }


# ---------------------------------------------------------------------------
# Worlds, the rollout policy: what the generic agents need from a game.

_THREE_OF_HEARTS = 6
_CHANCE = -1


def _obs_data(observation: Any) -> dict:
    data = getattr(observation, "data", observation)
    if not isinstance(data, dict):
        raise ArgumentTypeError(f"an observation must be an Observation or its dict, "
                                f"not {type(observation).__name__}")
    return data


_MOVE_CACHE: tuple[dict, dict] = ({}, {})
"""Move values by their text, per game: histories repeat a few texts."""


def _texts_bits(texts: Any) -> int:
    if isinstance(texts, list) and all(type(t) is str for t in texts):
        return _parse_card_bits(" ".join(texts))
    return bits_of(texts)


def build_sampler(game, observation: Any):
    """The compiled sampler of the worlds ``observation`` cannot tell apart
    (see ``WorldSampler`` in the core): the observer's cards, the cards
    played and shown, and the public moves of the current deal with the
    cards each play took."""
    data = _obs_data(observation)
    try:
        if data.get("game") != game.name:
            raise InvalidSetupError(f"not a {game.name} observation")
        player = data["player"]
        own = _texts_bits(data["hand"])
        played = [_texts_bits(x) for x in data["played"]]
        sizes = list(data["hand_sizes"])
        history = data["history"]
        if not (isinstance(player, int) and 0 <= player < 3 and len(played) == 3 and len(sizes) == 3):
            raise InvalidSetupError("an observation of a three-player deal needs player 0-2")
        start = max((i + 1 for i, (p, _) in enumerate(history) if p == _CHANCE), default=0)
        cache = _MOVE_CACHE[game.game_id]
        entries = []
        for p, text in history[start:]:
            m = cache.get(text)
            if m is None:
                m = game.parse_move(text)
                if len(cache) < 8192:
                    cache[text] = m
            entries.append((p, m))
        ddz = game.game_id == 0
        landlord = data.get("landlord") if ddz else None
        bottom = bits_of(data["bottom"]) if ddz and landlord is not None else 0
        first_bidder = data.get("first_bidder") if ddz else None
        opening_now = bool(data.get("opening")) if not ddz else False
        plays = [(p, m) for p, m in entries if m.is_play]
        if ddz:
            opening_init = False
            leader = -1
        else:
            leader = entries[0][0] if entries else data["current_player"]
            if not plays:
                opening_init = opening_now
            else:
                p0, m0 = plays[0]
                opening_init = bool(m0.counts & 15 and played[p0] >> _THREE_OF_HEARTS & 1
                                    and not (m0.kind_id == KIND["bomb"] and m0.rank == 0))
        remaining = list(played)
        cards = []
        # A play takes the lowest ids of its ranks (the 3 of hearts first at
        # the opening), so a seat that played a card of a rank holds no
        # lower card of that rank: a constraint anyone can read.
        below = [0, 0, 0]
        opening = opening_init
        for p, m in entries:
            c = 0
            if m.is_play:
                first = _THREE_OF_HEARTS if opening else -1
                c = _core.take_cards(remaining[p], m.counts, first)
                if c < 0:
                    raise InvalidSetupError(f"the history's play {m} is not among the cards seat {p} played")
                remaining[p] &= ~c
                lowest = c & ~(1 << _THREE_OF_HEARTS) if opening else c
                while lowest:
                    card = lowest.bit_length() - 1
                    lowest &= ~(1 << card)
                    if card < 52:
                        base = card & ~3
                        below[p] |= ((1 << card) - 1) & ~((1 << base) - 1)
                opening = False
            cards.append(c)
        if any(remaining):
            raise InvalidSetupError("the cards played do not match the history")
        fixed = [0, 0, 0, 0]
        slots = [0, 0, 0, 0]
        cur = data.get("current_player")
        for q in range(3):
            if q == player:
                continue
            if ddz and landlord == q:
                fixed[q] = bottom & ~played[q]
            if not ddz and opening_now and cur == q:
                fixed[q] |= 1 << _THREE_OF_HEARTS
            slots[q] = sizes[q] - bin(fixed[q]).count("1")
        if ddz and landlord is None:
            slots[3] = 3
        if sizes[player] != bin(own).count("1") or min(slots) < 0:
            raise InvalidSetupError("the observation's hand sizes do not match its cards")
        pack = (1 << 54) - 1 if ddz else sum(1 << c for c in _core.zsy_pack())
        seen = own | played[0] | played[1] | played[2] | bottom | fixed[0] | fixed[1] | fixed[2]
        holdings = [h for h in (0, 1, 2, 3) if h != player and slots[h] > 0]
        constrained = pack & ~seen & (below[0] | below[1] | below[2])
        while constrained:
            card = constrained.bit_length() - 1
            constrained &= ~(1 << card)
            allowed = [g for g in holdings if g == 3 or not below[g] >> card & 1]
            if not allowed:
                raise InvalidSetupError("no seat can hold an unseen card: the observation is inconsistent")
            if len(allowed) == 1:       # (two hidden hands in play: the other one holds it)
                fixed[allowed[0]] |= 1 << card
                slots[allowed[0]] -= 1
                seen |= 1 << card
        if min(slots) < 0:
            raise InvalidSetupError("the observation's hand sizes do not match its cards")
        known = [played[q] | (own if q == player else 0) for q in range(3)]
        strip = ddz and landlord is not None and first_bidder is not None
        return _core.WorldSampler(
            game.game_id, player, known, fixed, slots, bottom, strip,
            -1 if landlord is None else landlord, data.get("bid", 1) or 1,
            -1 if first_bidder is None else first_bidder, data.get("redeals", 0) if ddz else 0,
            leader, opening_init, [m for _, m in entries], cards, pack & ~seen)
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as e:
        raise InvalidSetupError(f"not a {game.name} observation: {e!r}") from None


class ClimbGame:
    """What the climbing games' Game classes share: worlds for the Monte
    Carlo agents and the compiled rollout policy."""

    game_id: ClassVar[int]
    name: ClassVar[str]

    def world_sampler(self, observation: Any):
        """A compiled sampler of the worlds ``observation`` cannot tell from
        the real deal (``sampler.sample(seed)`` gives one ``Position``);
        build it once per decision, draw many worlds from it."""
        cache = self.__dict__.get("_sampler_cache")
        if cache is not None and cache[0] is observation:
            return cache[1]
        sampler = build_sampler(self, observation)
        self.__dict__["_sampler_cache"] = (observation, sampler)
        return sampler

    def sample_world(self, observation: Any, rng: Any = None):
        """A compiled position the observing player cannot tell apart from the
        real one: his own cards and the public history kept, every unseen
        card dealt again uniformly under what he knows (hand sizes, cards
        played, the Dou Dizhu bottom in the landlord's hand, DDZ-2.4; in
        Zheng Shangyou every pass shows that the passer could not beat the
        table, ZSY-3.2, and the 3 of hearts is with the opening leader)."""
        return self.world_sampler(observation).sample(draw_seed(rng))

    def policy_move(self, observation: Any, legal_moves: Any = None, rng: Any = None):
        """The compiled heuristic's move for the player to move (the
        ``heuristic`` agent): it reads only his hand and the public state,
        so any world he cannot tell apart gives the same move.  A play
        nobody can beat that leaves one play comes first; leads shed
        the most cards without breaking a bomb; follows beat with the
        smallest winner; bombs wait for an opponent close to going out; a
        Dou Dizhu farmer lets his partner's play stand; bids follow hand
        strength."""
        data = _obs_data(observation)
        if data.get("is_over"):
            raise IllegalMoveError("the game is over: no move can be played")
        if data.get("current_player") != data.get("player"):
            raise InvalidSetupError("the heuristic moves for the player to move: observe him")
        move = _core.policy(self.sample_world(observation, rng))
        if legal_moves is not None and move not in legal_moves:
            raise IllegalMoveError(f"the heuristic's move {move} is not among the legal moves given")
        return move

    def rollout(self, position: Any, rng: Any = None) -> tuple:
        """Play a copy of ``position`` (a compiled position: ``sample_world``,
        ``state.position``) to the end in the core with the heuristic in
        every seat, ``nogil``; its returns.  The policy is deterministic,
        so ``rng`` is accepted for the common signature and checked only."""
        if not isinstance(position, Position) or position.game != self.game_id:
            raise ArgumentTypeError(f"rollout needs a compiled {self.name} position")
        if rng is not None:
            draw_seed(rng)
        return _core.rollout(position)


def _initial_hands(sampler, world) -> tuple[list[int], int]:
    """The dealt hands of a world (current cards and cards played), and its bottom."""
    bottom = world.bottom_bits
    hands = [world.hand_bits(q) | world.played_bits(q) for q in range(3)]
    if sampler.strip_bottom:
        hands[sampler.landlord] &= ~bottom
    return hands, bottom


def resample_state(state, player: int, rng: Any = None):
    """A State wrapping a world of ``state.observation(player)``: its setup is
    the world's own dealt hands, and the same moves are replayed on it."""
    from cardavia.game import CHANCE, check_player
    check_player(player, 3)
    state._refuse_resample_if_over()
    game = state.game
    obs = state.observation(player)
    sampler = game.world_sampler(obs)
    seed = draw_seed(rng)
    world = sampler.sample(seed)
    hands, bottom = _initial_hands(sampler, world)
    text = [cards_text(h) for h in hands]
    if game.game_id == 1:
        setup: dict = {"hands": text, "leader": sampler.leader, "opening": bool(sampler.opening)}
    elif sampler.first_bidder < 0:
        setup = {"hands": text, "bottom": cards_text(bottom), "seed": 0,
                 "landlord": sampler.landlord, "bid": sampler.bid}
    else:
        # The deals thrown in before (DDZ-2.5) are dealt afresh: nobody sees
        # them now; each keeps the first bidder the history records.
        firsts = [e.player for e in state.history[:1]] + [
            int(str(e.move).rsplit(" ", 1)[1]) for e in state.history if e.player == CHANCE]
        deals = []
        r = Random(seed ^ 0x5DEECE66D)
        for k in range(sampler.redeals):
            deck = r.shuffle_ids(range(54))
            deals.append({"hands": [cards_text(sum(1 << c for c in deck[17 * q:17 * q + 17])) for q in range(3)],
                          "bottom": cards_text(sum(1 << c for c in deck[51:])), "first_bidder": firsts[k]})
        deals.append({"hands": text, "bottom": cards_text(bottom), "first_bidder": sampler.first_bidder})
        setup = dict(deals[0])
        setup["seed"] = seed
        if len(deals) > 1:
            setup["redeals"] = deals[1:]
    out = game._initial_state(setup)
    for p, m in state.history:
        if p != CHANCE:
            out.play(m)
    return out
