package game

import (
	"context"
	"errors"
)

// ErrOverBudget says that an analysis spent the operations its Budget
// allows before it finished.
var ErrOverBudget = errors.New("game: the analysis's budget of operations is spent")

// Budget bounds the arithmetic of an analysis: the operations it may spend
// (each roughly a multiply-add of an inner loop: a simplex pivot costs the
// tableau's size, a Newton step its system's), and a context that stops it
// sooner. Operations, not time, so that where an analysis stops does not
// depend on the machine: the same matrix stops at the same place.
//
// A Budget is used by one goroutine at a time. A nil *Budget allows
// everything and cannot be stopped.
type Budget struct {
	ctx   context.Context
	limit int64 // 0: no limit
	spent int64
}

// NewBudget returns a budget of ops operations (0 for no limit) that also
// ends when ctx does.
func NewBudget(ctx context.Context, ops int64) *Budget {
	return &Budget{ctx: ctx, limit: max(ops, 0)}
}

// Limit returns the operations the budget allows (0: no limit).
func (b *Budget) Limit() int64 {
	if b == nil {
		return 0
	}
	return b.limit
}

// Spent returns the operations spent so far.
func (b *Budget) Spent() int64 {
	if b == nil {
		return 0
	}
	return b.spent
}

// spend charges ops operations and returns the context's error once it
// has ended, or ErrOverBudget once the limit is passed.
func (b *Budget) spend(ops int64) error {
	if b == nil {
		return nil
	}
	b.spent += ops
	if err := b.ctx.Err(); err != nil {
		return err
	}
	if b.limit > 0 && b.spent > b.limit {
		return ErrOverBudget
	}
	return nil
}
