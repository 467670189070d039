"""Poker hands (RULES.md §5 TH-4): ranking proven exhaustively in the core,
cross-checked against eval7 and phevaluator and an independent reference
written here, plus ranges, equity and the ``cardavia equity`` command."""
import itertools
import random
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from cardavia import cli, poker
from cardavia._core import poker as core
from cardavia.cards import card_text, parse_cards

# ---------------------------------------------------------------------------
# An independent reference: best of all five-card subsets, read off the rules.


def _ref5(cards):
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    suits = {c & 3 for c in cards}
    counts = Counter(ranks)
    by = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    flush = len(suits) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:      # the wheel: ace plays low
            top = 3
    if top is not None and flush:
        return (8, top)
    if by[0][1] == 4:
        return (7, by[0][0], by[1][0])
    if by[0][1] == 3 and by[1][1] == 2:
        return (6, by[0][0], by[1][0])
    if flush:
        return (5, *ranks)
    if top is not None:
        return (4, top)
    if by[0][1] == 3:
        return (3, by[0][0], *[r for r, _ in by[1:]])
    if by[0][1] == 2 and by[1][1] == 2:
        return (2, by[0][0], by[1][0], by[2][0])
    if by[0][1] == 2:
        return (1, by[0][0], *[r for r, _ in by[1:]])
    return (0, *ranks)


def ref(cards):
    return max(_ref5(s) for s in itertools.combinations(cards, 5))


def _same_order(ours, theirs):
    """True when ``ours`` and ``theirs`` order the hands identically, ties included."""
    pairs = sorted(zip(ours, theirs))
    for (a1, b1), (a2, b2) in zip(pairs, pairs[1:]):
        if (a1 == a2) != (b1 == b2) or b1 > b2:
            return False
    return True


def _random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


# ---------------------------------------------------------------------------
# Part 2: exhaustive proofs (inside the compiled core)


def test_th_4_1_every_five_card_hand_exhaustive():
    """TH-4.1: all 2,598,960 five-card hands: 7,462 strengths, exact category counts."""
    total, counts, distinct = core._exhaustive(5)
    assert total == 2598960 == sum(counts)
    assert distinct == 7462
    # high card .. straight flush (the 4 royal flushes counted as straight flushes)
    assert counts == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    assert core._class_counts() == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def test_th_4_2_every_seven_card_hand_exhaustive():
    """TH-4.1/TH-4.2: all 133,784,560 seven-card hands rank to 4,824 strengths."""
    total, counts, distinct = core._exhaustive(7)
    assert total == 133784560 == sum(counts)
    assert distinct == 4824
    assert counts == [23294460, 58627800, 31433400, 6461620, 6180020,
                      4047644, 3473184, 224848, 41584]


def test_th_4_1_six_card_hands_exhaustive():
    """TH-4.1: all 20,358,520 six-card hands, best five of six, category by category."""
    total, counts, distinct = core._exhaustive(6)
    assert total == 20358520 == sum(counts)
    # the published six-card table (high card .. straight flush)
    assert counts == [6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844]
    assert 4824 < distinct < 7462


# ---------------------------------------------------------------------------
# Part 1/2: the ordering against peers and the reference


@pytest.mark.parametrize("k", [5, 6, 7])
def test_th_4_2_order_matches_eval7_and_phevaluator(k):
    """TH-4.2: same order and ties as eval7 and phevaluator, 40,000 random hands per size."""
    eval7 = pytest.importorskip("eval7", reason="eval7 (a test extra) is not installed")
    phevaluator = pytest.importorskip("phevaluator", reason="phevaluator (a test extra) is not installed")
    hands = _random_hands(40000, k, seed=k)
    ours = poker.evaluate_batch(hands).tolist()
    cards7 = [eval7.Card(card_text(c)) for c in range(52)]
    theirs_e7 = [eval7.evaluate([cards7[c] for c in h]) for h in hands.tolist()]
    # phevaluator shares the id layout 4 * rank + suit (c, d, h, s); lower is stronger
    assert phevaluator.evaluate_cards(*parse_cards("Ac Kc Qc Jc Tc")) == 1
    theirs_ph = [-phevaluator.evaluate_cards(*h) for h in hands.tolist()]
    assert _same_order(ours, theirs_e7)
    assert _same_order(ours, theirs_ph)


