"""``cardavia play`` (issue 16 part 4): the table rendered from one
observation, and the terminal game driven in a real pseudo-terminal to the
end of a deal of every game."""
from __future__ import annotations

import errno
import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("rich", reason="the play extra is not installed")

import cardavia
from cardavia import rules
from cardavia.ai.levels import LEVELS, level_agent
from cardavia.play import render_text

PROMPT = "your move> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
READ_TIMEOUT = 60.0
"""Seconds one read may wait for the program (the AI is the easy one)."""
SRC = str(Path(cardavia.__file__).resolve().parent.parent)


def single(name: str) -> cardavia.Game:
    return cardavia.load(name, match=False) if cardavia.game_class(name).plays_matches else cardavia.load(name)


class Terminal:
    """``cardavia play …`` in a pseudo-terminal: send lines, read until a
    prompt or the end, every read bounded by a timeout."""

    def __init__(self, *args: str):
        env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""), COLUMNS="120")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the CLI, its terminal the pty
            try:
                os.execve(sys.executable, [sys.executable, "-m", "cardavia.cli", "play", *args], env)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 120, 0, 0))
        self.output = ""
        self.status: int | None = None

    def read_until(self, *marks: str, timeout: float = READ_TIMEOUT) -> str:
        """Output up to the first of ``marks`` (or the end of the program)."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        while True:
            text = self.output[start:]
            if any(m in text for m in marks) or self.status is not None:
                return text
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise AssertionError(f"timed out waiting for {marks}; last output:\n{self.output[-2000:]}")
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError as e:  # EIO: the child closed the terminal
                    if e.errno != errno.EIO:
                        raise
                    chunk = b""
                if not chunk:
                    self.wait()
                    return self.output[start:]
                self.output += ANSI.sub("", chunk.decode("utf-8", "replace"))

    def prompt(self) -> str:
        """Output up to the next prompt (or the end)."""
        return self.read_until(PROMPT)

    def send(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\n")

    def send_raw(self, data: bytes) -> None:
        os.write(self.fd, data)

    def wait(self, timeout: float = READ_TIMEOUT) -> int:
        """The exit code, once what the program printed last is read too."""
        deadline = time.monotonic() + timeout
        while self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError("the program did not exit")
            self._drain(0.05)
        self._drain(0)
        return self.status

    def _drain(self, timeout: float) -> None:
        while select.select([self.fd], [], [], timeout)[0]:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # EIO: the terminal is closed
                return
            if not chunk:
                return
            self.output += ANSI.sub("", chunk.decode("utf-8", "replace"))

    def kill(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close(self) -> None:
        self.kill()
        try:
            os.close(self.fd)
        except OSError:
            pass


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def start(*args: str) -> Terminal:
        t = Terminal(*args)
        opened.append(t)
        return t

    yield start
    for t in opened:
        t.close()


def play_to_end(t: Terminal, answer: str = "1", max_turns: int = 400) -> str:
    """Answer every prompt with ``answer`` until the program ends."""
    for _ in range(max_turns):
        t.prompt()
        if t.status is not None:
            break
        t.send(answer)
    else:
        raise AssertionError(f"no end after {max_turns} moves:\n{t.output[-2000:]}")
    assert t.wait() == 0, t.output[-2000:]
    return t.output


# -- a deal of each game, to its end -----------------------------------------------
@pytest.mark.parametrize("name", cardavia.GAMES)
def test_a_deal_of_each_game_to_the_end(terminal, name):
    args = [name, "--level", "easy", "--delay", "0", "--seed", "11"]
    if cardavia.game_class(name).plays_matches:
        args.append("--no-match")
    out = play_to_end(terminal(*args))
    assert "Traceback" not in out
    assert "Your turn" in out and "Legal moves" in out
    final = re.search(r"Final score: (.*)", out)
    assert final, out[-2000:]
    returns = [int(x) for x in re.findall(r"[+-]\d+", final.group(1))]
    assert len(returns) == cardavia.load(name).num_players and sum(returns) == 0
    assert re.search(r"You (win|lose)\.|A draw for you\.", out)
    # the score's parts in words, as the web page names them: "North-South score: 140", not "ns_score: 140"
    parts = re.findall(r"^  ([^:\n]+): (.*)$", out[final.end():].split("\nThe deal:")[0], re.M)
    assert parts, out[final.end():]
    assert all("_" not in key and value.strip() not in ("True", "False", "None") for key, value in parts), parts


def test_a_typed_move_and_the_ai_moves_as_they_come(terminal):
    t = terminal("doudizhu", "--level", "easy", "--delay", "0", "--seed", "2026")
    first = t.prompt()
    assert "bid 3" in first and "Your hand:" in first
    t.send("bid 3")
    after = t.prompt()
    assert "You: bid 3" in after and "landlord" in after
    t.send("4")  # a single four, typed as ranks, or move number 4?
    assert "'4' could be move number 4" in t.prompt()
    t.send("=4")  # the play
    after = t.prompt()
    assert "You: 4" in after and re.search(r"Seat 1: \S+", after) and re.search(r"Seat 2: \S+", after)
    t.send("quit")
    assert t.wait() == 0


# -- commands ----------------------------------------------------------------------------
def test_rules_and_one_rule(terminal):
    t = terminal("zhengshangyou", "--level", "easy", "--delay", "0", "--seed", "3")
    t.prompt()
    t.send("?")
    text = t.prompt()
    assert "Zheng Shangyou" in text and "ZSY-3" in text and "[settled]" in text
    assert "DDZ-1" not in text  # this game's section only
    t.send("? DDZ-4.3")
    text = t.prompt()
    assert "DDZ-4.3 An airplane has no wings" in text and "DDZ-4.4" not in text
    t.send("? bridge")
    assert "BR-3 Auction" in t.prompt()
    t.send("? XYZ-99")
    assert "no rule XYZ-99" in t.prompt()
    t.send("quit")
    assert t.wait() == 0


def test_a_bad_move_names_the_rule_and_asks_again(terminal):
    t = terminal("doudizhu", "--level", "easy", "--delay", "0", "--seed", "2026")
    t.prompt()
    t.send("bid 3")
    t.prompt()
    t.send("pass")  # the leader cannot pass
    text = t.prompt()
    assert "not played: the leader cannot pass (DDZ-3.1)" in text
    t.send("bid 9")
    assert "not played" in t.prompt()
    t.send("1")  # still the same turn: the move is played now
    assert "You: 4" in t.prompt()
    t.send("quit")
    assert t.wait() == 0


def test_hint_shows_the_move_and_plays_nothing(terminal):
    t = terminal("doudizhu", "--level", "easy", "--delay", "0", "--seed", "2026")
    t.prompt()
    t.send("bid 3")
    t.prompt()
    t.send("hint")
    text = t.prompt()
    hint = re.search(r"hint: (\S+) — what the heuristic AI plays here", text)
    assert hint, text
    assert "You:" not in text  # nothing was played
    t.send("=" + hint.group(1))
    assert f"You: {hint.group(1)}" in t.prompt()
    t.send("quit")
    assert t.wait() == 0


def test_undo_takes_back_my_move_and_the_ai_moves_after_it(terminal):
    t = terminal("doudizhu", "--level", "easy", "--delay", "0", "--seed", "2026")
    t.prompt()
    t.send("undo")
    assert "nothing to undo" in t.prompt()
    t.send("bid 3")
    t.prompt()
    t.send("1")
    played = t.prompt()
    assert "You: 4" in played and "Seat 1:" in played
    t.send("undo")
    text = t.prompt()
    assert "undone: 3 moves taken back" in text
    t.send("table")
    assert "To beat: nothing" in t.prompt()  # my lead again, as before the 4
    t.send("log")
    log = t.prompt()
    assert "You: bid 3" in log and "You: 4" not in log
    t.send("#1")  # the same move again: the seeded AI answers as before
    again = t.prompt()
    moves = played.split("Dou Dizhu")[0].strip().splitlines()[1:]  # past the echo of what was typed
    assert again.split("Dou Dizhu")[0].strip().splitlines()[1:] == moves
    t.send("quit")
    assert t.wait() == 0


def test_a_filter_narrows_the_guandan_moves(terminal):
    t = terminal("guandan", "--no-match", "--level", "easy", "--delay", "0", "--seed", "3")
    text = t.prompt()
    count = int(re.search(r"Legal moves \((\d+)\)", text).group(1))
    assert count > 200 and "more: 'more' for the next page" in text
    t.send("bomb")
    text = t.prompt()
    listed = re.findall(r"^\s+(\d+)\s+(\S+)", text, re.M)
    assert "matching 'bomb'" in text and listed and all("bomb" in m for _, m in listed)
    t.send("more")
    assert re.search("Legal moves|the last page", t.prompt())
    t.send(listed[0][0])  # numbers keep their place in the whole list
    assert "You: bomb" in t.prompt()
    t.send("quit")
    assert t.wait() == 0


def test_eof_and_ctrl_c_exit_cleanly(terminal):
    t = terminal("bridge", "--level", "easy", "--delay", "0", "--seed", "1")
    t.prompt()
    time.sleep(0.3)  # readline is reading (a Ctrl-D typed ahead of it is not an end of input)
    t.send_raw(b"\x04")  # Ctrl-D: end of input
    assert t.wait() == 0
    assert "Traceback" not in t.output
    # Ctrl-C stops it even when started by a process that ignores SIGINT
    # (which the child inherits across exec).
    import signal
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        t = terminal("bridge", "--level", "easy", "--delay", "0", "--seed", "1")
    finally:
        signal.signal(signal.SIGINT, previous)
    t.prompt()
    # As for Ctrl-D: CPython's readline loses a SIGINT that lands before it
    # blocks reading (the prompt is printed first), until the next key.
    time.sleep(0.3)
    t.send_raw(b"\x03")  # Ctrl-C
    assert t.wait() == 130
    assert "Traceback" not in t.output and "interrupted" in t.output


def test_a_match_prompts_between_deals(terminal):
    t = terminal("updown", "--level", "easy", "--delay", "0", "--seed", "5")
    for _ in range(60):
        text = t.read_until(PROMPT, "Enter for deal")
        if "Enter for deal 2" in text:
            break
        t.send("1")
    else:
        raise AssertionError(t.output[-2000:])
    assert "— deal 1 is over —" in text and "chips:" in text
    t.send("quit")
    assert t.wait() == 0


# -- the command line ----------------------------------------------------------------------
def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "cardavia.cli", *args], capture_output=True, text=True,
                          env=env, timeout=120, stdin=subprocess.DEVNULL)


def test_bad_options_are_one_line_errors():
    for args, message in [(["play", "chess"], "unknown game 'chess'"),
                          (["play", "doudizhu", "--no-match"], "played as single deals"),
                          (["play", "doudizhu", "--seat", "3"], "seats 0..2"),
                          (["play", "doudizhu", "--delay", "2"], "must be one of 0, 0.4, 1"),
                          (["play", "doudizhu", "--level", "expert"], "invalid choice")]:
        r = run_cli(*args)
        assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)


def test_piped_input_plays_without_a_terminal():
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "cardavia.cli", "play", "updown", "--no-match", "--level", "easy",
                        "--delay", "0", "--seed", "2"], input="1\n" * 40, capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0 and "Final score:" in r.stdout
    assert "\x1b[" not in r.stdout  # no colour codes when the output is not a terminal


def test_the_cli_package_does_not_import_rich():
    code = "import sys, cardavia.cli as c; c.build_parser(); print('rich' in sys.modules)"
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.stdout.strip() == "False", r.stderr


def test_a_missing_rich_is_named(tmp_path):
    (tmp_path / "rich").mkdir()
    (tmp_path / "rich" / "__init__.py").write_text("raise ImportError('no rich here')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), SRC, os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, "-m", "cardavia.cli", "play", "doudizhu"], capture_output=True,
                       text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and "install 'cardavia[play]'" in r.stderr


# -- render: the observation only --------------------------------------------------------
def _walk(state, steps: int, seed: int = 0):
    for i in range(steps):
        if state.is_over:
            break
        state.play(state.legal_moves().sample(seed + i))
    return state


@pytest.mark.parametrize("name", cardavia.GAMES)
def test_render_reads_only_the_observation(name):
    """Two states seat 0 cannot tell apart (the same observation, other hidden
    cards) draw the same text."""
    game = single(name)
    for steps in (0, 7, 25):
        state = _walk(game.new_state(seed=4), steps)
        if state.is_over:
            continue
        other = state.resample(0, 99)
        assert other.observation(0) == state.observation(0)
        hidden = [p for p in range(game.num_players) if p != 0 and other.hand(p) != state.hand(p)]
        assert hidden, "the resampled world should differ somewhere seat 0 cannot see"
        legal = [str(m) for m in state.legal_moves()] if state.current_player == 0 else None
        other_legal = [str(m) for m in other.legal_moves()] if other.current_player == 0 else None
        assert render_text(state.observation(0), legal) == render_text(other.observation(0), other_legal)


@pytest.mark.parametrize("name", cardavia.GAMES)
def test_render_shows_my_hand_and_the_game_s_own_touches(name):
    game = single(name)
    state = _walk(game.new_state(seed=6), 12)
    obs = state.observation(0)
    text = render_text(obs, [str(m) for m in state.legal_moves()] if state.current_player == 0 else None)
    assert game.title in text and "Your hand:" in text and "(you)" in text
    hand = list(obs["hand"])
    if name == "updown" and obs["is_over"]:
        hand.remove(obs["locked"])   # revealed and discarded: the duel's other card is what is kept
    if name != "bridge":  # bridge shows the hand by suit
        assert "Your hand: " + " ".join(hand) in text
    touches = {"doudizhu": ["Landlord:", "Bottom cards:"], "guandan": ["Level:", "Trick:"],
               "zhengshangyou": ["To beat:"], "shengji": ["trump", "Kitty:", "Points:"],
               "holdem": ["Board:", "Pot:", "blinds 10/20"], "updown": ["Signals:", "Locked:"],
               "bridge": ["Auction:", "Dealer:"]}[name]
    for touch in touches:
        assert touch in text, (touch, text)
    if state.current_player == 0:
        assert "Legal moves" in text


def test_render_bridge_dummy_after_the_opening_lead():
    state = cardavia.load("bridge").new_state(seed=1)
    for call in ("1NT", "pass", "pass", "pass"):
        state.play(call)
    assert "Dummy" not in render_text(state.observation(0))
    state.play(state.legal_moves()[0])  # West leads; North is dummy
    text = render_text(state.observation(0))
    assert "Dummy (North)" in text and "Contract: 1NT · by South" in text


# -- the rulebook and the levels ---------------------------------------------------------
def test_rules_by_game_and_by_id():
    assert rules.games() == list(cardavia.GAMES)
    for name in cardavia.GAMES:
        assert f"`{name}`" in rules.section(name).splitlines()[0]
    assert rules.rule("DDZ-3.5").startswith("DDZ-3.5 The rocket")
    assert rules.rule("gd-1").startswith("GD-1 Objective.") and "- 1.2" in rules.rule("GD-1")
    with pytest.raises(ValueError, match="no rule DDZ-4.9"):
        rules.rule("DDZ-4.9")
    with pytest.raises(ValueError, match="a rule id looks like"):
        rules.rule("airplane")
    with pytest.raises(ValueError, match="no section"):
        rules.section("chess")
    shipped = Path(rules.__file__).parent / "data" / "RULES.md"
    assert shipped.read_text(encoding="utf-8") == rules.text()


def test_the_levels_are_the_web_s():
    from cardavia.ai.bridge_play import DEFAULT_NODES, DEFAULT_SAMPLES
    from cardavia.ai.ismcts import DEFAULT_ITERATIONS
    from cardavia.ai.mc import default_rollouts

    assert level_agent("easy", single("doudizhu")) == ("heuristic", {})
    # ismcts where the arena found it stronger than mc, mc elsewhere; normal at a fifth of the budget
    assert level_agent("normal", single("doudizhu")) == ("ismcts", {"iterations": DEFAULT_ITERATIONS // 5})
    assert level_agent("hard", single("zhengshangyou")) == ("ismcts", {})
    assert level_agent("normal", single("guandan")) == ("mc", {"rollouts": default_rollouts("guandan") // 5})
    assert level_agent("hard", single("guandan")) == ("mc", {})
    # Bridge's card play solves sampled deals (``samples``, ``nodes``): rollouts would leave normal as hard
    assert level_agent("normal", single("bridge")) == ("mc", {"samples": DEFAULT_SAMPLES // 5,
                                                              "nodes": DEFAULT_NODES // 5})
    # one default for a person in the terminal and on the web: the Monte Carlo AI, not rules of thumb
    from cardavia.ai.levels import DEFAULT_LEVEL
    from cardavia.cli import build_parser

    args = build_parser().parse_args(["play", "doudizhu"])
    assert args.level == DEFAULT_LEVEL == "normal" and level_agent(args.level, single("doudizhu"))[0] == "ismcts"
    choices = next(a.choices for a in build_parser()._subparsers._group_actions[0].choices["play"]._actions
                   if a.dest == "level")
    assert tuple(choices) == tuple(LEVELS)
    try:
        from cardavia.web import app
    except ImportError:
        return
    assert app.LEVELS is LEVELS


# -- the session without a terminal: scripted answers --------------------------------------
def scripted(game, answer, **options):
    """A Session whose every prompt is answered by ``answer(prompt)`` (None:
    end of input), printing to a string."""
    import io

    from rich.console import Console

    from cardavia.play import Session

    buffer = io.StringIO()

    def read(prompt: str) -> str:
        buffer.write(prompt)
        text = answer(prompt)
        if text is None:
            raise EOFError
        buffer.write(text + "\n")
        return text

    console = Console(file=buffer, width=120, color_system=None, force_terminal=False)
    return Session(game, console=console, read=read, delay=0, **options), buffer


def test_a_match_keeps_undo_and_log_within_the_deal():
    in_deal_two: list[str] = []

    def answer(prompt: str) -> str | None:
        if prompt.startswith("Enter for deal 2"):
            in_deal_two.extend(["undo", "log", "quit"])
            return ""
        return in_deal_two.pop(0) if in_deal_two else "1"

    session, out = scripted(cardavia.load("updown"), answer, level="easy", seed=5)  # a match
    assert session.run() == 0
    deal_two = out.getvalue().split("Enter for deal 2")[1]
    assert "— deal 1 is over —" in out.getvalue()
    assert "undo stays within the current deal of a match" in deal_two
    log = deal_two.split("log of deal 2:")[1]
    assert "deal 2: Seat 1 starts" in log and "deal 1:" not in log


def test_the_ais_reasons_from_their_own_cards_are_not_printed_to_the_person():
    # An AI's bid comes with its chance as landlord (mc.explain), which would tell my seat how strong
    # its hand is: the terminal prints only what a call shows by a system (Bridge), never those.
    game = cardavia.load("doudizhu")
    seed = next(s for s in range(50) if game.new_state(seed=s).current_player != 0)
    answers = ["quit"]
    session, out = scripted(game, lambda prompt: answers.pop(0), level="normal", seed=seed)
    assert session.run() == 0
    text = out.getvalue()
    assert re.search(r"Seat \d: (bid \d|pass)", text), text
    assert "sampled deals" not in text and session.explanations == {}
    assert session.withheld   # kept for the end of the deal
    # played to the end, the deal's last lines give them, each with its move
    session, out = scripted(game, lambda prompt: "1", level="normal", seed=seed)
    assert session.run() == 0 and session.state.is_over
    text = out.getvalue()
    before, after = text.split("Why the AIs played as they did:")
    assert "sampled deals" not in before and "Final score" in before
    bid = r"^  Seat \d +(bid \d|pass) +Wins (only )?\d+% of 600 sampled deals as landlord"
    assert re.search(bid, after, re.M), after
    assert "Searched over 600 sampled deals" in after and session.withheld == {}


def test_hint_of_the_normal_level_is_the_search():
    answers = ["bid 3", "hint", "hint", "quit"]
    session, out = scripted(cardavia.load("doudizhu"), lambda prompt: answers.pop(0), level="normal", seed=2026)
    assert session.run() == 0
    hints = re.findall(r"hint: (\S+) — ismcts searched (\d+) iterations: (\d+) visits", out.getvalue())
    assert len(hints) == 2 and hints[0] == hints[1]  # seeded: asked twice, the same answer
    assert len(session.state.history) == 1  # a hint plays nothing
    # a bid is not searched by the tree: the hint gives the chance as landlord it is made by
    answers = ["hint", "quit"]
    session, out = scripted(cardavia.load("doudizhu"), lambda prompt: answers.pop(0), level="normal", seed=2026)
    assert session.run() == 0
    assert re.search(r"hint: (pass|bid \d) — what the ismcts AI plays here: Wins (only )?\d+% of 600 sampled "
                     r"deals as landlord", out.getvalue()), out.getvalue()
    answers = ["hint", "quit"]
    session, out = scripted(cardavia.load("guandan", match=False), lambda prompt: answers.pop(0), level="normal",
                            seed=3)
    assert session.run() == 0
    assert re.search(r"hint: .+ — mc played (\d+) candidates out in (\d+) worlds each", out.getvalue())


JUNK = ["", "   ", "#", "#0", "=", "= ", "0", "-1", "1e3", "²", "♠", "?", "? ", "? BR-99", "?DDZ", "more", "more",
        "x" * 500, "pass pass", "bid", "raise -5", "raise 99999999", "lock", "declare", "bury", "return",
        "single:", "7NTXX", "Ah Ah Ah", "\x1b[A", "undo", "log", "help", "table"]


@pytest.mark.parametrize("name", cardavia.GAMES)
def test_junk_input_never_breaks_a_deal(name):
    """Every prompt first gets a piece of junk, then move 1: the deal still
    ends normally, every refusal a message."""
    turn = {"n": 0}

    def answer(prompt: str) -> str:
        turn["n"] += 1
        return JUNK[turn["n"] // 2 % len(JUNK)] if turn["n"] % 2 else "1"

    session, out = scripted(single(name), answer, level="easy", seed=8)
    assert session.run() == 0
    assert "Final score:" in out.getvalue()


def bridge_deal(first_call: str):
    """A Bridge deal (seed 3, South) that opens with ``first_call`` and then answers "1" to
    every prompt: the session and what it printed."""
    answers = [first_call]
    session, out = scripted(cardavia.load("bridge"), lambda prompt: answers.pop(0) if answers else "1",
                            level="easy", seed=3)
    assert session.run() == 0
    return session, out.getvalue()


def test_bridge_declarer_plays_dummy_s_cards():
    _, text = bridge_deal("7NT")
    assert "Contract: 7NT · by South · dummy North" in text
    assert "Your turn — play from dummy (North)" in text and "You from dummy (North):" in text
    assert "Final score:" in text


def test_a_finished_bridge_deal_is_set_against_its_double_dummy_par():
    session, text = bridge_deal("7NT")
    review = session.state.review()
    north = " ".join(c[:-1] for c in review["hands"][2] if c.endswith("s"))
    assert re.search(r"The deal:\n  North: ♠ " + north + "  ♥", text)
    dd = text.split("Double dummy: the tricks each seat would take as declarer, every card seen")[1]
    assert re.search(r"North\s+East\s+South\s+West", dd.splitlines()[1])
    assert re.search(r"NT\s+" + r"\s+".join(map(str, review["dd"][4])), dd)
    assert f"Par: {review['par']['text']}" in text
    r = review["result"]
    assert f"Played: 7NT by South, {r['tricks']} tricks taken ({r['dd_tricks']} double dummy)" in text
    assert "  declarer: You\n" in text   # the score's seats by name, not number
    imps = r["imps"]
    assert f"Against par: {imps:+d} IMP{'' if abs(imps) == 1 else 's'} for North-South" in text


def test_bridge_calls_show_why_and_how_the_ais_read_mine():
    # issue 14 part 2 in the terminal: each AI call with its explanation, my own as the system reads it
    from cardavia.ai.bridge_bidding import explain, render
    session, text = bridge_deal("1NT")
    history = session.state.history
    mine = next(i for i, e in enumerate(history) if e.player == session.seat)
    auction = [str(e.move) for e in history[:mine]]
    assert f"You: 1NT  (read as: {render(*explain(auction, '1NT'))})" in text
    assert re.search(r"\d+  1NT  15–17 points, balanced\n", text)   # the list says what each call would show
    ai_calls = [i for i, e in enumerate(history) if e.player not in (session.seat, -1) and i < mine + 4
                and str(e.move)[0].isdigit()]
    assert all(i in session.explanations for i in ai_calls)
    assert re.search(r"(West|East|North)[^:\n]*: \S+  \(\S", text), text[:3000]
    answers = ["hint", "quit"]   # the easy level's hint in the auction is the system's call, with its meaning
    session, out = scripted(cardavia.load("bridge"), lambda prompt: answers.pop(0), level="easy", seed=3)
    assert session.run() == 0
    assert "hint: pass — what the heuristic AI plays here: no opening: at most 11 points" in out.getvalue()
    answers = ["hint", "quit"]   # the normal level's too: its calls are the system's, not the playouts'
    session, out = scripted(cardavia.load("bridge"), lambda prompt: answers.pop(0), level="normal", seed=3)
    assert session.run() == 0
    assert "hint: pass — what the mc AI plays here: no opening: at most 11 points" in out.getvalue()


# -- what a person reads: seats by name, the words of the moves, one deal after another ----------
def test_chance_entries_name_their_seats_as_the_table_does():
    # "win 2: 243", "player 2 leads", "deal ends: order 2 1 3 0; team 0 up 1" were printed as the engines write them
    import random

    from cardavia.play.render import chance_text, seat_names

    raw_seat = re.compile(r"\b(player|players|seat|team) \d|^(win|show|return|reveal|result:) \d|order \d|starter \d")
    seen = 0
    for name in ("doudizhu", "guandan", "shengji", "holdem", "updown"):
        game = cardavia.load(name)
        for seed in range(3):
            rng, state = random.Random(seed), game.new_state(seed=seed)
            for _ in range(3000):
                if state.is_over:
                    break
                state.play(state.legal_moves().sample(rng))
            names = seat_names(name, game.num_players, 1)
            for player, move in state.history:
                if player == -1:
                    seen += 1
                    text = chance_text(str(move), names)
                    assert not raw_seat.search(text), (str(move), text)
    assert seen > 50
    names = seat_names("guandan", 4, 0)
    assert chance_text("player 2 leads", names) == "Seat 2 (partner) leads"
    ended = ("deal ends: order Seat 2 (partner), Seat 1, Seat 3, Seat 0 (you); "
             "Seat 0 (you) and Seat 2 (partner) go up 1 level")
    assert chance_text("deal ends: order 2 1 3 0; team 0 up 1", names) == ended
    assert chance_text("win 2: 243", seat_names("holdem", 4, 0)) == "Seat 2 wins 243 chips"
    # a level is written as the table writes it: 10, not the engine's T
    assert chance_text("deal 4 at level T", seat_names("guandan", 4, 0)) == "deal 4 at level 10"
    assert chance_text("flop 9h Kd Ad", names) == "flop 9h Kd Ad"   # nothing to name: as written


def hold_em_to_hand_two(*then: str):
    """A Hold'em match (seed 4) folded to its second hand, then ``then`` answered: what it printed."""
    answers = list(then)

    def answer(prompt: str) -> str:
        if prompt.startswith("Enter for"):
            answers.insert(0, prompt)
            return ""
        if answers and answers[0].startswith("Enter for"):
            return answers.pop(1) if len(answers) > 1 else "quit"
        return "1"

    session, out = scripted(cardavia.load("holdem"), answer, level="easy", seed=4)
    assert session.run() == 0
    return out.getvalue()


