package exact

import (
	"context"
	"fmt"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

// The solver's work is counted in steps, each a few tens of nanoseconds,
// so that the step budget bounds the time of a solve as the state budget
// bounds its memory. A battle of few states may still enumerate billions
// of rolls (many dice of many colours against ships of many shields) or
// of damage assignments (the optimal policy); counting only states let
// such a solve run for hours. A step is
//
//   - a roll of a volley enumerated (volleyEnum.leaf), or a node of the
//     optimal policy's search over assignments (assignments.place);
//   - a transition followed from a node (an outcome of its volley, in
//     fire): that is what a node's expansion costs once its volley is in
//     the memo.
//
// The costlier units weigh more: an outcome the engine computes for a
// roll (Resolve, or an optimal assignment applied) weighs engineSteps, a
// node nodeSteps (its expansion, ordering, both passes of the induction).
// Counting is an add and a compare; every so many steps (lookFloat, a few
// milliseconds, or lookRational over math/big.Rat, where a step takes up
// to a tenth of a millisecond) the solver also looks at its context, so a
// cancelled solve stops within tens of milliseconds.
const (
	engineSteps  = 4
	nodeSteps    = 16
	lookFloat    = 1 << 16
	lookRational = 1 << 8
)

// DefaultMaxSteps is the default step budget. A step costs 35 to 100 ns
// of CPU (BenchmarkSolveSteps, bench/exact-budget.txt), so a solve that
// spends the budget takes up to three seconds of one core; the largest
// built-in battle, fleet-mirror-upgraded, takes 4 million steps, and a
// battle at the state budget about 22 million.
const DefaultMaxSteps = 30_000_000

// budget counts a solve's steps against its limit and watches its context.
type budget struct {
	ctx   context.Context
	steps int64
	max   int64
	every int64 // steps between two looks
	next  int64 // the count at which to look again
}

func newBudget(ctx context.Context, max, every int64) budget {
	return budget{ctx: ctx, max: max, every: every, next: min(every, max+1)}
}

// spend counts n steps; its error is the context's, or the budget's once
// more than max steps are spent.
func (b *budget) spend(n int64) error {
	b.steps += n
	if b.steps < b.next {
		return nil
	}
	return b.look()
}

// look returns the context's error, or the budget's when it is spent, and
// otherwise sets when to look next.
func (b *budget) look() error {
	if err := b.ctx.Err(); err != nil {
		return err
	}
	if b.steps > b.max {
		return stepsErr(b.max)
	}
	b.next = min(b.steps+b.every, b.max+1)
	return nil
}

func stepsErr(max int64) error {
	return fmt.Errorf("exact: %w: more than the %d steps of work allowed (a step: a dice roll or damage assignment enumerated, or a transition followed)", ErrBudget, max)
}

// checkVolleys refuses, before the first step, a battle with a volley
// whose rolls alone exceed the step budget: one type's ships all firing
// their cannons (or missiles) at every enemy type, as in the first round.
// Such a battle may have a handful of states (a few ships of many dice of
// many colours against ships of several shields), and enumerating that
// volley would take hours; saying so at once lets `crucible validate`
// find it without solving.
func checkVolleys(c *eclipse.Compiled, max int64) error {
	var st eclipse.State
	initial := false
	for t := range c.Types {
		ty := &c.Types[t]
		// The rolls grow with the classes of faces, at most one per face:
		// a type whose volleys fit with six need not find its classes
		// (a duel's never do).
		if volleyRolls(ty.Cannon, ty.Count, 6) <= float64(max) && volleyRolls(ty.Missile, ty.Count, 6) <= float64(max) {
			continue
		}
		if !initial {
			c.Initial(&st)
			initial = true
		}
		_, nq := faceClassesOf(c, t, c.EnemyMask(&st, t))
		for _, v := range []struct {
			dice eclipse.Dice
			kind string
		}{{ty.Cannon, "cannon"}, {ty.Missile, "missile"}} {
			if rolls := volleyRolls(v.dice, ty.Count, nq); rolls > float64(max) {
				return fmt.Errorf("exact: %w: one volley of %d %s (%d %s dice over %d classes of faces) has %.3g rolls to enumerate, more than the %d steps of work allowed",
					ErrBudget, ty.Count, ty.Name, ty.Count*v.dice.Total(), v.kind, nq, rolls, max)
			}
		}
	}
	return nil
}

// volleyRolls is the number of rolls a volley of n ships with dice d per
// ship enumerates over nq face classes: per colour, the ways to spread its
// dice over the classes, C(dice + nq − 1, nq − 1); their product over the
// colours. It is a float64, which does not overflow where an integer would.
func volleyRolls(d eclipse.Dice, n, nq int) float64 {
	rolls := 1.0
	for col := range d {
		dice := n * int(d[col])
		for k := 1; k < nq && dice > 0; k++ {
			rolls *= float64(dice+k) / float64(k)
		}
	}
	return rolls
}
