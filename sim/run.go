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
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// chunkTime is about how long a worker fights before it folds the trials
// it finished into its tally and the run's record of finished trials:
// short, so that a snapshot (a checkpoint) and the progress display are
// never more than this, or one trial, behind; long enough that folding
// costs nothing per trial. Chunks are sized from the measured cost of a
// trial to take this long; a run's results never depend on their size.
const chunkTime = 20 * time.Millisecond

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
	// Chunk, if positive, is the most trials a worker fights at a time,
	// between folds into the tally; ≤ 0 sizes each chunk to take about
	// chunkTime. Neither changes results.
	Chunk int
	// Done, if set, is called with the number of trials every time a
	// worker folds finished trials into the tally, by that worker (so
	// concurrently), for progress display. Trials are in the tally when
	// Done sees them.
	Done func(trials int64)
	// Wins, if set, is added the wins of the trials a worker folds into
	// the tally, before Done sees them, for a display of the estimate so
	// far.
	Wins *Wins
	// Finished, if set, records the finished trials; trials it already
	// marks finished are skipped. Resuming an interrupted run with the same
	// record and adding the two tallies gives the uninterrupted tally, for
	// any chunking and workers of either leg.
	Finished *Finished
	// Pause, if set, holds the workers while it is held (see Pause); it
	// never changes results.
	Pause *Pause
}

// check refuses a job whose trials, chunks or workers are out of range.
func (job Job) check() error {
	switch {
	case job.Trials < 0 || job.First < 0 || job.Trials > MaxTrials || job.First > MaxTrials-job.Trials:
		return fmt.Errorf("sim: trials [%d, +%d) out of range: a run has at most %d trials, from 0", job.First, job.Trials, int64(MaxTrials))
	case job.Chunk > MaxTrials:
		return fmt.Errorf("sim: a chunk of %d trials is more than a run's %d", job.Chunk, int64(MaxTrials))
	case job.Finished != nil && (job.Finished.first != job.First || job.Finished.end != job.First+job.Trials):
		return fmt.Errorf("sim: the record of finished trials covers trials [%d, %d), the job [%d, %d)", job.Finished.first, job.Finished.end, job.First, job.First+job.Trials)
	case job.Workers > MaxWorkers:
		return fmt.Errorf("sim: %d workers: a job has at most %d", job.Workers, MaxWorkers)
	}
	return nil
}

// nextChunk sizes a worker's next chunk from its last one, whose m trials
// took d, when it meant to fight n: twice n when that would take less than
// half of chunkTime, half when more than twice, capped by Chunk.
func (job Job) nextChunk(n, m int64, d time.Duration) int64 {
	perTrial := float64(d) / float64(max(m, 1))
	switch {
	case perTrial*float64(n) < float64(chunkTime/2):
		n = min(2*n, MaxTrials)
	case perTrial*float64(n) > float64(2*chunkTime):
		n = max(n/2, 1)
	}
	if job.Chunk > 0 {
		n = min(n, int64(job.Chunk))
	}
	return n
}

// worker is the state one goroutine of the pool owns.
type worker struct {
	fighter rules.Fighter
	// stoppable says that the fighter polls the run's stop, so that a
	// trial it returns from after the stop may be unfinished.
	stoppable bool
	out       rules.Outcome
	rnd       rules.Rand
	chunk     *Tally // the chunk in progress
	counts    *chunkCounts
	// held is how long the chunk in progress waited on the job's Pause,
	// which the chunk's sizing leaves out.
	held time.Duration
	// mu guards tally, the worker's folded trials, and the marking of
	// those trials as finished: a snapshot taken under every worker's mu
	// sees the record and the tallies agree.
	mu    sync.Mutex
	tally *Tally
	// Two workers written on every trial must not share a cache line.
	_ [cacheLine]byte
}

// cacheLine is a size past which two allocations never share a cache line
// (twice the 64-byte line: adjacent-line prefetchers fetch pairs).
const cacheLine = 128

// Run fights the job's trials and returns their tally. If ctx is cancelled,
// Run stops every worker within a few milliseconds (at one of the next
// stopPoll trials of its chunk, see runChunk) — and a Stoppable battle in
// the middle of a trial (rules.Stoppable) — and returns the tally of every
// finished trial together with ctx's error; a run all of whose trials
// finished returns no error. A panic in a battle becomes an error naming
// the trial.
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
	job     Job
	spec    rules.Spec
	streams Streams
	all     []*worker
	queue   queue
	stop    rules.Stop
	// quit is closed, once, after the stop is raised (halt): a worker
	// held by the job's Pause waits on it.
	quit     chan struct{}
	quitOnce sync.Once
	ended    chan struct{}
	err      error
}

