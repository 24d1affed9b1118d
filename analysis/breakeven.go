package analysis

import (
	"sort"
)

// Half is the share at which a side breaks even.
const Half = 0.5

// BreakEven is where a share breaks even along an axis: the values of the
// axis at which its 95 % Wilson band contains one half. Between grid
// points the band's ends are interpolated linearly, so a break-even is an
// interval of the axis, never a single point pretending to precision.
type BreakEven struct {
	State BreakEvenState
	// Spans are the intervals where the band contains one half, in
	// order: one when State is Crossed, more when Several.
	Spans []Span
}

// BreakEvenState says how a share's band meets one half over the grid.
type BreakEvenState uint8

const (
	// NoPoints: no point finished.
	NoPoints BreakEvenState = iota
	// Crossed: the band contains one half over one interval.
	Crossed
	// Several: over several separate intervals (the share is not
	// monotone in the field, or the band is wide).
	Several
	// Above: the band lies above one half at every point.
	Above
	// Below: the band lies below one half at every point.
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
}

// BreakEvenOf finds where bands[i] (the share at position xs[i]) contains
// one half, interpolating each band end linearly between neighbouring
// positions. The points may come in any order; positions must differ.
func BreakEvenOf(xs []float64, bands []Share) BreakEven {
	n := len(xs)
	if n == 0 {
		return BreakEven{State: NoPoints}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return xs[order[a]] < xs[order[b]] })
	x := func(i int) float64 { return xs[order[i]] }
	b := func(i int) Share { return bands[order[i]] }
	var spans []Span
	add := func(lo, hi float64) {
		if k := len(spans) - 1; k >= 0 && lo <= spans[k].Hi {
			spans[k].Hi = max(spans[k].Hi, hi)
			return
		}
		spans = append(spans, Span{Lo: lo, Hi: hi})
	}
	if n == 1 && contains(b(0)) {
		add(x(0), x(0))
	}
	for i := 0; i+1 < n; i++ {
		t0, t1, ok := segment(b(i), b(i+1))
		if ok {
			add(along(x(i), x(i+1), t0), along(x(i), x(i+1), t1))
		}
	}
	if len(spans) == 0 {
		if b(0).Lo > Half {
			return BreakEven{State: Above}
		}
		return BreakEven{State: Below}
	}
	spans[0].LoEdge = spans[0].Lo == x(0)
	spans[len(spans)-1].HiEdge = spans[len(spans)-1].Hi == x(n-1)
	state := Crossed
	if len(spans) > 1 {
		state = Several
	}
	return BreakEven{State: state, Spans: spans}
}

func contains(s Share) bool { return s.Lo <= Half && Half <= s.Hi }

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
// over which the linearly interpolated band contains one half; ok is
// false when it nowhere does.
func segment(a, b Share) (t0, t1 float64, ok bool) {
	l0, l1, ok1 := where(a.Lo, b.Lo, true)
	h0, h1, ok2 := where(a.Hi, b.Hi, false)
	t0, t1 = max(l0, h0), min(l1, h1)
	return t0, t1, ok1 && ok2 && t0 <= t1
}

// where returns the fractions of the way from v0 to v1 at which the
// interpolated value is at most one half (atMost) or at least one half.
func where(v0, v1 float64, atMost bool) (t0, t1 float64, ok bool) {
	in := func(v float64) bool {
		if atMost {
			return v <= Half
		}
		return v >= Half
	}
	switch {
	case in(v0) && in(v1):
		return 0, 1, true
	case !in(v0) && !in(v1):
		return 0, 0, false
	}
	t := (Half - v0) / (v1 - v0)
	if in(v0) {
		return 0, t, true
	}
	return t, 1, true
}

// BreakEvenLine is the break-even along the sweep's first axis at one
// value of its second (Given is -1 for a sweep of one field).
type BreakEvenLine struct {
	Given int
	BreakEven
}

// BreakEvens returns the break-even of the sweep's metric along its first
// axis: one line, or one per value of the second axis, each from the
// points that finished.
func (s *SweepResult) BreakEvens() []BreakEvenLine {
	pos := s.Sweep.Axes[0].Positions()
	rows := []int{-1}
	if len(s.Sweep.Axes) == 2 {
		rows = rows[:0]
		for j := range s.Sweep.Axes[1].Values {
			rows = append(rows, j)
		}
	}
	var out []BreakEvenLine
	for _, j := range rows {
		var xs []float64
		var bands []Share
		for _, p := range s.Points {
			if j < 0 || p.At[1] == j {
				xs = append(xs, pos[p.At[0]])
				bands = append(bands, p.Share(s.Sweep.Metric))
			}
		}
		out = append(out, BreakEvenLine{Given: j, BreakEven: BreakEvenOf(xs, bands)})
	}
	return out
}
