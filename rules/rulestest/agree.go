package rulestest

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// Agreement is one statistical test of Monte Carlo against an exact
// solution: what was compared, its p-value were the two to agree, and the
// numbers behind it.
type Agreement struct {
	Name string
	P    float64
	Info string
}

// Agree fights trials of b (trial i on the stream of (seed, "agreement",
// i), on every core) and tests the result against the exact solution e of
// the same battle: each win share and end share and each value of each
// counter e gives the distribution of (binomial tests), the mean rounds (a
// z test) and the rounds' distribution (χ², pooling adjacent rounds until
// each expects at least 5). A counter value outside the exact distribution
// fails with p = 0. A solver's own tests run it on every built-in
// scenario and require every p-value above a family-wise false-alarm rate
// split over the tests (Bonferroni).
func Agree(b rules.Battle, e *rules.Exact, seed uint64, trials int64) []Agreement {
	mc := fightAll(b, e, seed, trials)
	n := mc.n
	var out []Agreement
	prob := func(name string, x int64, p float64) {
		out = append(out, Agreement{name, analysis.ProportionPValue(x, n, p),
			fmt.Sprintf("Monte Carlo %d/%d = %.5f, exact %.6f", x, n, float64(x)/float64(n), p)})
	}
	for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
		prob("win."+s.String(), mc.wins[s], e.Win[s].F)
	}
	spec := b.Spec()
	for _, x := range e.Ends {
		prob("end."+x.Name, mc.ends[spec.EndIndex(x.Name)], x.F)
	}
	for k, c := range e.Counters {
		for v, p := range c.P {
			prob(fmt.Sprintf("P(%s = %d)", c.Name, v), mc.counters[k][v], p)
		}
		// A value the solver gives no probability at all is a disagreement
		// however rare: no sample size excuses it.
		if x := mc.counters[k][len(c.P)]; x > 0 {
			out = append(out, Agreement{fmt.Sprintf("P(%s outside 0..%d)", c.Name, len(c.P)-1), 0,
				fmt.Sprintf("Monte Carlo %d/%d, exact 0", x, n)})
		}
	}
	return append(out, meanRounds(mc, e), roundsChiSquare(mc, e))
}

// tally is what Agree counts from Monte Carlo.
type tally struct {
	n        int64
	wins     [3]int64
	ends     []int64
	rounds   map[int64]int64
	counters [][]int64 // per exact counter, per value
}

func newTally(spec rules.Spec, e *rules.Exact) *tally {
	t := &tally{ends: make([]int64, len(spec.Ends)), rounds: map[int64]int64{}}
	for _, c := range e.Counters {
		t.counters = append(t.counters, make([]int64, len(c.P)+1)) // +1: values the solver says cannot happen
	}
	return t
}

func (t *tally) add(o *rules.Outcome, index []int) {
	t.n++
	t.wins[o.Winner]++
	t.ends[o.End]++
	t.rounds[o.Rounds]++
	for k, i := range index {
		v := o.Counters[i]
		if v < 0 || v >= int64(len(t.counters[k])) {
			v = int64(len(t.counters[k]) - 1)
		}
		t.counters[k][v]++
	}
}

func (t *tally) merge(o *tally) {
	t.n += o.n
	for i := range t.wins {
		t.wins[i] += o.wins[i]
	}
	for i := range t.ends {
		t.ends[i] += o.ends[i]
	}
	for k, v := range o.rounds {
		t.rounds[k] += v
	}
	for k := range t.counters {
		for v := range t.counters[k] {
			t.counters[k][v] += o.counters[k][v]
		}
	}
}

