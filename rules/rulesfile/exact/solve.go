package exact

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/rules/rulesfile/enumerate"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// Default budgets.
const (
	// DefaultMaxStates bounds the nodes of the chain (about 200 bytes
	// each with their edges).
	DefaultMaxStates = 1_000_000
	// DefaultMaxSteps bounds the work, a few seconds of one core.
	DefaultMaxSteps = 50_000_000
	// DefaultMaxRationalStates and DefaultMaxRationalSteps bound a solve
	// in exact fractions, whose numbers grow to thousands of digits.
	DefaultMaxRationalStates = 20_000
	DefaultMaxRationalSteps  = 2_000_000
)

// Options control a solve.
type Options struct {
	// MaxStates and MaxSteps bound the solve; 0 takes the defaults.
	MaxStates int
	MaxSteps  int64
	// Rational also computes exact fractions, within MaxRationalStates
	// and MaxRationalSteps (0: the defaults).
	Rational          bool
	MaxRationalStates int
	MaxRationalSteps  int64
	// Tail ends the rounds distribution once less than this mass is left;
	// 0 means 1e-12.
	Tail float64
	// Within, if not 0, bounds every step of the solve together, its
	// tries, rounds distribution and fractions included, as
	// rules.WorkBounded asks; MaxSteps bounds each try, for itself.
	Within int64
}

