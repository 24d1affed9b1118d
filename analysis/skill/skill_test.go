package skill_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// opening is a game whose first mover's edge depends on the players:
// side a wins with probability edge[a's player] − defence[b's player]
// percent, side b otherwise. Two novices give side a 70 %, two experts
// 50 %, a novice side a against an expert 60 %; twin plays as expert.
type opening struct{}

var (
	edge    = map[string]int{"novice": 70, "expert": 60, "twin": 60}
	defence = map[string]int{"novice": 0, "expert": 10, "twin": 10}
)

func (opening) ID() string { return "opening" }

func (opening) PolicyFields() [2]rules.PolicyField {
	values := []rules.PolicyValue{{Name: "novice", Rung: 1}, {Name: "expert", Rung: 2}, {Name: "twin", Rung: 3}}
	return [2]rules.PolicyField{{Path: "a.play", Values: values}, {Path: "b.play", Values: values}}
}

type openingDoc struct {
	A *doc.Node `doc:"a"`
	B *doc.Node `doc:"b"`
}

func (opening) Compile(n *doc.Node) (rules.Battle, error) {
	var d openingDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	var b openingBattle
	for i, side := range []*doc.Node{d.A, d.B} {
		v, err := doc.OneOf(side.Get("play"), "novice", "expert", "twin")
		if err != nil {
			return nil, err
		}
		b[i] = v
	}
	return b, nil
}

type openingBattle [2]string

func (b openingBattle) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"decided"}, Labels: [2]string{"RED", "BLUE"}, Options: []rules.Setting{{Name: "a.play", Value: b[0]}, {Name: "b.play", Value: b[1]}}}
}
func (b openingBattle) NewFighter() rules.Fighter { return b }
func (b openingBattle) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	b.Replay(i, r, o, nil)
}
func (b openingBattle) Replay(_ int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	o.Rounds, o.Winner = 1, rules.B
	if r.IntN(100) < edge[b[0]]-defence[b[1]] {
		o.Winner = rules.A
	}
}

func init() { rules.Register(opening{}) }

func openingScenario(t *testing.T) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Parse("opening.yaml", "opening", []byte("ruleset: opening\na: {play: novice}\nb: {play: novice}\n"))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// The answer that moves with skill is flagged, in words, with the side
// each level favours; one that holds is not; a level of one side plays
// that side alone.
func TestSkillFlag(t *testing.T) {
	r := analysis.Run{Seed: 2, Trials: 20000}
	for _, c := range []struct {
		levels    []string
		sensitive bool
		flag      string
		shares    []float64
	}{
		{[]string{"novice", "expert"}, true, "this verdict changes with skill: RED favoured (70.", []float64{0.70, 0.50}},
		{[]string{"novice", "expert", "twin"}, false, "", []float64{0.70, 0.50, 0.50}},
		{[]string{"novice", "b=expert"}, true, "RED favoured (70.05 % to 29.95 %) under novice, RED favoured (60.10 % to 39.90 %) under b=expert", []float64{0.70, 0.60}},
	} {
		a, err := skill.Run(context.Background(), r, openingScenario(t), c.levels, skill.DefaultThreshold)
		if err != nil {
			t.Fatal(err)
		}
		if a.Sensitive() != c.sensitive || !strings.Contains(a.Flag(), c.flag) {
			t.Errorf("%v: sensitive %v, flag %q; want %v, %q", c.levels, a.Sensitive(), a.Flag(), c.sensitive, c.flag)
		}
		for i, want := range c.shares {
			if w := a.Levels[i].Win[0]; !(w.Lo <= want && want <= w.Hi) || a.Levels[i].Policy != c.levels[i] {
				t.Errorf("%v: %s: RED wins %.4f [%.4f, %.4f], want %.2f inside", c.levels, a.Levels[i].Policy, w.Value, w.Lo, w.Hi, want)
			}
		}
	}
	if a, _ := skill.Run(context.Background(), r, openingScenario(t), []string{"novice", "expert"}, skill.DefaultThreshold); !strings.Contains(a.Flag(), "RED favoured (70.05 % to 29.95 %) under novice, even (RED 49.94 %, BLUE 50.06 %) under expert") {
		t.Errorf("two experts are even, the flag says %q", a.Flag())
	}
}

// A player the ruleset lacks is named with the allowed ones.
func TestSkillRefusals(t *testing.T) {
	_, err := skill.Run(context.Background(), analysis.Run{Seed: 1, Trials: 10}, openingScenario(t), []string{"novice", "expret"}, 0.05)
	if err == nil || !strings.Contains(err.Error(), `"expret" is not a player both sides may be: allowed: novice, expert, twin`) {
		t.Errorf("error %v", err)
	}
}
