package exact

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/enumerate"
	"github.com/crucible-sim/crucible/scenarios"
)

// TestPooledSolvesAreFresh solves battles one after another, each
// interleaved with the others so that a chain from the pool (floatChains)
// comes with another battle's arrays, maps and slabs, and checks every
// answer is the same to the last bit as a solve with the pool emptied
// first. (The pool may drop a chain at a collection: such a solve is
// fresh, and the comparison still holds.)
func TestPooledSolvesAreFresh(t *testing.T) {
	names := []string{"rulesfile/duel2d6", "rulesfile/skirmish", "rulesfile/eclipse-interceptor-duel", "rulesfile/eclipse-cruiser-vs-interceptor"}
	solve := func(name string) *rules.Exact {
		t.Helper()
		sc, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := SolveDoc(t.Context(), sc.Document(), Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return r
	}
	fresh := map[string]*rules.Exact{}
	for _, name := range names {
		floatChains.Empty()
		fresh[name] = solve(name)
	}
	for range 2 {
		for _, name := range names {
			if got := solve(name); !reflect.DeepEqual(got, fresh[name]) {
				t.Errorf("%s: a solve after others differs from a fresh one:\n got %+v\nwant %+v", name, got, fresh[name])
			}
		}
	}
}

// The last chain released outlives the collections between two solves
// (a designer's edits in the workbench, answers whose compiles make
// garbage): the next solve gets it. (How long it is kept, and where a
// second one goes, is reuse.Pool's test.)
func TestLastChainIsKept(t *testing.T) {
	sc, err := scenarios.Load("rulesfile/duel2d6")
	if err != nil {
		t.Fatal(err)
	}
	m, err := model(sc.Document())
	if err != nil {
		t.Fatal(err)
	}
	get := func() *chain[float64, floats] {
		return newChain(m, floats{}, enumerate.StepOptions{}, newBudget(t.Context(), DefaultMaxSteps, DefaultMaxStates, lookFloat))
	}
	first, second := get(), get()
	if first == second {
		t.Fatal("two chains in use at once are the same")
	}
	release(first)
	release(second)
	runtime.GC()
	runtime.GC() // the pool keeps a victim cache for one collection
	if c := get(); c != first {
		t.Errorf("after two collections the next solve got a chain other than the one kept")
	} else {
		release(c)
	}
}
