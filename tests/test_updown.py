"""The Up/Down duel (RULES.md §6)."""
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conformance import check_random_games
from checks import BET_GARBAGE, played_states, refusal_changes_nothing

import cardavia
from cardavia._core.updown_core import DuelCore, selfplay
from cardavia.cards import card_id, card_text
from cardavia.game import IllegalMoveError, InvalidMoveError
from cardavia.holdem import BetMove
from cardavia.updown import LockMove, compare, group

GAME = cardavia.load("updown")


def play_random(state, rng, until=None):
    while not state.is_over and not (until and until(state)):
        state.play(state.legal_moves().sample(rng))
    return state


def second_deal_betting(seeds):
    """For each of ``seeds`` seeds, the match played at random to the betting
    of its second deal (skipping the matches over before it)."""
    for seed in range(seeds):
        s = GAME.new_state(seed=seed)
        play_random(s, random.Random(seed), until=lambda st: st.core.deal_no >= 2 and st.core.phase == 1)
        if not s.is_over:
            yield s


def chance_lines(state, prefix):
    return [str(m) for p, m in state.history if p < 0 and str(m).startswith(prefix)]


# -- UD-1, UD-2: setup ----------------------------------------------------------

def test_ud_1_each_starts_with_20_chips_and_match_ends_when_one_is_out():
    for seed in range(30):
        s = play_random(GAME.new_state(seed=seed), random.Random(seed))
        chips = s.core.chips
        assert sum(chips) == 40 and min(chips) == 0
        assert s.returns() == ([1, -1] if chips[0] else [-1, 1])


def test_ud_2_1_two_packs_104_cards_two_each_and_ante():
    c = DuelCore(5)
    cards = c.stock() + c.hand(0) + c.hand(1)
    assert len(cards) == 104 and Counter(cards) == Counter({i: 2 for i in range(52)})
    assert c.stacks == [19, 19] and c.totals == [1, 1] and c.bets == [0, 0]


def test_ud_2_1_ante_all_he_has():
    # play single deals from a 1-chip match: the ante takes everything and
    # the deal goes straight to the comparison, no betting possible
    s = cardavia.load("updown", chips=1).new_state(seed=2)
    s.play(s.legal_moves()[0])
    s.play(s.legal_moves()[0])
    assert any(t.startswith("reveal") for t in chance_lines(s, "reveal"))


def test_ud_2_2_seat_0_starts_then_winner_then_alternate_after_tie():
    seen_tie = seen_win = 0
    for seed in range(200):
        s = GAME.new_state(seed=seed)
        assert s.core.starter == 0 and s.current_player == 0
        rng = random.Random(seed)
        while not s.is_over:
            deal, starter = s.core.deal_no, s.core.starter
            while not s.is_over and s.core.deal_no == deal:
                s.play(s.legal_moves().sample(rng))
            if s.is_over:
                break
            result = chance_lines(s, "result: ")[-1]
            if result == "result: tie":
                assert s.core.starter == 1 - starter
                seen_tie += 1
            else:
                assert s.core.starter == int(result.split()[1])
                seen_win += 1
            assert s.current_player == s.core.starter
    assert seen_tie and seen_win


def test_ud_2_3_signals_are_counts_fixed_at_deal_start_and_never_the_locked_group():
    for seed in range(100):
        s = GAME.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            if s.is_over:
                break
            c = s.core
            if c.phase == 0 and c.actor == c.starter:
                for p in (0, 1):
                    ups = sum(group(x) == "UP" for x in c.hand(p))
                    assert s.observation(1 - p)["signals"][p] == {"up": ups, "down": 2 - ups}
            before = [s.observation(p)["signals"] for p in (0, 1)]
            deal = c.deal_no
            s.play(s.legal_moves().sample(rng))
            if s.core.deal_no == deal and not s.is_over:
                assert [s.observation(p)["signals"] for p in (0, 1)] == before


