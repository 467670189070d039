"""Issue 19 part 5: every entry point against hostile input.

The contract, for every game: a tampered replay, a mutated setup, junk text
or an extreme number gives a ``ValueError`` subclass (never another
exception) and changes nothing; whatever is accepted is a state that passes
the conformance checks and plays on to a zero-sum end.  ``ci`` profile by
default; ``--hypothesis-profile=long`` runs thousands of inputs a test.
"""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as hst

import cardavia
from checks import assert_refused
from conformance import check_step, check_vocabulary

GAMES = list(cardavia.GAMES)
EXTREME = [0, -1, 1, 2, 3, 13, 54, 2**31, 2**63, 2**64, 2**70, -2**70, 10**30,
           1.5, float("nan"), float("inf"), -float("inf"), 1e999, True, None, "7", [], {}]


def _played(name: str, seed: int, steps: int):
    game = cardavia.load(name, match=False)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.play(state.legal_moves().sample(rng))
    return state


def _accepted_state_is_sound(state) -> None:
    """What an entry point accepted obeys the conformance checks (the pack,
    the vocabulary) and ends zero-sum."""
    rng = random.Random(0)
    check_vocabulary(state)
    for p in range(state.game.num_players):
        json.loads(state.observation(p).to_json())
    steps = 0
    while not state.is_over:
        if steps % 25 == 0:
            check_step(state.game, state, rng, [])
        state.play(state.legal_moves().sample(rng))
        steps += 1
        assert steps < 20_000, "an accepted state did not end"
    assert abs(sum(state.returns())) < 1e-9


def _load_or_refuse(text: str) -> str:
    """``"refused"`` (with a message) or ``"sound"`` (checked)."""
    try:
        state = cardavia.from_json(text)
    except ValueError as e:
        assert_refused(e)
        return "refused"
    _accepted_state_is_sound(state)
    return "sound"


def _mutate(value, rng: random.Random, leaves: list):
    """One random change somewhere inside a JSON value."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        out = dict(value)
        r = rng.random()
        if r < 0.15:
            del out[key]
        else:
            out[key] = _mutate(value[key], rng, leaves)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out = list(value)
        i = rng.randrange(len(out))
        r = rng.random()
        if r < 0.15:
            del out[i]
        elif r < 0.3:
            j = rng.randrange(len(out))
            out[i], out[j] = out[j], out[i]
        elif r < 0.4:
            out.insert(i, rng.choice(leaves))
        else:
            out[i] = _mutate(out[i], rng, leaves)
        return out
    if isinstance(value, str) and value and rng.random() < 0.5:
        tokens = value.split()
        if tokens:
            tokens[rng.randrange(len(tokens))] = str(rng.choice(leaves))
            return " ".join(tokens)
    return rng.choice(leaves)


@pytest.mark.parametrize("name", GAMES)
@given(seed=hst.integers(0, 2**32), steps=hst.integers(0, 80), mutation=hst.integers(0, 2**32))
def test_tampered_replays_are_refused_or_sound(name, seed, steps, mutation):
    state = _played(name, seed % 1000, steps)
    data = state.to_dict()
    rng = random.Random(mutation)
    moves = [str(m) for _, m in state.history]
    cards = [t for p in range(state.game.num_players) for t in state.observation(p).get("hand") or []
             if isinstance(t, str)]
    leaves = EXTREME[:-3] + moves[:20] + cards[:20] + ["pass", "", "Ah", "BJ", "RJ", "zz", "\x00"]
    tampered = _mutate(data, rng, leaves)
    assert _load_or_refuse(json.dumps(tampered, allow_nan=True)) in ("refused", "sound")


@pytest.mark.parametrize("name", GAMES)
def test_a_swapped_card_or_changed_seed_is_refused(name):
    """Issue 19 part 2: the digest of the deal refuses a changed seed; a
    changed move is refused with its index."""
    state = _played(name, 11, 12)
    data = state.to_dict()
    changed = json.loads(json.dumps(data))
    changed["setup"]["seed"] = changed["setup"].get("seed", 0) + 1
    with pytest.raises(cardavia.InvalidSetupError):
        cardavia.from_json(json.dumps(changed))
    if data["moves"]:
        bad = json.loads(json.dumps(data))
        bad["moves"][-1] = "no such move"
        with pytest.raises(ValueError, match=re.escape(f"moves[{len(data['moves']) - 1}] ")):
            cardavia.from_json(json.dumps(bad))


@pytest.mark.parametrize("name", GAMES)
def test_partial_options_fill_from_defaults(name):
    """Issue 19 part 2: a replay without options (or with some) loads with
    the game's defaults instead of recursing."""
    game = cardavia.load(name)
    state = game.new_state(seed=3)
    data = state.to_dict()
    data["options"] = {}
    assert cardavia.from_json(json.dumps(data)) == state
    data["options"] = {"no_such_option": 1}
    with pytest.raises(ValueError, match="unknown option"):
        cardavia.from_json(json.dumps(data))


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "cardavia-state", "game": "doudizhu", "setup": ' + "[" * 5000 + "]" * 5000 + "}",
    " " * (9 << 20),
    "", "null", "[]", '"x"', "{", b"\xff\xfe",
    '{"format": "cardavia-state", "game": []}', '{"format": "cardavia-state", "game": {"doudizhu": 1}}',
])
def test_huge_nested_or_broken_json_is_refused_before_parsing(text):
    with pytest.raises(cardavia.InvalidSetupError):
        cardavia.from_json(text)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), {1, 2}, object()])
