package compare

import (
	"math/big"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/sim"
)

// compareCounters compares every counter both variants report: the paired
// difference of its means from the pair tally p's "diff." counters, and a
// distribution counter's distributions from A's tally of the first half of
// the trials and B's of the second (as the rounds'). The counters are a
// family of their own (CounterTests).
func (c *Comparison) compareCounters(p *sim.Tally, firstA, secondB *sim.Tally) {
	ta, tb := c.A.Tally, c.B.Tally
	c.Counters = nil
	var at []int // the index of each counter's "diff." counter in p
	for k, name := range p.CounterNames {
		if name, ok := strings.CutPrefix(name, "diff."); ok {
			d := CounterDiff{Name: name, Differ: p.CountersSq[k] > 0}
			if distOf(firstA, name) != nil && distOf(secondB, name) != nil {
				d.Dist = &DistTest{}
			}
			c.Counters, at = append(c.Counters, d), append(at, k)
		}
	}
	m := float64(max(c.CounterTests(), 1))
	z := -analysis.NormalQuantile(c.Alpha / (2 * m))
	cut := c.Alpha / m
	for i, k := range at {
		d := &c.Counters[i]
		ia, ib := slices.Index(ta.CounterNames, d.Name), slices.Index(tb.CounterNames, d.Name)
		d.MeanA, d.MeanB = meanOf(ta, ia), meanOf(tb, ib)
		d.MeanDiffTest = analysis.PairedMeanDiff(analysis.PairedMoments{
			N: p.Trials, Sum: big.NewInt(p.Counters[k]), SumSq: big.NewInt(p.CountersSq[k]),
			MeanA: d.MeanA, MeanB: d.MeanB, VarA: varOf(ta, ia), VarB: varOf(tb, ib),
		}, z)
		d.Significant = d.P < cut
		if d.Dist != nil {
			t := distTest(distOf(firstA, d.Name), distOf(secondB, d.Name), cut)
			d.Dist = &t
		}
	}
}

// meanOf and varOf are counter i's mean and sample variance per trial in
// t.
func meanOf(t *sim.Tally, i int) float64 {
	if t.Trials == 0 {
		return 0
	}
	return float64(t.Counters[i]) / float64(t.Trials)
}

func varOf(t *sim.Tally, i int) float64 {
	n := float64(t.Trials)
	if n < 2 {
		return 0
	}
	s, q := float64(t.Counters[i]), float64(t.CountersSq[i])
	return max((q-s*s/n)/(n-1), 0)
}

// distOf returns the histogram of the named counter in t, or nil when it
// is no distribution counter.
func distOf(t *sim.Tally, name string) *sim.Hist {
	i := slices.Index(t.CounterNames, name)
	for k, j := range t.DistOf {
		if j == i {
			return &t.Dists[k]
		}
	}
	return nil
}

// distTest tests that A's histogram x and B's y (of disjoint trials) are
// of one distribution, significant below cut.
func distTest(x, y *sim.Hist, cut float64) DistTest {
	cx, cy := alignBins(x, y)
	var d DistTest
	d.Stat, d.DF, d.P = analysis.Homogeneity(cx, cy)
	d.NA, d.NB = x.N(), y.N()
	d.Significant = d.P < cut
	return d
}

// alignBins returns the counts of two histograms over the union of their
// bins, in increasing order of value (both bin values alike).
func alignBins(x, y *sim.Hist) ([]int64, []int64) {
	bx, by := x.Bins(), y.Bins()
	var cx, cy []int64
	for i, j := 0, 0; i < len(bx) || j < len(by); {
		switch {
		case j == len(by) || i < len(bx) && bx[i].Low < by[j].Low:
			cx, cy = append(cx, bx[i].Count), append(cy, 0)
			i++
		case i == len(bx) || by[j].Low < bx[i].Low:
			cx, cy = append(cx, 0), append(cy, by[j].Count)
			j++
		default:
			cx, cy = append(cx, bx[i].Count), append(cy, by[j].Count)
			i, j = i+1, j+1
		}
	}
	return cx, cy
}
