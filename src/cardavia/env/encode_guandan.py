"""Guandan: action ``i`` is the ``i``-th legal move (``state.legal_moves()[i]``).

The core lists the moves in its own fixed order, the order of
``state.legal_moves()``: plays grouped by shape (single, pair … bombs,
straight flushes), ``pass`` last when legal; in the tribute's return phase
one ``return`` per card.  ``NUM_ACTIONS`` = 21,300 is proven in
``guandan_bound`` to bound the legal moves of every reachable position
(tests/test_env.py recomputes it and checks it against the largest counts
seen); a position with more would raise, never be cut.

Each legal move has a row of ``"moves"`` (int8): its kind (0 pass, 1 return,
2 + shape code of ``guandan.SHAPES``), its main rank (0-14 in
``guandan.MAIN_CHARS``, 15 for none), its number of cards and its card
ids (sorted, 54 for an empty slot; at most 10 cards, GD-5.4).

The observation (float32 in [0, 1], seats counted from the observer: 0
himself, 1 the next, 2 his partner, 3 the one before; two packs, so card
counts are halved): his hand, the cards each seat played, the play to beat
(cards, shape, main rank) and who made it, hand sizes, the deal's level and
both teams' levels (ours first), the phase, each seat's finishing place so
far, passes since the last play, the trick's leader, the tribute and
returned cards by seat, and whether the tribute was cancelled (GD-3.3).
"""
from __future__ import annotations

import numpy as np

import cardavia
from cardavia import guandan
from cardavia.env.encoding import CARD_ID, Layout, ListedMovesEncoder, one_hot, relative, two_pack_cards

NUM_ACTIONS = 21_300
"""``guandan_bound.move_bound()``, kept as a number: it takes seconds to compute."""
MAX_CARDS = 10
"""The largest play: a bomb of eight natural cards and two wilds (GD-5.4)."""
_SHAPES = len(guandan.SHAPES)
_MAINS = len(guandan.MAIN_CHARS)
_PHASES = ("return", "play", "over")
_EMPTY = 54


class GuandanEncoder(ListedMovesEncoder):
    num_actions = NUM_ACTIONS
    move_features = 3 + MAX_CARDS
    move_dtype = np.int8
    move_high = 54
    layout = Layout([
        ("hand", 54), ("played", 4 * 54), ("last_play", 54), ("last_shape", _SHAPES), ("last_main", _MAINS),
        ("last_player", 4), ("hand_sizes", 4), ("level", 13), ("team_levels", 2 * 13), ("phase", 3),
        ("finished", 4 * 4), ("passes", 1), ("leader", 4), ("tribute", 4 * 54), ("returned", 4 * 54),
        ("anti_tribute", 1),
    ])

    def __init__(self, game: cardavia.Game):
        super().__init__(game)
        self._moves: dict[str, guandan.GuandanMove] = {}

    def _parse(self, text: str) -> guandan.GuandanMove:
        move = self._moves.get(text)
        if move is None:
            move = self._moves[text] = guandan.parse_move(text)
        return move

    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        d = obs.data
        me = obs.player
        L = self.layout
        vec = np.zeros(L.size, np.float32)
        two_pack_cards(vec, L, d, me)
        if d["last_play"] is not None:
            last = self._parse(d["last_play"])
            for c in last.cards:
                vec[L["last_play"].start + c] += 0.5
            one_hot(vec, L["last_shape"], last.shape)
            one_hot(vec, L["last_main"], last.main)
        one_hot(vec, L["last_player"], relative(d["last_player"], me, 4))
        for seat, n in enumerate(d["hand_sizes"]):
            vec[L["hand_sizes"].start + (seat - me) % 4] = n / 28   # a tribute's receiver, before his return
        one_hot(vec, L["level"], d["level"] - 2)
        ours = me % 2
        for k, team in enumerate((ours, 1 - ours)):
            vec[L["team_levels"].start + 13 * k + d["team_levels"][team] - 2] = 1.0
        one_hot(vec, L["phase"], _PHASES.index(d["phase"]))
        for place, seat in enumerate(d["finished"]):
            vec[L["finished"].start + 4 * ((seat - me) % 4) + place] = 1.0
        vec[L["passes"].start] = min(d["passes"], 3) / 3
        one_hot(vec, L["leader"], relative(d["leader"], me, 4))
        for payer, _receiver, card in d["tribute"]:
            vec[L["tribute"].start + 54 * ((payer - me) % 4) + CARD_ID[card]] += 0.5
        for receiver, _payer, card in d["returned"]:
            vec[L["returned"].start + 54 * ((receiver - me) % 4) + CARD_ID[card]] += 0.5
        vec[L["anti_tribute"].start] = float(bool(d["anti_tribute"]))
        return vec

    def write_move(self, row: np.ndarray, move: guandan.GuandanMove) -> None:
        row[0] = 0 if move.kind == "pass" else 1 if move.kind == "return" else 2 + move.shape
        row[1] = move.main if move.main >= 0 else _MAINS
        cards = move.cards
        row[2] = len(cards)
        row[3:3 + len(cards)] = cards
        row[3 + len(cards):] = _EMPTY