def test_a_new_hand_is_shown_once_the_last_one_is_over():
    # the next hand's opening entry came before "— deal 1 is over —", and its log began with the last hand's end
    text = hold_em_to_hand_two("log", "quit")
    over = text.index("— hand 1 is over —")
    assert text.index("Enter for hand 2") > over
    assert text.index("· hand 2: button") > text.index("Enter for hand 2")
    assert "· win " not in text and "Seat 0 (you) wins" not in text.split("hand 2: button")[0][-50:]
    log = text.split("log of hand 2:\n")[1]
    assert log.startswith("   1  · hand 2: button Seat 1, small blind Seat "), log


def test_an_overlong_line_is_refused_not_cut():
    # the line was cut to its first 200 characters, which here read as "fold"
    answers = ["fold" + " " * 250 + "no, call", "quit"]
    session, out = scripted(cardavia.load("holdem", match=False), lambda prompt: answers.pop(0), level="easy", seed=4)
    assert session.run() == 0
    assert "that line is 262 characters long; a move or command is at most 200" in out.getvalue()
    assert all(e.player != session.seat for e in session.state.history)   # nothing was played


def test_a_bare_hash_asks_for_a_number():
    answers = ["#", "quit"]
    session, out = scripted(cardavia.load("holdem", match=False), lambda prompt: answers.pop(0), level="easy", seed=4)
    assert session.run() == 0
    assert "a number goes after '#': the moves are numbered 1..6" in out.getvalue()
    assert "no move numbered ''" not in out.getvalue()


