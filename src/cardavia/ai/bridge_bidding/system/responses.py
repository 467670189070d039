"""Uncontested auctions after a one-level suit opening: the responses and opener's rebid
(responder's second call and Blackwood: ``responder.py``)."""
from typing import Any

from cardavia.ai.bridge_bidding.system.rows import above, below, cheapest_level, MAJORS, Rows, SUITS

ROWS = Rows()
answer_invitation, rule = ROWS.answer_invitation, ROWS.rule


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
    if x in "CD":  # four of each major: up the line, 1H, so that opener's four spades are shown too (1S until
        # December 2026; fresh seeds 21-24 +0.007, -0.013, +0.003, -0.001 IMPs a deal, 69 auctions changed, 7 better,
        # 8 worse: kept, as partner would expect it)
        rule(ctx, "1H", "resp.new_suit", {"suit": "H", "length": 4, "low": 6}, pts=(6, 40),
             len={"H": (4, 4), "S": (4, 4)})
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
    if x == "S":  # four hearts as long as the minors (2H needs five), not a no-trump hand: the longer minor,
        for y in "CD":  # diamonds of equals (1-4-4-4 with 14 and 2-4-3-4 with 16 reached the catch-all 3NT)
            rule(ctx, f"2{y}", "resp.two_over_one", {"suit": y, "length": 4, "low": 11}, pts=(11, 40),
                 len={y: (4, 13)}, best_of=("CD", y))
    rule(ctx, "1NT", "resp.1nt", {"low": 6, "high": 10}, hcp=(6, 10))
    rule(ctx, "pass", "pass.weak", {"high": 5}, pts=(0, 5))
    rule(ctx, "pass", "pass.weak", {"high": 5}, hcp=(0, 5))  # length points alone make no response (9.Q3.9765.KT7632)

# -- opener's rebid --------------------------------------------------------------
for m in MAJORS:  # over 1M-3NT (13-15 balanced, fewer than four of the major): six of it play in 4M
    rule(rf"^1{m} P 3NT P$", f"4{m}", "rebid.long", {"suit": m, "length": 6}, len={m: (6, 13)})
for m in MAJORS:  # after a splinter: game, unless the simulation finds the slam (the shortness helps it)
    for bid in splinters(m).values():
        rule(rf"^1{m} P {bid} P$", f"4{m}", "bid.game_fit", {"suit": m, "trumps": 9})


def jump_shifts(x: str, y: str) -> dict[str, str]:
    """After 1x 1y, opener's jump shift in each other suit: a new suit a level higher than needed."""
    return {z: f"{cheapest_level(z, y, 1) + 1}{z}" for z in SUITS if z not in (x, y)}


def reverses(x: str, y: str) -> str:
    """After 1x 1y, the suits opener's two-level bid reverses into: above his own, below partner's."""
    return "".join(z for z in above(x) if z in below(y))


