"""The agent protocol, make_agent and the Monte Carlo search (issue 13
parts 1 and 2).  Budgets are tiny: these check behaviour, not strength."""
from __future__ import annotations

import pytest

import cardavia
from cardavia.cards import to_card_ids
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
                "mc:rollouts=1,rollouts=2", "mc:budget_ms=inf", "mc:budget_ms=nan", "ismcts:c=-inf"]:
        with pytest.raises(ValueError):
            parse_spec(bad)


@pytest.mark.parametrize("game", ["doudizhu", "bridge", "holdem", "shengji"])
def test_search_budgets_have_an_upper_bound(game):
    # 10**23 rollouts was accepted and a run never ended; a budget of 1e300 ms likewise
    from cardavia.ai.agent import MAX_BUDGET_MS, MAX_COUNT
    g = cardavia.load(game)
    assert make_agent("mc", g, rollouts=MAX_COUNT).rollouts == MAX_COUNT
    for options in ({"rollouts": MAX_COUNT + 1}, {"rollouts": 10**23}, {"budget_ms": MAX_BUDGET_MS * 2},
                    {"budget_ms": float("inf")}):
        with pytest.raises(ValueError, match="at most|1-1,000,000,000") as e:
            make_agent("mc", g, **options)
        assert len(str(e.value)) < 160   # the value quoted, cut short
    if game == "bridge":
        with pytest.raises(ValueError, match="samples"):
            make_agent("mc", g, samples=MAX_COUNT + 1)
    if game == "doudizhu":
        with pytest.raises(ValueError, match="iterations"):
            make_agent("ismcts", g, iterations=MAX_COUNT + 1)


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
    game, state = _midgame("doudizhu", 6, 8)
    assert state.phase == "play"          # bidding is not searched move by move
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


# -- decisions beyond the play (issue 13 part 3) --------------------------------------
def _bidding_spot(strong: bool):
    """A Dou Dizhu bidding decision with a very strong or a very weak hand."""
    game = cardavia.load("doudizhu")
    if strong:
        hands = ["BJ RJ 2h 2s 2d 2c Ah As Ad Ac Kh Ks Kd Kc Qh Qs Qd",
                 "3h 3s 4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9h 9s Th Ts Jh",
                 "3d 3c 4d 4c 5d 5c 6d 6c 7d 7c 8d 8c 9d 9c Td Tc Jd"]
    else:
        hands = ["3h 3s 4h 4s 5d 6h 7s 8h 9s Td Jh Qs 3d 4d 5c 6c 8c",
                 "BJ RJ 2h 2s 2d 2c Ah As Ad Ac Kh Ks Kd Kc Qh Qd Qc",
                 "5h 5s 6s 6d 7h 7d 7c 8s 8d 9h 9d 9c Th Ts Tc Jd Jc"]
    bottom = "Js Jc Qc" if strong else "Js 3c 4c"
    return game.from_hands(hands, bottom=bottom, first_bidder=0)


def test_mc_bids_by_its_chance_as_landlord():
    for strong, expected in ((True, "bid 3"), (False, "pass")):
        state = _bidding_spot(strong)
        mc = make_agent("mc:rollouts=200,bid_threshold=0.5", state.game, seed=1)
        move = mc.choose(state.observation(0), state.legal_moves())
        assert str(move) == expected
        assert (mc.last_win_share > 0.8) if strong else (mc.last_win_share < 0.3)
        assert mc.last_rollouts == 200


def test_mc_bid_levels_follow_the_threshold_and_step():
    state = _bidding_spot(True)
    obs, legal = state.observation(0), state.legal_moves()
    # Above the threshold by less than a step: the lowest bid; unreachable: pass.
    assert str(make_agent("mc:rollouts=100,bid_threshold=0.5,bid_step=1", state.game, seed=1)
               .choose(obs, legal)) == "bid 1"
    high = make_agent("mc:rollouts=100,bid_threshold=1", state.game, seed=1)
    assert str(high.choose(obs, legal)) == ("bid 1" if high.last_win_share == 1 else "pass")
    with pytest.raises(ValueError, match="bid_threshold"):
        make_agent("mc:bid_threshold=2", state.game)
    # A level not above the highest bid so far is a pass.
    state2 = state.clone()
    state2.play("bid 1")
    state2.play("bid 2")
    weak = make_agent("mc:rollouts=100,bid_threshold=0.5,bid_step=1", state2.game, seed=1)
    assert str(weak.choose(state2.observation(2), state2.legal_moves())) == "pass"


def test_mc_explains_a_bid_by_its_chance_as_landlord():
    from cardavia.ai.explanations import render_explanation
    state = _bidding_spot(True)
    obs, legal = state.observation(0), state.legal_moves()
    mc = make_agent("mc:rollouts=100,bid_threshold=0.5,bid_step=1", state.game, seed=1)
    assert mc.explain(obs, legal[0]) is None   # no bid made yet: no reason to give
    move = mc.choose(obs, legal)
    ident, params = mc.explain(obs, move)
    assert (str(move), ident) == ("bid 1", "ddz.bid")
    assert params == {"chance": round(100 * mc.last_win_share), "worlds": 100, "level": 1, "threshold": 50}
    assert render_explanation(ident, params) == (
        f"Wins {params['chance']}% of 100 sampled deals as landlord: worth a bid of 1")
    # worth a bid of 1, but 2 is the bid to beat
    topped = state.clone()
    topped.play("bid 1")
    topped.play("bid 2")
    obs2 = topped.observation(2)
    move = mc.choose(obs2, topped.legal_moves())
    assert str(move) == "pass" and mc.explain(obs2, move)[0] == "ddz.pass_outbid"
    assert mc.explain(obs, move) is None   # another spot than the last bid's
    weak = _bidding_spot(False)
    picky = make_agent("mc:rollouts=100,bid_threshold=0.9", weak.game, seed=1)
    move = picky.choose(weak.observation(0), weak.legal_moves())
    ident, params = picky.explain(weak.observation(0), move)
    assert (str(move), ident, params["threshold"]) == ("pass", "ddz.pass_weak", 90)
    assert render_explanation(ident, params).startswith(f"Wins only {params['chance']}% of 100 sampled deals")


