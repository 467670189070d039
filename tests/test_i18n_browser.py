"""Six languages in real headless Chromium (issue 17 parts 3 and 6): every
page in every language shows no string of the English catalog, Arabic is
right to left and mirrored, the choice of language persists, the page's
numbers agree with the server's, and the home page's screenshot in each
language is saved where the browser tests save theirs.

Two servers: one with the package's catalogs (what translators deliver:
test_no_english_is_visible fails, listing the strings, for a language not
translated yet) and one with a pseudo-translation of every msgid
(tests/i18n_pseudo.py), which shows today that every string of every page
goes through the catalogs. Set-up as tests/test_web_browser.py, plus
``fonts-noto-core`` (Arabic, Hindi, Thai) and ``fonts-noto-cjk`` (Chinese).
"""
from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

if not os.environ.get("CI"):
    pytest.importorskip("babel", reason="the web extra is not installed")

import test_web_browser as base
from i18n_pseudo import TEMPLATE, write_pseudo_catalogs

import cardavia
from cardavia import i18n

# The browser tests' Chromium and screenshot folder, shared by name.
browser, screenshots = base.browser, base.screenshots
DESKTOP, Server, play_one, shot = base.DESKTOP, base.Server, base.play_one, base.shot

TRANSLATED = ("ar", "uk", "hi", "th", "zh")
ALLOWED = {"Cardavia"}      # names that read the same in every language
GAMES = cardavia.available_games()

# Every visible text node and every aria-label/title/placeholder of the page.
VISIBLE_TEXTS = """() => {
  const out = [];
  const seen = (e) => {
    for (let x = e; x; x = x.parentElement) {
      if (x.hidden) return false;
      const s = getComputedStyle(x);
      if (s.display === "none" || s.visibility === "hidden") return false;
    }
    return true;
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walk.nextNode())) {
    const e = n.parentElement;
    if (!e || e.closest("script, style, code, .tpl") || !seen(e)) continue;
    const text = n.textContent.replace(/\\s+/g, " ").trim();
    if (text) out.push(text);
  }
  // a template with nodes among its words (table.js's tNodes) is one message: read whole
  for (const e of document.querySelectorAll(".tpl")) {
    if (seen(e) && !e.parentElement.closest(".tpl")) out.push(e.textContent.replace(/\\s+/g, " ").trim());
  }
  for (const e of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!seen(e)) continue;
    for (const a of ["aria-label", "title", "placeholder"]) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  out.push(document.title);
  return out;
}"""


def _english_patterns() -> list[tuple[str, re.Pattern]]:
    """Each English msgid as a pattern for a whole text ({params} match anything); a
    count's singular and plural each."""
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    out = []
    for m in template:
        for msgid in ([m.id] if isinstance(m.id, str) else list(dict.fromkeys(m.id))):
            if not msgid or msgid in ALLOWED:
                continue
            pieces = re.split(r"(\{\w+\})", msgid)
            # a parameter is a short value (a seat, a number, a card), not a sentence
            body = "".join(r"[^.;!?]{1,40}?" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in pieces)
            out.append((msgid, re.compile(body)))
    # the most specific (most literal text) first, so a text is reported under its own msgid
    return sorted(out, key=lambda e: -len(re.sub(r"\{\w+\}", "", e[0])))


ENGLISH = _english_patterns()


def english_in(texts: list[str]) -> list[str]:
    """The English msgids that some visible text is (or a " · " part of one is)."""
    found = []
    parts = {p.strip() for text in texts for p in [text, *text.split(" · ")] if p.strip()}
    for part in parts:
        for msgid, pattern in ENGLISH:
            if pattern.fullmatch(part) and re.search(r"[A-Za-z]{2}", part):
                found.append(f"{part!r} (msgid {msgid!r})")
                break
    found.sort()
    return found if len(found) <= 25 else found[:25] + [f"... and {len(found) - 25} more"]


