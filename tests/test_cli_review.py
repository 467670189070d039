"""The command line under careless and hostile use: each test is a defect a
review of the commands found (one-line errors with exit code 2, no
traceback, nothing of the user's destroyed)."""
import asyncio
import json
import os
import socket
import stat

import pytest

from cardavia.cli import main

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse's own exits
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def assert_one_line_error(code, err, *words):
    assert code == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("spec", ["mc:budget_ms=inf", "mc:budget_ms=nan", "ismcts:c=-inf"])
def test_non_finite_agent_options_are_refused(capsys, spec):
    # was: OverflowError traceback (exit 1) for inf, "cannot convert float NaN to integer" for nan
    code, _, err = run(capsys, "simulate", "doudizhu", "-n", "1", "-w", "1", "-q", "--agents", spec)
    assert_one_line_error(code, err, "finite number")
    code, _, err = run(capsys, "arena", "doudizhu", "-n", "1", "-w", "1", "-q", "--agents", f"heuristic,{spec}")
    assert_one_line_error(code, err, "finite number")


def test_guandan_client_refuses_non_finite_agent_option(capsys):
    code, _, err = run(capsys, "guandan-client", "ws://127.0.0.1:1/game/client0", "--agent", "mc:budget_ms=inf")
    assert_one_line_error(code, err, "finite number")


@pytest.mark.parametrize("agents", ["", ",", ":rollouts=5"])
def test_empty_agent_names_are_refused(capsys, agents):
    # was: "" silently played random agents, "," said "needs 3 agents, got 2"
    code, _, err = run(capsys, "simulate", "doudizhu", "-n", "1", "-w", "1", "-q", "--agents", agents)
    assert_one_line_error(code, err, "agent name is empty")


def test_failed_run_keeps_the_json_file(capsys, tmp_path):
    # was: --json FILE was emptied before the run, even when the run then failed
    out = tmp_path / "results.json"
    out.write_text('{"precious": 1}')
    code, _, err = run(capsys, "simulate", "doudizhu", "-n", "1", "--agents", "nosuch", "--json", str(out))
    assert_one_line_error(code, err, "unknown agent")
    assert out.read_text() == '{"precious": 1}'
    code, _, err = run(capsys, "simulate", "doudizhu", "-n", "1", "--json", str(tmp_path / "no" / "x.json"))
    assert_one_line_error(code, err, "cannot write")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_json_write_failure_is_one_line(capsys):
    # was: an OSError traceback (exit 1) when the results could not be written
    code, _, err = run(capsys, "simulate", "doudizhu", "-n", "1", "-w", "1", "-q", "--json", "/dev/full")
    assert_one_line_error(code, err, "cannot write /dev/full")


def test_records_to_a_device_or_directory_is_refused(capsys, tmp_path):
    # was: --records /dev/null replaced the device by a plain file (as root), and a
    # directory or missing folder gave errors naming an internal FILE.tmpPID
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "simulate", "doudizhu", "-n", "1", "-w", "1", "-q", "--records", str(fifo))
    assert_one_line_error(code, err, "not a regular file")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    folder = tmp_path / "dir.jsonl"
    folder.mkdir()
    code, _, err = run(capsys, "simulate", "doudizhu", "-n", "1", "-w", "1", "-q", "--records", str(folder))
    assert_one_line_error(code, err, "is a directory")
    code, _, err = run(capsys, "arena", "doudizhu", "-a", "heuristic,random", "-n", "1", "-w", "1", "-q",
                       "--records", str(tmp_path / "missing" / "r.jsonl"))
    assert_one_line_error(code, err, "no folder")
    assert "tmp" not in err.replace(str(tmp_path), "")
    assert sorted(os.listdir(tmp_path)) == ["dir.jsonl", "pipe.jsonl"]  # no temporary file left


def test_games_and_matches_together_are_refused(capsys):
    # was: --games silently ignored beside --matches
    code, _, err = run(capsys, "simulate", "guandan", "--games", "5", "--matches", "1", "-w", "1", "-q")
    assert_one_line_error(code, err, "--games", "--matches")


