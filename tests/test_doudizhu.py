"""Dou Dizhu (RULES.md section 1): every rule id, the conformance check, exact
move counts from an independent enumerator, and the rlcard cross-check."""
from __future__ import annotations

import itertools
import json
import random

import pytest
from checks import refused
from conformance import check_random_games

import cardavia
from cardavia import doudizhu
from cardavia._core.rng import Random
from cardavia.cards import CardSet
from cardavia.game import CHANCE, ArgumentTypeError, IllegalMoveError, InvalidMoveError, InvalidSetupError

GAME = cardavia.load("doudizhu")
RANKS = "3456789TJQKA2BR"
POKER_RANK = {c: (i + 1) % 13 for i, c in enumerate("3456789TJQKA2")}


def deal_ranks(*hands: str) -> list[list[int]]:
    """Card ids for hands written as ranks; suits handed out in order so the
    hands never share a card."""
    used: dict[str, int] = {}
    out = []
    for h in hands:
        ids = []
        for ch in h.replace(" ", ""):
            if ch == "B":
                ids.append(52)
            elif ch == "R":
                ids.append(53)
            else:
                k = used.get(ch, 0)
                assert k < 4, f"more than four {ch}"
                used[ch] = k + 1
                ids.append(4 * POKER_RANK[ch] + k)
        out.append(ids)
    return out


def hand_bits(s) -> list[int]:
    """Every hand of a state as a bit set of card ids."""
    return [CardSet(s.hand(p)).bits for p in range(3)]


def state_with(*hands: str, landlord: int = 0, bid: int = 1):
    return GAME.from_hands(deal_ranks(*hands), landlord=landlord, bid=bid)


def play_all(state, *moves: str):
    for m in moves:
        state.play(m)
    return state


# ---------------------------------------------------------------------------
# An independent reading of DDZ-4, written from the rulebook: it classifies
# one set of rank counts (it never generates), so enumerating every subset of
# a hand and classifying each gives the leading moves by brute force.

def brute_readings(c: list[int]) -> set[str]:
    total = sum(c)
    nz = [r for r in range(15) if c[r]]
    out = set()
    if total == 0:
        return out
    if total == 1:
        out.add("single")
    if len(nz) == 1 and c[nz[0]] == 2:
        out.add("pair")
    if len(nz) == 1 and c[nz[0]] == 3:
        out.add("triple")
    if len(nz) == 1 and c[nz[0]] == 4:
        out.add("bomb")
    if nz == [13, 14]:
        out.add("rocket")
    if len(nz) == 2 and sorted(c[r] for r in nz) == [1, 3]:
        out.add("triple_single")
    if len(nz) == 2 and sorted(c[r] for r in nz) == [2, 3]:
        out.add("triple_pair")

    def run(width, min_len):
        return (all(c[r] == width for r in nz) and len(nz) >= min_len
                and nz[-1] <= 11 and nz[-1] - nz[0] == len(nz) - 1)

    if run(1, 5):
        out.add("straight")
    if run(2, 3):
        out.add("pair_run")
    if run(3, 2):
        out.add("airplane")
    if max(c) < 3:
        return out
    for f in nz:
        if c[f] == 4:
            rest = [c[r] if r != f else 0 for r in range(15)]
            if total == 6 and not (rest[13] and rest[14]):
                out.add("four_two_singles")
            if total == 8 and sorted(x for x in rest if x) == [2, 2]:
                out.add("four_two_pairs")
    for lo in range(12):
        for hi in range(lo + 1, 12):
            if any(c[r] < 3 for r in range(lo, hi + 1)):
                break
            length = hi - lo + 1
            rest = [c[r] - (3 if lo <= r <= hi else 0) for r in range(15)]
            if any(rest[r] for r in range(lo, hi + 1)):
                continue  # a wing of a core rank
            wings = sum(rest)
            if wings == length and max(rest) <= 2 and not (rest[13] and rest[14]):
                out.add("airplane_single_wings")
            if wings == 2 * length and all(x in (0, 2) for x in rest):
                out.add("airplane_pair_wings")
    return out


def brute_leading(hand: str) -> set[tuple[str, str]]:
    counts = [0] * 15
    for ch in hand.replace(" ", ""):
        counts[RANKS.index(ch)] += 1
    out = set()
    for sub in itertools.product(*(range(k + 1) for k in counts)):
        for kind in brute_readings(list(sub)):
            out.add(("".join(RANKS[r] * sub[r] for r in range(15)), kind))
    return out


def engine_leading(hand: str) -> set[tuple[str, str]]:
    ids = deal_ranks(hand)[0]
    ms = doudizhu.moves(ids)
    pairs = {(m.ranks, m.kind) for m in ms}
    assert len(pairs) == len(ms), "one move per distinct (ranks, reading)"
    return pairs


def test_ddz_4_leading_count_by_hand():
    """A count worked out by hand: 333 444 5 6 has 4 singles, 2 pairs, 2
    triples, 6 triples with a single, 2 with a pair, the airplane 333444 and
    333444+56 with single wings: 18 (DDZ-4.1, DDZ-4.2, DDZ-4.3)."""
    assert len(doudizhu.moves("3h 3s 3d 4h 4s 4d 5h 6c")) == 18


FIXED_HANDS = [
    "33344455566678BR",          # airplanes, wings, rocket (16 cards)
    "3334445557799JJQKA2",       # 19 cards
    "33334445556789TJQ",         # 17 cards: a bomb and four-with-two
    "3456789TJQKA2BRK",          # long straights, rocket
    "334455667788JQKA2B",        # pair runs
    "3333444455556666",          # four bombs, airplanes
]


