"""Overcalls, takeout and penalty doubles, and the calls after them."""
from cardavia.ai.bridge_bidding.system.rows import (above, advance_own_suit, below, cheapest_level, MAJORS, Rows,
                                                    SUITS)

ROWS = Rows()
answer_invitation, rule = ROWS.answer_invitation, ROWS.rule


# -- competition -----------------------------------------------------------------------
# (Two-suited overcalls, Michaels's cue bid and the unusual 2NT at 8-16 with the advancer's preference, game
# and minor ask and responder's raises: seeds 7, 2, 1 +0.006, +0.043, +0.010, neutral; left out.)
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
            # (In the balancing seat too, from 7: seeds 3, 4, 7 -0.020, 0.000, +0.026, 4 auctions worse; left out.)
            for y in MAJORS:  # a five-card major is overcalled before a takeout double (it doubled 1D with
                if y in above(x):  # five spades and four hearts, partner bid clubs and 4S was lost)
                    rule(ctx, f"1{y}", "overcall.suit", {"suit": y, "length": 5, "low": 8, "high": 16},
                         hcp=(8, 16), len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
            rule(ctx, "X", "double.takeout", {"low": 12, "short": x}, hcp=(12, 40), len={x: (0, 2)}, takeout=x,
                 overcalls_first=17)
            if x in "CD":  # both majors and three of their minor double too (14 with 4-4 passed 1C, 3NT+1 cold)
                rule(ctx, "X", "double.takeout", {"low": 12, "short": x}, hcp=(12, 16),
                     len={x: (0, 3), "H": (4, 13), "S": (4, 13)})
        rule(ctx, "X", "double.takeout", {"low": 17}, hcp=(17, 40))
        for y in MAJORS.replace(x, ""):  # eight of a major jumps to game (it passed 1S with nine hearts)
            rule(ctx, f"4{y}", "overcall.weak_jump", {"suit": y, "length": 8, "low": 5, "high": 11}, hcp=(5, 11),
                 len={y: (8, 13)})
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
            # a seven-card suit below theirs, too weak for the two level, jumps to three (it passed 1S with
            # seven clubs to the ace-jack, and the opponents bid and made 4NT)
            rule(ctx, f"3{y}", "overcall.weak_jump", {"suit": y, "length": 7, "low": 5, "high": 10}, hcp=(5, 10),
                 len={y: (7, 13)})
        rule(ctx, "pass", "pass.no_overcall", {})
for x in SUITS:  # the fourth seat over 1x P 1y: the 1NT overcall, both suits stopped (it passed 1D P 1H with
    for y in above(x):  # 15 balanced and both stopped, 3NT by it cold). (A five-card suit of its own
        # overcalled too, 8+ at the one level, 11+ at the two: seed 13 +0.048 [-0.010, +0.106] with the weak jump
        # raised over a negative double: opener and responder have no rows over it and stopped low.)
        rule(rf"^1{x} P 1{y}$", "1NT", "overcall.nt_both", {"low": 15, "high": 18}, hcp=(15, 18), balanced=True,
             stop="theirs")  # its partner places it: later.place_nt_overcall
# (A lighter balancing seat over a weak two, doubling from 10 HCP short in their suit and naming a five-card
# suit from 8 at the two level, 10 at the three: seeds 7, 2, 1 +0.004, -0.015, +0.018, noise; left out. In
# either seat, doubling a weak two with 10-12 and a singleton or void there: seeds 3, 4, 7 +0.008, +0.005,
# +0.004; left out.)
for x in "DHSC":
    for lv in (2, 3):
        if lv == 2 and x == "C":
            continue
        for ctx in (rf"^{lv}{x}$", rf"^{lv}{x} P P$"):
            rule(ctx, "3NT", "bid.game", {"low": 16}, hcp=(16, 19), stop=x)
            if lv == 2 and ctx.endswith("P P$"):  # the balancing seat: partner, who passed, may hold the values
                rule(ctx, "2NT", "overcall.nt", {"low": 11, "high": 14}, hcp=(11, 14), balanced=True, stop=x)
                answer_invitation(rf"^2{x} P P 2NT P$", "3NT", 12)
            elif lv == 2:
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
            for y in "SHDC":  # five cards at the three level from 15 (it passed 3C with five spades, five
                if y != x:  # diamonds and 15, and a grand slam was cold)
                    rule(ctx, f"3{y}", "overcall.suit", {"suit": y, "length": 5, "low": 15, "high": 17},
                         hcp=(15, 17), len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
            rule(ctx, "pass", "pass.no_overcall", {})
# (The fourth seat over 1x P 1y or 1x P 1NT, partner silent: a takeout double of the unbid suits from 12, a
# one-level suit from 8 and a six-card two-level suit from 10: seed 7 +0.019 [-0.027, +0.065], 17 auctions
# worse, 8 better, the opponents having no rows after it; left out.)
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

# (The advancer's cue bid of their suit, three trumps and 11+ or any 13+, the overcaller bidding game with 15+
# or his suit, then the advancer placing it: seeds 3, 4, 7 +0.003, +0.020, -0.003; left out.)
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
        for m in MAJORS.replace(x, "").replace(y, ""):  # a six-card major of his own: game in it, not
            rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, hcp=(13, 40),  # 3NT (17 with six
                 len={m: (6, 13)})  # hearts bid 3NT over 1C 1D, 4H cold)
        rule(ctx, "3NT", "advance.nt", {"low": 15}, hcp=(15, 40), stop=x)
        rule(ctx, "2NT", "advance.nt", {"low": 12, "high": 14}, hcp=(12, 14), stop=x)
        for z in above(y):  # a five-card suit at the one level before 1NT (11 with five spades
            rule(ctx, f"1{z}", "advance.free", {"suit": z, "length": 5, "low": 8}, hcp=(8, 11),  # bid 1NT
                 len={z: (5, 13)}, best_of=(SUITS.replace(x, "").replace(y, ""), z))  # over 1D 1H, 4S cold)
        rule(ctx, "1NT", "advance.nt", {"low": 8, "high": 11}, hcp=(8, 11), stop=x)
        # no fit: a five-card suit of our own (it passed 1H with AJ972 and 9, 4H+1 cold)
        advance_own_suit(ROWS, ctx, rf"^1{x} 1{y} [PX]", x, y, 1, high=11, raise_from=11)
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
            level = cheapest_level(y, x, 1)
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
        level = cheapest_level(y, x, 1)
        ctx = rf"^1{x} X P {level}{y} P$"
        rule(ctx, f"4{y}", "bid.game_fit", {"suit": y, "length": 4}, dummy=(y, 19, 40), len={y: (4, 13)})
        rule(ctx, f"{level + 1}{y}", "bid.invite_fit", {"suit": y}, dummy=(y, 16, 18), len={y: (4, 13)})
        answer_invitation(rf"^1{x} X P {level}{y} P {level + 1}{y} P$", f"4{y}", 6, points="pts",
                          message="bid.accept_invite")
        ctx = rf"^1{x} X P {level + 1}{y} P$"
        rule(ctx, f"4{y}", "bid.game_fit", {"suit": y, "length": 4}, dummy=(y, 13, 40), len={y: (4, 13)})
    for m in MAJORS.replace(x, ""):  # a six-card major of the doubler's own with 17+: game in it, before
        others = SUITS.replace(m, "")  # no-trump (18 with seven hearts bid 3NT over 2D, 4H+1)
        rule(rf"^1{x} X P [23][{others}] P$", f"4{m}", "bid.game_long", {"suit": m, "length": 6}, hcp=(17, 40),
             len={m: (6, 13)})
    rule(rf"^1{x} X P [23][CDHS] P$", "3NT", "bid.game", {"low": 15}, hcp=(15, 40), stop=x)
    # The doubler too strong for a minimum, balanced with their suit held, shows it in no-trump (18 doubled
    # in the balancing seat, passed partner's 1S with 10 opposite, and 3NT+1 was lost); partner places it.
    for lead, low, high, game in ((rf"^1{x} X P", 17, 19, 7), (rf"^1{x} P P X P", 15, 18, 8)):
        for y in above(x):
            ctx = rf"{lead} 1{y} P$"
            rule(ctx, "1NT", "rebid.nt", {"low": low, "high": high}, hcp=(low, high), balanced=True, stop=x)
            answer_invitation(rf"{ctx[:-1]} 1NT P$", "3NT", game)
        for y in below(x):
            ctx = rf"{lead} 2{y} P$"
            rule(ctx, "2NT", "rebid.nt", {"low": low, "high": high}, hcp=(low, high), balanced=True, stop=x)
            answer_invitation(rf"{ctx[:-1]} 2NT P$", "3NT", game - 1)
    ctx = rf"^1{x} X P 1[DHS] P$|^1{x} X P 2[CDHS] P$"
    rule(ctx, "pass", "pass.minimum", {"high": 16}, hcp=(0, 16))

def opener_after_negative_double(x: str, overcall: str) -> None:
    """1x (overcall) X P: opener shows the major the double asked about (game
    with 19, the jump with 16-18), no-trump with their suit held (12-15, the
    jump 16-21, balanced), or his own suit (the jump with six and 16-18), each by strength."""
    level, y = int(overcall[0]), overcall[1]
    ctx = rf"^1{x} {overcall} X P$"
    # Their suit held: pass, and partner's double (8+) is for penalty (as the reopening double's partner
    # passes: four with two honours at the two level, five with three at the one level).
    trumps, honours = (4, 2) if level == 2 else (5, 3)
    rule(ctx, "pass", "pass.penalty", {"suit": y, "length": trumps}, len={y: (trumps, 13)}, honours=(y, honours))

    for m in MAJORS:
        if m not in (x, y):
            low = cheapest_level(m, y, level)
            rule(ctx, f"4{m}", "bid.game_fit", {"suit": m}, pts=(19, 40), len={m: (4, 13)})
            if low + 1 < 4:
                rule(ctx, f"{low + 1}{m}", "advance.jump", {"suit": m, "length": 4, "low": 16, "high": 18},
                     pts=(16, 18), len={m: (4, 13)})
            rule(ctx, f"{low}{m}", "rebid.new_suit", {"suit": m, "length": 4}, len={m: (4, 13)})
    rule(ctx, f"{level}NT", "rebid.nt", {"low": 12, "high": 15}, hcp=(0, 15), stop=y, balanced=True)
    rule(ctx, f"{level + 1}NT", "rebid.nt", {"low": 16, "high": 21}, hcp=(16, 21), stop=y, balanced=True)
    if level == 1:  # 19+ unbalanced with their suit held: game in no-trump (19 rebid 2D, 3NT+1 cold)
        rule(ctx, "3NT", "bid.game", {"low": 19}, hcp=(19, 40), stop=y)
    own = cheapest_level(x, y, level)  # (his own suit last: any hand the rows above leave, four cards or more)
    if own + 1 <= 3:
        rule(ctx, f"{own + 1}{x}", "rebid.own_suit", {"suit": x, "length": 6, "low": 16, "high": 18},
             pts=(16, 18), len={x: (6, 13)})
    if x in MAJORS and y in MAJORS:  # both majors bid: the double showed the minors
        rule(ctx, f"{own}{x}", "rebid.own_suit", {"suit": x, "length": 5}, len={x: (6, 13)})
        for m in "DC":
            rule(ctx, f"{cheapest_level(m, y, level)}{m}", "rebid.new_suit", {"suit": m, "length": 4}, len={m: (4, 13)},
                 best_of=("CD", m))
    rule(ctx, f"{own}{x}", "rebid.own_suit", {"suit": x, "length": 5})


def opener_after_free_new_suit(x: str, y: str, z: str) -> None:
    """1x (1y) 2z P: responder's new suit (five, 11+) forces; opener raises it, shows no-trump with their
    suit held (12-14 or 18-19, balanced), rebids six of his own (16+ a level higher), names a new suit,
    else rebids his own (it passed 2C with 12 and four clubs, 6D cold)."""
    ctx = rf"^1{x} 1{y} 2{z} P$"
    own = cheapest_level(x, z, 2)
    rule(ctx, "3NT", "rebid.nt", {"low": 18, "high": 19}, hcp=(18, 19), balanced=True, stop=y)
    support = 3 if z in MAJORS else 4
    rule(ctx, f"3{z}", "rebid.raise", {"suit": z, "length": support}, len={z: (support, 13)})
    if own == 2:
        rule(ctx, f"3{x}", "rebid.own_suit", {"suit": x, "length": 6, "low": 16}, pts=(16, 40), len={x: (6, 13)})
    rule(ctx, "2NT", "rebid.nt", {"low": 12, "high": 14}, hcp=(12, 14), balanced=True, stop=y)
    for w in SUITS:
        if w not in (x, y, z):
            level = cheapest_level(w, z, 2)
            rule(ctx, f"{level}{w}", "rebid.new_suit", {"suit": w, "length": 4}, len={w: (4, 13)})
    rule(ctx, f"{own}{x}", "rebid.own_suit", {"suit": x, "length": 5})
    # responder places opener's no-trump (their suit held): game from 11 (14 passed 2NT, 3NT+1 cold)
    rule(rf"^1{x} 1{y} 2{z} P 2NT P$", "3NT", "bid.game", {"low": 11}, hcp=(11, 40))


def opener_after_three_level_new_suit(x: str, y: str, z: str) -> None:
    """1x (2y) 3z P: the new suit (five, 11+) over their two-level overcall; the partnership holds game
    values: opener bids 3NT with their suit held, raises with support, rebids six of his own, names a
    new suit, else rebids his own."""
    ctx = rf"^1{x} 2{y} 3{z} P$"
    rule(ctx, "3NT", "bid.game", {"low": 12}, hcp=(12, 40), stop=y)
    support = 3 if z in MAJORS else 4
    rule(ctx, f"4{z}", "rebid.raise", {"suit": z, "length": support}, len={z: (support, 13)})
    own = cheapest_level(x, z, 3)
    rule(ctx, f"{own}{x}", "rebid.own_suit", {"suit": x, "length": 5}, len={x: (6, 13)})
    for w in above(z):
        if w not in (x, y):
            rule(ctx, f"3{w}", "rebid.new_suit", {"suit": w, "length": 4}, len={w: (4, 13)})
    rule(ctx, f"{own}{x}", "rebid.own_suit", {"suit": x, "length": 5})  # nothing else to say


for x in SUITS:
    for y in above(x):
        for z in SUITS:
            if z not in (x, y):
                opener_after_free_new_suit(x, y, z)
for x in SUITS:
    for y in SUITS.replace(x, ""):
        for z in below(y):
            if z != x:
                opener_after_three_level_new_suit(x, y, z)

for x in SUITS:  # responder after an overcall or a takeout double
    for y in SUITS + "N":
        if y == x:
            continue
        overcalls = ["1NT"] if y == "N" else [f"{lv}{y}" for lv in (1, 2) if lv == 2 or y in above(x)]
        ctx = rf"^1{x} (?:{'|'.join(overcalls)})$"
        unbid_majors = MAJORS.replace(x, "").replace(y, "")
        if y == "N":
            rule(ctx, "X", "double.penalty", {"low": 10}, hcp=(10, 40))
        elif unbid_majors:
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
        if y != "N":
            for z in below(y).replace(x, ""):  # their two-level overcall took our two level: a new suit from
                rule(ctx, f"3{z}", "resp.new_suit", {"suit": z, "length": 5, "low": 11}, pts=(11, 40),  # the
                     len={z: (5, 13)})  # three (11 with seven clubs passed 1D (2H), then bid 5C, 3C+1 cold)
            if not unbid_majors:  # both majors bid: the double shows the minors, after the rows above
                rule(ctx, "X", "double.negative_minors", {"low": 8}, hcp=(8, 40), negative=x + y)
        rule(ctx, "pass", "pass.competitive", {})
        if y == "N":
            continue
        for overcall in overcalls:
            opener_after_negative_double(x, overcall)

    for y in SUITS.replace(x, ""):  # after the negative double and the advancer's raise: opener, then the doubler
        raised = rf"1{y} X [23]{y}" if y in above(x) else rf"2{y} X 3{y}"  # (a two-level overcall's too)
        ctx = rf"^1{x} 1{y} X (?:[23]{y}|1NT)$" if y in above(x) else rf"^1{x} {raised}$"
        for m in MAJORS:
            if m not in (x, y):
                for lv in (2, 3):
                    rule(ctx, f"{lv}{m}", "rebid.new_suit", {"suit": m, "length": 4}, len={m: (4, 13)},
                         pts=(12 if lv == 2 else 15, 40))
        rule(ctx, "3NT", "bid.game", {"low": 18}, hcp=(18, 21), stop=y)
        for lv in (2, 3):
            rule(ctx, f"{lv}{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)})
        rule(ctx, "pass", "pass.competitive", {})
        ctx = rf"^1{x} {raised} P P$"
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
        rule(ctx, f"2{x}", "resp.raise", {"suit": x, "length": 3, "low": 6, "high": 10}, pts=(6, 10),
             len={x: (3, 13)})  # (to 10 with the length point: 9 HCP do not redouble)
    for z in above(x):  # a five-card suit first, then up the line (either reads as four or more)
        rule(ctx, f"1{z}", "resp.new_suit", {"suit": z, "length": 4, "low": 6}, pts=(6, 10), len={z: (5, 13)},
             best_of=(above(x), z))
    for z in above(x):
        rule(ctx, f"1{z}", "resp.new_suit", {"suit": z, "length": 4, "low": 6}, pts=(6, 10), len={z: (4, 13)})
    rule(ctx, "1NT", "resp.1nt", {"low": 6, "high": 9}, hcp=(6, 9))
    rule(ctx, "pass", "pass.competitive", {})
