"""What people read for the keys of an observation and of an outcome's score:
one table that the web page (translated there) and the terminal (in English)
share, and which keys hold a seat, a team, a list of seats or a trump."""
from __future__ import annotations

from cardavia.i18n import N_

LABELS: dict[str, str] = {
    "team_levels": N_("team levels"), "tricks_won": N_("tricks won"), "attacker_points": N_("points won"),
    "highest_bid": N_("highest bid"), "first_bidder": N_("first bidder"), "last_trick": N_("last trick"),
    "previous_order": N_("previous order"), "anti_tribute": N_("tribute cancelled"),
    "small_blind_seat": N_("small blind"), "big_blind_seat": N_("big blind"),
    "opponent_locked": N_("opponent locked"), "landlord": N_("landlord"), "dealer": N_("dealer"),
    "declarer": N_("declarer"), "dummy": N_("dummy"), "button": N_("button"),
    "first_leader": N_("first leader"), "leader": N_("leader"), "last_winner": N_("last winner"),
    "starter": N_("starter"), "phase": N_("phase"), "level": N_("level"), "bid": N_("bid"),
    "bottom": N_("bottom cards"), "multiplier": N_("multiplier"), "bombs": N_("bombs"), "spring": N_("spring"),
    "trump": N_("trump"), "trump_suit": N_("trump suit"), "contract": N_("contract"), "auction": N_("auction"),
    "vulnerable": N_("vulnerable"), "score": N_("score"), "settlement": N_("settlement"),
    "finished": N_("finishing order"), "tribute": N_("tribute"), "returned": N_("returned"),
    "deal": N_("deal"), "deals": N_("deals"), "match": N_("match"), "street": N_("street"),
    "min_raise": N_("minimum raise"), "locked": N_("locked"), "claim": N_("claim"), "kitty": N_("kitty"),
    "declared": N_("declared"), "points": N_("points"), "bids": N_("bids"), "passes": N_("passes"),
    "round": N_("round"), "hands_played": N_("hands played"), "lead": N_("lead"), "led": N_("led"),
    "winner": N_("first out"), "cards": N_("cards"), "player": N_("player"), "team": N_("team"),
    "reason": N_("reason"), "result": N_("result"), "seat": N_("seat"), "redeals": N_("redeals"),
    "blinds": N_("blinds"), "start_stacks": N_("starting stacks"), "vulnerability": N_("vulnerability"),
    "buried": N_("buried"), "declaration": N_("declaration"), "discard_pile": N_("discard pile"),
    "discards": N_("discards"), "kitty_size": N_("kitty size"), "last_reveal": N_("last reveal"),
    "ns_score": N_("North-South score"), "opening": N_("opening"), "results": N_("results"),
    "stock": N_("stock"), "tricks": N_("tricks"), "hand": N_("hand"), "cards_left": N_("cards left"),
    "winners": N_("winners"), "payer": N_("payer"), "payee": N_("payee"), "bonus": N_("bonus"),
    "deal_score": N_("deal score"),
    # the final score's breakdown (outcome.score)
    "landlord_won": N_("landlord won"), "order": N_("finishing order"), "winner_team": N_("winning team"),
    "winning_team": N_("winning team"), "match_winner": N_("match won by"), "gained": N_("levels gained"),
    "levels_gained": N_("levels gained"), "levels": N_("levels"), "card_points": N_("points in tricks"),
    "defender_points": N_("defenders' points"), "kitty_points": N_("points in the kitty"),
    "kitty_multiplier": N_("kitty multiplier"), "attackers_win": N_("attackers win"), "hands": N_("hands"),
    "last_hand_button": N_("button of the last hand"), "stacks": N_("stacks"), "showdown": N_("showdown"),
    "chips": N_("chips"), "ties": N_("ties"), "folded": N_("folded"), "parts": N_("score parts"),
    "trick_points": N_("trick points"), "overtricks": N_("overtricks"), "undertricks": N_("undertricks"),
    "part_score": N_("part-score bonus"), "game": N_("game bonus"), "slam": N_("slam bonus"),
    "insult": N_("insult bonus"), "total": N_("total"),
}
"""Each key's name, an English msgid; a key missing here is shown as its own
words ("kitty size" for ``kitty_size``)."""

SEAT_KEYS = frozenset({"landlord", "dealer", "declarer", "dummy", "button", "small_blind_seat", "big_blind_seat",
                       "first_bidder", "first_leader", "leader", "last_winner", "starter", "winner",
                       "last_hand_button", "folded"})
"""Keys whose number is a seat (named as the table names it)."""
TEAM_KEYS = frozenset({"winner_team", "winning_team", "match_winner", "team"})
"""Keys whose number is a team: partners sit opposite, team t is seats t and t + 2."""
SEAT_LIST_KEYS = frozenset({"previous_order", "finished", "order"})
"""Keys holding a list of seats (a finishing order)."""
TRUMP_KEYS = frozenset({"trump", "trump_suit"})
"""Keys holding a suit or "NT"."""


def label(key: str) -> str:
    """The English name of ``key``."""
    return LABELS.get(key, key.replace("_", " "))


def page_vocabulary() -> dict:
    """The tables as the page reads them (site.js's ``I18N.labels`` and ``I18N.keys``)."""
    return {"labels": LABELS, "keys": {"seat": sorted(SEAT_KEYS), "team": sorted(TEAM_KEYS),
                                       "seat_list": sorted(SEAT_LIST_KEYS), "trump": sorted(TRUMP_KEYS)}}
