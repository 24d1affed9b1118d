package compare

import (
	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// DefaultAlpha is the family-wise false-alarm rate of a comparison
// when the command gives none.
const DefaultAlpha = 0.05

// MinTrials is the fewest trials a comparison runs: its test of the
// mean rounds is a large-sample z test (as claims on means need 30 trials).
const MinTrials = 30

// Variant is one side of a comparison: a scenario with its overrides
// applied, and the label outputs call it by.
type Variant struct {
	Label    string
	Scenario *scenarios.Scenario
}

// Comparison is two variants fought on paired trials — trial i of both
// draws the same random stream — and the statistics of their differences,
// always B's value minus A's.
//
// Every test of a comparison is one of a family of Tests(): the wins of a,
// of b and of nobody and each end reason (McNemar's test), the mean rounds
// (a paired z test) and the distribution of rounds (a chi-square test). A
// difference is significant when its p-value is below Alpha/Tests()
// (Bonferroni), so that the chance of calling any difference significant
// when the variants are the same is at most Alpha; every interval is at the
// matching level, Level, so that all of them hold at once with probability
// at least 1 − Alpha.
type Comparison struct {
	LabelA, LabelB string
	// A and B are each variant's own run over all the trials.
	A, B *analysis.Result
	// Streams is the name the random streams were drawn for.
	Streams string
	// Planned is the number of paired trials asked for; a comparison cut
	// short (Interrupted) covers fewer, Trials().
	Planned int64
	Alpha   float64
	Level   float64
	Shares  []ShareDiff
	Rounds  RoundsDiff
	Dist    DistTest
	// Counters compares each counter both variants report.
	Counters []CounterDiff
	// Margins are the margins the metrics were judged against
	// (ApplyMargins), if any.
	Margins []Margin
}

// ShareDiff compares the share of trials with one outcome (Metric is
// win.a, win.b, win.none or end.<reason>).
type ShareDiff struct {
	Metric string
	Counts analysis.PairedCounts
	// A and B are the shares under each variant; Diff is B − A.
	A, B, Diff float64
	// Paired uses the pairing (PairedShareInterval); Unpaired is what
	// independent samples would give (UnpairedShareInterval).
	Paired, Unpaired analysis.Interval
	Test             analysis.McNemar
	Significant      bool
	// Margin is the verdict against the margin, if one applies.
	Margin *MarginVerdict
}

// RoundsDiff compares the mean rounds (in the ruleset's unit).
type RoundsDiff struct {
	Unit         string
	MeanA, MeanB float64
	analysis.MeanDiffTest
	// Differ is the number of trials whose rounds differ between the
	// variants.
	Differ      int64
	Significant bool
	Margin      *MarginVerdict
}

// CounterDiff compares a counter's mean per trial, as RoundsDiff the
// rounds' (the paired differences come from the pair pass's "diff."
// counters); and, for a distribution counter, its distributions, as
// DistTest the rounds'.
type CounterDiff struct {
	Name         string
	MeanA, MeanB float64
	analysis.MeanDiffTest
	// Differ is true when the counter differs in some pair of trials.
	Differ      bool
	Significant bool
	Dist        *DistTest
	Margin      *MarginVerdict
}

// DistTest is the chi-square test that the two variants' rounds follow
// one distribution. Paired samples are dependent, which the test does not
// allow for, so it compares A's rounds in the first half of the trials with
// B's in the second half: disjoint trials draw independent streams, so the
// two samples are independent as the test assumes.
type DistTest struct {
	Stat        float64
	DF          int
	P           float64
	NA, NB      int64 // the sizes of the two samples
	Significant bool
}

// Tests returns the number of tests the family-wise rate is split across.
func (c *Comparison) Tests() int { return len(c.Shares) + 2 }

// CounterTests returns the number of tests of the counters, a family of
// their own at the same rate Alpha (so that a ruleset with hundreds of
// counters does not widen the intervals of the win shares): one of each
// counter's mean, and one of each distribution counter's distribution.
func (c *Comparison) CounterTests() int {
	n := len(c.Counters)
	for _, k := range c.Counters {
		if k.Dist != nil {
			n++
		}
	}
	return n
}

// CounterLevel is the level of each counter's interval, so that all of
// them hold at once with probability at least 1 − Alpha.
func (c *Comparison) CounterLevel() float64 {
	return 1 - c.Alpha/float64(max(c.CounterTests(), 1))
}

// Significant returns the metrics whose difference is significant, in
// output order; none means "no significant difference".
func (c *Comparison) Significant() []string {
	var out []string
	for _, s := range c.Shares {
		if s.Significant {
			out = append(out, s.Metric)
		}
	}
	if c.Rounds.Significant {
		out = append(out, "rounds.mean")
	}
	if c.Dist.Significant {
		out = append(out, "rounds.distribution")
	}
	return out
}

// CountersSignificant returns the counters whose mean or distribution
// differs significantly (in their own family), as metrics:
// counter.<name>, counter.<name>.distribution.
func (c *Comparison) CountersSignificant() []string {
	var out []string
	for _, k := range c.Counters {
		if k.Significant {
			out = append(out, "counter."+k.Name)
		}
		if k.Dist != nil && k.Dist.Significant {
			out = append(out, "counter."+k.Name+".distribution")
		}
	}
	return out
}

// Trials returns the number of paired trials.
func (c *Comparison) Trials() int64 { return c.A.Tally.Trials }

// Interrupted reports whether the comparison was cut short: it covers the
// blocks of trials every pass finished, fewer than Planned.
func (c *Comparison) Interrupted() bool { return c.Trials() < c.Planned }
