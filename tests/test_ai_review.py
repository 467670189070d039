"""What the AI says and does, seen as a player would (a review of
``cardavia.ai``): hints that do not crash and give the agent's best move,
explanations true to the position, and agents that cannot tell apart deals
their seat cannot tell apart.  Budgets are tiny and seeds fixed."""
from __future__ import annotations

import io
import random
from collections import Counter
from typing import Any

import pytest
from rich.console import Console

import cardavia
from cardavia.ai import make_agent
from cardavia.play import Session

HOLDEM = cardavia.load("holdem", match=False)


def _session(game: Any, answers: list[str], **options: Any) -> tuple[Session, io.StringIO]:
    out = io.StringIO()

    def read(prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)
    return Session(game, console=Console(file=out, width=250), read=read, delay=0, **options), out


# -- hints in the terminal at the default level ---------------------------------------------
@pytest.mark.parametrize("name", sorted(cardavia.GAMES))
def test_terminal_hint_at_the_normal_level_does_not_end_the_game(name):
    # The terminal's hint unpacks (candidates, means, worlds) from the agent's
    # evaluate; Hold'em's mc returned two values, so 'hint' raised ValueError
    # and ended the person's game.
    session, out = _session(cardavia.load(name), ["hint", "quit"], seat=0, level="normal", seed=1)
    assert session.run() == 0
    assert "hint: " in out.getvalue(), out.getvalue()[-800:]
    if name == "holdem":
        assert "mc played" in out.getvalue()
        cands, values, worlds = make_agent("mc", HOLDEM, seed=1, rollouts=40).evaluate(
            *(lambda s: (s.observation(s.current_player), s.legal_moves()))(HOLDEM.new_state(seed=1)))
        assert len(cands) == len(values) and worlds >= 1


def test_holdem_mc_as_a_hint_gives_its_best_move_not_a_mixed_one():
    # Agent.advising: an agent that mixes its moves gives its likeliest one as a
    # hint (the page's hint plays agent.act with advising set).  mc mixed there
    # too, so a hint could be a move chips worse than another it had priced.
    state = HOLDEM.from_hands(["QhJh", "", "", ""], seed=3)
    state.play("fold")
    obs, legal = state.observation(0), state.legal_moves()
    fold, call = legal[0], legal[1]

    def fixed(self: Any, observation: Any, legal_moves: Any) -> tuple[list, list, int]:
        return [fold, call], [4.0, 0.0], 1

    agent = make_agent("mc:rollouts=12", HOLDEM, seed=8)
    agent.evaluate = fixed.__get__(agent)
    assert fold in legal and call in legal
    assert {str(agent.choose(obs, legal)) for _ in range(200)} == {"fold", "call"}   # it mixes in play
    agent.advising = True
    assert {str(agent.choose(obs, legal)) for _ in range(200)} == {"fold"}


def test_holdem_explains_a_move_it_did_not_price_without_chips():
    # was: "... 0 chips expected" for an overbet it left out of its search (and, after a forced move,
    # the chips of the last decision's move of the same name)
    from cardavia.ai.explanations import render_explanation
    from cardavia.ai.holdem_agents import candidates

    state = HOLDEM.new_state(seed=4)
    obs, legal = state.observation(state.current_player), state.legal_moves()
    agent = make_agent("mc:rollouts=24", HOLDEM, seed=2)
    chosen = agent.choose(obs, legal)
    left_out = [m for m in legal if m not in candidates(obs.data, list(legal))]
    assert left_out, "seed 4 has overbets the search leaves out"
    ident, params = agent.explain(obs, left_out[-1])
    assert ident == "holdem.equity" and "ev" not in params
    assert "expected" not in render_explanation(ident, params)
    assert agent.explain(obs, chosen)[0] == "holdem.ev"


# -- Shengji mc: no points to the opponents' tricks out of the playouts' noise (SJ-4.2) ------------
def _shengji_positions_last_to_play(picks: list[tuple[int, int]]):
    """(state, seat) at the given (deal seed, plies played) of heuristic self-play."""
    from cardavia.ai import shengji_mc  # noqa: F401
    game = cardavia.load("shengji", match=False)
    out = []
    for seed, plies in picks:
        agents = [make_agent("heuristic", game, seed=p) for p in range(4)]
        s = game.new_state(seed=seed)
        while len(s.history) < plies:
            p = s.current_player
            s.play(agents[p].choose(s.observation(p), s.legal_moves()))
        out.append((s, s.current_player))
    return game, out


def test_shengji_mc_keeps_the_policy_unless_a_play_is_clearly_better(monkeypatch):
    from cardavia.ai import shengji_mc
    from cardavia.ai.shengji_mc import card_points, clearly_better

    assert clearly_better([[0.0] * 4, [1.0, -1.0, 1.0, -0.9]], 2.0) == 0     # higher mean, all noise
    assert clearly_better([[0.0] * 4, [1.0, 1.1, 0.9, 1.0]], 2.0) == 1       # higher every world
    assert clearly_better([[0.0], [5.0]], 2.0) == 0                            # one world shows nothing
    # Last to a trick the opponents take, mc gave them a 5 where a card without points would do
    # (8 of 80 such positions at 800 rollouts; the policy 0): the playouts' noise.
    game, positions = _shengji_positions_last_to_play([(1000, 69), (1000, 73), (1002, 40)])
    keep_z = shengji_mc.KEEP_Z

    def gives_points(keep_z: float) -> list[bool]:
        monkeypatch.setattr(shengji_mc, "KEEP_Z", keep_z)
        out = []
        for state, seat in positions:
            move = make_agent("mc:rollouts=800", game, seed=7).choose(state.observation(seat), state.legal_moves())
            after = state.clone()
            after.play(move)
            taken_by_them = after.observation(seat).data["last_winner"] % 2 != seat % 2
            out.append(taken_by_them and sum(map(card_points, move.cards)) > 0)
        return out

    assert gives_points(0.0) == [True, True, True]         # the best mean alone: the points go
    assert gives_points(keep_z) == [False, False, False]