def _server(tmp_path_factory, locale_dir: Path | None):
    pytest.importorskip("uvicorn") if not os.environ.get("CI") else None
    s = Server(tmp_path_factory.mktemp("web-i18n") / "games.sqlite3")
    with pytest.MonkeyPatch.context() as mp:
        if locale_dir is None:
            mp.delenv("CARDAVIA_LOCALE_DIR", raising=False)
        else:
            mp.setenv("CARDAVIA_LOCALE_DIR", str(locale_dir))
        s.start()   # the child takes the environment as it is now
    return s


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = _server(tmp_path_factory, None)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory):
    s = _server(tmp_path_factory, write_pseudo_catalogs(tmp_path_factory.mktemp("pseudo"), TRANSLATED))
    yield s
    s.stop()


def open_home(browser, srv, lang, errors, locale=None, viewport=DESKTOP, seed=None):
    """The home page in ``lang``; with ``seed``, the games it starts deal that deal
    (the AI's choices follow from it too, so the pages a test walks are the same each run)."""
    ctx = browser.new_context(viewport=viewport, locale=locale or lang)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(30000)
    page.goto(srv.url + f"/?lang={lang}" + (f"&seed={seed}" if seed is not None else ""))
    page.wait_for_selector("#game-choices input")
    page.wait_for_selector("#game-cards .game-card")
    return page


def view_of(page) -> dict:
    gid = page.url.split("#/game/")[1]
    return page.evaluate("async (id) => (await fetch('/api/games/' + id)).json()", gid)


def wait_turn(page) -> dict:
    """The view once it is the person's turn (its moves drawn) or the game is over."""
    for _ in range(600):
        v = view_of(page)
        if v["over"] or (v["thinking"] is None and v["legal_count"] and v["current_player"] == v["seat"]):
            break
        page.wait_for_timeout(100)
    if not v["over"]:
        page.wait_for_function("(ply) => app.view && app.view.ply === ply && "
                               "document.querySelectorAll('#moves button, #prompt:not(:empty)').length > 0",
                               arg=v["ply"])
    else:
        page.wait_for_function("() => app.view && app.view.over")
    return v


def start(page, game) -> dict:
    page.goto(page.url.split("#")[0] + "#/")
    page.wait_for_selector(f"#game-{game}")
    page.check(f"#game-{game}")
    page.select_option("#pace", "0")
    page.select_option("#level", "easy")
    page.click("#start")
    page.wait_for_url(lambda url: "#/game/" in url)
    return wait_turn(page)


# -- no English in any page ------------------------------------------------------------------
def _pages_of_a_language(page, srv, lang, games, moves=0, seed=0) -> dict[str, list[str]]:
    """What each page (home, a rules page, tables) shows; page name -> English found."""
    found = {"home": english_in(page.evaluate(VISIBLE_TEXTS))}
    rng = random.Random(seed)
    for game in games:
        v = start(page, game)
        for _ in range(moves):
            if v["over"]:
                break
            play_one(page, v, rng)
            page.wait_for_function("(ply) => app.view && app.view.ply > ply", arg=v["ply"])
            v = wait_turn(page)
        found[f"table {game}"] = english_in(page.evaluate(VISIBLE_TEXTS))
        page.click("#rules-btn")
        page.wait_for_selector("#rules-body h3")
        found[f"rules over {game}"] = english_in(page.evaluate(VISIBLE_TEXTS))
        page.click("#rules-close")
    page.goto(srv.url + f"/rules/{games[0]}")
    found[f"rules page {games[0]}"] = english_in(page.evaluate(VISIBLE_TEXTS))
    return {k: v for k, v in found.items() if v}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_is_visible(browser, server, lang):
    """With the package's catalogs: fails, listing the strings, until ``lang`` is translated."""
    errors: list[str] = []
    k = TRANSLATED.index(lang)
    page = open_home(browser, server, lang, errors, seed=k + 1)
    games = [GAMES[k % len(GAMES)], GAMES[(k + 5) % len(GAMES)]]
    found = _pages_of_a_language(page, server, lang, games)
    page.context.close()
    assert errors == []
    assert not found, f"{lang}: English shown:\n" + "\n".join(f"  {where}: {', '.join(what)}"
                                                             for where, what in found.items())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_string_of_every_page_goes_through_the_catalog(browser, pseudo_server, lang):
    """With every msgid pseudo-translated, no page shows a string of the English catalog."""
    errors: list[str] = []
    k = TRANSLATED.index(lang)
    page = open_home(browser, pseudo_server, lang, errors, seed=k + 1)
    games = GAMES if lang == "ar" else [GAMES[(k + 2) % len(GAMES)]]
    found = _pages_of_a_language(page, pseudo_server, lang, games, moves=3, seed=k)
    assert page.evaluate("document.documentElement.lang") == lang
    page.context.close()
    assert errors == []
    assert not found, "\n".join(f"{where}: {', '.join(what)}" for where, what in found.items())


