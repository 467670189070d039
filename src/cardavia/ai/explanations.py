"""The English of the AI's explanations (``Agent.explain``): one message per id.

An agent explains a move with an id and its parameters, e.g. ``("open.nt",
{"low": 15, "high": 17})``; the page and the terminal game show
``render_explanation(id, params)``.
An id missing here, or a message whose parameters are missing, falls back to
the id and the parameters as they are (``bid.1nt (low 15, high 17)``), so a
new agent's explanations show before their English is written.

Translations: the English templates (these and the bidding system's) are the
msgids of the catalogs; the page gets ``explanation_template`` beside the
English and translates the template, then fills it. A count's template is a
plural message (singular, plural), its form chosen by the parameter COUNTED_BY
names (the page's tn(), the catalog's form for the number).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from cardavia.ai.agent import Agent
from cardavia.ai.bridge_bidding.system import SIMULATED
from cardavia.i18n import Nn_

MESSAGES: dict[str, str | tuple[str, str]] = {
    # Any game.
    "play.only_move": "The only legal move",
    "play.heuristic": "The usual play here",
    # Hold'em's range search (ev is rounded to whole chips, so it counts them).
    "holdem.ev": Nn_("Equity {equity}% against the ranges read so far, pot odds {pot_odds}%: {ev} chip expected",
                     "Equity {equity}% against the ranges read so far, pot odds {pot_odds}%: {ev} chips expected"),
    # ... and a move it did not price (the only legal one, or an overbet it leaves out).
    "holdem.equity": "Equity {equity}% against the ranges read so far, pot odds {pot_odds}%",
    # A move of ``mc``'s playouts (climbing games, Shengji) and of ``ismcts``'s tree.
    "play.playouts": Nn_("Best of {moves} moves, each played out in {worlds} sampled deal: mean score {score}",
                         "Best of {moves} moves, each played out in {worlds} sampled deals: mean score {score}"),
    # ... the policy's move kept: another's mean was higher, but within the playouts' noise.
    "play.usual_kept": Nn_("The usual play here: none of {moves} moves played out in {worlds} sampled deal did "
                           "clearly better (mean score {score})",
                           "The usual play here: none of {moves} moves played out in {worlds} sampled deals did "
                           "clearly better (mean score {score})"),
    "play.tree": Nn_("Searched over {iterations} sampled deal: the move tried most, in {visits} of them, "
                     "mean score {score}",
                     "Searched over {iterations} sampled deals: the move tried most, in {visits} of them, "
                     "mean score {score}"),
    # Dou Dizhu's bids of ``mc`` (and ``ismcts``): the chance as landlord over the worlds played out.
    "ddz.bid": Nn_("Wins {chance}% of {worlds} sampled deal as landlord: worth a bid of {level}",
                   "Wins {chance}% of {worlds} sampled deals as landlord: worth a bid of {level}"),
    "ddz.pass_weak": Nn_("Wins only {chance}% of {worlds} sampled deal as landlord: a bid needs {threshold}%",
                         "Wins only {chance}% of {worlds} sampled deals as landlord: a bid needs {threshold}%"),
    "ddz.pass_outbid": Nn_("Wins {chance}% of {worlds} sampled deal as landlord: worth a bid of {level}, "
                           "which does not top the bid already made",
                           "Wins {chance}% of {worlds} sampled deals as landlord: worth a bid of {level}, "
                           "which does not top the bid already made"),
    # Bridge cards of ``mc`` (``cardavia.ai.bridge_play``): the sampled deals solved double dummy.
    "bridge.play_makes": Nn_("Best of the cards on {deals} sampled deal: the contract makes on {made} of them",
                             "Best of the cards on {deals} sampled deals: the contract makes on {made} of them"),
    "bridge.play_sets": Nn_("Best of the cards on {deals} sampled deal: the contract goes down on {set} of them",
                            "Best of the cards on {deals} sampled deals: the contract goes down on {set} of them"),
    # The duel's solved equilibrium (``cfr``).
    "duel.equilibrium": "The solved equilibrium of this deal plays this {share}% of the time here",
    "duel.keep": "Either lock is worth the same this deal; this one keeps the card worth more next deal",
    # Bridge calls the simulation chose instead of the bidding system's (the system's English).
    **SIMULATED,
}
# The parameter whose number picks a plural template's form.
COUNTED_BY: dict[str, str] = {"holdem.ev": "ev", "bridge.play_makes": "deals", "bridge.play_sets": "deals",
                               "play.playouts": "worlds", "play.usual_kept": "worlds",
                               "play.tree": "iterations",
                               "ddz.bid": "worlds", "ddz.pass_weak": "worlds", "ddz.pass_outbid": "worlds",
                               **{ident: "deals" for ident in SIMULATED}}


def render_explanation(ident: str, params: dict[str, Any]) -> str:
    """The English of an explanation (the id and parameters when it has none).
    Bridge calls are the bidding system's own messages
    (``cardavia.ai.bridge_bidding.system.MESSAGES``), rendered by it."""
    from cardavia.ai.bridge_bidding import system

    if ident in system.MESSAGES:
        try:
            return system.render(ident, params)
        except ValueError:
            pass
    template = MESSAGES.get(ident)
    if isinstance(template, tuple):   # a count: English's singular for ±1 (CLDR's "one", as the page)
        count = params.get(COUNTED_BY[ident])
        template = (template[0] if abs(count) == 1 else template[1]) if isinstance(count, int) else None
    if template is not None:
        try:
            return template.format_map(params)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass
    if not params:
        return ident
    return f"{ident} ({', '.join(f'{k} {v}' for k, v in params.items())})"


def is_public(ident: str) -> bool:
    """Whether an explanation tells only what every seat may know: what a
    Bridge call shows by the bidding system (which the opponents are entitled
    to).  The others come from the agent's own cards (an equity, a chance as
    landlord, a mean score, a simulation on deals that fit its hand): a table
    shows them to the other seats only once their deal is over."""
    from cardavia.ai.bridge_bidding import system

    return ident in system.MESSAGES


def told(agent: Any, observation: Any, move: Any) -> tuple[tuple[str, dict, bool] | None, tuple[str, dict] | None]:
    """What the other seats may be told of ``agent``'s ``move`` now, and what
    waits for the end of its deal.  An explanation every seat may know
    (``is_public``) is told now; one drawn from the agent's own cards waits,
    and meanwhile the move is told as the AIs read it (``Agent.reads``).
    The first is (id, params, whether it is a reading) or None."""
    said = described(getattr(agent, "explain", None), observation, move)
    if said is None or is_public(said[0]):
        return (None if said is None else (*said, False)), None
    read = described(getattr(agent, "reads", None), observation, move)
    return (None if read is None else (*read, True)), said


def explanation_template(ident: str, params: dict[str, Any]) -> dict[str, Any]:
    """``{"template", "params_text"}`` of an explanation for the page to
    translate (the English template and the parameters as shown, suit codes
    as their English names, themselves msgids); empty when it has no template.
    A count's template is [singular, plural] and ``count`` names its parameter."""
    from cardavia.ai.bridge_bidding import system

    if ident in system.MESSAGES:
        shown = {k: system.NAMES.get(v, v) if isinstance(v, str) else v for k, v in params.items()}
        return {"template": system.MESSAGES[ident], "params_text": shown}
    if ident in COUNTED_BY:   # the page picks the form by this parameter
        return {"template": list(MESSAGES[ident]), "count": COUNTED_BY[ident], "params_text": dict(params)}
    if ident in MESSAGES:
        return {"template": MESSAGES[ident], "params_text": dict(params)}
    return {}


def described(describe: Callable[[Any, Any], Any] | None, observation: Any, move: Any) -> tuple[str, dict] | None:
    """``describe(observation, move)`` (an agent's ``explain`` of its move, or
    ``reads`` of another's) where it gives a message id and a dict of
    parameters; None where it gives none, something else, or fails: a broken
    explanation never stops a game."""
    if describe is None:
        return None
    try:
        got = describe(observation, move)
        if got is None:
            return None
        ident, params = got
    except Exception:  # an agent's bug must not end the game
        return None
    return (ident, params) if isinstance(ident, str) and isinstance(params, dict) else None


def readings(agent: Any, observation: Any, moves: Iterable[Any]) -> dict[str, tuple[str, dict]]:
    """Move text -> what that move, made by the player who sees ``observation``,
    shows as ``agent`` reads it (``Agent.reads``); the moves it reads nothing in
    are left out, and every move for an agent that reads none (not one is asked)."""
    if getattr(type(agent), "reads", None) is Agent.reads:
        return {}
    found = ((str(move), described(agent.reads, observation, move)) for move in moves)
    return {move: reading for move, reading in found if reading is not None}
