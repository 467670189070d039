"""The Up/Down duel (RULES.md §6): two players, two packs, one locked card each.

Each deal both players ante 1, lock one of their two cards face down
(``lock Kh``; the opponent sees ``lock ?``), then bet one no-limit round with
a minimum bet of 1 on the betting core shared with Hold'em.  The locked cards
are compared (A high, but a 2 beats an A); each player keeps his other card
for the next deal.  The match ends when a player has no chips.

>>> import cardavia
>>> state = cardavia.load("updown").new_state(seed=3)
>>> [m.public_text() for m in state.legal_moves()]
['lock ?', 'lock ?']

Observation keys (besides the shared ``game``, ``player``,
``current_player``, ``is_over``, ``history``): ``hand`` (own two cards,
texts in poker order), ``deal``, ``phase``, ``starter``, ``locked``
(own locked card or None), ``opponent_locked`` (None, ``"?"``, or the card
once revealed), ``signals`` (UP and DOWN counts per player, UD-2.3),
``start_stacks`` (chips before this deal's ante), ``stacks``, ``bets``,
``pot``, ``stock`` and ``discards`` (counts), ``discard_pile`` (the revealed
cards not yet shuffled back, UD-5.2), ``last_reveal``, and for the player to
act ``to_call`` and ``raise_range``.

Monte Carlo hooks: ``game.sample_world(observation, rng)`` (a compiled
``DuelCore`` of the deal in play), ``state.resample(player, rng)``,
``game.policy_move(observation, legal_moves, rng)`` and
``game.rollout(position, rng)`` (the deal played out by the compiled policy;
chips won or lost per player).
"""
from __future__ import annotations

import dataclasses
import operator
import re

from typing import Any, Sequence, cast

from cardavia._core.rng import Random, derive_seed

from cardavia._core import betting as B
from cardavia._core import updown_core as _uc
from cardavia._core.updown_core import BETTING, DEALT_OUT, LOCK, DuelCore, compare, is_up
from cardavia._core.updown_core import PHASES as _PHASES
from cardavia.cards import InvalidCardError, card_id, card_text, sort_key, to_card_ids
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
    State,
    check_int,
    check_player,
    check_seed,
    draw_seed,
    immutable,
)
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

__all__ = ["LockMove", "UpDownGame", "UpDownState", "compare", "GAME"]

PHASES = tuple(_PHASES[k] for k in sorted(_PHASES))
MAX_DEALS = 100_000
"""Deals a setup may give the draws of."""
_POKER_KEY = sort_key("poker")
_LOCK_RE = re.compile(r"^\s*lock\s+(\S+)\s*$", re.I)
_SIGNALS_RE = re.compile(r"signals 0: (\d) UP \d DOWN, 1: (\d) UP")
_REVEAL_RE = re.compile(r"^reveal 0: (\S+), 1: (\S+)$")
_POLICY_SALT = 0x5DEECE66D
RESAMPLE_TRIES = 64
"""Pasts ``resample`` draws before it gives up (each almost always fits)."""
# betting core error code -> the rule of RULES.md §6 it enforces
_UD_RULES = {B.NO_ACTOR: "UD-3.1", B.CHECK_OWES: "UD-3.2", B.CALL_NOTHING: "UD-3.2",
             B.NO_RAISE_CHIPS: "UD-3.3", B.NO_RAISE_OPPONENT: "UD-3.3", B.NOT_REOPENED: "UD-3.3",
             B.TOO_SMALL: "UD-3.2", B.TOO_LARGE: "UD-3.3", B.FOLD_FREE: "UD-3.2"}


@immutable
@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class LockMove(Move):
    """Lock one of your two cards face down: ``lock Kh`` (public: ``lock ?``)."""

    card: int

    def __post_init__(self) -> None:
        try:
            card = operator.index(self.card)
        except TypeError:
            raise InvalidMoveError(f"a card id is an int 0-51, not {self.card!r}") from None
        if not 0 <= card < 52:
            raise InvalidMoveError(f"card id {card} is not a card of the duel (0-51)")
        object.__setattr__(self, "card", int(card))

    def __str__(self) -> str:
        return f"lock {card_text(self.card)}"

    def public_text(self) -> str:
        return "lock ?"


