"""Hostile requests against the web API, with Starlette's TestClient: every
route and the WebSocket get malformed JSON, wrong types, extreme numbers,
odd text, odd path parameters, garbage replays and a second client's
cookies.  The rule: a 4xx whose JSON ``error`` says what was wrong (never a
500, a traceback or a hang), nothing changed by a refused request, and no
session reaching another's game.  Hypothesis keeps to the ``ci`` profile.
"""
from __future__ import annotations

import json
import os
import random
from urllib.parse import quote

import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("starlette", reason="the web extra is not installed")
import warnings

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

with warnings.catch_warnings():  # starlette 1.x would rather see httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import cardavia
from cardavia import i18n
from cardavia.web import create_app
from cardavia.web.app import COOKIE, MAX_BODY
from checks import at_once

ORIGIN = {"origin": "http://testserver"}
JSON = {"content-type": "application/json"}
GAMES = list(cardavia.GAMES)
EXTREME = [0, -1, 1, 3, 2**31, 2**63, 2**64, 2**70, -2**70, 10**400, 1.5, -0.5, 0.4, 1e308, float("nan"),
           float("inf"), -float("inf"), True, False, None, "", " ", "7", "x" * 3000, "\x00", "pass\x00",
           "é\u202e\U0001f0a1", "doudizhu", "bridge", "easy", "replay", "claim 13", "bid 1", [], {}, [[[]]],
           {"game": "doudizhu"}]
KEYS = ["game", "level", "pace", "seat", "seed", "match", "undo", "move", "ply", "state", "type", "step"]
JSON_VALUES = hst.recursive(
    hst.one_of(hst.sampled_from(EXTREME), hst.integers(-10, 10**20), hst.text(max_size=20), hst.floats()),
    lambda inner: hst.lists(inner, max_size=3) | hst.dictionaries(hst.text(max_size=6), inner, max_size=3),
    max_leaves=8)
BODIES = hst.dictionaries(hst.sampled_from(KEYS) | hst.text(max_size=8), JSON_VALUES, max_size=5)
HYPO = settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)


def assert_refused(r, status: int | None = None, words: str = "") -> dict:
    """``r`` is a clean refusal: a 4xx with a JSON ``error`` (and ``status``) and no traceback."""
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    assert status is None or r.status_code == status, (r.status_code, r.text[:300])
    body = r.json()
    assert isinstance(body["error"], str) and body["error"].strip() and body["status"] == r.status_code
    assert "Traceback" not in r.text and words in body["error"], body
    return body


def played(name: str, seed: int, *, to_end: bool = False, until=None):
    """A state of ``name`` (single deals) after random moves: to the end, or until ``until(state)``."""
    state = cardavia.load(name, match=False).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over and (to_end or (until is not None and not until(state))):
        state.play(state.legal_moves().sample(rng))
    return state


def fixture_game(c, state, seat=None) -> dict:
    """A game of ``c``'s session from ``state`` (the test-only route), the person at ``seat``
    (default: the player to move, so no AI moves in it)."""
    seat = state.current_player if seat is None else seat
    r = c.post("/api/test/games", json={"state": state.to_json(), "seat": seat, "pace": 0})
    assert r.status_code == 201, r.text
    return r.json()


def saved(c, gid) -> tuple:
    """What a refused request must leave alone: the stored state and the view's ply."""
    core = c.app.state.core
    return core.store.get(gid).state, core.tables[gid].ply


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("hostile") / "games.sqlite3", testing=True, max_games=100_000,
                     max_games_per_client=100_000)
    with TestClient(app, raise_server_exceptions=False) as c:
        c.get("/")
        yield c


@pytest.fixture
def fresh(tmp_path):
    """An app of its own (for tests that count what the server holds)."""
    with TestClient(create_app(tmp_path / "games.sqlite3", testing=True), raise_server_exceptions=False) as c:
        c.get("/")
        yield c


def stranger(c) -> TestClient:
    """A second browser: its own cookie jar on the same running app."""
    other = TestClient(c.app, raise_server_exceptions=False)
    other.get("/")
    assert other.cookies[COOKIE] != c.cookies[COOKIE]
    return other


