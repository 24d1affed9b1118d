package emojispace

import (
	"os"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// TestReadmeScenarios: every scenario README.md shows compiles, so that
// the examples a designer copies cannot drift from the decoder.
func TestReadmeScenarios(t *testing.T) {
	src, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for _, part := range strings.Split(string(src), "```yaml\n")[1:] {
		yaml, _, ok := strings.Cut(part, "```")
		if !ok {
			t.Fatalf("an unclosed yaml block: %.60s", part)
		}
		blocks++
		if _, err := Compile(rulestest.Document(t, yaml)); err != nil {
			t.Errorf("%v\n%s", err, yaml)
		}
	}
	if blocks < 3 {
		t.Errorf("%d yaml blocks in README.md, want the scenario example, the escape example and the worked scenario", blocks)
	}
}
