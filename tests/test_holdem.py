"""No-limit Texas Hold'em (RULES.md §5): rules, moves, observations, the match."""
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conformance import check_random_games
from checks import BET_GARBAGE, mid_game_states, played_states, refusal_changes_nothing

import cardavia
from cardavia._core.holdem_core import HoldemHand
from cardavia.cards import card_text, parse_cards
from cardavia.game import TERMINAL, IllegalMoveError, InvalidMoveError
from cardavia.holdem import BetMove

MATCH = cardavia.load("holdem")
HAND = cardavia.load("holdem", match=False)


def chance(state, prefix=""):
    return [str(m) for p, m in state.history if p < 0 and str(m).startswith(prefix)]


def play(state, *moves):
    for m in moves:
        state.play(m)
    return state


def random_play(state, rng):
    while not state.is_over:
        state.play(state.legal_moves().sample(rng))
    return state


# -- TH-1, TH-2: setup and the match ------------------------------------------------

def test_th_1_match_until_one_player_left_returns_zero_sum():
    for seed in range(20):
        s = random_play(MATCH.new_state(seed=seed), random.Random(seed))
        alive = [p for p in range(4) if s.stacks[p] > 0]
        assert len(alive) == 1 and s.stacks[alive[0]] == 4000
        r = s.returns()
        assert r[alive[0]] == 3 and sorted(r) == [-1, -1, -1, 3] and sum(r) == 0
        assert s.current_player == TERMINAL


def test_th_2_1_fifty_two_cards_1000_chips_blinds_two_hole_cards():
    s = MATCH.new_state(seed=4)
    h = s.core
    holes = [c for p in range(4) for c in h.hole(p)]
    assert len(holes) == 8 and len(set(holes)) == 8 and max(holes) < 52
    assert h.start_stacks == [1000] * 4
    assert sorted(h.bets) == [0, 0, 10, 20]
    assert s.observation(0)["blinds"] == [10, 20]


def test_th_2_4_dealing_order_and_burns():
    deck = list(range(52))
    h = HoldemHand([1000] * 4, 0, deck)          # button 0: small blind 1
    assert (h.sb_seat, h.bb_seat) == (1, 2)
    assert [h.hole(p) for p in (1, 2, 3, 0)] == [[0, 4], [1, 5], [2, 6], [3, 7]]
    for _ in range(4):
        h.apply(2 if h.level > h.bets[h.actor] else 1)   # call, then the big blind checks
    assert h.board == [9, 10, 11]                # card 8 burnt
    while h.street == 1:
        h.apply(1)
    assert h.board[3] == 13                      # card 12 burnt
    while h.street == 2:
        h.apply(1)
    assert h.board[4] == 15                      # card 14 burnt
    # heads-up: the small blind (the button) gets the first card
    h = HoldemHand([0, 500, 0, 500], 3, deck)
    assert (h.sb_seat, h.bb_seat) == (3, 1)
    assert h.hole(3) == [0, 2] and h.hole(1) == [1, 3]


def test_th_2_2_button_moves_to_next_player_still_in_and_blinds_follow():
    for seed in range(15):
        s = MATCH.new_state(seed=seed)
        rng = random.Random(seed)
        prev = None
        while not s.is_over:
            hand_no = s.core.button, len(chance(s, "hand "))
            if prev is None or hand_no[1] != prev[1]:
                h = s.core
                dealt = [p for p in range(4) if h.dealt[p]]
                if prev is None:
                    assert h.button == 0
                elif len(dealt) > 2:
                    nxt = next((prev[0] + k) % 4 for k in range(1, 5) if (prev[0] + k) % 4 in dealt)
                    assert h.button == nxt
                    assert h.sb_seat == dealt[(dealt.index(h.button) + 1) % len(dealt)]
                    assert h.bb_seat == dealt[(dealt.index(h.button) + 2) % len(dealt)]
                else:
                    assert h.sb_seat == h.button        # heads-up: the button posts the small blind
                prev = hand_no
            s.play(s.legal_moves().sample(rng))


def test_th_2_2_preflop_action_after_big_blind_and_heads_up_with_the_button():
    s = MATCH.new_state(seed=1)
    assert s.current_player == 3                    # button 0, blinds 1 and 2
    s = HAND.from_hands(None, stacks=[0, 1000, 0, 1000], button=3)
    assert s.core.sb_seat == 3 and s.current_player == 3
    play(s, "call", "check")                         # flop: the big blind acts first
    assert s.core.street == 1 and s.current_player == 1


