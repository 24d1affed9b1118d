package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// The regression gate of `make check` (scenarios/gate) passes on this
// engine, and a real 2-point shift in a gated win rate fails it: a round cap
// of 186 instead of 200 lowers the Guard's win share against the Thug from
// 0.867 to 0.847 (measured with 400,000 trials), and the gate says FAIL.
func TestRegressionGate(t *testing.T) {
	t.Parallel()
	gate, err := filepath.Glob("../../scenarios/gate/*.yaml")
	if err != nil || len(gate) < 8 {
		t.Fatalf("gate files: %v %v", gate, err)
	}
	out := mustRun(t, append([]string{"check", "--seed", "20261124", "--strict"}, gate...)...)
	if n := strings.Count(out, "\nPASS "); n != len(gate) {
		t.Errorf("%d of %d gate claims pass:\n%s", n, len(gate), out)
	}
	out, _ = mustFail(t, exitFailed, "1 claim(s) failed", "check", "../../scenarios/gate/thug-vs-guard.yaml",
		"--seed", "20261124", "--set", "options.round-cap=186")
	if !strings.Contains(out, "FAIL         thug-vs-guard  thug-vs-guard-win-b") {
		t.Errorf("the shifted engine is not caught:\n%s", out)
	}
}
