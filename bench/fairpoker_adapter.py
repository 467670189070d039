"""fairpoker's Hard bot (``HardBot``, fairpoker 1.2.0) at Cardavia's Hold'em
table (bench extra; never a runtime dependency).

fairpoker installs top-level modules named ``game``, ``ui``, ``utils`` and
``main``, so it never enters this process: ``FairpokerProcess`` installs it
into a directory of its own (``CARDAVIA_FAIRPOKER_DIR``, else
``~/.cache/cardavia``, by ``pip install --target``; reused once there) and
runs ``fairpoker_child.py`` in an isolated interpreter (``-I -S``: no
site-packages) that answers JSON lines.  Its format is Cardavia's: 4 seats,
1000 chips, blinds 10/20.

``FairpokerAgent`` builds the bot's ``get_action(game_state)`` input from
the seat's observation alone:

- ``hole_cards``, ``community_cards``: fairpoker ``Card(rank 2-14, suit name)``;
- ``chips``: the seat's chips behind; ``current_bet`` (the bot's): its bet
  this round; ``current_bet`` (the table's): the highest bet this round;
- ``pot``: every chip in, this round's bets included (as fairpoker counts it);
- ``min_raise``: the smallest raise increment (lowest legal total minus the
  highest bet), the big blind when no raise is legal;
- ``phase``: the street; ``opponent_stack``: the largest stack behind among
  the other seats still in the hand;
- ``position``: fairpoker's ``IP``/``OOP`` is heads-up: ``IP`` acts last in
  the betting round (``BotBase.get_position``: the button before the flop is
  OOP, after it IP).  Four-handed the same notion: ``IP`` when no other seat
  still in the hand with chips to bet comes after this one in the round's
  order (before the flop from the seat after the big blind, after it from
  the seat after the button), else ``OOP``.

Its answer ``(action, amount)`` maps to a legal Cardavia move.  A raise
``amount`` is chips to raise BY, beyond the call (``PokerGame.process_action``
calls, then bets ``min(amount, chips left)``), so its total is the highest
bet plus that, capped at all in as fairpoker's own table caps it.  Answers
that need correcting are counted in ``FairpokerAgent.corrections`` by what
was wrong: a fold with nothing to call (TH-3.1: check), a call with nothing
to call (check), a raise where none is legal (call, else check), a total
outside the legal range (clamped into it).

Every hand gets a fresh HardBot (it keeps statistics on its opponents), and
before each decision the child's ``random.seed`` is set from the agent's
seed, the hand's number and the seat's moves so far in the hand: the bot's
decisions are a function of the agent's seed and the observation, so a
replay of a deck replays them, even with several fairpoker seats sharing
the child.

    from fairpoker_adapter import register
    register()            # then "fairpoker" is an agent name in this process
                          # and in the workers it forks

    python bench/fairpoker_adapter.py arena holdem -a fairpoker,heuristic -n 4
"""
from __future__ import annotations

import atexit
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from cardavia._core.rng import derive_seed
from cardavia.ai import Agent, register_agent
from cardavia.holdem import BetMove

VERSION = "1.2.0"
CHILD = Path(__file__).resolve().parent / "fairpoker_child.py"
_SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
_RANKS = {r: v for v, r in enumerate("23456789TJQKA", start=2)}
_PHASES = {"preflop": "PRE_FLOP", "flop": "FLOP", "turn": "TURN", "river": "RIVER"}


class FairpokerUnavailable(OSError):
    """fairpoker could not be installed (no network, no pip); an OSError, so
    ``cardavia`` commands report it as an error, not a traceback."""


def cache_dir() -> Path:
    """Where fairpoker is installed: ``CARDAVIA_FAIRPOKER_DIR``, else the user's cache."""
    given = os.environ.get("CARDAVIA_FAIRPOKER_DIR")
    if given:
        return Path(given)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardavia"


