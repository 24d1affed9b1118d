package workbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"

	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// ticket is what every request for a job carries: the tab that asks and
// the id the page gave the job, which every event of the job carries. The
// page numbers its jobs before it asks for them, so that it knows each
// event it is sent as its own, even one that arrives before the answer to
// the request (a job may finish first: an exact tune takes milliseconds).
type ticket struct {
	Tab string `json:"tab"`
	Job int64  `json:"job"`
}

// jobRequest is what a request for a job on the page's scenario carries:
// its ticket, the scenario, and the seed and trials.
type jobRequest struct {
	ticket
	edit
	Seed seed `json:"seed"`
	// Trials is the run's count; 0 takes the scenario's (its trials field,
	// else analysis.DefaultTrials).
	Trials int64 `json:"trials"`
}

// jobOf reads a job's request into req (whose jobRequest is base) and
// returns the tab that asks and the page's scenario; ok is false when the
// request was answered with an error instead.
func (s *Server) jobOf(w http.ResponseWriter, r *http.Request, req any, base *jobRequest) (t *tab, sc *scenarios.Scenario, ok bool) {
	t, ok = s.decodeOfTab(w, r, req, &base.ticket)
	if !ok {
		return nil, nil, false
	}
	sc, err := s.load(base.edit)
	if err != nil {
		fail(w, err)
		return nil, nil, false
	}
	return t, sc, true
}

// maxJobID is the largest job id: a JavaScript number holds every integer
// up to 2^53 exactly.
const maxJobID = 1 << 53

// errTrialCap is the cause of a job's end when its next stage would fight
// more than MaxTrials trials in all.
var errTrialCap = errors.New("the trial cap")

// start runs work as job id of the tab, if the caps allow one more: the
// tab's (MaxTabJobs) and the server's (MaxJobs). The job's context ends
// with the tab, or when the job is cancelled; a panic in work becomes the
// job's error event. Unless the server answers after its jobs (a test's
// setting), start returns as soon as the job runs.
func (s *Server) start(t *tab, id int64, work func(ctx context.Context, j *job)) (*job, error) {
	j, ctx, err := s.admit(t, id)
	if err != nil {
		return nil, err
	}
	s.running.Add(1)
	go func() {
		defer s.running.Done()
		defer func() {
			if v := recover(); v != nil {
				s.cfg.Log.Printf("crucible serve: job %d: internal error: %v\n%s", j.id, v, debug.Stack())
				t.failed(j, fmt.Errorf("internal error: %v", v))
			}
			j.cancel(nil)
			t.mu.Lock()
			delete(t.jobs, j.id)
			t.mu.Unlock()
			<-s.slots
			close(j.done)
		}()
		work(ctx, j)
	}()
	if s.answerAfterJobs {
		<-j.done
		t.flush()
	}
	return j, nil
}

// admit registers job id of the tab and takes its slot, or says which cap
// refuses it.
func (s *Server) admit(t *tab, id int64) (*job, context.Context, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ctx.Err() != nil:
		return nil, nil, refuse(http.StatusConflict, "tab %q has closed", t.id)
	case id < 1 || id > maxJobID:
		return nil, nil, fmt.Errorf("job %d: allowed: an integer from 1 to %d, which the page chooses", id, int64(maxJobID))
	case t.jobs[id] != nil:
		return nil, nil, refuse(http.StatusConflict, "job %d already runs in this tab: the page numbers each job anew", id)
	case len(t.jobs) >= s.cfg.MaxTabJobs:
		return nil, nil, refuse(http.StatusTooManyRequests, "this tab already runs %d jobs, the most a tab may run at once (crucible serve --max-tab-jobs): stop one first", len(t.jobs))
	}
	select {
	case s.slots <- struct{}{}:
	default:
		return nil, nil, s.busy()
	}
	ctx, cancel := context.WithCancelCause(t.ctx)
	j := &job{id: id, cancel: cancel, done: make(chan struct{})}
	t.jobs[id] = j
	return j, ctx, nil
}

// stop cancels every job of a tab (the page's stop button).
func (s *Server) stop(w http.ResponseWriter, r *http.Request) {
	var req ticket
	t, ok := s.decodeOfTab(w, r, &req, &req)
	if !ok {
		return
	}
	t.cancelAll()
	reply(w, map[string]bool{"stopped": true})
}

// failed tells the tab that job j failed with err.
func (t *tab) failed(j *job, err error) {
	t.send(event{"failed", map[string]any{"job": j.id, "error": err.Error()}})
}

// progress returns the Progress that announces each stage of job j on the
// tab's stream as an event of the given kind, and keeps the job within
// MaxTrials: a stage that would take the job's trials past it is not
// begun, and the job ends as if stopped (capped tells).
func (s *Server) progress(t *tab, j *job, kind string) analysis.Progress {
	return func(st analysis.Stage) (func(int64), func()) {
		if n := st.Trials - st.Done; j.trials.Add(n) > s.cfg.MaxTrials || n < 0 {
			j.cancel(errTrialCap)
		}
		t.send(event{kind, map[string]any{"job": j.id, "name": st.Name, "step": st.Step, "steps": st.Steps, "trials": st.Trials}})
		return nil, func() {}
	}
}

// capped returns, for a job that ended early, why: the cap's words when
// the job reached MaxTrials, "" when it was stopped or its tab closed.
func (s *Server) capped(ctx context.Context) string {
	if context.Cause(ctx) == errTrialCap {
		return fmt.Sprintf("stopped before its next stage: the job would fight more than %d trials, the most the workbench fights a job (crucible serve --max-trials)", s.cfg.MaxTrials)
	}
	return ""
}

// unfinished is the error of a job that needs all its work done and
// ended with err: when err is an interruption, the trial cap's words if
// the cap stopped it, else the stop's, stopped; else err itself.
func (s *Server) unfinished(ctx context.Context, err error, stopped string) error {
	if !analysis.Interrupted(err) {
		return err
	}
	if why := s.capped(ctx); why != "" {
		return errors.New(why)
	}
	return errors.New(stopped)
}

// tooMany is the refusal of a job of more than MaxTrials trials.
func (s *Server) tooMany(what string, args ...any) error {
	return refuse(http.StatusBadRequest, what+": the workbench fights at most %d trials a job (crucible serve --max-trials)", append(args, s.cfg.MaxTrials)...)
}

// answer returns the event that brings a job's result, for the page to
// draw and a test to hold against the command line: the result as the
// command's --format json writes it, the words its table leads with, the
// table itself, and the command that prints them.
func answer(j *job, cmd command, writeJSON func(io.Writer) error, words []string, writeText func(io.Writer) error) (map[string]any, error) {
	var js, text bytes.Buffer
	if err := writeJSON(&js); err != nil {
		return nil, err
	}
	ev := map[string]any{"job": j.id, "result": json.RawMessage(js.Bytes()), "words": words, "command": cmd}
	if writeText != nil {
		if err := writeText(&text); err != nil {
			return nil, err
		}
		ev["text"] = text.String()
	}
	return ev, nil
}

// decodeOfTab decodes a request of a tab into v, whose ticket tk names the
// tab once decoded, and returns the tab; or answers the error and returns
// false.
func (s *Server) decodeOfTab(w http.ResponseWriter, r *http.Request, v any, tk *ticket) (*tab, bool) {
	if err := s.decode(w, r, v); err != nil {
		fail(w, err)
		return nil, false
	}
	t, err := s.tabOf(tk.Tab)
	if err != nil {
		fail(w, err)
		return nil, false
	}
	return t, true
}

// tabID is the form of a tab's id.

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
