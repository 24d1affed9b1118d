package scenarios

import "slices"

// File is a file a scenario was read from, with the bytes read: what a
// tool that runs the scenario elsewhere (crucible batch) must take along.
type File struct {
	// Path is the name the file was opened by.
	Path string
	// Ref is how the scenario names the file: the scenario file's own is
	// the reference Load was given; an included file's is the name its
	// field holds (rules.Includer), relative to the scenario file's
	// directory, or to the working directory when Origin is set.
	Ref string
	// Field is the top-level field that included the file; "" for the
	// scenario file itself.
	Field string
	// Origin is the override that named an included file, e.g.
	// `--set scenario=maps/x.json`; "" when the scenario file named it.
	Origin string
	Src    []byte
}

// Files returns the files the scenario was read from, in the order they
// were read: the scenario file, then each included file, those named by
// overrides last. Built-in files, which every crucible holds, are not
// listed.
func (s *Scenario) Files() []File { return slices.Clone(s.files) }

// read records a file the scenario was read from. A clone of the scenario
// shares the record so far, never what either adds.
func (s *Scenario) read(f File) { s.files = append(slices.Clip(s.files), f) }
