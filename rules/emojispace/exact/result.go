package exact

import (
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// result assembles the floating-point solution: the counters it gives are
// those the chain's state determines (hull left, RED subsystems, repairs
// used) and the ships' constant RCP and TR, named as in the battle's Spec.
func (w *walk[T]) result() *rules.Exact {
	spec := w.m.b.Spec()
	res := &rules.Exact{States: w.visits, RoundsUnit: spec.RoundsUnit, Options: spec.Options, Notes: spec.Notes,
		Labels: spec.Labels, NonVictories: spec.NonVictories}
	res.Notes = append(res.Notes, "counters degradation-events, escape-tries and escaped are not part of the chain's state and have no exact distribution")
	win := w.floats(w.win[:])
	for i := range win {
		res.Win[i].F = win[i]
	}
	for i, f := range w.floats(w.ends) {
		res.Ends = append(res.Ends, rules.NamedValue{Name: emojispace.EndNames[i], Value: rules.Value{F: f}})
	}
	res.Rounds = w.floats(w.rounds)
	var mean, m2 float64
	for r, p := range res.Rounds {
		mean += float64(r) * p
		m2 += float64(r) * float64(r) * p
		if p > 0 && res.RoundsMin == nil {
			rmin := int64(r)
			res.RoundsMin = &rmin
		}
	}
	res.RoundsMean.F = mean
	sd := math.Sqrt(math.Max(0, m2-mean*mean))
	res.RoundsSD = &sd
	for _, c := range w.counterDists() {
		d := rules.ExactCounter{Name: c.name, P: w.floats(c.p)}
		for k, f := range d.P {
			d.Mean.F += float64(k) * f
		}
		res.Counters = append(res.Counters, d)
	}
	// Put the counters in Spec order.
	order := make(map[string]int, len(spec.Counters))
	for i, c := range spec.Counters {
		order[c.Name] = i
	}
	sortByOrder(res.Counters, order)
	return res
}

// floats returns a distribution as float64s. One with a single value of
// non-zero mass is a certainty, and that value's probability is exactly 1:
// the float sums of its terms, in whatever order the walk adds them, can
// miss 1 by an ulp or two, where the fraction is exactly 1.
func (w *walk[T]) floats(p []T) []float64 {
	f := make([]float64, len(p))
	only := -1
	for i, x := range p {
		f[i] = w.ar.float(x)
		switch {
		case f[i] == 0:
		case only == -1:
			only = i
		default:
			only = -2
		}
	}
	if only >= 0 {
		f[only] = 1
	}
	return f
}

type counterDist[T any] struct {
	name string
	p    []T
}

// counterDists lists the exact counter distributions.
func (w *walk[T]) counterDists() []counterDist[T] {
	ar := w.ar
	var out []counterDist[T]
	for s := range 2 {
		side := rules.Side(s + 1)
		sh := w.m.sides[s].ship
		out = append(out,
			counterDist[T]{rules.SideCounter(side, emojispace.CounterHull), w.hull[s]},
			counterDist[T]{rules.SideCounter(side, emojispace.CounterRepairs), w.spent[s]},
			counterDist[T]{rules.SideCounter(side, emojispace.CounterRed), w.red[s][:]},
			counterDist[T]{rules.SideCounter(side, emojispace.CounterRCP), point(ar, sh.RCP)},
			counterDist[T]{rules.SideCounter(side, emojispace.CounterTR), point(ar, sh.TR)},
		)
	}
	return out
}

// point is the distribution of a constant k.
func point[T any](ar num[T], k int) []T {
	p := make([]T, k+1)
	for i := range p {
		p[i] = ar.zero()
	}
	p[k] = ar.frac(1, 1)
	return p
}

func sortByOrder(cs []rules.ExactCounter, order map[string]int) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && order[cs[j].Name] < order[cs[j-1].Name]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// fractions adds the exact fractions of this (rational) walk to res: win
// and end shares, the mean rounds and the counters' distributions.
func (w *walk[T]) fractions(res *rules.Exact) {
	ar := w.ar
	for i := range w.win {
		res.Win[i].Rat = ar.text(w.win[i])
	}
	for i := range res.Ends {
		res.Ends[i].Rat = ar.text(w.ends[i])
	}
	mean := ar.zero()
	for r := range w.rounds {
		mean = ar.add(mean, ar.mul(ar.frac(int64(r), 1), w.rounds[r]))
	}
	res.RoundsMean.Rat = ar.text(mean)
	for _, c := range w.counterDists() {
		for i := range res.Counters {
			d := &res.Counters[i]
			if d.Name != c.name {
				continue
			}
			m := ar.zero()
			d.Rat = d.Rat[:0]
			for k, p := range c.p {
				d.Rat = append(d.Rat, ar.text(p))
				m = ar.add(m, ar.mul(ar.frac(int64(k), 1), p))
			}
			d.Mean.Rat = ar.text(m)
		}
	}
}