@pytest.mark.parametrize("hand", FIXED_HANDS)
def test_ddz_4_leading_moves_match_brute_force(hand):
    """Exact leading moves (and so their count) on fixed hands equal those of
    the independent enumerator above (DDZ-4.1 to DDZ-4.4)."""
    expected = brute_leading(hand)
    got = engine_leading(hand)
    assert got == expected
    assert len(doudizhu.moves(deal_ranks(hand)[0])) == len(expected)


def test_ddz_4_random_hands_match_brute_force():
    rng = random.Random(5)
    deck = [ch for ch in "3456789TJQKA2" for _ in range(4)] + ["B", "R"]
    for _ in range(12):
        hand = "".join(sorted(rng.sample(deck, 13), key=RANKS.index))
        assert engine_leading(hand) == brute_leading(hand), hand


def test_ddz_responses_match_definition():
    """Responses are exactly the leading moves that beat the play on the
    table: same kind and size and higher, or a higher bomb, or the rocket
    (DDZ-3.1, DDZ-3.4, DDZ-3.5, DDZ-4.5)."""
    rng = random.Random(11)
    for _ in range(30):
        ids = rng.sample(range(54), 17)
        lead = doudizhu.moves(rng.sample(range(54), 17))
        for last in rng.sample(lead, 5):
            resp = doudizhu.moves(ids, last=last)
            expected = []
            for m in doudizhu.moves(ids):
                if last.kind == "rocket":
                    ok = False
                elif m.kind == "rocket":
                    ok = True
                elif m.kind == "bomb":
                    ok = last.kind != "bomb" or m.rank > last.rank
                else:
                    ok = (m.kind == last.kind and m.length == last.length and m.ncards == last.ncards
                          and m.rank > last.rank)
                if ok:
                    expected.append(m)
            assert set(resp) == set(expected)


# ---------------------------------------------------------------------------
# Cross-check with rlcard 1.2.0's move generator.

def _triple_in_single_wings(ranks: str) -> bool:
    """Is this rank string an airplane with single wings whose wings hold a
    triple (allowed by rlcard, forbidden by DDZ-4.3)?"""
    c = [ranks.count(ch) for ch in RANKS]
    for lo in range(12):
        for hi in range(lo + 1, 12):
            if any(c[r] < 3 for r in range(lo, hi + 1)):
                break
            rest = [c[r] - (3 if lo <= r <= hi else 0) for r in range(15)]
            if sum(rest) == hi - lo + 1 and 3 in rest and max(rest) == 3:
                return True
    return False


def test_ddz_cross_check_rlcard_2000_hands():
    """Leading moves of 2,000 random 17- and 20-card hands against rlcard's
    ``DoudizhuJudger.playable_cards_from_hand``.  The only difference allowed
    is rlcard's: it lets an airplane's single wings include a triple (any
    triple not adjacent to the chain, and 222), which DDZ-4.3 forbids."""
    judger = pytest.importorskip("rlcard.games.doudizhu.judger", reason="rlcard (a test extra) is not installed")
    rng = random.Random(2024)
    extra_rlcard = 0
    for i in range(2000):
        ids = rng.sample(range(54), 20 if i % 2 else 17)
        ours = {m.ranks for m in doudizhu.moves(ids)}
        hand = "".join(sorted((RANKS[((c >> 2) + 12) % 13] if c < 52 else "BR"[c - 52]
                               for c in ids), key=RANKS.index))
        theirs = judger.DoudizhuJudger.playable_cards_from_hand(hand)
        assert ours <= theirs, ours - theirs
        for s in theirs - ours:
            assert _triple_in_single_wings(s), (hand, s)
            extra_rlcard += 1
    assert extra_rlcard > 0  # the difference is real and was exercised


# ---------------------------------------------------------------------------
# DDZ-1, DDZ-2: objective, deal and bidding

def test_ddz_2_1_deal_17_each_and_3_bottom():
    for seed in range(20):
        s = GAME.new_state(seed=seed)
        hands = hand_bits(s)
        assert [bin(h).count("1") for h in hands] == [17, 17, 17]
        assert bin(CardSet(s.bottom).bits).count("1") == 3
        assert hands[0] | hands[1] | hands[2] | CardSet(s.bottom).bits == (1 << 54) - 1


def test_ddz_2_2_first_bidder_random_and_bids_rise():
    firsts = {GAME.new_state(seed=seed).current_player for seed in range(40)}
    assert firsts == {0, 1, 2}
    s = GAME.new_state(seed=3)
    assert sorted(str(m) for m in s.legal_moves()) == ["bid 1", "bid 2", "bid 3", "pass"]
    s.play("bid 2")
    assert sorted(str(m) for m in s.legal_moves()) == ["bid 3", "pass"]
    refused(s, "bid 1", "DDZ-2.2")
    refused(s, "bid 2", "DDZ-2.2")
    refused(s, "33", "DDZ-2.2")


def test_ddz_2_3_bidding_ends_on_three_or_two_passes():
    s = GAME.new_state(seed=4)
    first = s.current_player
    s.play("bid 3")
    assert s.phase == "play" and s.landlord == first

    s = GAME.new_state(seed=4)
    play_all(s, "bid 1", "bid 2", "pass")
    assert s.phase == "bidding"
    s.play("pass")
    assert s.landlord == (first + 1) % 3

    # A player who passed may bid later (settled).
    s = GAME.new_state(seed=4)
    play_all(s, "pass", "bid 1", "pass", "bid 2", "pass")
    assert s.phase == "bidding" and s.current_player == (first + 2) % 3
    s.play("pass")
    assert s.landlord == first and s.bid == 2


