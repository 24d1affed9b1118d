// Package sweep is the crucible sweep command: a base scenario fought at
// every point of a grid of one or two fields on common random numbers
// (analysis/sweep), the curve, heat map, break-even or ranking printed or
// written under --out (reports/sweepreport). What it shares with the other
// commands (the run and scenario flags, checkpoints, exit statuses) it
// takes from cmd/cli/command; cmd/cli's root adds NewCmd, and crucible
// validate checks a sweep file with Validate.
//
// Files:
//
//	sweep.go   NewCmd, its flags, the run and the printing; a sweep file or --vary read; Validate
package sweep
