package command

import (
	"context"
	"fmt"
	"io"

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
		return nil, &ExitError{Code: ExitInterrupted, Msg: "interrupted while waiting for a scenario on standard input"}
	}
}

// Stdin returns what standard input held, once a scenario given as "-"
// was read from it (nil before).
func (f *RunFlags) Stdin() []byte { return f.stdin.src }

// read reads the scenario ref names without overrides: a built-in name, a
// file, or "-", standard input.
func (f *RunFlags) read(ref string) (*scenarios.Scenario, error) {
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
func (f *RunFlags) checkOverrides() error {
	for _, p := range f.Unsets {
		if err := doc.CheckPath(p); err != nil {
			return UsageError("--unset %s: %v", p, err)
		}
	}
	for _, s := range f.Sets {
		if err := scenarios.CheckAssignment(s); err != nil {
			return UsageError("%v", err)
		}
	}
	return nil
}

// checkUnscoped is checkOverrides for a command whose --set applies to
// every scenario it reads, ref: a scope (SCOPE:PATH=VALUE), which picks
// one file of a check, is bad usage, answered with the unscoped form and
// what the scenario says of that (a misspelt field's nearest names).
func (f *RunFlags) checkUnscoped(ref string) error {
	for _, s := range f.Sets {
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
		return UsageError("%s", msg)
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
func (f *RunFlags) unset(sc *scenarios.Scenario) error {
	for _, p := range f.Unsets {
		if err := sc.Unset(p); err != nil {
			return err
		}
	}
	return nil
}

// DisplayRef names a scenario argument in messages: standard input as
// <stdin>, anything else as given.
func DisplayRef(ref string) string {
	if ref == scenarios.Stdin {
		return scenarios.StdinFile
	}
	return ref
}

// ReadSweep reads the sweep ref names: a built-in name, a file, or "-",
// standard input. ok is false when ref names no sweep (it may name the
// scenario of a --vary sweep).
func (f *RunFlags) ReadSweep(ref string) (s *scenarios.Sweep, ok bool, err error) {
	if ref != scenarios.Stdin {
		return scenarios.LoadSweep(ref)
	}
	src, err := f.stdin.source()
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", scenarios.StdinFile, err)
	}
	return scenarios.ParseSweepStdin(src)
}

// ReadRoster reads the roster ref names: a built-in name, a file, or "-",
// standard input. ok is false when ref names no roster.
func (f *RunFlags) ReadRoster(ref string) (r *scenarios.Roster, ok bool, err error) {
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

// LoadBase reads a sweep's base scenario and applies the sweep file's
// overrides, then --unset's and --set's (the command line wins).
func LoadBase(rf *RunFlags, ref string, sets []scenarios.Override) (*scenarios.Scenario, error) {
	if err := rf.checkUnscoped(ref); err != nil {
		return nil, err
	}
	sc, err := rf.read(ref)
	if err != nil {
		return nil, err
	}
	for _, o := range sets {
		if err := sc.Override(o); err != nil {
			return nil, err
		}
	}
	if err := rf.unset(sc); err != nil {
		return nil, err
	}
	for _, s := range rf.Sets {
		if err := sc.Set(s); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// OverrideWords returns the --unset and --set flags as words of a command
// line, in the order Load applies them.
func (f *RunFlags) OverrideWords() []string {
	var w []string
	for _, p := range f.Unsets {
		w = append(w, "--unset", p)
	}
	for _, s := range f.Sets {
		w = append(w, "--set", s)
	}
	return w
}
