package rules

import (
	"context"

	"github.com/crucible-sim/crucible/rules/doc"
)

// ChainSolver is a Solver that can also give the Markov chain it solves,
// for questions a solution's totals do not answer: the most probable way a
// battle comes to an outcome (crucible explain). It is optional: a solver
// implements it where its chain has a form worth walking, in a file of its
// own, without exposing its internals.
type ChainSolver interface {
	Solver
	// Chain returns the chain of a scenario (the ruleset's part of the
	// document, as Solve takes it), within the same budgets as Solve and
	// returning ctx's error within a fraction of a second of its end.
	Chain(ctx context.Context, scenario *doc.Node) (Chain, error)
}

// Chain is the Markov chain of one battle as an exact solver walks it:
// states numbered from 0 to below 2^31 (not necessarily densely), each
// either transient, with steps to other
// states whose probabilities sum to 1, or absorbing, with the outcome
// the battle ends in there. A state is whatever the solver needs to know
// the future (fleets, hit points, whose turn, the round where it matters);
// a step is one event of the battle (a volley, an exchange, a second).
//
// A Chain is read by one goroutine at a time; it may build states lazily.
type Chain interface {
	// Start is the state every battle starts in.
	Start() int
	// Steps appends the steps out of state s to buf and returns it; none
	// for an absorbing state. A step to s itself (nothing changed) is
	// allowed, with probability below 1.
	Steps(s int, buf []Step) []Step
	// Describe says state s in a designer's words, the sides by their
	// names ("attacker: 2 Interceptor; defender: 1 Cruiser (1 damage)").
	Describe(s int) string
	// End returns the outcome of state s, ok false for a transient state.
	End(s int) (end ChainEnd, ok bool)
	// Spec is the battle's spec: its sides' labels, ends, counters and
	// rounds unit, which ChainEnd indexes.
	Spec() Spec
}

// Step is one transition of a Chain.
type Step struct {
	To int
	// P is its probability, in (0, 1]; Rat, when the solver knows it,
	// the same as an exact fraction ("25/36").
	P   float64
	Rat string
	// Rounds is how many of the battle's rounds (in Spec.RoundsUnit) the
	// step takes: 0 for a step within a round, 1 for one that ends one.
	Rounds int64
	// Event says what happened, in a designer's words ("the defender's
	// Interceptor hits: the attacker loses 1 Interceptor").
	Event string
}

// ChainEnd is the outcome of an absorbing state: the winner, the end
// reason (an index into Spec.Ends) and the counters the state determines
// (Known[i] says whether Counters[i] is known there).
type ChainEnd struct {
	Winner   Side
	End      int
	Counters []int64
	Known    []bool
}
