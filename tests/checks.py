"""Test helpers shared by the games' tests: a refused move naming its rule,
junk state JSON and junk betting text for the fuzz tests (hypothesis), the
checks that a refused input changes nothing, and requests sent at once.

``from checks import ...`` like ``conformance``.
"""
from __future__ import annotations

import json
import random
import threading

import pytest
from hypothesis import strategies as hst

from cardavia.game import IllegalMoveError

BET_GARBAGE = hst.one_of(
    hst.text(max_size=30),
    hst.sampled_from(["raise 99999999999999999999", "bet -5", "raise -1", "call 5", "fold 1", "raise 1e5",
                      "bet 0x10", "raise ٣", '{"move": "call"}', "[1, 2]", "null", "lock", "lock 99", "lock BJ",
                      "lock Kh Kh", "allin 5", "raise to", "\x00", "raise 2147483648", "bet 4294967296"]),
    hst.builds(lambda w, n: f"{w} {n}", hst.sampled_from(["bet", "raise", "call", "lock", "fold"]),
               hst.integers(min_value=-10**30, max_value=10**30)),
)
"""Betting-move text, right and wrong (Hold'em, Up/Down)."""


def refused(state, move: str, rule: str) -> None:
    """Playing ``move`` raises IllegalMoveError citing ``rule`` and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as e:
        state.play(move)
    assert e.value.rule == rule, (move, e.value)
    assert state.to_json() == before


def json_values(extra_leaves, list_size: int = 4, max_leaves: int = 10):
    """Any JSON value: small scalars and ``extra_leaves`` (card texts of the
    game) nested in lists and objects."""
    leaf = hst.one_of(hst.none(), hst.booleans(), hst.integers(-3, 60), hst.text(max_size=6),
                      hst.sampled_from(extra_leaves))
    return hst.recursive(leaf, lambda ch: hst.lists(ch, max_size=list_size) | hst.dictionaries(
        hst.text(max_size=3), ch, max_size=3), max_leaves=max_leaves)


def check_state_json_loads_or_value_error(game, setup, moves) -> None:
    """A hand-edited state JSON of ``game`` (any setup and moves) loads or
    raises ValueError; what loads can be observed and played on."""
    data = {"format": "cardavia-state", "game": game.name, "options": game.options, "setup": setup,
            "moves": moves}
    try:
        s = game.from_json(json.dumps(data))
    except ValueError:
        return
    for p in range(game.num_players):
        s.observation(p).to_json()
    if not s.is_over:
        s.clone().play(s.legal_moves()[0])


def refusal_changes_nothing(state, text) -> None:
    """``text`` is a legal move (whose text reads back to it) or a
    ValueError, and checking it changes nothing."""
    before = state.to_json()
    try:
        move = state.check(text)
    except ValueError:
        assert state.to_json() == before
        return
    after = state.clone()
    after.play(move)
    assert state.to_json() == before
    assert state.game.parse_move(str(move), state) == move      # the stored text reads back


def check_text_changes_nothing(state, text, *readers) -> None:
    """Playing ``text`` on a clone of ``state``, reading it with the game's
    ``parse_move`` and each of ``readers`` (functions of no argument) gives a
    result or a ValueError, ``in`` the legal moves answers True or False, and
    ``state`` stays as it was."""
    before = state.to_json()
    for read in (lambda: state.clone().play(text), lambda: state.game.parse_move(text), *readers):
        try:
            read()
        except ValueError:
            pass
    assert (text in state.legal_moves()) in (True, False)
    assert state.to_json() == before


def mid_game_states(game, seeds, rng_seed: int = 0, low: int = 0, high: int = 40) -> list:
    """Live states: one a seed, each after ``low..high-1`` random moves
    (``random.Random(rng_seed)`` draws the counts and the moves); a deal
    that ended sooner is left out."""
    rng = random.Random(rng_seed)
    out = []
    for seed in seeds:
        s = game.new_state(seed=seed)
        for _ in range(rng.randrange(low, high)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            out.append(s)
    return out


def played_states(game, seeds, rng_seed: int, max_moves: int) -> list:
    """One state a seed, each after up to ``max_moves - 1`` random moves
    (``random.Random(rng_seed)`` draws the counts and the moves)."""
    rng = random.Random(rng_seed)
    states = []
    for seed in seeds:
        s = game.new_state(seed=seed)
        for _ in range(rng.randrange(max_moves)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        states.append(s)
    return states


def assert_refused(error: BaseException) -> None:
    """A refusal says what was wrong: a ValueError subclass with a message."""
    assert isinstance(error, ValueError) and str(error).strip(), repr(error)


def at_once(*calls):
    """Run ``calls`` from threads started together (requests racing each
    other); their answers, in order."""
    answers: list = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i, call):
        start.wait()
        answers[i] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers
