"""Uncontested auctions after a one-level suit opening: responses, opener's rebid,
responder's second call, Blackwood."""
from typing import Any

from cardavia.ai.bridge_bidding.system.rows import above, below, MAJORS, Rows, SUITS

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
    return {z: f"{(1 if z in above(y) else 2) + 1}{z}" for z in SUITS if z not in (x, y)}


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
        second_suit_rebids(ctx, x)
        # (raising on three trumps and a singleton before a new suit: seeds 7, 2, 1 -0.003, -0.005, +0.025)
        rule(ctx, f"2{y}", "rebid.raise", {"suit": y, "length": 3}, len={y: (3, 13)})
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 5}, len={x: (5, 13)})
        rule(ctx, "1NT", "rebid.nt", {"low": 12, "high": 14})
    ctx = rf"^1{x} P 1NT P$"
    strong_six_card_rebids(ctx, x)
    rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)}, pts=(0, 15))
    # 19+ opposite 6-10: game, in no-trump when balanced, else a jump shift in the second suit (18 with
    # five spades and four hearts passed 2NT at 4H+1)
    rule(ctx, "3NT", "bid.game", {"low": 19}, hcp=(19, 21), balanced=True)
    others = SUITS.replace(x, "")
    for z in others:
        rule(ctx, f"3{z}", "rebid.jump_shift", {"suit": z, "length": 4, "low": 19}, pts=(19, 40), hcp=(17, 40),
             len={z: (4, 13)}, best_of=(others, z))
        jumped = rf"^1{x} P 1NT P 3{z} P$"
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
    answer_invitation(rf"^1{x} P 1NT P 2NT P$", "3NT", 8, high=10)
    ctx = rf"^1{x} P 2{x} P$"
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
        # Slam opposite opener's 12-14, as opposite a 1NT opening: 32 together bid it, 30 ask opener (seeds 7,
        # 2, 1: one auction of 1,800 changed, by no IMPs; kept, as partner would expect them)
        rule(rf"^1{x} P 1{y} P 1NT P$", "6NT", "resp.nt", {"low": 20, "high": 22}, hcp=(20, 22))
        rule(rf"^1{x} P 1{y} P 1NT P$", "4NT", "resp.quantitative", {"low": 18, "high": 19}, hcp=(18, 19))
        answer_invitation(rf"^1{x} P 1{y} P 1NT P 4NT P$", "6NT", 13, high=14)
        rule(rf"^1{x} P 1{y} P 1NT P$", "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11))
        rule(rf"^1{x} P 1{y} P 2NT P$", "6NT", "resp.nt", {"low": 14, "high": 17}, hcp=(14, 17))
        if y in MAJORS:  # opposite 18-19 balanced, the major's length decides between 4M and 3NT
            rule(rf"^1{x} P 1{y} P 2NT P$", f"4{y}", "bid.game_long", {"suit": y, "length": 6}, hcp=(6, 13),
                 len={y: (6, 13)})
            rule(rf"^1{x} P 1{y} P 2NT P$", f"3{y}", "bid.choice_of_games", {"suit": y, "length": 5},
                 hcp=(6, 13), len={y: (5, 5)})
        if y == "S" and x in "CD":  # opener's 18-19 may hold four hearts (2H would have been a reverse)
            rule(rf"^1{x} P 1S P 2NT P$", "3H", "resp.new_suit", {"suit": "H", "length": 4, "low": 6}, hcp=(6, 40),
                 len={"H": (4, 13)})
            rule(rf"^1{x} P 1S P 2NT P 3H P$", "4H", "rebid.raise", {"suit": "H", "length": 4}, len={"H": (4, 13)})
            rule(rf"^1{x} P 1S P 2NT P 3H P$", "3NT", "bid.game", {"low": 18})
        rule(rf"^1{x} P 1{y} P 2NT P$", "4NT", "resp.quantitative", {"low": 12, "high": 13}, hcp=(12, 13))
        answer_invitation(rf"^1{x} P 1{y} P 2NT P 4NT P$", "6NT", 19, high=19)
        rule(rf"^1{x} P 1{y} P 2NT P$", "3NT", "bid.game", {"low": 6})
        if x in MAJORS:
            rule(rf"^1{x} P 1{y} P 2{x} P$", f"4{x}", "bid.game_fit", {"suit": x, "length": 3}, pts=(13, 40),
                 len={x: (3, 13)})
for m in MAJORS:  # a fit in opener's major before no-trump; responder's own long major
    rule(rf"^1{m} P (?:1S|2[CDH]) P (?:1NT|2[CDHS]|3[CD]) P$", f"4{m}", "bid.game_fit", {"suit": m, "length": 3},
         pts=(12, 40), len={m: (3, 13)})
    for x in SUITS:
        if m in above(x):  # 1x 1M 1NT (or 2NT) 3M, five of the major: opener chooses between the games
            rule(rf"^1{x} P 1{m} P [12]NT P 3{m} P$", f"4{m}", "rebid.fit", {"suit": m, "length": 3},
                 len={m: (3, 13)})
            rule(rf"^1{x} P 1{m} P [12]NT P 3{m} P$", "3NT", "rebid.no_fit", {"suit": m})
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
            # invitational with an unbid suit unstopped: no-trump all the same, not a pass (11 passed 1H, 4H cold)
            rule(ctx, "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11))
        for z in below(x):  # a new lower suit at the two level
            ctx = rf"^1{x} P 1{y} P 2{z} P$"
            rule(ctx, "3NT", "resp.nt", {"low": 12, "high": 17}, hcp=(12, 17), stop="unbid")
            rule(ctx, "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11), stop="unbid")
            rule(ctx, f"2{y}", "bid.signoff_long", {"suit": y, "length": 6}, hcp=(6, 10), len={y: (6, 13)})
            rule(ctx, f"2{x}", "bid.preference", {"suit": x}, len={x: (3, 13)}, best_of=(x + z, x), hcp=(0, 9))
            # the values with an unbid suit unstopped: no-trump all the same (13 gave preference to 2D, 5D cold)
            rule(ctx, "3NT", "resp.nt", {"low": 12, "high": 17}, hcp=(12, 17))
            rule(ctx, "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11))
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
for x in SUITS:  # after a two-over-one (11+) opener's three-level minor leaves no room to invite: game
    for y in below(x):
        ctx = rf"^1{x} P 2{y} P 3[CD] P$"
        rule(ctx, "3NT", "bid.game", {"low": 10}, hcp=(10, 40), stop="unbid")
        if y in MAJORS:
            rule(ctx, f"3{y}", "rebid.own_suit", {"suit": y, "length": 6}, len={y: (6, 13)})
        for z in "CD":  # opener's minor, raised or new: five of it with four trumps (five where it is ours)
            need = 5 if z == y else 4
            rule(rf"^1{x} P 2{y} P 3{z} P$", f"5{z}", "bid.game_fit", {"suit": z, "length": need}, pts=(11, 40),
                 len={z: (need, 13)})
        rule(ctx, "3NT", "bid.game", {"low": 10}, hcp=(10, 40))
# Four hearts raise opener's second suit over 1NT (with five, 2H+3 was passed against 4H+1).
rule(r"^1S P 1NT P 2H P$", "4H", "bid.game_fit", {"suit": "H", "length": 4}, dummy=("H", 11, 40), len={"H": (4, 13)})
rule(r"^1S P 1NT P 2H P$", "3H", "bid.invite_fit", {"suit": "H"}, dummy=("H", 9, 10), len={"H": (4, 13)})
answer_invitation(r"^1S P 1NT P 2H P 3H P$", "4H", 15, points="pts")
rule(r"^1[CDHS] P (?:1[DHSN]T?|2[CDH]) P \S+ P$", "pass", "pass.minimum", {"high": 10}, hcp=(0, 10), combined=(0, 24))
rule(r"^1[HS] P 2[HS] P 3[HS] P$", "4S", "bid.accept_invite", {"low": 8}, pts=(8, 9), len={"S": (3, 13)})
rule(r"^1[HS] P 2[HS] P 3[HS] P$", "4H", "bid.accept_invite", {"low": 8}, pts=(8, 9), len={"H": (3, 13)})
rule(r"^1[HS] P 2[HS] P 3[HS] P$", "pass", "rebid.decline", {"high": 7})

# -- Blackwood ---------------------------------------------------------------------
BLACKWOOD = r"[1-7][CDHS] P 4NT P$"
GRAND_POINTS = 34  # with every ace, the points together from which the asker bids the grand slam (36, 35,
# 34 on seeds 3, 4, 7: each step one more auction better, none worse)
rule(BLACKWOOD, "5C", "answer.blackwood", {"aces": "0/4"}, aces=(0, 0))
rule(BLACKWOOD, "5C", "answer.blackwood", {"aces": "0/4"}, aces=(4, 4))
rule(BLACKWOOD, "5D", "answer.blackwood", {"aces": 1}, aces=(1, 1))
rule(BLACKWOOD, "5H", "answer.blackwood", {"aces": 2}, aces=(2, 2))
rule(BLACKWOOD, "5S", "answer.blackwood", {"aces": 3}, aces=(3, 3))
for s in SUITS:
    asked = rf"[1-7]{s} P 4NT P 5[CDHS] P$"  # partner bid the suit, I asked, he answered
    rule(asked, f"7{s}", "bid.grand", {"suit": s, "low": GRAND_POINTS}, partnership_aces=(4, 4),
         combined=(GRAND_POINTS, 40))
    rule(asked, f"6{s}", "bid.slam", {"suit": s}, partnership_aces=(3, 4))
    rule(asked, f"5{s}", "bid.signoff", {"suit": s}, partnership_aces=(0, 2))
rule(r"4NT P 5[CDHS] P$", "pass", "bid.signoff", {})
rule(r"4NT P 5[CDHS] P 5[CDHS] P$", "pass", "pass.game_reached", {})  # the asker signed off
