"""``cardavia equity``: Hold'em equity of hands or ranges."""
from __future__ import annotations

from cardavia.cli.common import MAX_TRIALS, UserError, bounded_int, interruptible, seed_arg


def _equity(args):
    # Imported in the helper thread too: a Ctrl-C during NumPy's import
    # would otherwise surface as NumPy's ImportError, not exit code 130.
    from cardavia import poker
    return poker.equity(args.hands, board=args.board, dead=args.dead, trials=args.trials, seed=args.seed)


def run(args) -> int:
    from cardavia.cards import card_text, parse_cards

    try:
        result = interruptible(lambda: _equity(args))
    except ValueError as e:
        raise UserError(str(e)) from None
    if args.board:
        print(f"board: {' '.join(card_text(c) for c in parse_cards(args.board))}")
    print(result)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser(
        "equity", help="Hold'em equity of hands or ranges",
        description="Each player's Hold'em equity (wins plus split shares). Hands are two "
        "cards (AhKh) or ranges (QQ+, AKs, A2s-A5s, KQo, \"22+, ATs+\"). Exact when "
        "enumeration is cheap, otherwise Monte Carlo with a standard error.")
    p.add_argument("hands", nargs="+", metavar="HAND", help="one hand or range per player (2-9)")
    p.add_argument("--board", "-b", default="", metavar="CARDS", help="known board cards, e.g. Qs7d2c")
    p.add_argument("--dead", "-d", default="", metavar="CARDS", help="cards out of the deck")
    p.add_argument("--trials", "-t", type=bounded_int(MAX_TRIALS), default=None, metavar="N",
                   help=f"Monte Carlo with N trials, 1..{MAX_TRIALS:,} (default: exact when cheap)")
    p.add_argument("--seed", "-s", type=seed_arg, default=None, metavar="S",
                   help="Monte Carlo seed (default 0)")
    p.set_defaults(func=run)
