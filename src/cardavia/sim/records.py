"""Records of a run, streamed one JSON object a line (``--records FILE.jsonl``).

Every row names its run (``run``: game, options, agents and seed), so that
``--resume`` continues only the run that wrote the file.  A run interrupted
mid-write may leave a torn last line, and a deal may be partly recorded:
``load`` keeps only the deals whose rows are all there (``rows_per_deal``),
and ``Writer`` rewrites the file to those before appending.
"""
from __future__ import annotations

import json
import os
from typing import Any


def check_path(path: str) -> None:
    """Records are JSON lines: refuse other formats by name."""
    if path.lower().endswith(".csv"):
        raise ValueError("records are written as JSON lines: give a FILE.jsonl (CSV is not supported yet)")


def load(path: str, run: dict, rows_per_deal: int) -> dict[int, list[dict]]:
    """The complete deals recorded in ``path`` by the run ``run``, by deal index."""
    deals: dict[int, list[dict]] = {}
    try:
        f = open(path)
    except FileNotFoundError:
        return {}
    with f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                row = json.loads(line)
            except ValueError:
                break                      # a torn last line
            if not isinstance(row, dict) or row.get("run") != run:
                raise ValueError(f"{path} records another run (game, options, agents or seed differ); "
                                 "remove it or drop --resume")
            deals.setdefault(row["deal"], []).append(row)
    return {d: rows for d, rows in deals.items() if len(rows) == rows_per_deal}


class Writer:
    """Appends rows to a records file, one JSON line each, flushed per deal."""

    def __init__(self, path: str, kept: dict[int, list[dict]] | None = None):
        self.path = path
        tmp = f"{path}.tmp{os.getpid()}"
        kept = kept or {}
        with open(tmp, "w") as f:
            for d in sorted(kept):
                for row in kept[d]:
                    f.write(json.dumps(row, separators=(",", ":")) + "\n")
        os.replace(tmp, path)
        self.f = open(path, "a")

    def write(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            self.f.write(json.dumps(row, separators=(",", ":")) + "\n")
        self.f.flush()

    def close(self) -> None:
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
