package exact

import (
	"time"

	"github.com/crucible-sim/crucible/rules/internal/reuse"
	"github.com/crucible-sim/crucible/rules/rulesfile/enumerate"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// floatChains passes a floating-point chain, with every array and map it
// and its Enumerator grew, on to the next solve, the last one released
// kept for a minute (reuse.Pool). A solve of a few thousand states fills
// a few megabytes of them; when battles are solved one after another
// (claims, sweeps, tune, tests, a server), allocating them again and
// returning them to the system (the runtime's scavenger) took about a
// third of the solve's time, and the collections between two answers
// (the garbage of the rules file's compile among them) emptied a plain
// sync.Pool. Chains in exact fractions are not pooled: their numbers are
// allocated anyway.
var floatChains = reuse.Pool[chain[float64, floats]]{Keep: time.Minute}

// newChain returns an empty chain of model m, the one kept or from the
// pool when the arithmetic is floats and there is one.
func newChain[T any, A arith[T]](m *exactmodel.Model, ar A, opt enumerate.StepOptions, bud *budget) *chain[T, A] {
	var c *chain[T, A]
	if _, ok := any(ar).(floats); ok {
		c, _ = any(floatChains.Get()).(*chain[T, A])
	}
	if c == nil {
		c = &chain[T, A]{termIdx: map[uint64]int32{}}
	}
	c.ar, c.m, c.opt, c.bud = ar, m, opt, bud
	c.nodes.reset(m, opt)
	c.e0, c.to, c.w, c.rnd = c.e0[:0], c.to[:0], c.w[:0], c.rnd[:0]
	c.terms, c.termCtr = c.terms[:0], c.termCtr[:0] // a pooled chain's answers are copied out of it
	clear(c.termIdx)
	c.root, c.rootRounds = 0, 0
	opt.Spend = bud.spend
	if c.enum == nil {
		c.enum = enumerate.NewEnumerator[T, A](m, ar, opt)
	} else {
		c.enum.Reset(m, ar, opt)
	}
	return c
}

// release hands c on to the next solve when it is in floats; c must no
// longer be used, nor anything of it its results did not copy.
func release[T any, A arith[T]](c *chain[T, A]) {
	if c == nil {
		return
	}
	fc, ok := any(c).(*chain[float64, floats])
	if !ok {
		return
	}
	c.m, c.bud = nil, nil
	floatChains.Put(fc)
}
