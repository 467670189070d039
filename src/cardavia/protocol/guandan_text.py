"""Cards and moves in the Guandan competition's wire text, both ways.

The competition judge (see ``cardavia.protocol.guandan_judge`` for the
messages) writes a card as suit letter then rank: ``"S2"``, ``"HT"``,
``"DA"``; suits ``S H C D``, ranks ``2``-``9 T J Q K A``; the jokers are
``"SB"`` (black, small) and ``"HR"`` (red, big).  A move is an *action*
``[type, rank, cards]``:

- ``type``: ``Single Pair Trips ThreeWithTwo TwoTrips ThreePair Straight
  StraightFlush Bomb`` or ``PASS`` (the pass is ``["PASS", "PASS", "PASS"]``);
  the judge's tribute and return choices are ``["tribute", "tribute",
  [card]]`` and ``["back", "back", [card]]``.
- ``rank``: the main rank as one character.  For a sequence (Straight,
  StraightFlush, ThreePair, TwoTrips) it is the rank of its *lowest* card,
  ``"A"`` for the ones that start with a low Ace (A-2-3-4-5, AA2233,
  AAA222); Cardavia's reading names the *highest* (``straight:5``).  Jokers
  are ``"B"`` and ``"R"``; the four-joker bomb is ``["Bomb", "JOKER",
  ["SB", "SB", "HR", "HR"]]``.
- ``cards``: the physical cards.  A wild (the heart of the level rank) is
  written as itself (``"H2"`` at level 2), never as the card it stands for:
  the reading is in ``type`` and ``rank``.  Sequences and ``ThreeWithTwo``
  list their cards in reading order, as the judge does and bots read them
  (a low Ace first, a wild in the slot it fills; ``cards[0]`` the triple,
  ``cards[3]`` the pair); other plays by rank.

A Cardavia move is the cards plus their reading (RULES.md GD-5.3), so each
Cardavia play has exactly one action and back; ``action_to_move`` refuses
an action whose cards cannot be read that way under Cardavia's rules
(RULES.md GD-5) with a ``ValueError`` that says why.
"""
from __future__ import annotations

from typing import Any, Sequence

from cardavia.cards import BLACK_JOKER, RED_JOKER
from cardavia.guandan import MAIN_CHARS, PASS, SHAPES, GuandanMove, classify

__all__ = ["ACTION_TYPES", "PASS_ACTION", "action_of", "action_to_move", "card_from_wire", "card_to_wire",
           "cards_from_wire", "cards_to_wire", "level_char", "level_from_char"]

_SUITS = "CDHS"  # Cardavia's suit order (card id = 4 * rank + suit)
RANKS = "23456789TJQKA"
PASS_ACTION = ["PASS", "PASS", "PASS"]

_TYPE_OF_SHAPE = {"single": "Single", "pair": "Pair", "triple": "Trips", "fullhouse": "ThreeWithTwo",
                  "triples": "TwoTrips", "pairs": "ThreePair", "straight": "Straight",
                  "straightflush": "StraightFlush", "bomb": "Bomb", "jokerbomb": "Bomb"}
ACTION_TYPES = ("Single", "Pair", "Trips", "ThreeWithTwo", "TwoTrips", "ThreePair", "Straight", "StraightFlush",
                "Bomb", "PASS")
_SHAPE = {name: i for i, name in enumerate(SHAPES)}
_SEQUENCE_LENGTH = {"straight": 5, "straightflush": 5, "pairs": 3, "triples": 2}
"""Ranks in each sequence shape: the wire names the lowest, Cardavia the highest."""


