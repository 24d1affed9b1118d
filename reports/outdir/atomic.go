package outdir

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
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/crucible-sim/crucible/sim"
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
	if pauseBeforeRename != nil {
		pauseBeforeRename(path)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// PauseAt is a test hook (cmd/cli's TestKilledRunsResume): given
// "NAME:N", the process stops for good just before it renames the N-th
// finished temporary file named NAME into place, after creating
// NAME.paused beside it, so that a test can kill it at that moment.
func PauseAt(spec string) {
	name, nth, _ := strings.Cut(spec, ":")
	n, _ := strconv.Atoi(nth)
	var seen atomic.Int64
	pauseBeforeRename = func(path string) {
		if filepath.Base(path) == name && seen.Add(1) >= int64(n) {
			os.WriteFile(path+".paused", nil, 0o666)
			select {}
		}
	}
}

// pauseBeforeRename is the hook PauseAt sets: when set, it is called with the path of
// every file WriteFileAtomic is about to rename into place, the moment a
// kill leaves a finished temporary file beside an older complete one.
var pauseBeforeRename func(path string)

// createTemp creates a new file beside path, named from it, with mode
// 0666 so that the umask decides (os.CreateTemp's files are 0600), open
// for reading too (a tally file is read back: TallyFile).
func createTemp(path string) (*os.File, string, error) {
	dir, base := filepath.Split(path)
	var b [6]byte
	for range 100 {
		rand.Read(b[:])
		tmp := filepath.Join(dir, "."+base+".tmp"+hex.EncodeToString(b[:]))
		f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
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

// WriteCheckpoints writes the checkpoints of a run to path atomically.
func WriteCheckpoints(path string, cs []*sim.Checkpoint) error {
	return WriteAtomic(path, func(w io.Writer) error { return sim.EncodeCheckpoints(w, cs) })
}
