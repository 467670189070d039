"""Shengji / Tractor (RULES.md §4): every rule id, the traps of issue 6, and
the shared conformance check over seeded deals and whole matches."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from cardavia.shengji import PLAY, ShengjiGame, ShengjiMove
from checks import mid_game_states
from conformance import check_random_games

import cardavia
from cardavia.cards import card_text, parse_cards
from cardavia.game import ArgumentTypeError, IllegalMoveError, InvalidMoveError, InvalidSetupError
from cardavia.shengji import Shape, shape
from cardavia._core import shengji as core

G = cardavia.load("shengji", match=False)
M = cardavia.load("shengji")

POINTS = {3: 5, 8: 10, 11: 10}  # rank index -> points (5, 10, K), written out again here


def pts(cards) -> int:
    return sum(POINTS.get(c >> 2, 0) for c in cards if c < 52)


def play_deal(hands, kitty="", level=2, trump="H", dealer=0):
    return G.from_hands(hands, kitty=kitty, level=level, trump=trump, dealer=dealer)


def trick_winner(plays, level=2, trump="H", leader=0):
    """Each seat holds exactly its play; the leader plays first; return the winner."""
    hands = [None] * 4
    for i, p in enumerate(plays):
        hands[(leader + i) % 4] = p
    s = play_deal(hands, level=level, trump=trump, dealer=leader)
    for p in plays:
        s.play(p)
    assert s.is_over
    return s.deal.last_winner


def rule_of(excinfo) -> str:
    return excinfo.value.rule


def legal_texts(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def norm(text: str) -> str:
    return str(G.parse_move(text))


def random_deal(seed, rng=None):
    rng = rng or random.Random(seed)
    s = G.new_state(seed=seed)
    while not s.is_over:
        s.play(s.legal_moves().sample(rng))
    return s


# ---------------------------------------------------------------------------
# SJ-1, SJ-2.1, SJ-2.2

def test_sj_1_partnerships_levels_start_at_2_and_80_points_take_over():
    s = M.new_state(seed=1)
    assert s.team_levels == [2, 2] and s.observation(0)["level"] == 2 and s.observation(0)["team_levels"] == [2, 2]
    for seed in range(40):
        d = random_deal(seed)
        r = d.results[-1]
        # dealer's team defends; 80 or more for the attackers takes over
        assert r["attackers_win"] == (r["attacker_points"] >= 80)
        team = (r["dealer"] % 2) ^ int(r["attackers_win"])
        ret = d.returns()
        assert ret[0] == ret[2] == -ret[1] == -ret[3]
        assert ret[team] == r["levels"]


def test_sj_1_points_go_to_the_winning_partnership():
    # seat 2 (the dealer's partner) wins a 10: defenders' points, not the attackers'
    s = play_deal(["3s", "4s", "Ts", "5s"], dealer=0)
    for p in ["3s", "4s", "Ts", "5s"]:
        s.play(p)
    assert s.deal.last_winner == 2
    assert s.deal.attacker_points == 0 and s.deal.defender_points == 15


def test_sj_2_1_two_packs_25_each_and_8_kitty():
    for seed in range(5):
        s = G.new_state(seed=seed)
        d = s.deal
        assert [d.hand_size(p) for p in range(4)] == [25] * 4
        assert len(d.kitty) == 8
        counts = Counter(c for p in range(4) for c in d.hand(p))
        counts.update(d.kitty)
        assert counts == Counter({c: 2 for c in range(54)})


def test_sj_2_2_level_is_2_then_the_dealers_team_level():
    rng = random.Random(5)
    s = M.new_state(seed=11)
    assert s.deal.level == 2
    seen = 0
    while not s.is_over and seen < 6:
        before = len(s.results)
        s.play(s.legal_moves().sample(rng))
        if len(s.results) > before and not s.is_over:
            d = s.deal
            assert d.dealer is not None
            assert d.level == s.team_levels[d.dealer % 2]
            seen += 1
    assert seen == 6


# ---------------------------------------------------------------------------
# Declaration SJ-2.3 .. 2.6

KITTY = "8c 9c Tc Jc Qc Kc Ac 3d"


def whole_hands(hands, kitty=KITTY, spare=3, level=2):
    """SJ-2.1: hands of 25 from the given cards, filled from the rest of the two
    packs; the level cards and jokers nobody was given go to seat ``spare``."""
    ids = [parse_cards(h) for h in hands]
    rest = Counter({c: 2 for c in range(54)})
    rest.subtract([c for h in ids for c in h] + parse_cards(kitty))
    pool = sorted(rest.elements(), key=lambda c: (c < 52 and c // 4 != level - 2, c))
    special = sum(1 for c in pool if c >= 52 or c // 4 == level - 2)
    ids[spare] += pool[:special]
    pool = pool[special:]
    for h in ids:
        while len(h) < 25:
            h.append(pool.pop())
    return [" ".join(card_text(c) for c in h) for h in ids]


def declaring(hands, kitty=KITTY, dealer=None, level=2, spare=3):
    return G.from_hands(whole_hands(hands, kitty, spare, level), kitty=kitty, level=level, trump=None,
                        dealer=dealer)


def test_sj_2_3_declaring_starts_at_seat_0_first_declarer_deals():
    s = G.new_state(seed=3)
    assert s.current_player == 0 and s.observation(0)["phase"] == "declare"
    s = declaring(["3c 4c 5c", "2s 5d 6d", "2h 2h 6c", "7d 7c 7h"])
    s.play("pass")
    s.play("declare 2s")       # the first declarer of the match ...
    s.play("declare 2h 2h")    # ... is overcalled, but still deals
    for _ in range(3):
        s.play("pass")
    d = s.deal
    assert d.first_declarer == 1 and d.dealer == 1 and d.trump == 2
    assert s.current_player == 1 and d.hand_size(1) == 25 + 8  # SJ-2.7: he takes the kitty


def test_sj_2_3_later_deals_declare_from_the_scheduled_dealer():
    rng = random.Random(2)
    s = M.new_state(seed=4)
    while len(s.results) == 0:
        s.play(s.legal_moves().sample(rng))
    r = s.results[0]
    nxt = (r["dealer"] + 1) % 4 if r["attackers_win"] else (r["dealer"] + 2) % 4
    assert s.deal.dealer == nxt and s.current_player == nxt
    assert s.observation(0)["phase"] == "declare"


def test_sj_2_4_single_level_card_declares_its_suit():
    s = declaring(["2h 3c 4c", "5d 6d 7d", "8d 9d 6c", "Td Jd 7c"])
    with pytest.raises(IllegalMoveError) as e:
        s.play("declare 3c")          # not a level card
    assert rule_of(e) == "SJ-2.4"
    with pytest.raises(IllegalMoveError) as e:
        s.play("declare 2s")          # not held
    assert rule_of(e) == "SJ-2.4"
    s.play("declare 2h")
    for _ in range(3):
        s.play("pass")
    assert s.observation(0)["trump"] == "H"


def test_sj_2_4_overcalls_pair_then_black_then_red_jokers():
    s = declaring(["2h 3c 4c", "2s 2s 5d", "BJ BJ 6d", "RJ RJ 7d"])
    s.play("declare 2h")
    with pytest.raises(IllegalMoveError) as e:
        s.play("declare 2s")          # a single over a single is not stronger
    assert rule_of(e) == "SJ-2.4"
    assert "declare 2s 2s" in s.legal_moves()
    s.play("declare 2s 2s")           # same-suit level pair over a single
    with pytest.raises(IllegalMoveError):
        s.play("declare BJ RJ")       # jokers must be identical
    s.play("declare BJ BJ")           # two Black Jokers over a level pair
    assert legal_texts(s) == {"pass", "declare RJ RJ"}
    s.play("declare RJ RJ")           # two Red Jokers over two Black Jokers
    assert legal_texts(s) == {"pass"}
    for _ in range(3):
        s.play("pass")
    assert s.deal.trump == 4 and s.observation(2)["trump"] == "NT"  # joker pair: no-trump
    # SJ-2.4: in no-trump only level cards and jokers are trump
    table = core.order_table(2, 4)
    assert all(table[c][0] == 4 for c in (0, 1, 2, 3, 52, 53))
    assert all(table[c][0] == c % 4 for c in range(4, 52))


def test_sj_2_4_overcall_must_be_strictly_stronger():
    s = declaring(["2h 2h 4c", "2s 2s 5d", "BJ BJ 6d", "3s 4s 7d"])
    s.play("declare 2h 2h")
    with pytest.raises(IllegalMoveError) as e:
        s.play("declare 2s 2s")       # a pair over a pair: not stronger
    assert rule_of(e) == "SJ-2.4"
    assert legal_texts(s) == {"pass"}


def test_sj_2_4_strengthening_own_declaration_only_on_his_turn_as_an_overcall():
    s = declaring(["2h 2h BJ", "2s 2s 5d", "BJ RJ 6d", "3s 4s 7d"])
    s.play("declare 2h")
    # the turn moves on at once: seat 0 cannot add his second 2h now
    assert s.current_player == 1
    with pytest.raises(IllegalMoveError):
        s.play("declare 2h 2h")       # judged as seat 1's move: not his cards
    s.play("declare 2s 2s")
    s.play("pass")
    s.play("pass")
    assert s.current_player == 0
    with pytest.raises(IllegalMoveError) as e:
        s.play("declare 2h 2h")       # his own suit, but only as strong as the standing pair
    assert rule_of(e) == "SJ-2.4"
    assert legal_texts(s) == {"pass"}


def test_sj_2_4_own_strengthening_as_an_overcall_is_allowed():
    s = declaring(["2h BJ BJ", "2s 2s 5d", "RJ RJ 6d", "3s 4s 7d"])
    s.play("declare 2h")
    s.play("declare 2s 2s")
    s.play("pass")
    s.play("pass")
    s.play("declare BJ BJ")           # seat 0, on his turn, overcalls
    s.play("pass")
    s.play("declare RJ RJ")
    for _ in range(3):
        s.play("pass")
    assert s.deal.dealer == 0 and s.deal.trump == 4


def test_sj_2_5_three_consecutive_passes_after_a_declaration_fix_trump():
    s = declaring(["3c 4c 5c", "5d 6d 7d", "2d 8d 6c", "Td Jd 7c"])
    s.play("pass")
    s.play("pass")
    s.play("declare 2d")
    s.play("pass")
    s.play("pass")
    assert s.observation(0)["phase"] == "declare"  # passes before it do not count
    s.play("pass")
    obs = s.observation(1)
    assert obs["phase"] == "bury" and obs["trump"] == "D" and obs["dealer"] == 2
    with pytest.raises(IllegalMoveError) as e:
        s.play("declare 2d")
    assert rule_of(e) == "SJ-2.7"


def test_sj_2_6_all_pass_reveals_kitty_first_non_joker_suit_seat_0_deals():
    s = declaring(["3c 4c 5c", "5d 6d 7d", "8d 9d 6c", "Td Jd 7c"], kitty="BJ RJ 5h 8c 9c Tc Jc Qc")
    for p in range(4):
        assert s.observation(p)["kitty"] is None
    for _ in range(4):
        s.play("pass")
    d = s.deal
    assert d.kitty_revealed and d.trump == 2 and d.dealer == 0  # hearts from 5h
    for p in range(4):
        obs = s.observation(p)
        assert obs["kitty"] == "BJ RJ 5h 8c 9c Tc Jc Qc" and obs["trump"] == "H"
    assert any("kitty revealed" in str(m) for _, m in s.history)


def test_sj_2_6_all_pass_keeps_the_scheduled_dealer():
    s = declaring(["3c 4c 5c", "5d 6d 7d", "8d 9d 6c", "Td Jd 7c"], kitty="RJ 7s 5h 8c 9c Tc Jc Qc",
                  dealer=2)
    assert s.current_player == 2
    for _ in range(4):
        s.play("pass")
    assert s.deal.dealer == 2 and s.deal.trump == 3 and s.current_player == 2


def test_sj_2_6_all_pass_in_seeded_first_deals():
    for seed in range(20):
        s = G.new_state(seed=seed)
        kitty = s.deal.kitty
        for _ in range(4):
            s.play("pass")
        first = next(c for c in kitty if c < 52)  # deal order
        assert s.deal.trump == first % 4 and s.deal.dealer == 0 and s.current_player == 0


# ---------------------------------------------------------------------------
# Kitty SJ-2.7

def _to_bury(seed=8):
    s = G.new_state(seed=seed)
    s.play("declare " + card_text(next(c for c in s.deal.hand(0) if c // 4 == 0))
           if any(c // 4 == 0 for c in s.deal.hand(0)) else "pass")
    while s.observation(0)["phase"] == "declare":
        s.play("pass")
    return s


def test_sj_2_7_dealer_takes_kitty_buries_8_one_a_move_then_leads():
    s = _to_bury()
    d = s.deal
    dealer = d.dealer
    assert s.current_player == dealer and d.hand_size(dealer) == 33
    assert len(s.legal_moves()) == len(set(d.hand(dealer)))
    other = (dealer + 1) % 4
    with pytest.raises(IllegalMoveError) as e:
        s.play(card_text(d.hand(dealer)[0]))
    assert rule_of(e) == "SJ-2.7"
    missing = next(c for c in range(54) if d.hand(dealer).count(c) == 0)
    with pytest.raises(IllegalMoveError) as e:
        s.play("bury " + card_text(missing))
    assert rule_of(e) == "SJ-2.7"
    buried = []
    for i in range(8):
        assert s.current_player == dealer
        m = s.legal_moves()[i % len(s.legal_moves())]
        buried.append(m.cards[0])
        s.play(m)
    assert s.deal.hand_size(dealer) == 25 and s.observation(0)["phase"] == "play"
    assert s.current_player == dealer  # the dealer leads
    # the dealer sees what he buried; the others see "bury ?"
    assert sorted(s.observation(dealer)["buried"]) == sorted(card_text(c) for c in buried)
    obs = s.observation(other)
    assert "buried" not in obs.data
    assert [t for _, t in obs["history"] if t.startswith("bury")] == ["bury ?"] * 8
    mine = [t for _, t in s.observation(dealer)["history"] if t.startswith("bury")]
    assert mine == ["bury " + card_text(c) for c in buried]
    for p in range(4):
        assert s.observation(p)["kitty"] is None  # hidden until the deal is scored


def test_sj_2_7_kitty_is_shown_when_the_deal_is_scored():
    s = random_deal(21)
    buried = s.deal.buried
    for p in range(4):
        assert sorted(parse_cards(s.observation(p)["kitty"])) == sorted(buried)
    assert any(str(m).startswith("kitty ") for _, m in s.history)


def test_observation_shows_only_own_hand():
    s = G.new_state(seed=9)
    for p in range(4):
        obs = s.observation(p)
        assert sorted(parse_cards(" ".join(obs["hand"]))) == sorted(s.deal.hand(p))
        assert obs["hand_sizes"] == [25] * 4
        text = obs.to_json()
        assert "hands" not in json.loads(text)


# ---------------------------------------------------------------------------
# Card order and shapes SJ-3.1 .. 3.4

def test_sj_3_1_everyone_plays_as_many_cards_as_the_leader():
    s = play_deal(["3s 3s 9d", "4s 5s 6s", "7s 8s 9s", "Ts Js Qs"])
    s.play("3s 3s")
    with pytest.raises(IllegalMoveError) as e:
        s.play("4s")
    assert rule_of(e) == "SJ-3.1"
    with pytest.raises(IllegalMoveError):
        s.play("4s 5s 6s")
    assert all(len(m.cards) == 2 for m in s.legal_moves())
    with pytest.raises(IllegalMoveError) as e:
        s.play("Ah Ah")    # not held: not among the cards dealt
    assert rule_of(e) == "SJ-2.1"


def test_sj_3_2_trump_order_in_a_suit_contract():
    # level 2, hearts: 3h < ... < Ah < off-suit 2s (equal) < 2h < BJ < RJ
    order = ["3h", "Kh", "Ah", "2c", "2h", "BJ", "RJ"]
    for lo, hi in itertools.combinations(order, 2):
        assert trick_winner([lo, hi, "3c", "4c"]) == 1, (lo, hi)
        assert trick_winner([hi, lo, "3c", "4c"]) == 0, (hi, lo)
    # off-suit level cards are equal: the earlier play wins
    assert trick_winner(["2c", "2d", "2s", "3c"]) == 0
    assert trick_winner(["3h", "2d", "2s", "2c"]) == 1
    # the trump suit omits the level rank; plain suits rank A down to 3
    assert trick_winner(["Ks", "As", "3s", "4c"]) == 1
    assert trick_winner(["As", "2s", "3s", "4s"]) == 1  # 2s is a trump here


def test_sj_3_2_trump_order_in_no_trump():
    # level 7, no-trump: RJ > BJ > all level cards (equal); A of hearts is plain
    assert trick_winner(["7c", "7h", "BJ", "RJ"], level=7, trump="NT") == 3
    assert trick_winner(["7c", "7h", "7d", "7s"], level=7, trump="NT") == 0
    assert trick_winner(["7c", "Ah", "As", "3c"], level=7, trump="NT") == 0
    assert trick_winner(["Ah", "7s", "Kh", "3c"], level=7, trump="NT") == 1


def test_sj_3_3_effective_suit_level_cards_are_trumps_not_their_suit():
    # level 2, spades trump: 2h is a trump, so a heart lead must be followed by 5h
    s = play_deal(["Kh 3c", "2h 5h", "6h 7h", "8h 9h"], trump="S")
    s.play("Kh")
    assert legal_texts(s) == {"5h"}
    with pytest.raises(IllegalMoveError) as e:
        s.play("2h")
    assert rule_of(e) == "SJ-3.5"
    # and spades (the trump suit) count as trumps when trumps are led
    s = play_deal(["BJ 3c", "2h 5h", "As 7h", "8h 9h"], trump="S")
    s.play("BJ")
    assert legal_texts(s) == {"2h"}


def test_sj_3_4_shapes_single_pair_tractor():
    assert shape("Ah", 2, "S") == Shape("single", 0, "H")
    assert shape("Ah Ah", 2, "S").kind == "pair"
    assert shape("BJ BJ", 2, "S") == Shape("pair", 1, "trump")
    assert shape("Kh Kh Ah Ah", 2, "S") == Shape("tractor", 2, "H")
    assert shape("Jh Jh Qh Qh Kh Kh", 2, "C").pairs == 3
    for bad in ["Ah Kh", "BJ RJ", "Ah Ah Kh", "Ah Ah Qh Qh", "Ah Ah As As", "Ah Ah Ah"]:
        with pytest.raises(IllegalMoveError) as e:
            shape(bad, 2, "S")
        assert rule_of(e) == "SJ-3.4"
    with pytest.raises(ValueError):
        shape("Ah", 2, "X")


def _ref_shape(cards, level, trump):
    """SJ-3.2-3.4 written out independently: ladders of distinct strengths per effective suit."""
    def eff(c):
        if c >= 52 or c // 4 == level or (trump < 4 and c % 4 == trump):
            return 4
        return c % 4
    plain = [r for r in range(13) if r != level]
    if trump < 4:
        trump_ladder = [("r", r) for r in plain] + [("lv", "off"), ("lv", "trump"), ("BJ",), ("RJ",)]
    else:
        trump_ladder = [("lv", "any"), ("BJ",), ("RJ",)]

    def rung(c):
        if c == 52:
            return ("BJ",)
        if c == 53:
            return ("RJ",)
        if c // 4 == level:
            return ("lv", "trump" if c % 4 == trump else ("any" if trump == 4 else "off"))
        return ("r", c // 4)

    def position(c):
        if eff(c) == 4:
            return trump_ladder.index(rung(c))
        return plain.index(c // 4)

    if len({eff(c) for c in cards}) != 1:
        return None
    suit = eff(cards[0])
    if len(cards) == 1:
        return ("single", 0, suit, position(cards[0]))
    cnt = Counter(cards)
    if len(cards) % 2 or any(v != 2 for v in cnt.values()):
        return None
    pos = sorted(position(c) for c in cnt)
    if len(set(pos)) != len(pos) or pos != list(range(pos[0], pos[0] + len(pos))):
        return None
    return ("pair" if len(pos) == 1 else "tractor", len(pos), suit, pos[-1])


def test_sj_3_4_shape_agrees_with_an_independent_reading_of_the_rules():
    rng = random.Random(77)
    seen = Counter()
    for _ in range(4000):
        level, trump = rng.randrange(13), rng.randrange(5)
        n_pairs = rng.choice([1, 1, 2, 2, 3])
        # bias towards likely tractors: trumps or cards of one suit near each other
        suit = rng.randrange(4)
        pool = [c for c in range(54) if c >= 52 or c // 4 == level or c % 4 == suit]
        ids = rng.sample(pool, n_pairs)
        cards = [c for c in ids for _ in range(2)]
        if rng.random() < 0.2:
            cards = cards[:-1] if len(cards) > 2 else [cards[0]]
        expected = _ref_shape(cards, level, trump)
        got = core.shape_of(cards, level + 2, trump)
        if expected is None:
            assert got is None, (cards, level, trump)
        else:
            assert got is not None and got[0] == expected[1], (cards, level, trump, got)
        seen[expected[0] if expected else None] += 1
    assert min(seen.values()) > 100 and len(seen) == 4


def test_sj_3_6_trick_winners_agree_with_an_independent_reading_of_the_rules():
    rng = random.Random(31)
    tricks = Counter()
    for _trial in range(150):
        level, trump = rng.randrange(13), rng.randrange(5)
        deck = [c for c in range(54) for _ in range(2)]
        rng.shuffle(deck)
        hands = [" ".join(card_text(c) for c in deck[i * 8:(i + 1) * 8]) for i in range(4)]
        s = play_deal(hands, level=level + 2, trump=["C", "D", "H", "S", "NT"][trump])
        while not s.is_over:
            leader = s.current_player
            plays = []
            for _ in range(4):
                m = s.legal_moves().sample(rng)
                plays.append(list(m.cards))
                s.play(m)
            lead = _ref_shape(plays[0], level, trump)
            best, best_key = 0, (lead[2] == 4, lead[3])
            for i, p in enumerate(plays[1:], 1):
                sh = _ref_shape(p, level, trump)
                if sh is None or sh[1] != lead[1] or sh[2] not in (lead[2], 4):
                    continue
                key = (sh[2] == 4, sh[3])
                if key > best_key:
                    best, best_key = i, key
            assert s.deal.last_winner == (leader + best) % 4, (plays, level, trump)
            tricks[lead[0]] += 1
    assert len(tricks) == 3 and tricks["pair"] > 20


def test_trap_level_cards_of_two_suits_are_not_a_pair():
    """SJ-3.4: a pair is two identical cards; 5c 5d at level 5 is none."""
    with pytest.raises(IllegalMoveError):
        shape("5c 5d", 5, "H")
    with pytest.raises(IllegalMoveError):
        shape("5c 5h", 5, "H")
    with pytest.raises(IllegalMoveError):
        shape("5c 5d", 5, "NT")
    s = play_deal(["5c 5d", "3s 4s", "6s 7s", "8s 9s"], level=5)
    with pytest.raises(IllegalMoveError) as e:
        s.play("5c 5d")
    assert rule_of(e) == "SJ-3.4"
    assert "5c 5d" not in s.legal_moves()


def test_trap_level_5_4466_of_a_plain_suit_is_a_tractor():
    """SJ-3.4: removing the level rank closes the gap."""
    assert shape("4s 4s 6s 6s", 5, "H") == Shape("tractor", 2, "S")
    assert shape("4s 4s 6s 6s", 5, "NT").kind == "tractor"
    # the gap closes inside the trump suit too
    assert shape("4h 4h 6h 6h", 5, "H") == Shape("tractor", 2, "trump")
    with pytest.raises(IllegalMoveError):
        shape("4s 4s 6s 6s", 7, "H")  # with level 7 the 5s are missing


def test_trap_off_suit_level_pairs_do_not_chain_but_join_trump_neighbours():
    """SJ-3.4: off-suit level pairs are equal; they chain only with trump neighbours."""
    with pytest.raises(IllegalMoveError):
        shape("5c 5c 5d 5d", 5, "H")          # two off-suit level pairs
    assert shape("Ah Ah 5c 5c", 5, "H") == Shape("tractor", 2, "trump")   # trump A + off-suit level
    assert shape("5c 5c 5h 5h", 5, "H") == Shape("tractor", 2, "trump")   # off-suit level + trump level
    assert shape("Ah Ah 5d 5d 5h 5h", 5, "H").pairs == 3
    assert shape("5h 5h BJ BJ", 5, "H").kind == "tractor"                 # trump level + Black Joker
    assert shape("BJ BJ RJ RJ", 5, "H").kind == "tractor"                 # Black + Red Joker
    assert shape("5c 5c BJ BJ", 5, "NT").kind == "tractor"                # no-trump: level + BJ
    with pytest.raises(IllegalMoveError):
        shape("5c 5c BJ BJ", 5, "H")          # an off-suit level pair is below the trump level
    with pytest.raises(IllegalMoveError):
        shape("Ah Ah 5h 5h", 5, "H")          # the off-suit level order sits between them
    with pytest.raises(IllegalMoveError):
        shape("As As 5c 5c", 5, "H")          # A of a plain suit is not a trump


# ---------------------------------------------------------------------------
# Following SJ-3.5

def test_sj_3_5_follow_the_suit():
    s = play_deal(["Ks 3c", "4s 9d", "5s 6s", "7d 8d"])
    s.play("Ks")
    assert legal_texts(s) == {"4s"}
    with pytest.raises(IllegalMoveError) as e:
        s.play("9d")
    assert rule_of(e) == "SJ-3.5"


def test_trap_follower_must_play_his_pair_against_a_led_pair():
    """SJ-3.5: as many pairs of the suit as he can."""
    s = play_deal(["Ks Ks 3c", "7s 7s 9s", "5s 6s 8s", "7d 8d 9d"])
    s.play("Ks Ks")
    assert legal_texts(s) == {"7s 7s"}
    with pytest.raises(IllegalMoveError) as e:
        s.play("9s 7s")
    assert rule_of(e) == "SJ-3.5"
    s.play("7s 7s")
    # no pair in the suit: any two of it
    assert legal_texts(s) == {norm("5s 6s"), norm("5s 8s"), norm("6s 8s")}


def test_trap_two_non_consecutive_pairs_must_both_follow_a_tractor():
    """SJ-3.5: the pairs need not be consecutive."""
    s = play_deal(["Js Js Qs Qs 3c 4c", "3s 3s 8s 8s 9s Ts", "4s 5s 6s 7s Kd Qd",
                   "7d 8d 9d Td Jd Ad"])
    s.play("Js Js Qs Qs")
    assert legal_texts(s) == {norm("3s 3s 8s 8s")}
    with pytest.raises(IllegalMoveError) as e:
        s.play("3s 3s 9s Ts")
    assert rule_of(e) == "SJ-3.5"
    s.play("3s 3s 8s 8s")
    # one pair only: it must be played, the rest is free within the suit
    s2 = play_deal(["Js Js Qs Qs 3c 4c", "3s 3s 8s 9s Ts Kd", "4s 5s 6s 7s Kd Qd",
                    "7d 8d 9d Td Jd Ad"])
    s2.play("Js Js Qs Qs")
    assert legal_texts(s2) == {norm(t) for t in ["3s 3s 8s 9s", "3s 3s 8s Ts", "3s 3s 9s Ts"]}


def test_sj_3_5_short_in_the_suit_plays_all_of_it_then_anything():
    s = play_deal(["Js Js Qs Qs", "3s 9d 9h Ac", "4s 5s 6s 7s", "7d 8d 9c Td"])
    s.play("Js Js Qs Qs")
    expected = {norm("3s " + " ".join(rest)) for rest in itertools.combinations(["9d", "9h", "Ac"], 3)}
    assert legal_texts(s) == expected
    s = play_deal(["Js Js Qs Qs 3c", "3s 9d 9h Ac Kc", "4s 5s 6s 7s 8s", "7d 8d 9c Td 5c"])
    s.play("Js Js Qs Qs")
    with pytest.raises(IllegalMoveError) as e:
        s.play("9d 9h Ac Kc")
    assert rule_of(e) == "SJ-3.5"
    assert len(s.legal_moves()) == 4  # 3s plus any three of the four others


def test_sj_3_5_void_discards_or_trumps_never_compulsory():
    s = play_deal(["Ks 3c", "9d 5h", "5s 6s", "7s 8s"])
    s.play("Ks")
    assert legal_texts(s) == {"9d", "5h"}  # 5h would trump, 9d discards: both legal
    s.play("9d")
    s.play("5s")
    s.play("7s")
    assert s.deal.last_winner == 0


def test_sj_3_5_legal_moves_match_the_rules_on_random_small_hands():
    """Every sub-multiset of the hand, filtered by the rule written out here
    independently, equals the core's lazy view (count, iteration, membership)."""
    rng = random.Random(1234)
    checked = 0
    for _trial in range(60):
        level = rng.randrange(13)
        trump = rng.choice(["C", "D", "H", "S", "NT"])
        tr = "CDHS".index(trump) if trump != "NT" else 4

        def eff(c, level=level, tr=tr):
            if c >= 52 or c // 4 == level or c % 4 == tr:
                return 4
            return c % 4

        deck = [c for c in range(54) for _ in range(2)]
        rng.shuffle(deck)
        n_hand = 9
        hands = [deck[i * n_hand:(i + 1) * n_hand] for i in range(4)]
        s = play_deal([" ".join(card_text(c) for c in h) for h in hands], level=level + 2, trump=trump)
        lead = s.legal_moves().sample(rng)
        s.play(lead)
        n = len(lead.cards)
        led = eff(lead.cards[0])
        k = n // 2 if n > 1 else 0
        hand = s.deal.hand(1)
        in_suit = [c for c in hand if eff(c) == led]
        pairs_held = sum(1 for c in set(in_suit) if in_suit.count(c) == 2)
        allowed = set()
        for combo in set(itertools.combinations(sorted(hand), n)):
            cnt = Counter(combo)
            suit_cards = [c for c in combo if eff(c) == led]
            if len(in_suit) >= n:
                ok = len(suit_cards) == n and sum(v == 2 for v in cnt.values()) >= min(k, pairs_held)
            else:
                ok = Counter(suit_cards) == Counter(in_suit)
            if ok:
                allowed.add(" ".join(card_text(c) for c in sorted(combo, reverse=True)))
        view = s.legal_moves()
        assert len(view) == len(allowed)
        assert {str(m) for m in view} == allowed
        for combo in itertools.islice(set(itertools.combinations(sorted(hand), n)), 30):
            text = " ".join(card_text(c) for c in combo)
            assert (text in view) == (norm(text) in allowed)
        checked += len(allowed)
    assert checked > 100


