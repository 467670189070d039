"""Guandan (RULES.md §2): combinations with wilds, bombs, play, tribute, levels.

Move generation is checked against an independent brute force written here
(every sub-multiset of a hand, every rank a wild could stand for), not
against values copied from the engine.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product

import pytest

import cardavia
from cardavia._core import guandan as core
from cardavia._core.rng import derive_seed
from cardavia.cards import card_text, parse_cards
from cardavia.game import IllegalMoveError, InvalidMoveError, InvalidSetupError
from cardavia.guandan import GuandanMove, _move_of, beats, classify, moves, parse_move
from conformance import check_random_games

RANKS = "23456789TJQKA"


def ids(text):
    return parse_cards(text)


def readings(text, level):
    return sorted(m.reading for m in classify(text, level))


# -- an independent reference classifier ---------------------------------------

def _consecutive_high(rank_set, length):
    """Highest natural rank if the ranks are ``length`` consecutive (Ace low or high)."""
    out = []
    s = sorted(rank_set)
    if len(s) == length and s[-1] - s[0] == length - 1:
        out.append(s[-1])
    if 12 in rank_set:
        low = sorted(-1 if r == 12 else r for r in rank_set)
        if len(low) == length and low[-1] - low[0] == length - 1:
            out.append(low[-1])
    return out


def _natural(ranks, suits_of_naturals):
    n = len(ranks)
    cnt = Counter(ranks)
    jokers = any(r >= 13 for r in ranks)
    res = set()
    if n == 1:
        res.add(("single", ranks[0]))
    if n == 2 and len(cnt) == 1:
        res.add(("pair", ranks[0]))
    if n == 3 and len(cnt) == 1 and not jokers:
        res.add(("triple", ranks[0]))
    if n == 5 and sorted(cnt.values()) == [2, 3]:
        t = next(r for r, k in cnt.items() if k == 3)
        if t < 13:
            res.add(("fullhouse", t))
    if n >= 4 and len(cnt) == 1 and not jokers:
        res.add(("bomb", ranks[0]))
    if n == 4 and cnt == Counter({13: 2, 14: 2}):
        res.add(("jokerbomb", 14))
    if not jokers:
        for length, width, shape in ((5, 1, "straight"), (3, 2, "pairs"), (2, 3, "triples")):
            if n == length * width and set(cnt.values()) == {width}:
                for hi in _consecutive_high(set(cnt), length):
                    res.add((shape, hi))
                    if shape == "straight" and len(set(suits_of_naturals)) <= 1:
                        res.add(("straightflush", hi))
    return res


def ref_readings(cards, level):
    """All (shape, main) readings of a card multiset, by trying every rank
    each wild may stand for (never a joker); wilds alone keep the level rank."""
    wild = 4 * level + 2
    nw = cards.count(wild)
    nat = [c for c in cards if c != wild]
    if not nat:
        return {("single", level)} if nw == 1 else ({("pair", level)} if nw == 2 else set())
    rank = [c >> 2 if c < 52 else c - 39 for c in nat]
    suits = [c & 3 for c in nat]
    out = set()
    for sub in product(range(13), repeat=nw):
        out |= _natural(rank + list(sub), suits)
    return out


def _val(m, level):
    return 13 if m == level else (m + 1 if m >= 13 else m)


def ref_beats(a, b, level):
    """(shape, main, n) a beats b: bombs by (size class, rank), others same shape."""
    def bomb_key(s, m, n):
        if s == "jokerbomb":
            return (99, 0)
        if s == "straightflush":
            return (5.5, m)
        return (n, _val(m, level))
    sa, ma, na = a
    sb, mb, nb = b
    a_bomb = sa in ("bomb", "straightflush", "jokerbomb")
    b_bomb = sb in ("bomb", "straightflush", "jokerbomb")
    if a_bomb:
        return not b_bomb or bomb_key(*a) > bomb_key(*b)
    if b_bomb or sa != sb or na != nb:
        return False
    if sa in ("straight", "pairs", "triples"):
        return ma > mb
    return _val(ma, level) > _val(mb, level)


def ref_moves(hand, level):
    distinct = sorted(set(hand))
    counts = Counter(hand)
    out = set()
    for pick in product(*[range(counts[c] + 1) for c in distinct]):
        sub = [c for c, k in zip(distinct, pick) for _ in range(k)]
        if not 1 <= len(sub) <= 10:
            continue
        for shape, main in ref_readings(sub, level):
            out.add((shape, main, tuple(sorted(sub))))
    return out


def engine_moves(hand, level, last=None):
    ms = moves(hand, level + 2, last)
    keys = [(m.reading.split(":")[0], m.main, m.cards) for m in ms]
    assert len(keys) == len(set(keys)), "duplicate moves"
    return set(keys)


def biased_hand(rng, size, level):
    """A small hand rich in pairs, runs, wilds and jokers."""
    pool = [c for c in range(54) for _ in range(2)]
    base = rng.randrange(0, 9)
    favoured = [c for c in pool if c < 52 and base <= (c >> 2) <= base + 4 or c >= 52 or c == 4 * level + 2]
    hand = Counter()
    while sum(hand.values()) < size:
        c = rng.choice(favoured if rng.random() < 0.8 else pool)
        if hand[c] < 2:
            hand[c] += 1
    return sorted(hand.elements())


# -- GD-5: combinations and readings ------------------------------------------

def test_gd_5_1_5_3_generation_matches_brute_force_on_small_hands():
    """GD-5.1, GD-5.2, GD-5.3: every play of small hands equals the brute force."""
    rng = random.Random(5)
    for _ in range(18):
        level = rng.randrange(13)
        hand = biased_hand(rng, rng.randrange(7, 11), level)
        assert engine_moves(hand, level) == ref_moves(hand, level), (level, [card_text(c) for c in hand])


def test_gd_5_1_5_3_fixed_hands_with_two_wilds_match_brute_force():
    """GD-5.3: two wilds in hands full of sequences, pairs and jokers."""
    for text, level in (("Ac Ad 2c 2d 3s 4s 2h 2h BJ BJ", 0), ("Qc Qd Kc Ks As 5h 5h RJ RJ", 3),
                        ("9s Ts Js Qs Ks As 3h 3h", 1), ("4c 4d 4s 4c 4d Ah Ah 7s", 12)):
        hand = ids(text)
        assert engine_moves(hand, level) == ref_moves(hand, level), text


def test_gd_5_3_big_hands_moves_are_valid_and_complete_on_sampled_subsets():
    """GD-5.3 on 27-card hands with 0, 1, 2 wilds: every generated play is a
    real reading of cards held, and sampled subsets' readings are all generated."""
    rng = random.Random(11)
    for seed in range(4):
        hands, _ = core.deal(seed)
        level = rng.randrange(13)
        for h in hands:
            hand = [c for c in range(54) for _ in range(h[c])]
            gen = engine_moves(hand, level)
            held = Counter(hand)
            for shape, main, cards in rng.sample(sorted(gen), min(300, len(gen))):
                assert not Counter(cards) - held
                assert (shape, main) in ref_readings(list(cards), level)
            for _ in range(150):
                sub = sorted(rng.sample(hand, rng.randrange(1, 7)))
                for shape, main in ref_readings(sub, level):
                    assert (shape, main, tuple(sub)) in gen


def test_gd_5_4_follow_filter_matches_reference_beats():
    """GD-4.2, GD-5.4, GD-5.5: moves(hand, level, last) = the plays beating last."""
    rng = random.Random(3)
    for _ in range(10):
        level = rng.randrange(13)
        hand = biased_hand(rng, 10, level)
        other = biased_hand(rng, 10, level)
        all_mine = ref_moves(hand, level)
        lasts = sorted(ref_moves(other, level))
        for shape, main, cards in rng.sample(lasts, min(6, len(lasts))):
            last = GuandanMove("play", cardavia.guandan.SHAPES.index(shape), main, cards, level)
            want = {m for m in all_mine if ref_beats((m[0], m[1], len(m[2])), (shape, main, len(cards)), level)}
            assert engine_moves(hand, level, last) == want


def test_gd_5_1_shapes_and_no_airplanes_or_triple_single():
    assert readings("5c 5d 5s 8c 8d", 2) == ["fullhouse:5"]
    assert readings("5c 5d 5s 8c", 2) == []  # triple + single does not exist
    assert readings("5c 5d 5s 6c 6d 6s 8c 9d", 2) == []  # no airplane with wings
    assert readings("5c 5d 6c 6d 7c 7d 8c 8d", 2) == []  # exactly 3 pairs
    assert readings("5c 5d 5s 6c 6d 6s 7c 7d 7s", 2) == []  # exactly 2 triples
    assert readings("3c 4d 5s 6c 7d 8h", 2) == []  # exactly 5 cards
    assert readings("5c 5d 6c 6d 7c 7d", 2) == ["pairs:7"]
    assert readings("5c 5d 5s 6c 6d 6s", 2) == ["triples:6"]


