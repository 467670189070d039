"""Portable Bridge Notation: deals, and whole games with auction and play.

A PBN deal is ``"N:AKQ.T98.765.432 ..."``: the seat of the first hand, then
four hands clockwise (N, E, S, W order), each ``spades.hearts.diamonds.clubs``
with ranks ``AKQJT98765432`` (``-`` marks a void).  Hands here are card-id bit
masks (``id = 4 * rank + suit``, bit ``id`` set) in PBN seat order
North, East, South, West.
"""
from __future__ import annotations

import re

RANKS = "23456789TJQKA"
PBN_SEATS = "NESW"
_SUIT_ORDER = (3, 2, 1, 0)  # PBN writes spades, hearts, diamonds, clubs


def parse_deal(text: str, *, full: bool = True) -> tuple[int, int, int, int]:
    """Read a PBN deal; return four card masks in N, E, S, W order.

    ``full`` requires 13 cards a hand and all 52 cards.  Raises ValueError
    naming the problem.
    """
    if not isinstance(text, str):
        raise ValueError(f"a PBN deal must be text, not {type(text).__name__}")
    s = text.strip()
    if len(s) < 2 or s[1] != ":" or s[0].upper() not in PBN_SEATS:
        raise ValueError(f"PBN deal {text!r} must start with the first hand's seat and a colon, like \"N:\"")
    first = PBN_SEATS.index(s[0].upper())
    parts = s[2:].split()
    if len(parts) != 4:
        raise ValueError(f"PBN deal needs 4 hands separated by spaces, got {len(parts)}")
    hands = [0, 0, 0, 0]
    seen = 0
    for i, part in enumerate(parts):
        seat = (first + i) % 4
        suits = part.split(".")
        if len(suits) != 4:
            raise ValueError(f"PBN hand {part!r} of {PBN_SEATS[seat]} needs 4 suits separated by dots "
                             f"(spades.hearts.diamonds.clubs), got {len(suits)}")
        mask = 0
        for suit_text, suit in zip(suits, _SUIT_ORDER):
            if suit_text == "-":
                continue
            for ch in suit_text:
                r = RANKS.find(ch.upper())
                if r < 0:
                    raise ValueError(f"PBN hand {part!r} of {PBN_SEATS[seat]}: {ch!r} is not a rank "
                                     f"(AKQJT98765432)")
                bit = 1 << (4 * r + suit)
                if (mask | seen) & bit:
                    raise ValueError(f"PBN deal: the card {ch.upper()}{'cdhs'[suit]} appears twice")
                mask |= bit
        seen |= mask
        hands[seat] = mask
    if full:
        for seat in range(4):
            n = bin(hands[seat]).count("1")
            if n != 13:
                raise ValueError(f"PBN deal: {PBN_SEATS[seat]} holds {n} cards, not 13")
    else:
        sizes = {bin(h).count("1") for h in hands}
        if len(sizes) != 1:
            raise ValueError("PBN deal: the hands hold different numbers of cards")
    return tuple(hands)


def format_hand(mask: int) -> str:
    return ".".join("".join(RANKS[r] for r in range(12, -1, -1) if mask >> (4 * r + suit) & 1)
                    for suit in _SUIT_ORDER)


def format_deal(hands, first: str = "N") -> str:
    """Write four card masks (N, E, S, W order) as a PBN deal starting at ``first``."""
    if first not in PBN_SEATS:
        raise ValueError(f"first seat must be one of N, E, S, W, not {first!r}")
    hands = [int(h) for h in hands]
    if len(hands) != 4:
        raise ValueError("a deal has four hands")
    f = PBN_SEATS.index(first)
    return f"{first}:" + " ".join(format_hand(hands[(f + i) % 4]) for i in range(4))


def card_pbn(card: int) -> str:
    """A card in PBN play notation: suit then rank, ``SA``, ``H7``."""
    return "CDHS"[card & 3] + RANKS[card >> 2]


def parse_card_pbn(token: str) -> int:
    t = token.strip().upper()
    if len(t) == 3 and t[1:] == "10":
        t = t[0] + "T"
    if len(t) != 2 or t[0] not in "CDHS" or t[1] not in RANKS:
        raise ValueError(f"PBN play: {token!r} is not a card (suit then rank, like SA or H7)")
    return 4 * RANKS.index(t[1]) + "CDHS".index(t[0])


# -- whole games -------------------------------------------------------------
_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]\s*$')


