"""Bridge par: the result when both sides know the double-dummy table and
bid to their best (issue 14 part 3), by the conventions of DDS's
``DealerPar``.

The side that can make the highest contract has the primacy (when both can
make the same one, the side whose player can bid it first from the dealer
round).  It bids its most valuable contract (BR-5.1-5.3 scores, undoubled,
made exactly) unless the other side has a doubled sacrifice over it that
costs less (BR-5.6); then par is that sacrifice.  A making par contract is
shown at the lowest level that keeps its bonus and that the opponents still
cannot profitably outbid, with the overtricks it then takes ("2S+2"); a
sacrifice is shown doubled with its undertricks ("5HX-2").

>>> from cardavia import bridge
>>> p = bridge.par("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", "none", "N")
>>> p.ns_score, str(p)
(1520, 'NS +1520: 7NT by N or S')

Tables are the solver's (``bridge.dd_table``): ``table[strain][declarer]``,
strains C D H S NT (0-4), declarers N E S W (0-3).  Scores are North-South's
(East-West's is the negative).
"""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, Sequence

from cardavia import pbn
from cardavia._core import bridge_core
from cardavia._core.dds import Solver
from cardavia.cards import to_card_ids
from cardavia.game import InvalidSetupError

SEATS = "NESW"
STRAINS = ("C", "D", "H", "S", "NT")
VULNERABILITY = pbn.VULNERABILITY
_CARDAVIA_SEATS = "SWNE"  # the game's seats South 0, West 1, North 2, East 3
_NO_OUTBID = 99  # no bid of 7NT or below outranks the contract


@dataclasses.dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: ``level`` 1-7, ``strain`` 0-4 (C D H S NT),
    ``declarers`` the seats that can declare it ("N", "NS", "EW", ...),
    ``overtricks`` a making contract takes, ``undertricks`` of a sacrifice
    (which is doubled)."""

    level: int
    strain: int
    declarers: str
    overtricks: int = 0
    undertricks: int = 0

    @property
    def doubled(self) -> bool:
        return self.undertricks > 0

    @property
    def contract(self) -> str:
        """The contract as bridge.py writes it: ``"4S"``, ``"5HX"``."""
        return f"{self.level}{STRAINS[self.strain]}{'X' if self.doubled else ''}"

    @property
    def tricks(self) -> int:
        """The tricks declarer takes double dummy."""
        return self.level + 6 + self.overtricks - self.undertricks

    def __str__(self) -> str:
        result = f"+{self.overtricks}" if self.overtricks else f"-{self.undertricks}" if self.undertricks else ""
        return f"{self.contract}{result} by {' or '.join(self.declarers)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal: ``ns_score`` is North-South's score (East-West's
    is its negative, 0 when passed out); ``contracts`` every par contract,
    NT first then spades down to clubs (DDS's order), empty when passed out."""

    ns_score: int
    contracts: tuple[ParContract, ...]

    @property
    def passed_out(self) -> bool:
        return not self.contracts and self.ns_score == 0

    def __str__(self) -> str:
        if self.passed_out:
            return "passed out: 0"
        side = "NS" if self.ns_score >= 0 else "EW"
        return f"{side} +{abs(self.ns_score)}: " + ", ".join(map(str, self.contracts))


# -- scores (BR-5) ---------------------------------------------------------------
@functools.cache
def _made(rank: int, vulnerable: bool) -> int:
    """An undoubled contract (rank 0-34, 1C..7NT) made exactly: BR-5.1-5.3."""
    level = rank // 5 + 1
    return bridge_core.score(level, rank % 5, 0, vulnerable, level + 6)[0]


@functools.cache
def _penalty(down: int, vulnerable: bool) -> int:
    """What a doubled contract ``down`` tricks short pays the defenders: BR-5.6."""
    return -bridge_core.score(7, 0, 1, vulnerable, 13 - down)[0] if down > 0 else 0


@functools.cache
def _affordable_down(rank: int, declarer_vul: bool, defender_vul: bool) -> int:
    """The most undertricks doubled a sacrifice over ``rank`` may cost and
    still lose less than the contract would score."""
    value = _made(rank, declarer_vul)
    down = 0
    while _penalty(down + 1, defender_vul) < value:
        down += 1
    return down


def _floor_rank(rank: int) -> int:
    """The lowest contract of the strain that earns the same bonus (BR-5.2,
    5.3): a part score lowers to the one level, a game to the game level,
    a slam not at all."""
    level, strain = rank // 5 + 1, rank % 5
    game = 3 if strain == 4 else 4 if strain >= 2 else 5
    if level >= 6:
        return rank
    return 5 * ((game if level >= game else 1) - 1) + strain


