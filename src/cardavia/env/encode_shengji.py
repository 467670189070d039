"""Shengji: a move is built card by card (56 actions).

Why not "action ``i`` is the ``i``-th legal move": a player void in the led
suit may fill a tractor with any cards (SJ-3.5), so a position can have
``C(25, 12)`` = 5,200,300 plays; no per-move feature array of that bound is
usable.  Instead every Shengji move (declare, bury, play) is a multiset of
cards, and the agent picks its cards one action at a time:

- ``c`` (0-53): add the card of id ``c`` to the move being built; legal
  when some legal move holds the cards picked so far and ``c``;
- 54 ``pass``: legal when passing is (declaring, SJ-2.3), nothing picked;
- 55 ``done``: play the cards picked as they are; legal when they form a
  legal move that more cards could also extend (a single that could grow
  into a pair, a lead that could grow into a tractor).

As soon as the cards picked form a legal move that no card extends, it is
played.  Every legal move is reached by exactly one set of picks (in any
card order), every pick sequence ends in a legal move, and nothing is cut:
the masks come from all the legal moves (``state.legal_moves()``, unranked
in the core once a decision).  The other players see nothing of the picks
until the move is played.

The observation (float32 in [0, 1], seats counted from the observer: 0
himself, 1 the next, 2 his partner, 3 the one before; card counts halved
for the two packs): his hand, the cards picked so far, the cards each seat
played, the current trick by seat and its leader, the last trick, hand
sizes, phase, trump, the deal's level and both teams' levels (ours first),
dealer, the standing declaration (who, which cards), the attackers' points
(/ 200), the kitty once revealed, his own buried cards and the kitty size.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

import cardavia
from cardavia.env.encoding import CARD_ID, Encoder, Layout, card_plane, one_hot, relative, two_pack_cards

PASS_ACTION = 54
DONE_ACTION = 55
_PHASES = ("declare", "bury", "play", "over")
_TRUMPS = ("C", "D", "H", "S", "NT")
_MOST_HELD = 33
"""The dealer's 25 cards and the kitty of 8 before burying (SJ-2.7)."""


class Picks:
    """The cards picked so far for the move being built, and the legal
    moves that still hold them."""

    def __init__(self, state: cardavia.State):
        self.moves: list[Any] = list(state.legal_moves())
        self.picked: Counter = Counter()
        self.size = 0
        self.passing: int | None = None       # the index of pass, when legal
        self.candidates: list[tuple[int, Counter, int]] = []   # (index, card counts, size)
        for i, move in enumerate(self.moves):
            if move.kind == "pass":
                self.passing = i
            else:
                cards = move.cards
                self.candidates.append((i, Counter(cards), len(cards)))

    def actions(self) -> list[int]:
        picked = self.picked
        nxt: set[int] = set()
        exact = False
        for _, counts, size in self.candidates:
            if size == self.size:
                exact = True
                continue
            for c, n in counts.items():
                if n > picked[c]:
                    nxt.add(c)
        out = sorted(nxt)
        if self.passing is not None and not self.size:
            out.append(PASS_ACTION)
        if exact and nxt and self.size:
            out.append(DONE_ACTION)
        return out

    def add(self, card: int) -> int | None:
        """Pick ``card``; the index of the move when the picks are complete."""
        picked = self.picked
        picked[card] += 1
        self.size += 1
        self.candidates = [x for x in self.candidates if x[1][card] >= picked[card]]
        if all(size == self.size for _, _, size in self.candidates):
            return self.candidates[0][0]
        return None

    def done(self) -> int | None:
        for i, _, size in self.candidates:
            if size == self.size:
                return i
        return None


class ShengjiEncoder(Encoder):
    num_actions = 56
    layout = Layout([
        ("hand", 54), ("picked", 54), ("played", 4 * 54), ("trick", 4 * 54), ("leader", 4),
        ("last_trick", 4 * 54), ("hand_sizes", 4), ("phase", 4), ("trump", 5), ("level", 13),
        ("team_levels", 2 * 13), ("dealer", 4), ("declarer", 4), ("declaration", 54),
        ("attacker_points", 1), ("kitty", 54), ("buried", 54), ("kitty_size", 1),
    ])

    def decide(self, state: cardavia.State, obs: cardavia.Observation) -> Picks:
        return Picks(state)

    def observe(self, state: cardavia.State, player: int) -> dict[str, np.ndarray]:
        out = super().observe(state, player)
        if not state.is_over and state.current_player == player:
            vec = out["observation"]
            for c, n in self.decision(state).picked.items():
                vec[self.layout["picked"].start + c] = n / 2
        return out

    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        d = obs.data
        me = obs.player
        L = self.layout
        vec = np.zeros(L.size, np.float32)
        two_pack_cards(vec, L, d, me)
        for part, trick in (("trick", d["trick"]), ("last_trick", d["last_trick"])):
            for seat, text in trick:
                card_plane(vec, slice(L[part].start + 54 * ((seat - me) % 4), None), text.split(), 0.5)
        one_hot(vec, L["leader"], relative(d["leader"], me, 4))
        for seat, n in enumerate(d["hand_sizes"]):
            vec[L["hand_sizes"].start + (seat - me) % 4] = n / _MOST_HELD
        one_hot(vec, L["phase"], _PHASES.index(d["phase"]))
        if d["trump"] is not None:
            one_hot(vec, L["trump"], _TRUMPS.index(d["trump"]))
        one_hot(vec, L["level"], d["level"] - 2)
        ours = me % 2
        for k, team in enumerate((ours, 1 - ours)):
            vec[L["team_levels"].start + 13 * k + min(d["team_levels"][team], 14) - 2] = 1.0
        one_hot(vec, L["dealer"], relative(d["dealer"], me, 4))
        declaration = d["declaration"]
        if declaration:
            one_hot(vec, L["declarer"], relative(declaration["player"], me, 4))
            card_plane(vec, L["declaration"], declaration["cards"].split(), 0.5)
        vec[L["attacker_points"].start] = min(d["attacker_points"], 200) / 200
        if d["kitty"]:
            card_plane(vec, L["kitty"], _texts(d["kitty"]), 0.5)
        if d.get("buried"):
            card_plane(vec, L["buried"], _texts(d["buried"]), 0.5)
        vec[L["kitty_size"].start] = d["kitty_size"] / 8
        return vec

    def legal_actions(self, state: cardavia.State, obs: cardavia.Observation | None = None) -> list[int]:
        return self.decision(state, obs).actions()

    def move(self, state: cardavia.State, action: int) -> Any:
        """The move to play, or None while the picks go on."""
        self.check_action(action)
        picks = self.decision(state)
        if action not in picks.actions():
            raise self.not_legal(action)
        if action == PASS_ACTION:
            index = picks.passing
        elif action == DONE_ACTION:
            index = picks.done()
        else:
            index = picks.add(action)
        return None if index is None else picks.moves[index]


def _texts(cards: Any) -> list[str]:
    """Card texts of an observation's card list or text."""
    if isinstance(cards, str):
        return cards.split()
    return [c for c in cards if c in CARD_ID]
