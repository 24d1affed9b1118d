package workbench_test

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// From its first estimate to the exact shares, an odds job's Monte Carlo
// run yields its core to the solve: between the first estimate and the
// headline comes at most one, of the trials the worker finished before
// its next look at the pause (sim.Pause); the run goes on after the
// headline; and its numbers are those of `crucible run` at the same seed,
// however long it was held.
func TestOddsYieldToTheirSolve(t *testing.T) {
	t.Parallel()
	s, hs := newTestServer(t, workbench.Config{})
	workbench.HoldAtMost(s, time.Hour) // held until the shares, however slow the machine
	gate := make(chan struct{})
	workbench.SolveWith(s, func(ctx context.Context, sc *scenarios.Scenario, headline func(*rules.Exact)) (*rules.Exact, error) {
		<-gate // the solve begins when the test says
		return analysis.SolveHeadlineFirst(ctx, sc, headline)
	})
	tab := openTab(t, hs.URL, "yielding")
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "yielding", "job": nextJob(), "name": "mirror", "text": builtinText(t, hs.URL, "eclipse/fleet-mirror"), "seed": 3, "trials": 200_000})
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	job := r["job"].(float64)
	first := tab.answer(t, job, "estimate", time.Minute)
	if first.Data["final"] == true {
		t.Fatal("the first estimate is the last: no run left to hold")
	}
	time.Sleep(3 * 100 * time.Millisecond) // three estimates' time, were the run not held
	close(gate)
	var between []any
	for {
		ev := tab.next(t, time.Minute)
		if ev.Data["job"] != job {
			continue
		}
		if ev.Kind == "estimate" {
			between = append(between, ev.Data["trials"])
		}
		if ev.Kind == "headline" {
			break
		}
	}
	if len(between) > 1 {
		t.Errorf("estimates of %v trials between the first (%v) and the exact shares; want one at most", between, first.Data["trials"])
	}
	est, _ := tab.final(t, job, time.Minute)
	want := tallyOf(t, []byte(crucible(t, "run", "eclipse/fleet-mirror", "--seed", "3", "--trials", "200000", "--format", "json")))
	got, _ := json.Marshal(est.Data["result"])
	if got := tallyOf(t, got); got != want {
		t.Errorf("held, then let go: the page's tally\n%s\nthe command line's\n%s", got, want)
	}
}

// An odds job superseded by the page's next edit ends at once, while its
// solve — which here keeps on after the cancel, as a solver may for a
// moment — is still running; it sends no final estimate; and once the
// solve ends, no goroutine is left.
func TestSupersededOddsEndAtOnce(t *testing.T) {
	s, hs := newTestServer(t, workbench.Config{})
	before := runtime.NumGoroutine()
	release := make(chan struct{})
	var started, ended atomic.Int32
	workbench.SolveWith(s, func(ctx context.Context, sc *scenarios.Scenario, headline func(*rules.Exact)) (*rules.Exact, error) {
		started.Add(1)
		defer ended.Add(1)
		<-release // deaf to the cancel until the test releases it
		return nil, errors.New("released by the test")
	})
	text := builtinText(t, hs.URL, "eclipse/fleet-mirror-upgraded")
	tab := openTab(t, hs.URL, "superseded")
	odds := func(seed int) float64 {
		status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "superseded", "job": nextJob(), "name": "mirror", "text": text, "seed": seed, "trials": 5_000_000})
		if status != 200 {
			t.Fatalf("%d %v", status, r)
		}
		return r["job"].(float64)
	}
	old := odds(1)
	tab.answer(t, old, "estimate", time.Minute)
	waitFor(t, "the first solve to begin", func() bool { return started.Load() == 1 })
	next := odds(2)
	// The next job's request waited for the old job's end: it is gone.
	if n := s.Jobs(); n != 1 {
		t.Errorf("%d jobs run after the edit that superseded one, want 1", n)
	}
	for {
		ev := tab.next(t, time.Minute)
		if ev.Data["job"] == old && ev.Kind == "estimate" && ev.Data["final"] == true {
			t.Errorf("the superseded job sent its final estimate, of %v trials", ev.Data["trials"])
		}
		if ev.Data["job"] == next && ev.Kind == "estimate" {
			break
		}
	}
	waitFor(t, "the second solve to begin", func() bool { return started.Load() == 2 })
	if ended.Load() != 0 {
		t.Errorf("%d solves ended; want both running, deaf to their cancel", ended.Load())
	}
	close(release)
	tab.close()
	deadline := time.Now().Add(10 * time.Second)
	for (s.Jobs() > 0 || ended.Load() < 2) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	hs.CloseClientConnections()
	for time.Now().Before(deadline) && runtime.NumGoroutine() > before+2 {
		time.Sleep(10 * time.Millisecond)
	}
	if s.Jobs() != 0 || ended.Load() != 2 {
		t.Errorf("after the tab closed: %d jobs, %d of 2 solves ended", s.Jobs(), ended.Load())
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		t.Errorf("%d goroutines after the solves ended and the tab closed, %d before", n, before)
	}
}

// waitFor waits, a minute at most, until cond holds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
	}
}
