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
from typing import Any


def _is_csv(path: str) -> bool:
    return path.lower().endswith(".csv")


def check_path(path: str) -> None:
    """Records are JSON lines or CSV."""
    if not path.strip():
        raise ValueError("records need a file name")


def _read_rows(path: str, f) -> list:
    rows: list = []
    if not _is_csv(path):
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except ValueError:
                break                      # a torn last line
        return rows
    text = f.read()
    complete = text.endswith("\n")
    lines = list(csv.reader(io.StringIO(text)))
    if not lines:
        return rows
    header = lines[0]
    body = lines[1:] if complete else lines[1:-1]
    for cells in body:
        if len(cells) != len(header):
            break
        try:
            rows.append({k: json.loads(v) for k, v in zip(header, cells)})
        except ValueError:
            break
    return rows


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
        self.path = path
        self.csv = _is_csv(path)
        self.fields: list[str] | None = None
        tmp = f"{path}.tmp{os.getpid()}"
        kept = kept or {}
        with open(tmp, "w", newline="") as f:
            self.f = f
            for d in sorted(kept):
                self._write_rows(kept[d])
        os.replace(tmp, path)
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
