//go:build long

package scenarios_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// TestSoak fights every built-in scenario for ten minutes in all, in runs
// of 20,000 trials, and checks that the heap in use after a collection does
// not grow from the first runs of a scenario to its last: a long run's
// memory is its tallies, whose size does not depend on the trial count.
//
//	go test -tags long ./scenarios -run Soak -timeout 30m
func TestSoak(t *testing.T) {
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	slice := 10 * time.Minute / time.Duration(len(list))
	var ms runtime.MemStats
	heap := func() uint64 {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapInuse
	}
	for _, e := range list {
		sc, err := scenarios.Load(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		var first, last uint64
		runs := 0
		for start := time.Now(); time.Since(start) < slice; runs++ {
			_, _, err := analysis.Run{Seed: uint64(runs), Trials: 20000}.Fight(context.Background(), sc, nil)
			if err != nil {
				t.Fatalf("%s: %v", e.Name, err)
			}
			if runs == 2 { // after the first runs have sized every buffer
				first = heap()
			}
		}
		last = heap()
		if runs > 3 && last > first+1<<20 {
			t.Errorf("%s: the heap grew from %d to %d KiB over %d runs", e.Name, first>>10, last>>10, runs)
		}
		t.Logf("%s: %d runs of 20000 trials, heap %d → %d KiB", e.Name, runs, first>>10, last>>10)
	}
}