def _bust_button_hand():
    # seats 0, 1, 2 in (3 eliminated), button 0; the button goes all in and loses
    g = cardavia.load("holdem")
    s = g.from_hands(["7c2d", "AsAh", "KsKh", None], stacks=[30, 1000, 1000, 0], button=0,
                     board="Qd Jc 9h 4s 3c", seed=5)
    play(s, "allin", "call", "fold")
    return s


def test_th_2_3_heads_up_button_moved_so_big_blind_not_posted_twice():
    s = _bust_button_hand()
    lines = chance(s, "hand ")
    assert lines[0] == "hand 1: button 0, small blind 1, big blind 2"
    # the next player after the button is 1, but 2 just posted the big blind:
    # the button moves to 2, who posts the small blind; 1 posts the big blind
    assert lines[1] == "hand 2: button 2, small blind 2, big blind 1"


def test_th_2_5_short_blind_posts_all_others_face_full_blind():
    s = HAND.from_hands(None, stacks=[1000, 1000, 6, 1000], button=0)
    h = s.core
    assert h.bets == [0, 10, 6, 0] and h.stacks[2] == 0
    assert s.observation(3)["to_call"] == 20
    assert s.raise_range().start == 40                 # the minimum raise stays 20
    play(s, "call", "call", "call")                    # seat 1 completes to 20
    assert s.core.street == 1 or s.core.street >= 4
    # the big blind was all in; the others go on betting on the flop
    assert s.core.totals == [20, 20, 6, 20]


# -- TH-3: betting ---------------------------------------------------------------------

def test_th_3_1_check_call_fold():
    s = HAND.from_hands(None, stacks=[1000, 1000, 1000, 1000], button=0)
    assert [str(m) for m in s.legal_moves()][:2] == ["fold", "call"]
    with pytest.raises(IllegalMoveError, match="TH-3.1"):
        s.play("check")
    play(s, "call", "call", "call")
    assert s.current_player == 2                        # the big blind's option
    assert [str(m) for m in s.legal_moves()][0] == "check"
    with pytest.raises(IllegalMoveError, match="TH-3.1"):
        s.play("fold")
    with pytest.raises(IllegalMoveError, match="TH-3.1"):
        s.play("call")


def test_th_3_1_call_all_in_for_less():
    s = HAND.from_hands(None, stacks=[50, 1000, 1000, 1000], button=0)
    play(s, "raise 200")
    assert s.current_player == 0 and s.core.to_call(0) == 50
    assert [str(m) for m in s.legal_moves()] == ["fold", "call"]
    play(s, "call")
    assert s.core.stacks[0] == 0 and s.core.totals[0] == 50


def test_th_3_2_min_bet_min_raise_and_round_totals():
    s = HAND.from_hands(None, stacks=[1000] * 4, button=0)
    assert s.raise_range() == range(40, 1001)
    with pytest.raises(IllegalMoveError, match="TH-3.2"):
        s.play("raise 39")
    with pytest.raises(IllegalMoveError, match="TH-3.2"):
        s.play("bet 60")                                # preflop the big blind is the bet
    play(s, "raise 70")                                 # +50
    assert s.raise_range() == range(120, 1001)          # seat 0 may raise to 120 at least
    play(s, "raise 150", "fold", "fold", "call")
    assert s.core.street == 1
    assert s.raise_range() == range(20, 851)            # minimum opening bet 20
    with pytest.raises(IllegalMoveError, match="TH-3.2"):
        s.play("raise 60")                              # nobody has bet: bet, not raise
    play(s, "bet 60")
    assert s.core.bets[s.core.button] == 0 and s.raise_range().start == 120
    play(s, "raise 137")
    assert s.core.level == 137 and s.raise_range().start == 137 + 77


def test_th_3_3_short_allin_does_not_reopen_then_two_together_do():
    # flop: seat 1 bets 100, seat 2 all in 150 (short), seat 3 all in 220
    # (together +120 over 100), seat 0 calls; seat 1 faces +120: reopened.
    s = HAND.from_hands(None, stacks=[1000, 1000, 170, 240], button=0)
    play(s, "call", "call", "call", "check")
    assert s.core.street == 1 and s.current_player == 1
    play(s, "bet 100", "allin")
    assert s.core.level == 150
    play(s, "allin")
    assert s.core.level == 220
    play(s, "call")
    assert s.current_player == 1 and s.raise_range().start == 320
    # only one short all-in: seat 1 may not raise
    s = HAND.from_hands(None, stacks=[1000, 1000, 170, 1000], button=0)
    play(s, "call", "call", "call", "check", "bet 100", "allin", "call", "call")
    assert s.current_player == 1
    assert s.raise_range() == range(0)
    with pytest.raises(IllegalMoveError, match="TH-3.3"):
        s.play("raise 400")
    assert [str(m) for m in s.legal_moves()] == ["fold", "call"]