def test_void_follower_against_a_3_pair_tractor_count_without_building():
    """SJ-3.5: a void player fills freely: counted in closed form, not listed."""
    # one pair and 23 single cards, no spades: every 6-card sub-multiset is legal
    hand1 = "2c 2c 3h 4h 4d 3d 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 5d 6d 7d 8d 9d Td Jd Qd Kd".split()
    lead = parse_cards("3s 3s 4s 4s 5s 5s")
    rest = Counter({c: 2 for c in range(54)})
    rest.subtract(parse_cards(" ".join(hand1)) + lead)
    pool = sorted(rest.elements())
    hands = [lead + pool[:19], parse_cards(" ".join(hand1)), pool[19:44], pool[44:69]]
    s = play_deal(hands, kitty=pool[69:], trump="D")
    s.play("3s 3s 4s 4s 5s 5s")
    view = s.legal_moves()
    # independent count: coefficient of x^6 in prod over cards (1 + x [+ x^2 if a pair])
    poly = [1]
    for _c, n in Counter(hand1).items():
        factor = [1, 1, 1] if n == 2 else [1, 1]
        out = [0] * (len(poly) + len(factor) - 1)
        for i, a in enumerate(poly):
            for j, b in enumerate(factor):
                out[i + j] += a * b
        poly = out
    expected = poly[6]
    # and by brute force over all combinations of the 25 cards
    brute = len(set(itertools.combinations(sorted(parse_cards(" ".join(hand1))), 6)))
    assert len(view) == expected == brute > 100_000
    rng = random.Random(5)
    for _ in range(200):
        m = view.sample(rng)
        assert m in view and len(m.cards) == 6
    assert view[expected - 1] in view and view[0] in view
    assert "3c 3c 2c 2c 5c 6c" not in view  # 3c is not in the hand
    assert isinstance(view, cardavia.LegalMoves) and view._list is None  # nothing was built


