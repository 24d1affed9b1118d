package rules

import (
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Option declares one named rule option of a ruleset: a gap its rules
// document resolves, with the default it takes.
type Option struct {
	Name    string
	Default string
	// Words lists the allowed values of a word option.
	Words []string
	// Ints, if set, makes an integer option with that range.
	Ints *doc.Range
	// Check validates a free-form value (e.g. "after-round-N"); Allowed
	// describes the accepted forms for error messages.
	Check   func(string) error
	Allowed string
	// Doc says what the option changes, value by value where the values
	// differ in kind, for the reference (`crucible rules`).
	Doc string
}

func (o Option) allowed() string {
	switch {
	case len(o.Words) > 0:
		return strings.Join(o.Words, ", ")
	case o.Ints != nil:
		return o.Ints.String()
	}
	return o.Allowed
}

// check validates the value at n (a scalar) and returns it.
func (o Option) check(n *doc.Node) (string, error) {
	switch {
	case len(o.Words) > 0:
		return doc.OneOf(n, o.Words...)
	case o.Ints != nil:
		_, err := o.Ints.Int(n)
		return n.Value, err
	case o.Check != nil:
		if err := o.Check(n.Value); err != nil {
			return "", n.Errorf("%v (allowed: %s)", err, o.allowed())
		}
	}
	return n.Value, nil
}

// OptionSet is the list of options a ruleset declares, in output order.
type OptionSet []Option

// Resolve validates the scenario's `options` mapping (nil means none given)
// against the set and returns every option in force, defaults included.
// Unknown names and disallowed values are errors naming the allowed ones.
func (s OptionSet) Resolve(n *doc.Node) (Settings, error) {
	if n != nil && n.Kind != doc.Null && n.Kind != doc.Map {
		return nil, n.Errorf("expected a mapping of option names to values")
	}
	out := make(Settings, len(s))
	for i, o := range s {
		out[i] = Setting{Name: o.Name, Value: o.Default}
	}
	if n == nil {
		return out, nil
	}
	for k, key := range n.Keys {
		v := n.Vals[k]
		i := s.index(key)
		if i < 0 {
			return nil, v.Errorf("unknown option %q (options: %s)%s", key, strings.Join(s.names(), ", "), doc.DidYouMean(key, s.names()))
		}
		if v.Kind != doc.Scalar {
			return nil, v.Errorf("expected a value (allowed: %s)", s[i].allowed())
		}
		val, err := s[i].check(v)
		if err != nil {
			return nil, err
		}
		out[i].Value = val
	}
	return out, nil
}

// Check validates one value for the option named name, reporting errors at n.
func (s OptionSet) Check(name string, n *doc.Node) (string, error) {
	i := s.index(name)
	if i < 0 {
		panic("rules: undeclared option " + name)
	}
	if n == nil || n.Kind == doc.Null {
		return s[i].Default, nil
	}
	if n.Kind != doc.Scalar {
		return "", n.Errorf("expected a value (allowed: %s)", s[i].allowed())
	}
	return s[i].check(n)
}

func (s OptionSet) index(name string) int {
	for i, o := range s {
		if o.Name == name {
			return i
		}
	}
	return -1
}

func (s OptionSet) names() []string {
	names := make([]string, len(s))
	for i, o := range s {
		names[i] = o.Name
	}
	return names
}

// Settings is a list of options in force.
type Settings []Setting

// Get returns the value of the named option; it panics on an undeclared
// name, which is a programming error.
func (s Settings) Get(name string) string {
	for _, x := range s {
		if x.Name == name {
			return x.Value
		}
	}
	panic("rules: no setting " + name)
}

// Int returns the named option as an integer (it was range-checked).
func (s Settings) Int(name string) int {
	i, err := strconv.Atoi(strings.ReplaceAll(s.Get(name), "_", ""))
	if err != nil {
		panic("rules: setting " + name + " is not an integer")
	}
	return i
}
