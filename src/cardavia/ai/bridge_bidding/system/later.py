"""Weak twos and preempts: partner's answers; the later calls of a contested auction."""
from cardavia.ai.bridge_bidding.system.rows import (above, advance_own_suit, below, cheapest_level, MAJORS, Rows,
                                                    SUITS)

ROWS = Rows()
answer_invitation, rule = ROWS.answer_invitation, ROWS.rule


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
    rule(rf"^1{x} P P 1NT$", "X", "double.penalty", {"low": 17}, hcp=(17, 40))  # the balancing 1NT shows 11-14
    rule(rf"^1{x} (?:1[CDHS]|2[CDHS]) P P$", "X", "double.takeout", {"low": 12}, hcp=(12, 40), short_theirs=1)
    # (short in their suit, opener reopens with a minimum: partner may have passed with their suit, waiting to
    # convert; 13 with a void passed 2S and partner's AKQx of spades never doubled)
    rule(rf"^1{x} (?:1[CDHS]|2[CDHS]) P P$", "X", "double.takeout", {"low": 15}, hcp=(15, 40), short_theirs=2)
    rule(rf"^1{x} (?:1[CDHS]|2[CDHS]) P P$", "X", "double.takeout", {"low": 18}, hcp=(18, 40))  # (19 passed 1D)
    rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)}, hcp=(12, 15))
    rule(ctx, "pass", "pass.minimum", {"high": 15})
    # Their balancing double of 1x P P: six of the suit rebid it, else pass (the system's most frequent hole
    # until December 2026: fresh seeds 21, 22 +0.007, +0.000 IMPs a deal, 5 auctions changed, 2 better, 3 worse;
    # a redouble from 17 too: seed 21 +0.025 [-0.008, +0.058], 1xXX passed out, no row taking it out)
    balanced_out = rf"^1{x} P P X$"
    rule(balanced_out, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)})
    rule(balanced_out, "pass", "pass.competitive", {})
    answer_invitation(rf"^1{x} P \S+ P \S+ P 2NT P$", "3NT", 13, points="pts")
    for z in below(x):  # preference after opener's second suit
        ctx = rf"^1{x} P 1NT P 2{z} P$"
        rule(ctx, f"2{x}", "bid.preference", {"suit": x}, best_of=(x + z, x))
        rule(ctx, "pass", "bid.preference", {"suit": z})

def place_nt_overcall(lead: str, majors: str) -> None:
    """Partner overcalled 1NT (15-18) after ``lead``: game from 10, the invitation with 8-9 (he accepts
    with 17), else a pass; five or six of one of ``majors`` (those the opponents did not bid) sign off
    in it or bid game."""
    ctx = rf"{lead} 1NT P$"
    for m in majors:
        rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, hcp=(8, 40), len={m: (6, 13)})
        rule(ctx, f"2{m}", "bid.signoff_long", {"suit": m, "length": 5}, hcp=(0, 7), len={m: (5, 13)})
    rule(ctx, "3NT", "bid.game", {"low": 10}, hcp=(10, 40))
    rule(ctx, "2NT", "resp.invite", {"low": 8, "high": 9}, hcp=(8, 9))
    rule(ctx, "pass", "pass.weak", {"high": 7})
    answer_invitation(rf"{lead} 1NT P 2NT P$", "3NT", 17, high=18)
    if majors:
        rule(rf"{lead} 1NT P 2[{majors}] P$", "pass", "pass.competitive", {})  # the sign-off