@pytest.mark.parametrize("name", ["guandan", "zhengshangyou", "updown"])
def test_mc_explains_a_searched_move_by_its_playouts(name):
    from cardavia.ai.explanations import render_explanation
    game = cardavia.load(name, match=False) if name == "guandan" else cardavia.load(name)
    state = game.new_state(seed=3)
    while len(state.legal_moves()) < 2:
        state.play(state.legal_moves()[0])
    p = state.current_player
    obs = state.observation(p)
    mc = make_agent("mc:rollouts=300", game, seed=2)
    move = mc.choose(obs, state.legal_moves())
    ident, params = mc.explain(obs, move)
    assert ident == "play.playouts" and params["score"] == round(mc.last_values[str(move)], 2)
    assert params["score"] == round(max(mc.last_values.values()), 2)   # the best mean is the move played
    assert params["moves"] == len(mc.last_values) and params["worlds"] == 300 // params["moves"]
    assert render_explanation(ident, params).startswith(f"Best of {params['moves']} moves, each played out in ")
    after = state.clone()
    after.play(move)
    assert mc.explain(after.observation(p), move) is None   # another spot than the search's
    forced = [state.legal_moves()[0]]
    mc.choose(obs, forced)
    assert mc.explain(obs, forced[0]) is None               # a forced move is no decision


def test_mc_bidding_win_share_is_the_same_without_the_compiled_driver():
    state = _bidding_spot(False)
    fast = make_agent("mc:rollouts=80", state.game, seed=3)
    slow = make_agent("mc:rollouts=80", state.game, seed=3)
    slow.searcher.batch = None
    obs = state.observation(0)
    assert fast.landlord_chance(obs) == slow.landlord_chance(obs)


def test_mc_fixed_landlord_deals_play_to_the_end():
    game = cardavia.load("doudizhu", bidding=False)
    agents = [make_agent("mc:rollouts=40", game, seed=p) for p in range(3)]
    state = play_out(game.new_state(seed=4), agents)
    assert sum(state.returns()) == 0 and state.landlord == 0


def test_zhengshangyou_opening_lead_is_searched_over_the_plays_with_the_3_of_hearts():
    game = cardavia.load("zhengshangyou")
    state = game.new_state(seed=11)
    p = state.current_player
    legal = state.legal_moves()
    assert len(legal) > 1 and all("3" in str(m) for m in legal)      # ZSY-2.3
    mc = make_agent("mc:rollouts=300", game, seed=1)
    cands, means, worlds = mc.evaluate(state.observation(p), legal)
    assert len(cands) == len(legal) and worlds >= 1
    move = mc.choose(state.observation(p), legal)
    three_of_hearts = to_card_ids("3h")[0]
    assert three_of_hearts in state.hand(p)
    state.play(move)                                  # the opening takes the 3 of hearts (ZSY-2.3)
    assert three_of_hearts not in state.hand(p)


def test_guandan_search_plays_only_the_current_deal_of_a_match():
    single = cardavia.load("guandan", match=False)
    match = cardavia.load("guandan", match=True)
    for seed in range(4):
        a = single.new_state(seed=seed)
        assert single.rollout(a, seed) == single.rollout(a, seed, horizon="deal")
        m = match.new_state(seed=seed)
        r = match.rollout(m, seed, horizon="deal")
        assert sum(r) == 0 and 1 <= abs(r[0]) <= 3 and r[0] == r[2]
        assert abs(match.rollout(m, seed)[0]) == 1          # the whole match: +-1
    with pytest.raises(ValueError, match="horizon"):
        single.rollout(a, 1, horizon="match")
    from cardavia.ai.mc import default_rollouts
    assert make_agent("mc", match).rollouts == default_rollouts(match) < default_rollouts(single.name.replace(
        "guandan", "doudizhu"))


def test_register_agent_seats_a_new_agent_by_name():
    from cardavia.ai import register_agent
    register_agent("firstmove", lambda game, seed=None, k=0: _First(seed, k), {"k": int})
    game = cardavia.load("doudizhu")
    agent = make_agent("firstmove:k=1", game, seed=3)
    assert isinstance(agent, _First) and agent.k == 1
    state = play_out(game.new_state(seed=1), [agent] * 3)
    assert state.is_over
    for bad in ("mc", "no name", ""):
        with pytest.raises(ValueError):
            register_agent(bad, lambda game, seed=None: agent)


class _First(Agent):
    name = "firstmove"

    def __init__(self, seed, k):
        super().__init__(seed)
        self.k = k

    def choose(self, observation, legal_moves):
        return legal_moves[min(self.k, len(legal_moves) - 1)]