def test_th_3_3_no_raise_when_nobody_else_can_bet():
    s = HAND.from_hands(None, stacks=[1000, 1000, 0, 0], button=0)       # heads-up
    play(s, "raise 100")
    s = HAND.from_hands(None, stacks=[300, 1000, 0, 0], button=0)
    play(s, "allin")                                         # the button all in for 300
    assert s.raise_range() == range(0)
    assert [str(m) for m in s.legal_moves()] == ["fold", "call"]
    with pytest.raises(IllegalMoveError, match="TH-3.3"):
        s.play("raise 700")


def test_th_3_4_streets_first_to_act_left_of_button_and_bb_option():
    s = HAND.from_hands(None, stacks=[1000] * 4, button=2)            # blinds 3 and 0; seat 1 first
    assert s.current_player == 1
    play(s, "call", "call", "call")
    assert s.current_player == 0 and s.core.street == 0  # the big blind's option
    play(s, "raise 60", "call", "call", "fold")
    assert s.core.street == 1 and len(s.core.board) == 3
    assert s.current_player == 0                           # seat 3 folded: next left of button 2 is 0
    assert chance(s, "flop ")[0] == "flop " + " ".join(card_text(c) for c in s.core.board)
    play(s, "check", "check", "check")
    assert s.core.street == 2 and len(chance(s, "turn ")) == 1
    play(s, "check", "check", "check")
    assert s.core.street == 3 and len(chance(s, "river ")) == 1


# -- TH-4: ranking at the showdown ------------------------------------------------------------

def test_th_4_1_best_five_of_seven_board_plays_and_ties():
    # the board is a royal flush: everyone plays the board (zero hole cards), all tie
    s = HAND.from_hands(["2c3d", "4c5d", "6c7d", "8c9d"], stacks=[1000] * 4, button=0, board="As Ks Qs Js Ts")
    play(s, "call", "call", "call", "check", *["check"] * 12)
    assert s.is_over and s.returns() == [0, 0, 0, 0]


def test_th_4_2_kickers_decide_and_sixth_card_does_not():
    # board A A K K 2: seat 1 (Q kicker) beats seat 2 (J kicker); seat 0's 3 3 plays no part
    s = HAND.from_hands(["3c3d", "Qc4d", "Jh5h", None], stacks=[1000, 1000, 1000, 0], button=0,
                        board="Ac Ad Kc Kd 2s")
    play(s, "call", "call", "check", *["check"] * 9)
    assert s.returns() == [-20, 40, -20, 0]
    # equal five-card hands tie even when the unused cards differ (A-high straight)
    s = HAND.from_hands(["2c3d", "4c9d", None, None], stacks=[1000, 1000, 0, 0], button=0,
                        board="Ah Kd Qs Jc Th")
    play(s, "call", "check", *["check"] * 6)
    assert s.returns() == [0, 0, 0, 0]


# -- TH-5: showdown and settlement -----------------------------------------------------------

def test_th_5_1_uncontested_winner_shows_nothing():
    s = HAND.from_hands(None, stacks=[1000] * 4, button=0)
    play(s, "raise 100", "fold", "fold", "fold")
    assert s.is_over and s.returns() == [0, -10, -20, 30]
    assert chance(s, "show ") == [] and s.observation(1)["shown"] == {}


def test_th_5_1_showdown_shows_every_hand_still_in_and_runs_out():
    s = HAND.from_hands(["AsAh", "KsKh", "QsQh", "JsJh"], stacks=[300, 1000, 1000, 1000], button=0,
                        board="2c 7d 9h 3s 4c")
    play(s, "fold", "allin", "call", "fold")             # seat 0 all in, seat 1 calls; no more betting
    assert s.is_over and s.core.board == parse_cards("2c 7d 9h 3s 4c")   # the board was run out
    assert chance(s, "show ") == ["show 0: As Ah", "show 1: Ks Kh"]
    obs = s.observation(2)
    assert obs["shown"] == {"0": ["As", "Ah"], "1": ["Ks", "Kh"]}
    assert s.returns() == [320, -300, -20, 0]


def test_th_5_1_unmatched_excess_returned():
    s = HAND.from_hands(["7c2d", "AsAh", None, None], stacks=[1000, 100, 0, 0], button=0,
                        board="Kd Qc 9h 4s 3c")
    play(s, "raise 900", "call")                           # seat 1 can only call 100
    assert s.returns() == [-100, 100, 0, 0]
    # the 800 nobody matched go back to seat 0, who lost the showdown: returned, not won
    assert chance(s, "return") == ["return 0: 800"] and chance(s, "win") == ["win 1: 200"]


