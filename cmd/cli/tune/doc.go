// Package tune is the crucible tune command: the value of a field that
// meets a target, found by a sequential bisection and re-checked
// (analysis/tune), and printed or written under --out
// (reports/tunereport). What it shares with the other commands (the run
// and scenario flags, checkpoints, --skill, exit statuses) it takes from
// cmd/cli/command; cmd/cli's root adds NewCmd, and crucible validate
// checks a tune file with Validate.
//
// Files:
//
//	tune.go   NewCmd, its flags, the run and the printing; a tune file or --vary and --target read; Validate
package tune
