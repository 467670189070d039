"""``cardavia guandan-client``: a Cardavia agent on a Guandan competition judge."""
from __future__ import annotations


from cardavia.cli.common import UserError, check_agents, seed_arg


def run(args) -> int:
    try:
        import websockets
    except ImportError:
        raise UserError("cardavia guandan-client needs the protocol extra: pip install 'cardavia[protocol]'") from None
    from cardavia.protocol.guandan_bot import GuandanBot, seat_of_url

    if not args.url.startswith(("ws://", "wss://")):
        raise UserError(f"the judge's URL starts with ws:// or wss://, not {args.url[:60]!r}")
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(args.url)
        parts.port  # noqa: B018  (a port out of range raises here)
    except ValueError as e:
        raise UserError(f"bad judge URL {args.url[:80]!r}: {e}") from None
    if not parts.hostname:
        raise UserError(f"bad judge URL {args.url[:80]!r}: no host")
    if len(check_agents(args.agent, "--agent")) != 1:
        raise UserError(f"--agent takes one agent, not {args.agent[:80]!r}")
    seat = None
    if args.seat_from_url:
        seat = seat_of_url(args.url)
        if seat is None:
            raise UserError(f"--seat-from-url: {args.url[:80]!r} does not end in /client0 … /client3")
    import asyncio  # here, not at import: every command's start stays light
    import logging

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")
    try:
        bot = GuandanBot(args.agent, seed=args.seed, seat=seat)
    except ValueError as e:
        raise UserError(str(e)) from None
    try:
        result = asyncio.run(bot.run(args.url))
    except (OSError, websockets.InvalidURI, websockets.InvalidHandshake) as e:
        raise UserError(f"cannot play on {args.url[:80]}: {e}") from None
    print(f"cardavia: seat {bot.tracker.seat}: {bot.decisions} decisions, {bot.fallbacks} fallback(s), "
          f"{bot.skipped} malformed message(s) skipped; result {result}", flush=True)
    if result is None:
        raise UserError(f"cannot play on {args.url[:80]}: {bot.closed or 'no gameResult from the judge'}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("guandan-client", help="play a Cardavia agent on a Guandan competition judge",
                       description="Connect one seat to a judge speaking the Chinese Guandan AI competition "
                       "protocol (such as cardavia guandan-server) and play it with a Cardavia agent, always "
                       "choosing from the judge's own actionList.")
    p.add_argument("url", help="the seat's address, e.g. ws://127.0.0.1:23456/game/client0")
    p.add_argument("--agent", default="heuristic", metavar="SPEC",
                   help="random, heuristic or mc (mc:rollouts=500,…) (default heuristic)")
    p.add_argument("--seed", "-s", type=seed_arg, default=0, metavar="S", help="agent seed (default 0)")
    p.add_argument("--seat-from-url", action="store_true",
                   help="take the seat from the URL's /clientN (else from the judge's myPos)")
    p.add_argument("--quiet", "-q", action="store_true", help="log warnings only")
    p.set_defaults(func=run)
