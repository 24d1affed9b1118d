package meta

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// balanceField is where each entry's value of a balanced field lives: in
// the entry's side (armor.armor_value; ships.*, whatever the class), or,
// for a path of the base scenario through [*], in the entry's own element
// of a list of named things (blueprints[*].computer: the computer of the
// blueprint the entry's side names), so that a search may change a
// design, not only a count.
type balanceField struct {
	path string
	base bool
	// at is each entry's field by position: in its side, or in the base.
	at []string
	// named is each entry's field as a designer writes it, by name
	// (blueprints[Sniper Cruiser].computer), for the answer.
	named []string
}

// balanceField finds each entry's field of o.Path, refusing one that some
// entry lacks, or holds as other than one value — a number for a grid of
// numbers (0..8), any word for a grid of names (Ion Cannon|Plasma Cannon,
// whose values fits checks) — naming the entries.
func (m *Meta) balanceField(o BalanceOptions) (balanceField, error) {
	if len(o.Values) < 2 {
		return balanceField{}, fmt.Errorf("--balance %s: a grid of %d values: allowed: at least 2", o.Path, len(o.Values))
	}
	steps, err := doc.ParsePath(o.Path)
	if err != nil {
		return balanceField{}, fmt.Errorf("--balance %s: %v", o.Path, err)
	}
	own := slices.IndexFunc(steps, func(s doc.Step) bool { return s.Indexed && s.Name == "*" })
	if own < 0 {
		return m.sideField(o)
	}
	return m.ownField(o, steps, own)
}

// sideField is a field of every entry's side.
func (m *Meta) sideField(o BalanceOptions) (balanceField, error) {
	f := balanceField{path: o.Path}
	var lack, words []string
	for k, e := range m.entries {
		v := fieldAt(e.Side, o.Path)
		switch {
		case v == nil:
			lack = append(lack, m.Entries[k])
		case !o.takes(v):
			words = append(words, fmt.Sprintf("%s (%s: %s)", m.Entries[k], v.Pos, doc.Describe(v)))
		}
		f.at = append(f.at, concrete(e.Side, o.Path))
		f.named = append(f.named, o.Path)
	}
	switch {
	case len(lack) > 0:
		return f, fmt.Errorf("--balance %s: %s lack it in their side: every entry's side must give the field balanced, or a field of the base scenario is each entry's own through [*] (blueprints[*].computer) (allowed: %s)",
			o.Path, strings.Join(lack, ", "), m.numericFieldsText(o.Path))
	case len(words) > 0:
		return f, o.notTaken(words)
	}
	return f, nil
}

// takes reports whether a field holding v may take the grid's values: one
// value, a number for a grid of numbers.
func (o BalanceOptions) takes(v *doc.Node) bool {
	return v.Kind == doc.Scalar && (isNumber(v.Value) || o.named())
}

// named reports whether the grid holds names (Ion Cannon|Plasma Cannon),
// not numbers only.
func (o BalanceOptions) named() bool {
	return slices.ContainsFunc(o.Values, func(x string) bool { return !isNumber(x) })
}

// notTaken is the error for the fields (entry, position, what it holds)
// that cannot take the grid's values.
func (o BalanceOptions) notTaken(fields []string) error {
	if o.named() {
		return fmt.Errorf("--balance %s: not one value in %s (allowed: a field of one value, a number or a name, as blueprints[*].parts[0])", o.Path, strings.Join(fields, ", "))
	}
	return fmt.Errorf("--balance %s: not a number in %s (allowed: a numeric field, or a grid of names A|B)", o.Path, strings.Join(fields, ", "))
}

