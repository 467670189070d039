"""A natural bidding system as data (issue 14 part 2): rows of (auction
context, call, constraints on the hand, message id, parameters).

The context is a regular expression over the auction so far as the caller
sees it: the calls after the leading passes, space-separated, passes written
``P`` (``"1NT P"``: partner opened 1NT and the right-hand opponent passed;
``""``: nobody has bid).  The interpreter (``interpreter.py``) takes the first
row whose context matches, whose call is legal and whose constraints the
hand meets; ``explain`` reads a call back as the first row with its context
and call.  Constraints (every one must hold):

``hcp`` / ``pts`` (low, high)
    high-card points (A 4, K 3, Q 2, J 1); points add one a card past four
    in a suit.
``honours``  (suit, n)
    at least n of the A K Q J T there.
``dummy``  (suit, low, high)
    points as dummy in that trump suit: HCP plus 3 for a void, 2 for a
    singleton and 1 for a doubleton (5 and 3 for a void and a singleton
    with four trumps).
``len``  {suit: (low, high)}
    suit lengths; suits are ``C D H S``.
``balanced``  True or False
    4-3-3-3, 4-4-3-2 or 5-3-3-2.
``stop``  suits, ``"theirs"`` or ``"unbid"``
    a stopper (A, Kx, Qxx, Jxxx) in each of those suits, in every suit the
    opponents bid, or in every suit nobody has bid.
``opening_suit``  a suit
    the suit a one-level opening names: the longest of five or more (the
    higher of equals), else the longer minor (1D with 4-4, 1C with 3-3).
``best_of``  (suits, suit)
    ``suit`` is the longest of ``suits`` (the higher of equals).
``rule_of_20``  True
    HCP plus the two longest suits make 20 or more, with 10+ HCP.
``aces``  (low, high)
    aces held; ``partnership_aces`` (low, high): with those partner showed
    in answer to Blackwood.
``four_card_major``  True
    four cards in hearts or spades and no five-card major.
``takeout``  a suit
    three or more cards in each major other than that one.
``overcalls_first``  n
    no suit of six or more cards the opponents have not bid, unless n+ HCP
    (a long suit is overcalled; a takeout double then a suit shows more).
``unbid``  a suit
    a suit the opponents have not bid.
``negative``  two suits
    four or more cards in a major that is neither.
``short_theirs``  n
    at most n cards in every suit the opponents bid.
``combined``  (low, high)
    own points and the least partner showed.
``fit``  a suit
    eight or more cards together, counting those partner showed.
``trumps``  (suit, n)
    n or more cards together, partner having shown three or more there.
``silent_opponents``  True
    the opponents have only passed.
``contested``  True
    the last bid was the opponents'.
``silent_side``  True
    neither the caller nor partner has made a call other than pass.

Parameters name what the call shows and fill the message's English text
in ``MESSAGES`` (``{low}``, ``{high}``, ``{suit}``, ...); a site's catalog
may translate the same ids.
"""
from __future__ import annotations

from typing import Any

SUITS = "CDHS"
MAJORS = "HS"
NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no-trump"}

Rule = tuple[str, str, dict[str, Any], str, dict[str, Any]]
"""(context, call, constraints, message id, parameters)."""

RULES: list[Rule] = []


def rule(context: str, call: str, message: str, params: dict | None = None, **constraints: Any) -> None:
    RULES.append((context, call, constraints, message, dict(params or {})))


def answer_invitation(context: str, call: str, low: int, high: int = 40, points: str = "hcp",
                      message: str = "rebid.accept") -> None:
    """Partner invited: ``call`` with ``low`` to ``high`` (HCP, or ``points="pts"``), else a pass."""
    rule(context, call, message, {"low": low}, **{points: (low, high)})
    rule(context, "pass", "rebid.decline", {"high": low - 1})


def above(suit: str) -> str:
    return SUITS[SUITS.index(suit) + 1:]


def below(suit: str) -> str:
    return SUITS[:SUITS.index(suit)]


NT_RANGE = {"low": 15, "high": 17}
COMPETE_LEVELS = (2, 3, 4)  # the levels the law of total tricks competes to

# -- openings -----------------------------------------------------------------
OPENING = r"^$"
rule(OPENING, "2C", "open.strong", {"low": 22}, hcp=(22, 40))
rule(OPENING, "2NT", "open.nt", {"low": 20, "high": 21}, hcp=(20, 21), balanced=True)
rule(OPENING, "1NT", "open.nt", NT_RANGE, hcp=(15, 17), balanced=True)
for s in "SHDC":
    rule(OPENING, f"1{s}", "open.suit", {"suit": s, "low": 12, "high": 21,
                                          "length": 5 if s in MAJORS else 3},
         hcp=(10, 21), rule_of_20=True, opening_suit=s)
for s in "SHD":
    rule(OPENING, f"2{s}", "open.weak_two", {"suit": s, "low": 6, "high": 10, "length": 6},
         hcp=(6, 10), len={s: (6, 6)})
for s in "SHDC":
    rule(OPENING, f"3{s}", "open.preempt", {"suit": s, "low": 5, "high": 10, "length": 7},
         hcp=(5, 10), len={s: (7, 9)})
rule(OPENING, "pass", "pass.no_opening", {"high": 11})

# -- 1NT and its conventions (Stayman, Jacoby transfers) ------------------------
R1NT = r"^1NT P$"
rule(R1NT, "2H", "resp.transfer", {"suit": "S", "length": 5}, len={"S": (5, 13)}, best_of=("HS", "S"))
rule(R1NT, "2D", "resp.transfer", {"suit": "H", "length": 5}, len={"H": (5, 13)})
rule(R1NT, "2C", "resp.stayman", {"low": 8}, hcp=(8, 40), four_card_major=True)
rule(R1NT, "6NT", "resp.nt", {"low": 17, "high": 19}, hcp=(17, 19))
rule(R1NT, "4NT", "resp.quantitative", {"low": 15, "high": 16}, hcp=(15, 16))
rule(R1NT, "3NT", "resp.nt", {"low": 9, "high": 14}, hcp=(9, 14))
rule(R1NT, "2NT", "resp.invite", {"low": 8, "high": 8}, hcp=(8, 8))
rule(R1NT, "pass", "pass.weak", {"high": 7})
answer_invitation(r"^1NT P 4NT P$", "6NT", 16, high=17)

STAYMAN = r"^1NT P 2C P$"
rule(STAYMAN, "2H", "rebid.stayman_major", {"suit": "H", "length": 4}, len={"H": (4, 5)})
rule(STAYMAN, "2S", "rebid.stayman_major", {"suit": "S", "length": 4}, len={"S": (4, 5)})
rule(STAYMAN, "2D", "rebid.stayman_denial")
for m in MAJORS:
    ctx = rf"^1NT P 2C P 2{m} P$"
    rule(ctx, f"4{m}", "bid.game_fit", {"suit": m, "length": 4}, hcp=(10, 15), len={m: (4, 13)})
    rule(ctx, f"3{m}", "bid.invite_fit", {"suit": m, "length": 4}, hcp=(8, 9), len={m: (4, 13)})
    answer_invitation(rf"^1NT P 2C P 2{m} P 3{m} P$", f"4{m}", 16, high=17)
# responder's 3NT or 2NT over 2H has four spades (why else Stayman); opener, who shows hearts first, may hold them too
rule(r"^1NT P 2C P 2H P 3NT P$", "4S", "rebid.other_major", {"suit": "S", "length": 4}, len={"S": (4, 13)})
rule(r"^1NT P 2C P 2H P 2NT P$", "4S", "rebid.other_major", {"suit": "S", "length": 4}, hcp=(16, 17),
     len={"S": (4, 13)})
rule(r"^1NT P 2C P 2[DHS] P$", "3NT", "resp.nt", {"low": 10, "high": 15}, hcp=(10, 15))
rule(r"^1NT P 2C P 2[DHS] P$", "2NT", "resp.invite", {"low": 8, "high": 9}, hcp=(8, 9))
answer_invitation(r"^1NT P (?:2C P 2[DHS] P )?2NT P$", "3NT", 16, high=17)

# (A super-accept, 3M with four trumps and 17 as dummy, responder's 4M from 5 points: seed 7 -0.003
# [-0.042, +0.036], seven auctions changed; left out.)
for bid, m in (("2D", "H"), ("2H", "S")):
    rule(rf"^1NT P {bid} P$", f"2{m}", "rebid.complete_transfer", {"suit": m})
    ctx = rf"^1NT P {bid} P 2{m} P$"
    rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, hcp=(10, 15), len={m: (6, 13)})
    rule(ctx, "3NT", "bid.choice_of_games", {"suit": m, "length": 5}, hcp=(10, 15), len={m: (5, 5)})
    rule(ctx, f"3{m}", "bid.invite_long", {"suit": m, "length": 6}, hcp=(8, 9), len={m: (6, 13)})
    rule(ctx, "2NT", "bid.invite_five", {"suit": m, "length": 5}, hcp=(8, 9), len={m: (5, 5)})
    rule(ctx, "pass", "pass.signoff", {"high": 7})
    rule(rf"^1NT P {bid} P 2{m} P 3NT P$", f"4{m}", "rebid.fit", {"suit": m, "length": 3}, len={m: (3, 13)})
    rule(rf"^1NT P {bid} P 2{m} P 3NT P$", "pass", "rebid.no_fit", {"suit": m})
    rule(rf"^1NT P {bid} P 2{m} P 2NT P$", f"4{m}", "rebid.accept", {"low": 16}, hcp=(16, 17), len={m: (3, 13)})
    rule(rf"^1NT P {bid} P 2{m} P 2NT P$", "3NT", "rebid.accept", {"low": 16}, hcp=(16, 17))
    rule(rf"^1NT P {bid} P 2{m} P 2NT P$", f"3{m}", "rebid.decline", {"high": 15}, len={m: (3, 13)})
    rule(rf"^1NT P {bid} P 2{m} P 2NT P$", "pass", "rebid.decline", {"high": 15})
    rule(rf"^1NT P {bid} P 2{m} P 2NT P 3{m} P$", "pass", "pass.minimum", {})  # the invitation declined
    answer_invitation(rf"^1NT P {bid} P 2{m} P 3{m} P$", f"4{m}", 16, high=17)

