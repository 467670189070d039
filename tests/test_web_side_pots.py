"""Hold'em side pots (issue 16, the table's pots): the observation's
``side_pots`` are the pots the engine awards at the showdown (TH-5.2).

All-in hands with unequal stacks are played to the end; each pot of the last
observation is then given to the best hands among its eligible seats by an
evaluator of our own (odd chips clockwise from the button's left), and that
must be exactly what the engine paid."""
from __future__ import annotations

import random

import pytest

import cardavia
from cardavia._core import poker
from cardavia.cards import card_id


def _strength(hole: list[str], board: list[str]) -> int:
    return poker.evaluate([card_id(c) for c in hole + board])


def _award(pots: list[dict], strength: dict[int, int], first: int, n: int) -> list[int]:
    won = [0] * n
    for pot in pots:
        best = max(strength[p] for p in pot["eligible"])
        winners = [p for p in pot["eligible"] if strength[p] == best]
        share, odd = divmod(pot["amount"], len(winners))
        for k in range(n):
            p = (first + k) % n
            if p in winners:
                won[p] += share + (1 if odd > 0 else 0)
                odd -= 1
    return won


def _all_in_hand(seed: int):
    rng = random.Random(seed)
    game = cardavia.load("holdem", match=False)
    stacks = rng.sample([60, 150, 300, 450, 700, 1000, 1300], 4)
    state = game.from_hands(None, stacks=stacks, button=rng.randrange(4), seed=seed)
    pots_seen = []
    while not state.is_over:
        moves = [str(m) for m in state.legal_moves()]
        # Most go all in, some call and a few fold: pots of every shape.
        r = rng.random()
        if r < 0.1 and "fold" in moves:
            move = "fold"
        elif r < 0.7 and any(m.startswith(("bet", "raise")) for m in moves):
            move = "allin"
        else:
            move = "call" if "call" in moves else "check" if "check" in moves else moves[0]
        state.play(move)
        obs = state.observation(0).data
        pots_seen.append(obs["side_pots"])
        assert sum(p["amount"] for p in obs["side_pots"]) == sum(a for a, _ in state.core.pots()) <= obs["pot"]
        # A pot is capped only where a player is all in: of the seats it
        # has beyond the next pot's, one is all in.
        h = state.core
        for lower, upper in zip(obs["side_pots"], obs["side_pots"][1:]):
            capped = set(lower["eligible"]) - set(upper["eligible"])
            assert any(h.stacks[p] == 0 for p in capped), obs["side_pots"]
    return state, pots_seen


@pytest.mark.parametrize("seed", range(40))
def test_the_side_pots_shown_are_the_pots_the_showdown_awards(seed):
    state, pots_seen = _all_in_hand(seed)
    h = state.core
    final = pots_seen[-1]
    # Once the betting is over these are the core's own pots, unmerged.
    assert final == [{"amount": a, "eligible": list(e)} for a, e in h.pots()]
    in_hand = [p for p in range(4) if h.dealt[p] and not h.folded[p]]
    # Every pot goes to seats still in whose contribution covers it.
    for pot in final:
        assert pot["amount"] > 0 and set(pot["eligible"]) <= set(in_hand)
    # Chips nobody matched (a folder's excess) come back outside the pots.
    top = max(h.totals[p] for p in in_hand)
    returned = [max(0, h.totals[p] - top) for p in range(4)]
    if len(in_hand) == 1:
        expected = [sum(p["amount"] for p in final) if q == in_hand[0] else 0 for q in range(4)]
    else:
        board = [c for c in state.observation(0)["board"]]
        shown = state.observation(0)["shown"]
        strength = {p: _strength(shown[str(p)], board) for p in in_hand}
        expected = _award(final, strength, (h.button + 1) % 4, 4)
    assert [e + r for e, r in zip(expected, returned)] == list(h.won)


def test_several_side_pots_appear_when_short_stacks_go_all_in():
    shapes = set()
    for seed in range(40):
        _, pots_seen = _all_in_hand(seed)
        shapes.add(max(len(p) for p in pots_seen))
    assert max(shapes) >= 3   # a main pot and at least two side pots somewhere


def test_side_pots_are_in_every_observation_and_the_replay():
    state = cardavia.load("holdem").new_state(seed=3)
    obs = state.observation(1).data
    assert obs["side_pots"] == [{"amount": 30, "eligible": [0, 1, 2, 3]}] or \
        sum(p["amount"] for p in obs["side_pots"]) == obs["pot"]
    again = cardavia.from_json(state.to_json())
    assert again.observation(1).data["side_pots"] == obs["side_pots"]
