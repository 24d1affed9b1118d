package workbench

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/crucible-sim/crucible/scenarios"
)

// Dir is the directory the workbench reads files from: the scenario files
// the page opens and the files those scenarios include (a DBD board). It
// is an fs.FS over an os.Root, which follows no name, symlink or `..` out
// of the directory; and it opens regular files only (a named pipe would
// block the request). The zero Dir reads nothing: a server started without
// a directory.
type Dir struct {
	root string // the directory's real path, for List
	fsys *os.Root
}

// OpenDir resolves path (symlinks followed) and opens it as the Dir.
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
	root, err := os.OpenRoot(abs)
	if err != nil {
		return Dir{}, fmt.Errorf("%s: %v", path, unwrapPath(err))
	}
	return Dir{abs, root}, nil
}

// Errors of a Dir's Open, which name no path outside the directory.
var (
	errNoDir   = errors.New("the workbench reads no files: start it with a directory (crucible serve DIR)")
	errOutside = errors.New("outside the workbench's directory: name a file inside it, by a relative name")
	errLinkOut = errors.New("a link to a file outside the workbench's directory")
)

// Open implements fs.FS: name is relative to the directory, with forward
// slashes and no `..`. Symlinks are followed (to their real path, which
// must lie inside: a link by absolute path to a file inside is fine),
// then the file is opened through the os.Root by that path, so that a
// link changed in between still cannot lead out.
func (d Dir) Open(name string) (fs.File, error) {
	fail := func(err error) (fs.File, error) { return nil, &fs.PathError{Op: "open", Path: name, Err: err} }
	switch {
	case d.fsys == nil:
		return fail(errNoDir)
	case !fs.ValidPath(name):
		return fail(errOutside)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(d.root, filepath.FromSlash(name)))
	if err != nil {
		return fail(dirError(err))
	}
	rel, err := filepath.Rel(d.root, real)
	if err != nil || !filepath.IsLocal(rel) {
		return fail(errLinkOut)
	}
	fi, err := d.fsys.Stat(rel)
	if err == nil && !fi.Mode().IsRegular() {
		return fail(errors.New("not a regular file"))
	}
	var f *os.File
	if err == nil {
		f, err = d.fsys.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	}
	if err == nil {
		if fi, err = f.Stat(); err == nil && !fi.Mode().IsRegular() {
			err = errors.New("not a regular file")
		}
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		return fail(dirError(err))
	}
	return f, nil
}

// dirError says what an os.Root refused, without the paths its errors
// carry.
func dirError(err error) error {
	switch {
	case strings.Contains(err.Error(), "path escapes from parent"):
		return errLinkOut
	case errors.Is(err, fs.ErrNotExist):
		return fs.ErrNotExist
	}
	return unwrapPath(err)
}

// Sub returns the directory's folder dir (relative, forward slashes; ""
// for the directory itself) as an fs.FS, in which the files a scenario of
// that folder includes are found.
func (d Dir) Sub(dir string) (fs.FS, error) {
	if dir == "" || dir == "." {
		return d, nil
	}
	if !fs.ValidPath(dir) {
		return nil, refuse(http.StatusForbidden, "folder %s: %v", dir, errOutside)
	}
	return fs.Sub(d, dir)
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

// Read returns the source of the scenario file rel names inside the
// directory (relative, forward slashes), at most scenarios.MaxFileBytes of
// it; a name outside the directory is refused with 403.
func (d Dir) Read(rel string) ([]byte, error) {
	if rel == "" || strings.Contains(rel, `\`) || path.IsAbs(rel) {
		return nil, refuse(http.StatusForbidden, "%s: %v", rel, errOutside)
	}
	f, err := d.Open(path.Clean(rel))
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && (pe.Err == errNoDir || pe.Err == errOutside || pe.Err == errLinkOut) {
			return nil, refuse(http.StatusForbidden, "%s: %v", rel, pe.Err)
		}
		return nil, fmt.Errorf("%s: %v", rel, unwrapPath(err))
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, scenarios.MaxFileBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %v", rel, unwrapPath(err))
	case len(src) > scenarios.MaxFileBytes:
		return nil, fmt.Errorf("%s: larger than %d bytes, the most a scenario file may have", rel, scenarios.MaxFileBytes)
	}
	return src, nil
}

// unwrapPath drops the absolute path a PathError repeats.
func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// within returns path relative to the server's directory, for messages.
func within(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil {
		return rel
	}
	return path
}
