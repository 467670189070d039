"""fairpoker's Hard bot seated through the bench's adapter
(``bench/fairpoker_adapter.py``, issue 15 part 2): it plays only Cardavia's
legal moves, reads only its observation, a seed replays its choices, and it
runs in a process of its own.  fairpoker is installed in isolation by the
adapter (not an extra): without network the bot's tests skip, except under
``CI``, where the install must succeed."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import cardavia
from cardavia.ai import make_agent, play_out
from cardavia.holdem import BetMove

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import fairpoker_adapter as fa

fa.register()


@pytest.fixture(scope="module")
def fairpoker_dir():
    try:
        return fa.install()
    except fa.FairpokerUnavailable as e:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(e))


def _hand(seed: int, seats, agent_seed: int = 0, game=None):
    game = game or cardavia.load("holdem", match=False)
    agents = [make_agent(s, game, seed=p) for p, s in enumerate(seats)]
    for p, a in enumerate(agents):
        a.reset(agent_seed * 4 + p)
    return play_out(game.new_state(seed=seed), agents)


def _moves(state) -> list[str]:
    return [f"{p}:{m}" for p, m in state.history if p >= 0]


def test_the_bot_plays_whole_hands_with_legal_moves_only(fairpoker_dir):
    asked = len(fa.FairpokerAgent.bot_ms)
    for seed in range(24):   # play_out plays each move through state.play, which refuses illegal ones
        seats = ["fairpoker" if (p + seed) % 2 else "heuristic" for p in range(4)]
        state = _hand(seed, seats, seed)
        assert state.is_over and sum(state.returns()) == 0
    match = _hand(5, ["fairpoker", "heuristic", "fairpoker", "heuristic"], 1,
                  cardavia.load("holdem", stack=300))
    assert match.is_over and sorted(match.returns()) == [-1, -1, -1, 3]
    assert len(fa.FairpokerAgent.bot_ms) - asked > 50


def test_the_bot_is_seeded_per_hand_and_replays_a_deck(fairpoker_dir):
    first = _hand(3, ["fairpoker"] * 4, 7)
    again = _hand(3, ["fairpoker"] * 4, 7)
    assert _moves(first) == _moves(again)
    # The same agents replaying the same deck after reset: a fresh bot, the same choices.
    game = cardavia.load("holdem", match=False)
    agents = [make_agent("fairpoker", game, seed=p) for p in range(4)]
    runs = []
    for _ in range(2):
        for p, a in enumerate(agents):
            a.reset(40 + p)
        runs.append(_moves(play_out(game.new_state(seed=11), agents)))
    assert runs[0] == runs[1]


def test_the_bot_cannot_tell_apart_worlds_with_the_same_observation(fairpoker_dir):
    game = cardavia.load("holdem", match=False)
    compared = 0
    for seed in range(6):
        state = game.new_state(seed=seed)
        for _ in range(seed % 3):
            state.play(make_agent("heuristic", game, seed=1).act(state))
        if state.is_over or len(state.legal_moves()) < 2:
            continue
        p = state.current_player
        world = state.resample(p, 5)
        assert world.observation(p) == state.observation(p)
        assert any(world.hand(q) != state.hand(q) for q in range(4) if q != p)
        a, b = make_agent("fairpoker", game, seed=2), make_agent("fairpoker", game, seed=2)
        a.reset(seed)
        b.reset(seed)
        assert a.act(state) == b.act(world)
        compared += 1
    assert compared >= 4


def test_the_bot_runs_in_a_process_of_its_own(fairpoker_dir):
    _hand(1, ["fairpoker", "heuristic", "heuristic", "heuristic"])
    child = fa.shared_process()
    assert child.pid != os.getpid()
    hello = child.ask({"hello": 1})
    assert hello["version"] == "1.2.0"
    assert all(Path(f).resolve().is_relative_to(fairpoker_dir.resolve()) for f in hello["files"])
    # None of fairpoker's modules (game, ui, utils, main) entered this process.
    ours = [name for name, m in list(sys.modules.items())
            if str(getattr(m, "__file__", None) or "").startswith(str(fairpoker_dir))]
    assert ours == []
    assert "game.bot.hard" not in sys.modules


def test_arena_workers_seat_the_bot(fairpoker_dir, capsys):
    assert fa.main(["arena", "holdem", "-a", "fairpoker,heuristic", "-n", "2", "-w", "2", "-q"]) == 0
    out = capsys.readouterr().out
    assert "holdem: 2 deals x 4 seatings" in out
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("fairpoker:"))
    assert "decision ms median -" not in line


# -- the mapping, without the bot -------------------------------------------------
def _obs(**changes) -> dict:
    data = {"player": 3, "street": "preflop", "button": 0, "small_blind_seat": 1, "big_blind_seat": 2,
            "stacks": [1000, 990, 980, 1000], "bets": [0, 10, 20, 0], "pot": 30, "to_call": 20,
            "raise_range": [40, 1000], "in_hand": [True] * 4, "blinds": [10, 20],
            "hand": ["Td", "Qd"], "board": []}
    data.update(changes)
    return data


def test_a_raise_is_by_its_amount_beyond_the_call():
    legal = cardavia.load("holdem").new_state(seed=1).legal_moves()
    assert fa.to_move("raise", 75, _obs(), legal) == (BetMove("raise", 95), "")
    assert fa.to_move("raise", 10, _obs(), legal) == (BetMove("raise", 40), "raise under the minimum")
    assert fa.to_move("raise", 5000, _obs(), legal) == (BetMove("raise", 1000), "")  # all in, as fairpoker caps
    assert fa.to_move("all_in", 0, _obs(), legal) == (BetMove("raise", 1000), "")
    assert fa.to_move("call", 0, _obs(), legal) == (BetMove("call"), "")
    assert fa.to_move("check", 0, _obs(), legal) == (BetMove("call"), "check owing chips")
    no_raise = _obs(raise_range=None)
    assert fa.to_move("raise", 75, no_raise, legal) == (BetMove("call"), "raise where none is legal")


def test_a_fold_or_call_with_nothing_to_call_is_a_check():
    state = cardavia.load("holdem", match=False).new_state(seed=1)
    for move in ("call", "call", "call"):
        state.play(move)
    legal = state.legal_moves()                  # the big blind, limped to
    data = state.observation(2).data
    assert fa.to_move("fold", 0, data, legal) == (BetMove("check"), "fold with nothing to call")
    assert fa.to_move("call", 0, data, legal) == (BetMove("check"), "call with nothing to call")
    assert fa.to_move("raise", 20, data, legal) == (BetMove("raise", 40), "")


def test_the_request_is_fairpoker_s_game_state():
    request = fa.bot_request(_obs())
    assert request["hole_cards"] == [[10, "diamonds"], [12, "diamonds"]]
    assert (request["chips"], request["current_bet"]) == (1000, 0)
    assert request["state"] == {"community_cards": [], "pot": 30, "current_bet": 20, "min_raise": 20,
                                "phase": "PRE_FLOP", "position": "OOP", "opponent_stack": 1000}
    flop = fa.bot_request(_obs(street="flop", board=["As", "2c", "Th"], bets=[0] * 4, to_call=0,
                               raise_range=[20, 1000], player=0))
    assert flop["state"]["community_cards"] == [[14, "spades"], [2, "clubs"], [10, "hearts"]]
    assert flop["state"]["min_raise"] == 20 and flop["state"]["phase"] == "FLOP"


@pytest.mark.parametrize("street, player, in_hand, stacks, expected", [
    ("preflop", 2, [True] * 4, [1000] * 4, "IP"),        # the big blind closes the round
    ("preflop", 0, [True] * 4, [1000] * 4, "OOP"),       # the button: both blinds act after him
    ("preflop", 1, [False, True, True, False], [1000] * 4, "OOP"),
    ("flop", 0, [True] * 4, [1000] * 4, "IP"),           # the button acts last after the flop
    ("flop", 3, [False, True, True, True], [1000] * 4, "IP"),
    ("flop", 3, [True, True, True, True], [0, 1000, 1000, 1000], "IP"),   # the button is all in
    ("flop", 1, [True] * 4, [1000] * 4, "OOP"),
])
def test_position_is_acting_last_in_the_round(street, player, in_hand, stacks, expected):
    assert fa.position(_obs(street=street, player=player, in_hand=in_hand, stacks=stacks)) == expected