def test_gd_5_1_joker_pair_full_house_generated_but_never_two_different_jokers():
    assert readings("5c 5d 5s BJ BJ", 2) == ["fullhouse:5"]
    assert readings("5c 5d 5s RJ RJ", 2) == ["fullhouse:5"]
    assert readings("5c 5d 5s BJ RJ", 2) == []
    assert readings("BJ RJ", 2) == []
    gen = {str(m) for m in moves("9c 9d 9s RJ RJ BJ 3c", 2)}
    assert "fullhouse:9 9c 9d 9s RJ RJ" in gen
    assert not any(m.startswith("fullhouse") and "BJ" in m and "RJ" in m for m in gen)


def test_gd_5_2_ace_low_and_high_sequences_generated():
    assert readings("Ac 2d 3s 4c 5d", 5) == ["straight:5"]
    assert readings("Tc Jd Qs Kc Ad", 5) == ["straight:A"]
    assert readings("Qc Qd Kc Kd Ac Ad", 5) == ["pairs:A"]
    assert readings("Kc Kd Ks Ac Ad As", 5) == ["triples:A"]
    gen = {str(m) for m in moves("Ac Ad 2c 2d 3c 3s As 2s 9d", 7)}
    assert "pairs:3 2c 2d 3c 3s Ac Ad" in gen  # AA2233
    assert "triples:2 2c 2d 2s Ac Ad As" in gen  # AAA222


def test_gd_5_2_no_wrap_around():
    assert readings("Kc Ad 2s 3c 4d", 5) == []
    assert readings("Qc Kd Ac 2d 3s", 5) == []
    assert readings("Kc Kd Ac Ad 2c 2d", 5) == []
    assert readings("Ac Ad Ah 2c 2d 2s", 7) == ["triples:2"]
    assert readings("Ac Ad As 2c 2d 2s", 2) == ["triples:2"]  # level 2 still natural


def test_gd_5_2_level_rank_sits_in_its_natural_place_in_sequences():
    # Level 5: 5c is a natural 5 in a straight, not promoted.
    assert readings("3c 4d 5c 6s 7d", 5) == ["straight:7"]
    assert readings("Jc Qd Kc Ad 5c", 5) == []


def test_gd_5_2_a2345_is_the_lowest_straight():
    low = classify("Ac 2d 3s 4c 5d", 9)[0]
    for hi in range(4, 13):
        run = " ".join(f"{RANKS[r]}{'cdsc'[i % 4]}" for i, r in enumerate(range(hi - 4, hi + 1)))
        other = classify(run, 9)[0]
        assert beats(other, low, 9) and not beats(low, other, 9)


def test_trap_kkkaaa_above_every_two_triple_run_and_aaa222_below_every_one():
    top = classify("Kc Kd Ks Ac Ad As", 2)[0]
    bottom = classify("Ac Ad As 2c 2d 2s", 3)[0]
    assert top.reading == "triples:A" and bottom.reading == "triples:2"
    for lv in (2, 3, 13, 14):
        for hi in range(1, 12):
            run = " ".join(f"{RANKS[r]}{s}" for r in (hi - 1, hi) for s in "cds")
            other = classify(run, lv)
            assert [m.reading for m in other] == [f"triples:{RANKS[hi]}"]
            assert beats(top, other[0], lv) and not beats(other[0], top, lv)
            assert beats(other[0], bottom, lv) and not beats(bottom, other[0], lv)


def test_trap_aa2233_aaa222_and_joker_pair_full_houses_are_generated():
    hand = "Ac Ad As 2c 2d 2s 3c 3d BJ BJ 9c 9d 9s"
    gen = {str(m) for m in moves(hand, 10)}
    assert "pairs:3 2c 2d 3c 3d Ac Ad" in gen
    assert "triples:2 2c 2d 2s Ac Ad As" in gen
    assert "fullhouse:9 9c 9d 9s BJ BJ" in gen
    assert "fullhouse:A Ac Ad As BJ BJ" in gen


def test_gd_4_2_single_order_level_promoted_jokers_on_top_suits_never_rank():
    lv = 7  # level 7
    order = ["single:2 2c", "single:6 6c", "single:8 8c", "single:A Ac", "single:7 7c", "single:B BJ",
             "single:R RJ"]
    ms = [parse_move(t, lv) for t in order]
    for i in range(len(ms) - 1):
        assert beats(ms[i + 1], ms[i], lv) and not beats(ms[i], ms[i + 1], lv)
    assert not beats(parse_move("single:5 5s", lv), parse_move("single:5 5c", lv), lv)
    assert readings("7h", 7) == ["single:7"]  # a wild alone keeps its level rank
    assert not beats(parse_move("pair:K Kc Kd", lv), parse_move("single:2 2c", lv), lv)  # same shape only


def test_gd_5_3_wild_stands_for_any_ordinary_card_and_readings_are_listed():
    assert readings("5h 6h 7h 8h 2h", 2) == ["straight:8", "straight:9", "straightflush:8", "straightflush:9"]
    assert readings("9c 2h", 2) == ["pair:9"]
    assert readings("2h 2h", 2) == ["pair:2"]  # wilds alone keep the level rank
    assert readings("Kc Kd 2h 2h Ks", 2) == ["bomb:K", "fullhouse:K"]
    m = parse_move("straight:9 5h 6h 7h 8h 2h", 2)
    assert str(m) == "straight:9 5h 6h 7h 8h 2h" and m.reading == "straight:9"


def test_trap_a_wild_never_stands_for_a_joker():
    assert readings("BJ 2h", 2) == []
    assert readings("RJ 2h", 2) == []
    assert readings("BJ BJ RJ 2h", 2) == []  # no joker bomb with a wild
    assert readings("5c 5d 5s BJ 2h", 2) == []  # the wild cannot pair a joker
    gen = {str(m) for m in moves("BJ RJ RJ 2h 2h", 2)}
    assert gen and not any(("BJ" in m or "RJ" in m) and "2h" in m for m in gen)


def test_trap_ten_card_bombs_from_eight_naturals_and_two_wilds_are_generated():
    hand = "9c 9c 9d 9d 9h 9h 9s 9s 3h 3h"
    gen = {str(m) for m in moves(hand, 3)}
    assert "bomb:9 9c 9c 9d 9d 9h 9h 9s 9s 3h 3h" in gen
    for n in range(4, 11):
        assert any(m.startswith("bomb:9") and len(m.split()) == n + 1 for m in gen)


# -- GD-5.4, 5.5: bombs ---------------------------------------------------------

def bomb(rank, n, level):
    """n cards of a rank (copies c c d d h h s s), then wilds of the level."""
    cards = [rank + s for s in "cdhs" for _ in range(2)][:n]
    cards += [RANKS[level - 2] + "h"] * (n - len(cards))
    return f"bomb:{rank} " + " ".join(cards)


def test_gd_5_4_bomb_ladder():
    """Size before rank, level-rank bombs above Ace bombs of the same size,
    straight flushes between 5- and 6-card bombs, the joker bomb on top."""
    lv = 11  # level J
    ladder = [bomb("3", 4, lv), bomb("A", 4, lv), bomb("J", 4, lv),
              bomb("3", 5, lv), bomb("A", 5, lv), bomb("J", 5, lv),
              "straightflush:5 Ac 2c 3c 4c 5c", "straightflush:9 5d 6d 7d 8d 9d",
              "straightflush:A Td Jd Qd Kd Ad",
              bomb("3", 6, lv), bomb("A", 6, lv), bomb("J", 6, lv),
              bomb("3", 7, lv), bomb("J", 7, lv), bomb("2", 8, lv), bomb("J", 8, lv),
              bomb("4", 9, lv), bomb("A", 9, lv), bomb("5", 10, lv), bomb("K", 10, lv),
              "jokerbomb:R BJ BJ RJ RJ"]
    ms = [parse_move(t, lv) for t in ladder]
    for t, m in zip(ladder, ms):
        assert m.reading in [x.reading for x in classify(m.cards, lv)], t
    for i in range(len(ms)):
        for j in range(len(ms)):
            assert beats(ms[j], ms[i], lv) == (j > i), (ladder[j], ladder[i])
            key_i = (ms[i].reading.split(":")[0], ms[i].main, len(ms[i].cards))
            key_j = (ms[j].reading.split(":")[0], ms[j].main, len(ms[j].cards))
            assert ref_beats(key_j, key_i, lv - 2) == (j > i)