def test_sample_is_uniform_over_the_legal_plays():
    s = play_deal(["Js Js Qs Qs", "3s 9d 9h Ac", "4s 5s 6s 7s", "7d 8d 9c Td"])
    s.play("Js Js Qs Qs")
    s.play("3s 9d 9h Ac")
    view = s.legal_moves()  # seat 2 holds four spades: one choice
    assert len(view) == 1
    s = play_deal(["Ks 3c 4c", "9d 9d 5h", "5s 6s 7s", "7s 8s 9s"])
    s.play("Ks")
    s.play("9d")
    view = s.legal_moves()
    n = len(view)
    rng = random.Random(3)
    draws = Counter(str(view.sample(rng)) for _ in range(3000 * n))
    assert set(draws) == {str(m) for m in view}
    assert all(abs(v - 3000) < 300 for v in draws.values())
    # with pairs in the pool: multisets with and without doubled cards are equally likely
    s = play_deal(["Ks Ks 3c 4c 8d", "9d 9d 5h 6h 7c", "5s 6s 7s 8s 9s", "7s 8s 9s Ts Js"])
    s.play("Ks Ks")
    view = s.legal_moves()
    assert len(view) == 7  # 9d9d, and the 6 two-card sets of the four distinct cards
    draws = Counter(str(view.sample(rng)) for _ in range(14000))
    assert set(draws) == {str(m) for m in view}
    assert all(abs(v - 2000) < 250 for v in draws.values())


