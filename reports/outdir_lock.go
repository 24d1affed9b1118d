package reports

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// lockDir takes an exclusive lock on the directory path itself, so that no
// lock file is left anywhere and every name of the directory (a symlink, a
// bind mount) meets the same lock. A report swapped in is locked before it
// takes the directory's place (see replaceBeside), so that the lock holds
// through swaps; a lock taken on a directory that was swapped out between
// opening and locking it is dropped and taken again on the one the path
// names now. The kernel drops the lock when the process ends, however it
// ends. name is the path as the user gave it, for messages.
func lockDir(name, path string) (*os.File, error) {
	for range 10 {
		f, err := lockOpen(path)
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, fmt.Errorf("--out %s is in use by another crucible run (pid %s); wait for it to end or choose another directory", name, lockHolder(path))
		}
		if err != nil {
			return nil, fmt.Errorf("--out %s: %w", name, err)
		}
		same, err := namesFile(path, f)
		if err == nil && same {
			return f, nil
		}
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("--out %s: %w", name, err)
		}
	}
	return nil, fmt.Errorf("--out %s is being replaced over and over by another program; choose another directory", name)
}

// lockOpen opens the directory path and locks it, without waiting.
func lockOpen(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// namesFile reports whether path names the open file f.
func namesFile(path string, f *os.File) (bool, error) {
	now, err := os.Stat(path)
	if err != nil {
		return false, err
	}
	held, err := f.Stat()
	if err != nil {
		return false, err
	}
	return os.SameFile(now, held), nil
}

// lockHolder returns the process id holding the lock on path, read from
// /proc/locks, or "unknown".
func lockHolder(path string) string {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return "unknown"
	}
	id := fmt.Sprintf("%02x:%02x:%d", unix.Major(st.Dev), unix.Minor(st.Dev), st.Ino)
	f, err := os.Open("/proc/locks")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	// A line: "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; a waiter's
	// has "->" after the number.
	for s := bufio.NewScanner(f); s.Scan(); {
		fields := strings.Fields(s.Text())
		if len(fields) >= 6 && fields[1] == "FLOCK" && fields[5] == id {
			return fields[4]
		}
	}
	return "unknown"
}
