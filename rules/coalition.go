package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Players names what an attribution (crucible explain --attribute) shares
// a side's wins among.
type Players int

const (
	// Units are the side's units: its ships, troops, fighters.
	Units Players = iota
	// Parts are the parts fitted to the designs the side fields: an
	// Eclipse blueprint's cannons, computers, shields and hulls.
	Parts
)

// String is the word of the --attribute flag: "units" or "parts".
func (p Players) String() string {
	if p == Parts {
		return "parts"
	}
	return "units"
}

// Player is a kind of interchangeable players of a side and how many the
// side has: two Interceptors, or the two Hulls of a Cruiser design.
type Player struct {
	Name  string
	Count int
	// Design names the design a part is fitted to ("Cruiser"); empty
	// for units.
	Design string
}

// Roster is a side's players of a kind.
type Roster struct {
	// At holds the players in the document; it locates errors about
	// them.
	At *doc.Node
	// Kinds are the players, grouped into kinds of interchangeable
	// ones, in the document's order.
	Kinds []Player
	// Note says in a sentence what a coalition keeps whatever its
	// players, or how it leaves one out ("energy sources are always
	// fitted"), for the answer's words; empty when nothing needs saying.
	Note string
}

// Coalitions is implemented by a Ruleset whose scenarios can be cut down
// to a coalition of a side's players, for crucible explain --attribute.
// It is optional, like io.WriterTo: a ruleset implements it where its
// scenarios say a side's players in a form a coalition can be written
// in, in a file of its own.
type Coalitions interface {
	// Players returns the side's players of a kind in a scenario
	// document (the whole document, common fields included). A scenario
	// with none of the kind is a located error.
	Players(root *doc.Node, side Side, of Players) (Roster, error)
	// Coalition edits root, a copy of the document Players read, so
	// that the side keeps counts[k] of the players of kinds[k] and leaves
	// the others out. A side left with no unit at all is never asked for:
	// it wins nothing.
	Coalition(root *doc.Node, side Side, of Players, kinds []Player, counts []int) error
}

// CountedUnits reads a mapping of unit kinds to counts ({Interceptor: 2,
// Cruiser: 1}), the form Eclipse's ships and rules files' units take, as
// players: the kinds with a count above zero.
func CountedUnits(m *doc.Node) ([]Player, error) {
	if m == nil || m.Kind != doc.Map {
		return nil, m.Errorf("expected the side's units as a mapping of kinds to counts ({Interceptor: 2, Cruiser: 1})")
	}
	var kinds []Player
	for i, k := range m.Keys {
		n, err := strconv.Atoi(m.Vals[i].Value)
		if m.Vals[i].Kind != doc.Scalar || err != nil || n < 0 {
			return nil, m.Vals[i].Errorf("an attribution over units needs a count here (a whole number)")
		}
		if n > 0 {
			kinds = append(kinds, Player{Name: k, Count: n})
		}
	}
	return kinds, nil
}

// SideMapping returns the mapping key ("ships", "units") of a side's
// field in a scenario document, or a located error naming what is missing.
func SideMapping(root *doc.Node, field, key string) (*doc.Node, error) {
	f := root.Get(field)
	if f == nil {
		return nil, root.Errorf("no %s to attribute (a field %s with its %s)", field, field, key)
	}
	m := f.Get(key)
	if m == nil {
		return nil, f.Errorf("the %s has no %s", field, key)
	}
	return m, nil
}

// SetCounts rewrites a mapping of unit kinds to counts to hold counts[k]
// of kinds[k], leaving out the kinds of count 0.
func SetCounts(m *doc.Node, kinds []Player, counts []int) {
	m.Keys, m.Vals = nil, nil
	for k, u := range kinds {
		if counts[k] > 0 {
			m.Put(u.Name, &doc.Node{Kind: doc.Scalar, Value: strconv.Itoa(counts[k])})
		}
	}
}

// LookupCoalitions returns the coalitions of a ruleset's scenarios, or an
// error naming the rulesets that have them.
func LookupCoalitions(id string) (Coalitions, error) {
	r, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	if c, ok := r.(Coalitions); ok {
		return c, nil
	}
	var have []string
	for _, other := range IDs() {
		if r, _ := Lookup(other); r != nil {
			if _, ok := r.(Coalitions); ok {
				have = append(have, other)
			}
		}
	}
	return nil, fmt.Errorf("ruleset %s cannot share a side's wins among its players (rulesets that can: %s, and rules files)", id, strings.Join(have, ", "))
}

// SideLabel is the name a battle gives a side ("defender", "RED"), the
// side's key ("a", "b") where it gives none.
func SideLabel(spec Spec, s Side) string {
	if (s == A || s == B) && spec.Labels[s-1] != "" {
		return spec.Labels[s-1]
	}
	return s.String()
}
