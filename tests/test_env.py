"""PettingZoo environments of the seven games (issue 18 part 3): the API and
seed tests of PettingZoo, observations built only from what an agent may
know, masks that are exactly the legal moves, zero-sum episodes, and the
action spaces (Dou Dizhu's table against rlcard's, the proven bounds of the
listed-move games, the raise sizes)."""
from __future__ import annotations

import os
import random
import warnings
from collections import Counter

import numpy as np
import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
with warnings.catch_warnings():  # pettingzoo.test imports its deprecated classic-game API
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

import cardavia
from cardavia import IllegalMoveError
from cardavia.env import ENCODERS, aec_env, raw_env
from cardavia.env import encode_doudizhu as ddz
from cardavia.env import encode_guandan, encode_holdem, encode_shengji, encode_zhengshangyou, guandan_bound

GAMES = list(ENCODERS)


def random_positions(name: str, deals: int, seed: int = 0, **options):
    """States met while playing ``deals`` random deals of ``name``."""
    game = cardavia.load(name, **options)
    rng = random.Random(seed)
    for d in range(deals):
        state = game.new_state(seed=seed * 1000 + d)
        while not state.is_over:
            yield state
            state.play(state.legal_moves().sample(rng))


def every_nth(positions, n: int):
    for i, s in enumerate(positions):
        if i % n == 0:
            yield s


# -- PettingZoo's own tests -----------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test_and_seed_test(name):
    with warnings.catch_warnings():
        # PettingZoo warns that dict observations are not on its list of classic games.
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(name), num_cycles=60)        # raises on any breach of the API
        seed_test(lambda: aec_env(name), num_cycles=60)
    env = aec_env(name)
    env.reset(seed=3)
    agent = env.agent_selection
    obs = env.observe(agent)
    assert env.observation_space(agent).contains(obs) and obs["action_mask"].sum() > 0


@pytest.mark.parametrize("name", ["guandan", "shengji", "holdem", "updown"])
def test_a_whole_match_is_an_episode(name):
    env = raw_env(name, match=True)
    assert env.game.options["match"] is True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(name, match=True), num_cycles=30)


def test_reset_seed_replays_and_differs():
    def first_hands(seed):
        env = raw_env("doudizhu")
        env.reset(seed=seed)
        out = [env.state.hand(0)]
        env.reset()
        out.append(env.state.hand(0))
        return out
    assert first_hands(5) == first_hands(5)
    assert first_hands(5) != first_hands(6)


# -- what an agent sees ------------------------------------------------------------

def assert_same_observation(a: dict, b: dict):
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].dtype == b[key].dtype and np.array_equal(a[key], b[key]), key


@pytest.mark.parametrize("name,match", [(g, False) for g in GAMES] + [("guandan", True), ("updown", True)])
def test_observation_is_built_only_from_what_the_agent_may_know(name, match):
    """Two states the agent cannot tell apart (``state.resample``: hidden
    cards dealt again) give identical arrays, for the player to move and for
    one who waits; and hidden cards did change in some of them.  Matches
    add the tribute and return of Guandan, the duel's kept cards."""
    env = raw_env(name, match=match)
    enc = env.encoder
    rng = random.Random(1)
    changed = 0
    checked = 0
    deals = (1 if name == "guandan" else 5) if match else 20 if name in ("holdem", "updown") else 3
    for state in every_nth(random_positions(name, deals, seed=2, **env.game.options), 7):
        mover = state.current_player
        for player in {mover, (mover + 1) % env.game.num_players}:
            world = state.resample(player, rng)
            assert_same_observation(enc.observe(state, player), enc.observe(world, player))
            others = [q for q in range(env.game.num_players) if q != player]
            changed += any(world.hand(q) != state.hand(q) for q in others)
            checked += 1
    assert checked > 5 and changed > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_waiting_agent_has_an_empty_mask(name):
    env = raw_env(name)
    env.reset(seed=3)
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert mask.any() == (agent == env.agent_selection)


# -- masks are the legal moves ------------------------------------------------------

