package rules

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Solver computes exact results of a ruleset's battles analytically, where
// the state space allows. A solver lives in its own package (it may import
// the ruleset; the ruleset does not import it) and registers itself under
// the ruleset's ID.
type Solver interface {
	// Solve returns the exact solution of a scenario, given as the
	// ruleset's part of the document (what Ruleset.Compile takes: a solver
	// may accept options Monte Carlo cannot play, such as an optimal
	// policy). With rational set, it also gives exact fractions. An error
	// explains why no exact answer is available; it wraps ErrBudget when
	// the scenario exceeds one of the solver's budgets, which bound its
	// memory and its time (a few seconds), and names that budget. Solve
	// returns ctx's error within a fraction of a second of ctx's end.
	Solve(ctx context.Context, scenario *doc.Node, rational bool) (*Exact, error)
	// Check returns, at once and without solving, the error Solve would
	// return for a scenario it cannot solve whatever the work: one that
	// does not compile for the solver, one the solver does not handle,
	// one beyond a budget before the first step. A nil error does not
	// promise a solution: the solve may still exceed a budget.
	Check(scenario *doc.Node) error
}

// WorkBounded is a Solver that counts its work, in units of its own of a
// few tens of nanoseconds each (Exact.Work), and can be held to a bound of
// it: a command solving beside what it was asked (exact's policy spread,
// unasked) spends on that at most what the asked solve took.
type WorkBounded interface {
	Solver
	// SolveWithin is Solve with all of the solve's work held to maxWork
	// units; past them, it returns an error wrapping ErrBudget.
	SolveWithin(ctx context.Context, scenario *doc.Node, rational bool, maxWork int64) (*Exact, error)
}

// HeadlineFirst is a Solver that can hand over its solution's headline —
// every share, E[rounds], the counters — as soon as it has them, before
// the distribution of rounds, which can take two thirds as long as the
// rest of the solve: a page shows the numbers the designer asked for
// while the distribution is still being worked out.
type HeadlineFirst interface {
	Solver
	// SolveHeadlineFirst is Solve in floating point that calls headline,
	// once and from the goroutine solving, with the solution lacking only
	// its rounds distribution (Rounds nil), before it works that out.
	// headline owns what it is given; the solution returned is complete
	// and the same as Solve's.
	SolveHeadlineFirst(ctx context.Context, scenario *doc.Node, headline func(*Exact)) (*Exact, error)
}

// ErrBudget is wrapped by a solver's error when a scenario is beyond one
// of its budgets (states, or work): Monte Carlo is then the way to
// evaluate it.
var ErrBudget = errors.New("beyond the exact solver's budget")

var solvers = map[string]Solver{}

// RegisterSolver makes s the exact solver of the ruleset with the given ID.
func RegisterSolver(id string, s Solver) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := solvers[id]; dup {
		panic("rules: solver registered twice: " + id)
	}
	solvers[id] = s
}

// LookupSolver returns the exact solver of a ruleset.
func LookupSolver(id string) (Solver, error) {
	mu.RLock()
	defer mu.RUnlock()
	s, ok := solvers[id]
	if fr, isFile := files[id].(FileRuleset); !ok && isFile {
		s, ok = solvers[fr.Engine()] // a rules file's solver is its engine's
	}
	if !ok {
		var have []string
		for k := range solvers {
			have = append(have, k)
		}
		return nil, fmt.Errorf("ruleset %s has no exact solver (rulesets with one: %s)", id, strings.Join(slices.Sorted(slices.Values(have)), ", "))
	}
	return s, nil
}