def test_the_betting_line_uses_the_words_of_the_moves():
    # "to call 0 · raise to 20..950" while the moves were "check" and "bet 20"
    state = cardavia.load("holdem", match=False).new_state(seed=4)
    while state.observation(state.current_player)["street"] == "preflop":
        state.play("call" if "call" in [str(m) for m in state.legal_moves()] else "check")
    player = state.current_player
    text = render_text(state.observation(player), [str(m) for m in state.legal_moves()])
    assert "bet 20" in text and "You: nothing to call · bet 20..980" in text, text
    state = cardavia.load("holdem", match=False).new_state(seed=4)
    preflop = render_text(state.observation(state.current_player))
    assert "You: to call 20 · raise to 40..1000" in preflop


def test_trump_and_teams_in_words():
    # "trump H", "trump: H" and "team 0+2 at 2 · team 1+3 at 2" (a line longer than 80 columns in Guandan)
    from cardavia.play import Session

    state = cardavia.load("shengji", match=False).new_state(seed=4)
    while state.observation(0).get("trump") is None:
        state.play(state.legal_moves().sample(1))
    text = render_text(state.observation(0), width=80)
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trump"}
    assert f"trump {suit[state.observation(0)['trump']]}" in text
    assert "Teams: Seat 0 (you) and Seat 2 (partner) at 2 · Seat 1 and Seat 3 at 2\n" in text
    session = Session(cardavia.load("shengji", match=False), delay=0)
    assert session.score_value("trump", "H") == "hearts" and session.score_value("trump", "NT") == "no trump"
    text = render_text(cardavia.load("guandan", match=False).new_state(seed=4).observation(0), width=80)
    assert "Level: 2 (wild: 2h, the hearts of the level rank)\n" in text and "team 0+2" not in text