# -- 2NT and 2C ---------------------------------------------------------------
R2NT = r"^2NT P$"
rule(R2NT, "3H", "resp.transfer", {"suit": "S", "length": 5}, len={"S": (5, 13)}, best_of=("HS", "S"), hcp=(4, 40))
rule(R2NT, "3D", "resp.transfer", {"suit": "H", "length": 5}, len={"H": (5, 13)}, hcp=(4, 40))
rule(R2NT, "3C", "resp.stayman", {"low": 4}, hcp=(4, 40), four_card_major=True)
rule(R2NT, "6NT", "resp.nt", {"low": 12, "high": 13}, hcp=(12, 13))
rule(R2NT, "4NT", "resp.quantitative", {"low": 10, "high": 11}, hcp=(10, 11))
rule(R2NT, "3NT", "resp.nt", {"low": 4, "high": 9}, hcp=(4, 9))
answer_invitation(r"^2NT P 4NT P$", "6NT", 21, high=21)
rule(R2NT, "pass", "pass.weak", {"high": 3})
rule(r"^2NT P 3C P$", "3H", "rebid.stayman_major", {"suit": "H", "length": 4}, len={"H": (4, 5)})
rule(r"^2NT P 3C P$", "3S", "rebid.stayman_major", {"suit": "S", "length": 4}, len={"S": (4, 5)})
rule(r"^2NT P 3C P$", "3D", "rebid.stayman_denial")
for m in MAJORS:
    rule(rf"^2NT P 3C P 3{m} P$", f"4{m}", "bid.game_fit", {"suit": m, "length": 4}, len={m: (4, 13)})
rule(r"^2NT P 3C P 3[DHS] P$", "3NT", "resp.nt", {"low": 4, "high": 11})
for bid, m in (("3D", "H"), ("3H", "S")):
    rule(rf"^2NT P {bid} P$", f"3{m}", "rebid.complete_transfer", {"suit": m})
    rule(rf"^2NT P {bid} P 3{m} P$", f"4{m}", "bid.game_long", {"suit": m, "length": 6}, len={m: (6, 13)})
    rule(rf"^2NT P {bid} P 3{m} P$", "3NT", "bid.choice_of_games", {"suit": m, "length": 5})
    rule(rf"^2NT P {bid} P 3{m} P 3NT P$", f"4{m}", "rebid.fit", {"suit": m, "length": 3}, len={m: (3, 13)})

rule(r"^2C P$", "2D", "resp.waiting")
rule(r"^2C P 2D P$", "3NT", "rebid.nt", {"low": 25, "high": 27}, hcp=(25, 27), balanced=True)
rule(r"^2C P 2D P$", "2NT", "rebid.nt", {"low": 22, "high": 24}, hcp=(22, 24), balanced=True)
for s in "SHDC":
    level = 2 if s in MAJORS else 3
    rule(r"^2C P 2D P$", f"{level}{s}", "rebid.suit", {"suit": s, "length": 5}, len={s: (5, 13)},
         best_of=(SUITS, s))
for m in MAJORS:
    rule(rf"^2C P 2D P 2{m} P$", f"4{m}", "bid.game_fit", {"suit": m, "length": 3}, len={m: (3, 13)})
    rule(rf"^2C P 2D P 2{m} P 2NT P$", f"4{m}", "rebid.long", {"suit": m, "length": 6}, len={m: (6, 13)})
    rule(rf"^2C P 2D P 2{m} P 2NT P$", "3NT", "rebid.game", {"low": 22})
rule(r"^2C P 2D P 2[HS] P$", "2NT", "resp.negative", {"high": 40})
rule(r"^2C P 2D P 2NT P$", "6NT", "resp.nt", {"low": 10, "high": 14}, hcp=(10, 14))
rule(r"^2C P 2D P 2NT P$", "4NT", "resp.quantitative", {"low": 8, "high": 9}, hcp=(8, 9))
answer_invitation(r"^2C P 2D P 2NT P 4NT P$", "6NT", 23, high=24)
rule(r"^2C P 2D P 3NT P$", "6NT", "resp.nt", {"low": 7, "high": 11}, hcp=(7, 11))
rule(r"^2C P 2D P 3NT P$", "4NT", "resp.quantitative", {"low": 5, "high": 6}, hcp=(5, 6))
answer_invitation(r"^2C P 2D P 3NT P 4NT P$", "6NT", 26, high=27)
rule(r"^2C P 2D P (?:2NT|3[CD]) P$", "3NT", "bid.game", {"low": 3}, hcp=(3, 40))

# -- responses to one of a suit ------------------------------------------------
def splinters(major: str) -> dict[str, str]:
    """The splinter bids over one of ``major``, by the short suit: the double jump in each other suit."""
    return {"S": "3S", "C": "4C", "D": "4D"} if major == "H" else {"C": "4C", "D": "4D", "H": "4H"}


for x in SUITS:
    ctx = rf"^1{x} P$"
    if x in MAJORS:
        rule(ctx, "4NT", "ask.blackwood", {"low": 18}, dummy=(x, 18, 40), len={x: (4, 13)})
        for short, bid in splinters(x).items():  # a game raise with a singleton or void: shape for slam
            rule(ctx, bid, "resp.splinter", {"suit": x, "length": 4, "short": short, "low": 11, "high": 15},
                 hcp=(11, 15), len={x: (4, 13), short: (0, 1)})
        rule(ctx, f"4{x}", "resp.raise_game", {"suit": x, "length": 4, "low": 13}, dummy=(x, 13, 40),
             len={x: (4, 13)})
        rule(ctx, f"3{x}", "resp.limit_raise", {"suit": x, "length": 4, "low": 10, "high": 12},
             dummy=(x, 10, 12), len={x: (4, 13)})
        rule(ctx, f"2{x}", "resp.raise", {"suit": x, "length": 3, "low": 6, "high": 9},
             dummy=(x, 6, 9), len={x: (3, 13)})
    for y in above(x):  # a new suit at the one level: majors before diamonds, the longer major first
        if y == "D":
            continue
        rule(ctx, f"1{y}", "resp.new_suit", {"suit": y, "length": 4, "low": 6}, pts=(6, 40), len={y: (4, 13)},
             best_of=("".join(m for m in MAJORS if m in above(x)), y))
    if x == "C":
        rule(ctx, "1D", "resp.new_suit", {"suit": "D", "length": 4, "low": 6}, pts=(6, 40), len={"D": (4, 13)})
    if x not in MAJORS:
        rule(ctx, "3NT", "resp.nt", {"low": 13, "high": 15}, hcp=(13, 15), balanced=True)
        rule(ctx, "2NT", "resp.nt", {"low": 11, "high": 12}, hcp=(11, 12), balanced=True)
        support = 4 if x == "D" else 5
        rule(ctx, f"3{x}", "resp.limit_raise", {"suit": x, "length": support, "low": 10, "high": 12},
             pts=(10, 12), len={x: (support, 13)})
    for y in below(x):  # two over one
        need = 5 if y == "H" else 4
        rule(ctx, f"2{y}", "resp.two_over_one", {"suit": y, "length": need, "low": 11}, pts=(11, 40),
             len={y: (need, 13)}, best_of=(below(x), y))
    if x in MAJORS:
        rule(ctx, "3NT", "resp.nt", {"low": 13, "high": 15}, hcp=(13, 15), balanced=True)
        rule(ctx, "2NT", "resp.nt", {"low": 11, "high": 12}, hcp=(11, 12), balanced=True)
    else:
        support = 4 if x == "D" else 5
        rule(ctx, f"2{x}", "resp.raise", {"suit": x, "length": support, "low": 6, "high": 9},
             pts=(6, 9), len={x: (support, 13)})
    rule(ctx, "1NT", "resp.1nt", {"low": 6, "high": 10}, hcp=(6, 10))
    rule(ctx, "pass", "pass.weak", {"high": 5}, pts=(0, 5))

# -- opener's rebid --------------------------------------------------------------
for m in MAJORS:  # after a splinter: game, unless the simulation finds the slam (the shortness helps it)
    for bid in splinters(m).values():
        rule(rf"^1{m} P {bid} P$", f"4{m}", "bid.game_fit", {"suit": m, "trumps": 9})


def jump_shifts(x: str, y: str) -> dict[str, str]:
    """After 1x 1y, opener's jump shift in each other suit: a new suit a level higher than needed."""
    return {z: f"{(1 if z in above(y) else 2) + 1}{z}" for z in SUITS if z not in (x, y)}


def strong_six_card_rebids(ctx: str, x: str) -> None:
    """Opener's rebid of a six-card suit with 16+: game in a major with 19+, else the jump (16-18 in a
    major, 16+ in a minor); the two-level rebid below it is the minimum."""
    if x in MAJORS:
        rule(ctx, f"4{x}", "rebid.game", {"low": 19}, pts=(19, 40), len={x: (6, 13)})
    jump = {"suit": x, "length": 6, "low": 16, "high": 18} if x in MAJORS else {"suit": x, "length": 6, "low": 16}
    rule(ctx, f"3{x}", "rebid.own_suit", jump, pts=(16, 40), len={x: (6, 13)})


