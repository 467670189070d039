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
import json
import os
import random
from typing import Any, ClassVar, Iterator, NamedTuple, Sequence

from cardavia._core.rng import Random

CHANCE = -1
"""The ``player`` of history entries made by chance (a deal, a redeal)."""

TERMINAL = -2
"""``current_player`` of a finished game."""


class IllegalMoveError(ValueError):
    """A move the rules forbid; ``rule`` is the RULES.md id it breaks."""

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class InvalidMoveError(ValueError):
    """Move text that does not parse as a move of the game."""


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


class ChanceEvent(Move):
    """A history entry made by chance rather than a player (e.g. a redeal)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        object.__setattr__(self, "text", text)

    def __setattr__(self, name, value):
        raise AttributeError("ChanceEvent is immutable")

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
    if isinstance(rng, int):
        return random.Random(rng).randrange(n)
    raise TypeError(f"rng must be a random.Random, a NumPy Generator or a seed, not {type(rng).__name__}")


class LegalMoves:
    """A lazy view of the legal moves of a state (python-chess style).

    Iterate it, ``len()`` it, test ``move in view`` (a move or its text) and
    ``view.sample(rng)`` for a uniform random legal move.  The base class
    builds the list on first use; games with huge move sets override
    ``__len__``, ``__contains__`` and ``sample`` so that nothing is built.
    """

    def __init__(self, state: "State"):
        self._state = state
        self._list: list[Move] | None = None

    def _moves(self) -> list[Move]:
        if self._list is None:
            self._list = list(self._state._legal())
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
        try:
            m = self._state._coerce(move)
            self._state._check(m)
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
    """What one player may know: a JSON-ready dict plus ``to_json()``."""

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
        unknown = sorted(set(options) - set(defaults))
        if unknown:
            known = ", ".join(sorted(defaults)) or "none"
            raise ValueError(f"{self.name}: unknown option(s) {', '.join(unknown)}; known options: {known}")
        defaults.update(options)
        self._options = defaults
        self._validate_options()

    def _validate_options(self) -> None:
        """Subclasses check option values here and raise ValueError."""

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    # -- states ---------------------------------------------------------
    def new_state(self, seed: int | None = None) -> "State":
        """A new deal (or match), its chance driven by ``seed``."""
        if seed is None:
            seed = _fresh_seed()
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        return self._initial_state({"seed": seed})

    def _initial_state(self, setup: dict) -> "State":
        # A malformed setup (hand-edited state JSON) is a ValueError, like
        # every other bad input to from_json.
        try:
            return self.state_class(self, setup)
        except (TypeError, KeyError, IndexError, AttributeError) as e:
            raise ValueError(f"bad {self.name} setup {setup!r}: {e}") from None

    @abc.abstractmethod
    def parse_move(self, text: str, state: "State | None" = None) -> Move:
        """Read a move's text (raise InvalidMoveError when it does not parse)."""

    def from_json(self, data: str | dict) -> "State":
        """Rebuild a state from ``State.to_json()`` by replaying its moves."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as e:
                raise ValueError(f"state JSON does not parse: {e}") from None
        if not isinstance(data, dict) or data.get("format") != "cardavia-state":
            raise ValueError("not a Cardavia state: expected an object with \"format\": \"cardavia-state\"")
        if data.get("game") != self.name:
            raise ValueError(f"state is of game {data.get('game')!r}, not {self.name!r}")
        options = data.get("options", {})
        if options != self._options:
            return type(self)(**options).from_json(data)
        setup = data.get("setup")
        moves = data.get("moves")
        if not isinstance(setup, dict) or not isinstance(moves, list):
            raise ValueError("state JSON needs a \"setup\" object and a \"moves\" list")
        state = self._initial_state(setup)
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise ValueError(f"move {i} of the state JSON is not a string: {text!r}")
            try:
                state.play(text)
            except ValueError as e:
                raise ValueError(f"move {i} ({text!r}) does not replay: {e}") from None
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
    def current_player(self) -> int:
        """Abstract."""

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
        return copy.deepcopy(self, {id(self.game): self.game})

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
        raise TypeError(f"a move must be a {self.game.name} move or its text, not {type(move).__name__}")

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

    def observation(self, player: int) -> Observation:
        if not isinstance(player, int) or not 0 <= player < self.game.num_players:
            raise ValueError(f"player must be 0..{self.game.num_players - 1}, got {player!r}")
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
            "version": 1,
            "game": self.game.name,
            "options": self.game.options,
            "setup": copy.deepcopy(self._setup),
            "moves": [str(m) for p, m in self._history if p != CHANCE],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def __eq__(self, other):
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # states are mutable

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"player {self.current_player} to move"
        return f"<{type(self).__name__} {self.game.name}: {who}, {len(self._history)} moves>"
