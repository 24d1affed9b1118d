package outdir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// Marker names a directory as a crucible report directory and lists the
// files crucible wrote into it: the only files a report replaces or
// removes there.
const Marker = ".crucible-report"

// stagingInside begins the name of the directory, inside a report
// directory, in which a report that cannot be swapped in whole is written
// before its files are moved into place.
const stagingInside = ".crucible-new"

// LockFile is the file, inside a report directory, that a crucible run
// holds an exclusive flock on while the directory is open. It is opened for
// writing, so that the lock works where flock is emulated by byte-range
// locks (NFS), and removed when the run closes the directory; one left by
// a killed run is unlocked (the kernel drops a lock when its process ends,
// however it ends) and taken over by the next.
const LockFile = ".crucible-lock"

// markerFile is the marker's content.
type markerFile struct {
	About string   `json:"about"`
	Files []string `json:"files"`
}

const markerAbout = "a crucible report directory: a report replaces the files listed here, and crucible refuses the directory while it holds any other"

// listing is what a directory's marker says of it.
type listing struct {
	marked bool     // the directory has a marker,
	listed bool     // which lists the files crucible wrote (an earlier crucible's does not)
	files  []string // sorted
}

// readMarker reads the marker of dir. A marker crucible did not write is
// refused: one that is not a regular file (a symbolic link would make
// crucible read, and then trust, a file elsewhere), and one that lists
// anything but a plain name, since a report removes what its marker lists
// and crucible writes only files of the directory itself (see stage).
func readMarker(dir string) (listing, error) {
	path := filepath.Join(dir, Marker)
	if err := ownRegularFile(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return listing{}, nil
		}
		return listing{}, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return listing{}, err
	}
	var m markerFile
	if json.Unmarshal(data, &m) != nil {
		return listing{marked: true}, nil
	}
	for _, f := range m.Files {
		if !plainName(f) {
			return listing{}, fmt.Errorf("its marker %s lists %q, which is not a file crucible writes (crucible writes files of the directory itself, named without a /, never . or ..): the marker was not written by crucible; remove it if the directory is yours", Marker, f)
		}
	}
	slices.Sort(m.Files)
	return listing{marked: true, listed: true, files: m.Files}, nil
}

// plainName reports whether name names an entry of a directory itself, as
// every file crucible writes into a report directory does.
func plainName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, "/\x00")
}

// ownRegularFile returns an error unless path, one of crucible's own files
// in a report directory (the marker, the lock file), is a regular file or
// does not exist (an error satisfying errors.Is(err, fs.ErrNotExist)).
func ownRegularFile(path string) error {
	info, err := os.Lstat(path)
	switch {
	case err != nil:
		return err
	case info.Mode()&fs.ModeSymlink != 0:
		return &foreignFile{filepath.Base(path), "a symbolic link, which crucible does not make and would follow out of the directory"}
	case !info.Mode().IsRegular():
		return &foreignFile{filepath.Base(path), "not a regular file, as crucible makes it"}
	}
	return nil
}

// foreignFile says that what stands in the place of one of crucible's own
// files in a report directory was not made by crucible.
type foreignFile struct {
	name string // the file's name in the directory
	what string // what it is instead
}

func (f *foreignFile) Error() string {
	return fmt.Sprintf("%s is %s; remove it if the directory is yours", f.name, f.what)
}

// writeMarker writes the marker of dir, listing files, atomically.
func writeMarker(dir string, files []string) error {
	data, err := json.MarshalIndent(markerFile{markerAbout, append([]string{}, files...)}, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(dir, Marker), append(data, '\n'))
}

// owns reports whether the entry name of a directory listing l is
// crucible's: one it lists, or one a kill left behind.
func (l listing) owns(name string) bool { return l.lists(name) || l.leftover(name) }

// lists reports whether name is the marker, the lock file or a file the
// marker lists.
func (l listing) lists(name string) bool {
	return name == Marker || name == LockFile || slices.Contains(l.files, name)
}

// leftover reports whether name is what a kill leaves of crucible's own:
// the temporary of a file it lists or of the marker (WriteFileAtomic),
// or a report staged inside (replaceInside).
func (l listing) leftover(name string) bool {
	if isTempDir(name, stagingInside) {
		return true
	}
	base, ok := TemporaryOf(name)
	return ok && l.lists(base)
}

// someOf lists the first few names, and how many more there are.
func someOf(names []string) string {
	const shown = 5
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:shown], ", "), len(names)-shown)
}

// holdsOnlyReports reports whether dir is a report directory or holds
// nothing but report directories, at any depth.
func holdsOnlyReports(dir string) bool {
	if _, err := os.Lstat(filepath.Join(dir, Marker)); err == nil {
		return true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() || !holdsOnlyReports(filepath.Join(dir, e.Name())) {
			return false
		}
	}
	return true
}

// isTempDir reports whether name is one os.MkdirTemp gives for prefix.
func isTempDir(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	return ok && rest != "" && strings.Trim(rest, "0123456789") == ""
}

// clearReport removes the directory old, which held a report: the one a
// swap has just replaced, or one staged by a run killed before or during
// its swap. What its marker lists (all of it, when it has none: a report
// not yet finished) goes; anything else — a file the user added while the
// report was being made, a nested report — is moved into the report
// directory into. A name the new report has too is left in old, and the
// error says where.
func clearReport(old, into string) error {
	l, err := readMarker(old)
	if err != nil {
		return err
	}
	if !l.marked {
		return os.RemoveAll(old)
	}
	entries, err := os.ReadDir(old)
	if err != nil {
		return err
	}
	var kept []string
	for _, e := range entries {
		n := e.Name()
		if n == Marker {
			continue // last: without it, old would read as all crucible's
		}
		if l.owns(n) {
			os.RemoveAll(filepath.Join(old, n))
		} else if unix.Renameat2(unix.AT_FDCWD, filepath.Join(old, n), unix.AT_FDCWD, filepath.Join(into, n), unix.RENAME_NOREPLACE) != nil {
			kept = append(kept, n)
		}
	}
	if len(kept) > 0 {
		return fmt.Errorf("%s, added to %s while the report was being made, is kept in %s: the report has a file of that name", someOf(kept), into, old)
	}
	os.Remove(filepath.Join(old, Marker))
	return os.Remove(old)
}
