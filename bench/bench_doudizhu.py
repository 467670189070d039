"""Dou Dizhu benchmark: Cardavia against OpenSpiel's ``dou_dizhu`` (C++ via
pyspiel) and rlcard, in one run, one thread each.

    python bench/bench_doudizhu.py [--states 300] [--deals 1000]

Figures:
- leading-move generation on the same 20-card hands (the landlord's first
  lead) and 17-card hands (the landlord after three single tricks);
- response generation on the same (hand, play on the table) pairs;
- random deals per second (bidding included) through each Python API, and
  through Cardavia's compiled self-play loop;
- card text against a ``CardSet`` for ``doudizhu.moves()``; worlds sampled
  (median µs per world); policy rollouts per second, compiled against the
  same playouts through the Python API (no peer has these: ours against
  ours, as DESIGN.md asks).  ``--no-peers`` runs only these.

Each side gets its fastest input form: OpenSpiel a prebuilt state
(``legal_actions()``), rlcard a rank string (``playable_cards_from_hand``,
``get_gt_cards``), Cardavia a ``CardSet`` for ``doudizhu.moves()`` and a
NumPy array of rank counts for the compiled generator.

Rule differences (the move sets are not identical): OpenSpiel has no four
with two; rlcard lets an airplane's single wings hold a triple (DDZ-4.3
forbids it) and has no bidding (its deals start at the play with a landlord
chosen by hand strength).
"""
from __future__ import annotations

import argparse
import random
import time
from types import SimpleNamespace

import numpy as np
from benchutil import each, timeit

try:  # the peers (the bench extra); --no-peers runs without them
    import pyspiel
    from rlcard.games.doudizhu import utils as rl_utils
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.games.doudizhu.judger import DoudizhuJudger
except ImportError:
    pyspiel = None

import cardavia
from bench_zhengshangyou import bench_parse, bench_rollouts, bench_worlds, check_worlds
from cardavia import doudizhu
from cardavia._core import climb
from cardavia.cards import CardSet

RANKS = "3456789TJQKA2BR"
POKER = {c: (i + 1) % 13 for i, c in enumerate("3456789TJQKA2")}


def os_hand(state, player):
    text = state.observation_string(player).split("\n")[0].replace("My hand ", "")
    return text.replace("(BWJ)", "B").replace("(CJ)", "R")


def ranks_to_cards(ranks: str) -> CardSet:
    used: dict = {}
    ids = []
    for ch in ranks:
        if ch in "BR":
            ids.append(52 if ch == "B" else 53)
        else:
            k = used.get(ch, 0)
            used[ch] = k + 1
            ids.append(4 * POKER[ch] + k)
    return CardSet(ids)


def os_states(n: int, seed: int):
    """OpenSpiel states: (20-card lead, 17-card lead, farmer response)."""
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    lead20, lead17, resp = [], [], []
    while len(lead20) < n:
        s = game.new_initial_state()
        while True:
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply_action(outs[rng.randrange(len(outs))][0])
            elif s.legal_actions() == [0, 1, 2, 3]:
                s.apply_action(3)  # the first bidder bids 3
            else:
                break
        ll = s.current_player()
        lead20.append((s.clone(), os_hand(s, ll)))
        r = s.clone()
        la = r.legal_actions()
        r.apply_action(la[rng.randrange(len(la))])
        if not r.is_terminal():
            resp.append((r.clone(), os_hand(r, r.current_player()), s.action_to_string(r.history()[-1])))
        t = s.clone()
        for _ in range(3):
            t.apply_action(min(t.legal_actions()))  # the lowest single
            t.apply_action(0)
            t.apply_action(0)
        lead17.append((t, os_hand(t, ll)))
    return lead20, lead17, resp


def line(label, ours, peer, unit="µs", higher_better=False):
    ratio = (ours / peer) if higher_better else (peer / ours)
    print(f"  {label:<44} {ours:>12,.2f} {peer:>12,.2f} {unit:<8} x{ratio:,.2f}")


