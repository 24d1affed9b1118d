package exact

import (
	"context"
	"reflect"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// TestHeadlineIsTheSolutionBeforeItsRounds: the headline a solve hands
// over early is, field for field, the solution it then returns but for
// the rounds distribution (and the work it took), and the solution is
// the one a solve without a headline returns, bit for bit: for every
// built-in battle the solver reaches within a small budget.
func TestHeadlineIsTheSolutionBeforeItsRounds(t *testing.T) {
	for _, name := range builtinNames(t) {
		c := compileBuiltin(t, name)
		want, err := Solve(context.Background(), c, Options{MaxStates: 5000})
		if err != nil {
			continue // beyond the budget: BenchmarkSolve covers the large ones
		}
		t.Run(name, func(t *testing.T) {
			var head *rules.Exact
			got, err := Solve(context.Background(), c, Options{MaxStates: 5000, Headline: func(e *rules.Exact) {
				if head != nil {
					t.Error("headline handed over twice")
				}
				head = e
			}})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the solution with a headline differs from the one without:\n%+v\n%+v", got, want)
			}
			if head == nil {
				t.Fatal("no headline")
			}
			if head.Rounds != nil || head.RoundsTail != 0 {
				t.Errorf("the headline has a rounds distribution: %v (tail %g)", head.Rounds, head.RoundsTail)
			}
			if head.Work <= 0 || head.Work > got.Work {
				t.Errorf("the headline's work %d, want in 1..%d (the whole solve's)", head.Work, got.Work)
			}
			rest := *got
			rest.Rounds, rest.RoundsTail, rest.Work = nil, 0, head.Work
			if !reflect.DeepEqual(head, &rest) {
				t.Errorf("headline:\n%+v\nwant the solution but its rounds:\n%+v", head, &rest)
			}
		})
	}
}

// TestHeadlineOwnsWhatItIsGiven: a rounds distribution cut short by its
// budget adds a note to the solution, not to the headline handed over
// before.
func TestHeadlineOwnsWhatItIsGiven(t *testing.T) {
	c := compileBuiltin(t, "fleet-mirror")
	full, err := Solve(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var head *rules.Exact
	got, err := Solve(context.Background(), c, Options{Within: full.Work - 1, Headline: func(e *rules.Exact) { head = e }})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Notes) != len(head.Notes)+1 {
		t.Fatalf("notes: solution %q, headline %q; want the solution's one more", got.Notes, head.Notes)
	}
	if got.Win != head.Win || got.RoundsMean != head.RoundsMean {
		t.Errorf("shares or E[rounds] differ: solution %v %v, headline %v %v", got.Win, got.RoundsMean, head.Win, head.RoundsMean)
	}
}
