"""Shengji / Tractor (升级, 80 points): RULES.md §4.

Four players in two partnerships (seats 0+2 against 1+3) on two packs.  A
match runs deal after deal until a team goes past Ace; ``load("shengji",
match=False)`` plays single deals.  Every rule question (declaration, burying,
lead shapes, the follow rules, trick winners) is answered by the compiled
core ``cardavia._core.shengji``; this module is the Game/State face.

Moves (DESIGN.md): ``declare 2h``, ``declare 2h 2h``, ``declare BJ BJ``,
``pass``, ``bury 5c`` (one card a move; others see ``bury ?``) and plays as
cards, ``Ah Ah Kh Kh``.

>>> import cardavia
>>> from cardavia.shengji import shape
>>> shape("4h 4h 6h 6h", level=5, trump="C").kind
'tractor'
"""
from __future__ import annotations

import operator
from typing import Any, NamedTuple, Sequence

from cardavia._core.rng import derive_seed
from cardavia._core.shengji import Deal, order_table, outcome, shape_of
from cardavia.cards import (
    RANK_CHARS,
    InvalidCardError,
    card_text,
    parse_cards,
    rank_index,
    to_card_ids,
    two_pack_counts,
)
from cardavia.game import (
    TERMINAL,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoves,
    Move,
    State,
    randbelow,
)

PASS, DECLARE, BURY, PLAY = 0, 1, 2, 3
DECLARE_PHASE, BURY_PHASE, PLAY_PHASE, OVER_PHASE = 0, 1, 2, 3
PHASE_NAMES = ("declare", "bury", "play", "over")
TRUMP_NAMES = ("C", "D", "H", "S", "NT")
SUIT_NAMES = ("C", "D", "H", "S", "trump")
ACE = 12

_ERRORS = {
    2: ("you do not hold {cards}", {DECLARE_PHASE: "SJ-2.4", BURY_PHASE: "SJ-2.7", PLAY_PHASE: "SJ-3.1"}),
    3: ("a declaration is one level card, a pair of identical level cards, or a pair of "
        "identical jokers", "SJ-2.4"),
    4: ("an overcall must be strictly stronger than the standing declaration "
        "(single < level pair < Black Joker pair < Red Joker pair)", "SJ-2.4"),
    5: ("a lead must be a single card, a pair of identical cards, or a tractor of "
        "consecutive pairs of one effective suit", "SJ-3.4"),
    6: ("play exactly {n} card(s), as many as the leader", "SJ-3.1"),
    7: ("follow the led effective suit while you hold enough of it", "SJ-3.5"),
    8: ("play as many pairs of the led suit as you hold (up to the number led)", "SJ-3.5"),
    9: ("you are short in the led suit: play all of it, then fill with anything", "SJ-3.5"),
}
_PHASE_ERRORS = {
    DECLARE_PHASE: ("the players are declaring trump: declare or pass", "SJ-2.3"),
    BURY_PHASE: ("the dealer is burying the kitty: bury one card", "SJ-2.7"),
    PLAY_PHASE: ("the cards are being played: play cards", "SJ-3.1"),
    OVER_PHASE: ("the deal is over", "SJ-4.3"),
}


_KINDS = frozenset((PASS, DECLARE, BURY, PLAY))
_IDS = frozenset(range(54))
_SIZES = {PASS: (0).__eq__, DECLARE: (1, 2).__contains__, BURY: (1).__eq__, PLAY: (0).__lt__}
_CARD_TEXT = tuple(card_text(c) for c in range(54))
_SORT_KEYS: dict[tuple[int, int], list] = {}


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join([_CARD_TEXT[c] for c in cards])


def _sort_keys(level: int, trump: int) -> list:
    """Sort keys of card ids in a contract's order: plain suits, then trumps, low to high."""
    keys = _SORT_KEYS.get((level, trump))
    if keys is None:
        keys = [(s, o, c) for c, (s, o) in enumerate(order_table(level, trump))]
        _SORT_KEYS[(level, trump)] = keys
    return keys


def parse_trump(trump: Any) -> int:
    """A contract as 0-3 (C, D, H, S) or 4 (NT)."""
    if isinstance(trump, str) and trump.strip().upper() in TRUMP_NAMES:
        return TRUMP_NAMES.index(trump.strip().upper())
    raise ValueError(f"bad trump {trump!r}: expected one of C, D, H, S, NT")


