"""A natural bidding system as data (issue 14 part 2): rows of (auction
context, call, constraints on the hand, message id, parameters).

The context is a regular expression over the auction so far as the caller
sees it: the calls after the leading passes, space-separated, passes written
``P`` (``"1NT P"``: partner opened 1NT and the right-hand opponent passed;
``""``: nobody has bid).  The interpreter (``interpreter.py``) takes the first
row whose context matches, whose call is legal and whose constraints the
hand meets; ``explain`` reads a call back as the first row with its context
and call.  The rows live by auction phase, tried in this order: ``openings``
(and 1NT's, 2NT's and 2C's conventions), ``responses`` (the responses to a suit
opening and opener's rebid), ``responder`` (the uncontested auction from
responder's second call on, Blackwood), ``competition``, ``later`` (weak twos, preempts and
later contested calls), ``placement`` (the catch-all rows) and ``people``
(calls the system's own hands never make, read as people mean them); ``messages``
holds their English.  Constraints (every one must hold):

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
``not_theirs``  a suit
    not a suit that only the opponents have bid (a fit there is read as
    no fit: a bid of their suit is not a raise of it).
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

from cardavia.ai.bridge_bidding.system import (competition, later, openings, people, placement, responder,
                                                responses)
from cardavia.ai.bridge_bidding.system.messages import MESSAGES, NAMES, SIMULATED, render
from cardavia.ai.bridge_bidding.system.rows import MAJORS, SUITS, Rule

RULES: list[Rule] = [*openings.ROWS, *responses.ROWS, *responder.ROWS, *competition.ROWS, *later.ROWS,
                     *placement.ROWS, *people.ROWS]
"""Every row, the phases in this order: the first row that fits a hand makes its call."""

__all__ = ["MAJORS", "MESSAGES", "NAMES", "RULES", "SIMULATED", "SUITS", "Rule", "render"]