def test_gd_5_4_straight_flush_with_wilds_beats_five_card_bombs_loses_to_six():
    lv = 2
    sf = classify("5s 6s 2h 8s 9s", lv)
    sf = next(m for m in sf if m.reading == "straightflush:9")
    five = parse_move("bomb:A Ac Ad As Ac Ad", lv)
    six = parse_move("bomb:3 3c 3d 3s 3c 3d 3s", lv)
    assert beats(sf, five, lv) and not beats(five, sf, lv)
    assert beats(six, sf, lv) and not beats(sf, six, lv)


def test_trap_an_equal_straight_flush_does_not_beat_another():
    a = parse_move("straightflush:9 5s 6s 7s 8s 9s", 2)
    b = parse_move("straightflush:9 5d 6d 7d 8d 9d", 2)
    c = next(m for m in classify("5c 6c 7c 8c 2h", 2) if m.reading == "straightflush:9")
    assert not beats(a, b, 2) and not beats(b, a, 2) and not beats(c, a, 2)
    assert beats(parse_move("straightflush:T 6d 7d 8d 9d Td", 2), a, 2)
    assert not any(m.shape == 8 and m.main == 7 for m in moves("5c 6c 7c 8c 9c 2h", 2, a))


def test_trap_four_joker_bomb_beats_a_ten_card_bomb():
    ten = parse_move("bomb:9 9c 9c 9d 9d 9h 9h 9s 9s 3h 3h", 3)
    jb = parse_move("jokerbomb:R BJ BJ RJ RJ", 3)
    assert beats(jb, ten, 3) and not beats(ten, jb, 3)
    assert [str(m) for m in moves("BJ BJ RJ RJ 4c", 3, ten)] == ["jokerbomb:R BJ BJ RJ RJ"]


def test_gd_5_5_bombs_beat_every_non_bomb_shape():
    lv = 2
    bomb = parse_move("bomb:3 3c 3d 3s 3c", lv)
    for t in ("single:R RJ", "pair:B BJ BJ", "triple:A Ac Ad As", "fullhouse:A Ac Ad As Kc Kd",
              "straight:A Tc Jd Qs Kc Ad", "pairs:A Qc Qd Kc Kd Ac Ad", "triples:A Kc Kd Ks Ac Ad As"):
        m = parse_move(t, lv)
        assert beats(bomb, m, lv) and not beats(m, bomb, lv)


# -- moves, text and the lazy view ---------------------------------------------

def test_gd_5_3_move_text_round_trips_and_bad_text_is_refused():
    g = cardavia.load("guandan", match=False)
    s = g.new_state(seed=3)
    for m in list(s.legal_moves())[::37]:
        assert g.parse_move(str(m), s) == m
    for bad in ("", "straight:Z 5h", "bogus:5 5c", "pair:5", "return", "return 5c 6c", "pass 5c", "5x"):
        with pytest.raises(InvalidMoveError):
            g.parse_move(bad, s)
    with pytest.raises(InvalidMoveError, match="several ways"):
        parse_move("5h 6h 7h 8h 2h", 2)
    assert str(parse_move("9c 2h", 2)) == "pair:9 9c 2h"  # one reading: accepted bare


def test_gd_5_3_state_refuses_a_wrong_reading_naming_the_rule():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["5h 6h 7h 8h 2h 3c", "4c", "4d", "4s"], level=2, leader=0)
    with pytest.raises(IllegalMoveError) as e:
        s.play("straight:T 5h 6h 7h 8h 2h")
    assert e.value.rule == "GD-5.1"
    s.play("straight:8 5h 6h 7h 8h 2h")
    assert str(s.history[-1].move) == "straight:8 5h 6h 7h 8h 2h"


def test_lazy_legal_moves_count_membership_and_uniform_sample():
    g = cardavia.load("guandan", match=False)
    s = g.new_state(seed=12)
    lm = s.legal_moves()
    n = len(lm)
    listed = list(lm)
    assert n == len(listed) == len(set(listed)) > 300
    assert all(lm[i] == listed[i] for i in range(0, n, 53))
    assert listed[7] in lm and str(listed[-1]) in lm and "pass" not in lm
    rng = random.Random(1)
    draws = Counter(lm.sample(rng).reading.split(":")[0] for _ in range(6000))
    by_shape = lm.counts_by_reading()
    for shape, k in by_shape.items():
        expect = 6000 * k / n
        assert abs(draws[shape] - expect) < 5 * expect ** 0.5 + 3, (shape, draws[shape], expect)


# -- GD-2 setup ----------------------------------------------------------------

def test_gd_2_1_two_packs_27_cards_each():
    s = cardavia.load("guandan").new_state(seed=4)
    total = Counter()
    for p in range(4):
        h = s.hand(p)
        assert len(h) == 27
        total.update(h)
    assert total == Counter({c: 2 for c in range(54)})


def test_gd_2_2_first_deal_at_level_2_hearts_of_level_wild():
    s = cardavia.load("guandan").new_state(seed=4)
    assert s.level == 2 and s.team_levels == [2, 2]
    assert readings("2h Kc", 2) == ["pair:K"] and readings("2c Kc", 2) == []


def test_gd_2_3_first_leader_random_from_the_seed():
    g = cardavia.load("guandan")
    leaders = Counter(g.new_state(seed=s).current_player for s in range(40))
    assert set(leaders) == {0, 1, 2, 3}
    assert g.new_state(seed=9).current_player == g.new_state(seed=9).current_player


# -- GD-4, GD-6.1: play ----------------------------------------------------------

def test_gd_4_1_leader_must_play_followers_may_pass_lead_returns():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["3c 9c", "4c 9d", "5c 9s", "6c Tc"], leader=0)
    with pytest.raises(IllegalMoveError) as e:
        s.play("pass")
    assert e.value.rule == "GD-4.1"
    s.play("single:3 3c")
    for _ in range(3):
        assert "pass" in s.legal_moves()
        s.play("pass")
    assert s.current_player == 0 and "pass" not in s.legal_moves()


def test_gd_4_1_lead_goes_to_partner_when_last_player_went_out():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["Ac", "4c 9d", "5c 9s", "6c Tc"], leader=0)
    s.play("single:A Ac")
    assert s.finishing_order == [0]
    s.play("pass")
    s.play("pass")
    assert s.current_player == 3
    s.play("pass")
    assert s.current_player == 2  # partner of 0 leads


def test_gd_4_1_next_player_in_leads_when_partner_is_out_too_and_out_players_skipped():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["3c", "4c 9d", "Ac", "6c Tc Jc"], leader=0)
    s.play("single:3 3c")      # 0 out
    s.play("pass")             # 1
    s.play("single:A Ac")      # 2 out
    assert s.current_player == 3
    s.play("pass")
    assert s.current_player == 1  # 0 is skipped
    s.play("pass")
    # 2 went out, partner 0 is out: the next player in after 2 leads
    assert s.current_player == 3 and s.observation(3)["last_play"] is None


def test_gd_6_1_deal_ends_when_the_third_player_goes_out():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["3c", "4c", "5c", "6c 7c"], leader=0)
    s.play("single:3 3c")
    s.play("single:4 4c")
    s.play("single:5 5c")
    assert s.is_over and s.finishing_order == [0, 1, 2, 3]
    assert s.returns() == [2, -2, 2, -2]  # partner 3rd: up 2
    # every seat's observation lists the last seat too, not only the three gone out
    assert all(s.observation(p)["finished"] == [0, 1, 2, 3] for p in range(4))


# -- GD-1, GD-6: levels and the match ----------------------------------------------

def play_order(state, order):
    """Play a from_hands deal of one card each so that players go out in ``order``."""
    for p in order[:3]:
        while state.current_player != p:
            state.play("pass")
        state.play(state.legal_moves()[0])


def test_gd_2_1_a_card_not_held_is_refused_to_the_mover_as_you():
    # the mover reads the error: "you do not hold", not "player 0 does not hold" (the message Shengji gives)
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["3c 4c", "5c", "6c", "7c"], leader=0)
    before = s.history
    for text, missing in (("single:5 5c", "5c"), ("pair:3 3c 3c", "3c 3c")):
        with pytest.raises(IllegalMoveError) as e:
            s.play(text)
        assert e.value.rule == "GD-2.1" and f"you do not hold {missing}" in str(e.value)
        assert e.value.msgid == "{move} is illegal: you do not hold {cards}"
    assert s.history == before


def one_card_hands(order, level):
    """Hands of one card each, rising in the finishing order, none of them wild."""
    cards = ["3c", "4c", "6c", "8c"] if level != 3 else ["5c", "6c", "8c", "9c"]
    hands = [""] * 4
    for i, p in enumerate(order):
        hands[p] = cards[i]
    return hands


