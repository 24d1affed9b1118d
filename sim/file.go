package sim

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

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