def card_to_wire(card: int) -> str:
    """Card id 0-53 to wire text: 0 (2c) is ``"C2"``, 52 ``"SB"``, 53 ``"HR"``."""
    if card == BLACK_JOKER:
        return "SB"
    if card == RED_JOKER:
        return "HR"
    return "SHCD"["SHCD".index(_SUITS[card % 4])] + RANKS[card // 4]


def card_from_wire(text: Any) -> int:
    """Wire text to a card id; ValueError naming what is wrong."""
    if not isinstance(text, str) or len(text) != 2:
        raise ValueError(f"a card is two characters, suit then rank (S2, HT, SB, HR), not {text!r:.40}")
    if text == "SB":
        return BLACK_JOKER
    if text == "HR":
        return RED_JOKER
    suit, rank = text[0], text[1]
    if suit not in "SHCD" or rank not in RANKS:
        raise ValueError(f"bad card {text!r}: suit S, H, C or D then rank 2-9, T, J, Q, K or A "
                         "(jokers SB and HR)")
    return 4 * RANKS.index(rank) + _SUITS.index(suit)


def _wire_order(card: int) -> tuple[int, int]:
    return (card // 4, "SHCD".index(card_to_wire(card)[0]))


def cards_to_wire(cards: Sequence[int]) -> list[str]:
    """Card ids to wire texts, by rank (2 … A, jokers last) then suit S H C D."""
    return [card_to_wire(c) for c in sorted(cards, key=_wire_order)]


def cards_from_wire(texts: Any) -> list[int]:
    if not isinstance(texts, list):
        raise ValueError(f"cards are a list of card texts, not {type(texts).__name__}")
    return [card_from_wire(t) for t in texts]


def level_char(level: int) -> str:
    """A level 2-14 as the wire's rank character (``"2"`` … ``"A"``)."""
    return RANKS[level - 2]


def level_from_char(text: Any) -> int:
    """The wire's ``curRank``/``selfRank``/``oppoRank`` to a level 2-14 (an int 2-14 is taken too)."""
    if isinstance(text, int) and not isinstance(text, bool) and 2 <= text <= 14:
        return text
    if isinstance(text, str) and len(text) == 1 and text in RANKS:
        return RANKS.index(text) + 2
    raise ValueError(f"a rank is one of 2-9, T, J, Q, K, A, not {text!r:.40}")


def action_of(move: GuandanMove, kind: str = "play") -> list:
    """A Cardavia move as the wire's action ``[type, rank, cards]``.

    A ``return`` move is written ``["back", "back", [card]]``; ``kind="tribute"``
    writes a card given as tribute (a return move of that card) as
    ``["tribute", "tribute", [card]]``.
    """
    if move.kind == "pass":
        return list(PASS_ACTION)
    if move.kind == "return":
        word = "tribute" if kind == "tribute" else "back"
        return [word, word, cards_to_wire(move.cards)]
    shape = SHAPES[move.shape]
    if shape == "jokerbomb":
        rank = "JOKER"
    elif shape in _SEQUENCE_LENGTH:
        low = move.main - (_SEQUENCE_LENGTH[shape] - 1)
        rank = "A" if low == -1 else RANKS[low]
    else:
        rank = MAIN_CHARS[move.main]
    cards = _reading_cards(move, shape) if shape in _SLOT_WIDTH else cards_to_wire(move.cards)
    return [_TYPE_OF_SHAPE[shape], rank, cards]


_SLOT_WIDTH = {"straight": 1, "straightflush": 1, "pairs": 2, "triples": 3, "fullhouse": 3}
"""Cards per rank of each shape the wire lists in reading order (a full house: its triple)."""


def _reading_cards(move: GuandanMove, shape: str) -> list[str]:
    """A sequence's or full house's cards on the wire in reading order, as
    the judge writes them and positional bots read them: rank by rank from
    the lowest (a low Ace first), each rank's natural cards then the wilds
    standing for it; a full house's triple, then its pair."""
    level = getattr(move, "_level", None)
    if level is None:
        return cards_to_wire(move.cards)
    wild, width = 4 * level + 2, _SLOT_WIDTH[shape]
    if shape == "fullhouse":
        slots = [move.main]
    else:
        low = move.main - (_SEQUENCE_LENGTH[shape] - 1)
        slots = [12 if r == -1 else r for r in range(low, move.main + 1)]   # rank 12 is the Ace
    rest = sorted(move.cards, key=_wire_order)
    out: list[int] = []
    for rank in slots:
        natural = [c for c in rest if c // 4 == rank and c != wild][:width]
        wilds = [c for c in rest if c == wild][:width - len(natural)]
        if len(natural) + len(wilds) != width:   # not the reading this function knows: the plain order
            return cards_to_wire(move.cards)
        for c in natural + wilds:
            rest.remove(c)
        out += natural + wilds
    pair = [c for c in rest if c != wild] + [c for c in rest if c == wild]   # (a full house's pair, wild last)
    return [card_to_wire(c) for c in out + pair]


def action_to_move(action: Any, level: int) -> GuandanMove:
    """The wire's action to the Cardavia move at a level (2-14); ValueError
    when it is malformed or its cards have no such reading (RULES.md GD-5)."""
    if not isinstance(action, list) or len(action) != 3:
        raise ValueError(f"an action is [type, rank, cards], not {action!r:.80}")
    kind, rank, cards = action
    if kind == "PASS":
        return PASS
    if kind in ("back", "tribute"):
        ids = cards_from_wire(cards)
        if len(ids) != 1:
            raise ValueError(f"a {kind} action gives exactly one card, not {cards!r:.80}")
        return GuandanMove("return", cards=ids)
    if kind not in ACTION_TYPES:
        raise ValueError(f"unknown action type {kind!r:.40}; types: {', '.join(ACTION_TYPES)}")
    ids = cards_from_wire(cards)
    if not ids:
        raise ValueError(f"a {kind} action needs its cards")
    if not isinstance(rank, str):
        raise ValueError(f"an action's rank is text, not {rank!r:.40}")
    shapes = [s for s, t in _TYPE_OF_SHAPE.items() if t == kind]
    for move in classify(ids, level):
        shape = SHAPES[move.shape]
        if shape in shapes and action_of(move)[1] == rank:
            return move
    found = ", ".join(action_of(m)[0] + ":" + action_of(m)[1] for m in classify(ids, level)) or "none"
    raise ValueError(f"{kind} {rank} of {' '.join(cards)} is not a reading of these cards at level "
                     f"{level_char(level)} under RULES.md GD-5 (their readings: {found})")
