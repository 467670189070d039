"""Portable Bridge Notation: deals, and whole games with auction and play.

A PBN deal is ``"N:AKQ.T98.765.432 ..."``: the seat of the first hand, then
four hands clockwise (N, E, S, W order), each ``spades.hearts.diamonds.clubs``
with ranks ``AKQJT98765432`` (``-`` marks a void).  Hands here are card-id bit
masks (``id = 4 * rank + suit``, bit ``id`` set) in PBN seat order
North, East, South, West.

This module imports no game: ``export_game`` reads a bridge state's public
accessors, and ``parse_game`` returns plain data that
``cardavia.load("bridge").from_pbn(text)`` replays.
"""
from __future__ import annotations

import re

RANKS = "23456789TJQKA"
PBN_SEATS = "NESW"
SEAT_LETTERS = "SWNE"
"""PBN seat letters of Cardavia's bridge seats South 0, West 1, North 2, East 3."""
VULNERABILITY = ("none", "ns", "ew", "both")
PBN_VUL = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
_SUIT_ORDER = (3, 2, 1, 0)  # PBN writes spades, hearts, diamonds, clubs


def parse_deal(text: str, *, full: bool = True) -> tuple[int, ...]:
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
    if not isinstance(first, str) or len(first) != 1 or first not in PBN_SEATS:
        raise ValueError(f"first seat must be one of N, E, S, W, not {first!r:.20}")
    try:
        hands = list(hands)
    except TypeError:
        raise ValueError(f"a deal is four card masks, not {type(hands).__name__}") from None
    if len(hands) != 4:
        raise ValueError("a deal has four hands")
    seen = 0
    for h in hands:
        if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h < 1 << 52:
            raise ValueError("a PBN hand is a mask of the 52 cards (an int of 52 bits)")
        if h & seen:
            raise ValueError("PBN deal: a card is in two hands")
        seen |= h
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
_TAG = re.compile(r'\[[ \t]*(\w+)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')
_TOKEN = re.compile(r'[^\s{;\[]+')
_FIRST_TAGS = ("Event", "Site", "Date", "Board")
_ANNOTATION = re.compile(r'^(?:=\d+=|\$\d+|[!?]+)$')
"""Notes (``=1=``), NAGs (``$3``) and suffix annotations (``!``, ``?!``) of
the auction and play sections: they comment on a call or card."""


def _scan(text: str, starts: list[int] | None = None,
          values: list[tuple[int, int, str, str]] | None = None) -> list[list[tuple[str, str, list[str]]]]:
    """PBN text as games, each a list of (tag, value, section tokens): the
    tokenizer of PBN 2.1 (``%`` escape lines, ``{...}`` comments over any
    lines, ``;`` comments to the end of the line, several tag pairs on a
    line, ``\\"`` and ``\\\\`` inside tag values).  A game ends where one of
    its tags comes again, or at an empty line before an Event, Site, Date or
    Board tag (the tags a game starts with).  ``starts`` gets the offset
    of each game's first tag, ``values`` each tag's (game, value offset,
    name, value)."""
    if not isinstance(text, str):
        raise ValueError("PBN must be text")
    text = text.lstrip("\ufeff")
    games: list[list[tuple[str, str, list[str]]]] = [[]]
    names: set[str] = set()
    blank = False   # an empty line since the last tag or token
    line, i, n = 1, 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            if at_line_start:
                blank = True
            line, at_line_start, i = line + 1, True, i + 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if at_line_start and c == "%":
            j = text.find("\n", i)
            i = n if j < 0 else j
            at_line_start = False
            continue
        at_line_start = False
        if c == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "{":
            j = text.find("}", i)
            if j < 0:
                raise ValueError(f"PBN line {line}: the comment opened here with {{ is never closed with }}")
            line += text.count("\n", i, j)
            i = j + 1
        elif c == "[":
            m = _TAG.match(text, i)
            if not m:
                j = text.find("\n", i)
                shown = text[i:n if j < 0 else j].strip()
                raise ValueError(f"PBN line {line}: malformed tag {shown!r:.80} (expected [Name \"value\"])")
            name = m.group(1)
            value = re.sub(r"\\(.)", r"\1", m.group(2))
            if games[-1] and (name in names or blank and name in _FIRST_TAGS):
                games.append([])
                names = set()
            if not games[-1] and starts is not None:
                starts.append(i)
            games[-1].append((name, value, []))
            if values is not None:
                values.append((len(games) - 1, m.start(2), name, value))
            names.add(name)
            blank = False
            i = m.end()
        else:
            m = _TOKEN.match(text, i)
            assert m is not None   # c is none of the characters it stops at
            if not games[-1]:
                raise ValueError(f"PBN line {line}: text {m.group(0)!r:.40} before any tag")
            games[-1][-1][2].append(m.group(0))
            blank = False
            i = m.end()
    return [g for g in games if g]