def test_ddz_2_4_landlord_takes_revealed_bottom_and_leads():
    s = GAME.new_state(seed=9)
    first = s.current_player
    bottom = CardSet(s.bottom).bits
    for p in range(3):
        assert s.observation(p)["bottom"] is None
    s.play("bid 1")
    s.play("pass")
    s.play("pass")
    assert s.landlord == first and s.current_player == first
    assert hand_bits(s)[first] & bottom == bottom and bin(hand_bits(s)[first]).count("1") == 20
    for p in range(3):
        obs = s.observation(p)
        assert obs["bottom"] == cardavia.format_cards(
            [c for c in range(54) if bottom >> c & 1], order="climbing").split()
        assert obs["hand_sizes"][first] == 20
    with pytest.raises(IllegalMoveError) as e:
        s.play("pass")
    assert e.value.rule == "DDZ-3.1"


def test_ddz_2_5_redeal_after_three_passes():
    seed = 17
    s = GAME.new_state(seed=seed)
    before = hand_bits(s)
    play_all(s, "pass", "pass", "pass")
    assert s.phase == "bidding" and s.redeals == 1
    entry = s.history[-1]
    assert entry.player == CHANCE and str(entry.move).startswith("redeal")
    # The same seeded generator deals again and draws the new first bidder.
    r = Random(seed)
    r.shuffle_ids(range(54))
    r.randbelow(3)
    deck = r.shuffle_ids(range(54))
    first = r.randbelow(3)
    assert hand_bits(s) == [sum(1 << c for c in deck[17 * p:17 * p + 17]) for p in range(3)]
    assert hand_bits(s) != before and s.current_player == first
    assert str(entry.move) == f"redeal: first bidder {first}"
    assert s.observation(0)["history"][-1] == [CHANCE, str(entry.move)]
    # It is still the same deal: replaying the JSON gives the same state.
    again = GAME.from_json(s.to_json())
    assert hand_bits(again) == hand_bits(s) and again.current_player == first
    s.play("bid 1")
    s.play("pass")
    s.play("pass")
    assert GAME.deal_summary(play_random(s))["redeals"] == 1


def play_random(s, seed=0):
    rng = random.Random(seed)
    while not s.is_over:
        s.play(s.legal_moves().sample(rng))
    return s


def test_ddz_1_one_farmer_out_wins_for_both():
    s = state_with("3579J", "A", "4", landlord=0)
    play_all(s, "3", "A")  # farmer 1 goes out
    assert s.is_over
    r = s.returns()
    assert r[1] > 0 and r[2] > 0 and r[0] < 0 and r[1] == r[2]


# ---------------------------------------------------------------------------
# DDZ-3: play

def test_ddz_3_1_leader_cannot_pass_followers_may():
    s = state_with("3456J", "9TQKA", "44", landlord=0)
    refused(s, "pass", "DDZ-3.1")
    s.play("J")
    assert "pass" in [str(m) for m in s.legal_moves()]
    s.play("pass")
    refused(s, "22", "DDZ-2.1")  # not in hand: not among the cards dealt
    refused(s, "44", "DDZ-4.5")  # wrong type


def test_ddz_3_2_two_passes_give_the_lead_back():
    s = state_with("3456J", "9TQKA", "778", landlord=0)
    play_all(s, "3", "9", "pass", "pass")
    assert s.current_player == 1 and s.last_play is None
    refused(s, "pass", "DDZ-3.1")
    s.play("T")
    assert s.last_play is not None


def test_ddz_3_3_order_and_attachments_do_not_decide():
    order = [str(m) for m in doudizhu.moves(deal_ranks("3456789TJQKA2BR")[0]) if m.kind == "single"]
    assert order == list("3456789TJQKA2BR")
    # Triple with a single: the triple decides, not the kicker.
    s = state_with("3334J", "444A", "56", landlord=0)
    play_all(s, "333J")
    s.play("444A")
    assert s.last_play.ranks == "444A"
    s = state_with("555A9", "4443", "66", landlord=0)
    s.play("555A")
    refused(s, "3444", "DDZ-3.3")
    # Runs compare their highest core rank.
    s = state_with("34567K", "45678Q", "9", landlord=0)
    s.play("34567")
    s.play("45678")
    assert s.current_player == 2


def test_ddz_3_4_bombs_beat_ordinary_and_compare_by_rank():
    s = state_with("KKK22A", "44449", "5555J", landlord=0)
    s.play("KKK22")
    s.play("4444")
    assert s.last_play.kind == "bomb"
    refused(s, "55", "DDZ-3.4")
    s.play("5555")
    assert s.current_player == 0
    refused(s, "A", "DDZ-3.4")


def test_ddz_3_5_rocket_beats_everything():
    s = state_with("2222A", "BR3", "4", landlord=0)
    s.play("2222")
    s.play("BR")
    assert s.last_play.kind == "rocket" and s.multiplier == 4
    s.play("pass")
    refused(s, "A", "DDZ-3.5")
    assert doudizhu.moves(deal_ranks("2222A")[0], last="BR") == []


# ---------------------------------------------------------------------------
# DDZ-4: combinations

def kinds(ranks: str) -> list[str]:
    return [m.kind for m in doudizhu.classify(ranks)]


def test_ddz_4_1_basic_shapes_and_3333_is_no_triple_single():
    assert kinds("3") == ["single"]
    assert kinds("33") == ["pair"]
    assert kinds("333") == ["triple"]
    assert kinds("3334") == ["triple_single"]
    assert kinds("33344") == ["triple_pair"]
    assert kinds("3333") == ["bomb"]
    assert kinds("BR") == ["rocket"]
    assert kinds("33334") == []
    assert kinds("333BR") == []   # BR is no pair
    assert kinds("34") == []
    assert kinds("3h 3s 3d 4c") == ["triple_single"]  # card text works too


