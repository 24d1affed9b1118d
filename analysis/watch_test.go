package analysis_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/sim"
)

// Watch's result is Fight's, for any workers, and it shows the trials
// finished so far on the way, never more than the run has. A dbd trial
// costs about 0.2 ms, the others' 10 µs: 600 of them still fill several of
// sim's 20 ms chunks and a hundred 1 ms snapshots (3000 were 2 s of the
// package's 7 s of CPU).
func TestWatchEqualsFight(t *testing.T) {
	for _, c := range []struct {
		name   string
		trials int64
	}{{"stratfight/thug-vs-guard", 3000}, {"eclipse/interceptor-duel", 3000}, {"dbd/symmetric_line", 600}} {
		name := c.name
		sc := load(t, name)[0]
		want, _, err := analysis.Run{Seed: 7, Trials: c.trials, Workers: 1}.Fight(context.Background(), sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} {
			var seen []int64
			got, err := analysis.Run{Seed: 7, Trials: c.trials, Workers: workers}.Watch(context.Background(), sc, time.Millisecond,
				func(r *analysis.Result) { seen = append(seen, r.Tally.Trials) })
			if err != nil {
				t.Fatal(err)
			}
			if g, w := tallyJSON(t, []*analysis.Result{got}), tallyJSON(t, []*analysis.Result{want}); g != w {
				t.Errorf("%s, %d workers: Watch\n%s\nFight\n%s", name, workers, g, w)
			}
			for _, n := range seen {
				if n < 1 || n > c.trials {
					t.Errorf("%s: a snapshot of %d trials", name, n)
				}
			}
		}
	}
}

// While the run's Pause holds it, Watch shows nothing new: every result
// it shows has more trials than the one before; and the result is Fight's.
func TestWatchShowsNothingWhileHeld(t *testing.T) {
	sc := load(t, "eclipse/interceptor-duel")[0]
	want, _, err := analysis.Run{Seed: 3, Trials: 200_000, Workers: 1}.Fight(context.Background(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	pause := new(sim.Pause)
	released := make(chan struct{})
	var seen []int64
	got, err := analysis.Run{Seed: 3, Trials: 200_000, Workers: 1, Pause: pause}.Watch(context.Background(), sc, time.Millisecond, func(r *analysis.Result) {
		if len(seen) == 0 {
			pause.Hold() // for 30 ms: six looks of Watch's, and nothing new to show
			go func() {
				time.Sleep(30 * time.Millisecond)
				pause.Release()
				close(released)
			}()
		}
		seen = append(seen, r.Tally.Trials)
	})
	<-released
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] <= seen[i-1] {
			t.Errorf("shown %d trials, then %d: a result with nothing new", seen[i-1], seen[i])
		}
	}
	if g, w := tallyJSON(t, []*analysis.Result{got}), tallyJSON(t, []*analysis.Result{want}); g != w {
		t.Errorf("held and released, Watch\n%s\nFight\n%s", g, w)
	}
}

// A cancelled Watch returns the trials it finished with the context's
// error, soon.
func TestWatchCancelled(t *testing.T) {
	sc := load(t, "dbd/symmetric_line")[0]
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	got, err := analysis.Run{Seed: 1, Trials: 1 << 40}.Watch(ctx, sc, 10*time.Millisecond, func(r *analysis.Result) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want a cancellation", err)
	}
	if got == nil || got.Tally.Trials == 0 || !got.Interrupted() {
		t.Fatalf("result %+v: want the finished trials of an interrupted run", got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Watch took %v to stop", d)
	}
}
