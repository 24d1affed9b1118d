//go:build unix

package sim

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fifo makes a named pipe at path for a test. Should a reader block on it
// (the defect the test looks for), the cleanup opens it for writing and
// closes it, so that the reader sees the end of the file and returns.
func fifo(t testing.TB, path string) string {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	return path
}

// within returns f's error, or fails the test when f has not returned
// within d: a read that blocks is the failure, not a hang of the suite.
func within(t testing.TB, d time.Duration, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		t.Fatalf("still blocked after %v", d)
		return nil
	}
}

// Only a regular file is read: a named pipe (whose open would wait for a
// writer, deaf to signals), a directory or a device is refused at once,
// saying what it is; a regular file reads as with os.ReadFile.
func TestReadFileRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	pipe := fifo(t, filepath.Join(dir, "pipe.json"))
	file := filepath.Join(dir, "file.json")
	if err := os.WriteFile(file, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{pipe, pipe + " is a named pipe (FIFO), which would wait for a writer: crucible reads its input from regular files only (copy it into one)"},
		{dir, dir + " is a directory: crucible reads"},
		{"/dev/null", "/dev/null is a device: crucible reads"},
	} {
		err := within(t, 5*time.Second, func() error { _, err := ReadFile(c.path); return err })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
	if data, err := ReadFile(file); err != nil || string(data) != "{}" {
		t.Errorf("a regular file: %q, %v", data, err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(link); err != nil || string(data) != "{}" {
		t.Errorf("a link to a regular file: %q, %v", data, err)
	}
	err := within(t, 5*time.Second, func() error { _, err := ReadCheckpoints(pipe); return err })
	if err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("a checkpoint that is a pipe: %v", err)
	}
}
