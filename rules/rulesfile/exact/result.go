package exact

import (
	"cmp"
	"math/big"
	"slices"

	"github.com/crucible-sim/crucible/rules"
)

// shares are a solution's answers in its arithmetic: who wins, how the
// battle ends, each counter's distribution and mean, the mean rounds.
type shares[T any] struct {
	win      [3]T
	ends     []T
	counters []counterDist[T]
	rounds   T
}

// counterDist is one counter's distribution over its values, ascending.
type counterDist[T any] struct {
	index  int // in the Spec's counters
	values []int64
	p      []T
	mean   T
}

// gather adds up the ends' probabilities into the answers.
func gather[T any, A arith[T]](c *chain[T, A], fl *flow[T]) *shares[T] {
	ar := c.ar
	spec := c.m.Spec()
	sh := &shares[T]{ends: make([]T, len(spec.Ends)), rounds: fl.rounds}
	for i := range sh.win {
		sh.win[i] = ar.Zero()
	}
	for i := range sh.ends {
		sh.ends[i] = ar.Zero()
	}
	for i, t := range c.terms {
		p := fl.term[i]
		sh.win[t.winner] = ar.Add(sh.win[t.winner], p)
		sh.ends[t.end] = ar.Add(sh.ends[t.end], p)
	}
	order := zeroed(&c.buf.byValue, len(c.terms))
	// The distributions are cut from the chain's arrays: the answer is
	// copied out of them before the chain is released (exactOf).
	values, ps := c.values[:0], c.ps[:0]
	for k := range spec.Counters {
		// The ends by the counter's value, each value's in the order of
		// the ends: each value's chance is added up in that order, the
		// mean in the order of the values.
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortStableFunc(order, func(i, j int32) int {
			return cmp.Compare(c.terms[i].counters[k], c.terms[j].counters[k])
		})
		d := counterDist[T]{index: k, mean: ar.Zero()}
		from := len(values)
		for i := 0; i < len(order); {
			v, p := c.terms[order[i]].counters[k], fl.term[order[i]]
			for i++; i < len(order) && c.terms[order[i]].counters[k] == v; i++ {
				p = ar.Add(p, fl.term[order[i]])
			}
			values, ps = append(values, v), append(ps, p)
			d.mean = ar.Add(d.mean, ar.Mul(ar.Frac(v, 1), p))
		}
		d.values, d.p = values[from:len(values):len(values)], ps[from:len(ps):len(ps)]
		sh.counters = append(sh.counters, d)
	}
	c.values, c.ps = values, ps
	return sh
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// maxDistValue is the largest counter value whose distribution is listed
// value by value (P[k] for k = 0…).
const maxDistValue = 1 << 16

// exactOf assembles the rules.Exact of a float solution (with fractions
// from rat, when given).
func exactOf(c *chain[float64, floats], sh *shares[float64], rat *shares[*big.Rat], dist []float64, rest float64, notes []string) *rules.Exact {
	spec := c.m.Spec()
	res := &rules.Exact{States: c.nodes.len(), RoundsMean: rules.Value{F: sh.rounds}, Rounds: dist, RoundsTail: rest,
		RoundsUnit: spec.RoundsUnit, Options: spec.Options, Notes: append(slices.Clone(spec.Notes), notes...),
		Labels: spec.Labels, NonVictories: spec.NonVictories}
	str := func(x *big.Rat) string { return x.RatString() }
	for i := range res.Win {
		res.Win[i].F = sh.win[i]
		if rat != nil {
			res.Win[i].Rat = str(rat.win[i])
		}
	}
	for i, name := range spec.Ends {
		v := rules.NamedValue{Name: name, Value: rules.Value{F: sh.ends[i]}}
		if rat != nil {
			v.Rat = str(rat.ends[i])
		}
		res.Ends = append(res.Ends, v)
	}
	if rat != nil {
		res.RoundsMean.Rat = str(rat.rounds)
	}
	for r, p := range dist {
		if p > 0 {
			least := int64(r)
			res.RoundsMin = &least
			break
		}
	}
	for i, d := range sh.counters {
		ec := rules.ExactCounter{Name: spec.Counters[d.index].Name, Mean: rules.Value{F: d.mean}}
		dense := len(d.values) > 0 && d.values[0] >= 0 && d.values[len(d.values)-1] <= maxDistValue
		if dense {
			ec.P = make([]float64, d.values[len(d.values)-1]+1)
			for j, v := range d.values {
				ec.P[v] = d.p[j]
			}
		}
		if rat != nil {
			rd := rat.counters[i]
			ec.Mean.Rat = str(rd.mean)
			if dense {
				ec.Rat = make([]string, len(ec.P))
				for j := range ec.Rat {
					ec.Rat[j] = "0"
				}
				for j, v := range rd.values {
					ec.Rat[v] = str(rd.p[j])
				}
			}
		}
		res.Counters = append(res.Counters, ec)
	}
	return res
}
