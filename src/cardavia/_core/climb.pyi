"""Type stub of the compiled ``cardavia._core.climb`` (the move class typed;
the rest of its API is typed at the Python layer)."""
from typing import Any

class ClimbMove:
    game: int
    kind_id: int
    counts: int
    rank: int
    length: int
    ncards: int
    @property
    def kind(self) -> str: ...
    def __getattr__(self, name: str) -> Any: ...

def __getattr__(name: str) -> Any: ...
