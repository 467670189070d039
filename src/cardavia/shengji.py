"""Shengji / Tractor (升级, 80 points): RULES.md §4.

Four players in two partnerships (seats 0+2 against 1+3) on two packs.  A
match runs deal after deal until a team goes past Ace; ``load("shengji",
match=False)`` plays single deals.  Every rule question (declaration, burying,
lead shapes, the follow rules, trick winners) is answered by the compiled
core ``cardavia._core.shengji``; this module is the Game/State face.

Moves (DESIGN.md): ``declare 2h``, ``declare 2h 2h``, ``declare BJ BJ``,
``pass``, ``bury 5c`` (one card a move; others see ``bury ?``) and plays as
cards, ``Ah Ah Kh Kh``.  ``move.kind`` is ``"pass"``, ``"declare"``,
``"bury"`` or ``"play"``.  Levels are ints 2-14 (J=11, Q=12, K=13, A=14).

Observation keys beyond the shared ones (``hand``, ``hand_sizes``,
``phase``, ``level``, ``team_levels``, ``dealer``, ``deal``, ``trick``,
``played``): ``trump`` (C D H S NT, or None while declaring),
``declaration`` (``{"player", "cards"}`` of the standing declaration, or
None), ``leader`` (seat leading the current trick), ``last_trick`` and
``last_winner`` (the trick just completed), ``attacker_points``, ``kitty``
(the revealed kitty after four passes, or the buried cards once the deal is
scored; None while hidden), ``buried`` (the dealer's own buried cards, in
his observation only), ``kitty_size`` (cards in the kitty: 8, fewer in an
endgame set up with trump fixed) and ``results`` (one dict per finished deal).

Hidden cards: ``game.sample_world(observation, rng)`` draws a compiled
position (a core ``Deal``) the observer cannot tell from the real one, and
``state.resample(player, rng)`` the same as a ``State``; see
``world_sampler`` for the model.

>>> import cardavia
>>> from cardavia.shengji import shape
>>> shape("4h 4h 6h 6h", level=5, trump="C").kind
'tractor'
"""
from __future__ import annotations

import operator
from collections import Counter
from typing import Any, ClassVar, NamedTuple, Sequence

from cardavia._core import shengji as _core
from cardavia._core.rng import derive_seed
from cardavia._core.shengji import Deal, order_table, past_ace, shape_of
from cardavia.cards import InvalidCardError, card_text, parse_cards, to_card_ids
from cardavia.i18n import N_
from cardavia.game import (
    CHANCE,
    TERMINAL,
    ArgumentTypeError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSetupError,
    LegalMoves,
    Move,
    Observation,
    State,
    check_int,
    draw_seed,
    immutable,
    randbelow,
)

KIND_NAMES = _core.KIND_NAMES
PASS, DECLARE, BURY, PLAY = KIND_NAMES  # move kinds as text
_CODE = {name: code for code, name in enumerate(KIND_NAMES)}
assert (_CODE[PASS], _CODE[DECLARE], _CODE[BURY], _CODE[PLAY]) == (_core.PASS, _core.DECLARE, _core.BURY,
                                                                   _core.PLAY)
DECLARE_PHASE, BURY_PHASE, PLAY_PHASE, OVER_PHASE = (_core.DECLARE_PHASE, _core.BURY_PHASE,
                                                     _core.PLAY_PHASE, _core.OVER_PHASE)
PHASE_NAMES = _core.PHASE_NAMES
TRUMP_NAMES = ("C", "D", "H", "S", "NT")
SUIT_NAMES = ("C", "D", "H", "S", "trump")
ACE = 14

# Full message templates (N_ msgids): {move} the move, {cards} its cards, {n} the lead's size.
_ERRORS: dict[int, tuple[str, Any]] = {
    _core.E_NOTHELD: (N_("{move} is illegal: you do not hold {cards}"),   # (in the play: not dealt, SJ-2.1)
                      {DECLARE_PHASE: "SJ-2.4", BURY_PHASE: "SJ-2.7", PLAY_PHASE: "SJ-2.1"}),
    _core.E_DECLSHAPE: (N_("{move} is illegal: a declaration is one level card, a pair of identical level "
                           "cards, or a pair of identical jokers"), "SJ-2.4"),
    _core.E_WEAK: (N_("{move} is illegal: an overcall must be strictly stronger than the standing declaration "
                      "(single < level pair < Black Joker pair < Red Joker pair)"), "SJ-2.4"),
    _core.E_SHAPE: (N_("{move} is illegal: a lead must be a single card, a pair of identical cards, or a "
                       "tractor of consecutive pairs of one effective suit"), "SJ-3.4"),
    _core.E_COUNT: (N_("{move} is illegal: play exactly {n} card(s), as many as the leader"), "SJ-3.1"),
    _core.E_SUIT: (N_("{move} is illegal: follow the led effective suit while you hold enough of it"), "SJ-3.5"),
    _core.E_PAIRS: (N_("{move} is illegal: play as many pairs of the led suit as you hold (up to the number "
                       "led)"), "SJ-3.5"),
    _core.E_SHORT: (N_("{move} is illegal: you are short in the led suit: play all of it, then fill with "
                       "anything"), "SJ-3.5"),
}
_PHASE_ERRORS = {
    DECLARE_PHASE: (N_("{move} cannot be played now: the players are declaring trump: declare or pass"), "SJ-2.3"),
    BURY_PHASE: (N_("{move} cannot be played now: the dealer is burying the kitty: bury one card"), "SJ-2.7"),
    PLAY_PHASE: (N_("{move} cannot be played now: the cards are being played: play cards"), "SJ-3.1"),
    OVER_PHASE: (N_("{move} cannot be played now: the deal is over"), "SJ-4.3"),
}

