package ec4x

import (
	"regexp"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Every §N, step, row and item the package's code, messages, README,
// reference and built-in scenarios cite is in README.md, where a reader of
// a clone can look it up; a citation of the game's own chapters
// ("operations.md §7", "the reference chapter's ship table (§9.1)") is the
// game's, not the README's.
func TestCitationsResolve(t *testing.T) {
	rulestest.Citations{Readme: "README.md", Min: 300,
		Files: []string{"*.go", "*.md", "../../scenarios/builtin/ec4x/*.yaml", "../../scenarios/testdata/broken/ec4x/*.err"},
		Skip:  regexp.MustCompile(`(operations|reference|economy|assets)(\.md| chapter)[\s\S]{0,40}$`)}.Check(t)
}