// halt raises the run's stop and lets every held worker see it.
func (r *Running) halt() {
	r.stop.Raise()
	r.quitOnce.Do(func() { close(r.quit) })
}

// Start begins fighting the job's trials in the background (see Run). The
// job's record of finished trials is created if it has none.
func Start(ctx context.Context, job Job) (*Running, error) {
	if err := job.check(); err != nil {
		return nil, err
	}
	if job.Finished == nil {
		job.Finished = NewFinished(job.First, job.Trials)
	}
	workers := job.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = int(min(int64(workers), max(job.Trials-job.Finished.Count(), 1)))
	r := &Running{job: job, spec: job.Battle.Spec(), streams: NewStreams(job.Seed, job.Key),
		all: make([]*worker, workers), queue: queue{gaps: job.Finished.Unfinished()}, quit: make(chan struct{}), ended: make(chan struct{})}
	for i := range r.all {
		w := &worker{
			fighter: job.Battle.NewFighter(),
			out:     rules.Outcome{Counters: padded(len(r.spec.Counters))},
			tally:   NewTally(r.spec),
			chunk:   newPaddedTally(r.spec),
		}
		w.counts = newChunkCounts(w.chunk)
		if s, ok := w.fighter.(rules.Stoppable); ok {
			s.SetStop(&r.stop)
			w.stoppable = true
		}
		r.all[i] = w
	}
	go func() {
		r.err = r.fight(ctx)
		close(r.ended)
	}()
	return r, nil
}

// queue hands out the unfinished trials of a run in order, a chunk at a
// time.
type queue struct {
	mu   sync.Mutex
	gaps [][2]int64 // the ranges [lo, hi) not yet handed out
}

// take hands out up to n trials [lo, hi); ok is false when none are left.
func (q *queue) take(n int64) (lo, hi int64, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.gaps) == 0 {
		return 0, 0, false
	}
	g := &q.gaps[0]
	lo = g[0]
	hi = lo + min(n, g[1]-lo)
	if g[0] = hi; hi == g[1] {
		q.gaps = q.gaps[1:]
	}
	return lo, hi, true
}

// fight runs every unfinished trial on the pool of workers. Cancelling ctx
// raises the run's stop, which every worker looks at every stopPoll trials.
func (r *Running) fight(ctx context.Context) error {
	defer context.AfterFunc(ctx, r.halt)()
	var g errgroup.Group
	for _, w := range r.all {
		g.Go(func() error { return r.work(ctx, w) })
	}
	err := g.Wait()
	if err == nil && r.job.Finished.Count() < r.job.Trials {
		err = ctx.Err()
	}
	return err
}

// work fights chunks of the run's trials on w until none is left or the
// run stops. A worker that fails raises the stop, so that the others end
// too. Between chunks it also looks at ctx itself, so that a cancel from
// Done stops the worker that called it before its next chunk, whatever
// the scheduler does with the goroutine that raises the stop.
func (r *Running) work(ctx context.Context, w *worker) error {
	n := int64(1)
	for !r.stop.Requested() && ctx.Err() == nil {
		lo, hi, ok := r.queue.take(n)
		if !ok {
			return nil
		}
		start := time.Now()
		end, err := w.runChunk(r, lo, hi)
		took := time.Since(start) - w.held
		if ferr := r.fold(w, lo, end); err == nil {
			err = ferr
		}
		if err != nil {
			r.halt()
			return err
		}
		n = r.job.nextChunk(n, end-lo, took)
	}
	return nil
}

// fold adds w's chunk, trials [lo, hi), to its tally and marks them
// finished, in one step as far as Snapshot can see.
func (r *Running) fold(w *worker, lo, hi int64) error {
	if hi == lo {
		return nil
	}
	w.mu.Lock()
	err := w.tally.Merge(w.chunk)
	r.job.Finished.Add(lo, hi)
	w.mu.Unlock()
	if err == nil && r.job.Wins != nil {
		r.job.Wins.add(w.chunk)
	}
	if err == nil && r.job.Done != nil {
		r.job.Done(hi - lo)
	}
	return err
}

