package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A margin reads in points in check as in sweep and tune: the observed
// value, its interval, the claim's bounds and the exact value — the test
// reads the fractions from the JSON verdicts and the exact solution from
// `crucible exact`, and writes the points itself. Before, check printed
// "observed -0.956, interval [-0.972237, -0.934239]; expected margin ≥ -0.9".
func TestCheckMarginInPoints(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "margin.yaml")
	src := "ruleset: eclipse\nattacker:\n  ships: {Dreadnought: 2}\ndefender:\n  kind: npc\n  ships: {GCDS: 1}\nclaims:\n" +
		"  - {id: m1, metric: margin, min: -0.9}\n" +
		"  - {id: m2, metric: margin, exact: true}\n" +
		"  - {id: m3, metric: margin, min: -0.96, max: -0.95, on: exact}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"check", file, "--seed", "1", "--trials", "2000"}
	text, _ := mustFail(t, exitFailed, "1 claim(s) failed", args...)
	js, _ := mustFail(t, exitFailed, "1 claim(s) failed", append(args, "--format", "json")...)
	var v struct {
		Verdicts []struct{ Observed, Lo, Hi float64 }
	}
	if err := json.Unmarshal([]byte(js), &v); err != nil || len(v.Verdicts) != 3 {
		t.Fatalf("%v\n%s", err, js)
	}
	var ex struct{ Exact struct{ A, B float64 } }
	if err := json.Unmarshal([]byte(mustRun(t, "exact", file, "--format", "json")), &ex); err != nil {
		t.Fatal(err)
	}
	pts := func(x float64) string { return strconv.FormatFloat(100*x, 'g', 6, 64) }
	m1, exact := v.Verdicts[0], ex.Exact.A-ex.Exact.B
	for _, want := range []string{
		fmt.Sprintf("observed %s points, interval [%s, %s] points; expected margin ≥ -90 points\n", pts(m1.Observed), pts(m1.Lo), pts(m1.Hi)),
		fmt.Sprintf("expected margin within ±1 points of %s points\n", pts(exact)),
		fmt.Sprintf("within ±1 points of the exact %s points;", pts(exact)),
		fmt.Sprintf("observed %s points; expected -96 ≤ margin ≤ -95 points, on the exact value\n", pts(exact)),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("want %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "-0.9") {
		t.Errorf("a margin reads as a fraction:\n%s", text)
	}
}
