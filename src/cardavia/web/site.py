"""The site around the tables (issue 17): rules pages rendered from the
packaged rulebook, and every server-side string of the site, in the page's
language (``cardavia.i18n``; rule texts are translated piece by piece: a
heading, a rule's name, a paragraph, a list item, the rule ids kept).

The rulebook is Markdown; only a small subset is rendered here (headings,
paragraphs, "- " lists with indented continuation lines, `code`, **bold**)
and everything is HTML-escaped first, so the page can never carry markup
that is not ours. Each rule (``DDZ-3``) and rule item (``DDZ-3.1``) gets its
id as an anchor, the target of the links in error messages and hints.
"""
from __future__ import annotations

import html
import json
import re
from typing import Callable

from cardavia import chance_words, i18n, labels, rules
from cardavia.i18n import N_

# Every server string of the site, by key; the English is the msgid.
STRINGS: dict[str, str] = {
    "rules.title": N_("Rules of {game}"),
    "rules.back": N_("Back to the games"),
    "rules.source": N_("From the Cardavia rulebook; rule ids such as {example} are the ones error messages cite."),
    "rules.not_found": N_("no rules page for {game}; games: {games}"),
    "site.name": "Cardavia",
    "game.doudizhu": N_("Bid to be the landlord, then empty your hand before the two farmers do: "
                     "singles, pairs, runs, airplanes, bombs and the rocket."),
    "game.guandan": N_("A partnership climbing game with two packs and wild hearts: go out early "
                    "with your partner to climb from level 2 to Ace."),
    "game.zhengshangyou": N_("Run Fast with the 48-card preset: three players, no partners, "
                          "the first to empty the hand wins."),
    "game.shengji": N_("Tractor: declare trump, then win the 5s, 10s and Kings in tricks; "
                    "80 points take the defence away from the dealer's team."),
    "game.holdem": N_("No-limit Texas Hold'em for virtual chips against three AI players, "
                   "until one player has them all."),
    "game.updown": N_("A duel with two packs: lock one card, bet whether it beats the other's, "
                   "and take the pot by betting or at the showdown."),
    "game.bridge": N_("Contract Bridge: bid with your AI partner North, then play for the tricks "
                   "your side has contracted; scored as one duplicate deal."),
}

GAME_NAME = re.compile(r"[a-z]{1,20}")
_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*")
_RULE_START = re.compile(r"^(?P<id>[A-Z]+-\d+)\b\s*(?P<rest>.*)$")
_ITEM_START = re.compile(r"^- (?P<n>\d+\.\d+)\b\s*(?P<rest>.*)$")
_GAME_HEADING = re.compile(r"^## \d+\. (?P<title>.*?)\s*—\s*`[a-z]+`\s*$")
RULE_CITATION = re.compile(r"\b[A-Z]{1,4}-\d+(?:\.\d+)?\b")


Translate = Callable[[str], str]


def _english(piece: str) -> str:
    return piece


def text(key: str, lang: str = i18n.DEFAULT, **params: object) -> str:
    """A server string of the site in ``lang``."""
    return i18n.translate(lang, STRINGS[key], params)


def rules_translator(lang: str) -> Translate:
    """Translates one piece of the rulebook (context ``rules``)."""
    if lang == i18n.DEFAULT:
        return _english
    return lambda piece: i18n.translate(lang, piece, context=i18n.RULES_CONTEXT)


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