def test_th_4_1_matches_independent_reference():
    """TH-4.1: the rules read directly (best of every five) agree, 6- and 7-card hands."""
    for k in (5, 6, 7):
        hands = _random_hands(1500, k, seed=100 + k).tolist()
        ours = [poker.evaluate(h) for h in hands]
        assert _same_order(ours, [ref(h) for h in hands])
        assert [int(core._rank_fields(r)[0]) for r in ours] == [ref(h)[0] for h in hands]


def test_evaluate_inputs_and_batch_dtypes():
    hand = "Ah Kh Qs Jd Tc 2c 3d"
    ids = parse_cards(hand)
    v = poker.evaluate(hand)
    assert v == poker.evaluate(ids) == poker.evaluate(tuple(ids)) == poker.evaluate(bytes(ids))
    assert v == poker.evaluate(["Ah", "Kh", "Qs", "Jd", "Tc", "2c", "3d"]) == poker.evaluate("AhKhQsJdTc2c3d")
    hands = _random_hands(1000, 7, seed=9)
    want = poker.evaluate_batch(hands)
    assert want.dtype == np.int32
    for dt in (np.int64, np.int32, np.uint16, np.int8):
        assert np.array_equal(poker.evaluate_batch(hands.astype(dt)), want)
    assert np.array_equal(poker.evaluate_batch(np.asfortranarray(hands)), want)
    assert list(want[:50]) == [poker.evaluate(h) for h in hands[:50].tolist()]
    assert np.array_equal(poker.evaluate_batch(hands[:999]), want[:999])     # odd row count
    assert poker.evaluate_batch(np.zeros((0, 5), np.uint8)).shape == (0,)
    out = np.full(len(hands), -1, np.int32)
    assert poker.evaluate_batch(hands, out=out) is out
    assert np.array_equal(out, want)
    with pytest.raises(ValueError, match="out"):
        poker.evaluate_batch(hands, out=np.empty(len(hands), np.int64))
    for k in (5, 6):
        part = np.ascontiguousarray(hands[:, :k])
        assert list(poker.evaluate_batch(part)[:50]) == [poker.evaluate(h) for h in part[:50].tolist()]


@pytest.mark.parametrize("bad", ["AhKh", "AhKhQhJhTh9h8h7h", [1, 2, 3, 4, 99], "AhAhKdQd2c",
                                 b"\x01\x02\x03\x04\x01", "AhKhQhJhBJ", "AhKhQhJhXx",
                                 (2 ** 70, 1, 2, 3, 4), [0, 1, 2, 3, -1], (0, 1, 2, 3, 4.0), 12345])
def test_evaluate_rejects_bad_hands(bad):
    with pytest.raises(ValueError):
        poker.evaluate(bad)


def test_evaluate_batch_rejects_bad_arrays():
    with pytest.raises(ValueError, match="shape"):
        poker.evaluate_batch(np.zeros((3, 4), np.uint8))
    with pytest.raises(ValueError, match="0..51"):
        poker.evaluate_batch(np.full((2, 5), 52, np.int64))
    with pytest.raises(ValueError, match="row 1"):
        poker.evaluate_batch(np.array([[0, 1, 2, 3, 4], [0, 0, 1, 2, 3]], np.uint8))
    with pytest.raises(ValueError, match="0..51"):
        poker.evaluate_batch(np.array([[0, 1, 2, 3, 200]], np.uint8))
    with pytest.raises(ValueError, match="row 2"):
        poker.evaluate_batch(np.array([[0, 1, 2, 3, 4, 5, 6]] * 2 + [[9, 1, 2, 3, 4, 5, 9]], np.uint8))
    with pytest.raises(ValueError, match="integers"):
        poker.evaluate_batch(np.zeros((2, 5)))


# ---------------------------------------------------------------------------
# TH-4.1 categories and TH-4.2 comparisons, by example


def test_th_4_1_category_order_high_to_low():
    """TH-4.1: straight flush > quads > full house > flush > straight > trips > two pair > pair > high."""
    examples = ["9h 8h 7h 6h 5h", "Qc Qd Qh Qs 2c", "3c 3d 3h 2s 2c", "Ah Jh 8h 6h 2h",
                "Tc 9d 8h 7s 6c", "7c 7d 7h Ks 2c", "Kh Ks 9d 9c 2s", "Ac Ad 9h 5s 2c",
                "Ac Qd 9h 5s 2c"]
    ranks = [poker.evaluate(h) for h in examples]
    assert ranks == sorted(ranks, reverse=True)
    assert [poker.category(r) for r in ranks] == list(reversed(poker.Category))
    assert str(poker.category(ranks[2])) == "Full House"


