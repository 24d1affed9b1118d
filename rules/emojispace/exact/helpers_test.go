package exact

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/emojispace"
	"github.com/crucible-sim/crucible/scenarios"
)

const builtinDir = "../../../scenarios/builtin/emojispace"

// loadBuiltin reads a built-in scenario file the way the scenario loader
// hands it to the ruleset: the common fields removed.
func loadBuiltin(t testing.TB, name string) *doc.Node {
	t.Helper()
	file := filepath.Join(builtinDir, name+".yaml")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	n, err := scenarios.ParseDocument(file, src)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// fixedBuiltins lists the built-in scenarios whose two sides are fixed
// ships, the ones the solver solves.
func fixedBuiltins(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(builtinDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in emojispace scenarios in %s: %v", builtinDir, err)
	}
	var names []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		b, err := emojispace.Compile(loadBuiltin(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b.Sides[0].Fixed && b.Sides[1].Fixed {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}
