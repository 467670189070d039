"""The web server (issue 16 parts 1 and 3) over HTTP and WebSocket, with
Starlette's TestClient: fast, no browser.  Browser tests are in
test_web_browser.py."""
from __future__ import annotations

import json
import os
import random
import time

import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("starlette", reason="the web extra is not installed")
import warnings

with warnings.catch_warnings():  # starlette 1.x would rather see httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import cardavia
from cardavia.web import create_app
from cardavia.web.app import COOKIE

ORIGIN = {"origin": "http://testserver"}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db):
    with TestClient(create_app(db)) as c:
        yield c


def new_game(c, game="doudizhu", **body):
    body = {"game": game, "pace": 0, "level": "easy", **body}
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def wait_turn(c, gid, timeout=60.0):
    """The view once it is the person's turn or the game is over."""
    end = time.monotonic() + timeout
    while True:
        v = c.get(f"/api/games/{gid}").json()
        if v["over"] or (v["current_player"] == v["seat"] and v["thinking"] is None):
            return v
        assert time.monotonic() < end, "the AI never finished its moves"
        time.sleep(0.005)


def play_to_end(c, gid, rng, limit=5000):
    v = wait_turn(c, gid)
    for _ in range(limit):
        if v["over"]:
            return v
        assert v["legal"], "my turn with no legal move offered"
        r = c.post(f"/api/games/{gid}/move", json={"move": rng.choice(v["legal"]), "ply": v["ply"]})
        assert r.status_code == 200, r.text
        v = wait_turn(c, gid)
    raise AssertionError("the game did not end")


# -- part 1: the server -------------------------------------------------------------------
def test_home_page_and_static_files_are_served(client):
    r = client.get("/")
    assert r.status_code == 200 and "<title>" in r.text and "table.js" in r.text
    assert COOKIE in r.cookies
    for name in ("table.js", "cards.js", "table.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_catalog_lists_every_game_with_the_agents_each_level_uses(client):
    cat = client.get("/api/catalog").json()
    names = [g["name"] for g in cat["games"]]
    assert names == cardavia.available_games()
    for g in cat["games"]:
        assert set(g["levels"]) == {"easy", "normal", "hard"}
        assert all(a in ("random", "heuristic", "mc", "ismcts", "cfr") for a in g["levels"].values())
    # the tree search where the arena found it stronger (bench/bench_ismcts.py)
    levels = {g["name"]: g["levels"] for g in cat["games"]}
    assert levels["doudizhu"]["hard"] == "ismcts" and levels["guandan"]["hard"] == "mc"
    assert levels["updown"]["hard"] == "cfr"      # the duel's solved equilibrium (cardavia.ai.levels)
    assert cat["paces"] == [0.0, 0.4, 1.0]
    assert cat["default_level"] == "normal"   # the page's choice unless a person picks another


@pytest.mark.parametrize("game", cardavia.available_games())
def test_every_game_starts_and_offers_only_legal_moves(client, game):
    v = new_game(client, game, seed=11)
    v = wait_turn(client, v["id"])
    obs = v["observation"]
    assert obs["game"] == game and obs["player"] == v["seat"] == 0
    state = cardavia.load(game).new_state(seed=11)
    # The view is the seat's observation, nothing more: no other hand leaks.
    assert "setup" not in json.dumps(v)
    if not v["over"]:
        assert v["legal"] and v["legal_count"] >= len(v["legal"])
        assert len(set(v["legal"])) == len(v["legal"])
    assert state.game.num_players == v["players"]


def test_a_whole_dou_dizhu_deal_over_http_ends_with_its_outcome_and_replays(client):
    v = new_game(client, seed=5)
    end = play_to_end(client, v["id"], random.Random(1))
    assert end["over"] and end["current_player"] is None and end["legal"] == []
    assert sum(end["outcome"]["returns"]) == 0
    r = client.get(f"/api/games/{v['id']}/replay")
    assert r.status_code == 200
    state = cardavia.from_json(r.text)
    assert state.is_over and list(state.returns()) == end["outcome"]["returns"]
    assert len(state.history) == end["ply"]
    # Step through the replay: step 0 is the deal, the last step the end.
    first = client.get(f"/api/games/{v['id']}/replay/0").json()
    assert first["replay"]["step"] == 0 and first["ply"] <= 1 and first["legal"] == []
    last = client.get(f"/api/games/{v['id']}/replay/{first['replay']['steps']}").json()
    assert last["over"]
    assert client.get(f"/api/games/{v['id']}/replay/99999").status_code == 400


def test_the_websocket_pushes_each_ai_move_as_it_is_made(client):
    v = new_game(client, seed=2)
    gid = v["id"]
    v = wait_turn(client, gid)
    with client.websocket_connect(f"/api/games/{gid}/ws", headers=ORIGIN) as ws:
        first = ws.receive_json()
        assert first["type"] == "view" and first["view"]["ply"] == v["ply"]
        client.post(f"/api/games/{gid}/move", json={"move": v["legal"][0], "ply": v["ply"]})
        seen_ai = []
        plies = []
        while True:
            m = ws.receive_json()
            if m["type"] != "view":
                continue
            plies.append(m["view"]["ply"])
            if "ai_move" in m:
                seen_ai.append(m["ai_move"]["player"])
            if m["view"]["over"] or m["view"]["current_player"] == 0:
                break
    # One message per AI move, in order, each from an AI seat.
    assert seen_ai and all(p != 0 for p in seen_ai)
    assert plies == sorted(plies)


def test_a_move_can_be_sent_over_the_websocket_too(client):
    v = wait_turn(client, new_game(client, seed=4)["id"])
    with client.websocket_connect(f"/api/games/{v['id']}/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": v["legal"][0], "ply": v["ply"]})
        m = ws.receive_json()
        assert m["type"] == "view" and m["view"]["ply"] > v["ply"]
        ws.send_json({"type": "move", "move": v["legal"][0], "ply": v["ply"]})
        while (m := ws.receive_json())["type"] != "error":
            pass
        assert m["status"] == 409
        ws.send_text("not json")
        while (m := ws.receive_json())["type"] != "error":
            pass
        assert m["status"] == 400


