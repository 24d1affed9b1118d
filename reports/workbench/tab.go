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
	jobs   map[int]*job
	odds   *job // the job of the page's live odds, replaced on each edit
	seq    int
}

// job is one piece of work a tab asked for.
type job struct {
	id     int
	cancel context.CancelFunc
	done   chan struct{}
}

// event is one message of a tab's stream: its kind (the SSE event name)
// and its JSON data.
type event struct {
	kind string
	data any
}

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
	ctx, cancel := context.WithCancel(r.Context())
	t := &tab{id: id, ctx: ctx, events: make(chan event, 16), jobs: map[int]*job{}}
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

// cancelAll cancels every job of the tab.
func (t *tab) cancelAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, j := range t.jobs {
		j.cancel()
	}
}

// start runs work as a job of the tab, if the caps allow one more: the
// tab's (MaxTabJobs) and the server's (MaxJobs). The job's context ends
// with the tab, or when the job is cancelled; a panic in work becomes the
// job's error event.
func (s *Server) start(t *tab, work func(ctx context.Context, j *job)) (*job, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ctx.Err() != nil {
		return nil, refuse(http.StatusConflict, "tab %q has closed", t.id)
	}
	if len(t.jobs) >= s.cfg.MaxTabJobs {
		return nil, refuse(http.StatusTooManyRequests, "this tab already runs %d jobs, the most a tab may run at once (crucible serve --max-tab-jobs): stop one first", len(t.jobs))
	}
	select {
	case s.slots <- struct{}{}:
	default:
		return nil, refuse(http.StatusServiceUnavailable, "the server already runs %d jobs, the most it runs at once (crucible serve --max-jobs): try again when one ends", s.cfg.MaxJobs)
	}
	t.seq++
	ctx, cancel := context.WithCancel(t.ctx)
	j := &job{id: t.seq, cancel: cancel, done: make(chan struct{})}
	t.jobs[j.id] = j
	go func() {
		defer func() {
			if v := recover(); v != nil {
				t.failed(j, fmt.Errorf("internal error: %v", v))
			}
			cancel()
			t.mu.Lock()
			delete(t.jobs, j.id)
			t.mu.Unlock()
			<-s.slots
			close(j.done)
		}()
		work(ctx, j)
	}()
	return j, nil
}

// stop cancels every job of a tab (the page's stop button).
func (s *Server) stop(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Tab string `json:"tab"`
	}
	t, ok := s.decodeOfTab(w, r, &req, &req.Tab)
	if !ok {
		return
	}
	t.cancelAll()
	reply(w, map[string]bool{"stopped": true})
}
