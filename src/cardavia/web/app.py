"""The web table: a Starlette app that lets a person play one seat against AIs.

The browser talks JSON over HTTP and one WebSocket per game:

``GET  /api/catalog``                  the games, strengths and paces on offer
``GET  /api/games``                    this session's games
``POST /api/games``                    ``{"game", "level", "pace", "seat", "seed", "match", "undo"}`` → a new game
``GET  /api/games/{id}``               the person's view: observation, legal moves, ply
``POST /api/games/{id}/move``          ``{"move": text, "ply": n}`` — the move answers ply ``n``
``POST /api/games/{id}/undo``          ``{"ply": n}`` — take back the last own decision
``POST /api/games/{id}/hint``          ``{"ply": n}`` — what the table's AI would play here, and why
``GET  /api/games/{id}/replay``        a finished game's ``State.to_json()``
``GET  /api/games/{id}/replay/{step}`` the person's view after ``step`` moves of a finished game (in a
                                       Bridge deal's play, where the seat sees the hand to play,
                                       ``dd_cards``: each card's tricks, double dummy)
``WS   /api/games/{id}/ws``            pushes the view after every move, AI moves as they are made
``POST /api/replays``                  ``{"state": State JSON (text or object), "seat": n}``: opens a
                                       replay file (``cardavia simulate --replays DIR``) as a game
                                       of the session that is read only: shown through the replay
                                       routes from seat ``n``'s view, never played on (409)
``POST /api/test/games``               ``{"state": State JSON, "seat", "level", "pace", "seed"}``: a
                                       game from a fixture position; mounted only in an app built
                                       with ``testing=True``, never by ``cardavia serve``

A Bridge claim is the move ``claim N`` (N of the remaining tricks for the
mover's side): the engine accepts it only when double-dummy play gets them
(``BridgeState.claim``); the view offers it as ``"claim": {"remaining": R}``.
Undo is a per-game choice (``"undo": false`` at the start) that the server
can switch off for every game (``undo=False``, ``cardavia serve --no-undo``).
When the agent of an AI move explains it (``Agent.explain``), the view's
``explanations`` maps the move's history index to ``{"id", "params",
"text"}`` (the English of ``cardavia.ai.explanations``): what a Bridge call
shows by the system at once, the reasons an AI draws from its own cards
(an equity, a chance as landlord, a search's mean) once their deal is over,
as they would tell the person what his seat may not know; the person's own move
is there too, with ``"reading": true``, where the table's AI reads it
(``Agent.reads``: a Bridge call as the bidding system reads it).  Once a
Bridge deal is over, the view's ``review`` looks back on it
(``BridgeState.review``: the double-dummy table, par, the result against par).

Everything a page shows is read from ``state.observation(seat)`` and the legal
moves' text (and, once the deal is over, its review): the server never hands
out a hidden card while it can still be played.  Each game id is
unguessable and bound to the browser's session (a cookie signed with a secret
kept beside the database); another session gets 404 for it, exactly as for an
id that does not exist.  AI decisions run in a thread pool, off the event loop,
seeded from the game's seed, the seat and the ply, so a restarted server makes
the same decisions; rebuilding states (a game reloaded, a replay opened or
stepped, an undo, a claim's solve) runs in a pool of its own, so that a page
never waits behind the AIs' thinking.  A view is JSON-encoded once for the HTTP answer and every
socket; saves are written behind, in batches (``cardavia.web.store``).

What one client (one session cookie) may hold is bounded, so it cannot crowd
out the others: ``max_games_per_client`` games in progress (and as many opened
replays; a new one drops the session's longest idle one, as a person starting
game after game without finishing them expects), under the server's
``max_games`` (which also bounds clients that drop their cookie and get a new
session each time); one hint search per position
however often it is asked for, and ``MAX_HINTS_PER_CLIENT`` searches of a
session's positions at once.
"""
from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, cast

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import cardavia
from cardavia import i18n
from cardavia.ai.explanations import explanation_template, is_public, readings, render_explanation, told
from cardavia.ai.levels import DEFAULT_LEVEL, LEVEL_TITLES, LEVELS, level_agent, level_options
from cardavia.bridge import BridgeState, solve_state
from cardavia.game import CHANCE, State
from cardavia.i18n import N_, fill
from cardavia.web import site
from cardavia.web.store import FLUSH_SECONDS, MAX_SEED, GameRow, Store, default_db_path, load_secret

_log = logging.getLogger(__name__)

COOKIE = "cardavia_session"
LANG_COOKIE = "lang"
LANG_COOKIE_AGE = 365 * 24 * 3600
MAX_BODY = 4096
"""Bytes of a request body: a move's text is a few dozen."""
MAX_MOVE_TEXT = 200
MAX_REPLAY_BODY = 1 << 20
"""Bytes of an opened replay's request: a whole long match is well under it
(a Shengji match of 3,600 moves is 26 kB; ``cardavia.game.MAX_STATE_JSON``
is the library's own, looser bound)."""
REPLAY_LEVEL = "replay"
"""The level a replay opened from a file is listed with (no AI plays in it)."""
MAX_LEGAL_SHOWN = 20000
"""Legal moves sent to the page at most (Guandan's and Shengji's lists run to a
couple of thousand; beyond this the page is told how many there are)."""
GAME_ID = re.compile(r"[A-Za-z0-9_-]{22}")
PACES = (0.0, 0.4, 1.0)
MAX_HINTS_PER_CLIENT = 2
"""Hint searches of one session running at once (each a Monte Carlo search on the AIs' pool)."""

# Opponents' strength: cardavia.ai.levels (shared with cardavia play).
DEAL_KEYS = ("deal",)


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class HTTPError(Exception):
    """A refused request: its status and a one-line reason; nothing was changed.
    ``message`` is the English template (the msgid), filled from ``params``;
    ``cause``, an engine error, is translated by its own message id or rule."""

    def __init__(self, status: int, message: str, cause: Exception | None = None, **params: Any):
        self.status = status
        self.template = message
        self.params = params
        self.cause = cause
        self.message = fill(message, params)
        super().__init__(self.message)

    def text(self, lang: str) -> str:
        """The reason in ``lang``."""
        if lang == i18n.DEFAULT:
            return self.message
        params = dict(self.params)
        if self.cause is not None:
            params["reason"] = error_text(self.cause, lang)
        return i18n.translate(lang, self.template, params)