def test_hint_gives_a_legal_move_and_undo_takes_back_my_last_decision(client):
    v = wait_turn(client, new_game(client, seed=8)["id"])
    gid = v["id"]
    h = client.post(f"/api/games/{gid}/hint", json={"ply": v["ply"]}).json()
    assert h["move"] in v["legal"]
    before = v
    assert client.post(f"/api/games/{gid}/move", json={"move": v["legal"][-1], "ply": v["ply"]}).status_code == 200
    after = wait_turn(client, gid)
    if after["over"]:
        pytest.skip("the deal ended at once")
    assert after["undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"ply": after["ply"]})
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["ply"] == before["ply"] and back["observation"]["hand"] == before["observation"]["hand"]
    assert back["legal"] == before["legal"]
    # The undone position is what the database keeps.
    assert client.post(f"/api/games/{gid}/undo", json={"ply": after["ply"]}).status_code == 409


def test_a_hint_is_the_table_s_ai_move_with_its_reason(client):
    # A normal table's hint is the normal AI's move for my seat (ismcts in Dou Dizhu, a bid by the
    # chance as landlord), seeded by the table and the ply: asked twice, the same move and reason.
    v = wait_turn(client, new_game(client, seed=11, level="normal")["id"])
    assert v["observation"]["phase"] == "bidding" and v["legal"]
    h = client.post(f"/api/games/{v['id']}/hint", json={"ply": v["ply"]}).json()
    assert h["agent"] == "ismcts" and h["move"] in v["legal"]
    assert h["explanation"]["id"].startswith("ddz.") and h["explanation"]["params"]["worlds"] == 600
    assert client.post(f"/api/games/{v['id']}/hint", json={"ply": v["ply"]}).json() == h
    assert client.post(f"/api/games/{v['id']}/hint", json={"ply": v["ply"] + 1}).status_code == 409


def test_undo_with_nothing_to_take_back_is_refused(client):
    v = wait_turn(client, new_game(client, "bridge", seed=3)["id"])
    if any(p == 0 for p, _ in v["observation"]["history"]):
        pytest.skip("seat 0 has moved already")
    r = client.post(f"/api/games/{v['id']}/undo", json={"ply": v["ply"]})
    assert r.status_code == 409 and "no decision" in r.json()["error"]


# -- part 3: sessions that stay apart and survive ---------------------------------------------
def test_another_session_cannot_read_or_move_in_my_game(client, db):
    v = wait_turn(client, new_game(client, seed=1)["id"])
    gid = v["id"]
    if True:
        other = TestClient(client.app)  # no second lifespan: the app is already running
        other.get("/")  # a session of its own
        for path in (f"/api/games/{gid}", f"/api/games/{gid}/replay", f"/api/games/{gid}/replay/0"):
            r = other.get(path)
            assert r.status_code == 404 and "no such game" in r.json()["error"]
        r = other.post(f"/api/games/{gid}/move", json={"move": v["legal"][0], "ply": v["ply"]})
        assert r.status_code == 404
        assert other.post(f"/api/games/{gid}/undo", json={"ply": v["ply"]}).status_code == 404
        assert other.post(f"/api/games/{gid}/hint", json={"ply": v["ply"]}).status_code == 404
        with pytest.raises(WebSocketDisconnect) as e:
            with other.websocket_connect(f"/api/games/{gid}/ws", headers=ORIGIN) as ws:
                ws.receive_json()
        assert e.value.code == 4404
        assert other.get("/api/games").json()["games"] == []
    assert client.get(f"/api/games/{gid}").json()["ply"] == v["ply"]
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [gid]


def test_a_forged_or_foreign_cookie_is_no_session(client, db, tmp_path):
    v = new_game(client, seed=1)
    gid = v["id"]
    sid = client.cookies[COOKIE].split(".")[0]
    for forged in (sid, sid + ".", sid + ".AAAA", "x" * 500):
        c = TestClient(client.app, cookies={COOKIE: forged})
        assert c.get(f"/api/games/{gid}").status_code == 404
    # A cookie signed by another server's secret is refused too.
    with TestClient(create_app(tmp_path / "other.sqlite3")) as c2:
        c2.get("/")
        c = TestClient(client.app, cookies={COOKIE: c2.cookies[COOKIE]})
        assert c.get(f"/api/games/{gid}").status_code == 404


def test_game_ids_are_unguessable(client):
    ids = {new_game(client, seed=i)["id"] for i in range(5)}
    assert len(ids) == 5 and all(len(i) == 22 for i in ids)
    for bad in ("0", "../etc", "a" * 22, "a" * 300):
        assert client.get(f"/api/games/{bad}").status_code == 404


def test_the_websocket_checks_its_origin(client):
    gid = new_game(client, seed=1)["id"]
    for headers in ({"origin": "http://evil.example"}, {}, {"origin": "null"}):
        with pytest.raises(WebSocketDisconnect) as e:
            with client.websocket_connect(f"/api/games/{gid}/ws", headers=headers) as ws:
                ws.receive_json()
        assert e.value.code == 1008
    r = client.post("/api/games", json={"level": "easy", "game": "doudizhu"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403


def test_bad_requests_are_refused_with_a_clear_4xx_and_change_nothing(client, db):
    v = wait_turn(client, new_game(client, seed=9)["id"])
    gid = v["id"]
    url = f"/api/games/{gid}/move"
    saved = json.dumps(client.get(f"/api/games/{gid}").json()["observation"])
    cases = [
        ({"content": b"{not json", "headers": {"content-type": "application/json"}}, 400, "not valid JSON"),
        ({"content": b"[1, 2]", "headers": {"content-type": "application/json"}}, 400, "JSON object"),
        ({"content": b"x" * 10000, "headers": {"content-type": "application/json"}}, 413, "over"),
        ({"content": b'{"move": "pass"}', "headers": {"content-type": "text/plain"}}, 415, "application/json"),
        ({"json": {"move": v["legal"][0]}}, 400, "ply"),
        ({"json": {"move": v["legal"][0], "ply": "3"}}, 400, "ply"),
        ({"json": {"move": 5, "ply": v["ply"]}}, 400, "move"),
        ({"json": {"move": "x" * 300, "ply": v["ply"]}}, 400, "at most"),
        ({"json": {"move": "bid 9", "ply": v["ply"]}}, 422, ""),
        ({"json": {"move": "zz top", "ply": v["ply"]}}, 422, ""),
        ({"json": {"move": v["legal"][0], "ply": v["ply"] - 1}}, 409, "stale"),
        ({"json": {"move": v["legal"][0], "ply": v["ply"] + 1}}, 409, "stale"),
    ]
    for kwargs, status, words in cases:
        r = client.post(url, **kwargs)
        assert r.status_code == status, (kwargs, r.text)
        assert words in r.json()["error"] and r.json()["status"] == status
    after = client.get(f"/api/games/{gid}").json()
    assert after["ply"] == v["ply"] and json.dumps(after["observation"]) == saved


def test_a_double_click_applies_one_move_and_the_second_gets_409(client):
    v = wait_turn(client, new_game(client, seed=6)["id"])
    body = {"move": v["legal"][0], "ply": v["ply"]}
    first = client.post(f"/api/games/{v['id']}/move", json=body)
    second = client.post(f"/api/games/{v['id']}/move", json=body)
    assert first.status_code == 200 and second.status_code == 409
    hist = cardavia.from_json(wait_for_over_or_json(client, v["id"])).history
    mine = [m for p, m in hist[v["ply"]:] if p == 0]
    assert str(mine[0]) == body["move"]


def wait_for_over_or_json(client, gid):
    core = client.app.state.core
    wait_turn(client, gid)
    return core.store.get(gid).state


def test_moving_out_of_turn_is_refused(client):
    seed = next(s for s in range(100) if cardavia.load("doudizhu").new_state(seed=s).current_player != 0)
    v = new_game(client, seed=seed, pace=1)  # the AI waits a second before its first bid
    assert v["current_player"] != 0 and v["thinking"] == v["current_player"] and v["legal"] == []
    r = client.post(f"/api/games/{v['id']}/move", json={"move": "pass", "ply": v["ply"]})
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    assert client.post(f"/api/games/{v['id']}/hint", json={"ply": v["ply"]}).status_code == 409
    assert client.post(f"/api/games/{v['id']}/undo", json={"ply": v["ply"]}).status_code == 409


def test_creating_a_game_validates_every_field(client):
    cases = [
        ({"game": "chess"}, "unknown game"),
        ({"game": 7}, "unknown game"),
        ({"game": "doudizhu", "level": "godlike"}, "unknown level"),
        ({"game": "doudizhu", "pace": 5}, "pace"),
        ({"game": "doudizhu", "pace": True}, "pace"),
        ({"game": "doudizhu", "seat": 3}, "seat"),
        ({"game": "doudizhu", "seat": -1}, "seat"),
        ({"game": "doudizhu", "seed": -1}, "seed"),
        ({"game": "doudizhu", "seed": 1 << 80}, "seed"),
        ({"game": "doudizhu", "seed": "7"}, "seed"),
        ({"game": "guandan", "match": "yes"}, "match"),
    ]
    for body, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, (body, r.text)
        assert words in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_games_survive_a_server_restart_and_the_ai_replays_the_same(db):
    with TestClient(create_app(db)) as c:
        v = wait_turn(c, new_game(c, seed=21)["id"])
        gid = v["id"]
        c.post(f"/api/games/{gid}/move", json={"move": v["legal"][0], "ply": v["ply"]})
        mid = wait_turn(c, gid)
        cookies = dict(c.cookies)
    # A new server on the same database and secret: the cookie still opens the game.
    with TestClient(create_app(db), cookies=cookies) as c:
        again = c.get(f"/api/games/{gid}").json()
        assert again["ply"] == mid["ply"] and again["observation"] == mid["observation"]
        assert again["legal"] == mid["legal"]
        play_to_end(c, gid, random.Random(3))
    # The same seed and the same human moves in a fresh database give the same AI moves.
    with TestClient(create_app(db.parent / "fresh.sqlite3")) as c:
        v2 = wait_turn(c, new_game(c, seed=21)["id"])
        assert v2["observation"]["history"] == v["observation"]["history"]


def test_a_restart_while_the_ai_is_to_move_resumes_its_moves(db):
    with TestClient(create_app(db)) as c:
        v = new_game(c, "bridge", seed=2, pace=1)
        gid = v["id"]
        cookies = dict(c.cookies)
        # With a 1 s pace the first AI moves are still to come when we stop.
    with TestClient(create_app(db), cookies=cookies) as c:
        v = wait_turn(c, gid)
        assert v["current_player"] == 0 or v["over"]


def test_at_most_max_games_live_games(db):
    with TestClient(create_app(db, max_games=2)) as c:
        new_game(c, seed=1)
        new_game(c, seed=2)
        r = c.post("/api/games", json={"level": "easy", "game": "doudizhu"})
        assert r.status_code == 503 and "2 games" in r.json()["error"]


def test_idle_games_expire(db):
    app = create_app(db, idle_hours=1)
    with TestClient(app) as c:
        gid = new_game(c, seed=1)["id"]
        wait_turn(c, gid)
        core = app.state.core
        core.store.flush()   # saves are written behind
        core.store._db.execute("UPDATE games SET updated = updated - 7200")
        assert core.expire() == [gid]
        assert c.get(f"/api/games/{gid}").status_code == 404


def test_a_saved_game_that_cannot_be_rebuilt_is_a_409_to_its_player_only(db):
    # was: a row whose state no longer replays (edited, or written by another version) was a 500
    with TestClient(create_app(db)) as c:
        gid = new_game(c, seed=1)["id"]
        wait_turn(c, gid)
        cookies = dict(c.cookies)
        c.app.state.core.store.flush()
        c.app.state.core.store._db.execute("UPDATE games SET state = ? WHERE id = ?",
                                           ('{"format": "cardavia-state", "game": "chess"}', gid))
    with TestClient(create_app(db), cookies=cookies) as c:   # a server started again: the row is read
        r = c.get(f"/api/games/{gid}")
        assert r.status_code == 409, r.text
        assert r.json()["error"].startswith("this saved game cannot be rebuilt: ") and "chess" in r.json()["error"]
        assert gid in [g["id"] for g in c.get("/api/games").json()["games"]]   # listed, so it can be dropped
        assert c.delete(f"/api/games/{gid}").status_code in (200, 204)
        assert c.get(f"/api/games/{gid}").status_code == 404
    with TestClient(create_app(db)) as other:   # another session learns nothing of it
        assert other.get(f"/api/games/{gid}").status_code == 404


def test_the_secret_is_kept_beside_the_database(db):
    create_app(db)
    secret = db.parent / (db.name + ".secret")
    assert secret.exists() and oct(secret.stat().st_mode & 0o777) == "0o600"
    first = secret.read_bytes()
    create_app(db)
    assert secret.read_bytes() == first


def test_serve_is_a_command(capsys):
    from cardavia.cli import build_parser

    args = build_parser().parse_args(["serve", "--port", "8123", "--db", "x.sqlite3"])
    assert args.port == 8123 and args.db == "x.sqlite3" and args.host == "127.0.0.1"
    for bad in (["--port", "70000"], ["--idle-hours", "nan"], ["--idle-hours", "0"], ["--max-games", "0"]):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", *bad])


def test_many_games_at_once_stay_apart(db):
    """Games of several sessions played in turns: each keeps its own state."""
    app = create_app(db)
    with TestClient(app) as first:
        clients = [first] + [TestClient(app) for _ in range(5)]
        rng = random.Random(0)
        games = []
        for i, c in enumerate(clients):
            c.get("/")
            games.append((c, new_game(c, cardavia.available_games()[i % 7], seed=100 + i)["id"]))
        for _ in range(6):
            for c, gid in games:
                v = wait_turn(c, gid)
                if not v["over"]:
                    r = c.post(f"/api/games/{gid}/move", json={"move": rng.choice(v["legal"]), "ply": v["ply"]})
                    assert r.status_code == 200, r.text
        core = app.state.core
        for c, gid in games:
            v = wait_turn(c, gid)
            state = cardavia.from_json(core.store.get(gid).state)   # the saved game replays
            assert state.observation(0).data == v["observation"]
            for other, ogid in games:
                if other is not c:
                    assert c.get(f"/api/games/{ogid}").status_code == 404