_TURN: dict[str, str] = {}


def turn_game(c, name: str) -> str:
    """A game of ``name`` where the person is to move (Bridge: in the play, where a claim is offered)."""
    gid = _TURN.get(name)
    if gid is None or c.app.state.core.tables[gid].ai_to_move or c.app.state.core.tables[gid].state.is_over:
        until = (lambda s: s.phase == "play") if name == "bridge" else (lambda s: s.current_player is not None)
        gid = _TURN[name] = fixture_game(c, played(name, 5, until=until))["id"]
    return gid


# -- fixed defects --------------------------------------------------------------------------
def test_unknown_api_addresses_and_methods_are_refused_in_json(client):
    gid = turn_game(client, "doudizhu")
    r = assert_refused(client.get(f"/api/games/{gid}/move"), 405, "GET is not allowed here; use POST")
    assert client.get(f"/api/games/{gid}/move").headers["allow"] == "POST"
    for method in ("PUT", "PATCH"):
        assert_refused(client.request(method, f"/api/games/{gid}"), 405, method)
    for method in ("DELETE", "PUT", "PATCH"):
        assert_refused(client.request(method, "/api/replays"), 405)
    assert_refused(client.get("/api/nothing/here"), 404, "no such address")
    assert_refused(client.get("/api"), 404, "no such address")
    assert_refused(client.get("/api/games/" + gid + "/ws"), 404)   # the socket's address over plain HTTP
    assert_refused(client.get("/api/" + "x" * 5000), 404)
    assert r["status"] == 405
    # Outside the API, the page's own answers stay as they were.
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/static/nothing.js").headers["content-type"].startswith("text/plain")
    assert client.get("/rules/nothing").headers["content-type"].startswith("text/html")


def test_a_level_that_is_a_list_or_an_object_is_refused(client):
    for level in ([], {}, ["easy"], {"easy": 1}, [[[[]]]]):
        assert_refused(client.post("/api/games", json={"game": "doudizhu", "level": level}), 400, "unknown level")
    state = played("doudizhu", 1)
    assert_refused(client.post("/api/test/games", json={"state": state.to_json(), "level": ["easy"]}), 400,
            "unknown level")


def test_a_pace_too_large_for_a_float_is_refused(client):
    for pace in ("9" * 400, "-" + "1" * 330, "1e999", "NaN", "-Infinity"):
        r = client.post("/api/games", content=f'{{"game": "doudizhu", "pace": {pace}}}', headers=JSON)
        assert_refused(r, 400, "pace must be one of")


def test_a_replay_step_that_is_no_plain_number_is_refused(client):
    gid = fixture_game(client, played("zhengshangyou", 2, to_end=True), 0)["id"]
    steps = client.get(f"/api/games/{gid}/replay/0").json()["replay"]["steps"]
    for step in ("²", "١", "0" * 5000, "9" * 5000, "-1", "1.0", "+1", " 1", "1e3", "0x1", "%00", str(steps + 1),
                 str(2**70)):
        assert_refused(client.get(f"/api/games/{gid}/replay/{step}"), 400, f"step must be in 0..{steps}")
    assert client.get(f"/api/games/{gid}/replay/{steps}").json()["replay"]["step"] == steps


def test_a_cookie_of_non_ascii_text_is_no_session(client):
    gid = turn_game(client, "doudizhu")
    other = TestClient(client.app, raise_server_exceptions=False)   # (answers give it sessions of its own)
    for value in ("é.x", "\xff" * 50, client.cookies[COOKIE][:-1] + "é", "ü." + client.cookies[COOKIE]):
        headers = {"cookie": f"{COOKIE}={value}".encode("latin-1")}
        assert_refused(other.get(f"/api/games/{gid}", headers=headers), 404, "no such game")
        r = other.get("/api/games", headers=headers)
        assert r.status_code == 200 and r.json()["games"] == []
    assert client.get(f"/api/games/{gid}").status_code == 200


