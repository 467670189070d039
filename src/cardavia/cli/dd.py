"""``cardavia dd``: the double-dummy table of a PBN deal, and its par."""
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
    print(f"par (vulnerable: {args.vulnerability}, dealer {args.dealer}): "
          f"{bridge.par_of_table(table, args.vulnerability, args.dealer)}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("dd", help="print the double-dummy table and the par of a PBN deal",
                       description="Solve a deal double dummy and print, for each strain and "
                       "declarer (N, E, S, W), the tricks declarer takes; then the deal's par "
                       "(DDS's DealerPar: the score is North-South's).")
    p.add_argument("deal", help='a PBN deal, like "N:AKQ2.T98.765.432 …" (four hands)')
    p.add_argument("--vulnerability", "--vul", type=str.lower, choices=("none", "ns", "ew", "both"), default="none",
                   help="who is vulnerable, for the par (default none)")
    p.add_argument("--dealer", type=str.upper, choices=tuple("NESW"), default="N",
                   help="who deals, for the par: it decides who may bid a contract both sides make first "
                   "(default N)")
    p.set_defaults(func=run)
