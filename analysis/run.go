package analysis

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
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
	// Pause, if set, is passed to sim.Job: it holds the run's workers
	// while it is held, which never changes results either.
	Pause *sim.Pause
	// Streams, if set, names the random streams every scenario of the run
	// draws from, instead of its own name: scenarios run with one Streams
	// are fought on common random numbers (trial i of each draws the same
	// stream), as the variants of a sweep or a comparison must be.
	Streams string
	// Version is the crucible version written into every result.
	Version string
	// Progress, if set, is told how the run advances.
	Progress Progress
	// Save, if set, is given the checkpoints of a command — one for every
	// part of its work (a scenario of FightAll or Check, a point of Sweep,
	// a batch of CheckUntilDecided, a pass of Compare), the one in
	// progress as of a consistent snapshot — before its first trial, every
	// SaveEvery (default DefaultSaveEvery) and at its end, so that a
	// command killed at any moment loses at most SaveEvery of work.
	Save      func([]*sim.Checkpoint)
	SaveEvery time.Duration
	// TallyFile, if set, makes the file in which a journal keeps the
	// tallies of the parts that ended (sim.Shelf), out of memory; without
	// it they stay in memory. A command that saves its checkpoints into a
	// report directory makes it there (outdir.Dir.TallyFile).
	TallyFile func() (sim.ShelfFile, error)
	// SaveEachPart, if set, also saves as each part ends, so that when
	// the saves come does not hang on how fast the machine is (a test's
	// cadence).
	SaveEachPart bool
	// Resume, if set, holds the checkpoints of an interrupted Sweep,
	// Check, CheckUntilDecided or Compare to finish (FightAll takes them
	// as an argument): the same command resumed from them gives the
	// output of an uninterrupted one. A checkpoint of other work is
	// refused before the first trial. A journal (Journal.Begin) replaces
	// each checkpoint it resumes with the same one sealed on its shelf,
	// in place, so that what was read from the file is not kept in memory
	// beside it.
	Resume []*sim.Checkpoint
	// place is where in its command the scenario fought next stands, for
	// Progress (see Stage).
	place Place
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
// cancelled the result covers the finished trials, the checkpoint can
// finish the rest, and the error is ctx's.
func (r Run) Fight(ctx context.Context, sc *scenarios.Scenario, prior *sim.Checkpoint) (*Result, *sim.Checkpoint, error) {
	var priors []*sim.Checkpoint
	if prior != nil {
		if prior.Scenario != sc.Name || prior.Part != "" {
			return nil, nil, fmt.Errorf("cannot resume %s from the checkpoint of %s", sc.Name, prior.Name())
		}
		priors = []*sim.Checkpoint{prior}
	}
	j := r.Journal(priors)
	j.keep = true
	res, err := r.FightIn(ctx, j, sc, "")
	if res == nil {
		return nil, nil, err
	}
	cs, cerr := j.checkpoints()
	if cerr != nil {
		return nil, nil, cerr
	}
	return res, cs[0], err
}

// FightIn fights sc as the part named name of the command whose journal
// is j, and returns its result (nil if it could not begin) with the run's
// error.
func (r Run) FightIn(ctx context.Context, j *Journal, sc *scenarios.Scenario, name string) (*Result, error) {
	battle, err := sc.Compile()
	if err != nil {
		return nil, err
	}
	job := r.Job(sc, battle)
	tally, err := j.Fight(ctx, Part{sc.Name, name, sc.Hash()}, job, r.progressOf(sc.Name, job.Trials, battle.Spec()))
	if tally == nil {
		return nil, err
	}
	return r.result(sc, battle, job, tally), err
}

// result returns the Result of sc's job in the run with the given tally.
func (r Run) result(sc *scenarios.Scenario, battle rules.Battle, job sim.Job, tally *sim.Tally) *Result {
	res := &Result{
		Scenario: sc.Name, Ruleset: sc.Ruleset, Description: sc.Description, Hash: sc.Hash(), Version: r.Version,
		Seed: r.Seed, Spec: withMirrorNote(battle.Spec(), battle, tally), Tally: tally, Planned: job.Trials, First: job.First,
		Shard: r.Shard.String(), Battle: battle, Key: job.Key,
	}
	if !r.Shard.Whole() {
		res.RunTrials = r.TrialsOf(sc)
	}
	return res
}

// progressOf returns what journal.fight tells of a part of the given
// trials, the stage named name at r.place: nil without a Progress.
func (r Run) progressOf(name string, trials int64, spec rules.Spec) progress {
	if r.Progress == nil {
		return nil
	}
	return func(done int64, won [3]int64) (*sim.Wins, func(int64), func()) {
		wins := sim.NewWins(won)
		advance, stop := r.Progress(r.Stage(name, trials, done, spec, wins))
		return wins, advance, stop
	}
}

