package exact

import (
	"reflect"
	"sync"
	"testing"

	"github.com/crucible-sim/crucible/rules"
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
