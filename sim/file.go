package sim

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so that a reader (or a crash) never sees a
// half-written file. The file's permissions are 0666 less the umask, as for
// any file a program creates; a failure removes the temporary file and names
// path.
func WriteFileAtomic(path string, data []byte) error {
	f, tmp, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	_, werr := f.Write(data)
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

// ReadCheckpoints reads a checkpoint file written by WriteCheckpoints.
func ReadCheckpoints(path string) ([]*Checkpoint, error) {
	data, err := os.ReadFile(path)
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
	data, err := MarshalCheckpoints(cs)
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}
