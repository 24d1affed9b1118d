package ladder

import (
	"fmt"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// A ladder's checkpoint is one sim.Checkpoint a step begun: the tally of
// the step's pairs up to its last whole look, pairs 0 … n−1. The test
// reads a step only at its looks, so a step resumed from the tally of a
// look goes on exactly as if it had never stopped: the same pairs, the
// same verdict, from any checkpoint.

// part names a step's checkpoint with everything its verdicts hang on
// besides the seed and the scenario: the rungs, the looks and the test.
func part(i int, lower, upper string, plan Plan) string {
	return fmt.Sprintf("ladder step %d: %s against %s, a look every %d pairs, at most %d, %s",
		i, upper, lower, plan.Look, plan.Budget, plan.Test.String())
}

// saver keeps the checkpoints of a ladder's steps and gives them to the
// run's Save: at the end of each step, on an interrupt, and after a look
// when SaveEvery has passed since the last save.
type saver struct {
	r     analysis.Run
	sc    *scenarios.Scenario
	steps []*sim.Checkpoint // of the steps done, and the current one last
	last  time.Time
}

// keep records step i's tally after its first pairs and saves the
// checkpoints when force is set or a save is due.
func (s *saver) keep(i int, name string, t *sim.Tally, pairs int64, force bool) {
	if s.r.Save == nil {
		return
	}
	f := sim.NewFinished(0, pairs)
	f.Add(0, pairs)
	c := sim.NewCheckpoint(s.sc.Name, s.sc.Hash(), s.r.Version, sim.Job{Seed: s.r.Seed, Trials: pairs}, t.Clone(), f.String())
	c.Part = name
	s.steps = append(s.steps[:i-1], c)
	every := s.r.SaveEvery
	if every <= 0 {
		every = analysis.DefaultSaveEvery
	}
	if force || time.Since(s.last) >= every {
		s.r.Save(append([]*sim.Checkpoint(nil), s.steps...))
		s.last = time.Now()
	}
}

// priorStep returns the tally and pairs of step i's checkpoint in the run's
// Resume, none when it has none; an error when a checkpoint of step i is
// of another plan, seed, scenario or version.
func priorStep(r analysis.Run, sc *scenarios.Scenario, i int, name string) (*sim.Tally, int64, error) {
	for _, c := range r.Resume {
		if c.Scenario != sc.Name || !samePrefix(c.Part, i) {
			continue
		}
		if c.Part != name {
			return nil, 0, fmt.Errorf("--resume: the checkpoint is of %q, not %q: resume with the flags that began the ladder", c.Part, name)
		}
		if err := c.Matches(sc.Hash(), r.Version, sim.Job{Seed: r.Seed, Trials: c.Trials}); err != nil {
			return nil, 0, fmt.Errorf("--resume: %s: %w", c.Name(), err)
		}
		u, err := c.Unseal()
		if err != nil {
			return nil, 0, err
		}
		if _, err := u.Resume(sim.Job{Seed: r.Seed, Trials: c.Trials}); err != nil {
			return nil, 0, err
		}
		if u.Tally == nil {
			return nil, 0, nil
		}
		return u.Tally, c.Trials, nil
	}
	return nil, 0, nil
}

// samePrefix reports whether a checkpoint's part is of step i.
func samePrefix(p string, i int) bool {
	want := fmt.Sprintf("ladder step %d:", i)
	return len(p) >= len(want) && p[:len(want)] == want
}