def parse_tags(text: str) -> list[tuple[str, str, list[str]]]:
    """Split PBN text into (tag, value, section tokens) in order (every game's)."""
    return [tag for game in _scan(text) for tag in game]


def split_games(text: str) -> list[str]:
    """The text of each game of a PBN file (PBN 2.1 allows many), for
    ``parse_game`` or ``from_pbn`` one at a time; what comes before the
    first tag (``%`` lines) stays with the first game.  A tag value ``"#"``
    (PBN 2.1: the previous game's value of that tag) is written out, so each
    game reads alone."""
    starts: list[int] = []
    values: list[tuple[int, int, str, str]] = []
    _scan(text, starts, values)
    text = text.lstrip("\ufeff")
    copies: dict[int, str] = {}       # value offset -> the previous game's value, escaped
    last: dict[str, str] = {}
    for game, start, name, value in values:
        if value == "#":
            if name not in last:
                raise ValueError(f"PBN game {game + 1}: [{name} \"#\"] copies the previous game's {name}, "
                                 "and no game before it has one")
            copies[start] = last[name].replace("\\", "\\\\").replace('"', '\\"')
            value = last[name]
        last[name] = value
    bounds = [0] + starts[1:] + [len(text)]
    out = []
    for a, b in zip(bounds, bounds[1:]):
        piece, shift = text[a:b], a
        for start in sorted((o for o in copies if a <= o < b), reverse=True):
            piece = piece[:start - shift] + copies[start] + piece[start - shift + 1:]
        out.append(piece)
    return out


def _pbn_call(text: str) -> str:
    return {"pass": "Pass"}.get(text, text)


def _card_pbn_text(text: str) -> str:
    """Card text (``"As"``, ``"Th"``) in PBN play notation (``"SA"``, ``"HT"``)."""
    return text[-1].upper() + text[0].upper()


def export_game(state, event: str = "Cardavia", board: int = 1) -> str:
    """A bridge state (any phase) as a PBN game: deal, auction, play, result.

    Reads the state's public accessors only: ``phase``, ``vulnerability``,
    ``deal_pbn()``, ``declarer``, ``contract``, ``declarer_tricks``,
    ``ns_score()``, ``auction``, ``tricks`` and ``trick``.
    """
    if getattr(getattr(state, "game", None), "name", None) != "bridge":
        raise ValueError(f"export_game writes a bridge state, not {type(state).__name__}")
    if not isinstance(event, str) or any(ch in event for ch in '"\n\r'):
        raise ValueError("the event is one line of text without quotes")
    if isinstance(board, bool) or not isinstance(board, int) or not 1 <= board <= 1 << 31:
        raise ValueError("the board is a number from 1")
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
    lines.append(f'[Declarer "{SEAT_LETTERS[decl] if decl is not None else ""}"]')
    lines.append(f'[Contract "{contract}"]')
    if state.phase == "over" and decl is not None:
        lines.append(f'[Result "{state.declarer_tricks}"]')
        lines.append(f'[Score "NS {int(state.ns_score())}"]')
    lines.append('[Auction "S"]')
    calls = [_pbn_call(str(c)) for c in state.auction]
    for i in range(0, len(calls), 4):
        lines.append(" ".join(calls[i:i + 4]))
    if decl is not None:
        opener = (decl + 1) % 4
        lines.append(f'[Play "{SEAT_LETTERS[opener]}"]')
        tricks = [t["cards"] for t in state.tricks]
        if state.trick:
            tricks.append(state.trick)
        for cards in tricks:
            by_seat = {seat: c for seat, c in cards}
            row = [_card_pbn_text(by_seat[(opener + k) % 4]) if (opener + k) % 4 in by_seat else "-"
                   for k in range(4)]
            lines.append(" ".join(row))
        if state.phase == "over":
            lines.append("*")
    return "\n".join(lines) + "\n"