_IDS = frozenset(range(54))
_SIZES = {PASS: (0).__eq__, DECLARE: (1, 2).__contains__, BURY: (1).__eq__, PLAY: (0).__lt__}
_CARD_TEXT = tuple(card_text(c) for c in range(54))
_SORT_KEYS: dict[tuple[int, int], list] = {}
_SETUP_KEYS = frozenset(("hands", "kitty", "level", "trump", "dealer", "deal", "team_levels", "results"))


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join([_CARD_TEXT[c] for c in cards])


def _sort_keys(level: int, trump: int) -> list:
    """Sort keys of card ids in a contract's order: plain suits, then trumps, low to high."""
    keys = _SORT_KEYS.get((level, trump))
    if keys is None:
        keys = [(s, o, c) for c, (s, o) in enumerate(order_table(level, trump))]
        _SORT_KEYS[(level, trump)] = keys
    return keys


def _game_order(cards: Sequence[int], level: int, trump: int | None) -> list[int]:
    """Card ids as a player holds them: by id while declaring, then plain
    suits and trumps, each low to high."""
    if trump is None:
        return sorted(cards)
    return sorted(cards, key=_sort_keys(level, trump).__getitem__)


def parse_trump(trump: Any) -> int:
    """A contract as 0-3 (C, D, H, S) or 4 (NT)."""
    if isinstance(trump, str) and trump.strip().upper() in TRUMP_NAMES:
        return TRUMP_NAMES.index(trump.strip().upper())
    raise ValueError(f"bad trump {trump!r}: expected one of C, D, H, S, NT")


def _ids(cards: Any, what: str) -> list[int]:
    """Card ids from text or an iterable of ids/text, or the project's error."""
    if isinstance(cards, (bytes, bytearray)) or not (isinstance(cards, str) or hasattr(cards, "__iter__")):
        raise ArgumentTypeError(f"{what} must be card text or an iterable of card ids, "
                                f"not {type(cards).__name__}")
    try:
        return to_card_ids(cards)
    except TypeError as e:
        raise ArgumentTypeError(f"bad {what}: {e}") from None


class Shape(NamedTuple):
    """The shape of a lead (SJ-3.4): ``kind`` single / pair / tractor."""

    kind: str
    pairs: int
    suit: str  # C D H S, or "trump"

    def __str__(self) -> str:
        if self.kind == "tractor":
            return f"tractor of {self.pairs} pairs ({self.suit})"
        return f"{self.kind} ({self.suit})"


def shape(cards: Any, level: int, trump: str) -> Shape:
    """Name the shape of ``cards`` led with this level (2-14) and trump (SJ-3.4).

    ``trump`` is one of C D H S NT.  Raises ``IllegalMoveError`` when the
    cards are no single, pair or tractor.
    """
    ids = _ids(cards, "cards")
    check_int(level, "level", 2, 14)
    tr = parse_trump(trump)
    res = shape_of(ids, level, tr) if ids else None
    if res is None:
        raise IllegalMoveError(f"{_cards_text(ids) or 'no cards'} is not a single, a pair of identical "
                               "cards, or a tractor of consecutive pairs of one effective suit",
                               rule="SJ-3.4")
    k, s, _top = res
    kind = "single" if k == 0 else ("pair" if k == 1 else "tractor")
    return Shape(kind, k, SUIT_NAMES[s])