for x in SUITS:
    for y in above(x):
        ctx = rf"^1{x} P 1{y} P$"
        if y in MAJORS:
            rule(ctx, f"4{y}", "rebid.raise", {"suit": y, "length": 4, "low": 19, "high": 21}, pts=(19, 21),
                 len={y: (4, 13)})
            rule(ctx, f"3{y}", "rebid.raise", {"suit": y, "length": 4, "low": 16, "high": 18}, pts=(16, 18),
                 len={y: (4, 13)})
            rule(ctx, f"2{y}", "rebid.raise", {"suit": y, "length": 4, "low": 12, "high": 15}, pts=(12, 15),
                 len={y: (4, 13)})
        for z in above(y):
            if z in MAJORS:
                rule(ctx, f"1{z}", "rebid.new_suit", {"suit": z, "length": 4}, len={z: (4, 13)})
        rule(ctx, "2NT", "rebid.nt", {"low": 18, "high": 19}, hcp=(18, 19), balanced=True)
        rule(ctx, "1NT", "rebid.nt", {"low": 12, "high": 14}, hcp=(12, 14), balanced=True)
        strong_six_card_rebids(ctx, x)
        jumps = jump_shifts(x, y)
        for z, jump in jumps.items():
            rule(ctx, jump, "rebid.jump_shift", {"suit": z, "length": 4, "low": 19}, pts=(19, 40),
                 len={z: (4, 13)}, best_of=("".join(jumps), z))
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6, "low": 12, "high": 15}, len={x: (6, 13)},
             pts=(0, 15))
        for z in below(x):
            rule(ctx, f"2{z}", "rebid.new_suit", {"suit": z, "length": 4}, len={z: (4, 13)}, best_of=(below(x), z))
        # (raising on three trumps and a singleton before a new suit: seeds 7, 2, 1 -0.003, -0.005, +0.025)
        rule(ctx, f"2{y}", "rebid.raise", {"suit": y, "length": 3}, len={y: (3, 13)})
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 5}, len={x: (5, 13)})
        rule(ctx, "1NT", "rebid.nt", {"low": 12, "high": 14})
    ctx = rf"^1{x} P 1NT P$"
    strong_six_card_rebids(ctx, x)
    rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)}, pts=(0, 15))
    rule(ctx, "2NT", "rebid.invite", {"low": 16, "high": 19}, hcp=(16, 19))
    for z in below(x):
        rule(ctx, f"2{z}", "rebid.new_suit", {"suit": z, "length": 4}, len={z: (4, 13)}, best_of=(below(x), z))
    rule(ctx, "pass", "pass.minimum", {"high": 15})
    answer_invitation(rf"^1{x} P 1NT P 2NT P$", "3NT", 8, high=10)
    ctx = rf"^1{x} P 2{x} P$"
    if x in MAJORS:
        rule(ctx, f"4{x}", "rebid.game", {"low": 18}, pts=(18, 40))
        rule(ctx, f"3{x}", "rebid.invite", {"low": 15, "high": 17}, pts=(15, 17))
    else:
        rule(ctx, "3NT", "rebid.nt", {"low": 18, "high": 19}, hcp=(18, 21), stop="SH")
    rule(ctx, "pass", "pass.minimum", {"high": 15})
    ctx = rf"^1{x} P 3{x} P$"
    if x in MAJORS:
        rule(ctx, "4NT", "ask.blackwood", {"low": 20}, pts=(20, 40))
        rule(ctx, f"4{x}", "rebid.accept", {"low": 13}, pts=(13, 40))
    else:
        rule(ctx, "3NT", "rebid.accept", {"low": 13}, hcp=(13, 40))
    rule(ctx, "pass", "rebid.decline", {"high": 12})
    answer_invitation(rf"^1{x} P 2NT P$", "3NT", 13)  # 11-12 opposite: 24+
    for y in below(x):
        ctx = rf"^1{x} P 2{y} P$"
        rule(ctx, "3NT", "rebid.nt", {"low": 18, "high": 19}, hcp=(18, 19), balanced=True)
        rule(ctx, f"3{y}", "rebid.raise", {"suit": y, "length": 4}, len={y: (4, 13)}, pts=(12, 40))
        rule(ctx, f"3{x}", "rebid.own_suit", {"suit": x, "length": 6, "low": 16}, pts=(16, 40), len={x: (6, 13)})
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 5}, len={x: (6, 13)})
        rule(ctx, "2NT", "rebid.nt", {"low": 12, "high": 14}, hcp=(12, 14), balanced=True)
        for z in above(y):
            if z != x:
                rule(ctx, f"2{z}", "rebid.new_suit", {"suit": z, "length": 4}, len={z: (4, 13)})
        for z in below(y):  # a second suit below partner's: at the three level
            rule(ctx, f"3{z}", "rebid.new_suit", {"suit": z, "length": 4}, len={z: (4, 13)})
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 5})

# -- responder's second call -------------------------------------------------------
for x in SUITS:
    for y in above(x):
        if y in MAJORS:
            # (counting shortness as dummy points once raised, here and in opener's rebid over 1M P 2M:
            # seed 7 +0.027 [+0.005, +0.049], 6 auctions worse and none better: games overbid)
            rule(rf"^1{x} P 1{y} P 2{y} P$", f"4{y}", "bid.game_fit", {"suit": y, "length": 4, "low": 13},
                 pts=(13, 40))
            rule(rf"^1{x} P 1{y} P 2{y} P$", f"3{y}", "bid.invite_fit", {"suit": y, "low": 11, "high": 12},
                 pts=(11, 12))
            rule(rf"^1{x} P 1{y} P 3{y} P$", f"4{y}", "bid.game_fit", {"suit": y, "low": 8}, pts=(8, 40))
            rule(rf"^1{x} P 1{y} P 1NT P$", f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(13, 40),
                 len={y: (6, 13)})
            rule(rf"^1{x} P 1{y} P 1NT P$", f"2{y}", "bid.signoff_long", {"suit": y, "length": 6}, pts=(6, 10),
                 len={y: (6, 13)})
            rule(rf"^1{x} P 1{y} P 1NT P$", f"3{y}", "bid.choice_of_games", {"suit": y, "length": 5},
                 hcp=(12, 17), len={y: (5, 5)})
            if x in "CD":  # new minor forcing: five of the major and invitational values ask for three-card support
                nmf = "2D" if x == "C" else "2C"
                rule(rf"^1{x} P 1{y} P 1NT P$", nmf, "ask.new_minor", {"suit": y, "length": 5, "low": 10, "high": 11},
                     hcp=(10, 11), len={y: (5, 5)})
                asked = rf"^1{x} P 1{y} P 1NT P {nmf} P"
                rule(f"{asked}$", f"3{y}", "rebid.fit", {"suit": y, "length": 3}, hcp=(14, 14), len={y: (3, 3)})
                rule(f"{asked}$", f"2{y}", "rebid.fit", {"suit": y, "length": 3}, len={y: (3, 3)})
                rule(f"{asked}$", "3NT", "rebid.no_fit", {"suit": y}, hcp=(14, 14))
                rule(f"{asked}$", "2NT", "rebid.no_fit", {"suit": y})
                rule(f"{asked} 2{y} P$", f"4{y}", "bid.game_fit", {"suit": y, "length": 5}, pts=(11, 40))
                rule(f"{asked} 3{y} P$", f"4{y}", "bid.game_fit", {"suit": y, "length": 5})
                rule(f"{asked} 2NT P$", "3NT", "bid.game", {"low": 11}, hcp=(11, 40))
                rule(f"{asked} 2(?:{y}|NT) P$", "pass", "pass.minimum", {})
        rule(rf"^1{x} P 1{y} P 1NT P$", "3NT", "resp.nt", {"low": 12, "high": 17}, hcp=(12, 17))
        rule(rf"^1{x} P 1{y} P 1NT P$", "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11))
        rule(rf"^1{x} P 1{y} P 2NT P$", "6NT", "resp.nt", {"low": 14, "high": 17}, hcp=(14, 17))
        rule(rf"^1{x} P 1{y} P 2NT P$", "3NT", "bid.game", {"low": 6})
        if x in MAJORS:
            rule(rf"^1{x} P 1{y} P 2{x} P$", f"4{x}", "bid.game_fit", {"suit": x, "length": 3}, pts=(13, 40),
                 len={x: (3, 13)})
for m in MAJORS:  # a fit in opener's major before no-trump; responder's own long major
    rule(rf"^1{m} P (?:1S|2[CDH]) P (?:1NT|2[CDHS]|3[CD]) P$", f"4{m}", "bid.game_fit", {"suit": m, "length": 3},
         pts=(12, 40), len={m: (3, 13)})
    for x in SUITS:
        if m in above(x):  # 1x 1M 1NT 3M (five of the major, game values): opener chooses
            rule(rf"^1{x} P 1{m} P 1NT P 3{m} P$", f"4{m}", "rebid.fit", {"suit": m, "length": 3}, len={m: (3, 13)})
            rule(rf"^1{x} P 1{m} P 1NT P 3{m} P$", "3NT", "rebid.no_fit", {"suit": m})
        if m in below(x):  # 1S 2H 2S: six hearts and game values
            rule(rf"^1{x} P 2{m} P 2{x} P$", f"4{m}", "bid.game_long", {"suit": m, "length": 6}, pts=(12, 40),
                 len={m: (6, 13)})
            rule(rf"^1{x} P 2{m} P 2{x} P$", f"4{x}", "bid.game_fit", {"suit": x, "length": 2}, pts=(12, 40),
                 len={x: (2, 13)})
# Before no-trump over opener's second suit: a four-card fit in his new major, then responder's own
# six-card major (it bid 3NT with six spades and slam values).
for x in SUITS:
    for y in above(x):
        for z in above(y):
            if z in MAJORS:
                ctx = rf"^1{x} P 1{y} P 1{z} P$"
                rule(ctx, f"4{z}", "bid.game_fit", {"suit": z, "length": 4}, dummy=(z, 12, 40), len={z: (4, 13)})
                rule(ctx, f"3{z}", "bid.invite_fit", {"suit": z, "low": 10, "high": 11}, dummy=(z, 10, 11),
                     len={z: (4, 13)})
                rule(ctx, f"2{z}", "rebid.raise", {"suit": z, "length": 4}, dummy=(z, 6, 9), len={z: (4, 13)})
for y in MAJORS:
    ctx = rf"^1[CDHS] P (?:1{y}|2{y}) P (?:1[HS]|2[CDHS]) P$"
    rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(13, 40), len={y: (6, 13)})