// Wait waits for the run to end and returns the tally of every finished
// trial, with the run's error (ctx's after a cancellation that left trials
// unfinished).
func (r *Running) Wait() (*Tally, error) {
	<-r.ended
	total, _ := r.Snapshot()
	return total, r.err
}

// Snapshot returns, while the run goes on, the tally of the trials
// finished so far and the record of exactly those trials
// (Finished.String), as a checkpoint needs them. It is at most one chunk
// (about chunkTime) or one trial behind each worker.
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
	return total, r.job.Finished.String()
}

// runChunk fights trials lo, lo+1, … up to hi into the worker's chunk
// tally, stopping early when the run's stop is raised, and returns the end
// of the trials it finished: the chunk tally holds exactly trials
// [lo, end). A trial during which the stop was raised is left out, since a
// Stoppable battle may have abandoned it; a resumed run fights it again.
//
// It looks at the stop before every stopPoll-th trial of the chunk (and,
// for a Stoppable battle, after every trial): chunks are sized to take
// about chunkTime, so that stopPoll trials of a chunk of n ≥ stopPoll
// take about chunkTime·stopPoll/n or less, and a shorter chunk is looked
// at once, before its first trial; either way a stop waits a few tens of
// milliseconds at most, far within the second a run has to stop in. The
// job's Pause is looked at there too, and a held worker waits there.
func (w *worker) runChunk(r *Running, lo, hi int64) (end int64, err error) {
	streams, stop := r.streams, &r.stop
	w.chunk.Reset()
	w.held = 0
	nEnds := len(w.chunk.Ends)
	i := lo
	defer func() {
		if r := recover(); r != nil {
			end, err = i, fmt.Errorf("battle panicked on trial %d: %v", i, r)
		}
		w.counts.fold(w.chunk)
	}()
	for ; i < hi; i++ {
		if uint64(i-lo)%stopPoll == 0 && (stop.Requested() || r.job.Pause.Held() && w.wait(r)) {
			break
		}
		s1, s2 := streams.Trial(i)
		w.rnd.Seed(s1, s2)
		w.out.Reset()
		w.fighter.Fight(i, &w.rnd, &w.out)
		if w.stoppable && stop.Requested() {
			break
		}
		if w.out.End < 0 || w.out.End >= nEnds || w.out.Winner > rules.B || !w.counts.add(w.chunk, &w.out) {
			return i, fmt.Errorf("battle reported an invalid outcome on trial %d: %+v", i, w.out)
		}
		w.chunk.Examples.offer(s1, i, &w.out)
	}
	return i, nil
}

// wait holds w while the job's Pause is held, and reports whether the run
// stopped meanwhile.
func (w *worker) wait(r *Running) (stopped bool) {
	start := time.Now()
	r.job.Pause.wait(r.quit)
	w.held += time.Since(start)
	return r.stop.Requested()
}

// stopPoll is how many trials of a chunk a worker fights between two
// looks at the run's stop (see runChunk).
const stopPoll = 64

// Replay plays trial i of a run with the given seed and key alone, as
// rules.Fighter.Replay does, writing its account to w, and returns its
// outcome. A panic in the battle becomes an error naming the trial.
func Replay(b rules.Battle, seed, key uint64, i int64, w io.Writer) (o *rules.Outcome, err error) {
	return ReplayContext(context.Background(), b, seed, key, i, w)
}

// ReplayContext is Replay that ends when ctx does: a fighter that is
// rules.Stoppable is given a stop, raised when ctx ends, and the trial it
// then abandons is ctx's error. (A fighter that is not Stoppable plays its
// trial to the end, which is short by the contract.)
func ReplayContext(ctx context.Context, b rules.Battle, seed, key uint64, i int64, w io.Writer) (o *rules.Outcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			o, err = nil, fmt.Errorf("battle panicked on trial %d: %v", i, r)
		}
	}()
	f := b.NewFighter()
	if st, ok := f.(rules.Stoppable); ok && ctx.Done() != nil {
		stop := new(rules.Stop)
		st.SetStop(stop)
		ended := make(chan struct{})
		defer close(ended)
		go func() {
			select {
			case <-ctx.Done():
				stop.Raise()
			case <-ended:
			}
		}()
	}
	o = NewOutcome(b.Spec())
	f.Replay(i, Stream(seed, key, i), o, w)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
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
