"""Pseudo-terminal helpers for Scripts/bench_pty.py and bench_sudo.py (standard
library only): a program started as a person's terminal starts it, timed to a marker
on its screen or to its end."""
import fcntl, os, pty, select, signal, statistics, struct, termios, time

# A person's terminal: a real size, 256 colours, colour on.
COLUMNS, ROWS = 80, 24
ENV = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "COLUMNS", "LINES")}
ENV.update(TERM="xterm-256color", LANG="C.UTF-8")
ENV.pop("COLORTERM", None)


def spawn(argv):
    pid, fd = pty.fork()
    if pid == 0:
        # The child's stdin is the new terminal: give it its size before the program runs,
        # as a terminal emulator does before it starts the shell.
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execvpe(argv[0], argv, ENV)
    return pid, fd


def read_until(fd, marker, limit=10.0):
    seen, deadline = b"", time.monotonic() + limit
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.01)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return marker in seen


def first_prompt(argv, marker):
    start = time.monotonic()
    pid, fd = spawn(argv)
    ok = read_until(fd, marker)
    elapsed = time.monotonic() - start
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    return elapsed if ok else float("nan")


def median_ms(samples):
    return statistics.median(samples) * 1000


def report(name, value, unit):
    print(f"{name} {value:.2f} {unit}", flush=True)


def until_exit(argv):
    """Seconds from start to exit, on a terminal of its own: its output is read until the
    terminal closes (EOF or EIO when the last process holding it has ended)."""
    start = time.monotonic()
    pid, fd = spawn(argv)
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    elapsed = time.monotonic() - start
    os.close(fd)
    return elapsed
