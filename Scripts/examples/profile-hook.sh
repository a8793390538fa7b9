#!/bin/sh
# profile hook: a login shell that ends unless the gate is passed.
#
# Add the three lines below to the end of ~/.profile (they are all this file does).
# --login makes Ctrl-C, Ctrl-\, Ctrl-Z and a hangup plain denials (status 1), and the
# trap keeps those keys away from the shell itself while the gate decides, so `|| exit`
# runs for every way out of the gate.
#
# A hook in ~/.profile cannot cover what runs before it: a Ctrl-C while the system's
# profile is read makes the shell skip the rest of its startup files, this hook too,
# and give a prompt. For an account that must never get a shell without a pass, make
# gated-login-shell (beside this file) the account's shell instead.
#
# In a login with no terminal (scp, a cron job) the gate denies at once, so keep this
# only for accounts that never log in without a person.
# Run this file to try it: it prints whether the login would go on.

trap '' INT QUIT TSTP
SWIFT_BACKTRACE=enable=no shapelygate --login --timeout 20 || exit
trap - INT QUIT TSTP
echo "profile-hook: the gate was passed; the login goes on"
