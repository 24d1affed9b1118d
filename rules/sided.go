package rules

import (
	"fmt"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Sided is implemented by a ruleset whose scenarios have two sides a
// designer can swap: fields that make up everything side a brings to the
// battle (a fighter with its weapon and armor, a fleet, a ship's fit, a
// task force, a player), and fields in the same places for side b. A
// metagame roster (crucible meta) writes each entry once, as side a's
// fields, and places it as side a or side b by these paths.
//
// The two lists are parallel: field k of side a is the counterpart of
// field k of side b, and the value of one may be written into the other
// (the conformance kit, rules/rulestest, checks that the fields are in its
// scenarios and that a scenario whose side b is given side a's values
// still compiles).
type Sided interface {
	// SideFields returns the paths, as --set takes them, of the fields
	// that make up side a and those of side b.
	SideFields() [2][]string
}

// SideValues reads the values of one side's fields from a scenario
// document, each a copy; a field the document does not have is an error
// naming it.
func SideValues(n *doc.Node, fields []string) ([]*doc.Node, error) {
	out := make([]*doc.Node, len(fields))
	for k, p := range fields {
		v := NodeAt(n, p)
		if v == nil {
			return nil, fmt.Errorf("the scenario has no field %s", p)
		}
		out[k] = v.Clone()
	}
	return out, nil
}

// PlaceSide writes values, one per field, into the fields of a side (the
// other side's values moved over, or a roster entry's); origin names the
// change in the errors of a value the scenario then refuses.
func PlaceSide(n *doc.Node, fields []string, values []*doc.Node, origin string) error {
	if len(values) != len(fields) {
		return fmt.Errorf("%s: %d values for the side's %d fields", origin, len(values), len(fields))
	}
	for k, p := range fields {
		if err := n.SetNode(p, values[k].Clone(), origin); err != nil {
			return err
		}
	}
	return nil
}

// NodeAt returns the node at a field path as --set takes it
// ("taskForces[1]", "b.fighter", "blueprints[Brick]"), or nil when the
// document has none.
func NodeAt(n *doc.Node, path string) *doc.Node {
	return n.At(path)
}