def test_th_4_1_ace_high_or_low():
    """TH-4.1: A-2-3-4-5 is the lowest straight, A-K-Q-J-T the highest; no wrap-around."""
    wheel = poker.evaluate("Ac 2d 3h 4s 5c")
    six = poker.evaluate("2d 3h 4s 5c 6c")
    broadway = poker.evaluate("Ac Kd Qh Js Tc")
    assert poker.category(wheel) == poker.Category.STRAIGHT
    assert wheel < six < broadway
    assert poker.describe(wheel) == "Straight, Five high"
    assert poker.category(poker.evaluate("Qc Kd Ah 2s 3c")) == poker.Category.HIGH_CARD
    assert poker.describe(poker.evaluate("5h 4h 3h 2h Ah")) == "Straight Flush, Five high"


def test_th_4_1_uses_zero_one_or_two_hole_cards():
    """TH-4.1: the best five of seven, whichever cards they are."""
    board = "Ah Kh Qh Jh Th"
    assert poker.evaluate("2c 3d " + board) == poker.evaluate(board)          # board plays
    assert poker.describe(poker.evaluate("Kc Kd Ks 9c 9d 2h 3h")) == "Full House, Kings over Nines"
    assert poker.evaluate("9h 2h " + "Ah Kh Qh 7d 3s") > poker.evaluate("As Ad " + "Ah Kh Qh 7d 3s")
    assert poker.evaluate("9h 2c " + "Ah Kh Qh 7h 3s") > poker.evaluate("As Ad " + "Ah Kh Qh 7h 3s")


def test_th_4_2_kickers_decide_in_order():
    """TH-4.2: compare the making ranks, then kickers in order."""
    assert poker.evaluate("Ac Ad Kh 5s 2c") > poker.evaluate("Ac Ad Qh Js Tc")
    assert poker.evaluate("Kc Kd 9h 9s Ac") > poker.evaluate("Kc Kd 9h 9s Qc")
    assert poker.evaluate("Kc Kd 9h 9s 2c") > poker.evaluate("Qc Qd Jh Js Ac")
    assert poker.evaluate("3c 3d 3h 2s 2c") > poker.evaluate("2c 2d 2h As Ac")
    assert poker.evaluate("Ah 9h 8h 6h 4h") > poker.evaluate("Ad 9d 8d 6d 3d")


def test_th_4_2_suits_equal_and_extra_cards_never_break_ties():
    """TH-4.2: suits never rank; the sixth and seventh cards never break a tie."""
    assert poker.evaluate("Ac Kd Qh 9s 7c") == poker.evaluate("As Kh Qd 9c 7s")
    board = "Kc Kd 9h 9s As"
    assert poker.evaluate("2c 3d " + board) == poker.evaluate("Qc Jd " + board)
    assert poker.evaluate("Qc Qd Qh 8s 8c 7d 7h") == poker.evaluate("Qc Qd Qh 8s 8c 2d 3h")
    assert poker.evaluate("Ah Kh Qh Jh Th 9h") == poker.evaluate("As Ks Qs Js Ts")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
       st.permutations(range(4)), st.randoms(use_true_random=False))
def test_th_4_2_suits_never_rank_and_order_never_matters(cards, suit_map, rnd):
    """TH-4.2: renaming suits or reordering the cards leaves the strength unchanged."""
    v = poker.evaluate(cards)
    renamed = [4 * (c >> 2) + suit_map[c & 3] for c in cards]
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert poker.evaluate(renamed) == v == poker.evaluate(shuffled)
    assert poker.category(v) == ref(cards)[0]


def test_th_4_2_royal_flush_is_ace_high_straight_flush():
    r = poker.evaluate("Ts Js Qs Ks As")
    assert poker.category(r) == poker.Category.STRAIGHT_FLUSH
    assert poker.describe(r) == "Royal Flush"
    assert r > poker.evaluate("9s Ts Js Qs Ks")