def group(card: int) -> str:
    """"UP" for 8 to A, "DOWN" for 2 to 7 (UD-2.3)."""
    return "UP" if is_up(card) else "DOWN"


class UpDownLegalMoves(LegalMoves):
    """Lists the lock choices, or fold/check/call, the minimum raise, half
    pot, pot and all-in; ``in`` accepts any legal total (``raise_range()``)."""

    lists_subset = True


class UpDownState(State):
    legal_moves_class = UpDownLegalMoves
    game: "UpDownGame"

    def __init__(self, game: "UpDownGame", setup: dict):
        super().__init__(game, setup)
        self._match = game._options["match"]
        hands = setup.get("hands")
        first = None if hands is None else [hands[0][0], hands[1][0], hands[0][1], hands[1][1]]
        self._draws = setup.get("draws", [])
        self._core = DuelCore(setup.get("seed", 0), game._options["chips"], first)
        self._initial = self._core.chips
        self._over = False
        self._revealed: list[int] | None = None
        self._deals = self._ties = 0
        self._dealt: list[list[int]] = []   # the cards each deal drew, in drawing order
        self._record_deal()

    def _pending_draws(self):
        """The setup's draws of the next deal (None: from the stock)."""
        i = self._core.deal_no - 1
        return self._draws[i] if i < len(self._draws) else None

    def _record_deal(self) -> None:
        c = self._core
        if c.deal_no == 1:
            h0, h1 = c.hand(0), c.hand(1)
            self._dealt.append([h0[0], h1[0], h0[1], h1[1]])
        else:
            self._dealt.append([c.hand(c.starter)[1], c.hand(1 - c.starter)[1]])
        up = c.up_counts
        self._record_chance(f"deal {c.deal_no}: starter {c.starter}, signals "
                            f"0: {up[0]} UP {2 - up[0]} DOWN, 1: {up[1]} UP {2 - up[1]} DOWN")

    def _after(self) -> None:
        c = self._core
        if c.phase != DEALT_OUT:
            return
        self._revealed = [c.locked_card(0), c.locked_card(1)]
        self._deals += 1
        if c.winner < 0:
            self._ties += 1
        self._record_chance(f"reveal 0: {card_text(self._revealed[0])}, 1: {card_text(self._revealed[1])}")
        if c.folded >= 0:
            self._record_chance(f"result: {c.winner} wins, {c.folded} folded")
        else:
            self._record_chance("result: tie" if c.winner < 0 else f"result: {c.winner} wins")
        for entry in settlement(c.won, c.totals):
            self._record_chance(entry)
        if not self._match or not c.next_deal(self._pending_draws()):
            self._over = True
            return
        self._record_deal()

    # -- State hooks ----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return TERMINAL if self._over else self._core.actor

    @property
    def is_over(self) -> bool:
        return self._over

    def _legal(self):
        if self._over:
            return []
        c = self._core
        if c.phase == LOCK:
            return [LockMove(x) for x in dict.fromkeys(self.hand(c.actor))]
        return bet_menu(c)

    def _check(self, move: Move) -> None:
        if self._over:
            raise IllegalMoveError("the game is over", msgid=N_("the game is over"))
        c = self._core
        if c.phase == LOCK:
            if not isinstance(move, LockMove):
                text = N_("betting starts only when both players have locked a card: lock one of your two cards first")
                raise IllegalMoveError(text, rule="UD-3.1", msgid=text)
            if move.card not in c.hand(c.actor):
                raise IllegalMoveError(f"you do not hold {card_text(move.card)}", rule="UD-3.1",
                                       msgid=N_("you do not hold {card}"), params={"card": card_text(move.card)})
            return
        if isinstance(move, LockMove):
            raise IllegalMoveError("your locked card cannot change", rule="UD-3.1",
                                   msgid=N_("your locked card cannot change"))
        if not isinstance(move, BetMove):
            raise IllegalMoveError(f"{move!r} is not an Up/Down move")
        check_bet(move, c, _UD_RULES, "UD-3.2")
        if self._match and self._pending_draws() is not None:
            # A setup's draws are checked before the move that needs them.
            trial = c.copy()
            trial.act(move.action, move.amount)
            if trial.phase == DEALT_OUT:
                try:
                    trial.next_deal(self._pending_draws())
                except ValueError:
                    raise InvalidSetupError(f"updown: the setup draws {self._pending_draws()} for deal "
                                            f"{c.deal_no + 1}, which the stock does not hold then",
                                            "UD-2.1") from None

    def _apply(self, move: Move) -> None:
        c = self._core
        if isinstance(move, LockMove):
            c.lock(c.hand(c.actor).index(move.card))
        else:
            assert isinstance(move, BetMove)
            c.act(move.action, move.amount)
        self._after()

    def resolve_allin(self) -> BetMove:
        if self._over or self._core.phase != BETTING:
            raise IllegalMoveError("there is no betting now", rule="UD-3.1", msgid=N_("there is no betting now"))
        return allin_move(self._core, _UD_RULES)

    def raise_range(self) -> range:
        """Every legal bet or raise total now (empty when none)."""
        if self._over or self._core.phase != BETTING:
            return range(0)
        return raise_range(self._core)

    def returns(self) -> list:
        if not self._over:
            return [0, 0]
        chips = self._core.chips
        if self._match:
            return [1, -1] if chips[0] > chips[1] else [-1, 1]
        return [chips[0] - self._initial[0], chips[1] - self._initial[1]]

    def _observe(self, player: int) -> dict:
        c = self._core
        other = 1 - player
        up = c.up_counts
        settled = c.phase == DEALT_OUT
        mine = c.locked_card(player)
        out = {
            "deal": c.deal_no,
            "phase": PHASES[c.phase],
            "starter": c.starter,
            "hand": [card_text(x) for x in self.hand(player)],
            "locked": card_text(mine) if mine is not None else None,
            "opponent_locked": (card_text(c.locked_card(other)) if settled
                                else ("?" if c.locked_index(other) >= 0 else None)),
            "signals": [{"up": up[p], "down": 2 - up[p]} for p in (0, 1)],
            "stacks": c.chips if settled else c.stacks,
            "bets": c.bets,
            "pot": sum(c.totals),
            # (a settlement moves the core's chips on to the deal's end: its start is what the pot changed)
            "start_stacks": ([x - w + t for x, w, t in zip(c.chips, c.won, c.totals)] if settled else c.chips),
            "stock": c.stock_size,
            "discards": c.discard_size,
            "discard_pile": [card_text(x) for x in c.discards()],
        }
        if self._revealed is not None and not settled:
            out["last_reveal"] = [card_text(x) for x in self._revealed]
        if not self._over and c.phase == BETTING and c.actor == player:
            out.update(actor_figures(c))
        return out

    def _copy(self) -> "UpDownState":
        s = cast(UpDownState, self._shallow_copy())
        s._core = self._core.copy()
        s._dealt = list(self._dealt)
        return s

    def resample(self, player: int, rng: Any = None) -> "UpDownState":
        """A state ``player`` cannot tell from this one, with the same
        history: ``game.sample_world`` of his observation for the deal in
        play (the opponent's cards under the signals, his lock, the stock),
        and a past that leads there: the player's own draws as they were,
        the opponent's kept and drawn cards re-chosen among the orders the
        signals and reveals allow.  Its JSON is a setup of its own hands and
        draws plus the moves, so it replays through ``play``."""
        check_player(player, 2)
        self._refuse_resample_if_over()
        them = 1 - player
        seed = draw_seed(rng)
        starters, ups, reveals = [], [], []
        for p, m in self._history:
            if p == CHANCE:
                text = str(m)
                if text.startswith("deal "):
                    starters.append(int(text.split("starter ")[1].split(",")[0]))
                    signals = _SIGNALS_RE.search(text)
                    assert signals is not None
                    ups.append([int(x) for x in signals.groups()])
                elif text.startswith("reveal "):
                    shown = _REVEAL_RE.match(text)
                    assert shown is not None
                    reveals.append([card_id(x) for x in shown.groups()])
        obs = self.observation(player)
        for attempt in range(RESAMPLE_TRIES):
            r = Random(derive_seed(seed, attempt))
            world = self.game.sample_world(obs, r.next_u64())
            held = world.hand(them)                   # [kept from the last deal, drawn now]
            k = len(starters)
            drawn: dict[int, int] = {k: held[1]} if k > 1 else {}
            kept = held[0]
            for deal in range(k - 1, 1, -1):
                # Deal `deal` held {its revealed card, kept}: one came from deal - 1,
                # of the group that deal's signal less its revealed card shows.
                pair = (reveals[deal - 1][them], kept)
                want = ups[deal - 2][them] - is_up(reveals[deal - 2][them])
                options = [i for i in (0, 1) if is_up(pair[i]) == want]
                if not options:
                    break
                i = options[r.randbelow(len(options))]
                kept, drawn[deal] = pair[i], pair[1 - i]
            else:
                options = [0]
            if not options:
                continue
            first_them = [reveals[0][them], kept] if k > 1 else list(held)
            if k > 1 and r.randbelow(2):
                first_them.reverse()
            first = list(self._dealt[0])
            first[them], first[2 + them] = first_them
            draws = []
            for deal in range(2, k + 1):
                drew = list(self._dealt[deal - 1])
                drew[0 if starters[deal - 1] == them else 1] = drawn[deal]
                draws.append(drew)
            setup = {"seed": r.next_u64(), "hands": [[first[0], first[2]], [first[1], first[3]]],
                     "draws": draws}
            try:
                state = cast(UpDownState, self.game._initial_state(setup))
                lock = world.locked_card(them)
                deal = 1
                for p, m in self._history:
                    if p == CHANCE:
                        if str(m).startswith("deal "):
                            deal = int(str(m).split(":")[0].split()[1])
                        continue
                    if p == them and isinstance(m, LockMove) and deal == k:
                        m = LockMove(lock)
                    state.play(m)
            except ValueError:
                continue        # this past does not fit the stock (two packs): draw another
            return state
        raise ValueError(f"updown: no past fitting the history was found in {RESAMPLE_TRIES} tries")

    def _score_breakdown(self) -> dict:
        c = self._core
        return {"chips": c.chips, "deals": self._deals, "ties": self._ties,
                "showdown": [card_text(x) for x in self._revealed] if self._revealed else None,
                "folded": c.folded if c.folded >= 0 else None}

    def hand(self, player: int) -> tuple[int, ...]:
        """The two cards ``player`` holds (ids, poker order)."""
        check_player(player, 2)
        return tuple(sorted(self._core.hand(player), key=_POKER_KEY))

    @property
    def core(self) -> DuelCore:
        """The compiled position (read it; do not change it)."""
        return self._core


