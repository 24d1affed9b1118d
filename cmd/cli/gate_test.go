package cli

import (
	"strings"
	"testing"
)

// The regression gate of `make check` (scenarios/gate) catches a real
// 2-point shift in a gated win rate: a round cap of 186 instead of 200
// lowers the Guard's win share against the Thug from 0.867 to 0.847
// (measured with 400,000 trials), and the gate says FAIL. That the gate
// passes on this engine is `make check` itself, which CI runs after `make
// test`; TestRegressionGatePasses (gate_long_test.go, `make long`) checks
// it too.
func TestRegressionGateCatchesAShift(t *testing.T) {
	t.Parallel()
	out, _ := mustFail(t, exitFailed, "1 claim(s) failed", "check", "../../scenarios/gate/thug-vs-guard.yaml",
		"--seed", "20261124", "--set", "options.round-cap=186")
	if !strings.Contains(out, "FAIL         thug-vs-guard  thug-vs-guard-win-b") {
		t.Errorf("the shifted engine is not caught:\n%s", out)
	}
}