def test_non_json_values_in_a_setup_are_refused(name, bad):
    game = cardavia.load(name)
    data = game.new_state(seed=1).to_dict()
    data["setup"]["extra"] = bad
    with pytest.raises(cardavia.InvalidSetupError):
        game.from_json(data)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", EXTREME)
def test_extreme_seeds_are_a_value_error(name, seed):
    game = cardavia.load(name)
    try:
        state = game.new_state(seed=seed)
    except ValueError:
        return
    assert seed is None or (isinstance(seed, int) and 0 <= seed < 2**64 and not isinstance(seed, bool))
    assert state.current_player is not None


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", EXTREME)
def test_extreme_option_values_are_a_value_error(name, value):
    for option in cardavia.game_class(name).default_options:
        try:
            game = cardavia.load(name, **{option: value})
        except ValueError as e:
            assert_refused(e)
            continue
        _accepted_state_is_sound(game.new_state(seed=5))


@pytest.mark.parametrize("name", GAMES)
@given(text=hst.one_of(hst.text(max_size=40), hst.sampled_from(
    ["pass", "bid 3", "play", "bury ?", "lock ?", "raise 1e999", "raise 99999999999999999999999",
     "7NT", "XX", "return 2c", "declare BJ BJ", "straight:9 5h 6h 7h 8h 2h", "3h 3h 3h 3h 3h 3h 3h 3h 3h"])),
    seed=hst.integers(0, 200), steps=hst.integers(0, 40))
def test_move_text_is_a_move_or_a_value_error(name, text, seed, steps):
    state = _played(name, seed, steps)
    before = state.to_json()
    try:
        state.clone().play(text)
    except ValueError:
        pass
    assert (text in state.legal_moves()) in (True, False)
    try:
        state.game.parse_move(text)
    except ValueError:
        pass
    assert state.to_json() == before


@given(hst.one_of(hst.text(max_size=60), hst.lists(hst.one_of(hst.integers(-2**70, 2**70), hst.floats(),
                                                            hst.text(max_size=3)), max_size=8)))
def test_card_text_and_ids_are_cards_or_a_value_error(value):
    try:
        ids = cardavia.parse_cards(value) if isinstance(value, str) else list(cardavia.CardSet(value))
    except ValueError:
        return
    assert all(isinstance(c, int) and 0 <= c <= 53 for c in ids)


@given(hst.one_of(hst.integers(-2**80, 2**80), hst.floats(allow_nan=True, allow_infinity=True),
                  hst.text(max_size=5), hst.none(), hst.booleans()))
