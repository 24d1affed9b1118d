package scenarios

import (
	"io"
)

// A scenario or sweep may come on standard input, named by the argument
// Stdin ("-") where a file or built-in name would go, so that a script
// can pipe one in without writing a file.
const (
	// Stdin is the argument that reads standard input.
	Stdin = "-"
	// StdinFile names standard input in messages, where a file's path would
	// go ("<stdin>:3:5: …").
	StdinFile = "<stdin>"
	// stdinName is the name of a scenario from standard input without a
	// `name:` field; the name selects its random streams.
	stdinName = "stdin"
)

// ReadStdin reads the source of a scenario or sweep from r, standard
// input: at most MaxFileBytes, and one more byte, so that parsing tells a
// source that is too large, as it does for a file.
func ReadStdin(r io.Reader) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
}

// ParseStdin decodes a scenario read from standard input (see ReadStdin):
// messages name it <stdin>, and its name is its `name:` field, else
// "stdin". A file it includes (rules.Includer) is found from the working
// directory.
func ParseStdin(src []byte) (*Scenario, error) {
	return Parse(StdinFile, stdinName, src)
}

// ParseSweepStdin decodes a sweep read from standard input (see
// ReadStdin). ok is false when the source is no sweep (it may be the
// scenario a --vary sweep takes; a source that does not parse is left to
// that scenario's parse to report). A sweep's scenario given by path is
// found from the working directory.
func ParseSweepStdin(src []byte) (s *Sweep, ok bool, err error) {
	root, err := ParseYAML(StdinFile, src)
	if err != nil || root.Get("sweep") == nil {
		return nil, false, nil
	}
	s, err = parseSweep(root, StdinFile, stdinName)
	return s, true, err
}

// ParseRosterStdin decodes a roster read from standard input (see
// ReadStdin). Its base scenario given by path is found from the working
// directory, as a sweep's is: standard input has no folder.
func ParseRosterStdin(src []byte) (*Roster, error) {
	return ParseRoster(StdinFile, stdinName, src)
}
