package exact

import (
	"context"
	"runtime"
	"testing"
)

// The last solver released outlives the collections between two solves
// (a designer's edits in the workbench), until keepFor passes; a solver
// released while one is kept goes to the pool.
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
	release(second) // one is kept already: this one goes to the pool
	runtime.GC()
	runtime.GC() // the pool keeps a victim cache for one collection
	if s := get(); s != first {
		t.Errorf("after two collections the next solve got a solver other than the one kept")
	} else {
		release(s)
	}

	kept.Lock()
	gen := kept.gen
	kept.Unlock()
	isKept := func() bool { kept.Lock(); defer kept.Unlock(); return kept.s != nil }
	unkeep(gen - 1) // a timer armed before the last keep
	if !isKept() {
		t.Fatal("a stale timer let go of the solver kept since")
	}
	unkeep(gen)
	if isKept() {
		t.Error("keepFor passed and the solver is still kept")
	}
}