def test_the_dummy_s_cards_played_from_my_hand_say_so():
    # my partner declares (seed 4): his cards from dummy came "from dummy (South)", South being me
    answers = ["pass", "pass"]
    session, out = scripted(cardavia.load("bridge"), lambda prompt: answers.pop(0) if answers else "1", level="easy",
                            seed=4)
    assert session.run() == 0
    text = out.getvalue()
    assert "Contract: 1H · by North · dummy South" in text
    assert "North (partner) from dummy (your hand): " in text and "from dummy (South)" not in text
    assert "Against par: -13 IMPs for North-South" in text
    from cardavia.play.render import render_review, seat_names, to_text
    review = to_text(render_review(session.state.review(), seat_names("bridge", 4, 1), 1))
    assert "Against par: +13 IMPs for East-West" in review


def test_the_help_gives_examples_from_this_game():
    # Bridge's help offered "'? DDZ-4.3' one rule, '? bridge' another game's"
    answers = ["help", "quit"]
    session, out = scripted(cardavia.load("bridge"), lambda prompt: answers.pop(0), level="easy", seed=3)
    assert session.run() == 0
    text = " ".join(out.getvalue().split())   # (as one line: the help wraps)
    assert "'? BR-2.1' one rule, '? doudizhu' another game's" in text and "DDZ" not in text
    assert rules.rule("BR-2.1").startswith("BR-2.1 ")


