"""What one client may take of a shared server, with Starlette's TestClient:
its games in progress and opened replays (``max_games_per_client``: a new one
drops the session's longest idle one; under the server's ``max_games``, which
also holds clients that drop their cookie), and its hint searches (one per
position however often asked, a few at once per session).  A refusal is a
JSON 4xx saying what to do, and changes nothing; other clients go on.
"""
from __future__ import annotations

import os
import random
import threading
import time

import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("starlette", reason="the web extra is not installed")
import warnings

with warnings.catch_warnings():  # starlette 1.x would rather see httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import cardavia
from cardavia.web import create_app
from cardavia.web.app import COOKIE, CardaviaApp
from checks import at_once

NEW = {"game": "doudizhu", "level": "easy", "pace": 0}


def refused(r, status: int, words: str) -> dict:
    assert r.status_code == status, (r.status_code, r.text[:300])
    body = r.json()
    assert body["status"] == status and words in body["error"], body
    return body


def stranger(c) -> TestClient:
    """A second browser on the same running app: its own cookie jar."""
    other = TestClient(c.app)
    other.get("/")
    assert other.cookies[COOKIE] != c.cookies[COOKIE]
    return other


def finish(c, gid: str, seed: int = 0) -> None:
    """Play the person's seat at random until the game is over."""
    rng = random.Random(seed)
    end = time.monotonic() + 60
    while not (v := c.get(f"/api/games/{gid}").json())["over"]:
        assert time.monotonic() < end, "the game never ended"
        if v["legal"] and v["thinking"] is None:
            c.post(f"/api/games/{gid}/move", json={"move": rng.choice(v["legal"]), "ply": v["ply"]})
        else:
            time.sleep(0.005)


def idle(c, gid: str) -> None:
    """Wait until the AIs of game ``gid`` have moved (it waits for the person, or is over)."""
    end = time.monotonic() + 60
    while (v := c.get(f"/api/games/{gid}").json())["thinking"] is not None or not (v["legal"] or v["over"]):
        assert time.monotonic() < end, "the AI never moved"
        time.sleep(0.005)
    c.app.state.core.store.flush()


def ended(name: str, seed: int) -> str:
    """A finished single deal of ``name``, as its replay file's JSON."""
    state = cardavia.load(name, match=False).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.play(state.legal_moves().sample(rng))
    return state.to_json()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


# -- games per client ---------------------------------------------------------------------------
def test_a_client_at_its_cap_drops_its_longest_idle_game_and_the_others_keep_theirs(db):
    # A person trying game after game never finishes most of them: a new one
    # drops the session's longest idle game instead of refusing (the page offers no way to drop one).
    with TestClient(create_app(db, max_games=10, max_games_per_client=2)) as c:
        c.get("/")
        other = stranger(c)
        theirs = other.post("/api/games", json=NEW).json()["id"]
        mine = [c.post("/api/games", json={**NEW, "seed": s}).json()["id"] for s in (1, 2)]
        for gid in mine:
            idle(c, gid)
        c.app.state.core.store.touch(mine[0])   # played or seen later (the page touches at most once a minute)
        third = c.post("/api/games", json=NEW)
        assert third.status_code == 201
        held = {g["id"] for g in c.get("/api/games").json()["games"]}
        assert held == {mine[0], third.json()["id"]}
        assert c.get(f"/api/games/{mine[1]}").status_code == 404 and mine[1] not in c.app.state.core.tables
        assert c.post(f"/api/games/{mine[1]}/move", json={"move": "pass", "ply": 0}).status_code == 404
        assert other.get(f"/api/games/{theirs}").status_code == 200     # another client's game stays
        assert c.app.state.core.store.count_live() == 3
        finish(c, mine[0])
        c.post("/api/games", json=NEW)
        assert mine[0] in {g["id"] for g in c.get("/api/games").json()["games"]}   # a finished game is not dropped


def test_a_client_drops_its_own_game_and_no_other(db):
    with TestClient(create_app(db)) as c:
        c.get("/")
        other = stranger(c)
        mine, theirs = c.post("/api/games", json=NEW).json()["id"], other.post("/api/games", json=NEW).json()["id"]
        refused(c.delete(f"/api/games/{theirs}"), 404, "no such game")
        assert other.get(f"/api/games/{theirs}").status_code == 200
        refused(c.delete(f"/api/games/{mine}", headers={"Origin": "https://elsewhere.example"}), 403, "")
        assert c.get(f"/api/games/{mine}").status_code == 200
        assert c.delete(f"/api/games/{mine}").json() == {"dropped": mine}
        refused(c.get(f"/api/games/{mine}"), 404, "no such game")
        refused(c.delete(f"/api/games/{mine}"), 404, "no such game")
        assert c.get("/api/games").json()["games"] == [] and mine not in c.app.state.core.tables
        c.app.state.core.store.flush()
        assert c.app.state.core.store.get(mine) is None and c.app.state.core.store.count_live() == 1


def test_a_client_s_replays_and_games_are_capped_apart(db):
    with TestClient(create_app(db, max_games_per_client=1)) as c:
        replay = {"state": ended("zhengshangyou", 3)}
        first = c.post("/api/replays", json=replay).json()["id"]
        game = c.post("/api/games", json=NEW).json()["id"]
        second = c.post("/api/replays", json=replay).json()["id"]
        held = {g["id"] for g in c.get("/api/games").json()["games"]}
        assert held == {game, second} and first not in held


