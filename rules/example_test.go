package rules_test

import (
	"context"
	"fmt"
	"io"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// jousting is a game's own combat rule, written outside crucible: two
// knights charge until one is unhorsed; each pass, each knight unhorses the
// other with probability skill/10, both at once being a draw.
type jousting struct{}

func (jousting) ID() string { return "jousting" }

// Compile reads the ruleset's part of a scenario: the two knights' skills
// and the option `passes`, the most passes before the joust is called off.
func (jousting) Compile(n *doc.Node) (rules.Battle, error) {
	var d struct {
		Options *doc.Node `doc:"options"`
		A       *doc.Node `doc:"a,required"`
		B       *doc.Node `doc:"b,required"`
	}
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	settings, err := joustOptions.Resolve(d.Options)
	if err != nil {
		return nil, err
	}
	j := &joust{passes: int64(settings.Int("passes"))}
	for s, side := range []*doc.Node{d.A, d.B} {
		var k struct {
			Skill *doc.Node `doc:"skill,required"`
		}
		if err := doc.Decode(side, &k); err != nil {
			return nil, err
		}
		if j.skill[s], err = doc.Int(k.Skill, 0, 10); err != nil {
			return nil, err
		}
	}
	var cs rules.Counters
	j.hits = cs.Sides("hits", "lances that struck home")
	j.spec = rules.Spec{Ends: []string{"unhorsed", "both-unhorsed", "called-off"}, Counters: cs.List(),
		Options: settings, RoundsUnit: "passes"}
	return j, nil
}

var joustOptions = rules.OptionSet{{Name: "passes", Default: "12", Ints: &doc.Range{Min: 1, Max: 1000}}}

// joust is a compiled scenario: immutable, shared by every worker.
type joust struct {
	skill  [2]int64
	passes int64
	hits   [2]int
	spec   rules.Spec
}

func (j *joust) Spec() rules.Spec          { return j.spec }
func (j *joust) NewFighter() rules.Fighter { return joustFighter{j} }

type joustFighter struct{ j *joust }

func (f joustFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) { f.Replay(i, r, o, nil) }

// Replay plays the joust that Fight plays, drawing the same numbers, and
// logs each pass when w is not nil.
func (f joustFighter) Replay(_ int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	for pass := int64(1); pass <= f.j.passes; pass++ {
		a := int64(r.IntN(10)) < f.j.skill[0]
		b := int64(r.IntN(10)) < f.j.skill[1]
		if w != nil {
			fmt.Fprintf(w, "pass %d: a strikes %t, b strikes %t\n", pass, a, b)
		}
		o.Rounds = pass
		if a {
			o.Counters[f.j.hits[0]]++
		}
		if b {
			o.Counters[f.j.hits[1]]++
		}
		switch {
		case a && b:
			o.Winner, o.End = rules.None, 1
			return
		case a:
			o.Winner, o.End = rules.A, 0
			return
		case b:
			o.Winner, o.End = rules.B, 0
			return
		}
	}
	o.Winner, o.End = rules.None, 2
}

// A game plugs its own combat rules into crucible: it registers a Ruleset,
// writes scenarios and claims for it, and checks them through the same
// pipeline as `crucible check`, here in its own `go test` (with
// check.Failed() > 0 failing the test). Each pass ends the joust unless
// both knights miss (0.4 · 0.6), and knight a alone strikes home with
// probability 0.6 · 0.6, so a wins 0.36/0.76 ≈ 47 % of jousts (b 21 %,
// both unhorsed 32 %), and three jousts in four end on the first pass.
func Example() {
	rules.Register(jousting{})
	sc, err := scenarios.Parse("joust.yaml", "joust", []byte(`
ruleset: jousting
options: {passes: 20}
a: {skill: 6}
b: {skill: 4}
claims:
  - id: stronger-knight-favoured
    says: "the better knight wins more often than he loses"
    metric: win.a
    min: 0.4
  - id: quick
    says: "most jousts are over within three passes"
    metric: rounds.p50
    max: 3
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	run := analysis.Run{Seed: 1, Trials: 20000}
	check, err := run.Check(context.Background(), []*scenarios.Scenario{sc}, 0.01)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range check.Verdicts {
		fmt.Printf("%s: %s\n", v.Claim.Label(), v.Verdict)
	}
	fmt.Println("failed:", check.Failed())
	// Output:
	// stronger-knight-favoured: PASS
	// quick: PASS
	// failed: 0
}
