package analysis

import (
	"context"
	"time"

	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// watchPoll is how often Watch looks for the first finished trials: a
// display waits at most this long past them for its first estimate. (A
// run's first chunk is one trial, so they come within microseconds of
// its start for most battles.) Once they came, Watch looks every interval.
const watchPoll = time.Millisecond

// Watch fights sc's trials as Fight does (no checkpoints, no resume) and
// calls see, from the calling goroutine, with the result of the trials
// finished so far: as soon as the first of them finish, then every
// interval in which more finished (none while the run's Pause holds it),
// so that a display can show an estimate at once and its intervals
// tightening. The finished trials of a snapshot are not always
// the first ones (each worker folds its own chunks), but the result Watch
// returns covers them all and equals Fight's, and after a cancellation it
// covers every finished trial with ctx's error, as Fight's does.
func (r Run) Watch(ctx context.Context, sc *scenarios.Scenario, every time.Duration, see func(*Result)) (*Result, error) {
	battle, err := sc.Compile()
	if err != nil {
		return nil, err
	}
	job := r.Job(sc, battle)
	running, err := sim.Start(ctx, job)
	if err != nil {
		return nil, err
	}
	var final *sim.Tally
	ended := make(chan struct{})
	go func() {
		final, err = running.Wait()
		close(ended)
	}()
	poll := time.NewTicker(watchPoll)
	defer poll.Stop()
	var seen int64 // the trials of the last snapshot seen
	for {
		select {
		case <-ended:
			return r.result(sc, battle, job, final), err
		case <-poll.C:
			t, _ := running.Snapshot()
			if t.Trials <= seen {
				continue
			}
			if seen == 0 {
				poll.Reset(max(every, watchPoll))
			}
			seen = t.Trials
			see(r.result(sc, battle, job, t))
		}
	}
}
