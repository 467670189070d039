"""AI blunders found in Dou Dizhu and Zheng Shangyou (hunt 61) and kept fixed."""
import cardavia
import pytest

from cardavia.ai import make_agent

# Seeded deals played by the heuristic up to a lead where the mover holds a
# card nobody can beat and one more play: the old policy led the other card
# (a Nine into the landlord's last card; a Ten into the next player's last
# card, who must beat it, ZSY-3.2) and could lose at once.
SURE_FINISHES = {
    "doudizhu": (16, "pass,bid 1,pass,pass,345678,56789T,pass,pass,88,pass,JJ,pass,QQ,AA,pass,22,pass,"
                     "pass,34567,pass,pass,99,BR,pass,pass,44,TT,pass,pass,3,pass,T,Q,pass,K,A,pass,2,"
                     "pass,pass,3,6,pass,J,K,pass,pass", "2"),
    "zhengshangyou": (9, "3344,7788,pass,QQKK,pass,pass,99,JJ,AA,pass,pass,56789TJQK,pass,pass,33,pass,55,"
                         "pass,pass,4,5,6,8,T,J,K,pass,pass,6,pass,7,9,pass,T,A,pass,pass", "2"),
}


@pytest.mark.parametrize("name", sorted(SURE_FINISHES))
def test_policy_plays_the_unbeatable_card_before_its_last_play(name):
    # DDZ-3.2, ZSY-3.3: a play nobody can beat keeps the lead, so the
    # unbeaten Two then the last card goes out for sure.
    seed, moves, sure = SURE_FINISHES[name]
    game = cardavia.load(name)
    state = game.new_state(seed=seed)
    for move in moves.split(","):
        state.play(move)
    p = state.current_player
    assert state.last_play is None and len(state.hand(p)) == 2
    legal = state.legal_moves()
    for agent in (make_agent("heuristic", game, seed=s) for s in range(5)):
        assert str(agent.choose(state.observation(p), legal)) == sure
    # and the compiled heuristic the agent stands on (the search's rollouts skip this look)
    assert str(game.policy_move(state.observation(p), legal, 1)) == sure


def test_policy_still_leads_the_rest_before_an_unbeatable_bomb():
    # A bomb nobody can beat goes out whenever the rest is beaten (and earns
    # the response bonus, ZSY-5.2): no reason to lead it first.
    game = cardavia.load("zhengshangyou")
    state = game.from_hands(["Ac Ad As 5c 5d", "3c 4c 6c 9c 9d", "3d 4d 6d 7d 8d"], leader=0, opening=False)
    move = make_agent("heuristic", game, seed=1).choose(state.observation(0), state.legal_moves())
    assert str(move) == "55"
