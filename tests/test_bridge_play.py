"""Bridge card play by double-dummy sampling (``cardavia.ai.bridge_play``)
and the Bridge duplicate arena in IMPs; tiny budgets."""
from __future__ import annotations

import json
import random

import pytest

import cardavia
from cardavia import bridge
from cardavia._core.dds import Solver
from cardavia.ai import make_agent
from cardavia.ai.bridge_bidding.sampler import Shown, hcp_of, lengths_of
from cardavia.ai.bridge_play import DoubleDummyPlayer, PlaySampler, shown_by_auction
from cardavia.sim import arena

GAME = cardavia.load("bridge")
SUIT = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]


def in_play(seed: int, cards: int):
    """A deal bid and played by the heuristic up to ``cards`` cards (None if passed out)."""
    h = make_agent("heuristic", GAME, seed=seed)
    state = GAME.new_state(seed=seed)
    while state.phase == "auction":
        state.play(h.choose(state.observation(state.current_player), state.legal_moves()))
    if state.is_over:
        return None
    for _ in range(cards):
        if state.is_over:
            return None
        state.play(h.choose(state.observation(state.current_player), state.legal_moves()))
    return None if state.is_over else state


def shown_voids(state) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {s: set() for s in range(4)}
    for t in state.tricks + [{"cards": state.trick}]:
        cards = [(seat, bridge.parse_card(c).card) for seat, c in t["cards"]]
        if cards:
            led = cards[0][1] & 3
            out.update({seat: out[seat] | {led} for seat, c in cards if c & 3 != led})
    return out


def test_shown_by_auction_reads_the_system():
    shown = shown_by_auction(["1NT", "pass", "2C", "pass"])
    assert (shown[0].low, shown[0].high, shown[0].balanced) == (15, 17, True)
    assert shown[2].low >= 8
    weak = shown_by_auction(["pass", "2S"])[1]
    assert weak.lengths[3] == weak.most_cards[3] == 6 and (weak.low, weak.high) == (6, 10)
    assert shown_by_auction(["pass"])[0].high == 11


def card_mask(text: str) -> int:
    mask = 0
    for c in text.split():
        mask |= 1 << bridge.parse_card(c).card
    return mask


def test_shown_violation():
    """The card play keeps its deals by the bidding sampler's own reading
    (``Shown``): how far a hand misses it, 0 where it fits."""
    hand = card_mask("As Ks Qs 2s 3s Ah 3h 4h 5d 6d 7d 2c 3c")
    assert hcp_of(hand) == 13 and lengths_of(hand) == [2, 3, 3, 5]
    assert Shown(12, 14, {}, {}, balanced=True).violation(hand) == 0
    assert Shown(15, 17, {}, {}).violation(hand) == 2
    assert Shown(0, 37, {3: 6}, {}).violation(hand) == 1
    assert Shown(0, 37, {}, {3: 4}).violation(hand) == 1          # five spades where at most four were shown
    six_three_three_one = card_mask("As Ks Qs 2s 3s 4s Ah 3h 4h 5d 6d 7d 2c")
    assert Shown(0, 37, {}, {}, balanced=True).violation(six_three_three_one) == 2
    nine_points = card_mask("Ks Qs 2s 3s 4s Ah 3h 4h 5d 6d 7d 2c 3c")   # 9 HCP, 5-3: 17 of the rule's 20
    assert Shown(0, 37, {}, {}, rule_of_20=True).violation(nine_points) == 3
    assert Shown(0, 37, {}, {}, rule_of_20=True).violation(hand) == 0   # 12+ HCP: the rule does not apply


def test_the_card_play_and_the_bidding_keep_the_same_hands():
    """``Shown.violation`` (card play's graded check) is 0 exactly where the
    bidding's sampler keeps a hand, for the readings of real auctions."""
    from cardavia.ai.bridge_bidding.sampler import _cards_fit
    rng = random.Random(4)
    auctions = (["1H", "P", "1S", "P", "2H"], ["pass", "2S"], ["1NT", "P", "2C", "P", "2D"], ["1C", "1H", "X"])
    kept = 0
    for auction in auctions:
        for shown in shown_by_auction(auction).values():
            for _ in range(300):
                cards = rng.sample(range(52), 13)
                fits = _cards_fit(cards, shown)
                assert fits == (shown.violation(sum(1 << c for c in cards)) == 0), (auction, shown, cards)
                kept += fits
    assert kept > 100


@pytest.mark.parametrize("seed", [3, 11, 17])
def test_samples_keep_seen_cards_and_shown_voids(seed):
    state = None
    for s in range(seed, seed + 40):
        state = in_play(s, 9)
        if state is not None and any(shown_voids(state).values()):
            break
    assert state is not None
    me = state.current_player
    data = state.observation(me).data
    sampler = PlaySampler(GAME, data, tries=20)
    voids = shown_voids(state)
    rng = random.Random(seed)
    real = state.position
    for _ in range(20):
        world = sampler.draw(rng)
        assert world.played() == real.played() and world.calls() == real.calls()
        assert world.hand(me) == real.hand(me)
        assert world.hand(state.dummy) == real.hand(state.dummy)   # dummy is shown once the lead is made
        for seat, suits in voids.items():
            for suit in suits:
                assert world.hand(seat) & SUIT[suit] == 0
        assert sorted(bin(world.hand(p)).count("1") for p in range(4)) == sorted(
            bin(real.hand(p)).count("1") for p in range(4))


