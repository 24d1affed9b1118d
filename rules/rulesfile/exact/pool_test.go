package exact

import (
	"reflect"
	"runtime"
	"sync"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile"
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
		floatChains = sync.Pool{}
		kept.Lock()
		kept.c = nil
		kept.Unlock()
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
// garbage), until keepFor passes; a chain released while one is kept goes
// to the pool.
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
		return newChain(m, floats{}, rulesfile.StepOptions{}, newBudget(t.Context(), DefaultMaxSteps, DefaultMaxStates, lookFloat))
	}
	first, second := get(), get()
	if first == second {
		t.Fatal("two chains in use at once are the same")
	}
	release(first)
	release(second) // one is kept already: this one goes to the pool
	runtime.GC()
	runtime.GC() // the pool keeps a victim cache for one collection
	if c := get(); c != first {
		t.Errorf("after two collections the next solve got a chain other than the one kept")
	} else {
		release(c)
	}
	kept.Lock()
	gen := kept.gen
	kept.Unlock()
	isKept := func() bool { kept.Lock(); defer kept.Unlock(); return kept.c != nil }
	unkeep(gen - 1) // a timer armed before the last keep
	if !isKept() {
		t.Fatal("a stale timer let go of the chain kept since")
	}
	unkeep(gen)
	if isKept() {
		t.Error("keepFor passed and the chain is still kept")
	}
}
