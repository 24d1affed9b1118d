package analysis

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// DefaultTrials is the trial count of a scenario when neither the command
// nor the scenario file gives one.
const DefaultTrials = 10000

// Run is how a command fights its scenarios: the settings every scenario of
// one command shares. It is the one path from a loaded scenario to a
// Result — run, check, merge's inputs and every later command go through
// it — so that trial counts, shards, resumption and seeding mean the same
// everywhere.
type Run struct {
	// Seed is the master seed.
	Seed uint64
	// Trials is the number of trials per scenario; 0 takes each
	// scenario's suggested count (its trials field), else DefaultTrials.
	Trials int64
	// Shard, unless whole, limits each scenario to that part of its trials.
	Shard sim.Shard
	// Workers and Chunk are passed to sim.Job; they never change results.
	Workers, Chunk int
	// Streams, if set, names the random streams every scenario of the run
	// draws from, instead of its own name: scenarios run with one Streams
	// are fought on common random numbers (trial i of each draws the same
	// stream), as the variants of a sweep or a comparison must be.
	Streams string
	// Version is the crucible version written into every result.
	Version string
	// Progress, if set, is told how the run advances.
	Progress Progress
	// Save, if set, is given the checkpoints of a FightAll — one for every
	// scenario finished or begun, the one in progress as of a consistent
	// snapshot, and those of a prior run not yet reached — every SaveEvery
	// (default DefaultSaveEvery) while a scenario runs, and as each ends,
	// so that a run killed at any moment loses at most SaveEvery of work.
	Save      func([]*sim.Checkpoint)
	SaveEvery time.Duration
	// place is where in its command the scenario fought next stands, for
	// Progress (see Stage).
	place place
}

// DefaultSaveEvery is how often a run saves its checkpoint by default.
const DefaultSaveEvery = 5 * time.Second

// TrialsOf returns the number of trials the run gives sc before sharding:
// the command's count, else the scenario file's, else the size of a battle
// that is a fixed population (rules.Population: a generated suite), else
// DefaultTrials.
func (r Run) TrialsOf(sc *scenarios.Scenario) int64 {
	switch {
	case r.Trials > 0:
		return r.Trials
	case sc.Trials > 0:
		return sc.Trials
	}
	if b, err := sc.Compile(); err == nil {
		if p, ok := b.(rules.Population); ok && p.Population() > 0 {
			return min(p.Population(), sim.MaxTrials)
		}
	}
	return DefaultTrials
}

// Fight runs sc and returns its result and a checkpoint of the run's
// state. prior, if not nil, is the checkpoint of an interrupted run of the
// same scenario to finish; the result then covers both legs. When ctx is
// cancelled the result covers the finished chunks, the checkpoint can
// finish the rest, and the error is ctx's.
func (r Run) Fight(ctx context.Context, sc *scenarios.Scenario, prior *sim.Checkpoint) (*Result, *sim.Checkpoint, error) {
	return r.fight(ctx, sc, prior, nil)
}

// fight is Fight that also passes a checkpoint of the run as it goes to
// snap, every SaveEvery, when snap is not nil.
func (r Run) fight(ctx context.Context, sc *scenarios.Scenario, prior *sim.Checkpoint, snap func(*sim.Checkpoint)) (*Result, *sim.Checkpoint, error) {
	battle, err := sc.Compile()
	if err != nil {
		return nil, nil, err
	}
	total := r.TrialsOf(sc)
	first, trials := r.Shard.Range(total)
	job := sim.Job{
		Battle: battle, Key: sim.Key(r.streamsOf(sc)), Seed: r.Seed,
		First: first, Trials: trials, Workers: r.Workers, Chunk: r.Chunk,
	}
	job.Chunks = sim.NewChunks(job.NumChunks())
	var done int64
	if prior != nil {
		if err := prior.Matches(sc.Hash(), job); err != nil {
			return nil, nil, fmt.Errorf("cannot resume %s: %w", sc.Name, err)
		}
		if job.Chunks, err = prior.Resume(job); err != nil {
			return nil, nil, err
		}
		done = prior.Tally.Trials
	}
	stop := func() {}
	if r.Progress != nil {
		var won [3]int64
		if prior != nil {
			won = prior.Tally.Wins
		}
		job.Wins = sim.NewWins(won)
		job.Done, stop = r.Progress(r.stage(sc.Name, job.Trials, done, battle.Spec(), job.Wins))
	}
	running, err := sim.Start(ctx, job)
	if err != nil {
		stop()
		return nil, nil, err
	}
	withPrior := func(t *sim.Tally) (*sim.Tally, error) {
		if prior != nil {
			return t, t.Merge(prior.Tally)
		}
		return t, nil
	}
	if snap != nil {
		stopSaving := r.saveEvery(func() {
			t, chunks := running.Snapshot()
			if t, err := withPrior(t); err == nil {
				snap(sim.NewCheckpoint(sc.Name, sc.Hash(), job, t, chunks))
			}
		})
		defer stopSaving()
	}
	tally, err := running.Wait()
	stop()
	if _, merr := withPrior(tally); merr != nil {
		return nil, nil, merr
	}
	res := &Result{
		Scenario: sc.Name, Ruleset: sc.Ruleset, Description: sc.Description, Hash: sc.Hash(), Version: r.Version,
		Seed: r.Seed, Spec: battle.Spec(), Tally: tally, Planned: job.Trials, First: first,
		Shard: r.Shard.String(), Battle: battle, Key: job.Key,
	}
	if !r.Shard.Whole() {
		res.RunTrials = total
	}
	return res, sim.NewCheckpoint(sc.Name, sc.Hash(), job, tally, job.Chunks.String()), err
}

