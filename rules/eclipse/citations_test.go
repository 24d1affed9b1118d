package eclipse

import (
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Every section the package's comments, messages and built-in scenarios
// cite (§N, §N.M; §13.K is item K of the decisions of §13) is in
// README.md, where a reader of a clone can look it up.
func TestCitationsResolve(t *testing.T) {
	rulestest.Citations{Readme: "README.md", Min: 100, Files: []string{"*.go", "assign/*.go", "exact/*.go",
		"../../scenarios/builtin/eclipse/*.yaml", "../../scenarios/testdata/broken/eclipse/*.err"}}.Check(t)
}
