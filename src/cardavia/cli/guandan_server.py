"""``cardavia guandan-server``: a judge for the Guandan competition protocol."""
from __future__ import annotations

import argparse
import math

from cardavia.cli.common import MAX_MATCHES, UserError, bounded_int, seed_arg


def seconds(text: str) -> float:
    """argparse type: a decision time limit, more than 0 and at most a day."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text[:40]!r}") from None
    if not math.isfinite(v) or not 0 < v <= 86400:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 86400 seconds, got {text[:40]}")
    return v


def run(args) -> int:
    try:
        import websockets  # noqa: F401
    except ImportError:
        raise UserError("cardavia guandan-server needs the protocol extra: pip install 'cardavia[protocol]'") from None
    from cardavia.protocol.guandan_judge import GuandanJudge

    import asyncio  # here, not at import: every command's start stays light
    import logging

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")
    judge = GuandanJudge(matches=args.matches, seed=args.seed, timeout=args.timeout, start_level=args.start_level,
                         notify_errors=args.notify_errors)

    async def serve():
        # announce once listening: the address holds the port bound (--port 0: any free one)
        task = asyncio.ensure_future(judge.serve(args.host, args.port))
        ready = asyncio.ensure_future(judge.ready.wait())
        await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
        if judge.ready.is_set():
            print(f"cardavia: Guandan judge on ws://{args.host}:{judge.port}/game/client0 … client3, "
                  f"{args.matches} match(es); waiting for four bots", flush=True)
        ready.cancel()
        return await task

    try:
        wins = asyncio.run(serve())
    except OSError as e:
        raise UserError(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}") from None
    print(f"cardavia: matches won per seat: {wins}; {len(judge.refusals)} message(s) refused, "
          f"{len(judge.defaults)} decision(s) defaulted after the time limit", flush=True)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("guandan-server", help="judge Guandan bots over the competition's WebSocket protocol",
                       description="Serve Guandan matches (Cardavia's rules, RULES.md) to four bots speaking "
                       "the Chinese Guandan AI competition protocol: seats connect to "
                       "ws://HOST:PORT/game/client0 … client3 and answer each act with {\"actIndex\": i}.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=bounded_int(65535, 0), default=23456, help="port (default 23456; 0: any free)")
    p.add_argument("--matches", type=bounded_int(MAX_MATCHES), default=1, metavar="N",
                   help="matches to play (default 1)")
    p.add_argument("--seed", "-s", type=seed_arg, default=0, metavar="S", help="deal seed (default 0)")
    p.add_argument("--timeout", type=seconds, default=30.0, metavar="SEC",
                   help="time for each decision; then the judge plays the first entry of actionList "
                   "(PASS when the seat may pass) (default 30)")
    p.add_argument("--start-level", type=bounded_int(14, 2), default=2, metavar="L",
                   help="both teams start at level L, 2-14 (A=14), for short matches (default 2)")
    p.add_argument("--notify-errors", action="store_true",
                   help="also tell a bot why its message was refused (a notify with stage \"error\", "
                   "which the competition's format does not have)")
    p.add_argument("--quiet", "-q", action="store_true", help="log warnings only")
    p.set_defaults(func=run)