def second_suit_rebids(ctx: str, x: str, **constraints: Any) -> None:
    """Opener's rebid of a four-card suit below his own at the two level (the longest of them)."""
    for z in below(x):
        rule(ctx, f"2{z}", "rebid.new_suit", {"suit": z, "length": 4}, len={z: (4, 13)}, best_of=(below(x), z),
             **constraints)


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
            rule(ctx, f"4{y}", "rebid.raise", {"suit": y, "length": 4, "low": 19}, pts=(19, 40),
                 len={y: (4, 13)})  # (22 with four spades raised 1S to 2S, passed, 6NT cold)
            rule(ctx, f"3{y}", "rebid.raise", {"suit": y, "length": 4, "low": 16, "high": 18}, pts=(16, 18),
                 len={y: (4, 13)})
            rule(ctx, f"2{y}", "rebid.raise", {"suit": y, "length": 4, "low": 12, "high": 15}, pts=(12, 15),
                 len={y: (4, 13)})
        for z in above(y):
            if z in MAJORS:  # to 18: with 19+ the jump shift (20 rebid 1S, 6 passed, 4S cold)
                rule(ctx, f"1{z}", "rebid.new_suit", {"suit": z, "length": 4}, len={z: (4, 13)}, pts=(0, 18))
        rule(ctx, "2NT", "rebid.nt", {"low": 18, "high": 19}, hcp=(18, 19), balanced=True)
        rule(ctx, "1NT", "rebid.nt", {"low": 12, "high": 14}, hcp=(12, 14), balanced=True)
        if x in MAJORS:
            strong_six_card_rebids(ctx, x)
        jumps = jump_shifts(x, y)
        for z, jump in jumps.items():  # before a minor's jump rebid (20 with six diamonds and four spades
            # jumped to 3D, passed, 4S cold)
            rule(ctx, jump, "rebid.jump_shift", {"suit": z, "length": 4, "low": 19}, pts=(19, 40),
                 len={z: (4, 13)}, best_of=("".join(jumps), z))
        if x not in MAJORS:
            strong_six_card_rebids(ctx, x)
        for z in reverses(x, y):
            rule(ctx, f"2{z}", "rebid.reverse", {"suit": z, "length": 4, "low": 17}, pts=(17, 40),
                 len={z: (4, 13), x: (5, 13)})
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6, "low": 12, "high": 15}, len={x: (6, 13)},
             pts=(0, 15))
        second_suit_rebids(ctx, x)
        # (raising on three trumps and a singleton before a new suit: seeds 7, 2, 1 -0.003, -0.005, +0.025)
        rule(ctx, f"2{y}", "rebid.raise", {"suit": y, "length": 3}, len={y: (3, 13)})
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 5}, len={x: (5, 13)})
        rule(ctx, "1NT", "rebid.nt", {"low": 12, "high": 14})
    # over a takeout double too: 1NT is 6-10 (6-9 there), no fit (opener had no rows there until December 2026:
    # fresh seeds 21, 22 +0.003, -0.002 IMPs a deal, 9 auctions changed, 3 better, 4 worse)
    ctx = rf"^1{x} [PX] 1NT P$"
    strong_six_card_rebids(ctx, x)
    rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)}, pts=(0, 15))
    # 19+ opposite 6-10: game, in no-trump when balanced, else a jump shift in the second suit (18 with
    # five spades and four hearts passed 2NT at 4H+1)
    rule(ctx, "3NT", "bid.game", {"low": 19}, hcp=(19, 21), balanced=True)
    others = SUITS.replace(x, "")
    for z in others:
        rule(ctx, f"3{z}", "rebid.jump_shift", {"suit": z, "length": 4, "low": 19}, pts=(19, 40), hcp=(17, 40),
             len={z: (4, 13)}, best_of=(others, z))
        jumped = rf"^1{x} [PX] 1NT P 3{z} P$"
        if x in MAJORS:
            rule(jumped, f"4{x}", "bid.game_fit", {"suit": x, "length": 3}, len={x: (3, 13)})
        if z in MAJORS:
            rule(jumped, f"4{z}", "bid.game_fit", {"suit": z, "length": 4}, len={z: (4, 13)})
        rule(jumped, "3NT", "bid.game", {"low": 6})
    rule(ctx, "3NT", "bid.game", {"low": 19}, hcp=(19, 21))
    # 16-18 unbalanced shows the second suit, not 2NT (5-4-3-1 played 3NT over a 4H+1)
    second_suit_rebids(ctx, x, hcp=(16, 18), balanced=False)
    rule(ctx, "2NT", "rebid.invite", {"low": 16, "high": 18}, hcp=(16, 18))
    second_suit_rebids(ctx, x)
    rule(ctx, "pass", "pass.minimum", {"high": 15})
    answer_invitation(rf"^1{x} [PX] 1NT P 2NT P$", "3NT", 8, high=10)
    ctx = rf"^1{x} [PX] 2{x} P$"  # over a takeout double too: the raise is 6-10 either way
    if x in MAJORS:
        rule(ctx, f"4{x}", "rebid.game", {"low": 18}, pts=(18, 40))
        rule(ctx, f"3{x}", "rebid.invite", {"low": 15, "high": 17}, pts=(15, 17))
    else:
        rule(ctx, "3NT", "bid.game", {"low": 18}, hcp=(18, 21), stop="SH")
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