// ownField is a field of the base scenario's list at steps[:own+1], in
// each entry's own element: the one element whose name the entry's side
// names. Two entries may not share it, since their values could then not
// differ in the cell where they meet.
func (m *Meta) ownField(o BalanceOptions, steps []doc.Step, own int) (balanceField, error) {
	f := balanceField{path: o.Path, base: true}
	root := m.base.Document()
	listPath := doc.JoinPath(doc.JoinSteps(steps[:own]), steps[own].Key)
	if strings.Count(o.Path, "[*]") > 1 {
		return f, fmt.Errorf("--balance %s: [*] stands for each entry's own element of one list, and is given twice (allowed: one [*], as in blueprints[*].computer)", o.Path)
	}
	list, err := root.Lookup(listPath)
	if err == nil && list.Kind != doc.Seq {
		err = fmt.Errorf("%s is %s, not a list", listPath, list.Kind)
	}
	if err != nil {
		return f, fmt.Errorf("--balance %s: the base scenario %s has no list %s for [*] to name an element of: %v", o.Path, m.Base, listPath, err)
	}
	owner := map[string]int{}
	var words []string
	for k, e := range m.entries {
		name, err := m.ownElement(k, e.Side, list, listPath)
		if err != nil {
			return f, fmt.Errorf("--balance %s: %v", o.Path, err)
		}
		named := slices.Clone(steps)
		named[own].Name = name
		at, err := root.Positional(doc.JoinSteps(named))
		if err != nil {
			return f, fmt.Errorf("--balance %s: entry %s: %v", o.Path, m.Entries[k], err)
		}
		if prev, taken := owner[at]; taken {
			return f, fmt.Errorf("--balance %s: entries %s and %s both name %s[%s]: a value of it for each could not differ where they meet (allowed: entries with an element each)", o.Path, m.Entries[prev], m.Entries[k], listPath, name)
		}
		owner[at] = k
		if v := root.At(at); v != nil && !o.takes(v) {
			words = append(words, fmt.Sprintf("%s (%s: %s)", m.Entries[k], v.Pos, doc.Describe(v)))
		}
		f.at = append(f.at, at)
		f.named = append(f.named, doc.JoinSteps(named))
	}
	if len(words) > 0 {
		return f, o.notTaken(words)
	}
	return f, nil
}

