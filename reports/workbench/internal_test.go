package workbench

import (
	"context"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// One request's panic is that request's error (500, naming it); the server
// goes on serving.
func TestPanicIsTheRequestsError(t *testing.T) {
	var logged strings.Builder
	s, err := New(Config{Log: log.New(&logged, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/boom", func(http.ResponseWriter, *http.Request) { panic("boom") })
	mux.HandleFunc("/fine", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("fine")) })
	hs := httptest.NewServer(s.guard(mux))
	defer hs.Close()
	res, err := http.Get(hs.URL + "/boom")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 500 {
		t.Errorf("a panic: %d", res.StatusCode)
	}
	res, err = http.Get(hs.URL + "/fine")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("after a panic: %v %v", res, err)
	}
	res.Body.Close()
	if got := logged.String(); !strings.Contains(got, "crucible serve: GET /boom: internal error: boom\n") || !strings.Contains(got, "guard.go") {
		t.Errorf("the panic is logged as %q, want its request and stack", got)
	}
}

// A tab runs at most MaxTabJobs jobs; a job's panic is its failed event,
// and frees its slot.
func TestTabCapAndJobPanic(t *testing.T) {
	var logged strings.Builder
	s, err := New(Config{MaxTabJobs: 1, Log: log.New(&logged, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tb := &tab{id: "t", ctx: ctx, events: make(chan event, 4), jobs: map[int64]*job{}}
	release := make(chan struct{})
	j, err := s.start(tb, 1, func(ctx context.Context, j *job) { <-release; panic("boom") })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.start(tb, 2, func(context.Context, *job) {}); err == nil || !strings.Contains(err.Error(), "the most a tab may run at once (crucible serve --max-tab-jobs)") {
		t.Errorf("a second job of the tab: %v", err)
	}
	close(release)
	select {
	case ev := <-tb.events:
		if ev.kind != "failed" || !strings.Contains(ev.data.(map[string]any)["error"].(string), "internal error: boom") {
			t.Errorf("event %+v", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event of the panic")
	}
	<-j.done
	if s.Jobs() != 0 {
		t.Errorf("%d jobs after the panic", s.Jobs())
	}
	if got := logged.String(); !strings.Contains(got, "crucible serve: job 1: internal error: boom\n") || !strings.Contains(got, "internal_test.go") {
		t.Errorf("the panic is logged as %q, want its job and stack", got)
	}
}

// bounded work takes a job slot, and its request stops waiting when its
// client leaves; the work, which cannot stop midway, keeps its slot until
// it ends.
func TestBoundedWorkLeavesWithItsClient(t *testing.T) {
	s, err := New(Config{MaxJobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	left := make(chan error)
	go func() {
		_, err := bounded(s, ctx, func() int { <-release; return 1 })
		left <- err
	}()
	for s.Jobs() == 0 {
		time.Sleep(time.Millisecond)
	}
	if _, err := bounded(s, context.Background(), func() int { return 2 }); err == nil || !strings.Contains(err.Error(), "(crucible serve --max-jobs)") {
		t.Errorf("a second bounded work with the one slot taken: %v", err)
	}
	cancel()
	if err := <-left; err != context.Canceled {
		t.Errorf("the request whose client left: %v", err)
	}
	if s.Jobs() != 1 {
		t.Errorf("%d slots taken while the work runs", s.Jobs())
	}
	close(release)
	s.running.Wait()
	if v, err := bounded(s, context.Background(), func() int { return 3 }); v != 3 || err != nil {
		t.Errorf("once the work ended: %v %v", v, err)
	}
}

// The exact cache keeps the answers used last, and no more than its size.
func TestExactCacheKeepsTheLastUsed(t *testing.T) {
	c := newExactCache(2)
	c.put("a", []byte("1"))
	c.put("b", []byte("2"))
	if v, ok := c.get("a"); !ok || string(v) != "1" {
		t.Fatalf("a: %q %v", v, ok)
	}
	c.put("c", []byte("3")) // b is the least recently used
	if _, ok := c.get("b"); ok {
		t.Error("b kept beyond the cache's size")
	}
	for k, want := range map[string]string{"a": "1", "c": "3"} {
		if v, ok := c.get(k); !ok || string(v) != want {
			t.Errorf("%s: %q %v", k, v, ok)
		}
	}
	if c.order.Len() != 2 || len(c.byKey) != 2 || c.solved != 3 {
		t.Errorf("%d in order, %d by key, %d solved", c.order.Len(), len(c.byKey), c.solved)
	}
}