def test_ud_2_3_groups():
    assert [group(card_id(t)) for t in ["2c", "7h", "8d", "Ts", "As"]] == ["DOWN", "DOWN", "UP", "UP", "UP"]


# -- UD-3: play -------------------------------------------------------------------

def test_ud_3_1_lock_before_betting_and_locked_card_cannot_change():
    s = GAME.new_state(seed=11)
    assert all(isinstance(m, LockMove) for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match="UD-3.1"):
        s.play("bet 1")
    other = next(c for c in range(52) if c not in s.core.hand(0))
    with pytest.raises(IllegalMoveError, match="UD-3.1"):
        s.play(f"lock {card_text(other)}")
    mine = s.core.hand(0)[1]
    s.play(f"lock {card_text(mine)}")
    assert s.core.locked_card(0) == mine and s.current_player == 1
    s.play(s.legal_moves()[0])
    assert s.core.phase == 1
    with pytest.raises(IllegalMoveError, match="UD-3.1"):
        s.play(f"lock {card_text(s.core.hand(s.current_player)[0])}")


def locked_state(seed=11):
    s = GAME.new_state(seed=seed)
    s.play(s.legal_moves()[0])
    s.play(s.legal_moves()[0])
    return s


def test_ud_3_2_min_bet_1_raise_as_round_total_and_full_raise_increment():
    s = locked_state()
    assert s.current_player == 0
    assert s.raise_range() == range(1, 20)
    s.play("bet 3")
    assert s.raise_range() == range(6, 20)            # at least +3
    with pytest.raises(IllegalMoveError, match="UD-3.2"):
        s.play("raise 5")
    with pytest.raises(IllegalMoveError, match="UD-3.2"):
        s.play("bet 6")                               # it is a raise now
    s.play("raise 8")
    assert s.core.bets == [3, 8]
    assert s.raise_range() == range(13, 20)           # +5, the last full increment


def test_ud_3_3_short_allin_does_not_reopen_and_facing_allin_call_or_fold():
    # seat 1 has fewer chips: get there by a seed where seat 0 won the first deal
    for s in second_deal_betting(200):
        c = s.core
        p = c.actor
        q = 1 - p
        if not (c.stacks[q] > 2 and c.stacks[p] > c.stacks[q] + 10):
            continue
        s.play("bet 2")                          # p bets 2 (full increment 2)
        s.play(f"raise {c.stacks[q] + c.bets[q]}")  # q all in: short if it raises by less than 2
        moves = {str(m) for m in s.legal_moves()}
        assert "fold" in moves and "call" in moves
        assert not any(m.startswith("raise") for m in moves)   # nobody left to bet against
        assert s.raise_range() == range(0)
        return
    pytest.fail("no seed gave the situation")


def test_ud_3_3_short_allin_raise_does_not_reopen_for_player_who_acted():
    # The duel bets on the Hold'em betting core; with min bet 1: a bets 5,
    # b raises all in to 7 (+2, short of 5): a may call or fold, not raise.
    from cardavia._core.betting import BET, NOT_REOPENED, NO_RAISE_OPPONENT, BettingRound
    b = BettingRound([30, 7, 30], 1)
    b.begin(0, 0)
    b.apply(BET, 5)
    b.apply(BET, 7)
    assert b.raise_error(2) == 0          # not acted yet
    b.apply(BET, 12)                      # +5: a full raise reopens for seat 0
    assert b.raise_error(0) == 0
    b = BettingRound([30, 7, 30], 1)
    b.begin(0, 0)
    b.apply(BET, 5)
    b.apply(BET, 7)
    b.apply(2)                            # seat 2 calls 7
    assert b.raise_error(0) == NOT_REOPENED
    b = BettingRound([30, 7], 1)
    b.begin(0, 0)
    b.apply(BET, 5)
    b.apply(BET, 7)
    assert b.raise_error(0) in (NOT_REOPENED, NO_RAISE_OPPONENT)


