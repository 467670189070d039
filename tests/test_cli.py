"""The command line: complete help, and one-line errors with exit code 2."""
import re
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


@pytest.mark.parametrize("argv", [
    ["simulate", "doudizhu", "--games", "100000001"],
    ["simulate", "guandan", "--matches", "1000001"],
    ["simulate", "doudizhu", "--workers", "257"],
    ["simulate", "doudizhu", "--seed", str(1 << 64)],
    ["simulate", "doudizhu", "--json", ""],
    ["equity", "AhKh", "QQ+", "--trials", "99999999999999999999999"],
    ["equity", "AhKh", "QQ+", "--seed", "-1"],
])
def test_numbers_beyond_the_documented_bounds_are_refused(capsys, argv):
    """Issue 19 part 4: every count has an upper bound, refused with exit code 2."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_workers_never_exceed_the_work(capsys):
    code, out, _ = run(capsys, "simulate", "zhengshangyou", "--games", "3", "--workers", "64", "-q")
    assert code == 0 and "workers: 3" in out  # three deals, three processes at most


@pytest.mark.parametrize("argv", [
    ["equity", "AhKh", "QQ+", "--trials", "10000000000"],
    ["simulate", "guandan", "--games", "100000000", "--workers", "2", "-q"],
    ["simulate", "doudizhu", "--games", "100000000", "--workers", "1", "-q"],
])
def test_ctrl_c_stops_with_exit_code_130_and_no_traceback(argv):
    """Issue 19 part 4: SIGINT stops a long run promptly (the time to stop
    is measured in bench/bench_interrupt.py, not asserted here)."""
    import signal
    import time

    exe = shutil.which("cardavia")
    # a runner started in the background (``cmd &``) ignores SIGINT, and so would the child:
    # the child starts with the default disposition, as from a terminal
    p = subprocess.Popen([exe, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(1.5)
    assert p.poll() is None, "the run ended before it could be interrupted"
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        raise AssertionError("Ctrl-C did not stop the run within 10 s") from None
    assert p.returncode == 130, (p.returncode, err)
    assert "Traceback" not in err and "interrupted" in err


def test_ctrl_c_on_a_terminal_says_so_on_a_line_of_its_own():
    # on a terminal the progress bar holds its line ("\r... 120/10000"): the notice starts a new one
    import os
    import pty
    import signal
    import time

    exe = shutil.which("cardavia")
    leader, follower = pty.openpty()
    p = subprocess.Popen([exe, "simulate", "doudizhu", "--games", "100000000", "--workers", "1"],
                         stdout=subprocess.DEVNULL, stderr=follower,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(follower)
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    assert p.wait(timeout=10) == 130
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:   # the terminal closed with the process
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    text = seen.decode(errors="replace")
    assert "\r" in text, text[-200:]                       # the bar was drawn
    assert re.search(r"\n(\r)?cardavia: interrupted", text.replace("\r\n", "\n")), text[-200:]