for x in SUITS:  # advancing partner's two-level overcall; the 1NT overcall
    for y in above(x):  # his weak jump (six cards, 5-10): game with a fit and the values, else raise to three
        ctx = rf"^1{x} 2{y} [PX]$"  # preemptively with three trumps, over a negative double too
        if y in MAJORS:
            rule(ctx, f"4{y}", "advance.raise_game", {"suit": y, "length": 3, "low": 15}, dummy=(y, 15, 40),
                 len={y: (3, 13)})
        rule(ctx, "3NT", "advance.nt", {"low": 16}, hcp=(16, 40), stop=x)
        rule(ctx, f"3{y}", "advance.raise", {"suit": y, "length": 3}, len={y: (3, 13)})
        rule(ctx, "pass", "pass.competitive", {})
    for y in below(x):
        ctx = rf"^1{x} 2{y} [PX]$"  # over a negative double too (the system's most frequent hole)
        rule(ctx, "3NT", "advance.nt", {"low": 14}, hcp=(14, 40), stop=x)
        if y in MAJORS:
            rule(ctx, f"4{y}", "advance.raise_game", {"suit": y, "length": 3, "low": 13}, pts=(13, 40),
                 len={y: (3, 13)})
        rule(ctx, f"3{y}", "advance.raise", {"suit": y, "length": 3}, pts=(8, 12), len={y: (3, 13)})
        # no fit: a five-card suit of our own (it passed 2C with 5-4 in the majors, 4S+1 cold)
        advance_own_suit(ROWS, ctx, rf"^1{x} 2{y} [PX]", x, y, 2, high=13, raise_from=12)
        rule(ctx, "pass", "pass.competitive", {})
    # Partner's no-trump overcall raised by them: game with the values (it passed 3D with 14 opposite 2NT).
    rule(rf"^1{x} 1NT [23]{x}$", "3NT", "bid.game", {"low": 10}, hcp=(10, 40))
    if x != "C":
        rule(rf"^2{x} 2NT 3{x}$", "3NT", "bid.game", {"low": 8}, hcp=(8, 40))
    place_nt_overcall(rf"^1{x}", MAJORS.replace(x, ""))
    for y in above(x):  # the fourth seat's 1NT over 1x P 1y
        place_nt_overcall(rf"^1{x} P 1{y}", "")
    ctx = rf"^1{x} X (?:1[DHS]|2[CDHS]|1NT|XX)$"  # advancing a takeout double over a bid
    for y in "SHDC":
        if y == x:
            continue
        for level in (1, 2, 3):
            rule(ctx, f"{level}{y}", "advance.free", {"suit": y, "length": 5, "low": 6}, hcp=(6, 12),
                 len={y: (5, 13)}, unbid=y)
    rule(ctx, "pass", "pass.competitive", {})
    for y in MAJORS.replace(x, ""):  # the doubler raises the free major with three: game from 17 as dummy, else
        for level in (1, 2):  # one level up (14 with four spades passed 1S, 4C their way lost)
            ctx = rf"^1{x} X (?:1[DHS]|2[CDHS]|1NT|XX) {level}{y} P$"
            rule(ctx, f"4{y}", "bid.game_fit", {"suit": y, "length": 3}, dummy=(y, 17, 40), len={y: (3, 13)})
            rule(ctx, f"{level + 1}{y}", "rebid.raise", {"suit": y, "length": 3}, len={y: (3, 13)})
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
for x in "DHSC":  # their raise over partner's takeout double of a weak two or preempt: a five-card major
    for lv in (2, 3):  # at game with 10+, a five-card suit of our own with less (11 passed 4D, 4H cold)
        if lv == 2 and x == "C":
            continue
        ctx = rf"^{lv}{x} X [34]{x}$"
        for m in MAJORS.replace(x, ""):  # the double promised four of it (8 with four hearts passed 2S X 3S,
            # 4H+1 cold)
            rule(ctx, f"4{m}", "advance.game", {"suit": m, "length": 4, "low": 8}, hcp=(8, 40), len={m: (4, 13)})
        for y in SUITS.replace(x, ""):
            if y in MAJORS and y in below(x):
                continue  # four of a major is the game row's
            rule(ctx, f"{4 if y in below(x) else 3}{y}", "advance.free", {"suit": y, "length": 5, "low": 6},
                 hcp=(6, 12), len={y: (5, 13)}, best_of=(SUITS.replace(x, ""), y))
        rule(ctx, "pass", "pass.competitive", {})


def doubler_names_his_suit(ctx: str, x: str, levels: tuple[int, ...]) -> None:
    """The takeout doubler of 1x with 17+ bids a five-card suit of his own, the longest, one they did not bid."""
    for y in SUITS.replace(x, "")[::-1]:
        for level in levels:
            rule(ctx, f"{level}{y}", "rebid.suit", {"suit": y, "length": 5}, hcp=(17, 40), len={y: (5, 13)},
                 best_of=(SUITS.replace(x, ""), y), unbid=y)