def test_describe_words():
    cases = {
        "Kh Ks 9d 9c 2s": "Two Pair, Kings and Nines",
        "6h 6s 6d 2c 2s": "Full House, Sixes over Twos",
        "Qc Qd Qh Qs 2c": "Four of a Kind, Queens",
        "7c 7d 7h Ks 2c": "Three of a Kind, Sevens",
        "Ac Ad 9h 5s 2c": "Pair, Aces",
        "Ac Qd 9h 5s 2c": "High Card, Ace high",
        "Ah Jh 8h 6h 2h": "Flush, Ace high",
        "Tc 9d 8h 7s 6c": "Straight, Ten high",
        "9h 8h 7h 6h 5h": "Straight Flush, Nine high",
    }
    for hand, words in cases.items():
        assert poker.describe(poker.evaluate(hand)) == words
    for bad in (-1, 4095, 9 << 12, 0x4000 + 10):
        with pytest.raises(ValueError):
            poker.describe(bad)
    # every strength the evaluator can return has words, and only those
    described = {}
    for v in range(9 << 12):
        try:
            described[v] = poker.describe(v)
        except ValueError:
            pass
    assert len(described) == 7462
    assert sum(w == "Royal Flush" for w in described.values()) == 1
    every_five = {int(x) for x in poker.evaluate_batch(_random_hands(20000, 5, seed=4))}
    assert every_five <= set(described)


# ---------------------------------------------------------------------------
# Part 3: ranges and equity


def test_range_notation_counts():
    counts = {"AKs": 4, "AKo": 12, "AK": 16, "QQ": 6, "QQ+": 18, "A2s-A5s": 16, "A5s-A2s": 16,
              "22+": 78, "ATs+": 16, "KQo": 12, "KQo+": 12, "K9o+": 48, "22-55": 24,
              "22+, ATs+, KQo": 106, "random": 1326, "AhKh": 1, "AhKh, AsKs": 2, "Ah Kh": 1,
              "T9s": 4, "t9S": 4, "109s": 4, "AKs AKs": 4}
    for text, n in counts.items():
        assert len(poker.parse_range(text)) == n, text
    assert set(poker.parse_range("AKs")) == {(4 * 12 + s, 4 * 11 + s) for s in range(4)}
    assert set(poker.parse_range("QQ+")) == set(poker.parse_range("QQ, KK, AA"))
    assert poker.parse_range([50, 46]) == [(50, 46)]


@pytest.mark.parametrize("text,token", [("AKx", "AKx"), ("QQs", "QQs"), ("22+, ATz+", "ATz+"),
                                        ("A2s-K5s", "A2s-K5s"), ("A2s-A5o", "A2s-A5o"),
                                        ("AhAh", "AhAh"), ("", ""), ("AK:0.5", "AK:0.5")])
def test_range_errors_quote_the_token(text, token):
    with pytest.raises(ValueError) as e:
        poker.parse_range(text)
    assert repr(token) in str(e.value) or repr(text) in str(e.value)


def test_th_4_equity_known_answer_exact():
    """AhKh v QsQd preflop: 787,966 wins, 917,606 losses, 6,732 ties for AhKh."""
    r = poker.equity(["AhKh", "QsQd"])
    assert r.exact and r.deals == 1712304
    assert r.wins == (787966, 917606)
    assert r.ties == (6732, 6732)
    assert r.losses[0] == 917606
    assert round(r.equity[0], 7) == 0.4621446
    assert abs(sum(r.equity) - 1) < 1e-12
    assert r.std_error == (0.0, 0.0)


