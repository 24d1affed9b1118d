package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Solver computes exact results of a ruleset's battles analytically, where
// the state space allows. A solver lives in its own package (it may import
// the ruleset; the ruleset does not import it) and registers itself under
// the ruleset's ID.
type Solver interface {
	// Solve returns the exact solution of a battle compiled by the same
	// ruleset. With rational set, it also computes exact fractions. An
	// error explains why no exact answer is available (e.g. the state space
	// exceeds the solver's budget).
	Solve(ctx context.Context, b Battle, rational bool) (Solution, error)
}

// Solution is an exact result.
type Solution interface {
	// Metric returns the exact value of a claim metric ("win.a", "win.b",
	// "win.none", "end.<reason>", "rounds.mean"), or false.
	Metric(name string) (float64, bool)
	// WriteTable writes the solution for people.
	WriteTable(w io.Writer) error
	// MarshalJSON writes the solution's "exact" object.
	json.Marshaler
}

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
	if !ok {
		var have []string
		for k := range solvers {
			have = append(have, k)
		}
		return nil, fmt.Errorf("ruleset %s has no exact solver (rulesets with one: %s)", id, strings.Join(slices.Sorted(slices.Values(have)), ", "))
	}
	return s, nil
}