for x in SUITS:  # the doubler's second call, in the direct seat or the balancing one (it passed 1S with 18)
    ctx = rf"^1{x} (?:X|P P X) P \S+ P$"
    # the advancer's 2NT invites with 11-12: game with 13+ (a 13-count passed it, 3NT+1 cold)
    answer_invitation(rf"^1{x} (?:X|P P X) P 2NT P$", "3NT", 13)
    doubler_names_his_suit(ctx, x, (1, 2, 3))
    # no suit of his own to name (a five-card one is theirs, or none): no-trump, balanced or not
    rule(ctx, "3NT", "bid.game", {"low": 19}, hcp=(19, 40), stop=x)
    rule(ctx, "2NT", "rebid.invite", {"low": 17, "high": 18}, hcp=(17, 18), stop=x)
    rule(ctx, "pass", "pass.minimum", {"high": 16})
    # opener rebid his suit over a bid of responder's or the advancer's: the strong doubler names his own
    doubler_names_his_suit(rf"^1{x} (?:X \S+ P|X P \S+|P P X P \S+) [2-3]{x}$", x, (2, 3))
    # responder bid over the double and opener passed: the strong doubler names his own too (17 with six
    # hearts passed 1S, 3H cold)
    doubler_names_his_suit(rf"^1{x} X (?:1[DHS]|1NT|2[CDHS]) P P$", x, (1, 2, 3))

for x in SUITS:  # opener when the overcall is raised and partner passed: a takeout double with extras and
    for y in above(x):  # shortness, or his own six-card suit (16 and a void in theirs passed 2D, 4S+1 cold)
        raised = rf"^1{x} 1{y} P 2{y}$"
        rule(raised, "X", "double.takeout", {"low": 15, "short": y}, hcp=(15, 40), len={y: (0, 1)})
        rule(raised, f"3{x}", "rebid.own_suit", {"suit": x, "length": 6}, pts=(15, 40), len={x: (6, 13)})
        rule(raised, "pass", "pass.competitive", {})
        others = SUITS.replace(y, "")
        for z in others:  # responder, who passed the overcall, names his best suit (partner's with three)
            level = cheapest_level(z, y, 2)
            rule(rf"^1{x} 1{y} P 2{y} X P$", f"{level}{z}", "advance.cheapest", {"suit": z, "high": 9, "length": 3},
                 len={z: (3, 13)}, best_of=(others, z))
for x in SUITS:  # competing when the opponents have found a fit
    for ctx in (rf"^1{x} P 2{x}$", rf"^1{x} P 2{x} P P$"):
        rule(ctx, "X", "double.takeout", {"low": 11, "short": x}, hcp=(11, 40), len={x: (0, 2)}, takeout=x)
        rule(ctx, "X", "double.takeout", {"low": 11, "short": x}, hcp=(17, 40))  # too strong to pass (18
        # balanced with three spades passed 1S P 2S, 3NT+2 cold): as over the opening, whatever the shape
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
    # their raise to three over the double: game in a five-card major with 12+, else a four-card suit at
    # the three level with 6+ (6 with a void and both majors passed 3C, 5H cold)
    ctx = rf"^1{x} P 2{x} X 3{x}$"
    for m in MAJORS.replace(x, ""):
        rule(ctx, f"4{m}", "advance.game", {"suit": m, "length": 5, "low": 12}, hcp=(12, 40), len={m: (5, 13)},
             best_of=(SUITS.replace(x, ""), m))
    for suits in (MAJORS.replace(x, ""), SUITS.replace(x, "")):  # a major first (the double promised them)
        for y in suits:
            if y in MAJORS and y in below(x):
                continue  # four of a major is the game row's
            rule(ctx, f"{cheapest_level(y, x, 3)}{y}", "advance.cheapest", {"suit": y, "high": 11, "length": 4},
                 hcp=(6, 11), len={y: (4, 13)}, best_of=(suits, y))
    rule(ctx, "pass", "pass.competitive", {})
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
                    level = cheapest_level(z, y, lv)
                    rule(ctx, f"{level}{z}", "advance.cheapest", {"suit": z, "high": 10, "length": 3},
                         best_of=(SUITS.replace(y, ""), z))

