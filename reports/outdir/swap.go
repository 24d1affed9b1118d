package outdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/crucible-sim/crucible/sim"
)

// canSwap reports whether a report can be staged beside the directory and
// swapped for it in one step. Not when the directory is a mount point (a
// container's output volume: rename(2) will not move it), nor when it is
// the working directory (--out .: the shell the user runs crucible from
// would be left in the removed one), nor when its parent takes no new
// directory or its file system no exchange of two (a read-only parent, a
// file system without RENAME_EXCHANGE), as tried on two empty directories
// beside it.
func (d *Dir) canSwap() bool {
	if mountRoot(d.path) || isWorkingDir(d.path) {
		return false
	}
	a, err := d.stageBeside()
	if err != nil {
		return false
	}
	defer os.Remove(a)
	b, err := d.stageBeside()
	if err != nil {
		return false
	}
	defer os.Remove(b)
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE) == nil
}

// stageBeside creates an empty directory beside the report directory, named
// from it (clearStagedBeside finds it by that name after a kill).
func (d *Dir) stageBeside() (string, error) {
	return os.MkdirTemp(filepath.Dir(d.path), d.stagingBeside())
}

// stagingBeside begins the names of the directories stageBeside creates.
func (d *Dir) stagingBeside() string { return "." + filepath.Base(d.path) + ".new" }

// mountRoot reports whether path is the root of a mount: statx's
// STATX_ATTR_MOUNT_ROOT (Linux 5.8), or before it whether path is on
// another device than its parent. When it cannot tell, it says yes, since
// a report written in place can be written anywhere.
func mountRoot(path string) bool {
	var st unix.Statx_t
	if unix.Statx(unix.AT_FDCWD, path, unix.AT_SYMLINK_NOFOLLOW, unix.STATX_INO, &st) != nil {
		return true
	}
	if st.Attributes_mask&unix.STATX_ATTR_MOUNT_ROOT != 0 {
		return st.Attributes&unix.STATX_ATTR_MOUNT_ROOT != 0
	}
	var parent unix.Stat_t
	if unix.Stat(filepath.Dir(path), &parent) != nil {
		return true
	}
	return parent.Dev != unix.Mkdev(st.Dev_major, st.Dev_minor)
}

// isWorkingDir reports whether path is the process's working directory.
func isWorkingDir(path string) bool {
	dir, err := os.Stat(path)
	if err != nil {
		return false
	}
	wd, err := os.Stat(".")
	return err == nil && os.SameFile(dir, wd)
}

// Replace writes a report with write (and the checkpoint states, when not
// nil) and puts it in the place of the last one: swapped in whole where
// the directory can be swapped, and moved in file by file where it cannot,
// or where a swap expected to work fails.
func (d *Dir) Replace(write func(dir string) error, states []*sim.Checkpoint) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.swap {
		err := d.replaceBeside(write, states)
		if !errors.Is(err, errNoSwap) {
			return err
		}
		d.swap = false
	}
	return d.replaceInside(write, states)
}

// errNoSwap says that a report could not be swapped in whole, though
// canSwap expected it could.
var errNoSwap = errors.New("cannot swap the report in")

// replaceBeside writes the report into a fresh directory beside the report
// directory and exchanges the two in one step, so that a reader sees the
// old report or the new one, never a mixture, and a failure to write any
// file (a full disk) leaves the old one whole. The new directory's lock
// file is locked before it takes the old one's place, so that the lock
// holds throughout.
func (d *Dir) replaceBeside(write func(dir string) error, states []*sim.Checkpoint) error {
	staging, err := d.stageBeside()
	if err != nil {
		return fmt.Errorf("%w: %v", errNoSwap, err)
	}
	swapped := false
	defer func() {
		if !swapped {
			os.RemoveAll(staging)
		}
	}()
	if err := os.Chmod(staging, 0o777&^ProcessUmask); err != nil {
		return err
	}
	files, err := d.stage(staging, write, states)
	if err != nil {
		return err
	}
	if err := writeMarker(staging, files); err != nil {
		return d.inPlace(err, staging)
	}
	lock, err := lockOpen(filepath.Join(staging, LockFile))
	if err != nil {
		return err
	}
	if err := unix.Renameat2(unix.AT_FDCWD, staging, unix.AT_FDCWD, d.path, unix.RENAME_EXCHANGE); err != nil {
		lock.Close()
		return fmt.Errorf("%w: %v", errNoSwap, err)
	}
	swapped = true
	old := d.lock
	defer old.Close()
	d.lock, d.files = lock, files
	return clearReport(staging, d.path)
}

// replaceInside writes the report into a directory inside the report
// directory, then moves its files into place one by one (each rename is
// atomic) and removes the last report's files that the new one does not
// have. A failure to write any file (a full disk) leaves the old report
// whole; a reader, or a kill, during the moves may see files of both. The
// marker lists the files of both reports while they are moved, so that
// none is ever unknown. A file crucible did not write is left alone, even
// one added since the directory was opened under a name the report has.
func (d *Dir) replaceInside(write func(dir string) error, states []*sim.Checkpoint) error {
	staging, err := os.MkdirTemp(d.path, stagingInside)
	if err != nil {
		return fmt.Errorf("writing the report into %s: %w", d.name, err)
	}
	defer os.RemoveAll(staging)
	files, err := d.stage(staging, write, states)
	if err != nil {
		return err
	}
	old := d.files
	both := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(old), files...))))
	if err := writeMarker(d.path, both); err != nil {
		return err
	}
	d.files = both
	var now, kept []string
	for _, n := range files {
		var flags uint
		if !slices.Contains(old, n) {
			flags = unix.RENAME_NOREPLACE
		}
		err := unix.Renameat2(unix.AT_FDCWD, filepath.Join(staging, n), unix.AT_FDCWD, filepath.Join(d.path, n), flags)
		switch {
		case errors.Is(err, unix.EEXIST):
			kept = append(kept, n)
		case err != nil:
			return fmt.Errorf("writing %s: %w", filepath.Join(d.name, n), err)
		default:
			now = append(now, n)
		}
	}
	for _, n := range old {
		if !slices.Contains(files, n) {
			if err := os.Remove(filepath.Join(d.path, n)); err != nil && !errors.Is(err, os.ErrNotExist) {
				now = append(now, n) // still there: still crucible's
			}
		}
	}
	slices.Sort(now)
	if err := writeMarker(d.path, now); err != nil {
		return err
	}
	d.files = now
	if len(kept) > 0 {
		return fmt.Errorf("the report's %s is not written: a file of that name, which crucible did not write, appeared in %s while the report was being made; it is left as it is", someOf(kept), d.name)
	}
	return nil
}

// stage writes the report and the checkpoint states (when not nil) into
// the empty directory dir and returns the names of its files. An error
// names a file as it would be in the report directory.
func (d *Dir) stage(dir string, write func(dir string) error, states []*sim.Checkpoint) ([]string, error) {
	err := write(dir)
	if err == nil && states != nil {
		err = WriteCheckpoints(filepath.Join(dir, CheckpointFile), states)
	}
	if err != nil {
		return nil, d.inPlace(err, dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		files = append(files, e.Name())
	}
	return files, nil
}

// inPlace rewrites an error about a file of the staging directory to name
// the file in the report directory, where the user will look for it.
func (d *Dir) inPlace(err error, staging string) error {
	return errors.New(strings.ReplaceAll(err.Error(), staging, d.name))
}

// ProcessUmask is the process's file-mode creation mask, read once at
// start-up (reading it means setting it, which must not race with other
// goroutines creating files).
var ProcessUmask = func() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}()
