package rulestest_test

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// playToy is the toy battle whose sides choose how they play: `a-play` and
// `b-play` take bold or timid, and oracle, which only an exact solver would
// play. Like toy, it has one flaw switched on by its name.
type playToy struct{ flaw string }

func (playToy) ID() string { return "play-toy" }

func (t playToy) PolicyFields() [2]rules.PolicyField {
	values := []rules.PolicyValue{{Name: "bold"}, {Name: "timid"}, {Name: "oracle", ExactOnly: true}}
	if t.flaw == "no-values" {
		values = nil
	}
	return [2]rules.PolicyField{{Path: "a-play", Values: values}, {Path: "b-play", Values: values}}
}

// Reference documents the toy; flaw "unlisted" leaves timid out.
func (t playToy) Reference() *rules.Reference {
	ref := toy{}.Reference()
	for _, side := range []string{"a", "b"} {
		ref.Fields = append(ref.Fields, rules.Field{Path: side + "-play", Type: "word", Allowed: "bold, timid", Meaning: "how side " + side + " plays"})
	}
	ref.Policies = []rules.Term{{Name: "bold", Meaning: "attacks"}, {Name: "timid", Meaning: "waits"}, {Name: "oracle", Meaning: "exact only"}}
	if t.flaw == "unlisted" {
		ref.Policies = ref.Policies[:1]
	}
	return ref
}

type playToyDoc struct {
	Cap   *doc.Node `doc:"cap,required"`
	APlay *doc.Node `doc:"a-play"`
	BPlay *doc.Node `doc:"b-play"`
}

// Compile reads the toy. Flaw "unechoed" echoes no policy, "mis-echoed"
// the wrong one, "refused-elsewhere" refuses timid at cap, and
// "oracle-plays" accepts oracle.
func (t playToy) Compile(n *doc.Node) (rules.Battle, error) {
	var d playToyDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	limit, err := doc.Int(d.Cap, 1, 100)
	if err != nil {
		return nil, err
	}
	var cs rules.Counters
	b := &toyBattle{limit: limit, flips: cs.Add("flips", "draws made")}
	b.spec = rules.Spec{Ends: []string{"decided", "round-cap"}, Counters: cs.List()}
	allowed := []string{"bold", "timid"}
	if t.flaw == "oracle-plays" {
		allowed = append(allowed, "oracle")
	}
	for i, node := range []*doc.Node{d.APlay, d.BPlay} {
		path, v := []string{"a-play", "b-play"}[i], "bold"
		if doc.Present(node) {
			if v, err = doc.OneOf(node, allowed...); err != nil {
				return nil, err
			}
		}
		switch {
		case t.flaw == "refused-elsewhere" && v == "timid":
			return nil, d.Cap.Errorf("timid needs a longer battle")
		case t.flaw == "mis-echoed":
			v = "bold"
		}
		if t.flaw != "unechoed" {
			b.spec.Options = append(b.spec.Options, rules.Setting{Name: path, Value: v})
		}
	}
	return b, nil
}

// A conforming ruleset passes the policy check; each flaw is caught.
func TestPoliciesCheck(t *testing.T) {
	for flaw, want := range map[string]string{
		"":                  "",
		"no-values":         "has no built-in values",
		"unlisted":          "timid of a-play is not among the reference's policies",
		"unechoed":          "does not echo the field",
		"mis-echoed":        "the battle echoes b-play=bold",
		"refused-elsewhere": "refused elsewhere than at the field",
		"oracle-plays":      "is exact-only, yet Compile accepted it",
	} {
		k := rulestest.Kit{
			Ruleset:   playToy{flaw},
			Scenarios: []rulestest.Scenario{{Name: "short", Src: "cap: 3\n"}, {Name: "timid", Src: "cap: 4\nb-play: timid\n"}},
		}
		var check func(rulestest.Kit, []rules.Battle) []string
		for _, c := range rulestest.Checks {
			if c.Name == "PoliciesPlayOnEveryScenario" {
				check = c.Run
			}
		}
		problems := strings.Join(check(k, nil), "\n")
		if want == "" && problems != "" || !strings.Contains(problems, want) {
			t.Errorf("flaw %q: problems %q, want one saying %q", flaw, problems, want)
		}
	}
}
