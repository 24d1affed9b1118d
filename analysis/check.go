package analysis

import (
	"context"
	"fmt"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Check is the outcome of checking the claims of a set of scenarios.
type Check struct {
	Seed uint64
	// Alpha is the family-wise false-alarm rate; PerClaim its share for
	// each of the Claims claims (Bonferroni).
	Alpha, PerClaim float64
	Claims          int
	// Verdicts holds one verdict per claim, in file order.
	Verdicts []ClaimCheck
	// Results holds the run of each scenario that has claims.
	Results []*Result
	// Unclaimed names the scenarios that have no claims (and were not run).
	Unclaimed []string
	// Notes are problems that left claims without an answer (a solver that
	// cannot solve a scenario), one line each.
	Notes []string
}

// Failed returns the number of claims judged FAIL.
func (c *Check) Failed() int {
	n := 0
	for _, v := range c.Verdicts {
		if v.Verdict == Fail {
			n++
		}
	}
	return n
}

// Check runs every scenario that has claims and judges each claim,
// spending the false-alarm rate alpha across all claims of all scenarios
// (Bonferroni). Claims marked exact are judged against the ruleset's exact
// solution. On an interrupt it returns what was judged so far with the
// error.
func (r Run) Check(ctx context.Context, scs []*scenarios.Scenario, alpha float64) (*Check, error) {
	if alpha <= 0 || alpha >= 1 {
		return nil, fmt.Errorf("false-alarm rate %g: want a number in (0, 1)", alpha)
	}
	if err := distinctNames(scs); err != nil {
		return nil, err
	}
	out := &Check{Seed: r.Seed, Alpha: alpha}
	for _, sc := range scs {
		out.Claims += len(sc.Claims)
	}
	out.PerClaim = alpha / float64(max(out.Claims, 1))
	for _, sc := range scs {
		if len(sc.Claims) == 0 {
			out.Unclaimed = append(out.Unclaimed, sc.Name)
			continue
		}
		res, _, err := r.Fight(ctx, sc, nil)
		if err != nil {
			return out, err
		}
		exact, err := exactFor(ctx, sc)
		if err != nil {
			out.Notes = append(out.Notes, fmt.Sprintf("%s: %v", sc.Name, err))
		}
		out.Results = append(out.Results, res)
		for _, c := range sc.Claims {
			v := CheckClaim(c, res, out.PerClaim, exact)
			v.Scenario = sc.Name
			out.Verdicts = append(out.Verdicts, v)
		}
	}
	return out, nil
}

// exactFor solves sc exactly if one of its claims needs the exact value.
func exactFor(ctx context.Context, sc *scenarios.Scenario) (*rules.Exact, error) {
	for _, c := range sc.Claims {
		if c.Exact {
			return Solve(ctx, sc, false)
		}
	}
	return nil, nil
}