class Shape(NamedTuple):
    """The shape of a lead (SJ-3.4): ``kind`` single / pair / tractor."""

    kind: str
    pairs: int
    suit: str  # C D H S, or "trump"

    def __str__(self) -> str:
        if self.kind == "tractor":
            return f"tractor of {self.pairs} pairs ({self.suit})"
        return f"{self.kind} ({self.suit})"


def shape(cards: Any, level: Any, trump: str) -> Shape:
    """Name the shape of ``cards`` led with this level and trump (SJ-3.4).

    ``level`` is a rank (``"5"``, ``5``, ``"A"``), ``trump`` one of C D H S NT.
    Raises ``IllegalMoveError`` when the cards are no single, pair or tractor.
    """
    ids = to_card_ids(cards)
    lv, tr = rank_index(level, "level"), parse_trump(trump)
    res = shape_of(ids, lv, tr) if ids else None
    if res is None:
        raise IllegalMoveError(f"{_cards_text(ids) or 'no cards'} is not a single, a pair of identical "
                               "cards, or a tractor of consecutive pairs of one effective suit",
                               rule="SJ-3.4")
    k, s, _top = res
    kind = "single" if k == 0 else ("pair" if k == 1 else "tractor")
    return Shape(kind, k, SUIT_NAMES[s])


class ShengjiMove(Move):
    """``pass``, ``declare 2h 2h``, ``bury 5c`` or a play ``Ah Ah Kh Kh``."""

    __slots__ = ("kind", "cards", "_text")

    def __init__(self, kind: int, cards: Sequence[int] = ()):
        try:
            cards = tuple(operator.index(c) for c in cards)
        except TypeError:
            raise InvalidMoveError(f"bad Shengji move: cards must be card ids 0-53, not {cards!r}") from None
        if kind not in _KINDS or not _IDS.issuperset(cards) or not _SIZES[kind](len(cards)):
            raise InvalidMoveError(f"bad Shengji move: kind {kind!r} with cards {cards!r} (pass: none, "
                                   "declare: 1-2, bury: 1, play: 1 or more card ids 0-53)")
        if kind == PLAY or kind == DECLARE:
            cards = tuple(sorted(cards, reverse=True))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "_text", None)

    def __setattr__(self, name, value):
        raise AttributeError("moves are immutable")

    def __str__(self) -> str:
        text = self._text
        if text is None:
            if self.kind == PASS:
                text = "pass"
            elif self.kind == DECLARE:
                text = "declare " + _cards_text(self.cards)
            elif self.kind == BURY:
                text = "bury " + _cards_text(self.cards)
            else:
                text = _cards_text(self.cards)
            object.__setattr__(self, "_text", text)
        return text

    def public_text(self) -> str:
        return "bury ?" if self.kind == BURY else str(self)

    def __eq__(self, other):
        return isinstance(other, ShengjiMove) and other.kind == self.kind and other.cards == self.cards

    def __hash__(self):
        return hash((self.kind, self.cards))


_PASS_MOVE = ShengjiMove(PASS)


def _trusted(kind: int, cards: tuple) -> ShengjiMove:
    """A move from the core's unranking (already valid): skip the checks."""
    if kind == PASS:
        return _PASS_MOVE
    m = object.__new__(ShengjiMove)
    setattr_ = object.__setattr__
    setattr_(m, "kind", kind)
    setattr_(m, "cards", tuple(sorted(cards, reverse=True)) if kind != BURY else cards)
    setattr_(m, "_text", None)
    return m


def parse_move(text: str) -> ShengjiMove:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a Shengji move is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidMoveError("empty move: expected pass, declare CARDS, bury CARD or cards to play")
    head = words[0].lower()
    try:
        if head == "pass":
            if len(words) != 1:
                raise InvalidMoveError(f"bad move {text!r}: 'pass' takes nothing after it")
            return _PASS_MOVE
        if head == "declare":
            cards = parse_cards(" ".join(words[1:]))
            if not 1 <= len(cards) <= 2:
                raise InvalidMoveError(f"bad move {text!r}: declare one level card, a level pair or a joker pair")
            return ShengjiMove(DECLARE, cards)
        if head == "bury":
            cards = parse_cards(" ".join(words[1:]))
            if len(cards) != 1:
                raise InvalidMoveError(f"bad move {text!r}: bury one card a move, e.g. 'bury 5c'")
            return ShengjiMove(BURY, cards)
        cards = parse_cards(text)
    except InvalidCardError as e:
        raise InvalidMoveError(f"bad move {text!r}: {e}") from None
    return ShengjiMove(PLAY, cards)


