package workbench_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
	_ "github.com/crucible-sim/crucible/rules/all"
)

// A test drives the server as the page does: over HTTP, with a tab's event
// stream open.

func newTestServer(t *testing.T, cfg workbench.Config) (*workbench.Server, *httptest.Server) {
	t.Helper()
	s, err := workbench.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		hs.CloseClientConnections() // a page's event stream ends only with its connection
		hs.Close()
	})
	return s, hs
}

// jobIDs numbers the tests' jobs, as a page numbers its own.
var jobIDs atomic.Int64

func nextJob() int64 { return jobIDs.Add(1) }

// post sends body as JSON and returns the status and the decoded answer.
func post(t *testing.T, base, path string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	res, err := http.Post(base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// sse is a tab's event stream as a test reads it.
type sse struct {
	events chan sseEvent
	close  func()
}

type sseEvent struct {
	Kind string
	Data map[string]any
	Raw  string
}

// openTab opens the event stream of tab id and waits for its hello.
func openTab(t *testing.T, base, id string) *sse {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/events?tab="+id, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	s := &sse{events: make(chan sseEvent, 1024), close: func() { cancel(); res.Body.Close() }}
	t.Cleanup(s.close)
	go readEvents(res.Body, s.events)
	if ev := s.next(t, 5*time.Second); ev.Kind != "hello" {
		t.Fatalf("first event %q", ev.Kind)
	}
	return s
}

func readEvents(r io.Reader, out chan<- sseEvent) {
	defer close(out)
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	var kind string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			kind = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			ev := sseEvent{Kind: kind, Raw: line[len("data: "):]}
			json.Unmarshal([]byte(ev.Raw), &ev.Data)
			out <- ev
		}
	}
}

// next returns the stream's next event, failing after wait.
func (s *sse) next(t *testing.T, wait time.Duration) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-s.events:
		if !ok {
			t.Fatal("the event stream closed")
		}
		return ev
	case <-time.After(wait):
		t.Fatalf("no event within %v", wait)
	}
	return sseEvent{}
}

// final returns the final estimate of job, and the exact event if one
// came before it.
func (s *sse) final(t *testing.T, job float64, wait time.Duration) (est, exact sseEvent) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		ev := s.next(t, time.Until(deadline))
		if ev.Data["job"] != job {
			continue
		}
		switch {
		case ev.Kind == "failed":
			t.Fatalf("job %v failed: %v", job, ev.Data["error"])
		case ev.Kind == "exact":
			exact = ev
		case ev.Kind == "estimate" && ev.Data["final"] == true:
			return ev, exact
		}
	}
}

// answer returns the event of the given kind of job, failing on the job's
// failed event.
func (s *sse) answer(t *testing.T, job float64, kind string, wait time.Duration) sseEvent {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		ev := s.next(t, time.Until(deadline))
		switch {
		case ev.Data["job"] != job:
		case ev.Kind == "failed":
			t.Fatalf("job %v failed: %v", job, ev.Data["error"])
		case ev.Kind == kind:
			return ev
		}
	}
}

// builtinText returns the page's text of a built-in scenario.
func builtinText(t *testing.T, base, name string) string {
	t.Helper()
	res, err := http.Get(base + "/api/scenario?builtin=" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var src struct{ Text string }
	if err := json.NewDecoder(res.Body).Decode(&src); err != nil || res.StatusCode != 200 {
		t.Fatalf("%s: status %d, %v", name, res.StatusCode, err)
	}
	return src.Text
}
