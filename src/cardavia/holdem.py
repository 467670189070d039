"""No-limit Texas Hold'em (RULES.md §5): a match of four players, or single hands.

The hand itself — blinds, dealing with burns, the betting rounds, the run-out
and the pots — runs in the compiled core (``cardavia._core.holdem_core`` on the
shared betting round of ``cardavia._core.betting``); this module adds the
match (button rotation, elimination), the moves and what each player sees.

>>> import cardavia
>>> state = cardavia.load("holdem").new_state(seed=1)
>>> [str(m) for m in state.legal_moves()][:3]
['fold', 'call', 'raise 40']
>>> "raise 137" in state.legal_moves()
True

Observation keys (besides the shared ``game``, ``player``,
``current_player``, ``is_over``, ``history``): ``hand`` (own hole cards,
texts in poker order, empty when not dealt in), ``deal`` (the hand's number in the match), ``street``,
``button``, ``small_blind_seat``, ``big_blind_seat``, ``blinds``,
``start_stacks`` (every seat's chips before this hand's blinds), ``stacks``,
``bets`` (this round), ``pot``, ``side_pots``, ``in_hand``, ``eliminated``, ``board``,
``shown`` (hands shown at this hand's showdown, by seat), and for the player
to act ``to_call`` and ``raise_range``.

``side_pots`` lists the main pot, then each side pot, as ``{"amount",
"eligible"}`` (the seats still in whose contribution covers it, TH-5.2),
made from the hand's contributions so far: a pot is capped where a player
is all in, and the last one is the pot still growing.  Once the betting is
over they are the very pots the showdown awards; a pot only one seat is
eligible for is his own unmatched chips.

Monte Carlo hooks: ``game.sample_world(observation, rng)`` (a compiled
``HoldemHand`` the observer cannot tell from the real one),
``state.resample(player, rng)``, ``game.policy_move(observation,
legal_moves, rng)`` and ``game.rollout(position, rng)`` (the hand played
out by the compiled policy; chips won or lost per seat).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence, cast

from cardavia._core import betting as B
from cardavia._core import holdem_core as _hc
from cardavia._core.holdem_core import OVER, SHOWDOWN, HoldemHand
from cardavia._core.holdem_core import STREETS as _STREETS
from cardavia._core.rng import Random, derive_seed
from cardavia.betting import (
    MAX_AMOUNT,
    BetMove,
    actor_figures,
    allin_move,
    bet_menu,
    check_bet,
    observation_data,
    parse_bet_text,
    public_actions,
    raise_range,
    settlement,
)
from cardavia.cards import InvalidCardError, card_id, card_text, sort_key, to_card_ids
from cardavia.i18n import N_
from cardavia.game import (
    CHANCE,
    TERMINAL,
    ArgumentTypeError,
    Game,
    IllegalMoveError,
    InvalidSetupError,
    LegalMoves,
    Move,
    State,
    check_int,
    check_player,
    check_seed,
    draw_seed,
    immutable,
)

__all__ = ["BetMove", "HandLog", "HoldemGame", "HoldemState", "GAME"]

STREETS = tuple(_STREETS[k] for k in sorted(_STREETS))
MAX_HANDS = 100_000
"""Hands a setup may give decks for (a long match plays a few hundred)."""
_POKER_KEY = sort_key("poker")


@immutable
@dataclasses.dataclass(frozen=True, slots=True)
class HandLog:
    """One hand of a Hold'em state, as ``HoldemState.hand_log()`` gives it:
    its 1-based ``number``, the ``button``, every seat's ``stacks`` before
    the blinds, the 52-card dealing order ``deck`` (TH-2.4) and the
    ``moves`` played in it."""

    number: int
    button: int
    stacks: tuple
    deck: tuple
    moves: tuple

# betting core error code -> the rule of RULES.md §5 it enforces
_TH_RULES = {B.NO_ACTOR: "TH-3.4", B.CHECK_OWES: "TH-3.1", B.CALL_NOTHING: "TH-3.1",
             B.NO_RAISE_CHIPS: "TH-3.1", B.NO_RAISE_OPPONENT: "TH-3.3", B.NOT_REOPENED: "TH-3.3",
             B.TOO_SMALL: "TH-3.2", B.TOO_LARGE: "TH-3.2", B.FOLD_FREE: "TH-3.1"}


class HoldemLegalMoves(LegalMoves):
    """Lists fold/check/call, the minimum raise, half-pot, pot and all-in;
    ``in`` (the base class's, which checks without building anything)
    accepts any legal total: ``"raise 137" in moves``.  See
    ``HoldemState.raise_range()`` for all of them."""

    lists_subset = True


class HoldemState(State):
    legal_moves_class = HoldemLegalMoves
    game: "HoldemGame"

    def __init__(self, game: "HoldemGame", setup: dict):
        super().__init__(game, setup)
        opts = game._options
        self._sb, self._bb = opts["small_blind"], opts["big_blind"]
        self._match = opts["match"]
        n = game.num_players
        stacks = list(setup.get("stacks", [opts["stack"]] * n))
        button = setup.get("button", 0)
        self._decks = [list(d) for d in setup.get("decks", ())]
        self._seed = setup.get("seed", 0)
        self._stacks = stacks                 # before the current hand
        self._initial = list(stacks)
        self._hand_no = 0
        self._last_bb = -1
        self._over = False
        self._shown: dict[int, list[int]] = {}
        self._log: list[tuple[int, tuple, tuple, int]] = []   # button, stacks, deck, first move index
        self._hand: HoldemHand = cast(HoldemHand, None)
        self._start_hand(button)

    # -- the match ----------------------------------------------------------
    def _deck_for(self, hand_no: int) -> list[int]:
        """The dealing order of hand ``hand_no`` (0-based): the setup's, or
        shuffled from the seed."""
        if hand_no < len(self._decks):
            return self._decks[hand_no]
        return Random(derive_seed(self._seed, hand_no)).shuffle_ids(range(52))

    def _next_button(self) -> int:
        """TH-2.2: the next player still in the match clockwise; TH-2.3:
        heads-up, nobody posts the big blind twice in a row."""
        n = self.game.num_players
        b = self._hand.button
        alive = [p for p in range(n) if self._stacks[p] > 0]
        nb = next((b + k) % n for k in range(1, n + 1) if self._stacks[(b + k) % n] > 0)
        if len(alive) == 2:
            other = alive[0] if alive[1] == nb else alive[1]
            if other == self._last_bb:
                nb = other
        return nb

    def _start_hand(self, button: int) -> None:
        deck = self._deck_for(self._hand_no)
        self._hand = HoldemHand(self._stacks, button, deck, self._sb, self._bb)
        self._log.append((button, tuple(self._stacks), tuple(deck), len(self._history)))
        self._shown = {}
        self._record_chance(f"hand {self._hand_no + 1}: button {button}, small blind {self._hand.sb_seat}, "
                            f"big blind {self._hand.bb_seat}")
        self._board_seen = 0
        self._after_action()

    def _after_action(self) -> None:
        h = self._hand
        board = h.board
        if len(board) > self._board_seen:
            for name, lo, hi in (("flop", 0, 3), ("turn", 3, 4), ("river", 4, 5)):
                if self._board_seen <= lo and len(board) >= hi:
                    self._record_chance(f"{name} {' '.join(card_text(c) for c in board[lo:hi])}")
            self._board_seen = len(board)
        if h.street == SHOWDOWN:
            for p in h.showdown():
                self._shown[p] = h.hole(p)
                self._record_chance(f"show {p}: {' '.join(card_text(c) for c in h.hole(p))}")
        if h.street == OVER:
            self._finish_hand()

    def _finish_hand(self) -> None:
        h = self._hand
        for entry in settlement(h.won, h.totals):
            self._record_chance(entry)
        self._last_bb = h.bb_seat
        self._stacks = h.final_stacks
        self._hand_no += 1
        alive = sum(1 for s in self._stacks if s > 0)
        if not self._match or alive < 2:
            self._over = True
            return
        self._start_hand(self._next_button())

    # -- State hooks ----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return TERMINAL if self._over else self._hand.actor

    @property
    def is_over(self) -> bool:
        return self._over

    def _legal(self):
        if self._over:
            return []
        return bet_menu(self._hand)

    def _check(self, move: Move) -> None:
        if not isinstance(move, BetMove):
            raise IllegalMoveError(f"{move!r} is not a Hold'em move")
        if self._over:
            raise IllegalMoveError("the game is over", msgid=N_("the game is over"))
        check_bet(move, self._hand, _TH_RULES, "TH-3.2", " this round")

    def _apply(self, move: Move) -> None:
        assert isinstance(move, BetMove)
        self._hand.apply(move.action, move.amount)
        self._after_action()

    def resolve_allin(self) -> BetMove:
        """The concrete move of "allin" for the player to act."""
        if self._over:
            raise IllegalMoveError("the game is over", msgid=N_("the game is over"))
        return allin_move(self._hand, _TH_RULES)

    def raise_range(self) -> range:
        """Every legal bet or raise total of the player to act (empty when none)."""
        return range(0) if self._over else raise_range(self._hand)

    def returns(self) -> list:
        n = self.game.num_players
        if not self._over:
            return [0] * n
        if self._match:
            alive = [p for p in range(n) if self._stacks[p] > 0]
            if len(alive) == 1:
                return [n - 1 if p == alive[0] else -1 for p in range(n)]
            return [0] * n
        return [self._stacks[p] - self._initial[p] for p in range(n)]

    def _observe(self, player: int) -> dict:
        h = self._hand
        n = self.game.num_players
        live = [h.dealt[p] and not h.folded[p] for p in range(n)]
        out = {
            "deal": self._hand_no + (0 if self._over else 1),
            "street": STREETS[h.street],
            "button": h.button,
            "small_blind_seat": h.sb_seat,
            "big_blind_seat": h.bb_seat,
            "blinds": [self._sb, self._bb],
            "stacks": h.final_stacks if h.street == OVER else h.stacks,
            "bets": h.bets,
            "pot": h.pot,
            "side_pots": self.side_pots(),
            "in_hand": live,
            "eliminated": [not h.dealt[p] for p in range(n)],
            "board": [card_text(c) for c in h.board],
            "hand": [card_text(c) for c in self.hand(player)],
            "start_stacks": h.start_stacks,
            "shown": {str(p): [card_text(c) for c in cards] for p, cards in sorted(self._shown.items())},
        }
        if not self._over and h.actor == player:
            out.update(actor_figures(h))
        return out

    def _copy(self) -> "HoldemState":
        c = cast(HoldemState, self._shallow_copy())
        c._stacks = list(self._stacks)
        c._shown = dict(self._shown)
        c._log = list(self._log)
        c._hand = self._hand.copy()
        return c

    def _score_breakdown(self) -> dict:
        last = self._log[-1]
        return {"stacks": list(self._stacks),
                "chips": [s - i for s, i in zip(self._stacks, self._initial)],
                "hands": self._hand_no,
                "showdown": {str(p): [card_text(c) for c in sorted(cards, key=_POKER_KEY)]
                             for p, cards in sorted(self._shown.items())},
                "last_hand_button": last[0]}

    def resample(self, player: int, rng: Any = None) -> "HoldemState":
        """A state ``player`` cannot tell from this one, with the same
        history: ``game.sample_world`` of his observation for the hand in
        play, and the earlier hands of a match redealt the same way (his own
        hole cards, the boards and the hands shown kept).  Its JSON is a
        setup of its own decks plus the moves."""
        check_player(player, self.game.num_players)
        self._refuse_resample_if_over()
        seed = draw_seed(rng)
        world = self.game.sample_world(self.observation(player), seed)
        decks = []
        log = self.hand_log()
        for i, past in enumerate(log[:-1]):
            h = HoldemHand(past.stacks, past.button, past.deck, self._sb, self._bb)
            for m in past.moves:
                h.apply(m.action, m.amount)
            shown = h.street == SHOWDOWN
            holes = [h.hole(p) if h.dealt[p] and (p == player or (shown and not h.folded[p])) else ()
                     for p in range(h.n)]
            redealt = _hc.world(past.stacks, past.button, self._sb, self._bb, holes, h.board,
                                [(m.action, m.amount) for m in past.moves], derive_seed(seed, i + 1))
            decks.append(redealt.deck)
        decks.append(world.deck)
        setup = {"seed": derive_seed(seed, 0), "stacks": list(self._initial), "button": log[0].button,
                 "decks": decks}
        state = cast(HoldemState, self.game._initial_state(setup))
        for p, m in self._history:
            if p != CHANCE:
                state.play(m)
        return state

    # -- analysis -------------------------------------------------------------
    def side_pots(self) -> list[dict]:
        """The main pot and the side pots of the hand in play (TH-5.2):
        ``[{"amount": chips, "eligible": [seats]}, ...]``.  The core's pots
        (what the showdown awards) have a level at each contribution of a
        player still in; while the betting goes on, a level where nobody is
        all in is only a bet not yet matched, so that pot joins the next."""
        h = self._hand
        stacks, totals = h.stacks, h.totals
        live = [p for p in range(h.n) if h.dealt[p] and not h.folded[p] and totals[p] > 0]
        levels = sorted({totals[p] for p in live})
        caps = {totals[p] for p in live if stacks[p] == 0}
        pots = h.pots()
        if len(pots) != len(levels):   # not the core's shape: show its pots as they are
            return [{"amount": amount, "eligible": list(seats)} for amount, seats in pots]
        out: list[dict] = []
        amount, eligible = 0, None
        for level, (chips, seats) in zip(levels, pots):
            amount += chips
            eligible = eligible if eligible is not None else list(seats)
            if level in caps or level == levels[-1]:
                out.append({"amount": amount, "eligible": eligible})
                amount, eligible = 0, None
        return out

    def hand(self, player: int) -> tuple[int, ...]:
        """The hole cards of ``player`` in the hand in play (ids, poker order;
        empty when he was not dealt in)."""
        check_player(player, self.game.num_players)
        h = self._hand
        return tuple(sorted(h.hole(player), key=_POKER_KEY)) if h.dealt[player] else ()

    @property
    def core(self) -> HoldemHand:
        """The compiled hand in play (read it; do not change it)."""
        return self._hand

    @property
    def stacks(self) -> list[int]:
        """Chips behind of each seat now (or at the end)."""
        h = self._hand
        return h.final_stacks if h.street == OVER else h.stacks

    @property
    def initial_stacks(self) -> list[int]:
        """Every seat's chips when the state was set up."""
        return list(self._initial)

    def hand_log(self) -> tuple[HandLog, ...]:
        """Every hand started so far: number, button, stacks before the
        blinds, dealing order and the moves played (what the PHH notation
        writes)."""
        out = []
        starts = [entry[3] for entry in self._log[1:]] + [len(self._history)]
        for i, ((button, stacks, deck, first), end) in enumerate(zip(self._log, starts)):
            moves = tuple(m for p, m in self._history[first:end] if p >= 0)
            out.append(HandLog(i + 1, button, stacks, deck, moves))
        return tuple(out)


class HoldemGame(Game):
    """No-limit Texas Hold'em, 4 seats, 1000 chips, blinds 10/20 (RULES.md §5)."""

    name = "holdem"
    title = "Texas Hold'em"
    num_players = 4
    state_class = HoldemState
    plays_matches = True
    default_options = {"stack": 1000, "small_blind": 10, "big_blind": 20}

    def _validate_options(self) -> None:
        o = self._options
        for key in ("stack", "small_blind", "big_blind"):
            check_int(o[key], f"holdem: option {key}", 1, MAX_AMOUNT)
        if o["stack"] * self.num_players > MAX_AMOUNT:
            raise InvalidSetupError(f"holdem: the table's chips must not exceed {MAX_AMOUNT} in all", "TH-2.1")
        if o["small_blind"] > o["big_blind"]:
            raise InvalidSetupError("holdem: the small blind cannot exceed the big blind", "TH-2.1")
        if not isinstance(o["match"], bool):
            raise ArgumentTypeError("holdem: option match must be True or False")

    def validate_setup(self, setup: dict) -> None:
        """A setup is a ``seed`` (every hand shuffled from it), optionally
        with the ``stacks`` and ``button`` of the first hand and the
        ``decks`` (52-card dealing orders, TH-2.4) of the first hands."""
        super().validate_setup(setup)
        if len(setup) == 1 and "seed" in setup:
            return
        unknown = sorted(set(setup) - {"seed", "stacks", "button", "decks"})
        if unknown:
            raise InvalidSetupError(f"holdem: unknown setup key(s) {', '.join(unknown)}")
        n = self.num_players
        if "stacks" in setup:
            stacks = setup["stacks"]
            if not isinstance(stacks, list) or len(stacks) != n:
                raise InvalidSetupError(f"holdem: the setup needs {n} stacks, one per seat", "TH-2.1")
            for p, chips in enumerate(stacks):
                _setup_int(chips, f"the stack of seat {p}", 0, MAX_AMOUNT, "TH-2.1")
            if sum(stacks) > MAX_AMOUNT:
                raise InvalidSetupError(f"holdem: the table's chips must not exceed {MAX_AMOUNT} in all", "TH-2.1")
            if sum(1 for chips in stacks if chips > 0) < 2:
                raise InvalidSetupError("holdem: a hand needs at least two players with chips", "TH-1")
        else:
            stacks = [self._options["stack"]] * n
        button = _setup_int(setup.get("button", 0), "the button", 0, n - 1, "TH-2.2")
        if stacks[button] <= 0:
            raise InvalidSetupError(f"holdem: the button (seat {button}) must be at a seat with chips", "TH-2.2")
        decks = setup.get("decks", [])
        if not isinstance(decks, list) or len(decks) > MAX_HANDS:
            raise InvalidSetupError(f"holdem: decks must be a list of at most {MAX_HANDS} dealing orders")
        for i, deck in enumerate(decks):
            if (not isinstance(deck, list) or len(deck) != 52
                    or any(type(c) is not int for c in deck) or sorted(deck) != _PACK):
                raise InvalidSetupError(f"holdem: deck {i} must hold each of the 52 card ids 0-51 once "
                                        "(no jokers, no card twice)", "TH-2.1")

    def parse_move(self, text: str, state: State | None = None) -> Move:
        return parse_bet_text(text, allin=getattr(state, "resolve_allin", None))

    # -- worlds and rollouts (issue 12 parts 2 and 3) ---------------------------
    def sample_world(self, observation: Any, rng: Any = None) -> HoldemHand:
        """The hand in play as a compiled position (``HoldemHand``) the
        observing player cannot tell from the real one: his hole cards, the
        board and any hands shown stay; every other player's hole cards and
        the undealt cards are dealt uniformly from the cards he has not
        seen; the public betting of the hand is replayed in the core."""
        data = observation_data(observation, self.name)
        try:
            return self._world(data, rng)
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as e:
            raise InvalidSetupError(f"not a holdem observation this engine wrote: {e!r:.80}") from None

    def _world(self, data: dict, rng: Any) -> HoldemHand:
        n = self.num_players
        me = data["player"]
        holes: list[Any] = [()] * n
        for p, cards in data["shown"].items():
            holes[int(p)] = [card_id(c) for c in cards]
        if data["hand"]:
            holes[me] = [card_id(c) for c in data["hand"]]
        history = data["history"]
        start = len(history)
        while start > 0:
            start -= 1
            p, text = history[start]
            if p == CHANCE and text.startswith("hand "):
                break
        actions = public_actions(text for p, text in history[start + 1:] if p != CHANCE)
        sb, bb = data["blinds"]
        stacks, button = data["start_stacks"], data["button"]
        # (the core refuses seats and card ids out of range; these it cannot know are this game's)
        self.validate_setup({"stacks": stacks, "button": button})
        if [sb, bb] != [self._options["small_blind"], self._options["big_blind"]]:
            raise InvalidSetupError("not a holdem observation this engine wrote: its blinds are not this game's",
                                    "TH-2.1")
        return _hc.world(stacks, button, sb, bb, holes,
                         [card_id(c) for c in data["board"]], actions, draw_seed(rng))

    def policy_move(self, observation: Any, legal_moves: Any = None, rng: Any = None) -> BetMove:
        """The compiled rollout policy's move for the player to act
        (issue 12 part 3): his chance to win from his hole cards, the board
        and who is still in, against the pot odds (``betting.bet_policy``).
        It reads nothing hidden, so it plays the same in every world he
        cannot tell apart; ``legal_moves`` is accepted for the agent
        protocol (the move is always legal)."""
        data = observation_data(observation, self.name)
        if data.get("current_player") != data.get("player"):
            raise ValueError(f"player {data.get('player')!r:.20} is not to act")
        seed = draw_seed(rng)
        world = self.sample_world(data, seed)
        action, amount = _hc.policy(world, seed ^ _POLICY_SALT)
        return _bet_move(action, amount, world.level)

    def rollout(self, position: HoldemHand, rng: Any = None) -> tuple:
        """Chips each seat wins or loses when the hand of ``position`` (a
        ``HoldemHand``, e.g. from ``sample_world``) is played to its end by
        the policy in every seat, in the core without the GIL."""
        if not isinstance(position, HoldemHand):
            raise ArgumentTypeError(f"a holdem position is a HoldemHand, not {type(position).__name__}")
        return _hc.rollout(position, draw_seed(rng))

    def from_hands(self, hands: Sequence[Any] | None, *, stacks: Sequence[int] | None = None,
                   button: int = 0, board: Any = "", seed: int = 0) -> HoldemState:
        """A state at the start of a hand with the given hole cards (one
        entry per seat: text like ``"AhKd"`` or two ids; ``None`` or ``""``
        to deal that seat at random; ``hands=None`` for all at random), the
        ``stacks`` (default: the option ``stack`` each), ``button`` and
        ``board`` (up to five cards).  Unknown cards come from ``seed``.  In
        a match the next hands are shuffled from ``seed`` as usual."""
        n = self.num_players
        seed = check_seed(seed)
        if stacks is None:
            stacks = [self._options["stack"]] * n
        if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__len__"):
            raise ArgumentTypeError("holdem: stacks must be a sequence of ints, one per seat")
        stacks = list(stacks)
        if len(stacks) != n:
            raise InvalidSetupError(f"holdem: the setup needs {n} stacks, one per seat", "TH-2.1")
        for p, chips in enumerate(stacks):
            _setup_int(chips, f"the stack of seat {p}", 0, MAX_AMOUNT, "TH-2.1")
        button = _setup_int(button, "the button", 0, n - 1, "TH-2.2")
        if hands is None:
            hands = [None] * n
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
            raise ArgumentTypeError("holdem: hands must be a sequence with one entry per seat")
        if len(hands) != n:
            raise InvalidSetupError(f"holdem: give {n} hands, one per seat (None to deal at random)", "TH-2.1")
        holes = [_card_ids(h, f"the hand of seat {p}") if h else [] for p, h in enumerate(hands)]
        board_ids = _card_ids(board, "the board") if board else []
        if len(board_ids) > 5:
            raise InvalidSetupError("holdem: a board has at most five cards", "TH-3.4")
        used = [c for h in holes for c in h] + board_ids
        if len(set(used)) != len(used):
            twice = next(c for c in used if used.count(c) > 1)
            raise InvalidSetupError(f"holdem: {card_text(twice)} is given twice: one pack holds one of "
                                    "each card", "TH-2.1")
        for p, h in enumerate(holes):
            if h and len(h) != 2:
                raise InvalidSetupError(f"holdem: seat {p} holds {len(h)} cards; a player gets two hole cards",
                                        "TH-2.1")
            if h and stacks[p] <= 0:
                raise InvalidSetupError(f"holdem: seat {p} has no chips and gets no cards", "TH-5.3")
        if sum(stacks) <= MAX_AMOUNT and sum(1 for chips in stacks if chips > 0) >= 2 and stacks[button] > 0:
            deck = deck_for_cards(stacks, button, holes, board_ids, seed, self._options)
        else:
            deck = list(range(52))    # validate_setup names what is wrong
        setup = {"seed": seed, "stacks": stacks, "button": button, "decks": [deck]}
        return cast(HoldemState, self._initial_state(setup))

    # -- simulation -------------------------------------------------------------
    def deal_summary(self, state: State) -> dict:
        out = super().deal_summary(state)
        hands = flops = showdowns = pot = 0
        shown = False
        for p, m in state.history:
            if p >= 0:
                continue
            t = str(m)
            if t.startswith("hand "):
                hands += 1
                shown = False
            elif t.startswith("flop "):
                flops += 1
            elif t.startswith("show ") and not shown:
                showdowns += 1
                shown = True
            elif t.startswith("win "):
                pot += int(t.rsplit(" ", 1)[1])
        out.update(hands=hands, flops=flops, showdowns=showdowns, pot=pot)
        return out

    def summarize(self, summaries: Sequence[dict]) -> dict:
        out = super().summarize(summaries)
        n = len(summaries)
        if n:
            hands = sum(s["hands"] for s in summaries)
            if self._options["match"]:
                out["hands_per_match"] = hands / n
                out["longest_match"] = max(s["hands"] for s in summaries)
            out["flop_rate"] = sum(s["flops"] for s in summaries) / hands
            out["showdown_rate"] = sum(s["showdowns"] for s in summaries) / hands
            out["mean_pot"] = sum(s["pot"] for s in summaries) / hands
            out["moves_per_hand"] = sum(s["moves"] for s in summaries) / hands
        return out


_PACK = list(range(52))
_POLICY_SALT = 0x5DEECE66D


def _bet_move(action: int, amount: int, level: int) -> BetMove:
    """The BetMove of a core ``(action, amount)`` facing the round's ``level``."""
    if action == B.BET:
        return BetMove("raise" if level > 0 else "bet", amount)
    return BetMove({B.FOLD: "fold", B.CHECK: "check", B.CALL: "call"}[action])


def _setup_int(value: Any, what: str, low: int, high: int, rule: str) -> int:
    """An int setup figure in [low, high], or InvalidSetupError naming the rule."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"holdem: {what} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        shown = value if abs(value) < 1 << 70 else "a huge number"
        raise InvalidSetupError(f"holdem: {what} must be in {low}..{high}, got {shown}", rule)
    return value


def _card_ids(cards: Any, what: str) -> list[int]:
    """Card ids of one pack without jokers (TH-2.1), or InvalidSetupError."""
    try:
        ids = to_card_ids(cards)
    except (InvalidCardError, TypeError, ValueError, OverflowError) as e:
        raise InvalidSetupError(f"holdem: {what} is not cards: {e}", "TH-2.1") from None
    for c in ids:
        if not 0 <= c < 52:
            raise InvalidSetupError(f"holdem: {what} holds card id {c}: the pack has 52 cards, no jokers",
                                    "TH-2.1")
    return ids


def deck_for_cards(stacks: Sequence[int], button: int, holes: Sequence[Sequence[int]],
                   board: Sequence[int], seed: int = 0, options: dict | None = None) -> list[int]:
    """A 52-card dealing order that gives the wanted hole cards and board;
    the other cards shuffled from ``seed``.  The core's own dealing code
    (TH-2.4: hole cards one at a time from the small blind, a burn before
    the flop, turn and river) places them: ``holdem_core.world``."""
    opts = options or HoldemGame.default_options
    return _hc.world(stacks, button, opts["small_blind"], opts["big_blind"], holes, board, [], seed).deck


GAME = HoldemGame
