"""The double-dummy solver, proven against DDS 2.9 (through ``endplay``).

Every table of 100 random deals must equal DDS's in all 20 numbers, and the
mid-play (SolveBoard) values of every legal card must equal DDS's on
positions after 1, 3 and 6 tricks and with 1, 2 and 3 cards of the current
trick played.
"""
from __future__ import annotations

import random

import pytest
try:
    from endplay.dds import calc_all_tables, calc_dd_table, solve_board as dds_solve_board
    from endplay.types import Card, Deal, Denom, Player
except ImportError:  # endplay is a test extra: the DDS cross-checks skip without it
    Deal = None

from cardavia import bridge, pbn
from cardavia._core.bridge_core import trick_winner
from cardavia._core.dds import Solver

# endplay's Denom / Player numbering -> ours (strain C D H S NT = 0..4, seats N E S W = 0..3)
needs_dds = pytest.mark.skipif(Deal is None, reason="endplay (DDS, a test extra) is not installed")
if Deal is not None:
    DENOM = {0: Denom.clubs, 1: Denom.diamonds, 2: Denom.hearts, 3: Denom.spades, 4: Denom.nt}
    PLAYER = {0: Player.north, 1: Player.east, 2: Player.south, 3: Player.west}
    SUIT_OF_DENOM = {Denom.clubs: 0, Denom.diamonds: 1, Denom.hearts: 2, Denom.spades: 3}


def random_hands(rng: random.Random, size: int = 13) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[size * h:size * h + size]) for h in range(4)]


def dds_table(hands) -> list[list[int]]:
    t = calc_dd_table(Deal(pbn.format_deal(hands))).to_list()  # [denom][player], denom S H D C NT
    order = {0: 3, 1: 2, 2: 1, 3: 0, 4: 4}
    return [list(t[order[st]]) for st in range(5)]


def endplay_card_id(card) -> int:
    rank = card.rank.abbr if hasattr(card.rank, "abbr") else str(card.rank)
    return 4 * pbn.RANKS.index(rank[-1].upper()) + SUIT_OF_DENOM[card.suit]


def dds_mid_play(hands, trump, leader, trick) -> dict[int, int]:
    """DDS SolveBoard on a position: hands hold the cards not yet played."""
    held = list(hands)
    for k, c in enumerate(trick):  # endplay wants the trick's cards back in the hands
        held[(leader + k) % 4] |= 1 << c
    d = Deal(pbn.format_deal(held))
    d.trump = DENOM[trump]
    d.first = PLAYER[leader]
    for c in trick:
        d.play(Card(pbn.card_pbn(c)))
    return {endplay_card_id(card): v for card, v in dds_solve_board(d)}


@needs_dds
def test_endplay_card_conversion():
    assert endplay_card_id(Card("SA")) == 51 and endplay_card_id(Card("C2")) == 0
    assert endplay_card_id(Card("HT")) == 4 * 8 + 2


@needs_dds
def test_dd_table_equals_dds_on_100_random_deals():
    """All 20 numbers of 100 random deals equal DDS's (BR-4.2 trick rules, solved)."""
    rng = random.Random(20261130)
    deals = [random_hands(rng) for _ in range(100)]
    order = {0: 3, 1: 2, 2: 1, 3: 0, 4: 4}
    theirs = []
    for k in range(0, len(deals), 25):  # DDS takes a limited number of tables per call
        batch = calc_all_tables([Deal(pbn.format_deal(h)) for h in deals[k:k + 25]])
        theirs.extend([list(t.to_list()[order[st]]) for st in range(5)] for t in batch)
    solver = Solver()
    for i, hands in enumerate(deals):
        assert solver.table(hands) == theirs[i], f"deal {i}: {pbn.format_deal(hands)}"


def _position(rng, tricks, cards):
    hands = random_hands(rng)
    trump = rng.randrange(5)
    leader = rng.randrange(4)
    seq_hands = list(hands)
    ld = leader
    trick = []
    for t in range(tricks + 1):
        trick = []
        n = 4 if t < tricks else cards
        for k in range(n):
            p = (ld + k) % 4
            held = [c for c in range(52) if seq_hands[p] >> c & 1]
            if trick:
                follow = [c for c in held if c & 3 == trick[0][1] & 3]
                held = follow or held
            c = rng.choice(held)
            seq_hands[p] &= ~(1 << c)
            trick.append((p, c))
        if t < tricks:
            ld = trick_winner([c for _, c in trick], trick[0][0], trump)
    return seq_hands, trump, ld, [c for _, c in trick]