for x in SUITS:  # the part-score battle
    for y in SUITS:
        if y == x:
            continue
        ov = f"{cheapest_level(y, x, 1)}{y}"
        ctx = rf"^1{x} {ov} 2{x}$"  # advancer after their raise
        if y in MAJORS:
            rule(ctx, f"4{y}", "advance.raise_game", {"suit": y, "length": 4, "low": 12}, dummy=(y, 12, 40),
                 len={y: (4, 13)})
        rule(ctx, f"3{y}", "advance.raise", {"suit": y, "length": 4}, dummy=(y, 6, 11), len={y: (4, 13)})
        rule(ctx, f"2{y}", "advance.raise", {"suit": y, "length": 3}, dummy=(y, 6, 10), len={y: (3, 13)})
        # opener rebid his suit and both partners passed: the overcaller competes with a six-card suit and
        # extras (16 with seven diamonds passed 1S 2D P P 2S)
        level = int(ov[0]) + 1
        rule(rf"^1{x} {ov} P P 2{x}$", f"{level}{y}", "rebid.own_suit", {"suit": y, "length": 6},
             pts=(14 if level == 3 else 12, 40), len={y: (6, 13)})
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
        ov = f"{cheapest_level(y, x, 1)}{y}"
        # the single raise: 6-10, of a two-level overcall 8-12 (over responder's double or 1NT too: 18 with
        # five-five passed it at 4S)
        raised = rf"^1{x} {ov} (?:P|X|1NT) {int(ov[0]) + 1}{y} P$"
        if y in MAJORS and ov[0] == "1":
            rule(raised, f"4{y}", "rebid.game", {"low": 17}, pts=(17, 40))
            rule(raised, f"3{y}", "rebid.invite", {"low": 15, "high": 16}, pts=(15, 16))
            answer_invitation(rf"^1{x} {ov} (?:P|X|1NT) 2{y} P 3{y} P$", f"4{y}", 9, points="pts",
                              message="bid.accept_invite")
        elif y in MAJORS:
            rule(raised, f"4{y}", "rebid.game", {"low": 13}, pts=(13, 40))
        else:  # a minor at the two level raised (8-12): 3NT with 15 and their suit held, five of it with 18
            rule(raised, "3NT", "bid.game", {"low": 15}, hcp=(15, 40), stop=x)  # (15 passed 3C, 3NT+1 cold)
            rule(raised, f"5{y}", "rebid.game", {"low": 18}, pts=(18, 40))
        rule(raised, "pass", "pass.minimum", {})
        if ov[0] == "1":  # the limit raise, 11-12
            if y in MAJORS:
                rule(rf"^1{x} {ov} P 3{y} P$", f"4{y}", "bid.accept_invite", {"low": 11}, pts=(11, 40))
            rule(rf"^1{x} {ov} P 3{y} P$", "pass", "rebid.decline", {"high": 10})
            ctx = rf"^1{x} {ov} P 1NT P$"  # advance.nt, 8-11
            rule(ctx, "3NT", "bid.game", {"low": 15}, hcp=(15, 16))
            if y in MAJORS:
                rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(15, 40), len={y: (6, 13)})
            rule(ctx, "2NT", "rebid.invite", {"low": 13, "high": 14}, hcp=(13, 14))
            rule(ctx, f"2{y}", "rebid.own_suit", {"suit": y, "length": 6}, len={y: (6, 13)})
            rule(ctx, "pass", "pass.minimum", {})
            answer_invitation(rf"^1{x} {ov} P 1NT P 2NT P$", "3NT", 10, high=11, message="bid.accept_invite")
            ctx = rf"^1{x} {ov} P 2NT P$"  # advance.nt, 12-14
            if y in MAJORS:
                rule(ctx, f"4{y}", "bid.game_long", {"suit": y, "length": 6}, pts=(11, 40), len={y: (6, 13)})
            # five of an unbid major too, and the advancer chooses the game (9 with five spades and six
            # diamonds passed 2NT, 4S+1 cold)
            for m in MAJORS.replace(x, "").replace(y, ""):
                rule(ctx, f"3{m}", "rebid.new_suit", {"suit": m, "length": 5}, len={m: (5, 13)})
                rule(rf"{ctx[:-1]} 3{m} P$", f"4{m}", "bid.game_fit", {"suit": m, "length": 3}, len={m: (3, 13)})
                rule(rf"{ctx[:-1]} 3{m} P$", "3NT", "bid.game", {"low": 12})
            answer_invitation(ctx, "3NT", 10)

