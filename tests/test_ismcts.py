"""The information-set MCTS agent ``ismcts`` (issue 13 part 2).  Budgets are
tiny: these check behaviour, not strength (that is bench/bench_ismcts.py)."""
from __future__ import annotations

import pytest

import cardavia
from cardavia.ai import InformationSetMCTSAgent, MonteCarloAgent, make_agent, play_out

CLIMBING = ["doudizhu", "zhengshangyou"]


def _midgame(name: str, seed: int, moves: int):
    game = cardavia.load(name, match=False)
    state = game.new_state(seed=seed)
    agents = [make_agent("heuristic", game, seed=p) for p in range(game.num_players)]
    played = 0
    while not state.is_over and (played < moves or len(state.legal_moves()) < 2):
        mover = state.current_player
        assert mover is not None
        state.play(agents[mover].act(state))
        played += 1
    assert not state.is_over
    return game, state


@pytest.mark.parametrize("name", CLIMBING)
def test_ismcts_chooses_legal_moves_only(name):
    for seed in range(4):
        game, state = _midgame(name, seed, 3 + 2 * seed)
        p = state.current_player
        agent = make_agent("ismcts:iterations=60", game, seed=seed)
        legal = state.legal_moves()
        move = agent.choose(state.observation(p), legal)
        assert move in legal
        assert agent.last_iterations == 60
        # The root's statistics cover legal moves only, and every iteration once.
        assert set(agent.last_root) <= set(legal)
        assert sum(v for v, _ in agent.last_root.values()) == 60


@pytest.mark.parametrize("name", CLIMBING)
def test_ismcts_is_reproducible_with_a_seed(name):
    game, state = _midgame(name, 4, 5)
    p = state.current_player
    obs, legal = state.observation(p), state.legal_moves()
    a = make_agent("ismcts:iterations=120", game, seed=11)
    b = make_agent("ismcts:iterations=120", game, seed=11)
    first = a.choose(obs, legal)
    assert b.choose(obs, legal) == first and a.last_root == b.last_root
    a.reset(11)
    assert a.choose(obs, legal) == first
    roots = set()
    for seed in range(6):                  # other seeds draw other worlds
        a.reset(seed)
        a.choose(obs, legal)
        roots.add(tuple(sorted((str(m), v) for m, v in a.last_root.items())))
    assert len(roots) > 1


@pytest.mark.parametrize("name", CLIMBING)
def test_ismcts_cannot_tell_apart_states_with_the_same_observation(name):
    # The real state and a resample of it for the player to move (other
    # hidden cards, the same history): the same move with the same seed.
    for seed in (1, 2):
        game, state = _midgame(name, seed, 7)
        p = state.current_player
        other = state.resample(p, seed + 100)
        assert other.observation(p).data == state.observation(p).data
        q = (p + 1) % game.num_players
        if other.hand(q) == state.hand(q):
            other = state.resample(p, seed + 200)
        assert other.hand(q) != state.hand(q)
        chosen = []
        for s in (state, other):
            agent = make_agent("ismcts:iterations=80", game, seed=9)
            chosen.append((agent.choose(s.observation(p), s.legal_moves()), agent.last_root))
        assert chosen[0] == chosen[1]


@pytest.mark.parametrize("name", CLIMBING)
def test_ismcts_plays_whole_deals_to_a_zero_sum_end(name):
    game = cardavia.load(name)
    agents = [make_agent("ismcts:iterations=20", game, seed=1), make_agent("heuristic", game, seed=2),
              make_agent("mc:rollouts=20", game, seed=3)]
    end = play_out(game.new_state(seed=8), agents)
    assert end.is_over and sum(end.returns()) == 0


def test_ismcts_finds_the_move_that_wins_at_once():
    # Zheng Shangyou: the leader can play out his whole hand as a straight
    # (ZSY-1: the first out wins); any other lead gives the others a turn.
    zsy = cardavia.load("zhengshangyou")
    state = zsy.from_hands(["3h 4c 5d 6s 7h", "9c 9d 2s", "Kc Kd Kh Ks Ac Ad As 8c"], leader=0, opening=False)
    legal = state.legal_moves()
    assert len(legal) > 3
    agent = make_agent("ismcts:iterations=200", zsy, seed=5)
    assert str(agent.choose(state.observation(0), legal)) == "34567"
    # Dou Dizhu: the landlord holds a trio with a single and nothing else.
    ddz = cardavia.load("doudizhu")
    state = ddz.from_hands(["3h 3c 3s 5d", "4c 4h 9c Tc", "4d 9d Td Jd"], landlord=0)
    legal = state.legal_moves()
    assert len(legal) > 3
    agent = make_agent("ismcts:iterations=200", ddz, seed=5)
    assert str(agent.choose(state.observation(0), legal)) == "3335"