def test_samples_fit_the_auction():
    auction = ("1NT", "pass", "3NT", "pass", "pass", "pass")
    state = next(s for s in map(GAME.new_state, range(200))                    # a deal that fits it
                 if shown_by_auction(auction)[0].violation(s.position.dealt()[0]) == 0
                 and 9 <= hcp_of(s.position.dealt()[2]) <= 14 and hcp_of(s.position.dealt()[1]) <= 15)
    for call in auction:
        state.play(call)
    data = state.observation(1).data          # West on lead against South's 1NT-3NT
    sampler = PlaySampler(GAME, data, tries=200)
    rng = random.Random(1)
    for _ in range(10):
        world = sampler.draw(rng)
        south = world.dealt()[0]
        if sampler.fallbacks == 0:
            assert 15 <= hcp_of(south) <= 17 and sorted(lengths_of(south)) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])
            assert 9 <= hcp_of(world.dealt()[2]) <= 14
    assert sampler.fallbacks <= 2


def test_impossible_constraints_fall_back_without_hanging():
    state = in_play(3, 5) or in_play(4, 5)
    data = state.observation(state.current_player).data
    sampler = PlaySampler(GAME, data, tries=5)
    for s in sampler.hidden:
        sampler.shown[s] = Shown(40, 37, {}, {})
    world = sampler.draw(random.Random(0))
    assert world.played() == state.position.played() and sampler.fallbacks == 1


def test_the_choice_depends_only_on_the_observation():
    for seed in range(20, 60):
        state = in_play(seed, 6)
        if state is not None and len(state.legal_moves()) > 1:
            break
    me = state.current_player
    other = state.resample(me, random.Random(2))
    assert other.position.dealt() != state.position.dealt()
    assert other.observation(me).data == state.observation(me).data
    picks = []
    for s in (state, other):
        agent = make_agent("mc:samples=3", GAME, seed=9)
        picks.append(agent.choose(s.observation(me), s.legal_moves()))
    assert picks[0] == picks[1] and picks[0] in state.legal_moves()


def test_mc_hints_in_the_play_are_the_double_dummy_values_it_plays_by():
    # One path through GAME_DECISIONS: evaluate (the hints) and choose agree.
    state = in_play(7, 4) or in_play(8, 4)
    obs, legal = state.observation(state.current_player), state.legal_moves()
    hinted, chosen = make_agent("mc:samples=4", GAME, seed=5), make_agent("mc:samples=4", GAME, seed=5)
    cands, values, solved = hinted.evaluate(obs, legal)
    assert set(cands) == set(legal) and solved == 4 and hinted.last_rollouts == 0
    direct = DoubleDummyPlayer(samples=4).evaluate(GAME, obs.data, make_agent("mc", GAME, seed=5).rng)
    assert values == [direct[m.card][0] for m in cands]
    assert chosen.choose(obs, legal) in legal and chosen.card_player.last_samples == 4
    # The calls are still searched by playouts.
    bidding = GAME.new_state(seed=3)
    cands, values, worlds = hinted.evaluate(bidding.observation(bidding.current_player), bidding.legal_moves())
    assert worlds >= 1 and hinted.last_rollouts > 0


def test_mc_explains_its_card_by_the_deals_it_solved():
    from cardavia.ai.explanations import render_explanation
    state = in_play(7, 4) or in_play(8, 4)
    obs, legal = state.observation(state.current_player), state.legal_moves()
    agent = make_agent("mc:samples=4", GAME, seed=5)
    card = agent.choose(obs, legal)
    ident, params = agent.explain(obs, card)
    declaring = (state.seat_to_play & 1) == (state.declarer & 1)
    assert ident == ("bridge.play_makes" if declaring else "bridge.play_sets") and params["deals"] == 4
    # the count is the solved deals' own: makes (declarer's side) is the share the player kept for this card
    made = round(agent.card_player.last_made[card.card] * 4)
    assert params == ({"deals": 4, "made": made} if declaring else {"deals": 4, "set": 4 - made})
    assert render_explanation(ident, params).startswith("Best of the cards on 4 sampled deals: the contract ")
    others = [m for m in legal if m != card]
    assert all(agent.explain(obs, m) is None for m in others)   # only the card it chose has this reason
    state.play(card)
    assert agent.explain(state.observation(state.current_player), card) is None   # a later position: none
    assert agent.explain(GAME.new_state(seed=1).observation(0), "1NT") == ("open.nt", {"low": 15, "high": 17})


