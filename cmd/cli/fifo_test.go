//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe given where crucible reads a file — a scenario, a file a
// scenario includes, a result to merge — is refused at once (exit 1,
// saying what it is), where opening it blocked for good, deaf to Ctrl-C
// and SIGTERM. Should a command block, the cleanup writes nothing to the
// pipe and closes it, so that the command returns and the test fails.
func TestNamedPipesAreRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pipe := filepath.Join(dir, "duel.yaml")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	wrapper := filepath.Join(dir, "wrapper.yaml")
	if err := os.WriteFile(wrapper, []byte("ruleset: dbd\nscenario: duel.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := pipe + " is a named pipe (FIFO), which would wait for a writer: crucible reads its input from regular files only"
	for _, args := range [][]string{
		{"run", pipe, "--seed", "1"},
		{"validate", pipe},
		{"check", pipe, "--seed", "1"},
		{"run", wrapper, "--seed", "1"},
		{"merge", pipe},
	} {
		type result struct {
			out, errOut string
			code        int
		}
		done := make(chan result, 1)
		go func() {
			out, errOut, code := crucible(t, context.Background(), args...)
			done <- result{out, errOut, code}
		}()
		select {
		case r := <-done:
			if r.code != exitFailed || !strings.Contains(r.out+r.errOut, want) {
				t.Errorf("crucible %s: exit %d, %q; want exit 1 and %q", strings.Join(args, " "), r.code, r.out+r.errOut, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("crucible %s: still blocked after 10 s", strings.Join(args, " "))
		}
	}
}
