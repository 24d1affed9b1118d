package sim

import (
	"sync"
	"sync/atomic"
)

// Pause holds the workers of a run (Job.Pause) while it is held: each
// stops at its next look at the run's stop — between two trials — and
// waits there until the pause is released or the run stops. A run that
// shares the machine with work that must come first (the workbench's exact
// solve, beside the estimate it replaces) gives that work its cores back
// without ending. When and how long a run was held never changes its
// results: a held worker goes on from the trial it stopped before.
//
// The zero Pause is released. A Pause may be held and released any number
// of times, from any goroutine.
type Pause struct {
	held atomic.Bool // read by every worker every stopPoll trials
	mu   sync.Mutex
	// released is closed when the pause is released; nil while it is.
	released chan struct{}
}

// Hold holds the runs of the pause at their workers' next look.
func (p *Pause) Hold() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.released == nil {
		p.released = make(chan struct{})
	}
	p.held.Store(true)
}

// Release lets the runs of the pause go on.
func (p *Pause) Release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.released != nil {
		p.held.Store(false)
		close(p.released)
		p.released = nil
	}
}

// Held reports whether the pause holds its runs. A nil Pause never does.
func (p *Pause) Held() bool { return p != nil && p.held.Load() }

// wait returns once the pause is released or quit is closed.
func (p *Pause) wait(quit <-chan struct{}) {
	p.mu.Lock()
	released := p.released
	p.mu.Unlock()
	if released == nil {
		return
	}
	select {
	case <-released:
	case <-quit:
	}
}
