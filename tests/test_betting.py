"""The shared no-limit betting round (src/_core/betting.pxd), used by Hold'em
(RULES.md TH-3, TH-5.2) and the Up/Down duel (UD-3)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia._core import betting as B
from cardavia._core.betting import BET, CALL, CHECK, FOLD, BettingRound


def flop_round(stacks, min_bet=20, first=0):
    b = BettingRound(stacks, min_bet)
    b.begin(first, 0)
    return b


def test_th_3_2_min_bet_and_raise_increment():
    b = flop_round([1000, 1000, 1000])
    assert b.actor == 0
    assert b.check(BET, 19) == B.TOO_SMALL
    assert b.min_to(0) == 20
    b.apply(BET, 50)                    # bet 50: the full increment is 50
    assert b.min_to(1) == 100
    assert b.check(BET, 99) == B.TOO_SMALL
    b.apply(BET, 130)                   # raise to 130 (increment 80)
    assert b.full_raise == 80
    assert b.min_to(2) == 210
    assert b.check(BET, 1001) == B.TOO_LARGE
    assert b.check(BET, 1000) == B.OK   # all-in


def test_th_3_1_check_call_fold_options():
    b = flop_round([100, 100])
    assert b.check(CHECK) == B.OK
    assert b.check(CALL) == B.CALL_NOTHING
    assert b.check(FOLD) == B.FOLD_FREE
    b.apply(BET, 20)
    assert b.check(CHECK) == B.CHECK_OWES
    assert b.check(CALL) == B.OK and b.check(FOLD) == B.OK


def test_th_3_1_call_for_less_puts_in_all_chips():
    b = flop_round([1000, 30])
    b.apply(BET, 100)
    assert b.to_call(1) == 30
    assert b.raise_error(1) == B.NO_RAISE_CHIPS
    b.apply(CALL)
    assert b.stacks == [900, 0] and b.complete


def test_th_3_3_short_allin_does_not_reopen_for_players_who_acted():
    # A bets 100, B calls, C all-in for 150 (a short raise of 50): A and B
    # may call or fold but not raise.
    b = flop_round([1000, 1000, 150])
    b.apply(BET, 100)
    b.apply(CALL)
    b.apply(BET, 150)
    assert b.actor == 0
    assert b.raise_error(0) == B.NOT_REOPENED
    assert b.check(CALL) == B.OK
    b.apply(CALL)
    assert b.raise_error(1) == B.NOT_REOPENED


def test_th_3_3_short_allin_lets_players_who_have_not_acted_raise():
    b = flop_round([1000, 150, 1000])
    b.apply(BET, 100)
    b.apply(BET, 150)           # short all-in
    assert b.actor == 2 and b.raise_error(2) == B.OK
    assert b.min_to(2) == 250   # the full increment is still 100


def test_th_3_3_two_short_allins_together_reopen():
    # A bets 100; B all-in 160 (+60), C all-in 220 (+60): A now faces +120,
    # a full raise, so A may raise again; D, who called 160, faces only +60.
    b = flop_round([1000, 160, 220, 1000])
    b.apply(BET, 100)
    b.apply(BET, 160)
    b.apply(BET, 220)
    assert b.actor == 3
    assert b.raise_error(3) == B.OK      # D has not acted yet
    b.apply(CALL)
    assert b.actor == 0
    assert b.raise_error(0) == B.OK      # 220 - 100 = 120 >= 100
    assert b.min_to(0) == 320


def test_th_3_3_no_raise_when_nobody_else_can_bet():
    b = flop_round([1000, 50])
    b.apply(BET, 20)
    b.apply(BET, 50)            # B all in
    assert b.actor == 0
    assert b.raise_error(0) == B.NO_RAISE_OPPONENT
    assert b.check(BET, 200) == B.NO_RAISE_OPPONENT
    b.apply(CALL)
    assert b.complete


def test_th_3_4_round_ends_when_all_matched_and_acted():
    b = flop_round([100, 100, 100])
    b.apply(CHECK)
    b.apply(CHECK)
    assert not b.complete
    b.apply(BET, 20)
    b.apply(CALL)
    assert not b.complete
    b.apply(CALL)
    assert b.complete


def test_th_2_5_short_blind_others_face_full_blind():
    b = BettingRound([1000, 1000, 5], 20)
    b.post(1, 10)
    b.post(2, 20)               # posts 5, all in
    b.begin(0, 20)
    assert b.bets == [0, 10, 5] and b.to_call(0) == 20
    assert b.min_to(0) == 40


def test_th_5_2_side_pots_and_folded_chips():
    # seat 4 bets 100; seat 0 calls all in for 50; seat 1 raises all in to
    # 200; seats 2 and 3 go all in for 300; seat 4 folds (his 100 stays in).
    b = BettingRound([50, 200, 300, 300, 1000], 20)
    b.begin(4, 0)
    b.apply(BET, 100)
    b.apply(CALL)
    b.apply(BET, 200)
    b.apply(BET, 300)
    b.apply(CALL)
    b.apply(FOLD)
    assert b.complete
    pots = b.pots()
    assert pots == [(250, [0, 1, 2, 3]), (500, [1, 2, 3]), (200, [2, 3])]
    assert sum(a for a, _ in pots) == sum(b.totals) == 950
    # seat 0 has the best hand, seat 1 the second, seats 2 and 3 tie
    assert b.award([9, 8, 1, 1, 0], 0) == [250, 500, 100, 100, 0]
    with pytest.raises(ValueError):
        b.award([9, 8, 1, 1], 0)


def test_th_5_1_unmatched_excess_returned():
    b = flop_round([1000, 100])
    b.apply(BET, 500)
    b.apply(CALL)
    assert b.pots() == [(200, [0, 1]), (400, [0])]
    won = b.award([0, 9], 0)    # seat 1 wins the main pot, seat 0 gets his 400 back
    assert won == [400, 200]


def test_th_5_2_odd_chips_clockwise_from_first():
    # 101 chips split three ways: 33 each and two odd chips, which go one
    # each to the tied winners in seat order starting from `first`.
    b = BettingRound([1000, 1000, 1000, 1000], 20)
    for p, amount in enumerate([33, 33, 2, 33]):
        b.post(p, amount, False)
    b.fold_out(2)
    assert b.pots() == [(101, [0, 1, 3])]
    assert b.award([5, 5, 9, 5], 2) == [34, 33, 0, 34]   # from seat 2: 3, 0, then 1
    assert b.award([5, 5, 9, 5], 1) == [33, 34, 0, 34]   # from seat 1: 1, 3
    assert b.award([5, 5, 9, 5], 0) == [34, 34, 0, 33]
    assert b.award([5, 4, 9, 5], 1) == [50, 0, 0, 51]    # two winners, from seat 1: 3 first


def test_betting_round_copy_is_independent():
    b = flop_round([100, 100])
    c = b.copy()
    c.apply(BET, 20)
    assert b.level == 0 and c.level == 20


def test_bad_construction():
    with pytest.raises(ValueError):
        BettingRound([], 20)
    with pytest.raises(ValueError):
        BettingRound([10, -1], 20)
    with pytest.raises(ValueError):
        BettingRound([10, 10], 0)


def test_betting_invariants_on_random_rounds():
    """Chips are conserved, the pots hold every chip put in, awards pay out
    exactly the pots, a complete round leaves every player who can still bet
    matched, and every listed move is legal."""
    import random
    for seed in range(400):
        rng = random.Random(seed)
        n = rng.randint(2, 6)
        stacks = [rng.choice([0, rng.randint(1, 40), rng.randint(1, 500)]) for _ in range(n)]
        if sum(1 for s in stacks if s) < 2:
            continue
        b = BettingRound(stacks, rng.choice([1, 2, 20]))
        chips = sum(stacks)
        for street in range(4):
            if street:
                b.new_street()
            b.begin(rng.randrange(n), 0)
            while not b.complete:
                menu = b.menu()
                assert menu and all(b.check(a, x) == B.OK for a, x in menu)
                p = b.actor
                if b.raise_error(p) == B.OK:
                    lo, hi = b.min_to(p), b.max_to(p)
                    assert b.check(BET, lo) == B.OK and b.check(BET, hi) == B.OK
                    assert lo == hi or b.check(BET, lo - 1) == B.TOO_SMALL
                    menu.append((BET, rng.randint(lo, hi)))
                b.apply(*rng.choice(menu))
                assert sum(b.stacks) + sum(b.totals) == chips
            live = [p for p in range(n) if not b.folded[p] and b.stacks[p] > 0]
            if b.in_hand() > 1:
                assert all(b.bets[p] == b.level for p in live)
        pots = b.pots()
        assert sum(a for a, _ in pots) == sum(b.totals)
        strength = [rng.randrange(3) for _ in range(n)]
        won = b.award(strength, rng.randrange(n))
        assert sum(won) == sum(b.totals)
        assert all(w == 0 for p, w in enumerate(won) if b.folded[p])


# -- audit2 -----------------------------------------------------------------------



@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.integers(1, 30), st.integers(1, 400)), min_size=2, max_size=6),
       st.integers(0, 5), st.randoms(use_true_random=False), st.lists(st.integers(0, 2), min_size=6, max_size=6))
def test_th_5_1_th_5_2_nobody_wins_more_than_his_contribution_covers(stacks, button, rng, strength):
    """A preflop round with blinds posted (short ones too, TH-2.5: the level is
    the full big blind) and random actions.  Whatever happens, each player's
    winnings are covered by his own contribution (TH-5.2: from each opponent at
    most what he put in himself), a folded player gets back only chips no live
    player matched (TH-5.1), and every chip is paid out."""
    n = len(stacks)
    button %= n
    b = BettingRound(stacks, 20)
    b.post((button + 1) % n, 10)
    b.post((button + 2) % n, 20)
    b.begin((button + 3) % n, 20)
    while not b.complete:
        menu = b.menu()
        b.apply(*rng.choice(menu))
    totals, folded = b.totals, b.folded
    won = b.award(strength[:n], (button + 1) % n)
    assert sum(won) == sum(totals)
    top = max((t for t, f in zip(totals, folded) if not f), default=0)
    for p in range(n):
        if folded[p]:
            assert won[p] == max(0, totals[p] - top)
        else:
            assert won[p] <= sum(min(t, totals[p]) for t in totals)
