// Package exact solves an Eclipse battle analytically (§8):
// win, draw and stalemate probabilities, the expected number of rounds, the
// distribution of rounds and of survivors, in floating point and, when
// asked, as exact fractions computed by the same algorithm over big.Rat.
// Its comments cite the sections of the ruleset's rules/eclipse/README.md
// as §N, as package eclipse's do.
//
// The solver walks the battle's Markov chain over nodes (activation pointer,
// canonical fleet state) using the engine of package eclipse — the same
// activation rules, the same Volley and the same Assign as Monte Carlo — but
// instead of rolling dice it enumerates, per colour, the multinomial counts
// of dice in each hit-set class of faces (§8.2). Every transition that
// changes the state increases a progress measure, so the chain is acyclic
// but for rounds with no change at all, which are solved by division (§8.3).
// The `optimal` policy chooses, after each roll, among every distinct
// resulting state the one with the best P(own win) − P(enemy win); since any
// hit changes the state, the choices never feed back into the no-change
// loop, and backward induction with that division gives the exact fixed
// point that value iteration converges to.
//
// Both entry points return the rules.Exact every solver returns, which
// package reports renders and claims read:
//
//	r, err := exact.SolveDoc(scenario.Document(), exact.Options{Rational: rational})
//	if errors.Is(err, exact.ErrBudget) { /* say so; suggest `crucible run` */ }
//	v, ok := r.Metric(m) // m a rules.Metric; v.Rat is the fraction with Rational
//
// SolveDoc accepts `policy: optimal`; Solve takes a battle already compiled
// by the ruleset (rules.Ruleset.Compile, which rejects optimal). The solver
// is registered with rules (register.go), so `crucible exact` and exact
// claims reach it through rules.LookupSolver.
package exact

import (
	"fmt"
	"math/big"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// ErrBudget is wrapped by the error Solve returns when a battle is beyond
// the state budget (Monte Carlo is the way to evaluate such a battle) or,
// with Options.Rational, beyond the budget of exact fractions.
var ErrBudget = rules.ErrBudget

// DefaultMaxStates is the default node budget (about 0.5 KB of memory per
// node at the peak).
const DefaultMaxStates = 1_000_000

// DefaultMaxRationalStates is the default node budget of the exact
// fractions, whose numerators grow to thousands of digits.
const DefaultMaxRationalStates = 20_000

// Options control a solve.
type Options struct {
	// MaxStates bounds the nodes (activation pointer × fleet state) the
	// solver may visit; 0 means DefaultMaxStates.
	MaxStates int
	// Rational also computes the results as exact fractions (slower; the
	// same algorithm over math/big.Rat).
	Rational bool
	// Tail ends the rounds distribution once less than this mass remains;
	// 0 means 1e-12.
	Tail float64
	// MaxAssignments bounds the assignments the optimal policy may
	// enumerate in total; 0 means DefaultMaxAssignments.
	MaxAssignments int
	// MaxRationalStates bounds the nodes of a Rational solve; 0 means
	// DefaultMaxRationalStates.
	MaxRationalStates int
}

// DefaultMaxAssignments is the default bound of Options.MaxAssignments.
const DefaultMaxAssignments = 50_000_000

// Solve solves a battle compiled by the eclipse ruleset (Compile or
// CompileExact).
func Solve(b rules.Battle, opt Options) (*rules.Exact, error) {
	c, ok := b.(*eclipse.Compiled)
	if !ok {
		return nil, fmt.Errorf("exact: not an eclipse battle (%T)", b)
	}
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	if opt.Tail <= 0 {
		opt.Tail = 1e-12
	}
	if opt.MaxAssignments <= 0 {
		opt.MaxAssignments = DefaultMaxAssignments
	}
	if opt.MaxRationalStates <= 0 {
		opt.MaxRationalStates = DefaultMaxRationalStates
	}
	sf, err := newSolver[float64](floats{}, c, opt)
	if err != nil {
		return nil, err
	}
	sp, _ := spares.Get().(*spareArrays)
	if sp == nil {
		sp = new(spareArrays)
	}
	sp.lend(sf)
	defer func() {
		sp.reclaim(sf)
		spares.Put(sp)
	}()
	if err := sf.run(); err != nil {
		return nil, err
	}
	res := sf.result()
	roundsDistribution(sf, res)
	if opt.Rational {
		if res.States > opt.MaxRationalStates {
			return nil, fmt.Errorf("exact: %w: exact fractions for this battle need %d states, more than the %d allowed for --rational; drop --rational for the floating-point solution", ErrBudget, res.States, opt.MaxRationalStates)
		}
		sr, err := newSolver[*big.Rat](rats{}, c, opt)
		if err != nil {
			return nil, err
		}
		if err := sr.run(); err != nil {
			return nil, err
		}
		sr.rational(res)
	}
	return res, nil
}

// SolveDoc compiles a scenario document (the ruleset part, as
// rules.Ruleset.Compile receives it) for the exact solver, which accepts
// `policy: optimal`, and solves it.
func SolveDoc(n *doc.Node, opt Options) (*rules.Exact, error) {
	c, err := eclipse.CompileExact(n)
	if err != nil {
		return nil, err
	}
	return Solve(c, opt)
}

// run explores the chain from the initial state and solves it.
func (s *solver[T, A]) run() error {
	c := s.c
	c.Initial(&s.st)
	round := 0
	if len(c.MissileOrder) == 0 {
		round = 1
	}
	var err error
	if s.root, err = s.node(s.enc.encode(&s.st, round), 0); err != nil {
		return err
	}
	for i := 0; i < len(s.nodes); i++ {
		if err := s.expand(int32(i)); err != nil {
			return err
		}
	}
	s.sortNodes()
	s.backward()
	s.forward()
	return nil
}
