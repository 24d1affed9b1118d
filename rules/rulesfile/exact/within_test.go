package exact

import (
	"errors"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// The solver is a rules.WorkBounded: Exact.Work counts every step of a
// solve (its tries, its rounds distribution, its fractions), a bound of
// exactly that work changes nothing and one step less refuses it. So an
// unasked policy spread (exact's) spends on a costly cell at most what it
// was given: fleet-mirror under the random policy, beyond the default
// step budget after tens of seconds, is refused within the 200,000 steps
// the spread gives it, where it used to take the whole default budget.
func TestSolveWithin(t *testing.T) {
	if _, ok := rules.Solver(registered{}).(rules.WorkBounded); !ok {
		t.Fatal("the rules-file solver is not a rules.WorkBounded: a command's unasked spread cannot bound its work")
	}
	fleet := example(t, "fleet.rules.yaml")
	for _, c := range []struct {
		name, rules, scenario string
		rational              bool
	}{
		{"fleet-mirror", fleet, "a: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\nb: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\n", false},
		{"duel2d6 in fractions", example(t, "duel2d6.rules.yaml"), "a: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := modelOf(t, c.rules, c.scenario)
			full, err := Solve(t.Context(), m, Options{Rational: c.rational})
			if err != nil {
				t.Fatal(err)
			}
			if full.Work <= 0 {
				t.Fatalf("Work %d: the solve's steps are not counted", full.Work)
			}
			held, err := Solve(t.Context(), m, Options{Rational: c.rational, Within: full.Work})
			if err != nil || held.Work != full.Work || held.Win != full.Win || len(held.Rounds) != len(full.Rounds) {
				t.Errorf("within its own work %d: %v, work %d", full.Work, err, held.Work)
			}
			if _, err := Solve(t.Context(), m, Options{Rational: c.rational, Within: full.Work - 1}); !errors.Is(err, rules.ErrBudget) {
				t.Errorf("one step short of %d: %v, want ErrBudget", full.Work, err)
			}
		})
	}
	random := modelOf(t, fleet, "a: {policy: random, units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\nb: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\n")
	if _, err := Solve(t.Context(), random, Options{Within: 200_000}); !errors.Is(err, rules.ErrBudget) {
		t.Errorf("fleet-mirror, a random: %v, want ErrBudget within 200000 steps", err)
	}
}
