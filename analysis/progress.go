package analysis

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Progress is told how a run advances. It is called as each stage of a
// command starts — a scenario, a sweep's grid point, a comparison's
// passes — and returns the function each finished chunk's number of
// trials is passed to (by the worker that ran it, so concurrently; nil
// for none) and the function called when the stage ends.
type Progress func(Stage) (advance func(n int64), stop func())

// Stage is what Progress is told of a stage as it starts: enough for a
// display to show how far the stage and the whole command are, the time
// left, and the estimate so far.
type Stage struct {
	// Name is what the stage fights: a scenario's name, a comparison's
	// variants.
	Name string
	// Trials is the stage's number of trials; Done those of them fought
	// before it started (by the run a resume finishes).
	Trials, Done int64
	// Step and Steps place the stage in its command, Unit naming a step:
	// "scenario 2 of 5", "point 7 of 12". Steps is 0 for a command of one
	// stage.
	Step, Steps int
	Unit        string
	// Before and Total are the trials of the whole command: those of the
	// stages before this one, and those of all of them (0 when unknown,
	// as for a check that fights until its claims are decided).
	Before, Total int64
	// Labels are the sides' names (rules.Spec.Labels); Wins, when not nil,
	// counts the wins of the stage's finished trials (its Done ones
	// included) as the stage goes on, for the estimate so far.
	Labels [2]string
	Wins   *sim.Wins
}

// Place is where the next stage stands in its command (see Stage).
type Place struct {
	Step, Steps   int
	Unit          string
	Before, Total int64
	// name, if set, names the stage instead of its scenario (a sweep's
	// point by its values).
	Name string
}

// At returns the run with the stage it fights next placed at p in its
// command, for the engines over this package that fight in steps (a
// sweep's points).
func (r Run) At(p Place) Run {
	r.place = p
	return r
}

// places returns the place of each scenario of a command that fights
// them in turn, counting each at the trials the run gives it.
func (r Run) places(scs []*scenarios.Scenario, unit string) []Place {
	out := make([]Place, len(scs))
	var total int64
	for i, sc := range scs {
		_, n := r.Shard.Range(r.TrialsOf(sc))
		out[i] = Place{Step: i + 1, Steps: len(scs), Unit: unit, Before: total}
		total += n
	}
	for i := range out {
		out[i].Total = total
	}
	return out
}

// Stage returns the Stage of a scenario fought at r.place.
func (r Run) Stage(name string, trials, done int64, spec rules.Spec, wins *sim.Wins) Stage {
	p := r.place
	if p.Name != "" {
		name = p.Name
	}
	if p.Steps <= 1 {
		p = Place{Total: trials}
	}
	return Stage{Name: name, Trials: trials, Done: done, Step: p.Step, Steps: p.Steps, Unit: p.Unit,
		Before: p.Before, Total: p.Total, Labels: spec.Labels, Wins: wins}
}