def test_values_are_the_contract_score_of_the_solved_tricks():
    state = in_play(7, 4) or in_play(8, 4)
    data = state.observation(state.current_player).data
    player = DoubleDummyPlayer(samples=2, budget_ms=None)
    values = player.evaluate(GAME, data, random.Random(3))
    legal = {m.card for m in state.legal_moves()}
    assert set(values) == legal and player.last_samples == 2
    level, strain, dbl = bridge.parse_contract(state.contract)
    vul = state.is_vulnerable(state.declarer)
    sign = 1 if (state.seat_to_play & 1) == (state.declarer & 1) else -1
    possible = {sign * int(bridge.score(state.contract, vul, t)) for t in range(14)}
    for card, (mean_score, mean_tricks) in values.items():
        assert 0 <= mean_tricks <= 13
        assert any(abs(2 * mean_score - a - b) < 1e-9 for a in possible for b in possible)
        made = player.last_made[card]   # the explanation's share: both deals make, neither, or one
        assert made in (0, 0.5, 1) and (made < 1 or mean_tricks >= 6 + level) and (made > 0 or mean_tricks < 6 + level)
    pick = player.choose(GAME, data, state.legal_moves(), random.Random(3))
    assert values[pick.card][0] == max(v[0] for v in values.values())


def test_the_node_cap_stops_the_sampling_reproducibly():
    state = in_play(7, 6) or in_play(8, 6)
    data = state.observation(state.current_player).data
    runs = []
    for _ in range(2):
        player = DoubleDummyPlayer(samples=500, nodes=4000)
        values = player.evaluate(GAME, data, random.Random(1))
        runs.append((values, player.last_samples, player.last_nodes))
        assert 1 <= player.last_samples < 500 and player.last_nodes >= 4000
    assert runs[0] == runs[1]
    one = DoubleDummyPlayer(samples=50, nodes=1, min_samples=1)
    one.evaluate(GAME, data, random.Random(1))
    assert one.last_samples == 1


def test_kept_table_gives_the_fresh_values():
    kept = Solver()
    for seed in (3, 4, 6):
        state = in_play(seed, 5)
        if state is None:
            continue
        data = state.observation(state.current_player).data
        sampler = PlaySampler(GAME, data, tries=3)
        rng = random.Random(seed)
        trick = [bridge.parse_card(c).card for _, c in state.trick]
        strain = bridge.parse_contract(state.contract)[1]
        for _ in range(4):
            world = sampler.draw(rng)
            hands = tuple(world.hand((p + 2) % 4) for p in range(4))
            leader = (state.trick_leader + 2) % 4
            assert (sorted(kept.solve_board(hands, strain, leader, trick, keep=True))
                    == sorted(Solver(12).solve_board(hands, strain, leader, trick)))


def test_mc_spec_takes_samples():
    assert make_agent("mc:samples=3,nodes=1000", GAME).spec == "mc:samples=3,nodes=1000"
    for bad in ("samples=0", "nodes=-5"):
        with pytest.raises(ValueError, match=bad.split("=")[0]):
            make_agent(f"mc:{bad}", GAME)


def test_imps_scale():
    assert [bridge.imps(d) for d in (0, 10, 20, 40, 50, 470, 4000, -4500, -20)] == [0, 0, 1, 1, 2, 10, 24, -24, -1]
    with pytest.raises(ValueError):
        bridge.imps(20000)


def test_duplicate_imps_of_two_tables():
    rows = [{"seats": ["a", "b", "a", "b"], "summary": {"ns_score": 620}},
            {"seats": ["b", "a", "b", "a"], "summary": {"ns_score": 170}}]
    assert GAME.duplicate_imps(rows, "a") == 10 and GAME.duplicate_imps(rows, "b") == -10
    with pytest.raises(ValueError):
        GAME.duplicate_imps(rows[:1], "a")


def test_arena_scores_bridge_in_imps_and_cycles_vulnerability(tmp_path):
    records = str(tmp_path / "r.jsonl")
    out = arena.run("bridge", ["mc:samples=1,nodes=20000", "heuristic"], 4, seed=2, workers=1, records=records)
    imps = out["imps"]
    assert imps["agents"] == ["mc:samples=1,nodes=20000", "heuristic"]
    assert imps["ci"][0] <= imps["mean"] <= imps["ci"][1]
    rows = [json.loads(line) for line in open(records) if line.strip()]
    by_deal = {}
    for row in rows:
        by_deal.setdefault(row["deal"], []).append(row)
    assert {d: {r["summary"]["vulnerability"] for r in rs} for d, rs in by_deal.items()} == {
        0: {"none"}, 1: {"ns"}, 2: {"ew"}, 3: {"both"}}
    per_deal = [GAME.duplicate_imps(by_deal[d], imps["agents"][0]) for d in range(4)]
    assert imps["mean"] == pytest.approx(sum(per_deal) / 4)
    fixed = arena.run("bridge", ["random", "heuristic"], 2, seed=2, workers=1, options={"vulnerability": "both"})
    assert "imps" in fixed and fixed["options"] == {"vulnerability": "both"}
