package rulestest_test

import (
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// toyExact is the exact solution of the toy battle with cap 3, by hand: each
// round a wins with 1/4, b with 1/4, and the fight goes on with 1/2, so
// P(a) = P(b) = 1/4·(1 + 1/2 + 1/4) = 7/16, P(no winner) = 1/8, and the
// rounds (and draws made) are 1, 2, 3 with 1/2, 1/4, 1/4.
func toyExact() *rules.Exact {
	e := &rules.Exact{
		Ends:       []rules.NamedValue{{Name: "decided", Value: rules.Value{F: 7.0 / 8}}, {Name: "round-cap", Value: rules.Value{F: 1.0 / 8}}},
		RoundsMean: rules.Value{F: 1.75},
		Rounds:     []float64{0, 0.5, 0.25, 0.25},
		Counters:   []rules.ExactCounter{{Name: "flips", Mean: rules.Value{F: 1.75}, P: []float64{0, 0.5, 0.25, 0.25}}},
	}
	e.Win[rules.A].F, e.Win[rules.B].F, e.Win[rules.None].F = 7.0/16, 7.0/16, 1.0/8
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
	wrong.Win[rules.A].F, wrong.Win[rules.B].F = 0.5, 0.375
	if f := failed(wrong); !slices.Contains(f, "win.a") || !slices.Contains(f, "win.b") {
		t.Errorf("win shares off by 1/16 passed: failures %v", f)
	}
	wrong = toyExact()
	wrong.Counters[0].P = []float64{0, 0.5, 0.5} // says no trial draws 3 times
	if f := failed(wrong); !slices.Contains(f, "P(flips outside 0..2)") {
		t.Errorf("a counter value outside the exact distribution passed: failures %v", f)
	}
}
