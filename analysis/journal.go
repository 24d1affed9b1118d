package analysis

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/crucible-sim/crucible/sim"
)

// Journal keeps the checkpoint of one command: a sim.Checkpoint for every
// part of its work — a scenario of a run or a check, a point of a sweep, a
// batch of a sequential check, a pass of a comparison. It saves them
// through Run.Save before the first trial, every SaveEvery while the
// command goes on (with a snapshot of the part in progress) and at the end,
// so that a command killed at any moment loses at most SaveEvery of work.
// A command resumed from the checkpoints of an interrupted one runs each
// part from its own checkpoint (a finished part at once), so that its
// output is that of an uninterrupted command. The checkpoint of a part
// that has ended is kept sealed (sim.Checkpoint.Seal) on a shelf's
// temporary file (sim.Shelf), so that a sweep of 10,000 points holds
// 10,000 tallies' JSON, not their histograms, and not in its heap.
type Journal struct {
	run   Run
	prior []*sim.Checkpoint
	// keep says that the parts' tallies are kept: when they are saved
	// (Run.Save) or returned (FightAll, Fight).
	keep bool
	// shelf keeps the sealed parts' tallies, out of memory, and their
	// layout once.
	shelf *sim.Shelf
	// mu guards parts and the part in progress, and serialises saves, so
	// that a save never overwrites a newer one.
	mu    sync.Mutex
	parts []*sim.Checkpoint
	// current is the part in progress: the run, the part, its index in
	// parts, its job and the tally of its earlier legs (nil if none).
	current *sim.Running
	part    Part
	at      int
	job     sim.Job
	base    *sim.Tally
	// changed says that a part has ended since the last save.
	changed    bool
	stopSaving func()
}

// Part names one part of a command's work: its scenario (the name its
// outputs give it), the part of that scenario's work ("" for its one
// run) and the scenario's hash.
type Part struct{ Scenario, Name, Hash string }

func (p Part) is(c *sim.Checkpoint) bool { return c.Scenario == p.Scenario && c.Part == p.Name }

// Journal returns the journal of a command of the run, resuming from
// prior when it is not nil.
func (r Run) Journal(prior []*sim.Checkpoint) *Journal {
	return &Journal{run: r, prior: prior, keep: r.Save != nil, shelf: sim.NewShelf(r.TallyFile), stopSaving: func() {}}
}

// Empty returns the checkpoint of part p not yet begun, to be fought as
// job: without a tally, which a part with no finished trial does not need
// (sim.Checkpoint.Resume) — an empty tally of a battle with many counters
// is kilobytes in memory and in every save, for every point of a sweep
// not yet fought.
func (j *Journal) Empty(p Part, job sim.Job) *sim.Checkpoint {
	c := sim.NewCheckpoint(p.Scenario, p.Hash, j.run.Version, job, nil, "")
	c.Part = p.Name
	return c
}

// Begin records the parts the command knows before its first trial,
// refusing a resumption whose checkpoint holds other work, and saves the
// checkpoint; more says that the command adds parts as it goes (the
// batches of a sequential check), which the checkpoint may hold beyond
// these. Every save after is done by end and by a goroutine that begin
// starts.
func (j *Journal) Begin(parts []*sim.Checkpoint, more bool) error {
	if err := j.checkPrior(parts, more); err != nil {
		return err
	}
	if err := j.shelvePrior(parts); err != nil {
		return err
	}
	j.parts, j.changed = parts, true
	if j.run.Save != nil {
		j.save()
		j.stopSaving = j.run.saveEvery(j.save)
	}
	return nil
}

// checkPrior refuses, before any trial, to resume from the prior
// checkpoint a command that is not the one it holds: other scenarios,
// points or passes, another seed, trial count or crucible version, or a
// scenario changed since. Parts the command adds as it goes are checked
// as they begin (fight).
func (j *Journal) checkPrior(parts []*sim.Checkpoint, more bool) error {
	if j.prior == nil {
		return nil
	}
	same := len(j.prior) == len(parts) || more && len(j.prior) > len(parts)
	for i := 0; same && i < len(parts); i++ {
		same = j.prior[i].Scenario == parts[i].Scenario && j.prior[i].Part == parts[i].Part
	}
	for _, c := range j.prior[min(len(parts), len(j.prior)):] {
		same = same && slices.ContainsFunc(parts, func(p *sim.Checkpoint) bool { return p.Scenario == c.Scenario })
	}
	if !same {
		return fmt.Errorf("cannot resume: the checkpoint holds %s; this command runs %s. Resume with the command that began the run, or run again without --resume to start over",
			describe(j.prior), describe(parts))
	}
	for i, c := range parts {
		if err := j.prior[i].Matches(c.Hash, j.run.Version, sim.Job{Seed: c.Seed, First: c.First, Trials: c.Trials}); err != nil {
			return fmt.Errorf("cannot resume %s: %w", c.Name(), err)
		}
	}
	return nil
}

// describe lists the work of checkpoints, the first few in full.
func describe(cs []*sim.Checkpoint) string {
	const shown = 4
	var parts []string
	for i, c := range cs {
		if i == shown {
			parts = append(parts, fmt.Sprintf("… (%d in all)", len(cs)))
			break
		}
		if strings.Contains(c.Part, "trials ") { // the name says which
			parts = append(parts, fmt.Sprintf("%s (seed %d)", c.Name(), c.Seed))
		} else {
			parts = append(parts, fmt.Sprintf("%s (seed %d, trials %d..%d)", c.Name(), c.Seed, c.First, c.First+c.Trials-1))
		}
	}
	if len(parts) == 0 {
		return "no scenario"
	}
	return strings.Join(parts, ", ")
}

