"""The Up/Down single deal solved by CFR+ (cardavia._core.duel_cfr) and the
cfr agent (cardavia.ai.cfr): the exact 2-2 check against the sequence-form
LP, convergence, best responses, the other agents' strategies read off the
tree, and the agent's legality, information and bet mapping."""
from __future__ import annotations

import os
import threading
import time

import numpy as np
import pytest

import cardavia
from cardavia._core import duel_cfr as dc
from cardavia._core.duel_cfr import DuelSolver
from cardavia.ai import cfr, make_agent
from cardavia.ai.levels import level_agent, make_level_agent
from cardavia.ai.agent import play_out
from cardavia.betting import BetMove
from cardavia.cards import card_id
from cardavia.updown import LockMove

import duel_lp

REAL_SOLVE_LATER = cfr.solve_later      # (conftest stubs it for every other test)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDAVIA_CACHE", str(tmp_path))
    cfr._SOLVED.clear()


def test_two_two_deal_matches_the_exact_linear_program():
    if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
        pytest.importorskip("scipy", reason="the lp extra (scipy) is not installed")
    solver = DuelSolver(2)
    exact = duel_lp.solve(solver)
    assert exact["value"] == pytest.approx(-exact["value_1"], abs=1e-9)
    # The LP's equilibrium is unexploitable under the solver's best responses ...
    assert abs(solver.exploitability(exact["bets"], exact["locks"])["exploitability"]) < 1e-6
    assert solver.value(0, exact["bets"], exact["locks"]) == pytest.approx(exact["value"], abs=1e-6)
    # ... and CFR+ reaches its value.
    solver.solve(1000)
    bets, locks = solver.average_strategy()
    assert solver.value(0, bets, locks) == pytest.approx(exact["value"], abs=1e-5)
    assert 0 <= solver.exploitability()["exploitability"] < 1e-4


def test_exploitability_falls_over_iterations():
    solver = DuelSolver(3)
    curve = []
    for n in (5, 20, 80, 320):
        solver.solve(n - solver.iterations)
        curve.append(solver.exploitability()["exploitability"])
    assert all(a > b for a, b in zip(curve, curve[1:])), curve
    assert curve[-1] < 1e-3


def test_best_response_to_a_known_lock_strategy():
    # With one chip each both are all in after the ante: the deal is the
    # lock alone, won or lost by one chip.  Best response by hand here.
    solver = DuelSolver(1)
    assert solver.decisions == 0
    bets, locks = solver.heuristic_strategy()
    w = duel_lp.chance_matrix()
    signal = [duel_lp._state_signal(k) for k in range(dc.STATES)]
    lock_reach = np.zeros((2, dc.NG))
    for p in (0, 1):
        for g in range(dc.NG):
            y, k = divmod(g, dc.STATES)
            h, a = duel_lp._lock_action(k)
            lock_reach[p, g] = locks[((p * dc.LOCKSETS) + y * dc.HANDS + h) * 2 + a]
    for p in (0, 1):
        best = 0.0
        for y in range(3):
            for lo in range(13):
                for hi in range(lo, 13):
                    options = []
                    for locked, other in {(lo, hi), (hi, lo)}:
                        i = dc.state_index(locked, other)
                        total = 0.0
                        for j in range(dc.STATES):
                            if signal[j] != y:
                                continue
                            r = lock_reach[1 - p, signal[i] * dc.STATES + j]
                            chance = w[i, j] if p == 0 else w[j, i]
                            total += chance * r * duel_lp._compare(locked, dc.state_ranks(j)[0])
                        options.append(total)
                    best += max(options)
        assert solver.best_response_value(p, bets, locks) == pytest.approx(best, abs=1e-6)
    # a best response is never worse than playing the strategy itself
    for p in (0, 1):
        assert solver.best_response_value(p, bets, locks) >= solver.value(p, bets, locks) - 1e-9


@pytest.mark.parametrize("spec", ["heuristic", "random"])
def test_agent_strategies_read_off_the_tree_are_the_agents(spec):
    # Asked once at every information set of the 2-2 deal, each agent only
    # ever plays moves the compiled reading of its policy gives a chance.
    solver = DuelSolver(2)
    exact = solver.heuristic_strategy() if spec == "heuristic" else solver.random_strategy()
    game = cardavia.load("updown", chips=2, match=False)
    asked = cfr.query_strategy(make_agent(spec, game, seed=3), solver, game)
    for sampled, known in zip(asked, exact):
        assert np.all(known[sampled > 0] > 0)
    for known in exact:         # each information set's probabilities sum to 1
        assert known.min() >= 0
    lock_sums = exact[1].reshape(2, dc.LOCKSETS, 2).sum(axis=2)
    assert np.allclose(lock_sums, 1)