// fightAll fights the trials on every core; the tally does not depend on
// the split, since trial i always draws the same stream.
func fightAll(b rules.Battle, e *rules.Exact, seed uint64, trials int64) *tally {
	spec := b.Spec()
	index := make([]int, len(e.Counters))
	for k, c := range e.Counters {
		index[k] = spec.CounterIndex(c.Name)
	}
	workers := int64(runtime.GOMAXPROCS(0))
	parts := make([]*tally, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t, f, o := newTally(spec, e), b.NewFighter(), sim.NewOutcome(spec)
			for i := w; i < trials; i += workers {
				o.Reset()
				f.Fight(i, sim.Stream(seed, sim.Key("agreement"), i), o)
				t.add(o, index)
			}
			parts[w] = t
		}()
	}
	wg.Wait()
	total := newTally(spec, e)
	for _, p := range parts {
		total.merge(p)
	}
	return total
}

// meanRounds tests the Monte Carlo mean rounds against the exact mean, with
// the variance of the exact distribution.
func meanRounds(mc *tally, e *rules.Exact) Agreement {
	var m2 float64
	for k, p := range e.Rounds {
		m2 += float64(k*k) * p
	}
	v := m2 - e.RoundsMean.F*e.RoundsMean.F
	var sum float64
	for k, c := range mc.rounds {
		sum += float64(k) * float64(c)
	}
	mean := sum / float64(mc.n)
	if e.Rounds == nil || v <= 0 {
		if math.Abs(mean-e.RoundsMean.F) < 1e-9 {
			return Agreement{"rounds mean", 1, ""}
		}
		if e.Rounds == nil {
			return Agreement{"rounds mean", 1, "no exact distribution to take the variance from"}
		}
		return Agreement{"rounds mean", 0, fmt.Sprintf("Monte Carlo %.6f, exact %.6f with zero variance", mean, e.RoundsMean.F)}
	}
	z := (mean - e.RoundsMean.F) / math.Sqrt(v/float64(mc.n))
	return Agreement{"rounds mean", math.Erfc(math.Abs(z) / math.Sqrt2), fmt.Sprintf("Monte Carlo %.5f, exact %.5f, z = %.2f", mean, e.RoundsMean.F, z)}
}

// roundsChiSquare tests the Monte Carlo rounds histogram against the exact
// distribution, pooling adjacent rounds until each bin expects at least 5.
func roundsChiSquare(mc *tally, e *rules.Exact) Agreement {
	if e.Rounds == nil {
		return Agreement{"rounds χ²", 1, "no exact distribution"}
	}
	n := float64(mc.n)
	for k, v := range mc.rounds {
		if v > 0 && (k >= int64(len(e.Rounds)) && e.RoundsTail == 0 || k < int64(len(e.Rounds)) && e.Rounds[k] == 0) {
			return Agreement{"rounds χ²", 0, fmt.Sprintf("%d battles took %d rounds, which the exact solution gives probability 0", v, k)}
		}
	}
	type bin struct{ obs, exp float64 }
	var bins []bin
	var cur bin
	maxR := int64(len(e.Rounds))
	for k := range mc.rounds {
		maxR = max(maxR, k+1)
	}
	for k := int64(0); k < maxR; k++ {
		if k < int64(len(e.Rounds)) {
			cur.exp += n * e.Rounds[k]
		}
		cur.obs += float64(mc.rounds[k])
		if cur.exp >= 5 {
			bins = append(bins, cur)
			cur = bin{}
		}
	}
	cur.exp += n * e.RoundsTail
	if len(bins) == 0 {
		bins = append(bins, cur)
	} else {
		bins[len(bins)-1].obs += cur.obs
		bins[len(bins)-1].exp += cur.exp
	}
	if len(bins) < 2 {
		return Agreement{"rounds χ²", 1, "one bin"}
	}
	x2 := 0.0
	for _, b := range bins {
		x2 += (b.obs - b.exp) * (b.obs - b.exp) / b.exp
	}
	df := float64(len(bins) - 1)
	return Agreement{"rounds χ²", distuv.ChiSquared{K: df}.Survival(x2), fmt.Sprintf("χ² = %.2f, %d bins", x2, len(bins))}
}