def test_th_5_2_side_pots_each_settled_separately():
    # button 3: blinds 0 and 1.  Seat 2 calls, seat 3 folds, seat 0 all in
    # for 100, seat 1 all in for 400, seat 2 calls: main pot 300 (0, 1, 2)
    # to seat 0's aces, side pot 600 (1, 2) to seat 1's kings.
    s = HAND.from_hands(["AsAh", "KsKh", "QsQh", "2c7d"], stacks=[100, 400, 1000, 1000], button=3,
                        board="3c 8d 9h Js 4c")
    play(s, "call", "fold", "allin", "allin", "call")
    assert s.is_over
    assert s.core.won == [300, 600, 0, 0]
    assert s.returns() == [200, 200, -400, 0]
    # and the folded player's chips stay in: seat 3 limps then folds
    s = HAND.from_hands(["AsAh", "KsKh", "QsQh", "2c7d"], stacks=[100, 400, 1000, 1000], button=0,
                        board="3c 8d 9h Js 4c")
    play(s, "call", "raise 100", "allin", "call", "fold")
    assert s.core.pots() == [(320, [0, 1, 2]), (600, [1, 2])]
    assert s.returns() == [220, 200, -400, -20]


def test_th_5_2_odd_chips_clockwise_from_button_left():
    g = cardavia.load("holdem", match=False, small_blind=5, big_blind=10)
    s = g.from_hands(["2c3d", "4c5d", "6c7d", "8c9d"], stacks=[1000] * 4, button=0, board="As Ks Qs Js Ts")
    play(s, "call", "call", "fold", "check", *["check"] * 9)    # seat 1 folds his 5: pot 35 for three
    # 35 = 3 x 11 + 2: odd chips to seat 2 then seat 3 (from the button's left, seat 1 folded)
    assert s.returns() == [11 - 10, -5, 12 - 10, 12 - 10]


def test_th_5_3_fresh_shuffle_eliminated_get_no_cards_and_restart():
    s = _bust_button_hand()
    h = s.core
    assert not h.dealt[0] and not h.dealt[3] and s.observation(0)["hand"] == [] and s.hand(0) == ()
    assert s.observation(0)["eliminated"] == [True, False, False, True]
    decks = set()
    s = MATCH.new_state(seed=9)
    rng = random.Random(9)
    while not s.is_over and len(decks) < 5:
        decks.add(tuple(s.core.hole(s.core.button)))
        s.play(s.legal_moves().sample(rng))
    assert len(decks) >= 3
    assert MATCH.new_state(seed=10).core.start_stacks == [1000] * 4


# -- moves ------------------------------------------------------------------------------------

def test_moves_text_allin_and_raise_range():
    s = HAND.from_hands(None, stacks=[1000] * 4, button=0)
    assert [str(m) for m in s.legal_moves()] == ["fold", "call", "raise 40", "raise 45", "raise 70", "raise 1000"]
    assert "raise 137" in s.legal_moves() and "raise 1001" not in s.legal_moves()
    assert "raise 39" not in s.legal_moves() and BetMove("raise", 555) in s.legal_moves()
    assert str(s.play("allin")) == "raise 1000"
    assert [str(m) for m in s.legal_moves()] == ["fold", "call"]
    assert str(s.play("allin")) == "call"              # calling takes every chip
    s = HAND.from_hands(None, stacks=[1000, 1000, 0, 0], button=0)
    play(s, "call")
    assert str(s.play("allin")) == "raise 1000"
    for bad in ["", "raise", "raise x", "bet -5", "check 5", "jump", "raise 0"]:
        with pytest.raises(InvalidMoveError):
            HAND.parse_move(bad, s)
    assert HAND.parse_move("RAISE TO 300") == BetMove("raise", 300)
    with pytest.raises(InvalidMoveError):
        HAND.parse_move("allin")                    # needs a state


def test_observation_hides_other_hole_cards_until_showdown():
    for seed in range(40):
        s = HAND.new_state(seed=seed)
        rng = random.Random(seed)
        while True:
            for p in range(4):
                data = json.loads(s.observation(p).to_json())
                mine = set(data["hand"])
                text = json.dumps({k: v for k, v in data.items() if k not in ("hand", "shown")})
                seen = set(re.findall(r"\b[2-9TJQKA][cdhs]\b", text)) - set(data["board"])
                shown = {c for cards in data["shown"].values() for c in cards}
                hist = {c for _, t in data["history"] if t.startswith("show ") for c in t.split(": ")[1].split()}
                assert seen <= shown | hist
                for q in range(4):
                    if q != p and s.core.dealt[q]:
                        secret = {card_text(c) for c in s.core.hole(q)}
                        if str(q) not in data["shown"]:
                            assert not secret & (seen | set(data["shown"].get(str(q), []))), (seed, p, q)
                            assert not secret & mine
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))