// ownElement returns the name of entry k's own element of list: the one
// whose name the entry's side mentions, as a key or a value.
func (m *Meta) ownElement(k int, side, list *doc.Node, listPath string) (string, error) {
	mentioned := map[string]bool{}
	var walk func(n *doc.Node)
	walk = func(n *doc.Node) {
		if n == nil {
			return
		}
		if n.Kind == doc.Scalar {
			mentioned[n.Value] = true
		}
		for i, key := range n.Keys {
			mentioned[key] = true
			walk(n.Vals[i])
		}
		for _, it := range n.Items {
			walk(it)
		}
	}
	walk(side)
	var all, found []string
	for _, it := range list.Items {
		if name, ok := doc.ElementName(it); ok {
			all = append(all, name)
			if mentioned[name] && !slices.Contains(found, name) {
				found = append(found, name)
			}
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0:
		return "", fmt.Errorf("entry %s's side names no element of %s, so it has none of its own for [*] (%s names: %s)", m.Entries[k], listPath, listPath, strings.Join(all, ", "))
	}
	return "", fmt.Errorf("entry %s's side names %d elements of %s (%s), so [*] is not one of its own: name the element (%s[%s])", m.Entries[k], len(found), listPath, strings.Join(found, ", "), listPath, found[0])
}

// values returns each entry's value of the field in m; "" for a field of
// the base its text does not write (the ruleset's default).
func (f balanceField) values(m *Meta) []string {
	out := make([]string, len(m.entries))
	for k, e := range m.entries {
		switch {
		case !f.base:
			out[k] = fieldAt(e.Side, f.path).Value
		case m.ownValue(k, f.at[k]) != nil:
			out[k] = *m.ownValue(k, f.at[k])
		default:
			if v := m.base.Document().At(f.at[k]); v != nil {
				out[k] = v.Value
			}
		}
	}
	return out
}

// ownValue is entry k's own value of the base at path, or nil.
func (m *Meta) ownValue(k int, path string) *string {
	if k >= len(m.own) {
		return nil
	}
	for i := range m.own[k] {
		if m.own[k][i].path == path {
			return &m.own[k][i].value
		}
	}
	return nil
}

// with returns the roster with entry k's field set to value.
func (f balanceField) with(m *Meta, k int, value string) (*Meta, error) {
	c := *m
	origin := fmt.Sprintf("--balance %s=%s (entry %s: %s)", f.path, value, m.Entries[k], f.named[k])
	if !f.base {
		c.entries = append(c.entries[:0:0], m.entries...)
		side := m.entries[k].Side.Clone()
		if err := side.Set(f.at[k], value, origin); err != nil {
			return nil, err
		}
		c.entries[k].Side = side
		return &c, nil
	}
	c.own = make([][]ownSet, len(m.entries))
	copy(c.own, m.own)
	sets := slices.DeleteFunc(slices.Clone(c.own[k]), func(o ownSet) bool { return o.path == f.at[k] })
	c.own[k] = append(sets, ownSet{path: f.at[k], value: value, origin: origin})
	return &c, nil
}

// BalanceOptions say what a balance search may change: one field of every
// entry, over a grid of values — numbers (a count, a stat) or names (a
// part: Ion Cannon|Plasma Cannon).
type BalanceOptions struct {
	// Path is the field inside an entry's side (as the roster writes it,
	// e.g. armor.armor_value), or a field of the base scenario in each
	// entry's own element of a list, [*] (blueprints[*].computer: the
	// blueprint the entry's side names); Values the grid it may take, in
	// order.
	Path   string
	Values []string
	// MinShare is the mass every entry must have in the equilibrium, as
	// side a and as side b.
	MinShare float64
	// Matrices is the most matrices the search fights.
	Matrices int
}

// numericFieldsText lists, for a message about path, the numeric fields
// every entry's side gives, with the nearest to path.
func (m *Meta) numericFieldsText(path string) string {
	fields := m.numericFields()
	if len(fields) == 0 {
		return "a numeric field of every entry's side, and these sides share none"
	}
	return "a numeric field of every entry's side: " + strings.Join(fields, ", ") + doc.DidYouMean(path, fields)
}

// numericFields returns the paths of the numeric fields that every
// entry's side gives, in the order of the first entry's side: a path as
// written where every side has it, else with * for the one key of each
// mapping that has one (ships.* where each entry is its own design).
func (m *Meta) numericFields() []string {
	var out []string
	var walk func(n *doc.Node, path, starred string)
	walk = func(n *doc.Node, path, starred string) {
		switch {
		case n == nil:
		case n.Kind == doc.Map:
			for i, k := range n.Keys {
				star := strings.TrimPrefix(starred+"."+k, ".")
				if len(n.Keys) == 1 && !m.allGive(star) {
					star = strings.TrimPrefix(starred+".*", ".")
				}
				walk(n.Vals[i], strings.TrimPrefix(path+"."+k, "."), star)
			}
		case n.Kind != doc.Scalar || path == "":
		case m.numericInEvery(path):
			out = append(out, path)
		case starred != path && m.numericInEvery(starred):
			out = append(out, starred)
		}
	}
	if len(m.entries) > 0 {
		walk(m.entries[0].Side, "", "")
	}
	return out
}

// allGive reports whether every entry's side leads somewhere by path.
func (m *Meta) allGive(path string) bool {
	for _, e := range m.entries {
		if concrete(e.Side, path) == "" {
			return false
		}
	}
	return true
}

// numericInEvery reports whether every entry's side holds a number at path.
func (m *Meta) numericInEvery(path string) bool {
	for _, e := range m.entries {
		if v := fieldAt(e.Side, path); v == nil || v.Kind != doc.Scalar || !isNumber(v.Value) {
			return false
		}
	}
	return true
}

// fieldAt returns the node at a field path inside n, or nil. A key *
// stands for the one key of a mapping that has one (ships.* is an Eclipse
// side's ship count, whatever the class).
func fieldAt(n *doc.Node, path string) *doc.Node {
	if p := concrete(n, path); p != "" {
		return n.At(p)
	}
	return nil
}

// concrete returns path with each * replaced by the one key there and
// each element named by position, or "" when the path leads nowhere in n.
func concrete(n *doc.Node, path string) string {
	steps, err := doc.ParsePath(path)
	if err != nil {
		return ""
	}
	for k, s := range steps {
		if s.Key == "*" {
			if n == nil || n.Kind != doc.Map || len(n.Keys) != 1 {
				return ""
			}
			steps[k].Key = n.Keys[0]
		}
		if n = n.Get(steps[k].Key); n == nil {
			return ""
		}
		if s.Indexed {
			i, err := n.Element(s)
			if err != nil {
				return ""
			}
			steps[k].Name, steps[k].Index, n = "", i, n.Items[i]
		}
	}
	return doc.JoinSteps(steps)
}

func isNumber(s string) bool {
	var f float64
	_, err := fmt.Sscan(s, &f)
	return err == nil
}
