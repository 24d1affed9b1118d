package ladder

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Run plays the ladder of sc as plan says, each step on the streams of
// sc (r.Streams, else its name), on r.Workers: the pairs a step fights
// and its verdict depend on the seed alone, never on the workers, since
// the test looks after fixed numbers of pairs. When ctx is cancelled it
// returns the ladder so far, marked Interrupted, with ctx's error. r.Save,
// if set, is given the checkpoints of the steps begun (checkpoint.go), and
// r.Resume finishes a ladder from them with the same verdicts.
func Run(ctx context.Context, r analysis.Run, sc *scenarios.Scenario, plan Plan) (*Ladder, error) {
	if err := plan.Test.Check(); err != nil {
		return nil, err
	}
	if plan.Look < 1 || plan.Budget < plan.Look || plan.Budget > sim.MaxTrials {
		return nil, fmt.Errorf("a look every %d pairs and a budget of %d pairs: want 1 ≤ look ≤ budget ≤ %d", plan.Look, plan.Budget, int64(sim.MaxTrials))
	}
	fields, err := FieldsOf(sc.Ruleset)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Name, err)
	}
	rungs, err := rungsOf(fields, plan.Rungs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Name, err)
	}
	l := &Ladder{Scenario: sc.Name, Ruleset: sc.Ruleset, Seed: r.Seed, Fields: [2]string{fields[0].Path, fields[1].Path},
		Test: plan.Test, Look: plan.Look, Budget: plan.Budget}
	for _, r := range rungs {
		l.Planned = append(l.Planned, r.Name)
	}
	sv := &saver{r: r, sc: sc}
	for i := 1; i < len(rungs); i++ {
		s, err := step(ctx, r, sc, fields, rungs[i-1], rungs[i], plan, i, len(rungs)-1, sv)
		if s != nil {
			l.Steps = append(l.Steps, *s)
		}
		if err != nil {
			l.Interrupted = errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
			l.rate(rungs)
			return l, err
		}
	}
	l.rate(rungs)
	return l, nil
}

// rate fills the ratings of the rungs the steps reached (all of them but
// on an interrupt).
func (l *Ladder) rate(rungs []rules.PolicyValue) {
	const z = 1.959963984540054
	l.Rungs = []Rating{{Policy: rungs[0].Name}}
	var elo, variance float64
	for i, s := range l.Steps {
		elo += s.Elo
		variance += s.se * s.se
		half := z * math.Sqrt(variance)
		l.Rungs = append(l.Rungs, Rating{Policy: rungs[i+1].Name, Elo: elo, Lo: elo - half, Hi: elo + half})
	}
}

// FieldsOf returns the policy fields of a ruleset whose sides have built-in
// policies.
func FieldsOf(ruleset string) ([2]rules.PolicyField, error) {
	rs, err := rules.Lookup(ruleset)
	if err != nil {
		return [2]rules.PolicyField{}, err
	}
	p, ok := rs.(rules.Policied)
	if !ok {
		return [2]rules.PolicyField{}, fmt.Errorf("ruleset %s has no built-in policies, so it has no ladder of players", ruleset)
	}
	return p.PolicyFields(), nil
}

// rungsOf returns the rungs named (every rung of the ruleset when none
// is), each a value both sides may play and the Monte Carlo plays.
func rungsOf(fields [2]rules.PolicyField, names []string) ([]rules.PolicyValue, error) {
	if names == nil {
		for _, v := range fields[0].Rungs() {
			names = append(names, v.Name)
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("the ruleset's policies are styles, none a rung of a ladder of skill: name the players to rank, weakest first")
		}
	}
	if len(names) < 2 {
		return nil, fmt.Errorf("a ladder of %d rung: name two players or more, weakest first", len(names))
	}
	var out []rules.PolicyValue
	for _, name := range names {
		v, ok := fields[0].Value(name)
		_, ok1 := fields[1].Value(name)
		if !ok || !ok1 {
			var allowed []string
			for _, v := range fields[0].Values {
				allowed = append(allowed, v.Name)
			}
			return nil, fmt.Errorf("player %q: allowed: %s", name, strings.Join(allowed, ", "))
		}
		if v.ExactOnly {
			return nil, fmt.Errorf("player %s: only the exact solver plays it, and a ladder fights games", name)
		}
		out = append(out, v)
	}
	return out, nil
}