@pytest.mark.parametrize("order, gain", [([0, 2, 1, 3], 3), ([0, 1, 2, 3], 2), ([0, 1, 3, 2], 1),
                                         ([1, 3, 0, 2], 3), ([3, 0, 2, 1], 1)])
def test_gd_1_1_gd_6_2_upgrade_by_partner_place(order, gain):
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(one_card_hands(order, 2), leader=order[0])
    play_order(s, order)
    win = order[0] % 2
    assert s.returns() == [gain if p % 2 == win else -gain for p in range(4)]


def test_gd_1_1_a_single_deal_s_score_gives_the_levels_after_its_gain():
    # the deal's score lists the final team levels: the winners' raised by their gain, stopping at Ace
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(one_card_hands([1, 0, 3, 2], 5), level=5, leader=1, team_levels=[5, 5])
    play_order(s, [1, 0, 3, 2])
    assert s.outcome().score["gained"] == 2 and s.outcome().score["team_levels"] == [5, 7]
    s = g.from_hands(one_card_hands([0, 2, 1, 3], 13), level=13, leader=0, team_levels=[13, 4])
    play_order(s, [0, 2, 1, 3])
    assert s.outcome().score["team_levels"] == [14, 4]


def test_gd_1_2_separate_levels_next_deal_at_winner_level():
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([1, 3, 0, 2], 5), level=5, leader=1, team_levels=[5, 4], seed=7)
    play_order(s, [1, 3, 0, 2])
    assert s.team_levels == [5, 7] and s.level == 7 and not s.is_over
    assert s.returns() == [0, 0, 0, 0]


def test_gd_1_2_levels_stop_at_ace():
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([0, 2, 1, 3], 13), level=13, leader=0, team_levels=[13, 2])
    play_order(s, [0, 2, 1, 3])
    assert s.team_levels == [14, 2] and s.level == 14 and not s.is_over


def test_gd_1_2_ace_rule_wins_the_match_with_partner_not_last():
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([2, 1, 0, 3], 14), level=14, leader=2, team_levels=[14, 9])
    play_order(s, [2, 1, 0, 3])
    assert s.is_over and s.returns() == [1, -1, 1, -1]


def test_gd_1_2_ace_team_with_partner_last_stays_at_ace():
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([0, 1, 3, 2], 14), level=14, leader=0, team_levels=[14, 9])
    play_order(s, [0, 1, 3, 2])
    assert not s.is_over and s.team_levels == [14, 9] and s.level == 14


def test_gd_1_2_ace_team_winning_a_deal_not_played_at_ace_does_not_win():
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([0, 2, 1, 3], 9), level=9, leader=0, team_levels=[14, 9])
    play_order(s, [0, 2, 1, 3])
    assert not s.is_over and s.team_levels == [14, 9] and s.level == 14


def test_gd_6_3_next_deal_continues_and_restart_goes_back_to_level_2():
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([0, 2, 1, 3], 2), level=2, leader=0, seed=5)
    play_order(s, [0, 2, 1, 3])
    assert s.team_levels == [5, 2] and s.observation(0)["deal"] == 2
    assert sum(len(s.hand(p)) for p in range(4)) == 108
    r = s.restart()
    assert r.team_levels == [2, 2] and r.level == 2 and r.observation(0)["deal"] == 1


# -- GD-3: tribute and return ---------------------------------------------------------

def full_hands(level, fixed):
    """Four 27-card hands from two packs: ``fixed`` players hold the given
    cards topped up with 3s to 10s (never the level rank), the rest is shared out."""
    level -= 2
    left = Counter({c: 2 for c in range(54)})
    hands = {}
    for p, text in fixed.items():
        h = ids(text)
        left.subtract(h)
        hands[p] = h
    filler = [c for c in sorted(left.elements()) if 4 <= c < 36 and c >> 2 != level]
    for p in fixed:
        while len(hands[p]) < 27:
            c = filler.pop(0)
            left[c] -= 1
            hands[p].append(c)
    rest = sorted(left.elements())
    for p in range(4):
        if p not in hands:
            hands[p] = []
    for c in rest:
        p = min((p for p in range(4) if p not in fixed and len(hands[p]) < 27), key=lambda q: len(hands[q]))
        hands[p].append(c)
    assert all(len(hands[p]) == 27 for p in range(4))
    return [hands[p] for p in range(4)]


def test_gd_3_1_single_tribute_strongest_card_lowest_id_then_return_and_lead():
    lv = 8
    hands = full_hands(lv, {3: "Ks Kc Ad As 8c 8s 7c", 0: "9c"})
    s = cardavia.load("guandan").from_hands(hands, level=lv, previous=[0, 1, 2, 3])
    assert s.observation(1)["tribute"] == [[3, 0, "8c"]]  # level 8 cards beat the Ace; 8c lowest id
    assert s.current_player == 0 and s.phase == "return"
    with pytest.raises(IllegalMoveError) as e:
        s.play("single:3 3c")
    assert e.value.rule == "GD-3.4"
    s.play("return 9c")
    assert s.observation(2)["returned"] == [[0, 3, "9c"]]
    assert s.current_player == 3 and s.phase == "play"  # the payer to the 1st leads


