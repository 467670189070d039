"""``cardavia play GAME``: play one seat against the AI in the terminal."""
from __future__ import annotations

import argparse
import secrets
import signal
import sys

from cardavia.cli.common import UserError, bounded_int, seed_arg

DELAYS = (0.0, 0.4, 1.0)


def delay_arg(text: str) -> float:
    """argparse type: the pause after each AI move, one of DELAYS seconds."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text[:40]!r}") from None
    if v not in DELAYS:
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(f'{d:g}' for d in DELAYS)}, got {text[:40]}")
    return v


def run(args) -> int:
    import cardavia
    from cardavia.ai.levels import LEVELS

    try:
        import rich  # noqa: F401  (the extra's one dependency)
    except ImportError:
        raise UserError("cardavia play needs rich: pip install 'cardavia[play]'") from None
    from cardavia.play import Session

    if args.game not in cardavia.available_games():
        raise UserError(f"unknown game {args.game!r}; available: {', '.join(cardavia.available_games())}")
    if args.level not in LEVELS:  # argparse's choices already refuse it; kept for callers of run()
        raise UserError(f"unknown level {args.level!r}; one of {', '.join(LEVELS)}")
    options = {}
    if args.match is not None:
        if not cardavia.game_class(args.game).plays_matches:
            raise UserError(f"{args.game} is played as single deals: drop --match/--no-match")
        options["match"] = args.match
    game = cardavia.load(args.game, **options)
    if not 0 <= args.seat < game.num_players:
        raise UserError(f"{args.game} has seats 0..{game.num_players - 1}, not {args.seat}")
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    if sys.stdin.isatty():
        # A game at a terminal answers Ctrl-C even when started from a process
        # that ignores SIGINT (a background job, a test runner): exit 130.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    return Session(game, seat=args.seat, level=args.level, seed=seed, delay=args.delay).run()


def add_parser(sub) -> None:
    p = sub.add_parser("play", help="play against the AI in the terminal",
                       description="Play one seat of a game against AI opponents in the terminal: the table "
                       "as text, your hand, the legal moves by number or typed; '?' shows the rules, "
                       "'hint', 'undo', 'log' and 'quit' do what they say. Needs the play extra "
                       "(pip install 'cardavia[play]').")
    p.add_argument("game", help="doudizhu, guandan, zhengshangyou, shengji, holdem, updown or bridge")
    p.add_argument("--seed", "-s", type=seed_arg, default=None, metavar="S",
                   help="the deal's seed, to play it again (default: a fresh one, printed)")
    p.add_argument("--seat", type=bounded_int(3, low=0), default=0,
                   help="your seat, from 0 (default 0; in Bridge 0 is South)")
    # (as cardavia.ai.levels names them, written out: building the parser imports no engine)
    p.add_argument("--level", choices=("easy", "normal", "hard"), default="normal",
                   help="the opponents: easy (heuristic), normal (Monte Carlo at a fifth of its budget), "
                   "hard (Monte Carlo); default normal")
    p.add_argument("--delay", type=delay_arg, default=0.4, metavar="SECONDS",
                   help="pause after each AI move: 0, 0.4 or 1 (default 0.4)")
    p.add_argument("--match", action=argparse.BooleanOptionalAction, default=None,
                   help="play a whole match, or one deal (--no-match), in the games played as matches "
                   "(Guandan, Shengji, Hold'em, Up/Down; default: a match)")
    p.set_defaults(func=run)