// Job returns the job that fights sc's trials in the run (its shard of
// them).
func (r Run) Job(sc *scenarios.Scenario, battle rules.Battle) sim.Job {
	first, trials := r.Shard.Range(r.TrialsOf(sc))
	return sim.Job{
		Battle: battle, Key: sim.Key(r.StreamsOf(sc)), Seed: r.Seed,
		First: first, Trials: trials, Workers: r.Workers, Chunk: r.Chunk, Pause: r.Pause,
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

// StreamsOf returns the name of the streams sc draws from in the run.
func (r Run) StreamsOf(sc *scenarios.Scenario) string {
	if r.Streams != "" {
		return r.Streams
	}
	return sc.StreamName()
}

// FightAll fights each scenario in turn, finishing any whose checkpoint is
// in prior (the checkpoints of an interrupted FightAll of the same
// scenarios, which must all match: refused otherwise, before any trial).
// It stops at the first error (an interrupt included) and returns the
// results of every scenario fought so far, the last one partial after an
// interrupt, and a checkpoint of every scenario — finished, partial or not
// begun — with that error. Save, if set, is given the checkpoints before
// the first trial, every SaveEvery and at the end, so that a run killed at
// any moment can be resumed.
func (r Run) FightAll(ctx context.Context, scs []*scenarios.Scenario, prior []*sim.Checkpoint) ([]*Result, []*sim.Checkpoint, error) {
	if err := distinctNames(scs); err != nil {
		return nil, nil, err
	}
	j := r.Journal(prior)
	j.keep = true
	var parts []*sim.Checkpoint
	for _, sc := range scs {
		b, err := sc.Compile()
		if err != nil {
			return nil, nil, err
		}
		parts = append(parts, j.Empty(Part{sc.Name, "", sc.Hash()}, r.Job(sc, b)))
	}
	if err := j.Begin(parts, false); err != nil {
		return nil, nil, err
	}
	var results []*Result
	var err error
	places := r.places(scs, "scenario")
	for i, sc := range scs {
		r.place = places[i]
		var res *Result
		if res, err = r.FightIn(ctx, j, sc, ""); res != nil {
			results = append(results, res)
		}
		if err != nil {
			break
		}
	}
	j.End()
	cs, cerr := j.checkpoints()
	if err == nil {
		err = cerr
	}
	return results, cs, err
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
//
// A refusal for the solver's budget is remembered (see refusals): the
// same scenario asked again — every cell of a roster of copies, a tune's
// probe at a value already refused — is refused at once, not after the
// budget's seconds once more.
func Solve(ctx context.Context, sc *scenarios.Scenario, rational bool) (*rules.Exact, error) {
	return solve(sc, rational, func(s rules.Solver) (*rules.Exact, error) {
		return s.Solve(ctx, sc.Document(), rational)
	})
}

// SolveHeadlineFirst is Solve in floating point that hands headline the
// solution without its rounds distribution as soon as the solver has it
// (rules.HeadlineFirst), then returns the whole solution; headline is not
// called when the solver gives everything at once, or fails.
func SolveHeadlineFirst(ctx context.Context, sc *scenarios.Scenario, headline func(*rules.Exact)) (*rules.Exact, error) {
	return solve(sc, false, func(s rules.Solver) (*rules.Exact, error) {
		if hf, ok := s.(rules.HeadlineFirst); ok {
			return hf.SolveHeadlineFirst(ctx, sc.Document(), headline)
		}
		return s.Solve(ctx, sc.Document(), false)
	})
}

// solve runs do with sc's solver, past the refusals remembered and with
// the GC percentage raised.
func solve(sc *scenarios.Scenario, rational bool, do func(rules.Solver) (*rules.Exact, error)) (*rules.Exact, error) {
	solver, err := rules.LookupSolver(sc.Ruleset)
	if err != nil {
		return nil, err
	}
	key := solveKey(sc, rational)
	if err := refusals.get(key); err != nil {
		return nil, err
	}
	defer raiseGC()()
	solverRuns.Add(1)
	sol, err := do(solver)
	if errors.Is(err, rules.ErrBudget) {
		refusals.put(key, err)
	}
	return sol, err
}

// SolveWithin is Solve in floating point, its work held to maxWork units of
// the solver's (rules.WorkBounded); a solver that does not count its work
// solves as Solve does.
func SolveWithin(ctx context.Context, sc *scenarios.Scenario, maxWork int64) (*rules.Exact, error) {
	solver, err := rules.LookupSolver(sc.Ruleset)
	if err != nil {
		return nil, err
	}
	defer raiseGC()()
	if wb, ok := solver.(rules.WorkBounded); ok {
		return wb.SolveWithin(ctx, sc.Document(), false, maxWork)
	}
	return solver.Solve(ctx, sc.Document(), false)
}

// solvesGC counts the solves running at once, which share the GC
// percentage: the first raises it and the last restores it, so that
// overlapping solves (one per tab of the workbench) never leave it raised.
var solvesGC struct {
	sync.Mutex
	running int
	saved   int
}

// raiseGC sets the GC percentage to gcDuringSolve while a solve runs and
// returns the function that ends the solve's claim on it.
func raiseGC() (end func()) {
	solvesGC.Lock()
	if solvesGC.running == 0 {
		solvesGC.saved = debug.SetGCPercent(gcDuringSolve)
	}
	solvesGC.running++
	solvesGC.Unlock()
	return func() {
		solvesGC.Lock()
		defer solvesGC.Unlock()
		if solvesGC.running--; solvesGC.running == 0 {
			debug.SetGCPercent(solvesGC.saved)
		}
	}
}

// gcDuringSolve is the GC percentage during an exact solve.
const gcDuringSolve = 800
