package dbd

import (
	"fmt"

	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// PolicyFields implements rules.Policied: policies.blue and policies.red
// each take the policies of §14, from policyNames, the table the decoder
// and the reference's Policies section read. Every one of them is a rung
// of the ladder of skill (rules.PolicyValue.Rung), in policyRungs' order:
// they differ in how well they play, not in a way of playing a designer
// chooses, so a policy spread has no style of dbd's to vary and crucible
// ladder ranks them (issue 29). The style of dbd's play is greedy's
// profile (options.greedy-profile), the temperament of every greedy
// player of the battle at once, which a sweep of the option varies.
// rollout and the search levels are costly: every decision plays
// hundreds of continuations.
func (ruleset) PolicyFields() [2]rules.PolicyField {
	var out [2]rules.PolicyField
	for s, side := range sideNames {
		f := rules.PolicyField{Path: "policies." + strings.ToLower(side)}
		for p, name := range policyNames {
			f.Values = append(f.Values, rules.PolicyValue{Name: name, Costly: PolicyKind(p).costly(), Rung: policyRungs[p]})
		}
		out[s] = f
	}
	return out
}

// policyRungs places each policy on the ladder of skill, 1 the weakest:
// random, greedy, rollout, then the search levels by budget. The order is
// what crucible ladder tests, rung against the rung below, on every
// mirrored built-in (the README's ladder table).
var policyRungs = [len(policyNames)]int{PolicyRandom: 1, PolicyGreedy: 2, PolicyRollout: 3, PolicySearch250: 4, PolicySearch1k: 5, PolicySearch4k: 6}

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