def test_ud_3_3_unmatched_excess_returned():
    for s in second_deal_betting(300):
        c = s.core
        p, q = c.actor, 1 - c.actor
        if not c.stacks[p] > c.stacks[q] + 1 or c.stacks[q] < 1:
            continue
        chips_before = c.chips
        s.play(f"bet {c.stacks[p]}")            # p all in for more than q has
        s.play("call")                          # q calls all in for less
        end = s.core.chips
        result = chance_lines(s, "result: ")[-1]
        a, b = chips_before[p], chips_before[q]
        if result == f"result: {p} wins":
            assert (end[p], end[q]) == (a + b, 0)
        elif result == f"result: {q} wins":     # q wins what he covered; p's excess comes back
            assert (end[p], end[q]) == (a - b, 2 * b)
        else:
            assert (end[p], end[q]) == (a, b)
        # the excess is said to come back to p, whoever wins: never won by a loser
        texts = [str(m) for who, m in s.history if who < 0]
        after = texts[len(texts) - 1 - texts[::-1].index(result) + 1:]
        paid = [t for t in after[:3] if t.startswith(("win ", "return "))]
        won = {f"result: {p} wins": {f"win {p}: {2 * b}"}, f"result: {q} wins": {f"win {q}: {2 * b}"}}
        assert set(paid) == {f"return {p}: {a - b}"} | won.get(result, {f"win {p}: {b}", f"win {q}: {b}"})
        return
    pytest.fail("no seed gave the situation")


# -- UD-4: ranking ------------------------------------------------------------------

def test_ud_4_ranking_two_beats_ace_suits_do_not_matter():
    c = card_id
    assert compare(c("As"), c("Kc")) == 1
    assert compare(c("2c"), c("As")) == 1 and compare(c("Ah"), c("2d")) == -1
    assert compare(c("3c"), c("2s")) == 1
    assert compare(c("Kh"), c("2c")) == 1
    assert compare(c("7h"), c("7s")) == 0
    assert compare(c("Qh"), c("Qh")) == 0            # two packs: the same card twice


# -- UD-5: scoring --------------------------------------------------------------------

def test_ud_5_1_showdown_winner_takes_pot_and_tie_splits():
    ties = wins = 0
    for seed in range(300):
        s = GAME.new_state(seed=seed)
        s.play(s.legal_moves()[0])
        s.play(s.legal_moves()[0])
        s.play("check")
        s.play("check")
        a, b = (card_id(x) for x in chance_lines(s, "reveal")[0].replace("reveal 0: ", "").split(", 1: "))
        chips = s.core.chips
        r = compare(a, b)
        if r == 0:
            assert chips == [20, 20]
            ties += 1
        else:
            assert chips == ([21, 19] if r > 0 else [19, 21])
            wins += 1
    assert ties and wins


def test_ud_5_1_fold_still_reveals_both_locked_cards():
    s = locked_state(4)
    locked = [s.core.locked_card(0), s.core.locked_card(1)]
    s.play("bet 2")
    s.play("fold")
    assert chance_lines(s, "reveal")[-1] == f"reveal 0: {card_text(locked[0])}, 1: {card_text(locked[1])}"
    assert s.core.chips == [21, 19]
    assert s.observation(1)["last_reveal"] == [card_text(locked[0]), card_text(locked[1])]


def test_ud_5_2_kept_card_carried_and_replacement_drawn():
    s = locked_state(8)
    hands = [s.core.hand(0), s.core.hand(1)]
    kept = [h[1 - s.core.locked_index(p)] for p, h in enumerate(hands)]
    stock = s.core.stock()
    s.play("check")
    s.play("check")
    assert s.core.deal_no == 2
    starter = s.core.starter
    for p in (0, 1):
        assert s.core.hand(p)[0] == kept[p]
    # replacements from the top of the stock (its end), the starter first
    assert s.core.hand(starter)[1] == stock[-1]
    assert s.core.hand(1 - starter)[1] == stock[-2]
    assert s.core.discard_size == 2


