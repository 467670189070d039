"""The engines' chance entries ("player 2 leads", "win 1: 40", "deal ends: order 2 0 3 1;
team 0 up 2") as sentences people read: one table that the web page (translating each
sentence and naming the seats as its table does) and the terminal (in English) share."""
from __future__ import annotations

import re
from typing import Callable, Sequence

from cardavia.i18n import N_, Nn_, fill

Sentence = str | tuple[str, str]
"""An English msgid, or a count's (singular, plural) chosen by its parameter ``n``."""

# Each entry: the engine's whole text as a regular expression (the same in Python and
# JavaScript), its sentence, what each group is, and the clause it adds ("rise", "signals").
# A group's name says its kind: "@x" a seat, "@@x" seats ("0 and 2", "2 1 3 0"), "#x" a team
# (seats t and t + 2), "%x" a trump, "$x" cards, "~x" as written, "^x" a level's rank as the
# tables write it (10, not the engine's T); a bare name a number.
CHANCE: list[tuple[str, Sentence, tuple[str, ...], str | None]] = [
    (r"deal (\d+) at level (\w+)", N_("deal {n} at level {level}"), ("n", "^level"), None),
    (r"deal (\d+): level (\w+), dealer (\d+), declaring from seat (\d+)",
     N_("deal {n}: level {level}, dealer {dealer}, declaring from {seat}"), ("n", "^level", "@dealer", "@seat"), None),
    (r"deal (\d+): level (\w+), the first declarer deals, declaring from seat (\d+)",
     N_("deal {n}: level {level}, the first declarer deals, declaring from {seat}"), ("n", "^level", "@seat"), None),
    (r"deal (\d+): starter (\d+), signals (.*)", N_("deal {n}: {starter} starts; signals {signals}"),
     ("n", "@starter", "signals"), "signals"),
    # i18n: {rise} is the clause "{team} go up {n} levels", translated on its own
    (r"deal ends: order ([\d ]+); team (\d+) up (\d+)", N_("deal ends: order {order}; {rise}"),
     ("@@order", "#team", "levels"), "rise"),
    (r"team (\d+) wins the match", N_("{team} win the match"), ("#team",), None),
    (r"kitty (.+)", N_("kitty {cards}"), ("$cards",), None),
    (r"all passed: kitty revealed (.+), trump (\w+)", N_("all passed: the kitty shows {cards}; trump {trump}"),
     ("$cards", "%trump"), None),
    (r"result: attackers (\d+) points, attackers take over, team (\d+) up (\d+)",
     # i18n: {rise} is the clause "{team} go up {n} levels", translated on its own
     Nn_("result: the attackers took {n} point and take over; {rise}",
         "result: the attackers took {n} points and take over; {rise}"), ("n", "#team", "levels"), "rise"),
    (r"result: attackers (\d+) points, defenders hold, team (\d+) up (\d+)",
     # i18n: {rise} is the clause "{team} go up {n} levels", translated on its own
     Nn_("result: the attackers took {n} point; the defenders hold; {rise}",
         "result: the attackers took {n} points; the defenders hold; {rise}"), ("n", "#team", "levels"), "rise"),
    (r"return (\d+): (\d+)", Nn_("{player} gets {n} chip back", "{player} gets {n} chips back"),
     ("@player", "n"), None),
    (r"flop (.+)", N_("flop {cards}"), ("$cards",), None),
    (r"turn (\S+)", N_("turn {cards}"), ("$cards",), None),
    (r"river (\S+)", N_("river {cards}"), ("$cards",), None),
    (r"hand (\d+): button (\d+), small blind (\d+), big blind (\d+)",
     N_("hand {n}: button {button}, small blind {small}, big blind {big}"), ("n", "@button", "@small", "@big"), None),
    (r"player (\d+) leads", N_("{player} leads"), ("@player",), None),
    (r"redeal: first bidder (\d+)", N_("redeal: {player} bids first"), ("@player",), None),
    (r"result: (\d+) wins", N_("result: {player} wins"), ("@player",), None),
    (r"result: (\d+) wins, (\d+) folded", N_("result: {player} wins, {folded} folded"), ("@player", "@folded"), None),
    (r"result: tie", N_("result: a tie"), (), None),
    (r"reveal (\d+): (\S+), (\d+): (\S+)", N_("reveal: {first} {first_card}, {second} {second_card}"),
     ("@first", "$first_card", "@second", "$second_card"), None),
    (r"show (\d+): (.+)", N_("{player} shows {cards}"), ("@player", "$cards"), None),
    (r"win (\d+): (\d+)", Nn_("{player} wins {n} chip", "{player} wins {n} chips"), ("@player", "n"), None),
    (r"tribute: player (\d+) gives (\S+) to player (\d+)", N_("tribute: {giver} gives {card} to {receiver}"),
     ("@giver", "$card", "@receiver"), None),
    (r"anti-tribute: player (\d+) holds? both Red Jokers; player (\d+) leads",
     N_("anti-tribute: {player} holds both Red Jokers; {leader} leads"), ("@player", "@leader"), None),
    (r"anti-tribute: players ([\d and]+) hold both Red Jokers; player (\d+) leads",
     N_("anti-tribute: {players} hold both Red Jokers; {leader} leads"), ("@@players", "@leader"), None),
    # Zheng Shangyou's settlement reasons (ZSY-5)
    (r"response bomb unbeaten in the round \((.+)\)", N_("response bomb unbeaten in the round ({bomb})"),
     ("~bomb",), None),
    (r"response bomb ending the deal \((.+)\)", N_("response bomb ending the deal ({bomb})"), ("~bomb",), None),
    (r"(\d+) cards? left", Nn_("{n} card left", "{n} cards left"), ("n",), None),   # the engine writes "1 card left"
    (r"(\d+) cards? left, doubled: never played",
     Nn_("{n} card left, doubled: never played", "{n} cards left, doubled: never played"), ("n",), None),
    (r"2 of spades in hand", N_("2 of spades in hand"), (), None),
    (r"unplayed bomb (.+)", N_("unplayed bomb {bomb}"), ("~bomb",), None),
]
RISE: Sentence = Nn_("{team} go up {n} level", "{team} go up {n} levels")
"""The clause "rise": a team's levels gained."""
SIGNALS = N_("{seat}: UP {up} · DOWN {down}")
"""The clause "signals": one seat's public signals in the duel ("0: 2 UP 0 DOWN" in the engine)."""
STRAINS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trump"}
"""A trump in English words (the page draws its suit)."""
_SIGNAL = re.compile(r"(\d+): (\d+) UP (\d+) DOWN")
_COMPILED = [(re.compile(pattern), sentence, kinds, clause) for pattern, sentence, kinds, clause in CHANCE]


