package outdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/sim"
)

// CheckpointFile is the file an interrupted (or killed) command leaves in
// its report directory, from which the same command with --resume
// finishes it.
const CheckpointFile = "checkpoint.json"

// Dir is the report directory of one command (--out DIR). Opening it
// checks, before the first trial, that the report can be written there, and
// locks it against a second crucible run; the run saves its checkpoints
// into it as it goes; each report replaces the last one whole.
//
// A report replaces only files crucible wrote: the directory's marker file
// lists them, and a directory holding any other file is refused when it is
// opened. Where the directory can be swapped for another (see canSwap),
// the report is written beside it and swapped in one step, so that a
// reader sees the old report or the new one; elsewhere (a mount point, the
// working directory) it is written inside it first and then moved into
// place file by file.
type Dir struct {
	// Command is the command line that makes the report, shown on its
	// page so that a reader can make it again.
	Command string
	// Skill is the command's skill axis (--skill), which a report shows
	// beside its headline and in its JSON; nil when none was asked.
	Skill []*skill.Axis
	name  string // the path as given, for messages
	path  string // the directory, absolute, its symlinks resolved
	swap  bool   // whether reports are swapped in whole

	mu    sync.Mutex
	lock  *os.File   // its lock file (LockFile), locked
	files []string   // the files crucible wrote here, as the marker lists them
	kept  []*os.File // the tally files made (TallyFile), closed by Close
}

// Open opens (creating it if need be) the report directory path. It
// refuses a directory that holds files crucible did not write (naming
// them), one it cannot write, and one another crucible run holds, however
// either names it: a symlink stands for the directory it points to, which
// stays a symlink. What a killed run left of crucible's own is cleaned up.
func Open(path string) (*Dir, error) {
	name := filepath.Clean(path)
	if err := os.MkdirAll(name, 0o777); err != nil {
		return nil, fmt.Errorf("--out %s: %w", name, err)
	}
	real, err := filepath.EvalSymlinks(name)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return nil, fmt.Errorf("--out %s: %w", name, err)
	}
	lock, err := lockDir(name, real)
	if err != nil {
		return nil, err
	}
	d := &Dir{name: name, path: real, lock: lock}
	if err := d.adopt(); err != nil {
		d.Close()
		return nil, err
	}
	d.swap = d.canSwap()
	// Writing the marker now proves the directory writable before any work
	// is done.
	if err := writeMarker(d.path, d.files); err != nil {
		d.Close()
		return nil, fmt.Errorf("--out %s is not writable: %w", name, err)
	}
	return d, nil
}

// Path returns the directory's path as it was given.
func (d *Dir) Path() string { return d.name }

// Close closes the tally files made and releases the lock. A tally file
// left open to its collection held its disk's space, and kept a volume
// the report went to from being unmounted, after the command had ended.
func (d *Dir) Close() error {
	d.mu.Lock()
	var errs []error
	for _, f := range d.kept {
		errs = append(errs, f.Close())
	}
	d.kept = nil
	d.mu.Unlock()
	return errors.Join(append(errs, unlock(d.path, d.lock))...)
}

// ReadCheckpoints reads the checkpoint of the run reported in dir.
func ReadCheckpoints(dir string) ([]*sim.Checkpoint, error) {
	cs, err := sim.ReadCheckpoints(filepath.Join(dir, CheckpointFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no checkpoint in %s: %w", dir, err)
	}
	return cs, err
}

// SaveCheckpoints replaces the directory's checkpoint atomically.
func (d *Dir) SaveCheckpoints(cs []*sim.Checkpoint) error {
	return d.writeFile(CheckpointFile, func(w io.Writer) error { return sim.EncodeCheckpoints(w, cs) })
}

// writeFile writes one file into the directory atomically with write,
// listing it in the marker first, so that a kill at any moment leaves it
// known as crucible's.
func (d *Dir) writeFile(name string, write func(io.Writer) error) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !slices.Contains(d.files, name) {
		files := append(slices.Clone(d.files), name)
		slices.Sort(files)
		if err := writeMarker(d.path, files); err != nil {
			return err
		}
		d.files = files
	}
	return WriteAtomic(filepath.Join(d.path, name), write)
}

// adopt takes the directory over: it cleans up what a killed run left of
// crucible's own (see clearStagedBeside) and refuses the directory if it
// holds anything else crucible did not write, naming it, since a report
// would replace it. Report directories nested in it (make demo writes the
// sweeps into out/sweeps/) are kept as they are.
func (d *Dir) adopt() error {
	d.clearStagedBeside()
	l, err := readMarker(d.path)
	if err != nil {
		return fmt.Errorf("--out %s: %w", d.name, err)
	}
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return fmt.Errorf("--out %s: %w", d.name, err)
	}
	var others []string
	// A listed name that is a directory is not crucible's: it writes only
	// files (see stage), and a report would remove what it lists.
	for _, e := range entries {
		n := e.Name()
		switch {
		case l.lists(n) && !e.IsDir():
		case l.leftover(n):
			os.RemoveAll(filepath.Join(d.path, n))
		case e.IsDir() && holdsOnlyReports(filepath.Join(d.path, n)):
			l.files = slices.DeleteFunc(l.files, func(f string) bool { return f == n })
		default:
			others = append(others, n)
		}
	}
	d.files = l.files
	switch {
	case len(others) == 0:
		return nil
	case l.marked && !l.listed:
		return fmt.Errorf("--out %s holds a report of an earlier crucible, which did not list the files it wrote (%s), so they cannot be told from yours: remove them, or name a new or empty directory", d.name, someOf(others))
	}
	return fmt.Errorf("--out %s holds files crucible did not write (%s): a report goes into a new or empty directory, or one holding only crucible's files; move them away, or name another directory", d.name, someOf(others))
}

// clearStagedBeside clears the directories a run killed while it swapped a
// report in left beside the report directory (see clearReport). Since the
// directory is locked, no live run is using them.
func (d *Dir) clearStagedBeside() {
	parent := filepath.Dir(d.path)
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		if e.IsDir() && isTempDir(e.Name(), d.stagingBeside()) {
			clearReport(filepath.Join(parent, e.Name()), d.path)
		}
	}
}
