"""Polish found by playing every game in a browser (a review by hand), each kept fixed here.
Same set-up as test_web_browser.py (Debian's Chromium, never ``playwright install``), whose
fixtures (the fixture positions' server included) are reused."""
from __future__ import annotations

import pytest
import test_web_browser as base
from playwright.sync_api import expect  # noqa: F401  (skipped with the browser tests when missing)

import cardavia

browser, server, fixture_server, page_errors = base.browser, base.server, base.fixture_server, base.page_errors
PHONE = {"width": 360, "height": 800}
DESKTOP = {"width": 1280, "height": 900}


def _open(browser, fixture_server, page_errors, state, seat=0, lang="en", viewport=DESKTOP):
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.set_default_timeout(30000)
    page.goto(fixture_server.url + f"/?lang={lang}")
    page.wait_for_selector("#game-choices input")
    v = page.evaluate("""async ([state, seat]) => { const r = await fetch('/api/test/games', {method: 'POST',
        headers: {'Content-Type': 'application/json'}, body: JSON.stringify({state, seat, pace: 0})});
        return r.json(); }""", [state.to_dict(), seat])
    assert "id" in v, v
    page.goto(f"{fixture_server.url}/?lang={lang}#/game/{v['id']}")
    page.wait_for_function("(ply) => app.view && app.view.ply === ply && app.view.thinking == null",
                           arg=v["ply"])
    return page, v


def _played_out(name, seed, **options):
    from cardavia.ai import make_agent
    game = cardavia.load(name, **options)
    state = game.new_state(seed=seed)
    agents = [make_agent("heuristic", game, seed=p) for p in range(game.num_players)]
    while not state.is_over:
        state.play(agents[state.current_player].act(state))
    return state


_TEXT = """(d) => {   // a value's text; a by-seat value's entries one by one (a line may hold several)
    const parts = d ? [...d.querySelectorAll('.by-seat > span')] : [];
    return !d ? null : parts.length ? parts.map((x) => x.innerText.replace(/\\s+/g, ' ').trim()).join(' ')
                                    : d.innerText; }"""


def _row(page, box, name):
    """The text of the fact called ``name`` in the info panel (``box="#info"``) or the score."""
    if box == "#info":
        return page.eval_on_selector_all("#info .info-row", f"""(rows, name) => {{
            const r = rows.find((x) => x.querySelector('dt').textContent === name);
            return ({_TEXT})(r && r.querySelector('dd')); }}""", name)
    return page.eval_on_selector_all("#outcome dl.score dt", f"""(dts, name) => {{
        const dt = dts.find((x) => x.textContent === name);
        return ({_TEXT})(dt && dt.nextElementSibling); }}""", name)


# 1. Up/Down: the score's showdown names whose revealed card is whose ------------------------------
@pytest.mark.parametrize("lang, names, word", [("en", ("You", "AI · Seat 1"), "showdown"),
                                               ("zh", ("你", "电脑 · 座位 1"), "摊牌")])
def test_updown_showdown_names_the_seat_of_each_revealed_card(browser, fixture_server, page_errors, lang,
                                                               names, word):
    state = _played_out("updown", 3, match=False)
    shown = state.outcome().score["showdown"]
    assert shown and len(shown) == 2
    page, _ = _open(browser, fixture_server, page_errors, state, lang=lang)
    page.wait_for_selector("#outcome:not([hidden])")
    parts = page.eval_on_selector_all("#outcome dl.score dt", """(dts, word) => {
        const dt = dts.find((x) => x.textContent === word);
        return dt && [...dt.nextElementSibling.querySelectorAll('.by-seat > span')].map((x) =>
            [x.firstChild.textContent, x.querySelector('.card') && x.querySelector('.card').dataset.card]); }""", word)
    assert parts == [[f"{names[0]}: ", shown[0]], [f"{names[1]}: ", shown[1]]], parts
    assert not page_errors, page_errors
    page.context.close()


# 2. Guandan: the play to beat is drawn once, in the current trick, with who played it -----------------
def _guandan_mid_trick():
    from cardavia.ai import make_agent
    game = cardavia.load("guandan", match=False)
    state = game.new_state(seed=5)
    agents = [make_agent("heuristic", game, seed=p) for p in range(4)]
    while True:
        obs = state.observation(0)
        if (state.current_player == 0 and obs["last_play"] and obs["last_player"] != 0
                and len([e for e in obs["trick"] if e[1] != "pass"]) >= 2):
            return state
        assert not state.is_over
        state.play(agents[state.current_player].act(state))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_guandan_draws_the_play_to_beat_once(browser, fixture_server, page_errors, viewport):
    state = _guandan_mid_trick()
    obs = state.observation(0)
    page, _ = _open(browser, fixture_server, page_errors, state, viewport=viewport)
    page.wait_for_selector("#center .trick")
    assert page.locator("#center .to-beat").count() == 0   # no second drawing of the same play
    beat = page.locator("#center .trick .trick-card.beat")
    assert beat.count() == 1
    seat = page.evaluate("(p) => seatName(app.view, p)", obs["last_player"])
    assert beat.locator(".who").inner_text() == f"to beat ({seat})"
    # the marked play is the last play, and the trick's other plays are still there, each once
    assert page.evaluate("() => document.querySelector('#center .trick-card.beat .play') !== null")
    cards = beat.locator(".card").evaluate_all("xs => xs.map((x) => x.dataset.card)")
    assert " ".join(cards) in obs["last_play"], (cards, obs["last_play"])
    assert page.locator("#center .trick .trick-card").count() == len(obs["trick"])
    assert page.locator("#center").get_by_text("to beat", exact=False).count() == 1
    assert not page_errors, page_errors
    page.context.close()


