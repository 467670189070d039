"""The shared conformance check run over every game (DESIGN.md "Checks").

Random full games from many seeds: every legal move applies; at sampled steps
illegal moves are refused with the state unchanged, a clone is independent,
the JSON round-trips and observations are JSON-ready; every finished game's
returns sum to zero and its JSON replays to the same end.
"""
from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter

import pytest

from cardavia.cards import card_text
from cardavia.game import Game, Outcome, State

GARBAGE = ["", "zzz", "42", "play ♥", "\x00", "pass pass", "{}", "bid 99", "raise -5", "3h 3h 3h 3h 3h"]


def _check_refused(state: State, text: str, snapshot: str) -> None:
    try:
        state.play(text)
    except ValueError:
        pass
    else:
        raise AssertionError(f"{state.game.name}: {text!r} was accepted but is not legal")
    assert state.to_json() == snapshot, f"refusing {text!r} changed the state"


# Copies of each card in the game's pack(s): two-pack games hold two.
PACK_COPIES = {"guandan": 2, "shengji": 2, "updown": 2}


def check_vocabulary(state: State) -> None:
    """The one vocabulary (issue 12 part 4): nobody is None, hands are tuples
    of ids in the game's order and read the same in the observation, levels
    are ints 2-14, no card is held more often than the pack holds."""
    game = state.game
    n = game.num_players
    assert (state.current_player is None) == state.is_over
    if not state.is_over:
        assert isinstance(state.current_player, int) and 0 <= state.current_player < n
    held: Counter = Counter()
    for p in range(n):
        hand = state.hand(p)
        assert isinstance(hand, tuple) and all(isinstance(c, int) and 0 <= c <= 53 for c in hand), hand
        held.update(hand)
        obs = state.observation(p)
        assert obs["hand"] == [card_text(c) for c in hand], (obs["hand"], hand)
        for key in ("last_player", "dealer", "declarer", "leader", "landlord"):
            v = obs.get(key)
            assert v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n), (key, v)
        if "hand_sizes" in obs.data and p == 0:
            assert obs["hand_sizes"] == [len(state.hand(q)) for q in range(n)]
        if "level" in obs.data:
            assert isinstance(obs["level"], int) and 2 <= obs["level"] <= 14, obs["level"]
        for level in obs.get("team_levels") or []:
            assert isinstance(level, int) and 2 <= level <= 14, level
    copies = PACK_COPIES.get(game.name, 1)
    assert all(k <= copies for k in held.values()), f"a card held more than {copies} times"


def check_step(game: Game, state: State, rng: random.Random, pool: list[str],
               all_moves_limit: int = 64) -> None:
    check_vocabulary(state)
    snapshot = state.to_json()
    legal = state.legal_moves()
    n = len(legal)
    assert n > 0, "a live state must have a legal move"
    if n <= all_moves_limit:
        texts = [str(m) for m in legal]
        assert len(set(texts)) == n, f"duplicate legal moves: {texts}"
        for m in legal:  # every legal move applies, to a clone
            c = state.clone()
            c.play(m)
            assert state.to_json() == snapshot
            assert game.parse_move(str(m), state) == m, f"{m!r} does not round-trip through its text"
            assert str(m) in legal
    else:
        texts = None
    # Illegal moves: garbage, and moves seen elsewhere that are not legal here.
    for text in GARBAGE + rng.sample(pool, min(len(pool), 8)):
        if text in legal:
            if getattr(legal, "lists_subset", False):
                # The view lists a few moves of a larger legal set (Hold'em
                # raise totals): what `in` accepts must check and apply.
                c = state.clone()
                c.play(text)
                continue
            assert texts is None or text in texts or any(
                str(game.parse_move(text, state)) == t for t in texts), text
            continue
        _check_refused(state, text, snapshot)
    # Clone independence.
    c = state.clone()
    move = legal.sample(rng)
    c.play(move)
    assert len(legal) == n, "a view changed when a clone moved on"
    assert state.to_json() == snapshot, "playing on a clone changed the original"
    assert c.to_json() != snapshot
    # copy.deepcopy is a clone; pickle (multiprocessing) carries the state and its moves
    d = copy.deepcopy(state)
    d.play(move)
    assert state.to_json() == snapshot, "playing on a deep copy changed the original"
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps((state.history, move))) == (state.history, move)
    # moves are immutable values: setting any attribute is an AttributeError, not a TypeError
    for entry in [move, *(e.move for e in state.history[-2:])]:
        for name in ("no_such_attribute", *getattr(type(entry), "__slots__", ())[:1]):
            with pytest.raises(AttributeError):
                setattr(entry, name, None)
    # JSON round trip and observations.
    r = game.from_json(snapshot)
    assert r.to_json() == snapshot
    assert r.current_player == state.current_player
    for p in range(game.num_players):
        obs = state.observation(p)
        json.loads(obs.to_json())
        assert r.observation(p) == obs
    if texts is not None:
        assert [str(m) for m in r.legal_moves()] == texts


def check_random_games(game: Game, seeds, check_every: int = 7, max_moves: int = 100_000) -> int:
    """Play one random game per seed with the checks; return the number of moves."""
    total = 0
    pool: list[str] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        step = 0
        while not state.is_over:
            if step % check_every == 0:
                check_step(game, state, rng, pool)
            view = state.legal_moves()
            move = view.sample(rng)
            text = str(move)
            state.play(move)
            if step % check_every == 0:   # a view is of its position: once the state moved on, every use refuses
                for use in (len, bool, list, lambda v: v[0], lambda v, m=move: m in v, lambda v, r=rng: v.sample(r)):
                    try:
                        use(view)
                    except ValueError as e:
                        assert "earlier position" in str(e), e
                    else:
                        raise AssertionError(f"a view of an earlier position answered {use}")
            if len(pool) < 500:
                pool.append(text)
            else:
                pool[rng.randrange(500)] = text
            step += 1
            assert step < max_moves, "game did not end"
        total += step
        ret = state.returns()
        assert len(ret) == game.num_players
        check_vocabulary(state)
        outcome = state.outcome()
        assert isinstance(outcome, Outcome) and outcome.returns == tuple(ret)
        assert outcome.winners == tuple(p for p, r in enumerate(ret) if r > 0)
        json.dumps(outcome.to_dict())
        assert abs(sum(ret)) < 1e-9, f"returns {ret} do not sum to zero (seed {seed})"
        assert state.legal_moves().count() == 0 if hasattr(state.legal_moves(), "count") else True
        end = state.to_json()
        replay = game.from_json(end)
        assert replay.is_over and replay.returns() == ret and replay.to_json() == end
        _check_refused(state, GARBAGE[1], end)
        assert pickle.loads(pickle.dumps(state)).to_json() == end
        if hasattr(state, "resample"):   # (every game of Cardavia; a toy game of the tests may lack it)
            try:   # a finished game has no decision to sample worlds for, in every game alike
                state.resample(0, rng)
                raise AssertionError("resample of a finished game did not refuse")
            except ValueError as e:
                assert "is over" in str(e), e
        view = state.legal_moves()
        assert len(view) == 0
    return total
