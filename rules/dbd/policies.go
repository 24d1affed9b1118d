package dbd

import (
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// PolicyFields implements rules.Policied: policies.blue and policies.red
// each take the policies of §14, from policyNames, the table the decoder
// and the reference's Policies section read. rollout is costly: every
// decision plays (K+1)·R continuations of greedy on (options.rollout).
// greedy plays with the profile of options.greedy-profile, which is the
// temperament of every greedy player of the battle, both sides' at once:
// it is not one side's choice, so a spread of one side's play does not
// vary it (a sweep of the option does).
func (ruleset) PolicyFields() [2]rules.PolicyField {
	var out [2]rules.PolicyField
	for s, side := range sideNames {
		f := rules.PolicyField{Path: "policies." + strings.ToLower(side)}
		for p, name := range policyNames {
			f.Values = append(f.Values, rules.PolicyValue{Name: name, Costly: PolicyKind(p) == PolicyRollout})
		}
		out[s] = f
	}
	return out
}
