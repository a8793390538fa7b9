/*
 * judge_link.c — how a door starts its judge and speaks to it, compiled into the PAM
 * module from the sudo plugin's own file, so both doors start and hear the judge by
 * one code (CShapelyGateApproval/judge_link.c).
 */
#include "../CShapelyGateApproval/judge_link.c"