# ---------------------------------------------------------------------------
# Winning SJ-3.6

def test_sj_3_6_only_the_led_shape_wins():
    # a tractor is beaten only by a higher tractor of the suit, or an all-trump tractor
    assert trick_winner(["3s 3s 4s 4s", "Ks Ks 8s 8s", "As As Qs Qs", "9d 9d Td Td"]) == 0
    assert trick_winner(["3s 3s 4s 4s", "Qs Qs Ks Ks", "5s 5s 6s 6s", "9d 9d Td Td"]) == 1
    # a pair wins against a single card? no: the led single shape wins with one card
    assert trick_winner(["3s 3s", "Ks Qs", "As Js", "9d Td"]) == 0


def test_trap_two_different_high_cards_never_beat_a_pair():
    """SJ-3.6: only the led shape wins."""
    assert trick_winner(["3s 3s", "As Ks", "4s 5s", "6s 7s"]) == 0
    # a void player's two different trumps do not beat it either
    assert trick_winner(["3s 3s", "Ah Kh", "RJ BJ", "6d 7d"]) == 0
    # but an all-trump pair does
    assert trick_winner(["3s 3s", "4h 4h", "As Ks", "6d 7d"]) == 1


def test_sj_3_6_void_all_trump_shape_wins_highest_and_ties_go_earlier():
    # two void players trump the tractor: the higher all-trump tractor wins
    assert trick_winner(["3s 3s 4s 4s", "5h 5h 6h 6h", "9h 9h Th Th", "7d 7d 8d 8d"]) == 2
    # equal strength: the earlier play wins (off-suit level pairs at level 2, hearts trump)
    assert trick_winner(["2c 2c", "2d 2d", "2s 2s", "3d 4d"]) == 0
    assert trick_winner(["3s 3s", "2d 2d", "2c 2c", "4d 5d"]) == 1


