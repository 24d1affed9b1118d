package exact

import (
	"sync"
	"time"

	"github.com/crucible-sim/crucible/rules/eclipse"
)

// solvers passes a floating-point solver, with every array, map and table
// it grew, on to the next solve. A battle of tens of thousands of nodes
// fills about 10 MB of arrays; when battles are solved one after another
// (claims, sweeps, tests, a server), allocating, zeroing, copying them on
// growth and collecting them again took about a fifth of the solve time.
// A duel's solve is all fixed costs, and the fifty-odd small allocations
// of a fresh solver were a quarter of it. The pool drops what it holds at
// garbage collections, so a lone solve's arrays do not outlive it for
// long.
var solvers sync.Pool // of *solver[float64, floats]

// keepFor is how long the last solver released stays out of the pool's
// reach. In the workbench a designer's next edit comes seconds after the
// last, and the Monte Carlo estimates between them run collections that
// empty the pool: every exact answer was a cold solve, fleet-mirror-upgraded's
// 0.40 s against 0.12 s warm (130 MB of fresh pages, mostly faulted in by the
// kernel). A minute covers a designer's pause; after it the arrays go back
// to the pool, which drops them at collections as before.
const keepFor = time.Minute

// kept holds at most one solver strongly for keepFor after its release.
var kept struct {
	sync.Mutex
	s   *solver[float64, floats]
	gen uint64 // moved at every keep, so a stale timer lets a newer solver be
}

// floatSolver returns a floating-point solver ready to solve c, from the
// pool when it holds one.
func floatSolver(c *eclipse.Compiled, opt Options, bud budget) (*solver[float64, floats], error) {
	kept.Lock()
	s := kept.s
	kept.s = nil
	kept.Unlock()
	if s == nil {
		s, _ = solvers.Get().(*solver[float64, floats])
	}
	if s == nil {
		s = new(solver[float64, floats])
	}
	if err := s.reset(c, opt, bud); err != nil {
		return nil, err
	}
	return s, nil
}

// release keeps s for the next solve, or puts it back in the pool; s must no longer be used, nor anything
// its results did not copy. It lets go of the battle and the context, so
// that the pool holds arrays only.
func release(s *solver[float64, floats]) {
	s.c, s.enc.c, s.bud = nil, nil, budget{}
	kept.Lock()
	defer kept.Unlock()
	if kept.s != nil {
		solvers.Put(s)
		return
	}
	kept.s = s
	kept.gen++
	gen := kept.gen
	time.AfterFunc(keepFor, func() { unkeep(gen) })
}

// unkeep hands the kept solver to the pool if it is still the one kept
// at gen.
func unkeep(gen uint64) {
	kept.Lock()
	defer kept.Unlock()
	if kept.gen == gen && kept.s != nil {
		solvers.Put(kept.s)
		kept.s = nil
	}
}
