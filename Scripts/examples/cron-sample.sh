#!/bin/sh
# cron sample: a job guarded by the gate. Cron has no terminal, so the gate denies at
# once (status 1) and the job never runs; the outcome is logged with logger(1) (to
# syslog) and to a file, saying what really happened: a denial, or a program that was
# not found (127: cron's PATH is only /usr/bin:/bin, and a gate installed under
# /usr/local/bin is not in it) or cannot run (126).
#
# crontab lines:  PATH=/usr/local/bin:/usr/bin:/bin
#                 0 3 * * * /path/to/cron-sample.sh
# Run by hand to see the same thing: setsid Scripts/examples/cron-sample.sh </dev/null
log=${SHAPELYGATE_CRON_LOG:-${TMPDIR:-/tmp}/shapelygate-cron.log}

report() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" >>"$log"
    logger -t shapelygate-cron "$1" 2>/dev/null || true
    echo "cron-sample: $1; logged to $log" >&2
}

if ! command -v shapelygate >/dev/null 2>&1; then
    report "nightly job not run: shapelygate not found in PATH ($PATH) (status 127)"
    exit 127
fi

status=0
SWIFT_BACKTRACE=enable=no shapelygate -- sh -c 'echo "the nightly job ran"' || status=$?
case $status in
    0) exit 0 ;;
    1) report "nightly job not run: shapelygate denied it (status 1)" ;;
    126) report "nightly job not run: its command cannot be run (status 126)" ;;
    127) report "nightly job not run: its command was not found (status 127)" ;;
    *) report "nightly job failed or was interrupted (status $status)" ;;
esac
exit "$status"
