"""The shared Game/State API (DESIGN.md "Games"), on a toy game defined here.

Each game also runs the conformance check of tests/conformance.py; this file
pins the base-class behaviour itself: refusal leaves the state unchanged,
clones are independent, JSON replays, hidden moves stay hidden.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import pytest

import cardavia
from cardavia._core.rng import Random
from cardavia.agents import RandomAgent, play_out
from cardavia.game import (CHANCE, TERMINAL, Game, IllegalMoveError, InvalidMoveError, Move,
                           State)
from conformance import check_random_games


@dataclass(frozen=True)
class TakeMove(Move):
    kind: str  # "hide" or "take"
    n: int

    def __str__(self):
        return f"{self.kind} {self.n}"

    def public_text(self):
        return "hide ?" if self.kind == "hide" else str(self)


class TakeState(State):
    """Each player hides a number 1-3 (secret), then they take 1-3 tokens
    from a pile in turn; whoever takes the last token wins."""

    def __init__(self, game, setup):
        super().__init__(game, setup)
        self.pile = 5 + Random(setup["seed"]).randbelow(6)
        self.secret = [0, 0]
        self.turn = 0
        self._record_chance(f"pile {self.pile}")

    @property
    def current_player(self):
        return TERMINAL if self.is_over else self.turn

    @property
    def is_over(self):
        return self.pile == 0

    def _legal(self):
        if 0 in self.secret:
            return [TakeMove("hide", n) for n in (1, 2, 3)]
        return [TakeMove("take", n) for n in range(1, min(3, self.pile) + 1)]

    def _check(self, move):
        if move not in self._legal():
            raise IllegalMoveError(f"{move} is not allowed now", rule="TAKE-1")

    def _apply(self, move):
        if move.kind == "hide":
            self.secret[self.turn] = move.n
        else:
            self.pile -= move.n
        if self.pile:
            self.turn ^= 1

    def returns(self):
        if not self.is_over:
            return [0, 0]
        return [1, -1] if self.turn == 0 else [-1, 1]

    def hand(self, player):
        return ()  # a game of tokens: nobody holds a card

    def _observe(self, player):
        return {"pile": self.pile, "my_secret": self.secret[player], "hand": []}

    def _copy(self):
        c = TakeState.__new__(TakeState)
        c.game, c._setup, c._history = self.game, self._setup, list(self._history)
        c.pile, c.secret, c.turn = self.pile, list(self.secret), self.turn
        return c


class TakeGame(Game):
    name = "take"
    title = "Take (toy)"
    num_players = 2
    state_class = TakeState

    def parse_move(self, text, state=None):
        parts = text.split()
        if len(parts) != 2 or parts[0] not in ("hide", "take") or not parts[1].isdigit():
            raise InvalidMoveError(f"not a move of take: {text!r}")
        return TakeMove(parts[0], int(parts[1]))


def test_illegal_move_names_rule_and_changes_nothing():
    s = TakeGame().new_state(seed=1)
    before = s.to_json()
    with pytest.raises(IllegalMoveError) as e:
        s.play("take 2")
    assert e.value.rule == "TAKE-1" and "TAKE-1" in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(InvalidMoveError):
        s.play("fly 3")
    with pytest.raises(TypeError):
        s.play(3.5)
    assert s.to_json() == before


def test_lazy_view_len_contains_sample_with_any_rng():
    s = TakeGame().new_state(seed=1)
    view = s.legal_moves()
    assert len(view) == 3 and "hide 2" in view and "take 1" not in view and "junk" not in view
    for rng in (random.Random(0), np.random.default_rng(0), Random(0), 5, None):
        assert view.sample(rng) in view
    with pytest.raises(TypeError):
        view.sample("not an rng")


def test_hidden_moves_show_in_public_form_to_others():
    s = TakeGame().new_state(seed=3)
    s.play("hide 2")
    assert s.observation(0)["history"][-1] == [0, "hide 2"]
    assert s.observation(1)["history"][-1] == [0, "hide ?"]
    assert "2" not in s.observation(1).to_json().split("my_secret")[0].split("history")[1]
    assert s.history[0].player == CHANCE
    obs = s.observation(0)
    assert "pile" in obs and "nothing" not in obs and obs.get("nothing", 7) == 7


def test_clone_is_independent_and_json_replays():
    s = TakeGame().new_state(seed=4)
    s.play("hide 1")
    c = s.clone()
    c.play("hide 3")
    assert len(s.history) == 2 and len(c.history) == 3
    r = TakeGame().from_json(c.to_json())
    assert r == c and r.observation(1) == c.observation(1)


@pytest.mark.parametrize("bad", [
    "{", "[]", '{"format": "cardavia-state", "game": "other"}',
    '{"format": "cardavia-state", "game": "take", "setup": {"seed": 1}, "moves": ["take 9"]}'])
def test_from_json_rejects_bad_input(bad):
    with pytest.raises(ValueError):
        TakeGame().from_json(bad)


def test_unknown_options_and_games_are_clear_errors():
    with pytest.raises(ValueError, match="unknown option"):
        TakeGame(speed=3)
    with pytest.raises(ValueError, match="unknown game"):
        cardavia.load("chess")


def test_random_agent_plays_to_the_end_and_conformance_holds():
    s = play_out(TakeGame().new_state(seed=9), [RandomAgent(1), RandomAgent(2)])
    assert s.is_over and sum(s.returns()) == 0 and s.current_player == TERMINAL
    assert check_random_games(TakeGame(), range(50), check_every=1) > 0


def test_observation_rejects_bad_player():
    s = TakeGame().new_state(seed=1)
    for bad in (-1, 2, "0"):
        with pytest.raises(ValueError):
            s.observation(bad)


def test_a_seed_for_sample_is_checked_as_new_state_checks_it():
    # np.int64(5) was refused while True and -1 were taken as seeds (-1 drew as 1 did)
    import numpy as np
    for name in ("holdem", "doudizhu", "bridge"):
        view = cardavia.load(name).new_state(seed=1).legal_moves()
        assert view.sample(np.int64(5)) == view.sample(5)
        for bad in (True, -1, 2 ** 64):
            with pytest.raises(ValueError):
                view.sample(bad)


@pytest.mark.parametrize("name", cardavia.available_games())
def test_every_game_draws_its_worlds_from_an_rng_alike(name):
    # was: five copies of the seed drawing; a NumPy integer was refused, Shengji
    # took -1 and 2**64 silently (masked), the climbing games hashed an int seed
    state = cardavia.load(name).new_state(seed=3)
    while state.current_player is None or state.current_player == CHANCE:
        state.play(state.legal_moves().sample(0))
    p = state.current_player
    assert state.resample(p, np.int64(7)) == state.resample(p, 7) != state.resample(p, 8)
    assert state.resample(p, Random(9)) == state.resample(p, Random(9).next_u64())
    assert state.resample(p, random.Random(4)) == state.resample(p, random.Random(4).getrandbits(64))
    for bad in (True, -1, 2 ** 64):
        with pytest.raises(ValueError):
            state.resample(p, bad)
    with pytest.raises(ValueError, match="rng must be a Cardavia Random"):
        state.resample(p, "7")


def test_simulate_and_arena_take_agents_as_text_and_refuse_a_negative_seed():
    # agents="random" was read letter by letter ("needs 3 agents, got 6"); seed -1 gave seed 2**64-1's deals
    from cardavia import simulate
    from cardavia.sim import arena
    out = simulate.run("doudizhu", 2, seed=1, workers=1, agents="heuristic,random,random")
    assert out["agents"] == ["heuristic", "random", "random"]
    assert simulate.run("doudizhu", 2, seed=1, workers=1, agents="random")["agents"] == ["random"] * 3
    for run in (lambda: simulate.run("doudizhu", 2, seed=-1, workers=1),
                lambda: arena.run("doudizhu", "heuristic,random", 1, seed=-1, workers=1)):
        with pytest.raises(ValueError, match="seed"):
            run()
