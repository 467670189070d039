"""The rulebook shipped with the package (``cardavia/data/RULES.md``), by
game or by rule id.

>>> from cardavia import rules
>>> rules.section("doudizhu").splitlines()[0]
'## 1. Dou Dizhu (Fight the Landlord) — `doudizhu`'
>>> print(rules.rule("DDZ-3.5"))
DDZ-3.5 The rocket is Red Joker + Black Joker; it beats everything, bombs too.
"""
from __future__ import annotations

import functools
import re
from importlib import resources

_GAME_HEADING = re.compile(r"^## \d+\. .*`(?P<game>[a-z]+)`\s*$")
_RULE_HEADING = re.compile(r"^(?P<id>[A-Z]+-\d+)\b")
_RULE_ITEM = re.compile(r"^- (?P<n>\d+\.\d+)\b")
RULE_ID = re.compile(r"^[A-Za-z]+-\d+(\.\d+)?$")


@functools.lru_cache(maxsize=1)
def text() -> str:
    """The whole rulebook."""
    return (resources.files("cardavia") / "data" / "RULES.md").read_text(encoding="utf-8")


@functools.cache
def _sections() -> dict[str, str]:
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text().splitlines():
        m = _GAME_HEADING.match(line)
        if m:
            current = out.setdefault(m["game"], [])
        elif line.startswith("## ") or line.startswith("-----"):
            current = None
        if current is not None:
            current.append(line)
    return {game: "\n".join(lines).strip() for game, lines in out.items()}


def games() -> list[str]:
    """The games the rulebook has a section for."""
    return list(_sections())


def section(game: str) -> str:
    """The rules of ``game`` (its name, as in ``cardavia.load``)."""
    try:
        return _sections()[game]
    except KeyError:
        raise ValueError(f"the rulebook has no section for {str(game)[:40]!r}; "
                         f"games: {', '.join(games())}") from None


def rule(rule_id: str) -> str:
    """One rule by id: ``"DDZ-4"`` (a whole rule) or ``"DDZ-4.3"`` (one item of it)."""
    wanted = str(rule_id).strip().upper()
    if not RULE_ID.match(wanted):
        raise ValueError(f"a rule id looks like DDZ-4 or DDZ-4.3, not {str(rule_id)[:40]!r}")
    head, _, item = wanted.partition(".")
    number = head.split("-")[1]
    block: list[str] = []
    for line in text().splitlines():
        m = _RULE_HEADING.match(line)
        if block and (m or not line.strip() or line.startswith("#")):
            break
        if m and m["id"] == head:
            block.append(line)
        elif block:
            block.append(line)
    if not block:
        raise ValueError(f"no rule {wanted} in the rulebook")
    if not item:
        return "\n".join(block)
    wanted_item = f"{number}.{item}"
    lines: list[str] = []
    for line in block[1:]:
        m = _RULE_ITEM.match(line)
        if lines and (m or not line.startswith("  ")):
            break
        if m and m["n"] == wanted_item:
            lines.append(f"{wanted} " + line[len(m.group(0)):].strip())
        elif lines:
            lines.append(line.strip())
    if not lines:
        raise ValueError(f"no rule {wanted} in the rulebook (rule {head} has no item {wanted_item})")
    return " ".join(lines) if len(lines) == 1 else lines[0] + "\n  " + "\n  ".join(lines[1:])
