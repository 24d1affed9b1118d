package analysis

// Reversal is two points of a curve whose intervals lie apart in the
// order against the curve's direction (exact values: beyond the solver's
// rounding): the metric falls between them where it rises overall, or
// rises where it falls. Before and After index SweepResult.Points, Before
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
// their intervals lie apart, else the one most pairs of points show; a
// pair apart against it is a reversal, as tune reads its probes
// (reversed). A dip that stays within the intervals is not flagged: the
// grid cannot tell it from noise.
func (s *SweepResult) Shapes() []Shape {
	if s.Sweep.Kinds[0] == Categorical {
		return nil
	}
	var out []Shape
	for _, l := range s.Lines() {
		vals := l.Values(s)
		order := Ascending(l.Xs)
		est := make([]Estimate, len(order))
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
// order: the ends', where their intervals lie apart, else the one more
// pairs of points show (rising on a tie; 0 when none are apart).
func directionOf(est []Estimate) int {
	n := len(est)
	if n < 2 {
		return 0
	}
	switch {
	case reversed(est[n-1], est[0], 1):
		return 1
	case reversed(est[0], est[n-1], 1):
		return -1
	}
	up, down := 0, 0
	for a := range est {
		for b := a + 1; b < n; b++ {
			if reversed(est[b], est[a], 1) {
				up++
			}
			if reversed(est[a], est[b], 1) {
				down++
			}
		}
	}
	switch {
	case up > 0 && up >= down:
		return 1
	case down > 0:
		return -1
	}
	return 0
}

// reversals returns the narrowest pairs [a, b] (a < b, in axis order)
// whose estimates contradict the direction: for each b the nearest a
// before it, kept unless a pair ending earlier lies within it.
func reversals(est []Estimate, direction int) [][2]int {
	if direction == 0 {
		return nil
	}
	var out [][2]int
	inner := -1 // the largest a of the pairs kept so far
	for b := range est {
		for a := b - 1; a > inner; a-- {
			if reversed(est[a], est[b], direction) {
				out = append(out, [2]int{a, b})
				inner = a
				break
			}
		}
	}
	return out
}
