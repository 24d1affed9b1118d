package workbench

import (
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/scenarios"
)

// Dir is the directory the workbench reads scenario files from, resolved
// to its real path: a file is read only when its own real path, symlinks
// followed, lies inside it.
type Dir struct{ root string }

// OpenDir resolves path (symlinks followed) and checks that it is a
// directory.
func OpenDir(path string) (Dir, error) {
	abs, err := filepath.Abs(path)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return Dir{}, fmt.Errorf("%s: %v", path, unwrapPath(err))
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return Dir{}, fmt.Errorf("%s: not a directory", path)
	}
	return Dir{abs}, nil
}

// scenarioExts are the endings of the files the page lists.
var scenarioExts = []string{".yaml", ".yml"}

// List returns the scenario files of the directory and its subdirectories,
// relative to it with forward slashes, in name order; symlinks are not
// followed (a file that is one is listed, and read only if it points
// inside).
func (d Dir) List() ([]string, error) {
	if d.root == "" {
		return nil, nil
	}
	var out []string
	err := filepath.WalkDir(d.root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable subdirectory is left out
		}
		if e.IsDir() && p != d.root && strings.HasPrefix(e.Name(), ".") {
			return fs.SkipDir
		}
		if !e.IsDir() && slices.Contains(scenarioExts, filepath.Ext(p)) {
			out = append(out, filepath.ToSlash(within(d.root, p)))
		}
		return nil
	})
	return out, err
}

// Resolve returns the real path of the file rel names (relative to the
// directory, forward slashes), refusing one outside it: an absolute name,
// a `..`, or a symlink anywhere on the way that leads out.
func (d Dir) Resolve(rel string) (string, error) {
	if d.root == "" {
		return "", refuse(http.StatusForbidden, "%s: the workbench reads no files: start it with a directory (crucible serve DIR)", rel)
	}
	clean := filepath.FromSlash(rel)
	if rel == "" || filepath.IsAbs(clean) || !filepath.IsLocal(clean) {
		return "", refuse(http.StatusForbidden, "%s: outside the workbench's directory: name a file inside it", rel)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(d.root, clean))
	if err != nil {
		return "", fmt.Errorf("%s: %v", rel, unwrapPath(err))
	}
	if real != d.root && !strings.HasPrefix(real, d.root+string(filepath.Separator)) {
		return "", refuse(http.StatusForbidden, "%s: a link to a file outside the workbench's directory", rel)
	}
	return real, nil
}

// Read returns the source of the scenario file rel names inside the
// directory, at most scenarios.MaxFileBytes of it.
func (d Dir) Read(rel string) ([]byte, error) {
	real, err := d.Resolve(rel)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(real)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %v", rel, unwrapPath(err))
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s: not a regular file", rel)
	case fi.Size() > scenarios.MaxFileBytes:
		return nil, fmt.Errorf("%s: larger than %d bytes, the most a scenario file may have", rel, scenarios.MaxFileBytes)
	}
	return os.ReadFile(real)
}

// unwrapPath drops the absolute path a PathError repeats.
func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