def test_single_hand_returns_are_chips():
    for seed in range(30):
        s = random_play(HAND.new_state(seed=seed), random.Random(seed))
        assert sum(s.returns()) == 0 and s.returns() == [x - 1000 for x in s.stacks]


def test_from_hands_validation():
    with pytest.raises(ValueError):
        HAND.from_hands(None, stacks=[1000] * 3)
    with pytest.raises(ValueError):
        HAND.from_hands(["AsAs", None, None, None], stacks=[1000] * 4)
    with pytest.raises(ValueError):
        HAND.from_hands(None, stacks=[1000, 0, 0, 0])
    with pytest.raises(ValueError):
        HAND.from_hands(None, stacks=[1000, 1000, 0, 0], button=2)
    with pytest.raises(ValueError):
        cardavia.load("holdem", big_blind=0)


def test_simulate_stats():
    from cardavia import simulate
    out = simulate.run("holdem", 30, seed=2, workers=1, options={"match": False})
    assert out["deals"] == 30 and 0 <= out["showdown_rate"] <= 1 and out["mean_pot"] >= 30
    out = simulate.run("holdem", 4, seed=2, workers=1, options={"match": True})
    assert out["hands_per_match"] > 1 and sum(out["win_rate"]) == 1
    assert out["longest_match"] >= out["hands_per_match"]


def test_conformance_1000_matches():
    check_random_games(MATCH, range(1000), check_every=40)


def test_conformance_single_hands():
    check_random_games(HAND, range(500))


def test_compiled_selfplay_loop():
    from cardavia._core.holdem_core import selfplay
    out = selfplay(3000, seed=4)
    assert out["hands"] == 3000 and out["actions"] >= 3000
    assert 0 < out["showdowns"] <= out["flops"] <= 3000
    assert selfplay(3000, seed=4) == out                  # seeded
    heads_up = selfplay(500, seed=1, players=2, stack=100)
    assert heads_up["hands"] == 500
    with pytest.raises(ValueError):
        selfplay(10, players=1)


def test_showdown_strengths_use_the_poker_ranking():
    from cardavia._core.holdem_core import showdown_strengths
    board = parse_cards("2c 7d 9h Ts Jc")
    s = showdown_strengths([parse_cards("Qh Kh"), parse_cards("Ac Ad"), [], parse_cards("3c 4c")], board)
    assert s[2] == -1 and s[0] > s[1] > s[3]              # straight > pair of aces > jack high


# -- audit2: corner cases found by the rules audit ------------------------------------

def test_th_5_1_th_5_2_small_blind_folding_to_a_short_big_blind_gets_the_unmatched_excess_back():
    """TH-2.5 makes the small blind face 20 even when the big blind posted 5
    all in; if everyone folds, the big blind covers only 5 of the small
    blind's 10 (TH-5.2: an all-in player competes only for what his
    contribution covers) and the other 5 are returned (TH-5.1)."""
    s = HAND.from_hands(None, stacks=[1000, 1000, 5, 1000], button=0)
    assert (s.core.sb_seat, s.core.bb_seat) == (1, 2)
    play(s, "fold", "fold", "fold")                # seats 3, 0, then the small blind
    assert s.is_over
    assert s.stacks == [1000, 995, 10, 1000]
    assert s.returns() == [0, -5, 5, 0]
    assert chance(s, "return") == ["return 1: 5"] and chance(s, "win") == ["win 2: 10"]
    # heads-up: the button posts the small blind and folds to a big blind of 7
    s = HAND.from_hands(None, stacks=[0, 500, 0, 7], button=1)
    play(s, "fold")
    assert s.stacks == [0, 493, 0, 14]            # 3 of his 10 come back
    # a big blind of 15 covers the whole small blind: nothing to return
    s = HAND.from_hands(None, stacks=[1000, 1000, 15, 1000], button=0)
    play(s, "fold", "fold", "fold")
    assert s.stacks == [1000, 990, 25, 1000]


# -- audit2: garbage text and move objects never crash; refusals change nothing --------


_FUZZ_STATES = []


