"""The mc agent's Shengji decisions and the Shengji arena figures (issue 14
parts 1 and 5).  Budgets are tiny: these check behaviour, not strength."""
from __future__ import annotations

import random

import pytest

import cardavia
from cardavia.ai import make_agent, play_out
from cardavia.ai import shengji_mc
from cardavia.cards import parse_cards
from cardavia.shengji import DECLARE, world_sampler
from cardavia._core.shengji import order_table

G = cardavia.load("shengji", match=False)


def _advance(state, phase: str, seed: int, until=None):
    """Play the heuristic until ``phase`` with a real choice (and ``until``)."""
    agents = [make_agent("heuristic", G, seed=seed * 4 + p) for p in range(4)]
    while not state.is_over:
        p = state.current_player
        obs = state.observation(p)
        if obs.data["phase"] == phase and len(state.legal_moves()) > 1 and (until is None or until(state)):
            return state
        state.play(agents[p].act(state))
    return None


def _declaring_state():
    for seed in range(50):
        s = _advance(G.new_state(seed=seed), "declare", seed,
                     lambda st: any(m.kind == DECLARE for m in st.legal_moves()))
        if s is not None:
            return s
    raise AssertionError("no deal with a declaration to make")


def _burying_state(seed: int = 1):
    s = _advance(G.new_state(seed=seed), "bury", seed)
    assert s is not None
    return s


def _long_follow_state():
    # Seat 0 leads a three-pair tractor of hearts; seat 1, void in hearts,
    # may fill it with any 6 of his 10 cards (points, a pair, trumps).
    hands = ["3h 3h 4h 4h 5h 5h 6h 6h 7h 7h", "3c 5c Kc 8c 8c 9c 3d 4d 2s 7s",
             "8h 8h 9h 9h Th Th Jh Jh Qh Qh", "Kh Kh Ah Ah 8d 8d 9d 9d Td Td"]
    s = G.from_hands(hands, level=2, trump="S", dealer=0)
    s.play("5h 5h 4h 4h 3h 3h")
    return s


def test_declaring_is_searched_over_pass_and_every_declaration():
    state = _declaring_state()
    p = state.current_player
    legal = state.legal_moves()
    agent = make_agent("mc:rollouts=40", G, seed=3)
    move = agent.choose(state.observation(p), legal)
    assert move in legal
    assert set(agent.last_values) == {str(m) for m in legal}
    assert agent.last_rollouts >= len(legal)
    assert agent.explain(state.observation(p), move) == (
        "play.playouts", {"moves": len(legal), "worlds": agent.last_worlds,
                          "score": round(agent.last_values[str(move)], 2)})


def test_declaration_prior_grows_with_trump_length_and_the_kitty():
    short = parse_cards("2h 3h 4c 5c 6d")
    long = parse_cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh BJ")
    assert shengji_mc.prior_of_declaration(long, 2, 2, False) > shengji_mc.prior_of_declaration(short, 2, 2, False)
    assert shengji_mc.prior_of_declaration(long, 2, 2, True) > shengji_mc.prior_of_declaration(long, 2, 2, False)
    # the level card and a joker count as high trumps
    assert shengji_mc.prior_of_declaration(parse_cards("2h RJ"), 2, 2, False) > \
        shengji_mc.prior_of_declaration(parse_cards("3h 4h"), 2, 2, False)


def _policy_burial(deal, need):
    copy = deal.copy()
    policy = []
    for _ in range(need):
        kind, cards = copy.policy_move(0)
        policy.append(cards[0])
        copy.apply(kind, cards)
    return policy


@pytest.mark.parametrize("need", [8, 3])
def test_bury_candidates_are_whole_burials_from_the_hand_with_the_policys_first(need):
    state = _burying_state()
    for _ in range(8 - need):                       # some cards already buried
        state.play(G.policy_move(state.observation(state.current_player), None, 0))
    d = state.deal
    hand = list(d.hand(d.turn))
    policy = _policy_burial(d, need)
    burials = shengji_mc.bury_candidates(hand, d.level, d.trump, need, policy)
    assert 2 <= len(burials) == len(set(burials))
    assert burials[0] == tuple(sorted(policy))
    for b in burials:
        assert len(b) == need
        left = list(hand)
        for c in b:
            left.remove(c)           # raises when the card is not (or no longer) held
    # one candidate voids a plain suit whenever one is short enough
    table = order_table(d.level, d.trump)
    lengths: dict[int, int] = {}
    for c in hand:
        if table[c][0] != 4:
            lengths[table[c][0]] = lengths.get(table[c][0], 0) + 1
    for suit, n in lengths.items():
        if n <= need:
            assert any(sum(table[c][0] == suit for c in b) == n for b in burials)


