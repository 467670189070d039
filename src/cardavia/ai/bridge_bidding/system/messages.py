"""The English of every message id the rows and the simulation use, and ``render``."""
from __future__ import annotations

from typing import Any

NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no-trump"}

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
    "answer.blackwood": "answer to Blackwood: aces held: {aces}",
    "bid.slam": "slam in {suit}: at most one ace missing",
    "bid.grand": "grand slam in {suit}: every ace and {low}+ points together",
    "bid.signoff": "to play: too many aces missing",
    "overcall.nt": "{low}–{high} points, balanced, a stopper in their suit",
    "overcall.nt_both": "{low}–{high} points, balanced, stoppers in both their suits",
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
    "double.negative_minors": "negative: {low}+ points, four cards or more in each minor",
    "bid.preference": "prefers {suit}",
    "advance.free": "{length}+ {suit}, {low}+ points",
    "rebid.jump_shift": "jump shift: {length}+ {suit}, {low}+ points, game forcing",
    "rebid.reverse": "reverse: {length}+ {suit}, {low}+ points, forcing",
    "resp.splinter": "splinter: {length}+ {suit}, at most one {short}, {low}–{high} points",
    "bid.natural": "natural: to play in {suit} at the {level} level",
    "bid.cue_raise": "cue bid of their suit: support for {suit} ({length}+ cards), {low}+ points",
    "bid.cue_force": "cue bid of their suit: {low}+ points, forcing to game",
    "resp.jump_shift": "jump shift: {length}+ {suit}, {low}+ points, forcing to game",
    "call.no_meaning": "no agreed meaning here: shows nothing more",
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
