// Package meta is the crucible meta command: a roster's entries fought
// every one against every one (analysis/meta), the matrix read as a game,
// and the answer printed or written under --out (reports/metareport).
// What it shares with the other commands (the run and scenario flags,
// checkpoints, --skill, exit statuses) it takes from cmd/cli/command;
// cmd/cli's root adds NewCmd, and crucible validate checks a roster with
// Validate.
//
// Files:
//
//	meta.go   NewCmd, its flags, the run and the printing; --balance; Validate
package meta
