// Package cli is crucible's command line as a library: the command tree
// (run, sweep, check, exact, …) that cmd/crucible runs, importable by a
// game that adds rulesets of its own, so that its own binary is a main
// that blank-imports its rulesets and runs a Program.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/sim/batch"
	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK          = 0
	exitFailed      = 1 // an error, or a claim that failed
	exitUsage       = 2 // bad usage: flags, arguments, a command that does not exist
	exitInterrupted = 130
)

// execute runs the command line and returns the process exit status. An
// error a command's RunE returns exits 1 (or the status it carries); any
// other error — an unknown command or flag, a flag value that does not
// parse, a wrong number of arguments — is cobra's and exits 2.
func execute(ctx context.Context, name string, args []string, stdout, stderr io.Writer) int {
	return executeIn(ctx, name, args, os.Stdin, stdout, stderr)
}

// executeIn is execute with the standard input a scenario given as "-" is
// read from.
func executeIn(ctx context.Context, name string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := newRootCmd(name)
	cmd.SetArgs(args)
	cmd.SetIn(stdin)
	words, _ := json.Marshal(append([]string{name}, args...))
	cmd.Annotations = map[string]string{invocation: batch.ShellJoin(append([]string{name}, args...)), arguments: string(words)}
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	err := cmd.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	code := exitUsage
	var re *runError
	if errors.As(err, &re) {
		code, err = exitFailed, re.err
	} else if uerr := unknownCommand(cmd, args); uerr != nil {
		err = uerr
	}
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintf(stderr, "%s: %s\n", name, msg)
	}
	if code == exitUsage && re == nil {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", name)
	}
	return code
}

// invocation is the root command's annotation holding the command line
// crucible was run with, shell-quoted.
const invocation = "invocation"

// arguments is the root command's annotation holding the words of the
// command line (the program's name first), as a JSON list.
const arguments = "arguments"

// reproduce returns the command line that makes the same output again:
// the one crucible was run with, without --resume, and the seed when the
// line gives none (drawn at random, or taken from a checkpoint). A
// resumed command's output is an uninterrupted one's, which its line
// without --resume makes; with it, once the command has finished and its
// checkpoint is gone, the line would fail.
func reproduce(cmd *cobra.Command, seed uint64) string {
	var words []string
	if err := json.Unmarshal([]byte(cmd.Root().Annotations[arguments]), &words); err != nil || len(words) == 0 {
		return cmd.Root().Annotations[invocation]
	}
	kept, rest, seeded := words[:1:1], []string(nil), false
	for i, w := range words[1:] {
		if w == "--" { // the rest are arguments, not flags
			rest = words[1+i:]
			break
		}
		if w == "--resume" || strings.HasPrefix(w, "--resume=") {
			continue
		}
		seeded = seeded || w == "--seed" || strings.HasPrefix(w, "--seed=")
		kept = append(kept, w)
	}
	if cmd.Flags().Lookup("seed") != nil && !seeded {
		kept = append(kept, "--seed", strconv.FormatUint(seed, 10))
	}
	return batch.ShellJoin(append(kept, rest...))
}

// exitError carries an exit status other than 1 (and a message, which may
// be empty when the command already said everything).
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageError is a bad-usage error found by a command itself (a flag value
// out of range, a format that does not exist): exit status 2.
func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// runError marks an error returned by a command's RunE, to tell it from
// cobra's own errors, which are all bad usage.
type runError struct{ err error }

func (e *runError) Error() string { return e.err.Error() }
func (e *runError) Unwrap() error { return e.err }
