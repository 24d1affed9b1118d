package eclipse

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// PolicyFields implements rules.Policied: each side's policy field takes
// every policy of §6, from assign.Names(), the table the option's allowed
// values and the reference's Policies section are made from. priority
// needs the side's priority list, which no other policy allows (§13.11);
// optimal is the exact solver's alone (§5 rule 6), and costly, since its
// solve weighs every assignment of every roll.
func (ruleset) PolicyFields() [2]rules.PolicyField {
	var out [2]rules.PolicyField
	for s, side := range sideNames {
		f := rules.PolicyField{Path: side + ".policy"}
		for p, name := range assign.Names() {
			v := rules.PolicyValue{Name: name}
			switch assign.Policy(p) {
			case assign.Priority:
				v.Needs = side + ".priority"
			case assign.Optimal:
				v.ExactOnly, v.Costly = true, true
			}
			f.Values = append(f.Values, v)
		}
		out[s] = f
	}
	return out
}
