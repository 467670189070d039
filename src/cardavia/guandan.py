"""Guandan (掼蛋): four players in two teams, two packs, wild cards, levels.

RULES.md §2.  The heart of the level rank is wild, so the same cards can mean
different plays: a move is the exact cards *plus* their reading (shape and
main rank), written ``straight:9 5h 6h 7h 8h 2h``.  ``pass`` passes and
``return 7c`` returns a card after a tribute.

>>> import cardavia
>>> from cardavia.guandan import classify, moves
>>> [m.reading for m in classify("5h 6h 7h 8h 2h", level=2)]
['straight:8', 'straight:9', 'straightflush:8', 'straightflush:9']
>>> str(classify("5h 6h 7h 8h 2h", level=2)[1])
'straight:9 5h 6h 7h 8h 2h'
>>> game = cardavia.load("guandan", match=False)
>>> state = game.new_state(seed=1)
>>> len(state.legal_moves()) > 27
True

Combination detection, move generation and the rules of a deal and a match
(tribute, return, play, levels) run in the compiled core
(``cardavia._core.guandan``, one ``Position``); the legal moves of a state
are a lazy view that counts, samples and tests moves there without listing.
``game.sample_world(observation, rng)`` / ``state.resample(player, rng)``
deal the unseen cards again; ``game.policy_move`` and ``game.rollout`` are
the compiled heuristic.

Observation keys besides the shared ones (``hand``, ``hand_sizes``,
``phase`` — ``"return"``, ``"play"`` or ``"over"`` —, ``last_play``,
``last_player``, ``leader`` of the current trick, ``trick`` — its plays
and passes as ``[player, move text]`` —, ``level``, ``team_levels``,
``deal``, ``played``):
``finished`` (players out so far this deal, in order; once the game is
over, all four, GD-6.1), ``passes`` (passes
since the last play), ``first_leader`` (who led the deal's first trick),
``tribute`` (``[payer, receiver, card]`` each), ``returned`` (``[receiver,
payer, card]`` each), ``anti_tribute`` (bool, GD-3.3) and
``previous_order`` (the last deal's finishing order, or None).
"""
from __future__ import annotations

import random
from typing import Any, ClassVar, Iterator, Sequence, cast

from cardavia._core import guandan as _core
from cardavia.i18n import N_
from cardavia.cards import InvalidCardError, card_text, parse_cards, to_card_ids, two_pack_counts
from cardavia.game import (
    CHANCE,
    ArgumentTypeError,
    Game,
    HistoryEntry,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSetupError,
    LegalMoves,
    Move,
    State,
    check_int,
    check_player,
    draw_seed,
    immutable,
    randbelow,
)

__all__ = ["GuandanGame", "GuandanMove", "GuandanState", "SHAPES", "classify", "moves",
           "parse_move", "GAME"]

SHAPES: tuple[str, ...] = _core.SHAPES
"""Reading names, index = shape code of the core."""
_SHAPE_CODE = {s: i for i, s in enumerate(SHAPES)}
MAIN_CHARS = _core.MAIN_CHARS  # "23456789TJQKABR": main rank index 0-14
BOMB, STRAIGHTFLUSH, JOKERBOMB = _SHAPE_CODE["bomb"], _SHAPE_CODE["straightflush"], _SHAPE_CODE["jokerbomb"]
_CARD_TEXT = [card_text(c) for c in range(54)]


def level_face(index: int) -> int:
    return index + 2


def _level_index(level: Any, what: str = "level") -> int:
    """A level given as an int 2-14 (J=11, Q=12, K=13, A=14) as rank index 0-12."""
    return check_int(level, what, 2, 14) - 2


def _main_index(text: str) -> int:
    t = text.upper()
    if t == "10":
        return 8
    if len(t) == 1 and t in MAIN_CHARS:
        return MAIN_CHARS.index(t)
    raise InvalidMoveError(f"bad main rank {text!r}: expected one of 2-9, T, J, Q, K, A, B, R")


@immutable
class GuandanMove(Move):
    """``pass``, ``return <card>``, or a play: reading (shape, main) and cards.

    Equality is on the kind, the reading and the multiset of cards; the text
    lists natural cards by id and the wilds (if the level is known) last.
    """

    __slots__ = ("kind", "shape", "main", "cards", "_level", "_text")
    kind: str
    shape: int
    main: int
    cards: tuple[int, ...]
    _level: int | None
    _text: str | None

    def __init__(self, kind: str, shape: int = -1, main: int = -1, cards: Sequence[int] = (),
                 level: int | None = None):
        _set = object.__setattr__
        _set(self, "kind", kind)
        _set(self, "shape", shape)
        _set(self, "main", main)
        _set(self, "cards", tuple(sorted(cards)))
        _set(self, "_level", level)
        _set(self, "_text", None)


    @property
    def reading(self) -> str | None:
        """``"straight:9"`` for a play, None for pass and return."""
        return f"{SHAPES[self.shape]}:{MAIN_CHARS[self.main]}" if self.kind == "play" else None

    @property
    def is_bomb(self) -> bool:
        return self.kind == "play" and self.shape in (BOMB, STRAIGHTFLUSH, JOKERBOMB)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            cards = self.cards
            if self.kind == "pass":
                text = "pass"
            elif self.kind == "return":
                text = "return " + _CARD_TEXT[cards[0]]
            else:
                if self._level is not None:
                    wild = 4 * self._level + 2
                    cards = tuple([c for c in cards if c != wild] + [c for c in cards if c == wild])
                text = f"{SHAPES[self.shape]}:{MAIN_CHARS[self.main]} " + " ".join(_CARD_TEXT[c] for c in cards)
            object.__setattr__(self, "_text", text)
        return text

    def __eq__(self, other):
        return (isinstance(other, GuandanMove) and other.kind == self.kind and other.shape == self.shape
                and other.main == self.main and other.cards == self.cards)

    def __hash__(self):
        return hash((self.kind, self.shape, self.main, self.cards))

    def __len__(self) -> int:
        return len(self.cards)