def test_cfr_agent_plays_legal_moves_in_deals_and_matches():
    for match in (False, True):
        game = cardavia.load("updown", chips=4, match=match)
        agents = [make_agent("cfr:iterations=30", game, seed=1), make_agent("random", game, seed=2)]
        for seed in range(6):
            state = game.new_state(seed=seed)
            seats = agents if seed % 2 == 0 else agents[::-1]
            for a in seats:
                a.reset(seed)
            play_out(state, seats)     # play() refuses an illegal move
            assert state.is_over


def test_make_agent_refuses_cfr_for_other_games_and_bad_options():
    with pytest.raises(ValueError):
        make_agent("cfr", "holdem")
    with pytest.raises(ValueError):
        make_agent("cfr:iterations=0", cardavia.load("updown", chips=2))
    with pytest.raises(ValueError):
        make_agent("cfr:depth=3", "updown")


def test_cfr_agent_cannot_tell_apart_states_with_the_same_observation():
    game = cardavia.load("updown", chips=5, match=False)
    for seed in (1, 2, 3):
        state = game.new_state(seed=seed)
        state.play(state.legal_moves()[0])
        state.play(state.legal_moves()[0])
        state.play(BetMove("bet", 2))
        p = state.current_player
        other = state.resample(p, seed + 100)
        assert other.observation(p).data == state.observation(p).data
        moves = [make_agent("cfr:iterations=30", game, seed=9).choose(s.observation(p), s.legal_moves())
                 for s in (state, other)]
        assert moves[0] == moves[1]


def test_bets_over_the_smaller_stack_map_to_its_all_in():
    # Deal 2 of a 6-chip match after seat 0 won deal 1: 7 chips against 5.
    game = cardavia.load("updown", chips=6)
    state = game.from_hands(["As Kd", "3c 4c"], seed=5)
    state.play(LockMove(cardavia.cards.card_id("As")))
    state.play(LockMove(cardavia.cards.card_id("3c")))
    state.play(BetMove("check"))
    state.play(BetMove("check"))
    obs = state.observation(0)
    assert obs.data["start_stacks"] == [7, 5] and obs.data["starter"] == 0
    state.play(state.legal_moves()[0])
    state.play(state.legal_moves()[0])
    state.play(BetMove("bet", 6))           # every chip of the larger stack
    agent = make_agent("cfr:iterations=30", game, seed=4)
    data = state.observation(1).data
    sol = cfr.solved(5, 30)
    node = agent._walk(sol, data)
    all_in = [c for a, t, c in sol.solver.children(0) if a == 3][-1]
    assert node == all_in
    move = agent.choose(state.observation(1), state.legal_moves())
    assert str(move) in ("fold", "call")


def test_off_tree_bets_map_pseudo_harmonically():
    stack = dc.FULL_TREE_STACK + 10
    game = cardavia.load("updown", chips=stack, match=False)
    agent = make_agent("cfr:iterations=5", game, seed=2)
    sol = cfr.solved(stack, 5)
    assert not sol.solver.full
    kids = sol.solver.children(0)
    bets = [(a, t) for a, (act, t, _) in enumerate(kids) if act == 3]
    (ia, lo), (ib, hi) = next((b, c) for b, c in zip(bets, bets[1:]) if c[1] - b[1] > 1)
    x = (lo + hi) // 2          # a bet between two sizes of the abstraction
    assert lo < x < hi
    from cardavia._core.betting import BettingRound
    tree = BettingRound([stack, stack], 1)
    tree.post(0, 1, False)
    tree.post(1, 1, False)
    tree.begin(0)
    fa, fb, fx = (cfr._pot_fraction(tree, t) for t in (lo, hi, x))
    want = (fb - fx) * (1 + fa) / ((fb - fa) * (1 + fx))
    picks = [agent._map(kids, 3, x, tree, tree, ("deal", k)) for k in range(2000)]
    assert set(picks) == {ia, ib}
    assert picks.count(ia) / len(picks) == pytest.approx(want, abs=0.04)
    assert agent._map(kids, 3, x, tree, tree, ("deal", 7)) == picks[7]     # one reading per bet
    assert agent._map(kids, 3, lo, tree, tree, ("deal", 9999)) == ia       # on the tree: itself