def test_a_revealed_kitty_is_not_shown_as_the_buried_one():
    # after four passes the kitty is shown and taken up (SJ-2.6); "Kitty: 2d 4s …" read as the cards buried
    state = cardavia.load("shengji", match=False).new_state(seed=4)
    while state.observation(3)["phase"] != "play":
        state.play(state.legal_moves()[0])   # everyone passes: the kitty is revealed, the dealer buries 8
    kitty = state.observation(3)["kitty"]
    text = render_text(state.observation(3))
    assert f"Kitty: 8 cards, face down · revealed when all passed: {kitty}" in text


# -- rough edges of a second review -------------------------------------------------------------
def test_dou_dizhu_s_jokers_are_named_where_the_moves_write_them_b_and_r():
    # the moves "B", "R", "BR" were listed with nothing saying they were the jokers BJ and RJ of the hand
    state = cardavia.load("doudizhu").new_state(seed=11)
    rng = random.Random(11)
    while state.current_player != 0 or state.observation(0)["phase"] != "play":
        state.play(state.legal_moves().sample(rng))
    legal = [str(m) for m in state.legal_moves()]
    assert {"B", "R", "BR", "999B"} <= set(legal)   # the syntax is unchanged
    text = render_text(state.observation(0), legal)
    assert re.search(r"Your hand: .* BJ RJ  \(in moves: B = BJ, R = RJ\)\n", text), text
    moves = "\n".join(render_text(state.observation(0), legal[start:]) for start in range(0, len(legal), 24))
    assert re.search(r"\d+  B  B: the black joker\n", moves) and re.search(r"\d+  R  R: the red joker\n", moves)
    assert re.search(r"\d+  BR  the rocket: both jokers\n", moves)
    assert re.search(r"\d+  999B  B: the black joker\n", moves) and re.search(r"\d+  33\n", moves)
    # the session's list too, and a joker as it is played
    answers = ["B", "quit"]
    session, out = scripted(cardavia.load("doudizhu"), lambda prompt: answers.pop(0), level="easy", seed=11)
    session.state = state
    assert session.run() == 0
    text = out.getvalue()
    assert re.search(r"\d+  B  B: the black joker\n", text) and "  You: B  (B: the black joker)\n" in text


