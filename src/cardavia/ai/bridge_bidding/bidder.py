"""The agent that bids with the system (``interpreter.py`` reads it).

``SystemAgent`` wraps the game's agent (``heuristic`` or ``mc``): it bids
with the system; where the system has no answer ``mc`` simulates (deals
that fit the auction, candidate contracts solved double dummy:
``simulate.py``) and ``heuristic`` plays the compiled rollout policy's
call; in the play the wrapped agent decides.  It reads only its observation.
"""
from __future__ import annotations

from typing import Any, cast

from cardavia.ai.agent import Agent
from cardavia.ai.bridge_bidding import simulate
from cardavia.ai.bridge_bidding.interpreter import Hand, _token, choose_call, context_of, explain, partner_shows
from cardavia.game import LegalMoves, Move, Observation


class SystemAgent(Agent):
    """Bids with the system; the wrapped agent decides everything else."""

    lever_samples = 12
    """Deals simulated at a high-leverage moment (``simulate.lever_candidates``); 0 turns it off
    (tuning set: 8 -> 4.31, 12 -> 4.25, 16 -> 4.33, each within noise of the others; seed 7, 24 at a 1-IMP margin:
    -0.020 [-0.095, +0.055] at twice the time)."""
    slam_samples = 24
    """Deals simulated where a slam is among the candidates (its swings are the largest: fewer deals are noise)."""

    def __init__(self, inner: Agent):
        super().__init__(inner.seed)
        self.inner = inner
        self._solver: Any = None
        self.last_lever: tuple[str, float] | None = None
        """The call the last high-leverage simulation chose over the system's, and its mean IMP gain."""
        self.last_searched = False
        """Whether the last call was simulated (a high-leverage moment or the fallback), not the system's alone."""
        self._simulated: tuple[int, str, tuple[str, dict[str, Any]]] | None = None
        """(auction length, call, explanation) of the last call the simulation chose instead of the system."""
        self.name = inner.name
        self.searches = inner.searches
        self.system_calls = 0
        """Calls the system made (not the fallback), over the agent's life."""

    def __getattr__(self, attr: str) -> Any:  # the wrapped agent's budget, searcher, ...
        if attr == "inner":
            raise AttributeError(attr)
        return getattr(self.inner, attr)

    @property
    def spec(self) -> str:
        return self.inner.spec

    def reset(self, seed: Any = None) -> None:
        super().reset(seed)
        self.inner.reset(seed)
        self._simulated = None

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        data: dict = cast(dict, getattr(observation, "data", observation))
        if data.get("phase") == "auction":
            found = choose_call(data["hand"], data["auction"], [str(m) for m in legal_moves])
            self.last_lever = None
            self.last_searched = False
            self._simulated = None
            asks = found is not None and found[1].split(".")[0] == "ask"
            lever = None if asks else self._lever(data, legal_moves, found[0] if found else None)
            if lever is not None:
                return lever
            if found is not None:
                token = _token(found[0])
                for m in legal_moves:
                    if _token(m) == token:
                        self.system_calls += 1
                        if hasattr(self.inner, "last_rollouts"):
                            self.inner.last_rollouts = 0
                        return m
            if self.inner.searches and len(legal_moves) > 1:
                return self._simulate(data, legal_moves)
        # (``heuristic`` passing here instead, as the rollouts' seats do: fresh seed 21 +0.012 [-0.020, +0.044],
        # 11 auctions changed: the compiled policy's call is a pass nearly always already)
        return self.inner.choose(observation, legal_moves)

    def _lever(self, data: dict, legal_moves: LegalMoves, system_call: str | None) -> Move | None:
        """At a high-leverage moment (game or slam to decide, the opponents
        outbidding our fit), the system's call against the contracts it
        rules out, double dummy on deals that fit the auction; None to keep
        the system's call."""
        if self.lever_samples <= 0:
            return None
        tokens = [_token(c) for c in data["auction"]]
        player = data["player"]
        h = Hand(data["hand"])
        fits = simulate.partnership_fits(h, tokens, player)
        legal = [str(m) for m in legal_moves]
        partner_low = partner_shows(context_of(tokens))[0]
        candidates = simulate.lever_candidates(h, tokens, player, legal, system_call, partner_low, fits)
        if not candidates:
            return None
        self.last_searched = True
        if self._solver is None:
            self._solver = simulate.Solver()
        baseline = system_call or "pass"
        samples = self.slam_samples if any(map(simulate.reaches_for_slam, candidates)) else self.lever_samples
        call, gain = simulate.lever_call(data["hand"], tokens, player, data["vulnerability"], baseline,
                                         candidates, samples, self.rng, self._solver,
                                         combined=h.points + partner_low)
        if _token(call) == _token(baseline) and system_call is None:
            return None  # the fallback decides
        self.last_lever = (call, gain) if _token(call) != _token(baseline) else None
        if self.last_lever is not None:
            self._simulated = (len(tokens), call, ("bid.simulated", {"deals": samples, "gain": round(gain, 1)}))
        token = _token(call)
        move = next(m for m in legal_moves if _token(m) == token)
        if self.last_lever is None:
            self.system_calls += 1
        if hasattr(self.inner, "last_rollouts"):
            self.inner.last_rollouts = 0
        return move

    def _simulate(self, data: dict, legal_moves: LegalMoves) -> Move:
        """Where the system has no answer, a searching agent compares the
        candidate contracts double dummy on deals that fit the auction."""
        self.last_searched = True
        samples = max(2, min(16, getattr(self.inner, "rollouts", 2000) // 1000))
        call = simulate.simulate_call(data["hand"], data["auction"], data["player"], data["vulnerability"],
                             [str(m) for m in legal_moves], samples, self.rng)
        if hasattr(self.inner, "last_rollouts"):
            self.inner.last_rollouts = 0
        self._simulated = (len(data["auction"]), call, ("bid.simulated_alone", {"deals": samples}))
        return next(m for m in legal_moves if str(m) == call)

    def explain(self, observation: Any, move: Any) -> tuple[str, dict[str, Any]] | None:
        """What ``move`` (a call) shows after the observed auction, as the
        system reads it (``interpreter.explain``); in the play, the wrapped
        agent's explanation of its card.
        The agent's own call that the simulation chose instead of the
        system's is explained as simulated (``bid.simulated``, or
        ``bid.simulated_alone`` where the system has no call): the system's
        reading of it would describe a hand it does not show."""
        auction, simulated = self._auction_of(observation), self._simulated
        if auction is None:  # the play: the wrapped agent's reason
            return self.inner.explain(observation, move)
        if simulated is not None and simulated[0] == len(auction):
            try:
                if _token(simulated[1]) == _token(move):
                    return simulated[2][0], dict(simulated[2][1])
            except ValueError:
                return None
        return self.reads(observation, move)

    def reads(self, observation: Any, move: Any) -> tuple[str, dict[str, Any]] | None:
        """Another player's call as the system reads it (``interpreter.explain``):
        what this agent, as that player's partner or opponent, assumes it shows;
        None outside the auction."""
        auction = self._auction_of(observation)
        try:
            return None if auction is None else explain(auction, move)
        except ValueError:
            return None

    @staticmethod
    def _auction_of(observation: Any) -> list | None:
        """The observed auction's calls, or None outside the auction."""
        data = getattr(observation, "data", observation)
        if not isinstance(data, dict) or data.get("phase") != "auction" or not isinstance(data.get("auction"), list):
            return None
        return data["auction"]
