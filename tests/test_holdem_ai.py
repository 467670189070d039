"""Hold'em's range search (``mc``) and its rule baselines (issue 15 parts 1
and 2).  Budgets are tiny: these check behaviour, not strength."""
from __future__ import annotations

import numpy as np
import pytest

import cardavia
from cardavia.ai import holdem_model as hm
from cardavia.ai import make_agent, play_out
from cardavia.ai.holdem_agents import BASELINES, RangeAgent, candidates
from cardavia.betting import BetMove, observation_data
from cardavia.cards import to_card_ids

GAME = cardavia.load("holdem", match=False)


def _state(hands, board="", history=()):
    state = GAME.from_hands(hands, board=board, seed=3)
    for text in history:
        state.play(text)
    return state


def _mean_strength(weights: np.ndarray) -> float:
    return float((weights * hm.preflop_strength()).sum() / weights.sum())


def test_combo_numbering_and_hand_classes():
    assert len(hm.COMBOS) == 1326
    for k in (0, 1, 500, 1325):
        a, b = hm.COMBOS[k]
        assert hm.combo_index(int(a), int(b)) == hm.combo_index(int(b), int(a)) == k
    aces, ak_suited, ak_off = to_card_ids("AhAs"), to_card_ids("AhKh"), to_card_ids("AhKs")
    assert len({hm.hand_class(*aces), hm.hand_class(*ak_suited), hm.hand_class(*ak_off)}) == 3


def test_preflop_strength_orders_hands_as_poker_does():
    s = hm.preflop_strength()
    def of(text):
        return s[hm.combo_index(*to_card_ids(text))]
    assert of("AhAs") > of("KhKs") > of("AhKh") > of("AhKs") > of("9h8h") > of("7h2s")
    assert of("7h2s") < 0.05 and of("AhAs") > 0.99
    assert of("AcKc") == of("AdKd")      # one class, one strength


def test_board_strength_ranks_made_hands_and_ignores_dead_combos():
    board = to_card_ids("AhKd7c")
    live = hm.live_mask(board)
    s = hm.board_strength(board, live)
    sets = s[hm.combo_index(*to_card_ids("AsAc"))]
    top_pair = s[hm.combo_index(*to_card_ids("AdQc"))]
    nothing = s[hm.combo_index(*to_card_ids("3h2s"))]
    assert sets > top_pair > nothing
    assert s[hm.combo_index(*to_card_ids("AhQc"))] == 0      # holds a board card


def test_raises_narrow_a_range_to_stronger_hands_and_calls_less_so():
    # Seat 3 acts first preflop (button 0, blinds 1 and 2).
    raised = _state(["AhKh", "", "", ""], history=["raise 100"])
    called = _state(["AhKh", "", "", ""], history=["call"])
    base = hm.ranges(_state(["AhKh", "", "", ""]).observation(0).data)[3]
    after_raise = hm.ranges(raised.observation(0).data)[3]
    after_call = hm.ranges(called.observation(0).data)[3]
    assert _mean_strength(after_raise) > _mean_strength(after_call) > _mean_strength(base) - 1e-9
    for w in (base, after_raise, after_call):
        assert abs(w.sum() - 1) < 1e-9
        # The observer's own cards are in nobody's range.
        for card in to_card_ids("AhKh"):
            assert w[(hm.COMBOS[:, 0] == card) | (hm.COMBOS[:, 1] == card)].sum() == 0
    # No line of play rules a hand out entirely (PRIOR_SHARE).
    live = hm.live_mask(to_card_ids("AhKh"))
    assert after_raise[live].min() >= hm.PRIOR_SHARE / live.sum() - 1e-12


def test_action_model_is_monotonic_in_strength():
    s = np.linspace(0, 1, 101)
    bet = hm.action_likelihood("bet", s, 0, 100, 100, preflop=False)
    check = hm.action_likelihood("check", s, 0, 100, 0, preflop=False)
    call = hm.action_likelihood("call", s, 50, 100, 0, preflop=False)
    assert np.all(np.diff(bet) >= 0) and np.all(np.diff(check) <= 0)
    assert call[0] < call[60] and np.all((bet > 0) & (bet < 1))
    # A bigger raise reads as a stronger hand.
    small = hm.action_likelihood("raise", s, 50, 100, 40, preflop=False)
    big = hm.action_likelihood("raise", s, 50, 100, 300, preflop=False)
    assert (big * s).sum() / big.sum() > (small * s).sum() / small.sum()


