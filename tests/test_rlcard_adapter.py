"""rlcard's Dou Dizhu rule agent seated through the bench's adapter
(``bench/rlcard_ddz.py``, issue 13 part 5): it plays only Cardavia's legal
moves, reads only its observation, and a seed replays its choices.  The
peer is a test extra: missing, the test skips, except under ``CI``."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import cardavia
from cardavia.ai import make_agent, play_out

if not os.environ.get("CI"):
    pytest.importorskip("rlcard")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import rlcard_ddz

rlcard_ddz.register()


def _deal(bidding: bool, seed: int, seats):
    game = cardavia.load("doudizhu", bidding=bidding)
    agents = [make_agent(s, game, seed=p) for p, s in enumerate(seats)]
    for p, a in enumerate(agents):
        a.reset(seed * 3 + p)
    return play_out(game.new_state(seed=seed), agents)


@pytest.mark.parametrize("bidding", [False, True])
def test_the_rule_agent_plays_whole_deals_with_legal_moves_only(bidding):
    before = rlcard_ddz.RlcardRuleAgent.fallbacks
    for seed in range(6):
        state = _deal(bidding, seed, ["rlcard", "heuristic", "rlcard"])
        assert state.is_over and sum(state.returns()) == 0
        if not bidding:
            assert state.landlord == 0
    # Every answer it gave was one of the moves offered (none replaced).
    assert rlcard_ddz.RlcardRuleAgent.fallbacks == before


def test_the_rule_agent_is_seeded_per_deal():
    first = _deal(False, 3, ["rlcard"] * 3)
    again = _deal(False, 3, ["rlcard"] * 3)
    assert [str(m) for _, m in first.history] == [str(m) for _, m in again.history]


def test_the_rule_agent_cannot_tell_apart_worlds_with_the_same_observation():
    game = cardavia.load("doudizhu", bidding=False)
    state = game.new_state(seed=8)
    for _ in range(3):
        state.play(make_agent("heuristic", game, seed=1).act(state))
    p = state.current_player
    world = state.resample(p, 5)
    assert world.observation(p) == state.observation(p) and world.hand((p + 1) % 3) != state.hand((p + 1) % 3)
    a, b = make_agent("rlcard", game, seed=2), make_agent("rlcard", game, seed=2)
    a.reset(4)
    b.reset(4)
    assert a.act(state) == b.act(world)


def test_hand_text_is_rlcard_s_sorted_ranks():
    assert rlcard_ddz.hand_text(["2h", "3s", "RJ", "Td", "BJ", "3h"]) == "33T2BR"
