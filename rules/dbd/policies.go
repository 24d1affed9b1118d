package dbd

import (
	"fmt"

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
// vary it (a sweep of the option does). The search levels are not among
// the values: they differ from each other in skill alone, and a spread
// compares ways of playing (issue 29); each costs seconds a game, too.
func (ruleset) PolicyFields() [2]rules.PolicyField {
	var out [2]rules.PolicyField
	for s, side := range sideNames {
		f := rules.PolicyField{Path: "policies." + strings.ToLower(side)}
		for p, name := range policyNames {
			if PolicyKind(p).searchBudget() > 0 {
				continue // a skill level, not a way of playing (below)
			}
			f.Values = append(f.Values, rules.PolicyValue{Name: name, Costly: PolicyKind(p).costly()})
		}
		out[s] = f
	}
	return out
}

// searchBudgets are the evaluations a decision of each search level plays
// (§14 search): a count of plays, not a time, so that a seed replays the
// same game on any machine. Each level is 4 times the one before.
var searchBudgets = [len(policyNames)]int{PolicySearch250: 250, PolicySearch1k: 1000, PolicySearch4k: 4000}

// searchBudget returns the evaluations a decision of policy p plays, 0 for
// a policy that does not search.
func (p PolicyKind) searchBudget() int { return searchBudgets[p] }

// costly reports whether p searches at every decision (rollout, search):
// a game costs a second of CPU or more (rules.PolicyValue.Costly).
func (p PolicyKind) costly() bool { return p == PolicyRollout || p.searchBudget() > 0 }

// searchLevelName is the name of the search level of a budget ("search:1k").
func searchLevelName(budget int) string {
	if budget%1000 == 0 {
		return fmt.Sprintf("search:%dk", budget/1000)
	}
	return fmt.Sprintf("search:%d", budget)
}
