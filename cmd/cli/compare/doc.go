// Package compare is the crucible compare command: two variants of a
// scenario fought on common random numbers, or solved exactly
// (analysis/compare), their difference and margins printed or written
// under --out (reports/comparereport). What it shares with the other
// commands (the run and scenario flags, checkpoints, --skill, exit
// statuses) it takes from cmd/cli/command; cmd/cli's root adds NewCmd.
//
// Files:
//
//	compare.go   NewCmd, its flags, the run (sampled or exact) and the printing
package compare
