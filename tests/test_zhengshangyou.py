"""Zheng Shangyou / Run Fast 48 (RULES.md section 3): every rule id, an
independent enumerator of the shapes, settlement lines, conformance."""
from __future__ import annotations

import itertools
import json
import random

import pytest
from checks import refused
from conformance import check_random_games

import cardavia
from cardavia import zhengshangyou as zsy
from cardavia.cards import parse_cards
from cardavia.game import ArgumentTypeError, IllegalMoveError, InvalidSetupError

GAME = cardavia.load("zhengshangyou")
RANKS = "3456789TJQKA2"


def st(*hands: str, leader: int = 0, opening: bool = False):
    return GAME.from_hands(list(hands), leader=leader, opening=opening)


def legal(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def kinds(ranks: str, opening: bool = False) -> list[str]:
    return [m.kind for m in zsy.classify(ranks, opening=opening)]


# ---------------------------------------------------------------------------
# ZSY-1, ZSY-2: objective, pack, deal, opening

def test_zsy_2_1_pack_of_48():
    pack = set(zsy.PACK)
    assert len(pack) == 48
    assert 52 not in pack and 53 not in pack
    assert [c for c in pack if c >> 2 == 0] == [parse_cards("2s")[0]]
    aces = sorted(c for c in pack if c >> 2 == 12)
    assert aces == sorted(parse_cards("Ac Ad As"))
    for r in range(1, 12):
        assert sum(1 for c in pack if c >> 2 == r) == 4


def test_zsy_2_2_deal_16_each():
    for seed in range(20):
        s = GAME.new_state(seed=seed)
        assert [len(s.hand(p)) for p in range(3)] == [16, 16, 16]
        assert set(s.hand(0) + s.hand(1) + s.hand(2)) == set(zsy.PACK)


def test_zsy_2_3_three_of_hearts_leads_and_is_played():
    three_h = parse_cards("3h")[0]
    for seed in range(30):
        s = GAME.new_state(seed=seed)
        p = s.current_player
        assert three_h in s.hand(p)
        for m in s.legal_moves():
            assert m.rank_counts()[0] >= 1, m  # every opening play holds a 3
    s = st("3c 3h 4d 5d 6d 7d 8c", "9c", "Tc", leader=0, opening=True)
    refused(s, "45678", "ZSY-2.3")
    refused(s, "8", "ZSY-2.3")
    assert "34567" in legal(s) and "8" not in legal(s)
    s.play("3")
    assert s.observation(0)["played"][0] == ["3h"]  # the 3 of hearts, not 3c
    assert GAME.from_hands(["3h 4c", "5c", "6c"]).current_player == 0
    assert GAME.from_hands(["4c", "5c", "3h 6c"]).current_player == 2


def test_zsy_1_first_out_wins_and_ends_at_once():
    s = st("9c", "Tc Jc", "Qc Kc", leader=0)
    s.play("9")
    assert s.is_over and s.winner == 0
    assert s.returns()[0] > 0 and len(s.legal_moves()) == 0


# ---------------------------------------------------------------------------
# ZSY-3: play

def test_zsy_3_1_same_shape_higher_and_order():
    order = [m.ranks for m in zsy.moves("3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2s") if m.kind == "single"]
    assert order == list(RANKS)
    s = st("9c 9d 3c", "Tc Td Jc", "4c", leader=0)
    s.play("99")
    refused(s, "J", "ZSY-3.1")
    refused(s, "4", "ZSY-2.2")   # not in hand: not among the cards dealt
    s.play("TT")
    s = st("3c 4c 5c 6c 7c Kd", "4d 5d 6d 7d 8d 9d", "Qc", leader=0)
    s.play("34567")
    refused(s, "456789", "ZSY-3.1")  # size must match
    assert set(legal(s)) == {"45678", "56789"}


def test_zsy_3_2_must_beat_if_able_even_with_a_bomb():
    s = st("9c Kd", "5c 5d 5h 5s 4c", "3c", leader=0)
    s.play("9")
    assert legal(s) == ["5555"]          # the bomb is the only response
    refused(s, "pass", "ZSY-3.2")
    s.play("5555")
    assert legal(s) == ["pass"]          # no response: pass is the only move
    s.play("pass")
    assert legal(s) == ["pass"]
    # moves() shows the same must-beat view: responses exist.
    assert [str(m) for m in zsy.moves("5c 5d 5h 5s 4c", last="9")] == ["5555"]


def test_zsy_3_3_two_passes_give_the_lead_back_and_leader_cannot_pass():
    s = st("9c Kd 4d", "5c", "3c", leader=0)
    refused(s, "pass", "ZSY-3.3")
    s.play("K")
    s.play("pass")
    s.play("pass")
    assert s.current_player == 0 and s.last_play is None
    refused(s, "pass", "ZSY-3.3")


# ---------------------------------------------------------------------------
# ZSY-4: shapes

def test_zsy_4_1_ordinary_shapes():
    assert kinds("3") == ["single"]
    assert kinds("33") == ["pair"]
    assert kinds("333") == ["triple"]
    assert kinds("34567") == ["straight"]
    assert kinds("3456") == []
    assert kinds("TJQKA") == ["straight"]
    assert kinds("JQKA2") == []          # no 2 in sequences
    assert kinds("A2345") == []          # Ace only high
    assert kinds("3344") == ["pair_run"]  # from two pairs
    assert kinds("KKAA") == ["pair_run"]
    assert kinds("AA22") == []
    for none in ["3334", "33344", "333444", "33344456", "333345", "33334455"]:
        assert kinds(none) == [], none   # no attachments, airplanes, four-with-two


def test_zsy_4_2_bombs_beat_ordinary_and_compare_by_rank():
    assert kinds("5555") == ["bomb"]
    s = st("3c 4c 5c 6c 7c 8h", "9c 9d 9h 9s Tc", "Jc Jd Jh Js Qc", leader=0)
    s.play("34567")
    s.play("9999")
    s.play("JJJJ")
    assert s.current_player == 0 and legal(s) == ["pass"]


def test_zsy_4_3_three_aces_top_bomb_never_a_triple():
    assert kinds("AAA") == ["ace_bomb"]
    s = st("Kc Kd Kh Ks 4c", "Ac Ad As 5c", "6c", leader=0)
    s.play("KKKK")
    assert legal(s) == ["AAA"]
    s.play("AAA")
    assert s.last_play.kind == "ace_bomb"
    # AAA answers a single too, and no triple is ever made of aces.
    assert "AAA" in [str(m) for m in zsy.moves("Ac Ad As 3c", last="K")]
    ms = zsy.moves("Ac Ad As Kc Kd Kh")
    assert [m.ranks for m in ms if m.kind == "triple"] == ["KKK"]
    assert [m.ranks for m in ms if m.kind == "ace_bomb"] == ["AAA"]


def test_zsy_4_4_heavenly_bomb_and_late_four_threes():
    assert kinds("3333", opening=True) == ["heavenly_bomb"]
    assert kinds("3333") == ["bomb"]
    s = st("3c 3d 3h 3s 9c", "Ac Ad As 5c", "Kc Kd Kh Ks", leader=0, opening=True)
    refused(s, "bomb:3333", "ZSY-4.4")
    s.play("3333")
    assert s.last_play.kind == "heavenly_bomb"
    assert legal(s) == ["pass"]      # nothing beats it, not even AAA
    refused(s, "AAA", "ZSY-4.4")
    s.play("pass")
    s.play("pass")
    assert s.settlement == []        # and it earns no bonus (ZSY-5.2)
    # Later, four 3s are the lowest bomb.
    s = st("9c 8c", "3c 3d 3h 3s 5c", "4c 4d 4h 4s 6c", leader=0)
    s.play("9")
    s.play("3333")
    assert s.last_play.kind == "bomb" and legal(s) == ["4444"]
    with pytest.raises(IllegalMoveError):
        st("9c 3c 3d 3h 3s", "Tc", "Jc", leader=0).play("heavenly_bomb:3333")


# ---------------------------------------------------------------------------
# ZSY-5: settlement

def lines(state):
    return sorted((x["payer"], x["payee"], x["points"]) for x in state.settlement)


def test_zsy_5_1_card_penalties_doubling_two_of_spades_and_bombs():
    # Player 0 goes out with the opening play: nobody else ever played.
    s = GAME.from_hands(["3h 4c 5d 6s 7h", "9c 9d 2s", "Kc Kd Kh Ks Ac Ad As 8c"])
    s.play("34567")
    assert s.is_over
    # P1: 3 cards doubled = 6, + 10 for the 2 of spades (not doubled).
    # P2: 8 cards doubled = 16, + 10 for KKKK + 10 for AAA (ZSY-4.3).
    assert lines(s) == sorted([(1, 0, 6), (1, 0, 10), (2, 0, 16), (2, 0, 10), (2, 0, 10)])
    assert s.returns() == [52, -16, -36]
    reasons = [x["reason"] for x in s.settlement]
    assert any("2 of spades" in r for r in reasons) and any("KKKK" in r for r in reasons)
    # A player who has played pays single penalties.
    s = st("9c 4c", "Tc Jc Qc", "5c", leader=0)
    s.play("9")
    s.play("T")
    s.play("pass")
    s.play("pass")
    s.play("J")
    s.play("pass")
    s.play("pass")
    s.play("Q")
    assert lines(s) == [(0, 1, 1), (2, 1, 2)]


def test_zsy_5_2_response_bomb_bonus():
    # A response bomb unbeaten in its round earns 10 from each opponent.
    s = st("7c 9c", "8c 8d 8h 8s 4c", "Tc Jc", leader=0)
    s.play("7")
    s.play("8888")
    s.play("pass")
    s.play("pass")
    assert lines(s) == [(0, 1, 10), (2, 1, 10)]
    # Beaten by a stronger bomb in the round: only the stronger one earns.
    s = st("7c 9c", "8c 8d 8h 8s 4c", "9d 9h 9s Tc Td Th Ts Jc", leader=0)
    s.play("7")
    s.play("8888")
    assert legal(s) == ["TTTT"]
    s.play("TTTT")
    s.play("pass")
    s.play("pass")
    assert lines(s) == [(0, 2, 10), (1, 2, 10)]
    # A led bomb earns nothing.
    s = st("5c 5d 5h 5s 9c", "8c 4c", "Tc", leader=0)
    s.play("5555")
    s.play("pass")
    s.play("pass")
    assert s.settlement == []
    # A response bomb that ends the deal is settled at once.
    s = st("7c 9c", "8c 8d 8h 8s", "Tc Jc", leader=0)
    s.play("7")
    s.play("8888")
    assert s.is_over and s.winner == 1
    bonus = [x for x in s.settlement if "bomb" in x["reason"]]
    assert sorted((x["payer"], x["points"]) for x in bonus) == [(0, 10), (2, 10)]
    assert s.returns() == [-11, 25, -14]


def test_zsy_5_3_settlement_sums_to_zero():
    rng = random.Random(3)
    for seed in range(80):
        s = GAME.new_state(seed=seed)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        r = s.returns()
        assert sum(r) == 0  # (the winner may still be down on bomb bonuses)
        total = [0, 0, 0]
        for x in s.settlement:
            assert x["points"] > 0 and x["payer"] != x["payee"]
            total[x["payer"]] -= x["points"]
            total[x["payee"]] += x["points"]
        assert total == r


# ---------------------------------------------------------------------------
# Move generation checked against an independent enumerator of ZSY-4

def brute_readings(c: list[int], opening: bool) -> set[str]:
    total = sum(c)
    nz = [r for r in range(13) if c[r]]
    out = set()
    if total == 0 or (opening and c[0] == 0):
        return out
    if total == 1:
        out.add("single")
    if len(nz) == 1 and c[nz[0]] == 2:
        out.add("pair")
    if len(nz) == 1 and c[nz[0]] == 3:
        out.add("ace_bomb" if nz[0] == 11 else "triple")
    if len(nz) == 1 and c[nz[0]] == 4:
        out.add("heavenly_bomb" if opening and nz[0] == 0 else "bomb")
    run = nz[-1] <= 11 and nz[-1] - nz[0] == len(nz) - 1
    if run and all(c[r] == 1 for r in nz) and len(nz) >= 5:
        out.add("straight")
    if run and all(c[r] == 2 for r in nz) and len(nz) >= 2:
        out.add("pair_run")
    return out


def brute_leading(ids: list[int], opening: bool) -> set[tuple[str, str]]:
    counts = [0] * 13
    for c in ids:
        counts[((c >> 2) + 12) % 13] += 1
    out = set()
    for sub in itertools.product(*(range(k + 1) for k in counts)):
        for kind in brute_readings(list(sub), opening):
            out.add(("".join(RANKS[r] * sub[r] for r in range(13)), kind))
    return out


def test_zsy_4_leading_moves_match_brute_force():
    rng = random.Random(8)
    for i in range(40):
        ids = rng.sample(zsy.PACK, 16)
        opening = i % 4 == 0
        if opening and zsy.THREE_OF_HEARTS not in ids:
            ids[0] = zsy.THREE_OF_HEARTS      # the opening hand holds the 3 of hearts (ZSY-2.3)
        ms = zsy.moves(ids, opening=opening)
        got = {(m.ranks, m.kind) for m in ms}
        assert len(got) == len(ms)
        assert got == brute_leading(ids, opening)


def test_zsy_responses_match_definition():
    rng = random.Random(9)
    power = {"bomb": lambda m: 1 + m.rank, "ace_bomb": lambda m: 50, "heavenly_bomb": lambda m: 100}
    for _ in range(40):
        ids = rng.sample(zsy.PACK, 16)
        for last in rng.sample(zsy.moves(rng.sample(zsy.PACK, 16)), 4):
            expected = set()
            pl = power.get(last.kind, lambda m: 0)(last)
            for m in zsy.moves(ids):
                pm = power.get(m.kind, lambda m: 0)(m)
                if pm:
                    ok = pm > pl
                else:
                    ok = pl == 0 and m.kind == last.kind and m.ncards == last.ncards and m.rank > last.rank
                if ok:
                    expected.add(m)
            assert set(zsy.moves(ids, last=last)) == expected


def test_moves_entry_point_and_errors():
    assert [str(m) for m in zsy.moves("3h 3c 3d 3s", opening=True)] == ["3", "33", "333", "heavenly_bomb:3333"]
    assert zsy.moves("3h 3c 3d 3s", opening=True)[-1].kind == "heavenly_bomb"
    with pytest.raises(ValueError):
        zsy.moves("3h", last="4", opening=True)
    with pytest.raises(ValueError):
        GAME.from_hands(["Ah", "3c", "4c"])   # no Ace of hearts in the pack
    for bad in ["", "xyz", "3333 3", "33333"]:
        with pytest.raises(ValueError):
            GAME.parse_move(bad)


def test_observation_hides_other_hands():
    s = GAME.new_state(seed=5)
    obs = s.observation(0)
    assert obs["hand"] == [cardavia.card_text(c) for c in s.hand(0)] and obs["hand_sizes"] == [16, 16, 16]
    text = obs.to_json()
    for p in (1, 2):
        assert " ".join(cardavia.card_text(c) for c in s.hand(p)) not in text


def test_conformance_1000_deals():
    assert check_random_games(GAME, range(1000), check_every=40) > 20_000


def test_simulate_summary_and_compiled_loop():
    from cardavia import simulate
    from cardavia._core import climb
    out = simulate.run("zhengshangyou", games=40, seed=2, workers=1)
    for key in ["win_rate", "mean_score", "mean_settlement", "bombs_per_deal"]:
        assert key in out
    assert abs(sum(out["mean_score"])) < 1e-9
    res = climb.zsy_selfplay(3000, 5)
    assert sum(res["score"]) == 0 and sum(res["wins"]) == 3000 and res["bombs"] > 0


def test_from_hands_replays_through_json():
    s = GAME.from_hands(["3h 4c 5d 6s 8h 9c", "3c 4d 5c 6c 7c Kd", "Ac Ad As 2s"])
    assert s.current_player == 0
    s.play("3")
    s.play("K")       # must beat the single 3
    s.play("2")
    again = GAME.from_json(s.to_json())
    assert again.to_json() == s.to_json() and again.current_player == s.current_player
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in s.legal_moves()]
    with pytest.raises(ValueError):
        GAME.from_hands(["4c", "3h", "5c"], leader=0)  # the 3 of hearts holder opens
    assert GAME.from_hands(["4c", "3h", "5c"], leader=0, opening=False).current_player == 0


