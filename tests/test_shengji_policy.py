"""The compiled rollout policy keeps trump control for the last trick (SJ-4.1):
the kitty's points go to the attackers, multiplied, only when they win the
last trick, so the policy's attackers do not spend their top trumps early
and no one wins a trick with a higher card than it needs."""
from __future__ import annotations

import cardavia
from cardavia._core import shengji as core
from cardavia.cards import parse_cards

G = cardavia.load("shengji", match=False)


def _policy_text(s):
    return str(G.policy_move(s.observation(s.current_player), s.legal_moves(), 1))


def _attacker_on_lead():
    # Hearts trump, level 2, seat 0 deals: seat 1 (an attacker) wins the
    # first trick with the ace of clubs and leads with the Red Joker and a diamond.
    s = G.from_hands(["3c 6s 7s", "Ac RJ 4d", "4c 8s 9s", "5c Ts Js"], level=2, trump="H", dealer=0)
    for play in ("3c", "Ac", "4c", "5c"):
        s.play(play)
    assert s.current_player == 1
    return s


def test_sj_4_1_an_attacker_keeps_his_top_trump_for_the_last_trick():
    s = _attacker_on_lead()
    # the Red Joker is a sure winner now, but the last trick is worth more
    assert _policy_text(s) == "4d"
    raw = core._policy_raw(s.deal)
    assert raw[0] and raw[2] == tuple(parse_cards("4d"))    # the core's own move, no fallback
    # with nothing else left he leads it
    s.play("4d")
    for play in ("8s", "Ts", "6s"):        # no one else holds a diamond
        s.play(play)
    assert s.current_player == 1 and _policy_text(s) == "RJ"


def test_sj_4_1_the_fourth_hand_wins_with_its_lowest_winning_trump():
    s = G.from_hands(["3h 3c 4c", "4h 5c 6c", "5h 7c 8c", "RJ 9h 6d"], level=2, trump="H", dealer=0)
    for play in ("3h", "4h", "5h"):
        s.play(play)
    # the 9 of hearts wins as surely as the Red Joker, which stays for later
    assert _policy_text(s) == "9h"

