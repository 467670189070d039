"""Uncontested auctions after a one-level suit opening, from responder's second call:
his placement or invitation, opener's answer, Blackwood (the responses and opener's
rebid: ``responses.py``)."""
from cardavia.ai.bridge_bidding.system.responses import jump_shifts, reverses
from cardavia.ai.bridge_bidding.system.rows import above, below, MAJORS, Rows, SUITS

ROWS = Rows()
answer_invitation, rule = ROWS.answer_invitation, ROWS.rule


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
        # 2, 1: one auction of 1,800 changed, by no IMPs; kept, as partner would expect them). Every
        # quantitative slam a point lighter (31 bid it, 29 ask; over 1NT, 2NT and 2C's no-trumps too), as double
        # dummy makes slams at 30 two times in three: seeds 13, 15 +0.016 [-0.010, +0.042], -0.002; left out.
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
for x in SUITS:  # responder after opener's reverse (17+, forcing): game with 8+, else the cheapest way out
    for y in above(x):
        for z in reverses(x, y):
            ctx = rf"^1{x} P 1{y} P 2{z} P$"
            if z in MAJORS:
                rule(ctx, f"4{z}", "bid.game_fit", {"suit": z, "length": 4}, pts=(8, 40), len={z: (4, 13)})
            if y in MAJORS:
                rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(8, 40), len={y: (6, 13)})
            rule(ctx, "3NT", "bid.game", {"low": 8}, hcp=(8, 40))
            rule(ctx, f"2{y}", "rebid.own_suit", {"suit": y, "length": 5}, len={y: (5, 13)}, hcp=(0, 7))
            if z in MAJORS:
                rule(ctx, f"3{z}", "rebid.raise", {"suit": z, "length": 4}, len={z: (4, 13)}, hcp=(0, 7))
            rule(ctx, f"3{x}", "bid.preference", {"suit": x}, len={x: (3, 13)}, hcp=(0, 7))
            weak = rf"^1{x} P 1{y} P 2{z} P (?:2{y}|3{z}|3{x}) P$"  # opener: game with 19+, else stop
            if y in MAJORS:
                rule(rf"^1{x} P 1{y} P 2{z} P 2{y} P$", f"4{y}", "bid.game_fit", {"suit": y, "length": 3},
                     pts=(19, 40), len={y: (3, 13)})
            if z in MAJORS:
                rule(rf"^1{x} P 1{y} P 2{z} P 3{z} P$", f"4{z}", "bid.game_fit", {"suit": z, "length": 4},
                     pts=(19, 40))
            rule(weak, "3NT", "bid.game", {"low": 19}, hcp=(19, 40))
            rule(weak, "pass", "pass.minimum", {})
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
rule(r"^1[CDHS] P (?:1[DHS]|2[CDH]) P (?:1[HS]|2[CDHS]) P$", "3NT", "resp.nt", {"low": 12, "high": 21},
     hcp=(12, 21), stop="unbid")
rule(r"^1[CDHS] P (?:1[DHS]|2[CDH]) P (?:1[HS]|2[CDHS]|3[CD]) P$", "2NT", "resp.invite", {"low": 10, "high": 11},
     hcp=(10, 11), stop="unbid")
