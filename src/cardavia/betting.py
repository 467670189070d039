"""The Python face of the shared no-limit betting round (Hold'em and the
Up/Down duel): the betting moves, their text, and what a State built on a
compiled betting position (``cardavia._core.betting.BettingRound`` or a core
with the same methods: ``actor``, ``level``, ``bets``, ``stacks``, ``menu()``,
``check()``, ``raise_error()``, ``to_call()``, ``min_to()``, ``max_to()``)
answers the same way in both games: the listed moves, the bet/raise checks,
"allin" and the range of legal totals.  Each game passes its own rule ids.
"""
from __future__ import annotations

import dataclasses
import operator
import re
from typing import Any

from cardavia._core import betting as B
from cardavia._core.betting import BET, CALL, CHECK, FOLD
from cardavia.game import (ArgumentTypeError, IllegalMoveError, InvalidMoveError, Move, Observation, immutable)
from cardavia.i18n import N_

# The core's refusals (B.ERRORS) as message ids: their English is the msgid.
_CORE_MSGIDS = frozenset((
    N_("the betting round is complete"), N_("you owe chips: call or fold instead of checking"),
    N_("there is nothing to call: check instead"),
    N_("calling already takes all your chips, so you cannot raise"),
    N_("you cannot raise when no other player can still bet"),
    N_("a short all-in did not reopen raising for a player who already acted"),
    N_("below the minimum bet or raise, and not all-in"), N_("more chips than you have"),
    N_("you owe nothing: check instead of folding"),
))

# Why "allin" is refused: the raise errors (the core's raise_error) as message ids.
_ALLIN_MSGIDS = {
    B.NO_ACTOR: N_("you cannot go all in now: the betting round is complete"),
    B.NO_RAISE_CHIPS: N_("you cannot go all in now: calling already takes all your chips, so you cannot raise"),
    B.NO_RAISE_OPPONENT: N_("you cannot go all in now: you cannot raise when no other player can still bet"),
    B.NOT_REOPENED: N_("you cannot go all in now: a short all-in did not reopen raising for a player who "
                       "already acted"),
}

__all__ = ["BetMove", "MAX_AMOUNT", "actor_figures", "allin_move", "bet_menu", "betting_error",
           "check_bet", "observation_data", "parse_bet_text", "public_actions", "raise_range"]

MAX_AMOUNT = 2**31 - 1
"""Amounts above this are refused as more chips than anyone has (the core counts in C ints)."""

_KIND_ACTION = {"fold": FOLD, "check": CHECK, "call": CALL, "bet": BET, "raise": BET}
_MOVE_RE = re.compile(r"^\s*(fold|check|call|bet|raise)(?:\s+(?:to\s+)?(\d{1,9}))?\s*$", re.I)
_ALLIN_RE = re.compile(r"^\s*all[\s_-]?in\s*$", re.I)


@immutable
@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class BetMove(Move):
    """A betting move: ``fold``, ``check``, ``call``, ``bet 60`` or ``raise 120``
    (bets and raises give the player's total for the round)."""

    kind: str
    amount: int = 0

    def __post_init__(self) -> None:
        kind, amount = self.kind, self.amount
        if not isinstance(kind, str) or kind not in _KIND_ACTION:
            raise InvalidMoveError(f"unknown betting move kind {kind!r}")
        try:
            amount = operator.index(amount)
        except TypeError:
            raise InvalidMoveError(f"a betting amount is a whole number of chips, not {amount!r}") from None
        if (kind in ("bet", "raise")) != (amount > 0):
            raise InvalidMoveError(f"{kind!r} {'needs a positive amount' if amount <= 0 else 'takes no amount'}")
        object.__setattr__(self, "amount", int(amount))

    @property
    def action(self) -> int:
        """The core's action number (``betting.FOLD`` … ``betting.BET``)."""
        return _KIND_ACTION[self.kind]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.amount else self.kind


def parse_bet_text(text: str, allin: Any = None) -> BetMove:
    """Read betting-move text; ``allin(text)`` resolves "allin" against a state."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move must be text, not {type(text).__name__}")
    m = _MOVE_RE.match(text)
    if m:
        kind, amount = m.group(1).lower(), m.group(2)
        if kind in ("bet", "raise"):
            if amount is None:
                raise InvalidMoveError(f"{kind!r} needs a total, e.g. '{kind} 60'")
            if int(amount) <= 0:
                raise InvalidMoveError(f"a {kind} must be a positive total, got {amount}")
            return BetMove(kind, int(amount))
        if amount is not None:
            raise InvalidMoveError(f"{kind!r} takes no amount")
        return BetMove(kind)
    if _ALLIN_RE.match(text):
        if allin is None:
            raise InvalidMoveError("'allin' can only be read against a state")
        return allin()
    raise InvalidMoveError(f"not a betting move: {text!r} (expected fold, check, call, bet N, raise N or allin)")


def betting_error(code: int, core: Any, player: int, rules: dict) -> IllegalMoveError:
    """The IllegalMoveError for a betting core error code, naming the rule
    (``rules`` maps codes to rule ids) and the legal bounds where they help."""
    msg = B.ERRORS[code]
    msgid = msg if msg in _CORE_MSGIDS else None
    params: dict[str, Any] = {}
    if code == B.TOO_SMALL:
        params["amount"] = core.min_to(player)
        msg += f" (minimum {params['amount']})"
        msgid = N_("below the minimum bet or raise, and not all-in (minimum {amount})")
    elif code == B.TOO_LARGE:
        params["amount"] = core.max_to(player)
        msg += f" (at most {params['amount']})"
        msgid = N_("more chips than you have (at most {amount})")
    return IllegalMoveError(msg, rule=rules.get(code), msgid=msgid, params=params)


def bet_menu(core: Any) -> list[BetMove]:
    """The listed betting moves of the player to act: fold/check/call and
    the menu's bet or raise totals."""
    out = []
    for action, amount in core.menu():
        if action == FOLD:
            out.append(BetMove("fold"))
        elif action == CHECK:
            out.append(BetMove("check"))
        elif action == CALL:
            out.append(BetMove("call"))
        else:
            out.append(BetMove("raise" if core.level > 0 else "bet", amount))
    return out


