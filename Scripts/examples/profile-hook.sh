#!/bin/sh
# profile hook: a login shell that ends unless the gate is passed.
#
# Add the line below to the end of ~/.profile (it is all this file does). --login makes
# Ctrl-C, Ctrl-\, Ctrl-Z and a hangup plain denials, so `|| exit` runs for every way
# out of the gate and the login shell never carries on without a pass. In a login
# with no terminal (scp, a cron job) the gate denies at once, so keep this only for
# accounts that never log in without a person, or guard it with `[ -t 0 ]`.
# Run this file to try it: it prints whether the login would go on.

if [ -t 0 ]; then
    shapelygate --login --timeout 20 || exit
fi
echo "profile-hook: the gate was passed; the login goes on"
