"""A judge for the Guandan AI competitions' WebSocket protocol, on Cardavia's engine.

The Chinese Guandan AI competitions (the judge DanZero and its successors
trained against) seat four bots that connect to ``ws://HOST:PORT/game/client0``
… ``client3`` (the number is the seat, ``myPos``; seats 0+2 play 1+3).  The
judge sends JSON objects with a ``type`` — ``"notify"`` (news) or ``"act"``
(choose now) — and a ``stage``; a bot answers each ``act`` with
``{"actIndex": i}``, an index into the message's ``actionList`` (``0 <= i <=
indexRange``; ``indexRange`` is ``len(actionList) - 1``).  Cards and
actions are written as in ``cardavia.protocol.guandan_text``.

What this judge sends, in order, per deal (ranks are one character
``"2"`` … ``"A"``; ``curRank`` is the deal's level, ``selfRank``/``oppoRank``
the two teams' levels seen from the receiver):

- ``notify beginning``: ``handCards`` (the 27 dealt cards), ``myPos``,
  ``curRank``, ``selfRank``, ``oppoRank``.
- after the first deal, for each tribute payer ``act tribute`` with
  ``actionList`` ``[["tribute", "tribute", [card]], …]``, then ``notify
  tribute`` with ``result`` ``[[payer, receiver, card], …]``; or, when the
  payers hold both red jokers, ``notify anti-tribute`` with ``antiNums`` and
  ``antiPos`` (the payers).  Each receiver gets ``act back`` with one
  ``["back", "back", [card]]`` per card he may return, then everyone
  ``notify back`` with ``result`` ``[[returner, payer, card], …]``.
- ``act play`` to the player to move: ``handCards``, ``publicInfo`` (per seat
  ``{"rest": cards left, "playArea": his last action in this trick or
  null}``), the three ranks, ``curPos``/``curAction`` (the move just made,
  ``-1``/``null`` when he leads a new trick), ``greaterPos``/
  ``greaterAction`` (the play to beat, ``-1``/``null`` on a lead),
  ``actionList`` (``["PASS", "PASS", "PASS"]`` first when he may pass) and
  ``indexRange``.  After each move everyone gets ``notify play`` with
  ``curPos``, ``curAction``, ``greaterPos``, ``greaterAction``.
- ``notify episodeOver``: ``order`` (finishing order), ``curRank``,
  ``restCards`` ``[[seat, cards], …]`` of those still holding cards.

After each match ``notify gameOver`` (``curTimes``, ``settingTimes``); after
the last, ``notify gameResult`` (``victoryNum``: matches won per seat,
``draws``).

Learned (not copied) from public bots that speak the protocol: DanZero's
sample clients and actors (github.com/submit-paper/Danzero_plus:
``wintest/ai1/state.py`` documents each message, ``action.py`` answers the
tribute, back and play acts, ``actor_torch/game.py``; ``indexRange`` used as
the highest valid index), a Python port of the judge's move lists (found by
its ``extract_straight``/``second_action``: PASS listed first, wilds written
as the heart level card, the lowest rank naming a sequence, ``"JOKER"``),
and a bot state manager reading ``publicInfo[i]["playArea"][2]`` (the search
index did not name the repositories of these last two).

Where this judge differs from the competition's (RULES.md rules apply):

- the tribute card is fixed by GD-3.1 (strongest card, ties to the lowest
  id), so ``act tribute`` offers that one card; the competition lets the
  payer choose among his equally strongest cards.
- the moves are Cardavia's (GD-4, GD-5): the same cards read two ways are
  two entries (a wild straight read 4-8 or 5-9), bombs, straight flushes
  and the four jokers rank as GD-5.4, A-2-3-4-5 is the lowest straight.
- a deal ends and levels change as GD-1 and GD-6; a match ends at Ace by
  GD-1.2 (no limit on failed attempts at Ace).
- ``--start-level`` (default 2) starts both teams at a later level, for
  short test matches; the competition always starts at 2.

Robustness: every message a bot sends is checked — JSON, an object with an
int ``actIndex`` in ``0..indexRange``, from the seat that was asked, while
it is asked.  Anything else is refused: logged (``refusals`` keeps seat and
reason) and, for the asked seat, the ``act`` is sent again.  The protocol
has no error message, and known bots stop on a stage they do not know, so
an ``{"type": "notify", "stage": "error", "message": …}`` is sent only with
``notify_errors=True``.  A seat that has not answered validly within
``timeout`` seconds of being asked gets the default: the first entry,
which is PASS when he may pass, else the first play listed (a single), the
tribute card, or the first returnable card.  A seat still disconnected
when its time runs out gets the default at once at its later decisions,
until it comes back (the others do not wait out a timeout per card).  A
connection to another path or to a taken seat is closed (policy violation)
and logged; a dropped seat may reconnect to its path and play on (an ``act``
it was waiting on is sent again; the ``notify`` messages it missed are not).
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import re
from dataclasses import dataclass, field
from typing import Any, Generator, cast

import cardavia
from cardavia.cards import parse_cards
from cardavia.guandan import GuandanGame, GuandanMove, GuandanState, parse_move
from cardavia.protocol.guandan_text import action_of, cards_to_wire, level_char

__all__ = ["Ask", "GuandanJudge", "GuandanTable", "Notify", "Refusal", "parse_answer"]

log = logging.getLogger("cardavia.protocol.guandan_judge")
Events = Generator["Notify | Ask", "int | None", None]
"""What a table yields; the driver sends back the index chosen for each Ask."""
SEAT_PATH = re.compile(r"^/game/client([0-3])/?$")
MAX_MESSAGE = 1 << 16
CLOSE_TOO_BIG = 1009
"""The WebSocket close code with which a frame over ``MAX_MESSAGE`` is refused."""


@dataclass
class Notify:
    """A message for some seats (the same text for each unless ``per_seat``)."""
    seats: list[int]
    message: dict | None = None
    per_seat: dict[int, dict] = field(default_factory=dict)

    def for_seat(self, seat: int) -> dict:
        return self.per_seat[seat] if seat in self.per_seat else dict(self.message or {})


@dataclass
class Ask:
    """An ``act`` for one seat; the driver sends back the chosen index."""
    seat: int
    message: dict


@dataclass
class Refusal:
    seat: int
    reason: str


class _LongInt(str):
    """A JSON integer too long to be any index, kept as its text (Python
    refuses to convert one of over 4,300 digits: it read as "not JSON")."""


def _index_int(digits: str) -> int | _LongInt:
    return int(digits) if len(digits) <= 30 else _LongInt(digits)


def parse_answer(raw: Any, index_range: int) -> int:
    """A bot's answer text to its ``actIndex``; ValueError saying what is wrong."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("the answer is not UTF-8 text") from None
    try:
        data = json.loads(raw, parse_int=_index_int)
    except (ValueError, RecursionError):  # RecursionError: nested too deep ("[[[[…")
        raise ValueError(f"the answer is not JSON: {raw[:60]!r}") from None
    if not isinstance(data, dict) or "actIndex" not in data:
        raise ValueError(f'the answer must be an object {{"actIndex": i}}, not {raw[:60]!r}')
    index = data["actIndex"]
    if isinstance(index, _LongInt):
        raise ValueError(f"actIndex {index[:12]}… ({len(index):,} digits) is outside 0..{index_range} (indexRange)")
    if isinstance(index, bool) or not isinstance(index, int):
        raise ValueError(f"actIndex must be an integer, not {index!r:.40}")
    if not 0 <= index <= index_range:
        raise ValueError(f"actIndex {index} is outside 0..{index_range} (indexRange)")
    return index


