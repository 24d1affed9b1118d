package reports

import (
	"math/big"

	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// exactHeadline returns the rows of an exact solution's headline, as
// outcomeRows gives a run's: each side's probability of a victory, of each
// non-victory end it ends the battle by, and of no winner. A non-victory
// end can be told apart only where the solution gives its side counters
// (rules.Exact.NonVictories); where it does not, the side's row is its
// scored win, named so ("P(P3 wins, escaped included)").
func exactHeadline(e *rules.Exact) []exactRow {
	win := e.Win
	var split []rules.NonVictory
	var by [][3]rules.Value
	spec := rules.Spec{Labels: e.Labels}
	for _, nv := range e.NonVictories {
		p, ok := exactSideCounts(e, nv.End)
		if !ok {
			spec.NonVictories = append(spec.NonVictories, nv)
			continue
		}
		split, by = append(split, nv), append(by, p)
		for _, s := range []rules.Side{rules.A, rules.B} {
			from := s
			if !nv.Scored {
				from = rules.None
			}
			win[from] = subValue(win[from], p[s])
		}
	}
	n := words.NamesOf(spec)
	var rows []exactRow
	for _, s := range []rules.Side{rules.A, rules.B} {
		rows = append(rows, exactRow{"P(" + n.Wins(s) + ")" + n.Tag(s), win[s]})
		for k, nv := range split {
			rows = append(rows, exactRow{"P(" + n.Ended(s, nv.End) + ")" + n.Tag(s), by[k][s]})
		}
	}
	return append(rows, exactRow{"P(" + n.Wins(rules.None) + ")", win[rules.None]})
}

// exactSideCounts returns the probability that each side ends the battle
// by a non-victory end (the mean of its 0-or-1 side counter), indexed by
// side, and whether the solution gives both counters.
func exactSideCounts(e *rules.Exact, end string) (p [3]rules.Value, ok bool) {
	for k, name := range rules.NonVictoryCounters(end) {
		c, found := e.Counter(name)
		if !found {
			return p, false
		}
		p[rules.A+rules.Side(k)] = c.Mean
	}
	return p, true
}

// subValue returns a − b, as a fraction too when both have one.
func subValue(a, b rules.Value) rules.Value {
	d := rules.Value{F: a.F - b.F}
	x, okA := new(big.Rat).SetString(a.Rat)
	y, okB := new(big.Rat).SetString(b.Rat)
	if a.Rat != "" && b.Rat != "" && okA && okB {
		d.Rat = x.Sub(x, y).RatString()
	}
	return d
}

type exactRow struct {
	Name string
	V    rules.Value
}