# -- right to left -------------------------------------------------------------------------------
_CENTRE = """selector => {
    const element = document.querySelector(selector);
    const box = element && element.getBoundingClientRect();
    return box && box.width > 0 ? {x: box.x + box.width / 2} : null;
}"""


def _x(page, selector) -> float:
    # One evaluation finds the element and measures it: a table redrawn under load replaces its
    # seats between a separate wait and measure (the measure then found nothing).
    return page.wait_for_function(_CENTRE, arg=selector).json_value()["x"]


def test_arabic_is_right_to_left_and_mirrored_but_the_seats_are_not(browser, pseudo_server, screenshots):
    errors: list[str] = []
    where = {}
    for lang in ("en", "ar"):
        page = open_home(browser, pseudo_server, lang, errors)
        assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
        brand, settings = _x(page, "header .brand"), _x(page, "#settings-btn")
        first_card = _x(page, "#game-cards .game-card:nth-child(1)")
        second_card = _x(page, "#game-cards .game-card:nth-child(2)")
        start(page, "bridge")
        seats = {pos: _x(page, f".seat.pos-{pos}") for pos in ("left", "right")}
        hand = [_x(page, f'#hand .card[data-idx="{i}"]') for i in range(3)]
        auction_south = _x(page, "table.auction th:nth-child(1)")
        auction_west = _x(page, "table.auction th:nth-child(2)")
        where[lang] = (brand, settings, first_card, second_card, seats, hand, auction_south, auction_west)
        shot(page, screenshots, f"i18n-bridge-{lang}-pseudo.png")
        page.context.close()
    en, ar = where["en"], where["ar"]
    assert en[0] < en[1] and ar[0] > ar[1]                 # header: the brand at the start of the line
    assert en[2] < en[3] and ar[2] > ar[3]                 # the game cards flow from the right
    # the seats do not: the next player sits on the left in every language (BR-4.2: play is clockwise)
    assert en[4]["left"] < en[4]["right"] and ar[4]["left"] < ar[4]["right"]
    assert en[6] < en[7] and ar[6] > ar[7]                 # the auction's columns (South, the dealer, first) too
    assert en[5] == sorted(en[5]) and ar[5] == sorted(ar[5])   # a hand keeps its rank order
    assert errors == []


