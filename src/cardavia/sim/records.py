"""Records of a run, streamed as they are played (``--records FILE``).

``FILE.jsonl``: one JSON object a line.  ``FILE.csv``: a header, then one
row per record, each cell the JSON text of its field (numbers read as
numbers; the nested fields, such as the game's own figures, as JSON).
Every record names its run (``run``: game, options, agents and seed), so
that ``--resume`` continues only the run that wrote the file.  A run
interrupted mid-write may leave a torn last line, and a deal may be partly
recorded: ``load`` keeps only the deals whose rows are all there
(``rows_per_deal``), and ``Writer`` rewrites the file to those before
appending.
"""
from __future__ import annotations

import csv
import io
import json
import os
from typing import Any, Sequence

from cardavia._core.errors import ArgumentTypeError


def _is_csv(path: str) -> bool:
    return path.lower().endswith(".csv")


def path_text(path: Any, what: str, kind: str) -> str:
    """A run's output path as text (text or a ``pathlib.Path``): ArgumentTypeError for
    anything else, ValueError for an empty one (``what`` and ``kind`` name it)."""
    text = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{what} must be {kind}, not {type(path).__name__}")
    if not text.strip():
        raise ValueError(f"{what} need {kind}")
    return text


def check_path(path: Any, resume: bool = True) -> str:
    """The records file a run names (text or a ``pathlib.Path``), refused
    before the run when it cannot hold records: a directory, a device or
    pipe (the records are rewritten in place), a file in a missing or
    read-only folder; and, unless the run resumes, a file already holding
    records (a forgotten ``--resume`` would have replaced a long run's)."""
    path = path_text(path, "records", "a file name")
    if os.path.isdir(path):
        raise ValueError(f"cannot write records to {path}: it is a directory")
    if os.path.exists(path) and not os.path.isfile(path):
        raise ValueError(f"cannot write records to {path}: not a regular file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ValueError(f"cannot write records to {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"cannot write records to {path}: the folder {folder} is not writable")
    if not resume and os.path.isfile(path) and os.path.getsize(path) > 0:
        raise ValueError(f"{path} already holds records: resume to continue them (--resume), "
                         f"or remove the file for a new run")
    return path


def _read_rows(path: str, f) -> list:
    """The records of ``path``; a torn last line (a write cut short) is
    dropped, and anything else that is not a record is a ValueError, so
    that ``--resume`` never rewrites a file that is not its records."""
    rows: list = []
    if not _is_csv(path):
        lines = [(n, line.strip()) for n, line in enumerate(f, 1) if line.strip()]
        for i, (n, line) in enumerate(lines):
            try:
                rows.append(json.loads(line))
            except ValueError:
                if i == len(lines) - 1 and line.startswith("{"):
                    break                  # a torn last line
                raise _not_records(path, n) from None
        return rows
    text = f.read()
    complete = text.endswith("\n")
    table = list(csv.reader(io.StringIO(text)))
    if not table:
        return rows
    header = table[0]
    if "run" not in header:
        raise _not_records(path, 1)
    body = table[1:] if complete else table[1:-1]
    for n, cells in enumerate(body, 2):
        try:
            if len(cells) != len(header):
                raise ValueError
            rows.append({k: json.loads(v) for k, v in zip(header, cells)})
        except ValueError:
            raise _not_records(path, n) from None
    return rows


def _not_records(path: str, line: int) -> ValueError:
    return ValueError(f"{path} is not a records file (line {line} is no record); "
                      "give the records file of the run to resume, or drop --resume")


def run_identity(game: Any, agents: Sequence[str], seed: int, **more: Any) -> dict:
    """What a record names its run by, so a resumed run continues only its
    own: the game's options as the game resolved them (``match`` given or
    left to its default is the same run), the agents, the seed and ``more``."""
    return {"game": game.name, "options": dict(game.options), "agents": list(agents), "seed": seed, **more}


def load(path: str, run: dict, rows_per_deal: int) -> dict[int, list[dict]]:
    """The complete deals recorded in ``path`` by the run ``run``, by deal index."""
    deals: dict[int, list[dict]] = {}
    try:
        f = open(path, newline="")
    except FileNotFoundError:
        return {}
    with f:
        rows = _read_rows(path, f)
    for row in rows:
        if not isinstance(row, dict) or row.get("run") != run:
            raise ValueError(f"{path} records another run (game, options, agents, seed or the "
                             "arena's seeding differ); remove it or drop --resume")
        deals.setdefault(row["deal"], []).append(row)
    return {d: rows for d, rows in deals.items() if len(rows) == rows_per_deal}


class Writer:
    """Appends records to a file, flushed after each deal."""

    def __init__(self, path: str, kept: dict[int, list[dict]] | None = None):
        path = os.path.realpath(path)   # a link stays a link: its target is rewritten
        self.path = path
        self.csv = _is_csv(path)
        self.fields: list[str] | None = None
        tmp = f"{path}.tmp{os.getpid()}"
        kept = kept or {}
        try:
            with open(tmp, "w", newline="") as f:
                self.f = f
                for d in sorted(kept):
                    self._write_rows(kept[d])
            os.replace(tmp, path)
        except BaseException:            # (a folder not writable, a disk full, Ctrl-C): no stray file
            if os.path.exists(tmp):
                os.remove(tmp)
            raise
        self.f = open(path, "a", newline="")

    def _write_rows(self, rows: list[dict[str, Any]]) -> None:
        if not self.csv:
            for row in rows:
                self.f.write(json.dumps(row, separators=(",", ":")) + "\n")
            return
        w = csv.writer(self.f, lineterminator="\n")
        for row in rows:
            if self.fields is None:
                self.fields = list(row)
                w.writerow(self.fields)
            w.writerow([json.dumps(row[k], separators=(",", ":")) for k in self.fields])

    def write(self, rows: list[dict[str, Any]]) -> None:
        self._write_rows(rows)
        self.f.flush()

    def close(self) -> None:
        self.f.close()
