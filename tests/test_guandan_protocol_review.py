"""Review of the Guandan competition protocol (``guandan-server`` /
``guandan-client``): answers and judge messages that broke a seat, the lead
a judge may name by ``greaterPos``, the client hanging on after
``gameResult`` or exiting 0 when refused, and the order of a full house's
cards on the wire."""
from __future__ import annotations

import asyncio
import json
import os
import random
import threading

import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("websockets", reason="the protocol extra is not installed")
import websockets

from cardavia.cli import main
from cardavia.guandan import SHAPES, classify, moves
from cardavia.protocol.guandan_bot import GuandanBot
from cardavia.protocol.guandan_judge import MAX_MESSAGE, Ask, GuandanJudge, GuandanTable, parse_answer
from cardavia.protocol.guandan_text import RANKS, action_of, action_to_move

NESTED = "[" * 30000  # json.loads raises RecursionError, not ValueError, on this
HANG_GUARD = 120  # seconds: only stops a hung test, far above what these take


# -- answers and messages that are too deeply nested ---------------------------
def test_a_deeply_nested_answer_is_refused_like_any_other_bad_answer():
    with pytest.raises(ValueError, match="not JSON"):
        parse_answer(NESTED, 3)


async def nested_then_random(url: str, seed: int):
    """Answers its first act with a too deeply nested frame, then plays at random;
    raises at once if the judge hangs up on it."""
    rng, first, result = random.Random(seed), True, None
    async with websockets.connect(url, max_size=None) as ws:
        try:
            async for text in ws:
                msg = json.loads(text)
                if msg["type"] == "notify":
                    result = msg.get("victoryNum", result)
                    continue
                if first:
                    first = False
                    await ws.send(NESTED)
                    continue
                await ws.send(json.dumps({"actIndex": rng.randint(0, msg["indexRange"])}))
        except websockets.ConnectionClosedError:
            pass
    if result is None:
        raise AssertionError(f"the judge dropped the seat ({ws.close_code} {ws.close_reason})")
    return result


def match_with_seat_1(seat_1, timeout: float):
    """A match at Ace (seed 4) of three random bots and ``seat_1(url)`` in seat 1:
    the judge, what each seat's coroutine returned (seat 1's first), the judge's wins."""
    async def scenario():
        judge = GuandanJudge(seed=4, start_level=14, timeout=timeout)
        server = asyncio.create_task(judge.serve("127.0.0.1", 0))
        try:
            await asyncio.wait_for(judge.ready.wait(), 30)
            url = f"ws://127.0.0.1:{judge.port}/game/client"
            players = [GuandanBot("random", seed=s).run(f"{url}{s}") for s in (0, 2, 3)]
            results = await asyncio.wait_for(asyncio.gather(seat_1(f"{url}1"), *players), HANG_GUARD)
            return judge, results, await asyncio.wait_for(server, 30)
        finally:
            server.cancel()

    return asyncio.run(scenario())


def test_a_deeply_nested_answer_keeps_the_seat_and_is_asked_again():
    judge, results, wins = match_with_seat_1(lambda url: nested_then_random(url, 1), timeout=60)
    assert results == [wins] * 4 and sum(wins) == 2
    assert [r.seat for r in judge.refusals] == [1] and "not JSON" in judge.refusals[0].reason
    assert judge.defaults == []


def test_an_index_too_long_to_convert_is_out_of_range_not_bad_json():
    with pytest.raises(ValueError, match=r"actIndex 999999999999… \(5,000 digits\) is outside 0..3"):
        parse_answer('{"actIndex": ' + "9" * 5000 + "}", 3)
    with pytest.raises(ValueError, match="outside 0..3"):
        parse_answer('{"actIndex": ' + "9" * 30 + "}", 3)


async def oversized_answer(url: str) -> int | None:
    """Answers its first act with a frame over the judge's limit; the close code it gets."""
    async with websockets.connect(url, max_size=None) as ws:
        try:
            async for text in ws:
                if json.loads(text)["type"] == "act":
                    await ws.send(json.dumps({"actIndex": 0, "pad": "x" * MAX_MESSAGE}))
        except websockets.ConnectionClosedError:
            pass
    return ws.close_code


def test_a_frame_over_the_limit_is_a_refusal_and_the_match_goes_on():
    judge, (code, *_), wins = match_with_seat_1(oversized_answer, timeout=1)
    assert code == 1009 and sum(wins) == 2            # the seat dropped, the match played out by defaults
    assert [r.seat for r in judge.refusals] == [1] and "over 65,536 bytes" in judge.refusals[0].reason
    assert judge.defaults and {seat for seat, _ in judge.defaults} == {1}


def test_the_client_skips_a_too_deeply_nested_message_from_the_judge():
    bot = GuandanBot("random")
    assert bot.handle(NESTED) is None
    assert bot.skipped == 1


def test_the_client_skips_a_mypos_that_is_no_seat():
    bot = GuandanBot("random")
    act = {"type": "act", "stage": "play", "myPos": 7, "handCards": ["S3", "S4"], "curRank": "2",
           "greaterPos": -1, "greaterAction": None, "indexRange": 1,
           "actionList": [["Single", "3", ["S3"]], ["Single", "4", ["S4"]]]}
    answer = bot.handle(json.dumps(act))  # was an IndexError out of handle
    assert json.loads(answer)["actIndex"] in (0, 1)
    assert bot.tracker.seat is None and bot.skipped == 1
    assert bot.handle(json.dumps(dict(act, myPos=True))) is not None and bot.tracker.seat is None