def test_ud_5_2_reshuffle_discards_when_fewer_than_two_remain_held_cards_out():
    g = cardavia.load("updown", chips=100000)
    s = g.new_state(seed=1)
    while s.core.reshuffles == 0:
        s.play(s.legal_moves()[0] if s.core.phase == 0 else "check")
    c = s.core
    held = c.hand(0) + c.hand(1)
    assert c.discard_size == 0 and c.stock_size == 100     # every card but the four held
    assert Counter(c.stock() + held) == Counter({i: 2 for i in range(52)})


def test_ud_5_2_reshuffle_happens_exactly_when_stock_below_two():
    g = cardavia.load("updown", chips=100000)
    s = g.new_state(seed=3)
    deals = 0
    while deals < 60:
        c = s.core
        stock, disc, deal = c.stock_size, c.discard_size, c.deal_no
        s.play(s.legal_moves()[0] if c.phase == 0 else "check")
        if s.core.deal_no != deal:
            deals += 1
            if stock < 2:
                assert s.core.reshuffles and s.core.stock_size == stock + disc + 2 - 2
            else:
                assert s.core.stock_size == stock - 2


def test_ud_5_3_match_ends_when_a_player_has_no_chips():
    s = play_random(GAME.new_state(seed=21), random.Random(0))
    assert s.is_over and 0 in s.core.chips and s.current_player == cardavia.game.TERMINAL
    assert len(s.legal_moves()) == 0


# -- hidden information -----------------------------------------------------------------

CARD_RE = re.compile(r"\b(10|[2-9TJQKA])[cdhs]\b")


def _opponent_secret_leaks(state, player):
    """Does anything player may see name the opponent's cards or their groups?"""
    data = json.loads(state.observation(player).to_json())
    fields = {k: v for k, v in data.items() if k not in ("history", "hand", "locked", "last_reveal", "discard_pile")}
    text = json.dumps(fields)
    if CARD_RE.search(text) or "UP" in text or "DOWN" in text:
        return True
    history = [t for _, t in data["history"]]
    start = max(i for i, t in enumerate(history) if t.startswith("deal "))
    for mover, t in data["history"][start:]:
        if mover == 1 - player and t != "lock ?" and CARD_RE.search(t):
            return True
        if mover < 0 and CARD_RE.search(t):
            return True
    return False


def test_ud_start_stacks_stay_those_of_the_deal_s_start_once_it_is_settled():
    # UD-2.1, UD-5.1: a settled deal showed its end's chips as its "starting stacks" (0 and 40
    # in a finished match); its start is its end less what the pot changed.
    game = cardavia.load("updown", match=False)
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        start = state.observation(0).data["start_stacks"]
        while not state.is_over:
            state.play(state.legal_moves().sample(rng))
        end = state.observation(1).data
        assert end["phase"] == "settled" and end["start_stacks"] == start
        assert [s - b for s, b in zip(end["stacks"], start)] == list(state.returns())


def test_ud_observation_never_leaks_opponent_locked_card_or_group():
    checked = 0
    for seed in range(80):
        s = GAME.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            for p in (0, 1):
                if s.core.phase != 2 and s.core.locked_index(1 - p) >= 0:
                    assert not _opponent_secret_leaks(s, p)
                    checked += 1
                    # the observation depends only on what p may know: swap the
                    # opponent's two cards' roles is impossible, so compare with a
                    # state where the opponent locked his other card
            s.play(s.legal_moves().sample(rng))
    assert checked > 400


def test_ud_observation_identical_whichever_card_opponent_locked():
    for seed in range(100):
        s = GAME.new_state(seed=seed)
        a = s.clone()
        b = s.clone()
        h = s.core.hand(0)
        if h[0] == h[1]:
            continue
        a.play(LockMove(h[0]))
        b.play(LockMove(h[1]))
        oa, ob = a.observation(1).to_dict(), b.observation(1).to_dict()
        assert oa == ob
        assert a.observation(1).to_json() == b.observation(1).to_json()
        assert a.observation(0).to_dict() != b.observation(0).to_dict()


