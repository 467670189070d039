"""Hold'em hand histories in the PHH format (the Poker Hand History notation
that pokerkit reads with ``pokerkit.HandHistory.loads``).

``dumps(state)`` writes every hand a Hold'em state has played (one PHH text
per hand; ``dumps_hand(state, i)`` one of them) and ``loads(text)`` reads a
no-limit Hold'em PHH back into a single-hand Cardavia state, replaying its
actions with our rules.

Players are numbered as PHH numbers them: ``p1`` is the first player left of
the button (the small blind; heads-up the big blind, as the button posts the
small blind).  The optional ``seats`` field keeps our seat numbers (1-based),
so a Cardavia hand reads back at the same seats; without it the players sit
at seats 0, 1, … with the button at the last of them.  Burnt cards are not
written (PHH burns automatically).

>>> import cardavia
>>> from cardavia import phh
>>> game = cardavia.load("holdem", match=False)
>>> state = game.from_hands(["AsAh", "KsKh", "7c2d", "9c9d"], button=0, board="2s 7h Td 3c 4s")
>>> for move in ["fold", "raise 60", "call", "fold", "bet 100", "call", "check", "check", "check", "check"]:
...     _ = state.play(move)
>>> text = phh.dumps_hand(state, 0)
>>> actions = phh.parse(text)["actions"]
>>> actions[:8]
['d dh p1 KsKh', 'd dh p2 7c2d', 'd dh p3 9c9d', 'd dh p4 AsAh', 'p3 f', 'p4 cbr 60', 'p1 cc', 'p2 f']
>>> actions[8:14]
['d db 2s7hTd', 'p1 cbr 100', 'p4 cc', 'd db 3c', 'p1 cc', 'p4 cc']
>>> actions[14:]
['d db 4s', 'p1 cc', 'p4 cc', 'p4 sm AsAh', 'p1 sm KsKh']
>>> back = phh.loads(text)
>>> back.returns() == state.returns()
True
"""
from __future__ import annotations

import ast
import re
from typing import Any

import cardavia
from cardavia.cards import InvalidCardError, card_text, to_card_ids
from cardavia.game import ArgumentTypeError, IllegalMoveError
from cardavia.holdem import MAX_AMOUNT, OVER, SHOWDOWN

MAX_PHH_TEXT = 1 << 20
"""Characters of PHH text ``loads`` reads (one hand is a few hundred)."""

__all__ = ["dumps", "dumps_hand", "hand_records", "loads", "parse"]


def _cards(ids) -> str:
    return "".join(card_text(c) for c in ids)


def hand_records(state) -> list[dict]:
    """One record per hand the state has started: seats in PHH order, starting
    stacks, hole cards, the events (moves and board cards), the shown hands
    and the final stacks (None while the hand is in play).  Read from the
    state's public ``hand_log()``."""
    from cardavia._core.holdem_core import HoldemHand
    from cardavia.holdem import HoldemState

    if not isinstance(state, HoldemState):
        raise ArgumentTypeError("PHH export needs a Hold'em state")
    opts = state.game.options
    records = []
    for log in state.hand_log():
        h = HoldemHand(log.stacks, log.button, log.deck, opts["small_blind"], opts["big_blind"])
        n = h.n
        order = [(log.button + k) % n for k in range(1, n + 1) if h.dealt[(log.button + k) % n]]
        rec: dict[str, Any] = {"number": log.number, "order": order, "button": log.button,
               "stacks": [log.stacks[p] for p in order], "hole": {p: h.hole(p) for p in order},
               "events": [], "board": [], "shown": [], "final": None}
        _push_board(rec, h.board)
        for m in log.moves:
            rec["events"].append(("move", h.actor, m, h.level))
            h.apply(m.action, m.amount)
            _push_board(rec, h.board[len(rec["board"]):])
        if h.street == SHOWDOWN:
            rec["shown"] = [(p, h.hole(p)) for p in h.showdown()]
        if h.street == OVER:
            rec["final"] = [h.final_stacks[p] for p in order]
        records.append(rec)
    return records


