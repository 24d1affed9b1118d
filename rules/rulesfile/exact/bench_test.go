package exact

import (
	"cmp"
	"os"
	"strconv"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
	eclipseexact "github.com/crucible-sim/crucible/rules/eclipse/exact"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// BenchmarkVersusEclipse solves the same battles with the eclipse
// ruleset's own solver (go) and as second-dawn.rules.yaml (file), side by
// side in one run: solve is the solve of a compiled battle (eclipse's
// Solve, this package's Solve of a model), doc the whole answer from the
// scenario's document, compile included, as `crucible exact` asks the
// registered solvers. The speed target is file within 2× of go. cpu-ns/op
// is the process's CPU time, which the load of a shared machine moves far
// less than the wall time.
//
//	go test ./rules/rulesfile/exact/ -run '^$' -bench VersusEclipse -benchtime 40x -count 5
func BenchmarkVersusEclipse(b *testing.B) {
	for _, name := range []string{"fleet-mirror", "upgraded-three-types"} {
		goSc, err := scenarios.Load("eclipse/" + name)
		if err != nil {
			b.Fatal(err)
		}
		fileSc := translateEclipse(b, goSc.Document())
		compiled, err := eclipse.Compile(goSc.Document())
		if err != nil {
			b.Fatal(err)
		}
		bt, err := rulesfile.Compile(fileSc.Document())
		if err != nil {
			b.Fatal(err)
		}
		m, err := bt.Model()
		if err != nil {
			b.Fatal(err)
		}
		bench(b, name+"/solve/go", func() (*rules.Exact, error) {
			return eclipseexact.Solve(b.Context(), compiled, eclipseexact.Options{})
		})
		bench(b, name+"/solve/file", func() (*rules.Exact, error) { return Solve(b.Context(), m, Options{}) })
		for _, v := range []struct {
			which string
			sc    *scenarios.Scenario
		}{{"go", goSc}, {"file", fileSc}} {
			s, err := rules.LookupSolver(v.sc.Ruleset)
			if err != nil {
				b.Fatal(err)
			}
			doc := v.sc.Document()
			bench(b, name+"/doc/"+v.which, func() (*rules.Exact, error) { return s.Solve(b.Context(), doc, false) })
		}
	}
}

func bench(b *testing.B, name string, solve func() (*rules.Exact, error)) {
	b.Run(name, func(b *testing.B) {
		var states int
		cpu0 := rulestest.CPUTime()
		for b.Loop() {
			r, err := solve()
			if err != nil {
				b.Fatal(err)
			}
			states = r.States
		}
		b.ReportMetric(float64(rulestest.CPUTime()-cpu0)/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(states), "states")
	})
}

// TestVersusInstructions solves one battle of BenchmarkVersusEclipse
// RULESFILE_EXACT_SOLVES times (default 1), by the variant
// RULESFILE_EXACT_VERSUS names (solve/go, solve/file, doc/go, doc/file)
// on the scenario RULESFILE_EXACT_SCENARIO (default fleet-mirror), for a
// count of instructions under callgrind, which the load of a shared
// machine does not move; the difference of two counts with different
// numbers of solves is the cost of the solves alone:
//
//	go test -c -o /tmp/exact.test ./rules/rulesfile/exact/
//	RULESFILE_EXACT_VERSUS=solve/file RULESFILE_EXACT_SOLVES=11 valgrind --tool=callgrind /tmp/exact.test -test.run VersusInstructions
func TestVersusInstructions(t *testing.T) {
	which := os.Getenv("RULESFILE_EXACT_VERSUS")
	if which == "" {
		t.Skip("set RULESFILE_EXACT_VERSUS and run under callgrind")
	}
	name := cmp.Or(os.Getenv("RULESFILE_EXACT_SCENARIO"), "fleet-mirror")
	solves, _ := strconv.Atoi(cmp.Or(os.Getenv("RULESFILE_EXACT_SOLVES"), "1"))
	goSc, err := scenarios.Load("eclipse/" + name)
	if err != nil {
		t.Fatal(err)
	}
	fileSc := translateEclipse(t, goSc.Document())
	var solve func() (*rules.Exact, error)
	switch which {
	case "solve/go":
		c, err := eclipse.Compile(goSc.Document())
		if err != nil {
			t.Fatal(err)
		}
		solve = func() (*rules.Exact, error) { return eclipseexact.Solve(t.Context(), c, eclipseexact.Options{}) }
	case "solve/file":
		bt, err := rulesfile.Compile(fileSc.Document())
		if err != nil {
			t.Fatal(err)
		}
		m, err := bt.Model()
		if err != nil {
			t.Fatal(err)
		}
		solve = func() (*rules.Exact, error) { return Solve(t.Context(), m, Options{}) }
	case "doc/go", "doc/file":
		sc := map[string]*scenarios.Scenario{"doc/go": goSc, "doc/file": fileSc}[which]
		s, err := rules.LookupSolver(sc.Ruleset)
		if err != nil {
			t.Fatal(err)
		}
		doc := sc.Document()
		solve = func() (*rules.Exact, error) { return s.Solve(t.Context(), doc, false) }
	default:
		t.Fatalf("RULESFILE_EXACT_VERSUS=%s: one of solve/go, solve/file, doc/go, doc/file", which)
	}
	for range solves {
		if _, err := solve(); err != nil {
			t.Fatal(err)
		}
	}
}