def test_doudizhu_mask_is_exactly_the_legal_moves():
    enc = raw_env("doudizhu").encoder
    seen = 0
    for state in every_nth(random_positions("doudizhu", 40, seed=3), 3):
        actions = enc.legal_actions(state)
        moves = [enc.move(state, a) for a in actions]
        assert len(set(actions)) == len(actions) == len(state.legal_moves())
        assert set(moves) == set(state.legal_moves())
        assert all(ddz.action_moves()[a] == m for a, m in zip(actions, moves))
        seen += len(actions)
    assert seen > 1000


def test_doudizhu_every_play_of_a_big_hand_has_its_action():
    """A landlord's 20 cards with six consecutive triples (the most airplane and kicker
    choices): every lead of many such hands has its action."""
    game = cardavia.load("doudizhu")
    enc = raw_env("doudizhu").encoder
    rng = random.Random(4)
    for _ in range(30):
        low = rng.randrange(1, 8)   # six consecutive triples within 3..A
        triples = [4 * r + s for r in range(low, low + 6) for s in range(3)]
        rest = [c for c in range(54) if c not in triples]
        rng.shuffle(rest)
        hand = triples + rest[:2]
        state = game.from_hands([hand, rest[2:19], rest[19:36]], landlord=0)
        got = [enc.move(state, a) for a in enc.legal_actions(state)]
        assert sorted(got, key=str) == sorted(state.legal_moves(), key=str)
        assert len(got) > 200


@pytest.mark.parametrize("name", ["zhengshangyou", "guandan"])
def test_listed_moves_mask_and_rows(name):
    env = raw_env(name)
    enc = env.encoder
    for state in every_nth(random_positions(name, 4, seed=5), 5):
        p = state.current_player
        obs = enc.observe(state, p)
        n = len(state.legal_moves())
        assert obs["action_mask"].sum() == n and obs["action_mask"][:n].all()
        assert obs["moves"][:n].any(axis=1).all() and not obs["moves"][n:].any()
        assert env.observation_space(env.agents[0]).contains(obs)
        i = random.Random(n).randrange(n)
        assert enc.move(state, i) == state.legal_moves()[i]
        with pytest.raises(IllegalMoveError):
            enc.move(state, n)


def test_guandan_return_moves_have_rows():
    """Later deals of a match begin with the tribute's return (GD-3.4)."""
    env = raw_env("guandan", match=True)
    enc = env.encoder
    for state in random_positions("guandan", 2, seed=6, match=True):
        if state.observation(state.current_player)["phase"] == "return":
            rows = enc.observe(state, state.current_player)["moves"]
            n = len(state.legal_moves())
            assert (rows[:n, 0] == 1).all() and (rows[:n, 2] == 1).all()
            return
    pytest.fail("no return phase met")


def test_betting_masks_map_to_distinct_legal_moves():
    for name in ("holdem", "updown"):
        enc = raw_env(name).encoder
        for state in every_nth(random_positions(name, 30, seed=7), 2):
            actions = enc.legal_actions(state)
            moves = [enc.move(state, a) for a in actions]
            assert len(set(moves)) == len(moves) > 0
            assert all(m in state.legal_moves() for m in moves)
            listed = {str(m) for m in state.legal_moves() if str(m).split()[0] in ("fold", "check", "call")}
            assert listed <= {str(m) for m in moves}
            if name == "updown" and state.observation(state.current_player)["phase"] == "lock":
                assert sorted(moves, key=str) == sorted(set(state.legal_moves()), key=str)


def test_holdem_raise_sizes_follow_the_pot():
    """Seat 3 opens: the blinds 10/20 are in, pot 30, 20 to call; half pot is
    20 + 50 // 2 = 45, pot 70, two pots 120, min raise 40, all-in 1000."""
    state = cardavia.load("holdem", match=False).new_state(seed=3)
    enc = raw_env("holdem").encoder
    obs = state.observation(state.current_player)
    assert (obs["pot"], obs["to_call"], max(obs["bets"])) == (30, 20, 20)
    got = {a: str(enc.move(state, a)) for a in enc.legal_actions(state)}
    assert got == {0: "fold", 1: "call", 2: "raise 40", 3: "raise 45", 4: "raise 70", 5: "raise 120",
                   6: "raise 1000"}


