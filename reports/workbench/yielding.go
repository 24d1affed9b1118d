package workbench

import (
	"sync"
	"time"

	"github.com/crucible-sim/crucible/sim"
)

// yielding holds an odds job's Monte Carlo run (its Pause) from the first
// estimate the page is sent until the exact shares are sent, or will not
// be: the solve then has a core of its own and the page's drawing the
// other, instead of both sharing two cores with the run's worker (which
// on two cores made fleet-mirror-upgraded's shares take twice as long,
// bench/serve.txt). Before its first estimate the run is never held — the
// first number on the page comes from it — and the estimate's numbers for a
// seed are the same however long it was held (sim.Pause).
//
// A solve that takes longer than atMost is a large one, whose estimate
// the designer watches tightening meanwhile: the run is let go on then.
type yielding struct {
	pause sim.Pause
	mu    sync.Mutex
	// done says that the shares were sent, or will not be: the run is
	// never held again.
	done bool
	// timer lets the run go on atMost after it was first held.
	timer  *time.Timer
	atMost time.Duration
}

// holdAtMost is the longest an odds job's run waits for its exact shares
// (a server's holdAtMost, which a test may lengthen).
const holdAtMost = time.Second

// estimated holds the run after an estimate was sent, unless the shares
// came first.
func (y *yielding) estimated() {
	y.mu.Lock()
	defer y.mu.Unlock()
	if y.done || y.timer != nil { // held once at most
		return
	}
	y.pause.Hold()
	y.timer = time.AfterFunc(y.atMost, y.answered)
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
