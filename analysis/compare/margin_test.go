package compare

import (
	"math"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
)

func TestParseMargin(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Margin
		err  string
	}{
		{in: "2", want: Margin{Value: 2}},
		{in: "0.5", want: Margin{Value: 0.5}},
		{in: "5%", want: Margin{Value: 5, Relative: true}},
		{in: "win.a=2", want: Margin{Metric: "win.a", Value: 2}},
		{in: "rounds.mean=5%", want: Margin{Metric: "rounds.mean", Value: 5, Relative: true}},
		{in: "counter.a.hits=0.25", want: Margin{Metric: "counter.a.hits", Value: 0.25}},
		{in: "-2", err: "-2: allowed: a positive number"},
		{in: "0", err: "0: allowed: a positive number"},
		{in: "0%", err: "0%: allowed"},
		{in: "inf", err: "inf: allowed"},
		{in: "two", err: "two: allowed"},
		{in: "win.a=5%", err: "win.a=5%: a share's margin is in points (win.a=5 is 5 points), not a percent"},
		{in: "end.round-cap=1%", err: "a share's margin is in points"},
		{in: "rounds.p90=1", err: `the metric "rounds.p90" is none compare reports: allowed: win.a, win.b, win.none, end.<reason>, rounds.mean, counter.<name>`},
		{in: "margin=1", err: `the metric "margin" is none compare reports`},
		{in: "nonsense=1", err: `the metric "nonsense" is none compare reports`},
		// Two shares differ by 100 points at most, and no run resolves a
		// margin finer than 1e-5 points (the first two were accepted, the
		// third judged "on the margin, where no number of trials would
		// decide" of a difference of exactly 0).
		{in: "win.a=101", err: "win.a=101: a share's margin is from 1e-05 to 100 points"},
		{in: "end.round-cap=1e-9", err: "a share's margin is from 1e-05 to 100 points"},
		{in: "1e-9", err: "1e-9: a share's margin is from 1e-05 to 100 points"},
		{in: "win.a=100", want: Margin{Metric: "win.a", Value: 100}},
		{in: "150", want: Margin{Value: 150}}, // rounds and counters may differ by more
		{in: "rounds.mean=1e-9", want: Margin{Metric: "rounds.mean", Value: 1e-9}},
	} {
		got, err := ParseMargin(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseMargin(%q): error %v, want one with %q", c.in, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseMargin(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

// The four verdicts against a margin of 1: the one-sided bounds beyond +1,
// beyond −1, within ±1 (TOST), or across a boundary — with the trials that
// would shrink the half-width (z·sd/√n) below the distance from the
// difference to the nearer boundary.
func TestJudge(t *testing.T) {
	const z = 2
	for _, c := range []struct {
		d, lo, hi, sd float64
		n             int64
		kind          MarginKind
		more          int64
	}{
		{d: 2, lo: 1.5, hi: 2.5, sd: 10, n: 1600, kind: MarginHigher},
		{d: -2, lo: -2.5, hi: -1.5, sd: 10, n: 1600, kind: MarginLower},
		{d: 0.1, lo: -0.4, hi: 0.6, sd: 10, n: 1600, kind: MarginEquivalent},
		// |d| = 0.5: the nearer boundary is 0.5 away; (2·10/0.5)² = 1600
		// pairs would decide, 1200 more than the 400 fought.
		{d: 0.5, lo: -0.5, hi: 1.5, sd: 10, n: 400, kind: MarginUndecided, more: 1200},
		// |d| = 1.25 beyond the margin by 0.25: (2·10/0.25)² = 6400.
		{d: -1.25, lo: -2.25, hi: -0.25, sd: 10, n: 400, kind: MarginUndecided, more: 6000},
		// On the boundary no number of trials decides.
		{d: 1, lo: 0, hi: 2, sd: 10, n: 400, kind: MarginUndecided, more: -1},
	} {
		v := judge(c.d, analysis.Interval{Lo: c.lo, Hi: c.hi}, 1, c.sd, c.n, z)
		if v.Kind != c.kind || v.More != c.more || v.Margin != 1 {
			t.Errorf("judge(%g, [%g, %g]) = %+v; want kind %d, more %d", c.d, c.lo, c.hi, v, c.kind, c.more)
		}
	}
}

// A bare margin applies to the metrics its form names: a number, points,
// to the shares; a percent, of A's value, to the means; a metric's own
// margin comes first. A bare number never judges a mean in its units:
// `--margin 3` judged rounds and reputation by ±3 before.
func TestMarginOf(t *testing.T) {
	ms := []Margin{{Metric: "rounds.mean", Value: 10, Relative: true}, {Value: 2}, {Value: 5, Relative: true}}
	for _, c := range []struct {
		metric string
		share  bool
		a      float64
		want   float64
	}{
		{"win.a", true, 0.4, 0.02},
		{"rounds.mean", false, 8, 0.8},
		{"counter.a.hits", false, 3, 0.15},
	} {
		if got, _, ok := marginOf(ms, c.metric, c.share, c.a); !ok || math.Abs(got-c.want) > 1e-15 {
			t.Errorf("%s: margin %g, %v; want %g", c.metric, got, ok, c.want)
		}
	}
	if got, _, ok := marginOf([]Margin{{Value: 5, Relative: true}}, "win.a", true, 0.4); ok {
		t.Errorf("a relative margin applied to a share: %g", got)
	}
	for _, m := range []string{"rounds.mean", "counter.a.reputation"} {
		if got, _, ok := marginOf([]Margin{{Value: 3}}, m, false, 8); ok {
			t.Errorf("--margin 3 applied to %s: ±%g", m, got)
		}
	}
	if got, _, ok := marginOf([]Margin{{Value: 5, Relative: true}}, "counter.a.hits", false, 0); ok {
		t.Errorf("a percent of 0 applied: %g", got)
	}
}
