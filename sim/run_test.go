package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

func runJSON(t *testing.T, job Job) []byte {
	t.Helper()
	tally, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(tally)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The tally of a seed must not depend on how the work is scheduled.
func TestRunDeterministicAcrossWorkersAndChunks(t *testing.T) {
	base := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 7, Trials: 20011}
	want := runJSON(t, base)
	for _, c := range []struct{ workers, chunk int }{{1, 1000}, {2, 1000}, {8, 1000}, {2, 1}, {3, 7}, {8, 4096}, {1, 100000}, {1, 0}, {2, 0}} {
		job := base
		job.Workers, job.Chunk = c.workers, c.chunk
		if got := runJSON(t, job); !bytes.Equal(got, want) {
			t.Errorf("workers %d chunk %d: tally differs\n got %s\nwant %s", c.workers, c.chunk, got, want)
		}
	}
}

// Shards of a run merged together equal the whole run.
func TestShardsMergeToWholeRun(t *testing.T) {
	whole := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 11, Trials: 10007}
	want := runJSON(t, whole)
	total := NewTally(coinBattle{}.Spec())
	const n = 3
	for k := int64(0); k < n; k++ {
		job := whole
		job.First = whole.Trials * k / n
		job.Trials = whole.Trials*(k+1)/n - job.First
		part, err := Run(context.Background(), job)
		if err != nil {
			t.Fatal(err)
		}
		// Round-trip through JSON, as `crucible merge` does.
		b, _ := json.Marshal(part)
		var back Tally
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if err := total.Merge(&back); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := json.Marshal(total)
	if !bytes.Equal(got, want) {
		t.Errorf("merged shards differ from the whole run\n got %s\nwant %s", got, want)
	}
}

// Different seeds and keys give different streams.
func TestSeedAndKeySelectStreams(t *testing.T) {
	a := runJSON(t, Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 1, Trials: 2000})
	b := runJSON(t, Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 2, Trials: 2000})
	c := runJSON(t, Job{Battle: coinBattle{}, Key: Key("other"), Seed: 1, Trials: 2000})
	if bytes.Equal(a, b) || bytes.Equal(a, c) {
		t.Error("changing the seed or the scenario key did not change the tally")
	}
}

// The tally of a fixed seed is pinned, so that any change to seeding or
// tallying shows up. Refresh with `go test ./sim -run Golden -update`.
func TestGoldenTally(t *testing.T) {
	got := runJSON(t, Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 42, Trials: 5000})
	var pretty bytes.Buffer
	json.Indent(&pretty, got, "", " ")
	pretty.WriteByte('\n')
	path := filepath.Join("testdata", "coin_seed42.golden.json")
	if *update {
		if err := os.WriteFile(path, pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(pretty.Bytes(), want) {
		t.Errorf("tally for seed 42 changed:\n%s", pretty.Bytes())
	}
}

// The coin battle's win share for A is (1/4)/(1/2)·(1 − (1/2)^40) ≈ 1/2 of
// decided fights; check the engine's counts are sane statistically:
// P(A) = P(B) by symmetry, the cap is essentially never reached, and the
// mean round count is 2 (geometric with p = 1/2). The bounds are 6 standard
// errors (false-alarm rate about 2e-9 per check), at a fixed seed.
func TestCoinBattleStatistics(t *testing.T) {
	tally, err := Run(context.Background(), Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 3, Trials: 200000})
	if err != nil {
		t.Fatal(err)
	}
	n := float64(tally.Trials)
	pa := float64(tally.Wins[1]) / n
	if se := 0.5 / 447.2; pa < 0.5-6*se || pa > 0.5+6*se {
		t.Errorf("P(A) = %.4f, want 0.5 ± %.4f", pa, 6*se)
	}
	if m, se := tally.Rounds.Mean(), 1.4142/447.2; m < 2-6*se || m > 2+6*se {
		t.Errorf("mean rounds %.4f, want 2 ± %.4f", m, 6*se)
	}
	if tally.End("round-cap") != 0 {
		t.Errorf("round cap reached %d times; expected never at this seed", tally.End("round-cap"))
	}
	flips, _ := tally.Counter("flips")
	if want := int64(2 * tally.Rounds.Sum64()); flips != want {
		t.Errorf("flips = %d, want 2 per round = %d", flips, want)
	}
}