def test_ismcts_ties_go_to_the_earlier_legal_move():
    # As many iterations as root moves: each is expanded once, all tie.
    game, state = _midgame("zhengshangyou", 3, 4)
    p = state.current_player
    legal = state.legal_moves()
    agent = make_agent(f"ismcts:iterations={len(legal)}", game, seed=2)
    assert agent.choose(state.observation(p), legal) == legal[0]
    assert set(agent.last_root) == set(legal)
    assert all(v == 1 for v, _ in agent.last_root.values())


def test_ismcts_forced_moves_and_bids_are_not_searched():
    game, state = _midgame("zhengshangyou", 2, 0)
    a = make_agent("ismcts:budget_ms=5", game, seed=3)
    p = state.current_player
    move = a.choose(state.observation(p), state.legal_moves())
    assert move in state.legal_moves() and a.last_iterations >= 1
    one = [state.legal_moves()[0]]
    assert a.choose(state.observation(p), one) is one[0] and a.last_iterations == 0
    # Dou Dizhu's bidding is mc's, with the same seed and budget.
    ddz = cardavia.load("doudizhu")
    bidding = ddz.new_state(seed=4)
    assert bidding.phase == "bidding"
    q = bidding.current_player
    obs, legal = bidding.observation(q), bidding.legal_moves()
    ours = make_agent("ismcts:iterations=50", ddz, seed=7)
    theirs = MonteCarloAgent(ddz, seed=7, rollouts=50)
    assert ours.choose(obs, legal) == theirs.bid(obs, legal)
    assert ours.last_iterations == 0 and ours.mc.last_win_share == theirs.last_win_share
    move = ours.choose(obs, legal)
    assert ours.explain(obs, move) == ours.mc.explain(obs, move) and ours.explain(obs, move)[0].startswith("ddz.")
    # its bidding options are mc's (they were not passed on: ismcts bid at mc's defaults whatever it was given)
    picky = make_agent("ismcts:iterations=50,bid_threshold=1", ddz, seed=7)
    assert (picky.mc.bid_threshold, picky.spec) == (1, "ismcts:iterations=50,bid_threshold=1")
    assert str(picky.choose(obs, legal)) == ("bid 1" if picky.mc.last_win_share == 1 else "pass")
    with pytest.raises(ValueError, match="bid_threshold"):
        make_agent("ismcts:bid_threshold=2", ddz)


def test_ismcts_options_and_spec():
    game = cardavia.load("doudizhu")
    agent = make_agent("ismcts:iterations=40,c=1.5", game, seed=1)
    assert isinstance(agent, InformationSetMCTSAgent) and agent.spec == "ismcts:iterations=40,c=1.5"
    assert make_agent("ismcts", game).spec == "ismcts"
    for bad in ("ismcts:iterations=0", "ismcts:c=-1", "ismcts:budget_ms=0", "ismcts:max_candidates=1",
                "ismcts:depth=3"):
        with pytest.raises(ValueError):
            make_agent(bad, game)
    with pytest.raises(ValueError, match="ismcts"):
        make_agent("ismcts", cardavia.load("bridge"))


@pytest.mark.parametrize("name", CLIMBING)
def test_ismcts_explains_a_searched_move_by_its_visits_at_the_root(name):
    from cardavia.ai.explanations import render_explanation
    game, state = _midgame(name, 1, 10)
    assert state.observation(0).get("phase") in ("play", None)   # no longer bidding
    a = make_agent("ismcts:iterations=120", game, seed=5)
    p = state.current_player
    obs = state.observation(p)
    move = a.choose(obs, state.legal_moves())
    ident, params = a.explain(obs, move)
    visits, mean = a.last_root[move]
    assert (ident, params) == ("play.tree", {"iterations": 120, "visits": visits, "score": round(mean, 2)})
    assert visits == max(v for v, _ in a.last_root.values())   # the most visited is the move played
    assert render_explanation(ident, params).startswith("Searched over 120 sampled deals: the move tried most, "
                                                        f"in {visits} of them")
    other = next(m for m in state.legal_moves() if m not in a.last_root) if len(a.last_root) < len(
        state.legal_moves()) else None
    assert other is None or a.explain(obs, other) is None   # pruned: never searched
    later = state.clone()
    later.play(move)
    assert a.explain(later.observation(p), move) is None     # another spot than the search's
