package analysis

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
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
}

// DefaultSaveEvery is how often a run saves its checkpoint by default.
const DefaultSaveEvery = 5 * time.Second

// Progress is told how a run advances. It is called as each scenario
// starts, with its number of trials and the number a resumed run finished
// before; it returns the function each finished chunk's number of trials is
// passed to (by the worker that ran it, so concurrently) and the function
// called when the scenario ends.
type Progress func(scenario string, trials, done int64) (advance func(n int64), stop func())

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
	job := r.job(sc, battle)
	var done int64
	if prior != nil {
		if err := prior.Matches(sc.Hash(), r.Version, job); err != nil {
			return nil, nil, fmt.Errorf("cannot resume %s: %w", sc.Name, err)
		}
		if job.Finished, err = prior.Resume(job); err != nil {
			return nil, nil, err
		}
		done = prior.Tally.Trials
	}
	stop := func() {}
	if r.Progress != nil {
		job.Done, stop = r.Progress(sc.Name, job.Trials, done)
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
				snap(sim.NewCheckpoint(sc.Name, sc.Hash(), r.Version, job, t, chunks))
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
		Seed: r.Seed, Spec: battle.Spec(), Tally: tally, Planned: job.Trials, First: job.First,
		Shard: r.Shard.String(), Battle: battle, Key: job.Key,
	}
	if !r.Shard.Whole() {
		res.RunTrials = r.TrialsOf(sc)
	}
	return res, sim.NewCheckpoint(sc.Name, sc.Hash(), r.Version, job, tally, job.Finished.String()), err
}

// job returns the job that fights sc's trials in the run (its shard of
// them), with an empty record of finished trials.
func (r Run) job(sc *scenarios.Scenario, battle rules.Battle) sim.Job {
	first, trials := r.Shard.Range(r.TrialsOf(sc))
	return sim.Job{
		Battle: battle, Key: sim.Key(r.streamsOf(sc)), Seed: r.Seed,
		First: first, Trials: trials, Workers: r.Workers, Chunk: r.Chunk,
		Finished: sim.NewFinished(first, trials),
	}
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
	return sc.Name
}

// FightAll fights each scenario in turn, finishing any whose checkpoint is
// in prior (the checkpoints of an interrupted FightAll of the same
// scenarios, which must all match). It stops at the first error (an
// interrupt included) and returns the results of every scenario fought so
// far, the last one partial after an interrupt, and a checkpoint of every
// scenario — finished, partial or not begun — with that error. Save, if
// set, is given the checkpoints before the first trial, so that a run
// killed at any moment can be resumed.
func (r Run) FightAll(ctx context.Context, scs []*scenarios.Scenario, prior []*sim.Checkpoint) ([]*Result, []*sim.Checkpoint, error) {
	if err := distinctNames(scs); err != nil {
		return nil, nil, err
	}
	if err := r.checkResume(scs, prior); err != nil {
		return nil, nil, err
	}
	states := make([]*sim.Checkpoint, len(scs))
	for i, sc := range scs {
		if states[i] = findCheckpoint(prior, sc.Name); states[i] == nil {
			b, err := sc.Compile()
			if err != nil {
				return nil, nil, err
			}
			job := r.job(sc, b)
			states[i] = sim.NewCheckpoint(sc.Name, sc.Hash(), r.Version, job, sim.NewTally(b.Spec()), "")
		}
	}
	save := func() {
		if r.Save != nil {
			r.Save(slices.Clone(states))
		}
	}
	save()
	var results []*Result
	for i, sc := range scs {
		var snap func(*sim.Checkpoint)
		if r.Save != nil {
			snap = func(c *sim.Checkpoint) { states[i] = c; save() }
		}
		res, state, err := r.fight(ctx, sc, findCheckpoint(prior, sc.Name), snap)
		if res == nil {
			return results, states, err
		}
		states[i] = state
		save()
		results = append(results, res)
		if err != nil {
			return results, states, err
		}
	}
	return results, states, nil
}

// checkResume refuses, before any trial, to resume from prior a run that
// is not the one it holds: other scenarios, another seed, trial count or
// crucible version, or a scenario changed since.
func (r Run) checkResume(scs []*scenarios.Scenario, prior []*sim.Checkpoint) error {
	if prior == nil {
		return nil
	}
	var have, want, held []string
	for _, c := range prior {
		have = append(have, c.Scenario)
		held = append(held, fmt.Sprintf("%s (seed %d, trials %d..%d)", c.Scenario, c.Seed, c.First, c.First+c.Trials-1))
	}
	for _, sc := range scs {
		want = append(want, sc.Name)
	}
	if !slices.Equal(have, want) {
		return fmt.Errorf("cannot resume: the checkpoint holds a run of %s; this command runs %s. Resume with the command that began the run, or run again without --resume to start over",
			orNone(held), orNone(want))
	}
	for i, sc := range scs {
		b, err := sc.Compile()
		if err != nil {
			return err
		}
		if err := prior[i].Matches(sc.Hash(), r.Version, r.job(sc, b)); err != nil {
			return fmt.Errorf("cannot resume %s: %w", sc.Name, err)
		}
	}
	return nil
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

// orNone joins names, or says there are none.
func orNone(names []string) string {
	if len(names) == 0 {
		return "no scenario"
	}
	return strings.Join(names, ", ")
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
