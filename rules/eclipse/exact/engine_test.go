package exact

import (
	"context"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// TestEngineIntegration runs every built-in eclipse scenario through the
// scenario loader (with its claims) and the engine, and checks the engine's
// win counts against the exact solver (binomial tests, family-wise α 1e-6),
// and that every exact claim names a metric the solver gives.
func TestEngineIntegration(t *testing.T) {
	names := builtinNames(t)
	const trials = 20_000
	alpha := familyAlpha / float64(2*len(names))
	for _, name := range names {
		s, err := scenarios.Load("eclipse/" + name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.Compile()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := SolveDoc(context.Background(), s.Document(), Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range s.Claims {
			if _, ok := r.Metric(c.Metric); c.Exact && !ok {
				t.Errorf("%s: exact claim on %s, which the solver does not give", name, c.Metric)
			}
		}
		tally, err := sim.Run(context.Background(), sim.Job{Battle: b, Key: sim.Key(s.Name), Seed: 20251122, Trials: trials})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			what string
			n    int64
			p    float64
		}{{"win.a", tally.Wins[1], r.Win[rules.A].F}, {"win.b", tally.Wins[2], r.Win[rules.B].F}} {
			if p := analysis.ProportionPValue(x.n, tally.Trials, x.p); p < alpha {
				t.Errorf("%s: %s %d/%d against exact %.6f (p = %.3g)", name, x.what, x.n, tally.Trials, x.p, p)
			}
		}
	}
}