// Cancelling stops every worker at its next trial, inside a chunk: a
// chunk of the whole run is cut short, and the tally, the progress and the
// record of finished trials agree on what finished.
func TestRunCancelStopsInsideAChunk(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	job := Job{Battle: cancellingBattle{coinBattle{}, 1000, cancel}, Key: Key("coin"), Seed: 1, Trials: 5_000_000, Chunk: 5_000_000, Workers: 1}
	var done atomic.Int64
	job.Done = func(n int64) { done.Add(n) }
	job.Finished = NewFinished(0, job.Trials)
	tally, err := Run(ctx, job)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if tally.Trials != 999 {
		t.Errorf("after cancel: %d trials; want the 999 finished before the one during which the run was cancelled", tally.Trials)
	}
	if tally.Trials != done.Load() || job.Finished.String() != fmt.Sprintf("0-%d", tally.Trials-1) {
		t.Errorf("tally has %d trials, progress counted %d, the record says %s", tally.Trials, done.Load(), job.Finished)
	}
}

// A Stoppable battle whose trial would never end returns when the run is
// cancelled, and that trial, abandoned, is neither tallied nor recorded:
// resuming fights it from its start and gives the uninterrupted tally.
func TestStopAbandonsALongTrial(t *testing.T) {
	base := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 9, Trials: 2000, Workers: 1}
	want := runJSON(t, base)
	ctx, cancel := context.WithCancel(context.Background())
	job := base
	job.Battle = endlessBattle{at: 700, started: cancel}
	job.Finished = NewFinished(0, job.Trials)
	first, err := Run(ctx, job)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if first.Trials != 700 || job.Finished.String() != "0-699" {
		t.Fatalf("after the stop: %d trials, record %q; want trials 0-699, without the abandoned trial 700", first.Trials, job.Finished)
	}
	job.Battle, job.Workers, job.Chunk = base.Battle, 2, 13
	rest, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	if err := rest.Merge(first); err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(rest); !bytes.Equal(got, want) {
		t.Error("resumed after an abandoned trial, the tally differs from the whole run")
	}
}

// A run all of whose trials finished is complete, even if it was cancelled
// as the last one ended: it returns no error.
func TestFinishedRunIgnoresALateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var done atomic.Int64
	job := Job{Battle: coinBattle{}, Key: 1, Seed: 1, Trials: 3000, Workers: 2, Done: func(n int64) {
		if done.Add(n) == 3000 {
			cancel()
		}
	}}
	tally, err := Run(ctx, job)
	if err != nil || tally.Trials != 3000 {
		t.Errorf("a run cancelled after its last trial: %d trials, err %v; want 3000 and no error", tally.Trials, err)
	}
	if ctx.Err() == nil {
		t.Error("the test did not cancel")
	}
}

// A panicking battle becomes an error naming the trial, not a crash.
func TestRunPanicBecomesError(t *testing.T) {
	_, err := Run(context.Background(), Job{Battle: coinBattle{panicAt: 5}, Key: 1, Seed: 1, Trials: 100, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "panicked on trial 4") {
		t.Fatalf("err = %v, want a panic error naming trial 4", err)
	}
}

func TestRunRejectsNegativeRange(t *testing.T) {
	if _, err := Run(context.Background(), Job{Battle: coinBattle{}, Trials: -1}); err == nil {
		t.Fatal("want an error for a negative trial count")
	}
}

// An interrupted run resumed with its record of finished trials adds up to
// the uninterrupted run, whatever the chunks and workers of either leg.
func TestResumeAddsUpToWholeRun(t *testing.T) {
	base := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 5, Trials: 50_000}
	want := runJSON(t, base)
	for _, c := range []struct{ workers, chunk, workers2, chunk2 int }{{2, 100, 2, 100}, {3, 7, 1, 0}, {1, 0, 2, 1000}, {2, 1, 3, 0}} {
		// The first leg is cut short from inside: the battle cancels the
		// run once a worker has fought 5000 trials.
		ctx, cancel := context.WithCancel(context.Background())
		job := base
		job.Battle, job.Workers, job.Chunk = cancellingBattle{coinBattle{}, 5000, cancel}, c.workers, c.chunk
		job.Finished = NewFinished(0, base.Trials)
		first, err := Run(ctx, job)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("first leg: %v", err)
		}
		// The record survives serialisation, as in a checkpoint file.
		record, err := ParseFinished(job.Finished.String(), 0, base.Trials)
		if err != nil {
			t.Fatal(err)
		}
		if first.Trials == 0 || first.Trials >= base.Trials || record.Count() != first.Trials {
			t.Fatalf("%+v: first leg ran %d of %d trials, its record holds %d", c, first.Trials, base.Trials, record.Count())
		}
		job.Finished, job.Battle, job.Workers, job.Chunk = record, base.Battle, c.workers2, c.chunk2
		second, err := Run(context.Background(), job)
		if err != nil {
			t.Fatal(err)
		}
		if err := first.Merge(second); err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(first); !bytes.Equal(got, want) {
			t.Errorf("%+v: resumed run differs from the whole run", c)
		}
		if record.Count() != base.Trials {
			t.Errorf("%+v: after resume %d of %d trials recorded", c, record.Count(), base.Trials)
		}
	}
}

