"""Issue 12 parts 5 and 6: the layers point one way, and the peers' cross-checks
skip cleanly so that a plain install still collects every other test."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "_core"
PACKAGE = ROOT / "src" / "cardavia"
PEERS = ["rlcard", "eval7", "pokerkit", "endplay", "phevaluator", "pyspiel", "open_spiel"]


def imports_of(path: Path) -> set[str]:
    """Every module a .py or .pyx file imports (cimports included)."""
    out = set()
    for line in path.read_text().splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in ("import", "cimport"):
            out.add(words[1].rstrip(","))
        elif len(words) >= 4 and words[0] == "from" and words[2] in ("import", "cimport"):
            out.add(words[1])
    return out


def test_the_core_imports_nothing_above_it():
    for path in list(CORE.glob("*.pyx")) + list(CORE.glob("*.pxd")) + list((PACKAGE / "_core").glob("*.py")):
        above = {m for m in imports_of(path) if m.startswith("cardavia") and not m.startswith("cardavia._core")}
        assert not above, f"{path.name} imports {above} from above the core"


def test_library_modules_do_not_import_the_cli():
    for path in PACKAGE.rglob("*.py"):
        if "cli" in path.relative_to(PACKAGE).parts:
            continue
        tree = ast.parse(path.read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {m for m in names if m.startswith("cardavia.cli")}, f"{path.name} imports the CLI"


def test_pbn_imports_no_game():
    pbn = {m for m in imports_of(PACKAGE / "pbn.py") if m.startswith("cardavia")}
    assert "cardavia.bridge" not in pbn and not any(m.startswith("cardavia.bridge") for m in pbn)


def test_without_the_peers_every_other_test_is_collected():
    blocked = "; ".join(f"sys.modules[{m!r}] = None" for m in PEERS)
    collect = f"pytest.main(['-q', '--co', '-p', 'no:cacheprovider', {str(ROOT / 'tests')!r}])"
    code = f"import sys, pytest; {blocked}; sys.exit({collect})"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert "error" not in p.stdout.lower().split("short test summary")[-1], p.stdout[-2000:]