rule(r"^1[CDHS] P (?:1[DHS]|2[CDH]) P (?:1[HS]|2[CDHS]) P$", "3NT", "resp.nt", {"low": 12, "high": 17},
     hcp=(12, 17), stop="unbid")
rule(r"^1[CDHS] P (?:1[DHS]|2[CDH]) P (?:1[HS]|2[CDHS]|3[CD]) P$", "2NT", "resp.invite", {"low": 10, "high": 11},
     hcp=(10, 11), stop="unbid")
for x in SUITS:  # responder after opener's second suit
    for y in above(x):
        for z in above(y):  # a new suit at the one level (no-trump is read by the rows above)
            ctx = rf"^1{x} P 1{y} P 1{z} P$"
            rule(ctx, f"2{y}", "bid.signoff_long", {"suit": y, "length": 6}, hcp=(6, 10), len={y: (6, 13)})
            rule(ctx, "1NT", "resp.1nt", {"low": 8, "high": 10}, hcp=(8, 10))
        for z in below(x):  # a new lower suit at the two level
            ctx = rf"^1{x} P 1{y} P 2{z} P$"
            rule(ctx, "3NT", "resp.nt", {"low": 12, "high": 17}, hcp=(12, 17), stop="unbid")
            rule(ctx, "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11), stop="unbid")
            rule(ctx, f"2{y}", "bid.signoff_long", {"suit": y, "length": 6}, hcp=(6, 10), len={y: (6, 13)})
            rule(ctx, f"2{x}", "bid.preference", {"suit": x}, len={x: (3, 13)}, best_of=(x + z, x))
for x in SUITS:  # responder after opener's jump shift (19+, forcing): game, a fit first; slam is simulated
    for y in above(x):
        for z, jump in jump_shifts(x, y).items():
            ctx = rf"^1{x} P 1{y} P {jump} P$"
            if x in MAJORS:
                rule(ctx, f"4{x}", "bid.game_fit", {"suit": x, "length": 3}, len={x: (3, 13)})
            if z in MAJORS:
                rule(ctx, f"4{z}", "bid.game_fit", {"suit": z, "length": 4}, len={z: (4, 13)})
            rule(ctx, "3NT", "bid.game", {"low": 6})  # forced: the 6+ of the response
for x in SUITS:  # responder after opener's jump rebid of his suit (16-18): game with 8+
    for y in above(x):
        ctx = rf"^1{x} P 1{y} P 3{x} P$"
        if x in MAJORS:
            rule(ctx, f"4{x}", "bid.game_fit", {"suit": x, "length": 2}, pts=(8, 40), len={x: (2, 13)})
        rule(ctx, "3NT", "bid.game", {"low": 8}, hcp=(8, 40), stop="unbid")
        if y in MAJORS:
            rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(8, 40), len={y: (6, 13)})
        if x not in MAJORS:
            rule(ctx, f"5{x}", "bid.game_fit", {"suit": x, "length": 3}, pts=(9, 40), len={x: (3, 13)})
            rule(ctx, "3NT", "bid.game", {"low": 9}, hcp=(9, 40))
        rule(ctx, "pass", "pass.minimum", {"high": 7})
for y in SUITS:  # responder's second call with a long suit of his own: game, invitation or sign-off
    ctx = rf"^1[CDHS] P (?:1{y}|2{y}) P (?:1[HSN]T?|2[CDHS]|3[CD]) P$"
    if y in MAJORS:
        rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(13, 40), len={y: (6, 13)})
    rule(ctx, f"3{y}", "bid.invite_long", {"suit": y, "length": 6}, pts=(10, 12), len={y: (6, 13)})
    rule(ctx, f"2{y}", "bid.signoff_long", {"suit": y, "length": 6}, pts=(6, 10), len={y: (6, 13)})
rule(r"^1[CDHS] P (?:1[DHSN]T?|2[CDH]) P \S+ P$", "pass", "pass.minimum", {"high": 10}, hcp=(0, 10), combined=(0, 24))
rule(r"^1[HS] P 2[HS] P 3[HS] P$", "4S", "bid.accept_invite", {"low": 8}, pts=(8, 9), len={"S": (3, 13)})
rule(r"^1[HS] P 2[HS] P 3[HS] P$", "4H", "bid.accept_invite", {"low": 8}, pts=(8, 9), len={"H": (3, 13)})
rule(r"^1[HS] P 2[HS] P 3[HS] P$", "pass", "rebid.decline", {"high": 7})

# -- Blackwood ---------------------------------------------------------------------
BLACKWOOD = r"[1-7][CDHS] P 4NT P$"
rule(BLACKWOOD, "5C", "answer.blackwood", {"aces": "0/4"}, aces=(0, 0))
rule(BLACKWOOD, "5C", "answer.blackwood", {"aces": "0/4"}, aces=(4, 4))
rule(BLACKWOOD, "5D", "answer.blackwood", {"aces": 1}, aces=(1, 1))
rule(BLACKWOOD, "5H", "answer.blackwood", {"aces": 2}, aces=(2, 2))
rule(BLACKWOOD, "5S", "answer.blackwood", {"aces": 3}, aces=(3, 3))
for s in SUITS:
    asked = rf"[1-7]{s} P 4NT P 5[CDHS] P$"  # partner bid the suit, I asked, he answered
    rule(asked, f"6{s}", "bid.slam", {"suit": s}, partnership_aces=(3, 4))
    rule(asked, f"5{s}", "bid.signoff", {"suit": s}, partnership_aces=(0, 2))
rule(r"4NT P 5[CDHS] P$", "pass", "bid.signoff", {})
rule(r"4NT P 5[CDHS] P 5[CDHS] P$", "pass", "pass.game_reached", {})  # the asker signed off

