package rules

// Side names a force of a scenario. A is the first force (the attacker where
// the ruleset has one), B the second. None is "no winner".
type Side uint8

const (
	None Side = iota
	A
	B
)

// String returns "none", "a" or "b", the names used in every output.
func (s Side) String() string {
	switch s {
	case A:
		return "a"
	case B:
		return "b"
	}
	return "none"
}

// Other returns the opposing side; None stays None.
func (s Side) Other() Side {
	switch s {
	case A:
		return B
	case B:
		return A
	}
	return None
}

// Outcome is what one battle reports. The engine hands the battle an
// Outcome whose Counters slice has one zeroed entry per counter of the
// battle's Spec; the battle fills every field.
type Outcome struct {
	Winner Side
	// Rounds is the number of rounds fought (for long-horizon kinds, the
	// ruleset's unit of time, e.g. seconds lived). Never negative.
	Rounds int64
	// End indexes Spec.Ends.
	End int
	// Counters holds one value per Spec.Counters entry.
	Counters []int64
}

// Reset prepares o for the next battle.
func (o *Outcome) Reset() {
	o.Winner, o.Rounds, o.End = None, 0, 0
	clear(o.Counters)
}