# -- a lead the judge names by greaterPos (GD-4.1) -----------------------------
def table_messages(seed: int, start_level: int) -> dict[int, list[dict]]:
    """Every message of one match of the judge, per seat, the choices at random."""
    rng = random.Random(seed)
    log: dict[int, list[dict]] = {p: [] for p in range(4)}
    events = GuandanTable(seed=seed, start_level=start_level).run()
    reply = None
    while True:
        try:
            event = events.send(reply)
        except StopIteration:
            return log
        reply = None
        if isinstance(event, Ask):
            log[event.seat].append(json.loads(json.dumps(event.message)))
            reply = rng.randint(0, event.message["indexRange"])
        else:
            for p in event.seats:
                log[p].append(json.loads(json.dumps(event.for_seat(p))))


def naming_the_holder(messages: list[dict], seat: int) -> tuple[list[dict], int]:
    """The messages as a judge would send them that names, on a lead, the
    holder of the last trick in greaterPos/greaterAction (the seat itself when
    every other player passed, or a partner who went out) instead of -1/null."""
    out, holder, changed = [], None, 0
    for m in messages:
        if m["stage"] == "beginning":
            holder = None
        if m["type"] == "notify" and m["stage"] == "play":
            holder = (m["greaterPos"], m["greaterAction"])
        if m["type"] == "act" and m["stage"] == "play" and m["greaterPos"] == -1 and holder:
            m = dict(m, greaterPos=holder[0], greaterAction=holder[1])
            changed += 1
        out.append(m)
    return out, changed


def test_a_lead_named_by_greaterpos_is_read_as_a_lead():
    """GD-4.1: when the play to beat is the seat's own (everyone else passed)
    or a gone-out partner's, the seat leads; the client's observation must say
    so, or the agent fails and the fallback plays."""
    log = table_messages(seed=11, start_level=13)
    changed = 0
    for seat in range(4):
        messages, n = naming_the_holder(log[seat], seat)
        changed += n
        bot = GuandanBot("heuristic", seed=seat)
        for m in messages:
            bot.handle(json.dumps(m))
        assert bot.fallbacks == 0 and bot.skipped == 0
    assert changed > 20
    bot = GuandanBot("heuristic", seed=0)
    for m in log[0]:
        if m["type"] == "act" and m["stage"] == "play" and m["greaterPos"] == -1:
            observation = bot.tracker.observation(dict(m, greaterPos=0, greaterAction=["Single", "3", ["S3"]]))
            assert observation["last_play"] is None and observation["last_player"] is None
            break
        bot.handle(json.dumps(m))
    else:
        pytest.fail("seat 0 never led")


# -- the client at the end of the match -----------------------------------------
def test_the_client_hangs_up_after_gameresult():
    """gameResult is the protocol's last message: the client returns even if
    the judge keeps the connection open."""
    async def judge(ws):
        await ws.send(json.dumps({"type": "notify", "stage": "gameResult", "victoryNum": [1, 0, 1, 0],
                                  "draws": [0, 0, 0, 0]}))
        await ws.wait_closed()  # never closes on its own

    async def scenario():
        async with websockets.serve(judge, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            return await asyncio.wait_for(GuandanBot("random").run(f"ws://127.0.0.1:{port}/game/client0"),
                                          HANG_GUARD)

    assert asyncio.run(scenario()) == [1, 0, 1, 0]


def test_the_cli_client_fails_when_the_judge_refuses_its_seat(capsys):
    codes = []

    async def scenario():
        judge = GuandanJudge(seed=1, start_level=14)
        server = asyncio.create_task(judge.serve("127.0.0.1", 0))
        try:
            await asyncio.wait_for(judge.ready.wait(), 30)
            url = f"ws://127.0.0.1:{judge.port}/game/client0"
            async with websockets.connect(url):  # seat 0 is taken
                thread = threading.Thread(target=lambda: codes.append(main(["guandan-client", url, "-q"])))
                thread.start()
                await asyncio.to_thread(thread.join, HANG_GUARD)
        finally:
            server.cancel()

    asyncio.run(scenario())
    assert codes == [2]  # was 0, "result None", the reason only in an info log
    err = capsys.readouterr().err
    assert "cannot play on" in err and "seat 0 is taken" in err and "1008" in err


# -- a full house on the wire --------------------------------------------------
def test_a_full_house_lists_its_triple_first():
    """GD-5.1 full house: the wire lists the triple, then the pair (bots read
    cards[0] as the triple and cards[3] as the pair); the wild stands where
    its reading puts it."""
    readings = {m.reading: action_of(m) for m in classify("Kc Kd 2h 3c 3s", 2) if SHAPES[m.shape] == "fullhouse"}
    assert readings == {"fullhouse:K": ["ThreeWithTwo", "K", ["CK", "DK", "H2", "S3", "C3"]],
                        "fullhouse:3": ["ThreeWithTwo", "3", ["S3", "C3", "H2", "CK", "DK"]]}
    assert action_of(classify("7c 7d 7s RJ RJ", 2)[0])[2] == ["S7", "C7", "D7", "HR", "HR"]
    rng, checked = random.Random(3), 0
    deck = [c for c in range(54) for _ in range(2)]
    for _ in range(4):
        rng.shuffle(deck)
        hand, level = deck[:27], rng.randint(2, 14)
        wild = "H" + RANKS[level - 2]
        for m in moves(hand, level):
            if SHAPES[m.shape] != "fullhouse":
                continue
            kind, rank, cards = action_of(m)
            assert all(c[1] == rank or c == wild for c in cards[:3]), cards
            assert cards[3][1] == cards[4][1] or wild in cards[3:] or cards[3] == cards[4], cards
            assert action_to_move([kind, rank, cards], level) == m
            checked += 1
    assert checked > 50
