#!/usr/bin/env python3
"""The sudo plugin's cost, for Scripts/bench.sh: run as root inside a private mount
namespace (bench.sh starts it with unshare -m), where this script owns /etc/sudo.conf,
/etc/sudoers, /mnt and /run; the machine's own files are never touched.

Usage: bench_sudo.py GATE PLUGIN RUNS
Prints one 'name value unit' line per figure, medians of RUNS runs each, the variants
run in turn (one of each per round) on an 80x24 pseudo-terminal with colour on:
  sudo/first-prompt/bare        the gate alone, to its first prompt
  sudo/first-prompt/gated       `sudo /bin/true` for a gated user, to the board's prompt
  sudo/echo/no-plugin           `sudo /bin/echo ready>` without the plugin line, to its
                                output: what sudo itself costs before any command speaks
  sudo/echo/bare                `/bin/echo ready>` alone, to its output
  sudo/true/no-plugin           `sudo true` without the plugin line, to its end
  sudo/true/ungated             `sudo true` for a user the plugin line does not gate
and the differences: gated - bare (what a person waits for beyond the bare gate, sudo's
own start included), the plugin's share of it (gated - bare - (sudo echo - echo)), and
ungated - no-plugin.
"""
import os, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_pty_common as common  # noqa: E402

GATE, PLUGIN, RUNS = sys.argv[1], sys.argv[2], int(sys.argv[3])
folder = tempfile.mkdtemp(prefix="shapelygate-bench-")


def sh(command):
    subprocess.run(["sh", "-c", command], check=True)


sh("mount -t tmpfs -o mode=0711 tmpfs /mnt")
# A /run of its own: sudo's time stamps and the judge's lockout records stay in the namespace.
sh("mount -t tmpfs -o mode=0755 tmpfs /run && mkdir -m 0711 /run/sudo")
sh(f"install -m 0711 '{GATE}' /mnt/shapelygate")
conf, sudoers = f"{folder}/sudo.conf", f"{folder}/sudoers"
with open(sudoers, "w") as out:
    out.write("Defaults !syslog, !lecture, !use_pty, env_reset\nroot ALL=(ALL:ALL) NOPASSWD: ALL\n")
os.chmod(sudoers, 0o440)
open(conf, "w").close()
sh(f"mount --bind '{conf}' /etc/sudo.conf && mount --bind '{sudoers}' /etc/sudoers")
if os.path.exists("/etc/shapelygate.conf"):
    open(f"{folder}/empty.conf", "w").close()
    sh(f"mount --bind '{folder}/empty.conf' /etc/shapelygate.conf")

BASE = "Plugin sudoers_policy sudoers.so\nPlugin sudoers_io sudoers.so\nPlugin sudoers_audit sudoers.so\n"
LINES = {
    "no-plugin": BASE,
    "ungated": BASE + f"Plugin shapelygate_approval {PLUGIN} users=nobody path=/mnt/shapelygate\n",
    "gated": BASE + f"Plugin shapelygate_approval {PLUGIN} users=root path=/mnt/shapelygate timeout=60\n",
}


def use(name):
    # Rewritten in place: the bind mount holds the file, not its name.
    with open(conf, "w") as out:
        out.write(LINES[name])


samples = {name: [] for name in ("bare", "gated", "echo", "sudo-echo", "no-plugin", "ungated")}
for _ in range(RUNS):
    samples["bare"].append(common.first_prompt([GATE, "--timeout", "60"], b"choose 1-"))
    use("gated")
    samples["gated"].append(common.first_prompt(["sudo", "/bin/true"], b"choose 1-"))
    samples["echo"].append(common.first_prompt(["/bin/echo", "ready>"], b"ready>"))
    use("no-plugin")
    samples["sudo-echo"].append(common.first_prompt(["sudo", "/bin/echo", "ready>"], b"ready>"))
    for name in ("no-plugin", "ungated"):
        use(name)
        samples[name].append(common.until_exit(["sudo", "true"]))

median = {name: common.median_ms(values) for name, values in samples.items()}
for name in ("bare", "gated"):
    common.report(f"sudo/first-prompt/{name}", median[name], "ms")
common.report("sudo/echo/bare", median["echo"], "ms")
common.report("sudo/echo/no-plugin", median["sudo-echo"], "ms")
for name in ("no-plugin", "ungated"):
    common.report(f"sudo/true/{name}", median[name], "ms")
common.report("sudo/first-prompt/gated-minus-bare", median["gated"] - median["bare"], "ms")
sudo_itself = median["sudo-echo"] - median["echo"]
common.report("sudo/first-prompt/plugin-share", median["gated"] - median["bare"] - sudo_itself, "ms")
common.report("sudo/true/ungated-minus-no-plugin", median["ungated"] - median["no-plugin"], "ms")