# -- moves and the API -------------------------------------------------------------------

def test_ud_moves_text_and_allin():
    s = locked_state(12)
    assert GAME.parse_move("lock Kh") == LockMove(card_id("Kh"))
    assert GAME.parse_move("lock 10h") == LockMove(card_id("Th"))
    assert LockMove(card_id("Kh")).public_text() == "lock ?"
    with pytest.raises(InvalidMoveError):
        GAME.parse_move("lock Zz")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move("allin")
    m = s.play("allin")
    assert str(m) == "bet 19"
    assert [str(x) for x in s.legal_moves()] == ["fold", "call"]
    assert str(s.play("allin")) == "call"


def test_ud_single_deal_returns_are_chips():
    g = cardavia.load("updown", match=False)
    for seed in range(50):
        s = play_random(g.new_state(seed=seed), random.Random(seed))
        r = s.returns()
        assert sum(r) == 0 and r == [s.core.chips[0] - 20, s.core.chips[1] - 20]


def test_ud_compiled_selfplay_matches_python_figures():
    out = selfplay(2000, seed=1)
    assert out["matches"] == 2000 and sum(out["seat_wins"]) == 2000
    assert 2000 <= out["deals"] and out["moves"] > 4 * out["deals"] - 1
    single = selfplay(500, seed=1, match=False)
    assert single["deals"] == 500


def test_ud_simulate_stats():
    from cardavia import simulate
    out = simulate.run("updown", 40, seed=1, workers=1, options={"match": True})
    assert out["deals"] == 40 and out["deals_per_match"] >= 1 and "fold_rate" in out
    assert out["longest_match"] >= out["deals_per_match"]


def test_ud_conformance_1000_matches():
    check_random_games(GAME, range(1000), check_every=40)


def test_ud_conformance_single_deals():
    check_random_games(cardavia.load("updown", match=False), range(300))


# -- audit2: garbage text and move objects never crash; refusals change nothing --------


_STATES = played_states(GAME, range(4), 9, 8)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BET_GARBAGE, st.integers(0, 3))
def test_ud_3_garbage_move_text_raises_only_value_error_and_changes_nothing(text, k):
    """UD-3.1/UD-3.2 through the text API: any text is a legal move or a ValueError."""
    refusal_changes_nothing(_STATES[k], text)


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(min_value=-10**25, max_value=10**25), st.floats(), st.text(max_size=3)))
def test_ud_3_1_move_objects_with_any_value_are_refused_by_value_error(value):
    for s in _STATES:
        before = s.to_json()
        for make in (lambda: LockMove(value), lambda: BetMove("raise", value)):
            try:
                s.check(make())
            except ValueError:
                pass
            assert s.to_json() == before


def test_ud_1_bad_chip_option_and_setup_are_refused_with_value_error():
    """API: a chip count beyond the core, or a state JSON without a seed, is a ValueError."""
    with pytest.raises(ValueError):
        cardavia.load("updown", chips=10**20)
    data = json.loads(GAME.new_state(seed=1).to_json())
    for setup in ({}, {"seed": "abc"}, {"seed": None}):
        data["setup"] = setup
        with pytest.raises(ValueError):
            GAME.from_json(json.dumps(data))


# -- issue 12 part 4 (one vocabulary) and issue 19 (setups checked once) ------------