def error_text(e: Exception, lang: str) -> str:
    """An engine error as a player reads it in ``lang``: its message id's
    translation where the raise site gives one, else a translated sentence
    naming the rule it breaks (and the rule's translated name), else a
    generic sentence; never the engine's English in a translated page."""
    if lang == i18n.DEFAULT:
        return str(e)
    msgid = getattr(e, "msgid", None)
    rule = getattr(e, "rule", None)
    if msgid:
        # Parameters that are words of the catalog (seat names, move words) translate too.
        params = {k: i18n.translate(lang, v) if isinstance(v, str) and "{" not in v else v
                  for k, v in (getattr(e, "params", None) or {}).items()}
        text = i18n.translate(lang, msgid, params)
        return f"{text} ({rule})" if rule else text
    if rule:
        title = site.rule_title(rule, lang)
        if title:
            return i18n.translate(lang, N_("This is not allowed by rule {rule} ({title})."),
                                  {"rule": rule, "title": title})
        return i18n.translate(lang, N_("This is not allowed by rule {rule}."), {"rule": rule})
    if isinstance(e, cardavia.InvalidMoveError):
        return i18n.translate(lang, N_("This is not a move of this game."))
    return i18n.translate(lang, N_("This was refused as invalid."))


def _derive_seed(*parts: Any) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


def _make_agent(name: str, game: Any, seed: int, **options: Any) -> Any:
    """``make_agent`` with a level's options (``level_options``)."""
    from cardavia.ai import make_agent
    return make_agent(name, game, seed=seed, **options)


@dataclass
class Table:
    """One game in memory: its row's fixed fields, the live state, and the
    sockets of the pages showing it."""

    id: str
    session: str
    name: str
    seat: int
    level: str
    pace: float
    seed: int
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: set = field(default_factory=set)
    ai_task: asyncio.Task | None = None
    agent: str = "random"
    notes: list = field(default_factory=list)
    touched: float = 0.0
    undo: bool = True
    explanations: dict = field(default_factory=dict)
    """History index of an AI move -> its explanation ``{"id", "params", "text"}``."""
    base: dict = field(default_factory=dict)
    """``state.to_dict()`` but its moves: the deal's digest is worked out once."""
    version: int = field(default_factory=time.time_ns)
    """Changes on every move or undo (wall-clock ns), so a page keeps the newest view."""
    readonly: bool = False
    """A replay opened from a file: shown step by step, never played on."""
    hint: tuple[int, asyncio.Future] | None = None
    """The hint search of the position at ``version`` (its ``version``, its future): a second request,
    a double click or another tab, gets the same answer without a second search."""
    review: dict | None = None
    """A finished Bridge deal looked back on (``BridgeState.review``: double-dummy table, par, the
    result against it), worked out once, off the loop, when the deal ends; it shows every hand."""

    def changed(self) -> None:
        self.version = max(self.version + 1, time.time_ns())

    @property
    def ply(self) -> int:
        return len(self.state.history)

    @property
    def ai_to_move(self) -> bool:
        s = self.state
        return not self.readonly and not s.is_over and s.current_player is not None and s.current_player != self.seat