def _dealt(seat: int, hand: list[int], tribute: list) -> list[int]:
    """The cards dealt to ``seat`` before the tribute changed hands."""
    cards = list(hand)
    for payer, receiver, card in tribute:
        if receiver == seat:
            cards.remove(card)
        if payer == seat:
            cards.append(card)
    return cards


def _payers(order: list[int]) -> list[int]:
    """Who pays tribute after a deal that finished in ``order`` (GD-3.1, GD-3.2)."""
    first, second, third, last = order
    if first % 2 == second % 2:
        return [third, last]
    return [third] if last % 2 == first % 2 else [last]


def _is_open(ws: Any) -> bool:
    """Whether a connection is still open (a dropped one frees its seat at once; None: no connection)."""
    if ws is None:
        return False
    state = getattr(ws, "state", None)
    return getattr(state, "name", "OPEN") == "OPEN"


class GuandanTable:
    """The judge without a network: deals the matches on Cardavia's engine
    and yields ``Notify`` and ``Ask`` events; the driver sends each ``Ask``'s
    chosen index back into the generator (``run().send(index)``)."""

    def __init__(self, matches: int = 1, seed: int = 0, start_level: int = 2):
        if not 2 <= start_level <= 14:
            raise ValueError(f"start_level must be a level 2-14 (A=14), not {start_level}")
        self.matches = matches
        self.seed = seed
        self.start_level = start_level
        self.game = cast(GuandanGame, cardavia.load("guandan"))
        self.victories = [0, 0, 0, 0]
        self.state: GuandanState | None = None

    def new_match(self, number: int) -> GuandanState:
        rng = random.Random(f"{self.seed}:{number}")
        if self.start_level == 2:
            return cast(GuandanState, self.game.new_state(seed=rng.getrandbits(64)))
        deck = [c for c in range(54) for _ in range(2)]
        rng.shuffle(deck)
        level = self.start_level
        return self.game.from_hands([deck[27 * p:27 * p + 27] for p in range(4)], level=level,
                                    team_levels=[level, level], leader=rng.randrange(4),
                                    seed=rng.getrandbits(64))

    def _ranks(self, state: GuandanState, seat: int) -> dict:
        levels = state.team_levels
        return {"curRank": level_char(state.level), "selfRank": level_char(levels[seat % 2]),
                "oppoRank": level_char(levels[1 - seat % 2])}

    def run(self) -> Events:
        for number in range(self.matches):
            state = self.state = self.new_match(number)
            while not state.is_over:
                yield from self._deal(state)
            winners = [p for p, r in enumerate(state.returns()) if r > 0]
            for p in winners:
                self.victories[p] += 1
            yield Notify([0, 1, 2, 3], {"type": "notify", "stage": "gameOver", "curTimes": number + 1,
                                        "settingTimes": self.matches})
        yield Notify([0, 1, 2, 3], {"type": "notify", "stage": "gameResult", "victoryNum": list(self.victories),
                                    "draws": [0, 0, 0, 0]})

    def _deal(self, state: GuandanState) -> Events:
        """One deal: the beginning, the tribute and returns, the play, the end."""
        first = state.observation(0).data
        deal = first["deal"]
        yield from self._opening(state, first)
        area: list[list | None] = [None] * 4  # each seat's last action in this trick
        just_played: tuple[int, list] | None = None
        while True:
            seat = state.current_player
            assert seat is not None
            if state.phase == "return":
                options = cast(list[GuandanMove], list(state.legal_moves()))
                index = yield self._ask(state, seat, "back", [action_of(m) for m in options])
                state.play(options[index or 0])
                if state.phase != "return":
                    returned = state.observation(0).data["returned"]
                    yield Notify([0, 1, 2, 3], {"type": "notify", "stage": "back", "result": [
                        [r, p, cards_to_wire(parse_cards(c))[0]] for r, p, c in returned]})
                continue
            view = state.observation(seat).data
            if view["last_play"] is None:  # a new trick
                area, just_played = [None] * 4, None
            greater = (-1, None) if view["last_play"] is None else (
                view["last_player"], action_of(parse_move(view["last_play"], state.level)))
            moves = sorted(cast(list[GuandanMove], list(state.legal_moves())),
                           key=lambda m: m.kind != "pass")  # PASS first, as bots expect
            actions = [action_of(m) for m in moves]
            extra = {"publicInfo": [{"rest": n, "playArea": area[p]} for p, n in enumerate(view["hand_sizes"])],
                     "curPos": just_played[0] if just_played else -1,
                     "curAction": just_played[1] if just_played else None,
                     "greaterPos": greater[0], "greaterAction": greater[1]}
            index = (yield self._ask(state, seat, "play", actions, extra=extra)) or 0
            move, action = moves[index], actions[index]
            before = {p: list(state.hand(p)) for p in range(4)}
            state.play(move)
            area[seat] = action
            just_played = (seat, action)
            if move.kind == "play":
                greater = (seat, action)
                for c in move.cards:
                    before[seat].remove(c)
            yield Notify([0, 1, 2, 3], {"type": "notify", "stage": "play", "curPos": seat, "curAction": action,
                                        "greaterPos": greater[0], "greaterAction": greater[1]})
            after = None if state.is_over else state.observation(0).data
            if after is None or after["deal"] != deal:
                order = state.finishing_order if after is None else after["previous_order"]
                yield Notify([0, 1, 2, 3], {"type": "notify", "stage": "episodeOver", "order": list(order),
                                            "curRank": level_char(view["level"]),
                                            "restCards": [[p, cards_to_wire(cards)] for p, cards in before.items()
                                                          if cards]})
                return

    def _opening(self, state: GuandanState, first: dict) -> Events:
        """The deal's beginning, and the tribute (GD-3.1, GD-3.2) or its cancellation (GD-3.3)."""
        tribute = [(p, r, parse_cards(c)[0]) for p, r, c in first["tribute"]]
        yield Notify([0, 1, 2, 3], per_seat={
            p: {"type": "notify", "stage": "beginning", "myPos": p, **self._ranks(state, p),
                "handCards": cards_to_wire(_dealt(p, list(state.hand(p)), tribute))} for p in range(4)})
        if tribute:
            for payer, _, card in tribute:
                yield self._ask(state, payer, "tribute", [["tribute", "tribute", cards_to_wire([card])]],
                                hand=_dealt(payer, list(state.hand(payer)), tribute))
            yield Notify([0, 1, 2, 3], {"type": "notify", "stage": "tribute",
                                        "result": [[p, r, cards_to_wire([c])[0]] for p, r, c in tribute]})
        elif first["anti_tribute"]:
            payers = _payers(first["previous_order"])
            yield Notify([0, 1, 2, 3], {"type": "notify", "stage": "anti-tribute", "antiNums": len(payers),
                                        "antiPos": payers})

    def _ask(self, state: GuandanState, seat: int, stage: str, actions: list, hand: list[int] | None = None,
             extra: dict[str, Any] | None = None) -> Ask:
        cards = list(state.hand(seat)) if hand is None else hand
        message = {"type": "act", "stage": stage, "myPos": seat, "handCards": cards_to_wire(cards),
                   **self._ranks(state, seat), **(extra or {}), "actionList": actions, "indexRange": len(actions) - 1}
        return Ask(seat, message)


