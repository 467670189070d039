"""Calls this system's own hands never make, read as people mean them, so
that an AI partner answers them (the simulation samples hands that fit)
instead of passing them as "to play there".  These rows come after every
other row, so a hand of the AI's always finds an earlier one (a test checks
it); they serve ``explain`` and the readings of a person's calls."""
from cardavia.ai.bridge_bidding.system.rows import above, cheapest_level, MAJORS, Rows, SUITS

ROWS = Rows()
rule = ROWS.rule

# A cue bid of their suit: a raise of partner's suit with values, or, over partner's takeout double, game
# values.  (The AI's own cue bids were tried in competition and were neutral, seeds 3, 4, 7.)
for x in SUITS:
    for y in SUITS.replace(x, ""):
        for lv in (1, 2):
            if lv == 1 and y not in above(x):
                continue
            support = 3 if x in MAJORS else 4
            rule(rf"^1{x} {lv}{y}$", f"{lv + 1}{y}", "bid.cue_raise", {"suit": x, "length": support, "low": 10},
                 pts=(10, 40), len={x: (support, 13)})
    for y in above(x):   # advancing partner's one-level overcall
        rule(rf"^1{x} 1{y} P$", f"2{x}", "bid.cue_raise", {"suit": y, "length": 3, "low": 10}, pts=(10, 40),
             len={y: (3, 13)})
    rule(rf"^1{x} X P$", f"2{x}", "bid.cue_force", {"low": 13}, hcp=(13, 40))

# Responder's jump shift over partner's opening: a strong hand, forcing to game (ACOL's 16+ and the
# standard 17+ alike: 17).  (Leading passes are not part of a context: a passed hand's reads the same.)
for x in SUITS:
    for z in SUITS.replace(x, ""):
        level = cheapest_level(z, x, 1) + 1
        rule(rf"^1{x} P$", f"{level}{z}", "resp.jump_shift", {"suit": z, "length": 5, "low": 17},
             pts=(17, 40), len={z: (5, 13)})