def render_markdown(source: str, tr: Translate = _english) -> str:
    """HTML of the Markdown subset the rulebook uses; every character of the
    source is escaped, so hostile input stays text. ``tr`` translates each
    piece of text (rule ids and anchors stay as they are); the catalogs'
    extractor renders with a ``tr`` that records the pieces."""
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
            out.append(f"<h{level}>{inline(tr(first.lstrip('#').strip()))}</h{level}>")
        elif first.startswith("- "):
            if not in_list:
                out.append("<ul>")
                in_list = True
            if item and rule_id:
                anchor = f"{rule_id.split('-')[0]}-{item['n']}"
                out.append(f'<li id="{anchor}"><a class="rule-id" href="#{anchor}">{anchor}</a> '
                           f"{inline(tr(item['rest']))}</li>")
            else:
                out.append(f"<li>{inline(tr(joined[2:]))}</li>")
        elif (rule := _RULE_START.match(joined)) and rules.RULE_ID.match(rule["id"]):
            rule_id = rule["id"]
            name, _, rest = rule["rest"].partition(". ")
            out.append(f'<h3 id="{rule_id}"><a class="rule-id" href="#{rule_id}">{rule_id}</a> '
                       f"{inline(tr(name.rstrip('.')))}</h3>")
            if rest:
                out.append(f"<p>{inline(tr(rest))}</p>")
        else:
            out.append(f"<p>{inline(tr(joined))}</p>")
    if in_list:
        out.append("</ul>")
    return "\n".join(out)


def rule_names(game: str) -> dict[str, str]:
    """Each rule id of ``game`` -> the rule's name in English ("DDZ-3" -> "Play")."""
    names: dict[str, str] = {}
    for block in _blocks(rules.section(game)):
        rule = _RULE_START.match(" ".join(line.strip() for line in block))
        if rule and rules.RULE_ID.match(rule["id"]):
            names[rule["id"]] = rule["rest"].partition(". ")[0].rstrip(".")
    return names


def rule_title(rule_id: str, lang: str = i18n.DEFAULT) -> str | None:
    """The translated name of the rule ``rule_id`` cites (``DDZ-3.1`` -> rule DDZ-3's name)."""
    base = rule_id.split(".")[0]
    for game in rules.games():
        name = rule_names(game).get(base)
        if name is not None:
            return rules_translator(lang)(name)
    return None


def game_title(game: str, lang: str = i18n.DEFAULT) -> str:
    """The game's heading in the rulebook, without its number and code name."""
    first = rules.section(game).splitlines()[0]
    m = _GAME_HEADING.match(first)
    return rules_translator(lang)(m["title"]) if m else game


def players_line(game: str, lang: str = i18n.DEFAULT) -> str:
    """The line under the game's heading: "3 players · you vs 2 AI · single deal"."""
    paragraph = []
    for line in rules.section(game).splitlines()[1:]:
        if not line.strip():
            break
        paragraph.append(line.strip())
    return rules_translator(lang)(" ".join(paragraph).split(". ")[0].rstrip("."))


def check_game(game: str, lang: str = i18n.DEFAULT) -> str:
    """``game`` if the rulebook has it, else ValueError (the message names the games)."""
    if not GAME_NAME.fullmatch(str(game)) or game not in rules.games():
        raise ValueError(text("rules.not_found", lang, game=repr(str(game)[:40]), games=", ".join(rules.games())))
    return game


def rules_fragment(game: str, lang: str = i18n.DEFAULT) -> str:
    """The rules of ``game`` as HTML (the heading line dropped: the page titles it)."""
    body = "\n".join(rules.section(check_game(game)).splitlines()[1:])
    return render_markdown(body, rules_translator(lang))


def html_attributes(lang: str) -> str:
    """``lang`` and ``dir`` of a page's <html> element."""
    return f'lang="{lang}" dir="{"rtl" if lang in i18n.RTL else "ltr"}"'


def i18n_script(lang: str) -> str:
    """The page's language data for site.js: its language, the selector's
    names and the catalog of the page's messages (only this language's),
    the forms of its counts' messages and which form each CLDR plural category takes."""
    data = {"lang": lang, "rtl": lang in i18n.RTL, "languages": i18n.LANGUAGES,
            "messages": i18n.page_catalog(lang), "plurals": i18n.page_plurals(lang),
            "plural_index": i18n.plural_index(lang), **labels.page_vocabulary(),
            "chance": chance_words.page_chance()}
    # "<" escaped: the JSON can never close the script element.
    payload = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    return f'<script id="i18n-data" type="application/json">{payload}</script>'