def test_match_lock_keeps_the_card_worth_more_next_deal():
    # Where the equilibrium mixes the two locks, the match agent keeps the
    # card worth more next deal; where it does not, it locks as it does.
    game = cardavia.load("updown", chips=3)
    agent = make_agent("cfr:iterations=200", game, seed=0)
    single = make_agent("cfr:iterations=200", cardavia.load("updown", chips=3, match=False), seed=0)
    sol = cfr.solved(3, 200)
    checked = {"mixed": 0, "pure": 0}
    for text in ("Ah 2c", "Ah 7c", "Kd 3s", "9c 8d", "Qs 4h", "Jd Th", "6c 5d", "Ac Kc"):
        state = game.from_hands([text, "9d 9s"], seed=1)
        lo, hi = sorted(card_id(t) >> 2 for t in text.split())
        shares = sol.lock_probabilities(0, 2, lo, hi)
        if min(shares) >= cfr.MIX_SHARE:
            seen = [lo, hi]
            keep = hi if cfr._kept_value(sol, hi, seen) > cfr._kept_value(sol, lo, seen) else lo
            for seed in range(5):
                agent.reset(seed)
                move = agent.choose(state.observation(0), state.legal_moves())
                assert move.card >> 2 == ({lo, hi} - {keep}).pop()
            checked["mixed"] += 1
        else:
            for seed in range(5):
                agent.reset(seed)
                single.reset(seed)
                assert agent.choose(state.observation(0), state.legal_moves()) == \
                    single.choose(state.observation(0), state.legal_moves())
            checked["pure"] += 1
    assert checked["mixed"] and checked["pure"]


def test_solutions_are_cached_on_disk(tmp_path):
    first = cfr.solved(2, 40)
    cfr._SOLVED.clear()
    files = list((tmp_path / "duel_cfr").iterdir())
    assert len(files) == 1
    again = cfr.solved(2, 40)
    assert np.allclose(first.bets, again.bets, atol=1e-6) and np.allclose(first.locks, again.locks, atol=1e-6)
    files[0].write_bytes(b"not a strategy")
    cfr._SOLVED.clear()
    assert np.allclose(cfr.solved(2, 40).bets, first.bets, atol=1e-6)     # solved again


def _betting_position(game, seed: int):
    """A deal of ``game`` at its first betting decision."""
    state = game.new_state(seed=seed)
    while state.observation(state.current_player)["phase"] == "lock":
        state.play(state.legal_moves()[0])
    return state


def test_hard_level_plays_the_duel_by_mc_until_the_background_solve_ends(monkeypatch):
    monkeypatch.setattr(cfr, "solve_later", REAL_SOLVE_LATER)
    release = threading.Event()
    solving_threads = []
    real_solved = cfr.solved

    def held_solve(*args, **kwargs):
        solving_threads.append(threading.current_thread())
        assert release.wait(30), "the test never released the solve"
        return real_solved(*args, **kwargs)

    monkeypatch.setattr(cfr, "solved", held_solve)
    game = cardavia.load("updown", chips=3, match=False)
    assert level_agent("hard", game) == ("cfr", {"wait": 0})            # returned without waiting for a solve
    assert level_agent("hard", cardavia.load("holdem"))[0] == "mc"      # the other games keep theirs
    agent = make_level_agent("hard", game, seed=4)
    assert agent.spec == "cfr:wait=0"
    assert solving_threads == []                                         # nothing asked to solve yet
    state = _betting_position(game, 2)
    obs = state.observation(state.current_player)
    move = agent.choose(obs, state.legal_moves())                        # the stand-in, at once
    assert cfr.ready(3) is None and agent.explain(obs, move)[0] == "play.playouts"
    deadline = time.monotonic() + 30
    while not solving_threads and time.monotonic() < deadline:         # the decision asked for the solve
        time.sleep(0.01)
    release.set()
    deadline = time.monotonic() + 30
    while cfr.ready(3) is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert cfr.ready(3) is not None
    assert solving_threads and all(t is not threading.main_thread() for t in solving_threads)
    move = agent.choose(obs, state.legal_moves())
    assert agent.explain(obs, move)[0] == "duel.equilibrium"


def test_a_waiting_agent_solves_before_it_plays_and_never_uses_the_stand_in():
    game = cardavia.load("updown", chips=3, match=False)
    agent = make_agent("cfr:iterations=50", game, seed=1)
    assert cfr.ready(3, 50) is not None
    state = _betting_position(game, 5)
    agent.choose(state.observation(state.current_player), state.legal_moves())
    assert agent._stand_in is None


