// Package sim runs the trials of a compiled battle on a pool of workers and
// tallies their outcomes in integers.
//
// Trial i draws from a PCG stream seeded from (master seed, scenario key, i)
// alone, and a tally is a sum of integers, so a run's tally is the same for
// any number of workers, any chunk size and any split into shards. sim knows
// nothing about any ruleset: it sees only the rules.Battle contract.
package sim

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// DefaultChunk is the number of trials a worker runs between looks at the
// context: large enough that scheduling costs nothing per trial, small
// enough that Ctrl-C and progress react within milliseconds.
const DefaultChunk = 1000

// MaxTrials is the most trials one run may have: 2^53, below which every
// count is exact in a float64 and in any JSON reader.
const MaxTrials = 1 << 53

// MaxWorkers is the largest pool a job may ask for. Each worker owns a
// fighter and two tallies, allocated when the run starts (tens of
// kilobytes for the largest rulesets), and workers beyond the cores only
// take turns: ten million of them exhausted memory before the first trial.
const MaxWorkers = 1024

// TrialRange is the range of a trial count, for validating one.
var TrialRange = doc.Range{Min: 1, Max: MaxTrials}

// Job is one run of one scenario.
type Job struct {
	Battle rules.Battle
	// Key selects the scenario's streams (see Key); Seed is the master seed.
	Key, Seed uint64
	// First is the index of the first trial; Trials the number to run. A
	// shard runs a sub-range of a larger run.
	First, Trials int64
	// Workers is the pool size, at most MaxWorkers; ≤ 0 means one per CPU.
	Workers int
	// Chunk is the number of trials per chunk; ≤ 0 means DefaultChunk.
	Chunk int
	// Done, if set, is called with the number of trials of every chunk that
	// finishes, by the worker that ran it (so concurrently), for progress
	// display. A chunk is finished, and in the tally, when Done sees it.
	Done func(trials int64)
	// Wins, if set, is added the wins of every chunk that finishes, before
	// Done sees it, for a display of the estimate so far.
	Wins *Wins
	// Chunks, if set, records finished chunks; chunks it already marks done
	// are skipped. Resuming an interrupted run with the same Chunks (and
	// chunk size) and adding the two tallies gives the uninterrupted tally.
	Chunks *Chunks
}

// check refuses a job whose trials, chunks or workers are out of range.
func (job Job) check() error {
	switch {
	case job.Trials < 0 || job.First < 0 || job.Trials > MaxTrials || job.First > MaxTrials-job.Trials:
		return fmt.Errorf("sim: trials [%d, +%d) out of range: a run has at most %d trials, from 0", job.First, job.Trials, int64(MaxTrials))
	case job.Chunk > MaxTrials:
		return fmt.Errorf("sim: a chunk of %d trials is more than a run's %d", job.Chunk, int64(MaxTrials))
	case job.Workers > MaxWorkers:
		return fmt.Errorf("sim: %d workers: a job has at most %d", job.Workers, MaxWorkers)
	}
	return nil
}

// NumChunks returns the number of chunks the job is split into.
func (job Job) NumChunks() int64 {
	return (job.Trials + job.chunkSize() - 1) / job.chunkSize()
}

func (job Job) chunkSize() int64 {
	if job.Chunk <= 0 {
		return DefaultChunk
	}
	return int64(job.Chunk)
}

// worker is the state one goroutine of the pool owns while it runs a chunk.
type worker struct {
	fighter rules.Fighter
	out     rules.Outcome
	rnd     rules.Rand
	chunk   *Tally // the chunk in progress
	// mu guards tally, the worker's completed chunks, and the marking of
	// a chunk as finished: a snapshot taken under every worker's mu sees
	// the chunk record and the tallies agree.
	mu    sync.Mutex
	tally *Tally
	// Two workers written on every trial must not share a cache line.
	_ [cacheLine]byte
}

// cacheLine is a size past which two allocations never share a cache line
// (twice the 64-byte line: adjacent-line prefetchers fetch pairs).
const cacheLine = 128

// Run fights the job's trials and returns their tally. If ctx is cancelled,
// Run stops starting chunks, waits for the running ones, and returns the
// tally of every completed chunk together with ctx's error. A panic in a
// battle becomes an error naming the trial.
func Run(ctx context.Context, job Job) (*Tally, error) {
	r, err := Start(ctx, job)
	if err != nil {
		return nil, err
	}
	return r.Wait()
}

// Running is a run in progress: Start begins it, Snapshot reads its
// progress, Wait ends it.
type Running struct {
	job   Job
	spec  rules.Spec
	all   []*worker
	ended chan struct{}
	err   error
}

// Start begins fighting the job's trials in the background (see Run). The
// job's chunk record is created if it has none.
func Start(ctx context.Context, job Job) (*Running, error) {
	if err := job.check(); err != nil {
		return nil, err
	}
	nChunks := job.NumChunks()
	if job.Chunks == nil {
		job.Chunks = NewChunks(nChunks)
	}
	if job.Chunks.Len() != nChunks {
		return nil, fmt.Errorf("sim: chunk record has %d chunks, the job %d", job.Chunks.Len(), nChunks)
	}
	workers := job.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = int(min(int64(workers), max(nChunks, 1)))
	r := &Running{job: job, spec: job.Battle.Spec(), all: make([]*worker, workers), ended: make(chan struct{})}
	for i := range r.all {
		r.all[i] = &worker{
			fighter: job.Battle.NewFighter(),
			out:     rules.Outcome{Counters: padded(len(r.spec.Counters))},
			tally:   NewTally(r.spec),
			chunk:   newPaddedTally(r.spec),
		}
	}
	go func() {
		r.err = r.fight(ctx)
		close(r.ended)
	}()
	return r, nil
}