def test_ddz_4_2_runs_need_length_and_exclude_twos_and_jokers():
    assert kinds("34567") == ["straight"]
    assert kinds("3456") == []
    assert kinds("TJQKA") == ["straight"]
    assert kinds("JQKA2") == []
    assert kinds("3456789TJQKA") == ["straight"]
    assert kinds("334455") == ["pair_run"]
    assert kinds("3344") == []
    assert kinds("QQKKAA22") == []
    assert kinds("333444") == ["airplane"]
    assert kinds("AAA222") == []
    assert kinds("KKKAAA") == ["airplane"]


def test_ddz_4_3_wings_exclude_core_rank_triple_bomb_and_rocket():
    assert kinds("33344456") == ["airplane_single_wings"]
    assert kinds("33344455") == ["airplane_single_wings"]   # single wings may form a pair
    assert kinds("3334445566") == ["airplane_pair_wings"]
    assert kinds("33344434") == []      # a wing of a core rank
    assert kinds("333444555666") == ["airplane"]  # never chain 3 + a triple of wings
    assert kinds("333444555777") == []  # a triple as single wings
    assert kinds("3334445555") == []    # pair wings of one rank
    assert kinds("333444555666" + "7777") == []  # settled: no bomb as wings
    assert kinds("333444BR") == []      # both jokers
    assert kinds("333444B2") == ["airplane_single_wings"]
    assert kinds("3334445577") == ["airplane_pair_wings"]
    assert kinds("33344455667") == []


def test_ddz_4_4_four_with_two():
    assert kinds("333345") == ["four_two_singles"]
    assert kinds("333344") == ["four_two_singles"]   # the two may be a pair
    assert kinds("3333BR") == []                     # not both jokers
    assert kinds("33334455") == ["four_two_pairs"]
    assert kinds("33334444") == []                   # two distinct pairs
    # Four with attachments is not a bomb: no doubling, beaten by a bomb.
    s = state_with("333356K", "4444J", "7", landlord=0)
    s.play("333356")
    assert s.multiplier == 1
    s.play("4444")
    assert s.multiplier == 2


def test_ddz_4_5_exact_type_and_size():
    s = state_with("34567K", "456789", "3456789", landlord=0)
    s.play("34567")
    refused(s, "456789", "DDZ-4.5")
    s.play("pass")
    refused(s, "3456789", "DDZ-4.5")
    s.play("56789")
    # Wing kinds must match too.
    s = state_with("33344456K", "5556667788", "9", landlord=0)
    s.play("33344456")
    refused(s, "5556667788", "DDZ-4.5")
    assert [str(m) for m in s.legal_moves()][-1] == "pass"
    assert "55566678" in [str(m) for m in s.legal_moves()]


def test_ddz_4_6_move_is_cards_plus_reading():
    m = doudizhu.classify("33344456")[0]
    assert GAME.parse_move("airplane_single_wings:33344456") == m
    assert GAME.parse_move(str(m)) == m
    with pytest.raises(IllegalMoveError):
        GAME.parse_move("straight:33344456")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move("nonsense:33")
    # Under the settled wing rules every set of ranks has at most one
    # reading, so the plain ranks text is never ambiguous: checked on random
    # sets of ranks, airplane-shaped ones included.
    rng = random.Random(46)
    deck = [ch for ch in RANKS[:13] for _ in range(4)] + ["B", "R"]
    for i in range(3000):
        if i % 2:
            ranks = "".join(rng.sample(deck, rng.choice([6, 8, 10, 12, 16, 20])))
        else:
            lo = rng.randrange(10)
            core = "".join(ch * 3 for ch in RANKS[lo:min(lo + rng.randrange(2, 6), 12)])
            extra = [ch for ch in deck if ch not in core or core.count(ch) < 3]
            ranks = core + "".join(rng.sample(extra, rng.randrange(0, 9)))
        try:
            readings = doudizhu.classify(ranks)
        except ValueError:
            continue  # more than four of a rank
        assert len(readings) <= 1, (ranks, readings)
        for m in readings:
            assert GAME.parse_move(f"{m.kind}:{m.ranks}") == m == GAME.parse_move(str(m))


def test_move_text_forms_and_errors():
    assert str(GAME.parse_move("10JQKA")) == "TJQKA"
    assert str(GAME.parse_move("bid 2")) == "bid 2"
    assert str(GAME.parse_move("  PASS ")) == "pass"
    assert GAME.parse_move("br").kind == "rocket"
    for bad in ["", "bid 4", "3x", "33 44", "33333", "BB", None, "kind:"]:
        with pytest.raises((InvalidMoveError, IllegalMoveError)):
            GAME.parse_move(bad)


def test_play_takes_lowest_card_ids():
    s = GAME.from_hands(["3h 3c 3s 5d", "4c", "4d"], landlord=0)
    s.play("33")
    assert s.hand(0) == tuple(cardavia.parse_cards("3s 5d"))


# ---------------------------------------------------------------------------
# DDZ-5: scoring

def test_ddz_5_1_ends_at_once():
    s = state_with("KK", "3", "4", landlord=0)
    s.play("KK")
    assert s.is_over and s.current_player == cardavia.game.TERMINAL
    assert len(s.legal_moves()) == 0


def test_ddz_5_2_multiplier_doubles_per_bomb_and_rocket():
    s = state_with("3333BR5", "6", "7", landlord=0, bid=2)
    play_all(s, "3333", "pass", "pass", "BR")
    assert s.multiplier == 4 and s.bombs == 2


