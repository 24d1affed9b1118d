// Command crucible fights seeded Monte Carlo battles under combat rulesets
// and reports win rates, round counts and stalemates with honest error bars.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(execute(ctx, os.Args[1:]))
}

// execute runs the command line and returns the process exit code: 0, 1 for
// errors and failed claims, 2 for bad usage, 130 after an interrupt.
func execute(ctx context.Context, args []string) int {
	cmd := newRootCmd()
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(os.Stderr, "crucible:", ee.msg)
		}
		return ee.code
	}
	fmt.Fprintln(os.Stderr, "crucible:", err)
	return 1
}

// exitError carries an exit code other than 1 (and a message, which may be
// empty when the command already said everything).
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }
