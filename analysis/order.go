package analysis

import "math"

// ExactTolerance is how near an exact value given as a float (no
// fraction) must be to the target to count as equal to it: the solver's
// rounding, not a statistical margin.
const ExactTolerance = 1e-12

// Reversed reports whether the interval of the value before (ei) and of
// the value after (ej) are apart in the order opposite to the direction.
// Exact values are intervals of one point, told apart beyond the solver's
// rounding.
func Reversed(ei, ej Estimate, direction int) bool {
	tol := ExactTolerance * math.Max(1, math.Max(math.Abs(ei.Value), math.Abs(ej.Value)))
	if direction > 0 {
		return ei.Lo > ej.Hi+tol
	}
	return ei.Hi+tol < ej.Lo
}