def test_ddz_5_3_spring_and_reverse_spring():
    s = state_with("3333BR", "46", "57", landlord=0, bid=1)
    play_all(s, "3333", "pass", "pass", "BR")
    assert s.is_over and s.spring == "spring"
    assert s.multiplier == 8 and s.returns() == [16, -8, -8]
    # Reverse spring: a farmer out after the landlord's single opening play.
    s = state_with("3579J", "2AA", "4", landlord=0, bid=1)
    play_all(s, "3", "2", "pass", "pass", "AA")
    assert s.spring == "reverse_spring" and s.returns() == [-4, 2, 2]
    # No spring once a farmer has played.
    s = state_with("3K", "4", "5A", landlord=0)
    play_all(s, "3", "pass", "5", "K")
    assert s.is_over and s.spring is None and s.returns() == [2, -1, -1]


def test_ddz_5_4_scores_zero_sum_landlord_double():
    for seed in range(60):
        s = play_random(GAME.new_state(seed=seed), seed)
        r = s.returns()
        ll = s.landlord
        farmers = [p for p in range(3) if p != ll]
        assert sum(r) == 0
        assert r[farmers[0]] == r[farmers[1]] == -r[ll] // 2
        assert abs(r[ll]) == 2 * s.bid * s.multiplier


# ---------------------------------------------------------------------------
# API: analysis entry points, from_hands, observation, conformance, simulate

def test_moves_entry_point_forms():
    hand = "3h 3s 4d 4c 5h 5s BJ"
    a = doudizhu.moves(hand)
    assert a == doudizhu.moves(cardavia.parse_cards(hand))
    assert all(m.kind != "pass" for m in a)
    resp = doudizhu.moves(hand, last="33")
    assert {str(m) for m in resp} == {"44", "55"}
    assert doudizhu.moves(hand, last=GAME.parse_move("33")) == resp
    assert doudizhu.moves(hand, last="pass") == a


def test_from_hands_with_bidding_and_observation_hides_hands():
    deck = random.Random(1).sample(range(54), 54)
    hands = [deck[0:17], deck[17:34], deck[34:51]]
    bottom = deck[51:]
    s = GAME.from_hands(hands, bottom=bottom, first_bidder=1)
    assert s.current_player == 1 and s.phase == "bidding"
    obs = s.observation(0)
    assert obs["hand_sizes"] == [17, 17, 17] and obs["bottom"] is None
    text = obs.to_json()
    other = cardavia.format_cards(hands[1], order="climbing")
    assert other not in text and "hand" in obs.data
    play_all(s, "bid 3")
    assert s.landlord == 1 and s.observation(2)["hand_sizes"] == [17, 20, 17]
    r = GAME.from_json(s.to_json())
    assert r.to_json() == s.to_json() and hand_bits(r) == hand_bits(s)
    json.loads(s.observation(1).to_json())


def test_conformance_1000_deals():
    moves = check_random_games(GAME, range(1000), check_every=40)
    assert moves > 30_000


def test_simulate_summary():
    from cardavia import simulate
    out = simulate.run("doudizhu", games=40, seed=3, workers=1)
    for key in ["landlord_win_rate", "mean_score", "bombs_per_deal", "deals_per_second"]:
        assert key in out
    assert abs(sum(out["mean_score"])) < 1e-9
    assert simulate.run("doudizhu", games=40, seed=3, workers=2)["mean_score"] == out["mean_score"]


def test_compiled_selfplay_is_zero_sum_and_plausible():
    from cardavia._core import climb
    res = climb.ddz_selfplay(3000, 7)
    assert sum(res["score"]) == 0
    assert 0.2 < res["landlord_wins"] / 3000 < 0.6
    assert res["bombs"] > 0 and res["redeals"] > 0


def test_ddz_cross_check_rlcard_responses_2000():
    """Responses on 2,000 random (17-card hand, play on the table) pairs
    against rlcard's ``get_gt_cards`` (pass aside).  The play on the table is
    drawn kind first, so every kind is answered.  Allowed difference, as for
    leading moves: rlcard's single wings may hold a triple (DDZ-4.3)."""
    from types import SimpleNamespace

    from rlcard.games.doudizhu import utils as rl_utils

    rng = random.Random(77)
    answered = 0
    for _ in range(2000):
        ids = rng.sample(range(54), 17)
        lead = doudizhu.moves(rng.sample(range(54), 20))
        by_kind: dict = {}
        for m in lead:
            by_kind.setdefault(m.kind, []).append(m)
        last = rng.choice(by_kind[rng.choice(sorted(by_kind))])
        hand = "".join(sorted((RANKS[((c >> 2) + 12) % 13] if c < 52 else "BR"[c - 52] for c in ids),
                              key=RANKS.index))
        cards = [SimpleNamespace(rank="" if ch in "BR" else ch, suit="BJ" if ch == "B" else "RJ")
                 for ch in hand]
        theirs = set(rl_utils.get_gt_cards(SimpleNamespace(current_hand=cards),
                                           SimpleNamespace(played_cards=str(last)))) - {"pass"}
        ours = {m.ranks for m in doudizhu.moves(ids, last)}
        assert ours <= theirs, (hand, str(last), ours - theirs)
        for s in theirs - ours:
            assert _triple_in_single_wings(s), (hand, str(last), s)
        answered += bool(ours)
    assert answered > 500


# ---------------------------------------------------------------------------
# Audit (rules auditor): defects found and pinned

