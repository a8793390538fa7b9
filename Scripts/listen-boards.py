#!/usr/bin/env python3
"""Whether a person who listens to the whole words board still has the whole time to
answer: for each language (en, es, fr, de), the default board, --strict, and a board
guarding a command line, the time the gate adds for listening (its first "Seconds left"
less --timeout) against what espeak-ng at 175 words a minute really takes to say the
board, measured from its audio (sound, less the silence at its ends).

Usage: Scripts/listen-boards.py [GATE]     (default .build/debug/shapelygate)
Needs espeak-ng (apt-get install espeak-ng). Prints one line per board and exits 1 when
any board takes longer to hear than the gate allows.
"""
import os, re, signal, subprocess, sys, tempfile, wave, array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_pty_common as common  # noqa: E402

GATE = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/shapelygate"
TIMEOUT = 60
LOCALES = {"en": "en_US.UTF-8", "es": "es_ES.UTF-8", "fr": "fr_FR.UTF-8", "de": "de_DE.UTF-8"}
BOARDS = {
    "default": [],
    "strict": ["--strict"],
    "command": ["--for", "APT_CONFIG=/tmp/x/apt.conf /usr/bin/apt-get install -y cowsay (keeps LANG TERM)"],
}


def board_text(language, extra):
    """The words board as the gate writes it, up to its prompt."""
    common.ENV.update(LANG=LOCALES[language])
    pid, fd = common.spawn([GATE, "--board", "words", "--seed", "1", "--timeout", str(TIMEOUT)] + extra)
    seen = b""
    while b"1-" not in seen.split(b"\n")[-1]:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    return seen.decode("utf-8", "replace").replace("\r", "")


def spoken_seconds(text, voice):
    """Seconds of sound espeak-ng makes of `text`, from its first to its last loud sample."""
    with tempfile.NamedTemporaryFile(suffix=".wav") as out:
        subprocess.run(["espeak-ng", "-s", "175", "-v", voice, "-w", out.name, text], check=True)
        with wave.open(out.name) as audio:
            rate, frames = audio.getframerate(), audio.readframes(audio.getnframes())
        samples = array.array("h", frames)
        loud = [index for index, value in enumerate(samples) if abs(value) > 500]
        return (loud[-1] - loud[0]) / rate if loud else 0.0


def main():
    failed = False
    for language in LOCALES:
        for name, extra in BOARDS.items():
            text = board_text(language, extra)
            first = re.search(r"(\d+)\D*\n[^\n]*1-", text)
            allowed = int(first.group(1)) - TIMEOUT if first else float("nan")
            spoken = spoken_seconds(text, language)
            ok = spoken <= allowed
            failed |= not ok
            print(f"{language} {name:8} spoken {spoken:5.1f} s  allowed {allowed:5.1f} s  {'ok' if ok else 'SHORT'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
