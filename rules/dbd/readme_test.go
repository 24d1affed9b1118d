package dbd

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Every §N, GN and DN the package's code and the built-in scenarios cite
// is a section, decision or document of README.md, so that a citation
// resolves inside the repository.
func TestCitationsResolveInReadme(t *testing.T) {
	rulestest.Citations{Readme: "README.md", Min: 100, Ids: true,
		Files: []string{"*.go", "../../scenarios/builtin/dbd/*.yaml", "testdata/variants/*.yaml"}}.Check(t)
}

// Every option is among the decisions README.md explains.
func TestReadmeNamesEveryOption(t *testing.T) {
	readme := readFile(t, "README.md")
	for _, o := range optionSet {
		if !strings.Contains(readme, "`"+o.Name+"`") {
			t.Errorf("README.md does not name option %s", o.Name)
		}
	}
}

// The worked scenario of README.md compiles as it is printed there.
func TestReadmeScenarioCompiles(t *testing.T) {
	readme := readFile(t, "README.md")
	_, worked, ok := strings.Cut(readme, "## A worked scenario")
	if !ok {
		t.Fatal("README.md has no worked scenario")
	}
	_, block, ok := strings.Cut(worked, "```yaml\n")
	if !ok {
		t.Fatal("the worked scenario has no YAML")
	}
	block, _, _ = strings.Cut(block, "```")
	compileSource(t, block)
}