for x in SUITS:  # responder after opener's second suit
    for y in above(x):
        for z in above(y):  # a new suit at the one level (no-trump is read by the rows above)
            ctx = rf"^1{x} P 1{y} P 1{z} P$"  # six of his own: 10 invites (it signed off in 2H, 4H cold)
            rule(ctx, f"2{y}", "bid.signoff_long", {"suit": y, "length": 6}, hcp=(6, 9), len={y: (6, 13)})
            rule(ctx, f"3{y}", "bid.invite_long", {"suit": y, "length": 6}, hcp=(10, 11), len={y: (6, 13)})
            rule(ctx, "1NT", "resp.1nt", {"low": 8, "high": 10}, hcp=(8, 10))
            # invitational with an unbid suit unstopped: no-trump all the same, not a pass (11 passed 1H, 4H cold)
            rule(ctx, "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11))
        for z in below(x):  # a new lower suit at the two level
            ctx = rf"^1{x} P 1{y} P 2{z} P$"
            rule(ctx, "3NT", "resp.nt", {"low": 12, "high": 21}, hcp=(12, 21), stop="unbid")
            rule(ctx, "2NT", "resp.invite", {"low": 10, "high": 11}, hcp=(10, 11), stop="unbid")
            rule(ctx, f"2{y}", "bid.signoff_long", {"suit": y, "length": 6}, hcp=(6, 10), len={y: (6, 13)})
            rule(ctx, f"2{x}", "bid.preference", {"suit": x}, len={x: (3, 13)}, best_of=(x + z, x), hcp=(0, 9))
            # the values with an unbid suit unstopped: no-trump all the same (13 gave preference to 2D, 5D cold)
            rule(ctx, "3NT", "resp.nt", {"low": 12, "high": 21}, hcp=(12, 21))
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
            if y in MAJORS:  # six of his major: opener raises with two (7 with six hearts bid 3NT, 4H cold)
                rule(ctx, f"3{y}", "rebid.own_suit", {"suit": y, "length": 6}, len={y: (6, 13)})
                rule(rf"^1{x} P 1{y} P {jump} P 3{y} P$", f"4{y}", "bid.game_fit", {"suit": y, "length": 2},
                     len={y: (2, 13)})
                rule(rf"^1{x} P 1{y} P {jump} P 3{y} P$", "3NT", "bid.game", {"low": 19})
            # (Without a fit, 6NT from 14 and a quantitative 4NT with 11-13, these rows before the 3NT of
            # 12-21 over any second suit: held-out seeds 13 +0.012 [-0.007, +0.031], 2 auctions worse, 15 +0.000.)
            rule(ctx, "3NT", "bid.game", {"low": 6})  # forced: the 6+ of the response
for x in SUITS:  # responder after opener's jump rebid of his suit (16-18): game with 8+
    for y in above(x):
        ctx = rf"^1{x} P 1{y} P 3{x} P$"
        # slam values opposite 16-18: Blackwood with a fit, 6NT balanced without one (it bid 5D with 17)
        rule(ctx, "4NT", "ask.blackwood", {"low": 31}, combined=(31, 40), fit=x)
        rule(ctx, "6NT", "bid.slam_values", {"low": 32}, combined=(32, 36), balanced=True)
        if x in MAJORS:
            rule(ctx, f"4{x}", "bid.game_fit", {"suit": x, "length": 2}, pts=(8, 40), len={x: (2, 13)})
        rule(ctx, "3NT", "bid.game", {"low": 8}, hcp=(8, 40), stop="unbid")
        if y in MAJORS:
            rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(8, 40), len={y: (6, 13)})
        if x not in MAJORS:
            rule(ctx, f"5{x}", "bid.game_fit", {"suit": x, "length": 3}, pts=(9, 40), len={x: (3, 13)})
            rule(ctx, "3NT", "bid.game", {"low": 9}, hcp=(9, 40))
        rule(ctx, "pass", "pass.minimum", {"high": 7})
