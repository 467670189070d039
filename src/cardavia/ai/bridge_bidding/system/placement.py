"""The last rows: game or slam when the values are there, placement by the fits
partner showed, the law of total tricks, and the passes where no row above answers."""
from cardavia.ai.bridge_bidding.system.rows import COMPETE_LEVELS, MAJORS, Rows, SUITS

ROWS = Rows()
rule = ROWS.rule


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
             silent_opponents=True, not_theirs=strain)
# (a fit only in a suit that is not the opponents' alone, since December 2026: so a bid of their suit
# no longer reads as a raise of it; fresh seeds 21, 22: no auction changed)
for m in MAJORS:
    rule(r".", f"4{m}", "bid.game_fit", {"suit": m, "trumps": 8}, combined=(23, 32), fit=m, not_theirs=m)
rule(r".", "3NT", "bid.game", {"low": 24}, combined=(24, 32), stop="unbid", silent_opponents=True)
rule(r".", "3NT", "bid.game", {"low": 25}, combined=(25, 32), stop="theirs", silent_opponents=False)
for m in "DC":
    rule(r".", f"5{m}", "bid.game_fit", {"suit": m, "trumps": 8}, combined=(28, 32), fit=m, silent_opponents=True,
         not_theirs=m)
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
