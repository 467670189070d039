"""The Game/State API shared by all seven games (DESIGN.md "Games").

A ``Game`` is an immutable factory holding a game's rules and options; a
``State`` is one position of a deal or match.  Game modules subclass both and
fill in a handful of hooks (``_legal``, ``_check``, ``_apply`` …); everything
a user touches — ``play``, ``legal_moves``, ``clone``, ``to_json``,
``observation`` — is written once, here.
"""
from __future__ import annotations

import abc
import copy
import dataclasses
import hashlib
import json
import os
import random
from types import MappingProxyType
from typing import Any, ClassVar, Iterator, Mapping, NamedTuple, Sequence

from cardavia._core.errors import ArgumentTypeError, IllegalMoveError, InvalidMoveError, InvalidSetupError
from cardavia._core.rng import Random

CHANCE = -1
"""The ``player`` of history entries made by chance (a deal, a redeal)."""

TERMINAL = None
"""``current_player`` of a finished game: nobody (``None``, as everywhere)."""


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``returns`` per player (zero-sum),
    ``winners`` (the players with a positive return) and ``score``, the
    game's own breakdown (read-only mapping of JSON-ready values)."""

    returns: tuple
    winners: tuple
    score: Mapping[str, Any]

    def to_dict(self) -> dict:
        return {"returns": list(self.returns), "winners": list(self.winners),
                "score": copy.deepcopy(dict(self.score))}


class Move:
    """Base class of moves: small immutable values with one text form.

    ``str(move)`` is the text form that ``Game.parse_move`` reads back;
    ``public_text()`` is what players other than the mover see.
    """

    __slots__ = ()

    def public_text(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    # Immutable values: a copy is the move itself, and pickle sets the slots as __init__ did
    # (the default pickling would set them through the __setattr__ that refuses).
    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: dict) -> "Move":
        return self

    def __reduce__(self) -> Any:
        slots = {name: getattr(self, name) for cls in type(self).__mro__
                 for name in getattr(cls, "__slots__", ()) if name != "__weakref__" and hasattr(self, name)}
        if not slots and hasattr(self, "__dict__"):
            return super().__reduce__()
        return _move_from_slots, (type(self), slots)


def _move_from_slots(cls: type, slots: dict) -> "Move":
    move: Move = object.__new__(cls)
    for name, value in slots.items():
        object.__setattr__(move, name, value)
    return move


def immutable(cls: type) -> type:
    """Makes setting or deleting any attribute of ``cls``'s instances an AttributeError
    (FrozenInstanceError).  CPython 3.11's frozen, slotted dataclasses raise a TypeError
    ("super(type, obj)") for a name that is not a field; this replaces their methods."""
    def refuse(self, name, value=None):
        raise dataclasses.FrozenInstanceError(f"{type(self).__name__} is immutable: cannot set {name!r}")
    cls.__setattr__ = refuse  # type: ignore[method-assign]
    cls.__delattr__ = refuse  # type: ignore[assignment]
    return cls


@immutable
class ChanceEvent(Move):
    """A history entry made by chance rather than a player (e.g. a redeal)."""

    __slots__ = ("text",)
    text: str

    def __init__(self, text: str):
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other):
        return isinstance(other, ChanceEvent) and other.text == self.text

    def __hash__(self):
        return hash(("ChanceEvent", self.text))


class HistoryEntry(NamedTuple):
    player: int
    move: Move


def randbelow(rng: Any, n: int) -> int:
    """A uniform int in [0, n) from a ``random.Random``, NumPy ``Generator``,
    Cardavia ``Random``, an int seed, or None (the ``random`` module)."""
    if n <= 0:
        raise ValueError("cannot sample from an empty set of moves")
    if rng is None:
        return random.randrange(n)
    if isinstance(rng, Random):
        return rng.randbelow(n)
    if hasattr(rng, "integers"):
        return int(rng.integers(n))
    if hasattr(rng, "randrange"):
        return rng.randrange(n)
    if hasattr(rng, "__index__"):   # a seed: an int or a NumPy integer, as new_state takes (True is no seed)
        return random.Random(check_seed(rng if not hasattr(rng, "item") else rng.item())).randrange(n)
    raise TypeError(f"rng must be a random.Random, a NumPy Generator or a seed, not {type(rng).__name__}")


