"""The shared climbing-game core (``cardavia._core.climb``): rank counts,
move values, card selection, and the compiled loops against the Python API."""
from __future__ import annotations

import collections
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import doudizhu, zhengshangyou
from cardavia._core import climb
from cardavia.cards import CardSet


def test_parse_ranks_and_text():
    c = climb.parse_ranks("10JQKA")
    assert climb.counts_text(c) == "TJQKA"
    assert climb.counts_text(climb.parse_ranks("r b 3".replace(" ", ""))) == "3BR"
    assert climb.counts_text(climb.parse_ranks("4433")) == "3344"
    with pytest.raises(ValueError, match="'x'"):
        climb.parse_ranks("33x")
    with pytest.raises(ValueError, match="too many"):
        climb.parse_ranks("33333")
    with pytest.raises(ValueError, match="too many"):
        climb.parse_ranks("BB")
    with pytest.raises(ValueError):
        climb.parse_ranks("")


def test_counts_within_matches_naive():
    rng = random.Random(1)
    for _ in range(2000):
        a = [rng.randint(0, 4) for _ in range(15)]
        b = [rng.randint(0, 4) for _ in range(15)]
        pa = sum(k << (4 * r) for r, k in enumerate(a))
        pb = sum(k << (4 * r) for r, k in enumerate(b))
        assert climb.counts_within(pa, pb) == all(x <= y for x, y in zip(a, b))


def test_card_counts_and_take_lowest_ids():
    hand = CardSet("3h 3c 3s 4d 2s BJ")
    counts = climb.card_counts(hand.bits)
    assert climb.counts_text(counts) == "33342B"
    taken = climb.take_cards(hand.bits, climb.parse_ranks("33"))
    assert CardSet.from_bits(taken) == CardSet("3c 3h")
    first = cardavia.parse_cards("3s")[0]
    assert CardSet.from_bits(climb.take_cards(hand.bits, climb.parse_ranks("33"), first)) == CardSet("3c 3s")
    assert climb.take_cards(hand.bits, climb.parse_ranks("44")) == -1


def test_move_values_are_frozen_hashable_and_pickle():
    m = doudizhu.classify("33344456")[0]
    assert m.kind == "airplane_single_wings" and m.rank == 0 and m.length == 2 and m.ncards == 8
    with pytest.raises(AttributeError):
        m.kind_id = 3
    with pytest.raises(AttributeError):
        m.extra = 1
    assert pickle.loads(pickle.dumps(m)) == m
    assert {m: 1}[doudizhu.classify("3h 3s 3d 4h 4s 4d 5h 6c")[0]] == 1
    assert repr(m) == "DouDizhuMove('33344456')"
    assert isinstance(m, cardavia.Move)
    # The same ranks are different moves in different games.
    assert doudizhu.classify("34567")[0] != zhengshangyou.classify("34567")[0]
    assert doudizhu.PASS != zhengshangyou.PASS
    assert m.rank_counts()[:3] == [3, 3, 1]


def test_one_machinery_two_rule_sets():
    """The shapes both games share come out the same; the rules struct
    switches the rest (DDZ-4.2 vs ZSY-4.1 pair runs, ZSY-4.3 three Aces)."""
    rng = random.Random(4)
    shared = {"single", "pair", "straight", "bomb"}
    for _ in range(200):
        ids = rng.sample(zhengshangyou.PACK, 16)
        d = {(m.ranks, m.kind) for m in doudizhu.moves(ids) if m.kind in shared}
        z = {(m.ranks, m.kind) for m in zhengshangyou.moves(ids) if m.kind in shared}
        assert d == z
        dt = {m.ranks for m in doudizhu.moves(ids) if m.kind == "triple"}
        zt = {m.ranks for m in zhengshangyou.moves(ids) if m.kind == "triple"}
        assert zt == dt - {"AAA"}
        dp = {m.ranks for m in doudizhu.moves(ids) if m.kind == "pair_run"}
        zp = {m.ranks for m in zhengshangyou.moves(ids) if m.kind == "pair_run"}
        assert dp == {r for r in zp if len(r) >= 6}