def test_analysis_numbers_are_an_answer_or_a_value_error(value):
    from cardavia import bridge, doudizhu, guandan, poker, shengji, zhengshangyou
    calls = [lambda: doudizhu.moves(value), lambda: zhengshangyou.moves(value), lambda: poker.describe(value),
             lambda: poker.category(value), lambda: guandan.classify("Ah Ad", level=value),
             lambda: shengji.shape("4h 4h", level=value, trump="S"), lambda: bridge.score("4S", value, 10),
             lambda: bridge.score("4S", False, value), lambda: cardavia.CardSet.from_bits(value),
             lambda: cardavia.CardSet("Ah Kd").suit(value),
             lambda: cardavia.card_text(value)]
    for call in calls:
        try:
            call()
        except ValueError as e:
            assert_refused(e)


@pytest.mark.parametrize("name", GAMES)
@given(data=hst.data())
def test_from_hands_builds_a_sound_state_or_refuses(name, data):
    """Issue 19 part 1: any hands at all (too many copies of a card, cards the
    game's pack lacks, wrong sizes, ids out of range) give a sound state or an
    InvalidSetupError/ValueError."""
    game = cardavia.load(name, match=False)
    n = game.num_players
    real = game.new_state(seed=data.draw(hst.integers(0, 999)))
    hands = [list(real.hand(p)) for p in range(n)]
    rng = random.Random(data.draw(hst.integers(0, 2**32)))
    for _ in range(data.draw(hst.integers(0, 3))):
        p = rng.randrange(n)
        r = rng.random()
        if r < 0.3 and hands[p]:
            hands[p].pop(rng.randrange(len(hands[p])))
        elif r < 0.6:
            hands[p].append(rng.choice([rng.randrange(54), 54, 60, -1, 2**64]))
        elif r < 0.8 and hands[p]:
            q = rng.randrange(n)
            hands[q].append(hands[p][0])
        else:
            hands[p] = hands[p] + hands[p]
    as_text = data.draw(hst.booleans())
    arg = [" ".join(cardavia.card_text(c) if 0 <= c <= 53 else str(c) for c in h) if as_text else h
           for h in hands]
    try:
        state = game.from_hands(arg)
    except ValueError as e:
        assert_refused(e)
        return
    _accepted_state_is_sound(state)


# -- found by the deeper fuzz campaign ---------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("setup", [[], 52, None, "", [[0], [1]], ["seed"], [[[[0]]]]])
def test_validate_setup_of_a_non_object_is_a_setup_error(name, setup):
    """``validate_setup`` is public: a setup that is no object is refused, not a TypeError or AttributeError."""
    with pytest.raises(cardavia.InvalidSetupError, match="setup must be an object"):
        cardavia.load(name).validate_setup(setup)


@pytest.mark.parametrize("amount", ["-" * 3000 + "1", "-" * 20000 + "1", "~" * 20000 + "1"])
def test_a_phh_amount_too_deep_to_parse_is_a_value_error(amount):
    """An amount ``ast`` cannot build (RecursionError, MemoryError) is no amount."""
    from cardavia import phh
    state = cardavia.load("holdem", match=False).from_hands(["AsAh", "KsKh", "7c2d", "9c9d"], button=0)
    text = phh.dumps_hand(state, 0).replace("actions = [", f"actions = ['p3 cbr {amount}', ")
    with pytest.raises(ValueError, match="is not an amount"):
        phh.loads(text)


def _live_observation(name: str, steps: int = 3) -> dict:
    state = _played(name, 3, steps)
    return state.observation(state.current_player).to_dict()


