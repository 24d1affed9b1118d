package reports

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// CheckpointFile is the file an interrupted (or killed) command leaves in
// its report directory, from which the same command with --resume
// finishes it.
const CheckpointFile = "checkpoint.json"

// OutDir is the report directory of one command (--out DIR). Opening it
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
type OutDir struct {
	// Command is the command line that makes the report, shown on its
	// page so that a reader can make it again.
	Command string
	name    string // the path as given, for messages
	path    string // the directory, absolute, its symlinks resolved
	swap    bool   // whether reports are swapped in whole

	mu    sync.Mutex
	lock  *os.File // its lock file (lockFile), locked
	files []string // the files crucible wrote here, as the marker lists them
}

// OpenOutDir opens (creating it if need be) the report directory path. It
// refuses a directory that holds files crucible did not write (naming
// them), one it cannot write, and one another crucible run holds, however
// either names it: a symlink stands for the directory it points to, which
// stays a symlink. What a killed run left of crucible's own is cleaned up.
func OpenOutDir(path string) (*OutDir, error) {
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
	d := &OutDir{name: name, path: real, lock: lock}
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
func (d *OutDir) Path() string { return d.name }

// Close releases the lock.
func (d *OutDir) Close() error { return unlock(d.path, d.lock) }

// ReadCheckpoints reads the checkpoint of the run reported in dir.
func ReadCheckpoints(dir string) ([]*sim.Checkpoint, error) {
	cs, err := sim.ReadCheckpoints(filepath.Join(dir, CheckpointFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no checkpoint in %s: %w", dir, err)
	}
	return cs, err
}

// SaveCheckpoints replaces the directory's checkpoint atomically.
func (d *OutDir) SaveCheckpoints(cs []*sim.Checkpoint) error {
	return d.writeFile(CheckpointFile, func(w io.Writer) error { return sim.EncodeCheckpoints(w, cs) })
}

// writeFile writes one file into the directory atomically with write,
// listing it in the marker first, so that a kill at any moment leaves it
// known as crucible's.
func (d *OutDir) writeFile(name string, write func(io.Writer) error) error {
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
	return sim.WriteAtomic(filepath.Join(d.path, name), write)
}

// WriteReport replaces the directory's report with the report of results
// and, when states is not nil (an interrupted run), their checkpoint. If
// any file cannot be written (a full or read-only disk), the old report
// stays as it was and no temporary file is left.
func (d *OutDir) WriteReport(results []*analysis.Result, version string, states []*sim.Checkpoint) error {
	return d.WriteRunReport(results, nil, nil, version, states)
}

// WriteRunReport is WriteReport with the results' policy spreads, which
// the page shows in their scenarios' sections and spread.csv lists, and
// their exact solutions (indexed as results; nil where a solver did not
// reach), which the page shows beside the estimates.
func (d *OutDir) WriteRunReport(results []*analysis.Result, spreads []*spread.Spread, exacts []*rules.Exact, version string, states []*sim.Checkpoint) error {
	return d.replace(func(dir string) error { return writeDir(dir, results, Meta{version, d.Command}, nil, spreads, exacts) }, states)
}

// WriteCheck replaces the directory's report with the report of a check:
// the results, and the verdicts first on the page and in verdicts.csv and
// verdicts.json; and, when states is not nil (an interrupted check), their
// checkpoint.
func (d *OutDir) WriteCheck(check *analysis.Check, version string, states []*sim.Checkpoint) error {
	return d.replace(func(dir string) error { return writeDir(dir, check.Results, Meta{version, d.Command}, check, nil, nil) }, states)
}

// WriteSweep replaces the directory's report with the report of a sweep
// (WriteSweepDir) and, when states is not nil (an interrupted sweep),
// their checkpoint, as WriteReport does for a run: whole or not at all.
func (d *OutDir) WriteSweep(s *sweep.Result, states []*sim.Checkpoint) error {
	return d.replace(func(dir string) error { return WriteSweepDir(dir, s, d.Command) }, states)
}

// WriteComparison replaces the directory's report with the report of a
// comparison (WriteComparisonDir) and, when states is not nil (an
// interrupted comparison), their checkpoint.
func (d *OutDir) WriteComparison(c *compare.Comparison, states []*sim.Checkpoint) error {
	return d.replace(func(dir string) error { return WriteComparisonDir(dir, c, d.Command) }, states)
}
