"""The child process of ``fairpoker_adapter``: fairpoker's HardBot answering
JSON lines on stdin/stdout (bench only).

Started as ``python -I -S fairpoker_child.py DIR`` (isolated, without any
site-packages) with fairpoker 1.2.0 installed in ``DIR``, so its top-level
modules ``game``, ``ui``, ``utils`` and ``main`` never meet Cardavia's.

A request is one line of JSON:

    {"bot": "3:1:2", "seed": 123, "hole_cards": [[14, "spades"], [13, "hearts"]],
     "chips": 980, "current_bet": 20, "state": {"community_cards": [], "pot": 30,
     "current_bet": 20, "min_raise": 20, "phase": "PRE_FLOP", "position": "IP",
     "opponent_stack": 990}}

``bot`` names a HardBot kept by this process: a new name builds a fresh one
(the adapter gives every hand a new name).  ``random.seed(seed)`` comes
before the bot is asked, so an answer depends on the request alone.  The
answer is ``{"action": "raise", "amount": 60, "ms": 0.21}`` (``amount`` as the
bot gives it: chips to raise by) or ``{"error": "..."}``.  ``{"hello": 1}``
answers fairpoker's version and the files its modules came from.
"""
import json
import random
import sys
import time

sys.path.insert(0, sys.argv[1])
# fairpoker's own top-level package, from the directory just put first
from game.bot.hard import HardBot
from game.cards import Card
from game.poker import GamePhase

_BOTS_KEPT = 64
"""Bots of finished hands are dropped once more than this many are kept."""


def _bot_for(bots: dict, name: str) -> HardBot:
    bot = bots.get(name)
    if bot is None:
        if len(bots) >= _BOTS_KEPT:
            bots.pop(next(iter(bots)))
        bot = bots[name] = HardBot()
    return bot


def answer(request: dict, bots: dict) -> dict:
    if "hello" in request:
        import game
        import game.bot.hard
        from importlib.metadata import version
        return {"version": version("fairpoker"), "files": [game.__file__, game.bot.hard.__file__]}
    bot = _bot_for(bots, str(request["bot"]))
    bot.hole_cards = [Card(rank, suit) for rank, suit in request["hole_cards"]]
    bot.chips = int(request["chips"])
    bot.current_bet = int(request["current_bet"])
    state = dict(request["state"])
    state["community_cards"] = [Card(rank, suit) for rank, suit in state["community_cards"]]
    state["phase"] = GamePhase[state["phase"]]
    random.seed(request["seed"])
    t0 = time.perf_counter()
    action, amount = bot.get_action(state)
    ms = (time.perf_counter() - t0) * 1000
    return {"action": action.value, "amount": int(amount), "ms": round(ms, 4)}


def main() -> None:
    bots: dict = {}
    for line in sys.stdin:
        try:
            out = answer(json.loads(line), bots)
        except Exception as e:  # the adapter reports it; this process keeps serving
            out = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
