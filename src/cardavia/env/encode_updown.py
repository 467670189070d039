"""The Up/Down duel: lock a card, then Hold'em's betting actions.

Actions 0-6 are the betting actions of ``encode_holdem`` (the duel has no
blinds: the pot holds the antes); action ``7 + c`` locks the card of id
``c`` (0-51) of the two held (UD-3.1): 59 actions.  Two identical cards
(two packs) are one lock.

The observation (float32 in [0, 1], seats counted from the observer, chips
divided by all the chips at the table, card counts halved for the two
packs): his two cards, his locked card, the opponent's locked card once
revealed and whether he has locked, both signals (UD-2.3), the phase and
the starter, stacks, bets and chips before the deal, pot, to call, the
raise range, the stock and discard sizes, the discard pile, and the
previous deal's revealed cards.
"""
from __future__ import annotations

from typing import Any, cast

import numpy as np

import cardavia
from cardavia import updown
from cardavia.env.encode_holdem import BETTING_ACTIONS, BettingEncoder
from cardavia.env.encoding import CARD_ID, Layout, card_plane, one_hot

LOCK = BETTING_ACTIONS
"""Action ``LOCK + card id`` locks that card."""
_PACKS = 104


class UpDownEncoder(BettingEncoder):
    num_actions = BETTING_ACTIONS + 52

    def __init__(self, game: cardavia.Game):
        super().__init__(game)
        self.total_chips = 2 * game.options["chips"]
        self.layout = Layout([
            ("hand", 52), ("locked", 52), ("opponent_locked", 52), ("opponent_has_locked", 1),
            ("signals", 2), ("phase", len(updown.PHASES)), ("starter", 2),
            ("stacks", 2), ("bets", 2), ("start_stacks", 2), ("pot", 1), ("to_call", 1), ("raise_range", 2),
            ("stock", 1), ("discards", 1), ("discard_pile", 52), ("last_reveal", 2 * 52),
        ])

    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        d = obs.data
        me, total = obs.player, self.total_chips
        L = self.layout
        vec = np.zeros(L.size, np.float32)
        card_plane(vec, L["hand"], d["hand"], 0.5)
        if d["locked"]:
            card_plane(vec, L["locked"], [d["locked"]])
        other = d["opponent_locked"]
        if other is not None:
            vec[L["opponent_has_locked"].start] = 1.0
            if other != "?":
                card_plane(vec, L["opponent_locked"], [other])
        for seat in (0, 1):
            r = (seat - me) % 2
            vec[L["signals"].start + r] = d["signals"][seat]["up"] / 2
            vec[L["stacks"].start + r] = d["stacks"][seat] / total
            vec[L["bets"].start + r] = d["bets"][seat] / total
            vec[L["start_stacks"].start + r] = d["start_stacks"][seat] / total
        one_hot(vec, L["phase"], updown.PHASES.index(d["phase"]))
        one_hot(vec, L["starter"], (d["starter"] - me) % 2)
        vec[L["pot"].start] = d["pot"] / total
        vec[L["to_call"].start] = (d.get("to_call") or 0) / total
        if d.get("raise_range"):
            low, high = d["raise_range"]
            vec[L["raise_range"]] = (low / total, high / total)
        vec[L["stock"].start] = d["stock"] / _PACKS
        vec[L["discards"].start] = d["discards"] / _PACKS
        card_plane(vec, L["discard_pile"], d["discard_pile"], 0.5)
        reveal = d.get("last_reveal")
        if reveal:
            start = L["last_reveal"].start
            for seat, text in enumerate(reveal):
                vec[start + 52 * ((seat - me) % 2) + CARD_ID[text]] = 1.0
        return vec

    def decide(self, state: cardavia.State, obs: cardavia.Observation) -> dict[int, Any]:
        if obs["phase"] == "lock":
            return {LOCK + cast(updown.LockMove, m).card: m for m in state.legal_moves()}
        return super().decide(state, obs)