def test_ddz_2_4_from_hands_after_bidding_observation_and_replay():
    """DDZ-2.4: a state built with the landlord already chosen (bidding done)
    must give observations like any other; it used to raise AttributeError
    (no first bidder).  The first bidder is reported as None there (nobody)."""
    s = GAME.from_hands(["3h 4h 5c", "6h 7h", "8h 9h"], bottom="", landlord=0, bid=2)
    for p in range(3):
        obs = s.observation(p)
        assert obs["first_bidder"] is None and obs["landlord"] == 0 and obs["bid"] == 2
        json.loads(obs.to_json())
    s.play("3")
    r = GAME.from_json(s.to_json())
    assert r.observation(1) == s.observation(1)


def test_ddz_4_3_analysis_of_hands_larger_than_a_deal_does_not_overflow():
    """DDZ-4.2/4.3: ``moves()`` of a hand with more cards than a deal holds
    (the whole pack: airplanes with wings run into tens of thousands) used to
    raise RuntimeError("move buffer overflow"); the core now grows its buffer.
    The count is checked against the independent classifier of every reading
    kind: each generated move is distinct and reads back to itself."""
    full = list(range(54))
    ms = doudizhu.moves(full)
    assert len(ms) == len(set(ms)) > 8192
    kinds = {m.kind for m in ms}
    assert {"airplane_single_wings", "airplane_pair_wings", "four_two_pairs", "rocket"} <= kinds
    for m in random.Random(2).sample(ms, 300):
        assert m in doudizhu.classify(m.ranks)
    # The chain 3..A leaves only the 2s (two at most: no triple among the
    # wings) and one joker (not both) as wings: never the 12 it needs.
    assert not any(m.kind == "airplane_single_wings" and m.length == 12 for m in ms)
    # No deal holds such a hand (DDZ-2.1: a state refuses it); the compiled
    # position still lists its moves without overflowing.
    with pytest.raises(ValueError) as e:
        GAME.from_hands([full[:52], [52], [53]], landlord=0)
    assert e.value.rule == "DDZ-2.1"
    from cardavia._core import climb
    pos = climb.Position.from_hands(0, [(1 << 52) - 1, 1 << 52, 1 << 53], landlord=0)
    assert pos.legal_count() > 8192
    assert doudizhu.moves(full, last="33344456")


# Property tests (hypothesis): garbage input, the JSON setup, every reading.
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as hst  # noqa: E402
from checks import check_state_json_loads_or_value_error, json_values, check_text_changes_nothing  # noqa: E402

_FAST = settings(max_examples=150, deadline=None, derandomize=True,
                 suppress_health_check=list(HealthCheck))
_JUNK_TEXT = hst.one_of(
    hst.text(max_size=40),
    hst.lists(hst.sampled_from(list("3456789TJQKA2BRtjqkabr10 :passbid") +
                               ["airplane_single_wings:", "rocket:", "bid ", "heavenly_bomb:", '{"', "]"]),
              max_size=25).map("".join),
    hst.sampled_from(["3" * 100_000, "♠" * 5000, '{"moves": ["pass"]}', "[" * 500, "bid 3" * 999]),
)
_JSON = json_values(["3h 4h", "BJ RJ", "3h 3h", ""])
_SETUP = hst.dictionaries(hst.sampled_from(["seed", "hands", "bottom", "landlord", "bid",
                                            "first_bidder", "leader", "opening"]), _JSON, max_size=5)


@_FAST
@given(_JUNK_TEXT)
def test_ddz_4_garbage_move_text_is_a_value_error_and_changes_nothing(text):
    """DDZ-4: any text is a move, an InvalidMoveError or an IllegalMoveError
    (both ValueError) and a refused text leaves the state as it was."""
    for s in (GAME.new_state(seed=4), _PLAYING):
        check_text_changes_nothing(s, text)


_PLAYING = GAME.new_state(seed=5)
while _PLAYING.phase == "bidding":
    _PLAYING.play("bid 3")


@_FAST
@given(_SETUP, hst.lists(hst.one_of(hst.text(max_size=5), hst.sampled_from(["pass", "bid 3", "3"])),
                         max_size=3))
def test_ddz_2_malformed_state_json_is_a_value_error(setup, moves):
    """DDZ-2: a hand-edited state JSON (any setup) loads or raises ValueError;
    it used to raise TypeError/IndexError/AttributeError."""
    check_state_json_loads_or_value_error(GAME, setup, moves)


def _ref_readings(cnt):
    """Every (kind, lowest core rank, chain length) of rank counts, straight
    from RULES.md DDZ-4 (written independently of the core)."""
    n, nz, out = sum(cnt), [r for r in range(15) if cnt[r]], set()
    shape = sorted(cnt[r] for r in nz)

    def run(ranks):
        return ranks == list(range(ranks[0], ranks[0] + len(ranks))) and ranks[-1] <= 11

    if n == 1:
        out.add(("single", nz[0], 1))
    if n == 2 and nz == [13, 14]:
        out.add(("rocket", 13, 1))
    if len(nz) == 1 and n in (2, 3, 4):
        out.add(({2: "pair", 3: "triple", 4: "bomb"}[n], nz[0], 1))
    for k, name in ((1, "triple_single"), (2, "triple_pair")):
        if shape == sorted([3, k]):
            out.add((name, next(r for r in nz if cnt[r] == 3), 1))
    for w, name, least in ((1, "straight", 5), (2, "pair_run", 3), (3, "airplane", 2)):
        if len(nz) >= least and set(shape) == {w} and run(nz):
            out.add((name, nz[0], len(nz)))
    for lo in range(12):
        for hi in range(lo + 1, 12):
            if min(cnt[lo:hi + 1]) < 3:
                break
            rest = list(cnt)
            for r in range(lo, hi + 1):
                rest[r] -= 3
            L = hi - lo + 1
            if any(rest[lo:hi + 1]):
                continue
            if sum(rest) == L and max(rest) < 3 and not (rest[13] and rest[14]):
                out.add(("airplane_single_wings", lo, L))
            if sum(rest) == 2 * L and set(rest) <= {0, 2}:
                out.add(("airplane_pair_wings", lo, L))
    for r in range(13):
        if cnt[r] == 4:
            rest = cnt[:r] + [0] + cnt[r + 1:]
            if n == 6 and not (rest[13] and rest[14]):
                out.add(("four_two_singles", r, 1))
            if n == 8 and sorted(x for x in rest if x) == [2, 2]:
                out.add(("four_two_pairs", r, 1))
    return out


