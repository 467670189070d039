"""``cardavia dd``: the double-dummy table of a PBN deal."""
from __future__ import annotations

from cardavia.cli.common import UserError, interruptible


def run(args) -> int:
    from cardavia import bridge, pbn

    try:
        table = interruptible(lambda: bridge.dd_table(args.deal))
    except ValueError as e:
        raise UserError(str(e)) from None
    print(pbn.format_deal(pbn.parse_deal(args.deal)))
    print(bridge.format_dd_table(table))
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("dd", help="print the double-dummy table of a PBN deal",
                       description="Solve a deal double dummy and print, for each strain and "
                       "declarer (N, E, S, W), the tricks declarer takes.")
    p.add_argument("deal", help='a PBN deal, like "N:AKQ2.T98.765.432 …" (four hands)')
    p.set_defaults(func=run)
