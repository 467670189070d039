"""Zheng Shangyou (Run Fast): action ``i`` is the ``i``-th legal move.

The moves are listed in the core's fixed order, that of
``state.legal_moves()`` (plays grouped by kind, ``pass`` only when nothing
beats the table, ZSY-3.2); the observation's
``"moves"`` row of each is its rank-count planes (13 ranks x 4), its reading
and its size.

The bound, proven: a legal move is ``pass`` or a play of cards the mover
holds, at most 16 of the 48-card pack (ZSY-2.2); a play is its rank
multiset with its reading (suits never rank, ZSY-3.1; the core takes the
lowest ids), and every play of a hand is a play of any hand holding it
(combinations are defined by their own cards, ZSY-4), so every legal move
is among the distinct plays of the whole pack, opening readings included
(ZSY-4.4), of at most 16 cards.  ``move_bound()`` counts them: 142 with
pass.  The legal moves of a position are distinct, so there are never more.

The observation: hand, the cards each seat played (planes), the play to
beat, who made it, hand sizes, the opening flag and each seat's running
bomb settlement (ZSY-5.2, points / 100 clipped to [-1, 1]); seats counted
from the observer.
"""
from __future__ import annotations

import functools
from typing import Any

import numpy as np

import cardavia
from cardavia import zhengshangyou
from cardavia._core import climb
from cardavia.env.encode_doudizhu import play_ranks
from cardavia.env.encoding import CLIMB_RANK, Layout, ListedMovesEncoder, count_planes, one_hot, rank_planes, relative

MAX_HAND = 16
_KINDS = len(climb.KIND_NAMES)
_PLANES = 4 * 13


@functools.lru_cache(maxsize=1)
def move_bound() -> int:
    """The number of distinct Zheng Shangyou plays of at most 16 cards of the
    pack (opening readings included), plus pass: see the module docstring."""
    pack = climb.zsy_pack()
    plays = {(m.kind_id, m.counts) for opening in (False, True)
             for m in zhengshangyou.moves(pack, opening=opening) if m.ncards <= MAX_HAND}
    return len(plays) + 1


class ZhengShangyouEncoder(ListedMovesEncoder):
    move_features = _PLANES + _KINDS + 1
    layout = Layout([
        ("hand", _PLANES), ("played", 3 * _PLANES), ("last_play", _PLANES), ("last_kind", _KINDS),
        ("last_player", 3), ("hand_sizes", 3), ("opening", 1), ("returns", 3),
    ])
    low = -1.0

    def __init__(self, game: cardavia.Game):
        super().__init__(game)
        self.num_actions = move_bound()
        self._kinds: dict[str, int] = {}

    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        d = obs.data
        me = obs.player
        L = self.layout
        vec = np.zeros(L.size, np.float32)
        rank_planes(vec, L["hand"], (CLIMB_RANK[t] for t in d["hand"]), 13)
        start = L["played"].start
        for seat, cards in enumerate(d["played"]):
            r = (seat - me) % 3
            rank_planes(vec, slice(start + r * _PLANES, None), (CLIMB_RANK[t] for t in cards), 13)
        last = d["last_play"]
        if last is not None:
            rank_planes(vec, L["last_play"], play_ranks(last), 13)
            kind = self._kinds.get(last)
            if kind is None:
                move: Any = self.game.parse_move(last)
                kind = self._kinds[last] = move.kind_id
            one_hot(vec, L["last_kind"], kind)
        one_hot(vec, L["last_player"], relative(d["last_player"], me, 3))
        for seat in range(3):
            r = (seat - me) % 3
            vec[L["hand_sizes"].start + r] = d["hand_sizes"][seat] / MAX_HAND
            vec[L["returns"].start + r] = max(-1.0, min(1.0, d["returns"][seat] / 100))
        vec[L["opening"].start] = float(bool(d["opening"]))
        return vec

    def write_move(self, row: np.ndarray, move) -> None:
        count_planes(row, 0, move.counts, 13)
        row[_PLANES + move.kind_id] = 1.0
        row[-1] = move.ncards / MAX_HAND