def test_explained_shares_are_the_equilibrium_chances_of_the_moves():
    game = cardavia.load("updown", chips=4, match=False)
    agent = make_agent("cfr:iterations=200", game, seed=3)
    for seed in range(8):
        state = _betting_position(game, seed)
        obs, legal = state.observation(state.current_player), state.legal_moves()
        shares = [agent.explain(obs, m) for m in legal]
        assert all(ident == "duel.equilibrium" for ident, _ in shares)
        assert abs(sum(p["share"] for _, p in shares) - 100) <= len(legal)   # each rounded to a whole percent
        # and the agent draws each move that often (within 4 standard errors)
        draws = 400
        counts = {str(m): 0 for m in legal}
        for k in range(draws):
            agent.reset(k)
            counts[str(agent.choose(obs, legal))] += 1
        for m, (_, p) in zip(legal, shares):
            q = p["share"] / 100
            assert abs(counts[str(m)] / draws - q) <= 4 * (q * (1 - q) / draws) ** 0.5 + 0.01, (m, counts, shares)


def test_a_hint_is_the_equilibrium_likeliest_move_whatever_the_seed():
    # Agent.advising: the person sees one hint for one hand, the move the equilibrium plays most often
    game = cardavia.load("updown", chips=4, match=False)
    agent = make_agent("cfr:iterations=200", game, seed=3)
    agent.advising = True
    mixed = 0
    for seed in range(8):
        for state in (game.new_state(seed=seed), _betting_position(game, seed)):
            obs, legal = state.observation(state.current_player), state.legal_moves()
            shares = [agent.explain(obs, m)[1]["share"] for m in legal]
            mixed += sorted(shares)[-1] < 100
            hints = set()
            for k in range(20):
                agent.reset(k)
                hints.add(str(agent.choose(obs, legal)))
            assert len(hints) == 1, hints
            assert shares[[str(m) for m in legal].index(hints.pop())] == max(shares), shares
    assert mixed >= 3   # the equilibrium mixes in some of these spots, so a draw would differ


def test_a_match_lock_chosen_for_the_kept_card_says_so():
    game = cardavia.load("updown", chips=6, match=True)
    agent = make_agent("cfr:iterations=100", game, seed=2)
    reasons = set()
    for seed in range(40):
        state = game.new_state(seed=seed)
        obs, legal = state.observation(state.current_player), state.legal_moves()
        move = agent.choose(obs, legal)
        reasons.add(agent.explain(obs, move)[0])
    assert reasons == {"duel.equilibrium", "duel.keep"}


def test_memory_keeps_the_recent_solutions_and_reads_the_rest_again_from_disk(monkeypatch):
    monkeypatch.setattr(cfr, "KEEP_SOLVED", 2)
    for stack in (1, 2, 3):
        cfr.solved(stack, 20)
    assert list(cfr._SOLVED) == [(2, 20), (3, 20)]       # the least recently used dropped
    again = cfr.ready(1, 20)                              # read from the disk cache, not solved
    assert again is not None and again.on_disk and list(cfr._SOLVED) == [(3, 20), (1, 20)]


def test_without_a_disk_cache_memory_drops_nothing(monkeypatch):
    monkeypatch.setenv("CARDAVIA_CACHE", "")
    monkeypatch.setattr(cfr, "KEEP_SOLVED", 2)
    for stack in (1, 2, 3):
        cfr.solved(stack, 20)
    assert list(cfr._SOLVED) == [(1, 20), (2, 20), (3, 20)]
    assert cfr.ready(1, 20) is cfr._SOLVED[(1, 20)]


def test_the_terminal_and_the_web_ask_for_hints_as_advice(monkeypatch, tmp_path):
    # the Hard duel's hint, in the terminal and on the web, is asked of an advising cfr agent; its own moves are not
    asked = []
    choose = cfr.CFRAgent.choose
    monkeypatch.setattr(cfr.CFRAgent, "choose", lambda self, o, m: asked.append(self.advising) or choose(self, o, m))
    from test_play import scripted

    answers = ["hint", "quit"]
    session, out = scripted(cardavia.load("updown", match=False), lambda prompt: answers.pop(0), level="hard", seed=4)
    assert session.run() == 0 and "hint:" in out.getvalue()
    assert asked == [True]

    from test_web import new_game, wait_turn
    from starlette.testclient import TestClient
    from cardavia.web import create_app

    asked.clear()
    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        v = wait_turn(client, new_game(client, "updown", level="hard", seed=4, match=False)["id"])
        played = len(asked)
        assert all(a is False for a in asked)
        h = client.post(f"/api/games/{v['id']}/hint", json={"ply": v["ply"]}).json()
        assert h["move"] in v["legal"] and asked[played:] == [True]
