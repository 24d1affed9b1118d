package reports

import (
	"testing"

	"github.com/crucible-sim/crucible/reports/verdicts"
)

// A workflow command's message escapes %, CR and LF; a property's value
// also ':' and ',', which would end or split the properties.
func TestGitHubEscaping(t *testing.T) {
	for _, c := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"50% of a", "50%25 of a", "50%25 of a"},
		{"two\nlines\r", "two%0Alines%0D", "two%0Alines%0D"},
		{"C:\\x,y.yaml", "C:\\x,y.yaml", "C%3A\\x%2Cy.yaml"},
		{"%0A", "%250A", "%250A"},
	} {
		if got := verdicts.GithubData(c.in); got != c.data {
			t.Errorf("githubData(%q) = %q, want %q", c.in, got, c.data)
		}
		if got := verdicts.GithubProperty(c.in); got != c.prop {
			t.Errorf("githubProperty(%q) = %q, want %q", c.in, got, c.prop)
		}
	}
}
