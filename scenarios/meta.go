package scenarios

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// metasDir holds the built-in rosters, <ruleset>/<name>.yaml, apart from
// the built-in scenarios as the sweeps and tunes are.
const metasDir = "builtin/metas"

// MaxRosterEntries is the most entries a roster may have: 64 entries make
// 4,096 cells, each a run of its own, which is already hours of Monte
// Carlo; a larger metagame is better cut into rosters of designs that
// could meet.
const MaxRosterEntries = 64

// Roster is a roster file: the entries `crucible meta` fights against one
// another, each as side a against every entry as side b, on a base
// scenario.
//
//	name: designs                        # optional; default: the file's base name
//	description: "…"
//	scenario: eclipse/design-base        # built-in name, or a path relative to this file
//	set: ["options.stalemate=draw"]      # overrides applied to the base, as --set
//	meta:
//	  - name: Gauss Interceptor          # unique; the designer's name for the entry
//	    side: {ships: {Gauss Interceptor: 3}}   # the side's fields, written as for side a
//	  - name: rollout
//	    policy: rollout                  # a built-in policy of the side's field
type Roster struct {
	Name        string
	Description string
	File        string // where it was read from, for messages
	// Scenario is the base scenario: a built-in name or a file path
	// (resolved against the roster file's folder).
	Scenario string
	Sets     []Override
	Entries  []RosterEntry
	// Origin locates the `meta:` list for errors about the roster as a
	// whole.
	Origin string
}

// RosterEntry is one entry of a roster: a side's fields, a policy, or
// both (the policy then plays the side given).
type RosterEntry struct {
	Name string
	// Side holds the values of the side's fields (rules.Sided), in the
	// ruleset's order: the value itself for a side of one field, else a
	// mapping from side a's paths to values. nil for a policy alone.
	Side *doc.Node
	// Policy names a built-in policy of the side (rules.Policied), with
	// the node that gave it; "" for none.
	Policy     string
	PolicyNode *doc.Node
	// Node is the entry in the roster file, for errors.
	Node *doc.Node
}

// LoadRoster reads a roster by built-in name ("eclipse/cruiser-designs")
// or by file path. ok is false when ref names no roster (it may be a
// scenario).
func LoadRoster(ref string) (r *Roster, ok bool, err error) {
	ok, err = loadFileOfKind(metasDir, ref, "meta", func(root *doc.Node, file, name string) (*string, error) {
		if r, err = parseRoster(root, file, name); err != nil {
			return nil, err
		}
		return &r.Scenario, nil
	})
	return r, ok, err
}

// rosterDoc is a roster file's fields.
type rosterDoc struct {
	Name        string      `doc:"name"`
	Description string      `doc:"description"`
	Scenario    string      `doc:"scenario,required"`
	Set         []*doc.Node `doc:"set"`
	Meta        []*doc.Node `doc:"meta,required"`
}

// rosterEntryDoc is one entry of `meta:`.
type rosterEntryDoc struct {
	Name   string    `doc:"name,required"`
	Side   *doc.Node `doc:"side"`
	Policy *doc.Node `doc:"policy"`
}

func parseRoster(root *doc.Node, file, name string) (*Roster, error) {
	d := rosterDoc{Name: name}
	if err := doc.Decode(root, &d); err != nil {
		return nil, err
	}
	if strings.TrimSpace(d.Scenario) == "" {
		return nil, root.Get("scenario").Errorf("empty scenario (allowed: a built-in scenario name or a file path)")
	}
	list := root.Get("meta")
	r := &Roster{Name: d.Name, Description: d.Description, File: file, Scenario: d.Scenario, Origin: fmt.Sprintf("%s (%s)", list.Pos, list.Path)}
	for _, n := range d.Set {
		if err := checkSet(n); err != nil {
			return nil, err
		}
		r.Sets = append(r.Sets, Override{Assignment: n.Value, Origin: fmt.Sprintf("%s (%s: %s)", n.Pos, n.Path, n.Value)})
	}
	switch {
	case len(d.Meta) < 2:
		return nil, list.Errorf("a roster of %d entries: a metagame needs at least 2 (allowed: 2 to %d)", len(d.Meta), MaxRosterEntries)
	case len(d.Meta) > MaxRosterEntries:
		return nil, list.Errorf("a roster of %d entries is above the limit of %d (%d cells): split it into rosters of designs that could meet", len(d.Meta), MaxRosterEntries, MaxRosterEntries*MaxRosterEntries)
	}
	seen := map[string]*doc.Node{}
	for _, n := range d.Meta {
		e, err := parseRosterEntry(n)
		if err != nil {
			return nil, err
		}
		if prev, dup := seen[e.Name]; dup {
			return nil, n.Get("name").Errorf("entry name %q is taken by the entry at %s: entry names are unique", e.Name, prev.Pos)
		}
		seen[e.Name] = n
		r.Entries = append(r.Entries, e)
	}
	return r, nil
}

func parseRosterEntry(n *doc.Node) (RosterEntry, error) {
	if n.Kind != doc.Map {
		return RosterEntry{}, n.Errorf("expected an entry {name, side or policy}, got %s", doc.Describe(n))
	}
	var d rosterEntryDoc
	if err := doc.Decode(n, &d); err != nil {
		return RosterEntry{}, err
	}
	if strings.TrimSpace(d.Name) == "" {
		return RosterEntry{}, n.Get("name").Errorf("empty entry name (allowed: any text)")
	}
	e := RosterEntry{Name: d.Name, Node: n}
	if doc.Present(d.Side) {
		e.Side = d.Side
	}
	if doc.Present(d.Policy) {
		if d.Policy.Kind != doc.Scalar {
			return RosterEntry{}, d.Policy.Errorf("expected a policy name, got %s", doc.Describe(d.Policy))
		}
		e.Policy, e.PolicyNode = d.Policy.Value, d.Policy
	}
	if e.Side == nil && e.Policy == "" {
		return RosterEntry{}, n.Errorf("entry %q gives neither side nor policy (allowed: side: the side's fields, policy: a built-in policy, or both)", d.Name)
	}
	return e, nil
}

// BuiltinRosters lists the built-in rosters in name order.
func BuiltinRosters() ([]Entry, error) {
	return builtinFiles(metasDir, "roster (a built-in roster has a `meta:` list)", func(name string) (Entry, bool, error) {
		r, ok, err := LoadRoster(name)
		if !ok || err != nil {
			return Entry{}, ok, err
		}
		return Entry{r.Name, r.Description}, true, nil
	})
}

// ParseRoster reads a roster from YAML source; file names it in errors,
// name is its default name.
func ParseRoster(file, name string, src []byte) (*Roster, error) {
	root, err := ParseYAML(file, src)
	if err != nil {
		return nil, err
	}
	if root.Kind != doc.Map || root.Get("meta") == nil {
		return nil, root.Errorf("a roster is a mapping with `scenario:` and `meta:` fields")
	}
	return parseRoster(root, file, name)
}