# -- competition -----------------------------------------------------------------------
for x in SUITS:
    for ctx, direct in ((rf"^1{x}$", True), (rf"^1{x} P P$", False)):
        if not direct:  # the balancing seat (their opening passed round): lighter, partner has values
            # that did not bid; the direct seat's rows below it would never reach are left out. (The advancer
            # of a balancing double counting a king less as well: no better on 1,800 deals.)
            rule(ctx, "X", "double.takeout", {"low": 9, "short": x}, hcp=(9, 40), len={x: (0, 2)}, takeout=x,
                 overcalls_first=17)
            rule(ctx, "1NT", "overcall.nt", {"low": 11, "high": 14}, hcp=(11, 14), balanced=True, stop=x)
            rule(ctx, "X", "double.takeout", {"low": 15}, hcp=(15, 18), balanced=True)  # not a 1NT of 11-14
            for y in above(x):
                rule(ctx, f"1{y}", "overcall.suit", {"suit": y, "length": 5, "low": 7, "high": 16}, hcp=(7, 16),
                     len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
            for y in below(x):
                rule(ctx, f"2{y}", "overcall.suit", {"suit": y, "length": 5, "low": 9, "high": 16}, hcp=(9, 16),
                     len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
        if direct:
            rule(ctx, "1NT", "overcall.nt", {"low": 15, "high": 18}, hcp=(15, 18), balanced=True, stop=x)
            rule(ctx, "X", "double.takeout", {"low": 12, "short": x}, hcp=(12, 40), len={x: (0, 2)}, takeout=x,
                 overcalls_first=17)
        rule(ctx, "X", "double.takeout", {"low": 17}, hcp=(17, 40))
        for y in above(x):
            if direct:
                rule(ctx, f"1{y}", "overcall.suit", {"suit": y, "length": 5, "low": 8, "high": 16}, hcp=(8, 16),
                     len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
            rule(ctx, f"2{y}", "overcall.weak_jump", {"suit": y, "length": 6, "low": 5, "high": 10}, hcp=(5, 10),
                 len={y: (6, 13)})
        for y in below(x):
            if direct:
                rule(ctx, f"2{y}", "overcall.suit", {"suit": y, "length": 5, "low": 11, "high": 16},
                     hcp=(11, 16), len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
        rule(ctx, "pass", "pass.no_overcall", {})
# (A lighter balancing seat over a weak two, doubling from 10 HCP short in their suit and naming a five-card
# suit from 8 at the two level, 10 at the three: seeds 7, 2, 1 +0.004, -0.015, +0.018, noise; left out.)
for x in "DHSC":
    for lv in (2, 3):
        if lv == 2 and x == "C":
            continue
        for ctx in (rf"^{lv}{x}$", rf"^{lv}{x} P P$"):
            rule(ctx, "3NT", "overcall.nt", {"low": 16, "high": 19}, hcp=(16, 19), stop=x)
            if lv == 2:
                rule(ctx, "2NT", "overcall.nt", {"low": 15, "high": 18}, hcp=(15, 18), balanced=True, stop=x)
            rule(ctx, "X", "double.takeout", {"low": 13, "short": x}, hcp=(13, 40), len={x: (0, 2)}, takeout=x,
                 overcalls_first=18)
            rule(ctx, "X", "double.takeout", {"low": 15}, hcp=(15, 40), len={x: (0, 3)}, takeout=x,
                 overcalls_first=18)
            rule(ctx, "X", "double.takeout", {"low": 17}, hcp=(17, 40))  # too strong to pass, no suit or stopper
            for y in "SHDC":
                if y != x:
                    for level in (2, 3):
                        rule(ctx, f"{level}{y}", "overcall.suit", {"suit": y, "length": 5 + level - 2, "low": 12,
                                                                  "high": 17}, hcp=(12, 17),
                             len={y: (5 + level - 2, 13)}, best_of=(SUITS.replace(x, ""), y))
            rule(ctx, "pass", "pass.no_overcall", {})
rule(r"^1NT$", "X", "double.penalty", {"low": 16}, hcp=(16, 40))
for y in SUITS:
    rule(r"^1NT$", f"2{y}", "overcall.suit", {"suit": y, "length": 6, "low": 8, "high": 15}, hcp=(8, 15),
         len={y: (6, 13)})
rule(r"^1NT$", "pass", "pass.no_overcall", {})
for y in SUITS:  # a weak hand runs from a penalty double of 1NT to its five-card suit
    rule(r"^1NT X$", f"2{y}", "bid.signoff_long", {"suit": y, "length": 5}, hcp=(0, 7), len={y: (5, 13)},
         best_of=(SUITS, y))
    rule(r"^1NT X P$", f"2{y}", "bid.signoff_long", {"suit": y, "length": 5}, hcp=(0, 4), len={y: (5, 13)},
         best_of=(SUITS, y))
    for x in SUITS.replace(y, ""):
        rule(rf"^1{x} 1NT X$", f"2{y}", "bid.signoff_long", {"suit": y, "length": 5}, hcp=(0, 6), len={y: (5, 13)},
             best_of=(SUITS.replace(x, ""), y))

for x in SUITS:  # advancing partner's overcall
    for y in above(x):
        ctx = rf"^1{x} 1{y} [PX]$"  # (over a negative double too)
        if y in MAJORS:
            rule(ctx, f"4{y}", "advance.raise_game", {"suit": y, "length": 4, "low": 13}, pts=(13, 40),
                 len={y: (4, 13)})
        rule(ctx, f"3{y}", "advance.raise", {"suit": y, "length": 4, "low": 11, "high": 12}, pts=(11, 12),
             len={y: (4, 13)})
        rule(ctx, f"2{y}", "advance.raise", {"suit": y, "length": 3, "low": 6, "high": 10}, pts=(6, 10),
             len={y: (3, 13)})
        rule(ctx, "3NT", "advance.nt", {"low": 15}, hcp=(15, 40), stop=x)
        rule(ctx, "2NT", "advance.nt", {"low": 12, "high": 14}, hcp=(12, 14), stop=x)
        rule(ctx, "1NT", "advance.nt", {"low": 8, "high": 11}, hcp=(8, 11), stop=x)
        rule(ctx, "pass", "pass.competitive", {})
    for ctx in (rf"^1{x} X P$", rf"^1{x} P P X P$", rf"^1{x} X XX$"):  # advancing a takeout double
        if "XX" not in ctx:
            rule(ctx, "pass", "pass.penalty", {"suit": x, "length": 5}, hcp=(8, 40), len={x: (5, 13)},
                 honours=(x, 3))
        rule(ctx, "3NT", "advance.nt", {"low": 13}, hcp=(13, 40), stop=x)
        rule(ctx, "2NT", "advance.nt", {"low": 11, "high": 12}, hcp=(11, 12), stop=x)
        for y in "SHDC":
            if y == x:
                continue
            level = 1 if y in above(x) else 2
            best = ("".join(s for s in SUITS if s != x), y)
            if y in MAJORS:
                rule(ctx, f"4{y}", "advance.game", {"suit": y, "length": 5, "low": 12}, hcp=(12, 40),
                     len={y: (5, 13)}, best_of=best)
            rule(ctx, f"{level + 1}{y}", "advance.jump", {"suit": y, "length": 4, "low": 9, "high": 11},
                 hcp=(9, 11), len={y: (4, 13)}, best_of=best)
            if y not in MAJORS and level == 1:
                rule(ctx, "1NT", "advance.nt", {"low": 6, "high": 10}, hcp=(6, 10), stop=x)
            rule(ctx, f"{level}{y}", "advance.cheapest", {"suit": y, "high": 8, "length": 4}, best_of=best)
    ctx = rf"^1{x} X XX P P$"  # the doubler runs from a redouble
    for y in "SHDC":
        if y != x:
            for lv in (1, 2):
                rule(ctx, f"{lv}{y}", "advance.cheapest", {"suit": y, "high": 40, "length": 3},
                     best_of=(SUITS.replace(x, ""), y))
    for y in MAJORS.replace(x, ""):  # the doubler raises the advancer's major: the cheapest (0-8), the jump (9-11)
        level = 1 if y in above(x) else 2
        ctx = rf"^1{x} X P {level}{y} P$"
        rule(ctx, f"4{y}", "bid.game_fit", {"suit": y, "length": 4}, dummy=(y, 19, 40), len={y: (4, 13)})
        rule(ctx, f"{level + 1}{y}", "bid.invite_fit", {"suit": y}, dummy=(y, 16, 18), len={y: (4, 13)})
        answer_invitation(rf"^1{x} X P {level}{y} P {level + 1}{y} P$", f"4{y}", 6, points="pts",
                          message="bid.accept_invite")
        ctx = rf"^1{x} X P {level + 1}{y} P$"
        rule(ctx, f"4{y}", "bid.game_fit", {"suit": y, "length": 4}, dummy=(y, 13, 40), len={y: (4, 13)})
    rule(rf"^1{x} X P [23][CDHS] P$", "3NT", "bid.game", {"low": 15}, hcp=(15, 40), stop=x)
    ctx = rf"^1{x} X P 1[DHS] P$|^1{x} X P 2[CDHS] P$"
    rule(ctx, "pass", "pass.minimum", {"high": 16}, hcp=(0, 16))

for x in SUITS:  # responder after an overcall or a takeout double
    for y in SUITS + "N":
        if y == x:
            continue
        overcalls = ["1NT"] if y == "N" else [f"{lv}{y}" for lv in (1, 2) if lv == 2 or y in above(x)]
        ctx = rf"^1{x} (?:{'|'.join(overcalls)})$"
        if y == "N":
            rule(ctx, "X", "double.penalty", {"low": 10}, hcp=(10, 40))
        else:
            rule(ctx, "X", "double.negative", {"low": 8}, hcp=(8, 40), negative=x + y)
        if x in MAJORS:
            rule(ctx, f"4{x}", "resp.raise_game", {"suit": x, "length": 4, "low": 13}, pts=(13, 40),
                 len={x: (4, 13)})
            rule(ctx, f"3{x}", "resp.limit_raise", {"suit": x, "length": 4, "low": 10, "high": 12},
                 pts=(10, 12), len={x: (4, 13)})
            rule(ctx, f"2{x}", "resp.raise", {"suit": x, "length": 3, "low": 6, "high": 9}, pts=(6, 9),
                 len={x: (3, 13)})
        if y != "N":  # (up to 19: a 17-count with their suit held passed 2S)
            rule(ctx, "3NT", "resp.nt", {"low": 13, "high": 19}, hcp=(13, 19), stop=y)
            rule(ctx, "2NT", "resp.nt", {"low": 11, "high": 12}, hcp=(11, 12), stop=y)
            rule(ctx, "1NT", "resp.1nt", {"low": 6, "high": 10}, hcp=(6, 10), stop=y)
        for z in SUITS:
            if z in (x, y):
                continue
            rule(ctx, f"1{z}", "resp.new_suit", {"suit": z, "length": 5, "low": 6}, pts=(6, 40), len={z: (5, 13)})
            rule(ctx, f"2{z}", "resp.new_suit", {"suit": z, "length": 5, "low": 11}, pts=(11, 40), len={z: (5, 13)})
        if x not in MAJORS:
            support = 4 if x == "D" else 5  # 1D shows four nearly always: four of them raise too
            rule(ctx, f"3{x}", "resp.raise", {"suit": x, "length": support, "low": 10, "high": 12}, pts=(10, 12),
                 len={x: (support, 13)})
            rule(ctx, f"2{x}", "resp.raise", {"suit": x, "length": support, "low": 6, "high": 9}, pts=(6, 9),
                 len={x: (support, 13)})
        elif y in above(x):  # 1H (2S): no 2H to bid, so three hearts and 8-12 raise to 3H
            rule(ctx, f"3{x}", "resp.limit_raise", {"suit": x, "length": 3, "low": 8, "high": 12}, pts=(8, 12),
                 len={x: (3, 13)})
        rule(ctx, "pass", "pass.competitive", {})
        if y == "N":
            continue
        ctx = rf"^1{x} (?:{'|'.join(overcalls)}) X P$"  # opener after partner's negative double
        for m in MAJORS:
            if m not in (x, y):
                for lv in (1, 2, 3):
                    rule(ctx, f"{lv}{m}", "rebid.new_suit", {"suit": m, "length": 4}, len={m: (4, 13)})
        for lv in (1, 2, 3):
            rule(ctx, f"{lv}NT", "rebid.nt", {"low": 12, "high": 14}, stop=y)
        for lv in (2, 3):
            rule(ctx, f"{lv}{x}", "rebid.own_suit", {"suit": x, "length": 5})

    for y in above(x):  # after the negative double and the advancer's raise: opener, then the doubler
        ctx = rf"^1{x} 1{y} X (?:[23]{y}|1NT)$"
        for m in MAJORS:
            if m not in (x, y):
                for lv in (2, 3):
                    rule(ctx, f"{lv}{m}", "rebid.new_suit", {"suit": m, "length": 4}, len={m: (4, 13)},
                         pts=(12 if lv == 2 else 15, 40))
        rule(ctx, "3NT", "rebid.nt", {"low": 18, "high": 19}, hcp=(18, 21), stop=y)
        for lv in (2, 3):
            rule(ctx, f"{lv}{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)})
        rule(ctx, "pass", "pass.competitive", {})
        ctx = rf"^1{x} 1{y} X [23]{y} P P$"
        rule(ctx, "3NT", "bid.game", {"low": 13}, hcp=(13, 40), stop=y)
        rule(ctx, "2NT", "resp.invite", {"low": 11, "high": 12}, hcp=(11, 12), stop=y)
        for m in MAJORS:
            if m not in (x, y):
                rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, pts=(13, 40), len={m: (6, 13)})
                for lv in (2, 3):
                    rule(ctx, f"{lv}{m}", "advance.free", {"suit": m, "length": 5, "low": 10}, hcp=(10, 12),
                         len={m: (5, 13)})
        for lv in (2, 3):
            rule(ctx, f"{lv}{x}", "bid.preference", {"suit": x}, len={x: (3, 13)}, hcp=(10, 12))
        rule(ctx, "3NT", "bid.game", {"low": 13}, hcp=(13, 40))  # game values without a stopper: game all the same
        rule(ctx, "pass", "pass.competitive", {})

    ctx = rf"^1{x} X$"
    rule(ctx, "XX", "redouble.strength", {"low": 10}, hcp=(10, 40))
    if x in MAJORS:
        rule(ctx, f"3{x}", "resp.limit_raise", {"suit": x, "length": 4, "low": 10, "high": 12}, pts=(10, 12),
             len={x: (4, 13)})
        rule(ctx, f"2{x}", "resp.raise", {"suit": x, "length": 3, "low": 6, "high": 9}, pts=(6, 9), len={x: (3, 13)})
    for z in above(x):
        rule(ctx, f"1{z}", "resp.new_suit", {"suit": z, "length": 4, "low": 6}, pts=(6, 9), len={z: (4, 13)})
    rule(ctx, "1NT", "resp.1nt", {"low": 6, "high": 9}, hcp=(6, 9))
    rule(ctx, "pass", "pass.competitive", {})

# -- weak twos and preempts: partner's answers; opener's later calls ----------------
for x in SUITS:
    others = SUITS.replace(x, "")
    for level in (2, 3):
        if level == 2 and x == "C":
            continue
        ctx = rf"^{level}{x} P$"
        if x in MAJORS:
            rule(ctx, f"4{x}", "bid.game_fit", {"suit": x, "length": 3 - (level - 2)}, pts=(16 - 2 * (level - 2), 40),
                 len={x: (3 - (level - 2), 13)})
        rule(ctx, "3NT", "bid.game", {"low": 16}, hcp=(16, 40), stop=others)
        rule(ctx, "pass", "pass.signoff", {"high": 15})
    ctx = rf"^1{x} (?:1[CDHS]|2[CDHS]|1NT) P P$"
    rule(rf"^1{x} 1NT P P$", "X", "double.penalty", {"low": 18}, hcp=(18, 40))  # 15 doubled a 15-18 and it made
    rule(rf"^1{x} (?:1[CDHS]|2[CDHS]) P P$", "X", "double.takeout", {"low": 12}, hcp=(12, 40), short_theirs=1)
    # (short in their suit, opener reopens with a minimum: partner may have passed with their suit, waiting to
    # convert; 13 with a void passed 2S and partner's AKQx of spades never doubled)
    rule(rf"^1{x} (?:1[CDHS]|2[CDHS]) P P$", "X", "double.takeout", {"low": 15}, hcp=(15, 40), short_theirs=2)
    rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)}, hcp=(12, 15))
    rule(ctx, "pass", "pass.minimum", {"high": 15})
    answer_invitation(rf"^1{x} P \S+ P \S+ P 2NT P$", "3NT", 13, points="pts")
    for z in below(x):  # preference after opener's second suit
        ctx = rf"^1{x} P 1NT P 2{z} P$"
        rule(ctx, f"2{x}", "bid.preference", {"suit": x}, best_of=(x + z, x))
        rule(ctx, "pass", "bid.preference", {"suit": z})

for x in SUITS:  # advancing partner's two-level overcall; the 1NT overcall
    for y in below(x):
        ctx = rf"^1{x} 2{y} P$"
        rule(ctx, "3NT", "advance.nt", {"low": 14}, hcp=(14, 40), stop=x)
        if y in MAJORS:
            rule(ctx, f"4{y}", "advance.raise_game", {"suit": y, "length": 3, "low": 13}, pts=(13, 40),
                 len={y: (3, 13)})
        rule(ctx, f"3{y}", "advance.raise", {"suit": y, "length": 3}, pts=(10, 12), len={y: (3, 13)})
        rule(ctx, "pass", "pass.competitive", {})
    # Partner's no-trump overcall raised by them: game with the values (it passed 3D with 14 opposite 2NT).
    rule(rf"^1{x} 1NT [23]{x}$", "3NT", "bid.game", {"low": 10}, hcp=(10, 40))
    if x != "C":
        rule(rf"^2{x} 2NT 3{x}$", "3NT", "bid.game", {"low": 8}, hcp=(8, 40))
    ctx = rf"^1{x} 1NT P$"
    for m in MAJORS:
        if m != x:
            rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, hcp=(8, 40), len={m: (6, 13)})
            rule(ctx, f"2{m}", "bid.signoff_long", {"suit": m, "length": 5}, hcp=(0, 7), len={m: (5, 13)})
    rule(ctx, "3NT", "bid.game", {"low": 10}, hcp=(10, 40))
    rule(ctx, "2NT", "resp.invite", {"low": 8, "high": 9}, hcp=(8, 9))
    rule(ctx, "pass", "pass.weak", {"high": 7})
    ctx = rf"^1{x} X (?:1[DHS]|2[CDHS]|1NT|XX)$"  # advancing a takeout double over a bid
    for y in "SHDC":
        if y == x:
            continue
        for level in (1, 2, 3):
            rule(ctx, f"{level}{y}", "advance.free", {"suit": y, "length": 5, "low": 6}, hcp=(6, 12),
                 len={y: (5, 13)}, unbid=y)
    rule(ctx, "pass", "pass.competitive", {})