def test_sj_3_6_winner_leads_the_next_trick():
    s = play_deal(["3s 4d", "As 5d", "4s 6d", "5s 7d"])
    for p in ["3s", "As", "4s", "5s"]:
        s.play(p)
    assert s.current_player == 1 and s.deal.leader == 1
    obs = s.observation(0)
    assert obs["leader"] == 1 and obs["trick"] == []
    assert obs["last_trick"] == [[0, "3s"], [1, "As"], [2, "4s"], [3, "5s"]] and obs["last_winner"] == 1


# ---------------------------------------------------------------------------
# Points and levels SJ-4

def test_sj_4_1_card_points_and_200_in_all():
    assert pts(range(54)) == 100
    # 5s, 10s and Kings: a trick of 5s Ts Ks 9s won by the attackers scores 25
    s = play_deal(["9s 3c", "Ks 4c", "5s 6c", "Ts 7c"])
    for p in ["9s", "Ks", "5s", "Ts"]:
        s.play(p)
    assert s.deal.last_winner == 1 and s.deal.attacker_points == 25


def test_sj_4_1_totals_200_over_1000_seeded_deals():
    rng = random.Random(99)
    for seed in range(1000):
        s = G.new_state(seed=seed)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        d = s.deal
        assert d.card_points + d.defender_points + d.kitty_points == 200
        played = [c for _, m in s.history if getattr(m, "kind", None) == "play" for c in m.cards]
        assert pts(played) + pts(d.buried) == 200 and len(played) == 100
        assert d.attacker_points == d.card_points + d.kitty_points * d.kitty_mult
        att = (d.last_winner % 2) != (d.dealer % 2)
        assert d.kitty_mult == (2 * len(s.history[-3].move.cards) if att else 0)


def test_sj_4_1_totals_200_in_every_deal_of_20_matches():
    rng = random.Random(4)
    deals = 0
    for seed in range(100, 120):
        s = M.new_state(seed=seed)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        for r in s.results:
            assert r["card_points"] + r["defender_points"] + r["kitty_points"] == 200
            assert r["attacker_points"] == r["card_points"] + r["kitty_points"] * r["kitty_multiplier"]
        deals += len(s.results)
    assert deals >= 20 * 5
    # and in the compiled loop
    assert core.selfplay_deals(3000, seed=9)["point_total_errors"] == 0


def test_sj_4_1_kitty_bonus_single_last_trick_times_2():
    s = play_deal(["3s", "As", "4s", "6s"], kitty="Kc 5c Tc")
    for p in ["3s", "As", "4s", "6s"]:
        s.play(p)
    assert s.is_over and len(s.legal_moves()) == 0 and "pass" not in s.legal_moves()
    with pytest.raises(IllegalMoveError):
        s.play("pass")
    assert s.deal.kitty_mult == 2 and s.deal.attacker_points == 25 * 2


def test_trap_kitty_multiplier_for_a_tractor_in_the_last_trick():
    """SJ-4.1: x2 per card each player played: x8 for a two-pair tractor."""
    s = play_deal(["3s 3s 4s 4s", "6h 6h 7h 7h", "8c 9c Jc Qc", "8d 9d Jd Qd"], kitty="Kc Kd 5c")
    for p in ["3s 3s 4s 4s", "6h 6h 7h 7h", "8c 9c Jc Qc", "8d 9d Jd Qd"]:
        s.play(p)
    d = s.deal
    assert d.last_winner == 1 and d.kitty_mult == 8  # twice the 4 cards each played
    assert d.attacker_points == 25 * 8
    r = s.results[-1]
    assert r["attacker_points"] == 200 and r["levels"] == 3 and r["attackers_win"]
    assert s.returns() == [-3, 3, -3, 3]
    assert s.observation(2)["kitty"] == "Kc Kd 5c"


def test_sj_4_1_no_kitty_bonus_when_the_defenders_win_the_last_trick():
    s = play_deal(["As", "3s", "4s", "6s"], kitty="Kc 5c Tc")
    for p in ["As", "3s", "4s", "6s"]:
        s.play(p)
    assert s.deal.kitty_mult == 0 and s.deal.attacker_points == 0
    assert s.returns() == [3, -3, 3, -3]


def test_sj_4_2_point_bands():
    def expected(p):  # RULES.md SJ-4.2, written as the table reads
        if p == 0:
            return (False, 3)
        if 5 <= p <= 35:
            return (False, 2)
        if 40 <= p <= 75:
            return (False, 1)
        if 80 <= p <= 115:
            return (True, 0)
        return (True, sum(1 for t in range(120, p + 1, 40)))
    for p in range(0, 401, 5):
        assert core.outcome(p) == expected(p), p
    assert core.outcome(200) == (True, 3) and core.outcome(160) == (True, 2)


def test_sj_4_2_who_deals_next():
    rng = random.Random(7)
    s = M.new_state(seed=17)
    checked = 0
    while not s.is_over and checked < 12:
        n = len(s.results)
        s.play(s.legal_moves().sample(rng))
        if len(s.results) > n and not s.is_over:
            r = s.results[-1]
            if r["attackers_win"]:
                assert s.deal.dealer == (r["dealer"] + 1) % 4  # the player after the old dealer
            else:
                assert s.deal.dealer == (r["dealer"] + 2) % 4  # the dealer's partner
            checked += 1
    assert checked == 12


def test_sj_4_3_match_won_by_going_past_ace():
    rng = random.Random(1)
    for seed in range(3):
        s = M.new_state(seed=seed)
        levels = [2, 2]
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        for r in s.results:
            levels[r["team"]] += r["levels"]
        winner = 0 if levels[0] > 14 else 1
        assert levels[winner] > 14 and levels[1 - winner] <= 14 and s.winner == winner
        assert s.team_levels == [min(lv, 14) for lv in levels]
        # it ended at the first deal that took a team past Ace
        partial = [2, 2]
        for r in s.results[:-1]:
            partial[r["team"]] += r["levels"]
            assert max(partial) <= 14
        assert s.returns() == [1 if p % 2 == winner else -1 for p in range(4)]


def test_sj_4_3_a_team_at_ace_wins_with_any_level_gain():
    rng = random.Random(3)
    s = M.new_state(seed=5)
    s._levels = [14, 14]
    while not s.is_over:
        s.play(s.legal_moves().sample(rng))
    last = s.results[-1]
    assert last["levels"] >= 1 and all(r["levels"] == 0 for r in s.results[:-1])


# ---------------------------------------------------------------------------
# Moves, text, errors

def test_move_text_round_trips_and_bad_text_is_refused():
    for text in ["pass", "declare 2h", "declare 2h 2h", "declare BJ BJ", "bury 5c", "Ah Ah Kh Kh"]:
        assert str(G.parse_move(text)) == text
    assert G.parse_move("bury 5c").public_text() == "bury ?"
    assert str(G.parse_move("Kh Kh Ah Ah")) == "Ah Ah Kh Kh"
    for bad in ["", "pass 2", "declare", "declare 2h 2h 2h", "bury", "bury 5c 6c", "zz", "bid 99"]:
        with pytest.raises(InvalidMoveError):
            G.parse_move(bad)


def test_move_objects_are_validated():
    from cardavia.shengji import ShengjiMove

    s = G.new_state(seed=1)
    for kind, cards in [("play", [99]), ("play", [-1]), ("nine", [1]), ("pass", [3]), ("bury", [3, 4]),
                        ("declare", []), ("play", []), (3, [1]), (None, [])]:
        with pytest.raises(InvalidMoveError):
            s.play(ShengjiMove(kind, cards))
    assert ShengjiMove("play", [50, 46, 50, 46]) == G.parse_move("Kh Ah Kh Ah")
    assert {m.kind for m in s.legal_moves()} == {"pass", "declare"} or {m.kind for m in s.legal_moves()} == {"pass"}


def test_module_doctest():
    import doctest

    import cardavia.shengji
    assert doctest.testmod(cardavia.shengji).failed == 0


def test_options_are_validated():
    with pytest.raises(ValueError):
        cardavia.load("shengji", match="yes")
    with pytest.raises(ValueError):
        cardavia.load("shengji", players=5)
    assert cardavia.load("shengji").options == {"match": True}


def test_from_hands_validates_its_input():
    with pytest.raises(ValueError):
        G.from_hands(["3s", "4s", "5s"], trump="H")
    with pytest.raises(ValueError):
        G.from_hands(["3s 3s", "3s 4s", "5s 6s", "7s 8s"], trump="H")
    with pytest.raises(ValueError):
        G.from_hands(["3s", "4s", "5s", "6s"], kitty="3c", trump=None)
    s = G.from_hands(["3s", "4s", "5s", "6s"], kitty="Kc", trump="H")
    assert G.from_json(s.to_json()).to_json() == s.to_json()


# -- one vocabulary (issue 12 part 4) and one setup check (issue 19 part 1) ----------

def _setup_error(rule, **kw):
    with pytest.raises(InvalidSetupError) as e:
        G.from_hands(**kw)
    assert e.value.rule == rule, (e.value, kw)
    return e.value


