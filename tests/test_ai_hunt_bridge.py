"""Card-play blunders of the Bridge ``mc`` agent found by probing (hunt 61):
opening leads decided by one or two sampled deals at the normal level, and
defenders leading the lower of touching honours."""
from __future__ import annotations

import random

import pytest

import cardavia
from cardavia import bridge
from cardavia.ai import make_agent
from cardavia.ai.bridge_play import MIN_SAMPLES, DoubleDummyPlayer, top_of_equals
from cardavia.ai.levels import make_level_agent

GAME = cardavia.load("bridge")


def opening_lead(seed: int):
    """The deal of ``seed`` bid by the heuristic, at the opening lead (None if passed out)."""
    h = make_agent("heuristic", GAME, seed=seed)
    state = GAME.new_state(seed=seed)
    while state.phase == "auction":
        state.play(h.choose(state.observation(state.current_player), state.legal_moves()))
    return None if state.is_over else state


@pytest.mark.parametrize("seed", [0, 3, 9])
def test_the_normal_level_solves_several_deals_for_the_opening_lead(seed):
    # The normal level's node cap (a fifth) was spent on the first deal or two:
    # one deal decided the lead, and among the cards it did not punish the
    # tie to the lower card led a deuce of whatever suit.
    state = opening_lead(seed)
    agent = make_level_agent("normal", GAME, seed=seed)
    agent.choose(state.observation(state.current_player), state.legal_moves())
    assert agent.card_player.last_samples >= 8


def test_the_floor_of_deals_yields_to_samples_and_caps():
    data = opening_lead(0).observation(opening_lead(0).current_player).data
    player = DoubleDummyPlayer(samples=20, nodes=1)
    player.evaluate(GAME, data, random.Random(1))
    assert player.last_samples == MIN_SAMPLES
    few = DoubleDummyPlayer(samples=3, nodes=1)
    few.evaluate(GAME, data, random.Random(1))
    assert few.last_samples == 3


def test_top_of_equals_skips_played_cards():
    ids = {t: bridge.parse_card(t).card for t in ("Ks", "Qs", "Js", "Ts", "9s", "As", "Kh")}
    held = {ids["Qs"], ids["Js"], ids["Ts"], ids["Kh"]}
    assert top_of_equals(ids["Ts"], held, set()) == ids["Qs"]
    assert top_of_equals(ids["Ts"], {ids["Ts"], ids["Ks"]}, {ids["Js"], ids["Qs"]}) == ids["Ks"]
    assert top_of_equals(ids["Ts"], {ids["Ts"], ids["Ks"]}, {ids["Js"]}) == ids["Ts"]
    assert top_of_equals(ids["Kh"], held, set()) == ids["Kh"]


@pytest.mark.parametrize("seed", [3, 5, 12, 17, 27])
def test_a_defender_leads_the_top_of_touching_honours(seed):
    # These leads were the J from K Q J, the T from K Q J T, the Q from K Q,
    # the K from A K: a partner reading standard leads places the card above
    # with declarer.
    state = opening_lead(seed)
    me = state.current_player
    data = state.observation(me).data
    card = DoubleDummyPlayer(samples=9, nodes=200_000).choose(GAME, data, state.legal_moves(), random.Random(seed))
    above = card.card + 4
    held = {bridge.parse_card(c).card for c in data["hand"]}
    assert not (above < 52 and above in held and above >> 2 >= 8), (str(card), data["hand"])