for x in "DHSC":  # advancing a takeout double of a weak two or preempt
    for lv in (2, 3):
        if lv == 2 and x == "C":
            continue
        ctx = rf"^{lv}{x} X P$|^{lv}{x} P P X P$"
        rule(ctx, "pass", "pass.penalty", {"suit": x, "length": 5}, hcp=(8, 40), len={x: (5, 13)},
             honours=(x, 3))
        for m in MAJORS:
            if m != x:
                rule(ctx, f"4{m}", "advance.game", {"suit": m, "length": 5, "low": 10}, hcp=(10, 40),
                     len={m: (5, 13)}, best_of=(SUITS.replace(x, ""), m))
        rule(ctx, "3NT", "advance.nt", {"low": 10}, hcp=(10, 40), stop=x)
        for y in "SHDC":
            if y != x:
                for level in (lv, lv + 1):
                    if not (level == 4 and y in MAJORS):  # that is the game row's
                        rule(ctx, f"{level}{y}", "advance.cheapest", {"suit": y, "high": 9, "length": 4},
                             best_of=(SUITS.replace(x, ""), y))
for x in SUITS:  # the doubler's second call, in the direct seat or the balancing one (it passed 1S with 18)
    ctx = rf"^1{x} (?:X|P P X) P \S+ P$"
    rule(ctx, "3NT", "rebid.nt", {"low": 19, "high": 21}, hcp=(19, 21), stop=x)
    rule(ctx, "2NT", "rebid.nt", {"low": 17, "high": 18}, hcp=(17, 18), stop=x)
    for y in "SHDC":
        if y != x:
            for level in (1, 2, 3):
                rule(ctx, f"{level}{y}", "rebid.suit", {"suit": y, "length": 5}, hcp=(17, 40), len={y: (5, 13)},
                     best_of=(SUITS.replace(x, ""), y))
    rule(ctx, "pass", "pass.minimum", {"high": 16})

for x in SUITS:  # competing when the opponents have found a fit
    for ctx in (rf"^1{x} P 2{x}$", rf"^1{x} P 2{x} P P$"):
        rule(ctx, "X", "double.takeout", {"low": 11, "short": x}, hcp=(11, 40), len={x: (0, 2)}, takeout=x)
        for y in "SHDC":
            if y != x:
                for lv in (2, 3):
                    rule(ctx, f"{lv}{y}", "overcall.suit", {"suit": y, "length": 5, "low": 9, "high": 16},
                         hcp=(9, 16), len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
        rule(ctx, "pass", "pass.competitive", {})
    # Advancing the takeout double of their raise: a bid, not a pass that leaves them in it doubled
    # (it let 2S doubled make with overtricks, 1,070).
    ctx = rf"^1{x} P 2{x} X P$|^1{x} P 2{x} P P X P$"
    for m in MAJORS.replace(x, ""):
        rule(ctx, f"4{m}", "advance.game", {"suit": m, "length": 5, "low": 12}, hcp=(12, 40), len={m: (5, 13)},
             best_of=(SUITS.replace(x, ""), m))
    rule(ctx, "3NT", "advance.nt", {"low": 12}, hcp=(12, 40), stop=x)
    for y in "SHDC":
        if y != x:
            for level in (2, 3):
                rule(ctx, f"{level}{y}", "advance.cheapest", {"suit": y, "high": 11, "length": 4},
                     best_of=(SUITS.replace(x, ""), y))
for x in SUITS:  # opener's reopening double passed round to responder: penalty with their suit, else a bid
    for y in SUITS.replace(x, ""):
        for lv in (1, 2):
            if lv == 1 and y not in above(x):
                continue
            ctx = rf"^1{x} {lv}{y} P P X P$"
            rule(ctx, "pass", "pass.penalty", {"suit": y, "length": 4}, len={y: (4, 13)}, honours=(y, 2))
            rule(ctx, "3NT", "bid.game", {"low": 11}, hcp=(11, 40), stop=y)
            rule(ctx, f"{lv}NT", "advance.nt", {"low": 6, "high": 10}, hcp=(6, 10), stop=y)
            for z in "SHDC":
                if z != y:
                    level = lv if z in above(y) else lv + 1
                    rule(ctx, f"{level}{z}", "advance.cheapest", {"suit": z, "high": 10, "length": 3},
                         best_of=(SUITS.replace(y, ""), z))

for x in SUITS:  # the part-score battle
    for y in SUITS:
        if y == x:
            continue
        ov = f"1{y}" if y in above(x) else f"2{y}"
        ctx = rf"^1{x} {ov} 2{x}$"  # advancer after their raise
        if y in MAJORS:
            rule(ctx, f"4{y}", "advance.raise_game", {"suit": y, "length": 4, "low": 12}, dummy=(y, 12, 40),
                 len={y: (4, 13)})
        rule(ctx, f"3{y}", "advance.raise", {"suit": y, "length": 4}, dummy=(y, 6, 11), len={y: (4, 13)})
        rule(ctx, f"2{y}", "advance.raise", {"suit": y, "length": 3}, dummy=(y, 6, 10), len={y: (3, 13)})
        for ctx in (rf"^1{x} {ov} 2{x} (?:P|[23]{y})$", rf"^1{x} P 2{x} (?:X|[23]{y})$"):
            if x in MAJORS:
                rule(ctx, f"4{x}", "rebid.game", {"low": 18}, pts=(18, 40))
            rule(ctx, "3NT", "bid.game", {"low": 18}, hcp=(18, 40), stop=y)  # partner's raise: 6+
            rule(ctx, f"3{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)})
            rule(ctx, "pass", "pass.competitive", {})

# The overcaller's second call after partner's advance, and the advancer's answer to an invitation.
for x in SUITS:
    for y in SUITS:
        if y == x:
            continue
        ov = f"1{y}" if y in above(x) else f"2{y}"
        raised = rf"^1{x} {ov} P {int(ov[0]) + 1}{y} P$"  # the single raise: 6-10, of a two-level overcall 10-12
        if y in MAJORS and ov[0] == "1":
            rule(raised, f"4{y}", "rebid.game", {"low": 17}, pts=(17, 40))
            rule(raised, f"3{y}", "rebid.invite", {"low": 15, "high": 16}, pts=(15, 16))
            answer_invitation(rf"^1{x} {ov} P 2{y} P 3{y} P$", f"4{y}", 9, points="pts", message="bid.accept_invite")
        elif y in MAJORS:
            rule(raised, f"4{y}", "rebid.game", {"low": 13}, pts=(13, 40))
        rule(raised, "pass", "pass.minimum", {})
        if ov[0] == "1":  # the limit raise, 11-12
            if y in MAJORS:
                rule(rf"^1{x} {ov} P 3{y} P$", f"4{y}", "bid.accept_invite", {"low": 11}, pts=(11, 40))
            rule(rf"^1{x} {ov} P 3{y} P$", "pass", "rebid.decline", {"high": 10})
            ctx = rf"^1{x} {ov} P 1NT P$"  # advance.nt, 8-11
            rule(ctx, "3NT", "rebid.nt", {"low": 15, "high": 16}, hcp=(15, 16))
            if y in MAJORS:
                rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(15, 40), len={y: (6, 13)})
            rule(ctx, "2NT", "rebid.invite", {"low": 13, "high": 14}, hcp=(13, 14))
            rule(ctx, f"2{y}", "rebid.own_suit", {"suit": y, "length": 6}, len={y: (6, 13)})
            rule(ctx, "pass", "pass.minimum", {})
            answer_invitation(rf"^1{x} {ov} P 1NT P 2NT P$", "3NT", 10, high=11, message="bid.accept_invite")
            ctx = rf"^1{x} {ov} P 2NT P$"  # advance.nt, 12-14
            if y in MAJORS:
                rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(11, 40), len={y: (6, 13)})
            answer_invitation(ctx, "3NT", 10)
    ctx = rf"^1{x} 1NT P 2NT P$"  # the 1NT overcall (15-18) invited
    answer_invitation(ctx, "3NT", 17, high=18)
    rule(rf"^1{x} 1NT P 2[HS] P$", "pass", "pass.competitive", {})  # the sign-off

