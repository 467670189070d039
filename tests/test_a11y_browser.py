"""Accessibility and phones in a real browser (issue 17 parts 5 and 6): axe-core
(through axe-playwright-python, a test extra) on the home page, a rules page,
the settings and a table of every game; keyboard-only play; the live region
announcing the AI's moves; the largest hands on a 360x740 phone.  Same set-up
as test_web_browser.py, whose fixtures and server launchers are reused;
screenshots go to the same folder."""
from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import pytest
import test_i18n_browser as i18n_base
import test_web_browser as base

import cardavia

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # pragma: no cover - depends on the machine
    Axe = None

# The browser tests' fixtures, shared by name (one server and browser per module).
browser, server, fixture_server = base.browser, base.server, base.fixture_server
screenshots, page_errors = base.screenshots, base.page_errors
open_page, start_game, wait_ready, view_of, PHONE = (base.open_page, base.start_game, base.wait_ready,
                                                      base.view_of, base.PHONE)
STATIC = Path(cardavia.__file__).parent / "web" / "static"


@pytest.fixture(scope="module")
def axe():
    if Axe is None:
        if os.environ.get("CI"):
            pytest.fail("axe-playwright-python is not installed (the test extra)")
        pytest.skip("axe-playwright-python is not installed")
    return Axe()


def serious_violations(axe, page) -> str:
    """axe-core's serious and critical violations of the page as it is now, one line each ("" if none)."""
    response = axe.run(page).response
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']} at "
                     + ", ".join(f"{n['target']} {n.get('failureSummary', '')[-160:]!r}" for n in v["nodes"][:3])
                     for v in response["violations"] if v["impact"] in ("serious", "critical"))


def no_horizontal_overflow(page) -> bool:
    return page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth")


# -- axe-core: no serious or critical violation ---------------------------------------------------
def test_axe_home_rules_and_settings(browser, server, page_errors, axe):
    page = open_page(browser, server, page_errors)
    page.wait_for_selector(".game-card")
    assert not (found := serious_violations(axe, page)), found
    page.click("#settings-btn")
    page.wait_for_selector("#settings:not([hidden])")
    assert not (found := serious_violations(axe, page)), found
    page.goto(server.url + "/rules/guandan")
    page.wait_for_selector("#rules-page")
    assert not (found := serious_violations(axe, page)), found
    assert not page_errors, page_errors
    page.context.close()


@pytest.mark.parametrize("game", cardavia.available_games())
def test_axe_on_a_table_of_every_game(browser, server, page_errors, axe, game):
    page = open_page(browser, server, page_errors)
    start_game(page, game)
    assert not (found := serious_violations(axe, page)), found
    page.click("#rules-btn")
    page.wait_for_selector("#rules-panel .rules h3")
    assert not (found := serious_violations(axe, page)), found
    assert not page_errors, page_errors
    page.context.close()