def parse_tags(text: str) -> list[tuple[str, str, list[str]]]:
    """Split PBN text into (tag, value, section lines) in order."""
    if not isinstance(text, str):
        raise ValueError("PBN must be text")
    out: list[tuple[str, str, list[str]]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("%") or line.startswith(";"):
            continue
        if line.startswith("["):
            m = _TAG.match(line)
            if not m:
                raise ValueError(f"PBN line {lineno}: malformed tag {line!r} (expected [Name \"value\"])")
            out.append((m.group(1), m.group(2), []))
        else:
            if not out:
                raise ValueError(f"PBN line {lineno}: text {line!r} before any tag")
            line = re.sub(r"\{[^}]*\}", " ", line)
            out[-1][2].extend(line.split())
    return out


def _pbn_call(text: str) -> str:
    return {"pass": "Pass"}.get(text, text)


def export_game(state, event: str = "Cardavia", board: int = 1) -> str:
    """A bridge state (any phase) as a PBN game: deal, auction, play, result."""
    from cardavia.bridge import PBN_VUL, SEAT_LETTERS

    def letter(seat: int) -> str:
        return SEAT_LETTERS[seat]

    lines = [
        f'[Event "{event}"]',
        '[Site ""]',
        '[Date ""]',
        f'[Board "{board}"]',
        '[West ""]', '[North ""]', '[East ""]', '[South ""]',
        '[Dealer "S"]',
        f'[Vulnerable "{PBN_VUL[state.vulnerability]}"]',
        f'[Deal "{state.deal_pbn()}"]',
    ]
    decl = state.declarer
    if state.phase == "auction":
        contract = ""
    elif decl is None:
        contract = "Pass"
    else:
        contract = state.contract
    lines.append(f'[Declarer "{letter(decl) if decl is not None else ""}"]')
    lines.append(f'[Contract "{contract}"]')
    if state.phase == "over" and decl is not None:
        lines.append(f'[Result "{state.declarer_tricks}"]')
        sc = int(state.ns_score())
        lines.append(f'[Score "NS {sc}"]')
    lines.append('[Auction "S"]')
    calls = [_pbn_call(str(c)) for c in state._calls]
    for i in range(0, len(calls), 4):
        lines.append(" ".join(calls[i:i + 4]))
    if decl is not None:
        opener = (decl + 1) % 4
        lines.append(f'[Play "{letter(opener)}"]')
        tricks = [cards for _, cards, _ in state._tricks]
        if state._trick:
            tricks.append(state._trick)
        for cards in tricks:
            by_seat = {seat: c for seat, c in cards}
            row = [card_pbn(by_seat[(opener + k) % 4]) if (opener + k) % 4 in by_seat else "-"
                   for k in range(4)]
            lines.append(" ".join(row))
        if state.phase == "over":
            lines.append("*")
    return "\n".join(lines) + "\n"


def import_game(text: str):
    """Read a PBN game written by ``export_game`` (or any PBN with Deal,
    Dealer S, Vulnerable, Auction and Play sections) back into a bridge
    state.  Raises ValueError naming the problem."""
    import cardavia
    from cardavia.bridge import PBN_VUL, SEAT_LETTERS

    tags = parse_tags(text)
    found = {name: (value, body) for name, value, body in tags}
    if "Deal" not in found:
        raise ValueError("PBN game has no [Deal] tag")
    dealer = found.get("Dealer", ("S", []))[0]
    if dealer != "S":
        raise ValueError(f"PBN game: dealer must be S (the fixed dealer of RULES.md BR-2.1), not {dealer!r}")
    vul_text = found.get("Vulnerable", ("None", []))[0]
    vul_map = {v: k for k, v in PBN_VUL.items()}
    vul_map.update({"Love": "none", "-": "none", "Both": "both"})
    if vul_text not in vul_map:
        raise ValueError(f"PBN game: unknown vulnerability {vul_text!r} (None, NS, EW or All)")
    game = cardavia.load("bridge", vulnerability=vul_map[vul_text])
    state = game.from_deal(found["Deal"][0])
    if "Auction" in found:
        first, body = found["Auction"]
        if first != "S":
            raise ValueError(f"PBN game: the auction must start with S, not {first!r}")
        for tok in body:
            if tok in ("*", "+") or tok.startswith("="):
                continue
            if tok.upper() == "AP":
                while state.phase == "auction":
                    state.play("pass")
                continue
            try:
                state.play("pass" if tok.lower() == "pass" else tok.upper())
            except ValueError as e:
                raise ValueError(f"PBN game: call {tok!r} does not replay: {e}") from None
    if "Play" in found and state.phase == "play":
        first, body = found["Play"]
        opener = state.seat_to_play
        if first != SEAT_LETTERS[opener]:
            raise ValueError(f"PBN game: the play must start with the opening leader "
                             f"{SEAT_LETTERS[opener]}, not {first!r}")
        toks = [t for t in body if t not in ("*", "+")]
        if len(toks) % 4:
            raise ValueError("PBN game: each line of the play section needs 4 entries (a card or -)")
        for i in range(0, len(toks), 4):
            row = toks[i:i + 4]
            by_seat = {}
            for k, tok in enumerate(row):
                if tok != "-":
                    by_seat[(opener + k) % 4] = parse_card_pbn(tok)
            for _ in range(len(by_seat)):
                if state.phase != "play":
                    raise ValueError("PBN game: more cards than the deal has tricks")
                seat = state.seat_to_play
                if seat not in by_seat:
                    raise ValueError(f"PBN game: trick {i // 4 + 1} has no card for {SEAT_LETTERS[seat]}")
                from cardavia.cards import card_text
                try:
                    state.play(card_text(by_seat.pop(seat)))
                except ValueError as e:
                    raise ValueError(f"PBN game: trick {i // 4 + 1} does not replay: {e}") from None
    if "Result" in found and state.phase == "over" and state.declarer is not None:
        try:
            res = int(found["Result"][0])
        except ValueError:
            raise ValueError(f"PBN game: bad result {found['Result'][0]!r}") from None
        if res != state.declarer_tricks:
            raise ValueError(f"PBN game: result {res} disagrees with the play ({state.declarer_tricks} tricks)")
    return state