def check_bet(move: BetMove, core: Any, rules: dict, bet_rule: str, round_text: str = "") -> None:
    """Raise the IllegalMoveError of a betting move the player to act may not
    make: ``bet`` where there is a bet and ``raise`` where there is none
    (``bet_rule``; ``round_text`` such as ``" this round"`` goes into the
    message), then whatever the core refuses (``rules``: code -> rule id)."""
    if move.kind == "bet" and core.level > 0:
        msgid = (N_("there is already a bet of {level} this round: raise instead of bet") if round_text
                 else N_("there is already a bet of {level}: raise instead of bet"))
        raise IllegalMoveError(f"there is already a bet of {core.level}{round_text}: raise instead of bet",
                               rule=bet_rule, msgid=msgid, params={"level": core.level})
    if move.kind == "raise" and core.level == 0:
        msgid = (N_("nobody has bet this round: bet instead of raise") if round_text
                 else N_("nobody has bet: bet instead of raise"))
        raise IllegalMoveError(f"nobody has bet{round_text}: bet instead of raise", rule=bet_rule, msgid=msgid)
    code = core.check(move.action, min(move.amount, MAX_AMOUNT))
    if code:
        raise betting_error(code, core, core.actor, rules)


def allin_move(core: Any, rules: dict) -> BetMove:
    """The concrete move of "allin" for the player to act: a bet or raise of
    every chip, else a call taking every chip, else IllegalMoveError."""
    p = core.actor
    code = core.raise_error(p)
    if code == 0:
        return BetMove("raise" if core.level > 0 else "bet", core.max_to(p))
    if core.level > core.bets[p] and core.to_call(p) == core.stacks[p]:
        return BetMove("call")
    raise IllegalMoveError(f"you cannot go all in now: {B.ERRORS[code]}", rule=rules.get(code),
                           msgid=_ALLIN_MSGIDS.get(code))


def raise_range(core: Any) -> range:
    """Every legal bet or raise total of the player to act (empty when none)."""
    p = core.actor
    if core.raise_error(p):
        return range(0)
    return range(core.min_to(p), core.max_to(p) + 1)


def actor_figures(core: Any) -> dict:
    """What the observation of the player to act adds: ``to_call`` and
    ``raise_range`` (``[lowest, highest]`` total, or None)."""
    r = raise_range(core)
    return {"to_call": core.to_call(core.actor), "raise_range": [r.start, r.stop - 1] if len(r) else None}


def settlement(won: list[int], totals: list[int]) -> list[str]:
    """The chance entries of a hand's payout: ``return p: n``, the part of
    seat p's own chips that nobody matched, given back (TH-5.1, UD-3.3), and
    ``win p: n``, the rest he takes from the pots.  ``won``: each seat's
    payout; ``totals``: each seat's chips put in this hand."""
    out = []
    for p, paid in enumerate(won):
        matched = max((t for q, t in enumerate(totals) if q != p), default=0)
        back = min(paid, max(0, totals[p] - matched))
        if back:
            out.append(f"return {p}: {back}")
        if paid > back:
            out.append(f"win {p}: {paid - back}")
    return out


_MASK64 = (1 << 64) - 1
_FIXED_ACTIONS = {"fold": (FOLD, 0), "check": (CHECK, 0), "call": (CALL, 0)}



def observation_data(observation: Any, game_name: str) -> dict:
    """The dict of an ``Observation`` (or of its ``to_dict()``) of ``game_name``."""
    data = observation.data if isinstance(observation, Observation) else observation
    if not isinstance(data, dict) or data.get("game") != game_name:
        raise ArgumentTypeError(f"expected an observation of {game_name}, not {type(observation).__name__}")
    if data.get("is_over"):
        raise ValueError(f"the {game_name} game is over: there is no position to sample")
    return data


def public_actions(texts) -> list[tuple[int, int]]:
    """The core's ``(action, amount)`` of public betting-move texts."""
    out = []
    for t in texts:
        a = _FIXED_ACTIONS.get(t)
        if a is None:
            kind, _, amount = t.partition(" ")
            if kind not in ("bet", "raise") or not amount.isdigit():
                raise ValueError(f"not a betting move of the history: {t!r:.40}")
            a = (BET, int(amount))
        out.append(a)
    return out