func (o Options) withDefaults() Options {
	if o.MaxStates <= 0 {
		o.MaxStates = DefaultMaxStates
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	if o.MaxRationalStates <= 0 {
		o.MaxRationalStates = DefaultMaxRationalStates
	}
	if o.MaxRationalSteps <= 0 {
		o.MaxRationalSteps = DefaultMaxRationalSteps
	}
	if o.Tail <= 0 {
		o.Tail = 1e-12
	}
	return o
}

// SolveDoc compiles a scenario document whose rules file is under
// `rules` (as the loader gives it) and solves it.
func SolveDoc(ctx context.Context, n *doc.Node, opt Options) (*rules.Exact, error) {
	m, err := model(n)
	if err != nil {
		return nil, err
	}
	return Solve(ctx, m, opt)
}

// Check returns the error SolveDoc would return before its first step:
// the document does not compile, its rules file has what the solver does
// not follow (rulesfile.UnsupportedError names it), or a volley of its
// dice alone is beyond the work budget.
func Check(n *doc.Node, opt Options) error {
	m, err := model(n)
	if err != nil {
		return err
	}
	return checkVolleys(m, opt.withDefaults().MaxSteps)
}

// checkVolleys refuses, before the first step, a battle one of whose
// volleys has more outcomes to count than the step budget: a few units of
// many dice may make a handful of states and take hours.
func checkVolleys(m *exactmodel.Model, maxSteps int64) error {
	if n, what := m.LargestVolley(); n > float64(maxSteps) {
		return fmt.Errorf("exact: %w: %s has up to %.3g outcomes to count, more than the %d steps of work allowed", ErrBudget, what, n, maxSteps)
	}
	return nil
}

func model(n *doc.Node) (*exactmodel.Model, error) {
	b, err := rulesfile.Compile(n)
	if err != nil {
		return nil, err
	}
	return b.Model()
}

// Solve solves a model.
func Solve(ctx context.Context, m *exactmodel.Model, opt Options) (*rules.Exact, error) {
	opt = opt.withDefaults()
	if err := checkVolleys(m, stepsAllowed(opt.MaxSteps, opt.Within)); err != nil {
		return nil, err
	}
	c, comps, fl, notes, err := solveIn(ctx, m, floats{}, opt.MaxStates, opt.MaxSteps, lookFloat, nil, opt.Within)
	if err != nil {
		return nil, err
	}
	defer release(c) // the answer copies what it needs of c
	sh := gather(c, fl)
	dist, rest, err := roundsDist(c, opt.Tail)
	if err != nil {
		return nil, err
	}
	_ = comps
	work := c.bud.work()
	var rat *shares[*big.Rat]
	if opt.Rational {
		if c.nodes.len() > opt.MaxRationalStates {
			return nil, fmt.Errorf("exact: %w: exact fractions for this battle need %d states, more than the %d allowed for --rational; drop --rational for the floating-point solution", ErrBudget, c.nodes.len(), opt.MaxRationalStates)
		}
		within := int64(0)
		if opt.Within > 0 {
			within = max(opt.Within-work, 1)
		}
		rc, _, rfl, _, err := solveIn(ctx, m, rats{}, opt.MaxRationalStates, opt.MaxRationalSteps, lookRational, &c.opt, within)
		if err != nil {
			if errors.Is(err, ErrBudget) {
				err = fmt.Errorf("%w; drop --rational for the floating-point solution", err)
			}
			return nil, err
		}
		work += rc.bud.work()
		rat = gather(rc, rfl)
	}
	res := exactOf(c, sh, rat, dist, rest, append(notes, m.Notes()...))
	res.Work = work
	return res, nil
}

// stepsAllowed is the most steps one try of a solve may take: maxSteps,
// or within when that is less (within 0: no bound beyond maxSteps).
func stepsAllowed(maxSteps, within int64) int64 {
	if within > 0 {
		return min(maxSteps, within)
	}
	return maxSteps
}

// solveIn explores and solves the chain in arithmetic ar: first without
// the round cap, then, when the cap may act (capbound.go), with every
// round recorded; mode, when given, is the way a solve before it settled.
// Each try may take maxSteps steps; within, if not 0, bounds the steps of
// all the tries together (and what the returned chain's budget spends
// after, its rounds distribution), counting those of the tries that did
// not settle.
func solveIn[T any, A arith[T]](ctx context.Context, m *exactmodel.Model, ar A, maxStates int, maxSteps, look int64, mode *enumerate.StepOptions, within int64) (*chain[T, A], [][]int32, *flow[T], []string, error) {
	sat, read := m.RoundSaturation()
	free := enumerate.StepOptions{RoundTrack: sat}
	capped := enumerate.StepOptions{RoundTrack: int32(m.Cap()), Cap: true}
	tries := []enumerate.StepOptions{free, capped}
	switch {
	case mode != nil:
		tries = []enumerate.StepOptions{*mode}
	case read:
		tries = tries[1:]
	}
	var lastErr error
	prior := int64(0)
	for _, opt := range tries {
		allowed := maxSteps
		if within > 0 {
			allowed = min(maxSteps, within-prior)
			if allowed <= 0 {
				return nil, nil, nil, nil, stepsErr(within)
			}
		}
		bud := newBudget(ctx, allowed, maxStates, look)
		bud.prior = prior
		c, err := explore(m, ar, opt, bud)
		prior += bud.steps
		if errors.Is(err, enumerate.ErrNoProgress) {
			lastErr = err
			continue
		}
		if err != nil {
			return nil, nil, nil, nil, err
		}
		comps := c.components()
		var notes []string
		if !opt.Cap && mode == nil {
			ok, note := c.capVerdict(comps)
			if !ok {
				release(c)
				continue
			}
			if note != "" {
				notes = append(notes, note)
			}
		}
		fl, err := c.solveFlow(comps)
		if err != nil {
			release(c)
			return nil, nil, nil, nil, err
		}
		return c, comps, fl, notes, nil
	}
	if lastErr == nil {
		lastErr = errors.New("exact: no way to solve the battle")
	}
	return nil, nil, nil, nil, lastErr
}

// registered makes the solver reachable through rules.LookupSolver for
// every rules file.
type registered struct{}

func init() { rules.RegisterSolver(rulesfile.ID, registered{}) }

func (registered) Solve(ctx context.Context, n *doc.Node, rational bool) (*rules.Exact, error) {
	return SolveDoc(ctx, n, Options{Rational: rational})
}

// SolveWithin implements rules.WorkBounded: its unit of work is a step
// (budget.go), which Exact.Work counts for the whole solve: its tries,
// its rounds distribution and its fractions. A command solving beside
// what it was asked (exact's unasked policy spread) so spends on a
// costly policy no more than the asked solve took, where MaxSteps alone
// would let a random targeting policy run for tens of seconds before
// refusing.
func (registered) SolveWithin(ctx context.Context, n *doc.Node, rational bool, maxWork int64) (*rules.Exact, error) {
	return SolveDoc(ctx, n, Options{Rational: rational, Within: maxWork})
}

func (registered) Check(n *doc.Node) error { return Check(n, Options{}) }

// explore builds the chain of model m from its start, breadth first.
func explore[T any, A arith[T]](m *exactmodel.Model, ar A, opt enumerate.StepOptions, bud *budget) (*chain[T, A], error) {
	c := newChain(m, ar, opt, bud)
	var err error
	if e := c.enum.Root(func(_ T, o *enumerate.Outcome) {
		c.root, err = c.target(o)
		c.rootRounds = int32(o.Rounds)
	}); e != nil {
		return nil, e
	}
	if err != nil {
		return nil, err
	}
	for i := 0; i < c.nodes.len(); i++ {
		if err := c.expand(int32(i)); err != nil {
			return nil, err
		}
	}
	c.e0 = append(c.e0, int32(len(c.to)))
	return c, nil
}
