// Package check is the crucible check command: the claims written in
// scenario files judged (analysis: Check, CheckUntilDecided, the exact
// solves), each --set in its scope (SCOPE:PATH=VALUE), and the verdicts
// printed as a table, CSV, JSON, JUnit XML or GitHub annotations
// (reports/verdicts) or written under --out. What it shares with the other
// commands (the run and scenario flags, checkpoints, --skill, exit
// statuses) it takes from cmd/cli/command; cmd/cli's root adds NewCmd.
//
// Files:
//
//	check.go   NewCmd, its flags, the run (fixed, sequential or exact) and the verdicts
package check