def test_a_card_written_in_arabic_text_reads_rank_then_suit(browser, server):
    # A card in a sentence ("the kitty 4♠ J♥", a button "Declare 2♦") stays "4♠" on a right-to-left
    # page: without isolation the page's direction drew the suit first ("♠4").
    errors: list[str] = []
    page = open_home(browser, server, "ar", errors)
    start(page, "shengji")
    order = page.evaluate("""() => {
        const span = document.createElement('span');
        span.textContent = chanceText(app.view, 'kitty 4s Jh Td') + ' / '
            + Cards.label('declare 2d 2d', Cards.classify('declare 2d 2d'));
        document.getElementById('prompt').append(span);
        const text = span.firstChild;
        const x = (i) => {
            const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
            return r.getBoundingClientRect().left; };
        const out = [];
        for (const m of text.data.matchAll(/(10|[2-9JQKA])([♣♦♥♠])/g)) {
            const suit = m.index + m[1].length;
            out.push([m[0], x(suit - 1) < x(suit)]); }
        return out; }""")
    assert [card for card, _ in order] == ["4♠", "J♥", "10♦", "2♦", "2♦"]
    assert all(rank_first for _, rank_first in order), order
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("lang, names", [
    ("en", ["Queen of spades", "King of spades", "7 of hearts"]),
    ("uk", ["дама пік", "король пік", "7 черв"]),          # the suit in the genitive (was "дама (піки)")
    ("hi", ["हुकुम की बेगम", "हुकुम का बादशाह", "पान का 7"]),   # "of" agrees with the card (was "हुकुम का बेगम")
])
def test_a_card_s_spoken_name_reads_as_the_language_says_it(browser, server, lang, names):
    errors: list[str] = []
    page = open_home(browser, server, lang, errors)
    assert page.evaluate("() => ['Qs', 'Ks', '7h'].map(Cards.name)") == names
    assert errors == []
    page.context.close()


def test_a_trick_s_seat_names_keep_apart_in_a_long_language(browser, server):
    # Ukrainian's "ШІ · Місце 1" and "Партнер · Місце 2" are wider than the cards they stand under:
    # a last trick in the info panel ran them together ("ШІ · Місце 1Партнер · Місце 2").
    errors: list[str] = []
    page = open_home(browser, server, "uk", errors)
    start(page, "shengji")
    page.evaluate("""() => {
        const node = valueNode('last_trick', [[3, 'Ks'], [0, '8s'], [1, 'Ts'], [2, '6s']], app.view);
        node.id = 'probe'; document.body.append(node); }""")   # (not in #prompt: a late re-render replaced it)
    names = ["ШІ · Місце 3", "Ви", "ШІ · Місце 1", "Партнер · Місце 2"]
    assert page.locator("#probe .who").all_text_contents() == names
    assert page.evaluate(base._TOUCHING_NAMES) == []
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("lang, names, numbers", [
    ("en", "A, B, C", "2,227; 1,773; 0"),        # "2,227, 1,773, 0" read as five numbers
    ("ar", "A، B، C", "2,227، 1,773، 0"),
    ("zh", "A、B、C", "2,227、1,773、0"),
])
def test_lists_are_written_as_the_language_writes_them(browser, server, lang, names, numbers):
    errors: list[str] = []
    page = open_home(browser, server, lang, errors)
    assert page.evaluate("() => listText(['A', 'B', 'C'])") == names
    assert page.evaluate("() => listText([2227, 1773, 0].map(num))") == numbers
    assert errors == []
    page.context.close()


# -- the choice persists ------------------------------------------------------------------------
def test_the_language_choice_persists(browser, server):
    errors: list[str] = []
    page = open_home(browser, server, "en", errors, locale="en-US")
    page.goto(server.url + "/")                               # no ?lang=: the cookie from ?lang=en, then...
    page.select_option("#lang-select", "th")
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    page.reload()
    assert page.evaluate("document.documentElement.lang") == "th"
    page.goto(server.url + "/rules/doudizhu")
    assert page.evaluate("document.documentElement.lang") == "th"
    assert page.evaluate("localStorage.getItem('cardavia.lang')") == "th"
    # The cookie gone, localStorage brings the choice back.
    page.context.clear_cookies()
    page.goto(server.url + "/")
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    assert page.locator("#lang-select").input_value() == "th"
    names = page.locator("#lang-select option").all_inner_texts()
    assert names == list(i18n.LANGUAGES.values())
    page.context.close()
    assert errors == []


def test_accept_language_picks_the_language(browser, server):
    ctx = browser.new_context(locale="zh-CN")
    page = ctx.new_page()
    page.goto(server.url + "/")
    assert page.evaluate("document.documentElement.lang") == "zh"
    ctx.close()


