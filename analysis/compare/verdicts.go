package compare

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
)

// ApplyMargins judges every metric of c against the margin that applies to
// it (see Margin), at c's family-wise rate. A margin naming a metric c
// does not report is an error that names those it does.
func (c *Comparison) ApplyMargins(ms []Margin) error {
	known := c.metricNames()
	for _, m := range ms {
		if m.Metric != "" && !slices.Contains(known, m.Metric) {
			return fmt.Errorf("--margin %s: the comparison reports no %s: allowed: %s", m.Metric, m.Metric, strings.Join(known, ", "))
		}
	}
	c.Margins = ms
	z := -analysis.NormalQuantile(c.Alpha / float64(c.Tests()))
	for i := range c.Shares {
		s := &c.Shares[i]
		s.Margin = nil
		if δ, spec, ok := marginOf(ms, s.Metric, true, s.A); ok {
			v := judge(s.Diff, analysis.PairedShareInterval(s.Counts, z), δ, pairSD(s.Counts), s.Counts.N(), z)
			v.Spec = spec
			s.Margin = &v
		}
	}
	c.Rounds.Margin = c.meanMargin(ms, "rounds.mean", c.Rounds.MeanA, c.Rounds.MeanDiffTest, z)
	zc := -analysis.NormalQuantile(c.Alpha / float64(max(c.CounterTests(), 1))) // the counters' own family
	for i := range c.Counters {
		k := &c.Counters[i]
		k.Margin = c.meanMargin(ms, "counter."+k.Name, k.MeanA, k.MeanDiffTest, zc)
	}
	return nil
}

// meanMargin judges a difference of means against its margin, if one
// applies.
func (c *Comparison) meanMargin(ms []Margin, metric string, a float64, t analysis.MeanDiffTest, z float64) *MarginVerdict {
	δ, spec, ok := marginOf(ms, metric, false, a)
	if !ok {
		return nil
	}
	se := t.SD / math.Sqrt(float64(c.Trials()))
	v := judge(t.Diff, analysis.Interval{Lo: t.Diff - z*se, Hi: t.Diff + z*se}, δ, t.SD, c.Trials(), z)
	v.Spec = spec
	return &v
}

// pairSD is the standard deviation of one pair's difference of a yes/no
// outcome, with Agresti and Min's adjustment (PairedShareInterval).
func pairSD(c analysis.PairedCounts) float64 {
	m := float64(c.N()) + 2
	p10, p01 := (float64(c.OnlyA)+0.5)/m, (float64(c.OnlyB)+0.5)/m
	d := p01 - p10
	return math.Sqrt(math.Max(p10+p01-d*d, 0))
}

// Unmargined lists the metrics no margin applies to, when margins were
// given: those the designer left out, said so rather than left to silence.
func (c *Comparison) Unmargined() []string {
	if len(c.Margins) == 0 {
		return nil
	}
	var out []string
	for _, s := range c.Shares {
		if s.Margin == nil {
			out = append(out, s.Metric)
		}
	}
	if c.Rounds.Margin == nil {
		out = append(out, "rounds.mean")
	}
	for _, k := range c.Counters {
		if k.Margin == nil {
			out = append(out, "counter."+k.Name)
		}
	}
	return out
}

// metricNames lists the metrics c reports a difference of.
func (c *Comparison) metricNames() []string {
	var out []string
	for _, s := range c.Shares {
		out = append(out, s.Metric)
	}
	out = append(out, "rounds.mean")
	for _, k := range c.Counters {
		out = append(out, "counter."+k.Name)
	}
	return out
}