# 3. Dou Dizhu: the bids per seat, a pass said "pass", translated ----------------------------------------
def _doudizhu_after_bidding():
    state = cardavia.load("doudizhu").new_state(seed=1)
    for move in ("pass", "bid 1", "pass", "pass"):   # seats 2, 0, 1, 2: seat 0 is the landlord, 20 cards
        state.play(move)
    obs = state.observation(0)
    assert obs["bids"] == [0, 1, 0, 0] and obs["first_bidder"] == 2 and obs["landlord"] == 0
    assert len(obs["hand"]) == 20 and state.current_player == 0
    return state


@pytest.mark.parametrize("lang, label, want", [
    ("en", "bids", "AI · Seat 2: pass You: 1 AI · Seat 1: pass AI · Seat 2: pass"),
    ("zh", "叫分", "电脑 · 座位 2: 不叫 你: 1 电脑 · 座位 1: 不叫 电脑 · 座位 2: 不叫")])
def test_doudizhu_bids_are_shown_per_seat(browser, fixture_server, page_errors, lang, label, want):
    page, _ = _open(browser, fixture_server, page_errors, _doudizhu_after_bidding(), lang=lang)
    got = _row(page, "#info", label)
    assert got is not None and " ".join(got.split()) == want, got
    assert not page_errors, page_errors
    page.context.close()


# 4. A selected card of a hand's second row covers none of the first row's cards ------------------------
_ROWS = """() => {
    const cards = [...document.querySelectorAll('#hand .card')];
    const tops = [...new Set(cards.map((c) => c.offsetTop))].sort((a, b) => a - b);
    const rect = (c) => c.getBoundingClientRect();
    const first = cards.filter((c) => c.offsetTop === tops[0]);
    const raised = cards.filter((c) => c.offsetTop !== tops[0] && c.classList.contains('selected'));
    // the raised card and its 2px ring (box-shadow) against the lowest of the first row's cards
    const bottom = Math.max(...first.map((c) => rect(c).bottom));
    return { rows: tops.length, raised: raised.length,
             gaps: raised.map((c) => rect(c).top - 2 - bottom) };
}"""


def test_a_raised_card_of_the_second_row_keeps_off_the_first(browser, fixture_server, page_errors):
    state = _doudizhu_after_bidding()
    for viewport in (PHONE, DESKTOP):
        page, _ = _open(browser, fixture_server, page_errors, state, viewport=viewport)
        page.wait_for_selector("#hand .card")
        n = page.locator("#hand .card").count()
        rows = page.evaluate(_ROWS)["rows"]
        for i in range(n):   # select every card of the last row (its top left corner shows)
            if page.evaluate("(i) => document.querySelector(`#hand .card[data-idx=\"${i}\"]`).offsetTop"
                             " > document.querySelector('#hand .card').offsetTop", i):
                page.click(f'#hand .card[data-idx="{i}"]', position={"x": 6, "y": 8})
        page.wait_for_timeout(150)   # the raise's transition
        got = page.evaluate(_ROWS)
        if viewport is PHONE:
            assert rows == 2 and got["raised"] > 0, got   # 20 cards wrap on a phone
        assert all(g >= 0 for g in got["gaps"]), (viewport, got)
        assert not page_errors, page_errors
        page.context.close()


# 5. Settings speak British English, each language keeping its translation --------------------------------
def test_colour_temperature_is_spelt_as_the_rest_of_the_settings():
    from babel.messages.pofile import read_po
    root = base.Path(cardavia.__file__).parent / "locale"
    with open(root / "cardavia.pot", "rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    assert "Colour temperature" in ids and "Color temperature" not in ids
    want = {"ar": "حرارة اللون", "uk": "Колірна температура", "hi": "रंग तापमान", "th": "อุณหภูมิสี", "zh": "色温"}
    for lang, text in want.items():
        with open(root / lang / "LC_MESSAGES" / "cardavia.po", "rb") as f:
            catalog = read_po(f, locale=lang)
        assert catalog.get("Colour temperature").string == text, lang
        assert catalog.get("Color temperature") is None, lang


def test_the_settings_sheet_says_colour(browser, server, page_errors):
    for lang, want in (("en", "Colour temperature"), ("zh", "色温")):   # the translation kept
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda e: page_errors.append(str(e)))
        page.goto(server.url + f"/?lang={lang}")
        page.click("#settings-btn")
        names = page.locator(".settings .slider-name").all_inner_texts()
        assert want in names, (lang, names)
        assert all("Color" not in x for x in page.locator(".settings").all_inner_texts()), names
        assert not page_errors, page_errors
        page.context.close()


# 6. Guandan: once the deal is over the table's finishing order lists all four, as the score does --------
@pytest.mark.parametrize("lang, label", [("en", "finishing order"), ("ar", "ترتيب الخروج")])
def test_guandan_finishing_order_lists_the_last_seat_once_over(browser, fixture_server, page_errors, lang, label):
    state = _played_out("guandan", 2, match=False)
    order = list(state.outcome().score["order"])
    assert state.observation(0)["finished"] == order and len(order) == 4   # the engine lists the fourth (GD-6.1)
    page, _ = _open(browser, fixture_server, page_errors, state, lang=lang)
    page.wait_for_selector("#outcome:not([hidden])")
    table, score = _row(page, "#info", label), _row(page, "#outcome", label)
    assert table is not None and table == score, (table, score)
    names = page.evaluate("(order) => order.map((p) => seatName(app.view, p))", order)
    assert all(n in table for n in names), (table, names)
    assert not page_errors, page_errors
    page.context.close()
