package emojispace

import (
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Every section, step and row the package's comments, messages, reference,
// README and built-in scenarios cite is in README.md, where a reader of a
// clone can look it up; "contract §N" is one of the contract's sections the
// README names.
func TestCitationsResolve(t *testing.T) {
	rulestest.Citations{Readme: "README.md", Min: 300, Files: []string{"*.go", "exact/*.go", "*.md",
		"../../scenarios/builtin/emojispace/*.yaml", "../../scenarios/testdata/broken/emojispace/*.err"}}.Check(t)
}
