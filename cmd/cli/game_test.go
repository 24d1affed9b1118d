package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A game's own crucible — the module in testdata/joust: a main that
// blank-imports its ruleset and runs a Program with its own name and
// built-in scenarios, depending on this working tree through a replace —
// builds, and runs its scenario through run, sweep and check.
func TestGameBinary(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds a binary from a module of its own")
	}
	bin := gameBinary(t)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"scenarios"}, []string{"joust/even", "joust/skill"}},
		{[]string{"run", "joust/even", "--seed", "1", "--trials", "2000"}, []string{"challenger wins (a)  836", "passes=12"}},
		{[]string{"sweep", "joust/skill", "--seed", "1"}, []string{"break-even", "a.skill between 3 (41.80 % [39.63 %, 44.00 %]) and 5 (53.60 % [51.39 %, 55.80 %])"}},
		{[]string{"check", "joust/even", "--seed", "1"}, []string{"PASS", "neither knight is favoured"}},
		{[]string{"rules", "joust"}, []string{"a joust: two knights charge", "a.skill"}},
		{[]string{"--help"}, []string{"joust-sim [command]"}},
	} {
		out, err := exec.Command(bin, c.args...).CombinedOutput()
		if err != nil {
			t.Errorf("joust-sim %s: %v\n%s", strings.Join(c.args, " "), err, out)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(string(out), w) {
				t.Errorf("joust-sim %s: no %q in\n%s", strings.Join(c.args, " "), w, out)
			}
		}
	}
	// Only the game's built-in scenarios are offered: crucible's are not.
	if out, _ := exec.Command(bin, "scenarios").CombinedOutput(); strings.Contains(string(out), "eclipse/") {
		t.Errorf("the game's binary lists crucible's scenarios:\n%s", out)
	}
	out, err := exec.Command(bin, "run", "nope").CombinedOutput()
	if err == nil || !strings.HasPrefix(string(out), "joust-sim: ") {
		t.Errorf("an error does not name the game's binary: %v\n%s", err, out)
	}
}

// gameBinary returns the path of the game's program. go run keeps the
// program it links in Go's build cache and, given -exec echo, prints its
// path rather than running it: the next make test finds it there, where
// go build -o linked it afresh every time (1.75 s of CPU of the test's
// 3.0, bench/tests.txt). The go run that links it prints the path of a
// copy in a directory it removes as it exits, so a path that is gone is
// asked for again; a program not cached is built with go build. Without
// DWARF (-w), as go test links its own binaries: a third of the link is
// the debug information no one reads here.
func gameBinary(t *testing.T) string {
	t.Helper()
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	for range 2 {
		run := exec.Command("go", "run", "-ldflags=-w", "-exec", "echo", ".")
		run.Dir, run.Env = filepath.Join("testdata", "joust"), env
		var stderr bytes.Buffer
		run.Stderr = &stderr
		out, err := run.Output()
		if err != nil {
			t.Fatalf("go run of the game's module: %v\n%s", err, stderr.String())
		}
		path := strings.TrimSpace(string(out))
		if _, err := os.Stat(path); err == nil && filepath.IsAbs(path) {
			return path
		}
	}
	bin := filepath.Join(t.TempDir(), "joust-sim")
	build := exec.Command("go", "build", "-ldflags=-w", "-o", bin, ".")
	build.Dir, build.Env = filepath.Join("testdata", "joust"), env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of the game's module: %v\n%s", err, out)
	}
	return bin
}