func TestParseFinishedRejectsBadRanges(t *testing.T) {
	for _, s := range []string{"15", "3-1", "x", "10-15", "-1", "9", "10-12,"} {
		if _, err := ParseFinished(s, 10, 5); err == nil {
			t.Errorf("accepted %q for trials 10..14", s)
		}
	}
	c, err := ParseFinished("10-11,13", 10, 5)
	if err != nil || c.String() != "10-11,13" || c.Count() != 3 {
		t.Errorf("round trip: %v %v", c, err)
	}
}

// A run of 10^14 trials keeps its record of finished trials to a few runs,
// cancelled after a few chunks, and a job beyond 2^53 trials or MaxWorkers
// workers is refused rather than allocated.
func TestHugeRunsStaySmall(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	job := Job{Battle: coinBattle{}, Key: 1, Seed: 1, Trials: 100_000_000_000_000, Workers: 2,
		Done: func(int64) { cancel() }}
	job.Finished = NewFinished(0, job.Trials)
	tally, err := Run(ctx, job)
	if !errors.Is(err, context.Canceled) || tally.Trials == 0 {
		t.Fatalf("err %v, %d trials", err, tally.Trials)
	}
	if len(job.Finished.runs) > job.Workers+1 || job.Finished.Count() != tally.Trials {
		t.Errorf("record %s for %d trials", job.Finished, tally.Trials)
	}
	for _, bad := range []Job{{Trials: MaxTrials + 1}, {First: MaxTrials, Trials: 1}, {Trials: 10, Chunk: MaxTrials + 1}, {Trials: 10, Finished: NewFinished(0, 9)}, {Trials: 10, Workers: MaxWorkers + 1}} {
		bad.Battle = coinBattle{}
		if _, err := Run(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "sim: ") {
			t.Errorf("%+v: err %v", bad, err)
		}
	}
}

func TestFinishedRecord(t *testing.T) {
	c := NewFinished(0, 20)
	for _, i := range []int64{3, 1, 2, 7, 0, 9, 8} {
		c.Add(i, i+1)
	}
	if c.String() != "0-3,7-9" || c.Count() != 7 || !c.Done(8) || c.Done(4) || fmt.Sprint(c.Unfinished()) != "[[4 7] [10 20]]" {
		t.Errorf("record %s (count %d, unfinished %v)", c, c.Count(), c.Unfinished())
	}
	c.Add(2, 12)
	if c.String() != "0-11" || c.Count() != 12 || fmt.Sprint(c.Unfinished()) != "[[12 20]]" {
		t.Errorf("record %s (count %d)", c, c.Count())
	}
	back, err := ParseFinished("7-9,0-3,4", 0, 20)
	if err != nil || back.String() != "0-4,7-9" || back.Count() != 8 {
		t.Errorf("parsed %v, %v", back, err)
	}
}

// A snapshot taken while a run goes on is a valid checkpoint: its tally
// holds exactly the trials of the chunks its record marks finished, and
// resuming from it finishes the run with the uninterrupted tally. The run
// is held once 50,000 trials have finished while the snapshot is taken, so
// the snapshot falls inside it.
func TestSnapshotIsConsistent(t *testing.T) {
	base := Job{Battle: spinBattle{}, Key: Key("spin"), Seed: 2, Trials: 400_000, Chunk: 100, Workers: 2}
	want := runJSON(t, base)
	reached, resume := make(chan struct{}), make(chan struct{})
	var done atomic.Int64
	var once sync.Once
	job := base
	job.Done = func(n int64) {
		if done.Add(n) >= 50_000 {
			once.Do(func() {
				close(reached)
				<-resume
			})
		}
	}
	r, err := Start(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	<-reached
	mid, chunks := r.Snapshot()
	close(resume)
	if _, err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	record, err := ParseFinished(chunks, 0, base.Trials)
	if err != nil {
		t.Fatal(err)
	}
	if mid.Trials != record.Count() || mid.Trials < 50_000 || mid.Trials >= base.Trials {
		t.Fatalf("snapshot of %d trials with %d trials marked", mid.Trials, record.Count())
	}
	job = base
	job.Finished = record
	rest, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	if err := rest.Merge(mid); err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(rest); !bytes.Equal(got, want) {
		t.Error("resumed from a snapshot, the tally differs from the whole run")
	}
}
