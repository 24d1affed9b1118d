package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// stdinSource is a command's standard input as the source of a scenario
// given as "-". It is read once: a command that loads "-" twice (compare
// with --set-a and --set-b, compare - -) loads one scenario twice.
type stdinSource struct {
	in   func() io.Reader       // the command's standard input (cmd.InOrStdin)
	ctx  func() context.Context // the command's context (cmd.Context)
	read bool
	src  []byte
	err  error
}

// source returns what standard input holds, or an interrupt (exit 130)
// if the command's context ends while it waits for it.
func (s *stdinSource) source() ([]byte, error) {
	if !s.read {
		s.read = true
		if s.in == nil {
			s.err = fmt.Errorf("this command reads no scenario from standard input")
		} else {
			s.src, s.err = readStdin(s.ctx(), s.in())
		}
	}
	return s.src, s.err
}

// readStdin reads r as scenarios.ReadStdin does, but gives up when ctx
// ends (Ctrl-C, SIGTERM): a read that waits on a terminal, or on a pipe
// nothing writes to, cannot itself be interrupted, so it goes on in a
// goroutine that the exiting process leaves behind.
func readStdin(ctx context.Context, r io.Reader) ([]byte, error) {
	type read struct {
		src []byte
		err error
	}
	done := make(chan read, 1)
	go func() {
		src, err := scenarios.ReadStdin(r)
		done <- read{src, err}
	}()
	select {
	case got := <-done:
		return got.src, got.err
	case <-ctx.Done():
		return nil, &exitError{code: exitInterrupted, msg: "interrupted while waiting for a scenario on standard input"}
	}
}

// interrupted reports whether err is an interrupt (exit 130).
func interrupted(err error) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.code == exitInterrupted
}

// read reads the scenario ref names without overrides: a built-in name, a
// file, or "-", standard input.
func (f *runFlags) read(ref string) (*scenarios.Scenario, error) {
	if ref != scenarios.Stdin {
		return scenarios.Load(ref)
	}
	src, err := f.stdin.source()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", scenarios.StdinFile, err)
	}
	return scenarios.ParseStdin(src)
}

// checkOverrides refuses a malformed --set or --unset, which is bad usage
// whatever the scenario.
func (f *runFlags) checkOverrides() error {
	for _, p := range f.unsets {
		if err := doc.CheckPath(p); err != nil {
			return usageError("--unset %s: %v", p, err)
		}
	}
	for _, s := range f.sets {
		if err := scenarios.CheckAssignment(s); err != nil {
			return usageError("%v", err)
		}
	}
	return nil
}

// checkUnscoped is checkOverrides for a command whose --set applies to
// every scenario it reads, ref: a scope (SCOPE:PATH=VALUE), which picks
// one file of a check, is bad usage, answered with the unscoped form and
// what the scenario says of that (a misspelt field's nearest names).
func (f *runFlags) checkUnscoped(ref string) error {
	for _, s := range f.sets {
		p := parseScopedSet(s)
		if p.scope == "" {
			continue
		}
		msg := fmt.Sprintf("--set %s: a scope (%s:) picks one file of a check; this command sets every scenario it reads with PATH=VALUE; did you mean --set '%s'?", s, p.scope, p.assignment)
		if err := scenarios.CheckAssignment(p.assignment); err == nil {
			if sc, err := f.read(ref); err == nil {
				if err := trySet(sc.Clone(), p.assignment); err != nil {
					msg += " (which says: " + err.Error() + ")"
				}
			}
		}
		return usageError("%s", msg)
	}
	return f.checkOverrides()
}

// trySet applies assignment to sc and compiles it, for the error a
// field path or value gets.
func trySet(sc *scenarios.Scenario, assignment string) error {
	if err := sc.Set(assignment); err != nil {
		return err
	}
	_, err := sc.Compile()
	return err
}

// unset applies the --unset flags to sc. They come before any --set, so
// that a field can be replaced by another (`--unset b.npc --set
// b.ship=N2b`).
func (f *runFlags) unset(sc *scenarios.Scenario) error {
	for _, p := range f.unsets {
		if err := sc.Unset(p); err != nil {
			return err
		}
	}
	return nil
}

// displayRef names a scenario argument in messages: standard input as
// <stdin>, anything else as given.
func displayRef(ref string) string {
	if ref == scenarios.Stdin {
		return scenarios.StdinFile
	}
	return ref
}

// readSweep reads the sweep ref names: a built-in name, a file, or "-",
// standard input. ok is false when ref names no sweep (it may name the
// scenario of a --vary sweep).
func (f *runFlags) readSweep(ref string) (s *scenarios.Sweep, ok bool, err error) {
	if ref != scenarios.Stdin {
		return scenarios.LoadSweep(ref)
	}
	src, err := f.stdin.source()
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", scenarios.StdinFile, err)
	}
	return scenarios.ParseSweepStdin(src)
}

// readRoster reads the roster ref names: a built-in name, a file, or "-",
// standard input. ok is false when ref names no roster.
func (f *runFlags) readRoster(ref string) (r *scenarios.Roster, ok bool, err error) {
	if ref != scenarios.Stdin {
		return scenarios.LoadRoster(ref)
	}
	src, err := f.stdin.source()
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", scenarios.StdinFile, err)
	}
	r, err = scenarios.ParseRosterStdin(src)
	return r, true, err
}

// notASweep is sweep's error for a ref that names no sweep and comes
// without --vary: bad usage for a scenario, an input error (with the
// nearest built-in names) for a name that is neither a file nor built in.
func notASweep(ref string) error {
	if _, err := os.Stat(ref); err != nil && ref != scenarios.Stdin && !scenarios.IsBuiltin(ref) {
		return fmt.Errorf("%s: no such file and no built-in sweep or scenario of that name%s", ref, scenarios.NearestBuiltin(ref))
	}
	return usageError("%s is not a sweep: name one or two fields to vary with --vary PATH=LIST, or give a sweep file (crucible scenarios lists the built-in ones)", displayRef(ref))
}
