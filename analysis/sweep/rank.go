package sweep

import (
	"math"
	"sort"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// Ranking is the values of a field of names ranked by the sweep's metric,
// best first for the side the field belongs to when the metric says what
// is best for it (Best: highest first, or lowest first for its loss rate,
// the other side's win share), else highest first, with those the data
// cannot tell from the first; or,
// where the sweep was given a level (Sweep.Level: "which armor makes the
// duel fair?"), nearest the level first, with those the data cannot tell
// from the level.
type Ranking struct {
	// Given is the index of the second field's value, -1 for one field.
	Given int
	// Order indexes Result.Points, highest metric (or nearest the
	// level) first.
	Order []int
	// Tied[i] says Order[i] is indistinguishable from the highest (true
	// for the highest itself), or from the level; P[i] is its
	// Holm-adjusted p-value against the highest (0 for the highest) or the
	// level (0 for exact values).
	Tied []bool
	P    []float64
	// Level is the level ranked against, nil when ranked highest first.
	Level *float64
	// Best is the side whose field is ranked, when the metric is its win
	// share, the other side's or the margin: the ranking is then best for
	// it first. Lowest says that best is lowest (its loss rate, or the
	// margin for side b); rules.None ranks highest first.
	Best   rules.Side
	Lowest bool
	// Exact says every value is exact: tied means equal.
	Exact bool
	// Untested says why no test was made (a metric without an interval):
	// the order stands alone.
	Untested string
}

// RankAlpha is the family-wise false-alarm rate of a ranking's tests.
const RankAlpha = 0.05

// RankMethod says how a ranking tells values from the highest;
// LevelRankMethod how one against a level tells values from it.
const (
	RankMethod      = "each value against the highest by a two-sample z-test of the difference (unpaired, which common random numbers make conservative), Holm-corrected so that the statements hold together at 95 %"
	LevelRankMethod = "each value against the level by a z-test of its estimate, Holm-corrected so that the statements hold together at 95 %"
)

// Rankings ranks the values of a sweep's first field when it is a field
// of names: one ranking, or one per value of the second field.
func (s *Result) Rankings() []Ranking {
	if s.Sweep.Kinds[0] != Categorical {
		return nil
	}
	var out []Ranking
	for _, l := range s.Lines() {
		if s.Sweep.Level != nil {
			out = append(out, rankByLevel(l, l.Values(s), *s.Sweep.Level))
			continue
		}
		best, lowest := s.bestFor()
		vals := l.Values(s)
		if lowest {
			vals = negated(vals)
		}
		r := rankLine(l, vals)
		r.Best, r.Lowest = best, lowest
		out = append(out, r)
	}
	return out
}

// bestFor returns the side the first field belongs to when the metric says
// what is best for it, and whether that best is the lowest value: a loss
// rate ranked highest first would put the side's worst value at the top.
func (s *Result) bestFor() (side rules.Side, lowest bool) {
	side = s.Sweep.AxisSide(0)
	m := s.Sweep.Metric
	switch {
	case side == rules.None:
		return rules.None, false
	case m.Kind == rules.WinShare && m.Side != rules.None:
		return side, m.Side != side
	case m.Kind == rules.Margin: // win.a − win.b
		return side, side == rules.B
	}
	return rules.None, false
}

// negated returns the estimates of −x, so that ranking them highest first
// ranks x lowest first.
func negated(vals []analysis.Estimate) []analysis.Estimate {
	out := make([]analysis.Estimate, len(vals))
	for i, v := range vals {
		v.Value, v.Lo, v.Hi = -v.Value, -v.Hi, -v.Lo
		out[i] = v
	}
	return out
}

// rankByLevel ranks one line's points by their distance from level,
// nearest first; tied are those the data cannot tell from it.
func rankByLevel(l Line, vals []analysis.Estimate, level float64) Ranking {
	r := Ranking{Given: l.Given, Exact: l.Exact, Level: &level}
	dist := make([]analysis.Estimate, len(vals))
	for i, v := range vals {
		dist[i] = analysis.Estimate{Value: -math.Abs(v.Value - level)}
	}
	idx := byValue(dist)
	for _, k := range idx {
		r.Order = append(r.Order, l.At[k])
	}
	r.Tied, r.P = make([]bool, len(idx)), make([]float64, len(idx))
	if l.Exact {
		for i, k := range idx {
			r.Tied[i] = sideOf(vals[k], level) == 0
		}
		return r
	}
	if r.Untested = untested(vals); r.Untested != "" {
		return r
	}
	raw := make([]float64, len(idx))
	for i, k := range idx {
		raw[i] = differencePValue(vals[k], analysis.Estimate{Value: level})
	}
	for i, p := range holm(raw) {
		r.P[i], r.Tied[i] = p, p > RankAlpha
	}
	return r
}

// untested says why estimates cannot be tested (one without an
// interval), or "".
func untested(vals []analysis.Estimate) string {
	for _, v := range vals {
		if v.NoInterval != "" {
			return v.NoInterval
		}
		if v.Lo == v.Hi && v.SD == 0 {
			return "the metric is an extreme of the trials, with no interval"
		}
	}
	return ""
}

// rankLine ranks one line's points by their values.
func rankLine(l Line, vals []analysis.Estimate) Ranking {
	r := Ranking{Given: l.Given, Exact: l.Exact}
	idx := byValue(vals)
	for _, k := range idx {
		r.Order = append(r.Order, l.At[k])
	}
	r.Tied, r.P = make([]bool, len(idx)), make([]float64, len(idx))
	if len(idx) == 0 {
		return r
	}
	top := vals[idx[0]]
	if l.Exact {
		for i, k := range idx {
			r.Tied[i] = sideOf(vals[k], top.Value) == 0
		}
		return r
	}
	if r.Untested = untested(vals); r.Untested != "" {
		return r
	}
	raw := make([]float64, len(idx)-1)
	for i, k := range idx[1:] {
		raw[i] = differencePValue(top, vals[k])
	}
	adj := holm(raw)
	r.Tied[0] = true
	for i := range adj {
		r.P[i+1], r.Tied[i+1] = adj[i], adj[i] > RankAlpha
	}
	return r
}

// byValue returns the indices of vals, highest value first (grid order
// among equals).
func byValue(vals []analysis.Estimate) []int {
	idx := make([]int, len(vals))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return vals[idx[a]].Value > vals[idx[b]].Value })
	return idx
}

// differencePValue is the two-sided p-value of a two-sample z-test that a
// and b have the same mean, each estimate's standard error from its
// per-trial deviation (a quantile's from its interval's width).
func differencePValue(a, b analysis.Estimate) float64 {
	se := math.Hypot(standardError(a), standardError(b))
	if se == 0 {
		if a.Value == b.Value {
			return 1
		}
		return 0
	}
	return analysis.NormalPValue((a.Value - b.Value) / se)
}

// standardError is an estimate's standard error: SD/√n, or where the
// estimate has no SD (a quantile), its 95 % interval's half-width over
// z.
func standardError(e analysis.Estimate) float64 {
	if e.SD > 0 && e.Trials > 0 {
		return e.SD / math.Sqrt(float64(e.Trials))
	}
	return (e.Hi - e.Lo) / (2 * -analysis.NormalQuantile(Alpha/2))
}

// holm returns Holm's step-down adjusted p-values of p: the i-th smallest
// times the number not yet smaller, made monotone, at most 1.
func holm(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return p[order[a]] < p[order[b]] })
	out := make([]float64, m)
	run := 0.0
	for j, k := range order {
		run = math.Max(run, math.Min(1, float64(m-j)*p[k]))
		out[k] = run
	}
	return out
}
