package reports

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/sim"
)

// CheckpointFile is the file an interrupted (or killed) run leaves in its
// report directory, from which `run --resume` finishes it.
const CheckpointFile = "checkpoint.json"

// marker names a directory as a crucible report directory, which OutDir may
// replace as a whole.
const marker = ".crucible-report"

// OutDir is the report directory of one command (--out DIR). Opening it
// checks, before the first trial, that the report can be written there, and
// locks it against a second crucible run; the run saves its checkpoints
// into it as it goes; the report replaces the directory's contents as a
// whole, or not at all.
type OutDir struct {
	// Command is the command line that makes the report, shown on its
	// page so that a reader can make it again.
	Command string
	path    string
	lock    *os.File
}

// OpenOutDir opens (creating it if need be) the report directory path. It
// refuses a directory that holds other files than a crucible report (it
// would be replaced), one it cannot write, and one another crucible run
// holds.
func OpenOutDir(path string) (*OutDir, error) {
	path = filepath.Clean(path)
	if err := os.MkdirAll(path, 0o777); err != nil {
		return nil, fmt.Errorf("--out %s: %w", path, err)
	}
	if err := checkReportDir(path); err != nil {
		return nil, err
	}
	lock, err := lockBeside(path)
	if err != nil {
		return nil, err
	}
	d := &OutDir{path: path, lock: lock}
	// A file written and removed now proves the directory writable before
	// any work is done.
	probe := filepath.Join(path, marker)
	if err := sim.WriteFileAtomic(probe, []byte("a crucible report directory: crucible replaces it as a whole\n")); err != nil {
		d.Close()
		return nil, fmt.Errorf("--out %s is not writable: %w", path, err)
	}
	return d, nil
}

// checkReportDir refuses a directory that is not empty and not a report
// directory: replacing it would delete the user's files.
func checkReportDir(path string) error {
	entries, err := os.ReadDir(path)
	if err != nil {
		return fmt.Errorf("--out %s: %w", path, err)
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(path, marker)); err == nil {
		return nil
	}
	return fmt.Errorf("--out %s holds files that are not a crucible report (%s, …); name a new or empty directory, since a report replaces the whole directory", path, entries[0].Name())
}

// lockBeside takes an exclusive lock on the file .<name>.lock beside the
// directory (the directory itself is replaced by each report, so its inode
// cannot carry the lock). The kernel drops the lock when the process ends,
// however it ends.
func lockBeside(path string) (*os.File, error) {
	lockPath := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, fmt.Errorf("--out %s: cannot create its lock file: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(lockPath)
		f.Close()
		return nil, fmt.Errorf("--out %s is in use by another crucible run (pid %s, lock %s); wait for it to end or choose another directory", path, strings.TrimSpace(string(holder)), lockPath)
	}
	f.Truncate(0)
	f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
	return f, nil
}

// Path returns the directory's path.
func (d *OutDir) Path() string { return d.path }

// Close releases the lock.
func (d *OutDir) Close() error { return d.lock.Close() }

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
	return sim.WriteCheckpoints(filepath.Join(d.path, CheckpointFile), cs)
}

// WriteReport replaces the directory's contents with the report of results
// and, when states is not nil (an interrupted run), their checkpoint. The
// report is written into a fresh sibling directory first and then swapped
// for the old one in one step, so that a reader sees the old report or the
// new one, never a mixture; if any file cannot be written (a full or
// read-only disk), the old report stays as it was and no temporary file is
// left.
func (d *OutDir) WriteReport(results []*analysis.Result, version string, states []*sim.Checkpoint) error {
	return d.replace(func(dir string) error { return writeDir(dir, results, Meta{version, d.Command}, nil) }, states)
}

// WriteCheck replaces the directory's contents with the report of a
// check: the results, and the verdicts first on the page and in
// verdicts.csv and verdicts.json; and, when states is not nil (an
// interrupted check), their checkpoint.
func (d *OutDir) WriteCheck(check *analysis.Check, version string, states []*sim.Checkpoint) error {
	return d.replace(func(dir string) error { return writeDir(dir, check.Results, Meta{version, d.Command}, check) }, states)
}

// WriteSweep replaces the directory's contents with the report of a sweep
// (WriteSweepDir) and, when states is not nil (an interrupted sweep),
// their checkpoint, as WriteReport does for a run: whole or not at all.
func (d *OutDir) WriteSweep(s *analysis.SweepResult, states []*sim.Checkpoint) error {
	return d.replace(func(dir string) error { return WriteSweepDir(dir, s, d.Command) }, states)
}

// WriteComparison replaces the directory's contents with the report of a
// comparison (WriteComparisonDir).
func (d *OutDir) WriteComparison(c *analysis.Comparison) error {
	return d.replace(func(dir string) error { return WriteComparisonDir(dir, c, d.Command) }, nil)
}

// replace writes a report with write into a fresh sibling directory, adds
// the checkpoint states (when not nil) and swaps it for the directory.
func (d *OutDir) replace(write func(dir string) error, states []*sim.Checkpoint) error {
	staging, err := os.MkdirTemp(filepath.Dir(d.path), "."+filepath.Base(d.path)+".new")
	if err != nil {
		return fmt.Errorf("writing the report beside %s: %w", d.path, err)
	}
	defer os.RemoveAll(staging) // after the swap, the old report
	if err := os.Chmod(staging, 0o777&^processUmask); err != nil {
		return err
	}
	if err := write(staging); err != nil {
		return d.inPlace(err, staging)
	}
	if states != nil {
		if err := sim.WriteCheckpoints(filepath.Join(staging, CheckpointFile), states); err != nil {
			return d.inPlace(err, staging)
		}
	}
	if err := sim.WriteFileAtomic(filepath.Join(staging, marker), []byte("a crucible report directory: crucible replaces it as a whole\n")); err != nil {
		return d.inPlace(err, staging)
	}
	if err := unix.Renameat2(unix.AT_FDCWD, staging, unix.AT_FDCWD, d.path, unix.RENAME_EXCHANGE); err != nil {
		return fmt.Errorf("replacing the report in %s: %w", d.path, err)
	}
	return nil
}

// inPlace rewrites an error about a file of the staging directory to name
// the file in the report directory, where the user will look for it.
func (d *OutDir) inPlace(err error, staging string) error {
	return errors.New(strings.ReplaceAll(err.Error(), staging, d.path))
}

// processUmask is the process's file-mode creation mask, read once at
// start-up (reading it means setting it, which must not race with other
// goroutines creating files).
var processUmask = func() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}()