def _point_voids(hand, burial, table):
    """The plain suits ``burial`` voids that hold point cards: suit -> (its
    point cards, its other cards), sorted."""
    out = {}
    for suit in range(4):
        cards = sorted(c for c in hand if table[c][0] == suit)
        if cards and sorted(c for c in burial if table[c][0] == suit) == cards:
            pts = [c for c in cards if shengji_mc.card_points(c)]
            if pts:
                out[suit] = (pts, [c for c in cards if not shengji_mc.card_points(c)])
    return out


def test_voids_are_also_offered_with_their_point_cards_held_back():
    for seed in range(6):
        d = _burying_state(seed).deal
        hand = list(d.hand(d.turn))
        table = order_table(d.level, d.trump)
        burials = shengji_mc.bury_candidates(hand, d.level, d.trump, 8, _policy_burial(d, 8))
        assert all(table[c][0] != 4 for b in burials for c in b)     # trumps kept
        for b in burials:
            for suit, (_, rest) in _point_voids(hand, b, table).items():
                # the suit's other cards buried, its points kept
                assert any(sorted(c for c in o if table[c][0] == suit) == rest for o in burials), (seed, suit)


def test_points_go_into_a_void_only_when_holding_them_back_was_searched_and_found_worse():
    # Review of issue 14: mc buried point cards to make voids in 30 of 40
    # deals (9.6 points a kitty, SJ-4.1), choosing between whole voids and
    # burials without any void only.  Now each void with points is weighed
    # against the same void with its points held back.
    weighed = 0
    for seed in range(12):
        state = _burying_state(seed)
        p = state.current_player
        d = state.deal
        hand = list(d.hand(p))
        table = order_table(d.level, d.trump)
        agent = make_agent("mc:rollouts=400", G, seed=seed)
        agent.choose(state.observation(p), state.legal_moves())
        values = {tuple(sorted(parse_cards(k))): v for k, v in agent.last_values.items()}
        chosen = max(values, key=values.get)
        for suit, (_, rest) in _point_voids(hand, chosen, table).items():
            held = [v for b, v in values.items() if sorted(c for c in b if table[c][0] == suit) == rest]
            assert held and max(held) <= values[chosen], (seed, suit)
            weighed += 1
    assert weighed >= 3


def test_a_charge_on_buried_points_keeps_them_out_of_the_kitty(monkeypatch):
    monkeypatch.setattr(shengji_mc, "KITTY_RISK", 1.0)      # more than any void is worth
    for seed in range(4):
        state = _burying_state(seed)
        p = state.current_player
        d = state.deal
        burials = shengji_mc.bury_candidates(list(d.hand(p)), d.level, d.trump, 8, _policy_burial(d, 8))
        agent = make_agent("mc:rollouts=100", G, seed=1)
        while state.deal.phase == 1:
            state.play(agent.choose(state.observation(p), state.legal_moves()))
        fewest = min(sum(map(shengji_mc.card_points, b)) for b in burials)
        assert sum(map(shengji_mc.card_points, state.deal.buried)) == fewest


def test_the_bury_search_takes_one_draw_of_the_agents_generator():
    # so the rest of the deal does not depend on how many worlds the bury searched
    state = _burying_state(3)
    p = state.current_player
    after = []
    for rollouts in (50, 400):
        agent = make_agent(f"mc:rollouts={rollouts}", G, seed=7)
        shengji_mc.bury_values(agent, state.observation(p))
        after.append(agent.rng.getrandbits(64))
    fresh = make_agent("mc", G, seed=7).rng
    fresh.getrandbits(64)
    assert after == [fresh.getrandbits(64)] * 2


def test_burying_after_some_cards_are_down_searches_the_rest():
    state = _burying_state(2)
    p = state.current_player
    for _ in range(5):
        state.play(G.policy_move(state.observation(p), None, 0))
    agent = make_agent("mc:rollouts=30", G, seed=1)
    while state.deal.phase == 1:
        state.play(agent.choose(state.observation(p), state.legal_moves()))
    assert state.deal.phase == 2 and len(state.deal.buried) == 8
    assert all(len(parse_cards(b)) == 3 for b in agent.last_values)