def test_an_ai_s_hidden_burial_is_said_in_one_line():
    # Shengji printed eight "Seat 0: bury ?" lines in a row when an AI dealer buried the kitty
    game = cardavia.load("shengji", match=False)
    answers: list[str] = []

    def answer(prompt: str) -> str:
        if session.observation()["phase"] == "play" and not answers:
            answers.extend(["log", "quit"])
        return answers.pop(0) if answers else "pass"

    session, out = scripted(game, answer, seat=1, level="easy", seed=4)   # an AI deals and buries
    assert session.run() == 0
    text = out.getvalue()
    assert "bury ?" not in text
    before_log, log = text.split("log of deal 1:")
    assert len(re.findall(r"^  Seat [023]( \(partner\))?: buries 8 cards\n", before_log, re.M)) == 1
    assert re.search(r"^ +\d+  Seat [023]( \(partner\))?: buries 8 cards\n", log, re.M)


def test_a_shengji_match_shows_every_deal_s_moves_and_its_log():
    # Shengji's observation keeps only the current deal's history: from deal 2 on no move was printed,
    # nor the kitty and result ending deal 1, and the log between deals had nothing
    answers: list[str] = []

    def answer(prompt: str) -> str:
        if prompt.startswith("Enter for deal 3"):
            return "quit"
        if prompt.startswith("Enter for deal 2"):
            answers.extend(["log", ""])
        return answers.pop(0) if answers else "1"

    session, out = scripted(cardavia.load("shengji"), answer, level="easy", seed=4)
    assert session.run() == 0
    text = out.getvalue()
    log = text.split("log of deal 1:")[1].split("Enter for deal 2")[0]
    deal_two = text.split("Enter for deal 2")[-1].split("Enter for deal 3")[0]
    assert "· deal 1: level 2" in log and "· result: the attackers took" in log and "buries 8 cards" in log
    assert "  · kitty " in text.split("— deal 1 is over —")[0]
    assert "  · deal 2: level" in deal_two and "buries 8 cards" in deal_two
    assert "— deal 2 is over —" in deal_two


