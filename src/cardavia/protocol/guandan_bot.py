"""A Cardavia agent playing on a Guandan competition judge (WebSocket).

The messages are described in ``cardavia.protocol.guandan_judge``.  The bot
does both things a bridge can do, in this order:

1. It rebuilds the Cardavia observation of its seat from the messages
   (``Tracker``): its hand from ``handCards``, the ranks, and from the
   ``notify`` stream the cards each seat played, the hand sizes, the
   finishing order, the tribute and returned cards, and the current trick —
   who led it, its moves, the passes since the play to beat.  A trick ends,
   as RULES.md GD-4.1 says, when every other player still holding cards has
   passed after the last play.  The agent chooses among the judge's own
   ``actionList`` entries, each read as a Cardavia move
   (``guandan_text.action_to_move``).
2. The answer is always an index into ``actionList``.  When the agent
   fails on the rebuilt observation (a judge whose rules differ can make
   it inconsistent for the Monte Carlo sampler) the compiled policy
   (``game.policy_move``, the ``heuristic`` agent) chooses instead, and its
   move, if it is not in the list, is mapped to the nearest entry (same
   kind and shape, most cards in common, closest main rank).  If that fails
   too, the first entry is played.  Every fallback is logged and counted.

Limits: entries that Cardavia cannot read (a combination its rules do not
have) are never chosen unless nothing else is offered; the tribute act is
answered by Cardavia's rule GD-3.1 (the strongest card, not counting heart
level wilds, ties to the lowest card id); agents see no ``history`` list
(the observation's other keys carry what they use).  A malformed message
from the judge is logged and skipped; an ``act`` that cannot be read is
answered with index 0 when it has an ``indexRange``.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any, Sequence, cast

import cardavia
from cardavia.ai import make_agent
from cardavia.cards import card_text
from cardavia.game import LegalMoves, Observation
from cardavia.guandan import GuandanGame, GuandanMove, card_strength
from cardavia.protocol.guandan_text import (PASS_ACTION, action_to_move, card_from_wire, cards_from_wire,
                                            level_from_char)

__all__ = ["GuandanBot", "ListMoves", "Tracker", "nearest_index", "play"]

log = logging.getLogger("cardavia.protocol.guandan_bot")


class ListMoves(LegalMoves):
    """Legal moves given as a list (the judge's entries that Cardavia reads)."""

    def __init__(self, moves: Sequence[GuandanMove]):
        self._items: list = list(moves)

    def _moves(self) -> list:
        return self._items

    def __contains__(self, move: Any) -> bool:
        return move in self._items


def nearest_index(move: GuandanMove, moves: Sequence[GuandanMove | None]) -> int:
    """The index of ``move`` in ``moves`` or of the entry most like it."""
    best, best_score = 0, None
    for i, m in enumerate(moves):
        if m is None:
            continue
        if m == move:
            return i
        common = sum(min(m.cards.count(c), move.cards.count(c)) for c in set(move.cards))
        score = (m.kind == move.kind, m.shape == move.shape, common, -abs(m.main - move.main))
        if best_score is None or score > best_score:
            best, best_score = i, score
    return best


class Tracker:
    """What one seat learns from the judge's messages, as a Cardavia observation."""

    def __init__(self, seat: int | None = None):
        self.seat = seat
        self.level = 2
        self.team_levels = [2, 2]
        self.deal = 0
        self.previous_order: list[int] | None = None
        self._new_deal()

    def _new_deal(self) -> None:
        self.hand: list[int] = []
        self.sizes = [27, 27, 27, 27]
        self.played: list[list[int]] = [[], [], [], []]
        self.finished: list[int] = []
        self.tribute: list[list] = []
        self.returned: list[list] = []
        self.anti = False
        self.first_leader: int | None = None
        self._end_trick()

    def _end_trick(self) -> None:
        self.trick: list[list] = []
        self.leader: int | None = None
        self.last: GuandanMove | None = None
        self.last_player: int | None = None
        self.passes = 0

    def _ranks(self, msg: dict) -> None:
        if "curRank" in msg:
            self.level = level_from_char(msg["curRank"])
        if self.seat is not None and "selfRank" in msg and "oppoRank" in msg:
            mine = self.seat % 2
            self.team_levels[mine] = level_from_char(msg["selfRank"])
            self.team_levels[1 - mine] = level_from_char(msg["oppoRank"])

    def update(self, msg: dict) -> None:
        """Take in one message (ValueError/KeyError/TypeError for a malformed one)."""
        stage = msg.get("stage")
        if "myPos" in msg:
            seat = msg["myPos"]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
                raise ValueError(f"myPos is a seat 0-3, not {seat!r:.40}")
            self.seat = seat
        if stage == "beginning":
            self.deal += 1
            self._new_deal()
            self._ranks(msg)
            self.hand = cards_from_wire(msg["handCards"])
        elif msg.get("type") == "act":
            self._ranks(msg)
            self.hand = cards_from_wire(msg["handCards"])
        elif stage == "tribute":
            self.tribute = [[int(p), int(r), card_text(card_from_wire(c))] for p, r, c in msg["result"]]
            for p, r, _ in self.tribute:
                self.sizes[p] -= 1
                self.sizes[r] += 1
        elif stage == "anti-tribute":
            self.anti = True
        elif stage == "back":
            self.returned = [[int(r), int(p), card_text(card_from_wire(c))] for r, p, c in msg["result"]]
            for r, p, _ in self.returned:
                self.sizes[r] -= 1
                self.sizes[p] += 1
        elif stage == "play":
            seat, action = int(msg["curPos"]), msg["curAction"]
            try:
                move = action_to_move(action, self.level)
            except ValueError:
                self._unreadable(seat, action)
                raise
            self._played(seat, move)
        elif stage == "episodeOver":
            self.previous_order = [int(p) for p in msg["order"]]
        elif stage == "gameOver":
            self.deal = 0
            self.previous_order = None

    def _unreadable(self, seat: int, action: Any) -> None:
        """A play Cardavia cannot read: keep at least its cards and who played."""
        cards = cards_from_wire(action[2]) if isinstance(action, list) and len(action) == 3 else []
        if not cards:
            return
        if self.last is None and self.first_leader is None:
            self.first_leader = seat
        self.last_player, self.passes = seat, 0
        self.sizes[seat] -= len(cards)
        self.played[seat].extend(cards)
        if self.sizes[seat] <= 0 and seat not in self.finished:
            self.finished.append(seat)

    def _played(self, seat: int, move: GuandanMove) -> None:
        if move.kind == "pass":
            self.passes += 1
            self.trick.append([seat, "pass"])
            still_in = [p for p in range(4) if self.sizes[p] > 0 and p != self.last_player]
            if self.passes >= len(still_in):  # GD-4.1: everyone else still in passed
                self._end_trick()
            return
        if self.last is None:
            self.leader = seat
            if self.first_leader is None:
                self.first_leader = seat
        self.trick.append([seat, str(move)])
        self.last, self.last_player, self.passes = move, seat, 0
        self.sizes[seat] -= len(move.cards)
        self.played[seat].extend(move.cards)
        if self.sizes[seat] <= 0 and seat not in self.finished:
            self.finished.append(seat)

    def _first_leader(self) -> int:
        """Who leads the deal's first trick: the first to play, else as GD-3.3/3.4 say."""
        if self.first_leader is not None:
            return self.first_leader
        if self.previous_order and self.tribute:
            return next((p for p, r, _ in self.tribute if r == self.previous_order[0]), self.tribute[0][0])
        if self.previous_order and self.anti:
            return self.previous_order[0]
        return self.seat if self.seat is not None else 0

    def observation(self, msg: dict) -> dict:
        """The Cardavia observation at an ``act`` (already passed to ``update``)."""
        seat = self.seat
        if seat is None:
            raise ValueError("the judge has not said which seat this is (myPos)")
        sizes = list(self.sizes)
        public = msg.get("publicInfo")
        if isinstance(public, list) and len(public) == 4 and all(isinstance(x, dict) for x in public):
            sizes = [int(x.get("rest", n)) for x, n in zip(public, sizes)]
        sizes[seat] = len(self.hand)
        last, last_player, leader, trick, passes = self.last, self.last_player, self.leader, self.trick, self.passes
        greater, actions = msg.get("greaterPos", -1), msg.get("actionList")
        if msg.get("stage") == "play" and (greater in (-1, None) or greater == seat or (
                isinstance(actions, list) and actions and PASS_ACTION not in actions)):
            # a lead (GD-4.1): no play to beat, the seat's own play came back to it, or
            # (a judge naming the play of a partner who went out) the seat may not pass
            last, last_player, leader, trick, passes = None, None, None, [], 0
        elif msg.get("stage") == "play" and isinstance(msg.get("greaterAction"), list):
            last, last_player = action_to_move(msg["greaterAction"], self.level), int(msg["greaterPos"])
        return {
            "game": "guandan", "player": seat, "current_player": seat, "is_over": False, "history": [],
            "hand": [card_text(c) for c in self.hand], "hand_sizes": sizes, "level": self.level,
            "team_levels": list(self.team_levels), "deal": max(self.deal, 1),
            "phase": "return" if msg.get("stage") == "back" else "play", "finished": list(self.finished),
            "last_play": None if last is None else str(last), "last_player": last_player,
            "passes": passes if last is not None else 0,
            "played": [[card_text(c) for c in cards] for cards in self.played],
            "leader": leader, "trick": [list(t) for t in trick],
            "first_leader": self._first_leader(),
            "tribute": [list(t) for t in self.tribute], "returned": [list(t) for t in self.returned],
            "anti_tribute": self.anti, "previous_order": self.previous_order,
        }


class GuandanBot:
    """Answers a judge's messages for one seat with a Cardavia agent."""

    def __init__(self, agent: str = "heuristic", seed: int = 0, seat: int | None = None):
        self.game = cast(GuandanGame, cardavia.load("guandan", match=False))
        self.spec = agent
        self.seed = seed
        self.agent = make_agent(agent, self.game, seed=seed)
        self.tracker = Tracker(seat)
        self.decisions = 0
        self.fallbacks = 0
        self.skipped = 0
        self.result: list[int] | None = None
        self.closed: str | None = None
        """Why the judge's connection ended before its ``gameResult``, if it did."""

    def handle(self, text: Any) -> str | None:
        """One message from the judge; the answer to send, if any."""
        try:
            msg = json.loads(text)
        except (TypeError, ValueError, RecursionError):  # RecursionError: nested too deep
            self._skip(f"not JSON: {str(text)[:60]!r}")
            return None
        if not isinstance(msg, dict):
            self._skip(f"not a JSON object: {str(text)[:60]!r}")
            return None
        try:
            self.tracker.update(msg)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
            self._skip(f"stage {str(msg.get('stage'))[:20]!r}: {e}")
        if msg.get("stage") == "beginning":
            self.agent.reset(self.seed * 1000003 + self.tracker.deal)
        if msg.get("stage") == "gameResult" and isinstance(msg.get("victoryNum"), list):
            self.result = msg["victoryNum"]
        if msg.get("type") != "act":
            return None
        index = self.choose(msg)
        return None if index is None else json.dumps({"actIndex": index})

    def _skip(self, why: str) -> None:
        self.skipped += 1
        log.warning("seat %s: skipped a malformed message from the judge: %s", self.tracker.seat, why)

    def choose(self, msg: dict) -> int | None:
        actions = msg.get("actionList")
        top = msg.get("indexRange")
        if not isinstance(actions, list) or not actions:
            if isinstance(top, int) and top >= 0:
                self._skip("an act without an actionList: answering 0")
                return 0
            self._skip("an act with neither actionList nor indexRange: not answered")
            return None
        if isinstance(top, int) and 0 <= top < len(actions):
            actions = actions[:top + 1]  # never answer beyond indexRange
        self.decisions += 1
        moves: list[GuandanMove | None] = []
        for a in actions:
            try:
                moves.append(action_to_move(a, self.tracker.level))
            except (ValueError, TypeError):
                moves.append(None)
        readable = [m for m in moves if m is not None]
        if len(actions) == 1 or not readable:
            return 0
        if msg.get("stage") == "tribute":
            return self._tribute(moves)
        try:
            observation = Observation(self.tracker.seat or 0, self.tracker.observation(msg))
        except (ValueError, KeyError, TypeError) as e:
            return self._fallback(f"no observation: {e}", 0)
        try:
            move = self.agent.choose(observation, ListMoves(readable))
            return moves.index(cast(GuandanMove, move))
        except Exception as e:  # the agent's failure must not lose the seat's turn
            why = f"{self.spec} failed ({type(e).__name__}: {str(e)[:80]})"
        try:
            policy = self.game.policy_move(observation, None, self.agent.rng)
            return self._fallback(why + "; the policy chose", nearest_index(policy, moves))
        except Exception as e:
            return self._fallback(why + f"; the policy failed too ({type(e).__name__}: {str(e)[:80]})", 0)

    def _fallback(self, why: str, index: int) -> int:
        self.fallbacks += 1
        log.warning("seat %s: %s: entry %d", self.tracker.seat, why, index)
        return index

    def _tribute(self, moves: list[GuandanMove | None]) -> int:
        level = self.tracker.level - 2
        wild = 4 * level + 2

        def strength(i: int) -> tuple:
            m = moves[i]
            if m is None or not m.cards or m.cards[0] == wild:
                return (-1, 0)
            return (card_strength(m.cards[0], level), -m.cards[0])
        return max(range(len(moves)), key=strength)

    async def run(self, url: str) -> list[int] | None:
        """Play on the judge at ``url`` until its ``gameResult`` (then hang up:
        it is the protocol's last message) or until it closes; the final
        ``victoryNum``, None if it never came (``closed`` then says why)."""
        import websockets

        async with websockets.connect(url, max_size=1 << 24) as ws:
            try:
                async for text in ws:
                    answer = await asyncio.to_thread(self.handle, text)
                    if answer is not None:
                        await ws.send(answer)
                    if self.result is not None:
                        break
            except websockets.ConnectionClosed as e:
                log.info("seat %s: the judge closed the connection (%s)", self.tracker.seat, e)
            if self.result is None:
                code, reason = ws.close_code, ws.close_reason
                self.closed = "the judge closed the connection before the match ended" + (
                    f" (code {code}{': ' + reason[:80] if reason else ''})" if code is not None else "")
        return self.result


def seat_of_url(url: str) -> int | None:
    """The seat a judge URL names (``…/game/client2`` is 2), or None."""
    found = re.search(r"client([0-3])/?$", url)
    return int(found.group(1)) if found else None


def play(url: str, agent: str = "heuristic", seed: int = 0, seat: int | None = None) -> list[int] | None:
    """Play one seat on a judge to the end (blocking)."""
    return asyncio.run(GuandanBot(agent, seed, seat).run(url))