def test_burying_is_one_searched_decision_then_follows_its_plan():
    state = _burying_state()
    p = state.current_player
    agent = make_agent("mc:rollouts=60", G, seed=5)
    move = agent.choose(state.observation(p), state.legal_moves())
    assert agent.last_rollouts > 0
    chosen = max(agent.last_values, key=agent.last_values.get)
    buried = [move]
    state.play(move)
    while state.deal.phase == 1:
        assert state.current_player == p
        m = agent.choose(state.observation(p), state.legal_moves())
        assert agent.last_rollouts == 0 and m in state.legal_moves()
        buried.append(m)
        state.play(m)
    assert sorted(parse_cards(" ".join(str(m)[5:] for m in buried))) == sorted(parse_cards(chosen))
    assert sorted(state.deal.buried) == sorted(parse_cards(chosen))


def test_long_follows_are_pruned_to_the_policy_and_one_play_of_each_kind():
    state = _long_follow_state()
    legal = state.legal_moves()
    assert len(legal) > 100
    agent = make_agent("mc:rollouts=30,max_candidates=8", G, seed=2)
    obs = state.observation(1)
    cands = shengji_mc.play_candidates(agent, obs, legal)
    assert 2 <= len(cands) <= 8 and len(set(cands)) == len(cands)
    assert all(m in legal for m in cands)
    assert G.policy_move(obs, legal, 0) in cands
    points = {sum(map(shengji_mc.card_points, m.cards)) for m in cands}
    assert len(points) > 1           # plays that give different points are both searched
    move = agent.choose(obs, legal)
    assert move in legal and agent.last_rollouts > 0


def _voids_shown(state, level, trump):
    """(seat, effective suit) pairs a follower showed void in, from the history."""
    eff = [e for e, _ in order_table(level, trump)]
    plays = [(p, m.cards) for p, m in state.history if p >= 0 and m.kind == "play"]
    voids = set()
    for t in range(0, len(plays) - len(plays) % 4 + 4, 4):
        trick = plays[t:t + 4]
        if not trick:
            break
        lead = trick[0][1]
        suit = eff[lead[0]]
        for q, cards in trick[1:]:
            if sum(eff[c] == suit for c in cards) < len(lead):
                voids.add((q, suit))
    return voids


def test_sampled_worlds_never_give_a_card_of_a_suit_a_player_showed_void_in():
    trump_voids = plain_voids = 0
    for seed in range(6):
        state = G.new_state(seed=seed)
        agents = [make_agent("random" if p == 3 else "heuristic", G, seed=seed * 4 + p) for p in range(4)]
        checks = 0
        while not state.is_over:
            d = state.deal
            if d.phase == 2 and checks < 4 and random.Random(len(state.history)).random() < 0.15:
                p = state.current_player
                voids = _voids_shown(state, d.level, d.trump)
                eff = [e for e, _ in order_table(d.level, d.trump)]
                sampler = world_sampler(state.observation(p))
                for w in range(20):
                    world = sampler.sample(seed * 1000 + w)
                    for q, suit in voids:
                        if q != p:
                            assert not any(eff[c] == suit for c in world.hand(q)), (seed, q, suit)
                trump_voids += sum(s == 4 for q, s in voids if q != p)
                plain_voids += sum(s != 4 for q, s in voids if q != p)
                checks += 1
            state.play(agents[state.current_player].act(state))
    assert trump_voids > 0 and plain_voids > 0


@pytest.mark.parametrize("phase", ["declare", "bury", "play"])
def test_mc_cannot_tell_apart_states_with_the_same_observation(phase):
    for seed in (1, 2):
        if phase == "declare":
            state = _declaring_state() if seed == 1 else _advance(G.new_state(seed=7), "declare", 7)
        elif phase == "bury":
            state = _burying_state(seed)
        else:
            state = _advance(G.new_state(seed=seed), "play", seed, lambda s: len(s.history) > 30)
        assert state is not None
        p = state.current_player
        other = state.resample(p, seed + 100)
        assert other.observation(p).data == state.observation(p).data
        q = (p + 1) % 4
        assert other.hand(q) != state.hand(q)
        moves = []
        for s in (state, other):
            agent = make_agent("mc:rollouts=40", G, seed=9)
            moves.append(agent.choose(s.observation(p), s.legal_moves()))
        assert moves[0] == moves[1]