def test_gd_3_1_third_player_pays_when_last_is_the_first_players_partner():
    hands = full_hands(2, {1: "RJ Ac", 2: "BJ"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[0, 3, 1, 2])
    assert s.observation(0)["tribute"] == [[1, 0, "RJ"]]


def test_trap_the_tribute_is_not_the_wild_even_when_it_is_the_highest_card():
    lv = 11  # level J: Jh is wild and would be the strongest card of this hand
    hands = full_hands(lv, {3: "Jh Jh Ac Kd"})
    s = cardavia.load("guandan").from_hands(hands, level=lv, previous=[0, 1, 2, 3])
    assert s.observation(0)["tribute"] == [[3, 0, "Ac"]]


def test_gd_3_2_double_tribute_higher_to_first_equal_by_turn_order():
    hands = full_hands(2, {1: "BJ Ac", 3: "RJ Kc"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[0, 2, 1, 3])
    assert s.observation(0)["tribute"] == [[3, 0, "RJ"], [1, 2, "BJ"]]
    assert s.current_player == 0
    s.play(s.legal_moves()[0])
    assert s.current_player == 2
    s.play(s.legal_moves()[0])
    assert s.current_player == 3 and s.phase == "play"  # his tribute went to the 1st
    # equal tributes: player 2 is 1st; after him in turn order comes 3, then 1
    hands = full_hands(2, {1: "Ac Kc", 3: "Ad Qc"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[2, 0, 3, 1])
    assert s.observation(1)["tribute"] == [[3, 2, "Ad"], [1, 0, "Ac"]]
    hands = full_hands(2, {1: "Ad Kc", 3: "Ac Qc"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[0, 2, 1, 3])
    assert s.observation(1)["tribute"] == [[1, 0, "Ad"], [3, 2, "Ac"]]


def test_gd_3_3_anti_tribute_one_payer_with_both_red_jokers():
    hands = full_hands(2, {3: "RJ RJ"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[0, 1, 2, 3])
    obs = s.observation(1)
    assert obs["anti_tribute"] and obs["tribute"] == [] and s.current_player == 0 and s.phase == "play"
    # The first leader stays the first finisher as the play goes on.
    s.play(s.legal_moves()[-1])
    assert s.current_player != 0 and s.observation(1)["first_leader"] == 0


def test_trap_anti_tribute_with_the_red_jokers_split_between_two_payers():
    hands = full_hands(2, {1: "RJ", 3: "RJ"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[2, 0, 1, 3])
    assert s.observation(0)["anti_tribute"] and s.current_player == 2 and s.phase == "play"
    # one Red Joker each but a single tribute: no anti-tribute
    hands = full_hands(2, {1: "RJ", 3: "RJ"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[2, 1, 0, 3])
    assert not s.observation(0)["anti_tribute"] and s.observation(0)["tribute"] == [[3, 2, "RJ"]]


def test_gd_3_4_return_a_non_wild_2_to_10_or_the_lowest_card():
    lv = 7
    hands = full_hands(lv, {0: "7h 7c 9d Jc", 3: "RJ"})
    s = cardavia.load("guandan").from_hands(hands, level=lv, previous=[0, 1, 2, 3])
    choices = {str(m) for m in s.legal_moves()}
    assert "return 7c" in choices and "return 9d" in choices  # level card of another suit counts
    assert "return 7h" not in choices and "return Jc" not in choices and "return RJ" not in choices
    with pytest.raises(IllegalMoveError) as e:
        s.play("return 7h")
    assert e.value.rule == "GD-3.4"
    # no 2-10: the lowest card in this deal's order (level K: Jc, Jd are lowest)
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["Jc Jd Qc Ac Kh BJ", "3c 4c RJ", "5c", "6c"], level=13, previous=[0, 3, 2, 1])
    assert s.observation(0)["tribute"] == [[1, 0, "RJ"]]
    assert sorted(str(m) for m in s.legal_moves()) == ["return Jc", "return Jd"]


def test_gd_3_5_tribute_is_automatic_and_shown_to_everyone_in_a_match():
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([0, 2, 1, 3], 2), level=2, leader=0, seed=21)
    play_order(s, [0, 2, 1, 3])
    raw, _ = core.deal(derive_seed(21, 1))
    obs = [s.observation(p) for p in range(4)]
    assert obs[0]["tribute"] and all(o["tribute"] == obs[0]["tribute"] for o in obs)
    lv = 3  # team 0 went up 3 to level 5: rank index 3
    for payer, _receiver, text in obs[0]["tribute"]:
        hand = [c for c in range(54) for _ in range(raw[payer][c]) if c != 4 * lv + 2]
        best = max(hand, key=lambda c: (_val(c >> 2 if c < 52 else c - 39, lv), -c))
        assert text == card_text(best)


# -- observations, conformance, simulate ------------------------------------------------

def test_observation_hides_other_hands_but_shows_counts_tribute_and_returns():
    hands = full_hands(2, {3: "Ac"})
    s = cardavia.load("guandan").from_hands(hands, level=2, previous=[0, 1, 2, 3])
    s.play(s.legal_moves()[0])
    o = s.observation(1)
    assert len(o["hand"]) == 27 and o["hand_sizes"] == [27, 27, 27, 27]
    assert o["tribute"] and o["returned"]
    text = o.to_json()
    for p in (0, 2, 3):
        assert sorted(s.observation(p)["hand"]) != sorted(o["hand"])
    assert "hands" not in json.loads(text)


def test_conformance_1000_seeded_deals():
    check_random_games(cardavia.load("guandan", match=False), range(1000), check_every=45)


def test_conformance_20_whole_matches():
    n = check_random_games(cardavia.load("guandan"), range(100, 120), check_every=400)
    assert n > 20 * 500


def test_compiled_selfplay_loop_plays_whole_deals():
    out = core.selfplay(300, 9)
    assert out["deals"] == 300 and 0 < out["team0_wins"] < 300
    assert 300 <= out["levels_gained"] <= 900 and out["moves"] > 300 * 27


def test_simulate_deals_and_matches_figures():
    from cardavia import simulate
    r = simulate.run("guandan", 20, seed=1, workers=1, options={"match": False})
    assert r["deals"] == 20 and abs(sum(r["team_win_rate"]) - 1) < 1e-9
    assert abs(sum(r["winner_up_1_2_3_rate"]) - 1) < 1e-9
    m = simulate.run("guandan", 2, seed=1, workers=1, options={"match": True})
    assert m["matches"] == 2 and m["mean_match_length_deals"] >= 4


def test_gd_4_1_compiled_loop_and_python_state_play_the_same_deals():
    """GD-4.1, GD-6.1: the compiled self-play loop and the Python State agree
    step by step (who moves, how many legal moves, the finishing order)."""
    g = cardavia.load("guandan", match=False)
    for seed in range(12):
        level = seed % 13
        t = core.trace_deal(seed, level)
        hands = [[c for c in range(54) for _ in range(h[c])] for h in t["hands"]]
        s = g.from_hands(hands, level=level + 2, leader=t["leader"])
        for player, choices, pick in t["steps"]:
            assert s.current_player == player
            lm = s.legal_moves()
            assert len(lm) == choices
            s.play(lm[pick])
        assert s.is_over and s.finishing_order == t["order"]


def test_gd_3_4_from_hands_with_tribute_replays_from_json():
    hands = full_hands(9, {3: "RJ Kc", 1: "BJ"})
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(hands, level=9, previous=[0, 2, 1, 3])
    rng = random.Random(2)
    for _ in range(30):
        s.play(s.legal_moves().sample(rng))
    r = g.from_json(s.to_json())
    assert r.to_json() == s.to_json() and r.observation(1) == s.observation(1)
    assert r.observation(0)["tribute"] == [[3, 0, "RJ"], [1, 2, "BJ"]]


def test_lazy_view_counts_and_samples_without_listing():
    s = cardavia.load("guandan", match=False).new_state(seed=30)
    lm = s.legal_moves()
    assert len(lm) > 100
    m = lm.sample(random.Random(4))
    assert m in lm and lm._list is None  # nothing was listed


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as hst  # noqa: E402
from checks import check_state_json_loads_or_value_error, json_values, check_text_changes_nothing  # noqa: E402

_FAST = settings(max_examples=120, deadline=None, derandomize=True,
                 suppress_health_check=list(HealthCheck))
_JSON = json_values(["3h 4h", "2h 2h", "BJ BJ RJ RJ", ""], list_size=5, max_leaves=12)


@_FAST
@given(hst.booleans(),
       hst.dictionaries(hst.sampled_from(["seed", "hands", "level", "leader", "previous", "team_levels"]),
                        _JSON, max_size=5),
       hst.lists(hst.one_of(hst.text(max_size=5), hst.sampled_from(["pass", "return 3c", "single:3 3c"])),
                 max_size=3))
def test_gd_2_malformed_state_json_is_a_value_error(match, setup, moves):
    """GD-2: a hand-edited state JSON loads or raises ValueError; a bad
    ``previous`` or a leader out of range used to raise TypeError/IndexError."""
    check_state_json_loads_or_value_error(cardavia.load("guandan", match=match), setup, moves)


_GD_STATE = cardavia.load("guandan", match=False).new_state(seed=11)


@_FAST
@given(hst.one_of(
    hst.text(max_size=40),
    hst.lists(hst.sampled_from(list("23456789TJQKABR10 :hcds♥") + [
        "pair:", "straight:", "straightflush:9 ", "bomb:", "jokerbomb:R ", "return ", "pass", "BJ", "RJ",
        "2h", "Th", "{", "]"]), max_size=25).map("".join),
    hst.sampled_from(["single:3 " + "3c " * 50_000, "♠" * 5000, '{"moves": ["pass"]}', "[" * 500])))
def test_gd_5_3_garbage_move_text_is_a_value_error_and_changes_nothing(text):
    """GD-5.3: any text is a move, an InvalidMoveError or an IllegalMoveError
    (ValueErrors), and a refused text leaves the state as it was."""
    check_text_changes_nothing(_GD_STATE, text, lambda: _GD_STATE.game.parse_move(text, _GD_STATE),
                         lambda: parse_move(text, 2))


# -- the compiled loop's sampler: counting and unranking, no list ----------------

def _hands_with_wilds(level, per_group, start=0):
    """27-card hands of seeded deals grouped by wilds held (0, 1, 2)."""
    groups = {0: [], 1: [], 2: []}
    wild = 4 * level + 2
    seed = start
    while min(len(g) for g in groups.values()) < per_group:
        for h in core.deal(seed)[0]:
            if len(groups[h[wild]]) < per_group:
                groups[h[wild]].append(h)
        seed += 1
    return groups


def test_gd_5_3_loop_unranking_gives_exactly_the_listed_plays_in_order():
    """GD-5.1-5.4: the self-play loop's count (closed forms per section) and
    its play by index (walking one section) equal MoveGen's listing, leading
    and following every shape, bombs and straight flushes included."""
    rng = random.Random(5)
    checked = 0
    for level in (0, 5, 12):
        for w, hands in _hands_with_wilds(level, 3, start=100 * level).items():
            for h in hands:
                lead = core.MoveGen(h, level).moves()
                lasts = [None] + [lead[i] for i in rng.sample(range(len(lead)), 6)]
                lasts += [m for m in lead if m[0] >= 7][:2]  # a bomb or straight flush
                for last in lasts:
                    args = () if last is None else (last[0], last[1], len(last[2]))
                    gen = core.MoveGen(h, level, *args)
                    total, plays = core.unranked_plays(h, level, *args)
                    assert total == gen.total
                    assert plays == gen.moves(), (level, w, last)
                    checked += total
    assert checked > 20_000


def _chi2_uniform(counts, k, n):
    """Chi-square statistic of ``counts`` (k cells, n draws) against uniform."""
    e = n / k
    return sum((counts.get(i, 0) - e) ** 2 / e for i in range(k))


@pytest.mark.parametrize("following", [False, True])
def test_gd_4_1_loop_draws_are_uniform_over_legal_moves(following):
    """GD-4.1, GD-5.3: each step of the compiled loop draws uniformly among
    all legal moves (the pass included when following): a chi-square test on
    a hand with two wilds (thousands of moves), every move its own cell, and
    per shape against the shares of MoveGen's counts."""
    level = 0
    h = _hands_with_wilds(level, 1)[2][0]
    args = (0, 3, 1) if following else ()  # follow a single 5, or lead
    gen = core.MoveGen(h, level, *args)
    index = {m: i for i, m in enumerate(gen.moves())}
    k = gen.total + (1 if following else 0)
    n = 60 * k
    choices, draws = core.draw_plays(h, level, *(args or (-1, 0, 0)), n, 77)
    assert choices == k and k > (20 if following else 2000)
    counts = Counter(gen.total if d is None else index[d] for d in draws)
    assert len(counts) == k  # every move reachable
    chi2 = _chi2_uniform(counts, k, n)
    df = k - 1
    assert abs(chi2 - df) < 5 * (2 * df) ** 0.5, (chi2, df)
    by_shape = Counter(None if d is None else d[0] for d in draws)
    shares = dict(enumerate(gen.counts_by_shape()))
    if following:
        shares[None] = 1
    for shape, c in shares.items():
        expect = n * c / k
        assert abs(by_shape[shape] - expect) < 5 * expect ** 0.5 + 1, (shape, by_shape[shape], expect)


def test_gd_4_1_loop_draws_are_not_uniform_over_templates():
    """The chi-square check above can fail: drawing a template uniformly and
    then a suit choice (a plausible shortcut) is rejected by it."""
    level = 0
    h = _hands_with_wilds(level, 1)[2][0]
    gen = core.MoveGen(h, level)
    plays = gen.moves()
    by_tmpl = {}
    for m in plays:  # group plays of the same reading and ranks: one template
        key = (m[0], m[1], tuple(sorted(c for c in m[2] if c != 4 * level + 2)), m[2].count(4 * level + 2))
        key = (key[0], key[1], tuple(c >> 2 for c in key[2]), key[3])
        by_tmpl.setdefault(key, []).append(m)
    tmpls = list(by_tmpl.values())
    assert len(tmpls) < len(plays)
    rng = random.Random(3)
    index = {m: i for i, m in enumerate(plays)}
    n = 60 * len(plays)
    counts = Counter(index[rng.choice(rng.choice(tmpls))] for _ in range(n))
    df = len(plays) - 1
    assert _chi2_uniform(counts, len(plays), n) - df > 5 * (2 * df) ** 0.5


def test_gd_5_4_loop_section_counts_equal_the_template_walk():
    """GD-5.1-5.4: the closed-form count of every template section (singles
    count distinct cards, not copies; full houses, runs, bombs, straight
    flushes by formula) equals walking that section's templates, leading and
    after every shape, at several levels."""
    lasts = [(-1, 0, 0), (0, 3, 1), (0, 12, 1), (0, 13, 1), (1, 5, 2), (1, 13, 2), (2, 12, 3),
             (3, 4, 5), (4, 8, 5), (5, 6, 6), (6, 9, 6), (7, 3, 4), (7, 10, 6), (8, 7, 5), (7, 3, 5)]
    n = 0
    for level in (0, 5, 12):
        for w, hands in _hands_with_wilds(level, 4, start=7 * level).items():
            for h in hands:
                for last in lasts:
                    counted, walked = core.section_counts(h, level, *last)
                    assert counted == walked, (level, w, last)
                    n += sum(walked)
    assert n > 10_000


# -- GD-1, GD-2, GD-3 setup validation (issue 19 part 1) and the one vocabulary ----

def _bad_setup(rule, fn, *args, **kw):
    with pytest.raises(InvalidSetupError) as e:
        fn(*args, **kw)
    assert e.value.rule == rule, e.value
    return str(e.value)


def test_gd_2_1_from_hands_refuses_more_than_two_copies_of_a_card():
    g = cardavia.load("guandan", match=False)
    msg = _bad_setup("GD-2.1", g.from_hands, ["Ah Ah"] * 4)
    assert "two packs hold two of each card" in msg
    _bad_setup("GD-2.1", g.from_hands, ["Ah Ah Ah", "3c", "4c", "5c"])
    _bad_setup("GD-2.1", g.from_hands, [[60], [1], [2], [3]])
    _bad_setup("GD-2.1", g.from_hands, ["3c", "4c", "5c"])  # three hands
    _bad_setup("GD-2.1", g.from_hands, ["3c", "4c", "5c", ""])  # an empty hand
    _bad_setup("GD-2.1", g.from_hands, [[c for c in range(28)], "4c", "5c", "6c"])  # 28 cards
    s = g.from_hands(["Ah Ah", "3c", "4c", "5c"])
    assert s.hand(0) == (parse_cards("Ah")[0],) * 2


def test_gd_1_2_from_hands_refuses_levels_out_of_range_or_of_the_wrong_length():
    g = cardavia.load("guandan")
    hands = ["3c 4c", "5c", "6c", "7c"]
    _bad_setup("GD-1.2", g.from_hands, hands, team_levels=(2,))
    _bad_setup("GD-1.2", g.from_hands, hands, team_levels=(2, 2, 2))
    _bad_setup("GD-1.2", g.from_hands, hands, level=15)
    _bad_setup("GD-1.2", g.from_hands, hands, level=1)
    _bad_setup("GD-1.2", g.from_hands, hands, level="K")  # levels are ints 2-14
    _bad_setup("GD-1.2", g.from_hands, hands, team_levels=(2, 99))
    _bad_setup("GD-1.2", g.from_hands, hands, level=5, team_levels=(2, 3))  # nobody's level
    _bad_setup("GD-1.2", g.from_hands, full_hands(5, {}), level=5, team_levels=(5, 2),
               previous=[1, 0, 2, 3])  # team 1 won: the deal is at its level
    _bad_setup("GD-2.3", g.from_hands, hands, leader=4)
    s = g.from_hands(hands, level=5, team_levels=(2, 5))
    assert s.level == 5 and s.team_levels == [2, 5]


def test_gd_1_2_team_levels_of_length_one_no_longer_fail_after_a_move():
    """Issue 19: team_levels=(2,) was accepted until a move failed with an
    IndexError after being written to the history."""
    g = cardavia.load("guandan")
    with pytest.raises(InvalidSetupError):
        g.from_hands(["3c", "4c", "5c", "6c"], team_levels=(2,))


def test_gd_3_1_a_tribute_payer_holding_only_wild_cards_is_refused_with_a_clear_message():
    """Issue 12 part 7: it used to fail with a raw 'byte must be in range(0, 256)'."""
    g = cardavia.load("guandan")
    msg = _bad_setup("GD-3.1", g.from_hands, ["3c 4c", "5c", "6c", "2h 2h"], previous=[0, 1, 2, 3])
    assert "only wild cards" in msg and "byte" not in msg
    _bad_setup("GD-3.1", g.from_hands, ["3c 4c", "5c", "6c", "2h"], previous=[0, 1, 2, 3, 3])
    _bad_setup("GD-3.1", g.from_hands, ["3c 4c", "5c", "6c", "2h"], previous=[0, 1, 1, 3])
    # the payer's wild is not given, but a cancelled tribute needs no card (GD-3.3)
    s = g.from_hands(["3c 4c", "RJ", "6c", "RJ 2h"], previous=[0, 2, 1, 3])
    assert s.observation(0)["anti_tribute"]


def test_gd_2_setup_json_is_validated_like_from_hands():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["3c 4c", "5c", "6c", "7c"])
    data = json.loads(s.to_json())
    for key, value, rule in (("hands", ["Ah Ah"] * 4, "GD-2.1"), ("team_levels", [2], "GD-1.2"),
                             ("level", 0, "GD-1.2"), ("leader", -1, "GD-2.3"), ("previous", [0, 0, 1, 2], "GD-3.1")):
        bad = dict(data, setup=dict(data["setup"], **{key: value}))
        _bad_setup(rule, g.from_json, json.dumps(bad))
    bad = dict(data, setup={"seed": 1, "level": 5})
    _bad_setup("GD-2.2", g.from_json, json.dumps(bad))
    with pytest.raises(InvalidSetupError):
        g.from_json(json.dumps(dict(data, setup=dict(data["setup"], colour="red"))))


def test_vocabulary_hand_is_a_tuple_in_game_order_and_observation_matches():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["RJ 5h 5c Ac 3d 5s BJ", "3c", "4c", "6c"], level=5)
    hand = s.hand(0)
    assert isinstance(hand, tuple)
    assert [card_text(c) for c in hand] == ["3d", "Ac", "5c", "5s", "BJ", "RJ", "5h"]
    assert s.observation(0)["hand"] == [card_text(c) for c in hand]
    assert s.observation(1)["hand_sizes"] == [7, 1, 1, 1]
    assert s.observation(1)["last_player"] is None and s.observation(1)["level"] == 5
    assert all(isinstance(m.kind, str) for m in s.legal_moves())
    with pytest.raises(ValueError):
        s.hand(4)


def test_outcome_score_breakdown_of_a_deal_and_a_match():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(one_card_hands([0, 1, 2, 3], 2), leader=0)
    play_order(s, [0, 1, 2, 3])
    out = s.outcome()
    assert out.returns == (2, -2, 2, -2) and out.winners == (0, 2)
    assert out.score["order"] == [0, 1, 2, 3] and out.score["gained"] == 2 and out.score["winner_team"] == 0
    json.dumps(out.to_dict())
    g = cardavia.load("guandan")
    s = g.from_hands(one_card_hands([2, 1, 0, 3], 14), level=14, leader=2, team_levels=[14, 9])
    play_order(s, [2, 1, 0, 3])
    assert s.outcome().returns == (1, -1, 1, -1) and s.outcome().score["team_levels"] == [14, 9]


# -- worlds: sampling the hidden cards (issue 12 part 2) -----------------------------

def _mid_game_states(match, seeds, steps):
    g = cardavia.load("guandan", match=match)
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_state(seed=seed)
        for _ in range(rng.randrange(*steps)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            yield g, s, rng


@pytest.mark.parametrize("match", [False, True])
def test_gd_3_1_resampled_worlds_look_the_same_replay_and_play_to_a_zero_sum_end(match):
    """GD-3.1, GD-2.1: a resampled world has the player's observation,
    differs from the real deal in some samples, rebuilds from its own dealt
    hands through JSON, and plays on legally to a zero-sum end."""
    differ = n = 0
    for g, s, rng in _mid_game_states(match, range(12), (5, 400 if match else 120)):
        p = s.current_player
        obs = s.observation(p)
        for _ in range(2):
            w = s.resample(p, rng)
            n += 1
            assert w.observation(p) == obs
            differ += any(w.hand(q) != s.hand(q) for q in range(4) if q != p)
            assert sorted(w.hand(p)) == sorted(s.hand(p))
            assert [len(w.hand(q)) for q in range(4)] == [len(s.hand(q)) for q in range(4)]
            r = g.from_json(w.to_json())
            assert r.to_json() == w.to_json() and r.observation(p).data["hand"] == obs["hand"]
            while not w.is_over:
                w.play(w.legal_moves().sample(rng))
            assert sum(w.returns()) == 0
    assert n >= 20 and differ >= n // 2


def test_gd_3_1_sample_world_from_an_observation_is_a_compiled_position_that_fits():
    for g, s, rng in _mid_game_states(True, range(20, 30), (30, 300)):
        p = s.current_player
        obs = s.observation(p)
        w = g.sample_world(obs, rng)
        assert w.hand(p) == s.position.hand(p) and w.hand_sizes() == s.position.hand_sizes()
        assert w.count() == s.position.count() and w.current == s.position.current
        for q in range(4):
            assert w.played_cards(q) == s.position.played_cards(q)
        w.random_playout(rng.getrandbits(64))
        assert w.phase == core.PHASE_OVER and sum(w.returns()) == 0
    with pytest.raises(InvalidSetupError):
        g.sample_world({"game": "doudizhu"}, 1)


def _world_key(pos, players):
    return tuple(bytes(pos.hand(q)) for q in players)


def _chi2_check(counts, cells, n):
    assert set(counts) <= set(cells), "a world outside the possible ones"
    e = n / len(cells)
    assert e >= 5
    chi2 = sum((counts.get(c, 0) - e) ** 2 / e for c in cells)
    df = len(cells) - 1
    assert chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df)


def _value(c, level):
    return _val(c >> 2 if c < 52 else c - 39, level)


def _fits(state, observer, hands):
    """Whether the others' hands ``hands`` (dict player -> card list) fit what
    ``observer`` saw of the tribute (GD-3.1, GD-3.3, GD-3.4): the reference
    the sampler is tested against, written from the rules."""
    pos, obs = state.position, state.observation(observer)
    lv = pos.level
    wild = 4 * lv + 2
    start = {}
    for q in range(4):  # each hand as dealt: held + played + given - received
        held = Counter(hands[q]) if q in hands else Counter(c for c in range(54) for _ in range(pos.hand(q)[c]))
        held.update({c: k for c, k in enumerate(pos.played_cards(q)) if k})
        for payer, receiver, c in obs["tribute"]:
            c = ids(c)[0]
            held[c] += (payer == q) - (receiver == q)
        for receiver, payer, c in obs["returned"]:
            c = ids(c)[0]
            held[c] += (receiver == q) - (payer == q)
        if any(k < 0 for k in held.values()):
            return False
        start[q] = held
    prev = obs["previous_order"]
    if prev is None:
        return True
    partner = (prev[0] + 2) % 4
    payers = prev[2:] if prev[1] == partner else [prev[3] if prev[3] != partner else prev[2]]
    reds = sum(start[p][53] for p in payers)
    if obs["anti_tribute"]:
        return reds == 2
    if reds == 2:
        return False
    for payer, _receiver, c in obs["tribute"]:
        c = ids(c)[0]
        best = max((x for x in start[payer].elements() if x != wild), key=lambda x: (_value(x, lv), -x))
        if best != c:
            return False
    for receiver, _payer, c in obs["returned"]:
        c = ids(c)[0]
        if c < 36 and c != wild:
            continue
        had = Counter(start[receiver])
        for _p, r, t in obs["tribute"]:
            if r == receiver:
                had[ids(t)[0]] += 1
        if any(x < 36 and x != wild for x in had.elements()):
            return False
        if min(_value(x, lv) for x in had.elements()) < _value(c, lv):
            return False
    return True


def _late_state(match, want_prev, max_hidden=6, seeds=range(200)):
    """A seeded random deal played on until the others hold few cards."""
    g = cardavia.load("guandan", match=match)
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_state(seed=seed)
        while not s.is_over:
            p = s.current_player
            sizes = s.position.hand_sizes()
            hidden = [q for q in range(4) if q != p and sizes[q]]
            if (sum(sizes[q] for q in range(4) if q != p) <= max_hidden and len(hidden) >= 2
                    and (s.observation(p)["previous_order"] is not None) == want_prev
                    and (not want_prev or s.observation(p)["tribute"])):
                return g, s, p
            s.play(s.legal_moves().sample(rng))
    raise AssertionError("no late position found")


def _exact_world_probabilities(state, observer):
    """Every deal of the unseen physical cards into the others' free places,
    kept if it fits (``_fits``): the probability of each resulting holding."""
    from itertools import permutations
    pos = state.position
    others = [q for q in range(4) if q != observer]
    obs = state.observation(observer)
    known = {q: Counter() for q in others}
    for payer, receiver, c in obs["tribute"]:
        if receiver in known:
            known[receiver][ids(c)[0]] += 1
        if payer in known:
            known[payer][ids(c)[0]] -= 1
    for receiver, payer, c in obs["returned"]:
        if payer in known:
            known[payer][ids(c)[0]] += 1
        if receiver in known:
            known[receiver][ids(c)[0]] -= 1
    for q in others:
        for c, k in enumerate(pos.played_cards(q)):
            known[q][c] -= k
        known[q] = Counter({c: k for c, k in known[q].items() if k > 0})
    pool = []
    for q in others:
        held = Counter(c for c in range(54) for _ in range(pos.hand(q)[c]))
        pool += list((held - known[q]).elements())
    free = [pos.hand_sizes()[q] - sum(known[q].values()) for q in others]
    counts = Counter()
    total = 0
    for perm in permutations(range(len(pool))):
        hands, k = {}, 0
        for q, f in zip(others, free):
            hands[q] = list(known[q].elements()) + [pool[i] for i in perm[k:k + f]]
            k += f
        if not _fits(state, observer, hands):
            continue
        key = tuple(bytes(bytearray(hands[q].count(c) for c in range(54))) for q in others)
        counts[key] += 1
        total += 1
    return {k: v / total for k, v in counts.items()}, others


def _check_chi2_exact(probs, counts, n):
    assert set(counts) <= set(probs), "a world outside the possible ones"
    assert min(probs.values()) * n >= 5
    chi2 = sum((counts.get(c, 0) - n * p) ** 2 / (n * p) for c, p in probs.items())
    df = len(probs) - 1
    assert df >= 2 and chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df)


@pytest.mark.parametrize("match", [False, True])
def test_gd_2_1_gd_3_1_worlds_are_uniform_chi_square_on_a_late_position(match):
    """GD-2.1, GD-3.1: on a late position (first deal; in a match a deal after
    a tribute, whose cards and what they prove constrain the worlds) the
    worlds follow the exact distribution of the unseen physical cards over
    the free places, computed here by enumerating every deal that fits."""
    g, s, p = _late_state(match, want_prev=match)
    probs, others = _exact_world_probabilities(s, p)
    n = max(300, int(6 / min(probs.values())) + 1)
    obs = s.observation(p)
    counts = Counter(_world_key(g.sample_world(obs, seed), others) for seed in range(n))
    _check_chi2_exact(probs, counts, n)
    counts = Counter(_world_key(s.position.sample_world(p, seed), others) for seed in range(n, 2 * n))
    _check_chi2_exact(probs, counts, n)


def test_gd_3_1_tribute_and_returned_cards_stay_with_their_holders():
    """GD-3.1, GD-3.4: the tribute Kc stays with its receiver and the returned
    3c with the payer; the payer gave his strongest card, so he never holds
    an Ace, a level 2 or a joker; each world replays from its own hands."""
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["3c 4c", "5c 6c", "Ac 7c 8c", "Kc 9c Tc"], previous=[0, 1, 2, 3])
    assert s.observation(1)["tribute"] == [[3, 0, "Kc"]]
    s.play("return 3c")
    obs = s.observation(1)
    kc, c3 = ids("Kc")[0], ids("3c")[0]
    strong = [c for c in range(54) if c != 2 and _value(c, 0) > _value(kc, 0)]
    differ = 0
    for seed in range(200):
        w = g.sample_world(obs, seed)
        assert w.hand(0)[kc] >= 1 and w.hand(3)[c3] >= 1 and not any(w.hand(3)[c] for c in strong)
        assert w.hand_sizes() == [2, 2, 3, 3]
        differ += w.hand(2) != s.position.hand(2)
    assert differ > 150
    for seed in range(5):
        w = s.resample(1, seed)
        assert w.observation(1) == obs and g.from_json(w.to_json()).observation(1) == obs


def test_gd_3_3_after_an_anti_tribute_only_the_payers_hold_the_red_jokers():
    hands = full_hands(2, {1: "RJ", 3: "RJ"})
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(hands, level=2, previous=[2, 0, 1, 3])
    assert s.observation(0)["anti_tribute"]
    obs = s.observation(0)
    for seed in range(30):
        w = g.sample_world(obs, seed)
        assert w.hand(2)[53] == 0 and w.hand(1)[53] + w.hand(3)[53] == 2
        r = s.resample(0, seed)
        assert r.observation(0) == obs


# -- the rollout policy (issue 12 part 3) ---------------------------------------------

def test_gd_4_1_policy_moves_are_legal_and_the_same_in_worlds_the_mover_cannot_tell_apart():
    """GD-4.1, GD-3.4: the policy's move is legal, reads only the mover's
    hand and the public state (the same in every world he cannot tell from
    the real one, for the same seed), and lets the partner's play stand."""
    g = cardavia.load("guandan")
    rng = random.Random(4)
    checked = partner = 0
    for seed in range(6):
        s = g.new_state(seed=seed)
        for step in range(600):
            if s.is_over:
                break
            p = s.current_player
            obs = s.observation(p)
            m = g.policy_move(obs, s.legal_moves(), 7)
            assert m in s.legal_moves()
            if step % 25 == 0:
                for _ in range(3):
                    w = g.sample_world(obs, rng)
                    assert _move_of(w.policy_move(7), w.level) == m
                checked += 1
            if obs["last_player"] == (p + 2) % 4 and len(m) != obs["hand_sizes"][p]:
                assert m.kind == "pass"
                partner += 1
            s.play(m if rng.random() < 0.7 else s.legal_moves().sample(rng))
    assert checked > 20 and partner > 5


def test_gd_5_4_policy_returns_the_lowest_card_and_keeps_bombs_and_wilds_when_leading():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["9c 9d 9s 9c 3d 4s 2h", "5c", "6c", "7c"], leader=0)
    m = g.policy_move(s.observation(0), s.legal_moves(), 1)
    assert m.kind == "play" and not m.is_bomb and ids("2h")[0] not in m.cards
    assert not set(m.cards) & set(ids("9c 9d 9s"))
    hands = full_hands(7, {3: "RJ", 0: "7h 7c 9d Jc"})
    s = cardavia.load("guandan").from_hands(hands, level=7, previous=[0, 1, 2, 3])
    m = g.policy_move(s.observation(0), s.legal_moves(), 1)
    choices = [x.cards[0] for x in s.legal_moves()]
    assert m.kind == "return" and m.cards[0] == min(choices, key=lambda c: (_value(c, 5), c))  # the lowest