def test_holdem_sizes_clamped_to_an_end_are_not_legal():
    moves = encode_holdem.betting_actions([], range(100, 131), [0, 60], 80, 60)
    # half pot 60 + 70 = 130 is the all-in already; pot and two pots are beyond it.
    assert {a: m.amount for a, m in moves.items()} == {encode_holdem.MIN_RAISE: 100, encode_holdem.ALL_IN: 130}
    short = encode_holdem.betting_actions([], range(90, 91), [0, 60], 80, 60)
    assert list(short) == [encode_holdem.ALL_IN]


def shengji_completions(enc, state):
    """Every move reachable by picks in ascending card order (a DFS)."""
    out = []

    def dfs(prefix):
        picks = encode_shengji.Picks(state)
        index = None
        for c in prefix:
            index = picks.add(c)
        if index is not None:
            out.append(index)
            return
        for a in picks.actions():
            if a == encode_shengji.PASS_ACTION:
                out.append(picks.passing)
            elif a == encode_shengji.DONE_ACTION:
                out.append(picks.done())
            elif not prefix or a >= prefix[-1]:
                dfs(prefix + [a])
    dfs([])
    return out


def test_shengji_picks_reach_every_legal_move_once():
    enc = raw_env("shengji").encoder
    checked = 0
    for state in every_nth(random_positions("shengji", 3, seed=8), 4):
        n = len(state.legal_moves())
        if n > 300:
            continue
        reached = shengji_completions(enc, state)
        assert sorted(reached) == list(range(n)), "each legal move is reached exactly once"
        checked += 1
    assert checked > 20


def test_shengji_picks_in_any_order_play_the_move():
    env = raw_env("shengji")
    rng = random.Random(9)
    env.reset(seed=9)
    moves = 0
    while not env.state.is_over and moves < 150:
        state = env.state
        target = state.legal_moves().sample(rng)
        cards = list(getattr(target, "cards", ()))
        rng.shuffle(cards)
        before = len(state.history)
        agent = env.agent_selection
        if target.kind == "pass":
            env.step(encode_shengji.PASS_ACTION)
        else:
            for c in cards:
                if len(state.history) > before:
                    break
                assert env.observe(agent)["action_mask"][c] == 1
                env.step(c)
            if len(state.history) == before:
                env.step(encode_shengji.DONE_ACTION)
        assert state.history[before].move == target
        moves += 1
    assert moves > 50


def test_an_illegal_action_is_refused():
    env = raw_env("bridge")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError):
        env.step(bad)
    with pytest.raises(ValueError):
        env.step(env.action_space(env.agent_selection).n)
    wrapped = aec_env("bridge")
    wrapped.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        wrapped.step(bad)   # PettingZoo's wrapper: the offender loses, the episode ends
    assert all(wrapped.terminations.values())


# -- episodes ------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_full_episodes_end_with_zero_sum_rewards(name):
    env = raw_env(name)
    rng = np.random.default_rng(10)
    for episode in range(2):
        env.reset(seed=episode)
        totals = Counter()
        for agent in env.agent_iter(100_000):
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert env.state.is_over and not env.agents
        returns = env.state.returns()
        assert [totals[a] for a in env.possible_agents] == returns and sum(returns) == 0


