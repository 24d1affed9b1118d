// Package ladder ranks a scenario's players rung by rung: each rung of
// the ruleset's ladder of skill (rules.PolicyValue.Rung) plays the rung
// below on side-swapped pairs of games with common random numbers, until
// a sequential probability ratio test decides whether it is the stronger
// (as Fishtest and OpenBench accept a stronger chess engine), or a budget
// of pairs is spent. A verdict that holds only for weak players is a
// verdict about the players; the ladder says which players are proved
// stronger, by how much, and so which rungs a verdict should be read at.
package ladder

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Ladder is a scenario's rungs, each tested against the one below.
type Ladder struct {
	Scenario string `json:"scenario"`
	Ruleset  string `json:"ruleset"`
	Seed     uint64 `json:"seed"`
	// Fields are the fields that choose how side a and side b play.
	Fields [2]string `json:"fields"`
	Test   Test      `json:"test"`
	// Look is the pairs fought between two looks of a step's test;
	// Budget the most pairs a step fights.
	Look   int64 `json:"look"`
	Budget int64 `json:"budget"`
	// Planned are the rungs to rank, weakest first; Rungs those the steps
	// reached (all of them but on an interrupt), each rated against the
	// first.
	Planned []string `json:"planned"`
	Rungs   []Rating `json:"rungs"`
	// Steps are the tests of each rung against the one below: Steps[i]
	// of Rungs[i+1] against Rungs[i].
	Steps []Step `json:"steps"`
	// Interrupted is set when the ladder was stopped before every step
	// was decided or had spent its budget; the steps not begun are left
	// out.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Rating is a rung's Elo over the bottom rung, with its 95 % interval:
// the steps' estimates added up the ladder, their standard errors in
// quadrature (the steps' pairs are independent).
type Rating struct {
	Policy string  `json:"policy"`
	Elo    float64 `json:"elo"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
}

// Step is one rung tested against the rung below.
type Step struct {
	Lower string `json:"lower"`
	Upper string `json:"upper"`
	// Pairs counts the pairs by the upper rung's points.
	Pairs   Penta   `json:"pairs"`
	Verdict Verdict `json:"verdict"`
	LLR     float64 `json:"llr"`
	// Elo is the upper rung's Elo over the lower, [Lo, Hi] its 95 %
	// interval.
	Elo float64 `json:"elo"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
	// Ends counts the step's games by end reason, in the ruleset's order;
	// Rounds is the rounds of all its games together.
	Ends   []EndCount `json:"ends"`
	Rounds int64      `json:"rounds"`
	// se is Elo's standard error, which the ratings add up.
	se float64
}

// EndCount is how many of a step's games ended for one reason.
type EndCount struct {
	End   string `json:"end"`
	Games int64  `json:"games"`
}

// Games returns the number of games the step played, two a pair.
func (s Step) Games() int64 { return 2 * s.Pairs.N() }

// MeanRounds returns the mean rounds of the step's games.
func (s Step) MeanRounds() float64 {
	if s.Games() == 0 {
		return 0
	}
	return float64(s.Rounds) / float64(s.Games())
}

// EndShare returns the share of the step's games that ended for reason
// end; 0 for an end the ruleset does not have.
func (s Step) EndShare(end string) float64 {
	for _, e := range s.Ends {
		if e.End == end && s.Games() > 0 {
			return float64(e.Games) / float64(s.Games())
		}
	}
	return 0
}

// Ordered reports whether every rung was proved to beat the one below.
func (l *Ladder) Ordered() bool {
	for _, s := range l.Steps {
		if s.Verdict != Beats {
			return false
		}
	}
	return len(l.Steps) == len(l.Rungs)-1
}

// Plan says which rungs a ladder plays and how long each step may go on.
type Plan struct {
	// Rungs are the policies to rank, weakest first; nil takes every
	// rung of the ruleset (rules.PolicyField.Rungs).
	Rungs []string
	Test  Test
	// Look is the pairs between two looks of a test; Budget the most
	// pairs a step fights.
	Look, Budget int64
}

// DefaultLook and DefaultBudget are a step's pairs between looks and
// its budget of pairs.
const (
	DefaultLook   = 10
	DefaultBudget = 1000
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

// variant returns sc with side a playing a and side b playing b.
func variant(sc *scenarios.Scenario, fields [2]rules.PolicyField, a, b rules.PolicyValue) (rules.Battle, error) {
	v := sc.Clone()
	err := v.Edit(func(root *doc.Node) error {
		return errors.Join(fields[0].Apply(root, a, "ladder"), fields[1].Apply(root, b, "ladder"))
	})
	if err != nil {
		return nil, err
	}
	return v.Compile()
}