def test_seed_with_leading_zeros_is_decimal(capsys):
    # was: "expected an integer seed, got '010'"
    code, out10, _ = run(capsys, "simulate", "doudizhu", "-n", "2", "-w", "1", "-q", "--seed", "010")
    assert code == 0
    code, out, _ = run(capsys, "simulate", "doudizhu", "-n", "2", "-w", "1", "-q", "--seed", "10")
    keep = lambda text: [ln for ln in text.splitlines() if not ln.startswith(("seconds", "deals per"))]
    assert keep(out10) == keep(out)


def test_guandan_client_bad_url_is_one_line(capsys):
    # was: ValueError traceback (Invalid IPv6 URL)
    code, _, err = run(capsys, "guandan-client", "ws://[::1")
    assert_one_line_error(code, err, "bad judge URL")


def test_guandan_client_takes_one_agent(capsys):
    # was: "unknown agent 'mc,random'"
    code, _, err = run(capsys, "guandan-client", "ws://127.0.0.1:1/game/client0", "--agent", "mc,random")
    assert_one_line_error(code, err, "one agent")


def test_serve_refuses_a_folder_as_database(capsys, tmp_path):
    pytest.importorskip("uvicorn")
    # was: sqlite3.OperationalError traceback
    code, _, err = run(capsys, "serve", "--db", str(tmp_path))
    assert_one_line_error(code, err, "cannot open the database")


def test_serve_on_a_busy_port_is_an_error(capsys, tmp_path):
    pytest.importorskip("uvicorn")
    # was: uvicorn's SystemExit(3) escaped after "serving on …"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, _, err = run(capsys, "serve", "--db", str(tmp_path / "w.sqlite3"), "--port", str(port), "-q")
    assert code == 2 and "cannot serve on" in err and "Traceback" not in err


def test_guandan_server_announces_the_port_it_bound(capsys, monkeypatch):
    pytest.importorskip("websockets")
    # was: --port 0 announced ws://127.0.0.1:0/…, an address no bot can reach
    from cardavia.protocol import guandan_judge

    async def serve(self, host="127.0.0.1", port=23456):
        self.port = 41234
        self.ready.set()
        await asyncio.sleep(0)
        return [0, 0, 0, 0]

    monkeypatch.setattr(guandan_judge.GuandanJudge, "serve", serve)
    code, out, _ = run(capsys, "guandan-server", "--port", "0", "-q")
    assert code == 0 and "ws://127.0.0.1:41234/game/client0" in out and ":0/" not in out


def test_replay_dd_of_another_game_is_refused(capsys, tmp_path):
    # was: --dd silently ignored on a Dou Dizhu replay
    import cardavia

    state = cardavia.load("doudizhu").new_state(seed=1)
    state.play("pass")
    path = tmp_path / "ddz.json"
    path.write_text(state.to_json())
    code, _, err = run(capsys, "replay", str(path), "--dd")
    assert_one_line_error(code, err, "Bridge")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "pass" in out


def test_dd_vulnerability_and_dealer_in_any_case(capsys):
    # was: --dealer s and --vul NS refused, though the deal itself may be lower case
    code, out, err = run(capsys, "dd", DEAL, "--vul", "NS", "--dealer", "s")
    assert code == 0, err
    assert "par (vulnerable: ns, dealer S): NS +2220" in out


def test_arena_of_one_deal_prints_no_interval(capsys, tmp_path):
    # was: a zero-width interval such as [0.889, 0.889] from a single deal
    out_file = tmp_path / "a.json"
    code, out, _ = run(capsys, "arena", "zhengshangyou", "-a", "heuristic,random", "-n", "1", "-w", "1", "-q",
                       "--json", str(out_file))
    assert code == 0
    rows = [ln for ln in out.splitlines() if "mean score" in ln]
    assert rows and all("[-, -]" in ln for ln in rows)
    assert json.loads(out_file.read_text())["deals"] == 1


def test_simulate_agents_help_mentions_options(capsys):
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0 and "mc:rollouts=" in " ".join(out.split())


def test_serve_stopped_by_ctrl_c_exits_130_like_every_command(tmp_path):
    pytest.importorskip("uvicorn")
    # was: uvicorn shut down gracefully and the command exited 0
    import shutil
    import signal
    import subprocess
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = subprocess.Popen([shutil.which("cardavia"), "serve", "--db", str(tmp_path / "w.sqlite3"), "--port", str(port),
                          "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    end = time.monotonic() + 30
    while time.monotonic() < end:   # until it listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=30)
    assert p.returncode == 130 and "interrupted" in err and "Traceback" not in err, (p.returncode, err)