def _to_the_end(name: str, seed: int):
    state = single(name).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.play(state.legal_moves().sample(rng))
    return state


def test_a_finished_deal_shows_what_is_true_at_its_end():
    # "Trick: none yet" after a Shengji deal; the pot and the bets of a hand paid out; the duel's locked card in hand
    state = _to_the_end("shengji", 4)
    text = render_text(state.observation(0))
    result = state.observation(0)["results"][-1]
    assert "Trick:" not in text and "80 to win" not in text
    assert (f"Points: attackers {result['attacker_points']} ({result['card_points']} in tricks + kitty "
            f"{result['kitty_points']} ×{result['kitty_multiplier']})") in text
    state = _to_the_end("holdem", 4)
    obs = state.observation(0)
    text = render_text(obs)
    header = text.splitlines()[1]
    assert "chips" in header and "bet" not in header
    wins = [m for p, m in obs["history"] if p == -1 and m.startswith("win ")]
    assert wins and re.search(r"Pot: paid out · Seat \d( \(you\))? wins \d+ chips · blinds 10/20", text), text
    state = _to_the_end("updown", 4)
    obs = state.observation(0)
    text = render_text(obs)
    kept = list(obs["hand"])
    kept.remove(obs["locked"])
    assert f"Your hand: {kept[0]}\n" in text and f"Locked: yours {obs['locked']}" in text
    assert "bet" not in text.splitlines()[1] and "Pot: paid out · Seat 0 (you) wins" in text
    for name in ("doudizhu", "zhengshangyou", "guandan"):   # nothing is left to beat, no trick goes on
        text = render_text(_to_the_end(name, 4).observation(0))
        assert "To beat:" not in text and "Trick:" not in text, text
    state = _to_the_end("bridge", 4)
    assert state.observation(0)["contract"] and "Dummy" not in render_text(state.observation(0))  # (no cards left)