@immutable
class ShengjiMove(Move):
    """``pass``, ``declare 2h 2h``, ``bury 5c`` or a play ``Ah Ah Kh Kh``;
    ``kind`` is one of ``"pass"``, ``"declare"``, ``"bury"``, ``"play"``."""

    __slots__ = ("kind", "cards", "_code", "_text")
    kind: str
    cards: tuple
    _code: int
    _text: str | None

    def __init__(self, kind: str, cards: Sequence[int] = ()):
        try:
            cards = tuple(operator.index(c) for c in cards)
        except TypeError:
            raise InvalidMoveError(f"bad Shengji move: cards must be card ids 0-53, not {cards!r}") from None
        if not isinstance(kind, str) or kind not in _CODE or not _IDS.issuperset(cards) \
                or not _SIZES[kind](len(cards)):
            raise InvalidMoveError(f"bad Shengji move: kind {kind!r} with cards {cards!r} (pass: none, "
                                   "declare: 1-2, bury: 1, play: 1 or more card ids 0-53)")
        if kind == PLAY or kind == DECLARE:
            cards = tuple(sorted(cards, reverse=True))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "_code", _CODE[kind])
        object.__setattr__(self, "_text", None)


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


def _trusted(code: int, cards: tuple) -> ShengjiMove:
    """A move from the core's unranking (already valid): skip the checks."""
    if code == _core.PASS:
        return _PASS_MOVE
    m = object.__new__(ShengjiMove)
    setattr_ = object.__setattr__
    setattr_(m, "kind", KIND_NAMES[code])
    setattr_(m, "cards", tuple(sorted(cards, reverse=True)) if code != _core.BURY else cards)
    setattr_(m, "_code", code)
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

    _state: "ShengjiState"

    def __len__(self) -> int:
        self._fresh()
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
        self._fresh()
        deal = self._state._deal
        for i in range(len(self)):
            yield _trusted(*deal.unrank(i))

    def sample(self, rng: Any = None) -> Move:
        return _trusted(*self._state._deal.unrank(randbelow(rng, len(self))))


# -- hidden cards (issue 12 part 2) ----------------------------------------------

_REVEALED = "all passed: kitty revealed "



_PLAY_TEXT: dict[str, tuple] = {}


def _history_move(text: str) -> tuple:
    move = _PLAY_TEXT.get(text)
    if move is not None:
        return move
    if len(text) <= 2:  # a single card (most plays): kept, the texts are few
        move = _PLAY_TEXT[text] = (_core.PLAY, parse_cards(text))
        return move
    if text == "pass":
        return _core.PASS, ()
    if text == "bury ?":
        return _core.BURY, None
    if text.startswith("declare "):
        return _core.DECLARE, parse_cards(text[8:])
    if text.startswith("bury "):
        return _core.BURY, parse_cards(text[5:])
    return _core.PLAY, parse_cards(text)


