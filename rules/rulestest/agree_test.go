package rulestest_test

import (
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// toyExact is the exact solution of the toy battle with cap 3, by hand: each
// round a side wins with 1/2 (a or b alike), a side flees with 1/4 (each
// 1/8, scored as its win) and the fight goes on with 1/4. The fight ends
// in round 1, 2 or 3 with 3/4, 3/16 and 1/16 (cap 3), so P(decided) =
// 1/2·(1 + 1/4 + 1/16) = 21/32, P(fled) = 21/64, P(round-cap) = 1/64, each
// side wins with 21/64 + 21/128 = 63/128, and a flees with 21/128. The
// rounds (and draws made) have mean 21/16.
func toyExact() *rules.Exact {
	e := &rules.Exact{
		Ends: []rules.NamedValue{{Name: "decided", Value: rules.Value{F: 21.0 / 32}}, {Name: "fled", Value: rules.Value{F: 21.0 / 64}},
			{Name: "round-cap", Value: rules.Value{F: 1.0 / 64}}},
		RoundsMean: rules.Value{F: 21.0 / 16},
		Rounds:     []float64{0, 0.75, 3.0 / 16, 1.0 / 16},
		Counters: []rules.ExactCounter{{Name: "flips", Mean: rules.Value{F: 21.0 / 16}, P: []float64{0, 0.75, 3.0 / 16, 1.0 / 16}},
			{Name: "a.fled", Mean: rules.Value{F: 21.0 / 128}, P: []float64{107.0 / 128, 21.0 / 128}}},
	}
	e.Win[rules.A].F, e.Win[rules.B].F, e.Win[rules.None].F = 63.0/128, 63.0/128, 1.0/64
	return e
}

// Agree passes the right solution at the family-wise rate of the solvers'
// tests (1e-6 over all its tests; fixed seed) and fails wrong ones: a win
// share off by 1/16, and a counter distribution that leaves out a value
// that happens.
func TestAgree(t *testing.T) {
	battles, err := kit("").Battles()
	if err != nil {
		t.Fatal(err)
	}
	b := battles[0] // cap 3
	const trials = 20_000
	failed := func(e *rules.Exact) []string {
		got := rulestest.Agree(b, e, 11, trials)
		alpha := 1e-6 / float64(len(got))
		var names []string
		for _, a := range got {
			if a.P < alpha {
				names = append(names, a.Name)
			}
		}
		return names
	}
	if f := failed(toyExact()); len(f) > 0 {
		t.Errorf("the exact solution disagrees with Monte Carlo on %v", f)
	}
	wrong := toyExact()
	wrong.Win[rules.A].F, wrong.Win[rules.B].F = 71.0/128, 55.0/128
	if f := failed(wrong); !slices.Contains(f, "win.a") || !slices.Contains(f, "win.b") {
		t.Errorf("win shares off by 1/16 passed: failures %v", f)
	}
	wrong = toyExact()
	wrong.Counters[0].P = []float64{0, 0.75, 0.25} // says no trial draws 3 times
	if f := failed(wrong); !slices.Contains(f, "P(flips outside 0..2)") {
		t.Errorf("a counter value outside the exact distribution passed: failures %v", f)
	}
}
