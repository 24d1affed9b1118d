package sweep

import (
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// AxisKind says how a sweep reads the values of a field: as a scale to
// interpolate along, as whole numbers whose neighbours bracket a
// crossing, or as names with no order at all.
type AxisKind uint8

const (
	// Continuous: a field of any numbers; the break-even is interpolated
	// between grid points.
	Continuous AxisKind = iota
	// Integer: a field of whole numbers (ships, dice, armor points); the
	// break-even names the two grid values around it, never a fraction.
	Integer
	// Categorical: a field of names (a part, a weapon, a policy); its
	// values are ranked, not joined by a line.
	Categorical
)

func (k AxisKind) String() string {
	return [...]string{"continuous", "integer", "categorical"}[k]
}

// KindOf reads how a sweep takes axis a of a ruleset's scenario: from
// the ruleset's reference (rules.FieldAt) where it lists the field, as
// tune does, else from the values as written (numbers, and whole
// numbers). Values that are not all numbers are names whatever the
// reference says.
func KindOf(ruleset string, a scenarios.Axis) AxisKind {
	if !a.Numeric() {
		return Categorical
	}
	f, known := rules.FieldAt(ruleset, a.Path)
	switch {
	case known && f.Kind() == rules.NamedField:
		return Categorical
	case known && f.Kind() == rules.NumberField:
		return Continuous
	}
	for _, x := range a.Positions() {
		if x != math.Trunc(x) {
			return Continuous
		}
	}
	return Integer
}
