"""``cardavia play`` as a person plays it: defects found by playing every game in
the terminal, each test named after what went wrong."""
from __future__ import annotations

import os
import re

import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("rich", reason="the play extra is not installed")

import cardavia
from cardavia.play import render_text
from cardavia.play.session import _matches, help_text


def scripted(game, answers, **options):
    """A Session reading ``answers`` in turn (end of input once they run out), printing to a string."""
    import io

    from rich.console import Console

    from cardavia.play import Session

    buffer = io.StringIO()

    def read(prompt: str) -> str:
        buffer.write(prompt)
        if not answers:
            raise EOFError
        text = answers.pop(0)
        buffer.write(text + "\n")
        return text

    console = Console(file=buffer, width=80, color_system=None, force_terminal=False)
    return Session(game, console=console, read=read, delay=0, level="easy", **options), buffer


def test_a_typed_queen_plays_the_queen_and_does_not_quit():
    # "Q" (or "q") was read as 'quit' before it was read as a move: the game ended without a word
    session, out = scripted(cardavia.load("doudizhu"), ["bid 3", "Q", "quit"], seed=1)
    assert session.run() == 0
    mine = [str(e.move) for e in session.state.history if e.player == 0]
    assert mine[:2] == ["bid 3", "Q"], out.getvalue()
    # where the queen cannot be played, "q" says how to stop instead
    session, out = scripted(cardavia.load("doudizhu"), ["q", "quit"], seed=1)
    assert session.run() == 0
    assert "'quit' stops it" in out.getvalue()
    # where "q" is no move it still quits
    session, out = scripted(cardavia.load("holdem", match=False), ["q"], seed=4)
    assert session.run() == 0
    assert all(e.player != 0 for e in session.state.history)


def test_a_card_typed_twice_filters_for_two_of_it():
    # "kh kh" (a pair the person does not hold) listed the single Kh instead of saying it is not there
    assert not _matches("Kh", "kh kh")
    assert _matches("Qh Qh", "qh qh") and _matches("pair:7 7d 7d", "7d 7d")
    assert not _matches("34567", "3 3") and _matches("33", "3 3")


def test_a_tribute_return_shows_no_trick_to_beat():
    # while a card is returned, the table said "To beat: nothing: the player to move leads"
    state = cardavia.load("guandan").new_state(seed=3)
    for _ in range(2000):
        if state.observation(0)["phase"] == "return":
            break
        state.play(next(iter(state.legal_moves())))
    else:
        pytest.fail("no tribute to return")
    player = state.current_player
    text = render_text(state.observation(player), [str(m) for m in state.legal_moves()])
    assert "return" in text and "To beat" not in text and "Trick:" not in text, text


def test_asking_for_no_rule_gives_this_game_s_ids_and_the_games():
    # "? xyz" in Bridge answered "a rule id looks like DDZ-4 or DDZ-4.3"
    session, out = scripted(cardavia.load("bridge"), ["? xyz", "quit"], seed=3)
    assert session.run() == 0
    said = out.getvalue().split("your move> ? xyz\n")[1]
    assert "DDZ-4" not in said and "BR-2.1" in said and "doudizhu, guandan" in said, said


def test_the_help_does_not_offer_kinds_where_plays_are_ranks():
    # Dou Dizhu's help offered to filter by "a kind", and "pair" answered "'p' is not a rank"
    assert "a kind" not in help_text("doudizhu") and "ranks" in help_text("zhengshangyou")
    assert "(cards, a kind)" in help_text("guandan")
    session, out = scripted(cardavia.load("doudizhu"), ["bid 3", "quit"], seed=1)
    assert session.run() == 0
    assert "a kind" not in out.getvalue()


def test_the_final_score_says_the_level_as_the_table_does():
    # a Guandan match won at Ace ended with "level: 14" under the final score
    session, _ = scripted(cardavia.load("guandan", match=False), [], seed=3)
    assert session.score_value("level", 14) == "A" and session.score_value("level", 11) == "J"
    assert session.score_value("level", 7) == "7"


def test_the_wild_card_is_written_as_the_hand_writes_it():
    # at level 10 the table said "wild: 10h" while the hand and the moves wrote the card "Th"
    state = cardavia.load("guandan").new_state(seed=3)
    obs = dict(state.observation(0).data, level=10)
    text = render_text(obs)
    assert "Level: 10 (wild: Th, the hearts of the level rank)" in text, text
    assert "wild: Ah" in render_text(dict(obs, level=14))


def test_the_log_says_which_cards_came_from_dummy():
    # as the moves came the table said "You from dummy (North): 3s"; the log said "You: 3s"
    answers = ["7NT", *["1"] * 7, "log", "quit"]
    session, out = scripted(cardavia.load("bridge"), answers, seed=3)
    assert session.run() == 0
    log = out.getvalue().split("your move> log\n")[1]
    played = [row for row in log.splitlines() if re.match(r" +\d+  You", row)][1:]   # (the first: my call)
    assert played and any("You from dummy (North): " in row for row in played), log
    assert any(re.search(r"You: \w\w$", row) for row in played), log   # and those from my own hand do not


def test_a_long_number_is_not_said_back_as_another_number():
    # "#" and 25 nines was answered "no move numbered '99999999999999999999'" (20 of them)
    session, out = scripted(cardavia.load("holdem", match=False), ["#" + "9" * 25, "quit"], seed=4)
    assert session.run() == 0
    said = out.getvalue().split("your move> #")[1]
    assert "no move numbered '9999999999999999999…': the moves are numbered 1..6" in said, said


def test_the_opening_line_names_the_opening_rule():
    # the table cited ZSY-3.1 (the ranks) for the 3 of hearts, which is ZSY-2.3
    state = cardavia.load("zhengshangyou").new_state(seed=3)
    player = state.current_player
    text = render_text(state.observation(player), [str(m) for m in state.legal_moves()])
    assert "Opening: the first play must include the 3 of hearts (ZSY-2.3)" in text, text
    assert "ZSY-3.1" not in text