def test_vocabulary_from_hands_hand_and_outcome():
    s = GAME.from_hands(["Kh 3c", [8, 51]], seed=4)
    assert type(GAME).__name__ == "UpDownGame"
    assert s.hand(0) == (card_id("3c"), card_id("Kh")) and s.hand(1) == (8, 51)
    assert s.observation(0)["hand"] == ["3c", "Kh"]
    assert s.observation(1)["signals"] == [{"up": 1, "down": 1}, {"up": 1, "down": 1}]   # UD-2.3
    assert [str(m) for m in s.legal_moves()] == ["lock 3c", "lock Kh"]
    again = GAME.from_json(s.to_json())
    assert again.hand(0) == s.hand(0) and again.core.stock() == s.core.stock()
    assert sorted(s.core.stock() + list(s.hand(0)) + list(s.hand(1))) == sorted(list(range(52)) * 2)
    play_random(s, random.Random(1))
    assert s.current_player is None
    out = s.outcome()
    assert out.score["chips"] == s.core.chips and out.score["deals"] >= 1
    json.dumps(out.to_dict())
    single = cardavia.load("updown", match=False).from_hands(["2c 2d", "Ah As"])
    single.play("lock 2c"), single.play("lock Ah"), single.play("check"), single.play("check")
    assert single.returns() == [1, -1] and single.outcome().score["showdown"] == ["2c", "Ah"]   # UD-4


@pytest.mark.parametrize("hands,rule", [
    (["Kh Kh", "Kh 3c"], "UD-2.1"),          # a third Kh: two packs hold two
    (["Kh BJ", "3c 4c"], "UD-2.1"),          # no jokers
    ([[0, 60], [1, 2]], "UD-2.1"),
    (["Kh", "3c 4c"], "UD-2.1"),
    (["Kh 3c 4c", "5c 6c"], "UD-2.1"),
    (["Kh 3c"], "UD-2.1"),
])
def test_ud_2_1_from_hands_refuses_what_two_packs_cannot_deal(hands, rule):
    with pytest.raises(cardavia.game.InvalidSetupError) as e:
        GAME.from_hands(hands)
    assert e.value.rule == rule


def test_ud_2_1_setup_checked_from_json_and_draws_replayed():
    s = GAME.from_hands(["Kh 3c", "Ah 2d"], seed=1)
    data = s.to_dict()
    for bad in ({"seed": 1, "hands": [[0, 0], [0, 1]]}, {"seed": 1, "hands": [[0, 53], [1, 2]]},
                {"seed": 1, "draws": [[0]]}, {"seed": 1, "draws": [[0, 99]]}, {"seed": -1},
                {"seed": 2**64}, {"seed": 1, "chips": 5}):
        data["setup"] = bad
        with pytest.raises(ValueError) as e:
            GAME.from_json(data)
        assert type(e.value).__module__.startswith("cardavia") or " must be in " in str(e.value)
    for bad in ({"chips": 0}, {"chips": float("inf")}, {"chips": 2**62}):
        with pytest.raises(ValueError):
            cardavia.load("updown", **bad)
    with pytest.raises(ValueError):
        GAME.from_hands(["Kh 3c", "Ah 2d"], seed=float("inf"))


# -- issue 12 part 2: sampling the hidden cards --------------------------------------

def chi_square_ok(counts, expected):
    stat = sum((c - e) ** 2 / e for c, e in zip(counts, expected))
    k = len(counts) - 1
    critical = k * (1 - 2 / (9 * k) + 3.09 * (2 / (9 * k)) ** 0.5) ** 3
    return stat < critical, stat, critical


