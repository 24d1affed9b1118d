//go:build long

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// The regression gate of `make check` (scenarios/gate) passes on this
// engine: every gate claim, at the gate's seed, under --strict. CI runs
// `make check`, the same command, after `make test`.
func TestRegressionGatePasses(t *testing.T) {
	t.Parallel()
	gate, err := filepath.Glob("../../scenarios/gate/*.yaml")
	if err != nil || len(gate) < 8 {
		t.Fatalf("gate files: %v %v", gate, err)
	}
	out := mustRun(t, append([]string{"check", "--seed", "20261124", "--strict"}, gate...)...)
	if n := strings.Count(out, "\nPASS "); n != len(gate) {
		t.Errorf("%d of %d gate claims pass:\n%s", n, len(gate), out)
	}
}