def _brute(hands, board, dead=()):
    """Equity by dealing every board with the reference evaluator (Python)."""
    used = set(board) | set(dead) | {c for h in hands for c in h}
    rest = [c for c in range(52) if c not in used]
    wins, ties, pots, n = [0] * len(hands), [0] * len(hands), [0.0] * len(hands), 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        vals = [ref(list(h) + list(board) + list(extra)) for h in hands]
        best = max(vals)
        winners = [i for i, v in enumerate(vals) if v == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            pots[i] += 1 / len(winners)
        n += 1
    return n, wins, ties, pots


def test_equity_exact_matches_brute_force_reference():
    """Exact equity on flop and turn spots equals dealing every board with the reference."""
    rng = random.Random(11)
    for _ in range(6):
        deck = list(range(52))
        rng.shuffle(deck)
        players = rng.choice([2, 3])
        hands = [deck[2 * i:2 * i + 2] for i in range(players)]
        board = deck[2 * players:2 * players + rng.choice([3, 4])]
        n, wins, ties, pots = _brute(hands, board)
        r = poker.equity(hands, board=board)
        assert r.exact and r.deals == n
        assert list(r.wins) == wins and list(r.ties) == ties
        assert all(abs(a - b / n) < 1e-12 for a, b in zip(r.equity, pots))


def test_equity_rank_enumeration_equals_every_board():
    """The ranks-first enumeration (suits counted) equals dealing every board."""
    rng = random.Random(5)
    for _ in range(25):
        deck = list(range(52))
        rng.shuffle(deck)
        players = rng.randint(2, 4)
        nb = rng.choice([0, 3, 3, 4])
        combos = np.array([deck[2 * i:2 * i + 2] for i in range(players)], np.uint8)
        starts = np.arange(players + 1, dtype=np.int32)
        board = deck[2 * players:2 * players + nb]
        dead = sum(1 << c for c in deck[40:40 + rng.randint(0, 3)])
        if nb == 0 and players > 2:
            continue    # keep the every-board walk cheap
        a = core._equity(combos, starts, board, dead, 0, 0, 1)
        b = core._equity(combos, starts, board, dead, 0, 0, 0)
        assert a[:3] == b[:3]
        assert np.allclose(a[3], b[3])


def test_equity_ranges_weight_every_non_conflicting_combination_equally():
    board = parse_cards("Kd 7c 2h")
    hands = ["AA, KhQh", "AsKs, AhKc, QQ"]
    total = Counter()
    deals = 0
    for a in poker.parse_range(hands[0]):
        for b in poker.parse_range(hands[1]):
            if len({*a, *b, *board}) < 7:
                continue
            r = poker.equity([list(a), list(b)], board=board)
            deals += r.deals
            for i in range(2):
                total[i] += r.equity[i] * r.deals
    r = poker.equity(hands, board=board)
    assert r.exact and r.deals == deals
    assert all(abs(r.equity[i] - total[i] / deals) < 1e-12 for i in range(2))
    assert r.combos == (7, 8)


def test_equity_range_on_river_matches_eval7():
    """Hand v range on complete boards: the same equity as eval7's exact range code."""
    eval7 = pytest.importorskip("eval7", reason="eval7 (a test extra) is not installed")
    rng = random.Random(1)
    deck = [card_text(c) for c in range(52)]
    rg = "22+, A2s+, KTo+, 87s"
    for _ in range(20):
        rng.shuffle(deck)
        hero, board = deck[:2], deck[2:7]
        theirs = eval7.py_hand_vs_range_exact([eval7.Card(c) for c in hero], eval7.HandRange(rg),
                                              [eval7.Card(c) for c in board])
        ours = poker.equity(["".join(hero), rg], board="".join(board))
        assert ours.exact and abs(ours.equity[0] - theirs) < 1e-6


def test_equity_monte_carlo_seeded_with_standard_error():
    exact = poker.equity(["AsKs", "QdQc", "7h6h"])
    a = poker.equity(["AsKs", "QdQc", "7h6h"], trials=40000, seed=3)
    b = poker.equity(["AsKs", "QdQc", "7h6h"], trials=40000, seed=3)
    c = poker.equity(["AsKs", "QdQc", "7h6h"], trials=40000, seed=4)
    assert exact.exact and not a.exact
    assert a == b and a.equity != c.equity
    assert a.deals == 40000
    for i in range(3):
        assert 0.001 < a.std_error[i] < 0.01
        assert abs(a.equity[i] - exact.equity[i]) < 5 * a.std_error[i]
    assert abs(sum(a.equity) - 1) < 1e-9


def test_equity_range_monte_carlo_when_enumeration_is_dear():
    r = poker.equity(["22+, ATs+, KQo", "random", "random"], trials=None, seed=1)
    assert not r.exact and poker.MIN_TRIALS <= r.deals <= poker.DEFAULT_TRIALS
    assert abs(sum(r.equity) - 1) < 1e-9
    assert r == poker.equity(["22+, ATs+, KQo", "random", "random"], seed=1)   # repeats
    # ranges that collide often get fewer (still seeded) trials
    nine = poker.equity(["random"] * 9)
    assert nine.deals == poker.MIN_TRIALS
    assert abs(sum(nine.equity) - 1) < 1e-9 and all(abs(e - 1 / 9) < 0.005 for e in nine.equity)
    # A range MC against its exact value on a cheap spot
    ex = poker.equity(["QQ+", "AKs"], board="Qs7d2c")
    mc = poker.equity(["QQ+", "AKs"], board="Qs7d2c", trials=50000, seed=2)
    assert ex.exact and abs(mc.equity[0] - ex.equity[0]) < 5 * mc.std_error[0] + 1e-9


@pytest.mark.parametrize("kwargs,match", [
    (dict(hands=["AhKh"]), "2 to 9"),
    (dict(hands=["AA"] * 10), "2 to 9"),
    (dict(hands="AhKh QsQd"), "list"),
    (dict(hands=["AhKh", "QsQd"], board="Ah7d2c"), "board"),
    (dict(hands=["AhKh", "QsQd"], board="2c3c4c5c6c7c"), "at most 5"),
    (dict(hands=["AhKh", "QsQd"], board="2c", dead="2c"), "both"),
    (dict(hands=["AhKh", "AhQd"]), "no possible deal"),
    (dict(hands=["AhKh", "QsQd"], trials=0), r"trials must be in 1\.\."),
    (dict(hands=["AhKh", "QsQd"], seed=-1), r"seed must be in 0\.\."),
    (dict(hands=["AhKh", "QxQd"]), "QxQd"),
])
def test_equity_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        poker.equity(**kwargs)


# ---------------------------------------------------------------------------
# Part 9: cardavia equity


def test_cli_equity_prints_each_player(capsys):
    assert cli.main(["equity", "AhKh", "QsQd"]) == 0
    out = capsys.readouterr().out
    assert "46.214%" in out and "53.786%" in out and "exact" in out
    assert cli.main(["equity", "AhKh", "QQ+", "--board", "Qs7d2c"]) == 0
    out = capsys.readouterr().out
    assert "AhKh" in out and "QQ+" in out and "board: Qs 7d 2c" in out
    assert cli.main(["equity", "AsKs", "QdQc", "7h6h", "--trials", "2000", "--seed", "5"]) == 0
    assert "Monte Carlo: 2,000 trials" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["equity", "AhKh"], ["equity", "AhKh", "QQz"],
                                  ["equity", "AhKh", "QsQd", "--board", "Zz"],
                                  ["equity", "AhKh", "AhQd"],
                                  ["equity", "AhKh", "QsQd", "--trials", "0"]])
