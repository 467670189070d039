"""The one conformance check (tests/conformance.py) over every game and both
``match`` settings: random full games from many seeds."""
from __future__ import annotations

import pytest

import cardavia
from conformance import check_random_games

# Seeds per game: single deals are cheap; whole matches run long.
DEALS = {"doudizhu": 200, "zhengshangyou": 200, "guandan": 120, "shengji": 60,
         "holdem": 150, "updown": 150, "bridge": 200}
MATCHES = {"guandan": 3, "shengji": 2, "holdem": 6, "updown": 6}


@pytest.mark.parametrize("match", [False, True])
@pytest.mark.parametrize("name", list(cardavia.GAMES))
def test_conformance(name, match):
    game = cardavia.load(name, match=match)
    plays_matches = match and game.plays_matches
    seeds = range(1000, 1000 + (MATCHES[name] if plays_matches else DEALS[name]))
    moves = check_random_games(game, seeds, check_every=400 if plays_matches else 23)
    assert moves > len(seeds)


def test_conformance_of_dou_dizhu_from_a_fixed_landlord():
    game = cardavia.load("doudizhu", bidding=False)
    seeds = range(1000, 1100)
    assert check_random_games(game, seeds, check_every=23) > len(seeds)