PASS = GuandanMove("pass")


def parse_move(text: str, level: Any = None) -> GuandanMove:
    """Read move text: ``pass``, ``return 7c``, ``straight:9 5h 6h 7h 8h 2h``.

    With a ``level``, bare cards with exactly one reading are accepted too.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"move text must be a str, not {type(text).__name__}")
    lv = None if level is None else _level_index(level)
    parts = text.split()
    if not parts:
        raise InvalidMoveError("empty move: expected 'pass', 'return <card>' or '<reading>:<rank> <cards>'")
    head = parts[0].lower()
    try:
        if head == "pass":
            if len(parts) != 1:
                raise InvalidMoveError(f"'pass' takes nothing after it, got {text!r}")
            return PASS
        if head == "return":
            ids = parse_cards(" ".join(parts[1:]))
            if len(ids) != 1:
                raise InvalidMoveError(f"'return' takes exactly one card, got {text!r}")
            return GuandanMove("return", cards=ids)
        if ":" in head:
            shape_name, _, main_text = head.partition(":")
            if shape_name not in _SHAPE_CODE:
                raise InvalidMoveError(f"unknown reading {shape_name!r}; readings: {', '.join(SHAPES)}")
            ids = parse_cards(" ".join(parts[1:]))
            if not ids:
                raise InvalidMoveError(f"a play needs its cards after the reading: {text!r}")
            return GuandanMove("play", _SHAPE_CODE[shape_name], _main_index(main_text), ids, lv)
        ids = parse_cards(text)
    except InvalidCardError as e:
        raise InvalidMoveError(str(e)) from None
    if lv is None:
        raise InvalidMoveError(f"{text!r}: give the reading, e.g. 'pair:7 7c 7d'")
    found = classify(ids, level_face(lv))
    if len(found) == 1:
        return found[0]
    if not found:
        raise InvalidMoveError(f"{text!r} is no Guandan combination at level {MAIN_CHARS[lv]} (GD-5.1)")
    raise InvalidMoveError(f"{text!r} can be read several ways; choose one of: "
                           + ", ".join(str(m) for m in found))


def _card_ids(cards: Any, what: str = "cards") -> list[int]:
    """Card ids from text or ids; the project's errors for anything else."""
    try:
        return to_card_ids(cards)
    except TypeError:
        raise ArgumentTypeError(f"{what} must be card text or card ids, not {type(cards).__name__}") from None


def _hand_counts(hand: Any) -> bytes:
    """54 counts of a hand drawn from two packs (GD-2.1)."""
    ids = _card_ids(hand, "a hand")
    return two_pack_counts(ids)


def _play_arg(move: Any, lv: int, what: str) -> GuandanMove | None:
    if move is None:
        return None
    if isinstance(move, str):
        move = parse_move(move, lv + 2)
    if not isinstance(move, GuandanMove):
        raise ArgumentTypeError(f"{what} must be a Guandan move, its text or None, not {type(move).__name__}")
    return move if move.kind == "play" else None


def classify(cards: Any, level: Any) -> list[GuandanMove]:
    """Every reading of exactly these cards at a level (GD-5), as plays."""
    ids = _card_ids(cards)
    lv = _level_index(level)
    return [GuandanMove("play", s, m, ids, lv) for s, m in _core.readings(ids, lv)]


def moves(hand: Any, level: Any, last: Any = None) -> list[GuandanMove]:
    """Every play from ``hand`` beating ``last`` (None: a lead), with its reading."""
    lv = _level_index(level)
    counts = _hand_counts(hand)
    play = _play_arg(last, lv, "last")
    if play is None:
        gen = _core.MoveGen(counts, lv)
    else:
        gen = _core.MoveGen(counts, lv, play.shape, play.main, len(play.cards))
    return [GuandanMove("play", s, m, c, lv) for s, m, c in gen.moves()]


def beats(move: Any, last: Any, level: Any) -> bool:
    """Whether play ``move`` beats play ``last`` at a level (GD-4.2, GD-5.4)."""
    lv = _level_index(level)
    play = _play_arg(move, lv, "move")
    prev = _play_arg(last, lv, "last")
    if play is None:
        raise InvalidMoveError("only a play beats another play (GD-4.2)")
    if prev is None:
        return True
    return _core.beats(play.shape, play.main, len(play.cards), prev.shape, prev.main, len(prev.cards), lv)