def test_policy_team_beats_random_and_rollouts_end_zero_sum():
    g = cardavia.load("guandan", match=False)
    rng = random.Random(3)
    wins = 0
    for seed in range(40):
        s = g.new_state(seed=seed)
        while not s.is_over:
            p = s.current_player
            s.play(g.policy_move(s.observation(p), s.legal_moves(), rng) if p % 2 == 0
                   else s.legal_moves().sample(rng))
        wins += s.returns()[0] > 0
    assert wins >= 32
    for match in (False, True):
        s = cardavia.load("guandan", match=match).new_state(seed=5)
        ret = g.rollout(s, 1)
        assert len(ret) == 4 and sum(ret) == 0 and ret[0] == ret[2] and ret[0] != 0
        assert not s.is_over  # the state itself is untouched
    with pytest.raises(ValueError):
        g.rollout("not a position", 1)


def test_gd_5_1_analysis_entry_points_refuse_bad_arguments_with_value_errors():
    """Issue 19 part 3: only ValueError subclasses, in the project's words."""
    g = cardavia.load("guandan")
    s = g.new_state(seed=1)
    from cardavia.guandan import card_strength
    from cardavia.game import ArgumentTypeError
    for call in (lambda: classify(None, 2), lambda: classify("3c", "K"), lambda: moves(None, 2),
                 lambda: moves("3c", 2, last=5), lambda: moves("3c 3c 3c", 2), lambda: beats(5, None, 2),
                 lambda: beats("pass", None, 2), lambda: card_strength(2 ** 70, 0), lambda: parse_move(5),
                 lambda: parse_move("single:3 3c", 2 ** 80), lambda: g.sample_world("junk", 1),
                 lambda: g.sample_world({"game": "guandan"}, 1), lambda: s.resample(0, "x"), lambda: s.resample(9, 1),
                 lambda: s.play(object()), lambda: g.from_hands(None), lambda: g.rollout(None),
                 lambda: g.policy_move({"game": "guandan"}), lambda: g.from_hands(["3c", "4c", "5c", "6c"], seed=-1)):
        before = s.to_json()
        with pytest.raises(ValueError) as e:
            call()
        assert not isinstance(e.value, (IndexError, KeyError, OverflowError))
        assert "byte" not in str(e.value) and s.to_json() == before
    with pytest.raises(ArgumentTypeError):
        s.play(object())