def test_between_deals_log_help_and_unknown_text_ask_again_and_quit_gives_the_standing():
    # any text there meant "next deal", '?' and 'log' too; quitting there said nothing of the match
    answers = ["?", "help", "log", "deal please", "quit"]

    def answer(prompt: str) -> str:
        return answers.pop(0) if prompt.startswith("Enter for deal 2") else "1"

    session, out = scripted(cardavia.load("updown"), answer, level="easy", seed=5)
    assert session.run() == 0
    text = out.getvalue()
    assert text.count("Enter for deal 2") == 5 and "Enter for deal 3" not in text
    between = text.split("— deal 1 is over —")[1]
    assert "UD-1 Objective" in between
    assert ("between deals: Enter plays the next deal · 'log' the deal just over · '?' the rules, "
            "'? UD-2.1' one rule · 'quit' stops the match") in " ".join(between.split())
    log = between.split("log of deal 1:\n")[1]
    assert log.startswith("   1  · deal 1: ") and "lock" in log and "· deal 2" not in log
    assert "'deal please' is not a command between deals" in between
    chips = session.observation()["start_stacks"]
    assert sum(chips) == 40   # as deal 1 left them, before deal 2's antes
    assert between.endswith(f"Match stopped after 1 deal:\n  chips: You {chips[0]} · Seat 1 {chips[1]}\n")


def test_the_header_is_single_spaced():
    # "Contract Bridge  · auction  · Your turn"
    text = render_text(cardavia.load("bridge").new_state(seed=1).observation(0))
    assert text.startswith("Contract Bridge · auction · Your turn\n"), text
    text = render_text(_to_the_end("updown", 4).observation(0))
    assert text.startswith("Up/Down duel · deal 1 · over\n"), text   # not "· settled · over"
