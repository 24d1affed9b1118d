//go:build long

package scenarios_test

import (
	"context"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// TestExactClaimsLong runs every built-in scenario that carries exact claims
// with 1,000,000 trials and checks that Monte Carlo agrees with the exact
// solution (Eclipse solver, stratfight closed forms) within each claim's
// tolerance, at a family-wise false-alarm rate of 1e-6 split over all
// claims (Bonferroni). An equivalence test needs the interval narrower than
// the tolerance: at that rate, 1,000,000 trials give ±0.003 on a share.
// Fixed seed: the verdicts are reproducible.
//
//	go test -tags long ./scenarios -run ExactClaimsLong
func TestExactClaimsLong(t *testing.T) {
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	type job struct {
		sc     *scenarios.Scenario
		claims []scenarios.Claim
	}
	var jobs []job
	total := 0
	for _, e := range list {
		sc, err := scenarios.Load(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		var exact []scenarios.Claim
		for _, c := range sc.Claims {
			if c.Exact {
				exact = append(exact, c)
			}
		}
		if len(exact) > 0 {
			jobs = append(jobs, job{sc, exact})
			total += len(exact)
		}
	}
	alpha := 1e-6 / float64(total)
	for _, j := range jobs {
		t.Run(j.sc.Name, func(t *testing.T) {
			sol, err := analysis.Solve(context.Background(), j.sc, false)
			if err != nil {
				t.Fatal(err)
			}
			res, _, err := analysis.Run{Seed: 20261122, Trials: 1_000_000}.Fight(context.Background(), j.sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range j.claims {
				if v := analysis.CheckClaim(c, res, alpha, sol); v.Verdict != analysis.Pass {
					t.Errorf("%s: %s (%s)", c.Metric, v.Verdict, v.Note)
				}
			}
		})
	}
}
