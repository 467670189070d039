"""rlcard's Dou Dizhu rule agent (``DouDizhuRuleAgentV1``, rlcard 1.2.0) at
a Cardavia table (bench extra; never a runtime dependency).

The adapter builds the raw observation the rule agent reads (``current_hand``,
``trace``, ``actions``, ``landlord``, ``self``) from the seat's Cardavia
observation alone, offers it only Cardavia's legal moves, and maps its answer
back.  Card text is the same in both (ranks ``3456789TJQKA2`` and the jokers
``B``/``R``, a play written as its ranks ascending), so a move maps by its
text.  Where the two rulebooks differ the rule agent never sees the
difference: a Cardavia play that rlcard's table of moves lacks is not
offered to it, and an answer outside the offered moves (its lead is built
from its own decomposition of the hand) is replaced by a uniform draw among
them, counted in ``fallbacks``.  It cannot bid: in a deal with bidding it bids
as ``heuristic`` does.  It draws from NumPy's global RNG, so ``reset`` seeds
that from the deal's seed.

    from rlcard_ddz import register
    register()            # then "rlcard" is an agent name in this process
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cardavia.ai import Agent, HeuristicAgent, register_agent

_ORDER = "3456789TJQKA2BR"


def _rank_char(card: str) -> str:
    return {"BJ": "B", "RJ": "R"}.get(card, card[0])


def hand_text(cards: list[str]) -> str:
    """A Cardavia hand as rlcard's sorted rank string."""
    return "".join(sorted((_rank_char(c) for c in cards), key=_ORDER.index))


class RlcardRuleAgent(Agent):
    """rlcard's ``DouDizhuRuleAgentV1`` playing one Dou Dizhu seat."""

    name = "rlcard"
    fallbacks = 0
    """Answers outside the offered moves, replaced by a uniform draw (per process)."""

    def __init__(self, game: Any, seed: Any = None):
        super().__init__(seed)
        from rlcard.games.doudizhu.utils import CARD_TYPE
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
        self.game = game
        self.rule = DouDizhuRuleAgentV1()
        self.known = CARD_TYPE[0]
        self.bidder = HeuristicAgent(game, seed)

    def reset(self, seed: Any = None) -> None:
        super().reset(seed)
        self.bidder.reset(seed)
        np.random.seed(self.rng.getrandbits(32))

    def choose(self, observation, legal_moves):
        data = observation.data
        if data["phase"] == "bidding":
            return self.bidder.choose(observation, legal_moves)
        moves = {str(m): m for m in legal_moves}
        offered = [t for t in moves if t == "pass" or t in self.known]
        if len(offered) == 1:
            return moves[offered[0]]
        # The play starts with the landlord's lead (never a pass): what
        # comes before it is bidding or chance (player -1).
        history = [(p, t) for p, t in data["history"] if p >= 0]
        start = next((i for i, (_, t) in enumerate(history) if t != "pass" and not t.startswith("bid")),
                     len(history))
        trace = history[start:]
        raw = {"current_hand": hand_text(data["hand"]), "trace": trace, "actions": offered,
               "landlord": data["landlord"], "self": data["player"]}
        try:
            answer = self.rule.step({"raw_obs": raw})
        except (KeyError, IndexError, ValueError):
            answer = None
        if answer not in offered:
            type(self).fallbacks += 1
            answer = offered[self.rng.randrange(len(offered))]
        return moves[answer]


def register() -> None:
    """Make ``rlcard`` an agent name (``make_agent("rlcard", game)``)."""
    register_agent("rlcard", lambda game, seed=None: RlcardRuleAgent(game, seed))