def test_sj_vocabulary_class_kinds_levels_hands_and_nobody():
    assert type(G) is ShengjiGame and cardavia.shengji.GAME is ShengjiGame
    assert not hasattr(cardavia.shengji, "Shengji")
    s = G.new_state(seed=5)
    obs = s.observation(1)
    assert obs["dealer"] is None and s.deal.first_declarer is None  # nobody yet
    assert obs["level"] == 2 and obs["team_levels"] == [2, 2]
    assert isinstance(s.hand(1), tuple) and [card_text(c) for c in s.hand(1)] == obs["hand"]
    assert obs["played"] == [[], [], [], []]
    rng = random.Random(5)
    kinds = set()
    while not s.is_over:
        m = s.legal_moves().sample(rng)
        kinds.add(m.kind)
        assert isinstance(m.kind, str) and s.play(str(m)) == m
        if s.deal.phase == core.PLAY_PHASE:
            hand = s.hand(0)
            # SJ-3.2: the game's order, plain suits then trumps, low to high
            keys = [s.deal.order(c) for c in hand]
            assert keys == sorted(keys)
            assert [card_text(c) for c in hand] == s.observation(0)["hand"]
    assert kinds == {"pass", "bury", "play"} or kinds == {"pass", "declare", "bury", "play"}
    assert s.current_player is None and s.deal.turn is None
    obs = s.observation(0)
    assert sum(len(p) for p in obs["played"]) == 100 and obs["results"][0]["level"] == 2
    out = s.outcome()
    r = s.results[-1]
    assert out.returns == tuple(s.returns()) and out.score["attacker_points"] == r["attacker_points"]
    assert out.score["kitty_points"] == r["kitty_points"] and out.score["kitty_multiplier"] == r["kitty_multiplier"]
    assert out.score["levels_gained"] == r["levels"] and out.score["winning_team"] == r["team"]
    json.dumps(out.to_dict())
    m = M.new_state(seed=2)
    while not m.is_over:
        m.play(m.legal_moves().sample(rng))
    score = m.outcome().score
    assert score["match_winner"] in (0, 1) and score["team_levels"][score["match_winner"]] == 14
    assert m.outcome().winners == tuple(p for p in range(4) if p % 2 == score["match_winner"])


def test_sj_2_2_levels_are_ints_2_to_14_in_from_hands_and_shape():
    s = G.from_hands(["Ah", "Kh", "Qh", "Jh"], trump="S", level=14)
    assert s.observation(0)["level"] == 14 and s.deal.level == 14
    assert shape("Kh Kh Qh Qh", 14, "C").kind == "tractor"  # level A: K and Q are neighbours
    _setup_error("SJ-2.2", hands=["Ah", "Kh", "Qh", "Jh"], trump="S", level=15)
    _setup_error("SJ-2.2", hands=["Ah", "Kh", "Qh", "Jh"], trump="S", level=1)
    with pytest.raises(ArgumentTypeError):
        G.from_hands(["Ah", "Kh", "Qh", "Jh"], trump="S", level="5")
    for bad in ("5", 0, 15, 2.0):
        with pytest.raises(ValueError):
            shape("Ah", bad, "S")


def test_sj_2_1_setup_check_refuses_what_no_deal_reaches():
    four = ["3s", "4s", "5s", "6s"]
    _setup_error("SJ-2.1", hands=["3s 3s", "3s", "4s", "5s"], trump="H")      # three 3s
    _setup_error("SJ-3.1", hands=["3s 7s", "4s", "5s", "6s"], trump="H")      # unequal hands
    _setup_error("SJ-2.7", hands=four, kitty="3c 4c 5c 6c 7c 8c 9c Tc Jc", trump="H")
    _setup_error("SJ-2.1", hands=four, kitty="3c", trump=None)                # declaring: whole deal
    _setup_error("SJ-2.3", hands=four, trump="H", dealer=4)
    _setup_error("SJ-2.7", hands=four, trump="H", dealer=None)
    _setup_error("SJ-2.4", hands=four, trump="X")
    with pytest.raises(InvalidSetupError):
        G.from_hands(["3s", "4s", "5s"], trump="H")
    for bad in (5, None, [1.5, "x"]):
        with pytest.raises(ValueError):
            G.from_hands(bad if bad is not None else ["3s", None, "5s", "6s"], trump="H")
    with pytest.raises(ArgumentTypeError):
        G.from_hands(four, trump=3)
    # a whole deal of 25 each and the 8-card kitty is accepted
    deck = [c for c in range(54) for _ in range(2)]
    random.Random(1).shuffle(deck)
    hands = [deck[i * 25:(i + 1) * 25] for i in range(4)]
    s = G.from_hands(hands, kitty=deck[100:])
    assert s.observation(0)["phase"] == "declare"
    _setup_error("SJ-2.1", hands=hands, kitty=deck[100:107], trump="H")       # 25 each go with 8 buried
    _setup_error("SJ-2.1", hands=[hands[0][:24], hands[1], hands[2], hands[3] + hands[0][24:]], kitty=deck[100:])


def test_sj_2_1_tampered_replays_are_refused_before_a_move_is_played():
    deck = [c for c in range(54) for _ in range(2)]
    random.Random(2).shuffle(deck)
    hands = [deck[i * 25:(i + 1) * 25] for i in range(4)]
    s = G.from_hands(hands, kitty=deck[100:])
    data = json.loads(s.to_json())
    # hands of 24, 25, 25 and 26 cards: this would reach a position with no legal move
    h = [parse_cards(x) for x in data["setup"]["hands"]]
    h[3].append(h[0].pop())
    for setup in ({**data["setup"], "hands": [" ".join(card_text(c) for c in x) for x in h]},
                  {**data["setup"], "trump": "H", "kitty": "",
                   "hands": [" ".join(card_text(c) for c in x) for x in h]},
                  {**data["setup"], "level": "2"}, {**data["setup"], "level": 0},
                  {**data["setup"], "dealer": -1}, {**data["setup"], "team_levels": [2]},
                  {**data["setup"], "team_levels": [3, 3], "dealer": 0},
                  {**data["setup"], "extra": 1}, {"seed": 1, "hands": []},
                  {**data["setup"], "kitty": data["setup"]["kitty"] + " 3c"}):
        bad = dict(data, setup=setup)
        with pytest.raises(InvalidSetupError) as e:
            G.from_json(json.dumps(bad))
        assert e.value.rule in (None, "SJ-2.1", "SJ-2.2", "SJ-2.3", "SJ-2.7", "SJ-3.1"), setup


# ---------------------------------------------------------------------------
# Conformance and simulation

def test_conformance_1000_seeded_deals():
    check_random_games(G, range(1000), check_every=131)


def test_conformance_dense_checks_on_a_few_deals():
    check_random_games(G, range(5000, 5012), check_every=5)


def test_conformance_20_whole_matches():
    check_random_games(M, range(20), check_every=1500)


def test_simulate_prints_deal_and_match_figures():
    from cardavia import simulate

    out = simulate.run("shengji", 30, seed=1, workers=1, options={"match": False})
    assert out["deals"] == 30 and 0 <= out["defender_hold_rate"] <= 1
    assert out["mean_attacker_points"] > 0 and "mean_levels" in out
    out = simulate.run("shengji", 2, seed=1, workers=1, options={"match": True})
    assert out["matches"] == 2 and out["mean_match_length_deals"] >= 5
    assert sum(out["team_win_rate"]) == 1


def test_compiled_self_play_loops():
    a = core.selfplay_deals(300, seed=3)
    b = core.selfplay_deals(300, seed=3)
    assert a == b and a["deals"] == 300 and 0 < a["defender_hold_rate"] < 1
    m = core.selfplay_matches(5, seed=3)
    assert m["matches"] == 5 and m["mean_deals_per_match"] >= 5
    # the compiled loop and the Python state play by the same rules
    d = core.Deal.shuffled(42, 2, 0, None)
    d.play_random(7)
    assert d.phase == core.OVER_PHASE and d.turn is None and d.card_points + d.defender_points + d.kitty_points == 200


# -- audit2: garbage text and move objects never crash; refusals change nothing --------



def _fuzz_states():
    out = []
    rng = random.Random(11)
    for seed, steps in ((1, 0), (2, 6), (3, 40), (4, 57), (5, 90)):
        s = M.new_state(seed=seed)
        for _ in range(steps):
            s.play(s.legal_moves().sample(rng))
        out.append(s)
    return out


_STATES = _fuzz_states()
_WORDS = ["pass", "declare", "bury", "2h", "2h 2h", "BJ BJ", "RJ", "10s", "Ah Ah", "Kc", "5d 5d 6d 6d", "??",
          "99999999999999999999", "-3", '{"a": 1}', "[]", "\x00", "é", "declare BJ RJ", "2s 2h"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=20), st.lists(st.sampled_from(_WORDS), max_size=5).map(" ".join)),
       st.integers(0, 4))
def test_sj_2_3_to_3_5_garbage_move_text_raises_only_value_error_and_changes_nothing(text, k):
    """Any text is a legal move (SJ-2.3-SJ-3.5) or a ValueError, and a refusal changes nothing."""
    s = _STATES[k]
    before = s.to_json()
    try:
        move = s.check(text)
    except ValueError:
        assert s.to_json() == before
        return
    assert G.parse_move(str(move)) == move
    assert s.to_json() == before