# -- keyboard only ----------------------------------------------------------------------------------
RANK_NAMES = {"T": "10", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def card_name(card: str) -> str:
    """The English label a card must carry: "Queen of hearts", "Red Joker"."""
    if card in ("RJ", "BJ"):
        return "Red Joker" if card == "RJ" else "Black Joker"
    return f"{RANK_NAMES.get(card[0], card[0])} of {SUIT_NAMES[card[1]]}"


def spoken_ranks(play: str) -> str:
    """A play by ranks said in words: "33JJJ" is "pair of 3s, three Jacks"."""
    words = {2: "pair of {}s", 3: "three {}s", 4: "four {}s"}
    out = []
    for rank, group in itertools.groupby(play):
        n = len(list(group))
        if rank in "BR":
            out += ["Black Joker" if rank == "B" else "Red Joker"] * n
        else:
            name = RANK_NAMES.get(rank, rank)
            out.append(name if n == 1 else words.get(n, f"{n} {{}}s").format(name))
    return ", ".join(out)


def tab_until(page, predicate: str, limit: int = 120) -> None:
    """Press Tab until ``predicate`` (JS, of document.activeElement as ``a``) holds."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const a = document.activeElement; return !!a && !!({predicate}); }}"):
            return
    raise AssertionError(f"Tab never reached {predicate}")


def focus_ring(page) -> str:
    return page.evaluate("() => { const s = getComputedStyle(document.activeElement); "
                         "return s.outlineStyle + ' ' + s.outlineWidth; }")


def test_keyboard_only_play_in_dou_dizhu_and_the_ai_moves_announced(browser, server, page_errors, screenshots):
    page = open_page(browser, server, page_errors, seed=3)
    v = start_game(page, "doudizhu")
    # The auction, and passes while there is nothing to beat: the first move button, by keyboard too.
    while v["observation"].get("phase") == "bidding" or v["legal"] == ["pass"]:
        ply = v["ply"]
        tab_until(page, "a.dataset.move")
        page.keyboard.press("Enter")
        base.wait_moved(page, ply)
        v = wait_ready(page)
    hand = base.hand_of(v)
    labels = page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => c.getAttribute('aria-label'))")
    assert labels == [card_name(c) for c in hand]
    assert page.get_attribute("#announcer", "aria-live") == "polite"
    # Into the hand by Tab alone, with a visible focus ring.
    page.locator("body").focus()
    tab_until(page, "a.closest('#hand')")
    assert focus_ring(page).startswith("solid 3px")
    base.shot(page, screenshots, "a11y-focus-visible.png")
    # A card move: arrows to each of its cards, Space on each, then Tab to its button and Enter.
    move = min((m for m in v["legal"] if m != "pass"), key=lambda m: (-len(m), m))
    ply = v["ply"]
    at = 0
    for idx in sorted(base.cards_for(move, hand)):
        for _ in range(idx - at):
            page.keyboard.press("ArrowRight")
        at = idx
        page.keyboard.press(" ")
        assert page.get_attribute(f'#hand .card[data-idx="{idx}"]', "aria-selected") == "true"
    tab_until(page, f"a.dataset.move === {move!r}")
    assert focus_ring(page).startswith("solid 3px")
    assert page.get_attribute(f'#moves button[data-move="{move}"]', "aria-label").startswith("Play ")
    # Label in name (WCAG 2.5.3): each card move's name starts with what its button shows.
    buttons = page.eval_on_selector_all("#moves button[aria-label]",
                                        "bs => bs.map((b) => [b.textContent, b.getAttribute('aria-label')])")
    assert buttons and all(name.startswith(text + ", that is ") for text, name in buttons), buttons
    page.keyboard.press("Enter")
    base.wait_moved(page, ply)
    assert [0, move] in view_of(page)["observation"]["history"]
    # The AI's moves that follow are said by the live region.
    v = wait_ready(page)
    seat, text = next((p, m) for p, m in reversed(v["observation"]["history"]) if p not in (0, -1))
    who = f"AI · Seat {seat}"
    said = f"{who} passes" if text == "pass" else f"{who} plays {spoken_ranks(text)}"
    page.wait_for_function("(said) => document.getElementById('announcer').textContent.includes(said)", arg=said)
    assert not page_errors, page_errors
    page.context.close()


def test_keyboard_only_bridge_call(browser, server, page_errors):
    page = open_page(browser, server, page_errors, seed=5)
    v = start_game(page, "bridge")
    assert v["observation"]["phase"] == "auction"
    bid = next(m for m in v["legal"] if re.fullmatch(r"[1-7](C|D|H|S|NT)", m))
    strain = {"C": "club", "D": "diamond", "H": "heart", "S": "spade", "NT": "no trump"}[bid[1:]]
    strain += "s" if bid[0] != "1" and bid[1:] != "NT" else ""
    assert page.get_attribute(f'#moves button[data-move="{bid}"]', "aria-label") == f"{bid[0]} {strain}"
    # a call shows its level and the strain's symbol, which its name says in words
    shown = page.text_content(f'#moves button[data-move="{bid}"]')
    assert shown == bid[0] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}[bid[1:]], shown
    page.locator("body").focus()
    tab_until(page, f"a.dataset.move === {bid!r}")
    assert focus_ring(page).startswith("solid 3px")
    ply = v["ply"]
    page.keyboard.press("Enter")
    base.wait_moved(page, ply)
    assert [0, bid] in view_of(page)["observation"]["history"]   # I sit South, seat 0 (RULES.md §7)
    # The AI's calls (or cards, once the auction is over) that follow are said by the live region.
    v = wait_ready(page)
    seat, text = next((p, m) for p, m in reversed(v["observation"]["history"]) if p not in (0, -1))
    who = ["South", "West", "North", "East"][seat]   # the engine's seats (RULES.md §7)
    words = {"pass": f"{who} passes", "X": f"{who}: Double", "XX": f"{who}: Redouble"}
    said = words.get(text) or (f"{who} bids " if re.fullmatch(r"[1-7](C|D|H|S|NT)", text)
                               else f"{who} plays {card_name(text)}")
    page.wait_for_function("(w) => document.getElementById('announcer').textContent.includes(w)", arg=said)
    assert not page_errors, page_errors
    page.context.close()


def test_settings_and_rules_sheets_take_and_give_back_the_focus(browser, server, page_errors):
    page = open_page(browser, server, page_errors)
    v = start_game(page, "updown")
    page.locator("body").focus()
    tab_until(page, "a.id === 'settings-btn'")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "settings-close"
    tab_until(page, "a.id === 'set-contrast'", limit=3)
    page.keyboard.press("Escape")
    assert page.is_hidden("#settings")
    assert page.evaluate("() => document.activeElement.id") == "settings-btn"
    tab_until(page, "a.id === 'rules-btn'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules-panel .rules h3")
    assert page.evaluate("() => document.activeElement.id") == "rules-close"
    page.keyboard.press("Enter")
    assert page.is_hidden("#rules-panel")
    assert page.evaluate("() => document.activeElement.id") == "rules-btn"
    assert view_of(page)["ply"] == v["ply"]
    assert not page_errors, page_errors
    page.context.close()


SAID = {  # move -> what the live region says of seat 1 (an AI) making it
    "77": "AI · Seat 1 plays pair of 7s",
    "33JJJ": "AI · Seat 1 plays pair of 3s, three Jacks",
    "BR": "AI · Seat 1 plays Black Joker, Red Joker",
    "Qh": "AI · Seat 1 plays Queen of hearts",
    "pair:7 7h 7s": "AI · Seat 1 plays pair: 7 of hearts, 7 of spades",
    "pass": "AI · Seat 1 passes",
    "1H": "AI · Seat 1 bids 1 heart",
    "3NT": "AI · Seat 1 bids 3 no trump",
    "raise 40": "AI · Seat 1: Raise 40",
}


def test_moves_said_in_words(browser, server, page_errors):
    page = open_page(browser, server, page_errors)
    start_game(page, "doudizhu")
    said = page.evaluate("(moves) => moves.map((m) => announcement(app.view, 1, m))", list(SAID))
    assert dict(zip(SAID, said)) == SAID
    # A move button's name: what it shows, then the cards in words (the verb said once)
    names = page.evaluate("""(moves) => moves.map((text) => {
        const info = Cards.classify(text);
        return moveLabel({ text, info }, Cards.label(text, info)); })""", ["bury 3c 4d", "7h", "1H"])
    assert names == ["Bury 3♣ 4♦, that is 3 of clubs, 4 of diamonds", "Play 7♥, that is 7 of hearts", "1 heart"], names
    # No key-based string table: every string is a msgid of the catalog (tools/i18n.py extracts them).
    assert page.evaluate("() => typeof STRINGS") == "undefined"
    page.context.close()


# What must not remain of the English in a translated spoken move (the card texts like "7h" may).
ENGLISH_WORDS = re.compile(r"\b(Seat|plays|passes|bids|pair|three|of|hearts|spades|Jacks?|Queen|Black|Red|Joker|"
                           r"heart|no trump|Raise)\b")


@pytest.mark.parametrize("lang", ["ar", "zh"])
def test_moves_said_in_a_translated_page(browser, server, page_errors, lang):
    page = browser.new_context(viewport=base.DESKTOP).new_page()
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.goto(server.url + f"/?lang={lang}")
    page.wait_for_selector("#game-choices input")
    i18n_base.start(page, "doudizhu")
    said = page.evaluate("(moves) => moves.map((m) => announcement(app.view, 1, m))", list(SAID))
    for move, text in zip(SAID, said):
        assert text and text != SAID[move] and not ENGLISH_WORDS.search(text), (move, text)
    labels = page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => c.getAttribute('aria-label'))")
    assert labels and not any(ENGLISH_WORDS.search(x) for x in labels), labels
    assert not page_errors, page_errors
    page.context.close()


# -- the largest hands on a phone -------------------------------------------------------------------
def shengji_dealer_burying() -> tuple[object, int]:
    """A Shengji deal at the dealer's bury (SJ-4): 33 cards in hand."""
    s = cardavia.load("shengji").new_state(seed=1)
    while s.observation(s.current_player)["phase"] == "declare":
        declares = [str(m) for m in s.legal_moves() if str(m).startswith("declare")]
        s.play(declares[-1] if declares else "pass")
    assert s.observation(s.current_player)["phase"] == "bury"
    return s, s.current_player


def phone_page(browser, page_errors, lang="en"):
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2, locale=lang)
    page = ctx.new_page()
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.set_default_timeout(30000)
    return page


