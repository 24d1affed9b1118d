package meta_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/crucible-sim/crucible/analysis/meta"
)

// An analysis stops when its context ends, within one step of its
// arithmetic (a pivot, a Newton step), whatever the matrix: before, a
// roster of 64 copies of one entry ran its 200 resamples to the end
// whatever the signal.
func TestAnalyseStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	mm := identicalMatrix(64, false)
	mm.Options.Work = 0
	if _, err := mm.Analyse(ctx, false); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled analysis: %v", err)
	}
}

// Copies of one entry are one strategy: the equilibrium plays each of n
// with 1/n (the most entropy), and the analysis, resamples and all, stays
// within a budget of operations (no timing) far below what the old one
// spent: 64 exact copies, whose resamples all equal the estimates, cost
// nothing to speak of, and 24 sampled ones (every resample a random game
// of near-equal payoffs, 12.9 million operations) a tenth of what is
// allowed here. BenchmarkAnalyseIdentical times 8 to 64 of each.
func TestAnalyseIdenticalEntries(t *testing.T) {
	for _, c := range []struct {
		n     int
		exact bool
		work  int64
	}{{64, true, 100_000}, {24, false, 150_000_000}} {
		exact := c.exact
		mm := identicalMatrix(c.n, exact)
		mm.Options.Work = c.work
		a, err := mm.Analyse(context.Background(), false)
		if err != nil {
			t.Fatalf("exact %v: %v", exact, err)
		}
		share := 1 / float64(c.n)
		for k := range c.n {
			if !closeTo(a.Equilibrium.Row[k], share, 1e-12) || !closeTo(a.Equilibrium.Col[k], share, 1e-12) {
				t.Fatalf("exact %v: entry %d has %v and %v, want 1/%d", exact, k, a.Equilibrium.Row[k], a.Equilibrium.Col[k], c.n)
			}
		}
		if a.Resampled != meta.Resamples {
			t.Errorf("exact %v: %d resamples", exact, a.Resampled)
		}
		t.Logf("exact %v: %d operations", exact, a.Spent)
	}
}

// A budget spent among the resamples leaves the robustness counted over
// those done, the same every time; one spent before the equilibrium is an
// error naming what is not computed.
func TestAnalyseBudget(t *testing.T) {
	mm := identicalMatrix(16, false)
	whole, err := mm.Analyse(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	mm.Options.Work = whole.Spent / 2
	var runs []*meta.Analysis
	for range 2 {
		a, err := mm.Analyse(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, a)
	}
	a := runs[0]
	if a.Resampled <= 0 || a.Resampled >= meta.Resamples || a.Robustness[0] == nil {
		t.Errorf("half the budget: %d resamples, robustness %v", a.Resampled, a.Robustness)
	}
	if !reflect.DeepEqual(a.Robustness, runs[1].Robustness) || a.Resampled != runs[1].Resampled || a.Spent != runs[1].Spent {
		t.Errorf("the same budget stopped in two places: %d and %d resamples", a.Resampled, runs[1].Resampled)
	}
	if !reflect.DeepEqual(a.Equilibrium, whole.Equilibrium) || !reflect.DeepEqual(a.Ratings, whole.Ratings) {
		t.Error("the equilibrium or the ratings changed with the budget")
	}
	mm.Options.Work = 10
	_, err = mm.Analyse(context.Background(), false)
	want := "the analysis's budget of 10 operations ran out while computing the ratings: the matrix is fought and its dominance and cycles are read, but the ratings and what follows are not; raise the budget"
	if err == nil || err.Error() != want {
		t.Errorf("copies of one entry, a budget of 10 operations: %v\nwant %s", err, want)
	}
	// Entries that differ: the equilibrium itself needs more than 10.
	for i, row := range mm.Cells {
		for j := range row {
			row[j].Estimate = 0.3 + 0.1*float64((3*i+5*j)%5)
			row[j].Lo, row[j].Hi = row[j].Estimate-0.001, row[j].Estimate+0.001
		}
	}
	_, err = mm.Analyse(context.Background(), false)
	var spent *meta.BudgetError
	if !errors.As(err, &spent) || spent.Missing != "the equilibrium" || spent.Work != 10 {
		t.Errorf("entries that differ, a budget of 10 operations: %v", err)
	}
}