def draw_seed(rng: Any) -> int:
    """One 64-bit seed drawn from ``rng``, from which the compiled core
    samples and plays out: a Cardavia ``Random``, a ``random.Random``, a
    NumPy ``Generator``, an int seed (a NumPy integer too) used as it is, or
    None (the ``random`` module).  Every game's ``resample``,
    ``sample_world``, ``policy_move`` and ``rollout`` read ``rng`` this way."""
    if rng is None:
        return random.getrandbits(64)
    if isinstance(rng, bool):
        raise ArgumentTypeError("rng must be a random generator or an int seed, not a bool")
    if isinstance(rng, Random):
        return rng.next_u64()
    if hasattr(rng, "integers"):
        return int(rng.integers(0, 1 << 63)) << 1 | int(rng.integers(0, 2))
    if hasattr(rng, "getrandbits"):
        return rng.getrandbits(64)
    if hasattr(rng, "__index__"):
        return check_seed(rng.__index__())
    raise ArgumentTypeError(f"rng must be a Cardavia Random, a random.Random, a NumPy Generator or an int seed, "
                            f"not {type(rng).__name__}")


class LegalMoves:
    """A lazy view of the legal moves of a state (python-chess style).

    Iterate it, ``len()`` it, test ``move in view`` (a move or its text) and
    ``view.sample(rng)`` for a uniform random legal move.  The base class
    builds the list on first use; games with huge move sets override
    ``__len__``, ``__contains__`` and ``sample`` so that nothing is built.
    A view is of the position it was made for: once the state has moved on,
    using it is a ``ValueError`` (call ``legal_moves()`` again), in every game.
    """

    def __init__(self, state: "State"):
        self._state = state
        self._list: list[Move] | None = None
        self._ply = len(state._history)

    def _fresh(self) -> "State":
        """The view's state, while it is still at the view's position."""
        state = self._state
        if len(state._history) != self._ply:
            raise ValueError(f"these legal moves are of an earlier position: the state has moved on (its "
                             f"history from {self._ply} to {len(state._history)} entries); call legal_moves() again")
        return state

    def _moves(self) -> list[Move]:
        state = self._fresh()
        if self._list is None:
            self._list = list(state._legal())
        return self._list

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves())

    def __len__(self) -> int:
        return len(self._moves())

    def __bool__(self) -> bool:
        return len(self) > 0

    def __getitem__(self, index: int) -> Move:
        return self._moves()[index]

    def __contains__(self, move: Any) -> bool:
        state = self._fresh()
        try:
            m = state._coerce(move)
            state._check(m)
        except ValueError:
            return False
        return True

    def count(self) -> int:
        return len(self)

    def sample(self, rng: Any = None) -> Move:
        return self[randbelow(rng, len(self))]

    def __repr__(self) -> str:
        moves = list(self)
        shown = ", ".join(str(m) for m in moves[:12])
        more = f", … {len(moves) - 12} more" if len(moves) > 12 else ""
        return f"<LegalMoves ({len(moves)}): {shown}{more}>"


