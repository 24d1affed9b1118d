// Package explain is the crucible explain command: flags → calls into
// analysis/explain → reports/explainreport. What it shares with the other
// commands (the scenario and run flags, how an error becomes an exit
// status) it takes from cmd/cli/command; cmd/cli's root adds NewCmd.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	explain.go      NewCmd, its flags; examples, paths and attribution
//	sensitivity.go  --sensitivity: the fields' Sobol indices
//	options.go      the flags' values; an answer printed and written under --out
package explain
