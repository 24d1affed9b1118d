package outdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// lockDir locks the report directory path (see LockFile). Every name of
// the directory (a symlink, a bind mount) meets the same lock. A lock taken
// on a file that stopped being path's lock file before it was locked (its
// holder closed and removed it, or swapped in a new report) is dropped and
// taken again. name is the path as the user gave it, for messages.
func lockDir(name, path string) (*os.File, error) {
	for range 10 {
		f, err := lockOpen(filepath.Join(path, LockFile))
		if errors.Is(err, unix.EWOULDBLOCK) {
			holder, _ := os.ReadFile(filepath.Join(path, LockFile))
			return nil, fmt.Errorf("--out %s is in use by another crucible run (pid %s); wait for it to end or choose another directory", name, strings.TrimSpace(string(holder)))
		}
		if foreign := (*foreignFile)(nil); errors.As(err, &foreign) {
			return nil, fmt.Errorf("--out %s: %w", name, err)
		}
		if err != nil {
			return nil, fmt.Errorf("--out %s is not writable: %w", name, err)
		}
		if namesFile(filepath.Join(path, LockFile), f) {
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("--out %s is being replaced over and over by another program; choose another directory", name)
}

// lockOpen opens (creating it if need be) the lock file path and locks it,
// without waiting, and writes into it who holds it. What stands in the
// lock file's place and is not a regular file is refused, not followed or
// waited on: a symbolic link (crucible would truncate the file it points
// to), a FIFO (opening it would wait for a writer).
func lockOpen(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|unix.O_NOFOLLOW|unix.O_NONBLOCK, 0o666)
	if errors.Is(err, unix.ELOOP) {
		return nil, ownRegularFile(path)
	}
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, ownRegularFile(path)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	host, _ := os.Hostname()
	f.Truncate(0)
	fmt.Fprintf(f, "%d on %s\n", os.Getpid(), host)
	return f, nil
}

// unlock removes the lock file f of the directory dir, if it is still its
// lock file, and releases the lock.
func unlock(dir string, f *os.File) error {
	if namesFile(filepath.Join(dir, LockFile), f) {
		os.Remove(filepath.Join(dir, LockFile))
	}
	return f.Close()
}

// namesFile reports whether path names the open file f.
func namesFile(path string, f *os.File) bool {
	now, err := os.Stat(path)
	if err != nil {
		return false
	}
	held, err := f.Stat()
	return err == nil && os.SameFile(now, held)
}
