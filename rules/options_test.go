package rules_test

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

var testOptions = rules.OptionSet{
	{Name: "tie-rule", Default: "flip-off", Words: []string{"flip-off", "underdog"}},
	{Name: "round-cap", Default: "200", Ints: &doc.Range{Min: 1, Max: 100000}},
}

func TestOptionsResolve(t *testing.T) {
	n, _ := scenarios.ParseYAML("s.yaml", []byte("options: {round-cap: 50}\n"))
	got, err := testOptions.Resolve(n.Get("options"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Get("tie-rule") != "flip-off" || got.Int("round-cap") != 50 || len(got) != 2 {
		t.Errorf("resolved %v", got)
	}
	if def, _ := testOptions.Resolve(nil); def.Get("round-cap") != "200" {
		t.Errorf("defaults %v", def)
	}
}

func TestOptionsErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"options: {tie: coin}\n", `s.yaml:1:16: options.tie: unknown option "tie" (options: tie-rule, round-cap)`},
		{"options: {tie-rule: coin}\n", `s.yaml:1:21: options.tie-rule: "coin" is not allowed (allowed: flip-off, underdog)`},
		{"options: {round-cap: 0}\n", `s.yaml:1:22: options.round-cap: 0 is out of range (allowed: an integer from 1 to 100000)`},
		{"options: [1]\n", `s.yaml:1:10: options: expected a mapping of option names to values`},
	} {
		n, err := scenarios.ParseYAML("s.yaml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		_, err = testOptions.Resolve(n.Get("options"))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}