def _push_board(rec: dict, new: list) -> None:
    k = len(rec["board"])
    for lo, hi in ((0, 3), (3, 4), (4, 5)):
        if k <= lo and k + len(new) >= hi:
            rec["events"].append(("board", None, new[lo - k:hi - k], None))
    rec["board"] = rec["board"] + list(new)


def dumps_hand(state, index: int = 0) -> str:
    """The PHH text of hand ``index`` (0-based) of a Hold'em state."""
    records = hand_records(state)
    if isinstance(index, bool) or not isinstance(index, int):
        raise ArgumentTypeError(f"a hand index is an int, not {type(index).__name__}")
    if not -len(records) <= index < len(records):
        raise ValueError(f"the state has {len(records)} hand(s): no hand {index}")
    return _dump(records[index], state.game)


def dumps(state) -> list[str]:
    """The PHH text of every hand of a Hold'em state."""
    return [_dump(r, state.game) for r in hand_records(state)]


def _dump(rec: dict, game) -> str:
    order = rec["order"]
    pidx = {p: i + 1 for i, p in enumerate(order)}
    sb, bb = game.options["small_blind"], game.options["big_blind"]
    actions = [f"d dh p{pidx[p]} {_cards(rec['hole'][p])}" for p in order]
    for kind, player, payload, _level in rec["events"]:
        if kind == "board":
            actions.append(f"d db {_cards(payload)}")
        elif payload.kind == "fold":
            actions.append(f"p{pidx[player]} f")
        elif payload.kind in ("check", "call"):
            actions.append(f"p{pidx[player]} cc")
        else:
            actions.append(f"p{pidx[player]} cbr {payload.amount}")
    for p, cards in rec["shown"]:
        actions.append(f"p{pidx[p]} sm {_cards(cards)}")
    blinds = [sb, bb] + [0] * (len(order) - 2)
    final = rec["final"]
    lines = [
        "variant = 'NT'",
        "ante_trimming_status = true",
        f"antes = {[0] * len(order)}",
        f"blinds_or_straddles = {blinds}",
        f"min_bet = {bb}",
        f"starting_stacks = {rec['stacks']}",
        "actions = [" + ", ".join(repr(a) for a in actions) + "]",
        f"hand = {rec['number']}",
        f"seats = {[p + 1 for p in order]}",
        f"seat_count = {game.num_players}",
    ]
    if final is not None:
        lines.append(f"finishing_stacks = {final}")
    return "\n".join(lines)


_LINE_RE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+?)\s*$")


def parse(text: str) -> dict[str, Any]:
    """The fields of a PHH text: a TOML document (read with ``tomllib`` where
    Python has it, so dates, times and comments anywhere are read as PHH
    writes them), else the TOML subset PHH uses: strings, numbers, booleans
    and lists of them, one field a line; comments with ``#``."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"PHH text must be a str, not {type(text).__name__}")
    if len(text) > MAX_PHH_TEXT:
        raise ValueError(f"PHH: the text is {len(text)} characters, over the limit of {MAX_PHH_TEXT}")
    text = text.lstrip("\ufeff")
    try:
        out = _toml(text)
    except ValueError:
        out = None
    if out is None:
        out = _parse_lines(text)
    tables = [k for k, v in out.items() if isinstance(v, dict)]
    if tables and len(tables) == len(out):
        raise ValueError(f"PHH: the text holds {len(tables)} hand(s) in tables ([{tables[0]}] …, a .phhs file); "
                         "give one hand's fields")
    return out


def _toml(text: str) -> dict[str, Any] | None:
    """The TOML document, or None where Python has no ``tomllib`` (3.10)."""
    try:
        import tomllib
    except ImportError:
        return None
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, MemoryError) as e:
        raise ValueError(f"PHH: {e}") from None


def _parse_lines(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    pending = ""
    for raw in text.splitlines():
        line = raw if pending else raw.split("#", 1)[0] if "'" not in raw and '"' not in raw else raw
        if not line.strip() and not pending:
            continue
        pending += line
        if pending.count("[") > pending.count("]"):
            continue
        m = _LINE_RE.match(pending)
        pending = ""
        if not m:
            raise ValueError(f"PHH: cannot read line {raw!r}")
        key, value = m.group(1), m.group(2)
        value = re.sub(r"\btrue\b", "True", re.sub(r"\bfalse\b", "False", value))
        try:
            out[key] = ast.literal_eval(value)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise ValueError(f"PHH: cannot read the value of {key!r}: {m.group(2)!r}") from None
    if pending:
        raise ValueError("PHH: unterminated list")
    return out


def loads(text: str, game=None):
    """A single-hand Cardavia Hold'em state replaying a no-limit Hold'em PHH.

    Text that is no such PHH raises ``ValueError`` (a PHH action our rules
    refuse: ``IllegalMoveError``)."""
    f = parse(text)
    try:
        return _load_fields(f, game)
    except (IndexError, KeyError, TypeError, AttributeError, OverflowError) as e:
        raise ValueError(f"PHH: malformed hand ({type(e).__name__}: {e})") from None


def _int(value: Any, what: str, low: int = 0, high: int = MAX_AMOUNT) -> int:
    """A PHH number that must be a whole number of chips in [low, high]."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"PHH: {what} must be a number, not {value!r:.40}")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(f"PHH: {what} must be a whole number, not {value!r:.40}")
        value = int(value)
    if not low <= value <= high:
        shown = value if abs(value) < 1 << 70 else "a huge number"
        raise ValueError(f"PHH: {what} must be in {low}..{high}, got {shown}")
    return value


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"PHH: {what} must be a list of numbers")
    return [_int(x, f"{what}[{i}]") for i, x in enumerate(value)]