def test_dense_hands_do_not_overflow():
    for hand in ["3333444455556666BR7777"[:20], "333444555666777888BR", "3456789TJQKA2BR3456"]:
        ids = []
        used: dict = {}
        for ch in hand:
            if ch in "BR":
                ids.append(52 if ch == "B" else 53)
            else:
                k = used.get(ch, 0)
                used[ch] = k + 1
                ids.append(4 * ((("3456789TJQKA2".index(ch)) + 1) % 13) + k)
        ms = doudizhu.moves(ids)
        assert len(ms) == len(set(ms)) > 0
        counts = np.array([climb.card_counts(CardSet(ids).bits)], dtype=np.uint64)
        assert climb.bench_generate(0, counts, None, 1) == len(ms)


def test_bench_generate_counts_responses():
    rng = random.Random(6)
    hands = [CardSet(rng.sample(range(54), 17)) for _ in range(50)]
    lasts = [rng.choice(doudizhu.moves(rng.sample(range(54), 17))) for _ in hands]
    counts = np.array([climb.card_counts(h.bits) for h in hands], dtype=np.uint64)
    packed = np.array([climb.pack_move(m) for m in lasts], dtype=np.uint64)
    expected = sum(len(doudizhu.moves(h, m)) for h, m in zip(hands, lasts))
    assert climb.bench_generate(0, counts, packed, 2) == 2 * expected


def _python_stats(game_name, n):
    game = cardavia.load(game_name)
    rng = random.Random(12)
    bombs = 0
    extra = 0
    for i in range(n):
        s = game.new_state(seed=10_000 + i)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        bombs += s.bombs
        extra += (s.winner == s.landlord) if game_name == "doudizhu" else 0
    return bombs / n, extra / n


def test_compiled_loops_play_like_the_python_api():
    """The compiled self-play loops make the same uniform random choices as
    a random agent through the API, so their statistics agree."""
    b_py, ll_py = _python_stats("doudizhu", 400)
    res = climb.ddz_selfplay(20000, 3)
    assert abs(res["bombs"] / 20000 - b_py) < 0.15
    assert abs(res["landlord_wins"] / 20000 - ll_py) < 0.1
    zb_py, _ = _python_stats("zhengshangyou", 400)
    zres = climb.zsy_selfplay(20000, 3)
    assert abs(zres["bombs"] / 20000 - zb_py) < 0.12


