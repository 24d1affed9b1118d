// Package command is what crucible's commands are built from: the flags
// of a run and the scenarios it reads (RunFlags: --seed, --trials,
// --workers, --set and --unset; a scenario as a file, a built-in name or
// standard input), the report directory's checkpoints (Checkpointing:
// --out, --resume, --checkpoint-every), the skill axis (SkillFlags:
// --skill), integer flags read in base 10 alone, the progress line on a
// terminal, the command lines a command prints (Reproduce), and how an
// error becomes an exit status (ExitError, UsageError: 2, Interrupted:
// 130).
//
// The commands that are packages of their own under cmd/cli (one per
// command, as kubectl's pkg/cmd/<verb>: each its options, its run and
// its printing) import this package and nothing else of cmd/cli; the
// root in cmd/cli imports them. So arrows run one way: cmd/cli → a
// command → command, and no command imports another.
//
// Files, each above the ones it uses (arrows between files run down but
// for the two marked ↑: RunFlags' own methods, kept beside what they
// serve):
//
//	checkpointing.go  skill.go          --out, --resume and the checkpoints; --skill
//	flags.go                            RunFlags: registering a run's flags, Plan, Load
//	scoped.go                           a check's --set SCOPE:PATH=VALUE; LoadChecked
//	input.go (↑ flags.go, scoped.go)    a scenario, sweep or roster argument, "-" read once; the overrides
//	progress.go  decimal.go             the progress line; integer flags in base 10
//	commandline.go  notice.go  exit.go  Version, Reproduce; a notice on stderr; exit statuses
package command
