package sweep

import (
	"math"
	"sort"

	"github.com/crucible-sim/crucible/analysis"
)

// Reversal is two points of a curve whose intervals lie apart in the
// order against the curve's direction (exact values: beyond the solver's
// rounding): the metric falls between them where it rises overall, or
// rises where it falls. Before and After index Result.Points, Before
// the lower value of the field.
type Reversal struct{ Before, After int }

// Shape is how one curve of a sweep runs along its first field.
type Shape struct {
	// Given is the index of the second field's value, -1 for one field.
	Given int
	// Direction is +1 when the metric rises with the field, −1 when it
	// falls, 0 when no two points are told apart.
	Direction int
	// Reversals are the pairs that contradict the direction, each the
	// narrowest: no other reversal lies within it. None for a monotonic
	// curve.
	Reversals []Reversal
}

// Monotonic reports whether no two points contradict the direction.
func (s Shape) Monotonic() bool { return len(s.Reversals) == 0 }

// Shapes reads each curve of a sweep on a numeric first field (none on a
// field of names, which has no order). The direction is the ends' where
// their intervals lie apart, else the sign of the values' least-squares
// slope; a pair apart against it is a reversal, as tune reads its probes
// (reversed). A dip that stays within the intervals is not flagged: the
// grid cannot tell it from noise.
func (s *Result) Shapes() []Shape {
	if s.Sweep.Kinds[0] == Categorical {
		return nil
	}
	var out []Shape
	for _, l := range s.Lines() {
		vals := l.Values(s)
		order := Ascending(l.Xs)
		est := make([]analysis.Estimate, len(order))
		at := make([]int, len(order))
		for i, k := range order {
			est[i], at[i] = vals[k], l.At[k]
		}
		sh := Shape{Given: l.Given, Direction: directionOf(est)}
		for _, r := range reversals(est, sh.Direction) {
			sh.Reversals = append(sh.Reversals, Reversal{Before: at[r[0]], After: at[r[1]]})
		}
		out = append(out, sh)
	}
	return out
}

// directionOf returns the direction of a curve of estimates in axis
// order: the ends', where their intervals lie apart, else the sign of the
// least-squares slope of the values against their rank (0 when flat).
func directionOf(est []analysis.Estimate) int {
	n := len(est)
	if n < 2 {
		return 0
	}
	switch {
	case analysis.Reversed(est[n-1], est[0], 1):
		return 1
	case analysis.Reversed(est[0], est[n-1], 1):
		return -1
	}
	var slope float64
	mid := float64(n-1) / 2
	for i, e := range est {
		slope += (float64(i) - mid) * e.Value
	}
	switch {
	case slope > 0:
		return 1
	case slope < 0:
		return -1
	}
	return 0
}

// reversals returns the narrowest pairs [a, b] (a < b, in axis order)
// whose estimates contradict the direction: for each b the nearest a
// before it, kept unless a pair ending earlier lies within it. For a
// rising curve a contradicts b when its interval's low end lies above b's
// high end; the nearest such a is found on a stack of the indices no
// later one's low end matches (lows falling up the stack), by bisection,
// so that a grid of 10,000 points takes milliseconds, not seconds.
func reversals(est []analysis.Estimate, direction int) [][2]int {
	if direction == 0 {
		return nil
	}
	lo, hi := make([]float64, len(est)), make([]float64, len(est))
	scale := 1.0
	for i, e := range est {
		lo[i], hi[i] = e.Lo, e.Hi
		if direction < 0 {
			lo[i], hi[i] = -e.Hi, -e.Lo
		}
		scale = math.Max(scale, math.Abs(e.Value))
	}
	tol := analysis.ExactTolerance * scale
	var out [][2]int
	var stack []int
	inner := -1 // the largest a of the pairs kept so far
	for b := range est {
		// the topmost index on the stack whose low end is above b's high end
		k := sort.Search(len(stack), func(k int) bool { return lo[stack[k]] <= hi[b]+tol }) - 1
		if k >= 0 && stack[k] > inner {
			out = append(out, [2]int{stack[k], b})
			inner = stack[k]
		}
		for len(stack) > 0 && lo[stack[len(stack)-1]] <= lo[b] {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, b)
	}
	return out
}
