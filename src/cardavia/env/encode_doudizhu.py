"""Dou Dizhu: a fixed action space of every distinct play, and the encoding.

Actions: 0 ``pass``, 1-3 ``bid 1``-``bid 3``, then every distinct play of
DDZ-4 that a hand can hold (at most 20 cards, DDZ-2.1/2.4), in the core's
generation order.  A play is its rank multiset and its reading (suits never
matter, DDZ-3.3; a play given as ranks takes the lowest card ids, DESIGN.md),
and under DDZ-4.3 no rank multiset has two readings, so the table is the
distinct plays of a hand holding the whole pack, cut to 20 cards:
``PLAY_COUNT`` = 24,639 plays, ``NUM_ACTIONS`` = 24,643.  rlcard's space is
27,472 (27,471 plays and pass); tests/test_env.py computes the difference:
its 2,832 extra plays are all airplanes whose single wings hold three cards
of one rank (``333999TTTJJJ``), which DDZ-4.3 forbids.

The observation (float32, seats counted from the observer: 0 himself, 1
the next seat, 2 the one before): his hand, the cards each seat played and
the bottom (once shown) as rank-count planes (15 ranks x 4), the play to
beat (planes, reading, who made it), hand sizes, phase, landlord, the bids
of this round per seat, the landlord's bid and the multiplier.
"""
from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

import cardavia
from cardavia import doudizhu
from cardavia._core import climb
from cardavia.env.encoding import CLIMB_RANK, CLIMB_RANKS, Encoder, Layout, one_hot, rank_planes, relative

MAX_HAND = 20
"""Most cards a Dou Dizhu hand holds: the landlord's 17 and the bottom 3."""
PASS_ACTION = 0
BID_ACTIONS = (1, 2, 3)
FIRST_PLAY = 4
_RANK_OF_CHAR = {ch: i for i, ch in enumerate(CLIMB_RANKS)}
_KINDS = len(climb.KIND_NAMES)
_PHASES = ("bidding", "play", "over")
_PLANES = 4 * 15


@functools.lru_cache(maxsize=1)
def play_table() -> tuple[doudizhu.DouDizhuMove, ...]:
    """Every distinct Dou Dizhu play of at most 20 cards, in the core's
    generation order (built once)."""
    return tuple(m for m in doudizhu.moves(range(54)) if m.ncards <= MAX_HAND)


@functools.lru_cache(maxsize=1)
def action_moves() -> tuple[doudizhu.DouDizhuMove, ...]:
    """The move of every action: pass, the three bids, then the plays."""
    return (doudizhu.PASS, *(doudizhu.BIDS[b] for b in (1, 2, 3)), *play_table())


@functools.lru_cache(maxsize=1)
def action_index() -> dict:
    """Move -> action (moves hash by their ranks and reading)."""
    index = {m: a for a, m in enumerate(action_moves())}
    assert len(index) == len(action_moves()), "two actions share a move"
    return index


PLAY_COUNT = 24_639
NUM_ACTIONS = FIRST_PLAY + PLAY_COUNT


def play_ranks(text: str) -> list[int]:
    """Rank indices of a play's text (``"kind:33344456"`` or ``"BR"``)."""
    body = text.rpartition(":")[2]
    return [_RANK_OF_CHAR[ch] for ch in body]


class DouDizhuEncoder(Encoder):
    num_actions = NUM_ACTIONS
    layout = Layout([
        ("hand", _PLANES), ("played", 3 * _PLANES), ("bottom", _PLANES),
        ("last_play", _PLANES), ("last_kind", _KINDS), ("last_player", 3),
        ("hand_sizes", 3), ("phase", 3), ("landlord", 3), ("bids", 3 * 4), ("bid", 4),
        ("multiplier", 1),
    ])

    def __init__(self, game: cardavia.Game):
        super().__init__(game)
        if len(play_table()) != PLAY_COUNT:
            raise AssertionError(f"the Dou Dizhu play table has {len(play_table())} plays, not {PLAY_COUNT}")
        self._index = action_index()
        self._moves = action_moves()
        self._kinds: dict[str, int] = {}

    def _kind_id(self, text: str) -> int:
        kind = self._kinds.get(text)
        if kind is None:
            move: Any = self.game.parse_move(text)
            kind = self._kinds[text] = move.kind_id
        return kind

    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        d = obs.data
        me = obs.player
        L = self.layout
        vec = np.zeros(L.size, np.float32)
        rank_planes(vec, L["hand"], (CLIMB_RANK[t] for t in d["hand"]), 15)
        played = L["played"]
        for seat, cards in enumerate(d["played"]):
            r = (seat - me) % 3
            part = slice(played.start + r * _PLANES, played.start + (r + 1) * _PLANES)
            rank_planes(vec, part, (CLIMB_RANK[t] for t in cards), 15)
        if d["bottom"]:
            rank_planes(vec, L["bottom"], (CLIMB_RANK[t] for t in d["bottom"]), 15)
        last = d["last_play"]
        if last is not None:
            rank_planes(vec, L["last_play"], play_ranks(last), 15)
            one_hot(vec, L["last_kind"], self._kind_id(last))
        one_hot(vec, L["last_player"], relative(d["last_player"], me, 3))
        for seat, n in enumerate(d["hand_sizes"]):
            vec[L["hand_sizes"].start + (seat - me) % 3] = n / MAX_HAND
        one_hot(vec, L["phase"], _PHASES.index(d["phase"]))
        one_hot(vec, L["landlord"], relative(d["landlord"], me, 3))
        first = d["first_bidder"]
        if first is not None:
            for k, bid in enumerate(d["bids"]):   # 0 is a pass; a seat may bid again later
                r = (first + k - me) % 3
                vec[L["bids"].start + 4 * r + bid] = 1.0
        one_hot(vec, L["bid"], d["bid"] or 0)
        vec[L["multiplier"].start] = min(math.log2(d["multiplier"]) / 16, 1.0)
        return vec

    def decide(self, state: cardavia.State, obs: cardavia.Observation) -> dict:
        index = self._index
        try:
            return {index[m]: m for m in state.legal_moves()}
        except KeyError as e:  # a move outside the table would be a bug in the table
            raise AssertionError(f"legal move {e.args[0]} has no action") from None
