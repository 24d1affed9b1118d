package sweep

import (
	"math"
	"sort"

	"github.com/crucible-sim/crucible/analysis"
)

// BreakEven is where a metric crosses its level along an axis. On a
// continuous axis it is the values at which the metric's 95 % band
// contains the level, the band's ends interpolated linearly between grid
// points: an interval of the axis, never a single point pretending to
// precision. On an integer axis it is the two grid values on either side
// (with any indistinguishable from the level between them): a crossing
// at 2.07 Interceptors means nothing. With an exact value at every point
// the band is the exact curve itself.
type BreakEven struct {
	State BreakEvenState
	// Spans are the intervals where the band contains the level, in
	// order: one when State is Crossed, more when Several.
	Spans []Span
	// Exact says the break-even was read from exact values at every
	// point.
	Exact bool
}

// BreakEvenState says how a metric's band meets the level over the grid.
type BreakEvenState uint8

const (
	// NoPoints: no point finished.
	NoPoints BreakEvenState = iota
	// Crossed: the band contains the level over one interval.
	Crossed
	// Several: over several separate intervals (the metric is not
	// monotone in the field, or the band is wide).
	Several
	// Above: the band lies above the level at every point.
	Above
	// Below: the band lies below the level at every point.
	Below
)

func (s BreakEvenState) String() string {
	return [...]string{"no-points", "crossed", "several", "above", "below"}[s]
}

// Span is one interval of an axis, by position (the value on a numeric
// axis, the index on a list of names).
type Span struct {
	Lo, Hi float64
	// LoEdge and HiEdge mark a span that reaches the grid's first or last
	// point: the break-even may extend beyond the grid there.
	LoEdge, HiEdge bool
	// LoAt and HiAt are, on an integer axis, the indices (into the
	// points given) of the grid values Lo and Hi: the bracket's ends,
	// whose values and intervals the answer names. -1 on a continuous
	// axis.
	LoAt, HiAt int
}

// BreakEvenOf finds where bands[i] (the metric at position xs[i])
// contains level, interpolating each band end linearly between
// neighbouring positions. The points may come in any order; positions
// must differ.
func BreakEvenOf(xs []float64, bands []analysis.Estimate, level float64) BreakEven {
	n := len(xs)
	if n == 0 {
		return BreakEven{State: NoPoints}
	}
	order := Ascending(xs)
	x := func(i int) float64 { return xs[order[i]] }
	b := func(i int) analysis.Estimate { return bands[order[i]] }
	var spans []Span
	add := func(lo, hi float64) {
		if k := len(spans) - 1; k >= 0 && lo <= spans[k].Hi {
			spans[k].Hi = max(spans[k].Hi, hi)
			return
		}
		spans = append(spans, Span{Lo: lo, Hi: hi, LoAt: -1, HiAt: -1})
	}
	if n == 1 && b(0).Lo <= level && level <= b(0).Hi {
		add(x(0), x(0))
	}
	for i := 0; i+1 < n; i++ {
		t0, t1, ok := segment(b(i), b(i+1), level)
		if ok {
			add(along(x(i), x(i+1), t0), along(x(i), x(i+1), t1))
		}
	}
	if len(spans) == 0 {
		return beyond(b(0), level)
	}
	spans[0].LoEdge = spans[0].Lo == x(0)
	spans[len(spans)-1].HiEdge = spans[len(spans)-1].Hi == x(n-1)
	return crossings(spans)
}

// BracketOf is BreakEvenOf on an integer axis: each grid value is below
// the level (its band wholly below), above, or at it (its band holds the
// level), and a crossing is bracketed by the grid values on either side
// of a change, any at the level between them. No value between grid
// values is ever named.
func BracketOf(xs []float64, bands []analysis.Estimate, level float64) BreakEven {
	n := len(xs)
	if n == 0 {
		return BreakEven{State: NoPoints}
	}
	order := Ascending(xs)
	side := make([]int, n)
	for i, k := range order {
		side[i] = sideOf(bands[k], level)
	}
	span := func(lo, hi int) Span {
		return Span{Lo: xs[order[lo]], Hi: xs[order[hi]], LoAt: order[lo], HiAt: order[hi]}
	}
	var spans []Span
	for i := 0; i < n; {
		if side[i] != 0 {
			if i+1 < n && side[i+1] != 0 && side[i+1] != side[i] {
				spans = append(spans, span(i, i+1))
			}
			i++
			continue
		}
		j := i
		for j+1 < n && side[j+1] == 0 {
			j++
		}
		sp := span(max(i-1, 0), min(j+1, n-1))
		sp.LoEdge, sp.HiEdge = i == 0, j == n-1
		spans = append(spans, sp)
		i = j + 1
	}
	if len(spans) == 0 {
		return beyond(bands[order[0]], level)
	}
	return crossings(spans)
}

// sideOf places a band against the level: −1 wholly below, +1 wholly
// above, 0 holding it (an exact value within the solver's rounding of
// it).
func sideOf(e analysis.Estimate, level float64) int {
	tol := 0.0
	if e.Lo == e.Hi {
		tol = analysis.ExactTolerance * math.Max(1, math.Abs(level))
	}
	switch {
	case e.Hi < level-tol:
		return -1
	case e.Lo > level+tol:
		return 1
	}
	return 0
}