def card_strength(card: int, level_idx: int) -> int:
    """Single-card order of GD-4.2: 2..A = 0..12 (level excluded), level 13, BJ 14, RJ 15."""
    return _core.card_value(check_int(card, "card id", 0, 53), check_int(level_idx, "level rank index", 0, 12))


_KIND_NAME = _core.MOVE_KINDS  # core kind code -> Move.kind
_KIND_CODE = {k: i for i, k in enumerate(_KIND_NAME)}
_PLAY, _PASS, _RETURN = _core.KIND_PLAY, _core.KIND_PASS, _core.KIND_RETURN
_PHASE_NAME = _core.PHASES
_OVER, _RETURN_PHASE = _core.PHASE_OVER, _core.PHASE_RETURN
_E = _core.ERRORS



def _move_of(t: tuple, level: int) -> GuandanMove:
    """A Move from the core's (kind, shape, main, cards ascending)."""
    kind, shape, main, cards = t
    if kind == _PASS:
        return PASS
    m = object.__new__(GuandanMove)
    _set = object.__setattr__
    _set(m, "kind", _KIND_NAME[kind])
    _set(m, "shape", shape)
    _set(m, "main", main)
    _set(m, "cards", cards)
    _set(m, "_level", level if kind == _PLAY else None)
    _set(m, "_text", None)
    return m


class GuandanLegalMoves(LegalMoves):
    """Lazy legal moves: counted, drawn and tested in the compiled core
    (``len()``, ``sample()``, ``in`` and indexing list nothing)."""

    def __init__(self, state: "GuandanState"):
        super().__init__(state)
        self._pos = state._pos

    def __len__(self) -> int:
        self._fresh()
        return self._pos.count()

    def __getitem__(self, index: int) -> GuandanMove:
        self._fresh()
        n = self._pos.count()
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("legal move index out of range")
        return _move_of(self._pos.move_at(index), self._pos.level)

    def __iter__(self) -> Iterator[GuandanMove]:
        self._fresh()
        lv = self._pos.level
        return iter([_move_of(t, lv) for t in self._pos.moves()])

    def _moves(self) -> list[Move]:
        if self._list is None:
            self._list = list(self)
        return self._list

    def sample(self, rng: Any = None) -> GuandanMove:
        self._fresh()
        pos = self._pos
        n = pos.count()
        i = rng.randrange(n) if rng.__class__ is random.Random and n else randbelow(rng, n)
        return _move_of(pos.move_at(i), pos.level)

    def counts_by_reading(self) -> dict[str, int]:
        """How many legal plays of each shape (plus ``pass`` or ``return``)."""
        self._fresh()
        pos = self._pos
        if pos.phase == _RETURN_PHASE:
            return {"return": pos.count()}
        out = {SHAPES[i]: n for i, n in enumerate(pos.shape_counts()) if n}
        if pos.phase != _OVER and pos.last_play() is not None:
            out["pass"] = 1
        return out


