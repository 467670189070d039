"""The shared climbing-game core (``cardavia._core.climb``): rank counts,
move values, card selection, and the compiled loops against the Python API."""
from __future__ import annotations

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