def install(base: Path | None = None) -> Path:
    """The directory holding fairpoker 1.2.0, installed there on first use."""
    base = base or cache_dir()
    target = base / f"fairpoker-{VERSION}"
    if (target / "game" / "bot" / "hard.py").is_file():
        return target
    base.mkdir(parents=True, exist_ok=True)
    # Installed beside, then renamed: workers starting at once never see half an install.
    work = Path(tempfile.mkdtemp(prefix=f".fairpoker-{VERSION}.", dir=base))
    try:
        run = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                              "--no-input", "--retries", "1", "--timeout", "20", "--target", str(work),
                              f"fairpoker=={VERSION}"], capture_output=True, text=True)
        if run.returncode or not (work / "game" / "bot" / "hard.py").is_file():
            said = (run.stderr or run.stdout or "no output").strip().splitlines()
            raise FairpokerUnavailable(f"pip could not install fairpoker=={VERSION} into {base}: {said[-1]}")
        try:
            work.rename(target)
        except OSError:
            if not (target / "game" / "bot" / "hard.py").is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


class FairpokerProcess:
    """A child Python with fairpoker on its path, asked by JSON lines."""

    def __init__(self, directory: Path | None = None):
        self.directory = install(directory)
        self.owner = os.getpid()
        self._errors = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([sys.executable, "-I", "-S", str(CHILD), str(self.directory)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._errors,
                                     text=True, bufsize=1)
        self.hello = self.ask({"hello": 1})    # waits until its imports are done

    @property
    def pid(self) -> int:
        return self.proc.pid

    def ask(self, request: dict) -> dict:
        """The child's answer to one request (RuntimeError if it died or failed)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except (BrokenPipeError, OSError):
            line = ""
        if not line:
            self._errors.seek(0)
            raise RuntimeError(f"the fairpoker process ended: {self._errors.read().strip()[-500:]}")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"fairpoker failed on {request}: {reply['error']}")
        return reply

    def close(self) -> None:
        if os.getpid() != self.owner:       # a forked copy: the child is its parent's
            return
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._errors.close()


_shared: dict[int, FairpokerProcess] = {}


def shared_process() -> FairpokerProcess:
    """This process's child (a forked worker starts its own: pipes are not shared)."""
    pid = os.getpid()
    proc = _shared.get(pid)
    if proc is None or proc.proc.poll() is not None:
        _shared.clear()                     # a parent's child belongs to the parent
        proc = _shared[pid] = FairpokerProcess()
        atexit.register(proc.close)
    return proc


def fp_card(text: str) -> list:
    """A Cardavia card text (``Td``) as fairpoker's ``[rank, suit]`` (``[10, "diamonds"]``)."""
    return [_RANKS[text[0]], _SUITS[text[1]]]


def position(data: dict) -> str:
    """``IP`` when no other seat still in the hand with chips acts after
    this one in the round's order, else ``OOP`` (see the module's text)."""
    n = len(data["stacks"])
    me = data["player"]
    first = (data["big_blind_seat"] if data["street"] == "preflop" else data["button"]) + 1
    order = [(first + k) % n for k in range(n)]
    acting = [p for p in order if p == me or (data["in_hand"][p] and data["stacks"][p] > 0)]
    return "IP" if acting[-1] == me else "OOP"


def bot_request(data: dict) -> dict:
    """fairpoker's Player fields and ``game_state`` for the seat to act."""
    me = data["player"]
    level = max(data["bets"])
    lowest = data["raise_range"][0] if data.get("raise_range") else None
    others = [data["stacks"][p] for p in range(len(data["stacks"])) if p != me and data["in_hand"][p]]
    return {"hole_cards": [fp_card(c) for c in data["hand"]], "chips": data["stacks"][me],
            "current_bet": data["bets"][me],
            "state": {"community_cards": [fp_card(c) for c in data["board"]], "pot": data["pot"],
                      "current_bet": level,
                      "min_raise": lowest - level if lowest is not None else data["blinds"][1],
                      "phase": _PHASES[data["street"]], "position": position(data),
                      "opponent_stack": max(others, default=0)}}


def to_move(action: str, amount: int, data: dict, legal_moves: Any) -> tuple[BetMove, str]:
    """The legal Cardavia move of the bot's answer, and what was corrected
    in it (empty when nothing)."""
    kinds = {m.kind for m in legal_moves}
    passive = BetMove("call") if "call" in kinds else BetMove("check")
    if action == "fold":
        return (BetMove("fold"), "") if "fold" in kinds else (BetMove("check"), "fold with nothing to call")
    if action in ("check", "call"):
        wrong = "check owing chips" if action == "check" else "call with nothing to call"
        return (BetMove(action), "") if action in kinds else (passive, wrong)
    if action not in ("raise", "all_in"):
        raise RuntimeError(f"fairpoker answered an unknown action {action!r}")
    span = data.get("raise_range")
    if not span:
        return passive, "raise where none is legal"
    me = data["player"]
    chips, level = data["stacks"][me], max(data["bets"])
    if action == "all_in":
        total = data["bets"][me] + chips
    else:   # a raise BY amount after the call, capped at all in (fairpoker's own table)
        total = level + min(amount, chips - data["to_call"])
    kind = "raise" if "raise" in kinds else "bet"
    if total < span[0]:
        return BetMove(kind, span[0]), "raise under the minimum"
    if total > span[1]:
        return BetMove(kind, span[1]), "raise over the maximum"
    return BetMove(kind, total), ""


class FairpokerAgent(Agent):
    """fairpoker's HardBot playing one Hold'em seat, in a child process."""

    name = "fairpoker"
    searches = False
    corrections: Counter[str] = Counter()
    """Answers that needed correcting to a legal move, by what was wrong (per process)."""
    bot_ms: list[float] = []
    """The bot's own time per decision in the child, ms (per process)."""
    _ids = itertools.count()

    def __init__(self, game: Any, seed: Any = None):
        super().__init__(seed)
        if game.name != "holdem":
            raise ValueError(f"the fairpoker agent plays holdem, not {game.name}")
        shared_process()         # installs fairpoker and starts the child outside the timed decisions
        self.game = game
        self._id = next(self._ids)
        self._resets = 0
        self._base = self.rng.getrandbits(63)

    def reset(self, seed: Any = None) -> None:
        super().reset(seed)
        self._resets += 1
        self._base = self.rng.getrandbits(63)

    def choose(self, observation, legal_moves):
        if len(legal_moves) == 1:
            return legal_moves[0]
        data = observation.data
        me, hand = data["player"], data["deal"]
        history = data["history"]
        start = max((i for i, (p, text) in enumerate(history) if p < 0 and text.startswith("hand ")), default=0)
        moves_so_far = sum(1 for p, _ in history[start:] if p == me)
        request = bot_request(data)
        # A new bot name per hand (and per deal): the child builds a fresh HardBot.
        request["bot"] = f"{self._id}:{self._resets}:{hand}"
        request["seed"] = derive_seed(derive_seed(self._base, hand), moves_so_far)
        reply = shared_process().ask(request)
        type(self).bot_ms.append(reply["ms"])
        move, corrected = to_move(reply["action"], reply["amount"], data, legal_moves)
        if corrected:
            self.corrections[corrected] += 1
        assert move in legal_moves, (move, reply)
        return move


def register() -> None:
    """Make ``fairpoker`` an agent name (``make_agent("fairpoker", game)``)."""
    register_agent("fairpoker", lambda game, seed=None: FairpokerAgent(game, seed))


def _print_ratios(results: dict) -> None:
    ms = {spec: r["decision_ms_median"] for spec, r in results.items()}
    peer = ms.pop("fairpoker", None)
    for spec, ours in ms.items():
        if peer and ours:
            print(f"  decision ms median: {spec} {ours:.3f}, fairpoker {peer:.3f} (with the pipe), "
                  f"ratio fairpoker/{spec} {peer / ours:.1f}")


def main(argv: list[str] | None = None) -> int:
    """``cardavia`` with ``fairpoker`` registered (e.g. ``arena holdem -a
    fairpoker,heuristic``); after an arena, the decision times side by side."""
    from cardavia.cli import main as cardavia_main

    register()
    argv = list(sys.argv[1:] if argv is None else argv)
    summary = None
    if argv[:1] == ["arena"] and "--json" not in argv:
        summary = Path(tempfile.mkdtemp()) / "arena.json"
        argv += ["--json", str(summary)]
    try:
        code = cardavia_main(argv)
        if code == 0 and summary:
            _print_ratios(json.loads(summary.read_text())["results"])
    finally:
        if summary:
            shutil.rmtree(summary.parent)
    times = sorted(FairpokerAgent.bot_ms)
    if times:   # decisions made in this process (none when the arena's workers made them)
        print(f"  fairpoker's own time per decision in its process: median {times[len(times) // 2]:.3f} ms "
              f"over {len(times)}; answers corrected: {sum(FairpokerAgent.corrections.values())} "
              f"{dict(FairpokerAgent.corrections)}")
    return code


if __name__ == "__main__":
    sys.exit(main())
