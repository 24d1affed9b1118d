package meta_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/analysis/meta"
)

// exactMatrix is a matrix of exact cells with the given shares.
func exactMatrix(shares [][]float64, precision float64) *meta.Matrix {
	mm := &meta.Matrix{Options: meta.Options{Precision: precision, Confidence: 0.95}}
	for i, row := range shares {
		var cells []meta.Cell
		for j, v := range row {
			cells = append(cells, meta.Cell{Row: i, Col: j, Estimate: v, Lo: v, Hi: v, Exact: true, Stop: "exact"})
		}
		mm.Cells = append(mm.Cells, cells)
	}
	return mm
}

// dominatedByHand lists, for each entry, those that dominate it as side a:
// at least as good against every column and better against one, read
// straight from the shares.
func dominatedByHand(e [][]float64) [][]int {
	out := make([][]int, len(e))
	for i := range e {
		for k := range e {
			all, some := k != i, false
			for j := range e[i] {
				all = all && e[k][j] >= e[i][j]
				some = some || e[k][j] > e[i][j]
			}
			if all && some {
				out[i] = append(out[i], k)
			}
		}
	}
	return out
}

// Between exact cells dominance has no slack: entry 1 is 0.5 point worse
// than entry 0 against entry 2 and so does not dominate it, whatever the
// precision (with a slack of twice the precision it did, and the list
// changed with --precision although no cell was sampled).
func TestDominanceExactHasNoSlack(t *testing.T) {
	shares := [][]float64{
		{0.50, 0.30, 0.600},
		{0.70, 0.50, 0.595},
		{0.40, 0.20, 0.500},
	}
	want := dominatedByHand(shares)
	if fmt.Sprint(want) != "[[] [] [0 1]]" {
		t.Fatalf("the hand's dominance %v: the matrix is not the one meant", want)
	}
	for _, precision := range []float64{0.001, 0.01, 0.05, 0.2} {
		a, err := exactMatrix(shares, precision).Analyse(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(a.DominatedA) != fmt.Sprint(want) || fmt.Sprint(a.WithinA) != "[[] [] []]" {
			t.Errorf("precision %g: dominated as side a %v, within %v; want %v and none within", precision, a.DominatedA, a.WithinA, want)
		}
		// As side b, entry k dominates i when every row concedes no more
		// to k than to i: the columns of the transposed complement.
		var asB [][]float64
		for j := range shares {
			var col []float64
			for i := range shares {
				col = append(col, 1-shares[i][j])
			}
			asB = append(asB, col)
		}
		if fmt.Sprint(a.DominatedB) != fmt.Sprint(dominatedByHand(asB)) || slices.ContainsFunc(a.WithinB, func(by []int) bool { return len(by) > 0 }) {
			t.Errorf("precision %g: dominated as side b %v (within %v), want %v", precision, a.DominatedB, a.WithinB, dominatedByHand(asB))
		}
	}
}

// Where cells are sampled, "dominated" is what the intervals show (an
// interval wholly at or above the other's in every column, wholly above
// in one), and a near-tie is "dominated within" twice the precision: no
// worse than by more than it, and said so.
func TestDominanceSampledSaysWithin(t *testing.T) {
	cell := func(lo, hi float64) meta.Cell {
		return meta.Cell{Estimate: (lo + hi) / 2, Lo: lo, Hi: hi, Trials: 1000}
	}
	mm := &meta.Matrix{Options: meta.Options{Precision: 0.01, Confidence: 0.95}, Cells: [][]meta.Cell{
		// Entry 1 equals entry 0 against entry 0 (to the intervals) and is
		// clearly better against entry 1: dominated within 2 points only.
		{cell(0.495, 0.505), cell(0.20, 0.22)},
		{cell(0.495, 0.505), cell(0.60, 0.62)},
	}}
	a, err := mm.Analyse(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(a.DominatedA) != "[[] []]" || fmt.Sprint(a.WithinA) != "[[1] []]" || a.Slack != 0.02 {
		t.Errorf("dominated %v, within %v (slack %g); want entry 0 dominated by 1 within 0.02 alone", a.DominatedA, a.WithinA, a.Slack)
	}
	// Apart in every column: shown.
	mm.Cells[1][0] = cell(0.52, 0.53)
	if a, _ = mm.Analyse(context.Background(), false); fmt.Sprint(a.DominatedA) != "[[1] []]" || fmt.Sprint(a.WithinA) != "[[] []]" {
		t.Errorf("dominated %v, within %v; want entry 0 dominated by 1, shown", a.DominatedA, a.WithinA)
	}
	// Beyond the slack: neither.
	mm.Cells[1][0] = cell(0.46, 0.47)
	if a, _ = mm.Analyse(context.Background(), false); fmt.Sprint(a.DominatedA) != "[[] []]" || fmt.Sprint(a.WithinA) != "[[] []]" {
		t.Errorf("dominated %v, within %v; want none", a.DominatedA, a.WithinA)
	}
}

// Nash averages are in the payoff's units: with --payoff margin, what an
// entry earns against the equilibrium as a margin. B wins 30 % of the time
// against A over both placements, so the equilibrium plays A alone and B
// earns 30 % − 50 % = −20 points of share, or 2·0.3 − 1 = −40 points of
// margin (it printed −20 in margin units before).
func TestNashInPayoffUnits(t *testing.T) {
	mm := exactMatrix([][]float64{{0.5, 0.7}, {0.3, 0.5}}, 0.01)
	for _, c := range []struct {
		margin bool
		want   float64
	}{{false, -0.2}, {true, -0.4}} {
		a, err := mm.Analyse(context.Background(), c.margin)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a.Nash[0]) > 1e-9 || math.Abs(a.Nash[1]-c.want) > 1e-9 {
			t.Errorf("margin %v: Nash averages %v, want [0 %g]", c.margin, a.Nash, c.want)
		}
	}
}
