package analysis_test

import (
	"context"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// A scenario whose claims are all on the exact value fights no trial, in
// a check of a fixed size and a sequential one; beside it, a scenario with
// a sampled claim is fought as before.
func TestOnExactFightsNoTrials(t *testing.T) {
	onExact, err := scenarios.Parse("on-exact.yaml", "on-exact", []byte("ruleset: eclipse\nattacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}\n"+
		"claims:\n  - {metric: win.a, min: 0.45, max: 0.46, on: exact}\n  - {metric: win.b, max: 0.5, on: exact}\n"))
	if err != nil {
		t.Fatal(err)
	}
	scs := append([]*scenarios.Scenario{onExact}, load(t, "stratfight/lifespan-30-coins")...)
	run := analysis.Run{Seed: 1, Trials: 500}
	for name, check := range map[string]func() (*analysis.Check, error){
		"fixed size": func() (*analysis.Check, error) { return run.Check(context.Background(), scs, 0.01) },
		"until decided": func() (*analysis.Check, error) {
			return run.CheckUntilDecided(context.Background(), scs, 0.01, 500, 1000)
		},
	} {
		c, err := check()
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Results) != 1 || c.Results[0].Scenario != "stratfight/lifespan-30-coins" || c.TrialsUsed != c.Results[0].Tally.Trials {
			t.Errorf("%s: fought %d scenarios, %d trials", name, len(c.Results), c.TrialsUsed)
		}
		if v := c.Verdicts[:2]; v[0].Verdict != analysis.Pass || v[1].Verdict != analysis.Fail || v[0].Trials != 0 || v[0].Exact != v[0].Observed {
			t.Errorf("%s: verdicts %+v", name, v)
		}
	}
}
