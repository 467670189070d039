"""PHH hand histories: Cardavia hands replay in pokerkit and come back."""
import doctest
import random
import warnings

import pytest
try:
    from pokerkit import ChipsPushing, HandHistory
except ImportError:  # pokerkit is a test extra: its cross-checks skip without it
    HandHistory = None

import cardavia
import cardavia.holdem
import cardavia.updown
from cardavia import phh

HAND = cardavia.load("holdem", match=False)
needs_pokerkit = pytest.mark.skipif(HandHistory is None, reason="pokerkit (a test extra) is not installed")


def random_hand(seed, game=HAND):
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        s.play(s.legal_moves().sample(rng))
    return s


def pokerkit_final(text):
    """pokerkit's final stacks for a PHH, its odd chips re-divided our way
    (TH-5.2; see test_holdem_pokerkit.py)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = None
        for state in HandHistory.loads(text):  # noqa: B007 (the last state is the one wanted)
            pass
    stacks = list(state.stacks)
    for op in state.operations:
        if isinstance(op, ChipsPushing):
            winners = [i for i, a in enumerate(op.amounts) if a]
            if len(winners) > 1:
                q, r = divmod(sum(op.amounts), len(winners))
                for k, i in enumerate(winners):
                    stacks[i] += q + (1 if k < r else 0) - op.amounts[i]
    return stacks


@needs_pokerkit
def test_phh_round_trip_through_pokerkit_single_hands():
    for seed in range(300):
        s = random_hand(seed)
        text = phh.dumps_hand(s, 0)
        fields = phh.parse(text)
        order = [x - 1 for x in fields["seats"]]
        assert fields["finishing_stacks"] == [s.stacks[p] for p in order]
        assert pokerkit_final(text) == fields["finishing_stacks"], seed
        # pokerkit writes it back out; we read that and replay the same hand
        again = phh.loads(HandHistory.loads(text).dumps())
        assert again.to_dict()["moves"] == s.to_dict()["moves"]
        assert again.returns() == s.returns()
        assert [again.core.hole(p) for p in order] == [s.core.hole(p) for p in order]
        assert again.core.board == s.core.board


@needs_pokerkit
def test_phh_every_hand_of_a_match():
    game = cardavia.load("holdem")
    for seed in range(8):
        s = random_hand(seed, game)
        texts = phh.dumps(s)
        assert len(texts) == len([1 for p, m in s.history if str(m).startswith("hand ")])
        stacks = [1000] * 4
        for text in texts:
            f = phh.parse(text)
            seats = [x - 1 for x in f["seats"]]
            assert f["starting_stacks"] == [stacks[p] for p in seats]
            assert pokerkit_final(text) == f["finishing_stacks"]
            back = phh.loads(text)
            assert [back.stacks[p] for p in seats] == f["finishing_stacks"]
            for p, v in zip(seats, f["finishing_stacks"]):
                stacks[p] = v
        assert sorted(stacks) == [0, 0, 0, 4000]


def test_phh_unfinished_hand_and_heads_up():
    s = HAND.from_hands([None, "AsKs", None, "QdQh"], stacks=[0, 700, 0, 300], button=3)
    s.play("raise 60")
    text = phh.dumps_hand(s, 0)
    f = phh.parse(text)
    assert f["seats"] == [2, 4] and f["starting_stacks"] == [700, 300]
    assert f["actions"][:3] == ["d dh p1 AsKs", "d dh p2 QdQh", "p2 cbr 60"]
    assert "finishing_stacks" not in f
    back = phh.loads(text)
    assert back.to_dict()["moves"] == ["raise 60"] and back.current_player == 1


def test_phh_reads_hands_without_seats_and_rejects_others():
    text = "\n".join([
        "variant = 'NT'", "antes = [0, 0, 0]", "blinds_or_straddles = [10, 20, 0]",
        "min_bet = 20", "starting_stacks = [500, 500, 500]",
        "actions = ['d dh p1 ????', 'd dh p2 AhAd', 'd dh p3 ????', 'p3 f', 'p1 f']  # comment",
    ])
    s = phh.loads(text)
    assert s.is_over and s.returns() == [-10, 10, 0, 0]   # button at seat 2, blinds 0 and 1
    for bad in [text.replace("'NT'", "'FT'"), text.replace("antes = [0, 0, 0]", "antes = [1, 1, 1]"),
                text.replace("'p1 f'", "'p2 f'"), "variant = 'NT'", "actions = ['d dh p1"]:
        with pytest.raises(ValueError):
            phh.loads(bad)
    with pytest.raises(TypeError):
        phh.dumps(cardavia.load("updown").new_state(seed=1))


def test_module_doctests():
    for module in (phh, cardavia.holdem, cardavia.updown):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_phh_malformed_text_raises_value_error_only():
    """API: a malformed PHH is refused with a ValueError, whatever is wrong with it."""
    base = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nmin_bet = 20\n"
            "starting_stacks = [100, 100]\n")
    for actions in ["['d dh']", "['p9 f']", "[1]", "['d db']", "[['x']]", "'abc'", "['p1 cbr 99999999999999999999']"]:
        with pytest.raises(ValueError):
            phh.loads(base + "actions = " + actions)
    with pytest.raises(ValueError):
        phh.loads(base.replace("antes = [0, 0]", "antes = 5") + "actions = []")


@pytest.mark.parametrize("change,needle", [
    (("min_bet = 20", "min_bet = 1e999"), "min_bet"),
    (("min_bet = 20", "min_bet = 20.5"), "min_bet"),
    (("starting_stacks = [", "starting_stacks = [1e999, "), "starting_stacks"),
    (("'p3 f'", "'p9 f'"), "no player p9"),
    (("'p3 f'", "'p0 f'"), "no player p0"),
    (("'p3 f'", "'px f'"), "not a player"),
    (("'p4 cbr 60'", "'p4 cbr 1e999'"), "amount"),
    (("'p4 cbr 60'", "'p4 cbr'"), "amount"),
    (("'p3 f'", "'p2 f'"), "out of turn"),
    (("'d dh p1 KsKh'", "'d dh p1 KsXx'"), "cards"),
    (("'d dh p1 KsKh'", "'d dh p7 KsKh'"), "no player p7"),
])
def test_loads_refuses_bad_phh_with_project_messages(change, needle):
    s = HAND.from_hands(["AsAh", "KsKh", "7c2d", "9c9d"], button=0, board="2s 7h Td 3c 4s")
    for m in ["fold", "raise 60", "call", "fold"]:
        s.play(m)
    text = phh.dumps_hand(s, 0)
    assert change[0] in text
    with pytest.raises(ValueError, match=needle):
        phh.loads(text.replace(change[0], change[1], 1))


def test_dumps_reads_public_state_only():
    import inspect
    source = inspect.getsource(phh)
    assert "._setup" not in source and "._initial" not in source and "_deck_for" not in source
    with pytest.raises(ValueError):
        phh.dumps_hand(random_hand(1), 5)