class ShengjiLegalMoves(LegalMoves):
    """The legal moves, counted and unranked in the core: nothing is built.

    A void player filling a three-pair tractor may have over 100,000 plays;
    ``len()`` is a closed-form count, ``view[i]`` and ``sample(rng)`` unrank
    one play, and ``move in view`` checks the rules directly.
    """

    def __len__(self) -> int:
        s = self._state
        return 0 if s.is_over else s._deal.count()

    def __getitem__(self, index: int) -> Move:
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("legal move index out of range")
        return _trusted(*self._state._deal.unrank(index))

    def __iter__(self):
        deal = self._state._deal
        for i in range(len(self)):
            yield _trusted(*deal.unrank(i))

    def sample(self, rng: Any = None) -> Move:
        return _trusted(*self._state._deal.unrank(randbelow(rng, len(self))))


class ShengjiState(State):
    """A Shengji match (or one deal): declaration, burying, tricks, scoring."""

    legal_moves_class = ShengjiLegalMoves

    def __init__(self, game: "Shengji", setup: dict):
        super().__init__(game, setup)
        self._levels = [0, 0]
        self._deal_no = 0
        self._results: list[dict] = []
        self._winner: int | None = None
        self._over = False
        self._texts: list[tuple] = []  # (player, text, public text) of history, filled lazily
        self._last_trick: tuple = ()
        if "hands" in setup:
            self._match = False
            self._start_given(setup)
        else:
            self._match = bool(game.options["match"])
            self._seed = setup.get("seed")
            if not isinstance(self._seed, int) or isinstance(self._seed, bool):
                raise ValueError(f"shengji: the setup needs an int seed or given hands, not {setup!r}")
            self._start_deal(start=0, dealer=-1)

    # -- deals --------------------------------------------------------------
    def _start_given(self, setup: dict) -> None:
        hands = [parse_cards(h) for h in setup["hands"]]
        kitty = parse_cards(setup.get("kitty", ""))
        level = setup["level"]
        trump = setup.get("trump")
        dealer = setup.get("dealer")
        if trump is None:
            start = 0 if dealer is None else dealer
            self._deal = Deal.from_hands(hands, kitty, level, -1, -1 if dealer is None else dealer, start)
        else:
            self._deal = Deal.from_hands(hands, kitty, level, parse_trump(trump), dealer, dealer)
        self._levels = [level, level]
        self._deal_no = 1
        self._deal_start = 0

    def _start_deal(self, start: int, dealer: int) -> None:
        level = self._levels[dealer & 1] if dealer >= 0 else 0
        self._deal = Deal.shuffled(derive_seed(self._seed, self._deal_no), level, start, dealer)
        self._deal_no += 1
        self._deal_start = len(self._history)
        self._last_trick = ()
        who = f"dealer {dealer}" if dealer >= 0 else "the first declarer deals"
        self._record_chance(f"deal {self._deal_no}: level {RANK_CHARS[level]}, {who}, "
                            f"declaring from seat {start}")

    def _finish_deal(self) -> None:
        d = self._deal
        points = d.attacker_points
        attackers_win, levels = outcome(points)
        dealer = d.dealer
        team = (dealer & 1) ^ int(attackers_win)
        self._record_chance("kitty " + _cards_text(d.buried))
        result = {
            "deal": self._deal_no, "dealer": dealer, "level": RANK_CHARS[d.level],
            "trump": TRUMP_NAMES[d.trump], "attacker_points": points,
            "card_points": d.card_points, "defender_points": d.defender_points,
            "kitty_points": d.kitty_points,
            "kitty_multiplier": d.kitty_mult, "attackers_win": attackers_win,
            "team": team, "levels": levels,
        }
        self._results.append(result)
        verb = "take over" if attackers_win else "hold"
        side = "attackers" if attackers_win else "defenders"
        self._record_chance(f"result: attackers {points} points, {side} {verb}, team {team} up {levels}")
        self._levels[team] += levels
        if self._levels[team] > ACE:
            self._winner = team  # SJ-4.3: past Ace wins the match
        if not self._match or self._winner is not None:
            self._over = True
            return
        nxt = (dealer + 1) % 4 if attackers_win else (dealer + 2) % 4  # SJ-4.2
        self._start_deal(start=nxt, dealer=nxt)

    # -- the State hooks ------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self._over else self._deal.turn

    @property
    def is_over(self) -> bool:
        return self._over

    def _legal(self):
        return iter(ShengjiLegalMoves(self))

    def _check(self, move: Move) -> None:
        if not isinstance(move, ShengjiMove):
            raise IllegalMoveError(f"{move!r} is not a Shengji move")
        d = self._deal
        code = d.check(move.kind, move.cards)
        if code == 0:
            return
        phase = d.phase
        if code == 1:
            msg, rule = _PHASE_ERRORS[phase]
            raise IllegalMoveError(f"{move} cannot be played now: {msg}", rule=rule)
        msg, rule = _ERRORS[code]
        if isinstance(rule, dict):
            rule = rule[phase]
        lead = d.lead
        raise IllegalMoveError(f"{move} is illegal: " + msg.format(cards=_cards_text(move.cards),
                                                                 n=lead[0] if lead else 0), rule=rule)

    def _apply(self, move: Move) -> None:
        d = self._deal
        if move.kind == PLAY and d.nplayed == 3:
            self._last_trick = tuple(d.trick()) + ((d.turn, move.cards),)
        d.apply(move.kind, move.cards)
        if move.kind == PASS and d.phase == BURY_PHASE and d.kitty_revealed:
            self._record_chance(f"all passed: kitty revealed {_cards_text(d.kitty)}, "
                                f"trump {TRUMP_NAMES[d.trump]}")
        elif d.phase == OVER_PHASE:
            self._finish_deal()

    def returns(self) -> list:
        if not self._over:
            return [0, 0, 0, 0]
        if self._match:
            w = self._winner
            return [1 if (p & 1) == w else -1 for p in range(4)]
        r = self._results[-1]
        return [r["levels"] if (p & 1) == r["team"] else -r["levels"] for p in range(4)]

    def _sorted(self, cards: Sequence[int]) -> list[str]:
        d = self._deal
        if d.trump < 0:
            return [_CARD_TEXT[c] for c in sorted(cards)]
        key = _sort_keys(d.level, d.trump)
        return [_CARD_TEXT[c] for c in sorted(cards, key=key.__getitem__)]

    def _observe(self, player: int) -> dict:
        d = self._deal
        decl = d.declaration
        phase = PHASE_NAMES[d.phase]
        show_kitty = d.kitty_revealed or (self._over and d.phase == OVER_PHASE)
        out = {
            "deal": self._deal_no,
            "phase": phase,
            "level": RANK_CHARS[d.level],
            "trump": TRUMP_NAMES[d.trump] if d.trump >= 0 else None,
            "dealer": d.dealer if d.dealer >= 0 else None,
            "team_levels": [RANK_CHARS[min(lv, ACE)] for lv in self._levels],
            "hand": self._sorted(d.hand(player)),
            "hand_sizes": [d.hand_size(p) for p in range(4)],
            "declaration": None if decl is None else {
                "player": decl[0], "cards": _cards_text(self._decl_cards(decl))},
            "trick": [[seat, _cards_text(cards)] for seat, cards in d.trick()],
            "leader": d.leader if d.phase == PLAY_PHASE else None,
            "last_trick": [[seat, _cards_text(cards)] for seat, cards in self._last_trick],
            "last_winner": d.last_winner if self._last_trick else None,
            "attacker_points": d.attacker_points,
            "kitty": _cards_text(d.kitty if d.kitty_revealed and not self._over else d.buried)
            if show_kitty else None,
            "results": [dict(r) for r in self._results],
        }
        if player == d.dealer and d.phase >= BURY_PHASE:
            out["buried"] = self._sorted(d.buried)
        return out

    def public_history(self, player: int) -> list:
        """The current deal's moves (hidden ones in public form); earlier deals
        are summed up in the observation's ``results`` and kept in ``history``.
        This keeps an observation's size bounded over a long match."""
        texts = self._texts
        hist = self._history
        for p, m in hist[len(texts):]:
            texts.append((p, str(m), m.public_text()))
        return [[p, full if p == player else pub] for p, full, pub in texts[self._deal_start:]]

    def _decl_cards(self, decl) -> list[int]:
        player, strength, suit = decl
        lv = self._deal.level
        if strength == 1:
            return [4 * lv + suit]
        if strength == 2:
            return [4 * lv + suit] * 2
        return [52, 52] if strength == 3 else [53, 53]

    def _copy(self) -> "ShengjiState":
        s = self._shallow_copy()
        s._texts = list(self._texts)
        s._levels = list(self._levels)
        s._results = list(self._results)
        s._deal = self._deal.copy()
        return s

    # -- extras for analysis ----------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The core deal (read it; play through ``play``)."""
        return self._deal

    @property
    def team_levels(self) -> list[int]:
        """The teams' levels as ranks 0-12 (2..A); above 12 means past Ace."""
        return list(self._levels)

    @property
    def results(self) -> list[dict]:
        return [dict(r) for r in self._results]