def _player(word: str, k: int) -> int:
    """The 0-based PHH player index of ``p3`` (k players)."""
    if not re.fullmatch(r"p\d{1,3}", word):
        raise ValueError(f"PHH: {word!r:.20} is not a player (p1 … p{k})")
    i = int(word[1:]) - 1
    if not 0 <= i < k:
        raise ValueError(f"PHH: there is no player {word} in a hand of {k} players")
    return i


def _load_fields(f: dict, game):
    for key in ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"):
        if key not in f:
            raise ValueError(f"PHH: the field {key!r} is missing")
    if f["variant"] != "NT":
        raise ValueError(f"PHH: only no-limit Texas Hold'em ('NT') is supported, not {f['variant']!r:.40}")
    stacks_in = _ints(f["starting_stacks"], "starting_stacks")
    k = len(stacks_in)
    if any(_ints(f["antes"], "antes")):
        raise ValueError("PHH: antes are not part of Cardavia Hold'em")
    blinds = _ints(f["blinds_or_straddles"], "blinds_or_straddles")
    if len(blinds) < 2 or any(blinds[2:]) or blinds[0] > blinds[1] or blinds[0] < 1:
        raise ValueError("PHH: expected a small and a big blind and no straddles")
    sb, bb = blinds[0], blinds[1]
    if _int(f["min_bet"], "min_bet") != bb:
        raise ValueError("PHH: the minimum bet must equal the big blind")
    if game is None:
        game = cardavia.load("holdem", match=False, small_blind=sb, big_blind=bb)
    n = game.num_players
    seats_in = f.get("seats", list(range(1, k + 1)))
    seats = [s - 1 for s in _ints(seats_in, "seats")]
    if k > n or len(seats) != k or len(set(seats)) != k or not all(0 <= s < n for s in seats):
        raise ValueError(f"PHH: Cardavia Hold'em seats at most {n} players, at seats 1-{n}")
    stacks = [0] * n
    for i, s in enumerate(seats):
        stacks[s] = stacks_in[i]
    button = seats[-1]
    holes: list[Any] = [None] * n
    dealt = [False] * k
    shown: list[Any] = [None] * n
    board: list[int] = []
    events: list[tuple[int, Any]] = []   # (action index, ("board", count) or (seat, kind, amount))
    if not isinstance(f["actions"], (list, tuple)):
        raise ValueError("PHH: actions must be a list of texts")
    for number, a in enumerate(f["actions"], 1):
        if not isinstance(a, str):
            raise ValueError(f"PHH: an action must be text, not {a!r:.40}")
        words = a.split("#", 1)[0].split()
        try:
            if words[:2] == ["d", "dh"] and len(words) >= 3:
                i = _player(words[2], k)
                if dealt[i]:
                    raise ValueError(f"PHH: action {number} ({a!r:.40}): {words[2]} is dealt hole cards twice")
                dealt[i] = True
                cards = words[3] if len(words) > 3 else ""
                holes[seats[i]] = None if "?" in cards else to_card_ids(cards)
            elif words[:2] == ["d", "db"] and len(words) == 3:
                new = to_card_ids(words[2])
                if len(new) != (3 if not board else 1):
                    raise IllegalMoveError(f"PHH: action {number} ({a!r:.40}) deals {len(new)} board card(s): "
                                           f"the flop is three cards, the turn and the river one each",
                                           rule="TH-3.4")
                board += new
                events.append((number, ("board", len(board))))
            elif len(words) >= 2 and words[1] in ("f", "cc", "cbr"):
                seat = seats[_player(words[0], k)]
                if words[1] == "cbr":
                    if len(words) != 3:
                        raise ValueError(f"PHH: {a!r:.40} needs one amount")
                    amount: int | None = _int(_number(words[2]), f"the amount of {a!r:.40}", 1)
                elif len(words) != 2:
                    raise ValueError(f"PHH: {a!r:.40} takes no amount")
                else:
                    amount = None
                events.append((number, (seat, words[1], amount)))
            elif len(words) >= 2 and words[1] == "sm":
                seat = seats[_player(words[0], k)]
                cards = words[2] if len(words) > 2 else ""
                if cards and "?" not in cards and cards != "-":
                    shown[seat] = (number, a, to_card_ids(cards))
            else:
                raise ValueError(f"PHH: unsupported action {a!r:.60}")
        except InvalidCardError as e:
            raise ValueError(f"PHH: bad cards in {a!r:.60}: {e}") from None
    if events and not all(dealt):
        missing = ", ".join(f"p{i + 1}" for i in range(k) if not dealt[i])
        raise ValueError(f"PHH: {missing} is dealt no hole cards (d dh), but the hand is played")
    for seat, show in enumerate(shown):   # a hand shown down is the hand dealt
        if show is None:
            continue
        number, a, cards = show
        if holes[seat] is None:
            holes[seat] = cards
        elif sorted(holes[seat]) != sorted(cards):
            raise ValueError(f"PHH: action {number} ({a!r:.40}) shows other cards than the player "
                             f"was dealt ({_cards(holes[seat])})")
    state = game.from_hands(holes, stacks=stacks, button=button, board=board)
    on_board = 0    # board cards the PHH has dealt so far
    for number, event in events:
        if event[0] == "board":
            on_board = event[1]
            if len(state.core.board) < on_board:
                raise IllegalMoveError(f"PHH: action {number} deals board cards before the betting round "
                                       f"ends", rule="TH-3.4")
            continue
        seat, kind, amount = event
        if len(state.core.board) > on_board:
            raise IllegalMoveError(f"PHH: action {number}: the betting round has ended, but the board "
                                   f"cards due next are not dealt (d db) before it", rule="TH-3.4")
        if state.is_over or state.current_player != seat:
            raise IllegalMoveError(f"PHH: action {number}: the player at seat {seat} acts out of turn",
                                   rule="TH-3.1")
        h = state.core
        if kind == "f":
            text = "fold"
        elif kind == "cc":
            text = "call" if h.level > h.bets[seat] else "check"
        else:
            text = f"{'raise' if h.level > 0 else 'bet'} {amount}"
        state.play(text)
    if len(state.core.board) > on_board:
        raise IllegalMoveError(f"PHH: the hand reaches board card {on_board + 1}, but the PHH deals only "
                               f"{on_board} (d db): the board would be made up", rule="TH-3.4")
    return state


_AMOUNT = re.compile(r"[0-9]{1,30}(?:\.[0-9]{1,30})?")
"""A bet's amount as PHH writes it: digits, maybe a decimal part (not Python's 1_00, 0x64 or 1e3)."""


def _number(word: str):
    if not _AMOUNT.fullmatch(word):
        raise ValueError(f"PHH: {word!r:.20} is not an amount")
    return float(word) if "." in word else int(word)