def test_sj_3_1_move_objects_with_bad_card_values_are_refused_by_value_error():
    for bad in ([1.0], [True, "x"], [10**30], [-1], [54]):
        with pytest.raises(ValueError):
            _STATES[3].check(ShengjiMove(PLAY, bad))


def test_sj_2_1_state_json_without_a_seed_is_refused_with_value_error():
    data = json.loads(M.new_state(seed=1).to_json())
    for setup in ({}, {"seed": "abc"}, {"seed": 1.5}):
        data["setup"] = setup
        with pytest.raises(ValueError):
            M.from_json(json.dumps(data))


def test_sj_2_7_others_cannot_tell_which_cards_were_buried():
    """SJ-2.7: burying face down.  Two burials of the same deal give every
    other player the very same observation (and observation JSON)."""
    rng = random.Random(8)
    for seed in (1, 2, 3):
        s = G.new_state(seed=seed)
        while s.observation(0)["phase"] != "bury":
            s.play(s.legal_moves().sample(rng))
        dealer = s.current_player
        cards = sorted(s.deal.hand(dealer))
        a, b = s.clone(), s.clone()
        for x, y in zip(cards[:8], cards[-8:]):
            a.play(f"bury {card_text(x)}")
            b.play(f"bury {card_text(y)}")
        assert a.observation(dealer) != b.observation(dealer)
        for p in range(4):
            if p != dealer:
                assert a.observation(p).to_json() == b.observation(p).to_json()


# -- hidden cards: sample_world and resample (issue 12 part 2) ----------------------

def _mid_game_states(n, seed, game=G, low=0, high=140):
    return mid_game_states(game, range(seed * 1000, seed * 1000 + n), seed, low, high)


def test_resample_keeps_what_the_player_knows_and_replays_to_a_zero_sum_end():
    """SJ-2 to SJ-3.5: a world has the player's observation; it replays from its
    own dealt hands, round-trips through JSON and plays on legally."""
    rng = random.Random(7)
    differs = 0
    states = _mid_game_states(24, 1) + _mid_game_states(6, 2, game=M, high=700)
    for s in states:
        for p in range(4):
            w = s.resample(p, rng)
            assert w.observation(p) == s.observation(p)
            assert w.hand(p) == s.hand(p)
            differs += any(w.hand(q) != s.hand(q) for q in range(4) if q != p)
            data = json.loads(w.to_json())
            assert len(data["setup"]["hands"]) == 4 and "seed" not in data["setup"]
            again = G.from_json(w.to_json())
            assert again.to_json() == w.to_json() and again.observation(p) == s.observation(p)
        while not w.is_over:
            w.play(w.legal_moves().sample(rng))
        assert sum(w.returns()) == 0
    assert differs > len(states)


def test_sample_world_is_a_compiled_deal_with_the_players_cards():
    rng = random.Random(3)
    for s in _mid_game_states(10, 3):
        p = s.current_player
        obs = s.observation(p)
        for _ in range(5):
            d = G.sample_world(obs, rng)
            assert isinstance(d, core.Deal)
            assert sorted(d.hand(p)) == sorted(s.deal.hand(p))
            assert [d.hand_size(q) for q in range(4)] == obs["hand_sizes"]
            assert d.turn == s.current_player and d.trick() == s.deal.trick()
            assert d.attacker_points == s.deal.attacker_points
            d.play_random(1)
            assert d.phase == core.OVER_PHASE
            assert d.card_points + d.defender_points + d.kitty_points == 200
    for rng in (1, random.Random(1), cardavia._core.rng.Random(1), None):
        G.sample_world(s.observation(0), rng)
    with pytest.raises(ValueError):
        G.sample_world(s.observation(0), "seed")
    with pytest.raises(ValueError):
        G.sample_world({"game": "bridge"}, 1)


def _plays_by_trick(s):
    plays = [(p, m) for p, m in s.history if getattr(m, "kind", None) == "play"]
    return [plays[i:i + 4] for i in range(0, len(plays), 4)]


def test_sj_3_5_worlds_respect_voids_and_no_pair_left():
    """SJ-3.5 read backwards: a follower who did not follow suit holds none of
    it; one who answered a pair or tractor with fewer pairs holds no pair of it."""
    rng = random.Random(11)
    voids = nopairs = 0
    for s in _mid_game_states(40, 4, low=40, high=110):
        if s.deal.phase != core.PLAY_PHASE:
            continue
        p = s.current_player
        tricks = _plays_by_trick(s)
        facts = []
        for trick in tricks:
            lead = trick[0][1].cards
            led = s.deal.order(lead[0])[0]
            k = len(lead) // 2 if len(lead) > 1 else 0
            for q, m in trick[1:]:
                if q == p:
                    continue
                n_suit = sum(s.deal.order(c)[0] == led for c in m.cards)
                if n_suit < len(lead):
                    facts.append(("void", q, led))
                elif k and sum(v == 2 for v in Counter(m.cards).values()) < k:
                    facts.append(("nopair", q, led))
        if not facts:
            continue
        for _ in range(8):
            w = s.resample(p, rng)
            for kind, q, led in facts:
                suit = [c for c in w.deal.hand(q) if w.deal.order(c)[0] == led]
                if kind == "void":
                    assert not suit
                    voids += 1
                else:
                    assert all(v == 1 for v in Counter(suit).values())
                    nopairs += 1
    assert voids > 50 and nopairs > 0


def test_sj_2_4_declarer_holds_his_declaration_and_the_kitty_is_the_dealers_secret():
    """SJ-2.4: a declaration shows the level card or pair in the declarer's hand;
    SJ-2.7: after burying only the dealer knows the kitty."""
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        s = G.new_state(seed=seed)
        while s.deal.phase != core.PLAY_PHASE:
            s.play(s.legal_moves().sample(rng))
        decl = s.deal.declaration
        dealer = s.deal.dealer
        kitties = set()
        for _ in range(6):
            p = (dealer + 1 + rng.randrange(3)) % 4
            w = s.resample(p, rng)
            kitties.add(tuple(sorted(w.deal.buried)))
            if decl is not None and decl[0] != p:
                cards = Counter(s.deal.declaration_cards)
                held = Counter(w.deal.hand(decl[0]))
                if decl[0] == dealer:
                    held.update(w.deal.buried)
                assert all(held[c] >= v for c, v in cards.items())
                checked += 1
            mine = s.resample(dealer, rng)
            assert sorted(mine.deal.buried) == sorted(s.deal.buried)
        assert len(kitties) > 1
    assert checked > 20


def _chi_square_limit(df):
    z = 3.29  # p = 0.0005, one-sided
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


def test_sample_world_is_uniform_on_a_small_position():
    """Every world consistent with what the dealer has seen, late in a deal, is
    drawn as often as the ways of dealing its distinct copies say (chi-square)."""
    rng = random.Random(2)
    for seed in range(200):
        s = G.new_state(seed=seed)
        while not s.is_over and not (s.deal.phase == core.PLAY_PHASE and s.deal.nplayed == 0
                                     and s.deal.hand_size(0) == 2):
            if s.deal.phase == core.PLAY_PHASE and s.deal.hand_size(0) < 2:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over and s.deal.phase == core.PLAY_PHASE and s.deal.hand_size(0) == 2 \
                and s.deal.nplayed == 0:
            break
    p = s.deal.dealer
    start = G.new_state(seed=seed).deal
    others = [q for q in range(4) if q != p]
    unseen = sorted(c for q in others for c in s.deal.hand(q))
    played = {q: [c for pl, m in s.history if pl == q and getattr(m, "kind", None) == "play" for c in m.cards]
              for q in range(4)}
    moves = [str(m) for pl, m in s.history if pl >= 0]
    # the oracle: every assignment of the unseen copies to the three hands that replays
    expected = Counter()
    for assign in itertools.product(range(3), repeat=len(unseen)):
        if [assign.count(i) for i in range(3)] != [2, 2, 2]:
            continue
        hands = [None] * 4
        hands[p] = start.hand(p)
        for i, q in enumerate(others):
            hands[q] = played[q] + [c for c, a in zip(unseen, assign) if a == i]
        key = tuple(tuple(sorted(c for c, a in zip(unseen, assign) if a == i)) for i in range(3))
        try:
            w = G.from_hands(hands, kitty=start.kitty, dealer=None)
            for m in moves:
                w.play(m)
        except ValueError:
            continue
        expected[key] += 1
    assert len(expected) >= 3
    sampler = cardavia.shengji.world_sampler(s.observation(p))
    total = sum(expected.values())
    n = max(2000, 8 * total)
    got = Counter()
    for i in range(n):
        d = sampler.sample(i)
        got[tuple(tuple(sorted(d.hand(q))) for q in others)] += 1
    assert set(got) <= set(expected)
    assert min(n * v / total for v in expected.values()) >= 5
    chi = sum((got[k] - n * v / total) ** 2 / (n * v / total) for k, v in expected.items())
    assert chi < _chi_square_limit(len(expected) - 1), (chi, len(expected))


