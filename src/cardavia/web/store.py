"""Where the web server keeps its games: one SQLite file (standard library).

Each row is one game: its id, the session it belongs to, the game's name and
the seat played by the person, the opponents' strength, the seed, and the
state as ``State.to_json()`` (``readonly``: a replay file opened in the
page, never played on); a restarted server rebuilds the state with
``cardavia.from_json`` (which replays and checks every move).  The secret
that signs session cookies lives beside the database, so sessions survive a
restart too.

Saves are written behind: ``save`` keeps the newest state of a game in memory
(``get`` reads it from there at once) and ``flush`` writes every pending save
in one transaction; the server flushes every ``FLUSH_SECONDS`` off its event
loop and on shutdown, so a crash loses at most that much play.
"""
from __future__ import annotations

import logging
import math
import os
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    level TEXT NOT NULL,
    pace REAL NOT NULL,
    seed INTEGER NOT NULL,
    state TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    undo INTEGER NOT NULL DEFAULT 1,
    explain TEXT NOT NULL DEFAULT '{}',
    readonly INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_session ON games(session);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
"""
COLUMNS = "id, session, game, seat, level, pace, seed, state, over, created, updated, undo, explain, readonly"
ADDED_COLUMNS = {"undo": "INTEGER NOT NULL DEFAULT 1", "explain": "TEXT NOT NULL DEFAULT '{}'",
                 "readonly": "INTEGER NOT NULL DEFAULT 0"}
"""Columns newer than the first schema, added to an older database on opening."""
MAX_SEED = (1 << 63) - 1
"""The largest seed a row keeps (SQLite's INTEGER; a larger one would come back changed)."""
FLUSH_SECONDS = 0.05
LIVE = "over=0 AND readonly=0"
"""The rows of games in play (a game that ended in the last flush interval may still count)."""
REPLAYS = "readonly=1"
"""The rows of opened replay files."""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/cardavia/web.sqlite3`` (``~/.local/share`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "cardavia" / "web.sqlite3"


def load_secret(db_path: Path | str) -> bytes:
    """The cookie-signing secret kept beside the database (made once, mode 0600)."""
    path = Path(str(db_path) + ".secret")
    try:
        data = path.read_bytes().strip()
        if len(data) >= 32:
            return data
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    data = secrets.token_hex(32).encode()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    return data


@dataclass
class GameRow:
    id: str
    session: str
    game: str
    seat: int
    level: str
    pace: float
    seed: int
    state: str
    over: bool
    created: float
    updated: float
    undo: bool = True
    """May the person take back a decision (chosen at the start)."""
    explain: str = "{}"
    """JSON of the AI's explanations: history index -> {"id", "params"}."""
    readonly: bool = False
    """An opened replay file: shown step by step, never played on."""


class Store:
    """A small thread-safe table of games (the server writes after every move)."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a commit survives the server dying (only
        # a power cut may lose the last moves) and costs no fsync per move.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        have = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
        for name, kind in ADDED_COLUMNS.items():
            if name not in have:
                self._db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
        self._pending: dict[str, tuple[str, bool, str, float]] = {}
        self._pending_lock = threading.Lock()   # never held while SQLite works: save() does not wait

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._db.close()

    def insert(self, row: GameRow) -> None:
        with self._lock:
            self._insert(row)

    def insert_within(self, row: GameRow, total: int, per_session: int) -> tuple[bool, list[str]]:
        """Insert ``row`` unless the server already holds ``total`` games of its
        kind (games in play, or opened replays); where its session holds
        ``per_session``, that session's longest idle ones of the kind are
        deleted to make room.  (Inserted, the ids deleted.)  Counted and
        inserted under one lock, so requests at once cannot pass a cap together."""
        kind = REPLAYS if row.readonly else LIVE
        with self._lock:
            self._flush()   # a game that has just ended counts no more
            held = self._db.execute(f"SELECT id FROM games WHERE session=? AND {kind} ORDER BY updated, created",
                                    (row.session,)).fetchall()
            dropped = [r[0] for r in held[:max(0, len(held) - per_session + 1)]]
            if self._db.execute(f"SELECT COUNT(*) FROM games WHERE {kind}").fetchone()[0] - len(dropped) >= total:
                return False, []
            self._delete(dropped)
            self._insert(row)
        return True, dropped

    def _insert(self, row: GameRow) -> None:
        if isinstance(row.seed, bool) or not isinstance(row.seed, int) or not 0 <= row.seed <= MAX_SEED:
            raise ValueError(f"a saved game's seed is an int in 0..{MAX_SEED}, not {str(row.seed)[:30]}")
        self._db.execute(f"INSERT INTO games ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                         (row.id, row.session, row.game, row.seat, row.level, row.pace,
                          str(row.seed), row.state, int(row.over), row.created, row.updated,
                          int(row.undo), row.explain, int(row.readonly)))

    def save(self, game_id: str, state_json: str, over: bool, explain: str = "{}") -> None:
        """Keep the game's newest state; it is written at the next ``flush``."""
        with self._pending_lock:
            self._pending[game_id] = (state_json, over, explain, time.time())

    @property
    def pending(self) -> int:
        return len(self._pending)

    def flush(self) -> None:
        """Write every pending save, in one transaction."""
        with self._lock:
            self._flush()

    def _flush(self) -> None:
        with self._pending_lock:
            if not self._pending:
                return
            rows = [(s, int(o), e, t, gid) for gid, (s, o, e, t) in self._pending.items()]
            self._pending.clear()
        self._db.execute("BEGIN")
        self._db.executemany("UPDATE games SET state=?, over=?, explain=?, updated=? WHERE id=?", rows)
        self._db.execute("COMMIT")

    def delete(self, game_id: str) -> None:
        with self._lock:
            self._delete([game_id])

    def _delete(self, ids: list[str]) -> None:
        with self._pending_lock:
            for gid in ids:
                self._pending.pop(gid, None)   # a save behind it would write to nothing
        self._db.executemany("DELETE FROM games WHERE id=?", [(gid,) for gid in ids])

    def touch(self, game_id: str) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET updated=? WHERE id=?", (time.time(), game_id))

    def get(self, game_id: str) -> GameRow | None:
        with self._lock:
            r = self._db.execute(f"SELECT {COLUMNS} FROM games WHERE id=?", (game_id,)).fetchone()
            with self._pending_lock:
                pending = self._pending.get(game_id)
        if r is None:
            return None
        try:
            row = _row(r)
        except ValueError as e:   # a damaged row: as gone for its player, and said in the log
            _log.warning("%s: %s", self.path, e)
            return None
        if pending is not None:
            row.state, row.over, row.explain, row.updated = pending
        return row

    def list_session(self, session: str) -> list[GameRow]:
        self.flush()
        with self._lock:
            rows = self._db.execute(f"SELECT {COLUMNS} FROM games WHERE session=? ORDER BY updated DESC LIMIT 50",
                                    (session,)).fetchall()
        out = []
        for r in rows:   # one damaged row hides itself, not the session's other games
            try:
                out.append(_row(r))
            except ValueError as e:
                _log.warning("%s: %s", self.path, e)
        return out

    def count_live(self) -> int:
        """Games in play: not over and not a replay (a game that ended in the
        last flush interval may still count)."""
        with self._lock:
            return self._db.execute(f"SELECT COUNT(*) FROM games WHERE {LIVE}").fetchone()[0]

    def count_replays(self) -> int:
        """Opened replay files kept (they go when idle, like every game)."""
        with self._lock:
            return self._db.execute(f"SELECT COUNT(*) FROM games WHERE {REPLAYS}").fetchone()[0]

    def expire(self, idle_seconds: float) -> list[str]:
        """Delete games idle for longer than ``idle_seconds``; their ids."""
        self.flush()
        cutoff = time.time() - idle_seconds
        with self._lock:
            ids = [r[0] for r in self._db.execute("SELECT id FROM games WHERE updated < ?", (cutoff,))]
            self._db.execute("DELETE FROM games WHERE updated < ?", (cutoff,))
        return ids


_log = logging.getLogger(__name__)


def _row(r) -> GameRow:
    """A row read back, every column of the type it was written with; a row
    edited or damaged outside the server is a ValueError naming the column."""
    gid = r[0] if isinstance(r[0], str) else repr(r[0])[:40]

    def bad(column: str, value, want: str) -> ValueError:
        return ValueError(f"saved game {gid:.40}: the column {column} holds {value!r:.40}, not {want}")

    for k, column in ((0, "id"), (1, "session"), (2, "game"), (4, "level"), (7, "state"), (12, "explain")):
        if not isinstance(r[k], str):
            raise bad(column, r[k], "text")
    for k, column, low, high in ((3, "seat", 0, 63), (6, "seed", 0, MAX_SEED), (8, "over", 0, 1),
                                 (11, "undo", 0, 1), (13, "readonly", 0, 1)):
        if not isinstance(r[k], int) or not low <= r[k] <= high:
            raise bad(column, r[k], f"an int in {low}..{high}")
    for k, column in ((5, "pace"), (9, "created"), (10, "updated")):
        if not isinstance(r[k], (int, float)) or not math.isfinite(r[k]):
            raise bad(column, r[k], "a number")
    return GameRow(r[0], r[1], r[2], r[3], r[4], float(r[5]), r[6], r[7], bool(r[8]),
                   float(r[9]), float(r[10]), bool(r[11]), r[12], bool(r[13]))