def _section(body: list[str]) -> list[str]:
    """The calls or cards of an auction or play section: ``*`` and ``+``
    dropped, notes, NAGs and suffix annotations (``1S!``) taken off."""
    out = []
    for t in body:
        if t in ("*", "+") or _ANNOTATION.match(t):
            continue
        out.append(t.rstrip("!?"))
    return out


def parse_game(text: str) -> dict:
    """Read a PBN game (``export_game`` writes one; any PBN with Deal, Dealer
    S, Vulnerable, Auction and Play sections) as plain data: ``deal`` (PBN
    text), ``vulnerability`` (none, ns, ew, both), ``auction`` (call tokens
    as written), ``play_first`` (the seat letter of the Play section),
    ``play`` (rows of four card ids or None, from that seat on),
    ``result`` (an int or None), ``contract`` and ``declarer`` (the tags'
    text, or None).  ``BridgeGame.from_pbn`` replays it.  A file of several
    games is refused: ``split_games`` gives each one's text.  Raises
    ValueError naming the problem."""
    games = _scan(text)
    if len(games) > 1:
        raise ValueError(f"PBN text holds {len(games)} games; read one at a time "
                         f"(cardavia.pbn.split_games gives each game's text)")
    found = {name: (value, body) for name, value, body in (games[0] if games else [])}
    copied = next((name for name, (value, _) in found.items() if value == "#"), None)
    if copied is not None:
        raise ValueError(f"PBN game: [{copied} \"#\"] copies the previous game's {copied}; read the whole "
                         "file with cardavia.pbn.split_games, which writes it out")
    if "Deal" not in found:
        raise ValueError("PBN game has no [Deal] tag")
    dealer = found.get("Dealer", ("S", []))[0]
    if dealer.upper() != "S":
        raise ValueError(f"PBN game: dealer must be S (the fixed dealer of RULES.md BR-2.1), not {dealer!r:.20}")
    vul_text = found.get("Vulnerable", ("None", []))[0]
    vul_map = {v.upper(): k for k, v in PBN_VUL.items()}
    vul_map.update({"LOVE": "none", "-": "none", "BOTH": "both"})
    if vul_text.upper() not in vul_map:
        raise ValueError(f"PBN game: unknown vulnerability {vul_text!r:.20} (None, NS, EW or All)")
    out: dict = {"deal": found["Deal"][0], "vulnerability": vul_map[vul_text.upper()], "auction": [],
                 "play_first": None, "play": [], "result": None,
                 "contract": found["Contract"][0] if "Contract" in found else None,
                 "declarer": found["Declarer"][0].upper() if "Declarer" in found else None}
    if "Auction" in found:
        first, body = found["Auction"]
        if first.upper() != "S":
            raise ValueError(f"PBN game: the auction must start with S (the dealer, BR-2.1), not {first!r:.20}")
        out["auction"] = _section(body)
    if "Play" in found:
        first, body = found["Play"]
        toks = _section(body)
        if toks and "Auction" not in found:
            raise ValueError("PBN game: a play section needs the auction that leads to it "
                             "(there is no [Auction] tag)")
        if len(toks) % 4:
            raise ValueError("PBN game: each line of the play section needs 4 entries (a card or -)")
        out["play_first"] = first.upper()
        out["play"] = [[None if t == "-" else parse_card_pbn(t) for t in toks[i:i + 4]]
                       for i in range(0, len(toks), 4)]
    if "Result" in found:
        res = found["Result"][0].strip()
        if res not in ("", "?"):
            if not re.fullmatch(r"[0-9]{1,2}", res) or int(res) > 13:
                raise ValueError(f"PBN game: bad result {res!r:.20} (the tricks declarer took, 0-13)")
            out["result"] = int(res)
    return out