class GuandanState(State):
    """A Guandan deal, or a whole match (option ``match``), over the core's
    ``Position``: the rules (tribute, return, play, levels, the match) live
    there; this class adds text, Move values, observations and JSON."""

    legal_moves_class = GuandanLegalMoves

    def __init__(self, game: "GuandanGame", setup: dict):
        super().__init__(game, setup)
        match = bool(game.options["match"])
        seed = int(setup.get("seed", 0))
        self._seed = seed
        if "hands" in setup:
            hands = [two_pack_counts(h) for h in setup["hands"]]
            level = int(setup.get("level", 2)) - 2
            team_levels = [int(x) - 2 for x in setup.get("team_levels", (level + 2, level + 2))]
            previous = setup.get("previous")
            self._pos = _core.Position.from_hands(hands, level, team_levels, int(setup.get("leader", 0)),
                                                  previous, seed, match, int(setup.get("deal", 1)) - 1)
        else:
            self._pos = _core.Position.from_seed(seed, match)
        self._prior: list = []  # public history of earlier deals (a resampled world)
        self._record_deal_start()

    # -- chance events of the history ----------------------------------------
    def _record_deal_start(self) -> None:
        pos = self._pos
        self._deal_no = pos.deal_no
        self._record_chance(f"deal {pos.deal_no + 1} at level {MAIN_CHARS[pos.level]}")
        if pos.previous() is None:
            self._record_chance(f"player {pos.current} leads")
            return
        if pos.anti_tribute:
            first, payers = pos.previous()[0], pos.payers()
            self._record_chance(f"anti-tribute: player{'s' if len(payers) > 1 else ''} "
                                f"{' and '.join(map(str, payers))} hold{'' if len(payers) > 1 else 's'} both Red "
                                f"Jokers; player {first} leads")
            return
        for payer, receiver, c in pos.tributes():
            self._record_chance(f"tribute: player {payer} gives {card_text(c)} to player {receiver}")

    def _record_deal_end(self) -> None:
        order, win, gain, _ = self._pos.last_deal()
        self._record_chance(f"deal ends: order {' '.join(map(str, order))}; team {win} up {gain}")
        if self._pos.match and self._pos.phase == _OVER:
            self._record_chance(f"team {win} wins the match")

    # -- the State hooks -----------------------------------------------------
    @property
    def current_player(self) -> int | None:
        c = self._pos.current
        return None if c < 0 else c

    @property
    def is_over(self) -> bool:
        return self._pos.phase == _OVER

    @property
    def level(self) -> int:
        """This deal's level, 2-14 (14 = Ace)."""
        return self._pos.level + 2

    @property
    def team_levels(self) -> list[int]:
        return [x + 2 for x in self._pos.team_levels]

    @property
    def finishing_order(self) -> list[int]:
        """Players out so far in this deal (all four once the deal is over)."""
        return self._pos.finishing_order()

    @property
    def phase(self) -> str:
        return _PHASE_NAME[self._pos.phase]

    @property
    def position(self) -> "_core.Position":
        """A copy of the compiled position (for rollouts and the sampler)."""
        return self._pos.copy()

    def hand(self, player: int) -> tuple[int, ...]:
        """Card ids held by ``player`` (with repeats) in this deal's order:
        2..A, the level rank, the jokers, wilds last."""
        check_player(player, 4)
        return tuple(self._sorted_hand(player))

    def _sorted_hand(self, player: int) -> list[int]:
        lv = self._pos.level
        wild = 4 * lv + 2
        hand = self._pos.hand(player)
        cards = [c for c in range(54) for _ in range(hand[c])]
        return sorted(cards, key=lambda c: (c == wild, card_strength(c, lv), c))

    def _legal(self):
        return list(self.legal_moves())

    def _check(self, move: Move) -> None:
        if not isinstance(move, GuandanMove):
            raise IllegalMoveError(f"not a Guandan move: {move!r}", rule="GD-5.1")
        code = self._pos.check(_KIND_CODE[move.kind], move.shape, move.main, move.cards)
        if code:
            self._refuse(code, move)

    def _refuse(self, code: int, move: GuandanMove) -> None:
        """Raise the IllegalMoveError of a core check code, in words."""
        pos, p = self._pos, self._pos.current
        if code == _E["OVER"]:
            raise IllegalMoveError("the game is over", rule="GD-6.1", msgid=N_("the game is over"))
        if code == _E["MUST_RETURN"]:
            raise IllegalMoveError(f"player {p} must first return a card for the tribute", rule="GD-3.4",
                                   msgid=N_("player {player} must first return a card for the tribute"),
                                   params={"player": p})
        if code == _E["NOT_RETURNABLE"]:
            raise IllegalMoveError(f"{move} is not returnable: return a non-wild 2-10 you hold "
                                   "(or your lowest card if you have none)", rule="GD-3.4",
                                   msgid=N_("{move} is not returnable: return a non-wild 2-10 you hold "
                                            "(or your lowest card if you have none)"), params={"move": str(move)})
        if code == _E["NO_TRIBUTE"]:
            raise IllegalMoveError("no tribute is waiting for a return", rule="GD-3.4",
                                   msgid=N_("no tribute is waiting for a return"))
        if code == _E["LEAD_PASS"]:
            raise IllegalMoveError("the leader must play, not pass", rule="GD-4.1",
                                   msgid=N_("the leader must play, not pass"))
        if code == _E["NOT_HELD"]:
            hand = pos.hand(p)
            need: dict[int, int] = {}
            for c in move.cards:
                need[c] = need.get(c, 0) + 1
            c, k = next((c, k) for c, k in need.items() if hand[c] < k)
            params = {"move": str(move), "cards": " ".join([card_text(c)] * k)}   # (the mover reads it: "you")
            template = N_("{move} is illegal: you do not hold {cards}")
            raise IllegalMoveError(template.format(**params), rule="GD-2.1", msgid=template, params=params)
        if code == _E["READING"]:
            ok = ", ".join(str(m.reading) for m in classify(move.cards, pos.level + 2)) or "none"
            raise IllegalMoveError(f"these cards cannot be read as {move.reading} at level "
                                   f"{MAIN_CHARS[pos.level]} (their readings: {ok})", rule="GD-5.1")
        last = pos.last_play()
        last_text = f"{SHAPES[last[0]]}:{MAIN_CHARS[last[1]]}" if last else "nothing"
        if code in (_E["LOW"], _E["BOMB"]):
            raise IllegalMoveError(f"{move.reading} does not beat {last_text}",
                                   rule="GD-5.4" if code == _E["BOMB"] else "GD-4.2",
                                   msgid=N_("{move} does not beat {last}"),
                                   params={"move": str(move.reading), "last": last_text})
        raise IllegalMoveError(f"{move} is not a Guandan move here", rule="GD-5.1")

    def play(self, move: Any) -> GuandanMove:
        """Play a move (a Move or its text) and return the Move played; refused
        moves raise ``IllegalMoveError`` naming the rule and change nothing.
        (``State.play`` in one core call: check and apply.)"""
        if move.__class__ is not GuandanMove:
            if self.is_over:
                raise IllegalMoveError("the game is over: no move can be played", rule="GD-6.1")
            move = self._coerce(move)
            if not isinstance(move, GuandanMove):
                raise IllegalMoveError(f"not a Guandan move: {move!r}", rule="GD-5.1")
        pos = self._pos
        player = pos.current
        deals = pos.deals
        code = pos.play(_KIND_CODE[move.kind], move.shape, move.main, move.cards)
        if code:
            self._refuse(code, move)
        self._history.append(HistoryEntry(player, move))
        if pos.deals != deals:
            self._record_deal_end()
            if pos.phase != _OVER:
                self._record_deal_start()
        return move

    def _apply(self, move: Move) -> None:
        assert isinstance(move, GuandanMove)
        pos = self._pos
        deals = pos.deals
        if pos.apply(_KIND_CODE[move.kind], move.shape, move.main, move.cards) != deals:
            self._record_deal_end()
            if pos.phase != _OVER:
                self._record_deal_start()

    def returns(self) -> list:
        return self._pos.returns()

    def _last_move(self) -> GuandanMove | None:
        last = self._pos.last_play()
        if last is None:
            return None
        return GuandanMove("play", last[0], last[1], last[2], self._pos.level)

    def _trick(self, n: int) -> list:
        """The current trick as [player, move text] pairs: its last ``n`` moves."""
        if not n:
            return []
        moves = [(p, m) for p, m in self._history[-n:] if p != CHANCE]
        return [[p, str(m)] for p, m in moves[-n:]]

    def _observe(self, player: int) -> dict:
        pos = self._pos
        last = pos.last_play()
        leader, moves_in_trick = pos.trick()
        return {
            "hand": [_CARD_TEXT[c] for c in self._sorted_hand(player)],
            "hand_sizes": pos.hand_sizes(),
            "level": pos.level + 2,
            "team_levels": self.team_levels,
            "deal": pos.deal_no + 1,
            "phase": self.phase,
            # once over, the seat still holding cards is last (GD-6.1)
            "finished": pos.finishing_order() if pos.phase == _OVER else pos.finished(),
            "last_play": str(self._last_move()) if last is not None else None,
            "last_player": last[3] if last is not None else None,
            "passes": pos.passes() if last is not None else 0,
            "played": [self._texts(pos.played_cards(q)) for q in range(4)],
            "leader": None if leader < 0 else leader,
            "trick": self._trick(moves_in_trick),
            "first_leader": pos.leader,
            "tribute": [[p, r, card_text(c)] for p, r, c in pos.tributes()],
            "returned": [[r, p, card_text(c)] for r, p, c in pos.returned()],
            "anti_tribute": pos.anti_tribute,
            "previous_order": pos.previous(),
        }

    def _texts(self, counts: bytes) -> list[str]:
        lv = self._pos.level
        wild = 4 * lv + 2
        cards = [c for c in range(54) for _ in range(counts[c])]
        cards.sort(key=lambda c: (c == wild, card_strength(c, lv), c))
        return [_CARD_TEXT[c] for c in cards]

    def _deal_start_hands(self, pos: "_core.Position") -> list[list[int]]:
        """Each player's 27 cards as dealt at the start of this deal (before
        the tribute): held + played + given - received."""
        out = []
        for q in range(4):
            cnt = [a + b for a, b in zip(pos.hand(q), pos.played_cards(q))]
            for payer, receiver, c in pos.tributes():
                if payer == q:
                    cnt[c] += 1
                if receiver == q:
                    cnt[c] -= 1
            for receiver, payer, c in pos.returned():
                if receiver == q:
                    cnt[c] += 1
                if payer == q:
                    cnt[c] -= 1
            out.append([c for c in range(54) for _ in range(cnt[c])])
        return out

    def resample(self, player: int, rng: Any = None) -> "GuandanState":
        """A state ``player`` cannot tell from this one: the cards he has not
        seen dealt again uniformly under what he knows (``sample_world``),
        rebuilt from its own dealt hands and this deal's moves, so that it
        replays through ``play`` and round-trips through JSON.  In a match
        the history starts at this deal; later deals come from a new seed."""
        check_player(player, 4)
        self._refuse_resample_if_over()
        world = self._pos.sample_world(player, draw_seed(rng))
        setup: dict[str, Any] = {"seed": world.seed, "hands": [" ".join(_CARD_TEXT[c] for c in h)
                                                              for h in self._deal_start_hands(world)],
                                 "level": world.level + 2, "team_levels": [x + 2 for x in world.team_levels],
                                 "leader": world.leader}  # the deal's first leader (setup key)
        if world.previous() is not None:
            setup["previous"] = world.previous()
        if world.deal_no:
            setup["deal"] = world.deal_no + 1
        start = max(i for i, (p, m) in enumerate(self._history) if p == CHANCE and str(m).startswith("deal "))
        new = cast(GuandanState, self.game._initial_state(setup))
        for p, m in self._history[start + 1:]:
            if p != CHANCE:
                new.play(m)
        new._prior = self._prior + self._history[:start]
        return new

    @property
    def history(self) -> tuple:
        """Every move so far as (player, move); chance events have player -1."""
        return tuple(self._prior + self._history) if self._prior else tuple(self._history)

    def public_history(self, player: int) -> list:
        return [[p, str(m) if p == player else m.public_text()] for p, m in self._prior + self._history]

    def _copy(self) -> "GuandanState":
        new = cast(GuandanState, self._shallow_copy())
        new._pos = self._pos.copy()
        return new

    def _score_breakdown(self) -> dict:
        """The last deal's finishing order, winning team and levels gained;
        the number of deals and the final team levels."""
        order, win, gain, level = self._pos.last_deal()
        team_levels = self.team_levels
        if not self.game.options.get("match", True):   # one deal: no next deal raises them, so do it here
            team_levels[win] = min(14, team_levels[win] + gain)   # (GD-1.1, stopping at Ace: GD-1.2)
        return {"order": order, "winner_team": win, "gained": gain, "level": level + 2,
                "deals": self._pos.deals, "team_levels": team_levels}

    def restart(self) -> "GuandanState":
        """A fresh match from this one's seed: both teams back at level 2 (GD-6.3)."""
        return cast(GuandanState, self.game.new_state(seed=self._seed))