def test_sampled_holes_follow_the_ranges_and_never_share_a_card():
    state = _state(["AhKh", "", "", ""], history=["raise 100", "call"])
    weights = hm.ranges(state.observation(0).data)
    rng = np.random.default_rng(1)
    for _ in range(300):
        holes = hm.sample_holes(weights, rng)
        cards = [c for pair in holes.values() for c in pair] + to_card_ids("AhKh")
        assert len(cards) == len(set(cards))
        for q, pair in holes.items():
            assert weights[q][hm.combo_index(*pair)] > 0


def test_equity_against_ranges_uses_the_compiled_engine():
    weights = {1: hm.live_mask(to_card_ids("AhAs")).astype(float)}
    eq = hm.equity_against(to_card_ids("AhAs"), [], weights, seed=1, trials=4000)
    from cardavia import poker
    exact = poker.equity(["AhAs", "random"], trials=200000).equity[0]
    assert abs(eq - exact) < 0.03


def test_mc_for_holdem_is_the_range_search_with_its_own_options():
    mc = make_agent("mc:rollouts=96", GAME, seed=1)
    assert isinstance(mc, RangeAgent) and mc.spec == "mc:rollouts=96"
    assert make_agent("mc", GAME, temperature=0).temperature == 0
    for bad in ({"rollouts": 0}, {"temperature": -1}, {"budget_ms": 0}):
        with pytest.raises(ValueError):
            make_agent("mc", GAME, **bad)
    with pytest.raises(ValueError, match="no option"):
        make_agent("mc:bid_step=0.2", GAME)
    with pytest.raises(ValueError, match="Hold'em"):
        make_agent("mc:temperature=1", "doudizhu")


def test_mc_is_reproducible_and_plays_legal_moves_to_the_end():
    state = GAME.new_state(seed=11)
    obs, legal = state.observation(state.current_player), state.legal_moves()
    a, b = make_agent("mc:rollouts=60", GAME, seed=5), make_agent("mc:rollouts=60", GAME, seed=5)
    assert a.evaluate(obs, legal) == b.evaluate(obs, legal)
    assert a.choose(obs, legal) in legal
    agents = [make_agent("mc:rollouts=40", GAME, seed=1)]
    agents += [make_agent(n, GAME, seed=2) for n in ("tag", "nit", "maniac")]
    end = play_out(GAME.new_state(seed=4), agents)
    assert end.is_over and sum(end.returns()) == 0


def test_mc_folds_trash_to_an_all_in_and_calls_with_the_nuts():
    # Seat 3 shoves preflop; seat 0 (button) holds 72o or AA.
    for hand, expect in (("7h2s", "fold"), ("AhAs", "call")):
        state = _state([hand, "", "", ""], history=["raise 1000"])
        agent = make_agent("mc:rollouts=400", GAME, seed=3, temperature=0)
        assert agent.choose(state.observation(0), state.legal_moves()).kind == expect


def test_mc_prices_no_overbet_shove_for_the_blinds_but_shoves_over_big_pots():
    # Folded to the button with 1000 behind: the all in (980 over the call,
    # 20 times the pot) is no candidate; the minimum, half-pot and pot raises are.
    state = _state(["7h2s", "", "", ""], history=["fold"])
    data, legal = observation_data(state.observation(0), "holdem"), state.legal_moves()
    assert any(m.amount == 1000 for m in legal)
    cands = candidates(data, list(legal))
    assert max(m.amount for m in cands) < 1000 and len(cands) == len(legal) - 1
    mc = make_agent("mc:rollouts=96", GAME, seed=2)
    assert set(mc.evaluate(state.observation(0), legal)[0]) == set(cands)
    # Seat 3 opened to 60 and faces 300, then 600: shoving adds less than 1.5 pots.
    deep = _state(["", "", "", "AhAs"], history=["raise 60", "raise 300", "fold", "raise 600"])
    cands = candidates(observation_data(deep.observation(3), "holdem"), list(deep.legal_moves()))
    assert any(m.amount == 1000 for m in cands)
    # The smallest raise stays even when it is an overbet.
    short = {"to_call": 0, "bets": [0], "player": 0, "pot": 10}
    tiny = [BetMove("check"), BetMove("bet", 200), BetMove("bet", 400)]
    assert candidates(short, tiny) == tiny[:2]


def test_mc_weighs_pot_odds_against_the_range_a_line_shows():
    # Seat 2 raised preflop and bet every street; on the river (board
    # Ts7h2c4dKh, 540 in the pot) second pair calls a small bet but folds to
    # a shove, while top pair calls the shove.
    line = ["fold", "call", "fold", "raise 60", "call", "bet 60", "call", "bet 150", "call"]
    for hand, bet, expect in (("Td9c", "bet 20", "call"), ("Td9c", "bet 730", "fold"), ("KdQc", "bet 730", "call")):
        state = _state([hand, "", "", ""], board="Ts7h2c4dKh", history=[*line, bet])
        agent = make_agent("mc:rollouts=1200", GAME, seed=1, temperature=0)
        assert agent.choose(state.observation(0), state.legal_moves()).kind == expect, (hand, bet)


