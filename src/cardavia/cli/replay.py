"""``cardavia replay``: a deal of a replay file (``--replays DIR``, or any
``state.to_json()``) told move by move."""
from __future__ import annotations

import sys

from cardavia.cli.common import UserError, bounded_int


def run(args) -> int:
    from cardavia.sim import replay

    try:
        state = replay.load(args.file)
        if args.double_dummy and state.game.name != "bridge":
            raise UserError(f"--dd scores Bridge cards; {args.file} is a {state.game.name} replay")
        steps = replay.narrate(state, seat=args.seat, double_dummy=args.double_dummy)
        first = next(steps)
    except ValueError as e:
        raise UserError(str(e)) from None
    stepping = args.step
    try:
        print(first, flush=True)
        for text in steps:
            if stepping:
                try:
                    input("[Enter: next move] ")
                except EOFError:        # no more keys to read: tell the rest at once
                    stepping = False
            print(text, flush=True)
    except BrokenPipeError:             # `cardavia replay FILE | head`: the reader has had enough
        sys.stderr.close()
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("replay", help="print a deal of a replay file move by move",
                       description="Print the deal (or match) a replay file holds move by move: who "
                       "moved, the move, the tricks and rounds won and the phases where the game "
                       "tells them, and the outcome. FILE is a state JSON, as simulate/arena "
                       "--replays DIR write them.")
    p.add_argument("file", metavar="FILE", help="a state JSON file (at most 8 MB)")
    p.add_argument("--seat", type=bounded_int(7, 0), default=None, metavar="N",
                   help="see the deal as seat N does: its own hand only, the others' hidden moves in their public form")
    p.add_argument("--step", action="store_true", help="wait for Enter after each move")
    p.add_argument("--double-dummy", "--dd", action="store_true",
                   help="Bridge: say after each card the tricks its side takes from there double dummy, "
                   "and how many fewer than the best card's")
    p.set_defaults(func=run)
