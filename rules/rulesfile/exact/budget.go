package exact

import (
	"context"
	"fmt"

	"github.com/crucible-sim/crucible/rules"
)

// A solve's work is counted in steps, so that the step budget bounds its
// time as the state budget bounds its memory. A step is a configuration
// a step of the battle reaches (an outcome of its dice, a hit resolved,
// an effect run, a partial volley counted), an edge of the chain, or the
// sweep of the rounds distribution visiting a node; a node weighs
// nodeSteps. Every lookFloat steps (lookRational over math/big.Rat,
// whose steps cost a hundred times more) the solve looks at its context,
// so a cancelled solve stops within milliseconds.
const (
	nodeSteps    = 16
	lookFloat    = 1 << 12
	lookRational = 1 << 6
)

// budget counts a solve's steps against its limit, bounds its states and
// watches its context.
type budget struct {
	ctx context.Context
	// prior is the steps of the tries before this one (solveIn), which
	// Exact.Work counts with steps.
	prior     int64
	steps     int64
	max       int64
	maxStates int
	every     int64 // steps between two looks
	next      int64
}

func newBudget(ctx context.Context, maxSteps int64, maxStates int, every int64) *budget {
	return &budget{ctx: ctx, max: maxSteps, maxStates: maxStates, every: every, next: min(every, maxSteps+1)}
}

// spend counts n steps; its error is the context's, or the budget's once
// more than max steps are spent.
func (b *budget) spend(n int64) error {
	b.steps += n
	if b.steps < b.next {
		return nil
	}
	if err := b.ctx.Err(); err != nil {
		return err
	}
	if b.steps > b.max {
		return stepsErr(b.max)
	}
	b.next = min(b.steps+b.every, b.max+1)
	return nil
}

// stepsErr is the refusal of a solve past limit steps.
func stepsErr(limit int64) error {
	return fmt.Errorf("exact: %w: more than the %d steps of work allowed (a step: an outcome of a roll, a hit resolved or an effect run, followed once)", ErrBudget, limit)
}

// work is every step the solve spent: this try's and the tries' before.
func (b *budget) work() int64 { return b.prior + b.steps }

func (b *budget) statesErr() error {
	return fmt.Errorf("exact: %w: more than the %d states allowed (a state: a step of the battle to play, and the units' hit points and tracks)", ErrBudget, b.maxStates)
}

// ErrBudget is wrapped by the error a solve returns beyond its budgets.
var ErrBudget = rules.ErrBudget