def test_render_shows_the_table():
    env = raw_env("doudizhu", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "Dou Dizhu" in text and "player 0" in text
    with pytest.raises(ValueError):
        raw_env("doudizhu", render_mode="3d")
    with pytest.raises(ValueError):
        raw_env("chess")


# -- the action spaces -----------------------------------------------------------

def rlcard_doudizhu_actions() -> list[str]:
    import zipfile

    import rlcard
    path = os.path.join(rlcard.__path__[0], "games", "doudizhu", "jsondata.zip")
    with zipfile.ZipFile(path) as z:
        return z.read("jsondata/action_space.txt").decode().split()


def wing_faults(text: str) -> set[str]:
    """Why ``text``, read as an airplane of k triples and k single wings,
    breaks DDZ-4.3 under every way of choosing its chain."""
    counts = Counter(text)
    k = len(text) // 4
    chain_ranks = "3456789TJQKA"
    faults = set()
    for start in range(len(chain_ranks) - k + 1):
        core = chain_ranks[start:start + k]
        if any(counts[r] < 3 for r in core):
            continue
        wings = counts.copy()
        for r in core:
            wings[r] -= 3
        wings = +wings
        reasons = set()
        if any(n == 3 for n in wings.values()):
            reasons.add("triple")
        if any(n == 4 for n in wings.values()):
            reasons.add("bomb")
        if wings["B"] and wings["R"]:
            reasons.add("rocket")
        if any(r in wings for r in core):
            reasons.add("core rank")
        assert reasons, f"{text}: wings {dict(wings)} break no rule"
        faults |= reasons
    return faults


def test_doudizhu_table_against_rlcard():
    """Our 24,639 plays are all among rlcard's 27,471; rlcard's 2,832 extra
    plays are all airplanes whose single wings hold a triple, however the
    chain is read (DDZ-4.3: single wings may not include a triple, e.g.
    333999TTTJJJ), and plays longer than 20 cards are in neither (no hand
    holds more, DDZ-2.1/2.4)."""
    if not os.environ.get("CI"):
        pytest.importorskip("rlcard", reason="rlcard (the test extra) is not installed")
    ours = [str(m) for m in ddz.play_table()]
    assert len(ours) == len(set(ours)) == ddz.PLAY_COUNT == 24_639
    assert ddz.NUM_ACTIONS == 24_643 and raw_env("doudizhu").action_space("player_0").n == 24_643
    theirs = rlcard_doudizhu_actions()
    assert len(theirs) == 27_472 and theirs[-1] == "pass"
    assert not set(ours) - set(theirs)
    ours_set = set(ours)
    extra = [a for a in theirs[:-1] if a not in ours_set]
    assert len(extra) == 2_832
    by_reason = Counter()
    for a in extra:
        assert not cardavia.doudizhu.classify(a), f"{a} is a Dou Dizhu play after all"
        assert len(a) % 4 == 0 and len(a) >= 12
        for reason in wing_faults(a):
            by_reason[reason] += 1
    assert by_reason == {"triple": 2_832}   # every one: its wings hold three cards of one rank
    print("rlcard plays refused by DDZ-4.3:", len(extra), dict(by_reason))
    # The full pack's longer plays, cut by the 20-card hand.
    assert all(m.ncards > 20 for m in cardavia.doudizhu.moves(range(54)) if str(m) not in ours_set)


def test_zhengshangyou_bound_is_proven_and_holds():
    assert encode_zhengshangyou.move_bound() == raw_env("zhengshangyou").encoder.num_actions == 142
    most = 0
    for state in random_positions("zhengshangyou", 40, seed=11):
        moves = list(state.legal_moves())
        assert len(set(moves)) == len(moves) <= 142
        most = max(most, len(moves))
    assert most > 20


def test_guandan_bound_is_proven_and_holds():
    """The bound recomputed from its argument; then each shape's count of
    random positions and of crafted hands (many suits, many pairs, both
    wilds) stays under its own bound, and the moves are distinct."""
    bounds = guandan_bound.shape_bounds()
    assert guandan_bound.move_bound() == encode_guandan.NUM_ACTIONS
    game = cardavia.load("guandan", match=False)
    most: Counter = Counter()

    def check(state):
        view = state.legal_moves()
        for shape, n in view.counts_by_reading().items():
            assert n <= bounds.get(shape, 28), (shape, n)   # returns: the 28 cards of a receiver
            most[shape] = max(most[shape], n)
        assert len(view) <= encode_guandan.NUM_ACTIONS
    for state in every_nth(random_positions("guandan", 6, seed=12), 3):
        check(state)
        moves = list(state.legal_moves())
        assert len(set(moves)) == len(moves)
    rng = random.Random(13)
    for k in range(40):
        # a crafted hand: both wilds (level 2: 2h 2h), then whole ranks of 4 suits x 2
        ranks = rng.sample(range(13), 4) if k % 2 else [(k // 2 + i) % 13 for i in range(4)]
        cards = [2, 2] + [4 * r + s for r in ranks for s in range(4) for _ in range(2) if 4 * r + s != 2][:25]
        rest = [c for c in range(54) for _ in range(2)]
        for c in cards:
            rest.remove(c)
        rng.shuffle(rest)
        others = [rest[:27], rest[27:54], rest[54:81]]
        check(game.from_hands([cards] + others, level=2))
    assert most["straight"] > 100 and most["fullhouse"] > 1000
    # four whole consecutive ranks and both wilds reach these bounds exactly: they are tight
    assert most["triples"] == bounds["triples"] and most["bomb"] == bounds["bomb"]
