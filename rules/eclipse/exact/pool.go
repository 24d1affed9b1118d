package exact

import (
	"sync"

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

// floatSolver returns a floating-point solver ready to solve c, from the
// pool when it holds one.
func floatSolver(c *eclipse.Compiled, opt Options, bud budget) (*solver[float64, floats], error) {
	s, _ := solvers.Get().(*solver[float64, floats])
	if s == nil {
		s = new(solver[float64, floats])
	}
	if err := s.reset(c, opt, bud); err != nil {
		return nil, err
	}
	return s, nil
}

// release puts s back in the pool; s must no longer be used, nor anything
// its results did not copy. It lets go of the battle and the context, so
// that the pool holds arrays only.
func release(s *solver[float64, floats]) {
	s.c, s.enc.c, s.bud = nil, nil, budget{}
	solvers.Put(s)
}