def page_chance() -> dict:
    """The table as the page reads it (``I18N.chance``)."""
    return {"entries": [list(entry) for entry in CHANCE], "rise": RISE, "signals": SIGNALS}


def _count(sentence: Sentence, n: int) -> str:
    return sentence if isinstance(sentence, str) else sentence[0 if n == 1 else 1]


def chance_sentence(text: str, seat: Callable[[int], str]) -> str:
    """``text`` in English words, each seat named by ``seat(number)``; the text as written
    when no entry knows it, or when it names a seat ``seat`` does not know."""
    for pattern, sentence, kinds, clause in _COMPILED:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        try:
            params = {kind.lstrip("@#%$~^"): _value(kind, value, seat) for kind, value in zip(kinds, m.groups())}
            if clause == "rise":
                levels = int(params["levels"])
                params["rise"] = fill(_count(RISE, levels), {"team": params["team"], "n": levels})
            elif clause == "signals":
                params["signals"] = ", ".join(fill(SIGNALS, {"seat": seat(int(p)), "up": up, "down": down})
                                              for p, up, down in _SIGNAL.findall(str(params["signals"])))
        except (IndexError, ValueError):
            return text
        return fill(_count(sentence, int(params.get("n", 0))), params)
    return text


def _value(kind: str, value: str, seat: Callable[[int], str]) -> str | int:
    if kind.startswith("@@"):
        seats = [seat(int(p)) for p in re.split(r" and | ", value) if p]
        return " and ".join(seats) if len(seats) == 2 else ", ".join(seats)
    if kind.startswith("@"):
        return seat(int(value))
    if kind.startswith("#"):
        return f"{seat(int(value))} and {seat(int(value) + 2)}"
    if kind.startswith("%"):
        return STRAINS.get(value, value)
    if kind.startswith("^"):
        return "10" if value == "T" else value
    if kind[0] in "$~" or not value.isdigit():
        return value
    return int(value)


def seats_known(names: Sequence[str]) -> Callable[[int], str]:
    """``seat`` for ``chance_sentence`` from a table's names (an IndexError for a seat it lacks)."""
    def seat(p: int) -> str:
        if not 0 <= p < len(names):
            raise IndexError(p)
        return names[p]
    return seat
