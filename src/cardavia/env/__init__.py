"""PettingZoo AEC environments for the seven games (extra ``[rl]``).

>>> from cardavia.env import aec_env
>>> env = aec_env("doudizhu")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('player_2', (407,), 4)

``aec_env(name, **options)`` takes the options of ``cardavia.load``; the
match games play one deal an episode unless given ``match=True``.  Agents
are ``player_0`` … (seat order).  Each observation is a dict of a float32
``"observation"`` vector (its parts: ``env.unwrapped.encoder.layout``) and an
int8 ``"action_mask"``, built only from what the agent may know.  Actions:

- Dou Dizhu: pass, bids 1-3 and every distinct play (``encode_doudizhu``).
- Bridge: the 52 cards and 38 calls (``encode_bridge``).
- Hold'em: fold, check/call, min raise, half pot, pot, two pots, all-in;
  the duel the same plus a lock per card (``encode_holdem``, ``encode_updown``).
- Guandan, Zheng Shangyou: action ``i`` is the ``i``-th legal move, with a
  feature row per move in ``"moves"`` and a proven bound on their number
  (``encode_guandan`` and ``guandan_bound``, ``encode_zhengshangyou``).
- Shengji: a move is picked card by card (card ids, pass, done), since a
  void player's fills can number in the millions (``encode_shengji``).

Rewards are ``state.returns()`` at the end (zero-sum); ``reset(seed=…)``
replays the same episodes.
"""
from __future__ import annotations

import importlib
from typing import Any

import cardavia
from cardavia.env.aec import CardaviaEnv, render_text
from cardavia.env.encoding import Encoder

ENCODERS = {
    "doudizhu": "cardavia.env.encode_doudizhu:DouDizhuEncoder",
    "guandan": "cardavia.env.encode_guandan:GuandanEncoder",
    "zhengshangyou": "cardavia.env.encode_zhengshangyou:ZhengShangyouEncoder",
    "shengji": "cardavia.env.encode_shengji:ShengjiEncoder",
    "holdem": "cardavia.env.encode_holdem:HoldemEncoder",
    "updown": "cardavia.env.encode_updown:UpDownEncoder",
    "bridge": "cardavia.env.encode_bridge:BridgeEncoder",
}
"""Game name -> its encoder class (``module:Class``)."""


def encoder_for(game: cardavia.Game) -> Encoder:
    """The encoder of a loaded game."""
    module, _, cls = ENCODERS[game.name].partition(":")
    return getattr(importlib.import_module(module), cls)(game)


def raw_env(name: str, render_mode: str | None = None, **options: Any) -> CardaviaEnv:
    """The environment of game ``name`` without PettingZoo's checking wrappers."""
    if not isinstance(name, str) or name not in ENCODERS:
        raise ValueError(f"unknown game {name!r}; environments: {', '.join(ENCODERS)}")
    game_type = cardavia.game_class(name)
    if game_type.plays_matches:
        options.setdefault("match", False)
    game = game_type(**options)
    return CardaviaEnv(game, encoder_for(game), render_mode=render_mode)


def aec_env(name: str, render_mode: str | None = None, **options: Any):
    """The PettingZoo AEC environment of game ``name`` (``cardavia.load``
    options), wrapped as PettingZoo's classic games are: a move the mask
    forbids ends the episode for the offender; the order is enforced."""
    from pettingzoo.utils import wrappers
    env: Any = raw_env(name, render_mode=render_mode, **options)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


__all__ = ["CardaviaEnv", "ENCODERS", "Encoder", "aec_env", "encoder_for", "raw_env", "render_text"]
