package workbench

import (
	"context"
	"regexp"
	"sync"
	"sync/atomic"
	"time"
)

// tab is one open page of the workbench, known by the id the page chose.
// Its jobs report on its event stream and end when the stream closes: a
// closed tab leaves no work behind.
type tab struct {
	id string
	// ctx ends when the tab's event stream closes.
	ctx    context.Context
	events chan event
	mu     sync.Mutex
	jobs   map[int64]*job
	odds   *job // the job of the page's live odds, replaced on each edit
}

// event is one message of a tab's stream: its kind (the SSE event name)
// and its JSON data; or, when its data is a flushMark, not a message but
// the mark tab.flush waits for.
type event struct {
	kind string
	data any
}

// flushMark is closed once every event before it is on the wire.
type flushMark chan struct{}

var tabID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// heartbeat is how often an idle event stream sends a comment, so that a
// closed tab is noticed even when no job writes to it.
const heartbeat = 15 * time.Second

// send puts ev on the tab's stream, unless the tab has closed.
func (t *tab) send(ev event) {
	select {
	case t.events <- ev:
	case <-t.ctx.Done():
	}
}

// flush waits until every event sent to the tab so far is on the wire, or
// the tab has closed.
func (t *tab) flush() {
	mark := make(flushMark)
	t.send(event{data: mark})
	select {
	case <-mark:
	case <-t.ctx.Done():
	}
}

// cancelAll cancels every job of the tab.
func (t *tab) cancelAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, j := range t.jobs {
		j.cancel(nil)
	}
}

// job is one piece of work a tab asked for.
type job struct {
	id     int64
	cancel context.CancelCauseFunc
	done   chan struct{}
	// trials counts the trials the job has begun, against MaxTrials.
	trials atomic.Int64
}
