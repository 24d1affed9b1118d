package command

import (
	"errors"
	"fmt"
)

// Exit statuses.
const (
	ExitOK          = 0
	ExitFailed      = 1 // an error, or a claim that failed
	ExitUsage       = 2 // bad usage: flags, arguments, a command that does not exist
	ExitInterrupted = 130
)

// ExitError carries an exit status other than 1 (and a message, which may
// be empty when the command already said everything).
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string { return e.Msg }

// UsageError is a bad-usage error found by a command itself (a flag value
// out of range, a format that does not exist): exit status 2.
func UsageError(format string, args ...any) error {
	return &ExitError{Code: ExitUsage, Msg: fmt.Sprintf(format, args...)}
}

// Interrupted reports whether err is an interrupt (exit 130).
func Interrupted(err error) bool {
	var ee *ExitError
	return errors.As(err, &ee) && ee.Code == ExitInterrupted
}
