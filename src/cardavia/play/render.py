"""A table drawn as text from one player's observation (DESIGN.md "play").

``render(observation, legal)`` reads nothing but ``state.observation(seat)``
and the texts of the legal moves, so it cannot show a card the seat may not
know.  It returns a rich renderable (colour on a terminal); ``render_text``
gives the same table as plain text.
"""
from __future__ import annotations

import io
from typing import Any, Iterable, Mapping, Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardavia.chance_words import STRAINS, chance_sentence, seats_known
from cardavia.game import CHANCE, Observation

PAGE = 24
"""Legal moves listed at a time; the rest are reached by filtering or ``more``."""
BRIDGE_SEATS = ("South", "West", "North", "East")
RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}
JOKER_RANKS = {"BJ": "B", "RJ": "R"}
"""Dou Dizhu's jokers as cards (the hand, the bottom) and as ranks (the moves, DESIGN.md)."""
JOKER_LEGEND = "in moves: " + ", ".join(f"{rank} = {card}" for card, rank in JOKER_RANKS.items())
TEAM_GAMES = ("guandan", "shengji", "bridge")
SUIT_STYLE = {"h": "red", "d": "red", "c": "default", "s": "default"}


def seat_names(game: str, num_players: int, me: int) -> list[str]:
    """How each seat is called at the table: ``you`` for ``me``."""
    names = list(BRIDGE_SEATS) if game == "bridge" else [f"Seat {p}" for p in range(num_players)]
    names[me] += " (you)"
    if game in TEAM_GAMES and num_players == 4:
        names[(me + 2) % 4] += " (partner)"
    return names


def strain_text(strain: Any) -> str:
    """A trump in words (the engines write a suit letter or NT)."""
    return STRAINS.get(strain, str(strain)) if strain is not None else "undecided"


def deal_word(game: str) -> str:
    """What one deal of ``game`` is called: Hold'em plays hands."""
    return "hand" if game == "holdem" else "deal"


def level_text(level: Any) -> str:
    return RANKS.get(level, str(level)) if isinstance(level, int) else str(level)


def card_text(card: str) -> Text:
    """One card in its typed form, hearts and diamonds in red, jokers bold."""
    if card in ("BJ", "RJ"):
        return Text(card, style="bold" if card == "BJ" else "bold red")
    return Text(card, style=SUIT_STYLE.get(card[-1:].lower(), "default"))


def cards_text(cards: Iterable[str] | str | None, empty: str = "-") -> Text:
    cards = cards.split() if isinstance(cards, str) else list(cards or [])
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def move_text(move: str | None) -> Text:
    """A move's text with its cards coloured (``pair:9 9c 9s``, ``Ah Ah``, ``3NT``)."""
    if move is None:
        return Text("-", style="dim")
    parts = []
    for token in move.split(" "):
        looks_like_card = len(token) in (2, 3) and token[-1:] in "hdcs" and token[0] in "23456789TJQKA1"
        parts.append(card_text(token) if looks_like_card or token in ("BJ", "RJ") else Text(token))
    return Text(" ").join(parts)


def line(label: str, *values: Any) -> Text:
    out = Text(f"{label}: ", style="bold")
    for i, v in enumerate(values):
        if i:
            out.append(" · ")
        out.append(v if isinstance(v, Text) else Text(str(v)))
    return out


def bridge_hand(cards: Sequence[str]) -> Text:
    """Bridge cards by suit, as a player holds them: ``♠ AJ6 ♥ Q63 …``."""
    out = Text()
    for suit, symbol in (("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣")):
        ranks = [c[:-1] for c in cards if c[-1:] == suit]
        if out:
            out.append("  ")
        out.append(symbol + " ", style=SUIT_STYLE[suit])
        out.append(" ".join(ranks) if ranks else "—", style=SUIT_STYLE[suit])
    return out


def render(observation: Observation | Mapping[str, Any], legal: Sequence[str] | None = None) -> RenderableType:
    """The table as seen by ``observation``'s player; ``legal`` (move texts)
    are listed, numbered from 1, when it is his turn."""
    obs: Mapping[str, Any] = observation.data if isinstance(observation, Observation) else observation
    game = obs["game"]
    me = obs["player"]
    names = seat_names(game, _players(game), me)
    parts: list[RenderableType] = [_header(obs, names)]
    seats = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    columns, rows = _seat_columns(obs, names)
    for c in columns:
        seats.add_column(c)
    for r in rows:
        seats.add_row(*r)
    parts.append(seats)
    details = DETAILS.get(game)
    if details is not None:
        parts.extend(details(obs, names))
    hand = list(obs.get("hand") or [])
    if game == "updown" and _over(obs) and obs.get("locked") in hand:
        hand.remove(obs["locked"])  # revealed and discarded (UD-5.2): the other card is what is kept
    shown = bridge_hand(hand) if game == "bridge" else cards_text(hand)
    if game == "doudizhu" and set(hand) & set(JOKER_RANKS):
        shown.append(f"  ({JOKER_LEGEND})", style="dim")
    parts.append(line("Your hand", shown))
    if legal is not None and not _over(obs) and obs.get("current_player") == me:
        parts.append(render_moves(list(enumerate(legal, 1)), len(legal), notes=move_notes(game, legal),
                                  parts=filter_parts(game)))
    return Group(*parts)


def move_notes(game: str, moves: Iterable[str]) -> dict[str, str]:
    """What a reader may not guess from a move's text: Dou Dizhu writes its jokers as ranks, ``B`` and ``R``."""
    return {m: note for m in moves if (note := joker_note(game, m))}


def joker_note(game: str, move: str | None) -> str | None:
    """The jokers of a Dou Dizhu move (``B``, ``R``, ``BR``, ``333B``) in words, or None."""
    if game != "doudizhu" or not move or not move.isalnum() or not move.isupper():
        return None   # (bids and "pass" are words; a play is ranks only)
    if "B" in move and "R" in move:
        return "the rocket: both jokers" if move == "BR" else "B the black joker, R the red joker"
    return next((words for rank, words in (("B", "B: the black joker"), ("R", "R: the red joker"))
                 if rank in move), None)


def filter_parts(game: str) -> str:
    """What a person may type to filter ``game``'s moves: Dou Dizhu and Zheng Shangyou write
    their plays as ranks alone, with no kind ("pair") to look for."""
    return "ranks, e.g. '345'" if game in ("doudizhu", "zhengshangyou") else "cards, a kind"


def render_moves(numbered: Sequence[tuple[int, str]], total: int, matching: str | None = None,
                 start: int = 0, notes: Mapping[str, str] | None = None,
                 parts: str = "cards, a kind") -> RenderableType:
    """A page of numbered legal moves (``numbered`` pairs of number and text),
    each with its note where ``notes`` has one (what a Bridge call would show);
    ``parts`` says what filters them (``filter_parts``)."""
    shown = numbered[start:start + PAGE]
    title = f"Legal moves ({total})" if matching is None else f"Legal moves matching {matching!r} ({len(numbered)})"
    out = [Text(title + ":", style="bold")]
    for number, text in shown:
        line = Text(f"  {number:>3}  ").append(move_text(text))
        if notes and text in notes:
            line.append(f"  {notes[text]}", style="dim")
        out.append(line)
    rest = len(numbered) - start - len(shown)
    if rest > 0:
        out.append(Text(f"  … {rest} more: 'more' for the next page, or type part of a move "
                        f"({parts}) to filter", style="dim"))
    return Group(*out)


def render_text(observation: Observation | Mapping[str, Any], legal: Sequence[str] | None = None,
                width: int = 100) -> str:
    """``render`` as plain text (no colour)."""
    return to_text(render(observation, legal), width)


def to_text(renderable: RenderableType, width: int = 100) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False, highlight=False).print(renderable)
    return buffer.getvalue()


# -- the parts every game has ------------------------------------------------------
def _over(obs: Mapping[str, Any]) -> bool:
    return bool(obs.get("is_over"))