def test_positions_play_from_several_threads_at_once():
    """Issue 12 part 1: no module-global scratch buffer; rollouts and random
    playouts release the GIL and give the same results in threads."""
    from concurrent.futures import ThreadPoolExecutor
    g = cardavia.load("guandan", match=False)
    starts = [g.new_state(seed=i).position for i in range(8)]
    alone = [p.rollout(i) for i, p in enumerate(starts)] + [p.copy().random_playout(i) for i, p in enumerate(starts)]
    with ThreadPoolExecutor(4) as ex:
        threaded = list(ex.map(lambda a: a[1].rollout(a[0]), enumerate(starts)))
        threaded += list(ex.map(lambda a: a[1].copy().random_playout(a[0]), enumerate(starts)))
    assert threaded == alone


def test_gd_4_1_observation_names_the_trick_and_its_leader():
    g = cardavia.load("guandan", match=False)
    s = g.from_hands(["3c 9c", "4c 9d", "5c 9s", "6c Tc"], leader=1)
    o = s.observation(0)
    assert o["leader"] is None and o["trick"] == [] and o["first_leader"] == 1
    s.play("single:4 4c")
    s.play("pass")
    o = s.observation(0)
    assert o["leader"] == 1 and o["trick"] == [[1, "single:4 4c"], [2, "pass"]] and o["passes"] == 1
    s.play("single:6 6c")
    s.play("pass")
    s.play("pass")
    s.play("pass")  # everyone passed: player 3 leads a new trick
    o = s.observation(0)
    assert s.current_player == 3 and o["leader"] is None and o["trick"] == []
