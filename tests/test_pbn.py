"""PBN: deals read and written, whole games exported and imported back, and
clear errors for bad PBN."""
from __future__ import annotations

import random

import pytest
try:
    from endplay.types import Deal
except ImportError:  # endplay is a test extra: its cross-check skips without it
    Deal = None

import cardavia
from cardavia import pbn

FROM_PBN = cardavia.load("bridge").from_pbn
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_deal_round_trip_and_seat_order():
    hands = pbn.parse_deal(DEAL)
    assert pbn.format_deal(hands) == DEAL
    # North's hand is first; spades come first in a PBN hand
    assert hands[0] >> (4 * 12 + 3) & 1 and hands[3] >> (4 * 0 + 3) & 1
    # the same deal written from another first seat
    rotated = pbn.format_deal(hands, first="E")
    assert rotated.startswith("E:T987.") and pbn.parse_deal(rotated) == hands


@pytest.mark.skipif(Deal is None, reason="endplay (a test extra) is not installed")
def test_random_deals_agree_with_endplay():
    rng = random.Random(3)
    for _ in range(50):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[13 * h:13 * h + 13]) for h in range(4)]
        text = pbn.format_deal(hands)
        assert Deal(text).to_pbn() == text
        assert pbn.parse_deal(Deal(text).to_pbn()) == tuple(hands)


def test_voids_and_dashes():
    text = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    hands = pbn.parse_deal(text)
    assert pbn.format_deal(hands) == text
    dashed = "N:AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.- -.-.-.AKQJT98765432"
    assert pbn.parse_deal(dashed) == hands


@pytest.mark.parametrize("bad,needle", [
    ("AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", "colon"),
    ("X:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", "colon"),
    ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876", "4 hands"),
    ("N:AKQJ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", "4 suits"),
    ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543Z", "not a rank"),
    ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 A.5432.5432.5432", "twice"),
    ("N:AKQJ.AKQ.AKQ.AK T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", "12 cards"),
    ("", "colon"),
])
def test_bad_deals_name_the_problem(bad, needle):
    with pytest.raises(ValueError) as e:
        pbn.parse_deal(bad)
    assert needle in str(e.value)


def _random_game(seed: int, vul: str = "ew"):
    game = cardavia.load("bridge", vulnerability=vul)
    rng = random.Random(seed)
    s = game.new_state(seed=seed)
    while not s.is_over:
        s.play(s.legal_moves().sample(rng))
    return s


def test_whole_games_export_and_import_back():
    """Auction, play and result survive a PBN round trip (BR-5.7 record)."""
    for seed in range(30):
        s = _random_game(seed, ["none", "ns", "ew", "both"][seed % 4])
        text = pbn.export_game(s)
        assert f'[Deal "{s.deal_pbn()}"]' in text and '[Auction "S"]' in text
        back = cardavia.load("bridge").from_pbn(text)
        assert [str(m) for _, m in back.history] == [str(m) for _, m in s.history]
        assert back.returns() == s.returns() and back.vulnerability == s.vulnerability
        if s.declarer is not None:
            assert f'[Result "{s.declarer_tricks}"]' in text and f'[Contract "{s.contract}"]' in text


def test_unfinished_game_round_trips():
    s = cardavia.load("bridge").from_deal(DEAL)
    for c in ["pass", "pass", "1NT", "pass", "pass", "pass", "Ts", "3s"]:
        s.play(c)
    back = cardavia.load("bridge").from_pbn(pbn.export_game(s))
    assert [str(m) for _, m in back.history] == [str(m) for _, m in s.history]
    assert back.current_player == s.current_player


def test_bad_games_name_the_problem():
    s = _random_game(4)
    good = pbn.export_game(s)
    with pytest.raises(ValueError, match="Deal"):
        FROM_PBN(good.replace("[Deal", "[Deel"))
    with pytest.raises(ValueError, match="dealer"):
        FROM_PBN(good.replace('[Dealer "S"]', '[Dealer "N"]'))
    with pytest.raises(ValueError, match="vulnerability"):
        FROM_PBN(good.replace('[Vulnerable "EW"]', '[Vulnerable "Purple"]'))
    with pytest.raises(ValueError, match="malformed tag"):
        FROM_PBN('[Deal "N:..."\n')
    bad_auction = good.replace('[Auction "S"]\n', '[Auction "S"]\n8NT ')
    with pytest.raises(ValueError, match="call"):
        FROM_PBN(bad_auction)
    with pytest.raises(ValueError):
        FROM_PBN("just text")


def test_pbn_imports_no_game():
    """Issue 12 part 5: the notation reads public state; it imports no game module."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(pbn))
    names = {a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any("bridge" in (m or "") for m in modules | names) and "cardavia" not in names