def rules_page(game: str, lang: str = i18n.DEFAULT) -> str:
    """The whole rules page of ``game``, standalone (works without script)."""
    title = html.escape(text("rules.title", lang, game=game_title(game, lang)))
    return f"""<!doctype html>
<html {html_attributes(lang)}>
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
  <a class="back" id="rules-back" href="/#/">{html.escape(text("rules.back", lang))}</a>
</header>
<main class="panel rules" id="rules-page" data-game="{html.escape(game)}">
<h1>{title}</h1>
{rules_fragment(game, lang)}
<p class="note">{html.escape(text("rules.source", lang, example=_first_rule(game)))}</p>
</main>
{i18n_script(lang)}
<script src="/static/site.js"></script>
</body>
</html>
"""


def not_found_page(message: str, lang: str = i18n.DEFAULT) -> str:
    """A small page for a rules address that names no game (the message escaped)."""
    return (f'<!doctype html><html {html_attributes(lang)}><meta charset="utf-8"><title>404</title>'
            f'<link rel="stylesheet" href="/static/table.css"><main class="panel rules">'
            f"<p>{html.escape(message)}</p><p><a href=\"/#/\">{html.escape(text('rules.back', lang))}</a></p>"
            f"</main></html>")


def _first_rule(game: str) -> str:
    m = RULE_CITATION.search(rules.section(game))
    return m.group(0) if m else ""


def game_card(game: str, lang: str = i18n.DEFAULT) -> dict:
    """What the home page shows of a game beside the catalog."""
    about = i18n.translate(lang, STRINGS[f"game.{game}"]) if f"game.{game}" in STRINGS else ""
    if game not in rules.games():
        return {"players_line": "", "description": about}
    return {"players_line": players_line(game, lang), "description": about,
            "rules_title": game_title(game, lang)}


# -- index.html ---------------------------------------------------------------------------
_TOKEN = re.compile(r"(<!--.*?-->|<[^>]*>)|([^<]+)", re.S)
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")
_ATTR = re.compile(r"""\b(aria-label|placeholder|title|alt)=("[^"]*"|'[^']*')""")
_UNTRANSLATED_ELEMENTS = {"code", "script", "style"}
_LETTER = re.compile(r"[^\W\d_]")


def translate_html(source: str, tr: Translate) -> str:
    """``source`` (the page's HTML, ours) with each text node and each
    aria-label/placeholder/title/alt attribute passed through ``tr``
    (whitespace collapsed into the msgid, kept around it); text inside
    <code>, <script> and <style> and text without letters stay as they are."""
    out: list[str] = []
    skip = 0
    for m in _TOKEN.finditer(source):
        tag, body = m.group(1), m.group(2)
        if tag is not None:
            name = _TAG_NAME.match(tag)
            if name and name.group(2).lower() in _UNTRANSLATED_ELEMENTS and not tag.endswith("/>"):
                skip += -1 if name.group(1) else 1
                skip = max(skip, 0)
            out.append(_ATTR.sub(lambda a: _translated_attribute(a, tr), tag))
            continue
        msgid = " ".join(body.split())
        if skip or not _LETTER.search(msgid):
            out.append(body)
            continue
        lead = body[:len(body) - len(body.lstrip())]
        tail = body[len(body.rstrip()):]
        out.append(lead + html.escape(tr(html.unescape(msgid)), quote=False) + tail)
    return "".join(out)


def _translated_attribute(m: re.Match, tr: Translate) -> str:
    value = html.unescape(m.group(2)[1:-1])
    if not _LETTER.search(value):
        return m.group(0)
    return f'{m.group(1)}="{html.escape(tr(" ".join(value.split())), quote=True)}"'


def index_page(source: str, lang: str) -> str:
    """The page (index.html) in ``lang``: its texts translated, <html lang dir>
    set and the page's catalog before the first script."""
    page = translate_html(source, (lambda m: i18n.translate(lang, m)) if lang != i18n.DEFAULT else _english)
    page = re.sub(r"<html\b[^>]*>", f"<html {html_attributes(lang)}>", page, count=1)
    return page.replace("<script", i18n_script(lang) + "\n<script", 1)
