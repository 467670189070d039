"""Opening a replay file in the web page (issue 18 part 2, web side):
``POST /api/replays`` takes the state JSON that ``--replays DIR`` writes and
keeps it as a read-only game of the session, shown step by step from one
seat's view; one browser test opens such a file from the home page."""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("starlette", reason="the web extra is not installed")
import warnings

with warnings.catch_warnings():  # starlette 1.x would rather see httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import cardavia
from cardavia.sim import replay, runner
from cardavia.web import create_app
from cardavia.web.app import MAX_BODY, MAX_REPLAY_BODY

GAMES = ["doudizhu", "guandan", "zhengshangyou", "shengji", "holdem", "updown", "bridge"]
ORIGIN = {"origin": "http://testserver"}


def _seat_agents(name: str) -> list[str]:
    n = cardavia.game_class(name).num_players
    return [("heuristic", "random")[p % 2] for p in range(n)]


@pytest.fixture(scope="module")
def replay_files(tmp_path_factory) -> dict[str, Path]:
    """One deal of every game written by ``runner.run(..., replays=DIR)``: its file, by game."""
    out = {}
    for name in GAMES:
        d = tmp_path_factory.mktemp(name)
        runner.run(name, 1, seed=18, workers=1, agents=_seat_agents(name), options={"match": False},
                   replays=str(d))
        out[name] = d / replay.file_name(name, 0)
    return out


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db):
    with TestClient(create_app(db)) as c:
        yield c


def open_replay(c, state, seat=0, status=201):
    r = c.post("/api/replays", json={"state": state, "seat": seat}, headers=ORIGIN)
    assert r.status_code == status, r.text
    return r.json()


