package stratfight

import (
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Every section and step the package's comments, messages and built-in
// scenarios cite (§N, §N.K for item K of section N, §5 SN) is in
// README.md, where a reader of a clone can look it up.
func TestCitationsResolve(t *testing.T) {
	rulestest.Citations{Readme: "README.md", Min: 100, Files: []string{"*.go", "exact/*.go",
		"../../scenarios/builtin/stratfight/*.yaml", "../../scenarios/testdata/broken/stratfight/*.err"}}.Check(t)
}