# ---------------------------------------------------------------------------
# Audit (rules auditor): defects found and pinned

def test_zsy_4_4_heavenly_bomb_text_reads_back_without_a_state():
    """ZSY-4.4: the heavenly bomb's text used to be plain "3333", which any
    state but the opening (and a state-free parse) reads as the ordinary bomb,
    so ``parse_move(str(m)) != m``.  It is now written with its reading and
    reads back anywhere; plain "3333" still means it at the opening, and the
    named reading is refused after the opening."""
    m = zsy.moves("3h 3c 3d 3s", opening=True)[-1]
    assert m.kind == "heavenly_bomb"
    assert GAME.parse_move(str(m)) == m
    s = st("3c 3d 3h 3s 9c", "Ac Ad As 5c", "Kc Kd Kh Ks", leader=0, opening=True)
    assert GAME.parse_move(str(m), s) == m and GAME.parse_move("3333", s) == m
    s.play("3333")
    assert s.history[-1].move == m
    r = GAME.from_json(s.to_json())
    assert r.to_json() == s.to_json() and r.last_play.kind == "heavenly_bomb"
    later = st("9c 3c 3d 3h 3s", "Tc", "Jc", leader=0)
    refused(later, str(m), "ZSY-4.4")


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as hst  # noqa: E402
from checks import check_state_json_loads_or_value_error, json_values, check_text_changes_nothing  # noqa: E402

