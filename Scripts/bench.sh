#!/usr/bin/env bash
# Measures shapelygate against its goals, in one run, on pseudo-terminals:
#   on an 80×24 terminal with TERM=xterm-256color and colour on, as a person has:
#   time to the first prompt (medians) against /bin/echo (the floor), bash's read,
#   whiptail --yesno and dialog --yesno, run in turn so load touches all alike; time
#   to deny without a terminal; how late expiry comes after a 1 s deadline, idle and
#   with every core busy; CPU used over a 10 s wait; peak RSS; the size of the static
#   release binary; and, as root with sudo, unshare and mount, the sudo plugin's cost in
#   a private mount namespace (bench_sudo.py): a gated sudo's board against the bare
#   gate's first prompt, and an ungated `sudo true` with and without the plugin line.
# Usage: Scripts/bench.sh [RUNS]   (default 40; installs whiptail and dialog when root)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-40}

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    if ! command -v whiptail >/dev/null || ! command -v dialog >/dev/null || ! command -v bc >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq whiptail dialog bc >/dev/null 2>&1 ||
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq whiptail dialog bc >/dev/null; }
    fi
fi

binary=$(Scripts/build-release.sh 2>/dev/null)

results=$(python3 Scripts/bench_pty.py "$binary" "$runs")
plugin=$(dirname "$binary")/libshapelygate_approval.so
if [ "$(id -u)" = 0 ] && command -v sudo >/dev/null && command -v unshare >/dev/null && [ -f "$plugin" ]; then
    results+=$'\n'$(unshare -m --propagation private python3 Scripts/bench_sudo.py "$binary" "$plugin" "$runs")
else
    echo "bench.sh: the sudo figures need root, sudo, unshare and the release plugin; skipped" >&2
fi
size=$(stat -c %s "$binary")
libs=$(ldd "$binary" 2>/dev/null | grep -c swift || true)
if ldd "$binary" >/dev/null 2>&1; then linkage="dynamically linked"; else linkage="fully static"; fi

value() { awk -v k="$1" '$1 == k { print $2 }' <<<"$results"; }
echo "$results" | awk '{ printf "%-28s %10s %s\n", $1, $2, $3 }'
printf '%-28s %10.2f MB (%s, %d Swift runtime libraries linked)\n' binary-size "$(echo "$size / 1048576" | bc -l)" "$linkage" "$libs"

gate=$(value first-prompt/shapelygate)
echo_floor=$(value first-prompt/echo)
whiptail=$(value first-prompt/whiptail)
bash_read=$(value first-prompt/bash-read)
echo
echo "First prompt, shapelygate as a ratio of each anchor (median of $runs runs each):"
for anchor in echo bash-read whiptail dialog; do
    other=$(value "first-prompt/$anchor")
    if [ -n "$other" ]; then
        printf '  %-10s %5.2fx  (%s ms vs %s ms)\n' "$anchor" "$(echo "$gate / $other" | bc -l)" "$gate" "$other"
    fi
done
echo
echo "Goals:"
check() { if [ "$(echo "$2" | bc -l)" = 1 ]; then echo "  ok    $1"; else echo "  MISS  $1"; fi; }
check "first prompt no slower than bash's read -p ($gate vs $bash_read ms; ratio $(echo "scale=2; $gate / $bash_read" | bc -l))" "$gate <= $bash_read"
if [ -n "$whiptail" ]; then check "first prompt no slower than whiptail ($gate vs $whiptail ms; ratio $(echo "scale=2; $gate / $whiptail" | bc -l))" "$gate <= $whiptail"; fi
check "first prompt within 2 ms of the echo floor ($gate vs $echo_floor ms)" "$gate - $echo_floor <= 2"
check "expiry within 50 ms of the deadline under load (worst $(value expiry-late/loaded-max) ms)" "$(value expiry-late/loaded-max) <= 50"
check "under 20 ms CPU per 10 s wait ($(value cpu-per-10s-wait) ms)" "$(value cpu-per-10s-wait) < 20"
check "peak RSS under 12 MB ($(value peak-rss) MB)" "$(value peak-rss) < 12"
check "static binary under 25 MB" "$size < 25 * 1048576"
check "no Swift runtime needed on the target" "$libs == 0"
if [ -n "$(value sudo/first-prompt/gated)" ]; then
    check "a gated sudo shows the board within 5 ms of the bare gate (median $(value sudo/first-prompt/gated) vs $(value sudo/first-prompt/bare) ms, sudo's own start included)" \
        "$(value sudo/first-prompt/gated-minus-bare) <= 5"
    check "the plugin's share of that, sudo's own start ($(value sudo/echo/no-plugin) - $(value sudo/echo/bare) ms) taken out, at most 5 ms ($(value sudo/first-prompt/plugin-share) ms)" \
        "$(value sudo/first-prompt/plugin-share) <= 5"
    check "an ungated sudo true at most 5 ms slower with the plugin line (median $(value sudo/true/ungated) vs $(value sudo/true/no-plugin) ms)" \
        "$(value sudo/true/ungated-minus-no-plugin) <= 5"
fi