# -- numbers ------------------------------------------------------------------------------------
NUMBERS = [0, 7, 20, 1000, 2640, 1234567, -20, -1500, 0.5, 12.75]
PERCENTS = [0, 50, 100]


def test_page_numbers_agree_with_the_server(browser, server):
    errors: list[str] = []
    page = open_home(browser, server, "en", errors)
    disagree = []
    for lang in i18n.LANGUAGES:
        page_side = page.evaluate(
            "([lang, xs, ps]) => [xs.map((x) => new Intl.NumberFormat(lang).format(x)),"
            " ps.map((p) => new Intl.NumberFormat(lang, {style: 'percent'}).format(p / 100))]",
            [lang, NUMBERS, PERCENTS])
        server_side = [[i18n.format_number(x, lang) for x in NUMBERS],
                       [i18n.format_percent(p / 100, lang) for p in PERCENTS]]
        for got, want, x in zip(page_side[0] + page_side[1], server_side[0] + server_side[1], NUMBERS + PERCENTS):
            if got != want:
                disagree.append(f"{lang} {x}: page {got!r}, server {want!r}")
    page.context.close()
    assert not disagree, disagree


def test_the_page_formats_its_numbers_in_the_language(browser, pseudo_server):
    errors: list[str] = []
    page = open_home(browser, pseudo_server, "uk", errors)
    start(page, "holdem")
    chips = page.locator(".seat .fact.chips").first.inner_text()
    assert "1\u00a0000" in chips or "1 000" in chips, chips       # 1000 chips, the Ukrainian way
    page.context.close()
    assert errors == []


# -- screenshots ----------------------------------------------------------------------------
def test_home_page_screenshots_in_every_language(browser, server, screenshots):
    """The home page in the six languages (with the package's catalogs) — look at them."""
    errors: list[str] = []
    for lang in i18n.LANGUAGES:
        page = open_home(browser, server, lang, errors)
        assert page.evaluate("document.documentElement.lang") == lang
        shot(page, screenshots, f"i18n-home-{lang}.png")
        page.context.close()
    assert errors == []
    assert all((screenshots / f"i18n-home-{lang}.png").stat().st_size > 10_000 for lang in i18n.LANGUAGES)


# -- the end of every game ------------------------------------------------------------------------
def finished_game(name: str, seed: int) -> str:
    """One random deal of ``name`` played to its end: the state's JSON (a replay file)."""
    state = cardavia.load(name).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.play(state.legal_moves().sample(rng))
    return state.to_json()


def open_finished(page, name: str, seed: int) -> None:
    """Open a finished deal of ``name`` as a replay file, at its last step (the score shown)."""
    gid = page.evaluate("""async (text) => {
        const r = await fetch('/api/replays', {method: 'POST', headers: {'content-type': 'application/json'},
                                               body: JSON.stringify({state: text, seat: 0})});
        return (await r.json()).id; }""", finished_game(name, seed))
    page.goto(page.url.split("#")[0] + f"#/game/{gid}")
    # a hash change alone keeps the last deal's replay bar on screen until the new one loads: the
    # click could land on it (seen in CI under load); a reload shows the bar only for this deal
    page.reload()
    page.wait_for_selector("#replay-last")
    page.click("#replay-last")
    page.wait_for_selector("#outcome h2")


# A Latin word outside the pseudo-translation's ⟦…⟧: English the catalog never saw.
# Card and call texts (Qc, 10h, 4NT, XX, BJ), "Cardavia" and the language menu's
# "English" are not words to translate.
LATIN_WORD = re.compile(r"\b(?!(?:Cardavia|English)\b)[A-Za-z]{3,}\b")


def _outside_pseudo(text: str) -> str:
    """``text`` with every ⟦…⟧ (nested ones too, innermost first) blanked out."""
    while True:
        bare = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if bare == text:
            return bare
        text = bare


