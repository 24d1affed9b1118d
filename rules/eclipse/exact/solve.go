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
//	r, err := exact.SolveDoc(ctx, scenario.Document(), exact.Options{Rational: rational})
//	if errors.Is(err, exact.ErrBudget) { /* say so; suggest `crucible run` */ }
//	v, ok := r.Metric(m) // m a rules.Metric; v.Rat is the fraction with Rational
//
// SolveDoc accepts `policy: optimal`; Solve takes a battle already compiled
// by the ruleset (rules.Ruleset.Compile, which rejects optimal). The solver
// is registered with rules (register.go), so `crucible exact` and exact
// claims reach it through rules.LookupSolver.
//
// Two budgets bound a solve: its states (memory) and its steps of work
// (time, budget.go), each with smaller ones for exact fractions. Few
// states do not make a solve short: one Gunboat of many dice of four
// colours against ships of four shields rolls millions of outcomes per
// volley. A solve past either budget, or whose context ends, stops within
// milliseconds with an error saying which; Check finds, without solving,
// what Solve refuses before its first step.
package exact

import (
	"context"
	"fmt"
	"math/big"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// ErrBudget is wrapped by the error Solve returns when a battle is beyond
// the state or step budget (Monte Carlo is the way to evaluate such a
// battle) or, with Options.Rational, beyond the budget of exact fractions.
var ErrBudget = rules.ErrBudget

// DefaultMaxStates is the default node budget (about 0.5 KB of memory per
// node at the peak).
const DefaultMaxStates = 1_000_000

// DefaultMaxRationalStates is the default node budget of the exact
// fractions, whose numerators grow to thousands of digits.
const DefaultMaxRationalStates = 20_000

// DefaultMaxRationalSteps is the default step budget of the exact
// fractions, a step of which costs a hundred to a thousand times a
// floating-point one, the more the larger the battle: upgraded-three-types
// (175,549 steps) takes about 2.5 s of one core, and 14 Ancients against
// a Terran fleet (373,625) took 37 s before this budget.
const DefaultMaxRationalSteps = 250_000

// Options control a solve.
type Options struct {
	// MaxStates bounds the nodes (activation pointer × fleet state) the
	// solver may visit, and so its memory; 0 means DefaultMaxStates.
	MaxStates int
	// MaxSteps bounds the work of the solve, and so its time, in steps
	// (see budget.go); 0 means DefaultMaxSteps. The rounds distribution,
	// computed after the solve, has a budget of as many steps of its own.
	MaxSteps int64
	// Rational also computes the results as exact fractions (slower; the
	// same algorithm over math/big.Rat).
	Rational bool
	// Tail ends the rounds distribution once less than this mass remains;
	// 0 means 1e-12.
	Tail float64
	// MaxRationalStates and MaxRationalSteps bound the nodes and the
	// steps of a Rational solve; 0 means DefaultMaxRationalStates and
	// DefaultMaxRationalSteps.
	MaxRationalStates int
	MaxRationalSteps  int64
	// Within, if not 0, bounds the steps of the floating-point solve and
	// of its rounds distribution together (rules.WorkBounded): the solve
	// is refused past them, and the distribution stops where they run
	// out, with a note.
	Within int64
	// Headline, if not nil, is given the floating-point solution before
	// its rounds distribution is worked out (two fifths of
	// fleet-mirror-upgraded's solve): a copy with Rounds nil, which it
	// owns.
	Headline func(*rules.Exact)
}

// Solve solves a battle compiled by the eclipse ruleset (Compile or
// CompileExact). It returns ctx's error as soon as ctx is done.
func Solve(ctx context.Context, b rules.Battle, opt Options) (*rules.Exact, error) {
	c, ok := b.(*eclipse.Compiled)
	if !ok {
		return nil, fmt.Errorf("exact: not an eclipse battle (%T)", b)
	}
	opt = opt.withDefaults()
	if err := checkVolleys(c, opt.MaxSteps); err != nil {
		return nil, err
	}
	sf, err := floatSolver(c, opt, newBudget(ctx, opt.MaxSteps, lookFloat))
	if err != nil {
		return nil, err
	}
	defer release(sf)
	if err := sf.run(); err != nil {
		return nil, err
	}
	res := sf.result()
	if opt.Headline != nil {
		h := *res
		h.Work = sf.bud.steps
		opt.Headline(&h)
	}
	rounds := newBudget(ctx, opt.MaxSteps, lookFloat)
	if opt.Within > 0 {
		rounds = newBudget(ctx, opt.Within-sf.bud.steps, lookFloat)
	}
	if err := roundsDistribution(sf, res, &rounds); err != nil {
		return nil, err
	}
	res.Work = sf.bud.steps + rounds.steps
	if opt.Rational {
		if err := rationalFits(res.States, sf.bud.steps, opt); err != nil {
			return nil, err
		}
		sr, err := newSolver[*big.Rat](rats{}, c, opt, newBudget(ctx, opt.MaxRationalSteps, lookRational))
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

func (opt Options) withDefaults() Options {
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = DefaultMaxSteps
	}
	if opt.Within > 0 {
		opt.MaxSteps = min(opt.MaxSteps, opt.Within)
	}
	if opt.Tail <= 0 {
		opt.Tail = 1e-12
	}
	if opt.MaxRationalStates <= 0 {
		opt.MaxRationalStates = DefaultMaxRationalStates
	}
	if opt.MaxRationalSteps <= 0 {
		opt.MaxRationalSteps = DefaultMaxRationalSteps
	}
	return opt
}

// rationalFits refuses exact fractions for a battle whose floating-point
// solve took more than the states or steps allowed for them: the
// rational solve repeats that work over math/big.Rat, whose numerators
// grow to thousands of digits.
func rationalFits(states int, steps int64, opt Options) error {
	const drop = "; drop --rational for the floating-point solution"
	if states > opt.MaxRationalStates {
		return fmt.Errorf("exact: %w: exact fractions for this battle need %d states, more than the %d allowed for --rational%s", ErrBudget, states, opt.MaxRationalStates, drop)
	}
	if steps > opt.MaxRationalSteps {
		return fmt.Errorf("exact: %w: exact fractions for this battle need %d steps of work, more than the %d allowed for --rational%s", ErrBudget, steps, opt.MaxRationalSteps, drop)
	}
	return nil
}

// SolveDoc compiles a scenario document (the ruleset part, as
// rules.Ruleset.Compile receives it) for the exact solver, which accepts
// `policy: optimal`, and solves it.
func SolveDoc(ctx context.Context, n *doc.Node, opt Options) (*rules.Exact, error) {
	c, err := eclipse.CompileExact(n)
	if err != nil {
		return nil, err
	}
	return Solve(ctx, c, opt)
}

// Check returns the error Solve would return for a scenario document
// before its first step, without solving it: the document does not
// compile, its fleet states do not fit the solver's key, or one of its
// volleys alone has more rolls than the step budget. A nil error does not
// promise a solution: the solve may still exceed its budgets.
func Check(n *doc.Node, opt Options) error {
	c, err := eclipse.CompileExact(n)
	if err != nil {
		return err
	}
	opt = opt.withDefaults()
	if err := checkVolleys(c, opt.MaxSteps); err != nil {
		return err
	}
	_, err = newEncoder(c)
	return err
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
	if err := s.backward(); err != nil {
		return err
	}
	return s.forward()
}
