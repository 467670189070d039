"""The command line: complete help, and one-line errors with exit code 2."""
import shutil
import subprocess
import sys

import pytest

from cardavia.cli import build_parser, main


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse's own exits (--help, usage errors)
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_help_lists_every_subcommand(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert "simulate" in sub.choices
    for name in sub.choices:
        assert name in out
        c, sub_out, _ = run(capsys, name, "--help")
        assert c == 0 and "usage:" in sub_out and "--" in sub_out


@pytest.mark.parametrize("argv", [
    ["simulate", "chess"],
    ["simulate", "doudizhu", "--games", "zero"],
    ["simulate", "doudizhu", "--games", "-3"],
    ["simulate", "doudizhu", "--seed", "x"],
    ["simulate", "doudizhu", "--workers", "0"],
    ["simulate", "doudizhu", "--games", "5", "--json", "/nonexistent-dir/out.json"],
    ["simulate", "doudizhu", "--games", "5", "--agents", "random,genius,random"],
    ["nosuchcommand"],
])
def test_bad_input_is_one_line_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "error" in err
    assert "Traceback" not in err


def test_console_script_is_installed():
    exe = shutil.which("cardavia")
    assert exe, "the cardavia console script is not on PATH"
    p = subprocess.run([exe, "simulate", "chess"], capture_output=True, text=True)
    assert p.returncode == 2 and "unknown game" in p.stderr and "Traceback" not in p.stderr
    p = subprocess.run([sys.executable, "-m", "cardavia.cli", "--version"], capture_output=True, text=True)
    assert p.returncode == 0 and "cardavia" in p.stdout


def test_simulate_prints_figures_and_writes_json(capsys, tmp_path):
    out_file = tmp_path / "ddz.json"
    code, out, err = run(capsys, "simulate", "doudizhu", "--games", "30", "--seed", "4",
                         "--workers", "1", "--json", str(out_file))
    assert code == 0
    for figure in ("landlord win rate", "mean score", "bombs per deal", "deals per second"):
        assert figure in out
    assert "30/30" in err  # the progress bar
    import json
    data = json.loads(out_file.read_text())
    assert data["deals"] == 30 and data["seed"] == 4 and len(data["mean_score"]) == 3


def test_simulate_same_results_for_any_worker_count(capsys):
    results = []
    for workers in ("1", "2"):
        code, out, _ = run(capsys, "simulate", "zhengshangyou", "--games", "40", "--workers", workers, "-q")
        assert code == 0
        results.append([line for line in out.splitlines()
                        if not line.startswith(("seconds", "deals per second", "workers"))])
    assert results[0] == results[1]
