// Package ladder is the crucible ladder command: a ruleset's players
// ranked rung by rung, each step a sequential test on side-swapped pairs
// of games (analysis/ladder), the steps and ratings printed or written
// under --out (reports/ladderreport). What it shares with the other
// commands (the run and scenario flags, checkpoints, exit statuses) it
// takes from cmd/cli/command; cmd/cli's root adds NewCmd.
//
// Files:
//
//	ladder.go   NewCmd, its flags, the run and the printing
package ladder
