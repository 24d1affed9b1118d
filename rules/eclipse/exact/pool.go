package exact

import (
	"time"

	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/internal/reuse"
)

// solvers passes a floating-point solver, with every array, map and table
// it grew, on to the next solve, the last one released kept for a minute
// (reuse.Pool). A battle of tens of thousands of nodes fills about 10 MB
// of arrays; when battles are solved one after another (claims, sweeps,
// tests, a server), allocating, zeroing, copying them on growth and
// collecting them again took about a fifth of the solve time, and a
// duel's solve is all fixed costs, of which the fifty-odd small
// allocations of a fresh solver were a quarter. In the workbench a
// designer's next edit comes seconds after the last, and the Monte Carlo
// estimates between them ran collections that emptied a plain sync.Pool:
// every exact answer was a cold solve, fleet-mirror-upgraded's 0.40 s
// against 0.12 s warm (130 MB of fresh pages, mostly faulted in by the
// kernel). A minute covers a designer's pause.
var solvers = reuse.Pool[solver[float64, floats]]{Keep: time.Minute}

// floatSolver returns a floating-point solver ready to solve c, from the
// pool when it holds one.
func floatSolver(c *eclipse.Compiled, opt Options, bud budget) (*solver[float64, floats], error) {
	s := solvers.Get()
	if s == nil {
		s = new(solver[float64, floats])
	}
	if err := s.reset(c, opt, bud); err != nil {
		return nil, err
	}
	return s, nil
}

// release hands s on to the next solve; s must no longer be used, nor
// anything its results did not copy. It lets go of the battle and the
// context, so that the pool holds arrays only.
func release(s *solver[float64, floats]) {
	s.c, s.enc.c, s.bud = nil, nil, budget{}
	solvers.Put(s)
}
