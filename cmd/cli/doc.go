// Package cli is crucible's command line as a library: the command tree
// (run, sweep, check, exact, …) that cmd/crucible runs, importable by a
// game that adds rulesets of its own, so that its own binary is a main
// that blank-imports its rulesets and runs a Program.
//
// The tree is built as kubectl's pkg/cmd/<verb>: a command of any size is
// a package of its own under cmd/cli — check, compare, explain, ladder,
// meta, sweep, tune — holding its options, its run and its printing, and
// exporting NewCmd (and Validate, for a file crucible validate checks);
// the root here adds them beside the small commands it keeps. What the
// commands share (the run and scenario flags, the scenario read from a
// file, a built-in name or standard input, checkpoints, --skill, the
// progress line, exit statuses) is cmd/cli/command, which imports nothing
// of the tree. So imports run one way: cmd/cli → a command's package →
// cmd/cli/command, no command imports another, and no cycle can form.
//
// An error a command returns exits 1, or the status an ExitError of
// cmd/cli/command carries (2 bad usage, 130 interrupted); any error of
// cobra's own (an unknown command or flag, a value that does not parse)
// is bad usage. The end-to-end tests here run the root command on whole
// command lines, for every command, wherever it lives.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	program.go                                Program and Main: a binary's entry, Ctrl-C and SIGTERM
//	main.go                                   execute: a command line run to its exit status
//	root.go                                   the root: every command added; errors told from cobra's
//	batch.go  export.go  replay.go  show.go   one small command each
//	serve.go  merge.go                        the workbench; shards merged (run's printing)
//	run.go  exact.go                          Monte Carlo and exact runs, with the --spread of spread.go
//	scenarios.go                              scenarios and validate (sweep, tune and meta's Validate)
//	rules.go  spread.go  suggest.go           the reference; --spread; did-you-mean for commands and flags
package cli
