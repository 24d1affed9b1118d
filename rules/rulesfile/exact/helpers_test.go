package exact

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/scenarios"
)

// examples is where the example rules files are.
const examples = "../../../scenarios/builtin/rulesfile"

// documentOf returns the scenario document src with the rules file
// rulesSrc under `rules`, as the loader builds it.
func documentOf(t testing.TB, rulesSrc, src string) *doc.Node {
	t.Helper()
	rn, err := scenarios.ParseYAML("test.rules.yaml", []byte(rulesSrc))
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

// example returns the text of an example rules file.
func example(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(examples, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// modelOf compiles a rules file and a scenario into a model.
func modelOf(t testing.TB, rulesSrc, src string) *exactmodel.Model {
	t.Helper()
	b, err := rulesfile.Compile(documentOf(t, rulesSrc, src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := b.Model()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// long is set by the long build tag (make long): the slowest comparisons
// run then.
var long bool
