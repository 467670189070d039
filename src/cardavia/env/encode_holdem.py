"""No-limit Hold'em: fold, check or call, four raise sizes and all-in.

Actions (shared with the duel, ``encode_updown``):

====  ==========  =====================================================
  0   fold        when the player owes chips (folding for free is refused)
  1   check/call  whichever is legal
  2   min raise   the lowest legal bet or raise total
  3   half pot    total = highest bet + (pot + to_call) // 2
  4   pot         total = highest bet + (pot + to_call)
  5   two pots    total = highest bet + 2 * (pot + to_call)
  6   all-in      the highest legal total (every chip)
====  ==========  =====================================================

``pot`` counts every chip put in so far, this round's bets included; sizes
are floored to whole chips.  A size is legal only when it falls strictly
between the lowest and the highest legal total (``state.raise_range()``):
clamped to either end it would repeat the min raise or the all-in, so each
legal action is a different move.  When the lowest legal total is already
all the player's chips, only all-in is legal.

The observation (float32 in [0, 1], seats counted from the observer, chips
divided by all the chips at the table): hole cards and board by card id,
the street, per seat stack, bet, stack before the hand, still in the hand,
eliminated, button, small and big blind; the pot, what he owes and the
legal raise range.
"""
from __future__ import annotations

from typing import Any

import numpy as np

import cardavia
from cardavia.betting import BetMove
from cardavia.env.encoding import Encoder, Layout, card_plane, one_hot

FOLD, CHECK_CALL, MIN_RAISE, HALF_POT, POT, TWO_POTS, ALL_IN = range(7)
BETTING_ACTIONS = 7
POT_FRACTIONS = {HALF_POT: (1, 2), POT: (1, 1), TWO_POTS: (2, 1)}
"""Size action -> (numerator, denominator) of the pot after calling."""
_STREETS = ("preflop", "flop", "turn", "river", "showdown", "over")


def betting_actions(moves: Any, raise_range: range, bets: list, pot: int, to_call: int) -> dict[int, BetMove]:
    """The legal betting actions and their moves, from the listed moves
    (fold, check, call and a bet or raise) and the legal totals."""
    out: dict[int, BetMove] = {}
    kind = "raise" if max(bets) > 0 else "bet"
    for m in moves:
        if not isinstance(m, BetMove):
            continue
        if m.kind == "fold":
            out[FOLD] = m
        elif m.kind in ("check", "call"):
            out[CHECK_CALL] = m
        else:
            kind = m.kind
    if len(raise_range):
        low, high = raise_range.start, raise_range.stop - 1
        out[ALL_IN] = BetMove(kind, high)
        if low < high:
            out[MIN_RAISE] = BetMove(kind, low)
        for action, (num, den) in POT_FRACTIONS.items():
            total = max(bets) + num * (pot + to_call) // den
            if low < total < high:
                out[action] = BetMove(kind, total)
    return out


class BettingEncoder(Encoder):
    """What Hold'em and the duel share: the betting actions."""

    def decide(self, state: Any, obs: cardavia.Observation) -> dict[int, Any]:
        d = obs.data
        return betting_actions(state.legal_moves(), state.raise_range(), d["bets"], d["pot"], d.get("to_call") or 0)


class HoldemEncoder(BettingEncoder):
    num_actions = BETTING_ACTIONS

    def __init__(self, game: cardavia.Game):
        super().__init__(game)
        n = self.players
        self.total_chips = n * game.options["stack"]
        self.layout = Layout([
            ("hand", 52), ("board", 52), ("street", len(_STREETS)),
            ("stacks", n), ("bets", n), ("start_stacks", n), ("in_hand", n), ("eliminated", n),
            ("button", n), ("small_blind", n), ("big_blind", n),
            ("pot", 1), ("to_call", 1), ("raise_range", 2),
        ])

    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        d = obs.data
        me, n, total = obs.player, self.players, self.total_chips
        L = self.layout
        vec = np.zeros(L.size, np.float32)
        card_plane(vec, L["hand"], d["hand"])
        card_plane(vec, L["board"], d["board"])
        one_hot(vec, L["street"], _STREETS.index(d["street"]))
        for seat in range(n):
            r = (seat - me) % n
            vec[L["stacks"].start + r] = d["stacks"][seat] / total
            vec[L["bets"].start + r] = d["bets"][seat] / total
            vec[L["start_stacks"].start + r] = d["start_stacks"][seat] / total
            vec[L["in_hand"].start + r] = d["in_hand"][seat]
            vec[L["eliminated"].start + r] = d["eliminated"][seat]
        for key, part in (("button", "button"), ("small_blind_seat", "small_blind"),
                          ("big_blind_seat", "big_blind")):
            if d[key] is not None:
                one_hot(vec, L[part], (d[key] - me) % n)
        vec[L["pot"].start] = d["pot"] / total
        vec[L["to_call"].start] = (d.get("to_call") or 0) / total
        if d.get("raise_range"):
            low, high = d["raise_range"]
            vec[L["raise_range"]] = (low / total, high / total)
        return vec