def _fuzz_states():
    if not _FUZZ_STATES:
        _FUZZ_STATES.extend(played_states(MATCH, range(4), 5, 12))
        _FUZZ_STATES.append(HAND.from_hands(None, stacks=[1000, 30, 5, 0], button=0))
    return _FUZZ_STATES


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BET_GARBAGE, st.integers(0, 4))
def test_th_3_garbage_move_text_raises_only_value_error_and_changes_nothing(text, k):
    """TH-3.1/TH-3.2 through the text API: any text is a legal move or a ValueError."""
    refusal_changes_nothing(_fuzz_states()[k], text)


@given(st.integers(min_value=-10**25, max_value=10**25), st.sampled_from(["bet", "raise"]))
@settings(max_examples=100, deadline=None)
def test_th_3_2_move_objects_with_any_amount_are_refused_by_value_error(amount, kind):
    s = _fuzz_states()[0]
    before = s.to_json()
    try:
        s.check(BetMove(kind, amount))
    except ValueError:
        pass
    assert s.to_json() == before
    with pytest.raises(ValueError):
        BetMove("raise", 2.5)
    with pytest.raises(ValueError):
        BetMove("shove", 100)


def test_th_2_1_chip_counts_beyond_the_core_are_refused_with_value_error():
    """API: stacks, options and buttons the engine cannot hold are ValueErrors, not crashes."""
    for bad in ({"stack": 10**20}, {"stack": 2**30}, {"big_blind": 10**20, "small_blind": 1}):
        with pytest.raises(ValueError):
            cardavia.load("holdem", **bad)
    for stacks, button in (([10**20, 1000, 0, 0], 0), ([2**30] * 4, 0), ([1000, 1000, 0, 0], 9),
                           ([1000, 1000, 0, 0], -1), ([1000, -5, 1000, 0], 0)):
        with pytest.raises(ValueError):
            HAND.from_hands(None, stacks=stacks, button=button)


# -- issue 12 part 4 (one vocabulary) and issue 19 (setups checked once) ------------

def test_vocabulary_hand_observation_outcome_and_from_hands_hands_first():
    s = HAND.from_hands(["Ah Kd", None, "2c 2d", None], stacks=[1000, 1000, 1000, 0], button=1)
    assert type(MATCH).__name__ == "HoldemGame"
    assert s.hand(0) == tuple(sorted(parse_cards("Ah Kd"))) and s.hand(3) == ()
    assert s.observation(0)["hand"] == ["Kd", "Ah"] and s.observation(2)["hand"] == ["2c", "2d"]
    assert all(isinstance(m.kind, str) for m in s.legal_moves())
    random_play(s, random.Random(4))
    assert s.current_player is None
    out = s.outcome()
    assert out.returns == tuple(s.returns()) and out.score["chips"] == s.returns()
    assert out.score["stacks"] == s.stacks and out.score["hands"] == 1
    json.dumps(out.to_dict())
    log = s.hand_log()
    assert len(log) == 1 and log[0].button == 1 and log[0].stacks == (1000, 1000, 1000, 0)
    assert [str(m) for m in log[0].moves] == [str(m) for p, m in s.history if p >= 0]


def test_th_2_1_match_hand_log_covers_every_hand():
    s = random_play(MATCH.new_state(seed=3), random.Random(3))
    log = s.hand_log()
    assert len(log) == s.outcome().score["hands"] > 1
    assert sum(len(h.moves) for h in log) == sum(1 for p, m in s.history if p >= 0)
    assert [h.number for h in log] == list(range(1, len(log) + 1))


@pytest.mark.parametrize("setup,rule", [
    ({"seed": 1, "stacks": [1000, 1000, 1000]}, "TH-2.1"),
    ({"seed": 1, "stacks": [1000, -1, 1000, 1000]}, "TH-2.1"),
    ({"seed": 1, "stacks": [2**40, 1000, 1000, 1000]}, "TH-2.1"),
    ({"seed": 1, "stacks": [1000, 0, 0, 0]}, "TH-1"),
    ({"seed": 1, "stacks": [0, 1000, 1000, 0], "button": 0}, "TH-2.2"),
    ({"seed": 1, "button": 4}, "TH-2.2"),
    ({"seed": 1, "button": 2**70}, "TH-2.2"),
    ({"seed": 1, "decks": [list(range(51)) + [0]]}, "TH-2.1"),
    ({"seed": 1, "decks": [list(range(51)) + [52]]}, "TH-2.1"),
    ({"seed": 1, "decks": [list(range(52)) + [3]]}, "TH-2.1"),
])
def test_th_2_setup_validated_once_from_json_too(setup, rule):
    state = HAND.new_state(seed=1)
    data = state.to_dict()
    data["setup"] = setup
    with pytest.raises(cardavia.game.InvalidSetupError) as e:
        HAND.from_json(data)
    assert e.value.rule == rule