@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(hst.lists(hst.sampled_from([0, 1, 2, 3, 3, 3, 4]), min_size=13, max_size=13),
       hst.booleans(), hst.booleans())
def test_ddz_4_every_reading_matches_an_independent_reading_of_the_rules(cnt, bj, rj):
    """DDZ-4.1-4.4 (wings next to the chain, kickers with jokers, 2s and
    jokers kept out of sequences): ``classify`` gives exactly the readings
    of an independent transcription of the rules, on rank counts biased to
    triples so that airplanes with every kind of wing come up."""
    cnt = cnt[:]
    nz = [r for r in range(13) if cnt[r]]
    for r in nz[6:]:          # at most 6 ranks: sets of at most 20-odd cards
        cnt[r] = 0
    cnt += [int(bj), int(rj)]
    if not sum(cnt):
        return
    text = "".join("3456789TJQKA2BR"[r] * k for r, k in enumerate(cnt))
    got = {(m.kind, m.rank, m.length) for m in doudizhu.classify(text)}
    assert got == _ref_readings(cnt), text


@settings(max_examples=50, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(hst.integers(0, 2**32), hst.randoms(use_true_random=False), hst.floats(0, 1))
def test_ddz_5_returns_match_an_independent_recount(seed, rng, bias):
    """DDZ-2.3, DDZ-5.2-5.4: random deals (short ones favoured by ``bias``, so
    springs and reverse springs come up); the returns equal a recount from
    the history alone: the bid, 2 per bomb or rocket, 2 for a spring (the
    farmers never played) or a reverse spring (the landlord played once)."""
    s = GAME.new_state(seed=seed)
    while not s.is_over:
        moves = list(s.legal_moves())
        big = max(moves, key=lambda m: m.ncards if m.is_play else 0)
        s.play(big if rng.random() < bias else rng.choice(moves))
    entries = [(p, m) for p, m in s.history if p != CHANCE]
    bids = [(p, m) for p, m in entries if m.kind == "bid"]
    landlord, bid = bids[-1][0], bids[-1][1].rank
    plays = [(p, m) for p, m in entries if m.is_play]
    winner = plays[-1][0]
    mult = 2 ** sum(m.kind in ("bomb", "rocket") for p, m in plays)
    if winner == landlord:
        spring = all(p == landlord for p, m in plays)
    else:
        spring = sum(p == landlord for p, m in plays) == 1
    mult *= 2 if spring else 1
    unit = bid * mult * (1 if winner == landlord else -1)
    assert s.returns() == [2 * unit if p == landlord else -unit for p in range(3)]
    assert s.spring == (None if not spring else "spring" if winner == landlord else "reverse_spring")


# ---------------------------------------------------------------------------
# Issue 19: one setup check (validate_setup) wherever a setup comes from

def _tampered(setup: dict) -> str:
    data = GAME.from_hands(*_FH_ARGS[0], **_FH_ARGS[1]).to_dict()
    data["setup"] = setup
    return json.dumps(data)


_DEAL = random.Random(19).sample(range(54), 54)
_FH_ARGS = (([_DEAL[0:17], _DEAL[17:34], _DEAL[34:51]],), {"bottom": _DEAL[51:], "first_bidder": 0})


def _setup_error(setup: dict) -> InvalidSetupError:
    with pytest.raises(InvalidSetupError) as e:
        GAME.from_json(_tampered(setup))
    return e.value


def test_ddz_2_1_replay_with_a_card_in_two_hands_or_outside_the_pack_is_refused():
    """DDZ-2.1: a replay whose hands share the 3 of hearts, or whose hand is
    an integer bit set holding card id 60, used to build a state."""
    hands = [cardavia.format_cards(h) for h in _FH_ARGS[0][0]]
    bottom = cardavia.format_cards(_DEAL[51:])
    three_h = "3h"
    holder = next(p for p in range(3) if three_h in hands[p].split())
    other = (holder + 1) % 3
    twice = list(hands)
    twice[other] = " ".join(hands[other].split()[:-1] + [three_h])
    assert _setup_error({"hands": twice, "bottom": bottom, "first_bidder": 0}).rule == "DDZ-2.1"
    sixty = list(hands)
    sixty[0] = 1 << 60
    assert _setup_error({"hands": sixty, "bottom": bottom, "first_bidder": 0}).rule == "DDZ-2.1"
    with pytest.raises(InvalidSetupError) as e:
        GAME.from_hands([[60], [1], [2]], landlord=0)
    assert e.value.rule == "DDZ-2.1"


def test_ddz_2_1_hand_sizes_bottom_seats_and_bids_are_checked():
    """DDZ-2.1/2.2/2.4: the bidding starts from 17 cards each and 3 bottom
    cards; in play a farmer holds at most 17, the landlord 20; seats 0-2,
    bids 1-3; the bottom cards go to the landlord, not a farmer."""
    hands, bottom = _FH_ARGS[0][0], _DEAL[51:]
    short = [hands[0][:16], hands[1], hands[2]]
    for kwargs, rule in (({"bottom": bottom}, None), ({"bottom": bottom[:2]}, "DDZ-2.1")):
        if rule:
            with pytest.raises(InvalidSetupError) as e:
                GAME.from_hands(hands, **kwargs)
            assert e.value.rule == rule
        else:
            assert GAME.from_hands(hands, **kwargs).phase == "bidding"
    with pytest.raises(InvalidSetupError) as e:
        GAME.from_hands(short, bottom=bottom)
    assert e.value.rule == "DDZ-2.1"
    with pytest.raises(InvalidSetupError) as e:
        GAME.from_hands([hands[0] + [bottom[0]], hands[1], hands[2]], landlord=1)
    assert e.value.rule == "DDZ-2.1"   # a farmer with 18 cards
    with pytest.raises(InvalidSetupError) as e:
        GAME.from_hands([hands[0], hands[1] + bottom[:1], hands[2]], bottom=bottom, landlord=0)
    assert e.value.rule == "DDZ-2.4"   # a bottom card in a farmer's hand
    for kwargs, rule in (({"landlord": 3}, "DDZ-2.4"), ({"landlord": 0, "bid": 4}, "DDZ-2.2"),
                         ({"first_bidder": -1}, "DDZ-2.2")):
        with pytest.raises(InvalidSetupError) as e:
            GAME.from_hands(hands, bottom=bottom, **kwargs)
        assert e.value.rule == rule, kwargs
    for bad in ({"landlord": True}, {"first_bidder": "1"}, {"landlord": 0, "bid": 2.0}):
        with pytest.raises(ArgumentTypeError):
            GAME.from_hands(hands, bottom=bottom, **bad)
    _setup_error({"seed": 1, "extra": 2})
    with pytest.raises(ArgumentTypeError):
        GAME.from_hands("3h 4h 5h")


def test_ddz_4_analysis_refuses_cards_it_would_invent():
    """DDZ-4 analysis entry points: ``moves(1 << 60)`` used to invent a card
    and ``moves(-1)`` to raise OverflowError; both are ValueErrors now."""
    for bad in (1 << 60, -1, 1 << 200, [60], [-1], "3h 3h"):
        with pytest.raises(ValueError):
            doudizhu.moves(bad)
        with pytest.raises(ValueError):
            doudizhu.classify(bad)
    for bad in (None, 3.5, b"3h", {"3h": 1}):
        with pytest.raises(ArgumentTypeError):
            doudizhu.moves(bad)
    assert doudizhu.moves((1 << 52) | (1 << 53))[-1].kind == "rocket"  # a bit set in range


def test_card_text_parses_at_the_speed_of_move_generation():
    """Issue 12 part 7: the fast ASCII reader gives the same cards as the
    general one (and the general one's messages for anything else)."""
    from cardavia._core import climb
    rng = random.Random(7)
    for _ in range(300):
        ids = rng.sample(range(54), rng.randrange(1, 21))
        text = rng.choice([" ", ",", ", ", ""]).join(
            t.lower() if rng.random() < 0.3 else t for t in cardavia.format_cards(ids).split())
        assert climb.parse_card_bits(text) == CardSet(ids).bits
    assert climb.parse_card_bits("10h 3♠") == CardSet("Th 3s").bits
    for bad in ("3x", "3", "10", "BJ BJ", "3h3h", "Zz"):
        with pytest.raises(ValueError):
            climb.parse_card_bits(bad)


def test_vocabulary_names_and_nobody_is_none():
    """Issue 12 part 4: DouDizhuGame, None for nobody, hand() a tuple of ids
    in climbing order, the observation's hand a list of texts."""
    assert doudizhu.GAME is doudizhu.DouDizhuGame and not hasattr(doudizhu, "DouDizhu")
    s = GAME.new_state(seed=2)
    assert s.landlord is None and s.winner is None and s.last_player is None
    obs = s.observation(0)
    assert obs["landlord"] is None and obs["last_player"] is None and obs["bottom"] is None
    assert obs["hand"] == [cardavia.card_text(c) for c in s.hand(0)]
    assert isinstance(s.hand(0), tuple)
    assert list(s.hand(0)) == sorted(s.hand(0), key=cardavia.cards.sort_key("climbing"))
    play_random(s, 3)
    out = s.outcome()
    assert out.score["multiplier"] == s.multiplier and out.score["landlord"] == s.landlord
    assert json.dumps(out.to_dict()) and s.current_player is None


def test_fixed_landlord_deals_seat_0_the_bottom_at_bid_1():
    """``bidding=False`` (DouZero's evaluation setting): the same shuffle as
    with bidding, no auction; seat 0 is landlord at bid 1 with the bottom
    cards and leads (DDZ-2.4)."""
    fixed = cardavia.load("doudizhu", bidding=False)
    for seed in range(20):
        state, bid = fixed.new_state(seed=seed), cardavia.load("doudizhu").new_state(seed=seed)
        assert (state.phase, state.landlord, state.bid, state.current_player) == ("play", 0, 1, 0)
        assert sorted(state.hand(0)) == sorted(bid.hand(0) + bid.bottom)
        assert state.hand(1) == bid.hand(1) and state.hand(2) == bid.hand(2)
        assert state.observation(1)["bottom"] == state.observation(2)["bottom"] is not None
        assert fixed.from_json(state.to_json()) == state
    with pytest.raises(ValueError, match="bidding must be True or False"):
        cardavia.load("doudizhu", bidding="no")
