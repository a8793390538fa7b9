#!/usr/bin/env python3
"""Measurements on a pseudo-terminal for Scripts/bench.sh (standard library only).

Usage: bench_pty.py BINARY RUNS
Prints one 'name value unit' line per figure.
"""
import os, signal, subprocess, sys, time

BINARY, RUNS = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_pty_common import ENV, first_prompt, median_ms, read_until, report, spawn  # noqa: E402

anchors = {
    "echo": (["/bin/echo", "ready>"], b"ready>"),
    "bash-read": (["bash", "-c", "read -r -p 'ready> ' x"], b"ready>"),
    "shapelygate": ([BINARY, "--timeout", "60"], b"choose 1-"),
    "whiptail": (["whiptail", "--yesno", "ready?", "8", "30"], b"ready?"),
    "dialog": (["dialog", "--yesno", "ready?", "8", "30"], b"ready?"),
}
available = {name: spec for name, spec in anchors.items()
             if subprocess.run(["sh", "-c", f"command -v {spec[0][0]}"], capture_output=True).returncode == 0}
# Interleaved, one run of each in turn: a change in the machine's load (it may be
# shared) touches every anchor alike, so the ratios compare like with like.
first = {name: [] for name in available}
for _ in range(RUNS):
    for name, (argv, marker) in available.items():
        first[name].append(first_prompt(argv, marker))
for name, samples in first.items():
    report(f"first-prompt/{name}", median_ms(samples), "ms")

# Denial without a terminal: a new session, no controlling terminal, stdin /dev/null.
samples = []
for _ in range(RUNS):
    start = time.monotonic()
    subprocess.run(["setsid", "-w", BINARY], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples.append(time.monotonic() - start)
report("deny-without-terminal", median_ms(samples), "ms")


def expiry_lateness():
    pid, fd = spawn([BINARY, "--timeout", "1"])
    read_until(fd, b"choose 1-")
    shown = time.monotonic()
    os.waitpid(pid, 0)
    late = time.monotonic() - shown - 1.0
    os.close(fd)
    return late


samples = [expiry_lateness() for _ in range(max(5, RUNS // 4))]
report("expiry-late/idle", median_ms(samples), "ms")
report("expiry-late/idle-max", max(samples) * 1000, "ms")
burners = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(os.cpu_count() or 2)]
try:
    samples = [expiry_lateness() for _ in range(max(5, RUNS // 4))]
finally:
    for burner in burners:
        burner.kill()
        burner.wait()
report("expiry-late/loaded", median_ms(samples), "ms")
report("expiry-late/loaded-max", max(samples) * 1000, "ms")


def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


# CPU and memory while a person thinks for ten seconds.
pid, fd = spawn([BINARY, "--timeout", "30"])
read_until(fd, b"choose 1-")
before = cpu_ticks(pid)
time.sleep(10)
after = cpu_ticks(pid)
hwm = [line for line in open(f"/proc/{pid}/status") if line.startswith("VmHWM")][0].split()[1]
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
report("cpu-per-10s-wait", (after - before) * 1000 / os.sysconf("SC_CLK_TCK"), "ms")
report("peak-rss", int(hwm) / 1024, "MB")
