"""The Bridge bidding system as data (issue 14 part 2): ``system.RULES``
(the rows), ``system.MESSAGES`` (their English), the interpreter
(``interpreter``), what the auction shows and deals that fit it (``sampler``), the
simulations (``simulate``) and the agent (``bidder``).

>>> from cardavia.ai.bridge_bidding import explain, render
>>> explain(["pass"], "1NT")
('open.nt', {'low': 15, 'high': 17})
>>> render(*explain(["1NT", "pass"], "2C"))
'Stayman: asks for a four-card major, 8+ points'
>>> [(call, reading[0]) for call, reading in read_auction(["1D", "1S", "X"])]
[('1D', 'open.suit'), ('1S', 'overcall.suit'), ('X', 'double.negative')]
"""
from cardavia.ai.bridge_bidding.bidder import SystemAgent
from cardavia.ai.bridge_bidding.interpreter import Hand, choose_call, context_of, explain, read_auction
from cardavia.ai.bridge_bidding.system import MESSAGES, RULES, render

__all__ = ["Hand", "MESSAGES", "RULES", "SystemAgent", "choose_call", "context_of", "explain", "read_auction",
           "render"]
