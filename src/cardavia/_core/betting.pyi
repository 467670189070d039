"""Type stub of the compiled ``cardavia._core.betting`` (its API is typed at the Python layer)."""
from typing import Any

def __getattr__(name: str) -> Any: ...
