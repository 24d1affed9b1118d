package exact

import (
	"context"
	"reflect"
	"runtime"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// The last solver released outlives the collections between two solves
// (a designer's edits in the workbench): the next solve gets it. (How
// long it is kept, and where a second one goes, is reuse.Pool's test.)
func TestLastSolverIsKept(t *testing.T) {
	c := compileBuiltin(t, "fleet-mirror")
	opt := Options{}.withDefaults()
	get := func() *solver[float64, floats] {
		s, err := floatSolver(c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	first, second := get(), get()
	if first == second {
		t.Fatal("two solvers in use at once are the same")
	}
	release(first)
	release(second)
	runtime.GC()
	runtime.GC() // the pool keeps a victim cache for one collection
	if s := get(); s != first {
		t.Errorf("after two collections the next solve got a solver other than the one kept")
	} else {
		release(s)
	}
}

// A reused solver's node table starts at the size the last solve's
// nodes needed (fleet-mirror's 2,332 nodes: 8,192 slots, half full at
// most), so that solving the same battle again never grows it, but no
// larger than the battle's keys allow (a duel after fleet-mirror starts
// at the smallest table); the results are a fresh solver's.
func TestNodeTableStartsAtTheLastSize(t *testing.T) {
	opt := Options{}.withDefaults()
	mirror, duel := compileBuiltin(t, "fleet-mirror"), compileBuiltin(t, "interceptor-duel")
	// solve solves c on s and returns the results (but the steps they
	// took) and the node table's slots at the start and at the end.
	solve := func(s *solver[float64, floats], c *eclipse.Compiled) (res *rules.Exact, start, end int) {
		t.Helper()
		if err := s.reset(c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat)); err != nil {
			t.Fatal(err)
		}
		start = len(s.index.slots)
		if err := s.run(); err != nil {
			t.Fatal(err)
		}
		res = s.result()
		res.Work = 0
		return res, start, len(s.index.slots)
	}
	s := new(solver[float64, floats])
	_, start, end := solve(s, mirror)
	if start != 1<<tableLog2 || end != 8192 || len(s.nodes) != 2332 {
		t.Fatalf("fleet-mirror on a new solver: %d nodes, %d slots at the start, %d at the end; want 2332, %d and 8192", len(s.nodes), start, end, 1<<tableLog2)
	}
	want, _, _ := solve(new(solver[float64, floats]), mirror)
	got, start, end := solve(s, mirror)
	if start != 8192 || end != 8192 {
		t.Errorf("fleet-mirror again: %d slots at the start, %d at the end; want 8192 and 8192", start, end)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fleet-mirror on a reused solver: %+v, a new one's %+v", got, want)
	}
	want, _, _ = solve(new(solver[float64, floats]), duel)
	got, start, _ = solve(s, duel)
	if start != 1<<tableLog2 {
		t.Errorf("a duel after fleet-mirror starts at %d slots, want %d", start, 1<<tableLog2)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the duel on a reused solver: %+v, a new one's %+v", got, want)
	}
}
