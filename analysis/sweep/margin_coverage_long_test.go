//go:build long

package sweep_test

import (
	"testing"

	"github.com/crucible-sim/crucible/analysis"
)

// TestSweepMarginCoverageLong: over seeds 1 to 1000, the margin's 95 %
// interval holds the exact margin in a share of them whose own 99 %
// Clopper–Pearson interval reaches 95 % (the replications cannot show the
// coverage below the level; a false alarm at most 0.5 % of the time were it
// exactly 95 %).
//
//	go test -tags long ./analysis/sweep -run SweepMarginCoverageLong -v
func TestSweepMarginCoverageLong(t *testing.T) {
	const reps = 1000
	covered, exact := marginCoverage(t, reps)
	lo, hi := analysis.ClopperPearson(int64(covered), reps, 0.01)
	t.Logf("the 95 %% interval held the exact margin %.4f in %d of %d seeds (99 %% interval of the coverage [%.4f, %.4f])", exact, covered, reps, lo, hi)
	if hi < 0.95 {
		t.Errorf("coverage %d of %d: its 99 %% interval [%.4f, %.4f] lies below 95 %%", covered, reps, lo, hi)
	}
}