def check_phone_hand(page, n: int) -> None:
    """All ``n`` cards inside the screen, each showing a 24px strip or more, each tap toggling it."""
    cards = page.locator("#hand .card")
    assert cards.count() == n
    assert no_horizontal_overflow(page)
    boxes = [cards.nth(i).bounding_box() for i in range(n)]
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] for b in boxes)
    for a, b in zip(boxes, boxes[1:]):
        if abs(a["y"] - b["y"]) < 1:                     # the next card of the same row
            assert b["x"] - a["x"] >= 24, (a, b)
    for i in sorted({0, 1, n // 3, n // 2, n - 2, n - 1}):
        card = f'#hand .card[data-idx="{i}"]'
        page.tap(card, position={"x": 8, "y": 24})
        assert page.get_attribute(card, "aria-selected") == "true", i
        page.tap(card, position={"x": 8, "y": 24})
        assert page.get_attribute(card, "aria-selected") == "false", i


@pytest.mark.parametrize("lang", ["en", "ar", "zh"])
def open_fixture(page, server, state, seat):
    """base.open_fixture, waiting for my turn in any language (its status text is translated)."""
    return base.open_fixture(page, server, state, seat, wait=i18n_base.wait_turn)


@pytest.mark.parametrize("lang", ["en", "ar", "zh"])
def test_phone_shengji_dealer_buries_with_33_cards(browser, fixture_server, page_errors, screenshots, axe, lang):
    state, seat = shengji_dealer_burying()
    page = phone_page(browser, page_errors, lang)
    page.goto(fixture_server.url + f"/?lang={lang}")
    v = open_fixture(page, fixture_server, state, seat)
    assert v["observation"]["phase"] == "bury" and len(base.hand_of(v)) == 33
    check_phone_hand(page, 33)
    page.focus('#hand .card[data-idx="0"]')
    for _ in range(14):                                  # to the second row by keyboard
        page.keyboard.press("ArrowRight")
    assert focus_ring(page).startswith("solid 3px")
    if lang == "en":
        base.shot(page, screenshots, "a11y-phone-focus.png")
    # A bury by taps: the card, then its button.
    move = v["legal"][0]
    idx = base.cards_for(move, base.hand_of(v))[0]
    page.tap(f'#hand .card[data-idx="{idx}"]', position={"x": 8, "y": 24})
    base.shot(page, screenshots, "a11y-phone-shengji-bury" + ("" if lang == "en" else f"-{lang}") + ".png")
    assert page.evaluate("document.documentElement.lang") == lang
    if lang != "en":   # the spoken labels and the live region included
        assert not (found := i18n_base.english_in(page.evaluate(i18n_base.VISIBLE_TEXTS))), found
    assert not (found := serious_violations(axe, page)), found
    ply = v["ply"]
    page.tap(f'#moves button[data-move="{move}"]')
    base.wait_moved(page, ply)
    assert len(base.hand_of(view_of(page))) == 32
    assert not page_errors, page_errors
    page.context.close()


def test_phone_guandan_with_27_cards(browser, fixture_server, page_errors, screenshots, axe):
    state = cardavia.load("guandan", match=False).new_state(seed=1)
    page = phone_page(browser, page_errors)
    page.goto(fixture_server.url + "/")
    v = base.open_fixture(page, fixture_server, state, 0)
    assert len(base.hand_of(v)) == 27
    check_phone_hand(page, 27)
    level = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(v["observation"]["level"], str(v["observation"]["level"]))
    wilds = page.locator(f'#hand .card[data-card="{level}h"]').all()   # the hearts of the level (GD-2)
    assert wilds and all(w.get_attribute("aria-label") == card_name(level + "h") + ", wild" for w in wilds)
    base.shot(page, screenshots, "a11y-phone-guandan.png")
    assert not (found := serious_violations(axe, page)), found
    assert not page_errors, page_errors
    page.context.close()


def test_phone_bridge_hand_of_13_in_one_row(browser, fixture_server, page_errors, screenshots):
    """A Bridge hand fits one row on a 360px phone, each card's strip 24px or more."""
    state = cardavia.load("bridge").new_state(seed=5)
    page = phone_page(browser, page_errors)
    page.goto(fixture_server.url + "/")
    v = base.open_fixture(page, fixture_server, state, 0)
    assert len(base.hand_of(v)) == 13
    check_phone_hand(page, 13)
    rows = {round(page.locator("#hand .card").nth(i).bounding_box()["y"]) for i in range(13)}
    assert len(rows) == 1, rows
    base.shot(page, screenshots, "a11y-phone-bridge.png")
    assert not page_errors, page_errors
    page.context.close()


def test_phone_no_horizontal_overflow_on_home_rules_and_tables(browser, server, page_errors, axe):
    page = phone_page(browser, page_errors)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    assert no_horizontal_overflow(page)
    assert not (found := serious_violations(axe, page)), found
    page.goto(server.url + "/rules/shengji")
    page.wait_for_selector("#rules-page")
    assert no_horizontal_overflow(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#game-choices input")
    for game in cardavia.available_games():
        start_game(page, game)
        assert no_horizontal_overflow(page), game
    assert not page_errors, page_errors
    page.context.close()