def test_multiway_pots_cut_equity_against_the_ranges():
    hand, board = to_card_ids("Td9c"), to_card_ids("Ts7h2c")
    heads_up = _state(["Td9c", "", "", ""], board="Ts7h2c4dKh", history=["fold", "call", "fold", "check", "bet 40"])
    multiway = _state(["Td9c", "", "", ""], board="Ts7h2c4dKh",
                      history=["call", "call", "call", "check", "bet 40", "call", "call"])
    eq = [hm.equity_against(hand, board, hm.ranges(observation_data(s.observation(0), "holdem")), seed=4)
          for s in (heads_up, multiway)]
    assert len(hm.ranges(observation_data(multiway.observation(0), "holdem"))) == 3
    assert eq[0] > eq[1] + 0.15, eq


def test_mc_mixes_moves_by_their_values():
    state = _state(["QhJh", "", "", ""], history=["fold"])
    obs, legal = state.observation(0), state.legal_moves()
    fold, call = legal[0], legal[1]

    def fixed(self, observation, legal_moves):
        return [fold, call], [0.0, 4.0]

    agent = make_agent("mc:rollouts=12", GAME, seed=8)          # temperature 4 chips
    agent.evaluate = fixed.__get__(agent)
    share = sum(agent.choose(obs, legal) == fold for _ in range(4000)) / 4000
    assert abs(share - 1 / (1 + np.e)) < 0.03, share              # exp(-4/4) against exp(0)
    greedy = make_agent("mc:rollouts=12", GAME, seed=8, temperature=0)
    greedy.evaluate = fixed.__get__(greedy)
    assert {greedy.choose(obs, legal) for _ in range(50)} == {call}


@pytest.mark.parametrize("name", ["station", "maniac", "nit", "tag"])
def test_baselines_cannot_tell_apart_states_with_the_same_observation(name):
    state = _state(["QhJh", "", "", ""], history=["raise 60"])
    other = state.resample(0, 7)
    assert other.observation(0).data == state.observation(0).data and other.hand(3) != state.hand(3)
    moves = [make_agent(name, GAME, seed=9).act(s) for s in (state, other)]
    assert moves[0] == moves[1]


def test_baselines_play_their_styles():
    facing = _state(["7h2s", "", "", ""], history=["raise 60"])
    obs, legal = facing.observation(0), facing.legal_moves()
    assert make_agent("station", GAME).choose(obs, legal).kind == "call"
    assert make_agent("maniac", GAME).choose(obs, legal).kind == "raise"
    assert make_agent("nit", GAME).choose(obs, legal).kind == "fold"
    assert make_agent("tag", GAME).choose(obs, legal).kind == "fold"
    aces = _state(["AhAs", "", "", ""], history=["raise 60"])
    for name in ("nit", "tag"):
        assert make_agent(name, GAME).choose(aces.observation(0), aces.legal_moves()).kind == "raise"
    # The station never folds or raises over a whole hand.
    agents = [make_agent("station", GAME)] + [make_agent("maniac", GAME) for _ in range(3)]
    state = GAME.new_state(seed=2)
    while not state.is_over:
        p = state.current_player
        move = agents[p].act(state)
        if p == 0:
            assert move.kind in ("check", "call")
        state.play(move)


def test_baselines_are_holdem_only():
    assert set(BASELINES) == {"station", "maniac", "nit", "tag"}
    with pytest.raises(ValueError, match="Hold'em"):
        make_agent("nit", "doudizhu")


@pytest.mark.parametrize("hand", ["AsKd", "KsKd"])
def test_the_normal_level_does_not_fold_a_premium_hand_to_a_raise(hand):
    # With four playouts a world, 240 rollouts drew about ten worlds: a call's value spread
    # hundreds of chips while folding is exactly 0, and AK folded in the big blind to a raise
    # 10 times in 30 (KK once). One playout a world draws four times the worlds (PLAYOUTS).
    game = cardavia.load("holdem", match=False)
    state = game.from_hands([None, None, hand, None], stacks=[1000] * 4, button=0, seed=5)
    for move in ["raise 70", "fold", "fold"]:
        state.play(move)
    obs, legal = state.observation(2), state.legal_moves()
    folds = [seed for seed in range(30)
             if str(make_agent("mc", game, seed=seed, rollouts=240).choose(obs, legal)) == "fold"]
    assert folds == []
