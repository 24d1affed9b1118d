package workbench

import (
	"sync"
	"time"

	"github.com/crucible-sim/crucible/sim"
)

// yielding orders an odds job's two pieces of work on a machine of few
// cores. The Monte Carlo run goes first, alone: the first number on the
// page is its first estimate. The solve begins once that estimate is sent
// (or the run ended without one, or beginAtMost passed: on a machine so
// busy that the estimate waits for a core, the solve waits no longer than
// that), and from then until the exact shares are
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
	// first is closed when the solve may begin (begun).
	first chan struct{}
	mu    sync.Mutex
	begun bool
	// estimated says that the first estimate was sent.
	estimated bool
	// done says that the shares were sent, or will not be: the run is
	// never held again.
	done bool
	// timer lets the run go on atMost after it was held; begin lets the
	// solve begin beginAtMost after the job started.
	timer, begin *time.Timer
}

// holdAtMost is the longest an odds job's run waits for its exact shares
// (a server's holdAtMost, which a test may lengthen); beginAtMost the
// longest its solve waits for the first estimate.
const (
	holdAtMost  = time.Second
	beginAtMost = 30 * time.Millisecond
)

// newYielding returns the yielding of a job that starts now.
func newYielding(atMost time.Duration) *yielding {
	y := &yielding{atMost: atMost, first: make(chan struct{})}
	y.mu.Lock() // the timer may fire before it is kept, on a busy machine
	defer y.mu.Unlock()
	y.begin = time.AfterFunc(beginAtMost, y.ended)
	return y
}

// sent is told that an estimate was sent: after the first, the solve
// begins and the run is held, unless the shares came first (a cached
// answer).
func (y *yielding) sent() {
	y.mu.Lock()
	defer y.mu.Unlock()
	if y.estimated {
		return
	}
	y.estimated = true
	y.beginSolve()
	if !y.done {
		y.pause.Hold()
		y.timer = time.AfterFunc(y.atMost, y.answered)
	}
}

// ended is told that the run ended, or that beginAtMost passed: the solve
// begins, if it has not.
func (y *yielding) ended() {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.beginSolve()
}

func (y *yielding) beginSolve() {
	if !y.begun {
		y.begun = true
		y.begin.Stop()
		close(y.first)
	}
}

// answered lets the run go on for good: the shares were sent, the solve
// ended without them, or the job ends.
func (y *yielding) answered() {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.done = true
	y.begin.Stop()
	if y.timer != nil {
		y.timer.Stop()
	}
	y.pause.Release()
}
