"""Defects found by playing the site in a browser (a review by hand), each kept fixed here.
Same set-up as test_web_browser.py (Debian's Chromium, never ``playwright install``),
whose fixtures are reused."""
from __future__ import annotations

import pytest
import test_web_browser as base

browser, server, screenshots, page_errors = base.browser, base.server, base.screenshots, base.page_errors
PHONE = {"width": 360, "height": 800}


def _page(browser, server, page_errors, lang="en", viewport=PHONE, seed=None):
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.set_default_timeout(30000)
    page.goto(server.url + f"/?lang={lang}" + ("" if seed is None else f"&seed={seed}"))
    page.wait_for_selector("#game-choices input")
    return page


def _overflow(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_home_level_choice_fits_a_phone_for_every_game(browser, server, page_errors, lang):
    # "Normal (Monte Carlo search)" made the Opponents select, and the page, wider than 360 px.
    page = _page(browser, server, page_errors, lang)
    for game in page.eval_on_selector_all("#game-choices input", "xs => xs.map((x) => x.value)"):
        page.click(f"label:has(#game-{game})")
        assert _overflow(page) <= 0, (lang, game)
        box = page.locator("#level").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (lang, game, box)
    assert not page_errors, page_errors
    page.context.close()


def test_thinking_after_a_seat_name_is_translated(browser, server, page_errors):
    # The seat of a thinking AI said " · thinking…" in English on every page (a CSS content string).
    page = _page(browser, server, page_errors, "zh", {"width": 1280, "height": 900})
    page.click("label:has(#game-doudizhu)")
    page.select_option("#level", "easy")
    page.select_option("#pace", "1")
    page.click("#start")
    page.wait_for_url(lambda url: "#/game/" in url)
    for _ in range(3):   # the first bidder may be me: an AI thinks once I have bid
        page.wait_for_function("() => app.view && (document.querySelector('.seat.thinking') || "
                               "document.querySelector('#moves button'))")
        if page.locator(".seat.thinking").count():
            break
        page.click("#moves button >> nth=0")
    page.wait_for_selector(".seat.thinking .seat-name", timeout=20000)
    after = page.eval_on_selector(".seat.thinking .seat-name",
                                  "e => getComputedStyle(e, '::after').content")
    assert "正在思考" in after and "thinking" not in after, after
    assert not page_errors, page_errors
    page.context.close()


def test_a_lone_joker_move_is_that_card(browser, server, page_errors):
    # Shengji's single Red Joker ("RJ") was read as the ranks R and J: selecting the joker
    # formed no move, and "RJ" asked for a Jack too.
    page = _page(browser, server, page_errors)
    got = page.evaluate("""() => {
        const moves = ["RJ", "BJ", "RJ RJ", "5h"].map((text) => ({ text, info: Cards.classify(text) }));
        return { rj: Cards.classify("RJ"), rocket: Cards.classify("BR").kind, ddzJoker: Cards.classify("R").kind,
                 formed: Cards.matching(moves, ["RJ"]).map((m) => m.text),
                 jackUsable: Cards.usable(moves.slice(0, 2), "Jh"), label: Cards.label("RJ", Cards.classify("RJ")) };
    }""")
    assert got["rj"]["kind"] == "cards" and got["rj"]["cards"] == ["RJ"], got
    assert got["rocket"] == "ranks" and got["ddzJoker"] == "ranks", got   # Dou Dizhu's jokers stay ranks
    assert got["formed"] == ["RJ"], got
    assert got["jackUsable"] is False and got["label"] == "Play RJ", got
    page.context.close()


def _start_single(page, game):
    """Start one deal of ``game`` (not a match) against the easy AI at no pace."""
    page.click(f"label:has(#game-{game})")
    page.select_option("#level", "easy")
    page.select_option("#pace", "0")
    page.set_checked("#match", False)
    page.click("#start")
    page.wait_for_url(lambda url: "#/game/" in url)


def _updown_to_betting(page):
    _start_single(page, "updown")
    for _ in range(100):   # lock a card (seat 0 locks first), then bet
        page.wait_for_function("() => app.view && (app.view.over || (app.view.current_player === app.view.seat"
                               " && app.view.thinking == null"
                               " && document.querySelector('#hand .card, #bet:not([hidden])')))")
        if page.is_visible("#bet"):
            return True
        if page.evaluate("() => app.view.over"):
            return False
        ply = page.evaluate("() => app.view.ply")
        page.click("#hand .card >> nth=0")
        page.click("#moves button.primary")
        page.wait_for_function("(ply) => app.view.ply !== ply", arg=ply)
    return False


def test_bet_slider_starts_at_the_smallest_bet_and_follows_a_hint(browser, server, page_errors):
    # Up/Down's slider opened at all in (a range input's default, its middle, clamped to the stack),
    # and a hinted "Bet 2" showed nothing on the slider.
    page = _page(browser, server, page_errors, viewport={"width": 1280, "height": 900})
    assert _updown_to_betting(page)
    lo = page.get_attribute("#bet-range", "min")
    assert page.input_value("#bet-range") == lo and page.input_value("#bet-amount") == lo
    assert page.input_value("#bet-amount") != page.get_attribute("#bet-range", "max")
    # a hint of a size the buttons do not list: the slider goes to it and its button is marked
    size = int(lo) + 2
    ply = page.evaluate("() => app.view.ply")
    page.route("**/hint", lambda route: route.fulfill(json={"move": f"bet {size}", "ply": ply, "agent": "mc",
                                                           "explanation": None}))
    page.click("#hint-btn")
    page.wait_for_function("() => document.getElementById('prompt').textContent.startsWith('Hint')")
    assert page.input_value("#bet-amount") == str(size) and str(size) in page.inner_text("#bet-btn")
    assert "hinted" in page.get_attribute("#bet-btn", "class")
    assert not page_errors, page_errors
    page.context.close()


def test_arabic_result_on_a_phone_fits_and_keeps_signs_in_front(browser, server, page_errors):
    # On a 360 px Arabic page the score's "الذكاء الاصطناعي · المقعد 3: 1,000" and a hand shown down
    # ran out of the result box (the page scrolled sideways), and a winner's "+70" read "70+".
    page = _page(browser, server, page_errors, "ar", seed=3)   # (a deal whose result has a winner to sign)
    _start_single(page, "holdem")
    page.wait_for_function("() => app.view && (app.view.over"
                           " || document.querySelector('#moves button[data-move=fold]'))")
    if not page.evaluate("() => app.view.over"):
        page.click("#moves button[data-move=fold]")
    page.wait_for_function("() => app.view && app.view.over && !document.getElementById('outcome').hidden")
    assert _overflow(page) <= 0
    box = page.locator("#outcome").bounding_box()
    rects = "xs => xs.map((x) => x.getBoundingClientRect()).filter((r) => r.width > 0)"   # drawn ones
    widest = page.eval_on_selector_all("#outcome *", f"xs => Math.max(...({rects})(xs).map((r) => r.right))")
    leftmost = page.eval_on_selector_all("#outcome *", f"xs => Math.min(...({rects})(xs).map((r) => r.left))")
    assert leftmost >= box["x"] - 1 and widest <= box["x"] + box["width"] + 1, (leftmost, widest, box)
    cells = page.eval_on_selector_all("#outcome table.returns tr td:nth-child(2)", "xs => xs.map((x) => x.textContent)")
    plus = [c for c in cells if "+" in c]
    assert plus and all(c.startswith("\u2066+") for c in plus), cells
    assert not page_errors, page_errors
    page.context.close()


def test_bridge_deal_record_fits_an_arabic_phone(browser, server, page_errors):
    # The finished deal's four hands: East's "الذكاء الاصطناعي · الشرق" ran out of the result box.
    page = _page(browser, server, page_errors, "ar")
    out = page.evaluate("""() => {
        document.getElementById('home').hidden = true;
        document.getElementById('table-view').hidden = false;
        const box = document.getElementById('outcome');
        box.hidden = false;
        const hands = [["As", "Kh", "2d", "3c"], ["Qs", "Jh", "Td", "9c"], ["8s", "7h", "6d", "5c"],
                       ["4s", "3h", "2h", "Ac"]];
        box.append(handRecord({ game: "bridge", seat: 0, players: 4 }, hands));
        const b = box.getBoundingClientRect();
        const xs = [...box.querySelectorAll('.hand-record *')].map((x) => x.getBoundingClientRect())
            .filter((r) => r.width > 0);
        return { left: Math.min(...xs.map((r) => r.left)) - b.left,
                 right: b.right - Math.max(...xs.map((r) => r.right)),
                 overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
    }""")
    assert out["left"] >= -1 and out["right"] >= -1 and out["overflow"] <= 0, out
    assert not page_errors, page_errors
    page.context.close()