_FAST = settings(max_examples=150, deadline=None, derandomize=True,
                 suppress_health_check=list(HealthCheck))
_JSON = json_values(["3h 4h", "3h", "2s 3h", ""])


@_FAST
@given(hst.dictionaries(hst.sampled_from(["seed", "hands", "leader", "opening"]), _JSON, max_size=4),
       hst.lists(hst.one_of(hst.text(max_size=5), hst.sampled_from(["pass", "3", "AAA"])), max_size=3))
def test_zsy_2_malformed_state_json_is_a_value_error(setup, moves):
    """ZSY-2: a hand-edited state JSON loads or raises ValueError; a missing
    seed or a leader out of range used to raise KeyError/IndexError."""
    check_state_json_loads_or_value_error(GAME, setup, moves)


@_FAST
@given(hst.one_of(hst.text(max_size=40), hst.lists(hst.sampled_from(
    list("3456789TJQKA2BR10 :pas") + ["heavenly_bomb:", "ace_bomb:", "bomb:", "{", "]"]),
    max_size=25).map("".join), hst.sampled_from(["A" * 100_000, "♥" * 5000, '{"a": [1]}'])))
def test_zsy_3_garbage_move_text_is_a_value_error_and_changes_nothing(text):
    """ZSY-3: any text is a move or a ValueError, and a refused one changes nothing."""
    check_text_changes_nothing(GAME.new_state(seed=8), text)


