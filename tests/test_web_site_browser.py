"""The site around the tables in a real browser (issue 17 parts 1, 2, 4): the
home page's game cards, the rules pages and the rules panel over a table, the
display settings.  Same set-up as test_web_browser.py (Debian's Chromium,
never ``playwright install``), whose fixtures are reused; screenshots go to
the same folder."""
from __future__ import annotations

import pytest
import test_web_browser as base

# The browser tests' fixtures, shared by name (one server and browser per module).
browser, server, screenshots, page_errors = base.browser, base.server, base.screenshots, base.page_errors
open_page, start_game, view_of, PHONE = base.open_page, base.start_game, base.view_of, base.PHONE

GAMES = 7


def shot(page, folder, name: str, full_page: bool = True) -> None:
    page.screenshot(path=str(folder / name), full_page=full_page)


def no_horizontal_overflow(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_home_cards_rules_and_back(browser, server, page_errors, screenshots):
    page = open_page(browser, server, page_errors)
    page.wait_for_selector(".game-card")
    cards = page.locator(".game-card")
    assert cards.count() == GAMES
    for i in range(GAMES):
        card = cards.nth(i)
        assert card.locator("a.rules-link").inner_text() == "Rules"
        assert card.locator("button.start-card").inner_text() == "Start game"
        assert " players · " in card.locator(".game-players").inner_text()
    assert page.locator("#pack a[href*='wikipedia.org']").count() == 1
    shot(page, screenshots, "site-home-desktop.png")
    # Rules opens its own page and comes back to the games.
    page.click("#card-doudizhu a.rules-link")
    page.wait_for_url("**/rules/doudizhu")
    assert page.locator("#DDZ-3\\.1").is_visible()
    page.goto(server.url + "/rules/bridge#BR-3.2")
    assert "target" in page.locator("#BR-3\\.2").get_attribute("class")
    shot(page, screenshots, "site-rules-bridge.png")
    page.click("#rules-back")
    page.wait_for_selector(".game-card")
    # Start on a card starts that game.
    page.select_option("#pace", "0")
    page.click("#card-updown button.start-card")
    page.wait_for_url(lambda url: "#/game/" in url)
    page.wait_for_function("() => app.view && app.view.game === 'updown'")
    assert not page_errors, page_errors
    page.context.close()


def test_rules_panel_over_a_game_keeps_the_game(browser, server, page_errors, screenshots):
    page = open_page(browser, server, page_errors)
    before = start_game(page, "doudizhu")
    hand = page.inner_text("#hand")
    page.click("#rules-btn")
    page.wait_for_selector("#rules-panel #DDZ-1")
    assert page.is_visible("#rules-panel")
    page.click("#rules-close")
    assert not page.is_visible("#rules-panel")
    page.click("#rules-btn")
    page.mouse.click(5, 300)                     # the shade around the panel closes it too
    assert not page.is_visible("#rules-panel")
    assert "#/game/" + before["id"] in page.url
    after = view_of(page)
    assert after["ply"] == before["ply"] and page.inner_text("#hand") == hand
    # A rule id in an error message links to that rule, over the same table.
    page.evaluate("() => showError('that is not higher (DDZ-3.1)')")
    page.click("#move-error a.rule-link")
    page.wait_for_selector("#rules-panel #DDZ-3\\.1.target")
    page.click("#rules-panel a[href='#DDZ-5.2']")    # the panel's own anchors stay over the game
    page.wait_for_selector("#rules-panel #DDZ-5\\.2.target")
    assert "#/game/" + before["id"] in page.url and page.is_visible("#rules-close")
    shot(page, screenshots, "site-rules-panel.png", full_page=False)
    page.keyboard.press("Escape")
    assert not page.is_visible("#rules-panel")
    assert view_of(page)["ply"] == before["ply"]
    # The four-colour deck recolours clubs and diamonds at once.
    page.click("#settings-btn")
    page.check("#set-fourColor")
    colours = page.evaluate("""() => [...document.querySelectorAll('#hand .card.suit-c, #hand .card.suit-d')]
        .map((c) => getComputedStyle(c).color)""")
    assert colours and set(colours) <= {"rgb(19, 122, 58)", "rgb(22, 86, 194)"}
    assert not page_errors, page_errors
    page.context.close()


# Each slider and what it changes: (JS of the changed value, its value at 50 %).
SLIDER_EFFECTS = {
    "contrast": "getComputedStyle(document.querySelector('header.top')).filter",
    "grain": "getComputedStyle(document.getElementById('grain-overlay')).opacity",
    "temperature": "getComputedStyle(document.getElementById('tint-overlay')).opacity",
}


@pytest.mark.parametrize("key", list(SLIDER_EFFECTS))
def test_slider_by_keyboard_and_mouse_kept_after_reload(browser, server, page_errors, screenshots, key):
    page = open_page(browser, server, page_errors)
    effect = "() => " + SLIDER_EFFECTS[key]
    slider = f"#set-{key}"
    page.click("#settings-btn")
    assert page.input_value(slider) == "50"
    neutral = page.evaluate(effect)
    if key == "contrast":
        shot(page, screenshots, "site-settings.png", full_page=False)
    page.focus(slider)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.input_value(slider) == "52"
    assert page.evaluate(effect) != neutral
    box = page.locator(slider).bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.9, box["y"] + box["height"] / 2)
    moved = int(page.input_value(slider))
    assert 80 <= moved <= 98
    changed = page.evaluate(effect)
    page.reload()
    page.wait_for_selector("#game-choices input")
    assert page.evaluate(effect) == changed
    page.click("#settings-btn")
    assert page.input_value(slider) == str(moved)
    assert not page_errors, page_errors
    page.context.close()


def test_phone_has_no_horizontal_overflow(browser, server, page_errors, screenshots):
    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    page = ctx.new_page()
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    assert page.evaluate("() => document.documentElement.classList.contains('reduce-motion')")
    assert no_horizontal_overflow(page)
    shot(page, screenshots, "site-home-phone.png")
    for game in ("guandan", "bridge"):
        page.goto(server.url + f"/rules/{game}")
        page.wait_for_selector("#rules-page")
        assert no_horizontal_overflow(page), game
    shot(page, screenshots, "site-rules-phone.png")
    page.click("#settings-btn")
    assert no_horizontal_overflow(page)
    assert not page_errors, page_errors
    ctx.close()