@pytest.mark.parametrize("kwargs,rule", [
    (dict(hands=["Ah Ah", None, None, None]), "TH-2.1"),
    (dict(hands=["Ah Kd", "Kd Qs", None, None]), "TH-2.1"),
    (dict(hands=["Ah RJ", None, None, None]), "TH-2.1"),
    (dict(hands=[[0, 60], None, None, None]), "TH-2.1"),
    (dict(hands=["Ah Kd Qs", None, None, None]), "TH-2.1"),
    (dict(hands=["Ah Kd", None, None, None], board="Ah"), "TH-2.1"),
    (dict(hands=None, board="2c 3c 4c 5c 6c 7c"), "TH-3.4"),
    (dict(hands=[None] * 3), "TH-2.1"),
    (dict(hands=["Ah Kd", None, None, None], stacks=[0, 1000, 1000, 1000], button=1), "TH-5.3"),
    (dict(hands=None, stacks=[1000, 1000, 0, 0], button=2), "TH-2.2"),
    (dict(hands=None, button=2**64), "TH-2.2"),
    (dict(hands=None, stacks=[float("inf")] * 4), None),
    (dict(hands=None, stacks=[10**30] * 4), "TH-2.1"),
    (dict(hands=None, seed=2**70), None),
    (dict(hands=None, seed=float("inf")), None),
])
def test_th_2_from_hands_refuses_with_project_errors(kwargs, rule):
    with pytest.raises(ValueError) as e:
        HAND.from_hands(**kwargs)
    assert type(e.value).__module__.startswith("cardavia") or " must be in " in str(e.value)
    if rule:
        assert e.value.rule == rule
    assert "int()" not in str(e.value) and "OverflowError" not in str(e.value)


def test_th_2_1_options_out_of_range_are_project_errors():
    for bad in ({"stack": float("inf")}, {"stack": 2**80}, {"big_blind": -1}, {"small_blind": "10"}):
        with pytest.raises(ValueError) as e:
            cardavia.load("holdem", **bad)
        assert type(e.value).__module__.startswith("cardavia") or " must be in " in str(e.value)


# -- issue 12 part 2: sampling the hidden cards --------------------------------------

def chi_square_ok(counts, expected):
    """Pearson's statistic below the p = 0.001 critical value (Wilson-Hilferty)."""
    stat = sum((c - e) ** 2 / e for c, e in zip(counts, expected))
    k = len(counts) - 1
    critical = k * (1 - 2 / (9 * k) + 3.09 * (2 / (9 * k)) ** 0.5) ** 3
    return stat < critical, stat, critical




@pytest.mark.parametrize("game", [HAND, MATCH], ids=["hand", "match"])
def test_th_resample_same_observation_replays_and_plays_on(game):
    """TH-2.1: other players' hole cards unknown, redealt from unseen cards; TH-5.1 shown hands kept."""
    differ = checked = 0
    rng = random.Random(9)
    for s in mid_game_states(game, range(40)):
        for p in range(4):
            obs = s.observation(p)
            w = s.resample(p, rng)
            checked += 1
            assert w.observation(p) == obs
            assert w.public_history(p) == s.public_history(p)
            differ += any(w.hand(q) != s.hand(q) for q in range(4) if q != p)
            assert all(w.hand(q) == s.hand(q) for q in (p,))
            again = game.from_json(w.to_json())
            assert again.observation(p) == obs and again.to_json() == w.to_json()
            core = game.sample_world(obs, rng)
            assert (core.actor, core.stacks, core.bets, core.board, core.folded) == (
                s.core.actor, s.core.stacks, s.core.bets, s.core.board, s.core.folded)
            assert sorted(core.hole(p)) == sorted(s.core.hole(p)) or not s.core.dealt[p]
            random_play(w, rng)
            assert sum(w.returns()) == 0
    assert checked > 20 and differ > checked // 2


def test_th_sample_world_uniform_over_unseen_cards():
    """Chi-square: the first hole card of the opponent is uniform over the 47 unseen cards."""
    s = HAND.from_hands(["Ah Kd", None, None, None], stacks=[1000, 1000, 0, 0], button=0, board="2c 7d 9h")
    play(s, "call", "check")
    assert s.core.street == 1
    obs = s.observation(0)
    seen = set(parse_cards("Ah Kd 2c 7d 9h"))
    unseen = [c for c in range(52) if c not in seen]
    counts = {c: 0 for c in unseen}
    rng = random.Random(3)
    n = 2350
    for _ in range(n):
        w = HAND.sample_world(obs, rng)
        first = w.hole(1)[0]
        assert first in counts and set(w.hole(1)).isdisjoint(seen)
        counts[first] += 1
    ok, stat, crit = chi_square_ok(list(counts.values()), [n / 47] * 47)
    assert ok, (stat, crit)