def plain(value):
    """``value`` as it comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def step_view(c, gid, step):
    r = c.get(f"/api/games/{gid}/replay/{step}")
    assert r.status_code == 200, r.text
    return r.json()


# -- accepted -------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_replay_file_of_every_game_opens_read_only_and_steps_from_one_seats_view(client, replay_files, name):
    text = replay_files[name].read_text()
    end = cardavia.from_json(text)
    seat = end.game.num_players - 1
    v = open_replay(client, text, seat)
    assert v["read_only"] and v["over"] and v["game"] == name and v["seat"] == seat
    assert v["legal"] == [] and v["thinking"] is None and not v["undo"]
    assert v["observation"] == plain(end.observation(seat).data)
    assert v["outcome"]["returns"] == list(end.returns())
    # The file comes back as it was, and each step shows only what the seat saw then.
    assert cardavia.from_json(client.get(f"/api/games/{v['id']}/replay").text) == end
    moves = end.to_dict()["moves"]
    for step in sorted({0, len(moves) // 2, len(moves)}):
        shown = step_view(client, v["id"], step)
        then = cardavia.from_json(dict(end.to_dict(), moves=moves[:step]))
        assert shown["replay"] == {"step": step, "steps": len(moves), "finished": True}
        assert shown["observation"] == plain(then.observation(seat).data)
        assert shown["legal"] == [] and shown["read_only"]
    listed = client.get("/api/games").json()["games"]
    assert [(g["id"], g["read_only"], g["level"]) for g in listed] == [(v["id"], True, "replay")]


def test_the_seat_defaults_to_0_and_a_state_object_is_taken_as_well_as_its_text(client, replay_files):
    text = replay_files["bridge"].read_text()
    r = client.post("/api/replays", json={"state": json.loads(text)}, headers=ORIGIN)
    assert r.status_code == 201 and r.json()["seat"] == 0
    assert r.json()["observation"] == plain(cardavia.from_json(text).observation(0).data)


def test_a_whole_match_over_the_move_body_limit_opens_too(client, tmp_path):
    runner.run("guandan", 1, seed=3, workers=1, agents=["heuristic"], options={"match": True}, replays=str(tmp_path))
    text = (tmp_path / replay.file_name("guandan", 0, unit="match")).read_text()
    assert MAX_BODY < len(text) < MAX_REPLAY_BODY
    v = open_replay(client, text, 1)
    assert v["over"] and v["match"] and v["read_only"]


def test_a_replay_opens_and_steps_while_every_ai_thread_is_thinking(client, replay_files):
    """Rebuilding states has a pool of its own: a page never waits behind the AIs."""
    core = client.app.state.core
    released = threading.Event()
    busy = [core.pool.submit(released.wait, 30) for _ in range(core.workers)]
    try:
        v = open_replay(client, replay_files["bridge"].read_text(), 2)
        shown = step_view(client, v["id"], 10)
        assert not released.is_set() and not any(f.done() for f in busy)  # answered while every AI thread waited
        assert shown["replay"]["step"] == 10
    finally:
        released.set()


def test_an_unfinished_state_opens_read_only_and_no_ai_plays_in_it(client, replay_files):
    end = cardavia.from_json(replay_files["doudizhu"].read_text())
    data = end.to_dict()
    data["moves"] = data["moves"][:5]
    cut = cardavia.from_json(data)
    v = open_replay(client, json.dumps(data), cut.current_player)
    assert not v["over"] and v["read_only"] and v["current_player"] == v["seat"]
    assert v["legal"] == [] and v["legal_count"] == 0 and v["thinking"] is None
    last = step_view(client, v["id"], 5)
    assert last["observation"] == plain(cut.observation(v["seat"]).data)
    assert last["replay"] == {"step": 5, "steps": 5, "finished": False} and last["legal"] == []
    other = open_replay(client, json.dumps(data), (cut.current_player + 1) % 3)
    time.sleep(0.2)  # time enough for an AI move, were one started
    assert client.get(f"/api/games/{other['id']}").json()["ply"] == other["ply"]


def test_an_opened_replay_survives_a_server_restart_still_read_only(db, replay_files):
    text = replay_files["guandan"].read_text()
    with TestClient(create_app(db)) as c:
        v = open_replay(c, text, 2)
        cookies = dict(c.cookies)
    with TestClient(create_app(db), cookies=cookies) as c:
        again = c.get(f"/api/games/{v['id']}").json()
        assert again["read_only"] and again["observation"] == v["observation"] and again["legal"] == []
        assert c.post(f"/api/games/{v['id']}/undo", json={"ply": v["ply"]}, headers=ORIGIN).status_code == 409


# -- refused ----------------------------------------------------------------------------
def test_bad_replays_are_refused_with_a_message_naming_what_is_wrong_and_keep_nothing(client, replay_files):
    good = json.loads(replay_files["doudizhu"].read_text())
    illegal = dict(good, moves=good["moves"][:3] + ["bid 9"] + good["moves"][4:])
    out_of_turn = dict(good, moves=good["moves"][:1] + ["KK"])
    cases = [
        ({"state": "this is not JSON"}, 400, "does not parse"),
        ({"state": "[1, 2]"}, 400, "not a Cardavia state"),
        ({"state": {"format": "cardavia-state"}}, 400, "unknown game"),
        ({"state": dict(good, game="poker99")}, 400, "unknown game 'poker99'"),
        ({"state": dict(good, game="zhengshangyou")}, 400, "unknown option(s) bidding"),
        ({"state": dict(good, game="zhengshangyou", options={})}, 400, "the deal does not match"),
        ({"state": dict(good, setup={"seed": 1})}, 400, "the deal does not match"),
        ({"state": dict(good, options={"bidding": "yes"})}, 400, "bidding"),
        ({"state": json.dumps(illegal)}, 422, "moves[3] ('bid 9') does not replay"),
        ({"state": out_of_turn}, 422, "moves[1] ('KK') does not replay"),
        ({"state": dict(good, moves=[7])}, 422, "moves[0] of the state JSON is not a string"),
        ({"state": good, "seat": 3}, 400, "seat must be an int in 0..2"),
        ({"state": good, "seat": True}, 400, "seat must be an int"),
        ({"state": ""}, 400, "the replay is empty"),
        ({"state": 5}, 400, "\"state\" must be the replay file's JSON"),
        ({}, 400, "\"state\" must be the replay file's JSON"),
    ]
    for body, status, words in cases:
        r = client.post("/api/replays", json=body, headers=ORIGIN)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    r = client.post("/api/replays", content=b"{not json", headers={**ORIGIN, "content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/replays", content=json.dumps({"state": good}),
                    headers={**ORIGIN, "content-type": "text/plain"})
    assert r.status_code == 415
    assert client.get("/api/games").json()["games"] == []


def test_an_oversized_replay_is_refused_before_it_is_read(client, replay_files):
    good = json.loads(replay_files["doudizhu"].read_text())
    huge = json.dumps({"state": dict(good, padding="x" * MAX_REPLAY_BODY)})
    r = client.post("/api/replays", content=huge, headers={**ORIGIN, "content-type": "application/json"})
    assert r.status_code == 413 and str(MAX_REPLAY_BODY) in r.json()["error"]
    # Without a length the stream is cut off at the limit too.
    r = client.post("/api/replays", content=iter([huge[i:i + 65536].encode() for i in range(0, len(huge), 65536)]),
                    headers={**ORIGIN, "content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/games").json()["games"] == []


def test_a_cross_origin_upload_is_refused(client, replay_files):
    r = client.post("/api/replays", json={"state": replay_files["updown"].read_text()},
                    headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and client.get("/api/games").json()["games"] == []


def test_at_most_max_games_opened_replays_and_they_leave_live_games_alone(db, replay_files):
    data = json.loads(replay_files["updown"].read_text())
    unfinished = dict(data, moves=data["moves"][:2])
    with TestClient(create_app(db, max_games=2)) as c:
        open_replay(c, unfinished)
        open_replay(c, unfinished)
        r = c.post("/api/replays", json={"state": data}, headers=ORIGIN)
        assert r.status_code == 503 and "2 opened replays" in r.json()["error"]
        # Unfinished replays are no games in progress: two live games still start.
        for seed in (1, 2):
            assert c.post("/api/games",
                          json={"level": "easy", "game": "updown", "pace": 0, "seed": seed}).status_code == 201
        assert c.post("/api/games", json={"level": "easy", "game": "updown", "pace": 0}).status_code == 503


def test_a_database_from_before_replays_gains_the_column_and_keeps_its_games(db, replay_files):
    with TestClient(create_app(db)) as c:
        gid = c.post("/api/games", json={"level": "easy", "game": "doudizhu", "pace": 0, "seed": 4}).json()["id"]
        cookies = dict(c.cookies)
    with sqlite3.connect(db) as old:   # the schema as it was: no readonly column
        old.execute("ALTER TABLE games DROP COLUMN readonly")
    with TestClient(create_app(db), cookies=cookies) as c:
        v = c.get(f"/api/games/{gid}").json()
        assert v["read_only"] is False and v["game"] == "doudizhu"
        assert open_replay(c, replay_files["doudizhu"].read_text())["read_only"]


def test_another_session_cannot_read_or_step_an_opened_replay(client, replay_files):
    v = open_replay(client, replay_files["holdem"].read_text(), 1)
    gid = v["id"]
    other = TestClient(client.app)  # the app is already running: no second lifespan
    other.get("/")
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/replay", f"/api/games/{gid}/replay/0"):
        r = other.get(path)
        assert r.status_code == 404 and "no such game" in r.json()["error"]
    assert other.get("/api/games").json()["games"] == []


def test_no_move_undo_or_hint_is_taken_in_an_opened_replay(client, replay_files):
    end = cardavia.from_json(replay_files["zhengshangyou"].read_text())
    data = end.to_dict()
    data["moves"] = data["moves"][:4]
    cut = cardavia.from_json(data)
    seat = cut.current_player
    v = open_replay(client, data, seat)
    gid, ply = v["id"], v["ply"]
    legal = str(next(iter(cut.legal_moves())))
    for path, body in (("move", {"move": legal, "ply": ply}), ("undo", {"ply": ply}), ("hint", {"ply": ply})):
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=ORIGIN)
        assert r.status_code == 409 and "replay opened from a file" in r.json()["error"], path
    with client.websocket_connect(f"/api/games/{gid}/ws", headers=ORIGIN) as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "move", "move": legal, "ply": ply})
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 409
    finished = open_replay(client, replay_files["zhengshangyou"].read_text())
    r = client.post(f"/api/games/{finished['id']}/move", json={"move": "pass", "ply": finished["ply"]},
                    headers=ORIGIN)
    assert r.status_code == 409
    assert client.get(f"/api/games/{gid}").json()["ply"] == ply
    assert cardavia.from_json(client.get(f"/api/games/{gid}/replay").text) == cut


# -- in a browser --------------------------------------------------------------------------
CHROMIUM = os.environ.get("CARDAVIA_CHROMIUM", "/usr/lib/chromium/chromium")


def _need(ok: bool, why: str) -> None:
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests cannot run under CI: {why}")
        pytest.skip(why)


@pytest.fixture
def server(tmp_path):
    """``cardavia serve`` in a child process (test_web_browser's ``Server``)."""
    if not os.environ.get("CI"):
        pytest.importorskip("uvicorn")
    from test_web_browser import Server
    s = Server(tmp_path / "games.sqlite3")
    s.start()
    try:
        yield s.url
    finally:
        s.stop()


def test_a_replay_file_opened_from_the_home_page_steps_to_its_end(server, replay_files, tmp_path):
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        sync_playwright = None
    _need(sync_playwright is not None, "playwright is not installed")
    _need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    path = replay_files["doudizhu"]
    end = cardavia.from_json(path.read_text())
    steps = len(end.to_dict()["moves"])
    seat = 1
    shots = Path(os.environ.get("CARDAVIA_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(30000)
        page.goto(server + "/")
        page.wait_for_selector("#game-choices input")
        # Pasted garbage is refused with the server's reason.
        page.fill("#replay-text", "not a replay")
        page.click("#replay-open")
        expect(page.locator("#replay-error")).to_contain_text("does not parse")
        # A dropped file fills the box and the seat list with its game's seats.
        page.evaluate("""(text) => {
            const drop = new DataTransfer();
            drop.items.add(new File([text], "bridge-deal00000000.json", {type: "application/json"}));
            document.getElementById("replay-drop").dispatchEvent(
                new DragEvent("drop", {dataTransfer: drop, bubbles: true, cancelable: true}));
        }""", replay_files["bridge"].read_text())
        page.wait_for_function("() => document.getElementById('replay-text').value.includes('bridge')")
        expect(page.locator("#replay-seat option")).to_have_text(["South", "West", "North", "East"])
        # So does a chosen file (Dou Dizhu has three seats).
        page.set_input_files("#replay-file", str(path))
        page.wait_for_function("() => document.getElementById('replay-text').value.includes('cardavia-state')")
        expect(page.locator("#replay-seat option")).to_have_count(3)
        page.select_option("#replay-seat", str(seat))
        page.screenshot(path=str(shots / "replay-home.png"), full_page=True)
        page.click("#replay-open")
        page.wait_for_url(lambda url: "#/game/" in url)
        expect(page.locator("#replay-label")).to_have_text(f"0 / {steps}")
        expect(page.locator("#hint-btn")).to_be_hidden()
        expect(page.locator("#replay-close")).to_have_text("Back to the result")
        expect(page.locator(".seat.pos-bottom .seat-name")).to_have_text(f"Seat {seat}")
        expect(page.locator(".seat.pos-bottom .badge.seen")).to_have_text("seen from here")
        page.screenshot(path=str(shots / "replay-step0.png"), full_page=True)
        hand = [c.get_attribute("data-card") for c in page.locator("#hand .card[data-card]").all()]
        assert hand == cardavia.from_json(dict(end.to_dict(), moves=[])).observation(seat)["hand"]
        for step in range(1, steps + 1):
            page.click("#replay-next")
            expect(page.locator("#replay-label")).to_have_text(f"{step} / {steps}")
        expect(page.locator("#status")).to_contain_text(f"step {steps} of {steps}")
        expect(page.locator("#outcome")).to_be_visible()
        winners = " and ".join(f"Seat {w}" for w in end.outcome().winners)
        expect(page.locator("#outcome h2")).to_have_text(f"Won by {winners}")
        assert page.evaluate("app.view.observation") == plain(end.observation(seat).data)
        page.screenshot(path=str(shots / "replay-end.png"), full_page=True)
        # The game list on the home page names it as a replay file.
        page.click("#home-link")
        expect(page.locator("#game-list")).to_contain_text("· replay file")
        browser.close()
    assert errors == []