for x in MAJORS:  # seven of a major opposite partner's 3NT over its jump rebid: game in the major (a singleton
    rule(rf"^1{x} P (?:1[HS]|1NT) P 3{x} P 3NT P$", f"4{x}", "bid.game_long", {"suit": x, "length": 7},
         len={x: (7, 13)})  # opposite played 3NT, 4H+1 cold)
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
# Opener's second suit over 1NT shows 11-18, so responder's maximum (9-10) invites: a raise with four, a jump
# preference with three of opener's major, else 2NT with the unbid suits stopped; opener goes on with 15+
# (1S 1NT 2D was passed with 10 and four diamonds, 15 opposite, 4S cold).
for x in SUITS:
    for z in below(x):
        ctx = rf"^1{x} P 1NT P 2{z} P$"
        top = 10 if z in MAJORS else 11  # (four hearts and 11 as dummy bid game above)
        rule(ctx, f"3{z}", "bid.invite_fit", {"suit": z}, dummy=(z, 9, top), len={z: (4, 13)})
        if x in MAJORS:
            rule(ctx, f"3{x}", "bid.invite_fit", {"suit": x}, hcp=(9, 10), len={x: (3, 13)})
            answer_invitation(rf"{ctx[:-1]} 3{x} P$", f"4{x}", 15, points="pts")
        rule(ctx, "2NT", "resp.invite", {"low": 9, "high": 10}, hcp=(9, 10), stop="unbid")
        answer_invitation(rf"{ctx[:-1]} 2NT P$", "3NT", 15)
        invited = rf"{ctx[:-1]} 3{z} P$"
        if z in MAJORS:
            answer_invitation(invited, f"4{z}", 15, points="pts")
        else:  # the minor raised: 3NT with the unbid suits stopped, five of it with 17+
            rule(invited, "3NT", "rebid.accept", {"low": 15}, hcp=(15, 40), stop="unbid")
            answer_invitation(invited, f"5{z}", 17, points="pts")
# After a one-level response, the values with an unbid suit unstopped: no-trump all the same (12 passed 2D and
# 11 passed 2C, 3NT cold); after a two-over-one the placement rows count the points together
rule(r"^1[CDHS] P 1[DHS] P (?:1[HS]|2[CDHS]) P$", "3NT", "resp.nt", {"low": 12, "high": 21}, hcp=(12, 21))
rule(r"^1[CDHS] P 1[DHS] P (?:1[HS]|2[CDHS]|3[CD]) P$", "2NT", "resp.invite", {"low": 10, "high": 11},
     hcp=(11, 11))  # (10 without the stopper passes: invited on seed 14, 7 auctions, 2 worse, 1 better)
for x in "CD":  # five spades and four hearts opposite a minimum in a minor: hearts too (9 passed 1NT, 4S cold)
    rule(rf"^1{x} P 1S P (?:1NT|2{x}) P$", "2H", "resp.new_suit", {"suit": "H", "length": 4, "low": 6}, hcp=(6, 10),
         len={"S": (5, 13), "H": (4, 13)})
    then = rf"^1{x} P 1S P (?:1NT|2{x}) P 2H P$"  # opener picks the fit: four hearts, three spades, three hearts
    rule(then, "pass", "pass.minimum", {}, len={"H": (4, 13)})
    rule(then, "2S", "bid.preference", {"suit": "S"}, len={"S": (3, 13)})
    rule(then, "pass", "pass.minimum", {}, len={"H": (3, 13)})
    rule(then, "2S", "bid.preference", {"suit": "S"})
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
    if s in "CD":  # asked over partner's minor with a major fit shown: the slam is in the major
        for m in MAJORS:
            rule(asked, f"7{m}", "bid.grand", {"suit": m, "low": GRAND_POINTS}, fit=m, partnership_aces=(4, 4),
                 combined=(GRAND_POINTS, 40))
            rule(asked, f"6{m}", "bid.slam", {"suit": m}, fit=m, partnership_aces=(3, 4))
            rule(asked, f"5{m}", "bid.signoff", {"suit": m}, fit=m, partnership_aces=(0, 2))
    rule(asked, f"7{s}", "bid.grand", {"suit": s, "low": GRAND_POINTS}, partnership_aces=(4, 4),
         combined=(GRAND_POINTS, 40))
    rule(asked, f"6{s}", "bid.slam", {"suit": s}, partnership_aces=(3, 4))
    rule(asked, f"5{s}", "bid.signoff", {"suit": s}, partnership_aces=(0, 2))
rule(r"4NT P 5[CDHS] P$", "pass", "bid.signoff", {})
rule(r"4NT P 5[CDHS] P 5[CDHS] P$", "pass", "pass.game_reached", {})  # the asker signed off
