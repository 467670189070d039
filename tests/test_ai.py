"""The agent protocol, make_agent and the Monte Carlo search (issue 13
parts 1 and 2).  Budgets are tiny: these check behaviour, not strength."""
from __future__ import annotations

import pytest

import cardavia
from cardavia.ai import (Agent, HeuristicAgent, MonteCarloAgent, RandomAgent, make_agent, parse_spec, play_out,
                         split_specs)

CLIMBING = ["doudizhu", "zhengshangyou"]


def _midgame(name: str, seed: int, moves: int):
    game = cardavia.load(name, match=False)
    state = game.new_state(seed=seed)
    agents = [make_agent("heuristic", game, seed=p) for p in range(game.num_players)]
    played = 0
    while not state.is_over and (played < moves or len(state.legal_moves()) < 2):
        state.play(agents[state.current_player].act(state))
        played += 1
    assert not state.is_over
    return game, state


def test_agents_re_exported_from_the_old_module():
    from cardavia import agents
    assert agents.make_agent is make_agent and agents.RandomAgent is RandomAgent
    assert agents.play_out is play_out


def test_parse_spec_reads_options_and_refuses_bad_ones():
    assert parse_spec("mc:rollouts=2000") == ("mc", {"rollouts": 2000})
    assert parse_spec(" mc : rollouts=20, budget_ms=12.5 ") == ("mc", {"rollouts": 20, "budget_ms": 12.5})
    assert parse_spec("heuristic") == ("heuristic", {})
    for bad in ["genius", "mc:rollouts", "mc:depth=3", "mc:rollouts=x", "random:rollouts=3",
                "mc:rollouts=1,rollouts=2"]:
        with pytest.raises(ValueError):
            parse_spec(bad)


def test_split_specs_keeps_options_with_their_agent():
    assert split_specs("mc:rollouts=500,threads=2,heuristic") == ["mc:rollouts=500,threads=2", "heuristic"]
    assert split_specs("random,heuristic,mc") == ["random", "heuristic", "mc"]


@pytest.mark.parametrize("name", CLIMBING)
def test_make_agent_builds_every_agent(name):
    game = cardavia.load(name)
    assert isinstance(make_agent("random", game, seed=1), RandomAgent)
    assert isinstance(make_agent("heuristic", name, seed=1), HeuristicAgent)
    mc = make_agent("mc:rollouts=30", game, seed=1)
    assert isinstance(mc, MonteCarloAgent) and mc.rollouts == 30 and mc.spec == "mc:rollouts=30"
    assert make_agent("mc", game, rollouts=40).rollouts == 40
    assert make_agent("mc", game, budget_ms=200).budget_ms == 200
    with pytest.raises(ValueError):
        make_agent("mc", game, rollouts=0)
    with pytest.raises(ValueError):
        make_agent("mc", game, depth=3)


def test_make_agent_refuses_mc_where_a_game_has_no_worlds():
    for name in cardavia.available_games():
        game = cardavia.load(name, match=False)
        if not hasattr(game, "sample_world"):
            with pytest.raises(ValueError):
                make_agent("mc", game)


def test_agent_protocol_reset_reseeds():
    game, state = _midgame("doudizhu", 3, 6)
    a = make_agent("random", game, seed=5)
    obs, legal = state.observation(state.current_player), state.legal_moves()
    first = [a.choose(obs, legal) for _ in range(5)]
    a.reset(5)
    assert [a.choose(obs, legal) for _ in range(5)] == first
    assert isinstance(a, Agent)


@pytest.mark.parametrize("name", CLIMBING + ["guandan", "shengji", "bridge", "holdem", "updown"])
@pytest.mark.parametrize("spec", ["heuristic", "mc:rollouts=60", "random"])
def test_agent_cannot_tell_apart_states_with_the_same_observation(name, spec):
    # Two states one player cannot tell apart: the real one and a resample
    # of it for the player to move (other hidden cards, the same history).
    for seed in (1, 2):
        game, state = _midgame(name, seed, {"updown": 1, "holdem": 2}.get(name, 7))
        p = state.current_player
        other = state.resample(p, seed + 100)
        assert other.observation(p).data == state.observation(p).data
        q = (p + 1) % game.num_players
        if other.hand(q) == state.hand(q):
            other = state.resample(p, seed + 200)
        assert other.hand(q) != state.hand(q)
        moves = []
        for s in (state, other):
            agent = make_agent(spec, game, seed=9)
            moves.append(agent.choose(s.observation(p), s.legal_moves()))
        assert moves[0] == moves[1]


