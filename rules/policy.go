package rules

import (
	"slices"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Policied is implemented by a ruleset whose sides can each be played in
// more than one built-in way — eclipse's targeting policies, emojispace's
// action rules, dbd's players — so that a designer can ask how much an
// answer owes to the way the sides are played: `crucible run
// --policy-spread` fights a scenario under each built-in value of each
// side's field (analysis.Spread). A ruleset whose sides have no choice of
// play does not implement it, and a spread of its scenarios is refused.
//
// The values are those the ruleset's Reference lists among its Policies
// (the conformance kit, rules/rulestest, checks that they are, that the
// fields are among its Fields, and that every value compiles on every kit
// scenario whose side may play it).
type Policied interface {
	// PolicyFields returns the field that chooses how side a is played
	// and the one for side b, with their built-in values.
	PolicyFields() [2]PolicyField
}

// PolicyField is the scenario field that chooses how one side is played,
// and the built-in values it takes.
type PolicyField struct {
	// Path is the field's path as --set takes it ("attacker.policy").
	// A battle echoes the value in force under the same name among its
	// Spec().Options, which is how a spread tells which value a scenario
	// plays.
	Path string
	// Values are the built-in values, each a whole way of playing the
	// side, in the order the Reference lists them. Values that need
	// parameters of the designer's (a fraction, a plan) are not among
	// them: a spread plays what the ruleset has built in.
	Values []PolicyValue
}

// PolicyValue is one built-in value of a PolicyField.
type PolicyValue struct {
	Name string
	// ExactOnly is set for a value only the exact solver plays (eclipse's
	// optimal, which looks ahead over every outcome): Compile rejects it,
	// and a spread plays it only where the solver reaches.
	ExactOnly bool
	// Costly is set for a value whose play costs far more than the
	// others' — a rollout search in every decision, or an exact solve
	// that enumerates every assignment of the dice — so that the spread a
	// report makes unasked can leave it out; --policy-spread includes it.
	Costly bool
	// Needs is the path of a field the value reads from the scenario and
	// no other value allows (eclipse's priority list): the value compiles
	// only on a scenario that gives it, and Apply removes it to play any
	// other value.
	Needs string
	// Rung, if not 0, places the value on the ruleset's ladder of skill,
	// 1 the weakest: it differs from the other rungs in how well it plays,
	// not in a way of playing a designer would choose (dbd's random,
	// greedy, rollout and search levels). A policy spread compares styles
	// and leaves the rungs out; crucible ladder plays them rung against
	// rung (analysis/ladder) and a verdict's skill axis re-judges it on
	// them.
	Rung int
}

// Rungs returns the field's values that are rungs of the ladder of skill,
// weakest first.
func (f PolicyField) Rungs() []PolicyValue {
	var out []PolicyValue
	for _, v := range f.Values {
		if v.Rung > 0 {
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b PolicyValue) int { return a.Rung - b.Rung })
	return out
}

// Value returns the field's value of the given name, and whether it has
// one.
func (f PolicyField) Value(name string) (PolicyValue, bool) {
	i := slices.IndexFunc(f.Values, func(v PolicyValue) bool { return v.Name == name })
	if i < 0 {
		return PolicyValue{}, false
	}
	return f.Values[i], true
}

// Apply writes value v of the field into a scenario document (the whole
// file or the ruleset's part of it: the paths are the same), as `--set
// PATH=VALUE` would, and removes the fields other values need and v does
// not. origin names the change in the errors of a value the scenario then
// refuses (an NPC side that plays only npc).
func (f PolicyField) Apply(n *doc.Node, v PolicyValue, origin string) error {
	for _, o := range f.Values {
		if o.Needs != "" && o.Needs != v.Needs {
			n.Remove(o.Needs)
		}
	}
	return n.Set(f.Path, v.Name, origin)
}
