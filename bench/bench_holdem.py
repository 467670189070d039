"""Texas Hold'em engine benchmark: random full hands per second (4 players,
1000 chips, blinds 10/20; every engine's random agent picks uniformly among
check/call, fold when owing, and the minimum and maximum raise when raising
is allowed) through

* Cardavia's Python API (``HoldemState``, one ``play`` per action),
* Cardavia's compiled self-play loop (``holdem_core.selfplay``),
* pokerkit (``NoLimitTexasHoldem`` with every automation but the decisions),
* pokerfast's ``FastHand`` (its lean pure-Python engine),

one thread each, in one run, with the ratios.  Issue 3 part 8 target:
compiled >= 10x pokerfast.

    python bench/bench_holdem.py
"""
import random
import time
import warnings

from benchutil import rate

import cardavia
from cardavia._core.holdem_core import selfplay

warnings.simplefilter("ignore")


def cardavia_python():
    game = cardavia.load("holdem", match=False)
    seeds = iter(range(10**9))

    def run():
        seed = next(seeds)
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        while not s.is_over:
            moves = list(s.legal_moves())
            options = [m for m in moves if m.kind in ("fold", "check", "call")]
            raises = [m for m in moves if m.amount]
            if raises:
                options += [raises[0], raises[-1]]       # the minimum and the maximum
            s.play(rng.choice(options))
        return 1
    return run


def pokerkit_hands():
    from pokerkit import Automation, Mode, NoLimitTexasHoldem
    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    game = NoLimitTexasHoldem(automations, True, 0, (10, 20), 20, mode=Mode.TOURNAMENT)
    rng = random.Random(1)

    def run():
        st = game([1000] * 4, 4)
        while st.status:
            options = [0]
            if st.can_fold():
                options.append(1)
            if st.can_complete_bet_or_raise_to():
                options += [2, 3]
            k = rng.choice(options)
            if k == 0:
                st.check_or_call()
            elif k == 1:
                st.fold()
            elif k == 2:
                st.complete_bet_or_raise_to(st.min_completion_betting_or_raising_to_amount)
            else:
                st.complete_bet_or_raise_to(st.max_completion_betting_or_raising_to_amount)
        return 1
    return run


def pokerfast_hands():
    from pokerfast import FastHand
    rng = random.Random(1)

    def run():
        h = FastHand(player_count=4, small_blind=10, big_blind=20, min_stack=1000, max_stack=1000, rng=rng)
        while not h.done:
            space = h.get_action_space()
            options = ["call" if "call" in space else "check"]
            if "fold" in space:
                options.append("fold")
            if "min_bet" in space:
                options += ["min", "max"]
            k = rng.choice(options)
            if k == "call":
                h.call()
            elif k == "check":
                h.check()
            elif k == "fold":
                h.fold()
            elif k == "min":
                h.bet_or_raise(space["min_bet"])
            else:
                h.bet_or_raise(space["max_bet"])
        return 1
    return run


def compiled_hands():
    t0 = time.perf_counter()
    out = selfplay(1_000_000, seed=1)
    return out["hands"] / (time.perf_counter() - t0), out


def sample_world_median(match=True, states=300, worlds=20, seed=7):
    """Issue 12 part 2: median microseconds per ``game.sample_world``
    (observation in, compiled position out) over random mid-game states of
    the match, and per ``state.resample`` (a replayable State)."""
    import statistics
    game = cardavia.load("holdem", match=match)
    rng = random.Random(seed)
    obs, live = [], []
    for i in range(states):
        s = game.new_state(seed=i)
        for _ in range(rng.randrange(0, 60)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            p = rng.randrange(game.num_players)
            obs.append(s.observation(p))
            live.append((s, p))
    per_world, per_state = [], []
    for o in obs:
        for k in range(worlds):
            t0 = time.perf_counter()
            game.sample_world(o, k)
            per_world.append(time.perf_counter() - t0)
    for s, p in live[:100]:
        t0 = time.perf_counter()
        s.resample(p, 1)
        per_state.append(time.perf_counter() - t0)
    return statistics.median(per_world) * 1e6, statistics.median(per_state) * 1e6, len(obs)


def rollout_rates(match=False, states=100, seed=5):
    """Issue 12 part 3: rollouts per second from random mid-game positions
    to the end of the hand, the policy in every seat: compiled
    (``game.rollout`` on a ``sample_world`` position, one call each, and
    the batch ``rollouts``) against the same playouts through the Python
    API (``game.policy_move`` on each observation, ``state.play``)."""
    from cardavia._core.holdem_core import rollouts
    game = cardavia.load("holdem", match=match)
    rng = random.Random(seed)
    live = []
    for i in range(states):
        s = game.new_state(seed=i)
        for _ in range(rng.randrange(0, 30)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            live.append(s)
    worlds = [game.sample_world(s.observation(s.current_player), i) for i, s in enumerate(live)]
    reps = 50
    t0 = time.perf_counter()
    for k in range(reps):
        for w in worlds:
            game.rollout(w, k)
    compiled = reps * len(worlds) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for k, w in enumerate(worlds):
        rollouts(w, 2000, k)
    batch = 2000 * len(worlds) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    done = 0
    for _ in range(3):
        for s in live:
            s = s.clone()
            hands = len(s.hand_log())
            while not s.is_over and len(s.hand_log()) == hands:
                p = s.current_player
                s.play(game.policy_move(s.observation(p), s.legal_moves(), rng))
            done += 1
    python = done / (time.perf_counter() - t0)
    return compiled, batch, python, len(worlds)


def main():
    print("No-limit Hold'em, 4 players, 1000 chips, blinds 10/20, random agents, one thread")
    py = rate(cardavia_python(), 1.5)
    pk = rate(pokerkit_hands(), 1.5)
    pf = rate(pokerfast_hands(), 1.5)
    c, out = compiled_hands()
    print(f"{'engine':34s} {'hands/s':>14s}")
    print(f"{'pokerkit 0.7.7':34s} {pk:14,.0f}")
    print(f"{'pokerfast FastHand 0.2':34s} {pf:14,.0f}")
    print(f"{'cardavia Python API':34s} {py:14,.0f}   {py / pk:8.1f}x pokerkit   {py / pf:8.2f}x pokerfast")
    print(f"{'cardavia compiled loop':34s} {c:14,.0f}   {c / pk:8.0f}x pokerkit   {c / pf:8.0f}x pokerfast"
          f"   (target >= 10x pokerfast)")
    print(f"compiled loop: {out['actions'] / out['hands']:.2f} actions and "
          f"{out['showdowns'] / out['hands']:.2f} showdowns per hand")

    w, st, n = sample_world_median()
    print(f"sample_world: median {w:.1f} us per world over {n} mid-match positions (target <= 50 us); "
          f"resample (a replayable State): median {st:.0f} us")

    c, b, py, n = rollout_rates()
    print(f"rollouts/s from {n} mid-game positions, policy in every seat: python API {py:10,.0f}   "
          f"compiled (one call each) {c:12,.0f}   ratio {c / py:7.0f}x   compiled batch {b:12,.0f}   "
          f"ratio {b / py:7.0f}x")


if __name__ == "__main__":
    main()