def untranslated_words(texts: list[str]) -> list[str]:
    return sorted({f"{w!r} in {text!r}" for text in texts for w in LATIN_WORD.findall(_outside_pseudo(text))})


@pytest.mark.parametrize("name", GAMES)
def test_the_end_of_every_game_is_translated(browser, pseudo_server, screenshots, name):
    """A finished deal's score (its breakdown, the settlement, the hands shown down) goes
    through the catalog: no English msgid and no Latin word outside a pseudo-translation."""
    errors: list[str] = []
    lang = TRANSLATED[GAMES.index(name) % len(TRANSLATED)]
    page = open_home(browser, pseudo_server, lang, errors)
    found, words = [], []
    for seed in (1, 2, 3):
        open_finished(page, name, seed)
        texts = page.evaluate(VISIBLE_TEXTS)
        found += english_in(texts)
        words += untranslated_words(texts)
    shot(page, screenshots, f"i18n-end-{name}-{lang}-pseudo.png")
    page.context.close()
    assert errors == []
    assert not found, found
    assert not words, words


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_end_of_a_game_in_every_language(browser, server, screenshots, lang):
    """With the package's catalogs, the score at the end of a deal shows no English."""
    errors: list[str] = []
    page = open_home(browser, server, lang, errors)
    k = TRANSLATED.index(lang)
    found = []
    for name in (GAMES[k % len(GAMES)], GAMES[(k + 3) % len(GAMES)]):
        open_finished(page, name, k)
        found += english_in(page.evaluate(VISIBLE_TEXTS))
        shot(page, screenshots, f"i18n-end-{name}-{lang}.png")
    page.context.close()
    assert errors == []
    assert not found, found


# -- counts: the plural forms -------------------------------------------------------------------
COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 101]


def _po(lang: str):
    from babel.messages.pofile import read_po

    with (Path(cardavia.__file__).parent / "locale" / lang / "LC_MESSAGES" / "cardavia.po").open("rb") as f:
        return read_po(f, locale=lang)


def _python_form(catalog, msgid, n: int, lang: str) -> str:
    """The form gettext's expression of the .po picks for ``n``, {n} filled as the server writes numbers."""
    import gettext

    form = catalog.get(msgid).string[gettext.c2py(catalog.plural_expr)(n)]
    return form.replace("{n}", i18n.format_number(n, lang))


@pytest.mark.parametrize("lang, forms", [("ar", 6), ("uk", 3), ("hi", 2)])
def test_the_page_picks_the_form_python_picks(browser, server, lang, forms):
    """tn() in the real page (Intl.PluralRules and the server's plural_index) writes, for every
    plural message and every n, the form gettext's expression picks from the .po; the
    game choices' "{n} players" reads so too (the duel's 2 is Arabic's dual)."""
    errors: list[str] = []
    page = open_home(browser, server, lang, errors)
    catalog = _po(lang)
    pairs = [list(m.id) for m in catalog if m.pluralizable]
    assert len(pairs) >= 15
    got = page.evaluate("([pairs, ns]) => pairs.map(([s, p]) => ns.map((n) => tn(s, p, n)))", [pairs, COUNTS])
    wrong = [(pair[0], n, text, want) for pair, texts in zip(pairs, got) for n, text in zip(COUNTS, texts)
             for want in [_python_form(catalog, tuple(pair), n, lang)] if text != want]
    assert not wrong, wrong[:10]
    # n chooses: the nine numbers reach every form (Arabic's "many" and "other" differ here)
    decisions = got[pairs.index(["… {n} earlier decision", "… {n} earlier decisions"])]
    assert len({re.sub(r"\d+", "#", text) for text in decisions}) == forms, decisions
    picked = page.evaluate("(ns) => ns.map((n) => I18N.plural_index[PLURAL_RULES.select(n)])", COUNTS)
    assert sorted(set(picked)) == list(range(forms)), picked
    games = page.evaluate("() => fetch('/api/catalog').then((r) => r.json())")["games"]
    for g in games:
        shown = page.locator(f"label:has(#game-{g['name']}) .game-players").inner_text()
        msgid = ("{n} player · match", "{n} players · match") if g["plays_matches"] else ("{n} player", "{n} players")
        assert shown == _python_form(catalog, msgid, g["players"], lang), (g["name"], shown)
    page.context.close()
    assert errors == []


