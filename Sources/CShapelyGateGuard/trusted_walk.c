/*
 * trusted_walk.c — the sudo plugin's trusted walk, compiled into the shapelygate
 * program as well, so that `--check-sudo-conf` checks path= by the very rule the
 * plugin opens the judge by: one rule, in one file (CShapelyGateApproval/trusted.c).
 */
#include "../CShapelyGateApproval/trusted.c"
