package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/sim/batch"
)

// Exit statuses (package command's), named here for execute.
const (
	exitOK          = command.ExitOK
	exitFailed      = command.ExitFailed
	exitUsage       = command.ExitUsage
	exitInterrupted = command.ExitInterrupted
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
	cmd.Annotations = map[string]string{command.Invocation: batch.ShellJoin(append([]string{name}, args...)), command.Arguments: string(words)}
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
	var ee *command.ExitError
	if errors.As(err, &ee) {
		code = ee.Code
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintf(stderr, "%s: %s\n", name, msg)
	}
	if code == exitUsage && re == nil {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", name)
	}
	return code
}
