"""Replays of a run: each deal's state JSON in a directory (``--replays
DIR``), and a deal told move by move (``cardavia replay FILE``).

A replay file holds exactly ``state.to_json()``, so ``cardavia.from_json``
(or the web page) rebuilds the finished deal from it.  Names sort and say
what they hold: ``doudizhu-deal00000012.json``, and in the arena
``doudizhu-deal00000012-seating03.json`` (``match`` for whole matches).
"""
from __future__ import annotations

import os
import sys
from typing import Any, Iterator

from cardavia.game import MAX_STATE_JSON, State
from cardavia.sim.records import path_text


# -- writing ---------------------------------------------------------------------
def file_name(game_name: str, index: int, seating: int | None = None, unit: str = "deal") -> str:
    """The name of the replay of deal (or match) ``index``, in ``seating``."""
    name = f"{game_name}-{unit}{index:08d}"
    if seating is not None:
        name += f"-seating{seating:02d}"
    return name + ".json"


def prepare_dir(path: Any) -> str:
    """Make the replay directory (text or a ``pathlib.Path``) and return its
    name (a clear ValueError when it cannot be one)."""
    path = path_text(path, "replays", "a directory name")
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"cannot write replays to {path}: it is a file, not a directory") from None
    except OSError as e:
        raise ValueError(f"cannot make the replay directory {path}: {e.strerror}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write replays to {path}: permission denied")
    return path


def write(directory: str, game_name: str, index: int, seating: int | None, text: str,
          unit: str = "deal") -> str:
    """Write one replay whole (a file is never seen half-written) and return its path;
    a deal played again (``--resume``) replaces its own file with the same text."""
    path = os.path.join(directory, file_name(game_name, index, seating, unit))
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


# -- reading and telling -----------------------------------------------------------
def load(path: str) -> State:
    """The finished or live state a replay file holds; ValueError saying
    what is wrong with a missing, huge or bad file."""
    import cardavia

    try:
        with open(path, "rb") as f:
            data = f.read(MAX_STATE_JSON + 1)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror}") from None
    if len(data) > MAX_STATE_JSON:
        raise ValueError(f"{path} is over the {MAX_STATE_JSON >> 20} MB limit of a state JSON")
    try:
        return cardavia.from_json(data)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None


def _seat_names(game) -> list[str]:
    names = getattr(sys.modules.get(type(game).__module__), "SEAT_NAMES", None)
    if names and len(names) == game.num_players:
        return [f"{n} ({p})" for p, n in enumerate(names)]
    return [f"player {p}" for p in range(game.num_players)]


def _hands(state: State, names: list[str], seat: int | None) -> list[str]:
    seats = range(state.game.num_players) if seat is None else [seat]
    return [f"  {names[p]} holds: {' '.join(state.observation(p)['hand'])}" for p in seats]


def _events(before: dict, after: dict, names: list[str]) -> list[str]:
    """What a move changed that the state tells: a trick or round won, a new
    deal or phase, a contract, a landlord, a player out (the cards chance
    shows are in the history's chance entries)."""
    out = []

    def changed(key: str) -> bool:
        return key in after and after.get(key) != before.get(key)

    if "tricks" in after and len(after["tricks"]) > len(before.get("tricks") or []):
        trick = after["tricks"][-1]
        out.append(f"   trick {len(after['tricks'])} won by {names[trick['winner']]}")
    elif "last_winner" in after and before.get("trick") and not after.get("trick") \
            and after["last_winner"] is not None:
        out.append(f"   trick won by {names[after['last_winner']]}")
    elif "last_play" in after and before.get("last_play") is not None and after["last_play"] is None \
            and before.get("last_player") is not None and not changed("deal"):
        out.append(f"   round won by {names[before['last_player']]}")
    if changed("deal"):
        out.append(f"== deal {after['deal']} ==")
    for key in ("phase", "street"):
        if changed(key) and after[key] is not None:
            out.append(f"-- {key}: {after[key]}")
    if changed("contract") and after["contract"]:
        out.append(f"   contract {after['contract']} by {names[after['declarer']]}")
    if changed("landlord") and after["landlord"] is not None:
        bottom = " ".join(after.get("bottom") or [])
        out.append(f"   landlord: {names[after['landlord']]}" + (f", bottom {bottom}" if bottom else ""))
    if "finished" in after and len(after["finished"]) > len(before.get("finished") or []) \
            and not changed("deal"):
        for place, p in enumerate(after["finished"][len(before.get("finished") or []):],
                                  len(before.get("finished") or []) + 1):
            out.append(f"   {names[p]} is out (place {place})")
    return out


