#!/bin/sh
# cron sample: a job guarded by the gate. Cron has no terminal, so the gate denies at
# once (status 1) and the job never runs; the denial is logged with logger(1) (to
# syslog) and to a file.
#
# crontab line:  0 3 * * * /path/to/cron-sample.sh
# Run by hand to see the same thing: setsid Scripts/examples/cron-sample.sh </dev/null
log=${SHAPELYGATE_CRON_LOG:-${TMPDIR:-/tmp}/shapelygate-cron.log}

if shapelygate -- sh -c 'echo "the nightly job ran"'; then
    exit 0
else
    status=$?
    message="nightly job not run: shapelygate denied it (status $status)"
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$message" >>"$log"
    logger -t shapelygate-cron "$message" 2>/dev/null || true
    echo "cron-sample: $message; logged to $log" >&2
    exit "$status"
fi