def test_cli_equity_bad_input_is_one_line_exit_2(argv, capsys):
    try:
        code = cli.main(argv)
    except SystemExit as e:          # argparse's own checks (one line, exit 2)
        code = e.code
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


def test_issue_19_huge_and_odd_numbers_are_project_errors():
    from cardavia.game import ArgumentTypeError
    for bad in (2**40, -1, 2**70, 40000):
        with pytest.raises(ValueError, match="hand strength"):
            poker.describe(bad)
        with pytest.raises(ValueError, match="hand strength"):
            poker.category(bad)
    with pytest.raises(ArgumentTypeError):
        poker.describe(float("inf"))
    assert poker.describe(np.int32(poker.evaluate("Ah Kh Qh Jh Th"))) == "Royal Flush"
    for kwargs in (dict(trials=float("inf")), dict(trials=10**30), dict(seed=2**70), dict(seed=float("nan"))):
        with pytest.raises(ValueError) as e:
            poker.equity(["AhKh", "QsQd"], **kwargs)
        assert type(e.value).__module__.startswith("cardavia") or " must be in " in str(e.value)
    with pytest.raises(ArgumentTypeError):
        poker.equity(12)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32,
                                   np.uint64, np.int64])
def test_evaluate_batch_any_integer_dtype_in_place(dtype):
    """Issue 12 part 7: every integer type is ranked by its own kernel, no copy."""
    rng = np.random.default_rng(5)
    hands = np.argsort(rng.random((501, 52)), axis=1)[:, :7]
    ref = np.array([poker.evaluate(tuple(int(c) for c in h)) for h in hands[:50]])
    for k in (5, 6, 7):
        got = poker.evaluate_batch(hands[:, :k].astype(dtype))
        assert list(got[:50]) == [poker.evaluate(tuple(int(c) for c in h[:k])) for h in hands[:50]]
    assert list(poker.evaluate_batch(hands.astype(dtype))[:50]) == list(ref)
    assert list(poker.evaluate_batch(hands.astype(dtype)[:, ::-1])[:50]) == list(ref)   # strided
    bad = hands.astype(dtype)
    bad[7, 2] = bad[7, 1]
    with pytest.raises(ValueError, match="row 7"):
        poker.evaluate_batch(bad)
    if np.dtype(dtype).kind == "i":
        bad = hands.astype(dtype)
        bad[3, 0] = -1
        with pytest.raises(ValueError, match="row 3"):
            poker.evaluate_batch(bad)
    if np.dtype(dtype).itemsize >= 2:
        bad = hands.astype(dtype)
        bad[4, 6] = 256 + int(bad[4, 6])      # would alias a valid id if truncated to a byte
        with pytest.raises(ValueError, match="row 4"):
            poker.evaluate_batch(bad)
    swapped = hands.astype(np.dtype(dtype).newbyteorder())      # copied once, still right
    assert list(poker.evaluate_batch(swapped)[:50]) == list(ref)