class _WorldModel:
    """What one observation fixes about the deal, and the core ``Sampler`` of it."""

    def __init__(self, obs: Any):
        data = obs.data if isinstance(obs, Observation) else obs
        if not isinstance(data, dict) or data.get("game") != "shengji":
            raise ArgumentTypeError("sample_world needs a Shengji observation")
        try:
            self._read(data)
        except (KeyError, TypeError, IndexError, AttributeError, InvalidCardError) as e:
            raise ValueError(f"shengji: not an observation this game wrote ({type(e).__name__}: {e})") from None

    def _read(self, data: dict) -> None:
        p = data["player"]
        phase, level, dealer = data["phase"], data["level"], data["dealer"]
        trump = None if data["trump"] is None else parse_trump(data["trump"])
        moves, movers, revealed = [], [], None
        for mover, text in data["history"]:
            if mover == CHANCE:
                if text.startswith(_REVEALED):
                    revealed = parse_cards(text[len(_REVEALED):text.index(", trump")])
                continue
            moves.append(_history_move(text))
            movers.append(mover)
        codes = {k for k, _ in moves}
        mode = 0 if phase == "declare" or codes & {_core.PASS, _core.DECLARE, _core.BURY} else 1
        start = movers[0] if movers else data["current_player"]
        if start is None:
            start = dealer if dealer is not None else 0
        pickup = mode == 0 and phase != "declare"
        own = parse_cards(" ".join(data["hand"]))
        played = [parse_cards(" ".join(x)) for x in data["played"]]
        sizes = data["hand_sizes"]
        bknown = None
        if mode == 1 or pickup:
            if p == dealer:
                bknown = parse_cards(" ".join(data.get("buried", [])))
            elif phase == "over":
                bknown = parse_cards(data["kitty"] or "")
        if mode == 0:
            nbury = 8 if not pickup else sum(k == _core.BURY for k, _ in moves)
        else:
            nbury = data["kitty_size"]
        known = [[0] * 54 for _ in range(4)]
        unseen = [2] * 54
        for c in own:
            known[p][c] += 1
            unseen[c] -= 1
        for q in range(4):
            for c in played[q]:
                known[q][c] += 1
                unseen[c] -= 1
        for c in bknown or ():
            unseen[c] -= 1
        if min(unseen) < 0:
            raise ValueError("shengji: the observation shows a card more than twice")
        holdings = [(q, sizes[q]) for q in range(4) if q != p and sizes[q] > 0]
        hold = {q: h for h, (q, _) in enumerate(holdings)}
        bhold = None
        if bknown is None and nbury > 0:
            bhold = len(holdings)
            holdings.append((-1, nbury))
        if mode == 1:
            out = sum(unseen) - sum(n for _, n in holdings)
            if out > 0:
                holdings.append((-2, out))
        caps = [[2] * 54 for _ in holdings]
        # SJ-3.5 read backwards: voids shown, and no pair left of a suit
        plays = [(q, cards) for (k, cards), q in zip(moves, movers) if k == _core.PLAY]
        if plays and trump is not None:
            eff = [e for e, _ in order_table(level, trump)]
            suits: list[list[int]] = [[], [], [], [], []]
            for c in range(54):
                suits[eff[c]].append(c)
            for t in range(0, len(plays), 4):
                trick = plays[t:t + 4]
                lead = trick[0][1]
                n, S = len(lead), eff[lead[0]]
                k = n // 2 if n > 1 else 0
                suit = suits[S]
                for q, cards in trick[1:]:
                    if q not in hold:
                        continue
                    row = caps[hold[q]]
                    if sum(eff[c] == S for c in cards) < n:
                        for c in suit:
                            row[c] = 0
                        continue
                    cnt = Counter(cards)
                    if k and sum(v == 2 for v in cnt.values()) < k:
                        later = Counter(c for q2, cs in plays[t + 4:] if q2 == q for c in cs)
                        for c in suit:
                            limit = (2 if cnt[c] == 2 else 1) - cnt[c] - later[c]
                            row[c] = min(row[c], max(limit, 0))
        # SJ-2.4: a declarer held what he declared; SJ-2.6 the revealed kitty
        need: dict[tuple, int] = {}
        for (k, cards), q in zip(moves, movers):
            if k == _core.DECLARE:
                for c, v in Counter(cards).items():
                    need[(q, c)] = max(need.get((q, c), 0), v)
        reserve = [0] * 54
        lbs = []

        def bound(q: int, c: int, v: int) -> None:
            held = played[q].count(c)
            mask = (1 << hold[q]) if q in hold else 0
            if pickup and q == dealer:
                if bhold is not None:
                    mask |= 1 << bhold
                else:
                    held += (bknown or []).count(c)
            if v - held > 0:
                if not mask:
                    raise ValueError("shengji: the observation contradicts a declaration")
                lbs.append((c, mask, v - held))
        for (q, c), v in need.items():
            if pickup and q == dealer:
                reserve[c] = max(reserve[c], v)
            if q != p:
                bound(q, c, v)
        if revealed is not None and p != dealer:
            for c, v in Counter(revealed).items():
                bound(dealer, c, v)
        # who deals in the replay: the setup's dealer, or None (first declarer)
        hist = data["history"]
        opening = hist[0][1] if hist and hist[0][0] == CHANCE and hist[0][1].startswith("deal ") else None
        if mode == 1:
            dealer_arg = dealer
        elif opening is not None:  # a seeded deal says who deals
            dealer_arg = None if "first declarer" in opening else dealer
        elif dealer is None:
            dealer_arg = None
        elif start != 0:
            dealer_arg = start
        else:
            first = next((q for (k, _), q in zip(moves, movers) if k == _core.DECLARE), None)
            dealer_arg = dealer if first is None or dealer != first else None
        self.mode, self.level, self.trump, self.dealer = mode, level, trump, dealer
        self.dealer_arg, self.start, self.player = dealer_arg, start, p
        self.history = data["history"]
        self.context = None
        if opening is not None:
            self.context = {"deal": data["deal"], "team_levels": list(data["team_levels"]),
                            "results": [dict(r) for r in data["results"]]}
        self.sampler = _core.Sampler(mode, level, trump if mode == 1 else None, start, dealer_arg, dealer, p,
                                     int(pickup), holdings, unseen, caps, lbs, known, reserve, revealed,
                                     bknown or [], moves)

    def setup(self, hands: list, kitty: list) -> dict:
        """The setup of a world from its dealt hands and kitty (deal order / buried)."""
        setup = {"hands": [_cards_text(h) for h in hands], "kitty": _cards_text(kitty), "level": self.level,
                 "trump": None if self.mode == 0 or self.trump is None else TRUMP_NAMES[self.trump],
                 "dealer": self.dealer_arg}
        if self.context:
            setup.update(self.context)
        return setup