// saveEvery calls save every SaveEvery until the returned function is
// called.
func (r Run) saveEvery(save func()) (stop func()) {
	every := r.SaveEvery
	if every <= 0 {
		every = DefaultSaveEvery
	}
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				save()
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
	}
}

// streamsOf returns the name of the streams sc draws from in the run.
func (r Run) streamsOf(sc *scenarios.Scenario) string {
	if r.Streams != "" {
		return r.Streams
	}
	return sc.StreamName()
}

// FightAll fights each scenario in turn, finishing any whose checkpoint is
// in prior. It stops at the first error (an interrupt included) and
// returns the results and checkpoints of every scenario fought so far, the
// last one partial after an interrupt, with that error.
func (r Run) FightAll(ctx context.Context, scs []*scenarios.Scenario, prior []*sim.Checkpoint) ([]*Result, []*sim.Checkpoint, error) {
	if err := distinctNames(scs); err != nil {
		return nil, nil, err
	}
	var results []*Result
	var states []*sim.Checkpoint
	// unreached returns the prior checkpoints of scs[from:], which a
	// saved file must keep.
	unreached := func(from int) []*sim.Checkpoint {
		var out []*sim.Checkpoint
		for _, sc := range scs[from:] {
			if p := findCheckpoint(prior, sc.Name); p != nil {
				out = append(out, p)
			}
		}
		return out
	}
	// all lists the checkpoints of the whole command with the scenario in
	// progress at current.
	all := func(current *sim.Checkpoint) []*sim.Checkpoint {
		return append(append(slices.Clip(states), current), unreached(len(states)+1)...)
	}
	var snap func(*sim.Checkpoint)
	if r.Save != nil {
		snap = func(c *sim.Checkpoint) { r.Save(all(c)) }
	}
	places := r.places(scs, "scenario")
	for i, sc := range scs {
		r.place = places[i]
		res, state, err := r.fight(ctx, sc, findCheckpoint(prior, sc.Name), snap)
		if res == nil {
			return results, append(states, unreached(len(states))...), err
		}
		if r.Save != nil {
			r.Save(all(state))
		}
		results = append(results, res)
		states = append(states, state)
		if err != nil {
			return results, append(states, unreached(len(states))...), err
		}
	}
	return results, states, nil
}

// distinctNames refuses two scenarios of one name: a name selects a
// scenario's random streams and its section of every report, so two would
// be told apart by nothing.
func distinctNames(scs []*scenarios.Scenario) error {
	seen := map[string]*scenarios.Scenario{}
	for _, sc := range scs {
		if prev, dup := seen[sc.Name]; dup {
			return fmt.Errorf("two scenarios are named %s (%s and %s): give one a `name:` field, or run them separately", sc.Name, prev.File, sc.File)
		}
		seen[sc.Name] = sc
	}
	return nil
}

func findCheckpoint(cs []*sim.Checkpoint, scenario string) *sim.Checkpoint {
	for _, c := range cs {
		if c.Scenario == scenario {
			return c
		}
	}
	return nil
}

// Interrupted reports whether err is a cancellation (Ctrl-C or SIGTERM),
// after which results cover the trials that finished.
func Interrupted(err error) bool { return errors.Is(err, context.Canceled) }

// Solve returns the exact solution of sc from its ruleset's solver.
//
// A solver's arrays grow to tens of megabytes, all of it live, so with Go's
// default GC percentage a collection runs on every doubling, and on two
// cores those collections cost a third of a cold solve (bench/README.md,
// "exact solver"). Solve raises the percentage to gcDuringSolve while the
// solver runs and restores it after: it changes how often the process
// collects, never how many cores it runs on.
func Solve(ctx context.Context, sc *scenarios.Scenario, rational bool) (*rules.Exact, error) {
	solver, err := rules.LookupSolver(sc.Ruleset)
	if err != nil {
		return nil, err
	}
	defer debug.SetGCPercent(debug.SetGCPercent(gcDuringSolve))
	return solver.Solve(ctx, sc.Document(), rational)
}

// gcDuringSolve is the GC percentage during an exact solve.
const gcDuringSolve = 800