# The negative doubler after opener's jumps (16-18 in the major, six of his own; 16-21 in no-trump): game
# from 8 (1D 1H X P 2S passed with 8 and four spades, 4S+1 cold)
for x in SUITS:
    for y in SUITS.replace(x, ""):
        for level in (1, 2) if y in above(x) else (2,):
            lead = rf"^1{x} {level}{y} X P"
            for m in MAJORS.replace(x, "").replace(y, ""):
                jump = cheapest_level(m, y, level) + 1
                if jump < 4:
                    rule(rf"{lead} {jump}{m} P$", f"4{m}", "bid.game_fit", {"suit": m, "length": 4, "low": 8},
                         dummy=(m, 8, 40), len={m: (4, 13)})
            own = cheapest_level(x, y, level) + 1
            if own <= 3:
                ctx = rf"{lead} {own}{x} P$"
                if x in MAJORS:
                    rule(ctx, f"4{x}", "bid.game_fit", {"suit": x, "length": 2}, pts=(8, 40), len={x: (2, 13)})
                rule(ctx, "3NT", "bid.game", {"low": 9}, hcp=(9, 40), stop=y)
                rule(ctx, "pass", "pass.minimum", {})
            if level == 1:
                rule(rf"{lead} 2NT P$", "3NT", "bid.game", {"low": 8}, hcp=(8, 40))
                rule(rf"{lead} 2NT P$", "pass", "pass.minimum", {"high": 7})
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
        ctx = rf"^1{x} 1{y} 1NT (?:P|2{y})$"  # their raise too (17 passed 2H, 3NT cold)
        rule(ctx, "3NT", "bid.game", {"low": 19}, hcp=(19, 21))
        rule(ctx, "2NT", "rebid.invite", {"low": 16, "high": 18}, hcp=(16, 18))
        for z in SUITS.replace(x, "").replace(y, ""):  # a five-card second suit (six clubs and five spades
            # rebid 2C, 4S cold in the 5-3 fit)
            rule(ctx, f"2{z}", "rebid.new_suit", {"suit": z, "length": 5}, len={z: (5, 13)})
        rule(ctx, f"2{x}", "rebid.own_suit", {"suit": x, "length": 6}, len={x: (6, 13)})
        rule(ctx, "pass", "pass.minimum", {})
        answer_invitation(rf"^1{x} 1{y} 1NT (?:P|2{y}) 2NT P$", "3NT", 8, high=10)
# Responder after a two-level overcall of 1NT: game with a stopper, the penalty double, a natural
# major, the invitation; opener's answer to it.
for y in SUITS:
    ctx = rf"^1NT 2{y}$"
    for m in MAJORS:
        if m != y:
            rule(ctx, f"4{m}", "bid.game_long", {"suit": m, "length": 6}, hcp=(8, 40), len={m: (6, 13)})
    # game values (the fifth card counted: 9 passed 2S, 4H+1 cold) and five of a major: opener chooses the game
    for m in MAJORS.replace(y, ""):
        rule(ctx, f"3{m}", "bid.choice_of_games", {"suit": m, "length": 5}, hcp=(8, 14), pts=(10, 40),
             len={m: (5, 13)})
        rule(rf"^1NT 2{y} P 3{m} P$", f"4{m}", "rebid.fit", {"suit": m, "length": 3}, len={m: (3, 13)})
        rule(rf"^1NT 2{y} P 3{m} P$", "3NT", "rebid.no_fit", {"suit": m})
    rule(ctx, "3NT", "bid.game", {"low": 10}, hcp=(10, 14), stop=y)
    rule(ctx, "X", "double.penalty", {"low": 8}, hcp=(8, 40), len={y: (4, 13)})
    for m in MAJORS:
        if m in above(y):
            rule(ctx, f"2{m}", "bid.signoff_long", {"suit": m, "length": 5}, hcp=(0, 9), len={m: (5, 13)})
    for m in "DC".replace(y, ""):  # a long minor to play (it bid 5D over 2C with 9 and 4H+1 cold)
        level, length = (2, 5) if m in above(y) else (3, 6)
        rule(ctx, f"{level}{m}", "bid.signoff_long", {"suit": m, "length": length}, hcp=(0, 9),
             len={m: (length, 13)})
    rule(ctx, "2NT", "resp.invite", {"low": 8, "high": 9}, hcp=(8, 9), stop=y)
    rule(ctx, "3NT", "bid.game", {"low": 10}, hcp=(10, 14))  # their suit not held: partner may hold it
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