@needs_dds
@pytest.mark.parametrize("tricks,cards", [(1, 0), (3, 0), (6, 0), (4, 1), (5, 2), (7, 3), (2, 3), (9, 1)])
def test_mid_play_equals_dds_solve_board(tricks, cards):
    """Every legal card's value equals DDS SolveBoard's, after whole tricks
    and with 1-3 cards of the current trick played (BR-4.2)."""
    rng = random.Random(1000 * tricks + cards)
    solver = Solver()
    for _ in range(3):
        hands, trump, leader, trick = _position(rng, tricks, cards)
        ours = dict(solver.solve_board(hands, trump, leader, trick))
        theirs = dds_mid_play(hands, trump, leader, trick)
        assert ours == theirs, (pbn.format_deal(hands), trump, leader, trick)


@needs_dds
def test_small_endings_equal_dds():
    """200 random 5-card endings, every strain and leader."""
    rng = random.Random(5)
    solver = Solver()
    for _ in range(200):
        hands = random_hands(rng, 5)
        trump, leader = rng.randrange(5), rng.randrange(4)
        best = max(dds_mid_play(hands, trump, leader, []).values())
        assert solver.solve(hands, trump, leader) == best


def _ns_minimax(hands: list[list[int]], trump: int, leader: int, trick: list[int]) -> int:
    """North-South's tricks from here (the current trick included) by plain
    minimax over every legal card: no table, no shortcuts."""
    p = (leader + len(trick)) % 4
    if not hands[p]:
        return 0
    led = [c for c in hands[p] if trick and c % 4 == trick[0] % 4]
    values = []
    for c in led or list(hands[p]):
        hands[p].remove(c)
        cards = trick + [c]
        if len(cards) == 4:
            suit = cards[0] % 4
            win = max(range(4), key=lambda i: (cards[i] % 4 == trump, cards[i] % 4 == suit, cards[i] // 4))
            w = (leader + win) % 4
            values.append((w % 2 == 0) + _ns_minimax(hands, trump, w, []))
        else:
            values.append(_ns_minimax(hands, trump, leader, cards))
        hands[p].append(c)
    return max(values) if p % 2 == 0 else min(values)


def test_small_endings_equal_plain_minimax():
    """DDS shares the solver's shortcuts (quick tricks, later tricks, second-
    hand cuts), so this check is independent of it: 400 random endings of 2
    and 3 tricks, 0-3 cards of the current trick played, every strain."""
    rng = random.Random(11)
    solver = Solver(12)
    checked = 0
    while checked < 400:
        tl = rng.choice((2, 3))
        trump, leader, nc = rng.randrange(5), rng.randrange(4), rng.randrange(4)
        suits = rng.sample(range(4), rng.choice((2, 3, 4)))
        deck = [c for c in range(52) if c % 4 in suits]
        rng.shuffle(deck)
        if len(deck) < 4 * tl:
            continue
        hands = [[] for _ in range(4)]
        k = 0
        for i in range(4):
            for _ in range(tl - (i < nc)):
                hands[(leader + i) % 4].append(deck[k])
                k += 1
        trick = deck[k:k + nc]
        if any(c % 4 != trick[0] % 4 and any(h % 4 == trick[0] % 4 for h in hands[(leader + i) % 4])
               for i, c in enumerate(trick) if i):
            continue  # a revoke: not a position of play
        masks = [sum(1 << c for c in h) for h in hands]
        ours = solver.solve_board(masks, trump, leader, trick)
        ns = _ns_minimax([list(h) for h in hands], trump, leader, list(trick))
        mover = (leader + nc) % 4
        assert ours[0][1] == (ns if mover % 2 == 0 else tl - ns), (hands, trump, leader, trick)
        checked += 1


def test_solve_is_the_leaders_side_view_of_the_table():
    rng = random.Random(77)
    hands = random_hands(rng)
    table = bridge.dd_table(pbn.format_deal(hands))
    for strain in range(5):
        for decl in range(4):
            leader = "NESW"[(decl + 1) % 4]
            assert bridge.solve(hands, "CDHSN"[strain], leader) == 13 - table[strain][decl]


def test_solve_board_from_the_start_matches_solve():
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    res = bridge.solve_board(deal, "NT", "E")
    assert max(res.values()) == bridge.solve(deal, "NT", "E") == 0
    assert set(res) == {"Ts", "9s", "8s", "7s", "Jh", "Th", "9h", "Jd", "Td", "9d", "Jc", "Tc", "9c"}


def test_solver_rejects_bad_input():
    s = Solver()
    with pytest.raises(ValueError):
        s.table([1, 2, 4])
    with pytest.raises(ValueError):
        s.table([1, 1, 2, 4])  # a card in two hands
    with pytest.raises(ValueError):
        bridge.solve("N:AKQ.. ... ... ...", "S", "W")
    with pytest.raises(ValueError):
        bridge.solve_board("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", "X", "N")