# The negative doubler after opener's new major or his own suit rebid (over the advancer's raise too):
# game in the fit, no-trump with their suit held (the fallback bid 3NT over opener's 2S with three spades).
for x in SUITS:
    for y in SUITS.replace(x, ""):
        overcall = "|".join(f"{lv}{y}" for lv in (1, 2) if lv == 2 or y in above(x))
        unbid_majors = MAJORS.replace(x, "").replace(y, "")
        for m in unbid_majors:
            ctx = rf"^1{x} (?:{overcall}) X (?:P|[23]{y}) [123]{m} P$"
            rule(ctx, f"4{m}", "bid.game_fit", {"suit": m, "length": 4, "low": 12}, dummy=(m, 12, 40),
                 len={m: (4, 13)})
            rule(ctx, f"4{m}", "bid.game_fit", {"suit": m, "length": 3, "low": 14}, dummy=(m, 14, 40),
                 len={m: (3, 13)})
            rule(ctx, f"3{m}", "bid.invite_fit", {"suit": m, "low": 10, "high": 11}, dummy=(m, 10, 11),
                 len={m: (4, 13)})
        for ctx in ([rf"^1{x} (?:{overcall}) X (?:P|[23]{y}) [123][{unbid_majors}] P$"] if unbid_majors else []) + \
                [rf"^1{x} (?:{overcall}) X (?:P|[23]{y}) [23]{x} P$"]:
            for m in unbid_majors:
                rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, pts=(13, 40), len={m: (6, 13)})
            if x in MAJORS:
                rule(ctx, f"4{x}", "bid.game_fit", {"suit": x, "length": 3}, pts=(12, 40), len={x: (3, 13)})
            rule(ctx, "3NT", "bid.game", {"low": 13}, hcp=(13, 40), stop=y)
            rule(ctx, "2NT", "resp.invite", {"low": 11, "high": 12}, hcp=(11, 12), stop=y)
            rule(ctx, "3NT", "bid.game", {"low": 13}, hcp=(13, 40))  # game values without a stopper: game all the same
            rule(ctx, "pass", "pass.minimum", {"high": 10}, hcp=(0, 10))
# The negative doubler after opener's 1NT rebid (12-14, their suit held), and opener's answer.
for x in SUITS:
    for y in SUITS.replace(x, ""):
        if y in above(x):
            ctx = rf"^1{x} 1{y} X P 1NT P$"
            rule(ctx, "3NT", "bid.game", {"low": 12}, hcp=(12, 40))
            rule(ctx, "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11))
            rule(ctx, "pass", "pass.minimum", {})
            answer_invitation(rf"^1{x} 1{y} X P 1NT P 2NT P$", "3NT", 13)
        if y in above(x):  # opener after the takeout double and responder's new suit: as without the double
            ctx = rf"^1{x} X 1{y} P$"
            if y in MAJORS:
                rule(ctx, f"4{y}", "rebid.raise", {"suit": y, "length": 4}, dummy=(y, 19, 40), len={y: (4, 13)})
            rule(ctx, f"3{y}", "rebid.raise", {"suit": y, "length": 4}, dummy=(y, 16, 18), len={y: (4, 13)})
            rule(ctx, f"2{y}", "rebid.raise", {"suit": y, "length": 4}, dummy=(y, 12, 15), len={y: (4, 13)})
            rule(ctx, "1NT", "rebid.nt", {"low": 12, "high": 14}, hcp=(12, 14), balanced=True)
            rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)})
            rule(ctx, "pass", "pass.minimum", {})
for x in "DHS":  # partner's weak two doubled: the law of total tricks (six and three make nine)
    rule(rf"^2{x} X$", f"4{x}", "compete.law", {"suit": x, "trumps": 10}, len={x: (4, 13)}, hcp=(0, 13))
    rule(rf"^2{x} X$", f"3{x}", "compete.law", {"suit": x, "trumps": 9}, len={x: (3, 13)}, hcp=(0, 13))
    rule(rf"^2{x} X$", "pass", "pass.competitive", {})

# Opener after responder's 1NT over an overcall (6-10, their suit held), as without the overcall.
for x in SUITS:
    for y in SUITS.replace(x, ""):
        if y not in above(x):
            continue
        ctx = rf"^1{x} 1{y} 1NT P$"
        rule(ctx, "3NT", "rebid.nt", {"low": 19, "high": 21}, hcp=(19, 21))
        rule(ctx, "2NT", "rebid.invite", {"low": 16, "high": 18}, hcp=(16, 18))
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)})
        rule(ctx, "pass", "pass.minimum", {})
        answer_invitation(rf"^1{x} 1{y} 1NT P 2NT P$", "3NT", 8, high=10)
# Responder after a two-level overcall of 1NT: game with a stopper, the penalty double, a natural
# major, the invitation; opener's answer to it.
for y in SUITS:
    ctx = rf"^1NT 2{y}$"
    for m in MAJORS:
        if m != y:
            rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, hcp=(8, 40), len={m: (6, 13)})
    rule(ctx, "3NT", "bid.game", {"low": 10}, hcp=(10, 14), stop=y)
    rule(ctx, "X", "double.penalty", {"low": 8}, hcp=(8, 40), len={y: (4, 13)})
    for m in MAJORS:
        if m in above(y):
            rule(ctx, f"2{m}", "bid.signoff_long", {"suit": m, "length": 5}, hcp=(0, 9), len={m: (5, 13)})
    rule(ctx, "2NT", "resp.invite", {"low": 8, "high": 9}, hcp=(8, 9), stop=y)
    rule(ctx, "pass", "pass.competitive", {})
    answer_invitation(rf"^1NT 2{y} P 2NT P$", "3NT", 16, high=17)

# The doubler of a weak two or a preempt after the advance: game in the advancer's major with the
# values, no-trump with their suit held, or the advancer's minor at game.
for x in "DHSC":
    for lv in (2, 3):
        ctx = rf"^{lv}{x} X P (?:[234]\S+) P$|^{lv}{x} P P X P (?:[234]\S+) P$"
        for m in MAJORS.replace(x, ""):
            rule(ctx, f"4{m}", "bid.game_fit", {"suit": m, "length": 4}, dummy=(m, 18, 40), fit=m)
        rule(ctx, "3NT", "bid.game", {"low": 19}, hcp=(19, 40), stop=x)
        for m in "DC".replace(x, ""):
            rule(ctx, f"5{m}", "bid.game_fit", {"suit": m, "length": 3}, hcp=(21, 40), trumps=(m, 7))
        rule(ctx, "pass", "pass.minimum", {})

# Opener's third call in a quiet auction, 17-18 and the unbid suits held: the invitation (partner's
# answer is the placement rows': game with 8+).
rule(r"^1[CDHS] P \S+ P \S+ P \S+ P$", "2NT", "rebid.invite", {"low": 17, "high": 18}, hcp=(17, 18),
     stop="unbid", silent_opponents=True)
# Responder's and opener's later calls: game when the values are there.
for m in MAJORS:
    rule(rf"^1{m} P (?:1[HS]|1NT|2[CDH]) P \S+ P$", f"4{m}", "bid.game_fit", {"suit": m, "length": 3},
         pts=(13, 40), len={m: (3, 13)})