class Observation:
    """What one player may know: a JSON-ready dict plus ``to_json()``.

    Keys that mean the same thing have one name in every game (each game
    module's docstring lists its own keys besides these):

    - ``game``, ``player``, ``current_player`` (``None`` once over),
      ``is_over``, ``history`` (``[mover, text]`` pairs, hidden moves of
      others in their public form): every game.
    - ``hand``: the player's own cards as texts, in the game's order (the
      same cards as ``state.hand(player)``); every game.
    - ``hand_sizes``: how many cards each player holds.
    - ``phase``: the part of the deal (``"bidding"``, ``"play"`` …).
    - ``deal``: the number of the deal (the hand, in Hold'em) in a match, from 1.
    - ``dealer``, ``leader`` (of the current trick), ``last_player`` (who
      made the play to beat): a seat, or ``None`` for nobody.
    - ``last_play``: the play to beat as move text, or ``None``.
    - ``played``: per player, the cards played so far (texts).
    - ``trick``: the current trick as ``[player, card text]`` pairs.
    - ``level``, ``team_levels``: ranks as ints 2-14 (J 11, Q 12, K 13, A 14).
    - ``stacks``, ``start_stacks``, ``bets``, ``pot``, ``to_call``,
      ``raise_range``: chips, in the betting games.
    - ``board``: the community cards (texts).
    """

    __slots__ = ("player", "data")

    def __init__(self, player: int, data: dict):
        self.player = player
        self.data = data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def to_dict(self) -> dict:
        return copy.deepcopy(self.data)

    def to_json(self) -> str:
        return json.dumps(self.data, sort_keys=True)

    def __eq__(self, other):
        return isinstance(other, Observation) and self.player == other.player and self.data == other.data

    def __repr__(self) -> str:
        return f"Observation(player={self.player}, {self.data!r})"


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(8), "little") >> 1


