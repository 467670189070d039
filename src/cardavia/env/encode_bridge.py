"""Contract Bridge: 90 actions, the core's move ids.

Action ``c`` (0-51) plays the card of id ``c`` (from dummy when the
declarer plays dummy's card, BR-4.1); 52 is pass, 53 double, 54 redouble
and ``55 + 5 * (level - 1) + strain`` bids (strains C D H S NT):
``bridge.MOVES[action]``.

The observation (float32 in [0, 1], seats counted from the observer: 0
himself, 1 his left-hand opponent, 2 partner, 3 right-hand opponent): his
hand and dummy's (once shown) by card id, the cards each seat played, the
current trick by seat, the auction (for each of the 35 bids: who bid it,
who doubled it, who redoubled it), whose turn it is in the auction or play,
the phase, vulnerability of his side and the other, the contract (bid,
doubling), declarer and dummy, and the tricks each side has won (/ 13).
"""
from __future__ import annotations

import numpy as np

import cardavia
from cardavia import bridge
from cardavia.env.encoding import Encoder, Layout, card_plane, one_hot

_BID_INDEX = {f"{level}{strain}": 5 * (level - 1) + s
              for level in range(1, 8) for s, strain in enumerate(bridge.STRAINS)}
_VULNERABLE = {"none": (0, 0), "ns": (1, 0), "ew": (0, 1), "both": (1, 1)}
_PHASES = ("auction", "play", "over")


class BridgeEncoder(Encoder):
    num_actions = len(bridge.MOVES)
    layout = Layout([
        ("hand", 52), ("dummy_hand", 52), ("played", 4 * 52), ("trick", 4 * 52),
        ("bids", 35 * 4), ("doubles", 35 * 4), ("redoubles", 35 * 4), ("to_call", 4),
        ("phase", len(_PHASES)), ("vulnerable", 2), ("contract", 35), ("doubling", 3),
        ("declarer", 4), ("dummy", 4), ("tricks_won", 2),
    ])

    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        d = obs.data
        me = obs.player
        L = self.layout
        vec = np.zeros(L.size, np.float32)
        card_plane(vec, L["hand"], d["hand"])
        if d["dummy_hand"]:
            card_plane(vec, L["dummy_hand"], d["dummy_hand"])
        for seat, cards in enumerate(d["played"]):
            card_plane(vec, slice(L["played"].start + 52 * ((seat - me) % 4), None), cards)
        for seat, card in d["trick"]:
            card_plane(vec, slice(L["trick"].start + 52 * ((seat - me) % 4), None), [card])
        bid = None
        for k, call in enumerate(d["auction"]):
            r = (d["dealer"] + k - me) % 4
            if call == "X" and bid is not None:
                vec[L["doubles"].start + 4 * bid + r] = 1.0
            elif call == "XX" and bid is not None:
                vec[L["redoubles"].start + 4 * bid + r] = 1.0
            elif call in _BID_INDEX:
                bid = _BID_INDEX[call]
                vec[L["bids"].start + 4 * bid + r] = 1.0
        if d["phase"] == "auction" and d["current_player"] is not None:
            one_hot(vec, L["to_call"], (d["current_player"] - me) % 4)
        one_hot(vec, L["phase"], _PHASES.index(d["phase"]))
        ns, ew = _VULNERABLE[d["vulnerability"]]
        mine, theirs = (ns, ew) if bridge.side_of(me) == 0 else (ew, ns)
        vec[L["vulnerable"]] = (mine, theirs)
        contract = d["contract"]
        if contract:
            doubling = 2 if contract.endswith("XX") else 1 if contract.endswith("X") else 0
            one_hot(vec, L["contract"], _BID_INDEX[contract.rstrip("X")])
            one_hot(vec, L["doubling"], doubling)
        for key in ("declarer", "dummy"):
            if d[key] is not None:
                one_hot(vec, L[key], (d[key] - me) % 4)
        won = d["tricks_won"]
        side = bridge.side_of(me)
        vec[L["tricks_won"]] = (won[side] / 13, won[1 - side] / 13)
        return vec

    def decide(self, state: cardavia.State, obs: cardavia.Observation) -> dict:
        return {bridge.move_id(m): m for m in state.legal_moves()}
