package compare

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// ExactComparison is two variants solved exactly (compare --exact): the
// difference, B's value minus A's, of every metric both solutions give,
// with no sampling and so no interval and no test.
type ExactComparison struct {
	LabelA, LabelB string
	Ruleset        string
	A, B           *rules.Exact
	Diffs          []ExactDiff
	// Margins are the margins the differences were judged against.
	Margins []Margin
}

// ExactDiff is one metric's exact difference. Rat and RatDiff are the
// fractions when the solves gave them ("" otherwise).
type ExactDiff struct {
	Metric           string
	A, B, Diff       float64
	RatA, RatB, RatD string
	// Margin is the verdict against the margin, if one applies: higher or
	// lower by more than it, else equivalent (an exact difference leaves
	// nothing undecided).
	Margin *MarginVerdict
}

// Exact solves both variants (Solve) and differences every metric
// both solutions give: the win shares, the end shares, the mean rounds and
// every counter's mean. The two must be of one ruleset with the same end
// reasons. A refusal of either solve (rules.ErrBudget) or ctx's
// cancellation is returned wrapped, naming the variant.
func Exact(ctx context.Context, a, b Variant, rational bool) (*ExactComparison, error) {
	if a.Scenario.Ruleset != b.Scenario.Ruleset {
		return nil, fmt.Errorf("cannot compare %s (ruleset %s) with %s (ruleset %s): both variants must be of one ruleset",
			a.Label, a.Scenario.Ruleset, b.Label, b.Scenario.Ruleset)
	}
	var sols [2]*rules.Exact
	for i, v := range []Variant{a, b} {
		sol, err := analysis.Solve(ctx, v.Scenario, rational)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", [2]string{"A", "B"}[i], v.Label, err)
		}
		sols[i] = sol
	}
	ea, eb := endNames(sols[0]), endNames(sols[1])
	if !slices.Equal(ea, eb) {
		return nil, fmt.Errorf("cannot compare %s (end reasons %v) with %s (end reasons %v): both variants must have the same end reasons", a.Label, ea, b.Label, eb)
	}
	c := &ExactComparison{LabelA: a.Label, LabelB: b.Label, Ruleset: a.Scenario.Ruleset, A: sols[0], B: sols[1]}
	for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
		c.add("win."+s.String(), sols[0].Win[s], sols[1].Win[s])
	}
	for i, e := range ea {
		c.add("end."+e, sols[0].Ends[i].Value, sols[1].Ends[i].Value)
	}
	c.add("rounds.mean", sols[0].RoundsMean, sols[1].RoundsMean)
	for _, k := range sols[0].Counters {
		if kb, ok := sols[1].Counter(k.Name); ok {
			c.add("counter."+k.Name, k.Mean, kb.Mean)
		}
	}
	return c, nil
}

func endNames(e *rules.Exact) []string {
	out := make([]string, len(e.Ends))
	for i, n := range e.Ends {
		out[i] = n.Name
	}
	return out
}

// add appends the difference of one metric.
func (c *ExactComparison) add(metric string, a, b rules.Value) {
	d := ExactDiff{Metric: metric, A: a.F, B: b.F, Diff: b.F - a.F, RatA: a.Rat, RatB: b.Rat}
	ra, okA := new(big.Rat).SetString(a.Rat)
	rb, okB := new(big.Rat).SetString(b.Rat)
	if a.Rat != "" && b.Rat != "" && okA && okB {
		diff := new(big.Rat).Sub(rb, ra)
		d.RatD = diff.RatString()
		d.Diff, _ = diff.Float64()
	}
	c.Diffs = append(c.Diffs, d)
}

// ApplyMargins judges every difference against the margin that applies to
// it: higher or lower by more than it, else equivalent within it. A margin
// naming a metric c does not give is an error that names those it does.
func (c *ExactComparison) ApplyMargins(ms []Margin) error {
	var known []string
	for _, d := range c.Diffs {
		known = append(known, d.Metric)
	}
	for _, m := range ms {
		if m.Metric != "" && !slices.Contains(known, m.Metric) {
			return fmt.Errorf("--margin %s: the exact comparison gives no %s: allowed: %v", m.Metric, m.Metric, known)
		}
	}
	c.Margins = ms
	for i := range c.Diffs {
		d := &c.Diffs[i]
		m, _ := rules.ParseMetric(d.Metric)
		d.Margin = nil
		if δ, spec, ok := marginOf(ms, d.Metric, m.Share(), d.A); ok {
			v := MarginVerdict{Margin: δ, Spec: spec, Kind: MarginEquivalent, Bounds: analysis.Interval{Lo: d.Diff, Hi: d.Diff}}
			switch {
			case d.Diff > δ:
				v.Kind = MarginHigher
			case d.Diff < -δ:
				v.Kind = MarginLower
			}
			d.Margin = &v
		}
	}
	return nil
}
