package sim

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// WriteFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so that a reader (or a crash) never sees a
// half-written file. The file's permissions are 0666 less the umask, as for
// any file a program creates; a failure removes the temporary file and names
// path.
func WriteFileAtomic(path string, data []byte) error {
	return WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomic is WriteFileAtomic for a file that write writes in pieces,
// for one too large to build in memory first (a sweep's checkpoint).
func WriteAtomic(path string, write func(io.Writer) error) error {
	f, tmp, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	buf := bufio.NewWriter(f)
	werr := write(buf)
	if werr == nil {
		werr = buf.Flush()
	}
	serr := f.Sync()
	cerr := f.Close()
	if err := firstErr(werr, serr, cerr); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if PauseBeforeRename != nil {
		PauseBeforeRename(path)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// PauseBeforeRename is a test hook: when set, it is called with the path of
// every file WriteFileAtomic is about to rename into place, the moment a
// kill leaves a finished temporary file beside an older complete one.
var PauseBeforeRename func(path string)

// createTemp creates a new file beside path, named from it, with mode
// 0666 so that the umask decides (os.CreateTemp's files are 0600).
func createTemp(path string) (*os.File, string, error) {
	dir, base := filepath.Split(path)
	var b [6]byte
	for range 100 {
		rand.Read(b[:])
		tmp := filepath.Join(dir, "."+base+".tmp"+hex.EncodeToString(b[:]))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, tmp, err
		}
	}
	return nil, "", fmt.Errorf("cannot create a temporary file beside %s", path)
}

// TemporaryOf reports whether name is the name of a temporary file
// WriteFileAtomic creates (and a kill may leave behind), and of which
// file's.
func TemporaryOf(name string) (base string, ok bool) {
	const suffix = len(".tmp") + 12
	if len(name) < 1+suffix || name[0] != '.' || name[len(name)-suffix:len(name)-12] != ".tmp" {
		return "", false
	}
	if _, err := hex.DecodeString(name[len(name)-12:]); err != nil {
		return "", false
	}
	return name[1 : len(name)-suffix], true
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// OpenRegular opens a file crucible reads by name (a scenario, a file it
// includes, a shard's result, a checkpoint) after checking that it is a
// regular file. Opening a named pipe waits for a writer, in a system call
// that neither Ctrl-C nor SIGTERM ends, and a directory or a device is no
// input either: such a path is refused, saying what it is, before it is
// opened. The open itself does not wait (O_NONBLOCK, which a regular file
// ignores), and the file opened is checked again, so that a file swapped for
// a pipe between the two is refused too.
func OpenRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, fi); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = regular(path, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regular returns nil when fi is a regular file's, and otherwise the
// error that names what path is.
func regular(path string, fi fs.FileInfo) error {
	if fi.Mode().IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch m := fi.Mode(); {
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO), which would wait for a writer"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%s is %s: crucible reads its input from regular files only (copy it into one)", path, what)
}

// ReadFile reads a whole file as os.ReadFile does, from a regular file
// only (OpenRegular).
func ReadFile(path string) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// ReadCheckpoints reads a checkpoint file written by WriteCheckpoints.
func ReadCheckpoints(path string) ([]*Checkpoint, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	cs, err := UnmarshalCheckpoints(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cs, nil
}

// WriteCheckpoints writes the checkpoints of a run to path atomically.
func WriteCheckpoints(path string, cs []*Checkpoint) error {
	return WriteAtomic(path, func(w io.Writer) error { return EncodeCheckpoints(w, cs) })
}