def bench_generation(states):
    lead20, lead17, resp = states
    print("\nMove generation (µs per call; ratio = peer time / ours, > 1 means ours is faster)")
    for name, group in (("20-card lead", lead20), ("17-card lead", lead17)):
        os_st = [s for s, _ in group]
        hands = [ranks_to_cards(h) for _, h in group]
        counts = np.array([climb.card_counts(h.bits) for h in hands], dtype=np.uint64)
        rl_hands = ["".join(sorted(h, key=RANKS.index)) for _, h in group]
        n = len(group)
        # same hands?  (a sanity check of the conversion)
        nmoves = [len(doudizhu.moves(h)) for h in hands]
        nos = [len(s.legal_actions()) for s in os_st]
        t_os = timeit(lambda reps: each(pyspiel.State.legal_actions, os_st, reps)) / n * 1e6
        t_core = timeit(lambda reps: climb.bench_generate(0, counts, None, reps)) / n * 1e6
        t_py = timeit(lambda reps: each(doudizhu.moves, hands, reps)) / n * 1e6
        t_rl = timeit(lambda reps: each(DoudizhuJudger.playable_cards_from_hand, rl_hands, reps),
                      0.3) / n * 1e6
        print(f" {name}: mean moves ours {np.mean(nmoves):.1f}, OpenSpiel {np.mean(nos):.1f} "
              f"(OpenSpiel has no four-with-two)")
        print(f"  {'':<44} {'ours':>12} {'peer':>12}")
        line("compiled core vs OpenSpiel legal_actions()", t_core, t_os)
        line("doudizhu.moves() vs OpenSpiel legal_actions()", t_py, t_os)
        line("compiled core vs rlcard", t_core, t_rl)
        line("doudizhu.moves() vs rlcard", t_py, t_rl)

    os_st = [s for s, _, _ in resp]
    hands = [ranks_to_cards(h) for _, h, _ in resp]
    lasts = [doudizhu.classify(last.replace("(BWJ)", "B").replace("(CJ)", "R").replace("-", ""))[0]
             for _, _, last in resp]
    counts = np.array([climb.card_counts(h.bits) for h in hands], dtype=np.uint64)
    packed = np.array([climb.pack_move(m) for m in lasts], dtype=np.uint64)
    n = len(resp)
    t_os = timeit(lambda reps: each(pyspiel.State.legal_actions, os_st, reps)) / n * 1e6
    t_core = timeit(lambda reps: climb.bench_generate(0, counts, packed, reps)) / n * 1e6
    pairs = list(zip(hands, lasts))
    t_py = timeit(lambda reps: each(lambda hm: doudizhu.moves(*hm), pairs, reps)) / n * 1e6
    # rlcard: its response generator works on player objects.
    rl_pairs = []
    for _, h, _ in resp:
        cards = [SimpleNamespace(rank="" if ch in "BR" else ch, suit="BJ" if ch == "B" else "RJ")
                 for ch in sorted(h, key=RANKS.index)]
        rl_pairs.append(SimpleNamespace(current_hand=cards))
    rl_last = [SimpleNamespace(played_cards=str(m)) for m in lasts]
    ok = [i for i, m in enumerate(rl_last) if m.played_cards in rl_utils.CARD_TYPE[0]]
    rl_args = [(rl_pairs[i], rl_last[i]) for i in ok]
    t_rl = timeit(lambda reps: each(lambda a: rl_utils.get_gt_cards(*a), rl_args, reps), 0.3) / max(len(ok), 1) * 1e6
    print(" response (farmer answering the landlord's random first play):")
    line("compiled core vs OpenSpiel legal_actions()", t_core, t_os)
    line("doudizhu.moves(hand, last) vs OpenSpiel", t_py, t_os)
    line("compiled core vs rlcard get_gt_cards", t_core, t_rl)
    line("doudizhu.moves(hand, last) vs rlcard", t_py, t_rl)


def deals_openspiel(n, seed):
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply_action(outs[rng.randrange(len(outs))][0])
            else:
                la = s.legal_actions()
                s.apply_action(la[rng.randrange(len(la))])


def deals_rlcard(n, seed):
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    for _ in range(n):
        state, _ = game.init_game()
        while not game.is_over():
            actions = state["actions"]
            state, _ = game.step(actions[rng.randrange(len(actions))])


def deals_ours(n, seed):
    game = cardavia.load("doudizhu")
    rng = random.Random(seed)
    for i in range(n):
        s = game.new_state(seed=seed + i)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))


def bench_deals(n):
    print("\nRandom full deals per second (ratio = ours / peer)")
    per = {}
    for name, fn, k in (("ours (Python API)", deals_ours, n), ("OpenSpiel (Python loop)", deals_openspiel, n),
                        ("rlcard (no bidding)", deals_rlcard, max(n // 10, 20))):
        t0 = time.perf_counter()
        fn(k, 1)
        per[name] = k / (time.perf_counter() - t0)
    nc = 50 * n
    t0 = time.perf_counter()
    climb.ddz_selfplay(nc, 1)
    per["ours (compiled loop)"] = nc / (time.perf_counter() - t0)
    for name, v in per.items():
        print(f"  {name:<28} {v:>12,.0f} deals/s")
    os_ = per["OpenSpiel (Python loop)"]
    rl = per["rlcard (no bidding)"]
    print(f"  Python API / OpenSpiel      x{per['ours (Python API)'] / os_:,.2f}")
    print(f"  compiled / OpenSpiel        x{per['ours (compiled loop)'] / os_:,.2f}")
    print(f"  Python API / rlcard         x{per['ours (Python API)'] / rl:,.2f}")
    print(f"  compiled / rlcard           x{per['ours (compiled loop)'] / rl:,.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--states", type=int, default=300, help="positions per generation figure")
    ap.add_argument("--deals", type=int, default=1000, help="deals for the Python-API loops")
    ap.add_argument("--positions", type=int, default=200, help="mid-game positions for worlds and rollouts")
    ap.add_argument("--no-peers", action="store_true", help="skip OpenSpiel and rlcard")
    ap.add_argument("--check", type=int, default=0, help="also check this many resampled worlds")
    args = ap.parse_args()
    if not args.no_peers and pyspiel is None:
        raise SystemExit("the peers (OpenSpiel, rlcard) are not installed: pip install '.[bench]' or --no-peers")
    if not args.no_peers:
        states = os_states(args.states, 7)
        bench_generation(states)
        bench_deals(args.deals)
    else:
        from bench_zhengshangyou import bench_deals as deals_ours_only
        deals_ours_only("doudizhu", args.deals)
    bench_parse("doudizhu", doudizhu, 20, list(range(54)))
    bench_worlds("doudizhu", args.positions)
    bench_rollouts("doudizhu", args.positions)
    if args.check:
        check_worlds("doudizhu", args.check)


if __name__ == "__main__":
    main()
