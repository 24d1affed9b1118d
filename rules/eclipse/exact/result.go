package exact

import (
	"math/big"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// result assembles the float results from the terminal distribution, as the
// rules.Exact every solver returns: its counters are the battle's own
// (a.survivors.<type>, a.retreated.<type>, a.reputation, …), in Spec order.
func (s *solver[T, A]) result() *rules.Exact {
	c := s.c
	f := s.ar.float
	spec := c.Spec()
	res := &rules.Exact{States: len(s.nodes), RoundsMean: rules.Value{F: f(s.rndE)}, RoundsUnit: spec.RoundsUnit,
		Options: spec.Options, Notes: spec.Notes, Labels: spec.Labels, NonVictories: spec.NonVictories}
	res.Ends = make([]rules.NamedValue, len(eclipse.EndNames))
	for i, name := range eclipse.EndNames {
		res.Ends[i].Name = name
	}
	var dists counterDists
	res.Counters = s.counterDists(&dists)
	for i, tm := range s.terms {
		p := f(s.term[i])
		res.Win[tm.winner].F += p
		res.Ends[tm.end].F += p
		for t := range c.Types {
			k := tm.survivors[t]
			dists.surv[t][k] += p
			if ret := dists.ret[t]; ret != nil {
				if !tm.left[t] {
					k = 0
				}
				ret[k] += p
			}
		}
		for side := range 2 {
			if rep := dists.rep[side]; rep != nil && tm.rep[side] >= 0 {
				rep[tm.rep[side]] += p
			}
		}
	}
	for i := range res.Counters {
		d := &res.Counters[i]
		for k, x := range d.P {
			d.Mean.F += float64(k) * x
		}
	}
	return res
}

// counterDists are the distributions of the counters: survivors per
// type, retreated per type of a side that may retreat (else nil),
// reputation per player side (else nil).
type counterDists struct {
	surv, ret [eclipse.MaxTypes][]float64
	rep       [2][]float64
}

// counterDists returns the counters in Spec order (eclipse's
// Compiled.finish declares them so: survivors, retreated, reputation),
// their distributions carved from one array and also set in d.
func (s *solver[T, A]) counterDists(d *counterDists) []rules.ExactCounter {
	c := s.c
	spec := c.Spec()
	n := 0
	for t := range c.Types {
		n += c.Types[t].Count + 1
		if c.Sides[c.Types[t].Side].Retreat.Kind != eclipse.RetreatNever {
			n += c.Types[t].Count + 1
		}
	}
	for side := range 2 {
		if !c.Sides[side].NPC {
			n += 6
		}
	}
	buf := make([]float64, n)
	counters := make([]rules.ExactCounter, 0, len(spec.Counters))
	carve := func(k int) []float64 {
		p := buf[:k:k] // capped: a caller's append must not reach the next
		buf = buf[k:]
		counters = append(counters, rules.ExactCounter{Name: spec.Counters[len(counters)].Name, P: p})
		return p
	}
	for t := range c.Types {
		d.surv[t] = carve(c.Types[t].Count + 1)
	}
	for t := range c.Types {
		if c.Sides[c.Types[t].Side].Retreat.Kind != eclipse.RetreatNever {
			d.ret[t] = carve(c.Types[t].Count + 1)
		}
	}
	for side := range 2 {
		if !c.Sides[side].NPC {
			d.rep[side] = carve(6)
		}
	}
	return counters
}

// rational adds the exact fractions to res: the win and end shares, the
// mean rounds and the survivors' distributions.
func (s *solver[T, A]) rational(res *rules.Exact) {
	c := s.c
	ar := s.ar
	str := func(x T) string { return any(x).(*big.Rat).RatString() }
	var win [3]T
	for i := range win {
		win[i] = ar.zero()
	}
	ends := make([]T, len(eclipse.EndNames))
	for i := range ends {
		ends[i] = ar.zero()
	}
	surv := make([][]T, len(c.Types))
	for t := range c.Types {
		surv[t] = make([]T, c.Types[t].Count+1)
		for k := range surv[t] {
			surv[t][k] = ar.zero()
		}
	}
	for i, tm := range s.terms {
		p := s.term[i]
		win[tm.winner] = ar.add(win[tm.winner], p)
		ends[tm.end] = ar.add(ends[tm.end], p)
		for t := range c.Types {
			surv[t][tm.survivors[t]] = ar.add(surv[t][tm.survivors[t]], p)
		}
	}
	for i := range win {
		res.Win[i].Rat = str(win[i])
	}
	res.RoundsMean.Rat = str(s.rndE)
	for i := range res.Ends {
		res.Ends[i].Rat = str(ends[i])
	}
	for t := range c.Types { // the survivors counters come first, one per type
		d := &res.Counters[t]
		mean := ar.zero()
		for k, p := range surv[t] {
			d.Rat = append(d.Rat, str(p))
			mean = ar.add(mean, ar.mul(ar.frac(int64(k), 1), p))
		}
		d.Mean.Rat = str(mean)
	}
}
