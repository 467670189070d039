"""How long Ctrl-C takes to stop each long command (issue 19 part 4).

Starts the command, sends SIGINT after it has run a while, and prints the
time from the signal to the exit with the exit code.  No peer: the figure is
ours alone.  Run: python bench/bench_interrupt.py
"""
import shutil
import signal
import subprocess
import time

COMMANDS = [
    ["equity", "AhKh", "QQ+", "22+", "--trials", "10000000000"],
    ["simulate", "guandan", "--games", "100000000", "-q"],
    ["simulate", "doudizhu", "--games", "100000000", "--workers", "1", "-q"],
]


def main() -> None:
    exe = shutil.which("cardavia")
    for argv in COMMANDS:
        times = []
        for _ in range(3):
            p = subprocess.Popen([exe, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            time.sleep(2.0)
            t0 = time.perf_counter()
            p.send_signal(signal.SIGINT)
            p.wait()
            times.append(time.perf_counter() - t0)
        print(f"{' '.join(argv[:2]):28} exit {p.returncode}  stop in {1000 * min(times):6.1f} ms "
              f"(best of 3; worst {1000 * max(times):.1f} ms)")


if __name__ == "__main__":
    main()
