package cli

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// built is the crucible command for every test that needs a real process
// (to signal, kill or pipe into it): this test binary, run as the command
// by a script (see buildCrucible).
var built struct {
	dir  string // made by TestMain, removed when the tests end
	once sync.Once
	path string
	err  []byte
}

// asCrucible, in a process's environment, makes this test binary the
// crucible command: TestMain runs Main in place of the tests, as
// cmd/crucible's main does (it registers every ruleset, as main_test.go
// does here).
const asCrucible = "CRUCIBLE_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(asCrucible) != "" {
		os.Exit(Main())
	}
	dir, err := os.MkdirTemp("", "crucible-cli-test")
	if err != nil {
		panic(err)
	}
	built.dir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildCrucible returns the path of a crucible command: a script named
// crucible that execs this test binary as the command (asCrucible), so
// that the process signalled or killed is the command's own. Building
// cmd/crucible instead cost 3-4 s of CPU (a link of the whole program) and
// held every test that needed it for 10-20 s on a loaded machine; the
// binary is the same code (cmd/crucible's main only calls Main).
func buildCrucible(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		self, err := os.Executable()
		if err != nil || strings.ContainsAny(self, "'\n") {
			built.err = []byte("cannot name this test binary in a script: " + self)
			return
		}
		bin := filepath.Join(built.dir, "crucible")
		script := "#!/bin/sh\n" + asCrucible + "=1 exec '" + self + "' \"$@\"\n"
		if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
			built.err = []byte(err.Error())
			return
		}
		built.path = bin
	})
	if built.path == "" {
		t.Fatalf("the crucible command: %s", built.err)
	}
	return built.path
}

// copyExecutable copies the program at from to a new file to (making its
// directory), executable by everyone.
func copyExecutable(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o755)
}