def test_th_sample_world_accepts_every_rng_and_keeps_shown_cards():
    import numpy as np
    from cardavia._core.rng import Random
    s = MATCH.new_state(seed=4)
    obs = s.observation(1)
    for rng in (Random(1), random.Random(1), np.random.default_rng(1), 12345):
        assert HAND.sample_world(obs, rng).actor == s.core.actor
    with pytest.raises(ValueError):
        HAND.sample_world(obs, "seed")
    with pytest.raises(ValueError):
        HAND.sample_world(cardavia.load("updown").new_state(seed=1).observation(0), 1)
    # after a showdown in a match, the shown hands of earlier hands are kept in a resample
    rng = random.Random(2)
    for seed in range(60):
        m = MATCH.new_state(seed=seed)
        while not m.is_over and not any(str(x).startswith("show ") for q, x in m.history):
            m.play(m.legal_moves().sample(rng))
        if m.is_over:
            continue
        w = m.resample(2, rng)
        assert [str(x) for q, x in w.history if str(x).startswith("show ")] == \
            [str(x) for q, x in m.history if str(x).startswith("show ")]
        break
    else:
        pytest.fail("no showdown in a live match")


# -- issue 12 part 3: the compiled rollout policy -------------------------------------

def test_th_policy_reads_only_what_the_mover_sees_and_plays_legally():
    from cardavia._core import holdem_core
    for s in mid_game_states(HAND, range(40), rng_seed=2) + mid_game_states(MATCH, range(10), rng_seed=3):
        obs = s.observation(s.current_player)
        m = s.game.policy_move(obs, s.legal_moves(), 5)
        assert m in s.legal_moves() and m == s.game.policy_move(obs, s.legal_moves(), 5)
        # the same move in every world the mover cannot tell apart (same policy seed)
        moves = {holdem_core.policy(s.game.sample_world(obs, k), 77) for k in range(8)}
        assert len(moves) == 1
        assert holdem_core.policy(s.core, 77) in moves


def test_th_policy_acts_on_hand_strength_and_pot_odds():
    # TH-4: aces preflop raise; TH-3.1: seven-deuce facing an all-in folds
    s = HAND.from_hands(["As Ah", "7c 2d", None, None], stacks=[1000, 1000, 0, 0], button=0)
    assert s.current_player == 0 and HAND.policy_move(s.observation(0), s.legal_moves(), 1).kind == "raise"
    s.play("raise 1000")
    assert HAND.policy_move(s.observation(1), s.legal_moves(), 1).kind == "fold"
    # the nuts on the river bets; nothing owed and nothing made checks or bets small
    s = HAND.from_hands(["As Ks", "7c 2d", None, None], stacks=[1000, 1000, 0, 0], button=0,
                        board="Qs Js Ts 3d 4c")
    play(s, "call", "check", "check", "check", "check", "check")
    assert s.core.street == 3 and s.current_player == 1
    s.play("check")
    assert HAND.policy_move(s.observation(0), s.legal_moves(), 1).kind == "bet"


def test_th_rollout_zero_sum_leaves_position_and_beats_random():
    rng = random.Random(4)
    for s in mid_game_states(HAND, range(20)):
        world = HAND.sample_world(s.observation(s.current_player), rng)
        before = (world.actor, world.stacks, world.bets, world.board)
        out = HAND.rollout(world, rng)
        assert sum(out) == 0 and len(out) == 4
        assert (world.actor, world.stacks, world.bets, world.board) == before
    with pytest.raises(ValueError):
        HAND.rollout("position", 1)
    # the heuristic in seat 0 against random agents wins chips over many hands
    total = 0
    for seed in range(150):
        s = HAND.new_state(seed=seed)
        while not s.is_over:
            p = s.current_player
            s.play(HAND.policy_move(s.observation(p), s.legal_moves(), rng) if p == 0
                   else s.legal_moves().sample(rng))
        total += s.returns()[0]
    assert total > 0


def test_positions_play_from_several_threads_at_once():
    """Issue 12 part 5: no module-global scratch buffer: rollouts in two threads
    give what they give alone."""
    from concurrent.futures import ThreadPoolExecutor
    from cardavia._core.holdem_core import rollouts
    worlds = [HAND.sample_world(s.observation(s.current_player), i)
              for i, s in enumerate(mid_game_states(HAND, range(12)))]
    alone = [rollouts(w, 300, i) for i, w in enumerate(worlds)]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda iw: rollouts(iw[1], 300, iw[0]), enumerate(worlds)))
    assert together == alone
