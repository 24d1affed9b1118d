package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
)

// countingBattle plays coinBattle and counts the trials begun by all its
// fighters; the fighter that begins trial holdAt holds pause.
type countingBattle struct {
	coinBattle
	begun  *atomic.Int64
	holdAt int64
	pause  *Pause
}

func (b countingBattle) NewFighter() rules.Fighter { return &countingFighter{countingBattle: b} }

type countingFighter struct{ countingBattle }

func (f *countingFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	f.begun.Add(1)
	if i == f.holdAt && f.pause != nil {
		f.pause.Hold()
	}
	(&coinFighter{b: f.coinBattle}).Fight(i, r, o)
}

func (f *countingFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	f.Fight(i, r, o)
}

// A run held and released again and again, at whatever moments, has the
// tally of the run never held, for any number of workers.
func TestPauseNeverChangesTheTally(t *testing.T) {
	base := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 3, Trials: 1_000_003}
	want := runJSON(t, base)
	for _, workers := range []int{1, 2, 3} {
		job := base
		job.Workers, job.Pause = workers, new(Pause)
		running, err := Start(context.Background(), job)
		if err != nil {
			t.Fatal(err)
		}
		toggled := make(chan struct{})
		go func() {
			defer close(toggled)
			for k := 0; ; k++ {
				select {
				case <-running.ended:
					job.Pause.Release()
					return
				case <-time.After(time.Duration(k%3) * time.Millisecond):
				}
				if k%2 == 0 {
					job.Pause.Hold()
				} else {
					job.Pause.Release()
				}
			}
		}()
		tally, err := running.Wait()
		<-toggled
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(tally); !bytes.Equal(got, want) {
			t.Errorf("%d workers, held and released as it ran: the tally differs from the run never held", workers)
		}
	}
}

// A worker stops at its next look once the run is held — within stopPoll
// trials of the trial during which the pause was held — fights nothing
// while held, and goes on from there when released.
func TestPauseHoldsAtTheNextLook(t *testing.T) {
	var begun atomic.Int64
	pause := new(Pause)
	job := Job{Battle: countingBattle{begun: &begun, holdAt: 1000, pause: pause}, Key: Key("coin"), Seed: 5, Trials: 5000, Chunk: 5000, Workers: 1, Pause: pause}
	running, err := Start(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	for !pause.Held() {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // time enough to fight on, if it did
	held := begun.Load()
	time.Sleep(20 * time.Millisecond)
	if n := begun.Load(); held > 1001+stopPoll || n != held {
		t.Errorf("held during trial 1000: %d trials begun, then %d; want at most %d, and no more while held", held, n, 1001+stopPoll)
	}
	pause.Release()
	tally, err := running.Wait()
	if err != nil || tally.Trials != 5000 || begun.Load() != 5000 {
		t.Errorf("released: %d trials tallied, %d begun, err %v; want 5000 each, no error", tally.Trials, begun.Load(), err)
	}
	plain := job
	plain.Battle, plain.Pause = coinBattle{}, nil
	if got, want := mustJSON(t, tally), runJSON(t, plain); !bytes.Equal(got, want) {
		t.Error("held and released: the tally differs from the run never held")
	}
}

// A run held from its start fights nothing until released; cancelled while
// held, it ends at once, with no trial.
func TestPauseHeldFromTheStart(t *testing.T) {
	var begun atomic.Int64
	pause := new(Pause)
	pause.Hold()
	ctx, cancel := context.WithCancel(context.Background())
	running, err := Start(ctx, Job{Battle: countingBattle{begun: &begun, holdAt: -1}, Key: 1, Seed: 1, Trials: 100_000, Workers: 2, Pause: pause})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond) // time enough to begin trials, if it did
	if n := begun.Load(); n != 0 {
		t.Errorf("held from the start: %d trials begun, want 0", n)
	}
	cancel()
	tally, err := running.Wait()
	if !errors.Is(err, context.Canceled) || tally.Trials != 0 || begun.Load() != 0 {
		t.Errorf("cancelled while held: %d trials, %d begun, err %v; want none and context.Canceled", tally.Trials, begun.Load(), err)
	}
	if !pause.Held() {
		t.Error("the run's end released the pause: it is the caller's to release")
	}
}