def _div_toward_zero(a: int, b: int) -> int:
    # DDS divides in C: the quotient is truncated, not floored, when a < 0.
    return -(-a // b) if a < 0 else a // b


# -- par -------------------------------------------------------------------------
def par_of_table(table: Sequence[Sequence[int]], vulnerability: str = "none", dealer: Any = "S") -> Par:
    """The par of a double-dummy table (``bridge.dd_table``'s), for
    ``vulnerability`` none, ns, ew or both and the ``dealer`` (N, E, S, W,
    or the game's seat 0-3: South 0, West 1, North 2, East 3)."""
    tricks = _checked_table(table)
    vul = _side_vulnerability(vulnerability)
    first = _dealer_seat(dealer)
    return _Table(tricks, vul, [(first + k) % 4 for k in range(4)]).par()


def par(deal: Any, vulnerability: str = "none", dealer: Any = "S") -> Par:
    """The par of a deal (PBN text, a bridge state, or four hands in N, E,
    S, W order) from its double-dummy table; see ``par_of_table``."""
    _side_vulnerability(vulnerability)  # bad options are told before the solve
    _dealer_seat(dealer)
    return par_of_table(Solver().table(_deal_masks(deal)), vulnerability, dealer)


class _Table:
    """One table under one vulnerability and dealer; sides 0 NS, 1 EW."""

    def __init__(self, tricks: list[list[int]], vul: tuple[bool, bool], order: list[int]):
        self.tricks, self.vul, self.order = tricks, vul, order
        self.best = [[max(tricks[s][side], tricks[s][side + 2]) for s in range(5)] for side in (0, 1)]
        # The rank (0-34, 1C..7NT) of each side's highest making contract in
        # each strain; below 0 when it takes fewer than seven tricks.
        self.top = [[5 * (self.best[side][s] - 7) + s for s in range(5)] for side in (0, 1)]

    def makes(self, side: int, strain: int) -> bool:
        return self.best[side][strain] >= 7

    def declarers(self, side: int, strain: int) -> str:
        return "".join(SEATS[seat] for seat in (side, side + 2)
                       if self.tricks[strain][seat] == self.best[side][strain])

    def primacy(self) -> int | None:
        """The side entitled to a plus score, None if neither makes anything."""
        highest = [max((self.top[side][s] for s in range(5) if self.makes(side, s)), default=-1) for side in (0, 1)]
        if highest[0] != highest[1]:
            return 0 if highest[0] > highest[1] else 1
        if highest[0] < 0:
            return None
        strain = highest[0] % 5  # both make it: whoever can bid it first
        return next(seat % 2 for seat in self.order if self.tricks[strain][seat] == self.best[0][strain])

    def same_strain_sacrifices(self, side: int, rank: int) -> list[tuple[int, int, int]]:
        """Each opponent's sacrifice in the strain of ``rank`` (side's
        contract): (seat, undertricks, rank bid).  An opponent after a player
        of the side who makes ``rank`` exactly must bid a level higher."""
        strain, need = rank % 5, rank // 5 + 7
        out, outbid = [], 0
        for seat in self.order:
            if seat % 2 == side:
                if self.tricks[strain][seat] == need:
                    outbid = 1
            else:
                out.append((seat, need - self.tricks[strain][seat] + outbid, rank + 5 * outbid))
        return out

    def outbid_downs(self, side: int, rank: int) -> list[int]:
        """For each strain, the undertricks the other side takes in its
        cheapest bid over ``rank``."""
        other = 1 - side
        downs = []
        for e in range(5):
            if e == rank % 5:
                down = min(d for _, d, _ in self.same_strain_sacrifices(side, rank))
            else:
                down = _div_toward_zero(rank - self.top[other][e] + 4, 5)
            downs.append(_NO_OUTBID if self.top[other][e] + 5 * down > 34 else down)
        return downs

    def par(self) -> Par:
        side = self.primacy()
        if side is None:
            return Par(0, ())
        other = 1 - side
        value = {s: _made(self.top[side][s], self.vul[side]) for s in range(5) if self.makes(side, s)}
        dearest = min(value, key=lambda s: (-value[s], self.top[side][s]))
        candidates = sorted((s for s in value if self.top[side][s] >= self.top[side][dearest]),
                            key=lambda s: -self.top[side][s])
        best_plus, best_down = 0, 0
        sacrificed: tuple[int, list[int], int] | None = None  # (strain, downs, cost) of the highest
        standing: list[tuple[int, int]] = []  # (strain, margin) of contracts no sacrifice pays against
        for s in candidates:
            rank = self.top[side][s]
            downs = self.outbid_downs(side, rank)
            cost = min(downs)
            margin = _affordable_down(rank, self.vul[side], self.vul[other]) - cost
            if margin >= 0:
                best_down = max(best_down, cost)
                if sacrificed is None:
                    sacrificed = (s, downs, cost)
            else:
                best_plus = max(best_plus, value[s])
                standing.append((s, margin))
        penalty = _penalty(best_down, self.vul[other])
        if sacrificed is None or best_plus > penalty:
            score = best_plus
            contracts = [self.making(side, s, margin) for s, margin in standing if value[s] == best_plus]
        else:
            score = penalty
            contracts = self.sacrifices(side, *sacrificed) if sacrificed[2] == best_down else []
        contracts.sort(key=lambda c: -c.strain)
        return Par(score if side == 0 else -score, tuple(contracts))

    def making(self, side: int, strain: int, margin: int) -> ParContract:
        """Side's contract in ``strain``, bid as low as keeps its bonus and
        still leaves every sacrifice too dear (``margin`` < 0: undertricks
        short of a paying one)."""
        rank = self.top[side][strain]
        lowest = max(rank + 5 * (margin + 1), _floor_rank(rank)) if margin < -1 else rank
        return ParContract(lowest // 5 + 1, strain, self.declarers(side, strain), overtricks=(rank - lowest) // 5)

    def sacrifices(self, side: int, strain: int, downs: list[int], cost: int) -> list[ParContract]:
        """The other side's cheapest sacrifices over side's contract in ``strain``."""
        other, rank = 1 - side, self.top[side][strain]
        out = []
        for e in range(5):
            if downs[e] != cost:
                continue
            if e != strain:
                bid = self.top[other][e] + 5 * cost
                out.append(ParContract(bid // 5 + 1, e, self.declarers(other, e), undertricks=cost))
                continue
            hits = [(seat, bid) for seat, d, bid in self.same_strain_sacrifices(side, rank) if d == cost]
            seat, bid = min(hits, key=lambda h: h[1])
            # both opponents, when both would bid it at the same level
            seats = self.declarers(other, e) if [b for _, b in hits] == [bid, bid] else SEATS[seat]
            out.append(ParContract(bid // 5 + 1, e, seats, undertricks=cost))
        return out


# -- input -----------------------------------------------------------------------
def _checked_table(table: Any) -> list[list[int]]:
    try:
        rows = [list(row) for row in table]
        ok = len(rows) == 5 and all(len(row) == 4 and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 13 for v in row) for row in rows)
    except TypeError:
        ok = False
    if not ok:
        raise ValueError("a double-dummy table has 5 rows (C D H S NT) of 4 trick counts 0-13 (N E S W)")
    return rows


def _side_vulnerability(vulnerability: Any) -> tuple[bool, bool]:
    """(North-South vulnerable, East-West vulnerable): BR-2.2."""
    v = vulnerability.strip().lower() if isinstance(vulnerability, str) else None
    if v not in VULNERABILITY:
        raise InvalidSetupError(f"bad vulnerability {vulnerability!r:.20}: expected "
                                f"{', '.join(VULNERABILITY)}", "BR-2.2")
    return v in ("ns", "both"), v in ("ew", "both")


def _dealer_seat(dealer: Any) -> int:
    """The dealer as N E S W = 0-3, from a letter or name, or the game's seat."""
    if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer <= 3:
        return SEATS.index(_CARDAVIA_SEATS[dealer])
    if isinstance(dealer, str) and dealer.strip().lower() in ("n", "e", "s", "w", "north", "east", "south", "west"):
        return SEATS.index(dealer.strip()[0].upper())
    raise ValueError(f"bad dealer {dealer!r:.20}: expected N, E, S or W (or the game's seat 0-3: "
                     f"South 0, West 1, North 2, East 3)")


def _deal_masks(deal: Any) -> tuple[int, ...]:
    """Four card masks in N, E, S, W order, all 52 cards, 13 each (BR-2.1)."""
    if hasattr(deal, "dealt_masks"):  # a bridge state: its deal as dealt
        return tuple(deal.dealt_masks())
    if isinstance(deal, str):
        text = deal
    else:
        if isinstance(deal, bytes) or not hasattr(deal, "__iter__"):
            raise InvalidSetupError(f"a deal is PBN text or four hands (N, E, S, W), not "
                                    f"{type(deal).__name__}", "BR-2.1")
        hands = list(deal)
        if len(hands) != 4:
            raise InvalidSetupError(f"a deal has four hands (N, E, S, W), got {len(hands)}", "BR-2.1")
        masks = []
        for seat, hand in zip(SEATS, hands):
            if isinstance(hand, int) and not isinstance(hand, bool):
                ids = [c for c in range(hand.bit_length()) if hand >> c & 1] if hand >= 0 else [-1]
            else:
                try:
                    ids = list(to_card_ids(hand))
                except (TypeError, ValueError) as e:
                    raise InvalidSetupError(f"{seat}'s hand: {e}", "BR-2.1") from None
            if any(not 0 <= c < 52 for c in ids):
                raise InvalidSetupError(f"{seat}'s hand holds a card outside the 52 of one pack", "BR-2.1")
            mask = sum(1 << c for c in set(ids))
            if len(ids) != len(set(ids)):
                raise InvalidSetupError(f"{seat}'s hand holds a card twice", "BR-2.1")
            masks.append(mask)
        text = pbn.format_deal(masks)
    try:
        return pbn.parse_deal(text)
    except ValueError as e:
        raise InvalidSetupError(str(e), "BR-2.1") from None