def test_clients_without_a_cookie_are_held_by_the_server_s_cap(db):
    # Each request without a cookie is a new session: the per-client cap never
    # sees it, the server's does.
    with TestClient(create_app(db, max_games=3, max_games_per_client=1)) as c:
        for _ in range(3):
            c.cookies.clear()
            assert c.post("/api/games", json=NEW).status_code == 201
        c.cookies.clear()
        refused(c.post("/api/games", json=NEW), 503, "3 games in progress")
        assert c.app.state.core.store.count_live() == 3


def test_requests_at_once_pass_no_cap_together(db):
    with TestClient(create_app(db, max_games=3, max_games_per_client=2)) as c:
        c.get("/")   # one session for all eight
        answers = at_once(*[lambda: c.post("/api/games", json=NEW)] * 8)
        assert [r.status_code for r in answers] == [201] * 8      # each dropping an older one
        assert c.app.state.core.store.count_live() == 2 and len(c.get("/api/games").json()["games"]) == 2
        # A session at its cap on a full server swaps its longest idle game for the new one.
        assert stranger(c).post("/api/games", json=NEW).status_code == 201
        assert c.app.state.core.store.count_live() == 3
        assert c.post("/api/games", json=NEW).status_code == 201
        assert c.app.state.core.store.count_live() == 3 and len(c.get("/api/games").json()["games"]) == 2
        c.delete(f"/api/games/{c.get('/api/games').json()['games'][0]['id']}")
        others = [TestClient(c.app) for _ in range(8)]
        answers = at_once(*[lambda o=o: o.post("/api/games", json=NEW) for o in others])
        assert sorted(r.status_code for r in answers) == [201] + [503] * 7
        assert c.app.state.core.store.count_live() == 3


# -- hints ------------------------------------------------------------------------------------------------
class Gate:
    """A stand-in for the AI's search that waits until opened, counting its calls
    (the hint's seat and ply, or the AI's)."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.opened = threading.Event()

    def decide(self, agent, state, seed, level="easy", explain=True, advising=False):
        self.calls.append((state.current_player, len(state.history)))
        assert self.opened.wait(20), "the gate was never opened"
        return str(next(iter(state.legal_moves()))), None

    def until(self, n: int) -> None:
        end = time.monotonic() + 20
        while len(self.calls) < n:
            assert time.monotonic() < end, self.calls
            time.sleep(0.005)


@pytest.fixture
def gate(monkeypatch):
    g = Gate()
    monkeypatch.setattr(CardaviaApp, "_decide_explained", staticmethod(g.decide))
    return g


def my_turn(c, name="zhengshangyou", seed=1) -> dict:
    """A game of ``c``'s session where the person is to move (no AI thinking in it)."""
    state = cardavia.load(name, match=False).new_state(seed=seed)
    r = c.post("/api/test/games", json={"state": state.to_json(), "seat": state.current_player, "pace": 0})
    assert r.status_code == 201, r.text
    return r.json()


def in_thread(call) -> tuple[threading.Thread, list]:
    out: list = []
    t = threading.Thread(target=lambda: out.append(call()))
    t.start()
    return t, out


def test_a_double_clicked_hint_is_one_search_and_one_answer(db, gate):
    with TestClient(create_app(db, testing=True, workers=4)) as c:
        v = my_turn(c)
        gid, ply, seat = v["id"], v["ply"], v["seat"]
        ask = lambda: c.post(f"/api/games/{gid}/hint", json={"ply": ply})
        first, a = in_thread(ask)
        gate.until(1)
        second, b = in_thread(ask)
        time.sleep(0.2)   # the second request is in, waiting on the search
        gate.opened.set()
        first.join()
        second.join()
        assert a[0].status_code == b[0].status_code == 200 and a[0].json() == b[0].json()
        assert ask().json() == a[0].json()   # asked again: the same answer, no new search
        assert gate.calls == [(seat, ply)]
        # A new position is a new search.
        c.post(f"/api/games/{gid}/move", json={"move": a[0].json()["move"], "ply": ply})
        end = time.monotonic() + 20
        while (v := c.get(f"/api/games/{gid}").json())["current_player"] != seat or v["thinking"] is not None:
            assert time.monotonic() < end and not v["over"]
            time.sleep(0.005)
        assert c.post(f"/api/games/{gid}/hint", json={"ply": v["ply"]}).status_code == 200
        assert [call for call in gate.calls if call[0] == seat] == [(seat, ply), (seat, v["ply"])]
        assert c.app.state.core._hinting == {}


def test_a_client_s_hint_searches_at_once_are_bounded_and_others_go_on(db, gate):
    with TestClient(create_app(db, testing=True, workers=4)) as c:
        assert c.app.state.core.max_hints_per_client == 2
        games = [my_turn(c, seed=s) for s in (1, 2, 3)]
        asks = [lambda v=v: c.post(f"/api/games/{v['id']}/hint", json={"ply": v["ply"]}) for v in games]
        running = [in_thread(ask) for ask in asks[:2]]
        gate.until(2)
        refused(asks[2](), 429, "hints for other games of yours are still being worked out")
        other = stranger(c)
        theirs = my_turn(other)
        running.append(in_thread(lambda: other.post(f"/api/games/{theirs['id']}/hint", json={"ply": theirs["ply"]})))
        gate.until(3)   # another client's hint is searched for at once
        gate.opened.set()
        for thread, out in running:
            thread.join()
            assert out[0].status_code == 200, out[0].text
        assert asks[2]().status_code == 200   # once the others are given
        assert c.app.state.core._hinting == {}