// Ascending returns the indices of xs in ascending order of value, the
// grid order among equals: the order of a sweep's points along a field.
func Ascending(xs []float64) []int {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return xs[order[a]] < xs[order[b]] })
	return order
}

// beyond is the break-even of a grid whose bands all lie on one side of
// the level, the side of the first.
func beyond(first analysis.Estimate, level float64) BreakEven {
	if first.Lo > level {
		return BreakEven{State: Above}
	}
	return BreakEven{State: Below}
}

func crossings(spans []Span) BreakEven {
	if len(spans) > 1 {
		return BreakEven{State: Several, Spans: spans}
	}
	return BreakEven{State: Crossed, Spans: spans}
}

// along returns the position a fraction t of the way from x0 to x1,
// exactly x0 and x1 at the ends so that neighbouring segments meet.
func along(x0, x1, t float64) float64 {
	switch t {
	case 0:
		return x0
	case 1:
		return x1
	}
	return x0 + t*(x1-x0)
}

// segment returns the fractions [t0, t1] of the way from band a to band b
// over which the linearly interpolated band contains the level; ok is
// false when it nowhere does.
func segment(a, b analysis.Estimate, level float64) (t0, t1 float64, ok bool) {
	l0, l1, ok1 := where(a.Lo, b.Lo, level, true)
	h0, h1, ok2 := where(a.Hi, b.Hi, level, false)
	t0, t1 = max(l0, h0), min(l1, h1)
	return t0, t1, ok1 && ok2 && t0 <= t1
}

// where returns the fractions of the way from v0 to v1 at which the
// interpolated value is at most the level (atMost) or at least the level.
func where(v0, v1, level float64, atMost bool) (t0, t1 float64, ok bool) {
	in := func(v float64) bool {
		if atMost {
			return v <= level
		}
		return v >= level
	}
	switch {
	case in(v0) && in(v1):
		return 0, 1, true
	case !in(v0) && !in(v1):
		return 0, 0, false
	}
	t := (level - v0) / (v1 - v0)
	if in(v0) {
		return 0, t, true
	}
	return t, 1, true
}

// BreakEvenLine is the break-even along the sweep's first axis at one
// value of its second (Given is -1 for a sweep of one field). Spans'
// LoAt and HiAt index the sweep's Points.
type BreakEvenLine struct {
	Given int
	BreakEven
}

// Line is the finished points of one curve of a sweep: all of them for
// one field, those at one value of the second field otherwise.
type Line struct {
	// Given is the index of the second field's value, -1 for one field.
	Given int
	// At are the indices of the line's points in Result.Points,
	// Xs their positions on the first axis, in grid order.
	At []int
	Xs []float64
	// Exact says every point of the line has an exact value of the
	// metric, which then stands for its estimate.
	Exact bool
}

// Lines returns the sweep's curves: one, or one per value of its second
// field.
func (s *Result) Lines() []Line {
	pos := s.Sweep.Axes[0].Positions()
	rows := []int{-1}
	if len(s.Sweep.Axes) == 2 {
		rows = rows[:0]
		for j := range s.Sweep.Axes[1].Values {
			rows = append(rows, j)
		}
	}
	var out []Line
	for _, j := range rows {
		l := Line{Given: j, Exact: true}
		for i, p := range s.Points {
			if j < 0 || p.At[1] == j {
				l.At = append(l.At, i)
				l.Xs = append(l.Xs, pos[p.At[0]])
				l.Exact = l.Exact && p.ExactMetric != nil
			}
		}
		l.Exact = l.Exact && len(l.At) > 0
		out = append(out, l)
	}
	return out
}

// Values returns the metric at each point of the line: exact values when
// every point has one, else the estimates.
func (l Line) Values(s *Result) []analysis.Estimate {
	out := make([]analysis.Estimate, len(l.At))
	for i, k := range l.At {
		out[i] = s.Points[k].Value(l.Exact)
	}
	return out
}

// BreakEvens returns the break-even of the sweep's metric along its first
// axis: one line, or one per value of the second axis, each from the
// points that finished. There is none (nil) on a field of names, whose
// values are ranked instead (Rankings), or for a metric without a level.
func (s *Result) BreakEvens() []BreakEvenLine {
	level, ok := s.Sweep.LevelOf()
	if !ok || s.Sweep.Kinds[0] == Categorical {
		return nil
	}
	var out []BreakEvenLine
	for _, l := range s.Lines() {
		vals := l.Values(s)
		var be BreakEven
		if s.Sweep.Kinds[0] == Integer {
			be = BracketOf(l.Xs, vals, level)
			for i := range be.Spans {
				be.Spans[i].LoAt, be.Spans[i].HiAt = l.At[be.Spans[i].LoAt], l.At[be.Spans[i].HiAt]
			}
		} else {
			be = BreakEvenOf(l.Xs, vals, level)
		}
		be.Exact = l.Exact
		out = append(out, BreakEvenLine{Given: l.Given, BreakEven: be})
	}
	return out
}