// fight runs every unfinished chunk on the pool of workers.
func (r *Running) fight(ctx context.Context) error {
	job := r.job
	chunk, nChunks := job.chunkSize(), job.NumChunks()
	streams := NewStreams(job.Seed, job.Key)
	pool := make(chan *worker, len(r.all))
	for _, w := range r.all {
		pool <- w
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(len(r.all))
	for c := int64(0); c < nChunks; c++ {
		if gctx.Err() != nil {
			break
		}
		if c = job.Chunks.NextUndone(c); c >= nChunks {
			break
		}
		lo := job.First + c*chunk
		hi := min(lo+chunk, job.First+job.Trials)
		g.Go(func() error {
			w := <-pool
			defer func() { pool <- w }()
			if err := w.runChunk(streams, lo, hi); err != nil {
				return err
			}
			w.mu.Lock()
			err := w.tally.Merge(w.chunk)
			job.Chunks.mark(c)
			w.mu.Unlock()
			if err == nil && job.Wins != nil {
				job.Wins.add(w.chunk)
			}
			if err == nil && job.Done != nil {
				job.Done(hi - lo)
			}
			return err
		})
	}
	err := g.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return err
}

// Wait waits for the run to end and returns the tally of every finished
// chunk, with the run's error (ctx's after a cancellation).
func (r *Running) Wait() (*Tally, error) {
	<-r.ended
	total, _ := r.Snapshot()
	return total, r.err
}

// Snapshot returns, while the run goes on, the tally of the chunks
// finished so far and the record of exactly those chunks (Chunks.String),
// as a checkpoint needs them.
func (r *Running) Snapshot() (*Tally, string) {
	for _, w := range r.all {
		w.mu.Lock()
	}
	defer func() {
		for _, w := range r.all {
			w.mu.Unlock()
		}
	}()
	total := NewTally(r.spec)
	for _, w := range r.all {
		total.Merge(w.tally) // the same spec: cannot fail
	}
	return total, r.job.Chunks.String()
}

// runChunk fights trials [lo, hi) into the worker's chunk tally, which
// joins the worker's tally only when the whole chunk has finished, so a
// failed chunk leaves no partial counts behind.
func (w *worker) runChunk(streams Streams, lo, hi int64) (err error) {
	w.chunk.Reset()
	nEnds := len(w.chunk.Ends)
	dists := len(w.chunk.DistOf) > 0
	i := lo
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("battle panicked on trial %d: %v", i, r)
		}
	}()
	for ; i < hi; i++ {
		s1, s2 := streams.Trial(i)
		w.rnd.Seed(s1, s2)
		w.out.Reset()
		w.fighter.Fight(i, &w.rnd, &w.out)
		if w.out.End < 0 || w.out.End >= nEnds || w.out.Winner > rules.B || w.out.Rounds < 0 || dists && w.negativeDist() {
			return fmt.Errorf("battle reported an invalid outcome on trial %d: %+v", i, w.out)
		}
		w.chunk.Add(&w.out)
	}
	return nil
}

// negativeDist reports whether the outcome gives a distribution counter a
// negative value, which no histogram can hold.
func (w *worker) negativeDist() bool {
	for _, i := range w.chunk.DistOf {
		if w.out.Counters[i] < 0 {
			return true
		}
	}
	return false
}

// Replay plays trial i of a run with the given seed and key alone, as
// rules.Fighter.Replay does, writing its account to w, and returns its
// outcome. A panic in the battle becomes an error naming the trial.
func Replay(b rules.Battle, seed, key uint64, i int64, w io.Writer) (o *rules.Outcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			o, err = nil, fmt.Errorf("battle panicked on trial %d: %v", i, r)
		}
	}()
	o = NewOutcome(b.Spec())
	b.NewFighter().Replay(i, Stream(seed, key, i), o, w)
	return o, nil
}

// Stream returns the random stream of trial i of a run with the given seed
// and key, positioned at its start: replaying trial i with it reproduces the
// battle that trial i fights in every run.
func Stream(seed, key uint64, i int64) *rules.Rand {
	return rules.NewRand(NewStreams(seed, key).Trial(i))
}

// NewOutcome returns a reset Outcome with one counter per counter of spec.
func NewOutcome(spec rules.Spec) *rules.Outcome {
	return &rules.Outcome{Counters: make([]int64, len(spec.Counters))}
}

// Outcomes fights trials first … first+n−1 of a run with the given seed and
// key one after another on one fighter, with the streams every run gives
// them, and passes each outcome to fn (valid only during the call): the
// per-trial view of a run whose tally holds only totals.
func Outcomes(b rules.Battle, seed, key uint64, first, n int64, fn func(i int64, o *rules.Outcome) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("battle panicked: %v", r)
		}
	}()
	f, o := b.NewFighter(), NewOutcome(b.Spec())
	streams := NewStreams(seed, key)
	r := rules.NewRand(0, 0)
	for i := first; i < first+n; i++ {
		r.Seed(streams.Trial(i))
		o.Reset()
		f.Fight(i, r, o)
		if err := fn(i, o); err != nil {
			return err
		}
	}
	return nil
}