def _settle_from_history(hands: list[set], history) -> list[int]:
    """ZSY-5 recomputed from the starting hands and the moves alone: the bonus
    goes to the last play of a round when it is a bomb that answered someone
    (only stronger bombs can follow a bomb, so the last is the strongest);
    then the card, 2-of-spades and unplayed-bomb penalties of ZSY-5.1."""
    score = [0, 0, 0]
    played = [0, 0, 0]
    rnd: list = []
    passes = 0

    def close_round():
        if len(rnd) >= 2 and rnd[-1][1].kind in ("bomb", "ace_bomb"):
            owner = rnd[-1][0]
            for q in range(3):
                if q != owner:
                    score[q] -= 10
                    score[owner] += 10

    for p, m in history:
        if m.kind == "pass":
            passes += 1
            if passes == 2:
                close_round()
                rnd, passes = [], 0
            continue
        passes = 0
        rnd.append((p, m))
        played[p] += 1
        for r, k in enumerate(m.rank_counts()):
            for _ in range(k):
                card = min(c for c in hands[p] if (c // 4 - 1) % 13 == r)
                hands[p].discard(card)
        if not hands[p]:
            close_round()
            for q in range(3):
                if q == p:
                    continue
                ranks = [(c // 4 - 1) % 13 for c in hands[q]]
                pen = len(hands[q]) * (2 if played[q] == 0 else 1)
                pen += 10 * (3 in hands[q])
                pen += 10 * sum(1 for r in set(ranks) if ranks.count(r) == 4)
                pen += 10 * (ranks.count(11) == 3)
                score[q] -= pen
                score[p] += pen
            break
    return score


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(hst.integers(0, 2**32), hst.randoms(use_true_random=False), hst.floats(0, 1))
def test_zsy_5_settlement_matches_an_independent_recount(seed, rng, bomb_bias):
    """ZSY-3.2, ZSY-5.1-5.3: random deals (bombs favoured by ``bomb_bias``);
    pass is offered exactly when nothing beats the table, and the returns
    equal an independent recount from the starting hands and the history."""
    s = GAME.new_state(seed=seed)
    hands = [set(s.hand(p)) for p in range(3)]
    while not s.is_over:
        moves = list(s.legal_moves())
        plays = [m for m in moves if m.kind != "pass"]
        assert (len(plays) < len(moves)) == (not plays and s.last_play is not None)
        bombs = [m for m in plays if m.is_bomb]
        s.play(rng.choice(bombs) if bombs and rng.random() < bomb_bias else rng.choice(moves))
    assert s.returns() == _settle_from_history(hands, s.history)
    assert sum(s.returns()) == 0


def test_zsy_2_1_analysis_and_move_text_keep_to_the_48_card_pack():
    """ZSY-2.1: the analysis entry points used to read cards the pack does not
    hold (a pair of 2s, four Aces as an ordinary bomb, the jokers, the Ace of
    hearts).  Cards outside the pack are refused now, naming the rule, as
    ``from_hands`` does; ranks beyond the pack's counts have no reading."""
    for cards in ["2c 2s", "Ah", "BJ 3c", "Ac Ad Ah As"]:
        with pytest.raises(ValueError, match="ZSY-2.1"):
            zsy.moves(cards)
        with pytest.raises(ValueError, match="ZSY-2.1"):
            zsy.classify(cards)
    for ranks in ["AAAA", "22", "B", "BR"]:
        assert zsy.classify(ranks) == []
        with pytest.raises(IllegalMoveError) as e:
            GAME.parse_move(ranks)
        assert e.value.rule in ("ZSY-2.1", "ZSY-4.1")
    assert [m.kind for m in zsy.classify("AAA")] == ["ace_bomb"]
    # a bad rank's message lists this pack's ranks, no jokers (Dou Dizhu's lists them)
    with pytest.raises(cardavia.InvalidMoveError) as e:
        GAME.parse_move("3h")
    assert "'h' is not a rank" in str(e.value) and "joker" not in str(e.value)
    with pytest.raises(cardavia.InvalidMoveError, match="jokers B and R"):
        cardavia.load("doudizhu").parse_move("3h")
    assert [m.kind for m in zsy.classify("Ac Ad As")] == ["ace_bomb"]
    assert [str(m) for m in zsy.moves("2s 3h")] == ["3", "2"]


# ---------------------------------------------------------------------------
# Issue 19: one setup check; issue 12 part 7: the opening needs the 3 of hearts

def _replay_with(setup: dict):
    data = GAME.from_hands(["3h 4c", "5c", "6c"]).to_dict()
    data["setup"] = setup
    return GAME.from_json(json.dumps(data))


def test_zsy_2_1_replay_with_jokers_or_extra_twos_is_refused():
    """ZSY-2.1/2.2/2.3: a replay with both jokers, a second 2, a card twice,
    17 cards in a hand, a leader out of range or an opening led by someone
    without the 3 of hearts used to build a state."""
    for hands, rule in (([" 3h 4c", "BJ RJ", "6c"], "ZSY-2.1"), (["3h 4c", "2h 2s", "6c"], "ZSY-2.1"),
                        (["3h 4c", "4c", "6c"], "ZSY-2.1"), (["3h", "5c", ""], "ZSY-2.2"),
                        (["3h", [c for c in zsy.PACK if c != 6][:17], "Ac"], "ZSY-2.2")):
        with pytest.raises(InvalidSetupError) as e:
            _replay_with({"hands": hands})
        assert e.value.rule == rule, hands
        with pytest.raises(InvalidSetupError):
            GAME.from_hands(hands)
    with pytest.raises(InvalidSetupError) as e:
        _replay_with({"hands": ["3h 4c", "5c", "6c"], "leader": 5})
    assert e.value.rule == "ZSY-2.3"
    with pytest.raises(InvalidSetupError) as e:
        _replay_with({"hands": ["3h 4c", "5c", "6c"], "leader": 1, "opening": True})
    assert e.value.rule == "ZSY-2.3"
    with pytest.raises(InvalidSetupError) as e:
        GAME.from_hands(["4c", "5c", "6c"], opening=True)
    assert e.value.rule == "ZSY-2.3"
    with pytest.raises(ArgumentTypeError):
        GAME.from_hands(["3h 4c", "5c", "6c"], leader="0")
    with pytest.raises(InvalidSetupError):
        _replay_with({"hands": ["3h 4c", "5c", "6c"], "landlord": 0})


def test_zsy_2_3_moves_at_the_opening_need_the_three_of_hearts():
    """ZSY-2.3 (issue 12 part 7): ``moves(opening=True)`` used to answer for
    a hand without the 3 of hearts."""
    with pytest.raises(IllegalMoveError) as e:
        zsy.moves("3c 4c 5c", opening=True)
    assert e.value.rule == "ZSY-2.3"
    assert [str(m) for m in zsy.moves("3c 3h", opening=True)] == ["3", "33"]
    for bad in (1 << 60, -1, [53]):
        with pytest.raises(ValueError):
            zsy.moves(bad)


def test_zsy_vocabulary_names_and_nobody_is_none():
    assert zsy.GAME is zsy.ZhengShangyouGame and not hasattr(zsy, "ZhengShangyou")
    s = GAME.new_state(seed=4)
    assert s.winner is None and s.last_player is None and s.observation(1)["last_player"] is None
    rng = random.Random(4)
    while not s.is_over:
        s.play(s.legal_moves().sample(rng))
    assert s.current_player is None and s.outcome().score["winner"] == s.winner