class GuandanGame(Game):
    """Guandan; ``match=True`` (default) plays a match to the Ace, else one deal."""

    name = "guandan"
    title = "Guandan (掼蛋)"
    num_players = 4
    state_class = GuandanState
    default_options: ClassVar[dict[str, Any]] = {}
    plays_matches = True

    def _validate_options(self) -> None:
        if not isinstance(self._options["match"], bool):
            raise ArgumentTypeError(f"guandan: option match must be True or False, not {self._options['match']!r}")

    def parse_move(self, text: str, state: State | None = None) -> GuandanMove:
        return parse_move(text, None if not isinstance(state, GuandanState) else state.level)

    def from_hands(self, hands: Sequence[Any], level: int = 2, leader: int = 0,
                   previous: Sequence[int] | None = None, team_levels: Sequence[int] | None = None,
                   seed: int = 0, deal: int = 1) -> GuandanState:
        """A deal from given hands (card text or ids per player; for analysis and tests).

        ``level`` (2-14) is this deal's level; ``team_levels`` (default: both
        teams at ``level``) the two teams' levels, one of which the deal is
        played at; ``previous``: the last deal's finishing order, so the
        tribute of GD-3 applies to these hands (the leader then follows from
        the tribute); ``seed`` deals any later deals of a match.  Each hand
        holds 1-27 cards, no card more than twice across the four.
        """
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ArgumentTypeError("hands must be a sequence of four hands (card text or card ids)")
        try:
            texts = [" ".join(card_text(c) for c in to_card_ids(h)) for h in hands]
        except InvalidCardError as e:
            raise InvalidSetupError(f"bad hand: {e}", "GD-2.1") from None
        except TypeError as e:
            raise ArgumentTypeError(f"bad hand: {e}") from None
        setup: dict[str, Any] = {"seed": seed, "hands": texts, "level": level, "leader": leader}
        if deal != 1:
            setup["deal"] = deal
        if team_levels is not None:
            if isinstance(team_levels, (str, bytes)) or not isinstance(team_levels, Sequence):
                raise ArgumentTypeError("team_levels must be a sequence of two levels 2-14")
            setup["team_levels"] = list(team_levels)
        if previous is not None:
            if isinstance(previous, (str, bytes)) or not isinstance(previous, Sequence):
                raise ArgumentTypeError("previous must be a finishing order of players 0-3")
            setup["previous"] = list(previous)
        return cast(GuandanState, self._initial_state(setup))

    _SETUP_KEYS = frozenset(("seed", "hands", "level", "leader", "previous", "team_levels", "deal"))

    def validate_setup(self, setup: dict) -> None:
        """GD-2 and GD-3: the packs, hand sizes, levels, leader and tribute of a setup.

        A seed-only setup checks just its seed.  A setup with ``hands`` holds
        four hands of 1-27 cards, no card id more than twice across them
        (two packs, GD-2.1); ``level`` and ``team_levels`` are ints 2-14 and
        the deal is played at one team's level (the winner's of ``previous``,
        GD-1.2); ``leader`` is a seat 0-3; ``previous`` is a finishing order of
        the four players, and then every payer whose tribute is not cancelled
        (GD-3.3) holds a card he may give (GD-3.1).
        """
        super().validate_setup(setup)
        unknown = sorted(set(setup) - self._SETUP_KEYS)
        if unknown:
            raise InvalidSetupError(f"unknown guandan setup key(s) {', '.join(unknown)}; known: "
                                    + ", ".join(sorted(self._SETUP_KEYS)))
        if "hands" not in setup:
            for key in ("level", "leader", "previous", "team_levels", "deal"):
                if key in setup:
                    raise InvalidSetupError(f"setup key {key!r} needs \"hands\": a seeded deal fixes it", "GD-2.2")
            return
        hands = setup["hands"]
        if not isinstance(hands, list) or len(hands) != 4:
            raise InvalidSetupError("Guandan needs four hands, one per player", "GD-2.1")
        total = [0] * 54
        counts = []
        for p, h in enumerate(hands):
            if not isinstance(h, (str, list)):
                raise InvalidSetupError(f"hand {p} must be card text or a list of card ids", "GD-2.1")
            try:
                ids = to_card_ids(h)
            except (InvalidCardError, TypeError, ValueError) as e:
                raise InvalidSetupError(f"hand {p}: {e}", "GD-2.1") from None
            if not 1 <= len(ids) <= 27:
                raise InvalidSetupError(f"hand {p} holds {len(ids)} cards: a hand holds 1-27 (27 dealt to each "
                                        "player, none empty while the deal goes on)", "GD-2.1")
            cnt = [0] * 54
            for c in ids:
                cnt[c] += 1
                total[c] += 1
                if total[c] > 2:
                    raise InvalidSetupError(f"{card_text(c)} is held {total[c]} times: two packs hold two of "
                                            "each card", "GD-2.1")
            counts.append(cnt)

        def level_of(value: Any, what: str) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 14:
                raise InvalidSetupError(f"{what} must be an int 2-14 (J=11, Q=12, K=13, A=14), "
                                        f"not {value!r:.40}", "GD-1.2")
            return value

        level = level_of(setup.get("level", 2), "level")
        if "team_levels" in setup:
            tl = setup["team_levels"]
            if not isinstance(tl, list) or len(tl) != 2:
                raise InvalidSetupError("team_levels must be two levels, one per team", "GD-1.2")
            team_levels = [level_of(x, "a team level") for x in tl]
        else:
            team_levels = [level, level]
        leader = setup.get("leader", 0)
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3:
            raise InvalidSetupError(f"leader must be a seat 0-3, not {leader!r:.40}", "GD-2.3")
        previous = setup.get("previous")
        deal = setup.get("deal", 1)
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= 1_000_000:
            raise InvalidSetupError(f"deal must be the 1-based number of the deal in the match, not {deal!r:.40}",
                                    "GD-2.3")
        if deal > 1 and previous is None:
            raise InvalidSetupError("a deal after the first follows the tribute rules: give the previous "
                                    "deal's finishing order", "GD-2.3")
        if previous is None:
            if level not in team_levels:
                raise InvalidSetupError(f"the deal is played at level {level}, which is neither team's level "
                                        f"{team_levels}", "GD-1.2")
            return
        if (not isinstance(previous, list) or any(isinstance(p, bool) or not isinstance(p, int) for p in previous)
                or sorted(previous) != [0, 1, 2, 3]):
            raise InvalidSetupError(f"previous must be a finishing order of players 0-3, not {previous!r:.60}",
                                    "GD-3.1")
        if team_levels[previous[0] % 2] != level:
            raise InvalidSetupError(f"after a deal won by team {previous[0] % 2} the next is played at its level "
                                    f"{team_levels[previous[0] % 2]}, not {level}", "GD-1.2")
        # the tribute is the core's to pay: a payer with no card he may give
        # (only wilds, which no dealt hand of 27 is) is refused here
        try:
            _core.Position.from_hands([bytes(c) for c in counts], level - 2, [x - 2 for x in team_levels], leader,
                                      previous, 0, False)
        except ValueError as e:
            raise InvalidSetupError(f"{e}: a payer holds 27 cards at the tribute", "GD-3.1") from None

    def sample_world(self, observation: Any, rng: Any = None) -> "_core.Position":
        """A compiled position the observing player cannot tell from the real
        one: his cards and the public history kept, every card he has not
        seen dealt again uniformly among the others under what he knows
        (hand sizes, cards played, tribute and returned cards staying with
        their holders, GD-3.1, and what a tribute or return proves a hand
        did not hold).  Built in the core; the observation's skeleton is
        kept between calls on the same observation."""
        cached = self._world_cache
        if cached is not None and cached[0] is observation:
            skeleton = cached[1]
        else:
            skeleton = self._skeleton(observation)
            self._world_cache = (observation, skeleton)
        return skeleton.sample_world(observation["player"], draw_seed(rng))

    _world_cache: tuple | None = None

    def searched_moves(self, observation: Any, moves: list) -> list:
        """The moves a search weighs (``MonteCarloAgent.candidates``): all but
        the bombs that would beat the partner's standing play and not go out.
        The rollouts' players keep their bombs for the end, so a weak bomb
        (often with the wild) looked better than a pass there: ``mc`` took the
        lead from its own side that way in 37 % of the positions it could
        (30 % at 3,000 rollouts), early in the deal."""
        data = getattr(observation, "data", observation)
        if data.get("last_player") != (data["player"] + 2) % 4:
            return moves
        held = len(data["hand"])
        kept = [m for m in moves if not (m.is_bomb and len(m.cards) != held)]
        return kept or moves

    def policy_move(self, observation: Any, legal_moves: Any = None, rng: Any = None) -> GuandanMove:
        """The compiled rollout policy's move for the observing player, who
        must be the one to move: it reads only his hand and the public state
        (lead what sheds most without breaking a bomb or spending a wild,
        beat with the smallest winner but pass rather than split a bomb
        before the end, let the partner's play stand, keep bombs for an
        opponent close to going out, return the lowest card)."""
        cached = self._world_cache
        if cached is not None and cached[0] is observation:
            skeleton = cached[1]
        else:
            skeleton = self._skeleton(observation)
            self._world_cache = (observation, skeleton)
        if skeleton.current != observation["player"]:
            raise InvalidSetupError(f"player {observation['player']} is not the one to move")
        move = _move_of(skeleton.policy_move(draw_seed(rng)), skeleton.level)
        if legal_moves is not None and move not in legal_moves:
            raise InvalidSetupError(f"the legal moves given do not belong to this observation "
                                    f"({move} is not among them)")
        return move

    def rollout(self, position: Any, rng: Any = None, horizon: str = "end") -> tuple:
        """Play ``position`` (a core ``Position`` or a state) to the end with
        the policy in every seat, in the core without the GIL; its returns.

        ``horizon="deal"`` plays only the current deal, the Monte Carlo
        search's horizon in a match: per seat, the levels its team gained
        in that deal (negative for the losers), plus 4 when the deal decides
        the match.  A single deal's returns are the same either way."""
        if isinstance(position, GuandanState):
            position = position._pos
        if not isinstance(position, _core.Position):
            raise ArgumentTypeError(f"rollout needs a guandan Position or state, not {type(position).__name__}")
        if horizon == "deal":
            return position.rollout_deal(draw_seed(rng))
        if horizon != "end":
            raise ValueError(f"horizon is 'end' or 'deal', not {horizon!r}")
        return position.rollout(draw_seed(rng))

    def _skeleton(self, observation: Any) -> "_core.Position":
        try:
            o = observation.data if hasattr(observation, "data") else observation
            if o.get("game") != self.name:
                raise InvalidSetupError(f"not a guandan observation: game {o.get('game')!r}")
            player = check_player(o["player"], 4)
            level = _level_index(o["level"])
            if o["is_over"]:
                raise InvalidSetupError("the game is over: there is no hidden card left to sample")
            last = None
            if o["last_play"] is not None:
                m = parse_move(o["last_play"], level + 2)
                last = (m.shape, m.main, m.cards)
            sizes = [int(x) for x in o["hand_sizes"]]
            played = [two_pack_counts(t) for t in o["played"]]
            team_levels = [_level_index(x) for x in o["team_levels"]]
            finished = [int(q) for q in o["finished"]]
            previous = None if o["previous_order"] is None else [int(q) for q in o["previous_order"]]
            tributes = [(int(p), int(r), parse_cards(c)[0]) for p, r, c in o["tribute"]]
            returned = [(int(r), int(p), parse_cards(c)[0]) for r, p, c in o["returned"]]
            cur, first_leader = int(o["current_player"]), int(o["first_leader"])
            last_player = -1 if o["last_player"] is None else int(o["last_player"])
            leader = -1 if o["leader"] is None else int(o["leader"])
            passes = int(o["passes"])
            own = two_pack_counts(o["hand"])
            # (the core refuses seats and counts out of range; a hand of no cards still to play it would
            # wait on for ever in a rollout)
            if sizes[player] != sum(own) or {q for q in range(4) if sizes[q] == 0} != set(finished):
                raise InvalidSetupError("not a guandan observation this engine wrote: the hand sizes do not match "
                                        "the hand and the players gone out")
            pos = _core.Position.from_public(
                player, own, sizes, played, level, team_levels,
                bool(self.options["match"]), int(o["deal"]) - 1, _PHASE_NAME.index(o["phase"]),
                cur, last, last_player, passes, finished, previous, bool(o["anti_tribute"]),
                tributes, returned, first_leader, leader, len(o["trick"]))
        except InvalidSetupError:
            raise
        except KeyError as e:
            raise InvalidSetupError(f"not a guandan observation this engine wrote: no key {e}") from None
        except (TypeError, ValueError, IndexError, AttributeError, OverflowError) as e:
            raise InvalidSetupError(f"not a guandan observation this engine wrote: {e}") from None
        return pos

    def deal_summary(self, state: State) -> dict:
        assert isinstance(state, GuandanState)
        out = state._pos.summary()
        out["returns"] = list(state.returns())
        return out

    def summarize(self, summaries: Sequence[dict]) -> dict:
        n = len(summaries)
        key = "matches" if self.options["match"] else "deals"
        out: dict[str, Any] = {key: n}
        if not n:
            return out
        out["team_win_rate"] = [sum(s["winner_team"] == t for s in summaries) / n for t in (0, 1)]
        total_deals = sum(s["deals"] for s in summaries)
        gains = [0, 0, 0]
        for s in summaries:
            if not self.options["match"]:
                gains[sum(s["levels_gained"]) - 1] += 1
        out["mean_levels_gained_per_deal"] = [sum(s["levels_gained"][t] for s in summaries) / total_deals
                                              for t in (0, 1)]
        if self.options["match"]:
            out["mean_match_length_deals"] = total_deals / n
            out["max_match_length_deals"] = max(s["deals"] for s in summaries)
        else:
            out["winner_up_1_2_3_rate"] = [g / n for g in gains]
        out["mean_moves_per_deal"] = sum(s["moves"] for s in summaries) / total_deals
        return out


GAME = GuandanGame