@pytest.mark.parametrize("name, key, value", [
    # (the compiled world builders index their arrays with these: segfaults or endless loops before)
    ("guandan", "played", [[], [], []]), ("guandan", "hand_sizes", [27, 27, 27]), ("guandan", "team_levels", [2]),
    ("guandan", "current_player", -2), ("guandan", "current_player", 4), ("guandan", "finished", [0, 1, 2, 3, 0]),
    ("guandan", "finished", [9]), ("guandan", "previous_order", [0, 1, 2, 3, 3]), ("guandan", "hand", []),
    ("guandan", "tribute", [[0, 9, "3c"]] * 3), ("guandan", "passes", 2**64),
    ("holdem", "hand", ["8h"]), ("holdem", "button", 7), ("holdem", "start_stacks", [0, 0, 0, 5]),
    ("holdem", "start_stacks", [2**64] * 4), ("holdem", "shown", 7), ("holdem", "board", 5),
    ("holdem", "history", [[-1, 5]]), ("holdem", "blinds", None),
    ("updown", "starter", -2), ("updown", "starter", 2**31 - 1), ("updown", "hand", ["4s"]),
    ("updown", "start_stacks", []), ("updown", "history", []), ("updown", "deal", {}), ("updown", "signals", []),
    ("updown", "history", [[-1, "deal 1"], [-1, "reveal x"], [-1, "deal 2"]]),
    ("doudizhu", "bid", float("inf")), ("doudizhu", "redeals", 2**64), ("zhengshangyou", "current_player", 2**64),
])
def test_a_tampered_observation_is_refused_by_sample_world_and_policy_move(name, key, value):
    """Issue 19: an observation this engine did not write is a ValueError
    naming it, never a crash of the compiled core (nor a TypeError, KeyError …)."""
    game = cardavia.load(name)
    obs = _live_observation(name, 0 if name == "zhengshangyou" else 3)   # (a lead: its leader is current_player)
    obs[key] = value
    if key == "history" and name == "updown" and len(value) == 3:
        obs["deal"] = 2
    with pytest.raises(ValueError) as e:
        game.sample_world(obs, 1)
    assert_refused(e.value)
    with pytest.raises(ValueError) as e:
        game.policy_move(dict(obs), None, 1)
    assert_refused(e.value)


@pytest.mark.parametrize("name", ["holdem", "updown"])
def test_policy_move_of_an_observation_without_its_player_is_a_value_error(name):
    obs = _live_observation(name)
    del obs["current_player"]
    with pytest.raises(ValueError, match="is not to act"):
        cardavia.load(name).policy_move(obs, None, 1)


def test_a_duel_observation_locking_a_card_not_in_the_hand_names_it():
    """UD-3.1: the locked card is one of the hand's two (it read "1 is not in list" before)."""
    obs = _live_observation("updown")
    assert obs["locked"]
    obs["locked"] = next(c for c in ("2c", "3d", "4h") if c not in obs["hand"])
    with pytest.raises(cardavia.InvalidSetupError, match="is not in the hand") as e:
        cardavia.load("updown").sample_world(obs, 1)
    assert "UD-3.1" in str(e.value)


def test_the_compiled_world_builders_check_what_they_index_with():
    """The core's world builders refuse seats, counts and card ids out of range themselves (the games'
    ``sample_world`` checks them first; these are the last guard against reading outside an array)."""
    from cardavia._core import guandan as gd_core, holdem_core, updown_core

    def duel(**bad):
        args = {"me": 0, "mine": [1, 2], "my_lock": 0, "chips": [20, 20], "starter": 0, "deal_no": 1,
                "kept_up": -1, "their_up": 1, "they_locked": False, "discards": [], "actions": [], "seed": 1}
        updown_core.world(*{**args, **bad}.values())

    duel()
    for bad in ({"starter": -2}, {"my_lock": 5}, {"mine": [1, 60]}, {"mine": [1]}, {"chips": [0, 40]},
                {"discards": [77]}):
        with pytest.raises(ValueError, match="not a position of the duel"):
            duel(**bad)
    holdem_core.world([100, 100], 0, 1, 2, [[0, 1], []], [], [], 1)
    for args in (([100, 100], 7, 1, 2, [[0, 1], []], []), ([100, 100], 0, 1, 2, [[0], []], []),
                 ([100, 100], 0, 1, 2, [[0, 1], []], [60]), ([100, -5], 0, 1, 2, [[0, 1], []], [])):
        with pytest.raises(ValueError):
            holdem_core.world(*args, [], 1)
    for cur, played in ((4, [[0] * 54] * 4), (0, [[0] * 54] * 3)):
        with pytest.raises(ValueError, match="out of range"):
            gd_core.Position.from_public(0, [0] * 54, [27] * 4, played, 0, [0, 0], False, 0, 0, cur, None, -1, 0,
                                         [], None, False, [], [], -1)