class Game(abc.ABC):
    """A game and its options: the factory of states.

    Subclasses set ``name``, ``title``, ``num_players``, ``state_class`` and
    ``default_options``, and implement ``parse_move``.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    num_players: ClassVar[int] = 0
    state_class: ClassVar[type["State"]]
    default_options: ClassVar[dict[str, Any]] = {}
    plays_matches: ClassVar[bool] = False

    def __init__(self, **options: Any):
        defaults = dict(self.default_options)
        if self.plays_matches:
            defaults.setdefault("match", True)
        elif "match" in options:
            # One loop over all seven games may pass match=…: a single-deal
            # game is a deal either way.
            options = dict(options)
            if not isinstance(options.pop("match"), bool):
                raise ArgumentTypeError(f"{self.name}: option match must be True or False")
        unknown = sorted(set(options) - set(defaults))
        if unknown:
            known = ", ".join(sorted(defaults)) or "none"
            raise ValueError(f"{self.name}: unknown option(s) {', '.join(unknown)}; known options: {known}")
        defaults.update(options)
        self._options = defaults
        self._validate_options()

    def _validate_options(self) -> None:  # noqa: B027 (a hook, empty by default)
        """Subclasses check option values here and raise ValueError."""

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    # -- states ---------------------------------------------------------
    def new_state(self, seed: int | None = None) -> "State":
        """A new deal (or match), its chance driven by ``seed``."""
        if seed is None:
            seed = _fresh_seed()
        check_seed(seed)
        return self._initial_state({"seed": seed})

    def validate_setup(self, setup: dict) -> None:
        """Refuse (``InvalidSetupError``) a setup no deal could reach.

        The one check every way of building a state passes through
        (``new_state``, ``from_hands``, ``from_json``, ``from_deal``); games
        extend it with what their RULES.md setup section fixes.  A seed-only
        setup checks just its seed, so simulations keep their speed.
        """
        if not isinstance(setup, dict):
            raise InvalidSetupError(f"a {self.name} setup must be an object, not {type(setup).__name__}")
        check_json_value(setup, "setup")
        if "seed" in setup:
            check_seed(setup["seed"])

    def _initial_state(self, setup: dict) -> "State":
        if not isinstance(setup, dict):
            raise InvalidSetupError(f"a {self.name} setup must be an object, not {type(setup).__name__}")
        self.validate_setup(setup)
        # Whatever slipped past validation is still a ValueError, like
        # every other bad input to from_json.
        try:
            return self.state_class(self, setup)
        except (TypeError, KeyError, IndexError, AttributeError, OverflowError) as e:
            raise InvalidSetupError(f"bad {self.name} setup: {e}") from None

    @abc.abstractmethod
    def parse_move(self, text: str, state: "State | None" = None) -> Move:
        """Read a move's text (raise InvalidMoveError when it does not parse)."""

    def from_json(self, data: str | dict) -> "State":
        """Rebuild a state from ``State.to_json()`` by replaying its moves.

        Nothing is trusted: the setup is validated, the deal must match the
        JSON's digest of it, and every move is checked as if played.
        """
        data = load_state_json(data)
        if data.get("game") != self.name:
            raise InvalidSetupError(f"state is of game {data.get('game')!r}, not {self.name!r}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise InvalidSetupError("the state JSON's \"options\" must be an object")
        # Missing options take the game's defaults; one construction, no recursion.
        game = type(self)(**options)
        if game != self:
            return game._replay(data)
        return self._replay(data)

    def _replay(self, data: dict) -> "State":
        setup = data.get("setup")
        moves = data.get("moves")
        if not isinstance(setup, dict) or not isinstance(moves, list):
            raise InvalidSetupError("state JSON needs a \"setup\" object and a \"moves\" list")
        state = self._initial_state(setup)
        digest = data.get("deal")
        if digest != state._deal_digest():
            raise InvalidSetupError("the deal does not match the state JSON's digest of it "
                                    "(a changed seed or hand, or a JSON without \"deal\")")
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise InvalidMoveError(f"moves[{i}] of the state JSON is not a string: {text!r:.40}")
            try:
                state.play(text)
            except IllegalMoveError as e:
                error = IllegalMoveError(f"moves[{i}] ({text!r:.40}) does not replay: {str(e):.200}")
                error.rule = e.rule
                raise error from None
            except ValueError as e:
                raise InvalidMoveError(f"moves[{i}] ({text!r:.40}) does not replay: {str(e):.200}") from None
        return state

    # -- simulation hooks -------------------------------------------------
    def deal_summary(self, state: "State") -> dict:
        """Per-deal figures collected by ``cardavia simulate``."""
        return {"returns": list(state.returns()), "moves": len(state.history)}

    def summarize(self, summaries: Sequence[dict]) -> dict:
        """Aggregate figures printed by ``cardavia simulate``."""
        n = len(summaries)
        out: dict[str, Any] = {"deals": n}
        if n:
            seats = range(self.num_players)
            out["win_rate"] = [sum(s["returns"][p] > 0 for s in summaries) / n for p in seats]
            out["mean_score"] = [sum(s["returns"][p] for s in summaries) / n for p in seats]
        return out

    def __eq__(self, other):
        return type(other) is type(self) and other._options == self._options

    def __hash__(self):
        return hash((self.name, tuple(sorted(self._options.items()))))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"cardavia.load({self.name!r}{', ' if opts else ''}{opts})"


class State(abc.ABC):
    """One position of a game.  Subclasses implement the underscored hooks:

    ``current_player`` / ``is_over`` (properties), ``_legal()`` (iterable of
    moves), ``_check(move)`` (raise ``IllegalMoveError`` naming the rule;
    must not change anything), ``_apply(move)`` (cannot fail after
    ``_check``), ``returns()``, ``_observe(player)`` (dict), and ``_copy()``
    for a fast clone.
    """

    legal_moves_class: ClassVar[type[LegalMoves]] = LegalMoves

    def __init__(self, game: Game, setup: dict):
        self.game = game
        self._setup = setup
        self._history: list[HistoryEntry] = []

    # -- hooks ------------------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The player to move; ``None`` once the game is over."""

    @abc.abstractmethod
    def hand(self, player: int) -> tuple[int, ...]:
        """The card ids ``player`` holds, in the game's own order."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """Abstract."""

    @abc.abstractmethod
    def _legal(self):
        """Abstract: see the class docstring."""

    @abc.abstractmethod
    def _check(self, move: Move) -> None:
        """Abstract: see the class docstring."""

    @abc.abstractmethod
    def _apply(self, move: Move) -> None:
        """Abstract: see the class docstring."""

    @abc.abstractmethod
    def returns(self) -> list:
        """Abstract: see the class docstring."""

    @abc.abstractmethod
    def _observe(self, player: int) -> dict:
        """Abstract: see the class docstring."""

    def _copy(self) -> "State":
        c = object.__new__(type(self))
        memo = {id(self.game): self.game, id(self): c}   # the game is shared, never copied
        c.__dict__.update({k: copy.deepcopy(v, memo) for k, v in self.__dict__.items()})
        return c

    # copy.copy and copy.deepcopy give an independent clone (a shallow copy would share the
    # position), and pickle carries the state as its JSON, replayed on load (multiprocessing)
    def __copy__(self) -> "State":
        return self.clone()

    def __deepcopy__(self, memo: dict) -> "State":
        return self.clone()

    def __reduce__(self) -> tuple:
        return _state_from_json, (self.game, self.to_json())

    def _shallow_copy(self) -> "State":
        """A new state of the same class sharing every attribute but the
        history (its own list): the start of a hand-written ``_copy``, which
        then copies its other mutable attributes."""
        c = object.__new__(type(self))
        c.__dict__.update(self.__dict__)
        c._history = list(self._history)
        return c

    # -- the shared API -----------------------------------------------------
    def legal_moves(self) -> LegalMoves:
        return self.legal_moves_class(self)

    def _coerce(self, move: Any) -> Move:
        if isinstance(move, str):
            return self.game.parse_move(move, self)
        if isinstance(move, Move) and not isinstance(move, ChanceEvent):
            return move
        raise ArgumentTypeError(f"a move must be a {self.game.name} move or its text, not {type(move).__name__}")

    def check(self, move: Any) -> Move:
        """Parse and validate ``move`` without playing it; return the Move."""
        if self.is_over:
            raise IllegalMoveError("the game is over: no move can be played")
        m = self._coerce(move)
        self._check(m)
        return m

    def play(self, move: Any) -> Move:
        """Play a move (a Move or its text) and return the Move played.

        Raises ``IllegalMoveError`` (naming the rule) or ``InvalidMoveError``
        and leaves the state unchanged when the move cannot be played.
        """
        m = self.check(move)
        player = self.current_player
        assert player is not None  # check() refuses every move of a finished game
        self._history.append(HistoryEntry(player, m))
        self._apply(m)
        return m

    def _record_chance(self, text: str) -> None:
        self._history.append(HistoryEntry(CHANCE, ChanceEvent(text)))

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Every move so far as (player, move); chance events have player -1."""
        return tuple(self._history)

    def clone(self) -> "State":
        return self._copy()

    def _refuse_resample_if_over(self) -> None:
        """``resample`` is for a decision: a finished game has none (every game refuses alike)."""
        if self.is_over:
            raise ValueError(f"the {self.game.name} game is over: there is no position to sample")

    def outcome(self) -> Outcome:
        """How the finished game ended (``ValueError`` while it is live)."""
        if not self.is_over:
            raise ValueError(f"the {self.game.name} game is not over: it has no outcome yet")
        returns = tuple(self.returns())
        winners = tuple(p for p, r in enumerate(returns) if r > 0)
        return Outcome(returns, winners, MappingProxyType(self._score_breakdown()))

    def _score_breakdown(self) -> dict:
        """The game's own score figures of a finished game (JSON-ready)."""
        return {}

    def _deal_digest(self) -> str:
        """A digest of what chance dealt at the start: every player's first
        observation, so a changed seed or hand in a replay is seen."""
        start = self.game._initial_state(self._setup) if self._history else self
        seen = [{k: v for k, v in start.observation(p).data.items() if k != "history"}
                for p in range(self.game.num_players)]
        text = json.dumps(seen, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def observation(self, player: int) -> Observation:
        check_player(player, self.game.num_players)
        data = {"game": self.game.name, "player": player,
                "current_player": self.current_player, "is_over": self.is_over}
        data.update(self._observe(player))
        data["history"] = self.public_history(player)
        return Observation(player, data)

    def public_history(self, player: int) -> list:
        """History as ``[mover, text]`` pairs, hidden moves of others in public form."""
        return [[p, str(m) if p == player else m.public_text()] for p, m in self._history]

    def to_dict(self) -> dict:
        return {
            "format": "cardavia-state",
            "version": STATE_JSON_VERSION,
            "game": self.game.name,
            "options": self.game.options,
            "setup": copy.deepcopy(self._setup),
            "deal": self._deal_digest(),
            "moves": [str(m) for p, m in self._history if p != CHANCE],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def __eq__(self, other):
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"player {self.current_player} to move"
        return f"<{type(self).__name__} {self.game.name}: {who}, {len(self._history)} moves>"


def _state_from_json(game: Game, text: str) -> State:
    """A pickled state: its game and its JSON, replayed (``State.__reduce__``)."""
    return game.from_json(text)


# -- input checks shared by every game ------------------------------------
MAX_SEED = (1 << 64) - 1
STATE_JSON_VERSION = 1
"""The version ``to_json`` writes and ``from_json`` reads."""
MAX_STATE_JSON = 8 << 20
"""Bytes of state JSON ``from_json`` reads (a whole long match is < 1 MB)."""
MAX_JSON_DEPTH = 16


def check_int(value: Any, name: str, low: int, high: int) -> int:
    """``value`` as an int in [low, high], or the project's error."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be in {low}..{high}, got {value if abs(value) < 1 << 70 else 'a huge number'}")
    return value


def check_seed(seed: Any) -> int:
    return check_int(seed, "seed", 0, MAX_SEED)


def check_player(player: Any, num_players: int) -> int:
    return check_int(player, "player", 0, num_players - 1)


def check_json_value(value: Any, where: str, depth: int = 0) -> None:
    """Refuse anything JSON cannot carry (sets, NaN, objects, deep nesting)."""
    if depth > MAX_JSON_DEPTH:
        raise InvalidSetupError(f"{where} is nested too deeply")
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise InvalidSetupError(f"{where} holds {value}, which JSON cannot carry")
        return
    if isinstance(value, list):
        for i, v in enumerate(value):
            check_json_value(v, f"{where}[{i}]", depth + 1)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise InvalidSetupError(f"{where} has a key {k!r} that is not a string")
            check_json_value(v, f"{where}.{k}", depth + 1)
        return
    raise InvalidSetupError(f"{where} holds a {type(value).__name__}, which is not a JSON value")


def _json_depth(text: str) -> int:
    import re
    stripped = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)
    depth = deepest = 0
    for bracket in re.findall(r"[\[\]{}]", stripped):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def load_state_json(data: Any) -> dict:
    """The dict of a state JSON (text or dict), bounded before it is parsed."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode()
        except UnicodeDecodeError:
            raise InvalidSetupError("state JSON is not UTF-8 text") from None
    if isinstance(data, str):
        data = data.removeprefix("\ufeff")   # a byte order mark (Windows editors write one)
        if len(data) > MAX_STATE_JSON:
            raise InvalidSetupError(f"state JSON is {len(data)} characters, over the limit of {MAX_STATE_JSON}")
        if _json_depth(data) > MAX_JSON_DEPTH + 2:
            raise InvalidSetupError("state JSON is nested too deeply")
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, RecursionError) as e:
            raise InvalidSetupError(f"state JSON does not parse: {e}") from None
    elif isinstance(data, dict):
        check_json_value(data, "state", -2)
    else:
        raise ArgumentTypeError(f"a state JSON must be text or a dict, not {type(data).__name__}")
    if not isinstance(data, dict) or data.get("format") != "cardavia-state":
        raise InvalidSetupError("not a Cardavia state: expected an object with \"format\": \"cardavia-state\"")
    version = data.get("version", STATE_JSON_VERSION)   # (older files may lack it: version 1 is the first)
    if version != STATE_JSON_VERSION or isinstance(version, bool):
        raise InvalidSetupError(f"state JSON version {str(version)[:20]}: this Cardavia reads version "
                                f"{STATE_JSON_VERSION}")
    return data