@settings(max_examples=150, deadline=None)
@given(st.sets(st.integers(0, 53), min_size=1, max_size=20), st.sets(st.integers(0, 53), min_size=1, max_size=20))
def test_generated_moves_are_held_read_back_and_beat(hand, other):
    counts = climb.card_counts(CardSet(hand).bits)
    for m in doudizhu.moves(hand):
        assert climb.counts_within(m.counts, counts)
        assert m in climb.classify(0, m.counts)
        assert doudizhu.GAME().parse_move(str(m)) == m
    lead = doudizhu.moves(other)
    for last in lead[:: max(1, len(lead) // 6)]:
        for m in doudizhu.moves(hand, last):
            assert m.beats(last) and not last.beats(m)


def test_ddz_4_zsy_4_1_gd_5_1_a_move_of_another_game_is_refused_naming_a_rule():
    """DDZ-4, ZSY-4.1, GD-5.1: a move value of another game is an illegal
    move like any other: refused with the rule id, the state unchanged (it
    used to be refused without a rule)."""
    from cardavia.game import IllegalMoveError
    ddz = cardavia.load("doudizhu").new_state(seed=1)
    zsy = cardavia.load("zhengshangyou").new_state(seed=1)
    gd = cardavia.load("guandan", match=False).new_state(seed=1)
    foreign = {id(ddz): zsy.legal_moves()[0], id(zsy): ddz.legal_moves()[0], id(gd): ddz.legal_moves()[0]}
    for s, rule in ((ddz, "DDZ-4"), (zsy, "ZSY-4.1"), (gd, "GD-5.1")):
        before = s.to_json()
        with pytest.raises(IllegalMoveError) as e:
            s.play(foreign[id(s)])
        assert e.value.rule == rule and s.to_json() == before


# ---------------------------------------------------------------------------
# Issue 12 part 2: worlds the observer cannot tell apart (sample_world, resample)

def _mid_game_states(game_name, n, seed):
    game = cardavia.load(game_name)
    rng = random.Random(seed)
    for i in range(n):
        s = game.new_state(seed=seed * 1000 + i)
        for _ in range(rng.randrange(70)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        yield s, rng.randrange(3), rng


@pytest.mark.parametrize("game_name", ["doudizhu", "zhengshangyou"])
def test_resampled_worlds_look_the_same_replay_and_play_on(game_name):
    """DDZ-2.4, ZSY-3.2 (issue 12 part 2): on random mid-game states a world
    gives the observer the same observation, differs from the real deal in
    some samples, replays its own dealt hands through JSON and plays on
    legally to a zero-sum end; the compiled world keeps the observer's hand
    and every hand size."""
    game = cardavia.load(game_name)
    differ = 0
    for s, p, rng in _mid_game_states(game_name, 120, 3):
        if s.is_over:   # no decision to sample a world for (every game refuses alike)
            with pytest.raises(ValueError, match="is over"):
                s.resample(p, rng)
            continue
        obs = s.observation(p)
        w = s.resample(p, rng)
        assert w.observation(p) == obs
        assert [str(m) for _, m in w.history] == [str(m) for _, m in s.history]
        differ += any(w.hand(q) != s.hand(q) for q in range(3))
        again = game.from_json(w.to_json())
        assert again.to_json() == w.to_json() and again.observation(p) == obs
        pos = game.sample_world(obs, rng)
        assert pos.hand_bits(p) == CardSet(s.hand(p)).bits
        assert pos.hand_sizes() == obs["hand_sizes"] and pos.current_player == s.current_player
        assert sum(pos.play_random(rng.getrandbits(64))) == 0
        while not w.is_over:
            w.play(w.legal_moves().sample(rng))
        assert sum(w.returns()) == 0
    assert differ > 60


def test_ddz_2_4_worlds_keep_the_shown_bottom_in_the_landlords_hand():
    """DDZ-2.4: the bottom cards, shown to all, stay with the landlord in
    every world until he plays them."""
    game = cardavia.load("doudizhu")
    seen = 0
    for s, p, rng in _mid_game_states("doudizhu", 60, 5):
        if s.landlord is None or s.landlord == p:
            continue
        ll = s.landlord
        unplayed = CardSet(s.bottom).bits & CardSet(s.hand(ll)).bits
        sampler = game.world_sampler(s.observation(p))
        for hands in sampler.sample_many(20, rng.getrandbits(64)):
            assert hands[ll] & unplayed == unplayed
            seen += 1
    assert seen > 200


def _zsy_small_position(seed):
    """A Zheng Shangyou deal played at random until the observer's two
    opponents hold at most 7 cards and one of them has passed."""
    game = cardavia.load("zhengshangyou")
    rng = random.Random(seed)
    s = game.new_state(seed=seed)
    while not s.is_over:
        p = s.current_player
        sizes = [len(s.hand(q)) for q in range(3)]
        if (sum(sizes) - sizes[p] <= 7 and s.last_play is None
                and any(m.kind == "pass" and q != p for q, m in s.history)):
            return s, p
        s.play(s.legal_moves().sample(rng))
    raise AssertionError("no small position")


def _consistent_splits(s, p):
    """Every hand of the next opponent (a card set) that some deal consistent
    with what ``p`` saw gives him, found by brute force through the Python
    API: build the dealt hands, replay the history, compare observations."""
    import itertools
    game = s.game
    obs = s.observation(p)
    a = (p + 1) % 3
    played = [set(CardSet(" ".join(obs["played"][q]))) for q in range(3)]
    seen = set(s.hand(p)).union(*played)
    pool = [c for c in zhengshangyou.PACK if c not in seen]
    total, out = 0, []
    for A in itertools.combinations(pool, obs["hand_sizes"][a]):
        total += 1
        hands = {p: set(s.hand(p)), a: set(A), (p + 2) % 3: set(pool) - set(A)}
        w = game.from_hands([sorted(hands[q] | played[q]) for q in range(3)])
        try:
            for _, m in s.history:
                w.play(str(m))
        except ValueError:
            continue
        if w.observation(p) == obs:
            out.append(CardSet(A).bits)
    return out, total


@pytest.mark.parametrize("force_fallback", [False, True])
def test_zsy_3_2_worlds_are_uniform_over_the_deals_a_pass_allows(force_fallback):
    """ZSY-3.2 (issue 12 part 2): a pass shows the passer could not beat the
    table; the worlds are uniform over exactly the deals consistent with
    that (found by brute force), by rejection and by the exact fallback
    (forced here): a chi-square test, >= 5 expected per cell."""
    game = cardavia.load("zhengshangyou")
    s, p = _zsy_small_position(49)
    cells, total = _consistent_splits(s, p)
    assert 5 <= len(cells) < total   # the pass rules some deals out
    sampler = game.world_sampler(s.observation(p))
    if force_fallback:
        sampler.set_reject_tries(0)
    n = 150 * len(cells)
    counts = collections.Counter(h[(p + 1) % 3] for h in sampler.sample_many(n, 99))
    assert set(counts) <= set(cells)
    expected = n / len(cells)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in cells)
    # 99.9th percentile of chi-square with len(cells) - 1 degrees of freedom
    # (Wilson-Hilferty), about 22 for 6.
    k = len(cells) - 1
    limit = k * (1 - 2 / (9 * k) + 3.09 * (2 / (9 * k)) ** 0.5) ** 3
    assert chi2 < limit, (chi2, limit)
    assert (sampler.fallbacks > 0) == force_fallback
    if not force_fallback:
        assert sampler.rejected > 0


def test_sample_world_takes_every_kind_of_rng_and_refuses_bad_observations():
    import numpy as np
    from cardavia._core.rng import Random
    from cardavia.game import ArgumentTypeError
    game = cardavia.load("zhengshangyou")
    s = game.new_state(seed=1)
    obs = s.observation(0)
    for rng in (Random(1), random.Random(1), np.random.default_rng(1), 7, None):
        assert game.sample_world(obs, rng).hand_bits(0) == CardSet(s.hand(0)).bits
    a = game.sample_world(obs, 5)
    assert a.hand_bits(1) == game.sample_world(obs, 5).hand_bits(1)   # a seed replays
    with pytest.raises(ArgumentTypeError):
        game.sample_world(obs, "seed")
    with pytest.raises(ValueError):
        game.sample_world(cardavia.load("doudizhu").new_state(seed=1).observation(0), 1)
    bad = obs.to_dict()
    bad["hand_sizes"] = [16, 16, 40]
    with pytest.raises(ValueError):
        game.sample_world(bad, 1)


# ---------------------------------------------------------------------------
# Issue 12 part 3: the compiled rollout policy

def _policy_api_game(game, seed, policy_seat):
    """A deal through the Python API: policy_move for one seat, random moves
    for the others; the policy's return."""
    rng = random.Random(seed)
    s = game.new_state(seed=seed)
    while not s.is_over:
        p = s.current_player
        legal = s.legal_moves()
        if p == policy_seat:
            s.play(game.policy_move(s.observation(p), legal, rng))
        else:
            s.play(legal.sample(rng))
    return s.returns()[policy_seat]


@pytest.mark.parametrize("game_name", ["doudizhu", "zhengshangyou"])
def test_policy_beats_random_and_rollouts_end_zero_sum(game_name):
    """Issue 12 part 3: the heuristic, through the Python API and in the
    core, wins against random play; rollouts end zero-sum."""
    game = cardavia.load(game_name)
    api = sum(_policy_api_game(game, 500 + i, i % 3) for i in range(60))
    assert api > 0
    res = climb.policy_selfplay(game.game_id, 600, 1, 1)
    assert res["score"][0] > 0 and sum(res["score"]) == 0
    for s, p, rng in _mid_game_states(game_name, 20, 9):
        if s.is_over:
            continue
        world = game.sample_world(s.observation(p), rng)
        before = world.hand_sizes()
        r = game.rollout(world, rng)
        assert sum(r) == 0 and world.hand_sizes() == before   # a copy is played out
        assert game.rollout(s.position) == game.rollout(s.position)


def test_policy_reads_only_what_the_mover_knows():
    """The heuristic's move is the same in every world the mover cannot tell
    apart (it reads his hand and the public state only)."""
    for game_name in ("doudizhu", "zhengshangyou"):
        game = cardavia.load(game_name)
        for s, _p, rng in _mid_game_states(game_name, 25, 11):
            if s.is_over:
                continue
            obs = s.observation(s.current_player)
            moves = {str(game.policy_move(obs, s.legal_moves(), rng)) for _ in range(5)}
            assert len(moves) == 1
            assert moves <= {str(m) for m in s.legal_moves()}


def test_ddz_policy_lets_the_partners_play_stand_and_keeps_bombs():
    """DDZ: a farmer does not beat his partner's play; a leader sheds the
    most cards without breaking a bomb; a winning play is made at once."""
    game = cardavia.load("doudizhu")

    def ranks(*hands):
        used: dict = {}
        out = []
        for h in hands:
            ids = []
            for ch in h:
                k = used.get(ch, 0)
                used[ch] = k + 1
                ids.append(4 * (("3456789TJQKA2".index(ch) + 1) % 13) + k)
            out.append(ids)
        return out

    s = game.from_hands(ranks("3456", "8JQKA2", "9TTT"), landlord=0)
    s.play("3")
    s.play("8")                       # farmer 1 beats the landlord
    assert str(game.policy_move(s.observation(2), s.legal_moves(), 1)) == "pass"
    s = game.from_hands(ranks("333345678K", "9", "T"), landlord=0)
    assert str(game.policy_move(s.observation(0), s.legal_moves(), 1)) == "45678"   # 3333 kept
    s = game.from_hands(ranks("KK", "9", "T"), landlord=0)
    assert str(game.policy_move(s.observation(0), s.legal_moves(), 1)) == "KK"


def test_ddz_2_5_a_world_after_a_redeal_replays_the_redeal():
    """DDZ-2.5: the world of a state that was dealt again names its redeals
    in its setup, so its history (bids, the redeal) and observation are the
    real ones and its JSON replays."""
    game = cardavia.load("doudizhu")
    s = game.new_state(seed=17)
    for m in ("pass", "pass", "pass", "bid 1", "pass", "pass"):
        s.play(m)
    s.play(s.legal_moves()[0])
    assert s.redeals == 1
    for p in range(3):
        w = s.resample(p, p)
        assert w.observation(p) == s.observation(p)
        assert [str(m) for _, m in w.history] == [str(m) for _, m in s.history]
        assert "redeals" in w.to_dict()["setup"]
        assert game.from_json(w.to_json()).to_json() == w.to_json()


def test_the_states_and_the_compiled_loops_deal_from_one_position():
    """Issue 12 part 1: a seeded deal of the Python state is the compiled
    position's deal (one dealing rule), and positions are copies."""
    for game_name in ("doudizhu", "zhengshangyou"):
        game = cardavia.load(game_name)
        for seed in range(5):
            s = game.new_state(seed=seed)
            pos = climb.Position.new_deal(game.game_id, seed)
            assert [pos.hand_bits(p) for p in range(3)] == [CardSet(s.hand(p)).bits for p in range(3)]
            assert pos.current_player == s.current_player
            c = pos.copy()
            c.play_random(1)
            assert c.is_over and not pos.is_over


def test_positions_play_from_several_threads_at_once():
    """No module-global scratch buffer: rollouts and worlds run nogil from
    several threads and give the results they give one at a time."""
    from concurrent.futures import ThreadPoolExecutor
    game = cardavia.load("doudizhu")
    states = [s for s, _, _ in _mid_game_states("doudizhu", 8, 21) if not s.is_over]
    serial = [climb.rollouts(s.position, 200) for s in states]
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(lambda s: climb.rollouts(s.position, 200), states))
    assert threaded == serial
    samplers = [game.world_sampler(s.observation(0)) for s in states]
    serial = [sm.sample_many(50, 3) for sm in samplers]
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(lambda sm: sm.sample_many(50, 3), samplers))
    assert threaded == serial