rule(r"^1[CDHS] P (?:1[DHS]|1NT|2[CDH]) P \S+ P$", "3NT", "bid.game", {"low": 13}, hcp=(13, 40), stop="theirs")

# Partner placed a major game: Blackwood with slam values together and a fit.
for m in MAJORS:
    rule(rf"4{m} P$", "4NT", "ask.blackwood", {"low": 31}, combined=(31, 40), fit=m, silent_opponents=True)

# Once the partnership has reached game or slam and the opponents are silent,
# nothing is left to say.
rule(r"(?:3NT|4[HS]|5[CD]|[67]\S+) P$", "pass", "pass.game_reached", {})
rule(r"(?:3NT|4[HS]|5[CD]|[67]\S+)$", "pass", "pass.competitive", {})
rule(r"(?:3NT|4[HS]|5[CD]|[67]\S+) P P$", "pass", "pass.competitive", {})

# Placement, where no row above answers an uncontested auction: the values
# and the fits partner's calls showed (as ``explain`` reads them) decide.
for strain in ("NT", "S", "H", "D", "C"):
    if strain == "NT":
        rule(r".", "6NT", "bid.slam_values", {"low": 32}, combined=(32, 36), balanced=True, silent_opponents=True)
    else:
        rule(r".", f"6{strain}", "bid.slam_fit", {"suit": strain, "low": 31}, combined=(31, 40), fit=strain,
             silent_opponents=True)
for m in MAJORS:
    rule(r".", f"4{m}", "bid.game_fit", {"suit": m, "trumps": 8}, combined=(23, 32), fit=m)
rule(r".", "3NT", "bid.game", {"low": 24}, combined=(24, 32), stop="unbid", silent_opponents=True)
rule(r".", "3NT", "bid.game", {"low": 25}, combined=(25, 32), stop="theirs", silent_opponents=False)
for m in "DC":
    rule(r".", f"5{m}", "bid.game_fit", {"suit": m, "trumps": 8}, combined=(28, 32), fit=m, silent_opponents=True)
# Game values together and no fit or stopper found: game all the same, not a pass below it.
rule(r".", "3NT", "bid.game", {"low": 25}, combined=(25, 32), silent_opponents=True)

# (A sacrifice at favourable vulnerability one level past the law, over their game with little
# defence, lost: seed 7 +0.034 IMPs a deal [-0.003, +0.071], four of its five deals worse: the
# opponents have no rows to double it, and DD their game often fails.)
# The law of total tricks: over the opponents' bid, compete in our fit to
# the level of its length less six (eight cards the two level, nine the three;
# ten a major's game, which the game row above already bids).
for level in COMPETE_LEVELS:
    for strain in SUITS:
        if level == 4 and strain in MAJORS:
            continue
        rule(r".", f"{level}{strain}", "compete.law", {"suit": strain, "trumps": level + 6},
             trumps=(strain, level + 6), contested=True)

# Defence: the opponents bid, our side has only passed, and no row above
# found an overcall or a double.
rule(r".", "pass", "pass.competitive", {}, silent_side=True)
# Competition beyond the rows: the opponents made the last bid and nothing above fits.
rule(r"\d\w*(?: P)*$", "pass", "pass.competitive", {}, contested=True)

# -- English -----------------------------------------------------------------------------
MESSAGES: dict[str, str] = {
    "open.strong": "{low}+ points, any shape: forcing to game",
    "open.nt": "{low}–{high} points, balanced",
    "open.suit": "opening hand ({low}–{high} points), {length}+ {suit}",
    "open.weak_two": "weak: {low}–{high} points, six {suit}",
    "open.preempt": "preempt: {low}–{high} points, seven or more {suit}",
    "pass.no_opening": "no opening: at most {high} points",
    "resp.transfer": "transfer: {length}+ {suit}, asks partner to bid them",
    "resp.stayman": "Stayman: asks for a four-card major, {low}+ points",
    "resp.nt": "{low}–{high} points, to play in no-trump",
    "resp.quantitative": "quantitative: {low}–{high} points, asks partner to bid 6NT with a maximum",
    "resp.invite": "invitation: {low}–{high} points",
    "pass.weak": "at most {high} points",
    "rebid.accept": "accepts: {low}+ points",
    "rebid.decline": "declines: at most {high} points",
    "rebid.stayman_major": "answer to Stayman: four {suit}",
    "rebid.stayman_denial": "answer to Stayman: no four-card major",
    "rebid.other_major": "four {suit} too",
    "rebid.complete_transfer": "completes the transfer to {suit}",
    "rebid.fit": "three or more {suit}",
    "rebid.no_fit": "fewer than three {suit}",
    "bid.game_fit": "to play: a fit in {suit}, game values",
    "bid.invite_fit": "invitation: a fit in {suit}",
    "bid.game_long": "to play: {length}+ {suit}, game values",
    "bid.choice_of_games": "choice of games: five {suit}, game values",
    "bid.invite_long": "invitation: {length}+ {suit}",
    "bid.invite_five": "invitation: five {suit}",
    "bid.signoff_long": "to play: {length}+ {suit}, weak",
    "bid.accept_invite": "accepts the invitation: {low}+ points",
    "pass.signoff": "to play: at most {high} points",
    "resp.waiting": "waiting: any hand",
    "rebid.nt": "{low}–{high} points, balanced",
    "rebid.suit": "{length}+ {suit}",
    "rebid.long": "six or more {suit}",
    "resp.negative": "no fit, nothing more to show",
    "resp.raise_game": "raise to game: {length}+ {suit}, {low}+ points",
    "resp.limit_raise": "limit raise: {length}+ {suit}, {low}–{high} points",
    "resp.raise": "raise: {length}+ {suit}, {low}–{high} points",
    "resp.new_suit": "new suit: {length}+ {suit}, {low}+ points",
    "resp.two_over_one": "new suit at the two level: {length}+ {suit}, {low}+ points",
    "resp.1nt": "{low}–{high} points, nothing better to bid",
    "rebid.raise": "raise: {length}+ {suit}",
    "rebid.new_suit": "second suit: {length}+ {suit}",
    "rebid.own_suit": "rebids {suit}: {length}+ cards",
    "rebid.game": "game: {low}+ points",
    "bid.game": "game: {low}+ points",
    "rebid.invite": "invitation: {low}–{high} points",
    "pass.minimum": "minimum: nothing more to show",
    "ask.blackwood": "Blackwood: how many aces?",
    "ask.new_minor": "new minor forcing: five {suit}, {low}–{high} points, asks for three-card support",
    "answer.blackwood": "answer to Blackwood: {aces} aces",
    "bid.slam": "slam in {suit}: at most one ace missing",
    "bid.signoff": "to play: too many aces missing",
    "overcall.nt": "{low}–{high} points, balanced, a stopper in their suit",
    "double.takeout": "takeout: {low}+ points, asks partner to bid a suit",
    "overcall.suit": "overcall: {length}+ {suit}, {low}–{high} points",
    "overcall.weak_jump": "weak jump overcall: {length}+ {suit}, {low}–{high} points",
    "pass.no_overcall": "nothing to overcall",
    "double.penalty": "penalty: {low}+ points, expects to defeat it",
    "advance.raise_game": "raise to game: {length}+ {suit}, {low}+ points",
    "advance.raise": "raise: {length}+ {suit}",
    "advance.nt": "no-trump with a stopper in their suit",
    "advance.game": "game: {length}+ {suit}, {low}+ points",
    "advance.jump": "jump: {length}+ {suit}, {low}–{high} points",
    "advance.cheapest": "the best suit ({length}+ cards), at most {high} points",
    "pass.penalty": "converts the double to penalty: {length}+ {suit}",
    "pass.competitive": "nothing to add",
    "redouble.strength": "{low}+ points: the deal is ours",
    "pass.game_reached": "game reached: nothing to add",
    "bid.slam_values": "slam: {low}+ points together",
    "bid.slam_fit": "slam in {suit}: a fit and {low}+ points together",
    "double.negative": "negative: {low}+ points, four cards in an unbid major",
    "bid.preference": "prefers {suit}",
    "advance.free": "{length}+ {suit}, {low}+ points",
    "rebid.jump_shift": "jump shift: {length}+ {suit}, {low}+ points, game forcing",
    "resp.splinter": "splinter: {length}+ {suit}, at most one {short}, {low}–{high} points",
    "bid.natural": "natural: to play in {suit} at the {level} level",
    "compete.law": "competes: {trumps}+ {suit} together (the law of total tricks)",
}
"""Each message id's English text; parameters fill the braces (suits by name)."""


# The agent's own calls that the simulation chose, not a row (``SystemAgent.explain``): counts,
# (singular, plural) by the number of deals simulated.
SIMULATED: dict[str, tuple[str, str]] = {
    "bid.simulated": ("Simulated on {deals} deal that fits the auction: {gain} IMPs a deal better than "
                      "the system's call",
                      "Simulated on {deals} deals that fit the auction: {gain} IMPs a deal better than "
                      "the system's call"),
    "bid.simulated_alone": ("The system has no call for this hand: the best contract on {deals} deal "
                            "that fits the auction",
                            "The system has no call for this hand: the best contract on {deals} deals "
                            "that fit the auction"),
}


def render(message: str, params: dict[str, Any] | None = None, catalog: dict[str, str] | None = None) -> str:
    """A message in English (or from ``catalog``, a translation of ``MESSAGES``)."""
    text = (catalog or MESSAGES).get(message) or MESSAGES.get(message)
    if text is None and message in SIMULATED:
        text = SIMULATED[message][0 if (params or {}).get("deals") == 1 else 1]
    if text is None:
        raise ValueError(f"unknown bidding message {message!r}")
    values = {k: NAMES.get(v, v) if isinstance(v, str) else v for k, v in (params or {}).items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError) as e:
        raise ValueError(f"bidding message {message!r} needs the parameter {e}") from None
