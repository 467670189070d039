"""The site around the tables (issue 17): rules pages rendered from the
packaged rulebook, and the English of every server-side string of the site.

The rulebook is Markdown; only a small subset is rendered here (headings,
paragraphs, "- " lists with indented continuation lines, `code`, **bold**)
and everything is HTML-escaped first, so the page can never carry markup
that is not ours. Each rule (``DDZ-3``) and rule item (``DDZ-3.1``) gets its
id as an anchor, the target of the links in error messages and hints.
"""
from __future__ import annotations

import html
import re

from cardavia import rules

# Every server string of the site, by key: the translation catalogs fill these later.
STRINGS: dict[str, str] = {
    "rules.title": "Rules of {game}",
    "rules.back": "Back to the games",
    "rules.source": "From the Cardavia rulebook; rule ids such as {example} are the ones error messages cite.",
    "rules.not_found": "no rules page for {game!r}; games: {games}",
    "site.name": "Cardavia",
    "game.doudizhu": "Bid to be the landlord, then empty your hand before the two farmers do: "
                     "singles, pairs, runs, airplanes, bombs and the rocket.",
    "game.guandan": "A partnership climbing game with two packs and wild hearts: go out early "
                    "with your partner to climb from level 2 to Ace.",
    "game.zhengshangyou": "Run Fast with the 48-card preset: three players, no partners, "
                          "the first to empty the hand wins.",
    "game.shengji": "Tractor: declare trump, then win the 5s, 10s and Kings in tricks; "
                    "80 points take the defence away from the dealer's team.",
    "game.holdem": "No-limit Texas Hold'em for virtual chips against three AI players, "
                   "until one player has them all.",
    "game.updown": "A duel with two packs: lock one card, bet whether it beats the other's, "
                   "and take the pot by betting or at the showdown.",
    "game.bridge": "Contract Bridge: bid with your AI partner North, then play for the tricks "
                   "your side has contracted; scored as one duplicate deal.",
}

GAME_NAME = re.compile(r"[a-z]{1,20}")
_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*")
_RULE_START = re.compile(r"^(?P<id>[A-Z]+-\d+)\b\s*(?P<rest>.*)$")
_ITEM_START = re.compile(r"^- (?P<n>\d+\.\d+)\b\s*(?P<rest>.*)$")
_GAME_HEADING = re.compile(r"^## \d+\. (?P<title>.*?)\s*—\s*`[a-z]+`\s*$")
RULE_CITATION = re.compile(r"\b[A-Z]{1,4}-\d+(?:\.\d+)?\b")


def text(key: str, **params: object) -> str:
    """The English of a server string."""
    return STRINGS[key].format(**params)


def inline(source: str) -> str:
    """Escape ``source`` and render `code` and **bold** inside it."""
    out: list[str] = []
    at = 0
    for m in _INLINE.finditer(source):
        out.append(html.escape(source[at:m.start()]))
        if m.group(1) is not None:
            out.append(f"<code>{html.escape(m.group(1))}</code>")
        else:
            out.append(f"<strong>{html.escape(m.group(2))}</strong>")
        at = m.end()
    out.append(html.escape(source[at:]))
    return "".join(out)


def _blocks(source: str) -> list[list[str]]:
    """Lines grouped into blocks: a heading, a rule's first line, a list item
    (with its indented continuation), or a paragraph."""
    blocks: list[list[str]] = []
    for line in source.splitlines():
        if not line.strip():
            blocks.append([])
            continue
        starts = (line.startswith("#") or line.startswith("- ") or _RULE_START.match(line)
                  or not blocks or not blocks[-1])
        if starts:
            blocks.append([line])
        else:
            blocks[-1].append(line)
    return [b for b in blocks if b]