class Outbox:
    """The messages on their way to one page, in order: the game's moves never
    wait for a slow page, and a page that falls too far behind is closed (it
    reconnects and gets a fresh view)."""

    LIMIT = 256

    def __init__(self, ws: WebSocket):
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.task = asyncio.get_running_loop().create_task(self._drain())

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.LIMIT:
            self.close()
        else:
            self.queue.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def _drain(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                await self.ws.send_text(text)
            await self.ws.close(code=1013, reason="too far behind: reconnect")
        except (RuntimeError, OSError, WebSocketDisconnect):  # a page that went away
            pass


class CardaviaApp:
    """The server's state: the store, the live tables, the AI pool and the states' pool."""

    def __init__(self, db: str | Path | None = None, *, idle_hours: float = 24.0, max_games: int = 200,
                 max_games_per_client: int = 20, workers: int | None = None,
                 allowed_origins: tuple[str, ...] = (), testing: bool = False, undo: bool = True):
        self.db_path = Path(db) if db is not None else default_db_path()
        self.store = Store(self.db_path)
        self.secret = load_secret(self.db_path)
        self.idle_seconds = float(idle_hours) * 3600
        self.max_games = int(max_games)
        self.max_games_per_client = int(max_games_per_client)
        self.max_hints_per_client = MAX_HINTS_PER_CLIENT
        self._hinting: dict[str, int] = {}
        """Session -> its hint searches running."""
        self.workers = workers or os.cpu_count() or 1
        self.pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="cardavia-ai")
        self.states = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="cardavia-states")
        """Rebuilding and replaying states: quick work a page waits for, kept apart from the AIs' thinking."""
        self.allowed_origins = set(allowed_origins)
        self.testing = testing
        self.undo_allowed = bool(undo)
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._agent_choice: dict[tuple, str] = {}
        self._expiry_task: asyncio.Task | None = None
        self._flush_task: asyncio.Task | None = None

    # -- sessions ----------------------------------------------------------
    def _sign(self, sid: str) -> str:
        mac = hmac.new(self.secret, sid.encode(), hashlib.sha256).digest()
        return sid + "." + base64.urlsafe_b64encode(mac[:24]).decode().rstrip("=")

    def session_of(self, cookies: dict) -> str | None:
        value = cookies.get(COOKIE)
        # (hmac.compare_digest raises on non-ASCII text: such a cookie is no session)
        if not value or len(value) > 100 or not value.isascii() or "." not in value:
            return None
        sid = value.split(".", 1)[0]
        if hmac.compare_digest(self._sign(sid), value):
            return sid
        return None

    def new_session(self) -> str:
        return secrets.token_urlsafe(18)

    def set_cookie(self, response: Response, sid: str) -> None:
        response.set_cookie(COOKIE, self._sign(sid), max_age=400 * 24 * 3600, httponly=True, samesite="strict",
                            path="/")

    # -- agents --------------------------------------------------------------
    def agent_for(self, level: str, game: Any) -> str:
        """The first agent of ``level``'s list that exists and plays ``game``."""
        key = (level, game.name, bool(game.options.get("match", False)))
        if key not in self._agent_choice:
            self._agent_choice[key] = level_agent(level, game)[0]
        return self._agent_choice[key]

    def catalog(self, lang: str = i18n.DEFAULT) -> dict:
        """The games and options of the home page, its texts in ``lang``."""
        games = []
        for name in cardavia.available_games():
            g = cardavia.load(name)
            cls = type(g)
            games.append({"name": name, "title": i18n.translate(lang, g.title), "players": g.num_players,
                          "plays_matches": bool(cls.plays_matches), **site.game_card(name, lang),
                          "levels": {lv: self.agent_for(lv, g) for lv in LEVELS}})
        levels = [{"name": k, "title": i18n.translate(lang, v)} for k, v in LEVEL_TITLES.items()]
        return {"games": games, "levels": levels, "default_level": DEFAULT_LEVEL,
                "paces": list(PACES), "undo": self.undo_allowed, "replay_bytes": MAX_REPLAY_BODY}

    # -- tables ----------------------------------------------------------------
    async def table(self, game_id: Any, sid: str | None) -> Table:
        """The session's table ``game_id`` (404 for a bad id, a missing game or
        another session's: the three cannot be told apart)."""
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id) or sid is None:
            raise HTTPError(404, "no such game in this session")
        t = self.tables.get(game_id)
        if t is None:
            lock = self._loading.setdefault(game_id, asyncio.Lock())
            try:
                async with lock:
                    t = self.tables.get(game_id)
                    if t is None:
                        row = self.store.get(game_id)
                        if row is None or not hmac.compare_digest(row.session, sid):
                            raise HTTPError(404, "no such game in this session")
                        try:
                            t = await asyncio.get_running_loop().run_in_executor(self.states, self._restore, row)
                        except ValueError as e:   # a row edited or written by another version: said, not a 500
                            _log.warning("saved game %s cannot be rebuilt: %s", game_id, e)
                            raise HTTPError(409, "this saved game cannot be rebuilt: {reason}",
                                            reason=str(e)[:200]) from None
                        self.tables[game_id] = t
            finally:  # an id that names no game leaves no lock behind (ids are the client's to invent)
                self._loading.pop(game_id, None)
        if not hmac.compare_digest(t.session, sid):
            raise HTTPError(404, "no such game in this session")
        return t

    def owned(self, game_id: Any, sid: str | None) -> str:
        """``game_id`` if it names a game of this session, read from its table
        or its saved row without rebuilding it; else 404, as ``table``."""
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id) or sid is None:
            raise HTTPError(404, "no such game in this session")
        t = self.tables.get(game_id)
        row = None if t is not None else self.store.get(game_id)
        session = t.session if t is not None else row.session if row is not None else None
        if session is None or not hmac.compare_digest(session, sid):
            raise HTTPError(404, "no such game in this session")
        return game_id

    def _restore(self, row: GameRow) -> Table:
        state = cardavia.from_json(row.state)
        t = Table(row.id, row.session, row.game, row.seat, row.level, row.pace, row.seed, state,
                  undo=row.undo and self.undo_allowed and not row.readonly, base=self._base_of(state),
                  readonly=row.readonly)
        t.agent = "" if row.readonly else self.agent_for(row.level, state.game)
        t.review = _review_of(state)
        try:
            t.explanations = {int(k): v for k, v in json.loads(row.explain).items()}
        except (ValueError, AttributeError):
            t.explanations = {}
        return t

    @staticmethod
    def _base_of(state: State) -> dict:
        data = state.to_dict()
        data.pop("moves")
        return data

    @staticmethod
    def _options_of(body: dict) -> tuple[str, float, bool]:
        """The level, pace and undo switch of a new game's body."""
        level = body.get("level", DEFAULT_LEVEL)
        if not isinstance(level, str) or level not in LEVELS:   # (a list or object is no dict key)
            raise HTTPError(400, "unknown level {level}; one of {levels}", level=repr(str(level)[:20]),
                            levels=", ".join(LEVELS))
        pace = body.get("pace", 0.4)
        if isinstance(pace, bool) or not isinstance(pace, (int, float)) or pace not in PACES:  # (float() overflows)
            raise HTTPError(400, "pace must be one of {paces} seconds", paces=", ".join(str(p) for p in PACES))
        undo = body.get("undo", True)
        if not isinstance(undo, bool):
            raise HTTPError(400, "undo must be true or false")
        return level, float(pace), undo

    @staticmethod
    def _seat_seed(body: dict, game: Any) -> tuple[int, int]:
        seat = body.get("seat", 0)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
            raise HTTPError(400, "seat must be an int in 0..{last}", last=game.num_players - 1)
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(62)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise HTTPError(400, "seed must be an int in 0..{last}", last=MAX_SEED)
        return seat, seed

    async def _open(self, sid: str, state: State, seat: int, level: str, pace: float, seed: int,
                    undo: bool, readonly: bool = False) -> Table:
        """Keep a new game: its row, its table, its AI started (SQLite works off the loop)."""
        loop = asyncio.get_running_loop()
        gid = secrets.token_urlsafe(16)
        now = time.time()
        undo = undo and self.undo_allowed and not readonly
        t = Table(gid, sid, state.game.name, seat, level, pace, seed, state, undo=undo, base=self._base_of(state),
                  readonly=readonly)
        row = GameRow(gid, sid, state.game.name, seat, level, pace, seed, self._json_of(t), state.is_over, now, now,
                      undo, readonly=readonly)
        kept, dropped = await loop.run_in_executor(None, self.store.insert_within, row, self.max_games,
                                                   self.max_games_per_client)
        if not kept and readonly:
            raise HTTPError(503, "the server already holds {n} opened replays; try again later", n=self.max_games)
        if not kept:
            raise HTTPError(503, "the server already holds {n} games in progress; try again later", n=self.max_games)
        self._forget(dropped)
        t.agent = "" if readonly else self.agent_for(level, state.game)
        await self._reviewed(t)
        self.tables[gid] = t
        self.ensure_ai(t)
        return t

    async def create(self, sid: str, body: dict) -> Table:
        name = body.get("game")
        if not isinstance(name, str) or name not in cardavia.available_games():
            raise HTTPError(400, "unknown game {game}; available: {games}", game=repr(str(name)[:40]),
                            games=", ".join(cardavia.available_games()))
        level, pace, undo = self._options_of(body)
        options: dict[str, Any] = {}
        match = body.get("match")
        if match is not None:
            if not isinstance(match, bool):
                raise HTTPError(400, "match must be true or false")
            options["match"] = match
        try:
            game = cardavia.load(name, **options)
        except ValueError as e:
            raise HTTPError(400, "{reason}", e, reason=str(e)) from None
        seat, seed = self._seat_seed(body, game)
        return await self._open(sid, game.new_state(seed=seed), seat, level, pace, seed, undo)

    async def create_from_fixture(self, sid: str, body: dict) -> Table:
        """A game from a fixture position (the test-only route)."""
        data = body.get("state")
        if not isinstance(data, (dict, str)):
            raise HTTPError(400, "\"state\" must be a State JSON (an object or its text)")
        level, pace, undo = self._options_of(body)
        try:
            state = await asyncio.get_running_loop().run_in_executor(self.states, cardavia.from_json, data)
        except ValueError as e:
            raise HTTPError(400, "not a state: {reason}", e, reason=str(e)) from None
        seat, seed = self._seat_seed(body, state.game)
        return await self._open(sid, state, seat, level, pace, seed, undo)

    async def open_replay(self, sid: str, body: dict) -> Table:
        """A replay file's state as a read-only game of the session, seen from
        ``body["seat"]`` (0 by default)."""
        data = body.get("state")
        if not isinstance(data, (dict, str)):
            raise HTTPError(400, "\"state\" must be the replay file's JSON (its text or the object)")
        if isinstance(data, str) and not data.strip():
            raise HTTPError(400, "the replay is empty: choose a file or paste its JSON")
        try:
            state = await asyncio.get_running_loop().run_in_executor(self.states, cardavia.from_json, data)
        except (cardavia.IllegalMoveError, cardavia.InvalidMoveError) as e:
            raise HTTPError(422, "bad replay: {reason}", e, reason=str(e)) from None
        except ValueError as e:   # not JSON, not a Cardavia state, an unknown game or option, a changed deal
            raise HTTPError(400, "not a replay: {reason}", e, reason=str(e)) from None
        seat = body.get("seat", 0)
        n = state.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise HTTPError(400, "seat must be an int in 0..{last} ({game} has {n} players)", last=n - 1,
                            game=state.game.name, n=n)
        return await self._open(sid, state, seat, REPLAY_LEVEL, 0.0, 0, False, readonly=True)

    def view(self, t: Table) -> dict:
        """What the person's page draws: their observation and their legal moves."""
        s = t.state
        obs = s.observation(t.seat).data
        n = s.game.num_players
        out: dict[str, Any] = {
            "id": t.id, "game": t.name, "title": s.game.title, "players": n, "seat": t.seat,
            "level": t.level, "agent": t.agent, "pace": t.pace, "ply": t.ply, "version": t.version,
            "plays_matches": bool(type(s.game).plays_matches), "match": bool(s.game.options.get("match", False)),
            "over": s.is_over, "current_player": s.current_player,
            "thinking": s.current_player if t.ai_to_move else None,
            "observation": obs, "legal": [], "legal_count": 0, "notes": t.notes[-20:],
            "undo_enabled": t.undo, "read_only": t.readonly,
            "undo": t.undo and not s.is_over and not t.ai_to_move and self._undo_point(t) is not None,
            "explanations": {str(i): shown for i, e in sorted(t.explanations.items())
                             if (shown := _shown_to_the_person(e, s.is_over, obs.get("deal"))) is not None},
        }
        if not s.is_over and s.current_player == t.seat and not t.readonly:
            legal = s.legal_moves()
            count = len(legal)
            out["legal_count"] = count
            out["legal"] = [str(m) for m in legal] if count <= MAX_LEGAL_SHOWN else \
                [str(m) for i, m in zip(range(MAX_LEGAL_SHOWN), legal)]
            readings = _readings(t.agent, t.level, s.game, s.observation(t.seat), legal)
            if readings:  # what each call would tell the AIs (a Bridge call's meaning in the system)
                out["readings"] = readings
            if getattr(s, "phase", None) == "play" and hasattr(s, "claim"):
                out["claim"] = {"remaining": s.remaining_tricks}  # type: ignore[attr-defined]
        if s.is_over:
            out["outcome"] = s.outcome().to_dict()
            if t.review is not None:
                out["review"] = t.review
        return out

    async def _reviewed(self, t: Table) -> None:
        """Work out the review of a deal that has just ended (a double-dummy table: off the loop)."""
        if t.review is None and t.state.is_over:
            t.review = await asyncio.get_running_loop().run_in_executor(self.states, _review_of, t.state)

    async def broadcast(self, t: Table, message: dict | str) -> None:
        """Queue ``message`` (a dict, or its JSON text) for every page of ``t``, encoded once."""
        text = message if isinstance(message, str) else _dumps(message)
        for box in list(t.sockets):
            box.send(text)

    async def push_view(self, t: Table, view: dict, **extra: Any) -> str:
        """Broadcast ``view`` (with ``extra`` keys); its JSON text, for an HTTP answer."""
        text = _dumps(view)
        head = "".join(f',"{k}":{_dumps(v)}' for k, v in extra.items())
        await self.broadcast(t, '{"type":"view","view":' + text + head + "}")
        return text

    def save(self, t: Table) -> None:
        t.changed()
        self.store.save(t.id, self._json_of(t), t.state.is_over, json.dumps(t.explanations))

    @staticmethod
    def _json_of(t: Table) -> str:
        """``t.state.to_json()``, from the digest worked out when the table was made."""
        data = dict(t.base)
        data["moves"] = [str(m) for p, m in t.state.history if p != CHANCE]
        return json.dumps(data)

    # -- moves ---------------------------------------------------------------
    @staticmethod
    def _ply_of(body: dict) -> int:
        ply = body.get("ply")
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise HTTPError(400, "every move carries \"ply\": the ply (an int) of the position it answers")
        return ply

    async def move(self, t: Table, body: dict) -> str:
        """Play the person's move; the new view's JSON text."""
        self._refuse_read_only(t)
        text = body.get("move")
        if not isinstance(text, str) or not text.strip():
            raise HTTPError(400, "\"move\" must be the move's text")
        if len(text) > MAX_MOVE_TEXT:
            raise HTTPError(400, "a move's text is at most {n} characters", n=MAX_MOVE_TEXT)
        ply = self._ply_of(body)
        async with t.lock:
            if ply != t.ply:
                raise HTTPError(409, "stale move: it answers ply {ply}, the game is at ply {now}", ply=ply, now=t.ply)
            if t.state.is_over:
                raise HTTPError(409, "the game is over")
            if t.state.current_player != t.seat:
                raise HTTPError(409, "it is not your turn")
            observation = t.state.observation(t.seat)
            try:
                if text.strip().startswith("claim"):   # a double-dummy solve: off the loop
                    t.state = await asyncio.get_running_loop().run_in_executor(self.states, _played, t.state, text)
                else:
                    t.state.play(text)
            except ValueError as e:
                raise HTTPError(422, "{reason}", e, reason=str(e)) from None
            move = t.state.history[ply].move
            reading = _readings(t.agent, t.level, t.state.game, observation, [move]).get(str(move))
            if reading is not None:
                t.explanations[ply] = reading
            self.save(t)
            await self._reviewed(t)
            view = self.view(t)
        answer = await self.push_view(t, view)
        self.ensure_ai(t)
        return answer

    @staticmethod
    def _refuse_read_only(t: Table) -> None:
        if t.readonly:
            raise HTTPError(409, "this game is a replay opened from a file: it is shown, never played on")

    def _undo_point(self, t: Table) -> int | None:
        """How many of the saved moves stay after an undo (None: nothing to undo)."""
        entries = [e for e in t.state.history if e.player != CHANCE]
        for i in range(len(entries) - 1, -1, -1):
            if entries[i].player == t.seat:
                return i
        return None

    async def undo(self, t: Table, body: dict) -> str:
        ply = self._ply_of(body)
        self._refuse_read_only(t)
        if not t.undo:
            raise HTTPError(409, "undo is switched off for this game")
        async with t.lock:
            if ply != t.ply:
                raise HTTPError(409, "stale undo: it answers ply {ply}, the game is at ply {now}", ply=ply, now=t.ply)
            if t.state.is_over:
                raise HTTPError(409, "the game is over: it stays as it ended, for replay")
            if t.ai_to_move:
                raise HTTPError(409, "an AI is thinking: undo when it is your turn")
            keep = self._undo_point(t)
            if keep is None:
                raise HTTPError(409, "you have made no decision to take back")
            data = t.state.to_dict()
            data["moves"] = data["moves"][:keep]
            loop = asyncio.get_running_loop()
            state = await loop.run_in_executor(self.states, cardavia.from_json, data)
            before = t.state.observation(t.seat).data
            after = state.observation(t.seat).data
            for key in DEAL_KEYS:
                if key in before and before.get(key) != after.get(key):
                    raise HTTPError(409, "undo stays within the current deal of a match")
            t.state = state
            t.explanations = {i: e for i, e in t.explanations.items() if i < len(state.history)}
            self.save(t)
            view = self.view(t)
        answer = await self.push_view(t, view)
        self.ensure_ai(t)
        return answer

    async def hint(self, t: Table, body: dict) -> dict:
        ply = self._ply_of(body)
        self._refuse_read_only(t)
        if ply != t.ply:
            raise HTTPError(409, "stale hint request: the game is at ply {now}", now=t.ply)
        if t.state.is_over or t.state.current_player != t.seat:
            raise HTTPError(409, "a hint is given on your turn only")
        if t.hint is None or t.hint[0] != t.version or _failed(t.hint[1]):
            if self._hinting.get(t.session, 0) >= self.max_hints_per_client:
                raise HTTPError(429, "hints for other games of yours are still being worked out; ask again once "
                                "they are given")
            # the table's own AI (its level's agent and budget) plays the person's seat, and says why where it can
            seed = _derive_seed(t.seed, "hint", t.seat, ply)
            search = asyncio.get_running_loop().run_in_executor(
                self.pool, self._decide_explained, t.agent, t.state.clone(), seed, t.level, True, True)
            self._hinting[t.session] = self._hinting.get(t.session, 0) + 1
            search.add_done_callback(lambda _: self._hinted(t.session))
            t.hint = (t.version, search)
        # shielded: a request that goes away leaves the search to the others waiting for it
        move, explanation = await asyncio.shield(t.hint[1])
        mine = None if explanation is None else _shown_to_the_person(explanation, over=True)   # my seat's own reasons
        return {"move": move, "ply": ply, "agent": t.agent, "explanation": mine}

    def _hinted(self, session: str) -> None:
        """A hint search of ``session`` has ended."""
        left = self._hinting.pop(session) - 1
        if left:
            self._hinting[session] = left

    @staticmethod
    def _decide(agent_name: str, state: State, seed: int, level: str = "easy") -> str:
        return CardaviaApp._decide_explained(agent_name, state, seed, level, explain=False)[0]

    @staticmethod
    def _decide_explained(agent_name: str, state: State, seed: int, level: str = "easy",
                          explain: bool = True, advising: bool = False) -> tuple[str, dict | None]:
        """The agent's move for the player to move, and its explanation (or
        None); ``advising``: the move is a hint (``Agent.advising``)."""
        agent = _make_agent(agent_name, state.game, seed, **level_options(level, agent_name, state.game))
        agent.advising = advising
        move = agent.act(state)
        if not explain:
            return str(move), None
        observation = state.observation(cast(int, state.current_player))
        now, later = told(agent, observation, move)
        if later is None:
            return str(move), None if now is None else _shown(now[0], now[1])
        # the reasons wait for the end of their deal; meanwhile the move as the AIs read it
        explanation = _shown(*later)
        meanwhile = None if now is None else _shown(now[0], now[1])
        if explanation is not None:
            explanation["deal"] = observation.get("deal")
            if meanwhile is not None:
                explanation["meanwhile"] = {**meanwhile, "reading": True}
        return str(move), explanation

    def ensure_ai(self, t: Table) -> None:
        if t.ai_to_move and (t.ai_task is None or t.ai_task.done()):
            t.ai_task = asyncio.get_running_loop().create_task(self._ai_loop(t))

    async def _ai_loop(self, t: Table) -> None:
        loop = asyncio.get_running_loop()
        while t.ai_to_move:
            started = loop.time()
            ply = t.ply
            player = t.state.current_player
            await self.broadcast(t, {"type": "thinking", "player": player, "ply": ply})
            state = t.state.clone()
            seed = _derive_seed(t.seed, player, ply)
            explanation = None
            try:
                text, explanation = await loop.run_in_executor(self.pool, self._decide_explained, t.agent, state,
                                                               seed, t.level)
            except Exception as e:  # an agent that fails falls back to a random legal move
                t.notes.append({"template": N_("the {agent} AI failed ({error}); seat {seat} played at random"),
                                "params_text": {"agent": t.agent, "error": type(e).__name__, "seat": player}})
                text = await loop.run_in_executor(self.pool, self._decide, "random", state, seed)
            wait = t.pace - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with t.lock:
                if t.ply != ply or not t.ai_to_move:
                    continue
                t.state.play(text)
                if explanation is not None:
                    t.explanations[ply] = explanation
                self.save(t)
                await self._reviewed(t)
                view = self.view(t)
            ai_move: dict[str, Any] = {"player": player, "move": text,
                                       "ms": round((loop.time() - started) * 1000, 2)}
            shown = None if explanation is None else _shown_to_the_person(explanation, view["over"],
                                                                          view["observation"].get("deal"))
            if shown is not None:
                ai_move["explanation"] = shown
            await self.push_view(t, view, ai_move=ai_move)

    # -- upkeep ---------------------------------------------------------------
    def expire(self) -> list[str]:
        gone = self.store.expire(self.idle_seconds)
        self._forget(gone)
        return gone

    def _forget(self, gone: list[str]) -> None:
        """Drop the tables of games deleted from the store, their AI stopped."""
        for gid in gone:
            t = self.tables.pop(gid, None)
            if t and t.ai_task:
                t.ai_task.cancel()

    async def _flush_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            if self.store.pending:
                await loop.run_in_executor(None, self.store.flush)

    def warm_up(self) -> None:
        """Load every game and pick the agents before the first request."""
        self.catalog()

    async def _expiry_loop(self) -> None:
        while True:
            self.expire()
            await asyncio.sleep(min(3600.0, max(1.0, self.idle_seconds / 24)))

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.pool, self.warm_up)
        self._expiry_task = loop.create_task(self._expiry_loop())
        self._flush_task = loop.create_task(self._flush_loop())
        try:
            yield
        finally:
            self._expiry_task.cancel()
            self._flush_task.cancel()
            for t in self.tables.values():
                if t.ai_task:
                    t.ai_task.cancel()
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.states.shutdown(wait=False, cancel_futures=True)
            self.store.close()