def test_ids_that_name_no_game_leave_nothing_behind(client):
    core = client.app.state.core
    for i in range(50):
        assert_refused(client.get(f"/api/games/{'Q' * 20}{i:02d}"), 404, "no such game")
    assert_refused(client.post(f"/api/games/{'Z' * 22}/move", json={"move": "pass", "ply": 0}), 404)
    assert core._loading == {}


def test_garbage_websocket_messages_are_answered_and_the_socket_stays_open(client):
    gid = turn_game(client, "doudizhu")
    before = saved(client, gid)
    ply = before[1]
    texts = ["", "not json", "[" * 3000, "[" * 3000 + "]" * 3000, '{"a":' * 2000, "null", "7", '"move"', "[]",
             "{}", '{"type": 5}', '{"type": ["move"]}', '{"type": "move"}', '{"type": "move", "move": 5}',
             json.dumps({"type": "move", "move": "pass", "ply": 2**70}),
             json.dumps({"type": "move", "move": "\x00", "ply": ply}),
             json.dumps({"type": "move", "move": "bid 9", "ply": ply}),
             json.dumps({"type": "move", "move": "x" * 300, "ply": ply}), "x" * (MAX_BODY + 1),
             '{"type": "move", "move": "pass", "ply": NaN}', '{"type": "move", "ply": Infinity}', "é\x00"]
    with client.websocket_connect(f"/api/games/{gid}/ws", headers=ORIGIN) as ws:
        assert ws.receive_json()["type"] == "view"
        for text in texts:
            ws.send_text(text)
            m = ws.receive_json()
            assert m["type"] == "error" and 400 <= m["status"] < 500 and m["error"], (text[:40], m)
        for frame in (b"{}", b"\xff\xfe", b'{"type": "ping"}'):
            ws.send_bytes(frame)
            m = ws.receive_json()
            assert m["type"] == "error" and m["status"] == 400 and "JSON object" in m["error"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert saved(client, gid) == before


@pytest.mark.parametrize("lang", ["ar", "uk", "hi", "th", "zh"])
def test_the_websocket_s_own_errors_are_in_the_page_s_language(client, lang):
    gid = turn_game(client, "doudizhu")
    wanted = [(lambda ws: ws.send_bytes(b"{}"), "send a JSON object", {}),
              (lambda ws: ws.send_text("[]"), "send a JSON object", {}),
              (lambda ws: ws.send_text("x" * (MAX_BODY + 1)), "message over {n} characters", {"n": MAX_BODY}),
              (lambda ws: ws.send_json({"type": "nope"}), "unknown message type: send \"move\" or \"ping\"", {})]
    # the language as the HTTP routes take it: ?lang=, else the cookie, else Accept-Language
    for where in ({"url": f"?lang={lang}"}, {"headers": {"cookie": f"{COOKIE}={client.cookies[COOKIE]}; lang={lang}"}},
                  {"headers": {"accept-language": f"{lang};q=0.9, en;q=0.1"}}):
        with client.websocket_connect(f"/api/games/{gid}/ws{where.get('url', '')}",
                                      headers={**ORIGIN, **where.get("headers", {})}) as ws:
            assert ws.receive_json()["type"] == "view"
            for send, msgid, params in wanted:
                send(ws)
                m = ws.receive_json()
                assert m["error"] == i18n.translate(lang, msgid, params) != i18n.fill(msgid, params), (where, m)


@HYPO
@given(messages=hst.lists(hst.one_of(hst.text(max_size=60), BODIES.map(json.dumps),
                                     hst.builds(lambda b: json.dumps({**b, "type": "move"}), BODIES)),
                          min_size=1, max_size=8))
def test_any_websocket_text_is_answered_and_changes_nothing(client, messages):
    gid = turn_game(client, "doudizhu")
    before = saved(client, gid)
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=ar", headers=ORIGIN) as ws:
        assert ws.receive_json()["type"] == "view"
        for text in messages:
            ws.send_text(text)
            m = ws.receive_json()
            if m["type"] == "view":   # a legal move after all
                _TURN.pop("doudizhu", None)
                return
            assert m == {"type": "pong"} or (m["type"] == "error" and 400 <= m["status"] < 500 and m["error"]), m
    assert saved(client, gid) == before


# -- any JSON, any bytes, any path ---------------------------------------------------------------
POST_ROUTES = ["/api/games", "/api/replays", "/api/test/games", "move", "undo", "hint"]


@HYPO
@given(route=hst.sampled_from(POST_ROUTES), body=BODIES)
def test_any_json_body_on_any_post_route_is_taken_or_refused_cleanly(client, route, body):
    gid = turn_game(client, "doudizhu")
    if route in ("move", "undo", "hint"):
        route = f"/api/games/{gid}/{route}"
    before = saved(client, gid)
    text = json.dumps(body)   # NaN and Infinity as their JSON literals, 2**70 and 10**400 whole
    r = client.post(route, content=text, headers={**JSON, **ORIGIN})
    if r.status_code in (200, 201):
        return
    assert_refused(r)
    if len(text) > MAX_BODY and route != "/api/replays":
        assert r.status_code == 413
    assert saved(client, gid) == before


@HYPO
@given(route=hst.sampled_from(POST_ROUTES), raw=hst.binary(max_size=200) | hst.text(max_size=200).map(str.encode),
       content_type=hst.sampled_from(["application/json", "text/plain", "", "application/json; charset=latin-1",
                                      "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]))
def test_any_bytes_on_any_post_route_are_refused_cleanly(client, route, raw, content_type):
    gid = turn_game(client, "doudizhu")
    if route in ("move", "undo", "hint"):
        route = f"/api/games/{gid}/{route}"
    before = saved(client, gid)
    r = client.post(route, content=raw, headers={"content-type": content_type, **ORIGIN})
    if r.status_code in (200, 201):
        return
    assert_refused(r)
    assert saved(client, gid) == before


@HYPO
@given(gid=hst.text(min_size=1, max_size=60) | hst.sampled_from(["Q" * 22, "Q" * 21 + "é", "a" * 5000, ".."]),
       step=hst.text(min_size=1, max_size=12) | hst.integers(-5, 2**70).map(str),
       tail=hst.sampled_from(["", "/replay", "/replay/{step}", "/move", "/undo", "/hint"]))
def test_any_game_id_or_step_in_the_path_is_refused_cleanly(client, gid, step, tail):
    path = "/api/games/" + quote(gid, safe="") + tail.format(step=quote(step, safe=""))   # any text, NUL too
    method = "POST" if tail in ("/move", "/undo", "/hint") else "GET"
    r = client.request(method, path, json={"move": "pass", "ply": 0}, headers=ORIGIN)
    if r.status_code == 200:   # (a path that normalises onto a real route: the session's own list)
        return
    assert_refused(r)


# -- moves of every game ---------------------------------------------------------------------------
MOVE_JUNK = hst.one_of(
    hst.text(max_size=40),
    hst.sampled_from(["claim", "claim 14", "claim -1", "claim 1e3", "claim ٣", "claim 99999999999999999999",
                      "claim\x00", "CLAIM 1", "pass\x00", "bid 9", "bid -1", "raise 1e999", "bet 2147483648",
                      "lock ?", "bury ?", "declare", "straight:9", "return", "1NT\x00", "XXX", "RJ RJ RJ",
                      "3h" * 60, "\u202e3h", "🂡"]),
    hst.tuples(hst.integers(0, 10_000), hst.text(max_size=6)).map(lambda p: f"{p[0]}{p[1]}"),
)


@pytest.mark.parametrize("name", GAMES)
@settings(HYPO, max_examples=25)
@given(text=MOVE_JUNK, junk=hst.text(max_size=4), lang=hst.sampled_from(["en", "ar", "uk", "zh"]))
def test_any_move_text_in_every_game_is_played_or_refused_with_nothing_changed(client, name, text, junk, lang):
    gid = turn_game(client, name)
    legal = client.get(f"/api/games/{gid}").json()["legal"]
    before = saved(client, gid)
    for move in (text, (legal[len(text) % len(legal)] + junk) if legal else text):
        if not move.strip():
            continue
        r = client.post(f"/api/games/{gid}/move", json={"move": move, "ply": before[1]},
                        headers={"accept-language": lang})   # (?lang= would persist in the client's cookies)
        if r.status_code == 200:   # a legal move after all: a new game for the next example
            assert r.json()["ply"] > before[1]
            _TURN.pop(name, None)
            return
        assert_refused(r)
        assert saved(client, gid) == before


# -- replays: tampered, garbage, someone else's --------------------------------------------------
def _mutations():
    """Ways to spoil a replay file's JSON (a dict): each a function of it and a random choice."""
    def set_top(d, pick, value):
        key = pick.choice(sorted(d))
        d[key] = value
        return d

    def drop_top(d, pick, value):
        d.pop(pick.choice(sorted(d)))
        return d

    def set_setup(d, pick, value):
        if isinstance(d.get("setup"), dict) and d["setup"]:
            d["setup"][pick.choice(sorted(d["setup"]))] = value
        return d

    def set_move(d, pick, value):
        if d["moves"]:
            d["moves"][pick.randrange(len(d["moves"]))] = value
        return d

    def shuffle_moves(d, pick, value):
        pick.shuffle(d["moves"])
        return d

    def cut_moves(d, pick, value):
        d["moves"] = d["moves"][:pick.randrange(len(d["moves"]) + 1)] * pick.choice((1, 2))
        return d

    def set_option(d, pick, value):
        d.setdefault("options", {})[pick.choice(["match", "bogus", "players", "__class__", ""])] = value
        return d

    return [set_top, drop_top, set_setup, set_move, shuffle_moves, cut_moves, set_option]


@pytest.fixture(scope="module")
def replays():
    return {name: played(name, 11, to_end=True).to_dict() for name in ("doudizhu", "holdem", "bridge")}


@HYPO
@given(name=hst.sampled_from(["doudizhu", "holdem", "bridge"]), how=hst.sampled_from(_mutations()),
       seed=hst.integers(0, 2**16), value=JSON_VALUES, seat=hst.sampled_from([0, 1, 3, -1, 4, 2**70, "0", None, 0.0]),
       as_text=hst.booleans(), cut=hst.none() | hst.integers(0, 3000))
def test_a_tampered_replay_is_opened_as_it_says_or_refused(client, replays, name, how, seed, value, seat, as_text,
                                                            cut):
    data = how(json.loads(json.dumps(replays[name])), random.Random(seed), value)
    state: object = json.dumps(data)[:cut] if as_text else data
    held = client.app.state.core.store.count_replays()
    r = client.post("/api/replays", content=json.dumps({"state": state, "seat": seat}), headers={**JSON, **ORIGIN})
    if r.status_code == 201:
        v = r.json()
        assert v["read_only"] and v["legal"] == []
        assert client.app.state.core.store.count_replays() == held + 1
        return
    assert_refused(r)
    assert r.status_code in (400, 422)
    assert client.app.state.core.store.count_replays() == held


def test_garbage_replay_texts_are_refused_with_what_is_wrong(fresh):
    cases = [("", "empty"), ("   ", "empty"), ("{", "not a replay"), ("[" * 5000, "not a replay"),
             ('{"format": "cardavia-state"}', "not a replay"), ("null", "not a replay"),
             ("[Event \"?\"]\n[Deal \"N:AKQ.xx\"]", "not a replay"),   # PBN is no state JSON
             ("\x00" * 100, "not a replay"), ('"' + "x" * 2000 + '"', "not a replay")]
    for text, words in cases:
        assert_refused(fresh.post("/api/replays", json={"state": text}, headers=ORIGIN), 400, words)
    for state in (None, 7, [], True):
        assert_refused(fresh.post("/api/replays", json={"state": state}, headers=ORIGIN), 400, "\"state\" must be")
    good = played("doudizhu", 3, to_end=True).to_dict()
    for game in ([], {}, ["doudizhu"], {"doudizhu": 1}, 7, None):   # a name that is no text
        for state in (dict(good, game=game), json.dumps(dict(good, game=game))):
            assert_refused(fresh.post("/api/replays", json={"state": state}, headers=ORIGIN), 400, "unknown game")
            assert_refused(fresh.post("/api/test/games", json={"state": state}, headers=ORIGIN), 400, "unknown game")
    assert fresh.get("/api/games").json()["games"] == []


# -- a finished game -------------------------------------------------------------------------------
def test_a_finished_game_refuses_moves_undo_and_hints_and_replays_as_it_ended(fresh):
    end = played("doudizhu", 4, to_end=True)
    v = fixture_game(fresh, end, 0)
    gid, ply = v["id"], v["ply"]
    before = saved(fresh, gid)
    assert v["over"] and v["legal"] == []
    for p in (ply, ply - 1, ply + 1, 0, -1, 2**70):
        assert_refused(fresh.post(f"/api/games/{gid}/move", json={"move": "pass", "ply": p}), 409)
        assert_refused(fresh.post(f"/api/games/{gid}/undo", json={"ply": p}), 409)
        assert_refused(fresh.post(f"/api/games/{gid}/hint", json={"ply": p}), 409)
    assert_refused(fresh.post(f"/api/games/{gid}/move", json={"move": "pass", "ply": ply}), 409, "the game is over")
    with fresh.websocket_connect(f"/api/games/{gid}/ws", headers=ORIGIN) as ws:
        assert ws.receive_json()["view"]["over"]
        ws.send_json({"type": "move", "move": "pass", "ply": ply})
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 409
    assert cardavia.from_json(fresh.get(f"/api/games/{gid}/replay").text) == end
    assert fresh.get(f"/api/games/{gid}/replay/{ply}").json()["replay"]["finished"]
    assert saved(fresh, gid) == before


def test_a_game_in_play_is_not_replayed_before_its_end(fresh):
    gid = fixture_game(fresh, played("holdem", 3, until=lambda s: True))["id"]
    assert_refused(fresh.get(f"/api/games/{gid}/replay"), 409, "once it is over")
    assert_refused(fresh.get(f"/api/games/{gid}/replay/0"), 409, "once it is over")


# -- a second client ---------------------------------------------------------------------------------
def test_a_second_client_reaches_nothing_of_the_first_s_games(fresh):
    live = fixture_game(fresh, played("bridge", 6, until=lambda s: s.phase == "play"))
    done = fixture_game(fresh, played("zhengshangyou", 6, to_end=True), 1)
    opened = fresh.post("/api/replays", json={"state": played("holdem", 6, to_end=True).to_json(), "seat": 2},
                        headers=ORIGIN).json()
    mine = {v["id"]: saved(fresh, v["id"]) for v in (live, done, opened)}
    other = stranger(fresh)
    for v in (live, done, opened):
        gid, ply = v["id"], v["ply"]
        for path in ("", "/replay", "/replay/0", f"/replay/{ply}"):
            assert_refused(other.get(f"/api/games/{gid}{path}"), 404, "no such game")
        bodies = {"move": {"move": (v["legal"] or ["pass"])[0], "ply": ply}, "undo": {"ply": ply},
                  "hint": {"ply": ply}}
        for action, body in bodies.items():
            assert_refused(other.post(f"/api/games/{gid}/{action}", json=body, headers=ORIGIN), 404, "no such game")
        assert_refused(other.delete(f"/api/games/{gid}", headers=ORIGIN), 404, "no such game")
        with pytest.raises(WebSocketDisconnect) as e:
            with other.websocket_connect(f"/api/games/{gid}/ws", headers=ORIGIN) as ws:
                ws.receive_json()
        assert e.value.code == 4404
        # Another server's cookie for the same session id is no key either.
        forged = fresh.cookies[COOKIE].split(".")[0] + "." + other.cookies[COOKIE].split(".")[1]
        assert_refused(TestClient(fresh.app, cookies={COOKIE: forged}).get(f"/api/games/{gid}"), 404)
    assert other.get("/api/games").json()["games"] == []
    assert {v["id"]: saved(fresh, v["id"]) for v in (live, done, opened)} == mine
    assert len(fresh.get("/api/games").json()["games"]) == 3


# -- two requests at once -----------------------------------------------------------------------------
def test_two_moves_at_the_same_ply_apply_one(fresh):
    for seed in range(4):
        state = played("zhengshangyou", seed, until=lambda s: True)
        v = fixture_game(fresh, state)
        gid, ply = v["id"], v["ply"]
        moves = v["legal"][:2] if len(v["legal"]) > 1 else v["legal"] * 2
        url = f"/api/games/{gid}/move"
        answers = at_once(*(lambda m=m, url=url, ply=ply: fresh.post(url, json={"move": m, "ply": ply})
                             for m in moves))
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        assert_refused(next(r for r in answers if r.status_code == 409), 409, "stale move")
        won = next(r for r in answers if r.status_code == 200).json()
        history = cardavia.from_json(fresh.app.state.core.store.get(gid).state).history
        assert str(history[ply].move) in moves and won["ply"] > ply


def test_a_move_and_an_undo_at_the_same_ply_apply_at_most_one(fresh):
    state = played("zhengshangyou", 1, until=lambda s: True)
    seat = state.current_player
    state.play(state.legal_moves().sample(random.Random(0)))
    while state.current_player != seat and not state.is_over:   # back to my turn, with a decision behind me
        state.play(state.legal_moves().sample(random.Random(1)))
    v = fixture_game(fresh, state, seat)
    gid, ply = v["id"], v["ply"]
    assert v["undo"]
    move, undo = at_once(lambda: fresh.post(f"/api/games/{gid}/move", json={"move": v["legal"][0], "ply": ply}),
                          lambda: fresh.post(f"/api/games/{gid}/undo", json={"ply": ply}))
    assert sorted((move.status_code, undo.status_code)) == [200, 409], (move.text, undo.text)
    loser = move if move.status_code == 409 else undo
    assert_refused(loser, 409, "stale")
    now = fresh.app.state.core.tables[gid]
    assert (now.ply < ply) if undo.status_code == 200 else (now.ply > ply)


# -- headers ---------------------------------------------------------------------------------------------
def test_odd_headers_are_ignored_or_refused_cleanly(client):
    gid = turn_game(client, "doudizhu")
    before = saved(client, gid)
    body = {"move": "bid 9", "ply": before[1]}
    for headers in ({"accept-language": "x" * 10_000}, {"accept-language": "ar;q=NaN, *;q=-1, \x7f"},
                    {"accept-language": "en;q=1e999, ar;q=0.5"},
                    {"cookie": f"{COOKIE}={client.cookies[COOKIE]}; lang=\x01; lang=" + "ar" * 2000}):
        assert_refused(client.post(f"/api/games/{gid}/move", json=body, headers=headers), 422)
    for query in ("?lang=%00", "?lang=" + "x" * 3000, "?lang=ar&lang=zz", "?lang[]=ar"):
        assert_refused(client.post(f"/api/games/{gid}/move{query}", json=body), 422)
    for origin in ("http://evil.example", "null", "http://testserver.evil", "http://testserver:80@evil", ""):
        assert_refused(client.post(f"/api/games/{gid}/move", json=body, headers={"origin": origin}), 403,
                       "cross-origin")
    assert_refused(client.post(f"/api/games/{gid}/move", content=b'{"move": "pass"}',
                        headers={"content-type": "text/json-ish"}), 400, "ply")   # names json: read as JSON
    assert_refused(client.post(f"/api/games/{gid}/move", content=b"move=pass&ply=0",
                        headers={"content-type": "application/x-www-form-urlencoded"}), 415)
    assert_refused(client.post(f"/api/games/{gid}/move", content=b"x" * (MAX_BODY + 1), headers=JSON), 413)
    assert_refused(client.post("/api/replays", content=b"x" * ((1 << 20) + 1), headers=JSON), 413)
    assert saved(client, gid) == before