@pytest.mark.parametrize("match", [True, False])
def test_ud_resample_same_observation_replays_and_plays_on(match):
    """UD-2.3 signals kept, UD-3.1 the opponent's lock unknown, UD-5.1 reveals kept."""
    game = cardavia.load("updown", match=match)
    rng = random.Random(5)
    differ = checked = 0
    for seed in range(60):
        s = game.new_state(seed=seed)
        for _ in range(rng.randrange(0, 80 if match else 4)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if s.is_over:
            continue
        for p in (0, 1):
            obs = s.observation(p)
            w = s.resample(p, rng)
            checked += 1
            assert w.observation(p) == obs and w.public_history(p) == s.public_history(p)
            assert w.hand(p) == s.hand(p)
            differ += w.hand(1 - p) != s.hand(1 - p)
            assert game.from_json(w.to_json()).observation(p) == obs
            core = game.sample_world(obs, rng)
            assert (core.phase, core.actor, core.stacks, core.bets, core.up_counts, core.discards()) == (
                s.core.phase, s.core.actor, s.core.stacks, s.core.bets, s.core.up_counts, s.core.discards())
            assert core.stock_size == s.core.stock_size
            assert sorted(core.stock() + core.hand(0) + core.hand(1) + core.discards()) == \
                sorted(s.core.stock() + s.core.hand(0) + s.core.hand(1) + s.core.discards())
            play_random(w, rng)
            assert sum(w.returns()) == 0
    assert checked > 20 and differ > checked // 2


def test_ud_2_3_sample_world_uniform_under_the_signals():
    """Chi-square: with one UP and one DOWN card signalled, the opponent's UP card is
    uniform over the UP cards he may hold (two copies each, less the observer's)."""
    s = GAME.from_hands(["Kh 3c", "Ah 2d"], seed=2)
    obs = s.observation(0)
    ups = [c for c in range(52) if c >> 2 >= 6]
    copies = {c: 2 - (c == card_id("Kh")) for c in ups}
    counts = {c: 0 for c in ups}
    rng = random.Random(8)
    n = 2750
    for _ in range(n):
        w = GAME.sample_world(obs, rng)
        hand = w.hand(1)
        assert sum(group(c) == "UP" for c in hand) == 1
        counts[next(c for c in hand if group(c) == "UP")] += 1
    total = sum(copies.values())
    ok, stat, crit = chi_square_ok(list(counts.values()), [n * copies[c] / total for c in ups])
    assert ok, (stat, crit)


# -- issue 12 part 3: the compiled rollout policy -------------------------------------

def test_ud_policy_reads_only_what_the_mover_sees_and_plays_legally():
    from cardavia._core import updown_core
    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        s = GAME.new_state(seed=seed)
        for _ in range(rng.randrange(0, 40)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if s.is_over:
            continue
        obs = s.observation(s.current_player)
        m = GAME.policy_move(obs, s.legal_moves(), 9)
        assert m in s.legal_moves() and m == GAME.policy_move(obs, s.legal_moves(), 9)
        worlds = [GAME.sample_world(obs, k) for k in range(6)]
        moves = {updown_core.policy(w, 5) for w in worlds}
        if s.core.phase == 1:
            assert moves == {updown_core.policy(s.core, 5)}
        checked += 1
    assert checked > 30


def test_ud_policy_locks_the_stronger_card_and_rollout_is_zero_sum():
    s = GAME.from_hands(["Kh 3c", "5d 6d"])
    assert GAME.policy_move(s.observation(0), s.legal_moves(), 1) == LockMove(card_id("Kh"))   # UD-4
    rng = random.Random(2)
    w = GAME.sample_world(s.observation(0), rng)
    for _ in range(20):
        out = GAME.rollout(w, rng)
        assert sum(out) == 0 and w.phase == 0
    total = 0
    for seed in range(300):
        d = cardavia.load("updown", match=False).new_state(seed=seed)
        while not d.is_over:
            p = d.current_player
            d.play(GAME.policy_move(d.observation(p), d.legal_moves(), rng) if p == 0
                   else d.legal_moves().sample(rng))
        total += d.returns()[0]
    assert total > 0


def test_positions_play_from_several_threads_at_once():
    """Issue 12 part 5: no module-global scratch buffer."""
    from concurrent.futures import ThreadPoolExecutor
    from cardavia._core.updown_core import rollouts
    worlds = [GAME.sample_world(GAME.new_state(seed=i).observation(0), i) for i in range(12)]
    alone = [rollouts(w, 2000, i) for i, w in enumerate(worlds)]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda iw: rollouts(iw[1], 2000, iw[0]), enumerate(worlds)))
    assert together == alone
