package workbench

import (
	"sync"
	"time"

	"github.com/crucible-sim/crucible/sim"
)

// yielding orders an odds job's two pieces of work on a machine of few
// cores. The Monte Carlo run goes first, alone: the first number on the
// page is its first estimate. The solve begins once that estimate is sent
// (or the run ended without one), and from then until the exact shares are
// sent, or will not be, the run is held (its Pause): the solve has a core
// of its own and the page's drawing the other, instead of the three
// sharing two cores (on two, the run's worker made fleet-mirror-upgraded's
// shares take about twice as long; bench/serve.txt). The estimate's
// numbers for a seed are the same however long the run was held
// (sim.Pause).
//
// A solve that takes longer than atMost is a large one, whose estimate
// the designer watches tightening meanwhile: the run is let go on then.
type yielding struct {
	pause  sim.Pause
	atMost time.Duration
	// first is closed when the first estimate was sent or the run ended
	// (begun): the solve may begin.
	first chan struct{}
	mu    sync.Mutex
	begun bool
	// done says that the shares were sent, or will not be: the run is
	// never held again.
	done bool
	// timer lets the run go on atMost after it was held.
	timer *time.Timer
}

// holdAtMost is the longest an odds job's run waits for its exact shares
// (a server's holdAtMost, which a test may lengthen).
const holdAtMost = time.Second

func newYielding(atMost time.Duration) *yielding {
	return &yielding{atMost: atMost, first: make(chan struct{})}
}

// estimated is told that an estimate was sent: after the first, the solve
// begins and the run is held, unless the shares came first (a cached
// answer).
func (y *yielding) estimated() {
	y.mu.Lock()
	defer y.mu.Unlock()
	if y.begun {
		return
	}
	y.begun = true
	close(y.first)
	if !y.done {
		y.pause.Hold()
		y.timer = time.AfterFunc(y.atMost, y.answered)
	}
}

// ended is told that the run ended: the solve begins, if it has not.
func (y *yielding) ended() {
	y.mu.Lock()
	defer y.mu.Unlock()
	if !y.begun {
		y.begun = true
		close(y.first)
	}
}

// answered lets the run go on for good: the shares were sent, the solve
// ended without them, or the job ends.
func (y *yielding) answered() {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.done = true
	if y.timer != nil {
		y.timer.Stop()
	}
	y.pause.Release()
}
