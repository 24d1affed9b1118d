package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the crucible command built once for every test that needs a
// real process (to signal, kill or pipe into it): building it took 10-20 s
// of CPU, once per test that did so before.
var built struct {
	dir  string // made by TestMain, removed when the tests end
	once sync.Once
	path string
	err  []byte
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "crucible-cli-test")
	if err != nil {
		panic(err)
	}
	built.dir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildCrucible returns the path of the crucible binary, building it on
// the first call.
func buildCrucible(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		bin := filepath.Join(built.dir, "crucible")
		if out, err := exec.Command("go", "build", "-o", bin, "../crucible").CombinedOutput(); err != nil {
			built.err = append([]byte(err.Error()+"\n"), out...)
			return
		}
		built.path = bin
	})
	if built.path == "" {
		t.Fatalf("go build: %s", built.err)
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