# -- HTTP ---------------------------------------------------------------------------
def request_language(request: Request) -> str:
    """The page's language: ?lang=, else the ``lang`` cookie, else Accept-Language."""
    return i18n.choose(request.query_params.get("lang"), request.cookies.get(LANG_COOKIE),
                       request.headers.get("accept-language"))


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status)


async def _body(request: Request, limit: int = MAX_BODY) -> dict:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise HTTPError(413, "request body over {n} bytes", n=limit)
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPError(413, "request body over {n} bytes", n=limit)
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw:
        return {}
    if "json" not in request.headers.get("content-type", ""):
        raise HTTPError(415, "send the body as application/json")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise HTTPError(400, "the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "the body must be a JSON object")
    return data


def _static_dir() -> Path:
    return Path(str(resources.files("cardavia.web") / "static"))


def create_app(db: str | Path | None = None, *, idle_hours: float = 24.0, max_games: int = 200,
               max_games_per_client: int = 20, workers: int | None = None,
               allowed_origins: tuple[str, ...] = (), testing: bool = False, undo: bool = True) -> Starlette:
    """The Starlette app; ``db`` is the SQLite file (its secret sits beside it).
    ``max_games`` bounds the games in progress (and, apart, the opened
    replays) of the server, ``max_games_per_client`` those of one session
    (its longest idle one goes to make room for a new one); ``undo=False``
    switches undo off in every game; ``testing=True`` mounts the fixture
    route (never in production)."""
    core = CardaviaApp(db, idle_hours=idle_hours, max_games=max_games, max_games_per_client=max_games_per_client,
                       workers=workers, allowed_origins=allowed_origins, testing=testing, undo=undo)

    def endpoint(handler, *, needs_session: bool = True, same_origin: bool = False):
        async def wrapped(request: Request) -> Response:
            started = time.perf_counter()
            sid = core.session_of(request.cookies)
            fresh = None
            if sid is None and not needs_session:
                sid = fresh = core.new_session()
            lang = request_language(request)
            request.state.lang = lang
            try:
                if same_origin and not _origin_ok(core, request.headers, request.url):
                    raise HTTPError(403, "cross-origin request refused")
                result = await handler(request, sid)
            except HTTPError as e:
                result = _error(e.status, e.text(lang))
            if isinstance(result, str):   # a view already encoded
                result = Response(result, media_type="application/json")
            elif not isinstance(result, Response):
                result = JSONResponse(result)
            if fresh is not None:
                core.set_cookie(result, fresh)
            if i18n.check_lang(request.query_params.get("lang")):   # ?lang= is a choice: it persists
                result.set_cookie(LANG_COOKIE, lang, max_age=LANG_COOKIE_AGE, samesite="lax")
            # The time spent in the app (the load bench reads it beside what the client saw).
            result.headers["server-timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
            return result
        return wrapped

    index_source = (_static_dir() / "index.html").read_text(encoding="utf-8")

    async def index(request: Request, sid: str) -> Response:
        lang = request.state.lang
        return HTMLResponse(site.index_page(index_source, lang),
                            headers={"Cache-Control": "no-cache", "Content-Language": lang,
                                     "Vary": "Cookie, Accept-Language"})

    async def catalog(request: Request, sid: str) -> dict:
        return core.catalog(request.state.lang)

    async def rules_page(request: Request, sid: str) -> Response:
        try:
            lang = request.state.lang
            page = site.rules_page(site.check_game(request.path_params["game"], lang), lang)
        except ValueError as e:
            return HTMLResponse(site.not_found_page(str(e), lang), status_code=404)
        return HTMLResponse(page, headers={"Cache-Control": "no-cache", "Content-Language": lang,
                                           "Vary": "Cookie, Accept-Language"})

    async def rules_api(request: Request, sid: str) -> dict:
        lang = request.state.lang
        try:
            game = site.check_game(request.path_params["game"], lang)
        except ValueError as e:
            raise HTTPError(404, "{reason}", reason=str(e)) from None
        return {"game": game, "title": site.text("rules.title", lang, game=site.game_title(game, lang)),
                "html": site.rules_fragment(game, lang), "lang": lang}

    async def list_games(request: Request, sid: str) -> dict:
        rows = core.store.list_session(sid) if sid else []
        return {"games": [{"id": r.id, "game": r.game, "level": r.level, "over": r.over,
                           "updated": r.updated, "read_only": r.readonly} for r in rows]}

    async def create(request: Request, sid: str) -> Response:
        body = await _body(request)
        t = await core.create(sid, body)
        return JSONResponse(core.view(t), status_code=201)

    async def show(request: Request, sid: str) -> dict:
        t = await core.table(request.path_params["id"], sid)
        if time.time() - t.touched > 60:  # idle time counts in minutes: one write a minute at most
            t.touched = time.time()
            core.store.touch(t.id)
        core.ensure_ai(t)
        return core.view(t)

    async def drop(request: Request, sid: str) -> dict:
        gid = core.owned(request.path_params["id"], sid)   # (not rebuilt: a game that cannot be may go too)
        await asyncio.get_running_loop().run_in_executor(None, core.store.delete, gid)
        core._forget([gid])
        return {"dropped": gid}

    async def move(request: Request, sid: str) -> str:
        body = await _body(request)
        t = await core.table(request.path_params["id"], sid)
        return await core.move(t, body)

    async def create_from_fixture(request: Request, sid: str) -> Response:
        body = await _body(request)
        t = await core.create_from_fixture(sid, body)
        return JSONResponse(core.view(t), status_code=201)

    async def open_replay(request: Request, sid: str) -> Response:
        body = await _body(request, MAX_REPLAY_BODY)
        t = await core.open_replay(sid, body)
        return JSONResponse(core.view(t), status_code=201)

    async def take_back(request: Request, sid: str) -> str:
        body = await _body(request)
        t = await core.table(request.path_params["id"], sid)
        return await core.undo(t, body)

    async def hint(request: Request, sid: str) -> dict:
        body = await _body(request)
        t = await core.table(request.path_params["id"], sid)
        return await core.hint(t, body)

    async def replay(request: Request, sid: str) -> Response:
        t = await core.table(request.path_params["id"], sid)
        if not t.state.is_over and not t.readonly:
            raise HTTPError(409, "a game is shown for replay once it is over")
        return Response(t.state.to_json(), media_type="application/json")

    async def replay_step(request: Request, sid: str) -> dict:
        t = await core.table(request.path_params["id"], sid)
        if not t.state.is_over and not t.readonly:
            raise HTTPError(409, "a game is shown for replay once it is over")
        raw = request.path_params["step"]
        data = t.state.to_dict()
        steps = len(data["moves"])
        # ASCII digits only ("²" is a digit int() refuses), and few of them (int() refuses 4,300)
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 9 or int(raw) > steps:
            raise HTTPError(400, "step must be in 0..{last}", last=steps)
        step = int(raw)
        data["moves"] = data["moves"][:step]
        state = await asyncio.get_running_loop().run_in_executor(core.states, cardavia.from_json, data)
        view = core.view(Table(t.id, t.session, t.name, t.seat, t.level, t.pace, t.seed, state, readonly=t.readonly,
                               review=t.review if step == steps else None))
        if t.state.is_over:  # a finished Bridge deal: each card the seat sees to play, solved double dummy
            solved = await asyncio.get_running_loop().run_in_executor(core.states, _dd_cards, state, t.seat)
            if solved is not None:
                view["dd_cards"] = solved
        # "finished": whether the game is over at its last step (an opened replay may stop before).
        view.update({"replay": {"step": step, "steps": steps, "finished": t.state.is_over}, "legal": [],
                     "legal_count": 0, "undo": False, "thinking": None})
        return view

    async def socket(ws: WebSocket) -> None:
        sid = core.session_of(ws.cookies)
        if not _origin_ok(core, ws.headers, ws.url, websocket=True):
            await ws.close(code=1008, reason="origin refused")
            return
        try:
            t = await core.table(ws.path_params["id"], sid)
        except HTTPError:
            await ws.close(code=4404, reason="no such game in this session")
            return
        lang = i18n.choose(ws.query_params.get("lang"), ws.cookies.get(LANG_COOKIE), ws.headers.get("accept-language"))
        await ws.accept()
        box = Outbox(ws)
        t.sockets.add(box)

        def reply(message: dict) -> None:
            box.send(_dumps(message))

        def refuse(e: HTTPError) -> None:
            reply({"type": "error", "status": e.status, "error": e.text(lang)})

        try:
            reply({"type": "view", "view": core.view(t)})
            core.ensure_ai(t)
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                message = frame.get("text")
                if message is None:   # a binary frame
                    refuse(HTTPError(400, "send a JSON object"))
                    continue
                if len(message) > MAX_BODY:
                    refuse(HTTPError(413, "message over {n} characters", n=MAX_BODY))
                    continue
                try:
                    data = json.loads(message)
                except (ValueError, RecursionError):
                    data = None
                if not isinstance(data, dict):
                    refuse(HTTPError(400, "send a JSON object"))
                    continue
                if data.get("type") == "ping":
                    reply({"type": "pong"})
                elif data.get("type") == "move":
                    try:
                        await core.move(t, data)
                    except HTTPError as e:
                        refuse(e)
                else:
                    refuse(HTTPError(400, "unknown message type: send \"move\" or \"ping\""))
        except WebSocketDisconnect:
            pass
        finally:
            t.sockets.discard(box)
            box.close()

    routes = [
        Route("/", endpoint(index, needs_session=False)),
        Route("/api/catalog", endpoint(catalog, needs_session=False)),
        Route("/rules/{game}", endpoint(rules_page, needs_session=False), methods=["GET"]),
        Route("/api/rules/{game}", endpoint(rules_api, needs_session=False), methods=["GET"]),
        Route("/api/games", endpoint(list_games, needs_session=False), methods=["GET"]),
        Route("/api/games", endpoint(create, needs_session=False, same_origin=True), methods=["POST"]),
        Route("/api/games/{id}", endpoint(show)),
        Route("/api/games/{id}", endpoint(drop, same_origin=True), methods=["DELETE"]),
        Route("/api/games/{id}/move", endpoint(move, same_origin=True), methods=["POST"]),
        Route("/api/games/{id}/undo", endpoint(take_back, same_origin=True), methods=["POST"]),
        Route("/api/games/{id}/hint", endpoint(hint, same_origin=True), methods=["POST"]),
        Route("/api/games/{id}/replay", endpoint(replay)),
        Route("/api/games/{id}/replay/{step}", endpoint(replay_step)),
        WebSocketRoute("/api/games/{id}/ws", socket),
        Route("/api/replays", endpoint(open_replay, needs_session=False, same_origin=True), methods=["POST"]),
        Mount("/static", StaticFiles(directory=_static_dir()), name="static"),
    ]
    if testing:   # fixture positions: test builds only, never cardavia serve
        routes.insert(-1, Route("/api/test/games", endpoint(create_from_fixture, needs_session=False,
                                                            same_origin=True), methods=["POST"]))
    app = Starlette(routes=routes, lifespan=core.lifespan,
                    exception_handlers={404: _routing_error, 405: _routing_error})
    app.state.core = core
    return app


async def _routing_error(request: Request, exc: Exception) -> Response:
    """An address or method no route takes: under ``/api/`` a JSON error like
    every other refusal (the page reads ``error``), elsewhere Starlette's text."""
    status = getattr(exc, "status_code", 404)
    headers = getattr(exc, "headers", None)
    if not (request.url.path + "/").startswith("/api/"):
        return PlainTextResponse(str(getattr(exc, "detail", "")), status_code=status, headers=headers)
    if status == 405:
        allowed = (headers or {}).get("Allow", "")
        error = HTTPError(405, "{method} is not allowed here; use {allowed}", method=request.method[:20],
                          allowed=allowed)
    else:
        error = HTTPError(404, "no such address in the API: {path}", path=request.url.path[:80])
    response = _error(error.status, error.text(request_language(request)))
    if headers:
        response.headers.update(headers)
    return response


def _review_of(state: State) -> dict | None:
    """A finished Bridge deal's review (``BridgeState.review``), else None."""
    return state.review() if isinstance(state, BridgeState) and state.is_over else None


def _dd_cards(state: State, seat: int) -> dict | None:
    """In the play of a finished Bridge deal's replay, where ``seat`` sees the
    hand to play (his own, or dummy's once shown): ``{"seat", "tricks"}``, each
    legal card with the tricks its side takes from the current trick on, double
    dummy (``bridge.solve_state``); else None."""
    if not isinstance(state, BridgeState) or state.phase != "play" or not state.sees_to_play(seat):
        return None
    return {"seat": state.seat_to_play, "tricks": solve_state(state)}


def _failed(search: asyncio.Future) -> bool:
    """Whether a hint search ended without a move (it is worked out again when asked)."""
    return search.done() and (search.cancelled() or search.exception() is not None)


def _played(state: State, text: str) -> State:
    """A copy of ``state`` with ``text`` played (the original is left as it was)."""
    state = state.clone()
    state.play(text)
    return state


MAX_EXPLANATION = 2000
"""Characters of an explanation's JSON at most (a longer one is dropped)."""


def _readings(agent_name: str, level: str, game: Any, observation: Any, moves: Iterable[Any]) -> dict[str, dict]:
    """Move text -> what that move of the person's would show as the table's AIs
    read it (``explanations.readings``), as an explanation marked ``"reading": True``."""
    try:
        agent = _make_agent(agent_name, game, 0, **level_options(level, agent_name, game))
    except Exception:  # (an agent that cannot be built reads nothing; the game goes on)
        return {}
    shown = ((move, _shown(*reading)) for move, reading in readings(agent, observation, moves).items())
    return {move: {**e, "reading": True} for move, e in shown if e is not None}


def _shown_now(explanation: dict) -> bool:
    """Whether the person may see an explanation while the game goes on: a
    reading of his own call, or what a call shows by the system; an AI's
    reasons drawn from its own cards wait for the end (``is_public``)."""
    return bool(explanation.get("reading")) or is_public(explanation["id"])


def _shown_to_the_person(explanation: dict, over: bool, deal: Any = None) -> dict | None:
    """An explanation as the person may see it now: whole once the game (or
    in a match, its deal: ``deal`` is the current one) is over or where it
    tells what every seat knows; else what the move shows as the AIs read it
    (``meanwhile``), or nothing."""
    done = over or explanation.get("deal", deal) != deal
    if done or _shown_now(explanation):
        return {k: v for k, v in explanation.items() if k not in ("meanwhile", "deal")}
    return explanation.get("meanwhile")


def _shown(ident: str, params: dict) -> dict | None:
    """An explanation as ``{"id", "params", "text"}`` with its template; None
    where its parameters are not JSON values or it is too long."""
    try:
        params = json.loads(json.dumps(params))
    except (TypeError, ValueError):
        return None
    if len(ident) + len(json.dumps(params)) > MAX_EXPLANATION:
        return None
    return {"id": ident, "params": params, "text": render_explanation(ident, params),
            **explanation_template(ident, params)}


def _origin_ok(core: CardaviaApp, headers, url, websocket: bool = False) -> bool:
    """Same-origin check: a browser's ``Origin`` must name this server's own
    host (or one of ``allowed_origins``).  A request without ``Origin`` (curl,
    tests) is allowed over HTTP but not on the WebSocket, which every browser
    sends it on."""
    origin = headers.get("origin")
    if origin is None:
        return not websocket
    if origin in core.allowed_origins:
        return True
    host = headers.get("host")
    if not host:
        return False
    return origin in (f"http://{host}", f"https://{host}")