def _played_from(before: dict, after: dict) -> int | None:
    """The seat whose card the last move played, where the state tells it
    (a Bridge declarer plays dummy's cards too)."""
    if after.get("trick"):
        return after["trick"][-1][0]
    if "tricks" in after and len(after["tricks"]) > len(before.get("tricks") or []):
        return after["tricks"][-1]["cards"][-1][0]
    return None


def _format(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_format(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_format(v) for v in value) + "]"
    return str(value)


def narrate(state: State, seat: int | None = None, double_dummy: bool = False) -> Iterator[str]:
    """Tell the deal (or match) of ``state`` move by move: one text per step
    (the start, each move with what it changed, the outcome).  With ``seat``
    the deal is seen by that seat: its hand only, the others' hidden moves
    in their public form.  With ``double_dummy``, each card of a Bridge play
    (with ``seat``, each of a hand that seat sees: its own, dummy's) says the
    tricks its side takes from there double dummy against the best card's
    (``bridge.solve_state``)."""
    import cardavia
    from cardavia.bridge import BridgeState, solve_state

    game = state.game
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(f"seat must be 0..{game.num_players - 1} in {game.name}, got {seat}")
    names = _seat_names(game)
    data = state.to_dict()
    replay = cardavia.from_json(dict(data, moves=[]))
    view = 0 if seat is None else seat
    opts = ", ".join(f"{k}={v}" for k, v in data["options"].items())
    setup = data["setup"]
    start = [f"{game.title or game.name}" + (f" ({opts})" if opts else "")
             + (f", seed {setup['seed']}" if "seed" in setup else "")
             + f": {len(data['moves'])} moves" + ("" if seat is None else f", seen by {names[seat]}")]
    start += [f"   {m}" for p, m in replay.history if p == cardavia.CHANCE]
    start += _hands(replay, names, seat)
    yield "\n".join(start)
    before = replay.observation(view).data
    for n, text in enumerate(data["moves"], 1):
        seen = len(replay.history)
        solved = None  # the cards of a hand the reader sees, solved double dummy
        if (double_dummy and isinstance(replay, BridgeState) and replay.phase == "play"
                and not text.startswith("claim") and (seat is None or replay.sees_to_play(seat))):
            solved = solve_state(replay)
        replay.play(text)
        after = replay.observation(view).data
        lines = []
        for p, m in replay.history[seen:]:
            if p == cardavia.CHANCE:
                lines.append(f"   {m}")
                continue
            shown = str(m) if seat is None or p == seat else m.public_text()
            source = _played_from(before, after)
            mover = names[p] if source in (None, p) else f"{names[p]} from {names[source]}"
            note = ""
            if solved is not None and str(m) in solved:
                best = max(solved.values())
                note = f"   double dummy {solved[str(m)]} trick{'' if solved[str(m)] == 1 else 's'}" + (
                    "" if solved[str(m)] == best else f", {best - solved[str(m)]} fewer than {best}")
            lines.append(f"{n:5d}  {mover}: {shown}{note}")
        events = _events(before, after, names)
        lines += events
        if any(e.startswith("== deal") for e in events):
            lines += _hands(replay, names, seat)
        before = after
        yield "\n".join(lines)
    player = replay.current_player
    if player is not None:
        yield f"unfinished: {names[player]} to move"
        return
    outcome = replay.outcome()
    end = ["outcome: " + ", ".join(f"{names[p]} {r:+g}" for p, r in enumerate(outcome.returns))]
    if outcome.winners:
        end.append("winners: " + ", ".join(names[p] for p in outcome.winners))
    end += [f"  {k}: {_format(v)}" for k, v in outcome.score.items()]
    if double_dummy and isinstance(replay, BridgeState):
        review = replay.review()
        imps = review["result"]["imps"]
        end.append(f"  par: {review['par']['text']}; North-South {imps:+d} IMP{'' if abs(imps) == 1 else 's'} "
                   "against it")
    yield "\n".join(end)
