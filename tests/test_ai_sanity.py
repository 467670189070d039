"""Invariants an AI people play against must keep: no obvious blunder in
many random positions, for every agent kind a level seats (``heuristic``,
``mc``, ``ismcts``; Hold'em's rule baselines; Bridge's card play).  Budgets
are tiny and seeds fixed: these check behaviour, not strength."""
from __future__ import annotations

import itertools
import random
from typing import Any, Iterator

import numpy as np
import pytest

import cardavia
from cardavia import poker
from cardavia.ai import make_agent
from cardavia.ai.agent import going_out
from cardavia.ai.shengji_mc import card_points
from cardavia.bridge import solve_state
from cardavia.shengji import world_sampler


def _positions(game: Any, seeds: range, noise: float = 0.3, max_moves: int = 10_000) -> Iterator[Any]:
    """Every position of deals played by the heuristic with some random
    moves mixed in (so that odd positions come up too), seen before each move."""
    for seed in seeds:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        drivers = [make_agent("heuristic", game, seed=seed * 10 + p) for p in range(game.num_players)]
        moves = 0
        while not state.is_over and moves < max_moves:
            yield state
            if state.is_over:        # the caller may not move, but must not end it either
                break
            legal = state.legal_moves()
            move = legal.sample(rng) if rng.random() < noise else drivers[state.current_player].act(state)
            state.play(move)
            moves += 1


def _cards_in(move: Any) -> int:
    return len(move.cards) if hasattr(move, "cards") else move.ncards


class _CompiledPolicy:
    """The game's compiled rollout policy, without the agents' check for a way out."""

    def __init__(self, game: Any):
        self.game = game

    def choose(self, observation: Any, legal: Any) -> Any:
        return self.game.policy_move(observation, legal, 1)


# -- the climbing games: go out when one play empties the hand (DDZ-5.1, ZSY-1, GD-1.1) ---
CLIMBING = {"doudizhu": (range(400), True), "zhengshangyou": (range(300), True), "guandan": (range(6), False)}


@pytest.mark.parametrize("name", CLIMBING)
def test_climbing_agents_go_out_when_one_play_empties_the_hand(name):
    # Tied or noisy estimates made mc and ismcts pass with a lone Red Joker
    # or lead one Ten of a pair of Tens (the rest after any reply).
    seeds, tree = CLIMBING[name]
    game = cardavia.load(name, match=False)
    agents = {"heuristic": make_agent("heuristic", game, seed=1),
              "mc": make_agent("mc", game, seed=1, rollouts=200 if tree else 100)}
    if tree:
        agents["ismcts"] = make_agent("ismcts", game, seed=1, iterations=200)
    agents["policy"] = _CompiledPolicy(game)     # the rollouts' own moves
    positions = 0
    bad = []
    for state in _positions(game, seeds):
        p = state.current_player
        legal = state.legal_moves()
        held = len(state.hand(p))
        if len(legal) < 2 or not any(str(m) != "pass" and _cards_in(m) == held for m in legal):
            continue
        positions += 1
        obs = state.observation(p)
        for kind, agent in agents.items():
            move = agent.choose(obs, legal)
            if str(move) == "pass" or _cards_in(move) != held:
                bad.append((kind, str(move), [str(m) for m in legal][:8]))
    assert positions >= 5
    assert not bad, bad


def test_guandan_heuristic_spends_a_wild_to_go_out():
    # The compiled policy looks for a play without the wilds first, and so
    # led the single 7 where 7 + the wild heart 2 is a pair that goes out
    # (in the search's rollouts too, until it looked for a way out first).
    game = cardavia.load("guandan", match=False)
    state = game.from_hands([["7c", "2h"], ["3c", "4d", "9s"], ["5c", "6d"], ["8s", "Jd", "Kc"]], level=2, leader=0)
    obs, legal = state.observation(0), state.legal_moves()
    assert {str(game.policy_move(obs, legal, seed)) for seed in range(8)} == {"pair:7 7c 2h"}   # the policy's own
    assert str(going_out(game, obs, legal)) == "pair:7 7c 2h"
    for kind in ("heuristic", "mc"):
        assert str(make_agent(kind, game, seed=1, **({"rollouts": 20} if kind == "mc" else {})).choose(obs, legal)) \
            == "pair:7 7c 2h"


def test_going_out_prefers_a_bomb_and_ignores_bids():
    game = cardavia.load("doudizhu", match=False)
    state = game.new_state(seed=0)
    assert going_out(game, state.observation(state.current_player), state.legal_moves()) is None   # bidding
    assert going_out(cardavia.load("holdem", match=False), {"hand": []}, []) is None


# -- Up/Down: never fold a locked card that cannot lose (UD-4, UD-5.1) ---------------------
UP, DOWN = "89TJQKA", "234567"
ORDER = "23456789TJQKA"


def _duel_compare(a: str, b: str) -> int:
    if {a, b} == {"2", "A"}:
        return 1 if a == "2" else -1     # a 2 beats an Ace
    return (ORDER.index(a) > ORDER.index(b)) - (ORDER.index(a) < ORDER.index(b))