def test_english_counts_read_singular_for_one(browser, server):
    errors: list[str] = []
    page = open_home(browser, server, "en", errors)
    said = page.evaluate("""() => [tn("{n} card", "{n} cards", 1), tn("{n} card", "{n} cards", 2),
        tn("{n} card", "{n} cards", 0), tn("{n} card", "{n} cards", 1000),
        tn("{seat} claimed {n} of the remaining tricks", "{seat} claimed {n} of the remaining tricks", 3,
           { seat: "North" })]""")
    assert said == ["1 card", "2 cards", "0 cards", "1,000 cards", "North claimed 3 of the remaining tricks"]
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("lang", ["uk", "ar"])
def test_a_bid_is_named_by_the_form_of_its_level(browser, server, lang):
    """Cards.spoken() of a bridge call is the .po's form for its level (Ukrainian: "1 трефа",
    "2 трефи", "5 треф", three forms), no trump one message; a counted explanation (Hold'em's
    ev chips) takes the form of the parameter it names."""
    import gettext

    errors: list[str] = []
    page = open_home(browser, server, lang, errors)
    catalog = _po(lang)
    levels = [1, 2, 5]
    for strain, msgid in (("C", ("{n} club", "{n} clubs")), ("H", ("{n} heart", "{n} hearts"))):
        said = page.evaluate("(calls) => calls.map((c) => Cards.spoken(c))", [f"{n}{strain}" for n in levels])
        assert said == [_python_form(catalog, msgid, n, lang) for n in levels], said
        assert len(set(said)) == 3 and not set(said) & {"1 club", "2 clubs", "5 clubs", "1 heart", "2 hearts"}
    assert page.evaluate("() => Cards.spoken('3NT')") == catalog.get("{level} no trump").string.replace(
        "{level}", i18n.format_number(3, lang))
    singular, plural = ("Equity {equity}% against the ranges read so far, pot odds {pot_odds}%: {ev} chip expected",
                        "Equity {equity}% against the ranges read so far, pot odds {pot_odds}%: {ev} chips expected")
    form_of = gettext.c2py(catalog.plural_expr)
    for ev in (1, 2, 5, 21, -2):
        params = {"equity": 40, "pot_odds": 25, "ev": ev}
        got = page.evaluate("(e) => explanation(e)", {"template": [singular, plural], "count": "ev",
                                                        "params_text": params, "text": "English"})
        want = catalog.get(singular).string[form_of(abs(ev))]
        for k, v in params.items():
            want = want.replace("{" + k + "}", i18n.format_number(v, lang))
        assert got == want, (ev, got, want)
    # the person's own call, as the AIs read it, says so in the language
    got = page.evaluate("(e) => explanation(e)", {"template": "no agreed meaning here: shows nothing more",
                                                  "params": {}, "text": "English", "reading": True})
    assert got == catalog.get("read as: {reading}").string.replace(
        "{reading}", catalog.get("no agreed meaning here: shows nothing more").string), got
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("lang", ["ar", "uk"])
def test_zheng_shangyou_settlement_counts_read_right(browser, server, screenshots, lang):
    """A finished Zheng Shangyou deal's settlement: each "N cards left" in the language's form
    for N (the engine writes "1 card left" and "2 cards left"; seeds 1 and 3 have 1, 2, 3 and 5)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    errors: list[str] = []
    page = open_home(browser, server, lang, errors)
    catalog = _po(lang)
    for seed in (1, 3):
        state = cardavia.load("zhengshangyou").new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.play(state.legal_moves().sample(rng))
        counts = [int(m[1]) for line in state.settlement
                  for m in [re.fullmatch(r"(\d+) cards? left", line["reason"])] if m]
        assert counts, state.settlement
        open_finished(page, "zhengshangyou", seed)
        for n in counts:
            want = _python_form(catalog, ("{n} card left", "{n} cards left"), n, lang)
            line = page.locator("ul.settlement li", has_text=f"({want})").first
            try:  # the settlement may render a moment after the outcome's heading: wait for it
                line.wait_for(timeout=10_000)
            except PlaywrightTimeout:
                pytest.fail(f"no settlement line reads ({want}): {page.locator('ul.settlement li').all_inner_texts()}")
        assert not english_in(page.evaluate(VISIBLE_TEXTS))
        shot(page, screenshots, f"i18n-end-zhengshangyou-{lang}-counts-{seed}.png")
    page.context.close()
    assert errors == []


def test_pass_is_a_call_in_an_auction_and_no_play_in_a_climbing_game(browser, server):
    """Chinese says 不叫 for a pass in Bridge's auction (and while bidding or declaring), 不出 when a climber
    plays nothing: the page takes the call's word from its context ("a call")."""
    errors: list[str] = []
    page = open_home(browser, server, "zh", errors, seed=1)
    call, no_play = _po("zh").get("pass", context="a call").string, _po("zh").get("pass").string
    assert (call, no_play) == ("不叫", "不出")
    for game, want in (("bridge", call), ("zhengshangyou", no_play)):
        start(page, game)
        assert page.evaluate("() => moveWords('pass')") == want, game
    # an auction's pass (its table, the info line during the play) is a call whatever the moment
    assert page.evaluate("() => callNode('pass').textContent") == call
    v = start(page, "doudizhu")
    assert v["observation"]["phase"] == "bidding" and page.evaluate("() => moveWords('pass')") == call
    # into the play: the log keeps the bidding's passes as calls and the play's as no play
    def first_card(history):
        return next((i for i, (p, text) in enumerate(history) if p >= 0 and not text.startswith(("bid", "pass"))),
                    None)

    rng = random.Random(3)
    while True:
        history = v["observation"]["history"]
        k = first_card(history)
        if v["over"] or (k is not None and any(text == "pass" for _, text in history[k:])):
            break
        play_one(page, v, rng)
        page.wait_for_function("(ply) => app.view && app.view.ply > ply", arg=v["ply"])
        v = wait_turn(page)
    words = page.evaluate("() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    passes = [(i < k, words[i]) for i, (p, text) in enumerate(history) if text == "pass"]
    assert any(before for before, _ in passes) and any(not before for before, _ in passes), passes
    assert all((call if before else no_play) in shown for before, shown in passes), passes
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("lang", ["uk", "th"])
def test_the_end_of_a_game_fits_a_phone_in_a_long_language(browser, server, screenshots, lang):
    """At 360 px, a finished table's five buttons and its score (a seat's name and chips by each
    seat) stay within the page in the languages with the longest words (shot checks the width)."""
    errors: list[str] = []
    page = open_home(browser, server, lang, errors, viewport=base.PHONE, seed=11)
    v = start(page, "doudizhu")
    while not v["over"]:
        page.evaluate("""async ([id, move, ply]) => fetch(`/api/games/${id}/move`, {method: 'POST',
            headers: {'content-type': 'application/json'}, body: JSON.stringify({move, ply})})""",
                      [page.url.split("#/game/")[1], v["legal"][0], v["ply"]])
        v = wait_turn(page)
    page.wait_for_selector("#replay-btn:not([hidden])")   # the fifth button, once over
    shot(page, screenshots, f"i18n-end-phone-doudizhu-{lang}.png")
    open_finished(page, "holdem", 3)
    shot(page, screenshots, f"i18n-end-phone-holdem-{lang}.png")
    page.context.close()
    assert errors == []
