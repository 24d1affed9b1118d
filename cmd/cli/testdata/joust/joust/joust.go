// Package joust is a game's own combat rule, written outside crucible: two
// knights charge until one is unhorsed; each pass, each knight unhorses the
// other with probability skill/10, both at once being a draw.
package joust

import (
	"fmt"
	"io"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

func init() { rules.Register(ruleset{}) }

type ruleset struct{}

func (ruleset) ID() string { return "joust" }

type scenarioDoc struct {
	Options *doc.Node `doc:"options"`
	A       *doc.Node `doc:"a,required"`
	B       *doc.Node `doc:"b,required"`
}

type knightDoc struct {
	Skill *doc.Node `doc:"skill,required"`
}

var options = rules.OptionSet{{Name: "passes", Default: "12", Ints: &doc.Range{Min: 1, Max: 1000},
	Doc: "the most passes before the joust is called off"}}

// Compile reads the two knights' skills and the option passes.
func (ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	var d scenarioDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	settings, err := options.Resolve(d.Options)
	if err != nil {
		return nil, err
	}
	j := &joust{passes: int64(settings.Int("passes"))}
	for s, side := range []*doc.Node{d.A, d.B} {
		var k knightDoc
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
		Options: settings, RoundsUnit: "passes", Labels: [2]string{"challenger", "champion"}}
	return j, nil
}

// Reference documents the ruleset for `joust-sim rules joust`.
func (ruleset) Reference() *rules.Reference {
	ref := &rules.Reference{
		Title: "a joust: two knights charge until one is unhorsed",
		Sides: [2]rules.Term{{Name: "challenger", Meaning: "the first knight"}, {Name: "champion", Meaning: "the second knight"}},
		Fields: []rules.Field{
			{Path: "options", Type: "mapping", Meaning: "rule options"},
			{Path: "a", Type: "mapping", Required: true, Meaning: "the challenger"},
			{Path: "a.skill", Type: "integer", Allowed: "an integer from 0 to 10", Required: true, Meaning: "chance in ten of unhorsing the other knight each pass"},
			{Path: "b", Type: "mapping", Required: true, Meaning: "the champion"},
			{Path: "b.skill", Type: "integer", Allowed: "an integer from 0 to 10", Required: true, Meaning: "chance in ten of unhorsing the other knight each pass"},
		},
		Counters: []rules.Term{{Name: "a.hits", Meaning: "the challenger's lances that struck home"}, {Name: "b.hits", Meaning: "the champion's lances that struck home"}},
		Ends: []rules.Term{{Name: "unhorsed", Meaning: "one knight fell"}, {Name: "both-unhorsed", Meaning: "both fell on one pass: a draw"},
			{Name: "called-off", Meaning: "options.passes passed with both knights mounted"}},
	}
	ref.Fields = append(ref.Fields, options.Fields("options")...)
	return ref
}

type joust struct {
	skill  [2]int64
	passes int64
	hits   [2]int
	spec   rules.Spec
}

func (j *joust) Spec() rules.Spec          { return j.spec }
func (j *joust) NewFighter() rules.Fighter { return &fighter{j} }

type fighter struct{ j *joust }

func (f *fighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) { f.Replay(i, r, o, nil) }

func (f *fighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	j := f.j
	for pass := int64(1); pass <= j.passes; pass++ {
		a, b := r.IntN(10) < int(j.skill[0]), r.IntN(10) < int(j.skill[1])
		if a {
			o.Counters[j.hits[0]]++
		}
		if b {
			o.Counters[j.hits[1]]++
		}
		if w != nil {
			fmt.Fprintf(w, "pass %d: challenger %v, champion %v\n", pass, a, b)
		}
		switch {
		case a && b:
			o.Winner, o.Rounds, o.End = rules.None, pass, 1
			return
		case a:
			o.Winner, o.Rounds, o.End = rules.A, pass, 0
			return
		case b:
			o.Winner, o.Rounds, o.End = rules.B, pass, 0
			return
		}
	}
	o.Winner, o.Rounds, o.End = rules.None, j.passes, 2
}