def test_updown_agents_never_fold_a_card_that_cannot_lose():
    # mc folded sure winners: the duel's rollout of a settled deal is worth
    # (0, 0), so a fold and a call that ends the betting were both worth nothing.
    game = cardavia.load("updown")
    agents = {"heuristic": make_agent("heuristic", game, seed=1), "mc": make_agent("mc", game, seed=1, rollouts=400)}
    positions = 0
    bad = []
    for state in _positions(game, range(60), max_moves=150):
        p = state.current_player
        data = state.observation(p).data
        legal = state.legal_moves()
        if data["phase"] != "betting" or len(legal) < 2:
            continue
        signals = data["signals"][1 - p]       # the groups the opponent's locked card may be in (UD-2.3)
        ranks = (UP if signals["up"] else "") + (DOWN if signals["down"] else "")
        if min(_duel_compare(data["locked"][0], r) for r in ranks) < 0:
            continue
        positions += 1
        for kind, agent in agents.items():
            move = agent.choose(state.observation(p), legal)
            assert move in legal
            if str(move) == "fold":
                bad.append((kind, data["locked"], signals, data["to_call"], data["pot"]))
    assert positions >= 100
    assert not bad, bad


# -- Hold'em and Up/Down betting ---------------------------------------------------------
HOLDEM_KINDS = ("heuristic", "mc", "station", "maniac", "nit", "tag")


def _holdem_agents(game: Any) -> dict[str, Any]:
    return {k: make_agent(k, game, seed=1, **({"rollouts": 120} if k == "mc" else {})) for k in HOLDEM_KINDS}


def test_holdem_agents_never_fold_the_nuts_on_the_river():
    # Deals where one seat holds the only best hand on the full board; the
    # others bet into it.  Folding there gives up a pot nobody can win from it.
    game = cardavia.load("holdem", match=False)
    agents = _holdem_agents(game)
    positions = 0
    bad = []
    for seed in range(600):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        board, live = deck[:5], deck[5:]
        combos = list(itertools.combinations(live, 2))
        strength = poker.evaluate_batch(np.array([[a, b, *board] for a, b in combos], dtype=np.int32))
        if (strength == strength.max()).sum() != 1:
            continue
        nuts = list(combos[int(strength.argmax())])
        rest = [c for c in live if c not in nuts]
        seat = rng.randrange(4)
        hands = [rest[2 * i:2 * i + 2] for i in range(4)]
        hands[seat] = nuts
        state = game.from_hands(hands, board=board, seed=seed)
        drivers = [make_agent("station" if p == seat else rng.choice(["maniac", "station", "tag"]), game,
                              seed=seed + p) for p in range(4)]
        while not state.is_over:
            p = state.current_player
            obs, legal = state.observation(p), state.legal_moves()
            if p == seat and len(obs.data["board"]) == 5 and obs.data["to_call"] > 0 and len(legal) > 1:
                positions += 1
                for kind, agent in agents.items():
                    if str(agent.choose(obs, legal)) == "fold":
                        bad.append((kind, seed))
            state.play(drivers[p].act(state))
    assert positions >= 20
    assert not bad, bad


@pytest.mark.parametrize("name", ["holdem", "updown"])
def test_betting_agents_move_legally_and_never_fold_for_free(name):
    # Side pots included: four Hold'em players with random moves mixed in go all in often.
    game = cardavia.load(name)
    agents = _holdem_agents(game) if name == "holdem" else {
        "heuristic": make_agent("heuristic", game, seed=1), "mc": make_agent("mc", game, seed=1, rollouts=200)}
    positions = side_pots = 0
    for i, state in enumerate(_positions(game, range(12), max_moves=60)):
        data = state.observation(state.current_player).data
        legal = state.legal_moves()
        if i % 3 or len(legal) < 2 or data.get("phase", "betting") != "betting":
            continue
        positions += 1
        side_pots += len(data.get("side_pots", ())) > 1
        for agent in agents.values():
            move = agent.choose(state.observation(state.current_player), legal)
            assert move in legal
            assert not (data["to_call"] == 0 and str(move) == "fold")
    assert positions >= 30
    assert name == "updown" or side_pots >= 1


# -- Shengji: the heuristic gives points to a partner who wins the trick (its docstring) ---
def test_shengji_heuristic_gives_points_to_a_winning_partner_as_last_hand():
    game = cardavia.load("shengji", match=False)
    agent = make_agent("heuristic", game, seed=1)
    positions = 0
    for state in _positions(game, range(20), noise=0.1):
        p = state.current_player
        obs, legal = state.observation(p), state.legal_moves()
        data = obs.data
        if data["phase"] != "play" or len(data["trick"]) != 3 or len(legal) < 2 or len(legal[0].cards) != 1:
            continue
        if world_sampler(obs).sample(1).best_seat != (p + 2) % 4:    # who wins is public: any world tells
            continue
        if not any(card_points(m.cards[0]) for m in legal):
            continue
        positions += 1
        move = agent.choose(obs, legal)
        assert card_points(move.cards[0]), (data["trick"], str(move))
    assert positions >= 20


# -- Bridge: the last two tricks are played double-dummy right ---------------------------
def test_bridge_mc_plays_the_last_two_tricks_double_dummy_best():
    game = cardavia.load("bridge", match=False)
    agent = make_agent("mc", game, seed=1, samples=16)
    positions = 0
    bad = []
    for state in _positions(game, range(15), noise=0.2):
        data = state.observation(state.current_player).data
        legal = state.legal_moves()
        if data.get("phase") != "play" or len(data["tricks"]) < 11 or len(legal) < 2:
            continue
        positions += 1
        tricks = solve_state(state)
        move = agent.choose(state.observation(state.current_player), legal)
        if tricks[str(move)] < max(tricks.values()):
            bad.append((str(move), tricks))
    assert positions >= 30
    assert not bad, bad
