package workbench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sync"
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

// tabID is the form of a tab's id.
var tabID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// heartbeat is how often an idle event stream sends a comment, so that a
// closed tab is noticed even when no job writes to it.
const heartbeat = 15 * time.Second

// events is a tab's event stream (server-sent events). Opening it makes the
// tab known; a second stream of the same id replaces the first, whose jobs
// end; closing it ends the tab's jobs.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("tab")
	if !tabID.MatchString(id) {
		fail(w, fmt.Errorf("tab %q: allowed: 1 to 64 letters, digits, - and _", id))
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		fail(w, refuse(http.StatusInternalServerError, "this connection cannot stream events"))
		return
	}
	// The stream lasts as long as its tab: the server's read and write
	// timeouts, meant for requests and answers, do not apply to it.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	ctx, cancel := context.WithCancel(r.Context())
	t := &tab{id: id, ctx: ctx, events: make(chan event, 16), jobs: map[int64]*job{}}
	s.mu.Lock()
	if old := s.tabs[id]; old != nil {
		old.cancelAll()
	}
	s.tabs[id] = t
	s.mu.Unlock()
	defer func() {
		cancel()
		t.cancelAll()
		s.mu.Lock()
		if s.tabs[id] == t {
			delete(s.tabs, id)
		}
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "event: hello\ndata: {\"tab\":%q}\n\n", id)
	flusher.Flush()
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-beat.C:
			fmt.Fprint(w, ": still here\n\n")
		case ev := <-t.events:
			if mark, ok := ev.data.(flushMark); ok {
				close(mark)
				continue
			}
			b, err := json.Marshal(ev.data)
			if err != nil {
				b, _ = json.Marshal(map[string]string{"error": err.Error()})
			}
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.kind, b)
		}
		flusher.Flush()
	}
}

// tabOf returns the tab of a request's id, whose event stream must be open.
func (s *Server) tabOf(id string) (*tab, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tabs[id]
	if t == nil {
		return nil, refuse(http.StatusConflict, "tab %q has no event stream open: the page opens /api/events?tab=ID first", id)
	}
	return t, nil
}

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