class GuandanJudge:
    """The WebSocket judge: waits for the four seats, then plays the
    matches of a ``GuandanTable`` over them (see the module docstring)."""

    def __init__(self, matches: int = 1, seed: int = 0, timeout: float = 30.0, start_level: int = 2,
                 notify_errors: bool = False):
        if not timeout > 0:
            raise ValueError(f"timeout must be a positive number of seconds, not {timeout}")
        self.table = GuandanTable(matches, seed, start_level)
        self.timeout = timeout
        self.notify_errors = notify_errors
        self.refusals: list[Refusal] = []
        self.defaults: list[tuple[int, str]] = []
        """(seat, stage) of every decision the judge took after a timeout (or for a seat gone after one)."""
        self.port: int | None = None
        self.ready = asyncio.Event()
        self._seats: dict[int, Any] = {}
        self._all_seated = asyncio.Event()
        self._pending: tuple[int, dict, asyncio.Future] | None = None
        self._gone: set[int] = set()
        """Seats disconnected when their time ran out: defaulted at once until they come back."""

    def refuse(self, seat: int, reason: str) -> None:
        self.refusals.append(Refusal(seat, reason))
        log.warning("seat %d: refused: %s", seat, reason)

    async def serve(self, host: str = "127.0.0.1", port: int = 23456) -> list[int]:
        """Serve until the last match is over; the matches won per seat."""
        import websockets

        async with websockets.serve(self._connection, host, port, max_size=MAX_MESSAGE) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            log.info("judge listening on ws://%s:%d/game/client0..3", host, self.port)
            self.ready.set()
            await self._all_seated.wait()
            await self._play()
            for ws in list(self._seats.values()):
                await ws.close()
        return list(self.table.victories)

    async def _connection(self, ws: Any) -> None:
        request = getattr(ws, "request", None)
        path = request.path if request is not None else getattr(ws, "path", "")
        found = SEAT_PATH.match(path)
        if not found:
            log.warning("refused a connection to %r: seats are /game/client0 … /game/client3", path[:80])
            await ws.close(1008, "seats are /game/client0 ... /game/client3")
            return
        seat = int(found.group(1))
        if _is_open(self._seats.get(seat)):
            log.warning("refused a second connection to seat %d", seat)
            await ws.close(1008, f"seat {seat} is taken")
            return
        self._seats[seat] = ws
        self._gone.discard(seat)
        log.info("seat %d connected", seat)
        if len(self._seats) == 4:
            self._all_seated.set()
        pending = self._pending
        if pending is not None and pending[0] == seat and not pending[2].done():
            await self._send(seat, pending[1])  # a seat back after a drop is asked again
        try:
            async for raw in ws:
                await self._receive(seat, raw)
        except Exception as e:  # a broken connection ends this seat, never the match
            if getattr(getattr(e, "sent", None), "code", None) == CLOSE_TOO_BIG:
                self.refuse(seat, f"a message over {MAX_MESSAGE:,} bytes: the connection was closed")
            log.warning("seat %d: connection lost: %s", seat, e)
        finally:
            if self._seats.get(seat) is ws:
                del self._seats[seat]
                log.info("seat %d disconnected", seat)

    async def _receive(self, seat: int, raw: Any) -> None:
        pending = self._pending
        if pending is None or pending[0] != seat or pending[2].done():
            whose = "nobody" if pending is None or pending[2].done() else f"seat {pending[0]}"
            self.refuse(seat, f"a message while not asked to act (the judge waits for {whose}): {str(raw)[:60]!r}")
            await self._error(seat, "not asked to act")
            return
        _, message, future = pending
        try:
            index = parse_answer(raw, message["indexRange"])
        except ValueError as e:
            self.refuse(seat, str(e))
            await self._error(seat, str(e))
            await self._send(seat, message)  # ask again
            return
        future.set_result(index)

    async def _error(self, seat: int, text: str) -> None:
        if self.notify_errors:
            await self._send(seat, {"type": "notify", "stage": "error", "message": text})

    async def _send(self, seat: int, message: dict) -> None:
        ws = self._seats.get(seat)
        if ws is None:
            return
        try:
            await ws.send(json.dumps(message))
        except Exception as e:
            log.warning("seat %d: could not send: %s", seat, e)

    async def _ask(self, ask: Ask) -> int:
        if ask.seat in self._gone:   # timed out while away, not back yet: no second wait
            self.defaults.append((ask.seat, ask.message["stage"]))
            return 0
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._pending = (ask.seat, ask.message, future)
        try:
            await self._send(ask.seat, ask.message)
            return await asyncio.wait_for(future, self.timeout)
        except asyncio.TimeoutError:
            log.warning("seat %d: no valid answer within %gs: the judge plays the first entry of actionList",
                        ask.seat, self.timeout)
            self.defaults.append((ask.seat, ask.message["stage"]))
            if not _is_open(self._seats.get(ask.seat)):
                self._gone.add(ask.seat)
                log.warning("seat %d is disconnected: it plays the first entry until it comes back", ask.seat)
            return 0
        finally:
            self._pending = None

    async def _play(self) -> None:
        events = self.table.run()
        reply: int | None = None
        while True:
            try:
                event = events.send(reply) if reply is not None else next(events)
            except StopIteration:
                return
            reply = None
            if isinstance(event, Ask):
                reply = await self._ask(event)
            else:
                for seat in event.seats:
                    await self._send(seat, event.for_seat(seat))
