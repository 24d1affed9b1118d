package analysis

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// hugeVolley is a battle the Eclipse solver refuses for its step budget
// (one volley of 32 dice over four classes of shields has 7.4e8 rolls).
const hugeVolley = `ruleset: eclipse
parts:
  - {name: Mega Cannon, cannon: {yellow: 8, orange: 8, blue: 8, red: 8}, energy: 0}
  - {name: Mega Computer, computer: 2, energy: 0}
  - {name: S1, shield: 1, energy: 0}
  - {name: S2, shield: 2, energy: 0}
  - {name: S3, shield: 3, energy: 0}
blueprints:
  - {name: Gunboat, base: Interceptor, parts: [Mega Cannon, Nuclear Drive, Nuclear Source, Mega Computer]}
  - {name: I1, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source]}
  - {name: C1, base: Cruiser, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, S1]}
  - {name: D1, base: Dreadnought, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, S2]}
  - {name: B1, base: Starbase, parts: [Ion Cannon, Nuclear Source, S3]}
attacker:
  ships: {Gunboat: 1}
defender:
  ships: {I1: 1, C1: 1, D1: 1, B1: 1}
`

// A solve refused for the solver's budget is refused again at once, with
// the same error, without the solver: a roster of copies, or a tune's
// probes, spend the budget once. Exact fractions are another solve.
// Before, every cell, point and probe spent it again (about 2 s each for
// a step budget, hours for a roster of 64).
func TestRefusalsAreRemembered(t *testing.T) {
	sc, err := scenarios.Parse("huge.yaml", "huge", []byte(hugeVolley))
	if err != nil {
		t.Fatal(err)
	}
	before := solverRuns.Load()
	var errs []error
	for range 3 {
		_, err := Solve(context.Background(), sc, false)
		if !errors.Is(err, rules.ErrBudget) {
			t.Fatalf("want a refusal for the budget, got %v", err)
		}
		errs = append(errs, err)
	}
	if runs := solverRuns.Load() - before; runs != 1 {
		t.Errorf("three solves of one refused scenario ran the solver %d times, want once", runs)
	}
	if errs[1] != errs[0] || errs[2] != errs[0] {
		t.Errorf("a remembered refusal differs: %v, %v", errs[0], errs[1])
	}
	if Solve(context.Background(), sc, true); solverRuns.Load()-before != 2 {
		t.Errorf("exact fractions of the scenario were taken for the refused floating-point solve")
	}
}

// What a solve depends on and the document does not hold — the bytes of
// an included file — is in its key: the same document including a file
// whose bytes changed (an edit between two solves of a workbench) is
// another solve.
func TestSolveKeyCoversIncludedFiles(t *testing.T) {
	line, err := os.ReadFile("../rules/dbd/testdata/d6/symmetric_line.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	board, file := filepath.Join(dir, "board.json"), filepath.Join(dir, "s.yaml")
	os.WriteFile(file, []byte("ruleset: dbd\nscenario: board.json\n"), 0o644)
	var keys []string
	for _, src := range [][]byte{line, append(append([]byte{}, line...), ' ')} {
		os.WriteFile(board, src, 0o644)
		sc, err := scenarios.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, solveKey(sc, false))
	}
	if keys[0] == keys[1] {
		t.Error("two scenarios that include different bytes have one key")
	}
}