@pytest.mark.parametrize("name", CLIMBING)
def test_mc_is_reproducible_and_thread_count_free(name):
    game, state = _midgame(name, 4, 3)
    p = state.current_player
    obs, legal = state.observation(p), state.legal_moves()
    assert len(legal) > 1
    a = make_agent("mc:rollouts=80", game, seed=11)
    b = make_agent("mc:rollouts=80,threads=2", game, seed=11)
    ca, ma, na = a.evaluate(obs, legal)
    cb, mb, nb = b.evaluate(obs, legal)
    assert ca == cb and ma == mb and na == nb
    a.reset(11)
    b.reset(11)
    assert a.choose(obs, legal) == b.choose(obs, legal)
    assert a.last_rollouts == na * len(ca) >= len(ca)


def test_mc_ties_go_to_the_earlier_legal_move():
    game, state = _midgame("doudizhu", 6, 4)
    p = state.current_player
    a = make_agent("mc:rollouts=2", game, seed=1)
    obs, legal = state.observation(p), state.legal_moves()
    cands, means, _ = a.evaluate(obs, legal)
    a.reset(1)
    chosen = a.choose(obs, legal)
    best = max(means)
    assert chosen == cands[means.index(best)]


def test_mc_plays_forced_moves_without_search_and_time_budget_searches():
    game, state = _midgame("zhengshangyou", 2, 5)
    a = make_agent("mc:budget_ms=5", game, seed=3)
    p = state.current_player
    move = a.choose(state.observation(p), state.legal_moves())
    assert move in state.legal_moves() and a.last_rollouts >= 1


def test_mc_prunes_huge_move_sets_to_heuristic_pass_and_a_spread():
    game = cardavia.load("doudizhu")
    state = game.new_state(seed=0)
    agents = [make_agent("heuristic", game, seed=p) for p in range(3)]
    while state.phase == "bidding":
        state.play(agents[state.current_player].act(state))
    p = state.current_player
    obs, legal = state.observation(p), state.legal_moves()
    assert len(legal) > 6
    a = make_agent("mc:max_candidates=5,rollouts=10", game, seed=2)
    cands = a.candidates(obs, legal)
    assert len(cands) == 5
    h = game.policy_move(obs, legal, 0)
    assert h in cands
    moves = list(legal)
    assert [moves.index(c) for c in cands] == sorted(moves.index(c) for c in cands)
    assert a.choose(obs, legal) in cands


@pytest.mark.parametrize("name", CLIMBING)
def test_mc_plays_whole_deals_to_a_zero_sum_end(name):
    game = cardavia.load(name)
    agents = [make_agent("mc:rollouts=20", game, seed=1), make_agent("heuristic", game, seed=2),
              make_agent("random", game, seed=3)]
    end = play_out(game.new_state(seed=8), agents)
    assert end.is_over and sum(end.returns()) == 0


@pytest.mark.parametrize("name", ["holdem", "updown", "bridge", "guandan", "shengji"])
def test_mc_chooses_a_legal_move_in_the_other_games_with_worlds(name):
    game = cardavia.load(name, match=False)
    if not hasattr(game, "sample_world"):
        pytest.skip(f"{name} has no worlds yet")
    state = game.new_state(seed=3)
    a = make_agent("mc:rollouts=12", game, seed=4)
    for _ in range(4):
        if state.is_over:
            break
        move = a.act(state)
        assert move in state.legal_moves()
        state.play(move)


@pytest.mark.parametrize("name", CLIMBING)
def test_compiled_driver_equals_one_rollout_call_a_playout(name):
    from cardavia._core import mc_climb
    game, state = _midgame(name, 5, 4)
    p = state.current_player
    obs, legal = state.observation(p), state.legal_moves()
    fast = make_agent("mc:rollouts=60", game, seed=2)
    slow = make_agent("mc:rollouts=60", game, seed=2)
    assert fast.searcher.batch is not None
    slow.searcher.batch = None
    assert fast.evaluate(obs, legal) == slow.evaluate(obs, legal)
    with pytest.raises(TypeError):
        mc_climb.score([object()], list(legal), p)
