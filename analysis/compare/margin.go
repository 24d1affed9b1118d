package compare

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// Margin is the smallest difference between two variants that matters to
// the designer (compare --margin): a difference within ±Margin is as good
// as none. It is Value points for a share (2 is 2 percentage points), Value
// of the metric's units for a mean (0.5 rounds), or, Relative, Value
// percent of A's value of a mean. Metric is the one metric it applies to,
// or "" for the metrics its form names: a number, points, the shares; a
// percent, the means. A bare number never judges a mean, whose units
// (rounds, reputation) points are not.
type Margin struct {
	Metric   string
	Value    float64
	Relative bool
}

// MarginForms lists the forms of a margin, for error messages.
const MarginForms = "a positive number of points, for every share (2 is 2 points); a percent of A's value, for every mean (5%); " +
	"or either for one metric as METRIC=X, a mean's also in its own units (win.a=2, rounds.mean=0.5, rounds.mean=5%)"

// ParseMargin reads a margin: X, X% or METRIC=X, METRIC=X%. A percent of a
// share is refused: a share's margin is in points, and "5 %" of one would
// read as either.
func ParseMargin(s string) (Margin, error) {
	var m Margin
	v := s
	if name, rest, ok := strings.Cut(s, "="); ok {
		metric, err := rules.ParseMetric(name)
		if err != nil || !comparedKind(metric.Kind) {
			return Margin{}, fmt.Errorf("%s: the metric %q is none compare reports: allowed: win.a, win.b, win.none, end.<reason>, rounds.mean, counter.<name>", s, name)
		}
		m.Metric, v = name, rest
	}
	v, m.Relative = strings.CutSuffix(v, "%")
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || !(x > 0) || math.IsInf(x, 0) {
		return Margin{}, fmt.Errorf("%s: allowed: %s", s, MarginForms)
	}
	m.Value = x
	metric, _ := rules.ParseMetric(m.Metric)
	// A margin for every metric is a share's too, and too fine for it; only
	// a margin naming a share is too wide above 100 points.
	named := m.Metric != "" && metric.Share()
	switch {
	case m.Relative && named:
		return Margin{}, fmt.Errorf("%s: a share's margin is in points (%s=%s is %s points), not a percent: allowed: %s", s, m.Metric, v, v, MarginForms)
	case !m.Relative && (x < MinShareMargin && (named || m.Metric == "") || x > 100 && named):
		return Margin{}, fmt.Errorf("%s: a share's margin is from %g to 100 points: two shares differ by 100 points at most, and no run (at most 2^53 trials) resolves a difference finer than about %g points", s, MinShareMargin, MinShareMargin)
	}
	return m, nil
}

// MinShareMargin is the narrowest margin, in points, on a share: a
// paired difference of two shares varies by at most 1, so its interval at
// 2^53 trials (sim.MaxTrials) is still about ±2·10⁻⁸ wide (±2·10⁻⁶
// points), and a narrower margin could be decided by no number of trials.
const MinShareMargin = 1e-5

// comparedKind reports whether compare reports metrics of kind k.
func comparedKind(k rules.MetricKind) bool {
	return k == rules.WinShare || k == rules.EndShare || k == rules.RoundsMean || k == rules.CounterMean
}

// MarginKind is what a comparison concludes of one metric against its
// margin.
type MarginKind uint8

const (
	// MarginUndecided: the interval holds values both inside and outside ±Margin.
	MarginUndecided MarginKind = iota
	// MarginHigher: B's value exceeds A's by more than the margin.
	MarginHigher
	// MarginLower: B's value is below A's by more than the margin.
	MarginLower
	// MarginEquivalent: the difference is within ±Margin (TOST).
	MarginEquivalent
)

// MarginVerdict is one metric's verdict against its margin. The verdict
// rests on two one-sided tests at Alpha/Tests() each, that is on the
// (1 − 2·Alpha/Tests()) interval Bounds, so that the verdicts of all
// metrics hold together at 1 − Alpha: higher (or lower) by more than the
// margin when Bounds lies wholly beyond +Margin (or −Margin), equivalent
// (two one-sided tests, TOST) when it lies wholly within ±Margin.
type MarginVerdict struct {
	// Margin is the margin in the metric's units (a share's as a
	// proportion, 0.02 for 2 points; a relative one resolved on A's value).
	Margin float64
	Spec   Margin
	Kind   MarginKind
	Bounds analysis.Interval
	// More is, for an undecided metric, about how many more paired trials
	// would decide it if the difference and the paired variance stayed as
	// they are: those that shrink Bounds' half-width below the distance
	// from the difference to the nearer of |d| = Margin; −1 when the
	// difference sits on it, where no number would.
	More int64
}

// marginOf returns the margin that applies to metric, share or mean, whose
// value under A is a, and whether one does: the metric's own, else a bare
// one of its kind (points for a share, a percent for a mean). A percent of
// an A of 0 is no margin: within ±0 nothing is ever equivalent.
func marginOf(ms []Margin, metric string, share bool, a float64) (float64, Margin, bool) {
	pick := func(m Margin) (float64, Margin, bool) {
		switch {
		case m.Relative && a == 0:
			return 0, Margin{}, false
		case m.Relative:
			return m.Value / 100 * math.Abs(a), m, true
		case share:
			return m.Value / 100, m, true
		}
		return m.Value, m, true
	}
	for _, m := range ms {
		if m.Metric == metric {
			return pick(m)
		}
	}
	for _, m := range ms {
		if m.Metric == "" && m.Relative != share {
			return pick(m)
		}
	}
	return 0, Margin{}, false
}

// judge decides a difference d with the one-sided bounds iv against
// margin δ; sd is the standard deviation of one pair's difference and n
// the pairs, for the trials that would decide it; z the one-sided normal
// quantile iv is at.
func judge(d float64, iv analysis.Interval, δ, sd float64, n int64, z float64) MarginVerdict {
	v := MarginVerdict{Margin: δ, Bounds: iv}
	switch {
	case iv.Lo > δ:
		v.Kind = MarginHigher
	case iv.Hi < -δ:
		v.Kind = MarginLower
	case iv.Lo > -δ && iv.Hi < δ:
		v.Kind = MarginEquivalent
	default:
		gap := math.Abs(math.Abs(d) - δ)
		need := math.Ceil(math.Pow(z*sd/gap, 2))
		switch {
		case gap == 0 || math.IsInf(need, 0) || need > math.MaxInt64/2:
			v.More = -1
		default:
			v.More = max(int64(need)-n, 1)
		}
	}
	return v
}