def test_a_whole_match_with_mc_searching_in_every_deal_completes():
    game = cardavia.load("shengji")
    state = game.new_state(seed=4)
    agents = [make_agent("mc:rollouts=2", game, seed=p) if p % 2 == 0 else make_agent("heuristic", game, seed=p)
              for p in range(4)]
    searched_deals = set()
    while not state.is_over:
        p = state.current_player
        legal = state.legal_moves()
        move = agents[p].choose(state.observation(p), legal)
        if p % 2 == 0 and len(legal) > 1:
            assert agents[p].last_rollouts > 0 or state.deal.phase == 1    # a bury's plan
            searched_deals.add(state.observation(p).data["deal"])
        state.play(move)
    assert state.winner in (0, 1) and sorted(state.returns()) == [-1, -1, 1, 1]
    assert searched_deals == set(range(1, len(state.results) + 1))


def test_arena_figures_count_levels_and_points_per_deal_for_each_side():
    def row(seats, dealer, team, levels, att, dfn):
        return {"seats": seats, "summary": {"deals": [
            {"dealer": dealer, "team": team, "levels": levels, "attacker_points": att, "defender_points": dfn}]}}
    ab, ba = ["A", "B", "A", "B"], ["B", "A", "B", "A"]
    rows = {0: [row(ab, 0, 0, 2, 30, 170),     # A deals and holds: up 2
                row(ba, 0, 1, 1, 120, 80)],    # B deals, A takes over: up 1
            1: [row(ab, 1, 1, 3, 0, 200),      # B deals and holds: up 3
                row(ba, 1, 1, 1, 60, 140)]}    # A deals and holds: up 1
    from cardavia.sim.arena import _game_figures
    out = _game_figures(G.arena_series(rows, ["A", "B"]), ["A", "B"])
    assert out["A"]["levels_per_deal"] == pytest.approx((1.5 + 0.5) / 2)
    assert out["B"]["levels_per_deal"] == pytest.approx((0.0 + 1.5) / 2)
    assert out["A"]["points_per_deal"] == pytest.approx(((170 + 120) / 2 + (0 + 140) / 2) / 2)
    assert out["B"]["points_per_deal"] == pytest.approx(((30 + 80) / 2 + (200 + 60) / 2) / 2)
    diff = out["difference"]
    assert diff["agents"] == ["A", "B"] and diff["levels_per_deal"] == pytest.approx(0.25)
    low, high = diff["levels_per_deal_ci"]
    assert low < 0.25 < high


def test_arena_reports_levels_per_deal_with_intervals():
    from cardavia.sim import arena
    out = arena.run("shengji", ["mc:rollouts=6", "heuristic"], 2, seed=3, workers=1, options={"match": False})
    sj = out["shengji"]
    diff = sj["difference"]
    low, high = diff["levels_per_deal_ci"]
    assert low <= diff["levels_per_deal"] <= high
    # single deals: a side's levels are its return, so A - B is half the
    # generic score difference (which counts both signs)
    assert diff["levels_per_deal"] == pytest.approx(out["difference"]["mean_score"] / 2)
    for spec in ("mc:rollouts=6", "heuristic"):
        assert sj[spec]["levels_per_deal"] >= 0 and len(sj[spec]["points_per_deal_ci"]) == 2


def test_play_out_with_mc_ends_zero_sum():
    state = play_out(G.new_state(seed=8), [make_agent("mc:rollouts=8", G, seed=p) for p in range(4)])
    assert state.is_over and sum(state.returns()) == 0


@pytest.mark.parametrize("phase", ["declare", "bury", "play"])
def test_evaluate_gives_legal_candidates_and_values_for_hints(phase):
    state = {"declare": _declaring_state, "bury": _burying_state, "play": _long_follow_state}[phase]()
    p = state.current_player
    legal = state.legal_moves()
    agent = make_agent("mc:rollouts=20", G, seed=1)
    cands, values, worlds = agent.evaluate(state.observation(p), legal)
    assert cands and len(cands) == len(values) and worlds >= 1
    assert all(m in legal for m in cands)
    assert not hasattr(agent, "_shengji_bury")      # a hint keeps no plan