class Shengji(Game):
    """Shengji / Tractor, 80 points (RULES.md §4)."""

    name = "shengji"
    title = "Shengji (Tractor)"
    num_players = 4
    state_class = ShengjiState
    default_options: dict = {}
    plays_matches = True

    def _validate_options(self) -> None:
        if not isinstance(self._options["match"], bool):
            raise ValueError(f"shengji: option match must be True or False, not {self._options['match']!r}")

    def parse_move(self, text: str, state: State | None = None) -> Move:
        return parse_move(text)

    def from_hands(self, hands: Sequence[Any], kitty: Any = "", level: Any = 2,
                   trump: str | None = None, dealer: int | None = 0) -> ShengjiState:
        """A single deal from given hands (analysis and tests).

        With ``trump`` given (C D H S NT) the deal starts at the dealer's lead and
        ``kitty`` is what he buried (up to 8 cards); without it the players start
        declaring (from the dealer, or from seat 0 with the first declarer
        becoming dealer when ``dealer`` is None) and ``kitty`` must hold 8 cards.
        """
        if len(hands) != 4:
            raise ValueError("give four hands")
        ids = [to_card_ids(h) for h in hands]
        sizes = {len(h) for h in ids}
        if len(sizes) != 1 or not 1 <= sizes.pop() <= 25:
            raise ValueError("the four hands must hold the same number of cards, 1 to 25")
        kitty_ids = to_card_ids(kitty)
        two_pack_counts([c for h in ids for c in h] + kitty_ids)
        lv = rank_index(level, "level")
        if trump is None:
            if len(kitty_ids) != 8:
                raise ValueError("declaring needs the 8-card kitty")
            if all(c >= 52 for c in kitty_ids):
                raise ValueError("the kitty needs a non-joker card")
        else:
            parse_trump(trump)
            if len(kitty_ids) > 8:
                raise ValueError("the kitty holds at most 8 cards")
        if dealer is not None and dealer not in range(4):
            raise ValueError("dealer must be a seat 0-3")
        if trump is not None and dealer is None:
            raise ValueError("give the dealer when trump is fixed")
        setup = {"hands": [_cards_text(h) for h in ids], "kitty": _cards_text(kitty_ids),
                 "level": lv, "trump": None if trump is None else trump.strip().upper(),
                 "dealer": dealer}
        return self._initial_state(setup)

    # -- simulation ------------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        return {"returns": list(state.returns()), "moves": len(state.history),
                "deals": state.results, "winner": state._winner}

    def summarize(self, summaries: Sequence[dict]) -> dict:
        out = super().summarize(summaries)
        deals = [r for s in summaries for r in s["deals"]]
        n = len(deals)
        if self.options["match"]:
            out = {"matches": len(summaries)}
            if summaries:
                out["team_win_rate"] = [sum(s["winner"] == t for s in summaries) / len(summaries)
                                        for t in (0, 1)]
                out["mean_match_length_deals"] = n / len(summaries)
            out["deals"] = n
        if n:
            out["mean_attacker_points"] = sum(r["attacker_points"] for r in deals) / n
            out["defender_hold_rate"] = sum(not r["attackers_win"] for r in deals) / n
            out["mean_levels"] = sum(r["levels"] for r in deals) / n
            out["kitty_bonus_rate"] = sum(r["kitty_multiplier"] > 0 for r in deals) / n
        return out


GAME = Shengji