def test_shengji_hint_is_the_move_the_agent_plays():
    # the terminal's hint showed the best mean of a fresh search, which the agent (keeping the policy's
    # play unless another is clearly better) need not play
    from cardavia.ai.levels import make_level_agent
    from cardavia.play.session import derive_seed

    game, [(state, seat)] = _shengji_positions_last_to_play([(1000, 69)])
    session, out = _session(game, [], seat=seat, level="normal", seed=5)
    session.state = state
    session.hint()
    agent = make_level_agent("normal", game, seed=derive_seed(5, "hint", seat, len(state.history)))
    agent.advising = True
    played = agent.choose(state.observation(seat), state.legal_moves())
    assert out.getvalue().startswith(f"hint: {played} — mc played "), out.getvalue()


# -- Bridge: the system's explanations in English ------------------------------------------
def test_blackwood_answers_read_in_good_english():
    # "answer to Blackwood: 1 aces": one template must read for one ace, two,
    # three and "0/4" (the id stays answer.blackwood, which the partner reads).
    from cardavia.ai.bridge_bidding import explain, render

    asked = ["1H", "pass", "4H", "pass", "4NT", "pass"]
    said = {call: render(*explain(asked, call)) for call in ("5C", "5D", "5H", "5S")}
    assert said == {"5C": "answer to Blackwood: aces held: 0/4", "5D": "answer to Blackwood: aces held: 1",
                    "5H": "answer to Blackwood: aces held: 2", "5S": "answer to Blackwood: aces held: 3"}


def test_every_row_of_the_system_renders_in_english():
    # Every row's message is filled by its parameters: no brace is left, no "1 aces".
    from cardavia.ai.bridge_bidding.system import RULES, render

    bad = []
    for context, call, _, message, params in RULES:
        text = render(message, params)
        if "{" in text or "}" in text or " 1 aces" in text or "0/4 aces" in text:
            bad.append((context, call, text))
    assert not bad, bad[:5]


# -- No agent reads the cards its seat cannot see ------------------------------------------
HIDDEN = {"zhengshangyou": {"heuristic": {}, "ismcts": {"iterations": 60}, "mc": {"rollouts": 60}},
          "holdem": {"mc": {"rollouts": 40}, "tag": {}},
          "shengji": {"mc": {"rollouts": 40}}}


def _setup(name: str, rng: random.Random) -> tuple[Any, Any, list[list[int]]]:
    game = cardavia.load(name, match=False)
    if name == "shengji":
        deck = [c for c in range(54) for _ in range(2)]
        rng.shuffle(deck)
        kitty = deck[100:]
        return game, lambda h: game.from_hands(h, kitty=kitty, level=2, trump="S", dealer=0), \
            [deck[25 * q:25 * q + 25] for q in range(4)]
    first = game.new_state(seed=rng.randrange(10**6))
    hands = [list(first.hand(q)) for q in range(game.num_players)]
    if name == "holdem":
        return game, lambda h: game.from_hands(h, seed=5), hands
    return game, lambda h: game.from_hands(h), hands


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_agents_choose_the_same_when_only_hidden_cards_differ(name):
    # The other seats' unplayed cards dealt again among them (the same moves
    # replayed, the mover's observation unchanged): the same seeded agent
    # must choose, and explain, the same.
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        game, build, hands = _setup(name, rng)
        state = build(hands)
        driver = make_agent("heuristic", game, seed=seed)
        moves = []
        for _ in range(rng.randrange(3, 30)):
            if state.is_over:
                break
            move = state.legal_moves().sample(rng) if rng.random() < 0.3 else driver.act(state)
            moves.append(str(move))
            state.play(move)
        if state.is_over or len(state.legal_moves()) < 2:
            continue
        p = state.current_player
        others = [q for q in range(game.num_players) if q != p]
        now = {q: list(state.hand(q)) for q in others}
        pool = [c for q in others for c in now[q]]
        other = None
        for _ in range(30):
            rng.shuffle(pool)
            new, i = [list(h) for h in hands], 0
            for q in others:
                new[q] = list((Counter(hands[q]) - Counter(now[q])).elements()) + pool[i:i + len(now[q])]
                i += len(now[q])
            if new == hands:
                continue
            try:
                alt = build(new)
                for m in moves:
                    alt.play(m)
            except ValueError:
                continue
            if alt.current_player == p and alt.observation(p).data == state.observation(p).data:
                other = alt
                break
        if other is None:
            continue
        checked += 1
        for kind, options in HIDDEN[name].items():
            said = []
            for st in (state, other):
                agent = make_agent(kind, game, seed=99, **options)
                move = agent.choose(st.observation(p), st.legal_moves())
                said.append((str(move), agent.explain(st.observation(p), move)))
            assert said[0] == said[1], (kind, seed, said)
    assert checked >= 3