class UpDownGame(Game):
    """The Up/Down duel: 20 chips each, ante 1, lock a card, bet, compare (RULES.md §6)."""

    name = "updown"
    title = "Up/Down duel"
    num_players = 2
    state_class = UpDownState
    plays_matches = True
    default_options = {"chips": 20}

    def _validate_options(self) -> None:
        check_int(self._options["chips"], "updown: option chips", 1, MAX_AMOUNT // 2)
        if not isinstance(self._options["match"], bool):
            raise ArgumentTypeError("updown: option match must be True or False")

    def validate_setup(self, setup: dict) -> None:
        """A setup is a ``seed`` (the shuffle of the two packs), optionally
        with the ``hands`` of the first deal and the ``draws`` of the next
        deals (two card ids each, the starter's first)."""
        super().validate_setup(setup)
        if len(setup) == 1 and "seed" in setup:
            return
        unknown = sorted(set(setup) - {"seed", "hands", "draws"})
        if unknown:
            raise InvalidSetupError(f"updown: unknown setup key(s) {', '.join(unknown)}")
        if "hands" in setup:
            hands = setup["hands"]
            if not isinstance(hands, list) or len(hands) != 2:
                raise InvalidSetupError("updown: the setup's hands are two lists of two card ids", "UD-2.1")
            for p, h in enumerate(hands):
                if not isinstance(h, list) or len(h) != 2:
                    raise InvalidSetupError(f"updown: player {p} is dealt two cards", "UD-2.1")
                for c in h:
                    _pack_card(c, f"player {p}'s hand")
            _two_packs([c for h in hands for c in h], "the hands")
        draws = setup.get("draws", [])
        if not isinstance(draws, list) or len(draws) > MAX_DEALS:
            raise InvalidSetupError(f"updown: draws must be a list of at most {MAX_DEALS} pairs of card ids")
        for i, pair in enumerate(draws):
            if not isinstance(pair, list) or len(pair) != 2:
                raise InvalidSetupError(f"updown: deal {i + 2} draws two cards, one each", "UD-5.2")
            for c in pair:
                _pack_card(c, f"the draws of deal {i + 2}")

    def parse_move(self, text: str, state: State | None = None) -> Move:
        if isinstance(text, str):
            m = _LOCK_RE.match(text)
            if m:
                try:
                    return LockMove(card_id(m.group(1)))
                except ValueError:
                    raise InvalidMoveError(f"not a card: {m.group(1)!r}") from None
        return parse_bet_text(text, allin=getattr(state, "resolve_allin", None))

    # -- worlds and rollouts (issue 12 parts 2 and 3) ---------------------------
    def sample_world(self, observation: Any, rng: Any = None) -> DuelCore:
        """The deal in play as a compiled position (``DuelCore``) the
        observing player cannot tell from the real one: his cards and lock,
        the chips, the signals, the discard pile and the betting stay; the
        opponent's two cards are dealt uniformly from the cards he has not
        seen under the public signals (UD-2.3), the card the opponent locked
        is either of them, and the stock is shuffled."""
        data = observation_data(observation, self.name)
        try:
            return self._world(data, rng)
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as e:
            raise InvalidSetupError(f"not an updown observation this engine wrote: {e!r:.80}") from None

    def _world(self, data: dict, rng: Any) -> DuelCore:
        me = data["player"]
        them = 1 - me
        mine = [card_id(c) for c in data["hand"]]
        locked = card_id(data["locked"]) if data["locked"] else None
        if locked is not None and locked not in mine:
            raise InvalidSetupError(f"not an updown observation: the locked card {data['locked']!r:.8} is not in "
                                    "the hand", "UD-3.1")
        my_lock = -1 if locked is None else mine.index(locked)
        history = data["history"]
        i = len(history) - 1
        while not (history[i][0] == CHANCE and history[i][1].startswith("deal ")):
            i -= 1
        actions = public_actions(t for p, t in history[i + 1:] if p != CHANCE and not t.startswith("lock"))
        kept_up = -1
        if data["deal"] > 1:
            j = i - 1
            while not (history[j][0] == CHANCE and history[j][1].startswith("reveal ")):
                j -= 1
            shown = _REVEAL_RE.match(history[j][1])
            if shown is None:
                raise InvalidSetupError(f"not an updown observation: a bad reveal entry {history[j][1]!r:.60}")
            revealed = card_id(shown.group(1 + them))
            while not (history[j][0] == CHANCE and history[j][1].startswith("deal ")):
                j -= 1
            signals = _SIGNALS_RE.search(history[j][1])
            if signals is None:
                raise InvalidSetupError(f"not an updown observation: a bad deal entry {history[j][1]!r:.60}")
            prev_up = int(signals.group(1 + them))
            kept_up = prev_up - is_up(revealed)
        stacks, starter = data["start_stacks"], data["starter"]
        discards = [card_id(c) for c in data["discard_pile"]]
        # (the core refuses seats, card ids and stacks out of range; what it cannot know is this game's chips)
        if sum(stacks) != 2 * self._options["chips"]:
            raise InvalidSetupError("not an updown observation this engine wrote: its chips do not fit a duel of "
                                    f"{self._options['chips']} chips each", "UD-2.1")
        return _uc.world(me, mine, my_lock, stacks, starter, data["deal"],
                         kept_up, data["signals"][them]["up"], data["opponent_locked"] == "?",
                         discards, actions, draw_seed(rng))

    def policy_move(self, observation: Any, legal_moves: Any = None, rng: Any = None) -> Move:
        """The compiled rollout policy's move for the player to act
        (issue 12 part 3): lock the card more likely to win against what
        the opponent may hold (signals, unseen cards), then bet on that
        chance against the pot odds (``betting.bet_policy``).  It reads
        nothing hidden; ``legal_moves`` is accepted for the agent protocol."""
        data = observation_data(observation, self.name)
        if data.get("current_player") != data.get("player"):
            raise ValueError(f"player {data.get('player')!r:.20} is not to act")
        seed = draw_seed(rng)
        world = self.sample_world(data, seed)
        action, amount = _uc.policy(world, seed ^ _POLICY_SALT)
        if action == _uc.LOCK_ACTION:
            return LockMove(world.hand(data["player"])[amount])
        if action == B.BET:
            return BetMove("raise" if world.level > 0 else "bet", amount)
        return BetMove({B.FOLD: "fold", B.CHECK: "check", B.CALL: "call"}[action])

    def rollout(self, position: DuelCore, rng: Any = None) -> tuple:
        """Chips each player wins or loses when the deal of ``position`` (a
        ``DuelCore``, e.g. from ``sample_world``) is played to its
        settlement by the policy in both seats, in the core without the GIL."""
        if not isinstance(position, DuelCore):
            raise ArgumentTypeError(f"an updown position is a DuelCore, not {type(position).__name__}")
        return _uc.rollout(position, draw_seed(rng))

    def from_hands(self, hands, *, seed: int = 0) -> UpDownState:
        """A match (or deal) whose first deal gives these two hands (two
        cards each: text like ``"Kh 3c"`` or ids); the rest of the two packs
        is shuffled from ``seed``."""
        seed = check_seed(seed)
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__") or len(hands) != 2:
            raise InvalidSetupError("updown: give two hands, one per player", "UD-2.1")
        ids = []
        for p, h in enumerate(hands):
            try:
                cards = to_card_ids(h)
            except (InvalidCardError, TypeError, ValueError, OverflowError) as e:
                raise InvalidSetupError(f"updown: player {p}'s hand is not cards: {e}", "UD-2.1") from None
            ids.append(cards)
        return cast(UpDownState, self._initial_state({"seed": seed, "hands": ids}))

    def deal_summary(self, state: State) -> dict:
        out = super().deal_summary(state)
        st: UpDownState = state  # type: ignore[assignment]
        out["deals"] = st._deals
        out["ties"] = st._ties
        out["folds"] = sum(1 for p, m in st.history if p >= 0 and str(m) == "fold")
        out["reshuffles"] = st.core.reshuffles
        return out

    def summarize(self, summaries: Sequence[dict]) -> dict:
        out = super().summarize(summaries)
        n = len(summaries)
        if n:
            deals = [s["deals"] for s in summaries]
            if self._options["match"]:
                out["deals_per_match"] = sum(deals) / n
                out["longest_match"] = max(deals)
            out["fold_rate"] = sum(s["folds"] for s in summaries) / max(1, sum(deals))
            out["tie_rate"] = sum(s["ties"] for s in summaries) / max(1, sum(deals))
            out["reshuffles"] = sum(s["reshuffles"] for s in summaries)
        return out


def _pack_card(c, what: str) -> int:
    if type(c) is not int:
        raise ArgumentTypeError(f"updown: {what} holds {c!r}, not a card id")
    if not 0 <= c < 52:
        raise InvalidSetupError(f"updown: {what} holds card id {c}: the packs have no jokers (ids 0-51)", "UD-2.1")
    return c


def _two_packs(cards, what: str) -> None:
    for c in set(cards):
        if cards.count(c) > 2:
            raise InvalidSetupError(f"updown: {what} hold {card_text(c)} {cards.count(c)} times: two packs "
                                    "hold two of each card", "UD-2.1")


GAME = UpDownGame