def render_markdown(source: str) -> str:
    """HTML of the Markdown subset the rulebook uses; every character of the
    source is escaped, so hostile input stays text."""
    out: list[str] = []
    in_list = False
    rule_id = ""
    for block in _blocks(source):
        first = block[0]
        joined = " ".join(line.strip() for line in block)
        item = _ITEM_START.match(joined)
        if in_list and not first.startswith("- "):
            out.append("</ul>")
            in_list = False
        if first.startswith("#"):
            level = min(len(first) - len(first.lstrip("#")), 6)
            out.append(f"<h{level}>{inline(first.lstrip('#').strip())}</h{level}>")
        elif first.startswith("- "):
            if not in_list:
                out.append("<ul>")
                in_list = True
            if item and rule_id:
                anchor = f"{rule_id.split('-')[0]}-{item['n']}"
                out.append(f'<li id="{anchor}"><a class="rule-id" href="#{anchor}">{anchor}</a> '
                           f"{inline(item['rest'])}</li>")
            else:
                out.append(f"<li>{inline(joined[2:])}</li>")
        elif (rule := _RULE_START.match(joined)) and rules.RULE_ID.match(rule["id"]):
            rule_id = rule["id"]
            name, _, rest = rule["rest"].partition(". ")
            out.append(f'<h3 id="{rule_id}"><a class="rule-id" href="#{rule_id}">{rule_id}</a> '
                       f"{inline(name.rstrip('.'))}</h3>")
            if rest:
                out.append(f"<p>{inline(rest)}</p>")
        else:
            out.append(f"<p>{inline(joined)}</p>")
    if in_list:
        out.append("</ul>")
    return "\n".join(out)


def game_title(game: str) -> str:
    """The game's heading in the rulebook, without its number and code name."""
    first = rules.section(game).splitlines()[0]
    m = _GAME_HEADING.match(first)
    return m["title"] if m else game


def players_line(game: str) -> str:
    """The line under the game's heading: "3 players · you vs 2 AI · single deal"."""
    paragraph = []
    for line in rules.section(game).splitlines()[1:]:
        if not line.strip():
            break
        paragraph.append(line.strip())
    return " ".join(paragraph).split(". ")[0].rstrip(".")


def check_game(game: str) -> str:
    """``game`` if the rulebook has it, else ValueError (the message names the games)."""
    if not GAME_NAME.fullmatch(str(game)) or game not in rules.games():
        raise ValueError(text("rules.not_found", game=str(game)[:40], games=", ".join(rules.games())))
    return game


def rules_fragment(game: str) -> str:
    """The rules of ``game`` as HTML (the heading line dropped: the page titles it)."""
    body = "\n".join(rules.section(check_game(game)).splitlines()[1:])
    return render_markdown(body)


def rules_page(game: str) -> str:
    """The whole rules page of ``game``, standalone (works without script)."""
    title = html.escape(text("rules.title", game=game_title(game)))
    return f"""<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} — {html.escape(text("site.name"))}</title>
<link rel="stylesheet" href="/static/table.css">
<link rel="icon" href="data:,">
</head>
<body class="rules-body">
<header class="top">
  <a class="brand" href="/#/">{html.escape(text("site.name"))}</a>
  <a class="back" id="rules-back" href="/#/">{html.escape(text("rules.back"))}</a>
</header>
<main class="panel rules" id="rules-page" data-game="{html.escape(game)}">
<h1>{title}</h1>
{rules_fragment(game)}
<p class="note">{html.escape(text("rules.source", example=_first_rule(game)))}</p>
</main>
<script src="/static/site.js"></script>
</body>
</html>
"""


def not_found_page(message: str) -> str:
    """A small page for a rules address that names no game (the message escaped)."""
    return (f'<!doctype html><html lang="en"><meta charset="utf-8"><title>404</title>'
            f'<link rel="stylesheet" href="/static/table.css"><main class="panel rules">'
            f"<p>{html.escape(message)}</p><p><a href=\"/#/\">{html.escape(text('rules.back'))}</a></p>"
            f"</main></html>")


def _first_rule(game: str) -> str:
    m = RULE_CITATION.search(rules.section(game))
    return m.group(0) if m else ""


def game_card(game: str) -> dict:
    """What the home page shows of a game beside the catalog."""
    if game not in rules.games():
        return {"players_line": "", "description": STRINGS.get(f"game.{game}", "")}
    return {"players_line": players_line(game), "description": STRINGS.get(f"game.{game}", ""),
            "rules_title": game_title(game)}
