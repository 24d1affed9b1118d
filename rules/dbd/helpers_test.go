package dbd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// loadBattle compiles the built-in scenario dbd/<name>, with extra
// wrapper fields appended (e.g. "options: {hp: max}").
func loadBattle(tb testing.TB, name, extra string) *Battle {
	tb.Helper()
	file := filepath.Join("../../scenarios/builtin/dbd", name+".yaml")
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	return compileSource(tb, string(src)+extra)
}

func compileSource(tb testing.TB, src string) *Battle {
	tb.Helper()
	n, err := scenarios.ParseDocument("test.yaml", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	b, err := Compile(n)
	if err != nil {
		tb.Fatalf("%v\n%s", err, src)
	}
	return b
}