def world_sampler(observation: Any) -> Any:
    """The core sampler of the worlds one observation allows (reuse it for many draws).

    ``sampler.sample(seed)`` returns a compiled ``Deal``.  The model: the
    cards the observer has not seen are dealt uniformly (over the ways of
    dealing the distinct copies) to the holdings he cannot see — the other
    hands, the kitty or buried cards while hidden from him (the dealer sees
    what he buried), and in an endgame set up with fewer cards the cards out
    of play — under the hard constraints of the public history: hand sizes
    and cards played; a declarer held the cards he declared (SJ-2.4; the
    dealer's in his dealt hand, not the kitty he took); the revealed kitty
    went to the dealer (SJ-2.6); a follower short of the led suit is void in
    it, and one who answered a pair or tractor with fewer pairs than led
    holds no pair of the suit (SJ-3.5).  The world replays the history in
    the core and is drawn again if it does not.
    """
    return _WorldModel(observation).sampler


def _deal_text(deal_no: int, level: int, dealer: int | None, start: int) -> str:
    who = f"dealer {dealer}" if dealer is not None else "the first declarer deals"
    return f"deal {deal_no}: level {level}, {who}, declaring from seat {start}"


class ShengjiState(State):
    """A Shengji match (or one deal): declaration, burying, tricks, scoring."""

    legal_moves_class = ShengjiLegalMoves

    def __init__(self, game: "ShengjiGame", setup: dict):
        super().__init__(game, setup)
        self._levels = [2, 2]
        self._deal_no = 0
        self._results: list[dict] = []
        self._winner: int | None = None
        self._over = False
        self._texts: list[tuple] = []  # (player, text, public text) of history, filled lazily
        self._last_trick: tuple = ()
        self._played: list[list[int]] = [[], [], [], []]
        if "hands" in setup:
            self._match = False
            self._start_given(setup)
        else:
            self._match = bool(game.options["match"])
            self._seed = setup["seed"]
            self._start_deal(start=0, dealer=None)

    # -- deals --------------------------------------------------------------
    def _start_given(self, setup: dict) -> None:
        hands = [parse_cards(h) for h in setup["hands"]]
        kitty = parse_cards(setup.get("kitty", ""))
        level = setup.get("level", 2)
        trump = setup.get("trump")
        dealer = setup.get("dealer")
        start = 0 if dealer is None else dealer
        self._deal = Deal.from_hands(hands, kitty, level, None if trump is None else parse_trump(trump),
                                     dealer, start)
        self._levels = list(setup.get("team_levels", (level, level)))
        self._results = [dict(r) for r in setup.get("results", ())]
        self._deal_start = 0
        if "deal" in setup:  # a deal of a match in progress (a resampled world)
            self._deal_no = setup["deal"]
            self._record_chance(_deal_text(self._deal_no, level, dealer, start))
        else:
            self._deal_no = 1

    def _start_deal(self, start: int, dealer: int | None) -> None:
        level = self._levels[dealer & 1] if dealer is not None else 2
        self._deal = Deal.shuffled(derive_seed(self._seed, self._deal_no), level, start, dealer)
        self._deal_no += 1
        self._deal_start = len(self._history)
        self._last_trick = ()
        self._played = [[], [], [], []]
        self._record_chance(_deal_text(self._deal_no, level, dealer, start))

    def _finish_deal(self) -> None:
        d = self._deal
        points = d.attacker_points
        attackers_win, team, levels, nxt = d.result()
        dealer = d.dealer
        self._record_chance("kitty " + _cards_text(d.buried))
        result = {
            "deal": self._deal_no, "dealer": dealer, "level": d.level,
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
        if past_ace(self._levels[team]):
            self._winner = team  # SJ-4.3: past Ace wins the match
        if not self._match or self._winner is not None:
            self._over = True
            return
        self._start_deal(start=nxt, dealer=nxt)  # SJ-4.2: who deals next

    # -- the State hooks ------------------------------------------------------
    @property
    def current_player(self) -> int | None:
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
        code = d.check(move._code, move.cards)
        if code == _core.OK:
            return
        phase = d.phase
        if code == _core.E_PHASE:
            template, when = _PHASE_ERRORS[phase]
            params = {"move": str(move)}
            raise IllegalMoveError(template.format(**params), rule=when, msgid=template, params=params)
        template, rules = _ERRORS[code]
        rule = rules[phase] if isinstance(rules, dict) else rules
        lead = d.lead
        params = {"move": str(move), "cards": _cards_text(move.cards), "n": str(lead[0] if lead else 0)}
        raise IllegalMoveError(template.format(**params), rule=rule, msgid=template, params=params)

    def _apply(self, move: Move) -> None:
        assert isinstance(move, ShengjiMove)  # _check saw to it
        d = self._deal
        code = move._code
        if code == _core.PLAY:
            if d.nplayed == 3:
                self._last_trick = tuple(d.trick()) + ((d.turn, move.cards),)
            self._played[d.turn] = self._played[d.turn] + list(move.cards)
        d.apply(code, move.cards)
        if code == _core.PASS and d.phase == BURY_PHASE and d.kitty_revealed:
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

    def _score_breakdown(self) -> dict:
        r = self._results[-1]
        out = {"attacker_points": r["attacker_points"], "card_points": r["card_points"],
               "defender_points": r["defender_points"], "kitty_points": r["kitty_points"],
               "kitty_multiplier": r["kitty_multiplier"], "attackers_win": r["attackers_win"],
               "levels_gained": r["levels"], "winning_team": r["team"], "dealer": r["dealer"],
               "level": r["level"], "trump": r["trump"]}
        if self._match:
            out["deals"] = len(self._results)
            out["team_levels"] = self.team_levels
            out["match_winner"] = self._winner
        return out

    def _sorted(self, cards: Sequence[int]) -> list[str]:
        d = self._deal
        return [_CARD_TEXT[c] for c in _game_order(cards, d.level, d.trump)]

    def hand(self, player: int) -> tuple:
        """The player's cards as ids, in the game's order (see ``_game_order``)."""
        d = self._deal
        return tuple(_game_order(d.hand(check_int(player, "player", 0, 3)), d.level, d.trump))

    def _observe(self, player: int) -> dict:
        d = self._deal
        decl = d.declaration
        phase = PHASE_NAMES[d.phase]
        show_kitty = d.kitty_revealed or (self._over and d.phase == OVER_PHASE)
        out = {
            "deal": self._deal_no,
            "phase": phase,
            "level": d.level,
            "trump": TRUMP_NAMES[d.trump] if d.trump is not None else None,
            "dealer": d.dealer,
            "team_levels": self.team_levels,
            "hand": self._sorted(d.hand(player)),
            "hand_sizes": [d.hand_size(p) for p in range(4)],
            "declaration": None if decl is None else {
                "player": decl[0], "cards": _cards_text(d.declaration_cards)},
            "trick": [[seat, _cards_text(cards)] for seat, cards in d.trick()],
            "played": [[_CARD_TEXT[c] for c in cards] for cards in self._played],
            "leader": d.leader,
            "last_trick": [[seat, _cards_text(cards)] for seat, cards in self._last_trick],
            "last_winner": d.last_winner if self._last_trick else None,
            "attacker_points": d.attacker_points,
            "kitty_size": 8 if d.phase < PLAY_PHASE else len(d.buried),
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

    def _copy(self) -> "ShengjiState":
        s = self._shallow_copy()
        assert isinstance(s, ShengjiState)
        s._texts = list(self._texts)
        s._levels = list(self._levels)
        s._results = list(self._results)
        s._played = list(self._played)
        s._deal = self._deal.copy()
        return s

    def resample(self, player: int, rng: Any = None) -> "ShengjiState":
        """A state ``player`` cannot tell from this one: his cards and the public
        history kept, every card he has not seen dealt again (``world_sampler``).

        Its setup is its own dealt hands (a single deal; a match's deal
        number, team levels and results ride along), and its history the
        same moves, so it replays through ``play`` and round-trips through JSON.
        """
        check_int(player, "player", 0, 3)
        self._refuse_resample_if_over()
        model = _WorldModel(self.observation(player))
        _deal, hands, kitty, buried = model.sampler.sample_setup(draw_seed(rng))
        state = self.game._initial_state(model.setup(hands, kitty if model.mode == 0 else buried))
        hidden = iter(buried)
        for mover, text in model.history:
            if mover == CHANCE:
                continue
            state.play("bury " + _CARD_TEXT[next(hidden)] if text == "bury ?" else text)
        assert isinstance(state, ShengjiState)
        return state

    # -- extras for analysis ----------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The core deal (read it; play through ``play``)."""
        return self._deal

    @property
    def team_levels(self) -> list[int]:
        """The teams' levels, 2-14 (J=11 … A=14); a team past Ace stays at 14
        and ``winner`` names it."""
        return [min(lv, ACE) for lv in self._levels]

    @property
    def winner(self) -> int | None:
        """The team (0: seats 0+2, 1: seats 1+3) that won the match, or None."""
        return self._winner

    @property
    def results(self) -> list[dict]:
        return [dict(r) for r in self._results]


def _refuse(message: str, rule: str | None = None) -> InvalidSetupError:
    return InvalidSetupError(f"shengji: {message}", rule)


def _setup_cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, str):
        raise _refuse(f"{what} must be card text, not {type(value).__name__}", "SJ-2.1")
    try:
        return parse_cards(value)
    except InvalidCardError as e:
        raise _refuse(f"{what}: {e}", "SJ-2.1") from None


def _setup_int(setup: dict, key: str, low: int, high: int, rule: str, default: Any = None) -> Any:
    value = setup.get(key, default)
    if value is None and default is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _refuse(f"{key} must be an int {low}-{high}, not {value!r:.40}", rule)
    return value


class ShengjiGame(Game):
    """Shengji / Tractor, 80 points (RULES.md §4)."""

    name = "shengji"
    title = "Shengji (Tractor)"
    num_players = 4
    state_class = ShengjiState
    default_options: ClassVar[dict[str, Any]] = {}
    plays_matches = True

    def _validate_options(self) -> None:
        if not isinstance(self._options["match"], bool):
            raise ArgumentTypeError(f"shengji: option match must be True or False, not {self._options['match']!r}")

    def parse_move(self, text: str, state: State | None = None) -> Move:
        return parse_move(text)

    def validate_setup(self, setup: dict) -> None:
        """The one setup check (RULES.md SJ-2): a seed alone, or given hands.

        Given hands while declaring (``trump`` None) are what the deal gives:
        25 cards each and the 8-card kitty, together exactly the two packs
        (SJ-2.1).  With trump fixed the deal starts at the dealer's lead:
        four hands of one size (SJ-3.1), 25 with the 8 buried cards, fewer
        for an endgame; the kitty holds at most 8 (SJ-2.7).  No card more
        than twice anywhere (SJ-2.1); level and team levels 2-14 (SJ-2.2).
        """
        super().validate_setup(setup)
        if "seed" in setup:
            if len(setup) != 1:
                raise _refuse("a seeded setup holds only its seed")
            return
        unknown = set(setup) - _SETUP_KEYS
        if unknown:
            raise _refuse(f"unknown setup key(s) {', '.join(sorted(unknown))}")
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != 4:
            raise _refuse("the setup needs a seed, or four hands", "SJ-2.1")
        ids = [_setup_cards(h, f"hand {p}") for p, h in enumerate(hands)]
        kitty = _setup_cards(setup.get("kitty", ""), "kitty")
        counts = [0] * 54
        for c in [c for h in ids for c in h] + kitty:
            counts[c] += 1
            if counts[c] > 2:
                raise _refuse(f"more than two copies of {_CARD_TEXT[c]}: two packs hold two of each card",
                              "SJ-2.1")
        level = _setup_int(setup, "level", 2, 14, "SJ-2.2", 2)
        dealer = _setup_int(setup, "dealer", 0, 3, "SJ-2.3")
        trump = setup.get("trump")
        sizes = [len(h) for h in ids]
        if trump is None:
            if sizes != [25] * 4 or len(kitty) != 8:
                raise _refuse(f"declaring starts from the whole deal: hands of 25 cards and a kitty of 8 "
                              f"(got hands of {', '.join(map(str, sizes))} and a kitty of {len(kitty)})",
                              "SJ-2.1")
        else:
            if not isinstance(trump, str) or trump.strip().upper() not in TRUMP_NAMES:
                raise _refuse(f"trump must be one of C, D, H, S, NT, not {trump!r:.40}", "SJ-2.4")
            if dealer is None:
                raise _refuse("a deal with trump fixed needs its dealer, who leads", "SJ-2.7")
            if len(set(sizes)) != 1 or not 1 <= sizes[0] <= 25:
                raise _refuse(f"the four hands must hold the same number of cards, 1 to 25 (got "
                              f"{', '.join(map(str, sizes))})", "SJ-3.1")
            if len(kitty) > 8 or (sizes[0] == 25 and len(kitty) != 8):
                raise _refuse(f"the dealer buries 8 cards: a kitty of {len(kitty)} does not go with hands "
                              f"of {sizes[0]}", "SJ-2.7" if len(kitty) > 8 else "SJ-2.1")
        _setup_int(setup, "deal", 1, 1 << 20, "SJ-4.2")
        if "team_levels" in setup:
            tl = setup["team_levels"]
            if not isinstance(tl, list) or len(tl) != 2 or \
                    any(isinstance(v, bool) or not isinstance(v, int) or not 2 <= v <= 14 for v in tl):
                raise _refuse(f"team_levels must be two ints 2-14, not {tl!r:.60}", "SJ-2.2")
            if dealer is not None and tl[dealer & 1] != level:
                raise _refuse(f"the level of a deal is its dealer's team level ({tl[dealer & 1]}), "
                              f"not {level}", "SJ-2.2")
        results = setup.get("results", [])
        if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
            raise _refuse("results must be a list of deal results", "SJ-4.2")

    def from_hands(self, hands: Sequence[Any], *, kitty: Any = "", level: int = 2,
                   trump: str | None = None, dealer: int | None = 0) -> ShengjiState:
        """A single deal from given hands (analysis and tests).

        With ``trump`` given (C D H S NT) the deal starts at the dealer's lead and
        ``kitty`` is what he buried; without it the players start declaring
        (from the dealer, or from seat 0 with the first declarer becoming
        dealer when ``dealer`` is None) from a whole deal: hands of 25 and
        the 8-card kitty in deal order.  ``level`` is 2-14.
        """
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
            raise ArgumentTypeError(f"hands must be a sequence of four hands, not {type(hands).__name__}")
        if len(hands) != 4:
            raise _refuse(f"give four hands, not {len(hands)}", "SJ-2.1")
        ids = [_ids(h, f"hand {p}") for p, h in enumerate(hands)]
        kitty_ids = _ids(kitty, "kitty")
        if isinstance(level, bool) or not isinstance(level, int):
            raise ArgumentTypeError(f"level must be an int 2-14, not {type(level).__name__}")
        if trump is not None and not isinstance(trump, str):
            raise ArgumentTypeError(f"trump must be C, D, H, S, NT or None, not {type(trump).__name__}")
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
            raise ArgumentTypeError(f"dealer must be a seat 0-3 or None, not {type(dealer).__name__}")
        setup = {"hands": [_cards_text(h) for h in ids], "kitty": _cards_text(kitty_ids),
                 "level": level, "trump": None if trump is None else trump.strip().upper(),
                 "dealer": dealer}
        state = self._initial_state(setup)
        assert isinstance(state, ShengjiState)
        return state

    # -- hidden cards and rollouts ----------------------------------------------
    def sample_world(self, observation: Any, rng: Any = None) -> Deal:
        """A compiled position (``Deal``) the observing player cannot tell from
        the real one, built in the core (see ``world_sampler``).  The model of
        the last observation passed is kept, so many draws from one
        observation read it once."""
        cached = self.__dict__.get("_world_cache")
        if cached is not None and cached[0] is observation:
            model = cached[1]
        else:
            model = _WorldModel(observation)
            if isinstance(observation, Observation):
                self.__dict__["_world_cache"] = (observation, model)
        return model.sampler.sample(draw_seed(rng))

    def policy_move(self, observation: Any, legal_moves: Any = None, rng: Any = None) -> Move:
        """The compiled rollout policy's move for the player to move (issue 12
        part 3): rules of thumb read from his own hand and the public state
        (declare from trump length; bury for voids, keeping points and
        trumps; lead sure winners, tractors, else low from a long suit;
        second hand low, third and fourth hand win, points to a winning
        partner, ruff when void).  It plays on a world sampled from the
        observation; the move is the same in every such world."""
        data = observation.data if isinstance(observation, Observation) else observation
        if not isinstance(data, dict) or data.get("current_player") is None:
            raise ValueError("shengji: policy_move needs the observation of a live game")
        if data.get("player") != data["current_player"]:
            raise ValueError("shengji: policy_move needs the observation of the player to move")
        seed = draw_seed(rng)
        world = self.sample_world(observation, seed)
        move = _trusted(*world.policy_move(seed ^ 0x9E3779B97F4A7C15))
        if legal_moves is not None and move not in legal_moves:
            raise ValueError(f"shengji: the policy's move {move} is not among the legal moves given")
        return move

    def rollout(self, position: Any, rng: Any = None) -> tuple:
        """Play ``position`` (a core ``Deal`` or a ``ShengjiState``, left as it
        is) to the end of its deal in the core, the policy in every seat
        (nogil); the deal's returns per seat (levels, + for the winning team)."""
        if isinstance(position, ShengjiState):
            position = position.deal
        if not isinstance(position, Deal):
            raise ArgumentTypeError(f"rollout needs a Shengji Deal or state, not {type(position).__name__}")
        d = position.copy()
        d.rollout(draw_seed(rng))
        return d.returns()

    # -- simulation ------------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        assert isinstance(state, ShengjiState)
        return {"returns": list(state.returns()), "moves": len(state.history),
                "deals": state.results, "winner": state.winner}

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

    def arena_series(self, rows_by_deal: dict, specs: Sequence[str]) -> dict[str, dict[str, list[float]]]:
        """The duplicate arena's Shengji figures (issue 14 part 5), one value per
        deal pair (every seating of a deal) and agent: the levels its side
        gained per deal played, and the card points it took per deal (the
        attackers' score with the kitty when attacking, the defenders' trick
        points when defending).  The arena adds means, 95 % intervals and A-B."""
        levels: dict[str, list[float]] = {s: [] for s in specs}
        points: dict[str, list[float]] = {s: [] for s in specs}
        for d in sorted(rows_by_deal):
            tally = {s: [0.0, 0.0, 0] for s in specs}
            for row in rows_by_deal[d]:
                for seat, spec in enumerate(row["seats"]):   # a line-up may seat four specs
                    team = seat & 1
                    for r in row["summary"]["deals"]:
                        attacking = (r["dealer"] & 1) != team
                        tally[spec][0] += r["levels"] if r["team"] == team else 0
                        tally[spec][1] += r["attacker_points"] if attacking else r["defender_points"]
                        tally[spec][2] += 1
            for s in specs:
                lv, pt, n = tally[s]
                levels[s].append(lv / n)
                points[s].append(pt / n)
        return {"levels_per_deal": levels, "points_per_deal": points}

GAME = ShengjiGame