def _payouts(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """Who was paid what from the pot of the hand just over: the chance entries after its last move
    (``win 0: 2030``; ``return 1: 40``, an unmatched bet given back)."""
    history = obs.get("history") or []
    last_move = max((i for i, (player, _) in enumerate(history) if player != CHANCE), default=-1)
    return [chance_text(text, names) for player, text in history[last_move + 1:]
            if player == CHANCE and text.startswith(("win ", "return "))]


def _players(game: str) -> int:
    from cardavia import game_class

    return game_class(game).num_players


def _header(obs: Mapping[str, Any], names: list[str]) -> Text:
    from cardavia import game_class

    title = game_class(obs["game"]).title
    out = Text(title, style="bold underline")
    deal = obs.get("deal")
    if deal is not None:
        out.append(f" · {deal_word(obs['game'])} {deal}")
    phase = obs.get("phase") or obs.get("street")
    if phase and not _over(obs):  # (once over, a last phase such as the duel's "settled" says nothing more)
        out.append(f" · {phase}")
    out.append(" · ")
    current = obs.get("current_player")
    if _over(obs) or current is None:
        out.append("over", style="bold")
    elif current == obs["player"]:
        who = "Your turn"
        if obs.get("from_dummy"):
            who += f" — play from dummy ({names[obs['dummy']].split(' ')[0]})"
        out.append(who, style="bold green")
    else:
        out.append(f"{names[current]} to move", style="yellow")
    return out


def _seat_columns(obs: Mapping[str, Any], names: list[str]) -> tuple[list[str], list[list[Any]]]:
    game = obs["game"]
    columns = ["seat"]
    rows: list[list[Any]] = [[Text(name, style="bold" if i == obs["player"] else "")] for i, name in enumerate(names)]
    roles = _roles(obs)
    if any(roles):
        columns.append("role")
        for r, role in zip(rows, roles):
            r.append(role)
    sizes = obs.get("hand_sizes")
    if sizes is not None:
        columns.append("cards")
        for r, size in zip(rows, sizes):
            r.append(str(size))
    if "stacks" in obs:
        # (once over, the last bets are in the pot that was paid out: no seat still has one)
        columns += ["chips"] if _over(obs) else ["chips", "bet"]
        for p, r in enumerate(rows):
            r += [str(obs["stacks"][p])] if _over(obs) else [str(obs["stacks"][p]), str(obs["bets"][p])]
        if "in_hand" in obs:
            columns.append("status")
            for p, r in enumerate(rows):
                status = "out" if obs["eliminated"][p] else ("in" if obs["in_hand"][p] else "folded")
                if status == "in" and obs["stacks"][p] == 0:
                    status = "all-in"
                r.append(status)
    if game != "bridge" and game != "updown" and obs.get("played") is not None:
        columns.append("played")
        for r, cards in zip(rows, obs["played"]):
            r.append(cards_text(cards[-12:], empty="-") if len(cards) <= 12 else
                     Text("… ").append(cards_text(cards[-12:])))
    return columns, rows


def _roles(obs: Mapping[str, Any]) -> list[str]:
    game = obs["game"]
    n = _players(game)
    roles = [""] * n
    if game == "doudizhu" and obs.get("landlord") is not None:
        roles = ["landlord" if p == obs["landlord"] else "farmer" for p in range(n)]
    elif game == "shengji" and obs.get("dealer") is not None:
        defenders = {obs["dealer"], (obs["dealer"] + 2) % 4}
        roles = ["dealer" if p == obs["dealer"] else ("defender" if p in defenders else "attacker") for p in range(n)]
    elif game == "guandan":
        order = obs.get("finished") or []
        roles = [f"out {order.index(p) + 1}" if p in order else "" for p in range(n)]
    elif game == "holdem":
        for p in range(n):
            marks = [m for m, seat in (("button", "button"), ("SB", "small_blind_seat"), ("BB", "big_blind_seat"))
                     if obs.get(seat) == p]
            roles[p] = " ".join(marks)
    elif game == "updown":
        roles = ["starter" if p == obs.get("starter") else "" for p in range(n)]
    elif game == "bridge":
        for p in range(n):
            marks = []
            if p == obs.get("dealer"):
                marks.append("dealer")
            if p == obs.get("declarer"):
                marks.append("declarer")
            if p == obs.get("dummy"):
                marks.append("dummy")
            roles[p] = " ".join(marks)
    return roles


def _to_beat(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    if _over(obs):  # nothing is left to beat
        return []
    if obs.get("last_play") is None:
        return [line("To beat", Text("nothing: the player to move leads", style="dim"))]
    said = line("To beat", move_text(obs["last_play"]), f"by {names[obs['last_player']]}")
    note = joker_note(obs["game"], obs["last_play"])
    return [said.append(f"  ({note})", style="dim") if note else said]


def _trick(pairs: Sequence[Sequence[Any]], names: list[str], label: str = "Trick") -> Text:
    if not pairs:
        return line(label, Text("none yet", style="dim"))
    out = Text()
    for i, (p, move) in enumerate(pairs):
        if i:
            out.append("  ")
        out.append(f"{names[p].split(' ')[0] if names[p].startswith(BRIDGE_SEATS) else names[p]}: ", style="dim")
        out.append(move_text(move))
    return line(label, out)


def render_teams(levels: Sequence[Any], names: Sequence[str]) -> Text:
    """The two partnerships (seats t and t + 2) by name, each at its level."""
    return line("Teams", *(f"{names[t]} and {names[t + 2]} at {level_text(levels[t])}" for t in (0, 1)))


def chance_text(text: str, names: Sequence[str]) -> str:
    """A chance entry (a new deal, a result, a tribute) in words, its seats named as at the
    table (``player 2 leads`` is ``Seat 2 (partner) leads``), as the web page says it."""
    return chance_sentence(text, seats_known(names))


# -- each game's own touches ------------------------------------------------------
def _doudizhu(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    out: list[RenderableType] = []
    if obs.get("phase") == "bidding":
        first = obs.get("first_bidder")
        bids = obs.get("bids") or []
        said = Text()
        for i, b in enumerate(bids):
            if i:
                said.append(", ")
            seat = (first + i) % 3 if first is not None else None
            said.append(f"{names[seat] if seat is not None else '?'} {'pass' if b == 0 else 'bid ' + str(b)}")
        out.append(line("Bidding", f"first bidder {names[first] if first is not None else '-'}",
                        said if bids else Text("no bids yet", style="dim"),
                        f"highest {obs.get('highest_bid') or '-'}", f"redeals {obs.get('redeals', 0)}"))
    else:
        landlord = obs.get("landlord")
        out.append(line("Landlord", names[landlord] if landlord is not None else "-", f"bid {obs.get('bid')}",
                        f"multiplier ×{obs.get('multiplier')}", f"bombs {obs.get('bombs')}"))
        out.append(line("Bottom cards", cards_text(obs.get("bottom"))))
        out += _to_beat(obs, names)
    return out


def _zhengshangyou(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    out: list[RenderableType] = [*_to_beat(obs, names), line("Bombs", obs.get("bombs", 0))]
    if obs.get("opening"):
        out.append(line("Opening", "the first play must include the 3 of hearts (ZSY-2.3)"))
    for s in obs.get("settlement") or []:
        out.append(line("Settled", f"{names[s['payer']]} pays {names[s['payee']]} {s['points']}", s["reason"]))
    if any(obs.get("returns") or []):
        scores = " · ".join(f"{names[p]} {r:+d}" for p, r in enumerate(obs["returns"]))
        out.append(line("Score" if _over(obs) else "Score so far", scores))
    return out


def _guandan(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    levels = obs.get("team_levels") or [None, None]
    level = obs.get("level")
    wild = ("T" if level == 10 else level_text(level)) + "h"   # (as the hand writes the card: Th, not 10h)
    out: list[RenderableType] = [
        line("Level", f"{level_text(level)} (wild: {wild}, the hearts of the level rank)"),
        render_teams(levels, names)]
    for payer, receiver, card in obs.get("tribute") or []:
        out.append(line("Tribute", f"{names[payer]} → {names[receiver]}", card_text(card)))
    for receiver, payer, card in obs.get("returned") or []:
        out.append(line("Returned", f"{names[receiver]} → {names[payer]}", card_text(card)))
    if obs.get("anti_tribute"):
        out.append(line("Tribute", "cancelled: the payers hold both Red Jokers (GD-3.3)"))
    finished = obs.get("finished") or []
    if finished:
        out.append(line("Out", ", ".join(names[p] for p in finished)))
    if obs.get("phase") != "play":  # (no trick nor play to beat once over, nor while a tribute is returned)
        return out
    return out + [_trick(obs.get("trick") or [], names), *_to_beat(obs, names)]


def _shengji(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    levels = obs.get("team_levels") or [None, None]
    declaration = obs.get("declaration")
    declared = (f"declared by {names[declaration['player']]}: {declaration['cards']}" if declaration
                else "no declaration")
    out: list[RenderableType] = [
        line("Level", level_text(obs.get("level")), f"trump {strain_text(obs.get('trump'))}", declared),
        render_teams(levels, names), _shengji_points(obs)]
    kitty = obs.get("kitty")
    face_down = f"{obs.get('kitty_size')} cards, face down"
    if kitty and not obs.get("is_over"):  # the kitty revealed when all passed (SJ-2.6): the dealer takes it up
        out.append(line("Kitty", face_down, Text("revealed when all passed: ").append(cards_text(kitty))))
    else:
        out.append(line("Kitty", cards_text(kitty) if kitty else face_down))
    if obs.get("buried"):
        out.append(line("You buried", cards_text(obs["buried"])))
    if obs.get("last_trick"):
        winner = obs.get("last_winner")
        out.append(_trick(obs["last_trick"], names, label="Last trick" +
                          (f" (won by {names[winner]})" if winner is not None else "")))
    if not _over(obs):  # (no trick is being played once the deal is over)
        out.append(_trick(obs.get("trick") or [], names))
    return out


def _shengji_points(obs: Mapping[str, Any]) -> Text:
    """The attackers' points: the target while the deal goes on, how they were made once over."""
    points = obs.get("attacker_points", 0)
    results = obs.get("results") or []
    if not (_over(obs) and results):
        return line("Points", f"attackers {points} (80 to win the deal)")
    last = results[-1]
    made = f"{last['card_points']} in tricks + kitty {last['kitty_points']} ×{last['kitty_multiplier']}"
    return line("Points", f"attackers {points} ({made})",
                "the attackers won the deal" if last["attackers_win"] else "the defenders held")


def _holdem(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    small, big = obs.get("blinds") or (None, None)
    out: list[RenderableType] = [line("Board", cards_text(obs.get("board"), empty="no cards yet")),
                                 line("Pot", *_pot(obs, names), f"blinds {small}/{big}",
                                      f"button {names[obs['button']]}" if obs.get("button") is not None else "")]
    out += _betting(obs)
    for seat, cards in sorted((obs.get("shown") or {}).items(), key=lambda kv: int(kv[0])):
        out.append(line(f"{names[int(seat)]} shows", cards_text(cards)))
    return out


def _pot(obs: Mapping[str, Any], names: Sequence[str]) -> list[Any]:
    """The pot while a hand goes on; once it is over, paid out (the observation still holds its size)."""
    return ["paid out", *_payouts(obs, names)] if _over(obs) else [obs.get("pot")]


def _betting(obs: Mapping[str, Any]) -> list[RenderableType]:
    if "to_call" not in obs:
        return []
    bounds = obs.get("raise_range")
    # (the first chips of a betting round are a bet, later ones a raise: the words the moves use, TH-3.2)
    verb = "raise to" if any(obs.get("bets") or []) else "bet"
    raise_to = f"{verb} {bounds[0]}..{bounds[1]}" if bounds else f"no {verb.split()[0]} possible"
    return [line("You", f"to call {obs['to_call']}" if obs["to_call"] else "nothing to call", raise_to)]


def _updown(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    signals = obs.get("signals") or []
    out: list[RenderableType] = [
        line("Signals", *(f"{names[p]} UP {s['up']} DOWN {s['down']}" for p, s in enumerate(signals))),
        line("Locked", Text("yours ").append(card_text(obs["locked"]) if obs.get("locked") else Text("-")),
             Text("opponent's ").append(Text(obs.get("opponent_locked") or "-"))),
        line("Pot", *_pot(obs, names), f"stock {obs.get('stock')} cards", f"discards {obs.get('discards')}")]
    if obs.get("discard_pile"):
        out.append(line("Revealed", cards_text(obs["discard_pile"])))
    if obs.get("last_reveal"):
        out.append(line("Last reveal", cards_text(obs["last_reveal"])))
    return out + _betting(obs)


def _bridge(obs: Mapping[str, Any], names: list[str]) -> list[RenderableType]:
    short = [n.split(" ")[0] for n in names]
    out: list[RenderableType] = [line("Dealer", short[obs.get("dealer", 0)], f"vulnerable: {obs.get('vulnerability')}")]
    auction = obs.get("auction") or []
    grid = Table(box=None, pad_edge=False, header_style="bold", title=None)
    dealer = obs.get("dealer", 0)
    for i in range(4):
        grid.add_column(short[(dealer + i) % 4])
    for start in range(0, max(len(auction), 1), 4):
        grid.add_row(*[auction[j] if j < len(auction) else "" for j in range(start, start + 4)])
    out += [Text("Auction:", style="bold"), grid]
    if obs.get("contract"):
        out.append(line("Contract", obs["contract"], f"by {short[obs['declarer']]}", f"dummy {short[obs['dummy']]}",
                        f"tricks N-S {obs['tricks_won'][0]}, E-W {obs['tricks_won'][1]}"))
    elif obs.get("phase") != "auction":
        out.append(line("Contract", "passed out"))
    if obs.get("dummy_hand") is not None and not (_over(obs) and not obs["dummy_hand"]):
        out.append(line(f"Dummy ({short[obs['dummy']]})", bridge_hand(obs["dummy_hand"])))
    tricks = obs.get("tricks") or []
    if tricks:
        last = tricks[-1]
        out.append(_trick(last["cards"], names, label=f"Last trick (won by {short[last['winner']]})"))
    if obs.get("phase") == "play":
        out.append(_trick(obs.get("trick") or [], names))
    return out


DD_SEATS = (2, 3, 0, 1)
"""The double-dummy table's N E S W as the game's seats (South 0, West 1, North 2, East 3)."""


def render_review(review: Mapping[str, Any], names: list[str], me: int) -> RenderableType:
    """A finished Bridge deal looked back on (``BridgeState.review``, given
    only once the deal is over): the double-dummy table (no-trump first, the
    table's N E S W), par, what was played and the IMPs against par for
    ``me``'s side."""
    short = [n.split(" ")[0] for n in names]
    grid = Table(box=None, pad_edge=False, header_style="bold")
    grid.add_column("")
    for seat in DD_SEATS:
        grid.add_column(short[seat], justify="right")
    for strain, row in (("NT", 4), ("S", 3), ("H", 2), ("D", 1), ("C", 0)):
        grid.add_row(strain, *map(str, review["dd"][row]))
    out: list[RenderableType] = [Text("The deal:", style="bold")]
    out += [Text(f"  {short[seat] + ':':<7}", style="bold").append(bridge_hand(review["hands"][seat]))
            for seat in DD_SEATS]
    out += [Text("Double dummy: the tricks each seat would take as declarer, every card seen", style="bold"), grid,
            line("Par", review["par"]["text"])]
    result = review.get("result")
    if result:
        played = "passed out" if result["contract"] is None else (
            f"{result['contract']} by {short[result['declarer']]}, {result['tricks']} tricks taken "
            f"({result['dd_tricks']} double dummy)")
        imps = result["imps"] if me % 2 == 0 else -result["imps"]
        side = "-".join(short[p] for p in ((2, 0) if me % 2 == 0 else (3, 1)))  # as bridge says it: North-South
        out += [line("Played", played),
                Text(f"Against par: {imps:+d} IMP{'' if abs(imps) == 1 else 's'} for {side}", style="bold")]
    return Group(*out)


def render_reasons(rows: Sequence[tuple[str, str, str]]) -> RenderableType:
    """The reasons the AIs drew from their own cards, shown once the deal is over: one
    (seat, move, reason) a row, each reason wrapped within its own column."""
    grid = Table.grid(padding=(0, 2), pad_edge=False)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    for seat, move, why in rows:
        grid.add_row(Text("  " + seat), move_text(move), Text(why, style="dim"))
    return Group(Text("Why the AIs played as they did:", style="bold"), grid)


DETAILS = {"doudizhu": _doudizhu, "zhengshangyou": _zhengshangyou, "guandan": _guandan, "shengji": _shengji,
           "holdem": _holdem, "updown": _updown, "bridge": _bridge}
