package rulesfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// examples is where the example rules files are.
const examples = "../../scenarios/builtin/rulesfile"

// scenarioOf returns the scenario document src with the rules file
// rulesFile (a path) under `rules`, as the loader builds it.
func scenarioOf(t testing.TB, rulesFile, src string) *doc.Node {
	t.Helper()
	rsrc, err := os.ReadFile(rulesFile)
	if err != nil {
		t.Fatal(err)
	}
	return documentOf(t, filepath.Base(rulesFile), string(rsrc), src)
}

// documentOf is scenarioOf for a rules file given as text.
func documentOf(t testing.TB, name, rulesSrc, src string) *doc.Node {
	t.Helper()
	rn, err := scenarios.ParseYAML(name, []byte(rulesSrc))
	if err != nil {
		t.Fatal(err)
	}
	n, err := scenarios.ParseDocument("scenario.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	n.Put("rules", rn)
	return n
}

// compileOf compiles a rules file given as text with a scenario.
func compileOf(t testing.TB, rulesSrc, src string) *Battle {
	t.Helper()
	b, err := Compile(documentOf(t, "test.rules.yaml", rulesSrc, src))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// run fights trials of b with seed 1 and returns the tally.
func run(t testing.TB, b rules.Battle, trials int64) *sim.Tally {
	t.Helper()
	tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key("test"), Seed: 1, Trials: trials, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return tl
}
