package rulestest

import (
	"slices"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
)

// PCGDraw measures the ns of one draw of the trial stream now: the median of
// 5 runs of 2²⁰ draws, so that a moment's noise on a shared machine does not
// decide it. A ruleset's benchmarks report their cost as a ratio to it,
// measured in the same run (the machine is shared and its speed moves).
func PCGDraw() float64 {
	r := rules.NewRand(1, 2)
	const calib = 1 << 20
	var runs [5]float64
	var x uint64
	for i := range runs {
		t0 := time.Now()
		for range calib {
			x += r.Uint64()
		}
		runs[i] = float64(time.Since(t0).Nanoseconds()) / calib
	}
	sink = x
	slices.Sort(runs[:])
	return runs[len(runs)/2]
}

var sink uint64

// BenchPCGDraw is the body of a ruleset's BenchmarkPCGDraw: one draw of the
// trial stream per iteration, the unit its other benchmarks are read in.
func BenchPCGDraw(b *testing.B) {
	r := rules.NewRand(1, 2)
	var x uint64
	for b.Loop() {
		x += r.Uint64()
	}
	sink = x
}