func (j *Journal) priorOf(p Part) *sim.Checkpoint {
	if k := slices.IndexFunc(j.prior, p.is); k >= 0 {
		return j.prior[k]
	}
	return nil
}

// shelvePrior sets each of parts that the prior checkpoint holds to its
// prior checkpoint, whose tally, read from the checkpoint file, it moves
// to the journal's shelf (where the parts ended since will be): a resumed
// sweep of 10,000 points would otherwise keep the tallies of those
// finished before in memory to its end.
func (j *Journal) shelvePrior(parts []*sim.Checkpoint) error {
	for i, c := range parts {
		k := slices.IndexFunc(j.prior, Part{c.Scenario, c.Part, c.Hash}.is)
		if k < 0 {
			continue
		}
		p, err := j.prior[k].Seal(j.shelf)
		if err != nil {
			return err
		}
		j.prior[k], parts[i] = p, p
	}
	return nil
}

// progress is what journal.fight tells of the part it begins: the trials
// of it finished before (by the run a resume finishes) and their wins. It
// returns the count of wins the run adds to, for the estimate so far, the
// job's Done and the function to call when the part ends.
type progress func(done int64, won [3]int64) (wins *sim.Wins, advance func(int64), stop func())

// Fight runs job, the part p of the command, from its prior checkpoint if
// there is one, and returns the tally of all its trials (both legs) with
// the run's error (ctx's after an interrupt). progress, if set, is told
// of the part as it begins (see progress).
func (j *Journal) Fight(ctx context.Context, p Part, job sim.Job, progress progress) (*sim.Tally, error) {
	var base *sim.Tally
	if prior := j.priorOf(p); prior != nil {
		prior, err := prior.Unseal()
		if err != nil {
			return nil, err
		}
		if err := prior.Matches(p.Hash, j.run.Version, job); err != nil {
			return nil, fmt.Errorf("cannot resume %s: %w", prior.Name(), err)
		}
		done, err := prior.Resume(job)
		if err != nil {
			return nil, err
		}
		job.Finished, base = done, prior.Tally
	}
	if job.Finished == nil {
		job.Finished = sim.NewFinished(job.First, job.Trials)
	}
	stop := func() {}
	if progress != nil {
		var done int64
		var won [3]int64
		if base != nil {
			done, won = base.Trials, base.Wins
		}
		job.Wins, job.Done, stop = progress(done, won)
	}
	defer stop()
	running, err := sim.Start(ctx, job)
	if err != nil {
		return nil, err
	}
	j.mu.Lock()
	j.at = slices.IndexFunc(j.parts, p.is)
	if j.at < 0 {
		j.at = len(j.parts)
		j.parts = append(j.parts, nil)
	}
	j.current, j.part, j.job, j.base = running, p, job, base
	j.mu.Unlock()
	tally, err := running.Wait()
	if tally, err = j.end(p, job, base, tally, err); err == nil && j.run.SaveEachPart && j.run.Save != nil {
		j.save()
	}
	return tally, err
}

// end records the checkpoint of part p, fought as job from base, as it
// ends with tally and the run's error err, and returns the tally of all
// its trials.
func (j *Journal) end(p Part, job sim.Job, base, tally *sim.Tally, err error) (*sim.Tally, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.current = nil
	if base != nil {
		if merr := tally.Merge(base); merr != nil {
			return nil, merr
		}
	}
	c := j.checkpoint(p, job, tally, job.Finished.String())
	if j.keep {
		var serr error
		if c, serr = c.Seal(j.shelf); serr != nil {
			return nil, serr
		}
	} else {
		c.Tally = nil // nothing reads it
	}
	j.parts[j.at], j.changed = c, true
	return tally, err
}

func (j *Journal) checkpoint(p Part, job sim.Job, t *sim.Tally, done string) *sim.Checkpoint {
	c := sim.NewCheckpoint(p.Scenario, p.Hash, j.run.Version, job, t, done)
	c.Part = p.Name
	return c
}

// save passes the checkpoints, the part in progress as of a consistent
// snapshot, to Run.Save, unless nothing has changed since the last save.
func (j *Journal) save() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if r := j.current; r != nil {
		t, done := r.Snapshot()
		if j.base == nil || t.Merge(j.base) == nil {
			j.parts[j.at] = j.checkpoint(j.part, j.job, t, done)
		}
	} else if !j.changed {
		return
	}
	j.changed = false
	j.run.Save(slices.Clone(j.parts))
}

// End stops the saving and saves the checkpoints a last time.
func (j *Journal) End() {
	j.stopSaving()
	j.stopSaving = func() {}
	if j.run.Save != nil {
		j.save()
	}
}

// checkpoints returns the checkpoint of every part, unsealed, for a
// command that returns them (FightAll).
func (j *Journal) checkpoints() ([]*sim.Checkpoint, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := make([]*sim.Checkpoint, len(j.parts))
	for i, c := range j.parts {
		var err error
		if out[i], err = c.Unseal(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
