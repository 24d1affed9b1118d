package meta

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Meta is a roster ready to fight: a base scenario and entries, each
// placeable as side a and as side b by the ruleset's side contract
// (rules.Sided) or its policies (rules.Policied). Cell (i, j) is the base
// with entry i as side a and entry j as side b.
type Meta struct {
	// Name names the metagame in output: the roster file's name.
	Name, Description string
	// Base is the base scenario's name, Ruleset its ruleset.
	Base, Ruleset string
	// Entries are the entries' names, in the roster's order.
	Entries []string
	// Streams names the streams every cell draws (the base's), so that
	// cells differ by their entries, not by luck.
	Streams string
	base    *scenarios.Scenario
	entries []scenarios.RosterEntry
	// own holds, for each entry, values of the base scenario that are the
	// entry's own (its blueprint's computer, as a balance search sets
	// it), written into every cell the entry plays in.
	own   [][]ownSet
	sides [2][]string
	plays [2]rules.PolicyField
}

// New checks the roster against the base scenario's ruleset and
// compiles every cell before the first trial, so that an entry that does
// not fit costs no computing time; its error is located in the roster.
func New(r *scenarios.Roster, base *scenarios.Scenario) (*Meta, error) {
	rs, err := rules.Lookup(base.Ruleset)
	if err != nil {
		return nil, err
	}
	m := &Meta{Name: r.Name, Description: r.Description, Base: base.Name, Ruleset: base.Ruleset,
		Streams: base.StreamName(), base: base.Clone(), entries: r.Entries}
	sided, isSided := rs.(rules.Sided)
	policied, isPolicied := rs.(rules.Policied)
	if isSided {
		m.sides = sided.SideFields()
	}
	if isPolicied {
		m.plays = policied.PolicyFields()
	}
	for _, e := range r.Entries {
		m.Entries = append(m.Entries, e.Name)
		switch {
		case e.Side != nil && !isSided:
			return nil, e.Side.Errorf("ruleset %s has no side fields a roster can place: give the entry a policy instead", base.Ruleset)
		case e.Policy != "" && !isPolicied:
			return nil, e.PolicyNode.Errorf("ruleset %s has no built-in policies: give the entry a side instead", base.Ruleset)
		case e.Policy != "":
			if _, ok := m.plays[0].Value(e.Policy); !ok {
				var names []string
				for _, v := range m.plays[0].Values {
					names = append(names, v.Name)
				}
				return nil, e.PolicyNode.Errorf("unknown policy %q of ruleset %s (allowed: %s)%s", e.Policy, base.Ruleset, strings.Join(names, ", "), doc.DidYouMean(e.Policy, names))
			}
		}
		if e.Side != nil && len(m.sides[0]) > 1 && e.Side.Kind != doc.Map {
			return nil, e.Side.Errorf("expected a mapping of the side's fields (%s), got %s", strings.Join(m.sides[0], ", "), doc.Describe(e.Side))
		}
	}
	return m, m.compileCells()
}

// compileCells compiles every cell, so that an entry that does not fit
// costs no computing time.
func (m *Meta) compileCells() error {
	for i := range m.Entries {
		for j := range m.Entries {
			sc, err := m.Cell(i, j)
			if err == nil {
				_, err = sc.Compile()
			}
			if err != nil {
				return fmt.Errorf("%w (roster %s: %s as side a against %s as side b)", err, m.Name, m.Entries[i], m.Entries[j])
			}
		}
	}
	return nil
}

// Cell returns the scenario of cell (i, j): the base with entry i placed
// as side a and entry j as side b, named for the pair (its checkpoint's
// name) and drawing the base's streams.
func (m *Meta) Cell(i, j int) (*scenarios.Scenario, error) {
	sc := m.base.Clone()
	err := sc.Edit(func(root *doc.Node) error {
		for _, k := range [2]int{i, j} {
			if err := m.writeOwn(root, k); err != nil {
				return err
			}
		}
		for s, k := range [2]int{i, j} {
			if err := m.place(root, s, m.entries[k]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sc.Name = fmt.Sprintf("%s/%s vs %s", m.Name, m.Entries[i], m.Entries[j])
	sc.Streams = m.Streams
	return sc, nil
}

// ownSet is one value of the base scenario that belongs to an entry: a
// path of the base, by position, and the value, with where it came from.
type ownSet struct{ path, value, origin string }

// writeOwn writes entry k's own values of the base into root.
func (m *Meta) writeOwn(root *doc.Node, k int) error {
	if k >= len(m.own) {
		return nil
	}
	for _, o := range m.own[k] {
		if err := root.Set(o.path, o.value, o.origin); err != nil {
			return err
		}
	}
	return nil
}

// Cells returns the scenario of every cell, row by row (Cell).
func (m *Meta) Cells() ([]*scenarios.Scenario, error) {
	var out []*scenarios.Scenario
	for i := range m.Entries {
		for j := range m.Entries {
			sc, err := m.Cell(i, j)
			if err != nil {
				return nil, err
			}
			out = append(out, sc)
		}
	}
	return out, nil
}

// PlayerEntry returns the name of an entry that is a player (a built-in
// policy), "" when every entry is a side alone: a skill axis, which sets
// the players, has nothing to re-judge in a roster of players.
func (m *Meta) PlayerEntry() string {
	for _, e := range m.entries {
		if e.Policy != "" {
			return e.Name
		}
	}
	return ""
}

// place writes entry e as side s (0 for a, 1 for b): its side's values
// at the side's fields, then its policy.
func (m *Meta) place(root *doc.Node, s int, e scenarios.RosterEntry) error {
	origin := fmt.Sprintf("%s (%s)", e.Node.Pos, e.Node.Path)
	if e.Side != nil {
		values := []*doc.Node{e.Side}
		if len(m.sides[s]) > 1 {
			values = values[:0]
			for _, p := range m.sides[0] {
				v := e.Side.Get(p)
				if v == nil {
					return e.Side.Errorf("missing field %s of the side (the side's fields: %s)", p, strings.Join(m.sides[0], ", "))
				}
				values = append(values, v)
			}
		}
		if err := rules.PlaceSide(root, m.sides[s], values, origin); err != nil {
			return err
		}
	}
	if e.Policy != "" {
		v, _ := m.plays[s].Value(e.Policy)
		return m.plays[s].Apply(root, v, fmt.Sprintf("%s (%s: %s)", e.PolicyNode.Pos, e.PolicyNode.Path, e.Policy))
	}
	return nil
}
