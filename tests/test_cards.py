"""The canonical card encoding (DESIGN.md "Cards")."""
import pickle

import pytest

from cardavia.cards import (CardSet, InvalidCardError, card_id, card_text, format_cards,
                            parse_cards, to_card_ids)


def test_ids_follow_4_rank_plus_suit():
    assert card_id("2c") == 0
    assert card_id("2d") == 1
    assert card_id("3h") == 4 * 1 + 2
    assert card_id("As") == 51
    assert card_id("BJ") == 52 and card_id("RJ") == 53


@pytest.mark.parametrize("text", ["Ts", "10s", "T♠", "t♤", "10♠"])
def test_ten_and_unicode_suits(text):
    assert parse_cards(text) == [card_id("Ts")]


def test_text_round_trips_for_every_card():
    for c in range(54):
        assert card_id(card_text(c)) == c


def test_cards_written_together_or_apart():
    assert parse_cards("AhKh") == parse_cards("Ah Kh") == parse_cards("Ah,Kh")
    assert parse_cards("BJRJ") == [52, 53]


@pytest.mark.parametrize("text,token", [("3h Xh", "Xh"), ("3z", "3z"), ("3", "3"), ("3h 1s", "1s"),
                                         ("QQ", "QQ")])
def test_bad_card_text_quotes_the_token(text, token):
    with pytest.raises(InvalidCardError) as e:
        parse_cards(text)
    assert repr(token)[1:-1] in str(e.value)
    assert isinstance(e.value, ValueError)


def test_bad_ids_refused():
    for bad in ([54], [-1], [1.5], ["zz"]):
        with pytest.raises(ValueError):
            to_card_ids(bad)
    with pytest.raises(ValueError):
        card_text(54)


def test_cardset_algebra():
    a = CardSet("3h 3s BJ")
    b = CardSet("3s 4d")
    assert a | b == CardSet("3h 3s 4d BJ")
    assert a & b == CardSet("3s")
    assert a - b == CardSet("3h BJ")
    assert a ^ b == CardSet("3h 4d BJ")
    assert len(a) == 3 and "BJ" in a and card_id("3h") in a and "4d" not in a
    assert list(a) == sorted(parse_cards("3h 3s BJ"))
    assert CardSet("3s") <= a and not b <= a
    assert CardSet.full_pack().bits == (1 << 54) - 1 and len(CardSet.full_pack(jokers=False)) == 52
    assert pickle.loads(pickle.dumps(a)) == a
    assert hash(a) == hash(CardSet("BJ 3s 3h"))


def test_cardset_refuses_duplicates():
    with pytest.raises(InvalidCardError, match="twice"):
        CardSet("3h 3h")


def test_rank_counts_in_game_order():
    s = CardSet("3h 3s 2c As BJ RJ")
    climbing = s.rank_counts("climbing")  # 3..A, 2, BJ, RJ
    assert climbing[0] == 2 and climbing[11] == 1 and climbing[12] == 1 and climbing[13:] == [1, 1]
    poker = s.rank_counts("poker")  # 2..A
    assert poker[0] == 1 and poker[1] == 2 and poker[12] == 1
    with pytest.raises(ValueError):
        s.rank_counts("nope")


def test_suit_lane_and_format():
    s = CardSet("Ah 3h 3s 2c")
    assert s.suit(2) == CardSet("3h Ah")
    assert format_cards("2c As 3h", order="climbing") == "3h As 2c"
    assert format_cards("2c As 3h") == "2c 3h As"


def test_core_is_compiled():
    import cardavia._core.cards as cards
    import cardavia._core.rng as rng
    for mod in (cards, rng):
        assert mod.__file__.endswith((".so", ".pyd")), mod.__file__