def test_exact_fallback_is_uniform_on_small_constrained_models():
    """The exact table of the sampler (used where rejection stalls) draws each
    way of dealing the copies under caps and bounds equally often."""
    R = random.Random(9)
    tested = 0
    for trial in range(30):
        nh = R.choice([2, 3, 4])
        unseen = [0] * 54
        cards = []
        for c in R.sample(range(54), R.randrange(3, 6)):
            unseen[c] = R.choice([1, 2])
            cards += [c] * unseen[c]
        if len(cards) <= nh:
            continue
        cuts = sorted(R.sample(range(1, len(cards)), nh - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [len(cards)])]
        caps = [[2] * 54 for _ in range(nh)]
        for h in range(nh):
            for c in set(cards):
                if R.random() < 0.25:
                    caps[h][c] = R.choice([0, 1])
        lbs = []
        if R.random() < 0.5:
            c = R.choice(cards)
            lbs.append((c, R.randrange(1, 1 << nh), R.choice([1, unseen[c]])))
        exp = Counter()
        for assign in itertools.product(range(nh), repeat=len(cards)):
            if [assign.count(h) for h in range(nh)] != sizes:
                continue
            cnt = [[0] * 54 for _ in range(nh)]
            for c, h in zip(cards, assign):
                cnt[h][c] += 1
            if any(cnt[h][c] > caps[h][c] for h in range(nh) for c in range(54)):
                continue
            if any(sum(cnt[h][c] for h in range(nh) if m >> h & 1) < need for c, m, need in lbs):
                continue
            exp[tuple(tuple(r) for r in cnt)] += 1
        if len(exp) < 2:
            continue
        holdings = [(h + 1 if h < 3 else -2, sizes[h]) for h in range(nh)]
        smp = core.Sampler(1, 2, 0, 0, 0, 0, 0, 0, holdings, unseen, caps, lbs, [[0] * 54] * 4, [0] * 54,
                           None, [], [])
        n = 60 * len(exp)
        got = Counter(tuple(tuple(r) for r in core._sampler_debug(smp, i)[0]) for i in range(n))
        assert set(got) <= set(exp)
        total = sum(exp.values())
        chi = sum((got[k] - n * v / total) ** 2 / (n * v / total) for k, v in exp.items())
        assert chi < _chi_square_limit(len(exp) - 1), (trial, chi, len(exp))
        tested += 1
    assert tested > 15


# -- the rollout policy (issue 12 part 3) ---------------------------------------------

def _policy_text(s):
    return str(G.policy_move(s.observation(s.current_player), s.legal_moves(), 1))


def test_policy_rules_of_thumb():
    """SJ-3.5/3.6 by rules of thumb: second hand low, third hand high, points to a
    winning partner, ruff when void, cash a sure winner."""
    # second hand low
    s = play_deal(["Ks 3c", "As 3s", "5s 6c", "7s 8c"])
    s.play("Ks")
    assert _policy_text(s) == "3s"
    # third hand high
    s = play_deal(["3s 3c", "4s 4c", "As 5s", "7s 8c"])
    s.play("3s")
    s.play("4s")
    assert _policy_text(s) == "As"
    # the partner wins: give him points
    s = play_deal(["As 3c", "3s 4c", "Ts 4s", "7s 8c"])
    s.play("As")
    s.play("3s")
    assert _policy_text(s) == "Ts"
    # void: ruff (hearts are trump)
    s = play_deal(["As 3c", "3h 4c", "Ts 4s", "7s 8c"])
    s.play("As")
    assert _policy_text(s) == "3h"
    # lead: cash the off-suit ace rather than a small card
    s = play_deal(["3c As 4d", "5c 6c 7c", "8c 9c Tc", "Jc Qc Kc"])
    assert _policy_text(s) == "As"
    # and a tractor no one can top is led whole
    s = play_deal(["Ks Ks As As 3c 4d", "5c 6c 7c 8c 9c Tc", "5d 6d 7d 8d 9d Td", "3s 4s 5s 6s 7s 8s"])
    assert _policy_text(s) == "As As Ks Ks"


def test_policy_bury_makes_voids_and_keeps_points_and_trumps():
    """SJ-2.7 by rules of thumb: the dealer buries short plain suits, not trumps or points."""
    rng = random.Random(4)
    for seed in range(20):
        s = G.new_state(seed=seed)
        while s.deal.phase != core.BURY_PHASE:
            s.play(G.policy_move(s.observation(s.current_player), s.legal_moves(), rng))
        d = s.deal
        dealer = d.dealer
        hand = d.hand(dealer)
        plain = [c for c in hand if d.order(c)[0] != 4]
        while s.deal.phase == core.BURY_PHASE:
            s.play(G.policy_move(s.observation(dealer), s.legal_moves(), rng))
        buried = s.deal.buried
        if len(plain) >= 16:
            assert not any(s.deal.order(c)[0] == 4 for c in buried)
            assert pts(buried) <= pts(plain) / 3


def test_policy_move_is_legal_and_the_same_in_every_world_the_mover_cannot_tell_apart():
    for s in _mid_game_states(25, 6):
        obs = s.observation(s.current_player)
        moves = {str(G.policy_move(obs, s.legal_moves(), seed)) for seed in range(3)}
        assert len(moves) == 1 and moves.pop() in s.legal_moves()
        # the compiled position's own construction is legal: no fallback needed
        raw = core._policy_raw(s.deal)
        assert raw is None or raw[0]
    with pytest.raises(ValueError):
        G.policy_move(s.observation((s.current_player + 1) % 4), s.legal_moves(), 1)


def test_rollout_plays_to_a_zero_sum_end_in_the_core_and_beats_random_play():
    for s in _mid_game_states(10, 7):
        before = s.to_json()
        r = G.rollout(s, 3)
        assert len(r) == 4 and sum(r) == 0 and r[0] == r[2] == -r[1]
        assert G.rollout(s.deal, 3) == r and s.to_json() == before
        world = G.sample_world(s.observation(s.current_player), 5)
        assert sum(G.rollout(world, 5)) == 0
    # the policy's team against random play, in both seats
    assert core.policy_deals(300, 1, 0b0101)[0] > 0.5
    assert core.policy_deals(300, 2, 0b1010)[1] > 0.5
    with pytest.raises(ValueError):
        G.rollout("deal", 1)


def test_positions_play_from_several_threads_at_once():
    """Issue 12 part 1: no module-global scratch buffers; rollouts (nogil) and
    world draws from two threads give what they give one after the other."""
    import threading
    states = _mid_game_states(6, 9)
    deals = [s.deal.copy() for s in states for _ in range(8)]
    expected = []
    for i, d in enumerate(deals):
        c = d.copy()
        c.rollout(i)
        expected.append((c.returns(), c.attacker_points))
    got = [None] * len(deals)

    def work(part):
        for i in range(part, len(deals), 2):
            c = deals[i].copy()
            c.rollout(i)
            got[i] = (c.returns(), c.attacker_points)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected


def test_sj_4_2_one_copy_of_the_deal_result_rule():
    """SJ-4.2/4.3 written once in the core: the state, the compiled match loop
    and a rollout's returns read the same result."""
    rng = random.Random(12)
    s = M.new_state(seed=12)
    while len(s.results) < 3:
        d = s.deal
        s.play(s.legal_moves().sample(rng))
        if d.phase == core.OVER_PHASE:
            win, team, levels, nxt = d.result()
            r = s.results[-1]
            assert (win, team, levels) == (r["attackers_win"], r["team"], r["levels"])
            assert s.deal.dealer == nxt and d.returns()[team] == levels
    assert core.past_ace(15) and not core.past_ace(14)


def test_policy_declares_from_trump_length():
    """SJ-2.4 by rule of thumb: declare only what gives a long trump holding
    (10 or more trumps counting level cards and jokers; a joker pair counts 4
    more for its no-trump), the longest of the declarations open."""
    long_hearts = "2h 3h 4h 5h 6h 7h 8h 9h Th Jh"
    s = declaring([long_hearts, "3c 4c", "5c 6c 7c", "8c 9c Tc"], kitty="Jc Qc Kc Ac 3d 4d 5d 6d")
    assert _policy_text(s) == "declare 2h"
    rng = random.Random(6)
    seen = Counter()
    for seed in range(60):
        s = G.new_state(seed=seed)
        while s.deal.phase == core.DECLARE_PHASE:
            hand = Counter(s.deal.hand(s.current_player))
            best, best_len = "pass", 0
            for m in s.legal_moves():
                if m.kind != "declare":
                    continue
                suit = 4 if m.cards[0] >= 52 else m.cards[0] % 4
                n = sum(v for c, v in hand.items() if c >= 52 or c // 4 == 0 or (suit < 4 and c % 4 == suit))
                n += 4 if suit == 4 else 0
                if n > best_len:
                    best, best_len = str(m), n
            expected = best if best_len >= 10 else "pass"
            got = _policy_text(s)
            assert got == expected
            seen[got == "pass"] += 1
            s.play(s.legal_moves().sample(rng))
    assert seen[True] and seen[False]
