/*
 * trusted_walk.c — the sudo plugin's trusted walk, compiled into the PAM module too, so
 * both doors open the judge by the one rule (CShapelyGateApproval/trusted.c).
 */
#include "../CShapelyGateApproval/trusted.c"
